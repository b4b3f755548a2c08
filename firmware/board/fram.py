"""An I2C FRAM on the display's bus for the save journal (optional: the pin map's "fram").

Each commit of a game in play appends a record of about a dozen bytes to the journal
(firmware.saving.storage). In the Pico's flash an append now and then makes littlefs erase a
4 KB sector (45 ms, up to 400 ms on the W25Q16JV), and code running from flash stops meanwhile:
a press in the middle of play waits for it (issue 37). An FRAM (ferroelectric RAM: Fujitsu's
MB85RC256V, Cypress's FM24CL64B, on breakouts for a few dollars) writes in microseconds and
never erases, so with one the journal is appended there: one I2C write of some 30 bytes, under
a millisecond at 400 kHz. Snapshots, kept games and settings stay in the flash; they are written
at power-up, when a game starts, and in pauses (Saver.QUIET_MS), where an erase is in no one's
way. (littlefs on the FRAM instead moves kilobytes over the bus for every commit: make bench
measured it slower than the flash.)

The FRAM's layout: two heads of 8 bytes at 0 and 8, each (length: 4 bytes, number: 2, check: 2,
little-endian); the valid head with the higher number says how long the journal is, and the
journal's bytes start at 16. An append writes the bytes, then the older head: a power cut before
that head is whole leaves the journal as it was. A blank chip has no valid head: an empty journal.

Loaded only when the pin map names an FRAM (firmware.main.run).
"""

from firmware.board import hw

_HEADS = 16        # the two heads; the journal's bytes from here


def _check(length, number):
    return (length * 31 + number * 7 + 0x5A5A) & 0xFFFF


class FramJournal(hw.JournalElsewhere):
    """The Pico's files (`flash`, a hw.Flash), with the one called `name` (the journal) kept on
    the FRAM at `address` of `i2c`, `size` bytes, instead. Every other file, and whatever else
    asks the flash (free space), is the flash's. Raises OSError when the FRAM does not answer."""

    QUICK = True          # appends never erase: a commit need not wait for a pause

    def __init__(self, flash, i2c, address, size, name):
        hw.JournalElsewhere.__init__(self, flash, name)
        self.i2c = i2c
        self.address = address
        self.capacity = size - _HEADS
        found = []                     # (number, length, slot) of each valid head
        for slot in (0, 1):
            head = self._read(slot * 8, 8)
            length = head[0] | head[1] << 8 | head[2] << 16 | head[3] << 24
            number = head[4] | head[5] << 8
            if (head[6] | head[7] << 8) == _check(length, number) and length <= self.capacity:
                found.append((number, length, slot))
        if len(found) == 2 and (found[0][0] - found[1][0]) & 0xFFFF < 0x8000:
            found.pop()                # the head at 0 is the newer (numbers wrap round)
        self.number, self.length, self.slot = found[-1] if found else (0, 0, 1)
        if not self.length and hw.JournalFiles.exists(self, name):
            # A journal the flash holds from before the FRAM was fitted (its run of files):
            # moved over, not lost.
            self.append(name, hw.JournalFiles.read(self, name) or b"")
            hw.JournalFiles.remove(self, name)

    def _read(self, at, count):
        data = bytearray(count)
        self.i2c.readfrom_mem_into(self.address, at, data, addrsize=16)
        return data

    def _set_length(self, length):
        """Write the other head: from now on the journal is `length` bytes long."""
        number = (self.number + 1) & 0xFFFF
        slot = 1 - self.slot
        check = _check(length, number)
        self.i2c.writeto_mem(self.address, slot * 8, bytes((
            length & 255, length >> 8 & 255, length >> 16 & 255, length >> 24,
            number & 255, number >> 8, check & 255, check >> 8)), addrsize=16)
        self.length, self.number, self.slot = length, number, slot

    # ---- the files (hw.JournalFiles' methods, with the journal on the FRAM) -----------------

    def read(self, name):
        if name != self.name:
            return self.flash.read(name)
        return bytes(self._read(_HEADS, self.length)) if self.length else None

    def append(self, name, data):
        if name != self.name:
            return self.flash.append(name, data)
        if self.length + len(data) > self.capacity:
            raise OSError(28)          # ENOSPC: the next commit writes a snapshot instead
        self.i2c.writeto_mem(self.address, _HEADS + self.length, data, addrsize=16)
        self._set_length(self.length + len(data))

    def remove(self, name):
        if name != self.name:
            return self.flash.remove(name)
        if self.length:
            self._set_length(0)



def journal_on_fram(pins, flash, notice, name):
    """(the files the tracker saves in, the notice for the player): the flash with the journal
    `name` on the FRAM the pin map names, or when that FRAM does not answer, the flash alone and
    why (added to `notice`)."""
    fram = pins["fram"]
    try:
        return FramJournal(flash, hw.open_i2c(pins), fram["address"], fram.get("bytes", 32768),
                           name), notice
    except OSError:
        # (two lines on the glass: a longer message would scroll its first line away)
        return flash, (notice + " No FRAM at 0x%02X: saving in the flash" % fram["address"]).strip()
