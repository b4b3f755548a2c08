"""Issue 59: a game is one package. Tally (tests/tally: its rules, words, home screen and entry)
is added by its package alone, and it is in every More menu's New rows, plays, saves, resumes
after a power cut, undoes and reports, with nothing of the tracker changed for it."""

import pytest

from engine_lite import game as engine_game
from firmware import games
from glass_reader import glass_text
from host_tools import report
from host_tools.sim import Simulator
from simhelp import choose


@pytest.fixture
def tally(monkeypatch):
    """Tally registered for this test only (the registries as they were after it)."""
    from host_tools.sim import install_standins
    install_standins()
    import firmware.app    # noqa: F401 (Netrunner and Infiltration register when it is imported)
    monkeypatch.setattr(engine_game, "GAMES", list(engine_game.GAMES))
    monkeypatch.setattr(games, "KINDS", list(games.KINDS))
    from tally import screen
    screen.register()
    return screen


def test_a_third_game_from_its_own_package_plays_saves_resumes_undoes_and_reports(tally, tmp_path):
    board = str(tmp_path / "board")
    sim = Simulator(save_dir=board)
    sim.keys("OK,WAIT:300")                               # a Netrunner game with a move in it
    menu = choose(sim, "More").app.screen
    labels = [item.label for item in menu.items(sim.app)]
    assert labels[-3:] == ["New game", "New Infiltration", "New Tally"]
    sim.keys("LEFT,WAIT:100")
    choose(sim, "More", "New Tally").keys("LONG:OK,WAIT:300")
    assert sim.app.screen.name == "tally"
    sim.keys("OK,WAIT:200,OK,WAIT:200,OK,WAIT:2000")
    assert sim.app.game.state.count == 3 and "3" in glass_text(sim.oled)
    sim.settle()
    again = Simulator(save_dir=board)                     # power cut, power up: the same game
    again.run(300)
    assert again.app.game.rules.NAME == "tally" and again.app.game.state.count == 3
    assert "TALLY" in glass_text(again.oled)
    again.keys("LONG:LEFT,WAIT:300")                      # undo
    assert again.app.game.state.count == 2
    again.settle()
    summary = report.summarize(report.load(board))
    assert summary["headline"] == "Tally at 2" and summary["turns"] == [["The tally", "Added 1",
                                                                         "Added 1"]]
    # ... and the Netrunner game it replaced is kept: undo reaches back to it
    again.keys("LONG:LEFT,WAIT:300,LONG:LEFT,WAIT:300,LONG:LEFT,WAIT:500")
    assert again.app.game.rules.NAME == "netrunner" and again.app.game.state.corp.credits == 6


def test_from_the_third_games_screen_the_other_games_new_rows_are_its_own(tally):
    """Each game's More menu lists the others: the Infiltration monitor's has New Tally too."""
    sim = Simulator()
    choose(sim, "More", "New Infiltration").keys("OK,OK,OK,WAIT:300")
    assert sim.app.game.rules.NAME == "infiltration"
    menu = choose(sim, "More").app.screen
    assert [item.label for item in menu.items(sim.app)][-3:] == [
        "New Infiltration", "New Netrunner", "New Tally"]
