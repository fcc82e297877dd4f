"""training/ppo.py end to end on a tiny budget: checkpoints, resume, the spec version, loading as an agent."""

import json
from pathlib import Path

import pytest
import torch

import agents
from agents.policy import SpecMismatchError, load_checkpoint, masked_entropy, masked_kl, masked_log_probs
from citadels_env.core import PRESET_NAMES, GameConfig
from training import ppo

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def tiny(tmp_path, **overrides) -> ppo.Config:
    base = dict(out_dir=str(tmp_path), exp_name="tiny", players=3, total_steps=900, num_games=4, hidden=32,
                minibatch_size=128, update_epochs=2, opponents={"self": 0.6, "snapshot": 0.2, "random": 0.2},
                snapshot_every=1, eval_every=0, eval_games=6, eval_opponents=["random"], checkpoint_every=1,
                progress=False, threads=1)
    base.update(overrides)
    return ppo.Config(**base)


def test_trains_end_to_end_and_the_checkpoint_plays_as_an_agent(tmp_path):
    final = ppo.train(tiny(tmp_path))
    run = tmp_path / "tiny"
    summary = json.loads((run / "summary.json").read_text())
    assert summary["env_steps"] >= 900 and summary["updates"] >= 1
    assert summary["history"][-1]["eval"]["random"]["games"] == 6
    assert (run / "learning_curve.png").stat().st_size > 0
    assert any(p.name.startswith("events.out.tfevents") for p in run.iterdir())  # TensorBoard
    data = load_checkpoint(final)
    assert data["config"]["hidden"] == 32 and data["env_steps"] == summary["env_steps"]
    bot = agents.make(str(final))
    result = agents.play_game([bot, agents.make("random"), agents.make("random")], seed=5)
    assert result.result is not None


@pytest.mark.parametrize("keep", [0, 2])
def test_only_the_newest_update_checkpoints_are_kept(tmp_path, keep):
    ppo.train(tiny(tmp_path, eval_opponents=[], total_steps=2500, keep_checkpoints=keep))
    kept = sorted(p.name for p in (tmp_path / "tiny" / "checkpoints").glob("update_*.pt"))
    summary = json.loads((tmp_path / "tiny" / "summary.json").read_text())
    every = [f"update_{u:05d}.pt" for u in range(1, summary["updates"] + 1)]
    assert len(every) > 2 and kept == (every[-keep:] if keep else every)


def test_resume_continues_exactly_like_an_uninterrupted_run(tmp_path):
    straight = ppo.train(tiny(tmp_path / "a", eval_opponents=[], total_steps=1500))
    first = sorted((tmp_path / "a" / "tiny" / "checkpoints").glob("update_00001.pt"))[0]
    resumed = ppo.train(tiny(tmp_path / "b", eval_opponents=[], total_steps=1500), resume=str(first))
    a, b = load_checkpoint(straight), load_checkpoint(resumed)
    assert a["update"] == b["update"] >= 2 and a["env_steps"] == b["env_steps"]
    for k in a["state_dict"]:
        assert torch.equal(a["state_dict"][k], b["state_dict"][k]), k


def test_a_checkpoint_of_another_spec_is_refused(tmp_path):
    final = ppo.train(tiny(tmp_path, eval_opponents=[], total_steps=300))
    data = torch.load(final, weights_only=True)
    data["spec_version"] = "v0-0000000000"
    bad = tmp_path / "old.pt"
    torch.save(data, bad)
    with pytest.raises(SpecMismatchError, match="spec"):
        agents.make(str(bad))


def test_masked_distribution_has_no_nan_gradients():
    logits = torch.tensor([[1.0, 2.0, 0.5]], requires_grad=True)
    mask = torch.tensor([[True, False, True]])
    logp = masked_log_probs(logits.masked_fill(~mask, float("-inf")))
    (masked_entropy(logp).sum() + logp[0, 0]).backward()
    assert torch.isfinite(logits.grad).all() and logits.grad[0, 1] == 0
    assert torch.isclose(logp.exp().sum(), torch.tensor(1.0))


def test_config_from_yaml_and_command_line(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("players: 5\nopponents: {self: 1.0}\n")
    cfg, resume = ppo.parse_args(["--config", str(path), "--learning-rate", "1e-4", "--opponents",
                                  "self=0.5,random=0.5", "--eval-opponents", "random,heuristic"])
    assert cfg.players == 5 and cfg.learning_rate == 1e-4 and resume is None
    assert cfg.opponents == {"self": 0.5, "random": 0.5} and cfg.eval_opponents == ["random", "heuristic"]
    path.write_text("player: 5\n")
    with pytest.raises(ValueError, match="unknown config keys"):
        ppo.Config.from_yaml(path)
    assert "discount" in ppo.field_docs()["gamma"]


def test_a_key_given_twice_in_a_config_file_is_refused(tmp_path):
    """Plain YAML keeps the last of two equal keys; two configs pasted into one file must not train the second."""
    path = tmp_path / "c.yaml"
    path.write_text("exp_name: mine\nseed: 3\nplayers: 4\nexp_name: theirs\n")
    with pytest.raises(ValueError, match=r"c\.yaml: not valid YAML \(key 'exp_name' given twice \(again on line 4\)\)"):
        ppo.Config.from_yaml(path)
    path.write_text("opponents:\n  heuristic: 0.5\n  heuristic: 0.5\n")
    with pytest.raises(ValueError, match="key 'heuristic' given twice"):
        ppo.Config.from_yaml(path)
    path.write_text("exp_name: mine\nopponents: {heuristic: 0.5, random: 0.5}\n")
    assert ppo.Config.from_yaml(path).opponents == {"heuristic": 0.5, "random": 0.5}


def test_each_learner_seat_gets_its_own_final_reward(tmp_path):
    """GAE never mixes seats: with gamma = lambda = 1 every transition's return is its own seat's final reward."""
    trainer = ppo.Trainer(tiny(tmp_path, gamma=1.0, gae_lambda=1.0, opponents={"self": 1.0}))
    ro = trainer.collect()
    assert len(ro.trajectories) == 4 * 3  # every seat of every game learns with a pure self-play pool
    for idx, final in ro.trajectories:
        assert all(abs(ro.returns[i] - final) < 1e-5 for i in idx)
    finals = sorted(final for _, final in ro.trajectories)
    assert finals.count(1.0) == 4  # one winner per game (win reward: +1, the others -1/2)


@pytest.mark.parametrize("per", ["seat", "table"])
def test_opponents_drawn_per_seat_mix_tables_and_per_table_do_not(tmp_path, per):
    trainer = ppo.Trainer(tiny(tmp_path, players=6, opponents={"heuristic": 0.5, "heuristic-strong": 0.5},
                               opponents_per=per))
    kinds = []
    for k in range(40):
        bots = [c for c in trainer.new_table(k).controllers if c != ppo.SELF]
        assert len(bots) == 5
        kinds.append({type(b).__name__ + getattr(b, "name", "") for b in bots})
    mixed = sum(len(k) > 1 for k in kinds)
    if per == "table":
        assert mixed == 0 and len(set.union(*kinds)) == 2  # whole tables of each kind, both kinds drawn
    else:
        assert mixed > 30  # five seats drawn apart: a one-kind table has chance 1/16


def test_a_mixed_share_of_per_table_draws_mixes_that_share_of_tables(tmp_path):
    trainer = ppo.Trainer(tiny(tmp_path, players=6, opponents={"heuristic": 0.5, "heuristic-strong": 0.5},
                               opponents_per="table", mixed_share=0.5))
    mixed = 0
    for k in range(200):
        bots = {getattr(c, "name", "") for c in trainer.new_table(k).controllers if c != ppo.SELF}
        mixed += len(bots) > 1
    assert 70 <= mixed <= 120  # half the tables drawn seat by seat (a one-kind table among them: 1/16), the rest whole


def test_opponents_per_must_be_seat_or_table(tmp_path):
    with pytest.raises(ppo.config.ConfigError, match="opponents_per"):
        tiny(tmp_path, opponents_per="game").validate()
    with pytest.raises(ppo.config.ConfigError, match="mixed_share"):
        tiny(tmp_path, opponents_per="seat", mixed_share=0.5).validate()
    with pytest.raises(ppo.config.ConfigError, match="mixed_share"):
        tiny(tmp_path, opponents_per="table", mixed_share=1.5).validate()


@pytest.mark.parametrize("per", ["seat", "table"])
def test_opponents_at_gives_a_table_size_its_own_mix(tmp_path, per):
    """The 4-player tables draw from `opponents_at[4]`, every other size from `opponents`."""
    trainer = ppo.Trainer(tiny(tmp_path, tables=[3, 4], opponents={"random": 1.0}, opponents_per=per,
                               opponents_at={4: {"heuristic": 0.5, "heuristic-strong": 0.5}}))
    seen: dict[int, set[str]] = {3: set(), 4: set()}
    for k in range(40):
        table = trainer.new_table(k)
        seen[table.game.num_players] |= {getattr(c, "name", "") for c in table.controllers if c != ppo.SELF}
    assert seen == {3: {"random"}, 4: {"heuristic", "heuristic-strong"}}


@pytest.mark.parametrize("opponents_at, why", [
    ({5: {"heuristic": 1.0}}, "table sizes this run plays"),
    ({4: {"heuristic": -1.0, "random": 1.0}}, ">= 0"),
    ({4: {"heuristic": 0.0}}, "not all 0"),
    ({4: {}}, "not all 0"),
])
def test_opponents_at_is_checked(tmp_path, opponents_at, why):
    with pytest.raises(ppo.config.ConfigError, match=f"opponents_at: .*{why}"):
        tiny(tmp_path, tables=[3, 4], opponents_at=opponents_at).validate()
    with pytest.raises(ppo.config.ConfigError, match="opponents_at: unknown agent"):
        tiny(tmp_path, tables=[3, 4], opponents_at={4: {"no-such-bot": 1.0}}).validate()


def test_warm_start_imitates_the_given_agent(tmp_path):
    """Behaviour cloning on a deterministic teacher: after a few epochs the policy agrees with it most of the time."""
    trainer = ppo.Trainer(tiny(tmp_path, bc_agent="heuristic", bc_games=6, bc_epochs=6, minibatch_size=64))
    stats = trainer.warm_start(progress=False)
    assert stats["bc/samples"] > 100
    assert stats["bc/accuracy"] > 0.5


@pytest.mark.parametrize("players", range(2, 9))
def test_the_shipped_ppo_bot_loads_for_this_spec_and_plays_every_table_size(players):
    from agents.policy import ALIASES, shipped

    data = load_checkpoint(shipped("ppo"))  # refuses another spec version
    assert data["name"] == "ppo" and f"ppo-v{data['version']}" == ALIASES["ppo"] and data["version"] >= 7
    # version 7: ppo-candidate's network at every size (its record's config) but 4, where ppo-expert's trained
    # against its readers plays (docs/TRAINING.md, "ppo-expert against its own readers")
    assert sorted(set(data["config"]["tables"])) == list(range(2, 9))
    trained_by = data["trained_by"]
    assert "configs/reader_expert_4p.yaml --anchor-coef 3.0" in trained_by and set(data["by_size"]) == {4}
    bot = agents.make("ppo", seed=1)
    assert bot.name == "ppo" and bot.greedy
    config = GameConfig(players=players, preset=PRESET_NAMES[players % len(PRESET_NAMES)],
                        use_rank9=players in (3, 8))
    lineup = [bot] + [agents.make("heuristic", seed=s) for s in range(players - 1)]
    assert agents.play_game(lineup, config, seed=players).result is not None


def test_version_6_keeps_its_record_under_its_own_id():
    from agents.policy import shipped

    v6 = load_checkpoint(shipped("ppo-v6"))
    assert (v6["name"], v6["version"]) == ("ppo", 6)
    assert v6["trained_by"] == "citadels train --config configs/ppo_v6_stage7.yaml"
    assert v6["config"]["opponents_per"] == "table" and v6["env_steps"] >= 20_000_000


def test_ppo_is_the_file_of_the_version_it_stands_for():
    """`ppo` loads the current version's own file (agents/policy.py ALIASES), so a config or a figure that names that
    version's id still means the same network after the next version ships."""
    from agents.policy import ALIASES, ZOO, shipped

    assert shipped("ppo") == shipped(ALIASES["ppo"]) == ZOO / f"{ALIASES['ppo']}.pt"
    assert not (ZOO / "ppo.pt").exists()  # one file per version, no copy under the alias
    games = [agents.play_game([agents.make(bot, seed=1)] + [agents.make("heuristic", seed=s) for s in range(3)],
                              GameConfig(players=4), seed=5).result for bot in ("ppo", ALIASES["ppo"])]
    assert games[0] == games[1]


@pytest.mark.parametrize("version,stages,next_stage,steps", [
    (3, ("ppo_bots", "ppo_v3_stage2", "ppo_v3_stage3"), "ppo_v4_stage4", None),
    (4, ("ppo_v4_stage4", "ppo_v4_stage5"), "ppo_v5_stage6", 20_000_000),
    (5, ("ppo_v5_stage6",), "ppo_v6_stage7", 8_000_000),
])
def test_an_earlier_ppo_stays_loadable_under_its_own_id_and_starts_the_next(version, stages, next_stage, steps):
    from agents.policy import shipped

    data = load_checkpoint(shipped(f"ppo-v{version}"))
    assert (data["name"], data["version"]) == ("ppo", version)  # the file as shipped, renamed
    assert data["trained_by"] == " && ".join(f"citadels train --config configs/{c}.yaml" for c in stages)
    following = ppo.Config.from_yaml(CONFIGS / f"{next_stage}.yaml")
    assert following.init_from == f"agents/zoo/ppo-v{version}.pt"
    if steps is not None:  # the stages drawn one opponent kind per table
        assert data["config"]["opponents_per"] == "table" and data["env_steps"] >= steps
        assert following.opponents_per == "table"
    assert agents.make(f"ppo-v{version}").greedy


def test_the_first_ppo_stays_loadable_as_ppo_v1():
    from agents.policy import shipped

    data = load_checkpoint(shipped("ppo-v1"))
    assert (data["name"], data["version"]) == ("ppo-v1", 1)
    assert data["trained_by"] == "citadels train --config configs/ppo_v1.yaml"
    bot = agents.make("ppo-v1", seed=1)
    assert bot.name == "ppo-v1" and not bot.greedy
    assert agents.play_game([bot, agents.make("random", seed=2)], seed=3).result is not None


def test_central_critic_reads_the_hidden_state(tmp_path):
    trainer = ppo.Trainer(tiny(tmp_path, central_critic=True))
    ro = trainer.collect()
    critic = ro.critic_obs[0]
    assert critic.shape[1] == ppo.CRITIC_SIZE and len(ro.critic_obs) == len(ro.obs)
    stats = trainer.train_on(ro)
    assert torch.isfinite(torch.tensor(stats["losses/value_loss"]))


def test_ship_keeps_the_weights_and_the_record_and_drops_the_optimizer(tmp_path):
    from training.ship import ship

    final = ppo.train(tiny(tmp_path))
    out = ship(final, "tinybot", 3, "pytest", tmp_path / "zoo" / "tinybot.pt")
    data = load_checkpoint(out)
    assert (data["name"], data["version"], data["trained_by"]) == ("tinybot", 3, "pytest")
    assert "optimizer" not in data and "snapshots" not in data and data["env_steps"] > 0
    a, b = agents.make(str(final), seed=5, greedy=True), agents.make(str(out), seed=5, greedy=True)
    ga, gb = agents.play_game([a, agents.make("random", seed=1), agents.make("random", seed=2)], seed=9), \
        agents.play_game([b, agents.make("random", seed=1), agents.make("random", seed=2)], seed=9)
    assert ga.game.actions == gb.game.actions  # the same network
    with pytest.raises(ValueError, match="version"):
        ship(final, "tinybot", 0, "pytest", tmp_path / "x.pt")


def test_shipping_under_an_alias_writes_the_version_file_not_the_alias(tmp_path, monkeypatch):
    """`--name ppo --version 9` writes ppo-v9.pt: `ppo` loads whichever version agents/policy.py ALIASES names, so a
    file called ppo.pt would never be read."""
    from training import ship

    monkeypatch.setattr(ship, "ZOO", tmp_path / "zoo")
    final = ppo.train(tiny(tmp_path))
    assert ship.ship(final, "ppo", 9, "pytest") == tmp_path / "zoo" / "ppo-v9.pt"
    assert ship.ship(final, "tinybot", 2, "pytest") == tmp_path / "zoo" / "tinybot.pt"
    assert load_checkpoint(tmp_path / "zoo" / "ppo-v9.pt")["name"] == "ppo"


@torch.no_grad()
def _distance(a, b, obs_games=3, part=None):
    """Mean KL between two checkpoints' policies over the decisions of a few random games (`part`: "draft" or
    "turns", those decisions only)."""
    import random

    from agents.policy import is_draft, load_policy
    from citadels_env.core import Game
    from citadels_env.encoding import ObservationEncoder, legal_mask

    pa, _ = load_policy(a)
    pb, _ = load_policy(b)
    total = count = 0.0
    for seed in range(obs_games):
        game, rng = Game(GameConfig(players=3), seed), random.Random(seed)
        encode = ObservationEncoder(game)
        while not game.is_over:
            obs = torch.from_numpy(encode(game.current_player)).unsqueeze(0)
            if part is not None and is_draft(game.decision_kind) != (part == "draft"):
                game.apply(rng.choice(game.legal_actions()))
                continue
            mask = torch.from_numpy(legal_mask(game, game.current_player)).bool().unsqueeze(0)
            la, lb = (masked_log_probs(p(obs, mask, None)[0]) for p in (pa, pb))
            total += float(masked_kl(la, lb).sum())
            count += 1
            game.apply(rng.choice(game.legal_actions()))
    return total / count


def test_an_anchor_keeps_the_policy_near_it(tmp_path):
    start = ppo.train(tiny(tmp_path / "start", eval_opponents=[], total_steps=600))
    common = dict(eval_opponents=[], total_steps=3000, init_from=str(start), learning_rate=3e-3, seed=4)
    free = ppo.train(tiny(tmp_path / "free", **common))
    held = ppo.train(tiny(tmp_path / "held", anchor=str(start), anchor_coef=5.0, **common))
    summary = json.loads((tmp_path / "held" / "tiny" / "summary.json").read_text())
    assert summary["env_steps"] >= 3000
    assert _distance(held, start) < 0.5 * _distance(free, start)


def test_a_draft_scoped_anchor_weighs_the_draft_decisions_only(tmp_path):
    import random

    from agents.policy import is_draft
    from citadels_env.core import Game
    from citadels_env.encoding import ObservationEncoder, legal_mask

    start = ppo.train(tiny(tmp_path / "start", eval_opponents=[], total_steps=300))
    trainer = ppo.Trainer(tiny(tmp_path / "t", anchor=str(start), anchor_coef=1.0, anchor_scope="draft"))
    with torch.no_grad():  # a policy that differs from the anchor everywhere
        for w in trainer.net.parameters():
            w.add_(0.5 * torch.randn(w.shape, generator=torch.Generator().manual_seed(1)))
    rows: dict[bool, list] = {True: [], False: []}  # draft decision or not -> (observation, mask)
    game, rng = Game(GameConfig(players=3), 5), random.Random(5)
    encode = ObservationEncoder(game)
    while not game.is_over:
        seat = game.current_player
        rows[is_draft(game.decision_kind)].append((encode(seat), legal_mask(game, seat)))
        game.apply(rng.choice(game.legal_actions()))

    def kl(scope: str, draft: int, turns: int) -> float:
        picked = rows[True][:draft] + rows[False][:turns]
        obs = torch.stack([torch.from_numpy(o) for o, _ in picked])
        masks = torch.stack([torch.from_numpy(m).bool() for _, m in picked])
        anchor = trainer.anchors["anchor"]
        anchor.scope = scope
        with torch.no_grad():
            return float(anchor.kl(masked_log_probs(trainer.net(obs, masks, None)[0]), obs, masks))

    assert kl("draft", 0, 20) == 0.0  # no draft decision: nothing to pull
    assert kl("all", 0, 20) > 0.01  # (the two networks differ on the turns too)
    assert kl("draft", 6, 20) == pytest.approx(kl("all", 6, 0), rel=1e-5)  # the mean over the draft rows alone
    assert kl("turns", 6, 0) == 0.0
    assert kl("turns", 6, 20) == pytest.approx(kl("all", 0, 20), rel=1e-5)  # and over the other rows alone
    with pytest.raises(ValueError, match="anchor_scope"):
        tiny(tmp_path, anchor_scope="play").validate()


def test_an_anchor_on_some_table_sizes_weighs_their_decisions_only(tmp_path):
    import random

    from citadels_env.core import Game
    from citadels_env.encoding import ObservationEncoder, legal_mask

    start = ppo.train(tiny(tmp_path / "start", eval_opponents=[], total_steps=300))
    trainer = ppo.Trainer(tiny(tmp_path / "t", tables=[3, 4], anchor=str(start), anchor_coef=1.0,
                               anchor_tables=[4]))
    with torch.no_grad():  # a policy that differs from the anchor everywhere
        for w in trainer.net.parameters():
            w.add_(0.5 * torch.randn(w.shape, generator=torch.Generator().manual_seed(2)))
    rows: dict[int, list] = {3: [], 4: []}  # table size -> (observation, mask)
    for n in rows:
        game, rng = Game(GameConfig(players=n), n), random.Random(n)
        encode = ObservationEncoder(game)
        for _ in range(30):
            seat = game.current_player
            rows[n].append((encode(seat), legal_mask(game, seat)))
            game.apply(rng.choice(game.legal_actions()))

    def kl(tables: list[int] | None, three: int, four: int) -> float:
        picked = rows[3][:three] + rows[4][:four]
        obs = torch.stack([torch.from_numpy(o) for o, _ in picked])
        masks = torch.stack([torch.from_numpy(m).bool() for _, m in picked])
        anchor = trainer.anchors["anchor"]
        anchor.tables = tables
        with torch.no_grad():
            return float(anchor.kl(masked_log_probs(trainer.net(obs, masks, None)[0]), obs, masks))

    assert kl([4], 30, 0) == 0.0  # no 4-player decision: nothing to pull
    assert kl(None, 30, 0) > 0.01  # (the two networks differ at 3 players too)
    assert kl([4], 30, 20) == pytest.approx(kl(None, 0, 20), rel=1e-5)  # the mean over the 4-player rows alone
    assert kl([3, 4], 30, 20) == pytest.approx(kl(None, 30, 20), rel=1e-5)
    with pytest.raises(ValueError, match="anchor_tables"):
        tiny(tmp_path, tables=[3, 4], anchor_tables=[5]).validate()


def test_a_draft_anchor_and_a_rest_anchor_distill_two_networks_into_one(tmp_path):
    """Started from network A, held to A on the draft and to B on the turns: the turns move to B's, the draft stays
    A's (issue 24's split bots as one network)."""
    from agents.policy import load_policy, save_checkpoint

    a = ppo.train(tiny(tmp_path / "a", eval_opponents=[], total_steps=300, seed=1))
    b, _ = load_policy(a)
    with torch.no_grad():  # B: another network of the same shape, far from A everywhere
        for w in b.parameters():
            w.add_(0.5 * torch.randn(w.shape, generator=torch.Generator().manual_seed(3)))
    save_checkpoint(tmp_path / "b.pt", b)
    b = tmp_path / "b.pt"
    run = dict(eval_opponents=[], total_steps=3000, init_from=str(a), learning_rate=3e-3, seed=4, anchor=str(a),
               anchor_coef=5.0, anchor_scope="draft", rest_anchor=str(b), rest_anchor_coef=5.0)
    trainer = ppo.Trainer(tiny(tmp_path / "probe", **run))
    assert {k: v.scope for k, v in trainer.anchors.items()} == {"anchor": "draft", "rest_anchor": "turns"}
    both = ppo.train(tiny(tmp_path / "both", **run))
    assert _distance(a, b, part="turns") > 0.05  # (the two starts differ)
    assert _distance(both, b, part="turns") < 0.5 * _distance(a, b, part="turns")
    assert _distance(both, a, part="draft") < 0.5 * _distance(b, a, part="draft")


def test_each_anchor_scope_covers_its_decisions_and_its_complement_the_rest():
    import random

    from agents.policy import TARGET_KINDS, is_draft
    from citadels_env.core import Game
    from citadels_env.encoding import ObservationEncoder
    from training.anchor import COMPLEMENT, SCOPES, Anchor

    kinds, obs = [], []
    for seed in range(6):
        game, rng = Game(GameConfig(players=4), seed), random.Random(seed)
        encode = ObservationEncoder(game)
        while not game.is_over:
            kinds.append(game.decision_kind)
            obs.append(torch.from_numpy(encode(game.current_player)))
            game.apply(rng.choice(game.legal_actions()))
    obs = torch.stack(obs)
    expected = {"all": [True] * len(kinds), "draft": [is_draft(k) for k in kinds],
                "characters": [is_draft(k) or k in TARGET_KINDS for k in kinds]}
    expected["turns"] = [not x for x in expected["draft"]]
    expected["other"] = [not x for x in expected["characters"]]
    assert any(k in TARGET_KINDS for k in kinds) and set(SCOPES) == set(expected)
    for scope in SCOPES:
        assert Anchor(None, 1.0, scope).rows(obs).tolist() == expected[scope], scope
    assert all(COMPLEMENT[COMPLEMENT[s]] == s for s in COMPLEMENT)


def test_an_anchor_that_is_not_a_file_is_refused(tmp_path):
    with pytest.raises(ValueError, match="anchor"):
        tiny(tmp_path, anchor="no/such.pt", anchor_coef=1.0).validate()
    with pytest.raises(ValueError, match="rest_anchor"):
        tiny(tmp_path, rest_anchor="no/such.pt", rest_anchor_coef=1.0).validate()
    with pytest.raises(ValueError, match="rest_anchor_coef"):
        tiny(tmp_path, rest_anchor_coef=-1.0).validate()
    start = tmp_path / "start.pt"
    start.write_bytes(b"")
    with pytest.raises(ValueError, match="anchor_scope one of"):  # the rest of every decision is nothing
        tiny(tmp_path, anchor=str(start), rest_anchor=str(start), rest_anchor_coef=1.0).validate()


def test_history_features_widen_a_checkpoint_without_them_and_train_against_its_anchor(tmp_path):
    """`history: true` from a checkpoint without history features: the run's network starts with the checkpoint's
    outputs (zero weights for the new inputs), keeps the checkpoint as its anchor (which reads the input without
    them), trains, saves a checkpoint that reads them, resumes, and plays as an agent."""
    from agents.history import HISTORY_SIZE
    from agents.policy import load_policy

    start = ppo.train(tiny(tmp_path / "start", eval_opponents=[], total_steps=300))
    trainer = ppo.Trainer(tiny(tmp_path / "probe", init_from=str(start), history=True))
    old, _ = load_policy(start)
    assert trainer.net.history and trainer.net.input_size == old.input_size + HISTORY_SIZE
    obs = torch.rand(8, old.input_size)
    mask = torch.ones(8, old.policy.out_features, dtype=torch.bool)
    with torch.no_grad():
        wide = trainer.net.logits(torch.cat([obs, torch.rand(8, HISTORY_SIZE)], 1), mask)
        assert torch.allclose(wide, old.logits(obs, mask), rtol=0, atol=1e-5)
    run = dict(eval_opponents=[], total_steps=1500, init_from=str(start), history=True, anchor=str(start),
               anchor_coef=0.5)
    final = ppo.train(tiny(tmp_path / "a", **run))
    data = load_checkpoint(final)
    assert data["model"]["history"] is True
    assert data["state_dict"]["trunk.0.weight"][:, -HISTORY_SIZE:].abs().sum() > 0  # they moved from zero
    first = sorted((tmp_path / "a" / "tiny" / "checkpoints").glob("update_00001.pt"))[0]
    resumed = ppo.train(tiny(tmp_path / "b", **run), resume=str(first))
    assert torch.equal(load_checkpoint(resumed)["state_dict"]["trunk.0.weight"], data["state_dict"]["trunk.0.weight"])
    result = agents.play_game([agents.make(str(final)), agents.make("random"), agents.make("random")], seed=5)
    assert result.result is not None
