"""The observation vector's layout: `GLOBAL` and `PLAYER_BLOCK` name every slice (docs/ENVIRONMENT.md is generated
from them), and `CONTEXT_ROLES` says how each decision's context is written. `observation.ObservationEncoder` fills
the vector; `encoding` re-exports both.

One float32 vector of fixed length for 2-8 players, seats relative to the observer (self first, then clockwise),
built only from what that seat may know (the same rules as `Game.view`). Every entry lies in [0, OBS_HIGH] by
construction: the scaled numbers (gold / 10, round / 10...) and the counts are clipped at OBS_HIGH, so that even a game
far outside normal play (1,000 gold, a 10,000-round game, a crafted hand of 500 cards) stays inside the declared `Box`.
"""

from __future__ import annotations

from .core import DECISIONS
from .core.actions import ABILITY_IDS
from .core.cards import CHARACTER_IDS, DISTRICT_IDS
from .core.limits import MAX_PLAYERS

CHAR = {c: i for i, c in enumerate(CHARACTER_IDS)}
KIND = {d: i for i, d in enumerate(DISTRICT_IDS)}
ABILITY = {a: i for i, a in enumerate(ABILITY_IDS)}
DECISION_KINDS: tuple[str, ...] = ("turn", *sorted(DECISIONS))
DECISION = {k: i for i, k in enumerate(DECISION_KINDS)}
PHASES = ("draft", "action", "end_round", "over")
MODES = ("normal", "bewitched", "witch_casting", "witch_resumed")
NC, NK = len(CHARACTER_IDS), len(DISTRICT_IDS)
#: The upper bound of every observation and state entry (the `Box` high); entries are clipped at it.
OBS_HIGH = 100.0


class Layout:
    """Named slices of a flat vector."""

    def __init__(self, parts: list[tuple[str, int, str]]) -> None:
        self.parts = parts
        self.slices: dict[str, slice] = {}
        off = 0
        for name, size, _ in parts:
            self.slices[name] = slice(off, off + size)
            off += size
        self.size = off

    def __getitem__(self, name: str) -> slice:
        return self.slices[name]


C27, K47, S8 = "one per character (catalogue order)", "one per district kind (catalogue order)", \
    "one per relative seat (0 = self)"
GLOBAL_PARTS = [
    ("round", 1, "round number / 10"),
    ("phase", len(PHASES), "one-hot: draft, action, end_round, over"),
    ("rank_called", 10, "one-hot of the last rank called (0 = none yet)"),
    ("tax_pot", 1, "gold on the Tax Collector's token / 10"),
    ("deck_size", 1, "cards in the district deck / 68"),
    ("completion_size", 1, "districts that complete a city / 8"),
    ("end_triggered", 1, "1 once a city was completed (this is the last round)"),
    ("characters_in_game", NC, "1 for each character of this game's set; " + C27),
    ("uniques_in_game", NK, "1 for each unique district of this game; " + K47),
    ("faceup", NC, "face-up discarded characters; " + C27),
    ("called_absent", NC, "characters called this round that nobody answered (not held, or killed)"),
    ("my_characters", NC, "the observer's characters this round"),
    ("killed", NC, "the character named by the Assassin"),
    ("robbed", NC, "the character named by the Thief"),
    ("bewitched", NC, "the character named by the Witch"),
    ("warrants", NC, "characters carrying a warrant"),
    ("signed_warrant", NC, "the signed warrant, if the observer placed it or it was revealed"),
    ("threats", NC, "characters carrying a threat"),
    ("open_threats", NC, "threats not yet settled"),
    ("flower", NC, "the flower threat, if the observer placed it or it was revealed"),
    ("draft_offer", NC, "characters the observer is choosing from now (draft)"),
    ("draft_passed", NC, "characters the observer saw in the draft this round and did not keep"),
    ("decision", len(DECISION_KINDS), "one-hot of the decision awaited: " + ", ".join(DECISION_KINDS)),
    ("decision_player", MAX_PLAYERS, "player named by the decision's context (target so far, builder...); " + S8),
    ("decision_cards", NK, "cards in the decision's context (cards on offer, district being built or chosen)"),
    ("decision_chars", NC, "characters already chosen in this decision (warrants, threats)"),
    ("decision_amount", 2, "numbers in the decision's context / 10 (Abbot's districts, price and cards given for the "
                           "Thieves' Den, gold to confiscate...)"),
    ("turn_character", NC, "character whose turn is being played"),
    ("turn_player", MAX_PLAYERS, "seat playing the turn; " + S8),
    ("turn_mode", len(MODES), "one-hot: normal, bewitched, witch_casting, witch_resumed"),
    ("turn_gathered", 1, "1 once resources were gathered this turn"),
    ("turn_builds", 1, "districts built this turn toward the limit / 3"),
    ("turn_limit", 1, "build limit this turn / 3"),
    ("turn_used", len(ABILITY_IDS), "abilities used this turn; one per ability id (actions.ABILITY_IDS)"),
]
PLAYER_PARTS = [
    ("present", 1, "1 if this seat exists"),
    ("gold", 1, "gold / 10"),
    ("hand_size", 1, "cards in hand / 10"),
    ("city", NK, "districts in the city, count per kind"),
    ("beautified", NK, "beautified districts, count per kind"),
    ("museum", 1, "cards under the Museum / 10"),
    ("city_size", 1, "districts toward completion (Monument = 2) / 8"),
    ("completed", 1, "1 if the city is completed"),
    ("first_completer", 1, "1 if this seat completed first"),
    ("crown", 1, "1 if this seat holds the crown"),
    ("revealed", NC, "characters this seat revealed this round"),
    ("known_hand", NK, "cards the observer knows in this hand (its own hand: all), count per kind"),
    ("deciding", 1, "1 if this seat must decide now"),
]
GLOBAL = Layout(GLOBAL_PARTS)
PLAYER_BLOCK = Layout(PLAYER_PARTS)
OBS_SIZE = GLOBAL.size + MAX_PLAYERS * PLAYER_BLOCK.size

#: Where each part starts: a global part in the vector, a player part in its player block.
GLOBAL_AT = {name: sl.start for name, sl in GLOBAL.slices.items()}
BLOCK_AT = {name: sl.start for name, sl in PLAYER_BLOCK.slices.items()}


#: The role of each item of a decision's context (`Game.decision_data`), by decision kind.
CONTEXT_ROLES: dict[str, tuple[str, ...]] = {
    "theater_give": ("player",), "keep_card": ("cards",), "scholar_keep": ("cards",),
    "payment": ("card", None), "necropolis_sacrifice": ("card",),
    "thieves_den_cards": ("card", "amount", "amount2"), "cardinal_player": ("card", "amount"),
    "cardinal_cards": ("card", "player", "amount"), "confiscate": ("player", "card", "amount"),
    "bribe": ("char",), "reveal_threat": ("player", "char"), "warrant": ("chars",), "threat": ("chars",),
    "spy_type": ("player",), "magician_discard": ("amount",), "wizard_card": ("player",),
    "wizard_use": ("player", "card"), "seer_give": ("players",), "emperor_resource": ("player",),
    "abbot_income": ("amount",), "warlord_district": ("player",), "diplomat_take": ("player",),
    "diplomat_give": ("player", "card", None), "marshal_district": ("player",), "artist": ("amount",),
    "armory_district": ("player",),
}
