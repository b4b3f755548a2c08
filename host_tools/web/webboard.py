"""The browser's board: the unchanged firmware on MicroPython's WebAssembly port.

The page (netclick.js) imports this module after writing the firmware, the pin map and the host
stand-in for `machine` into MicroPython's filesystem. Nothing here is firmware: it only wires
the firmware's own `Device` (firmware.main) to what a browser has instead of a Pico:

    the buttons   the page calls press(name) / release(name); the stand-in board pulls the pin
    the OLED      every I2C write to 0x3C is kept; the page takes them with take_bus() and
                  decodes them as an SSD1306 would (ssd1306.js), so the canvas shows the bytes
                  the firmware sent, as the desktop simulator does
    the flash     files under /save (the page copies them to the browser's storage when
                  saved() says they changed, and back before start())
    the clock     MicroPython's own ticks_ms; the page calls tick() when poll_ms() says

A firmware crash restarts the board, as the watchdog would on a Pico: start() runs again and
resumes the saved game.
"""

import binascii

import machine
from firmware.board import hw
from firmware.main import Device, load_pins

SAVE_DIR = "/save"
IMPORT_DIR = "/import"      # the page writes picked files here; nothing in /save changes until
                            # they are checked (check_import) and taken (take_import)
PIN_MAP = "/hardware/pins.json"


class Bus:
    """Stands at the OLED's address on the stand-in's I2C bus and keeps each write."""

    def __init__(self):
        self.writes = []

    def write(self, data):
        # Whole writes, each starting with its control byte, as the controller receives them.
        self.writes.append(bytes(data))


class WatchedFlash(hw.Flash):
    """The firmware's own Flash class on a folder, noting when a file changed."""

    def __init__(self, root):
        hw.Flash.__init__(self, root)
        self.changed = True      # the page stores what is there once at start

    def write(self, name, data):
        hw.Flash.write(self, name, data)
        self.changed = True

    def append(self, name, data):
        hw.Flash.append(self, name, data)
        self.changed = True

    def rename(self, old, new):
        hw.Flash.rename(self, old, new)
        self.changed = True

    def remove(self, name):
        hw.Flash.remove(self, name)
        self.changed = True


bus = Bus()
flash = None
device = None
pins = None
clock = hw.Clock()
restarts = 0


seed = 0


def start(random_seed=0):
    """Build the tracker (as firmware.main.run does) and resume the saved game.

    random_seed (the page's ?seed=N) replaces the random source (the browser's, through
    os.urandom) with the simulator's repeatable one, so that a test sees the dice and first
    players of the golden images."""
    global device, flash, pins, seed
    seed = random_seed or seed
    machine.board = machine.Board()
    machine.board.i2c_devices[0x3C] = bus
    pins = load_pins(PIN_MAP)
    flash = WatchedFlash(SAVE_DIR)
    device = Device(pins, clock, flash)
    if seed:
        from keyscript import FakeRandom
        device.app.random = FakeRandom(seed).byte


def tick():
    """One pass of the main loop; returns the ms until the next (the firmware's poll time)."""
    global restarts
    try:
        device.tick(clock.ticks_ms())
    except SystemExit:           # machine.reset() after a crash: start again, as a Pico does
        restarts += 1
        start()
    return device.poll_ms()


def idle_ms(longest):
    """How long the page may sleep with no key down and nothing to draw: `longest`, or less
    when the tracker's message is due to go before then (so it goes on time)."""
    app = device.app
    if app.toast is None:
        return longest
    left = clock.ticks_diff(app._toast_until, clock.ticks_ms())
    return max(1, min(longest, left + 1))


def press(name):
    """Hold a button down (name as in the pin map: UP, DOWN, LEFT, RIGHT, OK, BACK)."""
    machine.board.press(pins["buttons"][name])


def release(name):
    """Let a button go."""
    machine.board.release(pins["buttons"][name])


def state_json():
    """The game's state as the replay tool prints it (JSON text), for the page's tests."""
    import json
    from engine_lite.logtext import game_dict
    return json.dumps(game_dict(device.app.game))


def screen_name():
    """The name of the screen on top (dashboard, more, tokens...), for the page's tests."""
    return device.app.screen.name


def touch(x, y):
    """A tap on the glass at OLED pixel (x, y): the keys it stands for, comma-separated, for
    the page to press in turn (firmware.netrunner.touch: the firmware's own input)."""
    from firmware.netrunner.touch import keys_for
    return ",".join(keys_for(device.app, x, y))


def take_bus():
    """The I2C writes since the last call, as one hex string per write joined by commas
    ('' if none): strings are what crosses to JavaScript cheaply."""
    if not bus.writes:
        return ""
    text = ",".join(binascii.hexlify(data).decode() for data in bus.writes)
    bus.writes = []
    return text


def saved():
    """True once after the saved files changed: the page then copies them to its storage."""
    if flash is not None and flash.changed:
        flash.changed = False
        return True
    return False


def flush():
    """Save now, whatever the time (the page is being hidden or closed); True if all is saved."""
    return device.saver.flush(clock.ticks_ms(), False)


imported = None


def check_import():
    """Read the files the page put in IMPORT_DIR with the firmware's own loader, as a Pico
    powering up on them would (firmware.saving.importing.check). Returns "ok <what the game is>" or
    "no <why not>"; nothing in the game in play or its files changes either way."""
    global imported
    from firmware.saving import importing
    imported = None
    try:
        imported = importing.check(WatchedFlash(IMPORT_DIR))
    except ValueError as why:
        return "no " + str(why)
    except Exception as error:          # (MemoryError, RecursionError: a hostile file)
        return "no the files could not be read (%s)" % error.__class__.__name__
    return "ok " + imported[2]


def import_words():
    """What taking an import does to the game here, in the page's words (the same rule as
    every question that replaces a game: firmware.games.kept_words)."""
    from firmware.games import kept_words
    words = kept_words(device.app)
    if not words:
        return "The game here has no moves: it is replaced."
    if "oldest" in words:
        return ("The game here is kept (More > Previous games), and the oldest kept game "
                "goes: three are kept.")
    return "The game here is kept: More > Previous games brings it back."


def take_import():
    """Play the game check_import accepted; the one in play goes to the archive (More >
    Previous games). Saved at once: the page then stores the files in one write."""
    from firmware.saving import importing
    if imported is None:
        return False
    importing.take(device.app, imported[0], imported[1])
    return flush()


_said = None
_changes = None
_lit = None


def lit_words(app):
    """What the cursor is on, in words: a menu's lit row (with its note, and "not possible
    now" when it is struck through), a number being chosen, or on the dashboard what the
    captions' row says of the lit cell (its label when it says nothing)."""
    screen = app.screen
    cursor = getattr(screen, "cursor", None)
    if hasattr(screen, "items") and cursor is not None:
        items = screen.items(app)
        if 0 <= cursor < len(items):
            item = items[cursor]
            return item.label + (", " + item.note if item.note else "") + (
                "" if item.possible else ", not possible now")
    if hasattr(screen, "lit") and hasattr(screen, "status"):
        s = app.game.state
        return screen.status(s) or screen.lit(s)
    if hasattr(screen, "value") and hasattr(screen, "label"):
        return "%s: %s" % (screen.label, screen.value)
    return ""


def said():
    """What changed since the last call, once, in the tracker's own words ("" when nothing
    did): its newest message (an action's own with the side's credits: "Corp took 1 credit:
    6 credits, 2 clicks left"), or, for an action the glass shows without one (a run), the
    action as the game log's phrases word it, with the side's credits; else where the
    cursor moved (lit_words). The page's live region reads it out, so a screen reader hears
    each change and each move."""
    global _said, _changes, _lit
    app = device.app
    key = (app.toast, app._toast_until) if app.toast else None
    changed = app.changes != _changes
    text = ""
    if key is not None and key != _said:
        text = ("Refused: " + app.toast[2:]) if app.toast.startswith("! ") else app.toast
        if changed and _changes is not None and app.game.count and text == app.toast:
            spoken = _spoken(app.game)
            if spoken.startswith(text):
                text = spoken     # the action's own message, with the side's credits
    elif changed and _changes is not None and app.game.count:
        text = _spoken(app.game)
    lit = (id(app.screen), lit_words(app))
    if not text and _lit is not None and lit != _lit:
        text = lit[1]
    _said, _changes, _lit = key, app.changes, lit
    return text


def _spoken(game):
    """The game's last action as the game log's phrases word it, with the side's credits
    ("Corp took 1 credit: 6 credits, 2 clicks left")."""
    from engine_lite.game import words
    return words(game.rules).spoken(game.action_at(game.count - 1), game.state)


def board_text():
    """Both sides' numbers in words ("read the board"), for a screen reader or a glance."""
    from engine_lite.game import words
    game = device.app.game
    return words(game.rules).board(game.state)
