"""Every device file compiles with mpy-cross (the MicroPython cross-compiler)."""

import glob
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_FILES = sorted(glob.glob(os.path.join(ROOT, "engine_lite", "**", "*.py"), recursive=True)
                      + [os.path.join(ROOT, "main.py")]
                      + glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True))


@pytest.mark.parametrize("path", DEVICE_FILES, ids=lambda p: os.path.relpath(p, ROOT))
def test_compiles(path, tmp_path):
    out = tmp_path / "out.mpy"
    result = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", str(out), path],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 0


def test_a_deployed_boards_error_log_names_the_line_that_failed():
    """`make deploy ARGS=--line-numbers`: the .mpy files keep their line-number tables, so the
    traceback firmware.crash writes to error.log says where it broke (not the "line 1" of every
    frame that the default deploy's -O3 gives, for the heap it leaves a game)."""
    from host_tools.mprun import firmware_files, run_micropython
    with open(os.path.join(ROOT, "engine_lite", "netrunner", "actions.py")) as handle:
        line = 1 + [n for n, text in enumerate(handle)
                    if 'raise ValueError("record past the end' in text][0]
    files = firmware_files(compiled=True, line_numbers=True)
    assert "/lib/engine_lite/netrunner/actions.mpy" in files
    with open(os.path.join(ROOT, "host_tools", "standins", "machine.py")) as handle:
        files["/lib/machine.py"] = handle.read()
    code = (
        "from engine_lite.netrunner import actions\n"
        "from firmware.saving import errors\n"
        "class Flash:\n"
        "    log = b''\n"
        "    def read(self, name):\n"
        "        return self.log or None\n"
        "    def append(self, name, data):\n"
        "        self.log += data\n"
        "flash = Flash()\n"
        "try:\n"
        "    actions.decode(b'', 0, ())\n"
        "except ValueError as error:\n"
        "    errors.log_error(flash, error)\n"
        "print(flash.log.decode())\n")
    log = run_micropython(code, packages=(), files=files)
    assert 'engine_lite/netrunner/actions.py", line %d, in decode' % line in log, log
