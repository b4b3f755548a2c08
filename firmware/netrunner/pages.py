"""Whole-screen pages over the dashboard: the end of a turn with clicks left (the turn's end
itself: firmware.netrunner.turn_end), game over (the game log is firmware.screens.logscreen).
"""

from engine_lite.netrunner.state import RUNNER, WIN_AGENDA, WIN_FLATLINE, WIN_TIME, TIE, SIDE_NAMES
from firmware.screens.fonts import SMALL
from firmware.board.buttons import PRESS
from firmware.screens.ui import Screen
from firmware.screens.widgets import MEDIUM, title_bar, hint, centered
from firmware.netrunner.start import ask_new_game
from firmware.netrunner.turn_end import end_turn
from firmware.tournament import match


class EndTurn(Screen):
    """The discard phase: what to discard, clicks left unused, a flatline warning; OK ends it."""

    key_line = True        # (a message goes over its title: Screen.toast_box)

    name = "end_turn"

    def draw(self, app, fb):
        s = app.game.state
        side = s.active
        me = s.player(side)
        title_bar(fb, "END %s TURN %d" % (SIDE_NAMES[side].upper(), s.turn))
        y = 12
        if me.clicks:
            MEDIUM.draw(fb, "%d click%s unused!" % (me.clicks, "" if me.clicks == 1 else "s"), 2, y)
            y += 11
        if side == RUNNER and me.max_hand_size() < 0:
            MEDIUM.draw(fb, "Max hand %d:" % me.max_hand_size(), 2, y)
            MEDIUM.draw(fb, "RUNNER FLATLINED", 2, y + 11)
            y += 22
        else:
            MEDIUM.draw(fb, "Discard down to %d" % me.max_hand_size(), 2, y)
            y += 11
            MEDIUM.draw(fb, "Then: %s's turn" % SIDE_NAMES[1 - side], 2, y)
        hint(fb, "OK end turn      < back")

    def on_button(self, app, name, event):
        if name == "OK" and event == PRESS:
            end_turn(app)
        else:
            Screen.on_button(self, app, name, event)


class WinScreen(Screen):
    """Who won and why. Hold LEFT to undo and play on; OK starts a new game."""

    key_line = True        # (a message goes over its title: Screen.toast_box)

    name = "win"
    ends_game = True

    def draw(self, app, fb):
        s = app.game.state
        title_bar(fb, "GAME OVER", "turn %d" % s.turn)
        tie = s.winner == TIE
        centered(fb, MEDIUM, "A TIE" if tie else "%s WINS" % SIDE_NAMES[s.winner].upper(), 14)
        if s.win_reason == WIN_TIME:
            reason = "Time: equal agenda points" if tie else "Time: more agenda points"
        elif s.win_reason == WIN_AGENDA:
            reason = "%d agenda points" % s.player(s.winner).agenda_points
        elif s.win_reason == WIN_FLATLINE:
            reason = "Runner flatlined"
        else:
            reason = "Corp decked: R&D empty"
        centered(fb, SMALL, reason, 28)
        centered(fb, SMALL, "Corp %d - %d Runner" % (s.corp.agenda_points, s.runner.agenda_points), 38)
        hint(fb, "hold < undo  OK the match" if match.load(app) else "hold < undo  OK new game")

    def on_button(self, app, name, event):
        if name == "OK" and event == PRESS:
            if match.load(app):      # a match in play: its screen (game 2, or its results)
                app.push(match.MatchScreen())
            else:
                ask_new_game(app, True)
