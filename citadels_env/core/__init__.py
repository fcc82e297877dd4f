"""The rules core: the whole 2016 Citadels game as a copyable decision engine (standard library only).

    from citadels_env.core import Game, GameConfig
    game = Game(GameConfig(players=4, preset="cunning_agents"), seed=7)
    while not game.is_over:
        seat = game.current_player
        game.apply(game.legal_actions()[0])
    print(game.result().scores)
"""

from . import characters, districts, knowledge, scoring, selection, turn
from .actions import Action, IllegalActionError, all_actions
from .cards import CHARACTERS, DISTRICTS, Character, District
from .config import PRESET_NAMES, ConfigError, GameConfig, Rulings
from .decisions import DECISIONS
from .game import Game
from .record import RecordError
from .rng import Rng
from .scoring import GameResult

__all__ = [
    "CHARACTERS", "DECISIONS", "DISTRICTS", "PRESET_NAMES", "Action", "Character", "ConfigError", "District", "Game",
    "GameConfig", "GameResult", "IllegalActionError", "RecordError", "Rng", "Rulings", "all_actions",
]
