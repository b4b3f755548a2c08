"""Actions: what a player did, as a tuple, as a line of the game log, and as stored bytes.

An action is a 5-tuple `(verb, side, a, b, c)`; unused arguments are 0. `side` is CORP or RUNNER
(0 for the verbs that belong to nobody: run results, traces, the agenda target).

One table, `VERBS`, drives both the text format and the byte format, so the two cannot drift apart.
Verb numbers are stored in save files: never renumber one, only add new ones at the end.
"""

from engine_lite.state import const, CORP, RUNNER, FIRST_REMOTE, HQ, RND, ARCHIVES, MAX_REMOTES


class LogError(ValueError):
    """A line of the game log that does not follow the grammar."""


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

def _server_word(server):
    if server == HQ:
        return "hq"
    if server == RND:
        return "rd"
    if server == ARCHIVES:
        return "archives"
    return "remote%d" % (server - FIRST_REMOTE + 1)


def _parse_server(word):
    if word == "hq":
        return HQ
    if word in ("rd", "r&d", "rnd"):
        return RND
    if word == "archives":
        return ARCHIVES
    if word.startswith("remote") and word[6:].isdigit():
        n = int(word[6:])
        if 1 <= n <= MAX_REMOTES:
            return FIRST_REMOTE + n - 1
    raise LogError("unknown server '%s' (hq, rd, archives, remote1...)" % word)


def _parse_number(word, signed):
    text = word
    if signed:
        if word[:1] not in ("+", "-"):
            raise LogError("'%s' needs a sign: +N or -N" % word)
        text = word[1:]
    if not text.isdigit():
        raise LogError("'%s' is not a number" % word)
    value = int(text)
    if value > 999:
        raise LogError("%s is too large (at most 999)" % text)
    return -value if word[:1] == "-" else value


def _parse_args(kinds, words, side):
    """Turn the words after the verb into numbers, following the verb's argument kinds."""
    values = [0, 0, 0]
    i = 0
    for kind in kinds:
        if i >= len(words):
            raise LogError("missing argument")
        word = words[i]
        if kind == "k":
            if word not in DAMAGE_KINDS:
                raise LogError("damage is net, meat or brain, not '%s'" % word)
            values[i] = DAMAGE_KINDS.index(word)
        elif kind == "e":
            if word not in RUN_RESULTS:
                raise LogError("a run ends with success, fail or jack-out, not '%s'" % word)
            values[i] = RUN_RESULTS.index(word)
        elif kind == "v":
            values[i] = _parse_server(word)
        elif kind == "f":
            names = [name for name, _ in counters(side)]
            if word not in names:
                raise LogError("no counter '%s' (%s)" % (word, ", ".join(names)))
            values[i] = names.index(word)
        elif kind == "n" and word == "off" and i == 1 and kinds == "fn":
            values[i] = -1  # stop tracking a card count
        else:
            values[i] = _parse_number(word, kind == "s")
        i += 1
    if i < len(words):
        raise LogError("unexpected '%s'" % words[i])
    return values


NEW_GAME_KEYS = ("agenda-target", "corp-clicks", "runner-clicks", "runner-link")
NEW_GAME_DEFAULTS = (7, 3, 4, 0)
NEW_GAME_LIMITS = ((1, 99), (1, 9), (1, 9), (0, 99))


class NewGame:
    """A parsed `new-game` line: the settings the game starts with."""

    def __init__(self, agenda_target, corp_clicks, runner_clicks, runner_link):
        self.agenda_target = agenda_target
        self.corp_clicks = corp_clicks
        self.runner_clicks = runner_clicks
        self.runner_link = runner_link


def _parse_new_game(words):
    values = [0, 0, 0, 0]
    for k in range(4):
        values[k] = NEW_GAME_DEFAULTS[k]
    if len(words) % 2:
        raise LogError("new-game takes pairs: agenda-target N runner-link N ...")
    for i in range(0, len(words), 2):
        if words[i] not in NEW_GAME_KEYS:
            raise LogError("new-game has no setting '%s'" % words[i])
        k = NEW_GAME_KEYS.index(words[i])
        value = _parse_number(words[i + 1], False)
        low, high = NEW_GAME_LIMITS[k]
        if value < low or value > high:
            raise LogError("%s must be %d to %d" % (words[i], low, high))
        values[k] = value
    return NewGame(values[0], values[1], values[2], values[3])


def format_new_game(agenda_target, corp_clicks, runner_clicks, runner_link):
    """The `new-game` line that starts a log with these settings."""
    return "new-game agenda-target %d corp-clicks %d runner-clicks %d runner-link %d" % (
        agenda_target, corp_clicks, runner_clicks, runner_link)


def parse(line):
    """Parse one log line.

    Returns an action tuple, the string 'undo' or 'redo', a NewGame, or None for a blank or
    comment line.
    Raises LogError with a one-line reason.
    """
    hash_at = line.find("#")
    if hash_at >= 0:
        line = line[:hash_at]
    words = line.lower().split()
    if not words:
        return None
    first = words[0]
    if first == "new-game":
        return _parse_new_game(words[1:])
    if first in ("undo", "redo"):
        if len(words) > 1:
            raise LogError("unexpected '%s'" % words[1])
        return first
    if first in ("corp", "runner"):
        side = CORP if first == "corp" else RUNNER
        if len(words) < 2:
            raise LogError("what did the %s do?" % first)
        word = words[1]
        rest = words[2:]
        if word in SHORT_SETS:
            word = "set"
            rest = words[1:]
        for verb in range(1, len(VERBS)):
            who, name, kinds = VERBS[verb]
            if name == word and who & (1 << side):
                a, b, c = _parse_args(kinds, rest, side)
                return (verb, side, a, b, c)
        raise LogError("the %s has no action '%s'" % (first, words[1]))
    if first == "run":
        a, b, c = _parse_args("e", words[1:], CORP)
        return (RUN_END, CORP, a, 0, 0)
    if first == "trace":
        a, b, c = _parse_args("nnn", words[1:], CORP)
        return (TRACE, CORP, a, b, c)
    if first == "set" and len(words) > 1 and words[1] == "agenda-target":
        a, b, c = _parse_args("n", words[2:], CORP)
        return (AGENDA_TARGET, CORP, a, 0, 0)
    raise LogError("unknown line start '%s'" % first)


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
