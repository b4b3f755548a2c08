"""Whole-screen pages over the dashboard: end of turn, game over, the game log.

An overlay (firmware.app.OVERLAYS): loaded while one of these is open.
"""

from engine_lite.state import RUNNER, WIN_AGENDA, WIN_FLATLINE, WIN_TIME, TIE, SIDE_NAMES
from firmware.fonts import SMALL
from firmware.buttons import PRESS, LONG, REPEAT
from firmware.ui import Screen, WIDTH, step_of, wrap
from firmware.widgets import Confirm, MEDIUM, title_bar, hint, centered
from firmware.games import new_game
from firmware.dashboard import SIDES, end_turn


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
            MEDIUM.draw(fb, "Then: %s's turn" % SIDE_NAMES[1 - side], 2, y)
        hint(fb, "OK end turn      < back")

    def on_button(self, app, name, event):
        if name == "OK" and event == PRESS:
            end_turn(app)
        else:
            Screen.on_button(self, app, name, event)


class WinScreen(Screen):
    """Who won and why. Hold LEFT to undo and play on; OK starts a new game."""

    name = "win"
    ends_game = True

    def draw(self, app, fb):
        s = app.game.state
        title_bar(fb, "GAME OVER", "turn %d" % s.turn)
        tie = s.winner == TIE
        centered(fb, MEDIUM, "A TIE" if tie else "%s WINS" % SIDES[s.winner], 14)
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
        from firmware.match import load
        hint(fb, "hold < undo   OK the match" if load(app) else "hold < undo   OK new game")

    def on_button(self, app, name, event):
        if name == "OK" and event == PRESS:
            from firmware.match import load
            if load(app):            # a match in play: its screen (game 2, or its results)
                app.open("firmware.match", "MatchScreen")
            else:
                app.push(Confirm("NEW GAME", "Start a new game?", new_game))


class LogScreen(Screen):
    """The game by turn, oldest at the top: a header for each turn ("Turn 3: Runner"), each
    action in words on whole lines (a long one wraps), and at the end of each finished turn
    what its side did ("= 4 clicks, +3 -2 cr, 1 drawn"). It opens on the newest lines. UP/DOWN
    scroll (held: by 5), LEFT back.

    Only the turns on the glass are put into words (a long game has thousands of lines): the
    history is read once for where each turn starts, then a turn's lines are made when shown.
    """

    name = "log"
    ROWS = 6
    COLUMNS = 25

    def __init__(self):
        self.starts = []       # [(first action, side, round)] of each turn, read on first draw
        self.turn = 0          # the turn of the top line, and the line within it
        self.line = 0
        self._cached = (-1, [])      # (turn, its lines): the last turn put into words

    def _lines(self, game, turn):
        """The lines of one turn."""
        if self._cached[0] == turn:
            return self._cached[1]
        from engine_lite.phrases import phrase, summary
        first, side, number = self.starts[turn]
        end = self.starts[turn + 1][0] if turn + 1 < len(self.starts) else game.count
        lines = ["Turn %d: %s" % (number, ("Corp", "Runner")[side])]
        offset = game.offset_of(first)
        acts = []
        for _ in range(end - first):
            act, offset = game.rules.decode(game.history, offset)
            acts.append(act)
        for act in acts:
            self._add(lines, phrase(act))
        if turn + 1 < len(self.starts):
            self._add(lines, "= " + summary(acts, side))
        self._cached = (turn, lines)
        return lines

    def _add(self, lines, text):
        """A line of text, wrapped: what goes on to a second line is indented."""
        parts = wrap(text, self.COLUMNS)
        lines.append(parts[0])
        for part in wrap(" ".join(parts[1:]), self.COLUMNS - 2):
            lines.append("  " + part)

    def _window(self, game):
        """The lines on the glass, from (turn, line) on."""
        out = []
        turn, line = self.turn, self.line
        while len(out) < self.ROWS and turn < len(self.starts):
            lines = self._lines(game, turn)
            out.extend(lines[line:line + self.ROWS - len(out)])
            turn += 1
            line = 0
        return out

    def _scroll(self, game, step):
        """Move the top line by `step` lines, staying within the log."""
        for _ in range(abs(step)):
            if step > 0:
                if len(self._window(game)) < self.ROWS:
                    return               # the last line is already at the bottom
                if self.line + 1 < len(self._lines(game, self.turn)):
                    self.line += 1
                elif self.turn + 1 < len(self.starts):
                    self.turn += 1
                    self.line = 0
                else:
                    return
            elif self.line:
                self.line -= 1
            elif self.turn:
                self.turn -= 1
                self.line = len(self._lines(game, self.turn)) - 1
            else:
                return

    def draw(self, app, fb):
        game = app.game
        if not self.starts:
            from engine_lite.phrases import turn_starts
            self.starts = turn_starts(game)
            self.turn = len(self.starts) - 1      # open on the newest lines
            shown = len(self._lines(game, self.turn))
            if shown > self.ROWS:
                self.line = shown - self.ROWS
            else:
                self._scroll(game, shown - self.ROWS)     # up into the turns before
        title_bar(fb, "GAME LOG", "%d actions" % game.count)
        if game.count == 0:
            SMALL.draw(fb, "Nothing yet.", 2, 14)
            return
        window = self._window(game)
        for i in range(len(window)):
            line = window[i]
            y = 10 + i * 9
            if line.startswith("Turn "):          # a turn's header, lit
                fb.fill_rect(0, y - 1, WIDTH, 9, 1)
                SMALL.draw(fb, line, 1, y, 0)
            else:
                SMALL.draw(fb, line, 0, y)

    def on_button(self, app, name, event):
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            step = step_of(event)
            self._scroll(app.game, step if name == "DOWN" else -step)
        else:
            Screen.on_button(self, app, name, event)
