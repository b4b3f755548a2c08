"""Every test runs with the host stand-ins for MicroPython's `machine` and `framebuf` importable,
as the simulator does (firmware code imports them at module level)."""

from host_tools.sim import install_standins

install_standins()


def pytest_collection_finish(session):
    """The firmware collects its garbage after each save, as the Pico needs. In a CPython test
    process a full collection walks every object pytest and the collected tests hold (about 10 ms
    each, a third of the power-cut tests' time): those objects are frozen out of the collector's
    walk once collected, so a collection walks only what the tests made since."""
    import gc
    gc.collect()
    gc.freeze()
