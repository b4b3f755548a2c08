"""The trace wizard: base strength, the Corp's boost, the Runner's boost, then the result.
An overlay (firmware.app.OVERLAYS): loaded while it is open.

It always opens on the Corp's boost, whichever way it was opened, so that UP, UP there always
means "the Corp boosts 2": the base is the number chosen on the dashboard before its Trace cell
(3 when none was, from More > Trace), shown above, and LEFT goes back to it. While the numbers
are chosen it shows the Runner's link and what the Runner must spend to beat the trace (a tie
beats it); on the Runner's row, the last before the trace is done, the bottom lines say the
outcome and what each side pays. Credits are only spent when the trace is confirmed. The result
screen follows undo: a trace undone says so.
"""

from engine_lite.state import CORP, RUNNER, SIDE_NAMES
from engine_lite import actions as A
from firmware.screens.fonts import SMALL
from firmware.board.buttons import PRESS, LONG, REPEAT
from firmware.screens.ui import Screen, WIDTH, step_of
from firmware.screens.widgets import Menu, Item, MEDIUM, title_bar, hint

FIELDS = ("Base", "Corp +", "Runner +")


class TraceWizard(Screen):
    """UP/DOWN change the highlighted number (held: by 5); OK goes to the next one and, after the
    Runner's boost, runs the trace; LEFT goes back a step."""

    name = "trace"

    FIRST = 1                   # the row it opens on: the Corp's boost (see the module's note)

    def __init__(self, base=3):
        self.values = [base, 0, 0]
        self.field = self.FIRST

    def _limits(self, s):
        return ((0, 30), (0, s.can_pay(CORP)), (0, s.can_pay(RUNNER)))

    def draw(self, app, fb):
        s = app.game.state
        base, corp_boost, runner_boost = self.values
        strength = base + corp_boost
        link = s.runner.link + runner_boost
        # What the side choosing now has to spend (the Corp for the base and its boost).
        side = RUNNER if self.field == 2 else CORP
        title_bar(fb, "TRACE", "%s has %d cr" % (SIDE_NAMES[side], s.player(side).credits))
        rows = (("Base strength", base, ""), ("Corp boost", corp_boost, "=%d" % strength),
                ("Runner boost", runner_boost, "=%d" % link))
        for i in range(3):
            y = 11 + i * 11
            label, value, total = rows[i]
            color = 0 if i == self.field else 1
            if i == self.field:
                fb.fill_rect(0, y, WIDTH, 11, 1)
            # The number right-aligned before the total, the total at the right edge: room
            # for 999 and =1998, the largest a trace can reach.
            MEDIUM.draw(fb, label, 2, y + 1, color)
            text = "%d" % value
            MEDIUM.draw(fb, text, 98 - MEDIUM.measure(text), y + 1, color)
            SMALL.draw(fb, total, WIDTH - 1 - SMALL.measure(total), y + 2, color)
        if self.field == 2:
            # The summary before the trace is done: the outcome, and what OK will charge.
            text = "%s: %d vs link %d" % ("Succeeds" if strength > link else "Fails",
                                          strength, link)
            if SMALL.measure(text) > WIDTH - 2:          # four-digit numbers: the words go
                text = text.replace("link ", "")
            SMALL.draw(fb, text, 2, 46)
            text = "OK: Corp pays %d, Runner %d" % (corp_boost, runner_boost)
            hint(fb, text if SMALL.measure(text) <= WIDTH else text.replace(" pays", ""))
            return
        if strength > link:
            text = "Runner needs %d to stop it" % (strength - link)
        else:
            text = "Fails: %d vs link %d" % (strength, link)
        SMALL.draw(fb, text, 2, 46)
        hint(fb, "^v set  OK next  < base" if self.field == 1 else "^v set  OK next  < back")

    def on_button(self, app, name, event):
        s = app.game.state
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            low, high = self._limits(s)[self.field]
            step = step_of(event)
            value = self.values[self.field] + (step if name == "UP" else -step)
            self.values[self.field] = max(low, min(high, value))
        elif name == "OK" and event == PRESS:
            if self.field < 2:
                # The Runner's boost starts at 0: the line below says what it takes to stop
                # the trace, and the Runner decides.
                self.field += 1
            elif app.act(A.action(A.TRACE, CORP, self.values[0], self.values[1], self.values[2])):
                app.replace(TraceResult(app.game.count))
        elif name == "LEFT" and event == PRESS:
            if self.field:
                self.field -= 1
            else:
                app.pop()


class TraceResult(Menu):
    """The outcome; a successful trace usually gives the Runner a tag."""

    name = "trace_result"

    def __init__(self, count=None):
        Menu.__init__(self, "TRACE")
        self.count = count        # the game's action count with the trace as its last action

    def _undone(self, app):
        """The trace is no longer the last thing done (undone, or undone and replaced)."""
        game = app.game
        return ((self.count is not None and game.count != self.count)
                or game.state.trace_success < 0)

    def header(self, app):
        s = app.game.state
        if self._undone(app):
            return ""
        return "%d vs %d" % (s.trace_strength, s.trace_link)

    def items(self, app):
        s = app.game.state
        if self._undone(app):
            self.title = "TRACE UNDONE"
            return [Item("Done", "", True, lambda app: app.home())]
        self.title = "TRACE SUCCEEDS" if s.trace_success == 1 else "TRACE FAILS"
        if SMALL.measure(self.title + self.header(app)) > WIDTH - 8:
            self.title = self.title[6:]      # "SUCCEEDS  2097 vs 1998": the numbers matter
        items = []
        if s.trace_success == 1:
            items.append(Item("Give 1 tag", "", True,
                              lambda app: app.act(A.action(A.TAGS, RUNNER, 1)) and app.home()))
        # Back where the trace began (the dashboard, a run in progress on it).
        items.append(Item("Done", "", True, lambda app: app.home()))
        return items
