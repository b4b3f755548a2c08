"""The crash screen: what the tracker does when its own code fails.

Loaded only then (firmware.main.Device.crash), so it costs no heap the rest of the time.
"""

import io
import sys

from firmware.fonts import SMALL
from firmware.storage import checksum

ERROR_SHOW_MS = 4000     # how long the error screen stays before the restart
ERROR_LOG = "error.log"
ERROR_LOG_LIMIT = 4096   # then error.log becomes error.log.old and a new one starts


def report(device, error):
    """Save the game, log the traceback, and show a short code for the error on the display
    for a few seconds (feeding the watchdog). The caller restarts the board."""
    trace = io.StringIO()
    # (the Pico stubs type these two too narrowly: MicroPython's StringIO works here)
    sys.print_exception(error, trace)  # pyright: ignore[reportArgumentType]
    details = trace.getvalue()  # pyright: ignore[reportAttributeAccessIssue]
    code = "E%04X" % (checksum(details.encode()) & 0xFFFF)
    try:
        device.saver.flush()
    except Exception:
        pass
    try:
        old = device.flash.read(ERROR_LOG)
        if old is not None and len(old) > ERROR_LOG_LIMIT:
            device.flash.rename(ERROR_LOG, ERROR_LOG + ".old")   # keep the flash from filling
        device.flash.append(ERROR_LOG, ("%s\n%s\n" % (code, details)).encode())
    except Exception:
        pass
    fb = device.app.fb
    fb.fill(0)
    fb.fill_rect(0, 0, 128, 9, 1)
    SMALL.draw(fb, "NETCLICK ERROR " + code, 2, 1, 0)
    SMALL.draw(fb, type(error).__name__[:25], 2, 14)
    SMALL.draw(fb, "The game is saved.", 2, 30)
    SMALL.draw(fb, "Restarting...", 2, 40)
    SMALL.draw(fb, "Details: error.log", 2, 54)
    device.app.display.set_power(True)
    device.app.display.show()
    waited = 0
    while waited < ERROR_SHOW_MS:
        if device.watchdog:
            device.watchdog.feed()
        device.clock.sleep_ms(100)
        waited += 100
