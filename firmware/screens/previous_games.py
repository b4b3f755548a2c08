"""More > Previous games: the games the archive keeps (firmware.saving.archive), to play again.

An overlay (firmware.app.OVERLAYS), opened by class from firmware.games.previous_games.
"""

from firmware.screens.widgets import Menu, Item, Confirm
from firmware.saving.archive import entries, label, restore


class PreviousGames(Menu):
    """More > Previous games: the games kept on the flash, newest first (and any replaced a
    moment ago, not yet written). Choosing one asks, then plays it; the game in play is kept
    in its place, so choosing is undone the same way."""

    name = "previous"

    def __init__(self):
        Menu.__init__(self, "PREVIOUS GAMES")
        self.found = None        # read once when the menu opens, not at every redraw

    def items(self, app):
        if self.found is None:
            self.found = [(game, None) for game in reversed(app.endings)]
            self.found += [(game, sum) for _name, game, sum in entries(app.flash, app.restored)]
        if not self.found:
            return [Item("None kept yet", "", False, lambda app: app.say(
                "A game is kept here when another replaces it"))]
        return [Item(text, note, True, _ask(game, sum))
                for game, sum in self.found for text, note in (label(game),)]


def _ask(game, sum):
    return lambda app: app.push(Confirm(
        "PREVIOUS GAME", "Play %s again? The game now is kept here." % label(game)[0].lower(),
        lambda app: _play(app, game, sum), hold=True))


def _play(app, game, sum):
    from firmware.saving.resume import resumed
    if sum is None:                   # replaced a moment ago: still in memory
        if game in app.endings:
            app.endings.remove(game)
        app.play(game, carry_match=False)
    else:
        restore(app, game, sum)
    app.say("Back to a previous game. " + resumed(game))
