"""The tracker checks itself and measures what matters on real hardware (`make device-bench`).

    from firmware.selftest import run
    run()

Checks: the OLED answers on I2C and shows a test pattern, then a frame round the glass that a
wrong controller in the pin map shows broken (which it says); each button in the pin map is
pressed when asked, and the knob, if the pin map has one, turned clockwise. Measures: time to draw the dashboard, time to send a whole frame and a typical
partial update over I2C, time to save a game to flash (a journal record, a full snapshot), and
the heap. Prints one line per result. Saves into a folder of its own, never the real game.
"""

import gc

from firmware.board import hw
from firmware.main import build, load_pins
from firmware.board.buttons import ButtonPad, DOWN, PRESS
from firmware.screens.fonts import SMALL
from firmware.saving.storage import Storage
from engine_lite.game import Game
from engine_lite.netrunner import actions as A
import os

TEST_FOLDER = "netclick-selftest"
PRESS_WAIT_MS = 10000


def _us(clock, start):
    return clock.ticks_diff(clock.ticks_us(), start)


def _say(display, *lines):
    fb = display.fb
    fb.fill(0)
    for i in range(len(lines)):
        SMALL.draw(fb, lines[i], 0, i * 10)
    display.show()


def _no_display(pins, controller, why=""):
    """The line for a display that does not answer on I2C (`why`: the error, if one was
    raised), naming the wires to check."""
    i2c = pins["i2c"]
    return "FAIL display: no %s at 0x%02X on I2C%d%s: check SDA GP%d, SCL GP%d, 3V3, GND" % (
        controller.upper(), i2c.get("address", 0x3C), i2c["id"], why, i2c["sda"], i2c["scl"])


def _average_us(clock, action, times=10):
    start = clock.ticks_us()
    for _ in range(times):
        action()
    return _us(clock, start) // times


def run(pins_path="hardware/pins.json", clock=None, flash_root=TEST_FOLDER, wait_ms=PRESS_WAIT_MS,
        out=print, prompt=None):
    """Run every check; returns the number of failures. `prompt(name)`, if given, is told which
    button the OLED is asking for (the simulator's stand-in player uses it)."""
    clock = clock or hw.Clock()
    pins = load_pins(pins_path)
    failures = 0
    gc.collect()
    before = gc.mem_alloc()
    spi = (pins.get("display") or {}).get("bus") == "spi"
    controller = (pins.get("display") or {}).get("controller", "ssd1306")
    try:
        app = build(pins, clock)
    except (OSError, ValueError) as error:
        if spi:
            wires = pins["spi"]
            out("FAIL display: SPI%d could not be set up (%s): check the pin map's spi section"
                " (SCK GP%d, MOSI GP%d, CS GP%d, DC GP%d)" % (
                    wires["id"], error, wires["sck"], wires["mosi"], wires["cs"], wires["dc"]))
        else:
            out(_no_display(pins, controller, " (%s)" % (error,)))
        return 1
    gc.collect()
    if app.display.elsewhere:
        # On the other bus than the pin map's (firmware.board.display.open_display): the
        # tracker shows there too, but the pin map is to be changed.
        out("FAIL display: %s" % app.display.elsewhere)
        failures += 1
        spi = False             # (the first panel is on I2C either way: the figures below)
    elif not app.display.online:
        out(_no_display(pins, controller))
        return 1
    elif spi:
        # (SPI has no acknowledge: only the test frame below shows that the panel is there)
        out("ok   display: set up on SPI%d as the pin map says: %s; the test frame below must"
            " show on it" % (pins["spi"]["id"], controller.upper()))
    else:
        out("ok   display: answered at 0x%02X, set up as the pin map says: %s" % (
            pins["i2c"].get("address", 0x3C), controller.upper()))
    bus = "spi" if spi else "i2c"
    if spi:
        rate = pins["spi"].get("baudrate", getattr(app.display.oled, "SPI_HZ", 0))
    else:
        rate = pins["i2c"].get("freq", 400000)
    out("     heap: %d bytes for the tracker after boot, %d free" % (gc.mem_alloc() - before,
                                                                    gc.mem_free()))
    display = app.display

    # Drawing and sending.
    def draw():
        app.dirty = True
        app.fb.fill(0)
        app.screen.draw(app, app.fb)
    out("     render: %d us to draw the dashboard" % _average_us(clock, draw))
    full = _average_us(clock, display.show_all, 5)
    out("     %s: %d us to send a whole frame (%d bytes at %d Hz)" % (bus, full, 1024, rate))

    def small_change():
        display.fb.fill_rect(0, 9, 40, 16, 1)
        display.show()
        display.fb.fill_rect(0, 9, 40, 16, 0)
        display.show()
    out("     %s: %d us for a typical change (a number)"
        % (bus, _average_us(clock, small_change, 5) // 2))

    # The pattern: every pixel lit in a checkerboard, then a frame.
    fb = display.fb
    for y in range(0, 64, 8):
        for x in range(0, 128, 8):
            if (x + y) // 8 % 2 == 0:
                fb.fill_rect(x, y, 8, 8, 1)
    display.show()
    clock.sleep_ms(400)
    # Which controller: a frame round the glass. An SH1106 driven as an SSD1306 shows it 2
    # columns off, its left side missing and the right striped; the other way round, shifted
    # too. Said on the glass, where the maker is looking.
    fb.fill(0)
    fb.rect(0, 0, 128, 64, 1)
    for i, line in enumerate(("A FRAME ALL ROUND?", "If a side is missing or", "striped: pin map display",
                              '"controller": "sh1106"', "(1.3in) or ssd1306")):
        SMALL.draw(fb, line, 4, 4 + 11 * i)
    display.show()
    out("     display: a frame round the glass now; a side missing or striped means another"
        " controller: 1.3in modules are mostly SH1106 (\"controller\": \"sh1106\"), 0.96in"
        " SSD1306, 2.42in SSD1309")
    clock.sleep_ms(3000)

    # Buttons.
    pad = ButtonPad(hw.open_buttons(pins), clock, clock.ticks_ms())
    for name in pins["buttons"]:
        optional = name in pins.get("optional", ())
        _say(display, "SELF-TEST: BUTTONS", "", "Press %s" % name,
             "(optional: wait to skip)" if optional else "")
        if prompt:
            prompt(name)
        seen = []
        start = clock.ticks_ms()
        while clock.ticks_diff(clock.ticks_ms(), start) < wait_ms and not seen:
            pad.poll(clock.ticks_ms(), lambda button, event: seen.append(button)
                     if event in (DOWN, PRESS) else None)
            clock.sleep_ms(10)
        if name in seen:
            out("ok   button %s (GP%d)" % (name, pins["buttons"][name]))
        elif seen:
            failures += 1
            out("FAIL button %s: %s was pressed instead: swapped wires?" % (name, seen[0]))
        elif optional:
            out("--   button %s (GP%d): not pressed (optional)" % (name, pins["buttons"][name]))
        else:
            failures += 1
            out("FAIL button %s: no press on GP%d in %d s" % (name, pins["buttons"][name],
                                                             wait_ms // 1000))
        while pad.held():
            pad.poll(clock.ticks_ms(), lambda button, event: None)
            clock.sleep_ms(10)

    # The knob, if the pin map has one: turned clockwise when asked.
    knob = app.pad.knob
    if knob is not None:
        _say(display, "SELF-TEST: KNOB", "", "Turn the knob", "clockwise one click")
        if prompt:
            prompt("KNOB")
        turned = 0
        start = clock.ticks_ms()
        while clock.ticks_diff(clock.ticks_ms(), start) < wait_ms and not turned:
            turned = knob.take()
            clock.sleep_ms(10)
        a, b = pins["knob"]["a"], pins["knob"]["b"]
        if turned > 0:
            out("ok   knob (GP%d, GP%d)" % (a, b))
        elif turned < 0:
            failures += 1
            out("FAIL knob: it counted the other way: swap its a and b in the pin map (GP%d, GP%d)"
                % (a, b))
        else:
            failures += 1
            out("FAIL knob: no click on GP%d/GP%d in %d s" % (a, b, wait_ms // 1000))

    # Saving, in a folder of its own.
    flash = _test_flash(flash_root)
    storage = Storage(flash)
    game = Game()
    storage.commit(game)                            # the first commit is a snapshot
    game.do(A.action(A.GAIN_CREDIT))
    start = clock.ticks_us()
    written = storage.commit(game)
    out("     save: %d us for a journal record (%d bytes)" % (_us(clock, start), written))
    start = clock.ticks_us()
    written = storage.write_snapshot(game)
    out("     save: %d us for a full snapshot (%d bytes)" % (_us(clock, start), written))
    for name in ("game.json", "game.bak", "game.jnl"):
        flash.remove(name)

    _say(display, "SELF-TEST DONE", "", "%d problem%s" % (failures, "" if failures == 1 else "s"),
         "", "Reset to play.")
    out("%s: %d problem%s" % ("PASS" if not failures else "FAIL", failures,
                              "" if failures == 1 else "s"))
    return failures


def _test_flash(root):
    try:
        os.mkdir(root)
    except OSError:
        pass
    return hw.Flash(root)
