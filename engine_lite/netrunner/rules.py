"""The rules of Android: Netrunner as a reducer: `apply(state, action) -> (new_state, note)`.

`apply` never changes the state it is given. An action the rules do not allow raises `Refused`
with a one-line reason, and the caller still holds the untouched state. `note` is None or a short
remark for the player (clicks left unused, a card count to discard down to, a trace's result...).

Golden rule: card text beats the rules, so every counter can also be set by hand (verb SET) and
card-effect verbs (gain, lose, clicks, tags...) work at any time, on either side's turn.
"""

from engine_lite.netrunner.state import (
    GameState, CORP, RUNNER, SIDE_NAMES, PHASE_DISCARD, NO_WINNER, WIN_AGENDA, WIN_FLATLINE,
    WIN_DECKED, NO_RUN, NOT_TRACKED, NOT_CALLED, TIE, WIN_TIME, MAX_COUNT, FIRST_REMOTE, MAX_REMOTES,
    ADVANCED_REMOTES,
    PACKED_SIZE, limit, field_name, upgrade, server_name, check_limits, plural as _plural,
    Refused,     # (engine_lite.base; importers of the rules find it here too)
)
from engine_lite.base import applier
from engine_lite.netrunner import actions as A
from engine_lite.netrunner import golden, tournament
from engine_lite.netrunner.state import WIN_REASONS


# What every game's rules module gives (engine_lite.infiltration.rules gives the same): NAME (its
# entry in engine_lite.game.GAMES, which gives its words), VERBS, the
# fields' PACKED_SIZE, limit, field_name and upgrade, apply, advance, check_limits, check,
# over, result, label, headline, time_up, unpack, encode and decode. Code that serves both
# games calls these instead of asking which game it is.
NAME = "netrunner"
unpack = GameState.unpack   # a state from its packed numbers (Game keeps checkpoints packed)


def encode(act, out):
    """Append an action's byte record to `out` (engine_lite.netrunner.actions, with this game's VERBS)."""
    A.encode(act, out, VERBS[act[0]][2])


def decode(data, offset):
    """The action recorded at `offset` of `data`, and the next record's offset."""
    return A.decode(data, offset, VERBS)



def over(state):
    """Whether the game has ended (somebody won, or a tie after time)."""
    return state.winner != NO_WINNER


def result(state):
    """How an ended game ended, in words: "Corp wins (flatline)", "a tie (time)"."""
    reason = WIN_REASONS[state.win_reason]
    if state.winner == TIE:
        return "a tie (%s)" % reason
    return "%s wins (%s)" % (SIDE_NAMES[state.winner], reason)


def label(state):
    """The game in a menu line, two short parts: ("Turn 7", "3-2 pts") (an ended game's ends
    with "end")."""
    note = "%d-%d pts" % (state.corp.agenda_points, state.runner.agenda_points)
    if state.winner >= 0:
        note += " end"
    return "Turn %d" % state.turn, note


def headline(state):
    """The game in one line, for a player deciding what a file holds: "Netrunner, turn 7,
    Corp 4-2 Runner" (", over" when it has ended)."""
    text = "Netrunner, turn %d, Corp %d-%d Runner" % (
        state.turn, state.corp.agenda_points, state.runner.agenda_points)
    return text + (", over" if state.winner >= 0 else "")


def time_up(state):
    """The action the round's time running out takes (the time call), or None when it takes
    none (the game is over, or time was already called)."""
    if state.winner == NO_WINNER and state.final_turns == NOT_CALLED:
        return (A.TIME_CALL, CORP, 0, 0, 0)
    return None


def check(state):
    """What is wrong with a state that its limits do not catch, or None: the consistency the
    rules always keep, so that a loaded or imported state (a save, the browser's import) is one
    the rules could have reached and every screen can show it."""
    if (state.winner == NO_WINNER) != (state.win_reason == 0):
        return "winner and win reason disagree"
    if state.winner == TIE and state.win_reason != WIN_TIME:
        return "only a time call ends in a tie"
    if (state.psi_corp < 0) != (state.psi_runner < 0):
        return "one psi bid without the other"
    if state.run_access and not state.in_run():
        return "accessing with no run"
    if state.in_run() and state.active != RUNNER:
        return "a run in the Corp's turn"
    if state.run_bp_credits and not state.in_run():
        return "bad-publicity credits with no run"
    return None


# ---- small helpers ------------------------------------------------------------------------

def _own_action_phase(s, side):
    """Clicks may only be spent by the active side, between runs, while the game goes on."""
    if s.active != side:
        raise Refused("Not the %s's turn" % SIDE_NAMES[side])
    if s.in_run():
        raise Refused("Finish the run first")


def _spend_clicks(s, side, n):
    _own_action_phase(s, side)
    player = s.player(side)
    if player.clicks < n:
        if player.clicks == 0:
            raise Refused("No clicks left: end the turn")
        raise Refused("Needs %s, %d left" % (_plural(n, "click"), player.clicks))
    player.clicks -= n
    if player.clicks == 0:
        s.phase = PHASE_DISCARD


def _add(value, delta):
    """Add a delta to a counter, keeping it within 0..MAX_COUNT."""
    value += delta
    if value < 0:
        return 0
    if value > MAX_COUNT:
        return MAX_COUNT
    return value


def _win(s, side, reason):
    if s.winner == NO_WINNER:
        s.winner = side
        s.win_reason = reason


def _corp_draw(s):
    """The Corp draws from R&D; from a tracked, empty R&D the Runner wins."""
    corp = s.corp
    if corp.rnd == NOT_TRACKED:
        return None
    if corp.rnd == 0:
        _win(s, RUNNER, WIN_DECKED)
        return "R&D is empty: the Corp is decked"
    corp.rnd -= 1
    return None


def _shrink_grip(runner, n):
    if runner.grip > 0:
        runner.grip = runner.grip - n if runner.grip > n else 0


# ---- the verbs ----------------------------------------------------------------------------
# Each takes the copied state, the side and the three arguments; returns a note or None.

def _gain_credit(s, side, a, b, c):
    _spend_clicks(s, side, 1)
    player = s.player(side)
    player.credits = _add(player.credits, 1)


def _draw(s, side, a, b, c):
    _spend_clicks(s, side, 1)
    if side == CORP:
        return _corp_draw(s)
    if s.runner.grip != NOT_TRACKED:
        s.runner.grip = _add(s.runner.grip, 1)


def _install(s, side, cost, b, c):
    _spend_clicks(s, side, 1)
    s.spend(side, cost)
    if side == RUNNER:
        _shrink_grip(s.runner, 1)


def _install_ice(s, side, cost, ice_there, c):
    _spend_clicks(s, side, 1)
    s.spend(side, cost + ice_there)
    if ice_there:
        return "Paid %d + %d for the ice already there" % (cost, ice_there)


def _advance(s, side, a, b, c):
    _spend_clicks(s, side, 1)
    s.spend(side, 1)


def remote_of(server):
    """The remote number (1 to ADVANCED_REMOTES) whose advancement counters `server` keeps, or
    0 for a server whose counters are not kept (a central server, a remote past the sixth)."""
    remote = server - FIRST_REMOTE + 1
    return remote if 1 <= remote <= ADVANCED_REMOTES else 0


def _kept_remote(server):
    """remote_of(server), refused when that server's counters are not kept."""
    remote = remote_of(server)
    if not remote:
        raise Refused("Counters are kept for remotes 1-%d" % ADVANCED_REMOTES)
    return remote


def scoring_remote(corp):
    """Where the Corp most likely scores an agenda from: the remote (1 to ADVANCED_REMOTES) with
    the most advancement counters (the first of equals), or 0 when none has any."""
    best = 0
    most = 0
    for remote in range(1, ADVANCED_REMOTES + 1):
        count = corp.advancements(remote)
        if count > most:
            best, most = remote, count
    return best


def advance_action(side, remote):
    """Advancing a card in remote `remote` (1 to ADVANCED_REMOTES: its counters kept), or with
    `remote` 0 a card elsewhere (ice, say: no counter kept)."""
    if remote:
        return A.action(A.ADVANCE_REMOTE, side, FIRST_REMOTE + remote - 1)
    return A.action(A.ADVANCE, side)


def score_action(state, side, points):
    """The Corp's score of `points`: from the remote scoring_remote names (its counters go
    with the agenda), or a plain score when no remote has counters."""
    remote = scoring_remote(state.corp) if side == CORP else 0
    if remote:
        return A.action(A.SCORE_REMOTE, side, points, FIRST_REMOTE + remote - 1)
    return A.action(A.SCORE, side, points)


def _advance_remote(s, side, server, b, c):
    """Advance the card in a remote: a click and a credit, and a counter on it (kept)."""
    remote = _kept_remote(server)
    _advance(s, side, 0, 0, 0)
    count = _add(s.corp.advancements(remote), 1)
    s.corp.set_advancements(remote, count)
    return "Remote %d: %s" % (remote, _plural(count, "advancement"))


def _counters_go(s, server):
    """The card of a remote is scored, stolen or trashed: its advancement counters go with it.
    Returns what the player is told, or None."""
    remote = remote_of(server)
    count = s.corp.advancements(remote) if remote else 0
    if not count:
        return None
    s.corp.set_advancements(remote, 0)
    return "Remote %d's %s go" % (remote, _plural(count, "advancement"))


def _score_remote(s, side, points, server, c):
    """The Corp scores the agenda of a remote whose counters are kept: they go with it."""
    remote = _kept_remote(server)
    count = s.corp.advancements(remote)
    _score(s, side, points, 0, 0)
    s.corp.set_advancements(remote, 0)
    return "Scored from remote %d (%s)" % (remote, _plural(count, "advancement"))


def _trash_resource(s, side, a, b, c):
    if s.runner.tags == 0:
        raise Refused("The Runner is not tagged")
    _spend_clicks(s, side, 1)
    s.spend(side, 2)


def _purge(s, side, a, b, c):
    _spend_clicks(s, side, 3)
    count = s.runner.virus
    if count:
        s.runner.virus = 0
        return "%s removed" % _plural(count, "virus counter")


def _ability(s, side, clicks, credits, c):
    if clicks:  # an ability without a click cost is a paid ability: any time
        _spend_clicks(s, side, clicks)
    s.spend(side, credits)


def _pay(s, side, credits, b, c):
    return _spend_said(s, side, credits, "pays")


def _spend_said(s, side, credits, verb):
    """Pay, and say so when bad-publicity credits went first: only the rest leaves the pile
    ("Runner pays 4 (2 from bad publicity)")."""
    before = s.run_bp_credits
    s.spend(side, credits)
    used = before - s.run_bp_credits
    if used:
        return "%s %s %d (%d from bad publicity)" % (SIDE_NAMES[side], verb, credits, used)


def _gain(s, side, credits, b, c):
    player = s.player(side)
    player.credits = _add(player.credits, credits)


def _lose(s, side, credits, b, c):
    player = s.player(side)
    if credits > player.credits:
        lost = player.credits
        player.credits = 0
        return "Lost only %d (all there was)" % lost
    player.credits -= credits


def _score(s, side, points, b, c):
    player = s.player(side)
    player.agenda_points = _add(player.agenda_points, points)
    if side == RUNNER and s.in_run():        # stolen from the server run on
        return _counters_go(s, s.run_server)


def _forfeit(s, side, points, b, c):
    player = s.player(side)
    if points > player.agenda_points:
        raise Refused("Only %s to forfeit" % _plural(player.agenda_points, "point"))
    player.agenda_points -= points


def _bad_publicity(s, side, delta, b, c):
    s.corp.bad_publicity = _add(s.corp.bad_publicity, delta)


def _tags(s, side, delta, b, c):
    s.runner.tags = _add(s.runner.tags, delta)


def _damage(s, side, kind, amount, c):
    runner = s.runner
    if kind < 0 or kind >= len(A.DAMAGE_KINDS):
        raise Refused("No such damage")
    if kind == A.DAMAGE_BRAIN:
        runner.brain_damage = _add(runner.brain_damage, amount)
    # What the Runner does with the cards, in a message's two lines (25 characters each):
    # "2 net damage: trash 2 at random, hand 5 to 3" (the grip followed) or "... Runner trashes
    # 2 at random".
    said = "%d %s damage: " % (amount, A.DAMAGE_KINDS[kind])
    if runner.grip == NOT_TRACKED:
        return said + "Runner trashes %d at random" % amount
    if amount > runner.grip:
        runner.grip = 0
        _win(s, CORP, WIN_FLATLINE)
        return "More damage than cards in grip: flatlined"
    runner.grip -= amount
    return said + "trash %d at random, hand %d to %d" % (amount, runner.grip + amount, runner.grip)


def _hand_size(s, side, delta, b, c):
    s.player(side).hand_size_mod += delta    # past +-MAX_MODIFIER: refused by apply's limit check


def _clicks(s, side, delta, b, c):
    s.set_clicks(side, _add(s.player(side).clicks, delta))


def _remove_tag(s, side, a, b, c):
    if s.runner.tags == 0:
        raise Refused("No tags to remove")
    _spend_clicks(s, side, 1)
    s.spend(side, 2)
    s.runner.tags -= 1


def _run(s, side, server, b, c):
    return _start_run(s, side, server, -1)


def _run_event(s, side, server, cost, c):
    return _start_run(s, side, server, cost)


def _start_run(s, side, server, cost):
    """A run (cost -1: by a click) or a run made by an event (The Maker's Eye, Legwork...):
    the event's click and cost, paid before the run starts; no second click for the run."""
    if server < 0 or server >= FIRST_REMOTE + MAX_REMOTES:
        raise Refused("No such server")
    if s.in_run():
        raise Refused("Already running on %s" % server_name(s.run_server))
    _spend_clicks(s, side, 1)
    if cost >= 0:
        s.spend(side, cost)      # no bad-publicity credits before the run
        _shrink_grip(s.runner, 1)
    s.run_server = server
    s.run_bp_credits = s.corp.bad_publicity
    if s.run_bp_credits:
        return "%s from bad publicity" % _plural(s.run_bp_credits, "credit")


def _end_turn(s, side, a, b, c):
    _own_action_phase(s, side)
    player = s.player(side)
    unused = player.clicks
    player.clicks = 0
    note = ""
    if unused:
        note = "%s unused. " % _plural(unused, "click")
    flatlined = side == RUNNER and s.runner.max_hand_size() < 0
    if s.final_turns == 2:           # time was called: the other side's turn is the last
        s.final_turns = 1
        note += "Last turn. "           # (time was called: the header says LAST too)
    elif s.final_turns == 1 and not flatlined:     # the last turn is over: points decide
        return note + tournament.time_over(s)
    if side == CORP:
        s.active = RUNNER
        s.set_clicks(RUNNER, s.runner.clicks_per_turn)
        return note + "Corp discards to %d" % s.corp.max_hand_size()
    runner = s.runner
    limit = runner.max_hand_size()
    if flatlined:
        _win(s, CORP, WIN_FLATLINE)
        return note + "Max hand size below 0: flatlined"
    if runner.grip > limit:
        runner.grip = limit
    s.turn += 1
    s.active = CORP
    s.set_clicks(CORP, s.corp.clicks_per_turn)
    drawn = _corp_draw(s)
    return note + (drawn or "Runner discards to %d" % limit)


def _run_end(s, side, result, b, c):
    if not s.in_run():
        raise Refused("No run in progress")
    if result == A.RUN_ACCESS:
        if s.run_access:
            raise Refused("Already accessing")
        s.run_access = 1       # the bad-publicity credits stay until the access is done
        return None
    if s.run_access and result != A.RUN_SUCCESS:
        raise Refused("The run succeeded: access is done with run success")
    s.run_server = NO_RUN
    s.run_bp_credits = 0
    s.run_access = 0


def _trash(s, side, cost, b, c):
    """The Runner pays to trash a card it accessed (bad-publicity credits first)."""
    if not s.run_access:
        raise Refused("Trash costs are paid while accessing")
    paid = _spend_said(s, side, cost, "trashes for")
    gone = _counters_go(s, s.run_server)
    return "%s; %s" % (paid, gone) if paid and gone else paid or gone


def _trace(s, side, base, corp_boost, runner_boost):
    if corp_boost > s.corp.credits:
        raise Refused("Corp can boost by at most %d" % s.corp.credits)
    if runner_boost > s.can_pay(RUNNER):
        raise Refused("Runner can boost by at most %d" % s.can_pay(RUNNER))
    s.spend(CORP, corp_boost)
    s.spend(RUNNER, runner_boost)
    s.trace_strength = base + corp_boost
    s.trace_link = s.runner.link + runner_boost
    s.trace_success = 1 if s.trace_strength > s.trace_link else 0
    return "Trace %d vs link %d: %s" % (
        s.trace_strength, s.trace_link, "succeeds" if s.trace_success else "fails")


# ---- verbs in words: what the rows below say for the verbs a phrase cannot ------------------

_RUN_ENDS = ("Run successful: over", "Run failed", "Runner jacked out", "Run successful: access")


def _said_hand_size(side, a, b, c):
    return "%s's max hand size %+d" % (SIDE_NAMES[side & 1], a)


def _said_damage(side, kind, amount, c):
    return "Runner took %d %s damage" % (amount, A.DAMAGE_KINDS[kind] if 0 <= kind < 3 else "")


def _said_advance_remote(side, server, b, c):
    return "%s advanced %s" % (SIDE_NAMES[side & 1], server_name(server))


def _said_score_remote(side, points, server, c):
    return "%s scored %d points from %s" % (SIDE_NAMES[side & 1], points, server_name(server))


def _said_run(side, server, b, c):
    return "Runner ran on " + server_name(server)


def _said_run_event(side, server, cost, c):
    return "Runner ran on %s by an event for %d" % (server_name(server), cost)


def _said_run_end(side, result, b, c):
    return _RUN_ENDS[result] if 0 <= result < len(_RUN_ENDS) else "Run over"


def _said_trace(side, base, corp_boost, runner_boost):
    return "Trace %d + %d against link + %d" % (base, corp_boost, runner_boost)


# One row per verb, by its number (engine_lite.netrunner.actions: numbers are stored in save files, so a
# new verb is appended, never inserted): its words in the game log, who may take it (1 the Corp,
# 2 the Runner, 3 either, 0 nobody's: the run's end, a trace, the agenda target, the time call),
# its arguments' kinds (one letter each: n a number >= 0, s signed +N/-N, k a damage kind,
# v a server, f a settable counter, e a run's result, r a randomizer), and the function
# that carries it out on the copied state: handler(state, side, a, b, c) -> note or
# None. Then what it says and costs: its words in the past tense after the side's name ("Corp
# installed for 2", %d taking the arguments; "+tag": gained or lost N of that), or a function
# that says the whole action from its side and arguments (side, a, b, c) -> text; the clicks it takes from its side (a number, or "a":
# as many as its first argument), and the credits it spends (a number, or the arguments that add
# up to them: "ab"); and what the dashboard's number ring says before OK does it (%s the side,
# %d the number: "Corp installs: 2 cr"; None: not on the ring). The messages, the ring
# (firmware.netrunner.purposes), the turns' summaries and host_tools.report read these; the
# rules take the same costs (tests/test_rules.py checks every row against them, and that every
# row fills every column and holds a function).
VERBS = (
    # words             who  kinds   handler                 words (past tense, after the side)     clicks credits asks before OK
    ("",                   0,  "",     None,                   None,                                  0,    0,     None),  # 0 no verb
    ("gain-credit",        3,  "",     _gain_credit,           "took 1 credit",                       1,    0,     None),  # 1 GAIN_CREDIT
    ("draw",               3,  "",     _draw,                  "drew",                                1,    0,     None),  # 2 DRAW
    ("install",            3,  "n",    _install,               "installed for %d",                    1,    "a",   "%s installs: %d cr"),  # 3 INSTALL
    ("install-ice",        1,  "nn",   _install_ice,           "installed ice for %d + %d",           1,    "ab",  "%s installs ice: %d cr"),  # 4 INSTALL_ICE
    ("play",               3,  "n",    _install,               "played for %d",                       1,    "a",   "%s plays: %d cr"),  # 5 PLAY
    ("advance",            1,  "",     _advance,               "advanced a card",                     1,    1,     None),  # 6 ADVANCE
    ("trash-resource",     1,  "",     _trash_resource,        "trashed a resource",                  1,    2,     "%s trashes a resource: %d cr"),  # 7 TRASH_RESOURCE
    ("purge",              1,  "",     _purge,                 "purged viruses",                      3,    0,     None),  # 8 PURGE
    ("ability",            3,  "nn",   _ability,               "used an ability (%d clicks, %d cr)",  "a",  "b",   None),  # 9 ABILITY
    ("pay",                3,  "n",    _pay,                   "paid %d",                             0,    "a",   "%s pays %d cr"),  # 10 PAY
    ("rez",                1,  "n",    _pay,                   "rezzed for %d",                       0,    "a",   "%s rezzes: %d cr"),  # 11 REZ
    ("gain",               3,  "n",    _gain,                  "gained %d",                           0,    0,     "%s gains %d cr"),  # 12 GAIN
    ("lose",               3,  "n",    _lose,                  "lost %d",                             0,    0,     "%s loses %d cr"),  # 13 LOSE
    ("score",              1,  "n",    _score,                 "scored %d points",                    0,    0,     "%s scores %d pt"),  # 14 SCORE
    ("steal",              2,  "n",    _score,                 "stole %d points",                     0,    0,     "%s steals %d pt"),  # 15 STEAL
    ("forfeit",            3,  "n",    _forfeit,               "forfeited %d points",                 0,    0,     None),  # 16 FORFEIT
    ("bad-publicity",      1,  "s",    _bad_publicity,         "+bad publicity",                      0,    0,     "%s: +%d bad pub"),  # 17 BAD_PUBLICITY
    ("tags",               2,  "s",    _tags,                  "+tag",                                0,    0,     "%s takes %d tag"),  # 18 TAGS
    ("damage",             2,  "kn",   _damage,                _said_damage,                          0,    0,     None),  # 19 DAMAGE
    ("hand-size",          3,  "s",    _hand_size,             _said_hand_size,                       0,    0,     None),  # 20 HAND_SIZE
    ("clicks",             3,  "s",    _clicks,                "+click",                              0,    0,     "%s gains %d click"),  # 21 CLICKS
    ("remove-tag",         2,  "",     _remove_tag,            "removed a tag",                       1,    2,     "%s removes a tag: %d cr"),  # 22 REMOVE_TAG
    ("run",                2,  "v",    _run,                   _said_run,                             1,    0,     None),  # 23 RUN
    ("end-turn",           3,  "",     _end_turn,              "ended the turn",                      0,    0,     None),  # 24 END_TURN
    ("set",                3,  "fn",   golden.set_verb,        golden.said_set,                       0,    0,     None),  # 25 SET
    ("run",                0,  "e",    _run_end,               _said_run_end,                         0,    0,     None),  # 26 RUN_END
    ("trace",              0,  "nnn",  _trace,                 _said_trace,                           0,    0,     None),  # 27 TRACE
    ("set agenda-target",  0,  "n",    golden.agenda_target,   golden.said_agenda_target,             0,    0,     None),  # 28 AGENDA_TARGET
    ("trash",              2,  "n",    _trash,                 "trashed a card for %d",               0,    "a",   "%s trashes: %d cr"),  # 29 TRASH
    ("run-event",          2,  "vn",   _run_event,             _said_run_event,                       1,    "b",   None),  # 30 RUN_EVENT
    ("time-call",          0,  "",     tournament.time_call,   tournament.said_time_call,             0,    0,     None),  # 31 TIME_CALL
    ("psi",                0,  "nn",   tournament.psi,         tournament.said_psi,                   0,    0,     None),  # 32 PSI
    ("random",             0,  "rnn",  tournament.randomizer,  tournament.said_random,                0,    0,     None),  # 33 RANDOM
    ("advance",            1,  "v",    _advance_remote,        _said_advance_remote,                  1,    1,     None),  # 34 ADVANCE_REMOTE
    ("score",              1,  "nv",   _score_remote,          _said_score_remote,                    0,    0,     None),  # 35 SCORE_REMOTE
    ("virus",              2,  "s",    golden.change_virus,    golden.said_virus,                     0,    0,     "%s: virus counters +%d"),  # 36 VIRUS
    ("counter",            3,  "fs",   golden.change_counter,  golden.said_counter,                   0,    0,     None),  # 37 COUNTER
)


_ARG_LIMITS = {"k": len(A.DAMAGE_KINDS) - 1, "e": len(A.RUN_RESULTS) - 1, "r": 2,
               "v": FIRST_REMOTE + MAX_REMOTES - 1,
               "f": PACKED_SIZE}     # a side's counter (engine_lite.netrunner.golden checks which)


def _check_args(verb, side, a, b, c):
    """Arguments within range for their kind, whatever produced the action (text, bytes, UI)."""
    kinds = VERBS[verb][2]
    values = (a, b, c)
    for i in range(3):
        value = values[i]
        if i >= len(kinds):
            if value:
                raise Refused("Unexpected argument")
            continue
        kind = kinds[i]
        low = -MAX_COUNT if kind == "s" else 0
        if verb == A.SET and i == 1:
            low = -1  # NOT_TRACKED, for the card counts
        high = _ARG_LIMITS.get(kind, MAX_COUNT)
        if value < low or value > high:
            raise Refused("Argument %d out of range" % value)


def advance(state, act):
    """Do `act` to `state` itself and return the note: `apply` without its copy and its limits
    check, for a replay of actions already played (undo's from a checkpoint, power-up's of the
    journal), on a state the caller owns and shows no one until the replay is done. The copy
    and the check are four fifths of an action's time on a Pico (make bench: power-up with a
    journal). Raises Refused like `apply`; `state` may then be half-changed."""
    verb, side, a, b, c = act
    if verb < 1 or verb >= len(VERBS) or side not in (CORP, RUNNER):
        raise Refused("Unknown action")
    words, who, kinds, handler = VERBS[verb][:4]
    if who and not who & (1 << side):
        raise Refused("The %s cannot do that" % SIDE_NAMES[side])
    _check_args(verb, side, a, b, c)
    if state.winner != NO_WINNER:
        raise Refused("Game over: undo or start a new game")
    note = handler(state, side, a, b, c)
    if state.corp.agenda_points >= state.agenda_target:
        _win(state, CORP, WIN_AGENDA)
    elif state.runner.agenda_points >= state.agenda_target:
        _win(state, RUNNER, WIN_AGENDA)
    return note


# Apply one action: (new_state, note), or Refused with `state` left alone (engine_lite.base).
apply = applier(advance, check_limits)


