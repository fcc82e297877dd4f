"""A person at the terminal: `HumanAgent` prints the board from its seat and a numbered list of the legal
actions, then reads the chosen number.

    from agents import play_game, make
    from agents.human import HumanAgent
    play_game([HumanAgent(), make("random"), make("random")], seed=3)

At each prompt: a number picks that action, an action written as `verb:arg` ("build:castle") is accepted
too, `?` prints the board and the choices again, `h` prints the help, `q` quits (raises `HumanQuit`, a
KeyboardInterrupt, so that no `except Exception` swallows it). A closed standard input raises `InputClosed` (a
`HumanQuit` and an `EOFError`: "standard input closed: cannot read your choice"), so a script piped into `play`
ends with that message instead of looping or failing deep inside. Before each decision the agent prints what
happened since its previous one: the public events and its own private ones (`Decision.public_events()`), and
what they mean for this seat ("Your King is killed: you lose that turn.") at the moment they happen.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TextIO

from citadels_env.core import Action, GameConfig
from citadels_env.text import (
    decision_header,
    describe_action,
    describe_decision,
    describe_event,
    personal_note,
)

from .base import Agent, Decision

HELP = ("Answer with the number of an action (or the action itself, like build:castle). "
        "'?' shows the board again, 'q' quits.")


class HumanQuit(KeyboardInterrupt):
    """The person at the terminal quit the game (answered 'q' or closed the input)."""


class InputClosed(HumanQuit, EOFError):
    """Standard input is closed (end of file, or no stdin at all): no choice can be read. A `HumanQuit`, so the game
    is abandoned like a 'q', and an `EOFError`, so a caller may tell it apart and say so in one line."""

    MESSAGE = "standard input closed: cannot read your choice"

    def __init__(self, message: str = MESSAGE) -> None:
        super().__init__(message)


class HumanAgent(Agent):
    name = "human"

    def __init__(self, input: TextIO | None = None, output: TextIO | None = None, seed: int | None = None,
                 auto_single: bool = True) -> None:
        """`input` / `output` default to the current sys.stdin / sys.stdout. `auto_single`: a decision with
        one legal answer is announced and answered without asking. `seed` is accepted (and ignored)."""
        self._input = input
        self._output = output
        self.auto_single = auto_single
        self.seat = 0
        self.shown = 0  # how many of this seat's events were printed already

    @property
    def input(self) -> TextIO:
        return self._input if self._input is not None else sys.stdin

    @property
    def output(self) -> TextIO:
        return self._output if self._output is not None else sys.stdout

    def say(self, text: str = "") -> None:
        print(text, file=self.output, flush=True)

    def reset(self, seat: int, config: GameConfig, seed: int | None = None) -> None:
        self.seat = seat
        self.shown = 0
        self.say(f"You play P{seat} in a {config.players}-player game.")

    def show_events(self, events: Iterable[tuple], chars: Iterable[str] = ()) -> None:
        """Print the events of `events` (this seat's events so far, oldest first) not printed yet, each followed by
        what it means for this seat; `chars` are the characters the seat holds now (its own knowledge), so that a
        kill, a theft or a spell on one of them is told when it happens."""
        events = list(events)
        mine = tuple(chars)
        for e in events[self.shown:]:
            line = describe_event(e)
            if line:
                self.say(line)
            note = personal_note(e, self.seat, mine)
            if note:
                self.say(f"  >> {note}")
        self.shown = max(self.shown, len(events))

    def _menu(self, decision: Decision) -> None:
        self.say()
        self.say(decision.board())
        self.say()
        self.say(f"[{decision_header(decision.kind)}] {describe_decision(decision)}")
        width = len(str(len(decision.legal)))
        for i, action in enumerate(decision.legal, 1):
            self.say(f"  {i:>{width}}. {describe_action(action, decision)}")

    def act(self, decision: Decision) -> Action:
        self.show_events(decision.public_events(), decision.view.my_characters)
        legal = decision.legal
        if self.auto_single and len(legal) == 1:
            self.say(f"(only one choice: {describe_action(legal[0], decision)})")
            return legal[0]
        self._menu(decision)
        while True:
            self.output.write(f"Your choice [1-{len(legal)}, ? board, q quit]: ")
            self.output.flush()
            line = self._readline()
            if not _isatty(self.input):  # scripted input: echo it so the transcript reads like a session
                self.say(line.rstrip("\n"))
            answer = line.strip().lower()
            if answer in ("q", "quit", "exit"):
                raise HumanQuit("you quit the game")
            if answer in ("?", "b", "board"):
                self._menu(decision)
                continue
            if answer in ("h", "help"):
                self.say(HELP)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            if answer and Action.parse(answer) in legal:
                return Action.parse(answer)
            if answer:
                self.say(f"'{line.strip()}' is not a choice. {HELP}")


    def _readline(self) -> str:
        """One line of the input; InputClosed at its end, or when there is no open input at all."""
        try:
            line = self.input.readline()
        except (AttributeError, ValueError, OSError):  # sys.stdin is None or closed (`citadels play <&-`)
            line = ""
        if not line:
            self.say()
            raise InputClosed()
        return line


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
