"""pyright checks engine_lite/ and firmware/ against the Pico's MicroPython stubs."""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYRIGHT = os.path.join(ROOT, "host_tools", "node", "node_modules", ".bin", "pyright")


def test_device_code_type_checks_against_the_pico_stubs():
    result = subprocess.run([PYRIGHT, "--outputjson"], cwd=ROOT, capture_output=True, text=True)
    import json
    report = json.loads(result.stdout)
    errors = [d for d in report["generalDiagnostics"] if d["severity"] == "error"]
    assert errors == [], "\n".join("%s:%d %s" % (d["file"], d["range"]["start"]["line"] + 1,
                                                 d["message"]) for d in errors)
    assert report["summary"]["filesAnalyzed"] >= 15
