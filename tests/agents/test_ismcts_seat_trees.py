"""`trees=seat` (MO-ISMCTS): a tree per seat, blind to the answers that seat cannot see.

What it must guarantee: every answer `seen_as` hides is one the core shows no other seat (checked against the core's
views), each seat's tree merges exactly those answers of the other seats, the search plays legally and
deterministically, and it still reads nothing the searching seat cannot know.
"""

from __future__ import annotations

import collections
import dataclasses
import random

import pytest

import agents
from agents.base import Decision
from agents.ismcts import HIDDEN_ANSWERS, ISMCTSAgent, seen_as
from citadels_env.core import Action, Game, GameConfig
from citadels_env.core.config import PRESET_NAMES

FAST = {"rollout": "random", "horizon": 1, "trees": "seat"}


def test_seen_as_hides_the_argument_of_hidden_answers_only() -> None:
    assert seen_as("draft_keep", Action("character", "king")) == Action("character")
    assert seen_as("keep_card", Action("card", "castle")) == Action("card")
    assert seen_as("magician_discard", Action("done")) == Action("done")
    assert seen_as("kill", Action("character", "king")) == Action("character", "king")
    assert seen_as("turn", Action("build", "castle")) == Action("build", "castle")


def _after(g: Game, action: Action) -> Game:
    c = g.clone()
    c.apply(action)
    return c


def test_hidden_answers_reach_no_other_seat() -> None:
    """For each kind in HIDDEN_ANSWERS, answers that `seen_as` merges leave every other seat's view identical, apart
    from what the next drafter sees of the cards left (`draft_seen`, its own offer) and, after the draft's last pick,
    the calls of the action phase that follow it. Every kind is met at some table size and preset."""
    rng = random.Random(0)
    met: collections.Counter[str] = collections.Counter()
    for k in range(160):
        g = Game(GameConfig(players=2 + k % 7, preset=PRESET_NAMES[k % len(PRESET_NAMES)]), seed=k)
        while not g.is_over:
            kind, seat, acts = g.decision_kind, g.current_player, g.legal_actions()
            groups: dict[Action, list[Action]] = collections.defaultdict(list)
            for a in acts:
                groups[seen_as(kind, a)].append(a)
            for merged in groups.values():
                if kind not in HIDDEN_ANSWERS or len(merged) < 2:
                    continue
                games = [_after(g, a) for a in merged]
                if any(c.phase != g.phase for c in games):
                    continue  # the last pick: what follows is the action phase, not the answer
                met[kind] += 1
                nxt = games[0].current_player
                for other in range(g.num_players):
                    if other == seat:
                        continue
                    views = [c.view(other) for c in games]
                    if other == nxt:
                        views = [dataclasses.replace(v, draft_seen=None, decision_data=None, legal_actions=())
                                 for v in views]
                    assert all(v == views[0] for v in views), (kind, merged, other)
            g.apply(acts[rng.randrange(len(acts))])
    assert set(met) == HIDDEN_ANSWERS, set(HIDDEN_ANSWERS) - set(met)


def _first_pick() -> Game:
    g = Game(GameConfig(players=4), seed=3)
    while g.decision_kind != "draft_keep":
        g.apply(g.legal_actions()[0])
    return g


def test_each_seat_tree_merges_the_picks_it_cannot_see() -> None:
    g = _first_pick()
    seat = g.current_player
    bot = ISMCTSAgent(seed=0, iters=200, **FAST)
    root = bot.search(Decision(g))
    trees = bot.last_trees
    assert len(trees) == 4 and trees[seat] is root
    picks = {a for s, a in root.children}
    assert len(picks) > 1 and all(a.verb == "character" and a.arg for a in picks)
    for other, tree in enumerate(trees):
        if other == seat:
            continue
        assert set(tree.children) == {(seat, Action("character"))}  # one edge: the pick it did not see
        merged = tree.children[(seat, Action("character"))]
        assert merged.visits == bot.last_iterations == sum(c.visits for c in root.children.values())
        # the next drafter's own picks, each under its name
        assert all(s != other or a.arg for s, a in merged.children)
    one = ISMCTSAgent(seed=0, iters=200, rollout="random", horizon=1)
    one.search(Decision(g))
    assert one.last_trees == [one.last_trees[0]]


def test_options_and_errors() -> None:
    bot = agents.make("ismcts:iters=5,trees=seat", seed=1)
    assert isinstance(bot, ISMCTSAgent) and bot.trees == "seat"
    with pytest.raises(ValueError, match="trees"):
        ISMCTSAgent(trees="many")
    with pytest.raises(ValueError, match="trees=seat"):
        agents.make("ppo+ismcts:net=ppo-v7,iters=5,trees=seat,inner=prior", seed=1)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_complete_games_legally_and_deterministically(players: int) -> None:
    def play() -> list[Action]:
        bots: list[agents.Agent] = [ISMCTSAgent(seed=players, iters=6, **FAST)]
        bots += [agents.make("random", seed=i) for i in range(1, players)]
        result = agents.play_game(bots, GameConfig(players=players), seed=players)  # raises on an illegal answer
        assert result.game.is_over
        return list(result.game.actions)

    assert play() == play()


def test_choice_does_not_depend_on_hidden_state() -> None:
    rng = random.Random(5)
    checked = 0
    for k in range(6):
        g = Game(GameConfig(players=4), seed=200 + k)
        for _ in range(rng.randrange(5, 120)):
            if g.is_over:
                break
            acts = g.legal_actions()
            g.apply(acts[rng.randrange(len(acts))])
        if g.is_over or len(g.legal_actions()) < 2:
            continue
        seat = g.current_player
        g2 = g.determinize(seat, 77 + k)
        a = ISMCTSAgent(seed=k, iters=30, **FAST).act(Decision(g, seat))
        b = ISMCTSAgent(seed=k, iters=30, **FAST).act(Decision(g2, seat))
        assert a == b
        checked += 1
    assert checked >= 3


def test_guided_search_with_seat_trees_plays_legally() -> None:
    bot = agents.make("ppo+ismcts:net=ppo-v7,iters=12,trees=seat", seed=2)
    bots: list[agents.Agent] = [bot] + [agents.make("heuristic", seed=i) for i in range(1, 4)]
    result = agents.play_game(bots, GameConfig(players=4), seed=11)
    assert result.game.is_over
