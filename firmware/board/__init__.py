"""The hardware layer: the pins, the buttons, the display and its driver, the board's clock, flash, watchdog and random source (firmware.board.hw: what the host replaces)."""
