"""Simulated flash for the simulator and the power-cut tests. Same interface as firmware.board.hw.Flash.

`MemoryFlash` keeps files in a dict. `PowerCutFlash` also counts every step that reaches the
flash — each write of a buffer, each close, each rename, each remove — and can cut the power at
step N: the step does not happen (a rename is atomic, as on littlefs), or, for a write, only part
of the buffer lands (a torn write). After a cut it raises `PowerCut`, and the files are whatever
the flash held at that instant: boot a new Device on the same flash to see what survives.

Two models of an interrupted write:
    "littlefs"  data written to an open file is not visible until the file is closed
                (littlefs's copy-on-write files), so a cut before the close loses the whole write;
    "torn"      every byte that reached the flash stays (a plain filesystem): the file holds the
                old contents plus part of the new buffer.
The tests run every cut point under both.

`FaultFlash` makes one chosen operation fail (ENOSPC, EROFS, EIO, MemoryError...), for the boot
fault sweep. `FolderFlash` is firmware.board.hw.Flash for a folder on the host (the simulator's
--save-dir), with a rename that replaces its target on Windows too.
"""

import errno
import os

from firmware.board.hw import Flash


class PowerCut(BaseException):
    """The power went off. A BaseException, so that no `except Exception` in the firmware can
    pretend it did not happen."""


class FolderFlash(Flash):
    """A folder on the host as the tracker's flash. littlefs's rename replaces its target, and
    so does os.replace on every host (os.rename does not on Windows)."""

    def rename(self, old, new):
        """Rename, replacing `new` if it exists."""
        os.replace(self.root + old, self.root + new)


class MemoryFlash:
    """Files in a dict: name -> bytes. `capacity` (bytes, None: unlimited) makes a write that
    would not fit raise ENOSPC, as a full flash does."""

    def __init__(self, files=None, capacity=None):
        self.files = dict(files or {})
        self.capacity = capacity
        self.bytes_written = 0
        self.writes = 0

    def read(self, name):
        data = self.files.get(name)
        return None if data is None else bytes(data)

    def write(self, name, data):
        self._store(name, b"", bytes(data))

    def append(self, name, data):
        self._store(name, self.files.get(name, b""), bytes(data))

    def _store(self, name, before, data):
        free = self.free()
        if free is not None and len(before) + len(data) - len(self.files.get(name, b"")) > free:
            raise OSError(errno.ENOSPC, "no space left")
        self.files[name] = before + data
        self.bytes_written += len(data)
        self.writes += 1

    def rename(self, old, new):
        if old not in self.files:
            raise OSError(errno.ENOENT, "no such file")
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        self.files.pop(name, None)

    def exists(self, name):
        return name in self.files

    def size(self, name):
        data = self.files.get(name)
        return None if data is None else len(data)

    def free(self):
        if self.capacity is None:
            return None
        return max(0, self.capacity - sum(len(data) for data in self.files.values()))


class FaultFlash(MemoryFlash):
    """A MemoryFlash whose operation number `fail_at` (counting reads, writes, appends, renames,
    removals and existence checks from 1) raises `error` instead of happening; with `repeat`,
    that operation and every later one of the same kind fail. `ops` lists what was done."""

    def __init__(self, files=None, fail_at=None, error=None, repeat=False):
        MemoryFlash.__init__(self, files)
        self.fail_at = fail_at
        self.error = error
        self.repeat = repeat
        self.ops = []
        self._failing = None

    def _op(self, kind, name):
        self.ops.append((kind, name))
        if len(self.ops) == self.fail_at:
            self._failing = kind
        if self._failing == kind and (self.repeat or len(self.ops) == self.fail_at):
            raise self.error() if isinstance(self.error, type) else self.error

    def read(self, name):
        self._op("read", name)
        return MemoryFlash.read(self, name)

    def write(self, name, data):
        self._op("write", name)
        MemoryFlash.write(self, name, data)

    def append(self, name, data):
        self._op("append", name)
        MemoryFlash.append(self, name, data)

    def rename(self, old, new):
        self._op("rename", old)
        MemoryFlash.rename(self, old, new)

    def remove(self, name):
        self._op("remove", name)
        MemoryFlash.remove(self, name)

    def exists(self, name):
        self._op("exists", name)
        return MemoryFlash.exists(self, name)


class PowerCutFlash(MemoryFlash):
    """A MemoryFlash that cuts the power at step `cut_at` (None: never).

    `delay(ms)`, if given, is called for each write, so a test can let simulated time pass (and
    buttons be pressed) while the flash is busy.
    """

    def __init__(self, cut_at=None, model="littlefs", tear=0.5, files=None, during_write=None):
        MemoryFlash.__init__(self, files)
        self.cut_at = cut_at
        self.model = model
        self.tear = tear
        self.steps = 0
        self.during_write = during_write

    def _step(self):
        """Count a step; True if the power goes off at this one."""
        self.steps += 1
        return self.cut_at is not None and self.steps == self.cut_at

    def _store(self, name, before, data):
        if self.during_write:
            self.during_write()
        if self._step():                      # cut while the buffer is being written
            if self.model == "torn":
                self.files[name] = before + data[:int(len(data) * self.tear)]
            raise PowerCut("during the write of %s" % name)
        if self._step():                      # cut at the close
            if self.model == "torn":
                self.files[name] = before + data
            raise PowerCut("at the close of %s" % name)
        MemoryFlash._store(self, name, before, data)

    def rename(self, old, new):
        if self._step():
            raise PowerCut("at the rename of %s" % old)
        MemoryFlash.rename(self, old, new)

    def remove(self, name):
        if self._step():
            raise PowerCut("at the removal of %s" % name)
        MemoryFlash.remove(self, name)


class MemoryRegion:
    """Flash sectors in a bytearray, as a block device like the Pico's rp2.Flash (the save
    journal's region: firmware.board.flash_journal). An erase sets a 4 KB sector to 0xFF; a
    program ANDs bytes in, as NOR flash does, and only in whole 256-byte pages, as the Pico SDK's
    flash_range_program requires (anything else raises ValueError: a test catches it here).

    `cut_at`: the flash operation (program or erase, counted from 1) during which the power goes
    off: only the first `tear` of it lands, then PowerCut is raised. `step`: instead, a function
    called at each operation that says whether the power goes off in it (a PowerCutFlash's
    `_step`, so that one count runs through the files and the region). `data`: the bytes to
    start from (a region read out of a flash image).

    Erases a key suspends, as on the firmware image (firmware.board.keyed_erase, with the
    chip's rules): `keys`, a function called as each erase_for_keys or resume_for_keys begins,
    says whether a key comes before it ends (None: none ever does). Until a suspended erase is
    finished its sector reads as garbage, and a program there raises ValueError."""

    SECTOR = 4096
    PAGE = 256

    def __init__(self, sectors=16, data=None, cut_at=None, tear=0.5, step=None, keys=None):
        self.data = bytearray(data) if data is not None else bytearray(b"\xff" * sectors * 4096)
        self.cut_at = cut_at
        self.step = step
        self.tear = tear
        self.keys = keys
        self.suspended = None     # the sector of an erase a key suspended
        self.suspensions = 0
        self.operations = 0
        self.erases = 0
        self.programs = 0

    def _cut(self):
        self.operations += 1
        if self.step is not None:
            return self.step()
        return self.cut_at is not None and self.operations == self.cut_at

    def readblocks(self, block, buffer, offset=0):
        at = block * self.SECTOR + offset
        buffer[:] = self.data[at:at + len(buffer)]

    def writeblocks(self, block, buffer, offset=None):
        if offset is None:
            raise ValueError("writeblocks without an offset erases first: not used here")
        at = block * self.SECTOR + offset
        if at % self.PAGE or len(buffer) % self.PAGE:
            raise ValueError("flash programmed at %d, %d bytes: whole pages only" % (at, len(buffer)))
        if block == self.suspended:
            raise ValueError("a program in sector %d, its erase suspended" % block)
        self.programs += 1
        count = len(buffer)
        cut = self._cut()
        if cut:
            count = int(count * self.tear)
        for index in range(count):
            self.data[at + index] &= buffer[index]
        if cut:
            raise PowerCut("during a page program at %d" % at)

    def ioctl(self, op, arg):
        if op == 4:
            return len(self.data) // self.SECTOR
        if op == 5:
            return self.SECTOR
        if op == 6:
            self.finish()         # (KeyedRegion's: the chip takes no erase while one waits)
            self.erases += 1
            at = arg * self.SECTOR
            count = self.SECTOR
            cut = self._cut()
            if cut:
                count = int(count * self.tear)
            self.data[at:at + count] = b"\xff" * count
            if cut:
                raise PowerCut("during the erase of sector %d" % arg)
            return 0
        return None

    # ---- erases a key suspends (firmware.board.keyed_erase's methods) ----------------------

    def _erase_for_keys(self, sector):
        at = sector * self.SECTOR
        cut = self._cut()
        # Under way, and suspended, the sector's bytes are undefined: garbage here.
        for index in range(at, at + self.SECTOR):
            self.data[index] &= 0x5A ^ (index & 0xFF)
        if cut:
            raise PowerCut("during the erase of sector %d" % sector)
        if self.keys is not None and self.keys():
            self.suspended = sector
            self.suspensions += 1
            return False
        self.data[at:at + self.SECTOR] = b"\xff" * self.SECTOR
        self.suspended = None
        return True

    def erase_for_keys(self, sector):
        """Erase a sector: True when done, False when a key came first (suspended)."""
        if self.suspended is not None:
            raise ValueError("an erase begun while another is suspended")
        self.erases += 1
        return self._erase_for_keys(sector)

    def resume_for_keys(self):
        """Go on with the suspended erase: True when done, False when a key came again."""
        if self.suspended is None:
            return True
        return self._erase_for_keys(self.suspended)

    def finish(self):
        """Finish a suspended erase, whatever the keys do."""
        if self.suspended is not None:
            at = self.suspended * self.SECTOR
            self.data[at:at + self.SECTOR] = b"\xff" * self.SECTOR
            self.suspended = None
