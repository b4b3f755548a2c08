"""The games the tracker plays, one entry each (KINDS), and starting another from a menu: the old
one ends (the caller asked) and is kept (firmware.saving.archive).

Each game is a package of its own: its rules and words in engine_lite (engine_lite.game.GAMES),
its screens in a folder of firmware, and a module there that registers its `Kind` here
(firmware/netrunner/game.py, firmware/infiltration/game.py). The App reads a game's home screen
here, and every More menu's New rows come from here: a game added is in all of them.

Above the screens: the widgets and the dashboard start games through it and never import the
App; it imports no game's screens (they register themselves).
"""

from engine_lite.game import Game
from firmware.saving import archive
from firmware.screens.previous_games import PreviousGames
from firmware.screens.widgets import Item


class Kind:
    """One game the tracker plays: `name` is its rules' NAME, `title` what a menu calls it
    ("New Infiltration"), `own_row` the New row of its own More menu ("New game"), `home` its
    home screen's class (the bottom of the screen stack), and `ask(app, own)` what choosing
    its New row does: asks what it must (a held OK first when a game in play is replaced),
    then starts one (start_game). `own` is True from the game's own More menu.
    `setting_changed(app, name)`, if given, makes a changed default of its own (its package's
    rows of firmware.settings) take effect in a game of it in play; `new_start(settings)` its
    starting state with those settings (for the first game: the game at power-up with none)."""

    def __init__(self, name, title, own_row, home, ask, setting_changed=None, new_start=None):
        self.name = name
        self.title = title
        self.own_row = own_row
        self.home = home
        self.ask = ask
        self.setting_changed = setting_changed
        self.new_start = new_start


KINDS = []


def register(kind):
    """Add a game (its package's module calls this when it is imported: firmware.app imports
    them). The first registered is the game when nothing says which."""
    for i in range(len(KINDS)):
        if KINDS[i].name == kind.name:
            KINDS[i] = kind
            return
    KINDS.append(kind)


def first_game(settings, link=None):
    """A new game of the first game registered (Netrunner), as the settings say: the game at
    power-up with none saved, and a tournament match's games (`link`: the Runner's, when the
    match screen set it for game 2)."""
    return Game(KINDS[0].new_start(settings, link))


def kind_of(game):
    """The entry of the game's kind (by its rules' NAME)."""
    for kind in KINDS:
        if kind.name == game.rules.NAME:
            return kind
    raise KeyError(game.rules.NAME)


def new_game_items(app):
    """The New rows of a More menu: the game's own first, then each other game's."""
    own = kind_of(app.game)
    items = [Item(own.own_row, "", True, lambda app: own.ask(app, True))]
    for kind in KINDS:
        if kind is not own:
            items.append(Item("New " + kind.title, "", True,
                              (lambda kind: lambda app: kind.ask(app, False))(kind)))
    return items


def start_game(app, game):
    """Play another game from now on (a new one, of any kind), with its home screen; the
    one ending is kept (App.play). Returns True if it was kept."""
    return app.play(game)


def kept_words(app):
    """What starting another game does to the one in play and to the kept games, for every
    question that starts one (New game, New Infiltration, a new match, a win screen's OK):
    "This one is kept, the oldest kept one goes." when KEEP are kept already (the one way a kept game leaves:
    firmware.saving.archive), "" when there is nothing in it to keep (no action, none undone)."""
    game = app.game
    if not game.count and not game.redo_stack:
        return ""
    full = False
    if app.flash is not None:
        # The kept games once the swaps not yet written are (App.endings: each kept in its
        # turn; a game brought back leaves the archive as its swap is written): nothing is
        # written to count them, so a question opens without waiting for the flash.
        kept = len(archive.listing(app.flash)) + len(app.endings)
        full = kept - (app.restored is not None) >= archive.KEEP
    if full:
        return "This one is kept, the oldest kept one goes."
    return "This one is kept: hold < gets it back."


def previous_games(app):
    """More > Previous games: the games kept when others replaced them (firmware.saving.archive)."""
    app.push(PreviousGames())
