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


def site_package_files(modules):
    """{'/lib/<path>': source} for installed pure-Python modules or packages (e.g. the pinned
    adafruit_ssd1306 driver), found where CPython imports them from."""
    import importlib.util
    files = {}
    for module in modules:
        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None:
            raise ImportError("%s is not installed" % module)
        if spec.submodule_search_locations:
            folder = list(spec.submodule_search_locations)[0]
            base = os.path.dirname(folder)
            for name in sorted(os.listdir(folder)):
                if name.endswith(".py"):
                    with open(os.path.join(folder, name), encoding="utf-8") as handle:
                        files["/lib/%s/%s" % (module, name)] = handle.read()
        else:
            with open(spec.origin, encoding="utf-8") as handle:
                files["/lib/%s.py" % module] = handle.read()
    return files


def firmware_files(compiled=False):
    """Everything the firmware needs under MicroPython except `machine`: the device packages,
    the display driver and the pin map. With compiled=True the .py files are replaced by the
    .mpy files mpy-cross makes of them, as `make deploy` puts them on a Pico."""
    files = package_files(("engine_lite", "firmware"))
    files.update(site_package_files(("adafruit_ssd1306", "adafruit_bus_device")))
    with open(os.path.join(ROOT, "hardware", "pins.json"), encoding="utf-8") as handle:
        files["/hardware/pins.json"] = handle.read()
    return compile_files(files) if compiled else files


def compile_files(files):
    """The same files with every .py compiled to .mpy by mpy-cross (sent to Node as base64)."""
    import base64
    import sys
    import tempfile
    out = {}
    with tempfile.TemporaryDirectory() as folder:
        for path, text in files.items():
            if not path.endswith(".py"):
                out[path] = text
                continue
            source = os.path.join(folder, "module.py")
            target = os.path.join(folder, "module.mpy")
            with open(source, "w", encoding="utf-8") as handle:
                handle.write(text)
            subprocess.run([sys.executable, "-m", "mpy_cross", "-s", path[5:], "-o", target, source],
                           check=True, capture_output=True)
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
