"""Multi-agent PPO on Ray RLlib's current API stack: one shared, action-masked policy for every learner seat
(self-play), optional fixed-bot seats played inside the env, on a local Ray or an existing cluster.

    citadels train --algo rllib --config configs/rllib.yaml [--address HOST:6379] [--num-env-runners 4 ...]
    python -m training.rllib --config configs/rllib_smoke.yaml
    citadels eval runs/rllib/policy.pt heuristic heuristic heuristic

Each game, one seat (drawn) is the learner; every other seat draws its controller from `opponents`: "self" (the same
shared policy, so its decisions train it too) or an agent id ("heuristic", "random"...), played inside the env and
invisible to RLlib. The RLModule is agents/policy.py's `PolicyNet` (an MLP trunk, a policy and a value head), so the
trained weights are saved as the project's own checkpoint (`policy.pt`, plain tensors): RLlib-trained bots load with
`agents.make(path)` and enter the same tournaments, with no pickled RLlib checkpoint ever read back.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
from ray.rllib.core.rl_module.torch import TorchRLModule

from agents.evaluate_ray import address_problem, connect
from agents.policy import PolicyNet, save_checkpoint
from training.config import ConfigError, RunConfig, final_evaluation, need, parse_config
from training.rllib_env import (
    ACTION_SPACE,
    MODULE_ID,
    OBS_SPACE,
    ActionsToEnv,
    CitadelsEnvRunner,
    CitadelsMultiAgentEnv,
    ObservationsToModule,
)

MASKED = -3.4e38  # RLlib's FLOAT_MIN: a finite "minus infinity", so that entropies and KLs stay free of NaN


@dataclass
class RLlibConfig(RunConfig):
    """The RLlib run. The fields every training run has come first, from training/config.py's `RunConfig`; below,
    the defaults that differ and the fields of this algorithm (Ray's resources and PPO's batch shape)."""

    exp_name: str = "rllib"
    total_steps: int = 200_000
    opponents: dict[str, float] = field(default_factory=lambda: {"self": 0.7, "heuristic": 0.2, "random": 0.1})
    layers: int = 2
    """hidden layers of the MLP trunk (the network is agents/policy.py's PolicyNet, exported as is)"""
    address: str | None = None
    """Ray cluster to join ("auto": the one `ray start` runs on this machine, or HOST:PORT as `ray start --head`
    prints); None starts a Ray of this run's own on this machine"""
    num_env_runners: int = 2
    """env runner actors sampling games (0: sample in the driver); spread over the cluster's nodes by Ray"""
    envs_per_env_runner: int = 32
    """games each env runner steps side by side (one forward pass of the policy serves them all)"""
    cpus_per_env_runner: float = 1.0
    """CPUs Ray reserves per env runner (a node with N CPUs hosts N / this runners)"""
    train_batch_size: int = 4000
    """env steps (learner decisions) per PPO update"""
    minibatch_size: int = 256
    """minibatch size of the PPO epochs"""
    num_epochs: int = 4
    """passes over each batch"""
    gae_lambda: float = 0.95
    """GAE lambda"""
    clip_param: float = 0.2
    """PPO clip range"""
    export_every: int = 0
    """PPO updates between exports of runs/NAME/policy.pt (0: only at the end)"""
    threads: int = 1
    """torch CPU threads of the driver (the PPO learner; the sampling too with 0 env runners); more than 1 only pays
    on an otherwise idle machine"""

    def validate(self) -> None:
        super().validate()
        need(self, "layers", self.layers > 0, "> 0")
        need(self, "num_env_runners", self.num_env_runners >= 0, ">= 0")
        need(self, "envs_per_env_runner", self.envs_per_env_runner > 0, "> 0")
        need(self, "cpus_per_env_runner", self.cpus_per_env_runner >= 0, ">= 0")
        need(self, "train_batch_size", self.train_batch_size > 0, "> 0")
        need(self, "minibatch_size", 0 < self.minibatch_size <= self.train_batch_size,
             "from 1 to train_batch_size")
        need(self, "num_epochs", self.num_epochs > 0, "> 0")
        need(self, "gae_lambda", 0 <= self.gae_lambda <= 1, "from 0 to 1")
        need(self, "clip_param", self.clip_param > 0, "> 0")
        need(self, "export_every", self.export_every >= 0, ">= 0")
        need(self, "threads", self.threads > 0, "> 0")
        if self.address is not None and address_problem(self.address):
            raise ConfigError("address", f"must be auto, HOST:PORT or ray://HOST:PORT (or null), got "
                                         f"{self.address!r}")
        if "snapshot" in self.opponents:
            raise ConfigError("opponents", "RLlib runs have no \"snapshot\" opponent; use \"self\" (the shared "
                                           "policy) or agent ids")


# -- the RLModule ----------------------------------------------------------------------------------------------------
class MaskedPolicyModule(TorchRLModule, ValueFunctionAPI):
    """agents/policy.py's PolicyNet as an RLlib RLModule: masked logits for PPO's categorical distribution (illegal
    actions at a finite minimum) and the value head for GAE. model_config: hidden, layers."""

    def setup(self) -> None:
        self.net = PolicyNet(hidden=int(self.model_config.get("hidden", 256)),
                             layers=int(self.model_config.get("layers", 2)))

    def _logits(self, batch: dict[str, Any]) -> tuple[torch.Tensor, torch.Tensor]:
        obs = batch[Columns.OBS]
        h = self.net.trunk(obs["observations"])
        return self.net.policy(h).masked_fill(obs["action_mask"] <= 0, MASKED), h

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {Columns.ACTION_DIST_INPUTS: self._logits(batch)[0]}

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        logits, h = self._logits(batch)
        return {Columns.ACTION_DIST_INPUTS: logits, Columns.EMBEDDINGS: h}

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> torch.Tensor:
        if embeddings is None:
            embeddings = self.net.trunk(batch[Columns.OBS]["observations"])
        return self.net.value(embeddings).squeeze(-1)


# -- Ray's notices ---------------------------------------------------------------------------------------------------
#: Notices Ray prints on every run that a user of this project cannot act on, by the logger that emits them: the
#: token authentication a local Ray turns on by default (a good default), RLlib's reminder that PPO runs on its new
#: API stack (the one this module is written for), and the deprecation RLlib's own RLModule constructor triggers.
#: Only these messages are dropped, and never at ERROR or above.
RAY_NOTICES = {
    "ray._private.authentication.authentication_token_setup": ("Token authentication is enabled for this Ray",),
    "ray.rllib.algorithms.algorithm_config": ("You are running PPO on the new API stack",),
    "ray._common.deprecation": ("DeprecationWarning: `RLModule(config=[RLModuleConfig object])` has been "
                                "deprecated",),
}


class DropNotices(logging.Filter):
    """A logging filter that drops the records below ERROR whose message starts with one of `prefixes`."""

    def __init__(self, prefixes: tuple[str, ...]) -> None:
        super().__init__()
        self.prefixes = prefixes

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.ERROR or not record.getMessage().startswith(self.prefixes)


def quiet_ray_notices() -> None:
    """Install the RAY_NOTICES filters (once) on the loggers that print them."""
    for name, prefixes in RAY_NOTICES.items():
        logger = logging.getLogger(name)
        if not any(isinstance(f, DropNotices) for f in logger.filters):
            logger.addFilter(DropNotices(prefixes))


# -- training --------------------------------------------------------------------------------------------------------
def build_config(cfg: RLlibConfig, restart_env_runners: bool = True) -> Any:
    """The PPOConfig of a run: the env, the shared masked module, the lean sampling pieces of training/rllib_env.py,
    PPO's settings, Ray's resources. `restart_env_runners`: RLlib's fault tolerance (an env runner that died, say
    with its node, is started again); a run on a Ray of its own turns it off, so that a failure there is the run's
    error."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    quiet_ray_notices()
    env_config = {"players": cfg.players, "preset": cfg.preset, "reward": cfg.reward,
                  "opponents": dict(cfg.opponents), "seed": cfg.seed}
    module = RLModuleSpec(module_class=MaskedPolicyModule, observation_space=OBS_SPACE, action_space=ACTION_SPACE,
                          model_config={"hidden": cfg.hidden, "layers": cfg.layers})
    return (PPOConfig()
            .environment(CitadelsMultiAgentEnv, env_config=env_config,
                         disable_env_checking=True)  # its check steps random, mostly illegal, actions
            .env_runners(num_env_runners=cfg.num_env_runners, num_envs_per_env_runner=cfg.envs_per_env_runner,
                         num_cpus_per_env_runner=cfg.cpus_per_env_runner, env_runner_cls=CitadelsEnvRunner,
                         env_to_module_connector=lambda env=None, spaces=None, device=None: ObservationsToModule(),
                         module_to_env_connector=lambda env=None, spaces=None: ActionsToEnv(),
                         add_default_connectors_to_env_to_module_pipeline=False,
                         add_default_connectors_to_module_to_env_pipeline=False)
            .fault_tolerance(restart_failed_env_runners=restart_env_runners)
            .learners(num_learners=0)
            .multi_agent(policies={MODULE_ID}, policy_mapping_fn=lambda agent_id, episode, **kw: MODULE_ID)
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={MODULE_ID: module}))
            .training(lr=cfg.learning_rate, gamma=cfg.gamma, lambda_=cfg.gae_lambda, entropy_coeff=cfg.ent_coef,
                      clip_param=cfg.clip_param, train_batch_size_per_learner=cfg.train_batch_size,
                      minibatch_size=cfg.minibatch_size, num_epochs=cfg.num_epochs)
            .debugging(seed=cfg.seed, log_level="ERROR",
                       log_sys_usage=False))  # (its monitor thread only feeds Tune, and asks for gputil)


def trained_net(algo: Any, cfg: RLlibConfig) -> PolicyNet:
    """The learner's current weights as a PolicyNet (the module's own network, copied)."""
    weights = algo.learner_group.get_weights(module_ids=[MODULE_ID])[MODULE_ID]
    net = PolicyNet(hidden=cfg.hidden, layers=cfg.layers)
    net.load_state_dict({k.removeprefix("net."): torch.as_tensor(v) for k, v in weights.items()})
    return net.eval()


def export(algo: Any, cfg: RLlibConfig, path: Path, step: int) -> Path:
    """Save the shared policy in the project's checkpoint format (agents.make(path) plays it)."""
    save_checkpoint(path, trained_net(algo, cfg), config=dataclasses.asdict(cfg), step=step,
                    trainer="rllib")
    return path


def node_ids_of_env_runners(algo: Any) -> list[str]:
    """The Ray node each remote env runner lives on (the cluster test checks both nodes sample)."""
    import ray

    return algo.env_runner_group.foreach_env_runner(lambda runner: ray.get_runtime_context().get_node_id(),
                                                    local_env_runner=False)


def train(cfg: RLlibConfig, on_update: Any = None) -> Path:
    """Train until `total_steps` env steps (learner decisions) were sampled; export runs/NAME/policy.pt, write
    summary.json (steps, wall time, env steps/s) and the evaluation against `eval_opponents`. Joins the Ray cluster
    at `address` or the one already initialised; otherwise starts a local Ray, shut down at the end."""
    import ray
    from ray.rllib.utils.metrics import (
        ENV_RUNNER_RESULTS,
        EPISODE_RETURN_MEAN,
        NUM_ENV_STEPS_SAMPLED_LIFETIME,
    )

    run_dir = Path(cfg.out_dir) / cfg.exp_name
    run_dir.mkdir(parents=True, exist_ok=True)
    quiet_ray_notices()
    started = connect(cfg.address)
    own_ray = started and cfg.address in (None, "local")  # a Ray this run started for itself
    algo = None
    threads = torch.get_num_threads()
    torch.set_num_threads(cfg.threads)  # (torch's default, one per core, competes with the env runners and bots)
    try:
        algo = build_config(cfg, restart_env_runners=not own_ray).build_algo()
        path = run_dir / "policy.pt"
        steps, updates, curve = 0, 0, []
        start = time.perf_counter()
        while steps < cfg.total_steps:
            result = algo.train()
            updates += 1
            runners = result.get(ENV_RUNNER_RESULTS, {})
            steps = int(runners.get(NUM_ENV_STEPS_SAMPLED_LIFETIME, steps))
            curve.append({"update": updates, "steps": steps, "return": runners.get(EPISODE_RETURN_MEAN),
                          "seconds": round(time.perf_counter() - start, 2)})
            if cfg.progress:
                print(f"update {updates}: {steps} env steps, mean return {runners.get(EPISODE_RETURN_MEAN)}")
            if on_update is not None:
                on_update(algo, result)
            if cfg.export_every and updates % cfg.export_every == 0:
                export(algo, cfg, path, steps)
        wall = time.perf_counter() - start
        export(algo, cfg, path, steps)
        summary = {"steps": steps, "updates": updates, "wall_s": round(wall, 2), "sps": round(steps / wall, 1),
                   "num_env_runners": cfg.num_env_runners, "envs_per_env_runner": cfg.envs_per_env_runner,
                   "curve": curve}
        (run_dir / "summary.json").write_text(json.dumps(summary, indent=1))
    finally:
        torch.set_num_threads(threads)
        if algo is not None:
            algo.stop()
        if started:
            ray.shutdown()
    final_evaluation(path, cfg, run_dir)
    return path


def main(argv: list[str] | None = None) -> None:
    cfg, _ = parse_config(RLlibConfig, argv, "Multi-agent PPO on Ray RLlib (see training/rllib.py).")
    print(f"policy: {train(cfg)}")


if __name__ == "__main__":
    main()
