"""An SSD1306 OLED controller emulator: I2C bytes in, pixels out.

It decodes what a driver writes on the bus (control byte, then commands or display data), keeps
the controller's 128x64 display RAM and registers, and renders what the glass would show. The
simulator registers one at 0x3C on the simulated board, so it shows exactly what the real driver
sent — nothing is read from the driver's own buffer.

`SSD1306("ssd1309")` is the SSD1309 of the 2.42" modules instead: the same drawing commands, but
0x8D (charge pump) and 0xAD (current reference) are not commands to it, and 0xFD (command lock)
takes an argument. `SSD1306("sh1106")` is the SH1106 of most 1.3" modules: a 132-column memory
whose columns 2-129 are the glass, page addressing only (0x20, 0x21 and 0x22 are not commands to
it: a driver that sends the SSD1306's windows shows a wrong picture, as the real chip does), and
0xAD takes its DC-DC setting. Bytes a controller does not take as commands are kept in `unknown`.

Modelled: horizontal, vertical and page addressing; column/page windows; segment remap (applied
as data is written, as the datasheet says) and COM scan direction (applied when shown); display
start line and offset; contrast; normal/inverse; entire-display-on; display on/off. Scrolling
commands are accepted and ignored (Netclick does not use them).
"""

WIDTH = 128
HEIGHT = 64
PAGES = HEIGHT // 8

# Commands and the number of argument bytes that follow them.
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1,
         0xDB: 1, 0x8D: 1, 0xAD: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2}
_SSD1309_ARGS = {k: v for k, v in _ARGS.items() if k not in (0x8D, 0xAD)}
_SSD1309_ARGS[0xFD] = 1
_SH1106_ARGS = {0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0xAD: 1}
# Each controller: (its commands' argument counts, the columns of its memory, the first shown)
_CONTROLLERS = {"ssd1306": (_ARGS, WIDTH, 0), "ssd1309": (_SSD1309_ARGS, WIDTH, 0),
                "sh1106": (_SH1106_ARGS, 132, 2)}
# One-byte commands with no effect on pixels (scrolling on and off, no-op).
_PLAIN = (0x2E, 0x2F, 0xE3)


class SSD1306:
    """The controller. Give it each I2C write with `write(data)` (or each SPI write with
    `spi(data, dc)`); read the glass with `pixel`."""

    def __init__(self, controller="ssd1306"):
        self.controller = controller
        self._arg_counts, self.columns, self.first_column = _CONTROLLERS[controller]
        self.unknown = []          # bytes sent as commands that this controller has not got
        self.ram = bytearray(self.columns * PAGES)  # indexed [page * columns + segment]
        self.display_on = False
        self.contrast = 0x7F
        self.inverse = False
        self.entire_on = False
        self.seg_remap = False
        self.com_reversed = False
        self.start_line = 0
        self.offset = 0
        # The module itself lies turned 180 degrees (a second panel that shares the first's
        # address, turned in the lid to face the player across): the glass is read turned.
        self.turned = False
        self.mode = 2              # 0 horizontal, 1 vertical, 2 page addressing (reset default)
        self.col_start, self.col_end = 0, WIDTH - 1
        self.page_start, self.page_end = 0, PAGES - 1
        self.col, self.page = 0, 0
        self._command = None       # a command waiting for argument bytes
        self._args = []
        self.commands = 0          # counters, for benchmarks and tests
        self.data_bytes = 0

    # ---- the bus --------------------------------------------------------------------------

    def write(self, data):
        """One I2C write transaction (without the address byte)."""
        i = 0
        while i < len(data):
            control = data[i]
            i += 1
            continuation = control & 0x80     # Co: one byte, then another control byte
            is_data = control & 0x40          # D/C#
            chunk = data[i:i + 1] if continuation else data[i:]
            i += len(chunk)
            for byte in chunk:
                if is_data:
                    self._data(byte)
                else:
                    self._command_byte(byte)

    def spi(self, data, dc):
        """Bytes on the 4-wire SPI bus while CS is low: display data with the DC pin high, else
        commands (no control bytes on SPI)."""
        for byte in data:
            if dc:
                self._data(byte)
            else:
                self._command_byte(byte)

    def _command_byte(self, byte):
        if self._command is not None:
            self._args.append(byte)
            if len(self._args) == self._arg_counts[self._command]:
                self._run(self._command, self._args)
                self._command = None
            return
        self.commands += 1
        if byte in self._arg_counts:
            self._command = byte
            self._args = []
            return
        self._run(byte, ())

    def _run(self, cmd, args):
        if cmd in (0x20, 0x21, 0x22) and self.controller == "sh1106":
            self.unknown.append(cmd)   # (no windows: its argument bytes are read as commands)
        elif cmd == 0x20:
            self.mode = args[0] & 3
        elif cmd == 0x21:
            self.col_start, self.col_end = args[0] & 0x7F, args[1] & 0x7F
            self.col = self.col_start
        elif cmd == 0x22:
            self.page_start, self.page_end = args[0] & 7, args[1] & 7
            self.page = self.page_start
        elif cmd == 0x81:
            self.contrast = args[0]
        elif cmd == 0xD3:
            self.offset = args[0] & 0x3F
        elif cmd in (0xAE, 0xAF):
            self.display_on = cmd == 0xAF
        elif cmd in (0xA6, 0xA7):
            self.inverse = cmd == 0xA7
        elif cmd in (0xA4, 0xA5):
            self.entire_on = cmd == 0xA5
        elif cmd in (0xA0, 0xA1):
            self.seg_remap = cmd == 0xA1
        elif cmd in (0xC0, 0xC8):
            self.com_reversed = cmd == 0xC8
        elif 0x40 <= cmd <= 0x7F:
            self.start_line = cmd & 0x3F
        elif 0xB0 <= cmd <= 0xB7:
            self.page = cmd & 7
        elif 0x30 <= cmd <= 0x33 and self.controller == "sh1106":
            pass                        # its charge pump's voltage
        elif cmd <= 0x0F:
            self.col = (self.col & 0xF0) | cmd
        elif cmd <= 0x1F:
            self.col = (self.col & 0x0F) | ((cmd & 0x0F) << 4)
        elif cmd not in self._arg_counts and cmd not in _PLAIN:
            self.unknown.append(cmd)
        # everything else (clock, precharge, charge pump, scrolling...) changes no pixel

    def _data(self, byte):
        self.data_bytes += 1
        columns = self.columns
        segment = (columns - 1 - self.col) if self.seg_remap else self.col
        self.ram[self.page * columns + segment % columns] = byte
        if self.mode == 2:                       # page addressing: the column wraps in the page
            self.col = (self.col + 1) % columns
        elif self.mode == 0:                     # horizontal: column, then page
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        else:                                    # vertical: page, then column
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1

    # ---- the glass ------------------------------------------------------------------------

    def pixel(self, x, y):
        """1 if the pixel at (x, y) of the glass is lit. The driver's defaults (segment remap and
        reversed COM scan) show its framebuffer upright, as on the common 0.96" modules."""
        if not self.display_on:
            return 0
        if self.entire_on:
            return 1
        if self.turned:
            x, y = WIDTH - 1 - x, HEIGHT - 1 - y
        row = y if self.com_reversed else HEIGHT - 1 - y
        row = (row + self.start_line + self.offset) % HEIGHT
        segment = self.first_column + WIDTH - 1 - x
        lit = (self.ram[(row >> 3) * self.columns + segment] >> (row & 7)) & 1
        return lit ^ 1 if self.inverse else lit

    def rows(self):
        """The glass as 64 lists of 128 ints (0 or 1)."""
        return [[self.pixel(x, y) for x in range(WIDTH)] for y in range(HEIGHT)]

    def to_image(self, scale=4, on=(120, 200, 255), off=(8, 10, 16), gap=True):
        """The glass as a PIL image, `scale` screen pixels a pixel; brightness follows contrast."""
        from PIL import Image
        level = 0.35 + 0.65 * (self.contrast / 255.0)
        lit = tuple(int(c * level) for c in on)
        image = Image.new("RGB", (WIDTH * scale, HEIGHT * scale), off)
        pixels = image.load()
        inner = scale - 1 if (gap and scale >= 3) else scale
        for y in range(HEIGHT):
            for x in range(WIDTH):
                if self.pixel(x, y):
                    for dy in range(inner):
                        for dx in range(inner):
                            pixels[x * scale + dx, y * scale + dy] = lit
        return image

    def to_text(self):
        """The glass as 32 lines of Unicode half blocks, for a terminal."""
        chars = (" ", "\u2580", "\u2584", "\u2588")
        lines = []
        for y in range(0, HEIGHT, 2):
            lines.append("".join(chars[self.pixel(x, y) | (self.pixel(x, y + 1) << 1)]
                                 for x in range(WIDTH)))
        return "\n".join(lines)

    def glass_bytes(self):
        """The lit pixels packed as 1024 bytes (MONO_VLSB, upright): for comparing screens."""
        out = bytearray(WIDTH * PAGES)
        for y in range(HEIGHT):
            for x in range(WIDTH):
                if self.pixel(x, y):
                    out[(y >> 3) * WIDTH + x] |= 1 << (y & 7)
        return bytes(out)
