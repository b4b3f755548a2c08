"""The display sends only what changed, and the panel still ends up showing the whole frame."""

import os

import pytest
import random

from simhelp import play
from firmware.screens.ui import WIDTH


def test_partial_updates_leave_the_glass_equal_to_the_frame():
    sim = play("")
    display = sim.app.display
    rnd = random.Random(1)
    for _ in range(40):
        fb = display.fb
        for _ in range(rnd.randint(1, 6)):
            fb.fill_rect(rnd.randint(-5, 127), rnd.randint(-5, 63), rnd.randint(1, 40),
                         rnd.randint(1, 20), rnd.randint(0, 1))
        sent = display.show()
        assert sim.oled.glass_bytes() == bytes(display.oled.buffer[1:])
        assert sent <= 1044
    assert display.show() == 0   # nothing changed: nothing sent


def test_a_small_change_sends_a_small_window():
    sim = play("")
    display = sim.app.display
    before = sim.board.i2c_bytes
    display.fb.pixel(60, 20, 1 - display.fb.pixel(60, 20))
    sent = display.show()
    assert sim.board.i2c_bytes - before == sent == 11   # window command + 1 data byte


def test_a_new_screen_goes_as_one_window_and_scattered_changes_page_by_page():
    """Each I2C write costs time beside its bytes (about 0.34 ms on a Pico), so pages changed
    almost across their width go together, as one window of whole pages (a new screen: two
    writes, not sixteen); a narrow change still goes alone, with only its columns."""
    sim = play("")
    display = sim.app.display
    fb = display.fb
    fb.fill(0)
    display.show()
    sim.board.i2c_log = log = []
    fb.fill_rect(0, 0, WIDTH, 64, 1)
    fb.fill_rect(5, 30, 10, 4, 0)               # page 3: still a wide change
    assert display.show() == 8 + 2 + 1024
    assert len(log) == 2
    assert sim.oled.glass_bytes() == bytes(display.oled.buffer[1:])
    del log[:]
    fb.fill_rect(0, 0, WIDTH, 16, 0)             # pages 0 and 1, whole width
    fb.pixel(70, 40, 0)                          # page 5: one column
    assert display.show() == (8 + 2 + 256) + (8 + 2 + 1)
    assert len(log) == 4
    assert sim.oled.glass_bytes() == bytes(display.oled.buffer[1:])
    del log[:]
    fb.fill_rect(0, 0, WIDTH, 8, 1)              # page 0, whole width...
    fb.fill_rect(20, 8, 3, 8, 1)                 # ...then page 1, three columns: alone
    assert display.show() == (8 + 2 + 128) + (8 + 2 + 3)
    assert len(log) == 4
    assert sim.oled.glass_bytes() == bytes(display.oled.buffer[1:])


def test_flip_turns_the_picture_upside_down():
    sim = play("")
    upright = sim.oled.rows()
    sim.app.display.set_flip(True)
    flipped = sim.oled.rows()
    assert flipped == [row[::-1] for row in upright[::-1]]
    assert sim.oled.glass_bytes() != bytes(sim.app.display.oled.buffer[1:])


def test_contrast_and_power_reach_the_panel():
    sim = play("")
    sim.app.display.set_contrast(40)
    assert sim.oled.contrast == 40
    sim.app.display.set_power(False)
    assert not sim.oled.display_on and not any(sim.oled.glass_bytes())
    sim.app.display.set_power(True)
    assert sim.oled.glass_bytes() == bytes(sim.app.display.oled.buffer[1:])


def _sim_with_controller(tmp_path, controller, panel):
    """A simulator whose pin map names `controller`, on an emulated `panel`."""
    import json
    from host_tools.sim import Simulator
    data = json.loads(open("hardware/pins.json").read())
    data["display"]["controller"] = controller
    path = tmp_path / ("pins-%s.json" % controller)
    path.write_text(json.dumps(data))
    return Simulator(pins_path=str(path), panel=panel)


def test_a_2_42_inch_ssd1309_module_is_set_up_as_one_and_shows_the_same_picture(tmp_path):
    """With `"controller": "ssd1309"` in the pin map the panel gets the SSD1309's own set-up:
    no command it does not have (the SSD1306's charge pump and current reference), and the
    same picture as the 0.96-inch module, also after the panel was lost and set up again."""
    keys = "OK,UP,UP,RIGHT,RIGHT,OK,DOWN,DOWN"
    small = play(keys)
    assert small.oled.unknown == []
    sim = _sim_with_controller(tmp_path, "ssd1309", "ssd1309")
    sim.keys(keys)
    sim.run(300)
    assert sim.oled.unknown == [] and sim.oled.display_on
    assert sim.oled.glass_bytes() == small.oled.glass_bytes()
    sim.app.display.panels[0].online = False     # the panel lost (a loose wire), then
    assert sim.app.display.retry()               # set up again, as the App does
    sim.app.full_redraw = True
    sim.app.render()
    assert sim.oled.unknown == [] and sim.oled.glass_bytes() == small.oled.glass_bytes()
    # The SSD1306's set-up on an SSD1309: the commands it has not got are what the option avoids.
    wrong = _sim_with_controller(tmp_path, "ssd1306", "ssd1309")
    assert 0x8D in wrong.oled.unknown and 0xAD in wrong.oled.unknown


def _micropython(code):
    """Run `code` under MicroPython (WebAssembly) with the firmware's compiled modules and the
    host stand-in for `machine`; its last printed line, read as JSON."""
    import json
    from host_tools.mprun import run_micropython, firmware_files
    from host_tools.parity import _read
    files = firmware_files(compiled=True)
    files["/lib/machine.py"] = _read("host_tools/standins/machine.py")
    return json.loads(run_micropython([code], packages=(), files=files).strip().splitlines()[-1])


def test_micropython_sets_an_ssd1309_up_with_its_own_commands():
    """The same under MicroPython: the SSD1309 driver is a subclass of Adafruit's, and what
    reaches the bus is the SSD1309 set-up, without the SSD1306-only commands."""
    from firmware.board.ssd1309 import INIT
    code = """
import json, machine
class Panel:
    def __init__(self):
        self.commands = []
    def write(self, data):
        if len(data) == 2 and data[0] == 0x80:      # one command byte (Co set)
            self.commands.append(data[1])
machine.board = machine.Board()
panel = machine.board.i2c_devices[0x3C] = Panel()
from firmware.board.display import Display
display = Display(machine.I2C(0), 0x3C, 128, 64, "ssd1309")
print(json.dumps([type(display.oled).__name__, panel.commands]))
"""
    name, commands = _micropython(code)
    assert name == "SSD1309_I2C"
    start = commands.index(INIT[0])
    assert commands[start:start + len(INIT)] == list(INIT)
    assert 0x8D not in commands and 0xAD not in commands


def test_a_1_3_inch_sh1106_module_shows_the_same_picture_from_its_own_memory(tmp_path):
    """Issue 61: with `"controller": "sh1106"` the panel gets the SH1106's set-up and its pages
    one at a time from column 2 of its 132 (no windows, which it has not got): every golden
    screen is the same picture as on the 0.96-inch module, also after a flip, a panel lost and
    set up again. The SSD1306's driver on an SH1106 shows a wrong picture, as the real chip
    would: the emulator models the SH1106's memory and addressing, not the picture wanted."""
    from host_tools.screens_catalog import SCREENS
    for name, _description, keys in SCREENS:
        small = play(keys)
        sim = _sim_with_controller(tmp_path, "sh1106", "sh1106")
        sim.keys(keys)
        sim.run(300)
        assert sim.oled.display_on and sim.oled.unknown == [], name
        assert sim.oled.glass_bytes() == small.oled.glass_bytes(), name
    upright = sim.oled.rows()
    sim.app.display.set_flip(True)               # (the simulated board is the newest sim's)
    assert sim.oled.rows() == [row[::-1] for row in upright[::-1]]
    sim.app.display.set_flip(False)
    sim.app.display.panels[0].online = False     # the panel lost (a loose wire), then
    assert sim.app.display.retry()               # set up again, as the App does
    sim.app.full_redraw = True
    sim.app.render()
    assert sim.oled.rows() == upright
    wrong = _sim_with_controller(tmp_path, "ssd1306", "sh1106")
    wrong.run(300)
    right = _sim_with_controller(tmp_path, "sh1106", "sh1106")
    right.run(300)
    assert 0x21 in wrong.oled.unknown and 0x22 in wrong.oled.unknown
    assert wrong.oled.glass_bytes() != right.oled.glass_bytes()


def test_micropython_sends_an_sh1106_its_pages_from_column_2():
    """The same driver under MicroPython: the SH1106's set-up, then each page addressed (0xB0
    + page, column 2) and sent, never a window command."""
    from firmware.board.sh1106 import INIT
    code = """
import json, machine
class Panel:
    def __init__(self):
        self.commands = []
        self.data = 0
    def write(self, data):
        if data[0] == 0x80:                          # one command byte (Co set)
            self.commands.append(data[1])
        elif data[0] == 0x00:                        # a stream of commands
            self.commands.extend(data[1:])
        else:
            self.data += len(data) - 1
machine.board = machine.Board()
panel = machine.board.i2c_devices[0x3C] = Panel()
from firmware.board.display import Display
display = Display(machine.I2C(0), 0x3C, 128, 64, "sh1106")
before = len(panel.commands)
display.fb.fill_rect(10, 20, 30, 12, 1)
display.show()
print(json.dumps([type(display.oled).__name__, panel.commands, before, panel.data]))
"""
    name, commands, before, data = _micropython(code)
    assert name == "SH1106_I2C"
    start = commands.index(INIT[0])
    assert commands[start:start + len(INIT)] == list(INIT)
    for window in (0x20, 0x21, 0x22, 0x8D):
        assert window not in commands
    shown = commands[before:]                       # the rectangle: pages 2 and 3 of it
    assert shown == [0xB2, 10 + 2, 0x10, 0xB3, 10 + 2, 0x10] and data >= 1024 + 2 * 30


@pytest.mark.parametrize("pin_map", ["pins-two-displays.json", "pins-two-displays-same-address.json"])
def test_two_sh1106_panels_show_what_two_ssd1306_panels_show(pin_map):
    """Issue 61: a display for each seat made of two 1.3-inch SH1106 modules (at 0x3D, turned
    by its controller, or at the first's address, turned in the lid): both glasses are the
    pictures two 0.96-inch SSD1306 modules show, through a game's keys."""
    import json
    import os
    from host_tools.sim import Simulator
    with open(os.path.join(os.path.dirname(__file__), "..", "hardware", pin_map)) as handle:
        pins = json.load(handle)
    keys = "OK,WAIT:300,RIGHT,OK,WAIT:1500,UP,UP,RIGHT,OK,WAIT:300,LEFT,LEFT,OK,WAIT:300"
    glasses = {}
    for controller in ("ssd1306", "sh1106"):
        pins["display"]["controller"] = controller
        pins["display2"]["controller"] = controller
        sim = Simulator(pins=json.loads(json.dumps(pins)))
        sim.keys(keys)
        assert sim.oled.unknown == [] and sim.oled2.unknown == [], controller
        glasses[controller] = (sim.oled.glass_bytes(), sim.oled2.glass_bytes())
    assert glasses["sh1106"] == glasses["ssd1306"]


# ---- a display on SPI (firmware/board/spi.py) --------------------------------------------

def _spi_pins(controller):
    """hardware/pins-spi.json with `controller` for its display."""
    import json
    with open("hardware/pins-spi.json") as handle:
        data = json.load(handle)
    data["display"]["controller"] = controller
    return data


def test_each_controller_on_spi_shows_every_golden_screen_as_on_i2c():
    """Issue 61: the SSD1306, SSD1309 and SH1106 on 4-wire SPI (hardware/pins-spi.json) get
    their own set-up with no command they have not got, and every golden screen is the picture
    the 0.96-inch module shows on I2C, in fewer bytes (no control bytes or addresses)."""
    from host_tools.screens_catalog import SCREENS
    from host_tools.sim import Simulator
    for name, _description, keys in SCREENS:
        small = play(keys)
        i2c_bytes = small.board.i2c_bytes
        for controller in ("ssd1306", "ssd1309", "sh1106"):
            sim = Simulator(pins=_spi_pins(controller), panel=controller)
            sim.keys(keys)
            sim.run(300)
            assert sim.oled.display_on and sim.oled.unknown == [], (name, controller)
            assert sim.oled.glass_bytes() == small.oled.glass_bytes(), (name, controller)
            assert sim.board.i2c_bytes == 0 and 0 < sim.board.spi_bytes < i2c_bytes
    upright = sim.oled.rows()                       # (an SH1106 on SPI, the last screen)
    sim.app.display.set_flip(True)
    assert sim.oled.rows() == [row[::-1] for row in upright[::-1]]


def test_a_wrong_controller_on_spi_shows_a_wrong_picture():
    """The SSD1306's driver on an SH1106 over SPI: its windows are not the SH1106's commands,
    and the glass is not the picture (the emulator models the chip, not the picture wanted)."""
    from host_tools.sim import Simulator
    wrong = Simulator(pins=_spi_pins("ssd1306"), panel="sh1106")
    wrong.run(300)
    wrong_glass = wrong.oled.glass_bytes()
    right = Simulator(pins=_spi_pins("sh1106"), panel="sh1106")
    right.run(300)
    assert 0x21 in wrong.oled.unknown and wrong_glass != right.oled.glass_bytes()


def test_a_display_on_spi_needs_its_wires_where_the_rp2040_has_them():
    """The pin map's SPI section is checked before anything is driven: each mistake named."""
    from firmware.board.pins import parse, PinMapError
    parse(_spi_pins("sh1106"))
    for change, words in (
            (lambda d: d.pop("spi"), "needs an 'spi' section"),
            (lambda d: d["spi"].update(sck=4), "SPI0's clock can be on GP2/6/18/22"),
            (lambda d: d["spi"].update(mosi=11), "its data on GP3/7/19/23"),
            (lambda d: d["spi"].update(id=2), "spi.id must be 0 or 1"),
            (lambda d: d["spi"].update(dc=14), "GP14 is used twice"),
            (lambda d: d["spi"].update(baudrate=80000000), "spi.baudrate"),
            (lambda d: d["display"].update(bus="parallel"), "display.bus must be i2c or spi"),
            (lambda d: d.update(display2={"address": 61}), "display2.cs")):
        data = _spi_pins("ssd1306")
        change(data)
        with pytest.raises(PinMapError) as error:
            parse(data)
        assert words in str(error.value)


def test_micropython_drives_an_spi_panel_with_dc_low_for_commands_and_high_for_data():
    """Under MicroPython (the driver's properties, adafruit_bus_device's SPIDevice, the
    memoryviews): an SH1106 on SPI gets its set-up as commands (DC low) and a changed rectangle
    as its pages' addresses (DC low) and bytes (DC high), with CS low around each write."""
    from firmware.board.sh1106 import INIT
    code = """
import json, machine
class Panel:
    def __init__(self):
        self.commands = []
        self.data = 0
    def spi(self, data, dc):
        if dc:
            self.data += len(data)
        else:
            self.commands.extend(data)
machine.board = machine.Board()
panel = Panel()
machine.board.spi_devices[0] = [(panel, 1, 0)]
from firmware.board import hw
from firmware.board.display import Display
pins = {"spi": {"id": 0, "sck": 2, "mosi": 3, "cs": 1, "dc": 0}}
display = Display(None, 0, 128, 64, "sh1106", spi=hw.open_spi(pins))
before = len(panel.commands)
display.fb.fill_rect(10, 20, 30, 12, 1)
display.show()
print(json.dumps([type(display.oled).__name__, panel.commands, before, panel.data,
                  machine.board.driven[1]]))
"""
    name, commands, before, data, cs = _micropython(code)
    assert name == "SH1106_SPI"
    start = commands.index(INIT[0])
    assert commands[start:start + len(INIT)] == list(INIT)
    assert commands[before:] == [0xB2, 10 + 2, 0x10, 0xB3, 10 + 2, 0x10]
    assert data == 1024 + 2 * 30 and cs == 1       # the blank frame, then the rectangle


def _hardware_pins(name):
    import json
    with open(os.path.join("hardware", name)) as handle:
        return json.load(handle)


@pytest.mark.parametrize("named, wired, words", [
    ("pins.json", "pins-spi.json", "Nothing on I2C at 0x3C: shown on SPI; for SPI take pins-spi.json"),
    ("pins-spi.json", "pins.json", "Display found on I2C at 0x3C, not SPI: for I2C take pins.json")])
def test_a_display_on_the_other_bus_than_the_pin_maps_shows_the_tracker_and_says_so(
        named, wired, words):
    """Issue 61 ("a wrong choice shows a picture that says so, never a dark glass"): a module
    shipped set for SPI on the README's SPI wires with the image's own I2C pin map, and an I2C
    module with the SPI pin map, show the tracker, and the glass names the pin map to take. Play
    then looks as it does with the right pin map."""
    from host_tools.sim import Simulator
    from glass_reader import glass_text
    keys = "UP,UP,RIGHT,OK,WAIT:3000"
    slip = Simulator(pins=_hardware_pins(named), wired=_hardware_pins(wired))
    said = []                    # the message's lines, as its pages show them in turn
    for _ in range(12):
        slip.run(250)
        said += [line for line in glass_text(slip.oled).split("\n")
                 if len(line) > 4 and line in words and line not in said]
    assert " ".join(said) == words
    before = slip.oled.glass_bytes()
    slip.keys(keys)
    right = Simulator(pins=_hardware_pins(wired))
    right.run(3000)
    right.keys(keys)
    assert slip.oled.glass_bytes() == right.oled.glass_bytes() != before


def test_with_the_display_where_the_pin_map_says_nothing_is_sent_on_the_other_bus():
    """An I2C display that answers: the SPI wires the pin map names for the other case are
    never driven (no byte, no RES pulse), so nothing else wired there is disturbed; and an SPI
    pin map's display, with nothing answering on I2C, gets the picture."""
    from host_tools.sim import Simulator
    right = Simulator(pins=_hardware_pins("pins.json"))
    right.run(500)
    spi = _hardware_pins("pins.json")["spi"]
    assert right.board.spi_bytes == 0
    assert all(right.board.driven.get(pin) is None
               for pin in (spi["sck"], spi["mosi"], spi["cs"], spi["dc"], spi["reset"]))
    on_spi = Simulator(pins=_hardware_pins("pins-spi.json"))
    on_spi.run(500)
    assert on_spi.board.spi_bytes > 1024 and any(on_spi.oled.glass_bytes())


def test_a_display_plugged_in_on_i2c_after_the_spi_try_shows_the_picture_too():
    """Power-up with nothing on I2C sends the picture on SPI too; an I2C module plugged in
    afterwards is set up within about a second and shows the same picture."""
    from host_tools.sim import Simulator
    from host_tools.ssd1306_emu import SSD1306
    sim = Simulator(pins=_hardware_pins("pins.json"), wired=_hardware_pins("pins-spi.json"))
    sim.run(3500)
    late = SSD1306("ssd1306")
    sim.board.i2c_devices[0x3C] = late
    sim.run(1500)
    sim.keys("UP,OK,WAIT:1000")
    assert late.glass_bytes() == sim.oled.glass_bytes()
    assert any(late.glass_bytes())


def test_the_spi_wires_of_an_i2c_pin_map_are_checked_like_a_display_on_spis():
    """The "spi" section of an I2C pin map (where a display on SPI is tried): its pins checked
    against the buttons', and its RES pin a GPIO."""
    from firmware.board.pins import parse, PinMapError
    parse(_hardware_pins("pins.json"))
    for change, words in ((lambda d: d.update(spi=5), "spi must be a JSON object"),
                          (lambda d: d["spi"].update(cs=14), "GP14 is used twice"),
                          (lambda d: d["spi"].update(reset=40), "spi.reset must be a GPIO"),
                          (lambda d: d["spi"].update(sck=5), "SPI0's clock can be on")):
        data = _hardware_pins("pins.json")
        change(data)
        with pytest.raises(PinMapError) as error:
            parse(data)
        assert words in str(error.value)


def test_a_heap_with_no_kilobyte_left_in_one_piece_still_blanks_the_screen(monkeypatch):
    """The .mpy deploy crashed (MemoryError in Display.clear) when a held OK on More opened the
    new game's question: its heap had no 1 KB run for the zeros the fast clear copies. The
    clear falls back to framebuf's fill, and the question is on the glass."""
    from firmware.board import display as D
    sim = play("OK")

    def no_kilobyte(size=0):
        if size >= 1024:
            raise MemoryError("memory allocation failed, allocating %d bytes" % size)
        return b"\x00" * size

    monkeypatch.setattr(D, "bytes", no_kilobyte, raising=False)
    sim.keys("LEFT,LEFT,HOLD:OK:900,WAIT:300")
    assert sim.app.screen.name == "confirm"
    from glass_reader import glass_text
    glass = glass_text(sim.oled)
    assert "Runner link: 0" in glass and "Take a credit" not in glass
