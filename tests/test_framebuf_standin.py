"""The CPython framebuf stand-in draws exactly what MicroPython's C framebuf draws."""

import json
import random

import pytest

from host_tools.mprun import run_micropython
import framebuf   # the stand-in (tests/conftest.py puts it first on the path)

FORMATS = ["MONO_VLSB", "MONO_HLSB", "MONO_HMSB", "GS2_HMSB", "GS4_HMSB", "GS8", "RGB565"]


def random_program(seed, count=60):
    rnd = random.Random(seed)
    ops = []
    for _ in range(count):
        kind = rnd.choice(["fill_rect", "pixel", "hline", "vline", "rect", "rectf", "line",
                           "blit", "blitpal", "scroll", "fill"])
        x, y = rnd.randint(-10, 40), rnd.randint(-10, 30)
        w, h = rnd.randint(-2, 30), rnd.randint(-2, 20)
        c = rnd.randint(0, 3)
        ops.append([kind, x, y, w, h, c, rnd.randint(-1, 1)])
    return ops


PROGRAM = '''
import framebuf
def draw(fmt_name, ops, width=33, height=21):
    fmt = getattr(framebuf, fmt_name)
    size = {"RGB565": width * height * 2, "GS8": width * height, "GS4_HMSB": (width + 1) // 2 * height,
            "GS2_HMSB": (width + 3) // 4 * height, "MONO_VLSB": width * ((height + 7) // 8)}.get(
            fmt_name, (width + 7) // 8 * height)
    buf = bytearray(size)
    fb = framebuf.FrameBuffer(buf, width, height, fmt)
    src = framebuf.FrameBuffer(bytearray(b"\\x5a\\xc3\\x0f\\xf0\\x99\\x66"), 6, 8, framebuf.MONO_VLSB)
    pal = framebuf.FrameBuffer(bytearray(2), 2, 1, framebuf.GS8)
    pal.pixel(0, 0, 2)
    pal.pixel(1, 0, 1)
    for kind, x, y, w, h, c, key in ops:
        if kind == "fill_rect": fb.fill_rect(x, y, w, h, c)
        elif kind == "pixel": fb.pixel(x, y, c)
        elif kind == "hline": fb.hline(x, y, w, c)
        elif kind == "vline": fb.vline(x, y, h, c)
        elif kind == "rect": fb.rect(x, y, w, h, c)
        elif kind == "rectf": fb.rect(x, y, w, h, c, True)
        elif kind == "line": fb.line(x, y, x + w, y + h, c)
        elif kind == "blit": fb.blit(src, x, y, key)
        elif kind == "blitpal": fb.blit(src, x, y, key, pal)
        elif kind == "scroll": fb.scroll(w % 7 - 3, h % 5 - 2)
        elif kind == "fill": fb.fill(c)
    return buf
'''


def test_random_drawing_matches_micropython():
    programs = {fmt: [random_program(seed) for seed in range(6)] for fmt in FORMATS}
    code = PROGRAM + "\nimport json\nprograms = json.loads(%r)\n" % json.dumps(programs) + (
        "print(json.dumps({f: [list(draw(f, p)) for p in ps] for f, ps in programs.items()}))")
    expected = json.loads(run_micropython(code, packages=()).strip().splitlines()[-1])
    namespace = {}
    exec(PROGRAM, namespace)
    compared = 0
    for fmt, runs in programs.items():
        for ops, want in zip(runs, expected[fmt]):
            assert list(namespace["draw"](fmt, ops)) == want, (fmt, ops)
            compared += 1
    assert compared == len(FORMATS) * 6


def test_text_is_not_stood_in_on_purpose():
    fb = framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB)
    with pytest.raises(NotImplementedError):
        fb.text("A", 0, 0)
