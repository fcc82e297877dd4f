"""A seat played by a chat model: `agents.make("llm", chat=fn)` or `agents.make("llm:url=...,model=...")`.

Each decision the model gets the board as this seat sees it (`Decision.board()`), what this seat saw happen since
its previous question, and the legal actions numbered in plain words (`citadels_env.text`), and is asked for one
number. Nothing else reaches the prompt, so the model can know no more than a person in that seat.

A reply that cannot be used (no number, a number out of range, an HTTP error, a timeout, an exception of the
`chat` callable) is asked again once, saying why; a second failure hands this one decision to the `fallback` bot
and logs the reason on the `citadels.llm` logger. A bot that plays on is better for evaluation and long games than
one that stops a game at the first odd reply; the counters (`asks`, `reasks`, `fallbacks`, `fallback_reasons`) say
how often it happened.

The HTTP client (`OpenAIChat`) speaks the OpenAI-compatible `POST {url}/chat/completions` (OpenAI, vLLM, llama.cpp,
Ollama...) with the standard library only. The key is read from the environment variable named by `api_key_env`
when a request is sent; it is never stored on the agent, so it cannot appear in an agent id, a repr or a log.
"""

from __future__ import annotations

import http.client
import json
import logging
import os
import re
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from typing import Any

from citadels_env.core import Action, GameConfig
from citadels_env.text import (
    char_label,
    decision_header,
    describe_action,
    describe_decision,
    describe_event,
    personal_note,
)

from .base import Agent, Decision

log = logging.getLogger("citadels.llm")

Message = dict[str, str]
Chat = Callable[[list[Message]], str]

#: The bots a fallback may name. A fallback is looked up here and not in the registry because the registry builds
#: this agent (agents/builtin.py): asking it back would be an import circle. Any other bot is passed as an `Agent`.
FALLBACKS = ("heuristic", "heuristic-strong", "random", "ismcts")

SYSTEM_PROMPT = (
    "You are playing Citadels (2016 edition), a card game for 2 to 8 players. Each round every player secretly "
    "chooses a character; the characters are then called in rank order and each plays a turn: gather gold or "
    "cards, build districts by paying their cost, and use the character's ability. The game ends after the round "
    "in which a city reaches {size} districts; each district scores its cost plus bonuses, and the highest score "
    "wins. Characters in this game: {characters}. You will see the board as your seat sees it, what happened since "
    "your last decision, and the numbered legal actions. Reply with the number of your chosen action only."
)

_NUMBER = re.compile(r"(?:action|option|choice|answer)?\s*(?:number|no\.?)?\s*[:#]?\s*(\d+)\s*(?:[.):\-]\s*.*)?",
                     re.IGNORECASE)


class ChatError(Exception):
    """A chat call that gave no reply. Its message says why in words fit for a log: no key, no reply body."""


class OpenAIChat:
    """`chat(messages) -> reply text` over an OpenAI-compatible HTTP endpoint, standard library only."""

    def __init__(self, url: str, model: str, api_key_env: str = "OPENAI_API_KEY", timeout: float = 30.0,
                 temperature: float = 0.0) -> None:
        if not isinstance(url, str) or not url.startswith(("http://", "https://")):
            raise ValueError(f"url must start with http:// or https://, got {url!r}")
        if not isinstance(model, str) or not model:
            raise ValueError("model= is required with url= (the model name the server serves)")
        if not isinstance(api_key_env, str) or not api_key_env:
            raise ValueError(f"api_key_env must name an environment variable, got {api_key_env!r}")
        if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0:
            raise ValueError(f"timeout must be a positive number of seconds, got {timeout!r}")
        if isinstance(temperature, bool) or not isinstance(temperature, int | float) or not 0 <= temperature <= 2:
            raise ValueError(f"temperature must be a number from 0 to 2, got {temperature!r}")
        self.endpoint = url.rstrip("/") + "/chat/completions"
        self.model = model
        self.api_key_env = api_key_env
        self.timeout = float(timeout)
        self.temperature = float(temperature)

    def __repr__(self) -> str:
        return f"OpenAIChat({self.endpoint!r}, model={self.model!r}, api_key_env={self.api_key_env!r})"

    def __call__(self, messages: list[Message]) -> str:
        body = json.dumps({"model": self.model, "messages": messages, "temperature": self.temperature})
        headers = {"Content-Type": "application/json"}
        key = os.environ.get(self.api_key_env)
        if key:  # a local server may need none
            headers["Authorization"] = f"Bearer {key}"
        request = urllib.request.Request(self.endpoint, data=body.encode(), headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as e:  # the error body may echo the request: not logged
            raise ChatError(f"HTTP {e.code} from the chat server") from None
        except TimeoutError:
            raise ChatError(f"no reply within {self.timeout:g} s") from None
        except urllib.error.URLError as e:
            if isinstance(e.reason, TimeoutError):
                raise ChatError(f"no reply within {self.timeout:g} s") from None
            raise ChatError(f"cannot reach the chat server ({type(e.reason).__name__})") from None
        except (OSError, http.client.HTTPException) as e:
            raise ChatError(f"connection failed ({type(e).__name__})") from None
        try:
            content = json.loads(raw)["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise ChatError("the chat server's answer is not a chat completion") from None
        if not isinstance(content, str):
            raise ChatError("the chat server's answer has no text content")
        return content


def parse_reply(reply: str, options: Sequence[str]) -> tuple[int | None, str]:
    """The index into `options` that `reply` names, or None and why not.

    Accepted: a number ("7", "7.", "Action 7", "7. Build Castle"), alone or on the reply's last line (a model that
    reasons first), or exactly one option's text (any case, with or without a final period)."""
    if not isinstance(reply, str):
        return None, f"the reply is a {type(reply).__name__}, not text"
    text = reply.strip().strip("*`\"'").strip()
    if not text:
        return None, "the reply is empty"
    lines = [line.strip().strip("*`\"'").strip() for line in text.splitlines() if line.strip()]
    for candidate in dict.fromkeys((text, lines[-1])):
        match = _NUMBER.fullmatch(candidate)
        if match:
            number = int(match.group(1))
            if 1 <= number <= len(options):
                return number - 1, ""
            return None, f"{number} is not a number from 1 to {len(options)}"
    wanted = text.rstrip(".").casefold()
    found = [i for i, option in enumerate(options) if option.rstrip(".").casefold() == wanted]
    if len(found) == 1:
        return found[0], ""
    return None, "it holds no action number"


def _fallback_agent(fallback: str | Agent, seed: int | None) -> Agent:
    if isinstance(fallback, Agent):
        return fallback
    if fallback == "random":
        from .random_agent import RandomAgent

        return RandomAgent(seed=seed)
    if fallback in ("heuristic", "heuristic-strong"):
        from .heuristic import HeuristicAgent, StrongHeuristicAgent

        agent: Agent = (HeuristicAgent if fallback == "heuristic" else StrongHeuristicAgent)(seed=seed)
        return agent
    if fallback == "ismcts":
        from .ismcts import ISMCTSAgent

        return ISMCTSAgent(seed=seed)
    raise ValueError(f"fallback must be one of {', '.join(FALLBACKS)} or an Agent, got {fallback!r}")


class LLMAgent(Agent):
    """A seat played by a chat model; see the module docstring.

    * `chat`: a callable taking the messages (a list of {"role", "content"}) and returning the reply text; or
    * `url` and `model`: an OpenAI-compatible endpoint (`OpenAIChat`), with `api_key_env` (the name of the variable
      holding the key), `timeout` (seconds) and `temperature`.
    * `fallback`: the bot that plays a decision the model failed twice: one of `FALLBACKS`, or an `Agent`.
    * `system`: replaces the system prompt (`{size}` and `{characters}` are filled in if present).
    * `events`: at most this many lines of what happened since the last question (the latest ones).
    * `ask_single`: ask the model also when only one action is legal (by default it is played without asking).
    """

    name = "llm"

    def __init__(self, chat: Chat | None = None, *, url: str | None = None, model: str | None = None,
                 api_key_env: str = "OPENAI_API_KEY", timeout: float = 30.0, fallback: str | Agent = "heuristic",
                 temperature: float = 0.0, system: str | None = None, events: int = 40, ask_single: bool = False,
                 seed: int | None = None, api_key: Any = None) -> None:
        if api_key is not None:  # said without echoing it
            raise ValueError("do not put an API key in an agent id or option: set an environment variable and "
                             "name it with api_key_env= (default OPENAI_API_KEY)")
        if chat is not None and url is not None:
            raise ValueError("give either chat= (a callable) or url= (an OpenAI-compatible endpoint), not both")
        if chat is None:
            if url is None:
                raise ValueError("the llm agent needs chat= (a callable) or url= and model= (an endpoint)")
            chat = OpenAIChat(url, model or "", api_key_env, timeout, temperature)
        elif not callable(chat):
            raise ValueError(f"chat must be a callable taking a list of messages, got {type(chat).__name__}")
        if system is not None and not isinstance(system, str):
            raise ValueError(f"system must be text, got {type(system).__name__}")
        if isinstance(events, bool) or not isinstance(events, int) or events < 0:
            raise ValueError(f"events must be a whole number >= 0, got {events!r}")
        self.chat: Chat = chat
        self.api_key_env = api_key_env
        self.fallback = _fallback_agent(fallback, seed)
        self.system = system
        self.max_events = events
        self.ask_single = bool(ask_single)
        self.seat = 0
        self.seen = 0  # how many of this seat's events the model was shown
        self.asks = 0  # chat calls made
        self.reasks = 0  # decisions asked a second time
        self.fallbacks = 0  # decisions played by the fallback bot
        self.fallback_reasons: list[str] = []

    def reset(self, seat: int, config: GameConfig, seed: int | None = None) -> None:
        self.seat = seat
        self.seen = 0
        self.fallback.reset(seat, config, seed)

    def close(self) -> None:
        self.fallback.close()

    # -- the prompt -----------------------------------------------------------------------------------------------
    def system_prompt(self, decision: Decision) -> str:
        view = decision.view
        chars = ", ".join(char_label(c) for c in view.characters)
        template = SYSTEM_PROMPT if self.system is None else self.system
        return template.replace("{size}", str(view.completion_size)).replace("{characters}", chars)

    # -- acting ---------------------------------------------------------------------------------------------------
    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1 and not self.ask_single:
            return legal[0]
        options = [describe_action(a, decision) for a in legal]
        seen = len(decision.public_events())
        if self.seen > seen:  # a new game without `reset` (a caller that skipped it): tell it from the start
            self.seen = 0
        messages: list[Message] = [{"role": "system", "content": self.system_prompt(decision)},
                                   {"role": "user", "content": user_prompt(decision, self.seen, self.max_events,
                                                                           options)}]
        self.seen = seen
        reason = why = ""
        for attempt in range(2):
            self.asks += 1
            try:
                reply: Any = self.chat(list(messages))
            except ChatError as e:
                reason = str(e)
                continue_with_reply = False
            except Exception as e:  # a callable's own failure (its client library, its bug): this decision only
                reason = f"the chat callable raised {type(e).__name__}"
                continue_with_reply = False
            else:
                index, why = parse_reply(reply, options)
                if index is not None:
                    return legal[index]
                reason = f"unusable reply: {why}"
                continue_with_reply = isinstance(reply, str)
            if attempt == 0:
                self.reasks += 1
                log.debug("seat P%d, %s decision: %s; asking again", decision.seat, decision.kind,
                          self._safe(reason))
                if continue_with_reply:  # show the model its answer and why it failed
                    messages += [{"role": "assistant", "content": reply},
                                 {"role": "user", "content": f"That answer cannot be used: {why}. Reply with one "
                                                             f"number from 1 to {len(legal)} only."}]
        reason = self._safe(reason)
        self.fallbacks += 1
        self.fallback_reasons.append(reason)
        log.warning("seat P%d, %s decision: %s (asked twice); the %s bot plays it", decision.seat, decision.kind,
                    reason, self.fallback.name)
        return self.fallback.act(decision)

    def _safe(self, text: str) -> str:
        """`text` with the API key blanked out, should a callable's error ever carry it."""
        key = os.environ.get(self.api_key_env)
        return text.replace(key, "***") if key and len(key) >= 4 else text


def user_prompt(decision: Decision, since: int = 0, max_events: int = 40,
                options: Sequence[str] | None = None) -> str:
    """The question for `decision`: the seat's board, its events from the `since`-th on (the last `max_events`
    lines), and the legal actions numbered from 1 in plain words. Only what the seat may know goes in."""
    seat = decision.seat
    lines: list[str] = []
    mine = decision.view.my_characters
    for event in decision.public_events()[since:]:
        line = describe_event(event)
        if line:
            lines.append(line.strip())
        note = personal_note(event, seat, mine)
        if note:
            lines.append(f"  >> {note}")
    if len(lines) > max_events:
        dropped = len(lines) - max_events
        lines = [f"({dropped} earlier lines left out)"] + (lines[dropped:] if max_events else [])
    if options is None:
        options = [describe_action(a, decision) for a in decision.legal]
    width = len(str(len(options)))
    numbered = [f"{i:>{width}}. {text}" for i, text in enumerate(options, 1)]
    return "\n".join([
        f"You are P{seat}. The board as you see it:", decision.board(), "",
        "What happened since your last decision:", *(lines or ["(nothing new)"]), "",
        f"Decision: {decision_header(decision.kind)}. {describe_decision(decision)}",
        "Legal actions:", *numbered, "",
        f"Reply with the number of your chosen action only (1-{len(options)}).",
    ])
