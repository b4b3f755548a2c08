"""What every screen shares: the Screen base class and a few helpers (the overlay screens'
drawing helpers, title bars and key hints, are in firmware.screens.widgets).

A screen draws itself on a framebuf (`draw(app, fb)`) and reacts to button events
(`on_button(app, name, event)`); the App keeps a stack of screens and redraws after each event.
Buttons everywhere: UP/DOWN move or change, OK chooses, LEFT goes back; holding LEFT undoes and
holding RIGHT redoes on every screen (see firmware.app). Menus and prompts are in
firmware.screens.widgets.
"""

from firmware.board.buttons import held_repeats, PRESS, REPEAT

WIDTH = 128
HEIGHT = 64


# ---- drawing helpers ------------------------------------------------------------------------

def wrap(text, columns):
    """Split text into lines of at most `columns` characters, at spaces where possible. A
    number is not left alone on the last line ("...a card for" / "2" is "...a card" / "for 2"):
    a lone short word there is easily missed, and it is often the number the message is for."""
    if 0 < len(text) <= columns and text[0] != " ":
        return [text]        # (one line as it is: a wrap took 0.6 ms on a Pico for three words)
    lines = []
    line = ""
    for word in text.split(" "):
        while len(word) > columns:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:columns])
            word = word[columns:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= columns:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if len(lines) > 1 and len(lines[-1]) < 3 and " " in lines[-2]:
        head, _, moved = lines[-2].rpartition(" ")
        if len(moved) + 1 + len(lines[-1]) <= columns:
            lines[-2:] = [head, moved + " " + lines[-1]]
    return lines


SLOW_REPEATS = 8     # a held key's first repeats (1.4 s) move a number by 1, the rest by 5


def step_of(event):
    """How far one event moves a number: 1 for a press, 5 for a long press; while the key is
    held on, 1 a repeat at first, then 5: the number speeds up where the player sees it and can
    let go (a 4 s hold gave the Runner 95 credits at once)."""
    if event == PRESS or event == REPEAT and held_repeats[0] <= SLOW_REPEATS:
        return 1
    return 5


def held_change(value, event, step, start, limit):
    """`value` moved by `step`, but within `limit` of `start` (the value when the hold began),
    for numbers a hold must not run away with (agenda points: one agenda's worth a hold)."""
    value += step
    if event != PRESS and limit is not None:
        value = max(start - limit, min(start + limit, value))
    return value


class Screen:
    """Base class. Subclasses override draw and on_button; `name` names it in tests and docs.

    A screen that draws in parts can also redraw only what changed: it overrides `update`, and
    for each part asks `part(fb, index, key, x, y, w, h)` whether that part must be drawn (its
    key, the values it shows, differs from the one drawn last; the area is then cleared). On a
    Pico, drawing text costs about 0.15 ms a character: redrawing a whole screen for every
    press is what made presses slow.
    """

    name = "screen"
    ends_game = False       # a screen that shows a game's end (a win): held LEFT undoes there
    toast_bottom = HEIGHT   # messages sit just above this row (see toast_box)
    # A question: its last row says what the keys do (widgets.hint), and what it asks is under
    # its title. A message goes over the title, a line at a time (App.page_lines), never over
    # the keys or the question (issue 60: "Hold OK to confirm" over "OK set", the time call
    # over the End-turn page's keys).
    key_line = False
    # The keys a click of the knob stands for (firmware.board.knob), clockwise and the other
    # way: on a number, up and down; a list's screens (menus, the log) take the next row.
    knob = ("UP", "DOWN")
    _keys = None
    cover_top = HEIGHT      # the rows of the message drawn over this screen (App sets them)
    cover_bottom = HEIGHT
    covered = False         # set when a part under the message was drawn (App redraws it)
    # Still reading: the screen put what it had on the glass first and wants its next picture
    # at once, with the rest (Previous games: the kept files).
    reading = False

    def draw(self, app, fb):
        """Draw the whole screen (the App has cleared fb)."""
        if self._keys is not None:
            self._keys = [None] * len(self._keys)
            self.update(app, fb)

    def update(self, app, fb):
        """Bring fb up to date from what this screen drew last (by default: draw it all)."""
        app.display.clear()      # (fb.fill(0), faster: Display.clear)
        self.draw(app, fb)
        self.covered = True

    def part(self, fb, index, key, x, y, w, h):
        """Whether part `index` must be drawn now (its area is then cleared)."""
        keys = self._keys
        if keys is not None:   # (a screen without parts always draws)
            if keys[index] == key:
                return False
            if y >= self.cover_top and y + h <= self.cover_bottom:
                keys[index] = None     # hidden by the message: drawn when it goes (touch)
                return False
            keys[index] = key
        if y + h > self.cover_top and y < self.cover_bottom:
            self.covered = True      # drawn over the message: the App draws it again
        fb.fill_rect(x, y, w, h, 0)
        return True

    def toast_box(self, app, lines):
        """Where a message of `lines` lines goes over this screen: (top, bottom, text_y). The
        box is white from row top to bottom - 1, with a black row above it; its text starts at
        text_y, 9 rows a line. By default: at the bottom of the screen; over the title of a
        question (`key_line`)."""
        if self.key_line:
            return 0, 9 * lines, 0
        top = self.toast_bottom - 9 * lines - 1
        return top, self.toast_bottom, top + 1

    def touch(self):
        """Make every part draw again at the next update (a message that covered some of them
        went away). Every part, not only those under the message: this happens when a message
        times out, seldom in answer to a press, and keeping each part's rows would cost heap
        for all of a screen's life."""
        keys = self._keys
        if keys is not None:
            for i in range(len(keys)):
                keys[i] = None

    def cancel(self):
        """Drop a change the player started but did not confirm; True if there was one (then
        holding LEFT does that instead of undoing the last action)."""
        return False

    def on_button(self, app, name, event):
        """React to a button event. LEFT goes back by default."""
        if name == "LEFT" and event == PRESS:
            app.pop()
