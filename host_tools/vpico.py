"""The virtual Pico: the real MicroPython rp2 firmware in an emulated RP2040, driven from Python.

    from host_tools.vpico import VirtualPico, firmware_image
    with VirtualPico() as pico:            # a blank board: MicroPython only
        pico.run(500)
        print(pico.exec("print(1 + 1)"))   # the REPL, over the emulated USB serial port

The emulator is rp2040js (pinned in host_tools/node) run by host_tools/node/vpico.mjs, which adds
what rp2040js leaves out: flash erase/program (so littlefs works), buttons with pull-ups and
contact bounce, the OLED on I2C0 with each byte taking its 400 kHz bus time, resets through the
watchdog, power cuts. Everything runs on emulated time: `run(ms)` moves it on, and a test never
depends on how fast this computer is.

The OLED's bytes go into the same SSD1306 emulator the simulator uses (host_tools.ssd1306_emu),
so `glass_bytes()` is what the panel would show, comparable with the golden images.
"""

import json
import os
import re
import subprocess
import tempfile
import threading

from host_tools.ssd1306_emu import SSD1306

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NODE_SCRIPT = os.path.join(ROOT, "host_tools", "node", "vpico.mjs")
SHARED_RP2 = os.path.join(os.path.dirname(ROOT), "shared", "rp2")
IMAGE_VARIABLE = "NETCLICK_RP2_UF2"
DEFAULT_UF2 = os.path.join(SHARED_RP2, "micropython-v1.28.0-RPI_PICO.uf2")
BOOTROM_VARIABLE = "NETCLICK_RP2_BOOTROM"
DEFAULT_BOOTROM = os.path.join(SHARED_RP2, "rp2040-bootrom-B1.bin")
MISSING = ("No MicroPython image for the virtual Pico: put the official RPI_PICO v1.28.0 UF2 from "
           "micropython.org at ../shared/rp2/micropython-v1.28.0-RPI_PICO.uf2 (and the RP2040 boot "
           "ROM, rp2040-bootrom-B1.bin, beside it) or name them in $%s and $%s."
           % (IMAGE_VARIABLE, BOOTROM_VARIABLE))

PINS_PATH = os.path.join(ROOT, "hardware", "pins.json")
FIRST_PANEL = 0x3C     # the OLED's address (the pin map's i2c.address)
BOUNCES = 3            # contact bounces on every press and release


class VirtualPicoError(RuntimeError):
    """The emulator failed, or the board did not answer as expected."""


def firmware_image():
    """(uf2 path, boot ROM path), or None when they are not here (the tests then skip with
    MISSING)."""
    uf2 = os.environ.get(IMAGE_VARIABLE) or DEFAULT_UF2
    bootrom = os.environ.get(BOOTROM_VARIABLE) or DEFAULT_BOOTROM
    if os.path.isfile(uf2) and os.path.isfile(bootrom):
        return uf2, bootrom
    return None


def load_pins():
    with open(PINS_PATH) as handle:
        return json.load(handle)


class VirtualPico:
    """One emulated board. `image` is a saved flash image to boot (a power cycle), else a board
    with only MicroPython on it (the stock image, or `uf2`: e.g. Netclick's own, `make uf2`).
    With both, `uf2` is flashed over the image first, as holding BOOTSEL and copying a UF2 onto
    the board does: the firmware changes, the filesystem (saved games) stays."""

    def __init__(self, image=None, seed=1, uf2=None, second_panel=None, flash_timing="typical",
                 fram=None, panel="ssd1306", pins=None, wired=None):
        found = firmware_image()
        if found is None:
            raise VirtualPicoError(MISSING)
        stock, bootrom = found
        if uf2 is not None and not os.path.isfile(uf2):
            raise VirtualPicoError("no firmware image at %s (make uf2 builds it)" % uf2)
        self.pins = pins or load_pins()  # (the pin map the image holds: its buttons and knob)
        # The pin map the display is really wired as, when not the one the firmware reads (a
        # maker's slip: an SPI module with the image's own I2C pin map, say).
        wiring = wired or self.pins
        self.panel = panel               # the emulated controller: "ssd1306", "ssd1309", "sh1106"
        self.oled = SSD1306(panel)
        # A second panel on the bus (its address, e.g. 0x3D: a display for each seat, or 0x3C
        # beside the first, hearing its writes), and its writes; None: one panel, as the
        # default pin map has.
        self.second_panel = second_panel
        # On SPI, the pin map's display2 is the second panel: on the first's wires, with a chip
        # select of its own or the first's (then turned round in the lid, as at one address)
        spi = None
        if (wiring.get("display") or {}).get("bus") == "spi":
            spi = dict((key, wiring["spi"][key]) for key in ("id", "cs", "dc"))
            second = wiring.get("display2")
            if second:
                spi["cs2"] = second["cs"]
                second_panel = FIRST_PANEL if second["cs"] == spi["cs"] else None
        self.spi = spi
        self.oled2 = (SSD1306(panel) if second_panel or (spi and "cs2" in spi)
                      else None)                                # (the same controller as the first)
        if second_panel == FIRST_PANEL:
            self.oled2.turned = True     # beside the first: turned round in the lid instead
        self.i2c_writes2 = []
        self.now_us = 0
        self.serial = bytearray()        # what the board wrote on its USB serial port, unread
        self.i2c_writes = []             # (start_us, end_us, bytes) of every OLED write
        self.flash_ops = []              # (kind, offset, count, start_us, end_us[, suspensions])
        self.events = []                 # {"kind": "reset"|"cut", ...}
        self.busy_us = 0
        self.idle_us = 0
        self.off = False
        self.suspended = False           # an erase suspended by a key (netclick_flash)
        self.erasing = False             # an erase of netclick_flash under way
        self._node = subprocess.Popen(["node", NODE_SCRIPT], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True, bufsize=1)
        # A panel on SPI (the pin map's display bus: firmware/board/spi.py) instead of I2C: its
        # block and its CS and DC pins, whose levels frame and sort its bytes (above).
        self._command("start", uf2=uf2 or stock, bootrom=bootrom, image=image, seed=seed,
                      flash_uf2=uf2 is not None, flash_timing=flash_timing, fram=fram,
                      oleds=[FIRST_PANEL] + ([second_panel] if second_panel else []), spi=spi)
        for button in self.pins["buttons"]:      # every switch open: its pin pulled up
            self.release(button, bounces=0)
        for switch in ("a", "b") if self.pins.get("knob") else ():
            self._command("button", gpio=self.pins["knob"][switch], pressed=False, bounces=0)

    # ---- the emulator process --------------------------------------------------------------

    def _command(self, op, **args):
        args["op"] = op
        self._node.stdin.write(json.dumps(args) + "\n")
        self._node.stdin.flush()
        line = self._node.stdout.readline()
        if not line:
            raise VirtualPicoError("the emulator stopped (node %s)" % self._node.poll())
        answer = json.loads(line)
        if "error" in answer:
            raise VirtualPicoError(answer["error"])
        self.now_us = answer["t"]
        self.serial += bytes.fromhex(answer["serial"])
        for start, end, data, address in answer["i2c"]:
            data = bytes.fromhex(data)
            if self.oled2 is not None and address == self.second_panel:
                self.oled2.write(data[:])
                self.i2c_writes2.append((start, end, data))
                if address != FIRST_PANEL:
                    continue           # (at the first's address, both panels hear it)
            self.oled.write(data[:])
            self.i2c_writes.append((start, end, data))
        for start, end, data, dc, cs in answer["spi"]:
            data = bytes.fromhex(data)
            # (kept as I2C would carry them, after their control byte: the timings read both)
            carried = (start, end, bytes((0x40 if dc else 0x00,)) + data)
            if cs == self.spi["cs"]:
                self.oled.spi(data, dc)
                self.i2c_writes.append(carried)
            if self.oled2 is not None and cs == self.spi.get("cs2"):
                self.oled2.spi(data, dc)
                self.i2c_writes2.append(carried)
        self.flash_ops += [tuple(op) for op in answer["flash"]]
        if answer.get("violations"):
            # What the real chip would not do (vpico.mjs: the flash chip's own commands): an
            # erase ignored, a read of undefined bytes, code from flash in an erase. Never quiet.
            raise RuntimeError("the flash chip: " + "; ".join(answer["violations"]))
        self.suspended = answer.get("suspended", False)    # an erase suspended by a key
        self.erasing = answer.get("erasing", False)        # an erase under way (netclick_flash)
        self.events += answer["events"]
        self.busy_us = answer["busy_us"]
        self.idle_us = answer["idle_us"]
        self.off = answer["off"]
        return answer

    def close(self):
        """Stop the emulator."""
        if self._node.poll() is None:
            self._node.stdin.close()
            self._node.wait(timeout=10)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- time, buttons, power --------------------------------------------------------------

    def run(self, ms):
        """Let `ms` milliseconds of emulated time pass."""
        self._command("run", ms=ms)

    def press(self, button, bounces=BOUNCES):
        """Close a button's switch (to GND), with contact bounce."""
        self._command("button", gpio=self.pins["buttons"][button], pressed=True, bounces=bounces)

    def release(self, button, bounces=BOUNCES):
        """Open it again (the pull-up takes the pin high), with contact bounce."""
        self._command("button", gpio=self.pins["buttons"][button], pressed=False, bounces=bounces)

    def save_image(self, path, before_cut=False):
        """Write the 2 MiB flash (firmware and filesystem) to a file. With before_cut, after a
        power cut in the middle of a flash operation: the flash as it was before that operation
        began (what was committed)."""
        self._command("save", path=path, before_cut=before_cut)

    def cut_at(self, at_us):
        """Cut the power at an emulated instant (in the middle of a flash operation if one is
        going on then); `run` stops there and `off` is True."""
        self._command("cut", at_us=at_us)

    def cut_in_flash_op(self, nth=1, fraction=0.5, kind=None):
        """Cut the power part way through the n-th flash operation from now: of `kind`
        ("erase" or "program") if given, else of either."""
        self._command("cut", flash_op=nth, fraction=fraction, kind=kind)

    def power_on(self):
        """Start the chip again with the flash as it is (after a cut: a power cycle)."""
        self._command("power")
        self.oled = SSD1306(self.panel)   # the panel lost power too
        if self.oled2 is not None:
            self.oled2 = SSD1306(self.panel)

    def reset_stats(self):
        """Start counting busy and idle CPU time from now."""
        self._command("stats")

    def play(self, keys, on_tap=None, gap_ms=None):
        """Play a key script (host_tools.keyscript: `OK`, `LONG:LEFT`, `WAIT:3000`...) with the
        simulator's timing (or `gap_ms` between a release and the next press). `on_tap(button,
        release_us)` is called at the end of every tap, for press-to-photon measurements."""
        from host_tools import keyscript
        gap_ms = keyscript.GAP_MS if gap_ms is None else gap_ms
        for kind, button, ms in keyscript.parse(keys):
            if kind in ("TAP", "HOLD"):
                self.press(button)
                self.run(ms)
                self.release(button)
                if kind == "TAP" and on_tap:
                    on_tap(button, self.now_us)
                self.run(gap_ms)
            elif kind == "PRESS":
                self.press(button)
                self.run(10)
            elif kind == "RELEASE":
                self.release(button)
                self.run(10)
            elif kind == "TURN":                 # the knob's switches, a quarter at a time
                for switch, closed in keyscript.knob_edges(ms):
                    self._command("button", gpio=self.pins["knob"][switch], pressed=closed,
                                  bounces=BOUNCES)
                    self.run(keyscript.QUARTER_MS)
                self.run(gap_ms)
            else:
                self.run(ms)

    def boot(self, limit_ms=5000):
        """Run until the tracker has drawn a screen (after this call began) and gone quiet for
        200 ms; returns the ms from the start of this call to the last byte of that drawing."""
        start = self.now_us
        seen = len(self.i2c_writes)
        while len(self.i2c_writes) == seen or self.now_us - self.i2c_writes[-1][1] < 200000:
            if self.now_us - start > limit_ms * 1000:
                raise VirtualPicoError("the tracker drew nothing in %d ms; serial: %r"
                                       % (limit_ms, bytes(self.serial[-400:])))
            self.run(20)
        return (self.i2c_writes[-1][1] - start) / 1000.0

    # ---- the glass -------------------------------------------------------------------------

    def glass_bytes(self):
        """The panel's picture, packed as the golden images are."""
        return self.oled.glass_bytes()

    # ---- the REPL over the USB serial port --------------------------------------------------

    def write_serial(self, data):
        """Bytes typed into the board's USB serial port."""
        self._command("serial", hex=bytes(data).hex())

    def read_until(self, marker, timeout_ms=5000, step_ms=5):
        """Run until `marker` has come out of the serial port; returns everything up to and
        including it (the rest stays unread)."""
        waited = 0
        while marker not in self.serial:
            if waited >= timeout_ms:
                raise VirtualPicoError("no %r from the board after %d ms; it said: %r"
                                       % (marker, timeout_ms, bytes(self.serial[-300:])))
            self.run(step_ms)
            waited += step_ms
        end = self.serial.index(marker) + len(marker)
        text = bytes(self.serial[:end])
        del self.serial[:end]
        return text

    def interrupt(self):
        """Stop whatever runs (Ctrl-C twice) and wait for the REPL prompt."""
        self.write_serial(b"\r\x03\x03")
        self.read_until(b">>> ", timeout_ms=10000)

    def start_exec(self, code):
        """Start code at the raw REPL (after `interrupt()`) without waiting for it to end: for
        code that runs the tracker's main loop."""
        self.write_serial(b"\x01")
        self.read_until(b"raw REPL; CTRL-B to exit\r\n>")
        data = code.encode()
        for i in range(0, len(data), 256):
            self.write_serial(data[i:i + 256])
            self.run(2)
        self.write_serial(b"\x04")
        self.read_until(b"OK")

    def exec(self, code, timeout_ms=60000):
        """Run code through the raw REPL (as mpremote does); returns what it printed. Raises
        VirtualPicoError with the traceback if it failed."""
        self.interrupt()
        self.start_exec(code)
        out = self.read_until(b"\x04", timeout_ms=timeout_ms)[:-1]
        err = self.read_until(b"\x04", timeout_ms=timeout_ms)[:-1]
        self.read_until(b">")
        self.write_serial(b"\x02")                      # back to the friendly REPL
        self.read_until(b">>> ")
        if err.strip():
            raise VirtualPicoError(err.decode(errors="replace"))
        return out.decode(errors="replace")


# MicroPython rp2 (RPI_PICO): littlefs v2 on the last 1408 KiB of the 2 MiB flash.
FS_OFFSET = 0xA0000
FS_BLOCK = 4096
FS_BLOCKS = 352


def _journal_sectors():
    """The sectors the firmware image's _boot.py leaves out of littlefs for the save journal."""
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "hardware", "image", "_boot.py")
    with open(path) as handle:
        return int(re.search(r"^JOURNAL_SECTORS = (\d+)", handle.read(), re.M).group(1))


JOURNAL_SECTORS = _journal_sectors()
# Where the journal's sectors begin on the image's layout: the end of littlefs's part
JOURNAL_START = FS_OFFSET + (FS_BLOCKS - JOURNAL_SECTORS) * FS_BLOCK


_LITTLEFS = threading.Lock()


def read_files(image_path, folder="/"):
    """{name: bytes} of the files in one folder of a flash image's filesystem, read with the
    littlefs library (not with the firmware): what a board would find there at power-up.
    One read at a time (the power-cut boards run in threads)."""
    with _LITTLEFS:
        return _read_files(image_path, folder)


def _mount(data):
    """(littlefs-python's filesystem of a flash image, its blocks): formatted by the firmware
    image's _boot.py (the last JOURNAL_SECTORS left for the journal), or on the whole
    filesystem flash (stock MicroPython, an older image)."""
    from littlefs import LittleFS, UserContext, LittleFSError
    for blocks in (FS_BLOCKS - JOURNAL_SECTORS, FS_BLOCKS):
        context = UserContext(FS_BLOCK * blocks)
        context.buffer = bytearray(data[FS_OFFSET:FS_OFFSET + FS_BLOCK * blocks])
        # The sizes MicroPython's rp2 port uses (modules/_boot.py: progsize=256;
        # extmod/vfs_lfsx.c: cache 4 x the larger of read and prog size): with other ones
        # littlefs-python reads some files the board reads fine as corrupt (an inline file
        # larger than its cache, a commit padded to another prog size)
        filesystem = LittleFS(context, block_size=FS_BLOCK, block_count=blocks, read_size=32,
                              prog_size=256, cache_size=1024, lookahead_size=32, mount=False)
        try:
            filesystem.mount()
        except LittleFSError:
            continue
        if filesystem.fs_stat().block_count != blocks:
            continue                     # (as the board's littlefs, which refuses to mount it)
        return filesystem, blocks
    raise LittleFSError(LittleFSError.Error.LFS_ERR_CORRUPT)


def format_filesystem(image_path):
    """Format the filesystem of a flash image as the firmware image's _boot.py does at a new
    board's first power-up (littlefs with MicroPython's sizes, without the journal's sectors),
    with littlefs on this computer."""
    from littlefs import LittleFS, UserContext
    blocks = FS_BLOCKS - JOURNAL_SECTORS
    context = UserContext(FS_BLOCK * blocks)
    filesystem = LittleFS(context, block_size=FS_BLOCK, block_count=blocks, read_size=32,
                          prog_size=256, cache_size=1024, lookahead_size=32, mount=False)
    filesystem.format()
    with open(image_path, "r+b") as handle:
        handle.seek(FS_OFFSET)
        handle.write(bytes(context.buffer))


def journal_in_image(data):
    """The save journal's bytes in a flash image's region of its own (firmware.board.
    flash_journal), or None: no such region (a board formatted otherwise), or an empty journal."""
    from host_tools.standins import install_standins
    install_standins()                 # (firmware.board.hw imports machine: the host's stand-in)
    from host_tools.flash import MemoryFlash, MemoryRegion
    from firmware.board.flash_journal import FlashJournal
    _, blocks = _mount(data)
    if blocks == FS_BLOCKS:
        return None
    start = FS_OFFSET + FS_BLOCK * blocks
    region = MemoryRegion(data=data[start:FS_OFFSET + FS_BLOCK * FS_BLOCKS])
    return FlashJournal(MemoryFlash(), region, "game.jnl").read("game.jnl")


def _read_files(image_path, folder):
    with open(image_path, "rb") as handle:
        data = handle.read()
    filesystem, _ = _mount(data)
    files = {}
    for name in filesystem.listdir(folder):
        path = folder.rstrip("/") + "/" + name
        if filesystem.stat(path).type == 1:          # a regular file
            with filesystem.open(path, "rb") as handle:
                files[name] = handle.read()
    if folder == "/" and "game.jnl" not in files:
        # The journal in its region, as the file it stands for (what the tracker reads back).
        journal = journal_in_image(data)
        if journal:
            files["game.jnl"] = journal
    return files


def blank_image(path):
    """Write a flash image of a board with only MicroPython on it, formatted by its first boot."""
    with VirtualPico() as pico:
        pico.run(1500)
        pico.save_image(path)


class SerialBridge:
    """The board's USB serial port as a pseudo-terminal, for the real `mpremote`:

        with VirtualPico(image) as pico, SerialBridge(pico) as port:
            subprocess.run(["mpremote", "connect", port, "ls"])

    A thread runs the emulator in small steps and relays bytes both ways (emulated time runs
    about 3-5 times slower than real time here, which mpremote does not mind).
    """

    STEP_MS = 2

    def __init__(self, pico, between=None):
        """`between(pico)`, if given, is called between steps (the only safe place to press
        the board's buttons while the bridge runs)."""
        import pty
        import threading
        import tty
        self.pico = pico
        self.between = between
        self._master, self._slave = pty.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self._stop = threading.Event()
        self.error = None
        self._thread = threading.Thread(target=self._relay, daemon=True)
        self._thread.start()

    def _relay(self):
        import select
        try:
            while not self._stop.is_set():
                ready, _, _ = select.select([self._master], [], [], 0)
                if ready:
                    data = os.read(self._master, 4096)
                    if data:
                        self.pico.write_serial(data)
                self.pico.run(self.STEP_MS)
                if self.between:
                    self.between(self.pico)
                if self.pico.serial:
                    os.write(self._master, bytes(self.pico.serial))
                    del self.pico.serial[:]
        except Exception as error:       # reported by close()
            self.error = error

    def close(self):
        """Stop relaying (the emulator stays where it is)."""
        self._stop.set()
        self._thread.join(timeout=10)
        os.close(self._master)
        os.close(self._slave)
        if self.error:
            raise VirtualPicoError("serial bridge: %s" % self.error)

    def __enter__(self):
        return self.port

    def __exit__(self, *exc):
        self.close()
