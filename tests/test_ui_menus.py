"""The menus (firmware/netrunner/menus.py): Acts, More and what they open - counters, damage,
settings, a new game - chosen by their words (simhelp.choose)."""

import pytest

from engine_lite.logtext import log_lines
from simhelp import play, choose, NATIVE, NOT_AT_POWER_UP, device_module_names
from host_tools.screens_catalog import MORE, ACTS


def test_new_game_needs_confirmation():
    sim = choose(play("OK"), "More", "New game")
    sim.keys("LEFT")
    assert sim.state()["corp"]["credits"] == 6       # declined: back in the More menu
    assert sim.app.screen.name == "more"
    sim.keys("OK,OK,WAIT:300")                          # a tap: it says to hold OK
    assert sim.app.game.count == 1 and "Hold OK" in sim.app.toast
    sim.keys("LONG:OK")
    assert sim.state()["corp"]["credits"] == 5 and sim.app.game.count == 0


def test_counters_can_be_set_by_hand():
    sim = choose(play(""), "More", "Counters", "Tags")
    sim.keys("UP,UP,OK")
    assert sim.state()["runner"]["tags"] == 2


def test_settings_change_the_agenda_target_of_this_game():
    sim = choose(play(""), "More", "Settings", "Agenda target")
    sim.keys("DOWN,OK")
    assert sim.state()["agenda_target"] == 6 and sim.app.settings.agenda_target == 6


def test_costs_and_credits_on_the_overlays_are_said_in_words_a_new_player_reads(monkeypatch):
    """No "1c2cr" or "C5cr R5cr": the actions' cost column is headed "click+cr" and reads
    "1+2" (a click and 2 credits); the trace says whose credits it shows, for the side whose
    number is lit."""
    import re
    from firmware.netrunner import trace
    titles = []
    monkeypatch.setattr(trace, "title_bar", lambda fb, left, right="": titles.append(right))
    sim = play(ACTS)
    menu = sim.app.screen
    assert menu.header(sim.app) == "click+cr"
    notes = [item.note for item in menu.items(sim.app)]
    assert "1+X" in notes and all(re.match(r"^([0-9X](\+[0-9X])?)?$", note) for note in notes)
    sim = play(MORE + ",OK,OK")                         # the trace: Corp boost, Runner's
    assert titles[0] == "Corp has 5 cr" and titles[-1] == "Runner has 5 cr"


def meat(sim, keys):
    """More > Tags & damage > Meat damage, then `keys` in its prompt."""
    choose(sim, "More", "Tags & damage", "Meat damage")
    sim.keys(keys)
    return sim


def test_a_new_game_follows_the_grip_so_a_damage_flatline_is_recognised():
    sim = play("")
    assert sim.app.game.state.runner.grip == 5                 # the start hand
    meat(sim, "UP,UP,UP,UP,UP,OK")                             # 6 meat damage against 5 cards
    assert sim.app.screen.name == "flatline" and sim.app.game.count == 0
    sim.keys("OK")                                             # a tap is not enough
    assert sim.app.game.state.winner < 0 and "Hold OK" in sim.app.toast
    sim.keys("LONG:OK,WAIT:500")
    assert sim.state()["winner"] == "corp" and sim.state()["win_reason"] == "flatline"
    assert sim.app.screen.name == "win"


def test_when_the_grips_count_is_off_the_flatline_question_lets_the_player_fix_it():
    sim = meat(play(""), "UP,UP,UP,UP,UP,OK,LEFT")             # "flatlined?" no: the count
    assert sim.app.screen.name == "number"
    sim.keys("UP,UP,OK,WAIT:300")                              # 7 cards really in the grip
    s = sim.app.game.state
    assert s.winner < 0 and s.runner.grip == 1 and sim.app.screen.name == "dashboard"
    assert "hand 7 to 1" in sim.app.toast
    assert list(log_lines(sim.app.game))[-2:] == ["runner grip 7", "runner damage meat 6"]


def test_following_the_grip_is_a_setting_for_new_games():
    sim = choose(play(""), "More", "Settings", "Follow grip")   # off
    assert sim.app.settings.track_grip == 0
    assert sim.app.game.state.runner.grip == 5                 # this game keeps its count
    sim.keys("LEFT,LEFT")                                        # out, then New game
    choose(sim, "More", "New game")
    sim.keys("LONG:OK,WAIT:500")
    assert sim.app.game.state.runner.grip == -1
    meat(sim, "UP,UP,UP,UP,UP,OK,WAIT:300")                    # 6 damage: could flatline
    assert sim.app.screen.name == "flatline" and sim.app.game.count == 0   # asked (issue 35)
    sim.keys("LEFT,WAIT:300")                                   # no: trash at random
    assert sim.app.game.state.winner < 0 and "at random" in sim.app.toast
    meat(sim, "UP,UP,UP,UP,UP,OK,WAIT:300,LONG:OK,WAIT:300")   # yes: flatlined (MEAT
    # works again: leaving a menu puts the cursor home)
    assert sim.state()["winner"] == "corp" and sim.state()["win_reason"] == "flatline"


def test_the_leak_checks_navigation_changes_nothing_in_the_game():
    """make bench's growth check presses these keys a thousand times and takes any heap kept as
    a leak: they must only open screens and go back, never act (an OK on a number back at 0
    installs a card costing 0, and the history would grow instead)."""
    from host_tools.scripted_game import scripted_keys, NAVIGATION_CYCLE
    sim = play(",".join(scripted_keys(3)))
    before = sim.state()
    sim.keys(",".join(NAVIGATION_CYCLE * 3))
    assert sim.state() == before and sim.app.screen.name == "dashboard"
    assert sim.app.screen.pending is None


def test_power_up_imports_the_whole_tracker_and_no_key_imports_more():
    """Issue 59 (one memory model): the image holds the whole tracker from power-up, modules
    importing what they use at the top of the file. Importing firmware.main (the board's
    main.py) loads every device module but those simhelp.NOT_AT_POWER_UP names; then no key script of the
    screens catalog, the goldens' every screen, imports anything more. (Before, screens and
    rarer verbs were loaded when used and let go on the way home: issue 37 found them
    imported inside presses, and a list of what each OK would open had to be kept.)"""
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    probe = (
        "import sys\n"
        "from host_tools.sim import install_standins\n"
        "install_standins()\n"
        "import firmware.main\n"
        "at_power_up = set(sys.modules)\n"
        "from host_tools.screens_catalog import SCREENS\n"
        "from host_tools.sim import Simulator\n"
        "before = set(sys.modules)\n"
        "for row in SCREENS:\n"
        "    Simulator().keys(row[2])\n"
        "late = sorted(m for m in set(sys.modules) - before\n"
        "              if m.startswith(('firmware', 'engine_lite')))\n"
        "print(repr((sorted(m for m in at_power_up if m.startswith(('firmware', 'engine_lite'))),"
        " late)))\n")
    out = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=root), check=True)
    loaded, late = eval(out.stdout.strip().splitlines()[-1])
    # (a host has flash_journal, not the image's C module keyed_erase imports)
    assert sorted(device_module_names() - set(loaded) - NATIVE) == sorted(
        NOT_AT_POWER_UP | {"firmware.board.keyed_erase"})
    assert late == []


def test_the_corps_actions_keep_their_places_when_the_runner_is_tagged():
    """Issue 60: tagged, Trash resource came first, and RIGHT, RIGHT, OK, OK trashed a resource
    instead of purging; the ice recipe installed for 2 and took a credit."""
    untagged = choose(play(""), "Acts")
    tagged = choose(play("UP,RIGHT,RIGHT,OK,WAIT:3000"), "Acts")     # the Runner takes a tag
    assert tagged.app.game.state.runner.tags == 1
    labels = lambda sim: [item.label for item in sim.app.screen.items(sim.app)]
    assert labels(tagged) == labels(untagged)
    assert labels(tagged)[0] == "Purge viruses"


def test_a_purge_with_no_virus_counters_asks_and_a_run_of_oks_spends_nothing():
    """Issue 60: Acts, OK, OK spent all three clicks on a purge with no virus counters, and
    nothing said so."""
    sim = play("RIGHT,RIGHT,OK,OK,OK,OK")
    assert sim.state()["corp"]["clicks"] == 3 and sim.app.screen.name == "confirm"
    assert "No virus counters" in sim.app.screen.question
    sim.keys("LONG:OK,WAIT:300")                   # held: purged all the same
    assert sim.state()["corp"]["clicks"] == 0
    assert sim.app.screen.name == "dashboard"


@pytest.mark.parametrize("keys", [
    "LEFT,LEFT,LEFT,LONG:OK",                       # the End-turn page (clicks left)
    "OK," + MORE + ",UP,UP,OK",                     # New game's question
    "OK," + MORE + ",UP,OK",                        # New Infiltration's question
])
def test_a_message_never_covers_a_questions_key_line(keys):
    """Issue 60: the time call over the End-turn page's keys, "Hold OK to confirm" over a
    question's: a message, of one line or two, goes over the title a line at a time and leaves
    the last row (what the keys do) as it was. (A number prompt keeps issue 35's places: its
    title, label, number and the line under it all name the change, and only the key line is
    left for a message.)"""
    sim = play(keys + ",WAIT:3000")
    screen = sim.app.screen
    assert screen is not sim.app.screens[0]
    keys_row = bytes(sim.oled.glass_bytes())[-128:]         # (the bottom page: rows 56-63)
    for text in ("Hold OK to confirm", "Time: Corp's turn, then Runner's last turn, a long one"):
        sim.app.say(text)
        sim.run(50)
        assert sim.app.screen is screen and sim.app.toast == text
        assert bytes(sim.oled.glass_bytes())[-128:] == keys_row, text


@pytest.mark.parametrize("screen", ["trace", "trace_summary", "flatline", "win", "time_over",
                                    "match", "psi", "psi_result", "die", "infiltration_end",
                                    "holdings"])
def test_no_message_covers_the_keys_of_any_screen_that_says_them(screen):
    """Issue 60's class, on every screen of the catalog whose last row says what the keys do
    (the trace's steps, the win screen, the match, the psi game, a die, Infiltration's end
    and holdings): a message, of one line or two, leaves that row as it was. (Two lines at
    the bottom covered "hold < undo  OK new game" and "^v bid 0-2  OK reveal", and on the
    trace's first step cut through the boosts' row.)"""
    from host_tools.screens_catalog import SCREENS
    keys = [k for name, _, k in SCREENS if name == screen][0]
    sim = play(keys + ",WAIT:3000")
    shown = sim.app.screen
    assert shown is not sim.app.screens[0]
    keys_row = bytes(sim.oled.glass_bytes())[-128:]
    for text in ("Hold OK to confirm", "Time: Corp's turn, then Runner's last turn, a long one"):
        sim.app.say(text)
        sim.run(50)
        assert sim.app.screen is shown and sim.app.toast == text
        assert bytes(sim.oled.glass_bytes())[-128:] == keys_row, text
