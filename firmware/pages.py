"""Whole-screen pages over the dashboard: end of turn, game over, the game log.

An overlay (firmware.app.OVERLAYS): loaded while one of these is open.
"""

from engine_lite.state import RUNNER, WIN_AGENDA, WIN_FLATLINE
from engine_lite.logline import format_action
from firmware.fonts import SMALL
from firmware.buttons import PRESS, LONG, REPEAT
from firmware.ui import Screen, step_of
from firmware.widgets import Confirm, MEDIUM, title_bar, hint, centered
from firmware.dashboard import SIDES, Sides, end_turn


class EndTurn(Screen):
    """The discard phase: what to discard, clicks left unused, a flatline warning; OK ends it."""

    name = "end_turn"

    def draw(self, app, fb):
        s = app.game.state
        side = s.active
        me = s.player(side)
        title_bar(fb, "END %s TURN %d" % (SIDES[side], s.turn))
        y = 12
        if me.clicks:
            MEDIUM.draw(fb, "%d click%s unused!" % (me.clicks, "" if me.clicks == 1 else "s"), 2, y)
            y += 11
        if side == RUNNER and me.max_hand_size < 0:
            MEDIUM.draw(fb, "Max hand %d:" % me.max_hand_size, 2, y)
            MEDIUM.draw(fb, "RUNNER FLATLINED", 2, y + 11)
            y += 22
        else:
            MEDIUM.draw(fb, "Discard down to %d" % me.max_hand_size, 2, y)
            y += 11
            MEDIUM.draw(fb, "Then: %s's turn" % Sides[1 - side], 2, y)
        hint(fb, "OK end turn      < back")

    def on_button(self, app, name, event):
        if name == "OK" and event == PRESS:
            end_turn(app)
        else:
            Screen.on_button(self, app, name, event)


class WinScreen(Screen):
    """Who won and why. Hold LEFT to undo and play on; OK starts a new game."""

    name = "win"

    def draw(self, app, fb):
        s = app.game.state
        title_bar(fb, "GAME OVER", "turn %d" % s.turn)
        centered(fb, MEDIUM, "%s WINS" % SIDES[s.winner], 14)
        if s.win_reason == WIN_AGENDA:
            reason = "%d agenda points" % s.player(s.winner).agenda_points
        elif s.win_reason == WIN_FLATLINE:
            reason = "Runner flatlined"
        else:
            reason = "Corp decked: R&D empty"
        centered(fb, SMALL, reason, 28)
        centered(fb, SMALL, "Corp %d - %d Runner" % (s.corp.agenda_points, s.runner.agenda_points), 38)
        hint(fb, "hold < undo   OK new game")

    def on_button(self, app, name, event):
        if name == "OK" and event == PRESS:
            app.push(Confirm("NEW GAME", "Start a new game?", lambda app: app.new_game()))


class LogScreen(Screen):
    """The game log, newest first. UP/DOWN scroll (held: by 5), LEFT back."""

    name = "log"
    ROWS = 6

    def __init__(self):
        self.top = 0  # 0 = the newest line

    def draw(self, app, fb):
        game = app.game
        title_bar(fb, "GAME LOG", "%d actions" % game.count)
        if game.count == 0:
            SMALL.draw(fb, "Nothing yet.", 2, 14)
        newest = game.count - 1 - self.top
        oldest = newest - self.ROWS + 1
        index = 0
        for act in game.actions():    # one pass, keeping only the lines on screen
            if oldest <= index <= newest:
                y = 11 + (newest - index) * 9
                line = "%d %s" % (index + 1, format_action(act))
                SMALL.draw(fb, line[:25], 0, y)
            index += 1

    def on_button(self, app, name, event):
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            step = step_of(event)
            top = self.top + (step if name == "DOWN" else -step)
            self.top = max(0, min(max(0, app.game.count - self.ROWS), top))
        else:
            Screen.on_button(self, app, name, event)
