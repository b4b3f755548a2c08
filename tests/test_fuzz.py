"""Fuzzing: whatever the input, it is applied or refused with a clear error, never an
unhandled exception."""

import json

from hypothesis import given, settings, strategies as st, HealthCheck

from simhelp import same_game
from engine_lite import logtext, snapshot
from engine_lite.logtext import do_line
from engine_lite.game import Game
from engine_lite.base import Refused
from firmware.saving.header import frame
from firmware.saving.storage import SNAPSHOT, PREVIOUS, TEMPORARY, JOURNAL, checksum
from host_tools.flash import MemoryFlash

WORDS = ["corp", "runner", "run", "trace", "set", "undo", "redo", "new-game", "gain", "pay",
         "damage", "brain", "net", "tags", "+1", "-2", "3", "999", "1000", "hq", "remote9",
         "agenda-target", "off", "#", "grip", "link", "install-ice", "end-turn", "x", ""]


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=60), st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join)))
def test_any_log_line_is_applied_or_refused_with_a_reason(line):
    game = Game()
    before = game.state.pack()
    try:
        do_line(game, line)
    except (logtext.LogError, Refused) as error:
        assert str(error) and "\n" not in str(error)
        assert game.state.pack() == before


def _snapshot_text():
    game = Game()
    for line in ("corp gain-credit", "corp end-turn", "runner run hq", "runner steal 2"):
        do_line(game, line)
    return snapshot.dumps(game)


GOOD = _snapshot_text()


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=200),
    st.integers(0, len(GOOD)).map(lambda n: GOOD[:n]),
    st.tuples(st.integers(0, len(GOOD) - 1), st.characters()).map(
        lambda t: GOOD[:t[0]] + t[1] + GOOD[t[0] + 1:]),
    st.dictionaries(st.sampled_from(["netclick", "start", "state", "history", "redo"]),
                    st.one_of(st.integers(-5, 5), st.text(max_size=8),
                              st.lists(st.integers(-3, 1000), max_size=30), st.none()))
    .map(json.dumps),
))
def test_any_snapshot_text_loads_or_raises_snapshot_error(text):
    try:
        game = snapshot.loads(text)
    except snapshot.SnapshotError as error:
        assert str(error)
        return
    assert same_game(snapshot.loads(snapshot.dumps(game)), game)


def _file(content):
    return st.one_of(st.none(), st.binary(max_size=120), st.just(content),
                     st.integers(0, len(content)).map(lambda n: content[:n]))


SAVED = frame(3, GOOD.encode(), checksum(GOOD.encode()))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_file(SAVED), _file(SAVED), _file(SAVED), st.one_of(st.none(), st.binary(max_size=80)))
def test_booting_from_any_flash_contents_never_fails(snap, previous, temporary, journal):
    from test_storage import boot
    files = {}
    for name, data in ((SNAPSHOT, snap), (PREVIOUS, previous), (TEMPORARY, temporary),
                       (JOURNAL, journal)):
        if data is not None:
            files[name] = data
    flash = MemoryFlash(files)
    device = boot(flash)
    game = device.app.game
    assert game.state.turn >= 1
    # A save the device could not read is never deleted: it is still there, renamed aside.
    from firmware.saving.resume import parse_snapshot
    kept = list(flash.files.values())
    for name in (SNAPSHOT, PREVIOUS):
        data = files.get(name)
        if data is None:
            continue
        try:
            parse_snapshot(data)
        except ValueError:
            assert data in kept, name
