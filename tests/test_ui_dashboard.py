"""The dashboard (firmware/netrunner/dashboard.py): its numbers, its bar of actions, the turn, a run
and access, played with the buttons as a player would, through the simulator."""

import pytest

from engine_lite.logtext import do_line
from engine_lite.logtext import log_lines
from simhelp import play, where_shown, choose

END_EARLY = "LEFT,LEFT,LEFT,LONG:OK,OK"    # End held, then the page that asks (clicks left)
HELD = "LONG:OK"        # a held OK, past its first repeat (a whole run, two advances)
SLOW = "HOLD:OK:650"    # a slow press: long, released before the first repeat


def test_gain_a_credit_is_one_press():
    sim = play("OK")
    state = sim.state()
    assert state["corp"]["credits"] == 6 and state["corp"]["clicks"] == 2
    assert sim.app.screen.name == "dashboard"


def test_a_long_ok_where_a_hold_means_nothing_does_nothing_but_say_so():
    """A slightly long OK used to spend a click with nothing said: an OK held (past its first
    repeat, 0.8 s) where a hold means nothing (Draw) is not another action. A slow press, let
    go before that, is a tap: the draw."""
    sim = play("LEFT," + HELD)
    assert sim.state()["corp"]["clicks"] == 3 and not list(log_lines(sim.app.game))
    assert "Hold OK on End" in sim.app.toast
    sim = play("LEFT," + SLOW)
    assert sim.state()["corp"]["clicks"] == 2 and list(log_lines(sim.app.game)) == ["corp draw"]


def test_a_held_ok_on_the_credit_installs_a_card_for_nothing_and_a_slow_one_takes_the_credit():
    """The Corp's installs cost nothing but ice's tax, and DOWN, UP, OK was 3 presses for the
    click token it moves (issue 60): a held OK on +1cr installs for 0, for either side, and
    says so; the cursor stays home, and Adv then names the new remote. A slow press is the
    credit."""
    sim = play(HELD)
    state = sim.state()
    assert state["corp"]["clicks"] == 2 and state["corp"]["credits"] == 5
    assert list(log_lines(sim.app.game))[-1] == "corp install 0"
    assert sim.app.toast == "Corp installed for 0"
    assert sim.app.screen.lit(sim.app.game.state) == "+1cr"
    sim.keys("WAIT:3000,RIGHT")
    assert where_shown(sim, "Adv R1 (has 0)? hold: x2")
    sim = play(SLOW)
    assert sim.state()["corp"]["clicks"] == 2 and sim.state()["corp"]["credits"] == 6
    sim = play("OK,OK,OK,WAIT:1500," + HELD + ",WAIT:3000," + HELD)      # the Runner's turn
    state = sim.state()
    assert state["runner"]["clicks"] == 3 and state["runner"]["credits"] == 5
    assert state["runner"]["grip"] == 4 and sim.app.toast == "Runner installed for 0"


def test_the_dashboards_hold_moment_is_the_buttons_first_repeat():
    from firmware.board.buttons import Button
    from firmware.netrunner.dashboard import Dashboard
    assert Dashboard.HOLD_MS == Button.long_ms + Button.repeat_ms


@pytest.mark.parametrize("gap", [50, 300, 900])
def test_holds_in_a_rhythm_never_end_the_turn_after_the_last_click(gap):
    """Three installs held spend the Corp's clicks and the bar jumps to End: a fourth hold in
    the same rhythm (its press within 1.2 s of the last install) does not end the turn but
    says to pause; each such hold restarts the pause, and a hold after it ends the turn."""
    sim = play(",".join([HELD] * 3 + ["WAIT:%d,%s" % (gap, HELD)] * 3), settle=0)
    assert sim.state()["corp"]["clicks"] == 0
    assert sim.state()["active"] == "corp" and sim.app.toast == "Pause, then hold End"
    assert [line for line in log_lines(sim.app.game) if "end-turn" in line] == []
    sim.keys("WAIT:1300," + HELD)
    assert sim.state()["active"] == "runner"


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
    sim.keys("HOLD:DOWN:800,UP,UP,UP,OK")                     # a trash cost of 2: 1 from bad pub
    state = sim.state()
    assert state["runner"]["credits"] == 4 and state["run"]["accessing"]
    assert list(log_lines(sim.app.game))[-1] == "runner trash 2"
    sim.keys("OK")              # Next (the cursor is on it after a card): the run ends
    assert sim.state()["run"] is None
    assert list(log_lines(sim.app.game))[-2:] == ["runner trash 2", "run success"]


def test_ok_pressed_on_from_a_run_start_does_not_end_the_run():
    """OK, OK, OK... from the Run cell: the run starts, access begins, then Done waits for a
    pause: the run is not ended by momentum."""
    sim = play(END_EARLY + ",WAIT:3000,RIGHT," + ",".join(["OK"] * 6))
    state = sim.state()
    assert state["run"] and state["run"]["accessing"]
    assert sim.app.toast == "Pause, then OK ends run"


def test_a_held_ok_on_access_is_a_run_that_took_nothing():
    """Issue 60: most runs take nothing, and Access, a pause and Done made every run turn two
    presses longer than its tokens. A held OK on Access, named in the captions' row while it is
    lit, accesses and ends the run successfully; a tap still only begins the access."""
    sim = play(END_EARLY + ",WAIT:3000,RIGHT,OK,WAIT:1000")     # Run on HQ
    assert where_shown(sim, "Run on HQ, hold OK: none")
    sim.keys(HELD)
    state = sim.state()
    assert state["run"] is None and state["runner"]["clicks"] == 3
    assert state["runner"]["agenda_points"] == 0 and state["runner"]["credits"] == 5
    assert list(log_lines(sim.app.game))[-3:] == ["runner run hq", "run access", "run success"]
    assert where_shown(sim, "Run successful")
    assert sim.app.screen.lit(sim.app.game.state) == "+1cr"   # the turn goes on from home
    sim.keys("WAIT:1000,RIGHT,OK,WAIT:1000,OK")                 # a tap: access, the run goes on
    assert sim.state()["run"]["accessing"]


def test_a_held_ok_on_run_is_a_whole_run_that_took_nothing():
    """Issue 60: a turn of two runs that met nothing was three presses over its token moves.
    A held OK on Run, named by the Run's question, runs on the chosen server, accesses and ends
    the run in one press; the cursor goes home as after any run. A tap still only runs."""
    sim = play(END_EARLY + ",WAIT:3000,RIGHT")
    assert where_shown(sim, "Run HQ? UP/DN, hold: none")
    sim.keys("UP")
    assert where_shown(sim, "Run R&D? hold: none")          # (UP/DOWN seen on HQ's)
    sim.keys(HELD)
    state = sim.state()
    assert state["run"] is None and state["runner"]["clicks"] == 3
    assert list(log_lines(sim.app.game))[-3:] == ["runner run rd", "run access", "run success"]
    assert where_shown(sim, "Ran on R&D. Run")
    assert sim.app.screen.lit(sim.app.game.state) == "+1cr"   # OK after a run: a credit
    sim.keys("WAIT:1000,OK")
    assert list(log_lines(sim.app.game))[-1] == "runner gain-credit"
    sim.keys("LONG:LEFT,LONG:LEFT,WAIT:300")                   # undo: the credit, the run's end
    assert sim.state()["run"] == {"server": "R&D", "bp_credits": 0, "accessing": True}
    sim.keys("LONG:RIGHT,LONG:RIGHT,WAIT:1000,RIGHT,OK")       # redo both; a tapped Run
    assert sim.state()["run"]["server"] == "HQ" and not sim.state()["run"]["accessing"]


def test_a_held_ok_on_the_runners_payment_pays_and_ends_the_run_taking_nothing():
    """Issue 60: a run that broke ice was Pay, OK, then a held Access. A held OK on the
    Runner's payment before the access, named in its sentence, pays and ends the run (nothing
    taken); a tap only pays; after the access, and on the Corp's rez, a held OK is an OK."""
    sim = play(END_EARLY + ",WAIT:3000,RIGHT,OK,WAIT:1000,DOWN,DOWN")
    assert where_shown(sim, "Runner pays 2, hold: none")
    sim.keys(HELD)
    state = sim.state()
    assert state["run"] is None and state["runner"]["credits"] == 3
    assert list(log_lines(sim.app.game))[-4:] == ["runner run hq", "runner pay 2", "run access",
                                                 "run success"]
    assert where_shown(sim, "Runner paid 2. Run")
    sim.keys("WAIT:1000,RIGHT,OK,WAIT:1000,DOWN,OK")            # a tap: paid, the run goes on
    # (the turn's second run: Run offered R&D, HQ was run)
    assert sim.state()["run"] == {"server": "R&D", "bp_credits": 0, "accessing": False}
    sim.keys("DOWN,DOWN,RIGHT")                                 # the Corp's rez: no hint
    assert where_shown(sim, "Corp rezzes: 2 cr")
    sim.keys("LONG:OK")
    assert sim.state()["run"] == {"server": "R&D", "bp_credits": 0, "accessing": False}
    assert list(log_lines(sim.app.game))[-1] == "corp rez 2"
    sim.keys("WAIT:1000,OK,WAIT:1000,HOLD:DOWN:800,UP,UP,UP")   # in the access: a trash cost
    assert not where_shown(sim, "hold: none")
    sim.keys("LONG:OK")
    assert list(log_lines(sim.app.game))[-2:] == ["runner trash 2", "run success"]


def test_a_slow_press_on_a_cell_whose_hold_is_a_shortcut_does_what_a_tap_does():
    """Issue 60 called a slow press of 650 ms taken for a hold a slip (it opened a number at 5).
    The holds that do more than a tap (a whole run on Run, nothing taken on Access, the payment
    that ends the run, two advances, a purge; undo on LEFT) act at the key's first repeat (0.8
    s): a slower press than a tap, released before it, does what the tap does and nothing
    more."""
    sim = play(END_EARLY + ",WAIT:3000,RIGHT," + SLOW)          # Run: the run begins
    assert sim.state()["run"] == {"server": "HQ", "bp_credits": 0, "accessing": False}
    assert where_shown(sim, "Run on HQ, hold OK: none")
    sim.keys("DOWN,DOWN," + SLOW)                                # the payment: paid only
    assert sim.state()["run"] == {"server": "HQ", "bp_credits": 0, "accessing": False}
    assert sim.state()["runner"]["credits"] == 3
    sim.keys("WAIT:1000," + SLOW)                                # Access: the access begins
    assert sim.state()["run"]["accessing"]
    assert list(log_lines(sim.app.game))[-3:] == ["runner run hq", "runner pay 2", "run access"]
    sim = play("RIGHT," + SLOW + ",WAIT:1500")                   # Adv, 3 clicks: one advance
    assert sim.app.game.state.corp.advancements(1) == 1 and sim.state()["corp"]["clicks"] == 2
    from host_tools.press_budget import VIRUS
    sim = play(VIRUS + ",RIGHT,RIGHT,WAIT:300," + SLOW + ",WAIT:300")   # Acts: the menu
    assert sim.app.screen.name == "actions" and sim.state()["runner"]["virus"] == 1
    sim = play("OK,OK,HOLD:LEFT:650")                           # LEFT: the cursor, no undo
    assert sim.state()["corp"]["credits"] == 7 and sim.app.screen.lit(sim.app.game.state) == "Draw"


def test_a_run_event_costs_one_click_and_starts_the_run():
    sim = choose(play(END_EARLY + ",WAIT:3000"), "Acts", "Run event")
    sim.keys("UP,UP,OK,DOWN,OK")
    state = sim.state()
    assert state["runner"]["clicks"] == 3 and state["runner"]["credits"] == 3
    assert state["run"]["server"] == "R&D"
    assert list(log_lines(sim.app.game))[-1] == "runner run-event rd 2"


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


def test_redrawing_only_what_changed_gives_the_same_picture_as_drawing_it_all():
    """After every press of two scripted rounds, menu trips, pending credit changes, a run, undo
    and redo, the screen drawn part by part is the one a whole redraw gives."""
    from host_tools.scripted_game import scripted_keys, navigation_keys
    from host_tools.screens_catalog import RUNNER_RUN
    keys = ",".join(list(scripted_keys(2)) + list(navigation_keys(17))) + \
        ",UP,UP,RIGHT,DOWN,LEFT,DOWN,RIGHT,OK,HOLD:UP:700,OK,LONG:LEFT,LONG:RIGHT,OK,OK," + \
        RUNNER_RUN + ",DOWN,DOWN,RIGHT,LEFT,OK,LEFT,RIGHT,UP,WAIT:1000,OK,RIGHT,UP,LEFT,LEFT,OK" + \
        ",RIGHT,RIGHT,RIGHT,RIGHT,OK,LEFT,OK,RIGHT,RIGHT,OK,LEFT,WAIT:3000" * 4   # menus, and back
    sim = play("")
    partial_updates = []
    put_back = []             # back to the dashboard: its kept picture put back, then updated
    keep_home = sim.app._keep_home

    def watched(screen):
        rows = keep_home(screen)
        if rows is not None:
            put_back.append(screen)
        return rows

    sim.app._keep_home = watched

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
    assert len(put_back) >= 6             # ... and the dashboard came back from menus, kept


def test_the_bar_is_right_after_a_run_changes_its_cells_and_back():
    """The bar's cells are redrawn one by one; a run's bar has five cells, the turn's six:
    after a run and back, every cell shows the turn's labels (compared with a whole redraw)."""
    # The Runner's turn; a run on HQ; undo it, redo it, undo it again (from the run's bar
    # straight back to the turn's).
    sim = play(END_EARLY + ",WAIT:3000,RIGHT,OK,LONG:LEFT,LONG:RIGHT,LONG:LEFT,WAIT:3000")
    assert not sim.app.game.state.in_run() and sim.app.game.state.active == 1
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


def test_the_corps_turn_begins_with_its_turn_number_and_mandatory_draw():
    sim = play(END_EARLY + ",WAIT:3000,OK,OK,OK,OK,LONG:OK")   # the Runner spends 4, ends
    assert sim.state()["active"] == "corp" and sim.state()["turn"] == 2
    assert sim.app.toast == "Turn 2: Corp draws 1"


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
    assert where_shown(sim, "credits") and not where_shown(sim, "Credit; hold: install 0")
    sim.keys("RIGHT")
    assert where_shown(sim, "Adv R1 (has 0)? hold: x2")      # a number cell: the remote
    sim.keys("RIGHT")
    assert where_shown(sim, "Actions, with their costs")
    sim.keys("LEFT,LEFT")
    assert where_shown(sim, "Credit; hold: install 0")
    sim.keys("OK")
    sim.run(3000)                                     # the message goes
    assert where_shown(sim, "credits") and not where_shown(sim, "Credit; hold: install 0")
    from host_tools.screens_catalog import RUNNER_RUN
    sim = play(RUNNER_RUN + ",WAIT:3000,RIGHT,RIGHT")
    assert where_shown(sim, "Fails; hold: jack out")


def test_in_a_run_rez_is_a_right_from_access_and_the_cursor_comes_home_for_the_payment():
    """Issue 60: a run with a rez for 3 and a break for 2 was 10 presses, the rez 5 of them
    (DOWN x3, RIGHT to the ring's Rez, OK). The run's bar has Rez a RIGHT from Access, at 3
    (UP/DOWN change it, as the row says before OK); OK rezzes, and the cursor goes home to
    Access, where DOWN is the Runner's payment: RIGHT, OK, RIGHT, OK, DOWN, DOWN, held OK is the
    whole run, 7 presses."""
    from host_tools.press_budget import RUNNER_TURN
    sim = play(RUNNER_TURN + ",WAIT:3000,RIGHT,OK,WAIT:1000,RIGHT")
    assert where_shown(sim, "Corp rezzes for 3? UP/DN")
    sim.keys("UP")
    assert where_shown(sim, "Corp rezzes for 4? UP/DN")
    corp = sim.state()["corp"]["credits"]
    sim.keys("OK")
    assert sim.state()["corp"]["credits"] == corp - 4 and sim.app.toast == "Corp rezzed for 4"
    assert list(log_lines(sim.app.game))[-1] == "corp rez 4"
    assert sim.app.screen.lit(sim.app.game.state) == "Access"
    sim.keys("DOWN,DOWN,LONG:OK")
    assert list(log_lines(sim.app.game))[-3:] == ["runner pay 2", "run access", "run success"]


def test_fail_ends_the_run_and_a_held_ok_on_it_jacks_out():
    from host_tools.screens_catalog import RUNNER_RUN
    sim = play(RUNNER_RUN + ",WAIT:3000,RIGHT,RIGHT,OK")
    assert list(log_lines(sim.app.game))[-1] == "run fail" and not sim.app.game.state.in_run()
    assert sim.app.toast == "Run failed"
    sim = play(RUNNER_RUN + ",WAIT:3000,RIGHT,RIGHT," + HELD)
    assert list(log_lines(sim.app.game))[-1] == "run jack-out" and not sim.app.game.state.in_run()
    assert sim.app.toast == "Runner jacked out"
    sim = play(RUNNER_RUN + ",WAIT:3000,RIGHT,RIGHT," + SLOW)           # a slow press: a tap
    assert list(log_lines(sim.app.game))[-1] == "run fail"


def test_a_message_never_covers_what_run_steal_or_adv_will_do():
    """Issue 35: within 2.5 s of an action the row saying what UP/DOWN/OK will do on Run was
    under the message (a run went to Archives unseen). The message now goes under the row."""
    from simhelp import where_shown
    from host_tools.screens_catalog import END_EARLY
    sim = play(END_EARLY + ",WAIT:3000,LEFT,OK,WAIT:100", settle=0)   # the Runner draws
    assert sim.app.toast                                      # said, and still showing
    sim.keys("RIGHT,RIGHT,WAIT:50")                           # Run lit
    assert sim.app.toast and where_shown(sim, "Run HQ? UP/DN, hold: none")
    sim.keys("UP,UP,WAIT:50")                                 # the server changes: seen
    assert where_shown(sim, "Run Archives? hold: none")
    sim = play("LEFT,OK,WAIT:100,RIGHT,RIGHT,WAIT:50", settle=0)    # the Corp draws, Adv lit
    assert sim.app.toast and where_shown(sim, "Adv R1 (has 0)? hold: x2")


def test_the_corp_advances_a_remote_and_scores_its_agenda_from_it():
    """Adv counts the advancement counters of the remote it names (UP/DOWN choose which): the
    row under the numbers says how many it has, a score takes them with the agenda."""
    from simhelp import where_shown
    sim = play("RIGHT,OK,WAIT:1500,RIGHT,OK")                # Adv (remote 1) twice
    assert list(log_lines(sim.app.game))[-2:] == ["corp advance remote1"] * 2
    assert sim.app.game.state.corp.advancements(1) == 2
    assert sim.app.toast == "Remote 1: 2 advancements"      # the message, then the cell again
    sim.run(3000)
    sim.keys("RIGHT")                                        # (the cursor went home)
    assert where_shown(sim, "Advance R1 (has 2)? UP/DN")     # (one click left: one advance)
    sim.keys("UP,OK,WAIT:1500")                              # remote 2: its own counter
    assert list(log_lines(sim.app.game))[-1] == "corp advance remote2"
    assert [sim.app.game.state.corp.advancements(n) for n in (1, 2)] == [2, 1]
    sim = play("RIGHT," + HELD + ",WAIT:1500,UP,UP,RIGHT")
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


def test_access_on_a_remote_being_advanced_starts_on_steal_and_an_ok_in_the_rhythm_waits():
    """Issue 60: a run on the remote the Corp advances, with a rez, a break and a steal, was a
    press over its token moves + 2. Access there starts on Steal, which asks first, saying
    where the access is ("Access Remote 1: steal 2?"); an OK pressed on in the rhythm of the
    one that began the access only says to pause (no run of OK presses steals), an OK after
    the pause steals. On HQ (and a remote with no counters) access starts on Done, as
    before."""
    from host_tools.press_budget import RUNNER_TURN
    sim = play("RIGHT,OK,WAIT:1500,OK,OK,WAIT:1500,LONG:OK,WAIT:3000")   # remote 1: 1 counter
    assert sim.state()["corp"]["remote1_advancements"] == 1
    sim.keys("RIGHT,DOWN,OK,WAIT:1000,OK")                  # Run, Remote 1, access
    assert sim.app.screen.lit(sim.app.game.state) == "Steal"
    assert where_shown(sim, "Access Remote 1: steal 2?")
    sim.keys("OK")                                          # in the rhythm: waits
    assert sim.app.toast == "Pause, then OK steals" and sim.state()["runner"]["agenda_points"] == 0
    sim.keys("WAIT:1000,OK,WAIT:300")
    assert list(log_lines(sim.app.game))[-2:] == ["runner steal 2", "run success"]
    sim = play(RUNNER_TURN + ",RIGHT,OK,WAIT:1000,OK")
    assert sim.app.screen.lit(sim.app.game.state) == "Done"


def test_after_a_power_cut_adv_starts_on_the_remote_with_the_most_counters():
    from firmware.netrunner.dashboard import Dashboard
    sim = play("RIGHT,UP,UP," + HELD + ",WAIT:3000")   # remote 3, twice (held)
    assert sim.app.game.state.corp.advancements(3) == 2
    sim.app.screens[0] = Dashboard()                         # as built at power-up
    sim.app.full_redraw = True
    sim.keys("RIGHT")                                        # from +1cr, where it starts
    assert sim.app.screen.status(sim.app.game.state) == "Advance R3 (has 2)? UP/DN"


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


def runners_turn():
    """A simulator in the Runner's first turn (the Corp's three credits taken, its turn over)."""
    sim = play("")
    for line in ("corp gain-credit", "corp gain-credit", "corp gain-credit", "corp end-turn"):
        do_line(sim.app.game, line)
    sim.app.changed()
    sim.run(3000)
    return sim


def test_a_steal_that_ends_the_run_is_said_with_the_runs_end():
    """Issue 60: RIGHT, OK, OK, RIGHT, OK stole 2 points and the glass said only "Run
    successful: over"."""
    sim = runners_turn()
    sim.keys("RIGHT,OK,OK,RIGHT,OK")                   # Run on HQ, Access, Steal
    assert sim.state()["runner"]["agenda_points"] == 2
    assert sim.app.toast == "Runner stole 2 points. Run successful: over"


def test_after_a_steal_with_cards_left_the_next_ok_is_next_not_another_steal():
    """Issue 60: with one more card to access, the cursor stayed on Steal, and the OK meant as
    Next stole again."""
    sim = runners_turn()
    sim.keys("RIGHT,OK,OK,LEFT,OK,RIGHT,RIGHT,OK")     # Access, +1 card, Steal
    assert sim.state()["runner"]["agenda_points"] == 2 and sim.app.toast == "Runner stole 2 points"
    sim.keys("WAIT:1000,OK")                            # the OK meant as Next: the run ends
    assert sim.state()["runner"]["agenda_points"] == 2 and not sim.app.game.state.in_run()


def test_after_an_install_adv_names_the_new_remote():
    """Issue 60: after an install in a new remote, the Adv cell still named R1 (a second remote
    and its advances cost a press more than the tokens). A card just installed is most likely
    in the remote after the last one with counters."""
    sim = play("RIGHT,OK,WAIT:1500")                       # R1 advanced once
    sim.keys("DOWN,DOWN,OK,WAIT:1500")                     # an install for 2 (the ring)
    assert list(log_lines(sim.app.game))[-1] == "corp install 2"
    sim.keys("RIGHT,OK,WAIT:1500")                         # Adv: the new remote
    assert list(log_lines(sim.app.game))[-1] == "corp advance remote2"


def test_after_an_advance_ok_takes_a_credit_and_a_held_ok_on_adv_advances_twice():
    """Issue 60: a credit right after an advance was LEFT, OK (the cursor stayed on Adv). The
    cursor goes home after an advance, so OK is +1cr; two advances are a held OK on Adv, as
    its words say while the side has the clicks and credits for two (else one, as a tap)."""
    sim = play("RIGHT,OK,WAIT:1500")
    assert sim.app.screen.lit(sim.app.game.state) == "+1cr"
    sim.keys("OK")
    assert list(log_lines(sim.app.game))[-2:] == ["corp advance remote1", "corp gain-credit"]
    sim = play("RIGHT")
    assert where_shown(sim, "Adv R1 (has 0)? hold: x2")
    sim.keys(HELD)
    assert list(log_lines(sim.app.game))[-2:] == ["corp advance remote1"] * 2
    assert sim.state()["corp"]["clicks"] == 1 and sim.state()["corp"]["credits"] == 3
    assert sim.app.toast == "Remote 1: 2 advancements"
    sim.keys("WAIT:3000,RIGHT")                           # one click left: no x2, one advance
    assert where_shown(sim, "Advance R1 (has 2)? UP/DN")
    sim.keys(HELD)
    assert sim.app.game.state.corp.advancements(1) == 3 and sim.state()["corp"]["clicks"] == 0
    sim.keys("WAIT:300,LONG:LEFT,LONG:LEFT,WAIT:300")    # undo: one advance at a time
    assert sim.app.game.state.corp.advancements(1) == 1


def test_with_virus_counters_a_held_ok_on_acts_purges_and_says_so_first():
    """Issue 60: a purge took Acts, OK, OK (4 presses). With virus counters on the tracker, the
    Corp's Acts says once the cursor is on it that a held OK purges them, and it does: RIGHT,
    RIGHT and a held OK. Without counters, and in the Runner's turn, a held OK on Acts opens
    the actions as a tap does (no purge for nothing)."""
    from host_tools.press_budget import VIRUS, RUNNER_TURN
    sim = play(VIRUS + ",RIGHT,RIGHT,WAIT:300")
    assert sim.state()["runner"]["virus"] == 1
    assert where_shown(sim, "Hold OK: purge 1 virus")
    sim.keys(HELD + ",WAIT:300")
    assert list(log_lines(sim.app.game))[-1] == "corp purge"
    assert sim.state()["runner"]["virus"] == 0
    for start in ("", RUNNER_TURN):
        sim = play(start + ",RIGHT,RIGHT,WAIT:300" if start else "RIGHT,RIGHT,WAIT:300")
        assert where_shown(sim, "Actions, with their costs")
        count = sim.app.game.count
        sim.keys("LONG:OK,WAIT:300")
        assert sim.app.screen.name == "actions" and sim.app.game.count == count


def test_down_from_hq_on_run_is_the_remote_being_advanced():
    """Issue 60: a remote was UP x3 away on Run, and DOWN stayed on HQ. A tap of DOWN from HQ
    goes to the last remote with advancement counters (remote 1 when none has any), said
    before OK; on down from there, Archives, R&D and HQ; a held DOWN stops at HQ."""
    from simhelp import where_shown
    from host_tools.press_budget import RUNNER_TURN, REMOTE, END
    sim = play(RUNNER_TURN + ",RIGHT,DOWN")                   # nothing advanced: remote 1
    assert where_shown(sim, "Run Remote 1? hold: none")
    sim.keys("DOWN")
    assert where_shown(sim, "Run Archives? hold: none")
    sim = play(REMOTE + ",RIGHT,UP," + HELD + ",WAIT:1500,RIGHT,OK," + END + ",WAIT:3000")
    assert sim.app.game.state.corp.advancements(2) == 3      # remote 1: 2, remote 2: 3
    sim.keys("RIGHT,DOWN")
    assert where_shown(sim, "Run Remote 2? hold: none")
    sim.keys("OK")
    assert list(log_lines(sim.app.game))[-1] == "runner run remote2"
    sim = play(RUNNER_TURN + ",RIGHT,HOLD:DOWN:1500")          # held: no runaway round
    assert where_shown(sim, "Run HQ? UP/DN, hold: none")


def test_run_offers_the_first_central_server_not_run_this_turn():
    """Issue 60: a turn of two runs, HQ then R&D, took an UP for the second (three presses over
    its token moves). Run starts on the first of HQ, R&D and Archives the Runner has not run
    this turn, named as the cursor arrives; an undone run is not a run; a new turn is HQ."""
    sim = play(END_EARLY + ",WAIT:3000,RIGHT")
    assert where_shown(sim, "Run HQ?")
    sim.keys(HELD + ",WAIT:1500,RIGHT")                 # a run on HQ that took nothing
    assert where_shown(sim, "Run R&D?")
    sim.keys(HELD + ",WAIT:1500,RIGHT")
    assert where_shown(sim, "Run Archives?")
    sim.keys("LONG:LEFT,WAIT:500,LONG:LEFT,WAIT:500,LONG:LEFT,WAIT:500")   # R&D's run undone
    assert list(log_lines(sim.app.game))[-3:] == ["runner run hq", "run access", "run success"]
    sim.keys("LEFT,RIGHT,RIGHT")                      # (the cursor went home: +1cr)
    assert where_shown(sim, "Run R&D?")
    sim.keys("UP,UP," + HELD + ",WAIT:1500,RIGHT")      # Remote 1 run: R&D still not run
    assert list(log_lines(sim.app.game))[-3][:16] == "runner run remot"
    assert where_shown(sim, "Run R&D?")
    sim.keys("RIGHT,RIGHT," + HELD + ",OK,WAIT:3000")   # End: the turn ends (clicks left)
    sim.keys(END_EARLY + ",WAIT:3000,RIGHT")          # the Corp's turn, then the Runner's
    assert where_shown(sim, "Run HQ?")
