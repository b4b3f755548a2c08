"""Starting a game of Netrunner: as the settings say (firmware.netrunner.settings), after a held OK when a
game in play is replaced (its New row: firmware.netrunner.game). The question that starts one
also takes the Runner's link, the one number a new game's identity changes (issue 60: a new
game with link 1 was More, New game, a held OK, then UP, RIGHT x3, OK on the new dashboard)."""

from engine_lite.game import Game
from firmware.board.buttons import PRESS, LONG, REPEAT
from firmware.games import start_game, kept_words
from firmware.screens.ui import wrap
from firmware.screens.widgets import Confirm, MEDIUM, title_bar, hint
from firmware.netrunner import settings


def new_start(app, link=None):
    """A new game of Netrunner as the settings say (the Runner's link `link` if given), not
    yet in play."""
    return Game(settings.new_start(app.settings, link))


def new_game(app, link=None):
    """Start a new game of Netrunner (the old one is kept: undo brings it back)."""
    if start_game(app, new_start(app, link)):
        app.say("New game. Hold < to get the last one back")      # (2 lines)
    else:
        app.say("New game: Corp's turn")


def new_game_question(app, own=True):
    """New game's question, with what it costs the archive said before it starts."""
    return (("Start a new game? " if own else "Start a Netrunner game? ") + kept_words(app)).strip()


class NewGameQuestion(Confirm):
    """The question before a new game: a held OK starts it, LEFT does not; UP/DOWN (or the
    knob) set the Runner's link for it, from the setting's (More > Settings > Runner link,
    left as it is: an identity is one game's)."""

    keys = "^v link hold OK yes < no"

    def __init__(self, app, own=True):
        Confirm.__init__(self, "NEW GAME" if own else "NEW NETRUNNER GAME",
                         new_game_question(app, own), self._start, hold=True)
        self.link = app.settings.runner_link
        self._kept = kept_words(app) or "Start a new game?"

    def _start(self, app):
        new_game(app, self.link)

    def draw(self, app, fb):
        title_bar(fb, self.title)
        y = 14
        for line in wrap(self._kept, 21)[:2]:
            MEDIUM.draw(fb, line, 2, y)
            y += 11
        MEDIUM.draw(fb, "Runner link: %d" % self.link, 2, 41)
        hint(fb, self.keys)

    def on_button(self, app, name, event):
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            self.link = app.settings.within("runner_link", self.link + (1 if name == "UP" else -1))
        else:
            Confirm.on_button(self, app, name, event)


def ask_new_game(app, own):
    """Netrunner's New row (and a win screen's OK, a held OK on More): the question, then a
    new game."""
    app.push(NewGameQuestion(app, own))
