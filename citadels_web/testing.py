"""Tools to test a server with (tests/web/, `benchmarks/web_load.py`): the server on 127.0.0.1 in a thread, a
WebSocket client that stops reading, and asyncio.run in a thread of its own.

`StalledClient` is the hostile peer the server's outbox and send timeout are tested against. It is a bare socket, not
a WebSocket library, because a library keeps reading into its own buffer; this one sends its messages and then never
reads again, with a small receive buffer, so the server's writes back up as they would behind a phone that went to
sleep.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
import threading
import time
from collections.abc import Coroutine
from typing import Any


class StalledClient:
    """Connect, say something, then never read. `close()` ends it."""

    def __init__(self, host: str, port: int, path: str = "/ws") -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.settimeout(10)
        self.sock.connect((host, port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        head = b""
        while b"\r\n\r\n" not in head:  # the handshake answer only: not a byte of the frames after it
            byte = self.sock.recv(1)
            if not byte:
                raise ConnectionError("the server closed the connection during the handshake")
            head += byte
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"no WebSocket upgrade: {head.splitlines()[0]!r}")

    def send(self, **msg: Any) -> None:
        """One masked text frame (clients must mask, RFC 6455 §5.3)."""
        data = json.dumps(msg).encode()
        mask = os.urandom(4)
        size = len(data)
        header = bytes([0x81]) + (bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + struct.pack("!H", size))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def close(self) -> None:
        self.sock.close()


class LiveServer:
    """The app under uvicorn on a free port of 127.0.0.1, in a thread, with the socket limits of `citadels serve`
    (`uvicorn_options`); a context manager."""

    def __init__(self, app: Any) -> None:
        import uvicorn

        from .server import uvicorn_options

        self.app = app
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                                    **uvicorn_options(app)))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


def run_in_own_thread(coro: Coroutine[Any, Any, Any]) -> Any:
    """asyncio.run in a thread of its own: the caller may already run an event loop (Playwright's sync API, a test
    process); the coroutine's exception is raised here."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = asyncio.run(coro)
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    t = threading.Thread(target=run)
    t.start()
    t.join()
    if "error" in box:
        raise box["error"]
    return box.get("value")
