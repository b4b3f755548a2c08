"""The game log on the device: the game by turn, in words, for either game.

Opened from Netrunner's More menu or the Infiltration monitor's.
"""

import sys

from firmware.screens.fonts import SMALL
from engine_lite.game import words
from firmware.board.buttons import PRESS, LONG, REPEAT
from firmware.screens.ui import Screen, WIDTH, step_of, wrap
from firmware.screens.widgets import title_bar


def _words(game):
    """The game in words: its words module (engine_lite.game.words)."""
    return words(game.rules)


class LogScreen(Screen):
    """The game by turn, oldest at the top: a header for each turn ("Turn 3: Runner"), each
    action in words on whole lines (a long one wraps), and at the end of each finished turn
    what its side did ("= 4 clicks, +3 -2 cr, 1 drawn"). It opens on the newest lines. UP/DOWN
    scroll (held: by 5), LEFT back.

    Only the turns on the glass are put into words (a long game has thousands of lines): the
    history is walked for where each turn starts from the game's last checkpoint, and from the
    one before when the player scrolls above the turns found, and a turn's lines are made when
    shown. So opening the log costs the same in the first round and in the fiftieth.
    The words are the game's own (its rules' WORDS module: engine_lite.netrunner.phrases for Netrunner;
    Infiltration's turns are rounds, with no summary).
    """

    name = "log"
    knob = ("DOWN", "UP")      # clockwise: on to newer lines
    ROWS = 6
    COLUMNS = 25

    def __init__(self):
        # [(first action, side, round, its byte offset)] of each turn found, the newest last:
        # those that start after the game's checkpoint number `mark` (0: all of them)
        self.starts = []
        self.mark = 0
        self.turn = 0          # the turn of the top line (in starts), and the line within it
        self.line = 0
        # {first action: its lines} of the last turns put into words: the glass shows two or three,
        # and opening on the newest lines steps up into the turn before (make bench: press to
        # photon, opening the log: one cached turn put the newest into words twice)
        self._cached = {}
        self._headers = []           # which lines on the glass are a turn's header
        self._read = None            # (game, actions, redo) the turns were read from

    def _lines(self, game, turn):
        """The lines of one turn."""
        first, side, number, offset = self.starts[turn]
        lines = self._cached.get(first)
        if lines is not None:
            return lines
        words = _words(game)
        end = self.starts[turn + 1][0] if turn + 1 < len(self.starts) else game.count
        lines = [words.turn_header(side, number)]
        acts = []
        for _ in range(end - first):
            act, offset = game.rules.decode(game.history, offset)
            acts.append(act)
        for act in acts:
            self._add(lines, words.phrase(act))
        total = words.summary(acts, side) if turn + 1 < len(self.starts) else None
        if total:
            self._add(lines, "= " + total)
        if len(self._cached) >= 4:
            self._cached = {}
        self._cached[first] = lines
        return lines

    def _earlier(self, game):
        """Find the turns that start before the first one found, walking from the checkpoint
        before the last one walked from (and the ones before it while none is found). Returns
        how many were found: 0 once the first turn of the game is."""
        found = []
        while self.mark and not found:
            upto = self.starts[0][3] if self.starts else None
            self.mark -= 1
            found = _words(game).turn_starts(game, self.mark, upto)
            self.starts = found + self.starts
        self.turn += len(found)
        return len(found)

    def _add(self, lines, text):
        """A line of text, wrapped: what goes on to a second line is indented."""
        parts = wrap(text, self.COLUMNS)
        lines.append(parts[0])
        if len(parts) > 1:       # (most fit one line: a wrap costs some 0.1 ms on a Pico)
            for part in wrap(" ".join(parts[1:]), self.COLUMNS - 2):
                lines.append("  " + part)

    def _window(self, game):
        """The lines on the glass, from (turn, line) on; `_headers` says which of them are a
        turn's header."""
        out = []
        self._headers = headers = []
        turn, line = self.turn, self.line
        while len(out) < self.ROWS and turn < len(self.starts):
            lines = self._lines(game, turn)
            if not line:
                headers.append(len(out))
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
            elif self.turn or self._earlier(game):
                self.turn -= 1
                self.line = len(self._lines(game, self.turn)) - 1
            else:
                return

    def draw(self, app, fb):
        game = app.game
        read = (game, game.count, len(game.redo_stack))
        if read != self._read:
            # Undone or redone from here (hold LEFT, RIGHT), or another game: read it again,
            # from the newest lines.
            self._read = read
            self._cached = {}
            self.line = 0
            # the turns after the last checkpoint (the one before it if none starts there)
            game.check_all()
            self.mark = len(game.checkpoints) - 1
            self.starts = _words(game).turn_starts(game, self.mark)
            if not self.starts:
                self._earlier(game)
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
            if i in self._headers:                # a turn's header, underlined
                SMALL.draw(fb, line, 1, y)
                fb.hline(0, y + 8, WIDTH, 1)
            else:
                SMALL.draw(fb, line, 0, y)

    def on_button(self, app, name, event):
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            step = step_of(event)
            self._scroll(app.game, step if name == "DOWN" else -step)
        else:
            Screen.on_button(self, app, name, event)
