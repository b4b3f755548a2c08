"""A stand-in for MicroPython's `machine` module: a simulated board.

Plain Python that runs under CPython and MicroPython alike (the pixel-parity test loads it into the
WebAssembly MicroPython, which has no `machine`). The firmware uses it unchanged through
`firmware.board.hw`; the simulator and tests reach the simulated board through `machine.board`:

    machine.board.press(pin_number)        # the button on that pin is held down (reads 0)
    machine.board.release(pin_number)
    machine.board.i2c_devices[0x3C] = dev  # dev.write(bytes) receives each I2C write
    machine.board.i2c_log                  # None, or a list that collects (addr, bytes) writes
    machine.board.spi_devices[0] = [(dev, cs, dc)]  # dev.spi(bytes, dc_level) receives each
                                           # write on SPI0 while the pin `cs` is driven low
                                           # (a device each: two panels, each its own cs)
"""


class Board:
    """The simulated wiring: pin levels and the devices on the I2C bus."""

    def __init__(self):
        self.levels = {}        # pin number -> level set from outside (buttons)
        self.irqs = {}          # pin number -> [_Irq]: edge handlers
        self.i2c_devices = {}   # address -> object with write(data)
        self.i2c_log = None
        self.i2c_bytes = 0      # bytes written on the bus, address bytes included
        self.wdt = None
        self.resets = 0
        self.outputs = []       # (pin number, level) each time an output is driven, in order
        self.driven = {}        # pin number -> the level an output drives now
        self.spi_devices = {}   # SPI block -> [(object with spi(data, dc), CS pin, DC pin)]
        self.spi_bytes = 0

    def press(self, pin):
        """Hold the button on `pin` down (the pin is pulled to ground): a falling edge."""
        self._edge(pin, 0, Pin.IRQ_FALLING)

    def release(self, pin):
        """Let the button on `pin` go (the pull-up reads 1): a rising edge."""
        self._edge(pin, 1, Pin.IRQ_RISING)

    def _edge(self, pin, level, flag):
        # As on the RP2040: the level changes, then the handler runs, with the edge in the
        # irq's flags() while it does.
        changed = self.levels.get(pin, 1) != level
        self.levels[pin] = level
        if changed:
            for irq in self.irqs.get(pin, ()):
                if irq.trigger & flag:
                    irq.flags_now = flag
                    irq.handler(irq.pin)


board = Board()

_ASK = object()     # Pin.irq() called with no handler given


class Pin:
    """A GPIO pin. Inputs with PULL_UP read 1 unless the board holds them low."""

    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=IN, pull=None, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        self._out = value or 0
        if mode == Pin.OUT and value is not None:
            board.outputs.append((id, self._out))
            board.driven[id] = self._out

    def value(self, v=None):
        """Read the level, or drive an output."""
        if v is None:
            if self.mode == Pin.OUT:
                return self._out
            return board.levels.get(self.id, 1 if self.pull == Pin.PULL_UP else 0)
        self._out = 1 if v else 0
        if self.mode == Pin.OUT:
            board.outputs.append((self.id, self._out))
            board.driven[self.id] = self._out
        return None

    def __call__(self, v=None):
        return self.value(v)

    def irq(self, handler=_ASK, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        """Call handler(pin) on the given edges (the simulated board calls it at once; None:
        no more). With no arguments, as on a Pico: the pin's irq object unchanged, whose
        flags() are the edge being handled."""
        irqs = board.irqs.setdefault(self.id, [])
        mine = [irq for irq in irqs if irq.pin is self]
        if handler is _ASK:
            return mine[0] if mine else _Irq(self, None, 0)
        irqs[:] = [irq for irq in irqs if irq.pin is not self]
        irq = _Irq(self, handler, trigger)
        if handler is not None:
            irqs.append(irq)
        return irq

    def on(self):
        self._out = 1

    def off(self):
        self._out = 0


class _Irq:
    """A pin's interrupt: what calls its handler, and on which edges."""

    def __init__(self, pin, handler, trigger):
        self.pin = pin
        self.handler = handler
        self.trigger = trigger
        self.flags_now = 0

    def flags(self):
        """The edge (IRQ_FALLING or IRQ_RISING) whose handler is running."""
        return self.flags_now


class I2C:
    """An I2C controller. Writes go to the device registered at the address; a missing device
    raises OSError(ENODEV), as on the Pico."""

    def __init__(self, id=0, scl=None, sda=None, freq=400000):
        self.id = id
        self.scl = scl
        self.sda = sda
        self.freq = freq

    def scan(self):
        """Addresses that answer."""
        return sorted(board.i2c_devices)

    def writeto(self, addr, buf, stop=True):
        """Write bytes to the device; returns the number of acknowledged bytes."""
        device = board.i2c_devices.get(addr)
        if device is None:
            raise OSError(19)  # ENODEV
        data = bytes(buf)
        board.i2c_bytes += len(data) + 1
        if board.i2c_log is not None:
            board.i2c_log.append((addr, data))
        if data:
            device.write(data)
        return len(data)

    def readfrom_into(self, addr, buf, stop=True):
        """Read into buf (simulated devices answer zeros)."""
        if addr not in board.i2c_devices:
            raise OSError(19)
        for i in range(len(buf)):
            buf[i] = 0


class SPI:
    """An SPI controller, sending only (a display's). Each write reaches every device wired to
    this block (board.spi_devices) whose chip select is driven low, with its DC pin's level."""

    def __init__(self, id=0, baudrate=1000000, polarity=0, phase=0, sck=None, mosi=None,
                 miso=None):
        self.id = id
        self.init(baudrate, polarity, phase)

    def init(self, baudrate=1000000, polarity=0, phase=0):
        """Set the clock and mode."""
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase

    def write(self, buf):
        """Send bytes (nothing answers on SPI: no error when no device listens)."""
        data = bytes(buf)
        board.spi_bytes += len(data)
        for device, cs, dc in board.spi_devices.get(self.id, ()) if data else ():
            if board.driven.get(cs, 1) == 0:
                device.spi(data, board.driven.get(dc, 0))


class PWM:
    """A PWM output (the piezo buzzer). Records its settings."""

    def __init__(self, pin, freq=0, duty_u16=0):
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16

    def freq(self, value=None):
        if value is None:
            return self._freq
        self._freq = value

    def duty_u16(self, value=None):
        if value is None:
            return self._duty
        self._duty = value

    def deinit(self):
        self._duty = 0


class WDT:
    """The hardware watchdog: the simulated board records feeds; the simulator decides what a
    missed feed does (see host_tools.sim)."""

    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.fed = 0
        board.wdt = self

    def feed(self):
        self.fed += 1


def reset():
    """Reset the board: the simulator restarts the firmware."""
    board.resets += 1
    raise SystemExit("machine.reset()")


def freq(hz=None):
    return 125000000


def unique_id():
    return b"\x4e\x43\x4c\x4b\x00\x00\x00\x01"
