"""A deterministic, realistic game script for benchmarks and soak tests.

Plain Python that also runs under MicroPython (benchmarks generate the script inside the
interpreter, so the script's text does not count against the heap being measured).
Nobody wins: agenda points stay below 7 for at least 200 rounds.
"""


def scripted_game(rounds):
    """Yield game-log lines for `rounds` full rounds (Corp turn, then Runner turn)."""
    for turn in range(1, rounds + 1):
        yield "corp gain-credit"
        yield "corp draw"
        if turn % 3 == 0:
            yield "corp install 1"
            yield "corp rez 1"
        else:
            yield "corp gain-credit"
        if turn % 10 == 5:
            yield "trace 2 1 0"
            yield "runner tags +1"
        yield "corp end-turn"
        yield "runner run hq"
        yield "runner pay 1"
        yield "run success"
        if turn % 10 == 5:
            yield "runner remove-tag"
        else:
            yield "runner gain-credit"
        yield "runner gain-credit"
        yield "runner draw"
        if turn % 25 == 0:
            yield "runner damage net 1"
            yield "undo"
        yield "runner end-turn"


def scripted_keys(rounds):
    """Yield key-script words for `rounds` rounds played on the device's buttons.

    Corp: two clicks for credits, a draw (the bar then jumps to End), pays 1 (a DOWN, OK: with
    no clicks left that is a payment), ends the turn (OK held on End). Runner: a run on HQ,
    access, a pause (Done waits for one after Access), Done, three clicks for credits, ends the
    turn (held). 16 presses a round.
    """
    corp = ("OK", "OK", "LEFT", "OK", "DOWN", "OK", "LONG:OK")
    runner = ("RIGHT", "OK", "OK", "WAIT:1000", "OK", "OK", "OK", "OK", "LONG:OK")
    for _ in range(rounds):
        for word in corp + runner:
            yield word


NAVIGATION_CYCLE = ("LEFT", "LEFT", "OK", "DOWN", "DOWN", "OK", "DOWN", "LEFT", "LEFT", "UP",
                    "DOWN", "LONG:LEFT")


def navigation_keys(count):
    """`count` presses that only move between screens and back (no game action): leak checks.
    Each cycle opens More, then Agenda points, backs out to the dashboard (the bar's cursor
    back home by itself), and starts and drops a number (UP, DOWN, then LEFT held: OK
    on a number back at 0 would install a card costing 0, a game action). tests/test_ui_menus.py
    checks the cycle changes nothing in the game."""
    cycle = NAVIGATION_CYCLE
    for i in range(count):
        yield cycle[i % len(cycle)]
