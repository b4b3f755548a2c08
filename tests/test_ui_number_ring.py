"""The number ring (firmware/netrunner/purposes.py): UP/DOWN on the dashboard start a number,
LEFT/RIGHT choose what it is for, OK does it; what it says before and after."""

from engine_lite.logtext import log_lines, log_text
from simhelp import play, where_shown, choose
from glass_reader import glass_text
from host_tools.screens_catalog import ACTS


def test_spend_credits_is_two_presses_and_long_press_counts_five():
    sim = play("DOWN,OK")
    assert sim.state()["corp"]["credits"] == 4
    sim = play("UP,HOLD:UP:700,OK")   # +1, then +5 on the long press
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


def test_a_number_left_alone_expires_with_a_word():
    sim = play("DOWN,DOWN")
    sim.run(9000)
    assert sim.app.screen.pending is not None
    sim.run(1500)
    assert sim.app.screen.pending is None and sim.app.toast == "Unused number dropped"
    assert sim.state()["corp"]["credits"] == 5


def test_a_payment_too_large_is_refused_with_the_reason_and_the_number_dropped():
    sim = play("HOLD:DOWN:800,DOWN,RIGHT,RIGHT,RIGHT,OK")   # -6: the Corp pays 6, it has 5
    assert sim.app.toast == "! Needs 6 credits, has 5. Number dropped"
    assert sim.state()["corp"]["credits"] == 5 and sim.app.screen.pending is None
    sim.keys("DOWN,DOWN,DOWN,DOWN,DOWN,RIGHT,RIGHT,RIGHT,OK")     # a new number: pays 5
    assert sim.state()["corp"]["credits"] == 0


def test_install_play_and_ice_in_a_few_presses():
    sim = play("DOWN,DOWN,OK,DOWN,LEFT,OK,DOWN,RIGHT,OK,OK")    # the ice prompt starts at 1
    assert list(log_lines(sim.app.game)) == ["corp install 2", "corp play 1",
                                              "corp install-ice 1 1"]
    assert sim.state()["corp"]["credits"] == 0 and sim.state()["corp"]["clicks"] == 0


def test_the_corp_rezzes_in_the_runners_run_named_and_logged_as_a_rez():
    from host_tools.screens_catalog import RUNNER_RUN
    sim = play(RUNNER_RUN + ",WAIT:3000,DOWN,DOWN,DOWN,DOWN")
    pending = sim.app.screen.pending
    assert pending.sentence(sim.app.game.state) == "Runner pays 4, hold: none"    # breakers first
    sim.keys("RIGHT")
    assert pending.sentence(sim.app.game.state) == "Corp rezzes: 4 cr"
    sim.keys("OK")
    assert list(log_lines(sim.app.game))[-1] == "corp rez 4"
    assert sim.state()["corp"]["credits"] == 1 and sim.state()["run"]["server"] == "R&D"


def test_held_credits_speed_up_where_the_player_sees_them():
    """A number held on starts slow (a press: 1, the hold: 5, then 1 a repeat for over a second)
    and only then runs 5 at a time: 4 s gave 95 credits at once."""
    sim = play("UP")                                 # a pending number on the dashboard
    sim.keys("HOLD:UP:1500")
    slow = sim.app.screen.pending.delta
    assert slow <= 12
    sim.keys("HOLD:UP:4000")
    assert sim.app.screen.pending.delta - slow <= 70


def test_holding_left_first_drops_a_pending_change_then_undoes():
    sim = play("OK,UP,UP")                       # a credit, then +2 pending
    assert sim.app.screen.pending.delta == 2
    sim.keys("LONG:LEFT")                        # the pending change goes, the credit stays
    assert sim.app.screen.pending is None and sim.state()["corp"]["credits"] == 6
    sim.keys("LONG:LEFT")                        # now the credit is undone
    assert sim.state()["corp"]["credits"] == 5


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
    sim = play("HOLD:DOWN:800,DOWN,RIGHT,RIGHT,RIGHT,OK", settle=50)   # pay 6 with 5: refused
    assert sim.app.toast == "! Needs 6 credits, has 5. Number dropped"
    assert where_shown(sim, "Needs 6 credits") and sim.app.screen.pending is None
    assert not where_shown(sim, "Corp pays 6 cr")
    assert sim.state()["corp"]["credits"] == 5


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


def test_a_flatline_from_the_number_ring_says_so_first_and_a_held_ok_records_it():
    """Meat damage past the grip's count, chosen with UP (held) and LEFT: the row under the
    numbers says it ends the game before anything is done, and a held OK is the yes (make
    bench: record a flatline, 3 presses). A tap asks first, as from More > Counters, with the
    grip's count to correct."""
    from simhelp import where_shown
    sim = play("HOLD:UP:1000,LEFT")                               # 6, Meat
    assert where_shown(sim, "Flatline: 6 meat, grip 5")       # the count it is judged by
    assert sim.app.game.count == 0
    sim.keys("LONG:OK,WAIT:500")
    assert sim.state()["winner"] == "corp" and sim.state()["win_reason"] == "flatline"
    assert sim.app.screen.name == "win"
    tapped = play("HOLD:UP:1000,LEFT,OK")
    assert tapped.app.screen.name == "flatline" and tapped.app.game.count == 0


def test_a_held_ok_on_a_number_that_does_not_end_the_game_does_what_a_tap_does():
    sim = play("UP,UP,LONG:OK,WAIT:300")                         # Gain 2, OK held
    assert sim.app.game.state.corp.credits == 7 and sim.app.screen.name == "dashboard"


def test_the_agenda_that_wins_from_the_number_ring_says_so_and_takes_a_held_ok():
    from simhelp import where_shown
    sim = play("HOLD:UP:1000,UP,RIGHT")                           # 7 points, Score
    assert where_shown(sim, "Score 7 wins: hold OK")
    sim.keys("OK")                                               # a tap asks first
    assert sim.app.game.state.winner < 0 and sim.app.screen.name == "confirm"
    sim = play("HOLD:UP:1000,UP,RIGHT,LONG:OK,WAIT:500")
    assert sim.state()["winner"] == "corp" and sim.state()["win_reason"] == "agenda"


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


def test_a_slow_press_opens_the_number_at_one_not_five():
    """Issue 60: UP held 650 ms (a slow press, past the long press's 600) opened the ring at 5;
    LEFT, OK then gave "5 meat damage: trash 5 at random"."""
    from simhelp import play
    sim = play("HOLD:UP:650")
    assert sim.app.screens[0].pending.delta == 1
    sim.keys("HOLD:DOWN:650")                  # the ring open: a long press moves it by 5
    assert sim.app.screens[0].pending.delta == -4
    sim = play("HOLD:UP:800")                  # held on past its first repeat: the 5 of old
    assert sim.app.screens[0].pending.delta == 5


def test_any_amount_up_to_15_either_way_is_three_presses_at_most():
    """Issue 60: any number 0-15 (gained or paid) is on the ring in three presses at most, a
    hold counting as one: a hold runs 1, 5, 6, ... 12, then in fives, each value on the glass
    for a repeat's time, where the player lets go; taps after it add or take one. Every value
    a hold can stop at is found by holding for 20 ms more each time (from 0.1 to 3 s)."""
    for key in ("UP", "DOWN"):
        stops = set()
        for ms in range(100, 3000, 20):
            sim = play("HOLD:%s:%d" % (key, ms))
            stops.add(abs(sim.app.screen.pending.delta))
        assert max(stops) >= 15
        for amount in range(1, 16):
            presses = min([amount] + [1 + abs(amount - stop) for stop in stops])
            assert presses <= 3, (key, amount, sorted(stops))
    # (and a hold's value is the number OK then does: 10 less one gained, 5 less one paid)
    sim = play("HOLD:UP:1700,DOWN,OK")
    assert sim.app.game.state.corp.credits == 5 + 9
    sim = play("HOLD:DOWN:800,UP,OK")
    assert sim.app.game.state.corp.credits == 5 - 4


def test_while_the_runner_accesses_up_offers_a_traps_damage_first():
    """Issue 60: a snare's damage took UP, UP and three RIGHTs past Gain, Net and Tag. While the
    Runner accesses, what goes up is a trap's doing: UP UP OK is 2 net damage, a RIGHT more
    meat, two a tag; before the access (in the run) and outside runs, UP still gains first."""
    from host_tools.press_budget import RUNNER_TURN, RUN_HQ, ACCESS
    sim = play(RUNNER_TURN + "," + RUN_HQ + ",UP,UP")
    assert sim.app.screen.pending.sentence(sim.app.game.state) == "Runner gains 2 cr"
    sim.keys("LONG:LEFT," + ACCESS + ",UP,UP")          # (dropped), then the access
    sentence = sim.app.screen.pending.sentence
    assert "2 net damage" in sentence(sim.app.game.state)
    sim.keys("RIGHT")
    assert "2 meat damage" in sentence(sim.app.game.state)
    sim.keys("RIGHT")
    assert "tag" in sentence(sim.app.game.state).lower()
    sim.keys("LEFT,LEFT,OK")
    assert list(log_lines(sim.app.game))[-1] == "runner damage net 2"


def test_an_economy_event_played_before_is_offered_again_at_its_payment():
    """Issue 60: an economy event played before in this game (Sure Gamble: play 5, then gain 9)
    is a held DOWN and OK to play again: at its payment the ring offers it first, and says
    both before OK. Learned from the game's own history, for the side that played it; another
    payment, the other side's turn and a run offer the ring as before."""
    from host_tools.press_budget import RUNNER_TURN, RUN_HQ, ECONOMY
    sim = play(RUNNER_TURN + "," + ECONOMY + ",WAIT:3000,DOWN,DOWN,DOWN,DOWN")
    sentence = lambda: sim.app.screen.pending.sentence(sim.app.game.state)
    assert sentence() == "Runner installs: 4 cr"          # 4: no event paid 4
    sim.keys("DOWN")
    assert sentence() == "Runner plays 5, gains 9"        # 5: Sure Gamble again, first
    assert sim.app.screen.pending.choice(sim.app.game.state)[0] == "Again"   # the lit choice
    credits = sim.state()["runner"]["credits"]
    sim.keys("OK,WAIT:300")
    assert list(log_lines(sim.app.game))[-2:] == ["runner play 5", "runner gain 9"]
    assert sim.state()["runner"]["credits"] == credits + 4
    assert "played 5 and gained 9" in glass_text(sim.oled).replace("\n", " ")
    sim.keys("LONG:LEFT,WAIT:300")                         # undo: the gain first
    assert list(log_lines(sim.app.game))[-1] == "runner play 5"
    sim.keys("LONG:RIGHT,WAIT:300," + RUN_HQ + ",HOLD:DOWN:800")
    assert sentence() == "Runner pays 5, hold: none"     # in a run: breakers first, as ever
    corp = play(ECONOMY + ",WAIT:3000," + RUNNER_TURN + ",HOLD:DOWN:800")   # the Corp's, then
    assert list(log_lines(corp.app.game))[-3:-1] == ["corp play 5", "corp gain 9"]
    assert corp.app.screen.pending.sentence(corp.app.game.state) == "Runner installs: 5 cr"


def test_an_economy_event_of_a_payment_of_0_does_not_take_install_for_0():
    """A card played for 0, then credits gained (Easy Mark): DOWN, UP, OK still installs a card
    costing 0."""
    from host_tools.press_budget import RUNNER_TURN
    sim = play(RUNNER_TURN + ",DOWN,UP,LEFT,OK,WAIT:1500,UP,UP,UP,OK,WAIT:3000,DOWN,UP")
    assert list(log_lines(sim.app.game))[-2:] == ["runner play 0", "runner gain 3"]
    assert sim.app.screen.pending.sentence(sim.app.game.state) == "Runner installs: 0 cr"


def test_an_economy_event_undone_is_no_longer_offered():
    """What the ring learned goes with the actions it was learned from: Sure Gamble played, a
    number opened (the event offered), then the gain and the play undone: a held DOWN to 5
    offers an install again."""
    from host_tools.press_budget import RUNNER_TURN, ECONOMY
    sim = play(RUNNER_TURN + "," + ECONOMY + ",WAIT:3000,HOLD:DOWN:800")
    assert sim.app.screen.pending.choice(sim.app.game.state)[0] == "Again"
    sim.keys("LONG:LEFT,LONG:LEFT,WAIT:300,LONG:LEFT,WAIT:300")   # dropped; gain, play undone
    assert list(log_lines(sim.app.game))[-1] == "corp end-turn"
    sim.keys("HOLD:DOWN:800")
    assert sim.app.screen.pending.sentence(sim.app.game.state) == "Runner installs: 5 cr"


def test_the_ring_counts_tags_and_clicks_in_the_plural_from_two():
    """The ring said "Runner takes 4 tag" and "Runner gains 2 click": a count is said as a
    player says it, on the glass too, before OK."""
    sim = play("UP,RIGHT,RIGHT")                               # 1 tag for the Runner
    assert "Runner takes 1 tag" in glass_text(sim.oled)
    sim.keys("UP")
    assert "Runner takes 2 tags" in glass_text(sim.oled)
    from host_tools.press_budget import RUNNER_TURN
    sim = play(RUNNER_TURN + ",UP")                            # the Runner's, round to clicks
    sentence = lambda: sim.app.screen.pending.sentence(sim.app.game.state)
    for _ in range(12):
        if "click" in sentence():
            break
        sim.keys("RIGHT")
    assert sentence().endswith("gains 1 click"), sentence()
    sim.keys("UP")
    assert sentence().endswith("gains 2 clicks"), sentence()
    assert "gains 2 clicks" in glass_text(sim.oled)


def test_a_sentence_too_wide_for_the_glass_drops_the_side_and_still_begins_with_a_word():
    """"Runner: virus counters +12" is wider than the screen: without the side's name it read
    " virus counters +12", a blank first; each wide sentence starts with its capital."""
    from host_tools.press_budget import RUNNER_TURN
    sim = play(RUNNER_TURN + ",UP")
    sentence = lambda: sim.app.screen.pending.sentence(sim.app.game.state)
    for _ in range(12):
        if "virus" in sentence():
            break
        sim.keys("RIGHT")
    sim.keys(",".join(["UP"] * 11))
    assert sentence() == "Virus counters +12"
    assert "Virus counters +12" in glass_text(sim.oled)
    sim = play("UP,RIGHT,RIGHT,OK,WAIT:3000,DOWN,DOWN")        # tagged: a resource trashed
    assert sentence() == "Trashes a resource: 2 cr"
