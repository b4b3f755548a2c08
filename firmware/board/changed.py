"""Where a page of the display's frame differs from what the panel shows, in machine code
(MicroPython's viper emitter).

firmware.board.display sends only the columns of a page between the first and the last that
changed. In Python, finding them is a loop a column at a time from each end: some 0.4 ms for a
page whose change is in its middle, a few pages a tap. On SPI, where a whole picture is under a
millisecond on the wire, that scan was a fifth of a tap (make bench: the rhythm sweep's SPI
columns, p95 within 10 ms). Here it is some microseconds.

Only a MicroPython with a native emitter compiles this module (the rp2 port; frozen into the
image with its ARM code). Elsewhere firmware.board.display scans in Python:
tests/test_virtual_pico.py checks that both agree.
"""

import micropython


@micropython.viper
def changed(drawn, held, width: int) -> int:
    """(first << 8) | last: the first and last columns where two pages differ (they do)."""
    a = ptr8(drawn)                         # noqa: F821  (viper's built-in)
    b = ptr8(held)                          # noqa: F821
    first = 0
    while first < width and a[first] == b[first]:
        first += 1
    last = width - 1
    while last > first and a[last] == b[last]:
        last -= 1
    return (first << 8) | last
