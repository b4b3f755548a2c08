"""Netclick's rules engine: Android: Netrunner and Infiltration.

Pure Python that runs unchanged on MicroPython and CPython: no I/O, no clock, deterministic.
Start with `Game` (engine_lite.game): `Game().do(action)` applies an action or raises `Refused`.

A folder per game, each with the same interface (listed at the top of
engine_lite/netrunner/rules.py): `netrunner/` (its state, verbs and rules, the golden rule's
counters, tournament play, its words and its game-log lines) and `infiltration/` (its rules and
its log lines). Beside them what every game shares: `base` (const, Refused), `game` (a game in
progress with undo and redo, and the registry of games), `snapshot` (a game as saved) and the
game log's reader (`logtext`, `logwords`).

Modules import what they use at the top of the file: on the device the firmware image holds
them all in flash from power-up (README, "Memory").
"""
