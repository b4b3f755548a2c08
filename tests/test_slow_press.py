"""A slow press is a tap, across the whole tracker.

Issue 60 called a slow press of 650 ms taken for a hold a slip (it opened a number at 5), and
the holds added later for fewer presses made it worse (a hesitant OK on Run ended the run it
began). OK, LEFT, RIGHT and BACK are held at the key's first repeat (0.78 s: firmware.app,
App._hold); let go between their long press (0.6 s) and that repeat, they are a tap. Here that
is a property of the whole tracker: from random points of a game, after random keys (each
followed by a pause, so that no key's meaning hangs on the rhythm), a slow press leaves the
game, the screens, the bar's cursor and any pending number exactly where a tap leaves them.
"""

from hypothesis import example, given, settings, strategies as st, HealthCheck

from engine_lite.game import Game
from engine_lite.infiltration import rules as I
from engine_lite.logtext import do_line, log_lines
from host_tools.scripted_game import scripted_game
from host_tools.sim import Simulator

SCRIPT = list(scripted_game(30))


def _runners_first_turn():
    """How many of the script's lines lead to the Runner's first turn, its clicks unspent."""
    game = Game()
    for count, line in enumerate(SCRIPT):
        if game.state.active == 1 and game.state.runner.clicks == 4:
            return count
        do_line(game, line)
    raise AssertionError("no Runner's turn in the script")


RUNNER_AT = _runners_first_turn()
SLOW_KEYS = ("OK", "LEFT", "RIGHT", "BACK")
ANY_KEY = ("UP", "DOWN") + SLOW_KEYS
# the keys before: taps, and holds that reach further (a turn ended, a run taken whole, undo)
BEFORE = ANY_KEY + ("LONG:OK", "LONG:LEFT", "LONG:RIGHT", "HOLD:UP:1000")


def where_it_ends(at, before, key, held_ms):
    """What the tracker holds after the game's first `at` lines (at < 0: an Infiltration game),
    the keys `before` and `key` (a tap when `held_ms` is 0, else held that long)."""
    sim = Simulator()
    sim.run(3000)
    if at < 0:                        # the Infiltration monitor, 3 or 4 agents
        game = Game(I.new_game(3 - at % 2, 1), I)
    else:
        game = Game()
        for line in SCRIPT[:at]:
            do_line(game, line)
    sim.app.play(game)
    sim.run(3000)
    for earlier in before:
        sim.keys(earlier + ",WAIT:1000")
    sim.keys(("HOLD:%s:%d" % (key, held_ms) if held_ms else key) + ",WAIT:1500")
    app = sim.app
    screen = app.screen
    pending = getattr(screen, "pending", None)
    return {
        "log": list(log_lines(app.game)),
        "state": app.game.state.pack(),
        "redo": list(app.game.redo_stack),
        "screens": [type(s).__name__ for s in app.screens],
        "cursor": getattr(screen, "cursor", None),
        "number": (pending.delta, pending.index) if pending else None,
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.integers(0, 120), st.integers(-2, -1)),
       st.lists(st.sampled_from(BEFORE), max_size=8),
       st.sampled_from(SLOW_KEYS), st.integers(620, 760))
# The holds that do more than a tap: on Run (a whole run), on the Runner's payment in a run (the
# run ends), on Access (nothing taken), on Adv (two advances)
@example(at=RUNNER_AT, before=["RIGHT"], key="OK", held_ms=650)
@example(at=RUNNER_AT, before=["RIGHT", "OK", "DOWN", "DOWN"], key="OK", held_ms=700)
@example(at=RUNNER_AT, before=["RIGHT", "OK"], key="OK", held_ms=760)
@example(at=0, before=["RIGHT"], key="OK", held_ms=650)
def test_a_slow_press_of_ok_left_right_or_back_ends_where_a_tap_does(at, before, key, held_ms):
    tapped = where_it_ends(at, before, key, 0)
    assert where_it_ends(at, before, key, held_ms) == tapped


def test_a_slow_press_is_not_a_hold_where_the_hold_does_more():
    """The property above cannot pass by doing nothing: where a hold does more than the tap
    (undo on LEFT, a whole run on Run), a key held past the first repeat does it, and a
    slow press does not."""
    tapped = where_it_ends(0, ["OK"], "LEFT", 0)
    held = where_it_ends(0, ["OK"], "LEFT", 900)
    assert held["log"] == tapped["log"][:-1] and held["redo"] != tapped["redo"]   # undone
    assert where_it_ends(0, ["OK"], "LEFT", 700) == tapped
