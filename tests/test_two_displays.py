"""A display for each seat (pin map: display2): the second panel shows the same picture turned
180 degrees for the player across the table, gets only the pages that changed for it, and one
that does not answer is said at power-up and never stops play."""

import json
import os

import pytest
from PIL import ImageChops

from host_tools.screenshots import glass_image
from host_tools.screens_catalog import SCREENS
from host_tools.sim import Simulator

TWO = os.path.join(os.path.dirname(__file__), "..", "hardware", "pins-two-displays.json")


def glass_of(oled):
    """A panel's glass as a 1-bit image (as the golden images hold them)."""
    from PIL import Image
    image = Image.new("1", (128, 64))
    image.putdata([255 if oled.pixel(x, y) else 0 for y in range(64) for x in range(128)])
    return image


def differing(a, b):
    return ImageChops.logical_xor(a, b).histogram()[255]


SAMPLE = [s for s in SCREENS if s[0] in ("dashboard", "credits", "more", "trace", "win", "monitor")]


@pytest.mark.parametrize("name, description, keys", SAMPLE, ids=[s[0] for s in SAMPLE])
def test_the_other_seat_sees_the_same_screen_upright_for_them(name, description, keys):
    sim = Simulator(TWO)
    sim.keys(keys)
    sim.run(300)
    first = glass_image(sim)
    second = glass_of(sim.oled2)
    # Turned 180 degrees on the glass: upright for the player across the table.
    assert differing(second.rotate(180), first) == 0, name
    assert differing(second, first) > 0 or name == "blank"
    assert sim.oled2.display_on


def test_each_panel_gets_only_the_pages_that_changed():
    sent = {0x3C: 0, 0x3D: 0}
    sim = Simulator(TWO)
    sim.run(3000)
    for address, oled in ((0x3C, sim.oled), (0x3D, sim.oled2)):
        def counting(data, oled=oled, address=address):
            sent[address] += len(data)
            type(oled).write(oled, data)
        oled.write = counting
    sim.keys("OK,WAIT:100")                      # a credit: a few pages change
    assert 0 < sent[0x3C] < 600 and sent[0x3C] == sent[0x3D]


def test_a_second_display_that_does_not_answer_is_said_and_play_goes_on(tmp_path):
    pins = json.load(open(TWO))
    pins["display2"]["absent"] = True            # the simulator leaves 0x3D empty
    path = tmp_path / "pins.json"
    path.write_text(json.dumps(pins))
    sim = Simulator(str(path))
    sim.run(200)
    assert "Second display (0x3D) not answering" in sim.app.toast
    sim.keys("OK,WAIT:300")
    assert sim.app.game.state.corp.credits == 6 and sim.oled.display_on
    assert sim.app.display.online


def test_one_display_is_as_before():
    sim = Simulator()
    assert sim.oled2 is None and len(sim.app.display.panels) == 1


def test_the_pin_map_checks_the_second_display():
    from firmware.board.pins import parse, PinMapError
    pins = json.load(open(TWO))
    for wrong, said in (({"address": 60}, "first display's"), ({"address": "0x3D"}, "address"),
                        ({"address": 61, "rotation": 90}, "rotation")):
        pins["display2"] = wrong
        with pytest.raises(PinMapError, match=said):
            parse(pins)
