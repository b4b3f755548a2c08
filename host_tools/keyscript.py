"""Drive the firmware with a key script, on a manual clock, through the simulated board's pins.

Plain Python that runs under CPython and MicroPython (the pixel-parity test runs it inside the
WebAssembly MicroPython with the real C framebuf). A script is a comma-separated list:

    OK              press and release (80 ms), then 120 ms pause
    TAP:OK:30       the same tap held 30 ms (shorter than a long press): quick taps
    LONG:LEFT       hold 900 ms: a hold, taken at the key's first repeat (780 ms; held less
                    than that, OK, LEFT, RIGHT and BACK are a slow tap: firmware.app)
    HOLD:UP:2000    hold for the given ms (long press, then auto-repeat)
    WAIT:5000       nothing pressed for the given ms
    PRESS:UP        press UP and keep it down / RELEASE:UP let it go: for chords
    TURN:+3         three clicks of the knob clockwise (TURN:-2: two the other way), each a
                    quadrature cycle with contact bounce, 8 ms; then 120 ms pause
"""

BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK")
TAP_MS = 80
GAP_MS = 120
LONG_MS = 900


class FakeRandom:
    """A repeatable stand-in for the board's random source (firmware.board.hw.random_byte): the same
    bytes under CPython and MicroPython, so the simulator, the pixel-parity test and the golden
    images agree on every die and first player."""

    def __init__(self, seed=1):
        self.state = seed

    def byte(self):
        """The next byte, 0..255."""
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 16) & 0xFF


class ManualClock:
    """A clock that only moves when told, with firmware.board.hw.Clock's methods: for scripted runs
    (simulator, tests, benchmarks)."""

    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, later, earlier):
        return later - earlier

    def ticks_add(self, ticks, delta):
        return ticks + delta

    def ticks_us(self):
        return self.now * 1000

    def sleep_ms(self, ms):
        self.now += ms


class WrappingClock(ManualClock):
    """A ManualClock whose ticks wrap as MicroPython's ticks_ms() does on a Pico: at 2**30 ms
    (12.4 days), with ticks_diff right only within +-2**29 ms. `now` keeps counting; what the
    firmware sees wraps."""

    PERIOD = 1 << 30

    def ticks_ms(self):
        return self.now % self.PERIOD

    def ticks_diff(self, later, earlier):
        half = self.PERIOD >> 1
        return ((later - earlier + half) % self.PERIOD) - half

    def ticks_add(self, ticks, delta):
        return (ticks + delta) % self.PERIOD


class KeyScriptError(ValueError):
    """A key script word that is not understood."""


def parse(text):
    """Turn a key script into a list of steps: (kind, button, ms)."""
    steps = []
    for word in text.split(","):
        word = word.strip()
        if not word:
            continue
        parts = word.upper().split(":")
        kind = parts[0]
        if kind in BUTTONS and len(parts) == 1:
            steps.append(("TAP", kind, TAP_MS))
        elif (kind == "TAP" and len(parts) == 3 and parts[1] in BUTTONS and _ms(parts[2])
              and int(parts[2]) < _long_ms()):
            steps.append(("TAP", parts[1], int(parts[2])))
        elif kind == "LONG" and len(parts) == 2 and parts[1] in BUTTONS:
            steps.append(("HOLD", parts[1], LONG_MS))
        elif kind == "HOLD" and len(parts) == 3 and parts[1] in BUTTONS and _ms(parts[2]):
            steps.append(("HOLD", parts[1], int(parts[2])))
        elif kind == "WAIT" and len(parts) == 2 and _ms(parts[1]):
            steps.append(("WAIT", None, int(parts[1])))
        elif kind in ("PRESS", "RELEASE") and len(parts) == 2 and parts[1] in BUTTONS:
            steps.append((kind, parts[1], 0))
        elif (kind == "TURN" and len(parts) == 2 and parts[1][:1] in "+-0123456789"
              and _ms(parts[1].lstrip("+-")) and int(parts[1]) and abs(int(parts[1])) <= 99):
            steps.append(("TURN", None, int(parts[1])))
        else:
            shown = word if len(word) <= 24 else word[:24] + "..."
            shown = "".join("?" if ord(ch) < 32 or 127 <= ord(ch) < 160 else ch for ch in shown)
            raise KeyScriptError("key script: cannot read '%s' (try OK, TAP:OK:30, LONG:LEFT,"
                                 " HOLD:UP:2000, WAIT:1000, TURN:+3; times are 0-9 digits, at most"
                                 " a day)"
                                 % shown)
    return steps


def _long_ms():
    """How long a key is held to be a long press: a TAP must be shorter (the firmware's own
    figure, read only for a TAP with a time)."""
    from firmware.board.buttons import Button
    return Button.long_ms


def _ms(text):
    """Whether text is a time in ms: ASCII digits only ('²' passes str.isdigit), at most a day."""
    if not 0 < len(text) <= 8:
        return False
    for ch in text:
        if ch < "0" or ch > "9":
            return False
    return int(text) <= 86400000


QUARTER_MS = 2          # a click of the knob: four edges this far apart, each with a bounce


def knob_edges(clicks):
    """The knob's switch moves for `clicks` clicks (+ clockwise): (switch "a" or "b", closed?)
    for each quarter of each cycle. Clockwise A closes first (firmware.board.knob)."""
    order = (("a", True), ("b", True), ("a", False), ("b", False))
    if clicks < 0:
        order = (("b", True), ("a", True), ("b", False), ("a", False))
    return order * abs(clicks)


class Driver:
    """Presses the simulated board's buttons and runs the app's ticks on a manual clock."""

    def __init__(self, app, clock, pins, poll_ms=None):
        self.app = app
        self.clock = clock
        self.pins = pins["buttons"]
        self.knob = pins.get("knob")
        self.poll_ms = poll_ms or app.POLL_MS

    def run(self, ms):
        """Let `ms` milliseconds pass, one main-loop tick at a time."""
        end = self.clock.now + ms
        while self.clock.now < end:
            self.app.tick(self.clock.ticks_ms())
            self.clock.now += self.poll_ms

    def press(self, button):
        import machine      # the simulated board (host stand-in); not needed to parse scripts
        machine.board.press(self.pins[button])

    def release(self, button):
        import machine
        machine.board.release(self.pins[button])

    def step(self, kind, button, ms):
        """Carry out one parsed step."""
        if kind == "TAP" or kind == "HOLD":
            self.press(button)
            self.run(ms)
            self.release(button)
            self.run(GAP_MS)
        elif kind == "PRESS":
            self.press(button)
            self.run(self.poll_ms)
        elif kind == "RELEASE":
            self.release(button)
            self.run(self.poll_ms)
        elif kind == "TURN":
            import machine
            if not self.knob:
                raise KeyScriptError("key script: TURN needs a knob in the pin map")
            board = machine.board
            for switch, closed in knob_edges(ms):
                pin = self.knob[switch]
                move, back = (board.press, board.release) if closed else (board.release, board.press)
                move(pin)                # the contact bounces once before it settles
                back(pin)
                move(pin)
                self.run(QUARTER_MS)
            self.run(GAP_MS)
        else:
            self.run(ms)

    def play(self, text, after_step=None):
        """Run a whole script; `after_step(index, step)` is called after each step."""
        steps = parse(text)
        for index in range(len(steps)):
            kind, button, ms = steps[index]
            self.step(kind, button, ms)
            if after_step:
                after_step(index, steps[index])
        return len(steps)
