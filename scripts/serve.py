#!/usr/bin/env python3
"""A tiny static server for the built site (standard library only).

    python -m scripts.serve [--dir _site] [--port 8000]

Serves on 127.0.0.1 only. If the port is taken, the next free one is used.
Also imported by the tests and the startup benchmark: start_server().
"""

import argparse
import errno
import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


class Handler(SimpleHTTPRequestHandler):
    # Browsers need exact types: WebAssembly streaming compilation requires
    # application/wasm, and module scripts (.mjs) a JavaScript type.
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".zip": "application/zip",
        ".py": "text/plain; charset=utf-8",
        ".toml": "text/plain; charset=utf-8",
        ".svg": "image/svg+xml",
        ".css": "text/css",
        ".html": "text/html; charset=utf-8",
    }

    def end_headers(self):
        # Revalidate on every load (a cheap 304 when unchanged), so a rebuild
        # is seen at once; offline caching is the service worker's job.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class QuietHandler(Handler):
    def log_message(self, format, *args):
        pass


def make_server(directory, port=0, quiet=False):
    handler = functools.partial(QuietHandler if quiet else Handler, directory=str(directory))
    return ThreadingHTTPServer((HOST, port), handler)


def start_server(directory=ROOT / "_site", port=0, quiet=True):
    """Serve `directory` from a daemon thread; returns (server, base URL ending in /).
    Stop it with server.shutdown()."""
    server = make_server(directory, port, quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{HOST}:{server.server_address[1]}/"


def main():
    parser = argparse.ArgumentParser(description="Serve the built site on 127.0.0.1.")
    parser.add_argument("--dir", default=ROOT / "_site", type=Path)
    parser.add_argument("--port", default=8000, type=int)
    args = parser.parse_args()
    if not (args.dir / "index.html").exists():
        parser.error(f"{args.dir} has no index.html: build it first (python -m scripts.build_site)")
    for port in range(args.port, args.port + 50):
        try:
            server = make_server(args.dir, port)
            break
        except OSError as error:
            if error.errno != errno.EADDRINUSE:
                raise
    else:
        server = make_server(args.dir, 0)  # any free port
    print(f"Serving {args.dir} at http://{HOST}:{server.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
