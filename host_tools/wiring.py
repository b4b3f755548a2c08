"""Draw the wiring from the pin map (`make wiring`): hardware/wiring.svg, hardware/wiring.png and
the Wokwi simulator's hardware/diagram.json, all from hardware/pins.json, so that the pins drawn,
the pins simulated and the pins the firmware reads cannot disagree. Output is deterministic:
running it again on the same pin map gives the same bytes.
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARDWARE = os.path.join(ROOT, "hardware")

# The Raspberry Pi Pico's 40 pins: physical pin number -> label.
PICO_PINS = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND", 9: "GP6",
    10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11", 16: "GP12", 17: "GP13",
    18: "GND", 19: "GP14", 20: "GP15", 21: "GP16", 22: "GP17", 23: "GND", 24: "GP18",
    25: "GP19", 26: "GP20", 27: "GP21", 28: "GND", 29: "GP22", 30: "RUN", 31: "GP26",
    32: "GP27", 33: "GND", 34: "GP28", 35: "ADC_VREF", 36: "3V3", 37: "3V3_EN", 38: "GND",
    39: "VSYS", 40: "VBUS",
}
# Wokwi numbers the Pico's ground pins GND.1 to GND.8 from pin 3 to pin 38.
WOKWI_GND = dict((pin, "GND.%d" % (i + 1)) for i, pin in enumerate((3, 8, 13, 18, 23, 28, 33, 38)))
COLORS = {"SDA": "#1f77d0", "SCL": "#e0b000", "3V3": "#d02020", "GND": "#202020",
          "button": "#20a040", "buzzer": "#e07010",
          # a display on SPI (hardware/pins-spi.json)
          "SCK": "#e0b000", "MOSI": "#1f77d0", "CS": "#8040c0", "DC": "#00a0a0", "RES": "#a06030"}


def physical_pin(gpio):
    """The Pico pin number of a GPIO."""
    for pin, label in PICO_PINS.items():
        if label == "GP%d" % gpio:
            return pin
    raise ValueError("GP%d is not on a Pico header" % gpio)


def nearest_ground(pin):
    """The ground pin on the same side of the board, closest to `pin`."""
    side = [p for p in WOKWI_GND if (p <= 20) == (pin <= 20)]
    return min(side, key=lambda p: abs(p - pin))


# ---- layout: a list of drawing primitives, shared by the SVG and PNG writers ------------------

PICO_X, PICO_Y, PIN_STEP = 330, 70, 22
WIDTH, HEIGHT = 960, 560


def pin_position(pin):
    """Where a header pin is drawn: pins 1-20 down the left edge, 21-40 up the right edge."""
    if pin <= 20:
        return PICO_X, PICO_Y + 20 + (pin - 1) * PIN_STEP
    return PICO_X + 150, PICO_Y + 20 + (40 - pin) * PIN_STEP


def layout(pins, source="hardware/pins.json"):
    """Drawing primitives for the wiring of this pin map (read from `source`)."""
    shapes = []
    add = shapes.append
    # (the title at the top right, or with the SPI display's wires passing there, lower down)
    spi_display = (pins.get("display") or {}).get("bus") == "spi"
    # (a long pin map's name down there in smaller letters: clear of the board)
    add(("text", WIDTH - 20, 505 if spi_display else 30, "Netclick wiring (from %s)" % source,
         14 if spi_display and len(source) > 26 else 18, "#000000", "end"))
    # The Pico.
    add(("rect", PICO_X, PICO_Y, 150, 20 * PIN_STEP + 20, "#2f8f4f", "#1a5c30"))
    add(("rect", PICO_X + 55, PICO_Y - 12, 40, 16, "#c0c0c0", "#808080"))
    add(("text", PICO_X + 75, PICO_Y + 20 * PIN_STEP + 16, "Raspberry Pi Pico", 12, "#ffffff",
         "middle"))
    add(("text", PICO_X + 75, PICO_Y - 18, "USB", 12, "#000000", "middle"))
    for pin, label in PICO_PINS.items():
        x, y = pin_position(pin)
        add(("circle", x, y, 4, "#f0d060"))
        inside = x + 8 if pin <= 20 else x - 8
        add(("text", inside, y + 4, "%d %s" % (pin, label) if pin <= 20 else "%s %d" % (label, pin),
             10, "#ffffff", "start" if pin <= 20 else "end"))
    # The OLED, right of the board (and a second one below it: a display for each seat, on the
    # same four pins at its own address).
    i2c = pins["i2c"]
    display = pins.get("display") or {}
    controller = display.get("controller", "ssd1306").upper()
    spi = pins["spi"] if display.get("bus") == "spi" else None
    if spi:
        oleds = [(80, "%s 128x64 SPI%d" % (controller, spi["id"]), 560)]
    else:
        oleds = [(80, "%s 128x64 I2C 0x%02X" % (controller, i2c.get("address", 0x3C)), 560)]
    second = pins.get("display2")
    selects = [spi["cs"]] if spi else []            # each SPI panel's chip select
    if second and spi:
        # (on the first's chip select its picture is turned by how it lies in the lid)
        how = ("the first's CS: module turned" if second["cs"] == spi["cs"]
               else "CS GP%d, turned %d" % (second["cs"], second.get("rotation", 180)))
        oleds.append((240, "2nd %s SPI, %s" % (controller, how), 567))
        selects.append(second["cs"])
    elif second:
        # (at the first's address its picture is turned by how it lies in the lid)
        how = ("the first's: module turned" if second["address"] == i2c.get("address", 0x3C)
               else "turned %d" % second.get("rotation", 180))
        oleds.append((240, "2nd SSD1306 0x%02X, %s" % (second["address"], how), 620))
    ox = 700
    for panel, (oy, title, lanes) in enumerate(oleds):
        oled_pins = (("GND", nearest_ground(36)), ("VCC", 36), ("SCL", physical_pin(i2c["scl"])),
                     ("SDA", physical_pin(i2c["sda"])))
        if spi:                      # the module's 7 pins (SCK is its D0, MOSI its D1 or SDA)
            oled_pins = oled_pins[:2] + tuple(
                (name, physical_pin(gpio)) for name, gpio in (
                    ("SCK", spi["sck"]), ("MOSI", spi["mosi"]), ("RES", display.get("reset")),
                    ("DC", spi["dc"]), ("CS", selects[panel])) if gpio is not None)
        top, step = (20, 26) if len(oled_pins) <= 4 else (14, 16)
        add(("rect", ox, oy, 200, 120, "#1c2a4a", "#0c1020"))
        add(("rect", ox + 20, oy + 30, 160, 80, "#000000", "#404040"))
        add(("text", ox + 100, oy + 20, title, 11, "#ffffff", "middle"))
        for i, (name, pin) in enumerate(oled_pins):
            px, py = ox - 10, oy + top + i * step
            add(("circle", px, py, 4, "#f0d060"))
            add(("text", px - 8, py - 6, name, 11, "#000000", "end"))
            color = (COLORS["GND"] if name == "GND" else COLORS["3V3"] if name == "VCC"
                     else COLORS[name])
            _wire(shapes, pin, px, py, color, lanes + i * 15)
    # The buttons, left of the board, each to its GPIO and to ground.
    for i, (name, gpio) in enumerate(sorted(pins["buttons"].items(), key=lambda item: item[1])):
        pin = physical_pin(gpio)
        bx, by = 140, 90 + i * 62
        optional = name in pins.get("optional", ())
        add(("rect", bx - 14, by - 14, 28, 28, "#d8d8d8", "#606060"))
        add(("circle", bx, by, 8, "#303030"))
        add(("text", bx - 22, by + 5, name + (" (optional)" if optional else ""), 12, "#000000", "end"))
        _wire(shapes, pin, bx + 14, by - 6, COLORS["button"], 290 - i * 12)
        ground = nearest_ground(pin)
        _wire(shapes, ground, bx + 14, by + 6, COLORS["GND"], 214 - i * 8)
    # The buzzer.
    if pins.get("buzzer") is not None:
        pin = physical_pin(pins["buzzer"])
        zx, zy = 760, 430
        add(("circle", zx, zy, 26, "#202020"))
        add(("text", zx, zy + 48, "piezo (optional)", 12, "#000000", "middle"))
        _wire(shapes, pin, zx - 26, zy - 8, COLORS["buzzer"], 600)
        _wire(shapes, nearest_ground(pin), zx - 26, zy + 8, COLORS["GND"], 620)
    # The legend.
    bus = ((("SCK", "SPI SCK"), ("MOSI", "SPI MOSI"), ("CS", "CS"), ("DC", "DC"), ("RES", "RES"))
           if spi else (("SDA", "I2C SDA"), ("SCL", "I2C SCL")))
    legend = bus + (("3V3", "3V3"), ("GND", "GND"), ("button", "button"), ("buzzer", "buzzer"))
    step = 130 if len(legend) <= 6 else 98
    for i, (name, label) in enumerate(legend):
        add(("line", 20 + i * step, 530, 50 + i * step, 530, COLORS[name], 4))
        add(("text", 56 + i * step, 535, label, 12, "#000000", "start"))
    add(("text", 20, 552, "Buttons connect a GPIO to GND (internal pull-ups, no resistors). "
         "Power from 3V3 (pin 36), not VBUS.", 12, "#000000", "start"))
    return shapes


def _wire(shapes, pin, x, y, color, lane):
    """An orthogonal wire from a header pin to (x, y), turning at the vertical `lane`. A wire
    from a left-hand pin to a part on the right goes out to the left and over the board."""
    px, py = pin_position(pin)
    points = [(px, py)]
    if px == PICO_X and x > PICO_X:
        detour = 300 + (lane % 7) * 4            # left of the board, one lane per wire
        above = PICO_Y - 30 - (lane % 7) * 6     # over the USB end
        points += [(detour, py), (detour, above), (lane, above)]
    else:
        points.append((lane, py))
    points += [(lane, y), (x, y)]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        shapes.append(("line", x1, y1, x2, y2, color, 2))


# ---- writers -------------------------------------------------------------------------------------

def to_svg(shapes):
    """The drawing as SVG text."""
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="DejaVu Sans, Arial, sans-serif">' % (WIDTH, HEIGHT, WIDTH, HEIGHT),
           '<rect width="%d" height="%d" fill="#ffffff"/>' % (WIDTH, HEIGHT)]
    for shape in shapes:
        kind = shape[0]
        if kind == "rect":
            _, x, y, w, h, fill, stroke = shape
            out.append('<rect x="%d" y="%d" width="%d" height="%d" rx="3" fill="%s" stroke="%s"/>'
                       % (x, y, w, h, fill, stroke))
        elif kind == "circle":
            _, x, y, r, fill = shape
            out.append('<circle cx="%d" cy="%d" r="%d" fill="%s"/>' % (x, y, r, fill))
        elif kind == "line":
            _, x1, y1, x2, y2, color, width = shape
            out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="%d" '
                       'stroke-linecap="round"/>' % (x1, y1, x2, y2, color, width))
        else:
            _, x, y, text, size, color, anchor = shape
            out.append('<text x="%d" y="%d" font-size="%d" fill="%s" text-anchor="%s">%s</text>'
                       % (x, y, size, color, anchor, text.replace("&", "&amp;")))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def to_png(shapes, path):
    """The drawing as a PNG file (Pillow's built-in font, so the bytes do not depend on fonts
    installed on the machine)."""
    from PIL import Image, ImageDraw, ImageFont
    image = Image.new("RGB", (WIDTH, HEIGHT), "#ffffff")
    draw = ImageDraw.Draw(image)
    fonts = {}
    for shape in shapes:
        kind = shape[0]
        if kind == "rect":
            _, x, y, w, h, fill, stroke = shape
            draw.rectangle((x, y, x + w, y + h), fill=fill, outline=stroke)
        elif kind == "circle":
            _, x, y, r, fill = shape
            draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)
        elif kind == "line":
            _, x1, y1, x2, y2, color, width = shape
            draw.line((x1, y1, x2, y2), fill=color, width=width)
        else:
            _, x, y, text, size, color, anchor = shape
            if size not in fonts:
                fonts[size] = ImageFont.load_default(size)
            font = fonts[size]
            width = draw.textlength(text, font=font)
            left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
            draw.text((left, y - size), text, fill=color, font=font)
    image.save(path, optimize=False)


def wokwi_diagram(pins):
    """Wokwi's diagram.json for the same wiring (https://wokwi.com, or its VS Code extension)."""
    i2c = pins["i2c"]
    parts = [
        {"type": "wokwi-pi-pico", "id": "pico", "top": 0, "left": 0,
         "attrs": {"env": "micropython-20251209-v1.27.0"}},
        {"type": "board-ssd1306", "id": "oled", "top": -120, "left": 120,
         "attrs": {"i2cAddress": "0x%02x" % i2c.get("address", 0x3C)}},
    ]
    connections = []
    oleds = ["oled"]
    if pins.get("display2"):        # a display for each seat: the same pins, its own address
        parts.append({"type": "board-ssd1306", "id": "oled2", "top": -120, "left": 260,
                      "attrs": {"i2cAddress": "0x%02x" % pins["display2"]["address"]}})
        oleds.append("oled2")
    for oled in oleds:
        connections += [
            [oled + ":SDA", "pico:GP%d" % i2c["sda"], "blue", []],
            [oled + ":SCL", "pico:GP%d" % i2c["scl"], "gold", []],
            [oled + ":VCC", "pico:3V3", "red", []],
            [oled + ":GND", "pico:" + WOKWI_GND[nearest_ground(36)], "black", []],
        ]
    for i, (name, gpio) in enumerate(sorted(pins["buttons"].items(), key=lambda item: item[1])):
        part = "btn" + name
        parts.append({"type": "wokwi-pushbutton", "id": part, "top": 20 + i * 50, "left": -160,
                      "attrs": {"color": "grey" if name in pins.get("optional", ()) else "green",
                                "label": name, "bounce": "1"}})
        connections.append([part + ":1.r", "pico:GP%d" % gpio, "green", []])
        connections.append([part + ":2.r", "pico:" + WOKWI_GND[nearest_ground(physical_pin(gpio))],
                            "black", []])
    if pins.get("buzzer") is not None:
        parts.append({"type": "wokwi-buzzer", "id": "buzzer", "top": 200, "left": 160, "attrs": {}})
        connections.append(["buzzer:2", "pico:GP%d" % pins["buzzer"], "orange", []])
        connections.append(["buzzer:1", "pico:" + WOKWI_GND[nearest_ground(
            physical_pin(pins["buzzer"]))], "black", []])
    return {"version": 1, "author": "Netclick", "editor": "wokwi", "parts": parts,
            "connections": connections, "dependencies": {}}


def generate(pins, folder=HARDWARE, suffix=""):
    """Write wiring.svg, wiring.png and diagram.json into `folder` (with `suffix` before the
    extension: "-two-displays" for the pin map of that name)."""
    shapes = layout(pins, "hardware/pins%s.json" % suffix)
    with open(os.path.join(folder, "wiring%s.svg" % suffix), "w", encoding="utf-8") as handle:
        handle.write(to_svg(shapes))
    to_png(shapes, os.path.join(folder, "wiring%s.png" % suffix))
    if (pins.get("display") or {}).get("bus") == "spi":
        return                 # (Wokwi's SSD1306 part is on I2C only: no diagram for SPI)
    with open(os.path.join(folder, "diagram%s.json" % suffix), "w", encoding="utf-8") as handle:
        json.dump(wokwi_diagram(pins), handle, indent=2)
        handle.write("\n")


def main():
    for suffix in ("", "-two-displays", "-spi", "-spi-two-displays"):
        with open(os.path.join(HARDWARE, "pins%s.json" % suffix), encoding="utf-8") as handle:
            pins = json.load(handle)
        generate(pins, HARDWARE, suffix)
        print("wrote hardware/wiring%s.svg, wiring%s.png%s" % (
            suffix, suffix, "" if "-spi" in suffix else ", diagram%s.json" % suffix))
    return 0


if __name__ == "__main__":
    sys.exit(main())
