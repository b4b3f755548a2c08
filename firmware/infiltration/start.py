"""Starting a game of Infiltration: a held OK when a game in play is replaced (issue 35), then
how many players, who is first and where the die goes (its New row: firmware.infiltration.game)."""

from engine_lite.game import Game
from engine_lite.infiltration import rules as I
from firmware.games import start_game, kept_words
from firmware.screens.widgets import Confirm, Menu, Item, NumberPrompt


def new_infiltration(app, own=True):
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
