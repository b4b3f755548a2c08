"""Adler-32 in machine code (MicroPython's viper emitter): the checksum every save carries.

In Python a Pico takes about 8 us a byte: a 50-round game's snapshot 12 ms, a 2,000-action
game's some 40 ms, at every compaction, every game kept in the archive, every game the
Previous games menu lists and at power-up (make bench: power-up with a saved game). Here it is
well under a millisecond.

Only a MicroPython with a native emitter compiles this module (the rp2 port; frozen into the
image with its ARM code). Elsewhere `firmware.saving.storage.checksum` adds the same sums up
in Python: tests/test_virtual_pico.py checks that both agree.
"""

import micropython


@micropython.viper
def adler32(data) -> uint:                  # noqa: F821  (viper's built-in type)
    """Adler-32 of a bytes-like object, as zlib's adler32 (storage.checksum)."""
    p = ptr8(data)                          # noqa: F821  (viper's built-in)
    n = int(len(data))
    a = uint(1)                             # noqa: F821
    b = uint(0)                             # noqa: F821
    base = uint(65521)                      # noqa: F821  (the largest prime below 65536)
    i = 0
    while i < n:
        # At most 5,552 bytes between reductions (zlib's NMAX): b stays within 32 bits.
        end = i + 5552
        if end > n:
            end = n
        while i < end:
            a += uint(p[i])                 # noqa: F821
            b += a
            i += 1
        # Both modulo 65521 without a division (the RP2040's cores have no divide
        # instruction): 65536 is 15 more than 65521, so the high half counts 15 times.
        a = (a & 0xFFFF) + (a >> 16) * 15
        a = (a & 0xFFFF) + (a >> 16) * 15
        if a >= base:
            a -= base
        b = (b & 0xFFFF) + (b >> 16) * 15
        b = (b & 0xFFFF) + (b >> 16) * 15
        if b >= base:
            b -= base
    return (b << 16) | a
