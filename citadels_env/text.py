"""Plain-words descriptions of events, actions and final scores, for the terminal and logs."""

from __future__ import annotations

from .core import CHARACTERS, DISTRICTS, Game
from .core.scoring import GameResult


def char_name(c: str | None) -> str:
    return "nobody" if c is None else CHARACTERS[c].name


def district_name(d: str) -> str:
    return DISTRICTS[d].name


def seat_name(s: int | None) -> str:
    return "nobody" if s is None else f"P{s}"


def describe_event(e: tuple) -> str | None:
    """One line per public event (None for events too small to print)."""
    kind = e[0]
    P, C, D = seat_name, char_name, district_name
    table = {
        "setup": lambda: f"{e[1]} players; characters: {', '.join(C(c) for c in e[2])}; crown: {P(e[4])}",
        "round": lambda: f"\n== Round {e[1]} (crown: {P(e[2])}) ==",
        "faceup": lambda: f"face-up discards: {', '.join(C(c) for c in e[1])}",
        "called": lambda: f"{C(e[1])} is called: " + ("no answer" if e[2] is None else f"{P(e[2])} reveals it"),
        "robbed": lambda: f"{P(e[1])} robs {P(e[2])} of {e[3]} gold",
        "crown": lambda: f"{P(e[1])} takes the crown",
        "gather_gold": lambda: f"{P(e[1])} gathers {e[2]} gold",
        "gather_cards": lambda: f"{P(e[1])} draws {e[2]} cards to choose from",
        "built": lambda: f"{P(e[1])} builds {D(e[2])}",
        "destroyed": lambda: f"{D(e[2])} of {P(e[1])} is destroyed",
        "killed": lambda: f"the Assassin kills the {C(e[1])}",
        "bewitched": lambda: f"the Witch bewitches the {C(e[1])}",
        "rob": lambda: f"the Thief will rob the {C(e[1])}",
        "warrants": lambda: f"{P(e[1])} places warrants on {', '.join(C(c) for c in e[2])}",
        "threats": lambda: f"{P(e[1])} threatens {', '.join(C(c) for c in e[2])}",
        "confiscated": lambda: f"{P(e[1])} confiscates {D(e[3])} from {P(e[2])}",
        "bribed": lambda: f"{P(e[1])} bribes {P(e[2])} with {e[3]} gold",
        "threat_revealed": lambda: f"{P(e[1])}'s threat is revealed: " + ("the flower!" if e[3] else "blank"),
        "income": lambda: f"{P(e[1])} collects {e[2]} gold of income",
        "drew": lambda: f"{P(e[1])} draws {e[2]} card(s)",
        "exchanged": lambda: f"{P(e[1])} exchanges {D(e[4])} for {D(e[3])} of {P(e[2])}, paying {e[5]}",
        "seized": lambda: f"{P(e[1])} seizes {D(e[3])} from {P(e[2])} for {e[4]} gold",
        "spied": lambda: f"{P(e[1])} spies on {P(e[2])} naming {e[3]}: {e[4]} found, {e[5]} gold taken",
        "swapped_hands": lambda: f"{P(e[1])} exchanges hands with {P(e[2])}",
        "beautified": lambda: f"{P(e[1])} beautifies {D(e[2])}",
        "taxes": lambda: f"{P(e[1])} collects {e[2]} gold of taxes",
        "queen": lambda: f"{P(e[1])} (Queen) gains {e[2]} gold",
        "heir": lambda: f"the killed {C(e[1])} was {P(e[2])}",
        "theater": lambda: f"{P(e[1])} uses the Theater on {P(e[2])}",
        "completed_first": lambda: f"{P(e[1])} completes the city first: this is the last round",
        "game_over": lambda: f"\nGame over: {P(e[1])} wins",
    }
    fn = table.get(kind)
    return fn() if fn else None


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


def render_board(game: Game, seat: int | None = None) -> str:
    """A text table of the board as `seat` sees it (its hand and characters; others' hands as counts), or the
    omniscient board (every hand and character) when seat is None."""
    n = game.num_players
    lines = [f"Round {game.round}  phase {game.phase}  crown {seat_name(game.crown)}  deck {len(game.deck)}  "
             f"tax pot {game.tax_pot}  to act: {seat_name(game.current_player)} ({game.decision_kind})"]
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
            chars = ", ".join(char_name(c) for c in p.chars)
            hand = ", ".join(district_name(c) for c in sorted(p.hand)) or "-"
        else:
            chars = ", ".join(char_name(c) for c in revealed) or "?"
            hand = f"{len(p.hand)} cards"
        city = ", ".join(district_name(k) + ("+" if k in p.beautified else "") for k in p.city) or "-"
        me = " (you)" if s == seat else ""
        lines.append(f"{seat_name(s)}{me}: {p.gold} gold | {chars} | city ({game.city_size(s)}): {city} | "
                     f"hand: {hand}")
    return "\n".join(lines)
