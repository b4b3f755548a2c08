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


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.screenshots")
    parser.add_argument("--golden", action="store_true", help="only the test images")
    args = parser.parse_args(argv)
    os.makedirs(GOLDEN, exist_ok=True)
    if not args.golden:
        os.makedirs(DOCS, exist_ok=True)
    names = set(name + ".png" for name, _, _ in SCREENS)
    names.add("browser.png")      # the browser version's page: taken by tests/test_web.py
    for folder in (GOLDEN,) if args.golden else (GOLDEN, DOCS):
        for stale in set(os.listdir(folder)) - names:   # screens that were renamed or removed
            os.remove(os.path.join(folder, stale))
    for name, description, keys in SCREENS:
        sim = reach(keys)
        glass_image(sim).save(os.path.join(GOLDEN, name + ".png"), optimize=True)
        if not args.golden:
            sim.oled.to_image(3).save(os.path.join(DOCS, name + ".png"), optimize=True)
        print("%-16s %s" % (name, description))
    return 0


if __name__ == "__main__":
    sys.exit(main())
