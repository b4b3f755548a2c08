"""Reading the saved game back at power-up: the newest valid snapshot, the journal records that
follow it, and damaged files set aside (renamed, never deleted) with a notice for the player.

Only needed while the tracker starts: firmware.main loads it, uses it and lets it go, so its
code does not stay on the heap. The file formats are described in firmware.storage.
"""

import json

from engine_lite import actions
from firmware import forget
from firmware.storage import (
    SNAPSHOT, PREVIOUS, TEMPORARY, JOURNAL, SETTINGS, HEADER, RECORD, checksum,
)


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


def load_settings(storage, settings):
    """Read the saved settings into `settings`; a bad file is kept aside. Returns a notice or
    None."""
    data = storage.flash.read(SETTINGS)
    if data is None:
        return None
    try:
        values = json.loads(data)
        if not isinstance(values, dict):
            raise ValueError("not an object")
    except ValueError:
        return "Settings damaged: kept as %s" % _keep_aside(storage, SETTINGS)
    settings.update(values)
    return None


def load(storage):
    """Boot: the saved game (or None for a new one) and a notice for the player.

    Afterwards the game is compacted into a fresh snapshot, so the journal starts empty.
    """
    notices = []
    best = None
    for name in (SNAPSHOT, TEMPORARY, PREVIOUS):
        data = storage.flash.read(name)
        if data is None:
            continue
        try:
            seq, game = parse_snapshot(data)
        except ValueError:
            aside = _keep_aside(storage, name)
            if name != TEMPORARY:   # a half-written temporary file is no news
                notices.append("Save damaged, kept as %s." % aside)
            continue
        if best is None or seq > best[0]:
            best = (seq, game)
    if best is None:
        if notices:
            notices.append("New game.")
        return None, " ".join(notices) or None
    storage.seq, game = best
    lost = _replay_journal(storage, game)
    if lost:
        notices.append(lost)
    storage.write_snapshot(game)
    if notices and not lost:
        notices.append("Previous save:")
    notices.append("Resumed - turn %d" % game.state.turn)
    return game, " ".join(notices)


def parse_snapshot(data):
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


def _replay_journal(storage, game):
    """Apply the journal's records that follow the snapshot. Returns a notice if part of the
    journal had to be set aside, else None. A record cut short at the very end is what a
    power cut during an append leaves: it is dropped without a word."""
    data = storage.flash.read(JOURNAL)
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
            if seq > storage.seq:                        # older ones are in the snapshot
                if seq != storage.seq + 1:
                    raise ValueError("out of sequence")
                _apply_record(game, payload, j)
                storage.seq = seq
        except ValueError:
            break
        i = end + 4
    if i < len(data):
        return "Journal damaged, kept as %s." % _keep_aside(storage, JOURNAL)
    return None


def _apply_record(game, payload, j):
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


def _keep_aside(storage, name):
    """Rename a file that failed its checks to a free name; returns that name."""
    n = 1
    while storage.flash.exists("%s.bad%d" % (name, n)):
        n += 1
    aside = "%s.bad%d" % (name, n)
    storage.flash.rename(name, aside)
    return aside
