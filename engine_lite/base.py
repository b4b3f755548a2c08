"""What every game's rules share: MicroPython's compile-time constant marker (with a stand-in on
CPython), `Refused`, the one way an action is turned down, and `applier`, the one way an action
is applied."""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        """Stand-in for MicroPython's compile-time constant marker."""
        return x


class Refused(Exception):
    """An action the rules do not allow now. `str(error)` is the reason, one line. (Raised by
    every game's rules; a refused action changes nothing.)"""


def applier(advance, check_limits):
    """A game's `apply(state, act, new=None)` from its `advance(state, act)` (do the action to
    a state itself, return its note) and `check_limits(state)`: the action done to a copy, the
    copy checked, (new_state, note) returned; Refused leaves `state` alone. `new`, if given, is
    a copy of `state` (its copy()) that nobody else holds, made ahead of time: the action is
    done to it instead of to a copy made now (the tracker makes it while the key is down, out
    of the press's time: firmware.app, App.act)."""

    def apply(state, act, new=None):
        if new is None:
            new = state.copy()
        note = advance(new, act)
        check_limits(new)
        return new, note
    return apply
