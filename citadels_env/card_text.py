"""What each card does, in one or two plain sentences: the text a person reads on a card (the browser's hover, the
LLM seat's reference). Summaries of RULES.md §5 and §6, which hold the full rules and the rulings; the behaviour
itself lives in the core, never here."""

from __future__ import annotations

from .core import CHARACTERS, DISTRICTS

#: Every character's ability, by id (RULES.md §5).
CHARACTER_TEXT: dict[str, str] = {
    "assassin": "Name a character to kill: its player skips that turn.",
    "witch": "Gather, then name a character to bewitch and pause. When it is revealed its player only gathers; you "
             "play the rest of that turn as that character, with your own city, hand and gold.",
    "magistrate": "Place three warrants on characters, one secretly signed. When the signed character's player pays "
                  "to build, you may reveal it and confiscate the district (he gets his gold back).",
    "thief": "Name a character to rob (not rank 1, not the killed or bewitched one): when it is revealed, take all "
             "its player's gold.",
    "spy": "Name a district type and look at a player's hand: for each card of that type, take 1 gold from him and "
           "draw 1 card.",
    "blackmailer": "Place two threats on characters, one secretly marked. A threatened player may bribe you with half "
                   "his gold; if he does not and you reveal the marked threat, take all his gold.",
    "magician": "Either exchange your whole hand with another player's, or discard any cards and draw as many.",
    "wizard": "Look at a player's hand and take one card: keep it, or build it at once by paying its cost (even "
              "a duplicate).",
    "seer": "Take a random card from each other player's hand, then give each of them one card. Build up to 2 "
            "districts.",
    "king": "Take the crown. 1 gold per noble district. If killed, his player still takes the crown at the end of "
            "the round.",
    "emperor": "Give the crown to another player and take 1 gold or 1 card from him. 1 gold per noble district.",
    "patrician": "Take the crown. 1 card per noble district.",
    "bishop": "Rank-8 abilities cannot target your districts. 1 gold per religious district.",
    "abbot": "1 gold or 1 card per religious district, in any mix. If you are not among the richest, one of the "
             "richest players gives you 1 gold.",
    "cardinal": "Short of gold to build? Take the missing gold from a player and give him as many cards. 1 card per "
                "religious district.",
    "merchant": "Gain 1 extra gold. 1 gold per trade district.",
    "alchemist": "At the end of your turn, get back all the gold you paid to build districts this turn.",
    "trader": "Build any number of trade districts (they do not count toward your limit). 1 gold per trade "
              "district.",
    "architect": "Draw 2 extra cards. Build up to 3 districts.",
    "navigator": "Gain 4 gold or draw 4 cards. You cannot build.",
    "scholar": "Draw 7 cards, keep 1 and shuffle the rest back into the deck. Build up to 2 districts.",
    "warlord": "Destroy a district by paying 1 less than its cost (not in a completed city). 1 gold per military "
               "district.",
    "diplomat": "Exchange a district of your city with another player's, paying him the difference in cost. 1 gold "
                "per military district.",
    "marshal": "Seize a district costing 3 or less from another player, paying him its cost. 1 gold per military "
               "district.",
    "queen": "Gain 3 gold if you sit next to the player of the rank-4 character. Only with 5 or more players.",
    "artist": "Beautify one or two of your districts with 1 gold each: each is worth 1 more for everything.",
    "tax_collector": "Whoever builds outside your turn puts 1 gold on your token (if he has gold left); in your "
                     "turn, take it all.",
}

#: Every unique district's effect, by id (RULES.md §2.4 and §6).
DISTRICT_TEXT: dict[str, str] = {
    "armory": "In your turn, destroy the Armory to destroy one district (not in a completed city).",
    "basilica": "+1 point per district of your city with an odd cost.",
    "capitol": "+3 points if at least 3 districts of your city share a type.",
    "dragon_gate": "+2 points.",
    "factory": "Other unique districts cost you 1 gold less to build.",
    "framework": "Build a district by destroying the Framework instead of paying.",
    "gold_mine": "Gathering gold gives you 1 more.",
    "great_wall": "Rank-8 abilities cost 1 more against your other districts.",
    "haunted_quarter": "At the end of the game, counts as the type of your choice.",
    "imperial_treasury": "+1 point per gold in your stash at the end.",
    "ivory_tower": "+5 points if it is the only unique district of your city.",
    "keep": "Rank-8 abilities cannot affect it.",
    "laboratory": "Once per turn, discard a card from your hand to gain 2 gold.",
    "library": "When you gather cards, keep every card you drew.",
    "map_room": "+1 point per card in your hand at the end.",
    "monument": "Cannot be built into a city of 5 or more districts; counts as 2 districts toward completion.",
    "museum": "Once per turn, put a card from your hand under it: +1 point per card there at the end.",
    "necropolis": "May be built by destroying one of your districts instead of paying.",
    "observatory": "When you gather cards, draw 3 instead of 2.",
    "park": "If your hand is empty at the end of your turn, draw 2 cards.",
    "poor_house": "If your stash is empty at the end of your turn, gain 1 gold.",
    "quarry": "You may build districts identical to ones already in your city.",
    "school_of_magic": "For abilities that gain resources, counts as the type of your choice.",
    "secret_vault": "Can never be built: +3 points if it is in your hand at the end of the game.",
    "smithy": "Once per turn, pay 2 gold to draw 3 cards.",
    "stables": "Building it does not count toward your build limit.",
    "statue": "+5 points if you hold the crown at the end of the game.",
    "theater": "At the end of each selection phase, you may exchange your character with an opponent's.",
    "thieves_den": "Pay part or all of its cost in cards from your hand, 1 card per gold.",
    "wishing_well": "+1 point per unique district in your city, itself included.",
}


def character_text(c: str) -> str:
    """"Thief, rank 2: Name a character to rob..."."""
    ch = CHARACTERS[c]
    return f"{ch.name}, rank {ch.rank}: {CHARACTER_TEXT[c]}"


def district_text(d: str) -> str:
    """"Castle: noble, costs 4." for a base district; the effect too for a unique one."""
    k = DISTRICTS[d]
    cost = "never built" if not k.buildable else f"costs {k.cost}"
    effect = DISTRICT_TEXT.get(d)
    return f"{k.name}: {k.type}, {cost}." + (f" {effect}" if effect else "")
