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
RUNNER = os.path.join(ROOT, "host_tools", "wasm", "run.mjs")
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
