"""Pinned games: refactors must not change one decision of any bot, nor one event of the core.

Each case plays a whole game (or a short evaluation) and reduces everything that happened to a digest: every action,
every event with who saw it, the final scores and ranking. The expected digests in `data/pinned_games.json` were
written by the code before the architecture refactor (issue 11); a change of behaviour anywhere in the core, the bots
or the shipped `ppo` policy changes a digest.

A deliberate change of behaviour regenerates them: `python tests/test_pinned_games.py --write`, and the commit says
why the games changed.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

if __name__ == "__main__":  # as a script: import from the repository root, not tests/ (its agents/ would shadow)
    sys.path[0] = str(Path(__file__).resolve().parents[1])

import agents
from agents.evaluate import evaluate
from citadels_env.core import GameConfig

PINNED = Path(__file__).parent / "data" / "pinned_games.json"

#: name -> (agent ids per seat, GameConfig keyword arguments, seed)
GAMES: dict[str, tuple[tuple[str, ...], dict, int]] = {
    "random-2": (("random",) * 2, {}, 11),
    "random-3-rank9": (("random",) * 3, {"use_rank9": True}, 12),
    "random-5-dark_city": (("random",) * 5, {"preset": "cunning_agents"}, 13),
    "random-7": (("random",) * 7, {}, 14),
    "random-8-rank9": (("random",) * 8, {"use_rank9": True}, 15),
    "heuristic-4": (("heuristic", "heuristic-strong", "heuristic", "random"), {}, 21),
    "heuristic-strong-3": (("heuristic-strong",) * 3, {"use_rank9": True}, 22),
    "heuristic-strong-6": (("heuristic-strong", "heuristic") * 3, {"preset": "vicious_nobles"}, 23),
    "ismcts-4": (("ismcts:iters=40", "heuristic-strong", "heuristic", "random"), {}, 31),
    "ppo-4": (("ppo-v1", "heuristic", "heuristic-strong", "ppo-v1"), {}, 41),  # the first `ppo`, same digests
    "ppo-2": (("ppo-v1", "heuristic"), {}, 42),
    "ppo-8": (("ppo-v1", "heuristic") * 4, {"use_rank9": True}, 43),
    "ppo-v2-4": (("ppo-v2", "heuristic", "heuristic-strong", "ppo-v2"), {}, 44),
    "ppo-v2-5-deal": (("ppo-v2", "heuristic-strong") * 2 + ("ppo-4p-v1",), {"selection": "deal"}, 45),
    "ppo-4p-v2-4": (("ppo-4p", "heuristic-strong", "heuristic", "heuristic-strong"), {}, 49),
    "ppo-v3-4": (("ppo-v3", "heuristic", "heuristic-strong", "ppo-v3"), {}, 47),  # shipped as `ppo`, same digests
    "ppo-v3-7-rank9": (("ppo-v3", "heuristic-strong") * 3 + ("ppo-v3",), {"use_rank9": True}, 48),
    "ppo-v4-4": (("ppo-v4", "heuristic", "heuristic-strong", "ppo-v4"), {}, 50),  # shipped as `ppo`, same digests
    "ppo-v4-6-deal": (("ppo-v4", "heuristic-strong", "heuristic") * 2, {"selection": "deal"}, 51),
    "ppo-v5-4": (("ppo-v5", "heuristic-strong", "heuristic", "ppo-v5"), {}, 52),  # shipped as `ppo`, same digests
    "ppo-v5-7-dark_city": (("ppo-v5", "heuristic") * 3 + ("heuristic-strong",), {"preset": "cunning_agents"}, 53),
    "ppo-v6-2": (("ppo-v6", "heuristic-strong"), {}, 54),  # shipped as `ppo`, same digests
    "ppo-v6-5-rank9": (("ppo-v6", "heuristic", "heuristic-strong", "ppo-v6", "heuristic"), {"use_rank9": True}, 55),
    "dagger-3": (("dagger", "heuristic", "heuristic-strong"), {"use_rank9": True}, 46),
}

#: name -> (lineup, players, games, seed): evaluation results, seats rotated as `citadels eval` does.
EVALUATIONS: dict[str, tuple[tuple[str, ...], int, int, int]] = {
    "ppo-vs-heuristic-4": (("ppo-v1", "heuristic"), 4, 8, 910000),
    "ppo-v2-vs-heuristic-strong-6": (("ppo-v2", "heuristic-strong"), 6, 6, 910000),
    "strong-vs-heuristic-3": (("heuristic-strong", "heuristic"), 3, 6, 920000),
}


def _json(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def game_digest(name: str) -> str:
    ids, kwargs, seed = GAMES[name]
    config = GameConfig(players=len(ids), **kwargs)
    match = agents.play_game([agents.make(i, seed=seed) for i in ids], config, seed)
    game = match.game
    payload = {
        "actions": [str(a) for a in game.actions],
        "events": [[mask, list(event)] for mask, event in game.events],
        "result": game.result().to_dict(),
    }
    return hashlib.sha256(_json(payload).encode()).hexdigest()


def evaluation_summary(name: str) -> dict:
    lineup, players, games, seed = EVALUATIONS[name]
    report = evaluate(list(lineup), games=games, players=players, seed=seed, workers=1, progress=False)
    return {"wins": [e.wins for e in report.entries],
            "scores": [[o.seats, o.scores] for o in report.results]}


def _expected() -> dict:
    return json.loads(PINNED.read_text())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_game_is_unchanged(name):
    assert game_digest(name) == _expected()["games"][name], f"the game {name!r} no longer plays as pinned"


@pytest.mark.parametrize("name", sorted(EVALUATIONS))
def test_evaluation_is_unchanged(name):
    assert evaluation_summary(name) == _expected()["evaluations"][name]


def write() -> None:
    data = {"games": {n: game_digest(n) for n in sorted(GAMES)},
            "evaluations": {n: evaluation_summary(n) for n in sorted(EVALUATIONS)}}
    PINNED.parent.mkdir(exist_ok=True)
    PINNED.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {PINNED}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_pinned_games.py --write")
    write()
