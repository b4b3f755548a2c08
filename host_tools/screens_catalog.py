"""Every screen of the tracker, with the key script that reaches it from a new game.

Used by the golden-image tests (tests/golden/), the README screenshots (docs/screens/) and the
pixel-parity test under MicroPython. Regenerate the images with `make screenshots`.
"""

def script(*parts, down=False):
    """A key script from `parts`: key scripts as they are, and tuples of words, each a menu path
    as a player reads it ("More", "Tournament": Simulator.choose), turned into the keys that
    open it from where the parts before it left a new game. So a screen is reached by the words
    on the glass: a row moved or renamed changes the keys here, not the picture. `down`: each
    menu's row walked to downwards (where the menu is in the picture, so is how it scrolled)."""
    keys = []
    sim = None
    for n, part in enumerate(parts):
        if isinstance(part, str):
            keys.append(part)
            continue
        if sim is None:
            from host_tools.sim import Simulator, install_standins
            install_standins()
            sim = Simulator()
            done = 0
        for earlier in parts[done:n]:            # (what came since the last path)
            if isinstance(earlier, str) and earlier:
                sim.keys(earlier)
        done = n + 1
        sim.run(20)            # (the dashboard's cursor follows the game at its next picture)
        keys.append(sim.choose(*part, down=down))
    return ",".join(k for k in keys if k)


MORE = script(("More",))                   # dashboard bar: More (the bar wraps round)
ACTS = script(("Acts",))                   # dashboard bar: Acts
END_EARLY = "LEFT,LEFT,LEFT,LONG:OK,OK"    # bar: End (held), confirm with clicks left
# The Corp takes 1 bad publicity and ends its turn; the Runner runs on R&D (Run, UP: R&D, OK).
RUNNER_RUN = "UP,LEFT,LEFT,OK,WAIT:3000," + END_EARLY + ",WAIT:3000,RIGHT,UP,OK"

TOURNAMENT = script(("More", "Tournament"))
PSI = script(("More", "Tournament", "Psi game"), "UP,OK,UP,UP")   # the Corp bids 1, the Runner 2

# Infiltration, 3 players. The first player and the dice come from the board's random source:
# the simulator's is seeded, so these pictures are the same every run, but the virtual Pico's is
# the RP2040's own (see RANDOM_SCREENS).
INFILTRATION = script(("More", "New Infiltration"), "OK,OK,OK,WAIT:3000")   # 3 players; first
                                                                             # as picked; left
ESCAPES = (",RIGHT,OK,OK,DOWN,DOWN,DOWN,DOWN,OK,RIGHT,OK,DOWN,OK,DOWN,DOWN,DOWN,DOWN,OK,"
           "RIGHT,OK,DOWN,DOWN,OK,DOWN,DOWN,DOWN,DOWN,DOWN,OK,LONG:OK")   # agents 1 and 2
           # escape, 3 arrested: the end (held); back from a menu, the cursor is on Next
SCORE_TO_WIN = script(("More", "Agenda points", "Corp scores"), "UP,UP,UP,UP,UP,OK")  # 7 points

SCREENS = (
    ("dashboard", "Dashboard at the start: the Corp's first turn", ""),
    ("dashboard_run", "A run on R&D: the bar is the run's, 1 bad-publicity credit",
     RUNNER_RUN + ",WAIT:3000"),
    ("access", "The run succeeded: access (Steal lit: UP/DOWN set the points)",
     RUNNER_RUN + ",WAIT:1000,OK,WAIT:3000,RIGHT"),
    ("discard", "Last click spent: the bar jumps to End, discard reminder",
     "OK,OK,OK,WAIT:3000"),
    ("credits", "UP, UP: a number; LEFT/RIGHT choose what for (Score lit), OK does it",
     "UP,UP,RIGHT"),
    ("install", "DOWN, DOWN in the Corp's turn: OK installs for 2", "DOWN,DOWN"),
    ("hint", "Moved to a bar cell: its short word said in full", RUNNER_RUN + ",WAIT:3000,RIGHT,RIGHT"),
    ("advance", "Adv lit after two advances (a held OK): the remote and its counters",
     "RIGHT,LONG:OK,WAIT:3000,RIGHT"),
    ("score_remote", "UP, UP, RIGHT after them: the agenda scored from that remote",
     "RIGHT,LONG:OK,WAIT:3000,UP,UP,RIGHT"),
    ("tagged", "The Runner tagged twice, 1 brain damage: large digits for the other seat",
     "UP,UP,RIGHT,RIGHT,OK,UP,RIGHT,RIGHT,RIGHT,RIGHT,OK,WAIT:3000"),
    ("virus", "Virus counters on the Runner's cards: in the captions' place while not 0",
     END_EARLY + ",WAIT:3000,UP,UP,LEFT,LEFT,LEFT,OK,WAIT:3000"),
    ("rez", "DOWN x4, RIGHT in the Runner's run: the Corp rezzes for 4",
     RUNNER_RUN + ",WAIT:3000,DOWN,DOWN,DOWN,DOWN,RIGHT"),
    ("actions_corp", "The Corp's actions with their costs", ACTS),
    ("actions_runner", "The Runner's actions; struck through: not possible now",
     END_EARLY + ",WAIT:3000," + ACTS + ",DOWN,DOWN,DOWN,DOWN,DOWN,DOWN"),
    ("number", "A cost prompt: installing for 2 credits", script(("Acts", "Install"), "UP,UP")),
    ("end_turn", "Ending a turn with clicks left asks first", "LEFT,LEFT,LEFT,LONG:OK"),
    ("servers", "Run lit: UP/DOWN choose where, OK runs", END_EARLY + ",WAIT:3000,RIGHT,UP"),
    ("trace", "Trace wizard: base 4, Corp boosts 2", script(("More", "Trace"), "LEFT,UP,OK,UP,UP")),
    ("trace_summary", "The Runner's row: the outcome and what each side pays, before OK",
     script(("More", "Trace"), "LEFT,UP,OK,UP,UP,OK,UP")),
    ("trace_result", "Trace result, with a tag to give",
     script(("More", "Trace"), "LEFT,UP,OK,UP,UP,OK,OK,WAIT:3000")),
    ("more", "More: everything that is not a basic action", MORE),
    ("tokens", "Tags and damage", script(("More", "Tags & damage"))),
    ("tokens_virus", "Tags and damage: three virus counters placed, their count 12 px tall",
     script(("More", "Tags & damage", "Virus counter +1"), "OK,OK", down=True)),
    ("flatline", "6 meat damage, 5 cards in the grip: a held OK says flatlined, < fixes the count",
     script(("More", "Tags & damage", "Meat damage"), "UP,UP,UP,UP,UP,OK")),
    ("flatline_ring", "UP held to 6, LEFT to Meat: the row says it flatlines, a held OK records it",
     "HOLD:UP:1000,LEFT"),
    ("agenda", "Agenda points", script(("More", "Agenda points"))),
    ("score", "Scoring: the points, and where that leaves the Corp against the target",
     script(("More", "Agenda points", "Corp scores"))),
    ("previous", "More > Previous games: the games others replaced, newest first",
     script("OK,OK", ("More", "New game"), "LONG:OK,WAIT:3000,UP,UP,RIGHT,OK,WAIT:3000",
            ("More", "New game"), "LONG:OK,WAIT:3000,OK,WAIT:3000", ("More", "Previous games"))),
    ("counters", "Every counter, settable by hand", script(("More", "Counters"))),
    ("log", "The game log, newest first",
     script("OK,OK,LEFT,OK,WAIT:1000,LONG:OK,OK", ("More", "Game log"), "WAIT:3000")),
    ("settings", "Settings", script(("More", "Settings"))),
    ("new_game", "New game, with confirmation", script(("More", "New game"))),
    ("win", "The win screen", SCORE_TO_WIN + ",LONG:OK,WAIT:3000"),
    ("undo", "Hold LEFT: the last action is undone and named", "OK,OK,LONG:LEFT"),
    ("refused", "A refused action shows the rules' reason",
     script(("Acts", "Trash resource"), down=True)),
    ("tournament", "Tournament: the round timer, the time call, psi games, randomizers",
     TOURNAMENT),
    ("timer", "The round timer: start, the usual lengths, any length",
     script(("More", "Tournament", "Round timer"))),
    ("timer_running", "The round timer running: minutes left, bottom left in 12-pixel glyphs",
     script(("More", "Tournament", "Round timer"), "OK,WAIT:3000")),
    ("timer_warning", "10 minutes left: the screen flashes (inverted for a moment) and says so",
     script(("More", "Tournament", "Round timer"), "UP,UP,OK" + ",DOWN" * 54 +
            ",OK,OK,WAIT:59800")),   # an 11-minute round
    ("last_turn", "Time called in the Corp's turn: the Runner's turn is the last",
     script(("More", "Tournament", "Call time"), "OK,WAIT:3000," + END_EARLY + ",WAIT:3000")),
    ("time_over", "The Runner's last turn ended: equal points after time, a tie",
     script(("More", "Tournament", "Call time"), "OK,WAIT:3000," + END_EARLY + ",WAIT:3000," +
            END_EARLY + ",WAIT:3000")),
    ("match", "A match of two games: game 1 won, game 2 with the sides swapped in play",
     script(("More", "Tournament", "Match"), "OK,OK,OK,LONG:OK,WAIT:3000",
            ("More", "Agenda points", "Corp scores"), "UP,UP,UP,UP,UP,OK,LONG:OK,WAIT:3000,OK,"
            "LONG:OK,WAIT:3000", ("More", "Tournament", "Match"))),
    ("psi", "A psi game: the Runner bids; the Corp's bid stays hidden", PSI),
    ("psi_result", "Both bids revealed and paid", PSI + ",OK"),
    ("die", "A d6 rolled with the board's random source (the log keeps it)",
     script(("More", "Tournament", "Roll a die"), "OK")),
    ("players", "A new Infiltration game: how many players", script(("More", "New Infiltration"))),
    ("monitor", "Infiltration: the security monitor, round 1", INFILTRATION),
    ("monitor_roll", "Alarm 2, then Next to Security and Roll: the die is applied",
     INFILTRATION + ",RIGHT,RIGHT,UP,UP,LEFT,LEFT,OK,OK,OK,LONG:OK"),
    ("agents", "The agents and how they are", INFILTRATION + ",RIGHT,OK"),
    ("monitor_log", "Infiltration's game log, by round",
     INFILTRATION + ",RIGHT,RIGHT,UP,UP,RIGHT,UP,RIGHT,OK,DOWN,DOWN,OK"),
    ("agent", "What can happen to an agent", INFILTRATION + ",RIGHT,OK,OK"),
    ("holdings", "The end: an escaped agent's holdings, one value at a time",
     INFILTRATION + ESCAPES + ",OK,UP,UP,OK,DOWN"),
    ("infiltration_end", "The ranking, the tie-break and who was arrested",
     INFILTRATION + ESCAPES + ",OK,UP,UP,OK,DOWN,OK,RIGHT,OK,UP,UP,UP,OK,DOWN,DOWN,DOWN,OK,"
     "RIGHT,WAIT:3000"),
)
# Screens that show the board's random source (the first player, a die): the same in the
# simulator every run, not on the virtual Pico.
RANDOM_SCREENS = ("monitor", "monitor_roll", "die")
