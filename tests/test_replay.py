"""The replay tool, as a user runs it."""

import json

from engine_lite.logtext import do_line
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


def _readme_json():
    """The README's example of the replay tool's JSON (its "Replay tool" section)."""
    import os
    text = open(os.path.join(os.path.dirname(__file__), "..", "README.md")).read()
    start = text.index("```json\n{\n  \"game\": \"netrunner\"")
    return text[start:text.index("```", start + 3)]


README_JSON = _readme_json()


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
    from engine_lite.netrunner.state import CORP_FIELDS, RUNNER_FIELDS
    for side, rows in (("corp", CORP_FIELDS), ("runner", RUNNER_FIELDS)):   # a key a number
        names = [row[0].replace("hand_size_mod", "max_hand_size") for row in rows]
        assert list(state[side]) == names
        for name in names:
            assert '"%s":' % name in README_JSON                             # as documented
    assert {key: state["corp"][key] for key in ("credits", "clicks", "max_hand_size", "rnd")} == {
        "credits": 3, "clicks": 0, "max_hand_size": 5, "rnd": None}
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


# ---- hostile files: never a traceback, always `line N: reason` ------------------------------

def replay_bytes(tmp_path, data, *args):
    path = tmp_path / "game.log"
    path.write_bytes(data)
    return subprocess.run([sys.executable, "-m", "host_tools.replay", *args, str(path)],
                          capture_output=True)


def problems(result):
    """The stderr lines, checked to be `line N: reason` with a short reason, no traceback."""
    text = result.stderr.decode("utf-8")
    assert "Traceback" not in text
    lines = text.splitlines()
    for line in lines:
        assert line.startswith("line "), line
        assert len(line) <= 120, line
        assert not [ch for ch in line if ord(ch) < 32 or 127 <= ord(ch) < 160], repr(line)
    return lines


@pytest.mark.parametrize("keep_going", [False, True])
@pytest.mark.parametrize("line,number", [
    ("corp gain ²", 2),                         # superscript: str.isdigit() but int() fails
    ("runner run remote²", 2),
    ("set agenda-target ³", 2),
    ("corp gain ٣", 2),                         # Arabic-Indic three: int() would read it
    ("corp gain ３", 2),                        # fullwidth three
    ("corp gain " + "9" * 5000, 2),             # past CPython's 4300-digit limit
    ("corp gain 1\x00\x00", 2),
    ("corp " + "x" * 10_000_000, 2),            # a 10 MB word
])
def test_bad_numbers_and_words_are_a_line_number_and_a_short_reason(tmp_path, line, number,
                                                                      keep_going):
    data = ("corp gain-credit\n" + line + "\ncorp gain-credit\n").encode("utf-8")
    args = ["--keep-going"] if keep_going else []
    result = replay_bytes(tmp_path, data, *args)
    lines = problems(result)
    assert len(lines) == 1 and lines[0].startswith("line %d: " % number), lines
    assert result.returncode == (0 if keep_going else 1)
    if keep_going:                              # the good lines on either side were played
        assert json.loads(result.stdout)["corp"]["clicks"] == 1


def test_a_file_that_is_not_utf8_is_reported_by_line(tmp_path):
    result = replay_bytes(tmp_path, b"corp gain-credit\ncorp gain \xff\xfe\ncorp gain-credit\n",
                          "--keep-going")
    assert problems(result) == ["line 2: not UTF-8 text"]
    assert json.loads(result.stdout)["corp"]["credits"] == 7


def test_a_byte_order_mark_does_not_spoil_line_one(tmp_path):
    result = replay_bytes(tmp_path, b"\xef\xbb\xbfcorp gain-credit\n")
    assert result.returncode == 0 and problems(result) == []
    assert json.loads(result.stdout)["corp"]["credits"] == 6


@pytest.mark.parametrize("separator", ["\u2028", "\x0c", "\x0b", "\x1c", "\x85"])
def test_only_newline_ends_a_line(tmp_path, separator):
    # In a comment, a separator that splitlines() would break on must not make a line of its own
    # (the text after it would run as an action, and every later line number would shift).
    text = "# note" + separator + "corp gain 5\ncorp gain-credit\nrunner draw\r\n"
    result = replay_bytes(tmp_path, text.encode("utf-8"))
    assert problems(result) == ["line 3: Not the Runner's turn"]
    assert result.returncode == 1


def test_the_simulator_key_script_refuses_unicode_digits_cleanly():
    from host_tools.keyscript import parse, KeyScriptError
    for script in ("WAIT:²", "HOLD:UP:٣", "WAIT:" + "9" * 5000, "WAIT:\x00"):
        with pytest.raises(KeyScriptError) as refused:
            parse(script)
        assert len(str(refused.value)) < 160
    result = subprocess.run([sys.executable, "-m", "host_tools.sim", "--headless",
                             "--keys", "OK,WAIT:²"], capture_output=True, text=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "cannot read 'WAIT:²'" in result.stderr


INFILTRATION = """# three agents, two escape, the police arrive
new-game infiltration 3 first 2
alarm +2
next-phase
agent 2 advance
security 5
agent 1 wound
agent 1 retreat
agent 1 escape
agent 3 escape
set proximity 98
security 1
agent 1 holdings 3 2
agent 3 holdings 4 1
"""


def test_prints_the_infiltration_json_of_the_issue(tmp_path):
    path = tmp_path / "infiltration.log"
    path.write_text(INFILTRATION)
    result = replay(str(path))
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert {k: state[k] for k in ("game", "round", "first_player", "phase", "alarm", "proximity",
                                  "ended", "winner")} == {
        "game": "infiltration", "round": 2, "first_player": 3, "phase": "selection", "alarm": 2,
        "proximity": 99, "ended": True, "winner": 3}    # 5 points each: 4 1 beats 3 2
    assert state["agents"] == [
        {"player": 1, "status": "escaped", "wounded": True, "delayed": True, "points": 5},
        {"player": 2, "status": "arrested", "wounded": False, "delayed": False, "points": None},
        {"player": 3, "status": "escaped", "wounded": False, "delayed": False, "points": 5}]


def test_an_infiltration_log_line_refused_names_its_line(tmp_path):
    path = tmp_path / "bad.log"
    path.write_text("new-game infiltration 2\nagent 1 wound\nagent 1 wound\n")
    result = replay(str(path))
    assert result.returncode == 1 and "line 3: Agent 1 is already wounded" in result.stderr


def test_an_infiltration_game_saves_and_loads_with_its_history():
    from engine_lite.game import Game
    from engine_lite import snapshot
    game = Game()
    for line in INFILTRATION.splitlines():
        do_line(game, line)
    game.undo()
    loaded = snapshot.loads(snapshot.dumps(game))
    assert loaded.rules.NAME == "infiltration" and loaded.state.pack() == game.state.pack()
    assert loaded.history == game.history and loaded.start == game.start
    assert loaded.redo_stack == [(12, 0, 3, (4, 1), 0)]
    assert json.loads(snapshot.dumps(game))["game"] == "infiltration"
