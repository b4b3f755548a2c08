"""Netclick benchmarks: `make bench` (python -m host_tools.bench).

Figures are measured under real MicroPython (the pinned WebAssembly build, a 32-bit port like the
RP2040, so object sizes match the Pico's) and printed; the README quotes them.
"""

import json
import os
import sys
from concurrent.futures import Future, ThreadPoolExecutor

from host_tools.mprun import run_micropython, ROOT

ENGINE_TARGET_KB = 24
SNAPSHOT_TARGET = 4096


def _file(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return handle.read()


def bench_engine(rounds=100):
    """Heap of an engine holding a scripted game with its full undo history; snapshot size."""
    # Separate chunks: this port frees garbage only between chunks (host_tools/node/run.mjs).
    code = ["""
import gc, json
from scripted_game import scripted_game
""", "pass", """
gc.collect()
bare = gc.mem_alloc()
from engine_lite.game import Game
from engine_lite import snapshot
from engine_lite import logtext   # the benchmark reads log lines; the device does not
from engine_lite.logtext import do_line
""", "pass", """
gc.collect()
with_code = gc.mem_alloc()
game = Game()
lines = 0
for line in scripted_game(%d):
    do_line(game, line)
    lines += 1
line = None
""" % rounds, "pass", """
gc.collect()
with_game = gc.mem_alloc()
text = snapshot.dumps(game)
size = len(text)
del text
undo_steps = 0
while game.count:
    game.undo()
    undo_steps += 1
print(json.dumps({"code": with_code - bare, "game": with_game - with_code, "lines": lines,
                  "snapshot": size, "undo_steps": undo_steps}))
"""]
    from host_tools.mprun import package_files, compile_files
    files = compile_files(package_files(("engine_lite",)))
    files["/lib/scripted_game.py"] = _file("host_tools/scripted_game.py")
    # Recount with CPython for the details the MicroPython run does not print.
    from engine_lite.game import Game
    from engine_lite.logtext import do_line
    from host_tools.scripted_game import scripted_game
    game = Game()
    for line in scripted_game(rounds):
        do_line(game, line)
    result = json.loads(run_micropython(code, packages=(), files=files).strip().splitlines()[-1])
    result.update(actions=game.count, history_bytes=len(game.history), turn=game.state.turn)
    return result


FIRMWARE_SETUP = """
import gc, json, machine
import os
from firmware.board.hw import open_watchdog, Flash
from firmware.main import Device, load_pins
from keyscript import Driver, ManualClock, parse
class NullOLED:
    def write(self, data):
        pass
machine.board = machine.Board()
machine.board.i2c_devices[0x3C] = NullOLED()
pins = load_pins("/hardware/pins.json")
clock = ManualClock()
# The real Flash class on the interpreter's filesystem, which (like a Pico's flash) is not heap.
os.mkdir("/flash")
device = Device(pins, clock, Flash("/flash"), open_watchdog(8000))   # as a Pico boots, saving included
app = device.app
driver = Driver(device, clock, pins)
driver.run(50)
"""

# In this port gc.collect() frees only what earlier runPython calls left behind, and a
# reference from the call just before can survive one more collection (host_tools/node/run.mjs).
# So each measurement collects at the start of a call of its own, after an idle call.
IDLE = "pass"
MEASURE = "gc.collect()\nlive = gc.mem_alloc()\npeak_live = max(peak_live, live)\n"
PRESS_CHUNK = """
for step in parse(%r):
    driver.step(*step)
peak_total = max(peak_total, gc.mem_alloc())
"""
NAV_CHUNK = """
for step in parse(%r):
    driver.step(*step)
"""


def bench_firmware_heap(rounds=50, presses=1000):
    """Under MicroPython: heap after boot, peak heap over a game played with the buttons, and
    growth over `presses` presses that only move between screens."""
    from host_tools.mprun import firmware_files
    from host_tools.scripted_game import scripted_keys, navigation_keys
    files = firmware_files(compiled=True)     # the .mpy files a deployed Pico runs
    files["/lib/machine.py"] = _file("host_tools/standins/machine.py")
    files["/lib/keyscript.py"] = _file("host_tools/keyscript.py")
    # This WebAssembly build brings some standard modules (types, os.path) as Python code on the
    # heap, and the driver imports them; on a Pico they are built in or absent. Load them before
    # the baseline so that only Netclick's own heap is counted.
    chunks = ["import gc\nimport machine, keyscript, json, os, time\n"
              "for name in ('types', 'os.path'):\n"
              "    try:\n        __import__(name)\n    except ImportError:\n        pass", IDLE,
              "gc.collect()\nbare = gc.mem_alloc()\n" + FIRMWARE_SETUP, IDLE,
              "gc.collect()\nboot = gc.mem_alloc()\npeak_live = boot\npeak_total = boot\n"
              # (the later measures' slots made now: a new global could grow the globals'
              # table between two measures, and that is no leak of the tracker's)
              "nav_heap = [0, 0, 0]\n"]
    game_keys = list(scripted_keys(rounds))
    for key in game_keys:
        chunks += [PRESS_CHUNK % key, IDLE, MEASURE]
    chunks += [IDLE, "gc.collect()\nafter_game = gc.mem_alloc()\n"]
    from host_tools.scripted_game import NAVIGATION_CYCLE
    cycle = len(NAVIGATION_CYCLE)      # measured at the same point of a cycle, before and after
    presses -= presses % cycle
    nav = list(navigation_keys(presses + cycle * 6))
    for i in range(0, cycle * 6, cycle):       # warm up: every screen once, glyphs cached
        chunks += [NAV_CHUNK % ",".join(nav[i:i + cycle]), IDLE]
    chunks += [IDLE, "gc.collect()\nnav_heap[0] = gc.mem_alloc()\n"]
    # Twice the same presses: what the first run keeps may be kept once (a table that grew);
    # a leak keeps more with every run.
    for run in (1, 2):
        for i in range(cycle * 6, cycle * 6 + presses, cycle):
            chunks += [NAV_CHUNK % ",".join(nav[i:i + cycle]), IDLE]
        chunks += [IDLE, "gc.collect()\nnav_heap[%d] = gc.mem_alloc()\n" % run]
    chunks.append("print(json.dumps({'bare': bare, 'boot': boot, 'peak_live': peak_live, "
                  "'peak_total': peak_total, 'after_game': after_game, 'before_nav': nav_heap[0], "
                  "'after_nav': nav_heap[1], 'after_nav2': nav_heap[2], "
                  "'turn': app.game.state.turn, 'actions': app.game.count}))")
    out = run_micropython(chunks, packages=(), files=files)
    result = json.loads(out.strip().splitlines()[-1])
    result["presses"] = len([key for key in game_keys if not key.startswith("WAIT")])
    result["nav_presses"] = presses
    return result


def bench_i2c(rounds=50):
    """From the simulator: I2C bytes sent per key press over a game played with the buttons."""
    from host_tools.sim import Simulator
    from host_tools.scripted_game import scripted_keys
    sim = Simulator()
    per_press = []
    last = [sim.board.i2c_bytes]

    def after(index, step):
        if step[0] != "WAIT":          # (what a pause redraws, a message going, is no press's)
            per_press.append(sim.board.i2c_bytes - last[0])
        last[0] = sim.board.i2c_bytes
    sim.keys(",".join(scripted_keys(rounds)), after)
    return {"presses": len(per_press), "average": sum(per_press) / len(per_press),
            "max": max(per_press), "full_frame": 1025, "turn": sim.app.game.state.turn}


def bench_saving(rounds=50):
    """From the simulator: what saving writes to flash over a game played with the buttons."""
    from host_tools.sim import Simulator
    from host_tools.scripted_game import scripted_keys
    sim = Simulator()
    sim.settle()
    storage = sim.device.storage
    flash = sim.flash
    start_bytes, start_commits = flash.bytes_written, storage.commits
    keys = list(scripted_keys(rounds))
    marks = {}

    def after(index, step):
        if index + 1 == 100:
            marks["commits_100"] = storage.commits - start_commits
            marks["seconds_100"] = (sim.clock.now - marks["t0"]) / 1000.0
    marks["t0"] = sim.clock.now
    sim.keys(",".join(keys), after)
    sim.settle()
    commits = storage.commits - start_commits
    written = flash.bytes_written - start_bytes
    return {"presses": len([key for key in keys if not key.startswith("WAIT")]),
            "actions": sim.app.game.count, "bytes": written,
            "commits": commits, "per_commit": written / float(commits),
            "per_action": written / float(sim.app.game.count),
            "commits_100": marks["commits_100"], "seconds_100": marks["seconds_100"],
            "seconds": (sim.clock.now - marks["t0"]) / 1000.0}


# An Infiltration game on the virtual Pico: 8 rounds of Alarm +1, the phases and the roll (a
# held OK: the round's end); the figures are of the monitor's 72 presses (not the menus that
# start the game).
MONITOR_ROUND = "RIGHT,RIGHT,UP,LEFT,LEFT,OK,OK,OK,LONG:OK,WAIT:1500"
MONITOR_TAPS = 72


def _monitor_keys():
    from host_tools.screens_catalog import INFILTRATION
    return INFILTRATION + ",WAIT:3000," + ",".join([MONITOR_ROUND] * 8)


MONITOR_KEYS = _monitor_keys()


# Issue 21's mixed script: 34 taps from a new game, counter changes and menu openings.
MIXED_KEYS = ("OK,OK,DOWN,OK,UP,UP,OK,RIGHT,OK,RIGHT,RIGHT,OK,DOWN,OK,LEFT,OK,OK,OK,RIGHT,RIGHT,"
              "RIGHT,RIGHT,OK,DOWN,DOWN,OK,LEFT,LEFT,UP,DOWN,OK,OK,RIGHT,OK")
# With it, every menu a player opens, each reached from a new game by the catalog's key script:
# together every screen is opened at least once (host_tools.screens_catalog).
MENU_SCREENS = ("actions_corp", "number", "end_turn", "servers", "rez", "access", "trace_result",
                "more", "tokens", "agenda", "counters", "log", "settings", "new_game", "win",
                "undo", "tournament", "timer", "psi_result", "match", "players", "agents")
GAPS_MS = (120, 720)       # release to next press: taps 200 ms apart, and 800 ms (a player's pace)


def photon_mixed(image, gap_ms):
    """Press to photon over MIXED_KEYS and every MENU_SCREENS script: sorted ms of the taps
    that changed the glass, and the number of taps."""
    from host_tools import virtual_checks
    from host_tools.screens_catalog import SCREENS
    scripts = [MIXED_KEYS] + [keys for name, _, keys in SCREENS if name in MENU_SCREENS]
    times, taps = [], 0
    for keys in scripts:
        measured = virtual_checks.press_to_photon(image, keys, gap_ms)
        taps += len(measured)
        times += [ms for _, ms in measured if ms is not None]
    return sorted(times), taps


# Issue 37's rhythm sweep: the mixed script with these ms from one press to the next, and at
# random gaps (uniform 150-2,000 ms, three seeds), on the virtual Pico's flash at the chip's
# typical and worst times (a sector erase 45 / 400 ms, code in flash stalled meanwhile).
RHYTHMS_MS = (150, 250, 400, 530, 780, 1000, 1500, 2000)
RHYTHM_TIMINGS = ("typical", "worst")
RANDOM_SEEDS = (1, 2, 3)
LATE_MS = 60
QUICK_TAP_MS = 30


def rhythm_keys(seed):
    """MIXED_KEYS with a random gap after each tap: 150-2,000 ms from press to press (with
    press_to_photon's 70 ms from release to press, and its 80 ms taps)."""
    import random
    rnd = random.Random(seed)
    words = []
    for key in MIXED_KEYS.split(","):
        words += [key, "WAIT:%d" % rnd.randint(0, 2000 - 150)]
    return ",".join(words)


def bench_rhythm(image, flash_timing, fram=None, pins=None, panel="ssd1306", later=None):
    """[(rhythm, taps, late, p95, max)]: every tap's update at each rhythm (ms from its
    release to the last I2C byte; late: more than LATE_MS). `fram`: saved on an FRAM instead
    (the image's pin map names it). `pins`, `panel`: the pin map the image holds and its
    display's controller, when not the default (a display on SPI). `later`: a Jobs' `later`, to
    measure the rows side by side (each then a Future)."""
    from host_tools.scripted_game import scripted_keys
    later = later or _now
    runs = [("%d ms" % ms, MIXED_KEYS, ms - 80) for ms in RHYTHMS_MS]
    runs += [("random, seed %d" % seed, rhythm_keys(seed), 70) for seed in RANDOM_SEEDS]
    # Quick taps: each key held QUICK_TAP_MS, the next pressed 70 ms after the release (a
    # player tapping +1 credit as fast as a thumb goes; a press may land in the last one's
    # drawing, and the interrupt latches it).
    quick = ",".join("TAP:%s:%d" % (key, QUICK_TAP_MS) for key in MIXED_KEYS.split(","))
    runs.append(("%d ms, %d ms taps" % (QUICK_TAP_MS + 70, QUICK_TAP_MS), quick, 70))
    # A whole game's worth of saves: littlefs erases (a block filled, its metadata compacted)
    # come in a long game, seldom in 34 taps.
    runs.append(("13 rounds, 530 ms", ",".join(scripted_keys(13)), 450))
    return [later(_rhythm_row, name, image, keys, gap, flash_timing, fram, pins, panel)
            for name, keys, gap in runs]


def _rhythm_row(name, image, keys, gap, flash_timing, fram, pins, panel):
    """One row of bench_rhythm: (rhythm, taps, late, p95, max)."""
    from host_tools import virtual_checks
    measured = virtual_checks.press_to_photon(image, keys, gap, flash_timing=flash_timing,
                                              fram=fram, pins=pins, panel=panel)
    times = sorted(ms for _, ms in measured if ms is not None)
    late = sum(1 for ms in times if ms > LATE_MS)
    return (name, len(measured), late, _pct(times, 95), times[-1])


def _now(measure, *args):
    """measure(*args) at once (bench_rhythm with no Jobs)."""
    return measure(*args)


class Jobs:
    """Measurements on the virtual Pico side by side, one per core. Each runs an emulator
    process of its own and its figures are emulated time, so running them together changes no
    figure, only the wait: make bench's virtual-Pico part took over 3 hours one after another
    on this 2-core machine. NETCLICK_BENCH_JOBS sets how many at once."""

    def __init__(self):
        workers = int(os.environ.get("NETCLICK_BENCH_JOBS") or os.cpu_count() or 1)
        self.pool = ThreadPoolExecutor(max_workers=workers)
        self.started = self.done = 0

    def later(self, measure, *args, **kwargs):
        """measure(*args, **kwargs) in the pool: a Future of its result."""
        future = self.pool.submit(measure, *args, **kwargs)
        self.started += 1
        future.add_done_callback(self._count)
        return future

    def _count(self, future):
        # Nothing prints until the last one is in: a line on stderr per measurement says how
        # far a run of hours has got.
        self.done += 1
        sys.stderr.write("virtual Pico: %d of %d measurements done\n" % (self.done, self.started))
        sys.stderr.flush()

    def results(self, figures):
        """`figures` with every Future in it (in dicts, lists and tuples) replaced by its result,
        waiting for each; then the pool is shut."""
        try:
            return _resolved(figures)
        finally:
            self.pool.shutdown(cancel_futures=True)


def _resolved(value):
    if isinstance(value, Future):
        return _resolved(value.result())
    if isinstance(value, dict):
        return dict((key, _resolved(item)) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return type(value)(_resolved(item) for item in value)
    return value


SWAP_ACTIONS = 2000         # the games a swap is timed with (bench_board)
SPI_CONTROLLERS = ("ssd1306", "ssd1309", "sh1106")   # the rhythm sweep on SPI: 10, 10, 4 MHz
SPI_TARGETS = {"p95": 10, "max": 15}       # issue 61: every tap within 15 ms, p95 within 10
SWAP_GAPS_MS = (50, 330)    # ... from the held OK's release to the next press, and between taps
POWER_UP_ACTIONS = (500, 2000)     # saved games power-up is timed with (and none)
# ... and a game of 500 actions whose last 150 are in the journal, a commit each: 1.9 KB, about
# the most a stretch of play leaves before a pause compacts it (Storage.JOURNAL_LIMIT)
POWER_UP_JOURNAL = (500, 150)


def _boot_ms(fresh):
    """Power-up to the dashboard with no game saved (emulated ms)."""
    from host_tools import vpico
    with vpico.VirtualPico(fresh) as pico:
        return pico.boot()


def _tap_figures(image, keys, last=None, **where):
    """(p50, p95, max, taps, taps that changed the glass) of press to photon over `keys` (the
    last `last` taps of them); `where`: press_to_photon's panel arguments."""
    from host_tools import virtual_checks
    measured = virtual_checks.press_to_photon(image, keys, **where)
    if last:
        measured = measured[-last:]
    times = sorted(ms for _, ms in measured if ms is not None)
    return (_pct(times, 50), _pct(times, 95), times[-1], len(measured), len(times))


def _mixed_figures(image, gap):
    """(p50, p95, max, taps) over photon_mixed at `gap`."""
    mixed, count = photon_mixed(image, gap)
    return (_pct(mixed, 50), _pct(mixed, 95), mixed[-1], count)


def _budget_figures(image, fresh, folder, later, timings=RHYTHM_TIMINGS):
    """The measurements of the image's budgets (issue 59: heap above the prompt, the peaks, a
    full collection at the peak, power-up, menus+mixed taps, the rhythm sweep at `timings`),
    each a Future of `later` (a Jobs')."""
    from host_tools import virtual_checks
    fits = _if_it_fits
    power_up = [later(fits, virtual_checks.power_up_ms, (None, n), fresh, folder, n)
                for n in POWER_UP_ACTIONS]
    power_up.append(later(fits, virtual_checks.power_up_ms, (None, POWER_UP_JOURNAL[0]), fresh,
                          folder, *POWER_UP_JOURNAL))
    figures = {"boot_ms": later(_boot_ms, fresh), "power_up": power_up,
               "heap": later(virtual_checks.heap_after_boot, image),
               "game_peak": later(fits, virtual_checks.heap_in_game, (None, "-", None), image, 50),
               "inf": later(fits, virtual_checks.heap_in_infiltration, (None, "-"), image)}
    for gap in GAPS_MS:
        figures["mixed%d" % gap] = later(_mixed_figures, image, gap)
    figures["rhythm"] = dict((timing, bench_rhythm(image, timing, later=later))
                             for timing in timings)
    figures["erase_taps"] = later(_erase_taps, fresh, folder)
    figures["littlefs_taps"] = later(_littlefs_taps, fresh, folder)
    return figures


ERASE_TAPS = 5     # taps landing as an erase of the journal's begins (Taps in an erase)
# ... and pressed this much after littlefs's writes begin (before, when negative): across all of
# a 2,000-action game's whole files, which a pause writes a short step at a time (some 150 ms
# at the flash's worst), so that the tap's release lands in each of the steps
LITTLEFS_PRESS_MS = (-60, -30, 30, 60, 90, 120, 150, 180)


def _erase_taps(fresh, folder):
    """[ms] from the release of each of ERASE_TAPS taps that land as an erase of the journal's
    begins, the flash at its worst (virtual_checks.taps_in_an_erase), or None on a board with
    no journal of its own (the .mpy deploy: its journal is in files)."""
    from host_tools import virtual_checks
    from host_tools.vpico import VirtualPicoError
    try:
        late, _suspended, _ended, _work, _seen = virtual_checks.taps_in_an_erase(
            fresh, folder, "worst", ERASE_TAPS)
    except VirtualPicoError:
        return None
    return late


def _littlefs_taps(fresh, folder):
    """(the longest ms from the release of a tap landing in littlefs's writes of a swap's
    whole files, the flash at its worst, the erases littlefs made in them): a new game over a
    SWAP_ACTIONS game with three kept (as "Taps after a swap"), a tap pressed as the writes
    begin and LITTLEFS_PRESS_MS after that (virtual_checks.taps_in_littlefs_writes), or None on
    a board without erases ahead (the .mpy deploy)."""
    from host_tools import virtual_checks
    from host_tools.vpico import VirtualPicoError
    if "main.py" in virtual_checks.read_files(fresh):
        return None                  # (the .mpy deploy: the tracker in files, plain erases)
    work = virtual_checks.saved_long_games(fresh, folder, SWAP_ACTIONS, 3, "littlefs.bin")
    try:
        late, erases, start = virtual_checks.taps_in_littlefs_writes(work, "worst")
        for after in LITTLEFS_PRESS_MS:
            more, more_erases, _start = virtual_checks.taps_in_littlefs_writes(
                work, "worst", press_at_ms=start + after)
            late, erases = max(late, more), max(erases, more_erases)
    except VirtualPicoError:
        return None
    return late, erases


def _named(figures):
    """The budget figures under the names print_virtual_pico reads."""
    figures["prompt"], figures["built"], figures["gc_ms"] = figures.pop("heap")
    figures["peak"], figures["peak_screen"], figures["peak_gc_ms"] = figures.pop("game_peak")
    figures["inf_peak"], figures["inf_screen"] = figures.pop("inf")
    return figures


def bench_board(image, fresh, folder, rounds=13, fram=False):
    """The figures of one board (a flash image with the tracker on it, and a copy with no game
    saved yet) on the virtual Pico; with `fram`, the rhythm sweep also with the games saved on
    an FRAM (the pin-map option, firmware/board/fram.py) and the flash at its worst. The
    measurements run side by side (Jobs): each flash image they are given is made first, here."""
    from host_tools import virtual_checks
    from host_tools.scripted_game import scripted_keys
    jobs = Jobs()
    later = jobs.later
    game_keys = ",".join(scripted_keys(rounds))
    figures = _budget_figures(image, fresh, folder, later)
    figures.update(taps=later(_tap_figures, image, game_keys),
                   monitor=later(_tap_figures, fresh, MONITOR_KEYS, MONITOR_TAPS),
                   idle=later(virtual_checks.idle_cpu, image))
    if fram:
        figures["rhythm"]["FRAM"] = bench_rhythm(
            virtual_checks.with_fram(image, folder, "fram.bin"), "worst", virtual_checks.FRAM,
            later=later)
        # The display's bus at 1 MHz (a pin-map option): a whole-screen picture is some 1 KB,
        # 23 ms of a 400 kHz bus before any Python; and with the FRAM too, the flash at its worst.
        figures["rhythm"]["1 MHz"] = bench_rhythm(
            virtual_checks.with_fast_bus(image, folder, "fast.bin"), "typical", later=later)
        figures["rhythm"]["FRAM, 1 MHz"] = bench_rhythm(
            virtual_checks.with_fast_bus(image, folder, "fast-fram.bin", fram=True), "worst",
            virtual_checks.FRAM, later=later)
        # The display on SPI (issue 61; hardware/pins-spi.json): each controller at its
        # datasheet's clock, the flash at its typical times.
        for controller in SPI_CONTROLLERS:
            with open(os.path.join(ROOT, "hardware", "pins-spi.json")) as handle:
                pins = json.load(handle)
            pins["display"]["controller"] = controller
            work = virtual_checks.with_pin_map(image, folder, "spi-%s.bin" % controller,
                                               json.dumps(pins))
            figures["rhythm"]["SPI " + controller] = bench_rhythm(
                work, "typical", pins=pins, panel=controller, later=later)
        # Taps after a swap: a new game over a 2,000-action game with three such games kept,
        # its whole files written at once under the held OK (issue 58), the next taps 130 and
        # 410 ms after its release.
        long_games = virtual_checks.saved_long_games(fresh, folder, SWAP_ACTIONS, 3, "swap.bin")
        figures["swap"] = dict(((swap, timing, gap), later(
            virtual_checks.taps_after_a_swap, long_games, timing, gap, 12, swap))
            for swap in virtual_checks.SWAP_KEYS
            for timing in RHYTHM_TIMINGS for gap in SWAP_GAPS_MS)
    # A display for each seat: the same game, timed to the last byte on the second panel. At
    # 0x3D (hardware/pins-two-displays.json) it gets its pages after the first's; at the first's
    # own address (pins-two-displays-same-address.json) it hears the first's.
    for key, name in (("second", "pins-two-displays.json"),
                      ("second_same", "pins-two-displays-same-address.json")):
        with open(os.path.join(ROOT, "hardware", name)) as handle:
            pins_text = handle.read()
        two = virtual_checks.with_pin_map(image, folder, name + ".bin", pins_text)
        figures[key] = later(_tap_figures, two, game_keys, None,
                             second_panel=json.loads(pins_text)["display2"]["address"])
    # And on SPI (issue 61; hardware/pins-spi-two-displays.json): two SSD1309s, the second with
    # its own chip select, sent its pages after the first's
    with open(os.path.join(ROOT, "hardware", "pins-spi-two-displays.json")) as handle:
        pins = json.load(handle)
    pins["display"]["controller"] = "ssd1309"
    two = virtual_checks.with_pin_map(image, folder, "spi-two.bin", json.dumps(pins))
    figures["second_spi"] = later(_tap_figures, two, game_keys, None, pins=pins,
                                  panel="ssd1309", second=True)
    figures = jobs.results(figures)
    # (the names print_virtual_pico reads)
    taps, monitor = figures.pop("taps"), figures.pop("monitor")
    figures.update(p50=taps[0], p95=taps[1], max=taps[2], taps=taps[3],
                   inf_p95=monitor[1], inf_max=monitor[2], inf_taps=monitor[4])
    for key in ("second", "second_same", "second_spi"):
        figures[key] = figures[key][:3]
    return _named(figures)


def bench_budgets():
    """The image's budgets alone on the virtual Pico (`--only=budgets`): the figures the
    README's budget table names, the rhythm sweep at the flash's typical and worst times. The
    whole virtual part (also FRAM, 1 MHz, SPI, two panels, swaps, the .mpy deploy: over a
    hundred emulator runs) takes more than four hours on a 2-core machine; these 35 runs 23
    minutes. None when the MicroPython rp2 files or the kit are not here."""
    import tempfile
    from host_tools import vpico, virtual_checks, uf2
    if vpico.firmware_image() is None or not os.path.isfile(uf2.KIT_SCRIPT):
        return None
    with tempfile.TemporaryDirectory() as folder:
        fresh = virtual_checks.image_fresh(folder, uf2.ensure())
        jobs = Jobs()
        figures = jobs.results(_budget_figures(fresh, fresh, folder, jobs.later))
    return _named(figures)


def _if_it_fits(measure, instead, *args):
    """measure(*args), or `instead` when the board runs out of memory doing it (the .mpy
    deploy, whose code is on the heap, has some 24 KB left for a game: a 50-round game built at
    its REPL does not fit)."""
    from host_tools.vpico import VirtualPicoError
    try:
        return measure(*args)
    except VirtualPicoError as error:
        if "MemoryError" not in str(error):
            raise
        return instead


def _kb(value):
    return "no room" if value is None else "%.1f KB" % (value / 1024.0)


def _ms(value, form="%.0f ms"):
    return "no room" if value is None else form % value


def _within(value, target):
    return value is not None and value <= target


def _pct(values, percent):
    return values[min(len(values) - 1, len(values) * percent // 100)]


def bench_virtual_pico():
    """The figures of the real firmware on the virtual Pico (host_tools.vpico), on both ways
    onto a Pico: {"image": ..., "deployed": ...}, or None when the MicroPython rp2 files are not
    here. The image is the product (make uf2); the .mpy deploy onto stock MicroPython the second
    path."""
    import tempfile
    from host_tools import vpico, virtual_checks, uf2
    if vpico.firmware_image() is None:
        return None
    boards = {}
    with tempfile.TemporaryDirectory() as folder:
        if os.path.isfile(uf2.KIT_SCRIPT):
            fresh = virtual_checks.image_fresh(folder, uf2.ensure())
            boards["image"] = bench_board(fresh, fresh, folder, fram=True)
        image, _ = virtual_checks.deploy_fresh(folder)
        fresh = virtual_checks.copy_image(image, folder, "fresh.bin")   # no game saved yet
        boards["deployed"] = bench_board(image, fresh, folder)
    return boards


def _input_to_picture(page, screens, skip):
    """The ms from each input to its picture while the catalog's `screens` are played, each
    from a new game (those named in `skip` left out)."""
    latencies = []
    for name, _description, keys in screens:
        if name not in skip:
            page.open()
            page.play(keys)
            latencies += page.script("return window.netclick.stats.latencies")
    return latencies


def bench_browser(opens=5):
    """The browser version (make web) in headless Chromium: the site's size, the time from
    opening the page to the first dashboard frame, and from each input to its picture while the
    catalog's Netrunner screens are played. None (and why) if there is no browser here."""
    import shutil
    import tempfile
    from host_tools.screens_catalog import SCREENS, RANDOM_SCREENS
    from host_tools.web import browser
    from host_tools.web.build import build, transfer_sizes, FILE_BUNDLE
    why = browser.missing()
    if why:
        return None, why
    site = tempfile.mkdtemp()
    try:
        sizes = build(site)
        bundle = sizes.pop(FILE_BUNDLE)      # (loaded only by a page opened from a file)
        transfer = transfer_sizes(site)
        firsts, latencies = [], []
        with browser.Browser(site, tempfile.mkdtemp()) as page:
            for _ in range(opens):
                page.open()
                firsts.append(page.script("return window.netclick.stats.firstFrameMs"))
            # Idle: nobody touches it (the boot message gone), for 10 s.
            import time
            time.sleep(3)
            before = page.script("return [window.netclick.stats.ticks, "
                                 "window.netclick.stats.busyMs, performance.now()]")
            time.sleep(10)
            after = page.script("return [window.netclick.stats.ticks, "
                                "window.netclick.stats.busyMs, performance.now()]")
            seconds = (after[2] - before[2]) / 1000.0
            idle = ((after[0] - before[0]) / seconds, (after[1] - before[1]) / seconds)
            latencies = _input_to_picture(page, SCREENS[:14], RANDOM_SCREENS)
        # Input -> picture on a phone's screen (390x844 CSS px at 3x density: the canvas is
        # painted at 3x), then the same with the CPU 4x slower: the catalog's first screens.
        phone = {}
        with browser.Browser(site, tempfile.mkdtemp()) as page:
            page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
            for rate in (1, 4):
                page.driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
                found = sorted(_input_to_picture(page, SCREENS[:8], RANDOM_SCREENS))
                phone[rate] = (found[len(found) // 2], found[int(len(found) * 0.95)], found[-1],
                               len(found))
        # A phone's first visit: a fresh profile (nothing cached), the CPU 4x slower and a slow
        # 3G network (DevTools' preset: 2 s round trip, 400 kbit/s down, 400 up).
        with browser.Browser(site, tempfile.mkdtemp()) as page:
            driver = page.driver
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
                "offline": False, "latency": 2000, "downloadThroughput": 400 * 1000 / 8,
                "uploadThroughput": 400 * 1000 / 8})
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
            page.driver.set_page_load_timeout(120)
            page.driver.get(page.page_url)
            page.wait_for("window.netclick && window.netclick.stats.firstFrameMs", 120)
            slow = page.script("return window.netclick.stats")
    finally:
        shutil.rmtree(site, ignore_errors=True)
    latencies.sort()
    firsts.sort()
    return {"bytes": sum(sizes.values()), "wasm": sizes["micropython.wasm"], "bundle": bundle,
            "gzip": transfer["gzip"], "brotli": transfer["brotli"],
            "slow_first": slow["firstPictureMs"], "slow_running": slow["firstFrameMs"],
            "idle_wakeups": idle[0], "idle_ms": idle[1],
            "files": len(sizes), "first": firsts[len(firsts) // 2], "first_max": firsts[-1],
            "p50": latencies[len(latencies) // 2], "p95": latencies[int(len(latencies) * 0.95)],
            "max": latencies[-1], "inputs": len(latencies), "phone": phone}, None


def _i2c_ms(count, hz=400000):
    """Time to send `count` bytes on I2C: 9 clock cycles a byte (8 bits and the ACK)."""
    return count * 9 * 1000.0 / hz


PARTS = ("host", "browser", "virtual", "budgets")   # (budgets: the virtual part's budgets alone)


def main():
    """Run every benchmark and print its figures; with --readme also write them into README.md.
    `--only=host,browser,virtual`: those parts only (each prints its own section, so parts run
    apart print what one run prints; the browser's figures are wall-clock time, so it wants an
    idle machine, unlike the others). `--only=budgets`: of the virtual part, the image's budgets
    alone (bench_budgets: under half an hour, where the whole part takes hours)."""
    import io
    parts = PARTS[:3]                 # (budgets is in virtual)
    for arg in sys.argv[1:]:
        if arg.startswith("--only="):
            parts = tuple(arg[len("--only="):].split(","))
            if not set(parts) <= set(PARTS):
                print("--only takes some of " + ",".join(PARTS))
                return 2
    out = io.StringIO()
    real_stdout = sys.stdout
    sys.stdout = _Tee(real_stdout, out)
    try:
        _run_all(parts)
    finally:
        sys.stdout = real_stdout
    if "--readme" in sys.argv[1:]:
        path = os.path.join(ROOT, "README.md")
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        start = text.index("<!-- bench -->")
        end = text.index("<!-- /bench -->")
        text = text[:start] + "<!-- bench -->\n```\n" + out.getvalue().strip() + "\n```\n" + text[end:]
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        print("README.md updated")
    return 0


class _Tee:
    """Writes to two streams."""

    def __init__(self, *streams):
        self.streams = streams

    def write(self, text):
        for stream in self.streams:
            stream.write(text)

    def flush(self):
        for stream in self.streams:
            stream.flush()


def _run_all(parts=PARTS[:3]):
    if "host" in parts:
        _run_host()
    if "browser" in parts:
        print_browser(*bench_browser())
        print()
    if "virtual" in parts:
        boards = bench_virtual_pico()
        if boards is None:
            from host_tools.vpico import MISSING
            print("Virtual Pico: not measured. " + MISSING)
            return
        print_virtual_pico(boards)
    elif "budgets" in parts:
        board = bench_budgets()
        if board is None:
            from host_tools.vpico import MISSING
            print("Virtual Pico: not measured. " + MISSING)
            return
        print("(the virtual part's budgets alone: python -m host_tools.bench --only=budgets)")
        print_virtual_pico({"image": board})


def _run_host():
    print("Engine (MicroPython 1.27, scripted %d-round game)" % 100)
    r = bench_engine(100)
    print("  game log lines applied       %6d  (%d actions in the history, turn %d)"
          % (r["lines"], r["actions"], r["turn"]))
    print("  history                      %6d bytes (%.2f bytes/action)"
          % (r["history_bytes"], r["history_bytes"] / r["actions"]))
    verdict = "ok" if r["game"] <= ENGINE_TARGET_KB * 1024 else "OVER TARGET"
    print("  heap: game + undo history    %6d bytes  (target <= %d KB: %s)"
          % (r["game"], ENGINE_TARGET_KB, verdict))
    print("  heap: engine code (.mpy)     %6d bytes" % r["code"])
    verdict = "ok" if r["snapshot"] <= SNAPSHOT_TARGET else "OVER TARGET"
    print("  snapshot (JSON)              %6d bytes  (target <= %d: %s)"
          % (r["snapshot"], SNAPSHOT_TARGET, verdict))
    print("  undo back to the start       %6d steps, all ok" % r["undo_steps"])

    print()
    print("Firmware under MicroPython 1.27 (WebAssembly, .py files), driven by key presses")
    h = bench_firmware_heap(50, 1000)
    kb = lambda n: n / 1024.0
    # Not frozen here, like the .mpy deploy path: reported, with no budget (the product, the
    # firmware image, has its budgets on the virtual Pico, below).
    print("  heap after boot              %6.1f KB  (the code on the heap too)"
          % kb(h["boot"] - h["bare"]))
    print("  peak heap, 50-round game     %6.1f KB  (%d presses, turn %d)"
          % (kb(h["peak_total"] - h["bare"]), h["presses"], h["turn"]))
    print("  live heap at most            %6.1f KB  (after gc.collect(), between game presses)"
          % kb(h["peak_live"] - h["bare"]))
    first = h["after_nav"] - h["before_nav"]
    growth = h["after_nav2"] - h["after_nav"]
    verdict = "ok" if growth <= 0 else ("ok: one 16-byte heap block" if growth <= 16 else "GROWS")
    print("  growth over %d presses     %+6d bytes (after gc.collect(); %s)"
          % (h["nav_presses"], first, verdict if first == growth else "%+d the second time: %s"
             % (growth, verdict)))

    print()
    print("Display traffic (simulator, the same 50-round game)")
    t = bench_i2c(50)
    print("  I2C bytes per key press      %6.0f average, %d max  (full frame %d)"
          % (t["average"], t["max"], t["full_frame"]))
    share = 100.0 * t["average"] / t["full_frame"]
    print("  average share of a frame     %6.1f %%  (target <= 40 %%: %s)"
          % (share, "ok" if share <= 40 else "OVER TARGET"))
    print("  at 400 kHz                   %6.2f ms average, %.2f ms max  (full frame %.2f ms)"
          % (_i2c_ms(t["average"]), _i2c_ms(t["max"]), _i2c_ms(1025 + 19)))

    print()
    print("Saving (simulator, the same 50-round game at 5 presses a second)")
    f = bench_saving(50)
    print("  flash bytes written          %6d  (%d actions, %d commits over %.0f s)"
          % (f["bytes"], f["actions"], f["commits"], f["seconds"]))
    print("  bytes per action             %6.1f" % f["per_action"])
    verdict = "ok" if f["per_commit"] <= 512 else "OVER TARGET"
    print("  bytes per commit             %6.1f  (journal records and snapshots; target <= 512: %s)"
          % (f["per_commit"], verdict))
    verdict = "ok" if f["commits_100"] <= f["seconds_100"] + 1 else "OVER TARGET"
    print("  commits per 100 presses      %6d  (in %.0f s of continuous input; target <= 1 a second: %s)"
          % (f["commits_100"], f["seconds_100"], verdict))
    print()
    print("Presses per table task (simulator; a long press counts as one)")
    from host_tools import press_budget
    rows = press_budget.table()
    out, met = press_budget.lines(rows)
    print("\n".join(out))
    print("  %d of %d tasks within their target" % (met, len(rows)))
    print("  With the knob (the pin map's \"knob\": a turn counts as one press)")
    print("\n".join(press_budget.lines(press_budget.table(press_budget.KNOB_TASKS,
                                                         press_budget.KNOB_PINS))[0]))
    print()
    print("Presses per turn (simulator): issue 60's corpus of %d turns, each from its start,"
          % len(press_budget.TURNS))
    print("  beside its token moves on a table with click tokens (and without: clicks in the head)")
    out, (pressed, moved, bare, over) = press_budget.turn_lines(press_budget.turn_table())
    print("\n".join(out))
    print("  the corpus: %d presses, %d token moves with click tokens (%.2fx), %d without (%.2fx);"
          % (pressed, moved, pressed / float(moved), bare, pressed / float(bare)))
    print("  %d turn%s more than %s token moves + 2 (targets: fewer presses than token moves: %s;"
          " none over: %s)" % (over, "" if over == 1 else "s", "its" if over == 1 else "their",
                               "ok" if pressed < moved else "MISSED",
                               "ok" if not over else "MISSED"))
    print()


def print_browser(b, why=None):
    """The browser's figures (bench_browser's), as the README's bench block shows them."""
    if b is None:
        print("Browser version: not measured (%s)" % why)
    else:
        print("Browser version (make web; headless Chromium on this machine, site served on localhost)")
        print("  site size                    %6.0f KB  (%d files; MicroPython's .wasm %.0f KB; and for a "
              "page opened from a file, netclick-file.js %.0f KB)"
              % (b["bytes"] / 1024.0, b["files"], b["wasm"] / 1024.0, b["bundle"] / 1024.0))
        print("  first visit, sent            %6.0f KB  brotli, %.0f KB gzip (make web-serve sends "
              "the precompressed files)" % (b["brotli"] / 1024.0, b["gzip"] / 1024.0))
        # The board is on the glass when index.html has arrived (a new game's first picture is
        # in it, host_tools/web/glass.js); the keys answer when MicroPython has too.
        print("  first visit, 4x CPU, slow 3G %6.0f ms  (the board on the glass; target <= 2500: %s)"
              % (b["slow_first"], "ok" if b["slow_first"] <= 2500 else "MISSED"))
        print("    the same, the tracker running %5.0f ms  (the keys answer from then)"
              % b["slow_running"])
        print("  idle: wake-ups a second      %6.1f     (target <= 2; nobody pressing anything)"
              % b["idle_wakeups"])
        print("  idle: main-thread work       %6.1f ms a second (target <= 5)" % b["idle_ms"])
        print("  page open -> tracker's frame %6.0f ms  (median of 5 opens, %.0f ms at most)"
              % (b["first"], b["first_max"]))
        print("  input -> picture, p50        %6.1f ms  (key down or up -> the canvas drawn)" % b["p50"])
        print("  input -> picture, p95        %6.1f ms  (%d inputs that changed the picture)"
              % (b["p95"], b["inputs"]))
        print("  input -> picture, max        %6.1f ms" % b["max"])
        for rate, target in ((1, 30), (4, 100)):
            p50, p95, most, count = b["phone"][rate]
            print("  phone 390x844 at 3x, CPU %dx   %.1f/%.1f/%.1f ms  (input -> picture p50/p95/max, "
                  "%d inputs; target p95 <= %d: %s)" % (rate, p50, p95, most, count, target,
                                                       "ok" if p95 <= target else "MISSED"))


# Budgets on the virtual Pico (issue 59), for the firmware image, which holds the whole tracker
# from power-up: heap above the prompt with the tracker built and peak live heap (KB), a full
# collection at the peak (ms), press to glass (ms), power-up with no game saved and with a saved
# game (ms). The .mpy deploy is a developer's path: its figures are reported, with no budget.
TARGETS = {"above": 64, "peak": 96, "gc": 3.0, "p95": 30, "max": 60, "boot_empty": 300,
           "boot": 800, "flash_wait": 100}


def print_virtual_pico(boards):
    """Both ways onto a Pico side by side: the firmware image (the product) and the .mpy
    deploy."""
    kinds = [k for k in ("image", "deployed") if k in boards]
    heads = {"image": "firmware image", "deployed": ".mpy deploy"}
    ok = lambda good: "ok" if good else "MISSED"
    print("Virtual Pico (MicroPython 1.28 rp2 on an emulated RP2040, I2C at 400 kHz; the image at 200 MHz,")
    print("  the .mpy deploy on stock MicroPython at 125 MHz)")
    print("  %-34s %s" % ("", "".join("%16s" % heads[k] for k in kinds)))

    def row(label, values, note=""):
        # (" %15s": a value longer than the column still has a space before it)
        print("  %-34s %s  %s" % (label, "".join(" %15s" % v for v in values), note))

    def verdicts(check):
        # (the budgets are the image's: the .mpy deploy's figures are reported)
        return ok(check("image")) if "image" in kinds else "-"

    def fast_enough(figures):
        # (p50, p95, max, ...) of press to photon, within its targets
        return figures[1] <= TARGETS["p95"] and figures[2] <= TARGETS["max"]
    above = dict((k, (boards[k]["built"] - boards[k]["prompt"]) / 1024.0) for k in kinds)
    row("heap above the REPL prompt", ["%.1f KB" % above[k] for k in kinds],
        "(the tracker built; target <= %d KB: %s)" % (
            TARGETS["above"], verdicts(lambda k: above[k] <= TARGETS["above"])))
    row("peak live heap, 50 rounds", [_kb(boards[k]["peak"]) for k in kinds],
        "(every screen opened; worst: %s; target <= %d KB: %s)" % (
            "/".join(boards[k]["peak_screen"] for k in kinds), TARGETS["peak"],
            verdicts(lambda k: _within(boards[k]["peak"], TARGETS["peak"] * 1024))))
    row("peak live heap, Infiltration", [_kb(boards[k]["inf_peak"]) for k in kinds],
        "(6 agents, 40 rounds; target <= %d KB: %s)" % (
            TARGETS["peak"], verdicts(lambda k: _within(boards[k]["inf_peak"], TARGETS["peak"] * 1024))))
    for gap in GAPS_MS:
        figures = dict((k, boards[k]["mixed%d" % gap]) for k in kinds)
        row("menus+mixed, taps %d ms apart" % (gap + 80),
            ["%.1f/%.1f/%.1f" % figures[k][:3] for k in kinds],
            "(p50/p95/max ms, %d taps; targets p95 <= %d, max <= %d: %s)" % (
                figures[kinds[0]][3], TARGETS["p95"], TARGETS["max"],
                verdicts(lambda k: fast_enough(figures[k]))))
    whole = "p50" in boards[kinds[0]]       # (--only=budgets: the budgets' rows alone)
    if whole:
        row("13-round game, p50/p95/max", ["%.1f/%.1f/%.1f" % (boards[k]["p50"], boards[k]["p95"],
                                                               boards[k]["max"]) for k in kinds],
            "(%d taps, end of tap -> last I2C byte of its update)" % boards[kinds[0]]["taps"])
        row("  the same, second panel at 0x3D", ["%.1f/%.1f/%.1f" % boards[k]["second"] for k in kinds],
            "(a display for each seat: the same taps, to the last byte on the other seat's panel, "
            "sent after the first's: %s)" % verdicts(lambda k: fast_enough(boards[k]["second"])))
        row("  the same, second at 0x3C too", ["%.1f/%.1f/%.1f" % boards[k]["second_same"]
                                                for k in kinds],
            "(both modules at the first's address: the second hears the first's bytes; "
            "targets p95 <= %d, max <= %d: %s)" % (
                TARGETS["p95"], TARGETS["max"],
                verdicts(lambda k: fast_enough(boards[k]["second_same"]))))
        row("  the same, two SSD1309s on SPI", ["%.1f/%.1f/%.1f" % boards[k]["second_spi"]
                                                for k in kinds],
            "(the second with its own chip select, to its last byte at 10 MHz; SPI targets p95 "
            "<= %d, max <= %d: %s)" % (
                SPI_TARGETS["p95"], SPI_TARGETS["max"],
                verdicts(lambda k: boards[k]["second_spi"][1] <= SPI_TARGETS["p95"]
                         and boards[k]["second_spi"][2] <= SPI_TARGETS["max"])))
        row("Infiltration monitor, p95/max", ["%.1f/%.1f" % (boards[k]["inf_p95"], boards[k]["inf_max"])
                                              for k in kinds], "(%d taps)" % boards[kinds[0]]["inf_taps"])
    row("power-up to the dashboard", ["%.0f ms" % boards[k]["boot_ms"] for k in kinds],
        "(no game saved; target <= %d: %s)" % (
            TARGETS["boot_empty"], verdicts(lambda k: boards[k]["boot_ms"] <= TARGETS["boot_empty"])))
    for i, wanted in enumerate(POWER_UP_ACTIONS):
        row("power-up, game of %d actions" % wanted,
            [_ms(boards[k]["power_up"][i][0]) for k in kinds],
            "(%d saved; target <= %d: %s)" % (
                boards[kinds[0]]["power_up"][i][1], TARGETS["boot"],
                verdicts(lambda k: _within(boards[k]["power_up"][i][0], TARGETS["boot"]))))
    i = len(POWER_UP_ACTIONS)
    row("power-up, %d of %d in journal" % POWER_UP_JOURNAL[::-1],
        [_ms(boards[k]["power_up"][i][0]) for k in kinds],
        "(a game of %d actions, its last %d in the journal, a commit each; target <= %d: %s)" % (
            POWER_UP_JOURNAL + (
            TARGETS["boot"], verdicts(lambda k: _within(boards[k]["power_up"][i][0], TARGETS["boot"])))))
    if whole:
        row("CPU busy, idle on the dashboard", ["%.1f %%" % (boards[k]["idle"] * 100)
                                                for k in kinds])
    row("a full GC, tracker built", ["%.1f ms" % boards[k]["gc_ms"] for k in kinds])
    row("a full GC at the peak", [_ms(boards[k]["peak_gc_ms"], "%.1f ms") for k in kinds],
        "(the longest pause a collection can cause; target <= %.0f: %s)" % (
            TARGETS["gc"], verdicts(lambda k: _within(boards[k]["peak_gc_ms"], TARGETS["gc"]))))
    erase_taps = dict((k, boards[k].get("erase_taps")) for k in kinds)
    if erase_taps.get("image"):
        row("Taps in an erase, flash worst", [
            "%.0f ms" % max(erase_taps[k]) if erase_taps[k] else "-" for k in kinds],
            "(the longest of %d taps landing as an erase of the journal's begins (400 ms), from "
            "the release; a key suspends it; issue 58's target <= %d: %s)" % (
                ERASE_TAPS, TARGETS["flash_wait"],
                verdicts(lambda k: max(erase_taps[k]) <= TARGETS["flash_wait"])))
    littlefs_taps = dict((k, boards[k].get("littlefs_taps")) for k in kinds)
    if littlefs_taps.get("image"):
        row("Taps in littlefs's writes, worst", [
            "%.0f ms" % littlefs_taps[k][0] if littlefs_taps[k] else "-" for k in kinds],
            "(a new game's whole files in the next pause, a step at a time, %d erases: a tap "
            "pressed as they begin, or %s ms after, from the release; issue 58's target <= %d: "
            "%s)" % (
                littlefs_taps["image"][1], "/".join(str(ms) for ms in LITTLEFS_PRESS_MS),
                TARGETS["flash_wait"],
                verdicts(lambda k: littlefs_taps[k][0] <= TARGETS["flash_wait"])))
    print()
    print_swap(boards)
    print("Rhythm sweep (issue 37): the mixed script's %d taps at each rhythm, press to press;"
          % len(MIXED_KEYS.split(",")))
    print("  late: the update more than %d ms after the release; p95/max in ms (targets: none"
          % LATE_MS)
    print("  late, p95 <= 30). Flash at the W25Q16JV's typical times (sector erase 45 ms) and worst")
    print("  (400 ms; code in flash stalls meanwhile). FRAM: the image with the games saved on an")
    print("  I2C FRAM beside the display (the pin map's \"fram\"), the flash at its worst. 1 MHz:")
    print("  the display's bus at 1 MHz (the pin map's i2c \"freq\"), the flash typical; with the")
    print("  FRAM too, at its worst. The other columns: the bus at 400 kHz.")
    print("  SPI: the display on SPI (hardware/pins-spi.json), SSD1306 and SSD1309 at 10 MHz, SH1106")
    print("  at 4 MHz, the flash typical (targets: every tap within %d ms, p95 within %d)."
          % (SPI_TARGETS["max"], SPI_TARGETS["p95"]))
    spi = tuple("SPI " + controller for controller in SPI_CONTROLLERS)
    columns = [(k, timing) for k in kinds
               for timing in RHYTHM_TIMINGS + ("FRAM", "1 MHz", "FRAM, 1 MHz") + spi
               if timing in boards[k]["rhythm"]]
    names = [r[0] for r in boards[kinds[0]]["rhythm"]["typical"]]
    # (four columns to a table: the README's bench block stays some 140 characters wide)
    for first in range(0, len(columns), 4):
        part = columns[first:first + 4]
        labels = ["%s, %s" % (heads[k], timing) for k, timing in part]
        width = "%%%ds" % (max(len(label) for label in labels) + 2)
        print("  %-18s %s" % ("", "".join(width % label for label in labels)))
        for i, name in enumerate(names):
            cells = []
            for k, timing in part:
                _, taps, late, p95, most = boards[k]["rhythm"][timing][i]
                cells.append("%d late, %.0f/%.0f" % (late, p95, most))
            print("  %-18s %s" % (name, "".join(width % c for c in cells)))
    for k, timing in columns:
        if timing in spi:
            rows = boards[k]["rhythm"][timing]
            worst_p95 = max(r[3] for r in rows)
            longest = max(r[4] for r in rows)
            print("  %s, %s: p95 at most %.1f ms, the longest %.1f ms: %s" % (
                heads[k], timing, worst_p95, longest,
                "ok" if worst_p95 <= SPI_TARGETS["p95"] and longest <= SPI_TARGETS["max"]
                else "NOT MET"))


def print_swap(boards):
    """The taps after a swap (bench_board), on the image."""
    from host_tools import virtual_checks
    swap_figures = boards.get("image", {}).get("swap")
    if not swap_figures:
        return
    print("  Taps after a swap (issue 58): More > New game held over a game of %d actions with"
          % SWAP_ACTIONS)
    print("  three such kept, and the newest of them brought back (More > Previous games); each")
    print("  saved at once by its start record in the journal, its whole files in the next pause.")
    print("  12 taps, the first one gap after the release; each from when it was let go (its wait")
    print("  for the flash counted in) to its picture: first tap, then max of the rest, ms (issue")
    print("  58: 100 ms at most).")
    for swap in virtual_checks.SWAP_KEYS:
        for timing in RHYTHM_TIMINGS:
            cells = []
            for gap in SWAP_GAPS_MS:
                times = swap_figures[(swap, timing, gap)]
                cells.append("taps %d ms apart: %.0f, then %.0f" % (
                    gap + 80, times[0], max(times[1:])))
            print("    %-10s flash %-8s %s" % (swap, timing, "; ".join(cells)))
    print()


if __name__ == "__main__":
    sys.exit(main())
