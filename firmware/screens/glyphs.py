"""Text drawn straight into the display's frame in machine code (MicroPython's viper emitter).

On a Pico, `framebuf.blit` a glyph from Python costs about 80 us (a 21-character row 1.7 ms,
a menu of them more than the 23 ms its bytes then take on the bus); this loop does a row in
well under a millisecond (make bench: press to photon, "menus+mixed" p95 and the rhythm sweep).
It puts exactly the pixels `Font.draw`'s blits would: a glyph's ink set (or, for `ink` 0,
cleared) and its background left alone, clipped to the frame.

Only a MicroPython with a native emitter compiles this module (the rp2 port; frozen into the
image with its ARM code). On CPython and in the browser's WebAssembly port the import fails
and `firmware.screens.fonts` draws with `blit`: tests/test_virtual_pico.py checks that both
give the same glass.
"""

import micropython


@micropython.viper
def draw_text(frame, text, chars, data, x: int, y: int, shape: int) -> int:
    """Draw `text` (ASCII) into `frame`, the driver's buffer (a control byte, then 128x64
    MONO_VLSB), at (x, y), in the font whose glyphs are `chars` (ASCII) and `data`: the glyphs
    one after another, each `width` columns by whole 8-pixel pages. `shape`, the font's numbers
    in one int (Font.shape, with the ink): width | height << 8 | the glyph of a character not in
    `chars` << 16 | 1 << 24 if `chars` is ASCII 32..126 in order | ink << 25. Returns the x after
    the last character, or -1 (nothing drawn) for a text that is not ASCII."""
    s = ptr8(text)                          # noqa: F821  (viper's built-in)
    n = int(len(text))
    i = 0
    while i < n:
        if s[i] >= 0x80:
            return -1                       # (a character of several bytes: Font.draw's way)
        i += 1
    width = shape & 0xFF
    height = (shape >> 8) & 0xFF
    unknown = (shape >> 16) & 0xFF
    ascii = (shape >> 24) & 1
    ink = (shape >> 25) & 1
    found = ptr8(chars)                     # noqa: F821
    count = int(len(chars))
    pages = (height + 7) >> 3
    size = width * pages
    shift = y & 7
    top = y >> 3                            # (arithmetic: a y above the glass gives a page < 0)
    out = ptr8(frame)                       # noqa: F821
    glyphs = ptr8(data)                     # noqa: F821
    i = 0
    while i < n:
        if ascii:
            index = s[i] - 32
            if index < 0 or index > 94:
                index = unknown
        else:
            index = 0
            while index < count and found[index] != s[i]:
                index += 1
            if index == count:
                index = unknown
        start = index * size
        column = 0
        while column < width:
            at = x + column
            if at >= 0 and at < 128:
                page = 0
                while page < pages:
                    bits = glyphs[start + page * width + column]
                    rows = height - 8 * page
                    if rows < 8:
                        bits = bits & ((1 << rows) - 1)     # the glyph's rows only
                    if bits:
                        bits = bits << shift
                        to = top + page
                        if to >= 0 and to < 8:
                            where = 1 + to * 128 + at
                            if ink:
                                out[where] = out[where] | (bits & 0xFF)
                            else:
                                out[where] = out[where] & (0xFF ^ (bits & 0xFF))
                        to += 1
                        if shift and to >= 0 and to < 8:
                            where = 1 + to * 128 + at
                            if ink:
                                out[where] = out[where] | (bits >> 8)
                            else:
                                out[where] = out[where] & (0xFF ^ (bits >> 8))
                    page += 1
            column += 1
        x += width
        i += 1
    return x
