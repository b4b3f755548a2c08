"""Make the screen images: golden images for the tests and screenshots for the README.

    python -m host_tools.screenshots            # both (make screenshots)
    python -m host_tools.screenshots --golden   # tests/golden/*.png only

Each screen of host_tools.screens_catalog is reached in the simulator by its key script; the
picture is what the emulated OLED shows, decoded from the driver's I2C bytes.
"""

import argparse
import os
import sys

from host_tools.screens_catalog import SCREENS
from host_tools.sim import Simulator, ROOT

GOLDEN = os.path.join(ROOT, "tests", "golden")
DOCS = os.path.join(ROOT, "docs", "screens")
TWO_DISPLAYS = "two_displays.png"


def reach(keys):
    """A simulator that has played `keys` from a new game and let the screen settle."""
    sim = Simulator()
    sim.keys(keys)
    sim.run(300)
    return sim


def glass_image(sim):
    """The OLED as a 128x64 1-bit image: one image pixel per OLED pixel."""
    from PIL import Image
    image = Image.new("1", (128, 64), 0)
    for y in range(64):
        for x in range(128):
            if sim.oled.pixel(x, y):
                image.putpixel((x, y), 1)
    return image


def where_shown(sim, text, font=None):
    """The (x, y) places where `text`, drawn in `font` (firmware.screens.fonts: SMALL by default), is
    on the emulated OLED's glass, white on black: what a player would read there."""
    import framebuf
    from firmware.screens.fonts import SMALL
    font = font or SMALL
    width, height = font.measure(text), font.height
    stamp = framebuf.FrameBuffer(bytearray(width * ((height + 7) // 8)), width, height,
                                 framebuf.MONO_VLSB)
    font.draw(stamp, text, 0, 0)
    want = ["".join("1" if stamp.pixel(x, y) else "0" for x in range(width))
            for y in range(height)]
    glass = ["".join("1" if sim.oled.pixel(x, y) else "0" for x in range(128))
             for y in range(64)]
    found = []
    for y in range(64 - height + 1):
        x = glass[y].find(want[0])
        while x >= 0:
            if all(glass[y + i][x:x + width] == want[i] for i in range(height)):
                found.append((x, y))
            x = glass[y].find(want[0], x + 1)
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.screenshots")
    parser.add_argument("--golden", action="store_true", help="only the test images")
    args = parser.parse_args(argv)
    os.makedirs(GOLDEN, exist_ok=True)
    if not args.golden:
        os.makedirs(DOCS, exist_ok=True)
    names = set(name + ".png" for name, _, _ in SCREENS)
    names.add("browser.png")      # the browser version's page: taken by tests/test_web.py
    names.add(TWO_DISPLAYS)
    for folder in (GOLDEN,) if args.golden else (GOLDEN, DOCS):
        for stale in set(os.listdir(folder)) - names:   # screens that were renamed or removed
            os.remove(os.path.join(folder, stale))
    for name, description, keys in SCREENS:
        sim = reach(keys)
        glass_image(sim).save(os.path.join(GOLDEN, name + ".png"), optimize=True)
        if not args.golden:
            sim.oled.to_image(3).save(os.path.join(DOCS, name + ".png"), optimize=True)
        print("%-16s %s" % (name, description))
    if not args.golden:
        # A display for each seat (hardware/README.md): both panels after the Corp's first
        # credit, the other seat's below as it looks from this one.
        sim = Simulator(pins_path=os.path.join(ROOT, "hardware", "pins-two-displays.json"))
        sim.keys("OK")
        sim.run(300)
        sim.screenshot(os.path.join(DOCS, TWO_DISPLAYS), 4)
        print("%-16s %s" % ("two_displays", "Both panels of a display for each seat"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
