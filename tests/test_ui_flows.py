"""A game played with the buttons, through the simulator: what a player does and sees."""

import pytest

from engine_lite.logtext import do_line
from engine_lite.logtext import log_lines, log_text

from simhelp import play, where_shown, choose
from host_tools.keyscript import parse, KeyScriptError
from host_tools.screens_catalog import MORE, ACTS

END_EARLY = "LEFT,LEFT,LEFT,LONG:OK,OK"    # End held, then the page that asks (clicks left)


def test_gain_a_credit_is_one_press():
    sim = play("OK")
    state = sim.state()
    assert state["corp"]["credits"] == 6 and state["corp"]["clicks"] == 2
    assert sim.app.screen.name == "dashboard"


def test_spend_credits_is_two_presses_and_long_press_counts_five():
    sim = play("DOWN,OK")
    assert sim.state()["corp"]["credits"] == 4
    sim = play("UP,LONG:UP,OK")   # +1, then +5 on the long press
    assert sim.state()["corp"]["credits"] == 11


def test_the_pending_number_says_what_ok_will_do_and_whose_credits_before_it_is_done():
    sim = play("UP,UP,UP")
    pending = sim.app.screen.pending
    assert sim.state()["corp"]["credits"] == 5
    assert pending.sentence(sim.app.game.state) == "Corp gains 3 cr"
    sim.keys("DOWN,DOWN,DOWN,DOWN,DOWN")                       # now -2: what for, in the turn
    assert pending.sentence(sim.app.game.state) == "Corp installs: 2 cr"
    sim.keys("LEFT,LEFT")                                      # round the ring: the Runner
    assert pending.sentence(sim.app.game.state) == "Runner pays 2 cr"
    sim.keys("LONG:LEFT")                                      # hold LEFT: dropped, no undo
    assert sim.app.screen.pending is None and sim.state()["corp"]["credits"] == 5


def test_adjusting_the_other_sides_credits():
    sim = play("DOWN,DOWN,LEFT,LEFT,OK")
    state = sim.state()
    assert state["runner"]["credits"] == 3 and state["corp"]["credits"] == 5


def test_a_refused_number_is_dropped_and_said_so_no_later_ok_spends_it():
    """Issue 35: the Corp's install for 6 with 5 credits is refused; the number must not wait
    for the next OK (which would spend it on whatever the ring then shows)."""
    sim = play("DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,OK")
    dashboard = sim.app.screens[0]
    assert dashboard.pending is None
    assert "Needs 6 credits" in sim.app.toast and "Number dropped" in sim.app.toast
    credits = sim.app.game.state.corp.credits
    sim.keys("OK,WAIT:300")                       # the bar's +1 credit, nothing of the 6
    assert sim.app.game.state.corp.credits == credits + 1


def test_a_redo_held_while_a_number_waits_drops_the_number_and_never_crashes():
    """Issue 36: OK x3, hold LEFT, DOWN, LEFT, LEFT, hold RIGHT crashed (IndexError): the
    redo changed the ring under the number's lit choice. A held RIGHT now drops the number
    first, as a held LEFT does, and says so; a ring that shrinks under a number keeps a lit
    choice that is on it."""
    sim = play("OK,OK,OK,LONG:LEFT,DOWN,LEFT,LEFT,LONG:RIGHT,WAIT:500")
    assert sim.resets == 0 and sim.watchdog_resets == 0
    assert sim.app.screens[0].pending is None and "Number dropped" in (sim.app.toast or "")
    assert sim.app.game.count == 2                     # the redo was not done: the number went
    sim.keys("LONG:RIGHT,WAIT:300")
    assert sim.app.game.count == 3
    from firmware.netrunner.purposes import Pending
    state = sim.app.game.state
    number = Pending()
    number.change(state, -1)
    number.index = 99                                  # a ring shorter than the lit choice
    assert number.choice(state)[0] == number.choices(state)[-1][0]


def test_a_message_never_covers_what_run_steal_or_adv_will_do():
    """Issue 35: within 2.5 s of an action the row saying what UP/DOWN/OK will do on Run was
    under the message (a run went to Archives unseen). The message now goes under the row."""
    from simhelp import where_shown
    from host_tools.screens_catalog import END_EARLY
    sim = play(END_EARLY + ",WAIT:3000,LEFT,OK,WAIT:100", settle=0)   # the Runner draws
    assert sim.app.toast                                      # said, and still showing
    sim.keys("RIGHT,RIGHT,WAIT:50")                           # Run lit
    assert sim.app.toast and where_shown(sim, "Run on HQ? UP/DOWN")
    sim.keys("UP,UP,WAIT:50")                                 # the server changes: seen
    assert where_shown(sim, "Run on Archives? UP/DOWN")
    sim = play("LEFT,OK,WAIT:100,RIGHT,RIGHT,WAIT:50", settle=0)    # the Corp draws, Adv lit
    assert sim.app.toast and where_shown(sim, "Advance R1 (has 0)? UP/DN")


def test_a_number_left_alone_expires_with_a_word():
    sim = play("DOWN,DOWN")
    sim.run(9000)
    assert sim.app.screen.pending is not None
    sim.run(1500)
    assert sim.app.screen.pending is None and sim.app.toast == "Unused number dropped"
    assert sim.state()["corp"]["credits"] == 5


def test_a_payment_too_large_is_refused_with_the_reason_and_the_number_dropped():
    sim = play("LONG:DOWN,DOWN,RIGHT,RIGHT,RIGHT,OK")   # -6: the Corp pays 6, it has 5
    assert sim.app.toast == "! Needs 6 credits, has 5. Number dropped"
    assert sim.state()["corp"]["credits"] == 5 and sim.app.screen.pending is None
    sim.keys("DOWN,DOWN,DOWN,DOWN,DOWN,RIGHT,RIGHT,RIGHT,OK")     # a new number: pays 5
    assert sim.state()["corp"]["credits"] == 0


def test_install_play_and_ice_in_a_few_presses():
    sim = play("DOWN,DOWN,OK,DOWN,LEFT,OK,DOWN,RIGHT,OK,OK")    # the ice prompt starts at 1
    assert list(log_lines(sim.app.game)) == ["corp install 2", "corp play 1",
                                              "corp install-ice 1 1"]
    assert sim.state()["corp"]["credits"] == 0 and sim.state()["corp"]["clicks"] == 0


def test_a_long_ok_off_the_end_cell_does_nothing_but_say_so():
    """A slightly long OK used to spend a click with no credit (on +1cr), a click with no run
    (on Run), a click instead of ending the turn (on End): an OK held too long is not another
    action. Using a click is in Acts."""
    sim = play("HOLD:OK:650")
    assert sim.state()["corp"]["clicks"] == 3 and sim.state()["corp"]["credits"] == 5
    assert "Hold OK on End" in sim.app.toast


def test_after_the_last_click_the_turn_ends_with_one_held_press():
    sim = play("OK,OK,OK")
    assert sim.app.screen.bar(sim.app.game.state)[sim.app.screen.cursor] == "End"
    assert sim.app.screen.status(sim.app.game.state) == "Discard to 5, hold End"
    sim.keys("WAIT:1000,OK")                 # a tap on End only says how
    assert sim.state()["active"] == "corp" and "Hold OK to end" in sim.app.toast
    sim.keys("LONG:OK")                      # one press, held
    state = sim.state()
    assert state["active"] == "runner" and state["runner"]["clicks"] == 4
    assert sim.app.screen.status(sim.app.game.state) is None     # the captions again


def test_ending_the_turn_with_clicks_left_asks_first():
    sim = play("LEFT,LEFT,LEFT,LONG:OK")
    assert sim.app.screen.name == "end_turn"
    sim.keys("LEFT")                                     # no: back, the cursor home
    assert sim.state()["active"] == "corp" and sim.app.screen.lit(sim.app.game.state) == "+1cr"
    sim.keys("LEFT,LEFT,LEFT,LONG:OK,OK")
    assert sim.state()["active"] == "runner"


def test_held_left_leaves_a_menu_and_undoes_on_the_dashboard_and_redo_too():
    """Holding LEFT to leave a menu used to undo the last action with the menu still open."""
    sim = choose(play("OK"), "More", "Tags & damage")     # gain a credit, then go into a menu
    assert sim.state()["corp"]["credits"] == 6
    sim.keys("LONG:LEFT")
    assert sim.state()["corp"]["credits"] == 6 and sim.app.screen.name == "more"
    sim.keys("LONG:LEFT")
    assert sim.app.screen.name == "dashboard" and sim.state()["corp"]["credits"] == 6
    sim.keys("LONG:LEFT")
    assert sim.state()["corp"]["credits"] == 5
    assert sim.app.toast == "Undid: Corp took 1 credit"
    sim.keys("LONG:RIGHT")
    assert sim.state()["corp"]["credits"] == 6


def test_a_refused_action_shows_the_reason_and_changes_nothing():
    sim = choose(play(""), "Acts", "Trash resource")     # no tag: refused
    assert sim.app.toast == "! The Runner is not tagged"
    assert sim.state()["corp"]["clicks"] == 3


def test_a_whole_round_with_a_run_and_bad_publicity():
    # Corp: credit, install for 1 credit, bad publicity +1; ends turn early.
    sim = play("OK,DOWN,OK,UP,LEFT,LEFT,OK," + END_EARLY + ",WAIT:3000")
    assert sim.state()["active"] == "runner" and sim.state()["corp"]["bad_publicity"] == 1
    sim.keys("RIGHT,UP,OK")                                    # Run, UP: R&D, OK
    assert sim.state()["run"] == {"server": "R&D", "bp_credits": 1, "accessing": False}
    assert sim.app.screen.bar(sim.app.game.state)[0] == "Access"
    assert sim.app.toast == "1 credit from bad publicity"
    sim.keys("DOWN,OK")                                        # pay 1: bad publicity first
    assert sim.state()["run"]["bp_credits"] == 0 and sim.state()["runner"]["credits"] == 5
    sim.keys("WAIT:1000,OK")                                   # Access
    assert sim.state()["run"]["accessing"]
    sim.keys("RIGHT,OK")                                       # steal 2; the one card is done
    assert sim.state()["runner"]["agenda_points"] == 2 and sim.state()["run"] is None
    sim.keys("OK,OK,OK,LONG:OK")                              # 3 credits, End held
    state = sim.state()
    assert state["turn"] == 2 and state["active"] == "corp" and state["corp"]["clicks"] == 3
    assert state["runner"]["credits"] == 8 and state["corp"]["credits"] == 5


def test_access_keeps_bad_publicity_credits_until_the_last_card_is_done():
    from host_tools.screens_catalog import RUNNER_RUN
    sim = play(RUNNER_RUN + ",WAIT:3000,OK,WAIT:1000,LEFT,OK")  # Access; +1 card: two cards
    assert sim.app.screen.bar(sim.app.game.state)[0] == "Next"
    sim.keys("LONG:DOWN,UP,UP,UP,OK")                         # a trash cost of 2: 1 from bad pub
    state = sim.state()
    assert state["runner"]["credits"] == 4 and state["run"]["accessing"]
    assert list(log_lines(sim.app.game))[-1] == "runner trash 2"
    sim.keys("RIGHT,OK")                                       # Done: the second card, the run ends
    assert sim.state()["run"] is None
    assert list(log_lines(sim.app.game))[-2:] == ["runner trash 2", "run success"]


def test_ok_pressed_on_from_a_run_start_does_not_end_the_run():
    """OK, OK, OK... from the Run cell: the run starts, access begins, then Done waits for a
    pause: the run is not ended by momentum."""
    sim = play(END_EARLY + ",WAIT:3000,RIGHT," + ",".join(["OK"] * 6))
    state = sim.state()
    assert state["run"] and state["run"]["accessing"]
    assert sim.app.toast == "Pause, then OK ends run"


def test_the_corp_rezzes_in_the_runners_run_named_and_logged_as_a_rez():
    from host_tools.screens_catalog import RUNNER_RUN
    sim = play(RUNNER_RUN + ",WAIT:3000,DOWN,DOWN,DOWN,DOWN")
    pending = sim.app.screen.pending
    assert pending.sentence(sim.app.game.state) == "Runner pays 4 cr"    # breakers first
    sim.keys("RIGHT")
    assert pending.sentence(sim.app.game.state) == "Corp rezzes: 4 cr"
    sim.keys("OK")
    assert list(log_lines(sim.app.game))[-1] == "corp rez 4"
    assert sim.state()["corp"]["credits"] == 1 and sim.state()["run"]["server"] == "R&D"


def test_a_run_event_costs_one_click_and_starts_the_run():
    sim = choose(play(END_EARLY + ",WAIT:3000"), "Acts", "Run event")
    sim.keys("UP,UP,OK,DOWN,OK")
    state = sim.state()
    assert state["runner"]["clicks"] == 3 and state["runner"]["credits"] == 3
    assert state["run"]["server"] == "R&D"
    assert list(log_lines(sim.app.game))[-1] == "runner run-event rd 2"


def test_trace_wizard_runs_a_tied_trace_that_fails():
    # base 3, Corp +1 (4); the Runner's boost starts at 0, the Runner pays 4 to tie -> fails
    sim = play(MORE + ",OK,UP,OK")
    assert sim.app.screen.values[2] == 0
    sim.keys("UP,UP,UP,UP,OK")
    state = sim.state()
    assert state["last_trace"] == {"strength": 4, "link": 4, "success": False}
    assert state["corp"]["credits"] == 4 and state["runner"]["credits"] == 1
    assert sim.app.screen.name == "trace_result"


def test_after_a_trace_in_a_run_the_player_is_back_at_the_run():
    """A trace started during a run (More, Trace) ends back on the dashboard with the run's
    bar, not in the More menu."""
    from host_tools.screens_catalog import RUNNER_RUN
    sim = play(RUNNER_RUN + ",WAIT:3000,LEFT,OK,OK,OK,OK")   # Trace (base 3), no boosts, a tag
    state = sim.state()
    assert state["last_trace"]["success"] and state["runner"]["tags"] == 1
    assert sim.app.screen.name == "dashboard" and sim.app.game.state.in_run


def test_winning_shows_the_win_screen_and_undo_plays_on():
    sim = choose(play(""), "More", "Agenda points", "Corp scores")
    sim.keys("LONG:UP,LONG:UP,DOWN,OK")                     # 2, two holds, 7 points
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


def test_points_start_at_two_and_a_hold_adds_one_agendas_worth():
    """Held UP on a points prompt ran away (9 points, then OK, OK past the win's question): a
    hold now adds at most 3 however long it lasts; a win takes a second hold, and its question
    a held OK."""
    sim = choose(play(""), "More", "Agenda points", "Corp scores")
    assert sim.app.screen.value == 2
    sim.keys("HOLD:UP:4000")                         # held 4 s: 5, no further
    assert sim.app.screen.value == 5
    sim.keys("HOLD:UP:1500,OK")                      # a second hold: 8, which would win
    assert sim.app.screen.name == "confirm"
    sim.keys("OK,OK,LEFT,LEFT,LEFT,LEFT")            # taps do not confirm; no: nothing scored
    assert sim.state()["corp"]["agenda_points"] == 0 and sim.state()["winner"] is None
    sim = choose(play(""), "More", "Agenda points", "Corp scores")
    sim.keys("OK")                                     # 2 points: no question
    assert sim.state()["corp"]["agenda_points"] == 2 and sim.app.screen.name == "dashboard"


def test_held_credits_speed_up_where_the_player_sees_them():
    """A number held on starts slow (a press: 1, the hold: 5, then 1 a repeat for over a second)
    and only then runs 5 at a time: 4 s gave 95 credits at once."""
    sim = play("UP")                                 # a pending number on the dashboard
    sim.keys("HOLD:UP:1500")
    slow = sim.app.screen.pending.delta
    assert slow <= 12
    sim.keys("HOLD:UP:4000")
    assert sim.app.screen.pending.delta - slow <= 70


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


def test_dim_then_blank_then_the_waking_press_does_nothing_else():
    sim = play("")
    sim.app.settings.dim_s = 2
    sim.app.settings.sleep_s = 5
    sim.run(2500)
    assert sim.app.dimmed and sim.oled.contrast == sim.app.display.DIM_CONTRAST
    sim.run(3000)
    assert sim.app.blanked and not sim.oled.display_on
    sim.keys("OK")
    assert not sim.app.blanked and sim.oled.display_on and sim.oled.contrast == 255
    assert sim.state()["corp"]["credits"] == 5     # the waking press did nothing else
    sim.keys("OK")
    assert sim.state()["corp"]["credits"] == 6


def test_bad_key_scripts_are_reported():
    with pytest.raises(KeyScriptError):
        parse("OK,JUMP")
    assert parse("OK, long:left ,WAIT:10") == [("TAP", "OK", 80), ("HOLD", "LEFT", 700),
                                              ("WAIT", None, 10)]


def test_a_press_shows_within_one_poll_period_of_being_recognised():
    sim = play("")
    before = sim.oled.glass_bytes()
    pin = sim.pins["buttons"]["OK"]
    sim.board.press(pin)
    sim.run(80)
    assert sim.oled.glass_bytes() == before       # a short press acts on release
    sim.board.release(pin)
    sim.app.tick(sim.clock.now)                    # the very next poll after the release
    assert sim.state()["corp"]["credits"] == 6
    assert sim.oled.glass_bytes() != before        # already on the glass


def test_the_window_front_end_runs(monkeypatch):
    import os
    import subprocess
    import sys
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "host_tools.sim", "--window", "--frames", "5"],
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_a_game_in_the_terminal_front_end_is_saved_and_resumed(tmp_path):
    # A player at a real terminal (a pseudo-terminal here): two credits, a draw, quit, come back.
    import json
    import os
    import pty
    import subprocess
    import sys
    import time
    save_dir = str(tmp_path / "flash")
    master, slave = pty.openpty()
    player = subprocess.Popen([sys.executable, "-m", "host_tools.sim", "--terminal",
                               "--save-dir", save_dir], stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    import select
    screen = bytearray()

    def read_for(seconds):
        """Keep reading what the simulator draws, as a terminal does (else it blocks)."""
        end = time.time() + seconds
        while time.time() < end:
            if select.select([master], [], [], 0.05)[0]:
                try:
                    screen.extend(os.read(master, 65536))
                except OSError:          # the simulator has exited and closed the terminal
                    return
    deadline = time.time() + 30
    while b"q quit" not in screen and time.time() < deadline:   # the first frame
        read_for(0.2)
    for key in (b"\r", b"\r", b"\x1b[D", b"\r"):                 # OK, OK, LEFT, OK
        os.write(master, key)
        read_for(0.4)
    os.write(master, b"q")
    read_for(1.0)
    assert player.wait(timeout=30) == 0
    os.close(master)
    result = subprocess.run([sys.executable, "-m", "host_tools.sim", "--headless",
                             "--save-dir", save_dir, "--dump-state"], capture_output=True, text=True)
    state = json.loads(result.stdout)
    assert state["corp"]["credits"] == 7 and state["corp"]["clicks"] == 0


def test_redrawing_only_what_changed_gives_the_same_picture_as_drawing_it_all():
    """After every press of two scripted rounds, menu trips, pending credit changes, a run, undo
    and redo, the screen drawn part by part is the one a whole redraw gives."""
    from host_tools.scripted_game import scripted_keys, navigation_keys
    from host_tools.screens_catalog import RUNNER_RUN
    keys = ",".join(list(scripted_keys(2)) + list(navigation_keys(17))) + \
        ",UP,UP,RIGHT,DOWN,LEFT,DOWN,RIGHT,OK,LONG:UP,OK,LONG:LEFT,LONG:RIGHT,OK,OK," + \
        RUNNER_RUN + ",DOWN,DOWN,RIGHT,LEFT,OK,LEFT,RIGHT,UP,WAIT:1000,OK,RIGHT,UP,LEFT,LEFT,OK"
    sim = play("")
    partial_updates = []

    def compare(index, step):
        sim.run(30)
        before = sim.oled.glass_bytes()
        if sim.app.screen is sim.app._drawn:
            partial_updates.append(index)
        sim.app.full_redraw = True
        sim.app.render()
        assert sim.oled.glass_bytes() == before, "step %d %s: a part was not redrawn" % (index, step)

    sim.keys(keys, after_step=compare)
    assert len(partial_updates) > 40      # most presses were partial updates


def test_the_bar_is_right_after_a_run_changes_its_cells_and_back():
    """The bar's cells are redrawn one by one; a run's bar has five cells, the turn's six:
    after a run and back, every cell shows the turn's labels (compared with a whole redraw)."""
    # The Runner's turn; a run on HQ; undo it, redo it, undo it again (from the run's bar
    # straight back to the turn's).
    sim = play(END_EARLY + ",WAIT:3000,RIGHT,OK,LONG:LEFT,LONG:RIGHT,LONG:LEFT,WAIT:3000")
    assert not sim.app.game.state.in_run and sim.app.game.state.active == 1
    before = sim.oled.glass_bytes()
    sim.app.full_redraw = True
    sim.app.render()
    assert sim.oled.glass_bytes() == before


@pytest.mark.parametrize("gap", [0, 500, 900, 1500, 2500])
def test_ok_at_any_rhythm_spends_the_clicks_and_stops(gap):
    """No rhythm of OK presses ends a turn (it was: OK about once a second ended the Corp's
    turn, then turned the Runner's clicks into credits). End takes a held OK."""
    sim = play(",".join(["OK"] * 10).replace(",", ",WAIT:%d," % gap if gap else ","))
    state = sim.state()
    assert state["active"] == "corp" and state["corp"]["clicks"] == 0
    assert state["corp"]["credits"] == 8 and state["runner"]["credits"] == 5
    assert sim.app.screen.bar(sim.app.game.state)[sim.app.screen.cursor] == "End"
    sim.keys("LONG:OK")                               # held: the turn ends
    assert sim.state()["active"] == "runner"


def test_the_corp_ends_its_turn_with_a_held_ok_at_once_after_the_last_click():
    sim = play("OK,OK,LEFT,OK,DOWN,OK,LONG:OK")   # credit, credit, draw, pay 1, End held
    assert sim.state()["active"] == "runner"


def test_holding_left_first_drops_a_pending_change_then_undoes():
    sim = play("OK,UP,UP")                       # a credit, then +2 pending
    assert sim.app.screen.pending.delta == 2
    sim.keys("LONG:LEFT")                        # the pending change goes, the credit stays
    assert sim.app.screen.pending is None and sim.state()["corp"]["credits"] == 6
    sim.keys("LONG:LEFT")                        # now the credit is undone
    assert sim.state()["corp"]["credits"] == 5


def test_the_corps_turn_begins_with_its_turn_number_and_mandatory_draw():
    sim = play(END_EARLY + ",WAIT:3000,OK,OK,OK,OK,LONG:OK")   # the Runner spends 4, ends
    assert sim.state()["active"] == "corp" and sim.state()["turn"] == 2
    assert sim.app.toast == "Turn 2: Corp draws 1"


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


def test_the_log_of_a_long_game_opens_on_its_last_turn():
    from host_tools.scripted_game import scripted_game
    sim = play("")
    for line in scripted_game(60):
        do_line(sim.app.game, line)
    choose(sim, "More", "Game log")
    screen = sim.app.screen
    assert screen.name == "log" and len(screen.starts) == 121       # 60 rounds, and turn 61
    assert screen._window(sim.app.game)[-1] == "Turn 61: Corp"


# ---- Infiltration: the security monitor ------------------------------------------------------

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
    sim.keys("RIGHT,OK,DOWN,OK,DOWN,DOWN,OK,RIGHT,OK,DOWN,OK,DOWN,OK")   # (home: Next)
    assert sim.state()["agents"][1] == {"player": 2, "status": "inside", "wounded": True,
                                        "delayed": True, "points": None}
    sim.keys("OK,OK,OK,LONG:OK,WAIT:3000")                  # round 2's roll: 7 + 3 + 1
    assert sim.state()["proximity"] == 11
    assert sim.app.screen.name == "monitor"
    # Agent 2 may not retreat now: refused, with the reason.
    from firmware.infiltration.monitor import phase_prompt
    assert phase_prompt(sim.app.game.state) == "Pick cards. Delayed: 2"
    sim.keys("RIGHT,OK,DOWN,OK,DOWN,OK")
    assert sim.app.toast == "! Agent 2 is delayed: no Advance or Retreat this round"
    sim.keys("LEFT,LEFT")                                    # back to the monitor
    # Agents 1 and 3 escape, agent 2 is arrested: the end, and the ranking screen.
    sim.keys("RIGHT,OK,OK,DOWN,DOWN,DOWN,DOWN,OK,"          # (each time from home: Next)
             "RIGHT,OK,DOWN,DOWN,OK,DOWN,DOWN,DOWN,DOWN,OK,"
             "RIGHT,OK,DOWN,OK,DOWN,DOWN,DOWN,DOWN,DOWN,OK")
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
    from engine_lite import infiltration as I
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


def test_with_the_runner_tagged_down_2_offers_trashing_a_resource_first():
    """Trashing a resource costs 2: with the Runner tagged, DOWN DOWN OK trashes one (3 presses);
    installing for 2 is a RIGHT away, and any other number is the usual ring."""
    tagged = "UP,RIGHT,RIGHT,OK,WAIT:3000"
    sim = play(tagged + ",DOWN,DOWN,OK,WAIT:3000")
    assert list(log_lines(sim.app.game))[-1] == "corp trash-resource"
    assert sim.app.game.state.corp.credits == 3 and sim.app.game.state.corp.clicks == 2
    sim = play(tagged + ",DOWN,DOWN,RIGHT,OK,WAIT:3000")
    assert list(log_lines(sim.app.game))[-1] == "corp install 2"
    sim = play(tagged + ",DOWN,DOWN,DOWN,OK,WAIT:3000")
    assert list(log_lines(sim.app.game))[-1] == "corp install 3"
    sim = play("DOWN,DOWN,OK,WAIT:3000")                   # not tagged: install, as before
    assert list(log_lines(sim.app.game))[-1] == "corp install 2"


def test_the_runners_tags_and_brain_damage_are_large_digits_under_their_names():
    """Read from the Corp's seat: the Runner's tags and brain damage are in the credits' large
    digits, each under its name, in the Runner's half; link and hand size beside them."""
    from firmware.screens.fonts import BIG
    from simhelp import where_shown
    sim = play("UP,UP,RIGHT,RIGHT,OK")                # the Runner takes 2 tags
    assert sim.state()["runner"]["tags"] == 2
    [(tags_x, tags_y)] = where_shown(sim, "Tags")
    [(x, y)] = where_shown(sim, "2", BIG)
    assert y == tags_y + 8 and abs(x - tags_x) <= 4 and x > 46
    sim.keys("UP,RIGHT,RIGHT,RIGHT,RIGHT,OK,WAIT:3000")   # 1 brain damage (its message read)
    assert sim.state()["runner"]["brain_damage"] == 1
    [(brain_x, brain_y)] = where_shown(sim, "Brain")
    [(x, y)] = where_shown(sim, "1", BIG)
    assert y == brain_y + 8 and brain_x - 2 <= x <= brain_x + 8
    # link and hand size: their names, each with its number in 12-pixel digits at its right;
    # the grip followed, the hand reads "H 4/4" (4 cards in the grip, 4 at most: issue 35)
    from firmware.screens.fonts import MID
    [(link_x, link_y)] = where_shown(sim, "Link")
    [(hand_x, hand_y)] = [place for place in where_shown(sim, "H") if place[0] > 90]
    [(x, y)] = [place for place in where_shown(sim, "0", MID) if place[0] > link_x]
    assert y == link_y - 3 and link_x + 20 < x
    [(x1, y1), (x, y)] = [place for place in where_shown(sim, "4", MID) if place[0] > hand_x]
    assert y == y1 == hand_y - 3 and hand_x + 20 < x and hand_x + 5 < x1 < x


def test_the_bars_short_words_are_said_in_full_on_the_lit_cell():
    """Move to a cell and the row under the large numbers says what it does in words; the
    captions of the numbers come back after an action."""
    from simhelp import where_shown
    sim = play("")
    assert where_shown(sim, "credits") and not where_shown(sim, "Take a credit: 1 click")
    sim.keys("RIGHT")
    assert where_shown(sim, "Advance R1 (has 0)? UP/DN")     # a number cell: the remote
    sim.keys("RIGHT")
    assert where_shown(sim, "Actions, with their costs")
    sim.keys("LEFT,LEFT")
    assert where_shown(sim, "Take a credit: 1 click")
    sim.keys("OK")
    sim.run(3000)                                     # the message goes
    assert where_shown(sim, "credits") and not where_shown(sim, "Take a credit: 1 click")
    from host_tools.screens_catalog import RUNNER_RUN
    sim = play(RUNNER_RUN + ",WAIT:3000,RIGHT,RIGHT")
    assert where_shown(sim, "Jack out: the run ends")


def test_a_message_never_hides_what_a_pending_number_is_for():
    """A number started while a message shows takes the message's row to say what it is for
    (the message is done with). A refusal drops the number and says so (issue 35: a number
    left waiting was spent by a later OK on something else)."""
    from simhelp import where_shown
    sim = play("OK,OK,LEFT,OK", settle=50)            # Draw: "Corp drew (0 clicks left)"
    assert sim.app.toast
    sim.keys("DOWN")
    sim.run(50)
    assert sim.app.toast is None and where_shown(sim, "Corp pays 1 cr")
    sim = play("LONG:DOWN,DOWN,RIGHT,RIGHT,RIGHT,OK", settle=50)   # pay 6 with 5: refused
    assert sim.app.toast == "! Needs 6 credits, has 5. Number dropped"
    assert where_shown(sim, "Needs 6 credits") and sim.app.screen.pending is None
    assert not where_shown(sim, "Corp pays 6 cr")
    assert sim.state()["corp"]["credits"] == 5


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


def test_an_infiltration_game_has_its_log_by_round_in_words():
    """More > Game log on the security monitor: the game by round ("Round 1" lit), each action
    in Infiltration's words."""
    import sys
    from simhelp import where_shown
    from host_tools.screens_catalog import INFILTRATION
    sim = play(INFILTRATION + ",RIGHT,RIGHT,UP,UP,RIGHT,UP,RIGHT,OK,DOWN,DOWN,OK")
    assert sim.app.screen.name == "log"
    assert where_shown(sim, "Alarm +1") and where_shown(sim, "Proximity +1")
    lines = sim.app.screen._window(sim.app.game)
    assert lines[0] == "Round 1" and sim.app.screen._headers == [0]
    sim.keys("LEFT,LEFT")
    assert sim.app.screen.name == "monitor"
    # A security roll ends a round: the next actions are under "Round 2".
    from engine_lite.game import Game
    from engine_lite import infiltration as I
    game = Game(I.new_game(3, 1), I)
    for act in [(I.NEXT_PHASE, 0, 0, 0, 0)] * 3 + [(I.SECURITY, 0, 2, 0, 0), (I.ALARM, 0, 1, 0, 0)]:
        game.do(act)
    assert I.turn_starts(game) == [(0, 0, 1), (4, 0, 2)]


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


@pytest.mark.parametrize("first, second", [("DOWN", "OK"), ("OK", "UP"), ("LEFT", "RIGHT"),
                                           ("UP", "OK"), ("RIGHT", "LEFT")])
@pytest.mark.parametrize("overlap", ["at once", "rolled"])
def test_two_keys_together_do_nothing(first, second, overlap):
    """A chord is a slip: DOWN+OK installed a card for 1, OK+UP gave a credit, LEFT+RIGHT
    undid. Whichever comes up first, nothing acts, and the player is told."""
    sim = play("OK,WAIT:3000")                       # a credit, so an undo would show
    before = sim.app.game.state.pack()
    count = sim.app.game.count
    if overlap == "at once":
        sim.keys("PRESS:%s,PRESS:%s,WAIT:50,RELEASE:%s,RELEASE:%s,WAIT:1000"
                 % (first, second, first, second))
    else:
        sim.keys("PRESS:%s,WAIT:60,PRESS:%s,WAIT:60,RELEASE:%s,WAIT:60,RELEASE:%s,WAIT:1000"
                 % (first, second, first, second))
    assert sim.app.game.state.pack() == before and sim.app.game.count == count
    assert sim.app.screen.name == "dashboard" and sim.app.screen.pending is None
    assert sim.app.toast == "Two keys at once: nothing done"


# ---- nothing is thrown away -------------------------------------------------------------------

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


def test_the_trace_wizard_opens_on_the_corps_boost_however_it_is_opened():
    """UP, UP in the wizard always means "the Corp boosts 2": from More > Trace and from the
    run's Trace cell alike (base 3); LEFT goes to the base."""
    from host_tools.screens_catalog import RUNNER_RUN
    for opening in (MORE + ",OK", RUNNER_RUN + ",WAIT:3000,LEFT,OK"):
        sim = play(opening + ",UP,UP")
        assert sim.app.screen.name == "trace", opening
        assert sim.app.screen.values == [3, 2, 0], opening
    sim.keys("LEFT,UP")                                      # back to the base: 4
    assert sim.app.screen.values == [4, 2, 0]


def test_the_trace_says_its_outcome_and_costs_before_it_is_done():
    from simhelp import where_shown
    sim = play(MORE + ",OK,UP,UP,OK,UP,UP,UP")               # 3+2 = 5 against link 0+3
    assert sim.app.game.count == 0                           # nothing done yet
    assert where_shown(sim, "Succeeds: 5 vs link 3")
    assert where_shown(sim, "OK: Corp pays 2, Runner 3")
    sim.keys("UP,UP")                                        # the Runner boosts 5: a tie...
    assert where_shown(sim, "Fails: 5 vs link 5")            # ...beats it
    sim.keys("OK")
    assert sim.app.game.count == 1 and sim.app.screen.name == "trace_result"


def test_the_trace_result_follows_undo():
    sim = play(MORE + ",OK,UP,OK,OK")                        # a trace of 4 against link 0
    assert sim.app.screen.name == "trace_result" and sim.app.screen.title == "TRACE SUCCEEDS"
    sim.app.undo()                                           # undone, however
    sim.run(300)
    items = sim.app.screen.items(sim.app)
    assert sim.app.screen.title == "TRACE UNDONE" and [i.label for i in items] == ["Done"]
    assert sim.app.screen.header(sim.app) == ""


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


def test_what_a_number_did_is_said_once_done_in_words():
    """The sentence under the numbers says what OK will do; once done, the message says what
    was done: a rez no longer passes with only the Corp's number changing."""
    from host_tools.screens_catalog import RUNNER_RUN
    sim = play(RUNNER_RUN + ",WAIT:3000,DOWN,DOWN,DOWN,RIGHT,OK")     # the Corp rezzes for 3
    assert sim.app.toast == "Corp rezzed for 3"


def test_bad_publicity_credits_spent_first_are_said():
    from host_tools.screens_catalog import RUNNER_RUN
    sim = play(RUNNER_RUN + ",WAIT:3000,DOWN,DOWN,DOWN,OK")          # 1 bad-pub credit in the run
    assert sim.app.toast == "Runner pays 3 (1 from bad publicity)"
    assert sim.app.game.state.runner.credits == 5 - 2


def test_the_score_prompt_says_where_the_points_leave_the_side():
    from simhelp import where_shown
    sim = choose(play("UP,UP,RIGHT,OK,WAIT:3000"), "More", "Agenda points", "Corp scores")
    sim.keys("UP")                                           # 2 scored; 3 more
    assert where_shown(sim, "2 + 3 = 5 of 7 to win")


def test_before_anything_happens_the_runners_link_is_set_from_the_start_in_five_presses():
    """The Runner's identity sets its link: in a game nothing has happened in, UP and the ring's
    Link set it from the start (the new-game line says it; no action, nothing to undo). Once
    the game has moved, the ring has no Link: a card's link is set by hand (Counters)."""
    from simhelp import where_shown
    sim = play("UP,RIGHT,RIGHT,RIGHT")
    assert where_shown(sim, "Runner link 1 from start")
    sim.keys("OK,WAIT:300")
    assert sim.app.game.count == 0 and sim.app.game.start.runner.link == 1
    assert sim.state()["runner"]["link"] == 1
    assert log_text(sim.app.game).splitlines()[1].endswith("runner-link 1 runner-grip 5")
    sim.keys("OK,WAIT:3000,UP,RIGHT,RIGHT,RIGHT")          # a credit taken: the game has moved
    assert sim.app.screen.pending.choice(sim.app.game.state)[0] == "Net"


def test_the_corp_advances_a_remote_and_scores_its_agenda_from_it():
    """Adv counts the advancement counters of the remote it names (UP/DOWN choose which): the
    row under the numbers says how many it has, a score takes them with the agenda."""
    from simhelp import where_shown
    sim = play("RIGHT,OK,WAIT:1500,OK")                      # Adv (remote 1) twice
    assert list(log_lines(sim.app.game))[-2:] == ["corp advance remote1"] * 2
    assert sim.app.game.state.corp.advancements(1) == 2
    assert sim.app.toast == "Remote 1: 2 advancements"      # the message, then the cell again
    sim.run(3000)
    assert where_shown(sim, "Advance R1 (has 2)? UP/DN")
    sim.keys("UP,OK,WAIT:1500")                              # remote 2: its own counter
    assert list(log_lines(sim.app.game))[-1] == "corp advance remote2"
    assert [sim.app.game.state.corp.advancements(n) for n in (1, 2)] == [2, 1]
    sim = play("RIGHT,OK,WAIT:1500,OK,WAIT:1500,LEFT,UP,UP,RIGHT")
    pending = sim.app.screen.pending
    assert pending.sentence(sim.app.game.state) == "Score 2 from R1 (2 adv)"   # where from, first
    sim.keys("OK")
    assert list(log_lines(sim.app.game))[-1] == "corp score 2 remote1"
    assert sim.app.game.state.corp.advancements(1) == 0 and sim.state()["corp"]["agenda_points"] == 2


def test_a_card_elsewhere_is_advanced_without_a_counter_and_a_remote_past_the_sixth_is_refused():
    sim = play("RIGHT,DOWN,OK,WAIT:1500")                    # Adv's 0: ice, say
    assert list(log_lines(sim.app.game))[-1] == "corp advance"
    assert all(sim.app.game.state.corp.advancements(n) == 0 for n in range(1, 7))
    sim = play("RIGHT," + ",".join(["UP"] * 9) + ",OK,WAIT:1500")   # held at remote 6
    assert list(log_lines(sim.app.game))[-1] == "corp advance remote6"


def test_a_stolen_or_trashed_card_takes_its_remotes_counters_with_it():
    """The Runner steals from (or trashes in) a remote: that remote's counters go, and the
    message says so; another remote keeps its own."""
    from engine_lite.game import Game
    game = Game()
    for line in ("corp advance remote2", "corp advance remote2", "corp advance remote1",
                 "corp end-turn", "runner run remote2", "run access"):
        do_line(game, line)
    note = do_line(game, "runner steal 2")
    assert game.state.corp.advancements(2) == 0 and game.state.corp.advancements(1) == 1
    assert "Remote 2's 2 advancements go" in str(note)
    do_line(game, "run success")
    do_line(game, "runner run remote1")
    do_line(game, "run access")
    note = do_line(game, "runner trash 1")
    assert game.state.corp.advancements(1) == 0 and "Remote 1's 1 advancement go" in str(note)


def test_after_a_power_cut_adv_starts_on_the_remote_with_the_most_counters():
    from firmware.netrunner.dashboard import Dashboard
    sim = play("RIGHT,UP,UP,OK,WAIT:1500,OK,WAIT:3000")      # remote 3, twice
    assert sim.app.game.state.corp.advancements(3) == 2
    sim.app.screens[0] = Dashboard()                         # as built at power-up
    sim.app.full_redraw = True
    sim.keys("RIGHT")                                        # from +1cr, where it starts
    assert sim.app.screen.status(sim.app.game.state) == "Advance R3 (has 2)? UP/DN"


def test_a_flatline_from_the_number_ring_says_so_first_and_a_held_ok_records_it():
    """Meat damage past the grip's count, chosen with UP (held) and LEFT: the row under the
    numbers says it ends the game before anything is done, and a held OK is the yes (make
    bench: record a flatline, 3 presses). A tap asks first, as from More > Counters, with the
    grip's count to correct."""
    from simhelp import where_shown
    sim = play("HOLD:UP:850,LEFT")                               # 6, Meat
    assert where_shown(sim, "Flatline: 6 meat, grip 5")       # the count it is judged by
    assert sim.app.game.count == 0
    sim.keys("LONG:OK,WAIT:500")
    assert sim.state()["winner"] == "corp" and sim.state()["win_reason"] == "flatline"
    assert sim.app.screen.name == "win"
    tapped = play("HOLD:UP:850,LEFT,OK")
    assert tapped.app.screen.name == "flatline" and tapped.app.game.count == 0


def test_a_held_ok_on_a_number_that_does_not_end_the_game_does_what_a_tap_does():
    sim = play("UP,UP,LONG:OK,WAIT:300")                         # Gain 2, OK held
    assert sim.app.game.state.corp.credits == 7 and sim.app.screen.name == "dashboard"


def test_the_agenda_that_wins_from_the_number_ring_says_so_and_takes_a_held_ok():
    from simhelp import where_shown
    sim = play("HOLD:UP:850,UP,RIGHT")                           # 7 points, Score
    assert where_shown(sim, "Score 7 wins: hold OK")
    sim.keys("OK")                                               # a tap asks first
    assert sim.app.game.state.winner < 0 and sim.app.screen.name == "confirm"
    sim = play("HOLD:UP:850,UP,RIGHT,LONG:OK,WAIT:500")
    assert sim.state()["winner"] == "corp" and sim.state()["win_reason"] == "agenda"


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


def test_virus_counters_go_on_with_the_number_ring_and_a_purge_says_how_many_went():
    """The Runner's program gets 2 virus counters: UP UP, three LEFTs to Virus (the row says
    what OK will do), OK. The Corp's purge (Acts, its first item) then takes them all, and says
    so."""
    from host_tools.press_budget import RUNNER_TURN
    sim = play("WAIT:3000," + RUNNER_TURN + ",UP,UP,LEFT,LEFT,LEFT")
    assert sim.app.game.state.runner.virus == 0
    assert where_shown(sim, "Runner: virus counters +2")
    sim.keys("OK,WAIT:300")
    assert sim.app.game.state.runner.virus == 2
    assert "placed 2 virus counters" in sim.app.toast
    sim.keys("WAIT:3000," + RUNNER_TURN + "," + ACTS + ",OK,WAIT:300")
    assert sim.app.game.state.runner.virus == 0
    assert list(log_lines(sim.app.game))[-1] == "corp purge"
    assert "2 virus counters removed" in sim.app.toast


def test_touching_the_glass_is_the_keys_a_player_would_press():
    """firmware/netrunner/touch.py (the browser's taps on the glass): its regions are where the
    dashboard draws them, and its keys do what a player's would."""
    from firmware.netrunner import dashboard as D
    from firmware.netrunner.touch import keys_for
    sim = play("RIGHT")                                  # the cursor on Adv
    tap = lambda x, y: sim.keys(",".join(keys_for(sim.app, x, y)) or "WAIT:1")
    oled = sim.oled
    glass = lambda left, top, width, height: [oled.pixel(x, y) for x in range(left, left + width)
                                              for y in range(top, top + height)]
    tap(34, 60)                                          # +1cr: lit
    assert sim.state()["corp"]["credits"] == 5
    tap(34, 60)                                          # lit: taken
    assert sim.state()["corp"]["credits"] == 6
    sim.run(3000)
    places = [place for place in D.PLACES if place[9]]
    assert [place[9] for place in places] == ["Bad pub", "Tag", "Brain"]
    for place in places:
        x, y, width, height = place[5:9]
        before = sim.app.game.count
        shown = glass(x, y, width, height)
        tap(x + width // 2, y + height - 3)              # a number of 1, for this
        assert sim.app.screen.pending.choice(sim.app.game.state)[0] == place[9]
        assert sim.app.game.count == before
        tap(x + 2, y + 2)                                # recorded
        assert sim.app.game.count == before + 1
        sim.run(3000)
        assert glass(x, y, width, height) != shown       # the number tapped is the one changed
    assert (sim.state()["runner"]["tags"], sim.state()["runner"]["brain_damage"],
            sim.state()["corp"]["bad_publicity"]) == (1, 1, 1)
    choose(sim, "More")
    tap(30, 10 + 11 + 5)                                 # the second row: lit
    tap(30, 10 + 11 + 5)                                 # chosen
    assert sim.app.screen.name == "tokens"
    assert keys_for(sim.app, 30, 3) == []                # the title: nothing


def test_a_rez_for_3_in_a_run_is_four_taps_on_the_glass():
    """Issue 38: three taps on the Corp's credits (a credit each, the ring turned to Rez, the
    Corp's first choice in a run) and one on the ring rez a card for 3; the ring's sentence says
    it before the last tap. A tap on the Runner's credits turns the ring to the Runner's."""
    from firmware.netrunner import dashboard as D
    from firmware.netrunner.touch import keys_for
    from host_tools.press_budget import RUNNER_TURN, RUN_HQ
    sim = play(RUNNER_TURN + "," + RUN_HQ)               # the Runner runs on HQ
    assert sim.app.game.state.in_run
    credits = sim.state()["corp"]["credits"]
    tap = lambda x, y: sim.keys(",".join(keys_for(sim.app, x, y)) or "WAIT:1")
    corp = (D.COLUMN_X[0] + 5, D.BIG_Y + 5)
    for _ in range(3):
        tap(*corp)
    assert sim.app.screen.status(sim.app.game.state) == "Corp rezzes: 3 cr"
    tap(30, 60)                                          # the ring: do what it says
    assert sim.state()["corp"]["credits"] == credits - 3
    assert list(log_lines(sim.app.game))[-1] == "corp rez 3"
    tap(D.COLUMN_X[1] + 60, D.BIG_Y + 5)                 # the Runner's credits
    assert sim.app.screen.pending.choice(sim.app.game.state)[1] == 1


def test_a_message_longer_than_two_lines_shows_every_line_two_at_a_time():
    """Notices at power-up can add up to more than two lines ("Resumed - Turn 1" and why the
    FRAM is not used): each pair of lines is on the glass for the message's time, in order,
    never only the last two."""
    from glass_reader import glass_text
    sim = play("", settle=3000)
    text = "Resumed - Turn 1 No FRAM at 0x50: saving in the flash; and a fourth line here"
    sim.app.say(text)
    seen = set()
    for _ in range(12):
        sim.run(500)
        seen.update(glass_text(sim.oled).split("\n"))
    from firmware.screens.ui import wrap
    lines = wrap(text, 25)
    assert len(lines) == 4 and all(line in seen for line in lines)
    assert sim.app.toast is None                     # and then it is gone
