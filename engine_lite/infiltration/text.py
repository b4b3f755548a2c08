"""Infiltration's lines in the game-log text format: reading (`parse`) and writing
(`format_action`). Host tools and the log screen use it; the rules are engine_lite.infiltration.

    new-game infiltration PLAYERS [first P] [first-stays]   # 2..6 players; first player (1)
    alarm +N | alarm -N | set alarm N                        # 0..9
    proximity +N | proximity -N | set proximity N            # 0..99
    next-phase                                               # Selection -> Execution -> NPC -> Security
    security D                                               # die D (1..6): proximity += D + alarm
    agent P advance | retreat | wound | heal | escape | arrest
    agent P holdings V V V ...                               # at the end: token and card values
"""

from engine_lite.infiltration import rules as I
from engine_lite.logwords import LogError, NewGame, show, is_number

# An agent's verbs (one player number, "agent P advance"): their words from the verb table.
_AGENT_CODES = tuple(verb for verb in range(1, len(I.VERBS)) if I.VERBS[verb][2] == "p")
_AGENT_VERBS = tuple(I.VERBS[verb][0] for verb in _AGENT_CODES)


class NewInfiltration(NewGame):
    """A parsed `new-game infiltration` line."""

    def __init__(self, players, first, pass_first):
        NewGame.__init__(self, 7, 3, 4, 0)
        self.players = players
        self.first = first
        self.pass_first = pass_first

    def start(self):
        return I.new_game(self.players, self.first, self.pass_first), I


def _number(word, signed=False, what="a number"):
    text = word[1:] if signed and word[:1] in "+-" else word
    if signed and word[:1] not in "+-":
        raise LogError("'%s' needs a sign: +N or -N" % show(word))
    if not is_number(text) or len(text) > 3:
        raise LogError("'%s' is not %s" % (show(word), what))
    value = int(text)
    return -value if word[:1] == "-" else value


def read_new_game(words):
    """`new-game infiltration PLAYERS [first P] [first-stays]`."""
    if not words:
        raise LogError("new-game infiltration needs the number of players (2 to 6)")
    players = _number(words[0], what="a number of players")
    if not I.MIN_PLAYERS <= players <= I.MAX_PLAYERS:
        raise LogError("Infiltration is for 2 to 6 players")
    first = 1
    pass_first = 1
    rest = words[1:]
    while rest:
        if rest[0] == "first" and len(rest) > 1:
            first = _number(rest[1], what="a player")
            if not 1 <= first <= players:
                raise LogError("the first player must be 1 to %d" % players)
            rest = rest[2:]
        elif rest[0] == "first-stays":
            pass_first = 0
            rest = rest[1:]
        else:
            raise LogError("new-game infiltration takes 'first P' and 'first-stays', not '%s'"
                           % show(rest[0]))
    return NewInfiltration(players, first, pass_first)


def read_words(words):
    """An Infiltration line (already split into lower-case words) as an action tuple."""
    first = words[0]
    rest = words[1:]
    for verb in range(1, len(I.VERBS)):        # the monitor's own verbs: "alarm +1", "set alarm 3"
        name, who, kinds = I.VERBS[verb][:3]
        head = name.split(" ")
        if verb in _AGENT_CODES or verb == I.HOLDINGS or words[:len(head)] != head:
            continue
        if len(words) != len(head) + len(kinds):
            break
        if not kinds:
            return (verb, 0, 0, 0, 0)
        what = "a die result" if verb == I.SECURITY else "a number"
        return (verb, 0, _number(words[-1], signed=kinds == "s", what=what), 0, 0)
    if first == "agent" and len(rest) >= 2:
        player = _number(rest[0], what="a player")
        word = rest[1]
        if word in _AGENT_VERBS and len(rest) == 2:
            return (_AGENT_CODES[_AGENT_VERBS.index(word)], 0, player, 0, 0)
        if word == "holdings":
            return (I.HOLDINGS, 0, player, tuple(_number(w, what="a value") for w in rest[2:]), 0)
        raise LogError("an agent can advance, retreat, wound, heal, escape, arrest or enter "
                       "holdings, not '%s'" % show(word))
    raise LogError("unknown Infiltration line '%s'" % show(" ".join(words)))


def new_game_line(state):
    """The `new-game` line that starts a log of this game."""
    line = "new-game infiltration %d" % state.players
    if state.first != 1:
        line += " first %d" % state.first
    if not state.pass_first:
        line += " first-stays"
    return line


def format_action(act):
    """The log line for an action (the inverse of `parse`)."""
    verb, side, a, b, c = act
    if verb < 1 or verb >= len(I.VERBS):
        return "verb %d" % verb
    words, who, kinds = I.VERBS[verb][:3]
    if kinds == "s":
        return "%s %+d" % (words, a)
    if kinds == "n":
        return "%s %d" % (words, a)
    if not kinds:
        return words
    if verb in _AGENT_CODES:
        return "agent %d %s" % (a, _AGENT_VERBS[_AGENT_CODES.index(verb)])
    if verb == I.HOLDINGS:
        return "agent %d holdings %s" % (a, " ".join(str(v) for v in b))
    return "verb %d" % verb


def state_dict(state):
    """The replay tool's JSON for an Infiltration game."""
    return {
        "game": "infiltration", "round": state.round, "first_player": state.first,
        "phase": I.PHASES[state.phase], "alarm": state.alarm, "proximity": state.proximity,
        "ended": bool(state.ended), "winner": state.winner or None,
        "execution_order": state.execution_order(),
        "agents": [{"player": i + 1, "status": I.STATUSES[agent.status],
                    "wounded": bool(agent.wounded), "delayed": state.delayed(agent),
                    "points": agent.points()}
                   for i, agent in enumerate(state.agents)],
    }
