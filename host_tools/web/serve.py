"""Serve the built site (make web-serve): Python's http.server on build/web, with the types
a browser wants for WebAssembly and the manifest.

    python -m host_tools.web.serve [--port 8000] [--dir build/web]

Open http://localhost:8000/ (a service worker, and so the offline copy, needs localhost or
https).
"""

import argparse
import functools
import http.server
import os

from host_tools.web.build import OUT

TYPES = {".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
         ".webmanifest": "application/manifest+json", ".json": "application/json"}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types; quiet unless asked."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)
    quiet = False

    def log_message(self, *args):
        if not self.quiet:
            http.server.SimpleHTTPRequestHandler.log_message(self, *args)


def server(folder=OUT, port=8000, quiet=False):
    """An HTTP server for `folder` on localhost (port 0: any free port); call serve_forever()."""
    handler = functools.partial(Handler, directory=folder)
    Handler.quiet = quiet
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default=OUT)
    args = parser.parse_args(argv)
    if not os.path.exists(os.path.join(args.dir, "index.html")):
        raise SystemExit("No site in %s: run 'make web' first." % args.dir)
    httpd = server(args.dir, args.port)
    print("Netclick at http://localhost:%d/ (Ctrl-C stops)" % httpd.server_address[1])
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
