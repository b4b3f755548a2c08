"""Helpers for tests that drive the simulator."""

from contextlib import contextmanager

from firmware.board.buttons import DOWN
from host_tools.sim import Simulator


def play(keys, settle=300):
    """A simulator after a key script (from a new game)."""
    sim = Simulator()
    sim.keys(keys)
    sim.run(settle)
    return sim


def same_game(a, b):
    """The same rules, start, history, state and redo list (what a snapshot must keep). The
    device never compares games, so Game has no __eq__ on its heap."""
    return (a.rules is b.rules and a.state.pack() == b.state.pack() and a.history == b.history
            and a.checkpoints[0] == b.checkpoints[0] and a.redo_stack == b.redo_stack)


# A tap on the glass is played as the browser page plays it (host_tools/web/netclick.js,
# touchGlass): each key it stands for pressed, held MIN_HOLD_MS, and the next 40 ms later.
MIN_HOLD_MS = 60


def key_script(events):
    """A key script from (event, gap) pairs: ("tap" or "hold", key, ms down), or ("chord",
    first, second, ms before the second, ms both are down); then gap ms with none. ("touch",
    x, y), a tap on the glass, is written TOUCH:x:y, and ("stall", key, ms), a key tapped
    inside the next flash write, which takes ms (a slow flash's sector erases), STALL:key:ms,
    and ("busy", first, second, together, ms, inside), two keys moving while the loop is busy
    (busy_between), BUSY:first:second:together:ms:inside, and ("week", hours), hours to days
    with nobody pressing, WEEK:hours: only `drive` plays them (a touch's
    keys depend on the screen at that moment). ("pause", ms): nobody presses for that long."""
    words = []
    for event, gap in events:
        if event[0] == "pause":
            words.append("WAIT:%d" % event[1])
        elif event[0] == "turn":
            words.append("TURN:%+d" % event[1])
        elif event[0] == "week":
            words.append("WEEK:%d" % event[1])
        elif event[0] == "touch":
            words.append("TOUCH:%d:%d" % event[1:])
        elif event[0] == "stall":
            words.append("STALL:%s:%d" % event[1:])
        elif event[0] == "busy":
            words.append("BUSY:%s:%s:%s:%d:%s" % event[1:])
        elif event[0] == "tap":
            words += ["PRESS:" + event[1], "WAIT:%d" % event[2], "RELEASE:" + event[1]]
        elif event[0] == "hold":
            words += ["PRESS:" + event[1], "WAIT:%d" % event[2], "RELEASE:" + event[1]]
        else:
            _, first, second, after, held = event
            words += ["PRESS:" + first, "WAIT:%d" % after]
            if second != first:
                words += ["PRESS:" + second]
            words += ["WAIT:%d" % held, "RELEASE:" + first]
            if second != first:
                words += ["RELEASE:" + second]
        words.append("WAIT:%d" % gap)
    return ",".join(words)


def drive(sim, events):
    """Play (event, gap) pairs (key_script's) on the simulator, a touch on the glass as the keys
    firmware.netrunner.touch gives for it at that moment, pressed as the page presses them."""
    from firmware.netrunner.touch import keys_for
    for event, gap in events:
        if event[0] == "pause":
            sim.idle(event[1], 500)              # (nobody presses: the loop once every 500 ms)
            sim.run(gap)
        elif event[0] == "week":
            sim.idle(event[1] * 3600000, 600000)   # (nobody presses: the loop every 10 min)
            sim.run(gap)
        elif event[0] == "touch":
            words = []
            for name in keys_for(sim.app, event[1], event[2]):
                words += ["PRESS:" + name, "WAIT:%d" % MIN_HOLD_MS, "RELEASE:" + name, "WAIT:40"]
            sim.keys(",".join(words + ["WAIT:%d" % gap]))
        elif event[0] == "stall":
            stall_next_write(sim, event[1], event[2])
            sim.run(gap)
        elif event[0] == "busy":
            busy_between(sim, *event[1:])
            sim.keys("WAIT:40,RELEASE:%s,WAIT:%d" % (event[2], gap))
        elif event[0] == "turn" and not sim.pins.get("knob"):
            sim.run(gap)                         # (no knob on this board)
        else:
            sim.keys(key_script([(event, gap)]))


def busy_between(sim, first, second, together, apart, inside=False):
    """`first` goes down and is seen; then the main loop is busy (nobody polls, only the pins'
    interrupts see the keys) while `first` comes up and `second` goes down, `apart` ms between
    the two edges: `second` first if `together` (keys together), else `first` (a tap, then the
    next key), each edge with a bounce. `inside`: busy inside the handling of `first`'s DOWN
    (the .mpy deploy loads the screen its release opens), else just after it (a screen being
    drawn). `second` is left down."""
    def move(key, down):
        # with a contact's bounce: the level flips back once before it settles
        for level in (down, not down, down):
            (sim.driver.press if level else sim.driver.release)(key)

    def busy():
        sim.clock.now += 30
        if together and second != first:
            move(second, True)
            sim.clock.now += apart
            move(first, False)
        else:
            move(first, False)
            sim.clock.now += apart
            move(second, True)
        sim.clock.now += 30

    app = sim.app
    if inside:
        def on_button(name, event):
            type(app).on_button(app, name, event)
            if name == first and event == DOWN:
                del app.on_button
                busy()
        app.on_button = on_button
        sim.keys("PRESS:" + first)
        if "on_button" in app.__dict__:      # (the DOWN was not read: busy after it, then)
            del app.on_button
            busy()
    else:
        sim.keys("PRESS:" + first)
        busy()


def stall_next_write(sim, key, ms):
    """The next write to the flash takes `ms`, and `key` is tapped while it lasts: the main
    loop is blind meanwhile, and on a Pico the pin's interrupt runs once the write is over
    (interrupts are off during a flash erase), so the tap is seen as an edge just then. Stalls
    asked for before a write comes wait for the writes after it, one each."""
    flash = sim.flash
    stalls = flash.__dict__.get("stalls")
    if stalls is None:
        stalls = flash.stalls = []
        store = flash._store

        def stalled(name, before, data):
            if stalls:
                key, ms = stalls.pop(0)
                sim.clock.now += ms
                pin = sim.pins["buttons"][key]
                sim.board.press(pin)
                sim.board.release(pin)
            return store(name, before, data)
        flash._store = stalled
    stalls.append((key, ms))


# (where a text is on the glass: host_tools.screenshots, shared with host_tools.legibility)
from host_tools.screenshots import where_shown  # noqa: E402,F401


def choose(sim, *path):
    """Open a menu row by its words (Simulator.choose). Returns the simulator."""
    sim.choose(*path)
    return sim


def journal_of(flash):
    """The save journal's bytes as the firmware reads them (its run of small files,
    firmware.board.hw.JournalFiles), or None."""
    from firmware.board.hw import JournalFiles
    from firmware.saving.storage import JOURNAL
    return JournalFiles(flash, JOURNAL).read(JOURNAL)


def set_journal(flash, data):
    """Replace the save journal (its whole run of files) with `data` in one file, or remove it
    (None)."""
    from firmware.board.hw import JournalFiles
    from firmware.saving.storage import JOURNAL
    files = JournalFiles(flash, JOURNAL)
    if data is None:
        files.remove(JOURNAL)
    else:
        files.write(JOURNAL, data)


def run_of(flash):
    """The journal's files on a MemoryFlash, in order: game.jnl, game.jnl1..."""
    from firmware.saving.storage import JOURNAL
    names = [JOURNAL] if JOURNAL in flash.files else []
    while names and "%s%d" % (JOURNAL, len(names)) in flash.files:
        names.append("%s%d" % (JOURNAL, len(names)))
    return names


@contextmanager
def journal_files_of(size):
    """The journal's files at most `size` bytes each (JournalFiles.SEGMENT_BYTES) for the
    block: hypothesis's @given runs many examples in one test call, so monkeypatch (undone
    only when the test ends) cannot set it per example."""
    from firmware.board.hw import JournalFiles
    before = JournalFiles.SEGMENT_BYTES
    JournalFiles.SEGMENT_BYTES = size
    try:
        yield
    finally:
        JournalFiles.SEGMENT_BYTES = before


# Device modules that power-up does not import, each for its reason: the browser's touch input
# (a Pico has no touch screen), the browser's import of a game file (a Pico has no file to take
# one from), the self-test a maker runs at the REPL, and the game log's text format, which host
# tools and the browser read and write and the device never does (engine_lite.logtext).
NOT_AT_POWER_UP = {"firmware.netrunner.touch", "firmware.saving.importing", "firmware.selftest",
                   "engine_lite.logtext", "engine_lite.netrunner.logline", "engine_lite.logwords",
                   "engine_lite.netrunner.text", "engine_lite.infiltration.text",
                   "engine_lite.netrunner.report"}
# The modules in machine code (viper), which CPython cannot compile and the unix port's run
# does not load (compiled for the Pico): the tracker does without them there.
NATIVE = {"firmware.saving.adler", "firmware.screens.glyphs", "firmware.board.changed"}
# The modules of the firmware image's own (host_tools.deploy.IMAGE_ONLY): off the .mpy deploy,
# and keyed_erase's import of the image's C module fails elsewhere (the tracker does without).
def _image_only():
    from host_tools import deploy
    return set(path[:-3].replace("/", ".") for path in deploy.IMAGE_ONLY)


IMAGE_ONLY = _image_only()


def device_module_names():
    """Every module of engine_lite and firmware, by its dotted name."""
    import os
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    found = set()
    for package in ("engine_lite", "firmware"):
        for folder, dirs, names in os.walk(os.path.join(root, package)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            prefix = os.path.relpath(folder, root).replace(os.sep, ".")
            found |= {prefix if name == "__init__.py" else prefix + "." + name[:-3]
                      for name in names if name.endswith(".py")}
    return found


def saver_tick(device, now):
    """The Saver's pass at `now` as the main loop makes it: while a pause's whole files are
    written a step at a time (firmware.saving.storage.Saver.busy) the loop does not sleep, so
    here the steps follow at once. Returns whether it saved."""
    saved = device.saver.tick(now)
    while device.saver.busy():
        saved = device.saver.tick(now) or saved
    return saved


def device_tick(device, now):
    """A pass of the main loop at `now` (firmware.main.Device.tick), and those that follow at
    once while a pause's whole files are written a step at a time."""
    device.tick(now)
    while device.saver.busy():
        device.tick(now)
