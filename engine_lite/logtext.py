"""The game-log text format, for either game: reading a line (`parse`, `do_line`), a file's
lines (`split_lines`), a whole log (`log_text`), and a game's state as plain data (`game_dict`).
Each game's own lines are a module of their own (LOG_LINES: Netrunner's
engine_lite.netrunner.text, Infiltration's engine_lite.infiltration.text).

The grammar is in the README ("The game log"). Host tools, tests and `do_line` use this;
the device never loads it.
"""

from engine_lite.infiltration import text as infiltration_text
from engine_lite.netrunner import text as netrunner_text
from engine_lite.game import GAMES, rules_named
from engine_lite.logwords import LogError, NewGame, show, is_number   # (also for importers of these)

# Each game's lines, by the game's name (engine_lite.game.GAMES): format_action, read_words,
# read_new_game, new_game_line and state_dict. Not in the games' own rows: the device never reads
# or writes a log line, and these modules and those they import (the log line writer, the
# report's state as data) would be some 2.5 KB more of its heap to collect (make bench: a full
# GC at the peak).
LOG_LINES = (("netrunner", netrunner_text), ("infiltration", infiltration_text))


def text_of(rules):
    """A game's lines in the game-log format (None: Netrunner's)."""
    name = rules.NAME if rules is not None else GAMES[0][0]
    for row in LOG_LINES:
        if row[0] == name:
            return row[1]
    raise KeyError(name)


def split_lines(data):
    """The lines of a log file's bytes, as text: lines end at '\n' (an optional '\r' before it
    goes too) and nowhere else, so form feeds, vertical tabs and U+2028 stay inside their line
    and line numbers match a text editor's. A UTF-8 byte-order mark is dropped. A line that is
    not UTF-8 comes back as a LogError, to be reported as that line's problem."""
    if data[:3] == b"\xef\xbb\xbf":
        data = data[3:]
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    out = []
    for raw in lines:
        if raw[-1:] == b"\r":
            raw = raw[:-1]
        try:
            out.append(raw.decode("utf-8"))
        except UnicodeError:
            out.append(LogError("not UTF-8 text"))
    return out


def parse(line, rules=None):
    """Parse one log line of a game played by `rules` (None: Netrunner's; the line
    `new-game infiltration ...` starts an Infiltration game whatever they are).

    Returns an action tuple, the string 'undo' or 'redo', a NewGame, or None for a blank or
    comment line.
    Raises LogError with a one-line reason.
    """
    hash_at = line.find("#")
    if hash_at >= 0:
        line = line[:hash_at]
    words = line.lower().split()
    if not words:
        return None
    first = words[0]
    if first == "new-game":
        if len(words) > 1 and rules_named(words[1]):      # new-game infiltration 4
            return text_of(rules_named(words[1])).read_new_game(words[2:])
        return text_of(None).read_new_game(words[1:])
    if first in ("undo", "redo"):
        if len(words) > 1:
            raise LogError("unexpected '%s'" % show(words[1]))
        return first
    return text_of(rules).read_words(words)


def do_line(game, line):
    """Apply one line of the game-log format to a Game; `new-game` restarts it (with the rules
    the line names).

    Returns (what the line was, note): an action, the undone/redone action, a NewGame, or None
    for a comment. Raises LogError for a line that does not parse, Refused for one the rules
    refuse (the game is then unchanged).
    """
    act = parse(line, game.rules)
    if act is None:
        return None, None
    if isinstance(act, NewGame):
        game.__init__(*act.start())
        return act, None
    if act == "undo":
        return game.undo(), None
    if act == "redo":
        return game.redo(), game.last_note
    return act, game.do(act)


# ---- writing a whole log (host tools; the device writes no log files) ---------------------------

def log_lines(game):
    """A game's history in the game-log text format, oldest first."""
    line = text_of(game.rules).format_action
    for act in game.actions():
        yield line(act)


def log_text(game):
    """A game's whole log as text, ready to save or to replay."""
    out = ["# netclick game log v1", text_of(game.rules).new_game_line(game.start)]
    out.extend(log_lines(game))
    return "\n".join(out) + "\n"


def game_dict(game):
    """The state of a game as plain data (the replay tool's JSON), whichever game it is."""
    return text_of(game.rules).state_dict(game.state)
