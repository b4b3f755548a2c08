"""The OLED: Adafruit's SSD1306 driver over machine.I2C, sending only what changed.

`adafruit_ssd1306` expects a CircuitPython `busio.I2C`; `I2CBus` is the small adapter that gives a
MicroPython `machine.I2C` that shape. The driver's `show()` sends the whole 1025-byte frame;
`Display.show()` instead compares the frame with what the panel already shows and, for each
8-pixel page that changed, sends only the columns from the first to the last changed one.
"""

import adafruit_ssd1306

from firmware.board import hw
from firmware.board.spi import SPIBus, SSD1306_SPI
from firmware.board.ssd1309 import SSD1309_I2C, SSD1309_SPI
from firmware.board.sh1106 import SH1106_I2C, SH1106_SPI

# firmware.board.changed's machine code, where there is one (None: a port that cannot compile
# it, the browser's, CPython; then the scan below is in Python).
try:
    from firmware.board.changed import changed as _changed_columns
except (ImportError, SyntaxError, ValueError, NameError):
    _changed_columns = None

class I2CBus:
    """busio.I2C-style methods over a machine.I2C (no locking is needed on one core).

    A write the panel does not acknowledge (unplugged, a loose wire, a dead module) raises
    OSError in machine.I2C; here it only clears `ok`, so that a missing display never stops the
    buttons and saving. Display looks at `ok` and tries the panel again later.
    """

    def __init__(self, i2c):
        self._i2c = i2c
        self.ok = True

    def try_lock(self):
        """Always succeeds: the firmware is single-threaded."""
        return True

    def unlock(self):
        """Nothing to release."""

    def scan(self):
        """Addresses that answer."""
        return self._i2c.scan()

    def writeto(self, address, buffer, *, start=0, end=None):
        """Write buffer[start:end] without copying it."""
        if end is None:
            end = len(buffer)
        if not self.ok:
            return                 # the panel is not answering: do not wait on every byte
        try:
            if start == 0 and end == len(buffer):
                self._i2c.writeto(address, buffer)
            else:
                self._i2c.writeto(address, memoryview(buffer)[start:end])
        except OSError:
            self.ok = False

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        """Read into buffer[start:end]."""
        if end is None:
            end = len(buffer)
        try:
            self._i2c.readfrom_into(address, memoryview(buffer)[start:end])
        except OSError:
            self.ok = False


def open_display(pins):
    """The Display the pin map describes: its bus, address, size and controller, and a second
    panel for the other seat if the pin map names one (display2).

    A module on the other bus than the pin map's still shows the tracker, and the glass says
    so (`Display.elsewhere`, said at power-up): on SPI, a display that answers at the pin map's
    I2C address is used there instead; on I2C, with nothing answering at the address, the
    pin map's "spi" wires (the README's, in hardware/pins.json) get the picture too."""
    size = pins.get("display") or {}
    i2c = hw.open_i2c(pins)
    address = pins["i2c"].get("address", 0x3C)
    on_spi = size.get("bus") == "spi"
    if on_spi and not hw.answers(i2c, address):
        return _open_spi(pins, size)
    display = Display(i2c, address, size.get("width", 128), size.get("height", 64),
                      size.get("controller"))
    if on_spi:
        # SPI has no acknowledge; an I2C display that does is the one wired.
        display.elsewhere = ("Display found on I2C at 0x%02X, not SPI: for I2C take"
                             " pins.json" % address)
        return display
    second = pins.get("display2")
    if second:
        display.seats = 2      # what one seat's panel shows, the other's shows too
    # A second panel at the first's own address hears every write the first gets: nothing more
    # to send (its turn for the seat across is how it lies in the lid; hardware/README.md).
    if second and second["address"] != address:
        display.add_panel(i2c, second["address"], second.get("rotation", 180),
                          second.get("controller", size.get("controller")))
    if not display.online and pins.get("spi"):
        # Nothing at the address: perhaps a module shipped set for SPI, on the SPI wires. It
        # gets the picture as well (upright), and the I2C one is still tried every second.
        hw.pulse_reset(pins["spi"].get("reset"))
        display.add_panel(None, 0, 0, size.get("controller"), spi=hw.open_spi(pins))
        display.elsewhere = ("Nothing on I2C at 0x%02X: shown on SPI; for SPI take"
                             " pins-spi.json" % address)
    return display


def _open_spi(pins, size):
    """open_display for a display on SPI, and a second one on its wires (display2)."""
    second = pins.get("display2")
    spi = hw.open_spi(pins)
    # On the first's chip select a second panel hears every byte (turned by how it lies in
    # the lid); with its own, that one is high before the first's set-up is sent, so that
    # the second does not take it as its own, and the second is a panel of its own.
    own = None
    if second and second["cs"] != pins["spi"]["cs"]:
        own = hw.output_high(second["cs"])
    display = Display(None, 0, size.get("width", 128), size.get("height", 64),
                      size.get("controller"), spi=spi)
    if second:
        display.seats = 2
    if own is not None:
        machine_spi, dc, _cs, baudrate = spi
        display.add_panel(None, 0, second.get("rotation", 180), size.get("controller"),
                          spi=(machine_spi, dc, own, baudrate))
    return display


class Panel:
    """One OLED showing the frame: its driver (set-up, contrast, power, orientation), its
    address on the bus, what it holds now, and whether it answers. `turned`: it shows the
    picture turned 180 degrees from the first panel (the other seat's, across the table)."""

    def __init__(self, driver, bus, address, width, pages, drawn, turned=False):
        self.oled = driver
        self.bus = bus
        self.address = address
        self.turned = turned
        self.shown = bytearray(width * pages)    # what it holds: the driver sent zeros
        # Each page of the frame and of what the panel shows, as memoryviews made once: comparing
        # two of them is a C memcmp that allocates nothing (slicing would copy 256 bytes a page).
        held = memoryview(self.shown)
        self.pages = [(drawn[1 + p * width:1 + (p + 1) * width], held[p * width:(p + 1) * width])
                      for p in range(pages)]
        # Page updates go straight to the bus adapter, not through the driver's I2CDevice
        # wrapper: two calls a page, each one less layer of Python (on a Pico a call costs).
        self.write = bus.writeto
        self.online = bus.ok
        # A controller with page addressing only (the SH1106: firmware.board.sh1106) gets its
        # pages one by one, from its first shown column; the others, windows of pages.
        self.paged = getattr(driver, "PAGED", False)
        self.column_offset = getattr(driver, "COLUMN_OFFSET", 0)
        self.rides = False       # its pages go out with the first panel's (Display.add_panel)


class Display:
    """The 128x64 OLED (and a second one for the other seat, if fitted). Draw on `fb` (a
    framebuf.FrameBuffer), then call `show()`: every panel gets the pages that changed for it.

    `online` is False while the first panel does not answer. Each panel is on its own: one
    that does not answer is skipped by `show()`, and the others go on (the second panel stays
    lit with the first unplugged). `retry()` (called by the App about once a second while any
    panel is not `online`) sets the silent ones up again with a blank picture, and the App draws
    the screen anew. Play never waits for a panel. `controller` "ssd1309" (the pin map's
    display.controller) sets up a 2.42" module's SSD1309, "sh1106" a 1.3" module's SH1106.
    `spi`: the panel is on SPI instead (firmware.board.spi; hw.open_spi gives what it takes).
    """

    DIM_CONTRAST = 8
    seats = 1                # 2 with a panel for each seat, whichever wiring (open_display)
    elsewhere = ""           # the display found on the other bus than the pin map's, said
    # Pages whose changes span all but this many columns are sent together, as one window of
    # whole pages: each write costs about 0.34 ms on the bus beside its bytes (measured on the
    # virtual Pico: 8 pages one by one 30.2 ms, as one window 23.7 ms), so a page sent alone
    # costs about 40 bytes' time more (make bench: press to photon, menus+mixed p95 and max).
    MERGE_SLACK = 40

    def __init__(self, i2c, address=0x3C, width=128, height=64, controller=None, spi=None):
        if spi is None:
            # I2CBus has busio.I2C's methods (the driver's type hint names busio.I2C itself).
            self.bus = bus = I2CBus(i2c)
            self.oled = _driver(controller)(width, height, bus, addr=address)  # pyright: ignore[reportArgumentType]
        else:
            # `spi`: (machine.SPI, its DC pin, its CS pin, the pin map's clock or None)
            machine_spi, dc, cs, baudrate = spi
            self.bus = bus = SPIBus(machine_spi, dc, cs, baudrate)
            self.oled = _SPI_DRIVERS.get(controller or "", SSD1306_SPI)(width, height, bus, baudrate)
        self.fb = self.oled
        self.width = width
        self.height = height
        self.pages = height // 8
        self._buffer = self.oled.buffer          # 0x40, then the frame (MONO_VLSB)
        self._window = bytearray(7)              # control byte + column and page windows
        self._drawn = memoryview(self._buffer)
        self.panels = [Panel(self.oled, bus, address, width, self.pages, self._drawn)]
        self.contrast = 255
        self.flipped = False
        self.on = True
        self.inverted = False
        self.frames = 0
        self.bytes_sent = 0
        self.online = bus.ok

    def add_panel(self, i2c, address, rotation=180, controller=None, spi=None):
        """A second panel on the same bus at `address`, showing the same frame (turned 180
        degrees for the seat across the table, unless `rotation` is 0). Its own bus adapter:
        its silence does not take the first panel offline. `spi`: on the SPI wires instead, with
        its own chip select (as Display's `spi`). Returns it."""
        if spi is None:
            bus = I2CBus(i2c)
            driver = _driver(controller)(self.width, self.height, bus, addr=address)  # pyright: ignore[reportArgumentType]
        else:
            machine_spi, dc, cs, baudrate = spi
            bus = SPIBus(machine_spi, dc, cs, baudrate)
            driver = _SPI_DRIVERS.get(controller or "", SSD1306_SPI)(self.width, self.height,
                                                                      bus, baudrate)
        panel = Panel(driver, bus, address, self.width, self.pages, self._drawn, rotation == 180)
        self.panels.append(panel)
        self._orient(panel)
        if spi is not None and isinstance(self.bus, SPIBus):
            # Beside a first panel on SPI (the same controller, set up alike but for its turn),
            # its pages go out with the first's, both chip selects low: the same bytes at once
            # (make bench, "the same, two SSD1309s on SPI": sent after the first's, the second
            # panel's p95 was 10.2 ms against the first's 8.7). Its set-up, contrast and power
            # still go to it alone, through its driver.
            self.bus.also = cs
            panel.rides = True
        return panel

    def _orient(self, panel):
        # adafruit_ssd1306's rotate(True) is its upright default
        panel.oled.rotate(not (self.flipped != panel.turned))

    def retry(self):
        """Set up again the panels that stopped answering; True if one of them answers now
        (it is blank: the caller draws the whole screen again). Timed by the App, not by
        presses: a panel plugged back in lights up within about a second."""
        back = False
        for panel in self.panels:
            if not panel.online:
                self._restart(panel)
                if panel.online:
                    panel.shown[:] = bytes(len(panel.shown))    # blank now: all of it goes
                    back = True
        self.online = self.panels[0].online
        return back

    def _restart(self, panel):
        panel.bus.ok = True
        oled = panel.oled
        # The driver's set-up blanks its own buffer, and the first panel's is the frame every
        # panel shows: kept and put back, so that the others (the other seat's, or one found
        # on SPI) do not lose the picture's unchanged parts each time the first is tried.
        frame = bytes(self._buffer) if oled is self.oled else None
        oled.init_display()           # the init commands, then a blank frame (its own buffer)
        if frame is not None:
            self._buffer[:] = frame
        oled.contrast(self.contrast)
        self._orient(panel)
        if self.inverted:
            oled.invert(True)
        if not self.on:
            oled.poweroff()
        panel.online = panel.bus.ok

    def show(self):
        """Send the changed part of every changed page to every panel; returns the bytes
        sent to the first (the figure `make bench` counts)."""
        width = self.width
        first_sent = 0
        for panel in self.panels:
            if not panel.online or panel.rides:
                continue                 # (retry() brings it back, on the App's clock)
            sent = 0
            pages = panel.pages
            page = 0
            ahead = -1           # the page whose changed columns are already in start, end
            start = end = 0
            while page < len(pages):
                drawn, held = pages[page]
                if drawn == held:
                    page += 1
                    continue
                if page == ahead:
                    first, last = start, end
                else:
                    first, last = _changed(drawn, held, width)
                top = page
                if last - first >= width - self.MERGE_SLACK:
                    # The wide changes on the pages after it go in the same window.
                    while page + 1 < len(pages):
                        drawn, held = pages[page + 1]
                        if drawn == held:
                            break
                        start, end = _changed(drawn, held, width)
                        if end - start < width - self.MERGE_SLACK:
                            ahead = page + 1        # (not scanned again when its turn comes)
                            break
                        page += 1
                    if page > top:
                        first, last = 0, width - 1
                sent += self._send(panel, top, page, first, last)
                for p in range(top, page + 1):
                    drawn, held = pages[p]
                    held[first:last + 1] = drawn[first:last + 1]
                page += 1
            if not panel.bus.ok:
                panel.online = False  # what the panel holds is unknown: all is sent again
            if panel is self.panels[0]:
                first_sent = sent
        if first_sent:
            self.frames += 1
            self.bytes_sent += first_sent
        self.online = self.panels[0].online
        return first_sent

    def _send(self, panel, top, bottom, col0, col1):
        """Columns col0..col1 of pages top..bottom (several pages: the whole width, so that
        the frame's bytes follow one another in the buffer). Returns the bytes sent."""
        if panel.paged:
            return self._send_pages(panel, top, bottom, col0, col1)
        window = self._window
        window[0] = 0x00  # Co=0, D/C=0: a stream of command bytes
        window[1] = 0x21  # column address window
        window[2] = col0
        window[3] = col1
        window[4] = 0x22  # page address window
        window[5] = top
        window[6] = bottom
        panel.write(panel.address, window)
        start = 1 + top * self.width + col0
        end = 1 + bottom * self.width + col1 + 1
        self._write_data(panel, start, end)
        return 8 + 1 + end - start + 1  # both writes, address bytes included

    def _write_data(self, panel, start, end):
        """The frame's bytes start..end-1 as display data. They must be preceded by a 0x40
        control byte: the byte before them (a pixel column, or the driver's own 0x40 at index
        0) is borrowed for it instead of copying them."""
        buffer = self._buffer
        borrowed = buffer[start - 1]
        buffer[start - 1] = 0x40
        try:
            panel.write(panel.address, buffer, start=start - 1, end=end)
        finally:
            buffer[start - 1] = borrowed

    def _send_pages(self, panel, top, bottom, col0, col1):
        """_send for a controller with page addressing only: for each page its address and
        first column (col0 past the controller's first shown one), then its bytes."""
        window = self._window
        column = col0 + panel.column_offset
        sent = 0
        for page in range(top, bottom + 1):
            window[0] = 0x00                      # a stream of command bytes
            window[1] = 0xB0 | page               # the page
            window[2] = column & 0x0F             # the column: its low nibble,
            window[3] = 0x10 | (column >> 4)      # and its high one
            panel.write(panel.address, window, end=4)
            start = 1 + page * self.width + col0
            end = 1 + page * self.width + col1 + 1
            self._write_data(panel, start, end)
            sent += 5 + 1 + end - start + 1
        return sent

    def frame(self):
        """The frame `fb` draws on, as a memoryview of its bytes (MONO_VLSB, 8-pixel pages):
        to keep a copy of a picture and put it back."""
        return self._drawn[1:]

    def clear(self):
        """Blank the frame (not the panel: show() sends it). framebuf's fill(0) goes pixel row by
        pixel row, about 0.8 ms on a Pico; a copy of 1 KB of zeros takes a few microseconds
        (make bench: press to photon, every tap that draws a screen whole)."""
        frame = self.frame()
        try:
            frame[:] = bytes(len(frame))
        except MemoryError:
            # The .mpy deploy's heap, its code on it too, can have no 1 KB run left: a held OK
            # on More crashed it here. framebuf's fill needs none.
            self.fb.fill(0)

    def show_all(self):
        """Send the whole frame to every panel (after a panel lost its contents, or a flip)."""
        for panel in self.panels:
            if panel.oled is not self.oled:
                panel.oled.buffer[1:] = self._buffer[1:]    # its driver sends its own buffer
            panel.oled.show()
            panel.shown[:] = self._buffer[1:]
        self.frames += 1
        self.bytes_sent += 6 * 3 + 1 + len(self._buffer)  # 6 commands, then the frame

    def set_contrast(self, value):
        """Brightness 0..255."""
        if value != self.contrast:
            for panel in self.panels:
                panel.oled.contrast(value)
            self.contrast = value

    def set_flip(self, flipped):
        """Turn the picture 180 degrees (the remap applies to new data, so resend everything)."""
        if flipped != self.flipped:
            self.flipped = flipped
            for panel in self.panels:
                self._orient(panel)
            self.show_all()

    def invert(self, on):
        """White on black or black on white (the round timer's warning flash)."""
        self.inverted = on
        for panel in self.panels:
            panel.oled.invert(on)

    def set_power(self, on):
        """Panel on or off; the display RAM keeps its contents while off."""
        if on != self.on:
            for panel in self.panels:
                if on:
                    panel.oled.poweron()
                else:
                    panel.oled.poweroff()
            self.on = on


def _changed(drawn, held, width):
    """(first, last): the columns where a page that changed differs from what the panel holds."""
    if _changed_columns is not None:
        both = _changed_columns(drawn, held, width)
        return both >> 8, both & 0xFF
    first = 0
    while drawn[first] == held[first]:
        first += 1
    last = width - 1
    while drawn[last] == held[last]:
        last -= 1
    return first, last


# The driver of each controller on SPI (firmware.board.spi)
_SPI_DRIVERS = {"ssd1309": SSD1309_SPI, "sh1106": SH1106_SPI}


def _driver(controller):
    """The driver class for a controller: Adafruit's SSD1306_I2C, the 2.42" modules' SSD1309
    (firmware.board.ssd1309), or the 1.3" modules' SH1106 (firmware.board.sh1106)."""
    if controller == "ssd1309":
        return SSD1309_I2C
    if controller == "sh1106":
        return SH1106_I2C
    return adafruit_ssd1306.SSD1306_I2C
