"""Every rule fact is the core's: what a bot, the encoder or the text renderer shows equals what the core computes.

Random games with every preset and random card sets; at sampled states each seat's visible score as the heuristic
bots count it, the score of `scoring.public_breakdown` and the core's own `best_breakdown` (less the Secret Vaults in
hand, which nobody else sees) must agree, and so must the price, gathering and completion facts the renderer and the
encoder show.
"""

from __future__ import annotations

import random
import re

import pytest

from agents.heuristic import Table
from citadels_env.core import Action, Game, GameConfig
from citadels_env.core.cards import SECRET_VAULT
from citadels_env.core.city import city_size
from citadels_env.core.invariants import random_config
from citadels_env.core.scoring import SECRET_VAULT_POINTS, best_breakdown, public_breakdown
from citadels_env.text import describe_action, score_table


def sampled_states(seed: int, every: float = 0.1):
    rng = random.Random(seed)
    config = random_config(random.Random(seed)) if seed % 2 else GameConfig(players=2 + seed % 7)
    g = Game(config, seed)
    while not g.is_over:
        if rng.random() < every:
            yield g
        g.apply(rng.choice(g.legal_actions()))
    yield g


@pytest.mark.parametrize("seed", range(24))
def test_visible_scores_are_the_cores(seed):
    for g in sampled_states(seed):
        for viewer in range(g.num_players):
            view = g.view(viewer)
            table = Table(view)
            for s in range(g.num_players):
                core = best_breakdown(g, s)["total"]
                hidden = SECRET_VAULT_POINTS * g.players[s].hand.count(SECRET_VAULT)
                assert public_breakdown(view, s)["total"] == core - hidden
                assert table.score(s) == core - hidden
                assert table.count(s) == g.city_size(s) == city_size(g.players[s].city)
            assert table.protected() == view.protected_seat == g.protected_seat


@pytest.mark.parametrize("seed", range(6))
def test_the_final_table_shows_the_cores_scores(seed):
    g = list(sampled_states(seed, every=0.0))[-1]
    text = score_table(g, g.result())
    for s, total in enumerate(g.result().scores):
        assert re.search(rf"P{s}\b.*\b{total}\s*$", text, re.M), (s, total, text)


def test_the_gather_gold_wording_is_the_amount_the_core_gives():
    checked = 0
    for seed in range(40):
        g = Game(GameConfig(players=4, preset="vicious_nobles" if seed % 2 else None), seed)
        rng = random.Random(seed)
        while not g.is_over:
            legal = g.legal_actions()
            gold = Action("gather", "gold")
            action = gold if gold in legal else rng.choice(legal)
            said = describe_action(gold, g) if action == gold else None
            g.apply(action)
            if said is not None:
                gathered = [e for _, e in g.events if e.kind == "gather_gold"][-1]
                assert said == f"Take {gathered.gold} gold"
                checked += 1
    assert checked > 500
