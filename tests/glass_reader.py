"""Reading the glass as a player does: the project's own fonts recognised on the drawn frame.

`glass_lines(oled)` scans the emulated OLED's pixels for every glyph of the small (8 px) and
medium (10 px) fonts and the 12- and 16-pixel digits, lit on dark, and returns the text runs it finds, each with where it
starts: what the tests read instead of the firmware's own strings (issue 35: no silent change
is judged by the glass, not by what the code meant to draw).
"""

import framebuf


def _glyphs(font):
    """{(column bits, ...): character} for every non-blank glyph of `font`, and the same with
    each column's bottom row set: the glyph underlined (the bar's lit cell, whose turn it is),
    where that leaves it one glyph still."""
    width, height = font.width, font.height
    found = {}
    underlined = {}
    line = 1 << (height - 1)
    for char in font.chars:
        stamp = framebuf.FrameBuffer(bytearray(width * ((height + 7) // 8)), width, height,
                                     framebuf.MONO_VLSB)
        font.draw(stamp, char, 0, 0)
        columns = tuple(sum(1 << y for y in range(height) if stamp.pixel(x, y))
                        for x in range(width))
        if any(columns) and columns not in found:
            found[columns] = char
        under = tuple(c | line for c in columns)
        underlined[under] = None if under in underlined else char
    for under, char in underlined.items():
        if char is not None and under not in found:
            found[under] = char
    return found


_FONTS = []


def _fonts():
    if not _FONTS:
        from firmware.screens.fonts import SMALL, MID, BIG
        from firmware.screens.widgets import MEDIUM
        for font in (SMALL, MEDIUM, MID, BIG):
            # (a lone digit is a number in the digits' fonts, noise in the others)
            _FONTS.append((font.width, font.height, _glyphs(font), font in (MID, BIG)))
    return _FONTS


def glass_lines(oled, width=128, height=64):
    """[(x, y, text)]: the runs of recognised characters on the glass (a blank glyph cell
    between two recognised ones is a space), lit on dark, and dark on lit as well (the round
    timer's warning flashes the panel inverted: a player reads it just the same)."""
    return [run[:3] for run in _both(oled, width, height) if run[4]]


def glass_rows(oled, width=128, height=64):
    """[text]: the glass as a player reads across it: for each run, the runs beside it (their
    middles within its height, lit the same way), left to right, two spaces apart. A menu row's
    label and the small note at its right end, "Use a click  1", are one row."""
    runs = _both(oled, width, height)
    rows = []
    for x, y, text, font, legible in runs:
        if not legible:
            continue                # (a lone character is read only beside words)
        top, bottom = y, y + _fonts()[font // 2][1]
        beside = sorted((ox, otext) for ox, oy, otext, ofont, _ in runs
                        if ofont % 2 == font % 2
                        and top <= oy + _fonts()[ofont // 2][1] // 2 < bottom)
        rows.append("  ".join(otext for _ox, otext in beside))
    return rows


def _both(oled, width, height):
    lit = [[1 if oled.pixel(x, y) else 0 for x in range(width)] for y in range(height)]
    dark = [[1 - bit for bit in row] for row in lit]
    return _runs(lit, width, height) + _runs(dark, width, height, 1)


def _runs(lit, width, height, inverted=0):
    """[(x, y, text, font, legible)]: `font` tells one font (and lit or dark) from another;
    `legible` is False for a lone character of the small fonts, which on its own may be a
    piece of a drawing (a lone digit is a number in the digits' fonts)."""
    runs = []
    for number, (glyph_w, glyph_h, glyphs, digits) in enumerate(_fonts()):
        font = number * 2 + inverted
        for y in range(height - glyph_h + 1):
            columns = [sum(lit[y + r][x] << r for r in range(glyph_h)) for x in range(width)]
            x = 0
            text, start, blanks = "", None, 0
            while x + glyph_w <= width:
                key = tuple(columns[x:x + glyph_w])
                char = glyphs.get(key)
                if char is not None:
                    if start is None:
                        start = x
                    text += " " * blanks + char
                    blanks = 0
                    x += glyph_w
                    continue
                if start is not None and not any(key) and blanks < 1:
                    blanks += 1           # one blank cell: a space between words
                    x += glyph_w
                    continue
                if start is not None:
                    runs.append((start, y, text, font,
                                 len(text) > 1 or digits and text.isdigit()))
                text, start, blanks = "", None, 0
                x += 1
            if start is not None:
                runs.append((start, y, text, font, len(text) > 1 or digits and text.isdigit()))
    return runs


def glass_text(oled):
    """Everything legible on the glass, one run a line."""
    return "\n".join(text for _x, _y, text in glass_lines(oled))
