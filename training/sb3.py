"""Stable-Baselines3: sb3-contrib's MaskablePPO on the single-agent Gymnasium wrapper, the other seats played by an
opponent mix drawn per episode from the same `opponents` weights as training/ppo.py.

    python -m training.sb3 --config configs/sb3.yaml [--total-steps 200000 ...]
    citadels eval runs/sb3/model.zip heuristic heuristic heuristic

"self" in the mix is the model being trained (acting through `predict`), "snapshot" a frozen copy refreshed every
`snapshot_every` steps; any other key is an agent id. The saved model loads as an agent (`agents.make("x.zip")`), with
the spec version in a side file so a model is never run on another observation/action spec.
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

import agents
from agents.base import Agent, Decision
from agents.sb3_agent import SB3Agent, spec_file
from citadels_env.core import Action, GameConfig
from citadels_env.encoding import SPEC_VERSION
from training.config import RunConfig, final_evaluation, parse_config


@dataclass
class SB3Config(RunConfig):
    """The MaskablePPO run. The fields every training run has (name, seed, the game, the opponent mix, evaluation) come
    first, from training/config.py's `RunConfig`; below, the defaults that differ and the fields of this algorithm."""

    exp_name: str = "sb3"
    total_steps: int = 200_000
    opponents: dict[str, float] = field(default_factory=lambda: {"self": 0.4, "snapshot": 0.2, "heuristic": 0.3,
                                                                  "random": 0.1})
    num_envs: int = 4
    """environments in the DummyVecEnv (one process: on 2 cores subprocesses are slower)"""
    n_steps: int = 512
    """steps per environment per rollout"""
    batch_size: int = 256
    """minibatch size"""
    n_epochs: int = 4
    """passes over each rollout"""
    snapshot_every: int = 20_000
    """learner steps between refreshes of the frozen "snapshot" copy"""


class ModelAgent(SB3Agent):
    """An SB3 model as an opponent whose model is swapped in later (the learner itself, or a frozen snapshot)."""

    def __init__(self) -> None:
        super().__init__(model=None)

    def act(self, decision: Decision) -> Action:
        return decision.legal[0] if self.model is None else super().act(decision)


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
    models = {"self": ModelAgent(), "snapshot": ModelAgent()}

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
    final_evaluation(path, cfg, run_dir)
    return path


def main(argv: list[str] | None = None) -> None:
    cfg, _ = parse_config(SB3Config, argv, "MaskablePPO on citadels_env (see training/sb3.py).")
    print(f"model: {train(cfg)}")


if __name__ == "__main__":
    main()
