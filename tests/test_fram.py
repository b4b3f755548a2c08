"""The save journal on an FRAM (firmware/board/fram.py, the pin map's "fram"): the journal file
goes to the chip, every other file to the flash, and a power cut at any byte of any write leaves
a journal holding every append that finished, and nothing else."""

import random

from hypothesis import given, settings, strategies as st

from firmware.board.fram import FramJournal
from host_tools.flash import MemoryFlash


class PowerCut(Exception):
    """The power went, in the middle of an I2C write."""


class Fram:
    """An I2C FRAM as the firmware sees it (machine.I2C's readfrom_mem_into and writeto_mem,
    16-bit addresses); `cut_after` bytes written from now, the power goes."""

    def __init__(self, size, fill=0):
        self.memory = bytearray([fill]) * size
        self.cut_after = None

    def readfrom_mem_into(self, address, at, buffer, addrsize=8):
        assert address == 0x50 and addrsize == 16
        for i in range(len(buffer)):
            buffer[i] = self.memory[(at + i) % len(self.memory)]

    def writeto_mem(self, address, at, data, addrsize=8):
        assert address == 0x50 and addrsize == 16
        for i in range(len(data)):
            if self.cut_after is not None:
                if self.cut_after == 0:
                    raise PowerCut()
                self.cut_after -= 1
            self.memory[(at + i) % len(self.memory)] = data[i]


def test_the_journal_is_on_the_fram_and_the_rest_in_the_flash():
    flash, chip = MemoryFlash({}), Fram(8192)
    files = FramJournal(flash, chip, 0x50, 8192, "game.jnl")
    assert files.read("game.jnl") is None and not files.exists("game.jnl")
    files.append("game.jnl", b"abc")
    files.append("game.jnl", b"def")
    files.write("game.json", b"snapshot")
    assert files.read("game.jnl") == b"abcdef" and files.exists("game.jnl")
    assert flash.read("game.json") == b"snapshot" and not flash.exists("game.jnl")
    again = FramJournal(flash, chip, 0x50, 8192, "game.jnl")       # a power cycle
    assert again.read("game.jnl") == b"abcdef"
    again.rename("game.jnl", "game.jnl.bad1")        # kept aside, damaged: into the flash
    assert flash.read("game.jnl.bad1") == b"abcdef" and again.read("game.jnl") is None
    again.append("game.jnl", b"x" * 8000)
    try:
        again.append("game.jnl", b"y" * 200)
        raise AssertionError("a full FRAM took more")
    except OSError as error:
        assert error.args[0] == 28                   # ENOSPC: the next commit is a snapshot
    assert again.read("game.jnl") == b"x" * 8000


def test_a_journal_in_the_flash_from_before_the_fram_is_moved_over():
    flash = MemoryFlash({"game.jnl": b"records"})
    files = FramJournal(flash, Fram(8192, fill=0xFF), 0x50, 8192, "game.jnl")   # a blank chip
    assert files.read("game.jnl") == b"records" and not flash.exists("game.jnl")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(("append", "append", "append", "remove")),
                          st.integers(1, 40)), min_size=1, max_size=40),
       st.integers(0, 10 ** 6), st.randoms(use_true_random=False))
def test_a_power_cut_at_any_byte_keeps_every_finished_append_and_the_cut_one_whole_or_not(
        ops, cut, rnd):
    """The operation a power cut stops is there whole or not at all: its new head can be whole
    before the write returns (the bytes still to write already held those values: hypothesis
    seed 1027, a cut before the head's last byte, which was the same), never part of it."""
    flash, chip = MemoryFlash({}), Fram(4096)
    files = FramJournal(flash, chip, 0x50, 4096, "game.jnl")
    kept = b""                      # what the journal holds after the last finished operation
    cut_off = kept                  # ... or with the one the power cut stopped, whole
    chip.cut_after = cut % 2000
    for op, size in ops:
        data = bytes(rnd.randrange(256) for _ in range(size))
        try:
            if op == "append":
                files.append("game.jnl", data)
                kept += data
            else:
                files.remove("game.jnl")
                kept = b""
        except PowerCut:
            cut_off = kept + data if op == "append" else b""
            break
        except OSError:
            pass                    # full: nothing appended
    chip.cut_after = None
    after = FramJournal(flash, chip, 0x50, 4096, "game.jnl").read("game.jnl") or b""
    assert after in (kept, cut_off)
