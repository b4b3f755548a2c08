"""Presses per table task: how many button presses the tracker needs for what a game does often,
beside the token moves the same task takes on a real table (issue 10's budget).

Each task is played in the simulator by a key script from a stated start, and checked by the
game it leaves (the last lines of its game log): a key script that no longer does the task is
reported, not counted. `make bench` prints the table; tests/test_press_budget.py checks that
every script still does its task.

A press is a tap or a long press (a `LONG:` or `HOLD:` word); `WAIT:` is not a press.
"""

MORE = "LEFT,LEFT,OK"                     # dashboard bar: More (the bar wraps round)
ACTS = "RIGHT,RIGHT,RIGHT,OK"             # dashboard bar: Acts
RUNNER_TURN = "LEFT,OK,OK,WAIT:3000"      # the Corp ends its first turn early (End, confirm)
RUN_HQ = "RIGHT,RIGHT,OK,OK"              # the Runner: Run, (HQ), OK
BACK_HOME = "LEFT,LEFT,LEFT,LEFT,LEFT,LEFT"  # out of a menu in More, the bar's cursor on +1cr

# (task, target presses, token moves, start script, task script, log lines the task must end
# with). Targets are issue 10's.
TASKS = (
    ("click for a credit", 1, 1, "", "OK", ["corp gain-credit"]),
    ("click to draw", 2, 1, "", "RIGHT,OK", ["corp draw"]),
    ("install or play costing 2", 4, 2, "", ACTS + ",DOWN,DOWN,DOWN,OK,UP,UP,OK",
     ["corp install 2"]),
    ("install ice costing 2, server with 1 ice", 5, 2, "",
     ACTS + ",DOWN,DOWN,DOWN,DOWN,OK,UP,UP,OK,UP,OK", ["corp install-ice 2 1"]),
    ("advance", 2, 2, "", "RIGHT,RIGHT,OK", ["corp advance"]),
    ("score a 2-point agenda (Corp)", 4, 1, "", MORE + ",DOWN,DOWN,OK,OK,OK",
     ["corp score 2"]),
    ("run, steal a 2-point agenda", 5, 2, RUNNER_TURN,
     RUN_HQ + ",RIGHT,RIGHT,RIGHT,OK,OK,OK",
     ["runner run hq", "runner steal 2", "run success"]),
    ("run, trash cost 4 with 2 bad-pub credits", 7, 3,
     RUNNER_TURN + "," + MORE + ",DOWN,OK,DOWN,DOWN,DOWN,DOWN,DOWN,OK,OK," + BACK_HOME,
     RUN_HQ + ",DOWN,DOWN,DOWN,DOWN,OK,OK", ["runner run hq", "runner pay 4", "run success"]),
    ("Corp rezzes a card costing 4 in a run", 6, 1, RUNNER_TURN + "," + RUN_HQ,
     "DOWN,DOWN,DOWN,DOWN,RIGHT,OK", ["corp pay 4"]),
    ("trace 3, Corp +2, Runner +3, tag given", 10, 3, "",
     MORE + ",OK,OK,UP,UP,OK,UP,UP,UP,OK,OK", ["trace 3 2 3", "runner tags +1"]),
    ("Runner takes 1 tag", 4, 1, "", MORE + ",DOWN,OK,OK", ["runner tags +1"]),
    ("Runner takes 1 meat damage", 4, 1, "", MORE + ",DOWN,OK,DOWN,DOWN,DOWN,OK,OK",
     ["runner damage meat 1"]),
    ("Runner takes 1 brain damage", 4, 1, "", MORE + ",DOWN,OK,DOWN,DOWN,DOWN,DOWN,OK,OK",
     ["runner damage brain 1"]),
    ("Corp trashes a resource (Runner tagged)", 3, 2, MORE + ",DOWN,OK,OK," + BACK_HOME,
     ACTS + ",DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,OK", ["corp trash-resource"]),
    ("bad publicity +1", 4, 1, "", MORE + ",DOWN,OK,DOWN,DOWN,DOWN,DOWN,DOWN,OK",
     ["corp bad-publicity +1"]),
    ("undo the last action", 1, 1, "OK", "LONG:LEFT", []),
    ("end the turn, no clicks left", 1, 1, "OK,OK,OK,WAIT:1500", "OK", ["corp end-turn"]),
)


def presses(script):
    """The presses a key script makes (WAIT, and the release of a PRESS, are not presses)."""
    from host_tools import keyscript
    return sum(1 for kind, _, _ in keyscript.parse(script) if kind in ("TAP", "HOLD", "PRESS"))


def play_task(start, script):
    """(log lines the start left, log lines after the task, the simulator)."""
    from host_tools.sim import Simulator
    sim = Simulator()
    sim.run(3000)                     # the boot message goes away
    if start:
        sim.keys(start)
        sim.run(3000)                 # and any message the start left
    before = list(sim.app.game.log_lines())
    sim.keys(script)
    sim.run(300)
    return before, list(sim.app.game.log_lines()), sim


def check(task):
    """Play one task; returns (presses, None) when it did what it says, or (presses, what
    went wrong)."""
    name, _, _, start, script, expected = task
    before, after, _ = play_task(start, script)
    count = presses(script)
    if not expected:                  # undo: one action fewer than before
        if len(after) != len(before) - 1 or after != before[:len(after)]:
            return count, "expected the last action undone"
        return count, None
    new = after[len(before):] if after[:len(before)] == before else after
    tail = [line for line in new if not line.startswith("#")][-len(expected):]
    if tail != expected:
        return count, "log ends %r, expected %r" % (tail, expected)
    return count, None


def table():
    """[(task, presses, target, token moves, problem or None)] for every task."""
    rows = []
    for task in TASKS:
        count, problem = check(task)
        rows.append((task[0], count, task[1], task[2], problem))
    return rows
