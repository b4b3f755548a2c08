"""The desktop simulator: the unchanged firmware on CPython, showing exactly what the OLED would.

    python -m host_tools.sim                  # a window if there is a display, else the terminal
    python -m host_tools.sim --terminal
    python -m host_tools.sim --headless --keys "OK,OK,RIGHT,OK" --screenshot out.png --dump-state

The firmware runs with host stand-ins for `machine` (Pin, I2C) and `framebuf`
(host_tools/standins), a manual clock, and the real `adafruit_ssd1306` driver, whose I2C bytes
go to an SSD1306 emulator (host_tools/ssd1306_emu.py); what you see is decoded from those bytes.
"""

import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from host_tools.standins import STANDINS, install_standins   # (here for its callers)


class Hang(BaseException):
    """Raised by a test from inside the firmware to stand for a loop that never returns: nothing
    feeds the watchdog any more."""


class Simulator:
    """One simulated Netclick: board, OLED emulator, flash, the firmware's Device, manual clock.

    Saves go to `save_dir` (real files, as `--save-dir`), to `flash` if given (e.g. a
    host_tools.flash.PowerCutFlash), or else to a MemoryFlash. `machine.reset()` and the
    watchdog restart the firmware on the same flash, as a board would.
    """

    POLL_MS = 10

    def __init__(self, pins_path=None, save_dir=None, tap=None, flash=None, seed=1, panel=None,
                 clock=None, pins=None, wired=None):
        """`tap(data)`, if given, sees every I2C write before the OLED emulator does. `seed`
        makes the board's random source (dice, the first player) the same every run. `panel`
        is the emulated OLED's controller, "ssd1306" or "ssd1309" (default: the pin map's).
        `clock`: a host_tools.keyscript clock; by default a WrappingClock from 0, whose ticks
        wrap as a Pico's ticks_ms does (after 12.4 days switched on).
        `pins`: a pin map as data, in place of a file's (a knob's, say). `wired`: the pin map
        the display is really wired as, when not the one the firmware reads (a maker's slip:
        an SPI module with the I2C pin map, say)."""
        from host_tools.keyscript import FakeRandom
        self._random = FakeRandom(seed)
        machine = install_standins()
        from host_tools.flash import FolderFlash
        from host_tools.keyscript import WrappingClock
        from firmware.main import load_pins
        from host_tools.flash import MemoryFlash
        from host_tools.keyscript import Driver
        from host_tools.ssd1306_emu import SSD1306

        machine.board = machine.Board()
        self.board = machine.board
        self.pins = (load_pins(data=pins) if pins is not None else
                     load_pins(pins_path or os.path.join(ROOT, "hardware", "pins.json")))
        wiring = self.pins if wired is None else wired
        self.oled = SSD1306(panel or (wiring.get("display") or {}).get("controller", "ssd1306"))
        first_panel = _Tap(tap, self.oled) if tap else self.oled
        on_spi = (wiring.get("display") or {}).get("bus") == "spi"
        if on_spi:
            spi = wiring["spi"]             # the panel on SPI (firmware.board.spi)
            self.board.spi_devices[spi["id"]] = [(first_panel, spi["cs"], spi["dc"])]
        else:
            self.board.i2c_devices[wiring["i2c"].get("address", 0x3C)] = first_panel
        # The other seat's display, when the pin map names one (display2): None otherwise.
        self.oled2 = None
        second = wiring.get("display2")
        if second and not second.get("absent"):    # (absent: a test's unplugged panel)
            self.oled2 = SSD1306(second.get("controller") or self.oled.controller)
        if self.oled2 is not None and on_spi:
            # On the SPI wires: with the first's chip select it takes every byte the first
            # does, turned by how it lies in the lid; with its own, its own pages.
            self.oled2.turned = (second["cs"] == spi["cs"]
                                 and second.get("rotation", 180) == 180)
            self.board.spi_devices[spi["id"]].append((self.oled2, second["cs"], spi["dc"]))
        elif self.oled2 is not None:
            first = wiring["i2c"].get("address", 0x3C)
            if second["address"] == first:
                # Both modules answer at the first's address: each write reaches both, and the
                # second's picture is turned by how it lies in the lid, not by its controller.
                self.oled2.turned = second.get("rotation", 180) == 180
                self.board.i2c_devices[first] = _Tap(self.oled2.write,
                                                     self.board.i2c_devices[first])
            else:
                self.board.i2c_devices[second["address"]] = self.oled2
        if flash is None:
            if save_dir:
                os.makedirs(save_dir, exist_ok=True)
                flash = FolderFlash(save_dir)
            else:
                flash = MemoryFlash()
        self.flash = flash
        self.clock = clock or WrappingClock()
        self.boots = 0
        self.resets = 0            # restarts through machine.reset() (the crash screen)
        self.watchdog_resets = 0
        self.boot()
        self.driver = Driver(self, self.clock, self.pins)
        self.driver.run(50)

    def boot(self):
        """Start (or restart) the firmware, as power-on or a reset does."""
        from firmware.board import hw
        from firmware.main import Device, WATCHDOG_MS
        self.device = Device(self.pins, self.clock, self.flash, hw.open_watchdog(WATCHDOG_MS))
        self.app = self.device.app
        self.app.random = self._random.byte     # repeatable, for tests and golden images
        self.boots += 1
        self._fed = (self.board.wdt.fed, self.clock.now)

    def tick(self, now):
        """One pass of the firmware's main loop, with the board's reset and watchdog around it."""
        try:
            self.device.tick(now)
        except SystemExit:                 # machine.reset() after the crash screen
            self.resets += 1
            self.boot()
            return
        except Hang:
            self.clock.now += self.board.wdt.timeout + 1
            now = self.clock.now
        wdt = self.board.wdt
        if wdt.fed != self._fed[0]:
            self._fed = (wdt.fed, now)
        elif now - self._fed[1] > wdt.timeout:
            self.watchdog_resets += 1      # the hardware watchdog resets the board
            self.boot()

    def keys(self, text, after_step=None):
        """Play a key script (see host_tools.keyscript)."""
        return self.driver.play(text, after_step)

    def choose(self, *path, down=False):
        """Open a menu row by its words, as a player reads them (issue 39: no positional paths):
        the first word is a cell of the home screen's bar ("More", "Acts"), each next one a row
        of the menu then open; each is walked to the short way round (the bar and the menus
        wrap; `down`: a menu's row always downwards, as a player reading it goes) and chosen
        with OK. Returns the keys pressed, as a key script."""
        app = self.app
        pressed = []

        def walk(steps, count, back, forth, one_way=False):
            keys = [forth] * steps if one_way or steps <= count // 2 else [back] * (count - steps)
            self.keys(",".join(keys + ["OK"]))
            pressed.extend(keys + ["OK"])

        home = app.screens[0]
        bar = home.bar(app.game.state)
        walk((bar.index(path[0]) - home.cursor) % len(bar), len(bar), "LEFT", "RIGHT")
        for words in path[1:]:
            menu = app.screen
            labels = [item.label for item in menu.items(app)]
            if words not in labels:
                raise ValueError("no %r in %s: %s" % (words, menu.name, labels))
            walk((labels.index(words) - menu.cursor) % len(labels), len(labels), "UP", "DOWN",
                 down)
        return ",".join(pressed)

    def turn(self, clicks):
        """Turn the knob (the pin map's "knob") `clicks` clicks, + clockwise, at once: its
        switches' edges, which its interrupts count (the next passes of the loop take them)."""
        from host_tools.keyscript import knob_edges
        knob = self.pins.get("knob")
        if knob:
            for switch, closed in knob_edges(clicks):
                (self.board.press if closed else self.board.release)(knob[switch])

    def run(self, ms):
        """Let time pass with no button pressed."""
        self.driver.run(ms)

    def idle(self, ms, step=60000):
        """Let a long time pass with no button pressed (days: the main loop runs once a `step`,
        with nothing to do between)."""
        end = self.clock.now + ms
        while self.clock.now < end:
            self.clock.now = min(end, self.clock.now + step)
            self.tick(self.clock.ticks_ms())

    def settle(self, limit_ms=5000):
        """Let the clock run until every change is saved, as a device left switched on would."""
        waited = 0
        while self.device.saver.pending() and waited < limit_ms:
            self.run(100)
            waited += 100

    def screenshot(self, path, scale=4):
        """Save what the OLED shows as a PNG (with a second display: both, the other seat's
        below as it looks from this seat: turned 180 degrees, upright for the player across)."""
        image = self.oled.to_image(scale)
        if self.oled2 is not None:
            from PIL import Image
            other = self.oled2.to_image(scale)
            both = Image.new(image.mode, (image.width, image.height * 2 + 4 * scale))
            both.paste(image, (0, 0))
            both.paste(other, (0, image.height + 4 * scale))
            image = both
        image.save(path)

    def state(self):
        """The game state in the replay tool's JSON schema."""
        from engine_lite.logtext import game_dict
        return game_dict(self.app.game)


class _Tap:
    """An I2C device that shows each write to a function, then passes it on."""

    def __init__(self, tap, device):
        self.tap = tap
        self.device = device

    def write(self, data):
        self.tap(data)
        self.device.write(data)

    def spi(self, data, dc):
        """(On SPI: the tap sees the bytes as I2C would carry them, after their control byte.)"""
        self.tap(bytes((0x40 if dc else 0x00,)) + data)
        self.device.spi(data, dc)


# ---- front ends -------------------------------------------------------------------------------

def run_headless(args):
    sim = Simulator(args.pins, args.save_dir)
    from host_tools.keyscript import KeyScriptError
    try:
        sim.keys(args.keys or "")
    except KeyScriptError as error:
        print(error, file=sys.stderr)
        return 2
    sim.run(300)
    sim.settle()
    if args.screenshot:
        sim.screenshot(args.screenshot, args.scale)
    if args.dump_state:
        print(json.dumps(sim.state(), indent=2))
    if args.text:
        print(sim.oled.to_text())
        if sim.oled2 is not None:
            print("\nThe other seat's display, seen from this seat (upright for the player across):")
            print(sim.oled2.to_text())
    return 0


TERMINAL_HELP = ("arrows/WASD press   Enter OK   Backspace BACK   "
                 "l+key long press   u undo  r redo  c hold OK (End)   q quit")


def run_virtual(args):
    """The virtual Pico: --keys are played (headless), else the terminal is the board's buttons.
    What the flash holds afterwards is kept in the virtual Pico's image (a power cycle later
    resumes the game)."""
    from host_tools import vpico
    from host_tools.deploy import deployed_image
    image = deployed_image()
    with vpico.VirtualPico(image) as pico:
        pico.boot()
        if args.headless or args.keys or not sys.stdin.isatty():
            pico.play(args.keys or "")
            pico.run(300)
        else:
            _virtual_terminal(pico)
        if args.text or args.headless:
            print(pico.oled.to_text())
        if args.screenshot:
            pico.oled.to_image(args.scale).save(args.screenshot)
        pico.save_image(image)
    return 0


# Terminal keys: what each sequence presses, and the shortcuts that are long presses.
TERMINAL_KEYS = {"\x1b[A": "UP", "\x1b[B": "DOWN", "\x1b[D": "LEFT", "\x1b[C": "RIGHT",
                 "w": "UP", "s": "DOWN", "a": "LEFT", "d": "RIGHT", "\r": "OK", "\n": "OK",
                 " ": "OK", "\x7f": "BACK", "\x08": "BACK", "[": "[", "]": "]"}   # [ ]: a knob
TERMINAL_SHORTCUTS = {"u": "LEFT", "r": "RIGHT", "c": "OK"}    # undo, redo, hold OK (End: end turn)


def _terminal_loop(advance, frame, press, title=""):
    """Draw `frame()` in this terminal whenever it changes and turn keys into presses: the loop
    of both terminal modes. `advance()` lets time pass; `press(name, long)` presses a button."""
    import select
    import termios
    import tty
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    last = None
    long_next = False
    try:
        sys.stdout.write("\x1b[2J")
        while True:
            advance()
            text = frame()
            if text != last:
                sys.stdout.write("\x1b[H" + text + "\n" + title + TERMINAL_HELP + "\x1b[K\n")
                sys.stdout.flush()
                last = text
            if select.select([sys.stdin], [], [], 0.01)[0]:
                key = os.read(fd, 8).decode(errors="ignore")
                if key == "q":
                    break
                if key == "l":
                    long_next = True
                elif key in TERMINAL_SHORTCUTS:
                    press(TERMINAL_SHORTCUTS[key], True)
                    long_next = False
                elif key in TERMINAL_KEYS:
                    press(TERMINAL_KEYS[key], long_next)
                    long_next = False
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _virtual_terminal(pico):
    """Keys from this terminal press the virtual Pico's buttons; emulated time runs as fast as
    this computer can run it (slower than real time)."""
    def press(name, long):
        if name in ("[", "]"):                # the knob, if the pin map has one
            if pico.pins.get("knob"):
                pico.play("TURN:%d" % (1 if name == "]" else -1))
        else:
            pico.play(("LONG:" if long else "") + name)

    _terminal_loop(lambda: pico.run(20), pico.oled.to_text, press, "Virtual Pico. ")


def run_terminal(args):
    """The OLED drawn with Unicode half blocks; keys read raw from the terminal."""
    sim = Simulator(args.pins, args.save_dir)
    start = [time.monotonic()]

    def advance():
        sim.clock.now = int((time.monotonic() - start[0]) * 1000)
        sim.tick(sim.clock.now)

    def press(name, long):
        from host_tools.keyscript import LONG_MS, TAP_MS
        held = LONG_MS if long else TAP_MS      # (a hold acts at the key's first repeat)
        sim.board.press(sim.pins["buttons"][name])
        end = sim.clock.now + held
        while sim.clock.now < end:
            sim.clock.now += 10
            sim.tick(sim.clock.now)
        sim.board.release(sim.pins["buttons"][name])
        start[0] -= held / 1000.0   # the held time was simulated, not waited

    def press_or_turn(name, long):
        if name in ("[", "]"):
            sim.turn(1 if name == "]" else -1)
        else:
            press(name, long)

    try:
        _terminal_loop(advance, sim.oled.to_text, press_or_turn)
    finally:
        sim.device.saver.flush()          # quitting is not a power cut: save what is pending
        print()
    return 0


def run_window(args):
    """A pygame window with the OLED scaled up; real key-down/up, so holding works as on the
    device. Arrows, Enter = OK, Backspace = BACK, Escape quits."""
    import pygame
    sim = Simulator(args.pins, args.save_dir)
    scale = args.scale
    pygame.display.init()
    if pygame.display.get_driver() in ("offscreen", "dummy") and not args.window:
        pygame.display.quit()             # SDL found no real display: nothing would be seen
        raise RuntimeError("no display for a window")
    pygame.font.init()
    # With a second display (the pin map's display2), it is drawn below the first as it looks
    # from this seat: turned 180 degrees, upright for the player across the table.
    panels = 2 if sim.oled2 is not None else 1
    screen = pygame.display.set_mode((128 * scale + 40, (64 * scale + 20) * panels + 50))
    pygame.display.set_caption("Netclick simulator")
    font = pygame.font.Font(None, 22)
    keys = {pygame.K_UP: "UP", pygame.K_DOWN: "DOWN", pygame.K_LEFT: "LEFT",
            pygame.K_RIGHT: "RIGHT", pygame.K_RETURN: "OK", pygame.K_KP_ENTER: "OK",
            pygame.K_BACKSPACE: "BACK"}
    # With a knob in the pin map: [ and ] turn it a click (the other way, clockwise).
    knob_keys = ({pygame.K_LEFTBRACKET: -1, pygame.K_RIGHTBRACKET: 1} if sim.pins.get("knob")
                 else {})
    start = time.monotonic()
    running = True
    frames = 0
    while running and not (args.frames and frames >= args.frames):
        frames += 1
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
            elif event.type == pygame.KEYDOWN and event.key in knob_keys:
                sim.turn(knob_keys[event.key])
            elif event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in keys:
                pin = sim.pins["buttons"][keys[event.key]]
                if event.type == pygame.KEYDOWN:
                    sim.board.press(pin)
                else:
                    sim.board.release(pin)
        sim.clock.now = int((time.monotonic() - start) * 1000)
        sim.tick(sim.clock.now)
        screen.fill((30, 30, 34))
        for i, oled in enumerate((sim.oled, sim.oled2)[:panels]):
            image = oled.to_image(scale)
            surface = pygame.image.frombytes(image.tobytes(), image.size, image.mode)
            screen.blit(surface, (20, 20 + i * (64 * scale + 20)))
        help_text = "arrows  Enter=OK  Backspace=BACK  hold to long-press  Esc quits" + (
            "  [ ] knob" if knob_keys else "")
        screen.blit(font.render(help_text, True, (200, 200, 200)),
                    (20, (64 * scale + 20) * panels + 15))
        pygame.display.flip()
        time.sleep(0.01)
    sim.device.saver.flush()              # quitting is not a power cut: save what is pending
    pygame.quit()
    return 0


def has_display():
    """Whether a window can be opened here."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or sys.platform in ("darwin", "win32")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.sim", description=__doc__.split("\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--headless", action="store_true", help="no interaction: play --keys and exit")
    mode.add_argument("--terminal", action="store_true", help="draw the OLED in this terminal")
    mode.add_argument("--window", action="store_true", help="open a window (pygame)")
    parser.add_argument("--keys", help='key script, e.g. "RIGHT,RIGHT,OK,LONG:LEFT" (headless)')
    parser.add_argument("--screenshot", metavar="PNG", help="save the final screen (headless)")
    parser.add_argument("--dump-state", action="store_true", help="print the game state as JSON")
    parser.add_argument("--text", action="store_true", help="print the final screen as text")
    parser.add_argument("--save-dir", metavar="DIR", help="the emulated flash: saves go here")
    parser.add_argument("--pins", metavar="JSON", help="pin map (default hardware/pins.json)")
    parser.add_argument("--scale", type=int, default=4, help="screen pixels per OLED pixel")
    parser.add_argument("--frames", type=int, default=0, help="window: quit after N frames (tests)")
    parser.add_argument("--virtual", action="store_true",
                        help="play on the virtual Pico: the real MicroPython rp2 firmware in an "
                             "emulated RP2040, at its own speed (make deploy ARGS=--virtual)")
    args = parser.parse_args(argv)
    if args.virtual:
        return run_virtual(args)
    if args.headless:
        return run_headless(args)
    if args.window or (not args.terminal and has_display()):
        try:
            return run_window(args)
        except Exception as error:        # no usable display after all (SDL, a remote session)
            if args.window:
                raise
            print("no window (%s): using the terminal" % error, file=sys.stderr)
    if not sys.stdin.isatty():
        print("the terminal simulator needs an interactive terminal; try --headless",
              file=sys.stderr)
        return 2
    return run_terminal(args)


if __name__ == "__main__":
    from host_tools import cli
    sys.exit(cli.run(main))
