"""Starting another game, of either kind, from a menu: the old one ends (the caller asked).

An overlay (firmware.app.OVERLAYS), above the screens: the widgets and the dashboard start games
through it and never import the App.
"""


def start_game(app, game):
    """Play another game from now on (a new one, of either kind), with its home screen; the
    one ending is kept (App.play). Returns True if it was kept."""
    return app.play(game)


def new_start(app):
    """A new game of Netrunner as the settings say, not yet in play."""
    from engine_lite.game import Game
    return Game(app.settings.new_start())


def new_game(app):
    """Start a new game of Netrunner (the old one is kept: undo brings it back)."""
    if start_game(app, new_start(app)):
        app.say("New game: Corp's turn. Hold < to get the last one back")
    else:
        app.say("New game: Corp's turn")


def previous_games(app):
    """More > Previous games: the games kept when others replaced them (firmware.saving.archive)."""
    from firmware.saving.archive import PreviousGames
    app.push(PreviousGames())
