"""Previous games: nothing is thrown away. A game that another replaces (a new game, a match's
next game, an Infiltration game, a win screen's OK, an import) is kept in `prev1.json`, the one
before in `prev2.json`, and so on: the last KEEP games, a fixed share of the flash. They come
back two ways: undo on a game with nothing left to undo brings the newest back
(firmware.app.App.undo: undo reaches across "new game"), and More > Previous games lists them
all (PreviousGames).

Each file is a snapshot as firmware.saving.storage writes it (a header line with a checksum, then
engine_lite.snapshot JSON), written through the one atomic-write path. A game that comes back
keeps its archive copy until the game is committed as the one in play (App.after_commit calls
`drop`): until then that copy is its only one on the flash. An overlay: loaded when a game
starts or comes back, let go on the way home.
"""

from firmware.saving.storage import HEADER, checksum, write_atomic

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


def read(flash, name):
    """(game, the file's checksum) of one archived game; None if it is not there or cannot be
    read (a damaged copy is skipped, never a crash)."""
    from firmware.saving.resume import parse_snapshot
    try:
        data = flash.read(name)
        if data is None:
            return None
        game = parse_snapshot(data)[1]
        return game, _checksum(data)
    except (OSError, ValueError, IndexError):
        return None


def _checksum(data):
    """The checksum a snapshot file's header line gives (parse_snapshot has checked it)."""
    return int(data[len(HEADER):data.find(b"\n")].split()[1])


def newest(flash):
    """(name, game, checksum) of the newest archived game that can be read, or None: reads no
    further than that one (undo across a new game needs only it)."""
    for name in NAMES:
        got = read(flash, name) if flash is not None else None
        if got is not None:
            return name, got[0], got[1]
    return None


def entries(flash):
    """[(name, game, checksum)] for the archived games that can be read, newest first."""
    found = []
    for name in NAMES:
        got = read(flash, name) if flash is not None else None
        if got is not None:
            found.append((name, got[0], got[1]))
    return found


def restore(app, game, sum):
    """Play an archived game again (the one in play is kept in turn, App.play). Its archive
    copy goes once it is committed as the game in play (App.after_commit)."""
    app.play(game)
    app.restored = sum


def drop(flash, sum):
    """Take the archived copy whose checksum is `sum` out of the archive (the older ones move
    up). Renames and a remove only: a cut between them leaves a gap or a duplicate, never a
    lost game."""
    for i in range(KEEP):
        try:            # the header's checksum is enough: no need to decode the game
            data = flash.read(NAMES[i])
            if data is None or not data.startswith(HEADER) or _checksum(data) != sum:
                continue
        except (OSError, ValueError, IndexError):
            continue
        flash.remove(NAMES[i])
        for j in range(i + 1, KEEP):
            if flash.exists(NAMES[j]):
                flash.rename(NAMES[j], NAMES[j - 1])
        return


def label(game):
    """A menu line for a game: ("Turn 7", "3-2 pts") or ("Infiltration", "round 3")."""
    return game.rules.label(game.state)


# ---- the menu ---------------------------------------------------------------------------------

from firmware.screens.widgets import Menu, Item, Confirm    # (below: keep() needs none of it)


class PreviousGames(Menu):
    """More > Previous games: the games kept on the flash, newest first (and any replaced a
    moment ago, not yet written). Choosing one asks, then plays it; the game in play is kept
    in its place, so choosing is undone the same way."""

    name = "previous"

    def __init__(self):
        Menu.__init__(self, "PREVIOUS GAMES")
        self.found = None        # read once when the menu opens, not at every redraw

    def items(self, app):
        if self.found is None:
            self.found = [(game, None) for game in reversed(app.endings)]
            self.found += [(game, sum) for _name, game, sum in entries(app.flash)]
        if not self.found:
            return [Item("None kept yet", "", False, lambda app: app.say(
                "A game is kept here when another replaces it"))]
        return [Item(text, note, True, _ask(game, sum))
                for game, sum in self.found for text, note in (label(game),)]


def _ask(game, sum):
    return lambda app: app.push(Confirm(
        "PREVIOUS GAME", "Play %s again? The game now is kept here." % label(game)[0].lower(),
        lambda app: _play(app, game, sum)))


def _play(app, game, sum):
    from firmware.saving.resume import resumed
    if sum is None:                   # replaced a moment ago: still in memory
        if game in app.endings:
            app.endings.remove(game)
        app.play(game)
    else:
        restore(app, game, sum)
    app.say("Back to a previous game. " + resumed(game))
