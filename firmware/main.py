"""Start the tracker: build it from the pin map and run the main loop.

On the Pico, the board's /main.py is just:

    from firmware.main import run
    run()

`build` is also what the desktop simulator calls, with its own clock, so both assemble the
tracker the same way.
"""

from firmware import hw
from firmware.app import App, forget
from firmware.buttons import ButtonPad
from firmware.display import Display


def build(pins, clock, settings=None, game=None):
    """The App, wired as the pin map says."""
    i2c_pins = pins["i2c"]
    size = pins.get("display", {})
    display = Display(hw.open_i2c(pins), i2c_pins.get("address", 0x3C),
                      size.get("width", 128), size.get("height", 64))
    pad = ButtonPad(hw.open_buttons(pins), clock, clock.ticks_ms())
    buzzer = hw.Buzzer(pins.get("buzzer"))
    return App(display, pad, clock, settings, game, buzzer)


def load_pins(path="hardware/pins.json"):
    """Read and check the pin map; the checking code is only needed now, so it is let go."""
    from firmware import pins
    data = pins.load(path)
    forget("firmware.pins")
    return data


def run(pins_path="hardware/pins.json"):
    """The main loop: tick, then sleep until the next poll (no busy-waiting)."""
    clock = hw.Clock()
    app = build(load_pins(pins_path), clock)
    while True:
        app.tick(clock.ticks_ms())
        clock.sleep_ms(app.POLL_MS)
