"""How the `citadels` command fails: one line on standard error naming what was wrong, never a traceback (unless
`--debug`). Usage errors (a bad option) exit 2 in argparse's style, `citadels: error: ...`; runtime errors (a missing
or broken file, an illegal action in a record, an agent that cannot be made) exit 1, `citadels: ...`; Ctrl-C exits
130 with `citadels: interrupted`."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import traceback
from collections.abc import Callable
from typing import NoReturn

PROG = "citadels"
USAGE, RUNTIME, INTERRUPTED = 2, 1, 130  # exit statuses (130 = 128 + SIGINT, as shells report Ctrl-C)


class UsageParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line with the way out: `citadels play: error: ... (see citadels
    play --help)`, exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")


def one_line(text: str) -> str:
    """The text with its lines joined: the message of an exception may span several."""
    return " ".join(text.split())


def describe(exc: BaseException) -> str:
    """The user-facing message of a runtime error: an OSError as `file: reason`, anything else as its text."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    if isinstance(exc, EOFError):
        return "standard input ended before an answer was read"
    text = one_line(str(exc))
    if isinstance(exc, KeyError) or not text:  # a bare key or an empty message says nothing on its own
        return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return text


def runtime_errors() -> tuple[type[BaseException], ...]:
    """The failures that are the user's input, not a bug: ValueError covers the core's IllegalActionError and
    ConfigError, the record and checkpoint errors, bad JSON; OSError a missing or unreadable file; an evaluation
    names the game and agent that failed. Anything else is a bug and keeps its traceback."""
    errors: list[type[BaseException]] = [ValueError, OSError, EOFError]
    evaluate = sys.modules.get("agents.evaluate")  # loaded only by the commands that use it
    if evaluate is not None:
        errors.append(evaluate.EvaluationError)
    return tuple(errors)


def guarded(run: Callable[[], int], debug: bool) -> int:
    """`run()`'s exit status, with the errors above turned into one line on standard error and their status.
    SystemExit (argparse's usage errors, --help) passes through."""
    try:
        return run()
    except KeyboardInterrupt as exc:
        if exc.args:  # a KeyboardInterrupt with a message (the human seat quitting), not Ctrl-C
            return _fail(f"{PROG}: {describe(exc)}", RUNTIME, debug)
        if sys.stdout.isatty():
            print(flush=True)  # off the prompt line the ^C was echoed on
        return _fail(f"{PROG}: interrupted", INTERRUPTED, debug)
    except BrokenPipeError:  # `citadels game | head`: the reader left; say nothing more
        with contextlib.suppress(OSError, ValueError):  # no real stdout (a test's capture): nothing to silence
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return RUNTIME
    except Exception as exc:
        if not isinstance(exc, runtime_errors()):
            raise
        return _fail(f"{PROG}: {describe(exc)}", RUNTIME, debug)


def _fail(message: str, status: int, debug: bool) -> int:
    if debug:
        traceback.print_exc()
    sys.stdout.flush()
    print(message, file=sys.stderr, flush=True)
    return status

