"""The numbers on the table: one `GameState` holding a `Corp` and a `Runner`.

A state is plain data. The rules (`engine_lite.netrunner.rules`) never change a state in place: they copy it,
change the copy and hand it back, so a refused action cannot leave anything half done.
"""

from engine_lite.base import const, Refused   # noqa: F401 (Refused: also for importers of it here)

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
# The remotes whose advancement counters the tracker keeps: 1 to 6 (a card elsewhere, ice say,
# is advanced without its counters kept: the tokens on the table say).
ADVANCED_REMOTES = const(6)
MAX_TURN = const(9999)      # rounds: four digits (every limit: FIELDS, below)


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


# ---- the numbers of a game ---------------------------------------------------------------------
# One row per number a Netrunner game keeps: the game's own, the Corp's and the Runner's, in the
# order pack() gives them. A number is its row and nothing else: everything about it is read here.
#   name      its attribute ("credits"); with its part, as messages and the snapshot show it
#             ("corp.credits", field_name)
#   default   what a new game starts with
#   low, high its limits: the rules refuse an action that would take it past them, the game
#             log's `new-game` line takes settings within them, the snapshot loader checks a saved
#             state against them (so whatever the engine accepts can be saved and loaded again)
#   layout    the snapshot layout it came with: a save from an older layout is read with the
#             defaults of the numbers that came since (`upgrade`)
#   word      a side's number: its word in the game log (`runner set tags 2`: every side's number
#             can be set by hand, engine_lite.netrunner.golden). Its index among its side's rows is stored
#             in save files: a side's new number is appended to its side's rows
#   label     its row in the Counters menu (16 characters at most)
#   token     the tokens cards carry (virus, power...): their name. engine_lite.netrunner.golden's COUNTER
#             changes them by n, the Tokens menu gives each a +1 and a -1, the messages say
#             "placed 2 virus counters", and the dashboard shows them while not 0
# On the firmware image these constant tables, names and all, stay in flash (make bench: a full
# GC at the peak): a name made at run time would cost the heap a pool for it.
# One speed trick: GameState.pack() and the copy() methods name each number (every action runs
# both; a loop over these rows took 3.7 + 1.6 ms an action on the image, written out 1.7 + 0.2:
# make bench, press-to-photon). tests/test_snapshot.py fails until a new row is in both.
_C = const(MAX_COUNT)     # (names with a leading _ and const() take no heap on MicroPython)
_M = const(MAX_MODIFIER)
GAME_FIELDS = (
    # name              default       low  high                             layout
    ("turn",            1,            1,   MAX_TURN,                        0,  None, None, None),
    ("active",          CORP,         0,   1,                               0,  None, None, None),
    ("phase",           PHASE_ACTION, 0,   1,                               0,  None, None, None),
    ("winner",          NO_WINNER,    -1,  2,                               0,  None, None, None),
    ("win_reason",      WIN_NONE,     0,   4,                               0,  None, None, None),
    ("agenda_target",   7,            1,   99,                              0,  None, None, None),
    ("run_server",      NO_RUN,       -1,  FIRST_REMOTE + MAX_REMOTES - 1,  0,  None, None, None),
    ("run_bp_credits",  0,            0,   _C,                              0,  None, None, None),
    ("trace_strength",  0,            0,   2 * _C + 99,                     0,  None, None, None),
    ("trace_link",      0,            0,   2 * _C,                          0,  None, None, None),
    ("trace_success",   -1,           -1,  1,                               0,  None, None, None),
    ("run_access",      0,            0,   1,                               1,  None, None, None),
    ("final_turns",     NOT_CALLED,   -1,  2,                               2,  None, None, None),
    ("psi_corp",        -1,           -1,  2,                               2,  None, None, None),
    ("psi_runner",      -1,           -1,  2,                               2,  None, None, None),
)
CORP_FIELDS = (
    # name                  default      low  high layout word                    label               token
    ("credits",             5,           0,   _C,  0,  "credits",              "Corp credits",     None),
    ("clicks",              0,           0,   _C,  0,  "clicks",               "Corp clicks",      None),
    ("clicks_per_turn",     3,           0,   _C,  0,  "clicks-per-turn",      "Corp clicks/turn", None),
    ("agenda_points",       0,           0,   _C,  0,  "agenda-points",        "Corp agenda",      None),
    ("hand_size_mod",       0,           -_M, _M,  0,  "max-hand-size",        "Corp max hand",    None),
    ("bad_publicity",       0,           0,   _C,  0,  "bad-publicity",        "Bad publicity",    None),
    ("rnd",                 NOT_TRACKED, -1,  _C,  0,  "rnd",                  "R&D cards",        None),
    # cards that place or move advancement counters (Shipment from SanSan, Trick of Light), or
    # a card in a remote the Corp trashed itself
    ("remote1_advancements", 0,          0,   _C,  3,  "remote1-advancements", "Remote 1 adv.",    None),
    ("remote2_advancements", 0,          0,   _C,  3,  "remote2-advancements", "Remote 2 adv.",    None),
    ("remote3_advancements", 0,          0,   _C,  3,  "remote3-advancements", "Remote 3 adv.",    None),
    ("remote4_advancements", 0,          0,   _C,  3,  "remote4-advancements", "Remote 4 adv.",    None),
    ("remote5_advancements", 0,          0,   _C,  3,  "remote5-advancements", "Remote 5 adv.",    None),
    ("remote6_advancements", 0,          0,   _C,  3,  "remote6-advancements", "Remote 6 adv.",    None),
    # power counters on the Corp's cards, all told
    ("power",               0,           0,   _C,  5,  "power-counters",       "Corp power",       "power"),
)
RUNNER_FIELDS = (
    # name                  default      low  high layout word                    label               token
    ("credits",             5,           0,   _C,  0,  "credits",              "Runner credits",   None),
    ("clicks",              0,           0,   _C,  0,  "clicks",               "Runner clicks",    None),
    ("clicks_per_turn",     4,           0,   _C,  0,  "clicks-per-turn",      "Run. clicks/turn", None),
    ("agenda_points",       0,           0,   _C,  0,  "agenda-points",        "Runner agenda",    None),
    ("hand_size_mod",       0,           -_M, _M,  0,  "max-hand-size",        "Runner max hand",  None),
    ("tags",                0,           0,   _C,  0,  "tags",                 "Tags",             None),
    ("brain_damage",        0,           0,   _C,  0,  "brain-damage",         "Brain damage",     None),
    ("link",                0,           0,   _C,  0,  "link",                 "Link",             None),
    ("mu",                  4,           0,   _C,  0,  "mu",                   "Memory (MU)",      None),
    ("grip",                NOT_TRACKED, -1,  _C,  0,  "grip",                 "Grip cards",       None),
    # on the Runner's cards, all told: a purge takes them all
    ("virus",               0,           0,   _C,  4,  "virus-counters",       "Virus counters",   "virus"),
    # power counters on the Runner's cards, all told
    ("power",               0,           0,   _C,  5,  "power-counters",       "Runner power",     "power"),
)
FIELDS = GAME_FIELDS + CORP_FIELDS + RUNNER_FIELDS    # every row, in pack()'s order
PACKED_SIZE = len(FIELDS)       # how many numbers pack() gives


def limit(i):
    """(lowest, highest) that packed number i may be."""
    row = FIELDS[i]
    return row[2], row[3]


def field_name(i):
    """The name of packed number i, as messages and the snapshot show it: 'turn',
    'corp.credits', 'runner.tags'..."""
    for prefix, rows in (("", GAME_FIELDS), ("corp.", CORP_FIELDS), ("runner.", RUNNER_FIELDS)):
        if i < len(rows):
            return prefix + rows[i][0]
        i -= len(rows)
    raise IndexError(i)


def upgrade(values):
    """A packed list saved by an older snapshot layout, with the numbers that came since at their
    defaults; `values` itself when it is the current layout's length, None when no layout's."""
    if len(values) == len(FIELDS):
        return values
    for layout in range(max(row[4] for row in FIELDS) - 1, -1, -1):
        if len(values) == sum(1 for row in FIELDS if row[4] <= layout):
            given = iter(values)
            return [next(given) if row[4] <= layout else row[1] for row in FIELDS]
    return None


class Player:
    """Counters both sides have. `hand_size_mod` is added to the base max hand size of 5."""

    ROWS: tuple       # the side's rows of the table: CORP_FIELDS, RUNNER_FIELDS
    # The attributes FIELDS gives each side, named for the type checker (no-ops at run time).
    credits: int
    clicks: int
    clicks_per_turn: int
    agenda_points: int
    hand_size_mod: int

    # No properties on these classes: MicroPython looks each attribute store on an object up in
    # its class when the class has one, and every action copies a state field by field (five
    # stores took 124 us on the virtual Pico, 27 without; make bench: press to photon).
    def max_hand_size(self):
        """Cards this player may keep at the end of the turn."""
        return BASE_HAND_SIZE + self.hand_size_mod

    def shown(self, attr):
        """The number the counter of field `attr` shows: for `hand_size_mod`, the maximum hand
        size it gives (what a player counts cards against), for any other field the field."""
        if attr == "hand_size_mod":
            return self.max_hand_size()
        return getattr(self, attr)

    def _copy_into(self, new):
        new.credits = self.credits
        new.clicks = self.clicks
        new.clicks_per_turn = self.clicks_per_turn
        new.agenda_points = self.agenda_points
        new.hand_size_mod = self.hand_size_mod
        return new


_FIRST_ADVANCEMENTS = const(7)    # CORP_FIELDS[7] is remote1_advancements (tests/test_snapshot.py)


class Corp(Player):
    """The Corp's counters (the rows of CORP_FIELDS). `rnd` is the number of cards in R&D, or
    NOT_TRACKED. `remoteN_advancements` are the advancement counters on the card(s) of remote
    server N (1 to ADVANCED_REMOTES)."""

    ROWS = CORP_FIELDS
    bad_publicity: int
    rnd: int
    remote1_advancements: int
    remote2_advancements: int
    remote3_advancements: int
    remote4_advancements: int
    remote5_advancements: int
    remote6_advancements: int
    power: int

    def advancements(self, remote):
        """The advancement counters in remote server `remote` (1 to ADVANCED_REMOTES)."""
        return getattr(self, CORP_FIELDS[_FIRST_ADVANCEMENTS + remote - 1][0])

    def set_advancements(self, remote, count):
        """Remote server `remote`'s advancement counters set to `count`."""
        setattr(self, CORP_FIELDS[_FIRST_ADVANCEMENTS + remote - 1][0], count)



    def copy(self):
        """An independent copy (see GameState.copy)."""
        new = self._copy_into(object.__new__(Corp))
        new.bad_publicity = self.bad_publicity
        new.rnd = self.rnd
        new.remote1_advancements = self.remote1_advancements
        new.remote2_advancements = self.remote2_advancements
        new.remote3_advancements = self.remote3_advancements
        new.remote4_advancements = self.remote4_advancements
        new.remote5_advancements = self.remote5_advancements
        new.remote6_advancements = self.remote6_advancements
        new.power = self.power
        return new


class Runner(Player):
    """The Runner's counters (the rows of RUNNER_FIELDS). `grip` is the number of cards in
    hand, or NOT_TRACKED. `virus` is the virus counters on all the Runner's cards, told together
    (a purge takes them all)."""

    ROWS = RUNNER_FIELDS
    tags: int
    brain_damage: int
    link: int
    mu: int
    grip: int
    virus: int
    power: int

    def copy(self):
        """An independent copy (see GameState.copy)."""
        new = self._copy_into(object.__new__(Runner))
        new.tags = self.tags
        new.brain_damage = self.brain_damage
        new.link = self.link
        new.mu = self.mu
        new.grip = self.grip
        new.virus = self.virus
        new.power = self.power
        return new

    def max_hand_size(self):
        """Each brain damage lowers the Runner's max hand size by one, for good."""
        return BASE_HAND_SIZE - self.brain_damage + self.hand_size_mod


class GameState:
    """Everything the tracker knows about one game at one moment: the numbers of FIELDS.

    `turn` is the round number (it goes up when the Corp's turn begins), `active` the side whose turn
    it is. `run_server` is NO_RUN outside a run; `run_access` is 1 once the run has succeeded and
    the Runner is accessing cards (the run ends when the access is done). `trace_*` describe the
    last trace (success -1: none yet). `winner` is NO_WINNER until somebody wins (TIE: a time
    call with equal points), with `win_reason` one of the WIN_* values. `final_turns` is
    NOT_CALLED, or after a time call the turns still to end before the game does (2: this one and
    the other side's; 1: this is the last; 0: over). `psi_corp` and `psi_runner` are the last psi
    game's bids (-1: none yet).
    """

    ROWS = GAME_FIELDS
    # The attributes FIELDS gives a state, named for the type checker (no-ops at run time).
    turn: int
    active: int
    phase: int
    winner: int
    win_reason: int
    agenda_target: int
    run_server: int
    run_bp_credits: int
    trace_strength: int
    trace_link: int
    trace_success: int
    run_access: int
    final_turns: int
    psi_corp: int
    psi_runner: int
    corp: Corp
    runner: Runner

    def __init__(self):
        self._fill([row[1] for row in FIELDS])

    def _fill(self, values):
        self.corp = object.__new__(Corp)
        self.runner = object.__new__(Runner)
        i = 0
        for obj in (self, self.corp, self.runner):
            for row in obj.ROWS:
                setattr(obj, row[0], values[i])
                i += 1

    def player(self, side):
        """The Corp for CORP, the Runner for RUNNER."""
        return self.runner if side else self.corp

    def in_run(self):       # (a method, not a property: see Player)
        """True while the Runner is making a run."""
        return self.run_server != NO_RUN

    def bp_credits(self, side):
        """Bad-publicity credits this side may spend now: the Runner's, during a run."""
        return self.run_bp_credits if (side == RUNNER and self.in_run()) else 0

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
        """All numbers as one flat tuple, in the order of FIELDS. Every action packs its new
        state for the limits check, so this is written out (the speed trick above FIELDS). A
        field missing here makes tests/test_snapshot.py fail."""
        c = self.corp
        r = self.runner
        return (self.turn, self.active, self.phase, self.winner, self.win_reason,
                self.agenda_target, self.run_server, self.run_bp_credits, self.trace_strength,
                self.trace_link, self.trace_success, self.run_access, self.final_turns,
                self.psi_corp, self.psi_runner,
                c.credits, c.clicks, c.clicks_per_turn, c.agenda_points, c.hand_size_mod,
                c.bad_publicity, c.rnd, c.remote1_advancements, c.remote2_advancements,
                c.remote3_advancements, c.remote4_advancements, c.remote5_advancements,
                c.remote6_advancements, c.power,
                r.credits, r.clicks, r.clicks_per_turn, r.agenda_points, r.hand_size_mod,
                r.tags, r.brain_damage, r.link, r.mu, r.grip, r.virus, r.power)

    @staticmethod
    def unpack(values):
        """Rebuild a state from `pack()` output (no range checks: see engine_lite.snapshot)."""
        state = object.__new__(GameState)
        state._fill(values)
        return state

    def copy(self):
        """An independent copy. Every action makes one, so it is written out field by field
        and skips __init__ (the speed trick above FIELDS). A field missing here makes pack()
        fail on the copy (tests/test_snapshot.py)."""
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




def check_limits(state):
    """Raise Refused if a number of `state` is outside its limits in FIELDS: the one check that
    keeps every game savable (engine_lite.netrunner.rules.apply makes it after every action)."""
    values = state.pack()
    fields = FIELDS
    for i in range(len(fields)):
        row = fields[i]
        value = values[i]
        if value < row[2] or value > row[3]:
            raise Refused("%s would be %d: the limit is %d to %d"
                          % ((field_name(i), value) + limit(i)))
