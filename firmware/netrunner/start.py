"""Starting a game of Netrunner: as the settings say (firmware.netrunner.settings), after a held OK when a
game in play is replaced (its New row: firmware.netrunner.game)."""

from engine_lite.game import Game
from firmware.games import start_game, kept_words
from firmware.screens.widgets import Confirm
from firmware.netrunner import settings


def new_start(app):
    """A new game of Netrunner as the settings say, not yet in play."""
    return Game(settings.new_start(app.settings))


def new_game(app):
    """Start a new game of Netrunner (the old one is kept: undo brings it back)."""
    if start_game(app, new_start(app)):
        app.say("New game. Hold < to get the last one back")      # (2 lines)
    else:
        app.say("New game: Corp's turn")


def new_game_question(app, own=True):
    """New game's question, with what it costs the archive said before it starts."""
    return (("Start a new game? " if own else "Start a Netrunner game? ") + kept_words(app)).strip()


def ask_new_game(app, own):
    """Netrunner's New row: a held OK on the question, then a new game."""
    app.push(Confirm("NEW GAME", new_game_question(app, own), new_game, hold=True))
