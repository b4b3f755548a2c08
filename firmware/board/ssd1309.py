"""The SSD1309 controller of the larger (2.42") 128x64 OLED modules.

It draws with the SSD1306's commands (the same memory, addressing and windows), so Adafruit's
SSD1306 driver and firmware.board.display work on it unchanged, but its set-up differs: it has no
charge pump (the module makes the panel's voltage), no 0xAD current reference, and wants its own
clock, pre-charge and VCOMH levels. `SSD1309_I2C` is the driver with the SSD1309's set-up in
place of the SSD1306's. Used when the pin map says `"controller": "ssd1309"` (over I2C or SPI).
"""

import adafruit_ssd1306

from firmware.board.spi import SSD1306_SPI

# The set-up, in the order of the SSD1309 datasheet's example and u8g's SSD1309 128x64 driver.
INIT = (
    0xFD, 0x12,     # unlock the command interface (the lock survives a soft reset)
    0xAE,           # display off
    0xD5, 0xA0,     # clock divide ratio 1, oscillator frequency 10 (of 15)
    0xA8, 63,       # multiplex ratio: 64 rows
    0xD3, 0x00,     # display offset 0
    0x40,           # start line 0
    0x20, 0x00,     # horizontal addressing: firmware.board.display sends column and page windows
    0xA1,           # segment remap and
    0xC8,           # COM scan from the last row: the picture upright, as on the 0.96" modules
    0xDA, 0x12,     # COM pins: alternative configuration, no left/right remap
    0x81, 0xFF,     # contrast (the settings set it again)
    0xD9, 0x82,     # pre-charge: phase 1 two clocks, phase 2 eight
    0xDB, 0x34,     # VCOMH deselect level about 0.78 x VCC
    0xA4,           # the picture follows the memory
    0xA6,           # not inverted
    0xAF,           # display on
)


def init_display(self):
    """Send the SSD1309's set-up, then a blank frame (as the SSD1306 driver does), on either
    bus."""
    for cmd in INIT:
        self.write_cmd(cmd)
    self.fill(0)
    self.show()


class SSD1309_I2C(adafruit_ssd1306.SSD1306_I2C):
    """Adafruit's SSD1306 I2C driver, set up as an SSD1309 wants (INIT)."""

    init_display = init_display


class SSD1309_SPI(SSD1306_SPI):
    """The SSD1306 SPI driver (firmware.board.spi), set up as an SSD1309 wants (INIT)."""

    init_display = init_display
