"""What every game's rules share: MicroPython's compile-time constant marker (with a stand-in on
CPython) and `Refused`, the one way an action is turned down."""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        """Stand-in for MicroPython's compile-time constant marker."""
        return x


class Refused(Exception):
    """An action the rules do not allow now. `str(error)` is the reason, one line. (Raised by
    every game's rules; a refused action changes nothing.)"""
