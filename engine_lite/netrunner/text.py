"""Netrunner's lines in the game-log text format: reading a line's words (`read_words`), the
`new-game` line's settings (`read_new_game`, `new_game_line`); writing an action is
engine_lite.netrunner.logline.format_action, the state as plain data engine_lite.netrunner.report.state_dict.

engine_lite.logtext.LOG_LINES names this module; engine_lite.logtext reads and
writes whole logs of either game through it. The grammar is in the README ("The game log").
"""

from engine_lite.netrunner.state import (
    CORP, RUNNER, FIRST_REMOTE, HQ, RND, ARCHIVES, MAX_REMOTES, MAX_COUNT, FIELDS, field_name,
    limit as limit_of,
)
from engine_lite.netrunner.golden import SHORT_SETS, counters
from engine_lite.netrunner.actions import (
    SET, RUN_END, TRACE, AGENDA_TARGET, TIME_CALL, PSI, DAMAGE_KINDS, RUN_RESULTS,
)
from engine_lite.netrunner.logline import format_action      # noqa: F401 (this game's line writer)
from engine_lite.netrunner.report import state_dict           # noqa: F401 (and its state as plain data)
from engine_lite.netrunner.rules import VERBS
from engine_lite.logwords import LogError, NewGame, show, is_number


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
    """(lowest, highest) of one of the state's numbers, by name (engine_lite.netrunner.state's limits)."""
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
