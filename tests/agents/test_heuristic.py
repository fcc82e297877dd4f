"""The rule-based bots (agents/heuristic/): legal at every player count and card set, deterministic,
blind to what their seat cannot know, and clearly stronger than their baselines; the rollout policy is
legal and quick."""

import random
import time

import pytest

import agents
from agents import Agent, Decision, play_game
from agents.heuristic import HeuristicAgent, StrongHeuristicAgent, rollout_action
from citadels_env.core import DECISIONS, PRESET_NAMES, Game, GameConfig, Rng
from citadels_env.core.invariants import random_config

TIERS = ("heuristic", "heuristic-strong")


class RolloutAgent(Agent):
    """`rollout_action` behind the Agent interface (tests only: it reads the full game)."""

    name = "rollout"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, decision: Decision) -> object:
        return rollout_action(decision._game, self.rng)


def lineup(n: int, k: int) -> list[Agent]:
    """A mix of both tiers, the rollout policy and a random player, rotated by k."""
    kinds = ["heuristic", "heuristic-strong", "rollout", "random"]
    out = []
    for i in range(n):
        kind = kinds[(i + k) % len(kinds)]
        out.append(RolloutAgent(k * 10 + i) if kind == "rollout" else agents.make(kind, seed=k * 10 + i))
    return out


def test_registry_builds_both_tiers():
    h, s = agents.make("heuristic", seed=1), agents.make("heuristic-strong", seed=1)
    assert type(h) is HeuristicAgent and isinstance(s, StrongHeuristicAgent)
    assert isinstance(h, Agent) and isinstance(s, Agent)
    assert h.name == "heuristic" and s.name == "heuristic-strong"
    assert isinstance(HeuristicAgent(), Agent)  # seed is optional


@pytest.mark.parametrize("players", range(2, 9))
def test_complete_games_at_every_player_count(players):
    for k in range(2):
        r = play_game(lineup(players, k), GameConfig(players=players), seed=100 * players + k)
        assert r.game.is_over  # play_game raises IllegalAgentAction on any illegal answer


@pytest.mark.parametrize("players", range(2, 9))
def test_rollout_action_plays_complete_games(players):
    rng = random.Random(players)
    game = Game(GameConfig(players=players, unique_districts="random"), players)
    while not game.is_over:
        a = rollout_action(game, rng)
        assert a in game.legal_actions()
        game.apply(a)


def test_presets_random_card_sets_and_rank9():
    """Every preset (with its rank-9 character) and random card selections, all 27 characters and 30
    uniques."""
    configs = [GameConfig(players=5 + i % 2, preset=p, use_rank9=True) for i, p in enumerate(PRESET_NAMES)]
    configs += [random_config(random.Random(k)) for k in range(14)]
    seen_kinds: set[str] = set()

    def note(game, seat, action):
        seen_kinds.add(game.decision_kind)

    for k, cfg in enumerate(configs):
        play_game(lineup(cfg.players, k), cfg, seed=k, on_decision=note)
    assert len(seen_kinds) >= 25  # most decision kinds were met (all of them over longer fuzzing)


def test_every_decision_kind_has_a_handler():
    for kind in [*DECISIONS, "turn"]:
        assert callable(getattr(StrongHeuristicAgent, "on_" + kind, None)), kind


@pytest.mark.parametrize("tier", TIERS)
def test_same_seed_same_game(tier):
    def actions(seed):
        bots = [agents.make(tier, seed=i) for i in range(4)]
        cfg = GameConfig(players=4, preset="cunning_agents", use_rank9=True)
        return play_game(bots, cfg, seed=seed).game.actions

    assert actions(3) == actions(3)


def test_rollout_is_deterministic_for_a_seeded_rng():
    def actions():
        rng = random.Random(5)
        game = Game(GameConfig(players=5, preset="illustrious_emissaries"), 5)
        while not game.is_over:
            game.apply(rollout_action(game, rng))
        return game.actions

    assert actions() == actions()


@pytest.mark.parametrize("tier", TIERS)
def test_choices_ignore_what_the_seat_cannot_know(tier):
    """Resample everything the deciding seat cannot see (other hands, characters, deck, token faces): a
    fresh bot with the same seed answers the same."""
    checked = 0
    for k in range(6):
        cfg = GameConfig(players=4 + k % 3) if k % 2 else random_config(random.Random(k))
        game = Game(cfg, k)
        bots = [agents.make(tier, seed=k * 10 + i) for i in range(cfg.players)]
        rng = random.Random(k)
        while not game.is_over:
            seat = game.current_player
            d = Decision(game, seat)
            if len(d.legal) > 1 and rng.random() < 0.25:
                g2 = game.determinize(seat, Rng(rng.randrange(1 << 30)))
                a1 = agents.make(tier, seed=7).act(Decision(game, seat))
                a2 = agents.make(tier, seed=7).act(Decision(g2, seat))
                assert a1 == a2, (d.kind, a1, a2)
                checked += 1
            game.apply(bots[seat].act(d))
    assert checked > 200


def _wins(hero: str, opponent: str, games: int, players: int = 4) -> int:
    wins = 0
    for g in range(games):
        seat = g % players  # the hero plays every seat equally often
        bots = [agents.make(opponent, seed=g * 10 + i) for i in range(players)]
        bots[seat] = agents.make(hero, seed=g * 10 + seat)
        wins += play_game(bots, GameConfig(players=players), seed=1000 + g).winner == seat
    return wins


def test_heuristic_beats_random():
    assert _wins("heuristic", "random", 80) >= 50  # measured about 97 %: a working bot never falls near 62 %


def test_strong_beats_heuristic():
    assert _wins("heuristic-strong", "heuristic", 120) >= 36  # measured about 48 %; 25 % is a tie


def test_rollout_policy_beats_random_quickly():
    rng, pick = random.Random(0), random.Random(1)
    wins, calls, spent = 0, 0, 0.0
    for g in range(40):
        seat = g % 4
        game = Game(GameConfig(players=4), 2000 + g)
        while not game.is_over:
            if game.current_player == seat:
                t0 = time.perf_counter()
                a = rollout_action(game, rng)
                spent += time.perf_counter() - t0
                calls += 1
            else:
                legal = game.legal_actions()
                a = legal[pick.randrange(len(legal))]
            game.apply(a)
        wins += game.result().winner == seat
    assert wins >= 28
    assert spent / calls < 300e-6  # about 5 us measured; generous for slow machines
