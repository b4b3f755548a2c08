"""The optional rotary encoder (firmware.board.knob, the pin map's "knob"): a click of it is a
step of the number on the glass, or the next row of a menu; contact bounce and a missed edge
count no click; a turn with a key down does nothing; the five-button build is unchanged."""

import random

import pytest

from host_tools.press_budget import KNOB_PINS, KNOB_TASKS, check
from host_tools.sim import Simulator


def knob_sim():
    return Simulator(pins=KNOB_PINS)


class FakePin:
    """A pulled-up input whose edges call its handler, as the board's do."""

    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self):
        self.level = 1
        self.handler = None

    def value(self):
        return self.level

    def irq(self, handler, trigger, hard=False):
        self.handler = handler

    def set(self, level):
        if level != self.level:
            self.level = level
            self.handler(self)


def test_every_click_counts_once_through_bounce_in_either_direction():
    from firmware.board.knob import Knob
    from host_tools.keyscript import knob_edges
    rng = random.Random(5)
    for trial in range(200):
        a, b = FakePin(), FakePin()
        knob = Knob(a, b)
        pins = {"a": a, "b": b}
        clicks = [rng.choice((-3, -1, 1, 2, 4)) for _ in range(rng.randint(1, 5))]
        taken = []
        for turn in clicks:
            for switch, closed in knob_edges(turn):
                pin = pins[switch]
                level = 0 if closed else 1
                for _ in range(rng.randint(0, 3)):       # contact bounce before it settles
                    pin.set(level)
                    pin.set(1 - level)
                pin.set(level)
            step = knob.take()
            while step:
                taken.append(step)
                step = knob.take()
        assert sum(taken) == sum(clicks) and len(taken) == sum(abs(c) for c in clicks), trial


def test_a_missed_edge_still_makes_its_click_and_spoils_no_other():
    from firmware.board.knob import Knob
    a, b = FakePin(), FakePin()
    knob = Knob(a, b)
    a.level = 0          # A closed while nobody looked (no interrupt)...
    b.set(0)             # ... then B: a jump of two states, counted as nothing
    a.set(1)
    b.set(1)             # back at rest: half the cycle seen, still clockwise
    assert knob.take() == 1 and knob.take() == 0
    for pin, level in ((b, 0), (a, 0), (b, 1), (a, 1)):     # then a click the other way
        pin.set(level)
    assert knob.take() == -1 and knob.take() == 0


def test_turning_sets_the_number_and_ok_records_it():
    sim = knob_sim()
    sim.keys("TURN:+3,WAIT:300")
    assert "Corp gains 3 cr" in sim.app.screens[0].status(sim.app.game.state)
    sim.keys("OK,WAIT:300")
    assert sim.app.game.state.corp.credits == 8
    sim.keys("TURN:-2,OK,WAIT:300")                     # a cost: the Corp installs for 2
    assert sim.app.game.state.corp.credits == 6


def test_in_a_menu_clockwise_is_the_next_row():
    sim = knob_sim()
    sim.choose("More")
    sim.keys("TURN:+2,WAIT:100")
    assert sim.app.screen.name == "more" and sim.app.screen.cursor == 2
    sim.keys("TURN:-3,WAIT:100")                        # and back round the top
    assert sim.app.screen.cursor == len(sim.app.screen.items(sim.app)) - 1


def test_a_turn_with_a_key_down_does_nothing_and_says_so():
    sim = knob_sim()
    sim.keys("PRESS:OK,TURN:+2,RELEASE:OK,WAIT:300")
    assert sim.app.screens[0].pending is None and sim.app.game.count == 0
    assert "nothing done" in (sim.app.toast or "")


@pytest.mark.parametrize("task", KNOB_TASKS, ids=[t[0] for t in KNOB_TASKS])
def test_every_knob_task_does_what_it_says_within_its_presses(task):
    count, problem = check(task, pins=KNOB_PINS)
    assert problem is None and count <= task[1]


@pytest.mark.parametrize("knob, message", [
    ({"a": 10, "b": 19}, "used twice"),                 # GP10 is UP's
    ({"a": 18}, "pins a and b"),
    ({"a": 18, "b": 19, "per_click": 3}, "per_click"),
])
def test_a_knob_the_pin_map_cannot_have_is_said(knob, message):
    from firmware.board.pins import parse, PinMapError
    with pytest.raises(PinMapError) as error:
        parse(dict(KNOB_PINS, knob=knob))
    assert message in str(error.value)


def test_the_simulators_knob_keys_turn_it_and_a_board_without_one_ignores_them():
    """[ and ] in the simulator's window and terminal (Simulator.turn)."""
    sim = knob_sim()
    sim.turn(3)
    sim.run(50)
    assert "gains 3" in sim.app.screens[0].status(sim.app.game.state)
    plain = Simulator()
    plain.turn(3)
    plain.run(50)
    assert plain.app.screens[0].pending is None
