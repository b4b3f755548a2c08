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
    """Static files with the right types, sent precompressed (name.br or name.gz, written by
    the build) to a browser that accepts it; quiet unless asked."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)
    # HTTP/1.1: a browser uses the ETags then (over HTTP/1.0 Chromium revalidated by date, which
    # the compressed files answered with the whole file: the offline copy downloaded 302 KB
    # again at a repeat visit, issue 62), and one connection serves every file.
    protocol_version = "HTTP/1.1"
    quiet = False
    ENCODINGS = (("br", ".br"), ("gzip", ".gz"))

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        accepted = self.headers.get("Accept-Encoding", "")
        for encoding, ending in self.ENCODINGS:
            if encoding in accepted and os.path.isfile(path + ending):
                # A validator, as the plain files have (Last-Modified): the offline copy's
                # requests are then answered 304 from the browser's cache, not downloaded
                # again (issue 38: 316 KB more on a first visit).
                info = os.stat(path + ending)
                tag = '"%x-%x-%s"' % (int(info.st_mtime), info.st_size, encoding)
                if tag in self.headers.get("If-None-Match", "").split(", "):
                    self.send_response(304)
                    self.send_header("ETag", tag)
                    self.send_header("Vary", "Accept-Encoding")
                    self.send_header("Cache-Control", "no-cache")
                    self.end_headers()
                    return None
                with open(path + ending, "rb") as handle:
                    data = handle.read()
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Vary", "Accept-Encoding")
                self.send_header("ETag", tag)
                self.send_header("Last-Modified", self.date_time_string(int(info.st_mtime)))
                self.send_header("Cache-Control", "no-cache")     # revalidate: cheap with the tag
                self.end_headers()
                import io
                return io.BytesIO(data)
        return http.server.SimpleHTTPRequestHandler.send_head(self)

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
