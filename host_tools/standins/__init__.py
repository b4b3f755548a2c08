"""Host stand-ins for MicroPython-only modules: this folder goes on sys.path, so that the
firmware's `import machine` and `import framebuf` find machine.py and framebuf.py here."""

import os
import sys

STANDINS = os.path.dirname(os.path.abspath(__file__))


def _print_exception(error, file=None):
    """MicroPython's sys.print_exception, for CPython."""
    import traceback
    traceback.print_exception(type(error), error, error.__traceback__, file=file)


def install_standins():
    """Make `import machine` and `import framebuf` find the host stand-ins, and give CPython the
    MicroPython-only functions the firmware uses (sys.print_exception, gc.mem_alloc/mem_free)."""
    if STANDINS not in sys.path:
        sys.path.insert(0, STANDINS)
    if not hasattr(sys, "print_exception"):
        sys.print_exception = _print_exception
    import gc
    if not hasattr(gc, "mem_alloc"):       # MicroPython's heap figures: meaningless on CPython
        gc.mem_alloc = lambda: 0           # (make bench measures them under MicroPython)
        gc.mem_free = lambda: 0
    import framebuf
    import machine
    for module in (framebuf, machine):
        if not os.path.abspath(module.__file__).startswith(STANDINS):
            raise RuntimeError("%s was imported from %s, not the stand-ins"
                               % (module.__name__, module.__file__))
    return machine
