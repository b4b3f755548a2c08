"""Hypothesis strategies: random but well-formed actions and game logs."""

from hypothesis import strategies as st

from engine_lite import actions as A
from engine_lite.rules import VERBS
from engine_lite.golden import counters

_ARGS = {
    "n": st.integers(0, 12), "s": st.integers(-3, 3), "k": st.integers(0, 2),
    "v": st.integers(0, 5), "f": st.integers(0, 9), "e": st.integers(0, 2), "r": st.integers(0, 2),
}


@st.composite
def an_action(draw):
    """Any action tuple the log grammar can express (the rules may still refuse it)."""
    # A randomizer's record is written as a comment (a replay passes over it): not in logs.
    verb = draw(st.integers(1, len(VERBS) - 1).filter(lambda v: v != A.RANDOM))
    who, kinds = VERBS[verb][1], VERBS[verb][2]
    sides = [side for side in (0, 1) if who & (1 << side)] or [0]
    side = draw(st.sampled_from(sides))
    values = [draw(_ARGS[kind]) for kind in kinds]
    if verb == A.SET:
        values[0] = min(values[0], len(counters(side)) - 1)
    values += [0] * (3 - len(values))
    return (verb, side, values[0], values[1], values[2])


# Common actions weighted up, so that games actually move through turns.
_COMMON = st.sampled_from([
    (A.GAIN_CREDIT, 0, 0, 0, 0), (A.GAIN_CREDIT, 1, 0, 0, 0), (A.END_TURN, 0, 0, 0, 0),
    (A.END_TURN, 1, 0, 0, 0), (A.DRAW, 1, 0, 0, 0), (A.RUN, 1, 0, 0, 0),
    (A.RUN_END, 0, 0, 0, 0), (A.SCORE, 0, 1, 0, 0), (A.STEAL, 1, 1, 0, 0),
])

a_step = st.one_of(an_action(), _COMMON, _COMMON, st.sampled_from(["undo", "redo"]))
