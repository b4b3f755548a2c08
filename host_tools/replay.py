"""Replay a Netclick game log and print the final state as JSON.

    python -m host_tools.replay game.log          # or - to read standard input
    python -m host_tools.replay --keep-going game.log

A line that does not parse, or that the rules refuse, stops the replay with exit status 1 and
`line N: reason` on standard error. With --keep-going such lines are reported and skipped.
The log grammar is in the README ("The game log").
"""

import argparse
import json
import sys

from engine_lite.game import Game
from engine_lite.logtext import game_dict
from engine_lite.logtext import do_line, LogError, split_lines
from engine_lite.base import Refused

REASON_MAX = 100     # a reason longer than this is cut (it may quote a huge or binary line)


def replay_lines(lines, keep_going=False, errors=None):
    """Apply log lines to a new Game; returns (game, list of (line number, reason)).

    `lines` are strings (or LogErrors, as logtext.split_lines gives for a line that is not text).

    Stops at the first bad line unless keep_going. `errors`, if given, is called with each
    (line number, reason) as it happens.
    """
    game = Game()
    problems = []
    for number, line in enumerate(lines, 1):
        try:
            if isinstance(line, LogError):       # split_lines: the line was not text
                raise line
            do_line(game, line)
        except (LogError, Refused) as error:
            reason = str(error)
            if len(reason) > REASON_MAX:
                reason = reason[:REASON_MAX - 3] + "..."
            problems.append((number, reason))
            if errors:
                errors(number, reason)
            if not keep_going:
                break
    return game, problems


def main(argv=None):
    """Command-line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m host_tools.replay", description=__doc__.split("\n")[0])
    parser.add_argument("file", help="game log to replay, or - for standard input")
    parser.add_argument("--keep-going", action="store_true",
                        help="report bad lines on standard error and go on")
    args = parser.parse_args(argv)
    if args.file == "-":
        data = sys.stdin.buffer.read()
    else:
        try:
            with open(args.file, "rb") as handle:
                data = handle.read()
        except OSError as error:
            print("cannot read %s: %s" % (args.file, error.strerror), file=sys.stderr)
            return 1

    def report(number, reason):
        print("line %d: %s" % (number, reason), file=sys.stderr)

    game, problems = replay_lines(split_lines(data), args.keep_going, report)
    if problems and not args.keep_going:
        return 1
    print(json.dumps(game_dict(game), indent=2))
    return 0


if __name__ == "__main__":
    from host_tools import cli
    sys.exit(cli.run(main))
