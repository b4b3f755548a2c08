"""Build Netclick's firmware image (`make uf2`): MicroPython with the tracker frozen in.

    python -m host_tools.uf2                  # build/netclick-RPI_PICO.uf2, then its sha256
    python -m host_tools.uf2 --board RPI_PICO2   # build/netclick-RPI_PICO2.uf2: the Pico 2

The image is MicroPython v1.28.0 for the Raspberry Pi Pico (rp2 port, RPI_PICO), built offline
from the source kit in ../shared/rp2 by its `build-from-kit.sh`, with hardware/image/board as
the board folder (the stock board with a larger GC mark stack, the clock at 200 MHz and Python's
frames off the heap) and the modules that
`hardware/image/manifest.py` names frozen in: `engine_lite`, `firmware`, the pinned
`adafruit_ssd1306` and `adafruit_bus_device`, `main.py`, and `netclick_image` (the default pin
map, made here from hardware/pins.json). A board flashed with only this file boots to the tracker.

The kit is unpacked and built in build/rp2-kit, which is kept: the first build takes about 2
minutes on 2 cores, a rebuild after a code change well under one. The same commit always gives
the same bytes (the kit's build pins the version strings and the build date).
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys

from host_tools import deploy

ROOT = deploy.ROOT
SHARED_RP2 = os.path.join(os.path.dirname(ROOT), "shared", "rp2")
KIT_SCRIPT = os.path.join(SHARED_RP2, "build-from-kit.sh")
MANIFEST = os.path.join(ROOT, "hardware", "image", "manifest.py")
# The board folder the image is built with: the stock board, with a larger GC mark stack, a
# faster clock and Python's frames on a stack of their own (its mpconfigboard.cmake and
# mpconfigboard.h say why).
BOARD_DIR = os.path.join(ROOT, "hardware", "image", "board")
WORK = os.path.join(ROOT, "build", "rp2-kit")
STAGE = os.path.join(ROOT, "build", "uf2-stage")
OUTPUT = os.path.join(ROOT, "build", "netclick-RPI_PICO.uf2")
# The boards the kit builds, each with the UF2 family its boot ROM takes. The same image runs on
# a Pico W (its radio unused). The Pico 2 (RP2350, Arm cores) is built from the same manifest;
# the emulator covers only the RP2040, so for it what is checked is the build: its UF2 family
# and the tracker's modules frozen in (tests/test_virtual_pico.py, when NETCLICK_PICO2=1).
BOARDS = {"RPI_PICO": 0xE48BFF56, "RPI_PICO2": 0xE48BFF59}


def kit_output(board):
    """Where the kit leaves the image it built for `board`, inside the work folder."""
    return os.path.join("micropython", "ports", "rp2", "build-%s-frozen" % board, "firmware.uf2")


def symbol_address(prefix, board="RPI_PICO", work=WORK):
    """The RAM or flash address of the first symbol whose name starts with `prefix` in the image
    last built for `board` (its firmware.elf, read with the cross-compiler's nm): for checks that
    read the chip's memory, such as how deep the Python frames' stack was used. None if no
    symbol has that name."""
    elf = os.path.join(work, os.path.dirname(kit_output(board)), "firmware.elf")
    listing = subprocess.run(["arm-none-eabi-nm", elf], check=True, capture_output=True,
                             text=True).stdout
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2].startswith(prefix):
            return int(parts[0], 16)
    return None


def output_for(board):
    """build/netclick-BOARD.uf2."""
    return os.path.join(ROOT, "build", "netclick-%s.uf2" % board)

# Debian 12 packages the kit's build needs, and a file each one installs.
TOOLCHAIN = (("gcc-arm-none-eabi", "/usr/bin/arm-none-eabi-gcc"),
             ("libnewlib-arm-none-eabi", "/usr/lib/arm-none-eabi/include/stdio.h"),
             ("libstdc++-arm-none-eabi-newlib", "/usr/lib/arm-none-eabi/newlib"),
             ("cmake", "/usr/bin/cmake"))

IMAGE_MODULE = '''"""Made by `make uf2` (host_tools/uf2.py) from hardware/pins.json; frozen into the image.

PINS_JSON is the pin map a board uses when its filesystem has no hardware/pins.json of its own,
as text: a string stays in flash with the image, a dict would be built on the heap at import,
more for every collection to scan (make bench, "a full GC at the peak").
"""

PINS_JSON = %r
'''


class BuildError(Exception):
    """The image could not be built; the message says what to do."""


def missing_packages():
    """The Debian packages of TOOLCHAIN that are not installed."""
    return [package for package, path in TOOLCHAIN if not os.path.exists(path)]


def install_toolchain(out=sys.stdout):
    """Install the cross-compiler and cmake from Debian's packages when they are missing: as
    root directly (CI and these machines), else the command is named."""
    missing = missing_packages()
    if not missing:
        return
    if os.geteuid() != 0:
        raise BuildError("The firmware build needs Debian's %s:\n  sudo apt-get install %s"
                         % (", ".join(missing), " ".join(missing)))
    out.write("Installing %s (Debian packages)...\n" % " ".join(missing))
    out.flush()
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq"] + missing, check=True, env=env,
                   stdout=subprocess.DEVNULL)


def stage(folder=STAGE):
    """Fill `folder` with what the manifest takes from outside this tree: the pinned display
    driver from this virtual environment, and netclick_image.py made from hardware/pins.json."""
    import json
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    for board_path, local in deploy.source_files():
        if board_path.split("/")[0].replace(".py", "") in deploy.DRIVER_MODULES:
            target = os.path.join(folder, board_path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(local, target)
    with open(os.path.join(ROOT, "hardware", "pins.json")) as handle:
        pins = json.load(handle)
    with open(os.path.join(folder, "netclick_image.py"), "w") as handle:
        handle.write(IMAGE_MODULE % (json.dumps(pins, separators=(",", ":")),))


def sha256(path):
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def build(output=OUTPUT, out=sys.stdout, work=WORK, board="RPI_PICO"):
    """Build the image for `board` into `output` (the kit unpacked and built in `work`); returns
    its sha256."""
    if not os.path.isfile(KIT_SCRIPT):
        raise BuildError("No MicroPython source kit at %s (build-from-kit.sh and "
                         "micropython-v1.28.0-rp2-kit.tar.xz): the firmware image is built from "
                         "it. Without it, use `make deploy` onto the official UF2." % SHARED_RP2)
    install_toolchain(out)
    stage()
    out.write("Building MicroPython v1.28.0 for %s with the tracker frozen in "
              "(%s)...\n" % (board, os.path.relpath(work, ROOT)))
    out.flush()
    configured = os.path.join(work, os.path.dirname(kit_output(board)))
    if not _configured_with(configured, BOARD_DIR):
        shutil.rmtree(configured, ignore_errors=True)     # (CMake reads the board folder once)
    # (the kit's make takes BOARD_DIR from the environment: ports/rp2/Makefile's `BOARD_DIR ?=`)
    env = dict(os.environ, NETCLICK_UF2_STAGE=STAGE, BOARD=board, BOARD_DIR=BOARD_DIR)
    result = subprocess.run(["bash", KIT_SCRIPT, work, MANIFEST], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-25:])
        raise BuildError("The firmware build failed:\n" + tail)
    os.makedirs(os.path.dirname(output), exist_ok=True)
    shutil.copyfile(os.path.join(work, kit_output(board)), output)
    return sha256(output)


def _configured_with(build, board_dir):
    """Whether the kit's build folder `build` was configured with the board folder `board_dir`."""
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as handle:
            lines = handle.read().splitlines()
    except OSError:
        return False
    return any(line.startswith("MICROPY_BOARD_DIR:") and line.endswith("=" + board_dir)
               for line in lines)


def up_to_date(output=OUTPUT):
    """True when `output` exists and is newer than every file frozen into it (for the tests,
    which build the image only when the code changed)."""
    if not os.path.isfile(output):
        return False
    built = os.path.getmtime(output)
    sources = [MANIFEST, os.path.join(os.path.dirname(MANIFEST), "_boot.py"),
               os.path.join(ROOT, "main.py"), os.path.join(ROOT, "hardware", "pins.json"),
               os.path.abspath(__file__), os.path.join(BOARD_DIR, "mpconfigboard.cmake"),
               os.path.join(BOARD_DIR, "mpconfigboard.h"), os.path.join(BOARD_DIR, "netclick_gc_sweep.h"),
               os.path.join(BOARD_DIR, "netclick_flash.c")]
    sources += [local for _, local in deploy.source_files(image=True) if local.endswith(".py")
                and os.path.commonpath([local, ROOT]) == ROOT]
    return all(os.path.getmtime(path) <= built for path in sources)


def ensure(output=OUTPUT, out=sys.stdout, board="RPI_PICO"):
    """The image's path, built first if it is missing or older than the code."""
    if not up_to_date(output):
        build(output, out, board=board)
    return output


def families(path):
    """{UF2 family ID: blocks} of an image: what its boot ROM checks before it writes a block."""
    import struct
    found = {}
    with open(path, "rb") as handle:
        data = handle.read()
    for at in range(0, len(data) - 511, 512):
        magic, magic2, flags = struct.unpack_from("<3I", data, at)
        if (magic, magic2) == (0x0A324655, 0x9E5D5157) and flags & 0x2000:
            family = struct.unpack_from("<I", data, at + 28)[0]
            found[family] = found.get(family, 0) + 1
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.uf2",
                                     description="Build the Netclick firmware image (one .uf2).")
    parser.add_argument("--board", default="RPI_PICO", choices=sorted(BOARDS),
                        help="RPI_PICO (RP2040: the Pico, and the Pico W without its radio) or "
                        "RPI_PICO2 (RP2350)")
    parser.add_argument("--output", default=None, help="where to write the .uf2 (default "
                        "build/netclick-BOARD.uf2)")
    args = parser.parse_args(argv)
    args.output = args.output or output_for(args.board)
    try:
        digest = build(args.output, board=args.board)
    except BuildError as error:
        print(error, file=sys.stderr)
        return 1
    size = os.path.getsize(args.output)
    print("%s  %d bytes\nsha256 %s" % (os.path.relpath(args.output), size, digest))
    print("Flash it: hold BOOTSEL while plugging the Pico in, copy the file onto %s."
          % ("RP2350" if args.board == "RPI_PICO2" else "RPI-RP2"))
    return 0


if __name__ == "__main__":
    from host_tools import cli
    sys.exit(cli.run(main))
