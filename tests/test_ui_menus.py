"""The menus (firmware/netrunner/menus.py): Acts, More and what they open - counters, damage,
settings, a new game - chosen by their words (simhelp.choose)."""

import pytest

from engine_lite.logtext import log_lines
from firmware.netrunner.menus import MoreMenu
from simhelp import play, choose
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


def test_menus_are_unloaded_back_on_the_dashboard():
    import sys
    sim = play(MORE)
    assert "firmware.netrunner.menus" in sys.modules
    sim.keys("LEFT")
    assert sim.app.screen.name == "dashboard" and "firmware.netrunner.menus" not in sys.modules
    sim.keys(MORE + ",DOWN,OK")                 # the cursor is home again; they load again
    assert sim.app.screen.name == "tokens"


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


def _first_press_loads_nothing(sim, path, module):
    """Open path[:-1] (simhelp.choose), light the row path[-1], then press OK and check, as
    on the firmware image (overlays kept once loaded): `module` is loaded while the key is
    down, and the release that opens the screen imports nothing of the tracker's."""
    import sys
    from firmware import forget
    sim.app.keep_overlays = True
    if len(path) > 1:
        choose(sim, *path[:-1])
    menu = sim.app.screen
    labels = [item.label for item in menu.items(sim.app)]
    steps = labels.index(path[-1]) - menu.cursor
    sim.keys(",".join(["DOWN" if steps > 0 else "UP"] * abs(steps)) or "WAIT:1")
    forget(module)
    sim.keys("PRESS:OK,WAIT:80")
    assert module in sys.modules, "%s not loaded while OK is down on %s" % (module, path[-1])
    before = set(sys.modules)
    screen = sim.app.screen
    first_picture = []
    render = sim.app.render

    def render_once():
        render()
        if not first_picture:
            first_picture.append(set(sys.modules))
    sim.app.render = render_once
    sim.keys("RELEASE:OK,WAIT:50")
    assert sim.app.screen is not screen                     # the release opened something
    # (up to its first picture: Previous games reads the files for the next one)
    late = [name for name in first_picture[0] - before
            if name.startswith(("firmware", "engine_lite"))]
    assert late == [], "imported inside the press of OK on %s: %s" % (path[-1], late)


@pytest.mark.parametrize("label,module", MoreMenu.OPENS)
def test_a_screen_opened_from_more_was_loaded_while_ok_was_down(label, module):
    """Issue 37 (the time from a release to the glass): a screen's first opening imported
    its module inside the press, some ms on a Pico. The menus name what each row opens
    (Menu.OPENS); a row renamed or a screen moved to another module fails here."""
    _first_press_loads_nothing(play(""), ("More", label), module)


def test_the_points_prompt_and_the_match_are_loaded_while_ok_is_down():
    _first_press_loads_nothing(play(""), ("More", "Agenda points", "Runner steals"),
                               "firmware.netrunner.runs")
    sim = choose(play(""), "More", "Tournament")
    _first_press_loads_nothing(sim, ("Match",), "firmware.tournament.match")
    # the prompt's OK: what it records and says (the first action's words too)
    sim = choose(play(""), "More", "Agenda points", "Runner steals")
    sim.app.keep_overlays = True
    from firmware import forget
    import sys
    forget("firmware.netrunner.purposes")
    forget("engine_lite.phrases")
    sim.keys("PRESS:OK,WAIT:80")
    assert "firmware.netrunner.purposes" in sys.modules and "engine_lite.phrases" in sys.modules
    sim.keys("RELEASE:OK,WAIT:50")
    assert sim.state()["runner"]["agenda_points"] == 2


def test_no_tap_or_hold_in_the_screens_catalog_imports_inside_its_press():
    """Issue 37 (the time from a release to the glass), over every key script of the screens
    catalog, overlays kept once loaded as on the firmware image: no event after a key went
    down (a tap's release, a hold's LONG) imports the tracker's code before its picture is
    drawn. What it opens is loaded while the key is down (Screen.prepare): found missing
    here were the win screen's modules at the held OK that ends a game, the damage prompt
    and the counters' words after a number, Infiltration's rules at More's New Infiltration,
    and the match module at a time call's last turn.

    One is left: the OK that starts an Infiltration game imports its home screen, the
    monitor (the games' module cannot name it: the monitor's menus import that module)."""
    import sys
    from firmware import app as app_module, forget
    from firmware.board.buttons import DOWN
    from host_tools.screens_catalog import SCREENS
    from host_tools.sim import Simulator
    home_modules = ("firmware.infiltration.monitor", "engine_lite.infiltration")
    late = []
    for name, _, keys in (row[:3] for row in SCREENS):
        for module in app_module.OVERLAYS + home_modules:
            forget(module)            # as at power-up: none of them loaded yet
        sim = Simulator()
        sim.app.keep_overlays = True
        seen = {}
        on_button, render = sim.app.on_button, sim.app.render

        def button(key, event):
            if event != DOWN and "before" not in seen:
                seen["before"], seen["event"] = set(sys.modules), (key, event)
            on_button(key, event)

        def draw():
            render()
            if "before" in seen:
                new = [module for module in set(sys.modules) - seen.pop("before")
                       if module.startswith(("firmware", "engine_lite"))]
                if new:
                    late.append((name, seen["event"], sorted(new)))
        sim.app.on_button, sim.app.render = button, draw
        sim.keys(keys)
    starts = {"firmware.infiltration", "firmware.infiltration.monitor"}
    assert [(name, event, new) for name, event, new in late if not set(new) <= starts] == []


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
