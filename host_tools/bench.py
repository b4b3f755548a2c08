"""Netclick benchmarks: `make bench` (python -m host_tools.bench).

Figures are measured under real MicroPython (the pinned WebAssembly build, a 32-bit port like the
RP2040, so object sizes match the Pico's) and printed; the README quotes them.
"""

import json
import os
import sys

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
from firmware.hw import open_watchdog, Flash
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


# An Infiltration game on the virtual Pico: 8 rounds of Alarm +1, the phases and the roll; the
# figures are of the monitor's 72 taps (not the menus that start the game).
MONITOR_ROUND = "RIGHT,RIGHT,UP,LEFT,LEFT,OK,OK,OK,OK,WAIT:1500"
MONITOR_TAPS = 72


def _monitor_keys():
    from host_tools.screens_catalog import INFILTRATION
    return INFILTRATION + ",WAIT:3000," + ",".join([MONITOR_ROUND] * 8)


MONITOR_KEYS = _monitor_keys()


def bench_virtual_pico(rounds=13):
    """The figures of the real firmware on the virtual Pico (host_tools.vpico), or None when
    the MicroPython rp2 image is not here."""
    import tempfile
    from host_tools import vpico, virtual_checks
    from host_tools.scripted_game import scripted_keys
    if vpico.firmware_image() is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        image, _ = virtual_checks.deploy_fresh(folder)
        fresh = virtual_checks.copy_image(image, folder, "fresh.bin")   # no game saved yet
        with vpico.VirtualPico(image) as pico:
            boot_ms = pico.boot()
        taps = virtual_checks.press_to_photon(image, ",".join(scripted_keys(rounds)))
        monitor = virtual_checks.press_to_photon(fresh, MONITOR_KEYS)[-MONITOR_TAPS:]
        prompt, built, gc_ms = virtual_checks.heap_after_boot(image)
        peak, peak_screen, peak_gc_ms = virtual_checks.heap_in_game(image, 50)
        inf_peak, inf_screen = virtual_checks.heap_in_infiltration(image)
        idle = virtual_checks.idle_cpu(image)
    times = sorted(ms for _, ms in taps if ms is not None)
    inf = sorted(ms for _, ms in monitor if ms is not None)
    return {"inf_peak": inf_peak, "inf_screen": inf_screen, "inf_taps": len(inf), "inf_p95": inf[int(len(inf) * 0.95)], "inf_max": inf[-1],
            "taps": len(taps), "updates": len(times), "boot_ms": boot_ms,
            "p50": times[len(times) // 2], "p95": times[int(len(times) * 0.95)],
            "max": times[-1], "prompt": prompt, "built": built, "gc_ms": gc_ms, "idle": idle,
            "peak": peak, "peak_screen": peak_screen, "peak_gc_ms": peak_gc_ms}


def bench_browser(opens=5):
    """The browser version (make web) in headless Chromium: the site's size, the time from
    opening the page to the first dashboard frame, and from each input to its picture while the
    catalog's Netrunner screens are played. None (and why) if there is no browser here."""
    import shutil
    import tempfile
    from host_tools.screens_catalog import SCREENS, RANDOM_SCREENS
    from host_tools.web import browser
    from host_tools.web.build import build
    why = browser.missing()
    if why:
        return None, why
    site = tempfile.mkdtemp()
    try:
        sizes = build(site)
        firsts, latencies = [], []
        with browser.Browser(site, tempfile.mkdtemp()) as page:
            for _ in range(opens):
                page.open()
                firsts.append(page.script("return window.netclick.stats.firstFrameMs"))
            for name, _description, keys in SCREENS[:14]:
                if name in RANDOM_SCREENS:
                    continue
                page.open()
                page.play(keys)
                latencies += page.script("return window.netclick.stats.latencies")
    finally:
        shutil.rmtree(site, ignore_errors=True)
    latencies.sort()
    firsts.sort()
    return {"bytes": sum(sizes.values()), "wasm": sizes["micropython.wasm"],
            "files": len(sizes), "first": firsts[len(firsts) // 2], "first_max": firsts[-1],
            "p50": latencies[len(latencies) // 2], "p95": latencies[int(len(latencies) * 0.95)],
            "max": latencies[-1], "inputs": len(latencies)}, None


def _i2c_ms(count, hz=400000):
    """Time to send `count` bytes on I2C: 9 clock cycles a byte (8 bits and the ACK)."""
    return count * 9 * 1000.0 / hz


def main():
    """Run every benchmark and print its figures; with --readme also write them into README.md."""
    import io
    out = io.StringIO()
    real_stdout = sys.stdout
    sys.stdout = _Tee(real_stdout, out)
    try:
        _run_all()
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


def _run_all():
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
    print("Firmware under MicroPython 1.27, driven by key presses")
    h = bench_firmware_heap(50, 1000)
    kb = lambda n: n / 1024.0
    print("  heap after boot              %6.1f KB  (target <= 60 KB: %s)"
          % (kb(h["boot"] - h["bare"]), "ok" if h["boot"] - h["bare"] <= 60 * 1024 else "OVER TARGET"))
    print("  peak heap, 50-round game     %6.1f KB  (%d presses, turn %d; target <= 90 KB: %s)"
          % (kb(h["peak_total"] - h["bare"]), h["presses"], h["turn"],
             "ok" if h["peak_total"] - h["bare"] <= 90 * 1024 else "OVER TARGET"))
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
    met = 0
    rows = press_budget.table()
    for name, presses, target, tokens, problem in rows:
        if problem:
            verdict = "SCRIPT BROKEN: " + problem
        else:
            verdict = "ok" if presses <= target else "over"
            met += presses <= target
        print("  %-42s %3d presses  (target <= %d: %s; tokens: %d)"
              % (name, presses, target, verdict, tokens))
    print("  %d of %d tasks within their target" % (met, len(rows)))
    print()
    b, why = bench_browser()
    if b is None:
        print("Browser version: not measured (%s)" % why)
    else:
        print("Browser version (make web; headless Chromium on this machine, site served on localhost)")
        print("  site size                    %6.0f KB  (%d files; MicroPython's .wasm %.0f KB)"
              % (b["bytes"] / 1024.0, b["files"], b["wasm"] / 1024.0))
        print("  page open -> first frame     %6.0f ms  (median of 5 opens, %.0f ms at most)"
              % (b["first"], b["first_max"]))
        print("  input -> picture, p50        %6.1f ms  (key down or up -> the canvas drawn)" % b["p50"])
        print("  input -> picture, p95        %6.1f ms  (%d inputs that changed the picture)"
              % (b["p95"], b["inputs"]))
        print("  input -> picture, max        %6.1f ms" % b["max"])
    print()
    v = bench_virtual_pico()
    if v is None:
        from host_tools.vpico import MISSING
        print("Virtual Pico: not measured. " + MISSING)
        return
    ok = lambda good: "ok" if good else "MISSED"
    print("Virtual Pico (MicroPython 1.28 rp2 on an emulated RP2040 at 125 MHz, I2C at 400 kHz)")
    print("  press to photon, p50         %6.1f ms  (end of tap -> last I2C byte of its update)"
          % v["p50"])
    print("  press to photon, p95         %6.1f ms  (%d taps of a %d-round game, %d changed the "
          "glass; target <= 30: %s)" % (v["p95"], v["taps"], 13, v["updates"], ok(v["p95"] <= 30)))
    print("  press to photon, max         %6.1f ms  (target <= 60: %s)"
          % (v["max"], ok(v["max"] <= 60)))
    print("  Infiltration monitor, p95    %6.1f ms  (%d taps: alarm, phases, rolls; target <= 30: %s)"
          % (v["inf_p95"], v["inf_taps"], ok(v["inf_p95"] <= 30)))
    print("  Infiltration monitor, max    %6.1f ms  (target <= 60: %s)"
          % (v["inf_max"], ok(v["inf_max"] <= 60)))
    print("  first screen after power-up  %6.1f ms" % v["boot_ms"])
    above = (v["built"] - v["prompt"]) / 1024.0
    print("  heap above the REPL prompt   %6.1f KB  (%.1f KB at the prompt; target <= 64 KB: %s)"
          % (above, v["prompt"] / 1024.0, ok(above <= 64)))
    print("  peak live heap, 50 rounds    %6.1f KB  (on %s, after a full collection; "
          "target <= 110 KB: %s)" % (v["peak"] / 1024.0, v["peak_screen"], ok(v["peak"] <= 110 * 1024)))
    print("  peak live heap, Infiltration %6.1f KB  (6 agents, 40 rounds, on %s; target <= 110 KB: %s)"
          % (v["inf_peak"] / 1024.0, v["inf_screen"], ok(v["inf_peak"] <= 110 * 1024)))
    print("  CPU busy, idle on dashboard  %6.1f %%  (target <= 5 %%: %s)"
          % (v["idle"] * 100, ok(v["idle"] <= 0.05)))
    print("  a full GC, tracker built     %6.1f ms" % v["gc_ms"])
    print("  a full GC at the peak        %6.1f ms  (the longest pause a collection can cause)"
          % v["peak_gc_ms"])


if __name__ == "__main__":
    sys.exit(main())
