"""Rule-based Citadels bots, written from the game's usual strategy, plus a fast rollout policy for tree
search.

* `HeuristicAgent` ("heuristic", the basic tier): a sound economy (gold or cards depending on the hand),
  builds the most valuable affordable district (new types, its character's income type, useful unique
  districts), drafts the character that pays most for its city, kills and robs characters that are probably
  strong, and its Warlord knocks the leader's cheapest district down.
* `StrongHeuristicAgent` ("heuristic-strong"): the same, plus a model of who holds which character (face-up
  discards, the hands it saw in the draft, who picks before and after it, what each player probably wants),
  targets by expected gain, completion timing (rush when ahead, do not end a game it would lose), blocking
  a player about to complete, and a sensible use of the active unique districts.
* `rollout_action(game, rng)`: the basic policy on a full `Game` (a determinized sample), for search
  rollouts.

The agents read only their `Decision`: the seat's `PlayerView`, the legal actions, the kind and the config.
Every handler returns one of `decision.legal`; a kind without an opinion falls back to a reasonable
default.

The package, one module per concern (a module imports only those above it in this list):

* `values`: the district and character tables, and `char_value` from plain numbers.
* `table`: `Table`, what one decision lets a seat read, with `character_value` and the choosers.
* `followups`: the basic tier's ability targets, follow-ups and payments (a mixin of `HeuristicAgent`).
* `model`: `HolderModel`, the strong tier's draft reading.
* `rollout`: `rollout_action`, the fast policy on a full game.
* `basic`: `HeuristicAgent`, its dispatch, turn menu and draft.
* `strong`: `StrongHeuristicAgent`."""

from .basic import HeuristicAgent
from .model import HolderModel
from .rollout import rollout_action
from .strong import StrongHeuristicAgent
from .table import Table, character_value

__all__ = ["HeuristicAgent", "HolderModel", "StrongHeuristicAgent", "Table", "character_value",
           "rollout_action"]
