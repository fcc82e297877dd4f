"""Plain-words descriptions of events, decisions, actions and final scores, for the terminal and logs.

`describe_event(e)` gives one line per event; `describe_decision(ctx)` says what a seat is asked;
`describe_action(action, ctx)` names one legal answer ("Build Castle (noble, 4 gold)", "Kill the Thief
(rank 2)").
`ctx` is what the deciding seat knows: an `agents.Decision`, its `PlayerView`, or the `Game` itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .core import CHARACTERS, DECISIONS, DISTRICTS, Action, Game
from .core.cards import TAX_COLLECTOR
from .core.city import (
    cards_drawn,
    count_type,
    destroy_price,
    gold_gathered,
    gold_price,
    keeps_all_drawn,
    seize_price,
)
from .core.scoring import GameResult


def char_name(c: str | None) -> str:
    return "nobody" if c is None else CHARACTERS[c].name


def district_name(d: str) -> str:
    return DISTRICTS[d].name


def seat_name(s: int | None) -> str:
    return "nobody" if s is None else f"P{s}"


def district_label(d: str) -> str:
    """"Castle (noble, 4)": name, type and cost."""
    k = DISTRICTS[d]
    return f"{k.name} ({k.type}, {k.cost})"


def char_label(c: str) -> str:
    """"the Thief (rank 2)"."""
    return f"the {CHARACTERS[c].name} (rank {CHARACTERS[c].rank})"


def _namer(names: Sequence[str] | None) -> Callable[[int | None], str]:
    """seat_name, or the players' own names when the caller has them (the browser table)."""
    if names is None:
        return seat_name
    return lambda s: "nobody" if s is None else names[s]


def describe_event(e: tuple, names: Sequence[str] | None = None) -> str | None:
    """One line per public event (None for events too small to print); `names` replaces P0, P1... by names."""
    kind = e.kind
    P, C, D = _namer(names), char_name, district_name
    table = {
        "setup": lambda: f"{e.players} players; characters: {', '.join(C(c) for c in e.characters)}; crown: {P(e.crown)}",
        "round": lambda: f"\n== Round {e.round} (crown: {P(e.crown)}) ==",
        "faceup": lambda: f"face-up discards: {', '.join(C(c) for c in e.characters)}",
        "called": lambda: f"the {C(e.character)} is called: " + ("no answer" if e.seat is None else f"{P(e.seat)} reveals it"),
        "robbed": lambda: f"{P(e.thief)} robs {P(e.seat)} of {e.gold} gold",
        "crown": lambda: f"{P(e.seat)} takes the crown",
        "gather_gold": lambda: f"{P(e.seat)} gathers {e.gold} gold",
        "gather_cards": lambda: f"{P(e.seat)} draws {plural(e.cards, 'card')} to choose from",
        "built": lambda: f"{P(e.seat)} builds {D(e.district)}",
        "destroyed": lambda: f"{D(e.district)} of {P(e.seat)} is destroyed",
        "killed": lambda: f"the Assassin kills the {C(e.character)}",
        "bewitched": lambda: f"the Witch bewitches the {C(e.character)}",
        "rob": lambda: f"the Thief will rob the {C(e.character)}",
        "warrants": lambda: f"{P(e.seat)} places warrants on {', '.join(C(c) for c in e.characters)}",
        "threats": lambda: f"{P(e.seat)} threatens {', '.join(C(c) for c in e.characters)}",
        "confiscated": lambda: f"{P(e.magistrate)} confiscates {D(e.district)} from {P(e.seat)}",
        "bribed": lambda: f"{P(e.seat)} bribes {P(e.blackmailer)} with {e.gold} gold",
        "threat_revealed": lambda: f"{P(e.seat)}'s threat is revealed: " + ("the flower!" if e.flower else "blank"),
        "income": lambda: f"{P(e.seat)} collects {e.gold} gold of income",
        "drew": lambda: f"{P(e.seat)} draws {plural(e.cards, 'card')}",
        "exchanged": lambda: f"{P(e.seat)} exchanges {D(e.given)} for {D(e.taken)} of {P(e.owner)}, paying {e.price}",
        "seized": lambda: f"{P(e.seat)} seizes {D(e.district)} from {P(e.owner)} for {e.price} gold",
        "spied": lambda: (f"{P(e.seat)} spies on {P(e.target)} naming {e.district_type}: "
                           f"{plural(e.matches, 'match', 'matches')}, {e.gold} gold taken"),
        "swapped_hands": lambda: f"{P(e.seat)} exchanges hands with {P(e.other)}",
        "beautified": lambda: f"{P(e.seat)} beautifies {D(e.district)}",
        "taxes": lambda: f"{P(e.seat)} collects {e.gold} gold of taxes",
        "queen": lambda: f"{P(e.seat)} (Queen) gains {e.gold} gold",
        "heir": lambda: f"the killed {C(e.character)} was {P(e.seat)}",
        "theater": lambda: f"{P(e.owner)} uses the Theater on {P(e.other)}",
        "completed_first": lambda: f"{P(e.seat)} completes the city first: this is the last round",
        "game_over": lambda: f"\nGame over: {P(e.winner)} wins",
        "tax": lambda: f"{P(e.seat)} pays 1 gold of tax into the pot",
        "merchant_gold": lambda: f"{P(e.seat)} (Merchant) takes {e.gold} extra gold",
        "navigator_gold": lambda: f"{P(e.seat)} (Navigator) takes {e.gold} gold",
        "picked": lambda: f"{P(e.seat)} chooses a character",
        "discarded": lambda: f"{P(e.seat)} discards a character face down",
        "dealt": lambda: f"{P(e.seat)} is dealt a character",
        "took_facedown": lambda: f"{P(e.seat)} takes the face-down character",
        "theater_swap": lambda: f"{P(e.owner)} gives the {C(e.given)} to {P(e.other)} and takes the {C(e.taken)}",
        "looked": lambda: f"{P(e.seat)} sees the hand of {P(e.target)}: " + (", ".join(map(D, e.hand)) or "empty"),
        "signed_warrant": lambda: f"(secret) {P(e.seat)}'s signed warrant is on the {C(e.character)}",
        "flower": lambda: f"(secret) {P(e.seat)}'s flower threat is on the {C(e.character)}",
        "refused_bribe": lambda: f"{P(e.seat)} does not bribe the Blackmailer",
        "magician_discarded": lambda: f"{P(e.seat)} (Magician) discards {plural(e.cards, 'card')} and draws as many",
        "wizard_looked": lambda: f"{P(e.seat)} (Wizard) looks at the hand of {P(e.target)}",
        "wizard_took": lambda: f"{P(e.seat)} (Wizard) takes a card from {P(e.target)}",
        "seer_took": lambda: f"{P(e.seat)} (Seer) takes a random card from " + ", ".join(map(P, e.victims)),
        "emperor_took": lambda: f"{P(e.seat)} (Emperor) takes 1 {e.resource} from {P(e.target)}",
        "abbot_took": lambda: f"{P(e.seat)} (Abbot) takes 1 gold from {P(e.giver)}",
        "scholar_drew": lambda: f"{P(e.seat)} (Scholar) draws {plural(e.cards, 'card')} and keeps one",
        "cardinal": lambda: f"{P(e.seat)} (Cardinal) takes {e.gold} gold from {P(e.giver)} for {plural(e.gold, 'card')}",
        "laboratory": lambda: f"{P(e.seat)} discards a card at the Laboratory for 2 gold",
        "smithy": lambda: f"{P(e.seat)} pays 2 gold at the Smithy to draw 3 cards",
        "museum": lambda: f"{P(e.seat)} places a card under the Museum",
        "poor_house": lambda: f"{P(e.seat)} gains 1 gold from the Poor House",
        "alchemist": lambda: f"{P(e.seat)} (Alchemist) gets back {e.gold} gold",
        "park": lambda: f"{P(e.seat)} draws 2 cards from the Park",
    }
    fn = table.get(kind)
    return fn() if fn else None


def personal_note(e: tuple, seat: int, chars: tuple[str, ...] | list[str] = (),
                  names: Sequence[str] | None = None) -> str | None:
    """What an event means for `seat`, said to its player when it happens ("Your King is killed..."), or None.

    It reads only the event (which the caller took from the events `seat` sees) and `chars`, the characters the
    seat holds: nothing the seat could not know."""
    kind, C, D, P = e.kind, char_name, district_name, _namer(names)
    if kind in ("killed", "bewitched", "rob") and e.character in chars:
        return {"killed": f"Your {C(e.character)} is killed: you lose that turn.",
                "bewitched": f"Your {C(e.character)} is bewitched: after you gather, the Witch plays the rest of "
                             "that turn.",
                "rob": f"Your {C(e.character)} will be robbed: the Thief takes your gold when you reveal it."}[kind]
    if kind == "called" and e.seat is None and e.character in chars:
        return f"Your {C(e.character)} was killed: you skip this turn."
    if kind in ("warrants", "threats") and e.seat != seat:
        mine = [c for c in e.characters if c in chars]
        if mine:
            token = "A warrant" if kind == "warrants" else "A threat"
            return f"{token} is on your {', '.join(C(c) for c in mine)}."
    if kind == "robbed" and e.seat == seat:
        return f"You are robbed: {P(e.thief)} takes your {e.gold} gold."
    if kind == "destroyed" and e.seat == seat:
        return f"Your {D(e.district)} is destroyed."
    if kind == "confiscated" and e.seat == seat:
        return f"Your {D(e.district)} is confiscated: it goes to {P(e.magistrate)}'s city; your gold comes back."
    if kind == "seized" and e.owner == seat:
        return f"{P(e.seat)} seizes your {D(e.district)} and pays you {e.price} gold."
    if kind == "exchanged" and e.owner == seat:
        return f"{P(e.seat)} takes your {D(e.taken)} and gives you {D(e.given)}."
    if kind == "swapped_hands" and e.other == seat:
        return f"{P(e.seat)} takes your hand and gives you theirs."
    if kind in ("spied", "looked", "wizard_took", "emperor_took") and e.target == seat and e.seat != seat:
        if kind == "wizard_took":
            return f"{P(e.seat)} takes a card from your hand."
        if kind == "emperor_took":
            return f"{P(e.seat)} takes 1 {e.resource} from you."
        return f"{P(e.seat)} looked at your hand."
    if kind == "abbot_took" and e.giver == seat:
        return f"{P(e.seat)} takes 1 gold from you."
    if kind == "cardinal" and e.giver == seat:
        return f"{P(e.seat)} takes {e.gold} gold from you and gives you {plural(e.gold, 'card')}."
    if kind == "seer_took" and seat in e.victims:
        return f"{P(e.seat)} takes a random card from your hand."
    return None


def score_table(game: Game, result: GameResult) -> str:
    """The score breakdown of every player, winner first."""
    keys: list[str] = []
    for b in result.breakdowns:
        keys += [k for k in b if k not in keys and k not in ("total", "haunted_quarter_type")]
    header = ["seat"] + keys + ["total"]
    rows = [[seat_name(s)] + [str(result.breakdowns[s].get(k, "")) for k in keys] + [str(result.scores[s])]
            for s in result.ranking]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join(lines)


#: The heading of each kind of decision, as a player would name it (every kind of `DECISIONS`, and the turn menu);
#: tests/test_text_wording.py fails when a kind is registered without one.
DECISION_HEADERS: dict[str, str] = {
    "turn": "Playing a turn",
    "draft_keep": "Draft: keep a character",
    "draft_discard": "Draft: discard a character face down",
    "theater": "Theater: exchange characters?",
    "theater_give": "Theater: give a character",
    "keep_card": "Gathering: keep a drawn card",
    "payment": "Building: how to pay",
    "necropolis_sacrifice": "Necropolis: destroy a district to pay",
    "thieves_den_cards": "Thieves' Den: pay with cards",
    "cardinal_player": "Cardinal: who gives the missing gold",
    "cardinal_cards": "Cardinal: give cards for the gold",
    "emperor_heir": "Killed Emperor: pass the crown",
    "confiscate": "Magistrate: confiscate the district?",
    "bribe": "Threatened: bribe the Blackmailer?",
    "reveal_threat": "Blackmailer: reveal the threat?",
    "kill": "Assassin: choose a victim",
    "bewitch": "Witch: choose a character to bewitch",
    "warrant": "Magistrate: place the warrants",
    "rob": "Thief: choose a character to rob",
    "spy_player": "Spy: whose hand",
    "spy_type": "Spy: name a district type",
    "threat": "Blackmailer: place the threats",
    "magician_player": "Magician: whose hand to take",
    "magician_discard": "Magician: discard and redraw",
    "wizard_player": "Wizard: whose hand",
    "wizard_card": "Wizard: take a card",
    "wizard_use": "Wizard: keep or build the card",
    "seer_give": "Seer: give cards back",
    "emperor_player": "Emperor: pass the crown",
    "emperor_resource": "Emperor: take gold or a card",
    "abbot_income": "Abbot: gold or cards from religious districts",
    "abbot_richest": "Abbot: who gives you 1 gold",
    "scholar_keep": "Scholar: keep a drawn card",
    "warlord_player": "Warlord: whose city",
    "warlord_district": "Warlord: which district to destroy",
    "diplomat_player": "Diplomat: exchange with whom",
    "diplomat_take": "Diplomat: which district to take",
    "diplomat_give": "Diplomat: which district to give",
    "marshal_player": "Marshal: seize from whom",
    "marshal_district": "Marshal: which district to seize",
    "artist": "Artist: beautify a district",
    "laboratory": "Laboratory: discard a card for 2 gold",
    "museum": "Museum: place a card under it",
    "armory_player": "Armory: whose city",
    "armory_district": "Armory: which district to destroy",
}

_PHASES = {"draft": "choosing characters", "action": "turns", "end_round": "end of the round",
           "over": "game over"}


def decision_header(kind: str | None) -> str:
    """The heading of a decision in plain words (never the internal id): a new kind without an entry in
    DECISION_HEADERS falls back on the first clause of its registered description."""
    if kind is None:
        return "Game over"
    if kind in DECISION_HEADERS:
        return DECISION_HEADERS[kind]
    doc = DECISIONS[kind].doc if kind in DECISIONS else "a decision"
    return doc[0].upper() + doc[1:].split(";")[0].split(",")[0]


def _board_header(game: Game) -> str:
    if game.decision_kind == "turn" and game.turn is not None:  # the character playing is public once called
        return f"turn of the {char_name(game.turn.char)}"
    return decision_header(game.decision_kind)


def render_board(game: Game, seat: int | None = None) -> str:
    """A text table of the board as `seat` sees it (its hand and characters; others' hands as counts), or the
    omniscient board (every hand and character) when seat is None."""
    n = game.num_players
    pot = f"  tax pot {game.tax_pot}" if TAX_COLLECTOR in game.cfg.characters else ""  # only the Tax Collector's
    lines = [f"Round {game.round} ({_PHASES.get(game.phase, game.phase)})  crown {seat_name(game.crown)}  "
             f"deck {plural(len(game.deck), 'card')}{pot}  to act: {seat_name(game.current_player)}"
             + ("" if game.is_over else f" ({_board_header(game)})")]
    if game.faceup:
        lines.append("face-up: " + ", ".join(char_name(c) for c in game.faceup))
    marks = [f"{label} {char_name(c)}" for label, c in (("killed", game.killed), ("robbed", game.robbed),
                                                         ("bewitched", game.bewitched)) if c]
    if game.warrants:
        marks.append("warrants on " + ", ".join(char_name(c) for c in game.warrants))
    if game.threats:
        marks.append("threats on " + ", ".join(char_name(c) for c in game.threats))
    if marks:
        lines.append("; ".join(marks))
    for s in range(n):
        p = game.players[s]
        revealed = [c for c, who in game.revealed.items() if who == s]
        if seat is None or s == seat:
            chars = ", ".join(char_name(c) for c in p.chars) or "-"
            hand = ", ".join(district_label(c) for c in sorted(p.hand)) or "-"
        else:
            chars = ", ".join(char_name(c) for c in revealed) or "?"
            bit = 1 << seat
            known = sorted(c for c, m in zip(p.hand, p.hand_seen) if m & bit)
            hand = plural(len(p.hand), "card") + (f" (known: {', '.join(district_name(c) for c in known)})"
                                             if known else "")
        city = ", ".join(district_name(k) + ("+" if k in p.beautified else "") for k in p.city) or "-"
        me = " (you)" if s == seat else ""
        crown = " [crown]" if s == game.crown else ""
        lines.append(f"{seat_name(s)}{me}{crown}: {p.gold} gold | {chars} | city "
                     f"({plural(game.city_size(s), 'district')}): "
                     f"{city} | hand: {hand}")
    return "\n".join(lines)


# -- decisions and actions, for a person choosing ----------------------------------------------------------
class _Ctx(NamedTuple):
    kind: str | None
    data: Any
    seat: int | None
    char: str | None  # the character whose turn is played, if any
    gold: tuple[int, ...]
    hand_size: tuple[int, ...]
    cities: tuple[tuple[str, ...], ...]
    beautified: tuple[tuple[str, ...], ...]
    tax_pot: int
    crown: int | None
    wall_protects_itself: bool  # ruling Q20


def _context(ctx: Any) -> _Ctx:
    """Normalise a Game, a PlayerView or an agents.Decision (anything with a `view`) into the fields used
    here."""
    if ctx is None:
        return _Ctx(None, None, None, None, (), (), (), (), 0, None, False)
    if isinstance(ctx, Game):
        ps = ctx.players
        return _Ctx(ctx.decision_kind, ctx.decision_data, ctx.current_player,
                    None if ctx.turn is None else ctx.turn.char, tuple(p.gold for p in ps),
                    tuple(len(p.hand) for p in ps), tuple(tuple(p.city) for p in ps),
                    tuple(tuple(p.beautified) for p in ps), ctx.tax_pot, ctx.crown,
                    ctx.config.rulings.great_wall_protects_itself)
    config = getattr(ctx, "config", None)
    wall = bool(config is not None and config.rulings.great_wall_protects_itself)
    view = ctx.view if hasattr(ctx, "view") and not hasattr(ctx, "players") else ctx
    ps = view.players
    char = None if view.turn is None else view.turn["char"]
    return _Ctx(view.decision_kind, view.decision_data, view.seat, char,
                tuple(p.gold for p in ps), tuple(p.hand_size for p in ps), tuple(tuple(p.city) for p in ps),
                tuple(tuple(p.beautified) for p in ps), view.tax_pot, view.crown, wall)


def _player_info(c: _Ctx, s: int) -> str:
    if s >= len(c.gold):
        return seat_name(s)
    crown = ", crown" if c.crown == s else ""
    return (f"{seat_name(s)} ({c.gold[s]} gold, {plural(c.hand_size[s], 'card')}, "
            f"{plural(len(c.cities[s]), 'district')}{crown})")


def plural(n: int, word: str, many: str | None = None) -> str:
    """"1 card", "3 cards": the count with the word agreeing with it (`many` for irregular plurals)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


_ABILITY_TEXT = {
    "kill": "Assassin: kill a character",
    "warrants": "Magistrate: place the three warrants (one signed)",
    "rob": "Thief: rob a character",
    "spy": "Spy: name a district type and look at a player's hand",
    "threaten": "Blackmailer: place the two threats (one with the flower)",
    "magician_swap": "Magician: exchange your whole hand with another player's",
    "magician_discard": "Magician: discard cards and draw as many",
    "wizard": "Wizard: look at a player's hand and take one card",
    "seer": "Seer: take a random card from each player, then give one back to each",
    "emperor": "Emperor: give the crown to another player and take 1 gold or card from them",
    "abbot_richest": "Abbot: take 1 gold from the richest player",
    "merchant_gold": "Merchant: take 1 extra gold",
    "architect_cards": "Architect: draw 2 cards",
    "navigator_gold": "Navigator: take 4 gold",
    "navigator_cards": "Navigator: draw 4 cards",
    "scholar": "Scholar: draw 7 cards, keep one, shuffle the rest back",
    "warlord": "Warlord: destroy a district (pay its cost minus 1)",
    "diplomat": "Diplomat: exchange one of your districts with another player's (pay the difference)",
    "marshal": "Marshal: seize another player's district costing 3 or less (pay its cost)",
    "queen": "Queen: take 3 gold (you sit next to the rank-4 character)",
    "artist": "Artist: beautify up to two of your districts (1 gold each, +1 point each)",
    "tax_collector": "Tax Collector: take the {pot} gold of the tax pot",
    "laboratory": "Laboratory: discard a card from your hand to gain 2 gold",
    "smithy": "Smithy: pay 2 gold to draw 3 cards",
    "museum": "Museum: place a card face down under the Museum (1 point each)",
    "armory": "Armory: destroy the Armory to destroy any district",
}

_PAY_TEXT = {
    "thieves_den": "Pay partly or wholly with cards from your hand (Thieves' Den)",
    "framework": "Destroy your Framework instead of paying",
    "necropolis": "Destroy a district of your city instead of paying (Necropolis)",
    "cardinal": "Take the missing gold from another player, giving cards for it (Cardinal)",
}

_CHARACTER_VERB = {
    "draft_keep": "Keep {}", "draft_discard": "Discard {} face down", "kill": "Kill {}",
    "bewitch": "Bewitch {}", "rob": "Rob {}", "theater_give": "Give away {}",
}

_PLAYER_VERB = {
    "theater": "Exchange characters with", "cardinal_player": "Take the missing gold from",
    "emperor_heir": "Give the crown to", "emperor_player": "Give the crown to", "spy_player": "Spy on",
    "magician_player": "Exchange hands with", "wizard_player": "Look at the hand of",
    "abbot_richest": "Take 1 gold from", "warlord_player": "Destroy a district in the city of",
    "diplomat_player": "Exchange a district with", "marshal_player": "Seize a district from",
    "armory_player": "Destroy a district in the city of",
}

_CARD_VERB = {
    "keep_card": "Keep", "scholar_keep": "Keep", "laboratory": "Discard {card} for 2 gold",
    "museum": "Place {card} under the Museum", "magician_discard": "Put {card} at the bottom of the deck",
    "thieves_den_cards": "Pay 1 gold's worth with {card}", "wizard_card": "Take",
}


def describe_decision(ctx: Any) -> str:
    """What the deciding seat is asked, in plain words, with the context it may see."""
    c = _context(ctx)
    kind, data = c.kind, c.data
    if kind is None:
        return "The game is over."
    if kind == "turn":
        who = char_name(c.char) if c.char else "your character"
        return f"Your turn as the {who}: gather, build, use abilities, then end your turn."
    doc = DECISIONS[kind].doc if kind in DECISIONS else decision_header(kind)
    text = doc[0].upper() + doc[1:] + ("" if doc.endswith(("?", ".", "!")) else ".")
    extra = ""
    if data is None:
        pass
    elif kind in ("warrant", "threat"):
        first = "signed warrant" if kind == "warrant" else "flower threat"
        other = "an unsigned warrant" if kind == "warrant" else "the blank threat"
        extra = f"Now place the {first}." if not data else (
            f"Placed so far: {', '.join(char_name(x) for x in data)}. Now place {other}.")
    elif kind == "payment":
        extra = f"Building {district_label(data[0])}."
    elif kind == "necropolis_sacrifice":
        extra = f"Building {district_label(data)}."
    elif kind == "thieves_den_cards":
        extra = f"Price {data[1]}: {data[2]} paid in cards so far."
    elif kind == "cardinal_player":
        extra = f"Building {district_label(data[0])}, {data[1]} gold short."
    elif kind == "cardinal_cards":
        extra = f"{plural(data[2], 'more card', 'more cards')} to give to {seat_name(data[1])}."
    elif kind == "confiscate":
        extra = f"{seat_name(data[0])} pays {data[2]} gold for {district_label(data[1])}."
    elif kind == "bribe":
        extra = f"Your {char_name(data)} is threatened."
    elif kind == "reveal_threat":
        extra = f"{seat_name(data[0])} (the {char_name(data[1])}) did not bribe you."
    elif kind == "seer_give":
        extra = f"Give a card to {seat_name(data[0])}."
    elif kind == "emperor_resource":
        extra = f"From {_player_info(c, data)}."
    elif kind == "abbot_income":
        extra = (f"{plural(data, 'religious district')}: choose how many give gold; "
                 "the others give a card each.")
    elif kind == "wizard_card":
        extra = f"The hand of {_player_info(c, data)}."
    elif kind in ("diplomat_take", "warlord_district", "marshal_district", "armory_district"):
        extra = f"The city of {_player_info(c, data)}."
    elif kind == "wizard_use":
        extra = f"The card: {district_label(data[1])}, from {seat_name(data[0])}."
    elif kind == "diplomat_give":
        extra = f"You take {district_name(data[1])} from {seat_name(data[0])}."
    elif kind == "theater_give":
        extra = f"You exchange with {seat_name(data)}."
    elif kind in ("keep_card", "scholar_keep"):
        extra = "Drawn: " + ", ".join(district_label(k) for k in data) + "."
    return f"{text} {extra}".strip()


def describe_action(action: Action, ctx: Any = None) -> str:
    """One legal answer in plain words, e.g. "Build Castle (noble, 4 gold)", "Take 2 gold", "Kill the
    Thief (rank 2)", "Choose P2 (3 gold, 4 cards, 2 districts)". `ctx` (a Decision, PlayerView or Game at
    the decision) makes the wording specific to the decision awaited; without it the wording is generic."""
    c = _context(ctx)
    verb, arg = action.verb, action.arg
    kind, data = c.kind, c.data
    own = c.cities[c.seat] if c.seat is not None and c.seat < len(c.cities) else ()
    if verb == "gather":
        if arg == "gold":
            return f"Take {gold_gathered(own)} gold"
        if keeps_all_drawn(own):
            return f"Draw {plural(cards_drawn(own), 'card')} and keep them all (Library)"
        return f"Draw {plural(cards_drawn(own), 'card')} and keep one"
    if verb == "build":
        d = DISTRICTS[arg]
        return f"Build {d.name} ({d.type}, {gold_price(own, arg)} gold)"
    if verb == "end_turn":
        return "End your turn"
    if verb == "ability":
        if arg == "income":
            ch = CHARACTERS[c.char] if c.char else None
            if ch is None or ch.income_type is None:
                return "Collect income from your districts"
            n = count_type(own, ch.income_type)
            what = {"patrician": "card", "cardinal": "card", "abbot": "gold or card"}.get(ch.id, "gold")
            return f"{ch.name}: collect income, 1 {what} per {ch.income_type} district ({n})"
        return _ABILITY_TEXT.get(arg, f"Use {arg.replace('_', ' ')}").format(pot=c.tax_pot)
    if verb == "character":
        if kind in ("warrant", "threat"):
            first = not data
            token = ("the signed warrant" if first else "an unsigned warrant") if kind == "warrant" else (
                "the flower threat" if first else "the blank threat")
            return f"Place {token} on {char_label(arg)}"
        return _CHARACTER_VERB.get(kind, "Choose {}").format(char_label(arg))
    if verb == "player":
        return f"{_PLAYER_VERB.get(kind, 'Choose')} {_player_info(c, arg)}"
    if verb == "card":
        label = district_label(arg)
        if kind == "seer_give" and data:
            return f"Give {label} to {seat_name(data[0])}"
        if kind == "cardinal_cards" and data:
            return f"Give {label} to {seat_name(data[1])}"
        template = _CARD_VERB.get(kind, "Choose")
        return template.format(card=label) if "{card}" in template else f"{template} {label}"
    if verb in ("district", "beautified_district"):
        d = DISTRICTS[arg]
        label = f"{d.name} ({d.type}, {d.cost}{', beautified' if verb != 'district' else ''})"
        owner = data if isinstance(data, int) else None
        beautified = verb != "district"
        city = c.cities[owner] if owner is not None and owner < len(c.cities) else ()
        if kind == "warlord_district":
            price = destroy_price(city, arg, beautified, c.wall_protects_itself)
            return f"Destroy {label} of {seat_name(owner)}, paying {price} gold"
        if kind == "marshal_district":
            price = seize_price(city, arg, beautified, c.wall_protects_itself)
            return f"Seize {label} from {seat_name(owner)}, paying {price} gold"
        if kind == "armory_district":
            return f"Destroy {label} of {seat_name(owner)}"
        if kind == "diplomat_take":
            return f"Take {label} from {seat_name(owner)}"
        if kind == "diplomat_give":
            return f"Give {label} in exchange"
        if kind == "necropolis_sacrifice":
            return f"Destroy your {label}"
        if kind == "artist":
            return f"Beautify {label} for 1 gold"
        return f"Choose {label}"
    if verb == "type":
        return f"Name the {arg} type"
    if verb == "amount":
        if kind == "abbot_income" and isinstance(data, int):
            return f"Take {arg} gold and {plural(data - arg, 'card')}"
        return f"Choose {arg}"
    if verb == "pay":
        if arg == "gold":
            building = data[0] if kind == "payment" and data else None
            price = f" ({gold_price(own, building)} gold)" if building else ""
            return f"Pay in gold{price}"
        return _PAY_TEXT.get(arg, f"Pay with {arg.replace('_', ' ')}")
    if verb == "resource":
        return "Take 1 gold" if arg == "gold" else "Take 1 random card"
    if verb == "wizard":
        card = district_name(data[1]) if kind == "wizard_use" and data else "the card"
        if arg == "hand":
            return f"Put {card} into your hand"
        return f"Build {card} now (not counted toward the limit)"
    if verb in ("yes", "no"):
        yes = verb == "yes"
        texts = {
            "confiscate": ("Reveal the signed warrant and confiscate the district", "Do not confiscate"),
            "bribe": ("Bribe the Blackmailer with half your gold", "Do not bribe"),
            "reveal_threat": ("Reveal the threat token", "Do not reveal it"),
        }.get(kind)
        if texts:
            if yes and kind == "confiscate" and data:
                return f"Reveal the signed warrant and confiscate {district_name(data[1])}"
            if yes and kind == "bribe" and c.seat is not None and c.seat < len(c.gold):
                return f"Bribe the Blackmailer with {c.gold[c.seat] // 2} gold (half your gold)"
            return texts[0] if yes else texts[1]
        return "Yes" if yes else "No"
    if verb == "done":
        return {"thieves_den_cards": "Done: pay the rest in gold",
                "magician_discard": "Done: draw as many cards",
                "artist": "Done (beautify nothing more)"}.get(kind, "Done")
    if verb == "pass":
        return "Pass (keep your character)" if kind == "theater" else "Pass"
    return str(action)
