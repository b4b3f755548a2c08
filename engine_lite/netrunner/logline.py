"""Writing one Netrunner action as a line of the game log: `format_action(act)`.

Reading lines, and a whole log of either game, is engine_lite.logtext.
"""

from engine_lite.netrunner.state import FIRST_REMOTE, HQ, RND, ARCHIVES
from engine_lite.netrunner.golden import SHORT_SETS, counters
from engine_lite.netrunner.actions import SET, RANDOM, DAMAGE_KINDS, RUN_RESULTS
from engine_lite.netrunner.rules import VERBS
from engine_lite.netrunner.tournament import random_result


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
    if verb == RANDOM:     # on record, not a move: a comment, which a replay passes over
        return "# random: " + random_result(a, b, c)
    name, who, kinds = VERBS[verb][:3]
    if who == 0:           # a verb of nobody's: the run's end, a trace...
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
        elif kind == "f":
            parts.append(_word([name for name, _ in counters(side)], value))
        else:
            parts.append(str(value))
    return " ".join(parts)
