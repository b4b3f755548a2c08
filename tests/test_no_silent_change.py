"""No silent change (issue 35), as a property of the whole tracker, judged by the glass.

Hypothesis drives random key sequences: taps, holds of 0.3-3 s, chords, gaps of 0.05-2 s, from
random points of Netrunner games (tagged, bad publicity, virus, power and advancement counters,
remotes, a match, the round timer running or run out) and Infiltration games, with one panel
and with a panel for each seat. In the frame that commits each change to the game, what the
tracker says of it must be legible on the glass, every line of it: read with the fonts'
glyphs from the drawn pixels (tests/glass_reader.py), not taken from the firmware's strings.
A change with no message of its own (a click for a credit, a Netrunner turn ended with no
click left, the monitor's displays) is shown by the number or the header it changes.
"""

from hypothesis import given, settings, strategies as st, HealthCheck

from engine_lite.game import Game
from engine_lite.logtext import do_line
from firmware.screens.ui import wrap
from glass_reader import glass_text
from host_tools.scripted_game import scripted_game
from host_tools.sim import Simulator
from simhelp import key_script

KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK")
OFTEN = st.sampled_from(("OK",) * 4 + ("UP", "DOWN", "LEFT", "RIGHT") * 2 + KEYS)
SCRIPT = list(scripted_game(30))
TWO = "hardware/pins-two-displays.json"

TAP = st.tuples(st.just("tap"), OFTEN, st.integers(30, 250))
EVENT = st.one_of(
    TAP, TAP, TAP,
    st.tuples(st.just("hold"), OFTEN, st.integers(300, 3000)),
    st.tuples(st.just("chord"), OFTEN, OFTEN, st.integers(0, 60), st.integers(30, 900)),
)
SEQUENCE = st.lists(st.tuples(EVENT, st.integers(50, 2000)), min_size=1, max_size=30)
EXTRAS = st.sampled_from(("", "tags", "bad publicity", "virus", "power", "advanced", "match",
                          "timer", "time out"))


def start(at, extra, panels):
    """A simulator with a game at a random point (at < 0: Infiltration)."""
    sim = Simulator(TWO if panels == 2 else None)
    sim.run(3000)
    if at < 0:
        from engine_lite import infiltration as I
        game = Game(I.new_game(3 - at % 2, 1), I)
        for act in ((I.ALARM, 0, 3, 0, 0), (I.PROXIMITY, 0, 5, 0, 0)):
            game.do(act)
    else:
        game = Game()
        lines = SCRIPT[:at]
        lines += {"": [], "tags": ["runner tags +2"], "bad publicity": ["corp bad-publicity +1"],
                  "virus": ["runner virus +2"], "advanced": [],
                  "power": ["runner counter power-counters +2", "corp counter power-counters +1"],
                  "match": [], "timer": [], "time out": []}.get(extra, [])
        for line in lines:
            try:
                do_line(game, line)
            except Exception:
                pass                      # (a line that does not fit this point: left out)
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
    return sim


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.integers(0, 120), st.integers(-2, -1)), EXTRAS, st.sampled_from((1, 2)),
       SEQUENCE)
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
            changed.append(game)
            return result
        return watched

    def rendering(app):
        render(app)
        if not changed:
            return
        del changed[:]
        toast = app.toast
        if toast is None:
            return                        # said by the number it changed (module text)
        shown = glass_text(sim.oled)          # the emulated panel: what the bytes drew
        text = toast[2:] if toast.startswith("! ") else toast
        for line in wrap(text, 25):
            if line.strip() and line.strip() not in shown:
                problems.append("%r is not legible: the glass reads %r" % (line, shown))
                return

    Game.do_applied, Game.undo, Game.redo = (watch(do_applied), watch(undo), watch(redo))
    App.render = rendering
    try:
        sim.keys(key_script(events))
    finally:
        Game.do_applied, Game.undo, Game.redo = do_applied, undo, redo
        App.render = render
    assert sim.resets == 0 and sim.watchdog_resets == 0, "the firmware restarted"
    assert not problems, "%s after %s" % (problems[0], key_script(events))
