"""The game report (python -m host_tools.report): from a game log and from a save, the
summary a player reads and the chart."""

import json
import os

import pytest
from PIL import Image

from host_tools import report
from simhelp import play

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "docs", "example_game.log")


def test_the_example_game_in_the_readme_is_summed_up():
    summary = report.summarize(report.load(EXAMPLE))
    assert (summary["winner"], summary["win_reason"]) == ("corp", "time")
    assert summary["agenda_points"] == {"corp": 5, "runner": 3}
    assert summary["time_called"] and summary["time_called_in"] == "7C"
    assert summary["runs"]["HQ"] == {"success": 1, "fail": 1, "jack-out": 0}
    assert summary["runs"]["Remote 1"] == {"success": 0, "fail": 0, "jack-out": 1}
    assert summary["psi"] == [{"corp": 1, "runner": 2, "equal": False}]
    assert summary["traces"][0]["success"] is True
    assert summary["clicks"]["corp"]["advance"] == 7
    # Every click the Corp had was spent: 3 a turn for 7 turns.
    assert sum(summary["clicks"]["corp"].values()) == 21
    assert summary["tags"] == {"given": 1, "removed": 1, "now": 0}


def test_the_credits_add_up():
    summary = report.summarize(report.load(EXAMPLE))
    game = report.load(EXAMPLE)
    for side, player in (("corp", game.state.corp), ("runner", game.state.runner)):
        credits = summary["credits"][side]
        assert 5 + credits["gained"] - credits["spent"] == player.credits   # (no bad publicity)


def test_the_tool_prints_the_summary_and_writes_the_chart(tmp_path, capsys):
    chart = tmp_path / "chart.png"
    assert report.main([EXAMPLE, "--chart", str(chart)]) == 0
    out = capsys.readouterr().out
    assert "Game: 7 turns (rounds), 87 actions; Corp won (time), 5-3" in out
    assert "Runs on HQ        2: 1 successful, 1 failed, 0 jacked out" in out
    assert "Psi 1 vs 2: different" in out
    image = Image.open(chart)
    assert image.size[0] > 600 and len(image.convert("RGB").getcolors(100000)) > 10


def test_a_save_from_the_device_is_read_as_the_pico_reads_it(tmp_path, capsys):
    from host_tools.sim import Simulator
    sim = Simulator(save_dir=str(tmp_path))
    sim.keys("OK,OK,UP,UP,RIGHT,OK,WAIT:3000")   # two credits for clicks, then 2 points scored
    sim.settle()
    assert report.main([str(tmp_path), "--json", "--no-chart"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["agenda_points"]["corp"] == 2 and data["clicks"]["corp"] == {"gain-credit": 2}
    assert data["credits"]["corp"] == {"gained": 2, "spent": 0}
    assert report.main([str(tmp_path / "game.json"), "--no-chart"]) == 0   # the file names it too


def test_randomizers_and_damage_are_reported(tmp_path):
    log = tmp_path / "game.log"
    log.write_text("corp end-turn\nrunner damage meat 2\nrunner damage brain 1\n"
                   "# random: d6 rolled 4\nrunner tags +2\n")
    sim = play("")       # (the device's randomizer record comes through the history, below)
    summary = report.summarize(report.load(str(log)))
    assert summary["damage"] == {"meat": 2, "brain": 1} and summary["tags"]["given"] == 2
    from engine_lite.netrunner import actions as A
    sim.app.game.do((A.RANDOM, 0, 1, 6, 4))
    assert report.summarize(sim.app.game)["randomizers"] == ["d6 rolled 4"]


@pytest.mark.parametrize("content, message", [
    (None, "cannot read"),
    ("corp gain-credit\ncorp fly\n", "line 2: the corp has no action 'fly'"),
])
def test_what_cannot_be_read_is_said_in_one_line(tmp_path, capsys, content, message):
    path = tmp_path / "game.log"
    if content is not None:
        path.write_text(content)
    assert report.main([str(path), "--no-chart"]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_an_infiltration_game_is_reported_in_its_own_words(tmp_path, capsys):
    """Issue 59: the report reads every game of the registry (it refused all but Netrunner):
    where the game stands and each round in the game's words; no chart without its details."""
    path = tmp_path / "game.log"
    path.write_text("new-game infiltration 3\nalarm +2\nagent 1 advance\nnext-phase\n")
    assert report.main([str(path), "--chart", str(tmp_path / "c.png")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Game: Infiltration, 3 agents")
    assert "Alarm +2" in out and "Agent 1 advanced" in out
    assert not (tmp_path / "c.png").exists()


def test_a_folder_without_a_save_is_said(tmp_path, capsys):
    assert report.main([str(tmp_path), "--no-chart"]) == 1
    assert "no saved game" in capsys.readouterr().err


def test_a_browsers_one_file_export_is_reported_like_its_save_folder(tmp_path):
    import base64
    import json
    from host_tools.report import load
    from host_tools.sim import Simulator
    sim = Simulator(save_dir=str(tmp_path / "board"))
    sim.keys("OK,OK,WAIT:3000")
    sim.settle()
    files = dict((p.name, base64.b64encode(p.read_bytes()).decode())
                 for p in (tmp_path / "board").iterdir())
    bundle = tmp_path / "netclick-2026-12-01-1930.netclick"
    bundle.write_text(json.dumps({"netclick": "save", "version": 1, "files": files}))
    assert load(str(bundle)).state.pack() == load(str(tmp_path / "board")).state.pack()
    bad = tmp_path / "other.netclick"
    bad.write_text('{"name": "another app"}')
    import pytest
    from host_tools.report import ReportError
    with pytest.raises(ReportError, match="not a Netclick export"):
        load(str(bad))
