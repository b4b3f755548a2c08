"""How tall each number is on the glass, in pixels and in millimetres on both panel sizes, for
the player holding the tracker and for the one across the table (with a display for each seat,
both read the same picture: hardware/README.md, "A display for each seat").

    python -m host_tools.legibility      # prints the table hardware/README.md holds

Each number is found on the glass of a simulator that played the catalog's key script for its
screen (the pixels of the golden images), in the font the firmware draws it with; its height is
the rows its digits light. tests/test_legibility.py checks that the table in the hardware README
is this one.
"""

from host_tools.screens_catalog import SCREENS

# The glass of each module: 128 x 64 pixels over this many millimetres of height (datasheets'
# active areas: 0.96" 21.74 x 10.86 mm; 2.42" 55.01 x 27.49 mm).
PANELS = (('0.96"', 10.86 / 64), ('2.42"', 27.49 / 64))

# (what, the screen in the catalog, a text drawn there, the font's name in firmware.screens.fonts or
# "pip" for the click pips, issue 24's target height in px for the other seat)
NUMBERS = (
    ("credits and agenda points", "dashboard", "5", "BIG", 16),
    ("tags and brain damage", "tagged", "2", "BIG", 16),
    ("clicks left (a pip each)", "dashboard", None, "pip", 8),
    ("bad publicity, hand size, link", "dashboard", "5", "MID", 12),
    ("the round timer and time call (bottom left)", "timer_running", "65m", "MID", 12),
    ("trace strength and link (trace wizard)", "trace", "6", "BIG", 16),
    ("trace base and boosts (trace wizard)", "trace", "+2", "MID", 12),
    ("tags, damage, virus and power counters (Tags & damage menu)", "tokens_virus", "3", "MID",
     12),
    ("action bar, captions, messages", "dashboard", "More", "SMALL", None),
)


def font(name):
    """The firmware's font object by name."""
    if name == "MEDIUM":
        from firmware.screens.widgets import MEDIUM
        return MEDIUM
    from firmware.screens import fonts
    return getattr(fonts, name)


def ink_rows(font_object, text):
    """The rows `text` lights when drawn in `font_object`."""
    import framebuf
    width, height = font_object.measure(text), font_object.height
    stamp = framebuf.FrameBuffer(bytearray(width * ((height + 7) // 8)), width, height,
                                 framebuf.MONO_VLSB)
    font_object.draw(stamp, text, 0, 0)
    return sum(1 for y in range(height) if any(stamp.pixel(x, y) for x in range(width)))


def measure():
    """[(what, px, [mm on each panel], target px or None)], each number found on its screen."""
    from host_tools.sim import Simulator
    from host_tools.screenshots import where_shown
    keys = dict((name, script) for name, _description, script in SCREENS)
    rows = []
    for what, screen, text, font_name, target in NUMBERS:
        if font_name == "pip":
            from firmware.netrunner.dashboard import _PIP_H
            px = _PIP_H
        else:
            sim = Simulator()
            sim.keys(keys[screen])
            sim.run(300)
            shown = font(font_name)
            if text is not None and not where_shown(sim, text, shown):
                raise AssertionError("%r is not on the %s screen in %s" % (text, screen, font_name))
            px = ink_rows(shown, text or "0123456789")
        rows.append((what, px, [px * pitch for _name, pitch in PANELS], target))
    return rows


def table():
    """The Markdown table hardware/README.md holds."""
    lines = ["| number | pixels | on a 0.96\" panel | on a 2.42\" panel | target for the other seat |",
             "|---|---|---|---|---|"]
    for what, px, mms, target in measure():
        lines.append("| %s | %d | %.1f mm | %.1f mm | %s |" % (
            what, px, mms[0], mms[1],
            "-" if target is None else "%d px (%s)" % (target, "met" if px >= target else "not yet")))
    return "\n".join(lines)


def main():
    print(table())
    return 0


if __name__ == "__main__":
    import sys
    from host_tools.sim import install_standins
    install_standins()
    sys.exit(main())
