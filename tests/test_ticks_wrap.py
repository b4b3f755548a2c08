"""Issue 58: time cannot wrap. MicroPython's tick counter wraps every 12.4 days and ticks_diff
is right only within half of that, so no stored tick may be left untouched for 6.2 days: left on
for a week, the OK that only woke the glass also took a credit, one RIGHT moved two cells.

The whole tracker is played with its clock started at any offset, just before each wrap, and
after idle spells of days: what the glass shows and what the game holds are the same as with
a clock that never wraps."""

import pytest

from engine_lite.netrunner.state import NO_RUN
from host_tools.keyscript import WrappingClock
from host_tools.sim import Simulator
from simhelp import choose

PERIOD = WrappingClock.PERIOD
DAY = 24 * 3600 * 1000

# A stretch of play with every kind of press: taps, holds, repeats, a number, menus, undo.
SCRIPT = ("OK,RIGHT,OK,UP,UP,OK,HOLD:UP:700,OK,RIGHT,RIGHT,OK,OK,LONG:LEFT,LONG:RIGHT,"
          "LEFT,LEFT,OK,DOWN,OK,WAIT:3000,HOLD:UP:2000,OK,RIGHT,RIGHT,RIGHT,OK,LEFT,LONG:LEFT,"
          "TAP:OK:30,WAIT:60,TAP:OK:30,WAIT:1500")


def played(start, script=SCRIPT):
    """(the game's numbers, its history, the glass) after the script, from a clock at `start`."""
    sim = Simulator(clock=WrappingClock(start=start))
    sim.keys(script)
    sim.settle()
    return sim.app.game.state.pack(), bytes(sim.app.game.history), bytes(sim.oled.ram)


@pytest.mark.parametrize("start", [PERIOD - 3000, PERIOD - 50, PERIOD // 2 - 3000,
                                   PERIOD // 2 - 1, 2 * PERIOD - 7000])
def test_the_tracker_plays_the_same_with_its_clock_started_just_before_a_wrap(start):
    assert played(start) == played(0)


@pytest.mark.parametrize("days", [6.3, 7, 9, 12.5])
def test_after_days_left_on_the_key_that_wakes_the_glass_does_only_that(days):
    sim = Simulator(clock=WrappingClock(start=PERIOD - 20000))
    sim.keys("OK,WAIT:2000")                       # a credit, saved
    credits = sim.app.game.state.corp.credits
    sim.idle(int(days * DAY))
    assert sim.app.blanked                         # a dark glass after so long
    sim.keys("OK")                                 # wakes it, and nothing more
    assert sim.app.game.state.corp.credits == credits and not sim.app.blanked
    sim.keys("OK")                                 # then a tap is a tap
    assert sim.app.game.state.corp.credits == credits + 1
    cursor = sim.app.screens[0].cursor
    sim.keys("RIGHT")                              # one cell, not two
    assert sim.app.screens[0].cursor == (cursor + 1) % len(
        sim.app.screens[0].bar(sim.app.game.state))
    choose(sim, "More")                            # a menu ...
    menu = sim.app.screen
    assert menu is not sim.app.screens[0]
    sim.idle(int(days * DAY))
    sim.keys("LEFT")                               # ... the key that wakes does not leave it
    assert sim.app.screen is menu


@pytest.mark.parametrize("days", [6.3, 7, 9])
def test_a_setting_changed_after_days_left_on_is_saved(days):
    # The settings' last save was a week old when the next change came: read across the
    # counter's half-range it looked recent, and the change waited days to be written.
    sim = Simulator()
    sim.run(3000)
    sim.app.settings.dim_s = 60
    sim.app.settings_changed(False)
    sim.run(3000)                                  # saved
    sim.idle(int(days * DAY))
    sim.keys("OK")                                 # wakes the glass
    sim.app.settings.dim_s = 90
    sim.app.settings_changed(False)
    sim.run(3000)
    sim.boot()                                     # a power cut
    assert sim.app.settings.dim_s == 90


@pytest.mark.parametrize("days", [6.3, 7, 9])
def test_ok_on_done_after_days_left_on_ends_the_run(days):
    # Access began (OK), then the tracker was left on for days: the OK on Done ends the run at
    # once, as after any pause (it said "Pause, then OK ends run", reading the access's tick as
    # a moment ago).
    from host_tools.press_budget import RUNNER_TURN, RUN_HQ, ACCESS
    sim = Simulator()
    sim.run(3000)
    sim.keys(",".join((RUNNER_TURN, RUN_HQ, ACCESS)))
    assert sim.app.game.state.run_access
    sim.idle(int(days * DAY))
    sim.keys("OK,WAIT:300,OK,WAIT:300")             # wakes the glass; Done
    state = sim.app.game.state
    assert state.run_server == NO_RUN and not state.run_access
