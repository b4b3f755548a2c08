"""Starting another game, of either kind, from a menu: the old one ends (the caller asked).

An overlay (firmware.app.OVERLAYS), above the screens: it builds the new game's home screen
(firmware.app.home_screen), so the widgets and the dashboard never import the App.
"""

from firmware import forget
from firmware.app import home_screen

def start_game(app, game):
    """Play another game from now on (a new one, of either kind), with its home screen. A
    match in play goes on with it (firmware.match), unless the new game says otherwise."""
    old = app.game.rules
    if "match" not in game.extras and app.game.extras.get("match") is not None:
        game.extras["match"] = app.game.extras["match"]
    app.game = game
    if game.rules is not old:      # the other home screen's code goes
        forget("firmware.dashboard" if old.NAME == "netrunner" else "firmware.monitor")
    app.screens[:] = [home_screen(game)]
    app.home()
    app.changed()


def new_start(app):
    """A new game of Netrunner as the settings say, not yet in play."""
    from engine_lite.game import Game
    return Game(app.settings.new_start())


def new_game(app):
    """Start a new game of Netrunner (the old one is gone: the caller asked for confirmation)."""
    start_game(app, new_start(app))
    app.say("New game: Corp's turn")
