"""Infiltration, the sister game, with Netclick as its electronic security monitor: its rules,
state and words (`rules`, the same interface as engine_lite.netrunner.rules) and its game-log
lines (`text`). Registered in engine_lite.game's GAMES as "infiltration"."""
