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
# The journal's erases in pauses stop for a key (firmware.board.keyed_erase, netclick_flash), and
# so do the erases of the blocks littlefs will erase next, made ahead in pauses too
# (keyed_erase.KeyedLittlefs: its own erases then find them erased). The chip takes no other
# erase while one is suspended: littlefs's flash finishes it before each of its own, and a reset
# (the chip keeps its state through one) finishes it here.
import vfs
import rp2
try:
    import netclick_flash
    from firmware.board import keyed_erase
except ImportError:
    keyed_erase = None       # (the Pico 2's image: plain erases)

JOURNAL_SECTORS = 16     # 64 KB of the 1,408 KB


whole = rp2.Flash()
blocks = whole.ioctl(4, 0)
ours = rp2.Flash(len=(blocks - JOURNAL_SECTORS) * 4096)
if keyed_erase:
    netclick_flash.settle()
    ours = keyed_erase.KeyedLittlefs(ours)
try:
    fs = vfs.VfsLfs2(ours, progsize=256)
except OSError:
    try:
        fs = vfs.VfsLfs2(whole, progsize=256)
        ours = None          # (littlefs on the whole flash: plain erases)
    except OSError:
        vfs.VfsLfs2.mkfs(ours, progsize=256)
        fs = vfs.VfsLfs2(ours, progsize=256)
vfs.mount(fs, "/")
if keyed_erase and ours is not None:
    ours.fs = fs                     # (its erases ahead ask this littlefs which blocks)
    keyed_erase.LITTLEFS = ours

del vfs, rp2, keyed_erase, whole, blocks, ours, fs, JOURNAL_SECTORS
try:
    del netclick_flash
except NameError:
    pass
