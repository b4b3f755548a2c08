"""Starting another game, of either kind, from a menu: the old one ends (the caller asked). Each
game's new-game entry is here (Netrunner's `new_game`, Infiltration's `new_infiltration`), so a
game's screens start the other game without importing its screens.

Above the screens: the widgets and the dashboard start games through it and never import
the App.
"""

from firmware.saving import archive
from engine_lite.game import Game
from firmware.screens.previous_games import PreviousGames
from firmware.screens.widgets import Confirm
from engine_lite import infiltration as I
from firmware.screens.widgets import Menu, Item, NumberPrompt


def start_game(app, game):
    """Play another game from now on (a new one, of either kind), with its home screen; the
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
    app.settle()          # (a swap not yet written: the count below is the flash's)
    full = False
    if app.flash is not None:
        full = len(archive.listing(app.flash)) + len(app.endings) >= archive.KEEP
    if full:
        return "This one is kept, the oldest kept one goes."
    return "This one is kept: hold < gets it back."


def new_game_question(app):
    """New game's question, with what it costs the archive said before it starts."""
    return ("Start a new game? " + kept_words(app)).strip()


def new_start(app):
    """A new game of Netrunner as the settings say, not yet in play."""
    return Game(app.settings.new_start())


def new_game(app):
    """Start a new game of Netrunner (the old one is kept: undo brings it back)."""
    if start_game(app, new_start(app)):
        app.say("New game. Hold < to get the last one back")      # (2 lines)
    else:
        app.say("New game: Corp's turn")


def previous_games(app):
    """More > Previous games: the games kept when others replaced them (firmware.saving.archive)."""
    app.push(PreviousGames())


def new_infiltration(app):
    """A new game of Infiltration, every way in: a game in play is replaced only after a held
    OK, as a turn's end needs (issue 35), and it is kept (firmware.saving.archive); then how
    many players."""
    if app.game.count or app.game.redo_stack:
        app.push(Confirm("NEW GAME", "Start Infiltration? " + kept_words(app),
                         ask_players, hold=True))
    else:
        ask_players(app)


def ask_players(app):
    """How many players, then who is first: picked at random (the board's random source), or
    set with UP/DOWN; then whether the die passes to the left after each round (the rules text
    does not say: a choice at the start, left by default)."""

    def players_done(app, players):
        def first_done(app, first):
            def go(pass_first):
                def start(app):
                    start_game(app, Game(I.new_game(players, first, pass_first), I))
                    app.say("Infiltration, %d agents: player %d is first" % (players, first))
                return start
            app.replace(Menu("THE DIE, EACH ROUND", [
                Item("Passes to the left", "", True, go(1)),
                Item("Stays with player %d" % first, "", True, go(0))]))
        app.replace(NumberPrompt("INFILTRATION", "First: who holds the die",
                                 app.die(players), 1, players, first_done,
                                 lambda n: "at random: ^v to change"))
    app.push(NumberPrompt("INFILTRATION", "Number of players", 3, I.MIN_PLAYERS, I.MAX_PLAYERS,
                          players_done, lambda n: "then: who is first"))
