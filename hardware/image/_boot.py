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
import vfs
import rp2

JOURNAL_SECTORS = 16     # 64 KB of the 1,408 KB

whole = rp2.Flash()
blocks = whole.ioctl(4, 0)
ours = rp2.Flash(len=(blocks - JOURNAL_SECTORS) * 4096)
try:
    fs = vfs.VfsLfs2(ours, progsize=256)
except OSError:
    try:
        fs = vfs.VfsLfs2(whole, progsize=256)
    except OSError:
        vfs.VfsLfs2.mkfs(ours, progsize=256)
        fs = vfs.VfsLfs2(ours, progsize=256)
vfs.mount(fs, "/")

del vfs, rp2, whole, blocks, ours, fs, JOURNAL_SECTORS
