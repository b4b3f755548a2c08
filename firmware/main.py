"""Start the tracker: build it from the pin map, resume the saved game, run the main loop.

On the Pico, the board's /main.py is just:

    from firmware.main import run
    run()

`Device` is one pass of the main loop (buttons and screens, saving, the watchdog, the crash
screen); the desktop simulator drives the same class with its own clock and flash folder.
"""

import gc
import json
import sys

from engine_lite.base import const
from firmware.app import App
from firmware.board import hw, pins
from firmware.board.buttons import ButtonPad
from firmware.board.display import open_display
from firmware.board.fram import journal_on_fram
try:
    from firmware.board.flash_journal import journal_in_region    # (the firmware image's)
except ImportError:
    journal_in_region = None     # (the .mpy deploy: stock MicroPython, the journal in files)
from firmware.crash import halt, report
from firmware.saving import resume
from firmware.saving.errors import log_error
from firmware.saving.storage import Storage, Saver, PREVIOUS, JOURNAL
from firmware.settings import Settings
from firmware.tournament.roundclock import clock_for

try:
    # The firmware image's own module, made and frozen in by `make uf2` (not a file of this
    # tree); None on a stock MicroPython that had `make deploy`.
    import netclick_image  # pyright: ignore[reportMissingImports]
except ImportError:
    netclick_image = None

WATCHDOG_MS = 8000     # the RP2040's watchdog allows at most 8.3 s
# The watchdog cannot be stopped once started, and mpremote stops the tracker to copy files: a
# running watchdog would reset the board in the middle of `make deploy`. So it is armed only after
# the tracker has run this long; `make deploy` resets the board first and connects before then.
WATCHDOG_ARM_MS = 30000
# Garbage is collected once in the pause after a press (_GC_PAUSE_MS without a key), and after
# every _GC_THRESHOLD bytes allocated whatever happens, not only when the 240 KB heap is full.
# MicroPython's sweep runs up to the highest block in use and objects never move: collected only
# when the heap ran out, play scattered the game's objects to its top and every collection swept
# all of it (make bench, "a full GC at the peak": 6.0 ms with a 50-round game resumed). Collected in the pauses, the heap stays packed at its bottom, and a
# collection inside a press is rare. (Not gc.mem_alloc() to see whether one is due: it walks
# the whole heap, about 10 ms on a Pico.)
_GC_PAUSE_MS = const(100)
_GC_THRESHOLD = const(32768)
_gc_threshold = getattr(gc, "threshold", None)  # (MicroPython's: CPython collects on its own)


def build(pins, clock, settings=None, game=None):
    """The App, wired as the pin map says."""
    display = open_display(pins)
    pad = ButtonPad(hw.open_buttons(pins), clock, clock.ticks_ms(), hw.open_knob(pins))
    buzzer = hw.Buzzer(pins.get("buzzer"))
    return App(display, pad, clock, settings, game, buzzer, hw.random_byte)


def load_pins(path="hardware/pins.json", data=None):
    """Read and check the pin map from `path`, or check `data` (the pin map frozen into the
    firmware image) when given; reset the display if it has a RES pin."""
    data = pins.load(path) if data is None else pins.parse(data)
    hw.reset_display(data)       # a display with a RES pin: before anything talks to it
    hw.wire_clock(data)          # (on a Pico: what to ask for, for the pin map's I2C clock)
    return data


def frozen_image():
    """The firmware image's own module (netclick_image, frozen in by `make uf2`), or None on a
    stock MicroPython that had `make deploy`."""
    return netclick_image


def shadowed_notice(image, flash):
    """On the firmware image, tracker files that `make deploy` left on the board's filesystem
    come before the frozen ones (MicroPython looks in the filesystem first): say so, and how to
    clear them. Nothing on a stock MicroPython."""
    if image is None or not flash.exists("firmware"):
        return ""
    return "Old tracker files on the board hide the built-in one: make deploy ARGS=--clean"


def missing_panels(display):
    """What the glass says at power-up about the displays: one found on the other bus than the
    pin map's (firmware.board.display.open_display), or a second display the pin map names that
    does not answer (play goes on on the first; the second is tried again now and then)."""
    if display.elsewhere:
        return display.elsewhere
    for panel in display.panels[1:]:
        if not panel.online:
            return "Second display (0x%02X) not answering: check its address jumper" % (
                panel.address)
    return ""


class Device:
    """The tracker as the main loop runs it: the App, saving to flash, the watchdog, and what
    happens when the firmware itself fails.

    Building one never fails because of the files: an unreadable flash, a file that cannot be
    moved aside, or a lack of memory while the saved game is read, ends in a playable tracker
    with a new game in memory, saving off and the files untouched, and the player told why.
    """

    def __init__(self, pins, clock, flash, watchdog=None, notice=""):
        # The threshold on the firmware image only (a collection about 2.2 ms); not on the .mpy
        # path, where the code is on the heap too and one takes some 17 ms, in the way of the
        # next key. The collection in the pause after a press on both: collected only when the
        # heap ran out, the deploy's objects were scattered over it and its 12-19 KB free were
        # in runs too short for an open file's buffer (1,148 bytes on littlefs): a game of
        # three moves was never saved, "out of memory" (make pull's test on the virtual Pico).
        image = frozen_image()
        threshold = _gc_threshold if image is not None else None
        self._pause_gc = _gc_threshold is not None
        if threshold is not None:
            threshold(_GC_THRESHOLD)
        self._collected_for = None     # the key event the last pause collection followed
        self.clock = clock
        self.flash = flash
        self.watchdog = watchdog
        settings = Settings()
        self.storage, game, notices, held = resume.boot(flash, settings)
        self.app = build(pins, clock, settings, game)
        problem = self.first_draw(flash, game is not None)
        if problem is not None:
            # The saved game could not be drawn: a fault of the firmware or of memory, not of
            # the files (they passed their checks). They stay as they are, saving is held so
            # that nothing is written over them, and a new game is played in memory; a boot
            # after the fix (or with more memory) resumes them.
            held = problem
            notices = ["SAVING OFF: " + problem + ". The save is untouched"]
            self.storage = Storage(flash)
            self.app = build(pins, clock, settings, None)
            self.app.render()          # (a new game that cannot be drawn: the firmware's own)
        self.app.flash = flash     # for the few files beside the game (firmware.tournament.match)
        # Games the journal says a new game replaced (a swap saved by its start record:
        # Storage.journal_swap) whose whole files a power cut kept from the flash: into the
        # archive at the first commit, before the new game's snapshot (Saver.flush).
        self.app.endings[:0] = self.storage.endings
        if self.storage.restored is not None:
            # ... and a game brought back so: its archive copy goes once its own snapshot is
            # written (App.after_commit), the replaced game kept as a swap (pushing none out).
            self.app.came_back(self.storage.restored)
        # A kept copy of the game in play itself (the same checksum as the snapshot it resumed
        # from) is what a power cut left between a brought-back game's own snapshot and the
        # drop of its copy: it goes at the first commit, as it would have (found by
        # tests/test_kept_games_player.py: kept for ever, such copies filled every slot, and a
        # bring-back then took the oldest kept game with no word).
        self.app.resumed_from(self.storage.snapshot_sum)
        self.saver = Saver(self.app, self.storage, clock, held)
        self._damage_told = None
        self.POLL_MS = self.app.POLL_MS
        if settings.clock_s >= 0:
            # A round timer was running: back, paused, whatever the game (the Netrunner
            # dashboard would bring it back at its first draw, the Infiltration monitor not).
            clock_for(self.app)
        self.app.collect_on_press = image is not None
        notices.append(notice)             # (a pin map file that could not be used)
        notices.append(shadowed_notice(image, flash))
        notices.append(missing_panels(self.app.display))
        notices.append(self.app.toast or "")   # the first draw's word (the timer's restart): last
        text = " ".join(n for n in notices if n)
        if text:
            self.app.say(text, error=held is not None)

    # The slice of a saved history replayed in one idle pass of the main loop (Game.check),
    # and how long after a press it waits: short, so that a press coming during a slice is
    # answered late by at most this (make bench: press to photon; power-up to the dashboard).
    CHECK_MS = 8
    CHECK_AFTER_PRESS_MS = 300

    def check_history(self, now):
        """Check a little more of the history the game was resumed with (power-up shows the
        game before its history is replayed), when no key is down or was just pressed. A
        history found damaged is reported once: undo then stops at power-up, and the older
        save beside it is kept aside."""
        app = self.app
        game = app.game
        clock = self.clock
        if (game.unchecked and not app.pad.held()
                and clock.ticks_diff(now, app.last_input) >= self.CHECK_AFTER_PRESS_MS):
            start = clock.ticks_ms()
            while game.check(2) and clock.ticks_diff(clock.ticks_ms(), start) < self.CHECK_MS:
                pass
        if game.damaged and game is not self._damage_told:
            self._damage_told = game
            self.storage.game = None       # the history changed shape: save it whole next
            try:
                kept = resume.keep_aside(self.storage, PREVIOUS)
            except OSError:
                kept = "no older save"
            app.say("Saved history damaged (%s): undo stops at power-up. Older save %s"
                    % (game.damaged, kept), error=True)

    def first_draw(self, flash, resumed=True):
        """Draw the resumed game once, now, so that a game no screen can show does not crash
        the tracker at every power-up. Out of memory, it is collected and tried once more.
        Returns None, or what went wrong for the player (the details go to error.log)."""
        failure = Exception("first draw")
        for attempt in (1, 2):
            try:
                self.app.render()
                return None
            except MemoryError as error:
                failure = error
                gc.collect()
            except Exception as error:
                failure = error
                break
        code = log_error(flash, failure)
        if not resumed:
            raise failure                  # a new game that cannot be drawn: the firmware's own
        return "saved game could not be shown (%s)" % code

    def poll_ms(self):
        """How long the main loop may sleep: the App's time, shorter while a history is being
        checked (so that the check is done in seconds) or a pause's whole files are written a
        step at a time (firmware.saving.storage.Saver)."""
        if self.app.game.unchecked or self.saver.busy():
            return self.POLL_MS
        return self.app.poll_ms()

    def tick(self, now):
        """One pass of the main loop. An exception in the firmware shows the error screen,
        saves the game and restarts the board."""
        try:
            self.app.tick(now)
            self.check_history(now)
            app = self.app
            saved = self.saver.tick(now)
            # Just after a save (saving waits for the keys to be up), and once in the pause
            # after a press: good moments to collect the garbage of the last presses (see
            # _GC_PAUSE_MS). Not if a key went down meanwhile (during a long flash write, its
            # interrupt latched it): that key is answered first, and the collection waits for
            # the pause after it.
            collect = (saved or (
                self._pause_gc and app.last_input != self._collected_for
                and app.pad.quiet and not app.dirty
                and self.clock.ticks_diff(now, app.last_input) >= _GC_PAUSE_MS)
            ) and not app.pad.held()
            if collect:
                gc.collect()
                hw.keep_room()          # (the .mpy deploy: room for a file open, hw.open_file)
                self._collected_for = app.last_input
            if saved or collect:
                # A save can take most of a second (sector erases, at the flash's worst): the
                # pad's "all quiet" is from before it, and a key pressed meanwhile was latched
                # by its interrupt. The next poll comes after the short sleep, not the idle one
                # (make bench: the rhythm sweep's late taps, with the flash at its worst).
                app.pad.quiet = False
        except Exception as error:   # the last line of defence: never a silent hang
            self.crash(error)
        if self.watchdog:
            self.watchdog.feed()

    def crash(self, error):
        """Show a short error code, keep the game, log the details, restart (firmware.crash)."""
        try:
            report(self, error)
        finally:
            hw.restart()


# Where the pin map is: copied by `make deploy`, or installed by mip into /lib. With neither, the
# firmware image's own default (netclick_image.PINS_JSON, made from hardware/pins.json by make uf2).
PIN_MAP_PATHS = ("hardware/pins.json", "/lib/hardware/pins.json")


def board_pins(flash):
    """(pin map, notice): the board's own file if it has one, else the default frozen into
    the firmware image; on a stock MicroPython with neither, the missing file's error. On the
    image a file that cannot be used (not JSON, a bad pin) gives way to the built-in pin map,
    and the notice says why, so that the display always shows something."""
    found = [path for path in PIN_MAP_PATHS if flash.exists(path)]
    image = frozen_image()
    if found or image is None:
        try:
            return load_pins((found or PIN_MAP_PATHS)[0]), ""
        except Exception as error:
            if image is None:
                raise                       # nothing to fall back on: the error screen says it
            notice = "%s not used (%s): built-in pin map" % (found[0], error)
    else:
        notice = ""
    return load_pins(data=json.loads(image.PINS_JSON)), notice


def run():
    """The main loop: tick, then, unless a key is down or a picture is being drawn, sleep until
    the next poll (no busy-waiting between presses).

    Building the tracker is tried twice (memory is collected in between). If it cannot be built
    at all (no pin map, no memory), the error screen says why and the board waits, without
    touching the files and without restarting in a loop.
    """
    if frozen_image() is not None:
        # On the firmware image everything the tracker imports from now on is frozen in. An
        # import of a built-in module such as json looks for a file of that name in every
        # folder of sys.path first: littlefs lookups, some 4 ms at each import of a module
        # that imports json (reading a saved game, Previous games; make bench: power-up). So
        # only the frozen modules are looked through. (The REPL has the usual path back after
        # a soft reset.)
        sys.path[:] = [".frozen"]
    if frozen_image() is None:
        hw.keep_room(start=True)  # modules loaded onto the heap: room for a file open kept
    clock = hw.Clock()
    flash = hw.Flash()
    pins = None
    try:
        pins, notice = board_pins(flash)
        if pins.get("fram"):      # the save journal on an FRAM (firmware.board.fram)
            flash, notice = journal_on_fram(pins, flash, notice, JOURNAL)
        elif journal_in_region:   # ... or in flash of its own (firmware.board.flash_journal)
            flash = journal_in_region(flash, JOURNAL, pins)
        try:
            device = Device(pins, clock, flash, notice=notice)
        except Exception:
            gc.collect()
            device = Device(pins, clock, flash, notice=notice)
    except Exception as error:
        halt(error, clock, flash, pins)      # does not return
        return
    arm_at = clock.ticks_add(clock.ticks_ms(), WATCHDOG_ARM_MS)
    while True:
        now = clock.ticks_ms()
        device.tick(now)
        if device.watchdog is None and clock.ticks_diff(now, arm_at) >= 0:
            device.watchdog = hw.open_watchdog(WATCHDOG_MS)
        # While a key is down (or a picture or a history check is under way) the loop goes
        # round without sleeping: a key's release is answered at the next pass, some 0.1 ms,
        # where a 1 ms sleep made it 0.3-0.6 ms on average (make bench: the rhythm sweep's p95).
        # Between presses it sleeps (App.IDLE_POLL_MS), so idle it is no busier than before.
        wait = device.poll_ms()
        if wait > device.POLL_MS:
            clock.sleep_ms(wait)
