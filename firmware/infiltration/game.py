"""Infiltration as one of the tracker's games: its entry in firmware.games. Its rules and words
are engine_lite.infiltration.rules; its screens are this folder's, the security monitor at the
bottom."""

from firmware.games import Kind, register
from firmware.infiltration.monitor import Monitor
from firmware.infiltration.start import new_infiltration

INFILTRATION = Kind("infiltration", "Infiltration", "New Infiltration", Monitor, new_infiltration)
register(INFILTRATION)
