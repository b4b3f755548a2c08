"""Saving the game so that no power cut, crash or bad file loses it.

Files (in the Flash folder):
    game.json    the latest snapshot: a header line (firmware.saving.header), then
                 engine_lite.snapshot JSON
    game.bak     the snapshot before it (the previous generation)
    game.tmp     a snapshot being written (renamed to game.json once complete)
    game.jnl     the journal: one small record per commit since the snapshot (with
                 game.jnl1, game.jnl2...: a run of small files, see firmware.board.hw.JournalFiles)
    settings.json

A commit appends one journal record: where the history stands (actions kept since the last
commit, so undo is saved too), the new actions' bytes, and the redo list. It is about a dozen
bytes. A journal begins with a start record: which game, and its state and action count at the
snapshot the journal follows, so that a journal whose snapshots are all lost still rebuilds the
right game (firmware.saving.resume). When the journal passes JOURNAL_LIMIT, and at every boot, the game is compacted into a new
snapshot: written to game.tmp, then game.json becomes game.bak and game.tmp becomes game.json.

Every snapshot and record carries a sequence number and a checksum. Booting takes the newest
valid snapshot of the three, then the journal records that follow it one by one, and stops at the
first record that is torn or out of sequence: whatever a power cut interrupted, the game comes
back as it was after some commit. A file that fails its checks is renamed aside (.bad1, .bad2...),
never deleted, and the player is told. Reading the files back is firmware.saving.resume.
"""

import json

from firmware.board.hw import JournalFiles
from engine_lite import snapshot
from firmware.saving.header import frame
from firmware.saving.errors import log_error as log
from firmware.saving.errors import describe

SNAPSHOT = "game.json"
PREVIOUS = "game.bak"
TEMPORARY = "game.tmp"
JOURNAL = "game.jnl"
SETTINGS = "settings.json"
ENOSPC = (28, 51)       # "no space left": the Pico and Linux; MicroPython's WebAssembly port
RECORD = 0xA5          # first byte of every journal record
START = 0xA6           # ... and of the start record at the head of a journal
# The archive's files (firmware.saving.archive): named here, where every file the saves use is,
# for the one reader below the archive that needs them (a journal that brought a kept game
# back: firmware.saving.resume).
KEPT = ("prev1.json", "prev2.json", "prev3.json", "prev4.json", "prev5.json")


# firmware.saving.adler's machine code, where there is one (None: a port that cannot compile the
# module or load its machine code, the browser's copy that leaves it out, CPython, where viper's
# `uint` is no name).
try:
    from firmware.saving.adler import adler32 as _adler32
except (ImportError, SyntaxError, ValueError, NameError):
    _adler32 = None


def checksum(data):
    """Adler-32 of bytes: on a Pico in machine code (firmware.saving.adler), elsewhere in
    Python here: the same sum."""
    if callable(_adler32):
        return _adler32(data)
    a = 1
    b = 0
    for byte in data:
        a = (a + byte) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def _varint(out, value):
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)


def write_atomic(flash, name, data, temporary=None, previous=None):
    """The one way the tracker writes a whole file: into a temporary file, then renamed over
    `name` (atomic on littlefs, and os.replace on a computer), so a power cut leaves the old
    file or the new one, never half of one, and nothing is ever written over the only copy of
    anything. With `previous`, the file it replaces is kept under that name. (write_steps, at
    once.)"""
    finish(write_steps(flash, name, data, temporary, previous))


def write_steps(flash, name, data, temporary=None, previous=None):
    """write_atomic as a generator of steps, each short (a piece of the temporary file:
    firmware.board.hw.Flash.write_steps; then the renames), for a long write made in a pause
    to give way to a key between two of them (Saver). Closed before its end, it removes the
    temporary file and leaves `name` as it was."""
    temporary = temporary or name + ".tmp"
    pieces = getattr(flash, "write_steps", None)
    pieces = pieces(temporary, data) if pieces is not None else None
    try:
        if pieces is None:
            flash.write(temporary, data)
        else:
            for _ in pieces:
                yield
        yield               # (the renames: a step of their own)
    except (Exception, GeneratorExit):
        # A write that failed (a full flash), or given up (Saver): no half file is left taking
        # the room a retry needs (and the file is closed first: MicroPython closes a file
        # left open only when the garbage collector finds it)
        if pieces is not None:
            pieces.close()
        try:
            flash.remove(temporary)
        except Exception:
            pass
        raise
    if previous and flash.exists(name):
        flash.rename(name, previous)
    flash.rename(temporary, name)


def finish(steps):
    """Run a generator of steps (write_steps, Storage.snapshot_steps...) to its end at once;
    what it returns."""
    try:
        while True:
            next(steps)
    except StopIteration as end:
        return end.value


def _record(kind, payload):
    """A journal record: its kind, the payload's length, the payload, its checksum."""
    record = bytearray((kind,))
    _varint(record, len(payload))
    record += payload
    record += checksum(payload).to_bytes(4, "little")
    return record


class Storage:
    """Reads and writes the saved game through a Flash (firmware.board.hw.Flash or a simulated one)."""

    JOURNAL_LIMIT = 2048   # journal bytes before it is compacted into a snapshot, in a pause
    JOURNAL_HARD_LIMIT = 8192   # ... or at once, however busy the player is

    def __init__(self, flash):
        # The journal read and written as its run of small files, wherever the files are read
        # (a flash that keeps it its own way already, the FRAM's, as it is)
        self.flash = flash if isinstance(flash, JournalFiles) else JournalFiles(flash, JOURNAL)
        self.seq = 0              # sequence number of the last commit
        self.source = None        # the snapshot file the game was resumed from (firmware.saving.resume)
        self.kept = []            # what resume set aside (firmware.saving.resume.boot shares one list)
        self.game = None          # the Game the files describe
        self._count = 0           # its history length at the last commit
        self._redo = b""
        self.journal_size = 0
        # After any write error the journal may end in a partial record: appending after it
        # would hide every later record from the boot. So the next commit is a whole snapshot,
        # which starts a new journal.
        self.journal_suspect = False
        # What the start record of the next journal says (write_snapshot): the game's name, the
        # snapshot's sequence number and action count, and its state, kept as the (immutable)
        # State object and written out only when the journal begins: until the game moves on it
        # is the game's own, where its JSON would be 200 bytes more on the heap.
        self._start = None
        self._extras = None       # the game's extras as last saved (only snapshots hold them)
        # A new game saved by its start record in the journal (journal_swap), its whole files
        # not yet written; and the games firmware.saving.resume found replaced that way, for
        # the archive (the first commit after power-up keeps them: firmware.main.Device)
        self.swapped = False
        self.endings = []
        # The checksum of the kept game a swap in the journal brought back (its archive copy
        # is the start of the game in play until the game's own snapshot is written), or None
        self.restored = None
        # The checksum of the snapshot the game in play was resumed from, when nothing in the
        # journal replaced it (firmware.saving.resume.load): a kept file with the same checksum
        # is that game's copy, left by a power cut between a brought-back game's snapshot and
        # the copy's drop (firmware.main.Device)
        self.snapshot_sum = None
        self.commits = 0          # figures for benchmarks
        self.bytes_written = 0

    # ---- writing ----------------------------------------------------------------------------

    def wants_snapshot(self, game, compact=True, whole=True):
        """Whether the next commit of `game` writes a whole snapshot (else a journal record)."""
        size = self.journal_size
        return (game is not self.game or self.journal_suspect or size >= self.JOURNAL_HARD_LIMIT
                or compact and size >= self.JOURNAL_LIMIT or game.extras != self._extras
                or self.swapped and whole)

    def commit(self, game, compact=True, whole=True):
        """Save what changed since the last commit; returns the bytes written (0: nothing).

        A journal past JOURNAL_LIMIT is compacted into a snapshot when `compact` says it is a
        good moment (a snapshot takes about 100 ms on a Pico: not while the player presses on),
        and past JOURNAL_HARD_LIMIT in any case. A swap saved in the journal (journal_swap)
        gets its snapshot when `whole` says so (the caller has kept the replaced game first)."""
        size = self.journal_size
        if self.wants_snapshot(game, compact, whole):
            return self.write_snapshot(game)
        base = min(self._count, game.low_water)
        new = game.history[game.offset_of(base):]
        redo = game.redo_records()
        if base == self._count == game.count and redo == self._redo:
            return 0
        payload = bytearray()
        _varint(payload, self.seq + 1)
        _varint(payload, base)
        _varint(payload, len(new))
        payload += new
        payload += redo
        record = self._head() + _record(RECORD, payload)
        try:
            self.flash.append(JOURNAL, record)
        except OSError as error:
            if (getattr(self.flash, "QUICK", False) and error.args[0] in (27, 28)
                    and (whole or not self.swapped)):
                # A journal in a region of its own (the FRAM's, the image's flash region) full,
                # or a record too long for it: nothing was written; a snapshot instead.
                return self.write_snapshot(game)
            self.journal_suspect = True
            raise
        except BaseException:
            self.journal_suspect = True
            raise
        self.seq += 1
        self._count = game.count
        self._redo = redo
        return self._appended(game, record)

    def _appended(self, game, record):
        """`record` is in the journal: the game is saved up to now; returns its bytes."""
        game.mark_saved()
        self.journal_size += len(record)
        self.commits += 1
        self.bytes_written += len(record)
        return len(record)

    def _head(self):
        """The start record a new journal begins with (b"" when the journal has begun): which
        game, and its sequence number, action count and state at the snapshot it follows."""
        if self.journal_size or not self._start:
            return b""
        name, seq, count, state = self._start
        return _record(START, json.dumps({"game": name, "seq": seq, "count": count,
                                          "state": list(state.pack())}).encode())

    def journal_swap(self, game, restored=None):
        """Save a game that replaces the one the files hold as a start record in the journal:
        a page program or two, where its whole files (the replaced game's copy in the archive,
        its own snapshot) take erases. A new game (nothing done in it yet) is its state; a game
        brought back from the archive (`restored`: its kept file's checksum) is named by that
        checksum, its kept file holding it whole until its own snapshot is written. The replaced
        game stays in game.json and the journal before the record, so a power cut now still has
        it (firmware.saving.resume keeps it in the archive at the next power-up); the whole
        files are written in the next pause (Saver.tick), or before another swap (App.settle).
        Only for a journal that never erases (`QUICK`). Returns the bytes written."""
        seq = self.seq + 1
        if restored is None:
            head = {"game": game.rules.NAME, "seq": seq, "count": 0,
                    "state": list(game.state.pack()), "extras": game.extras}
        else:
            head = {"game": game.rules.NAME, "seq": seq, "count": game.count, "from": restored}
        record = self._head() + _record(START, json.dumps(head).encode())
        head = None
        try:
            self.flash.append(JOURNAL, record)
        except BaseException:
            self.journal_suspect = True
            raise
        self.seq = seq
        self.game = game
        self._count = game.count
        self._redo = game.redo_records()
        self._extras = json.loads(json.dumps(game.extras))
        self.swapped = True
        self.restored = restored
        return self._appended(game, record)

    def write_snapshot(self, game):
        """Save the whole game as a new snapshot, keeping the previous one; empties the journal.
        Returns the bytes written."""
        return finish(self.snapshot_steps(game))

    def snapshot_steps(self, game):
        """write_snapshot as a generator of short steps, for the Saver to make in a pause,
        giving way to a key between two (firmware.board.hw.Flash.write_steps). The game is read
        at the first step and the files hold it from the last on: nothing may change it or be
        committed in between (the Saver closes the generator first; closed, it leaves the files
        as they were)."""
        text = snapshot.dumps(game).encode()
        seq = self.seq + 1
        start = (game.rules.NAME, seq, game.count, game.state)
        count = game.count
        redo = game.redo_records()
        extras = json.loads(json.dumps(game.extras))     # a copy, to see it change
        data = frame(seq, text, checksum(text))
        text = None
        flash = self.flash
        # While the history taken at power-up is still being checked (Game.check), game.bak is
        # the copy from before it: kept until the check is done, so that a history found
        # damaged later still has an older save beside it. (The new snapshot holds the same
        # history bytes as the one it replaces, plus what was played since.)
        previous = None if game.unchecked else PREVIOUS
        yield
        while True:
            try:
                yield from write_steps(flash, SNAPSHOT, data, TEMPORARY, previous)
                break
            except GeneratorExit:
                raise                    # (given up: nothing changed)
            except BaseException as error:
                # The old journal may no longer follow the files' newest snapshot: the next
                # commit is a whole snapshot again
                self.journal_suspect = True
                if (not isinstance(error, OSError) or error.args[0] not in ENOSPC
                        or not self._make_room(game)):
                    raise
        # Saved from here on: the files hold this game at `seq`, whatever happens next.
        self._start = start
        self.seq = seq
        self.game = game
        self._extras = extras
        self._count = count
        self._redo = redo
        game.mark_saved()
        self.commits += 1
        self.bytes_written += len(data)
        self.journal_suspect = True      # until the old journal is gone
        flash.remove(JOURNAL)    # its records are all older than seq: never replayed again
        self.journal_size = 0
        self.journal_suspect = False
        self.swapped = False
        self.restored = None
        return len(data)

    def _make_room(self, game):
        """A full flash: the new snapshot did not fit. Removes one file that holds nothing
        another does not, and returns True; False when there is none. game.bak first (an older
        generation of what game.json holds). Then, when `game` replaces another (a swap: that
        one is in the archive already, the Saver wrote it first), that game's journal and
        snapshot (issue 58: with 648 bytes free, the new game's moves went unsaved for two
        minutes, and a power cut brought the replaced game back in play)."""
        flash = self.flash
        if flash.exists(PREVIOUS):
            flash.remove(PREVIOUS)
            return True
        if self.game is None or game is self.game and not self.swapped:
            return False             # (the same game: game.json and its journal are its only copy)
        for name in (JOURNAL, SNAPSHOT):
            if flash.exists(name):
                flash.remove(name)
                return True
        return False

    def save_settings(self, settings):
        """Write the settings (rarely: only when one changes)."""
        data = json.dumps(settings.to_dict()).encode()
        write_atomic(self.flash, SETTINGS, data)
        self.bytes_written += len(data)


class Saver:
    """Decides when to commit: a swap (a game started, brought back or imported) at once;
    any other change at most once a second, in a short pause in the presses (or every few
    seconds of continuous presses), and within about a second of the last press. With a journal
    that never erases in play (`QUICK`: an FRAM, the firmware image's journal in flash of its
    own) every 0.7 s, whatever the presses, after a tap's release: no change waits more than a
    second.

    The game and the settings are saved independently, the game first: one failing never holds
    the other back. After a failure the next try waits a little longer each time (up to a
    minute), and the player is told once, with what failed.

    The tick counter wraps (MicroPython's ticks_ms: every 12.4 days, and differences are only
    right within 6.2 days), so no tick is kept for long: while nothing waits to be saved, `_last`
    is dragged along to at most INTERVAL_MS behind now.
    """

    INTERVAL_MS = 1000
    HOLD_OFF_MS = 2000
    QUICK_INTERVAL_MS = 700  # a journal that never erases: a commit this often, so that with a
    QUICK_HOLD_OFF_MS = 300  # ... tap's length waited for (then a hold is not) none is > 1 s old
    SETTLE_MS = 400          # no press for this long: a commit will not be in the way of one
    BUSY_MAX_MS = 4000       # ... but presses going on longer than this do not delay it more
    QUIET_MS = 1500          # no press for this long: a pause, when compacting cannot be in the way
    RETRY_MAX_MS = 60000

    def __init__(self, app, storage, clock, held=None):
        self.app = app
        self.storage = storage
        self.clock = clock
        self._changes = app.changes
        self._settings = app.settings_version
        self._last = clock.ticks_add(clock.ticks_ms(), -self.INTERVAL_MS)
        self._wait = self.INTERVAL_MS    # longer after a failure: a full flash stays full
        self._settings_tried = self._last   # the settings' last try, and the wait before the next
        self._settings_wait = 0
        self.failed = None       # what the last failure said, or None when saving works
        self.held = held         # why saving is off (the saved files could not be read), or None
        self._booted = app.last_input   # no press since: nothing to keep out of the way of
        # The whole files a pause began to write, a short step at each pass of the main loop
        # (_begin): a generator, or None; and, once it writes the game's snapshot, the app's
        # change count and the storage's sequence number the snapshot was read at (None before)
        self._job = None
        self._job_from = None
        app.saver = self         # (App.settle: a swap not yet saved is written before the next)

    def pending(self):
        """Whether something is not saved yet."""
        app = self.app
        return (app.changes != self._changes or app.game is not self.storage.game
                or app.settings_version != self._settings or bool(app.endings)
                or app.restored is not None)

    def busy(self):
        """Whether whole files a pause began are being written, a step at each pass (the main
        loop does not sleep meanwhile)."""
        return self._job is not None

    def tick(self, now):
        """Commit if something changed and the last commit is old enough; returns True when
        it tried to (or wrote the last step of a pause's whole files)."""
        clock = self.clock
        if self._job is not None:
            if self._stale():
                self._give_up()      # the game moved on: its snapshot would miss that
            elif not (self.app.changes != self._changes and clock.ticks_diff(
                    now, self._last) >= self.QUICK_INTERVAL_MS):
                return self._step(now)
            # (else a move waits to be saved: its journal record first, then the next step)
        waited = clock.ticks_diff(now, self._last)
        # A pause in the presses: the moment for a long write (compacting the journal).
        quiet = clock.ticks_diff(now, self.app.last_input) >= self.QUIET_MS
        if not self.pending():
            if waited > self.INTERVAL_MS:
                self._last = clock.ticks_add(now, -self.INTERVAL_MS)
            if (quiet and waited >= self._wait and not self.held and self._job is None
                    and self.storage.journal_size >= self.storage.JOURNAL_LIMIT):
                self._begin(now)     # compacts: nothing new, but the journal is long
                return False
            # A journal in flash of its own: the sectors ahead of it erased now, in the pause,
            # so that no commit in play waits for an erase (firmware.board.flash_journal).
            prepare = getattr(self.storage.flash, "prepare", None)
            if quiet and prepare is not None and not self.held:
                try:
                    return prepare()
                except OSError:
                    pass             # (an append that finds its sector not erased erases it)
            return False
        app = self.app
        storage = self.storage
        # A swap saved by its start record in the journal (_journal_swap): its game is played
        # on as any other, its whole files written in the next pause (below: `whole`).
        journaled = (storage.swapped and app.game is storage.game
                     and app.restored == storage.restored and len(app.endings) <= 1)
        if (app.endings or app.restored is not None or app.game is not storage.game) and not journaled:
            # A swap: written at once (issue 58: written in the next pause, a game started in
            # a run of presses reached the flash 12 s later, and two swaps meanwhile deleted
            # kept games). This pass comes right after the picture of the held OK that made it,
            # with the key still down: the write is under the hold, not in a tap. (After a
            # failure, as any save, it waits for its retry.)
            if not (waited >= self._wait or self._wait == self.INTERVAL_MS):
                return False
            if self._journal_swap(app, storage):
                return True
            self.flush(now, quiet)
            return True
        quick = getattr(self.storage.flash, "QUICK", False)
        due = self.QUICK_INTERVAL_MS if quick and self._wait == self.INTERVAL_MS else self._wait
        if waited >= due:
            # Not while a button is down, nor in the middle of a run of presses: a flash write
            # takes up to 80 ms (littlefs may erase a sector, 400 ms at the chip's worst), and
            # the next press must be answered at once, not after it. So a commit waits for
            # SETTLE_MS without a press, unless the presses go on for BUSY_MAX_MS (then a few
            # seconds of them would be at risk). Even then it waits for the keys to be up, so
            # that it comes just after a tap's update, not between its press and its release
            # (which it would hold back: make bench, the rhythm sweep); a key held for long (a
            # repeat) holds it back no more than HOLD_OFF_MS. (A commit every second whatever
            # the presses was tried in issue 58: at the flash's worst times the sweep's
            # 13-round game at 530 ms then had 20 taps of 169 answered after the next one.)
            # With a journal that never erases (an FRAM, or the firmware image's journal in flash
            # erased ahead in pauses) a commit is a page program or two: made every 0.7 s,
            # whatever the presses, after a tap's release (issue 58: at most the last second's
            # play unsaved).
            last = self.app.last_input
            if (last != self._booted and waited < self._wait + self.BUSY_MAX_MS
                    and clock.ticks_diff(now, last) < self.SETTLE_MS and not quick):
                return False
            if self.app.pad.held() and waited < due + (
                    self.QUICK_HOLD_OFF_MS if quick else self.BUSY_MAX_MS + self.HOLD_OFF_MS):
                return False
            if (quiet and self._job is None and not self.held
                    and (app.endings or storage.wants_snapshot(app.game))):
                self._begin(now)     # whole files, in a pause: a step at each pass
                return False
            self.flush(now, quiet, whole=quiet)
            return True
        return False

    # ---- whole files in a pause, a step at a time -----------------------------------------
    #
    # A pause's long writes (a swap's whole files: the replaced game's copy in the archive,
    # the new game's snapshot; compacting a long journal) take a Pico up to 200 ms at the
    # flash's worst. Made at once, a key pressed as they began waited for all of it (issue 58:
    # "no tap waits for the flash more than 100 ms"; make bench, "Taps in littlefs's writes,
    # worst": 122 ms after a 2,000-action game). So they are a generator of short steps (a
    # piece of a file, a rename: firmware.saving.storage.write_steps), one at each pass of the
    # main loop, and a key is answered between two. The replaced games' copies go on across
    # the keys and the journal records they bring (they are other files); a snapshot read
    # before a move would miss it, so when the game moves on it is given up (its temporary
    # file removed) and made again in the next pause. Anything else that writes the files
    # (flush) finishes the steps first.

    def _begin(self, now):
        """Start writing the whole files a pause is for (_steps)."""
        self._last = now
        self._job = self._steps()
        self._job_from = None

    def _steps(self):
        """The replaced games into the archive, then the game's snapshot (which empties the
        journal); then a game brought back leaves the archive."""
        app = self.app
        storage = self.storage
        yield from app.keep_endings_steps()
        changes = app.changes
        self._job_from = (changes, storage.seq)
        yield from storage.snapshot_steps(app.game)
        self._job_from = None
        self._changes = changes     # (the game is saved as it was read)
        yield
        app.after_commit()          # a game back from the archive: its copy there goes now
        self._wait = self.INTERVAL_MS

    def _step(self, now):
        """One step of the pause's writes; True at the last."""
        job = self._job
        if job is None:
            return False
        try:
            next(job)
            return False
        except StopIteration:
            self._job = self._job_from = None
            if self.app.settings_version == self._settings:
                self.failed = None
            return True
        except Exception as error:      # flash full or failing, or out of memory: play on
            self._job = self._job_from = None
            self._last = now            # (the next try after the wait a failure sets)
            self._say(self._failure(error))
            return True

    def _stale(self):
        """Whether the snapshot being written was read before the game's last change or
        commit."""
        return self._job_from is not None and self._job_from != (self.app.changes,
                                                                 self.storage.seq)

    def _give_up(self):
        """Stop the pause's writes where they are (firmware.saving.storage.write_steps
        removes a temporary file); the next pause begins them again."""
        job = self._job
        self._job = self._job_from = None
        if job is None:
            return
        try:
            job.close()
        except Exception:
            pass                     # (a temporary file left: the next write replaces it)

    def _finish(self):
        """Before any other write: the pause's writes made to their end at once (a snapshot
        the game has moved on from, given up)."""
        if self._job is None:
            return
        if self._stale():
            self._give_up()
            return
        job = self._job
        self._job = None
        try:
            finish(job)
        finally:
            self._job_from = None

    def _journal_swap(self, app, storage):
        """A new game or a game brought back replacing the one on the flash, saved at once by
        its start record in a journal that never erases (Storage.journal_swap): the whole files
        of a swap took the next taps up to 400 ms at the flash's worst (issue 58: 100 ms at
        most). Not for an import (its history is on no flash yet), nor at power-up (nothing on
        the flash to keep yet). Returns True when it saved the swap so."""
        game = app.game
        restored = app.restored
        if (not getattr(storage.flash, "QUICK", False) or storage.game is None or self.held
                or storage.swapped or storage.journal_suspect
                or restored is None and (game.count or game.redo_stack)
                or restored is not None and app.back is not game
                or len(app.endings) > 1
                or app.endings and app.endings[0] is not storage.game):
            return False
        self._last = self.clock.ticks_ms()
        try:
            if app.endings:
                storage.commit(app.endings[0], compact=False)    # its last moves first
            storage.journal_swap(game, restored)
        except Exception:
            return False             # (the whole files then, as any swap: Saver.flush)
        self._changes = app.changes
        return True

    def flush(self, now=None, compact=True, whole=True):
        """Commit now, whatever the time (before a restart). Returns True if everything is
        saved. `compact`: whether a long journal may be compacted now (Storage.commit);
        `whole`: whether a swap saved in the journal gets its whole files now (the replaced
        game into the archive, the new one's snapshot), else only the moves since."""
        app = self.app
        self._last = self.clock.ticks_ms() if now is None else now
        if self.held:
            return False
        problem = None
        changes = app.changes
        storage = self.storage
        version = app.settings_version
        try:
            if not whole and storage.swapped and storage.wants_snapshot(app.game, compact, False):
                whole = True        # (a snapshot after all: the replaced game is kept first)
            if whole or not storage.swapped or version != self._settings:
                self._finish()      # (the pause's writes first: one file written at a time)
            if whole or not storage.swapped:
                app.keep_endings()  # a replaced game into the archive first: never lost between
            storage.commit(app.game, compact, whole)
            if not storage.swapped:
                app.after_commit()  # a game back from the archive: its copy there goes now
                # (not while the swap is in the journal: the copy is the game's start there)
            self._changes = changes
            self._wait = self.INTERVAL_MS
        except Exception as error:       # flash full or failing, or out of memory: play on
            problem = self._failure(error)
        now = self._last
        if version != self._settings and (not self._settings_wait or self.clock.ticks_diff(
                now, self._settings_tried) >= self._settings_wait):
            # (retried less and less often when it fails: a failing chip is not written to
            # every second for ever. The last try's tick is read only while a retry is due,
            # and then it is at most a minute old: a try that worked a week ago, read across
            # the tick counter's half-range, kept a setting changed after it from being saved)
            self._settings_tried = now
            try:
                self.storage.save_settings(app.settings)
                self._settings = version
                self._settings_wait = 0
            except Exception as error:
                problem = problem or "Settings not saved (%s)" % describe_error(error, None)
                self._settings_wait = min(max(self._settings_wait * 2, self.INTERVAL_MS * 2),
                                          self.RETRY_MAX_MS)
        elif version != self._settings:
            problem = problem or self.failed        # still not saved: still said as failed
        if problem is None:
            self.failed = None
            return True
        self._say(problem)
        return False

    def _failure(self, error):
        """A failed save of the game: what the player is told; the next try waits longer, and
        the details go to error.log (once for each new failure)."""
        problem = "Save failed (%s)" % describe_error(error, self.storage.flash)
        self._wait = min(self._wait * 2, self.RETRY_MAX_MS)
        if problem != self.failed:
            log_error(self.storage.flash, error)
        return problem

    def _say(self, problem):
        """A save's failure, said once, not at every retry."""
        if problem != self.failed:
            self.app.say(problem, error=True)
        self.failed = problem


def log_error(flash, error):
    """A failed save's details into error.log (firmware.saving.errors), if even that can be
    written: the glass says the save failed, the log says why."""
    try:
        log(flash, error)
    except Exception:
        pass


def describe_error(error, flash):
    """A few words on a save error for the player (firmware.saving.errors has them)."""
    try:
        return describe(error, flash)
    except Exception:               # (an error while describing one: its name at least)
        return type(error).__name__
