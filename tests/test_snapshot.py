"""Snapshots: compact, versioned, and strict about what they load."""

import json

import pytest

from engine_lite.game import Game
from engine_lite import snapshot
from engine_lite.snapshot import SnapshotError


def sample_game():
    game = Game()
    for line in ["corp gain-credit", "corp install 2", "corp end-turn", "runner run hq",
                 "runner steal 2", "run success", "runner tags +1", "undo"]:
        game.do_line(line)
    return game


def test_round_trip_keeps_state_history_and_redo():
    game = sample_game()
    loaded = snapshot.loads(snapshot.dumps(game))
    assert loaded == game
    assert loaded.redo() == game.redo()
    assert loaded.state == game.state


def mangle(**changes):
    data = json.loads(snapshot.dumps(sample_game()))
    data.update(changes)
    return json.dumps(data)


def state_with(index, value):
    data = json.loads(snapshot.dumps(sample_game()))
    data["state"][index] = value
    return json.dumps(data)


@pytest.mark.parametrize("text, message", [
    ("", "not JSON"),
    ("{\"netclick\": 1", "not JSON"),
    ("[1, 2]", "not a Netclick snapshot"),
    (mangle(netclick=2), "unknown snapshot version 2 (this build reads 1)"),
    (mangle(netclick=None), "unknown snapshot version None"),
    (mangle(state=[1, 2, 3]), "'state' must be a list of 28 numbers"),
    (state_with(11, -4), "state corp.credits = -4 is out of range 0..999"),
    (state_with(1, 7), "state active = 7 is out of range 0..1"),
    (state_with(0, "2"), "state turn is not a whole number"),
    (state_with(3, 0), "winner and win reason disagree"),
    (state_with(11, 999), "the history does not lead to the saved state"),
    (mangle(history=17), "'history' must be a base64 string"),
    (mangle(history="+/8="), "history: unknown verb"),
    (mangle(history="GA=="), "history: record cut short at byte 1"),
])
def test_bad_snapshots_raise_one_error_that_says_what_is_wrong(text, message):
    with pytest.raises(SnapshotError) as error:
        snapshot.loads(text)
    assert message in str(error.value)


def test_a_history_the_rules_refuse_is_reported_with_its_action():
    data = json.loads(snapshot.dumps(Game()))
    data["start"][1] = 1        # the Runner is active at the start...
    data["history"] = "MA=="    # ...so the history's "corp end-turn" is refused
    with pytest.raises(SnapshotError) as error:
        snapshot.loads(json.dumps(data))
    assert str(error.value) == "history action 1 (corp end-turn) refused: Not the Corp's turn"


def test_the_snapshots_base64_is_standard_and_strict():
    import base64
    import random
    from engine_lite.snapshot import _b64, _unb64
    rnd = random.Random(5)
    for size in range(0, 50):
        data = bytes(rnd.getrandbits(8) for _ in range(size))
        assert _b64(data) == base64.b64encode(data).decode()
        assert bytes(_unb64(_b64(data))) == data
    for bad in ("A", "AB=C", "!!!!", "AA==AAAA", "A===", "ab\u00e9c"):
        with pytest.raises(ValueError):
            _unb64(bad)
