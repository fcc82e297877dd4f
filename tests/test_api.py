"""The decision API: errors leave the game unchanged, determinism, clone, records, the action table."""

import json
import random

import pytest

from citadels_env.core import Action, Game, GameConfig, IllegalActionError, all_actions
from citadels_env.core.record import load, replay, save, to_record


def play(g: Game, seed: int, steps: int | None = None) -> Game:
    pick = random.Random(seed)
    n = 0
    while not g.is_over and (steps is None or n < steps):
        g.apply(pick.choice(g.legal_actions()))
        n += 1
    return g


def test_illegal_action_raises_naming_decision_and_action_and_leaves_state_unchanged():
    g = play(Game(GameConfig(players=4), seed=1), 1, steps=30)
    before = g.clone()
    bad = Action("build", "secret_vault")
    with pytest.raises(IllegalActionError) as err:
        g.apply(bad)
    assert g.decision_kind in str(err.value) and "build:secret_vault" in str(err.value)
    assert g == before


@pytest.mark.parametrize("bad", [None, "gather:gold", ("gather",), ("ability", ["x"]), ("player", 99),
                                 ("build", 3), ("end_turn", "now")])
def test_malformed_actions_are_rejected(bad):
    g = Game(GameConfig(players=4), seed=2)
    before = g.clone()
    with pytest.raises(IllegalActionError):
        g.apply(bad)
    assert g == before


def test_plain_tuples_are_accepted_and_stored_as_actions():
    g = Game(GameConfig(players=4), seed=3)
    a = g.legal_actions()[0]
    g.apply(tuple(a))
    assert type(g.actions[-1]) is Action


def test_game_over_has_no_player_and_refuses_actions():
    g = play(Game(GameConfig(players=3), seed=4), 4)
    assert g.current_player is None and g.legal_actions() == [] and g.decision_kind is None
    with pytest.raises(IllegalActionError, match="over"):
        g.apply(Action("end_turn"))


def test_same_seed_and_actions_give_the_same_game_bit_for_bit():
    a = play(Game(GameConfig(players=5, preset="cunning_agents"), seed=9), 9)
    b = Game(GameConfig(players=5, preset="cunning_agents"), seed=9)
    for act in a.actions:
        b.apply(act)
    assert a == b
    assert json.dumps(to_record(a)) == json.dumps(to_record(b))


def test_different_seeds_give_different_deals():
    hands = {tuple(Game(GameConfig(players=4), seed=s).players[0].hand) for s in range(20)}
    assert len(hands) > 15


def test_clone_equals_then_evolves_independently():
    g = play(Game(GameConfig(players=4, preset="vicious_nobles"), seed=5), 5, steps=120)
    c = g.clone()
    assert c == g
    play(c, 6)
    assert c != g and not g.is_over
    assert len(g.actions) == 120


def test_record_round_trip_through_json(tmp_path):
    g = play(Game(GameConfig(players=6, preset="devious_dignitaries", use_rank9=True), seed=11), 11)
    path = tmp_path / "game.json"
    save(g, path)
    again = load(path)
    assert again == g
    assert again.result() == g.result()
    record = json.loads(path.read_text())
    assert record["result"]["winner"] == g.result().winner
    assert replay(record, upto=50).actions == g.actions[:50]


def test_record_rejects_unknown_format():
    with pytest.raises(ValueError, match="record"):
        replay({"format": "other", "config": {}, "seed": 0, "actions": []})


def test_action_table_is_small_fixed_and_covers_every_legal_action():
    table = all_actions()
    assert len(table) == len(set(table)) < 400
    seen = set()
    for seed in range(40):
        g = Game(GameConfig(players=2 + seed % 7, preset=None, unique_districts="random"), seed)
        pick = random.Random(seed)
        while not g.is_over:
            acts = g.legal_actions()
            seen.update(acts)
            g.apply(pick.choice(acts))
    assert seen <= set(table)


def test_action_text_round_trip():
    for a in all_actions():
        assert Action.parse(str(a)) == a


def test_result_breakdowns_add_up_and_ranking_is_by_score():
    g = play(Game(GameConfig(players=5, preset="tenacious_delegates"), seed=21), 21)
    r = g.result()
    for seat, b in enumerate(r.breakdowns):
        parts = sum(v for k, v in b.items() if k not in ("total", "haunted_quarter_type"))
        assert parts == b["total"] == r.scores[seat]
    ordered = [r.scores[s] for s in r.ranking]
    assert ordered == sorted(ordered, reverse=True)
    assert r.winner == r.ranking[0]


def test_game_always_has_a_decider_until_over():
    g = Game(GameConfig(players=8), seed=8)
    pick = random.Random(8)
    while not g.is_over:
        assert g.current_player in range(8)
        assert g.legal_actions()
        g.apply(pick.choice(g.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_apply_legal_plays_exactly_like_apply(players):
    """The environment plays a masked action with `apply_legal` (no second legality check): the game must be the
    same as with `apply`, bit for bit, at every step."""
    checked, trusted = Game(GameConfig(players=players), 5), Game(GameConfig(players=players), 5)
    pick = random.Random(players)
    while not checked.is_over:
        action = pick.choice(checked.legal_actions())
        checked.apply(action)
        trusted.apply_legal(action)
        assert checked == trusted
    assert trusted.is_over and trusted.result().scores == checked.result().scores
