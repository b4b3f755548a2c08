"""The game log (firmware/screens/log): by turn, in words."""

from engine_lite.logtext import do_line
from simhelp import play, choose


def test_the_game_log_reads_by_turn_in_words_with_a_summary_of_each_turn():
    # Corp: two credits, a draw, End; Runner: a run on HQ, access, done, 3 credits, End; Corp:
    # an install for 2. Then the log: it opens on the newest lines.
    sim = play("OK,OK,LEFT,OK,LONG:OK,RIGHT,OK,WAIT:1000,OK,WAIT:1000,OK,OK,OK,OK,"
               "LONG:OK,DOWN,DOWN,OK")
    choose(sim, "More", "Game log")
    screen = sim.app.screen
    assert screen.name == "log"
    shown = screen._window(sim.app.game)
    assert shown[-2:] == ["Turn 2: Corp", "Corp installed for 2"]
    assert "= 4 clicks, +3 -0 cr, 1" in shown and "  run" in shown      # the Runner's turn
    sim.keys("HOLD:UP:3000")                                 # to the top
    shown = screen._window(sim.app.game)
    assert shown[:4] == ["Turn 1: Corp", "Corp took 1 credit", "Corp took 1 credit", "Corp drew"]
    told = " ".join(line.strip() for line in screen._lines(sim.app.game, 0))
    assert told.endswith("Corp ended the turn = 3 clicks, +2 -0 cr, 1 drawn")


def test_the_log_of_a_long_game_opens_on_its_last_turn_and_scrolls_back_to_its_first():
    """A 60-round game: the log opens on turn 61 having walked only its newest actions (from
    the last checkpoint), and scrolling up reaches back a checkpoint at a time: every turn's
    header comes once, in order, down to Turn 1."""
    from firmware.board.buttons import PRESS
    from host_tools.scripted_game import scripted_game
    sim = play("")
    for line in scripted_game(60):
        do_line(sim.app.game, line)
    choose(sim, "More", "Game log")
    screen = sim.app.screen
    game = sim.app.game
    assert screen.name == "log" and screen._window(game)[-1] == "Turn 61: Corp"
    assert len(screen.starts) < 10                 # not the 121 turns of the whole game
    headers = [line for line in screen._window(game) if line.startswith("Turn ")]
    for _ in range(2000):                          # UP a line at a time, to the top
        shown = screen._window(game)
        if shown[0].startswith("Turn ") and shown[0] != headers[0]:
            headers.insert(0, shown[0])
        screen.on_button(sim.app, "UP", PRESS)
        if screen._window(game) == shown:
            break
    expected = ["Turn %d: %s" % (n, side) for n in range(1, 61) for side in ("Corp", "Runner")]
    assert headers == expected + ["Turn 61: Corp"]
    assert screen._window(game)[:2] == ["Turn 1: Corp", "Corp took 1 credit"]


def test_redo_on_the_game_log_screen_redraws_the_log_not_restart_the_tracker():
    """An undo or redo while the log is open (it was: hold LEFT twice, a ValueError, a
    restart): the log reads the game again. Held LEFT now leaves the log; held RIGHT redoes
    from any screen."""
    sim = play("OK,OK,LEFT,LEFT,LEFT,LONG:OK,OK,WAIT:3000,OK,WAIT:1000,LONG:LEFT,WAIT:500")
    choose(sim, "More", "Game log")
    sim.run(1000)
    assert sim.app.screen.name == "log"
    count = sim.app.game.count
    sim.keys("LONG:RIGHT,WAIT:500")
    assert sim.resets == 0 and sim.app.screen.name == "log"
    assert sim.app.game.count == count + 1
    assert sim.app.screen._read[1] == count + 1          # the log read what is there now
