"""The crash screen: what the tracker does when its own code fails.

Loaded only then (firmware.main.Device.crash), so it costs no heap the rest of the time.
"""

from firmware.screens.fonts import SMALL
from firmware.saving.errors import log_error
from firmware.board.display import open_display

ERROR_SHOW_MS = 4000     # how long the error screen stays before the restart


def report(device, error):
    """Save the game, log the traceback, and show a short code for the error on the display
    for a few seconds (feeding the watchdog). The caller restarts the board."""
    code = log_error(device.flash, error)
    try:
        saved = device.saver.flush()
    except Exception:
        saved = False
    fb = device.app.fb
    fb.fill(0)
    SMALL.draw(fb, "NETCLICK ERROR " + code, 2, 1)     # (as screens' titles: ruled off)
    fb.hline(0, 9, 128, 1)
    SMALL.draw(fb, type(error).__name__[:25], 2, 14)
    if saved:
        SMALL.draw(fb, "The game is saved.", 2, 30)
    else:
        # Say what is true: the last commit stands, what came after it may not.
        SMALL.draw(fb, "Last moves NOT saved:", 2, 24)
        SMALL.draw(fb, "check them after restart", 2, 33)
    SMALL.draw(fb, "Restarting...", 2, 44)
    SMALL.draw(fb, "Details: error.log", 2, 54)
    device.app.display.set_power(True)
    device.app.display.show()
    waited = 0
    while waited < ERROR_SHOW_MS:
        if device.watchdog:
            device.watchdog.feed()
        device.clock.sleep_ms(100)
        waited += 100


def halt(error, clock, flash, pins=None):
    """The tracker cannot start: log why, say so on the display if the pin map could be read,
    and wait. No restart (that would only fail again, in a loop) and no file is touched but
    error.log."""
    code = log_error(flash, error)
    try:
        if pins is None:
            raise ValueError("no pin map: no display to show this on")
        display = open_display(pins)
        fb = display.fb
        fb.fill(0)
        SMALL.draw(fb, "NETCLICK CANNOT START", 2, 1)
        fb.hline(0, 9, 128, 1)
        SMALL.draw(fb, code + " " + type(error).__name__[:19], 2, 14)
        SMALL.draw(fb, str(error)[:25], 2, 24)
        SMALL.draw(fb, "Saved files untouched.", 2, 38)
        SMALL.draw(fb, "Details: error.log", 2, 54)
        display.show()
    except Exception:
        pass
    while True:
        clock.sleep_ms(1000)
