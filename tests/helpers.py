"""Helpers to set up rule situations by editing plain state, then drive the game through its public decisions.

    g = new_game(4, ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"])
    deal(g, {0: ["warlord"], 1: ["bishop"], 2: ["king"], 3: ["thief"]})   # skip the draft: these are held
    setup(g, 0, gold=5, hand=["castle"], city=["prison"])
    to_turn(g, "warlord")            # other characters gather gold and end their turns
    act(g, "gather:gold", "ability:warlord", "player:1")
"""

from __future__ import annotations

from citadels_env.core import Action, Game, GameConfig
from citadels_env.core.actions import A_NO, END, GATHER_GOLD
from citadels_env.core.cards import RANK

FIRST_GAME = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
TAX_SET = (*FIRST_GAME, "tax_collector")
MAGISTRATE_SET = ("magistrate", *FIRST_GAME[1:])


def new_game(players: int = 4, characters=FIRST_GAME, uniques=None, seed: int = 0, **config) -> Game:
    cfg = GameConfig(players=players, characters=tuple(characters), unique_districts=uniques, **config)
    return Game(cfg, seed)


def deal(g: Game, assignment: dict[int, list[str]], faceup: list[str] = ()) -> None:
    """Replace the current draft by a finished one: seat -> characters held; the rest are discarded face down.
    Must be called while the draft is pending (e.g. right after new_game or after a round ended)."""
    assert g.phase == "draft", g.phase
    held = {c for cs in assignment.values() for c in cs}
    for p in g.players:
        p.chars = list(assignment.get(p.seat, []))
    g.holder = {c: s for s, cs in assignment.items() for c in cs}
    g.faceup = list(faceup)
    g.facedown = [c for c in g.cfg.characters if c not in held and c not in faceup]
    g.draft_hand = []
    g.pending.clear()
    g.draft_index = len(g.draft_steps)
    g.advance()


def setup(g: Game, seat: int, gold: int | None = None, hand=None, city=None, beautified=None) -> None:
    """Set a player's gold, hand and city. Cards are taken from (or returned to) the deck so that the district
    cards stay conserved; a card not in the deck is created (for unique districts outside the game's 14)."""
    p = g.players[seat]
    if gold is not None:
        p.gold = gold
    for attr, cards in (("hand", hand), ("city", city)):
        if cards is None:
            continue
        for c in getattr(p, attr):
            g.deck.insert(0, c)
        new = []
        for c in cards:
            if c in g.deck:
                g.deck.remove(c)
            new.append(c)
        setattr(p, attr, new)
        if attr == "hand":
            p.hand_seen = [1 << seat] * len(new)
    if beautified is not None:
        p.beautified = list(beautified)


def act(g: Game, *actions: str | Action) -> None:
    """Apply actions written as strings ("build:castle", "player:2", "end_turn") or Action values."""
    for a in actions:
        g.apply(Action.parse(a) if isinstance(a, str) else a)


def legal(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def pass_turn(g: Game) -> None:
    """Play the current decision passively: gather gold and end the turn, decline, or take the first option."""
    acts = g.legal_actions()
    for a in (GATHER_GOLD, END, A_NO):
        if a in acts:
            g.apply(a)
            return
    g.apply(acts[0])


def to_turn(g: Game, char: str, max_steps: int = 500) -> None:
    """Play passively until `char`'s turn menu is reached (before it gathers)."""
    for _ in range(max_steps):
        t = g.turn
        if t is not None and t.char == char and not g.pending and not t.gathered:
            return
        if g.is_over:
            raise AssertionError(f"game over before {char}'s turn")
        pass_turn(g)
    raise AssertionError(f"{char}'s turn not reached")


def finish_round(g: Game, max_steps: int = 500) -> None:
    """Play passively until the next draft (or the end of the game)."""
    r = g.round
    for _ in range(max_steps):
        if g.is_over or (g.round > r and g.phase == "draft"):
            return
        pass_turn(g)
    raise AssertionError("round did not end")


def rank(c: str) -> int:
    return RANK[c]


def merchant_turn(city, hand, gold, characters=None) -> Game:
    """Seat 0 plays the Merchant (seats 1-3: Bishop, King, Warlord) with this city and hand; it has gathered gold,
    then its gold is set to `gold`."""
    g = new_game(4) if characters is None else new_game(4, characters)
    deal(g, {0: ["merchant"], 1: ["bishop"], 2: ["king"], 3: ["warlord"]})
    setup(g, 0, city=city, hand=hand)
    to_turn(g, "merchant")
    act(g, "gather:gold")
    setup(g, 0, gold=gold)
    return g
