"""Bitmap text drawn with framebuf.blit, so the Pico and the simulator render the same pixels.

    from firmware.fonts import SMALL, MEDIUM, BIG
    SMALL.draw(fb, "Tags 2", x, y)            # white on black (transparent background)
    SMALL.draw(fb, "Selected", x, y, color=0) # black, e.g. on a white highlight bar
"""

import framebuf

from firmware import font_data

# Maps a glyph's ink (1) to 0 and its background (0) to 1; with key 1 the background is skipped,
# so inverse text draws black ink without touching the bar behind it.
_INVERT = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
_INVERT.pixel(0, 0, 1)


class Font:
    """A fixed-width bitmap font. Each character is copied into one scratch framebuffer and
    blitted from there: drawing text allocates nothing and the font keeps no per-glyph objects
    (a cache of them cost about 3 KB of heap)."""

    def __init__(self, chars, size, data):
        self.chars = chars
        self.width, self.height = size
        self._data = data
        self._glyph_bytes = self.width * ((self.height + 7) // 8)
        self._scratch = bytearray(self._glyph_bytes)
        self._glyph = framebuf.FrameBuffer(self._scratch, self.width, self.height,
                                           framebuf.MONO_VLSB)

    def _load(self, ch):
        """Put character ch (or '?' if the font lacks it) into the scratch framebuffer."""
        index = self.chars.find(ch)
        if index < 0:
            index = max(0, self.chars.find("?"))
        start = index * self._glyph_bytes
        data = self._data
        scratch = self._scratch
        for i in range(self._glyph_bytes):
            scratch[i] = data[start + i]
        return self._glyph

    def draw(self, fb, text, x, y, color=1):
        """Draw text with its top-left corner at (x, y); returns the x after the last character."""
        for ch in text:
            if color:
                fb.blit(self._load(ch), x, y, 0)
            else:
                fb.blit(self._load(ch), x, y, 1, _INVERT)
            x += self.width
        return x

    def measure(self, text):
        """Width in pixels of text drawn in this font."""
        return len(text) * self.width


SMALL = Font(font_data.SMALL_CHARS, font_data.SMALL_SIZE, font_data.SMALL_DATA)
BIG = Font(font_data.BIG_CHARS, font_data.BIG_SIZE, font_data.BIG_DATA)


def medium():
    """The 6x10 font of the overlay screens. Its data module is imported on first use and is
    let go with the overlays (firmware.app.OVERLAYS)."""
    from firmware import font_medium
    return Font(font_medium.MEDIUM_CHARS, font_medium.MEDIUM_SIZE, font_medium.MEDIUM_DATA)
