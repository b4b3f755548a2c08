"""The golden rule: card text beats the rules, so any counter can be set by hand (verb SET), and
the agenda target too (AGENDA_TARGET).

Their handlers are rows of engine_lite.rules.VERBS.
"""

from engine_lite.state import (
    RUNNER, NOT_TRACKED, MAX_COUNT, MAX_MODIFIER, BASE_HAND_SIZE, Refused,
)

# The counters a player may set by hand: log word and attribute, per side. Index numbers are
# stored in save files: only append (engine_lite.rules checks an index against the Corp's 13).
CORP_COUNTERS = (
    ("credits", "credits"), ("clicks", "clicks"), ("clicks-per-turn", "clicks_per_turn"),
    ("agenda-points", "agenda_points"), ("max-hand-size", "hand_size_mod"),
    ("bad-publicity", "bad_publicity"), ("rnd", "rnd"),
    # cards that place or move advancement counters (Shipment from SanSan, Trick of Light), or a
    # card in a remote the Corp trashed itself
    ("remote1-advancements", "remote1_advancements"),
    ("remote2-advancements", "remote2_advancements"),
    ("remote3-advancements", "remote3_advancements"),
    ("remote4-advancements", "remote4_advancements"),
    ("remote5-advancements", "remote5_advancements"),
    ("remote6-advancements", "remote6_advancements"),
)
RUNNER_COUNTERS = (
    ("credits", "credits"), ("clicks", "clicks"), ("clicks-per-turn", "clicks_per_turn"),
    ("agenda-points", "agenda_points"), ("max-hand-size", "hand_size_mod"),
    ("tags", "tags"), ("brain-damage", "brain_damage"), ("link", "link"), ("mu", "mu"),
    ("grip", "grip"),
    ("virus-counters", "virus"),
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
        base = BASE_HAND_SIZE - (s.runner.brain_damage if side == RUNNER else 0)
        if value - base > MAX_MODIFIER:
            raise Refused("Max hand size can be at most %d now" % (base + MAX_MODIFIER))
        value = value - base
        if value < -MAX_MODIFIER:
            raise Refused("Max hand size can be no less than %d now" % (base - MAX_MODIFIER))
    if attr == "clicks":
        s.set_clicks(side, value)
    else:
        setattr(player, attr, NOT_TRACKED if value < 0 else value)
