"""The pin map: read from hardware/pins.json, the single source for firmware, docs and diagrams.

On the Pico the file is copied to /hardware/pins.json by `make deploy`.
"""

import json

BUTTON_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK")
REQUIRED_BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "OK")
DEFAULT_PATH = "hardware/pins.json"
# The OLED controllers the firmware can set up: the 0.96" modules' SSD1306, the 2.42" ones' SSD1309.
CONTROLLERS = ("ssd1306", "ssd1309", "sh1106")
# The RP2040's hardware SPI: the GPIOs each block's clock (SCK) and data out (TX, the display's
# MOSI or SDA/DIN) can be on (RP2040 datasheet, 2.19.2; the Pico 2's RP2350 the same).
SPI_PINS = {0: ((2, 6, 18, 22), (3, 7, 19, 23)), 1: ((10, 14, 26), (11, 15, 27))}


class PinMapError(ValueError):
    """The pin map file is missing something or names an impossible pin."""


def _gpio(value, what):
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 29:
        raise PinMapError("%s must be a GPIO number 0-29, not %r" % (what, value))
    return value


def _chip(data, name, example):
    """The pin map's section for another chip on the bus (None if it has none), checked to be
    an object with an I2C address."""
    section = data.get(name)
    if section is None:
        return None
    if not isinstance(section, dict):
        raise PinMapError("%s must be a JSON object" % name)
    address = section.get("address")
    if not isinstance(address, int) or isinstance(address, bool) or not 8 <= address <= 119:
        raise PinMapError("%s.address must be an I2C address (%s), not %r"
                          % (name, example, address))
    return section


def _spi(data):
    """The SPI section (4-wire: clock, data, chip select, data/command), checked: a display on
    SPI's, or in a pin map with the display on I2C, the wires an SPI module is tried on when
    nothing answers on I2C (its RES pin then as "reset": firmware.board.display.open_display).
    Returns its pins as (name, GPIO) pairs for the check that none is used twice."""
    spi = data.get("spi")
    if spi is None:
        raise PinMapError("display.bus is spi: the pin map needs an 'spi' section "
                          "(id, sck, mosi, cs, dc)")
    if not isinstance(spi, dict):
        raise PinMapError("spi must be a JSON object (id, sck, mosi, cs, dc)")
    block = spi.get("id")
    if block not in (0, 1):
        raise PinMapError("spi.id must be 0 or 1")
    pins = []
    for key in ("sck", "mosi", "cs", "dc", "reset"):
        if key != "reset" or spi.get(key) is not None:
            pins.append(("spi." + key, _gpio(spi.get(key), "spi." + key)))
    clocks, outs = SPI_PINS[block]
    if spi["sck"] not in clocks or spi["mosi"] not in outs:
        raise PinMapError("SPI%d's clock can be on GP%s and its data on GP%s" % (
            block, "/".join(str(pin) for pin in clocks), "/".join(str(pin) for pin in outs)))
    baudrate = spi.get("baudrate", 10000000)
    if not isinstance(baudrate, int) or isinstance(baudrate, bool) or not (
            100000 <= baudrate <= 20000000):
        raise PinMapError("spi.baudrate must be 100000-20000000 (Hz), not %r" % (baudrate,))
    return tuple(pins)


def _spi_second(data, display, used):
    """The display for the other seat beside a display on SPI (None if there is none): on the
    same clock, data, DC and RES wires, with a chip select of its own ("cs"), or on the first's
    chip select, hearing every byte the first gets (turned by how it lies in the lid). Either
    way the same controller as the first: the bus runs at one clock for both."""
    second = data.get("display2")
    if second is None:
        return None
    if not isinstance(second, dict):
        raise PinMapError("display2 must be a JSON object")
    cs = _gpio(second.get("cs"), "display2.cs (the second SPI panel's chip select)")
    if cs != data["spi"]["cs"]:
        if cs in used:
            raise PinMapError("GP%d is used twice (%s and display2.cs)" % (cs, used[cs]))
        used[cs] = "display2.cs"
    if second.get("controller", display.get("controller", "ssd1306")) != display.get(
            "controller", "ssd1306"):
        raise PinMapError("display2 on SPI shares the first display's bus: it must have the "
                          "same controller")
    return second


def parse(data):
    """Check a decoded pin map; returns it. Raises PinMapError saying what is wrong."""
    if not isinstance(data, dict):
        raise PinMapError("the pin map must be a JSON object")
    i2c = data.get("i2c")
    if not isinstance(i2c, dict):
        raise PinMapError("the pin map needs an 'i2c' section")
    for key in ("sda", "scl"):
        _gpio(i2c.get(key), "i2c." + key)
    if i2c.get("id") not in (0, 1):
        raise PinMapError("i2c.id must be 0 or 1")
    for key, low, high in (("address", 8, 119), ("freq", 10000, 1000000)):
        value = i2c.get(key, low)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise PinMapError("i2c.%s must be a number %d-%d, not %r" % (key, low, high, value))
    buttons = data.get("buttons")
    if not isinstance(buttons, dict):
        raise PinMapError("the pin map needs a 'buttons' section")
    for name in REQUIRED_BUTTONS:
        if name not in buttons:
            raise PinMapError("the pin map has no %s button" % name)
    used = {i2c["sda"]: "i2c.sda", i2c["scl"]: "i2c.scl"}
    for name in buttons:
        if name not in BUTTON_NAMES:
            raise PinMapError("unknown button %s" % name)
        pin = _gpio(buttons[name], "button " + name)
        if pin in used:
            raise PinMapError("GP%d is used twice (%s and %s)" % (pin, used[pin], name))
        used[pin] = name
    # Optional pins: the buzzer, and the display's RES pin (2.42" SSD1309 modules have one,
    # and answer nothing until it is pulsed low at power-up).
    display = data.get("display") or {}
    if not isinstance(display, dict):
        raise PinMapError("display must be a JSON object")
    if display.get("controller", "ssd1306") not in CONTROLLERS:
        raise PinMapError("display.controller must be %s or %s, not %r" % (
            ", ".join(CONTROLLERS[:-1]), CONTROLLERS[-1], display.get("controller")))
    # A rotary encoder with a push (firmware.board.knob): its A and B pins; the push is a
    # button of the "buttons" section (usually OK).
    knob = data.get("knob")
    if knob is not None:
        if not isinstance(knob, dict) or "a" not in knob or "b" not in knob:
            raise PinMapError("knob must be a JSON object with its pins a and b")
        if knob.get("per_click", 4) not in (2, 4):
            raise PinMapError("knob.per_click must be 2 or 4, not %r" % (knob.get("per_click"),))
    outputs = (("buzzer", data.get("buzzer")), ("display.reset", display.get("reset")))
    if display.get("bus", "i2c") not in ("i2c", "spi"):
        raise PinMapError("display.bus must be i2c or spi, not %r" % (display.get("bus"),))
    if display.get("bus") == "spi" or data.get("spi") is not None:
        outputs += _spi(data)
    inputs = (("knob.a", knob["a"]), ("knob.b", knob["b"])) if knob else ()
    for what, pin in outputs + inputs:
        if pin is not None:
            _gpio(pin, what)
            if pin in used:
                raise PinMapError("GP%d is used twice (%s and %s)" % (pin, used[pin], what))
            used[pin] = what
    # A second display for the other seat, on the same bus: at its own address (an SSD1306
    # module's jumper: 0x3C or 0x3D), its picture turned by its controller, or at the first's,
    # hearing every write the first gets (so the same controller), turned by how it lies in the
    # lid. rotation: 180 when the device lies flat between the players (the default), 0 when
    # the panels stand back to back. Beside a display on SPI: on its wires, with a chip select
    # of its own or the first's (_spi_second).
    if display.get("bus") == "spi":
        second = _spi_second(data, display, used)
    else:
        second = _chip(data, "display2", "61 is 0x3D")
        first = display.get("controller", "ssd1306")
        if (second is not None and second["address"] == i2c.get("address", 0x3C)
                and second.get("controller", first) != first):
            raise PinMapError("display2 at the first display's address gets its set-up: "
                              "it must have the same controller")
    if second is not None and second.get("rotation", 180) not in (0, 180):
        raise PinMapError("display2.rotation must be 0 or 180")
    # An FRAM for the saved games on the same bus (firmware.board.fram): its address (0x50-0x57
    # on the common breakouts) and size, addressed with two bytes (so at most 64 KB).
    fram = _chip(data, "fram", "80 is 0x50")
    if fram is not None:
        if fram["address"] in (i2c.get("address", 0x3C), (second or {}).get("address")):
            raise PinMapError("fram.address is a display's: each chip on the bus needs its own")
        if fram.get("bytes", 32768) not in (8192, 16384, 32768, 65536):
            raise PinMapError("fram.bytes must be 8192, 16384, 32768 or 65536, not %r"
                              % (fram.get("bytes"),))
    return data


def load(path=DEFAULT_PATH):
    """Read and check the pin map file."""
    with open(path) as handle:
        return parse(json.load(handle))
