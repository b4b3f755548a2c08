"""The trace wizard: base strength, the Corp's boost, the Runner's boost, then the result.

It always opens on the Corp's boost, whichever way it was opened, so that UP, UP there always
means "the Corp boosts 2": the base is the number chosen on the dashboard before its Trace cell
(3 when none was, from More > Trace), shown above, and LEFT goes back to it. While the numbers
are chosen it shows the Runner's link and what the Runner must spend to beat the trace (a tie
beats it); on the Runner's row, the last before the trace is done, the bottom lines say the
outcome and what each side pays. Credits are only spent when the trace is confirmed. The result
screen follows undo: a trace undone says so.
"""

from engine_lite.netrunner.state import CORP, RUNNER, SIDE_NAMES, const
from engine_lite.netrunner import actions as A
from firmware.screens.fonts import SMALL, BIG, MID, fitting
from firmware.board.buttons import PRESS, LONG, REPEAT
from firmware.screens.ui import Screen, WIDTH, step_of
from firmware.screens.widgets import Menu, Item, title_bar, hint

# The wizard's rows: the title, the strength and the link in large digits with their captions,
# the three numbers they add up from, what it means, the keys.
_BIG_Y = const(11)
_CAPTION_Y = const(27)
_FIELDS_Y = const(35)          # 12-pixel digits (issue 61: 6 px before), underlined at + 12
_SAYS_Y = const(48)
_THIRD = const(42)             # each of the three numbers gets a third of the row
# The base reads as the card prints it ("Trace 3"): the line that names the trace says its number
# (issue 35: what OK commits is named, with its number, before OK).
FIELD_WORDS = ("Trace", "Corp", "Run")
FIELD_SHORT = ("B", "C", "R")


def field(fb, x, name, short, number):
    """One of the numbers a trace adds up from, centred in its third of the row at x: its name
    in small text, the number in 12-pixel digits ("Trace 3", "Corp +2"); the short name where
    that is too wide, small digits past that (at absurd sizes)."""
    for label, font in ((name, MID), (short, MID), (short, SMALL)):
        width = SMALL.measure(label) + 2 + font.measure(number)
        if width <= _THIRD:
            break
    left = x + (_THIRD - width) // 2
    SMALL.draw(fb, label, left, _FIELDS_Y + 4)
    font.draw(fb, number, left + SMALL.measure(label) + 2, _FIELDS_Y + (12 - font.height) // 2)


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

    def toast_box(self, app, lines):
        """A message goes over the captions of the large numbers (and the numbers too, for two
        lines): the row of what the trace adds up from ("Trace 3"), the outcome, what OK
        charges and the keys stay in sight (issue 35: no message over what OK does; issue 60:
        nor over the keys, and a two-line message at the bottom cut through the boosts' row)."""
        if lines == 1:
            return _CAPTION_Y + 1, _FIELDS_Y - 1, _CAPTION_Y
        return _BIG_Y + 1, _FIELDS_Y - 1, _BIG_Y + 5

    def draw(self, app, fb):
        s = app.game.state
        base, corp_boost, runner_boost = self.values
        strength = base + corp_boost
        link = s.runner.link + runner_boost
        # What the side choosing now has to spend (the Corp for the base and its boost).
        side = RUNNER if self.field == 2 else CORP
        title_bar(fb, "TRACE", "%s has %d cr" % (SIDE_NAMES[side], s.player(side).credits))
        # The two numbers both seats watch, in the large digits: the trace's strength at the
        # left (the Corp's), the Runner's link at the right (issue 24: 16 px for the other seat).
        text = "%d" % strength
        BIG.draw(fb, text, 2, _BIG_Y)
        text = "%d" % link
        BIG.draw(fb, text, WIDTH - 2 - BIG.measure(text), _BIG_Y)
        SMALL.draw(fb, "vs", (WIDTH - SMALL.measure("vs")) // 2, _BIG_Y + 5)
        SMALL.draw(fb, "strength", 2, _CAPTION_Y)
        SMALL.draw(fb, "link", WIDTH - 2 - SMALL.measure("link"), _CAPTION_Y)
        # What they add up from, a third of the row each, the numbers in 12-pixel digits (the
        # one being chosen is what both seats watch: issue 61); the one UP/DOWN change
        # underlined (not inverse: dark 1-pixel strokes drown in a lit background).
        for i in range(3):
            field(fb, i * _THIRD, FIELD_WORDS[i], FIELD_SHORT[i],
                  ("%d" if i == 0 else "+%d") % self.values[i])
            if i == self.field:
                fb.hline(i * _THIRD + 1, _FIELDS_Y + 12, _THIRD - 2, 1)
        if self.field == 2:
            # The summary before the trace is done: the outcome, and what OK will charge; a
            # trace that succeeds says what a held OK adds (the numbers are above, large).
            if strength > link:
                text = fitting(("Succeeds; hold OK: +1 tag", "Succeeds: %d vs %d" % (strength, link)),
                               WIDTH - 2)
            else:
                text = fitting(("Fails: %d vs link %d" % (strength, link),
                                "Fails: %d vs %d" % (strength, link)), WIDTH - 2)
            SMALL.draw(fb, text, 2, _SAYS_Y)
            text = "OK: Corp pays %d, Runner %d" % (corp_boost, runner_boost)
            hint(fb, text if SMALL.measure(text) <= WIDTH else text.replace(" pays", ""))
            return
        if strength > link:
            need = strength - link
            text = fitting(("Runner needs %d to stop it" % need, "Runner needs %d to stop" % need),
                           WIDTH - 2)
        else:
            text = "Fails: %d vs link %d" % (strength, link)
        SMALL.draw(fb, text, 2, _SAYS_Y)
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
            else:
                self._trace(app, False)
        elif name == "OK" and event == LONG and self.field == 2:
            self._trace(app, True)
        elif name == "LEFT" and event == PRESS:
            if self.field:
                self.field -= 1
            else:
                app.pop()

    def _trace(self, app, tag):
        """The trace, as the three numbers say, then its result. `tag` (a held OK on the
        Runner's boost, the line above OK saying so): a trace that succeeds gives the Runner a
        tag at once, its commonest outcome, and it is back where the trace began, the outcome
        said (issue 60: a trace in a run turn was over its token moves + 2)."""
        if not app.act(A.action(A.TRACE, CORP, self.values[0], self.values[1], self.values[2]),
                       quiet=True, notes=False):
            return
        s = app.game.state
        if not tag or s.trace_success != 1:
            # No message: the result, in its place at once, says it in its title ("TRACE
            # SUCCEEDS  6 vs 1"), and what was paid was on the glass before OK. Its words
            # again at the bottom took 1.3 ms of a press that sends a whole picture (make
            # bench: the rhythm sweep's p95).
            app.replace(TraceResult(app.game.count))
            return
        outcome = "Trace %d vs %d" % (s.trace_strength, s.trace_link)
        app.home()
        if app.act(A.action(A.TAGS, RUNNER, 1)) and app.toast:
            app.say(outcome + ": " + app.toast)
        else:
            app.say(outcome + ": succeeds")


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
