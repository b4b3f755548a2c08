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


def test_presses_count_taps_and_long_presses_not_waits():
    assert press_budget.presses("OK,LONG:LEFT,WAIT:1000,HOLD:UP:2000,RIGHT") == 4
