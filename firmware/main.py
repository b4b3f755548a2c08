"""Start the tracker: build it from the pin map, resume the saved game, run the main loop.

On the Pico, the board's /main.py is just:

    from firmware.main import run
    run()

`Device` is one pass of the main loop (buttons and screens, saving, the watchdog, the crash
screen); the desktop simulator drives the same class with its own clock and flash folder.
"""

from firmware import hw, forget
from firmware.app import App
from firmware.buttons import ButtonPad
from firmware.display import Display
from firmware.fonts import SMALL
from firmware.settings import Settings
from firmware.storage import Storage, Saver, checksum

WATCHDOG_MS = 8000     # the RP2040's watchdog allows at most 8.3 s
ERROR_SHOW_MS = 4000   # how long the error screen stays before the restart
ERROR_LOG = "error.log"
ERROR_LOG_LIMIT = 4096   # then error.log becomes error.log.old and a new one starts


def build(pins, clock, settings=None, game=None):
    """The App, wired as the pin map says."""
    i2c_pins = pins["i2c"]
    size = pins.get("display", {})
    display = Display(hw.open_i2c(pins), i2c_pins.get("address", 0x3C),
                      size.get("width", 128), size.get("height", 64))
    pad = ButtonPad(hw.open_buttons(pins), clock, clock.ticks_ms())
    buzzer = hw.Buzzer(pins.get("buzzer"))
    return App(display, pad, clock, settings, game, buzzer)


def load_pins(path="hardware/pins.json"):
    """Read and check the pin map; the checking code is only needed now, so it is let go."""
    from firmware import pins
    data = pins.load(path)
    forget("firmware.pins")
    return data


class Device:
    """The tracker as the main loop runs it: the App, saving to flash, the watchdog, and what
    happens when the firmware itself fails."""

    def __init__(self, pins, clock, flash, watchdog=None):
        self.clock = clock
        self.flash = flash
        self.storage = Storage(flash)
        settings = Settings()
        notices = [self.storage.load_settings(settings)]
        game, notice = self.storage.load()
        notices.append(notice)
        self.app = build(pins, clock, settings, game)
        self.saver = Saver(self.app, self.storage, clock)
        self.watchdog = watchdog
        self.POLL_MS = self.app.POLL_MS
        text = " ".join(n for n in notices if n)
        if text:
            self.app.say(text)

    def tick(self, now):
        """One pass of the main loop. An exception in the firmware shows the error screen,
        saves the game and restarts the board."""
        try:
            self.app.tick(now)
            self.saver.tick(now)
        except Exception as error:   # the last line of defence: never a silent hang
            self.crash(error)
        if self.watchdog:
            self.watchdog.feed()

    def crash(self, error):
        """Show a short error code, keep the game, log the details, restart."""
        import io
        import sys
        trace = io.StringIO()
        # (the Pico stubs type these two too narrowly: MicroPython's StringIO works here)
        sys.print_exception(error, trace)  # pyright: ignore[reportArgumentType]
        details = trace.getvalue()  # pyright: ignore[reportAttributeAccessIssue]
        code = "E%04X" % (checksum(details.encode()) & 0xFFFF)
        try:
            self.saver.flush()
        except Exception:
            pass
        try:
            old = self.flash.read(ERROR_LOG)
            if old is not None and len(old) > ERROR_LOG_LIMIT:
                self.flash.rename(ERROR_LOG, ERROR_LOG + ".old")   # keep the flash from filling
            self.flash.append(ERROR_LOG, ("%s\n%s\n" % (code, details)).encode())
        except Exception:
            pass
        fb = self.app.fb
        fb.fill(0)
        fb.fill_rect(0, 0, 128, 9, 1)
        SMALL.draw(fb, "NETCLICK ERROR " + code, 2, 1, 0)
        SMALL.draw(fb, type(error).__name__[:25], 2, 14)
        SMALL.draw(fb, "The game is saved.", 2, 30)
        SMALL.draw(fb, "Restarting...", 2, 40)
        SMALL.draw(fb, "Details: error.log", 2, 54)
        self.app.display.set_power(True)
        self.app.display.show()
        waited = 0
        while waited < ERROR_SHOW_MS:
            if self.watchdog:
                self.watchdog.feed()
            self.clock.sleep_ms(100)
            waited += 100
        hw.restart()


def run(pins_path="hardware/pins.json"):
    """The main loop: tick, then sleep until the next poll (no busy-waiting)."""
    clock = hw.Clock()
    device = Device(load_pins(pins_path), clock, hw.Flash(), hw.open_watchdog(WATCHDOG_MS))
    while True:
        device.tick(clock.ticks_ms())
        clock.sleep_ms(device.POLL_MS)
