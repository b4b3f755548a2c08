"""What an action did, as a player says it: "Corp drew (1 click left)".

The game log keeps its own terse lines (engine_lite.netrunner.logline); these phrases are for the messages
the device shows after an action, an undo or a redo, and for host tools that tell a game. Each
verb's words are in its row of engine_lite.netrunner.rules.VERBS: a phrase after the side's name, or a
function of the verb's own that says it all.
"""

from engine_lite.netrunner.state import CORP, RUNNER, SIDE_NAMES, ADVANCED_REMOTES, FIELDS, plural
from engine_lite.netrunner import actions as A
from engine_lite.netrunner.rules import VERBS
from engine_lite.netrunner.golden import tokens

LINE = 25           # characters in a line of the device's messages


def _cost(column, a, b):
    """A cost column of a verb's row (engine_lite.netrunner.rules.VERBS): a number, or the arguments that
    add up to it ("a", "ab")."""
    if isinstance(column, str):
        return (a if "a" in column else 0) + (b if "b" in column else 0)
    return column


def clicks_spent(act):
    """The clicks an action costs its side (its verb's row: the rules' cost)."""
    verb = act[0]
    return _cost(VERBS[verb][5], act[2], act[3]) if 0 < verb < len(VERBS) else 0


def credits_spent(act):
    """The credits an action spends (its verb's row: the rules' cost)."""
    verb = act[0]
    return _cost(VERBS[verb][6], act[2], act[3]) if 0 < verb < len(VERBS) else 0


def phrase(act, state=None):
    """The action in words. With the state after it, a click action also says how many clicks
    are left to its side ("(1 click left)") when that still fits on one line of a message."""
    verb, side, a, b, c = act
    who = SIDE_NAMES[side & 1]
    said = VERBS[verb][4] if 0 < verb < len(VERBS) else None
    if said is None:
        text = "Action %d" % verb
    elif not isinstance(said, str):     # a function of the verb's own: the whole action
        text = said(side, a, b, c)
    elif said[0] == "+":                # "+tag": the side took or lost n of them
        n = a if a >= 0 else -a
        word = said[1:]
        if word != "bad publicity" and n != 1:
            word += "s"
        took = "gained" if verb == A.CLICKS else "took"
        text = "%s %s %d %s" % (who, took if a >= 0 else "lost", n, word)
    else:
        count = said.count("%d")
        text = "%s %s" % (who, said % (a, b)[:count] if count else said)
    text = one(text)
    clicks = VERBS[verb][5] if 0 < verb < len(VERBS) else 0
    if state is not None and isinstance(clicks, int) and clicks > 0 and state.active == side:
        left = state.player(side).clicks
        more = " (%d click%s left)" % (left, "" if left == 1 else "s")
        if len(text) + len(more) <= LINE:
            text += more     # only while it fits one line: a second one costs a repaint
    return text


# ---- the game told by turn ----------------------------------------------------------------------

# Each verb's count of numbers: a record is its head byte and a varint for each (encode of
# engine_lite.netrunner.actions), so turn_starts can step over a record without decoding it.
_NUMBERS = bytes([len(row[2]) for row in VERBS])
# Where the turn and the side to play are in a packed state (the rows of engine_lite.netrunner.state's
# table of numbers): turn_starts reads them from a checkpoint as the game keeps it, packed
# (unpacking a whole state, as Game.start does, takes 3 ms on a Pico).
_TURN = [row[0] for row in FIELDS].index("turn")
_ACTIVE = [row[0] for row in FIELDS].index("active")


def turn_starts(game, mark=0, upto=None):
    """Where the turns of the game's history start (a turn ends with `end-turn`), and the side
    and round number of each: [(index of its first action, side, round, byte offset)].

    The history is walked from checkpoint number `mark` of the game (0: its start) up to byte
    `upto` (None: its end). From the start the first turn is the game's first; from a later
    checkpoint, which can fall in the middle of a turn, only the turns that begin after it are
    found. So the log screen opens on the newest turns whatever the length of the game, and
    reaches back a checkpoint at a time (make bench: press to photon, opening the game log;
    walking a 50-round game from its start took 23 ms of the 60 ms the picture came after).

    Found without decoding the actions: the bytes under 0x80 end a record's head or one of its
    numbers, and only those are counted. Decoding took some 175 us an action on the virtual
    Pico: the game log of a 13-round game came 83 ms after the release that opened it, and
    with 50 rounds its picture alone took 146-158 ms (README, "Saves and taps")."""
    game.check_all()
    index, offset, packed = game.checkpoints[mark]
    side = packed[_ACTIVE]
    number = packed[_TURN]
    starts = [] if mark else [(0, side, number, 0)]
    history = game.history
    end = len(history) if upto is None else upto
    left = 0              # bytes under 0x80 still to come in this record
    ended = False         # the last record ended a turn
    numbers = _NUMBERS    # (locals: a global's lookup at each byte costs)
    end_turn = A.END_TURN
    for byte in memoryview(history)[offset:end]:
        if byte < 0x80:
            if left:
                left -= 1
            else:         # a record's head
                if ended:
                    starts.append((index, side, number, offset))
                verb = byte >> 1
                left = numbers[verb]
                index += 1
                ended = verb == end_turn
                if ended:
                    if side == 1:
                        number += 1
                    side = 1 - side
        offset += 1
    if ended and upto is None:
        starts.append((index, side, number, offset))    # a turn with nothing in it yet
    return starts


def turn_header(side, number):
    """A turn's header on the log screen: "Turn 3: Runner"."""
    return "Turn %d: %s" % (number, SIDE_NAMES[side])


def summary(acts, side):
    """What a side did in a turn, from its actions: "4 clicks, +3 -2 cr, 1 drawn, 2 runs"
    (parts that are 0 are left out)."""
    clicks = gained = spent = drawn = runs = 0
    for verb, who, a, b, c in acts:
        if verb == A.TRACE:
            spent += b if side == 0 else c     # each side's boost
            continue
        if verb == A.PSI:
            spent += a if side == 0 else b     # each side's bid
            continue
        if who != side:
            continue
        clicks += clicks_spent((verb, who, a, b, c))
        if verb == A.GAIN_CREDIT:
            gained += 1
        elif verb == A.GAIN:
            gained += a
        spent += credits_spent((verb, who, a, b, c))
        if verb == A.DRAW:
            drawn += 1
        if verb in (A.RUN, A.RUN_EVENT):
            runs += 1
    parts = ["%d click%s" % (clicks, "" if clicks == 1 else "s")]
    if gained or spent:
        parts.append("+%d -%d cr" % (gained, spent))
    if drawn:
        parts.append("%d drawn" % drawn)
    if runs:
        parts.append("%d run%s" % (runs, "" if runs == 1 else "s"))
    return ", ".join(parts)


def spoken(act, state):
    """The action and where it leaves its side, for a screen reader: "Corp took 1 credit:
    6 credits, 2 clicks left"."""
    player = state.player(act[1] & 1)
    return "%s: %s, %s left" % (phrase(act, state), plural(player.credits, "credit"),
                                plural(player.clicks, "click"))


# The nouns the verbs' words count ("stole %d points"): said in the singular after a 1 (issue 62:
# "stole 1 points", "1 clicks left").
_COUNTED = ("points", "credits", "clicks", "tags", "cards", "counters", "advancements")


def one(text):
    """`text` with "1 points" said "1 point" (after a space, a bracket or at the start)."""
    for word in _COUNTED:
        if "1 " + word in text:
            for lead in (" ", "("):
                text = text.replace(lead + "1 " + word, lead + "1 " + word[:-1])
            if text.startswith("1 " + word):
                text = "1 " + word[:-1] + text[2 + len(word):]
    return text


def board(state):
    """Both sides' numbers in words ("read the board"), for a screen reader or a glance."""
    corp, runner = state.corp, state.runner
    side = SIDE_NAMES[state.active]
    text = ("Turn %d, the %s's turn. Corp: %s, %s, %d of %d points, bad publicity %d, hand "
            "size %d. Runner: %s, %s, %s, %s, %d brain damage, link %d, hand size %d" % (
                state.turn, side, plural(corp.credits, "credit"), plural(corp.clicks, "click"),
                corp.agenda_points, state.agenda_target, corp.bad_publicity, corp.max_hand_size(),
                plural(runner.credits, "credit"), plural(runner.clicks, "click"),
                plural(runner.agenda_points, "point"), plural(runner.tags, "tag"),
                runner.brain_damage, runner.link, runner.max_hand_size()))
    if runner.grip >= 0:
        text += ", %d cards in grip" % runner.grip
    for side in (RUNNER, CORP):         # the Runner's after its numbers, the Corp's after that
        player = state.player(side)
        held = [plural(getattr(player, attr), token + " counter")
                for index, attr, token in tokens(side) if getattr(player, attr)]
        if held:
            text += (", %s on its cards" if side == RUNNER else ". On the Corp's cards: %s") % (
                ", ".join(held))
    advanced = ["remote %d has %d" % (n, corp.advancements(n)) for n in range(1, ADVANCED_REMOTES + 1)
                if corp.advancements(n)]
    if advanced:
        text += ". Advancement counters: " + ", ".join(advanced)
    if state.in_run():
        text += ". A run is on"
    if state.winner >= 0:
        text += ". The game is over"
    return text + "."
