"""Property tests over random action sequences (hypothesis)."""

from hypothesis import given, settings, strategies as st

from simhelp import same_game
from engine_lite.game import Game
from engine_lite.base import Refused
from engine_lite.netrunner.state import GameState, Corp, Runner
from engine_lite import logtext
from engine_lite import snapshot
from host_tools.replay import replay_lines
from strategies import a_step

MAY_BE_NEGATIVE = {"hand_size_mod"}
MAY_BE_MINUS_ONE = {"winner", "run_server", "trace_success", "rnd", "grip", "final_turns",
                    "psi_corp", "psi_runner"}
NAMES = tuple(row[0] for row in GameState.ROWS + Corp.ROWS + Runner.ROWS)


def run_steps(steps, check=None):
    """Apply steps to a new game; `check(game, before)` after each applied one."""
    game = Game()
    for step in steps:
        before = game.state.pack()
        try:
            if step == "undo":
                game.undo()
            elif step == "redo":
                game.redo()
            else:
                game.do(step)
        except Refused:
            assert game.state.pack() == before
            continue
        if check:
            check(game, step, before)
    return game


@settings(max_examples=300, deadline=None)
@given(st.lists(a_step, max_size=120))
def test_no_exception_and_no_negative_counter(steps):
    def check(game, step, before):
        for name, value in zip(NAMES, game.state.pack()):
            if name in MAY_BE_NEGATIVE:
                continue
            low = -1 if name in MAY_BE_MINUS_ONE else 0
            assert value >= low, (name, value)
    run_steps(steps, check)


@settings(max_examples=200, deadline=None)
@given(st.lists(a_step, max_size=150))
def test_undo_after_any_step_restores_the_previous_state(steps):
    def check(game, step, before):
        if step in ("undo", "redo"):
            return
        after = game.state.pack()
        game.undo()
        assert game.state.pack() == before
        game.redo()
        assert game.state.pack() == after
    run_steps(steps, check)


@settings(max_examples=200, deadline=None)
@given(st.lists(a_step, max_size=150))
def test_log_replay_gives_the_identical_state(steps):
    game = run_steps(steps)
    replayed, problems = replay_lines(logtext.log_text(game).splitlines())
    assert problems == []
    assert replayed.state.pack() == game.state.pack()
    assert replayed.history == game.history


@settings(max_examples=200, deadline=None)
@given(st.lists(a_step, max_size=150))
def test_snapshot_reloads_an_equal_game(steps):
    game = run_steps(steps)
    loaded = snapshot.loads(snapshot.dumps(game))
    assert same_game(loaded, game)
    # and it plays on identically
    for g in (game, loaded):
        try:
            g.undo()
        except Refused:
            pass
    assert loaded.state.pack() == game.state.pack()


@settings(max_examples=300, deadline=None)
@given(st.lists(a_step, max_size=80))
def test_every_state_the_rules_reach_passes_the_loaders_check(steps):
    """The loader (and the browser's import) refuses states the rules could not reach, such as
    accessing with no run: never one that play makes, or a saved game would not come back."""
    from engine_lite.netrunner import rules

    def check(game, step, before):
        assert rules.check(game.state) is None, step
    run_steps(steps, check)





@settings(max_examples=200, deadline=None)
@given(st.lists(a_step, max_size=150))
def test_every_turn_starts_where_decoding_the_actions_says(steps):
    """The log screen's turns (phrases.turn_starts) are found without decoding the history:
    they must start where the decoded actions say, at the byte where their first one is."""
    from engine_lite.netrunner import actions, phrases
    game = run_steps(steps)
    side, number, offset = game.start.active, game.start.turn, 0
    starts = [(0, side, number, 0)]
    for index in range(game.count):
        act, offset = game.rules.decode(game.history, offset)
        if act[0] == actions.END_TURN:
            number += side          # (a round is a Corp turn, then a Runner's)
            side = 1 - side
            starts.append((index + 1, side, number, offset))
    assert phrases.turn_starts(game) == starts
    assert walked_back(phrases, game) == starts


def walked_back(words, game):
    """The turns as the log screen finds them: walked from the last checkpoint, then from
    each one before it up to the first turn found so far."""
    starts = []
    for mark in range(len(game.checkpoints) - 1, -1, -1):
        found = words.turn_starts(game, mark, starts[0][3] if starts else None)
        offset = game.checkpoints[mark][1]
        assert all(start[3] > offset for start in found) or mark == 0
        starts = found + starts
    return starts


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13)),
                          st.integers(0, 4), st.integers(-3, 12)), max_size=80),
       st.integers(1, 9))
def test_every_round_of_infiltration_starts_where_decoding_says_from_any_checkpoint(acts, every):
    """Infiltration's log is by round (a security roll ends one): walked from its start, or
    back a checkpoint at a time as the log screen does, the rounds are where decoding the
    actions finds them."""
    from engine_lite.infiltration import rules as I
    game = Game(I.new_game(4, 1), I)
    game.CHECKPOINT_EVERY = every               # many checkpoints in a short game
    for verb, player, a in acts:
        if verb == I.SET_PROXIMITY:
            a *= 9                                 # up to 99: the police, the game's end
        try:
            game.do((verb, 0, player if verb >= I.ADVANCE else a, a, 0))
        except Refused:
            pass
    number, offset = game.start.round, 0
    starts = [(0, 0, number, 0)]
    for index in range(game.count):
        act, offset = I.decode(game.history, offset)
        if act[0] == I.SECURITY:
            number += 1
            starts.append((index + 1, 0, number, offset))
    assert I.turn_starts(game) == starts
    assert walked_back(I, game) == starts


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 60), st.integers(0, 1),
                          st.integers(-70000, 70000), st.integers(-300, 300),
                          st.integers(-9, 9)), max_size=40))
def test_turns_are_found_whatever_the_length_of_the_numbers(records):
    """Records of any verb of Netrunner's table, with numbers of one to three bytes each:
    each end of a turn is found where decoding finds it."""
    from engine_lite.netrunner import actions, phrases
    from engine_lite.game import Game
    from engine_lite.netrunner.rules import VERBS
    game = Game()
    ends = []
    for verb, side, a, b, c in records:
        verb = 1 + verb % (len(VERBS) - 1)
        actions.encode((verb, side, a, b, c), game.history, VERBS[verb][2])
        if verb == actions.END_TURN:
            ends.append((len(game.history)))
    found = phrases.turn_starts(game)[1:]
    assert [start[3] for start in found] == ends
