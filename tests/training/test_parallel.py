"""training/ppo.py with `workers`: sampler processes (and Ray actors) that collect during the update. Reproducible for a
seed and worker count, resumable, opponents of every kind, and no process left behind."""

import json
import multiprocessing
import time

import pytest
import torch

import agents
from agents.policy import load_checkpoint
from training import ppo, workers
from training.opponents import SNAPSHOT


def tiny(path, **overrides) -> ppo.Config:
    base = dict(out_dir=str(path), exp_name="tiny", players=3, total_steps=1500, num_games=4, hidden=32,
                minibatch_size=128, update_epochs=2, opponents={"self": 0.5, "snapshot": 0.2, "random": 0.3},
                snapshot_every=1, eval_every=0, eval_opponents=[], checkpoint_every=1, progress=False, threads=1,
                workers=2)
    base.update(overrides)
    return ppo.Config(**base)


def same_weights(a, b) -> bool:
    return a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


@pytest.fixture(scope="module")
def straight(tmp_path_factory):
    """One uninterrupted run on two samplers, shared by the tests that compare against it."""
    return ppo.train(tiny(tmp_path_factory.mktemp("straight")))


def test_a_run_is_reproducible_bit_for_bit_for_a_seed_and_worker_count(straight, tmp_path):
    again = ppo.train(tiny(tmp_path))
    a, b = load_checkpoint(straight), load_checkpoint(again)
    assert a["update"] == b["update"] >= 2 and a["env_steps"] == b["env_steps"] >= 1500
    assert same_weights(a["state_dict"], b["state_dict"])
    assert multiprocessing.active_children() == []
    other = load_checkpoint(ppo.train(tiny(tmp_path / "one", workers=1)))  # another count: other streams
    assert not same_weights(a["state_dict"], other["state_dict"])


def test_resume_continues_exactly_like_an_uninterrupted_run(straight, tmp_path):
    first = straight.parent / "update_00001.pt"
    assert load_checkpoint(first)["behaviour"]["update"] == 1  # the next rollout's weights travel with it
    resumed = ppo.train(tiny(tmp_path), resume=str(first))
    a, b = load_checkpoint(straight), load_checkpoint(resumed)
    assert a["update"] == b["update"] and a["env_steps"] == b["env_steps"]
    assert same_weights(a["state_dict"], b["state_dict"])
    assert multiprocessing.active_children() == []


def test_the_next_request_is_queued_before_a_rollout_is_received(tmp_path, monkeypatch):
    """So that a sampler starts rollout k+1 the moment it has sent rollout k, instead of idling while the learner
    receives and joins it; the weights are those of the old schedule (the straight run above is unchanged)."""
    events = []
    submit, gather = workers.ProcessSamplers.submit, workers.ProcessSamplers.gather
    monkeypatch.setattr(workers.ProcessSamplers, "submit",
                        lambda self, *request: (events.append(f"send {request[0]}"), submit(self, *request))[1])
    monkeypatch.setattr(workers.ProcessSamplers, "gather",
                        lambda self: (events.append("get"), gather(self))[1])
    monkeypatch.setattr(ppo.Trainer, "train_on", lambda self, ro: (time.sleep(3.0), {"losses/approx_kl": 0.0,
                                                                                      "losses/entropy": 0.0})[1])
    trainer = ppo.Trainer(tiny(tmp_path, total_steps=10**9))
    pipeline = workers.Pipeline(trainer)
    idle = []
    try:
        for _ in range(3):
            ro = pipeline.next()
            idle.append(ro.idle_s)
            trainer.learn(ro)
    finally:
        pipeline.close()
    assert events == ["get", "send 0", "send 1", "get", "send 2", "get", "send 3", "get"]  # ("get": the "ready"s)
    # the samplers report how long they waited for each request: here the learner's 3 s update is the slow part
    assert idle[0] == 0.0 and all(i > 0.5 for i in idle[2:]), idle
    assert multiprocessing.active_children() == []


def test_the_samplers_stop_when_the_learner_raises(tmp_path, monkeypatch):
    def broken(self, ro):
        raise RuntimeError("the update failed")

    monkeypatch.setattr(ppo.Trainer, "train_on", broken)
    with pytest.raises(RuntimeError, match="the update failed"):
        ppo.train(tiny(tmp_path))  # a rollout is in flight when it raises
    assert multiprocessing.active_children() == []


def test_a_samplers_error_reaches_the_learner_with_its_traceback(tmp_path, monkeypatch):
    monkeypatch.setattr(workers, "_numpy", lambda state_dict: {"no.such.layer": torch.zeros(1).numpy()})
    with pytest.raises(RuntimeError, match=r"sampler 0 failed:(.|\n)*no\.such\.layer"):
        ppo.train(tiny(tmp_path))
    assert multiprocessing.active_children() == []


def test_opponents_of_every_kind_play_in_the_samplers(tmp_path):
    cfg = tiny(tmp_path, players=4, tables=[3, 4], num_games=8, total_steps=10**9,
               opponents={"self": 1, "snapshot": 1, "heuristic": 1, "random": 1, "ppo": 1},
               opponents_at={4: {"dagger": 1, "self": 1}})  # dagger only at a size with its own mix
    trainer = ppo.Trainer(cfg)
    trainer.add_snapshot()
    pipeline = workers.Pipeline(trainer)
    try:
        met = set()
        for _ in range(2):
            ro = pipeline.next()
            assert len(ro.actions) == len(ro.advantages) == sum(len(idx) for idx, _ in ro.trajectories)
            assert sorted(i for idx, _ in ro.trajectories for i in idx) == list(range(len(ro.actions)))
            met |= {kind for kind, _ in ro.results}
            trainer.learn(ro)
    finally:
        pipeline.close()
    assert {SNAPSHOT, "heuristic", "random", "ppo", "dagger"} <= met
    assert multiprocessing.active_children() == []


def test_workers_0_starts_no_process(tmp_path, monkeypatch):
    monkeypatch.setattr(workers, "Pipeline", None)  # any use of it would fail
    ppo.train(tiny(tmp_path, workers=0, total_steps=300))
    assert multiprocessing.active_children() == []


def test_the_parallel_options_are_checked_and_ray_is_a_flag(tmp_path):
    with pytest.raises(ppo.config.ConfigError, match="workers"):
        tiny(tmp_path, workers=5).validate()  # more samplers than games
    with pytest.raises(ppo.config.ConfigError, match="ray"):
        tiny(tmp_path, workers=0, ray=True).validate()
    with pytest.raises(ppo.config.ConfigError, match="address"):
        tiny(tmp_path, ray=True, address="nowhere").validate()
    cfg, _ = ppo.parse_args(["--workers", "2", "--ray", "--address", "auto"])
    assert (cfg.workers, cfg.ray, cfg.address) == (2, True, "auto")
    cfg, _ = ppo.parse_args(["--workers", "2", "--ray"])
    assert cfg.ray and cfg.address is None


# -- Ray: the same samplers as actors, on a two-node cluster ---------------------------------------------------------


@pytest.mark.slow
def test_ray_actors_on_two_nodes_train_like_the_sampler_processes(two_nodes, straight, tmp_path):
    import ray

    # two actors of one CPU each on two nodes of one CPU each: one actor per node
    assert len([n for n in ray.nodes() if n["Alive"]]) == 2
    final = ppo.train(tiny(tmp_path, ray=True))
    assert ray.is_initialized()  # the cluster the test joined is left running
    summary = json.loads((tmp_path / "tiny" / "summary.json").read_text())
    assert summary["env_steps"] >= 1500
    assert same_weights(load_checkpoint(final)["state_dict"], load_checkpoint(straight)["state_dict"])
    bot = agents.make(str(final))
    assert agents.play_game([bot, agents.make("random"), agents.make("random")], seed=5).result is not None
