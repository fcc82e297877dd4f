"""Screenshots of the lobby, a mid-game table and the scores at desktop and phone sizes. `make screenshots` writes
them to docs/screenshots/ (CITADELS_SCREENSHOTS names the folder); otherwise they go to a temporary folder, and the
test checks each is a PNG of the screen's width."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import pytest
from browser_ui import create_room, make_bot, play_until_over
from playwright.sync_api import expect

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_lobby_table_and_scores(browser, server, tmp_path, size):
    out = Path(os.environ.get("CITADELS_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    width, height = SIZES[size]
    ctx = browser.new_context(base_url=server.url, viewport={"width": width, "height": height})
    page = ctx.new_page()
    create_room(page, name="You")
    make_bot(page, 1, "heuristic")
    make_bot(page, 2, "heuristic-strong")
    make_bot(page, 3, "random")
    shots = [out / f"lobby-{size}.png"]
    page.screenshot(path=shots[-1], full_page=True)
    page.get_by_test_id("start-btn").click()
    buttons = page.get_by_test_id("action-btn")
    for _ in range(25):  # into the game: the draft and a few turns
        expect(buttons.first).to_be_visible(timeout=20_000)
        buttons.first.click()
    expect(buttons.first).to_be_visible(timeout=20_000)
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
