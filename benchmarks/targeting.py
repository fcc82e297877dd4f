"""How a bot reads a table and how the table reads it: its picks in the character draft, how often its kills and
thefts name a character someone holds, and how often the others' kills and thefts name its own character.

    python benchmarks/targeting.py BOT [--others ppo] [--players 4] [--games 120] [--seed 990000] [--out FILE]

BOT sits in one seat (rotated game by game, game k dealt with seed `seed + k`) against `--others` in every other
seat. The holders are read from the true game, after each answer: this is a diagnostic of play, not something any
seat could know. Why: an opponent that studies a bot (a best response, docs/EXPLOITABILITY.md) wins by reading it;
against three `ppo` the 2 M-step best response's thefts find a holder far more often than `ppo`'s own, and `ppo`'s
kills rarely find the best response (docs/TRAINING.md, "What an exploiter of ppo does"). Run it for the bot and for
`--others` itself in the same seat to compare.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from tqdm import tqdm

import agents
from agents.base import Decision
from agents.evaluate import single_threaded
from citadels_env.core import Game, GameConfig
from training.config import ConfigError, OneLineParser, check_agent_id, write_json

NAMING = ("kill", "rob")


def measure(bot: str, others: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Counts over `games` games of `bot` in one seat against `others` (module docstring)."""
    c: Counter = Counter()
    picks: Counter = Counter()
    for k in tqdm(range(games), desc="targeting", unit="game", file=sys.stderr):
        config = GameConfig(players=players, crown_seat=None)
        game = Game(config, seed + k)
        me = k % players
        seats = [agents.make(bot if s == me else others, seed=(seed + k) * 16 + s) for s in range(players)]
        for s, agent in enumerate(seats):
            agent.reset(s, config, (seed + k) * 16 + s)
        while not game.is_over:
            decision = Decision(game)
            action = seats[decision.seat].act(decision)
            kind = game.decision_kind
            if kind in NAMING:
                holder = game.holder.get(action.arg)
                if decision.seat == me:
                    c[f"mine_{kind}"] += 1
                    c[f"mine_{kind}_held"] += holder is not None
                else:
                    c[f"theirs_{kind}"] += 1
                    c[f"theirs_{kind}_me"] += holder == me
            elif kind == "draft_keep" and decision.seat == me:
                picks[action.arg] += 1
            game.apply(action)
        c["wins"] += game.result().ranking[0] == me

    def share(part: str, whole: str) -> float | None:
        return c[part] / c[whole] if c[whole] else None

    total = sum(picks.values())
    return {
        "bot": bot, "others": others, "players": players, "games": games, "seed": seed,
        "win_rate": c["wins"] / games,
        "picks": {p: n / total for p, n in picks.most_common()},
        **{f"its_{kind}s": c[f"mine_{kind}"] for kind in NAMING},
        **{f"its_{kind}s_held": share(f"mine_{kind}_held", f"mine_{kind}") for kind in NAMING},
        **{f"their_{kind}s": c[f"theirs_{kind}"] for kind in NAMING},
        **{f"their_{kind}s_on_it": share(f"theirs_{kind}_me", f"theirs_{kind}") for kind in NAMING},
    }


def report(r: dict[str, Any]) -> str:
    def pct(x: float | None) -> str:
        return "-" if x is None else f"{x:.0%}"

    top = ", ".join(f"{p} {x:.0%}" for p, x in list(r["picks"].items())[:4])
    return "\n".join([
        f"{r['bot']} in one seat against {r['others']}, {r['games']} games at {r['players']} players: wins "
        f"{r['win_rate']:.1%}",
        f"  its picks: {top}",
        f"  its kills name a held character: {pct(r['its_kills_held'])} of {r['its_kills']}; its thefts: "
        f"{pct(r['its_robs_held'])} of {r['its_robs']}",
        f"  the others' kills name its character: {pct(r['their_kills_on_it'])} of {r['their_kills']}; their thefts: "
        f"{pct(r['their_robs_on_it'])} of {r['their_robs']}",
    ])


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = OneLineParser(prog="targeting.py", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bot", help="agent id or checkpoint path")
    parser.add_argument("--others", default="ppo", help="agent id in every other seat (default ppo)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=990_000)
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 8 or args.games < 1:
        parser.error("--players must be 2 to 8 and --games at least 1")
    for name, spec in (("BOT", args.bot), ("--others", args.others)):
        try:
            check_agent_id(name, spec)
        except ConfigError as exc:
            parser.error(str(exc))
    single_threaded()  # one decision at a time: more threads only spin against other jobs
    try:
        result = measure(args.bot, args.others, args.players, args.games, args.seed)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        raise SystemExit(130) from None
    print(report(result))
    write_json(args.out, result)
    return result


if __name__ == "__main__":
    main()
