"""The numbers on the table: one `GameState` holding a `Corp` and a `Runner`.

A state is plain data. The rules (`engine_lite.rules`) never change a state in place: they copy it,
change the copy and hand it back, so a refused action cannot leave anything half done.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        """Stand-in for MicroPython's compile-time constant marker."""
        return x

CORP = const(0)
RUNNER = const(1)
SIDE_NAMES = ("Corp", "Runner")

# Phases of the active side's turn. The action phase ends when the last click is spent; then only
# paid abilities and the end of the turn (the discard phase) remain.
PHASE_ACTION = const(0)
PHASE_DISCARD = const(1)

NO_WINNER = const(-1)
TIE = const(2)              # `winner` after a time call with equal agenda points
WIN_NONE = const(0)
WIN_AGENDA = const(1)
WIN_FLATLINE = const(2)
WIN_DECKED = const(3)
WIN_TIME = const(4)         # time was called and the final turns are over: points decide
WIN_REASONS = ("", "agenda", "flatline", "decked", "time")

NOT_CALLED = const(-1)      # `final_turns` before time is called (tournaments)

NO_RUN = const(-1)
HQ = const(0)
RND = const(1)
ARCHIVES = const(2)
FIRST_REMOTE = const(3)  # remote server n is FIRST_REMOTE + n - 1

NOT_TRACKED = const(-1)  # for the card counts (R&D, grip) nobody asked the device to follow

BASE_HAND_SIZE = const(5)
MAX_COUNT = const(999)      # no counter goes above this: three digits on the display
MAX_MODIFIER = const(99)    # hand-size modifiers may be negative, within +-99
MAX_REMOTES = const(60)
MAX_TURN = const(9999)      # rounds: four digits (every limit: LOW and HIGH, below)


class Refused(Exception):
    """An action the rules do not allow now. `str(error)` is the reason, one line.
    (Raised by engine_lite.rules and engine_lite.tournament; usually imported from rules.)"""


def plural(n, word):
    """'1 credit', '2 credits'."""
    return "%d %s" % (n, word if n == 1 else word + "s")


def server_name(server):
    """Short name of a server number: 'HQ', 'R&D', 'Archives' or 'Remote 2'."""
    if server == HQ:
        return "HQ"
    if server == RND:
        return "R&D"
    if server == ARCHIVES:
        return "Archives"
    return "Remote %d" % (server - FIRST_REMOTE + 1)


class Player:
    """Counters both sides have. `hand_size_mod` is added to the base max hand size of 5."""

    FIELDS = ("credits", "clicks", "clicks_per_turn", "agenda_points", "hand_size_mod")

    def __init__(self, clicks_per_turn):
        self.credits = 5
        self.clicks = 0
        self.clicks_per_turn = clicks_per_turn
        self.agenda_points = 0
        self.hand_size_mod = 0

    @property
    def max_hand_size(self):
        """Cards this player may keep at the end of the turn."""
        return BASE_HAND_SIZE + self.hand_size_mod

    def _copy_into(self, new):
        new.credits = self.credits
        new.clicks = self.clicks
        new.clicks_per_turn = self.clicks_per_turn
        new.agenda_points = self.agenda_points
        new.hand_size_mod = self.hand_size_mod
        return new


class Corp(Player):
    """The Corp's counters. `rnd` is the number of cards in R&D, or NOT_TRACKED."""

    FIELDS = Player.FIELDS + ("bad_publicity", "rnd")

    def __init__(self, clicks_per_turn=3):
        Player.__init__(self, clicks_per_turn)
        self.bad_publicity = 0
        self.rnd = NOT_TRACKED

    def copy(self):
        """An independent copy (see GameState.copy)."""
        new = self._copy_into(object.__new__(Corp))
        new.bad_publicity = self.bad_publicity
        new.rnd = self.rnd
        return new


class Runner(Player):
    """The Runner's counters. `grip` is the number of cards in hand, or NOT_TRACKED."""

    FIELDS = Player.FIELDS + ("tags", "brain_damage", "link", "mu", "grip")

    def __init__(self, clicks_per_turn=4, link=0):
        Player.__init__(self, clicks_per_turn)
        self.tags = 0
        self.brain_damage = 0
        self.link = link
        self.mu = 4
        self.grip = NOT_TRACKED

    def copy(self):
        """An independent copy (see GameState.copy)."""
        new = self._copy_into(object.__new__(Runner))
        new.tags = self.tags
        new.brain_damage = self.brain_damage
        new.link = self.link
        new.mu = self.mu
        new.grip = self.grip
        return new

    @property
    def max_hand_size(self):
        """Each brain damage lowers the Runner's max hand size by one, for good."""
        return BASE_HAND_SIZE - self.brain_damage + self.hand_size_mod


class GameState:
    """Everything the tracker knows about one game at one moment.

    `turn` is the round number (it goes up when the Corp's turn begins), `active` the side whose turn
    it is. `run_server` is NO_RUN outside a run; `run_access` is 1 once the run has succeeded and
    the Runner is accessing cards (the run ends when the access is done). `trace_*` describe the
    last trace (success -1: none yet). `winner` is NO_WINNER until somebody wins (TIE: a time
    call with equal points), with `win_reason` one of the WIN_* values. `final_turns` is
    NOT_CALLED, or after a time call the turns still to end before the game does (2: this one and
    the other side's; 1: this is the last; 0: over). `psi_corp` and `psi_runner` are the last psi
    game's bids (-1: none yet).
    """

    FIELDS = ("turn", "active", "phase", "winner", "win_reason", "agenda_target",
              "run_server", "run_bp_credits", "trace_strength", "trace_link", "trace_success",
              "run_access", "final_turns", "psi_corp", "psi_runner")

    def __init__(self):
        self.turn = 1
        self.active = CORP
        self.phase = PHASE_ACTION
        self.winner = NO_WINNER
        self.win_reason = WIN_NONE
        self.agenda_target = 7
        self.run_server = NO_RUN
        self.run_bp_credits = 0
        self.trace_strength = 0
        self.trace_link = 0
        self.trace_success = -1
        self.run_access = 0
        self.final_turns = NOT_CALLED
        self.psi_corp = -1
        self.psi_runner = -1
        self.corp = Corp()
        self.runner = Runner()

    def player(self, side):
        """The Corp for CORP, the Runner for RUNNER."""
        return self.runner if side else self.corp

    @property
    def in_run(self):
        """True while the Runner is making a run."""
        return self.run_server != NO_RUN

    def bp_credits(self, side):
        """Bad-publicity credits this side may spend now: the Runner's, during a run."""
        return self.run_bp_credits if (side == RUNNER and self.in_run) else 0

    def can_pay(self, side):
        """Credits this side can pay now, bad-publicity credits included."""
        return self.player(side).credits + self.bp_credits(side)

    def set_clicks(self, side, clicks):
        """A side's clicks set (by a card, the golden rule, a turn's start): in its own turn,
        none left means the discard phase."""
        self.player(side).clicks = clicks
        if self.active == side:
            self.phase = PHASE_ACTION if clicks > 0 else PHASE_DISCARD

    def spend(self, side, n):
        """Pay n credits (the rules' cost of an action): during a run the Runner's
        bad-publicity credits go first. Refused if the side cannot pay."""
        bp = self.bp_credits(side)
        if self.can_pay(side) < n:
            raise Refused("Needs %s, has %d" % (plural(n, "credit"), self.can_pay(side)))
        from_bp = n if n < bp else bp
        self.run_bp_credits -= from_bp
        self.player(side).credits -= n - from_bp

    def pack(self):
        """All numbers as one flat tuple: game fields, then the Corp's, then the Runner's (in
        the order of the FIELDS tuples). Every action packs its new state for the limits check,
        so this is written out: on a Pico a tuple built at once is about 1 ms quicker than 32
        getattr calls. A field missing here makes tests/test_snapshot.py fail."""
        c = self.corp
        r = self.runner
        return (self.turn, self.active, self.phase, self.winner, self.win_reason,
                self.agenda_target, self.run_server, self.run_bp_credits, self.trace_strength,
                self.trace_link, self.trace_success, self.run_access, self.final_turns,
                self.psi_corp, self.psi_runner,
                c.credits, c.clicks, c.clicks_per_turn, c.agenda_points, c.hand_size_mod,
                c.bad_publicity, c.rnd,
                r.credits, r.clicks, r.clicks_per_turn, r.agenda_points, r.hand_size_mod,
                r.tags, r.brain_damage, r.link, r.mu, r.grip)

    @staticmethod
    def unpack(values):
        """Rebuild a state from `pack()` output (no range checks: see engine_lite.snapshot)."""
        state = GameState()
        i = 0
        for obj, names in ((state, GameState.FIELDS), (state.corp, Corp.FIELDS),
                           (state.runner, Runner.FIELDS)):
            for name in names:
                setattr(obj, name, values[i])
                i += 1
        return state

    def copy(self):
        """An independent copy. Every action makes one, so it is written out field by field
        and skips __init__: on a Pico that is 0.8 ms instead of 2.9 (through pack/unpack).
        A field missing here makes pack() fail on the copy (tests/test_snapshot.py)."""
        new = object.__new__(GameState)
        new.turn = self.turn
        new.active = self.active
        new.phase = self.phase
        new.winner = self.winner
        new.win_reason = self.win_reason
        new.agenda_target = self.agenda_target
        new.run_server = self.run_server
        new.run_bp_credits = self.run_bp_credits
        new.trace_strength = self.trace_strength
        new.trace_link = self.trace_link
        new.trace_success = self.trace_success
        new.run_access = self.run_access
        new.final_turns = self.final_turns
        new.psi_corp = self.psi_corp
        new.psi_runner = self.psi_runner
        new.corp = self.corp.copy()
        new.runner = self.runner.copy()
        return new


START_HAND = const(5)    # both sides draw 5 cards before the first turn


def new_game(agenda_target=7, corp_clicks=3, runner_clicks=4, runner_link=0,
             runner_grip=NOT_TRACKED):
    """The state at the start of a game: the Corp's first turn, its clicks gained and its
    mandatory draw taken (R&D is not tracked yet, so the draw changes no number).
    `runner_grip`: the cards in the Runner's hand, START_HAND when the grip is followed (so that
    damage knows when it flatlines), NOT_TRACKED when not."""
    state = GameState()
    state.agenda_target = agenda_target
    state.corp.clicks_per_turn = corp_clicks
    state.runner.clicks_per_turn = runner_clicks
    state.runner.link = runner_link
    state.corp.clicks = corp_clicks
    state.runner.grip = runner_grip
    return state


# ---- limits -----------------------------------------------------------------------------------
# The one set of limits on a game's numbers. The rules check every new state against them (an
# action that would go past one is refused), the game log's `new-game` line takes its settings
# within them, and the snapshot loader checks a saved state against them: so whatever the engine
# accepts can always be saved and loaded again. Two tuples of ints in pack() order: no names are
# kept on the device's heap; `engine_lite.logline.field_name(i)` builds one when a message needs it.

_C = const(MAX_COUNT)     # (names with a leading _ and const() take no heap on MicroPython)
_M = const(MAX_MODIFIER)
# GameState: turn, active, phase, winner, win_reason, agenda_target, run_server,
#            run_bp_credits, trace_strength, trace_link, trace_success, run_access,
#            final_turns, psi_corp, psi_runner
# Corp:      credits, clicks, clicks_per_turn, agenda_points, hand_size_mod, bad_publicity, rnd
# Runner:    credits, clicks, clicks_per_turn, agenda_points, hand_size_mod, tags,
#            brain_damage, link, mu, grip                     (rnd and grip: -1 = not tracked)
LOW = (1, 0, 0, -1, 0, 1, -1, 0, 0, 0, -1, 0, -1, -1, -1,
       0, 0, 0, 0, -_M, 0, -1,
       0, 0, 0, 0, -_M, 0, 0, 0, 0, -1)
HIGH = (MAX_TURN, 1, 1, 2, 4, 99, FIRST_REMOTE + MAX_REMOTES - 1, _C, 2 * _C + 99, 2 * _C, 1, 1,
        2, 2, 2,
        _C, _C, _C, _C, _M, _C, _C,
        _C, _C, _C, _C, _M, _C, _C, _C, _C, _C)


def first_outside(values):
    """The index of the first packed value outside its limits, or -1 when all are within."""
    low = LOW
    high = HIGH
    for i in range(len(low)):
        value = values[i]
        if value < low[i] or value > high[i]:
            return i
    return -1
