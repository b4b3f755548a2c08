"""Copy the saved game off a board (make pull), for the report and replay tools.

    python -m host_tools.pull                        # the Pico on USB, into saves/pulled-DATE-TIME
    python -m host_tools.pull --port /dev/ttyACM0 --dir mygame
    python -m host_tools.pull --virtual              # the virtual Pico (build/virtual-pico.bin)

The board is reset first, as `make deploy` does: mpremote stops the tracker to copy, and the
watchdog (armed 30 s after the tracker starts) would otherwise reset the board in the middle of
it. Nothing is lost: the game is on the flash, and the tracker resumes it after the copy.

Every file the board reads at power-up is copied, so the report shows the game the board would
resume: game.json, game.bak, game.tmp, game.jnl, settings.json, match.json (older firmware),
and whatever the tracker kept aside (game.json.bad1...) or logged (error.log). Then:

    python -m host_tools.report saves/pulled-...      # summary and chart
"""

import argparse
import json
import os
import sys
import time

from host_tools.deploy import (DeployError, mpremote, find_port, serial_ports, reset_and_reconnect,
                               VIRTUAL_IMAGE, ROOT)

SAVED_FILES = ("game.json", "game.bak", "game.tmp", "game.jnl", "settings.json", "match.json")
KEPT = ("game.", "settings.json", "match.json", "error.log")     # ... and these, kept aside or logs


def to_copy(there):
    """The names of `there` (the board's root folder) that pull copies."""
    return [name for name in there if name in SAVED_FILES or name.startswith(KEPT)]


def pull(port, folder, out=sys.stdout, reset=True, present=None):
    """Copy the saved files from the board on `port` into `folder`; returns their names."""
    if reset:
        reset_and_reconnect(port, present=present)
    listing = mpremote(port, "exec", "import os; print(__import__('json').dumps(os.listdir('/')))")
    there = json.loads(listing.strip().splitlines()[-1])
    names = to_copy(there)
    if not any(name in SAVED_FILES for name in names):
        raise DeployError("No saved game on the board (none of %s in its flash)" % ", ".join(SAVED_FILES))
    os.makedirs(folder, exist_ok=True)
    args = ["cp"] + [":" + name for name in names] + [folder.rstrip("/") + "/"]
    mpremote(port, *args)
    if "game.jnl" not in names:
        # The firmware image keeps the journal in flash of its own, not in a file
        # (firmware/board/flash_journal.py): read there by the board's own code.
        found = mpremote(port, "exec", JOURNAL_CODE).strip().splitlines()[-1]
        if found != "-":
            with open(os.path.join(folder, "game.jnl"), "wb") as handle:
                handle.write(bytes.fromhex(found))
            names.append("game.jnl")
    out.write("Copied %s into %s\n" % (", ".join(names), folder))
    return names


# (flash_journal is the image's only: a board with the .mpy deploy has no such journal)
JOURNAL_CODE = ("from firmware.board import hw\n"
                "try:\n"
                "    from firmware.board import flash_journal\n"
                "except ImportError:\n"
                "    flash_journal = None\n"
                "r = flash_journal and hw.journal_region()\n"
                "d = r and flash_journal.FlashJournal(hw.Flash(), r, 'game.jnl').read('game.jnl')\n"
                "print(d.hex() if d else '-')")


def pull_virtual(image, folder, out=sys.stdout):
    """The same from the virtual Pico's flash image, through the real mpremote."""
    from host_tools import vpico
    if not os.path.isfile(image):
        raise DeployError("No virtual Pico at %s: make deploy ARGS=--virtual first" % image)
    with vpico.VirtualPico(image) as pico:
        pico.run(200)
        with vpico.SerialBridge(pico) as port:
            names = pull(port, folder, out, present=lambda _port: True)
        pico.run(100)
        pico.save_image(image)
    return names


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.pull",
                                     description="Copy the saved game off a board.")
    parser.add_argument("--port", help="serial port of the board (default: find the Pico)")
    parser.add_argument("--dir", help="where to put the files (default: saves/pulled-DATE-TIME)")
    parser.add_argument("--virtual", nargs="?", const=VIRTUAL_IMAGE, metavar="IMAGE",
                        help="the virtual Pico's flash image instead of a board")
    args = parser.parse_args(argv)
    folder = args.dir or os.path.join(ROOT, "saves", time.strftime("pulled-%Y%m%d-%H%M%S"))
    try:
        if args.virtual:
            pull_virtual(args.virtual, folder)
        else:
            pull(args.port or find_port(serial_ports()), folder)
    except DeployError as error:
        print(error, file=sys.stderr)
        return 1
    except RuntimeError as error:        # the virtual Pico's own (VirtualPicoError)
        print("The virtual Pico could not run: %s" % error, file=sys.stderr)
        return 1
    print("Report: python -m host_tools.report %s" % os.path.relpath(folder))
    return 0


if __name__ == "__main__":
    from host_tools import cli
    sys.exit(cli.run(main))
