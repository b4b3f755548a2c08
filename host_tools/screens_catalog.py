"""Every screen of the tracker, with the key script that reaches it from a new game.

Used by the golden-image tests (tests/golden/), the README screenshots (docs/screens/) and the
pixel-parity test under MicroPython. Regenerate the images with `make screenshots`.
"""

MORE = "RIGHT,RIGHT,RIGHT,RIGHT,OK"        # dashboard bar: More
ACTS = "RIGHT,RIGHT,RIGHT,OK"              # dashboard bar: Acts
END_EARLY = "LEFT,OK,OK"                   # bar: End (wraps left), confirm with clicks left
# The Corp takes 1 bad publicity and ends its turn; the Runner runs on R&D.
RUNNER_RUN = (MORE + ",DOWN,OK,DOWN,DOWN,DOWN,DOWN,DOWN,OK,LEFT,LEFT,RIGHT,OK,OK,"
              "RIGHT,RIGHT,OK,DOWN,OK")

SCREENS = (
    ("dashboard", "Dashboard at the start: the Corp's first turn", ""),
    ("dashboard_run", "A run on R&D: the bar is the run's, 1 bad-publicity credit",
     RUNNER_RUN + ",WAIT:3000"),
    ("discard", "Last click spent: the bar jumps to End, discard reminder",
     "OK,OK,OK,WAIT:3000"),
    ("credits", "UP, UP: +2 credits pending, OK gains them", "UP,UP"),
    ("actions_corp", "The Corp's actions with their costs", ACTS),
    ("actions_runner", "The Runner's actions; struck through: not possible now",
     END_EARLY + ",WAIT:3000," + ACTS + ",DOWN,DOWN,DOWN,DOWN,DOWN,DOWN"),
    ("number", "A cost prompt: installing for 2 credits", ACTS + ",DOWN,DOWN,DOWN,OK,UP,UP"),
    ("end_turn", "Ending a turn with clicks left asks first", "LEFT,OK"),
    ("servers", "Run: the bar asks where (UP/DOWN choose, OK runs)", END_EARLY + ",WAIT:3000,RIGHT,RIGHT,OK"),
    ("trace", "Trace wizard: base 4, Corp boosts 2", MORE + ",OK,UP,OK,UP,UP"),
    ("trace_result", "Trace result, with a tag to give", MORE + ",OK,UP,OK,UP,UP,OK,OK,WAIT:3000"),
    ("more", "More: everything that is not a basic action", MORE),
    ("tokens", "Tags and damage", MORE + ",DOWN,OK"),
    ("agenda", "Agenda points", MORE + ",DOWN,DOWN,OK"),
    ("counters", "Every counter, settable by hand", MORE + ",DOWN,DOWN,DOWN,OK"),
    ("log", "The game log, newest first",
     "OK,OK,RIGHT,OK,WAIT:1000,OK,OK," + MORE + ",DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,OK,WAIT:3000"),
    ("settings", "Settings", MORE + ",UP,UP,OK"),
    ("new_game", "New game, with confirmation", MORE + ",UP,OK"),
    ("win", "The win screen", MORE + ",DOWN,DOWN,OK,OK,UP,UP,UP,UP,UP,OK,OK,WAIT:3000"),
    ("undo", "Hold LEFT: the last action is undone and named", "OK,OK,LONG:LEFT"),
    ("refused", "A refused action shows the rules' reason",
     ACTS + ",DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,OK"),
)
