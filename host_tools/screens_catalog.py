"""Every screen of the tracker, with the key script that reaches it from a new game.

Used by the golden-image tests (tests/golden/), the README screenshots (docs/screens/) and the
pixel-parity test under MicroPython. Regenerate the images with `make screenshots`.
"""

D5 = "DOWN,DOWN,DOWN,DOWN,DOWN"
# Corp gets 1 bad publicity, ends the turn; the Runner starts a run on R&D.
RUNNER_RUN = "LEFT,DOWN,OK,%s,OK,LEFT,LEFT,RIGHT,OK,OK,DOWN,DOWN,DOWN,OK,DOWN,OK" % D5

SCREENS = (
    ("dashboard", "Dashboard at the start: the Corp's first turn", ""),
    ("dashboard_runner", "Dashboard during a Runner's run on R&D with 1 bad-publicity credit",
     RUNNER_RUN + ",LEFT,WAIT:3000"),
    ("actions_corp", "The Corp's action menu", "OK"),
    ("actions_runner", "The Runner's action menu, scrolled to Remove tag",
     "RIGHT,OK,OK,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN"),
    ("credits", "Quick credits: +2 pending, OK gains them", "UP,UP"),
    ("number", "A cost prompt: installing for 2 credits", "OK,DOWN,DOWN,DOWN,OK,UP,UP"),
    ("end_turn", "End of turn: unused clicks and the discard reminder", "RIGHT"),
    ("run", "A run in progress", RUNNER_RUN + ",WAIT:3000"),
    ("trace", "Trace wizard: base 4, Corp boosts 2", "LEFT,OK,UP,OK,UP,UP"),
    ("trace_result", "Trace result with the option to give a tag", "LEFT,OK,UP,OK,UP,UP,OK,OK"),
    ("more", "The More menu", "LEFT"),
    ("tokens", "Tags and damage", "LEFT,DOWN,OK"),
    ("agenda", "Agenda points", "LEFT,DOWN,DOWN,OK"),
    ("counters", "Every counter, settable by hand", "LEFT,DOWN,DOWN,DOWN,OK"),
    ("log", "The game log, newest first",
     "OK,OK,OK,DOWN,OK,UP,OK,RIGHT,OK,LEFT,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,OK,WAIT:3000"),
    ("settings", "Settings", "LEFT,UP,UP,OK"),
    ("new_game", "New game, with confirmation", "LEFT,UP,OK"),
    ("win", "The win screen", "LEFT,DOWN,DOWN,OK,OK,UP,UP,UP,UP,UP,UP,OK,WAIT:3000"),
    ("undo", "Hold LEFT: the last action is undone and named", "OK,OK,LONG:LEFT"),
    ("refused", "A refused action shows the rules' reason",
     "OK,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,OK"),
)
