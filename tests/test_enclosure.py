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

WINDOW = (26, 14)       # the visible area of a 0.96" module (enclosure.scad: oled_window)


def openscad(tmp_path, code, out, displays):
    """Render `code` after the enclosure's own (its part "none": only what `code` draws)."""
    source = tmp_path / "cut.scad"
    source.write_text("include <%s>\n%s\n" % (os.path.abspath(SCAD), code))
    target = tmp_path / out
    subprocess.run(["openscad", "-q", "-o", str(target), "-D", 'part="none"',
                    "-D", "displays=%d" % displays, str(source)],
                   check=True, capture_output=True, timeout=300)
    return target


def lid_holes(tmp_path, displays):
    """(width, height, holes) of the lid's cut: each hole as its bounding box (x0, y0, x1, y1)."""
    svg = openscad(tmp_path, "projection(cut = true) translate([0, 0, -1]) lid();", "cut.svg",
                   displays).read_text()
    size = re.search(r'width="([\d.]+)mm" height="([\d.]+)mm"', svg)
    loops = []
    for path in re.findall(r"M[^z]*z", svg):
        points = [(float(x), -float(y)) for x, y in re.findall(r"([\d.-]+),([\d.-]+)", path)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        loops.append((min(xs), min(ys), max(xs), max(ys)))
    width, height = float(size.group(1)), float(size.group(2))
    outline = [loop for loop in loops if loop[2] - loop[0] > width - 0.5]
    assert len(outline) == 1
    return width, height, [loop for loop in loops if loop not in outline]


def windows(holes):
    return [h for h in holes if abs(h[2] - h[0] - WINDOW[0]) < 0.01
            and abs(h[3] - h[1] - WINDOW[1]) < 0.01]


@pytest.mark.parametrize("displays", [1, 2])
def test_the_lid_has_a_window_for_each_display_and_six_button_holes(tmp_path, displays):
    width, height, holes = lid_holes(tmp_path, displays)
    shown = windows(holes)
    buttons = [h for h in holes if h not in shown]
    assert len(shown) == displays and len(buttons) == 6      # the D-pad's five and BACK
    for hole in holes:                                       # all inside the lid, none touching
        assert 2 < hole[0] and hole[2] < width - 2 and 2 < hole[1] and hole[3] < height - 2
        for other in holes:
            if other is not hole:
                assert (hole[2] < other[0] or other[2] < hole[0]
                        or hole[3] < other[1] or other[3] < hole[1]), (hole, other)
    if displays == 2:
        # one near each long side, mirror images: each seat has its window on its own side
        low, high = sorted(shown, key=lambda h: h[1])
        assert abs(low[1] - (height - high[3])) < 0.01 and low[3] < height / 2 < high[1]


def test_the_tray_for_two_displays_is_as_wide_as_its_lid(tmp_path):
    """The lid's outline and the tray's outside are the same size, whichever lid is printed."""
    for displays in (1, 2):
        width, height, _ = lid_holes(tmp_path, displays)
        svg = openscad(tmp_path, "projection() tray();", "tray.svg", displays).read_text()
        size = re.search(r'width="([\d.]+)mm" height="([\d.]+)mm"', svg)
        assert (float(size.group(1)), float(size.group(2))) == (width, height)
