"""The SH1106 controller of most 1.3" 128x64 OLED modules.

It draws with the SSD1306's pixel layout (8-pixel pages, a byte a column) and most of its set-up
commands, but its memory is 132 columns wide, the glass showing columns 2 to 129, and it has
page addressing only: no column or page windows (0x21, 0x22) and no horizontal addressing
(0x20). So Adafruit's SSD1306 driver would show a shifted, striped picture on it. `SH1106_I2C`
is that driver with the SH1106's set-up and a `show()` that sends a page at a time, each from
column COLUMN_OFFSET; firmware.board.display sends its changed pages the same way (`PAGED`).
Used when the pin map says `"controller": "sh1106"` (over I2C or SPI).
"""

import adafruit_ssd1306

from firmware.board.spi import SSD1306_SPI

# The set-up, in the order of the SH1106 datasheet's example (and the common SH1106 drivers).
INIT = (
    0xAE,           # display off
    0xD5, 0x80,     # clock divide ratio 1, oscillator frequency (the reset value)
    0xA8, 63,       # multiplex ratio: 64 rows
    0xD3, 0x00,     # display offset 0
    0x40,           # start line 0
    0xAD, 0x8B,     # its DC-DC converter on (the module's panel voltage)
    0xA1,           # segment remap and
    0xC8,           # COM scan from the last row: the picture upright, as on the 0.96" modules
    0xDA, 0x12,     # COM pins: alternative configuration
    0x81, 0xFF,     # contrast (the settings set it again)
    0xD9, 0x1F,     # pre-charge: phase 1 one clock, phase 2 fifteen
    0xDB, 0x40,     # VCOMH deselect level
    0x32,           # charge pump 8.0 V (its reset value)
    0xA4,           # the picture follows the memory
    0xA6,           # not inverted
    0xAF,           # display on
)


def init_display(self):
    """Send the SH1106's set-up, then a blank frame (either bus's driver)."""
    for cmd in INIT:
        self.write_cmd(cmd)
    self.fill(0)
    self.show()


def _page_address(driver, page):
    driver.write_cmd(0xB0 | page)
    driver.write_cmd(driver.COLUMN_OFFSET & 0x0F)
    driver.write_cmd(0x10 | (driver.COLUMN_OFFSET >> 4))


class SH1106_I2C(adafruit_ssd1306.SSD1306_I2C):
    """Adafruit's SSD1306 I2C driver, set up as an SH1106 wants (INIT), sending a page at a
    time from column COLUMN_OFFSET."""

    PAGED = True            # page addressing only: firmware.board.display sends page by page
    COLUMN_OFFSET = 2       # the glass is columns 2..129 of its 132 (either way round)
    init_display = init_display

    def show(self):
        """Send the whole frame: each page from column COLUMN_OFFSET (no windows on an SH1106)."""
        width = self.width
        buffer = self.buffer              # 0x40, then the frame
        for page in range(self.height // 8):
            _page_address(self, page)
            # (the 0x40 control byte: the byte before this page's, borrowed for the write)
            start = 1 + page * width
            borrowed = buffer[start - 1]
            buffer[start - 1] = 0x40
            try:
                self.i2c_device.write(buffer, start=start - 1, end=start + width)
            finally:
                buffer[start - 1] = borrowed


class SH1106_SPI(SSD1306_SPI):
    """The SSD1306 SPI driver (firmware.board.spi), set up as an SH1106 wants, sending a page
    at a time from column COLUMN_OFFSET."""

    PAGED = True
    COLUMN_OFFSET = 2
    SPI_HZ = 4000000        # the SH1106's datasheet: a 250 ns clock cycle at the least
    init_display = init_display

    def show(self):
        """Send the whole frame: each page from column COLUMN_OFFSET."""
        width = self.width
        for page in range(self.height // 8):
            _page_address(self, page)
            self.dc_pin.value = 1
            with self.spi_device as spi:
                spi.write(self.buffer, start=1 + page * width, end=1 + (page + 1) * width)
