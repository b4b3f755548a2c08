"""Build the browser version (make web): a static site in build/web/ that runs the unchanged
firmware on MicroPython's WebAssembly port, offline once opened.

    python -m host_tools.web.build [--out build/web]

The site is these files and nothing fetched from elsewhere:

    index.html, netclick.js                 the page: the device's face and its board (keys,
                                            canvas, the saved game in the browser's storage);
                                            index.html holds netclick.css, glass.js and a new
                                            game's first picture, so that one round trip shows it
    ssd1306.js                              the OLED controller that turns I2C bytes into pixels
    micropython.js, micropython.wasm        the pinned MicroPython (npm package in host_tools/node)
    device.pack                             what `make deploy` puts on a Pico (engine_lite,
                                            firmware, the pin map, compiled to .mpy as there),
                                            the host stand-in for `machine`, webboard.py (and
                                            keyscript.py's repeatable random source, for
                                            ?seed=N), one file after another (device_pack)
    manifest.webmanifest, icon-*.png, sw.js the installable, offline app
    netclick-file.js                        all of the above in one classic script, for the
                                            page opened from a file (file://), where a browser
                                            runs no module script and fetches nothing: only
                                            glass.js asks for it, and only there
"""

import argparse
import base64
import hashlib
import json
import os
import shutil

from host_tools.mprun import ROOT, firmware_files

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(ROOT, "build", "web")
PAGE_FILES = ("netclick.js", "ssd1306.js")
MICROPYTHON = os.path.join(ROOT, "host_tools", "node", "node_modules", "@micropython",
                           "micropython-webassembly-pyscript")
FILE_BUNDLE = "netclick-file.js"     # (not in the offline copy, nor sent on a visit: file_bundle)
PANEL = (0x1B, 0x1D, 0x22)
LIT = (120, 200, 255)


def device_files():
    """{path in MicroPython's filesystem: text or {"base64"}}: the deployed firmware, the
    `machine` stand-in and the browser's board."""
    files = firmware_files()
    from host_tools.deploy import NATIVE_MODULES
    for path in NATIVE_MODULES:         # machine code: the WebAssembly port has no native emitter
        files.pop("/lib/" + path, None)
    for path, source in (("/lib/machine.py", "host_tools/standins/machine.py"),
                         ("/lib/webboard.py", "host_tools/web/webboard.py"),
                         ("/lib/keyscript.py", "host_tools/keyscript.py")):
        with open(os.path.join(ROOT, source), encoding="utf-8") as handle:
            files[path] = handle.read()
    return files


def device_pack(files):
    """device.pack: the device files compiled as `make deploy` compiles them (the same bytecode
    a Pico runs), each as a 16-bit name length, the name (UTF-8), a 32-bit length and the bytes,
    little-endian, one after another (netclick.js, unpack). Bytecode, not source: a phone's
    first visit fetches 80 KB of it compressed where the source was 115 (make bench: first
    visit, sent), and MicroPython starts without compiling."""
    import struct
    from host_tools.mprun import compile_files
    pack = bytearray()
    for path, data in sorted(compile_files(files).items()):
        if isinstance(data, dict):
            data = base64.b64decode(data["base64"])
        else:
            data = data.encode("utf-8")
        name = path.encode("utf-8")
        pack += struct.pack("<H", len(name)) + name + struct.pack("<I", len(data)) + data
    return bytes(pack)


def icon(size):
    """The app icon: the tracker's dashboard (its golden image) on the panel's colour."""
    from PIL import Image
    glass = Image.open(os.path.join(ROOT, "tests", "golden", "dashboard.png")).convert("1")
    scale = max(1, (size * 3 // 4) // glass.width)
    picture = Image.new("RGB", glass.size, (8, 10, 16))
    picture.paste(LIT, mask=glass)
    picture = picture.resize((glass.width * scale, glass.height * scale), Image.NEAREST)
    image = Image.new("RGB", (size, size), PANEL)
    image.paste(picture, ((size - picture.width) // 2, (size - picture.height) // 2))
    return image


def first_picture():
    """{"hex", "contrast"}: what the firmware shows on starting a new game (no game saved), drawn
    by the desktop simulator (the same firmware and pin map as the page's): the glass as
    host_tools.ssd1306_emu.glass_bytes in hex, and the panel's contrast setting."""
    from host_tools.sim import Simulator
    sim = Simulator()
    return {"hex": sim.oled.glass_bytes().hex(), "contrast": sim.oled.contrast}


def page():
    """index.html with what the first picture needs inside it (the style sheet, glass.js and the
    picture): a phone on a slow network shows the board after one round trip, not four."""
    def read(name):
        with open(os.path.join(HERE, name), encoding="utf-8") as handle:
            return handle.read()
    html = read("index.html")
    for tag, inline in (('<link rel="stylesheet" href="netclick.css">',
                         "<style>\n%s</style>" % read("netclick.css")),
                        ('<script src="glass.js"></script>', "<script>\n%s</script>" % read("glass.js")),
                        ("FIRST_PICTURE", json.dumps(first_picture(), sort_keys=True))):
        assert html.count(tag) == 1, tag
        html = html.replace(tag, inline)
    return html


def classic(module, names):
    """A module's source as a classic script's function body that returns {name: value} for the
    names it exports: `export` and `import.meta` are module syntax only (file_bundle)."""
    source = module.replace("export default _createMicroPythonModule;", "")
    source = source.replace("export async function ", "async function ")
    source = source.replace("export const ", "const ").replace("export class ", "class ")
    source = source.replace("import.meta.url", "document.baseURI")
    import re
    assert not re.search(r"(^|[;}\s])export (default|async|const|class|function)", source), "export"
    assert "import.meta" not in source
    return '"use strict";\n%s\nreturn { %s };' % (source, ", ".join(names))


def file_bundle(files):
    """netclick-file.js: the tracker for a page opened from a file. There a browser runs no
    module script and lets no script fetch a file beside it, so this one classic script holds
    everything the served page fetches: MicroPython with its WebAssembly (as a data: address,
    which it may fetch), the device files (device.pack in base64), the OLED and the page's own code, each in a function
    of its own so their names cannot meet. `files` maps the site's file names to their text."""
    with open(os.path.join(MICROPYTHON, "micropython.wasm"), "rb") as handle:
        wasm = "data:application/wasm;base64," + base64.b64encode(handle.read()).decode()
    page_code = files["netclick.js"]
    for line in ('import { SSD1306, WIDTH, HEIGHT } from "./ssd1306.js";',):
        assert page_code.count(line) == 1, line
        page_code = page_code.replace(line, "")
    return "\n".join((
        "// Netclick opened from a file: made by host_tools/web/build.py (file_bundle).",
        "window.NETCLICK_FILE = %s;" % json.dumps({"wasm": wasm, "device": files["device.pack"]}),
        "(async () => {",
        "const { loadMicroPython } = await (async () => {",
        classic(files["micropython.js"], ["loadMicroPython"]),
        "})();",
        "const { SSD1306, WIDTH, HEIGHT } = (() => {",
        classic(files["ssd1306.js"], ["SSD1306", "WIDTH", "HEIGHT"]),
        "})();",
        '"use strict";',
        page_code,
        "})();", ""))


def manifest():
    """The web app manifest: installable, standalone, in the device's colours."""
    return {
        "name": "Netclick",
        "short_name": "Netclick",
        "description": "The Android: Netrunner tracker, the same firmware as on the Pico.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",          # the sideways layout too, once installed (issue 38)
        "background_color": "#101114",
        "theme_color": "#1b1d22",
        "icons": [{"src": "icon-192.png", "sizes": "192x192", "type": "image/png"},
                  {"src": "icon-512.png", "sizes": "512x512", "type": "image/png"}],
    }


def build(out=OUT):
    """Write the site into `out` (emptied first); return {file name: size in bytes}."""
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as handle:
        handle.write(page())
    for name in PAGE_FILES:
        shutil.copy(os.path.join(HERE, name), os.path.join(out, name))
    # Served as .js: every static host knows that type for a module (not all know .mjs).
    shutil.copy(os.path.join(MICROPYTHON, "micropython.mjs"), os.path.join(out, "micropython.js"))
    shutil.copy(os.path.join(MICROPYTHON, "micropython.wasm"), os.path.join(out, "micropython.wasm"))
    pack = device_pack(device_files())
    with open(os.path.join(out, "device.pack"), "wb") as handle:
        handle.write(pack)
    with open(os.path.join(MICROPYTHON, "micropython.mjs"), encoding="utf-8") as handle:
        micropython = handle.read()
    texts = {"micropython.js": micropython, "device.pack": base64.b64encode(pack).decode()}
    for name in PAGE_FILES:
        with open(os.path.join(HERE, name), encoding="utf-8") as handle:
            texts[name] = handle.read()
    with open(os.path.join(out, FILE_BUNDLE), "w", encoding="utf-8") as handle:
        handle.write(file_bundle(texts))
    with open(os.path.join(out, "manifest.webmanifest"), "w", encoding="utf-8") as handle:
        json.dump(manifest(), handle, indent=1)
    for size in (192, 512):
        icon(size).save(os.path.join(out, "icon-%d.png" % size))
    # (the file bundle is for file:// alone: a served page neither caches nor fetches it)
    names = sorted(name for name in os.listdir(out) if name != FILE_BUNDLE)
    digest = hashlib.sha256()
    for name in names:
        with open(os.path.join(out, name), "rb") as handle:
            digest.update(name.encode() + b"\0" + handle.read())
    with open(os.path.join(HERE, "sw.js"), encoding="utf-8") as handle:
        worker = handle.read()
    worker = worker.replace("@VERSION@", digest.hexdigest()[:12])
    worker = worker.replace("@FILES@", json.dumps(["./"] + names))
    with open(os.path.join(out, "sw.js"), "w", encoding="utf-8") as handle:
        handle.write(worker)
    sizes = dict((name, os.path.getsize(os.path.join(out, name))) for name in sorted(os.listdir(out)))
    precompress(out, [name for name in sizes if not name.endswith(".png") and name != FILE_BUNDLE])
    return sizes


def precompress(out, names):
    """Write name.gz and name.br beside each file (what `make web-serve` sends to a browser that
    accepts them, and what a static host such as nginx's gzip_static or a CDN can send as they
    are): about a third of the bytes on a phone's first visit. Reproducible: no time stamps.
    Brotli comes from Node's zlib (Node is already needed for the WebAssembly MicroPython);
    without Node only .gz is written."""
    import gzip
    for name in names:
        path = os.path.join(out, name)
        with open(path, "rb") as handle:
            data = handle.read()
        with open(path + ".gz", "wb") as handle:
            handle.write(gzip.compress(data, 9, mtime=0))
    script = ("const z=require('zlib'),fs=require('fs');for(const p of process.argv.slice(1))"
              "fs.writeFileSync(p+'.br',z.brotliCompressSync(fs.readFileSync(p),{params:"
              "{[z.constants.BROTLI_PARAM_QUALITY]:11}}))")
    import subprocess
    try:
        subprocess.run(["node", "-e", script] + [os.path.join(out, n) for n in names],
                       check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        pass                     # no Node here: gzip only


def transfer_sizes(out):
    """{"plain", "gzip", "brotli"}: the site's bytes on a first visit, as sent plain, and as
    sent to a browser that takes gzip or brotli (make bench)."""
    sizes = {"plain": 0, "gzip": 0, "brotli": 0}
    for name in os.listdir(out):
        if name.endswith((".gz", ".br")) or name == FILE_BUNDLE:
            continue
        plain = os.path.getsize(os.path.join(out, name))
        sizes["plain"] += plain
        for kind, ending in (("gzip", ".gz"), ("brotli", ".br")):
            packed = os.path.join(out, name + ending)
            sizes[kind] += os.path.getsize(packed) if os.path.exists(packed) else plain
    return sizes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=OUT, help="where to write the site (default build/web)")
    args = parser.parse_args(argv)
    sizes = build(args.out)
    total = sum(sizes.values())
    print("Built %s: %d files, %.0f KB (%s)" % (os.path.relpath(args.out), len(sizes), total / 1024.0,
          ", ".join("%s %.0f KB" % (n, s / 1024.0) for n, s in sorted(sizes.items(), key=lambda i: -i[1])[:3])))
    print("Serve it with 'make web-serve', or copy the folder to any static host.")


if __name__ == "__main__":
    main()
