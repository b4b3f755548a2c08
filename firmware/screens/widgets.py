"""Menus, number prompts and confirmations: the screens stacked over the dashboard."""

from collections import namedtuple

from firmware.screens.fonts import SMALL, BIG, MID, MEDIUM
from firmware.board.buttons import PRESS, LONG, REPEAT
from firmware.screens.ui import held_change, Screen, WIDTH, HEIGHT, wrap, step_of


# ---- drawing helpers of the overlay screens ---------------------------------------------------

def title_bar(fb, left, right=""):
    """The screen's name at the top (and a note at right), ruled off from the rest. Lit text on
    dark with a line under it, not a lit bar: dark 1-pixel strokes drown in a lit background
    (issue 24)."""
    SMALL.draw(fb, left, 2, 1)
    if right:
        SMALL.draw(fb, right, WIDTH - 2 - SMALL.measure(right), 1)
    fb.hline(0, 9, WIDTH, 1)


def hint(fb, text):
    """A line of key help at the bottom of the screen."""
    SMALL.draw(fb, text, 0, HEIGHT - 8)


def centered(fb, font, text, y, color=1):
    """Draw text centred across the screen."""
    font.draw(fb, text, (WIDTH - font.measure(text)) // 2, y, color)


# ---- menu -----------------------------------------------------------------------------------

# A menu line: label, a short note at the right (a cost, a value), whether it is possible now
# (impossible ones are struck through but can still be chosen: the rules say why not), and what
# choosing it does: `choose(app)`. A named tuple, made in C: a menu makes its items at every draw
# and key, and a class's __init__ took about 0.1 ms an item on a Pico (make bench: press to
# photon, a menu opening).
Item = namedtuple("Item", ("label", "note", "possible", "choose"))


class Menu(Screen):
    """A scrolling list of Items under a title bar. UP/DOWN move (held: repeat), OK chooses."""

    name = "menu"
    ROWS = 5
    ROW_HEIGHT = 11
    NOTE_FONT = SMALL          # the notes at the right: MID for a menu whose numbers are its
    knob = ("DOWN", "UP")      # subject (12 px, in rows of 13: 4 rows); clockwise: the next row

    def __init__(self, title, items=None):
        self.title = title
        self._items = items or []
        self.cursor = 0
        self.top = 0

    def items(self, app):
        """The items; subclasses build them from the game state each time."""
        return self._items

    def header(self, app):
        """Text at the right of the title bar."""
        return ""

    def toast_box(self, app, lines):
        """At the bottom of the screen, unless the lit row is there: then under the title bar.
        A message never hides the row OK would choose (issue 35: "Two keys at once" covered
        an agent's lit Wound, and OK wounded)."""
        box = Screen.toast_box(self, app, lines)
        top = min(self.top, self.cursor)              # the rows draw will show (see below)
        top = max(top, self.cursor - self.ROWS + 1)
        lit = 10 + (self.cursor - top) * self.ROW_HEIGHT
        if lit + self.ROW_HEIGHT <= box[0] - 1:
            return box
        return 11, 11 + box[1] - box[0], 12

    def draw(self, app, fb):
        items = self.items(app)
        title_bar(fb, self.title, self.header(app))
        if self.cursor >= len(items):
            self.cursor = len(items) - 1
        if self.cursor < self.top:
            self.top = self.cursor
        if self.cursor >= self.top + self.ROWS:
            self.top = self.cursor - self.ROWS + 1
        for row in range(self.ROWS):
            index = self.top + row
            if index >= len(items):
                break
            item = items[index]
            y = 10 + row * self.ROW_HEIGHT
            note = self.NOTE_FONT
            if note is MID:
                note_y = y
                y += 1                  # (the label in the middle of a row of 13)
            else:
                note_y = y + 1
            if index == self.cursor:
                # A solid arrow marks the choice: moving it repaints a few columns, where a
                # highlighted row would repaint two whole rows (see README, "Display traffic").
                for i in range(4):
                    fb.vline(i, y + 1 + i, 9 - 2 * i, 1)
            MEDIUM.draw(fb, item.label, 6, y)      # (10 rows: the fifth ends at the bottom)
            if item.note:
                note.draw(fb, item.note, WIDTH - 5 - note.measure(item.note), note_y)
            if not item.possible:
                fb.hline(6, y + 4, MEDIUM.measure(item.label), 1)
        if len(items) > self.ROWS:  # scroll bar
            bar = max(4, (HEIGHT - 10) * self.ROWS // len(items))
            y = 10 + (HEIGHT - 10 - bar) * self.top // (len(items) - self.ROWS)
            fb.fill_rect(WIDTH - 2, y, 2, bar, 1)

    def on_button(self, app, name, event):
        items = self.items(app)
        if name in ("UP", "DOWN"):
            if event in (PRESS, LONG, REPEAT):
                delta = -1 if name == "UP" else 1
                self.cursor = (self.cursor + delta) % len(items)
        elif name == "OK" and event == PRESS:
            item = items[self.cursor]
            if item.choose:
                item.choose(app)
        else:
            Screen.on_button(self, app, name, event)


# ---- number prompt ---------------------------------------------------------------------------

class NumberPrompt(Screen):
    """Pick a number: UP/DOWN +-1 a press, +-5 held; OK calls `done(app, value)`; LEFT cancels.

    `describe(value)` gives a line of text under the number (what OK will do).
    """

    name = "number"

    # How far one hold may move the number (None: as far as the limits): see held_change.
    hold_limit = None

    def __init__(self, title, label, value, low, high, done, describe=None):
        self.title = title
        self.label = label
        self.value = value
        self.low = low
        self.high = high
        self.done = done
        self.describe = describe
        self._held_from = value

    def toast_box(self, app, lines):
        """A message goes at the bottom, over the keys' hint (and, for two lines, the line
        under the number). When that line says what OK does with the number, a two-line
        message goes over the title and the label instead: the line names the change itself
        (issue 35: a chord's "Two keys at once" hid "Ice: pays 3 + 1 = 4", and OK paid 4;
        without such a line the title and the label are what name it)."""
        if lines == 1 or not self.describe:
            return Screen.toast_box(self, app, lines)
        return 0, 21, 0             # (the label's last row is 20; the number starts at 24)

    def draw(self, app, fb):
        title_bar(fb, self.title)
        SMALL.draw(fb, self.label, 2, 13)
        text = str(self.value)
        BIG.draw(fb, text, (WIDTH - BIG.measure(text)) // 2, 24)
        if self.value > self.low:
            MEDIUM.draw(fb, "-", 20, 27)
        if self.value < self.high:
            MEDIUM.draw(fb, "+", WIDTH - 26, 27)
        if self.describe:
            centered(fb, SMALL, self.describe(self.value), 44)
        hint(fb, "^v change  OK set  < back")

    def on_button(self, app, name, event):
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            if event == LONG:
                self._held_from = self.value
            step = step_of(event)
            value = held_change(self.value, event, step if name == "UP" else -step,
                                self._held_from, self.hold_limit)
            self.value = max(self.low, min(self.high, value))
        elif name == "OK" and event == PRESS:
            self.done(app, self.value)
        else:
            Screen.on_button(self, app, name, event)


class Confirm(Screen):
    """A yes/no question: OK does it, LEFT does not. With `hold`, only a held OK does it (a tap
    says so): for what ends a game, which a run of OK presses must never reach by itself."""

    key_line = True        # (a message goes over its title: Screen.toast_box)

    name = "confirm"
    keys = None          # the bottom line, when the keys mean more than yes and no
    asks = True          # a message showing goes when it opens (App.push)

    def __init__(self, title, question, yes, hold=False):
        self.title = title
        self.question = question
        self.yes = yes
        self.hold = hold

    def draw(self, app, fb):
        title_bar(fb, self.title)
        y = 14
        for line in wrap(self.question, 21):
            MEDIUM.draw(fb, line, 2, y)
            y += 11
        hint(fb, self.keys or ("hold OK yes   < no" if self.hold else "OK yes      < no"))

    def on_button(self, app, name, event):
        if name == "OK" and event == (LONG if self.hold else PRESS):
            self.yes(app)
        elif name == "OK" and event == PRESS:
            app.say("Hold OK to confirm")
        else:
            Screen.on_button(self, app, name, event)


def act_then_home(app, act):
    """Do an action; back to the home screen if it was applied (else the reason shows, stay)."""
    if app.act(act):
        app.home()


def ask(app, title, label, low, high, done, value=None, describe=None):
    """Push a NumberPrompt; `done(app, value)` runs on OK."""
    app.push(NumberPrompt(title, label, low if value is None else value, low, high, done, describe))
