"""Property tests over random action sequences (hypothesis)."""

from hypothesis import given, settings, strategies as st

from simhelp import same_game
from engine_lite.game import Game
from engine_lite.rules import Refused
from engine_lite.state import GameState, Corp, Runner
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
    from engine_lite import rules

    def check(game, step, before):
        assert rules.check(game.state) is None, step
    run_steps(steps, check)
