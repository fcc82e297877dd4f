"""A value head refitted for the leaves of a search, on the search's own games.

    python -m training.leaf_fit --config configs/leaf_fit_v7.yaml [--games 1200 --workers 2 ...]

`ppo+ismcts` scores the position where a rollout stops (the start of the next round) with a network's value head,
each seat from its own observation, normalised to sum to one (agents/leaf_value.py). PPO fitted that head to the
seat's chance against the tables it trained at, which are not the tables a search plays: against three `ismcts` the
positions a leaf reaches are played on by searchers. This script plays games at `table` (by default four copies of
`ppo+ismcts` guided by the network itself: search as a teacher; `ismcts` is refused, as issue 24's item 2 keeps it
off every training table), keeps the start of every round after the first, as `benchmarks/leaf_calibration.py`
does, and refits the head's last layer on the trunk's features there against who won.

The fit is ridge regression of each seat's win (0 or 1, the loss PPO's value head had) on the last hidden layer, the
change from the start's head penalised (`ridge`: the penalty; a large one keeps the start's head), the trunk and the
policy head untouched: the file written plays exactly as `init_from`'s network does, and its value head is the new
one. A share of the games (`holdout`) is kept out; each penalty is scored there by the log-loss of the normalised
leaf values on the real winner (what the search reads), the best is refitted on every game and saved. Use the file
as the judge of the search: `ppo+ismcts:net=ppo-v7,value_net=runs/leaf_fit_v7/leaf.pt`.

Games run in `workers` processes in chunks of `CHUNK`, each saved under `run_dir/data/` (plain arrays, named by the
games they hold); a stopped run started again plays only the missing chunks, and a larger `games` adds to them. Game seeds start at 70,000,000, apart
from every evaluation's seeds and the other training scripts'.
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

import agents
from agents.base import Decision
from agents.evaluate import single_threaded
from agents.leaf_value import LeafValue
from agents.policy import PolicyNet, load_policy, save_checkpoint
from agents.registry import parse
from citadels_env.core import Game, GameConfig
from citadels_env.core.limits import MAX_PLAYERS, MIN_PLAYERS
from training import config
from training.chunks import play_saved
from training.config import ConfigError

#: Seeds of these games start here (see the module docstring).
SEED_BASE = 70_000_000
#: Games per saved chunk of data (the unit of resumption).
CHUNK = 10


@dataclass
class LeafFitConfig:
    """The refit of a value head for a search's leaves. The docstring under each field is its --help text."""

    exp_name: str = "leaf_fit"
    """name of the run: its data, checkpoint and report go to `out_dir/exp_name`"""
    out_dir: str = "runs"
    """where runs are written"""
    seed: int = 1
    """seed of the games (their deals and the bots' own seeds)"""
    players: int = 4
    """players per game; the network refitted is the one `init_from` plays at this size"""
    init_from: str = "agents/zoo/ppo-v7.pt"
    """the policy checkpoint whose value head is refitted"""
    table: list[str] = field(default_factory=lambda: ["ppo+ismcts:net=ppo-v7,mass=0.9,iters=150"])
    """agent ids of the seats, rotated over them game by game (one id: every seat plays it); no `ismcts`"""
    games: int = 1200
    """games to play (the chunks already saved are kept)"""
    holdout: float = 0.2
    """share of the games (the last ones) kept out of the fit to choose the penalty"""
    ridge: list[float] = field(default_factory=lambda: [1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0])
    """penalties tried on the change of the head's weights (each a sum of squares' weight)"""
    workers: int = 2
    """processes that play the games"""
    progress: bool = True
    """show a progress bar"""

    @classmethod
    def from_yaml(cls, path: str | Path) -> LeafFitConfig:
        return config.load_yaml(cls, path)

    def validate(self) -> None:
        """Every field's type and range, the start checkpoint and the table's ids, before any game."""
        config.check_types(self)
        config.need(self, "exp_name", bool(self.exp_name.strip()), "a non-empty name")
        config.need(self, "players", MIN_PLAYERS <= self.players <= MAX_PLAYERS, f"from {MIN_PLAYERS} to {MAX_PLAYERS}")
        for name in ("games", "workers"):
            config.need(self, name, getattr(self, name) > 0, "> 0")
        config.need(self, "holdout", 0 < self.holdout < 1, "between 0 and 1")
        config.need(self, "ridge", bool(self.ridge) and all(r > 0 for r in self.ridge), "a list of numbers > 0")
        config.need(self, "init_from", Path(self.init_from).is_file(), "an existing checkpoint file")
        if not self.table:
            raise ConfigError("table", "name at least one agent id")
        for spec in self.table:
            try:
                name = parse(spec)[0]
            except ValueError as exc:
                raise ConfigError("table", str(exc)) from None
            if name == "ismcts":
                raise ConfigError("table", f"{spec!r}: `ismcts` never sits at a training table (issue 24, item 2); "
                                           "a search as the teacher is `ppo+ismcts`")
            config.check_agent_id("table", spec)
        try:
            LeafValue(load_policy(self.init_from, self.players)[0])
        except ValueError as exc:
            raise ConfigError("init_from", str(exc)) from None


def play_chunk(job: dict[str, Any]) -> dict[str, np.ndarray]:
    """Worker: play `job["seeds"]` games; return every seat's input at each round start after the first (`obs`), its
    win (`won`) and the game's seed (`game`), a row per seat."""
    single_threaded()
    cfg: LeafFitConfig = job["cfg"]
    leaf = LeafValue(load_policy(cfg.init_from, cfg.players)[0])
    rows, won, games = [], [], []
    for seed in job["seeds"]:
        n, k = cfg.players, seed - SEED_BASE
        bots = [agents.make(cfg.table[(k + s) % len(cfg.table)], seed=seed * 16 + s) for s in range(n)]
        game = Game(GameConfig(players=n), seed=seed)
        for s, bot in enumerate(bots):
            bot.reset(s, game.config, seed=seed * 16 + s)
        kept, seen_round = [], game.round
        while not game.is_over:
            if game.round != seen_round:
                seen_round = game.round
                kept.append(leaf.inputs(game).astype(np.float16))
            decision = Decision(game)
            game.apply(bots[decision.seat].act(decision))
        winner = game.result().winner
        for obs in kept:
            rows.append(obs)
            won += [float(s == winner) for s in range(n)]
            games += [seed] * n
    width = leaf.first.shape[0]
    return {"obs": np.concatenate(rows) if rows else np.zeros((0, width), np.float16),
            "won": np.asarray(won, np.float32), "game": np.asarray(games, np.int64)}


def collect(cfg: LeafFitConfig, data_dir: Path) -> dict[str, np.ndarray]:
    """Play the games over `workers` processes, chunk by chunk, reusing the chunks already saved."""
    seeds = [SEED_BASE + cfg.seed * 1_000_000 + k for k in range(cfg.games)]
    data_dir.mkdir(parents=True, exist_ok=True)
    jobs = [{"cfg": cfg, "seeds": seeds[i:i + CHUNK],  # named by the games it holds: a short last chunk is its own
             "file": data_dir / f"games_{i:06d}-{min(i + CHUNK, len(seeds)):06d}.npz"}
            for i in range(0, len(seeds), CHUNK)]
    return play_saved(jobs, play_chunk, cfg.workers, cfg.progress, compressed=True)


def leaf_scores(values: np.ndarray, won: np.ndarray, players: int) -> dict[str, float]:
    """Log-loss on the winner and the favourite's win share of the leaf values as the search reads them (clipped to
    [0.001, 1], normalised per position); rows are seats, `players` to a position."""
    v = np.clip(values, 1e-3, 1.0).reshape(-1, players)
    p = v / v.sum(axis=1, keepdims=True)
    winners = won.reshape(-1, players).argmax(axis=1)
    rows = np.arange(len(winners))
    return {"log_loss": float(-np.log(p[rows, winners]).mean()),
            "favourite_won": float((p.argmax(axis=1) == winners).mean()),
            "brier": float(((np.clip(values, 0.0, 1.0) - won) ** 2).mean())}


def ridge_change(h: np.ndarray, residual: np.ndarray, penalty: float) -> tuple[np.ndarray, float]:
    """The change (weights, bias) of a linear head that best fits `residual` on features `h`, the weights' change
    penalised by `penalty` times its sum of squares (the bias is free)."""
    mean_h, mean_r = h.mean(axis=0), float(residual.mean())
    hc = h - mean_h
    gram = hc.T @ hc + penalty * np.eye(h.shape[1])
    dw = np.linalg.solve(gram, hc.T @ (residual - mean_r))
    return dw, mean_r - float(mean_h @ dw)


def fit(net: PolicyNet, data: dict[str, np.ndarray], cfg: LeafFitConfig) -> tuple[PolicyNet, dict[str, Any]]:
    """Choose the penalty on the held-out games, refit on all of them; returns the network with the new value head
    (a copy: trunk and policy as `net`'s) and the report."""
    leaf = LeafValue(net)
    h = np.concatenate([leaf.features(data["obs"][i:i + 4096].astype(np.float32))
                        for i in range(0, len(data["obs"]), 4096)]).astype(np.float64)
    won = data["won"].astype(np.float64)
    w0, b0 = leaf.head.astype(np.float64), leaf.head_bias
    start = h @ w0 + b0
    game_ids = np.unique(data["game"])
    held_ids = game_ids[len(game_ids) - max(1, round(cfg.holdout * len(game_ids))):]
    held = np.isin(data["game"], held_ids)
    n = cfg.players
    rows = [{"ridge": None, **leaf_scores(start[held], won[held], n)}]  # the start's head
    for penalty in cfg.ridge:
        dw, db = ridge_change(h[~held], won[~held] - start[~held], penalty)
        rows.append({"ridge": penalty, **leaf_scores(start[held] + h[held] @ dw + db, won[held], n)})
    best = min(rows[1:], key=lambda r: r["log_loss"])
    dw, db = ridge_change(h, won - start, best["ridge"])
    out = PolicyNet(**net.spec())
    out.load_state_dict(net.state_dict())
    with torch.no_grad():
        out.value.weight.copy_(torch.from_numpy((w0 + dw).astype(np.float32)).unsqueeze(0))
        out.value.bias.fill_(b0 + db)
    out.eval()
    report = {"games": len(game_ids), "positions": len(won) // n, "held_out_games": len(held_ids),
              "held_out": rows, "chosen_ridge": best["ridge"],
              "all_games_start": leaf_scores(start, won, n), "uniform_log_loss": math.log(n)}
    return out, report


def plot(report: dict[str, Any], path: Path) -> None:
    """Held-out log-loss against the penalty, the start's head and a uniform guess as lines."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [r for r in report["held_out"] if r["ridge"] is not None]
    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    ax.plot([r["ridge"] for r in rows], [r["log_loss"] for r in rows], marker="o", label="refitted head")
    ax.axhline(report["held_out"][0]["log_loss"], color="C1", linestyle="--", label="the start's head")
    ax.axhline(report["uniform_log_loss"], color="grey", linestyle=":", label="uniform guess")
    ax.set_xscale("log")
    ax.set_xlabel("ridge penalty on the head's change")
    ax.set_ylabel("held-out log-loss on the winner")
    ax.set_title(f"Leaf values refitted on {report['games']} games ({report['positions']} round starts)")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def run(cfg: LeafFitConfig) -> Path:
    """Play (or reuse) the games, fit, and write `leaf.pt`, `leaf_fit.json` and `leaf_fit.png` into the run's
    folder; returns the checkpoint's path."""
    run_dir = Path(cfg.out_dir) / cfg.exp_name
    data = collect(cfg, run_dir / "data")
    net = load_policy(cfg.init_from, cfg.players)[0]
    refit, report = fit(net, data, cfg)
    path = run_dir / "leaf.pt"
    save_checkpoint(path, refit, config=dataclasses.asdict(cfg), leaf_fit=report)
    (run_dir / "leaf_fit.json").write_text(json.dumps(report, indent=1) + "\n")
    plot(report, run_dir / "leaf_fit.png")
    for r in report["held_out"]:
        label = "start" if r["ridge"] is None else f"ridge {r['ridge']:g}"
        print(f"{label:>14}: held-out log-loss {r['log_loss']:.4f}, favourite won {r['favourite_won']:.1%}, "
              f"Brier {r['brier']:.4f}")
    print(f"chosen ridge {report['chosen_ridge']:g}; {report['games']} games, {report['positions']} positions")
    return path


def main(argv: list[str] | None = None) -> None:
    cfg, _ = config.parse_config(LeafFitConfig, argv, "Refit a value head for the leaves of a search on the "
                                                      "search's own games (see training/leaf_fit.py).")
    print(f"checkpoint: {run(cfg)}")


if __name__ == "__main__":
    main()
