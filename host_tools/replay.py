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
from engine_lite.logtext import LogError
from engine_lite.rules import Refused


def replay_lines(lines, keep_going=False, errors=None):
    """Apply log lines to a new Game; returns (game, list of (line number, reason)).

    Stops at the first bad line unless keep_going. `errors`, if given, is called with each
    (line number, reason) as it happens.
    """
    game = Game()
    problems = []
    for number, line in enumerate(lines, 1):
        try:
            game.do_line(line)
        except (LogError, Refused) as error:
            problems.append((number, str(error)))
            if errors:
                errors(number, str(error))
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
        text = sys.stdin.read()
    else:
        try:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as error:
            print("cannot read %s: %s" % (args.file, error.strerror), file=sys.stderr)
            return 1

    def report(number, reason):
        print("line %d: %s" % (number, reason), file=sys.stderr)

    game, problems = replay_lines(text.splitlines(), args.keep_going, report)
    if problems and not args.keep_going:
        return 1
    print(json.dumps(game.state.to_dict(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
