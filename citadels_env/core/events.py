"""The events of a game log (`GameState.events`), one named record per kind.

An event is a tuple whose first item is its kind, so it reads by name (`event.seat`, `event.district`) and still
compares equal to the plain tuple it stands for (`Built(0, "castle") == ("built", 0, "castle")`), which keeps records,
logs and JSON unchanged. Who sees an event is stored beside it, not in it. The core logs one with `GameState.event(Built, (seat, district),
seen_by)`; anyone may construct one with the fields after the kind: `Built(seat, district)`.
"""

from __future__ import annotations

from collections import namedtuple

#: kind -> its record class, for readers that dispatch on the kind.
EVENT_TYPES: dict[str, type] = {}


def _event(kind: str, fields: str, doc: str) -> type:
    """A NamedTuple class `(kind, *fields)` whose constructor takes only the fields."""
    base = namedtuple("".join(w.title() for w in kind.split("_")), ("kind", *fields.split()))
    new = tuple.__new__

    def __new__(cls, *values):
        return new(cls, (kind, *values))

    cls = type(base.__name__, (base,), {
        "__slots__": (), "__doc__": doc, "__new__": __new__, "KIND": kind, "PREFIX": (kind,),
        "__getnewargs__": lambda self: tuple(self)[1:],  # pickle and copy rebuild it from the fields
    })
    EVENT_TYPES[kind] = cls
    return cls


# -- setup and selection (§3) ------------------------------------------------------------------------------------------
Setup = _event("setup", "players characters unique_districts crown", "The game's table: seats, cards, first crown.")
Round = _event("round", "round crown", "A round starts (its number, the crown holder).")
Faceup = _event("faceup", "characters", "Characters discarded face up this round (§3.4).")
Picked = _event("picked", "seat", "A seat kept a character in the draft (which one is private).")
Discarded = _event("discarded", "seat", "A seat discarded a character face down (2 players).")
Dealt = _event("dealt", "seat", "A seat was dealt a character at random (the deal variant; which one is private).")
TookFacedown = _event("took_facedown", "seat", "The last player of 7/8 took the face-down card (§3.4.7).")
Theater = _event("theater", "owner other", "The Theater's owner exchanges characters with `other`.")
TheaterSwap = _event("theater_swap", "owner other given taken", "The characters exchanged (seen by the two only).")
# -- the action phase (§4) ---------------------------------------------------------------------------------------------
Called = _event("called", "character seat", "A character is called; `seat` None when nobody answers.")
Robbed = _event("robbed", "thief seat gold", "The robbed character was revealed: `gold` goes to the thief's seat.")
Crown = _event("crown", "seat", "The crown moves to `seat`.")
GatherGold = _event("gather_gold", "seat gold", "Gathered gold.")
GatherCards = _event("gather_cards", "seat cards", "Gathered cards (`cards` drawn to choose from).")
Building = _event("building", "seat district", "A district leaves the hand to be built (paid for next).")
Built = _event("built", "seat district", "A district entered the builder's city.")
Cardinal = _event("cardinal", "seat giver gold", "The Cardinal took the gold he lacked from `giver` for cards.")
Confiscated = _event("confiscated", "magistrate seat district", "The Magistrate confiscated a district just paid.")
Bribed = _event("bribed", "seat blackmailer gold", "A threatened seat paid the Blackmailer off.")
RefusedBribe = _event("refused_bribe", "seat", "A threatened seat refused to pay.")
ThreatRevealed = _event("threat_revealed", "seat character flower", "A threat is turned face up (flower: gold taken).")
PoorHouse = _event("poor_house", "seat", "The Poor House gave 1 gold at the end of the turn.")
Alchemist = _event("alchemist", "seat gold", "The Alchemist's refund at the end of his turn.")
Park = _event("park", "seat", "The Park drew 2 cards at the end of the turn.")
EndTurn = _event("end_turn", "seat character", "A turn ends.")
Heir = _event("heir", "character seat", "The killed rank-4 character's holder is revealed at the end of the round.")
Queen = _event("queen", "seat gold", "The Queen's gold (her ability, or beside a killed rank 4).")
GameOver = _event("game_over", "winner", "The game is over.")
# -- the city (§2.4, §7) -----------------------------------------------------------------------------------------------
CompletedFirst = _event("completed_first", "seat", "The first completed city: the game ends with this round (Q15).")
Destroyed = _event("destroyed", "seat district", "A district of `seat`'s city went to the bottom of the deck.")
Tax = _event("tax", "seat", "1 gold onto the Tax Collector's token after a build (§5.27).")
# -- character abilities (§5) -----------------------------------------------------------------------------------------
Drew = _event("drew", "seat cards", "Cards drawn by an ability or a district.")
Income = _event("income", "seat gold", "Gold from an income ability (§4.5).")
MerchantGold = _event("merchant_gold", "seat gold", "The Merchant's extra gold.")
NavigatorGold = _event("navigator_gold", "seat gold", "The Navigator's 4 gold.")
Taxes = _event("taxes", "seat gold", "The Tax Collector takes the token's gold.")
Killed = _event("killed", "character", "The Assassin named his target.")
Bewitched = _event("bewitched", "character", "The Witch named her target.")
Warrants = _event("warrants", "seat characters", "The Magistrate's three warrants (by rank).")
SignedWarrant = _event("signed_warrant", "seat character", "Which warrant is signed (seen by the Magistrate only).")
Rob = _event("rob", "character", "The Thief named his target.")
Spied = _event("spied", "seat target district_type matches gold", "The Spy named a type: matches, gold taken.")
Looked = _event("looked", "seat target hand", "A seat looked at another's hand (seen by the two only).")
Threats = _event("threats", "seat characters", "The Blackmailer's two threats (by rank).")
Flower = _event("flower", "seat character", "Which threat bears the flower (seen by the Blackmailer only).")
SwappedHands = _event("swapped_hands", "seat other", "The Magician exchanged hands.")
MagicianDiscarded = _event("magician_discarded", "seat cards", "The Magician discarded and drew `cards` cards.")
WizardLooked = _event("wizard_looked", "seat target", "The Wizard looks at `target`'s hand.")
WizardTook = _event("wizard_took", "seat target", "The Wizard took a card of that hand.")
SeerTook = _event("seer_took", "seat victims", "The Seer took a random card from each of `victims`.")
EmperorTook = _event("emperor_took", "seat target resource", "The Emperor took gold or a card from the new holder.")
AbbotTook = _event("abbot_took", "seat giver", "The Abbot took 1 gold from the richest player.")
ScholarDrew = _event("scholar_drew", "seat cards", "The Scholar drew `cards` cards to choose from.")
Exchanged = _event("exchanged", "seat owner taken given price", "The Diplomat exchanged districts.")
Seized = _event("seized", "seat owner district price", "The Marshal seized a district.")
Beautified = _event("beautified", "seat district", "The Artist beautified a district.")
# -- unique districts usable in a turn (§6) ----------------------------------------------------------------------------
Laboratory = _event("laboratory", "seat", "The Laboratory turned a card into 2 gold.")
Smithy = _event("smithy", "seat", "The Smithy turned 2 gold into 3 cards.")
Museum = _event("museum", "seat", "A card went under the Museum.")
