"""Hypothesis strategies: random but well-formed actions and game logs."""

from hypothesis import strategies as st

from engine_lite.netrunner import actions as A
from engine_lite.netrunner.rules import VERBS
from engine_lite.netrunner.golden import counters

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


# ---- the keys on the device: one random driver for the whole-tracker properties -----------------
# (test_no_silent_change: nothing changes that the glass did not name; test_slips: no key acts for
# the player and kept games never shrink). A new way of pressing joins here the day it lands.

KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK")
# OK most (it commits), the arrows next (they reach numbers, cells and menus), every key sometimes
OFTEN = st.sampled_from(("OK",) * 5 + ("UP", "DOWN", "LEFT", "RIGHT") * 2 + KEYS)
# a tap held 30-400 ms: a quick thumb to a slow press (a long press is 600)
TAP = st.tuples(st.just("tap"), OFTEN, st.integers(30, 400))
# a tap on the glass (the browser's canvas): anywhere, as a hurried thumb taps
TOUCH = st.tuples(st.just("touch"), st.integers(0, 127), st.integers(0, 63))
# a tap while the next save is being written, on a flash that takes up to 0.9 s (simhelp): the
# pin's interrupt latches it while nobody polls
STALL = st.tuples(st.just("stall"), OFTEN, st.integers(40, 900))
# a key held: a slow press, a long press, auto-repeat
HOLD = st.tuples(st.just("hold"), OFTEN, st.integers(300, 3000))
# two keys together: the second some ms after the first, both down a while
CHORD = st.tuples(st.just("chord"), OFTEN, OFTEN, st.integers(0, 60), st.integers(30, 1500))
# a key down, then the loop busy (just after its DOWN, or inside it: a screen drawn, or loaded)
# while it comes up and the next key goes down, in either order (True: the second down first,
# keys together), the two edges some ms apart: only the pins' interrupts see them, and they
# must be read in that order
BUSY = st.tuples(st.just("busy"), OFTEN, OFTEN, st.booleans(), st.integers(0, 60), st.booleans())
# a thinking pause: past the glass's dimming (2 minutes: keys still act, issue 60), or past its
# switching off (10: the next key only wakes it)
PAUSE = st.tuples(st.just("pause"), st.sampled_from((121000, 601000)))
# hours to days switched on with nobody pressing (MicroPython's tick clock wraps after 12.4
# days, and an old tick read across half of that reads as recent: issue 58)
WEEK = st.tuples(st.just("week"), st.integers(1, 300))
# a turn of the knob (the pin map's "knob": firmware.board.knob), some clicks either way, each a
# quadrature cycle with contact bounce (on a board without a knob, nothing)
TURN = st.tuples(st.just("turn"), st.integers(-6, 6).filter(lambda n: n != 0))
KEY_EVENT = st.one_of(TAP, TAP, TAP, TOUCH, STALL, HOLD, CHORD, BUSY, PAUSE, TURN, WEEK)


def key_events(max_size):
    """Up to `max_size` (event, ms with no key down after it) pairs: what simhelp.drive plays."""
    return st.lists(st.tuples(KEY_EVENT, st.integers(50, 2000)), min_size=1, max_size=max_size)
