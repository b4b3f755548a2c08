"""Saving the game so that no power cut, crash or bad file loses it.

Files (in the Flash folder):
    game.json    the latest snapshot: a header line, then engine_lite.snapshot JSON
    game.bak     the snapshot before it (the previous generation)
    game.tmp     a snapshot being written (renamed to game.json once complete)
    game.jnl     the journal: one small record per commit since the snapshot
    settings.json

A commit appends one journal record: where the history stands (actions kept since the last
commit, so undo is saved too), the new actions' bytes, and the redo list. It is about a dozen
bytes. When the journal passes JOURNAL_LIMIT, and at every boot, the game is compacted into a new
snapshot: written to game.tmp, then game.json becomes game.bak and game.tmp becomes game.json.

Every snapshot and record carries a sequence number and a checksum. Booting takes the newest
valid snapshot of the three, then the journal records that follow it one by one, and stops at the
first record that is torn or out of sequence: whatever a power cut interrupted, the game comes
back as it was after some commit. A file that fails its checks is renamed aside (.bad1, .bad2...),
never deleted, and the player is told. Reading the files back is firmware.resume, which is only
loaded while the tracker starts.
"""

import json

from engine_lite import actions
from firmware import forget

SNAPSHOT = "game.json"
PREVIOUS = "game.bak"
TEMPORARY = "game.tmp"
JOURNAL = "game.jnl"
SETTINGS = "settings.json"
HEADER = b"NETCLICK-SAVE 1 "
RECORD = 0xA5          # first byte of every journal record


def checksum(data):
    """Adler-32 of bytes (pure Python, the same on every MicroPython build)."""
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


class Storage:
    """Reads and writes the saved game through a Flash (firmware.hw.Flash or a simulated one)."""

    JOURNAL_LIMIT = 2048   # journal bytes before it is compacted into a snapshot

    def __init__(self, flash):
        self.flash = flash
        self.seq = 0              # sequence number of the last commit
        self.game = None          # the Game the files describe
        self._count = 0           # its history length at the last commit
        self._redo = b""
        self.journal_size = 0
        self.commits = 0          # figures for benchmarks
        self.bytes_written = 0

    # ---- writing ----------------------------------------------------------------------------

    def commit(self, game):
        """Save what changed since the last commit; returns the bytes written (0: nothing)."""
        if game is not self.game or self.journal_size >= self.JOURNAL_LIMIT:
            return self.write_snapshot(game)
        base = min(self._count, game.low_water)
        new = game.history[game.offset_of(base):]
        redo = self._encoded_redo(game)
        if base == self._count == game.count and redo == self._redo:
            return 0
        payload = bytearray()
        _varint(payload, self.seq + 1)
        _varint(payload, base)
        _varint(payload, len(new))
        payload += new
        payload += redo
        record = bytearray((RECORD,))
        _varint(record, len(payload))
        record += payload
        record += checksum(payload).to_bytes(4, "little")
        self.flash.append(JOURNAL, record)
        self.seq += 1
        self._count = game.count
        self._redo = redo
        game.mark_saved()
        self.journal_size += len(record)
        self.commits += 1
        self.bytes_written += len(record)
        return len(record)

    @staticmethod
    def _encoded_redo(game):
        redo = bytearray()
        for act in game.redo_stack:
            actions.encode(act, redo)
        return bytes(redo)

    def write_snapshot(self, game):
        """Save the whole game as a new snapshot, keeping the previous one; empties the journal."""
        from engine_lite import snapshot
        text = snapshot.dumps(game).encode()
        forget("engine_lite.snapshot")
        seq = self.seq + 1
        data = HEADER + b"%d %d\n" % (seq, checksum(text)) + text
        flash = self.flash
        flash.write(TEMPORARY, data)
        if flash.exists(SNAPSHOT):
            flash.rename(SNAPSHOT, PREVIOUS)
        flash.rename(TEMPORARY, SNAPSHOT)
        flash.remove(JOURNAL)    # its records are all older than seq: never replayed again
        self.seq = seq
        self.game = game
        self._count = game.count
        self._redo = self._encoded_redo(game)
        game.mark_saved()
        self.journal_size = 0
        self.commits += 1
        self.bytes_written += len(data)
        return len(data)

    def save_settings(self, settings):
        """Write the settings (rarely: only when one changes)."""
        data = json.dumps(settings.to_dict()).encode()
        self.flash.write(SETTINGS + ".tmp", data)
        self.flash.rename(SETTINGS + ".tmp", SETTINGS)
        self.bytes_written += len(data)

class Saver:
    """Decides when to commit: only after a change, at most once a second while the player
    presses, and within about a second of the last press."""

    INTERVAL_MS = 1000

    def __init__(self, app, storage, clock):
        self.app = app
        self.storage = storage
        self.clock = clock
        self._changes = app.changes
        self._settings = app.settings_version
        self._last = clock.ticks_add(clock.ticks_ms(), -self.INTERVAL_MS)
        self.failed = False

    def pending(self):
        """Whether something is not saved yet."""
        app = self.app
        return (app.changes != self._changes or app.game is not self.storage.game
                or app.settings_version != self._settings)

    def tick(self, now):
        """Commit if something changed and the last commit is a second old."""
        if self.pending() and self.clock.ticks_diff(now, self._last) >= self.INTERVAL_MS:
            self.flush(now)

    def flush(self, now=None):
        """Commit now, whatever the time (before a restart)."""
        app = self.app
        self._last = self.clock.ticks_ms() if now is None else now
        try:
            if app.settings_version != self._settings:
                self.storage.save_settings(app.settings)
                self._settings = app.settings_version
            self.storage.commit(app.game)
            self._changes = app.changes
            self.failed = False
        except OSError as error:   # flash full or failing: say so once, keep playing
            if not self.failed:
                app.say("Save failed (%s)" % error, error=True)
            self.failed = True
