"""The save journal's flash on the firmware image, whose erases a key press suspends.

A sector erase takes the Pico's W25Q16JV 45 ms, 400 ms at its worst, and no code runs from
flash meanwhile. The journal's sectors are erased ahead in pauses (firmware.board.flash_journal),
but a tap can land in one: before, it waited for the erase (issue 58: "no tap waits for the flash
more than 100 ms, even at its worst timings"; make bench, "Taps in an erase"). The image's own C
module netclick_flash (hardware/image/board/netclick_flash.c) erases from RAM, watching the
buttons' and the knob's pins, and suspends the erase at the first change of level: the tap is
answered at once, and the erase goes on in the next pause.

Only on the firmware image: on stock MicroPython (the .mpy deploy) and the Pico 2 there is no
netclick_flash, this module's import fails, and the journal's erases are the plain ones.
"""

import netclick_flash

SECTOR = 4096


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
