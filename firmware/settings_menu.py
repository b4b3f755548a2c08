"""More > Settings: the defaults of new games and the display's care (firmware.settings keeps
them, a row each), opened by class from the More menu.
"""

from firmware.games import kind_of
from firmware.screens.widgets import Menu, Item, ask
from firmware.settings import TOGGLE


class SettingsMenu(Menu):
    """Game defaults and the display's care: a row for each setting that has words
    (firmware.settings' rows)."""

    name = "settings"

    def __init__(self):
        Menu.__init__(self, "SETTINGS")

    def items(self, app):
        settings = app.settings
        items = []
        for row in settings.ROWS:
            key, label, note = row[0], row[4], row[5]
            if label is None:
                continue
            value = getattr(settings, key)
            shown = ("on" if value else "off") if note == TOGGLE else str(value)
            if key.endswith("_s"):
                shown = "%d s" % value if value else "never"
            items.append(Item(label, shown, True, (lambda row: lambda app: _edit_setting(app, row))(row)))
        return items


def _edit_setting(app, row):
    settings = app.settings
    key, low, high, label, note = row[0], row[2], row[3], row[4], row[5]
    if note == TOGGLE:
        setattr(settings, key, 0 if getattr(settings, key) else 1)
        apply_setting(app, key)
        return

    def done(app, value):
        setattr(settings, key, value)
        apply_setting(app, key)
        app.pop()

    ask(app, "SETTING", label, low, high, done, value=getattr(settings, key),
        describe=lambda v: note)


def apply_setting(app, key):
    """Make a changed setting take effect now: the display's at once, a game default through
    the game in play's own (firmware.games.Kind.setting_changed: as logged, undoable actions)."""
    settings = app.settings
    if key == "contrast":
        app.display.set_contrast(settings.contrast)
    elif key == "flip":
        app.display.set_flip(bool(settings.flip))
    elif key == "sound" and app.buzzer:
        app.buzzer.enabled = bool(settings.sound)
    else:
        changed = kind_of(app.game).setting_changed
        if changed is not None:
            changed(app, key)
    app.settings_changed(in_parts=False)
