"""Touching the glass, where there is a touch screen to touch (the browser page's canvas; a Pico
has none): a tap becomes the keys a player would press, played through the firmware's own input,
so the page and the device run one program.

- A menu: a tap on a row lights it (UP/DOWN); a tap on the lit row chooses it (OK).
- The dashboard: a tap on a cell of the bar lights it (LEFT/RIGHT, the short way round); a tap
  on the lit cell is OK. A tap on Tags, Brain or Bad pub starts a number of 1 for it (UP, then
  LEFT/RIGHT round the ring to it); a tap there again, or on the ring, records it (OK).
- Anything else: no keys (a tap does nothing it would have to guess).

An overlay the browser loads on its first tap; the device never imports it.
"""

from firmware.screens.fonts import SMALL
from firmware.screens.ui import WIDTH, HEIGHT
from firmware.netrunner import dashboard as D

# The dashboard's counters a tap starts a number for: (x, y, width, height) on the glass, and
# the label of the ring's choice that records it. Where Dashboard.update draws them (its
# layout's names are const() there, so not readable from here on MicroPython;
# tests/test_ui_flows.py checks these against them).
TOKENS = ((49, 32, 20, 24, "Tag"),          # _LOW_DIVIDER_X + 2, ROW_Y[0], _TAGS_W
          (71, 32, 25, 24, "Brain"),        # _LOW_DIVIDER_X + 4 + _TAGS_W, ..., _BRAIN_W
          (0, 32, 46, 12, "Bad pub"))       # 0, MID_Y[0], _LOW_DIVIDER_X - 1


def keys_for(app, x, y):
    """The keys a tap at (x, y) on the glass stands for, as a list of key names."""
    if app.settings.flip:                          # the panel draws turned: so are its pixels
        x, y = WIDTH - 1 - x, HEIGHT - 1 - y
    screen = app.screen
    if isinstance(screen, D.Dashboard):
        return _dashboard(app, screen, x, y)
    cursor = getattr(screen, "cursor", None)
    if hasattr(screen, "items") and hasattr(screen, "ROW_HEIGHT") and cursor is not None:
        row = (y - 10) // screen.ROW_HEIGHT
        if y < 10 or row >= screen.ROWS:
            return []
        index = screen.top + row
        if index >= len(screen.items(app)):
            return []
        if index == cursor:
            return ["OK"]
        return ["DOWN" if index > cursor else "UP"] * abs(index - cursor)
    return []


def _dashboard(app, home, x, y):
    s = app.game.state
    home._follow_state(s)                          # (the cursor as the next key will find it)
    pending = home.pending
    for left, top, width, height, label in TOKENS:
        if left <= x < left + width and top <= y < top + height:
            if pending and pending.choice(s)[0] == label:
                return ["OK"]
            if pending:
                return []                          # another number waits: OK or LEFT first
            from firmware.netrunner.purposes import ring
            labels = [choice[0] for choice in ring(s, True, 1, not app.game.count)]
            if label not in labels:
                return []
            steps = labels.index(label)
            if steps <= len(labels) // 2:
                return ["UP"] + ["RIGHT"] * steps
            return ["UP"] + ["LEFT"] * (len(labels) - steps)
    if y < D.BAR_Y:
        return []
    if pending:
        return ["OK"]                              # the ring: do what it says
    labels = home.bar(s)
    spare = WIDTH
    for label in labels:
        spare -= SMALL.measure(label)
    right = 0                                      # the cells as Dashboard._draw_bar lays them
    for i in range(len(labels)):
        right += SMALL.measure(labels[i]) + spare // len(labels) + (1 if i < spare % len(labels) else 0)
        if x < right:
            break
    if i == home.cursor:
        return ["OK"]
    steps = (i - home.cursor) % len(labels)
    if steps <= len(labels) // 2:
        return ["RIGHT"] * steps
    return ["LEFT"] * (len(labels) - steps)

