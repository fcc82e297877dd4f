"""`citadels serve` in real Chromium: a whole game by clicking, a finished game whose room the server closes, two
people at one table, a private room, a kick, the move timer under Playwright's clock, a reload that rejoins the
seat, a lost connection that rejoins (a seat, a spectator, hints asked for), a rejoin refused, and the growing wait
of a page that cannot reconnect (docs/WEB.md)."""

from __future__ import annotations

import re

import pytest
from browser_ui import create_room, join_room, make_bot, play_until_over
from playwright.sync_api import Page, expect

from citadels_web import views
from citadels_web.limits import Limits
from citadels_web.server import create_app
from citadels_web.testing import LiveServer


def _hand_labels(page: Page) -> list[str]:
    return sorted(c.get_attribute("aria-label").split(",")[0] for c in page.get_by_test_id("hand-card").all())


def _true_hand(server, code: str, seat: int) -> list[str]:
    return sorted(views.card(d)["name"] for d in server.room(code).game.players[seat].hand)


def test_a_person_plays_a_whole_game_against_three_bots_by_clicking(page: Page, server):
    code = create_room(page)
    for seat in (1, 2, 3):
        make_bot(page, seat)
    page.get_by_test_id("start-btn").click()
    expect(page.get_by_test_id("action-btn").first).to_be_visible()
    assert page.get_by_test_id("hand-card").first.get_attribute("title")  # a card's text on hover
    play_until_over(page)
    expect(page.get_by_test_id("winner")).to_contain_text("wins")
    expect(page.get_by_test_id("score-row")).to_have_count(4)
    game = server.room(code).game
    assert game.is_over
    winner = server.room(code).seats[game.result().winner]
    expect(page.get_by_test_id("winner")).to_have_text(f"{winner.display_name()} wins!")


def test_a_finished_game_stays_readable_when_the_sweep_closes_its_room(browser, tmp_path):
    """The server closes a finished room after `Limits.finished_room` seconds: the page keeps the scores, says the room
    is closed, drops the buttons that need the room, and the replay of the record still opens."""
    app = create_app(tmp_path, bot_delay=0.0, limits=Limits(finished_room=1.0, sweep_every=0.1))
    with LiveServer(app) as live:
        page = browser.new_context(base_url=live.url).new_page()
        create_room(page)
        for seat in (1, 2, 3):
            make_bot(page, seat)
        page.get_by_test_id("start-btn").click()
        play_until_over(page)
        expect(page.locator("#error-banner")).to_contain_text("this room was closed: the game is over")
        expect(page.get_by_test_id("score-table")).to_be_visible()  # not sent home
        expect(page.get_by_test_id("score-row")).to_have_count(4)
        expect(page.get_by_test_id("again-btn")).to_have_count(0)
        page.get_by_test_id("replay-open").click()
        expect(page.get_by_test_id("replay-step")).to_contain_text("Step 0 of")
        page.locator("#replay-next").click()
        expect(page.get_by_test_id("replay-step")).to_contain_text("Step 1 of")


def test_two_people_at_one_table_each_see_only_their_own_hand(browser, server):
    ann_ctx, bob_ctx = browser.new_context(base_url=server.url), browser.new_context(base_url=server.url)
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    code = create_room(ann)
    join_room(bob, code, "Bob")
    expect(ann.get_by_test_id("seat-name-1")).to_contain_text("Bob")
    make_bot(ann, 2)
    make_bot(ann, 3)
    ann.get_by_test_id("start-btn").click()
    for page, seat in ((ann, 0), (bob, 1)):
        expect(page.get_by_test_id("hand-card")).to_have_count(4)
        assert _hand_labels(page) == _true_hand(server, code, seat)
        other = server.room(code).game.players[1 - seat]
        expect(page.get_by_test_id(f"player-{1 - seat}")).to_contain_text(f"{len(other.hand)} cards")
    # Both draft (each clicks only on its own turn); then each sees its own character and not the other's.
    game = server.room(code).game
    pages = {0: ann, 1: bob}
    for _ in range(300):
        if game.phase != "draft" or game.is_over:
            break
        page = pages.get(game.current_player)
        if page is not None and page.get_by_test_id("action-btn").count():
            page.get_by_test_id("action-btn").first.click()
        ann.wait_for_timeout(30)
    names = {seat: views.character(game.players[seat].chars[0])["name"] for seat in (0, 1)}
    for seat, page in pages.items():
        expect(page.get_by_test_id("my-characters")).to_contain_text(names[seat])
    ann_ctx.close()
    bob_ctx.close()


def test_a_private_room_refuses_a_wrong_password(browser, server):
    owner_ctx, guest_ctx = browser.new_context(base_url=server.url), browser.new_context(base_url=server.url)
    owner, guest = owner_ctx.new_page(), guest_ctx.new_page()
    key = create_room(owner, password="s3cret")
    short = server.room(key).code
    join_room(guest, short, "Eve", password="s3cret")  # a private room is found by its link's key alone
    expect(guest.get_by_test_id("error-banner")).to_contain_text("no room")
    join_room(guest, key, "Eve", password="guess")
    expect(guest.get_by_test_id("error-banner")).to_contain_text("password")
    expect(guest.get_by_test_id("lobby-title")).not_to_be_visible()
    expect(owner.get_by_test_id("seat-name-1")).to_have_text("Open seat")
    guest.goto(f"/r/{key}")  # the share link fills the key in
    expect(guest.get_by_test_id("join-code")).to_have_value(key)
    join_room(guest, key, "Eve", password="s3cret")
    expect(guest.get_by_test_id("share-link")).to_have_attribute("href", f"/r/{key}")
    expect(owner.get_by_test_id("seat-name-1")).to_contain_text("Eve")
    owner_ctx.close()
    guest_ctx.close()


def test_a_person_chooses_a_seat_and_a_taken_seat_is_refused(browser, server):
    owner_ctx, a_ctx, b_ctx = (browser.new_context(base_url=server.url) for _ in range(3))
    owner, a, b = owner_ctx.new_page(), a_ctx.new_page(), b_ctx.new_page()
    code = create_room(owner)
    join_room(a, code, "Cleo", seat=2)
    expect(owner.get_by_test_id("seat-name-2")).to_contain_text("Cleo")
    expect(a.locator("#room-info")).to_contain_text("seat 3")  # seats are numbered from 1 on the page
    join_room(b, code, "Dan", seat=2)
    expect(b.get_by_test_id("error-banner")).to_contain_text("seat 3 is not open")
    for ctx in (owner_ctx, a_ctx, b_ctx):
        ctx.close()


# Counts the sockets the page opens (WebSocket's constants stay on the subclass).
COUNT_SOCKETS = ("window.sockets = 0; const Socket = WebSocket;"
                 " window.WebSocket = class extends Socket { constructor(...a) { super(...a); window.sockets += 1; } };")
DROP = "window.dropped = S.ws; S.ws.close()"
REOPENED = "S.ws !== window.dropped && S.ws !== null && S.ws.readyState === WebSocket.OPEN"


def _a_guest_in_a_room(browser, server):
    """The owner's page and context, a guest's ("Mallory", seat 2) and the room's code."""
    owner_ctx, guest_ctx = browser.new_context(base_url=server.url), browser.new_context(base_url=server.url)
    owner, guest = owner_ctx.new_page(), guest_ctx.new_page()
    code = create_room(owner)
    join_room(guest, code, "Mallory")
    expect(owner.get_by_test_id("seat-name-1")).to_contain_text("Mallory")
    return owner_ctx, owner, guest_ctx, guest, code


def test_the_owner_kicks_a_player_whose_page_then_opens_a_room_that_survives_a_lost_connection(browser, server):
    owner_ctx, owner, guest_ctx, guest, code = _a_guest_in_a_room(browser, server)
    # The same page, not reloaded, opens a room of its own at the very moment the kick arrives: in the same turn of
    # its event loop, while the socket the server is closing still reads as open. The request must go out on a new
    # connection, not be lost on the old one (a CI run once clicked that fast). Then its connection drops and it
    # rejoins that room (the kick must not leave the page thinking every room is closed to it).
    guest.evaluate(
        "() => { const receiveFrame = receive;"
        " window.receive = (m) => { receiveFrame(m); if (m.type === 'kicked') $('create-btn').click(); }; }"
    )
    owner.get_by_test_id("kick-1").click()
    expect(guest.get_by_test_id("error-banner")).to_contain_text("removed you")
    expect(owner.get_by_test_id("seat-name-1")).to_have_text("Open seat")
    assert server.room(code).seats[1].kind == "open"
    link = guest.get_by_test_id("share-link")
    expect(link).to_have_attribute("href", re.compile(r"^/r/(?!" + code + r"$)[A-Z0-9]{4}$"))
    mine = link.get_attribute("href").removeprefix("/r/")
    guest.evaluate(DROP)
    guest.wait_for_function(REOPENED, timeout=10_000)
    expect(guest.get_by_test_id("share-link")).to_have_attribute("href", "/r/" + mine)
    assert server.room(mine).seats[0].connected
    owner_ctx.close()
    guest_ctx.close()


def test_a_rejoin_the_server_refuses_shows_the_home_page_forgets_the_token_and_tries_no_more(browser, server):
    owner_ctx, ctx = browser.new_context(base_url=server.url), browser.new_context(base_url=server.url)
    code = create_room(owner_ctx.new_page())
    ctx.add_init_script(COUNT_SOCKETS)
    page = ctx.new_page()
    page.goto("/")
    page.evaluate(f"localStorage.setItem('citadels:{code}', 'a-token-of-no-one')")
    page.goto(f"/r/{code}")
    expect(page.get_by_test_id("error-banner")).to_contain_text("unknown token")
    expect(page.get_by_test_id("create-btn")).to_be_visible()
    expect(page.get_by_test_id("join-code")).to_have_value(code)
    assert page.evaluate(f"localStorage.getItem('citadels:{code}')") is None
    page.wait_for_timeout(2500)  # more than a rejoin's first wait
    assert page.evaluate("window.sockets") == 1
    owner_ctx.close()
    ctx.close()


def test_a_kicked_player_who_reloads_the_room_link_gets_the_home_page(browser, server):
    owner_ctx, owner, guest_ctx, guest, code = _a_guest_in_a_room(browser, server)
    token = guest.evaluate("S.token")
    owner.get_by_test_id("kick-1").click()
    expect(guest.get_by_test_id("error-banner")).to_contain_text("removed you")
    # The room's link still names the room: the token saved under its code must be gone with the one under its key.
    assert guest.evaluate("Object.values(localStorage)").count(token) == 0
    guest.reload()
    expect(guest.get_by_test_id("create-btn")).to_be_visible()
    expect(guest.get_by_test_id("join-code")).to_have_value(code)
    owner_ctx.close()
    guest_ctx.close()


def test_a_spectator_whose_connection_drops_watches_again(browser, server):
    owner_ctx, watcher_ctx = browser.new_context(base_url=server.url), browser.new_context(base_url=server.url)
    owner, watcher = owner_ctx.new_page(), watcher_ctx.new_page()
    code = create_room(owner)
    watcher.goto("/")
    watcher.get_by_test_id("join-code").fill(code)
    watcher.get_by_test_id("spectate-btn").click()
    expect(watcher.locator("#room-info")).to_contain_text("watching")
    watcher.evaluate(DROP)
    watcher.wait_for_function(REOPENED, timeout=10_000)
    make_bot(owner, 1)
    expect(watcher.get_by_test_id("seat-name-1")).to_contain_text("heuristic")
    owner_ctx.close()
    watcher_ctx.close()


def test_hints_asked_for_stay_on_after_a_lost_connection(page: Page, server):
    create_room(page)
    for seat in (1, 2, 3):
        make_bot(page, seat)
    page.get_by_test_id("start-btn").click()
    expect(page.get_by_test_id("action-btn").first).to_be_visible()
    page.get_by_test_id("hint-toggle").check()
    expect(page.get_by_test_id("hint-moves").locator("li").first).to_be_visible()
    # A new connection starts with hints off: the page must ask again, and the server then sends this move's hint.
    page.evaluate("() => { window.hints = 0; const receiveFrame = receive;"
                  " window.receive = (m) => { if (m.type === 'hint') window.hints += 1; receiveFrame(m); }; }")
    page.evaluate(DROP)
    page.wait_for_function(REOPENED, timeout=10_000)
    page.wait_for_function("window.hints > 0", timeout=10_000)
    expect(page.get_by_test_id("hint-moves").locator("li").first).to_be_visible()


def test_a_page_that_cannot_reconnect_waits_twice_as_long_before_each_try(page: Page, server):
    page.clock.install()
    create_room(page)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # the page's time moves only when run_for moves it
    tries: list[str] = []
    page.route_web_socket(re.compile(r"/ws"), lambda ws: (tries.append(ws.url), ws.close()))  # every one fails now
    page.evaluate(DROP)
    for done, wait_ms in enumerate((1000, 2000, 4000, 8000, 16000, 30000, 30000)):
        page.wait_for_function(f"S.retries === {done + 1}", polling=50, timeout=10_000)  # the next try is set
        page.clock.run_for(wait_ms - 50)
        page.wait_for_timeout(100)
        assert len(tries) == done, f"try {done + 1} came before {wait_ms} ms"
        page.clock.run_for(50)
        page.wait_for_function(f"S.retries === {done + 2}", polling=50, timeout=10_000)
        assert len(tries) == done + 1


def test_the_timer_counts_down_on_the_page_clock_and_then_plays_a_random_move(page: Page, server):
    page.clock.install()
    code = create_room(page)
    page.get_by_test_id("setting-timer").fill("5")
    page.get_by_test_id("setting-timer").dispatch_event("change")
    expect(page.get_by_test_id("setting-timer")).to_have_value("5")
    for seat in (1, 2, 3):
        make_bot(page, seat)
    page.get_by_test_id("start-btn").click()
    expect(page.get_by_test_id("action-btn").first).to_be_visible()
    timer = page.get_by_test_id("timer")
    expect(timer).to_have_text(re.compile(r"^[45] s left to decide$"))
    page.clock.fast_forward(3000)  # the countdown runs on the browser's clock
    expect(timer).to_have_text(re.compile(r"^[12] s left to decide$"))
    step = server.room(code).step
    # The server's own timer (real time) runs out: a random legal move is played for the seat, and the page says so.
    expect(page.get_by_test_id("timeout-notice")).to_contain_text("ran out of time", timeout=15_000)
    assert server.room(code).step > step


def test_a_reload_rejoins_the_seat(page: Page, server):
    code = create_room(page)
    for seat in (1, 2, 3):
        make_bot(page, seat)
    page.get_by_test_id("start-btn").click()
    expect(page.get_by_test_id("hand-card")).to_have_count(4)
    before = _hand_labels(page)
    assert re.search(rf"/r/{code}$", page.url)
    page.reload()
    expect(page.get_by_test_id("hand-card").first).to_be_visible()
    assert _hand_labels(page) == before == _true_hand(server, code, 0)
    expect(page.locator("#room-info")).to_contain_text("seat 1")
    assert server.room(code).seats[0].connected
    play_until_over(page)


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_table_fits_desktop_and_phone_screens(browser, server, width, height):
    ctx = browser.new_context(base_url=server.url, viewport={"width": width, "height": height})
    page = ctx.new_page()
    create_room(page)
    for seat in (1, 2, 3):
        make_bot(page, seat)
    page.get_by_test_id("start-btn").click()
    expect(page.get_by_test_id("action-btn").first).to_be_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the table is {overflow}px wider than a {width}px screen"
    ctx.close()
