"""The first line of every whole-game save file: `game.json` and its copies, and the kept games
`prev1.json` ... (firmware.saving.archive).

    NETCLICK-SAVE 1 <number> <checksum>\n<text>

The number is the snapshot's sequence number (firmware.saving.storage), or how new a kept game
is (firmware.saving.archive); the checksum is the Adler-32 of the text that follows (the
snapshot's JSON, engine_lite.snapshot).
"""

HEADER = b"NETCLICK-SAVE 1 "


def frame(number, text, sum):
    """A save file's bytes: the header line with `number` and `sum` (the checksum of `text`),
    then `text`."""
    return HEADER + b"%d %d\n" % (number, sum) + text


def unframe(data):
    """(number, checksum, where the text starts) from a save file's bytes; ValueError saying
    what is wrong with its header line. The checksum is not checked here."""
    if not data.startswith(HEADER):
        raise ValueError("no header")
    end = data.find(b"\n")
    if end < 0:
        raise ValueError("no header line")
    fields = data[len(HEADER):end].split()
    if len(fields) != 2 or not fields[0].isdigit() or not fields[1].isdigit():
        raise ValueError("bad header")
    return int(fields[0]), int(fields[1]), end + 1
