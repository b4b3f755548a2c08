"""The enclosure (hardware/enclosure.scad) rendered by OpenSCAD: the lid has a window for each
display it is set for, the second facing the player across, and clears every button hole.

Needs Debian's openscad (`.ci/run` installs it and sets NETCLICK_REQUIRE_OPENSCAD, so that on CI a
missing OpenSCAD fails instead of skipping). The lid is cut 1 mm above its outside face and the
cut exported as SVG: each closed path is the outline or a hole.
"""

import os
import re
import shutil
import subprocess

import pytest

SCAD = os.path.join(os.path.dirname(__file__), "..", "hardware", "enclosure.scad")
WHY_NOT = None if shutil.which("openscad") else "no openscad (apt-get install openscad)"
if WHY_NOT and os.environ.get("NETCLICK_REQUIRE_OPENSCAD"):
    raise RuntimeError("NETCLICK_REQUIRE_OPENSCAD is set but " + WHY_NOT)
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=str(WHY_NOT))

# The window of each module (enclosure.scad: oled_window): a little more than its active area
WINDOWS = {"0.96": (26, 14), "1.3": (31, 16), "2.42": (57, 29)}


def openscad(tmp_path, code, out, displays, oled="0.96"):
    """Render `code` after the enclosure's own (its part "none": only what `code` draws).
    Returns the file and what the enclosure echoed (its modules' pockets)."""
    source = tmp_path / "cut.scad"
    source.write_text("include <%s>\n%s\n" % (os.path.abspath(SCAD), code))
    target = tmp_path / out
    done = subprocess.run(["openscad", "-o", str(target), "-D", 'part="none"',
                           "-D", "displays=%d" % displays, "-D", 'oled="%s"' % oled, str(source)],
                          check=True, capture_output=True, timeout=300, text=True)
    return target, done.stderr


def lid_holes(tmp_path, displays, oled="0.96"):
    """(width, height, holes, pockets) of the lid's cut: each hole as its bounding box (x0, y0,
    x1, y1), and the pockets that hold the modules' boards under it."""
    path, said = openscad(tmp_path, "projection(cut = true) translate([0, 0, -1]) lid();",
                          "cut.svg", displays, oled)
    svg = path.read_text()
    pockets = eval(re.search(r"ECHO: pockets = (\[.*\])", said).group(1))
    size = re.search(r'width="([\d.]+)mm" height="([\d.]+)mm"', svg)
    loops = []
    for path in re.findall(r"M[^z]*z", svg):
        points = [(float(x), -float(y)) for x, y in re.findall(r"([\d.-]+),([\d.-]+)", path)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        loops.append((min(xs), min(ys), max(xs), max(ys)))
    width, height = float(size.group(1)), float(size.group(2))
    outline = [loop for loop in loops if loop[2] - loop[0] > width - 0.5]
    assert len(outline) == 1
    return width, height, [loop for loop in loops if loop not in outline], pockets


def windows(holes, oled="0.96"):
    window = WINDOWS[oled]
    return [h for h in holes if abs(h[2] - h[0] - window[0]) < 0.01
            and abs(h[3] - h[1] - window[1]) < 0.01]


def apart(one, other):
    return one[2] < other[0] or other[2] < one[0] or one[3] < other[1] or other[3] < one[1]


@pytest.mark.parametrize("oled", ["0.96", "1.3", "2.42"])
@pytest.mark.parametrize("displays", [1, 2])
def test_the_lid_has_a_window_for_each_display_and_six_button_holes(tmp_path, displays, oled):
    """For each size of module (issue 61: the 1.3" SH1106 and 2.42" SSD1309 ones too): a window
    for each display over its module's pocket, and the buttons clear of every pocket."""
    width, height, holes, pockets = lid_holes(tmp_path, displays, oled)
    shown = windows(holes, oled)
    buttons = [h for h in holes if h not in shown]
    assert len(shown) == displays and len(buttons) == 6      # the D-pad's five and BACK
    for pocket in pockets:
        assert 2 < pocket[0] and pocket[2] < width - 2 and 2 < pocket[1] and pocket[3] < height - 2
        assert [w for w in shown if pocket[0] < w[0] and w[2] < pocket[2]
                and pocket[1] < w[1] and w[3] < pocket[3]]
        assert all(apart(pocket, button) for button in buttons), (oled, pocket)
    for hole in holes:                                       # all inside the lid, none touching
        assert 2 < hole[0] and hole[2] < width - 2 and 2 < hole[1] and hole[3] < height - 2
        for other in holes:
            if other is not hole:
                assert apart(hole, other), (hole, other)
    if displays == 2:
        # one near each long side, mirror images: each seat has its window on its own side
        low, high = sorted(shown, key=lambda h: h[1])
        assert abs(low[1] - (height - high[3])) < 0.01 and low[3] < height / 2 < high[1]


def test_the_tray_for_two_displays_is_as_wide_as_its_lid(tmp_path):
    """The lid's outline and the tray's outside are the same size, whichever lid is printed."""
    for displays, oled in ((1, "0.96"), (2, "0.96"), (2, "2.42")):
        width, height, _, _ = lid_holes(tmp_path, displays, oled)
        svg = openscad(tmp_path, "projection() tray();", "tray.svg", displays,
                       oled)[0].read_text()
        size = re.search(r'width="([\d.]+)mm" height="([\d.]+)mm"', svg)
        assert (float(size.group(1)), float(size.group(2))) == (width, height)
