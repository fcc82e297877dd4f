"""Screenshots of the home page, the lobby, a mid-game table and the scores at desktop and phone sizes, and of the table
in each language. `make screenshots` writes them to docs/screenshots/ (CITADELS_SCREENSHOTS names the folder);
otherwise they go to a temporary folder, and the test checks each is a PNG of the screen's width."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import pytest
from browser_ui import create_room, make_bot, play_until_over
from playwright.sync_api import expect

from citadels_env.i18n import LANGUAGES

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def _out(tmp_path: Path) -> Path:
    out = Path(os.environ.get("CITADELS_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def _into_the_game(page, moves: int = 25) -> None:
    buttons = page.get_by_test_id("action-btn")
    for _ in range(moves):  # the draft and a few turns
        expect(buttons.first).to_be_visible(timeout=20_000)
        buttons.first.click()
    expect(buttons.first).to_be_visible(timeout=20_000)
    page.wait_for_timeout(300)


@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_home_lobby_table_and_scores(browser, server, tmp_path, size):
    out = _out(tmp_path)
    width, height = SIZES[size]
    ctx = browser.new_context(base_url=server.url, viewport={"width": width, "height": height}, locale="en-GB")
    page = ctx.new_page()
    page.goto("/")
    page.get_by_test_id("name").fill("You")
    shots = [out / f"home-{size}.png"]
    page.screenshot(path=shots[-1], full_page=True)
    create_room(page, name="You")
    make_bot(page, 1, "heuristic")
    make_bot(page, 2, "heuristic-strong")
    make_bot(page, 3, "random")
    shots.append(out / f"lobby-{size}.png")
    page.screenshot(path=shots[-1], full_page=True)
    page.get_by_test_id("start-btn").click()
    _into_the_game(page)
    shots.append(out / f"table-{size}.png")
    page.screenshot(path=shots[-1], full_page=True)
    play_until_over(page)
    page.get_by_test_id("scores").scroll_into_view_if_needed()
    shots.append(out / f"scores-{size}.png")
    page.screenshot(path=shots[-1])
    for shot in shots:
        w, _ = _png_size(shot)
        assert w == width, f"{shot.name}: {w}px wide on a {width}px screen"
    ctx.close()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_screenshot_of_the_table_in_each_language(browser, server, tmp_path, lang):
    out = _out(tmp_path)
    ctx = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto("/")
    page.get_by_test_id("lang").select_option(lang)
    page.get_by_test_id("name").fill({"ru": "Аня", "uk": "Оля", "bg": "Ани"}.get(lang, "You"))
    page.get_by_test_id("quick-level").select_option("medium")
    page.get_by_test_id("quick-btn").click()
    _into_the_game(page)
    shot = out / f"table-desktop-{lang}.png"
    page.screenshot(path=shot, full_page=True)
    assert _png_size(shot)[0] == 1280
    ctx.close()
