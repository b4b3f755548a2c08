"""The rules of Infiltration as a reducer, beside Android: Netrunner's (engine_lite.netrunner.rules).

The tracker is the game's electronic security monitor: the Alarm display (0-9), the Proximity
display (00-99), the round and its phase, who holds the die, and each agent: inside, escaped or
arrested, wounded, delayed. `apply(state, action)` returns (new state, note) or raises Refused,
exactly as for Netrunner, so engine_lite.game (undo, redo, history), saving and the log work the
same for both games.

An action is the same 5-tuple `(verb, 0, a, b, c)`; `a` is the player (1..6) for agent verbs.
`VERBS` is the table of verbs (words, arguments' kinds, handler) in the same columns as
Netrunner's; `encode` and `decode` write and read the byte records (engine_lite.netrunner.actions', and a
list of values for the holdings).
"""

from engine_lite.base import const
from engine_lite.base import Refused, applier
from engine_lite.netrunner import actions

# The same interface as Netrunner's rules (engine_lite.netrunner.rules: NAME, VERBS, ...).
NAME = "infiltration"

ALARM = const(1)
SET_ALARM = const(2)
PROXIMITY = const(3)
SET_PROXIMITY = const(4)
SECURITY = const(5)
ADVANCE = const(6)
RETREAT = const(7)
WOUND = const(8)
HEAL = const(9)
ESCAPE = const(10)
ARREST = const(11)
HOLDINGS = const(12)
NEXT_PHASE = const(13)

# Verb numbers are stored in save files: only append (their words, kinds and handlers: VERBS,
# below). "p" is a player number. The holdings' record is the player and the number of values
# ("pn"), then a one-number record for each.
_ONE = ((), ("value", 0, "n"))   # the table a list's values are read with (verb 1: one number)


def encode(act, out):
    """Append the record of an action (engine_lite.netrunner.actions.encode, plus the holdings list)."""
    if act[0] != HOLDINGS:
        actions.encode(act, out, VERBS[act[0]][2])
        return
    verb, side, player, values, c = act
    actions.encode((verb, side, player, len(values), 0), out, "pn")
    for value in values:
        actions.encode((1, 0, value, 0, 0), out, "n")


def decode(data, offset):
    """Read the record at `offset` (engine_lite.netrunner.actions.decode, plus the holdings list)."""
    act, offset = actions.decode(data, offset, VERBS)
    if act[0] != HOLDINGS:
        return act, offset
    if not 0 <= act[3] <= MAX_HOLDINGS:
        raise ValueError("%d holdings at byte %d" % (act[3], offset))
    values = []
    for _ in range(act[3]):
        one, offset = actions.decode(data, offset, _ONE)
        values.append(one[2])
    return (act[0], act[1], act[2], tuple(values), 0), offset

PHASES = ("selection", "execution", "npc", "security")
SECURITY_PHASE = const(3)
STATUSES = ("inside", "escaped", "arrested")
INSIDE = const(0)
ESCAPED = const(1)
ARRESTED = const(2)

MIN_PLAYERS = const(2)
MAX_PLAYERS = const(6)
MAX_ALARM = const(9)
MAX_PROXIMITY = const(99)
MAX_HOLDINGS = const(12)    # file tokens and special cards an agent can bring out
MAX_VALUE = const(99)       # the value of one of them
MAX_ROUND = const(999)
NO_WINNER = const(0)


class Agent:
    """One player's agent. `delayed_round` is the round in which it may not Advance or Retreat
    (0: none); `holdings` the values it brought out, highest first, once `entered`."""

    def __init__(self):
        self.status = INSIDE
        self.wounded = 0
        self.delayed_round = 0
        self.entered = 0
        self.holdings = ()

    def copy(self):
        new = object.__new__(Agent)
        new.status = self.status
        new.wounded = self.wounded
        new.delayed_round = self.delayed_round
        new.entered = self.entered
        new.holdings = self.holdings      # a tuple: never changed in place
        return new

    def points(self):      # (a method, not a property: see engine_lite.netrunner.state.Player)
        """The sum of the holdings, or None before they are entered."""
        return sum(self.holdings) if self.entered else None


class Monitor:
    """Everything the security monitor shows at one moment. Players are numbered 1..players;
    `agents[0]` is player 1's. `winner` is NO_WINNER until the end has a winner."""

    def __init__(self, players=3, first=1, pass_first=1):
        self.players = players
        self.round = 1
        self.first = first
        self.pass_first = pass_first     # 1: the first player passes to the left each round
        self.phase = 0
        self.alarm = 0
        self.proximity = 0
        self.ended = 0
        self.winner = NO_WINNER
        self.agents = [Agent() for _ in range(players)]

    def copy(self):
        """An independent copy, field by field (every action makes one: see GameState.copy)."""
        new = object.__new__(Monitor)
        new.players = self.players
        new.round = self.round
        new.first = self.first
        new.pass_first = self.pass_first
        new.phase = self.phase
        new.alarm = self.alarm
        new.proximity = self.proximity
        new.ended = self.ended
        new.winner = self.winner
        new.agents = [agent.copy() for agent in self.agents]
        return new

    def agent(self, player):
        """The agent of a player number; Refused for a number outside the game."""
        if not 1 <= player <= self.players:
            raise Refused("No player %d: players are 1 to %d" % (player, self.players))
        return self.agents[player - 1]

    def delayed(self, agent):
        """Whether the agent may not Advance or Retreat this round (or next, having just
        moved wounded)."""
        return agent.delayed_round >= self.round

    def execution_order(self):
        """The players in the order they resolve their cards: from the first player on."""
        n = self.players
        return [(self.first - 1 + i) % n + 1 for i in range(n)]

    def pack(self):
        """All numbers as one flat tuple (holdings: a count, then MAX_HOLDINGS values)."""
        out = [getattr(self, name) for name in FIELDS]
        for i in range(MAX_PLAYERS):
            if i < self.players:
                agent = self.agents[i]
                held = agent.holdings
                out.extend((agent.status, agent.wounded, agent.delayed_round,
                            len(held) if agent.entered else -1))
                out.extend(held)
                out.extend([0] * (MAX_HOLDINGS - len(held)))
            else:
                out.extend([0] * (4 + MAX_HOLDINGS))
        return tuple(out)

    def __eq__(self, other):
        # By name, not isinstance: this module may have been let go and imported again since
        # `other` was made (the firmware lets modules go; so do the tests), a class of its own.
        return type(other).__name__ == "Monitor" and self.pack() == other.pack()

    def __ne__(self, other):
        return not self.__eq__(other)


# One row per number the monitor keeps, in pack() order: name, the value a new game starts with,
# limits, and the snapshot layout it came with (one so far: see `upgrade`). Then the same for
# each agent (MAX_PLAYERS of them, unused ones all 0): `holdings` is how many values it brought
# out (-1: not entered yet), followed by MAX_HOLDINGS values. FIELDS, LOW, HIGH and field_name
# come from these tables, as Netrunner's from engine_lite.netrunner.state.FIELDS.
MONITOR_FIELDS = (
    # name          default  low          high            layout
    ("players",     3,       MIN_PLAYERS, MAX_PLAYERS,    0),
    ("round",       1,       1,           MAX_ROUND,      0),
    ("first",       1,       1,           MAX_PLAYERS,    0),
    ("pass_first",  1,       0,           1,              0),
    ("phase",       0,       0,           SECURITY_PHASE, 0),
    ("alarm",       0,       0,           MAX_ALARM,      0),
    ("proximity",   0,       0,           MAX_PROXIMITY,  0),
    ("ended",       0,       0,           1,              0),
    ("winner",      NO_WINNER, 0,         MAX_PLAYERS,    0),
)
AGENT_FIELDS = (
    ("status",        INSIDE, 0,  ARRESTED,       0),
    ("wounded",       0,      0,  1,              0),
    ("delayed_round", 0,      0,  MAX_ROUND + 1,  0),
    ("holdings",      -1,     -1, MAX_HOLDINGS,   0),
) + (("holding", 0, 0, MAX_VALUE, 0),) * MAX_HOLDINGS
FIELDS = tuple(row[0] for row in MONITOR_FIELDS)
_AGENT = len(AGENT_FIELDS)
LOW = (tuple(row[2] for row in MONITOR_FIELDS)
       + tuple(row[2] for row in AGENT_FIELDS) * MAX_PLAYERS)
HIGH = (tuple(row[3] for row in MONITOR_FIELDS)
        + tuple(row[3] for row in AGENT_FIELDS) * MAX_PLAYERS)


def field_name(i):
    """The name of packed number i, for messages: 'alarm', 'agent2.wounded'."""
    if i < len(FIELDS):
        return FIELDS[i]
    i -= len(FIELDS)
    return "agent%d.%s" % (i // _AGENT + 1, AGENT_FIELDS[i % _AGENT][0])


PACKED_SIZE = len(LOW)          # how many numbers pack() gives


def limit(i):
    """(lowest, highest) that packed number i may be."""
    return LOW[i], HIGH[i]


def upgrade(values):
    """A packed list as saved: Infiltration has had one layout, so `values` when it has that
    length, else None."""
    return values if len(values) == len(LOW) else None


def unpack(values):
    """A Monitor from pack() output (limits: see LOW/HIGH and check)."""
    state = Monitor(values[0])
    for i in range(len(FIELDS)):
        setattr(state, FIELDS[i], values[i])
    at = len(FIELDS)
    for agent in state.agents:
        agent.status, agent.wounded, agent.delayed_round, count = values[at:at + 4]
        agent.entered = 1 if count >= 0 else 0
        agent.holdings = tuple(values[at + 4:at + 4 + count]) if count > 0 else ()
        at += _AGENT
    return state


def over(state):
    """Whether the game has ended (every agent out or caught)."""
    return bool(state.ended)


def result(state):
    """How an ended game ended, in words (the ranking comes with the holdings)."""
    return "the game ends"


def label(state):
    """The game in a menu line, two short parts: ("Infiltration", "round 3")."""
    return "Infiltration", "round %d" % state.round


def headline(state):
    """The game in one line, for a player deciding what a file holds."""
    return "Infiltration, %d agents, round %d" % (state.players, state.round)


def time_up(state):
    """The round's time running out takes no action in Infiltration (the timer only says so)."""
    return None


def check(state):
    """What is wrong with a loaded state that its limits do not catch (None: nothing)."""
    if state.first > state.players or state.winner > state.players:
        return "a player number past the number of players"
    return None


def new_game(players=3, first=1, pass_first=1):
    """The monitor at the start: round 1, Selection, both displays at 0, every agent inside."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise Refused("Infiltration is for 2 to 6 players")
    if not 1 <= first <= players:
        raise Refused("The first player must be 1 to %d" % players)
    return Monitor(players, first, pass_first)


# ---- the verbs ------------------------------------------------------------------------------

def _clamp(value, high):
    return 0 if value < 0 else (high if value > high else value)


def _proximity_to(s, value):
    """Proximity moves; at 99 the police arrive: everyone still inside is arrested."""
    s.proximity = _clamp(value, MAX_PROXIMITY)
    if s.proximity >= MAX_PROXIMITY:
        caught = 0
        for agent in s.agents:
            if agent.status == INSIDE:
                agent.status = ARRESTED
                caught += 1
        _end(s)
        return "Proximity 99: the police are here, %d arrested" % caught
    return None


def _end(s):
    s.ended = 1
    _decide(s)


def _everyone_out(s):
    for agent in s.agents:
        if agent.status == INSIDE:
            return None
    _end(s)
    return "Nobody is inside: the game is over, enter the holdings"


def _decide(s):
    """The winner, once every escaped agent's holdings are in: the most data points, a tie
    broken by comparing holdings from the highest value down."""
    best = None
    winner = NO_WINNER
    for i in range(s.players):
        agent = s.agents[i]
        if agent.status != ESCAPED:
            continue
        if not agent.entered:
            s.winner = NO_WINNER
            return
        key = (agent.points(), agent.holdings)
        if best is None or key > best:
            best = key
            winner = i + 1
        elif key == best:
            winner = NO_WINNER      # the same points and the same holdings: no winner
    s.winner = winner


def _alarm(s, side, delta, b, c):
    s.alarm = _clamp(s.alarm + delta, MAX_ALARM)


def _set_alarm(s, side, value, b, c):
    if value > MAX_ALARM:
        raise Refused("Alarm is 0 to 9")
    s.alarm = value


def _proximity(s, side, delta, b, c):
    return _proximity_to(s, s.proximity + delta)


def _set_proximity(s, side, value, b, c):
    if value > MAX_PROXIMITY:
        raise Refused("Proximity is 0 to 99")
    return _proximity_to(s, value)


def _security(s, side, die, b, c):
    if not 1 <= die <= 6:
        raise Refused("A die shows 1 to 6, not %d" % die)
    before = s.proximity
    note = _proximity_to(s, before + die + s.alarm)
    if note:
        return note
    s.round += 1
    s.phase = 0
    if s.pass_first:
        s.first = s.first % s.players + 1
    return "Security: %d + alarm %d, proximity %d -> %d" % (die, s.alarm, before, s.proximity)


def _inside(s, player):
    agent = s.agent(player)
    if agent.status != INSIDE:
        raise Refused("Agent %d has %s" % (player, ("", "escaped", "been arrested")[agent.status]))
    return agent


def _move(s, side, player, b, c):
    agent = _inside(s, player)
    if agent.delayed_round == s.round:
        raise Refused("Agent %d is delayed: no Advance or Retreat this round" % player)
    if agent.wounded:
        agent.delayed_round = s.round + 1
        return "Agent %d is wounded: delayed next round" % player


def _wound(s, side, player, b, c):
    agent = _inside(s, player)
    if agent.wounded:
        raise Refused("Agent %d is already wounded" % player)
    agent.wounded = 1


def _heal(s, side, player, b, c):
    agent = _inside(s, player)
    if not agent.wounded:
        raise Refused("Agent %d is not wounded" % player)
    agent.wounded = 0


def _escape(s, side, player, b, c):
    _inside(s, player).status = ESCAPED
    return _everyone_out(s)


def _arrest(s, side, player, b, c):
    _inside(s, player).status = ARRESTED
    return _everyone_out(s)


def _holdings(s, side, player, values, c):
    agent = s.agent(player)
    if agent.status != ESCAPED:
        raise Refused("Only an escaped agent's holdings count")
    if len(values) > MAX_HOLDINGS:
        raise Refused("At most %d holdings" % MAX_HOLDINGS)
    for value in values:
        if not 1 <= value <= MAX_VALUE:
            raise Refused("A holding is worth 1 to %d" % MAX_VALUE)
    agent.holdings = tuple(sorted(values, reverse=True))
    agent.entered = 1
    _decide(s)


def _next_phase(s, side, a, b, c):
    if s.phase >= SECURITY_PHASE:
        raise Refused("Security ends the round: roll the die")
    s.phase += 1


# One row per verb, by its number (above: stored in save files, so only appended): its words in
# the game log (engine_lite.infiltration.text writes an agent's as "agent P advance"), who may
# take it (0: Infiltration's verbs are nobody's side), its arguments' kinds for the byte records,
# the function that carries it out on the copied state:
# handler(state, side, a, b, c), an agent's event in the past tense (phrase: "Agent 2 wounded")
# or a function that says the whole action (side, a, b, c) -> text, its costs (none: the monitor counts no clicks or credits), and
# what a number ring would say before OK (the monitor has none).
# The same columns as engine_lite.netrunner.rules.VERBS;
# tests/test_rules.py checks every row fills them.
def _said_alarm(side, a, b, c):
    return "Alarm %+d" % a


def _said_set_alarm(side, a, b, c):
    return "Alarm set to %d" % a


def _said_proximity(side, a, b, c):
    return "Proximity %+d" % a


def _said_set_proximity(side, a, b, c):
    return "Proximity set to %d" % a


def _said_security(side, a, b, c):
    return "Security: die %d" % a


def _said_holdings(side, a, b, c):
    return "Agent %d holdings: %d points" % (a, sum(b))


def _said_next_phase(side, a, b, c):
    return "Next phase"


VERBS = (
    # words          who kinds  handler         words (after "Agent N")  clicks credits asks
    ("",               0,  "",    None,            None,                 0,  0,  None),  # 0: no verb
    ("alarm",          0,  "s",   _alarm,          _said_alarm,          0,  0,  None),  # 1 ALARM
    ("set alarm",      0,  "n",   _set_alarm,      _said_set_alarm,      0,  0,  None),  # 2 SET_ALARM
    ("proximity",      0,  "s",   _proximity,      _said_proximity,      0,  0,  None),  # 3 PROXIMITY
    ("set proximity",  0,  "n",   _set_proximity,  _said_set_proximity,  0,  0,  None),  # 4 SET_PROXIMITY
    ("security",       0,  "n",   _security,       _said_security,       0,  0,  None),  # 5 SECURITY
    ("advance",        0,  "p",   _move,           "advanced",           0,  0,  None),  # 6 ADVANCE
    ("retreat",        0,  "p",   _move,           "retreated",          0,  0,  None),  # 7 RETREAT
    ("wound",          0,  "p",   _wound,          "wounded",            0,  0,  None),  # 8 WOUND
    ("heal",           0,  "p",   _heal,           "healed",             0,  0,  None),  # 9 HEAL
    ("escape",         0,  "p",   _escape,         "escaped",            0,  0,  None),  # 10 ESCAPE
    ("arrest",         0,  "p",   _arrest,         "arrested",           0,  0,  None),  # 11 ARREST
    ("holdings",       0,  "pn",  _holdings,       _said_holdings,       0,  0,  None),  # 12 HOLDINGS: the player, then a list
    ("next-phase",     0,  "",    _next_phase,     _said_next_phase,     0,  0,  None),  # 13 NEXT_PHASE
)


def advance(state, act):
    """Do `act` to `state` itself and return the note: `apply` without its copy and its limits
    check, for a replay of actions already played, on a state the caller owns (see
    engine_lite.netrunner.rules.advance). Raises Refused like `apply`; `state` may then be half-changed."""
    verb, side, a, b, c = act
    if verb < 1 or verb >= len(VERBS):
        raise Refused("Unknown action")
    if state.ended and verb != HOLDINGS:
        raise Refused("The game is over: enter the holdings, undo, or start a new game")
    if verb == HOLDINGS and not state.ended:
        raise Refused("Holdings are entered when the game is over")
    kind = VERBS[verb][2]
    if verb != HOLDINGS:
        for value in (a, b, c)[:len(kind)]:
            if not -999 <= value <= 999:
                raise Refused("Argument %d out of range" % value)
    return VERBS[verb][3](state, side, a, b, c)


def check_limits(state):
    """Raise Refused if `state` is past the monitor's limits (`apply` checks after every
    action): the round, the one number an action can push past them."""
    if state.round > MAX_ROUND:
        raise Refused("round would be past %d" % MAX_ROUND)


# Apply one action: (new_state, note), or Refused with `state` left alone (engine_lite.base).
apply = applier(advance, check_limits)


def phrase(act, state=None):
    """An action in words for the device's messages: "Agent 2 wounded", "Alarm +1"."""
    verb, side, a, b, c = act
    said = VERBS[verb][4] if 0 < verb < len(VERBS) else None
    if said is None:
        return "Action %d" % verb
    if isinstance(said, str):                   # an agent's event: "Agent 2 wounded"
        return "Agent %d %s" % (a, said)
    return said(side, a, b, c)


def spoken(act, state):
    """The action for a screen reader: the same words as on the glass."""
    return phrase(act, state)


def board(state):
    """The monitor in words ("read the board"): round, alarm, proximity, each agent."""
    agents = ", ".join("agent %d %s" % (i + 1, STATUSES[agent.status]
                                        + (", wounded" if agent.wounded else ""))
                       for i, agent in enumerate(state.agents))
    return "Infiltration, round %d. Alarm %d, proximity %d. %s." % (
        state.round, state.alarm, state.proximity, agents)


def turn_starts(game, mark=0, upto=None):
    """The log screen's turns are rounds (the security roll ends one): [(index of the first
    action, 0, round, byte offset)] (the "side" is for Netrunner's turns). Walked from
    checkpoint number `mark` up to byte `upto`, as engine_lite.netrunner.phrases.turn_starts is: from a
    later checkpoint, only the rounds that begin after it."""
    game.check_all()
    index, offset, packed = game.checkpoints[mark]
    number = unpack(packed).round
    starts = [] if mark else [(0, 0, number, 0)]
    history = game.history
    end = len(history) if upto is None else upto
    while offset < end:
        act, offset = decode(history, offset)
        index += 1
        if act[0] == SECURITY:
            number += 1
            if offset < end or upto is None:
                starts.append((index, 0, number, offset))
    return starts


def turn_header(side, number):
    """A round's header on the log screen."""
    return "Round %d" % number


def summary(acts, side):
    """What a finished round comes to, or None: Infiltration's log has no summary line."""
    return None
