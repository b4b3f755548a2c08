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
    # Separate chunks: this port frees garbage only between chunks (host_tools/wasm/run.mjs).
    code = ["""
import gc, json
""", """
gc.collect()
bare = gc.mem_alloc()
from engine_lite.game import Game
from engine_lite import snapshot
from scripted_game import scripted_game
""", """
gc.collect()
with_code = gc.mem_alloc()
game = Game()
lines = 0
for line in scripted_game(%d):
    game.do_line(line)
    lines += 1
line = None
""" % rounds, """
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
                  "actions": lines, "history_bytes": 0, "snapshot": size, "undo_steps": undo_steps,
                  "turn": 0}))
"""]
    files = {"/lib/scripted_game.py": _file("host_tools/scripted_game.py")}
    # Recount with CPython for the details the MicroPython run does not print.
    from engine_lite.game import Game
    from host_tools.scripted_game import scripted_game
    game = Game()
    for line in scripted_game(rounds):
        game.do_line(line)
    result = json.loads(run_micropython(code, files=files).strip().splitlines()[-1])
    result.update(actions=game.count, history_bytes=len(game.history), turn=game.state.turn)
    return result


def main():
    """Run every benchmark and print its figures."""
    print("Engine (MicroPython 1.27, scripted %d-round game)" % 100)
    r = bench_engine(100)
    print("  game log lines applied       %6d  (%d actions in the history, turn %d)"
          % (r["lines"], r["actions"], r["turn"]))
    print("  history                      %6d bytes (%.2f bytes/action)"
          % (r["history_bytes"], r["history_bytes"] / r["actions"]))
    verdict = "ok" if r["game"] <= ENGINE_TARGET_KB * 1024 else "OVER TARGET"
    print("  heap: game + undo history    %6d bytes  (target <= %d KB: %s)"
          % (r["game"], ENGINE_TARGET_KB, verdict))
    print("  heap: engine code (from .py) %6d bytes" % r["code"])
    verdict = "ok" if r["snapshot"] <= SNAPSHOT_TARGET else "OVER TARGET"
    print("  snapshot (JSON)              %6d bytes  (target <= %d: %s)"
          % (r["snapshot"], SNAPSHOT_TARGET, verdict))
    print("  undo back to the start       %6d steps, all ok" % r["undo_steps"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
