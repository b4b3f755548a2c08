"""The save journal in flash of its own, erased ahead in pauses (the firmware image's layout).

Each commit of a game in play appends a record of a few dozen bytes to the journal
(firmware.saving.storage). Kept as files on littlefs, an append now and then makes littlefs erase
a 4 KB sector (its metadata compacted: 45 ms, up to 400 ms on the Pico's W25Q16JV), and code
running from flash stops meanwhile. So a commit had to wait for a short pause in the presses,
and play that never paused went up to 5 s unsaved (issue 58: "at most the last second").

The firmware image's `_boot.py` (hardware/image/_boot.py) formats littlefs on all of the
filesystem's flash but its last sectors; this module keeps the journal there, as a log: an append
only programs bytes that are already erased (a page program, 0.4 ms, 3 ms at worst), and the
sectors ahead are erased in pauses (`prepare`), where an erase is in no one's way. So a commit can
be made every 0.7 s, whatever the presses (firmware.saving.storage.Saver), and a new game can be
saved by its start record alone (Storage.journal_swap). The sector after the journal's end is
always left free, so that the journal can always be emptied; a journal that would fill the rest
is refused (ENOSPC), and the tracker writes a snapshot instead.

Layout of each sector (4 KB): a head of 8 bytes (b"NJ", a 32-bit number that grows with every
sector begun, and a check), then frames one after another:

    length (2 bytes, little-endian), its complement (2), the bytes, then one byte 0x00

The 0x00 is programmed after the rest: a frame without it is one a power cut interrupted and
is not read (nor anything after it in that sector; the next append begins a new sector). A frame
of length 0 empties the journal: the journal is every frame after the last such one, in the
order of the sectors' numbers. A sector whose head is not valid holds nothing.

The flash is programmed in whole 256-byte pages (the Pico SDK's flash_range_program): a page is
read, the new bytes laid over its erased ones, and programmed back. Bytes already programmed are
programmed again with the same values, which leaves them as they are.
"""

from firmware.board import hw
try:
    from firmware.board import keyed_erase      # (the firmware image's own)
except ImportError:
    keyed_erase = None  # (the Pico 2's image, a host: plain erases)

SECTOR = 4096
PAGE = 256
_HEAD = 8                 # the sector's head; its frames from here
_ERASED = b"\xff" * PAGE


def _head_check(number):
    return (number * 7 + (number >> 16) * 13 + 0x4E4A) & 0xFFFF


class FlashJournal(hw.JournalElsewhere):
    """The Pico's files (`flash`, a hw.Flash), with the one called `name` (the journal) kept
    in `region` (a block device of 4 KB sectors: rp2.Flash over the flash after the filesystem,
    or host_tools.flash.MemoryRegion) instead. Every other file is the flash's."""

    QUICK = True          # appends never erase in a tap: a commit need not wait for a pause
    AHEAD = 4             # sectors kept erased ahead of the journal's end, in pauses

    def __init__(self, flash, region, name):
        hw.JournalElsewhere.__init__(self, flash, name)
        self.region = region
        self.count = region.ioctl(4, 0)
        self._page = bytearray(PAGE)
        self._small = bytearray(4)
        self._one = bytearray(1)
        self.numbers = [None] * self.count   # each sector's number (None: no valid head)
        self.erased = bytearray(self.count)  # 1: known to be erased
        self.erases = 0                      # sectors erased in an append (not in a pause)
        self.ready = False      # AHEAD sectors known erased ahead (prepare has nothing to do)
        # The sector whose erase a key suspended (a region with erase_for_keys: the firmware
        # image, firmware.board.keyed_erase), or None: prepare goes on with it.
        self.suspended = None
        # Another flash's erases ahead, made in the pauses once the journal's are done: the
        # blocks littlefs will erase next (firmware.board.keyed_erase.KeyedLittlefs), or None
        self.after = None
        self._scan()

    # ---- reading the region ----------------------------------------------------------------

    def _read(self, sector, at, buffer):
        self.region.readblocks(sector, buffer, at)
        return buffer

    def _order(self):
        """The sectors with a valid head, oldest first."""
        found = [(n, s) for s, n in enumerate(self.numbers) if n is not None]
        found.sort()
        return [s for _, s in found]

    def _frames(self, sector):
        """(at, length) of each whole frame in a sector, and where the last one ends."""
        frames = []
        at = _HEAD
        small = self._small
        while at + 5 <= SECTOR:
            self._read(sector, at, small)
            length = small[0] | small[1] << 8
            if length == 0xFFFF or (small[2] | small[3] << 8) != length ^ 0xFFFF:
                break
            end = at + 4 + length
            if end >= SECTOR:
                break
            if self._read(sector, end, self._one)[0] != 0:
                break
            frames.append((at + 4, length))
            at = end + 1
        return frames, at

    def _scan(self):
        """Find the sectors, where the journal begins (after its last empty frame) and ends."""
        small = self._small
        for sector in range(self.count):
            self._read(sector, 0, small)
            if small[0] == 0x4E and small[1] == 0x4A:
                number = small[2] | small[3] << 8
                self._read(sector, 4, small)
                number |= (small[0] | small[1] << 8) << 16
                if (small[2] | small[3] << 8) == _head_check(number):
                    self.numbers[sector] = number
        order = self._order()
        self.start = (order[0], _HEAD) if order else None   # the journal's first frame
        self.length = 0
        self.sector = None      # the sector appends go to (None: a new one next)
        self.at = 0
        # From the newest sector back to the one with the last empty frame: the sectors
        # before it are not read (a power-up reads a few sectors, not the whole region).
        for sector in reversed(order):
            frames, end = self._frames(sector)
            if self.sector is None:
                self.sector, self.at = sector, end
            found = 0
            emptied = False
            for at, length in frames:
                if length:
                    found += length
                else:
                    self.start = (sector, at + 1)
                    found = 0
                    emptied = True
            self.length += found
            if emptied:
                break
        if self.sector is not None and not self._blank(self.sector, self.at):
            self.sector = None  # a frame cut short at its end: appends go to a new sector

    def _blank(self, sector, at):
        """Whether a sector is erased from `at` to its end."""
        page = self._page
        base = at // PAGE * PAGE
        while base < SECTOR:
            self._read(sector, base, page)
            if (page[at - base:] != _ERASED[at - base:]) if at > base else page != _ERASED:
                return False
            base += PAGE
            at = base
        return True

    def _live(self, sector):
        """Whether a sector holds part of the journal (so may not be erased)."""
        number = self.numbers[sector]
        return (number is not None and self.start is not None
                and number >= self.numbers[self.start[0]])

    # ---- writing ---------------------------------------------------------------------------

    def _program(self, sector, at, data):
        """Program `data` at `at` of an erased stretch of a sector, a page at a time."""
        page = self._page
        done = 0
        while done < len(data):
            base = (at + done) // PAGE * PAGE
            self._read(sector, base, page)
            count = min(len(data) - done, base + PAGE - at - done)
            offset = at + done - base
            page[offset:offset + count] = data[done:done + count]
            self.region.writeblocks(sector, page, base)
            done += count

    def _erase(self, sector, keys=False):
        """Erase a sector. `keys`: a pause's erase (prepare), which a key may suspend on a
        region that can (the firmware image: firmware.board.keyed_erase); it then waits in
        self.suspended for the next pause."""
        self._finish()
        self.numbers[sector] = None
        self.erased[sector] = 0
        if keys and hasattr(self.region, "erase_for_keys"):
            if not self.region.erase_for_keys(sector):
                self.suspended = sector
                return
        else:
            self.region.ioctl(6, sector)
        self.erased[sector] = 1

    def _finish(self):
        """Finish an erase a key suspended (the chip takes no other erase meanwhile)."""
        if self.suspended is not None:
            self.region.finish()
            self.erased[self.suspended] = 1
            self.suspended = None

    def _ahead(self, steps):
        """The sector `steps` after the newest, ring-wise (from sector 0 when none is begun)."""
        order = self._order()
        return ((order[-1] if order else -1) + steps) % self.count

    def _begin(self, emptying):
        """Start a new sector at the journal's end (erased at once if it must be). Unless the
        frame is the one `emptying` the journal, the sector after it must stay free: there is
        always room to empty the journal."""
        sector = self._ahead(1)
        if self._live(sector) or not emptying and self._live(self._ahead(2)):
            raise OSError(28)          # ENOSPC: the next commit writes a snapshot instead
        if sector == self.suspended:   # (its bytes are undefined until the erase is done)
            self._finish()
        if not self.erased[sector] and not self._blank(sector, 0):
            self.erases += 1
            self._erase(sector)
        self.ready = False
        order = self._order()
        number = self.numbers[order[-1]] + 1 if order else 0
        check = _head_check(number)
        self.erased[sector] = 0
        self._program(sector, 0, bytes((0x4E, 0x4A, number & 255, number >> 8 & 255,
                                        number >> 16 & 255, number >> 24 & 255,
                                        check & 255, check >> 8)))
        self.numbers[sector] = number
        if self.start is None:
            self.start = (sector, _HEAD)
        self.sector, self.at = sector, _HEAD

    def _frame(self, data):
        """Append one frame: its length and bytes, then the 0x00 that says it is whole."""
        length = len(data)
        if length + 5 > SECTOR - _HEAD:
            raise OSError(27)          # EFBIG: the next commit writes a snapshot instead
        try:
            if self.sector is None or self.at + length + 5 > SECTOR:
                self._begin(not length)
            sector, at = self.sector, self.at
            self._program(sector, at, bytes((length & 255, length >> 8, ~length & 255,
                                             (~length >> 8) & 255)) + data)
            self._program(sector, at + 4 + length, b"\x00")
        except BaseException:
            self.sector = None         # whatever reached the flash: appends go to a new sector
            raise
        self.at = at + 5 + length
        return sector, at + 4 + length + 1

    def prepare(self):
        """Erase one more sector ahead of the journal's end if fewer than AHEAD are; returns
        True when it erased (up to 400 ms: called in pauses, Saver.tick). On the firmware image
        a key suspends the erase (the tap is answered at once) and the next call goes on with
        it. Then `after`'s (first, when a key suspended one of its erases: the chip takes no
        other erase meanwhile)."""
        after = self.after
        if after is not None and after.suspended is not None:
            return after.prepare()
        if self.suspended is not None:
            if self.region.resume_for_keys():
                self._finish()
            return True
        if self.ready:
            return after.prepare() if after is not None else False
        for steps in range(1, self.AHEAD + 1):
            sector = self._ahead(steps)
            if self._live(sector):
                break                  # (the journal fills the region: it is compacted soon)
            if not self.erased[sector]:
                if not self._blank(sector, 0):
                    self._erase(sector, keys=True)
                    return True
                self.erased[sector] = 1
        self.ready = True
        return after.prepare() if after is not None else False

    # ---- the files (hw.JournalFiles' methods, with the journal in the region) ---------------

    def read(self, name):
        if name != self.name:
            return self.flash.read(name)
        if not self.length or self.start is None:
            return None
        parts = []
        first, at = self.start
        begun = False
        for sector in self._order():
            begun = begun or sector == first
            if begun:
                for start, length in self._frames(sector)[0]:
                    if (sector != first or start >= at) and length:
                        part = bytearray(length)
                        self._read(sector, start, part)
                        parts.append(part)
        return b"".join(parts)

    def append(self, name, data):
        if name != self.name:
            return self.flash.append(name, data)
        self._frame(data)
        self.length += len(data)

    def remove(self, name):
        if name != self.name:
            return self.flash.remove(name)
        if not self.length:
            return
        sector, end = self._frame(b"")
        self.start = (sector, end)
        self.length = 0
        self.ready = False      # (the sectors before it may be erased now)



def journal_in_region(flash, name, pins=None):
    """The files the tracker saves in: `flash` with the journal `name` in the flash the image's
    _boot.py keeps for it (hw.journal_region; `pins`: the pin map, whose keys suspend an erase),
    or `flash` as it is on a board formatted otherwise. A journal left in files (the board's
    firmware before) is moved over, not lost."""
    keyed = keyed_erase
    region = hw.journal_region(keyed.KeyedRegion if keyed is not None else None, pins)
    if region is None:
        return flash
    journal = FlashJournal(flash, region, name)
    littlefs = keyed.LITTLEFS if keyed is not None else None
    if littlefs is not None:
        littlefs.pins = getattr(region, "pins", 0)     # (its erases stop for the same keys)
        journal.after = littlefs
    files = hw.JournalFiles(flash, name)
    if files.exists(name):
        data = files.read(name)
        journal.remove(name)
        journal.append(name, data or b"")
        files.remove(name)
    return journal
