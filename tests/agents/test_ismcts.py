"""ISMCTS: legal play at every table size, determinism, no use of hidden information, time limits, and strength.

Most tests use random rollouts cut off after a round (`horizon=1`) and a handful of iterations so the file stays fast;
the heuristic rollout is checked once.
"""

from __future__ import annotations

import random
import time

import pytest

import agents
from agents.base import Decision
from agents.ismcts import ISMCTSAgent, evaluate
from citadels_env.core import Game, GameConfig

FAST = {"rollout": "random", "horizon": 1}


def positions(players: int, count: int, seed: int) -> list[Game]:
    """Mid-game positions (a real choice awaits) reached by random play, from the draft to the last rounds."""
    rng = random.Random(seed)
    out: list[Game] = []
    game_seed = seed
    while len(out) < count:
        g = Game(GameConfig(players=players), seed=game_seed)
        game_seed += 1
        picked = sorted(rng.sample(range(1, 160), 3))
        step = 0
        while not g.is_over and picked:
            acts = g.legal_actions()
            if len(acts) > 1 and step >= picked[0]:
                out.append(g.clone())
                picked.pop(0)
            g.apply(acts[rng.randrange(len(acts))])
            step += 1
    return out[:count]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_complete_games_without_illegal_actions(players: int) -> None:
    bots: list[agents.Agent] = [ISMCTSAgent(seed=players, iters=4, **FAST)]
    bots += [agents.make("random", seed=i) for i in range(1, players)]
    result = agents.play_game(bots, GameConfig(players=players), seed=players)  # raises on an illegal answer
    assert result.game.is_over


def test_registry_options() -> None:
    bot = agents.make("ismcts:iters=7,c=0.5,rollout=random,horizon=2", seed=3)
    assert isinstance(bot, ISMCTSAgent)
    assert (bot.iters, bot.c, bot.rollout, bot.horizon, bot.time) == (7, 0.5, "random", 2, None)
    assert ISMCTSAgent().iters == 300  # a default budget when neither iters nor time is given
    with pytest.raises(ValueError):
        ISMCTSAgent(rollout="greedy")


def test_single_legal_action_returns_without_searching() -> None:
    g = Game(GameConfig(players=4), seed=0)
    rng = random.Random(0)
    while len(g.legal_actions()) != 1:
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
    bot = ISMCTSAgent(seed=0, iters=50, **FAST)
    assert bot.act(Decision(g)) == g.legal_actions()[0]
    assert bot.last_iterations == 0


def test_deterministic_with_a_seed() -> None:
    for g in positions(4, 5, seed=11):
        a = ISMCTSAgent(seed=5, iters=25, **FAST).act(Decision(g))
        b = ISMCTSAgent(seed=5, iters=25, **FAST).act(Decision(g))
        assert a == b
        assert a in g.legal_actions()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_choice_does_not_depend_on_hidden_state(players: int) -> None:
    """Re-sampling what the seat cannot see (other hands, characters, the deck, token faces) before it decides must
    not change its choice: the agent reads the game only through `Decision.determinize` and its seed."""
    moved = 0
    for i, g in enumerate(positions(players, 6, seed=100 + players)):
        seat = g.current_player
        g2 = g.determinize(seat, 1000 + i)
        assert Decision(g2, seat).legal == Decision(g, seat).legal
        for s in range(players):  # a re-sample that changed something another seat holds
            moved += s != seat and (g2.players[s].hand != g.players[s].hand or g2.players[s].chars != g.players[s].chars)
        a = ISMCTSAgent(seed=i, iters=30, **FAST).act(Decision(g, seat))
        b = ISMCTSAgent(seed=i, iters=30, **FAST).act(Decision(g2, seat))
        assert a == b, (g.decision_kind, a, b)
    assert moved  # the test changed hidden state indeed


def test_time_limit_is_honoured() -> None:
    g = positions(4, 1, seed=7)[0]
    bot = ISMCTSAgent(seed=0, time=0.25, rollout="random")
    start = time.perf_counter()
    bot.act(Decision(g))
    elapsed = time.perf_counter() - start
    assert 0.25 <= elapsed < 0.6
    assert bot.last_iterations >= 2
    bot = ISMCTSAgent(seed=0, iters=3, time=30.0, rollout="random")  # the iteration budget ends it first
    start = time.perf_counter()
    bot.act(Decision(g))
    assert time.perf_counter() - start < 1.0 and bot.last_iterations == 3


def test_only_root_legal_actions_are_searched() -> None:
    for g in positions(5, 4, seed=21):
        d = Decision(g)
        root = ISMCTSAgent(seed=0, iters=40, **FAST).search(d)
        assert root.children
        assert {a for s, a in root.children} <= set(d.legal)
        assert {s for s, a in root.children} == {d.seat}


def test_evaluate_is_a_distribution_favouring_the_leader() -> None:
    for g in positions(5, 4, seed=31):
        p = evaluate(g)
        assert len(p) == 5 and abs(sum(p) - 1.0) < 1e-9 and min(p) > 0.0
    g = Game(GameConfig(players=4), seed=0)
    base = evaluate(g)
    g.players[2].city = ["castle", "palace", "cathedral"]
    g.players[2].gold += 4
    p = evaluate(g)
    assert p[2] > base[2] and p[2] == max(p)


def test_beats_random_players() -> None:
    """A search with 20 iterations wins most 4-player games against random players; a broken one (no better than
    chance: about 5 wins in 20) fails."""
    games, wins = 20, 0
    for k in range(games):
        seat = k % 4
        bots: list[agents.Agent] = [agents.make("random", seed=10 * k + i) for i in range(4)]
        bots[seat] = ISMCTSAgent(seed=k, iters=20, **FAST)
        wins += agents.play_game(bots, GameConfig(players=4), seed=500 + k).winner == seat
    assert wins >= 12, wins


def test_heuristic_rollout_plays_legally() -> None:
    bots: list[agents.Agent] = [ISMCTSAgent(seed=1, iters=5, horizon=1)]
    bots += [agents.make("random", seed=i) for i in range(1, 4)]
    assert agents.play_game(bots, GameConfig(players=4), seed=3).game.is_over


def _first_child_share(bot: ISMCTSAgent, games: list[Game]) -> float:
    """Of the visits to the other seats' nodes that have siblings, the share of the child each node expanded first."""
    first = total = 0
    for g in games:
        root = bot.search(Decision(g))
        stack = [root]
        while stack:
            node = stack.pop()
            kids = list(node.children.values())
            stack.extend(kids)
            if len(kids) > 1 and kids[0].seat != root.seat:
                first += kids[0].visits
                total += sum(k.visits for k in kids)
    assert total > 0
    return first / total


def test_biased_opponents_search_the_rollout_policys_answer_first() -> None:
    """`opponents=biased`: at another seat's node the rollout policy's answer is expanded first and, with a large
    bonus, takes far more of the visits than in the plain tree, which spreads them (UCB tries every answer alike;
    the answer differs between samples where hands do, so neither share is near 1)."""
    games = positions(4, 6, seed=41)
    first_legal = lambda game, rng: game.legal_actions()[0]  # a policy whose answer the test knows
    biased = ISMCTSAgent(seed=0, iters=200, opponents="biased", opp_bias=100.0, **FAST)
    plain = ISMCTSAgent(seed=0, iters=200, **FAST)
    biased._policy = plain._policy = first_legal
    assert _first_child_share(biased, games) > _first_child_share(plain, games) + 0.2  # measured 0.58 and 0.26
    with pytest.raises(ValueError, match="opp_bias"):
        ISMCTSAgent(opp_bias=1.0)  # the bonus without opponents=biased
    with pytest.raises(ValueError, match="opp_bias"):
        ISMCTSAgent(opponents="biased", opp_bias=-1.0)
    bots: list[agents.Agent] = [agents.make("ismcts:iters=5,opponents=biased", seed=1)]
    bots += [agents.make("random", seed=i) for i in range(1, 4)]
    assert agents.play_game(bots, GameConfig(players=4), seed=4).game.is_over
