"""Taking a game saved elsewhere: the browser page's Import (files exported from another
browser, copied off a Pico with `make pull`, or a simulator's --save-dir).

The files are read from a scratch folder with the boot's own loader (firmware.saving.resume), exactly
as a tracker powering up on them would, and checked completely (the whole history replayed to
its saved state) before anything is replaced. Only then does the imported game replace the one
in play, through App.play: the replaced game goes into the archive like any other
(firmware.saving.archive), so an import is undone from More > Previous games.
"""

from firmware.settings import Settings
from firmware.saving.resume import boot

BAD_WORDS = ("damaged", "unreadable", "Kept aside", "SAVING OFF")


def check(flash):
    """Read the saved files in `flash` (a scratch folder) as a boot would. Returns
    (game, settings or None, description); raises ValueError saying why when the files hold no
    game, or any part of them is damaged (a damaged file is not half-imported: the player is
    told, and exports the files again)."""
    settings = Settings()
    _storage, game, notices, held = boot(flash, settings)
    if held is not None:
        raise ValueError(held)
    for notice in notices:
        if notice and any(word in notice for word in BAD_WORDS):
            raise ValueError(damaged(notice))
    if game is None:
        raise ValueError("no saved game in these files")
    game.check_all()
    if game.damaged:
        raise ValueError("its history does not lead to its saved state")
    return game, (settings if flash.exists("settings.json") else None), what(game)


# The files a boot's notice can name, in the order a player would look for them.
FILES = ("game.json", "game.jnl", "game.bak", "game.tmp", "settings.json")


def damaged(notice):
    """Why the imported files are refused, in words about them: the boot's notice ("Save
    damaged: kept as game.json.bad1 (12 KB free). New game.") is written for the tracker's own
    files, and read after an import it sounded as if the player's own game had gone (issue 38).
    Nothing of the player's is touched by an import that is refused."""
    for name in FILES:
        if name in notice:
            return "the imported %s is damaged or unreadable" % name
    return "the imported files are damaged or unreadable"


def what(game):
    """What a saved game holds, for the player deciding whether to import it: "Netrunner, turn
    7, Corp 4-2 Runner" or "Infiltration, 4 agents, round 3"."""
    return game.rules.headline(game.state)


# The round timer's settings: the round on this table is not the imported file's. With a
# timer set, an import keeps them (the file's time left would replace the running clock, and
# a power cut a minute later would bring back the file's time).
ROUND = ("round_s", "clock_s")


def take(app, game, settings=None):
    """Play the checked `game` from now on; the one in play is kept in the archive (App.play).
    `settings` (imported with it) replace the tracker's. The caller saves at once (Saver.flush),
    so that the import and the archived game reach the flash together."""
    if settings is not None:
        for name in Settings.RANGES:
            if name in ROUND and app.round_clock is not None:
                continue        # the round timer on this table runs on (issue 36)
            setattr(app.settings, name, getattr(settings, name))
        app.settings_changed(in_parts=False)
    kept = app.play(game)
    app.say("Imported." + (" Old game kept: More > Previous games" if kept else ""))  # (2 lines)
    return kept
