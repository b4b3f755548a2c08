"""Kept games never shrink by accident (issue 36): the archive of previous games.

The one documented way a kept game leaves: the oldest, when a new game pushes it out of the
KEEP kept. Bringing a game back is a swap. The model-based test drives random sequences of new
games, New Infiltration, imports, matches and a match's game 2, bringing back (every entry),
undo (across a new game too), redo and play, each saved with a power cut at a random flash step and a second cut in the next boot, or
with ENOSPC or EIO on a random write; after every boot every game that existed is still one a
player can get back.
"""

import errno
import random

from hypothesis import given, settings, strategies as st, HealthCheck

from engine_lite import logtext
from engine_lite.game import Game
from firmware.saving import archive
from host_tools.flash import MemoryFlash, PowerCutFlash, PowerCut
from host_tools.keyscript import ManualClock
from test_storage import boot, play_ops
from simhelp import journal_files_of


def identity(game):
    """What tells a game apart: its rules, history and numbers."""
    return (game.rules.NAME, bytes(game.history), game.state.pack())


def recoverable(flash):
    """The games a player can get back from `flash`: in play, and in More > Previous games."""
    device = boot(MemoryFlash(dict(flash.files)))
    return [identity(device.app.game)] + [identity(game) for _n, game, _s in
                                          archive.entries(device.flash)]


def present(game, found):
    """`game` is there, or a game that went on from it (the same history and more)."""
    return any(kind == game[0] and history.startswith(game[1])
               and (history != game[1] or numbers == game[2])
               for kind, history, numbers in found)


def unique_game(n):
    """A Netrunner game no other test game equals: n+1 credits for the Corp, then n for the Runner."""
    game = Game()
    for line in ("corp gain %d" % (n % 9 + 1), "runner gain %d" % (n // 9 % 9 + 1)):
        game.do(logtext.parse(line))
    return game


def four_games():
    """A board with the game in play and three kept, each with its own actions."""
    flash = MemoryFlash()
    clock = ManualClock()
    device = boot(flash, clock)
    from firmware.netrunner.start import new_game
    for n in range(4):
        if n:
            new_game(device.app)
        play_ops(device, clock, ["corp gain %d" % (n + 1), "runner gain %d" % (n + 2)])
    return flash, device


def test_bringing_back_any_kept_game_keeps_every_other_one():
    for entry in range(archive.KEEP):
        flash, device = four_games()
        before = recoverable(flash)
        assert len(before) == 4 and len(set(before)) == 4
        _name, game, sum = archive.entries(device.flash)[entry]
        archive.restore(device.app, game, sum)
        device.saver.flush()
        after = recoverable(flash)
        assert sorted(after) == sorted(before), "entry %d" % (entry + 1)
        assert after[0] == identity(game)           # the one brought back is in play


def test_a_power_cut_at_every_step_of_bringing_a_game_back_loses_none():
    for entry in range(archive.KEEP):
        flash, device = four_games()
        files = dict(flash.files)
        before = recoverable(flash)
        cut = 0
        while True:
            cut += 1
            cutting = PowerCutFlash(files=dict(files))
            device = boot(cutting)
            cutting.steps, cutting.cut_at = 0, cut
            _name, game, sum = archive.entries(device.flash)[entry]
            try:
                archive.restore(device.app, game, sum)
                device.saver.flush()
                done = True
            except PowerCut:
                done = False
            found = recoverable(cutting)
            assert all(present(g, found) for g in before), "entry %d, cut %d" % (entry + 1, cut)
            if done:
                break


def test_a_copy_a_power_cut_left_after_a_game_came_back_goes_at_the_next_commit():
    """Found by tests/test_kept_games_player.py (seed 11355): a game brought back, its own
    snapshot written, and the power cut before its archive copy was dropped. At power-up the
    journal no longer named the copy, so it stayed for ever, one more kept game: two such, and
    a bring-back found every slot taken, and the oldest kept game went with no word. The copy
    (the same checksum as the snapshot the game in play resumed from) now goes at the first
    commit, as it would have without the cut."""
    for entry in range(archive.KEEP):
        flash, device = four_games()
        before = recoverable(flash)
        _name, game, sum = archive.entries(device.flash)[entry]
        archive.restore(device.app, game, sum)
        device.app.after_commit = lambda: None      # the cut: the snapshot written, no drop
        device.saver.flush()
        assert [kept for _o, _s, _n, kept in archive.listing(flash)].count(sum) == 1
        device = boot(flash)                        # power-up, and its first commit
        sums = [kept for _o, _s, _n, kept in archive.listing(flash)]
        assert sum not in sums and len(sums) == archive.KEEP, "entry %d" % (entry + 1)
        after = recoverable(flash)
        assert sorted(after) == sorted(before), "entry %d" % (entry + 1)
        assert after[0] == identity(game)


def test_a_game_brought_back_then_replaced_twice_while_saves_fail_pushes_out_one_game():
    """Found by tests/test_kept_games_player.py (seed 14554): a game brought back and played
    on, then an import over it while the flash could not take the swap, then another import.
    The first swap's failed save forgot that the game it kept had come back, so the save that
    worked at last kept it as a new game's ending: two kept games went for one. Now the game
    brought back is kept as a swap (its archive copy, its start, going after it) and only the
    second import pushes the oldest out."""
    from firmware.saving import importing
    flash, device = four_games()
    files = dict(flash.files)
    before = recoverable(flash)            # in play, then the kept games, newest first
    failing = FaultyCutFlash(files=dict(files))
    clock = ManualClock()
    device = boot(failing, clock)
    _name, game, sum = archive.entries(device.flash)[-1]       # the oldest, brought back
    archive.restore(device.app, game, sum)
    play_ops(device, clock, ["corp gain 5"])     # (saved: its copy went, the swap is done)
    _name, game, sum = archive.entries(device.flash)[0]        # and the newest, not saved yet
    archive.restore(device.app, game, sum)
    device.app.act(logtext.parse("runner gain 3"))
    failing.failing = (random.Random(1), 1.0)                   # every write fails
    importing.take(device.app, unique_game(50))
    device.saver.flush()
    importing.take(device.app, unique_game(51))
    failing.failing = None
    assert device.saver.flush()
    found = recoverable(failing)
    gone = [g for g in before if not present(g, found)]
    assert len(gone) <= 1, "%d kept games went for one" % len(gone)


def test_a_power_cut_while_a_game_is_kept_then_kept_again_pushes_out_one_game():
    """Found by tests/test_kept_games_player.py (seed 12797): a match's game 2 over a full
    archive, a power cut as its replaced game was kept, a second cut in the next power-up's
    keeping it again: the oldest had been removed before the new file was written, so each
    try pushed out another kept game. The oldest now goes once the new one is written."""
    base = MemoryFlash()
    for n in range(archive.KEEP):
        archive.keep(base, unique_game(n))
    # ... and one more, as a swap leaves the archive (a game brought back: it pushes none out)
    archive.keep(base, unique_game(archive.KEEP), restored=archive.entries(base)[0][2])
    kept = [identity(game) for _n, game, _s in archive.entries(base)]
    assert len(kept) == archive.KEEP + 1
    ending = unique_game(9)
    cut = 0
    while True:
        cut += 1
        flash = PowerCutFlash(files=dict(base.files), cut_at=cut)
        try:
            archive.keep(flash, ending)
            done = True
        except PowerCut:
            done = False
        again = MemoryFlash(dict(flash.files))
        archive.keep(again, ending)              # the next power-up keeps it (again)
        found = [identity(game) for _n, game, _s in archive.entries(again)]
        assert identity(ending) in found
        gone = [game for game in kept if game not in found]
        assert len(gone) <= 1 and gone in ([], [kept[-1]]), "cut %d: %d went" % (cut, len(gone))
        if done:
            break


def test_a_full_flash_while_the_archive_grows_deletes_no_kept_game_however_often_it_retries():
    flash, device = four_games()
    before = recoverable(flash)
    flash.files.pop("game.bak", None)             # (nothing older to make room with)
    used = sum(len(data) for data in flash.files.values())
    flash.capacity = used + 40                    # room for the journal, not for a kept game
    from firmware.netrunner.start import new_game
    new_game(device.app)
    for _ in range(6):                            # the Saver retries (the oldest pushed out
        device.saver.flush()                      # makes room for the copy at the first)
    # The oldest may go (a new game pushes it out); nothing else, however many retries.
    found = recoverable(flash)
    assert all(present(g, found) for g in before[:3])


def test_a_nearly_full_flash_saves_the_new_game_and_keeps_the_long_one_it_replaced():
    """Issue 36: while the replaced game's copy did not fit, the new game's moves were never
    saved, though its own snapshot would fit. game.bak, an older copy, now makes room."""
    from test_storage import long_saved_flash
    from firmware.netrunner.start import new_game
    flash, _game = long_saved_flash()
    clock = ManualClock()
    device = boot(flash, clock)
    play_ops(device, clock, ["corp gain 1"])
    device = boot(flash, clock)                    # game.json and game.bak: the long game
    old = device.app.game
    old.check_all()
    used = sum(len(data) for data in flash.files.values())
    flash.capacity = used + 600                    # room for a new game's snapshot, not a copy
    new_game(device.app)
    device.app.act(logtext.parse("corp gain 3"))
    assert device.saver.flush(), device.saver.failed
    found = recoverable(flash)
    assert identity(device.app.game) == found[0]   # the new game and its move: saved
    assert identity(old) in found                  # the long game: kept


def test_a_folder_where_a_kept_game_would_go_does_not_stop_saving():
    class FolderIn(MemoryFlash):
        def read(self, name):
            if name == "prev1.json":
                raise OSError(errno.EISDIR, "is a directory")
            return MemoryFlash.read(self, name)

        def exists(self, name):
            return name == "prev1.json" or MemoryFlash.exists(self, name)

    flash = FolderIn()
    clock = ManualClock()
    device = boot(flash, clock)
    from firmware.netrunner.start import new_game
    for n in range(5):
        new_game(device.app)
        play_ops(device, clock, ["corp gain %d" % (n + 1)])
        assert device.saver.failed is None, device.saver.failed
    assert len(archive.entries(flash)) == archive.KEEP


def test_a_kept_game_too_big_or_too_deep_to_read_is_skipped_not_a_crash():
    from firmware.saving.header import frame
    from firmware.saving.storage import checksum
    flash, device = four_games()
    deep = b"[" * 5000 + b"]" * 5000
    flash.files["prev5.json"] = frame(99, deep, checksum(deep))
    flash.files["prev4.json"] = frame(98, b" " * (archive.READ_LIMIT + 1), 1)
    assert len(archive.entries(flash)) == 3
    assert archive.newest(flash)[1].count == 2
    device.app.game = Game()                     # nothing to undo: undo reaches across
    device.app.undo()
    assert device.app.game.count == 2


def test_a_casual_game_brought_back_mid_match_does_not_take_the_match():
    from firmware.tournament import match
    flash = MemoryFlash()
    clock = ManualClock()
    device = boot(flash, clock)
    play_ops(device, clock, ["corp gain 4"])             # a casual game
    casual = device.app.game
    match.start(device.app, ["AB", "CD"])
    play_ops(device, clock, ["corp gain 3"])
    assert device.app.game.extras.get("match") is not None
    found = [(g, s) for _n, g, s in archive.entries(flash) if g.count == 1
             and g.state.corp.credits == casual.state.corp.credits]
    archive.restore(device.app, found[0][0], found[0][1])
    device.saver.flush()
    assert device.app.game.extras.get("match") is None


# ---- the model: random sequences, power cuts, full and failing flash ----------------------

class FaultyCutFlash(PowerCutFlash):
    """A PowerCutFlash whose writes may fail with ENOSPC or EIO (`failing`: a random source
    and the chance of each write failing), as a full or tired flash does."""

    failing = None

    def _store(self, name, before, data):
        if self.failing is not None:
            rnd, chance = self.failing
            if rnd.random() < chance:
                raise OSError(rnd.choice((errno.ENOSPC, errno.EIO)), "injected")
        PowerCutFlash._store(self, name, before, data)


OPS = st.sampled_from(("new", "new", "infiltration", "import", "match", "game2", "back", "back",
                       "undo", "undo", "redo", "play", "long", "long"))
FAULTS = st.sampled_from(("none", "cut", "cut", "errors"))


def operate(device, op, rnd, serial):
    """Do one of the model's operations on a booted device (in memory: saved by the caller)."""
    app = device.app
    from firmware import games
    from firmware.netrunner import start
    if op == "new":
        start.new_game(app)
        app.act(logtext.parse("corp gain %d" % (serial % 9 + 1)))
    elif op == "infiltration":
        from engine_lite.infiltration import rules as I
        games.start_game(app, Game(I.new_game(3, 1), I))
        app.act((I.PROXIMITY, 0, serial % 5 + 1, 0, 0))
    elif op == "import":
        from firmware.saving import importing
        importing.take(app, unique_game(serial + 40))
    elif op == "back":
        found = archive.entries(device.flash, app.restored)
        if found:
            _name, game, sum = found[rnd.randrange(len(found))]
            archive.restore(app, game, sum)
    elif op == "match":
        from firmware.tournament import match
        match.start(app, ["AB", "CD"])
        app.act(logtext.parse("corp gain %d" % (serial % 9 + 1)))
    elif op == "game2":               # a match's game 2 (as its screen starts it)
        from firmware.tournament import match
        match.begin(app, start.new_start(app), {"names": ["AB", "CD"], "game": 2, "results": [
            {"winner": "corp", "reason": "agenda", "corp": 7, "runner": serial % 7}]})
        app.act(logtext.parse("corp gain %d" % (serial % 9 + 1)))
    elif op == "long":                # a run of commits: the journal's files fill and roll over
        for k in range(rnd.randrange(3, 15)):
            act = ("corp gain %d" if k % 2 else "runner gain %d") % (k % 3 + 1)
            if app.game.rules.NAME == "netrunner":
                app.act(logtext.parse(act))
            else:
                from engine_lite.infiltration import rules as I
                app.act((I.ALARM if k % 2 else I.PROXIMITY, 0, 1 - 2 * (k % 4 // 2), 0, 0))
            device.saver.flush()
    elif op == "undo":
        app.undo()                    # (with nothing to undo: the game before comes back)
    elif op == "redo":
        app.redo()
    elif app.game.rules.NAME == "netrunner":
        app.act(logtext.parse("runner gain %d" % (serial % 4 + 1)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(OPS, FAULTS, st.integers(1, 60), st.integers(1, 12)),
                min_size=3, max_size=8), st.integers(0, 2 ** 16), st.sampled_from((40, 256)))
def test_kept_games_never_shrink_by_accident(steps, seed, journal_file_bytes):
    with journal_files_of(journal_file_bytes):      # (40: the journal rolls over often)
        kept_games_never_shrink(steps, seed)


def kept_games_never_shrink(steps, seed):
    rnd = random.Random(seed)
    flash = MemoryFlash()
    clock = ManualClock()
    device = boot(flash, clock)
    play_ops(device, clock, ["corp gain 1", "runner gain 2"])
    files = dict(flash.files)
    serial = 0
    for op, fault, cut, second in steps:
        serial += 1
        before = recoverable(MemoryFlash(files))
        # the documented rule: a new game may push the oldest kept game out
        may_leave = None
        kept = before[1:]
        if op in ("new", "infiltration", "import", "match", "game2") and len(kept) >= archive.KEEP:
            may_leave = kept[-1]
        if op in ("undo", "redo"):
            before = before[1:] if before[0][1] else before    # the game in play changes
        flash = FaultyCutFlash(cut_at=None, files=dict(files))
        device = boot(flash, clock)
        flash.steps = 0
        if fault == "cut":
            flash.cut_at = cut
        elif fault == "errors":
            flash.failing = (rnd, 0.3)
        try:
            operate(device, op, rnd, serial)
            device.saver.flush()
            flash.failing = None
            device.saver.flush()            # the fault has passed: it is saved now
        except PowerCut:
            # a second cut in the boot after it, then a clean boot
            again = PowerCutFlash(cut_at=second, files=dict(flash.files))
            try:
                boot(again)
            except PowerCut:
                pass
            flash = again
        found = recoverable(flash)
        missing = [g for g in before if g != may_leave and not present(g, found)]
        assert not missing, "%s (%s) lost %d of %d games" % (op, fault, len(missing), len(before))
        files = dict(flash.files)


def test_a_new_game_on_a_nearly_full_flash_is_saved_at_once_and_the_old_one_kept():
    """Issue 58 #9: game.bak made room for the replaced game's archive copy, and then the new
    game's own snapshot did not fit: its moves went unsaved for minutes ("Save failed") and a
    power cut brought the replaced game back in play. The replaced game, once in the archive,
    gives its game.json and journal up for the new game."""
    from test_storage import long_saved_flash
    from firmware.netrunner.start import new_game
    flash, _game = long_saved_flash()
    clock = ManualClock()
    device = boot(flash, clock)
    play_ops(device, clock, ["corp gain 1", "runner gain 2"])
    device = boot(flash, clock)                    # game.json and game.bak: the long game
    play_ops(device, clock, ["corp gain 2"])       # ... and a journal
    old = device.app.game
    old.check_all()
    # Free: room for the old game's archive copy once game.bak goes, and 200 bytes more (a
    # new game's snapshot is some 350).
    from engine_lite import snapshot
    copy = len(snapshot.dumps(old).encode()) + 40
    used = sum(len(data) for data in flash.files.values())
    flash.capacity = used + copy - len(flash.files["game.bak"]) + 200
    new_game(device.app)
    device.app.act(logtext.parse("corp gain 3"))
    assert device.saver.flush(), device.saver.failed
    found = recoverable(flash)
    assert found[0] == identity(device.app.game)   # the new game and its move: saved
    assert identity(old) in found                  # the long game: kept
