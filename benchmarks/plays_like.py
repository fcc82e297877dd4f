"""Which of two networks a bot plays like, table by table: the KL from the bot's policy to each network's, and how
often their most likely answers agree, over the bot's own decisions at tables of given opponents.

    python benchmarks/plays_like.py BOT --like A B [--others heuristic ismcts:iters=100 ...] [--players 4]
        [--games 40] [--seed 990000] [--out FILE]

BOT sits in one seat (rotated game by game, game k dealt with seed `seed + k`, played by agents/match.py) against
`--others` in every other seat, one table kind after another (the same deals for each). At every decision of BOT with
more than one legal answer, A's and B's policies are read for the same decision (each from its own inputs; a network
that reads history features reads them) and compared with BOT's. Why: a network held to A at tables of rule bots and
to B elsewhere (configs/tables_apart.yaml) should play like A at the first and like B at the others, including at
tables it never trained at (a search bot's, its own copies'); this says whether it does, draft and turns apart.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import torch
from tqdm import tqdm

import agents
from agents.base import Decision
from agents.evaluate import single_threaded
from agents.match import play_game
from agents.policy import PolicyAgent, is_draft, masked_kl, masked_log_probs
from citadels_env.core import Game, GameConfig
from training.config import ConfigError, OneLineParser, check_agent_id, write_json


def _policy(agent: PolicyAgent, decision: Decision) -> torch.Tensor:
    """The agent's masked log-probabilities over every flat action (-inf where illegal)."""
    with torch.no_grad():
        inputs = agent.inputs(decision)  # (first: it chooses the network of the table's size)
        return masked_log_probs(agent.net.logits(*inputs)[0])


def measure(bot: str, like: list[str], others: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Per part of the play (draft, turns): decisions seen, mean KL from BOT to each of `like`, and the share of
    decisions where BOT's most likely answer is theirs (module docstring)."""
    ref = [agents.make(spec) for spec in like]
    if not all(isinstance(r, PolicyAgent) for r in [*ref, agents.make(bot)]):
        raise ValueError("BOT and --like must be networks (agent ids or checkpoints of trained policies)")
    sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    wins = 0
    for k in tqdm(range(games), desc="plays like", unit="game", file=sys.stderr):
        me = k % players
        lineup = [agents.make(bot if s == me else others, seed=(seed + k) * 16 + s) for s in range(players)]

        def compare(game: Game, seat: int, _action: object, me: int = me, mine: Any = lineup[me]) -> None:
            if seat != me:
                return
            decision = Decision(game, seat)
            if len(decision.legal) < 2:
                return
            part = "draft" if is_draft(game.decision_kind) else "turns"
            policy = _policy(mine, decision)
            sums[part]["decisions"] += 1
            for name, r in zip(like, ref):
                theirs = _policy(r, decision)
                sums[part][f"kl:{name}"] += float(masked_kl(policy, theirs))
                sums[part][f"agree:{name}"] += int(policy.argmax()) == int(theirs.argmax())

        result = play_game(lineup, GameConfig(players=players, crown_seat=None), seed + k, on_decision=compare)
        wins += result.winner == me
    parts = {part: {"decisions": int(s["decisions"]),
                    **{key: v / s["decisions"] for key, v in s.items() if key != "decisions"}}
             for part, s in sums.items()}
    return {"bot": bot, "like": like, "others": others, "players": players, "games": games, "seed": seed,
            "win_rate": wins / games, "parts": parts}


def report(r: dict[str, Any]) -> str:
    lines = [f"{r['bot']} against three {r['others']} ({r['games']} games, wins {r['win_rate']:.1%}):"]
    for part, s in sorted(r["parts"].items()):
        cells = ", ".join(f"KL to {n} {s[f'kl:{n}']:.3f}, agrees {s[f'agree:{n}']:.0%}" for n in r["like"])
        lines.append(f"  {part} ({s['decisions']} decisions): {cells}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = OneLineParser(prog="plays_like.py", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bot", help="a network: agent id or checkpoint path")
    parser.add_argument("--like", nargs=2, required=True, metavar=("A", "B"), help="the two networks to compare with")
    parser.add_argument("--others", nargs="+", default=["heuristic"], help="agent ids, one table kind each")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=990_000)
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 8 or args.games < 1:
        parser.error("--players must be 2 to 8 and --games at least 1")
    for name, spec in (("BOT", args.bot), *(("--like", s) for s in args.like), *(("--others", s) for s in args.others)):
        try:
            check_agent_id(name, spec)
        except ConfigError as exc:
            parser.error(str(exc))
    single_threaded()  # one decision at a time: more threads only spin against other jobs
    results = []
    try:
        for others in args.others:
            result = measure(args.bot, args.like, others, args.players, args.games, args.seed)
            print(report(result), flush=True)
            results.append(result)
    except ValueError as exc:
        parser.error(str(exc))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        raise SystemExit(130) from None
    write_json(args.out, results)
    return results


if __name__ == "__main__":
    main()
