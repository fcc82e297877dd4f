"""Agents by string id, like RLCard's model zoo: `make("random")`, `make("ismcts:iters=400,rollout=heuristic")`,
`make("runs/ppo/final.pt")`.

An id is `name` or `name:key=value,key=value`; values are read as int, float, bool or str and passed to the factory
as keyword arguments. An id ending in a registered checkpoint suffix (".pt", ".zip") is a path, handed to the loader
for its suffix; a missing one is a FileNotFoundError, not an unknown agent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import builtin
from .base import Agent

Factory = Callable[..., Agent]


@dataclass(frozen=True)
class Entry:
    factory: Factory
    doc: str


_AGENTS: dict[str, Entry] = {}
_LOADERS: dict[str, Callable[..., Agent]] = {}  # file suffix -> loader(path, **options)


def register(name: str, factory: Factory, doc: str = "") -> None:
    """Make `factory(**options)` available as `make(name)`. Re-registering a name replaces it."""
    if not name or ":" in name or "," in name:
        raise ValueError(f"agent name must be non-empty without ':' or ',': {name!r}")
    _AGENTS[name] = Entry(factory, doc)


def register_loader(suffix: str, loader: Callable[..., Agent]) -> None:
    """Load files ending in `suffix` (".pt", ".zip") as agents: `loader(path, **options)`."""
    _LOADERS[suffix] = loader


def available() -> dict[str, str]:
    """Registered ids and their one-line descriptions."""
    return {name: e.doc for name, e in sorted(_AGENTS.items())}


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def parse(spec: str) -> tuple[str, dict[str, Any]]:
    """`"ismcts:iters=400,c=0.7"` -> `("ismcts", {"iters": 400, "c": 0.7})`."""
    name, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    if rest:
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            if not eq or not key:
                raise ValueError(f"agent id {spec!r}: expected key=value after ':', got {item!r}")
            options[key.strip()] = _value(value.strip())
    return name.strip(), options


def make(spec: str | Agent, seed: int | None = None, **overrides: Any) -> Agent:
    """An agent from its id (or the agent itself). `seed` is passed to factories that accept one."""
    if isinstance(spec, Agent):
        return spec
    head = spec.partition(":")[0]
    path = Path(head)
    if path.suffix in _LOADERS and head.strip() not in _AGENTS:  # a checkpoint's name is a path, never an agent id
        _, options = parse(spec)
        if not path.exists():
            raise FileNotFoundError(f"agent checkpoint not found: {path}")
        return _LOADERS[path.suffix](str(path), **{**options, **overrides})
    name, options = parse(spec)
    entry = _AGENTS.get(name)
    if entry is None:
        known = ", ".join(sorted(_AGENTS)) or "none"
        raise ValueError(f"unknown agent {name!r}; registered: {known}; or give a checkpoint path "
                         f"({', '.join(sorted(_LOADERS)) or 'no loaders'})")
    options.update(overrides)
    if seed is not None and _accepts_seed(entry.factory):
        options.setdefault("seed", seed)
    try:
        agent = entry.factory(**options)
    except TypeError as e:
        raise ValueError(f"agent {spec!r}: bad options {options}: {e}") from None
    agent.name = spec if options.keys() - {"seed"} else name
    return agent


def _accepts_seed(factory: Factory) -> bool:
    import inspect

    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return True
    return "seed" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _register_builtin() -> None:
    """The built-in agents and loaders (agents/builtin.py), registered at import: before any of the user's, which
    replace them by name."""
    for suffix, loader in builtin.LOADERS.items():
        register_loader(suffix, loader)
    for name, factory, doc in builtin.AGENTS:
        register(name, factory, doc)


_register_builtin()
