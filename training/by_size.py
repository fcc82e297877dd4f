"""One bot of several networks, each playing the table sizes it plays best: a checkpoint whose main network plays
every size but those given a network of their own (its "by_size", agents/policy.py).

    python -m training.by_size OUT.pt MAIN.pt --at 4=NET.pt [--at 3=NET.pt ...]

Why: issue 24's 4-player network resists a best response at 4 players, and the same network brought to every size
plays the other sizes better but is read more easily at 4 (docs/TRAINING.md, "One bot, a network for each table
size"). The output loads as any checkpoint (`agents.make("OUT.pt")`, `weights_only=True`); at a table of a size named
by `--at` it plays that network, elsewhere MAIN's. MAIN's record (config, steps...) is kept, each other network keeps
its own beside it ("record"), and the file says which checkpoint each network came from. A MAIN or NET that itself has
networks for particular sizes gives its network for that size; MAIN's own are kept unless `--at` replaces them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from agents.policy import load_checkpoint, load_policy, load_sized, save_checkpoint
from citadels_env.core.limits import MAX_PLAYERS, MIN_PLAYERS

from .ship import KEPT


def check_sizes(at: dict[int, str | Path]) -> None:
    """A ValueError unless `at` names one table size or more, each from 2 to 8."""
    if not at:
        raise ValueError("give at least one table size its own network (--at N=NET.pt)")
    for n in at:
        if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"--at {n!r}: a table size is a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}")


def combine(out: str | Path, main: str | Path, at: dict[int, str | Path]) -> Path:
    """Write `out`: `main`'s network and record, with `at[n]`'s network played at tables of `n` players."""
    check_sizes(at)
    net, data = load_policy(main)
    load_sized(main, data)  # MAIN's own networks for particular sizes build and fit: kept as they are
    sized = {n: dict(entry) for n, entry in (data.get("by_size") or {}).items()}
    sources = dict(data.get("by_size_sources") or {})
    for n, path in sorted(at.items()):
        other, record = load_policy(path, n)
        entry = (record.get("by_size") or {}).get(n)  # NET's own network for that size: its record too
        sized[n] = {"model": other.spec(), "state_dict": other.state_dict(),
                    "record": dict(entry.get("record") or {}) if entry is not None else _kept(record)}
        sources[n] = str(path)
    save_checkpoint(out, net, **_kept(data), by_size=dict(sorted(sized.items())),
                    by_size_sources={"main": str(main), **{n: sources[n] for n in sorted(sized) if n in sources}})
    load_checkpoint(out)  # what was written loads back
    return Path(out)


def _kept(data: dict) -> dict:
    """What a checkpoint says of how its main network was made (config, steps, what it averaged...)."""
    return {k: data[k] for k in KEPT if k in data and k not in ("by_size", "by_size_sources")}


def _size_and_path(text: str) -> tuple[int, str]:
    size, eq, path = text.partition("=")
    if not eq or not size.strip().isdigit() or not path.strip():
        raise argparse.ArgumentTypeError(f"expected N=PATH (a table size and a checkpoint), got {text!r}")
    return int(size), path.strip()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="One bot of several networks, one for each table size it names "
                                                 "(training/by_size.py).")
    parser.add_argument("out", help="the checkpoint to write (.pt)")
    parser.add_argument("main", help="the checkpoint whose network plays every other table size")
    parser.add_argument("--at", action="append", type=_size_and_path, default=[], metavar="N=NET.pt",
                        help="play NET.pt's network at tables of N players (repeatable)")
    args = parser.parse_args(argv)
    at: dict[int, str | Path] = {}
    for n, path in args.at:
        if n in at:
            parser.error(f"--at {n}: given twice")
        at[n] = path
    try:
        check_sizes(at)  # before any checkpoint is read
    except ValueError as exc:
        parser.error(str(exc))
    try:
        print(combine(args.out, args.main, at))
    except (ValueError, OSError) as exc:  # a checkpoint that is missing or will not load
        parser.exit(1, f"{parser.prog}: error: {exc}\n")


if __name__ == "__main__":
    main()
