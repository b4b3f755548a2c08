"""The tracker: a game, a stack of screens, and the work of one pass of the main loop.

`App.tick(now)` polls the buttons, handles their events, looks after the display (dim, blank,
wake) and redraws when something changed. The main loop (firmware.main) calls it and sleeps
between calls; the simulator calls it with a manual clock.

Keys that work on every screen:
    hold LEFT   undo the last action (shows what was undone)
    hold RIGHT  redo it
    BACK        (optional button) back; held: undo
"""

import gc

from engine_lite.game import words
from engine_lite.netrunner import rules as netrunner_rules
from engine_lite.base import Refused
from firmware.board.buttons import DOWN, PRESS, LONG, REPEAT, SLOW
from firmware.games import kind_of, first_game
from firmware.history_steps import still_checking, undo_around
from firmware.saving import archive
from firmware.saving.resume import resumed
from firmware.screens.fonts import SMALL
from firmware.screens.ui import WIDTH, HEIGHT, wrap
from firmware.screens.widgets import Confirm
from firmware.settings import Settings
# The games: each registers its entry in firmware.games when imported (Netrunner first, the game
# when nothing says which).
from firmware.netrunner import game as _netrunner       # noqa: F401
from firmware.infiltration import game as _infiltration  # noqa: F401


# The keys whose hold means something else than their tap: the hold waits for the first repeat
# (App._hold). UP and DOWN are not here: held, they run a number on, from its long press.
_HELD_AT_REPEAT = ("OK", "LEFT", "RIGHT", "BACK")


class App:
    """Owns the game, the screens and the display's care."""

    # On the firmware image (the Device sets this) the garbage is collected while a key is
    # down (on_button); not on the .mpy deploy, where the code is on the heap too and a
    # collection takes as long as a quick tap.
    collect_on_press = False

    # The main loop's sleep while a button is down or settling. Most keys act when they come
    # up, so this and a pass of the loop with a key held (about 1 ms) are the wait from a
    # release to its handler: 0.2-3.5 ms, 1.7 on average, in the mixed script on the virtual
    # Pico (with a 2 ms sleep and a 1.6 ms pass: 0.3-5.6, 2.8 on average; make bench, press
    # to photon). Keys are down for moments, so the busier loop costs no battery to speak of.
    POLL_MS = 1
    IDLE_POLL_MS = 20       # ... and while all are up: a press is seen within 20 ms
    TOAST_MS = 2500         # how long a message stays at the bottom of the screen
    PENDING_MS = 10000      # a number picked with UP/DOWN and left alone this long is dropped
    DISPLAY_RETRY_MS = 1000  # how often an OLED that stopped answering is tried again
    IDLE_CAP_MS = 40000000  # idle time beyond every timeout (the longest is 36,000 s)

    def __init__(self, display, pad, clock, settings=None, game=None, buzzer=None,
                 random=None):
        self.display = display
        self.fb = display.fb
        self.pad = pad
        self.clock = clock
        self.buzzer = buzzer
        self.settings = settings or Settings()
        self.game = game or first_game(self.settings)
        self.screens = []
        self.toast = None
        self._toast_until = 0
        now = clock.ticks_ms()
        self.last_input = now
        self.dimmed = False
        self.blanked = False
        self.dirty = True
        self.changes = 0     # bumped after every change of the game (saving watches it)
        self.settings_version = 0
        self._display_retry_at = None   # while the OLED does not answer: when to try again
        self._drawn = None       # the screen drawn last (render: whole or only what changed)
        self._drawn_toast = None  # the message drawn last, and the rows it covered
        self._drawn_page = 0      # ... which two of its lines, when it has more
        self._page_at = None      # when the next two lines of a long message are due
        self._drawn_rows = (HEIGHT, HEIGHT)
        self.full_redraw = False  # set to draw the whole screen at the next render
        # The home screen's last picture while another screen is on top (render), and the rows
        # of the message drawn over it then: (screen, rows), its frame in _kept_frame.
        self._kept = None
        self._kept_frame = None
        self._wrapped = None      # (message, its lines): _lines
        self.random = random     # a byte from the board's random source (firmware.board.hw)
        self.round_clock = None  # the tournament timer, once set (firmware.tournament.roundclock)
        self.endings = []        # games another replaced, not yet in the archive (keep_endings)
        self.restored = None     # the archive copy of a game that came back (after_commit)
        # (checksum, game): a kept copy of the game resumed at power-up, to go at the first
        # commit while that game is in play (firmware.main.Device; after_commit)
        self.copy_left = None
        self.back = None         # ... and that game (its copy goes only while it is in play)
        self.saver = None        # what writes the game (firmware.saving.storage.Saver; settle)
        self.flash = None        # the board's files, for those beside the game (firmware.main)
        self._spare = None       # (a state, a copy of it) made while a key is down (act)
        self._held = None        # OK, LEFT, RIGHT or BACK past its long press (_hold)
        self.screens.append(home_screen(self.game))
        self.display.set_contrast(self.settings.contrast)
        self.display.set_flip(self.settings.flip)

    # ---- screens ----------------------------------------------------------------------------

    @property
    def screen(self):
        """The screen on top."""
        return self.screens[-1]

    def push(self, screen):
        """Show a screen on top of the current one. A question (`asks`) takes the glass whole:
        a message still showing goes, so that it never covers the question's keys."""
        self.screens.append(screen)
        if getattr(screen, "asks", False):
            self.toast = None
        self.dirty = True

    def pop(self):
        """Go back one screen (the dashboard stays)."""
        if len(self.screens) <= 2:
            self.home()        # back on the dashboard (its cursor to its home)
        else:
            self.screens.pop()
            self.dirty = True

    def die(self, sides=6):
        """A fair roll of a die with `sides` sides, from the board's random source
        (`random`: firmware.board.hw.random_byte on a Pico)."""
        source = self.random
        assert source is not None, "no random source"     # (the Device always gives one)
        limit = 256 - 256 % sides
        byte = 0
        for _ in range(16):          # (a source stuck at 255 must not hang the tracker)
            byte = source()
            if byte < limit:
                break
        return byte % sides + 1

    def home(self):
        """Back to the home screen (the dashboard, the monitor), every other screen closed."""
        back_home = getattr(self.screens[0], "back_home", None)
        if back_home is not None and len(self.screens) > 1:
            back_home()                  # (its cursor to its documented home: the screen says)
        del self.screens[1:]
        self.dirty = True

    def replace(self, screen):
        """Swap the top screen for another."""
        if len(self.screens) > 1:
            self.screens.pop()
        self.screens.append(screen)
        self.dirty = True

    # ---- the game ---------------------------------------------------------------------------

    def act(self, act, quiet=False, notes=True, confirmed=False):
        """Try an action. On success shows the rules' note (unless `notes` is False: the
        screen already said it) or, unless quiet, what was done; on refusal shows the reason.
        Returns True if the action was applied. An action that would end the game (a score or
        steal that wins, a flatline) asks first, with a held OK: False then, until it is
        confirmed (`confirmed`), so that no run of presses ends a game by itself."""
        game = self.game
        rules = game.rules
        # The copy made while the key was down, if it is of this state (states are never
        # changed in place: a copy of this one is this one's). Used once: the action changes it.
        spare = self._spare
        self._spare = None
        ahead = spare[1] if spare is not None and spare[0] is game.state else None
        try:
            applied = rules.apply(game.state, act, ahead)
        except Refused as refused:
            self.say(str(refused), error=True)
            return False
        after = applied[0]
        if not confirmed and not rules.over(game.state) and rules.over(after):
            self.push(Confirm("GAME ENDS?", describe(act, after, rules) + ": " +
                              rules.result(after), lambda app: app._confirmed(act), hold=True))
            return False
        note = game.do_applied(act, applied)     # (applied once: make bench, press to photon)
        self.changed()
        if note and notes:
            self.say(note)
        elif not quiet:
            self.say(describe(act, self.game.state, self.game.rules))
        else:
            # A change the glass names itself (a run's captions, the monitor's alarm): a
            # message left from before would go on about something else, a page at a time
            # (found by tests/test_no_silent_change.py: "Back to a previous game. Resumed -
            # Turn 1, last: Runner ran on HQ" paging on after OK began the access).
            self.toast = None
        return True

    def play(self, game, carry_match=True, settle=True):
        """Play `game` from now on (a new one, or one back from the archive), with its home
        screen. The one ending is kept (firmware.saving.archive): nothing is thrown away. A match in
        play goes on with a new game (firmware.tournament.match), unless the game says otherwise;
        a game brought back (`carry_match` False) keeps what it was: a casual game does not
        take a match over. `game` may be one replaced a moment ago whose swap is not on the
        flash yet (saves failing: it is still among the endings), back from memory; the caller
        has just tried to settle (`settle` False: no second try, which, working, would keep it
        in the archive as well). Returns True if the ending game was kept."""
        if settle:
            self.settle()
        if game in self.endings:
            # No longer one to keep. It stayed among the endings until now: a save in between
            # with it gone from them wrote the game in play over game.json, its only copy on
            # the flash, and a power cut lost it (tests/test_kept_games_player.py, seed 30489)
            self.endings.remove(game)
        ending = self.game
        if (carry_match and "match" not in game.extras
                and ending.extras.get("match") is not None):
            game.extras["match"] = ending.extras["match"]
        if self.back is not ending and self.back not in self.endings:
            # (a swap whose save failed and that is replaced by another game: its copy stays,
            # a game twice in the archive rather than one gone)
            self.restored = self.back = None
        kept = ending.count > 0 or bool(ending.redo_stack)      # anything in it to keep
        if kept:
            # Written by the Saver's next pass, right after this picture (Saver.tick: a swap is
            # saved at once), not here: the new game's first picture is not held back by it.
            self.endings.append(ending)
        self.game = game
        self.screens[:] = [home_screen(game)]
        self.home()
        self.changed()
        return kept

    def settle(self):
        """Before another swap (a new game, a game brought back, an import, undo across a new
        game): the last one is written first, if it is not yet (a failed save: the Saver is
        still retrying it). One swap at a time reaches the flash, so that the archive's count
        of kept games, and the game the question named, are those of the flash (issue 58: two
        swaps a second apart deleted two kept games). Returns True when nothing is waiting."""
        if not self.endings and self.restored is None:
            return True
        return self.saver is not None and self.saver.flush(compact=False)

    def keep_endings(self):
        """Write the games that others replaced into the archive (firmware.saving.archive); the
        Saver calls this before each commit. Raises OSError like any save (they stay in memory
        until it works)."""
        for _ in self.keep_endings_steps():
            pass

    def keep_endings_steps(self):
        """keep_endings as a generator of short steps (firmware.saving.archive.keep_steps), for
        the Saver to make in a pause, giving way to a key between two. Nothing else may keep
        or swap a game before its end (App.settle has the Saver finish it first)."""
        if self.endings and self.flash is not None:
            while self.endings:
                ending = self.endings[0]
                kept = yield from archive.keep_steps(self.flash, ending, self.restored)
                if self.restored is not None and ending is self.back:
                    # The game brought back, replaced again before its swap was saved: kept
                    # as a swap (pushing none out), and its archive copy, the start of what is
                    # kept now, goes after it (found by tests/test_kept_games_player.py, seed
                    # 14554: a failed save reset this, and the next save kept it as a new
                    # game's ending, a second kept game pushed out)
                    if kept != self.restored:
                        archive.drop(self.flash, self.restored)   # (unchanged, keep replaced it)
                    self.restored = self.back = None
                self.endings.pop(0)

    def came_back(self, sum):
        """The game in play came back from the archive, its kept file's checksum `sum`
        (firmware.saving.archive.restore; firmware.main, for one a journal brought back): that
        copy leaves the archive once the game is on the flash as the game in play."""
        self.restored = sum
        self.back = self.game

    def resumed_from(self, sum):
        """The game in play was resumed at power-up from the snapshot whose checksum is `sum`
        (None: a journal replaced it). A kept file with that checksum is its own copy, which a
        power cut left between a brought-back game's snapshot and the copy's removal: it goes
        at the first commit while that game is in play (after_commit)."""
        self.copy_left = (sum, self.game) if sum is not None else None

    def after_commit(self):
        """The game in play is on the flash (the Saver calls this after each commit): a game
        that came back from the archive leaves it now, not before (firmware.saving.archive.drop),
        and only while it is the game in play (else it is kept: in the archive, its copy is
        its only one)."""
        if self.restored is not None and self.flash is not None and self.back is self.game:
            archive.drop(self.flash, self.restored)
        self.restored = self.back = None
        left = self.copy_left
        if left is not None:
            self.copy_left = None
            if left[1] is self.game and self.flash is not None:
                archive.drop(self.flash, left[0])

    def _confirmed(self, act):
        """The held OK on an action that ends the game: done, and home (the end's screen)."""
        if self.act(act, confirmed=True):
            self.home()

    def undo(self):
        """Undo the last action and say which it was. With nothing left to undo, the game
        before this one comes back (firmware.saving.archive): undo reaches across a new game."""
        match = self.game.extras.get("match")
        if not self.game.count and isinstance(match, dict) and match.get("game") == 2:
            # Game 2 of a match holds game 1's result: undo does not reach across into game 1
            # (issue 60: one undo too many brought game 1's win screen back with no question,
            # and the OKs after it started another game 2).
            self.say("Game 2's start: undo stops here. Game 1 is in Previous games", error=True)
            return
        if not self.game.count and (self.endings or self.flash is not None):
            self.settle()           # (a swap not yet saved: written first, then undone)
            if self.saver is not None and (self.endings or self.restored is not None):
                # It could not be written (a full flash): the game it replaced is in memory
                # alone, and a swap now would write the game in play over its only copy on
                # the flash (found by tests/test_kept_games_player.py, seed 498).
                self.say("Undo waits for the save: " + (self.saver.failed or "not saved"),
                         error=True)
                return
            if self.endings:
                previous = self.endings.pop()
                self.play(previous, carry_match=False)     # (this one is kept in turn)
            else:
                previous = None
                found = archive.newest(self.flash, self.restored)
                if found is not None:
                    previous = found[1]
                    archive.restore(self, previous, found[2])
            if previous is not None:
                self.say("Back to the previous game. " + resumed(previous))
                return
        if self.game.unchecked:
            if still_checking(self):
                return
        game = self.game
        call = game.rules.time_up(game.start) if game.count else None
        if call is not None and game.action_at(game.count - 1)[0] == call[0]:
            undo_around(self, describe)
            return
        self._step(self.game.undo, "Undid: ")

    def redo(self):
        """Redo the last undone action and say which it was."""
        self._step(self.game.redo, "Redid: ")

    def _step(self, move, said):
        try:
            act = move()
        except Refused as refused:
            self.say(str(refused), error=True)
            return
        self.changed()
        self.say(said + describe(act, None, self.game.rules))

    def settings_changed(self, in_parts):
        """A setting changed: redraw, and let saving know. `in_parts`: whether the home screen
        shows it in a part of its own (the round timer: the dashboard's corner), so that the
        picture of it kept while a menu is open stays good (else the way home draws it all
        again: the tap that starts the timer took 52 ms on the virtual Pico, 35 without)."""
        self.settings_version += 1
        self.dirty = True
        if not in_parts:
            self._kept = None    # (a kept picture may show what the setting changed)

    def changed(self):
        """The game changed: redraw, and let saving know."""
        self.changes += 1
        self.dirty = True

    def _sync_win_screen(self):
        """The end screen is in the stack exactly while the game is over (after any action,
        undo or redo, whichever screen did it). The home screen knows which: its
        `open_end(app)` opens it; an end screen has `ends_game`."""
        over = self.game.rules.over(self.game.state)
        shown = False
        for screen in self.screens:
            if getattr(screen, "ends_game", False):
                shown = True
        if over and not shown:
            self.home()
            self.screens[0].open_end(self)
        elif shown and not over:
            self.home()

    # ---- messages ---------------------------------------------------------------------------

    def say(self, text, error=False):
        """Show a message at the bottom of the screen for a moment (errors with a beep)."""
        self.toast = ("! " + text) if error else text
        # (a message longer than two lines is shown two at a time, each pair for TOAST_MS)
        pages = (len(self._lines(self.toast)) + 1) // 2
        self._toast_until = self.clock.ticks_add(self.clock.ticks_ms(), self.TOAST_MS * pages)
        self.dirty = True
        if error and self.buzzer:
            self.buzzer.beep(self.clock.ticks_ms(), self.clock, 880, 60)

    def page_lines(self):
        """How many lines of a message show at a time: two, or one over a screen with a key
        line (a question: Screen.key_line), where two would hide what it asks (issue 60)."""
        return 1 if self.screen.key_line else 2

    def _lines(self, toast):
        """The message's lines, wrapped once for all the renders it is on the glass for (a
        wrap took a few hundred microseconds on a Pico: make bench, press to photon)."""
        wrapped = self._wrapped
        if wrapped is None or wrapped[0] is not toast:
            wrapped = self._wrapped = (toast, wrap(toast, 25))
        return wrapped[1]

    def _draw_toast(self, fb, lines, box):
        # Lit text on dark, ruled off above when there is room for a line over the text: not
        # a lit box, whose dark 1-pixel strokes drown in the light (issue 24).
        top, bottom, y = box
        fb.fill_rect(0, top - 1, WIDTH, bottom - top + 1, 0)
        if y > top:
            fb.hline(0, top, WIDTH, 1)
        for i in range(len(lines)):
            SMALL.draw(fb, lines[i], 1, y + 9 * i)

    # ---- the loop ---------------------------------------------------------------------------

    def on_button(self, name, event):
        """One button event (the ButtonPad calls this); "CW" and "CCW" are a click of the knob
        (firmware.board.knob), the key the screen says it stands for (Screen.knob)."""
        now = self.clock.ticks_ms()
        self.last_input = now
        if name == "CW" or name == "CCW":
            if self.pad.held():
                # A turn with a key down is a slip (a thumb on OK while the other hand turns):
                # nothing, as for two keys at once.
                self.pad.cancel_all()
                self.say("Knob and key at once: nothing done")
                return
            name = self.screen.knob[name == "CCW"]
        if self.blanked:
            # The press that wakes a dark glass does nothing else: the player has not seen what
            # it would act on. It says so, for the press that follows.
            self._wake()
            self.pad.cancel_all()
            self.say("Awake: the next key acts")
            return
        if self.dimmed:
            # A dimmed glass is still readable: the key does what it does on a bright one
            # (issue 60: after a pause of two minutes every recipe of the README went wrong,
            # its first key spent on waking), and the glass comes back to full brightness.
            self._wake()
        if event == DOWN:
            if self.pad.held() >= 2:
                # Two keys at once is a slip (DOWN+OK installed a card for 1, LEFT+RIGHT
                # undid), three a hand or a bag on the device: nothing fires until they are
                # all released.
                self.pad.cancel_all()
                self.say("Two keys at once: nothing done")
                return
            # Most keys act when they come up (a hold means something else). While the key
            # is down, a copy of the game's state for the action the release may take (act):
            # a state is some 40 numbers set one by one into new objects, 0.7 ms on a Pico
            # and up to 3 with the heap cut up by play (make bench: the rhythm sweep's p95).
            state = self.game.state
            spare = self._spare
            if spare is None or spare[0] is not state:
                self._spare = (state, state.copy())
            # ... and on the image the garbage is collected now: a collection is due after
            # every 32 KB allocated (firmware.main), and one that fell due between the release
            # and the glass added 1.5-2.5 ms to that press (make bench: the rhythm sweep's p95
            # and max). Not on the .mpy deploy, where one takes 17-22 ms, as long as a quick
            # tap (the sweep's 30 ms taps: 4 late there with it, 1-3 without).
            if self.collect_on_press:
                gc.collect()
            return
        if event != PRESS and name in _HELD_AT_REPEAT:     # (a tap is a tap: no call)
            event = self._hold(name, event)
            if not event:
                return
        if self.buzzer and event == PRESS:
            self.buzzer.beep(now, self.clock)
        self.dirty = True
        if event == LONG and name == "LEFT" or event == LONG and name == "BACK":
            if self.screen.cancel():         # a change still pending goes first
                self.say("Number dropped")
            elif len(self.screens) > 1 and not self.screen.ends_game:
                self.pop()                   # held LEFT in a menu leaves it; undo is at home
            else:
                self.undo()
        elif event == LONG and name == "RIGHT":
            if self.screen.cancel():         # a number pending goes first, as for undo
                self.say("Number dropped")
            else:
                self.redo()
        elif name == "BACK" and event == PRESS:
            self.pop()
        else:
            self.screen.on_button(self, name, event)
        self._sync_win_screen()

    def _hold(self, name, event):
        """A hold of OK, LEFT, RIGHT or BACK is taken at the key's first repeat (0.78 s), not
        at its long press (0.6 s), and a slow press let go between the two is a tap (issue 60
        named a slow press of 650 ms taken for a hold a slip: a slow thumb on Run ended the run
        it began, on LEFT it undid). Returns the event for the screen: LONG at the first
        repeat, PRESS for a slow press, or 0 (the long press itself, later repeats)."""
        if event == LONG:
            self._held = name
            return 0
        if event == REPEAT or event == SLOW:
            if self._held != name:
                return 0
            self._held = None
            return LONG if event == REPEAT else PRESS
        return event

    def poll_ms(self):
        """How long the main loop may sleep before the next tick."""
        return self.POLL_MS if not self.pad.quiet or self.dirty else self.IDLE_POLL_MS

    def _wake(self):
        self.display.set_power(True)
        self.display.set_contrast(self.settings.contrast)
        self.dimmed = False
        self.blanked = False
        self.dirty = True

    def tick(self, now):
        """One pass of the main loop: input, timers, display."""
        self.pad.poll(now, self.on_button)
        clock = self.clock
        if self.buzzer:
            self.buzzer.tick(now, clock)
        if self.round_clock:
            self.round_clock.tick(self, now)
        if self.toast and clock.ticks_diff(now, self._toast_until) >= 0:
            self.toast = None
            self.dirty = True
        elif self._page_at is not None and clock.ticks_diff(now, self._page_at) >= 0:
            self.dirty = True          # a long message's next two lines
        idle = clock.ticks_diff(now, self.last_input)
        if idle >= self.PENDING_MS and self.screen.cancel():
            self.say("Unused number dropped")     # nobody is going to OK it now
        if idle > self.IDLE_CAP_MS:
            # The tick counter wraps: an old tick compared after 6.2 days reads as negative.
            # Past the longest timeout nothing changes, so the last input is kept this recent.
            self.last_input = clock.ticks_add(now, -self.IDLE_CAP_MS)
        settings = self.settings
        if not self.blanked and settings.sleep_s and idle >= settings.sleep_s * 1000:
            self.blanked = True
            self.display.set_power(False)    # OLEDs burn in: nothing lit while nobody looks
        elif not self.dimmed and not self.blanked and settings.dim_s and idle >= settings.dim_s * 1000:
            self.dimmed = True
            self.display.set_contrast(self.display.DIM_CONTRAST)
        missing = False
        for panel in self.display.panels:
            if not panel.online:
                missing = True
        if missing:                      # about once a second, set a silent OLED up again
            if self._display_retry_at is None:
                self._display_retry_at = clock.ticks_add(now, self.DISPLAY_RETRY_MS)
            elif clock.ticks_diff(now, self._display_retry_at) >= 0:
                self._display_retry_at = None
                if self.display.retry():
                    self.dirty = True
                    self.full_redraw = True     # a panel came back blank: draw it all
        if self.dirty and not self.blanked:
            self.render()

    def render(self):
        """Draw the top screen (and any message) and send what changed to the panel.

        The whole screen is drawn when another screen came on top; otherwise the screen only
        updates what changed (Screen.update). The message is drawn again only when it changed
        or the screen drew under it; when it shrinks or goes, the parts it uncovers are drawn
        again (Screen.touch)."""
        fb = self.fb
        screen = self.screen
        toast = self.toast
        lines = self._lines(toast) if toast else None
        page = 0
        self._page_at = None
        per = self.page_lines()
        if lines and len(lines) > per:
            # A longer message (notices at power-up): two lines at a time (one over a screen
            # with a key line: page_lines), each page for TOAST_MS, so that every line of it is
            # on the glass for a while.
            clock = self.clock
            now = clock.ticks_ms()
            left = max(0, clock.ticks_diff(self._toast_until, now))
            pages = (len(lines) + per - 1) // per
            span = self.TOAST_MS * ((len(lines) + 1) // 2) // pages   # (say: its whole time)
            page = max(0, min(pages - 1, pages - 1 - (left - 1) // span))
            lines = lines[per * page:per * page + per]
            if page < pages - 1:
                self._page_at = clock.ticks_add(now, left % span or span)
        if lines:
            box = screen.toast_box(self, len(lines))
            top, bottom = box[0] - 1, box[1]       # the rows it covers, border included
        else:
            box = None
            top = bottom = HEIGHT
        kept = self._keep_home(screen) if screen is not self._drawn else None
        if kept is None and (screen is not self._drawn or self.full_redraw):
            self.display.clear()
            screen.cover_top, screen.cover_bottom = top, bottom
            screen.draw(self, fb)
            self._drawn = screen
            self.full_redraw = False
            under = True
        else:
            old_top, old_bottom = kept or self._drawn_rows
            self._drawn = screen
            self.full_redraw = False
            if old_top < old_bottom and (old_top < top or old_bottom > bottom):
                # The message moved, shrank or went away: clear what it covered and draw the
                # parts that were under it again (the new message is drawn over them).
                fb.fill_rect(0, old_top, WIDTH, old_bottom - old_top, 0)
                screen.touch()
            screen.cover_top, screen.cover_bottom = top, bottom
            screen.covered = False
            screen.update(self, fb)
            under = screen.covered or kept is not None
        if lines and (under or toast is not self._drawn_toast or page != self._drawn_page
                      or (top, bottom) != self._drawn_rows):
            # (drawn again where it moved to: a pending number on the dashboard moves it)
            self._draw_toast(fb, lines, box)
        self._drawn_rows = (top, bottom)
        self._drawn_toast = toast
        self._drawn_page = page
        self.display.show()
        self.dirty = screen.reading       # (its next picture at once: Screen.reading)

    def _keep_home(self, screen):
        """Another screen is about to be drawn. Leaving the home screen, its picture is
        kept; coming back to it, the kept picture is put back and the rows of the message that
        was over it then are returned (the caller updates only the parts that changed since,
        as after any key). Otherwise None: the screen is drawn whole. A home screen drawn
        whole costs about 11 ms on a Pico, the copy a few microseconds (make bench: press to
        photon, back to the dashboard from a menu)."""
        home = self.screens[0]
        if home._keys is None:
            return None                  # (a screen without parts: always drawn whole)
        if self._drawn is home:
            frame = self.display.frame()
            if self._kept_frame is None:
                self._kept_frame = bytearray(len(frame))
            self._kept_frame[:] = frame
            self._kept = (home, self._drawn_rows)
            return None
        kept = self._kept
        if kept is None or kept[0] is not screen:
            return None
        self.display.frame()[:] = self._kept_frame
        self._kept = None
        # Its parts' keys describe the kept picture, but not what the message covered then:
        # those rows are cleared and their parts drawn again.
        screen.cover_top, screen.cover_bottom = kept[1]
        return kept[1]


def describe(act, state=None, rules=None):
    """An action in words for messages ("Corp installed for 2 (1 click left)")."""
    return words(rules or netrunner_rules).phrase(act, state)


def home_screen(game):
    """The screen at the bottom of the stack for this game: its entry's home screen
    (firmware.games: the Netrunner dashboard, the Infiltration security monitor...)."""
    return kind_of(game).home()
