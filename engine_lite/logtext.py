"""Reading the game-log text format: `parse(line)` (writing a line is `logline.format_action`;
a whole log, `log_text(game)`).

The grammar is in the README ("The game log"). Host tools, tests and `do_line` use this;
the device never loads it.
"""

import sys

from engine_lite.state import (
    CORP, RUNNER, FIRST_REMOTE, HQ, RND, ARCHIVES, MAX_REMOTES, MAX_COUNT, FIELDS, field_name,
    limit as limit_of,
)
from engine_lite.golden import SHORT_SETS, counters
from engine_lite.actions import (
    SET, RUN_END, TRACE, AGENDA_TARGET, TIME_CALL, PSI, DAMAGE_KINDS, RUN_RESULTS,
)
from engine_lite.logline import format_action      # (this game's line writer: text_of)
from engine_lite.report import state_dict           # (and its state as plain data)
from engine_lite import rules as netrunner
from engine_lite.rules import VERBS
from engine_lite.game import GAMES, rules_named


def text_of(rules):
    """A game's lines in the game-log format: the module its rules name as LOG (this one for
    Netrunner, engine_lite.infiltration_text), with format_action, read_words, read_new_game,
    new_game_line and state_dict."""
    name = (rules or netrunner).LOG
    __import__(name)
    return sys.modules[name]
from engine_lite.logwords import LogError, NewGame, show, is_number   # (also for importers of these)


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


def _parse_server(word):
    if word == "hq":
        return HQ
    if word in ("rd", "r&d", "rnd"):
        return RND
    if word == "archives":
        return ARCHIVES
    if word.startswith("remote") and is_number(word[6:]):
        digits = word[6:].lstrip("0") or "0"
        # int() only on a few digits: a 5,000-digit server number is refused, not read
        n = int(digits) if len(digits) <= 3 else MAX_REMOTES + 1
        if 1 <= n <= MAX_REMOTES:
            return FIRST_REMOTE + n - 1
    raise LogError("unknown server '%s' (hq, rd, archives, remote1...)" % show(word))


def _parse_number(word, signed):
    text = word
    if signed:
        if word[:1] not in ("+", "-"):
            raise LogError("'%s' needs a sign: +N or -N" % show(word))
        text = word[1:]
    if not is_number(text):
        raise LogError("'%s' is not a number (digits 0-9)" % show(word))
    digits = text.lstrip("0") or "0"
    # int() only on a few digits: a 5,000-digit number is refused, not read
    value = int(digits) if len(digits) <= 3 else MAX_COUNT + 1
    if value > MAX_COUNT:
        raise LogError("%s is too large (at most %d)" % (show(text), MAX_COUNT))
    return -value if word[:1] == "-" else value


def _parse_args(kinds, words, side):
    """Turn the words after the verb into numbers, following the verb's argument kinds."""
    values = [0, 0, 0]
    i = 0
    for kind in kinds:
        if i >= len(words):
            raise LogError("missing argument")
        word = words[i]
        if kind == "k":
            if word not in DAMAGE_KINDS:
                raise LogError("damage is net, meat or brain, not '%s'" % show(word))
            values[i] = DAMAGE_KINDS.index(word)
        elif kind == "e":
            if word not in RUN_RESULTS:
                raise LogError("a run ends with success, fail or jack-out, not '%s'" % show(word))
            values[i] = RUN_RESULTS.index(word)
        elif kind == "v":
            values[i] = _parse_server(word)
        elif kind == "f":
            names = [name for name, _ in counters(side)]
            if word not in names:
                raise LogError("no counter '%s' (%s)" % (show(word), ", ".join(names)))
            values[i] = names.index(word)
        elif kind == "n" and word == "off" and i == 1 and kinds == "fn":
            values[i] = -1  # stop tracking a card count
        else:
            values[i] = _parse_number(word, kind == "s")
        i += 1
    if i < len(words):
        raise LogError("unexpected '%s'" % show(words[i]))
    return values


NEW_GAME_KEYS = ("agenda-target", "corp-clicks", "runner-clicks", "runner-link", "runner-grip")
NEW_GAME_DEFAULTS = (7, 3, 4, 0, -1)     # (runner-grip -1: the grip is not followed)


def limit(wanted):
    """(lowest, highest) of one of the state's numbers, by name (engine_lite.state's limits)."""
    for i in range(len(FIELDS)):
        if field_name(i) == wanted:
            return limit_of(i)
    raise KeyError(wanted)


# The same limits as the numbers they set, so that any new-game line saves and loads.
NEW_GAME_LIMITS = (limit("agenda_target"), limit("corp.clicks_per_turn"),
                   limit("runner.clicks_per_turn"), limit("runner.link"), limit("runner.grip"))


def read_new_game(words):
    """The settings of a Netrunner `new-game` line (the words after it)."""
    values = [0, 0, 0, 0, 0]
    for k in range(5):
        values[k] = NEW_GAME_DEFAULTS[k]
    if len(words) % 2:
        raise LogError("new-game takes pairs: agenda-target N runner-link N ...")
    for i in range(0, len(words), 2):
        if words[i] not in NEW_GAME_KEYS:
            raise LogError("new-game has no setting '%s'" % show(words[i]))
        k = NEW_GAME_KEYS.index(words[i])
        value = _parse_number(words[i + 1], False)
        low, high = NEW_GAME_LIMITS[k]
        if value < low or value > high:
            raise LogError("%s must be %d to %d" % (words[i], low, high))
        values[k] = value
    return NewGame(values[0], values[1], values[2], values[3], values[4])


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
        if len(words) > 1 and words[1] in GAMES:          # new-game infiltration 4
            return text_of(rules_named(words[1])).read_new_game(words[2:])
        return read_new_game(words[1:])
    if first in ("undo", "redo"):
        if len(words) > 1:
            raise LogError("unexpected '%s'" % show(words[1]))
        return first
    return text_of(rules).read_words(words)


def read_words(words):
    """A Netrunner line (split into lower-case words, neither a comment, new-game, undo nor
    redo) as an action tuple."""
    first = words[0]
    if first in ("corp", "runner"):
        side = CORP if first == "corp" else RUNNER
        if len(words) < 2:
            raise LogError("what did the %s do?" % first)
        word = words[1]
        rest = words[2:]
        if word in SHORT_SETS:
            word = "set"
            rest = words[1:]
        found = 0
        for verb in range(1, len(VERBS)):
            name, who, kinds = VERBS[verb][:3]
            if name == word and who & (1 << side):
                # two verbs may share their words ("advance", "advance remote2"): the one
                # with as many arguments as the line gives
                if not found or len(kinds) == len(rest):
                    found = verb
        if found:
            a, b, c = _parse_args(VERBS[found][2], rest, side)
            return (found, side, a, b, c)
        raise LogError("the %s has no action '%s'" % (first, show(words[1])))
    if first == "run":
        a, b, c = _parse_args("e", words[1:], CORP)
        return (RUN_END, CORP, a, 0, 0)
    if first == "trace":
        a, b, c = _parse_args("nnn", words[1:], CORP)
        return (TRACE, CORP, a, b, c)
    if first in ("time-call", "psi"):
        verb = TIME_CALL if first == "time-call" else PSI
        a, b, c = _parse_args(VERBS[verb][2], words[1:], CORP)
        return (verb, CORP, a, b, c)
    if first == "set" and len(words) > 1 and words[1] == "agenda-target":
        a, b, c = _parse_args("n", words[2:], CORP)
        return (AGENDA_TARGET, CORP, a, 0, 0)
    raise LogError("unknown line start '%s'" % show(first))


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

def format_new_game(agenda_target, corp_clicks, runner_clicks, runner_link, runner_grip=-1):
    """The `new-game` line that starts a log with these settings (runner-grip only when the grip
    is followed: logs from before it read the same)."""
    line = "new-game agenda-target %d corp-clicks %d runner-clicks %d runner-link %d" % (
        agenda_target, corp_clicks, runner_clicks, runner_link)
    return line + (" runner-grip %d" % runner_grip if runner_grip >= 0 else "")


def new_game_line(start):
    """The `new-game` line of a Netrunner game that started at `start`."""
    return format_new_game(start.agenda_target, start.corp.clicks_per_turn,
                           start.runner.clicks_per_turn, start.runner.link, start.runner.grip)


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
