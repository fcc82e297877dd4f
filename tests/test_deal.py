"""The online game's character dealing (RULES.md §9): `GameConfig(selection="deal", characters_per_player=k)`."""

from __future__ import annotations

import random

import pytest

from citadels_env.core.config import ConfigError, GameConfig
from citadels_env.core.game import Game
from citadels_env.core.invariants import playout
from citadels_env.core.record import config_from_dict, config_to_dict, replay, to_record
from citadels_env.core.rng import Rng

GRID = [(n, k) for n in range(2, 9) for k in range(1, 8 // n + 1)]


def _deal(n: int, k: int, seed: int = 0, **kw) -> Game:
    return Game(GameConfig(players=n, selection="deal", characters_per_player=k, **kw), seed)


def _finish_selection(g: Game, pick: random.Random) -> None:
    while g.phase == "draft" or g.decision_kind == "theater":
        g.apply(pick.choice(g.legal_actions()))


@pytest.mark.parametrize("n,k", GRID)
def test_crown_keeps_one_of_all_then_every_seat_is_dealt_k(n, k):
    g = _deal(n, k, seed=n * 10 + k)
    assert g.decision_kind == "draft_keep" and g.current_player == g.crown
    assert len(g.legal_actions()) == len(g.cfg.characters)  # the crown holder chooses among all of them
    assert g.faceup == [] and g.facedown == []  # nothing is discarded before the deal
    g.apply(g.legal_actions()[0])
    assert g.phase != "draft" or g.decision_kind != "draft_keep"  # the rest is dealt without a decision
    chars = [c for p in g.players for c in p.chars]
    assert all(len(p.chars) == k for p in g.players)
    assert len(set(chars)) == n * k
    assert sorted(chars + g.facedown) == sorted(g.cfg.characters)  # leftovers set aside face down
    assert all(g.holder[c] == p.seat for p in g.players for c in p.chars)
    assert [e[0] for _, e in g.events].count("dealt") == n * k - 1


def test_a_seat_sees_only_its_own_dealt_characters():
    g = _deal(4, 2, seed=3)
    crown = g.crown
    g.apply(g.legal_actions()[0])
    for seat in range(4):
        v = g.view(seat)
        seen = {d.chosen for d in v.draft_seen}
        assert seen == set(g.players[seat].chars)
        hands = [d.hand for d in v.draft_seen]
        assert (len(hands[0]) == 8) == (seat == crown)  # only the crown holder saw the whole set
        for other in range(4):
            if other != seat:
                assert not seen & set(g.players[other].chars)


def test_views_do_not_change_when_other_seats_deals_are_exchanged():
    g = _deal(5, 1, seed=8, preset="cunning_agents", use_rank9=True)
    g.apply(g.legal_actions()[0])
    viewer = (g.crown + 1) % 5
    a, b = [s for s in range(5) if s != viewer][:2]
    before = g.view(viewer)
    h = g.clone()
    ca, cb = h.players[a].chars[0], h.players[b].chars[0]
    h.players[a].chars[0], h.players[b].chars[0] = cb, ca
    h.holder[ca], h.holder[cb] = b, a
    h.draft_seen = [d._replace(chosen=cb) if d.chosen == ca else d._replace(chosen=ca) if d.chosen == cb else d
                    for d in h.draft_seen]
    assert h.view(viewer) == before


@pytest.mark.parametrize("n,k", [(2, 1), (2, 4), (3, 2), (4, 2), (6, 1), (8, 1)])
def test_determinize_keeps_every_view_and_the_seats_own_characters(n, k):
    for seed in range(4):
        g = _deal(n, k, seed=seed, use_rank9=n in (3, 4))
        pick = random.Random(seed)
        for step in range(60):
            if g.is_over:
                break
            seat = g.current_player
            d = g.determinize(seat, Rng(step))
            assert d.view(seat) == g.view(seat)
            assert sorted(d.players[seat].chars) == sorted(g.players[seat].chars)
            assert all(len(p.chars) == k for p in d.players) or g.phase == "draft"
            g.apply(pick.choice(g.legal_actions()))


@pytest.mark.parametrize("n,k", GRID)
def test_whole_games_keep_every_invariant(n, k):
    for seed in range(3):
        playout(GameConfig(players=n, selection="deal", characters_per_player=k), seed, deep=seed == 0)


def test_theater_with_one_character_each_is_a_plain_exchange_for_determinize():
    config = GameConfig(players=2, preset="cunning_agents", selection="deal", characters_per_player=1)
    for seed in range(200):
        g = Game(config, seed)
        pick = random.Random(seed)
        while not g.is_over and g.decision_kind != "theater":
            g.apply(pick.choice(g.legal_actions()))
        if g.is_over:
            continue
        swap = next(a for a in g.legal_actions() if a.verb != "pass")
        owner = g.current_player
        g.apply(swap)
        assert g.decision_kind != "theater_give"  # one character each: nothing to choose
        for seat in range(2):
            d = g.determinize(seat, Rng(seed))
            assert d.view(seat) == g.view(seat)
        assert g.theater.owner == owner
        return
    pytest.fail("no game reached the Theater")


def test_same_seed_same_deal_and_records_round_trip():
    config = GameConfig(players=3, selection="deal", characters_per_player=3)
    a, b = Game(config, 77), Game(config, 77)
    pick_a, pick_b = random.Random(1), random.Random(1)
    for _ in range(40):
        a.apply(pick_a.choice(a.legal_actions()))
        b.apply(pick_b.choice(b.legal_actions()))
    assert a == b
    assert replay(to_record(a)) == a
    assert config_from_dict(config_to_dict(config)) == config


@pytest.mark.parametrize("kw,message", [
    (dict(players=4, characters_per_player=2), "needs selection='deal'"),
    (dict(players=5, selection="deal", characters_per_player=2), "from 1 to 1"),
    (dict(players=2, selection="deal", characters_per_player=0), "from 1 to 4"),
    (dict(players=3, selection="deal", characters_per_player=True), "integer"),
    (dict(players=4, selection="auction"), "selection must be one of draft, deal"),
])
def test_impossible_selections_are_refused_by_name(kw, message):
    with pytest.raises(ConfigError, match=message):
        GameConfig(**kw).resolve(Rng(0))


def test_rulebook_draft_stays_the_default():
    g = Game(GameConfig(players=4), 0)
    assert g.cfg.selection == "draft" and g.cfg.characters_per_player == 1
    assert len(g.facedown) == 1 and len(g.faceup) == 2
    assert Game(GameConfig(players=3), 0).cfg.characters_per_player == 2


def test_environment_plays_the_deal():
    from citadels_env import citadels_v0

    env = citadels_v0.env(players=4, selection="deal", characters_per_player=2)
    env.reset(seed=5)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else env.action_space(agent).sample(obs["action_mask"]))
    assert env.unwrapped.game.is_over
