"""Pixel parity: under real MicroPython (C framebuf, the real driver, only `machine` stood in)
the firmware renders every screen to the same bytes, and sends the same I2C bytes, as the CPython
simulator does for the same key script. And the emulated glass shows that frame buffer."""

import pytest

from host_tools.parity import micropython_renders, cpython_render
from host_tools.screens_catalog import SCREENS


@pytest.fixture(scope="module")
def micropython_results():
    return micropython_renders()


@pytest.mark.parametrize("name, description, keys", SCREENS, ids=[s[0] for s in SCREENS])
def test_screen_is_identical_under_micropython(micropython_results, name, description, keys):
    sim, ours = cpython_render(keys)
    theirs = micropython_results[name]
    assert theirs["frame"] == ours["frame"]
    assert (theirs["bytes"], theirs["crc"]) == (ours["bytes"], ours["crc"])
    # The emulator, fed only the I2C bytes, shows exactly the driver's frame buffer (inverted
    # while the round timer's warning flashes the panel: the buffer stays as drawn).
    frame = bytes.fromhex(ours["frame"][2:])
    if sim.oled.inverse:
        frame = bytes(b ^ 0xFF for b in frame)
    assert sim.oled.glass_bytes() == frame
    assert sim.oled.inverse == (name == "timer_warning")


# The modules a Pico keeps on its heap once the tracker is up, a saved game resumed (the rp2 port
# also lists the driver's `adafruit_bus_device` and `rp2`). Anything else imported while booting
# (the log writer, the phrases, the snapshot reader...) must have been let go: the boot heap has
# no room for it (README, "Memory").
RESIDENT = {
    "engine_lite", "engine_lite.actions", "engine_lite.game", "engine_lite.rules",
    "engine_lite.state",
    "firmware", "firmware.app", "firmware.main", "firmware.settings",
    "firmware.board", "firmware.board.buttons", "firmware.board.display", "firmware.board.hw",
    "firmware.screens", "firmware.screens.font_data", "firmware.screens.fonts",
    "firmware.screens.ui",
    "firmware.saving", "firmware.saving.storage",
    "firmware.netrunner", "firmware.netrunner.dashboard",       # the home screen
    "adafruit_ssd1306",
}


def test_after_booting_and_resuming_only_the_core_modules_stay_loaded():
    import json
    from host_tools.mprun import run_micropython, firmware_files
    from host_tools.parity import _read
    files = firmware_files(compiled=True)
    files["/lib/machine.py"] = _read("host_tools/standins/machine.py")
    files["/lib/keyscript.py"] = _read("host_tools/keyscript.py")
    code = """
import sys, json, os, machine
from firmware.board import hw
from firmware.main import Device, load_pins
from keyscript import ManualClock
class Panel:
    def write(self, data):
        pass
os.mkdir("/flash")
for boot in (1, 2):                      # a new game saved, then that game resumed
    machine.board = machine.Board()
    machine.board.i2c_devices[0x3C] = Panel()
    device = Device(load_pins("/hardware/pins.json"), ManualClock(), hw.Flash("/flash/"))
    toast = device.app.toast
    device.tick(5000)
    modules = sorted(sys.modules)         # what booting and resuming left loaded
    device.app.on_button("OK", 2)          # a credit for a click: something to save
    device.tick(10000)
    device.saver.flush()
    device.app.home()                     # (its message's words let go, as a menu's round trip does)
print(json.dumps([toast, modules]))
"""
    toast, modules = json.loads(run_micropython([code], packages=(), files=files).strip().splitlines()[-1])
    assert toast.startswith("Resumed - Turn 1, last: Corp took 1 credit")
    loaded = {m for m in modules if m.split(".")[0] in ("engine_lite", "firmware")
              or m == "adafruit_ssd1306"}
    assert loaded == RESIDENT
