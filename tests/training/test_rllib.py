"""training/rllib.py: the multi-agent env, the masked RLModule, its export to the project's checkpoint format, and
the smoke config trained on a two-node Ray cluster simulated on this machine."""

from __future__ import annotations

import dataclasses
import logging
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("ray.rllib")
import ray
import torch
from ray.rllib.core.columns import Columns

import agents
from agents.evaluate import evaluate
from citadels_cli.main import main as cli
from citadels_env.encoding import NUM_ACTIONS, OBS_SIZE
from citadels_env.rewards import final_rewards
from training import rllib
from training.config import ConfigError

ROOT = Path(__file__).parents[2]
SMOKE = ROOT / "configs" / "rllib_smoke.yaml"


def play(env: rllib.CitadelsMultiAgentEnv, seed: int) -> tuple[list, dict]:
    """A whole game with uniformly random legal actions: (every step's observed agents and mask sums, the final
    step's rewards)."""
    rng = random.Random(seed)
    obs, _ = env.reset(seed=seed)
    trace = []
    while True:
        (agent, o), = obs.items()
        assert env.aec.game.current_player == int(agent.split("_")[1])
        legal = np.flatnonzero(o["action_mask"])
        trace.append((agent, len(legal), float(o["observations"].sum())))
        obs, rewards, terminated, truncated, _ = env.step({agent: int(rng.choice(legal))})
        if terminated["__all__"] or truncated["__all__"]:
            return trace, rewards
        assert list(rewards) == list(obs) and set(rewards.values()) == {0.0}  # no reward before the end


def test_env_shows_only_the_learner_seat_on_turn_and_rewards_every_learner_at_the_end():
    env = rllib.CitadelsMultiAgentEnv({"players": 4, "opponents": {"self": 0.5, "random": 0.5}, "seed": 3})
    for seed in range(3):
        trace, rewards = play(env, seed)
        learners = {a for a, _, _ in trace}
        bots = {env.possible_agents[s] for s, c in enumerate(env.controllers) if c is not None}
        assert learners and not learners & bots  # bot seats never reach RLlib
        assert set(rewards) == learners and env.aec.game.is_over
        assert all(n >= 1 for _, n, _ in trace)
        everyone = final_rewards(env.aec.game, "win")
        assert rewards == {a: float(everyone[int(a.split("_")[1])]) for a in learners}


def test_env_is_deterministic_by_seed_and_refuses_an_action_for_a_seat_not_on_turn():
    config = {"players": 5, "opponents": {"self": 0.6, "random": 0.4}, "seed": 1}
    a, b = rllib.CitadelsMultiAgentEnv(config), rllib.CitadelsMultiAgentEnv(config)
    assert play(a, 11) == play(b, 11)
    obs, _ = a.reset(seed=2)
    (agent,) = obs
    other = next(x for x in a.possible_agents if x != agent)
    g = a.aec.game

    def state() -> tuple:
        return g.current_player, g.decision_kind, g.legal_actions(), g.public_log()

    before = state()
    with pytest.raises(ValueError, match=f"expected an action for {agent}"):
        a.step({other: 0})
    for bad in (NUM_ACTIONS, -1, 1.5):  # out of range or not an integer: refused, nothing changed
        with pytest.raises((ValueError, TypeError)):
            a.step({agent: bad})
    illegal = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        a.step({agent: illegal})
    assert state() == before and g.current_player == int(agent.split("_")[1])


def test_env_gives_each_bot_seat_its_own_bot_and_refuses_steps_after_the_end():
    env = rllib.CitadelsMultiAgentEnv({"players": 6, "opponents": {"self": 0.1, "random": 0.9}, "seed": 4})
    play(env, 0)
    bots = [c for c in env.controllers if c is not None]
    assert len(bots) >= 2 and len({id(b) for b in bots}) == len(bots)
    with pytest.raises(RuntimeError, match="game is over"):
        env.step({"player_0": 0})


def test_config_refuses_snapshot_opponents_and_bad_ray_settings():
    with pytest.raises(ConfigError, match=r"opponents.*snapshot"):
        rllib.RLlibConfig(opponents={"self": 1.0, "snapshot": 1.0}).validate()
    with pytest.raises(ConfigError, match="minibatch_size"):
        rllib.RLlibConfig(train_batch_size=100, minibatch_size=200).validate()
    with pytest.raises(ConfigError, match="address"):
        rllib.RLlibConfig(address="head-node").validate()
    rllib.RLlibConfig(address="ray://10.0.0.1:10001").validate()
    with pytest.raises(ConfigError, match="threads"):
        rllib.RLlibConfig(threads=0).validate()
    cfg = rllib.RLlibConfig.from_yaml(SMOKE)
    assert cfg.num_env_runners == 2 and cfg.opponents["random"] > 0


def test_cli_train_rllib_bad_option_is_a_one_line_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        cli(["train", "--algo", "rllib", "--config", str(SMOKE), "--num-env-runners", "-1"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "--num-env-runners" in err and err.count("\n") == 1


def sample_observations(n: int) -> dict[str, torch.Tensor]:
    env = rllib.CitadelsMultiAgentEnv({"players": 4, "opponents": {"self": 1.0}, "seed": 5})
    obs, _ = env.reset(seed=5)
    rng = random.Random(5)
    batch: dict[str, list] = {"observations": [], "action_mask": []}
    while len(batch["observations"]) < n:
        (agent, o), = obs.items()
        for key in batch:
            batch[key].append(o[key])
        obs, _, terminated, _, _ = env.step({agent: int(rng.choice(np.flatnonzero(o["action_mask"])))})
        if terminated["__all__"]:
            obs, _ = env.reset()
    return {k: torch.as_tensor(np.stack(v)) for k, v in batch.items()}


def module_probs(module: rllib.MaskedPolicyModule, obs: dict[str, torch.Tensor]) -> torch.Tensor:
    with torch.no_grad():
        out = module.forward_inference({Columns.OBS: obs})
    return torch.softmax(out[Columns.ACTION_DIST_INPUTS], -1)


def exported_probs(path: Path, obs: dict[str, torch.Tensor]) -> torch.Tensor:
    agent = agents.make(str(path))
    with torch.no_grad():
        return torch.softmax(agent.net.logits(obs["observations"], obs["action_mask"] > 0), -1)


def test_module_is_policy_net_and_illegal_actions_have_probability_zero():
    module = rllib.MaskedPolicyModule(observation_space=rllib.OBS_SPACE, action_space=rllib.ACTION_SPACE,
                                      model_config={"hidden": 16, "layers": 1})
    obs = sample_observations(40)
    probs = module_probs(module, obs)
    assert obs["observations"].shape == (40, OBS_SIZE) and probs.shape == (40, NUM_ACTIONS)
    assert torch.all(probs[obs["action_mask"] == 0] == 0)
    assert torch.allclose(probs.sum(-1), torch.ones(40))
    values = module.compute_values({Columns.OBS: obs})
    assert values.shape == (40,) and torch.isfinite(values).all()


# -- the env runner and its connectors ------------------------------------------------------------------------------


@pytest.mark.slow
def test_env_runner_samples_legal_actions_with_their_log_probabilities_and_counts_every_step():
    from ray.rllib.utils.metrics import (
        NUM_AGENT_STEPS_SAMPLED,
        NUM_ENV_STEPS_SAMPLED,
        NUM_ENV_STEPS_SAMPLED_LIFETIME,
        NUM_MODULE_STEPS_SAMPLED,
    )

    cfg = rllib.RLlibConfig(players=4, opponents={"self": 0.5, "random": 0.5}, hidden=16, layers=1,
                            num_env_runners=0, envs_per_env_runner=4, seed=3)
    runner = rllib.CitadelsEnvRunner(config=rllib.build_config(cfg))  # (the driver's runner: no Ray needed)
    try:
        assert not runner.env.copy  # the games' observations are handed over as they are
        for explore, steps in ((True, 400), (False, 100)):
            episodes = runner.sample(num_timesteps=steps, explore=explore, force_reset=True)  # (new games)
            n = sum(e.env_steps() for e in episodes)
            assert steps <= n < steps + 4
            assert runner.metrics.peek(NUM_ENV_STEPS_SAMPLED) == runner.metrics.peek(NUM_ENV_STEPS_SAMPLED_LIFETIME) == n
            agents = {a for e in episodes for a in e.agent_episodes}
            # (an agent step is an observation received: at a game's end, one per learner seat)
            agent_steps = sum(runner.metrics.peek((NUM_AGENT_STEPS_SAMPLED, a)) for a in agents)
            assert n <= agent_steps < n + 4 * 8 and runner.metrics.peek(
                (NUM_MODULE_STEPS_SAMPLED, rllib.MODULE_ID)) == agent_steps
            checked = 0
            for e in episodes:
                for sa in e.agent_episodes.values():
                    if not len(sa):
                        continue
                    masks = np.asarray(sa.get_observations()["action_mask"])[:len(sa)]
                    actions = np.asarray(sa.get_actions())
                    logits = torch.as_tensor(np.asarray(sa.get_extra_model_outputs(Columns.ACTION_DIST_INPUTS)))
                    logp = np.asarray(sa.get_extra_model_outputs(Columns.ACTION_LOGP))
                    assert np.all(masks[np.arange(len(sa)), actions] == 1)  # every action legal where taken
                    assert np.all(logits.numpy()[masks == 0] == rllib.MASKED)
                    expected = torch.log_softmax(logits, -1)[torch.arange(len(sa)), torch.as_tensor(actions)]
                    assert np.allclose(logp, expected.numpy(), atol=1e-5)
                    if not explore:  # the greedy action
                        assert np.array_equal(actions, logits.argmax(-1).numpy())
                    checked += len(sa)
            assert n - 4 * 4 <= checked <= n  # (an agent's last action waits in the episode for its next turn)
            runner.get_metrics()  # (resets the counts of this round)
    finally:
        runner.stop()


# -- Ray's notices ---------------------------------------------------------------------------------------------------


def test_ray_notices_are_dropped_but_errors_and_other_warnings_pass():
    rllib.quiet_ray_notices()
    rllib.quiet_ray_notices()  # once per logger, however often called
    for name, prefixes in rllib.RAY_NOTICES.items():
        logger = logging.getLogger(name)
        assert sum(isinstance(f, rllib.DropNotices) for f in logger.filters) == 1
        seen: list[logging.LogRecord] = []
        handler = logging.Handler()
        handler.emit = seen.append  # type: ignore[method-assign]
        logger.addHandler(handler)
        level = logger.level
        logger.setLevel(logging.WARNING)  # (Ray, started by another test in this process, may have raised it)
        try:
            logger.warning(prefixes[0] + " (the notice)")
            logger.error(prefixes[0] + " (an error that starts like it)")
            logger.warning("another warning")
        finally:
            logger.setLevel(level)
            logger.removeHandler(handler)
        assert [(r.levelno, r.getMessage()) for r in seen] == [
            (logging.ERROR, prefixes[0] + " (an error that starts like it)"), (logging.WARNING, "another warning")]


def run_rllib(*args: str, code: str = "") -> subprocess.CompletedProcess:
    script = f"import sys\nfrom training import rllib\n{code}\nrllib.main(sys.argv[1:])"
    return subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


NOTICES = ("Token authentication is enabled", "new API stack", "DeprecationWarning", "gputil",
           "constructor arguments in the object store")


@pytest.mark.slow
def test_a_run_prints_no_ray_notices_and_an_env_error_still_shows(tmp_path):
    run = run_rllib("--config", str(SMOKE), "--out-dir", str(tmp_path), "--total-steps", "500",
                    "--num-env-runners", "1", "--envs-per-env-runner", "2")
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert (tmp_path / "rllib_smoke" / "policy.pt").is_file()
    assert not [notice for notice in NOTICES if notice in output], output

    broken = run_rllib("--config", str(SMOKE), "--out-dir", str(tmp_path), "--total-steps", "500",
                       "--num-env-runners", "0",
                       code="def step(self, action_dict):\n    raise RuntimeError('the env broke')\n"
                            "rllib.CitadelsMultiAgentEnv.step = step")
    assert broken.returncode != 0 and "RuntimeError: the env broke" in broken.stderr, broken.stderr


# -- the smoke run on a two-node cluster ----------------------------------------------------------------------------


@pytest.mark.slow
def test_smoke_config_on_two_nodes_learns_against_random_and_exports_the_same_policy(two_nodes, tmp_path):
    cfg = rllib.RLlibConfig.from_yaml(SMOKE)
    cfg = dataclasses.replace(cfg, out_dir=str(tmp_path), eval_games=0)
    obs = sample_observations(64)
    seen: dict = {}

    def on_update(algo, result) -> None:
        seen.setdefault("nodes", rllib.node_ids_of_env_runners(algo))
        results = algo.learner_group.foreach_learner(
            lambda learner: module_probs(learner.module[rllib.MODULE_ID], obs))
        seen["probs"] = next(iter(results)).get()  # the learner's own module, after this update

    path = rllib.train(cfg, on_update=on_update)
    assert ray.is_initialized()  # the cluster the test joined is left running (train did not start it)
    node_ids = {n["NodeID"] for n in ray.nodes() if n["Alive"]}
    assert len(node_ids) == 2 and set(seen["nodes"]) == node_ids  # env runners sampled on both nodes

    # the exported checkpoint is the module: same action probabilities on the same observations
    assert torch.allclose(exported_probs(path, obs), seen["probs"], atol=1e-6)

    # learned: against three random bots, the policy wins more than the 25 % parity (Wilson 95 % lower bound)
    report = evaluate([str(path), "random"], games=120, players=4, seed=123, progress=False)
    row = report.agent(str(path))
    assert row.ci_low > 0.25, f"win rate {row.win_rate:.1%} [{row.ci_low:.1%}, {row.ci_high:.1%}]"


def test_a_ray_without_the_runner_hook_the_env_runner_overrides_is_refused_by_name():
    from training.rllib_env import RUNNER_HOOK, check_runner_hook

    check_runner_hook()  # the installed ray has it

    class Renamed:
        def _increase_sampled_metrics(self, num_steps, observations, episode): ...

    for runner in (object, Renamed):
        with pytest.raises(ImportError, match=RUNNER_HOOK[0]):
            check_runner_hook(runner)
