"""The rules for tournament play and table randomizers: the time call, psi games and the
randomizers' record (verbs TIME_CALL, PSI and RANDOM of engine_lite.netrunner.actions).

Their handlers are rows of engine_lite.netrunner.rules.VERBS (each takes the copied state, the side and the
three arguments); engine_lite.netrunner.rules also calls `time_over` at the end of the last turn after a
time call.
"""

from engine_lite.netrunner.state import (
    CORP, RUNNER, SIDE_NAMES, NOT_CALLED, TIE, WIN_TIME, Refused,
)

# RANDOM's first argument: what was drawn (a card from HQ out of N, a die of N sides, a coin:
# N 2, 1 heads, 2 tails). The record is kept so that a dispute can be settled; it changes no
# number, and the game log writes it as a comment (random_result, below).
RANDOM_HQ = 0
RANDOM_DIE = 1
RANDOM_COIN = 2


def time_call(s, side=0, a=0, b=0, c=0):
    """The round's time is up (or a judge calls it): the side whose turn it is finishes it, the
    other side takes one more turn, then agenda points decide."""
    if s.final_turns != NOT_CALLED:
        raise Refused("Time was already called")
    s.final_turns = 2
    # (two lines of a message at most: a third would push the first off the glass, issue 35)
    return "Time: %s's turn, then %s's last turn" % (
        SIDE_NAMES[s.active], SIDE_NAMES[1 - s.active])


def time_over(s):
    """The last turn after a time call has ended (engine_lite.netrunner.rules, at the end of a turn that
    did not flatline the Runner): the game ends, more agenda points wins, equal is a tie. The
    note says how."""
    s.final_turns = 0
    corp, runner = s.corp.agenda_points, s.runner.agenda_points
    s.winner = CORP if corp > runner else RUNNER if runner > corp else TIE
    s.win_reason = WIN_TIME
    if corp == runner:
        return "Time: a tie at %d-%d" % (corp, runner)
    return "Time: %s wins %d-%d" % (SIDE_NAMES[s.winner], max(corp, runner), min(corp, runner))


def psi(s, side, corp_bid, runner_bid, c=0):
    """A psi game: both sides bid 0-2 credits in secret, then each pays its own bid."""
    if corp_bid > 2 or runner_bid > 2:
        raise Refused("A psi bid is 0, 1 or 2")
    if corp_bid > s.corp.credits:
        raise Refused("Corp cannot pay %d" % corp_bid)
    if runner_bid > s.can_pay(RUNNER):
        raise Refused("Runner cannot pay %d" % runner_bid)
    s.spend(CORP, corp_bid)
    s.spend(RUNNER, runner_bid)
    s.psi_corp = corp_bid
    s.psi_runner = runner_bid
    return "Psi %d vs %d: %s" % (corp_bid, runner_bid,
                                 "equal" if corp_bid == runner_bid else "different")


def randomizer(s, side, kind, count, result):
    """A randomizer's result, on record: no number changes."""
    if count < 1 or result < 1 or result > count:
        raise Refused("A result is 1 to %d" % count)


def random_result(kind, count, result):
    """A randomizer's result in words: 'card 3 of 5 in HQ', 'd6 rolled 4', 'coin: tails'."""
    if kind == RANDOM_HQ:
        return "card %d of %d in HQ" % (result, count)
    if kind == RANDOM_DIE:
        return "d%d rolled %d" % (count, result)
    return "coin: " + ("heads" if result == 1 else "tails")


# ---- these verbs in words (their rows' words in engine_lite.netrunner.rules.VERBS) ----------------------

def said_time_call(side, a, b, c):
    """TIME_CALL in words."""
    return "Time called"


def said_psi(side, a, b, c):
    """PSI in words: "Psi 1 vs 2: different"."""
    return "Psi %d vs %d: %s" % (a, b, "equal" if a == b else "different")


def said_random(side, a, b, c):
    """RANDOM in words: "Card 3 of 5 in HQ", "D6 rolled 4", "Coin: tails"."""
    text = random_result(a, b, c)
    return text[0].upper() + text[1:]
