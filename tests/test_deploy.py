"""From a bare Pico to a working tracker: deploy plan, mip package, wiring, self-test."""

import hashlib
import json
import os
import subprocess
import sys

import pytest

from host_tools import deploy
from host_tools.deploy import DeployError

ROOT = deploy.ROOT


def tree_device_files():
    """Every device file in the tree but those only the firmware image can use (they import
    its own C module: deploy.IMAGE_ONLY)."""
    found = set()
    for package in ("engine_lite", "firmware"):
        for dirpath, dirs, names in os.walk(os.path.join(ROOT, package)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in names:
                if name.endswith(".py"):
                    found.add(os.path.relpath(os.path.join(dirpath, name), ROOT).replace(os.sep, "/"))
    return found - set(deploy.IMAGE_ONLY)


# ---- the plan --------------------------------------------------------------------------------

def test_dry_run_plans_every_device_file_with_its_size_and_needs_no_board(tmp_path):
    result = subprocess.run([sys.executable, "-m", "host_tools.deploy", "--dry-run"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines()[1:]]
    sizes = dict((row[0], int(row[1])) for row in rows if row[0] != "total")
    expected = {path[:-3] + ".mpy" for path in tree_device_files()}
    expected |= {"adafruit_ssd1306.mpy", "adafruit_bus_device/__init__.mpy",
                 "adafruit_bus_device/i2c_device.mpy", "adafruit_bus_device/spi_device.mpy",
                 "hardware/pins.json", "main.py"}
    assert set(sizes) == expected
    total = [row for row in rows if row[0] == "total"][0]
    assert int(total[1]) == sum(sizes.values()) and int(total[4]) == len(expected)
    # the sizes are those of the files mpy-cross makes
    items = deploy.plan(str(tmp_path))
    assert dict((path, size) for path, _, size in items) == sizes
    for path, local, size in items:
        if path.endswith(".mpy"):
            with open(local, "rb") as handle:
                assert handle.read(2) == b"M\x06"
    assert sizes["main.py"] == os.path.getsize(os.path.join(ROOT, "main.py"))


def test_source_plan_copies_python_files(tmp_path):
    items = deploy.plan(str(tmp_path), source=True)
    assert all(not path.endswith(".mpy") for path, _, _ in items)
    assert "firmware/app.py" in [path for path, _, _ in items]


# ---- no board, wrong board -------------------------------------------------------------------

def test_no_board_lists_the_serial_ports_and_fails(monkeypatch, capsys):
    monkeypatch.setattr(deploy, "serial_ports",
                        lambda: [("/dev/ttyUSB0", "CP2102 USB to UART", 0x10C4)])
    assert deploy.main([]) == 1
    error = capsys.readouterr().err
    assert "No Raspberry Pi Pico running MicroPython was found" in error
    assert "/dev/ttyUSB0  CP2102 USB to UART" in error and "BOOTSEL" in error


def test_no_serial_ports_at_all(monkeypatch, capsys):
    monkeypatch.setattr(deploy, "serial_ports", lambda: [])
    assert deploy.main([]) == 1
    assert "(no serial ports at all)" in capsys.readouterr().err


def test_a_board_without_micropython(monkeypatch, capsys):
    monkeypatch.setattr(deploy, "serial_ports", lambda: [("/dev/ttyACM0", "Board", 0x2E8A)])
    monkeypatch.setattr("time.sleep", lambda seconds: None)

    def silent(port, *args, **kwargs):
        raise DeployError("mpremote failed on %s: could not enter raw repl" % port)
    monkeypatch.setattr(deploy, "mpremote", silent)
    assert deploy.main([]) == 1
    error = capsys.readouterr().err
    assert "Nothing on /dev/ttyACM0 answered as MicroPython" in error


def test_an_old_micropython_is_told_to_update(monkeypatch, capsys):
    monkeypatch.setattr(deploy, "serial_ports", lambda: [("/dev/ttyACM0", "Board", 0x2E8A)])
    monkeypatch.setattr("time.sleep", lambda seconds: None)
    monkeypatch.setattr(deploy, "mpremote", lambda port, *args, **kw: "%d\n" % (5 | (4 << 10)))
    assert deploy.main([]) == 1
    assert "loads .mpy version 5" in capsys.readouterr().err


class FakeBoard:
    """Answers the deploy tool's mpremote calls like a Pico holding some files."""

    def __init__(self, files):
        self.files = files        # path -> bytes
        self.calls = []

    def __call__(self, port, *args, **kwargs):
        self.calls.append(args)
        if args == ("reset",):
            return ""
        if args[0] == "exec" and "_mpy" in args[1]:
            return "%d\n" % (6 | (3 << 8) | (4 << 10))        # MicroPython 1.27 on an RP2040
        if args[0] == "exec" and "sha256" in args[1]:
            paths = eval(args[1].split("for path in ", 1)[1].split(":", 1)[0])
            return json.dumps(dict((p, hashlib.sha256(self.files[p]).hexdigest())
                                   for p in paths if p in self.files)) + "\n"
        words = list(args)
        while words:                                           # fs cp / fs rm chains
            if words[:2] == ["fs", "cp"]:
                with open(words[2], "rb") as handle:
                    self.files[words[3][1:]] = handle.read()
                words = words[5:]
            elif words[:2] == ["fs", "rm"]:
                del self.files[words[2][1:]]
                words = words[4:]
            elif words[0] == "exec":
                words = words[3:]
            else:
                assert words == ["reset"]
                words = []
        return ""


def test_deploy_copies_what_changed_removes_shadowing_sources_and_resets(monkeypatch, tmp_path):
    board = FakeBoard({})
    monkeypatch.setattr(deploy, "serial_ports", lambda: [("/dev/ttyACM0", "Pico", 0x2E8A)])
    monkeypatch.setattr(deploy, "mpremote", board)
    monkeypatch.setattr("time.sleep", lambda seconds: None)
    assert deploy.main([]) == 0
    assert board.calls[0] == ("reset",)      # first a reset: the watchdog is not armed yet
    planned = dict((path, open(local, "rb").read()) for path, local, _ in deploy.plan(str(tmp_path)))
    assert board.files == planned
    assert board.calls[-1][-1] == "reset"
    # Second run: nothing changed but one file; an old .py shadows an .mpy.
    board.files["firmware/app.py"] = b"print('old')"
    board.files["engine_lite/netrunner/rules.mpy"] = b"stale"
    board.calls = []
    assert deploy.main([]) == 0
    copies = [args for args in board.calls if "cp" in args]
    copied = [args[i + 2][1:] for args in copies for i, a in enumerate(args) if a == "cp"]
    assert copied == ["engine_lite/netrunner/rules.mpy"]
    assert "firmware/app.py" not in board.files
    assert board.files == planned


# ---- the mip package -------------------------------------------------------------------------

def test_package_json_lists_every_device_file_and_nothing_else():
    with open(os.path.join(ROOT, "package.json")) as handle:
        package = json.load(handle)
    assert package == deploy.package_json(), "stale: run make package-json"
    local = dict((dest, url) for dest, url in package["urls"] if "://" not in url)
    assert set(local) == tree_device_files() | {"hardware/pins.json", "main.py"}
    for dest, url in local.items():
        assert dest == url and os.path.exists(os.path.join(ROOT, url))
    remote = [url for _, url in package["urls"] if "://" in url]
    from importlib.metadata import version
    assert sorted(remote) == sorted(
        ["https://raw.githubusercontent.com/adafruit/Adafruit_CircuitPython_SSD1306/%s/"
         "adafruit_ssd1306.py" % version("adafruit-circuitpython-ssd1306")] +
        ["https://raw.githubusercontent.com/adafruit/Adafruit_CircuitPython_BusDevice/%s/"
         "adafruit_bus_device/%s" % (version("adafruit-circuitpython-busdevice"), name)
         for name in ("__init__.py", "i2c_device.py", "spi_device.py")])


# ---- hardware --------------------------------------------------------------------------------

@pytest.mark.parametrize("suffix", ["", "-two-displays", "-spi", "-spi-two-displays"])
def test_the_wiring_regenerates_byte_identically_from_the_pin_map(tmp_path, suffix):
    from host_tools import wiring
    with open(os.path.join(ROOT, "hardware", "pins%s.json" % suffix)) as handle:
        pins = json.load(handle)
    wiring.generate(pins, str(tmp_path), suffix)
    drawn = ("wiring%s.svg" % suffix, "wiring%s.png" % suffix)
    if "-spi" in suffix:             # the display's seven pins, each to its GPIO
        svg = (tmp_path / ("wiring%s.svg" % suffix)).read_text()
        for name in ("SCK", "MOSI", "RES", "DC", "CS"):      # each panel's (and the legend's)
            assert svg.count(">%s<" % name) == ((2 if "two" in suffix else 1)
                                                + (name in ("RES", "DC", "CS"))), name
        assert "SPI0" in svg and not (tmp_path / ("diagram%s.json" % suffix)).exists()
        if "two" in suffix:          # the second panel's own chip select, named
            assert "CS GP7, turned 180" in svg
    else:
        drawn += ("diagram%s.json" % suffix,)
    for name in drawn:
        with open(os.path.join(ROOT, "hardware", name), "rb") as a, open(tmp_path / name, "rb") as b:
            assert a.read() == b.read(), name
    if suffix == "-two-displays":    # both panels on the same pins, each at its own address
        diagram = json.loads((tmp_path / ("diagram%s.json" % suffix)).read_text())
        panels = [p for p in diagram["parts"] if p["type"] == "board-ssd1306"]
        assert [p["attrs"]["i2cAddress"] for p in panels] == ["0x3c", "0x3d"]


def test_the_pin_map_read_drawn_and_simulated_is_one():
    from firmware.main import load_pins
    from host_tools.sim import Simulator
    with open(os.path.join(ROOT, "hardware", "pins.json")) as handle:
        pins = json.load(handle)
    assert Simulator().pins == load_pins(os.path.join(ROOT, "hardware", "pins.json")) == pins
    with open(os.path.join(ROOT, "hardware", "wiring.svg")) as handle:
        svg = handle.read()
    for name, gpio in pins["buttons"].items():
        assert ">%s" % name in svg and " GP%d<" % gpio in svg
    with open(os.path.join(ROOT, "hardware", "diagram.json")) as handle:
        wokwi = json.load(handle)
    wired = {}
    for a, b, _, _ in wokwi["connections"]:
        if b.startswith("pico:GP"):
            wired[a] = int(b[7:])
    assert wired["oled:SDA"] == pins["i2c"]["sda"] and wired["oled:SCL"] == pins["i2c"]["scl"]
    for name, gpio in pins["buttons"].items():
        assert wired["btn%s:1.r" % name] == gpio
    assert wired["buzzer:2"] == pins["buzzer"]


def test_the_changed_pin_map_changes_the_drawing_too(tmp_path):
    from host_tools import wiring
    with open(os.path.join(ROOT, "hardware", "pins.json")) as handle:
        pins = json.load(handle)
    pins["buttons"]["OK"] = 20
    wiring.generate(pins, str(tmp_path))
    assert "btnOK:1.r" in (tmp_path / "diagram.json").read_text()
    assert '"pico:GP20"' in (tmp_path / "diagram.json").read_text()
    with open(os.path.join(ROOT, "hardware", "wiring.png"), "rb") as handle:
        assert (tmp_path / "wiring.png").read_bytes() != handle.read()


# ---- self-test -------------------------------------------------------------------------------

def test_the_self_test_passes_in_the_simulator():
    from host_tools.device_bench import run_sim
    lines = []
    assert run_sim(lines.append) == 0
    text = "\n".join(lines)
    for name in ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK"):
        assert "ok   button %s" % name in text
    assert "ok   display" in text and "save:" in text and lines[-1] == "PASS: 0 problems"


def test_the_self_test_reports_a_dead_button_and_skips_optional_ones():
    from host_tools.device_bench import run_sim
    lines = []
    assert run_sim(lines.append, dead=("LEFT", "BACK")) == 1
    text = "\n".join(lines)
    assert "FAIL button LEFT: no press on GP12" in text
    assert "--   button BACK (GP15): not pressed (optional)" in text


def test_the_self_test_checks_the_knob_and_names_the_controller(tmp_path):
    """Issue 61 ('which one do I have?'): the self-test names the controller the pin map set up
    and draws a frame that a wrong one shows broken, saying what to put in the pin map; with a
    knob (issue 60) it asks for a click clockwise and says which way it counted."""
    import os
    from host_tools.device_bench import run_sim
    knob = os.path.join(os.path.dirname(__file__), "..", "hardware", "pins-knob.json")
    lines = []
    assert run_sim(lines.append, pins_path=knob) == 0
    text = "\n".join(lines)
    assert "set up as the pin map says: SSD1306" in text
    assert "sh1106" in text and "ok   knob (GP18, GP19)" in text
    lines = []
    assert run_sim(lines.append, dead=("KNOB",), pins_path=knob) == 1
    assert "FAIL knob: no click on GP18/GP19" in "\n".join(lines)


def test_the_self_test_names_an_spi_display_and_its_clock():
    """Issue 61: with the display on SPI (hardware/pins-spi.json) the self-test says which
    controller it set up on which SPI block, that only the test frame shows the panel is there
    (SPI has no acknowledge), and times a whole frame at the controller's clock."""
    import os
    from host_tools.device_bench import run_sim
    spi = os.path.join(os.path.dirname(__file__), "..", "hardware", "pins-spi.json")
    lines = []
    assert run_sim(lines.append, pins_path=spi) == 0
    text = "\n".join(lines)
    assert "set up on SPI0 as the pin map says: SSD1306" in text
    assert "spi:" in text and "at 10000000 Hz" in text and "a frame round the glass" in text


@pytest.mark.parametrize("named, wired, words", [
    ("pins.json", "pins-spi.json", "FAIL display: Nothing on I2C at 0x3C: shown on SPI; for SPI"
                                   " take pins-spi.json"),
    ("pins-spi.json", "pins.json", "FAIL display: Display found on I2C at 0x3C, not SPI: for I2C"
                                   " take pins.json")])
def test_the_self_test_names_the_pin_map_for_a_display_on_the_other_bus(named, wired, words):
    """Issue 61 ("which one do I have?"): a module on the other bus than the pin map's is found
    and the self-test says which pin map to take; with nothing on either bus, I2C's wires to
    check."""
    import os
    from host_tools.device_bench import run_sim
    folder = os.path.join(os.path.dirname(__file__), "..", "hardware")
    lines = []
    assert run_sim(lines.append, pins_path=os.path.join(folder, named),
                   wired_path=os.path.join(folder, wired)) == 1
    assert words in lines and "a frame round the glass" in "\n".join(lines)


def test_the_self_test_names_the_i2c_wires_when_no_display_answers(tmp_path):
    """With no "spi" section to try and nothing on I2C, the self-test names the I2C wires."""
    import os
    from host_tools.device_bench import run_sim
    folder = os.path.join(os.path.dirname(__file__), "..", "hardware")
    with open(os.path.join(folder, "pins.json")) as handle:
        pins = json.load(handle)
    del pins["spi"]
    (tmp_path / "pins.json").write_text(json.dumps(pins))
    lines = []
    assert run_sim(lines.append, pins_path=str(tmp_path / "pins.json"),
                   wired_path=os.path.join(folder, "pins-spi.json")) == 1
    assert lines[-1].startswith("FAIL display: no SSD1306 at 0x3C on I2C0: check SDA GP4")


def test_a_board_that_does_not_come_back_after_the_reset(monkeypatch, capsys):
    ports = [[("/dev/ttyACM0", "Pico", 0x2E8A)]]
    monkeypatch.setattr(deploy, "serial_ports", lambda: ports[-1])
    monkeypatch.setattr(deploy, "mpremote", lambda port, *args, **kw: ports.append([]) or "")
    monkeypatch.setattr("time.sleep", lambda seconds: None)
    assert deploy.main([]) == 1
    assert "did not come back after the reset" in capsys.readouterr().err
