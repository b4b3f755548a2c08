"""Infiltration: the security monitor (firmware/infiltration/)."""

from engine_lite.logtext import log_lines
from simhelp import play, where_shown, choose


def test_a_three_player_infiltration_game_is_played_to_its_end():
    from host_tools.screens_catalog import INFILTRATION
    sim = play(INFILTRATION)
    state = sim.state()
    assert state["game"] == "infiltration" and sim.app.screen.name == "monitor"
    assert len(state["agents"]) == 3 and state["round"] == 1
    sim.app.random = iter([5, 200, 3, 1]).__next__          # the dice: 6, 3, 4, 2
    # Round 1: Alarm +1, the phases, the roll: proximity 0 + 6 + 1.
    sim.keys("RIGHT,RIGHT,UP,LEFT,LEFT,OK,OK,OK,OK")        # a tap on Roll rolls nothing
    assert sim.state()["round"] == 1 and "Hold OK" in sim.app.toast
    sim.keys("LONG:OK")
    state = sim.state()
    assert state["proximity"] == 7 and state["round"] == 2 and state["phase"] == "selection"
    from firmware.infiltration.monitor import phase_prompt
    assert sim.app.screen.rolled == (2, "Rolled 6: 0+6+1=7")   # shown in the phase's row
    # Agent 2 is wounded, then retreats: delayed, and the monitor says so at Selection.
    choose(sim, "Agents", "Agent 2", "Wound")                # (back home after each)
    choose(sim, "Agents", "Agent 2", "Retreat")
    assert sim.state()["agents"][1] == {"player": 2, "status": "inside", "wounded": True,
                                        "delayed": True, "points": None}
    sim.keys("OK,OK,OK,LONG:OK,WAIT:3000")                  # round 2's roll: 7 + 3 + 1
    assert sim.state()["proximity"] == 11
    assert sim.app.screen.name == "monitor"
    # Agent 2 may not retreat now: refused, with the reason.
    from firmware.infiltration.monitor import phase_prompt
    assert phase_prompt(sim.app.game.state) == "Pick cards. Delayed: 2"
    choose(sim, "Agents", "Agent 2", "Retreat")
    assert sim.app.toast == "! Agent 2 is delayed: no Advance or Retreat this round"
    sim.keys("LEFT,LEFT")                                    # back to the monitor
    # Agents 1 and 3 escape, agent 2 is arrested: the end, and the ranking screen.
    choose(sim, "Agents", "Agent 1", "Escape")
    choose(sim, "Agents", "Agent 3", "Escape")
    choose(sim, "Agents", "Agent 2", "Arrest")
    assert not sim.state()["ended"] and sim.app.screen.name == "confirm"   # the end asks first
    sim.keys("LONG:OK")
    assert sim.state()["ended"] and sim.app.screen.name == "infiltration_end"
    sim.keys("OK,UP,OK,RIGHT")                               # agent 1: one token of 2
    sim.keys("OK,OK,OK,RIGHT")                               # agent 3: two tokens of 1
    state = sim.state()
    assert [a["points"] for a in state["agents"]] == [2, None, 2] and state["winner"] == 1
    from firmware.infiltration.monitor_menus import tie_break
    assert tie_break(sim.app.game.state) == "Tie at 2: 2 beats 1"
    # Undo works across the end: the holdings go, then the game is on again.
    sim.keys("LONG:LEFT,LONG:LEFT,LONG:LEFT")
    assert not sim.state()["ended"] and sim.app.screen.name == "monitor"


def test_an_infiltration_game_resumes_after_a_power_cut():
    from host_tools.screens_catalog import INFILTRATION
    from host_tools.sim import Simulator
    sim = play(INFILTRATION + ",RIGHT,RIGHT,UP,UP,RIGHT,UP,UP,UP,WAIT:2000")
    before = sim.state()
    assert before["alarm"] == 2 and before["proximity"] == 3
    again = Simulator(flash=sim.flash)
    assert again.state() == before and again.app.screen.name == "monitor"
    assert again.app.toast.startswith("Resumed")


def test_the_monitor_at_its_limits_clips_nothing(monkeypatch):
    from test_limits import TextBoxes
    from engine_lite.game import Game
    from engine_lite.infiltration import rules as I
    sim = play("")
    state = I.new_game(6, 6)
    state.round, state.phase, state.alarm, state.proximity = 999, 3, 9, 98
    for agent in state.agents[:3]:
        agent.wounded, agent.delayed_round = 1, 999
    state.agents[4].status = I.ESCAPED
    state.agents[5].status = I.ARRESTED
    boxes = TextBoxes(monkeypatch)
    from firmware.games import start_game
    start_game(sim.app, Game(state, I))
    sim.app.render()
    assert boxes.problems() == []


def test_the_first_player_is_picked_at_random_and_can_be_set():
    sim = choose(play(""), "More", "New Infiltration")
    sim.keys("UP,OK")                                        # 4 players
    picked = sim.app.screen.value
    assert sim.app.screen.name == "number" and 1 <= picked <= 4
    sim.keys("UP" if picked < 4 else "DOWN")
    sim.keys("OK,DOWN,OK")                                   # the die stays with the first
    state = sim.state()
    assert len(state["agents"]) == 4
    first = picked + 1 if picked < 4 else picked - 1
    assert state["first_player"] == first
    assert list(log_lines(sim.app.game)) == []               # a fresh game
    sim.keys("OK,OK,OK,LONG:OK")                             # a round: the die stayed
    assert sim.state()["first_player"] == first and sim.state()["round"] == 2


def test_an_infiltration_game_has_its_log_by_round_in_words():
    """More > Game log on the security monitor: the game by round ("Round 1" lit), each action
    in Infiltration's words."""
    import sys
    from simhelp import where_shown
    from host_tools.screens_catalog import INFILTRATION
    sim = choose(play(INFILTRATION + ",RIGHT,RIGHT,UP,UP,RIGHT,UP"), "More", "Game log")
    assert sim.app.screen.name == "log"
    assert where_shown(sim, "Alarm +1") and where_shown(sim, "Proximity +1")
    lines = sim.app.screen._window(sim.app.game)
    assert lines[0] == "Round 1" and sim.app.screen._headers == [0]
    sim.keys("LEFT,LEFT")
    assert sim.app.screen.name == "monitor"
    # A security roll ends a round: the next actions are under "Round 2".
    from engine_lite.game import Game
    from engine_lite.infiltration import rules as I
    game = Game(I.new_game(3, 1), I)
    for act in [(I.NEXT_PHASE, 0, 0, 0, 0)] * 3 + [(I.SECURITY, 0, 2, 0, 0), (I.ALARM, 0, 1, 0, 0)]:
        game.do(act)
    assert I.turn_starts(game) == [(0, 0, 1, 0), (4, 0, 2, game.offset_of(4))]
