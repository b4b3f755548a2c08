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

    Corp: two clicks for credits, one draw, end of turn. Runner: a run on HQ that succeeds,
    three clicks for credits, end of turn. About 26 presses a round.
    """
    for _ in range(rounds):
        for word in ("OK", "OK", "OK", "OK", "OK", "DOWN", "OK", "RIGHT", "OK",
                     "OK", "DOWN", "DOWN", "DOWN", "OK", "OK", "OK",
                     "OK", "OK", "OK", "OK", "OK", "OK", "RIGHT", "OK"):
            yield word


def navigation_keys(count):
    """`count` presses that only move between screens (no game action): for leak checks."""
    cycle = ("LEFT", "DOWN", "DOWN", "OK", "DOWN", "LEFT", "UP", "UP", "LEFT", "OK", "LEFT")
    for i in range(count):
        yield cycle[i % len(cycle)]
