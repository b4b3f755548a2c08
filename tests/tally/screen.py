"""Tally on the tracker: its home screen (the count, OK adds one) and its entry in
firmware.games, with its New row's question."""

from engine_lite import game as engine_game
from engine_lite.game import Game
from firmware import games
from firmware.board.buttons import PRESS
from firmware.screens.fonts import BIG, SMALL
from firmware.screens.ui import Screen
from firmware.screens.widgets import Confirm

from tally import rules


class TallyScreen(Screen):
    """The count in large digits; OK adds one."""

    name = "tally"

    def draw(self, app, fb):
        SMALL.draw(fb, "TALLY", 2, 1)
        BIG.draw(fb, "%d" % app.game.state.count, 40, 24)

    def update(self, app, fb):
        fb.fill(0)
        self.draw(app, fb)

    def on_button(self, app, name, event):
        if name == "OK" and event == PRESS:
            app.act((rules.ADD, 0, 1, 0, 0))

    def open_end(self, app):
        app.push(TallyEnd())


class TallyEnd(Screen):
    """Full."""

    name = "tally_end"
    ends_game = True

    def draw(self, app, fb):
        SMALL.draw(fb, "TALLY FULL", 2, 1)


def ask(app, own):
    app.push(Confirm("NEW GAME", "Start a tally? " + games.kept_words(app),
                     lambda app: games.start_game(app, Game(rules.new_game(), rules)), hold=True))


TALLY = games.Kind("tally", "Tally", "New tally", TallyScreen, ask)


def register():
    """Tally joins the games: the engine's (saves, undo, the report) and the tracker's."""
    engine_game.register(rules, rules)
    games.register(TALLY)
