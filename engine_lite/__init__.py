"""Netclick's rules engine for Android: Netrunner.

Pure Python that runs unchanged on MicroPython and CPython: no I/O, no clock, deterministic.
Start with `Game` (engine_lite.game): `Game().do(action)` applies an action or raises `Refused`.

Code needed only now and then is loaded when it is needed, so that the device's heap holds what
the table is using: a function imports what it calls (`from engine_lite.golden import rows`), and
a module named in a table (a verb's handler in engine_lite.rules.VERBS, a game's modules in
engine_lite.game.GAMES, the screen a key is about to open: firmware's Screen.prepare) is loaded
by `load`. The firmware lets such modules go again with `firmware.forget` (firmware.app.OVERLAYS).
"""

import sys


def load(name):
    """The module named `name` (dotted), imported now if it is not yet: the one way code loads
    a module a table names."""
    __import__(name)
    return sys.modules[name]
