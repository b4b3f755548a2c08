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


# Text drawn past the glass's edges, in every test that draws (a word cut at the edge reads as
# another word: "Corp trashes a resource: 2 cr" lost a letter at each end, a ring's neighbour
# read "rash res"). Each is (text, x, end, y, height).
_CUT_TEXT = []


def _watch_text():
    from firmware.screens import fonts
    draw = fonts.Font.draw

    def watched(font, fb, text, x, y, color=1):
        end = draw(font, fb, text, x, y, color)
        frame = getattr(fb, "buffer", None)
        if (frame is not None and len(frame) == 1025 and text.strip()
                and (x < 0 or end > 128 or y < 0 or y + font.height > 64)):
            _CUT_TEXT.append((text, x, end, y, font.height))
        return end
    fonts.Font.draw = watched


_watch_text()


def pytest_runtest_call(item):
    """No text a test made the tracker draw went past the glass's edges."""
    del _CUT_TEXT[:]


def pytest_runtest_teardown(item, nextitem):
    cut = _CUT_TEXT[:]
    del _CUT_TEXT[:]
    assert not cut, "text drawn past the glass's edges: %r" % cut[:5]
