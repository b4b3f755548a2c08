"""Errors, in words and on file: what a failed save says on the display (`describe`), and the
traceback of anything that went wrong kept in error.log (`log_error`: the crash screen, a boot
that cannot start, a save that cannot be read).

"""

import io
import sys

ERROR_LOG = "error.log"
ERROR_LOG_LIMIT = 4096   # then error.log becomes error.log.old and a new one starts

ERRNO_NAMES = {5: "flash read/write error (EIO)", 30: "flash is read-only (EROFS)",
               12: "out of memory", 2: "file missing", 19: "no device", 110: "timed out"}


def describe(error, flash):
    """A few words on an error for the player: "flash full, 0 KB free", "out of memory"..."""
    if isinstance(error, MemoryError):
        return "out of memory"
    if isinstance(error, OSError) and error.args and isinstance(error.args[0], int):
        code = error.args[0]
        if code == 28:                                 # ENOSPC
            free = flash.free() if flash is not None else None
            return "flash full" if free is None else "flash full, %d KB free" % (free // 1024)
        return ERRNO_NAMES.get(code, "error %d" % code)
    return type(error).__name__


def log_error(flash, error):
    """Append the error's traceback to error.log (kept small); returns its short code."""
    trace = io.StringIO()
    # (the Pico stubs type these two too narrowly: MicroPython's StringIO works here)
    sys.print_exception(error, trace)  # pyright: ignore[reportArgumentType]
    details = trace.getvalue()  # pyright: ignore[reportAttributeAccessIssue]
    # The code: the low half of the details' Adler-32 (as storage.checksum gives it), a sum
    # of the bytes; errors does not import storage, which loads it to describe a failed save.
    code = "E%04X" % ((1 + sum(details.encode())) % 65521)
    try:
        size = flash.size(ERROR_LOG) if hasattr(flash, "size") else None
        if size is not None and size > ERROR_LOG_LIMIT:
            flash.rename(ERROR_LOG, ERROR_LOG + ".old")   # keep the flash from filling
        flash.append(ERROR_LOG, ("%s\n%s\n" % (code, details)).encode())
    except Exception:
        pass
    return code
