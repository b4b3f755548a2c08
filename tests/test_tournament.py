"""Tournament play on the device (simulator): the round timer and its warnings, the time call
and its last turns, a restart with the timer running, psi games with hidden bids, and the
randomizers kept in the log."""

import pytest

from engine_lite.logtext import log_lines
from host_tools.screens_catalog import TOURNAMENT, PSI, END_EARLY, MORE
from simhelp import play

MINUTE = 60 * 1000
START_TIMER = TOURNAMENT + ",OK,OK,WAIT:1000"     # Round timer > Start (65 minutes)
AGAIN = TOURNAMENT      # Tournament again: back from a menu, the bar's cursor is home (issue 35)


def header_text(sim):
    """The round clock's text as the glass shows it: the run of 12-pixel glyphs at the right of
    the Corp's hand-size row (bottom left; issue 61), or None. Read as a player would: the
    glass woken first if it slept (BACK, which on the dashboard only wakes it), and a message
    over the row let go. Checked against the firmware's own words for it
    (roundclock.corner_text)."""
    from glass_reader import glass_lines
    from firmware.tournament.roundclock import corner_text
    from firmware.netrunner import dashboard as D
    row = D.PLACES[1]
    assert row[2:4] == (0, "hand_size_mod")        # (the Corp's hand-size row)
    x, y, width = row[5], row[6], row[7]
    if not glass_lines(sim.oled):
        sim.keys("BACK,WAIT:300")
    for _ in range(100):
        if not sim.app.toast:
            break
        sim.run(100)
    # (the hand size's digits in that row are a number alone; the clock's words are not)
    shown = [text for left, top, text in glass_lines(sim.oled)
             if top == y and x <= left < x + width and not text.isdigit()]
    text = shown[0] if shown else None
    assert text == corner_text(sim.app, sim.app.game.state), (shown, glass_lines(sim.oled))
    return text


def test_the_timer_counts_down_on_the_dashboard_in_minutes_then_seconds():
    sim = play(START_TIMER)
    assert sim.app.screen.name == "dashboard" and header_text(sim) == "65m"
    sim.run(20 * MINUTE)
    assert header_text(sim) == "45m"
    sim.run(44 * MINUTE + 30000)                  # about 30 s left: seconds now
    text = header_text(sim)
    assert text.endswith("s") and 25 <= int(text[:-1]) <= 30, text


def test_the_dashboard_kept_while_the_timer_menu_is_open_comes_back_right():
    # The dashboard's picture is kept while a menu is open and put back on the way home, its
    # changed parts drawn again. The timer, saved as a setting, no longer throws that picture
    # away (drawing it whole cost the tap that starts the timer 12 ms on a Pico): the glass must
    # be the dashboard as it would be drawn whole, corner and message included.
    sim = play("OK,OK,WAIT:3000," + START_TIMER)          # two credits, then the timer
    assert sim.app.screen.name == "dashboard" and header_text(sim) == "65m"
    kept = sim.oled.glass_bytes()
    sim.app.full_redraw = True
    sim.app.render()
    assert sim.oled.glass_bytes() == kept
    sim.keys(TOURNAMENT + ",OK,DOWN,OK,WAIT:300")          # Round timer > Pause, in menus
    sim.run(3 * MINUTE)                                    # (the glass dims: keys still act)
    sim.keys(AGAIN[len("LEFT,"):] + ",OK,OK,WAIT:1000")    # ... and Start again: home
    assert sim.app.screen.name == "dashboard"
    kept = sim.oled.glass_bytes()
    sim.app.full_redraw = True
    sim.app.render()
    assert sim.oled.glass_bytes() == kept


def test_warnings_at_10_5_and_1_minutes_flash_the_screen_and_say_so():
    sim = play(START_TIMER)
    sim.run(55 * MINUTE - 3000)
    assert not sim.oled.inverse
    while sim.app.toast != "10 minutes left":
        sim.run(100)
    assert sim.oled.inverse
    assert sim.oled.display_on                    # it woke the screen, asleep after 10 min
    sim.run(2000)
    assert not sim.oled.inverse                   # the flash is over
    sim.run(5 * MINUTE)
    assert sim.app.toast is None or "5 minutes" in sim.app.toast
    sim.run(4 * MINUTE - 5000)
    while sim.app.toast != "1 minute left":
        sim.run(100)
    assert sim.oled.inverse


def test_at_zero_time_is_called_and_the_final_turns_follow():
    sim = play(START_TIMER)
    sim.run(65 * MINUTE + 1000)
    state = sim.app.game.state
    assert state.final_turns == 2 and "Time: Corp's turn, then Runner's last turn" in sim.app.toast
    assert header_text(sim) == "+1"
    assert list(log_lines(sim.app.game))[-1] == "time-call"
    # The Corp's three clicks for credits (the cursor on +1cr), then End held. (RIGHT, RIGHT,
    # OK, OK here was a purge of no virus counters: three clicks spent unseen, issue 60.)
    sim.keys("OK,OK,OK,LONG:OK,WAIT:3000")
    assert sim.app.game.state.active == 1 and header_text(sim) == "LAST"
    sim.keys(END_EARLY + ",WAIT:3000")             # the Runner ends its last turn early
    assert sim.state()["winner"] == "tie" and sim.state()["win_reason"] == "time"    # 0-0
    assert sim.app.screen.name == "win"
    sim.keys("LONG:LEFT,WAIT:3000")                # undo works through it
    assert sim.state()["winner"] is None and sim.app.screen.name == "dashboard"


def test_no_undo_takes_the_time_call_back_it_steps_around_it():
    """Issue 35: a second held LEFT undid "Time called" and the timer at 0 s never called it
    again. Undo now undoes the action before the call; the time stays called."""
    sim = play("OK,WAIT:500," + START_TIMER)                   # a credit, then the timer
    credits = sim.app.game.state.corp.credits
    sim.run(65 * MINUTE + 1000)
    assert sim.app.game.state.final_turns == 2
    sim.keys("LONG:LEFT,WAIT:500")
    state = sim.app.game.state
    assert state.final_turns == 2 and state.corp.credits == credits - 1
    assert "Time stays called" in sim.app.toast
    sim.keys("LONG:LEFT,WAIT:500")                             # nothing before it: stays
    assert sim.app.game.state.final_turns == 2
    sim.keys("LONG:RIGHT,WAIT:500")                            # the credit back
    assert sim.app.game.state.corp.credits == credits and sim.app.game.state.final_turns == 2


def test_an_import_keeps_the_round_timer_that_is_running_on_this_table():
    """Issue 36: an import took the file's settings whole, so its clock replaced the running
    one, and a power cut a minute later brought the file's time back."""
    from engine_lite.game import Game
    from firmware.saving import importing
    from firmware.settings import Settings
    from host_tools.sim import Simulator
    sim = play(START_TIMER)
    sim.run(10 * MINUTE)
    theirs = Settings()
    theirs.round_s, theirs.clock_s, theirs.agenda_target = 35 * 60, 20 * 60, 6
    importing.take(sim.app, Game(), theirs)
    sim.run(2 * MINUTE)
    left = sim.app.round_clock.left_ms // 1000
    assert sim.app.round_clock.running and 52 * 60 <= left <= 53 * 60
    assert sim.app.settings.agenda_target == 6             # the rest of the file's settings
    sim.settle()
    again = Simulator(flash=sim.flash)                     # a power cut
    assert 52 * 60 <= again.app.settings.clock_s <= 53 * 60 + 1


def test_time_can_be_called_by_hand_and_only_once():
    sim = play(TOURNAMENT + ",DOWN,OK,OK,WAIT:3000")
    assert sim.app.game.state.final_turns == 2
    sim.keys(AGAIN + ",DOWN,OK,OK")                # struck through; chosen anyway, the rules
    assert "already called" in sim.app.toast       # say why not
    assert sim.app.game.state.final_turns == 2


def test_after_a_restart_the_timer_comes_back_paused_at_the_time_it_had():
    sim = play(START_TIMER)
    sim.run(7 * MINUTE + 10000)
    sim.settle()
    sim.boot()                                     # power cut and back
    sim.run(200)
    assert "Timer paused at 58:00 (restarted)" in sim.app.toast
    sim.run(5 * MINUTE)
    assert header_text(sim) == "58m" and not sim.app.round_clock.running
    sim.keys("BACK," + TOURNAMENT + ",OK,OK,WAIT:1000")   # (BACK on the dashboard: nothing) Resume
    assert header_text(sim) == "58m" and sim.app.round_clock.running
    sim.run(MINUTE + 1000)
    assert header_text(sim) == "57m"


def test_pausing_stops_the_clock():
    sim = play(START_TIMER)
    sim.run(MINUTE + 30000)
    sim.keys(AGAIN + ",OK,OK")                      # Pause
    assert not sim.app.round_clock.running
    left = sim.app.round_clock.clock_text()
    assert left.startswith("63:")
    sim.run(10 * MINUTE)
    assert sim.app.round_clock.clock_text() == left


def test_a_preset_and_any_length():
    sim = play(TOURNAMENT + ",OK,DOWN,OK,WAIT:500")        # 35 minutes
    assert sim.app.round_clock.length_s == 35 * 60 and sim.app.settings.round_s == 35 * 60
    sim.keys("UP,UP,OK,UP,UP,UP,OK,WAIT:500")               # Other length: 35 + 3
    assert sim.app.round_clock.clock_text() == "38:00"


def test_psi_bids_stay_hidden_then_are_paid():
    hidden = []
    for corp_bid in ("", ",UP,UP"):                    # the Corp bids 0, then 2
        sim = play(TOURNAMENT + ",DOWN,DOWN,DOWN,OK" + corp_bid + ",OK,UP")
        hidden.append(sim.oled.glass_bytes())
    assert hidden[0] == hidden[1]                      # the Runner's screen does not tell
    sim = play(PSI + ",OK,OK,WAIT:3000")
    state = sim.state()
    assert state["last_psi"] == {"corp": 1, "runner": 2, "equal": False}
    assert (state["corp"]["credits"], state["runner"]["credits"]) == (4, 3)
    assert list(log_lines(sim.app.game))[-1] == "psi 1 2"


def test_a_bid_a_side_cannot_pay_is_refused_and_bid_again():
    sim = play("DOWN,DOWN,DOWN,DOWN,DOWN,OK,WAIT:3000," + TOURNAMENT + ",DOWN,DOWN,DOWN,OK,UP,OK,OK")
    assert sim.app.game.state.corp.credits == 0 and "Corp cannot pay 1" in sim.app.toast
    assert sim.app.screen.name == "psi" and sim.app.screen.stage == 0


def test_randomizers_show_the_result_and_keep_it_in_the_log():
    sim = play(TOURNAMENT + ",DOWN,DOWN,DOWN,DOWN,DOWN,OK,OK")       # a d6
    assert sim.app.screen.name == "random"
    line = list(log_lines(sim.app.game))[-1]
    assert line.startswith("# random: d6 rolled ") and 1 <= int(line.split()[-1]) <= 6
    sim.keys("OK," + AGAIN + ",DOWN,DOWN,DOWN,DOWN,OK,UP,UP,OK")     # a card from 7 in HQ
    line = list(log_lines(sim.app.game))[-1]
    assert line.startswith("# random: card ") and line.endswith(" of 7 in HQ")
    assert sim.app.game.state.corp.credits == 5                      # nothing else changed


def test_the_random_numbers_are_uniform():
    from firmware.tournament.tournament_menus import uniform
    from host_tools.keyscript import FakeRandom

    class App:
        random = FakeRandom(3).byte
    counts = [0] * 6
    for _ in range(6000):
        counts[uniform(App, 6) - 1] += 1
    assert min(counts) > 850 and max(counts) < 1150


MATCH = TOURNAMENT + ",DOWN,DOWN,OK"
CORP_WINS = "LEFT,LEFT,OK,DOWN,DOWN,OK,OK,UP,UP,UP,UP,UP,OK,LONG:OK,WAIT:3000"   # 7 points scored


def test_a_match_plays_two_games_with_sides_swapped_and_shows_both_results():
    # "P1" becomes "AB": P down to A (15 letters), then 1 up past 9, space, round to B.
    sim = play(MATCH + ",OK" + ",DOWN" * 15 + ",RIGHT" + ",UP" * 11 + ",OK,OK,LONG:OK,WAIT:3000")
    from firmware.tournament.match import load
    match = load(sim.app)
    assert match == {"names": ["AB", "P2"], "game": 1, "results": []}
    sim.keys(CORP_WINS)
    assert sim.app.screen.name == "win"
    sim.keys("OK")                                  # in a match, OK on the win screen: the match
    assert sim.app.screen.name == "match"
    sim.keys("OK,WAIT:300")                         # a tap starts nothing: it says to hold
    assert load(sim.app)["game"] == 1 and "Hold OK" in sim.app.toast
    sim.keys("LONG:OK,WAIT:3000")                   # game 2
    match = load(sim.app)
    assert match["game"] == 2 and match["results"] == [
        {"winner": "corp", "reason": "agenda", "corp": 7, "runner": 0}]
    assert sim.app.game.state.corp.agenda_points == 0 and sim.app.screen.name == "dashboard"
    sim.boot()                                      # a power cut keeps the match
    sim.run(3000)
    assert load(sim.app)["game"] == 2
    from firmware.tournament.match import describe
    assert describe(match["names"], 1, match["results"][0]) == (
        "Game 1: AB Corp/P2 Runner", "  AB won 7-0 (agenda)")    # (the screen's width)
    assert describe(match["names"], 2, None)[0] == "Game 2: P2 Corp/AB Runner"


def test_time_up_in_game_1_ends_the_match_and_says_so_never_an_untimed_game_2():
    """Issue 35: a match whose round ran out in game 1 started game 2 at 0 s, untimed. The
    round's time is for both games (RULES.md): the match screen says game 2 is not played."""
    from firmware.tournament.match import load
    from simhelp import where_shown
    sim = play(MATCH + ",OK,OK,OK,LONG:OK,WAIT:3000," + TOURNAMENT + ",DOWN,OK,OK,WAIT:3000,"
               + END_EARLY + ",WAIT:3000," + END_EARLY + ",WAIT:3000")   # time called, 0-0
    assert sim.state()["win_reason"] == "time" and sim.app.screen.name == "win"
    sim.keys("OK,WAIT:300")
    assert sim.app.screen.name == "match" and where_shown(sim, "  not played: time is up")
    sim.keys("LONG:OK,WAIT:300")                          # no game 2: a new match's names
    assert load(sim.app)["game"] == 1 and sim.app.screen.name == "names"


def test_game_2_waits_for_game_1_to_end():
    sim = play(MATCH + ",OK,OK,OK,LONG:OK,WAIT:3000," + MATCH + ",OK")
    assert "still in play" in sim.app.toast


def test_the_timer_runs_on_into_an_infiltration_game_and_says_time():
    from host_tools.screens_catalog import MORE
    sim = play(TOURNAMENT + ",OK,UP,UP,OK" + ",DOWN" * 63 + ",OK,OK,WAIT:1000")   # a 2-minute round
    assert sim.app.round_clock.running and sim.app.round_clock.length_s == 120
    sim.keys(MORE + ",UP,OK,OK,OK,OK,WAIT:3000")    # More > New Infiltration, 3 players
    assert sim.app.screen.name == "monitor"
    waited = 0
    while sim.app.round_clock.running and waited < 2 * MINUTE:
        sim.run(100)
        waited += 100
    sim.run(100)
    assert sim.resets == 0 and sim.watchdog_resets == 0 and sim.app.toast == "Time!"
    assert not sim.app.round_clock.running and sim.app.screen.name == "monitor"


def test_turning_the_timer_off_takes_it_off_the_dashboard():
    sim = play(START_TIMER + "," + AGAIN + ",OK,UP,OK,WAIT:3000")   # Timer off (the last item)
    assert sim.app.round_clock is None and sim.app.settings.clock_s == -1
    assert header_text(sim) is None
    sim.boot()
    sim.run(1000)
    assert sim.app.round_clock is None and "Timer" not in (sim.app.toast or "")


def test_a_power_cut_right_after_game_2_starts_brings_back_game_2_and_its_match_together():
    """The match is saved with its game, in one write, at the held OK that starts game 2
    (issue 58: a swap is on the flash at once): a cut right after it brings back game 2 with
    the match at game 2 and game 1 kept, never game 1's board standing as a won game 2."""
    from firmware.tournament.match import load
    from firmware.saving import archive
    sim = play(MATCH + ",OK,OK,OK,LONG:OK,WAIT:3000," + CORP_WINS + ",OK")
    assert sim.app.screen.name == "match"
    sim.keys("LONG:OK")                              # game 2 starts...
    assert load(sim.app)["game"] == 2
    sim.boot()                                       # ...and the power goes at once
    sim.run(200)
    assert load(sim.app)["game"] == 2 and sim.app.game.state.winner < 0
    assert sim.app.game.count == 0 and sim.app.screen.name == "dashboard"
    kept = archive.entries(sim.device.flash)
    assert [g.state.winner for _n, g, _s in kept] == [0]            # game 1, won, kept


@pytest.mark.parametrize("hostile", [
    {"names": 5, "game": 2, "results": []},
    {"names": ["AB", "CD"], "game": 2, "results": [[[[]]]]},
    {"names": ["AB", "CD"], "game": 2},
    {"names": ["AB", "CD"], "game": 1, "results": [{"winner": "corp"}]},
    "match",
])
def test_a_hostile_match_in_a_save_is_no_match_and_nothing_crashes(hostile):
    from firmware.tournament.match import load
    sim = play("OK")
    sim.app.game.extras["match"] = hostile
    assert load(sim.app) is None
    sim.keys(MATCH + ",WAIT:500," + CORP_WINS + ",OK,WAIT:500")
    assert sim.resets == 0 and sim.watchdog_resets == 0


def test_a_timer_running_into_an_infiltration_game_comes_back_after_a_power_cut():
    sim = play(START_TIMER + "," + MORE + ",UP,OK,OK,OK,OK,WAIT:3000")    # More > New Infiltration
    assert sim.app.screen.name == "monitor" and sim.app.round_clock.running
    sim.run(2 * MINUTE)
    sim.settle()
    sim.boot()                                      # power cut and back
    sim.run(200)
    assert "Timer paused at" in sim.app.toast and "(restarted)" in sim.app.toast
    assert sim.app.round_clock is not None and not sim.app.round_clock.running
    sim.keys("LEFT,OK")                              # the monitor's More...
    names = [item.label for item in sim.app.screen.items(sim.app)]
    assert "Round timer" in names                    # ...has the timer, to resume it


def test_timer_off_during_a_warning_flash_leaves_the_screen_upright():
    sim = play(TOURNAMENT + ",OK,UP,UP,OK" + ",DOWN" * 54 + ",OK,OK")   # an 11-minute round
    sim.keys(AGAIN + ",OK,UP")                       # Round timer > Timer off (the last), lit
    waited = 0
    while sim.app.round_clock._flash_until is None and waited < 70000:
        sim.run(100)                                 # until the 10-minute warning flashes
        waited += 100
    assert sim.oled.inverse
    sim.keys("OK,WAIT:300")                          # Timer off, while the screen is inverted
    assert sim.app.round_clock is None
    assert not sim.oled.inverse


def test_saved_timer_settings_that_contradict_each_other_are_mended():
    from firmware.saving.resume import take_settings
    from firmware.settings import Settings
    settings = Settings()
    ignored = take_settings(settings, {"round_s": 60, "clock_s": 36000})
    assert settings.round_s == 60 and settings.clock_s == 60 and "clock_s" in ignored


def test_time_running_out_with_the_timer_menu_open_says_so_and_starts_nothing():
    from simhelp import where_shown
    from firmware.screens.widgets import MEDIUM
    sim = play(START_TIMER)
    sim.run(65 * MINUTE - 5000)
    sim.keys("BACK," + AGAIN + ",OK,WAIT:300")       # Round timer, open while it runs
    assert sim.app.screen.name == "timer" and where_shown(sim, "Pause", MEDIUM)
    sim.run(8000)                                    # the time runs out on this screen
    assert not sim.app.round_clock.running and sim.app.game.state.final_turns == 2
    assert where_shown(sim, "Time is up", MEDIUM) and not where_shown(sim, "Pause", MEDIUM)
    sim.keys("OK,WAIT:300")                          # the first line, chosen anyway
    assert "Time is up" in sim.app.toast and "started" not in sim.app.toast
    assert sim.app.screen.name == "timer" and not sim.app.round_clock.running


@pytest.mark.parametrize("depth", [49, 200, 300])
def test_a_match_json_with_deep_extra_fields_is_taken_without_them_and_every_save_loads(depth):
    """Issue 58: a match.json (older firmware's) whose extra fields nest lists `depth` deep was
    copied into the game when the Match screen opened; every later snapshot then had more
    containers than the loader takes, and the next power-up fell back to game.bak. Only the
    fields a match has enter the game now."""
    import json
    from firmware.tournament.match import load
    from host_tools.flash import MemoryFlash
    from host_tools.sim import Simulator
    sim = play("OK,OK,WAIT:2000")
    deep = []
    for _ in range(depth):
        deep = [deep]
    record = {"names": ["AB", "CD"], "game": 2, "note": deep, "results": [
        {"winner": "corp", "reason": "agenda", "corp": 7, "runner": 2, "more": deep}]}
    sim.flash.files["match.json"] = json.dumps(record).encode()
    sim.keys(MATCH + ",WAIT:300")                        # the Match screen reads it
    assert load(sim.app) == {"names": ["AB", "CD"], "game": 2, "results": [
        {"winner": "corp", "reason": "agenda", "corp": 7, "runner": 2}]}
    sim.keys("LEFT,LEFT,LEFT,OK,OK,OK")
    sim.settle()
    assert sim.device.saver.failed is None
    again = Simulator(flash=MemoryFlash(dict(sim.flash.files)))
    assert "damaged" not in (again.app.toast or "")
    assert again.app.game.count == sim.app.game.count and load(again.app)["game"] == 2


def test_undo_around_the_time_call_never_moves_it_into_another_turn():
    """Issue 58 #11: time called in the Corp's turn (the Corp finishes, the Runner has the last
    turn). In the Runner's turn two held LEFTs stepped the call back across the Runner's
    previous end of turn, into the Runner's turn; two held RIGHTs then gave the Corp the last
    turn and ending it a tie, the Runner's last turn gone. The call stays in the turn it came
    in: undo stops at it there."""
    from engine_lite.logtext import parse
    sim = play("")
    app = sim.app
    for line in ("corp gain-credit", "corp gain-credit", "corp gain-credit", "corp end-turn",
                 "runner gain-credit", "runner gain-credit", "runner gain-credit",
                 "runner gain-credit", "runner end-turn", "time-call", "corp end-turn"):
        assert app.act(parse(line), quiet=True), line
    sim.settle()
    assert app.game.state.active == 1 and app.game.state.final_turns == 1     # the last turn
    before = app.game.state.pack()
    sim.keys("LONG:LEFT,WAIT:300,LONG:LEFT,WAIT:300")
    assert app.game.state.active == 0 and app.game.state.final_turns == 2     # Corp, called
    assert "undo stops" in app.toast
    sim.keys("LONG:RIGHT,WAIT:300,LONG:RIGHT,WAIT:300")
    assert app.game.state.pack() == before
    assert app.act(parse("runner end-turn"), confirmed=True)
    assert app.game.state.winner >= 0 and app.game.state.turn == 2


def test_undo_at_the_start_of_a_matchs_game_2_stops_there():
    """Issue 60: one undo too many in game 2 brought game 1's win screen back with no question,
    and OK, a held OK started a fresh game 2 while the old one went to Previous games."""
    from firmware.tournament.match import load
    sim = play(MATCH + ",OK,OK,OK,LONG:OK,WAIT:3000," + CORP_WINS + ",OK,LONG:OK,WAIT:3000")
    assert load(sim.app)["game"] == 2 and sim.app.screen.name == "dashboard"
    sim.keys("OK,WAIT:1500")                              # a move in game 2
    sim.keys("LONG:LEFT,WAIT:300,LONG:LEFT,WAIT:300")     # undone, and one undo too many
    assert load(sim.app)["game"] == 2 and sim.app.screen.name == "dashboard"
    assert sim.app.game.state.winner < 0 and "undo stops here" in sim.app.toast
    sim.keys("LONG:RIGHT,WAIT:300")                       # the move comes back
    assert sim.app.game.count == 1


def test_a_new_match_after_the_round_ran_out_resets_the_timer_and_says_so():
    """Issue 60: a new match after the round's time ran out showed "0s", never called time, and
    nothing said to restart the timer."""
    from firmware.tournament.match import load
    sim = play(START_TIMER)
    sim.run(65 * MINUTE + 1000)                           # the round is over: time called
    assert sim.app.round_clock.left_ms == 0
    sim.keys(MATCH + ",OK,OK,OK,LONG:OK,WAIT:300")        # a new match: the next round
    assert load(sim.app)["game"] == 1
    clock = sim.app.round_clock
    assert clock.left_ms == clock.length_s * 1000 and not clock.running
    assert "Timer reset" in sim.app.toast


def test_the_match_screen_sets_game_2s_runner_link():
    """Game 2's Runner is the other player, with an identity (and link) of their own: the match
    screen shows it on game 2's line, UP/DOWN change it, the held OK starts game 2 with it;
    the setting stays as it was (issue 60: it was UP, RIGHT x3, OK on game 2's board)."""
    from glass_reader import glass_text
    sim = play(MATCH + ",OK,OK,OK,LONG:OK,WAIT:3000")
    sim.keys(CORP_WINS + ",OK,WAIT:300")
    assert sim.app.screen.name == "match"
    assert "next: Runner link 0" in glass_text(sim.oled)
    sim.keys("UP,UP,UP,DOWN,WAIT:300")
    assert "next: Runner link 2" in glass_text(sim.oled)
    sim.keys("LONG:OK,WAIT:3000")
    assert sim.app.game.state.runner.link == 2 and sim.app.settings.runner_link == 0
    from firmware.tournament.match import load
    assert load(sim.app)["game"] == 2
