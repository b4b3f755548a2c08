"""A few words on an error for the player: what a failed save says on the display.

Loaded only when a save fails (firmware.saving.storage.describe_error), and let go after.
"""

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
