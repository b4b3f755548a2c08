"""More > Settings: the defaults of new games and the display's care (firmware.settings keeps
them), opened by class from the More menu.
"""

from engine_lite.netrunner.state import CORP, RUNNER
from engine_lite.netrunner import actions as A
from firmware.screens.widgets import Menu, Item, ask
from engine_lite.netrunner.golden import counter_index


SETTING_LABELS = (
    ("agenda_target", "Agenda target"), ("corp_clicks", "Corp clicks"),
    ("runner_clicks", "Runner clicks"), ("runner_link", "Runner link"),
    ("contrast", "Contrast"), ("flip", "Flip screen"), ("dim_s", "Dim after"),
    ("sleep_s", "Screen off after"), ("sound", "Sound"), ("track_grip", "Follow grip"),
)
TOGGLES = ("flip", "sound", "track_grip")


class SettingsMenu(Menu):
    """Game defaults and the display's care."""

    name = "settings"

    def __init__(self):
        Menu.__init__(self, "SETTINGS")

    def items(self, app):
        settings = app.settings
        items = []
        for key, label in SETTING_LABELS:
            value = getattr(settings, key)
            note = ("on" if value else "off") if key in TOGGLES else str(value)
            if key.endswith("_s"):
                note = "%d s" % value if value else "never"
            items.append(Item(label, note, True, (lambda key: lambda app: _edit_setting(app, key))(key)))
        return items


def _edit_setting(app, key):
    settings = app.settings
    if key in TOGGLES:
        setattr(settings, key, 0 if getattr(settings, key) else 1)
        apply_setting(app, key)
        return
    low, high = settings.RANGES[key]
    notes = {"runner_link": "for new games", "corp_clicks": "from the next turn",
             "runner_clicks": "from the next turn", "agenda_target": "this game too",
             "dim_s": "seconds (0: never)", "sleep_s": "seconds (0: never)"}

    def done(app, value):
        setattr(settings, key, value)
        apply_setting(app, key)
        app.pop()

    ask(app, "SETTING", dict(SETTING_LABELS)[key], low, high, done, value=getattr(settings, key),
        describe=lambda v: notes.get(key, ""))


def apply_setting(app, key):
    """Make a changed setting take effect now (the game ones as logged, undoable actions)."""
    settings = app.settings
    state = app.game.state
    if key == "contrast":
        app.display.set_contrast(settings.contrast)
    elif key == "flip":
        app.display.set_flip(bool(settings.flip))
    elif key == "sound" and app.buzzer:
        app.buzzer.enabled = bool(settings.sound)
    elif key == "agenda_target" and state.agenda_target != settings.agenda_target:
        app.act(A.action(A.AGENDA_TARGET, CORP, settings.agenda_target))
    elif key in ("corp_clicks", "runner_clicks"):
        side = CORP if key == "corp_clicks" else RUNNER
        value = getattr(settings, key)
        if state.player(side).clicks_per_turn != value:
            app.act(A.action(A.SET, side, counter_index(side, "clicks-per-turn"), value))
    app.settings_changed(in_parts=False)
