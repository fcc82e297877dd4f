"""Fixed network opponents decided in one batched pass (training/opponents.py) play exactly as `PolicyAgent.act`."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import agents
from agents.base import Decision
from agents.net_inputs import GameInputs
from agents.policy import PolicyAgent, PolicyNet, save_checkpoint
from citadels_env.core import Game, GameConfig
from training import opponents, ppo
from training.opponents import OpponentPool, choose


@pytest.fixture(autouse=True)
def one_thread():
    """Batches of one on a shared 2-core machine: a second torch thread makes each pass several times slower."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


def lockstep(pool: OpponentPool, kinds: list[str], twins: bool, games: int = 6) -> int:
    """Play `games` tables side by side, seat s of every table taking `kinds[s]`; each tick the network seats of all
    tables are decided by `choose`, one call per network, and each answer is compared with `act` of a twin made by
    `agents.make(kind, seed=...)` (twins=True: its own generator, seeded alike) or of the seat's own agent (greedy:
    no randomness). Heuristic seats in between leave the incremental inputs uncalled for a while. Returns the
    number of network decisions compared."""
    n = len(kinds)
    config = GameConfig(players=n, crown_seat=None)
    tables = [Game(config, 500 + k) for k in range(games)]
    inputs = [GameInputs(g) for g in tables]
    seats = [[pool.bot(kind, s, config, 16 * k + s) for s, kind in enumerate(kinds)] for k in range(games)]
    refs = seats
    if twins:
        refs = [[agents.make(kind, seed=16 * k + s) for s, kind in enumerate(kinds)] for k in range(games)]
        for k, row in enumerate(refs):
            for s, ref in enumerate(row):
                ref.reset(s, config, 16 * k + s)
    compared = 0
    while not all(g.is_over for g in tables):
        waiting: dict[PolicyNet, list[int]] = {}
        for k, g in enumerate(tables):
            while not g.is_over and not opponents.batched(seats[k][g.current_player]):
                g.apply(seats[k][g.current_player].act(Decision(g)))
            if not g.is_over:
                waiting.setdefault(seats[k][g.current_player].net, []).append(k)
        for net, ks in waiting.items():
            players = [seats[k][tables[k].current_player] for k in ks]
            got = choose(net, [tables[k] for k in ks], [inputs[k] for k in ks], players)
            for k, action in zip(ks, got):
                g = tables[k]
                assert refs[k][g.current_player].act(Decision(g)) == action, (k, g.current_player, kinds)
                compared += 1
                g.apply(action)
    return compared


@pytest.fixture(scope="module")
def belief_net(tmp_path_factory) -> str:
    """A checkpoint of another shape than the shipped ones, reading belief and history features after the
    observation (its history weights are as large as the rest: the features move its choices)."""
    torch.manual_seed(3)
    net = PolicyNet(hidden=48, layers=1, beliefs=True, history=True)
    with torch.no_grad():
        net.policy.weight.mul_(300.0)  # random weights give near-uniform logits: spread them so choices vary
    path = tmp_path_factory.mktemp("nets") / "beliefs.pt"
    save_checkpoint(path, net)
    return str(path)


def test_greedy_batched_choices_equal_policy_agent_act(belief_net):
    """Three networks of different shapes in one pool (two shipped ids, a checkpoint path with belief and history
    features),
    each a batch of its own, with heuristic seats between them: every choice is `act`'s."""
    kinds = ["ppo", "ppo-v1:greedy=true", "heuristic", f"{belief_net}:greedy=true", "ppo"]
    pool = OpponentPool(dict.fromkeys(kinds, 1.0))
    assert len({id(a.net) for a in pool.networks.values()}) == 3
    assert lockstep(pool, kinds, twins=False) > 1000


def test_sampled_choices_equal_act_with_the_same_generator(belief_net):
    """Sampling draws from the same probabilities with each seat's own generator, seeded as `agents.make` seeds it:
    a twin made by `agents.make` and reset alike samples every decision the same (a wrong probability, a skipped or
    extra draw would part them)."""
    kinds = ["ppo:greedy=false", "heuristic", f"{belief_net}", "ppo-v1"]  # a path and ppo-v1 sample by default
    pool = OpponentPool(dict.fromkeys(kinds, 1.0))
    assert not any(a.greedy for a in pool.networks.values())
    assert lockstep(pool, kinds, twins=True) > 700


def test_temperatures_are_batched_as_act_plays_them():
    """`temp=` (every decision), `draft_temp=` (the character draft only) and `target_temp=` (the characters named as
    targets only, greedy elsewhere) sample as `act` does."""
    kinds = ["ppo:draft_temp=0.7", "ppo:target_temp=3", "ppo:temp=1.5", "ppo-v5:draft_temp=2,target_temp=1"]
    pool = OpponentPool(dict.fromkeys(kinds, 1.0))
    assert lockstep(pool, kinds, twins=True) > 500


def test_draft_temp_samples_the_draft_and_plays_the_rest_greedily():
    agent = agents.make("ppo:draft_temp=5", seed=1)
    greedy = agents.make("ppo")
    game, differs, rest = Game(GameConfig(players=4), 11), 0, 0
    while not game.is_over and rest < 200:
        d = Decision(game)
        mine, best = agent.act(d), greedy.act(d)
        if d.kind.startswith("draft_"):
            differs += mine != best
        else:
            assert mine == best
            rest += 1
        game.apply(best)
    assert differs > 0 and rest > 50
    with pytest.raises(ValueError, match="temp"):
        agents.make("ppo:temp=0")


def test_target_temp_samples_the_named_targets_and_plays_the_rest_greedily():
    """Q27 (the Assassin names any other character) and the Thief's rule give the kill and rob decisions several
    answers: sampled at target_temp, every other decision greedy."""
    from agents.policy import TARGET_KINDS

    agent = agents.make("ppo:target_temp=5", seed=2)
    greedy = agents.make("ppo")
    named = differs = rest = 0
    for seed in range(12, 20):
        game = Game(GameConfig(players=4), seed)
        while not game.is_over:
            d = Decision(game)
            mine, best = agent.act(d), greedy.act(d)
            if d.kind in TARGET_KINDS:
                named += 1
                differs += mine != best
            else:
                assert mine == best
                rest += 1
            game.apply(best)
    assert named > 10 and differs > 0 and rest > 500
    with pytest.raises(ValueError, match="target_temp"):
        agents.make("ppo:target_temp=-1")


def test_near_ties_are_decided_as_act_decides_them(tmp_path):
    """A policy head of zeros: every legal logit ties, every row goes through the batch-of-one recheck, and the
    choice is still act's (the first of the tied actions)."""
    net = PolicyNet(hidden=16, layers=1)
    with torch.no_grad():
        net.policy.weight.zero_()
    path = tmp_path / "flat.pt"
    save_checkpoint(path, net)
    kinds = [f"{path}:greedy=true"] * 2 + ["heuristic"]  # all-tied seats alone might never end a game
    assert lockstep(OpponentPool({kinds[0]: 1.0}), kinds, twins=False, games=3) > 100


def test_a_pool_loads_each_network_once_and_freezes_it():
    pool = OpponentPool({"ppo-v6": 0.5, "ppo-v6:greedy=false": 0.3, "heuristic": 0.2, "self": 0.1})
    assert set(pool.networks) == {"ppo-v6", "ppo-v6:greedy=false"}
    net = pool.networks["ppo-v6"].net  # one network at every size (a file of several: the by_size tests)
    assert pool.networks["ppo-v6:greedy=false"].net is net  # the same weights: one network, one batch
    assert not any(p.requires_grad for p in net.parameters()) and not net.training
    config = GameConfig(players=4)
    a, b = pool.bot("ppo-v6", 1, config, 7), pool.bot("ppo-v6:greedy=false", 2, config, 8)
    assert isinstance(a, PolicyAgent) and a.net is net and b.net is net and a.name == "ppo-v6"
    assert a.greedy and not b.greedy and a.generator is not b.generator
    assert not opponents.batched(pool.bot("heuristic", 0, config, 9))
    with pytest.raises(ValueError, match="unknown agent"):
        OpponentPool({"no-such-bot": 1.0})
    with pytest.raises(ValueError, match=">= 0"):
        OpponentPool({"ppo-v6": -1.0, "self": 1.0})


def test_a_table_size_of_its_own_draws_its_own_mix_and_leaves_the_others_draws_unchanged():
    """`at` (a run's `opponents_at`) adds its kinds after the default mix's: the other sizes draw exactly what a pool
    without it draws, from the same generator state."""
    weights = {"heuristic": 0.5, "heuristic-strong": 0.3, "random": 0.2}
    plain, with_at = OpponentPool(weights), OpponentPool(weights, at={4: {"self": 0.5, "dagger": 0.5}})
    assert with_at.kinds == ["heuristic", "heuristic-strong", "random", "self", "dagger"]
    assert set(with_at.networks) == {"dagger"}
    a, b = np.random.default_rng(3), np.random.default_rng(3)
    assert [plain.draw(a, 5) for _ in range(300)] == [with_at.draw(b, 5) for _ in range(300)]
    at_four = {with_at.draw(b, 4) for _ in range(300)}
    assert at_four == {"self", "dagger"}


def test_training_against_network_opponents_batches_them_and_is_deterministic(tmp_path, monkeypatch):
    """In ppo's rollout every network seat goes through `choose` (with act's answer, checked row by row) and never
    through `act`; two trainers with one seed collect the same rollout."""
    cfg = dict(out_dir=str(tmp_path), players=4, num_games=6, hidden=32, opponents={"ppo": 0.5, "dagger": 0.5},
               eval_opponents=[], progress=False)
    rows = []
    real, act = opponents.choose, PolicyAgent.act

    def checked(net, games, inputs, players):
        expected = [act(p, Decision(g)) for p, g in zip(players, games)]  # greedy: act draws nothing
        got = real(net, games, inputs, players)
        assert got == expected
        rows.append(len(games))
        return got

    def no_act(self, decision):
        raise AssertionError("a network opponent acted alone")

    monkeypatch.setattr(ppo, "choose", checked)
    monkeypatch.setattr(PolicyAgent, "act", no_act)
    first = ppo.Trainer(ppo.Config(**cfg)).collect()
    assert sum(rows) > 2 * len(first.actions) and max(rows) > 1  # three opponent seats per table, batched
    monkeypatch.undo()
    second = ppo.Trainer(ppo.Config(**cfg)).collect()
    assert first.actions == second.actions and first.env_steps == second.env_steps
    assert np.array_equal(np.concatenate(first.obs), np.concatenate(second.obs))


def test_a_pool_names_each_bot_by_its_own_id(tmp_path):
    """Two checkpoints both saved as final.pt (as every run and best response leaves them) are two opponents, and
    the rollouts' win rate per opponent (`rollout_win_rate/<kind>`) must not merge them."""
    net = PolicyNet(hidden=8, layers=1)
    kinds = []
    for run in ("a", "b"):
        (tmp_path / run).mkdir()
        save_checkpoint(tmp_path / run / "final.pt", net)
        kinds.append(f"{tmp_path / run / 'final.pt'}:greedy=true")
    pool = OpponentPool(dict.fromkeys([*kinds, "heuristic", "ppo:greedy=false"], 1.0))
    config = GameConfig(players=4)
    for kind in [*kinds, "heuristic", "ppo:greedy=false"]:
        assert pool.bot(kind, 1, config, seed=3).name == kind


def test_a_checkpoint_with_a_network_for_one_size_is_batched_with_that_network_there(belief_net, tmp_path):
    """training/by_size.py's checkpoints: at 4 players every seat of it plays its 4-player network (the belief
    network here) in the batched pass, at 3 its main one (`ppo`'s); both frozen, each shared with the pool's other
    ids of the same weights."""
    from agents.policy import shipped
    from training.by_size import combine

    both = str(combine(tmp_path / "both.pt", shipped("ppo"), {4: belief_net}))
    pool = OpponentPool({f"{both}:greedy=true": 1.0, "ppo": 1.0})
    agent = pool.networks[f"{both}:greedy=true"]
    assert agent.main is pool.networks["ppo"].net
    assert not any(p.requires_grad for net in agent.networks() for p in net.parameters())
    kinds4 = [f"{both}:greedy=true", "heuristic", f"{both}:greedy=true", "ppo"]
    assert pool.bot(kinds4[0], 0, GameConfig(players=4), 1).net is agent.sized[4]
    assert lockstep(pool, kinds4, twins=False, games=3) > 300
    assert lockstep(pool, kinds4[:3], twins=False, games=3) > 200
