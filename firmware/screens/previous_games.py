"""More > Previous games: the games the archive keeps (firmware.saving.archive), to play again.

Opened by class from firmware.games.previous_games.
"""

from firmware.screens.widgets import Menu, Item, Confirm
from firmware.saving.archive import labels, label, listing, read, restore, checksum_of
from firmware.saving.resume import resumed


class PreviousGames(Menu):
    """More > Previous games: the games kept on the flash, newest first (and any replaced a
    moment ago, not yet written). Choosing one asks, then plays it; the game in play is kept
    in its place, so choosing is undone the same way.

    The menu reads each kept file only as far as its line (archive.labels): the game chosen is
    rebuilt when the held OK plays it."""

    name = "previous"

    def __init__(self):
        Menu.__init__(self, "PREVIOUS GAMES")
        self.found = []          # (a game in memory, or its file's name; its line; checksum)
        # True until the kept files are read. The menu's first picture (its title, "Reading")
        # answers the tap at once; the App then brings it up to date at once (update), the
        # files read (two kept games take a Pico some 50 ms; the tap took 127 ms: README,
        # "Writing and reading a whole game").
        self.reading = True

    def update(self, app, fb):
        # (here, not in draw: a picture drawn whole is always the one drawn in parts, and
        # only the update after the first picture reads the files)
        if self.reading:
            self.found = [(game, label(game), None) for game in reversed(app.endings)]
            self.found += labels(app.flash, app.restored)
            self.reading = False
        Menu.update(self, app, fb)

    def items(self, app):
        if self.reading:
            return [Item("Reading...", "", True, None)]
        if not self.found:
            return [Item("None kept yet", "", False, lambda app: app.say(
                "A game is kept here when another replaces it"))]
        return [Item(line[0], line[1], True, _ask(kept, line, sum))
                for kept, line, sum in self.found]


def _ask(kept, line, sum):
    return lambda app: app.push(Confirm(
        "PREVIOUS GAME", "Play %s again? The game now is kept here." % line[0].lower(),
        lambda app: _play(app, kept, sum), hold=True))


def _play(app, kept, sum):
    if sum is None and app.settle():
        # Replaced a moment ago, its swap now written (a new game saved in the journal gets its
        # whole files here): it comes back from the archive as any kept game, so that what the
        # files say after a power cut is what the glass said (a game brought back from memory
        # while the flash still held it as replaced was kept again at the next power-up).
        sum = checksum_of(kept)
        kept = None
        for _order, _slot, name, kept_sum in listing(app.flash):
            if kept_sum == sum:
                kept = name
        if kept is None:              # (not found after all: nothing changes)
            app.home()
            app.say("That game could not be read back: it stays kept", error=True)
            return
    if sum is None:                   # replaced a moment ago: still in memory
        game = kept
        app.play(game, carry_match=False, settle=False)
    else:
        got = read(app.flash, kept)
        if got is None or got[1] != sum:
            # (its file could not be rebuilt, or another game took its place since the menu
            # read it: nothing is changed, and the file stays as it is)
            app.home()
            app.say("That game could not be read back: it stays kept", error=True)
            return
        game = got[0]
        restore(app, game, sum)
    app.say("Back to a previous game. " + resumed(game))
