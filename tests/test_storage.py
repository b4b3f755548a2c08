"""Never lose a game: saving, power cuts at every step, damaged files, crashes, the watchdog,
and buttons under abuse."""

import json
import random

import pytest

import machine
from engine_lite import logtext
from host_tools.keyscript import ManualClock
from firmware.main import Device, load_pins
from firmware.saving.header import frame, unframe
from firmware.saving.storage import SNAPSHOT, PREVIOUS, JOURNAL, checksum
from host_tools.flash import MemoryFlash, PowerCutFlash, PowerCut
from host_tools.scripted_game import scripted_game
from host_tools.sim import Simulator, Hang
from host_tools.ssd1306_emu import SSD1306
from simhelp import choose, journal_of, set_journal, run_of, saver_tick, device_tick

PINS = load_pins("hardware/pins.json")


def boot(flash, clock=None):
    """A Device on a fresh simulated board (no simulator around it: fast), after the first pass
    of its main loop (which compacts the saved game into a fresh snapshot)."""
    machine.board = machine.Board()
    machine.board.i2c_devices[0x3C] = SSD1306()
    clock = clock or ManualClock()
    device = Device(PINS, clock, flash)
    device_tick(device, clock.now)
    return device


def same_game(a, b):
    return (a.state.pack() == b.state.pack() and a.history == b.history and a.redo_stack == b.redo_stack)


# ---- saving and resuming --------------------------------------------------------------------

def test_a_game_resumes_exactly_with_its_undo_history_and_redo_list():
    sim = Simulator()
    sim.keys("OK,OK,RIGHT,OK,WAIT:1000,LONG:OK,UP,UP,OK,LONG:LEFT")   # ..., then undo the +2
    sim.settle()
    again = Simulator(flash=sim.flash)
    assert same_game(again.app.game, sim.app.game)
    assert again.app.game.redo_stack and again.app.game.count == sim.app.game.count
    assert "Resumed - Turn 1" in again.app.toast
    again.keys("LONG:RIGHT")                               # redo survived the restart
    assert again.app.game.state.runner.credits == sim.app.game.state.runner.credits + 2


def test_the_simulator_save_dir_resumes_the_game(tmp_path):
    first = Simulator(save_dir=str(tmp_path))
    first.keys("OK,OK,OK,OK")
    first.settle()
    second = Simulator(save_dir=str(tmp_path))
    assert same_game(second.app.game, first.app.game)
    assert (tmp_path / SNAPSHOT).exists() and (tmp_path / PREVIOUS).exists()


def test_commits_wait_for_a_pause_in_the_presses_and_none_is_late():
    """A commit is kept out of the way of presses (a flash write can take 80 ms), but never
    waits long: in 16 s of presses at 3 to 5 a second, no gap between commits is under a second or
    over five, and half a second after the last press everything is committed. One the
    presses make due never starts while a key is down: a key released during the write was
    answered after it (the rhythm sweep's late tap at 1 MHz, 72 ms)."""
    from firmware.saving.storage import Saver
    sim = Simulator()
    storage = sim.device.storage
    commits = []
    before = [storage.commits]
    keys_down = []
    commit = storage.commit

    def counted(*args):
        keys_down.append(sim.device.app.pad.held())
        return commit(*args)
    storage.commit = counted

    def after(index, step):
        if storage.commits != before[0]:
            commits.append(sim.clock.now)
            before[0] = storage.commits
    start = sim.clock.now
    rnd = random.Random(5)            # 80 presses, each pair a change, 200-350 ms apart
    sim.keys(",".join("UP,WAIT:%d,OK,WAIT:%d" % (rnd.randrange(150), rnd.randrange(150))
                      for _ in range(40)), after)
    marks = [start] + commits
    gaps = [b - a for a, b in zip(marks, marks[1:])]
    assert len(commits) >= 3
    assert min(gaps) >= 1000 and max(gaps) <= Saver.INTERVAL_MS + Saver.BUSY_MAX_MS + 200
    assert len(keys_down) == len(commits) and not any(keys_down)
    assert sim.device.saver.pending()                      # the last presses: not yet
    sim.run(Saver.SETTLE_MS + 100)
    assert not sim.device.saver.pending()


def test_nothing_is_written_without_a_change():
    sim = Simulator()
    sim.settle()
    written = sim.flash.bytes_written
    sim.keys("LEFT,RIGHT,RIGHT,RIGHT,RIGHT,OK,DOWN,LEFT,WAIT:3000")   # looking around only
    assert sim.flash.bytes_written == written


# ---- power cuts -----------------------------------------------------------------------------

def script_ops(count=200):
    """A game of `count` operations: actions from the scripted game, with undo and redo."""
    ops = []
    lines = list(scripted_game(40))
    rnd = random.Random(7)
    i = 0
    while len(ops) < count:
        ops.append(lines[i])
        i += 1
        roll = rnd.random()
        if roll < 0.08:
            ops.append("undo")
        elif roll < 0.12:
            ops += ["undo", "redo"]
    return ops[:count]


def infiltration_ops(count=200):
    """An Infiltration game of `count` operations after its start (the first operation): four
    players' agents moving, wounded and healed, alarm and proximity changing, phases and
    security rolls, with undo and redo; every action one the rules take at that point."""
    from engine_lite.game import Game
    from engine_lite.infiltration import rules as I
    from engine_lite.base import Refused
    game = Game(I.new_game(4, 1), I)
    rnd = random.Random(11)
    moves = [(I.ALARM, 0, 1, 0, 0), (I.ALARM, 0, -1, 0, 0), (I.PROXIMITY, 0, 2, 0, 0),
             (I.PROXIMITY, 0, -9, 0, 0),
             (I.NEXT_PHASE, 0, 0, 0, 0), (I.NEXT_PHASE, 0, 0, 0, 0)]
    moves += [(I.SECURITY, 0, die, 0, 0) for die in range(1, 7)]
    moves += [(verb, 0, p, 0, 0) for verb in (I.ADVANCE, I.WOUND, I.HEAL, I.RETREAT)
              for p in range(1, 5)]
    ops = ["infiltration"]
    while len(ops) < count:
        act = rnd.choice(moves)
        try:
            game.do(act)
        except Refused:
            continue
        if game.state.ended:            # (the game goes on: what ends it is not this test's)
            game.undo()
            continue
        ops.append(act)
        roll = rnd.random()
        if roll < 0.08:
            ops.append("undo")
            game.undo()
        elif roll < 0.12:
            ops += ["undo", "redo"]
    return ops[:count]


def play_ops(device, clock, ops, record=None, pause=True):
    """Apply operations with 400 ms between them and the saver running, as a player would.
    An operation is a game-log line, an action tuple, "undo", "redo", or "infiltration" (a new
    4-player Infiltration game, as its menu starts one). `record(k)` is told after each
    operation k (1-based) and after each commit. Then a pause of 1.5 s, unless `pause` is
    False."""
    app = device.app
    for k in range(1, len(ops) + 1):
        op = ops[k - 1]
        if op == "undo":
            app.undo()
        elif op == "redo":
            app.redo()
        elif op == "infiltration":
            from engine_lite.game import Game
            from engine_lite.infiltration import rules as I
            from firmware.games import start_game
            start_game(app, Game(I.new_game(4, 1), I))
        elif isinstance(op, tuple):
            app.act(op)
        else:
            app.act(logtext.parse(op))
        clock.now += 400
        if record:
            record("op", k)
        saver_tick(device, clock.now)
        if record:
            record("tick", k)
    if pause:
        clock.now += 1500
        saver_tick(device, clock.now)


def reference_run(ops):
    """Every state along the way, how many flash steps an uncut run takes, and the most files
    the journal was kept in at once (firmware.board.hw.JournalFiles)."""
    flash = PowerCutFlash()
    clock = ManualClock()
    device = boot(flash, clock)
    states = [(device.app.game.state.pack(), bytes(device.app.game.history))]
    files = [0]

    def record(kind, k):
        if kind == "op":
            states.append((device.app.game.state.pack(), bytes(device.app.game.history)))
        files[0] = max(files[0], len(run_of(flash)))
    play_ops(device, clock, ops, record)
    return states, flash.steps, files[0]


@pytest.mark.parametrize("model,kind", [("littlefs", "netrunner"), ("torn", "netrunner"),
                                        ("littlefs", "infiltration"), ("torn", "infiltration")])
def test_a_power_cut_at_any_step_loses_at_most_the_uncommitted_actions(model, kind, capsys,
                                                                       monkeypatch):
    from firmware.saving.storage import Storage
    # Compact every ~20 commits, so that the 200 operations also cut snapshot rewrites.
    monkeypatch.setattr(Storage, "JOURNAL_LIMIT", 256)
    monkeypatch.setattr(Storage, "JOURNAL_HARD_LIMIT", 512)   # whether or not there are pauses
    # ... and the journal in files of 40 bytes, so that cuts fall in appends that start one
    from firmware.board.hw import JournalFiles
    monkeypatch.setattr(JournalFiles, "SEGMENT_BYTES", 40)
    ops = script_ops(200) if kind == "netrunner" else infiltration_ops(200)
    states, total_steps, journal_files = reference_run(ops)
    assert total_steps > 100
    # (Infiltration's start record, the whole state, is past 256 bytes: compacted at the next)
    assert journal_files >= 2 or kind == "infiltration"
    for cut in range(1, total_steps + 1):
        flash = PowerCutFlash(cut_at=cut, model=model)
        clock = ManualClock()
        progress = {"op": 0, "committed": 0}
        with pytest.raises(PowerCut):
            device = boot(flash, clock)           # its first pass writes: it may be cut too

            def record(kind, k):
                if kind == "op":
                    progress["op"] = k
                elif not device.saver.pending():
                    progress["committed"] = k
            play_ops(device, clock, ops, record)
        candidates = states[progress["committed"]:progress["op"] + 1]
        # The power comes back, and a second cut may land anywhere in the boot that follows
        # (its compaction writes, renames and removes): the game that boot shows must come back
        # after it (the boot never rewrites the only copy of anything).
        shown = boot(MemoryFlash(dict(flash.files))).app.game
        shown = (shown.state.pack(), bytes(shown.history))
        for second in range(1, 9):
            again = PowerCutFlash(cut_at=second, model=model, files=dict(flash.files))
            try:
                boot(again)
            except PowerCut:
                pass
            restored = boot(MemoryFlash(again.files)).app.game
            assert (restored.state.pack(), bytes(restored.history)) == shown, \
                "cut %d (%s), then cut %d in the next boot: another game came back" % (
                    cut, model, second)
        flash.cut_at = None                       # the power comes back
        restored = boot(flash).app.game           # must not raise, must be readable
        found = (restored.state.pack(), bytes(restored.history))
        assert found in candidates, "cut %d (%s): restored a state from no prefix after " \
            "op %d" % (cut, model, progress["committed"])
    with capsys.disabled():
        print("\n  power cuts tried (%s model, %s): %d, over %d operations"
              % (model, kind, total_steps, len(ops)))


def test_a_power_cut_while_booting_loses_nothing():
    flash = MemoryFlash()
    clock = ManualClock()
    device = boot(flash, clock)
    play_ops(device, clock, script_ops(60))
    expected = device.app.game
    for cut in range(1, 8):                       # the boot's compaction: write, renames, remove
        cutting = PowerCutFlash(cut_at=cut, files=flash.files)
        try:
            boot(cutting)
        except PowerCut:
            pass
        assert same_game(boot(MemoryFlash(cutting.files)).app.game, expected)


# ---- damaged files --------------------------------------------------------------------------

def saved_flash(ops=40):
    """A flash with a snapshot, a previous generation and a journal."""
    flash = MemoryFlash()
    clock = ManualClock()
    device = boot(flash, clock)
    play_ops(device, clock, script_ops(ops))
    boot(flash)                                   # compaction: now game.bak exists too
    device = boot(flash, clock)
    play_ops(device, clock, ["corp gain 1"])
    return flash, device.app.game


def test_a_snapshot_cut_short_at_every_offset_falls_back_to_the_previous_one():
    flash, game = saved_flash()
    good = flash.files[SNAPSHOT]
    previous = boot(MemoryFlash({SNAPSHOT: flash.files[PREVIOUS]})).app.game
    for cut in range(0, len(good)):
        files = dict(flash.files)
        files[SNAPSHOT] = good[:cut]
        files.pop(JOURNAL, None)
        damaged = MemoryFlash(files)
        device = boot(damaged)
        assert same_game(device.app.game, previous), cut
        assert damaged.files[SNAPSHOT + ".bad1"] == good[:cut]        # kept aside, not deleted
        assert "Save damaged: kept as game.json.bad1." in device.app.toast


@pytest.mark.parametrize("damage", ["random", "version", "out_of_range", "not_json", "empty"])
def test_damaged_saves_are_kept_aside_and_reported(damage):
    flash, game = saved_flash()
    text = flash.files[SNAPSHOT].split(b"\n", 1)[1]
    if damage == "random":
        bad = bytes(random.Random(3).getrandbits(8) for _ in range(300))
    else:
        data = json.loads(text)
        if damage == "version":
            data["netclick"] = 9
        elif damage == "out_of_range":
            data["state"][11] = -40               # Corp credits below zero
        body = b"{not json" if damage == "not_json" else json.dumps(data).encode()
        if damage == "empty":
            body = b""
        bad = frame(99, body, checksum(body))   # a valid header: the content is bad
    both = MemoryFlash({SNAPSHOT: bad, PREVIOUS: bad})
    device = boot(both)
    assert device.app.game.count == 0                        # a new game
    assert both.files[SNAPSHOT + ".bad1"] == bad and both.files[PREVIOUS + ".bad1"] == bad
    assert "New game." in device.app.toast and "kept as" in device.app.toast


def test_a_damaged_journal_is_kept_aside_and_the_good_records_are_used():
    flash, game = saved_flash()
    clock = ManualClock()
    device = boot(flash, clock)
    for line in ("corp gain 2", "corp gain 3", "corp gain 4"):
        device.app.act(logtext.parse(line))
        clock.now += 1100
        saver_tick(device, clock.now)
    journal = bytearray(journal_of(flash))
    ends = record_ends(journal)                              # the start record, then actions'
    assert journal[0] == 0xA6 and len(ends) == 4
    journal[ends[1] + 5] ^= 0xFF                             # damage the second action record
    set_journal(flash, bytes(journal))
    resumed = boot(flash)
    assert resumed.app.game.state.corp.credits == game.state.corp.credits + 2
    assert flash.files[JOURNAL + ".bad1"] == bytes(journal)
    assert "Journal damaged" in resumed.app.toast


def record_ends(journal):
    """Where each record of a journal ends."""
    ends = []
    i = 0
    while i < len(journal):
        length, shift, j = 0, 0, i + 1
        while True:
            byte = journal[j]
            j += 1
            length |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                break
        i = j + length + 4
        ends.append(i)
    return ends


def test_damaged_settings_are_kept_aside():
    flash = MemoryFlash({"settings.json": b"\x00garbage"})
    device = boot(flash)
    assert device.app.settings.agenda_target == 7
    assert flash.files["settings.json.bad1"] == b"\x00garbage"


def test_settings_survive_a_restart():
    sim = Simulator()
    choose(sim, "More", "Settings", "Agenda target")
    sim.keys("UP,UP,OK")                                               # 9
    sim.settle()
    again = Simulator(flash=sim.flash)
    assert again.app.settings.agenda_target == 9 and again.app.game.state.agenda_target == 9


# ---- crashes and hangs ----------------------------------------------------------------------

def test_an_exception_in_the_ui_shows_a_code_saves_and_restarts_into_the_game(monkeypatch):
    sim = Simulator()
    sim.keys("OK,OK")
    from firmware.netrunner import dashboard

    def broken(self, app, name, event):
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(dashboard.Dashboard, "on_button", broken)
    sim.keys("RIGHT")
    monkeypatch.undo()
    assert sim.resets == 1 and sim.boots == 2
    assert sim.app.game.state.corp.credits == 7            # nothing lost
    log = sim.flash.files["error.log"].decode()
    assert log.startswith("E") and "ZeroDivisionError: a bug" in log
    code = log.split("\n", 1)[0]
    assert len(code) == 5


def test_the_error_screen_shows_the_code(monkeypatch):
    import framebuf
    from firmware.netrunner import dashboard
    from firmware.screens.fonts import SMALL
    sim = Simulator()
    monkeypatch.setattr(dashboard.Dashboard, "on_button",
                        lambda self, app, name, event: 1 / 0)
    shown = []

    def restart():                    # look at the glass just before the board resets
        shown.append(sim.oled.glass_bytes())
        raise SystemExit()
    monkeypatch.setattr("firmware.board.hw.restart", restart)
    sim.keys("OK")
    assert shown and sim.resets == 1
    code = sim.flash.files["error.log"].decode().split("\n", 1)[0]
    expected = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    SMALL.draw(expected, "NETCLICK ERROR " + code, 2, 1)
    expected.hline(0, 9, 128, 1)
    assert shown[0][:128] == bytes(expected._buf[:128])     # the title row, with the code


def test_a_hang_is_turned_into_a_reboot_by_the_watchdog(monkeypatch):
    sim = Simulator()
    sim.keys("OK,OK,OK")
    sim.settle()
    before = sim.app.game.state.pack()

    def hang(now):
        raise Hang()
    monkeypatch.setattr(sim.app, "tick", hang)
    sim.run(50)
    assert sim.watchdog_resets == 1 and sim.app.game.state.pack() == before
    sim.keys("LONG:OK")       # and it plays on: no clicks left, so the bar is on End
    assert sim.state()["active"] == "runner"


# ---- buttons under abuse --------------------------------------------------------------------

def test_all_buttons_held_at_once_do_nothing():
    sim = Simulator()
    before = sim.app.game.state.pack()
    keys = ",".join("PRESS:%s" % b for b in ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK"))
    sim.keys(keys + ",WAIT:2000," + keys.replace("PRESS", "RELEASE") + ",WAIT:500")
    assert sim.app.game.state.pack() == before and sim.app.screen.name == "dashboard"
    assert sim.app.screen.pending is None
    sim.keys("OK")                                        # and the next press works
    assert sim.app.game.state.corp.credits == 6


def test_a_button_held_while_booting_does_nothing():
    sim = Simulator()
    sim.keys("OK")
    sim.settle()
    machine.board.press(PINS["buttons"]["OK"])
    sim.boot()                                            # power cycle with OK held
    sim.run(1500)
    machine.board.release(PINS["buttons"]["OK"])
    sim.run(200)
    assert sim.app.game.state.corp.credits == 6


def loop_pass(device, clock):
    """One pass of the main loop as run() makes it: a tick, then its sleep."""
    device_tick(device, clock.now)
    clock.now += device.poll_ms()


def test_a_tap_during_a_slow_save_is_kept_and_answered_at_the_next_short_poll():
    """A save can take most of a second on a slow flash (a sector erase at its worst), and a
    key pressed meanwhile is latched by its interrupt: the tap is not lost (nor doubled), and
    the main loop polls again after its short sleep, not the idle one, so the tap changes the
    game soon after the save ends."""
    from firmware.board.buttons import Button
    clock = ManualClock()
    taps = []
    tapped_at = []

    def during_write():
        if taps:                      # the player taps OK while the flash is busy
            pin = PINS["buttons"][taps.pop()]
            machine.board.press(pin)
            machine.board.release(pin)
            tapped_at.append(clock.now)
    device = boot(PowerCutFlash(during_write=during_write), clock)
    pin = PINS["buttons"]["OK"]
    machine.board.press(pin)          # a change (+1 credit): a save is due
    for _ in range(40):
        loop_pass(device, clock)
    machine.board.release(pin)
    for _ in range(10):
        loop_pass(device, clock)
    credits = device.app.game.state.corp.credits
    assert credits == 6 and device.saver.pending()
    taps.append("OK")
    while not tapped_at:              # the loop as run() drives it, until the save
        loop_pass(device, clock)
        assert clock.now < 5000
    while device.app.game.state.corp.credits == credits:
        loop_pass(device, clock)
        assert clock.now < 5000
    # (its edge is seen as the write ends, and could be a press just begun: the tap counts
    # once the debounce lockout has passed, firmware.board.buttons)
    assert clock.now - tapped_at[0] <= Button.debounce_ms + 3 * device.app.POLL_MS
    for _ in range(100):
        loop_pass(device, clock)
    assert device.app.game.state.corp.credits == credits + 1


def test_random_chatter_on_every_press_gives_exactly_the_presses_made():
    rnd = random.Random(11)
    sim = Simulator()
    pin = PINS["buttons"]["OK"]
    for _ in range(3):
        for edge in (machine.board.press, machine.board.release):
            for _ in range(rnd.randint(2, 6)):        # a few ms of bounce on each edge
                (machine.board.press if rnd.random() < 0.5 else machine.board.release)(pin)
                sim.clock.now += 1                     # between two polls of the main loop
            edge(pin)
            sim.run(rnd.randint(60, 120))
    assert sim.app.game.state.corp.credits == 8


def test_a_journal_from_a_newer_generation_is_not_applied_to_the_previous_snapshot():
    flash, game = saved_flash()
    previous = boot(MemoryFlash({SNAPSHOT: flash.files[PREVIOUS]})).app.game
    files = dict(flash.files)
    files[SNAPSHOT] = b"damaged"              # the newest snapshot is lost; its journal remains
    damaged = MemoryFlash(files)
    device = boot(damaged)
    assert same_game(device.app.game, previous)
    assert damaged.files[JOURNAL + ".bad1"] == journal_of(flash)
    assert "Journal damaged" in device.app.toast


def test_the_error_log_does_not_grow_without_bound(monkeypatch):
    from firmware.netrunner import dashboard
    sim = Simulator()
    monkeypatch.setattr(dashboard.Dashboard, "on_button", lambda self, app, name, event: 1 / 0)
    for _ in range(12):
        sim.keys("OK")
    assert sim.resets == 12
    assert len(sim.flash.files["error.log"]) <= 4096 + 2048
    assert "error.log.old" in sim.flash.files


def test_killing_the_simulator_at_random_moments_never_loses_the_saved_game(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time
    from host_tools.scripted_game import scripted_keys
    save_dir = str(tmp_path / "flash")
    keys = ",".join(scripted_keys(60))
    rnd = random.Random(2)
    turns = []
    for attempt in range(6):
        player = subprocess.Popen([sys.executable, "-m", "host_tools.sim", "--headless",
                                   "--save-dir", save_dir, "--keys", keys],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(rnd.uniform(1.0, 4.0))
        player.send_signal(signal.SIGKILL)             # the plug is pulled mid-game
        player.wait()
        result = subprocess.run([sys.executable, "-m", "host_tools.sim", "--headless",
                                 "--save-dir", save_dir, "--dump-state"],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        state = json.loads(result.stdout)
        turns.append(state["turn"])
        assert state["winner"] is None and state["corp"]["credits"] >= 0
    assert max(turns) > 1                             # progress was saved along the way
    # game.json is only ever replaced by a rename, so no kill can leave it damaged
    assert not [name for name in os.listdir(save_dir) if name.startswith("game.json.bad")]


def test_saving_waits_while_a_button_is_down_then_catches_up():
    """A flash write takes up to 80 ms on a Pico: it does not start while a key is down (its
    release must change the screen at once), and it is done soon after the release."""
    from tests.simhelp import play
    sim = play("OK,WAIT:1500")                   # a credit, saved
    assert not sim.device.saver.pending()
    sim.keys("OK,OK,PRESS:DOWN")     # two credits (the second waits a second), DOWN held...
    sim.run(1500)                                # ...past the moment it would have saved
    assert sim.device.saver.pending()
    sim.keys("RELEASE:DOWN")
    sim.run(500)                                 # (a short pause first: Saver.SETTLE_MS)
    assert not sim.device.saver.pending()
    assert sim.device.storage.game.count == 3


def test_a_long_journal_is_compacted_in_a_pause_not_while_the_player_presses(monkeypatch):
    """Compacting the journal into a snapshot is the longest write (about 100 ms on a Pico):
    it waits for a pause in the presses, so it never delays the answer to one."""
    from firmware.saving.storage import Storage
    monkeypatch.setattr(Storage, "JOURNAL_LIMIT", 64)
    sim = Simulator()
    sim.run(3000)
    storage = sim.device.storage
    snapshots = []
    write = storage.snapshot_steps

    def counted(game):
        snapshots.append(sim.clock.now)
        return write(game)
    storage.snapshot_steps = counted      # (write_snapshot, and a pause's, a step at a time)
    # Two minutes of presses every 400 ms: the journal grows well past its limit...
    for _ in range(300):
        sim.keys("UP,OK,WAIT:200")
    assert snapshots == [] and storage.journal_size > Storage.JOURNAL_LIMIT
    assert storage.journal_size < Storage.JOURNAL_HARD_LIMIT
    # ...and is compacted in the first pause, with nothing new to save.
    sim.run(2000)
    assert len(snapshots) == 1 and storage.journal_size == 0
    assert same_game(Simulator(flash=sim.flash).app.game, sim.app.game)


# ---- power-up shows the game at once; the history is checked between presses ------------------

def long_saved_flash(rounds=40):
    """A flash whose snapshot holds a long game (about 700 actions) and no journal."""
    from engine_lite.game import Game
    from engine_lite import snapshot
    game = Game()
    for line in scripted_game(rounds):
        logtext.do_line(game, line)
    text = snapshot.dumps(game).encode()
    data = frame(5, text, checksum(text))
    return MemoryFlash({SNAPSHOT: data, PREVIOUS: data}), game


def test_power_up_replays_nothing_however_long_the_game(monkeypatch):
    from engine_lite.netrunner import rules
    flash, game = long_saved_flash()
    applied = []
    real = rules.advance        # (apply's own work, and a replay's)
    monkeypatch.setattr(rules, "advance", lambda s, a: applied.append(a) or real(s, a))
    device = boot(flash)
    assert applied == []                         # drawn from the snapshot's state
    assert device.app.game.state.pack() == game.state.pack()
    assert "Resumed - Turn %d" % game.state.turn in device.app.toast


@pytest.mark.parametrize("key", ["undo", "log"])
def test_undo_or_the_log_at_once_on_a_long_game_never_checks_it_in_one_go(monkeypatch, key):
    """Issue 36: a long game brought back and undone at once checked its whole history inside
    the press (6 s at 2,000 actions; the watchdog reset the board at 3,300). Now the press
    answers at once with how far the check is, and works once the pauses have checked it."""
    from engine_lite.game import Game
    from firmware.netrunner.menus import game_log
    flash, game = long_saved_flash()
    clock = ManualClock()
    device = boot(flash, clock)
    app = device.app
    assert app.game.unchecked
    checked = []
    real = Game.check

    def check(self, steps):
        checked.append(steps)
        return real(self, steps)
    monkeypatch.setattr(Game, "check", check)
    count = app.game.count
    app.undo() if key == "undo" else game_log(app)
    from firmware.history_steps import CHECK_NOW
    assert sum(checked) <= CHECK_NOW + 64               # nothing like the whole history
    assert "Checking the save" in app.toast and app.game.count == count
    while app.game.unchecked:                          # the pauses check it
        clock.now += 20
        device_tick(device, clock.now)
    app.undo() if key == "undo" else game_log(app)
    if key == "undo":
        assert app.game.count == count - 1
    else:
        assert app.screen.name == "log"


def test_the_history_is_checked_in_slices_while_nobody_presses():
    flash, game = long_saved_flash()
    clock = ManualClock()
    device = boot(flash, clock)
    resumed = device.app.game
    passes = 0
    while resumed.unchecked:
        clock.now += device.poll_ms()
        device_tick(device, clock.now)
        passes += 1
        assert passes < 20000
    assert passes > 10                            # in many short slices, not one long one
    assert resumed.damaged is None and same_game(resumed, game)
    assert "damaged" not in (device.app.toast or "")
    device.app.undo()                             # undo reaches into the checked history
    game.undo()
    assert resumed.state.pack() == game.state.pack()


def test_a_history_found_damaged_after_power_up_is_told_and_the_older_save_kept():
    from engine_lite.base import Refused
    flash, game = long_saved_flash()
    older = flash.files[PREVIOUS]
    header, text = flash.files[SNAPSHOT].split(b"\n", 1)
    data = json.loads(text)
    data["history"] = data["history"][:40] + ("A" if data["history"][40] != "A" else "B") + \
        data["history"][41:]
    text = json.dumps(data).encode()
    flash.files[SNAPSHOT] = frame(6, text, checksum(text))
    clock = ManualClock()
    device = boot(flash, clock)
    assert device.app.game.state.pack() == game.state.pack()       # on the glass at once
    while device.app.game.unchecked:
        clock.now += device.poll_ms()
        device_tick(device, clock.now)
    assert "Saved history damaged" in device.app.toast and "undo stops at power-up" in device.app.toast
    assert flash.files[PREVIOUS + ".bad1"] == older                # the older save, kept aside
    with pytest.raises(Refused):
        device.app.game.undo()
    clock.now += 3000
    device_tick(device, clock.now)                                         # saved whole, and sound
    again = boot(flash)
    assert again.app.game.state.pack() == game.state.pack()
    again.app.game.check_all()
    assert again.app.game.damaged is None


@pytest.mark.parametrize("error", [ValueError, MemoryError])
def test_a_save_no_screen_can_show_is_left_as_it_is_and_resumes_after_the_fix(monkeypatch, error):
    """A game whose first draw fails (a drawing bug, no memory) must not restart the tracker
    at every power-up, and must not be set aside either: the error is not in the file. The
    files stay untouched, saving is off and says so, error.log has the details; once the bug
    is fixed the next power-up resumes the game (issue 36)."""
    from firmware.netrunner.dashboard import Dashboard
    flash, game = saved_flash()
    before = dict(flash.files)
    real = Dashboard.draw

    def draw(self, app, fb):
        if app.game.count:
            raise error("cannot show this")          # the saved game only
        return real(self, app, fb)
    monkeypatch.setattr(Dashboard, "draw", draw)
    device = boot(flash)
    assert device.saver.held is not None and "SAVING OFF" in device.app.toast
    assert "could not be shown" in device.app.toast and "untouched" in device.app.toast
    assert "error.log" in flash.files
    device.app.act(logtext.parse("corp gain 1"))       # play on: nothing is written over it
    device.saver.flush()
    assert {name: data for name, data in flash.files.items() if name != "error.log"} == before
    monkeypatch.setattr(Dashboard, "draw", real)      # the fix
    again = boot(flash)
    assert again.saver.held is None
    assert same_game(again.app.game, game)


def rewritten(data, change):
    """A snapshot file with its JSON changed by `change(dict)`, and a valid checksum."""
    text = json.loads(data[data.find(b"\n") + 1:])
    change(text)
    body = json.dumps(text).encode()
    return frame(unframe(data)[0], body, checksum(body))


def test_a_save_with_extras_nested_deep_is_damaged_not_a_game_that_can_never_be_saved():
    """Issue 36: extras nested 300 deep resumed on the image, and every save after failed
    (json.dumps recursing): nothing played was kept. Such a file is damaged now: set aside,
    the previous save resumed, and saving works."""
    flash, _game = saved_flash()
    nested = {}
    inner = nested
    for _ in range(300):
        inner["x"] = {}
        inner = inner["x"]
    flash.files[SNAPSHOT] = rewritten(flash.files[SNAPSHOT], lambda t: t.update(extras=nested))
    set_journal(flash, None)
    device = boot(flash)
    assert device.saver.held is None and SNAPSHOT + ".bad1" in flash.files
    device.app.act(logtext.parse("corp gain 1"))
    assert device.saver.flush(), device.saver.failed


def test_a_checksum_valid_save_whose_last_points_inside_an_action_resumes_with_saving_on():
    """`last` says where the last action starts (so power-up need not decode the history);
    a file whose `last` is anywhere else is counted instead, never SAVING OFF (issue 36)."""
    from firmware.saving import archive
    base, _game = saved_flash()
    set_journal(base, None)
    game = boot(MemoryFlash(dict(base.files))).app.game
    for last in range(len(game.history)):
        flash = MemoryFlash(dict(base.files))
        flash.files[SNAPSHOT] = rewritten(flash.files[SNAPSHOT], lambda t: t.update(last=last))
        device = boot(flash)
        assert device.saver.held is None, last
        assert device.app.game.state.pack() == game.state.pack(), last
        device.app.game.check_all()                   # (a `last` that decodes: found then)
        # the same file as a kept game: read, never a crash
        flash.files["prev1.json"] = rewritten(base.files[SNAPSHOT],
                                              lambda t: t.update(last=last))
        assert archive.read(flash, "prev1.json")[0].state.pack() == game.state.pack()


def test_a_save_of_deeply_nested_json_is_a_damaged_file_not_saving_off():
    flash, game = saved_flash()
    previous = boot(MemoryFlash({SNAPSHOT: flash.files[PREVIOUS]})).app.game
    body = b"[" * 100000 + b"]" * 100000
    flash.files[SNAPSHOT] = frame(99, body, checksum(body))
    set_journal(flash, None)
    device = boot(flash)
    assert device.saver.held is None                     # saving stays on
    assert same_game(device.app.game, previous)           # game.bak came back
    assert "Save damaged: kept as game.json.bad1." in device.app.toast


# ---- a journal alone rebuilds the right game -------------------------------------------------

@pytest.mark.parametrize("kind", ["netrunner", "infiltration"])
def test_a_journal_whose_snapshots_are_lost_rebuilds_its_own_game(kind):
    """Its start record says which game and where it stood: an Infiltration game comes back
    as itself, with its own numbers, not as a new Netrunner game."""
    flash = MemoryFlash()
    clock = ManualClock()
    device = boot(flash, clock)
    ops = ["infiltration"] if kind == "infiltration" else []
    play_ops(device, clock, ops + ["corp gain 2"] if kind == "netrunner" else ops)
    game = device.app.game
    clock.now += 3000
    device_tick(device, clock.now)                   # the snapshot
    if kind == "infiltration":
        from engine_lite.infiltration import rules as I
        play_ops(device, clock, [(I.ALARM, 0, 1, 0, 0), (I.NEXT_PHASE, 0, 0, 0, 0)])
    else:
        play_ops(device, clock, ["corp gain 3", "corp gain-credit"])
    clock.now += 3000
    device_tick(device, clock.now)
    assert JOURNAL in flash.files
    expected = device.app.game.state.pack()
    for name in (SNAPSHOT, PREVIOUS):
        flash.files.pop(name, None)
    again = boot(flash)
    assert again.app.game.rules.NAME == game.rules.NAME == kind
    assert again.app.game.state.pack() == expected
    assert "Rebuilt from the journal" in again.app.toast


def test_a_journal_alone_uses_the_games_own_settings_not_todays():
    flash = MemoryFlash()
    clock = ManualClock()
    device = boot(flash, clock)
    play_ops(device, clock, ["corp gain 2"])
    clock.now += 3000
    device_tick(device, clock.now)
    play_ops(device, clock, ["corp gain 1"])
    clock.now += 3000
    device_tick(device, clock.now)
    link = device.app.game.state.runner.link
    device.app.settings.runner_link = link + 2          # changed "for new games" mid-game
    device.saver.flush()
    flash.files.pop(SNAPSHOT)
    flash.files.pop(PREVIOUS, None)
    again = boot(flash)
    assert again.app.game.state.runner.link == link


# ---- games that replace games: an import, game 2 of a match, a previous game back --------

def recoverable(flash):
    """Every game a player can get back after a boot of `flash`: the one in play and those in
    More > Previous games."""
    from firmware.saving import archive
    device = boot(MemoryFlash(dict(flash.files)))
    games = [device.app.game] + [game for _name, game, _sum in archive.entries(device.flash)]
    return [(g.state.pack(), bytes(g.history)) for g in games]


def replacing_flash(operation):
    """A flash before the operation, the games that must survive it, and the operation."""
    from engine_lite.game import Game
    from firmware.saving import archive, importing
    from firmware import games
    from firmware.netrunner import start
    flash = MemoryFlash()
    clock = ManualClock()
    device = boot(flash, clock)
    play_ops(device, clock, script_ops(30))
    first = device.app.game
    needed = [(first.state.pack(), bytes(first.history))]
    if operation == "match":
        from firmware.tournament import match
        match.start(device.app, ["AB", "CD"])
        play_ops(device, clock, ["corp gain 3", "corp score 3", "corp score 2"])
        device.app.act(logtext.parse("corp score 2"), confirmed=True)     # game 1 won
        play_ops(device, clock, [])
        first = device.app.game
        assert first.state.winner == 0
        needed = [(first.state.pack(), bytes(first.history))]

        def operate(device):
            game = start.new_start(device.app)
            match.begin(device.app, game, {"names": ["AB", "CD"], "game": 2, "results": [
                match.result_of(device.app.game.state)]})
    elif operation == "previous":
        start.new_game(device.app)
        play_ops(device, clock, ["corp gain 1", "corp gain 2", "runner gain 1"])
        second = device.app.game
        assert second is not first and second.count == 3
        needed.append((second.state.pack(), bytes(second.history)))

        def operate(device):
            _name, game, sum = archive.entries(device.flash)[0]
            archive.restore(device.app, game, sum)
    else:
        other = MemoryFlash()
        other_device = boot(other, ManualClock())
        play_ops(other_device, ManualClock(), script_ops(50)[20:])
        imported = importing.check(MemoryFlash(dict(other.files)))

        def operate(device):
            importing.take(device.app, imported[0], imported[1])
    return dict(flash.files), needed, operate


def test_a_refused_import_is_worded_about_the_imported_files():
    """Issue 38: a refusal read "Save damaged: kept as game.json.bad1 (... KB free). New game."
    as if the player's own game had been set aside. It names the imported file instead."""
    from firmware.saving import importing
    flash, _game = saved_flash()
    flash.files[SNAPSHOT] = flash.files[SNAPSHOT][:-5] + b"junk!"
    flash.files.pop(PREVIOUS)
    with pytest.raises(ValueError) as refused:
        importing.check(flash)
    assert str(refused.value) == "the imported game.json is damaged or unreadable"


@pytest.mark.parametrize("model", ["littlefs", "torn"])
@pytest.mark.parametrize("operation", ["import", "previous", "match"])
def test_a_power_cut_at_any_step_of_an_import_a_match_game_or_a_game_brought_back_loses_nothing(
        model, operation):
    files, needed, operate = replacing_flash(operation)
    assert all(game in recoverable(MemoryFlash(files)) for game in needed)
    assert len(set(needed)) == len(needed)
    reference = PowerCutFlash(files=dict(files))
    device = boot(reference)
    operate(device)
    device.saver.flush()
    total = reference.steps
    after = recoverable(reference)
    assert all(game in after for game in needed)
    for cut in range(1, total + 1):
        flash = PowerCutFlash(cut_at=cut, model=model, files=dict(files))
        try:
            device = boot(flash)
            operate(device)
            device.saver.flush()
        except PowerCut:
            pass
        for second in range(1, 9):                # and a second cut in the boot after it
            again = PowerCutFlash(cut_at=second, model=model, files=dict(flash.files))
            try:
                boot(again)
            except PowerCut:
                pass
            found = recoverable(again)
            missing = [i for i, game in enumerate(needed) if game not in found]
            assert not missing, "cut %d of %d (%s), then %d: game %s lost" % (
                cut, total, model, second, missing)
            if operation == "match":          # the match agrees with the game in play
                from firmware.tournament.match import load
                device = boot(MemoryFlash(dict(again.files)))
                game, match = device.app.game, load(device.app)
                if game.state.pack() == needed[0][0]:
                    assert match["game"] == 1, (cut, second)
                else:
                    assert match["game"] == 2 and game.count == 0 and \
                        match["results"][0]["winner"] == "corp", (cut, second)


def test_a_journal_that_reaches_into_a_damaged_history_is_kept_aside_and_the_game_plays_on():
    """Issue 58: a journal record that undoes into the snapshot's history, when that history
    turns out damaged, let the rules' refusal out of the boot: SAVING OFF at every power-up.
    Now the snapshot's game plays, the journal is kept aside (never deleted), and saving works."""
    from engine_lite.base import Refused
    flash, _game = long_saved_flash()
    clock = ManualClock()
    device = boot(flash, clock)
    clock.now += 3000
    device_tick(device, clock.now)                               # compacted: a fresh snapshot
    saved = device.app.game.state.pack()
    play_ops(device, clock, ["undo", "corp gain 2"])     # a record whose base is before it
    assert journal_of(flash)
    header, text = flash.files[SNAPSHOT].split(b"\n", 1)
    data = json.loads(text)
    data["history"] = data["history"][:40] + ("A" if data["history"][40] != "A" else "B") + \
        data["history"][41:]
    text = json.dumps(data).encode()
    flash.files[SNAPSHOT] = frame(unframe(flash.files[SNAPSHOT])[0], text, checksum(text))
    journal = journal_of(flash)
    again = boot(flash, clock)
    assert again.saver.held is None and "SAVING OFF" not in (again.app.toast or "")
    assert again.app.game.state.pack() == saved          # the snapshot's game
    assert "undo stops at power-up" in again.app.toast
    kept = [name for name in flash.files if name.startswith(JOURNAL + ".bad")]
    assert kept and flash.files[kept[0]] == journal      # its actions kept aside
    with pytest.raises(Refused):
        again.app.game.undo()
    again.app.act(logtext.parse("corp gain 1"))
    clock.now += 3000
    again.tick(clock.now)
    assert boot(MemoryFlash(flash.files)).app.game.count == again.app.game.count
