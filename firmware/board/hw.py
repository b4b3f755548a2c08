"""The thin hardware layer: the only firmware module that touches `machine` and the clock.

The simulator runs this same file on CPython with host stand-ins for `machine`; everything above
it (buttons, display, screens) receives objects made here and never imports `machine` itself.
"""

import os
import time

import machine


class Clock:
    """Milliseconds from MicroPython's wrapping tick counter."""

    def ticks_ms(self):
        """Now, in ms (wraps: compare with ticks_diff)."""
        return time.ticks_ms()

    def ticks_diff(self, later, earlier):
        """later - earlier, correct across the counter's wrap."""
        return time.ticks_diff(later, earlier)

    def ticks_add(self, ticks, delta):
        """ticks + delta, wrapping like the counter."""
        return time.ticks_add(ticks, delta)

    def ticks_us(self):
        """Now, in microseconds (wraps: compare with ticks_diff): for timing measurements."""
        return time.ticks_us()

    def sleep_ms(self, ms):
        """Sleep, letting the chip idle."""
        time.sleep_ms(ms)



def open_i2c(pins):
    """The I2C bus the display is on, at the pin map's frequency (400 kHz)."""
    i2c = pins["i2c"]
    return machine.I2C(i2c["id"], scl=machine.Pin(i2c["scl"]), sda=machine.Pin(i2c["sda"]),
                       freq=i2c.get("freq", 400000))


def random_byte():
    """A byte from the RP2040's hardware random source (os.urandom; CPython's on a host)."""
    return os.urandom(1)[0]


def open_buttons(pins):
    """{button name: input Pin with pull-up}; a pressed button reads 0."""
    return dict((name, machine.Pin(number, machine.Pin.IN, machine.Pin.PULL_UP))
                for name, number in pins["buttons"].items())


class Buzzer:
    """An optional piezo on a PWM pin. `beep` starts a tone; `tick` stops it when due."""

    def __init__(self, pin_number):
        self._pwm = machine.PWM(machine.Pin(pin_number)) if pin_number is not None else None
        self._until = None
        self.enabled = True

    def beep(self, now, clock, freq=2000, ms=30):
        """Start a short tone (no-op without a buzzer or with sound off)."""
        if self._pwm is None or not self.enabled:
            return
        self._pwm.freq(freq)
        self._pwm.duty_u16(16384)
        self._until = clock.ticks_add(now, ms)

    def tick(self, now, clock):
        """Stop the tone once its time is over."""
        if self._pwm is not None and self._until is not None and clock.ticks_diff(now, self._until) >= 0:
            self._pwm.duty_u16(0)
            self._until = None


def open_watchdog(timeout_ms):
    """The hardware watchdog; once started it cannot be stopped, so the main loop must feed it."""
    return machine.WDT(timeout=timeout_ms)


# "No such file": 2 on the Pico (littlefs), Linux, macOS and Windows; 44 on MicroPython's
# WebAssembly port, which passes Emscripten's numbering through (the browser version runs there).
ENOENT = (2, 44)


class Flash:
    """Files in one folder of the filesystem: the Pico's littlefs at "/", or the simulator's
    --save-dir. The only place the firmware reads or writes files.

    On littlefs a file's new contents become visible only when it is closed, and `rename`
    replaces its target atomically: saving (firmware.saving.storage) is built on those two facts.

    Only "no such file" (ENOENT) means a file is missing. Any other error (EIO from a failing
    chip, EROFS, ENOSPC...) is raised, so that a file that could not be read is never taken for
    one that is not there (firmware.saving.resume retries a read that failed).
    """

    def __init__(self, root=""):
        self.root = root.rstrip("/") + "/" if root else ""

    def read(self, name):
        """The file's bytes, or None if there is no such file. Raises OSError when the file is
        there but cannot be read."""
        try:
            with open(self.root + name, "rb") as handle:
                return handle.read()
        except OSError as error:
            if error.args[0] in ENOENT:
                return None
            raise

    def write(self, name, data):
        """Create or replace a file."""
        with open(self.root + name, "wb") as handle:
            handle.write(data)

    def append(self, name, data):
        """Add bytes at the end of a file (creating it)."""
        with open(self.root + name, "ab") as handle:
            handle.write(data)

    def rename(self, old, new):
        """Rename, replacing `new` if it exists (atomic on littlefs)."""
        os.rename(self.root + old, self.root + new)

    def remove(self, name):
        """Delete a file; a file that is not there is no error."""
        try:
            os.remove(self.root + name)
        except OSError as error:
            if error.args[0] not in ENOENT:
                raise

    def exists(self, name):
        """Whether the file is there."""
        try:
            os.stat(self.root + name)
            return True
        except OSError:
            return False

    def free(self):
        """Bytes free on the filesystem, or None if it cannot tell."""
        try:
            info = os.statvfs(self.root or "/")
            return info[1] * info[4]      # fragment size x blocks free to us
        except (OSError, AttributeError):
            return None


def restart():
    """Reset the board (the firmware starts again and resumes the saved game)."""
    machine.reset()
