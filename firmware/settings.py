"""Device settings: game defaults and display care. Kept apart from the game so that a new
game keeps them, and saved beside it (see firmware.saving.storage)."""

from engine_lite.netrunner.state import new_game, START_HAND, NOT_TRACKED


class Settings:
    """Every setting with its default; `RANGES` gives the allowed values for editing and loading."""

    RANGES = {
        "agenda_target": (1, 99),     # points to win
        "corp_clicks": (1, 9),        # clicks per turn, for new games
        "runner_clicks": (1, 9),
        "runner_link": (0, 9),        # base link of the Runner's identity (Kate: 1)
        "contrast": (1, 255),
        "flip": (0, 1),               # turn the picture upside down
        "dim_s": (0, 3600),           # dim after this many idle seconds (0: never)
        "sleep_s": (0, 36000),        # switch the panel off after this many idle seconds
        "sound": (0, 1),
        "round_s": (60, 36000),       # the round timer's length (firmware.tournament.roundclock)
        "clock_s": (-1, 36000),       # its time left when last saved (-1: no timer)
        "track_grip": (0, 1),         # new games follow the cards in the Runner's grip
    }

    def __init__(self):
        self.agenda_target = 7
        self.corp_clicks = 3
        self.runner_clicks = 4
        self.runner_link = 0
        self.contrast = 255
        self.flip = 0
        self.dim_s = 120
        self.sleep_s = 600
        self.sound = 1
        self.round_s = 65 * 60
        self.clock_s = -1
        # On by default: damage then knows when it flatlines (a count gone wrong is asked about
        # before a flatline ends the game: firmware.netrunner.menus.TokensMenu).
        self.track_grip = 1

    def new_start(self):
        """The starting state of a new game with these settings."""
        return new_game(self.agenda_target, self.corp_clicks, self.runner_clicks,
                        self.runner_link, START_HAND if self.track_grip else NOT_TRACKED)

    def to_dict(self):
        """The settings as a plain dict (for saving)."""
        return dict((name, getattr(self, name)) for name in self.RANGES)
