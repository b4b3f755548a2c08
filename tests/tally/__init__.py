"""Tally: a third game, as small as a game can be, made only to show that a game is one package
(tests/test_third_game.py): its rules and words (rules.py) and its screen and entry (screen.py),
registered with engine_lite.game and firmware.games by `register()`, and nothing else changed."""
