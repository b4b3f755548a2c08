"""No silent change (issue 35), as a property of the whole tracker, judged by the glass.

Hypothesis drives random key sequences: taps, holds of 0.3-3 s, chords, turns of the knob (the
pin map's "knob", with one panel), taps on the glass (the
browser's canvas, played as its keys: firmware.netrunner.touch), taps inside a save that takes
up to 0.9 s (a slow flash: tests/simhelp.py, stall_next_write), gaps of 0.05-2 s, from
random points of Netrunner games (tagged, bad publicity, virus, power and advancement counters,
remotes, a match, the round timer running or run out) and Infiltration games, with one panel
with a panel for each seat (on I2C, and on SPI), and with a module on SPI under the I2C pin map
(found there when nothing answers on I2C). In the frame that commits each change to
the game, what the tracker says of it must be legible on the glass, every line of it: read
with the fonts' glyphs from the drawn pixels (tests/glass_reader.py), not taken from the
firmware's strings.
A change with no message of its own must be one of QUIET, whose words are on the glass anyway
(the captions' row says "Run on HQ"; the monitor's "alarm" over its number); any other is a
silent change.
"""

import json

from hypothesis import example, given, settings, strategies as st, HealthCheck

from engine_lite.netrunner import actions as A, golden
from engine_lite.infiltration import rules as I
from engine_lite.netrunner.state import server_name
from engine_lite.game import Game
from engine_lite.logtext import do_line
from firmware.screens.ui import wrap
from glass_reader import glass_rows, glass_text
from host_tools.scripted_game import scripted_game
from host_tools.sim import Simulator
from simhelp import key_script, drive, choose
from strategies import key_events

SCRIPT = list(scripted_game(30))
TWO = "hardware/pins-two-displays.json"
SPI_TWO = "hardware/pins-spi-two-displays.json"   # a panel for each seat on SPI (panels: 3)
KNOB = "hardware/pins-knob.json"       # one panel, and the knob: turns join the keys
# (panels: 4) the image's own pin map (I2C) with the module on the SPI wires: the glass read is
# the SPI panel's, found when nothing answered on I2C
SLIP = ("hardware/pins.json", "hardware/pins-spi.json")

SEQUENCE = key_events(30)
EXTRAS = st.sampled_from(("", "tags", "bad publicity", "virus", "power", "advanced", "match",
                          "timer", "time out", "previous games", "economy", "a point from a win"))

# Lines played before the script's: advancement counters on remotes 1 and 2 (Run's DOWN from
# HQ goes to remote 2, the last advanced: issue 60), and both sides a point from a win (the
# win screen, its keys' line under any message: issue 60). The script's lines that no longer
# fit (the Corp's first clicks) are left out.
BEFORE = {"advanced": ["corp advance remote1", "corp advance remote2", "corp advance remote2"],
          "a point from a win": ["corp set agenda-points 6", "runner set agenda-points 6"]}


# Issue 60's holds, for both properties: the Corp ends its turn early, the Runner runs on HQ and
# holds OK on Access (the run ends, nothing taken); runs again, opens the trace and holds OK on
# the Runner's boost (the trace and its tag).
HOLDS_EXAMPLE = example(at=0, extra="", panels=1, events=[
    (("tap", "LEFT", 30), 50), (("tap", "LEFT", 30), 50), (("tap", "LEFT", 30), 50),
    (("hold", "OK", 900), 50), (("tap", "OK", 30), 1500), (("tap", "RIGHT", 30), 50),
    (("tap", "OK", 30), 300), (("hold", "OK", 900), 900), (("tap", "RIGHT", 30), 50),
    (("tap", "OK", 30), 300), (("tap", "LEFT", 30), 50), (("tap", "OK", 30), 50),
    (("tap", "UP", 30), 50), (("tap", "OK", 30), 50), (("hold", "OK", 900), 50),
    (("tap", "OK", 30), 50)])

# Issue 60's features, for both properties: Run's DOWN from HQ to the last advanced remote (2),
# an access there (on Steal: the remote has counters), an OK in its rhythm that waits, and a
# steal; a score that wins, two keys at once over its question and over the win screen, then
# its keys.
RUN_DOWN_EXAMPLE = example(at=4, extra="advanced", panels=1, events=[
    (("tap", "RIGHT", 30), 50), (("tap", "DOWN", 30), 50), (("tap", "OK", 30), 300),
    (("tap", "OK", 30), 300), (("tap", "OK", 30), 1000), (("tap", "OK", 30), 50)])
# ... and a held OK on Run (a whole run that took nothing) and on the Runner's payment in a run
# (paid, and the run ends taking nothing)
RUN_HOLDS_EXAMPLE = example(at=0, extra="", panels=1, events=[
    (("tap", "LEFT", 30), 50), (("tap", "LEFT", 30), 50), (("tap", "LEFT", 30), 50),
    (("hold", "OK", 900), 50), (("tap", "OK", 30), 1500), (("tap", "RIGHT", 30), 50),
    (("hold", "OK", 900), 900), (("tap", "RIGHT", 30), 50), (("tap", "UP", 30), 50),
    (("tap", "OK", 30), 300), (("tap", "DOWN", 30), 50), (("tap", "DOWN", 30), 50),
    (("hold", "OK", 900), 50), (("tap", "OK", 30), 50)])
# ... and the same keys pressed slowly (650 ms: released before the first repeat, where those
# holds act): each does what its tap does, the run begun, paid for, accessed
SLOW_EXAMPLE = example(at=0, extra="", panels=1, events=[
    (("tap", "LEFT", 30), 50), (("tap", "LEFT", 30), 50), (("tap", "LEFT", 30), 50),
    (("hold", "OK", 900), 50), (("tap", "OK", 30), 1500), (("tap", "RIGHT", 30), 50),
    (("hold", "OK", 650), 300), (("tap", "DOWN", 30), 50), (("tap", "DOWN", 30), 50),
    (("hold", "OK", 650), 300), (("hold", "OK", 650), 300), (("tap", "OK", 30), 50)])
# ... and Adv: a held OK (past the first repeat) advances twice; with one click left a held OK advances once; OK after
# an advance is where the cursor went home (+1cr, or End with no click left)
ADV_EXAMPLE = example(at=0, extra="", panels=1, events=[
    (("tap", "RIGHT", 30), 50), (("hold", "OK", 900), 300), (("tap", "RIGHT", 30), 50),
    (("hold", "OK", 900), 300), (("tap", "OK", 30), 50), (("tap", "OK", 30), 50)])
# ... and +1cr: a held OK installs a card for 0; three held in a rhythm spend the Corp's clicks,
# a fourth in it on End says to pause (the turn goes on), and one after a pause ends the turn
INSTALL_EXAMPLE = example(at=0, extra="", panels=1, events=[
    (("hold", "OK", 900), 100), (("hold", "OK", 900), 100), (("hold", "OK", 900), 100),
    (("hold", "OK", 900), 1500), (("hold", "OK", 900), 300), (("tap", "OK", 30), 50)])
WIN_EXAMPLE = example(at=0, extra="a point from a win", panels=1, events=[
    (("tap", "UP", 30), 50), (("tap", "UP", 30), 50), (("tap", "RIGHT", 30), 50),
    (("tap", "OK", 30), 50), (("chord", "OK", "LEFT", 0, 30), 50), (("hold", "OK", 900), 300),
    (("chord", "OK", "LEFT", 0, 30), 50), (("hold", "LEFT", 900), 300), (("tap", "OK", 30), 50)])

# The changes that have no message, because the glass names them otherwise: (game, verb) ->
# the texts that must then be legible on the glass, from the state after.
QUIET = {
    ("netrunner", A.RUN): lambda s: ["Run on", server_name(s.run_server)],       # captions' row
    ("netrunner", A.RUN_END): lambda s: ["Access", server_name(s.run_server)],   # (access begins)
    ("netrunner", A.TRACE): lambda s: ["%d vs %d" % (s.trace_strength, s.trace_link)],  # result
    ("infiltration", I.ALARM): lambda s: ["alarm", str(s.alarm)],
    ("infiltration", I.PROXIMITY): lambda s: ["proximity", str(s.proximity)],
    ("infiltration", I.NEXT_PHASE): lambda s: [I.PHASES[s.phase].upper()],       # the header
    ("infiltration", I.SECURITY): lambda s: ["Rolled"],       # the phase's row: "Rolled 6: ..."
}


def start(at, extra, panels):
    """A simulator with a game at a random point (at < 0: Infiltration)."""
    if panels == 4:
        with open(SLIP[0]) as named, open(SLIP[1]) as wired:
            sim = Simulator(pins=json.load(named), wired=json.load(wired))
    else:
        sim = Simulator({2: TWO, 3: SPI_TWO}.get(panels, KNOB))
    sim.run(3000)
    if at < 0:
        from engine_lite.infiltration import rules as I
        game = Game(I.new_game(3 - at % 2, 1), I)
        for act in ((I.ALARM, 0, 3, 0, 0), (I.PROXIMITY, 0, 5, 0, 0)):
            game.do(act)
    else:
        game = Game()
        lines = BEFORE.get(extra, []) + SCRIPT[:at]
        lines += {"": [], "tags": ["runner tags +2"], "bad publicity": ["corp bad-publicity +1"],
                  "virus": ["runner virus +2"],
                  "power": ["runner counter power-counters +2", "corp counter power-counters +1"],
                  "match": [], "timer": [], "time out": [],
                  # an economy event of each side (the ring offers it again at a DOWN of 1)
                  "economy": ["corp play 1", "corp gain 3", "runner play 1", "runner gain 3"],
                  }.get(extra, [])
        for line in lines:
            try:
                do_line(game, line)
            except Exception:
                pass                      # (a line that does not fit this point: left out)
        if extra == "previous games":
            # a game kept before this one (written by the next commit), for the keys to bring
            # back from More > Previous games
            kept = Game()
            for line in SCRIPT[:5]:
                do_line(kept, line)
            sim.app.play(kept)
            sim.run(3000)
    sim.app.play(game)
    if at >= 0 and extra == "match":
        from firmware.tournament import match
        game.extras["match"] = {"names": ["AB", "CD"], "game": 1, "results": []}
    if extra in ("timer", "time out"):
        from firmware.tournament.roundclock import RoundClock
        clock = RoundClock(65 * 60, 65 * 60 if extra == "timer" else 2)
        sim.app.round_clock = clock
        clock.start(sim.app, sim.clock.ticks_ms())
    sim.run(3000)
    app = sim.app
    if extra == "previous games" and at >= 0 and "More" in app.screens[0].bar(app.game.state):
        # the keys start on More > Previous games (its "Reading..." picture, then the kept
        # games' lines): random keys from the dashboard seldom get there
        choose(sim, "More", "Previous games")
    return sim


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.integers(0, 120), st.integers(-2, -1)), EXTRAS, st.sampled_from((1, 2, 3, 4)),
       SEQUENCE)
# Found with --hypothesis-seed=14: the monitor's More > Previous games drew its list (the files
# read) where its first picture said "Reading...", so a whole redraw was not the picture drawn.
@example(at=-1, extra="", panels=1, events=[
    (("tap", "OK", 30), 56), (("tap", "LEFT", 32), 780), (("touch", 29, 62), 118),
    (("stall", "OK", 234), 130), (("touch", 42, 0), 181), (("tap", "DOWN", 93), 73),
    (("tap", "OK", 298), 50), (("tap", "OK", 30), 50), (("tap", "LEFT", 30), 50),
    (("touch", 0, 43), 50), (("tap", "OK", 30), 50)])
# Found with --hypothesis-seed=20: a game brought back in the middle of a run. Its new dashboard
# placed the message before its first drawing had told it the game, over the captions' row
# ("Run on HQ" unseen); the next picture moved it. And with seed 82, the OK after it: the access
# began, and the three-line message went on paging ("... last: Runner ran on HQ").
@example(at=0, extra="previous games", panels=1, events=[
    (("tap", "OK", 30), 50), (("hold", "OK", 591), 50), (("tap", "OK", 30), 50)])
@HOLDS_EXAMPLE
@RUN_DOWN_EXAMPLE
@RUN_HOLDS_EXAMPLE
@SLOW_EXAMPLE
@ADV_EXAMPLE
@INSTALL_EXAMPLE
@WIN_EXAMPLE
def test_every_change_is_named_on_the_glass_in_the_frame_that_commits_it(at, extra, panels,
                                                                        events):
    from firmware.app import App
    sim = start(at, extra, panels)
    changed = []
    problems = []
    do_applied, undo, redo = Game.do_applied, Game.undo, Game.redo
    render = App.render

    def watch(method):
        def watched(game, *args):
            result = method(game, *args)
            # (undo and redo: no action; each says what it undid in a message)
            changed.append((game.rules.NAME, args[0][0] if args else None))
            return result
        return watched

    def rendering(app):
        render(app)
        # Drawn part by part (or a kept picture put back and updated): the picture a whole
        # redraw gives.
        before = sim.oled.glass_bytes()
        app.full_redraw = True
        render(app)
        if sim.oled.glass_bytes() != before:
            problems.append("drawn in parts, %s is not what a whole redraw gives"
                            % app.screen.name)
        if not changed:
            return
        done = changed[:]
        del changed[:]
        toast = app.toast
        shown = glass_text(sim.oled)          # the emulated panel: what the bytes drew
        if toast is None:
            for game, verb in done:
                words = QUIET.get((game, verb))
                if words is None:
                    problems.append("a change with nothing said: %s verb %s" % (game, verb))
                    return
                for text in words(app.game.state):
                    if text not in shown:
                        problems.append("%s verb %s: %r is not legible: the glass reads %r"
                                        % (game, verb, text, shown))
                        return
            return
        for line in wrap(toast, 25):          # (as App.render wraps it: "! " included)
            if line.startswith("! "):
                line = line[2:]
            if line.strip() and line.strip() not in shown:
                problems.append("%r is not legible: the glass reads %r" % (line, shown))
                return

    Game.do_applied, Game.undo, Game.redo = (watch(do_applied), watch(undo), watch(redo))
    App.render = rendering
    try:
        drive(sim, events)
    finally:
        Game.do_applied, Game.undo, Game.redo = do_applied, undo, redo
        App.render = render
    assert sim.resets == 0 and sim.watchdog_resets == 0, "the firmware restarted"
    assert not problems, "%s after %s" % (problems[0], key_script(events))


# What names each change on the glass before the key that commits it (lower case, any of them):
# the lit cell or row, the ring's sentence, the question. By verb; Infiltration's verbs by their
# words (engine_lite.infiltration.VERBS). The number the change is by must be on the glass too
# where the verb takes one (kinds "n" or "s" first).
NAMED_BY = {
        A.GAIN_CREDIT: ("+1cr", "credit"), A.DRAW: ("draw",), A.INSTALL: ("install",),
        A.INSTALL_ICE: ("ice",), A.PLAY: ("play",), A.ADVANCE: ("adv",),
        A.TRASH_RESOURCE: ("trash",), A.PURGE: ("purge",), A.ABILITY: ("abilit", "use a click"),
        A.PAY: ("pay",), A.REZ: ("rez",), A.GAIN: ("gain",), A.LOSE: ("lose",),
        A.SCORE: ("score",), A.STEAL: ("steal",), A.FORFEIT: ("forfeit",),
        A.BAD_PUBLICITY: ("bad pub",), A.TAGS: ("tag",), A.HAND_SIZE: ("hand",),
        A.DAMAGE: ("damage", "flatline", "meat", "net", "brain"), A.CLICKS: ("click",),
        A.REMOVE_TAG: ("tag",), A.RUN: ("run",), A.END_TURN: ("end",),
        A.RUN_END: ("access", "fail", "jack", "done", "next", "run ends"),
        A.TRACE: ("trace",), A.AGENDA_TARGET: ("agenda",), A.TRASH: ("trash",),
        A.RUN_EVENT: ("run",), A.PSI: ("psi",), A.RANDOM: ("random", "coin", "die", "roll"),
        A.ADVANCE_REMOTE: ("adv",), A.SCORE_REMOTE: ("score",), A.VIRUS: ("virus",),
}


# Changes that end, start, score or damage whatever numbers they move (besides any change that
# takes a number down: spends, removes), by game.
ENDS_OR_STARTS = {
    "netrunner": (A.RUN, A.RUN_END, A.END_TURN, A.DAMAGE, A.SCORE, A.STEAL, A.SCORE_REMOTE,
                  A.FORFEIT, A.TRACE),
    "infiltration": tuple(range(5, 14)),   # security, moves, wounds, escapes, arrests, phases
}


def consequential(game, act, applied):
    """Whether `act` spends, scores, damages, removes, flatlines, ends or starts something (issue
    35: those are named before the key that commits them)."""
    rules = game.rules
    before, after = game.state.pack(), applied[0].pack()
    return (act[0] in ENDS_OR_STARTS[rules.NAME] or rules.over(applied[0])
            or any(new < old for old, new in zip(before, after)))


class _Glass:
    """The glass as it was: pixels copied from the emulated panel."""

    def __init__(self, oled, screen):
        self.rows = oled.rows()
        self.screen = screen        # the top screen's name then

    def pixel(self, x, y):
        return self.rows[y][x]


def _names(game, act):
    """The words of which one must be on the glass before `act` (lower case), and its number
    (or None)."""
    verb, side, a, b, c = act
    table = game.rules.VERBS
    kinds = table[verb][2]
    number = abs(a) if kinds[:1] in ("n", "s") and a else None
    if game.rules.NAME != "netrunner":
        return tuple(w for w in table[verb][0].replace("-", " ").split() if w != "set"), number
    if verb in (A.SET, A.COUNTER):
        row = golden.rows(side)[a]
        return tuple(w.lower() for w in (row[6], row[7] or row[6], row[0].replace("_", " "))
                     ), (abs(b) or None)
    return NAMED_BY[verb], number


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.integers(0, 120), st.integers(-2, -1)), EXTRAS, st.sampled_from((1, 2, 3, 4)),
       SEQUENCE)
# Found with --hypothesis-seed=32: a chord's two-line "Two keys at once" covered a number
# prompt's "Ice: pays 3 + 1 = 4", and the OK after it paid 4.
@example(at=0, extra="", panels=1, events=[
    (("tap", "OK", 30), 50), (("tap", "DOWN", 30), 50), (("tap", "RIGHT", 30), 50),
    (("tap", "DOWN", 30), 50), (("tap", "DOWN", 30), 50), (("touch", 0, 0), 50),
    (("tap", "OK", 30), 50), (("chord", "OK", "LEFT", 0, 30), 50), (("tap", "OK", 30), 50)])
# Found with --hypothesis-seed=47, after the fix above had put every two-line message on a
# prompt over its title: on an Infiltration prompt with no line under the number, the title and
# the label are what name the change.
@example(at=-2, extra="", panels=1, events=[
    (("busy", "LEFT", "OK", False, 8, True), 532), (("busy", "OK", "OK", False, 40, False), 672),
    (("stall", "LEFT", 204), 1260), (("stall", "LEFT", 259), 732), (("tap", "DOWN", 83), 146),
    (("chord", "RIGHT", "DOWN", 31, 1295), 592), (("busy", "OK", "OK", False, 0, False), 399),
    (("tap", "OK", 98), 203), (("tap", "DOWN", 125), 65), (("tap", "OK", 30), 50)])
@HOLDS_EXAMPLE
@RUN_DOWN_EXAMPLE
@RUN_HOLDS_EXAMPLE
@SLOW_EXAMPLE
@ADV_EXAMPLE
@INSTALL_EXAMPLE
@WIN_EXAMPLE
def test_every_change_a_key_commits_was_named_on_the_glass_before_the_key(at, extra, panels,
                                                                          events):
    """The second half: what a key commits (its first change to the game) was on the glass
    when the key went down (the lit cell or row, the ring's sentence, the question), with its
    number, not under a message. Undo and redo (held LEFT and RIGHT) are gestures, said after,
    and so is a held OK on +1cr, the install for 0 (the home cell's words are the captions of
    the large numbers until the cursor moves; the first half holds it to be said as it is
    done: "Corp installed for 0")."""
    from firmware.app import App
    sim = start(at, extra, panels)
    problems = []
    down = {}                 # key -> the glass when it went down
    key = []                  # (key, event) the App is handling
    do_applied, on_button = Game.do_applied, App.on_button

    def pressing(app, name, event):
        from firmware.board.buttons import DOWN
        if event == DOWN:
            down[name] = _Glass(sim.oled, app.screen.name)
        key.append((name, event))
        try:
            return on_button(app, name, event)
        finally:
            key.pop()

    def committing(game, act, applied):
        from firmware.board.buttons import PRESS
        from firmware.board.buttons import LONG, REPEAT
        # (a hold reaches the App as its long press and first repeat: App._hold)
        if (key and key[-1] in (("OK", LONG), ("OK", REPEAT)) and act[0] == A.INSTALL
                and not act[2] and down["OK"].screen == "dashboard"):
            key[-1] = None            # the held install: a gesture, said after
        if key and key[-1] and key[-1][0] in down and consequential(game, act, applied):
            name, event = key[-1]
            words, number = _names(game, act)
            shown = glass_text(down[name]).lower()
            if not any(word in shown for word in words):
                problems.append("%r not named before %s: the glass read %r" % (act, name, shown))
            elif (number is not None and event == PRESS
                  and not (name in ("UP", "DOWN") and number == 1)
                  and not any(str(number) in row and any(word in row for word in words)
                              for row in (row.lower() for row in glass_rows(down[name])))
                  and not (down[name].screen == "number"
                           and str(number) in shown.split("\n"))):
                # The number in the row that names the change ("Corp installs: 2 cr"; a menu
                # row's note at its right end: "Use a click  1"), or a number prompt's own
                # value, in its digits under its title ("The die shows": 3), not anywhere on
                # the glass. (A held key changes by its steps, 5 at a time, as the glass shows
                # them; UP or DOWN on the monitor's lit Alarm moves it by one.)
                problems.append("%r: its %d not on the glass before %s: %r"
                                % (act, number, name, shown))
            key[-1] = None        # (what follows from the same key is said after it)
        return do_applied(game, act, applied)

    Game.do_applied, App.on_button = committing, pressing
    try:
        drive(sim, events)
    finally:
        Game.do_applied, App.on_button = do_applied, on_button
    assert not problems, "%s after %s" % (problems[0], key_script(events))
