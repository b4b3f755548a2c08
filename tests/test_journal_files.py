"""The save journal as a run of small files (firmware/board/hw.py, JournalFiles): each under littlefs's
inline limit, so that a commit in the middle of play seldom erases the flash (issue 37); read
back as one journal by every reader; removed, set aside and moved to an FRAM whole."""

from hypothesis import given, settings, strategies as st

from firmware.board.fram import FramJournal
from firmware.board.hw import JournalFiles
from firmware.saving.storage import JOURNAL, SNAPSHOT, PREVIOUS
from host_tools.flash import MemoryFlash, PowerCutFlash, PowerCut
from host_tools.keyscript import ManualClock
from simhelp import journal_of, set_journal, run_of, journal_files_of, saver_tick
from test_fram import Fram
from test_storage import boot, same_game, play_ops, script_ops, record_ends

SIZE = JournalFiles.SEGMENT_BYTES


def played_on(ops):
    """(flash, device, clock) after `ops` played at a steady pace, as presses: no pause for a
    compaction."""
    flash = MemoryFlash()
    clock = ManualClock()
    device = boot(flash, clock)

    def pressed(kind, k):
        if kind == "op":
            device.app.last_input = clock.now
    play_ops(device, clock, ops, pressed, pause=False)
    clock.now += 1100
    saver_tick(device, clock.now)          # committed, but not a pause long enough to compact
    assert not device.saver.pending()
    return flash, device, clock


def test_a_long_journal_is_kept_in_small_files_and_a_boot_resumes_all_of_it():
    flash, device, _clock = played_on(script_ops(300))
    files = run_of(flash)
    assert len(files) >= 3, files
    assert all(len(flash.files[name]) <= SIZE for name in files)
    assert not [name for name in flash.files if name.startswith(JOURNAL) and name not in files]
    resumed = boot(flash)
    assert same_game(resumed.app.game, device.app.game)
    assert "damaged" not in (resumed.app.toast or "")
    # The boot compacted the game into a snapshot: the whole run is gone, nothing else.
    assert run_of(flash) == [] and not [name for name in flash.files if ".bad" in name]


def test_a_pause_compacts_the_run_into_a_snapshot(monkeypatch):
    from firmware.saving.storage import Storage
    monkeypatch.setattr(Storage, "JOURNAL_LIMIT", 2 * SIZE)    # (2 KB: a longer game)
    flash, device, clock = played_on(script_ops(300))
    assert len(run_of(flash)) >= 3
    clock.now += 2000                       # a pause: the long journal becomes a snapshot
    saver_tick(device, clock.now)
    assert run_of(flash) == [] and flash.files[SNAPSHOT]
    assert same_game(boot(MemoryFlash(flash.files)).app.game, device.app.game)


def test_a_damaged_record_in_a_later_file_keeps_the_whole_journal_aside_and_the_records_before():
    flash, device, clock = played_on(script_ops(300))
    files = run_of(flash)
    whole = journal_of(flash)
    last = bytearray(flash.files[files[-1]])
    at = len(last) // 2
    last[at] ^= 0xFF
    flash.files[files[-1]] = bytes(last)
    damaged = journal_of(flash)
    # What should come back: every record before the damaged one, in whichever file
    at += len(whole) - len(last)
    good = whole[:max(end for end in [0] + record_ends(whole) if end <= at)]
    expected = MemoryFlash(flash.files)
    set_journal(expected, good)
    expected = boot(expected).app.game
    resumed = boot(flash)
    assert "Journal damaged: kept as game.jnl.bad1" in resumed.app.toast
    assert flash.files[JOURNAL + ".bad1"] == damaged          # all of it, in one file
    assert run_of(flash) == []
    assert same_game(resumed.app.game, expected)
    assert 0 < expected.count < device.app.game.count


def test_a_file_left_after_a_gap_is_never_read_as_part_of_the_journal():
    """Only something outside the tracker leaves a gap (a file deleted by hand): what follows
    the gap was never this run's, so it is not read, and it is gone before the run reaches it."""
    flash, device, clock = played_on(script_ops(8))
    assert run_of(flash) == [JOURNAL]
    stray = b"\xa5\x05not a record from this game"
    flash.files[JOURNAL + "2"] = stray
    clock = ManualClock()
    resumed = boot(flash, clock)
    assert same_game(resumed.app.game, device.app.game) and "damaged" not in resumed.app.toast

    def record(kind, k):
        assert JOURNAL + "1" not in flash.files or flash.files.get(JOURNAL + "2") != stray

    play_ops(resumed, clock, script_ops(100)[8:], record)
    assert len(run_of(flash)) >= 3
    again = boot(MemoryFlash(flash.files))
    assert same_game(again.app.game, resumed.app.game) and "damaged" not in again.app.toast


def test_setting_aside_one_file_renames_it_and_a_run_is_copied_whole_and_writing_replaces_it():
    flash = MemoryFlash({JOURNAL: b"abc"})
    JournalFiles(flash, JOURNAL).rename(JOURNAL, JOURNAL + ".bad1")
    assert flash.files == {JOURNAL + ".bad1": b"abc"}
    flash = MemoryFlash({JOURNAL: b"abc", JOURNAL + "1": b"def", JOURNAL + "2": b"g"})
    files = JournalFiles(flash, JOURNAL)
    assert files.read(JOURNAL) == b"abcdefg" and files.exists(JOURNAL)
    files.rename(JOURNAL, JOURNAL + ".bad1")
    assert flash.files == {JOURNAL + ".bad1": b"abcdefg"} and not files.exists(JOURNAL)
    flash.files.update({JOURNAL: b"abc", JOURNAL + "1": b"def"})
    files.write(JOURNAL, b"new")                       # the whole run replaced
    assert files.read(JOURNAL) == b"new" and JOURNAL + "1" not in flash.files


def test_appends_fill_each_file_to_its_size_and_a_record_is_never_split():
    flash = MemoryFlash({SNAPSHOT: b"s", PREVIOUS: b"p"})
    files = JournalFiles(flash, JOURNAL)
    records = [bytes([n]) * (7 + n % 23) for n in range(60)] + [b"B" * (SIZE + 40)]
    for record in records:
        files.append(JOURNAL, record)
    names = run_of(flash)
    assert files.read(JOURNAL) == b"".join(records)
    assert [len(flash.files[name]) <= SIZE for name in names].count(False) == 1   # the big one
    # each file holds whole records
    ends = set()
    total = 0
    for record in records:
        total += len(record)
        ends.add(total)
    total = 0
    for name in names:
        total += len(flash.files[name])
        assert total in ends, name
    # A fresh JournalFiles (a power cycle) appends where the run ends.
    JournalFiles(flash, JOURNAL).append(JOURNAL, b"end")
    assert files.read(JOURNAL) == b"".join(records) + b"end"
    files.remove(JOURNAL)
    assert sorted(flash.files) == [PREVIOUS, SNAPSHOT]


def test_a_run_of_files_in_the_flash_is_moved_onto_a_fitted_fram_whole():
    flash = MemoryFlash({JOURNAL: b"abc", JOURNAL + "1": b"def", SNAPSHOT: b"s"})
    files = FramJournal(flash, Fram(8192, fill=0xFF), 0x50, 8192, JOURNAL)   # a blank chip
    assert files.read(JOURNAL) == b"abcdef"
    assert flash.files == {SNAPSHOT: b"s"}
    files.append(JOURNAL, b"g" * 600)                  # on the FRAM: one journal, never rolled
    assert files.read(JOURNAL) == b"abcdef" + b"g" * 600 and flash.files == {SNAPSHOT: b"s"}


def test_the_report_reads_a_run_of_files_copied_off_a_board(tmp_path):
    """`make pull` copies game.jnl1... with the rest (their names begin "game."), and the
    report reads them with the firmware's own resume code, as the board would."""
    from host_tools.pull import to_copy
    from host_tools.report import load
    flash, device, _clock = played_on(script_ops(300))
    assert len(run_of(flash)) >= 3
    assert sorted(to_copy(list(flash.files) + ["main.py"])) == sorted(flash.files)
    for name, data in flash.files.items():
        (tmp_path / name).write_bytes(data)
    assert same_game(load(str(tmp_path)), device.app.game)


OPERATIONS = st.lists(st.tuples(st.sampled_from(("append",) * 6 + ("remove", "power cycle", "aside")),
                                st.integers(1, 90)), min_size=1, max_size=40)


@settings(max_examples=300, deadline=None)
@given(OPERATIONS, st.sampled_from((16, 40, 256)), st.integers(1, 250),
       st.sampled_from(("littlefs", "torn")))
def test_whatever_a_power_cut_interrupts_the_run_reads_back_as_the_journal_was_or_would_be(
        operations, size, cut, model):
    """Random appends (records of 1-90 bytes), removals, power cycles and settings aside, with
    the files at 16, 40 or 256 bytes and the power cut at a random step. Read back after the
    cut, the journal holds every append that finished, and of the one cut: all of it, none of
    it, or (on a flash that tears writes) a first part; of a removal, a first part of it."""
    flash = PowerCutFlash(cut_at=cut, model=model)
    with journal_files_of(size):
        files = JournalFiles(flash, JOURNAL)
        kept = b""                      # the journal after the last operation that finished
        could_be = None                 # what the cut operation may leave: a test of the bytes
        serial = 0
        for op, length in operations:
            serial += 1
            data = bytes((serial * 7 + i) & 255 for i in range(length))
            try:
                if op == "append":
                    files.append(JOURNAL, data)
                    kept += data
                elif op == "remove":
                    files.remove(JOURNAL)
                    kept = b""
                elif op == "aside":
                    if files.exists(JOURNAL):
                        files.rename(JOURNAL, JOURNAL + ".bad1")
                        assert flash.files[JOURNAL + ".bad1"] == kept
                    kept = b""
                else:
                    files = JournalFiles(flash, JOURNAL)
                assert files.read(JOURNAL) == (kept or None)
            except PowerCut:
                if op == "append":
                    whole = kept + data
                    could_be = lambda after: after in (kept, whole) or (
                        model == "torn" and whole.startswith(after) and len(after) > len(kept))
                else:
                    could_be = lambda after: kept.startswith(after)
                break
        flash.cut_at = None             # the power comes back
        after = JournalFiles(flash, JOURNAL).read(JOURNAL) or b""
        assert (after == kept) if could_be is None else could_be(after)
        # ... and the run goes on from there: the next append follows what is there
        again = JournalFiles(flash, JOURNAL)
        again.append(JOURNAL, b"next")
        assert again.read(JOURNAL) == after + b"next"


def test_power_up_applies_each_action_of_the_journal_once(monkeypatch):
    """Replaying the journal at power-up applies each of its actions once, not the game again
    from its last checkpoint at every record as well (4.2 s for 72 actions on the virtual Pico,
    0.24 s without: make bench's power-up with a journal)."""
    from engine_lite.netrunner import rules
    from firmware.saving import resume
    from firmware.settings import Settings
    flash, device, _clock = played_on(["corp gain 1", "runner gain 1"] * 60)
    assert len(run_of(flash)) >= 2 and device.app.game.count == 120
    calls = []
    real = rules.advance        # (what apply does after its copy; a replay calls it alone)
    monkeypatch.setattr(rules, "advance", lambda state, act: calls.append(act) or real(state, act))
    _storage, game, _notices, held = resume.boot(MemoryFlash(flash.files), Settings())
    assert held is None and same_game(game, device.app.game)
    assert len(calls) == 120


def test_a_record_the_rules_refuse_keeps_the_records_before_it_and_the_journal_aside():
    """Power-up replays the records that only add as one run (Game.replay): one the rules
    refuse, though its bytes are sound, still keeps every record before it, as when each was
    replayed on its own, and the journal is kept aside whole."""
    from engine_lite.netrunner import actions as A, rules
    from engine_lite.netrunner.state import CORP
    from firmware.saving.resume import _read_varint
    from firmware.saving.storage import _record, _varint, RECORD
    flash, device, _clock = played_on(script_ops(120))
    whole = journal_of(flash)
    ends = record_ends(whole)
    k = len(ends) // 2
    length, at = _read_varint(whole, ends[k - 1] + 1)
    number, at = _read_varint(whole, at)
    base = _read_varint(whole, at)[0]
    refused = bytearray()
    for _ in range(12):           # hand size +108: past the modifier's limit of +99
        rules.encode((A.HAND_SIZE, CORP, 9, 0, 0), refused)
    payload = bytearray()
    for value in (number, base, len(refused)):
        _varint(payload, value)
    crafted = whole[:ends[k - 1]] + _record(RECORD, payload + refused) + whole[ends[k]:]
    expected = MemoryFlash(flash.files)
    set_journal(expected, whole[:ends[k - 1]])
    expected = boot(expected).app.game
    set_journal(flash, crafted)
    resumed = boot(flash)
    assert "Journal damaged: kept as game.jnl.bad1" in resumed.app.toast
    assert flash.files[JOURNAL + ".bad1"] == crafted
    assert same_game(resumed.app.game, expected)
    assert 0 < expected.count < device.app.game.count
