"""A game played with the buttons, through the simulator: what a player does and sees."""

import pytest

from simhelp import play
from host_tools.keyscript import parse, KeyScriptError


def test_gain_a_credit_is_two_presses():
    sim = play("OK,OK")
    state = sim.state()
    assert state["corp"]["credits"] == 6 and state["corp"]["clicks"] == 2
    assert sim.app.screen.name == "dashboard"


def test_spend_credits_is_two_presses_and_long_press_counts_five():
    sim = play("DOWN,OK")
    assert sim.state()["corp"]["credits"] == 4
    sim = play("UP,LONG:UP,OK")   # +1, then +5 on the long press
    assert sim.state()["corp"]["credits"] == 11


def test_use_a_click_and_end_the_turn():
    sim = play("LONG:OK")
    assert sim.state()["corp"]["clicks"] == 2
    sim.keys("RIGHT,OK")
    state = sim.state()
    assert state["active"] == "runner" and state["runner"]["clicks"] == 4


def test_undo_is_one_long_press_from_every_screen_and_redo_too():
    sim = play("OK,OK,LEFT,DOWN,OK")       # gain a credit, then go into a menu
    assert sim.state()["corp"]["credits"] == 6
    sim.keys("LONG:LEFT")
    assert sim.state()["corp"]["credits"] == 5
    assert "Undone: corp gain-credit" in sim.app.toast
    sim.keys("LONG:RIGHT")
    assert sim.state()["corp"]["credits"] == 6


def test_quick_credits_show_the_change_before_it_is_committed():
    sim = play("UP,UP,UP")
    assert sim.state()["corp"]["credits"] == 5   # nothing committed yet
    assert sim.app.screen.name == "credits" and sim.app.screen.delta == 3
    sim.keys("LEFT")                               # cancel
    assert sim.state()["corp"]["credits"] == 5 and sim.app.screen.name == "dashboard"


def test_a_refused_action_shows_the_reason_and_changes_nothing():
    sim = play("OK," + "DOWN," * 7 + "OK")       # Corp: trash a resource, Runner not tagged
    assert sim.app.toast == "! The Runner is not tagged"
    assert sim.state()["corp"]["clicks"] == 3


def test_a_whole_round_with_a_run_and_bad_publicity():
    # Corp: credit, credit, install for 1; ends turn. Runner runs R&D, pays 1 (bad publicity
    # credit first), steals 2 points, run succeeds, ends turn after 3 more clicks.
    sim = play("OK,OK,OK,OK,OK,DOWN,DOWN,DOWN,OK,UP,OK")
    sim.keys("LEFT,DOWN,OK," + "DOWN," * 5 + "OK,LEFT,LEFT")     # bad publicity +1
    sim.keys("RIGHT,OK")
    sim.keys("OK,DOWN,DOWN,DOWN,OK,DOWN,OK")                      # run on R&D
    state = sim.state()
    assert state["run"] == {"server": "R&D", "bp_credits": 1}
    sim.keys("DOWN,DOWN,OK,OK")                                   # pay 1
    assert sim.state()["run"]["bp_credits"] == 0 and sim.state()["runner"]["credits"] == 5
    sim.keys("UP,OK,UP,OK")                                       # steal 2
    assert sim.state()["runner"]["agenda_points"] == 2
    sim.keys("UP,OK")                                             # successful
    assert sim.state()["run"] is None
    sim.keys("LONG:OK,LONG:OK,LONG:OK,RIGHT,OK")
    state = sim.state()
    assert state["turn"] == 2 and state["active"] == "corp" and state["corp"]["clicks"] == 3
    assert state["corp"]["credits"] == 6


def test_trace_wizard_runs_a_tied_trace_that_fails():
    # base 3, Corp +1 (4); the wizard suggests the Runner's boost that ties: 4 (link 0) -> fails
    sim = play("LEFT,OK,OK,UP,OK,OK")
    state = sim.state()
    assert state["last_trace"] == {"strength": 4, "link": 4, "success": False}
    assert state["corp"]["credits"] == 4 and state["runner"]["credits"] == 1
    assert sim.app.screen.name == "trace_result"


def test_winning_shows_the_win_screen_and_undo_plays_on():
    sim = play("LEFT,DOWN,DOWN,OK,OK," + "UP," * 6 + "OK")
    assert sim.state()["winner"] == "corp" and sim.app.screen.name == "win"
    sim.keys("OK")
    assert sim.app.screen.name == "confirm"
    sim.keys("LEFT,LONG:LEFT")
    assert sim.state()["winner"] is None and sim.app.screen.name == "dashboard"


def test_new_game_needs_confirmation():
    sim = play("OK,OK,LEFT,UP,OK,LEFT")
    assert sim.state()["corp"]["credits"] == 6       # declined: back in the More menu
    assert sim.app.screen.name == "more"
    sim.keys("OK,OK")
    assert sim.state()["corp"]["credits"] == 5 and sim.app.game.count == 0


def test_counters_can_be_set_by_hand():
    # Counters -> Runner tags is the 13th line: set it to 2
    sim = play("LEFT,DOWN,DOWN,DOWN,OK," + "DOWN," * 12 + "OK,UP,UP,OK")
    assert sim.state()["runner"]["tags"] == 2


def test_settings_change_the_agenda_target_of_this_game():
    sim = play("LEFT,UP,UP,OK,OK,DOWN,OK")
    assert sim.state()["agenda_target"] == 6 and sim.app.settings.agenda_target == 6


def test_dim_then_blank_then_the_waking_press_does_nothing_else():
    sim = play("")
    sim.app.settings.dim_s = 2
    sim.app.settings.sleep_s = 5
    sim.run(2500)
    assert sim.app.dimmed and sim.oled.contrast == sim.app.display.DIM_CONTRAST
    sim.run(3000)
    assert sim.app.blanked and not sim.oled.display_on
    sim.keys("OK")
    assert not sim.app.blanked and sim.oled.display_on and sim.oled.contrast == 255
    assert sim.app.screen.name == "dashboard"      # the waking press opened nothing
    sim.keys("OK")
    assert sim.app.screen.name == "actions"


def test_bad_key_scripts_are_reported():
    with pytest.raises(KeyScriptError):
        parse("OK,JUMP")
    assert parse("OK, long:left ,WAIT:10") == [("TAP", "OK", 80), ("HOLD", "LEFT", 700),
                                              ("WAIT", None, 10)]
