"""The dashboard: everything a player glances at, and the most common actions without leaving it.

Each side keeps its place, whoever's turn it is (the Corp at left, the Runner at right), so both
players read their own numbers from their seat and a turn's end changes little on the glass:

    +---------------------------------------------+
    |[CORP  # # #]       | RUNNER                  |  whose turn (lit), clicks left as pips
    | 12            2    |    1              7     |  credits (outside), agenda points (centre)
    | credits        points            credits     |  (during a run: where it is)
    | Bad pub 1          | Tags 1         Link 0   |
    | Hand 5             | Brain 0        Hand 5   |
    |[+1cr] Draw  Adv  Acts  More  End             |  the action bar
    +---------------------------------------------+

Keys:
    LEFT / RIGHT   move along the action bar         OK       do the highlighted action
    UP / DOWN      credits +1 / -1 (held: 5), then OK gains or pays them (LEFT cancels,
                   RIGHT switches to the other side's credits)
    hold OK        use a click (a card ability that costs one click)
    hold LEFT      undo                              hold RIGHT   redo

The bar: +1cr (click for a credit), Draw, Adv (Corp: advance) or Run (Runner: the bar then asks
where, UP/DOWN choose, OK runs, LEFT cancels), Acts (every action with its cost), More (trace,
damage, counters, log, settings...), End (end the turn). When the last click is spent, the bar
jumps to End. During a run the bar is Succ, Fail, Jack (out), Steal, More; pay with DOWN, OK.
"""

from engine_lite.state import CORP, RUNNER, HQ, FIRST_REMOTE, server_name
from engine_lite import actions as A
from firmware.fonts import SMALL, BIG
from firmware.buttons import PRESS, LONG, REPEAT
from firmware.ui import Screen, WIDTH, HEIGHT, step_of

SIDES = ("CORP", "RUNNER")
Sides = ("Corp", "Runner")

CORP_BAR = ("+1cr", "Draw", "Adv", "Acts", "More", "End")
RUNNER_BAR = ("+1cr", "Draw", "Run", "Acts", "More", "End")
RUN_BAR = ("Succ", "Fail", "Jack", "Steal", "More")
# Where each side's column starts, and its width, with a divider between them: the Runner has
# more counters to show.
COLUMN_X = (0, 55)
COLUMN_W = (51, 73)
DIVIDER_X = 52
BIG_Y = 8               # rows on 8-pixel page boundaries: a changed row repaints one page
CAPTION_Y = 24
ROW_Y = (32, 40)
BAR_Y = 56
POINTS_GAP = 5          # agenda points keep this far from the divider: "3 | 2", not "32"
BAR_PART = 12           # parts 12.. are the bar's cells (0..11: the rest of the dashboard)
PIP = 5                 # a click pip: PIP x PIP pixels, every PIP + 2
RUN_TARGETS = FIRST_REMOTE + 6   # HQ, R&D, Archives and remotes 1..6 in the bar's chooser


def fit(fb, forms, x, y, width):
    """Draw the first of `forms` that fits in `width` on one line of small text. A form is
    "left|right": left starts at x, right ends at x + width. The last form is the shortest,
    for numbers at their limits."""
    for form in forms:
        left, _, right = form.partition("|")
        if SMALL.measure(left) + SMALL.measure(right) + 4 <= width or form is forms[-1]:
            SMALL.draw(fb, left, x, y)
            SMALL.draw(fb, right, x + width - SMALL.measure(right), y)
            return


class Dashboard(Screen):
    """The home screen, always at the bottom of the App's stack."""

    name = "dashboard"
    END_PAUSE_MS = 800     # after OK spent the last click, End waits for this pause

    def __init__(self):
        self.cursor = 0
        self._bar_mode = None      # (side, in a run, clicks left): the cursor resets when it changes
        self.adjust_side = -1      # the side whose credits are being adjusted (-1: none)
        self.delta = 0
        self.run_target = -1       # the server the bar's run chooser shows (-1: not choosing)
        # Parts of the dashboard, each redrawn only when what it shows changes (Screen.part).
        self._keys = [None] * (BAR_PART + len(CORP_BAR))
        self._bar_drawn = None     # the bar's labels whose cells the keys describe
        self._ok_at = 0            # when an OK spent the last click (0: not in such a run)

    def toast_box(self, lines):
        """A one-line message takes the captions' row for a moment (one page to repaint); a
        longer one covers the counters' rows. Never the bar, never half a row of text."""
        if lines == 1:
            return CAPTION_Y + 1, CAPTION_Y + 8, CAPTION_Y
        return ROW_Y[0] + 1, BAR_Y - 1, ROW_Y[0] + 2

    # ---- the bar ------------------------------------------------------------------------------

    def bar(self, s):
        """The action bar's labels for this state."""
        if s.in_run:
            return RUN_BAR
        return RUNNER_BAR if s.active == RUNNER else CORP_BAR

    def _follow_state(self, s):
        """Put the cursor where the player most likely wants it after the game changed."""
        clicks_left = s.player(s.active).clicks > 0
        mode = (s.active, s.in_run, clicks_left)
        if mode != self._bar_mode:
            self._bar_mode = mode
            self.cursor = 0 if (clicks_left or s.in_run) else len(self.bar(s)) - 1
            self.run_target = -1

    def cancel(self):
        if self.adjust_side < 0 and self.run_target < 0:
            return False
        self.adjust_side = self.run_target = -1
        return True

    def prepare(self, app, name):
        """A key went down: load the overlay its release is likely to open, so that the
        screen appears as soon as the key comes up (see App.on_button)."""
        if name != "OK" or self.adjust_side >= 0 or self.run_target >= 0:
            return None
        s = app.game.state
        label = self.bar(s)[self.cursor]
        if label in ("Acts", "More"):
            return "firmware.menus"
        if label == "Steal":
            return "firmware.runs"
        if label == "End" and s.player(s.active).clicks:
            return "firmware.pages"      # clicks left: it asks first
        return None

    # ---- drawing ------------------------------------------------------------------------------

    def update(self, app, fb):
        s = app.game.state
        self._follow_state(s)
        part = self.part
        corp = s.corp
        runner = s.runner
        for side in (CORP, RUNNER):
            me = s.player(side)
            x = COLUMN_X[side]
            # The header: the side's name, lit while it is that side's turn, with its clicks.
            active = side == s.active
            width = COLUMN_W[side]
            if part(fb, side, (active, me.clicks, me.clicks_per_turn), x, 0, width, 8):
                self._draw_header(fb, side, me, x, active)
            # Credits at the outside edge, agenda points beside the divider (a score).
            if part(fb, 2 + side, (me.credits, me.agenda_points), x, BIG_Y, width, 16):
                self._draw_numbers(fb, side, me, x, width)
        if part(fb, 4, True, DIVIDER_X + 1, 0, 1, CAPTION_Y):
            fb.vline(DIVIDER_X + 1, 0, CAPTION_Y, 1)
        if part(fb, 11, True, DIVIDER_X + 1, ROW_Y[0], 1, 16):
            fb.vline(DIVIDER_X + 1, ROW_Y[0], 16, 1)
        # The captions; during a run, where it is (and the bad-publicity credits for it); once
        # the last click is spent, what is left to do.
        me = s.player(s.active)
        done = me.max_hand_size if not me.clicks and not s.in_run else -99
        if part(fb, 5, (s.in_run, s.run_server, s.run_bp_credits, s.active, done), 0, CAPTION_Y,
                WIDTH, 8):
            text = self.status(s)
            if text:
                SMALL.draw(fb, text, (WIDTH - SMALL.measure(text)) // 2, CAPTION_Y)
            else:
                SMALL.draw(fb, "credits", 0, CAPTION_Y)
                SMALL.draw(fb, "points", DIVIDER_X + 1 - SMALL.measure("points") // 2, CAPTION_Y)
                SMALL.draw(fb, "credits", WIDTH - SMALL.measure("credits"), CAPTION_Y)
        # The counters: the Corp's at left, the Runner's at right.
        x = COLUMN_X[CORP]
        width = COLUMN_W[CORP]
        if part(fb, 6, corp.bad_publicity, x, ROW_Y[0], width, 8):
            n = corp.bad_publicity
            fit(fb, ("Bad pub %d" % n, "BP %d" % n), x, ROW_Y[0], width)
        if part(fb, 7, corp.max_hand_size, x, ROW_Y[1], width, 8):
            SMALL.draw(fb, "Hand %d" % corp.max_hand_size, x, ROW_Y[1])
        x = COLUMN_X[RUNNER]
        width = COLUMN_W[RUNNER]
        if part(fb, 8, (runner.tags, runner.link), x, ROW_Y[0], width, 8):
            pair = (runner.tags, runner.link)
            fit(fb, ("Tags %d|Link %d" % pair, "Tags %d|L%d" % pair), x, ROW_Y[0], width)
        if part(fb, 9, (runner.brain_damage, runner.max_hand_size), x, ROW_Y[1], width, 8):
            pair = (runner.brain_damage, runner.max_hand_size)
            fit(fb, ("Brain %d|Hand %d" % pair, "Brain %d|H%d" % pair), x, ROW_Y[1], width)
        # At the bottom: the pending credit change, the run chooser, or the action bar.
        if self.adjust_side >= 0:
            side = self.adjust_side
            bottom = (1, side, self.delta, s.player(side).credits, s.bp_credits(side))
        elif self.run_target >= 0:
            bottom = (2, self.run_target)
        else:
            bottom = (0,)
        if part(fb, 10, bottom, 0, BAR_Y, WIDTH, HEIGHT - BAR_Y):
            if bottom[0] == 1:
                self._draw_adjust(s, fb)
            elif bottom[0] == 2:
                self._draw_prompt(fb, "Run on " + server_name(self.run_target), "OK run")
            else:
                for i in range(BAR_PART, len(self._keys)):
                    self._keys[i] = None     # the bar is back: all its cells are drawn
        if not bottom[0]:
            self._draw_bar(s, fb)

    def status(self, s):
        """What the row under the large numbers says instead of their captions: where the run
        is, or once the last click is spent, what is left to do (None: the captions)."""
        if s.in_run:
            text = "Run on " + server_name(s.run_server)
            if s.run_bp_credits:
                text += ", %d bad pub cr" % s.run_bp_credits
            return text
        me = s.player(s.active)
        if not me.clicks:
            return "%s: discard to %d, End" % (Sides[s.active], me.max_hand_size)
        return None

    def _draw_header(self, fb, side, me, x, active):
        name = SIDES[side]
        if not active:
            SMALL.draw(fb, name, x + 1, 0)
            return
        fb.fill_rect(x, 0, COLUMN_W[side], 8, 1)
        end = SMALL.draw(fb, name, x + 1, 0, 0)
        # Clicks: a filled pip for each one left, an empty one for each spent, while they fit;
        # else the number.
        pips = max(me.clicks_per_turn, me.clicks)
        width = COLUMN_W[side]
        room = x + width - end - 3
        if pips * (PIP + 2) <= room:
            left = x + width - 1 - pips * (PIP + 2)
            for i in range(pips):
                if i < me.clicks:
                    fb.fill_rect(left + i * (PIP + 2) + 2, 1, PIP, PIP, 0)
                else:
                    fb.rect(left + i * (PIP + 2) + 2, 1, PIP, PIP, 0)
        else:
            text = "%d" % me.clicks
            SMALL.draw(fb, text, x + width - 1 - SMALL.measure(text), 0, 0)

    def _draw_numbers(self, fb, side, me, x, width):
        # Agenda points in large digits too, unless both numbers are so large that they would
        # not fit (then small: credits are what a player reads every turn).
        credits = str(me.credits)
        points = str(me.agenda_points)
        room = width - POINTS_GAP - 4
        big, font = BIG, BIG
        if BIG.measure(credits) + BIG.measure(points) > room:
            font = SMALL
            if BIG.measure(credits) + SMALL.measure(points) > room:
                big = SMALL
        if side == CORP:
            big.draw(fb, credits, x, BIG_Y)
            font.draw(fb, points, x + width - POINTS_GAP - font.measure(points), BIG_Y)
        else:
            font.draw(fb, points, x + POINTS_GAP, BIG_Y)
            big.draw(fb, credits, x + width - big.measure(credits), BIG_Y)

    def _draw_bar(self, s, fb):
        # Each cell is a part of its own: moving the cursor redraws two cells, not six.
        labels = self.bar(s)
        keys = self._keys
        if labels is not self._bar_drawn:   # another set of cells: each one is drawn anew
            self._bar_drawn = labels
            for i in range(BAR_PART, len(keys)):
                keys[i] = None
        # Each cell is as wide as its label; the spare pixels are shared out as gaps.
        spare = WIDTH
        for label in labels:
            spare -= SMALL.measure(label)
        x = 0
        for i in range(len(labels)):
            label = labels[i]
            width = SMALL.measure(label) + spare // len(labels) + (1 if i < spare % len(labels) else 0)
            lit = i == self.cursor
            if self.part(fb, BAR_PART + i, lit, x, BAR_Y, width, 8):
                if lit:
                    fb.fill_rect(x, BAR_Y, width, 8, 1)
                SMALL.draw(fb, label, x + (width - SMALL.measure(label)) // 2, BAR_Y,
                           0 if lit else 1)
            x += width

    def _draw_prompt(self, fb, text, key):
        """A question in the bar's place: text at left, what OK does at right."""
        fb.fill_rect(0, BAR_Y, WIDTH, 8, 1)
        SMALL.draw(fb, text, 1, BAR_Y, 0)
        SMALL.draw(fb, key, WIDTH - 1 - SMALL.measure(key), BAR_Y, 0)

    def _draw_adjust(self, s, fb):
        side = self.adjust_side
        credits = s.player(side).credits
        after = credits + self.delta
        if self.delta < 0:
            after = credits - max(0, -self.delta - s.bp_credits(side))   # bad publicity first
        verb = "gain" if self.delta > 0 else ("pay" if self.delta < 0 else "--")
        self._draw_prompt(fb, "%s %+d=%dcr" % (Sides[side], self.delta, max(after, 0)),
                          "OK " + verb)

    # ---- keys ---------------------------------------------------------------------------------

    def on_button(self, app, name, event):
        s = app.game.state
        self._follow_state(s)
        if name != "OK":
            self._ok_at = 0           # another key: whatever OK does next is meant
        elif event == PRESS and self._ok_at and self._momentum(app, s):
            return
        if self.adjust_side >= 0:
            self._adjust_key(app, s, name, event)
        elif self.run_target >= 0:
            self._run_key(app, name, event)
        elif name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            self.adjust_side = s.active
            self.delta = 0
            self._adjust_key(app, s, name, event)
        elif name == "LEFT" and event == PRESS:
            self.cursor = (self.cursor - 1) % len(self.bar(s))
        elif name == "RIGHT" and event == PRESS:
            self.cursor = (self.cursor + 1) % len(self.bar(s))
        elif name == "OK" and event == PRESS:
            clicks = s.player(s.active).clicks
            self._choose(app, s, self.bar(s)[self.cursor])
            new = app.game.state
            if clicks and new.active == s.active and not new.player(s.active).clicks:
                self._ok_at = app.clock.ticks_ms() or 1    # OK spent the last click
        elif name == "OK" and event == LONG:
            if app.act(A.action(A.ABILITY, s.active, 1, 0), quiet=True):
                app.say("Click used: %d left" % app.game.state.player(s.active).clicks)

    def _momentum(self, app, s):
        """Whether this OK comes in a run of OK presses that spent the last click: the bar
        jumped to End, but End waits for a pause (or another key first), so that pressing on
        cannot end the turn. Each such press restarts the pause."""
        clock = app.clock
        now = clock.ticks_ms()
        if self.bar(s)[self.cursor] == "End" and clock.ticks_diff(now, self._ok_at) < self.END_PAUSE_MS:
            self._ok_at = now or 1
            app.say("Pause, then OK ends turn")
            return True
        self._ok_at = 0
        return False

    def _adjust_key(self, app, s, name, event):
        side = self.adjust_side
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            step = step_of(event)
            delta = self.delta + (step if name == "UP" else -step)
            high = 999 - s.player(side).credits
            self.delta = max(-s.can_pay(side), min(high, delta))
        elif name == "RIGHT" and event == PRESS:
            self.adjust_side = 1 - side
            self.delta = max(-s.can_pay(1 - side), self.delta)
        elif name == "LEFT" and event == PRESS:
            self.adjust_side = -1
        elif name == "OK" and event == PRESS:
            if self.delta:
                verb = A.GAIN if self.delta > 0 else A.PAY
                if not app.act(A.action(verb, side, abs(self.delta))):
                    return
            self.adjust_side = -1

    def _run_key(self, app, name, event):
        """The bar asks where the Runner runs: UP/DOWN (or RIGHT) choose, OK runs, LEFT
        cancels."""
        if event not in (PRESS, REPEAT):
            return
        if name == "DOWN" or name == "RIGHT":
            self.run_target = (self.run_target + 1) % RUN_TARGETS
        elif name == "UP":
            self.run_target = (self.run_target - 1) % RUN_TARGETS
        elif name == "LEFT":
            self.run_target = -1
        elif name == "OK" and event == PRESS:
            server = self.run_target
            self.run_target = -1
            app.act(A.action(A.RUN, RUNNER, server), quiet=True)   # the captions say where

    def _choose(self, app, s, label):
        side = s.active
        if label == "+1cr":
            app.act(A.action(A.GAIN_CREDIT, side), quiet=True)
        elif label == "Draw":
            app.act(A.action(A.DRAW, side))
        elif label == "Adv":
            app.act(A.action(A.ADVANCE, side))
        elif label == "Run":
            self.run_target = HQ     # the bar asks where (HQ first: the most common run)
        elif label == "Acts":
            app.open("firmware.menus", "ActionMenu", side)
        elif label == "More":
            app.open("firmware.menus", "MoreMenu")
        elif label == "End":
            if s.player(side).clicks:
                app.open("firmware.pages", "EndTurn")    # clicks left: ask first
            else:
                end_turn(app)
        elif label == "Steal":
            app.open("firmware.runs", "StealPrompt")
        else:
            result = ("Succ", "Fail", "Jack").index(label)
            app.act(A.action(A.RUN_END, 0, result))


def end_turn(app):
    """End the active side's turn. The dashboard already told what to discard, and the other
    side's header lights up with its clicks; when the Corp's turn begins, the message says the
    turn and the Corp's mandatory draw (in the captions' row, which changes then anyway: no
    extra time to the glass)."""
    s = app.game.state
    # With no clicks left the dashboard said "discard to N" before End; with clicks left the
    # rules' note says how many went unused, and what to discard.
    clicks = s.player(s.active).clicks
    if app.act(A.action(A.END_TURN, s.active), quiet=True, notes=clicks > 0):
        new = app.game.state
        if new.winner < 0:
            app.home()
            if new.active == CORP and not clicks:
                app.say("Turn %d: Corp draws 1" % new.turn)
