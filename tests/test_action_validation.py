"""`Game.apply` checks an action's types, not only its value (issue 13).

`Action("player", 2.0) == Action("player", 2)` and `Action("player", True) == Action("player", 1)`: a check by `==`
alone let such actions in, recorded them as `player:2.0` (a record that does not replay) and, at the Magician's swap,
failed with a TypeError after the decision was consumed. Every wrongly typed variant of every legal action of every
kind of decision must raise IllegalActionError and leave the game exactly as it was.
"""

from __future__ import annotations

import functools
import random

import pytest
from helpers import act, deal, new_game, to_turn

from citadels_env.core import DECISIONS, PRESET_NAMES, Action, Game, GameConfig, IllegalActionError
from citadels_env.core.record import to_record

KINDS = sorted(DECISIONS) + ["turn"]
STATES_PER_KIND = 3


class StrLike(str):
    """Equal to the str it was made from, but not a str by exact type."""


class IntLike(int):
    """Equal to the int it was made from, but not an int by exact type."""


def _emperor_heir_state() -> Game:
    """The killed Emperor's heir decision, rare in random play (tests/characters/test_emperor.py builds it too)."""
    g = new_game(4, ("assassin", "thief", "magician", "emperor", "bishop", "merchant", "architect", "warlord"))
    deal(g, {0: ["assassin"], 1: ["bishop"], 2: ["emperor"], 3: ["warlord"]})
    act(g, "ability:kill", "character:emperor", "gather:gold", "end_turn")
    to_turn(g, "warlord")
    act(g, "gather:gold", "end_turn")
    assert g.decision_kind == "emperor_heir"
    return g


@functools.cache
def states_by_kind() -> dict[str, tuple[Game, ...]]:
    """Up to STATES_PER_KIND states awaiting each kind of decision, from seeded random games of every size and preset."""
    found: dict[str, list[Game]] = {"emperor_heir": [_emperor_heir_state()]}
    for seed in range(400):
        if all(len(found.get(k, ())) >= STATES_PER_KIND for k in KINDS if k != "emperor_heir"):
            break
        pick = random.Random(seed)
        config = GameConfig(players=2 + seed % 7, preset=PRESET_NAMES[seed % len(PRESET_NAMES)],
                            use_rank9=seed % 2 == 0, unique_districts="random" if seed % 3 == 0 else None)
        g = Game(config, seed)
        while not g.is_over:
            states = found.setdefault(g.decision_kind, [])
            if len(states) < STATES_PER_KIND:
                states.append(g.clone())
            g.apply(pick.choice(g.legal_actions()))
    return {k: tuple(v) for k, v in found.items()}


def wrong_variants(action: Action) -> list[object]:
    """Values equal (or close) to `action` that name it with a wrong type: int<->float, int<->bool, int<->str,
    str<->int, a str or int subclass, a plain tuple carrying them."""
    verb, arg = action
    out: list[object] = [Action(StrLike(verb), arg)]
    if type(arg) is int:
        out += [Action(verb, float(arg)), Action(verb, bool(arg) if arg in (0, 1) else True), Action(verb, str(arg)),
                Action(verb, IntLike(arg)), (verb, float(arg))]
    elif type(arg) is str:
        out += [Action(verb, StrLike(arg)), Action(verb, 0), Action(verb, 1), Action(verb, True), Action(verb, 1.0),
                Action(verb, arg.encode()), (verb, StrLike(arg))]
    else:
        out += [Action(verb, 0), Action(verb, False), Action(verb, 0.0), Action(verb, "")]
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_wrongly_typed_actions_are_illegal_and_change_nothing(kind):
    states = states_by_kind().get(kind)
    assert states, f"no random game reached decision {kind!r}: widen states_by_kind"
    for state in states:
        g = state.clone()
        record = to_record(g)
        legal = g.legal_actions()
        for action in legal:
            for bad in wrong_variants(action):
                with pytest.raises(IllegalActionError) as err:
                    g.apply(bad)
                assert repr(kind) in str(err.value), err.value
                assert g == state, f"{bad!r} changed the game at {kind!r}"
                assert to_record(g) == record
        # the right action still plays, exactly as on an untouched copy
        reference = state.clone()
        reference.apply(legal[0])
        g.apply(legal[0])
        assert g == reference and type(g.actions[-1][1]) is type(legal[0][1])


@pytest.mark.parametrize("bad", [None, 3, "player:1", b"done", ("player",), ("player", 1, 2), ["player", 1],
                                 {"verb": "player"}, object(), (1, 2), ("player", [1]), ("player", (1,)),
                                 ("player", {"seat": 1}), ("player", 1j)])
def test_malformed_actions_are_illegal_at_every_kind(bad):
    for kind in ("turn", "magician_player", "draft_keep", "keep_card"):
        state = states_by_kind()[kind][0]
        g = state.clone()
        with pytest.raises(IllegalActionError, match=repr(kind)):
            g.apply(bad)
        assert g == state


def _magician_swap_state() -> Game:
    return next(g for g in states_by_kind()["magician_player"] if any(a.arg >= 1 for a in g.legal_actions()))


@pytest.mark.parametrize("make", [float, str, IntLike, bool])
def test_magician_swap_with_a_wrongly_typed_seat_is_refused_before_anything_changes(make):
    state = _magician_swap_state()
    target = next(a.arg for a in state.legal_actions() if a.arg >= 1)
    g = state.clone()
    with pytest.raises(IllegalActionError, match=r"'magician_player' of seat \d") as err:
        g.apply(Action("player", make(target)))
    assert "not legal" in str(err.value)
    assert g == state and g.decision_kind == "magician_player"  # the decision is still awaited
    assert to_record(g) == to_record(state)
    me = g.current_player
    mine, theirs = list(g.players[me].hand), list(g.players[target].hand)
    g.apply(Action("player", target))
    assert g.players[me].hand == theirs and g.players[target].hand == mine
    assert str(g.actions[-1]) == f"player:{target}"


def test_a_str_seat_is_reported_as_a_type_mismatch():
    state = _magician_swap_state()
    target = state.legal_actions()[0].arg
    with pytest.raises(IllegalActionError, match="its argument is a str, not a int"):
        state.clone().apply(Action("player", str(target)))


@pytest.mark.parametrize(("text", "expected"), [
    ("player:3", Action("player", 3)), ("amount:-2", Action("amount", -2)), ("build:castle", Action("build", "castle")),
    ("end_turn", Action("end_turn")), ("player:--1", Action("player", "--1")), ("player:²", Action("player", "²")),
    ("player:-", Action("player", "-")), ("player:2.0", Action("player", "2.0")),
])
def test_parse_never_raises_and_restores_only_plain_ints(text, expected):
    action = Action.parse(text)
    assert action == expected and type(action.arg) is type(expected.arg)
