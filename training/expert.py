"""Expert iteration: the guided search (`ppo+ismcts`) teaches its own prior network.

    python -m training.expert --config configs/expert_4p.yaml [--games 1000 --rounds 2 ...]

Each round plays `games` games. In each, one seat (drawn per game) is the teacher: `ppo+ismcts` guided by the current
network. The others are drawn per seat from `opponents`, the bots the network must beat. At each of the teacher's
decisions with more than one legal answer, the search's visit shares over its root answers are the target: the policy
that the search improved from the network's prior; they are saved with the decision. The network (starting from
`init_from`) then learns the search's choice (`target: move`, the most visited answer, the answer it played) or the
shares themselves (`target: visits`) by cross-entropy, and the value head each decision's final reward, over all the
rounds' data.
The next round's search is guided by the improved network, so prior and search improve each other (ExIt, AlphaZero).

Why: `ppo+ismcts` beats its own prior by about 17 points against `heuristic-strong`; the network alone plays a
decision in a millisecond, the search in ~50 ms. Distilling the search makes the fast player stronger and the next
search's prior better.

Games run in `workers` processes in chunks of 20. Each finished chunk is saved under `run_dir/data/`. A stopped run
started again with the same config reuses the saved chunks and plays only the missing ones. After every round the
network is saved (agents/policy.py format, loadable by `citadels eval`) and evaluated, greedy, against each of
`eval_opponents` at `eval_players`. Game seeds start at 60,000,000, apart from the held-out evaluation seeds of
benchmarks/strength.py (910000 and up) and from the other training scripts'.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

import agents
from agents.base import Agent, Decision
from agents.evaluate import single_threaded
from agents.guided import GuidedISMCTSAgent
from agents.policy import PolicyNet, load_policy, masked_log_probs, save_checkpoint
from agents.registry import parse
from citadels_env.core import Game
from citadels_env.rewards import final_rewards
from training import config
from training.chunks import play_saved
from training.config import ConfigError, RunConfig, evaluate_against, single_size
from training.imitate import check_tables, table_config

#: Seeds of expert-iteration games start here (see the module docstring).
SEED_BASE = 60_000_000
#: Games per saved chunk of data (the unit of resumption).
CHUNK = 20


@dataclass
class ExpertConfig(RunConfig):
    """The expert-iteration run. `RunConfig`'s `players` is unused here: `tables` lists the player counts."""

    exp_name: str = "expert"
    init_from: str = "agents/zoo/ppo-4p.pt"
    """the network that guides the first round's search and starts the training"""
    teacher: str = ""
    """options of the `ppo+ismcts` teacher as in its agent id ("iters=200,c_prior=1.5"; empty: its defaults); `net`
    is always the current network"""
    tables: list[int] = field(default_factory=lambda: [4])
    """player counts, drawn uniformly per game"""
    presets: list[str | None] = field(default_factory=lambda: [None])
    """character presets, drawn uniformly per game (None: first game set, random unique districts)"""
    rank9: float = 0.5
    """probability of the preset's optional rank-9 character (4-7 players)"""
    target: str = "move"
    """what the network learns at each teacher decision: "move" (the answer the search played) or "visits" (the
    search's visit shares; measured weaker, see docs/TRAINING.md)"""
    labels: str = "all"
    """which teacher decisions the policy learns from: "all", or "searched", those whose visit shares spread over more
    than one answer (with the teacher's `mass` below 1 the others are mostly answers its prior gave alone, which teach
    the prior its own answer; the value head learns from all)"""
    opponents: dict[str, float] = field(default_factory=lambda: {"heuristic": 0.5, "heuristic-strong": 0.5})
    """sampling weights of the agent id of each non-teacher seat, drawn per seat and game"""
    games: int = 1000
    """games per round"""
    rounds: int = 1
    """rounds of play-then-learn"""
    epochs: int = 3
    """passes over all the data after each round"""
    minibatch_size: int = 512
    """samples per gradient step"""
    learning_rate: float = 1e-4
    """Adam learning rate"""
    vf_coef: float = 0.5
    """value-loss weight"""
    prior_coef: float = 0.0
    """weight of KL(start || network) on the labelled decisions, the start being the network the fit began from: it
    keeps the fit near the prior where the search's answers are noise (0: none)"""
    workers: int = 2
    """processes that play the games"""
    threads: int = 2
    """torch threads for the training passes"""
    eval_players: int = 4
    """table size of the evaluation after each round"""
    eval_games: int = 400
    eval_opponents: list[str] = field(default_factory=lambda: ["heuristic", "heuristic-strong"])

    def validate(self) -> None:
        """RunConfig's checks, then this run's: an existing start network, known opponents, playable tables."""
        super().validate()
        for name in ("games", "rounds", "epochs", "minibatch_size", "workers", "threads", "eval_players"):
            config.need(self, name, getattr(self, name) > 0, "> 0")
        config.need(self, "prior_coef", self.prior_coef >= 0, ">= 0")
        config.need(self, "rank9", 0 <= self.rank9 <= 1, "from 0 to 1")
        config.need(self, "target", self.target in ("move", "visits"), "move or visits")
        config.need(self, "labels", self.labels in ("all", "searched"), "all or searched")
        config.need(self, "init_from", Path(self.init_from).is_file(), "an existing checkpoint file")
        try:
            options = self.teacher_options()
        except ValueError as exc:
            raise ConfigError("teacher", str(exc)) from None
        if "net" in options or "seed" in options:
            raise ConfigError("teacher", "leave out `net` and `seed`: the run sets them")
        for kind in self.opponents:
            if kind in ("self", "snapshot"):
                raise ConfigError("opponents", f"{kind!r} is not an agent id here; name the bots the network must beat")
        try:
            GuidedISMCTSAgent(net=self.init_from, **options)
        except (TypeError, ValueError) as exc:
            raise ConfigError("teacher", str(exc)) from None
        check_tables(self.tables, self.presets)

    def teacher_options(self) -> dict[str, Any]:
        """The teacher's options, typed as an agent id's are."""
        return parse(f"ppo+ismcts:{self.teacher}")[1] if self.teacher.strip() else {}


def play_chunk(job: dict[str, Any]) -> dict[str, np.ndarray]:
    """Worker: play `job["seeds"]` games; return the teacher's decisions (obs, mask, visit shares, final reward)."""
    single_threaded()
    cfg: ExpertConfig = job["cfg"]
    kinds = list(cfg.opponents)
    weights = np.asarray([cfg.opponents[k] for k in kinds], dtype=float)
    obs, masks, targets, rets = [], [], [], []
    for seed in job["seeds"]:
        rng = np.random.default_rng(seed)
        gc = table_config(rng, cfg)
        game = Game(gc, seed)
        n = game.num_players
        teacher_seat = int(rng.integers(n))
        teacher = GuidedISMCTSAgent(seed=seed, net=job["net"], **cfg.teacher_options())
        seats: list[Agent] = [teacher if s == teacher_seat else
                              agents.make(kinds[int(rng.choice(len(kinds), p=weights / weights.sum()))],
                                          seed=seed * 16 + s) for s in range(n)]
        for s, bot in enumerate(seats):
            bot.reset(s, gc, seed * 16 + s)
        count = 0
        while not game.is_over:
            d = Decision(game)
            if d.seat != teacher_seat or len(d.legal) == 1:
                game.apply(seats[d.seat].act(d))
                continue
            action, shares = teacher.search_policy(d)
            o, m = teacher.guide.inputs(d)
            target = np.zeros(m.shape[1], np.float16)
            for a, p in shares.items():
                target[d.to_flat(a)] = p
            obs.append(o[0].numpy().astype(np.float16))
            masks.append(np.packbits(m[0].numpy()))
            targets.append(target)
            count += 1
            game.apply(action)
        rets += [final_rewards(game, cfg.reward)[teacher_seat]] * count
    return {"obs": np.stack(obs), "masks": np.stack(masks), "targets": np.stack(targets),
            "rets": np.asarray(rets, np.float32)}


def collect(cfg: ExpertConfig, round_: int, net_path: Path, data_dir: Path) -> dict[str, np.ndarray]:
    """Play one round's games over `workers` processes, chunk by chunk, reusing the chunks already saved."""
    seeds = [SEED_BASE + cfg.seed * 1_000_000 + round_ * cfg.games + k for k in range(cfg.games)]
    data_dir.mkdir(parents=True, exist_ok=True)
    jobs = [{"cfg": cfg, "seeds": seeds[i:i + CHUNK], "net": str(net_path),
             "file": data_dir / f"round{round_}_{i // CHUNK:05d}.npz"} for i in range(0, len(seeds), CHUNK)]
    return play_saved(jobs, play_chunk, cfg.workers, cfg.progress, desc=f"round {round_} games")


def fit(net: PolicyNet, optimizer: torch.optim.Optimizer, data: dict[str, np.ndarray], cfg: ExpertConfig,
        rng: np.random.Generator) -> dict[str, float]:
    """`epochs` passes of cross-entropy against the search's visit shares plus the value loss (and, with
    `prior_coef`, the KL from the network the fit began from)."""
    from tqdm import tqdm

    torch.set_num_threads(cfg.threads)
    prior = copy.deepcopy(net).eval() if cfg.prior_coef > 0 else None
    net.train()
    count = len(data["rets"])
    n_actions = net.policy.out_features
    # the rows the policy learns from (`labels`); shares are saved as float16, so "on one answer" is >= 0.999
    learns = np.ones(count, bool) if cfg.labels == "all" else data["targets"].max(1) < 0.999
    stats: dict[str, float] = {}
    for epoch in tqdm(range(cfg.epochs), desc="epochs", disable=not cfg.progress):
        order = rng.permutation(count)
        agree = pi_total = v_total = 0.0
        for start in range(0, count, cfg.minibatch_size):
            mb = order[start:start + cfg.minibatch_size]
            obs = torch.from_numpy(data["obs"][mb].astype(np.float32))
            mask = torch.from_numpy(np.unpackbits(data["masks"][mb], axis=1, count=n_actions).astype(bool))
            target = torch.from_numpy(data["targets"][mb].astype(np.float32))
            if cfg.target == "move":  # the search's choice: its most visited answer
                target = torch.nn.functional.one_hot(target.argmax(1), n_actions).float()
            rets = torch.from_numpy(data["rets"][mb])
            logits, value = net(obs, mask)
            logp = masked_log_probs(logits)
            pi_rows = -torch.where(target > 0, target * logp, torch.zeros_like(logp)).sum(-1)
            rows = torch.from_numpy(learns[mb])
            pi_loss = pi_rows.mean() if cfg.labels == "all" else pi_rows[rows].sum() / max(int(rows.sum()), 1)
            v_loss = 0.5 * ((value - rets) ** 2).mean()
            loss = pi_loss + cfg.vf_coef * v_loss
            if prior is not None:
                with torch.no_grad():
                    prior_logp = masked_log_probs(prior(obs, mask)[0])
                gap = torch.where(mask, prior_logp - logp, torch.zeros_like(logp))  # (illegal: -inf - -inf)
                kl = (prior_logp.exp() * gap).sum(-1).mean()
                loss = loss + cfg.prior_coef * kl
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            optimizer.step()
            agree += float(((logits.argmax(1) == target.argmax(1)) & rows).sum())
            pi_total += pi_loss.item() * int(rows.sum())
            v_total += v_loss.item() * len(mb)
        learned = max(int(learns.sum()), 1)
        stats = {"epoch": epoch, "agreement": agree / learned, "policy_loss": pi_total / learned,
                 "value_loss": v_total / count, "samples": count, "policy_samples": int(learns.sum())}
    net.eval()
    return stats


def evaluate_greedy(path: Path, cfg: ExpertConfig, seed: int) -> dict[str, dict[str, float]]:
    """Win rate (95 % interval) of the saved network, played greedily, in one seat against each of
    `eval_opponents` in the others, at `eval_players` (the first-game set)."""
    return evaluate_against(f"{path}:greedy=true", cfg.eval_opponents, cfg.eval_players, None, cfg.eval_games, seed,
                            cfg.workers)


def train(cfg: ExpertConfig) -> Path:
    """Run every round; returns the path of the final checkpoint."""
    run_dir = Path(cfg.out_dir) / cfg.exp_name
    torch.manual_seed(cfg.seed)
    rng = np.random.default_rng(cfg.seed)
    net, _ = load_policy(cfg.init_from, single_size(cfg.tables))
    optimizer = torch.optim.Adam(net.parameters(), lr=cfg.learning_rate)
    guide = Path(cfg.init_from)
    data: dict[str, np.ndarray] = {}
    log: list[dict[str, Any]] = []
    for round_ in range(cfg.rounds):
        t0 = time.perf_counter()
        new = collect(cfg, round_, guide, run_dir / "data")
        data = new if not data else {k: np.concatenate([data[k], new[k]]) for k in data}
        t1 = time.perf_counter()
        stats = fit(net, optimizer, data, cfg, rng)
        t2 = time.perf_counter()
        guide = run_dir / "checkpoints" / f"round_{round_}.pt"
        save_checkpoint(guide, net, config=dataclasses.asdict(cfg), round=round_, expert=stats)
        results = {}
        if cfg.eval_opponents and cfg.eval_games:
            results = evaluate_greedy(guide, cfg, seed=30_000_000 + cfg.seed * 10_000 + round_ * 1000)
        entry = {"round": round_, "games_s": round(t1 - t0, 1), "fit_s": round(t2 - t1, 1), **stats, "eval": results}
        log.append(entry)
        print(json.dumps(entry), flush=True)
        (run_dir / "log.json").write_text(json.dumps(log, indent=1))
    final = run_dir / "checkpoints" / "final.pt"
    save_checkpoint(final, net, config=dataclasses.asdict(cfg), rounds=cfg.rounds, expert=log[-1])
    return final


def main(argv: list[str] | None = None) -> None:
    cfg, _ = config.parse_config(ExpertConfig, argv, "Expert iteration: the guided search teaches its prior network "
                                                     "(see training/expert.py).")
    print(f"final checkpoint: {train(cfg)}")


if __name__ == "__main__":
    main()
