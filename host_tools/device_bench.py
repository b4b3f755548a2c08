"""Run the on-device self-test and benchmark (`make device-bench`).

    python -m host_tools.device_bench              # on the connected Pico, through mpremote
    python -m host_tools.device_bench --port /dev/ttyACM0
    python -m host_tools.device_bench --sim        # in the simulator (checks the flow; its
                                                   # timings are not the Pico's)

The script itself is firmware/selftest.py, deployed with the tracker (`make deploy` first). It
asks for each button to be pressed in turn on the OLED.
"""

import argparse
import subprocess
import sys

from host_tools import deploy


class PressingClock:
    """A manual clock for the simulator, with a stand-in player: when the self-test asks for a
    button, the player presses it a moment later (unless that button is `dead`)."""

    def __init__(self, board, pins, dead=()):
        from host_tools.keyscript import ManualClock
        self._clock = ManualClock()
        self.board = board
        self.pins = pins
        self.dead = dead
        self.events = []

    def __getattr__(self, name):
        return getattr(self._clock, name)

    def asked_for(self, name):
        """The self-test's prompt: press that button in 300 ms, for 80 ms (KNOB: turn it a
        click clockwise, its switches' edges 2 ms apart)."""
        if name == "KNOB":
            if name not in self.dead:
                from host_tools.keyscript import knob_edges
                knob = self.pins["knob"]
                for i, (switch, closed) in enumerate(knob_edges(1)):
                    self.events.append((self._clock.now + 300 + 2 * i,
                                        self.board.press if closed else self.board.release,
                                        knob[switch]))
            return
        if name not in self.dead:
            pin = self.pins["buttons"][name]
            self.events.append((self._clock.now + 300, self.board.press, pin))
            self.events.append((self._clock.now + 380, self.board.release, pin))

    def sleep_ms(self, ms):
        self._clock.sleep_ms(ms)
        while self.events and self.events[0][0] <= self._clock.now:
            _, action, pin = self.events.pop(0)
            action(pin)


def run_sim(out=print, dead=(), pins_path=None, wired_path=None):
    """The self-test in the simulator; buttons in `dead` do not work (KNOB: the knob). Returns
    failures. `wired_path`: the pin map the display is really wired as, when not the one the
    firmware reads (a maker's slip)."""
    import os
    import tempfile
    from host_tools.sim import install_standins, ROOT
    machine = install_standins()
    from firmware.main import load_pins
    from firmware.selftest import run
    from host_tools.ssd1306_emu import SSD1306
    machine.board = machine.Board()
    pins_path = pins_path or os.path.join(ROOT, "hardware", "pins.json")
    pins = load_pins(pins_path)
    wired = load_pins(wired_path) if wired_path else pins
    panel = SSD1306((wired.get("display") or {}).get("controller", "ssd1306"))
    if (wired.get("display") or {}).get("bus") == "spi":
        machine.board.spi_devices[wired["spi"]["id"]] = [(panel, wired["spi"]["cs"],
                                                          wired["spi"]["dc"])]
    else:
        machine.board.i2c_devices[0x3C] = panel
    clock = PressingClock(machine.board, pins, dead)
    with tempfile.TemporaryDirectory() as folder:
        return run(pins_path, clock, folder, out=out, prompt=clock.asked_for)


def run_virtual():
    """The self-test on the virtual Pico, deployed by `make deploy ARGS=--virtual`. The finger
    reads the OLED's "Press NAME" prompt and presses that button."""
    from host_tools import vpico
    from host_tools.deploy import deployed_image
    image = deployed_image()
    state = {"text": None, "pressed": None, "at": 0}

    def finger(pico):
        # Press each button once, 400 ms after the self-test asks for it (read off the glass).
        asked = _asked_button(pico)
        if asked and asked != state["pressed"] and pico.now_us - state["at"] > 400000:
            pico.press(asked)
            pico.run(80)
            pico.release(asked)
            state["pressed"] = asked
            state["at"] = pico.now_us

    with vpico.VirtualPico(image) as pico:
        pico.boot()
        with vpico.SerialBridge(pico, between=finger) as port:
            print("Running the self-test on the virtual Pico (%s)." % port)
            command = [sys.executable, "-m", "mpremote", "connect", port, "exec",
                       "from firmware.selftest import run\nimport sys\nsys.exit(1 if run() else 0)"]
            result = subprocess.run(command)
    return result.returncode


def _asked_button(pico):
    """The button the self-test's screen asks for ("Press OK"): the glass is compared with the
    screen firmware.selftest draws for each button, drawn here with the firmware's own font."""
    from host_tools.vpico import load_pins
    pins = load_pins()
    glass = pico.glass_bytes()
    for name in pins["buttons"]:
        if glass == _prompt_screen(name, name in pins.get("optional", ())):
            return name
    return None


def _prompt_screen(name, optional):
    from host_tools.sim import install_standins
    install_standins()
    import framebuf
    from firmware.screens.fonts import SMALL
    buffer = bytearray(128 * 8)
    fb = framebuf.FrameBuffer(buffer, 128, 64, framebuf.MONO_VLSB)
    lines = ("SELF-TEST: BUTTONS", "", "Press %s" % name,
             "(optional: wait to skip)" if optional else "")
    for i in range(len(lines)):
        SMALL.draw(fb, lines[i], 0, i * 10)
    return bytes(buffer)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.device_bench")
    parser.add_argument("--port", help="serial port of the board (default: find the Pico)")
    parser.add_argument("--sim", action="store_true", help="run in the simulator instead")
    parser.add_argument("--virtual", action="store_true",
                        help="run on the virtual Pico (host_tools.vpico), a finger pressing "
                             "each button the self-test asks for")
    args = parser.parse_args(argv)
    if args.sim:
        return 1 if run_sim() else 0
    if args.virtual:
        return run_virtual()
    try:
        port = args.port or deploy.find_port(deploy.serial_ports())
        deploy.reset_and_reconnect(port)      # stop the tracker before its watchdog is armed
    except deploy.DeployError as error:
        print(error, file=sys.stderr)
        return 1
    print("Running the self-test on %s: watch the OLED and press each button it names." % port)
    command = [sys.executable, "-m", "mpremote", "connect", port, "exec",
               "from firmware.selftest import run\nimport sys\nsys.exit(1 if run() else 0)"]
    result = subprocess.run(command)
    if result.returncode != 0:
        print("The self-test did not pass (or the tracker is not on the board: `make deploy`).",
              file=sys.stderr)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
