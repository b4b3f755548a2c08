"""Pixel parity: under real MicroPython (C framebuf, the real driver, only `machine` stood in)
the firmware renders every screen to the same bytes, and sends the same I2C bytes, as the CPython
simulator does for the same key script. And the emulated glass shows that frame buffer."""

import pytest

from host_tools.parity import micropython_renders, cpython_render
from host_tools.screens_catalog import SCREENS
from simhelp import IMAGE_ONLY, NATIVE, NOT_AT_POWER_UP, device_module_names


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


def test_after_booting_and_resuming_the_whole_tracker_is_loaded_and_stays():
    """Issue 59, under real MicroPython: booting and resuming a saved game imports every
    device module (on the image they run from flash), and a game played on and a menu's round
    trip neither load nor let go of any."""
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
    modules = sorted(sys.modules)         # what booting and resuming loaded
    device.app.on_button("OK", 2)          # a credit for a click: something to save
    device.tick(10000)
    device.saver.flush()
    device.app.home()
print(json.dumps([toast, modules, sorted(sys.modules)]))
"""
    toast, modules, after = json.loads(
        run_micropython([code], packages=(), files=files).strip().splitlines()[-1])
    assert toast.startswith("Resumed - Turn 1, last: Corp took 1 credit")
    loaded = {m for m in modules if m.split(".")[0] in ("engine_lite", "firmware")}
    assert loaded == device_module_names() - NOT_AT_POWER_UP - NATIVE - IMAGE_ONLY
    assert modules == after
