"""The RLlib side of training/rllib.py's runs: Citadels as an RLlib MultiAgentEnv, and the lean sampling pieces
(one env-to-module and one module-to-env connector, an env runner without per-step bookkeeping) that let one forward
pass of the shared policy serve every game of an env runner.
"""

from __future__ import annotations

import inspect
import random
from collections import Counter
from typing import Any

import gymnasium as gym
import numpy as np
import ray
import torch
from ray.rllib.connectors.connector_v2 import ConnectorV2
from ray.rllib.core.columns import Columns
from ray.rllib.env.multi_agent_env import MultiAgentEnv
from ray.rllib.env.multi_agent_env_runner import MultiAgentEnvRunner
from ray.rllib.env.vector.sync_vector_multi_agent_env import SyncVectorMultiAgentEnv

import agents
from citadels_env.action_ids import action_id
from citadels_env.aec import raw_env
from citadels_env.encoding import NUM_ACTIONS, OBS_HIGH, OBS_SIZE, legal_mask, to_core
from citadels_env.rewards import final_rewards

MODULE_ID = "shared"  # every learner seat maps to this one policy


# -- the environment -------------------------------------------------------------------------------------------------
OBS_SPACE = gym.spaces.Dict({
    "observations": gym.spaces.Box(0.0, OBS_HIGH, (OBS_SIZE,), np.float32),
    "action_mask": gym.spaces.Box(0.0, 1.0, (NUM_ACTIONS,), np.float32),
})
ACTION_SPACE = gym.spaces.Discrete(NUM_ACTIONS)


class CitadelsMultiAgentEnv(MultiAgentEnv):
    """Citadels as an RLlib MultiAgentEnv, turn based: each step returns the observation of the one learner seat
    on turn, as {"observations", "action_mask"} (the keys RLlib's action-masking modules read). Bot seats are played
    inside `step`; at the end every learner seat gets its final observation and reward.

    env_config: players, preset, reward, opponents (weights, as RLlibConfig), seed, max_rounds."""

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        super().__init__()
        # RLlib passes an EnvContext: a dict that also says which runner (and which of its envs) this is, so that
        # every env deals its own games
        worker, vector = getattr(config, "worker_index", 0) or 0, getattr(config, "vector_index", 0) or 0
        config = dict(config or {})
        self.aec = raw_env(players=config.get("players", 4), preset=config.get("preset"),
                           reward=config.get("reward", "win"), max_rounds=config.get("max_rounds", 100))
        self.players = len(self.aec.possible_agents)
        weights = config.get("opponents") or {"self": 1.0}
        self.kinds = list(weights)
        self.weights = [float(weights[k]) for k in self.kinds]
        seed = int(config.get("seed", 0)) * 1_000_003 + worker * 1009 + vector
        self.base_seed = seed
        self.rng = random.Random(seed)
        self.bots: dict[tuple[int, str], Any] = {}  # (seat, agent id) -> its bot: a bot never plays two seats
        self.possible_agents = list(self.aec.possible_agents)
        self.agents = []
        self.observation_spaces = dict.fromkeys(self.possible_agents, OBS_SPACE)
        self.action_spaces = dict.fromkeys(self.possible_agents, ACTION_SPACE)
        self.controllers: list[Any] = []  # per seat: None (the learner policy) or a bot
        self.acted: set[int] = set()

    def _obs(self, seat: int) -> dict[str, np.ndarray]:
        return {"observations": self.aec.encoder(seat),
                "action_mask": legal_mask(self.aec.game, seat).astype(np.float32)}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None:  # RLlib's seed is per runner: this env's own seed keeps its games its own
            self.rng.seed(f"{seed}/{self.base_seed}")
        self.aec.reset(seed=self.rng.getrandbits(62))
        learner = self.rng.randrange(self.players)
        self.controllers = [None if s == learner else self._draw(s) for s in range(self.players)]
        for s, bot in enumerate(self.controllers):
            if bot is not None:
                bot.reset(s, self.aec.game.config, self.rng.getrandbits(62))
        self.agents = [self.possible_agents[s] for s, c in enumerate(self.controllers) if c is None]
        self.acted = set()
        return self._advance()[0], {}

    def _draw(self, seat: int) -> Any:
        """The controller of a non-learner seat for this game: None (the shared policy) or the seat's bot."""
        kind = self.rng.choices(self.kinds, self.weights)[0]
        if kind == "self":
            return None
        if (seat, kind) not in self.bots:
            self.bots[seat, kind] = agents.make(kind, seed=self.base_seed + seat)
        return self.bots[seat, kind]

    def _advance(self) -> tuple[dict, dict, dict, dict]:
        """Play the bot seats until a learner seat is on turn (its observation) or the game ends (every learner
        seat's final observation and reward)."""
        g = self.aec.game
        while not g.is_over and g.round <= self.aec._max_rounds:
            seat = g.current_player
            bot = self.controllers[seat]
            if bot is None:
                self.acted.add(seat)  # RLlib wants a reward with each observation of an agent that acted before
                agent = self.possible_agents[seat]
                return {agent: self._obs(seat)}, {agent: 0.0}, {"__all__": False}, {"__all__": False}
            g.apply(bot.decide(g, seat))
        over = g.is_over
        rewards = final_rewards(g, self.aec.reward_scheme) if over else [0.0] * self.players
        names = [self.possible_agents[s] for s in sorted(self.acted)]
        obs = {a: self._obs(s) for a, s in zip(names, sorted(self.acted))}
        rew = {a: float(rewards[s]) for a, s in zip(names, sorted(self.acted))}
        return obs, rew, {**dict.fromkeys(names, over), "__all__": over}, \
            {**dict.fromkeys(names, not over), "__all__": not over}

    def step(self, action_dict: dict[str, int]):
        g = self.aec.game
        seat = g.current_player
        if g.is_over or g.round > self.aec._max_rounds:
            raise RuntimeError("the game is over: call reset()")
        agent = self.possible_agents[seat]
        if set(action_dict) != {agent}:
            raise ValueError(f"expected an action for {agent} (on turn) only, got actions for {sorted(action_dict)}")
        g.apply(to_core(action_id(action_dict[agent]), seat, self.players))  # refused with the game unchanged
        obs, rewards, terminated, truncated = self._advance()
        return obs, rewards, terminated, truncated, {}


# -- sampling: the connectors and the env runner -------------------------------------------------------------------
ROWS = "citadels_rows"  # shared_data key: (game index, agent) of each row of the batch the module decides on


class ObservationsToModule(ConnectorV2):
    """The env-to-module pipeline in one piece: the observation of the seat on turn in each game of the env runner, as
    one batch for the shared module ({"shared": {obs: {"observations", "action_mask"}}}), and which game and agent
    each row is (for ActionsToEnv). RLlib's default pipeline (six pieces) builds the same batch item by item, through
    per-agent dicts; on this env that took most of the sampling time."""

    def recompute_output_observation_space(self, input_observation_space: gym.Space,
                                           input_action_space: gym.Space) -> gym.Space:
        return gym.spaces.Dict({MODULE_ID: OBS_SPACE})

    def recompute_output_action_space(self, input_observation_space: gym.Space,
                                      input_action_space: gym.Space) -> gym.Space:
        return gym.spaces.Dict({MODULE_ID: ACTION_SPACE})

    def __call__(self, *, rl_module: Any, batch: dict, episodes: list, explore: bool | None = None,
                 shared_data: dict | None = None, **kwargs: Any) -> Any:
        rows, obs, masks = [], [], []
        latest = kwargs.get(Columns.OBS)  # the env's latest observations, game by game, as the runner passes them
        for i, episode in enumerate(episodes):
            if not episode.is_reset or episode.is_done:  # a game that just ended: no action until it is reset
                continue
            if latest is not None and len(latest) == len(episodes):
                on_turn = latest[i].items()  # this env shows only the seats that act now
            else:
                last = episode.get_observations(-1)
                on_turn = [(agent, last[agent]) for agent in episode.get_agents_to_act()]
            for agent, o in on_turn:
                rows.append((i, agent))
                obs.append(o["observations"])
                masks.append(o["action_mask"])
        if shared_data is not None:
            shared_data[ROWS] = rows
        if not rows:
            return {}
        return {MODULE_ID: {Columns.OBS: {"observations": torch.from_numpy(np.stack(obs)),
                                          "action_mask": torch.from_numpy(np.stack(masks))}}}


class ActionsToEnv(ConnectorV2):
    """The module-to-env pipeline in one piece: samples each row's action from the module's masked logits (the
    argmax when not exploring), with its log-probability, and hands them to the games as RLlib's runner wants them
    (per game, {agent: value}); the logits go along for PPO's KL term."""

    def __call__(self, *, rl_module: Any, batch: dict, episodes: list, explore: bool | None = None,
                 shared_data: dict | None = None, **kwargs: Any) -> Any:
        rows = shared_data[ROWS]
        logits = batch[MODULE_ID][Columns.ACTION_DIST_INPUTS]
        with torch.no_grad():
            logp_all = torch.log_softmax(logits, -1)
            actions = torch.multinomial(logp_all.exp(), 1).squeeze(-1) if explore else logits.argmax(-1)
            logp = logp_all.gather(-1, actions.unsqueeze(-1)).squeeze(-1)
        columns = {Columns.ACTIONS: actions.numpy(), Columns.ACTION_LOGP: logp.numpy(),
                   Columns.ACTION_DIST_INPUTS: logits.numpy()}
        out: dict[str, list[dict]] = {column: [{} for _ in episodes] for column in columns}
        for column, values in columns.items():
            per_game = out[column]
            for row, (i, agent) in enumerate(rows):
                per_game[i][agent] = values[row]
        return out


#: RLlib's private hook that CitadelsEnvRunner overrides, as ray 2.60 calls it once per env step. A ray whose runner
#: lacks it (or calls it otherwise) would leave the step counts unlogged: `check_runner_hook` refuses it at import.
RUNNER_HOOK = ("_increase_sampled_metrics", ["self", "num_steps", "next_obs", "episode"])


def check_runner_hook(runner: type = MultiAgentEnvRunner) -> None:
    """Fail with a clear ImportError unless `runner` has the private hook CitadelsEnvRunner overrides."""
    name, params = RUNNER_HOOK
    hook = getattr(runner, name, None)
    if hook is None or list(inspect.signature(hook).parameters) != params:
        raise ImportError(f"training/rllib_env.py overrides RLlib's private {runner.__name__}.{name}("
                          f"{', '.join(params)}), which ray {ray.__version__} does not have; install the ray it was "
                          f"written for (pip install 'ray[rllib]>=2.60,<2.61')")


check_runner_hook()


class CitadelsEnvRunner(MultiAgentEnvRunner):
    """RLlib's multi-agent env runner with two per-step costs removed, the episodes and metrics unchanged: the
    vector env hands over the games' observations without deep-copying them (the env makes new arrays at every step
    and never writes them again), and the counts of sampled steps reach the metrics logger once per `sample` call
    instead of six calls per env step. Torch runs one thread in a remote runner (a forward pass over a few dozen
    games gains nothing from more, and runners share their node's cores)."""

    def __init__(self, config: Any, **kwargs: Any) -> None:
        self._step_counts: Counter = Counter()
        super().__init__(config=config, **kwargs)
        if self.worker_index:
            torch.set_num_threads(1)

    def make_env(self) -> None:
        super().make_env()
        if isinstance(self.env, SyncVectorMultiAgentEnv):
            self.env.copy = False

    def _increase_sampled_metrics(self, num_steps: int, next_obs: dict, episode: Any) -> int:
        counts = self._step_counts
        counts[None] += num_steps
        if episode.is_done:
            counts["episodes"] += 1
        for agent in next_obs:
            counts[str(agent), episode.module_for(agent)] += 1
        return num_steps

    def sample(self, **kwargs: Any) -> list:
        from ray.rllib.utils.metrics import (
            NUM_AGENT_STEPS_SAMPLED,
            NUM_AGENT_STEPS_SAMPLED_LIFETIME,
            NUM_ENV_STEPS_SAMPLED,
            NUM_ENV_STEPS_SAMPLED_LIFETIME,
            NUM_EPISODES,
            NUM_EPISODES_LIFETIME,
            NUM_MODULE_STEPS_SAMPLED,
            NUM_MODULE_STEPS_SAMPLED_LIFETIME,
        )

        try:
            return super().sample(**kwargs)
        finally:  # what RLlib's runner logs at every env step, summed (the same totals and throughputs)
            counts, self._step_counts = self._step_counts, Counter()
            log = self.metrics.log_value
            if counts[None]:
                log(NUM_ENV_STEPS_SAMPLED, counts[None], reduce="sum")
                log(NUM_ENV_STEPS_SAMPLED_LIFETIME, counts[None], reduce="lifetime_sum", with_throughput=True)
            if counts["episodes"]:
                log(NUM_EPISODES, counts["episodes"], reduce="sum")
                log(NUM_EPISODES_LIFETIME, counts["episodes"], reduce="lifetime_sum")
            modules: Counter = Counter()
            for key, n in counts.items():
                if isinstance(key, tuple):
                    agent, module = key
                    log((NUM_AGENT_STEPS_SAMPLED, agent), n, reduce="sum")
                    log((NUM_AGENT_STEPS_SAMPLED_LIFETIME, agent), n, reduce="lifetime_sum")
                    modules[module] += n
            for module, n in modules.items():
                log((NUM_MODULE_STEPS_SAMPLED, module), n, reduce="sum")
                log((NUM_MODULE_STEPS_SAMPLED_LIFETIME, module), n, reduce="lifetime_sum")
