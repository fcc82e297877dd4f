"""Real-browser tests: a uvicorn server on 127.0.0.1 in a thread, Chromium from the system (Debian's `chromium`,
installed by `make test`) driven by pytest-playwright. `playwright install` cannot download a browser here, so
`browser_type_launch_args` points Playwright at the system one."""

from __future__ import annotations

import shutil

import pytest

pytest.importorskip("playwright", reason="the `browser` extra is not installed (make test installs it)")
pytest.importorskip("uvicorn")

from citadels_web.limits import Limits
from citadels_web.server import create_app
from citadels_web.testing import LiveServer

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


class BrowserServer(LiveServer):
    """`citadels serve` in a thread: its URL and its app (the tests read the true game from `hub`)."""

    def room(self, code: str):
        return self.hub.rooms.get(code)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    # Every page of the session comes from 127.0.0.1 and leaves its lobbies open: one address is a crowd here.
    app = create_app(tmp_path_factory.mktemp("records"), bot_delay=0.0,
                     limits=Limits(rooms_per_address=500, connections_per_address=500))
    with BrowserServer(app) as live:
        yield live


@pytest.fixture(scope="session")
def base_url(server):
    return server.url
