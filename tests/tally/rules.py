"""Tally's rules and words: one number, counted up by the players; at TARGET the game is over.
The interface every game's rules give (engine_lite.netrunner.rules lists it) and its words (phrase,
spoken, board, turn_starts, turn_header, summary: engine_lite.netrunner.phrases)."""

from engine_lite.netrunner import actions
from engine_lite.base import Refused, applier

NAME = "tally"
ADD = 1
TARGET = 10
PACKED_SIZE = 1
_LIMITS = ((0, 99),)


class TallyState:
    """The count."""

    def __init__(self, count=0):
        self.count = count

    def copy(self):
        return TallyState(self.count)

    def pack(self):
        return (self.count,)


def new_game():
    return TallyState()


def unpack(values):
    return TallyState(values[0])


def limit(i):
    return _LIMITS[i]


def field_name(i):
    return "count"


def upgrade(values):
    return values


def check_limits(state):
    if not 0 <= state.count <= 99:
        raise Refused("The count is 0 to 99")


def check(state):
    return None


def _add(state, side, n, b, c):
    if state.count >= TARGET:
        raise Refused("Game over: undo or start a new game")
    state.count += n


def _said_add(side, n, b, c):
    return "Added %d" % n


VERBS = (
    ("",    0, "",  None, None,      0, 0, None),
    ("add", 0, "n", _add, _said_add, 0, 0, None),
)


def encode(act, out):
    actions.encode(act, out, VERBS[act[0]][2])


def decode(data, offset):
    return actions.decode(data, offset, VERBS)


def advance(state, act):
    verb, side, a, b, c = act
    if verb != ADD:
        raise Refused("Unknown action")
    return VERBS[verb][3](state, side, a, b, c)


apply = applier(advance, check_limits)


def over(state):
    return state.count >= TARGET


def result(state):
    return "the tally is full"


def label(state):
    return ("Tally", "%d" % state.count)


def headline(state):
    return "Tally at %d" % state.count


def time_up(state):
    return None


# ---- its words -----------------------------------------------------------------------------

def phrase(act, state=None):
    return VERBS[act[0]][4](*act[1:]) if 0 < act[0] < len(VERBS) else "Action %d" % act[0]


def spoken(act, state):
    return phrase(act, state)


def board(state):
    return "Tally, %d of %d" % (state.count, TARGET)


def turn_starts(game, mark=0, upto=None):
    return [(0, 0, 1, 0)] if game.count and not mark else []


def turn_header(side, number):
    return "The tally"


def summary(acts, side):
    return None
