"""Helpers for tests that drive the simulator."""

from host_tools.sim import Simulator


def play(keys, settle=300):
    """A simulator after a key script (from a new game)."""
    sim = Simulator()
    sim.keys(keys)
    sim.run(settle)
    return sim


def same_game(a, b):
    """The same rules, start, history, state and redo list (what a snapshot must keep). The
    device never compares games, so Game has no __eq__ on its heap."""
    return (a.rules is b.rules and a.state.pack() == b.state.pack() and a.history == b.history
            and a.checkpoints[0] == b.checkpoints[0] and a.redo_stack == b.redo_stack)


def where_shown(sim, text, font=None):
    """The (x, y) places where `text`, drawn in `font` (firmware.fonts: SMALL by default), is
    on the emulated OLED's glass, white on black: what a player would read there."""
    import framebuf
    from firmware.fonts import SMALL
    font = font or SMALL
    width, height = font.measure(text), font.height
    stamp = framebuf.FrameBuffer(bytearray(width * ((height + 7) // 8)), width, height,
                                 framebuf.MONO_VLSB)
    font.draw(stamp, text, 0, 0)
    want = ["".join("1" if stamp.pixel(x, y) else "0" for x in range(width))
            for y in range(height)]
    glass = ["".join("1" if sim.oled.pixel(x, y) else "0" for x in range(128))
             for y in range(64)]
    found = []
    for y in range(64 - height + 1):
        x = glass[y].find(want[0])
        while x >= 0:
            if all(glass[y + i][x:x + width] == want[i] for i in range(height)):
                found.append((x, y))
            x = glass[y].find(want[0], x + 1)
    return found
