"""Every test runs with the host stand-ins for MicroPython's `machine` and `framebuf` importable,
as the simulator does (firmware code imports them at module level)."""

from host_tools.sim import install_standins

install_standins()


def pytest_runtest_setup(item):
    """The firmware collects its garbage after each save, as the Pico needs. In a CPython test
    process a full collection walks every object pytest, the collected tests and the earlier
    tests hold (about 10 ms each, most of the power-cut tests' time): before each test what is
    still alive is frozen out of the collector's walk (what is garbage is collected first, and
    only what came since the last test is walked), so a collection walks only what this test
    made. The power-cut tests: 85 s -> 20 s each."""
    import gc
    gc.collect()
    gc.freeze()
