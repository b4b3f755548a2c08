"""Netclick firmware: what runs on the Pico. Imports engine_lite; never the other way round."""

import sys


def forget(module):
    """Let a loaded module go (sys.modules and its package's attribute), so the garbage
    collector can take its code back. Used for screens and code needed only now and then."""
    if module in sys.modules:
        del sys.modules[module]
        parent, _, short = module.rpartition(".")
        package = sys.modules.get(parent)
        if package is not None and hasattr(package, short):
            delattr(package, short)
