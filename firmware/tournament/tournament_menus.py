"""Tournament play and table randomizers: the round timer, calling time, psi games, a random
card from HQ, a die and a coin (More > Tournament).

The timer itself, which runs behind every screen, is firmware.tournament.roundclock.
"""

from engine_lite.netrunner import actions as A
from engine_lite.netrunner.tournament import RANDOM_HQ, RANDOM_DIE, RANDOM_COIN
from firmware.screens.fonts import SMALL, BIG
from firmware.board.buttons import PRESS, LONG, REPEAT
from firmware.screens.ui import Screen, WIDTH
from firmware.screens.widgets import Menu, Item, NumberPrompt, Confirm, title_bar, hint, centered, MEDIUM
from firmware.tournament.match import MatchScreen
from firmware.tournament.roundclock import PRESETS, RoundClock, clock_for, stop_flash


class TournamentMenu(Menu):
    """The round timer, the time call, psi games and randomizers."""

    name = "tournament"

    def __init__(self):
        Menu.__init__(self, "TOURNAMENT")

    def items(self, app):
        s = app.game.state
        clock = clock_for(app)
        called = s.final_turns >= 0
        return [
            Item("Round timer", clock.clock_text() if clock else "off", True,
                 lambda app: app.push(TimerMenu())),
            Item("Call time", "called" if called else "", not called and s.winner < 0,
                 lambda app: app.push(Confirm("CALL TIME", "Call time now? This turn and one "
                                              "more, then points decide.", _call_time))),
            Item("Match", "2 games", True, _match),
            Item("Psi game", "0-2", True, lambda app: app.push(PsiScreen())),
            Item("Card from HQ", "1-N", True, lambda app: app.push(NumberPrompt(
                "CARD FROM HQ", "Cards in HQ", 5, 1, 99,
                lambda app, n: _randomize(app, RANDOM_HQ, n)))),
            Item("Roll a die", "dN", True, lambda app: app.push(NumberPrompt(
                "ROLL A DIE", "Sides", 6, 2, 99, lambda app, n: _randomize(app, RANDOM_DIE, n)))),
            Item("Flip a coin", "", True, lambda app: _randomize(app, RANDOM_COIN, 2)),
        ]


def _match(app):
    app.push(MatchScreen())


def _call_time(app):
    if app.act((A.TIME_CALL, 0, 0, 0, 0)):
        app.home()


# ---- the round timer ----------------------------------------------------------------------------

class TimerMenu(Menu):
    """Start, pause or resume the round timer, or set its length (a preset or any)."""

    name = "timer"

    def __init__(self):
        Menu.__init__(self, "ROUND TIMER")

    def header(self, app):
        clock = app.round_clock
        if clock is None:
            return "off"
        return clock.clock_text() + (" run" if clock.running else " stop")

    def items(self, app):
        clock = app.round_clock
        if clock is None:
            clock = app.round_clock = RoundClock(app.settings.round_s)
        if clock.running:
            first = Item("Pause", clock.clock_text(), True, _pause)
        else:
            word = "Resume" if 0 < clock.left_ms < clock.length_s * 1000 else "Start"
            if clock.left_ms <= 0:
                word = "Time is up"       # (not struck through: it is news, choosing it says why)
            first = Item(word, clock.clock_text(), True, _start)
        items = [first]
        for minutes in PRESETS:
            items.append(Item("%d minutes" % minutes, "set" if clock.length_s == minutes * 60
                              else "", True, _preset(minutes)))
        items.append(Item("Other length", "%d min" % (clock.length_s // 60), True,
                          lambda app: app.push(NumberPrompt(
                              "ROUND LENGTH", "Minutes", app.round_clock.length_s // 60, 1, 600,
                              lambda app, n: _set_length(app, n)))))
        items.append(Item("Timer off", "", True, _off))
        return items


def _start(app):
    if app.round_clock.left_ms <= 0:      # run out while this menu was open: nothing to start
        app.say("Time is up. Pick a length for a new round")
        return
    app.round_clock.start(app, app.clock.ticks_ms())
    app.home()
    app.say("Timer started: %s" % app.round_clock.clock_text())


def _pause(app):
    app.round_clock.pause(app, app.clock.ticks_ms())
    app.say("Timer paused at %s" % app.round_clock.clock_text())


def _preset(minutes):
    return lambda app: _set_length(app, minutes)


def _set_length(app, minutes):
    app.round_clock.set_length(app, minutes)
    while app.screen.name != "timer":
        app.pop()
    app.say("Round: %d minutes. OK starts" % minutes)
    app.screen.cursor = 0


def _off(app):
    stop_flash(app)                   # not left inverted by a warning under way
    app.round_clock = None
    app.settings.clock_s = -1
    app.settings_changed(in_parts=False)
    app.home()
    app.say("Timer off")


# ---- psi games ----------------------------------------------------------------------------------

class PsiScreen(Screen):
    """A psi game: the Corp bids 0-2 while the Runner looks away, then the Runner bids while the
    Corp's bid stays hidden; OK then reveals both, and both are paid (`psi C R`).

    With a panel for each seat (the display's `seats`), whatever one panel shows the other
    shows too, and nobody can look away from their own panel: a bid is then one key, DOWN 0,
    OK 1, UP 2, and no digit of it is drawn until the reveal (issue 35)."""

    key_line = True        # (a message goes over its title: Screen.toast_box)

    name = "psi"
    SIDES = ("CORP", "RUNNER")

    def __init__(self):
        self.stage = 0            # 0: the Corp bids, 1: the Runner bids, 2: revealed
        self.bids = [0, 0]

    def draw(self, app, fb):
        if self.stage == 2:
            title_bar(fb, "PSI GAME", "revealed")
            corp, runner = self.bids
            centered(fb, MEDIUM, "Corp %d   Runner %d" % (corp, runner), 14)
            word = "EQUAL" if corp == runner else "DIFFERENT"
            width = MEDIUM.measure(word) + 8
            fb.fill_rect((WIDTH - width) // 2, 29, width, 13, 1)
            centered(fb, MEDIUM, word, 31, 0)
            hint(fb, "both paid        OK done")
            return
        side = self.SIDES[self.stage]
        title_bar(fb, "PSI GAME", "%s bids" % side.lower())
        if app.display.seats > 1:            # (both seats see this: no digit of a bid)
            if self.stage == 1:
                centered(fb, MEDIUM, "Corp has bid", 14)
            centered(fb, MEDIUM, "%s: one key" % side.capitalize(), 30)
            hint(fb, "v 0   OK 1   ^ 2  < back")
            return
        if self.stage == 1:
            SMALL.draw(fb, "Corp's bid: hidden", 2, 12)
        else:
            SMALL.draw(fb, "Runner: look away", 2, 12)
        text = str(self.bids[self.stage])
        BIG.draw(fb, text, (WIDTH - BIG.measure(text)) // 2, 24)
        hint(fb, "^v bid 0-2  OK %s" % ("next" if self.stage == 0 else "reveal"))

    def on_button(self, app, name, event):
        if (self.stage < 2 and app.display.seats > 1 and event == PRESS
                and name in ("DOWN", "OK", "UP")):
            self.bids[self.stage] = ("DOWN", "OK", "UP").index(name)     # the bid is the key
            self._next(app)
        elif self.stage < 2 and name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            bid = self.bids[self.stage] + (1 if name == "UP" else -1)
            self.bids[self.stage] = max(0, min(2, bid))
        elif name == "OK" and event == PRESS:
            self._next(app)
        else:            # LEFT: back (before the reveal nothing was paid); held: undo
            Screen.on_button(self, app, name, event)

    def _next(self, app):
        """The bid is in: the Runner's turn to bid, the reveal, or (revealed) back home."""
        if self.stage == 0:
            self.stage = 1
        elif self.stage == 1:
            if app.act((A.PSI, 0, self.bids[0], self.bids[1], 0), notes=False, quiet=True):
                self.stage = 2
            else:                  # a bid a side cannot pay: the reason shows; bid again
                self.stage = 0
                self.bids = [0, 0]
        else:
            app.home()


# ---- randomizers --------------------------------------------------------------------------------

def uniform(app, count):
    """A number 1..count from the board's random source, every value equally likely (bytes
    that would favour the low numbers are drawn again)."""
    span = 65536 - 65536 % count
    while True:
        value = (app.random() << 8) | app.random()
        if value < span:
            return value % count + 1


def _randomize(app, kind, count):
    """Draw, keep the result in the game's history (the log shows it as a comment), show it."""
    result = uniform(app, count)
    if app.act((A.RANDOM, 0, kind, count, result), quiet=True):
        app.home()
        app.push(RandomResult(kind, count, result))


class RandomResult(Screen):
    """A randomizer's result in large type; OK (or LEFT) goes back to the game."""

    key_line = True        # (a message goes over its title: Screen.toast_box)

    name = "random"

    def __init__(self, kind, count, result):
        self.kind = kind
        self.count = count
        self.result = result

    def draw(self, app, fb):
        kind, count, result = self.kind, self.count, self.result
        if kind == RANDOM_COIN:
            title_bar(fb, "COIN")
            centered(fb, MEDIUM, "HEADS" if result == 1 else "TAILS", 26)
        else:
            title_bar(fb, "CARD FROM HQ" if kind == RANDOM_HQ else "DIE", "of %d" % count
                      if kind == RANDOM_HQ else "d%d" % count)
            centered(fb, BIG, str(result), 18)
            if kind == RANDOM_HQ:
                centered(fb, SMALL, "counting from the left", 42)
        hint(fb, "in the log   OK done")

    def on_button(self, app, name, event):
        if name == "OK" and event == PRESS:
            app.home()
        else:
            Screen.on_button(self, app, name, event)
