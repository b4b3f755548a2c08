"""Save a whole game as compact JSON and load it back, checking everything on the way in.

    {"netclick": 1, "start": [...], "state": [...], "history": "<base64>", "redo": "<base64>"}

`start` and `state` are `GameState.pack()` lists; `history` and `redo` are the byte records of
`engine_lite.actions`. Loading replays the history from `start` and insists that it arrives at
`state`, so a file that is readable but wrong is caught, not played on.
"""

import json
import binascii

from engine_lite.state import GameState, FIRST_REMOTE, MAX_REMOTES, MAX_COUNT, MAX_MODIFIER
from engine_lite.game import Game
from engine_lite.rules import Refused
from engine_lite import actions

VERSION = 1


class SnapshotError(ValueError):
    """A snapshot that cannot be loaded; the message says what is wrong with it."""


_C = (0, MAX_COUNT)
_TRACKED = (-1, MAX_COUNT)
_MOD = (-MAX_MODIFIER, MAX_MODIFIER)
# Allowed range of every packed field, in GameState.pack() order, with its name for messages.
_FIELDS = (
    ("turn", 1, 9999), ("active", 0, 1), ("phase", 0, 1), ("winner", -1, 1),
    ("win_reason", 0, 3), ("agenda_target", 1, 99), ("run_server", -1, FIRST_REMOTE + MAX_REMOTES - 1),
    ("run_bp_credits",) + _C, ("trace_strength", 0, 2 * MAX_COUNT + 99),
    ("trace_link", 0, 2 * MAX_COUNT), ("trace_success", -1, 1),
    ("corp.credits",) + _C, ("corp.clicks",) + _C, ("corp.clicks_per_turn",) + _C,
    ("corp.agenda_points",) + _C, ("corp.hand_size_mod",) + _MOD, ("corp.bad_publicity",) + _C,
    ("corp.rnd",) + _TRACKED,
    ("runner.credits",) + _C, ("runner.clicks",) + _C, ("runner.clicks_per_turn",) + _C,
    ("runner.agenda_points",) + _C, ("runner.hand_size_mod",) + _MOD, ("runner.tags",) + _C,
    ("runner.brain_damage",) + _C, ("runner.link",) + _C, ("runner.mu",) + _C,
    ("runner.grip",) + _TRACKED,
)


def _b64(data):
    return binascii.b2a_base64(bytes(data)).decode().strip()


def dumps(game):
    """The game as one line of JSON."""
    redo = bytearray()
    for act in game.redo_stack:
        actions.encode(act, redo)
    return json.dumps({
        "netclick": VERSION,
        "start": list(game.start.pack()),
        "state": list(game.state.pack()),
        "history": _b64(game.history),
        "redo": _b64(redo),
    })


def _state(data, key):
    values = data.get(key)
    if not isinstance(values, list) or len(values) != len(_FIELDS):
        raise SnapshotError("'%s' must be a list of %d numbers" % (key, len(_FIELDS)))
    for i in range(len(_FIELDS)):
        name, low, high = _FIELDS[i]
        value = values[i]
        if not isinstance(value, int) or isinstance(value, bool):
            raise SnapshotError("%s %s is not a whole number" % (key, name))
        if value < low or value > high:
            raise SnapshotError("%s %s = %d is out of range %d..%d" % (key, name, value, low, high))
    state = GameState.unpack(values)
    if (state.winner == -1) != (state.win_reason == 0):
        raise SnapshotError("%s: winner and win reason disagree" % key)
    return state


def _records(data, key):
    text = data.get(key)
    if not isinstance(text, str):
        raise SnapshotError("'%s' must be a base64 string" % key)
    try:
        raw = binascii.a2b_base64(text.encode())
    except Exception as error:  # ValueError in C binascii, bare Exception in micropython-lib's
        raise SnapshotError("'%s' is not base64 (%s)" % (key, error))
    found = []
    offset = 0
    while offset < len(raw):
        try:
            act, offset = actions.decode(raw, offset)
        except ValueError as error:
            raise SnapshotError("%s: %s" % (key, error))
        found.append(act)
    return found


def loads(text):
    """Rebuild a Game from `dumps` output. Raises SnapshotError saying what is wrong."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:
        raise SnapshotError("not JSON (%s)" % error)
    if not isinstance(data, dict):
        raise SnapshotError("not a Netclick snapshot")
    version = data.get("netclick")
    if version != VERSION:
        raise SnapshotError("unknown snapshot version %r (this build reads %d)" % (version, VERSION))
    start = _state(data, "start")
    saved = _state(data, "state")
    game = Game(start)
    number = 0
    for act in _records(data, "history"):
        number += 1
        try:
            game.replay(act)
        except Refused as error:
            raise SnapshotError("history action %d (%s) refused: %s"
                                % (number, actions.format_action(act), error))
    if game.state != saved:
        raise SnapshotError("the history does not lead to the saved state")
    game.redo_stack = _records(data, "redo")
    game.last_note = None
    return game
