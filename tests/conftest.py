"""Every test runs with the host stand-ins for MicroPython's `machine` and `framebuf` importable,
as the simulator does (firmware code imports them at module level)."""

from host_tools.sim import install_standins

install_standins()
