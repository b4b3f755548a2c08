"""Actions: what a player did, as a tuple, as a line of the game log, and as stored bytes.

An action is a 5-tuple `(verb, side, a, b, c)`; unused arguments are 0. `side` is CORP or RUNNER
(0 for the verbs that belong to nobody: run results, traces, the agenda target).

One table, `VERBS`, drives both the text format and the byte format, so the two cannot drift apart.
Verb numbers are stored in save files: never renumber one, only add new ones at the end.
"""

from engine_lite.state import const, CORP, RUNNER, FIRST_REMOTE, HQ, RND, ARCHIVES


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

# Who may take a verb.
_C = const(1)
_R = const(2)
_BOTH = const(3)
_NOBODY = const(0)

# Argument kinds, one letter each: n number >= 0, s signed +N/-N, k damage kind, v server,
# f counter name, e run result.
VERBS = (
    (_NOBODY, "", ""),  # 0 is no verb
    (_BOTH, "gain-credit", ""),
    (_BOTH, "draw", ""),
    (_BOTH, "install", "n"),
    (_C, "install-ice", "nn"),
    (_BOTH, "play", "n"),
    (_C, "advance", ""),
    (_C, "trash-resource", ""),
    (_C, "purge", ""),
    (_BOTH, "ability", "nn"),
    (_BOTH, "pay", "n"),
    (_C, "rez", "n"),
    (_BOTH, "gain", "n"),
    (_BOTH, "lose", "n"),
    (_C, "score", "n"),
    (_R, "steal", "n"),
    (_BOTH, "forfeit", "n"),
    (_C, "bad-publicity", "s"),
    (_R, "tags", "s"),
    (_R, "damage", "kn"),
    (_BOTH, "hand-size", "s"),
    (_BOTH, "clicks", "s"),
    (_R, "remove-tag", ""),
    (_R, "run", "v"),
    (_BOTH, "end-turn", ""),
    (_BOTH, "set", "fn"),
    (_NOBODY, "run", "e"),
    (_NOBODY, "trace", "nnn"),
    (_NOBODY, "set agenda-target", "n"),
)

DAMAGE_KINDS = ("net", "meat", "brain")
DAMAGE_NET = const(0)
DAMAGE_MEAT = const(1)
DAMAGE_BRAIN = const(2)

RUN_RESULTS = ("success", "fail", "jack-out")
RUN_SUCCESS = const(0)
RUN_FAIL = const(1)
RUN_JACK_OUT = const(2)

# Counters a player may set by hand (the golden rule): log word and attribute, per side.
# Index numbers are stored in save files: only append.
CORP_COUNTERS = (
    ("credits", "credits"), ("clicks", "clicks"), ("clicks-per-turn", "clicks_per_turn"),
    ("agenda-points", "agenda_points"), ("max-hand-size", "hand_size_mod"),
    ("bad-publicity", "bad_publicity"), ("rnd", "rnd"),
)
RUNNER_COUNTERS = (
    ("credits", "credits"), ("clicks", "clicks"), ("clicks-per-turn", "clicks_per_turn"),
    ("agenda-points", "agenda_points"), ("max-hand-size", "hand_size_mod"),
    ("tags", "tags"), ("brain-damage", "brain_damage"), ("link", "link"), ("mu", "mu"),
    ("grip", "grip"),
)
# `runner link N` is `runner set link N` written short, as are mu, grip and rnd.
SHORT_SETS = ("link", "mu", "grip", "rnd")


def counters(side):
    """The settable counters of a side: a tuple of (log word, attribute name)."""
    return RUNNER_COUNTERS if side == RUNNER else CORP_COUNTERS


def counter_index(side, word):
    """Index of a settable counter by its log word, for SET actions."""
    names = counters(side)
    for i in range(len(names)):
        if names[i][0] == word:
            return i
    raise ValueError(word)


def action(verb, side=CORP, a=0, b=0, c=0):
    """Build an action tuple."""
    return (verb, side, a, b, c)


# ---- text ---------------------------------------------------------------------------------
# Writing log lines is here (the device shows them); reading them is in engine_lite.logtext,
# which the device never loads.

def _server_word(server):
    if server == HQ:
        return "hq"
    if server == RND:
        return "rd"
    if server == ARCHIVES:
        return "archives"
    return "remote%d" % (server - FIRST_REMOTE + 1)


def _word(table, index):
    return table[index] if 0 <= index < len(table) else str(index)


def format_action(act):
    """The log line for an action tuple (the inverse of `parse`).

    Never fails on a decoded record, even one the rules would refuse: it is used in messages.
    """
    verb, side, a, b, c = act
    if verb < 1 or verb >= len(VERBS):
        return "verb %d" % verb
    side = side & 1
    who, name, kinds = VERBS[verb]
    if who == _NOBODY:
        head = name
    else:
        head = ("corp ", "runner ")[side] + name
    if verb == SET:
        word = _word([name for name, _ in counters(side)], a)
        value = "off" if b < 0 else str(b)
        if word in SHORT_SETS:
            return ("corp ", "runner ")[side] + word + " " + value
        return head + " " + word + " " + value
    parts = [head]
    values = (a, b, c)
    for i in range(len(kinds)):
        kind = kinds[i]
        value = values[i]
        if kind == "k":
            parts.append(_word(DAMAGE_KINDS, value))
        elif kind == "e":
            parts.append(_word(RUN_RESULTS, value))
        elif kind == "v":
            parts.append(_server_word(value))
        elif kind == "s":
            parts.append(("+%d" if value >= 0 else "%d") % value)
        else:
            parts.append(str(value))
    return " ".join(parts)


# ---- bytes --------------------------------------------------------------------------------
# One record per action: a byte (verb * 2 + side), then each argument as a zigzag varint
# (small numbers of either sign take one byte). A typical action takes one or two bytes.

def encode(act, out):
    """Append the record for `act` to the bytearray `out`."""
    verb, side, a, b, c = act
    out.append(verb * 2 + side)
    values = (a, b, c)
    for i in range(len(VERBS[verb][2])):
        value = values[i]
        value = (value << 1) if value >= 0 else ((-value << 1) - 1)
        while value >= 0x80:
            out.append((value & 0x7F) | 0x80)
            value >>= 7
        out.append(value)


def decode(data, offset):
    """Read the record at `offset` of `data`. Returns (action, offset of the next record).

    Raises ValueError for bytes that are not a record.
    """
    if offset >= len(data):
        raise ValueError("record past the end at byte %d" % offset)
    head = data[offset]
    verb = head >> 1
    side = head & 1
    if verb < 1 or verb >= len(VERBS):
        raise ValueError("unknown verb %d at byte %d" % (verb, offset))
    offset += 1
    values = [0, 0, 0]
    for i in range(len(VERBS[verb][2])):
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
