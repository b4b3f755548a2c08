"""The flash on the firmware image, whose erases in pauses a key press suspends: the save
journal's (KeyedRegion) and the blocks littlefs will erase next (KeyedLittlefs).

A sector erase takes the Pico's W25Q16JV 45 ms, 400 ms at its worst, and no code runs from
flash meanwhile. The journal's sectors are erased ahead in pauses (firmware.board.flash_journal),
but a tap can land in one: before, it waited for the erase (issue 58: "no tap waits for the flash
more than 100 ms, even at its worst timings"; make bench, "Taps in an erase"). The image's own C
module netclick_flash (hardware/image/board/netclick_flash.c) erases from RAM, watching the
buttons' and the knob's pins, and suspends the erase at the first change of level: the tap is
answered at once, and the erase goes on in the next pause. littlefs's own writes (a swap's whole
files, a compaction, the settings) are made in pauses too, and erased a block or two there (400
ms each at worst) that no key could stop: the blocks they will erase are now erased ahead in the
pauses before, the same way, and littlefs finds them erased.

Only on the firmware image: on stock MicroPython (the .mpy deploy) and the Pico 2 there is no
netclick_flash, this module's import fails, and the journal's erases are the plain ones.
"""

import netclick_flash

SECTOR = 4096
_ERASED = b"\xff" * 256

# The flash under littlefs, as _boot.py mounted it (a KeyedLittlefs), or None: a board formatted
# before the image (littlefs on the whole flash) or a stock MicroPython.
LITTLEFS = None


class KeyedRegion:
    """rp2.Flash over the journal's flash (`region`, `start` bytes into the filesystem's
    flash), with erases a key suspends: any of the pin map `pins`' buttons or its knob's
    (None: no key)."""

    def __init__(self, region, start, pins):
        self.readblocks = region.readblocks     # (bound to rp2.Flash's: no Python in a read)
        self.writeblocks = region.writeblocks   # (a program is allowed in a suspension)
        self._ioctl = region.ioctl
        self.start = start
        pins = pins or {"buttons": {}}
        knob = pins.get("knob") or {}
        self.pins = 0        # their GPIOs, a bit each
        for number in list(pins["buttons"].values()) + [knob.get("a"), knob.get("b")]:
            if number is not None:
                self.pins |= 1 << number

    def ioctl(self, op, arg):
        """rp2.Flash's. An erase (6) first finishes one a key suspended: the chip ignores an
        erase while another is suspended."""
        if op == 6:
            netclick_flash.resume(0)
        return self._ioctl(op, arg)

    def erase_for_keys(self, sector):
        """Erase a sector: True when it is erased, False when a key came first (then the erase
        is suspended and the sector's bytes undefined until resume_for_keys finishes it)."""
        return netclick_flash.erase(self.start + sector * SECTOR, self.pins) == 0

    def finish(self):
        """Finish a suspended erase, whatever the keys do (before another erase)."""
        netclick_flash.resume(0)

    def resume_for_keys(self):
        """Go on with the suspended erase: True when it is done, False when a key came again."""
        return netclick_flash.resume(self.pins) == 0


class KeyedLittlefs:
    """rp2.Flash under littlefs (`flash`), whose blocks littlefs will erase next are erased
    ahead, in pauses, with erases a key suspends; littlefs's own erase of such a block is then
    nothing (issue 58: a save in a pause erased a block or two, 400 ms each at the chip's
    worst, and a tap landing in it waited; make bench, "Taps in littlefs's writes").

    Which blocks: netclick_flash.ahead asks the mounted littlefs (the old half of its root
    folder's metadata pairs, then its free blocks in its allocator's order). A block counts as
    erased only from the end of an erase made here until littlefs programs or erases it;
    nothing is kept over a power cut. While a key holds one of these erases suspended, its
    block is neither read (its bytes are undefined) nor written: any littlefs access to it
    finishes the erase first, and littlefs's own erases finish it too (the chip takes no other
    erase meanwhile).

    `pins` (the keys' GPIO mask) and `fs` (the mounted VfsLfs2) are set once the pin map is
    read (firmware.board.flash_journal.journal_in_region) and the flash mounted (_boot.py).
    """

    AHEAD = 8           # free blocks kept erased ahead (32 KB: a swap's whole files)

    def __init__(self, flash):
        self._read = flash.readblocks
        self._write = flash.writeblocks
        self._ioctl = flash.ioctl
        self.count = flash.ioctl(4, 0)
        self.erased = bytearray((self.count + 7) // 8)   # a bit a block: erased here, unused
        self.suspended = None    # the block whose erase a key suspended, or None
        self.ready = False       # every block wanted ahead is erased (until littlefs writes)
        self.pins = 0
        self.fs = None
        # netclick_flash.ahead's answer: the old halves of the root's metadata pairs (one for
        # each 4 KB of names), then AHEAD free blocks
        self._wanted = bytearray(2 * (self.AHEAD + 4))
        self._page = bytearray(len(_ERASED))

    # ---- the block device littlefs uses --------------------------------------------------

    def readblocks(self, block, buffer, offset=0):
        if block == self.suspended:
            self.finish()
        self._read(block, buffer, offset)

    def writeblocks(self, block, buffer, offset=None):
        if block == self.suspended:
            self.finish()
        self._mark(block, False)
        self.ready = False
        if offset is None:
            self._write(block, buffer)
        else:
            self._write(block, buffer, offset)

    def ioctl(self, op, arg):
        if op == 6:
            self.finish()
            self.ready = False
            if self._marked(arg):
                self._mark(arg, False)    # erased ahead: littlefs programs it from now
                return 0
        return self._ioctl(op, arg)

    # ---- erasing ahead ----------------------------------------------------------------------

    def _marked(self, block):
        return self.erased[block >> 3] >> (block & 7) & 1

    def _mark(self, block, erased):
        if erased:
            self.erased[block >> 3] |= 1 << (block & 7)
        else:
            self.erased[block >> 3] &= ~(1 << (block & 7))

    def finish(self):
        """Finish an erase a key suspended, whatever the keys do: this flash's, or the
        journal's (the chip takes no other erase meanwhile)."""
        netclick_flash.resume(0)
        if self.suspended is not None:
            self._mark(self.suspended, True)
            self.suspended = None

    def _blank(self, block):
        page = self._page
        for at in range(0, SECTOR, len(page)):
            self._read(block, page, at)
            if page != _ERASED:
                return False
        return True

    def prepare(self):
        """One step of erasing ahead, in a pause: go on with a suspended erase, or erase the
        next block littlefs will erase (a blank one is only noted). Returns True when there may
        be more to do, False when every such block is erased. A key suspends the erase."""
        if self.suspended is not None:
            if netclick_flash.resume(self.pins) == 0:
                self._mark(self.suspended, True)
                self.suspended = None
            return True
        if self.ready or self.fs is None or netclick_flash.suspended():
            return False
        wanted = self._wanted
        try:
            count = netclick_flash.ahead(self.fs, wanted)
        except Exception:
            self.fs = None       # (littlefs could not say: its erases are its own, as before)
            return False
        for index in range(count):
            block = wanted[2 * index] | wanted[2 * index + 1] << 8
            if self._marked(block):
                continue
            if self._blank(block):
                self._mark(block, True)
            elif netclick_flash.erase(block * SECTOR, self.pins) == 0:
                self._mark(block, True)
            else:
                self.suspended = block
            return True
        self.ready = True
        return False
