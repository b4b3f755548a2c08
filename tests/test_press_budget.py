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
