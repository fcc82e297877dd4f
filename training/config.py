"""What both training scripts share: the config fields they have in common (`RunConfig`), YAML configs over a
dataclass, `--field value` overrides with the field docstrings as help, and the evaluation of a saved policy against
fixed baselines."""

from __future__ import annotations

import argparse
import ast
import dataclasses
import inspect
import itertools
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml

C = TypeVar("C")


@dataclass
class RunConfig:
    """The fields of both training configs (training/ppo.py's `Config`, training/sb3.py's `SB3Config`), which add their
    algorithm's own and may change a default. The docstring under each field is its --help text."""

    exp_name: str = "run"
    """name of the run: everything it writes (checkpoints or model, logs) goes to `out_dir/exp_name`"""
    out_dir: str = "runs"
    """where runs are written"""
    seed: int = 1
    """seed of everything: games, opponent draws, sampling, initial weights"""
    # -- the game
    players: int = 4
    """players per game (2-8)"""
    preset: str | None = None
    """rulebook preset (None: the first-game character set with random unique districts)"""
    reward: str = "win"
    """reward scheme of citadels_env.rewards.final_rewards: win, rank or score"""
    # -- the algorithm
    total_steps: int = 1_000_000
    """environment steps to train for (ppo: the decisions of every seat of the training games; sb3: the learner's
    decisions)"""
    learning_rate: float = 3e-4
    """Adam learning rate"""
    gamma: float = 1.0
    """discount per own decision (rewards only come at the end of a game)"""
    ent_coef: float = 0.01
    """entropy bonus"""
    hidden: int = 256
    """width of the hidden layers of the policy and value networks (ppo: `layers` of them; sb3: two)"""
    # -- the opponents
    opponents: dict[str, float] = field(default_factory=lambda: {
        "self": 0.6, "snapshot": 0.2, "heuristic": 0.15, "random": 0.05})
    """sampling weights of the controller of each non-learner seat, drawn per game: "self" (the current policy),
    "snapshot" (a past policy), or any agent id ("heuristic", "random", "ismcts:iters=50"...)"""
    # -- evaluation
    eval_games: int = 100
    """games per evaluation opponent, rounded up to a multiple of the player count for seat rotation (sb3: 0 skips the
    final evaluation)"""
    eval_opponents: list[str] = field(default_factory=lambda: ["random", "heuristic"])
    """baselines: the policy plays one seat, this agent the others (none: no evaluation)"""
    progress: bool = True
    """show a progress bar"""

    @classmethod
    def from_yaml(cls: type[C], path: str | Path) -> C:
        return load_yaml(cls, path)


def load_yaml(cls: type[C], path: str | Path) -> C:
    """A config dataclass from a YAML file; unknown keys are an error (a typo must not be ignored)."""
    data = yaml.safe_load(Path(path).read_text()) or {}
    unknown = set(data) - {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    if unknown:
        raise ValueError(f"{path}: unknown config keys {sorted(unknown)}")
    return cls(**data)


def field_docs(cls: type) -> dict[str, str]:
    """The docstring under each field of a config dataclass (CleanRL style), for --help; a field a subclass declares
    again without a docstring keeps its base class's."""
    docs = {}
    for klass in reversed(cls.__mro__):
        if not dataclasses.is_dataclass(klass):
            continue
        body = ast.parse(textwrap.dedent(inspect.getsource(klass))).body[0].body  # type: ignore[attr-defined]
        for a, b in itertools.pairwise(body):
            if isinstance(a, ast.AnnAssign) and isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant):
                docs[a.target.id] = " ".join(str(b.value.value).split())  # type: ignore[union-attr]
    return docs


def parse_config(cls: type[C], argv: list[str] | None, description: str,
                 extra: tuple[tuple[str, str], ...] = ()) -> tuple[C, argparse.Namespace]:
    """`--config FILE`, then `--field value` overrides for every field; `extra` adds (flag, help) options."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--config", help=f"YAML file of {cls.__name__} fields")
    for flag, help_text in extra:
        parser.add_argument(flag, help=help_text)
    docs = field_docs(cls)
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[misc]
        parser.add_argument("--" + f.name.replace("_", "-"), dest=f.name, default=None, metavar="VALUE",
                            help=f"{docs.get(f.name, '')} (default: {default!r})")
    args = parser.parse_args(argv)
    cfg = load_yaml(cls, args.config) if args.config else cls()
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        value = getattr(args, f.name)
        if value is not None:
            setattr(cfg, f.name, coerce(yaml.safe_load(value), f))
    return cfg, args


def coerce(value: Any, f: dataclasses.Field) -> Any:
    """A command-line value (already read as YAML) as the field's type: YAML reads "1e-4" as a string;
    `opponents` may be written "self=0.5,heuristic=0.5" and lists "random,heuristic"."""
    if f.name == "opponents" and isinstance(value, str):
        return {k: float(v) for k, v in (item.split("=") for item in value.split(","))}
    if f.name == "eval_opponents" and isinstance(value, str):
        return value.split(",")
    if isinstance(f.default, float) and isinstance(value, (str, int)) and not isinstance(value, bool):
        return float(value)
    return value


def evaluate_against(path: str | Path, opponents: list[str], players: int, preset: str | None, games: int,
                     seed: int, workers: int = 1) -> dict[str, dict[str, float]]:
    """Win rate (with its 95 % Wilson interval) of the saved policy in one seat against each baseline filling the
    others; `games` is rounded up to a multiple of the player count for seat rotation."""
    from agents.evaluate import evaluate

    games = -(-games // players) * players
    out = {}
    for opponent in opponents:
        report = evaluate([str(path)] + [opponent] * (players - 1), games=games, players=players, preset=preset,
                          seed=seed, workers=workers, progress=False)
        row = report.agent(str(path))
        out[opponent] = {"win_rate": row.win_rate, "low": row.ci_low, "high": row.ci_high, "games": row.games,
                         "mean_score": row.mean_score}
    return out
