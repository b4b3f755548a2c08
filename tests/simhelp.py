"""Helpers for tests that drive the simulator."""

from host_tools.sim import Simulator


def play(keys, settle=300):
    """A simulator after a key script (from a new game)."""
    sim = Simulator()
    sim.keys(keys)
    sim.run(settle)
    return sim


def same_game(a, b):
    """The same rules, start, history, state and redo list (what a snapshot must keep). The
    device never compares games, so Game has no __eq__ on its heap."""
    return (a.rules is b.rules and a.state.pack() == b.state.pack() and a.history == b.history
            and a.checkpoints[0] == b.checkpoints[0] and a.redo_stack == b.redo_stack)


# (where a text is on the glass: host_tools.screenshots, shared with host_tools.legibility)
from host_tools.screenshots import where_shown  # noqa: E402,F401
