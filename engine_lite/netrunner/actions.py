"""Actions: what a player did, as a tuple, as a line of the game log, and as stored bytes.

An action is a 5-tuple `(verb, side, a, b, c)`; unused arguments are 0. `side` is CORP or RUNNER
(0 for the verbs that belong to nobody: run results, traces, the agenda target).

What each verb is (its words, who may take it, its arguments' kinds, its handler) is one row of
engine_lite.netrunner.rules.VERBS, which drives the text format (engine_lite.netrunner.logline writes it,
engine_lite.logtext reads it), the byte format (below) and the rules, so they cannot drift apart.
Verb numbers are stored in save files: never renumber one, only add new ones at the end.
"""

from engine_lite.netrunner.state import const, CORP, RUNNER


GAIN_CREDIT = const(1)
DRAW = const(2)
INSTALL = const(3)
INSTALL_ICE = const(4)
PLAY = const(5)
ADVANCE = const(6)
TRASH_RESOURCE = const(7)
PURGE = const(8)
ABILITY = const(9)
PAY = const(10)
REZ = const(11)
GAIN = const(12)
LOSE = const(13)
SCORE = const(14)
STEAL = const(15)
FORFEIT = const(16)
BAD_PUBLICITY = const(17)
TAGS = const(18)
DAMAGE = const(19)
HAND_SIZE = const(20)
CLICKS = const(21)
REMOVE_TAG = const(22)
RUN = const(23)
END_TURN = const(24)
SET = const(25)
RUN_END = const(26)
TRACE = const(27)
AGENDA_TARGET = const(28)
TRASH = const(29)
RUN_EVENT = const(30)
TIME_CALL = const(31)
PSI = const(32)
RANDOM = const(33)
ADVANCE_REMOTE = const(34)     # advance a card in remote 1..ADVANCED_REMOTES: its counter kept
SCORE_REMOTE = const(35)       # score an agenda from such a remote: its counters go
VIRUS = const(36)              # virus counters on the Runner's cards, all told: +N or -N
COUNTER = const(37)            # any counter of a side (FIELDS) changed by +N or -N: tokens on cards

DAMAGE_KINDS = ("net", "meat", "brain")
DAMAGE_NET = const(0)
DAMAGE_MEAT = const(1)
DAMAGE_BRAIN = const(2)

# `run access`: the run succeeded and the Runner accesses cards; `run success` ends it after.
RUN_RESULTS = ("success", "fail", "jack-out", "access")
RUN_SUCCESS = const(0)
RUN_FAIL = const(1)
RUN_JACK_OUT = const(2)
RUN_ACCESS = const(3)

# The counters a player may set by hand (SET) or change by n (COUNTER) are the sides' rows of
# engine_lite.netrunner.state.FIELDS (engine_lite.netrunner.golden).


def action(verb, side=CORP, a=0, b=0, c=0):
    """Build an action tuple."""
    return (verb, side, a, b, c)


# ---- bytes --------------------------------------------------------------------------------
# One record per action: a byte (verb * 2 + side), then each argument as a zigzag varint
# (small numbers of either sign take one byte). A typical action takes one or two bytes.

def encode(act, out, kinds):
    """Append the record for `act` to the bytearray `out` (`kinds`: its verb's argument kinds,
    the third column of the game's verb table: engine_lite.netrunner.rules.VERBS)."""
    verb, side, a, b, c = act
    out.append(verb * 2 + side)
    values = (a, b, c)
    for i in range(len(kinds)):
        value = values[i]
        value = (value << 1) if value >= 0 else ((-value << 1) - 1)
        while value >= 0x80:
            out.append((value & 0x7F) | 0x80)
            value >>= 7
        out.append(value)


def decode(data, offset, verbs):
    """Read the record at `offset` of `data` (`verbs`: the game's verb table, whose rows give
    each verb's argument kinds in their third column). Returns (action, offset of the next
    record).

    Raises ValueError for bytes that are not a record.
    """
    if offset >= len(data):
        raise ValueError("record past the end at byte %d" % offset)
    head = data[offset]
    verb = head >> 1
    side = head & 1
    if verb < 1 or verb >= len(verbs):
        raise ValueError("unknown verb %d at byte %d" % (verb, offset))
    offset += 1
    values = [0, 0, 0]
    for i in range(len(verbs[verb][2])):
        value = 0
        shift = 0
        while True:
            if offset >= len(data):
                raise ValueError("record cut short at byte %d" % offset)
            byte = data[offset]
            offset += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                break
            if shift > 21:
                raise ValueError("number too long at byte %d" % offset)
        values[i] = (value >> 1) if not value & 1 else -((value + 1) >> 1)
    return (verb, side, values[0], values[1], values[2]), offset
