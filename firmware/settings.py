"""Settings: the display's care and the round timer, and each game's defaults for its new games
(the game's package adds its rows: firmware/netrunner/settings.py). Kept apart from the game so
that a new game keeps them, and saved beside it (see firmware.saving.storage)."""

TOGGLE = "on/off"    # a row's note for a setting that is on (1) or off (0): OK switches it

# One row a setting: its name (in settings.json too), its default, the lowest and highest values
# it takes (editing and loading), what More > Settings calls it (None: not there; the round
# timer's are set from its own menu) and what the question for a new value says under it
# (TOGGLE: no question, OK switches it).
DEVICE_ROWS = (
    ("contrast", 255, 1, 255, "Contrast", ""),
    ("flip", 0, 0, 1, "Flip screen", TOGGLE),           # the picture upside down
    ("dim_s", 120, 0, 3600, "Dim after", "seconds (0: never)"),
    ("sleep_s", 600, 0, 36000, "Screen off after", "seconds (0: never)"),
    ("sound", 1, 0, 1, "Sound", TOGGLE),
    ("round_s", 65 * 60, 60, 36000, None, ""),     # the round timer's length (tournament/roundclock)
    ("clock_s", -1, -1, 36000, None, ""),          # its time left when last saved (-1: no timer)
)


class Settings:
    """Every setting with its default (ROWS, in More > Settings' order); `RANGES` gives the
    allowed values for editing and loading."""

    # (the device's, as the rows make them: named here for the type check)
    contrast: int
    flip: int
    dim_s: int
    sleep_s: int
    sound: int
    round_s: int
    clock_s: int

    ROWS = list(DEVICE_ROWS)
    RANGES = dict((row[0], (row[2], row[3])) for row in DEVICE_ROWS)

    def __init__(self):
        for row in self.ROWS:
            setattr(self, row[0], row[1])

    def within(self, name, value):
        """`value` held to setting `name`'s limits (for a question that sets it for one game:
        the new game's Runner link)."""
        low, high = self.RANGES[name]
        return max(low, min(high, value))

    def to_dict(self):
        """The settings as a plain dict (for saving)."""
        return dict((name, getattr(self, name)) for name in self.RANGES)


def add_rows(rows):
    """A game's settings (rows as DEVICE_ROWS'), before the device's in More > Settings: its
    package calls this when it is imported (firmware.app imports them all)."""
    for row in rows:
        if row[0] not in Settings.RANGES:
            Settings.ROWS.insert(len(Settings.ROWS) - len(DEVICE_ROWS), row)
            Settings.RANGES[row[0]] = (row[2], row[3])
