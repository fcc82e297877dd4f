"""`citadels serve`: the browser game on a local web server (citadels_web, docs/WEB.md)."""

from __future__ import annotations

import argparse
import json
import logging
import socket
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """One option per server limit (`citadels_web.limits.Limits`), named as the field, described by it."""
    from citadels_web.limits import Limits

    group = parser.add_argument_group("limits", "what one client may cost (docs/WEB.md, Security and limits)")
    for f in fields(Limits):
        group.add_argument(f"--{f.name.replace('_', '-')}", dest=f"limit_{f.name}", type=float, default=None,
                           metavar="N", help=f"{f.metadata['doc']} (default {_shown(f.default)})")


def _shown(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def limits_of(args: argparse.Namespace) -> Any:
    """The Limits the options give; a bad value is a ValueError naming the option."""
    from citadels_web.limits import Limits

    given = {}
    for f in fields(Limits):
        value = getattr(args, f"limit_{f.name}", None)
        if value is not None:
            given[f.name] = int(value) if isinstance(f.default, int) and value == int(value) else value
    try:
        return Limits(**given)
    except ValueError as exc:
        raise ValueError(str(exc).replace("limit ", "--").replace("_", "-")) from None


def check_serve(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Every option checked before the server starts: a bad option is a usage error, a bot file or record that
    cannot be read a runtime error naming it, a port already taken a runtime error."""
    if not 0 < args.port < 65536:
        parser.error(f"argument --port: must be 1 to 65535, got {args.port}")
    try:
        limits_of(args)
    except ValueError as exc:
        parser.error(f"argument {exc}")
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise ValueError("citadels serve needs the web extra: pip install 'citadels-env[web]'") from None
    from agents.evaluate import check_agents

    for path in args.bot_file:
        if not Path(path).is_file():
            parser.error(f"argument --bot-file: no file {path}")
    check_agents(args.bot_file)  # a checkpoint that cannot be loaded is refused now, naming the file
    from agents import make
    from agents.policy import PolicyAgent

    check_agents([args.hint_bot])
    if not isinstance(make(args.hint_bot), PolicyAgent):
        parser.error(f"argument --hint-bot: {args.hint_bot} is not a trained policy (give ppo, dagger or a .pt file)")
    if args.replay is not None:
        from citadels_env.core.record import RecordError, replay

        try:
            replay(json.loads(Path(args.replay).read_text(encoding="utf-8")))
        except OSError as exc:
            raise ValueError(f"--replay {args.replay}: {exc.strerror or exc}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ValueError(f"--replay {args.replay}: not a JSON game record ({exc})") from None
        except RecordError as exc:
            raise ValueError(f"--replay {args.replay}: {exc}") from None
    with socket.socket() as s:
        try:
            s.bind((args.host, args.port))
        except OSError as exc:
            raise ValueError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from citadels_web.server import DEFAULT_BOTS, create_app, uvicorn_options

    debug = getattr(args, "debug", False)
    # One line per refused message, dropped client and closed room (docs/WEB.md); tracebacks only with --debug.
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(message)s")
    bots = (*DEFAULT_BOTS, *args.bot_file)
    app = create_app(args.records, bots=bots, replay_file=args.replay, hint_bot=args.hint_bot,
                     limits=limits_of(args), debug=debug)
    print(f"Citadels server: http://{args.host}:{args.port}/  (records in {args.records}; Ctrl-C stops it)",
          flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", **uvicorn_options(app))
    return 0
