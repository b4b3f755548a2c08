"""Check a scenario: a game log with expectations written in its comments.

Runs unchanged under CPython (pytest) and MicroPython (through host_tools.mprun), so the same
scenarios prove the rules on both. A scenario is still a valid game log for the replay tool,
except for lines marked refused. Directives:

    # expect runner.max_hand_size = -3     the state (replay-tool JSON) at this point
    # expect agents.0.status = "inside"    (a list's items by number, from 0)
    corp draw    # refused: No clicks       the line must be refused, reason containing the text,
                                            and the state must not change
    runner end-turn  # note: flatlined      the rules' note must contain the text
"""

import json

from engine_lite.game import Game
from engine_lite.logtext import game_dict
from engine_lite.logtext import do_line, LogError
from engine_lite.base import Refused


def _lookup(data, path):
    for key in path.split("."):
        if isinstance(data, list) and key.isdigit() and int(key) < len(data):
            data = data[int(key)]       # agents.0.status
            continue
        if not isinstance(data, dict) or key not in data:
            return "<missing %s>" % path
        data = data[key]
    return data


def check_scenario(text):
    """Run a scenario; returns a list of failure messages (empty when it passes)."""
    game = Game()
    failures = []
    number = 0
    for line in text.split("\n"):
        number += 1
        stripped = line.strip()
        if stripped.startswith("# expect "):
            path, _, want = stripped[9:].partition("=")
            path = path.strip()
            want = json.loads(want.strip())
            got = _lookup(game_dict(game), path)
            if got != want:
                failures.append("line %d: %s is %r, expected %r" % (number, path, got, want))
            continue
        code, _, comment = line.partition("#")
        comment = comment.strip()
        if not code.strip():
            continue
        before = game.state.pack()
        try:
            _, note = do_line(game, code)
        except (LogError, Refused) as error:
            if not comment.startswith("refused"):
                failures.append("line %d: '%s' refused: %s" % (number, code.strip(), error))
            else:
                want = comment[7:].lstrip(":").strip()
                if want and want not in str(error):
                    failures.append("line %d: reason '%s' lacks '%s'" % (number, error, want))
                if game.state.pack() != before:
                    failures.append("line %d: refused, but the state changed" % number)
            continue
        if comment.startswith("refused"):
            failures.append("line %d: '%s' was accepted, expected refusal" % (number, code.strip()))
        elif comment.startswith("note:"):
            want = comment[5:].strip()
            if not note or want not in note:
                failures.append("line %d: note %r lacks '%s'" % (number, note, want))
    return failures
