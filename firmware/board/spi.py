"""A display on SPI: the CircuitPython-style bus and pins Adafruit's SSD1306_SPI driver expects,
over MicroPython's machine.SPI and machine.Pin (the pin map's "display": {"bus": "spi"}).

Over I2C a whole picture is 1,025 bytes at 400 kHz, some 23 ms on the wire; over 4-wire SPI at
10 MHz the same picture takes under a millisecond. The wires: clock (SCK), data (MOSI, marked
SDA or DIN on the modules), chip select (CS), data/command (DC) and reset (RES).

firmware.board.display sends its changed pages through `SPIBus.writeto`, the same call it
makes on the I2C bus: the first byte is an I2C control byte (0x00 commands, 0x40 data), which
over SPI becomes the level of the DC pin, and the rest go out on the wire between a low and a
high of CS.
"""

import adafruit_ssd1306
from adafruit_bus_device import spi_device


class PinOut:
    """digitalio.DigitalInOut-style output over a machine.Pin (what the driver and
    adafruit_bus_device set: `switch_to_output`, `value`)."""

    def __init__(self, pin):
        self.pin = pin

    def switch_to_output(self, value=False, drive_mode=None):
        """Drive the pin, starting at `value`."""
        self.pin(1 if value else 0)

    @property
    def value(self):
        """The level driven."""
        return self.pin()

    @value.setter
    def value(self, level):
        self.pin(1 if level else 0)


class SPIBus:
    """busio.SPI-style methods over a machine.SPI, and the display's DC and CS pins (machine
    Pins, driven). No locking is needed on one core; `configure` sets the clock only when it
    changes (a machine.SPI.init takes time). SPI has no acknowledge: `ok` stays True."""

    def __init__(self, spi, dc, cs, baudrate):
        self._spi = spi
        self._dc = dc
        self._cs = cs
        self.baudrate = baudrate
        self._rate = None
        self.ok = True
        self.dc = PinOut(dc)
        self.cs = PinOut(cs)
        # Another panel's chip select, lowered with this one's for page updates (`writeto`):
        # a second panel that shows the same pages, turned by its own controller
        self.also = None

    def try_lock(self):
        """Always succeeds: the firmware is single-threaded."""
        return True

    def unlock(self):
        """Nothing to release."""

    def configure(self, baudrate=100000, polarity=0, phase=0, bits=8):
        """Set the clock (mode 0 is the panels': idle low, data taken on the rising edge)."""
        if baudrate != self._rate:
            self._spi.init(baudrate=baudrate, polarity=polarity, phase=phase)
            self._rate = baudrate

    def write(self, buffer, *, start=0, end=None):
        """Send buffer[start:end]."""
        if end is None:
            end = len(buffer)
        if start == 0 and end == len(buffer):
            self._spi.write(buffer)
        else:
            self._spi.write(memoryview(buffer)[start:end])

    def writeto(self, address, buffer, *, start=0, end=None):
        """firmware.board.display's page update: buffer[start] an I2C control byte (0x40 data,
        else commands) as the DC pin's level, then buffer[start + 1:end] on the wire, with CS
        low. (`address` is the I2C bus's: an SPI panel has its own wires.)"""
        if end is None:
            end = len(buffer)
        self._dc(1 if buffer[start] & 0x40 else 0)
        also = self.also
        self._cs(0)
        if also is not None:
            also(0)
        self._spi.write(memoryview(buffer)[start + 1:end])
        self._cs(1)
        if also is not None:
            also(1)


class SSD1306_SPI(adafruit_ssd1306.SSD1306_SPI):
    """Adafruit's SSD1306 SPI driver, with the frame kept after one byte, as its I2C driver
    keeps it (the I2C control byte): firmware.board.display reads and sends the frame from the
    same places whichever the bus. (The module's reset pin is pulsed once at start-up by
    firmware.board.hw.reset_display, as over I2C.)"""

    SPI_HZ = 10000000       # the SSD1306's and SSD1309's datasheets: a 100 ns clock cycle

    def __init__(self, width, height, spi, baudrate=None):
        # (SSD1306_SPI.__init__'s own steps, with a buffer one byte longer)
        self.page_addressing = False
        spi.dc.switch_to_output(value=0)
        self.spi_device = spi_device.SPIDevice(spi, spi.cs, baudrate=baudrate or self.SPI_HZ)
        self.dc_pin = spi.dc
        self.buffer = bytearray(height // 8 * width + 1)
        self.buffer[0] = 0x40
        adafruit_ssd1306._SSD1306.__init__(self, memoryview(self.buffer)[1:], width, height,
                                           external_vcc=False, reset=None,
                                           page_addressing=False)

    def write_framebuf(self):
        """Send the whole frame as display data."""
        self.dc_pin.value = 1
        with self.spi_device as spi:
            spi.write(self.buffer, start=1)
