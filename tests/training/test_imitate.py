"""training/imitate.py (imitation with DAgger over every table size) and PPO's table mix and warm start from it."""

import numpy as np
import pytest
import torch

import agents
from agents.beliefs import BELIEF_SIZE, belief_features
from agents.policy import PolicyNet, load_checkpoint
from citadels_env.core import Game, GameConfig
from citadels_env.encoding import NUM_ACTIONS, OBS_SIZE, ObservationEncoder, legal_mask
from training import imitate, ppo


def tiny(tmp_path, **overrides) -> imitate.ImitateConfig:
    base = dict(out_dir=str(tmp_path), exp_name="imit", teacher="heuristic", games=6, rounds=2, epochs=1,
                hidden=32, layers=2, workers=1, threads=1, eval_games=0, progress=False, tables=[2, 5, 8])
    base.update(overrides)
    return imitate.ImitateConfig(**base)


def job(cfg, seeds, student=None):
    state = None if student is None else {k: v.numpy().copy() for k, v in student.state_dict().items()}
    return {"cfg": cfg, "seeds": seeds, "student": state, "model": None if student is None else student.spec()}


def test_the_labels_are_the_teachers_moves_in_the_positions_it_played(tmp_path):
    cfg = tiny(tmp_path, tables=[4])
    data = imitate.play_games(job(cfg, [11]))
    # the same game, replayed by hand: the teacher in every seat; every non-forced decision is one row
    gc = imitate.table_config(np.random.default_rng(11), cfg)
    game = Game(gc, 11)
    enc = ObservationEncoder(game)
    bots = [agents.make("heuristic", seed=11 * 16 + s) for s in range(4)]
    for s, b in enumerate(bots):
        b.reset(s, gc, 11 * 16 + s)
    rows = 0
    while not game.is_over:
        d = agents.Decision(game)
        action = bots[d.seat].act(d)
        if len(d.legal) > 1:
            assert data["acts"][rows] == d.to_flat(action)
            assert np.array_equal(data["obs"][rows, :OBS_SIZE], enc(d.seat).astype(np.float16))
            assert np.array_equal(data["obs"][rows, OBS_SIZE:], belief_features(d.view).astype(np.float16))
            assert np.array_equal(np.unpackbits(data["masks"][rows], count=NUM_ACTIONS).astype(bool),
                                  legal_mask(game, d.seat).astype(bool))
            rows += 1
        game.apply(action)
    assert rows == len(data["acts"]) > 50
    assert data["obs"].shape == (rows, OBS_SIZE + BELIEF_SIZE)
    assert set(np.unique(data["rets"]).tolist()) == {1.0, np.float32(-1 / 3)}  # "win": +1, the others -1/3


def test_dagger_lets_the_student_steer_while_the_teacher_still_labels(tmp_path):
    cfg = tiny(tmp_path, tables=[3], dagger_beta=1.0)
    torch.manual_seed(0)
    student = PolicyNet(32, 2, beliefs=True)  # untrained: it plays unlike the teacher
    teacher_only = imitate.play_games(job(cfg, [5, 6]))
    steered = imitate.play_games(job(cfg, [5, 6], student))
    assert len(steered["acts"]) != len(teacher_only["acts"]) or not np.array_equal(steered["acts"],
                                                                                     teacher_only["acts"])
    masks = np.unpackbits(steered["masks"], axis=1, count=NUM_ACTIONS).astype(bool)
    assert masks[np.arange(len(masks)), steered["acts"]].all()  # every label is legal where it was given


def test_the_table_mix_covers_every_size_preset_and_rank9():
    cfg = imitate.ImitateConfig()
    rng = np.random.default_rng(0)
    seen = [imitate.table_config(rng, cfg) for _ in range(400)]
    assert {c.players for c in seen} == set(range(2, 9))
    assert {c.preset for c in seen} == set(cfg.presets)
    assert {c.use_rank9 for c in seen if 4 <= c.players <= 7} == {True, False}
    assert not any(c.use_rank9 for c in seen if c.players in (2, 3, 8))
    for c in seen[:50]:
        Game(c, 1)  # the core accepts each


def test_imitation_learns_the_teacher_and_saves_an_agent_for_every_table(tmp_path):
    final = imitate.train(tiny(tmp_path, epochs=3))
    data = load_checkpoint(final)
    log = data["imitation"]
    assert log["samples"] > 1000
    assert log["accuracy"] > 0.5  # far above a uniform guess among the legal actions
    bot = agents.make(str(final))
    for n in (2, 8):
        lineup = [bot] + [agents.make("random") for _ in range(n - 1)]
        assert agents.play_game(lineup, seed=3).result is not None


def test_ppo_draws_its_tables_and_starts_from_an_imitated_policy(tmp_path):
    start = imitate.train(tiny(tmp_path, rounds=1))
    cfg = ppo.Config(out_dir=str(tmp_path), exp_name="ft", players=4, tables=[2, 6], presets=[None, "cunning_agents"],
                     init_from=str(start), total_steps=600, num_games=4, minibatch_size=128, update_epochs=1,
                     opponents={"self": 0.5, "heuristic": 0.5}, eval_opponents=[], progress=False)
    trainer = ppo.Trainer(cfg)
    assert trainer.net.hidden == 32 and trainer.net.layers == 2
    init = load_checkpoint(start)["state_dict"]
    assert all(torch.equal(v, trainer.net.state_dict()[k]) for k, v in init.items())
    tables = [trainer.new_table(100 + k) for k in range(24)]
    assert {t.game.num_players for t in tables} == {2, 6}
    assert {t.game.config.preset for t in tables} == {None, "cunning_agents"}
    assert ppo.train(cfg).exists()


@pytest.mark.parametrize("bad", [{"tables": [1]}, {"tables": [9]}, {"presets": ["nope"]}])
def test_a_table_the_core_refuses_fails_before_any_game(tmp_path, bad):
    with pytest.raises(ValueError):
        imitate.train(tiny(tmp_path, **bad))


def test_belief_features_read_only_what_the_seat_knows_and_reach_the_policy(tmp_path):
    from agents.beliefs import NC
    from citadels_env.core.cards import CHARACTER_IDS

    game = Game(GameConfig(players=5, crown_seat=None), 21)
    bots = [agents.make("heuristic", seed=s) for s in range(5)]
    for s, b in enumerate(bots):
        b.reset(s, game.config, s)
    checked = 0
    while not game.is_over and checked < 60:
        seat = game.current_player
        f = belief_features(game.view(seat))
        assert f.shape == (BELIEF_SIZE,) and f.min() >= 0 and f.max() <= 1 + 1e-6
        other = game.determinize(seat, 7)  # everything the seat cannot see re-dealt
        assert np.array_equal(f, belief_features(other.view(seat)))
        if game.decision_kind in ("kill", "rob"):  # after the draft: every character is somewhere (a seat or out)
            sums = f.reshape(-1, NC).sum(0)
            chars = [i for i, c in enumerate(CHARACTER_IDS) if c in game.view(seat).characters]
            assert np.allclose(sums[chars], 1.0, atol=1e-3)
            checked += 1
        game.apply(bots[seat].act(agents.Decision(game)))
    cfg = tiny(tmp_path, rounds=1, beliefs=True)
    final = imitate.train(cfg)
    bot = agents.make(str(final))
    assert bot.net.beliefs and bot.net.input_size == OBS_SIZE + BELIEF_SIZE
    assert agents.play_game([bot] + [agents.make("random") for _ in range(3)], seed=4).result is not None
