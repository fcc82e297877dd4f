"""What a person does in the browser, as steps the browser tests share."""

from __future__ import annotations

import contextlib
import re

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect


def create_room(page: Page, name: str = "Ann", password: str | None = None) -> str:
    page.goto("/")
    page.get_by_test_id("name").fill(name)
    if password:
        page.get_by_test_id("create-password").fill(password)
    page.get_by_test_id("create-btn").click()
    if password:  # a private room has no code to type: its link holds its secret key
        link = page.get_by_test_id("share-link")
        expect(link).to_have_attribute("href", re.compile(r"^/r/[A-Za-z0-9_-]{16,}$"))
        return link.get_attribute("href").removeprefix("/r/")
    link = page.get_by_test_id("share-link")
    expect(link).to_have_attribute("href", re.compile(r"^/r/[A-Z0-9]{4}$"))
    return link.get_attribute("href").removeprefix("/r/")


def make_bot(page: Page, seat: int, bot: str = "heuristic") -> None:
    page.get_by_test_id(f"seat-bot-{seat}").select_option(bot)
    expect(page.get_by_test_id(f"seat-name-{seat}")).to_contain_text(bot)


def join_room(page: Page, code: str, name: str, password: str | None = None, seat: int | None = None) -> None:
    """Join as a person; `seat` counts from 0 as the server does (the page shows seats from 1)."""
    page.goto("/")
    page.get_by_test_id("join-code").fill(code)
    page.get_by_test_id("name").fill(name)
    if seat is not None:
        page.get_by_test_id("join-seat").fill(str(seat + 1))
    if password:
        page.get_by_test_id("join-password").fill(password)
    page.get_by_test_id("join-btn").click()


def quick_game(page: Page, name: str = "Ann", players: int = 4, level: str | None = None) -> None:
    """"Play against bots" from the home page."""
    page.goto("/")
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id("quick-players").select_option(str(players))
    if level is not None:
        page.get_by_test_id("quick-level").select_option(level)
    page.get_by_test_id("quick-btn").click()
    expect(page.get_by_test_id("players").locator(".player")).to_have_count(players)


def play_until_over(page: Page, limit: int = 3000) -> None:
    """Click the first move offered whenever there is one, until the scores show."""
    winner = page.get_by_test_id("winner")
    buttons = page.get_by_test_id("action-btn")
    for _ in range(limit):
        if winner.is_visible():
            return
        if buttons.count():
            with contextlib.suppress(PlaywrightError):  # the buttons were redrawn under the click: look again
                buttons.first.click(timeout=1000)
        else:
            page.wait_for_timeout(20)
    raise AssertionError("the game did not reach the scores")
