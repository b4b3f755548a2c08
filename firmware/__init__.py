"""Netclick firmware: what runs on the Pico. Imports engine_lite; never the other way round."""
