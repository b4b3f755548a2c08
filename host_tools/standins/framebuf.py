"""A CPython stand-in for MicroPython's built-in `framebuf` module.

Pixel-for-pixel the same as the C module for everything Netclick and the SSD1306 driver use:
the seven pixel formats, fill, fill_rect, pixel, hline, vline, rect (outline or filled), line,
scroll and blit (with transparent key and palette, from a FrameBuffer or a (buffer, width, height,
format[, stride]) tuple). `tests/test_framebuf_standin.py` draws the same random operations here
and in real MicroPython and compares the bytes.

Not provided: `text` (Netclick draws text with its own bitmap fonts so that both sides render the
same glyphs), `ellipse` and `poly`; calling them raises NotImplementedError.
"""

MONO_VLSB = MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_FORMATS = (MONO_VLSB, RGB565, GS4_HMSB, MONO_HLSB, MONO_HMSB, GS2_HMSB, GS8)


class FrameBuffer:
    """A drawable view over a writable buffer (bytearray, memoryview...)."""

    def __init__(self, buffer, width, height, format, stride=None, _readonly=False):
        if format not in _FORMATS:
            raise ValueError("invalid format")
        self._buf = memoryview(buffer).cast("B") if not isinstance(buffer, memoryview) else buffer
        if self._buf.readonly and not _readonly:
            raise TypeError("object with buffer protocol required")
        self.width = width
        self.height = height
        self.format = format
        stride = width if stride is None else stride
        if format in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
        elif format == GS2_HMSB:
            stride = (stride + 3) & ~3
        elif format == GS4_HMSB:
            stride = (stride + 1) & ~1
        self.stride = stride
        need = self._bytes_needed()
        if len(self._buf) < need:
            raise ValueError("buffer too small")

    def _bytes_needed(self):
        s, h, f = self.stride, self.height, self.format
        if f == MONO_VLSB:
            return ((h + 7) // 8) * s
        if f in (MONO_HLSB, MONO_HMSB):
            return (s * h) // 8
        if f == RGB565:
            return s * h * 2
        if f == GS2_HMSB:
            return (s * h) // 4
        if f == GS4_HMSB:
            return (s * h) // 2
        return s * h

    # ---- per-format pixel access (no clipping: callers clip) --------------------------------

    def _get(self, x, y):
        buf, f = self._buf, self.format
        if f == MONO_VLSB:
            return (buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1
        if f in (MONO_HLSB, MONO_HMSB):
            index = (x + y * self.stride) >> 3
            offset = x & 7 if f == MONO_HMSB else 7 - (x & 7)
            return (buf[index] >> offset) & 1
        if f == RGB565:
            i = 2 * (x + y * self.stride)
            return buf[i] | (buf[i + 1] << 8)
        if f == GS2_HMSB:
            shift = (x & 3) << 1
            return (buf[(x + y * self.stride) >> 2] >> shift) & 3
        if f == GS4_HMSB:
            value = buf[(x + y * self.stride) >> 1]
            return value & 0x0F if x & 1 else value >> 4
        return buf[x + y * self.stride]

    def _set(self, x, y, color):
        buf, f = self._buf, self.format
        if f == MONO_VLSB:
            index = (y >> 3) * self.stride + x
            bit = 1 << (y & 7)
            buf[index] = (buf[index] | bit) if color else (buf[index] & ~bit & 0xFF)
        elif f in (MONO_HLSB, MONO_HMSB):
            index = (x + y * self.stride) >> 3
            bit = 1 << (x & 7 if f == MONO_HMSB else 7 - (x & 7))
            buf[index] = (buf[index] | bit) if color else (buf[index] & ~bit & 0xFF)
        elif f == RGB565:
            i = 2 * (x + y * self.stride)
            buf[i] = color & 0xFF
            buf[i + 1] = (color >> 8) & 0xFF
        elif f == GS2_HMSB:
            index = (x + y * self.stride) >> 2
            shift = (x & 3) << 1
            buf[index] = ((color & 3) << shift) | (buf[index] & ~(3 << shift) & 0xFF)
        elif f == GS4_HMSB:
            index = (x + y * self.stride) >> 1
            if x & 1:
                buf[index] = (color & 0x0F) | (buf[index] & 0xF0)
            else:
                buf[index] = ((color << 4) & 0xF0) | (buf[index] & 0x0F)
        else:
            buf[x + y * self.stride] = color & 0xFF

    def _fill_rect(self, x, y, w, h, color):
        """Clip, then fill; like the C module, nothing happens for an empty or outside rect."""
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        x_end = min(self.width, x + w)
        y_end = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        if self.format == MONO_VLSB:   # a byte holds 8 rows: set them together (same result)
            buf, stride = self._buf, self.stride
            row = y
            while row < y_end:
                last = min(y_end, (row | 7) + 1)
                mask = ((1 << (last - row)) - 1) << (row & 7)
                start = (row >> 3) * stride
                for i in range(start + x, start + x_end):
                    buf[i] = (buf[i] | mask) if color else (buf[i] & ~mask & 0xFF)
                row = last
            return
        for yy in range(y, y_end):
            for xx in range(x, x_end):
                self._set(xx, yy, color)

    # ---- the public API ---------------------------------------------------------------------

    def fill(self, c):
        """Fill the whole buffer with colour c."""
        self._fill_rect(0, 0, self.width, self.height, c)

    def fill_rect(self, x, y, w, h, c):
        """Fill a rectangle (clipped)."""
        self._fill_rect(x, y, w, h, c)

    def pixel(self, x, y, c=None):
        """Get the colour at (x, y) (None outside), or set it."""
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        """Horizontal line of width w."""
        self._fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        """Vertical line of height h."""
        self._fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        """Rectangle outline, or filled when f is true."""
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        """Bresenham line, including both end points (the C module's exact stepping)."""
        dx = x2 - x1
        sx = 1 if dx > 0 else -1
        dx = abs(dx)
        dy = y2 - y1
        sy = 1 if dy > 0 else -1
        dy = abs(dy)
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            px, py = (y1, x1) if steep else (x1, y1)
            if 0 <= px < self.width and 0 <= py < self.height:
                self._set(px, py, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < self.width and 0 <= y2 < self.height:
            self._set(x2, y2, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        """Draw another framebuffer at (x, y). Pixels whose (palette-mapped) colour equals key are
        skipped. `fbuf` may be a FrameBuffer or a (buffer, width, height, format[, stride]) tuple
        or list."""
        # As in MicroPython, a source given as a tuple or list may be read-only (bytes).
        if isinstance(fbuf, (tuple, list)):
            fbuf = FrameBuffer(*fbuf, _readonly=True) if len(fbuf) == 5 else FrameBuffer(*fbuf, None, True)
        if isinstance(palette, (tuple, list)):
            palette = FrameBuffer(*palette, _readonly=True) if len(palette) == 5 else FrameBuffer(*palette, None, True)
        if x >= self.width or y >= self.height or -x >= fbuf.width or -y >= fbuf.height:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0_end = min(self.width, x + fbuf.width)
        y0_end = min(self.height, y + fbuf.height)
        while y0 < y0_end:
            cx1 = x1
            for cx0 in range(x0, x0_end):
                color = fbuf._get(cx1, y1)
                if palette is not None:
                    color = palette._get(color, 0)
                if color != key:
                    self._set(cx0, y0, color)
                cx1 += 1
            y0 += 1
            y1 += 1

    def scroll(self, xstep, ystep):
        """Shift the contents by (xstep, ystep); uncovered pixels keep their old values."""
        if xstep < 0:
            sx, x_end, dx = 0, self.width + xstep, 1
        else:
            sx, x_end, dx = self.width - 1, xstep - 1, -1
        if ystep < 0:
            y, y_end, dy = 0, self.height + ystep, 1
        else:
            y, y_end, dy = self.height - 1, ystep - 1, -1
        while y != y_end:
            x = sx
            while x != x_end:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy

    def text(self, s, x, y, c=1):
        """Not provided: use the project's fonts (firmware.screens.fonts)."""
        raise NotImplementedError("framebuf.text is not stood in: draw text with firmware.screens.fonts")

    def ellipse(self, *args):
        """Not provided."""
        raise NotImplementedError("framebuf.ellipse is not stood in")

    def poly(self, *args):
        """Not provided."""
        raise NotImplementedError("framebuf.poly is not stood in")


def FrameBuffer1(buffer, width, height, stride=None):
    """Old name: a MONO_VLSB FrameBuffer."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, stride)
