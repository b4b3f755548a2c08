"""The save journal as a run of small files, so that appending to it seldom erases the flash.

The journal (firmware.saving.storage) grows by a record of about 20 bytes at each commit. On the
Pico's littlefs a file of up to 512 bytes (an eighth of its 4 KB block: the "inline" limit)
lives inside its folder's metadata, and an append to it is a metadata commit: a page program.
Past 512 bytes the file has blocks of its own, and littlefs copies its last block into a newly
erased one at every append: a sector erase at every commit (45 ms, up to 400 ms on the Pico's
W25Q16JV, with the code in flash stopped meanwhile, so a press waits: issue 37).

So the journal is kept as game.jnl, game.jnl1, game.jnl2..., each of at most SEGMENT_BYTES,
and read back as one. Measured at the virtual Pico's REPL, 300 appends of 20 bytes beside a
snapshot: 297 sector erases to one file; 37 to files of 256 bytes (only littlefs's metadata
compactions), 43 to files of 448 bytes.

A record goes whole into one file, never split. The files are made in order and removed last
first, so whatever a power cut interrupts, the run has no gap; reading stops at the first
missing file.
"""


class JournalFiles:
    """The files of a flash (a firmware.board.hw.Flash, or a stand-in), with the one called
    `name` (the journal) kept as a run of small files. Every other file, and whatever else asks
    the flash (free space), is the flash's own.

    A subclass keeps the journal somewhere else (firmware.board.fram) by replacing the
    `journal_*` methods."""

    SEGMENT_BYTES = 256     # the files' size: under littlefs's 512 (the fewest erases measured)

    def __init__(self, flash, name):
        self.flash = flash
        self.name = name
        self._count = None       # the files in the run (None: not looked for yet)
        self._last = None        # bytes in the last of them (None: not read yet)

    def _file(self, index):
        return self.name if index == 0 else "%s%d" % (self.name, index)

    def _find(self):
        """How many files the run has (looked for on the flash after anything went wrong)."""
        if self._count is None:
            count = 0
            while self.flash.exists(self._file(count)):
                count += 1
            self._count = count
            self._last = None
        return self._count

    # ---- the journal -------------------------------------------------------------------------

    def journal_read(self):
        """The journal's bytes (its files one after another), or None when there is none."""
        self._count = None                 # read at power-up: look at what is there
        parts = []
        for index in range(self._find()):
            part = self.flash.read(self._file(index))
            if part is None:
                break
            parts.append(part)
        if not parts:
            return None
        self._count = len(parts)
        self._last = len(parts[-1])
        return b"".join(parts)

    def journal_append(self, data):
        """Add a record at the journal's end: to its last file while it stays small, else as
        the first bytes of a new file."""
        count = self._find()
        if count and self._last is None:
            self._last = len(self.flash.read(self._file(count - 1)) or b"")
        try:
            if count and (not self._last or self._last + len(data) <= self.SEGMENT_BYTES):
                self.flash.append(self._file(count - 1), data)
                self._last += len(data)
            else:
                # A file of that name, or the one after it, cannot be part of this run (only
                # something outside the tracker leaves a gap): the next is removed first, so
                # that it is never read as this run's, and this one is written, not appended.
                self.flash.remove(self._file(count + 1))
                self.flash.write(self._file(count), data)
                self._count = count + 1
                self._last = len(data)
        except BaseException:
            self._count = None               # what reached the flash: looked for again
            raise

    def journal_remove(self):
        """Remove the journal's files, the last first (a power cut leaves a run without gaps)."""
        self._count = None
        count = self._find()
        while count:
            count -= 1
            self.flash.remove(self._file(count))
            self._count = count
        self._last = 0

    def journal_exists(self):
        return self._find() > 0

    def journal_keep_as(self, new):
        """Rename the journal to `new` (set aside, damaged): one file is renamed, a run of them
        is copied into one and then removed."""
        if self._find() == 1:
            self.flash.rename(self.name, new)
            self._count = 0
            return
        data = self.journal_read()
        if data is None:
            raise OSError(2)           # ENOENT
        self.flash.write(new, data)
        self.journal_remove()

    # ---- the files (firmware.board.hw.Flash's methods) ----------------------------------------

    def read(self, name):
        """The file's bytes, or None if there is no such file."""
        return self.journal_read() if name == self.name else self.flash.read(name)

    def append(self, name, data):
        """Add bytes at the end of a file (creating it)."""
        if name == self.name:
            return self.journal_append(data)
        return self.flash.append(name, data)

    def write(self, name, data):
        """Create or replace a file."""
        if name != self.name:
            return self.flash.write(name, data)
        self.journal_remove()
        self.journal_append(data)

    def remove(self, name):
        """Delete a file; a file that is not there is no error."""
        if name == self.name:
            return self.journal_remove()
        return self.flash.remove(name)

    def exists(self, name):
        """Whether the file is there."""
        return self.journal_exists() if name == self.name else self.flash.exists(name)

    def rename(self, old, new):
        """Rename, replacing `new` if it exists. (The journal is only ever renamed aside.)"""
        if old == self.name:
            return self.journal_keep_as(new)
        if new != self.name:
            return self.flash.rename(old, new)
        data = self.flash.read(old)
        if data is None:
            raise OSError(2)           # ENOENT
        self.write(new, data)
        self.flash.remove(old)

    def free(self):
        """Bytes free on the filesystem, or None if it cannot tell."""
        return self.flash.free()

    @property
    def root(self):
        return self.flash.root


def journal_files(flash, name):
    """`flash` with its journal `name` read and written as its run of files; a flash that
    keeps the journal its own way already (a JournalFiles, or the FRAM's) is returned as it is."""
    return flash if isinstance(flash, JournalFiles) else JournalFiles(flash, name)
