"""Every card a person can meet has its text (citadels_env.card_text), and the browser's cards carry it."""

from __future__ import annotations

from citadels_env.card_text import CHARACTER_TEXT, DISTRICT_TEXT, character_text, district_text
from citadels_env.core import CHARACTERS, DISTRICTS
from citadels_web import views


def test_every_character_and_unique_district_has_its_text_and_nothing_else_does():
    assert set(CHARACTER_TEXT) == set(CHARACTERS)
    assert set(DISTRICT_TEXT) == {d for d, k in DISTRICTS.items() if k.type == "unique"}
    assert all(t.strip() and t.endswith(".") for t in [*CHARACTER_TEXT.values(), *DISTRICT_TEXT.values()])


def test_texts_name_the_card_its_rank_type_and_cost():
    assert character_text("thief") == "Thief, rank 2: " + CHARACTER_TEXT["thief"]
    assert district_text("castle") == "Castle: noble, costs 4."
    assert district_text("keep") == "Keep: unique, costs 3. Rank-8 abilities cannot affect it."
    assert district_text("secret_vault").startswith("Secret Vault: unique, never built.")


def test_the_browser_cards_carry_their_text():
    assert views.card("smithy")["text"] == district_text("smithy")
    assert views.card("smithy")["effect"] == DISTRICT_TEXT["smithy"]
    assert views.card("castle", beautified=True)["text"].endswith("Beautified: worth 1 more.")
    witch = views.character("witch")  # the card shows its rank and name apart from the ability
    assert (witch["name"], witch["rank"], witch["text"]) == ("Witch", 1, CHARACTER_TEXT["witch"])
