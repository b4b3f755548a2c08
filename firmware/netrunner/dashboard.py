"""The dashboard: everything a player glances at, and the most common actions without leaving it.

Each side keeps its place, whoever's turn it is (the Corp at left, the Runner at right), so both
players read their own numbers from their seat and a turn's end changes little on the glass:

    +---------------------------------------------+
    | CORP  | | |        | RUNNER                  |  whose turn (underlined), clicks as pips
    | 12            2    |    1              7     |  credits (outside), agenda points (centre)
    | credits        points            credits     |  or what a number or the lit cell is for,
    | Bad pub  1  | Tags  Brain  Link 0            |  where a run is...
    |             |  1     0                       |  tags and brain damage in large digits,
    | Hand     5  |  1     0     Hand 5            |  for the Corp to read across the table;
    | Draw  +1cr  Adv  Acts  End  More             |  the others in 12-pixel digits; the bar
    +---------------------------------------------+

Keys:
    LEFT / RIGHT   move along the action bar         OK       do the highlighted action
    UP / DOWN      start a number (held: 5 at a time), then LEFT/RIGHT choose what it is for
                   and OK does it (the row under the large numbers says it in words first,
                   naming whose credits): DOWN DOWN OK installs for 2 in one's own turn, UP RIGHT
                   RIGHT OK gives a tag (firmware.netrunner.purposes). On Run, Steal, Trace and
                   Adv they change that cell's number instead: the server, the points, the base,
                   the remote whose card is advanced.
    hold OK        on End: end the turn (a tap on End only says so: no rhythm of OK presses
                   ends a turn, nor a rhythm of holds: _held_momentum); on +1cr: install a
                   card for 0; on Adv, Run, Access, Fail, Acts and More what their words say
                   (firmware.netrunner.bar); anywhere else it does nothing
    hold LEFT      undo (a pending number is dropped first)   hold RIGHT   redo

The bar: Draw, +1cr (click for a credit: the cursor starts here), Adv (Corp: UP/DOWN choose the
remote, OK advances its card and counts it) or Run (Runner: UP/DOWN choose where, OK runs), Acts (every action with its cost), End (end the turn),
More (trace, damage, counters, log, settings...); moved to, a cell says what it does in words
in the captions' row ("Advance: click + credit"). When the last click is spent, the bar jumps to
End, which ends the turn with a held OK. During a run: Access (the run succeeded), Rez (the Corp's,
UP/DOWN: its cost), Fail (held: jack out), More, Trace (UP/DOWN: base).
While accessing: Done (or Next, with more cards to access), Steal (UP/DOWN: points; where the
access starts on a remote with advancement counters), More,
+1 card; a DOWN number is a trash cost first. The run ends when the last card is done.
"""

from engine_lite.netrunner.state import (
    CORP, RUNNER, SIDE_NAMES, server_name, const,
)
from engine_lite.netrunner import actions as A
from firmware.screens.fonts import SMALL, MID, BIG, fitting
from firmware.board.buttons import PRESS, LONG, REPEAT
from firmware.screens.ui import Screen, WIDTH, HEIGHT, step_of, held_change
from firmware.netrunner import purposes
from firmware.netrunner.bar import (
    CORP_BAR, RUNNER_BAR, RUN_BAR, ACCESS_BAR, ACCESS_MORE_BAR, HOME, ACTIVE, NUMBER, cell,
    access_start,
)
from firmware.netrunner.pages import WinScreen
from firmware.tournament.roundclock import corner_text

SIDES = ("CORP", "RUNNER")

# engine_lite.netrunner.state's numbers the tables below need, as this module's constants: an imported
# name would build the tables on the heap at boot, a row of constants stays in flash with the
# image, out of every collection's way (make bench, "a full GC at the peak"; tests/
# test_dashboard_data.py holds them to engine_lite.netrunner.state's).
_CORP = const(0)                # CORP
_RUNNER = const(1)              # RUNNER
# Where each side's column starts, and its width, with a divider between them: the Runner has
# more counters to show.
COLUMN_X = (0, 55)
COLUMN_W = (51, 73)
_DIVIDER_X = const(52)
BIG_Y = const(8)                # the large numbers (credits, points) from here; rows on 8-pixel page
                                # boundaries: a changed row repaints one page
_CAPTION_Y = const(24)
_LOW_Y = const(32)              # where the counters under the large numbers start (PLACES)
BAR_Y = 56
# Under the large numbers the columns meet further left: the Corp has two counters to show, the
# Runner four, tags and brain damage in large digits under their names, link and hand size after.
_LOW_DIVIDER_X = const(47)
_SMALL_X = const(97)            # where "Link 0" and "Hand 5" start
_MID = const(0)                 # a counter's name and its number in 12-pixel digits, in a row
_BIG = const(1)                 # its name over large digits, for the Corp to read across the table
_HAND = const(2)                # the Runner's hand: "H 4/5" with the grip followed (hand_counter)
_CLOCK = const(3)               # the Corp's hand, the round timer beside it (clock_counter)
# The counters under the large numbers, a row each, drawn by one loop (update) and found by a
# tap on the glass (firmware.netrunner.touch): name, short name (where the number is wide),
# whose, the field (its number as Player.shown gives it: hand_size_mod as the max hand size),
# how drawn, where (x, y, width, height), and the choice of the ring of purposes a tap on it
# starts a number for (firmware.netrunner.purposes; None: not there).
PLACES = (
    ("Bad pub", "BP", _CORP,   "bad_publicity", _MID,  0,  _LOW_Y,      _LOW_DIVIDER_X - 1, 12, "Bad pub"),
    ("Hand",    "H",  _CORP,   "hand_size_mod", _CLOCK, 0, _LOW_Y + 12, _LOW_DIVIDER_X - 1, 12, None),
    ("Tags",    "",   _RUNNER, "tags",          _BIG,  _LOW_DIVIDER_X + 2,  _LOW_Y, 20, 24, "Tag"),
    ("Brain",   "",   _RUNNER, "brain_damage",  _BIG,  _LOW_DIVIDER_X + 24, _LOW_Y, 25, 24, "Brain"),
    ("Link",    "L",  _RUNNER, "link",          _MID,  _SMALL_X, _LOW_Y,      31, 12, None),
    ("Hand",    "H",  _RUNNER, "hand_size_mod", _HAND, _SMALL_X, _LOW_Y + 12, 31, 12, None),
)     # (31: the glass's 128 less _SMALL_X)
_POINTS_GAP = const(5)          # agenda points keep this far from the divider: "3 | 2", not "32"
# The dashboard's parts (Screen.part): each is drawn again only when what it shows changed.
_HEADER = const(0)              # + side: a side's name and clicks
_NUMBERS = const(2)             # + side: its credits and agenda points
_DIVIDER = const(4)
_CAPTIONS = const(5)            # the row under the large numbers
_LOW_DIVIDER = const(6)
_PLACE = const(7)               # + the row of PLACES
_BOTTOM = const(13)             # (_PLACE + 6 places) the action bar, or a pending number's ring
BAR_PART = const(14)            # parts 14.. are the bar's cells
# A click pip: _PIP_W x _PIP_H pixels (the header's height: issue 24's 8 px for the other
# seat), every _PIP_W + 2; the Corp's header has room for 4 beside its name, the Runner's 6.
_PIP_W = const(4)
_PIP_H = const(8)


# Each bar's cells (bar_cells), worked out once per bar: the bars are the tuples above.
_cells = {}


def bar_cells(labels):
    """Where the cells of a bar are: bytes x0, width0, x1, width1... Each cell is as wide as its
    label, the spare pixels shared out as gaps (firmware.netrunner.touch finds a tap's cell
    here)."""
    cells = _cells.get(id(labels))
    if cells is None:
        spare = WIDTH
        for label in labels:
            spare -= SMALL.measure(label)
        count = len(labels)
        cells = bytearray(2 * count)
        x = 0
        for i in range(count):
            width = SMALL.measure(labels[i]) + spare // count + (1 if i < spare % count else 0)
            cells[2 * i] = x
            cells[2 * i + 1] = width
            x += width
        cells = _cells[id(labels)] = bytes(cells)
    return cells


def mid_counter(fb, name, short, n, x, y, width):
    """A counter the other seat reads, in one 12-pixel row from y: its name in small text at
    the left, the number in 12-pixel digits at the right ("Hand 5"); the short name when the
    number is wide, small digits past that (at the limits)."""
    text = str(n)
    digits = MID.measure(text)
    font = MID
    label = name
    if SMALL.measure(name) + 2 + digits > width:
        label = short
        if SMALL.measure(short) + 2 + digits > width:
            font = SMALL
    SMALL.draw(fb, label, x, y + 3)
    font.draw(fb, text, x + width - font.measure(text), y + (12 - font.height) // 2)


def clock_counter(fb, clock, name, short, n, x, y, width):
    """The Corp's hand size ("Hand 5"), and while there is a round timer or a time call, its
    words (`clock`: "42m", "30s", "+1", "LAST") at the right of the row in the same 12-pixel
    glyphs, read from across the table (issue 61: 6 pixels in the header's corner before); the
    hand size then in small text at its left, "H5", while it fits (in large digits too the two
    read as one number: "5 65m"). Where it does not ("LAST"), the clock alone: the hand size is
    what the status line names when it matters (Dashboard.status: "Corp: discard to 5")."""
    if clock is None:
        mid_counter(fb, name, short, n, x, y, width)
        return
    words = MID.measure(clock)
    MID.draw(fb, clock, x + width - words, y)
    hand = short + str(n)
    if SMALL.measure(hand) + 6 <= width - words:
        SMALL.draw(fb, hand, x, y + 3)


def hand_counter(fb, grip, limit, x, y, width):
    """The Runner's hand: "Hand 5" (the maximum hand size), or with the grip followed, "H 4/5"
    (4 cards in the grip of 5 at most), both numbers in 12-pixel digits while they fit (issue
    35: the count a flatline is judged by is on the glass); at absurd counts, the grip alone."""
    if grip < 0:
        mid_counter(fb, "Hand", "H", limit, x, y, width)
        return
    have, most = str(grip), str(limit)
    label = SMALL.measure("H") + 2
    for font, lead in ((MID, label), (SMALL, label), (SMALL, 0)):
        if lead + font.measure(have) + 6 + font.measure(most) <= width:
            break
    else:
        mid_counter(fb, "Grip", "G", grip, x, y, width)
        return
    top = y + (12 - font.height) // 2
    right = x + width - font.measure(most)
    font.draw(fb, most, right, top)
    fb.line(right - 5, top + font.height - 2, right - 2, top + 1, 1)     # the slash
    font.draw(fb, have, right - 6 - font.measure(have), top)
    if lead:
        SMALL.draw(fb, "H", x, y + 3)


def big_counter(fb, name, n, x, y, width):
    """A counter the other seat reads: its name in small text from y, the number in large
    digits under it (small, centred, if it does not fit: 10 tags and more)."""
    SMALL.draw(fb, name, x + (width - SMALL.measure(name)) // 2, y)
    text = str(n)
    font = BIG if BIG.measure(text) <= width else SMALL
    font.draw(fb, text, x + (width - font.measure(text)) // 2, y + 8 + (16 - font.height) // 2)


class Dashboard(Screen):
    """The home screen, always at the bottom of the App's stack."""

    name = "dashboard"
    END_PAUSE_MS = 800     # after OK spent the last click, End waits for this pause
    HELD_END_PAUSE_MS = 1200   # after a held OK spent it, a hold on End begins this much later
    # A hold is taken at its key's first repeat (App._hold): the buttons' long_ms + repeat_ms,
    # as tests/test_ui_dashboard.py holds it (a name imported for it took the .mpy deploy's
    # heap past the 1,148 bytes in one piece its saves need: README, "The .mpy deploy")
    HOLD_MS = 780

    def __init__(self):
        self.cursor = HOME
        self._bar_mode = None      # (side, run stage, clicks left): the cursor resets when it changes
        self.pending = None        # a number waiting for what it is for (firmware.netrunner.purposes)
        self.value = 0             # the number of the lit number cell (Run, Steal, Trace, Adv)
        self.last_remote = 0       # the remote Adv last advanced: where it starts next time
        self._held_from = 0        # ... when the key held on it went down (CELLS: number)
        self._value_cell = None    # ... and which cell it belongs to
        self.to_access = 1         # cards left to access in this run, this one included
        self.moved = False         # the last key moved the cursor: the captions' row says the cell
        # Parts of the dashboard, each redrawn only when what it shows changes (Screen.part).
        self._keys = [None] * (BAR_PART + len(CORP_BAR))
        self._bar_drawn = None     # the bar's labels whose cells the keys describe
        self._ok_at = 0            # when an OK spent the last click or began access (0: not)
        self._held_at = 0          # when a held OK spent the last click (0: not)

    def toast_box(self, app, lines):
        """A one-line message takes the captions' row for a moment (one page to repaint); a
        longer one covers the counters too. Never the bar, never half a row of text, and never
        what the captions' row says a key will do (a pending number, Run, Steal, Adv or Trace
        lit, a run: the message goes under it; issue 35: a run went to Archives unseen)."""
        self._follow_state(app.game.state, app.game)   # (the cursor as update will find it)
        if self.pending or self.status(app.game.state):
            return _LOW_Y + 1, _LOW_Y + 9 * lines - 1, _LOW_Y
        if lines == 1:
            return _CAPTION_Y + 1, _CAPTION_Y + 8, _CAPTION_Y
        return _CAPTION_Y + 1, BAR_Y, _CAPTION_Y + 7

    def touch(self):
        """A message went or moved: only the parts under the rows it covered (still in
        cover_top and cover_bottom) are drawn again. On the dashboard messages stay between the
        large numbers and the bar, so the headers, the numbers and the bar are never among them:
        a message that moves when a number is started costs a press little."""
        keys = self._keys
        if self.cover_top < _LOW_Y:
            keys[_CAPTIONS] = None
        if self.cover_bottom > _LOW_Y:
            for i in range(_LOW_DIVIDER, _BOTTOM):     # the counters under it, and their divider
                keys[i] = None

    # ---- the bar ------------------------------------------------------------------------------

    def bar(self, s):
        """The action bar's labels for this state."""
        if s.run_access:
            return ACCESS_MORE_BAR if self.to_access > 1 else ACCESS_BAR
        if s.in_run():
            return RUN_BAR
        return RUNNER_BAR if s.active == RUNNER else CORP_BAR

    def back_home(self):
        """Back from a menu: the cursor where the state puts it (+1cr; End with no clicks
        left; the run's first cell), not where the player had moved it before the menu."""
        self._bar_mode = None

    def lit(self, s):
        """The label of the bar's lit cell."""
        return self.bar(s)[self.cursor]

    def _follow_state(self, s, game):
        """Put the cursor where the player most likely wants it after the game changed (and a
        number cell's number: `game`'s last action says where Adv starts)."""
        clicks_left = s.player(s.active).clicks > 0
        mode = (s.active, s.in_run() + s.run_access, clicks_left)
        if mode != self._bar_mode:
            if not s.run_access:
                self.to_access = 1
            self._bar_mode = mode
            self.moved = False
            if s.in_run():
                self.cursor = access_start(s) if s.run_access else 0
            else:
                self.cursor = HOME if clicks_left else self.bar(s).index("End")
        label = self.lit(s)
        if label != self._value_cell:      # a number cell starts at its likeliest number
            self._value_cell = label
            number = cell(label)[2]
            if number:
                start = number[0]
                self.value = start if isinstance(start, int) else start(self, s, game)

    def open_end(self, app):
        """The game is over: the win screen (App keeps it in the stack while it is)."""
        app.push(WinScreen())

    def cancel(self):
        if self.pending is None:
            return False
        self.drop()
        return True

    def drop(self):
        """Let the pending number go."""
        self.pending = None

    # ---- drawing ------------------------------------------------------------------------------

    def update(self, app, fb):
        s = app.game.state
        self._follow_state(s, app.game)
        part = self.part
        # (each part's key is compared here before part() is called: a call costs about 90 us
        # on a Pico, and a tap changes one or two of the fifteen parts; make bench: press to
        # photon)
        keys = self._keys
        # The round timer or the time call's turns, in the Corp's hand-size row (clock_counter).
        corner = None
        if app.round_clock or app.settings.clock_s >= 0 or s.final_turns > 0:
            corner = corner_text(app, s)
        for side in (CORP, RUNNER):
            me = s.player(side)
            x = COLUMN_X[side]
            # The header: the side's name, lit while it is that side's turn, with its clicks.
            active = side == s.active
            width = COLUMN_W[side]
            key = (active, me.clicks, me.clicks_per_turn)
            if keys[_HEADER + side] != key and part(fb, _HEADER + side, key, x, 0, width, 8):
                self._draw_header(fb, side, me, x, active)
            # Credits at the outside edge, agenda points beside the divider (a score).
            key = (me.credits, me.agenda_points)
            if keys[_NUMBERS + side] != key and part(fb, _NUMBERS + side, key, x, BIG_Y, width, 16):
                self._draw_numbers(fb, side, me, x, width)
        if keys[_DIVIDER] is None and part(fb, _DIVIDER, True, _DIVIDER_X + 1, 0, 1, _CAPTION_Y):
            fb.vline(_DIVIDER_X + 1, 0, _CAPTION_Y, 1)
        # The captions' row: a pending number's sentence, a lit number cell's number, what the
        # lit cell does (once the player moved to it), where a run is, or once the last click is
        # spent, what is left to do; else the captions of the large numbers.
        # The tokens on cards (the token column of engine_lite.netrunner.state's tables: virus counters...) take the captions' place
        # while any is not 0, each side's under its column: "power 1     virus 3 power 2".
        text = self.status(s) or ""      # ("": the captions; a part's key None means undrawn)
        tokens = None
        if not text:
            for side in (CORP, RUNNER):
                player = s.player(side)
                for row in player.ROWS:
                    n = row[7] and getattr(player, row[0])
                    if n:
                        tokens = tokens or [[], []]
                        tokens[side].append((row[7], n))
        key = (tuple(tokens[0]), tuple(tokens[1])) if tokens else text
        if keys[_CAPTIONS] != key and part(fb, _CAPTIONS, key, 0, _CAPTION_Y, WIDTH, 8):
            if text:
                SMALL.draw(fb, text, (WIDTH - SMALL.measure(text)) // 2, _CAPTION_Y)
            elif tokens:
                for short in (False, True):     # "virus 3", or where that is too wide "V3"
                    said = [" ".join(("%s%d" % (t[0].upper(), n)) if short else "%s %d" % (t, n)
                                     for t, n in told) for told in tokens]
                    if SMALL.measure(said[0]) + SMALL.measure(said[1]) + 6 <= WIDTH:
                        break
                SMALL.draw(fb, said[0], 0, _CAPTION_Y)
                SMALL.draw(fb, said[1], WIDTH - SMALL.measure(said[1]), _CAPTION_Y)
            else:
                SMALL.draw(fb, "credits", 0, _CAPTION_Y)
                SMALL.draw(fb, "points", _DIVIDER_X + 1 - SMALL.measure("points") // 2, _CAPTION_Y)
                SMALL.draw(fb, "credits", WIDTH - SMALL.measure("credits"), _CAPTION_Y)
        # The counters: the Corp's at left; the Runner's at right, tags and brain damage in
        # large digits under their names (the Corp reads them from across the table).
        if keys[_LOW_DIVIDER] is None and part(fb, _LOW_DIVIDER, True, _LOW_DIVIDER_X, _LOW_Y, 1,
                                               24):
            fb.vline(_LOW_DIVIDER_X, _LOW_Y, 24, 1)
        for i in range(len(PLACES)):
            name, short, side, field, how, x, y, width, height, choice = PLACES[i]
            me = s.player(side)
            n = me.shown(field)
            key = (n, me.grip) if how == _HAND else (n, corner) if how == _CLOCK else n
            if keys[_PLACE + i] != key and part(fb, _PLACE + i, key, x, y, width, height):
                if how == _MID:
                    mid_counter(fb, name, short, n, x, y, width)
                elif how == _CLOCK:
                    clock_counter(fb, corner, name, short, n, x, y, width)
                elif how == _BIG:
                    big_counter(fb, name, n, x, y, width)
                else:
                    hand_counter(fb, me.grip, n, x, y, width)
        # At the bottom: the ring of what a pending number is for, or the action bar.
        pending = self.pending
        if pending:
            c = pending.choice(s)
            bottom = (pending.delta, c[0], c[1], s.run_access)
        else:
            bottom = 0      # (not None: a part's key None means "not drawn")
        if keys[_BOTTOM] != bottom and part(fb, _BOTTOM, bottom, 0, BAR_Y, WIDTH, HEIGHT - BAR_Y):
            if pending:
                pending.draw_ring(s, fb, BAR_Y)
            else:
                for i in range(BAR_PART, len(self._keys)):
                    self._keys[i] = None     # the bar is back: all its cells are drawn
        if not pending:
            self._draw_bar(s, fb)

    def status(self, s):
        """What the row under the large numbers says instead of their captions: what a pending
        number is for, a lit number cell's number, what the lit cell does once the player moved
        to it (the bar's short words in full), where the run is, or once the last click is
        spent, what is left to do (None: the captions)."""
        if self.pending:
            return self.pending.sentence(s)
        words, number = cell(self.lit(s))[1:3]
        if number:
            return words % self.value if isinstance(words, str) else words(self.value, s)
        if self.moved:
            return words if isinstance(words, str) else words(self.value, s)
        if s.in_run():
            where = server_name(s.run_server)
            n = self.to_access
            head = ("Access %s: %d card%s" % (where, n, "s" if n > 1 else "") if s.run_access
                    else "Run on " + where)
            bp = s.run_bp_credits
            if bp:
                return fitting((head + ", %d bad pub cr" % bp, head + ", BP %d" % bp, head, where))
            if not s.run_access and self.lit(s) == "Access":
                # what a held OK on Access does (bar.py's _hold_access), where it fits
                return fitting((head + ", hold OK: none", head + ", hold: none", head, where))
            return fitting((head, where))
        me = s.player(s.active)
        if not me.clicks:
            most = me.max_hand_size()
            return fitting(("%s: discard to %d, hold End" % (SIDE_NAMES[s.active], most),
                            "Discard to %d, hold End" % most, "Discard to %d" % most))
        return None

    def _draw_header(self, fb, side, me, x, active):
        name = SIDES[side]
        if not active:
            SMALL.draw(fb, name, x + 1, 0)
            return
        # Whose turn it is: the name underlined (as the bar's cursor), with its clicks. Not
        # inverse: dark 1-pixel strokes drown in a lit background (issue 24).
        end = SMALL.draw(fb, name, x + 1, 0)
        fb.hline(x, 7, end - x, 1)
        # Clicks: a filled pip for each one left, an empty one for each spent, while they fit;
        # else the number.
        pips = max(me.clicks_per_turn, me.clicks)
        width = COLUMN_W[side]
        room = x + width - end - 2
        if pips * (_PIP_W + 2) <= room:
            left = x + width - pips * (_PIP_W + 2)
            for i in range(pips):
                if i < me.clicks:
                    fb.fill_rect(left + i * (_PIP_W + 2), 0, _PIP_W, _PIP_H, 1)
                else:
                    fb.rect(left + i * (_PIP_W + 2), 0, _PIP_W, _PIP_H, 1)
        else:
            text = "%d" % me.clicks
            SMALL.draw(fb, text, x + width - 2 - SMALL.measure(text), 0)

    def _draw_numbers(self, fb, side, me, x, width):
        # Agenda points in large digits too, unless both numbers are so large that they would
        # not fit (then small: credits are what a player reads every turn).
        credits = str(me.credits)
        points = str(me.agenda_points)
        room = width - _POINTS_GAP - 4
        big, font = BIG, BIG
        if BIG.measure(credits) + BIG.measure(points) > room:
            font = SMALL
            if BIG.measure(credits) + SMALL.measure(points) > room:
                big = SMALL
        if side == CORP:
            big.draw(fb, credits, x, BIG_Y)
            font.draw(fb, points, x + width - _POINTS_GAP - font.measure(points), BIG_Y)
        else:
            font.draw(fb, points, x + _POINTS_GAP, BIG_Y)
            big.draw(fb, credits, x + width - big.measure(credits), BIG_Y)

    def _draw_bar(self, s, fb):
        # Each cell is a part of its own, its key its place and whether it is lit: moving the
        # cursor redraws two cells, not six, and a tap that moves nothing draws none (make
        # bench: press to photon; the bar laid out again at each tap cost about 2 ms of it).
        labels = self.bar(s)
        cells = bar_cells(labels)
        keys = self._keys
        drawn = self._bar_drawn
        if labels is not drawn:
            # Another bar. With as many cells, a cell with the same label in the same place
            # is already on the glass (the Corp's bar and the Runner's differ in one cell: a
            # turn's end redraws that one); with another number of cells, all are drawn anew.
            old = bar_cells(drawn) if drawn is not None and len(drawn) == len(labels) else None
            for i in range(len(labels)):
                j = 2 * i
                if (old is None or drawn is None or drawn[i] != labels[i] or old[j] != cells[j]
                        or old[j + 1] != cells[j + 1]):
                    keys[BAR_PART + i] = None
            self._bar_drawn = labels
        cursor = self.cursor
        for i in range(len(labels)):
            x = cells[2 * i]
            width = cells[2 * i + 1]
            lit = i == cursor
            key = x << 9 | width << 1 | lit
            if keys[BAR_PART + i] != key and self.part(fb, BAR_PART + i, key, x, BAR_Y, width, 8):
                if lit:
                    # Underlined, not inverse: dark 1-pixel strokes drown in a lit OLED
                    # background, lit ones on dark stay readable (issue 24).
                    fb.hline(x, BAR_Y + 7, width, 1)
                label = labels[i]
                SMALL.draw(fb, label, x + (width - SMALL.measure(label)) // 2, BAR_Y)

    # ---- keys ---------------------------------------------------------------------------------

    def on_button(self, app, name, event):
        s = app.game.state
        self._follow_state(s, app.game)
        if event == PRESS:
            self.moved = name in ("LEFT", "RIGHT") and not self.pending
        if name != "OK":
            self._ok_at = 0           # another key: whatever OK does next is meant
            self._held_at = 0
        elif event == PRESS and self._ok_at and self._momentum(app, s):
            return
        label = self.lit(s)
        if name == "OK" and event == PRESS:
            self._ok(app, s, label)
        elif self.pending:
            self.pending.key(app, self, s, name, event)
        elif name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            step = step_of(event) * (1 if name == "UP" else -1)
            number = cell(label)[2]
            if number:
                start, low, high, most, below = number
                if event == LONG:
                    self._held_from = self.value
                value = held_change(self.value, event, step, self._held_from, most)
                if value < low and below is not None and event == PRESS:
                    value = below(self, s, app.game)      # (a tap only: a hold stops at the end)
                self.value = max(low, min(high, value))
            else:
                game = app.game
                # (nothing on the board yet, undone actions or not: the ring offers the
                # Runner's link from the start; a game with a redo list is kept if replaced)
                pending = purposes.pending_for(game)
                # A press that opens the number is 1 until the key is held past its first
                # repeat (issue 60: a slow press of 650 ms, a long press, opened it at 5, and
                # the OK after a LEFT gave 5 meat damage); held on, it is 5 (Pending.key).
                pending.change(s, 1 if name == "UP" else -1)
                pending.opened_held = event == LONG
                self.pending = pending
                # The last message is done with: the captions' row now says what the number is
                # for (a message moved under it would cost the next press a redraw).
                app.toast = None
        elif name in ("LEFT", "RIGHT") and event == PRESS:
            self.cursor = (self.cursor + (1 if name == "RIGHT" else -1)) % len(self.bar(s))
        elif name == "OK" and event == LONG and not self.pending:
            held = cell(label)[4]
            if held:
                if label == "End" and self._held_momentum(app):
                    return
                clicks = s.player(s.active).clicks
                held(self, app, s)
                new = app.game.state
                if clicks and new.active == s.active and not new.player(s.active).clicks:
                    self._held_at = app.clock.ticks_ms() or 1
            else:
                # (a slightly long OK is an OK held too long: it does nothing rather than
                # something else)
                app.say("Hold OK on End ends the turn")

    def _ok(self, app, s, label):
        """OK: the pending number's choice, or the lit cell. When it spent the last click or
        began access, the bar jumps (to End, to Done) and the next OK must wait (_momentum)."""
        clicks = s.player(s.active).clicks
        if self.pending:
            self.pending.key(app, self, s, "OK", PRESS)
        else:
            self._choose(app, s, label)
        new = app.game.state
        if (clicks and new.active == s.active and not new.player(s.active).clicks
                or new.run_access and not s.run_access):
            self._ok_at = app.clock.ticks_ms() or 1

    def _momentum(self, app, s):
        """Whether this OK comes in a run of OK presses that spent the last click or began
        access: the bar jumped to End or to Done (to Steal on an advanced remote:
        access_start), but they wait for a pause (or another key first), so that pressing on
        cannot end a turn or a run, nor steal. Each such press restarts the pause."""
        clock = app.clock
        now = clock.ticks_ms()
        # (_ok_at is in the past: a difference below 0 is one read across the tick counter's
        # half-range, days ago; left on for a week, the OK on Done said "Pause" first)
        lit = self.lit(s)
        if (lit in ("Done", "Steal") and self._ok_at
                and 0 <= clock.ticks_diff(now, self._ok_at) < self.END_PAUSE_MS):
            self._ok_at = now or 1
            app.say("Pause, then OK ends run" if lit == "Done" else "Pause, then OK steals")
            return True
        self._ok_at = 0
        return False

    def _held_momentum(self, app):
        """Whether this held OK on End comes too soon after a held OK that spent the last
        click (three installs held, say: the bar jumped to End under the player's rhythm). A
        hold whose press began within HELD_END_PAUSE_MS of that waits, and says so, so that
        holding on in a rhythm cannot end the turn; each such hold restarts the pause."""
        at = self._held_at
        if not at:
            return False
        clock = app.clock
        now = clock.ticks_ms()
        # (measured from the hold's moment, its key's first repeat: the press began that much
        # before; a difference below 0 is one read across the tick counter's half-range)
        if 0 <= clock.ticks_diff(now, at) < self.HELD_END_PAUSE_MS + self.HOLD_MS:
            self._held_at = now or 1
            app.say("Pause, then hold End")
            return True
        self._held_at = 0
        return False

    def none_taken(self, app, said=None):
        """The run succeeds and ends with nothing taken, Access and Done in one: a held OK on
        Access, on Run (the run begun first) or on the Runner's payment in a run (paid first).
        `said`: what came first, kept in the message with the run's end."""
        if app.act(A.action(A.RUN_END, 0, A.RUN_ACCESS), quiet=True):
            self.to_access = 1
            self.accessed(app, said)

    def go_home(self):
        """The cursor goes home at the next picture (+1cr; End once no click is left), as
        after a run however it ended (a run begun and ended in one press left the bar it came
        back to unchanged: issue 35) and after an advance."""
        self._bar_mode = None

    def accessed(self, app, said=None):
        """One accessed card is done with (stolen, trashed or passed): the run ends after the
        last one. `said`: what the card's own action said ("Runner stole 2 points"), kept in
        the message with the run's end (issue 60: the end's words alone hid the steal). With
        cards left, the cursor goes back to Next: an OK meant as Next stole again."""
        s = app.game.state
        if not s.run_access or s.winner >= 0:
            return
        self.to_access -= 1
        if self.to_access < 1:
            app.act(A.action(A.RUN_END, 0, A.RUN_SUCCESS))     # "Run successful: over"
            if said and app.toast and app.toast != said:
                app.say(said + ". " + app.toast)
        else:
            self.cursor = 0

    def _choose(self, app, s, label):
        """OK on a bar cell: what its row of CELLS says it does."""
        does = cell(label)[3]
        if isinstance(does, tuple):         # one engine action
            verb, whom, argument, quiet = does
            app.act(A.action(verb, s.active if whom == ACTIVE else whom,
                             self.value if argument == NUMBER else argument), quiet=quiet)
        else:                               # one of the dashboard's own steps
            does(self, app, s)
