"""The display sends only what changed, and the panel still ends up showing the whole frame."""

import random

from simhelp import play
from firmware.ui import WIDTH


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
