"""Every device file compiles with mpy-cross (the MicroPython cross-compiler)."""

import glob
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_FILES = sorted(glob.glob(os.path.join(ROOT, "engine_lite", "*.py")) + [os.path.join(ROOT, "main.py")]
                      + glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True))


@pytest.mark.parametrize("path", DEVICE_FILES, ids=lambda p: os.path.relpath(p, ROOT))
def test_compiles(path, tmp_path):
    out = tmp_path / "out.mpy"
    result = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", str(out), path],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 0
