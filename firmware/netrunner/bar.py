"""The dashboard's action bar as data: which cells each moment shows (the bars), and each cell's
row (CELLS): its words, the number UP/DOWN change on it, and what OK and a held OK on it do.
The dashboard (firmware.netrunner.dashboard) draws the bar and does what the lit cell's row says.
"""

from engine_lite.netrunner.state import SIDE_NAMES, CORP, RUNNER, server_name, const
from engine_lite.netrunner import actions as A
from engine_lite.netrunner.rules import scoring_remote, advance_action, remote_of
from firmware.netrunner import purposes
from firmware.netrunner.menus import ActionMenu, MoreMenu
from firmware.netrunner.pages import EndTurn
from firmware.netrunner.start import ask_new_game
from firmware.netrunner.trace import TraceWizard
from firmware.netrunner.turn_end import end_turn
from firmware.screens.fonts import fitting

# The bars. Each starts with its cursor on HOME (+1cr), Draw and Adv or Run a press either side:
# the bar wraps round, so More (the last) is two presses left.
CORP_BAR = ("Draw", "+1cr", "Adv", "Acts", "End", "More")
RUNNER_BAR = ("Draw", "+1cr", "Run", "Acts", "End", "More")
# (in a run: Rez a RIGHT from Access, the run's home; a jack out is a held OK on Fail)
RUN_BAR = ("Access", "Rez", "Fail", "More", "Trace")
ACCESS_BAR = ("Done", "Steal", "More", "+1 card")
ACCESS_MORE_BAR = ("Next", "Steal", "More", "+1 card")   # more cards to access after this one
HOME = const(1)      # the cell the cursor starts on: +1cr
# engine_lite.netrunner.state's numbers the rows below need (tests/test_dashboard_data.py holds them to
# the engine's)
_HQ = const(0)                  # HQ
_ARCHIVES = const(2)            # ARCHIVES (R&D is between them)
_FIRST_REMOTE = const(3)        # FIRST_REMOTE: remote 1
_LAST_SERVER = const(8)         # FIRST_REMOTE + 5: remote 6, the last a run is offered on
_ADVANCED_REMOTES = const(6)    # ADVANCED_REMOTES: the remotes whose advancements are kept
# The engine's numbers OK on a cell acts with (engine_lite.netrunner.actions; tests/test_dashboard_data.py)
_GAIN_CREDIT = const(1)         # GAIN_CREDIT
_DRAW = const(2)                # DRAW
_INSTALL = const(3)             # INSTALL
_REZ = const(11)                # REZ
_RUN = const(23)                # RUN
_RUN_END = const(26)            # RUN_END, with how the run ends:
_RUN_FAIL = const(1)            # RUN_FAIL
_RUN_JACK_OUT = const(2)        # RUN_JACK_OUT
_RUN_ACCESS = const(3)          # RUN_ACCESS
ACTIVE = const(-1)             # in an action's row: the side whose turn it is
NUMBER = const(-1)             # in an action's row: the cell's number (Run: the server)
# What OK on a cell does that is not one engine action: the dashboard's own steps, each
# (dashboard, app, state) -> None.

def _advance(dash, app, s):
    """Advance the card in the chosen remote, and remember the remote. The cursor goes home:
    a credit right after an advance is one OK (issue 60: it was LEFT, OK); a second advance is
    a held OK (_hold_advance)."""
    if app.act(advance_action(s.active, dash.value)):
        if dash.value:
            dash.last_remote = dash.value
        dash.go_home()


def _twice(s):
    """Whether a held OK on Adv advances twice: the side has the clicks and credits for two."""
    me = s.player(s.active)
    return me.clicks >= 2 and me.credits >= 2


def _hold_advance(dash, app, s):
    """Held OK on Adv: two advances on the chosen card, as Adv's words say ("hold: x2"), where
    the side has the clicks and credits for two; else one, as a tap (issue 60: a second remote
    and two advances in 5 presses, now that the cursor goes home after an advance)."""
    if _twice(s) and app.act(advance_action(s.active, dash.value)):
        s = app.game.state
    _advance(dash, app, s)


def _hold_install(dash, app, s):
    """Held OK on +1cr ("Credit; hold: install 0"): the side in its turn installs a card for
    nothing, a click (issue 60: the Corp's installs are free but for ice's tax, and DOWN, UP,
    OK took 3 presses for the click token it moves; a Corp turn of three installs was 10
    presses against 4 token moves). The cursor stays home; Adv then names the new remote
    (_adv_start)."""
    app.act(A.action(_INSTALL, s.active, 0))


def _actions(dash, app, s):
    """The side's actions, with their costs (firmware.netrunner.menus.ActionMenu)."""
    app.push(ActionMenu(s.active))


def _purge_offered(s):
    """Whether a held OK on Acts purges: the Corp's turn, virus counters on the tracker."""
    return s.active == CORP and s.runner.virus


def _acts_words(value, s):
    """Acts' words: when a held OK purges (issue 60: a purge in 3 presses, RIGHT, RIGHT and a
    held OK), that it does."""
    if _purge_offered(s):
        n = s.runner.virus
        return fitting(("Hold OK: purge %d virus counter%s" % (n, "" if n == 1 else "s"),
                        "Hold OK: purge %d virus" % n, "Hold OK: purge"))
    return "Actions, with their costs"


def _hold_acts(dash, app, s):
    """Held OK on Acts: the Corp purges, while there are virus counters (its words say so once
    the cursor is there); else the actions, as a tap."""
    if _purge_offered(s):
        app.act(A.action(A.PURGE, CORP))
    else:
        _actions(dash, app, s)


def _more(dash, app, s):
    """More (firmware.netrunner.menus.MoreMenu)."""
    app.push(MoreMenu())


def _hold_more(dash, app, s):
    """Held OK on More: the new game's question (More's last rows, a press away: issue 60
    wanted a new game with the Runner's link in 5 presses from a game in play). It only
    asks: a held OK there starts the game, LEFT goes back."""
    ask_new_game(app, True)


def _trace(dash, app, s):
    """The trace, with the chosen number as its base (firmware.netrunner.trace)."""
    app.push(TraceWizard(dash.value))


def _hold_end(dash, app, s):
    """A tap never ends a turn: OK pressed in any rhythm (after the last click the bar jumps to
    End) must not end it and go on spending the other side's clicks. It says so."""
    app.say("Hold OK to end the %s's turn" % SIDE_NAMES[s.active])


def _end(dash, app, s):
    """Held OK on End: the turn ends (with clicks left, the page that asks first)."""
    if s.player(s.active).clicks:
        app.push(EndTurn())
    else:
        end_turn(app)


def _steal(dash, app, s):
    """Steal the chosen points (the number ring's question if it wins); the card is done."""
    purposes.points_then(app, purposes.points_action(s, A.STEAL, RUNNER, dash.value),
                         lambda app: dash.accessed(app, app.toast))


def _steal_words(value, s):
    """Steal's question, with the access it belongs to ("Access Remote 1: steal 2?"): access
    may begin on Steal (access_start), and this row is then the one that says where the
    access is (found by tests/test_no_silent_change.py, seed 137: it said only "Steal 2
    points? UP/DOWN")."""
    where = server_name(s.run_server)
    return fitting(("Access %s: steal %d? UP/DN" % (where, value),
                    "Access %s: steal %d?" % (where, value), "Steal %d points? UP/DOWN" % value))


def _one_more(dash, app, s):
    """One more card to access."""
    dash.to_access += 1


def _accessed(dash, app, s):
    """This accessed card is done with (the run ends after the last)."""
    dash.accessed(app)


def _rez(dash, app, s):
    """The Corp rezzes a card (ice the Runner meets, most often) for the cell's number, and
    the cursor goes home to Access, where DOWN is the Runner's payment (issue 60: a run with
    a rez for 3 and a break for 2 was 10 presses, the rez 5 of them: DOWN x3, RIGHT to the
    ring's Rez, OK; now RIGHT, OK)."""
    if app.act(A.action(_REZ, CORP, dash.value)):
        dash.go_home()


def _jack_out(dash, app, s):
    """Held OK on Fail ("Fails; hold: jack out"): the Runner jacks out (the run ends as a
    fail does; the log says which)."""
    app.act(A.action(_RUN_END, 0, _RUN_JACK_OUT))


def _hold_access(dash, app, s):
    """Held OK on Access: the run succeeded, the card accessed stays where it is (nothing
    stolen or trashed) and the run ends: Access and Done in one press, without the pause that
    Done waits for after a tapped Access (issue 60: most runs take nothing; their turns were
    over their token moves + 2). The captions' row says so while Access is lit."""
    dash.none_taken(app)


def _hold_run(dash, app, s):
    """Held OK on Run: a run on the chosen server that took nothing, begun and ended in one
    press (Run, then a held Access), as the Run's question says ("hold: none"). Issue 60: a
    turn of two runs that met nothing was three presses over its token moves."""
    if app.act(A.action(_RUN, RUNNER, dash.value), quiet=True):
        dash.none_taken(app, "Ran on " + server_name(dash.value))
        dash.go_home()


def _adv_start(dash, s, game):
    """Adv's number when the cursor comes to it: the remote advanced last (after a power cut,
    the one with the most counters), or after an install the new remote it most likely went
    to (issue 60: Adv still named R1 after an install there)."""
    if game.count and game.action_at(game.count - 1)[0] == A.INSTALL:
        return new_remote(s.corp)
    return dash.last_remote or scoring_remote(s.corp) or 1


def _adv_words(value, s):
    """Adv's question: which remote, and how many counters it has (0: a card whose counters
    are not kept, ice say)."""
    twice = _twice(s)
    if not value:
        return "Adv ice etc? hold: x2" if twice else "Advance ice etc? UP/DOWN"
    has = s.corp.advancements(value)
    if twice:
        return fitting(("Adv R%d (has %d)? UP/DN, hold: x2" % (value, has),
                        "Adv R%d (has %d)? hold: x2" % (value, has)))
    return fitting(("Advance R%d (has %d)? UP/DN" % (value, has),
                    "Advance remote %d? has %d" % (value, has)))


def _run_start(dash, s, game):
    """Run's server when the cursor comes to it: HQ, or after runs this turn the first of HQ,
    R&D and Archives not run yet (issue 60: a turn's second run, on R&D, took an UP more than
    the tokens' moves allow; a runner seldom runs a central server twice in a turn). The
    captions' row names it as the cursor arrives ("Run R&D?"). HQ while a history read at
    power-up is still being checked."""
    ran = 0
    for act in game.since_last(A.END_TURN) or ():
        if act[0] == _RUN and act[2] <= _ARCHIVES:
            ran |= 1 << act[2]
    for server in range(_HQ, _ARCHIVES + 1):
        if not ran & 1 << server:
            return server
    return _HQ


def _last_remote(dash, s, game):
    """Where DOWN from HQ goes on Run: the last remote with advancement counters (the card the
    Corp is advancing), else remote 1 (issue 60: a remote was UP x3 away; HQ was the end)."""
    return _FIRST_REMOTE + max(last_advanced(s.corp), 1) - 1


def _run_words(value, s):
    """Run's question: the server by name, and what a held OK does (_hold_run), where it fits."""
    name = server_name(value)
    return fitting(("Run %s? UP/DN, hold: none" % name, "Run %s? hold: none" % name))


# The bar's cells, a row each; the bars above name them by label.
#   words   what the cell does, in full: the captions' row says it once the cursor moved there
#           (the bar has room for short words only). For a cell that carries a number, the
#           question its number answers: %s the number, or a function (number, state) -> text
#   number  a cell whose number UP/DOWN change while it is lit (the server to run on, the points
#           to steal, the trace's base, the remote whose card is advanced: 0, a card elsewhere,
#           ice say): (the number it starts at, or a function (dashboard, state, game) -> it;
#           lowest, highest, the most a held key adds: Steal an agenda's worth, so no runaway to
#           a win; where a tap below the lowest goes, a function as the start's, or None: it
#           stays); else None
#   does    what OK on the cell does: an engine action (verb, side, argument, quiet), quiet when
#           the captions' row names it already ("Run on HQ", "Access HQ: 1 card"), else a
#           message does; or one of the dashboard's own steps above
#   held    what a held OK on the cell does (a step above); None: it says that only End's does
#   (words may be a function (number, state) -> text for a cell without a number too: Acts')
CELLS = (
    # label     words                        number                                 does                                  held
    ("Draw",     "Draw a card: 1 click",       None,                                      (_DRAW, ACTIVE, 0, False),            None),
    ("+1cr",     "Credit; hold: install 0",    None,                                      (_GAIN_CREDIT, ACTIVE, 0, False),     _hold_install),
    ("Adv",      _adv_words,                   (_adv_start, 0, _ADVANCED_REMOTES, None, None),  _advance,                       _hold_advance),
    ("Run",      _run_words,                   (_run_start, 0, _LAST_SERVER, None, _last_remote), (_RUN, RUNNER, NUMBER, True),   _hold_run),
    ("Acts",     _acts_words,                  None,                                      _actions,                             _hold_acts),
    ("End",      "Hold OK: end the turn",      None,                                      _hold_end,                            _end),
    ("More",     "More; hold: new game",       None,                                      _more,                                _hold_more),
    ("Access",   "Access; hold: none taken",   None,                                      (_RUN_END, 0, _RUN_ACCESS, True),     _hold_access),
    ("Rez",      "Corp rezzes for %s? UP/DN",  (3, 0, 30, None, None),                          _rez,                           None),
    ("Fail",     "Fails; hold: jack out",      None,                                      (_RUN_END, 0, _RUN_FAIL, False),      _jack_out),
    ("Trace",    "Trace base %s? UP/DOWN",     (3, 0, 30, None, None),                          _trace,                         None),
    ("Done",     "Done: the run ends",         None,                                      _accessed,                            None),
    ("Next",     "Done: next card",            None,                                      _accessed,                            None),
    ("Steal",    _steal_words,                 (2, 1, 9, 3, None),                              _steal,                         None),
    ("+1 card",  "Access one more card",       None,                                      _one_more,                            None),
)


def access_start(s):
    """Where the access bar's cursor starts: on Steal (1) when the run is on a remote with
    advancement counters, the card the Corp was advancing (an agenda, most likely: issue 60,
    a run on the remote with a rez, a break and a steal was a press over its token moves + 2),
    else on Done (0). Its words ask first and say where the access is ("Access Remote 1: steal
    2?": _steal_words), and an OK in the rhythm of the one that began the access waits for a
    pause (Dashboard._momentum)."""
    remote = remote_of(s.run_server)
    return 1 if remote and s.corp.advancements(remote) else 0


def last_advanced(corp):
    """The last remote with advancement counters (0 when none has any)."""
    last = 0
    for remote in range(1, _ADVANCED_REMOTES + 1):
        if corp.advancements(remote):
            last = remote
    return last


def new_remote(corp):
    """The remote a card installed in a new server is in: the one after the last remote with
    advancement counters (1 when none has any), within those whose counters are kept."""
    return min(last_advanced(corp) + 1, _ADVANCED_REMOTES)


def cell(label):
    """The bar's cell of this label: its row of CELLS."""
    for row in CELLS:
        if row[0] == label:
            return row
    raise ValueError(label)
