"""Put Netclick on a Raspberry Pi Pico running MicroPython (`make deploy`).

    python -m host_tools.deploy                 # find the board, copy what changed, reset it
    python -m host_tools.deploy --dry-run       # the plan: every file, its size, the total
    python -m host_tools.deploy --port /dev/ttyACM0
    python -m host_tools.deploy --source        # copy .py files instead of compiled .mpy

Every device file is compiled with mpy-cross for the .mpy version the board reports (RP2040:
armv6m), then copied with mpremote together with the pinned adafruit_ssd1306 and
adafruit_bus_device (taken from this virtual environment's pip packages), the pin map and the
board's main.py. Files whose contents the board already has are skipped; a .py that would shadow
its new .mpy is removed; then the board is reset into the tracker.
"""

import argparse
import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_PACKAGES = ("engine_lite", "firmware")
DRIVER_MODULES = ("adafruit_ssd1306", "adafruit_bus_device")
# mpy-cross -march names, by the architecture number in sys.implementation._mpy
ARCHES = {1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em",
          7: "armv7emsp", 8: "armv7emdp", 9: "xtensa", 10: "xtensawin", 11: "rv32imc"}
RASPBERRY_PI_VID = 0x2E8A
# Device modules in machine code (MicroPython's viper emitter): compiled for the board's
# architecture like the rest. A MicroPython without a native emitter (the browser's WebAssembly
# port) goes without them: the firmware falls back to Python (firmware.screens.fonts).
NATIVE_MODULES = ("firmware/screens/glyphs.py", "firmware/saving/adler.py",
                  "firmware/board/changed.py")


class DeployError(Exception):
    """Something a maker must fix; the message says what."""


# ---- what goes on the board ------------------------------------------------------------------

# Device modules only the firmware image can use (frozen into it with the rest): the journal in
# flash of its own, which only the image's _boot.py leaves out of littlefs (stock MicroPython
# formats all of it), and its erases that a key suspends, through the image's own C module
# netclick_flash. Left off a deploy onto stock MicroPython, where they would take heap for
# nothing: the deploy runs its code from the heap, and is at its edge (README, "The .mpy
# deploy"). Their importers fall back when they are missing.
IMAGE_ONLY = ("firmware/board/flash_journal.py", "firmware/board/keyed_erase.py")


def source_files(image=False):
    """[(path on the board, local path)] of everything the tracker needs, before compiling
    (`image`: with the modules only the firmware image can use, IMAGE_ONLY)."""
    files = []
    for package in DEVICE_PACKAGES:
        for dirpath, dirs, names in sorted(os.walk(os.path.join(ROOT, package))):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(names):
                if name.endswith(".py"):
                    local = os.path.join(dirpath, name)
                    board_path = os.path.relpath(local, ROOT).replace(os.sep, "/")
                    if image or board_path not in IMAGE_ONLY:
                        files.append((board_path, local))
    for module in DRIVER_MODULES:
        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None:
            raise DeployError("%s is not installed: run `make setup` first" % module)
        if spec.submodule_search_locations:
            folder = list(spec.submodule_search_locations)[0]
            for name in sorted(os.listdir(folder)):
                if name.endswith(".py"):
                    files.append(("%s/%s" % (module, name), os.path.join(folder, name)))
        else:
            files.append((module + ".py", spec.origin))
    files.append(("hardware/pins.json", os.path.join(ROOT, "hardware", "pins.json")))
    files.append(("main.py", os.path.join(ROOT, "main.py")))
    return files


# mpy-cross options for every device file. -O3 leaves out the line-number tables: on the .mpy
# path the code is on the heap, and with them the tracker built left 15.8 KB for a game, too
# little to save one after a few moves (tests/test_virtual_pico.py, make pull: the save failed
# "out of memory"); without them 24.3 KB (the virtual Pico, `make bench`: .mpy deploy). A
# traceback in error.log then says "line 1"; `--line-numbers` keeps the tables for a
# developer chasing an error (tests/test_mpy_cross.py).
MPY_OPTIONS = ["-O3"]


def mpy_cross_version():
    """The .mpy version this mpy-cross writes: the major version a board checks. (The one file
    in machine code, NATIVE_MODULES, is compiled for the architecture the board reports.)"""
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "probe.py")
        with open(source, "w") as handle:
            handle.write("x = 1\n")
        subprocess.run([sys.executable, "-m", "mpy_cross", source], check=True)
        with open(os.path.join(folder, "probe.mpy"), "rb") as handle:
            header = handle.read(4)
    return header[1]


def plan(build_dir, arch="armv6m", source=False, line_numbers=False):
    """Compile into build_dir; returns [(board path, local file to copy, size)]. With
    `line_numbers` the .mpy files keep their line-number tables (MPY_OPTIONS)."""
    items = []
    for board_path, local in source_files():
        compile_it = (not source and board_path.endswith(".py") and board_path != "main.py")
        if compile_it:
            board_path = board_path[:-3] + ".mpy"
            target = os.path.join(build_dir, board_path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            subprocess.run([sys.executable, "-m", "mpy_cross", "-march=" + arch]
                           + ([] if line_numbers else MPY_OPTIONS) +
                           ["-s", board_path[:-4] + ".py", "-o", target, local],
                           check=True, capture_output=True)
            local = target
        items.append((board_path, local, os.path.getsize(local)))
    return items


def print_plan(items, out=sys.stdout):
    """The plan as a table with the total."""
    width = max(len(path) for path, _, _ in items)
    for path, _, size in items:
        out.write("  %-*s %7d bytes\n" % (width, path, size))
    out.write("  %-*s %7d bytes in %d files\n" % (width, "total", sum(s for _, _, s in items),
                                                  len(items)))


# ---- the mip package ---------------------------------------------------------------------------

DRIVER_SOURCES = {
    # pip distribution -> GitHub repository of the same release (tags are the bare version)
    "adafruit-circuitpython-ssd1306": "adafruit/Adafruit_CircuitPython_SSD1306",
    "adafruit-circuitpython-busdevice": "adafruit/Adafruit_CircuitPython_BusDevice",
}
DRIVER_DISTRIBUTION = {"adafruit_ssd1306": "adafruit-circuitpython-ssd1306",
                       "adafruit_bus_device": "adafruit-circuitpython-busdevice"}


def package_json():
    """The mip package description: this repository's device files by relative URL, and the
    display driver's files from GitHub at exactly the release pinned in requirements.txt.

        mpremote mip install --target / github:OWNER/REPO
    """
    from importlib.metadata import version
    urls = []
    for board_path, local in source_files():
        top = board_path.split("/")[0].replace(".py", "")
        if top not in DRIVER_DISTRIBUTION:
            urls.append([board_path, os.path.relpath(local, ROOT).replace(os.sep, "/")])
            continue
        distribution = DRIVER_DISTRIBUTION[top]
        urls.append([board_path, "https://raw.githubusercontent.com/%s/%s/%s" % (
            DRIVER_SOURCES[distribution], version(distribution), board_path)])
    return {"urls": urls, "deps": [], "version": "1.0.0"}


def write_package_json(path=os.path.join(ROOT, "package.json")):
    """Write package.json (make package-json)."""
    with open(path, "w") as handle:
        json.dump(package_json(), handle, indent=2)
        handle.write("\n")


# ---- the board -------------------------------------------------------------------------------

def serial_ports():
    """[(device, description, USB vendor id or None)] of the serial ports on this computer."""
    from serial.tools import list_ports
    return [(p.device, p.description or "", p.vid) for p in list_ports.comports()]


def find_port(ports):
    """The port of a Raspberry Pi board, or DeployError listing what there is."""
    picos = [p for p in ports if p[2] == RASPBERRY_PI_VID]
    if len(picos) == 1:
        return picos[0][0]
    if not ports:
        listing = "  (no serial ports at all)"
    else:
        listing = "\n".join("  %s  %s" % (device, description) for device, description, _ in ports)
    if len(picos) > 1:
        raise DeployError("More than one Pico is connected; choose with --port:\n" + listing)
    raise DeployError(
        "No Raspberry Pi Pico running MicroPython was found. Serial ports here:\n%s\n"
        "Plug the Pico in with a data USB cable. A new Pico needs MicroPython first: hold "
        "BOOTSEL while plugging it in and copy the MicroPython .uf2 onto the RPI-RP2 drive "
        "(README, \"Flashing a Pico\"). Or name the port with --port." % listing)


def mpremote(port, *args, capture=True):
    """Run mpremote on the board; returns its output. DeployError if it fails."""
    command = [sys.executable, "-m", "mpremote", "connect", port] + list(args)
    result = subprocess.run(command, capture_output=capture, text=True, timeout=120)
    if result.returncode != 0:
        detail = (result.stderr or result.stdout or "").strip().splitlines()
        raise DeployError("mpremote failed on %s: %s" % (port, detail[-1] if detail else "?"))
    return result.stdout or ""


def reset_and_reconnect(port, wait=None, present=None):
    """Hard-reset the board and wait for its USB serial port to come back. The tracker arms its
    watchdog only 30 s after starting (firmware/main.py), so connecting right after a reset stops
    it before the watchdog could reset the board in the middle of copying. `present(port)` tells
    whether the port is there (default: it is listed among the USB serial ports)."""
    import time
    wait = wait or time.sleep
    present = present or (lambda port: any(device == port for device, _, _ in serial_ports()))
    try:
        mpremote(port, "reset")
    except DeployError:
        pass                      # the board may drop the connection as it resets
    for _ in range(40):
        wait(0.25)
        if present(port):
            wait(0.5)
            return
    raise DeployError("%s did not come back after the reset; unplug and plug the Pico in again, "
                      "then run this again within 30 s" % port)


def board_mpy(port):
    """(.mpy version, architecture number) of the board's MicroPython."""
    try:
        out = mpremote(port, "exec", "import sys; print(getattr(sys.implementation, '_mpy', 0))")
    except DeployError as error:
        raise DeployError("%s\nNothing on %s answered as MicroPython. Is MicroPython installed? "
                          "(README, \"Flashing a Pico\")" % (error, port))
    value = int(out.strip().splitlines()[-1])
    return value & 0xFF, value >> 10


REMOTE_HASHES = """
import hashlib, binascii, json
found = {}
for path in %r:
    try:
        h = hashlib.sha256()
        with open(path, 'rb') as f:
            while True:
                chunk = f.read(512)
                if not chunk:
                    break
                h.update(chunk)
        found[path] = binascii.hexlify(h.digest()).decode()
    except OSError:
        pass
print(json.dumps(found))
"""


def sha256(path):
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def deploy(port, items, out=sys.stdout):
    """Copy what changed, remove .py files that would shadow new .mpy files, reset."""
    shadows = [path[:-4] + ".py" for path, _, _ in items if path.endswith(".mpy")]
    query = REMOTE_HASHES % ([path for path, _, _ in items] + shadows,)
    remote = json.loads(mpremote(port, "exec", query).strip().splitlines()[-1])
    changed = [(path, local) for path, local, _ in items if remote.get(path) != sha256(local)]
    stale = [path for path in shadows if path in remote]
    folders = set()
    for path, _ in changed:            # each folder a changed file is in, and the folders above
        folder = os.path.dirname(path)
        while folder:
            folders.add(folder)
            folder = os.path.dirname(folder)
    folders = sorted(folders)          # (a folder before the ones inside it)
    out.write("%d of %d files changed, %d stale .py to remove\n" % (len(changed), len(items),
                                                                   len(stale)))
    args = []
    if folders:
        make = "import os\nfor d in %r:\n    try:\n        os.mkdir(d)\n    except OSError:\n        pass" % (folders,)
        args += ["exec", make, "+"]
    for path, local in changed:
        out.write("  copy   %s\n" % path)
        args += ["fs", "cp", local, ":" + path, "+"]
    for path in stale:
        out.write("  remove %s\n" % path)
        args += ["fs", "rm", ":" + path, "+"]
    args += ["reset"]
    mpremote(port, *args)
    out.write("Done: the board restarted into Netclick.\n")


# What `--clean` removes: the tracker's own files from a `make deploy`, which would otherwise hide
# the tracker frozen into the firmware image (MicroPython looks in the filesystem first). Saved
# games, settings and the pin map (hardware/pins.json, which still overrides the image's default)
# stay.
CLEAN_SCRIPT = """
import os
def remove(path):
    try:
        if os.stat(path)[0] & 0x4000:
            for name in os.listdir(path):
                remove(path + '/' + name)
            os.rmdir(path)
        else:
            os.remove(path)
        print('removed', path)
    except OSError:
        pass
for path in %r:
    remove(path)
"""
CLEANED = ("main.py", "engine_lite", "firmware", "adafruit_ssd1306.mpy", "adafruit_ssd1306.py",
           "adafruit_bus_device")


def clean(port, out=sys.stdout):
    """Remove the tracker's deployed files from the board (not its saved games), then reset it:
    the way from `make deploy` to the firmware image (`make uf2`)."""
    removed = mpremote(port, "exec", CLEAN_SCRIPT % (CLEANED,))
    for line in removed.strip().splitlines():
        out.write("  %s\n" % line)
    mpremote(port, "reset")
    out.write("Done: the deployed tracker is gone (saved games kept); a board with the Netclick "
              "image now runs its built-in tracker.\n")


# ---- the virtual Pico -------------------------------------------------------------------------

VIRTUAL_IMAGE = os.path.join(ROOT, "build", "virtual-pico.bin")


def deploy_virtual(image=VIRTUAL_IMAGE, source=False, out=sys.stdout, wipe=False,
                   line_numbers=False):
    """`make deploy ARGS=--virtual`: the same steps as for a real board (reset, .mpy version
    check, copy, removal of shadowing .py, reset), with the real mpremote talking to the virtual
    Pico's USB serial port through a pseudo-terminal. The flash image is kept in `image`, so the
    simulator (`make sim ARGS=--virtual`) and the tests boot what was deployed."""
    from host_tools import vpico
    try:
        os.makedirs(os.path.dirname(os.path.abspath(image)), exist_ok=True)
        if not os.path.isfile(image):
            out.write("No virtual Pico yet: a new board with MicroPython only (%s)\n" % image)
            vpico.blank_image(image)
        with vpico.VirtualPico(image) as pico:
            pico.run(200)
            with vpico.SerialBridge(pico) as port:
                out.write("Virtual Pico on %s (emulated RP2040, MicroPython rp2)\n" % port)
                reset_and_reconnect(port, present=lambda _port: True)
                if wipe:
                    clean(port, out)
                    pico.run(100)
                    pico.save_image(image)
                    return 0
                arch = "armv6m"
                if not source:
                    version, arch_number = board_mpy(port)
                    ours = mpy_cross_version()
                    if version != ours:
                        raise DeployError("The virtual Pico loads .mpy version %d; this mpy-cross "
                                          "writes %d." % (version, ours))
                    arch = ARCHES.get(arch_number, "armv6m")
                with tempfile.TemporaryDirectory() as build:
                    items = plan(build, arch, source, line_numbers)
                    print_plan(items, out)
                    deploy(port, items, out)
            pico.run(100)
            pico.save_image(image)
    except (DeployError, vpico.VirtualPicoError) as error:
        print(error, file=sys.stderr)
        return 1
    out.write("Saved the virtual Pico's flash in %s\n" % image)
    return 0


def deployed_image(path=None):
    """The virtual Pico's flash image that `make deploy ARGS=--virtual` keeps (deployed now if
    there is none yet)."""
    from host_tools.vpico import VirtualPicoError
    path = path or VIRTUAL_IMAGE
    if not os.path.isfile(path) and deploy_virtual(path) != 0:
        raise VirtualPicoError("could not deploy to the virtual Pico")
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.deploy",
                                     description="Put Netclick on a Pico running MicroPython.")
    parser.add_argument("--port", help="serial port of the board (default: find the Pico)")
    parser.add_argument("--dry-run", action="store_true", help="print the plan; no board needed")
    parser.add_argument("--source", action="store_true", help="copy .py files, not .mpy")
    parser.add_argument("--line-numbers", action="store_true",
                        help="keep the line-number tables in the .mpy files (tracebacks in "
                             "error.log say which line failed; some 8 KB less heap for a game)")
    parser.add_argument("--clean", action="store_true",
                        help="remove the deployed tracker (not the saved games) so that the "
                             "firmware image's built-in one runs (make uf2)")
    parser.add_argument("--package-json", action="store_true",
                        help="write the mip package.json for this tree and exit")
    parser.add_argument("--virtual", nargs="?", const=VIRTUAL_IMAGE, metavar="IMAGE",
                        help="deploy to the virtual Pico (host_tools.vpico) whose flash image is "
                             "IMAGE (default %s; made if missing)" % os.path.relpath(VIRTUAL_IMAGE))
    args = parser.parse_args(argv)
    if args.package_json:
        write_package_json()
        print("wrote package.json")
        return 0
    if args.virtual:
        return deploy_virtual(args.virtual, args.source, wipe=args.clean,
                              line_numbers=args.line_numbers)
    with tempfile.TemporaryDirectory() as build:
        try:
            if args.dry_run:
                print("Plan (.mpy version %d, armv6m for the RP2040; no board needed):"
                      % mpy_cross_version())
                print_plan(plan(build, source=args.source, line_numbers=args.line_numbers))
                return 0
            port = args.port or find_port(serial_ports())
            reset_and_reconnect(port)
            if args.clean:
                clean(port)
                return 0
            arch = "armv6m"
            if not args.source:
                version, arch_number = board_mpy(port)
                ours = mpy_cross_version()
                if version != ours:
                    raise DeployError(
                        "The board loads .mpy version %d; this mpy-cross writes %d. Update the "
                        "board's MicroPython (README, \"Flashing a Pico\") or deploy sources "
                        "with --source." % (version, ours))
                arch = ARCHES.get(arch_number, "armv6m")
            items = plan(build, arch, args.source, args.line_numbers)
            print("Deploying to %s:" % port)
            print_plan(items)
            deploy(port, items)
            print(HEAP_NOTE)
        except DeployError as error:
            print(error, file=sys.stderr)
            return 1
    return 0


# What the .mpy path leaves a game (measured on the virtual Pico: the tracker built, with -O3,
# 24.3 KB of an RP2040's heap free, the code and its names in the rest).
HEAP_NOTE = ("Deployed as .mpy files, the tracker's code is on the heap: on an RP2040 about 24 KB "
             "is left for a game, enough to develop with but not for a long game. A player "
             "flashes the firmware image (make uf2), whose code runs from flash.")


if __name__ == "__main__":
    from host_tools import cli
    sys.exit(cli.run(main))
