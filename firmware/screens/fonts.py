"""Bitmap text drawn with framebuf.blit, so the Pico and the simulator render the same pixels.

    from firmware.screens.fonts import SMALL, MID, BIG
    SMALL.draw(fb, "Tags 2", x, y)            # white on black (transparent background)
    SMALL.draw(fb, "Selected", x, y, color=0) # black, e.g. on a white highlight bar
"""

import framebuf

from firmware.screens import font_data
from firmware.screens import font_medium

try:
    # On a Pico, text goes straight into the frame in machine code (make bench: press to
    # photon, menus+mixed p95); elsewhere by blit, the same pixels. CPython has no
    # `micropython` (ImportError), a port without a native emitter cannot compile the module
    # (SyntaxError) or load its machine code (ValueError).
    from firmware.screens.glyphs import draw_text
except (ImportError, SyntaxError, ValueError):
    draw_text = None

# Maps a glyph's ink (1) to 0 and its background (0) to 1; with key 1 the background is skipped,
# so inverse text draws black ink without touching the bar behind it.
_INVERT = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
_INVERT.pixel(0, 0, 1)


class Font:
    """A fixed-width bitmap font. On a Pico it is drawn into the display's frame in machine code
    (firmware.screens.glyphs); elsewhere, and into any other FrameBuffer, with one `blit` a
    character and no per-glyph objects (a cache of them cost about 3 KB of heap).

    The glyphs are stored one after another, each `width` columns by whole 8-pixel pages
    (MONO_VLSB), so glyph i is the bytes from i * glyph_bytes. `blit` takes a source given as
    (buffer, width, height, format): a memoryview of those bytes, with no copy.
    """

    def __init__(self, chars, size, data):
        self.chars = chars
        self.width, self.height = size
        self._glyph_bytes = self.width * ((self.height + 7) // 8)
        self._data = memoryview(data)
        self._unknown = max(0, chars.find("?"))
        # The usual font covers ASCII 32..126 in order: its index is ord(ch) - 32, no search.
        self._ascii = len(chars) == 95 and chars[0] == " " and chars[-1] == "~"
        # The numbers draw_text needs, in one small int (firmware.screens.glyphs): no array to
        # fill for each text
        self.shape = (self.width | self.height << 8 | self._unknown << 16
                      | (1 << 24 if self._ascii else 0))

    def draw(self, fb, text, x, y, color=1):
        """Draw text with its top-left corner at (x, y); returns the x after the last character."""
        data = self._data
        if draw_text:
            # (the display driver's buffer: 0x40, then the 128x64 frame)
            frame = getattr(fb, "buffer", None)
            if frame is not None and len(frame) == 1025:
                end = draw_text(frame, text, self.chars, data, x, y,
                                self.shape | (1 << 25 if color else 0))
                if end >= 0:
                    return end
        size = self._glyph_bytes
        width = self.width
        ascii = self._ascii
        chars = self.chars
        blit = fb.blit
        # One source list for the whole text, its buffer changed for each glyph: a tuple and
        # an attribute lookup a glyph cost a fifth of the text's time on a Pico (make bench:
        # press to photon; a screen of text is some 150 glyphs).
        glyph = [None, width, self.height, framebuf.MONO_VLSB]
        for ch in text:
            if ascii:
                index = ord(ch) - 32
                if index < 0 or index > 94:
                    index = self._unknown
            else:
                index = chars.find(ch)
                if index < 0:
                    index = self._unknown
            start = index * size
            glyph[0] = data[start:start + size]
            if color:
                blit(glyph, x, y, 0)  # pyright: ignore[reportArgumentType]
            else:
                blit(glyph, x, y, 1, _INVERT)  # pyright: ignore[reportArgumentType]
            x += width
        return x

    def measure(self, text):
        """Width in pixels of text drawn in this font."""
        return len(text) * self.width


SMALL = Font(font_data.SMALL_CHARS, font_data.SMALL_SIZE, font_data.SMALL_DATA)
BIG = Font(font_data.BIG_CHARS, font_data.BIG_SIZE, font_data.BIG_DATA)
MID = Font(font_data.MID_CHARS, font_data.MID_SIZE, font_data.MID_DATA)   # 12-pixel digits
MEDIUM = Font(font_medium.MEDIUM_CHARS, font_medium.MEDIUM_SIZE, font_medium.MEDIUM_DATA)   # 6x10


def fitting(forms, width=128):
    """The first of `forms` that fits `width` pixels (the screen's) in small text, else the
    last: the longer ones say more, the last is for numbers at their limits."""
    for text in forms:
        if SMALL.measure(text) <= width:
            return text
    return forms[-1]
