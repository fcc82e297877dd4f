"""Imitation of a strong bot at every table size, with DAgger: the warm start of a policy for all tables.

    python -m training.imitate --config configs/imitate.yaml [--rounds 4 --games 2000 ...]

Round 0 plays `games` games in which the teacher (`teacher`, by default `heuristic-strong`) holds every seat; the
network learns its choices (cross-entropy over the legal actions; decisions with one legal answer are skipped) and the
value head each seat's final reward. Later rounds are DAgger: in each game, every seat is played by the current
network with probability `dagger_beta`, and the teacher labels every decision of every seat all the same, so the
network also learns what to do in the positions its own mistakes lead to. The data of all rounds is kept and the
network retrains on the union after each round.

Each game draws its table from `tables` (player counts), `presets` (None: the first-game set with random unique
districts) and `rank9` (the probability of the preset's rank-9 character where it is optional), so one network plays
every table the core accepts. Games are played in `workers` processes; the seeds are `seed`-derived and disjoint from
the held-out evaluation seeds of benchmarks/strength.py (910000 and up). After every round the network is saved
(agents/policy.py format, loadable by `citadels eval`) and evaluated against `eval_opponents` at `eval_players`.
"""

from __future__ import annotations

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
from agents.net_inputs import GameInputs, InputSpec
from agents.policy import PolicyNet, masked_log_probs, save_checkpoint
from agents.process_pool import finishing, orphan_guard
from citadels_env.core import PRESET_NAMES, Game, GameConfig, Rng
from citadels_env.core.limits import MAX_PLAYERS, MIN_PLAYERS
from citadels_env.encoding import legal_mask, to_core
from citadels_env.rewards import final_rewards
from training import config
from training.config import RunConfig, evaluate_against

#: Seeds of imitation games start here (benchmarks/strength.py evaluates from 910000; training/ppo.py's games use
#: seed * 1_000_003 + ..., its imitation seed * 7_000_003 + ...).
SEED_BASE = 50_000_000


@dataclass
class ImitateConfig(RunConfig):
    """The imitation run. `RunConfig`'s `players` is unused here: `tables` lists the player counts."""

    exp_name: str = "imitate"
    teacher: str = "heuristic-strong"
    """agent id imitated"""
    tables: list[int] = field(default_factory=lambda: list(range(MIN_PLAYERS, MAX_PLAYERS + 1)))
    """player counts, drawn uniformly per game"""
    presets: list[str | None] = field(default_factory=lambda: [None, *PRESET_NAMES])
    """character presets, drawn uniformly per game (None: first game set, random unique districts)"""
    rank9: float = 0.5
    """probability of the preset's optional rank-9 character (4-7 players)"""
    games: int = 2000
    """games per round"""
    rounds: int = 3
    """rounds: the first with the teacher in every seat, the others DAgger"""
    dagger_beta: float = 0.5
    """probability that the network, not the teacher, plays a seat in a DAgger round"""
    epochs: int = 4
    """passes over all data after each round"""
    minibatch_size: int = 1024
    """samples per gradient step"""
    vf_coef: float = 0.5
    """value-loss weight"""
    layers: int = 3
    """hidden layers of the trunk"""
    hidden: int = 384
    beliefs: bool = True
    """feed the network the seat's belief features (agents/beliefs.py: who probably holds each character)"""
    workers: int = 2
    """processes that play the games"""
    threads: int = 2
    """torch threads for the training passes"""
    eval_players: int = 4
    """table size of the evaluation after each round"""
    eval_opponents: list[str] = field(default_factory=lambda: ["heuristic", "heuristic-strong"])


    def validate(self) -> None:
        """RunConfig's checks, then this run's: every table the core accepts, positive counts, a known teacher."""
        super().validate()
        for name in ("games", "rounds", "epochs", "minibatch_size", "layers", "workers", "threads",
                     "eval_players"):
            config.need(self, name, getattr(self, name) > 0, "> 0")
        config.need(self, "dagger_beta", 0 <= self.dagger_beta <= 1, "from 0 to 1")
        config.need(self, "rank9", 0 <= self.rank9 <= 1, "from 0 to 1")
        config.check_agent_id("teacher", self.teacher)
        check_tables(self.tables, self.presets)


def table_config(rng: np.random.Generator, cfg: ImitateConfig) -> GameConfig:
    """One random table from the run's mix."""
    n = int(rng.choice(cfg.tables))
    preset = cfg.presets[int(rng.integers(len(cfg.presets)))]
    rank9 = bool(4 <= n <= 7 and rng.random() < cfg.rank9)
    uniques = "random" if preset is None else None
    return GameConfig(players=n, preset=preset, use_rank9=rank9, unique_districts=uniques, crown_seat=None)


def check_tables(tables: list[int], presets: list[str | None]) -> None:
    """Refuse, before any game, a player count or preset the core does not accept (ConfigError, a ValueError)."""
    if not tables or not presets:
        raise ValueError("tables and presets must each name at least one choice")
    for n in tables:
        for preset in presets:
            GameConfig(players=n, preset=preset, crown_seat=None).resolve(Rng(0))


def play_games(job: dict[str, Any]) -> dict[str, np.ndarray]:
    """Worker: play `job["seeds"]` games; return the teacher-labelled decisions (obs, mask, action, final reward)."""
    torch.set_num_threads(1)
    cfg: ImitateConfig = job["cfg"]
    student = None
    if job["student"] is not None:
        student = PolicyNet(**job["model"])
        student.load_state_dict({k: torch.from_numpy(v) for k, v in job["student"].items()})
        student.eval()
    sampler = torch.Generator().manual_seed(job["seeds"][0] if job["seeds"] else 0)
    spec = InputSpec(beliefs=cfg.beliefs)
    obs, masks, acts, rets = [], [], [], []
    for seed in job["seeds"]:
        rng = np.random.default_rng(seed)
        gc = table_config(rng, cfg)
        game = Game(gc, seed)
        n = game.num_players
        inputs = GameInputs(game)
        teachers: list[Agent] = [agents.make(cfg.teacher, seed=seed * 16 + s) for s in range(n)]
        for s, bot in enumerate(teachers):
            bot.reset(s, gc, seed * 16 + s)
        by_student = [student is not None and rng.random() < cfg.dagger_beta for _ in range(n)]
        seats = []
        while not game.is_over:
            d = Decision(game)
            label = teachers[d.seat].act(d)
            action = label
            if len(d.legal) > 1:
                o = inputs(spec, d.seat)
                m = legal_mask(game, d.seat).astype(bool)
                obs.append(o.astype(np.float16))
                masks.append(np.packbits(m))
                acts.append(d.to_flat(label))
                seats.append(d.seat)
                if by_student[d.seat]:
                    with torch.no_grad():
                        logits = student.logits(torch.from_numpy(o).unsqueeze(0), torch.from_numpy(m).unsqueeze(0))
                    a = int(torch.multinomial(torch.softmax(logits[0], -1), 1, generator=sampler))
                    action = to_core(a, d.seat, n)
            game.apply(action)
        final = final_rewards(game, cfg.reward)
        rets += [final[s] for s in seats]
    return {"obs": np.stack(obs), "masks": np.stack(masks), "acts": np.asarray(acts, np.int16),
            "rets": np.asarray(rets, np.float32)}


def collect(cfg: ImitateConfig, round_: int, student: PolicyNet | None, progress: bool) -> dict[str, np.ndarray]:
    """Play one round's games over `workers` processes, in chunks, with a progress bar."""
    import multiprocessing as mp

    from tqdm import tqdm

    seeds = [SEED_BASE + cfg.seed * 1_000_000 + round_ * cfg.games + k for k in range(cfg.games)]
    chunk = 25
    state = None if student is None else {k: v.detach().numpy().copy() for k, v in student.state_dict().items()}
    model = None if student is None else student.spec()
    jobs = [{"cfg": cfg, "seeds": seeds[i:i + chunk], "student": state, "model": model}
            for i in range(0, len(seeds), chunk)]
    parts = []
    with tqdm(total=len(seeds), desc=f"round {round_} games", unit="game", disable=not progress) as bar:
        if cfg.workers <= 1:
            for job in jobs:
                parts.append(play_games(job))
                bar.update(len(job["seeds"]))
        else:
            with finishing(mp.get_context("spawn").Pool(cfg.workers, initializer=orphan_guard)) as pool:
                for part, job in zip(pool.imap(play_games, jobs), jobs):
                    parts.append(part)
                    bar.update(len(job["seeds"]))
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def clone_step(net: PolicyNet, optimizer: torch.optim.Optimizer, obs: torch.Tensor, mask: torch.Tensor,
               target: torch.Tensor, ret: torch.Tensor, vf_coef: float,
               max_grad_norm: float) -> tuple[float, float, int]:
    """One minibatch of behaviour cloning: cross-entropy on the teacher's actions plus `vf_coef` x the value loss on
    the final rewards. Returns the policy loss, the value loss and how many argmaxes were the teacher's action."""
    logits, value = net(obs, mask)
    pi_loss = -masked_log_probs(logits).gather(1, target.unsqueeze(1)).mean()
    v_loss = 0.5 * ((value - ret) ** 2).mean()
    optimizer.zero_grad()
    (pi_loss + vf_coef * v_loss).backward()
    torch.nn.utils.clip_grad_norm_(net.parameters(), max_grad_norm)
    optimizer.step()
    return pi_loss.item(), v_loss.item(), int((logits.argmax(1) == target).sum())


def fit(net: PolicyNet, optimizer: torch.optim.Optimizer, data: dict[str, np.ndarray], cfg: ImitateConfig,
        rng: np.random.Generator, progress: bool) -> dict[str, float]:
    """`epochs` passes of cross-entropy on the teacher's actions plus the value loss on the final rewards."""
    from tqdm import tqdm

    torch.set_num_threads(cfg.threads)
    net.train()
    count = len(data["acts"])
    acts = torch.from_numpy(data["acts"].astype(np.int64))
    rets = torch.from_numpy(data["rets"])
    stats: dict[str, float] = {}
    n_actions = net.policy.out_features
    for epoch in tqdm(range(cfg.epochs), desc="epochs", disable=not progress):
        order = rng.permutation(count)
        correct = pi_total = v_total = 0.0
        for start in range(0, count, cfg.minibatch_size):
            mb = order[start:start + cfg.minibatch_size]
            obs = torch.from_numpy(data["obs"][mb].astype(np.float32))
            mask = torch.from_numpy(np.unpackbits(data["masks"][mb], axis=1, count=n_actions).astype(bool))
            pi_loss, v_loss, right = clone_step(net, optimizer, obs, mask, acts[mb], rets[mb], cfg.vf_coef, 1.0)
            correct += right
            pi_total += pi_loss * len(mb)
            v_total += v_loss * len(mb)
        stats = {"epoch": epoch, "accuracy": correct / count, "policy_loss": pi_total / count,
                 "value_loss": v_total / count, "samples": count}
    net.eval()
    return stats


def evaluate_policy(path: Path, cfg: ImitateConfig, seed: int) -> dict[str, dict[str, float]]:
    """Win rate with its 95 % interval of the saved policy in one seat against each of `eval_opponents` in the
    others, at `eval_players` (the first-game set)."""
    return evaluate_against(path, cfg.eval_opponents, cfg.eval_players, None, cfg.eval_games, seed, cfg.workers)


def train(cfg: ImitateConfig) -> Path:
    """Run every round; returns the path of the final checkpoint."""
    check_tables(cfg.tables, cfg.presets)
    run_dir = Path(cfg.out_dir) / cfg.exp_name
    torch.manual_seed(cfg.seed)
    rng = np.random.default_rng(cfg.seed)
    net = PolicyNet(cfg.hidden, cfg.layers, beliefs=cfg.beliefs)
    optimizer = torch.optim.Adam(net.parameters(), lr=cfg.learning_rate)
    data: dict[str, np.ndarray] = {}
    log: list[dict[str, Any]] = []
    path = run_dir / "checkpoints" / "final.pt"
    for round_ in range(cfg.rounds):
        t0 = time.perf_counter()
        new = collect(cfg, round_, net if round_ else None, cfg.progress)
        data = new if not data else {k: np.concatenate([data[k], new[k]]) for k in data}
        t1 = time.perf_counter()
        stats = fit(net, optimizer, data, cfg, rng, cfg.progress)
        t2 = time.perf_counter()
        path = run_dir / "checkpoints" / f"round_{round_}.pt"
        save_checkpoint(path, net, config=dataclasses.asdict(cfg), round=round_, imitation=stats)
        results = {}
        if cfg.eval_opponents and cfg.eval_games:
            results = evaluate_policy(path, cfg, seed=20_000_000 + cfg.seed * 10_000 + round_)
        entry = {"round": round_, "games_s": t1 - t0, "fit_s": t2 - t1, **stats, "eval": results}
        log.append(entry)
        print(json.dumps(entry), flush=True)
        (run_dir / "log.json").write_text(json.dumps(log, indent=1))
    final = run_dir / "checkpoints" / "final.pt"
    save_checkpoint(final, net, config=dataclasses.asdict(cfg), rounds=cfg.rounds, imitation=log[-1])
    return final


def main(argv: list[str] | None = None) -> None:
    cfg, _ = config.parse_config(ImitateConfig, argv, "Imitation (with DAgger) of a strong bot at every table "
                                                      "size (see training/imitate.py).")
    print(f"final checkpoint: {train(cfg)}")


if __name__ == "__main__":
    main()
