"""The dashboard: everything a player glances at, and the most common actions without leaving it.

    +----------------------------------------+
    | CORP TURN 3              AP 2-1/7      |  whose turn, agenda points against the target
    | 12cr          | Runner 7cr             |  active side's credits, large | the other side
    | [#][#][ ]     | Tags 1 BD 0            |  clicks left as pips          | Runner counters
    | 2 clicks      | Hand R5 C5             |
    |               | BP 1 Link 0            |  Corp bad publicity, Runner link
    | RUN R&D  BP cr 1                        |  the run in progress, or a message
    |[+1cr] Draw  Adv  Acts  More  End        |  the action bar
    +----------------------------------------+

Keys:
    LEFT / RIGHT   move along the action bar         OK       do the highlighted action
    UP / DOWN      credits +1 / -1 (held: 5), then OK gains or pays them (LEFT cancels,
                   RIGHT switches to the other side's credits)
    hold OK        use a click (a card ability that costs one click)
    hold LEFT      undo                              hold RIGHT   redo

The bar: +1cr (click for a credit), Draw, Adv (Corp: advance) or Run (Runner), Acts (every
action with its cost), More (trace, damage, counters, log, settings...), End (end the turn).
When the last click is spent, the bar jumps to End. During a run the bar is Succ, Fail, Jack
(out), Steal, More; pay with DOWN, OK.
"""

from engine_lite.state import RUNNER, server_name
from engine_lite import actions as A
from firmware.fonts import SMALL, BIG
from firmware.buttons import PRESS, LONG, REPEAT
from firmware.ui import Screen, WIDTH, HEIGHT, step_of

SIDES = ("CORP", "RUNNER")
Sides = ("Corp", "Runner")

CORP_BAR = ("+1cr", "Draw", "Adv", "Acts", "More", "End")
RUNNER_BAR = ("+1cr", "Draw", "Run", "Acts", "More", "End")
RUN_BAR = ("Succ", "Fail", "Jack", "Steal", "More")
BAR_Y = 56
STATUS_Y = 46


class Dashboard(Screen):
    """The home screen, always at the bottom of the App's stack."""

    name = "dashboard"

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

    # ---- drawing ------------------------------------------------------------------------------

    def __init__(self):
        self.cursor = 0
        self._bar_mode = None      # (side, in a run, clicks left): the cursor resets when it changes
        self.adjust_side = -1      # the side whose credits are being adjusted (-1: none)
        self.delta = 0
        # Parts of the dashboard, each redrawn only when what it shows changes (Screen.part).
        self._keys = [None] * 10

    def update(self, app, fb):
        s = app.game.state
        self._follow_state(s)
        side = s.active
        me = s.player(side)
        other = s.player(1 - side)
        runner = s.runner
        corp = s.corp
        part = self.part
        # Row 0: whose turn, agenda points.
        if part(fb, 0, (side, s.turn, corp.agenda_points, runner.agenda_points, s.agenda_target),
                0, 0, WIDTH, 8):
            fb.fill_rect(0, 0, WIDTH, 8, 1)
            SMALL.draw(fb, "%s TURN %d" % (SIDES[side], s.turn), 1, 0, 0)
            text = "AP %d-%d/%d" % (corp.agenda_points, runner.agenda_points, s.agenda_target)
            SMALL.draw(fb, text, WIDTH - 1 - SMALL.measure(text), 0, 0)
        # Left: the active side's credits (large) and clicks (pips, like the click tracker).
        if part(fb, 1, me.credits, 0, 9, 62, 16):
            x = BIG.draw(fb, str(me.credits), 0, 9)
            SMALL.draw(fb, "cr", x + 1, 17)
        if part(fb, 2, (me.clicks_per_turn, me.clicks), 0, 27, 62, 8):
            pips = max(me.clicks_per_turn, me.clicks)
            if pips <= 6:
                for i in range(pips):
                    if i < me.clicks:
                        fb.fill_rect(i * 10, 27, 8, 8, 1)
                    else:
                        fb.rect(i * 10, 27, 8, 8, 1)
        if part(fb, 3, (me.clicks, me.max_hand_size), 0, 37, 65, 8):
            if me.clicks:
                SMALL.draw(fb, "%d click%s" % (me.clicks, "" if me.clicks == 1 else "s"), 0, 37)
            else:
                SMALL.draw(fb, "Discard to %d" % me.max_hand_size, 0, 37)
            fb.vline(62, 37, 8, 1)
        # Right: the other side's credits, then the counters of both sides.
        if part(fb, 4, True, 62, 9, 1, 28):
            fb.vline(62, 9, 28, 1)
        x = 65
        if part(fb, 5, (side, other.credits), x, 9, WIDTH - x, 8):
            SMALL.draw(fb, "%s %dcr" % (Sides[1 - side], other.credits), x, 9)
        if part(fb, 6, (runner.tags, runner.brain_damage), x, 18, WIDTH - x, 8):
            SMALL.draw(fb, "Tags %d BD %d" % (runner.tags, runner.brain_damage), x, 18)
        if part(fb, 7, (runner.max_hand_size, corp.max_hand_size), x, 27, WIDTH - x, 8):
            SMALL.draw(fb, "Hand R%d C%d" % (runner.max_hand_size, corp.max_hand_size), x, 27)
        if part(fb, 8, (corp.bad_publicity, runner.link), x, 36, WIDTH - x, 8):
            SMALL.draw(fb, "BP %d Link %d" % (corp.bad_publicity, runner.link), x, 36)
        # Status line (the run in progress), and at the bottom the pending credit change or the
        # action bar.
        adjusting = self.adjust_side >= 0
        if adjusting:
            adjusted = s.player(self.adjust_side)
            bottom = (True, self.adjust_side, self.delta, adjusted.credits,
                      s.bp_credits(self.adjust_side))
        else:
            bottom = (False, self.bar(s), self.cursor)
        if part(fb, 9, (s.in_run, s.run_server, s.run_bp_credits, bottom), 0, STATUS_Y, WIDTH,
                HEIGHT - STATUS_Y):
            if s.in_run:
                SMALL.draw(fb, "RUN %s" % server_name(s.run_server), 0, STATUS_Y)
                if s.run_bp_credits:
                    text = "BP cr %d" % s.run_bp_credits
                    SMALL.draw(fb, text, WIDTH - SMALL.measure(text), STATUS_Y)
            if adjusting:
                self._draw_adjust(s, fb)
            else:
                self._draw_bar(s, fb)

    def _draw_bar(self, s, fb):
        labels = self.bar(s)
        # Each cell is as wide as its label; the spare pixels are shared out as gaps.
        spare = WIDTH
        for label in labels:
            spare -= SMALL.measure(label)
        x = 0
        for i in range(len(labels)):
            label = labels[i]
            width = SMALL.measure(label) + spare // len(labels) + (1 if i < spare % len(labels) else 0)
            if i == self.cursor:
                fb.fill_rect(x, BAR_Y, width, 8, 1)
            SMALL.draw(fb, label, x + (width - SMALL.measure(label)) // 2, BAR_Y,
                       0 if i == self.cursor else 1)
            x += width

    def _draw_adjust(self, s, fb):
        side = self.adjust_side
        credits = s.player(side).credits
        after = credits + self.delta
        if self.delta < 0:
            after = credits - max(0, -self.delta - s.bp_credits(side))   # bad publicity first
        fb.fill_rect(0, BAR_Y, WIDTH, 8, 1)
        text = "%s %+d=%dcr" % (Sides[side], self.delta, max(after, 0))
        SMALL.draw(fb, text, 1, BAR_Y, 0)
        verb = "gain" if self.delta > 0 else ("pay" if self.delta < 0 else "--")
        text = "OK %s" % verb
        SMALL.draw(fb, text, WIDTH - 1 - SMALL.measure(text), BAR_Y, 0)

    # ---- keys ---------------------------------------------------------------------------------

    def on_button(self, app, name, event):
        s = app.game.state
        self._follow_state(s)
        if self.adjust_side >= 0:
            self._adjust_key(app, s, name, event)
        elif name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            self.adjust_side = s.active
            self.delta = 0
            self._adjust_key(app, s, name, event)
        elif name == "LEFT" and event == PRESS:
            self.cursor = (self.cursor - 1) % len(self.bar(s))
        elif name == "RIGHT" and event == PRESS:
            self.cursor = (self.cursor + 1) % len(self.bar(s))
        elif name == "OK" and event == PRESS:
            self._choose(app, s, self.bar(s)[self.cursor])
        elif name == "OK" and event == LONG:
            if app.act(A.action(A.ABILITY, s.active, 1, 0), quiet=True):
                app.say("Click used: %d left" % app.game.state.player(s.active).clicks)

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

    def _choose(self, app, s, label):
        side = s.active
        if label == "+1cr":
            app.act(A.action(A.GAIN_CREDIT, side), quiet=True)
        elif label == "Draw":
            app.act(A.action(A.DRAW, side))
        elif label == "Adv":
            app.act(A.action(A.ADVANCE, side))
        elif label == "Run":
            app.open("firmware.runs", "ServerMenu")
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
    """End the active side's turn; say what to discard and whose turn it is now."""
    s = app.game.state
    if app.act(A.action(A.END_TURN, s.active), quiet=True):
        new = app.game.state
        if new.winner < 0:
            app.home()
            note = app.game.last_note or ""
            app.say("%s. %s: %d clicks" % (note.split(". ")[-1], Sides[new.active],
                                           new.player(new.active).clicks))
