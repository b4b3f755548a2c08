"""Run code under real MicroPython (the pinned WebAssembly build, through Node) from CPython.

Tests and benchmarks use this to prove that device code runs on MicroPython, not only on CPython:

    from host_tools.mprun import run_micropython
    print(run_micropython("import engine_lite.game; print('ok')"))

The project's device packages are copied into MicroPython's `/lib` first. Only `machine` is
missing there; the firmware's hardware layer is replaced by the caller where needed.
"""

import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "host_tools", "node", "run.mjs")
DEVICE_PACKAGES = ("engine_lite",)


class MicroPythonError(RuntimeError):
    """The code raised an exception under MicroPython; the message holds its traceback."""


def package_files(packages=DEVICE_PACKAGES, root=ROOT):
    """{'/lib/<package>/<file>.py': source} for every .py file of the given package folders."""
    files = {}
    for package in packages:
        folder = os.path.join(root, package)
        for dirpath, _dirs, names in os.walk(folder):
            for name in sorted(names):
                if name.endswith(".py"):
                    path = os.path.join(dirpath, name)
                    rel = os.path.relpath(path, root).replace(os.sep, "/")
                    with open(path, encoding="utf-8") as handle:
                        files["/lib/" + rel] = handle.read()
    return files


def firmware_files(compiled=False, line_numbers=False):
    """Everything the firmware needs under MicroPython except `machine`: exactly what
    `make deploy` puts on a board (host_tools.deploy.source_files), the packages in /lib and the
    pin map in /hardware. With compiled=True the .py files are replaced by the .mpy files
    mpy-cross makes of them, as on a deployed Pico (`line_numbers`: as `make deploy
    ARGS=--line-numbers` makes them)."""
    import base64
    import tempfile
    from host_tools.deploy import plan
    files = {}
    with tempfile.TemporaryDirectory() as build:
        for board_path, local, _ in plan(build, source=not compiled, line_numbers=line_numbers):
            if board_path == "main.py":
                continue    # the board's start-up script: the harnesses start the firmware
            key = "/" + board_path if board_path.startswith("hardware/") else "/lib/" + board_path
            if board_path.endswith(".mpy"):   # exactly the bytes `make deploy` would copy
                with open(local, "rb") as handle:
                    files[key] = {"base64": base64.b64encode(handle.read()).decode()}
            else:
                with open(local, encoding="utf-8") as handle:
                    files[key] = handle.read()
    return files


def compile_files(files):
    """The same files with every .py compiled to .mpy by mpy-cross with the options `make deploy`
    uses (sent to Node as base64)."""
    import base64
    import sys
    import tempfile
    out = {}
    with tempfile.TemporaryDirectory() as folder:
        from host_tools.deploy import NATIVE_MODULES
        for path, text in files.items():
            if not path.endswith(".py"):
                out[path] = text
                continue
            if path[5:] in NATIVE_MODULES:
                continue        # (machine code: this port has no native emitter)
            source = os.path.join(folder, "module.py")
            target = os.path.join(folder, "module.mpy")
            with open(source, "w", encoding="utf-8") as handle:
                handle.write(text)
            from host_tools.deploy import MPY_OPTIONS
            subprocess.run([sys.executable, "-m", "mpy_cross"] + MPY_OPTIONS +
                           ["-s", path[5:], "-o", target, source], check=True, capture_output=True)
            with open(target, "rb") as handle:
                out[path[:-3] + ".mpy"] = {"base64": base64.b64encode(handle.read()).decode()}
    return out


def run_micropython(code, packages=DEVICE_PACKAGES, files=None, heapsize=1024 * 1024, timeout=600):
    """Run `code` under MicroPython with the packages in /lib; return what it printed.

    `code` is a string or a list of strings run one after another in the same interpreter.
    gc.collect() in this port only frees memory at the start of a chunk (see run.mjs), so
    heap measurements collect in a chunk of their own. `files` adds more {path: text} entries.
    Raises MicroPythonError if the code raised.
    """
    job_files = package_files(packages)
    if files:
        job_files.update(files)
    job = json.dumps({"files": job_files, "code": code, "heapsize": heapsize})
    result = subprocess.run(["node", RUNNER], input=job, capture_output=True, text=True,
                            timeout=timeout, cwd=os.path.dirname(RUNNER))
    if result.returncode != 0:
        raise MicroPythonError(result.stderr.strip() or "node exited with %d" % result.returncode)
    return result.stdout
