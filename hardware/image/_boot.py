# Netclick's power-up, before main.py: mounts the filesystem (frozen into the firmware image in
# place of the rp2 port's own _boot.py, which it follows).
#
# A board this image formats keeps the flash's last JOURNAL_SECTORS sectors out of littlefs: the
# save journal lives there, erased ahead in pauses, so that a commit in play is a page program
# and never waits for an erase (firmware.board.flash_journal, firmware.board.hw.journal_region).
# A board formatted before (by stock MicroPython or an older Netclick: littlefs on the whole
# filesystem flash) is mounted as it is, its files untouched, and saves its journal as files.
# littlefs refuses to mount with a block count other than the one it was formatted with, so
# each layout is tried in turn; only a flash that neither mounts is formatted, as the port's own
# _boot.py does.
#
# The journal's erases in pauses stop for a key (firmware.board.keyed_erase, netclick_flash). The
# chip takes no other erase while one is suspended: littlefs's flash (`Guarded`) finishes it
# before each of its own, and a reset (the chip keeps its state through one) finishes it here.
import vfs
import rp2
try:
    import netclick_flash
except ImportError:
    netclick_flash = None    # (the Pico 2's image: plain erases)

JOURNAL_SECTORS = 16     # 64 KB of the 1,408 KB


class Guarded:
    def __init__(self, flash, finish):
        self.readblocks = flash.readblocks      # (rp2.Flash's own: no Python in a read)
        self.writeblocks = flash.writeblocks
        self.flash = flash
        self.finish = finish                    # (this file's names are deleted below)

    def ioctl(self, op, arg):
        if op == 6:
            self.finish(0)
        return self.flash.ioctl(op, arg)


whole = rp2.Flash()
blocks = whole.ioctl(4, 0)
ours = rp2.Flash(len=(blocks - JOURNAL_SECTORS) * 4096)
if netclick_flash:
    netclick_flash.settle()
    ours = Guarded(ours, netclick_flash.resume)
try:
    fs = vfs.VfsLfs2(ours, progsize=256)
except OSError:
    try:
        fs = vfs.VfsLfs2(whole, progsize=256)
    except OSError:
        vfs.VfsLfs2.mkfs(ours, progsize=256)
        fs = vfs.VfsLfs2(ours, progsize=256)
vfs.mount(fs, "/")

del vfs, rp2, netclick_flash, Guarded, whole, blocks, ours, fs, JOURNAL_SECTORS
