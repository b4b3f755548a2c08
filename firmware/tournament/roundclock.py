"""The tournament round timer and the time call, as the dashboard shows them.

A Swiss round is 65 minutes for both games of a match. The timer counts down while running;
at 10, 5 and 1 minutes left the screen flashes and the buzzer (if fitted) sounds; at zero, time
is called in the game (`time-call`): the side whose turn it is finishes it, the other side takes
one more turn, then agenda points decide.

The dashboard shows the timer in 12-pixel glyphs at the right of the Corp's hand-size row
(bottom left, beside "H 5"): minutes ("42m"), then seconds in the last minute ("42s"); after the
time call, "+1" (this turn, then one more) and "LAST" (this is the last turn).

The Pico has no clock that survives a power cut. The time left is saved with the settings (at
each start, pause and minute), so after a restart the timer comes back paused at the time it
had, and says so.

Loaded only in a game with a timer or a time call (the dashboard imports it then); the menus
that set the timer are firmware.tournament.tournament_menus.
"""

PRESETS = (35, 40, 60, 65, 75)     # minutes: the usual round lengths
WARNINGS = (600, 300, 60)          # seconds left when the players are warned
FLASH_MS = 1200                    # a warning inverts the screen this long
SAVE_EVERY_S = 60                  # while running, the time left is saved this often


class RoundClock:
    """A countdown of `length_s` seconds; `left_s` is kept in the settings (clock_s)."""

    def __init__(self, length_s, left_s=None):
        self.length_s = length_s
        self.left_ms = (length_s if left_s is None else left_s) * 1000
        self.running = False
        self._last = 0            # the tick the time left was last counted down to
        self._text = None         # what the dashboard shows (a change redraws it)
        self._second = None       # the second of the time left that tick() last looked at
        self._flash_until = None
        self._saved_s = self.left_ms // 1000

    # ---- control ----------------------------------------------------------------------------

    def start(self, app, now):
        """Start or resume counting down."""
        if self.left_ms > 0:
            self.running = True
            self._last = now
            self._save(app)

    def pause(self, app, now):
        """Stop counting (the time left stays)."""
        self._count(app, now)
        self.running = False
        self._save(app)

    def set_length(self, app, minutes):
        """A new round length; the timer is reset to it, paused."""
        self.length_s = minutes * 60
        self.left_ms = self.length_s * 1000
        self.running = False
        app.settings.round_s = self.length_s
        self._save(app)

    # ---- each pass of the main loop -----------------------------------------------------------

    def tick(self, app, now):
        """Count down; warn; call time at zero; keep the dashboard's text current."""
        if self.running:
            self._count(app, now)
        if self._flash_until is not None and app.clock.ticks_diff(now, self._flash_until) >= 0:
            self._flash_until = None
            _invert(app, False)
        second = (self.left_ms + 999) // 1000
        if second != self._second:     # what it shows changes at most once a second
            self._second = second
            text = self.text()
            # The dashboard shows minutes; the timer's own screens show the seconds too.
            if text != self._text or app.screen.name in ("timer", "tournament"):
                self._text = text
                app.dirty = True

    def _count(self, app, now):
        before = self.left_ms
        self.left_ms -= app.clock.ticks_diff(now, self._last)
        self._last = now
        if self.left_ms <= 0:
            self.left_ms = 0
            self.running = False
            self._save(app)
            self._warn(app, now, 1500)
            act = app.game.rules.time_up(app.game.state)     # Netrunner: the time call
            if act:
                app.act(act)                  # its note says who plays the final turns
            else:
                app.say("Time!")
            return
        for seconds in WARNINGS:
            if before > seconds * 1000 >= self.left_ms:
                self._warn(app, now, 400)
                app.say("%d minute%s left" % (seconds // 60, "s" if seconds > 60 else ""))
        if self._saved_s - self.left_ms // 1000 >= SAVE_EVERY_S:
            self._save(app)

    def _warn(self, app, now, beep_ms):
        """Flash the screen (and wake it) and sound the buzzer."""
        app.last_input = now          # the players should see it: undim, wake
        if app.dimmed or app.blanked:
            app._wake()
        _invert(app, True)
        self._flash_until = app.clock.ticks_add(now, FLASH_MS)
        if app.buzzer:
            app.buzzer.beep(now, app.clock, 1800, beep_ms)

    def _save(self, app):
        self._saved_s = self.left_ms // 1000
        app.settings.clock_s = self._saved_s
        app.settings_changed(in_parts=True)

    # ---- words --------------------------------------------------------------------------------

    def text(self):
        """The time left as the dashboard shows it: '42m' (minutes, rounded up), '42s' in the
        last minute."""
        seconds = (self.left_ms + 999) // 1000
        if seconds > 60:
            return "%dm" % ((seconds + 59) // 60)
        return "%ds" % seconds

    def clock_text(self):
        """The time left as m:ss (the timer's own screen)."""
        seconds = (self.left_ms + 999) // 1000
        return "%d:%02d" % (seconds // 60, seconds % 60)


def stop_flash(app):
    """End a warning's flash now (the timer is going away)."""
    clock = app.round_clock
    if clock is not None and clock._flash_until is not None:
        clock._flash_until = None
        _invert(app, False)


def _invert(app, on):
    try:
        app.display.invert(on)
    except OSError:              # an OLED that does not answer: firmware.board.display retries it
        pass


def clock_for(app):
    """The app's round clock, made from the settings when there is one (after a restart: paused,
    and the players are told); None without a timer."""
    clock = app.round_clock
    if clock is None and app.settings.clock_s >= 0:
        clock = app.round_clock = RoundClock(app.settings.round_s, app.settings.clock_s)
        app.say("Timer paused at %s (restarted)" % clock.clock_text())
    return clock


def corner_text(app, s):
    """What the dashboard shows of the round at the right of the Corp's hand-size row, in
    12-pixel glyphs (firmware.netrunner.dashboard.clock_counter): the time call's turns ('+1',
    'LAST'), the timer, or None."""
    final = getattr(s, "final_turns", -1)       # (an Infiltration game has no time call)
    if final > 0:
        return "LAST" if final == 1 else "+1"
    clock = clock_for(app)
    return clock.text() if clock else None
