"""The game's main screens: dashboard, quick credits, end of turn, win, game log.

Dashboard keys (two presses at most for the common actions):
    OK          action menu of the side whose turn it is (first item: +1 credit for a click);
                during a run, the run screen
    hold OK     use a click (a card ability that costs one click)
    UP / DOWN   credits +1 / -1 for the active side, then OK to gain or pay them
    RIGHT       end the turn (OK confirms)
    LEFT        more: trace, tags and damage, agenda points, counters, log, settings, new game
"""

from engine_lite.state import CORP, RUNNER, NO_WINNER, WIN_AGENDA, WIN_FLATLINE, server_name
from engine_lite import actions as A
from firmware.fonts import SMALL, MEDIUM, BIG
from firmware.buttons import PRESS, LONG, REPEAT
from firmware.ui import Screen, Confirm, WIDTH, HEIGHT, title_bar, hint, centered, step_of

SIDES = ("CORP", "RUNNER")
Sides = ("Corp", "Runner")


class Dashboard(Screen):
    """Everything a player glances at, for both sides."""

    name = "dashboard"

    def draw(self, app, fb):
        s = app.game.state
        side = s.active
        me = s.player(side)
        other = s.player(1 - side)
        runner = s.runner
        title_bar(fb, "%s TURN %d" % (SIDES[side], s.turn),
                  "AP %d-%d/%d" % (s.corp.agenda_points, runner.agenda_points, s.agenda_target))
        # The active side, large: credits and the clicks left as pips (the click tracker card).
        text = str(me.credits)
        x = BIG.draw(fb, text, 0, 11)
        SMALL.draw(fb, "cr", x + 1, 19)
        pips = max(me.clicks_per_turn, me.clicks)
        if pips <= 6:
            for i in range(pips):
                if i < me.clicks:
                    fb.fill_rect(i * 10, 30, 8, 8, 1)
                else:
                    fb.rect(i * 10, 30, 8, 8, 1)
        else:
            SMALL.draw(fb, "%d clicks" % me.clicks, 0, 30)
        if me.clicks == 0:
            SMALL.draw(fb, "Discard to %d" % me.max_hand_size, 0, 42)
        else:
            SMALL.draw(fb, "%d click%s" % (me.clicks, "" if me.clicks == 1 else "s"), 0, 42)
        # The other side and the counters of both.
        fb.vline(63, 11, 41, 1)
        x = 66
        SMALL.draw(fb, "%s %dcr" % (Sides[1 - side], other.credits), x, 11)
        SMALL.draw(fb, "Tags %d BD %d" % (runner.tags, runner.brain_damage), x, 21)
        SMALL.draw(fb, "Hand R%d C%d" % (runner.max_hand_size, s.corp.max_hand_size), x, 31)
        SMALL.draw(fb, "BP %d Link %d" % (s.corp.bad_publicity, runner.link), x, 41)
        # Bottom line: the run in progress, or what the keys do.
        if s.in_run:
            fb.fill_rect(0, 55, WIDTH, 9, 1)
            SMALL.draw(fb, "RUN %s" % server_name(s.run_server), 2, 56, 0)
            if s.run_bp_credits:
                text = "BP cr %d" % s.run_bp_credits
                SMALL.draw(fb, text, WIDTH - 2 - SMALL.measure(text), 56, 0)
        elif me.clicks == 0:
            hint(fb, "No clicks: > end turn")
        else:
            hint(fb, "OK act ^v cr > end <more")

    def on_button(self, app, name, event):
        from firmware import menus
        s = app.game.state
        if name == "OK" and event == PRESS:
            app.push(menus.RunScreen() if s.in_run else menus.ActionMenu(s.active))
        elif name == "OK" and event == LONG:
            if app.act(A.action(A.ABILITY, s.active, 1, 0), quiet=True):
                app.say("Click used: %d left" % app.game.state.player(s.active).clicks)
        elif name in ("UP", "DOWN") and event == PRESS:
            app.push(QuickCredits(s.active, 1 if name == "UP" else -1))
        elif name == "RIGHT" and event == PRESS:
            app.push(EndTurn())
        elif name == "LEFT" and event == PRESS:
            app.push(menus.MoreMenu())


class QuickCredits(Screen):
    """Gain or pay credits: the change is shown before OK commits it.

    UP/DOWN +-1 (held: +-5), RIGHT switches side, OK gains or pays, LEFT cancels.
    """

    name = "credits"

    def __init__(self, side, delta):
        self.side = side
        self.delta = delta

    def _available(self, s):
        """Credits the side can pay now (the Runner's bad-publicity credits during a run)."""
        bp = s.run_bp_credits if (self.side == RUNNER and s.in_run) else 0
        return s.player(self.side).credits + bp

    def draw(self, app, fb):
        s = app.game.state
        credits = s.player(self.side).credits
        title_bar(fb, "%s CREDITS" % SIDES[self.side], "> side")
        BIG.draw(fb, str(credits), 4, 13)
        MEDIUM.draw(fb, ">", 58, 16)
        after = credits + self.delta
        if self.delta < 0 and s.in_run and self.side == RUNNER:
            after = credits - max(0, -self.delta - s.run_bp_credits)
        text = str(max(after, 0))
        BIG.draw(fb, text, WIDTH - 4 - BIG.measure(text), 13)
        change = ("+%d" if self.delta >= 0 else "%d") % self.delta
        centered(fb, MEDIUM, change, 32)
        if self.delta > 0:
            action = "OK: gain %d" % self.delta
        elif self.delta < 0:
            action = "OK: pay %d" % -self.delta
        else:
            action = "OK: no change"
        centered(fb, SMALL, action, 45)
        hint(fb, "^v +-1 hold +-5   < back")

    def on_button(self, app, name, event):
        s = app.game.state
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            step = step_of(event)
            delta = self.delta + (step if name == "UP" else -step)
            low = -self._available(s)
            high = 999 - s.player(self.side).credits
            self.delta = max(low, min(high, delta))
        elif name == "RIGHT" and event == PRESS:
            self.side = 1 - self.side
            self.delta = max(-self._available(s), self.delta)
        elif name == "OK" and event == PRESS:
            if self.delta == 0:
                app.pop()
                return
            verb = A.GAIN if self.delta > 0 else A.PAY
            if app.act(A.action(verb, self.side, abs(self.delta))):
                app.pop()
        else:
            Screen.on_button(self, app, name, event)


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
            s = app.game.state
            if app.act(A.action(A.END_TURN, s.active), quiet=True):
                if app.game.state.winner == NO_WINNER:
                    app.home()
                    new = app.game.state
                    app.say("%s's turn %d: %d clicks" % (
                        Sides[new.active], new.turn, new.player(new.active).clicks))
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
                line = "%d %s" % (index + 1, A.format_action(act))
                SMALL.draw(fb, line[:25], 0, y)
            index += 1

    def on_button(self, app, name, event):
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            step = step_of(event)
            top = self.top + (step if name == "DOWN" else -step)
            self.top = max(0, min(max(0, app.game.count - self.ROWS), top))
        else:
            Screen.on_button(self, app, name, event)
