"""The thin hardware layer: the only firmware module that touches `machine` and the clock.

The simulator runs this same file on CPython with host stand-ins for `machine`; everything above
it (buttons, display, screens) receives objects made here and never imports `machine` itself.
"""

import gc
import os
import sys
import time

import machine

from firmware.board.knob import Knob

try:
    import rp2          # the Pico's flash as a block device (the save journal's region)
except ImportError:
    rp2 = None          # (a host, the browser: no flash of their own)


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



def reset_display(data):
    """Pulse the display's RES pin, if the pin map names one (2.42" SSD1309 modules answer
    nothing on the bus until RES has been low): high, low for 10 ms, high. Done at start-up,
    before the bus is opened (firmware.main.load_pins)."""
    pulse_reset((data.get("display") or {}).get("reset"))


def pulse_reset(number):
    """Pulse RES on GPIO `number` (nothing if None): high, low for 10 ms, high."""
    if number is None:
        return
    sleep = getattr(time, "sleep_ms", None) or (lambda ms: time.sleep(ms / 1000))  # (CPython)
    res = machine.Pin(number, machine.Pin.OUT, value=1)
    sleep(1)
    res.value(0)
    sleep(10)
    res.value(1)
    sleep(1)


def wire_clock(data):
    """On a Pico, the frequency to ask the Pico SDK for, so that the display's bus runs at the
    pin map's i2c "freq" on the wire: set as i2c "asked" (firmware.board.hw.open_i2c).

    The RP2040's I2C block (the RP2350's too) holds SCL high for HCNT + SPKLEN + 7 cycles of the
    system clock and low for LCNT + 1 (RP2040 datasheet, 4.3.14.2), and the SDK asked for a
    frequency splits its period into HCNT and LCNT alone (2 to 3), with SPKLEN an LCNT/16: asked
    for 400 kHz at 200 MHz it gave 380. So it is asked for the period less those cycles; the
    lines' rise time can only make the wire slower, never faster than the panel's datasheet
    allows (make bench: the rhythm sweep, a whole picture 1.2 ms sooner). Done at start-up
    (firmware.main.load_pins)."""
    if sys.platform != "rp2":
        return
    i2c = data["i2c"]
    clock = machine.freq()
    need = -(-clock // i2c.get("freq", 400000))    # the cycles a period takes at least
    period = (need - 8) * 80 // 83                 # the period asked for: `need` cycles on the wire
    while period + period * 3 // 5 // 16 + 8 < need:
        period += 1
    i2c["asked"] = clock // period                 # (the SDK rounds it back to `period`)


def open_i2c(pins):
    """The I2C bus the display is on, at the pin map's frequency (400 kHz) on the wire: on a
    Pico the SDK is asked for the frequency wire_clock worked out."""
    i2c = pins["i2c"]
    return machine.I2C(i2c["id"], scl=machine.Pin(i2c["scl"]), sda=machine.Pin(i2c["sda"]),
                       freq=i2c.get("asked") or i2c.get("freq", 400000))


def open_spi(pins):
    """(machine.SPI, DC pin, CS pin, clock in Hz or None) for a display on SPI, from the pin
    map's "spi" section: the RP2040's hardware SPI, mode 0, sending only (no MISO). None as the
    clock: the controller's own (firmware.board.spi)."""
    spi = pins["spi"]
    baudrate = spi.get("baudrate")
    bus = machine.SPI(spi["id"], baudrate=baudrate or 1000000, polarity=0, phase=0,
                      sck=machine.Pin(spi["sck"]), mosi=machine.Pin(spi["mosi"]))
    return bus, output_high(spi["dc"]), output_high(spi["cs"]), baudrate


def answers(i2c, address):
    """True if a chip acknowledges at `address` on the machine.I2C `i2c`: a display's no-op
    command (0xE3 on the SSD1306, SSD1309 and SH1106) is sent, which changes nothing on it. (Not
    an empty write: the RP2040 makes that one in software, on other timings.)"""
    try:
        i2c.writeto(address, b"\x80\xe3")
        return True
    except OSError:
        return False


def output_high(number):
    """An output pin that starts high: an SPI panel's DC pin, or its chip select (unselected)."""
    return machine.Pin(number, machine.Pin.OUT, value=1)


def random_byte():
    """A byte from the RP2040's hardware random source (os.urandom; CPython's on a host)."""
    return os.urandom(1)[0]


def open_buttons(pins):
    """{button name: input Pin with pull-up}; a pressed button reads 0."""
    return dict((name, machine.Pin(number, machine.Pin.IN, machine.Pin.PULL_UP))
                for name, number in pins["buttons"].items())


def open_knob(pins):
    """The rotary encoder the pin map names ("knob": its A and B pins, pulled up), or None."""
    knob = pins.get("knob")
    if not knob:
        return None
    pull_up = lambda number: machine.Pin(number, machine.Pin.IN, machine.Pin.PULL_UP)
    return Knob(pull_up(knob["a"]), pull_up(knob["b"]), knob.get("per_click", 4))


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


# ---- room for an open file, on a heap in small pieces (the .mpy deploy) ------------------------
#
# A file open on littlefs takes its cache, 1,148 bytes in one block. On the .mpy deploy every
# module's code is on the heap, and once the modules are loaded the largest free block is about
# that (make bench's deployed board, a fresh game: 14 KB free, the largest block 1,152 bytes,
# the holes the loader's own file opens left between the modules' code): a few small objects
# in those holes, and every save failed, the game's first one too ("Save failed (out of
# memory)"). So there a block of that size is kept aside (keep_room, after each collection),
# and let go when a file open finds no room.

ROOM_BYTES = 1152
_room = None
_keep_room = False


def keep_room(start=False):
    """Keep a block for a file open aside, where the tracker asked for it at its start
    (`start`: firmware.main.run on a board whose modules are not frozen); a no-op elsewhere."""
    global _room, _keep_room
    if start:
        _keep_room = True
    if _keep_room and _room is None:
        try:
            _room = bytearray(ROOM_BYTES)
        except MemoryError:
            pass                 # (none now: the next collection may leave one)


def open_file(path, mode):
    """open(), with the block kept aside (keep_room) let go first when the heap has no room
    for the file's buffer."""
    global _room
    try:
        return open(path, mode)
    except MemoryError:
        if _room is None:
            raise
        _room = None
        gc.collect()
        return open(path, mode)


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
            with open_file(self.root + name, "rb") as handle:
                return handle.read()
        except OSError as error:
            if error.args[0] in ENOENT:
                return None
            raise

    # A piece of a file written in one step (write_steps): on the Pico 1 KB is one program of
    # littlefs's cache, 12 ms at the W25Q16JV's worst (make bench: "Taps in littlefs's writes,
    # worst", where a whole 2,000-action game's copy in one go kept a tap waiting 122 ms).
    PIECE_BYTES = 1024

    def write(self, name, data):
        """Create or replace a file."""
        with open_file(self.root + name, "wb") as handle:
            handle.write(data)

    def write_steps(self, name, data):
        """Create or replace a file a piece at a time: a generator that writes PIECE_BYTES at
        each step, so that a long write in a pause gives way to a key between two pieces
        (firmware.saving.storage.write_steps). The file is closed at the end, or when the
        generator is closed early (then it holds part of `data`: it is a temporary file)."""
        handle = open_file(self.root + name, "wb")
        try:
            view = memoryview(data)
            piece = self.PIECE_BYTES
            start = 0
            while True:
                handle.write(view[start:start + piece])
                start += piece
                if start >= len(data):
                    break
                yield
        finally:
            handle.close()
        yield               # (the close, littlefs's commit of the file, ends the last step)

    def append(self, name, data):
        """Add bytes at the end of a file (creating it)."""
        with open_file(self.root + name, "ab") as handle:
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

    def size(self, name):
        """The file's length in bytes, or None if there is no such file (a reader looks before
        it reads: a file too big for the heap is set aside, not read)."""
        try:
            return os.stat(self.root + name)[6]
        except OSError:
            return None

    def free(self):
        """Bytes free on the filesystem, or None if it cannot tell."""
        try:
            info = os.statvfs(self.root or "/")
            return info[1] * info[4]      # fragment size x blocks free to us
        except (OSError, AttributeError):
            return None


# ---- the save journal as a run of small files, so that appending to it seldom erases the flash --
#
# The journal (firmware.saving.storage) grows by a record of about 20 bytes at each commit. On the
# Pico's littlefs a file of up to 512 bytes (an eighth of its 4 KB block: the "inline" limit)
# lives inside its folder's metadata, and an append to it is a metadata commit: a page program.
# Past 512 bytes the file has blocks of its own, and littlefs copies its last block into a newly
# erased one at every append: a sector erase at every commit (45 ms, up to 400 ms on the Pico's
# W25Q16JV, with the code in flash stopped meanwhile, so a press waits: issue 37).
#
# So the journal is kept as game.jnl, game.jnl1, game.jnl2..., each of at most SEGMENT_BYTES,
# and read back as one. Measured at the virtual Pico's REPL, 300 appends of 20 bytes beside a
# snapshot: 297 sector erases to one file; 37 to files of 256 bytes (only littlefs's metadata
# compactions), 43 to files of 448 bytes.
#
# A record goes whole into one file, never split. The files are made in order and removed last
# first, so whatever a power cut interrupts, the run has no gap; reading stops at the first
# missing file.
#
# (Here beside Flash, not in a module of its own: a module of its own is 190 bytes more on the
# heap for as long as the tracker runs, for every collection to scan: make bench, "a full GC at
# the peak".)


class JournalFiles:
    """The files of a flash (a firmware.board.hw.Flash, or a stand-in), with the one called
    `name` (the journal) kept as a run of small files. Every other file, and whatever else asks
    the flash (free space), is the flash's own. (firmware.board.fram's FramJournal keeps the
    journal on an FRAM instead.)"""

    SEGMENT_BYTES = 256     # the files' size: under littlefs's 512 (the fewest erases measured)
    # The most a journal is read to (issue 58: a 300 KB game.jnl, or a run of 1,200 files, ran
    # the boot out of memory at every power-up: SAVING OFF). The tracker's own journals stay
    # under JOURNAL_HARD_LIMIT (8 KB) and a record; past these it is set aside (OSError EFBIG).
    READ_LIMIT = 65536
    MAX_FILES = 400

    def __init__(self, flash, name):
        self.flash = flash
        self.name = name
        self._count = None       # the files in the run (None: not looked for yet)
        self._last = None        # bytes in the last of them (None: not read yet)

    def _file(self, index):
        return self.name if index == 0 else "%s%d" % (self.name, index)

    def _find(self):
        """How many files the run has (looked for on the flash after anything went wrong)."""
        if self._count is None:
            count = 0
            while count <= self.MAX_FILES and self.flash.exists(self._file(count)):
                count += 1
            self._count = count
            self._last = None
        return self._count

    def read(self, name):
        """The file's bytes, or None if there is no such file. The journal: its files one after
        another."""
        if name != self.name:
            return self.flash.read(name)
        self._count = None                 # read at power-up: look at what is there
        count = self._find()
        sizes = getattr(self.flash, "size", None)
        total = 0
        if count > self.MAX_FILES:
            raise OSError(27, "journal of more than %d files" % self.MAX_FILES)     # EFBIG
        parts = []
        for index in range(count):
            if sizes is not None:
                total += sizes(self._file(index)) or 0
            if total > self.READ_LIMIT:
                raise OSError(27, "journal of more than %d bytes" % self.READ_LIMIT)
            part = self.flash.read(self._file(index))
            if part is None:
                break
            parts.append(part)
        if not parts:
            return None
        self._count = len(parts)
        self._last = len(parts[-1])
        return b"".join(parts)

    def append(self, name, data):
        """Add bytes at the end of a file (creating it). The journal: a record goes to its last
        file while that stays small, else it is the first bytes of a new file."""
        if name != self.name:
            return self.flash.append(name, data)
        count = self._find()
        last = self._last
        if last is None:
            last = len(self.flash.read(self._file(count - 1)) or b"") if count else 0
        try:
            if count and (not last or last + len(data) <= self.SEGMENT_BYTES):
                self.flash.append(self._file(count - 1), data)
                self._last = last + len(data)
            else:
                # A file of that name, or the one after it, cannot be part of this run (only
                # something outside the tracker leaves a gap): the next is removed first, so
                # that it is never read as this run's, and this one is written, not appended.
                self.flash.remove(self._file(count + 1))
                self.flash.write(self._file(count), data)
                self._count = count + 1
                self._last = len(data)
        except BaseException:
            self._count = None               # what reached the flash: looked for again
            raise

    def write(self, name, data):
        """Create or replace a file. The journal: its whole run is replaced by one file."""
        if name == self.name:
            self.remove(name)
            return self.append(name, data)
        return self.flash.write(name, data)

    def write_steps(self, name, data):
        """Create or replace a file a piece at a time (Flash.write_steps), where the flash
        writes so; else, and for the journal, at once."""
        pieces = getattr(self.flash, "write_steps", None)
        if name == self.name or pieces is None:
            self.write(name, data)
        else:
            yield from pieces(name, data)

    def remove(self, name):
        """Delete a file; a file that is not there is no error. The journal: its files, the
        last first (a power cut leaves a run without gaps)."""
        if name != self.name:
            return self.flash.remove(name)
        self._count = None
        count = self._find()
        while count:
            count -= 1
            self.flash.remove(self._file(count))
            self._count = count

    def exists(self, name):
        """Whether the file is there."""
        return self._find() > 0 if name == self.name else self.flash.exists(name)

    def rename(self, old, new):
        """Rename, replacing `new` if it exists. The journal is only ever renamed aside
        (damaged): one file is renamed, a run of them copied into one and then removed."""
        if old != self.name:
            return self.flash.rename(old, new)
        if self._find() == 1:
            self.flash.rename(old, new)
            self._count = 0
            return
        try:
            data = self.read(old)
        except OSError:
            # Too long to read (READ_LIMIT): each file renamed as it is, `new`, `new`.1, ...
            index = 0
            while self.flash.exists(self._file(index)):
                self.flash.rename(self._file(index), new if index == 0 else "%s.%d" % (new, index))
                index += 1
            self._count = 0
            return
        if data is None:
            raise OSError(2)           # ENOENT
        self.flash.write(new, data)
        self.remove(old)

    def size(self, name):
        """The file's length in bytes, or None (the journal: its files together)."""
        sizes = getattr(self.flash, "size", None)
        if sizes is None:
            return None
        if name != self.name:
            return sizes(name)
        total = None
        for index in range(self._find()):
            total = (total or 0) + (sizes(self._file(index)) or 0)
        return total

    def free(self):
        """Bytes free on the filesystem, or None if it cannot tell."""
        return self.flash.free()


class JournalElsewhere(JournalFiles):
    """The flash's files, with the journal kept somewhere of its own that knows its `length`
    (an FRAM: firmware.board.fram; flash outside the filesystem: firmware.board.flash_journal).
    Subclasses read, append and empty it; the rest is here, once."""

    length = 0

    def exists(self, name):
        if name != self.name:
            return self.flash.exists(name)
        return self.length > 0

    def size(self, name):
        if name != self.name:
            return JournalFiles.size(self, name)
        return self.length or None

    def rename(self, old, new):
        """(The journal is only ever renamed aside, damaged: its bytes go into the flash.)"""
        if old != self.name:
            return self.flash.rename(old, new)
        data = self.read(old)
        if data is None:
            raise OSError(2)           # ENOENT
        self.flash.write(new, data)
        self.remove(old)


def journal_region(wrap=None, pins=None):
    """The flash after the filesystem, as a block device of 4 KB sectors, where the firmware
    image's _boot.py left it out of littlefs for the save journal
    (firmware.board.flash_journal); None on a board formatted otherwise, and off a Pico. `wrap`:
    a class given it with its start in the filesystem's flash and the pin map `pins`
    (firmware.board.keyed_erase)."""
    if rp2 is None or sys.platform != "rp2":
        return None              # (a host may have a module of that name: not the Pico's)
    blocks = rp2.Flash().ioctl(4, 0) or 0
    try:
        used = os.statvfs("/")[2]     # the filesystem's blocks
    except OSError:
        return None
    if blocks - used < 3:             # (the whole flash is littlefs's: journal in files)
        return None
    region = rp2.Flash(start=used * 4096, len=(blocks - used) * 4096)
    return wrap(region, used * 4096, pins) if wrap else region


def restart():
    """Reset the board (the firmware starts again and resumes the saved game)."""
    machine.reset()
