"""The table as a person meets it, in Chromium at a desk's width (1280 px) and a phone's (390 px): "Play against bots"
in one click, one name per seat everywhere, cards instead of words, the draft as picking a card, the phases and settings
in words, four languages, the end of the game with "Play again" and "Back to the lobby", the whole log with the newest
line in view, and every move by keyboard with controls found by their accessible names."""

from __future__ import annotations

import re

import pytest
from browser_ui import create_room, join_room, make_bot, play_until_over, quick_game
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from citadels_web import i18n, views

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
SEAT_IDS = re.compile(r"\bP[0-7]\b")
CYRILLIC = re.compile("[А-Яа-яЁёІіЇїЄєҐґ]")


@pytest.fixture(params=list(SIZES))
def screen(request, browser, server):
    width, height = SIZES[request.param]
    ctx = browser.new_context(base_url=server.url, viewport={"width": width, "height": height}, locale="en-GB")
    yield ctx.new_page()
    ctx.close()


def _fits(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"


def _room(server, page: Page):
    code = page.get_by_test_id("share-link").get_attribute("href").removeprefix("/r/")
    return server.room(code)


def _wait_for_my_move(page: Page) -> None:
    expect(page.get_by_test_id("action-btn").first).to_be_visible(timeout=20_000)


def _wait_for_my_turn(page: Page, room, seat: int = 0) -> None:
    """Until the server's game waits on `seat` (or is over) and the page shows a move: the buttons alone can be the
    last frame's, seen before the bots' moves arrive."""
    for _ in range(1000):
        if room.game.is_over or room.game.current_player == seat:
            break
        page.wait_for_timeout(20)
    else:
        raise AssertionError(f"the server's game never came to seat {seat}")
    _wait_for_my_move(page)


def test_play_against_bots_names_every_seat_and_draws_the_draft_as_cards(screen: Page, server):
    page = screen
    page.goto("/")
    expect(page.get_by_role("heading", name="Play against bots")).to_be_visible()
    page.get_by_label("Your name").fill("Ann")
    page.get_by_label("Players at the table").select_option("4")
    page.get_by_label("Bots' strength").select_option("medium")
    expect(page.get_by_test_id("quick-level-note")).to_contain_text("48.5 %")  # the strength table's figure
    _fits(page)
    page.get_by_role("button", name="Play", exact=True).click()
    _wait_for_my_move(page)
    room = _room(server, page)
    game = room.game
    boxes = page.get_by_test_id("players").locator(".player")
    expect(boxes).to_have_count(4)
    names = ["Ann", "Bot 2 (heuristic-strong)", "Bot 3 (heuristic-strong)", "Bot 4 (heuristic-strong)"]
    for seat, name in enumerate(names):
        expect(boxes.nth(seat).locator("h3")).to_contain_text(f"{seat + 1} {name}")
    expect(page.get_by_test_id("crown")).to_have_count(1)
    expect(boxes.nth(game.crown).get_by_test_id("crown")).to_be_visible()
    # The draft: a card to pick among those offered, each with its rank and ability; the face-up discards marked.
    assert game.phase == "draft" and game.current_player == 0
    offered = page.get_by_test_id("choices").get_by_role("button")
    expect(offered).to_have_count(len(game.legal_actions()))
    for i, action in enumerate(game.legal_actions()):
        card = views.character(action.arg)
        expect(offered.nth(i)).to_contain_text(card["name"])
        expect(offered.nth(i)).to_contain_text(card["text"])
        expect(offered.nth(i).locator(".rank")).to_have_text(str(card["rank"]))
    expect(page.get_by_test_id("characters").locator(".mark.faceup")).to_have_count(len(game.faceup))
    # Districts as cards: name, cost on the coin, the type's colour, a unique district's text.
    hand = page.get_by_test_id("hand-card")
    mine = views.table(game, 0, room.names())["me"]["hand"]
    expect(hand).to_have_count(len(mine))
    for i, c in enumerate(mine):
        expect(hand.nth(i)).to_have_attribute("aria-label", re.compile(rf"^{re.escape(c['name'])}, {c['type']}, cost "))
        expect(hand.nth(i).locator(".coin")).to_have_text(str(c["cost"]))
        assert c["type"] in hand.nth(i).get_attribute("class")
    # Words, not ids: the phase in words, no seat ids anywhere.
    status = page.get_by_test_id("status")
    expect(status).to_contain_text("choosing characters")
    assert not re.search(r"\b(draft|action|over)\b", status.inner_text())
    offered.first.click()
    # The pick shows as a card among mine whenever the game waits on me again; if the Assassin kills it, the next
    # wait may be the next round's draft, with none yet. So compare with the server's game at each of my moves, a
    # few moves into the turns and until the page has shown a character of mine.
    shown = 0
    for moves in range(200):
        _wait_for_my_turn(page, room)
        if room.game.is_over:
            break
        mine = views.table(room.game, 0, room.names())["me"]["characters"]
        cards = page.get_by_test_id("my-characters").locator(".character")
        expect(cards).to_have_count(len(mine))
        for i, char in enumerate(mine):
            expect(cards.nth(i)).to_contain_text(views.character(char)["name"])
        shown += bool(mine)
        if shown and moves >= 12:
            break
        page.get_by_test_id("action-btn").first.click()
    assert shown, "the page never showed a character of mine"
    _wait_for_my_move(page)
    body = page.locator("body").inner_text()
    assert not SEAT_IDS.search(body), SEAT_IDS.search(body)
    assert not re.search(r"\b1 cards\b|\b1 districts\b|\b1 points\b", body)
    expect(page.locator(".player[aria-current=true]")).to_have_count(1)
    expect(page.get_by_test_id("last-event")).to_have_count(1)
    _fits(page)
    page.goto("/")  # the name is remembered
    expect(page.get_by_label("Your name")).to_have_value("Ann")


def test_the_lobby_explains_its_settings_in_words(screen: Page):
    page = screen
    page.goto("/")
    page.get_by_label("Your name").fill("Ann")
    page.get_by_role("button", name="Create a room").click()
    preset = page.get_by_label("Characters and districts")
    expect(preset.locator("option:checked")).to_have_text("First Game")
    expect(page.get_by_label("Choosing characters").locator("option:checked")).to_have_text("Draft (the rulebook)")
    for key in ("players", "preset", "use_rank9", "completion_size", "selection", "timer", "grace", "hint_allowed"):
        label = i18n.t("en", f"setting.{key}")
        expect(page.get_by_label(label, exact=True)).to_have_attribute("aria-describedby", f"setting-{key}-help")
        expect(page.locator(f"#setting-{key}-help")).to_have_text(i18n.t("en", f"setting.{key}.help"))
    expect(page.get_by_role("columnheader", name="Seat")).to_be_visible()
    expect(page.get_by_test_id("seat-row-0")).to_contain_text("1")
    assert "first_game" not in page.locator("body").inner_text()
    _fits(page)


def test_the_end_names_the_winner_plays_again_and_goes_back_to_the_lobby(screen: Page, server):
    page = screen
    quick_game(page, players=3, level="beginner")
    play_until_over(page)
    room = _room(server, page)
    result = room.game.result()
    names = room.names()
    expect(page.get_by_test_id("winner")).to_have_text(f"{names[result.winner]} wins!")
    table = page.get_by_test_id("score-table")
    for heading in ("Place", "Player", "Total"):
        expect(table.get_by_role("columnheader", name=heading)).to_be_visible()
    rows = page.get_by_test_id("score-row")
    expect(rows).to_have_count(3)
    for i, seat in enumerate(result.ranking):
        expect(rows.nth(i).get_by_role("rowheader")).to_have_text(names[seat])
        expect(rows.nth(i).locator("td.total")).to_have_text(str(result.scores[seat]))
    expect(page.get_by_role("button", name="Replay this game")).to_be_visible()
    _fits(page)
    page.get_by_role("button", name="Back to the lobby").click()
    expect(page.get_by_test_id("start-btn")).to_be_visible()
    expect(page.get_by_test_id("seat-name-1")).to_contain_text("Bot 2 (random)")
    page.get_by_test_id("start-btn").click()
    play_until_over(page)
    first = _room(server, page).record_id
    page.get_by_role("button", name="Play again").click()
    expect(page.get_by_test_id("scores")).to_be_hidden()
    expect(page.get_by_test_id("status")).to_contain_text("Round 1")
    room = _room(server, page)
    assert room.state == "playing" and room.names() == names and room.record_id != first


def test_the_log_is_whole_names_each_player_and_keeps_the_newest_line_in_view(screen: Page, server):
    page = screen
    quick_game(page, players=3, level="beginner")
    log = page.get_by_test_id("log").locator("li")
    room = _room(server, page)
    for _ in range(400):  # until the log is long enough to scroll, and someone was killed, robbed or bewitched
        _wait_for_my_turn(page, room)
        game = room.game
        if log.count() > 60 and (game.killed or game.robbed or game.bewitched):
            break
        page.get_by_test_id("action-btn").first.click()
        page.wait_for_timeout(10)
    _wait_for_my_turn(page, room)
    game = room.game
    entries = views.log_entries(game, 0, names=room.names())
    expect(log).to_have_count(len(entries))  # (waits for the page to show the server's last frame)
    expect(log.first).to_have_text(entries[0]["text"])  # never renumbered: the first line stays the first
    names = room.names()
    for i in range(0, len(entries), 7):
        seat = entries[i]["seat"]
        if seat is not None and not entries[i]["note"]:
            expect(log.nth(i)).to_contain_text(names[seat])
    at_end = page.get_by_test_id("log").evaluate("e => e.scrollHeight - e.scrollTop - e.clientHeight")
    assert at_end <= 2, "the newest line is not in view"
    for mark, char in (("killed", game.killed), ("robbed", game.robbed), ("bewitched", game.bewitched)):
        if char:
            card = page.get_by_test_id("characters").locator(".character").filter(has_text=views.character(char)["name"])
            expect(card.locator(f".mark.{mark}")).to_be_visible()
    _fits(page)


def test_every_move_by_keyboard_with_a_visible_focus(screen: Page):
    page = screen
    quick_game(page, players=2, level="beginner")
    _wait_for_my_move(page)
    for _ in range(60):  # Tab from the top of the page to the first move
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.testid") == "action-btn":
            break
    else:
        raise AssertionError("no move reachable with Tab")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "the focused move has no visible focus"
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("my-characters").locator(".character")).not_to_have_count(0, timeout=20_000)
    # Every control a move needs has an accessible name: find moves by role and name, and answer with the keyboard.
    expect(page.get_by_role("combobox", name="Language")).to_be_visible()
    for _ in range(1500):
        if page.get_by_test_id("winner").is_visible():
            break
        buttons = page.get_by_test_id("action-btn")
        if not buttons.count():
            page.wait_for_timeout(20)
            continue
        name = buttons.first.get_attribute("aria-label") or buttons.first.inner_text()
        move = page.get_by_role("button", name=name, exact=True).first
        try:
            move.press("Enter", timeout=1000)
        except PlaywrightError:  # redrawn under the key press: look again
            continue
    expect(page.get_by_test_id("winner")).to_be_visible()


def test_the_hint_shows_only_on_your_own_move(browser, server):
    ctx_a, ctx_b = browser.new_context(base_url=server.url), browser.new_context(base_url=server.url)
    ann, bob = ctx_a.new_page(), ctx_b.new_page()
    code = create_room(ann)
    join_room(bob, code, "Bob")
    make_bot(ann, 2)
    make_bot(ann, 3)
    ann.get_by_test_id("start-btn").click()
    for _ in range(500):
        game = server.room(code).game
        if game is not None:
            break
        ann.wait_for_timeout(10)
    assert game is not None, "the room did not start its game"
    pages = {0: ann, 1: bob}
    for _ in range(50):
        mover = game.current_player
        if mover in pages:
            expect(pages[mover].get_by_test_id("hint-box")).to_be_visible()
            expect(pages[1 - mover].get_by_test_id("hint-box")).to_be_hidden()
            step = server.room(code).step
            pages[mover].get_by_test_id("action-btn").first.click()
            for _ in range(500):  # the server has the answer before the next look
                if server.room(code).step != step:
                    break
                ann.wait_for_timeout(10)
        ann.wait_for_timeout(30)
        if game.phase != "draft":
            break
    ctx_a.close()
    ctx_b.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["ru", "uk", "bg"])
def test_the_page_speaks_the_browsers_language_and_remembers_a_choice(browser, server, lang, size):
    width, height = SIZES[size]
    ctx = browser.new_context(base_url=server.url, locale={"ru": "ru-RU", "uk": "uk-UA", "bg": "bg-BG"}[lang],
                              viewport={"width": width, "height": height})
    page = ctx.new_page()
    page.goto("/")
    expect(page.get_by_role("heading", name=i18n.t(lang, "home.quick"))).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.get_by_label(i18n.t(lang, "home.name")).fill("Ann")
    page.get_by_role("button", name=i18n.t(lang, "home.play"), exact=True).click()
    _wait_for_my_move(page)
    room = _room(server, page)
    first = views.table(room.game, 0, room.names())["me"]["hand"][0]["id"]
    expect(page.get_by_test_id("hand-card").first).to_have_attribute(
        "aria-label", re.compile("^" + re.escape(views.card(first, lang=lang)["name"]) + ","))
    assert CYRILLIC.search(page.get_by_test_id("log").inner_text())
    assert CYRILLIC.search(page.get_by_test_id("prompt").inner_text())
    expect(page.get_by_test_id("players").locator(".player").nth(1)).to_contain_text(i18n.t(lang, "bot_name", n=2, bot="heuristic"))
    # Chosen on the page, remembered: English now, after a reload too, with the table worded anew.
    page.get_by_role("combobox", name=i18n.t(lang, "header.language")).select_option("en")
    expect(page.get_by_test_id("hand-card").first).to_have_attribute("aria-label", re.compile("^" + re.escape(views.card(first)["name"]) + ","))
    page.reload()
    _wait_for_my_move(page)
    expect(page.get_by_role("combobox", name="Language")).to_have_value("en")
    assert not CYRILLIC.search(page.get_by_test_id("log").inner_text())
    _fits(page)
    ctx.close()
