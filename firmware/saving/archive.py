"""Previous games: nothing is thrown away. A game that another replaces (a new game, a match's
next game, an Infiltration game, a win screen's OK, an import) is kept in one of the files
`prev1.json` ... `prev5.json`: the last KEEP games, a fixed share of the flash. They come back two
ways: undo on a game with nothing left to undo brings the newest back (firmware.app.App.undo:
undo reaches across "new game"), and More > Previous games lists them all
(firmware.screens.previous_games).

Each file is a snapshot as firmware.saving.storage writes it (firmware.saving.header's line
with a checksum, then engine_lite.snapshot JSON), written through the one atomic-write path.
The header's number says how new the file is (the newest has the largest; 0 in files from before it was
kept, whose slot number then says it: prev1 newest). Nothing is ever renamed: a file is
written into a free slot and removed when it has gone, so a power cut at any step leaves every
game in at least one file.

Two ways a game leaves the archive, and only two:
- the oldest, when a new game pushes it out (more than KEEP others), and
- a game brought back, once it is on the flash as the game in play (App.after_commit calls
  `drop`). Bringing a game back is a swap: the game it replaces takes its place, so the count
  of kept games never falls. Until the commit the archive may hold KEEP + 1 games; the slots
  beyond KEEP are for that, and for a copy a power cut left behind.
"""

from firmware.saving.header import HEADER, frame, unframe
from firmware.saving.storage import PREVIOUS, ENOSPC, KEPT, checksum, finish, write_steps
from engine_lite import snapshot
from firmware.saving.resume import parse_snapshot, snapshot_text

KEEP = 3
NAMES = KEPT
READ_LIMIT = 65536      # a kept file larger than this is not read (a 3,300-action game is ~15 KB)
# What reading a kept file that is damaged can raise: it is skipped, never a crash (RuntimeError:
# nesting too deep for the parser; MemoryError: a file too big for the heap left).
UNREADABLE = (ValueError, IndexError, TypeError, KeyError, MemoryError, RuntimeError)


def _read(flash, name):
    """A file's bytes, or None: not there, too big, unreadable (a folder, EIO) or no memory
    for it. A kept file that cannot be read is left as it is and skipped, never a crash."""
    try:
        size = flash.size(name)
        if size is not None and size > READ_LIMIT:
            return None               # (not read: too big for the heap, and no game of ours)
        data = flash.read(name)
    except (OSError, MemoryError, AttributeError):
        return None
    if data is None or len(data) > READ_LIMIT or not data.startswith(HEADER):
        return None
    return data


def _header(data):
    """(order, checksum) from a kept file's header line, or None if it is not one."""
    try:
        return unframe(data)[:2]
    except ValueError:
        return None


def listing(flash):
    """[(order, slot, name, checksum)] of the kept files whose header can be read, oldest
    first. (The games themselves are not decoded: pruning and dropping need only this.)"""
    found = []
    if flash is None:
        return found
    for slot in range(len(NAMES)):
        data = _read(flash, NAMES[slot])
        head = _header(data) if data is not None else None
        if head is not None:
            # (sorted by order, then newest slot last: prev1 is the newest of the old layout)
            found.append((head[0], -slot, NAMES[slot], head[1]))
        data = None
    found.sort()
    return found


def checksum_of(game):
    """The checksum a game's kept file carries (what `restored` and `drop` name it by)."""
    return checksum(snapshot.dumps(game).encode())


def keep(flash, game, restored=None):
    """Keep `game` as the newest previous game. When KEEP others are kept already, the oldest
    goes once it is written (the one documented way a kept game leaves: a new game pushed it out), unless
    `game` is kept because a game was brought back (`restored`, that game's checksum): a swap,
    whose copy leaves when the game in play is committed. Which games are worth keeping is the App's to say (App.play).
    Returns the kept file's checksum."""
    return finish(keep_steps(flash, game, restored))


def keep_steps(flash, game, restored=None):
    """keep as a generator of short steps (firmware.saving.storage.write_steps), for the Saver
    to make in a pause, giving way to a key between two. Nothing else writes the archive
    before its end (the Saver finishes it first); closed early, the archive is as it was."""
    text = snapshot.dumps(game).encode()
    sum = checksum(text)
    yield
    found = listing(flash)
    yield
    copies = [entry for entry in found if entry[3] == sum]     # this very game, kept before
    others = [entry for entry in found if entry[3] != sum and entry[3] != restored]
    # A new game pushes the oldest out: one, never more, and none when the game kept now has a
    # copy here already (it was counted among the kept: a swap cut before its drop left it).
    # Bringing a game back (`restored`) is a swap and pushes nothing out. Such a copy can so
    # make the archive one game larger, never a game smaller: the slots beyond KEEP are for
    # that. (Pruning down to KEEP lost a kept game when such a copy was brought back.)
    # The oldest goes once the new one is written, not before: a power cut between the two
    # then leaves one game too many, never one too few. Removed first, the game being kept
    # was still only in memory, the next power-up kept it again, and that pushed out another
    # (found by tests/test_kept_games_player.py, seed 12797: two kept games went for one).
    oldest = None
    if restored is None and not copies and len(others) >= KEEP:
        oldest = others.pop(0)[2]
    free = _free(flash)
    if free is None and oldest is not None:
        flash.remove(oldest)              # (no slot for the new one before it goes)
        oldest = None
        free = _free(flash)
    if free is None and copies:
        flash.remove(copies.pop()[2])     # (the game is in play still: its copy is not the only one)
        free = _free(flash)
    if free is None and others:
        flash.remove(others.pop(0)[2])    # (every slot taken, by copies cuts left: the oldest)
        free = _free(flash)
    if free is None:
        raise OSError(28, "no free slot for a previous game")
    order = found[-1][0] + 1 if found else 1
    data = frame(order, text, sum)
    text = None
    while True:
        try:
            yield from write_steps(flash, free, data)
            break
        except OSError as error:
            if error.args[0] not in ENOSPC:
                raise
            # A full flash: the game pushed out makes room first, then game.bak. That holds
            # an older copy of the game being kept (whose newest is in game.json and its
            # journal until the commit that follows) or the game before it, kept already.
            # Else, while the copy did not fit, the new game's moves were never saved, though
            # its own snapshot would fit (issue 36).
            if oldest is not None:
                flash.remove(oldest)
                oldest = None
            elif flash.exists(PREVIOUS):
                flash.remove(PREVIOUS)
            else:
                raise
    yield
    if oldest is not None:
        flash.remove(oldest)
    for entry in copies:                  # older copies of the same game: the new one is it
        flash.remove(entry[2])
    return sum


def _free(flash):
    """The first slot with no file in it, or None."""
    for name in NAMES:
        if not flash.exists(name):
            return name
    return None


def read(flash, name):
    """(game, the file's checksum) of one archived game; None if it is not there or cannot be
    read (a damaged copy is skipped, never a crash)."""
    data = _read(flash, name)
    head = _header(data) if data is not None else None
    if head is None:
        return None
    try:
        return parse_snapshot(data)[1], head[1]
    except UNREADABLE:
        return None


def newest(flash, skip=None):
    """(name, game, checksum) of the newest archived game that can be read, or None: reads no
    further than that one (undo across a new game needs only it). `skip`: a checksum to pass
    over (a game brought back and not yet committed: it is in play)."""
    for _order, _slot, name, sum in reversed(listing(flash)):
        got = read(flash, name) if sum != skip else None
        if got is not None:
            return name, got[0], got[1]
    return None


def entries(flash, skip=None):
    """[(name, game, checksum)] for the archived games that can be read, newest first (one
    entry for each game: a copy a power cut left twice is listed once)."""
    return _each(flash, skip, lambda data: parse_snapshot(data)[1])


def labels(flash, skip=None):
    """[(name, label, checksum)] for the archived games whose file and state can be read, as
    `entries` finds them, each read only as far as its menu line (`label`): its state, not its
    history. Rebuilding a long game takes a Pico some 20 ms, and Previous games lists every
    kept game at a tap (README, "Writing and reading a whole game"); `read` rebuilds the one
    chosen."""

    def line(data):
        rules, state = snapshot.peek(snapshot_text(data)[1])
        return rules.label(state)
    return _each(flash, skip, line)


def _each(flash, skip, decode):
    """[(name, decode(its bytes), checksum)] for each archived game, newest first, one for each
    game (a copy a power cut left twice once; `skip`: a checksum to pass over). A file that
    cannot be read or decoded (UNREADABLE) is skipped."""
    found = []
    seen = [skip]
    for _order, _slot, name, sum in reversed(listing(flash)):
        data = _read(flash, name) if sum not in seen else None
        if data is None:
            continue
        try:
            value = decode(data)
        except UNREADABLE:
            continue
        seen.append(sum)
        found.append((name, value, sum))
    return found


def restore(app, game, sum):
    """Play an archived game again: a swap. The one in play is kept in turn (App.play), and
    the archive copy of this one goes once it is committed as the game in play
    (App.after_commit)."""
    app.play(game, carry_match=False)
    app.came_back(sum)


def drop(flash, sum):
    """Take the archived copies whose checksum is `sum` out of the archive (the game is on the
    flash as the game in play now). Removals only."""
    for _order, _slot, name, kept in listing(flash):
        if kept == sum:
            flash.remove(name)


def label(game):
    """A menu line for a game: ("Turn 7", "3-2 pts") or ("Infiltration", "round 3")."""
    return game.rules.label(game.state)
