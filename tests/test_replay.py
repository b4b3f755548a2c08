"""The replay tool, as a user runs it."""

import json
import subprocess
import sys

import pytest

GAME = """# a short game
corp gain-credit
corp install 2
corp end-turn
runner run hq       # bad publicity: none
runner steal 3
run success
trace 3 1 0
"""


def replay(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "host_tools.replay", *args], input=stdin,
                          capture_output=True, text=True)


def test_prints_the_documented_json(tmp_path):
    path = tmp_path / "game.log"
    path.write_text(GAME)
    result = replay(str(path))
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["turn"] == 1 and state["active"] == "runner"
    assert state["winner"] is None and state["win_reason"] is None
    assert state["agenda_target"] == 7
    assert state["corp"] == {"credits": 3, "clicks": 0, "clicks_per_turn": 3, "agenda_points": 0,
                             "bad_publicity": 0, "max_hand_size": 5, "rnd": None}
    assert state["runner"]["agenda_points"] == 3
    assert state["runner"]["clicks"] == 3
    assert set(state["runner"]) >= {"credits", "clicks", "agenda_points", "tags", "brain_damage",
                                     "max_hand_size", "link", "mu"}
    assert state["run"] is None
    assert state["last_trace"] == {"strength": 4, "link": 0, "success": True}


def test_reads_standard_input():
    result = replay("-", stdin="corp gain-credit\nrunner tags +1\n")
    state = json.loads(result.stdout)
    assert state["corp"]["credits"] == 6 and state["runner"]["tags"] == 1


def test_a_refused_line_stops_with_its_number():
    result = replay("-", stdin="corp gain-credit\n\n# comment\nrunner draw\ncorp draw\n")
    assert result.returncode == 1
    assert result.stderr.strip() == "line 4: Not the Runner's turn"
    assert result.stdout == ""


def test_a_malformed_line_stops_with_its_number():
    result = replay("-", stdin="corp gain-credit\ncorp juggle\n")
    assert result.returncode == 1
    assert result.stderr.strip() == "line 2: the corp has no action 'juggle'"


def test_keep_going_reports_and_skips_bad_lines():
    result = replay("--keep-going", "-", stdin="runner draw\ncorp gain-credit\ncorp juggle\ncorp gain 2\n")
    assert result.returncode == 0
    assert result.stderr.splitlines() == ["line 1: Not the Runner's turn",
                                          "line 3: the corp has no action 'juggle'"]
    assert json.loads(result.stdout)["corp"]["credits"] == 8


def test_missing_file_is_a_clear_error(tmp_path):
    result = replay(str(tmp_path / "nope.log"))
    assert result.returncode == 1
    assert "cannot read" in result.stderr


@pytest.mark.parametrize("name", ["damage.log", "trace.log"])
def test_scenarios_replay_to_their_final_expectations(name):
    # Scenario files are game logs; stripped of lines expected to be refused they replay cleanly.
    with open("tests/scenarios/" + name) as handle:
        lines = [l for l in handle if "# refused" not in l]
    result = replay("-", stdin="".join(lines))
    assert result.returncode == 0, result.stderr
