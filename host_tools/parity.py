"""Render every catalog screen with the firmware under real MicroPython (C framebuf, real
adafruit_ssd1306; only `machine` stood in) and under CPython (the simulator), for comparison.

Each run gives, per screen: the driver's frame buffer and a CRC of every I2C byte the firmware
sent on the way. Used by tests/test_parity.py.
"""

import binascii
import json
import os

from host_tools.mprun import run_micropython, firmware_files, ROOT
from host_tools.screens_catalog import SCREENS

SETUP = '''
import json, gc, binascii, os
import machine
from firmware.board import hw
from firmware.main import build, load_pins
from keyscript import Driver, ManualClock, FakeRandom

class CrcDevice:
    """Stands at 0x3C on the simulated bus and folds every write into a CRC."""
    def __init__(self):
        self.crc = 0
        self.count = 0
    def write(self, data):
        self.crc = binascii.crc32(data, self.crc)
        self.count += len(data)

def render(keys):
    machine.board = machine.Board()
    device = CrcDevice()
    machine.board.i2c_devices[0x3C] = device
    pins = load_pins("/hardware/pins.json")
    clock = ManualClock()
    app = build(pins, clock)
    app.random = FakeRandom(1).byte       # the simulator's (host_tools.sim)
    global folders
    folders += 1                          # an empty flash folder of its own, as firmware.main
    os.mkdir("/flash%d" % folders)        # gives a Device (the match keeps a file there)
    app.flash = hw.Flash("/flash%d/" % folders)
    driver = Driver(app, clock, pins)
    driver.run(50)
    driver.play(keys)
    driver.run(300)
    return {"frame": binascii.hexlify(bytes(app.display.oled.buffer)).decode(),
            "crc": device.crc & 0xFFFFFFFF, "bytes": device.count}
results = {}
folders = 0
'''


def micropython_renders(screens=SCREENS):
    """{screen name: {"frame", "crc", "bytes"}} rendered under MicroPython."""
    files = firmware_files()
    files["/lib/machine.py"] = _read("host_tools/standins/machine.py")
    files["/lib/keyscript.py"] = _read("host_tools/keyscript.py")
    chunks = [SETUP]
    for name, _description, keys in screens:
        chunks.append("results[%r] = render(%r)\n" % (name, keys))
    chunks.append("print(json.dumps(results))\n")
    out = run_micropython(chunks, packages=(), files=files)
    return json.loads(out.strip().splitlines()[-1])


def cpython_render(keys):
    """The same measurement in the CPython simulator: (simulator, result)."""
    from host_tools.sim import Simulator
    crc = [0, 0]

    def tap(data):
        crc[0] = binascii.crc32(data, crc[0])
        crc[1] += len(data)
    sim = Simulator(tap=tap)
    sim.keys(keys)
    sim.run(300)
    return sim, {"frame": bytes(sim.app.display.oled.buffer).hex(), "crc": crc[0], "bytes": crc[1]}


def _read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return handle.read()
