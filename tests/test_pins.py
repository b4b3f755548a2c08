"""The pin map is the single source, and bad pin maps are rejected with a reason."""

import json

import pytest

from firmware.board import pins
from firmware.board.pins import PinMapError

GOOD = {"i2c": {"id": 0, "sda": 4, "scl": 5}, "buttons": {"UP": 10, "DOWN": 11, "LEFT": 12,
                                                           "RIGHT": 13, "OK": 14}}


def test_the_shipped_pin_map_loads():
    data = pins.load("hardware/pins.json")
    assert data["i2c"]["freq"] == 400000 and data["i2c"]["address"] == 0x3C
    assert set(data["buttons"]) >= set(pins.REQUIRED_BUTTONS)


@pytest.mark.parametrize("change, message", [
    ({"i2c": None}, "needs an 'i2c' section"),
    ({"buttons": {"UP": 10}}, "has no DOWN button"),
    ({"buttons": dict(GOOD["buttons"], OK=4)}, "GP4 is used twice (i2c.sda and OK)"),
    ({"buttons": dict(GOOD["buttons"], OK=30)}, "button OK must be a GPIO number 0-29"),
    ({"buzzer": 10}, "GP10 is used twice (UP and buzzer)"),
    ({"buttons": dict(GOOD["buttons"], MENU=3)}, "unknown button MENU"),
    ({"display": {"reset": 5}}, "GP5 is used twice (i2c.scl and display.reset)"),
    ({"buzzer": 2, "display": {"reset": 2}}, "GP2 is used twice (buzzer and display.reset)"),
    ({"display": {"controller": "sh1107"}},
     "display.controller must be ssd1306, ssd1309 or sh1106, not 'sh1107'"),
    ({"fram": {"address": "0x50"}}, "fram.address must be an I2C address (80 is 0x50)"),
    ({"fram": {"address": 60}}, "fram.address is a display's"),
    ({"fram": {"address": 80, "bytes": 131072}}, "fram.bytes must be 8192, 16384, 32768 or 65536"),
])
def test_bad_pin_maps_say_what_is_wrong(change, message):
    data = json.loads(json.dumps(GOOD))
    data.update(change)
    with pytest.raises(PinMapError) as error:
        pins.parse(data)
    assert message in str(error.value)


def test_the_firmware_reads_its_buttons_from_the_pin_map(tmp_path):
    from host_tools.sim import Simulator
    other = json.loads(open("hardware/pins.json").read())
    other["buttons"]["OK"] = 22
    path = tmp_path / "pins.json"
    path.write_text(json.dumps(other))
    sim = Simulator(pins_path=str(path))
    sim.board.press(22)
    sim.run(100)
    sim.board.release(22)
    sim.run(100)
    assert sim.app.game.state.corp.credits == 6     # OK on the bar's +1cr


def test_a_display_with_a_reset_pin_is_reset_before_the_bus_is_used(tmp_path):
    """2.42-inch SSD1309 modules answer nothing until RES has been pulsed low."""
    import machine
    from firmware.main import load_pins
    machine.board = machine.Board()
    data = json.loads(json.dumps(GOOD))
    data["display"] = {"reset": 2}
    path = tmp_path / "pins.json"
    path.write_text(json.dumps(data))
    load_pins(str(path))
    assert [level for pin, level in machine.board.outputs if pin == 2] == [1, 0, 1]
    machine.board = machine.Board()
    path.write_text(json.dumps(GOOD))
    load_pins(str(path))                                      # no reset pin: no pulse
    assert machine.board.outputs == []


def _image_module():
    """What `make uf2` freezes in as netclick_image (host_tools.uf2.IMAGE_MODULE), made from GOOD
    as the build makes it from hardware/pins.json."""
    import types
    from host_tools import uf2
    module = types.ModuleType("netclick_image")
    exec(uf2.IMAGE_MODULE % (json.dumps(GOOD),), module.__dict__)
    return module


_Image = _image_module()


def test_the_firmware_image_uses_its_frozen_pin_map_unless_the_board_has_a_file(monkeypatch):
    import sys
    from firmware import main
    from host_tools.flash import MemoryFlash
    monkeypatch.setattr(main, "netclick_image", _Image)
    assert main.board_pins(MemoryFlash({}))[0]["buttons"]["UP"] == 10
    own = json.loads(json.dumps(GOOD))
    own["buttons"]["UP"] = 20
    with open("hardware/pins.json") as handle:
        assert json.load(handle)["buttons"]["UP"] != 20
    flash = MemoryFlash({"hardware/pins.json": json.dumps(own).encode()})
    monkeypatch.setattr(main, "load_pins", lambda path=None, data=None: (
        pins.parse(json.loads(flash.files[path])) if data is None else pins.parse(data)))
    assert main.board_pins(flash)[0]["buttons"]["UP"] == 20


@pytest.mark.parametrize("hostile", [
    b"not json at all",
    json.dumps(dict(GOOD, i2c=dict(GOOD["i2c"], address="0x3C"))).encode(),
    json.dumps(dict(GOOD, display="ssd1306")).encode(),
])
def test_on_the_image_a_pin_map_file_that_cannot_be_used_gives_way_to_the_built_in_one(
        monkeypatch, hostile):
    """A hostile hardware/pins.json on an image board: the display still shows the tracker,
    on the built-in pin map, and says why (issue 36)."""
    import sys
    from firmware import main
    from host_tools.flash import MemoryFlash
    monkeypatch.setattr(main, "netclick_image", _Image)
    flash = MemoryFlash({"hardware/pins.json": hostile})
    monkeypatch.setattr(main, "load_pins", lambda path=None, data=None: (
        pins.parse(json.loads(flash.files[path])) if data is None else pins.parse(data)))
    found, notice = main.board_pins(flash)
    assert found["buttons"]["UP"] == 10
    assert "hardware/pins.json not used" in notice and "built-in pin map" in notice


def test_on_stock_micropython_a_missing_pin_map_is_the_files_error(monkeypatch, tmp_path):
    import sys
    from firmware import main
    from host_tools.flash import MemoryFlash
    monkeypatch.setattr(main, "netclick_image", None)     # not frozen in
    monkeypatch.chdir(tmp_path)
    with pytest.raises(OSError):
        main.board_pins(MemoryFlash({}))


def test_the_image_says_when_deployed_files_hide_its_tracker(monkeypatch):
    from firmware.main import shadowed_notice
    from host_tools.flash import MemoryFlash
    deployed = MemoryFlash({"firmware": b""})
    assert "make deploy ARGS=--clean" in shadowed_notice(_Image, deployed)
    assert shadowed_notice(_Image, MemoryFlash({})) == ""          # the image's own tracker
    assert shadowed_notice(None, deployed) == ""                   # stock MicroPython
