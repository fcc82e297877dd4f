"""Stable-Baselines3: sb3-contrib's MaskablePPO on the single-agent Gymnasium wrapper, the other seats played by an
opponent mix drawn per episode from the same `opponents` weights as training/ppo.py.

    python -m training.sb3 --config configs/sb3.yaml [--total-steps 200000 ...]
    citadels eval runs/sb3/model.zip heuristic heuristic heuristic

"self" in the mix is the model being trained (acting through `predict`), "snapshot" a frozen copy refreshed every
`snapshot_every` steps; any other key is an agent id. The saved model loads as an agent (`agents.make("x.zip")`), with
the spec version in a side file so a model is never run on another observation/action spec.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import yaml

import agents
from agents.base import Agent, Decision
from agents.sb3_agent import spec_file
from citadels_env.core import Action, GameConfig
from citadels_env.encoding import SPEC_VERSION


@dataclass
class SB3Config:
    exp_name: str = "sb3"
    """name of the run: the model and logs go to `out_dir/exp_name`"""
    out_dir: str = "runs"
    """where runs are written"""
    seed: int = 1
    """seed of the model, the environments and the opponent draws"""
    players: int = 4
    """players per game"""
    preset: str | None = None
    """rulebook preset"""
    reward: str = "win"
    """reward scheme (win, rank, score)"""
    total_steps: int = 200_000
    """learner steps to train for"""
    num_envs: int = 4
    """environments in the DummyVecEnv (one process: on 2 cores subprocesses are slower)"""
    n_steps: int = 512
    """steps per environment per rollout"""
    batch_size: int = 256
    """minibatch size"""
    n_epochs: int = 4
    """passes over each rollout"""
    learning_rate: float = 3e-4
    """Adam learning rate"""
    gamma: float = 1.0
    """discount"""
    ent_coef: float = 0.01
    """entropy bonus"""
    hidden: int = 256
    """width of the two hidden layers of the policy and value networks"""
    opponents: dict[str, float] = field(default_factory=lambda: {"self": 0.4, "snapshot": 0.2, "heuristic": 0.3,
                                                                  "random": 0.1})
    """sampling weights of each other seat's controller, drawn per episode"""
    snapshot_every: int = 20_000
    """learner steps between refreshes of the frozen "snapshot" copy"""
    eval_games: int = 100
    """games per baseline in the final evaluation (0: none)"""
    eval_opponents: list[str] = field(default_factory=lambda: ["random", "heuristic"])
    """baselines of the final evaluation"""
    progress: bool = True
    """show SB3's progress bar"""

    @classmethod
    def from_yaml(cls, path: str | Path) -> SB3Config:
        data = yaml.safe_load(Path(path).read_text()) or {}
        unknown = set(data) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise ValueError(f"{path}: unknown config keys {sorted(unknown)}")
        return cls(**data)


class ModelAgent(Agent):
    """An SB3 model as an opponent; the model can be swapped (the learner itself, or a frozen snapshot)."""

    def __init__(self, seed: int) -> None:
        self.model: Any = None

    def act(self, decision: Decision) -> Action:
        if len(decision.legal) == 1 or self.model is None:
            return decision.legal[0]
        action, _ = self.model.predict(decision.observation, action_masks=decision.action_mask.astype(bool))
        return decision.to_action(int(np.asarray(action).item()))


class MixedOpponent(Agent):
    """Each episode, plays as a controller drawn from the weights (agent ids, "self" or "snapshot")."""

    def __init__(self, weights: dict[str, float], models: dict[str, ModelAgent], seed: int) -> None:
        self.kinds = list(weights)
        total = sum(weights.values())
        self.p = [weights[k] / total for k in self.kinds]
        self.rng = random.Random(seed)
        self.bots = {k: models[k] if k in models else agents.make(k, seed=seed) for k in self.kinds}
        self.current: Agent = self.bots[self.kinds[0]]

    def reset(self, seat: int, config: GameConfig, seed: int | None = None) -> None:
        self.current = self.bots[self.rng.choices(self.kinds, self.p)[0]]
        self.current.reset(seat, config, seed)

    def act(self, decision: Decision) -> Action:
        return self.current.act(decision)


def train(cfg: SB3Config) -> Path:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    from citadels_env.gym_env import CitadelsEnv

    run_dir = Path(cfg.out_dir) / cfg.exp_name
    run_dir.mkdir(parents=True, exist_ok=True)
    models = {"self": ModelAgent(0), "snapshot": ModelAgent(0)}

    def make_env(i: int):
        def thunk():
            opponents = [MixedOpponent(cfg.opponents, models, cfg.seed * 1000 + i * 10 + k)
                         for k in range(cfg.players - 1)]
            return CitadelsEnv(players=cfg.players, preset=cfg.preset, reward=cfg.reward, seat="random",
                               opponents=opponents, crown_seat=None)
        return thunk

    venv = DummyVecEnv([make_env(i) for i in range(cfg.num_envs)])
    venv.seed(cfg.seed)
    model = MaskablePPO("MlpPolicy", venv, n_steps=cfg.n_steps, batch_size=cfg.batch_size, n_epochs=cfg.n_epochs,
                        learning_rate=cfg.learning_rate, gamma=cfg.gamma, ent_coef=cfg.ent_coef, seed=cfg.seed,
                        policy_kwargs={"net_arch": [cfg.hidden, cfg.hidden]}, device="cpu",
                        tensorboard_log=str(run_dir), verbose=0)
    models["self"].model = model
    snapshot_path = run_dir / "snapshot.zip"

    class Snapshots(BaseCallback):
        """Refresh the frozen opponent copy every `snapshot_every` steps."""

        def _on_step(self) -> bool:
            if models["snapshot"].model is None or self.num_timesteps % cfg.snapshot_every < cfg.num_envs:
                model.save(snapshot_path)
                models["snapshot"].model = MaskablePPO.load(snapshot_path, device="cpu")
            return True

    model.learn(total_timesteps=cfg.total_steps, callback=Snapshots(), progress_bar=cfg.progress,
                tb_log_name="tb")
    path = run_dir / "model.zip"
    model.save(path)
    spec_file(path).write_text(json.dumps({"spec_version": SPEC_VERSION, "config": dataclasses.asdict(cfg)}))
    snapshot_path.unlink(missing_ok=True)
    if cfg.eval_games and cfg.eval_opponents:
        from agents.evaluate import evaluate

        games = -(-cfg.eval_games // cfg.players) * cfg.players
        results = {}
        for opponent in cfg.eval_opponents:
            report = evaluate([str(path)] + [opponent] * (cfg.players - 1), games=games, players=cfg.players,
                              preset=cfg.preset, seed=10_000_000 + cfg.seed, progress=False)
            row = report.agent(str(path))
            results[opponent] = {"win_rate": row.win_rate, "low": row.ci_low, "high": row.ci_high, "games": row.games}
            print(f"vs {cfg.players - 1} x {opponent}: {row.win_rate:.1%} [{row.ci_low:.1%}, {row.ci_high:.1%}] "
                  f"over {row.games} games")
        (run_dir / "eval.json").write_text(json.dumps(results, indent=2))
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="MaskablePPO on citadels_env (see training/sb3.py).")
    parser.add_argument("--config", help="YAML file of SB3Config fields")
    for f in dataclasses.fields(SB3Config):
        parser.add_argument("--" + f.name.replace("_", "-"), dest=f.name, default=None, metavar="VALUE")
    args = parser.parse_args(argv)
    cfg = SB3Config.from_yaml(args.config) if args.config else SB3Config()
    for f in dataclasses.fields(SB3Config):
        value = getattr(args, f.name)
        if value is not None:
            value = yaml.safe_load(value)
            if f.name == "opponents" and isinstance(value, str):
                value = {k: float(v) for k, v in (item.split("=") for item in value.split(","))}
            if f.name == "eval_opponents" and isinstance(value, str):
                value = value.split(",")
            setattr(cfg, f.name, value)
    print(f"model: {train(cfg)}")


if __name__ == "__main__":
    main()
