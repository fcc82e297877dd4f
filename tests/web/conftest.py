"""Fixtures of the browser-play tests: a server app on a temporary records directory, and a WebSocket client that
plays and remembers every frame it received."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from citadels_web.server import create_app
from citadels_web.testing import run_in_own_thread


@pytest.fixture
def app(tmp_path):
    return create_app(tmp_path / "records", bot_delay=0, time_scale=0.01)


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


class Player:
    """One browser tab: sends messages, keeps every raw frame it got."""

    def __init__(self, ws):
        self.ws = ws
        self.frames: list[str] = []
        self.last: dict[str, dict] = {}

    def send(self, **msg):
        self.ws.send_text(json.dumps(msg))

    def recv(self) -> dict:
        text = self.ws.receive_text()
        self.frames.append(text)
        m = json.loads(text)
        self.last[m["type"]] = m
        return m

    def until(self, kind: str, limit: int = 100_000) -> dict:
        for _ in range(limit):
            m = self.recv()
            if m["type"] == kind:
                return m
        raise AssertionError(f"no {kind} frame")

    def play_to_the_end(self, choose=lambda legal: 0) -> dict:
        """Answer every decision of this seat (first legal action by default) until the game is over."""
        while True:
            m = self.recv()
            if m["type"] == "state" and m["legal"]:
                self.send(type="act", action=choose(m["legal"]), step=m["step"])
            elif m["type"] == "over":
                return m
            elif m["type"] == "error":
                raise AssertionError(m["message"])


@pytest.fixture
def player():
    return Player


@pytest.fixture
def arun():
    """Run a coroutine to its end (a fresh event loop in a thread of its own) and return its result."""
    return run_in_own_thread
