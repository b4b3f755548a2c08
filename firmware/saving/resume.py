"""Reading the saved game back at power-up: the newest valid snapshot, the journal records that
follow it, and damaged files set aside (renamed, never deleted) with a notice for the player.

firmware.main uses it while the tracker starts; the archive and the import read snapshots with
it too. The file formats are described in firmware.saving.storage.
"""

import gc
import json

from engine_lite.base import Refused
from firmware.saving.storage import (
    Storage, SNAPSHOT, PREVIOUS, TEMPORARY, JOURNAL, SETTINGS, RECORD, START, KEPT, checksum,
)
from firmware.saving.header import unframe
from firmware.saving.errors import describe, log_error
from engine_lite.game import Game, words
from engine_lite import snapshot


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


def boot(flash, settings):
    """Everything the tracker needs from the flash at power-up:
    (storage, game or None, notices, why saving is held or None).

    Never raises because of the files. Reading is tried twice (memory is collected in between:
    a MemoryError can pass). If it still fails (an unreadable flash, a damaged file that cannot
    be renamed aside), the tracker starts a new game in memory with saving held, so that the
    files stay untouched for a later boot, and the player is told why. The first commit after
    a successful boot compacts the game into a fresh snapshot.
    """
    failure = None
    kept = []          # files set aside by any attempt: a retry must not hide them
    for attempt in (1, 2):
        storage = Storage(flash)
        storage.kept = kept
        try:
            notices = [load_settings(storage, settings)]
            game, notice = load(storage, settings)
            notices.append(notice)
            # What an attempt that failed (a MemoryError, say) set aside before it failed: the
            # retry no longer finds it, so it is said here (a journal's actions, in its .bad file).
            told = " ".join(n for n in notices if n)
            notices[:0] = ["Kept aside: " + k for k in kept if k.split(" ")[0] not in told]
            return storage, game, notices, None
        except Exception as error:
            failure = error
            gc.collect()
    log_error(flash, failure)
    held = "saved game unreadable (%s)" % describe(failure, flash)
    # Two lines of a toast: what matters first (the files are untouched; details in error.log).
    return Storage(flash), None, ["SAVING OFF: save unreadable"], held


READ_TRIES = 3    # a read error can pass (a marginal flash chip): try again before giving up
SETTINGS_LIMIT = 4096   # a settings file is some 200 bytes


def read(flash, name, limit=None):
    """A file's bytes, or None if it is not there; OSError if it is there but stays unreadable
    after READ_TRIES tries, or is longer than `limit` (EFBIG: not read, so that a file too big
    for the heap is set aside, not a MemoryError at every power-up: issue 58)."""
    if limit is not None:
        size = flash.size(name)
        if size is not None and size > limit:
            raise OSError(27, "%d bytes (at most %d)" % (size, limit))     # (no retry: EFBIG)
    tries = READ_TRIES
    while True:
        try:
            return flash.read(name)
        except OSError:
            tries -= 1
            if tries <= 0:
                raise


def _why(error):
    """"damaged" for a file too big to be one of ours (EFBIG, see read), else "unreadable"."""
    return "damaged" if error.args[0] == 27 else "unreadable"


def load_settings(storage, settings):
    """Read the saved settings into `settings`; a bad file is kept aside. Returns a notice or
    None."""
    try:
        data = read(storage.flash, SETTINGS, SETTINGS_LIMIT)
    except OSError as error:
        return "Settings %s: %s" % (_why(error), keep_aside(storage, SETTINGS))
    if data is None:
        return None
    try:
        values = json.loads(data)
        if not isinstance(values, dict):
            raise ValueError("not an object")
    except Exception:    # ValueError, or RecursionError/MemoryError from a hostile file
        values = None
    if values is None:
        return "Settings damaged: " + keep_aside(storage, SETTINGS)
    take_settings(settings, values)
    return None


def take_settings(settings, data):
    """Take the valid entries of a dict into Settings (here, not in Settings: only a boot reads
    them); returns the names that were ignored as invalid."""
    ignored = []
    for name, (low, high) in settings.RANGES.items():
        if name not in data:
            continue
        value = data[name]
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            setattr(settings, name, value)
        else:
            ignored.append(name)
    if settings.clock_s > settings.round_s:
        # time left longer than the round: a damaged file (not a 1-minute round with 598
        # minutes to go); the round's full length is what the timer can honestly say
        settings.clock_s = settings.round_s
        ignored.append("clock_s")
    return ignored


def load(storage, settings):
    """Boot: the saved game (or None for a new one) and a notice for the player.

    Only reads and renames: the caller's first commit compacts the game into a fresh snapshot.
    `settings` give the start of a new game, should only the journal have survived.
    """
    notices = []
    best = None
    flash = storage.flash
    for name in (SNAPSHOT, TEMPORARY, PREVIOUS):
        try:
            data = read(flash, name, SNAPSHOT_LIMIT)
        except OSError as error:
            notices.append("Save %s: %s" % (_why(error), keep_aside(storage, name)))
            continue
        if data is None:
            continue
        try:
            seq, game = parse_snapshot(data)
            file_sum = unframe(data)[1]
        except (ValueError, TypeError, KeyError, IndexError):   # the file fails its checks
            data = None
            aside = keep_aside(storage, name)
            if name != TEMPORARY:   # a half-written temporary file is no news
                notices.append("Save damaged: " + aside)
            continue
        data = None
        if best is None or seq > best[0]:
            best = (seq, game, name, file_sum)
    if best is None:
        return _journal_alone(storage, settings, notices)
    storage.seq, game, storage.source, file_sum = best
    best = None
    if storage.source == TEMPORARY:
        # A power cut between writing the newest snapshot and renaming it: finish the rename
        # now. The boot's compaction writes game.tmp again, and must not be writing over the
        # only copy of the newest game while another cut may come.
        if flash.exists(SNAPSHOT):
            flash.rename(SNAPSHOT, PREVIOUS)
        flash.rename(TEMPORARY, SNAPSHOT)
        storage.source = SNAPSHOT
    resumed_game = game
    lost, game = _replay_journal(storage, game)
    if game is resumed_game and storage.source == SNAPSHOT and storage.restored is None:
        storage.snapshot_sum = file_sum      # (the game in play goes on from game.json's)
    resumed_game = None
    if lost:
        notices.append(lost)
    if notices and not lost:
        notices.append("Previous save:")
    notices.append(resumed(game))
    return game, " ".join(notices)


def resumed(game):
    """"Resumed - Turn 7, last: Runner ran on HQ": where the game is, and its last action in
    words, so the table can check it is the game they were playing."""
    text = "Resumed - " + game.rules.label(game.state)[0]       # "Turn 7", "Infiltration"
    if game.count:
        text += ", last: " + words(game.rules).phrase(game.action_at(game.count - 1))
    return text


def _journal_alone(storage, settings, notices):
    """No snapshot survived. The journal may still hold the game: its start record says which
    game it is and where it stood at the snapshot the journal follows, and its records hold
    every action since. The game is rebuilt from there (undo reaches back to that point). It is
    kept aside in any case (the new game's first snapshot would otherwise delete it)."""
    unreadable = False
    try:
        data = read(storage.flash, JOURNAL)
    except OSError:
        data = None
        unreadable = True      # kept aside below, but nothing can be rebuilt from it
    if not data and not unreadable:
        if notices:
            notices.append("New game.")
        return None, " ".join(notices) or None
    game = None
    start = _start_record(data) if data else None
    if start is not None:
        game, storage.seq, count = start
        game = _replay_journal(storage, game, keep=False, base=count)[1]
    aside = keep_aside(storage, JOURNAL)
    if game is None:
        notices.append("Journal " + aside + " New game.")
        return None, " ".join(notices)
    notices.append("Rebuilt from the journal, %s %s" % (aside, resumed(game)))
    return game, " ".join(notices)


def _start_record(data):
    """(Game at the journal's start, its sequence number, the action count it stood at) from the
    start record at the head of a journal, or None when it has none or it is damaged."""
    if data[0] != START:
        return None
    try:
        length, begin = _read_varint(data, 1)
        payload = data[begin:begin + length]
        if (len(payload) != length or
                checksum(payload) != int.from_bytes(data[begin + length:begin + length + 4], "little")):
            return None
        return _start_game(payload)[:3]
    except Exception:          # ValueError, KeyError, TypeError...: no start to rebuild from
        return None


def _start_game(payload, flash=None, seen=-1):
    """(Game, sequence number, action count, the kept game's checksum or None) from a start
    record's payload (its checksum checked); ValueError, KeyError or TypeError if it is not
    one. A record that brought a kept game back names it by its kept file's checksum ("from"):
    that game is read from the archive's file (`flash`), its action count 0 (its history is
    its own), unless its sequence number is `seen` or older (then the game is None: the files
    hold it, and its kept file may be gone)."""
    if payload.count(b"[") + payload.count(b"{") > snapshot.MAX_CONTAINERS:
        raise ValueError("too deep")
    head = json.loads(payload)
    count = head["count"]
    seq = head["seq"]
    if not isinstance(count, int) or not isinstance(seq, int) or count < 0 or seq < 0:
        raise ValueError("bad start")
    if "from" in head:
        if seq <= seen:
            return None, seq, 0, None
        game = _kept_game(flash, head["from"])
        if game.count != count or game.rules.NAME != head["game"]:
            raise ValueError("not the kept game")
        return game, seq, 0, head["from"]
    rules = snapshot.rules_of(head)
    state = snapshot.state_of(head, "state", rules)
    game = Game(state, rules)
    extras = head.get("extras")
    game.extras = extras if isinstance(extras, dict) else {}
    return game, seq, count, None


def _kept_game(flash, sum):
    """The kept game (firmware.saving.archive's files) whose file's checksum is `sum`;
    ValueError when no file that can be read holds it."""
    for name in KEPT if flash is not None else ():
        try:
            data = read(flash, name, SNAPSHOT_LIMIT)
            if data is not None and unframe(data)[1] == sum:
                return parse_snapshot(data)[1]
        except OSError:
            pass
    raise ValueError("kept game not found")


def _first_payload(data):
    length, start = _read_varint(data, 1)
    return data[start:start + length]


# Far more than any game (a 3,300-action game's snapshot is about 15 KB): a larger file is
# damaged or hostile, and decoding it would only run the Pico out of memory.
SNAPSHOT_LIMIT = 65536


def parse_snapshot(data):
    """(seq, Game) from a snapshot file's bytes; ValueError if anything is wrong."""
    seq, text = snapshot_text(data)
    # The history is checked later, between key presses (Game.check): power-up shows the
    # game at once, however long it is ("power-up to the dashboard" in make bench).
    return seq, snapshot.loads(text, lazy=True)     # SnapshotError is a ValueError


def snapshot_text(data):
    """(seq, the snapshot's JSON) from a snapshot file's bytes, its header and checksum
    checked; ValueError if anything is wrong."""
    if len(data) > SNAPSHOT_LIMIT:
        raise ValueError("%d bytes (at most %d)" % (len(data), SNAPSHOT_LIMIT))
    seq, sum, start = unframe(data)
    text = data[start:]
    if checksum(text) != sum:
        raise ValueError("checksum")
    return seq, text


def _replay_journal(storage, game, keep=True, base=0):
    """Apply the journal's records that follow the snapshot. Returns (a notice if part of the
    journal had to be set aside, else None; the game in play). A record cut short at the very
    end is what a power cut during an append leaves: it is dropped without a word. With
    keep=False the caller keeps the journal aside itself. `base`: the action count the game
    starts from counts as 0 (a game rebuilt from the journal's start record holds no earlier
    actions). A start record in sequence is a new game that replaced this one
    (Storage.journal_swap): the game played from there is the one returned, and the one it
    replaced, if anything was done in it, goes into storage.endings (for the archive)."""
    try:
        data = read(storage.flash, JOURNAL)
    except OSError as error:
        return "Journal %s: %s" % (_why(error), keep_aside(storage, JOURNAL)), game
    if not data:
        return None, game
    records = []     # (seq, base, actions, payload, offset of its redo), checked, to apply
    seq = storage.seq
    damaged = False
    decode = game.rules.decode
    i = 0
    while i < len(data):
        try:
            if data[i] != RECORD and data[i] != START:
                raise ValueError("no record")
            length, start = _read_varint(data, i + 1)
        except ValueError:
            damaged = i + 1 + 4 < len(data)        # (else torn at the end)
            break
        end = start + length
        if end + 4 > len(data):
            break                                     # torn at the end
        payload = data[start:end]
        try:
            if checksum(payload) != int.from_bytes(data[end:end + 4], "little"):
                raise ValueError("checksum")
            if data[i] == RECORD:
                number, j = _read_varint(payload, 0)
                if number > seq:                      # older ones are in the snapshot
                    if number != seq + 1:
                        raise ValueError("out of sequence")
                    records.append(_read_record(number, payload, j, base, decode))
                    seq = number
            else:                                     # a START
                started, number, count, restored = _start_game(payload, storage.flash, seq)
                if number > seq and started is not None:    # (at the head, which game
                    if number != seq + 1 or count:    # the journal follows; past it, a new
                        raise ValueError("out of sequence")     # game, or one brought back)
                    if _apply_records(storage, game, records) < len(records):
                        raise ValueError("record does not apply")
                    if game.count or game.redo_stack:
                        storage.endings.append(game)
                    game, records, base, seq = started, [], 0, number
                    decode = game.rules.decode
                    storage.seq = number
                    storage.restored = restored
        except (ValueError, KeyError, TypeError):
            damaged = True
            break
        i = end + 4
    if _apply_records(storage, game, records) < len(records):
        damaged = True
    if damaged and keep:
        return "Journal damaged: " + keep_aside(storage, JOURNAL), game
    return None, game


def _read_record(seq, payload, j, first, decode):
    """Journal record `seq` (its payload, read from `j`, after its number) as (seq, base, its
    actions, payload, offset of its redo stack's); ValueError if its bytes are not that."""
    base, j = _read_varint(payload, j)
    size, j = _read_varint(payload, j)
    if base < first or j + size > len(payload):
        raise ValueError("bad record")
    acts = []
    offset = j
    try:
        while offset < j + size:
            act, offset = decode(payload, offset)
            acts.append(act)
        if offset != j + size:
            raise ValueError("bad record")
        while offset < len(payload):      # the redo stack's: checked now, read when applied
            offset = decode(payload, offset)[1]
    except MemoryError:
        raise                # not the file's fault: boot tries again (resume.boot)
    except Exception:        # bytes that are not actions
        raise ValueError("record does not apply")
    return seq, base - first, acts, payload, j + size


def _apply_records(storage, game, records):
    """Apply journal records in order; returns how many applied (the rest: from one the game
    cannot take on). Most records only add actions to the game: a run of such records is
    replayed as one (Game.replay: one copy of the state and one limits check for the run,
    not for each record: make bench's power-up with a journal). A run the rules refuse is
    tried again record by record, so that those before the bad one are kept."""
    done = 0
    while done < len(records):
        base = records[done][1]
        if base > game.count:
            return done
        if base < game.count:
            # (only then: truncating rebuilds the state from the last checkpoint)
            try:
                game.truncate(base)
            except Refused:
                # It reaches back into a history found damaged (Game.check): the snapshot's
                # game plays on, the journal is kept aside, and undo stops at power-up. (Let
                # out, the refusal failed every boot: SAVING OFF for ever, issue 58.)
                return done
        run = list(records[done][2])
        last = done + 1
        while last < len(records) and records[last][1] == base + len(run):
            run += records[last][2]
            last += 1
        try:
            game.replay(run)
        except Refused:         # find the record, keep those before it
            for k in range(done, last):
                try:
                    game.replay(records[k][2])
                except Refused:
                    return k
                _applied(storage, game, records[k])
            done = last
            continue
        _applied(storage, game, records[last - 1])
        done = last
    return done


def _applied(storage, game, record):
    """A record's actions are in the game: its redo stack is the game's, its number saved."""
    seq, base, acts, payload, offset = record
    redo = []
    decode = game.rules.decode
    while offset < len(payload):       # (read once already: _read_record)
        act, offset = decode(payload, offset)
        redo.append(act)
    game.redo_stack = redo
    storage.seq = seq


KEEP_ASIDE = 3    # copies kept of one file's failures: the first two, and the latest


def keep_aside(storage, name):
    """Rename a file that failed its checks (or could not be read) to NAME.bad1, .bad2... and
    return the notice for the player: where it went, and the space left.

    Nothing that may hold a game is deleted, but a failure that repeats at every boot must not
    fill the flash: a file identical to one already kept is not kept twice, and once KEEP_ASIDE
    copies exist the newest replaces the last of them.
    """
    flash = storage.flash
    try:
        size = flash.size(name)
        data = flash.read(name) if size is None or size <= SNAPSHOT_LIMIT else None
    except (OSError, MemoryError):
        data = None          # unreadable, or too big to read: cannot compare, so keep it
    for n in range(1, KEEP_ASIDE + 1):
        aside = "%s.bad%d" % (name, n)
        if not flash.exists(aside):
            break
        if data is not None and _same(flash, aside, data):
            flash.remove(name)       # its bytes are kept already, as `aside`
            return "same as %s%s" % (aside, _space(flash))
    flash.rename(name, aside)        # a free name, or the last one: the newest replaces it
    storage.kept.append("%s as %s" % (name, aside))
    return "kept as %s%s" % (aside, _space(flash))


def _same(flash, other, data):
    try:
        return flash.read(other) == data
    except OSError:
        return False


def _space(flash):
    free = flash.free()
    return "." if free is None else " (%d KB free)." % (free // 1024)
