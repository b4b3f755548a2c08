"""The one set of limits on a game's numbers.

The rules check every new state against them (an action that would go past one is refused), the
game log's `new-game` line takes its settings within them, and the snapshot loader checks a saved
state against them: so whatever the engine accepts can always be saved and loaded again.

The limits are two tuples of ints in GameState.pack() order (the rules keep them on the device's
heap, so no names are stored: `name(i)` builds one from the state's field lists when a message
needs it).
"""

from engine_lite.state import (
    GameState, Corp, Runner, FIRST_REMOTE, MAX_REMOTES, MAX_COUNT, MAX_MODIFIER, MAX_TURN,
)

_C = MAX_COUNT
_M = MAX_MODIFIER
# GameState: turn, active, phase, winner, win_reason, agenda_target, run_server,
#            run_bp_credits, trace_strength, trace_link, trace_success
# Corp:      credits, clicks, clicks_per_turn, agenda_points, hand_size_mod, bad_publicity, rnd
# Runner:    credits, clicks, clicks_per_turn, agenda_points, hand_size_mod, tags,
#            brain_damage, link, mu, grip                     (rnd and grip: -1 = not tracked)
LOW = (1, 0, 0, -1, 0, 1, -1, 0, 0, 0, -1,
       0, 0, 0, 0, -_M, 0, -1,
       0, 0, 0, 0, -_M, 0, 0, 0, 0, -1)
HIGH = (MAX_TURN, 1, 1, 1, 3, 99, FIRST_REMOTE + MAX_REMOTES - 1, _C, 2 * _C + 99, 2 * _C, 1,
        _C, _C, _C, _C, _M, _C, _C,
        _C, _C, _C, _C, _M, _C, _C, _C, _C, _C)


def name(i):
    """The name of packed number i, as messages and the snapshot show it: 'turn',
    'corp.credits', 'runner.tags'..."""
    if i < len(GameState.FIELDS):
        return GameState.FIELDS[i]
    i -= len(GameState.FIELDS)
    if i < len(Corp.FIELDS):
        return "corp." + Corp.FIELDS[i]
    return "runner." + Runner.FIELDS[i - len(Corp.FIELDS)]


def first_outside(values):
    """The index of the first packed value outside its limits, or -1 when all are within."""
    low = LOW
    high = HIGH
    for i in range(len(low)):
        value = values[i]
        if value < low[i] or value > high[i]:
            return i
    return -1
