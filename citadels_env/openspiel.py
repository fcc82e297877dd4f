"""Citadels as an OpenSpiel game: `import citadels_env.openspiel` registers `citadels` with pyspiel.

    import pyspiel
    import citadels_env.openspiel  # noqa: F401  (registers the game)
    game = pyspiel.load_game("citadels", {"players": 3})

A Python game of OpenSpiel (`open_spiel>=2.0`, the `openspiel` extra): sequential, imperfect information, 2-8
players, zero-sum terminal returns. Why each choice:

* The deal is one explicit chance node that draws the core's seed among `num_seeds` outcomes: everything random after
  it (deck order, the Seer's and the Emperor's draws...) follows from that seed, so a state is its action history, and
  OpenSpiel's serialization (which rebuilds a Python state from its history and pickled attributes) replays it. A
  sampled-stochastic game could not be serialized at all.
* Actions are the environment's flat action ids (`encoding`: `player:k` is the seat k places clockwise from the
  acting seat), so a policy trained on the PettingZoo env reads the same numbers.
* Observations come from what the core lets a seat know (`Game.view`): the observation tensor is the env's vector,
  the observation string the text board of that seat plus the question it must answer, the information state string
  the whole `PlayerView` (every event the seat saw, in order). There is no information state tensor: a fixed-size
  perfect-recall vector of this game does not exist.
* The length is bounded: a game still running when round `max_rounds` ends, or after `max_game_length` decisions,
  is over with every return 0 (as the env's truncation), so `max_game_length` holds.
* OpenSpiel copies a Python state by deep-copying its attributes; the only attribute is a `_Core` holder whose
  `__deepcopy__` is the core's cheap `Game.clone()`.
* `resample_from_infostate(player, sampler)` is the core's `Game.determinize`, for OpenSpiel's Python ISMCTS
  (`open_spiel.python.algorithms.ismcts`). OpenSpiel 2.0.2's C++ ISMCTS bot cannot call it: the C++ side of a Python
  state offers no way to override `ResampleFromInfostate` (its base method raises "not implemented", and the C++ bot's
  `step` on a citadels state ends the process with a segmentation fault).

Serialized states (`pyspiel.serialize_game_and_state`) carry OpenSpiel's pickle of the state's attributes; here that is
only the game's record (config, seed, actions) as JSON, replayed and checked by `core.record` on load. OpenSpiel's
`deserialize_game_and_state` unpickles: give it only strings you made. `state_from_history` rebuilds a state from
the history line alone without unpickling anything.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel

from .core import Game, GameConfig, IllegalActionError
from .core.config import ConfigError
from .core.limits import MAX_PLAYERS, MIN_PLAYERS
from .core.record import replay, to_record
from .core.rng import Rng
from .encoding import NUM_ACTIONS, OBS_SIZE, encode_observation, to_core, to_flat
from .rewards import final_rewards
from .text import describe_decision, render_board

SHORT_NAME = "citadels"
#: Defaults of the game's parameters (`pyspiel.load_game("citadels", {...})` overrides any of them).
DEFAULT_PARAMETERS: dict[str, Any] = {
    "players": 4,
    "preset": "first_game",
    "use_rank9": False,
    "max_rounds": 100,  # the PettingZoo env's DEFAULT_MAX_ROUNDS
    "max_game_length": 5000,  # decisions; random 8-player games take about 450, at most about 650
    "num_seeds": 1000,
    "rewards": "win",
}
#: The reward schemes offered (bounded ones: `rewards.final_rewards`' "score" has no fixed utility range).
REWARD_SCHEMES = ("win", "rank")
_INT_PARAMS = {"players": (MIN_PLAYERS, MAX_PLAYERS), "max_rounds": (1, None), "max_game_length": (1, None),
               "num_seeds": (1, None)}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Citadels (2016 edition)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMETERS,
)


class _Settings:
    """One game's parameters, shared (never copied) by all its states."""

    __slots__ = ("config", "max_game_length", "max_rounds", "num_seeds", "outcomes", "params", "players", "rewards")

    def __init__(self, params: dict[str, Any]) -> None:
        for key, (low, high) in _INT_PARAMS.items():
            value = params[key]
            if type(value) is not int or value < low or (high is not None and value > high):
                span = f"from {low} to {high}" if high is not None else f"of at least {low}"
                raise ValueError(f"citadels parameter {key} must be an integer {span}, got {value!r}")
        if params["rewards"] not in REWARD_SCHEMES:
            raise ValueError(f"citadels parameter rewards must be one of {', '.join(REWARD_SCHEMES)}, "
                             f"got {params['rewards']!r}")
        for key, kind in (("preset", str), ("use_rank9", bool)):
            if type(params[key]) is not kind:
                raise ValueError(f"citadels parameter {key} must be a {kind.__name__}, got {params[key]!r}")
        self.config = GameConfig(players=params["players"], preset=params["preset"], use_rank9=params["use_rank9"])
        try:
            self.config.resolve(Rng(0))
        except ConfigError as e:
            raise ValueError(f"citadels parameters: {e}") from None
        self.params = params
        self.players: int = params["players"]
        self.max_rounds: int = params["max_rounds"]
        self.max_game_length: int = params["max_game_length"]
        self.num_seeds: int = params["num_seeds"]
        self.rewards: str = params["rewards"]
        p = 1.0 / self.num_seeds
        self.outcomes = [(seed, p) for seed in range(self.num_seeds)]


class CitadelsGame(pyspiel.Game):
    """The pyspiel game; its parameters are DEFAULT_PARAMETERS' keys."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        full = dict(DEFAULT_PARAMETERS)
        unknown = sorted(set(params or {}) - set(full))
        if unknown:
            raise ValueError(f"unknown citadels parameter(s) {unknown}; known: {', '.join(full)}")
        full.update(params or {})
        settings = _Settings(full)  # checks every parameter first
        n = settings.players
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=settings.num_seeds,
            num_players=n,
            min_utility=-1.0 / (n - 1) if settings.rewards == "win" else -1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=settings.max_game_length,
        )
        super().__init__(GAME_TYPE, info, full)
        self.settings = settings

    def new_initial_state(self, state_struct: Any = None) -> CitadelsState:
        """The state before the deal (a chance node). OpenSpiel also calls this for every clone."""
        if state_struct:
            raise ValueError("citadels states are not built from a state struct: apply the deal and the actions "
                             "(see state_from_history)")
        return CitadelsState(self)

    def max_chance_nodes_in_history(self) -> int:
        return 1

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CitadelsObserver:
        """The observer OpenSpiel asks for: the default one (observations) or a perfect-recall one (information
        states). pybind calls this with the parameters alone when it has no observation type."""
        if isinstance(iig_obs_type, dict):
            iig_obs_type, params = None, iig_obs_type
        return CitadelsObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def wrap(self, game: Game, moves: int = 0) -> CitadelsState:
        """A state of this pyspiel game around any core `game` of the same player count (a determinized sample, a
        game loaded from a record...). Its OpenSpiel history is empty: such a state serializes only if `game` can be
        replayed from its own record (it has its full action list)."""
        if not isinstance(game, Game) or game.num_players != self.settings.players:
            raise ValueError(f"wrap needs a core Game of {self.settings.players} players, got {game!r}")
        state = CitadelsState(self)
        state._core = _Core(game, moves, False, self.settings)
        return state


class _Core:
    """What a state holds: the core game (None before the deal), the decisions played, and whether the game is the one
    its OpenSpiel history replays to. Deep copies go through `Game.clone()`; pickles through the game's record.
    `infostates` caches the information state strings of this very position (ISMCTS asks for the same one up to three
    times per node); every change of the game clears it."""

    __slots__ = ("game", "infostates", "moves", "replayable", "settings")

    def __init__(self, game: Game | None, moves: int, replayable: bool, settings: _Settings) -> None:
        self.game = game
        self.moves = moves
        self.replayable = replayable
        self.settings = settings
        self.infostates: dict[int, str] = {}

    def __deepcopy__(self, memo: dict) -> _Core:
        return _Core(None if self.game is None else self.game.clone(), self.moves, self.replayable, self.settings)

    def __reduce__(self) -> tuple:
        if not self.replayable:
            raise ValueError("this citadels state wraps a core game that its OpenSpiel history does not replay to "
                             "(a determinized sample or a wrapped game): it cannot be serialized")
        record = None if self.game is None else json.dumps(to_record(self.game))
        return (_load_core, (json.dumps(self.settings.params), record, self.moves))

    @property
    def terminal(self) -> bool:
        g = self.game
        if g is None:
            return False
        s = self.settings
        return g.is_over or g.round > s.max_rounds or self.moves >= s.max_game_length


def _load_core(params: str, record: str | None, moves: int) -> _Core:
    """Rebuild a pickled `_Core` by replaying its record (checked move by move by `core.record.replay`)."""
    game = None if record is None else replay(json.loads(record))
    return _Core(game, moves, True, _Settings(json.loads(params)))


class CitadelsState(pyspiel.State):
    """One state of a citadels game. The whole Python side is `_core` (see `_Core`)."""

    def __init__(self, game: CitadelsGame) -> None:
        super().__init__(game)
        self._core = _Core(None, 0, True, game.settings)

    # -- the OpenSpiel API --------------------------------------------------------------------------------------------
    def current_player(self) -> int:
        core = self._core
        if core.game is None:
            return pyspiel.PlayerId.CHANCE
        if core.terminal:
            return pyspiel.PlayerId.TERMINAL
        return core.game.current_player

    def is_terminal(self) -> bool:
        return self._core.terminal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._core.game is not None:
            raise ValueError("chance_outcomes: the deal is done; only the initial state is a chance node")
        return list(self._core.settings.outcomes)

    def _legal_actions(self, player: int) -> list[int]:
        g = self._core.game
        n = g.num_players
        return sorted(to_flat(a, player, n) for a in g.legal_actions())

    def _apply_action(self, action: int) -> None:
        """The deal (a seed) at the chance node, else the flat action id of the current player, checked by the core:
        an illegal one raises IllegalActionError naming it and leaves the state as it was."""
        core = self._core
        if core.game is None:
            if type(action) is not int or not 0 <= action < core.settings.num_seeds:
                raise IllegalActionError(f"the deal is a seed from 0 to {core.settings.num_seeds - 1}, got {action!r}")
            core.game = Game(core.settings.config, seed=action)
            core.infostates = {}
            return
        if core.terminal:
            raise IllegalActionError(f"the game is over; cannot apply action {action}")
        g = core.game
        seat = g.current_player
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            raise IllegalActionError(f"action must be an id from 0 to {NUM_ACTIONS - 1}, got {action!r}")
        g.apply(to_core(action, seat, g.num_players))
        core.moves += 1
        core.infostates = {}

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal:{action}"
        return str(to_core(action, player, self._core.settings.players))

    def returns(self) -> list[float]:
        core = self._core
        n = core.settings.players
        if not core.terminal or not core.game.is_over:
            return [0.0] * n
        return final_rewards(core.game, core.settings.rewards)

    def __str__(self) -> str:
        """The omniscient board (every hand and character): for debugging, never for a player."""
        core = self._core
        if core.game is None:
            return "before the deal"
        return f"seed {core.game.seed}, decision {core.moves}\n{render_board(core.game)}"

    # -- for search ---------------------------------------------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> CitadelsState:
        """A state `player_id` cannot tell from this one, everything it cannot see re-sampled (`Game.determinize`),
        the sample seeded by one draw of `probability_sampler` (a float in [0, 1))."""
        core = self._core
        if core.game is None:
            return self.clone()
        seed = int(probability_sampler() * 2.0**53)
        return self.get_game().wrap(core.game.determinize(player_id, seed), core.moves)

    @property
    def core_game(self) -> Game | None:
        """The core game behind this state (None before the deal); read it, do not change it."""
        return self._core.game


class CitadelsObserver:
    """OpenSpiel's PyObserver: the env's observation tensor and the seat's board as text (default), or the seat's
    whole `PlayerView` as the information state string (perfect recall, no tensor)."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"citadels observers take no parameters, got {params!r}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("citadels observes one seat's private and public information only "
                             f"(private_info=SINGLE_PLAYER, public_info=True), got private_info={iig_obs_type.private_info}, "
                             f"public_info={iig_obs_type.public_info}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if self.perfect_recall:
            self.tensor = None
            self.dict: dict[str, np.ndarray] = {}
        else:
            self.tensor = np.zeros(OBS_SIZE, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: CitadelsState, player: int) -> None:
        g = state._core.game
        if self.tensor is None:
            return
        if g is None:
            self.tensor.fill(0.0)
        else:
            encode_observation(g, player, out=self.tensor)

    def string_from(self, state: CitadelsState, player: int) -> str:
        core = state._core
        if self.perfect_recall:
            text = core.infostates.get(player)
            if text is None:
                text = core.infostates[player] = information_state_string(core.game, player)
            return text
        return observation_string(core.game, player)


def observation_string(g: Game | None, seat: int) -> str:
    """The board as `seat` sees it, and the question it must answer if it decides now (with its choices, which
    show what is on offer: the characters passed to it, the cards drawn...)."""
    if g is None:
        return f"player {seat}: before the deal"
    text = render_board(g, seat)
    if g.current_player == seat and not g.is_over:
        text += "\n" + describe_decision(g) + "\nchoices: " + ", ".join(str(a) for a in g.legal_actions())
    return text


def information_state_string(g: Game | None, seat: int) -> str:
    """Everything `seat` knows: its whole view (the state it sees and every event it saw, in order)."""
    if g is None:
        return f"player {seat}: before the deal"
    return repr(g.view(seat))


# -- helpers ----------------------------------------------------------------------------------------------------------
def state_from_history(game: CitadelsGame, history: Sequence[int] | str) -> CitadelsState:
    """Rebuild a state by applying its history (OpenSpiel's `state.history()`, or the `history=` line of a serialized
    state as "player:action,..." pairs or plain ids), with no unpickling. Illegal actions raise IllegalActionError."""
    if isinstance(history, str):
        text = history.strip().splitlines()[0] if history.strip() else ""
        text = text.removeprefix("history=")
        try:
            history = [int(item.rpartition(":")[2]) for item in text.split(",") if item]
        except ValueError:
            raise ValueError(f"a history is comma-separated action ids, got {text[:80]!r}") from None
    state = game.new_initial_state()
    for k, action in enumerate(history):
        if state.is_terminal():
            raise IllegalActionError(f"history item {k + 1} ({action}) comes after the end of the game")
        try:
            state.apply_action(action)
        except IllegalActionError as e:
            raise IllegalActionError(f"history item {k + 1}: {e}") from None
    return state


def resampler(seed: int = 0) -> Callable[[CitadelsState, int], CitadelsState]:
    """A resampler for `ISMCTSBot.set_resampler` drawing its samples from `seed` (ISMCTS's own default draws from a
    clock-seeded sampler, so its searches do not repeat)."""
    rng = Rng(seed)

    def resample(state: CitadelsState, player: int) -> CitadelsState:
        return state.resample_from_infostate(player, lambda: (rng.next64() >> 11) / 2.0**53)

    return resample


class CoreRolloutEvaluator:
    """An evaluator for OpenSpiel's MCTS and ISMCTS (the `mcts.Evaluator` interface): uniform priors, and the average
    returns of `n_rollouts` uniformly random playouts run on the core game directly (several times faster than
    `mcts.RandomRolloutEvaluator`, which goes through pyspiel at every step). The playouts stop at the same bounds as
    the state and score the same returns."""

    def __init__(self, n_rollouts: int = 1, seed: int = 0) -> None:
        if type(n_rollouts) is not int or n_rollouts < 1:
            raise ValueError(f"n_rollouts must be a positive integer, got {n_rollouts!r}")
        self.n_rollouts = n_rollouts
        self.rng = Rng(seed)

    def evaluate(self, state: CitadelsState) -> np.ndarray:
        core = state._core
        s = core.settings
        total = np.zeros(s.players)
        for _ in range(self.n_rollouts):
            g = core.game.clone() if core.game is not None else Game(s.config, self.rng.below(s.num_seeds))
            moves = core.moves
            max_rounds, max_length, choice = s.max_rounds, s.max_game_length, self.rng.choice
            while not g.is_over and g.round <= max_rounds and moves < max_length:
                g.apply_legal(choice(g.legal_actions()))
                moves += 1
            if g.is_over:
                total += final_rewards(g, s.rewards)
        return total / self.n_rollouts

    def prior(self, state: CitadelsState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


pyspiel.register_game(GAME_TYPE, CitadelsGame)
