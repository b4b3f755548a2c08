"""Never lose a game, round two: the faults found by trying to break it (issue 8).

Each test here failed on the code before the fix it names. The boot-fault sweep at the end makes
every file operation of a boot fail in turn, with each of the errors a real flash gives.
"""

import errno
import json

import pytest

import machine
from engine_lite import logtext
from firmware.main import Device
from firmware.saving.storage import SNAPSHOT, PREVIOUS, TEMPORARY, JOURNAL, SETTINGS
from host_tools.flash import MemoryFlash, FaultFlash, PowerCutFlash
from host_tools.keyscript import ManualClock, WrappingClock, Driver
from host_tools.sim import Simulator
from host_tools.ssd1306_emu import SSD1306
from tests.test_storage import PINS, boot, same_game, play_ops, script_ops, saved_flash
from simhelp import journal_of, set_journal, device_tick

GAME_FILES = (SNAPSHOT, PREVIOUS, TEMPORARY, JOURNAL)


def oserror(code):
    return OSError(code, errno.errorcode[code])


def tick_for(device, clock, ms, step=10):
    """Run the main loop for `ms` of the clock's time."""
    end = clock.now + ms
    while clock.now < end:
        device_tick(device, clock.ticks_ms())
        clock.now += step


# ---- 1. a week of uptime: the tick counter wraps ---------------------------------------------

def test_a_change_after_a_week_idle_is_saved_within_a_second():
    flash = MemoryFlash()
    clock = WrappingClock(start=(1 << 30) - 5000)      # the counter wraps 5 s after power-up
    device = boot(flash, clock)
    device.app.act(logtext.parse("corp gain 3"))
    tick_for(device, clock, 1500)
    assert not device.saver.pending()
    # Nothing happens for 7 days (6.2 to 12.4 days is when a stale tick reads as negative).
    tick_for(device, clock, 7 * 24 * 3600 * 1000, step=60000)
    device.app.act(logtext.parse("corp gain 1"))
    tick_for(device, clock, 1100)
    assert not device.saver.pending(), "a change after a week idle was not saved"
    assert boot(MemoryFlash(flash.files)).app.game.state.corp.credits == 9


def test_the_display_still_sleeps_after_a_week_of_uptime():
    flash = MemoryFlash()
    clock = WrappingClock()
    device = boot(flash, clock)
    app = device.app
    blanked = []
    for minute in range(7 * 24 * 60):           # a week, nobody touching it
        clock.now += 60000
        device_tick(device, clock.ticks_ms())
        blanked.append(app.blanked)
    assert all(blanked[10:]), "the panel lit up again: idle time read wrongly after the wrap"


# ---- 2. an unreadable file is not a missing one -------------------------------------------

class FlakyReads(MemoryFlash):
    """Reads of the named files fail with EIO: `times` times each, or always (None)."""

    def __init__(self, files, names, times=None):
        MemoryFlash.__init__(self, files)
        self.failing = dict((name, times) for name in names)

    def read(self, name):
        left = self.failing.get(name, 0)
        if left is None or left > 0:
            if left:
                self.failing[name] = left - 1
            raise oserror(errno.EIO)
        return MemoryFlash.read(self, name)


def test_a_snapshot_that_cannot_be_read_is_kept_and_reported_not_overwritten():
    flash, game = saved_flash()
    newest = flash.files[SNAPSHOT]
    broken = FlakyReads(flash.files, [SNAPSHOT])
    device = boot(broken)
    assert "unreadable" in device.app.toast
    # The snapshot that could not be read is still on the flash, under another name.
    assert newest in broken.files.values()
    broken.failing = {}                         # the read error goes away
    again = boot(MemoryFlash(broken.files))
    assert newest in again.flash.files.values()


def test_a_read_error_that_passes_is_retried_and_the_newest_game_resumes():
    flash, game = saved_flash()
    device = boot(FlakyReads(flash.files, [SNAPSHOT, JOURNAL], times=1))
    assert same_game(device.app.game, game)
    assert "Resumed" in device.app.toast and "unreadable" not in device.app.toast


# ---- 3. settings and game are saved independently --------------------------------------------

class NoSettingsWrites(MemoryFlash):
    def write(self, name, data):
        if name.startswith(SETTINGS):
            raise oserror(errno.EIO)
        MemoryFlash.write(self, name, data)


def test_a_failing_settings_save_does_not_block_the_game():
    flash = NoSettingsWrites()
    clock = ManualClock()
    device = boot(flash, clock)
    device.app.settings.sound = 0                # a setting changes: its save will fail
    device.app.settings_changed(in_parts=False)
    for k in range(22):
        device.app.act(logtext.parse("corp gain 1"))
        tick_for(device, clock, 1100)
    assert "Settings not saved" in device.saver.failed
    resumed = boot(MemoryFlash(flash.files))
    assert resumed.app.game.count == 22


# ---- 4. a failed append never leaves a sequence number to collide with ----------------------

class PartialAppend(MemoryFlash):
    """The append number `fail_at` writes part of its record, then raises EIO."""

    def __init__(self, fail_at):
        MemoryFlash.__init__(self)
        self.appends = 0
        self.fail_at = fail_at

    def append(self, name, data):
        self.appends += 1
        if self.appends == self.fail_at:
            MemoryFlash.append(self, name, bytes(data)[:len(data) // 2])
            raise oserror(errno.EIO)
        MemoryFlash.append(self, name, data)


def test_a_failed_append_is_followed_by_a_snapshot_and_nothing_is_lost():
    flash = PartialAppend(fail_at=5)
    clock = ManualClock()
    device = boot(flash, clock)
    for k in range(55):
        device.app.act(logtext.parse("corp gain 1" if k % 2 else "runner gain 1"))
        clock.now += 1100
        device_tick(device, clock.now)
    clock.now += 1100
    device_tick(device, clock.now)
    assert not device.saver.pending()
    resumed = boot(MemoryFlash(flash.files))
    assert resumed.app.game.count == 55
    assert not [name for name in flash.files if ".bad" in name]


# ---- 5. the journal is never deleted, and alone it can still give the game back -------------

def first_game_on_a_board(actions=44):
    """A board's first game: one snapshot of the new game, then a journal of `actions`."""
    flash = MemoryFlash()
    clock = ManualClock()
    device = boot(flash, clock)
    ops = script_ops(actions)
    play_ops(device, clock, ops)
    assert PREVIOUS not in flash.files and journal_of(flash)
    return flash, device.app.game


def test_the_first_game_comes_back_from_its_journal_when_its_snapshot_is_damaged():
    flash, game = first_game_on_a_board()
    journal = journal_of(flash)
    flash.files[SNAPSHOT] = b"NETCLICK-SAVE 1 damaged"
    device = boot(flash)
    assert same_game(device.app.game, game)
    assert "journal" in device.app.toast
    assert journal in flash.files.values()                   # kept aside, not deleted
    again = boot(MemoryFlash(flash.files))                   # and saved again as a snapshot
    assert same_game(again.app.game, game)


def test_a_journal_of_a_later_generation_alone_rebuilds_the_game_and_is_kept_aside():
    flash, game = saved_flash()                              # a later generation: base > 0
    saved = boot(MemoryFlash(dict(flash.files))).app.game    # what the intact files resume
    journal = journal_of(flash)
    flash.files[SNAPSHOT] = b"damaged"
    flash.files[PREVIOUS] = b"damaged too"
    device = boot(flash)
    # its start record holds the state the journal's records follow
    assert device.app.game.state.pack() == saved.state.pack()
    assert journal in flash.files.values()
    assert "Rebuilt from the journal" in device.app.toast


def test_a_journal_without_its_start_record_is_kept_aside_not_made_into_a_game():
    flash, game = saved_flash()
    journal = journal_of(flash)
    start_end = 1 + 2 + (journal[1] & 0x7F | journal[2] << 7) + 4
    set_journal(flash, journal[start_end:])              # an older journal: no start record
    flash.files[SNAPSHOT] = b"damaged"
    flash.files[PREVIOUS] = b"damaged too"
    device = boot(flash)
    assert device.app.game.count == 0
    assert journal[start_end:] in flash.files.values()
    assert "New game" in device.app.toast


# ---- 7. a repeated failure cannot fill the flash with copies ----------------------------------

def test_thirty_boots_with_a_damaged_temporary_file_keep_few_copies():
    flash, game = saved_flash()
    for k in range(30):
        flash.files[TEMPORARY] = b"NETCLICK-SAVE 1 torn %d" % k     # a different tear each time
        device = boot(flash)
        assert same_game(device.app.game, game)
    kept = [name for name in flash.files if name.startswith(TEMPORARY + ".bad")]
    assert 1 <= len(kept) <= 3
    assert flash.files[TEMPORARY + ".bad1"] == b"NETCLICK-SAVE 1 torn 0"    # the first is kept
    assert b"NETCLICK-SAVE 1 torn 29" in flash.files.values()             # and the latest


def test_the_same_damaged_file_is_never_kept_twice_and_the_space_left_is_said():
    flash, game = saved_flash()
    flash = MemoryFlash(flash.files, capacity=64 * 1024)
    for k in range(5):
        flash.files[SNAPSHOT] = b"the same damage"
        device = boot(flash)
    copies = [name for name, data in flash.files.items() if data == b"the same damage"]
    assert copies == [SNAPSHOT + ".bad1"]
    assert "KB free" in device.app.toast


# ---- 8. the crash screen says what is true ----------------------------------------------------

def crash_screen_text(monkeypatch, flash, before_crash=None):
    from firmware.netrunner import dashboard
    from firmware.screens.fonts import SMALL
    sim = Simulator(flash=flash)
    sim.keys("OK")
    sim.settle()
    drawn = []
    real_draw = SMALL.draw

    def spy(fb, text, *args):
        drawn.append(text)
        return real_draw(fb, text, *args)
    monkeypatch.setattr(SMALL, "draw", spy)
    monkeypatch.setattr(dashboard.Dashboard, "on_button", lambda self, app, name, event: 1 / 0)
    sim.app.act(logtext.parse("corp gain 2"))           # not saved yet when the crash comes
    if before_crash:
        before_crash()
    sim.keys("OK")
    assert sim.resets == 1
    return " ".join(drawn)


class GameWritesFail(MemoryFlash):
    """After `fail` is set, every write but error.log's fails as on a flash gone bad."""
    fail = False

    def _store(self, name, before, data):
        if self.fail and name != "error.log":
            raise oserror(errno.EIO)
        MemoryFlash._store(self, name, before, data)


def test_the_crash_screen_does_not_claim_a_save_that_failed(monkeypatch):
    flash = GameWritesFail()
    text = crash_screen_text(monkeypatch, flash, before_crash=lambda: setattr(flash, "fail", True))
    assert "The game is saved." not in text
    assert "NOT saved" in text


def test_the_crash_screen_says_saved_when_it_is(monkeypatch):
    text = crash_screen_text(monkeypatch, MemoryFlash())
    assert "The game is saved." in text


# ---- 9. a chord during a flash write is still a chord ----------------------------------------

def test_three_buttons_tapped_together_during_a_flash_write_do_nothing():
    chord = []

    def during_write():
        while chord:
            pins = [PINS["buttons"][name] for name in chord.pop()]
            for pin in pins:
                machine.board.press(pin)
            for pin in pins:
                machine.board.release(pin)
    sim = Simulator(flash=PowerCutFlash(during_write=during_write))
    sim.keys("OK")                                      # a change: a save is due
    before = sim.app.game.state.pack()
    chord.append(("UP", "RIGHT", "OK"))
    sim.run(1500)                                       # the save happens, the chord inside it
    sim.run(300)
    assert not chord
    assert sim.app.game.state.pack() == before and sim.app.screen.name == "dashboard"
    sim.keys("OK")                                      # and the next press works
    assert sim.app.game.state.pack() != before


def test_two_taps_during_a_flash_write_both_count():
    taps = []

    def during_write():
        while taps:
            pin = PINS["buttons"][taps.pop()]
            machine.board.press(pin)
            machine.board.release(pin)
    sim = Simulator(flash=PowerCutFlash(during_write=during_write))
    sim.keys("OK")
    taps.extend(["OK", "OK"])                           # one pin latches once: one tap
    sim.run(1500)
    sim.run(300)
    assert sim.app.game.state.corp.credits == 7


# ---- 6. the boot never dies -----------------------------------------------------------------

def glass_of_a_board_that_always_had_its_display(flash):
    """What the OLED of a healthy board shows for the same saved game, messages gone."""
    healthy = Simulator(flash=MemoryFlash(flash.files))
    healthy.run(3000)
    return healthy.oled.glass_bytes()


def test_a_missing_display_leaves_buttons_and_saving_working_and_is_retried():
    from host_tools.keyscript import Driver
    flash = MemoryFlash()
    machine.board = machine.Board()                     # no OLED on the bus
    clock = ManualClock()
    device = Device(PINS, clock, flash)
    assert not device.app.display.online
    driver = Driver(device, clock, PINS)
    driver.play("OK,OK")                                # buttons work without a display
    driver.run(1500)
    assert device.app.game.state.corp.credits == 7
    assert not device.saver.pending()                   # and saving
    oled = SSD1306()
    machine.board.i2c_devices[0x3C] = oled              # plugged in (or answering again)
    driver.run(3000)
    assert device.app.display.online
    shown = oled.glass_bytes()
    assert shown == glass_of_a_board_that_always_had_its_display(flash)


def test_a_display_that_stops_answering_is_set_up_again():
    sim = Simulator()
    sim.board.i2c_devices.pop(0x3C)                     # a loose wire
    sim.keys("OK")
    assert not sim.app.display.online
    assert sim.app.game.state.corp.credits == 6
    sim.board.i2c_devices[0x3C] = fresh = SSD1306()     # back, having lost its setup
    sim.run(1500)
    sim.keys("OK")
    sim.run(3000)
    shown = fresh.glass_bytes()
    assert shown == glass_of_a_board_that_always_had_its_display(sim.flash)


@pytest.mark.parametrize("settings", [
    b"[" * 100000 + b"]" * 100000,                      # RecursionError in json
    b'{"agenda_target": ' + b"9" * 5000 + b"}",          # an integer too long to read
    b'{"agenda_target": "7", "dim_s": 1e999, "flip": null}',
    b"\xff\xfe\x00",
])
def test_hostile_settings_never_stop_the_boot(settings):
    flash, game = saved_flash()
    flash.files[SETTINGS] = settings
    device = boot(flash)
    assert same_game(device.app.game, game)
    assert settings in flash.files.values()             # kept aside


def test_the_tracker_halts_on_a_screen_when_it_cannot_be_built(monkeypatch):
    from firmware import main

    class Stop(BaseException):
        pass
    clock = ManualClock()
    waited = []

    def sleep(ms):
        waited.append(ms)
        if len(waited) > 3:
            raise Stop()
    clock.sleep_ms = sleep
    flash = MemoryFlash({"hardware/pins.json": json.dumps(PINS).encode()})
    monkeypatch.setattr(main.hw, "Clock", lambda: clock)
    monkeypatch.setattr(main.hw, "Flash", lambda: flash)
    monkeypatch.setattr(main, "load_pins", lambda path: PINS)
    monkeypatch.setattr(main, "Device", lambda *a, **k: (_ for _ in ()).throw(MemoryError()))
    restarts = []
    monkeypatch.setattr(main.hw, "restart", lambda: restarts.append(1))
    machine.board = machine.Board()
    oled = machine.board.i2c_devices[0x3C] = SSD1306()
    with pytest.raises(Stop):
        main.run()
    assert not restarts                                 # no crash loop: it waits
    assert b"MemoryError" in flash.files["error.log"]
    assert any(oled.glass_bytes())                      # and says so on the display


BOOT_ERRORS = [("ENOSPC", lambda: oserror(errno.ENOSPC)), ("EROFS", lambda: oserror(errno.EROFS)),
               ("EIO", lambda: oserror(errno.EIO)), ("MemoryError", MemoryError)]


def sweep_flash():
    """A flash with every kind of file a boot reads: snapshot, previous, journal, settings, and
    a damaged temporary file to keep aside."""
    flash, game = saved_flash()
    flash.files[SETTINGS] = b'{"agenda_target": 7}'
    flash.files[TEMPORARY] = b"NETCLICK-SAVE 1 torn"
    return flash.files, game


def boot_ops(files):
    """The file operations of one boot and its first pass (the compaction)."""
    flash = FaultFlash(files)
    boot(flash)
    return flash.ops


@pytest.mark.parametrize("persistent", [False, True], ids=["once", "from-then-on"])
@pytest.mark.parametrize("name,error", BOOT_ERRORS, ids=[e[0] for e in BOOT_ERRORS])
def test_boot_fault_sweep(name, error, persistent, capsys):
    files, game = sweep_flash()
    ops = boot_ops(files)
    assert len(ops) > 10
    for k in range(1, len(ops) + 1):
        flash = FaultFlash(files, fail_at=k, error=error, repeat=persistent)
        clock = ManualClock()
        device = boot(flash, clock)                     # must not raise
        where = "op %d %s (%s)" % (k, ops[k - 1], name)
        app = device.app
        held = device.saver.held
        if held:
            assert app.game.count == 0 and "SAVING OFF" in app.toast, where
        else:
            assert same_game(app.game, game), where
        # Playable: a press changes the game, and the OLED shows it.
        before = app.game.state.pack()
        Driver(device, clock, PINS).play("UP,OK")      # a credit, whatever the bar's cell
        assert app.game.state.pack() != before, where
        assert any(machine.board.i2c_devices[0x3C].glass_bytes()), where
        # Nothing deleted: with the fault gone, the next boot has the whole game.
        again = boot(MemoryFlash(flash.files))
        expected = game if held else app.game
        restored = again.app.game
        if not same_game(restored, expected):
            # a change not yet committed when the fault hit may be missing, never more
            assert same_game(restored, game), where
    with capsys.disabled():
        print("\n  boot faults tried (%s, %s): %d operations"
              % (name, "persistent" if persistent else "once", len(ops)))


# ---- 12. the simulator's --save-dir on Windows ------------------------------------------------

def test_save_dir_works_where_rename_does_not_replace(tmp_path, monkeypatch):
    import os
    real_rename = os.rename

    def windows_rename(old, new):               # os.rename on Windows: the target must not exist
        if os.path.exists(new):
            raise FileExistsError(errno.EEXIST, "Cannot create a file when that file already "
                                  "exists", new)
        real_rename(old, new)
    monkeypatch.setattr(os, "rename", windows_rename)
    save_dir = str(tmp_path)
    for round_ in range(3):                     # three boots: three compactions over old files
        sim = Simulator(save_dir=save_dir)
        sim.keys("OK")
        sim.settle()
        assert not sim.device.saver.failed, sim.device.saver.failed
    assert Simulator(save_dir=save_dir).app.game.count == 3


def test_settings_that_cannot_be_saved_are_retried_less_and_less_often():
    """A chip that fails every settings write is not written to every second for ever (it was
    608 tries, 108 KB in 10 minutes): the game keeps saving, the settings back off to a minute."""
    flash = MemoryFlash()
    clock = ManualClock()
    device = boot(flash, clock)
    tries = []
    real_write = flash.write

    def write(name, data):
        if name.startswith(SETTINGS):
            tries.append(name)
            raise OSError(errno.EIO, "I/O error")
        real_write(name, data)
    flash.write = write
    device.app.settings.contrast = 3
    device.app.settings_version += 1
    for _ in range(600):                             # ten minutes, a tick a second
        clock.now += 1000
        device_tick(device, clock.now)
    assert 5 <= len(tries) <= 25
    assert "Settings not saved" in (device.saver.failed or "")


def test_a_retry_after_a_memory_error_still_says_what_the_first_try_set_aside(monkeypatch):
    """The first try keeps a damaged journal aside, then runs out of memory; the retry finds no
    journal: the player must still be told where those actions went."""
    flash, game = saved_flash()
    from firmware.saving import resume                           # (each boot lets it go: after)
    journal = bytearray(journal_of(flash))
    journal[-3] ^= 0xFF                                   # the last record damaged
    set_journal(flash, bytes(journal))
    real = resume.resumed
    calls = []

    def resumed(game):
        calls.append(1)
        if len(calls) == 1:
            raise MemoryError()                           # after the journal was set aside
        return real(game)
    monkeypatch.setattr(resume, "resumed", resumed)
    device = boot(flash)
    assert len(calls) == 2
    assert flash.files[JOURNAL + ".bad1"] == bytes(journal)
    assert "game.jnl as game.jnl.bad1" in device.app.toast and device.saver.held is None
