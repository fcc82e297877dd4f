"""The chat-model seat (agents/llm.py): prompts that hold the board and every legal action and nothing hidden, replies
parsed, one re-ask then a logged fallback, and the OpenAI-compatible HTTP client against a fake local server. Nothing
here reaches a network: the models are scripted callables and a server on 127.0.0.1."""

from __future__ import annotations

import json
import logging
import random
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

import agents
from agents import Decision, play_game
from agents.heuristic import HeuristicAgent
from agents.llm import LLMAgent, OpenAIChat, parse_reply, user_prompt
from agents.random_agent import RandomAgent
from agents.registry import available, register
from citadels_env.core import Game, GameConfig
from citadels_env.text import describe_action, describe_event, district_name

KEY = "sk-test-0123456789abcdef"


class Script:
    """A fake chat model: `answer(messages, options_count)` gives each reply; every call is recorded."""

    def __init__(self, answer) -> None:
        self.answer = answer
        self.calls: list[list[dict]] = []

    def __call__(self, messages: list[dict]) -> str:
        self.calls.append([dict(m) for m in messages])
        count = len(re.findall(r"^\s*\d+\. ", messages[1]["content"], re.MULTILINE))
        return self.answer(messages, count)


def first(messages, count):
    return "1"


def varied(seed: int):
    """A model answering a random valid number in the formats a model writes."""
    rng = random.Random(seed)
    forms = ["{}", "{}.", "Action {}", "**{}**", "I weighed it.\n{}", "{}. (my choice)"]

    def answer(messages, count):
        return rng.choice(forms).format(rng.randint(1, count))

    return answer


@pytest.fixture
def llm_registered() -> Iterator[None]:
    """`agents.make("llm")` works once the lead adds "llm" to agents/builtin.py's AGENTS. Until then this registers it
    for the test only (and removes it after), so the test goes through the registry either way."""
    from agents import registry

    added = "llm" not in available()
    if added:
        register("llm", lambda **options: LLMAgent(**options), "a chat model (agents/llm.py)")
    yield
    if added:
        registry._AGENTS.pop("llm", None)


# -- whole games ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_scripted_models_play_whole_games_without_fallback(players, llm_registered):
    seats = [agents.make("llm", chat=Script(first if s % 2 else varied(s))) for s in range(players)]
    result = play_game(seats, seed=11)
    assert result.game.is_over and result.decisions > 0
    assert all(isinstance(a, LLMAgent) and a.asks > 0 and a.fallbacks == 0 and a.reasks == 0 for a in seats)


def test_same_seed_and_same_replies_give_the_same_game():
    def play():
        seats = [LLMAgent(chat=Script(varied(s))) for s in range(4)]
        r = play_game(seats, seed=5)
        return r.game.actions, r.result

    assert play() == play()


def test_single_legal_action_is_played_without_asking_unless_ask_single():
    quiet, asking = Script(first), Script(first)
    play_game([LLMAgent(chat=quiet), RandomAgent(0)], seed=2)
    play_game([LLMAgent(chat=asking, ask_single=True), RandomAgent(0)], seed=2)
    assert len(asking.calls) > len(quiet.calls) > 0


# -- the prompt -----------------------------------------------------------------------------------------------------
def decisions_of(seat: int, players: int, seed: int, limit: int = 400) -> Iterator[tuple[Game, Decision]]:
    """The decisions `seat` faces in a game where every seat plays uniformly at random."""
    game = Game(GameConfig(players=players), seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over:
            return
        d = Decision(game)
        if d.seat == seat:
            yield game, d
        game.apply(d.legal[rng.randrange(len(d.legal))])


def test_the_prompt_holds_the_board_and_every_legal_action_numbered():
    model = Script(first)
    agent = LLMAgent(chat=model, ask_single=True)
    agent.reset(1, GameConfig(players=4))
    for _, d in decisions_of(1, 4, seed=7, limit=120):
        agent.act(d)
        system, user = model.calls[-1]
        assert system["role"] == "system" and user["role"] == "user"
        assert d.board() in user["content"]
        width = len(str(len(d.legal)))
        for i, a in enumerate(d.legal, 1):
            assert f"\n{i:>{width}}. {describe_action(a, d)}\n" in user["content"]
        assert f"(1-{len(d.legal)})" in user["content"]
    assert len(model.calls) > 10


def test_each_prompt_tells_the_events_since_the_last_question_once():
    model = Script(first)
    agent = LLMAgent(chat=model, ask_single=True, events=1000)
    agent.reset(0, GameConfig(players=3))
    shown = []
    for _, d in decisions_of(0, 3, seed=4, limit=200):
        agent.act(d)
        part = model.calls[-1][1]["content"].split("What happened since your last decision:\n")[1].split("\n\n")[0]
        shown += [] if part == "(nothing new)" else [x for x in part.split("\n") if not x.startswith("  >> ")]
        last = d
    told = [t.strip() for e in last.public_events() if (t := describe_event(e))]
    assert shown == told[:len(shown)] and len(shown) > 20  # every event line, in order, none twice


def test_events_are_capped_to_the_latest():
    model = Script(first)
    agent = LLMAgent(chat=model, events=3)
    play_game([agent, RandomAgent(1)], seed=3)
    for _, user in model.calls:
        part = user["content"].split("What happened since your last decision:\n")[1].split("\n\n")[0].split("\n")
        assert len(part) <= 4
    assert any("earlier lines left out" in user["content"] for _, user in model.calls)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_prompt_is_the_same_for_every_game_the_seat_cannot_tell_apart(seed):
    """Re-sampling all the seat cannot see (other hands, the deck, hidden characters) changes no word of it."""
    agent = LLMAgent(chat=first, ask_single=True)
    differed = 0
    for game, d in decisions_of(2, 5, seed=seed, limit=250):
        other = game.determinize(2, seed)
        differed += any(p.hand != q.hand for p, q in zip(game.players, other.players))
        twin = Decision(other, 2)
        assert user_prompt(twin, 3) == user_prompt(d, 3)
        assert agent.system_prompt(twin) == agent.system_prompt(d)
    assert differed > 5


def test_no_district_of_another_hand_the_seat_never_saw_is_named():
    model = Script(varied(0))
    seat = 1
    checked = 0
    agent = LLMAgent(chat=model, ask_single=True, events=10_000)
    agent.reset(seat, GameConfig(players=5))
    for game, d in decisions_of(seat, 5, seed=9, limit=300):
        agent.act(d)
        text = "\n".join(m["content"] for m in model.calls[-1])
        bit = 1 << seat
        legit = set(game.players[seat].hand) | {k for p in game.players for k in p.city}
        legit |= {k for p in game.players for k, m in zip(p.hand, p.hand_seen) if m & bit}
        data = d.view.decision_data
        legit |= set(data) if isinstance(data, tuple) and all(isinstance(x, str) for x in data) else set()
        seen_text = "\n".join(t for e in d.public_events() if (t := describe_event(e)))
        hidden = {district_name(k) for p in game.players if p.seat != seat for k in p.hand if k not in legit}
        hidden = {n for n in hidden if not re.search(rf"\b{re.escape(n)}\b", seen_text)}
        checked += bool(hidden)
        for name in hidden:
            assert not re.search(rf"\b{re.escape(name)}\b", text), name
    assert checked > 5


# -- replies --------------------------------------------------------------------------------------------------------
OPTIONS = ["Take 2 gold", "Draw 2 cards and keep one", "Build Castle (noble, 4 gold)", "End your turn"]


@pytest.mark.parametrize(("reply", "index"), [
    ("3", 2), ("3.", 2), ("Action 3", 2), ("action: 3", 2), ("**3**", 2), ("  3  ", 2), ("3. Build Castle", 2),
    ("3) build", 2), ("Option #4", 3), ("Thinking about gold and cards...\nAnswer: 1", 0), ("take 2 gold", 0),
    ("Build Castle (noble, 4 gold).", 2), ("End your turn", 3),
])
def test_replies_that_name_an_action(reply, index):
    assert parse_reply(reply, OPTIONS) == (index, "")


@pytest.mark.parametrize(("reply", "why"), [
    ("", "empty"), ("I pick the castle", "no action number"), ("0", "not a number from 1 to 4"),
    ("7", "not a number from 1 to 4"), ("Take 3 gold", "no action number"), ("2 gold", "no action number"),
    (None, "not text"),
])
def test_replies_that_name_nothing_say_why(reply, why):
    index, reason = parse_reply(reply, OPTIONS)
    assert index is None and why in reason


def test_the_same_text_twice_is_not_a_choice():
    assert parse_reply("Pass", ["Pass", "Pass"])[0] is None


def a_decision() -> Decision:
    game = Game(GameConfig(players=3), 1)
    while len(Decision(game).legal) < 3:
        game.apply(Decision(game).legal[0])
    return Decision(game)


def test_a_bad_reply_is_asked_again_once_with_the_reason(caplog):
    replies = iter(["hmm, the castle?", "2"])
    model = Script(lambda m, n: next(replies))
    agent = LLMAgent(chat=model)
    d = a_decision()
    with caplog.at_level(logging.WARNING, logger="citadels.llm"):
        assert agent.act(d) == d.legal[1]
    assert (agent.asks, agent.reasks, agent.fallbacks) == (2, 1, 0)
    second = model.calls[1]
    assert second[:2] == model.calls[0] and second[2] == {"role": "assistant", "content": "hmm, the castle?"}
    assert "no action number" in second[3]["content"] and f"1 to {len(d.legal)}" in second[3]["content"]
    assert not caplog.records


@pytest.mark.parametrize(("answer", "reason"), [
    (lambda m, n: "the best one", "unusable reply: it holds no action number"),
    (lambda m, n: str(n + 1), "is not a number from 1 to"),
    (lambda m, n: 1 / 0, "the chat callable raised ZeroDivisionError"),
])
def test_two_bad_replies_fall_back_to_the_named_bot_and_log_why(answer, reason, caplog):
    model = Script(answer)
    agent = LLMAgent(chat=model, fallback="heuristic", seed=3)
    agent.reset(0, GameConfig(players=3), 3)
    d = a_decision()
    reference = HeuristicAgent(seed=3)
    reference.reset(0, GameConfig(players=3), 3)
    with caplog.at_level(logging.WARNING, logger="citadels.llm"):
        assert agent.act(d) == reference.act(d)
    assert (len(model.calls), agent.reasks, agent.fallbacks) == (2, 1, 1)
    assert reason in agent.fallback_reasons[0]
    [record] = [r for r in caplog.records if r.name == "citadels.llm"]
    assert record.levelno == logging.WARNING and reason in record.getMessage() and "heuristic" in record.getMessage()


def test_a_fallback_agent_can_be_given_and_plays_whole_games(caplog):
    class Counting(RandomAgent):
        played = 0

        def act(self, decision):
            Counting.played += 1
            return super().act(decision)

    agent = LLMAgent(chat=lambda m: "no idea", fallback=Counting(0))
    with caplog.at_level(logging.WARNING, logger="citadels.llm"):
        result = play_game([agent, RandomAgent(1)], seed=8)
    assert result.game.is_over and agent.fallbacks == Counting.played > 0
    assert len(caplog.records) == agent.fallbacks


# -- options --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("options", "message"), [
    ({}, "needs chat= (a callable) or url="),
    ({"chat": first, "url": "http://127.0.0.1:9"}, "not both"),
    ({"chat": "1"}, "chat must be a callable"),
    ({"url": "ftp://x", "model": "m"}, "url must start with http"),
    ({"url": "http://127.0.0.1:9"}, "model= is required"),
    ({"url": "http://127.0.0.1:9", "model": "m", "timeout": 0}, "timeout must be a positive"),
    ({"url": "http://127.0.0.1:9", "model": "m", "temperature": "hot"}, "temperature must be"),
    ({"chat": first, "fallback": "nobody"}, "fallback must be one of"),
    ({"chat": first, "events": -1}, "events must be"),
    ({"chat": first, "system": 3}, "system must be text"),
])
def test_bad_options_are_named(options, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        LLMAgent(**options)


def test_an_agent_id_reaches_every_option(llm_registered):
    agent = agents.make("llm:url=http://127.0.0.1:9/v1/,model=tiny,api_key_env=MY_KEY,timeout=2.5,"
                        "temperature=0.3,fallback=random,events=5,ask_single=true")
    chat = agent.chat
    assert isinstance(chat, OpenAIChat) and isinstance(agent.fallback, RandomAgent)
    assert (chat.endpoint, chat.model, chat.api_key_env, chat.timeout, chat.temperature) == (
        "http://127.0.0.1:9/v1/chat/completions", "tiny", "MY_KEY", 2.5, 0.3)
    assert (agent.max_events, agent.ask_single) == (5, True)
    assert agent.name.startswith("llm:url=")


def test_a_key_in_an_agent_id_is_refused_without_echoing_it(llm_registered):
    with pytest.raises(ValueError) as e:
        agents.make(f"llm:url=http://127.0.0.1:9,model=m,api_key={KEY}")
    assert KEY not in str(e.value) and "api_key_env" in str(e.value)


# -- the HTTP client against a fake local server --------------------------------------------------------------------
class FakeServer:
    """/v1/chat/completions on 127.0.0.1: answers `reply`, or fails as `mode` says; records every request."""

    def __init__(self) -> None:
        self.mode = "ok"
        self.reply = "1"
        self.requests: list[tuple[str, dict, dict]] = []
        self.release = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append((self.path, dict(self.headers), body))
                if self.path != "/v1/chat/completions":
                    return self.answer(404, b"{}")
                if self.headers.get("Authorization") != f"Bearer {KEY}":
                    return self.answer(401, b'{"error": "bad key"}')
                if server.mode == "slow":
                    server.release.wait(5)
                if server.mode == "500":
                    return self.answer(500, json.dumps({"error": KEY}).encode())
                if server.mode == "junk":
                    return self.answer(200, b"<html>not json</html>")
                payload = {"choices": [{"message": {"role": "assistant", "content": server.reply}}]}
                return self.answer(200, json.dumps(payload).encode())

            def answer(self, code: int, data: bytes) -> None:
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up (the timeout test)
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(monkeypatch) -> Iterator[FakeServer]:
    monkeypatch.setenv("CITADELS_TEST_KEY", KEY)
    s = FakeServer()
    yield s
    s.close()


def http_agent(server: FakeServer, **options) -> LLMAgent:
    return LLMAgent(url=server.url, model="fake-model", api_key_env="CITADELS_TEST_KEY", **options)


def test_a_game_through_an_openai_compatible_endpoint(server, llm_registered, caplog):
    agent = agents.make(f"llm:url={server.url},model=fake-model,api_key_env=CITADELS_TEST_KEY,temperature=0.5")
    with caplog.at_level(logging.DEBUG, logger="citadels.llm"):
        result = play_game([agent, RandomAgent(0)], seed=4)
    assert result.game.is_over and agent.fallbacks == 0 and agent.asks == len(server.requests) > 10
    for path, headers, body in server.requests:
        assert path == "/v1/chat/completions" and headers["Authorization"] == f"Bearer {KEY}"
        assert body["model"] == "fake-model" and body["temperature"] == 0.5
        assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert not caplog.records


def test_without_the_key_the_server_refuses_and_the_bot_plays(server, monkeypatch, caplog):
    monkeypatch.delenv("CITADELS_TEST_KEY")
    agent = http_agent(server)
    d = a_decision()
    with caplog.at_level(logging.WARNING, logger="citadels.llm"):
        assert agent.act(d) in d.legal
    assert "Authorization" not in server.requests[0][1]
    assert agent.fallback_reasons == ["HTTP 401 from the chat server"]


@pytest.mark.parametrize(("mode", "reason"), [
    ("500", "HTTP 500 from the chat server"),
    ("slow", "no reply within 0.3 s"),
    ("junk", "not a chat completion"),
])
def test_server_failures_are_retried_once_then_fall_back(server, mode, reason, caplog):
    server.mode = mode
    agent = http_agent(server, timeout=0.3)
    d = a_decision()
    with caplog.at_level(logging.DEBUG, logger="citadels.llm"):
        assert agent.act(d) in d.legal
    assert (len(server.requests), agent.reasks, agent.fallbacks) == (2, 1, 1)
    assert len(agent.fallback_reasons) == 1 and reason in agent.fallback_reasons[0]
    assert reason in caplog.text and KEY not in caplog.text


def test_an_unreachable_server_falls_back(monkeypatch):
    monkeypatch.setenv("CITADELS_TEST_KEY", KEY)
    probe = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    port = probe.server_address[1]
    probe.server_close()  # nothing listens there now
    agent = LLMAgent(url=f"http://127.0.0.1:{port}", model="m", api_key_env="CITADELS_TEST_KEY", timeout=2)
    d = a_decision()
    assert agent.act(d) in d.legal
    assert agent.fallbacks == 1 and "cannot reach the chat server" in agent.fallback_reasons[0]


def test_the_key_is_in_no_log_repr_or_attribute(server, caplog, llm_registered):
    server.mode = "500"
    agent = agents.make(f"llm:url={server.url},model=fake-model,api_key_env=CITADELS_TEST_KEY,timeout=1")

    def leaky(messages):
        raise RuntimeError(f"auth failed for {KEY}")

    other = LLMAgent(chat=leaky, api_key_env="CITADELS_TEST_KEY")
    with caplog.at_level(logging.DEBUG):
        for a in (agent, other):
            a.act(a_decision())
    assert agent.fallbacks == other.fallbacks == 1
    texts = [caplog.text, repr(agent), repr(agent.chat), agent.name, repr(vars(agent)), repr(vars(agent.chat)),
             repr(other), repr(vars(other)), *agent.fallback_reasons, *other.fallback_reasons]
    assert all(KEY not in t for t in texts)


def test_a_new_game_without_reset_is_told_from_its_start():
    model = Script(first)
    agent = LLMAgent(chat=model, ask_single=True, events=1000)
    *_, (_, late) = decisions_of(0, 3, seed=4, limit=150)
    agent.act(late)
    _, early = next(decisions_of(0, 3, seed=5))
    agent.act(early)
    told = [t.strip() for e in early.public_events() if (t := describe_event(e))]
    assert told and all(line in model.calls[-1][1]["content"] for line in told)
