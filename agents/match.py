"""Play one game between agents: the loop every tool shares (evaluation, `citadels play`, training baselines)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from citadels_env.core import Action, Game, GameConfig, GameResult, IllegalActionError

from .base import Agent, Decision


class IllegalAgentAction(IllegalActionError):
    """An agent answered with an action that is not legal."""


@dataclass
class MatchResult:
    seed: int
    agents: tuple[str, ...]  # agent name per seat
    result: GameResult
    decisions: int
    game: Game

    @property
    def winner(self) -> int:
        return self.result.winner


def play_game(agents: Sequence[Agent], config: GameConfig | None = None, seed: int = 0,
              on_decision: Callable[[Game, int, Action], None] | None = None,
              max_decisions: int = 100_000) -> MatchResult:
    """Seat i is played by `agents[i]`. `on_decision(game_before, seat, action)` is called before each action is
    applied (for printing public events, recording...). An illegal answer raises IllegalAgentAction naming the
    agent; the game is left as it was before that answer."""
    config = config or GameConfig(players=len(agents))
    if config.players != len(agents):
        raise ValueError(f"{len(agents)} agents for a {config.players}-player game")
    game = Game(config, seed)
    for seat, agent in enumerate(agents):
        agent.reset(seat, config, seed * 1009 + seat)
    decisions = 0
    while not game.is_over:
        seat = game.current_player
        decision = Decision(game, seat)
        action = agents[seat].act(decision)
        if action not in decision.legal:
            raise IllegalAgentAction(f"agent {agents[seat].name!r} (seat {seat}) answered {action!r} to the "
                                     f"{decision.kind!r} decision; legal: {list(decision.legal)}")
        if on_decision is not None:
            on_decision(game, seat, action)
        game.apply(action)
        decisions += 1
        if decisions >= max_decisions:
            raise RuntimeError(f"game {seed} did not end after {max_decisions} decisions")
    return MatchResult(seed, tuple(a.name for a in agents), game.result(), decisions, game)
