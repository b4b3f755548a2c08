"""The trace (firmware/netrunner/trace.py): the wizard, its outcome and undo."""

from simhelp import play, where_shown
from host_tools.screens_catalog import MORE


def test_trace_wizard_runs_a_tied_trace_that_fails():
    # base 3, Corp +1 (4); the Runner's boost starts at 0, the Runner pays 4 to tie -> fails
    sim = play(MORE + ",OK,UP,OK")
    assert sim.app.screen.values[2] == 0
    sim.keys("UP,UP,UP,UP,OK")
    state = sim.state()
    assert state["last_trace"] == {"strength": 4, "link": 4, "success": False}
    assert state["corp"]["credits"] == 4 and state["runner"]["credits"] == 1
    assert sim.app.screen.name == "trace_result"


def test_after_a_trace_in_a_run_the_player_is_back_at_the_run():
    """A trace started during a run (More, Trace) ends back on the dashboard with the run's
    bar, not in the More menu."""
    from host_tools.screens_catalog import RUNNER_RUN
    sim = play(RUNNER_RUN + ",WAIT:3000,LEFT,OK,OK,OK,OK")   # Trace (base 3), no boosts, a tag
    state = sim.state()
    assert state["last_trace"]["success"] and state["runner"]["tags"] == 1
    assert sim.app.screen.name == "dashboard" and sim.app.game.state.in_run()


def test_the_trace_wizard_opens_on_the_corps_boost_however_it_is_opened():
    """UP, UP in the wizard always means "the Corp boosts 2": from More > Trace and from the
    run's Trace cell alike (base 3); LEFT goes to the base."""
    from host_tools.screens_catalog import RUNNER_RUN
    for opening in (MORE + ",OK", RUNNER_RUN + ",WAIT:3000,LEFT,OK"):
        sim = play(opening + ",UP,UP")
        assert sim.app.screen.name == "trace", opening
        assert sim.app.screen.values == [3, 2, 0], opening
    sim.keys("LEFT,UP")                                      # back to the base: 4
    assert sim.app.screen.values == [4, 2, 0]


def test_the_trace_says_its_outcome_and_costs_before_it_is_done():
    from simhelp import where_shown
    sim = play(MORE + ",OK,UP,UP,OK,UP,UP,UP")               # 3+2 = 5 against link 0+3
    assert sim.app.game.count == 0                           # nothing done yet
    assert where_shown(sim, "Succeeds; hold OK: +1 tag")    # (5 and 3: the large numbers)
    assert where_shown(sim, "OK: Corp pays 2, Runner 3")
    sim.keys("UP,UP")                                        # the Runner boosts 5: a tie...
    assert where_shown(sim, "Fails: 5 vs link 5")            # ...beats it
    sim.keys("OK")
    assert sim.app.game.count == 1 and sim.app.screen.name == "trace_result"


def test_a_message_at_the_last_step_leaves_the_outcome_and_the_charge_in_sight():
    """Issue 35: a message never covers what OK will do. At the Runner's boost OK runs the
    trace: two keys together there say so over the large numbers, not over "OK: Corp pays"."""
    from simhelp import key_script
    sim = play(MORE + ",OK,UP,UP,OK,UP,UP,UP")               # 3+2 = 5 against link 0+3
    sim.keys(key_script([(("chord", "UP", "DOWN", 0, 100), 100)]))
    assert sim.app.toast == "Two keys at once: nothing done"
    assert where_shown(sim, "Two keys at once: nothing") and where_shown(sim, "done")
    from firmware.screens.fonts import MID
    assert where_shown(sim, "Trace") and where_shown(sim, "3", MID)   # what it adds up from
    assert where_shown(sim, "+2", MID) and where_shown(sim, "+3", MID)   # (12-px digits)
    assert where_shown(sim, "Succeeds; hold OK: +1 tag")
    assert where_shown(sim, "OK: Corp pays 2, Runner 3")
    assert sim.app.game.count == 0


def test_the_trace_result_follows_undo():
    sim = play(MORE + ",OK,UP,OK,OK")                        # a trace of 4 against link 0
    assert sim.app.screen.name == "trace_result" and sim.app.screen.title == "TRACE SUCCEEDS"
    sim.app.undo()                                           # undone, however
    sim.run(300)
    items = sim.app.screen.items(sim.app)
    assert sim.app.screen.title == "TRACE UNDONE" and [i.label for i in items] == ["Done"]
    assert sim.app.screen.header(sim.app) == ""


def test_a_held_ok_on_a_trace_that_succeeds_gives_the_tag_and_is_back_at_the_run():
    """Issue 60: a trace in a run turn took more presses than its token moves + 2. A held OK
    on the Runner's boost, where the line above says so, is the trace and its tag: back at the
    run, both said; one undo takes the tag back, the next the trace."""
    from host_tools.screens_catalog import RUNNER_RUN
    from engine_lite.logtext import log_lines
    sim = play(RUNNER_RUN + ",WAIT:3000,LEFT,OK,UP,UP,OK,UP,UP,UP")   # 3+2 = 5 against 0+3
    assert where_shown(sim, "Succeeds; hold OK: +1 tag")
    before = sim.state()
    sim.keys("LONG:OK")                   # past the key's first repeat: the shortcut
    sim.run(300)
    state = sim.state()
    assert state["runner"]["tags"] == 1 and state["last_trace"]["success"]
    assert state["corp"]["credits"] == before["corp"]["credits"] - 2
    assert (state["runner"]["credits"] + state["run"]["bp_credits"]     # (bad pub first)
            == before["runner"]["credits"] + before["run"]["bp_credits"] - 3)
    assert list(log_lines(sim.app.game))[-2:] == ["trace 3 2 3", "runner tags +1"]
    assert sim.app.screen.name == "dashboard" and sim.app.game.state.in_run()
    assert where_shown(sim, "Trace 5 vs 3: Runner took") and where_shown(sim, "1 tag")
    sim.keys("LONG:LEFT")
    assert sim.state()["runner"]["tags"] == 0 and sim.state()["last_trace"]["success"]


def test_a_slow_ok_on_a_trace_that_succeeds_is_a_tap_no_tag_given():
    """The tag is the bigger thing: it waits for the key's first repeat (0.8 s). A slow press,
    let go before it (650 ms), is the trace alone, as a tap: the result page offers the tag."""
    from host_tools.screens_catalog import RUNNER_RUN
    sim = play(RUNNER_RUN + ",WAIT:3000,LEFT,OK,UP,UP,OK,UP,UP,UP,HOLD:OK:650")
    sim.run(300)
    assert sim.state()["runner"]["tags"] == 0 and sim.state()["last_trace"]["success"]
    assert sim.app.screen.name == "trace_result" and sim.app.screen.title == "TRACE SUCCEEDS"


def test_a_held_ok_on_a_trace_that_fails_is_an_ok():
    """No tag where the trace fails: a held OK there shows the result, as OK does."""
    sim = play(MORE + ",OK,UP,UP,OK,UP,UP,UP,UP,UP")           # 5 against link 5: fails
    assert where_shown(sim, "Fails: 5 vs link 5")
    sim.keys("LONG:OK")
    sim.run(300)
    state = sim.state()
    assert state["last_trace"]["success"] is False and state["runner"]["tags"] == 0
    assert sim.app.screen.name == "trace_result" and sim.app.screen.title == "TRACE FAILS"
