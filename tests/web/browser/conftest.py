"""Real-browser tests: a uvicorn server on 127.0.0.1 in a thread, Chromium from the system (Debian's `chromium`,
installed by `make test`) driven by pytest-playwright. `playwright install` cannot download a browser here, so
`browser_type_launch_args` points Playwright at the system one."""

from __future__ import annotations

import shutil
import socket
import threading
import time

import pytest

pytest.importorskip("playwright", reason="the `browser` extra is not installed (make test installs it)")
uvicorn = pytest.importorskip("uvicorn")

from citadels_web.limits import Limits  # noqa: E402
from citadels_web.server import create_app  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def pytest_collection_modifyitems(items):
    for item in items:
        if "/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if CHROMIUM is None:
        pytest.skip("no system Chromium (apt-get install -y --no-install-recommends chromium; make test does it)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ["--no-sandbox"]}


class LiveServer:
    """`citadels serve` in a thread: its URL and its app (the tests read the true game from `hub`)."""

    def __init__(self, records) -> None:
        # Every page of the session comes from 127.0.0.1 and leaves its lobbies open: one address is a crowd here.
        self.app = create_app(records, bot_delay=0.0, limits=Limits(rooms_per_address=500, connections_per_address=500))
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def room(self, code: str):
        return self.app.state.hub.rooms.get(code)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    with LiveServer(tmp_path_factory.mktemp("records")) as live:
        yield live


@pytest.fixture(scope="session")
def base_url(server):
    return server.url
