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
    # Ink 0 clears the glyph's bits: (old | bits) ^ bits. Ink 1 sets them: (old | bits) ^ 0.
    clear = 0xFF
    if (shape >> 25) & 1:
        clear = 0
    pages = (height + 7) >> 3
    size = width * pages
    shift = y & 7
    top = y >> 3                            # (arithmetic: a y above the glass gives a page < 0)
    out = ptr8(frame)                       # noqa: F821
    glyphs = ptr8(data)                     # noqa: F821
    # The columns on the glass: from `left` to `right` (exclusive) of the text's.
    end = x + n * width
    left = x
    if left < 0:
        left = 0
    right = end
    if right > 128:
        right = 128
    if left >= right:
        return end
    kept = out[0]          # (the control byte: a glyph's rows off the glass are ORed into it)
    # Page by page of the glyphs (one for the small font), each across the whole text: a glyph
    # page's byte lands shifted across two pages of the frame, `upper` and `lower`; one off the
    # glass writes into byte 0 (its step 0), put back at the end. No test in the column loop.
    page = 0
    while page < pages:
        rows = height - 8 * page
        mask = 0xFF
        if rows < 8:
            mask = (1 << rows) - 1          # the glyph's rows only
        to = top + page
        upper = 0
        ustep = 0
        if to >= 0 and to < 8:
            upper = 1 + to * 128 + left
            ustep = 1
        lower = 0
        lstep = 0
        if shift and to + 1 >= 0 and to + 1 < 8:
            lower = 1 + (to + 1) * 128 + left
            lstep = 1
        if ustep or lstep:
            column = left                   # the frame's column; `at` the glyph's first
            i = (left - x) // width
            at = x + i * width
            while column < right:
                c = s[i]
                if ascii:
                    index = c - 32
                    if index < 0 or index > 94:
                        index = unknown
                else:
                    found = ptr8(chars)     # noqa: F821
                    count = int(len(chars))
                    index = 0
                    while index < count and found[index] != c:
                        index += 1
                    if index == count:
                        index = unknown
                src = index * size + page * width + (column - at)
                stop = at + width
                if stop > right:
                    stop = right
                while column < stop:
                    bits = (glyphs[src] & mask) << shift
                    part = bits & 0xFF
                    out[upper] = (out[upper] | part) ^ (part & clear)
                    part = bits >> 8
                    out[lower] = (out[lower] | part) ^ (part & clear)
                    upper += ustep
                    lower += lstep
                    src += 1
                    column += 1
                at += width
                i += 1
        page += 1
    out[0] = kept
    return end
