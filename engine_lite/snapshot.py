"""Save a whole game as compact JSON and load it back, checking everything on the way in.

    {"netclick": 1, "start": [...], "state": [...], "history": "<base64>", "redo": "<base64>"}

`start` and `state` are `GameState.pack()` lists; `history` and `redo` are the byte records of
`engine_lite.netrunner.actions`; `count` is how many actions the history holds and `last` the byte offset
of the last one (older saves have neither); `extras` what the device keeps with the game
(Game.extras). Loading replays the history from `start` and insists
that it arrives at `state`, so a file that is readable but wrong is caught, not played on. The
tracker's power-up loads with `lazy=True` instead: the state is checked at once (its limits and
consistency), the history later, in slices (engine_lite.game.Game.adopt and check), so that the
first frame does not wait for a replay that grows with the game.
"""

import binascii
import json

from engine_lite.game import Game, rules_named, words
from engine_lite.base import Refused

VERSION = 1


class SnapshotError(ValueError):
    """A snapshot that cannot be loaded; the message says what is wrong with it."""


# Base64 by binascii. On a Pico it is in C: a 576-action history took 19 ms to encode and 30 ms
# to decode in Python, 0.6 ms in C (make bench: power-up with a saved game). The browser's
# MicroPython has micropython-lib's binascii.py instead, which takes bytes only and raises an
# Exception of its own; both are met here, and the round trip makes the decoding as strict
# everywhere.


def _b64(data):
    """Standard base64 (with = padding) of bytes, as a str."""
    return binascii.b2a_base64(data)[:-1].decode()      # (without the newline it ends with)


def _unb64(text):
    """Bytes from standard base64; ValueError for anything else. (binascii's decoders pass
    over some of what is not base64: the bytes must encode back to the very same text.)"""
    try:
        data = binascii.a2b_base64(text.encode())
    except MemoryError:
        raise                     # (not the text's fault: a save is never set aside for it)
    except Exception:             # ValueError, binascii.Error: the text is not base64
        raise ValueError("not base64")
    if _b64(data) != text:
        raise ValueError("not standard base64")
    return data


def dumps(game):
    """The game as one line of JSON."""
    return json.dumps({
        "netclick": VERSION,
        "game": game.rules.NAME,
        "start": list(game.start.pack()),
        "state": list(game.state.pack()),
        "history": _b64(game.history),
        "redo": _b64(game.redo_records()),
        "count": game.count,
        "last": game.offset_of(game.count - 1) if game.count else -1,
        "extras": game.extras,
    })


def rules_of(data):
    """The rules of the saved game: Netrunner unless the snapshot says otherwise."""
    name = data.get("game", "netrunner")
    rules = rules_named(name) if isinstance(name, str) else None
    if rules is None:
        raise SnapshotError("unknown game %r" % (name,))
    return rules


def state_of(data, key, rules):
    """The state under `key` of a decoded snapshot (or journal start record), checked: every
    number within its limits, and consistent as the rules keep it (rules.check)."""
    values = data.get(key)
    name_of = rules.field_name
    count = rules.PACKED_SIZE
    if isinstance(values, list):
        values = rules.upgrade(values)      # an older save: what came since at its defaults
    if not isinstance(values, list) or len(values) != count:
        raise SnapshotError("'%s' must be a list of %d numbers" % (key, count))
    for i in range(count):
        value = values[i]
        if not isinstance(value, int) or isinstance(value, bool):
            raise SnapshotError("%s %s is not a whole number" % (key, name_of(i)))
        low, high = rules.limit(i)
        if value < low or value > high:
            raise SnapshotError("%s %s = %d is out of range %d..%d"
                                % (key, name_of(i), value, low, high))
    state = rules.unpack(values)
    problem = rules.check(state)
    if problem:
        raise SnapshotError("%s: %s" % (key, problem))
    return state


def _records(data, key, decode):
    text = data.get(key)
    if not isinstance(text, str):
        raise SnapshotError("'%s' must be a base64 string" % key)
    try:
        raw = _unb64(text)
    except ValueError as error:
        raise SnapshotError("'%s' is not base64 (%s)" % (key, error))
    found = []
    offset = 0
    while offset < len(raw):
        try:
            act, offset = decode(raw, offset)
        except ValueError as error:
            raise SnapshotError("%s: %s" % (key, error))
        found.append(act)
    return found


def _count(raw, decode):
    """(actions in a history, byte offset of the last one or None) by decoding it."""
    count = 0
    offset = 0
    last = None
    while offset < len(raw):
        last = offset
        offset = decode(raw, offset)[1]
        count += 1
    return count, last


def _ends_at(raw, last, decode):
    """Whether one action decoded at byte `last` ends exactly at the history's end: a `last`
    that points inside an action (a damaged or hostile file) is not trusted, but counted."""
    try:
        return decode(raw, last)[1] == len(raw)
    except (ValueError, IndexError):
        return False


def _lazy(data, rules, start, saved):
    """The Game of a snapshot, its history adopted unreplayed (Game.adopt)."""
    text = data.get("history")
    if not isinstance(text, str):
        raise SnapshotError("'history' must be a base64 string")
    try:
        raw = _unb64(text)
    except ValueError as error:
        raise SnapshotError("'history' is not base64 (%s)" % error)
    count = data.get("count")
    last = data.get("last")
    if (not isinstance(count, int) or isinstance(count, bool) or not isinstance(last, int)
            or isinstance(last, bool) or count < 0 or count > len(raw)
            or (count == 0) != (last == -1) or last >= len(raw)
            or count and not _ends_at(raw, last, rules.decode)):
        try:
            count, last = _count(raw, rules.decode)      # an older save: count them once
        except ValueError as error:
            raise SnapshotError("history: %s" % error)
    game = Game(start, rules)
    game.adopt(raw, count, saved, last if count else None)
    game.redo_stack = _records(data, "redo", rules.decode)
    game.last_note = None
    game.extras = _extras(data)
    return game


def _extras(data):
    """The device's own entries kept with the game (Game.extras): a dict, else none."""
    extras = data.get("extras")
    return extras if isinstance(extras, dict) else {}


# A snapshot has a few lists and dicts (start, state, extras: a match's names and results).
# More is a damaged or hostile file, refused before the parser sees it: MicroPython's json
# runs out of memory on deep nesting (10,000 deep: MemoryError on the Pico), and its json.dumps
# recurses, so a game with extras nested 300 deep could never be saved again.
MAX_CONTAINERS = 48


def _decoded(text):
    """The dict of a snapshot's JSON, its size and version checked (SnapshotError if not)."""
    if isinstance(text, str):
        opened = text.count("[") + text.count("{")
    else:
        opened = text.count(b"[") + text.count(b"{")
    if opened > MAX_CONTAINERS:
        raise SnapshotError("%d lists and objects (at most %d)" % (opened, MAX_CONTAINERS))
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RuntimeError) as error:
        # RuntimeError: JSON nested deeper than the parser's recursion allows (a hostile or
        # damaged file; RecursionError on CPython) is a file that cannot be read, nothing more
        raise SnapshotError("not JSON (%s)" % error)
    if not isinstance(data, dict):
        raise SnapshotError("not a Netclick snapshot")
    version = data.get("netclick")
    if version != VERSION:
        raise SnapshotError("unknown snapshot version %r (this build reads %d)" % (version, VERSION))
    return data


def peek(text):
    """(rules, state) of `dumps` output, the state checked as `loads` checks it, the history
    not read at all: what a menu line says of a game (Previous games lists every kept game at
    a tap; rebuilding a long one takes a Pico some 20 ms). Raises SnapshotError."""
    data = _decoded(text)
    rules = rules_of(data)
    return rules, state_of(data, "state", rules)


def loads(text, lazy=False):
    """Rebuild a Game from `dumps` output. Raises SnapshotError saying what is wrong. With
    `lazy`, the history is not replayed now but checked later (Game.check)."""
    data = _decoded(text)
    rules = rules_of(data)
    start = state_of(data, "start", rules)
    saved = state_of(data, "state", rules)
    if lazy:
        return _lazy(data, rules, start, saved)
    game = Game(start, rules)
    number = 0
    for act in _records(data, "history", rules.decode):
        number += 1
        try:
            game.replay((act,))
        except Refused as error:
            raise SnapshotError("history action %d (%s) refused: %s"
                                % (number, words(rules).phrase(act), error))
    if game.state.pack() != saved.pack():
        raise SnapshotError("the history does not lead to the saved state")
    if data.get("count", game.count) != game.count:
        raise SnapshotError("'count' says %r actions; the history holds %d"
                            % (data.get("count"), game.count))
    game.redo_stack = _records(data, "redo", rules.decode)
    game.last_note = None
    game.extras = _extras(data)
    return game
