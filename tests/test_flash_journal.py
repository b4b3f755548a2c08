"""The save journal in a region of flash of its own (firmware.board.flash_journal): what a board
reads back after any power cut, and that play never waits for an erase while sectors are
erased ahead in pauses."""

import random

import pytest

from host_tools.flash import MemoryRegion, MemoryFlash, PowerCut
from firmware.board.flash_journal import FlashJournal

NAME = "game.jnl"


def _play(journal, rng, steps, expect, prepare=0.1, after=None):
    """Random appends (1-80 bytes), a removal now and then, pauses that prepare; returns the
    journal's expected bytes. `after(expect)` is called after each step."""
    for _ in range(steps):
        if rng.random() < 0.03:
            journal.remove(NAME)
            expect = b""
        else:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80)))
            journal.append(NAME, data)
            expect += data
        if rng.random() < prepare:
            journal.prepare()
        if after:
            after(expect)
    return expect


def test_the_journal_reads_back_after_every_power_up_through_many_wraps():
    region = MemoryRegion(8)
    flash = MemoryFlash()
    rng = random.Random(5)
    journal = FlashJournal(flash, region, NAME)
    expect = b""
    for _ in range(40):                  # 40 power-ups, some 2,000 appends: the ring wraps
        expect = _play(journal, rng, 50, expect)
        journal = FlashJournal(flash, region, NAME)
        assert (journal.read(NAME) or b"") == expect
        assert journal.size(NAME) == (len(expect) or None)
        assert journal.exists(NAME) == bool(expect)
    assert region.erases > 16            # (the sectors were reused, each erased again)
    assert flash.files == {}             # nothing of the journal went to the files


def test_with_sectors_erased_in_pauses_an_append_never_erases():
    region = MemoryRegion(16)
    journal = FlashJournal(MemoryFlash(), region, NAME)
    rng = random.Random(2)
    expect = b""
    for _ in range(30):
        while journal.prepare():         # a pause: the sectors ahead erased
            pass
        erases = region.erases
        expect = _play(journal, rng, 60, expect, prepare=0)    # then a minute of play
        assert region.erases == erases
    assert journal.erases == 0
    assert journal.read(NAME) == expect or not expect


def test_without_pauses_the_journal_still_appends_erasing_where_it_must():
    region = MemoryRegion(4, data=b"\x00" * 4 * 4096)     # nothing erased to begin with
    journal = FlashJournal(MemoryFlash(), region, NAME)
    expect = _play(journal, random.Random(3), 400, b"", prepare=0)
    assert journal.erases > 0
    assert (FlashJournal(MemoryFlash(), region, NAME).read(NAME) or b"") == expect


def test_a_journal_that_fills_the_region_refuses_the_append_and_loses_nothing():
    region = MemoryRegion(3)
    journal = FlashJournal(MemoryFlash(), region, NAME)
    expect = b""
    with pytest.raises(OSError) as refused:
        while True:
            journal.append(NAME, b"x" * 100)
            expect += b"x" * 100
    assert refused.value.args[0] == 28          # ENOSPC: the tracker writes a snapshot instead
    assert journal.read(NAME) == expect
    journal.remove(NAME)                        # (the snapshot empties it)
    journal.append(NAME, b"after")
    assert FlashJournal(MemoryFlash(), region, NAME).read(NAME) == b"after"


def test_an_erase_a_key_suspends_goes_on_in_the_next_pause_and_loses_nothing():
    """On the firmware image a key suspends an erase in a pause (firmware.board.keyed_erase):
    the appends of the taps meanwhile go on in the sectors already erased, the next pause goes
    on with the erase, and every power-up reads back every append."""
    keys = random.Random(11)
    region = MemoryRegion(4, data=b"\x00" * 4 * 4096, keys=lambda: keys.random() < 0.6)
    flash = MemoryFlash()
    rng = random.Random(12)
    journal = FlashJournal(flash, region, NAME)
    expect = b""
    during = []             # for each step: whether an erase was suspended then
    for _ in range(60):
        expect = _play(journal, rng, 20, expect, prepare=0.4,
                       after=lambda _: during.append(journal.suspended is not None))
        journal = FlashJournal(flash, region, NAME)      # a power-up (a cut: its erase undone)
        region.suspended = None
        assert (journal.read(NAME) or b"") == expect
    assert region.suspensions > 20 and sum(during) > 30, (region.suspensions, sum(during))
    # Erases a key suspended leave none to the appends: in pauses that a key never cuts short,
    # the sectors ahead are ready before the next minute of play.
    region.keys = None
    while journal.prepare():
        pass
    erases = journal.erases
    expect = _play(journal, rng, 60, expect, prepare=0)
    assert journal.erases == erases


class _Ahead:
    """Another flash's erases ahead (as firmware.board.keyed_erase.KeyedLittlefs): `steps`
    pauses' work, a key suspending the first of them."""

    def __init__(self, steps):
        self.steps = steps
        self.suspended = None
        self.calls = []

    def prepare(self, journal=None):
        self.calls.append(self.suspended)
        if self.suspended is not None:
            self.suspended = None
            return True
        if not self.steps:
            return False
        self.steps -= 1
        if not self.calls[:-1]:
            self.suspended = "block"
        return True


def test_the_erases_ahead_of_another_flash_come_after_the_journals_and_a_suspended_one_first():
    """On the image the pauses also erase ahead for littlefs (KeyedLittlefs, the journal's
    `after`): only once the journal's own sectors ahead are erased, and an erase of littlefs's
    that a key suspended is gone on with before any of the journal's (the chip takes no other
    erase meanwhile)."""
    region = MemoryRegion(8, data=b"\x00" * 8 * 4096)
    journal = FlashJournal(MemoryFlash(), region, NAME)
    journal.after = ahead = _Ahead(3)
    pauses = []
    while True:
        erased = journal.erased[:]
        more = journal.prepare()
        pauses.append("journal" if journal.erased != erased else "after" if more else None)
        if not more:
            break
        if ahead.suspended is not None:
            journal.append(NAME, b"x" * 4000)    # (a tap's commit meanwhile; a sector begun)
            journal.append(NAME, b"y" * 4000)
    assert pauses[:FlashJournal.AHEAD] == ["journal"] * FlashJournal.AHEAD
    # littlefs's first erase, suspended; its going on comes before the journal's next sector
    assert pauses[FlashJournal.AHEAD:FlashJournal.AHEAD + 2] == ["after", "after"]
    assert ahead.calls[:2] == [None, "block"]
    assert pauses[-1] is None and ahead.steps == 0 and ahead.suspended is None
    assert journal.read(NAME) == b"x" * 4000 + b"y" * 4000


@pytest.mark.parametrize("tear,keys", [(0.0, None), (0.3, None), (0.99, None), (0.3, 0.5)])
def test_a_power_cut_in_any_program_or_erase_keeps_the_journal_as_before_or_after(tear, keys):
    """Cut at every flash operation of a stretch of play with pauses: the next power-up reads
    the journal as it was before the interrupted append or removal, or after it; and appends
    after that power-up are read back too. (`keys`: how often a key suspends an erase in a
    pause, as on the firmware image; a cut then lands in it or after it.)"""
    rng = random.Random(7)
    chance = random.Random(8)
    steps = []
    for _ in range(120):
        if rng.random() < 0.05:
            steps.append(None)                  # a removal
        else:
            steps.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))))
    cuts = 0
    at = 1
    while True:
        region = MemoryRegion(4, cut_at=at, tear=tear,
                              keys=keys and (lambda: chance.random() < keys))
        flash = MemoryFlash()
        journal = FlashJournal(flash, region, NAME)
        before = after = b""
        try:
            for index, data in enumerate(steps):
                before = after
                after = b"" if data is None else after + data
                if data is None:
                    journal.remove(NAME)
                else:
                    journal.append(NAME, data)
                if index % 9 == 0:
                    journal.prepare()
            break                               # no cut: every operation was tried
        except PowerCut:
            cuts += 1
        region.cut_at = None
        region.suspended = None                 # (the power cut ended the suspension)
        journal = FlashJournal(flash, region, NAME)
        found = journal.read(NAME) or b""
        assert found in (before, after), "cut at operation %d" % at
        journal.append(NAME, b"next")
        assert FlashJournal(flash, region, NAME).read(NAME) == found + b"next"
        at += 1
    assert cuts > 200


# ---- the whole tracker with its journal in the region ------------------------------------

def _board(files, region):
    """A Simulator booted on `files` (a MemoryFlash) with its journal in `region`, as the
    firmware image's board is (firmware.main.run: journal_in_region)."""
    from host_tools.sim import Simulator
    return Simulator(flash=FlashJournal(files, region, NAME))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_play_that_never_pauses_loses_at_most_the_last_second_to_a_power_cut(seed):
    """Issue 58: a whole game's keys (host_tools.scripted_game) with 50 ms to 1.4 s between
    them (never the 1.5 s of a pause), the power cut at random moments: the board that powers up
    again holds the game as it was one second before the cut, or later. And no commit of that
    play waited for an erase: the sectors were erased ahead in its pauses."""
    from host_tools.scripted_game import scripted_keys
    rng = random.Random(seed)
    files, region = MemoryFlash(), MemoryRegion(16)
    sim = _board(files, region)
    journal = sim.device.storage.flash
    timeline = []                  # (ms, history) after each key
    cuts = 0
    for key in scripted_keys(8):
        sim.keys(key)
        timeline.append((sim.clock.now, bytes(sim.app.game.history)))
        gap = rng.randrange(50, 1400)
        cut = rng.randrange(gap) if rng.random() < 0.3 else None
        if cut is not None:
            sim.run(cut)
            now = sim.clock.now
            files_then = MemoryFlash(dict(files.files))
            region_then = MemoryRegion(data=region.data)
            again = _board(files_then, region_then)
            resumed = bytes(again.app.game.history)
            due = [history for ms, history in timeline if ms <= now - 1000]
            assert bytes(sim.app.game.history).startswith(resumed)
            assert not due or resumed.startswith(due[-1]), "cut at %d ms" % now
            cuts += 1
            gap -= cut
        sim.run(gap)
    assert cuts >= 20
    assert journal.erases == 0


def _full_archive(files, region):
    """A board on `files` and `region` (_board) with three kept games and a fourth in play,
    each saved in a pause; returns (simulator, the kept games' histories, newest first)."""
    from engine_lite import logtext
    from firmware.saving import archive
    from simhelp import choose
    sim = _board(files, region)
    for n in range(4):
        if n:
            choose(sim, "More", "New game").keys("LONG:OK")
        sim.app.act(logtext.parse("corp gain %d" % (n + 1)))
        sim.keys("WAIT:2000")
    return sim, [bytes(game.history) for _n, game, _s in archive.entries(sim.device.flash)]


class SlowFiles(MemoryFlash):
    """A MemoryFlash whose writes, renames and removes each take OP_MS of the simulator's
    clock, once `sim` is set, and which notes each (the ms it began, what, the game's action
    count then). `on_op(files)` is told before each."""

    OP_MS = 30

    def __init__(self):
        MemoryFlash.__init__(self)
        self.sim = None
        self.log = []
        self.on_op = None

    def _slow(self, what, name):
        sim = self.sim
        if sim is not None:
            if self.on_op:
                self.on_op(self)
            self.log.append((sim.clock.now, what, name, sim.app.game.count))
            sim.clock.now += self.OP_MS

    def write(self, name, data):
        self._slow("write", name)
        return MemoryFlash.write(self, name, data)

    def rename(self, old, new):
        self._slow("rename", old)
        return MemoryFlash.rename(self, old, new)

    def remove(self, name):
        self._slow("remove", name)
        return MemoryFlash.remove(self, name)


def test_a_tap_as_a_pauses_whole_files_begin_waits_for_one_step_of_them_not_all():
    """Issue 58 (no tap waits for the flash more than 100 ms, even at its worst timings): the
    whole files a pause writes after a new game (the replaced game's copy in the archive, the
    oldest kept game pushed out, the new game's snapshot) are a short step at each pass of the
    main loop, so a tap pressed as they begin is answered after the step under way when it is
    let go, not after all of them; and the files end as they would have. Here each file
    operation takes 30 ms. (Written at once, a tap pressed as they began after a 2,000-action
    game waited 122 ms at the flash's worst on the virtual Pico: make bench, "Taps in
    littlefs's writes, worst".)"""
    from firmware.saving import archive
    from simhelp import choose
    files, region = SlowFiles(), MemoryRegion(16)
    sim, kept = _full_archive(files, region)
    replaced = bytes(sim.app.game.history)
    choose(sim, "More", "New game").keys("LONG:OK")  # its start record in the journal
    pin = sim.pins["buttons"]["OK"]
    pressed = []

    def press_as_they_begin(files):
        if not pressed:
            pressed.append(sim.clock.now)
            sim.board.press(pin)                     # (its interrupt latches it)
    files.on_op = press_as_they_begin
    files.sim = sim
    while not pressed:                               # (the pause: 1.5 s, then the writes)
        sim.run(1)
    while sim.clock.now < pressed[0] + 80:           # the tap's length
        sim.run(1)
    sim.board.release(pin)
    due = pressed[0] + 80
    while sim.app.game.count == 0:
        sim.run(1)
    answered = sim.clock.now
    assert files.log[0][1:3] == ("write", "prev4.json.tmp")   # (the pause's first write)
    assert answered - due <= 2 * SlowFiles.OP_MS     # (the longest step: two of them)
    files.on_op = None
    sim.run(3000)                                    # the next pause: the snapshot, again
    again = _board(MemoryFlash(dict(files.files)), MemoryRegion(data=region.data))
    assert again.app.game.count == 1 and again.app.game.state.corp.credits == 6
    assert [bytes(game.history) for _n, game, _s in archive.entries(again.device.flash)] == (
        [replaced] + kept[:-1])
    assert not [name for name in files.files if name.endswith(".tmp")]
    assert not sim.device.storage.swapped


def test_a_new_game_is_saved_in_the_journal_and_its_whole_files_wait_for_a_pause():
    """Issue 58 (no tap waits for the flash more than 100 ms): New game over a game in play,
    on the image's layout, writes no file: its start record goes to the journal (a page
    program), and the replaced game stays in game.json. A power cut then brings the new game
    back with its moves, and the replaced one in Previous games; without a cut, the whole files
    are written in the next pause."""
    from firmware.saving import archive
    from simhelp import choose
    files, region = MemoryFlash(), MemoryRegion(16)
    sim = _board(files, region)
    sim.keys("OK,OK,WAIT:2000")                       # the Corp's two credits, saved
    old = bytes(sim.app.game.history)
    writes, programs = files.writes, region.programs
    choose(sim, "More", "New game").keys("LONG:OK,OK,WAIT:300")
    assert files.writes == writes and region.programs > programs
    assert sim.device.storage.swapped and sim.app.game.count == 1
    cut = _board(MemoryFlash(dict(files.files)), MemoryRegion(data=region.data))
    assert cut.app.game.count == 1 and cut.app.game.state.corp.credits == 6
    cut.run(3000)                                     # (its first pass keeps the replaced game)
    kept = archive.entries(cut.device.flash)
    assert [bytes(game.history) for _n, game, _s in kept] == [old]
    sim.run(2000)                                     # a pause: the whole files now
    assert not sim.device.storage.swapped and files.writes > writes
    assert [bytes(game.history) for _n, game, _s in archive.entries(sim.device.flash)] == [old]


def test_a_game_brought_back_is_saved_in_the_journal_and_its_whole_files_wait_for_a_pause():
    """Issue 58 (no tap waits for the flash more than 100 ms): bringing a kept game back, on
    the image's layout, writes no file: a start record naming the kept file goes to the
    journal, and the game stays in the archive as the brought-back game's start until its own
    snapshot is written in a pause. A power cut before that brings back the brought-back game
    with its moves, the replaced game among the kept ones, and every other kept game; the
    archive's count is the question's (none pushed out by a swap)."""
    from firmware.saving import archive
    from simhelp import choose
    files, region = MemoryFlash(), MemoryRegion(16)
    sim, kept = _full_archive(files, region)
    in_play = bytes(sim.app.game.history)
    assert len(kept) == archive.KEEP
    writes, programs = files.writes, region.programs
    choose(sim, "More", "Previous games").keys("WAIT:50,DOWN,OK,LONG:OK,OK,OK,WAIT:300")
    assert files.writes == writes and region.programs > programs    # no file written
    back = bytes(sim.app.game.history)
    assert back == kept[1] + back[len(kept[1]):] and len(back) > len(kept[1])
    cut = _board(MemoryFlash(dict(files.files)), MemoryRegion(data=region.data))
    assert bytes(cut.app.game.history) == back           # its moves after it came back too
    cut.run(3000)                                        # its first pass writes the files
    found = [bytes(game.history) for _n, game, _s in archive.entries(cut.device.flash)]
    assert sorted(found) == sorted([kept[0], kept[2], in_play])
    sim.run(2000)                                        # a pause: the whole files now
    assert not sim.device.storage.swapped and files.writes > writes
    found = [bytes(game.history) for _n, game, _s in archive.entries(sim.device.flash)]
    assert sorted(found) == sorted([kept[0], kept[2], in_play])
    again = _board(MemoryFlash(dict(files.files)), MemoryRegion(data=region.data))
    assert bytes(again.app.game.history) == back


def test_a_journal_that_names_a_kept_game_no_longer_there_keeps_the_game_it_replaced():
    """The kept file a journal's start record brought back is gone (set aside by hand, a
    damaged copy): the game it replaced plays on, nothing of it lost, and the player is told
    the journal was damaged."""
    from simhelp import choose
    files, region = MemoryFlash(), MemoryRegion(16)
    sim = _board(files, region)
    sim.keys("OK,WAIT:2000")
    choose(sim, "More", "New game").keys("LONG:OK,OK,OK,WAIT:2000")
    replaced = bytes(sim.app.game.history)
    choose(sim, "More", "Previous games").keys("WAIT:50,OK,LONG:OK,OK,WAIT:300")
    assert sim.device.storage.swapped and sim.device.storage.restored is not None
    left = dict(files.files)
    for name in [n for n in left if n.startswith("prev")]:
        del left[name]
    cut = _board(MemoryFlash(left), MemoryRegion(data=region.data))
    assert bytes(cut.app.game.history) == replaced
    assert "Journal damaged" in (cut.app.toast or "") or "damaged" in cut.glass_text()
