"""Netclick's rules engine for Android: Netrunner.

Pure Python that runs unchanged on MicroPython and CPython: no I/O, no clock, deterministic.
Start with `Game` (engine_lite.game): `Game().do(action)` applies an action or raises `Refused`.

Modules import what they use at the top of the file: on the device the firmware image holds
them all in flash from power-up (README, "Memory").
"""
