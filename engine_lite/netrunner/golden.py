"""The golden rule: card text beats the rules, so any counter can be set by hand (verb SET) or
changed by n (COUNTER: the tokens cards carry, virus and power counters), and the agenda target
set too (AGENDA_TARGET). The counters are the sides' rows of engine_lite.netrunner.state's table of numbers.

Their handlers are rows of engine_lite.netrunner.rules.VERBS.
"""

from engine_lite.netrunner import actions as A
from engine_lite.netrunner.state import (
    RUNNER, NOT_TRACKED, MAX_COUNT, MAX_MODIFIER, BASE_HAND_SIZE, CORP_FIELDS, RUNNER_FIELDS,
    SIDE_NAMES, Refused, plural,
)

# `runner link N` is `runner set link N` written short, as are mu, grip and rnd.
SHORT_SETS = ("link", "mu", "grip", "rnd")


def rows(side):
    """A side's rows of engine_lite.netrunner.state's table of numbers (CORP_FIELDS, RUNNER_FIELDS): a
    counter's index among them is how SET and COUNTER actions name it."""
    return RUNNER_FIELDS if side == RUNNER else CORP_FIELDS


def counters(side):
    """The settable counters of a side: a tuple of (log word, attribute name)."""
    return tuple((row[5] or "", row[0]) for row in rows(side))


def counter_index(side, word):
    """Index of a settable counter by its log word, for SET and COUNTER actions."""
    names = counters(side)
    for i in range(len(names)):
        if names[i][0] == word:
            return i
    raise ValueError(word)


def tokens(side):
    """The tokens a side's cards carry (virus, power...), as (index, attribute, token name)."""
    found = []
    side_rows = rows(side)
    for i in range(len(side_rows)):
        row = side_rows[i]
        if row[7]:
            found.append((i, row[0], row[7]))
    return found


def counter_args(verb, side, a, b):
    """(index of the side's counter, change) of a COUNTER action, or of a VIRUS one: VIRUS is
    COUNTER on the Runner's virus row, its one argument the change (the older verb, kept so that
    saved games and logs read as they did)."""
    if verb == A.VIRUS:
        return [row[0] for row in rows(side)].index("virus"), a
    return a, b


def change_virus(s, side, a, b, c):
    """VIRUS: the Runner's virus counters changed by `a` (change_counter on their row)."""
    a, b = counter_args(A.VIRUS, side, a, b)
    change_counter(s, side, a, b, c)


def change_counter(s, side, a, b, c):
    """COUNTER: counter index `a` of `side` changed by `b` on the copied state `s` (tokens
    placed on cards, +N, or spent or removed, -N)."""
    side_rows = rows(side)
    if a < 0 or a >= len(side_rows):
        raise Refused("No such counter")
    attr, default, low, high, layout, word, label, token = side_rows[a]
    player = s.player(side)
    value = getattr(player, attr)
    if value < 0 and low == NOT_TRACKED:
        raise Refused("%s is not followed" % label)
    new = value + b
    lowest = 0 if low == NOT_TRACKED else low
    if new < lowest:
        if token:
            raise Refused("Only %s to remove" % plural(value, token + " counter"))
        raise Refused("%s cannot go below %d" % (label, lowest))
    if new > high:
        raise Refused("%s: at most %d" % (label, high))
    if attr == "clicks":
        s.set_clicks(side, new)
    else:
        setattr(player, attr, new)


def set_verb(s, side, a, b, c):
    """SET: counter index `a` of `side` set to `b` on the copied state `s`."""
    return set_counter(s, side, a, b)


def agenda_target(s, side, a, b, c):
    """AGENDA_TARGET: the agenda points that win, `a`, on the copied state `s`."""
    if a < 1 or a > 99:
        raise Refused("Agenda target must be 1 to 99")
    s.agenda_target = a


def set_counter(s, side, index, value):
    """A counter set by hand. Max hand size is set as the number wanted (the modifier follows,
    within +-MAX_MODIFIER); R&D and the grip may be -1: not tracked."""
    names = counters(side)
    if index < 0 or index >= len(names):
        raise Refused("No such counter")
    word, attr = names[index]
    player = s.player(side)
    if value < 0 and word not in ("rnd", "grip"):
        raise Refused("%s cannot be below 0" % word)
    if value > MAX_COUNT:
        raise Refused("At most %d" % MAX_COUNT)
    if attr == "hand_size_mod":
        base = player.max_hand_size() - player.hand_size_mod     # what the modifier adds to
        if value - base > MAX_MODIFIER:
            raise Refused("Max hand size can be at most %d now" % (base + MAX_MODIFIER))
        value = value - base
        if value < -MAX_MODIFIER:
            raise Refused("Max hand size can be no less than %d now" % (base - MAX_MODIFIER))
    if attr == "clicks":
        s.set_clicks(side, value)
    else:
        setattr(player, attr, NOT_TRACKED if value < 0 else value)


# ---- these verbs in words (their rows' words in engine_lite.netrunner.rules.VERBS) ----------------------

def _counter_said(side, index, change):
    who = SIDE_NAMES[side & 1]
    side_rows = rows(side)
    row = side_rows[index] if 0 <= index < len(side_rows) else ("?", 0, 0, 0, 0, "?", "?", None)
    token = row[7]
    if token:                   # a token on cards: "Runner placed 2 virus counters"
        return "%s %s %s" % (who, "placed" if change >= 0 else "removed",
                             plural(change if change >= 0 else -change, token + " counter"))
    return "%s %s %+d" % (who, row[6], change)


def said_counter(side, a, b, c):
    """COUNTER in words: "Corp placed 2 power counters", "Runner's link +1"."""
    return _counter_said(side, a, b)


def said_virus(side, a, b, c):
    """VIRUS in words: the Runner's virus counters by `a`."""
    return _counter_said(side, *counter_args(A.VIRUS, side, a, b))


def said_set(side, a, b, c):
    """SET in words: "Runner mu set to 5", "... set to off"."""
    names = counters(side)
    name = names[a][0] if 0 <= a < len(names) else "?"
    return "%s %s set to %s" % (SIDE_NAMES[side & 1], name.replace("-", " "),
                                "off" if b < 0 else b)


def said_agenda_target(side, a, b, c):
    """AGENDA_TARGET in words."""
    return "Agenda target set to %d" % a
