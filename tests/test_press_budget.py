"""The press budget's key scripts (host_tools.press_budget) still do their tasks: each is
played in the simulator and the game log it leaves is checked. The press counts themselves are
figures in `make bench`, beside issue 10's targets."""

import pytest

from host_tools import press_budget


@pytest.mark.parametrize("task", press_budget.TASKS, ids=[t[0] for t in press_budget.TASKS])
def test_the_key_script_does_the_task(task):
    presses, problem = press_budget.check(task)
    assert problem is None, "%s: %s" % (task[0], problem)
    assert presses >= 1


@pytest.mark.parametrize("task", press_budget.TASKS, ids=[t[0] for t in press_budget.TASKS])
def test_every_recipe_does_its_task_from_every_place_a_player_comes_from(task):
    """Issue 35: the README's recipes landed elsewhere when the cursor was where a menu left it.
    Each task's keys, from each of press_budget.COMING_FROM's ten and more starting points."""
    assert len(press_budget.COMING_FROM) >= 10
    failed = []
    for where, keys in press_budget.COMING_FROM:
        _presses, problem = press_budget.check(task, keys)
        if problem is not None:
            failed.append("%s: %s" % (where, problem))
    assert not failed, "%s:\n%s" % (task[0], "\n".join(failed))


def test_presses_count_taps_and_long_presses_not_waits():
    assert press_budget.presses("OK,LONG:LEFT,WAIT:1000,HOLD:UP:2000,RIGHT") == 4


@pytest.mark.parametrize("turn", press_budget.TURNS, ids=[t[0] for t in press_budget.TURNS])
def test_each_turn_of_the_corpus_is_played_as_it_says(turn):
    """Issue 60's turn corpus: each turn's keys, from its start, leave the game log it names
    (make bench counts its presses beside its token moves)."""
    (name, presses, _tokens, _bare, problem), = press_budget.turn_table([turn])
    assert problem is None, "%s: %s" % (name, problem)
    assert presses >= 2


def test_the_corpus_is_thirty_turns_of_both_sides_through_a_game():
    """At least 30 turns; both sides; early, middle and late game; runs with a rez, a break and
    an access, a trace, damage, economy events, installs into new and old remotes."""
    turns = press_budget.TURNS
    assert len(turns) >= 30
    logged = " / ".join(" / ".join(turn[3]) for turn in turns)
    for words in ("corp rez", "runner pay", "run access", "runner steal", "trace ", "damage",
                  "gain 9", "install-ice", "advance remote1", "corp score", "runner run rd",
                  "runner trash", "remove-tag", "corp purge"):
        assert words in logged, words
    starts = [turn[1] for turn in turns]
    assert press_budget.MID in starts and press_budget.LATE in starts


def test_token_moves_count_coins_clicks_and_counters():
    """The table's side of the count (press_budget.TOKEN_MOVES): 9 credits are a 5 and four 1s;
    a click for a credit is a click token and a coin; an advance a click, a credit and the
    advancement; without click tokens, only what is moved."""
    count = press_budget.token_moves
    assert count(["runner gain 9"]) == 5
    assert count(["corp gain-credit"]) == 2 and count(["corp gain-credit"], clicks=False) == 1
    assert count(["corp advance remote1"]) == 3 and count(["corp purge"], clicks=False) == 0
    assert count(["run access", "run success"]) == 0
