"""Touching the glass, where there is a touch screen to touch (the browser page's canvas; a Pico
has none): a tap becomes the keys a player would press, played through the firmware's own input,
so the page and the device run one program.

- A menu: a tap on a row lights it (UP/DOWN); a tap on the lit row chooses it (OK).
- The dashboard: a tap on a cell of the bar lights it (LEFT/RIGHT, the short way round); a tap
  on the lit cell is OK. A tap on Tags, Brain or Bad pub starts a number of 1 for it (UP, then
  LEFT/RIGHT round the ring to it); a tap there again, or on the ring, records it (OK). A tap on
  a side's large numbers is a credit that side spends: DOWN, then round the ring to that side's
  first choice; for the Corp, Rez wherever the ring has it (in a run and in its own turn alike:
  three taps on its credits and one on the ring rez a card for 3, and no tap on credits takes a
  click, as the ring's Install would); the ring's sentence says what, before the tap on the
  ring does it.
- Anything else: no keys (a tap does nothing it would have to guess).

The browser's page imports it; the device, with no touch screen, does not.
"""

from firmware.screens.fonts import BIG
from firmware.screens.ui import WIDTH, HEIGHT
from firmware.netrunner import dashboard as D
from firmware.netrunner.purposes import ring
from firmware.netrunner.purposes import pending_for
from engine_lite.netrunner.state import CORP
from engine_lite.netrunner import actions as A


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
    home._follow_state(s, app.game)                # (the cursor as the next key will find it)
    pending = home.pending
    for place in D.PLACES:              # the counters, where the dashboard draws them
        left, top, width, height, label = place[5:]
        if label and left <= x < left + width and top <= y < top + height:
            if pending and pending.choice(s)[0] == label:
                return ["OK"]
            if pending:
                return []                          # another number waits: OK or LEFT first
            labels = [choice[0] for choice in ring(s, True, 1, not app.game.count)]
            if label not in labels:
                return []
            return ["UP"] + _round(labels.index(label), 0, len(labels))
    if D.BIG_Y <= y < D.BIG_Y + BIG.height:
        side = 0 if x < D.COLUMN_X[1] else 1
        return _spend(app, s, pending, side)
    if y < D.BAR_Y:
        return []
    if pending:
        return ["OK"]                              # the ring: do what it says
    labels = home.bar(s)
    cells = D.bar_cells(labels)        # (where the dashboard draws them)
    i = len(labels) - 1
    while i > 0 and x < cells[2 * i]:
        i -= 1
    if i == home.cursor:
        return ["OK"]
    return _round(i, home.cursor, len(labels))


def _round(target, current, count):
    """LEFT or RIGHT presses from `current` to `target` on a ring of `count` (the bar, the
    ring of purposes: both wrap round), the short way."""
    steps = (target - current) % count
    if steps <= count // 2:
        return ["RIGHT"] * steps
    return ["LEFT"] * (count - steps)


def _spend(app, s, pending, side):
    """A tap on a side's large numbers: one credit more for that side to spend (DOWN), the ring
    then turned the short way to the Corp's Rez (a tap on the Corp's credits; issue 62: in its
    own turn it went to Install, which takes a click as well) or else to the nearest choice
    that is that side's."""
    if pending and pending.delta > 0:
        return []                                  # a number up waits: OK or LEFT first
    after = pending_for(app.game)                  # the number as the DOWN will leave it
    if pending:
        after.delta, after.index = pending.delta, pending.index
    after.change(s, -1)
    start = after.index
    choices = after.choices(s)
    count = len(choices)
    if side == CORP:
        for i in range(count):
            if choices[i][2] == A.REZ:
                return ["DOWN"] + _round(i, start, count)
    for distance in range(count // 2 + 1):
        for step, key in ((distance, "RIGHT"), (-distance, "LEFT")):
            after.index = (start + step) % count
            if after.choice(s)[1] == side:
                return ["DOWN"] + [key] * distance
    return ["DOWN"]
