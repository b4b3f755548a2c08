"""Helpers for tests that drive the simulator."""

from host_tools.sim import Simulator


def play(keys, settle=300):
    """A simulator after a key script (from a new game)."""
    sim = Simulator()
    sim.keys(keys)
    sim.run(settle)
    return sim
