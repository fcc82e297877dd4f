"""What both training scripts share: the config fields they have in common (`RunConfig`), YAML configs over a
dataclass, `--field value` overrides with the field docstrings as help, and the evaluation of a saved policy against
fixed baselines."""

from __future__ import annotations

import argparse
import ast
import dataclasses
import inspect
import itertools
import json
import math
import re
import textwrap
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import yaml

from citadels_env.core import PRESET_NAMES
from citadels_env.core.limits import MAX_PLAYERS, MIN_PLAYERS
from citadels_env.rewards import REWARD_SCHEMES

C = TypeVar("C")


class ConfigError(ValueError):
    """A config value of the wrong type or out of range, found before any work starts. `field` names the field,
    `reason` says what is wrong with it (the message is both)."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field, self.reason = field, reason


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

    def validate(self) -> None:
        """Raise ConfigError naming the first field of the wrong type or out of range, so that a bad value stops the
        run before any work rather than deep inside it. Subclasses add their own fields' ranges (calling super)."""
        check_types(self)
        need(self, "players", MIN_PLAYERS <= self.players <= MAX_PLAYERS, f"from {MIN_PLAYERS} to {MAX_PLAYERS}")
        need(self, "preset", self.preset is None or self.preset in PRESET_NAMES,
             f"one of {', '.join(PRESET_NAMES)} (or null)")
        need(self, "reward", self.reward in REWARD_SCHEMES, f"one of {', '.join(REWARD_SCHEMES)}")
        need(self, "exp_name", bool(self.exp_name.strip()), "a non-empty name")
        need(self, "total_steps", self.total_steps > 0, "> 0")
        need(self, "learning_rate", self.learning_rate > 0, "> 0")
        need(self, "gamma", 0 <= self.gamma <= 1, "from 0 to 1")
        need(self, "ent_coef", self.ent_coef >= 0, ">= 0")
        need(self, "hidden", self.hidden > 0, "> 0")
        need(self, "eval_games", self.eval_games >= 0, ">= 0")
        check_mix(self, "opponents", self.opponents)
        for spec in self.eval_opponents:
            check_agent_id("eval_opponents", spec)


def need(cfg: Any, name: str, ok: bool, expected: str) -> None:
    """ConfigError for `name` unless `ok`: "must be <expected>, got <value>"."""
    if not ok:
        raise ConfigError(name, f"must be {expected}, got {getattr(cfg, name)!r}")


def check_mix(cfg: Any, name: str, mix: dict[str, float], where: str = "") -> None:
    """An opponent mix (`opponents`, one of ppo's `opponents_at`): weights >= 0, not all 0, every id known ("self" and
    "snapshot" are the run's own). `where` says which mix of the field it is."""
    weights = mix.values()
    need(cfg, name, bool(mix) and all(w >= 0 for w in weights) and sum(weights) > 0, "weights >= 0, not all 0" + where)
    for kind in mix:
        if kind not in ("self", "snapshot"):
            check_agent_id(name, kind)


def check_agent_id(name: str, spec: str) -> None:
    """The id names a registered agent or an existing checkpoint file (agents.make makes it later)."""
    from agents.registry import available, parse

    head = spec.partition(":")[0]
    if Path(head).suffix:
        if not Path(head).exists():
            raise ConfigError(name, f"no checkpoint file {head!r}")
        return
    try:
        agent = parse(spec)[0]
    except ValueError as exc:
        raise ConfigError(name, str(exc)) from None
    if agent not in available():
        raise ConfigError(name, f"unknown agent {agent!r}; registered: {', '.join(available())}")


def single_size(sizes: list[int]) -> int | None:
    """The one table size of a run's `sizes`, None when it plays several: a checkpoint that plays other networks at
    particular sizes (agents/policy.py, "by_size") starts or anchors a one-size run with its network for that size."""
    return sizes[0] if len(set(sizes)) == 1 else None


def slug(agent_id: str) -> str:
    """A file-name-safe form of an agent id ("runs/x/final.pt:greedy=true" -> "runs_x_final.pt_greedy_true"), for the
    run folders and result files named after the bots they measure."""
    return re.sub(r"[^A-Za-z0-9._+-]+", "_", agent_id).strip("_") or "bot"


def filed_as(agent_id: str) -> str:
    """The name a bot's runs and results are filed under: its `slug` with an alias resolved (`ppo:greedy=false` ->
    `ppo-v7_greedy_false` while `ppo` names version 7), so that a figure stays with the network it measured when the
    alias moves on (benchmarks/exploit.py, benchmarks/strength.py)."""
    from agents.policy import ALIASES  # here, not at the top: reading a config needs no torch

    name, colon, options = agent_id.partition(":")
    return slug(ALIASES.get(name, name) + colon + options)


def check_types(cfg: Any) -> None:
    """Every field of a config dataclass holds a value of its declared type (ConfigError naming the first that
    does not); values are normalised in place (an int where a float is declared becomes a float)."""
    hints = typing.get_type_hints(type(cfg))
    for f in dataclasses.fields(cfg):
        setattr(cfg, f.name, check_value(getattr(cfg, f.name), hints[f.name], f.name))


def check_value(value: Any, tp: Any, name: str) -> Any:
    """`value` as type `tp` (int, float, bool, str, X | None, list[X], dict[str, X]); strings (command-line values)
    are parsed: "1e-4" for a float, "1e6" for an int, "a=1,b=2" for a dict, "a,b" for a list, "none" for None.
    Raises ConfigError: an int field refuses "abc", 1.5 and true."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if type(None) in args and (value is None or (isinstance(value, str) and value.lower() in ("none", "null"))):
            return None
        options = [a for a in args if a is not type(None)]
        for i, option in enumerate(options):
            try:
                return check_value(value, option, name)
            except ConfigError:
                if i == len(options) - 1:
                    raise
    if tp is bool:
        if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "on", "off", "1", "0"):
            return value.lower() in ("true", "yes", "on", "1")
        if isinstance(value, bool):
            return value
        raise ConfigError(name, f"expected true or false, got {value!r}")
    if tp is int:
        number = _number(value)
        if isinstance(number, int) or (isinstance(number, float) and number.is_integer()):
            return int(number)
        raise ConfigError(name, f"expected an integer, got {value!r}")
    if tp is float:
        number = _number(value)
        if number is None or not math.isfinite(number):
            raise ConfigError(name, f"expected a number, got {value!r}")
        return float(number)
    if tp is str:
        if isinstance(value, str):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)  # a YAML file's `exp_name: 2024`
        raise ConfigError(name, f"expected a string, got {value!r}")
    if origin is list:
        if isinstance(value, str):  # "random,heuristic"; "" is the empty list
            value = [item.strip() for item in value.split(",")] if value.strip() else []
        if not isinstance(value, list):
            raise ConfigError(name, f"expected a list (a,b,c or [a, b, c]), got {value!r}")
        return [check_value(item, args[0], name) for item in value] if args else value
    if origin is dict:
        if isinstance(value, str):  # "self=0.5,heuristic=0.5"
            pairs = [item.rpartition("=") for item in value.split(",") if item.strip()]
            if any(not eq or not key.strip() for key, eq, _ in pairs):
                raise ConfigError(name, f"expected key=value,key=value or {{key: value}}, got {value!r}")
            value = {key.strip(): v.strip() for key, _, v in pairs}
        if not isinstance(value, dict):
            raise ConfigError(name, f"expected key=value,key=value or {{key: value}}, got {value!r}")
        key_type, value_type = args if args else (Any, Any)
        return {check_value(k, key_type, name): check_value(v, value_type, name) for k, v in value.items()}
    return value


def _number(value: Any) -> int | float | None:
    """An int or float from a number or a numeric string; None for anything else (booleans included)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        for cast in (int, float):
            try:
                return cast(value.strip().replace("_", ""))
            except ValueError:
                pass
    return None


class _UniqueKeyLoader(yaml.SafeLoader):
    """`yaml.SafeLoader` that refuses a key given twice in one mapping: plain YAML keeps the last silently, so a
    config pasted together from two would train the second's run under the first's comments."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)  # type: ignore[no-untyped-call]
            try:
                again = key in seen
                seen.add(key)
            except TypeError:  # an unhashable key: the base class says so
                continue
            if again:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} given twice (again on line {key_node.start_mark.line + 1})",
                    key_node.start_mark)
        return super().construct_mapping(node, deep=deep)


def load_yaml(cls: type[C], path: str | Path) -> C:
    """A config dataclass from a YAML file, every value checked (`validate`); unknown keys are an error (a typo must
    not be ignored), and so is a key given twice. Every problem is a ValueError naming the file."""
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the config file ({exc.strerror or exc})") from None
    try:
        data = yaml.load(text, Loader=_UniqueKeyLoader)  # a SafeLoader: no object is built from tags
    except yaml.YAMLError as exc:
        problem = " ".join(str(getattr(exc, "problem", None) or exc).split())
        raise ValueError(f"{path}: not valid YAML ({problem})") from None
    data = {} if data is None else data
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping of config fields, got {type(data).__name__}")
    unknown = set(data) - {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    if unknown:
        raise ValueError(f"{path}: unknown config keys {sorted(unknown, key=str)}")
    cfg = cls(**data)
    validate = getattr(cfg, "validate", None) or (lambda: check_types(cfg))
    try:
        validate()
    except ConfigError as exc:
        raise ValueError(f"{path}: {exc}") from None
    return cfg


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


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line, `prog: error: message (hint)`, exit 2; the hint says where the
    options are listed."""

    hint = ""

    def error(self, message: str) -> NoReturn:
        hint = self.hint or f"{self.prog} --help lists the options"
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} ({hint})\n")


def write_json(path: Path | None, data: Any) -> None:
    """A script's `--out FILE`: the figures as indented JSON, the folder made; nothing when no file was asked for."""
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=2))


def parse_config(cls: type[C], argv: list[str] | None, description: str,
                 extra: tuple[tuple[str, str], ...] = (), prog: str | None = None,
                 hint: str = "") -> tuple[C, argparse.Namespace]:
    """`--config FILE`, then `--field value` overrides for every field; `extra` adds (flag, help) options. Every value
    is checked against its field's type and range before returning: a bad command-line value is a one-line usage
    error (exit 2; `prog` and `hint` for its message), a bad config file a ValueError naming it."""
    parser = OneLineParser(prog=prog, description=description)
    parser.hint = hint
    parser.add_argument("--config", help=f"YAML file of {cls.__name__} fields")
    for flag, help_text in extra:
        parser.add_argument(flag, help=help_text)
    docs = field_docs(cls)
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[misc]
        flag = {"nargs": "?", "const": "true"} if hints[f.name] is bool else {}  # a bare --ray means --ray true
        parser.add_argument("--" + f.name.replace("_", "-"), dest=f.name, default=None, metavar="VALUE",
                            help=f"{docs.get(f.name, '')} (default: {default!r})", **flag)
    args = parser.parse_args(argv)
    cfg = load_yaml(cls, args.config) if args.config else cls()
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        value = getattr(args, f.name)
        if value is not None:
            try:
                setattr(cfg, f.name, coerce(value, f, hints[f.name]))
            except ConfigError as exc:
                parser.error(f"argument --{f.name.replace('_', '-')}: {exc.reason}")
    try:
        getattr(cfg, "validate", lambda: check_types(cfg))()
    except ConfigError as exc:
        if getattr(args, exc.field, None) is not None or not args.config:
            parser.error(f"argument --{exc.field.replace('_', '-')}: {exc.reason}")
        raise ValueError(f"{args.config}: {exc}") from None
    return cfg, args


def coerce(value: Any, f: dataclasses.Field, tp: Any) -> Any:
    """A command-line value as the field's type `tp` (resolved from `f.type`): read as YAML (so `[a, b]`, `{a: 1}`,
    `true`, `null` work), except a string field keeps the text as typed; `opponents` may be written
    "self=0.5,heuristic=0.5" and lists "random,heuristic". ConfigError when it does not fit."""
    if isinstance(value, str) and tp is not str:
        try:
            loaded = yaml.safe_load(value)
        except yaml.YAMLError:
            loaded = value
        if not isinstance(loaded, str | int | float | bool | list | dict | None):
            loaded = value  # a date or other YAML scalar: the text as typed
        value = loaded
    return check_value(value, tp, f.name)


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


def final_evaluation(path: str | Path, cfg: RunConfig, run_dir: Path) -> None:
    """The end of a run: the saved policy against each of `eval_opponents` (`eval_games` games, seeds from
    10,000,000 + seed), printed and written to `run_dir/eval.json`; nothing when either is empty."""
    import json

    if not (cfg.eval_games and cfg.eval_opponents):
        return
    results = evaluate_against(path, cfg.eval_opponents, cfg.players, cfg.preset, cfg.eval_games,
                               seed=10_000_000 + cfg.seed)
    for opponent, r in results.items():
        print(f"vs {cfg.players - 1} x {opponent}: {r['win_rate']:.1%} [{r['low']:.1%}, {r['high']:.1%}] "
              f"over {r['games']} games")
    (run_dir / "eval.json").write_text(json.dumps(results, indent=2))
