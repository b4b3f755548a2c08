"""Netclick firmware: what runs on the Pico. Imports engine_lite; never the other way round.

Modules import what they use at the top of the file: the firmware image holds the whole tracker
in flash from power-up (README, "Memory")."""
