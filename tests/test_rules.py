"""Unit tests of rules a player would notice, beyond the scenario files."""

import pytest
from hypothesis import given, settings, strategies as st

from engine_lite.game import Game
from engine_lite.logtext import do_line
from engine_lite.netrunner.state import new_game, CORP, RUNNER, PHASE_DISCARD
from engine_lite.netrunner.rules import apply, Refused
from engine_lite.netrunner import rules
from engine_lite.netrunner import actions as A
from engine_lite import logtext
from engine_lite.netrunner.logline import format_action
from strategies import an_action, _COMMON


def play(lines, game=None):
    game = game or Game()
    for line in lines:
        do_line(game, line)
    return game


def test_refusal_leaves_the_state_exactly_as_it_was():
    game = play(["corp gain-credit", "corp gain-credit", "corp gain-credit"])
    before = game.state.pack()
    count = game.count
    with pytest.raises(Refused) as refused:
        do_line(game, "corp draw")
    assert str(refused.value) == "No clicks left: end the turn"
    assert game.state.pack() == before
    assert game.count == count


def test_apply_does_not_touch_the_state_it_is_given():
    start = new_game()
    packed = start.pack()
    new, _ = apply(start, A.action(A.GAIN_CREDIT, CORP))
    assert start.pack() == packed
    assert new.corp.credits == 6


def test_refusal_reasons_are_one_short_line():
    game = Game()
    reasons = []
    for line in ["runner draw", "corp purge 1", "corp trash-resource", "run success",
                 "corp forfeit 1", "corp pay 9", "runner remove-tag"]:
        try:
            do_line(game, line)
        except (Refused, logtext.LogError) as error:
            reasons.append(str(error))
    assert len(reasons) == 7
    for reason in reasons:
        assert "\n" not in reason and 0 < len(reason) <= 60


def test_corp_first_turn_has_three_clicks_and_the_draw_taken():
    game = Game(new_game())
    do_line(game, "corp rnd 30")
    # The first draw happened before R&D was tracked; the next Corp turn draws from it.
    play(["corp end-turn", "runner end-turn"], game)
    assert game.state.corp.rnd == 29
    assert game.state.corp.clicks == 3
    assert game.state.turn == 2


def test_spending_the_last_click_enters_the_discard_phase():
    game = play(["corp gain-credit"] * 3)
    assert game.state.phase == PHASE_DISCARD
    play(["corp clicks +1"], game)
    assert game.state.phase != PHASE_DISCARD


def test_runner_discards_down_to_max_hand_size_at_end_of_turn():
    game = play(["corp end-turn", "runner grip 9", "runner damage brain 1", "runner end-turn"])
    assert game.state.runner.grip == 4


def test_seven_points_win_at_once_even_mid_turn():
    game = play(["corp score 7"])
    assert game.state.winner == CORP
    assert game.state.corp.clicks == 3  # nothing else happened


def test_runner_cannot_score_and_corp_cannot_steal():
    game = Game()
    with pytest.raises(logtext.LogError):
        do_line(game, "runner score 2")
    with pytest.raises(Refused):
        game.do(A.action(A.SCORE, RUNNER, 2))


def test_undo_many_steps_back_to_the_start_and_redo_them():
    game = Game()
    states = [game.state.pack()]
    for i in range(300):
        line = ("corp gain-credit", "corp end-turn", "runner draw", "runner end-turn")[i % 4]
        if line == "corp gain-credit" and game.state.active == RUNNER:
            line = "runner end-turn"
        try:
            do_line(game, line)
        except Refused:
            do_line(game, ("corp", "runner")[game.state.active] + " end-turn")
        states.append(game.state.pack())
    assert len(game.checkpoints) > 3
    for expected in reversed(states[:-1]):
        game.undo()
        assert game.state.pack() == expected
    with pytest.raises(Refused):
        game.undo()
    for expected in states[1:]:
        game.redo()
        assert game.state.pack() == expected
    with pytest.raises(Refused):
        game.redo()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(an_action(), _COMMON, _COMMON), max_size=12),
       st.lists(st.one_of(an_action(), _COMMON, _COMMON), min_size=1, max_size=70))
def test_a_journal_records_actions_come_back_all_or_none(before, record):
    """Power-up's replay of a journal record (Game.replay: one copy of the state, its
    limits checked at the end) gives what applying them one by one gives, checkpoints
    included, and a record with an action the rules refuse changes nothing at all."""
    game = Game()
    for act in before:
        try:
            game.do(act)
        except Refused:
            pass
    one_by_one = Game()
    one_by_one.history, one_by_one.count = bytearray(game.history), game.count
    one_by_one.state, one_by_one.checkpoints = game.state, list(game.checkpoints)
    refused = None
    for act in record:
        try:
            one_by_one.replay((act,))
        except Refused as error:
            refused = error
            break
    kept = (game.state.pack(), bytes(game.history), game.count, list(game.checkpoints))
    if refused is None:
        game.replay(record)
        assert game.state.pack() == one_by_one.state.pack()
        assert (game.history, game.count) == (one_by_one.history, one_by_one.count)
        assert game.checkpoints == one_by_one.checkpoints
    else:
        with pytest.raises(Refused):
            game.replay(record)
        assert (game.state.pack(), bytes(game.history), game.count,
                list(game.checkpoints)) == kept


def test_a_journal_record_ending_past_a_limit_is_refused_whole():
    game = Game()
    flood = [(A.HAND_SIZE, CORP, 9, 0, 0)] * 12      # +108: past the modifier's +99 at the end
    with pytest.raises(Refused, match="limit"):
        game.replay(flood)
    assert game.count == 0 and game.state.pack() == new_game().pack()


def test_a_new_action_clears_redo():
    game = play(["corp gain-credit", "undo", "corp draw"])
    with pytest.raises(Refused):
        game.redo()


def test_log_round_trips_through_text():
    game = play(["corp install-ice 2 1", "corp end-turn", "runner run remote3", "runner pay 1",
                 "run jack-out", "runner damage brain 1", "runner hand-size +2", "runner grip 4",
                 "trace 4 0 1", "runner set max-hand-size 3", "set agenda-target 5"],
                Game(new_game(agenda_target=6, runner_link=1)))
    again = Game()
    for line in logtext.log_text(game).splitlines():
        do_line(again, line)
    assert again.state.pack() == game.state.pack()
    assert again.history == game.history


def test_every_verb_formats_and_parses_back():
    samples = ["corp install 3", "corp install-ice 1 2", "runner play 0", "corp ability 2 3",
               "runner tags -2", "corp bad-publicity +1", "runner damage meat 4", "run fail",
               "trace 1 2 3", "set agenda-target 9", "corp set rnd off", "runner set tags 4",
               "runner mu 5", "runner run archives", "corp hand-size -1", "runner clicks +2"]
    for line in samples:
        act = logtext.parse(line)
        assert logtext.parse(format_action(act)) == act
        out = bytearray()
        rules.encode(act, out)
        assert rules.decode(out, 0) == (act, len(out))


@pytest.mark.parametrize("line, reason", [
    ("corp fly", "the corp has no action 'fly'"),
    ("runner damage psychic 2", "damage is net, meat or brain"),
    ("runner tags 2", "needs a sign"),
    ("corp gain lots", "not a number"),
    ("corp gain", "missing argument"),
    ("corp gain 1 2", "unexpected '2'"),
    ("runner run moon", "unknown server"),
    ("hello", "unknown line start"),
    ("new-game agenda-target 0", "agenda-target must be 1 to 99"),
])
def test_malformed_lines_say_what_is_wrong(line, reason):
    with pytest.raises(logtext.LogError) as error:
        logtext.parse(line)
    assert reason in str(error.value)


def test_a_turn_summary_counts_clicks_credits_draws_and_runs():
    from engine_lite.netrunner.phrases import summary, turn_starts
    game = Game()
    for line in ("corp gain-credit", "corp install-ice 1 2", "corp draw", "corp end-turn",
                 "runner run-event hq 2", "corp rez 1", "runner pay 1", "run access",
                 "runner trash 1", "run success", "runner ability 2 1", "runner end-turn"):
        do_line(game, line)
    starts = turn_starts(game)
    assert [start[:3] for start in starts] == [(0, CORP, 1), (4, RUNNER, 1), (12, CORP, 2)]
    assert [start[3] for start in starts] == [game.offset_of(start[0]) for start in starts]
    acts = list(game.actions())
    assert summary(acts[0:4], CORP) == "3 clicks, +1 -3 cr, 1 drawn"
    # The Runner's turn: the event's click and the ability's 2; 2 + 1 + 1 + 1 credits; the
    # Corp's rez is not the Runner's.
    assert summary(acts[4:12], RUNNER) == "3 clicks, +0 -5 cr, 1 run"


def test_a_randomizer_result_is_kept_as_a_comment_and_changes_nothing():
    from engine_lite.logtext import log_text
    from host_tools.replay import replay_lines
    game = Game()
    before = game.state.pack()
    from engine_lite.netrunner.tournament import RANDOM_HQ, RANDOM_DIE, RANDOM_COIN
    game.do(A.action(A.RANDOM, CORP, RANDOM_DIE, 6, 4))
    game.do(A.action(A.RANDOM, CORP, RANDOM_HQ, 5, 3))
    game.do(A.action(A.RANDOM, CORP, RANDOM_COIN, 2, 2))
    assert game.state.pack() == before
    text = log_text(game)
    assert "# random: d6 rolled 4\n# random: card 3 of 5 in HQ\n# random: coin: tails" in text
    replayed, problems = replay_lines(text.split("\n"))
    assert problems == [] and replayed.state.pack() == before
    with pytest.raises(Refused):
        game.do(A.action(A.RANDOM, CORP, RANDOM_DIE, 6, 7))    # a d6 has no 7


def test_a_counter_index_past_its_sides_counters_is_refused_and_changes_nothing():
    from engine_lite.netrunner.golden import counters
    from engine_lite.netrunner.state import new_game
    for side in (CORP, RUNNER):
        count = len(counters(side))
        for verb, value in ((A.SET, 3), (A.COUNTER, 1)):
            game = Game(new_game())
            game.do(A.action(verb, side, count - 1, value))       # the last one is there
            before = game.state.pack()
            for index in (count, count + 1, -1):
                with pytest.raises(Refused):
                    game.do(A.action(verb, side, index, value))
                assert game.state.pack() == before


def test_the_costs_in_each_verbs_row_are_what_the_rules_take():
    """The clicks and credits columns of engine_lite.netrunner.rules.VERBS (read by the messages, the
    turns' summaries and the report) say for every verb a side takes what the rules take from
    its clicks and credits: each verb applied on each side that may take it."""
    from engine_lite.netrunner import rules
    from engine_lite.netrunner.phrases import clicks_spent, credits_spent
    from engine_lite.netrunner.state import new_game, CORP, RUNNER, HQ, FIRST_REMOTE
    args = {A.INSTALL: (2,), A.INSTALL_ICE: (2, 1), A.PLAY: (2,), A.RUN: (HQ,),
            A.RUN_EVENT: (HQ, 1), A.ADVANCE_REMOTE: (FIRST_REMOTE,), A.ABILITY: (2, 3),
            A.PAY: (3,), A.REZ: (3,), A.GAIN: (2,), A.LOSE: (2,), A.SCORE: (2,), A.STEAL: (2,),
            A.FORFEIT: (1,), A.TRASH: (3,), A.TAGS: (1,), A.BAD_PUBLICITY: (1,),
            A.HAND_SIZE: (1,), A.CLICKS: (1,), A.VIRUS: (1,), A.DAMAGE: (A.DAMAGE_NET, 1)}
    applied = set()
    for verb in range(1, len(rules.VERBS)):
        for side in (CORP, RUNNER):
            if not rules.VERBS[verb][1] & (1 << side):
                continue
            s = new_game()
            s.active = side
            s.player(side).clicks = 5
            s.player(side).credits = 9
            s.corp.agenda_points = 1
            s.runner.agenda_points = 1
            s.runner.tags = 1
            if verb in (A.TRASH, A.STEAL):
                s.run_server, s.run_access = HQ, 1
            act = A.action(verb, side, *args.get(verb, ()))
            try:
                after = rules.apply(s, act)[0]
            except rules.Refused:
                continue
            me, then = s.player(side), after.player(side)
            # (not costs: unused clicks going at a turn's end, numbers changed by hand, gains)
            if verb not in (A.CLICKS, A.END_TURN, A.SET, A.COUNTER):
                assert me.clicks - then.clicks == clicks_spent(act), act
            if verb not in (A.GAIN, A.LOSE, A.GAIN_CREDIT, A.SET, A.COUNTER):
                assert me.credits - then.credits == credits_spent(act), act
            applied.add(verb)
    costs = {verb for verb in range(1, len(rules.VERBS))
             if rules.VERBS[verb][5] or rules.VERBS[verb][6]}
    assert costs <= applied                  # every verb with a cost checked on a side


@pytest.mark.parametrize("game", ["netrunner", "infiltration"])
def test_every_verb_fills_every_column_of_its_games_verb_table(game):
    """One row per verb: words, who may take it, argument kinds and handler. A verb added with a
    column missing (a None pad, a handler not written) fails here, not as another verb's
    message at the table."""
    from engine_lite.infiltration import rules as infiltration
    module = rules if game == "netrunner" else infiltration
    table = module.VERBS
    sides = (0, 1, 2, 3) if game == "netrunner" else (0,)
    assert table[0][3] is None
    for verb in range(1, len(table)):
        row = table[verb]
        assert len(row) == 8, verb
        words, who, kinds, handler, past, clicks, spent, asks = row
        assert isinstance(words, str) and words and words == words.strip(), verb
        # its words: a phrase after the side (or the agent), or a function that says it all
        assert isinstance(past, str) and past.count("%d") <= len(kinds) or callable(past), verb
        assert asks is None or asks.count("%s") == 1 and asks.count("%d") == 1, verb
        for cost in (clicks, spent):     # a number, or arguments of the verb that add up to it
            assert isinstance(cost, int) and cost >= 0 or (
                isinstance(cost, str) and cost and set(cost) <= set("ab"[:len(kinds)])), verb
        assert who in sides, verb
        assert isinstance(kinds, str) and len(kinds) <= 3 and set(kinds) <= set("nskvferp"), verb
        assert callable(handler), verb
    # the first and the last verb numbers the code names are the table's first and last rows
    if game == "netrunner":
        assert (A.GAIN_CREDIT, A.COUNTER) == (1, len(table) - 1)
    else:
        assert (infiltration.ALARM, infiltration.NEXT_PHASE) == (1, len(table) - 1)


def test_a_verbs_row_is_what_the_rules_the_log_and_the_bytes_use():
    """The row's words are the log's, its side the rules', its kinds the byte record's."""
    from engine_lite.netrunner.logline import format_action
    assert format_action((A.PURGE, CORP, 0, 0, 0)) == "corp " + rules.VERBS[A.PURGE][0]
    with pytest.raises(Refused):
        apply(new_game(), (A.PURGE, RUNNER, 0, 0, 0))       # the row says: the Corp's
    out = bytearray()
    rules.encode((A.DAMAGE, RUNNER, 1, 3, 0), out)
    assert len(out) == 1 + len(rules.VERBS[A.DAMAGE][2])


def test_both_games_give_the_whole_game_interface():
    """Code that serves both games calls the interface instead of asking which game it is: each
    game's rules, words and log-line modules must give all of it."""
    from engine_lite.infiltration import rules as infiltration
    from engine_lite.game import words, rules_named, GAMES
    from engine_lite.logtext import text_of
    assert [row[0] for row in GAMES] == ["netrunner", "infiltration"]
    for name, *modules in GAMES:
        game_rules = rules_named(name)
        assert game_rules.NAME == name and game_rules is modules[0] and len(modules) == 2
        for member in ("VERBS", "PACKED_SIZE", "limit", "field_name",
                       "upgrade",
                       "apply", "advance", "check_limits", "check", "over", "result", "label",
                       "headline", "time_up",
                       "unpack", "encode", "decode"):
            assert hasattr(game_rules, member), (name, member)
        for member in ("phrase", "spoken", "board", "turn_starts", "turn_header", "summary"):
            assert callable(getattr(words(game_rules), member, None)), (name, member)
        for member in ("format_action", "read_words", "read_new_game", "new_game_line",
                       "state_dict"):
            assert callable(getattr(text_of(game_rules), member, None)), (name, member)
    monitor = infiltration.new_game(4)
    assert infiltration.headline(monitor) == "Infiltration, 4 agents, round 1"
    assert rules.headline(new_game()) == "Netrunner, turn 1, Corp 0-0 Runner"
    assert rules.label(new_game()) == ("Turn 1", "0-0 pts")
    assert rules.time_up(new_game())[0] == A.TIME_CALL and infiltration.time_up(monitor) is None
    assert rules_named("chess") is None


def test_advancement_counters_are_kept_per_remote_and_go_with_a_scored_agenda():
    from engine_lite.game import Game
    from engine_lite.logtext import do_line
    from engine_lite.netrunner.state import FIRST_REMOTE
    game = Game()
    note = do_line(game, "corp advance remote3")
    assert "Remote 3: 1 advancement" in str(note)
    assert game.state.corp.clicks == 2 and game.state.corp.credits == 4    # a click and a credit
    with pytest.raises(rules.Refused, match="remotes 1-6"):
        rules.apply(game.state, A.action(A.ADVANCE_REMOTE, CORP, FIRST_REMOTE + 6))
    with pytest.raises(rules.Refused, match="remotes 1-6"):
        rules.apply(game.state, A.action(A.ADVANCE_REMOTE, CORP, 0))         # HQ: not kept
    with pytest.raises(rules.Refused):
        rules.apply(game.state, A.action(A.ADVANCE_REMOTE, RUNNER, FIRST_REMOTE))
    do_line(game, "corp set remote3-advancements 4")     # a card placed some (golden rule)
    assert game.state.corp.advancements(3) == 4
    from engine_lite.netrunner.phrases import board
    assert "Advancement counters: remote 3 has 4." in board(game.state)    # read the board
    assert rules.scoring_remote(game.state.corp) == 3
    act = rules.score_action(game.state, CORP, 3)
    assert act == A.action(A.SCORE_REMOTE, CORP, 3, FIRST_REMOTE + 2)
    note = game.do(act)
    assert game.state.corp.advancements(3) == 0 and game.state.corp.agenda_points == 3
    assert "remote 3 (4 advancements)" in str(note)
    assert rules.score_action(game.state, CORP, 2) == A.action(A.SCORE, CORP, 2)   # none left
    game.undo()
    assert game.state.corp.advancements(3) == 4        # undo gives them back


def test_virus_counters_are_told_together_and_a_purge_takes_them_all():
    game = play(["corp end-turn", "runner virus +2", "runner virus +1"])
    assert game.state.runner.virus == 3
    do_line(game, "runner virus -1")                    # spent (a Datasucker's, say)
    with pytest.raises(Refused, match="Only 2 virus counters to remove"):
        do_line(game, "runner virus -3")
    assert game.state.runner.virus == 2
    from engine_lite.netrunner.phrases import board, phrase
    assert "2 virus counters on its cards" in board(game.state)
    assert phrase(A.action(A.VIRUS, RUNNER, 2)) == "Runner placed 2 virus counters"
    play(["runner end-turn"], game)
    note = do_line(game, "corp purge")
    assert game.state.runner.virus == 0 and game.state.corp.clicks == 0
    assert "2 virus counters removed" in str(note)
    game.undo()
    assert game.state.runner.virus == 2                  # undo gives them back


def test_every_settable_counter_is_in_the_counters_menu_once_with_a_label_that_fits():
    from engine_lite.netrunner.golden import counters
    from firmware.netrunner.menus import _counter_rows
    rows = [(side, counters(side)[index][1]) for side, index, row in _counter_rows()]
    everything = [(side, attr) for side in (CORP, RUNNER) for _, attr in counters(side)]
    assert sorted(rows) == sorted(everything) and len(set(rows)) == len(rows)
    labels = [row[6] for side, index, row in _counter_rows()]
    assert len(set(labels)) == len(labels) and max(len(label) for label in labels) <= 16


@given(st.lists(st.sampled_from(["corp gain-credit", "corp end-turn", "runner gain-credit",
                                 "runner end-turn", "corp draw", "runner draw"]),
                max_size=120))
@settings(max_examples=60, deadline=None)
def test_since_last_is_the_stretch_after_the_last_action_of_a_verb(lines):
    """Game.since_last (the dashboard's Run reads the turn's runs with it) reads from the
    checkpoints back: whatever the length, it is exactly the actions after the last end of a
    turn, or all of them; an adopted history still unchecked answers None, then the same."""
    game = Game()
    for line in lines:
        try:
            do_line(game, line)
        except Refused:
            pass
    acts = list(game.actions())
    ends = [i for i, act in enumerate(acts) if act[0] == A.END_TURN]
    expected = acts[ends[-1] + 1:] if ends else acts
    assert game.since_last(A.END_TURN) == expected
    adopted = Game()
    adopted.adopt(bytes(game.history), game.count, game.state.copy())
    if game.count:
        assert adopted.since_last(A.END_TURN) is None
        adopted.check_all()
    assert adopted.since_last(A.END_TURN) == expected
