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
never deleted, and the player is told.
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


def _read_varint(data, i):
    value = 0
    shift = 0
    while True:
        if i >= len(data) or shift > 28:
            raise ValueError("cut short")
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


class Storage:
    """Reads and writes the saved game through a Flash (firmware.hw.Flash or a simulated one)."""

    JOURNAL_LIMIT = 2048   # journal bytes before it is compacted into a snapshot

    def __init__(self, flash):
        self.flash = flash
        self.seq = 0              # sequence number of the last commit
        self._game = None         # the Game the files describe
        self._count = 0           # its history length at the last commit
        self._redo = b""
        self.journal_size = 0
        self.commits = 0          # figures for benchmarks
        self.bytes_written = 0

    # ---- writing ----------------------------------------------------------------------------

    def commit(self, game):
        """Save what changed since the last commit; returns the bytes written (0: nothing)."""
        if game is not self._game or self.journal_size >= self.JOURNAL_LIMIT:
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
        self._game = game
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

    # ---- reading ----------------------------------------------------------------------------

    def load_settings(self, settings):
        """Read the saved settings into `settings`; a bad file is kept aside. Returns a notice or
        None."""
        data = self.flash.read(SETTINGS)
        if data is None:
            return None
        try:
            values = json.loads(data)
            if not isinstance(values, dict):
                raise ValueError("not an object")
        except ValueError:
            return "Settings damaged: kept as %s" % self._keep_aside(SETTINGS)
        settings.update(values)
        return None

    def load(self):
        """Boot: the saved game (or None for a new one) and a notice for the player.

        Afterwards the game is compacted into a fresh snapshot, so the journal starts empty.
        """
        notices = []
        best = None
        for name in (SNAPSHOT, TEMPORARY, PREVIOUS):
            data = self.flash.read(name)
            if data is None:
                continue
            try:
                seq, game = self._parse_snapshot(data)
            except ValueError:
                aside = self._keep_aside(name)
                if name != TEMPORARY:   # a half-written temporary file is no news
                    notices.append("Save damaged, kept as %s." % aside)
                continue
            if best is None or seq > best[0]:
                best = (seq, game)
        if best is None:
            if notices:
                notices.append("New game.")
            return None, " ".join(notices) or None
        self.seq, game = best
        lost = self._replay_journal(game)
        if lost:
            notices.append(lost)
        self.write_snapshot(game)
        if notices and not lost:
            notices.append("Previous save:")
        notices.append("Resumed - turn %d" % game.state.turn)
        return game, " ".join(notices)

    def _parse_snapshot(self, data):
        """(seq, Game) from a snapshot file's bytes; ValueError if anything is wrong."""
        if not data.startswith(HEADER):
            raise ValueError("no header")
        end = data.find(b"\n")
        if end < 0:
            raise ValueError("no header line")
        fields = data[len(HEADER):end].split()
        if len(fields) != 2 or not fields[0].isdigit() or not fields[1].isdigit():
            raise ValueError("bad header")
        text = data[end + 1:]
        if checksum(text) != int(fields[1]):
            raise ValueError("checksum")
        from engine_lite import snapshot
        try:
            game = snapshot.loads(text)     # SnapshotError is a ValueError
        finally:
            forget("engine_lite.snapshot")
        return int(fields[0]), game

    def _replay_journal(self, game):
        """Apply the journal's records that follow the snapshot. Returns a notice if part of the
        journal had to be set aside, else None. A record cut short at the very end is what a
        power cut during an append leaves: it is dropped without a word."""
        data = self.flash.read(JOURNAL)
        if not data:
            return None
        i = 0
        while i < len(data):
            try:
                if data[i] != RECORD:
                    raise ValueError("no record")
                length, start = _read_varint(data, i + 1)
            except ValueError:
                if i + 1 + 4 >= len(data):
                    return None                           # torn at the end
                break
            end = start + length
            if end + 4 > len(data):
                return None                               # torn at the end
            payload = data[start:end]
            try:
                if checksum(payload) != int.from_bytes(data[end:end + 4], "little"):
                    raise ValueError("checksum")
                seq, j = _read_varint(payload, 0)
                if seq > self.seq:                        # older ones are in the snapshot
                    if seq != self.seq + 1:
                        raise ValueError("out of sequence")
                    self._apply_record(game, payload, j)
                    self.seq = seq
            except ValueError:
                break
            i = end + 4
        if i < len(data):
            return "Journal damaged, kept as %s." % self._keep_aside(JOURNAL)
        return None

    def _apply_record(self, game, payload, j):
        base, j = _read_varint(payload, j)
        size, j = _read_varint(payload, j)
        if base > game.count or j + size > len(payload):
            raise ValueError("bad record")
        game.truncate(base)
        new = payload[j:j + size]
        offset = 0
        try:
            while offset < len(new):
                act, offset = actions.decode(new, offset)
                game.replay(act)
            redo = []
            offset = j + size
            while offset < len(payload):
                act, offset = actions.decode(payload, offset)
                redo.append(act)
        except Exception:   # Refused, or bytes that are not actions
            raise ValueError("record does not apply")
        game.redo_stack = redo

    def _keep_aside(self, name):
        """Rename a file that failed its checks to a free name; returns that name."""
        n = 1
        while self.flash.exists("%s.bad%d" % (name, n)):
            n += 1
        aside = "%s.bad%d" % (name, n)
        self.flash.rename(name, aside)
        return aside


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
        return (app.changes != self._changes or app.game is not self.storage._game
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
