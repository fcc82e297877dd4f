"""The game's fixed limits (RULES.md §1, §3.3), each written once: the core, the environment's spaces and the tools
read them from here."""

from __future__ import annotations

MIN_PLAYERS = 2
MAX_PLAYERS = 8
#: What each player is dealt at the start (§3.3).
START_GOLD = 2
START_HAND = 4
#: The largest amount an `amount` action can name (the Abbot's split of his religious districts).
MAX_AMOUNT = 20
