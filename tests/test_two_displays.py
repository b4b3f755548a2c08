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
from firmware.screens.widgets import MEDIUM

TWO = os.path.join(os.path.dirname(__file__), "..", "hardware", "pins-two-displays.json")
# Both modules at 0x3C, the second turned round in the lid: it hears the first's writes.
SAME = os.path.join(os.path.dirname(__file__), "..", "hardware",
                    "pins-two-displays-same-address.json")


def glass_of(oled):
    """A panel's glass as a 1-bit image (as the golden images hold them)."""
    from PIL import Image
    image = Image.new("1", (128, 64))
    image.putdata([255 if oled.pixel(x, y) else 0 for y in range(64) for x in range(128)])
    return image


def differing(a, b):
    return ImageChops.logical_xor(a, b).histogram()[255]


# On SPI (issue 61: the 2.42" modules ship set for SPI): both panels on the same wires, the
# second with a chip select of its own (GP7)
SPI_TWO = os.path.join(os.path.dirname(__file__), "..", "hardware", "pins-spi-two-displays.json")


def spi_shared(tmp_path):
    """The SPI pair with the second panel on the first's chip select: it hears every byte."""
    pins = json.load(open(SPI_TWO))
    pins["display2"]["cs"] = pins["spi"]["cs"]
    path = tmp_path / "pins.json"
    path.write_text(json.dumps(pins))
    return str(path)


SAMPLE = [s for s in SCREENS if s[0] in ("dashboard", "credits", "more", "trace", "win", "monitor")]


@pytest.mark.parametrize("wiring", ["i2c", "spi", "spi shared cs"])
@pytest.mark.parametrize("name, description, keys", SAMPLE, ids=[s[0] for s in SAMPLE])
def test_the_other_seat_sees_the_same_screen_upright_for_them(name, description, keys, wiring,
                                                              tmp_path):
    pins = {"i2c": TWO, "spi": SPI_TWO}.get(wiring) or spi_shared(tmp_path)
    sim = Simulator(pins)
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


def test_each_panel_is_on_its_own_and_one_plugged_back_lights_within_a_second():
    """Issue 36: with the first panel unplugged the second (0x3D) went blank too, and a second
    panel back after an error stayed blank for 42 presses."""
    both = Simulator(TWO)                              # (first: the last one made is wired)
    both.run(2000)
    both.keys("OK,WAIT:3800")
    both_plugged = glass_of(both.oled2)
    sim = Simulator(TWO)
    sim.run(2000)
    first = sim.board.i2c_devices.pop(0x3C)            # the first panel unplugged
    sim.keys("OK,WAIT:300")
    assert not sim.app.display.online
    sim.keys("WAIT:3500")                              # the first tried again, 3 times
    # (its set-up blanked the frame both panels show: the second lost its picture's rest)
    assert differing(glass_of(sim.oled2), both_plugged) == 0
    turned = glass_of(sim.oled2).rotate(180)
    sim.board.i2c_devices[0x3C] = first
    sim.run(1500)                                      # no press: back within about a second
    assert sim.app.display.online
    assert differing(turned, glass_image(sim)) == 0    # the second showed the credit already
    second = sim.board.i2c_devices.pop(0x3D)           # now the second: gone, then back
    sim.keys("OK,WAIT:300")
    sim.board.i2c_devices[0x3D] = second
    sim.run(1500)
    assert all(panel.online for panel in sim.app.display.panels)
    assert differing(glass_of(sim.oled2).rotate(180), glass_image(sim)) == 0


@pytest.mark.parametrize("pins", [TWO, SAME, SPI_TWO])
def test_a_psi_bid_is_never_drawn_where_the_other_seat_sees_it(pins):
    """Issue 35: with a panel for each seat, "Runner: look away" stood above the Corp's 2 on
    the Runner's panel. Now a bid is one key and the glass is the same whatever the bid,
    until both are revealed."""
    from host_tools.screens_catalog import TOURNAMENT
    from simhelp import where_shown
    psi = TOURNAMENT + ",DOWN,DOWN,DOWN,OK"
    glasses = []
    for corp_key in ("DOWN", "OK", "UP"):                      # bids 0, 1, 2
        sim = Simulator(pins)
        sim.run(2000)
        sim.keys(psi + ",WAIT:300")
        assert sim.app.screen.name == "psi"
        sim.keys(corp_key + ",WAIT:300")
        glasses.append((glass_image(sim).tobytes(), glass_of(sim.oled2).tobytes()))
        sim.keys("DOWN,WAIT:300")                              # the Runner bids 0: revealed
        assert sim.app.screen.stage == 2
        bid = ("DOWN", "OK", "UP").index(corp_key)
        assert where_shown(sim, "Corp %d   Runner 0" % bid, MEDIUM)
    assert glasses[0] == glasses[1] == glasses[2]


def test_a_second_display_at_the_first_address_costs_no_bus_time():
    """Wired at the first's address, the second panel hears every byte the first gets: it
    shows what the 0x3D wiring's second panel shows (turned for the player across, by how it
    lies in the lid), and the tracker sends no byte more than for one panel."""
    def sent_for(pins):
        count = [0]
        sim = Simulator(pins)
        sim.run(3000)
        device = sim.board.i2c_devices[0x3C]
        def counting(data):
            count[0] += len(data)
            type(device).write(device, data)
        device.write = counting
        sim.keys("OK,WAIT:100,UP,UP,RIGHT,WAIT:100,LEFT,LEFT,OK,WAIT:300")   # a credit, a menu
        return count[0], sim
    one, _ = sent_for(None)
    same, shared = sent_for(SAME)
    _, own = sent_for(TWO)
    assert one > 0 and same == one
    assert len(shared.app.display.panels) == 1 and 0x3D not in shared.board.i2c_devices
    assert differing(glass_of(shared.oled2), glass_of(own.oled2)) == 0
    assert differing(glass_of(shared.oled2).rotate(180), glass_image(shared)) == 0
    assert "not answering" not in (shared.app.toast or "")


def test_one_display_is_as_before():
    sim = Simulator()
    assert sim.oled2 is None and len(sim.app.display.panels) == 1


def test_the_pin_map_checks_the_second_display():
    from firmware.board.pins import parse, PinMapError
    pins = json.load(open(TWO))
    parse(dict(pins, display2={"address": 60}))       # beside the first: it hears its writes
    for wrong, said in (({"address": 60, "controller": "ssd1309"}, "same controller"),
                        ({"address": "0x3D"}, "address"),
                        ({"address": 61, "rotation": 90}, "rotation")):
        pins["display2"] = wrong
        with pytest.raises(PinMapError, match=said):
            parse(pins)


def test_on_spi_each_panel_gets_only_its_changed_pages_and_a_shared_chip_select_nothing_more(
        tmp_path):
    """Issue 61: a display for each seat on SPI. With its own chip select the second panel
    takes the pages that changed with the first (both chip selects low: its controller turns
    them), and its set-up alone; on the first's chip select it takes every byte the first
    does. Either way a tap puts no byte more on the wire than for one panel."""
    def sent_for(pins):
        sim = Simulator(pins)
        sim.run(3000)
        counts = []
        for i, (device, cs, dc) in enumerate(sim.board.spi_devices[0]):
            counts.append(0)
            def counting(data, level, device=device, i=i):
                counts[i] += len(data)
                type(device).spi(device, data, level)
            device.spi = counting
        wire = sim.board.spi_bytes
        sim.keys("OK,WAIT:100")                   # a credit: a few pages change
        return counts, sim.board.spi_bytes - wire, sim
    (one,), one_wire, _ = sent_for(os.path.join(os.path.dirname(SPI_TWO), "pins-spi.json"))
    (first, second), own_wire, own = sent_for(SPI_TWO)
    assert 0 < first < 600 and first == second == one and own_wire == one_wire
    assert len(own.app.display.panels) == 2
    (first, second), shared_wire, shared = sent_for(spi_shared(tmp_path))
    assert first == second == one and shared_wire == one_wire
    assert len(shared.app.display.panels) == 1
    assert differing(glass_of(shared.oled2), glass_of(own.oled2)) == 0
    assert shared.app.display.seats == own.app.display.seats == 2


def test_the_pin_map_checks_a_second_display_on_spi():
    from firmware.board.pins import parse, PinMapError
    pins = json.load(open(SPI_TWO))
    parse(pins)
    parse(dict(pins, display2={"cs": 1}))              # the first's chip select: hears its bytes
    for wrong, said in (({"address": 61}, "display2.cs"),
                        ({"cs": 10}, "GP10 is used twice"),
                        ({"cs": 0}, "GP0 is used twice"),
                        ({"cs": 7, "controller": "sh1106"}, "same controller"),
                        ({"cs": 7, "rotation": 90}, "rotation")):
        pins["display2"] = wrong
        with pytest.raises(PinMapError, match=said):
            parse(pins)
