"""What the tests and the benchmark do on the virtual Pico (host_tools.vpico).

    deployed = deploy_fresh(folder)            # a new board, the tracker put on it by mpremote
    glass = screen_on(deployed, "UP,UP")       # the OLED after a key script from a new game
    result = power_cuts(deployed, 200)         # cut the power 200 times in a game, check each boot
    result = watchdog_hang(deployed)           # hang the main loop; the watchdog brings it back
    taps = press_to_photon(deployed, keys)     # end of each tap -> last I2C byte of its update

Each boots the deployed flash image afresh, so they do not depend on one another.
"""

import io
import os
import random
import re
import shutil
import threading

from host_tools import vpico
from host_tools.vpico import (VirtualPico, VirtualPicoError, JOURNAL_SECTORS, JOURNAL_START,
                              read_files)

# What saving may leave in the board's root folder; anything else (a file kept aside, error.log)
# means the tracker found something wrong at boot.
SAVE_FILES = {"game.json", "game.bak", "game.tmp", "game.jnl", "settings.json",
              "settings.json.tmp"}
FIRMWARE_FILES = {"main.py", "adafruit_ssd1306.mpy"}
JOURNAL_FILE = re.compile(r"game\.jnl[1-9][0-9]*$")     # the journal's later files
# A cut while a snapshot is written can leave game.tmp half-written. It was never the saved game
# (the rename that follows is the commit), so it is no damage: the tracker keeps it aside
# silently as game.tmp.bad1 (at most three such copies, see firmware.saving.resume.keep_aside).
TORN_TEMPORARY = "game.tmp.bad"


def deploy_fresh(folder):
    """A new board (MicroPython only) with the tracker deployed by the real `mpremote` through
    `python -m host_tools.deploy --virtual`; returns (flash image path, what deploy printed)."""
    from host_tools.deploy import deploy_virtual
    image = os.path.join(folder, "deployed.bin")
    out = io.StringIO()
    if deploy_virtual(image, out=out) != 0:
        raise vpico.VirtualPicoError("deploy failed:\n" + out.getvalue())
    return image, out.getvalue()


def image_fresh(folder, uf2_path, over_stock=False):
    """A new board (a Pico from its box: the flash erased) with Netclick's own firmware image
    (`make uf2`) copied on as a maker would; its first power-up formats the filesystem, leaving
    the save journal's sectors out (hardware/image/_boot.py). With `over_stock`: a board that
    ran MicroPython first (its filesystem formatted by it, on the whole filesystem flash).
    Returns the flash image path; every check below boots it as it boots a deployed one."""
    image = os.path.join(folder, "frozen-over-stock.bin" if over_stock else "frozen.bin")
    blank = None
    if over_stock:
        blank = os.path.join(folder, "blank.bin")
        vpico.blank_image(blank)
    with VirtualPico(blank, uf2=uf2_path) as pico:
        pico.save_image(image)           # flashed, not yet powered up
    if not over_stock:
        # Its first power-up formats the filesystem (erases, once in a board's life): the
        # figures are of a board formatted as that power-up formats it (hardware/image/_boot.py:
        # littlefs without the journal's sectors), with nothing written yet.
        vpico.format_filesystem(image)
    return image


def copy_image(image, folder, name):
    path = os.path.join(folder, name)
    shutil.copyfile(image, path)
    return path


# The FRAM the pin-map option is tried with (firmware/board/fram.py): a 32 KB chip at 0x50.
FRAM = {"address": 0x50, "bytes": 32768}


def with_old_bytes(image):
    """Make every blank block of littlefs's part of `image`'s flash hold old bytes, as free
    blocks do after long use (a blank block holds no file: a file's blocks hold its bytes and
    littlefs's own). Returns how many blocks it filled."""
    filled = 0
    with open(image, "r+b") as handle:
        for block in range(vpico.FS_OFFSET, JOURNAL_START, 4096):
            handle.seek(block)
            if handle.read(4096) == b"\xff" * 4096:
                handle.seek(block)
                handle.write(bytes(range(256)) * 16)
                filled += 1
    return filled


def with_fram(image, folder, name):
    """A copy of `image` whose pin map (hardware/pins.json on its filesystem) names FRAM."""
    return with_options(image, folder, name, fram=True)


# The display bus's option beyond the SSD1306's datasheet (400 kHz): Fast-mode Plus, which the
# RP2040 drives and many modules take on short wires (hardware/README.md, assembly notes).
FAST_BUS_HZ = 1000000


def with_fast_bus(image, folder, name, fram=False):
    """A copy of `image` whose pin map runs the display's bus at FAST_BUS_HZ (and with `fram`,
    names the FRAM too)."""
    return with_options(image, folder, name, fram=fram, freq=FAST_BUS_HZ)


def with_options(image, folder, name, fram=False, freq=None):
    """A copy of `image` whose pin map is the default one with the options asked for: the
    FRAM, the display bus's frequency."""
    import json
    pins = vpico.load_pins()
    if fram:
        pins["fram"] = FRAM
    if freq is not None:
        pins["i2c"]["freq"] = freq
    return with_pin_map(image, folder, name, json.dumps(pins))


def with_pin_map(image, folder, name, pins_text):
    """A copy of `image` whose filesystem holds `pins_text` as hardware/pins.json (which wins
    over the image's frozen default pin map)."""
    work = copy_image(image, folder, name)
    with VirtualPico(work) as pico:
        pico.boot()
        pico.exec("import os\ntry:\n    os.mkdir('hardware')\nexcept OSError:\n    pass\n"
                  "f = open('hardware/pins.json', 'w')\nf.write(%r)\nf.close()" % pins_text)
        pico.save_image(work)
    return work


def screen_on(image, keys, settle_ms=300, panel="ssd1306", wait_ms=1000, pins=None):
    """Boot the image, wait out the first save (`wait_ms`), play `keys`, let the screen settle;
    returns the glass (packed bytes). `panel`: the emulated display's controller; `pins`: the
    pin map the image holds, when not hardware/pins.json (a display on SPI)."""
    with VirtualPico(image, panel=panel, pins=pins) as pico:
        pico.boot()
        pico.run(wait_ms)
        pico.play(keys)
        pico.run(settle_ms)
        return pico.glass_bytes()


# The power-cut boards run in threads, and the host's stand-ins for MicroPython's modules are
# installed by the first: their files are read back one board at a time.
_RESUME_LOCK = threading.Lock()


def resumed_game(image):
    """(game, notices) that the tracker's own resume code makes of the files in a flash image,
    read with littlefs on this computer."""
    from host_tools.sim import install_standins
    files = read_files(image)
    with _RESUME_LOCK:
        install_standins()               # firmware.board.hw imports machine: the host's stand-in
        from host_tools.flash import MemoryFlash
        from firmware.saving import resume
        from firmware.settings import Settings
        storage, game, notices, held = resume.boot(MemoryFlash(files), Settings())
    return game, [n for n in notices if n], held, files


_LOCK = threading.Lock()      # power-cut boards run in threads and count into one result


class CutResult:
    """Counts of a power-cut run, and every problem found (empty when all went well)."""

    def __init__(self):
        self.cuts = 0
        self.in_erase = 0
        self.in_program = 0
        self.between = 0
        self.actions_at_end = 0
        self.problems = []

    def summary(self):
        return ("%d power cuts (%d during a sector erase, %d during a page program, %d between "
                "flash operations); game at %d actions; %d problems"
                % (self.cuts, self.in_erase, self.in_program, self.between, self.actions_at_end,
                   len(self.problems)))


# Cuts on one board before the next chain starts again from a new game: a chain's game grows
# with every cut, and every power-up then checks its whole history in the background; chains
# keep each cut's work bounded (make test-virtual: 200 cuts in minutes, not the 49 of one long
# game), while every kind of cut still lands in a game a hundred actions and many snapshots,
# journal records and compactions deep.
CHAIN_CUTS = 50


def power_cuts(image, count, folder, seed=7, boards=2, log=None, chain_cuts=CHAIN_CUTS):
    """Play a game (CUT_WORDS) on the deployed image and cut the power `count` times: a quarter at
    a random instant, a quarter part way through a sector erase, half part way through a page
    program. After each cut the board is powered again and checked:

    - what was committed before the cut (the flash as it was when the cut operation began) is
      not lost: the game the board resumes has at least those actions, in the same order;
    - the files need no repair: the tracker's resume reports nothing, and no other file
      (error.log, a file kept aside) appears but a half-written snapshot kept aside;
    - the board boots into the tracker and draws its screen.

    Every few cuts the board runs on after booting until its first commit (a compaction), so
    that the next cut can land in that too. The cuts come in chains of `chain_cuts` on one board
    from a new game; `boards` boards run side by side (one per core), each taking the next chain.
    """
    result = CutResult()
    # (fewer cuts than the boards' chains would hold: shared out, so that both boards work)
    chain_cuts = max(1, min(chain_cuts, (count + boards - 1) // boards))
    chains = [min(chain_cuts, count - start) for start in range(0, count, chain_cuts)]
    errors = []
    lock = threading.Lock()

    def board(index):
        while not errors:
            with lock:
                if not chains:
                    return
                number = len(chains)
                cuts = chains.pop()
            try:
                _cut_chain(image, cuts, folder, seed + number, number, result, log)
            except Exception as error:        # reported below, in the caller's thread
                errors.append(error)

    threads = [threading.Thread(target=board, args=(i,)) for i in range(boards)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return result


BOOT_LIMIT_MS = 20000    # a board that has not drawn its screen by then did not come back

# The game played between power cuts: the words change the game (so there is always something
# to save), and none leaves the dashboard, whatever the state the board resumed (a resumed game
# may be a little behind the script: what was not committed is gone). Clicks for credits, credits
# gained (UP, OK: the first choice of a number going up), and the turn ended when the clicks are
# spent (the bar is then on End: a held OK; anywhere else a held OK does nothing).
CUT_WORDS = ("OK", "UP,OK", "OK", "UP,UP,OK", "LONG:OK", "UP,OK")   # +1cr; gains; End
# A pause after each word, past the saver's wait for a pause in the presses (400 ms): a commit
# (and its flash operations) about every second of play, not every few seconds, so that a cut
# waiting for the next erase or page program comes sooner (make test-virtual's 200 cuts).
SETTLE_MS = 450


def _cut_chain(image, count, folder, seed, index, result, log):
    rng = random.Random(seed)
    words = CUT_WORDS
    work = copy_image(image, folder, "cuts%d.bin" % index)
    committed_path = os.path.join(folder, "committed%d.bin" % index)
    position = 0
    game = None
    with VirtualPico(work, seed=seed) as pico:
        pico.boot()
        for number in range(count):
            choice = rng.random()
            if choice < 0.25:
                pico.cut_at(pico.now_us + rng.randint(1000, 2000000))
            elif choice < 0.5:
                pico.cut_in_flash_op(1, rng.random(), "erase")
            else:
                pico.cut_in_flash_op(rng.randint(1, 4), rng.random(), "program")
            steps = 0
            while not pico.off:
                pico.play(words[position % len(words)])
                pico.run(SETTLE_MS)
                position += 1
                steps += 1
                if steps % 25 == 0:
                    # A player's pause now and then: the firmware image erases only in pauses
                    # (the journal's sectors ahead, firmware/board/flash_journal.py) and at the
                    # compactions (at power-up, and in a pause once the journal passes 2 KB), so
                    # a cut armed for an erase comes in one of these; if none came, the cut is
                    # moved to the next page program (one about every second of play), so that a
                    # chain does not play on for minutes for a compaction.
                    pico.run(2500)
                    if not pico.off and choice >= 0.25:
                        pico.cut_in_flash_op(1, rng.random(), "program")
                if steps > 600:
                    raise vpico.VirtualPicoError(
                        "chain %d, cut %d: no power cut after 600 key presses (%d flash "
                        "operations in all); the glass shows:\n%s"
                        % (index, number + 1, len(pico.flash_ops), pico.oled.to_text()))
            event = [e for e in pico.events if e["kind"] == "cut"][-1]
            during = event.get("during")
            pico.save_image(committed_path, before_cut=True)
            committed, _, _, _ = resumed_game(committed_path)
            pico.power_on()
            try:
                pico.boot(limit_ms=BOOT_LIMIT_MS)
            except vpico.VirtualPicoError as error:
                # Keep the flash as the cut left it, to boot again and see why.
                failed = os.path.join(folder, "failed%d.bin" % index)
                pico.save_image(failed)
                raise vpico.VirtualPicoError("chain %d, cut %d (%s): no screen after power-up "
                                             "(%s); the flash is in %s" % (
                                                 index, number + 1, during or "between operations",
                                                 error, failed))
            if number % 4 == 3:
                pico.run(1100)          # past the first commit after boot: the compaction
            pico.save_image(work)
            game, notices, held, files = resumed_game(work)
            where = "chain %d, cut %d (%s)" % (index, number + 1, during or "between operations")
            problems = []
            if game is not None:
                with _RESUME_LOCK:         # (the firmware's code, one board at a time: above)
                    game.check_all()       # the history the board checks after power-up
                if game.damaged:
                    problems.append("%s: the saved history is damaged (%s)" % (where, game.damaged))
            notices = [n for n in notices if not n.startswith("Resumed")]
            if held or notices:
                problems.append("%s: resume says %s" % (where, held or notices))
            strange = sorted(name for name in set(files) - SAVE_FILES - FIRMWARE_FILES
                             if not name.startswith(TORN_TEMPORARY)
                             and not JOURNAL_FILE.match(name))
            if strange:
                problems.append("%s: unexpected files %s" % (where, strange))
            if committed is not None:
                if game is None:
                    problems.append("%s: the game was lost" % where)
                elif (game.count < committed.count or
                      bytes(game.history[:len(committed.history)]) != bytes(committed.history)):
                    problems.append("%s: resumed %d actions, %d were committed"
                                    % (where, game.count, committed.count))
            with _LOCK:
                result.cuts += 1
                if during == "erase":
                    result.in_erase += 1
                elif during == "program":
                    result.in_program += 1
                else:
                    result.between += 1
                result.problems += problems
                result.actions_at_end = max(result.actions_at_end, game.count if game else 0)
            if log:
                log("%s: committed %s, resumed %s" % (
                    where, committed.count if committed else "-", game.count if game else "-"))


def watchdog_hang(image, folder):
    """Stop the tracker at the REPL and start its main loop again with two changes: the
    watchdog armed at once (the firmware waits 30 s) and a DOWN press that hangs the loop
    forever. Gain a credit (saved), then press DOWN. Returns (resets seen, credits before the
    hang, credits in the game the board resumed after the watchdog reset)."""
    work = copy_image(image, folder, "watchdog.bin")
    with VirtualPico(work) as pico:
        pico.boot()
        pico.interrupt()
        pico.start_exec(
            "import firmware.main as m\n"
            "m.WATCHDOG_ARM_MS = 0\n"
            "from firmware.app import App\n"
            "handle = App.on_button\n"
            "def on_button(self, name, event):\n"
            "    if name == 'DOWN':\n"
            "        while True:\n"
            "            pass\n"
            "    handle(self, name, event)\n"
            "App.on_button = on_button\n"
            "m.run()\n")
        pico.boot()
        pico.play("OK,WAIT:1500")
        pico.save_image(work)
        before, _, _, _ = resumed_game(work)
        pico.play("DOWN")
        pico.run(7000)           # the watchdog allows 8 s
        pico.boot(limit_ms=5000)
        pico.run(1500)
        resets = [e for e in pico.events if e["kind"] == "reset"]
        pico.save_image(work)
        after, _, _, _ = resumed_game(work)
    from engine_lite.netrunner.state import CORP
    return (len(resets), before.state.player(CORP).credits if before else None,
            after.state.player(CORP).credits if after else None)


# ---- figures for make bench ---------------------------------------------------------------------

# Writes this close together are one update: a show() sends its pages back to back, and a
# second pass of the main loop comes a poll (2 or 20 ms) later. A message timing out is later.
BURST_GAP_US = 30000
NEVER = float("inf")      # the ms of an update that never came (press_to_photon)


def taps_that_change_the_glass(keys, gap_ms):
    """For each tap of `keys` played from a new game in the simulator (the same firmware on
    CPython, the same timing): whether the glass changed by 40 ms after the release. A tap that
    changes nothing (RIGHT on a one-item screen) has no update to time: the next thing drawn
    then is something else, a message timing out, say."""
    from host_tools import keyscript
    from host_tools.sim import Simulator
    sim = Simulator()
    sim.run(3000)
    changed = []
    for kind, button, ms in keyscript.parse(keys):
        if kind == "TAP":
            before = sim.oled.glass_bytes()
            sim.driver.press(button)
            sim.run(ms)
            sim.driver.release(button)
            sim.run(40)
            changed.append(sim.oled.glass_bytes() != before)
            sim.run(gap_ms - 40)
        else:
            sim.driver.step(kind, button, ms)
    return changed


def update_ms(taps, writes, tail_us):
    """[(button, ms or None)]: for each tap of `taps` (button, its release in us, the index in
    `writes` of the first write after its press), the ms from the release to the last byte of
    its update among `writes` ((start us, end us, data)), None if no write followed it.

    The update is the first writes after the release that follow one another (BURST_GAP_US),
    however late, up to the next tap's release (the last tap's: `tail_us` after its own), whose
    own update starts only then. An update still going on, or not yet begun, when the next key
    goes down is timed to its end: cut there, a late tap at a fast rhythm would read as on time
    or as changing nothing. A later burst is not the tap's: a message timing out, say."""
    results = []
    for number, (button, released, first) in enumerate(taps):
        until = taps[number + 1][1] if number + 1 < len(taps) else released + tail_us
        last = None
        for start, end, _ in writes[first:]:
            if start < released:
                continue
            if start >= until or last is not None and start - last > BURST_GAP_US:
                break
            last = end
        results.append((button, (last - released) / 1000.0 if last is not None else None))
    return results


def press_to_photon(image, keys, gap_ms=None, second_panel=None, flash_timing="typical",
                    fram=None, pins=None, panel="ssd1306", second=False):
    """Play `keys` from a new game, `gap_ms` from each release to the next press (the
    simulator's 120 by default: taps 200 ms apart); for every tap, the ms from the end of the tap
    (the release) to the last I2C byte of the update it caused, or None if it changed nothing on
    the glass (NEVER if it should have changed it but nothing was sent before the next tap's
    release). With `second_panel` (its address; the image's pin map must name it), the update
    timed is the second panel's. `flash_timing`: "typical" or "worst" (the chip's datasheet
    times for an erase and a page program, host_tools/node/vpico.mjs). `fram`: an FRAM on the
    bus ({"address", "bytes"}; the image's pin map must name it to save there). `pins`: the
    pin map the image holds, when not hardware/pins.json (a display on SPI: its last byte
    timed; `second`: the last byte on its display2, a display for each seat on SPI); `panel`:
    the emulated controller. Returns [(button, ms or None)]."""
    from host_tools import keyscript
    gap_ms = keyscript.GAP_MS if gap_ms is None else gap_ms
    taps = []
    with VirtualPico(image, second_panel=second_panel, flash_timing=flash_timing,
                     fram=fram, pins=pins, panel=panel) as pico:
        watched = pico.i2c_writes2 if second_panel or second else pico.i2c_writes
        pico.boot()
        pico.play("WAIT:3000")                 # the boot message goes away
        pico.play(keys, on_tap=lambda button, at: taps.append((button, at, len(watched))),
                  gap_ms=gap_ms)
        pico.run(gap_ms + 200)
        writes = watched
    results = update_ms(taps, writes, (gap_ms + 200) * 1000)
    changed = taps_that_change_the_glass(keys, gap_ms)
    # A tap that changes the glass (in the simulator) but sent nothing before the next tap's
    # release is as late as can be: infinity, never left out of the figures.
    return [(button, (NEVER if ms is None else ms) if changes else None)
            for (button, ms), changes in zip(results, changed)]


# At the REPL of a board the tracker is deployed on: the tracker built as main.py builds it
# (resuming the saved game), not yet running its loop.
BUILD_DEVICE = ("import gc, time\n"
                "from firmware.board import hw\n"
                "from firmware.main import Device, board_pins\n"
                "clock = hw.Clock()\n"
                "flash = hw.Flash()\n"
                "pins, notice = board_pins(flash)\n"
                "device = Device(pins, clock, flash, notice=notice)\n"
                "del pins, notice\n")      # (not held by this script: heap_after_boot)


def heap_after_boot(image):
    """(bytes allocated at the REPL prompt after a soft reset, bytes allocated once the
    tracker is built and has ticked once, ms a full garbage collection then takes)."""
    with VirtualPico(image) as pico:
        pico.boot()
        _clean_repl(pico)
        prompt = int(pico.exec("import gc\ngc.collect()\nprint(gc.mem_alloc())").split()[-1])
        out = pico.exec(
            BUILD_DEVICE +
            "device.tick(clock.ticks_ms())\n"
            "gc.collect()\n"
            "start = time.ticks_us()\n"
            "gc.collect()\n"
            "pause = time.ticks_diff(time.ticks_us(), start)\n"
            "print(gc.mem_alloc(), pause)\n")
        built, pause = out.split()[-2:]
        return prompt, int(built), int(pause) / 1000.0


# Every screen a player can open over a home screen (module, class, arguments): the peak heap is looked
# for on each, with a long game's history behind it.
OPENED_SCREENS = (
    ("firmware.netrunner.menus", "ActionMenu", (0,)), ("firmware.netrunner.menus", "ActionMenu", (1,)),
    ("firmware.netrunner.menus", "MoreMenu", ()), ("firmware.netrunner.menus", "TokensMenu", ()),
    ("firmware.netrunner.menus", "AgendaMenu", ()), ("firmware.netrunner.menus", "CountersMenu", ()),
    ("firmware.settings_menu", "SettingsMenu", ()), ("firmware.netrunner.pages", "EndTurn", ()),
    ("firmware.screens.logscreen", "LogScreen", ()), ("firmware.netrunner.trace", "TraceWizard", ()),
    ("firmware.netrunner.trace", "TraceResult", ()), ("firmware.netrunner.runs", "ServerMenu", ()),
    ("firmware.netrunner.runs", "AgendaPrompt", ("STEAL", 15, 1)),
    ("firmware.tournament.tournament_menus", "PsiScreen", ()), ("firmware.tournament.match", "MatchScreen", ()),
    # last: the timer's menu starts a round clock, which then stays (as in a tournament game)
    ("firmware.tournament.tournament_menus", "TournamentMenu", ()),
    ("firmware.tournament.tournament_menus", "TimerMenu", ()),
)


# The game log's reader, which builds the measured games at the REPL and the device never imports.
LOG_READER = ("engine_lite.logtext", "engine_lite.netrunner.text", "engine_lite.infiltration.text",
              "engine_lite.netrunner.logline", "engine_lite.logwords", "engine_lite.netrunner.report")


def heap_in_game(image, rounds=50):
    """The tracker on a clean heap with a `rounds`-round game in its history (the scripted
    game of host_tools.scripted_game, saved), then every screen over it opened and drawn in
    turn. Returns (peak live heap in bytes: allocated after a full collection, on the worst
    screen; that screen; the longest full collection in ms). A full collection at the peak is
    the longest pause the collector can make."""
    from host_tools import scripted_game
    with open(scripted_game.__file__) as handle:
        source = handle.read()
    with VirtualPico(image) as pico:
        pico.boot()
        _clean_repl(pico)
        pico.exec(source)                      # the game's script, as plain MicroPython
        out = pico.exec(
            BUILD_DEVICE +
            "app = device.app\n"
            "from engine_lite.logtext import do_line\n"
            "for line in scripted_game(%d):\n"
            "    do_line(app.game, line)\n"
            "app.changed()\n"
            "device.saver.flush()\n"
            # The log reader built the game; the device never imports it (engine_lite.logtext):
            # let go, so that the peak is the device's own ...
            "import sys, engine_lite\n"
            "for name in %r:\n"
            "    del sys.modules[name]\n"
            "    if hasattr(engine_lite, name[12:]):\n"
            "        delattr(engine_lite, name[12:])\n"
            # ... and the game's script, compiled at the REPL into the heap (some 3.6 KB)
            "del do_line, %s\n"
            % (rounds, LOG_READER, ", ".join(_names_defined(source)))
            + _peak_over_screens("dashboard", OPENED_SCREENS),
            timeout_ms=600000)
        peak, screen, pause = out.split()[-3:]
        return int(peak), screen, int(pause) / 1000.0


def _names_defined(source):
    """The top-level names a module's source defines (what it leaves in the REPL's globals)."""
    names = {}
    exec(compile(source, "<source>", "exec"), names)
    return sorted(name for name in names if not name.startswith("__"))


def _peak_over_screens(home, screens):
    """MicroPython source: the home screen drawn, then each of `screens` (module, class,
    arguments) pushed over it and drawn, a full collection after each; prints the peak live
    heap, the screen it was on and the longest collection in us."""
    return ("worst = [0, %r, 0]\n"
            "def measure(name):\n"
            "    app.render()\n"
            "    start = time.ticks_us()\n"
            "    gc.collect()\n"
            "    pause = time.ticks_diff(time.ticks_us(), start)\n"
            "    live = gc.mem_alloc()\n"
            "    if live > worst[0]:\n"
            "        worst[0] = live\n"
            "        worst[1] = name\n"
            "    worst[2] = max(worst[2], pause)\n"
            "measure(%r)\n"
            "import sys\n"
            "for module, name, args in %r:\n"
            "    __import__(module)\n"
            "    app.push(getattr(sys.modules[module], name)(*args))\n"
            "    measure(name)\n"
            "    app.home()\n"
            "print(worst[0], worst[1], worst[2])\n" % (home, home, screens))


# The Infiltration game's screens over the monitor (module, class, arguments).
MONITOR_SCREENS = (
    ("firmware.infiltration.monitor_menus", "AgentsMenu", ()), ("firmware.infiltration.monitor_menus", "AgentMenu", (1,)),
    ("firmware.infiltration.monitor_menus", "MonitorMore", ()), ("firmware.infiltration.monitor_menus", "EndScreen", ()),
    ("firmware.infiltration.monitor_menus", "HoldingsPrompt", (1,)),
)


def heap_in_infiltration(image, rounds=40):
    """As heap_in_game, for the largest Infiltration game: 6 players, `rounds` rounds of alarm,
    phases and rolls, every agent escaped with 12 holdings but one; the monitor and each of its
    screens drawn in turn. Returns (peak live heap in bytes, on which screen)."""
    with VirtualPico(image) as pico:
        pico.boot()
        _clean_repl(pico)
        out = pico.exec(
            BUILD_DEVICE +
            "app = device.app\n"
            "from engine_lite.game import Game\n"
            "from engine_lite.infiltration import rules as I\n"
            "from firmware.games import start_game\n"
            "start_game(app, Game(I.new_game(6, 1), I))\n"
            "game = app.game\n"
            "for r in range(%d):\n"
            "    for act in ((I.ALARM, 0, 1, 0, 0), (I.ALARM, 0, -1, 0, 0), (I.NEXT_PHASE, 0, 0, 0, 0),\n"
            "                (I.NEXT_PHASE, 0, 0, 0, 0), (I.NEXT_PHASE, 0, 0, 0, 0), (I.SECURITY, 0, 1, 0, 0)):\n"
            "        game.do(act)\n"
            "    game.do((I.SET_PROXIMITY, 0, 0, 0, 0))\n"
            "for p in range(1, 7):\n"
            "    game.do((I.ESCAPE if p < 6 else I.ARREST, 0, p, 0, 0))\n"
            "for p in range(2, 6):\n"
            "    game.do((I.HOLDINGS, 0, p, tuple(range(1, 13)), 0))\n"
            "app.changed()\n"
            "device.saver.flush()\n"
            "app.home()\n"
            % rounds + _peak_over_screens("monitor", MONITOR_SCREENS), timeout_ms=600000)
        peak, screen, _pause = out.split()[-3:]
        return int(peak), screen


def power_up_ms(image, folder, actions, journal=0):
    """Power-up to the first frame of the dashboard (emulated ms) with a saved game of about
    `actions` actions (the scripted game, saved as one snapshot at the REPL), or none (0).
    With `journal`, the last that many actions are in the journal, a commit each, as a power
    cut in a long stretch of play without a pause leaves them."""
    work = copy_image(image, folder, "powerup%d-%d.bin" % (actions, journal))
    count = 0
    if actions:
        with VirtualPico(work) as pico:
            _scripted_game_at_repl(pico)
            out = pico.exec(
                "from engine_lite.game import Game\n"
                "from engine_lite.logtext import do_line\n"
                "from firmware.board import hw\n"
                "from firmware.saving.storage import Storage\n"
                "game = Game()\n"
                # (the journal where the board keeps it: on the image, in flash of its own;
                # the .mpy deploy has no flash_journal, its journal is in files)
                "flash = hw.Flash()\n"
                "try:\n"
                "    from firmware.board.flash_journal import journal_in_region\n"
                "    flash = journal_in_region(flash, 'game.jnl')\n"
                "except ImportError:\n"
                "    pass\n"
                "storage = Storage(flash)\n"
                "for line in scripted_game(%d):\n"
                "    if game.count >= %d:\n"
                "        break\n"
                "    if game.count == %d:\n"
                "        storage.write_snapshot(game)\n"
                "    do_line(game, line)\n"
                "    if game.count > %d:\n"
                "        storage.commit(game, False)\n"
                "if not %d:\n"
                "    storage.write_snapshot(game)\n"      # (which removes the journal)
                "print(game.count)\n" % (actions // 10 + 10, actions, actions - journal,
                                          actions - journal, journal), timeout_ms=1200000)
            count = int(out.split()[-1])
            pico.save_image(work)
    with VirtualPico(work) as pico:
        return pico.boot(limit_ms=BOOT_LIMIT_MS), count


def saved_long_games(image, folder, actions, kept, name):
    """A copy of `image` whose flash holds a saved game of about `actions` actions (the scripted
    game, one snapshot) and `kept` games of that length kept in the archive (Previous games),
    as a long evening leaves it. Returns the copy's path."""
    work = copy_image(image, folder, name)
    with VirtualPico(work) as pico:
        _scripted_game_at_repl(pico)
        pico.exec(
            "from engine_lite.game import Game\n"
            "from engine_lite.logtext import do_line, parse\n"
            "from firmware.board import hw\n"
            "from firmware.saving import archive\n"
            "from firmware.saving.storage import Storage\n"
            "flash = hw.Flash()\n"
            "for n in range(%d):\n"
            "    game = Game()\n"
            "    game.do(parse('corp gain %%d' %% (n + 1)))\n"
            "    for line in scripted_game(%d):\n"
            "        if game.count >= %d:\n"
            "            break\n"
            "        do_line(game, line)\n"
            "    if n < %d:\n"
            "        archive.keep(flash, game)\n"
            "    else:\n"
            "        Storage(flash).write_snapshot(game)\n"
            "print(game.count)\n" % (kept + 1, actions // 10 + 10, actions, kept),
            timeout_ms=2400000)
        pico.save_image(work)
    return work


# The keys to a swap's held OK from the dashboard, by swap (taps_after_a_swap), with the
# cursor at its home on +1cr (the side in its turn has clicks left: with none, home is End)
SWAP_KEYS = {
    "new game": "LEFT,LEFT,OK,UP,UP,OK",                              # More > New game
    "bring back": "LEFT,LEFT,OK,UP,UP,UP,UP,UP,OK,WAIT:300,OK",       # Previous games, newest
}


def taps_after_a_swap(image, flash_timing, gap_ms=330, taps=12, swap="new game"):
    """[ms]: for each tap after the held OK that makes a swap (SWAP_KEYS: a new game over the
    saved one, or the newest kept game brought back), pressed `gap_ms` after the last one's
    release, the ms from when the player let it go to the last I2C byte of its update: what
    saving a swap at once (issue 58) costs the taps that follow it, at the flash's
    `flash_timing`.

    The emulator runs a flash operation through at once, so a key the harness presses during
    one goes down only after it: each tap's release is timed from when it was due (the last
    release, the gap and the tap), and its wait for the flash counted in."""
    from host_tools import keyscript
    marks = []
    due = []
    with VirtualPico(image, flash_timing=flash_timing) as pico:
        watched = pico.i2c_writes
        pico.boot()
        pico.play("WAIT:3000")
        pico.play(SWAP_KEYS[swap], gap_ms=gap_ms)
        pico.press("OK")
        pico.run(keyscript.LONG_MS)
        pico.release("OK")
        released = pico.now_us
        pico.run(gap_ms)
        for _ in range(taps):
            due.append(released + (gap_ms + keyscript.TAP_MS) * 1000)
            first = len(watched)
            pico.press("RIGHT")
            pico.run(keyscript.TAP_MS)
            pico.release("RIGHT")
            released = pico.now_us
            marks.append(("RIGHT", released, first))
            pico.run(gap_ms)
        pico.run(2000)
        results = update_ms(marks, watched, (gap_ms + 2000) * 1000)
    return [NEVER if ms is None else ms + (mark[1] - was) / 1000.0
            for (_button, ms), mark, was in zip(results, marks, due)]


# The taps of taps_in_an_erase, in turn: two credits for the Corp's clicks (the bar's cursor
# starts on +1cr), the cursor away and back; none leaves the glass as it was.
ERASE_KEYS = ("OK", "RIGHT", "LEFT", "OK", "RIGHT", "LEFT")


def taps_in_an_erase(image, folder, flash_timing, taps=3, look=None):
    """Taps that land just after an erase of the journal's began, on the image (issue 58, "no
    tap waits for the flash more than 100 ms, even at its worst timings"): a board after long
    use (`image`'s journal sectors 4-15 not erased), one tap to begin the journal, then for
    each of `taps` a pause until an erase is under way and a tap at once (ERASE_KEYS in turn:
    each changes the glass; a credit for the Corp's clicks, the bar's cursor). Returns (ms from each
    tap's release to the last byte of its update, whether every such tap found the erase
    suspended, whether the erase then went on and ended in a pause, the path of the flash
    image saved after it: a power cut, and what `look(pico)` saw just before it). A key
    suspends the erase (firmware/board/keyed_erase.py); without that, a tap waits for the rest
    of it (up to 400 ms)."""
    work = copy_image(image, folder, "erasing-%s-%s" % (flash_timing, os.path.basename(image)))
    with open(work, "r+b") as handle:
        handle.seek(JOURNAL_START + 4 * 4096)
        handle.write(bytes((JOURNAL_SECTORS - 4) * 4096))
    late = []
    suspended = True
    with VirtualPico(work, flash_timing=flash_timing) as pico:
        pico.boot()
        pico.play("OK")                      # (the journal begins: its sectors ahead, erased)
        for tap in range(taps):              # (each pause goes on with the erase a tap stopped)
            waited = 0
            while not pico.erasing:
                if waited >= 6000:
                    raise VirtualPicoError("no erase in a pause")
                pico.run(5)
                waited += 5
            seen = len(pico.i2c_writes)
            key = ERASE_KEYS[tap % len(ERASE_KEYS)]
            pico.press(key)
            pico.run(60)
            pico.release(key)
            released = pico.now_us
            for _ in range(100):             # (until the glass answers: 1 s at most)
                if len(pico.i2c_writes) > seen:
                    break
                pico.run(10)
            pico.run(200)
            suspended = suspended and pico.suspended
            ends = [end for _start, end, _data in pico.i2c_writes[seen:]]
            late.append((max(ends) - released) / 1000.0 if ends else NEVER)
        pico.run(4000)                       # a pause: the erase goes on, and ends
        ended = (not pico.suspended and not pico.erasing and any(
            op[0] == "erase" and len(op) > 5 and op[5] for op in pico.flash_ops))
        seen = look(pico) if look else None
        pico.save_image(work)
    return late, suspended, ended, work, seen


def taps_in_littlefs_writes(image, flash_timing, swap="new game", keys=None, settle_ms=8000,
                            press_at_ms=None, save_to=None):
    """A tap that lands as littlefs's writes begin, on the image (issue 58, "no tap waits for
    the flash more than 100 ms, even at its worst timings"): a swap (SWAP_KEYS, or `keys` to
    its held OK from the dashboard) after a pause of `settle_ms`, its whole files written in
    the next pause (firmware.saving.storage.Saver), and a tap (RIGHT) pressed as soon as the
    first of those writes reaches the flash, or `press_at_ms` after the held OK's release.
    Returns (ms from when the tap's release was due to the last byte of its update, the erases
    littlefs made in those writes, the ms from the held OK's release to the first of them);
    the flash is saved to `save_to` at the end (a power cut, after a pause).
    The blocks littlefs erases next are erased ahead in the pauses before
    (firmware.board.keyed_erase.KeyedLittlefs): without that, its writes erase a block or two,
    400 ms each at the flash's worst, and a tap landing there waits for them."""
    from host_tools import keyscript
    with VirtualPico(image, flash_timing=flash_timing) as pico:
        pico.boot()
        pico.play("WAIT:%d" % settle_ms)
        pico.play(keys or SWAP_KEYS[swap], gap_ms=330)
        pico.press("OK")
        pico.run(keyscript.LONG_MS)
        pico.release("OK")
        released = pico.now_us
        held = len(pico.flash_ops)
        if press_at_ms is not None:
            pico.run(press_at_ms)
        else:
            waited = 0                       # (the pause: 1.5 s, then the writes)
            while not any(op[1] < JOURNAL_START for op in pico.flash_ops[held:]):
                if waited >= 6000:
                    raise VirtualPicoError("no write to littlefs in the pause after the swap")
                pico.run(2)
                waited += 2
        seen = len(pico.i2c_writes)
        pressed = pico.now_us
        pico.press("RIGHT")
        pico.run(keyscript.TAP_MS)
        pico.release("RIGHT")
        due = pressed + keyscript.TAP_MS * 1000
        pico.run(1500)
        late = update_ms([("RIGHT", due, seen)], pico.i2c_writes, 1500 * 1000)[0][1]
        until = due + (late or 0) * 1000
        writes = [op for op in pico.flash_ops[held:] if op[1] < JOURNAL_START]
        erases = [op for op in writes if op[0] == "erase" and op[3] <= until]
        if save_to:
            pico.run(4000)
            pico.save_image(save_to)
    late = NEVER if late is None else late
    return late, len(erases), (writes[0][3] - released) / 1000.0 if writes else None


def _scripted_game_at_repl(pico):
    """Boot the board to a clean REPL and define host_tools.scripted_game's `scripted_game`
    there (its source run as it is: plain Python MicroPython runs), for a saved game to be
    made on the board's own flash."""
    from host_tools import scripted_game
    with open(scripted_game.__file__) as handle:
        source = handle.read()
    pico.boot()
    _clean_repl(pico)
    pico.exec(source)


def _clean_repl(pico):
    """Stop the tracker and soft-reset into the REPL without running main.py: a clean heap."""
    pico.interrupt()
    pico.write_serial(b"\x01")
    pico.read_until(b"raw REPL; CTRL-B to exit\r\n>")
    pico.write_serial(b"\x04")                       # soft reset: a clean heap, no main.py
    pico.read_until(b"soft reboot")
    pico.read_until(b"raw REPL; CTRL-B to exit\r\n>")
    pico.write_serial(b"\x02")
    pico.read_until(b">>> ")


def idle_cpu(image, seconds=5):
    """The share of CPU time the tracker is busy while idle on the dashboard."""
    with VirtualPico(image) as pico:
        pico.boot()
        pico.run(3000)                  # the boot message goes away
        pico.reset_stats()
        pico.run(seconds * 1000)
        return pico.busy_us / float(pico.busy_us + pico.idle_us)
