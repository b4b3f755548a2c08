"""Presses per table task: how many button presses the tracker needs for what a game does often,
beside the token moves the same task takes on a real table (issue 10's budget).

Each task is played in the simulator by a key script from a stated start, and checked by the
game it leaves (the last lines of its game log): a key script that no longer does the task is
reported, not counted. `make bench` prints the table; tests/test_press_budget.py checks that
every script still does its task.

A press is a tap or a long press (a `LONG:` or `HOLD:` word); `WAIT:` is not a press.
"""

# The dashboard's bar: Draw, [+1cr], Adv or Run, Acts, End, More; the cursor starts on +1cr and
# the bar wraps round. UP/DOWN start a number; LEFT/RIGHT then choose what it is for.
MORE = "LEFT,LEFT,OK"                     # dashboard bar: More
ACTS = "RIGHT,RIGHT,OK"                   # dashboard bar: Acts
RUNNER_TURN = "LEFT,LEFT,LEFT,LONG:OK,OK,WAIT:3000"   # the Corp ends its first turn early (End held, confirm)
RUN_HQ = "RIGHT,OK,WAIT:1000"             # the Runner: Run (HQ unless UP/DOWN chose another)
ACCESS = "OK,WAIT:1000"                   # the run's bar: Access (then a pause: nothing by momentum)
# Access held: nothing stolen or trashed, the run ends at once (Access and Done in one press)
ACCESS_NOTHING = "LONG:OK,WAIT:1000"
# The same held OK, on Run: a run on the server Run names that takes nothing, begun and ended
# in one press; on the Runner's payment in a run: paid, and the run ends taking nothing
RUN_HELD = PAY_NOTHING = ACCESS_NOTHING
RUN_NOTHING = "RIGHT," + RUN_HELD         # ... on HQ
TAGGED = "UP,RIGHT,RIGHT,OK,WAIT:3000"    # the Runner takes a tag
WIN = "UP,UP,UP,UP,UP,UP,UP,RIGHT,OK,WAIT:500,LONG:OK,WAIT:3000"   # the Corp scores 7: it wins
# a virus counter on the Runner's cards (More > Tags & damage > Virus counter +1), then home
VIRUS = MORE + ",DOWN,OK" + ",DOWN" * 7 + ",OK,WAIT:500,LONG:LEFT,LONG:LEFT,WAIT:3000"

# (task, target presses, token moves, start script, task script, log lines the task must end
# with). Targets are issue 10's.
TASKS = (
    ("click for a credit", 1, 1, "", "OK", ["corp gain-credit"]),
    ("click to draw", 2, 1, "", "LEFT,OK", ["corp draw"]),
    ("install costing 2", 4, 2, "", "DOWN,DOWN,OK", ["corp install 2"]),
    # issue 60: an economy event played before in this game, again (the ring offers it first
    # at its payment: a held DOWN to 5, OK)
    ("an economy event again: pay 5, gain 9", 2, 6,
     RUNNER_TURN + ",HOLD:DOWN:800,LEFT,OK,WAIT:1500,HOLD:UP:1550,OK,WAIT:3000",
     "HOLD:DOWN:800,OK", ["runner play 5", "runner gain 9"]),
    ("play costing 2", 4, 2, "", "DOWN,DOWN,LEFT,OK", ["corp play 2"]),
    ("install ice costing 2, server with 1 ice", 5, 3, "", "DOWN,DOWN,RIGHT,OK,OK",
     ["corp install-ice 2 1"]),
    ("advance", 2, 2, "", "RIGHT,OK", ["corp advance remote1"]),
    # issue 60: the cursor goes home after an advance (it stayed on Adv: LEFT, OK)
    ("+1 credit right after an advance", 1, 2, "RIGHT,OK,WAIT:1500", "OK", ["corp gain-credit"]),
    ("score a 2-point agenda (Corp)", 4, 1, "", "UP,UP,RIGHT,OK", ["corp score 2"]),
    ("run, steal a 2-point agenda", 5, 2, RUNNER_TURN, RUN_HQ + "," + ACCESS + ",RIGHT,OK",
     ["runner run hq", "run access", "runner steal 2", "run success"]),
    ("run, trash cost 4 with 2 bad-pub credits", 7, 3, "UP,UP,LEFT,LEFT,OK," + RUNNER_TURN,
     RUN_HQ + "," + ACCESS + ",HOLD:DOWN:800,UP,OK",
     ["runner run hq", "run access", "runner trash 4", "run success"]),
    # (the run's bar: Rez, a RIGHT from Access, at 3; it was DOWN x4, RIGHT to the ring's Rez, OK)
    ("Corp rezzes a card costing 4 in a run", 6, 1, RUNNER_TURN + "," + RUN_HQ,
     "RIGHT,UP,OK", ["corp rez 4"]),
    # (a held OK on the Runner's boost: the trace, and the tag it gives when it succeeds)
    ("trace 3, Corp +2, Runner +3, tag given", 10, 6, RUNNER_TURN + "," + RUN_HQ,
     "LEFT,OK,UP,UP,OK,UP,UP,UP,LONG:OK", ["trace 3 2 3", "runner tags +1"]),
    ("Runner takes 1 tag", 4, 1, "", "UP,RIGHT,RIGHT,OK", ["runner tags +1"]),
    ("Runner takes 1 meat damage", 4, 1, "", "UP,LEFT,OK", ["runner damage meat 1"]),
    ("Runner takes 1 brain damage (in a run)", 4, 1, RUNNER_TURN + "," + RUN_HQ,
     "UP,LEFT,LEFT,OK",
     ["runner damage brain 1"]),
    ("Corp trashes a resource (Runner tagged)", 3, 2, TAGGED, "DOWN,DOWN,OK",
     ["corp trash-resource"]),
    ("bad publicity +1", 4, 1, "", "UP,LEFT,LEFT,OK", ["corp bad-publicity +1"]),
    ("undo the last action", 1, 1, "OK", "LONG:LEFT", []),
    ("end the turn, no clicks left", 1, 1, "OK,OK,OK,WAIT:1500", "LONG:OK", ["corp end-turn"]),
    # The rare moves a real game also has (issue 24's targets).
    ("Runner gains an extra click (a card)", 3, 1, RUNNER_TURN, "UP,LEFT,OK",
     ["runner clicks +1"]),
    # A held UP counts one press: the number climbs where the player sees it (1 at the long
    # press, 5 at its first repeat, then 1 a repeat) and they let go at 9.
    ("play an event: pay 5, gain 9 (Sure Gamble)", 6, 6, RUNNER_TURN,
     "HOLD:DOWN:800,LEFT,OK,WAIT:1500,HOLD:UP:1550,OK", ["runner play 5", "runner gain 9"]),
    # (issue 60: a held OK on +1cr installs for 0; it was DOWN, UP, OK)
    ("install a card costing 0", 3, 1, "", "LONG:OK", ["corp install 0"]),
    ("remove a tag (click + 2)", 4, 4, TAGGED + "," + RUNNER_TURN, "DOWN,DOWN,OK",
     ["runner remove-tag"]),
    ("purge virus counters", 3, 2, VIRUS, "RIGHT,RIGHT,LONG:OK", ["corp purge"]),
    # (a held OK on Adv advances twice: the cursor goes home after an advance)
    ("install in a new remote, advance twice", 6, 7, "", "LONG:OK,RIGHT,LONG:OK",
     ["corp install 0", "corp advance remote1", "corp advance remote1"]),
    ("run: Corp rezzes ice for 3, Runner breaks for 2, access", 8, 6, RUNNER_TURN,
     "RIGHT,OK,WAIT:1000,RIGHT,OK,DOWN,DOWN," + PAY_NOTHING,
     ["runner run hq", "corp rez 3", "runner pay 2", "run access", "run success"]),
    ("record a flatline: 6 meat damage, 5 cards in grip", 3, 1, "",
     "HOLD:UP:1000,LEFT,LONG:OK", ["runner damage meat 6"]),
    # (issue 60: from a game in play, More held asks the new game's question, which takes the
    # link: it was More, New game, a held OK, then UP, RIGHT x3, OK on the new dashboard, 12)
    ("new game, Runner's link 1, from a game in play", 5, 1, "OK,OK",
     "LEFT,LEFT,LONG:OK,UP,LONG:OK",
     ["new-game agenda-target 7 corp-clicks 3 runner-clicks 4 runner-link 1 runner-grip 5"]),
    ("new game, Runner's link 1, after a win", 3, 1, "OK,OK," + WIN,
     "OK,UP,LONG:OK",
     ["new-game agenda-target 7 corp-clicks 3 runner-clicks 4 runner-link 1 runner-grip 5"]),
)


# Where a player may come to a task from: a finished move of another kind, each leaving the
# game as it was (a menu opened and left, a number started and dropped, an action undone, a
# message still showing...). Every task's script must do its task from each of them: the cursor
# is at its documented home after any menu, and a key path means one thing (issue 35).
# tests/test_press_budget.py plays every task from each. {more} is the way to More from the
# cursor's home: LEFT, LEFT, OK from +1cr; RIGHT, OK once no click is left (home is End then).
COMING_FROM = (
    ("a fresh start", ""),
    ("More opened and left", "{more},LEFT"),
    ("Counters opened, back twice", "{more},DOWN,DOWN,DOWN,OK,LEFT,LEFT"),
    ("a number started and dropped", "UP,UP,LONG:LEFT"),
    ("a cost started and dropped", "DOWN,LONG:LEFT"),
    ("Tags & damage, back twice", "{more},DOWN,OK,LEFT,LEFT"),
    ("Settings, back twice", "{more},UP,UP,UP,OK,LEFT,LEFT"),
    ("a look at the next cell", "RIGHT,LEFT"),
    ("a message still showing (nothing to redo)", "LONG:RIGHT,WAIT:200"),
    ("Agenda points, back with held LEFT", "{more},DOWN,DOWN,OK,LONG:LEFT,LONG:LEFT"),
    ("the game log read and left", "{more},DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,OK,WAIT:300,LEFT,LEFT"),
)


# With the optional knob (firmware.board.knob: a KY-040 on two more pins, its push as OK), the
# same tasks where a number is turned, not pressed out: its own press table (a turn, whatever
# its clicks, is one move of the hand, as a long press is one press).
def _knob_pins():
    import json
    import os
    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                           "hardware", "pins-knob.json")) as handle:
        return json.load(handle)


KNOB_PINS = _knob_pins()                  # hardware/pins-knob.json
KNOB_TASKS = (
    ("gain 3 credits (a card's)", 2, 1, "", "TURN:+3,OK", ["corp gain 3"]),
    ("install costing 2", 2, 2, "", "TURN:-2,OK", ["corp install 2"]),
    ("Corp rezzes a card costing 4 in a run", 3, 1, RUNNER_TURN + "," + RUN_HQ,
     "TURN:-4,RIGHT,OK", ["corp rez 4"]),
    ("play an event: pay 5, gain 9 (Sure Gamble)", 5, 6, RUNNER_TURN,
     "TURN:-5,LEFT,OK,WAIT:1500,TURN:+9,OK", ["runner play 5", "runner gain 9"]),
    ("run, trash cost 4 with 2 bad-pub credits", 5, 3, "UP,UP,LEFT,LEFT,OK," + RUNNER_TURN,
     RUN_HQ + "," + ACCESS + ",TURN:-4,OK",
     ["runner run hq", "run access", "runner trash 4", "run success"]),
    ("score a 2-point agenda (Corp)", 3, 1, "", "TURN:+2,RIGHT,OK", ["corp score 2"]),
    ("run: Corp rezzes ice for 3, Runner breaks for 2, access", 8, 6, RUNNER_TURN,
     "RIGHT,OK,WAIT:1000,RIGHT,OK,TURN:-2," + PAY_NOTHING,
     ["runner run hq", "corp rez 3", "runner pay 2", "run access", "run success"]),
    ("trace 3, Corp +2, Runner +3, tag given", 7, 6, RUNNER_TURN + "," + RUN_HQ,
     "LEFT,OK,TURN:+2,OK,TURN:+3,LONG:OK", ["trace 3 2 3", "runner tags +1"]),
)


def presses(script):
    """The presses a key script makes (WAIT, and the release of a PRESS, are not presses; a
    turn of the knob is one)."""
    from host_tools import keyscript
    return sum(1 for kind, _, _ in keyscript.parse(script)
               if kind in ("TAP", "HOLD", "PRESS", "TURN"))


def play_task(start, script, pins=None):
    """(log lines the start left, log lines after the task, the simulator)."""
    from host_tools.sim import Simulator
    from engine_lite.logtext import log_lines
    sim = Simulator(pins=pins)
    sim.run(3000)                     # the boot message goes away
    if start:
        sim.keys(start)
        sim.run(3000)                 # and any message the start left
    before = list(log_lines(sim.app.game))
    sim.keys(script)
    sim.run(300)
    return before, list(log_lines(sim.app.game)), sim


def check(task, coming_from="", pins=None):
    """Play one task (after `coming_from`, a key script played once the start is done; `pins`:
    a pin map as data, the knob's); returns (presses, None) when it did what it says, or
    (presses, what went wrong)."""
    name, _, _, start, script, expected = task
    if coming_from:
        more = "RIGHT,OK" if "no clicks left" in name else MORE
        place = coming_from.replace("{more}", more)
        # (a win screen is the place itself: the player came to the winning move from there)
        parts = (place, start) if start.endswith(WIN) else (start, place)
        start = ",".join(part for part in parts if part)
    before, after, sim = play_task(start, script, pins)
    count = presses(script)
    if expected and expected[0].startswith("new-game"):     # a game that starts as it says
        from engine_lite.logtext import log_text
        first = log_text(sim.app.game).splitlines()[1]
        return count, None if first == expected[0] and not after else "starts %r" % first
    if not expected:                  # undo: one action fewer than before
        if len(after) != len(before) - 1 or after != before[:len(after)]:
            return count, "expected the last action undone"
        return count, None
    new = after[len(before):] if after[:len(before)] == before else after
    tail = [line for line in new if not line.startswith("#")][-len(expected):]
    if tail != expected:
        return count, "log ends %r, expected %r" % (tail, expected)
    return count, None


def table(tasks=TASKS, pins=None):
    """[(task, presses, target, token moves, problem or None)] for every task (with `pins`, the
    knob's pin map: KNOB_TASKS)."""
    rows = []
    for task in tasks:
        count, problem = check(task, pins=pins)
        rows.append((task[0], count, task[1], task[2], problem))
    return rows


def lines(rows):
    """(the table's lines as make bench prints them, how many tasks met their target)."""
    out = []
    met = 0
    for name, presses, target, tokens, problem in rows:
        if problem:
            verdict = "SCRIPT BROKEN: " + problem
        else:
            verdict = "ok" if presses <= target else "over"
            met += presses <= target
        out.append("  %-42s %3d presses  (target <= %d: %s; tokens: %d)"
                   % (name, presses, target, verdict, tokens))
    return out, met


def main(argv=None):
    """Print the press table (`--knob`: the knob's), as make bench does."""
    import sys
    from host_tools.sim import install_standins
    install_standins()
    knob = "--knob" in (sys.argv[1:] if argv is None else argv)
    print("\n".join(lines(table(KNOB_TASKS, KNOB_PINS) if knob else table())[0]))
    return 0


if __name__ == "__main__":
    import sys
    sys.exit(main())


# ---- whole turns (issue 60): a corpus of turns as players play them, in presses beside the
# token moves the same turn takes on a table ------------------------------------------------
#
# The token moves of each action in the game log, as a table with click tokens plays it: a
# click spent is a click token turned (1); credits move as coins of 1 and 5 (9 credits: a 5 and
# four 1s); an advancement, tag, virus counter or card trashed is one move each; an agenda
# scored or stolen one; ending a turn one (the click tokens reset). Drawing or installing a
# card is the card's own move, on the table and with the tracker alike: not counted. Each turn's
# count comes from its own game log lines, so a script that stops doing its turn is caught.

def _coins(amount):
    return amount // 5 + amount % 5


def _number(words, at):
    try:
        return int(words[at])
    except (IndexError, ValueError):
        return 0


# verb of a log line -> (click tokens, other token moves), from the line's words (side, verb,
# arguments...). Tables that keep clicks in their heads make only the second.
TOKEN_MOVES = {
    "gain-credit": lambda w: (1, 1),                # a click, a credit
    "draw": lambda w: (1, 0),
    "install": lambda w: (1, _coins(_number(w, 2))),
    "install-ice": lambda w: (1, _coins(_number(w, 2) + _number(w, 3))),   # + the ice tax
    "play": lambda w: (1, _coins(_number(w, 2))),
    "gain": lambda w: (0, _coins(_number(w, 2))),   # a card's credits: no click of its own
    "advance": lambda w: (1, 2),                    # a click; a credit, the advancement
    "score": lambda w: (0, 1),
    "steal": lambda w: (0, 1),
    "run": lambda w: (w[0] == "runner", 0),         # a click ("run access": nothing to move)
    "rez": lambda w: (0, _coins(_number(w, 2))),
    "pay": lambda w: (0, _coins(_number(w, 2))),
    "trash": lambda w: (0, _coins(_number(w, 2)) + 1),   # the credits, the card
    "remove-tag": lambda w: (1, 3),                 # a click; 2 credits, the tag
    "trash-resource": lambda w: (1, 3),             # a click; 2 credits, the card
    "purge": lambda w: (3, 0),                      # three clicks (each counter removed: "virus")
    "tags": lambda w: (0, abs(_number(w, 2))),
    "damage": lambda w: (0, _number(w, 3)),         # a card a point
    "end-turn": lambda w: (0, 1),
    # "trace 3 2 3": the Corp's boost and the Runner's, paid in coins (the base is printed)
    "trace": lambda w: (0, _coins(_number(w, 2)) + _coins(_number(w, 3))),
}


def token_moves(lines, clicks=True):
    """The token moves the game log `lines` take on a table (TOKEN_MOVES); `clicks`: with
    click tokens."""
    total = 0
    for line in lines:
        words = line.split()
        if words[:1] == ["new-game"]:
            # a new game on the table: each side takes its 5 credits (a coin), and the link
            # tokens (the last game's tokens going back to the pile are not counted)
            total += 2 + _number(words, words.index("runner-link") + 1)
            continue
        # a side's line names its verb second ("runner run hq"); a trace's first ("trace 3 2 3")
        verb = words[0] if words[:1] == ["trace"] else words[1] if len(words) > 1 else ""
        if verb in TOKEN_MOVES:
            turned, moved = TOKEN_MOVES[verb](words)
            total += moved + (turned if clicks else 0)
    return total


END = "WAIT:1500,LONG:OK"                 # End, held, once the last click is spent
PASS = "LEFT,LEFT,LEFT,LONG:OK,OK,WAIT:3000"   # a side ends its turn with clicks left


def _rounds(count):
    from host_tools.scripted_game import scripted_keys
    return ",".join(scripted_keys(count)) + ",WAIT:3000"


MID = _rounds(5)                          # five rounds played (the scripted game): turn 6
LATE = _rounds(12)
# Sure Gamble or Hedge Fund: pay 5, gain 9 (a held DOWN to 5, the ring to Play, OK; a held UP
# to 9 and OK)
ECONOMY = "HOLD:DOWN:800,LEFT,OK,WAIT:1500,HOLD:UP:1550,OK"
REMOTE = "DOWN,UP,OK,RIGHT,LONG:OK," + END + ",WAIT:3000," + PASS   # a card in a remote, advanced twice

# (turn, start script, the turn's key script, the log lines it must end with)
TURNS = (
    ("Corp: three credits", "", "OK,OK,OK," + END,
     ["corp gain-credit"] * 3 + ["corp end-turn"]),
    ("Corp: draw, two credits", "", "LEFT,OK,RIGHT,OK,OK," + END,
     ["corp draw", "corp gain-credit", "corp gain-credit", "corp end-turn"]),
    ("Corp: a card in a new remote, advanced twice", "", "LONG:OK,RIGHT,LONG:OK," + END,
     ["corp install 0", "corp advance remote1", "corp advance remote1", "corp end-turn"]),
    ("Corp: ice for 1, a card for 0, a credit", "", "DOWN,RIGHT,OK,OK,WAIT:1500,LONG:OK,OK," + END,
     ["corp install-ice 1 1", "corp install 0", "corp gain-credit", "corp end-turn"]),
    # (a Corp's first turns: ice on the centrals and a card in a remote, each free; issue 60's
    # whole games had 14 free Corp installs, 42 presses for 14 token moves)
    ("Corp: two ice and a card in a remote, all for 0", "", "LONG:OK,LONG:OK,LONG:OK," + END,
     ["corp install 0"] * 3 + ["corp end-turn"]),
    ("Corp: a card for 0, two credits", "", "LONG:OK,OK,OK," + END,
     ["corp install 0", "corp gain-credit", "corp gain-credit", "corp end-turn"]),
    ("Corp: Hedge Fund (5 for 9), two credits", "", ECONOMY + ",OK,OK," + END,
     ["corp play 5", "corp gain 9", "corp gain-credit", "corp gain-credit", "corp end-turn"]),
    ("Corp: advance, score 3, two credits", REMOTE,
     "RIGHT,OK,UP,UP,UP,RIGHT,OK,WAIT:1000,OK,OK," + END,
     ["corp advance remote1", "corp score 3 remote1", "corp gain-credit", "corp gain-credit",
      "corp end-turn"]),
    ("Corp: advance a remote three times", REMOTE, "RIGHT,LONG:OK,RIGHT,OK," + END,
     ["corp advance remote1"] * 3 + ["corp end-turn"]),
    ("Corp: purge", VIRUS, "RIGHT,RIGHT,LONG:OK," + END, ["corp purge", "corp end-turn"]),
    ("Corp: trash a tagged Runner's resource, two credits", TAGGED, "DOWN,DOWN,OK,OK,OK," + END,
     ["corp trash-resource", "corp gain-credit", "corp gain-credit", "corp end-turn"]),
    ("Runner: three credits, a draw", RUNNER_TURN, "OK,OK,OK,LEFT,OK," + END,
     ["runner gain-credit"] * 3 + ["runner draw", "runner end-turn"]),
    ("Runner: four draws", RUNNER_TURN, "LEFT,OK,OK,OK,OK," + END,
     ["runner draw"] * 4 + ["runner end-turn"]),
    ("Runner: run R&D, nothing there, three credits", RUNNER_TURN,
     "RIGHT,UP," + RUN_HELD + ",OK,OK,OK," + END,
     ["runner run rd", "run access", "run success"] + ["runner gain-credit"] * 3
     + ["runner end-turn"]),
    ("Runner: run HQ, a snare: 2 meat damage", RUNNER_TURN,
     RUN_HQ + "," + ACCESS + ",UP,UP,RIGHT,OK,WAIT:1000,OK,OK,OK,OK," + END,
     ["runner run hq", "run access", "runner damage meat 2", "run success"]
     + ["runner gain-credit"] * 3 + ["runner end-turn"]),
    ("Runner: run, a card rezzed for 4 on the way", RUNNER_TURN,
     RUN_HQ + ",RIGHT,UP,OK," + ACCESS_NOTHING + ",OK,OK,OK," + END,
     ["runner run hq", "corp rez 4", "run access", "run success"]
     + ["runner gain-credit"] * 3 + ["runner end-turn"]),
    ("Runner: run, trace 3 (+2 against +3), a tag", RUNNER_TURN,
     RUN_HQ + ",LEFT,OK,UP,UP,OK,UP,UP,UP,LONG:OK,WAIT:1000," + ACCESS_NOTHING + ",OK,OK,OK," + END,
     ["runner run hq", "trace 3 2 3", "runner tags +1", "run access", "run success"]
     + ["runner gain-credit"] * 3 + ["runner end-turn"]),
    ("Runner: run HQ, nothing there, three credits", RUNNER_TURN,
     RUN_NOTHING + ",OK,OK,OK," + END,
     ["runner run hq", "run access", "run success"] + ["runner gain-credit"] * 3
     + ["runner end-turn"]),
    ("Runner: run the remote being advanced, steal 2, three credits", REMOTE + "," + RUNNER_TURN,
     "RIGHT,DOWN,OK,WAIT:1000," + ACCESS + ",OK,WAIT:1000,OK,OK,OK," + END,   # (Steal lit)
     ["runner run remote1", "run access", "runner steal 2", "run success"]
     + ["runner gain-credit"] * 3 + ["runner end-turn"]),
    ("Runner: run Archives, nothing there, three credits", RUNNER_TURN,
     "RIGHT,UP,UP," + RUN_HELD + ",OK,OK,OK," + END,
     ["runner run archives", "run access", "run success"] + ["runner gain-credit"] * 3
     + ["runner end-turn"]),
    ("Runner: run HQ, steal 2, three credits", RUNNER_TURN,
     RUN_HQ + "," + ACCESS + ",RIGHT,OK,WAIT:1000,OK,OK,OK," + END,
     ["runner run hq", "run access", "runner steal 2", "run success"]
     + ["runner gain-credit"] * 3 + ["runner end-turn"]),
    ("Runner: run, ice rezzed for 3, broken for 2, access", RUNNER_TURN,
     "RIGHT,OK,WAIT:1000,RIGHT,OK,DOWN,DOWN," + PAY_NOTHING + ",OK,OK,OK," + END,
     ["runner run hq", "corp rez 3", "runner pay 2", "run access", "run success"]
     + ["runner gain-credit"] * 3 + ["runner end-turn"]),
    # (a rez and a break on R&D and on a remote, as on HQ: issue 60 asks for runs with rez,
    # break and access on each server)
    ("Runner: run R&D, ice rezzed for 2, broken for 1, three credits", RUNNER_TURN,
     "RIGHT,UP,OK,WAIT:1000,RIGHT,DOWN,OK,DOWN," + PAY_NOTHING + ",OK,OK,OK," + END,
     ["runner run rd", "corp rez 2", "runner pay 1", "run access", "run success"]
     + ["runner gain-credit"] * 3 + ["runner end-turn"]),
    ("Runner: run the remote, ice rezzed for 2, broken for 2, steal 2", REMOTE + "," + RUNNER_TURN,
     "RIGHT,DOWN,OK,WAIT:1000,RIGHT,DOWN,OK,DOWN,DOWN,OK,WAIT:1000," + ACCESS
     + ",OK,WAIT:1000,OK,OK,OK," + END,
     ["runner run remote1", "corp rez 2", "runner pay 2", "run access", "runner steal 2",
      "run success"] + ["runner gain-credit"] * 3 + ["runner end-turn"]),
    ("Runner: Sure Gamble (5 for 9), install 2, two credits", RUNNER_TURN,
     ECONOMY + ",DOWN,DOWN,OK,OK,OK," + END,
     ["runner play 5", "runner gain 9", "runner install 2", "runner gain-credit",
      "runner gain-credit", "runner end-turn"]),
    ("Runner: Sure Gamble again (played last turn), install 2, two credits",
     RUNNER_TURN + "," + ECONOMY + ",OK,OK,OK," + END + ",WAIT:3000,OK,OK,OK," + END + ",WAIT:3000",
     "HOLD:DOWN:800,OK,WAIT:1500,DOWN,DOWN,OK,OK,OK," + END,
     ["runner play 5", "runner gain 9", "runner install 2", "runner gain-credit",
      "runner gain-credit", "runner end-turn"]),
    ("Runner: install 3, install 1, two credits", RUNNER_TURN, "DOWN,DOWN,DOWN,OK,DOWN,OK,OK,OK," + END,
     ["runner install 3", "runner install 1", "runner gain-credit", "runner gain-credit",
      "runner end-turn"]),
    ("Runner: two tags removed, two credits", TAGGED + ",UP,RIGHT,RIGHT,OK,WAIT:3000," + RUNNER_TURN,
     "DOWN,DOWN,OK,WAIT:1500,DOWN,DOWN,OK,WAIT:1500,OK,OK," + END,
     ["runner remove-tag", "runner remove-tag", "runner gain-credit", "runner gain-credit",
      "runner end-turn"]),
    ("Runner: run, trash for 4 with 2 bad-pub credits", "UP,UP,LEFT,LEFT,OK," + RUNNER_TURN,
     RUN_HQ + "," + ACCESS + ",HOLD:DOWN:800,UP,OK,OK,OK,OK," + END,
     ["runner run hq", "run access", "runner trash 4", "run success"]
     + ["runner gain-credit"] * 3 + ["runner end-turn"]),
    # Two runs in a turn (issue 60's whole games had twelve runs in 37 turns)
    ("Runner: run HQ and R&D, nothing there, two credits", RUNNER_TURN,
     RUN_NOTHING + ",RIGHT," + RUN_HELD + ",OK,OK," + END,      # (Run then offers R&D)
     ["runner run hq", "run access", "run success", "runner run rd", "run access",
      "run success", "runner gain-credit", "runner gain-credit", "runner end-turn"]),
    ("Runner: run HQ breaking ice for 2, run R&D breaking for 1, two credits", RUNNER_TURN,
     RUN_HQ + ",DOWN,DOWN," + PAY_NOTHING + ",RIGHT,OK,WAIT:1000,DOWN," + PAY_NOTHING
     + ",OK,OK," + END,
     ["runner run hq", "runner pay 2", "run access", "run success", "runner run rd",
      "runner pay 1", "run access", "run success", "runner gain-credit", "runner gain-credit",
      "runner end-turn"]),
    # Between games (issue 60's whole games): the game in play is over or conceded, the next
    # one has a Runner with link 1 (More held: the new game's question, which takes the link)
    ("Between games: a new game, the Runner's link 1", MID, "LEFT,LEFT,LONG:OK,UP,LONG:OK",
     ["new-game agenda-target 7 corp-clicks 3 runner-clicks 4 runner-link 1 runner-grip 5"]),
    ("Corp, turn 6: three credits", MID, "OK,OK,OK," + END,
     ["corp gain-credit"] * 3 + ["corp end-turn"]),
    ("Corp, turn 6: a card in a new remote, advanced twice", MID, "LONG:OK,RIGHT,LONG:OK," + END,
     ["corp install 0", "corp advance remote1", "corp advance remote1", "corp end-turn"]),
    ("Runner, turn 6: run HQ, three credits", MID + ",OK,OK,OK," + END + ",WAIT:3000",
     RUN_NOTHING + ",OK,OK,OK," + END,
     ["runner run hq", "run access", "run success"] + ["runner gain-credit"] * 3
     + ["runner end-turn"]),
    ("Runner, turn 6: Sure Gamble, run HQ", MID + ",OK,OK,OK," + END + ",WAIT:3000",
     ECONOMY + "," + RUN_NOTHING + ",OK,OK," + END,
     ["runner play 5", "runner gain 9", "runner run hq", "run access", "run success",
      "runner gain-credit", "runner gain-credit", "runner end-turn"]),
    ("Corp, turn 13: Hedge Fund, two credits", LATE, ECONOMY + ",OK,OK," + END,
     ["corp play 5", "corp gain 9", "corp gain-credit", "corp gain-credit", "corp end-turn"]),
    ("Corp, turn 13: ice for 2 on a server with 1 ice, two credits", LATE,
     "DOWN,DOWN,RIGHT,OK,OK,WAIT:1500,OK,OK," + END,
     ["corp install-ice 2 1", "corp gain-credit", "corp gain-credit", "corp end-turn"]),
    ("Runner, turn 13: run, ice rezzed for 3, broken for 2", LATE + ",OK,OK,OK," + END + ",WAIT:3000",
     "RIGHT,OK,WAIT:1000,RIGHT,OK,DOWN,DOWN," + PAY_NOTHING + ",OK,OK,OK," + END,
     ["runner run hq", "corp rez 3", "runner pay 2", "run access", "run success"]
     + ["runner gain-credit"] * 3 + ["runner end-turn"]),
    ("Runner, turn 13: three credits, a draw", LATE + ",OK,OK,OK," + END + ",WAIT:3000",
     "OK,OK,OK,LEFT,OK," + END,
     ["runner gain-credit"] * 3 + ["runner draw", "runner end-turn"]),
)


def turn_table(turns=TURNS):
    """[(turn, presses, token moves with click tokens, without, problem or None)] for every
    turn of the corpus, each played from its start and checked by the log lines it leaves."""
    rows = []
    for name, start, script, expected in turns:
        before, after, sim = play_task(start, script)
        new = after[len(before):] if after[:len(before)] == before else after
        tail = [line for line in new if not line.startswith("#")]
        if expected[0].startswith("new-game"):      # a new game, as its first line says
            from engine_lite.logtext import log_text
            tail = log_text(sim.app.game).splitlines()[1:]
        problem = None if tail == expected else "log %r, expected %r" % (tail, expected)
        rows.append((name, presses(script), token_moves(expected),
                     token_moves(expected, clicks=False), problem))
    return rows


def turn_lines(rows):
    """(the corpus table's lines, and its totals: presses, token moves with click tokens and
    without, turns over their token moves + 2 (with click tokens))."""
    out = []
    pressed = moved = bare = over = 0
    for name, count, tokens, without, problem in rows:
        pressed += count
        moved += tokens
        bare += without
        over += count > tokens + 2
        verdict = "SCRIPT BROKEN: " + problem if problem else (
            "ok" if count <= tokens + 2 else "over tokens + 2")
        out.append("  %-56s %3d presses, tokens %3d (%2d without clicks)  %s"
                   % (name, count, tokens, without, verdict))
    return out, (pressed, moved, bare, over)
