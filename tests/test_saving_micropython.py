"""Saving under real MicroPython: the firmware's own Flash class on the interpreter's filesystem
(not a stand-in), through a boot, a game, a restart and damaged files.

This is where the errno of "no such file" differs from CPython's (the WebAssembly port gives 44,
a Pico 2): a boot that mistook a missing file for an unreadable one turned saving off.
"""

import json

from host_tools.mprun import run_micropython, firmware_files, ROOT

SETUP = '''
import json, os
import machine
from firmware.board.hw import Flash
from firmware.main import Device, load_pins
from keyscript import Driver, ManualClock

class OLED:
    def write(self, data):
        pass

def boot(folder):
    machine.board = machine.Board()
    machine.board.i2c_devices[0x3C] = OLED()
    pins = load_pins("/hardware/pins.json")
    clock = ManualClock()
    device = Device(pins, clock, Flash(folder))
    driver = Driver(device, clock, pins)
    driver.run(50)
    return device, driver

def summary(device):
    state = device.app.game.state
    return {"held": device.saver.held, "failed": device.saver.failed, "toast": device.app.toast,
            "count": device.app.game.count, "corp_credits": state.corp.credits}
results = {}
os.mkdir("/flash")
'''

GAME = '''
device, driver = boot("/flash")
results["first_boot"] = summary(device)
driver.play("OK,OK,UP,UP,OK")
driver.run(1500)
results["played"] = summary(device)
results["files"] = sorted(os.listdir("/flash"))
device, driver = boot("/flash")
results["resumed"] = summary(device)
with open("/flash/game.json", "wb") as handle:
    handle.write(b"damaged")
device, driver = boot("/flash")
results["damaged"] = summary(device)
results["files_after"] = sorted(os.listdir("/flash"))
print(json.dumps(results))
'''


def test_the_real_flash_class_saves_and_resumes_under_micropython():
    files = firmware_files()
    with open(ROOT + "/host_tools/standins/machine.py", encoding="utf-8") as handle:
        files["/lib/machine.py"] = handle.read()
    with open(ROOT + "/host_tools/keyscript.py", encoding="utf-8") as handle:
        files["/lib/keyscript.py"] = handle.read()
    out = run_micropython([SETUP, GAME], packages=(), files=files)
    results = json.loads(out.strip().splitlines()[-1])
    first = results["first_boot"]
    assert first["held"] is None and first["failed"] is None, first
    played = results["played"]
    assert played["count"] >= 2 and played["failed"] is None
    assert "game.json" in results["files"]
    resumed = results["resumed"]
    assert resumed["count"] == played["count"]
    assert resumed["corp_credits"] == played["corp_credits"]
    assert "Resumed" in resumed["toast"]
    damaged = results["damaged"]                  # the previous generation, the damage kept
    assert damaged["held"] is None and "Save damaged" in damaged["toast"]
    assert "game.json.bad1" in results["files_after"]
