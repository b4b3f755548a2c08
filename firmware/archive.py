"""Previous games: nothing is thrown away. A game that another replaces (a new game, a match's
next game, an Infiltration game, a win screen's OK) is kept in `prev1.json`, the one before in
`prev2.json`, and so on: the last KEEP games, a fixed share of the flash. Undo on a game with
nothing left to undo brings the previous one back (firmware.app.App.undo): undo reaches across
"new game".

Each file is a snapshot as firmware.storage writes it (a header line with a checksum, then
engine_lite.snapshot JSON), written through the one atomic-write path. An overlay: loaded when a
game starts or comes back, let go on the way home.
"""

from firmware.storage import HEADER, checksum, write_atomic

KEEP = 3
NAMES = ("prev1.json", "prev2.json", "prev3.json")


def keep(flash, game):
    """Keep `game` as the newest previous game (the oldest of KEEP goes). Which games are worth
    keeping is the App's to say (App.play)."""
    from engine_lite import snapshot
    text = snapshot.dumps(game).encode()
    for i in range(KEEP - 1, 0, -1):          # prev2 -> prev3, prev1 -> prev2 (renames only)
        if flash.exists(NAMES[i - 1]):
            flash.rename(NAMES[i - 1], NAMES[i])
    write_atomic(flash, NAMES[0], HEADER + b"0 %d\n" % checksum(text) + text)


def take_newest(flash):
    """The newest previous game, taken out of the archive (the older ones move up), or None
    when there is none. A file that cannot be read is left where it is and skipped."""
    if flash is None:
        return None
    from firmware.resume import parse_snapshot
    for i in range(KEEP):
        try:
            data = flash.read(NAMES[i])
            if data is None:
                continue
            game = parse_snapshot(data)[1]
        except (OSError, ValueError):
            continue
        flash.remove(NAMES[i])
        for j in range(i + 1, KEEP):           # the older ones move up, in order
            if flash.exists(NAMES[j]):
                flash.rename(NAMES[j], NAMES[j - 1])
        return game
    return None
