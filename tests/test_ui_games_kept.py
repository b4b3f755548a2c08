"""Nothing is thrown away: the win screen, a new game, Previous games, undo across games."""

from simhelp import play, choose
from host_tools.keyscript import parse


def test_winning_shows_the_win_screen_and_undo_plays_on():
    sim = choose(play(""), "More", "Agenda points", "Corp scores")
    sim.keys("HOLD:UP:700,HOLD:UP:700,DOWN,OK")                     # 2, two holds, 7 points
    assert sim.app.screen.name == "confirm" and sim.state()["winner"] is None   # asks first
    sim.keys("OK,OK,OK")                                    # no run of OK presses wins
    assert sim.app.screen.name == "confirm" and sim.state()["winner"] is None
    assert sim.app.toast == "Hold OK to confirm"
    sim.keys("LONG:OK")                                     # a held OK does
    assert sim.state()["winner"] == "corp" and sim.app.screen.name == "win"
    sim.keys("OK")
    assert sim.app.screen.name == "confirm"
    sim.keys("LEFT,LONG:LEFT")
    assert sim.state()["winner"] is None and sim.app.screen.name == "dashboard"


def test_undo_reaches_across_a_new_game_and_back():
    sim = play("OK,OK,UP,RIGHT,RIGHT,OK,WAIT:3000")          # credits, a tag
    before = sim.app.game.state.pack()
    count = sim.app.game.count
    choose(sim, "More", "New game").keys("LONG:OK,WAIT:500")   # New game, confirmed
    assert sim.app.game.count == 0 and "Hold < to get the last one back" in sim.app.toast
    sim.keys("LONG:LEFT,WAIT:500")                           # nothing to undo: the last game
    assert sim.app.game.state.pack() == before and sim.app.game.count == count
    assert sim.app.toast.startswith("Back to the previous game")
    sim.keys("LONG:LEFT")                                    # and undo goes on inside it
    assert sim.app.game.count == count - 1


def test_ok_ok_on_a_win_screen_starts_a_new_game_that_undo_brings_back():
    sim = choose(play(""), "More", "Agenda points", "Corp scores")
    sim.keys("UP,UP,UP,UP,UP,OK,LONG:OK,WAIT:3000")         # 7 points: the Corp wins
    assert sim.app.screen.name == "win"
    won = sim.app.game.state.pack()
    sim.keys("OK,OK,WAIT:300")                               # OK, OK: asks, starts nothing
    assert sim.app.game.state.pack() == won and "Hold OK" in sim.app.toast
    sim.keys("LONG:OK,WAIT:3000")                            # a held OK: a new game
    assert sim.app.game.count == 0 and sim.app.game.state.winner < 0
    sim.keys("LONG:LEFT,WAIT:500")
    assert sim.app.game.state.pack() == won
    sim.keys("LONG:LEFT,WAIT:500")                           # undo the win itself
    assert sim.app.game.state.winner < 0 and sim.app.toast == "Undid: Corp scored 7 points"


def test_new_infiltration_asks_before_replacing_a_game_and_keeps_it():
    sim = play("OK,OK")
    count = sim.app.game.count
    choose(sim, "More", "New Infiltration")
    assert sim.app.screen.name == "confirm" and sim.app.game.rules.NAME == "netrunner"
    sim.keys("LONG:OK,OK,OK,OK,WAIT:3000")                   # yes; 3 players; as picked
    assert sim.app.game.rules.NAME == "infiltration"
    sim.keys("LONG:LEFT,WAIT:500")                           # the Netrunner game comes back
    assert sim.app.game.rules.NAME == "netrunner" and sim.app.game.count == count


def test_only_the_last_three_games_are_kept():
    from firmware.saving.archive import NAMES
    sim = play("")
    from engine_lite.logtext import parse
    for n in range(5):
        # a game of its own (games alike in every number are one game, kept once), then a new one
        sim.app.act(parse("corp gain %d" % (n + 1)))
        choose(sim, "More", "New game").keys("LONG:OK,WAIT:500")
    from firmware.saving.archive import KEEP, entries
    kept = [name for name in NAMES if sim.flash.exists(name)]
    assert len(kept) == KEEP == len(entries(sim.flash))


def test_previous_games_lists_the_kept_games_and_brings_one_back_keeping_the_one_in_play():
    from firmware.saving.archive import entries
    sim = play("OK,OK,WAIT:2000")                            # game 1: two credits
    choose(sim, "More", "New game").keys("LONG:OK,WAIT:2000")   # New game (kept: game 1)
    sim.keys("OK,WAIT:2000")                                 # game 2: one credit
    choose(sim, "More", "Previous games")
    sim.run(300)
    assert sim.app.screen.name == "previous"
    assert [(i.label, i.note) for i in sim.app.screen.items(sim.app)] == [("Turn 1", "0-0 pts")]
    sim.keys("OK")
    assert sim.app.screen.name == "confirm"                  # asks first
    sim.keys("LONG:OK,WAIT:3000")
    assert sim.app.game.state.corp.credits == 7              # game 1 is back ...
    kept = entries(sim.flash)
    assert [game.state.corp.credits for _n, game, _s in kept] == [6]   # ... game 2 kept instead
    sim.keys("LONG:LEFT,WAIT:300")                           # and game 1's undo still works
    assert sim.app.game.state.corp.credits == 6 and sim.app.game.count == 1


def test_previous_games_says_when_there_are_none():
    sim = choose(play(""), "More", "Previous games")
    sim.keys("WAIT:300,OK")
    assert sim.app.screen.name == "previous" and "replaces" in sim.app.toast


def test_a_kept_game_whose_history_cannot_be_rebuilt_is_listed_and_refused_when_chosen():
    # Previous games reads each kept file only as far as its line (its state). One whose history
    # is damaged (a file with a right checksum, from a faulty build, say) is listed; choosing it
    # says so, and changes nothing: the game in play stays, and the file stays as it is.
    import json
    from firmware.saving.archive import NAMES
    from firmware.saving.header import frame, unframe
    from firmware.saving.storage import checksum
    sim = play("OK,OK,WAIT:2000")
    choose(sim, "More", "New game").keys("LONG:OK,WAIT:2000")
    sim.keys("OK,WAIT:2000")
    name = [name for name in NAMES if sim.flash.exists(name)][0]
    order, _, start = unframe(sim.flash.read(name))
    data = json.loads(sim.flash.read(name)[start:])
    data["history"] = "!!!!"
    text = json.dumps(data).encode()
    sim.flash.files[name] = frame(order, text, checksum(text))
    kept = sim.flash.read(name)
    before = sim.app.game.state.pack()
    choose(sim, "More", "Previous games")
    sim.run(300)
    assert [(i.label, i.note) for i in sim.app.screen.items(sim.app)] == [("Turn 1", "0-0 pts")]
    sim.keys("OK,LONG:OK,WAIT:500")
    assert sim.app.screen.name == "dashboard" and "could not be read back" in sim.app.toast
    assert sim.app.game.state.pack() == before and sim.flash.read(name) == kept


def test_previous_games_opens_at_once_and_then_shows_the_kept_games():
    # Reading the kept files takes a Pico some 50 ms: the tap is answered first, by the menu's
    # title and "Reading...", and the list follows with no key pressed.
    from glass_reader import glass_text
    sim = play("OK,OK,WAIT:2000")
    choose(sim, "More", "New game").keys("LONG:OK,WAIT:2000")
    read = sim.flash.read
    seen = []

    def read_and_look(name):
        if name.startswith("prev"):
            seen.append(glass_text(sim.oled))      # what the glass shows while it is read
        return read(name)
    sim.flash.read = read_and_look
    choose(sim, "More", "Previous games")
    sim.run(100)
    assert seen and all("PREVIOUS GAMES" in text and "Reading" in text for text in seen)
    assert "Turn 1" in glass_text(sim.oled) and "Reading" not in glass_text(sim.oled)


def glass(sim):
    from glass_reader import glass_text
    return glass_text(sim.oled).replace("\n", " ")


def _link_of_new_game(sim):
    from engine_lite.logtext import log_text
    return log_text(sim.app.game).splitlines()[1].split("runner-link ")[1].split()[0]


def test_the_new_game_question_takes_the_runners_link_for_that_game_only():
    """Issue 60: a new game with the Runner's link 1 from a game in play took 12 presses (More,
    New game, a held OK, then UP, RIGHT x3, OK on the new dashboard). The question takes the
    link: UP/DOWN change it on the glass, a held OK starts the game with it, and the setting
    (the next question's start) is left as it was."""
    sim = play("OK,OK")
    choose(sim, "More", "New game")
    assert "Runner link: 0" in glass(sim)
    sim.keys("UP,UP,DOWN")
    assert "Runner link: 1" in glass(sim) and sim.app.game.count == 2   # nothing yet
    sim.keys("LONG:OK,WAIT:500")
    assert sim.app.game.count == 0 and _link_of_new_game(sim) == "1"
    assert sim.app.game.state.runner.link == 1 and sim.app.settings.runner_link == 0
    sim.keys("OK,LEFT,LEFT,LONG:OK")           # a held OK on More: the question, link from 0
    assert sim.app.screen.name == "confirm" and "Runner link: 0" in glass(sim)
    sim.keys("DOWN,LEFT")                     # (0 is the least) LEFT: no new game
    assert sim.app.screen.name == "dashboard" and sim.app.game.count == 1


def test_a_held_ok_on_more_asks_and_a_win_screen_takes_the_link_too():
    sim = play("OK")
    sim.keys("LEFT,LEFT,HOLD:OK:900")
    assert sim.app.screen.name == "confirm" and sim.app.game.count == 1   # only asks
    sim.keys("UP,UP,LONG:OK,WAIT:500")
    assert sim.app.game.state.runner.link == 2 and sim.app.game.count == 0
    sim.keys("LEFT,LEFT,HOLD:OK:700")         # a slow press on More is a tap: the menu
    assert sim.app.screen.name == "more"
    sim.keys("LEFT,UP,UP,UP,UP,UP,UP,UP,RIGHT,OK,WAIT:500,LONG:OK,WAIT:500")   # 7 points: a win
    assert sim.app.screen.name == "win"
    sim.keys("OK,UP,LONG:OK,WAIT:500")        # the win screen's question: 3 presses
    assert sim.app.game.state.winner < 0 and sim.app.game.state.runner.link == 1


def test_a_game_replaced_while_saves_fail_comes_back_from_memory_and_a_power_cut_loses_neither():
    """Found by tests/test_kept_games_player.py (seed 30489): no room on the flash for a kept
    game, undo across the game in play (B) brings the kept one (A) back, and B's copy in the
    archive fails ("Save failed"); B, listed first in Previous games (still in memory), is
    brought back. That took B out of the games to keep before the save it made, which wrote A
    over game.json, B's only copy on the flash: a power cut then lost B. Now, whatever flash
    step a power cut comes at, both games are there after it."""
    import errno
    from engine_lite import logtext
    from host_tools.flash import MemoryFlash, PowerCutFlash, PowerCut
    from host_tools.sim import Simulator
    from test_kept_games_player import recoverable, present

    class NoRoomForAKeptGame(PowerCutFlash):
        def _store(self, name, before, data):
            if name.startswith("prev"):
                raise OSError(errno.ENOSPC, "flash full")
            PowerCutFlash._store(self, name, before, data)

    start = MemoryFlash()
    sim = Simulator(flash=start)
    sim.app.act(logtext.parse("corp gain 4"))                      # A
    choose(sim, "More", "New game").keys("LONG:OK")
    sim.app.act(logtext.parse("runner gain 6"))                    # B
    sim.settle()
    files = dict(start.files)
    games = recoverable(files)
    assert len(games) == 2
    cut = 0
    while True:
        cut += 1
        flash = NoRoomForAKeptGame(files=dict(files), cut_at=cut)
        try:
            sim = Simulator(flash=flash)
            sim.keys("LONG:LEFT,WAIT:200,LONG:LEFT,WAIT:200")        # undo, then across: A
            assert sim.app.game.state.corp.credits == 9 and "Save failed" in sim.app.toast
            choose(sim, "More", "Previous games").keys("WAIT:50,OK,LONG:OK,WAIT:3000")
            assert sim.app.game.state.corp.credits == 5 and sim.app.game.redo_stack    # B
            flash.cut_at = None
            done = True
        except PowerCut:
            done = False
        found = recoverable(dict(flash.files))
        assert all(present(game, found) for game in games), "a game lost at flash step %d" % cut
        if done:
            break
    assert cut > 3
