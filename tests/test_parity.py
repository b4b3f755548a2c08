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
    # The emulator, fed only the I2C bytes, shows exactly the driver's frame buffer.
    assert sim.oled.glass_bytes().hex() == ours["frame"][2:]
