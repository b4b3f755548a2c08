"""Buttons: one press per press on a bouncy switch, long press, auto-repeat, held at boot."""

import random

import machine

from firmware.board.buttons import Button, ButtonPad, DOWN, PRESS, LONG, REPEAT, SLOW
from host_tools.keyscript import ManualClock

PIN = 7


def make(now=0):
    machine.board = machine.Board()
    clock = ManualClock(now)
    pad = ButtonPad({"OK": machine.Pin(PIN, machine.Pin.IN, machine.Pin.PULL_UP)}, clock, now)
    return pad, clock


def run(pad, clock, ms, events, poll=5):
    end = clock.now + ms
    while clock.now < end:
        pad.poll(clock.now, lambda name, event: events.append(event))
        clock.now += poll


def bounce(clock, pad, level_to, events, rnd, chatter_ms=6):
    """Flip the contact a few times over chatter_ms before it settles at level_to."""
    end = clock.now + chatter_ms
    while clock.now < end:
        if rnd.random() < 0.5:
            machine.board.press(PIN)
        else:
            machine.board.release(PIN)
        pad.poll(clock.now, lambda name, event: events.append(event))
        clock.now += 1
    (machine.board.press if level_to == 0 else machine.board.release)(PIN)


def test_bouncy_switch_gives_exactly_one_press_per_press():
    rnd = random.Random(4)
    pad, clock = make()
    events = []
    for _ in range(200):
        bounce(clock, pad, 0, events, rnd)
        run(pad, clock, rnd.randint(40, 200), events, poll=rnd.choice([1, 5, 10]))
        bounce(clock, pad, 1, events, rnd)
        run(pad, clock, rnd.randint(40, 200), events, poll=rnd.choice([1, 5, 10]))
    assert events.count(PRESS) == 200
    assert events.count(DOWN) == 200
    assert LONG not in events and REPEAT not in events


def test_long_press_then_repeat_and_no_press_on_release():
    pad, clock = make()
    events = []
    machine.board.press(PIN)
    run(pad, clock, Button.long_ms + 3 * Button.repeat_ms + 20, events)
    machine.board.release(PIN)
    run(pad, clock, 100, events)
    assert events == [DOWN, LONG, REPEAT, REPEAT, REPEAT]


def test_a_slow_press_let_go_before_the_first_repeat_says_so_at_its_release():
    """A hold that is a shortcut waits for the first repeat; the release of a press held past
    the long press but not to that repeat is a SLOW press (a tap, slowly): bouncing or not."""
    rnd = random.Random(7)
    for held in (Button.long_ms + 20, Button.long_ms + Button.repeat_ms - 20):
        pad, clock = make()
        events = []
        bounce(clock, pad, 0, events, rnd)
        run(pad, clock, held, events)
        bounce(clock, pad, 1, events, rnd)
        run(pad, clock, 100, events)
        assert events == [DOWN, LONG, SLOW]


def test_a_button_held_at_boot_does_nothing_until_released():
    machine.board = machine.Board()
    machine.board.press(PIN)
    clock = ManualClock()
    pad = ButtonPad({"OK": machine.Pin(PIN, machine.Pin.IN, machine.Pin.PULL_UP)}, clock, 0)
    events = []
    run(pad, clock, 2000, events)
    machine.board.release(PIN)
    run(pad, clock, 100, events)
    assert events == []
    machine.board.press(PIN)
    run(pad, clock, 100, events)
    machine.board.release(PIN)
    run(pad, clock, 100, events)
    assert events == [DOWN, PRESS]


def test_wrapping_tick_counter():
    # ticks wrap on the device; the button only ever compares with ticks_diff
    pad, clock = make(now=2 ** 30 - 50)
    events = []
    machine.board.press(PIN)
    run(pad, clock, 100, events)
    machine.board.release(PIN)
    run(pad, clock, 100, events)
    assert events == [DOWN, PRESS]


def test_release_chatter_while_the_loop_is_busy_is_not_a_second_press():
    """A press whose handling keeps the loop busy past the lockout (a menu drawn, a save):
    the falling edges of the release's contact chatter were latched by the interrupt while
    nobody polled. They are the same press, not a tap that came and went (a ghost press was
    seen on the virtual Pico: OK, OK gave three credits)."""
    rnd = random.Random(9)
    for busy in (10, 30, 60, 200):
        pad, clock = make()
        events = []
        bounce(clock, pad, 0, events, rnd)
        run(pad, clock, 80, events)
        machine.board.release(PIN)
        pad.poll(clock.now, lambda name, event: events.append(event))   # the release: PRESS
        for _ in range(3):                          # chatter, with nobody polling
            clock.now += 1
            machine.board.press(PIN)
            clock.now += 1
            machine.board.release(PIN)
        clock.now += busy
        run(pad, clock, 100, events)
        assert events.count(PRESS) == 1 and events.count(DOWN) == 1, (busy, events)


def test_a_whole_tap_while_the_loop_is_busy_is_still_one_press():
    pad, clock = make()
    events = []
    run(pad, clock, 100, events)
    machine.board.press(PIN)                    # nobody polls during this tap
    clock.now += 60
    machine.board.release(PIN)
    clock.now += 40
    run(pad, clock, 100, events)
    assert events == [DOWN, PRESS]


def test_a_poll_that_lands_in_the_bounce_of_a_press_sees_one_press():
    """The contact closes, opens again for a moment (bounce), and the first poll after the
    interrupt latched the closing reads the pin up: that is a press beginning, not a tap that
    came and went (seen on the virtual Pico as two presses for one)."""
    for gap in (1, 3, 10, 20):
        pad, clock = make()
        events = []
        run(pad, clock, 100, events)
        machine.board.press(PIN)          # closes...
        clock.now += 1
        machine.board.release(PIN)        # ...bounces open, and the loop polls now
        clock.now += gap
        run(pad, clock, 2, events, poll=1)
        machine.board.press(PIN)          # settles closed
        run(pad, clock, 80, events)
        machine.board.release(PIN)
        run(pad, clock, 100, events)
        assert events == [DOWN, PRESS], (gap, events)


def test_a_quick_tap_pressed_while_the_loop_is_busy_is_answered_at_its_release():
    """The press of a quick tap comes while the loop is busy (the last tap's screen being
    drawn): its lockout counts from the press, so the release 40 ms after it is a PRESS at
    the next poll, not 25 ms after the late poll that saw the press."""
    for busy in (5, 15, 30):
        pad, clock = make()
        events = []
        run(pad, clock, 100, events)
        machine.board.press(PIN)              # nobody polls for `busy` ms
        clock.now += busy
        run(pad, clock, 40 - busy, events, poll=2)
        machine.board.release(PIN)
        released = clock.now
        seen = []
        while PRESS not in events:
            pad.poll(clock.now, lambda name, event: events.append(event))
            seen.append(clock.now)
            clock.now += 2
        assert events == [DOWN, PRESS], (busy, events)
        assert seen[-1] - released <= 2, (busy, seen[-1] - released)
