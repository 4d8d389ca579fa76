"""Serve the game locally: rebuild vendor/app.zip, then serve the repo root over HTTP.

    python tools/serve.py [--port 8000] [--host 127.0.0.1] [--root REPO_ROOT]

Static files only, with the MIME types PyScript/Pyodide need and ``Cache-Control: no-cache``
so that edited sources (rebuilt into app.zip) are picked up on reload.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".wasm": "application/wasm",
    ".toml": "application/toml",
    ".json": "application/json",
    ".py": "text/x-python; charset=utf-8",
    ".whl": "application/octet-stream",
    ".zip": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
}


class Handler(SimpleHTTPRequestHandler):
    """Static file handler: explicit MIME types, no caching, quiet logging."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return MIME_TYPES.get(Path(path).suffix.lower()) or super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        # Quiet: only report errors (4xx/5xx), not every request.
        if len(args) >= 2 and str(args[1])[:1] in {"4", "5"}:
            sys.stderr.write(f"serve: {self.command} {self.path} -> {args[1]}\n")

    def log_error(self, format: str, *args: Any) -> None:
        pass  # the status line is logged by log_message


def make_server(host: str, port: int, root: Path) -> ThreadingHTTPServer:
    """Bind a server for ``root`` on ``host:port`` (port 0 picks a free port)."""
    handler = partial(Handler, directory=str(root))
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def start_background(
    host: str = "127.0.0.1", port: int = 0, root: Path = ROOT
) -> tuple[ThreadingHTTPServer, str]:
    """Start a server in a daemon thread; return it and its base URL (ends with '/')."""
    server = make_server(host, port, root)
    thread = threading.Thread(target=server.serve_forever, name="static-server", daemon=True)
    thread.start()
    return server, f"http://{host}:{server.server_address[1]}/"


def rebuild_app_zip(root: Path = ROOT) -> None:
    """Rebuild ``root/vendor/app.zip`` from the sources in ``root``, the bytecode that is out
    of date, the Python snapshot's recipe and the service worker's build record
    (tools/vendor.py, bytecode.py, snapshot.py, offline.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        import vendor
    finally:
        sys.path.pop(0)
    vendor.build_app_zip(root=root, quiet=True)
    if root == ROOT and (root / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        vendor.build_bytecode()
        vendor.write_snapshot_recipe()
        vendor.write_site_build()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the game locally.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--root", type=Path, default=ROOT, help="directory to serve")
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()

    if (root / "engine").is_dir():
        rebuild_app_zip(root)  # a source tree (not e.g. dist/): keep app.zip in sync
    if not (root / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        print("serve: warning: vendor/ is incomplete, run `make vendor`", file=sys.stderr)
    try:
        server = make_server(args.host, args.port, root)
    except OSError as exc:
        print(f"serve: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    port = server.server_address[1]
    print(f"Serving the game at http://{args.host}:{port}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
