"""Hidden information (§10 Q36): a view never changes when what its seat cannot know changes, and determinize()
re-samples exactly that."""

import random

import pytest
from helpers import act, deal, new_game, setup, to_turn
from test_api import play

from citadels_env.core import Game, GameConfig, Rng
from citadels_env.core.invariants import random_config


def other_seats(g, seat):
    return [s for s in range(g.num_players) if s != seat]


def perturb_hidden(g: Game, seat: int, rng: random.Random) -> Game:
    """Change things `seat` cannot know: the deck order, unknown cards of other hands, face-down discards."""
    d = g.clone()
    rng.shuffle(d.deck)
    bit = 1 << seat
    for s in other_seats(d, seat):
        p = d.players[s]
        for i, m in enumerate(p.hand_seen):
            if not m & bit and d.deck:
                j = rng.randrange(len(d.deck))
                p.hand[i], d.deck[j] = d.deck[j], p.hand[i]
    return d


@pytest.mark.parametrize("seed", range(12))
def test_view_ignores_deck_order_and_unknown_cards_of_other_hands(seed):
    g = play(Game(random_config(random.Random(seed)), seed), seed, steps=60 + 13 * seed)
    if g.is_over:
        return
    rng = random.Random(seed)
    for seat in range(g.num_players):
        assert perturb_hidden(g, seat, rng).view(seat) == g.view(seat)


def test_view_ignores_other_players_unrevealed_characters():
    g = new_game(4)
    deal(g, {0: ["assassin"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    v = g.view(0)
    h = g.clone()  # seat 2 and 3 exchange their (unrevealed) characters
    h.players[2].chars, h.players[3].chars = ["warlord"], ["bishop"]
    h.holder["warlord"], h.holder["bishop"] = 2, 3
    assert h.view(0) == v
    assert h.view(2) != g.view(2)  # ... but seat 2 knows its own


def test_view_ignores_face_down_discards():
    g = new_game(4)
    deal(g, {0: ["assassin"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]}, faceup=["thief", "merchant"])
    h = g.clone()  # seat 3's Warlord and a face-down card trade places: seat 0 cannot tell
    fd = h.facedown[0]
    h.facedown[0], h.players[3].chars = "warlord", [fd]
    del h.holder["warlord"]
    h.holder[fd] = 3
    assert h.view(0) == g.view(0)


def test_own_hand_and_characters_are_in_the_view_others_are_not():
    g = new_game(4)
    deal(g, {0: ["assassin"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    setup(g, 1, hand=["castle", "temple"])
    v = g.view(0)
    assert v.my_characters == ("assassin",)
    assert v.players[1].hand_size == 2 and v.players[1].known_hand == ()
    assert g.view(1).hand == ("castle", "temple")


def test_a_spy_look_is_known_to_the_spy_only_and_forgotten_when_the_hand_changes_unseen():
    g = new_game(4, ["assassin", "spy", "magician", "king", "bishop", "merchant", "architect", "warlord"])
    deal(g, {0: ["spy"], 1: ["king"], 2: ["bishop"], 3: ["warlord"]})
    to_turn(g, "spy")
    setup(g, 1, hand=["castle", "temple"], gold=0)
    act(g, "ability:spy", "player:1", "type:noble")
    assert g.view(0).players[1].known_hand == ("castle", "temple")
    assert g.view(2).players[1].known_hand == ()
    assert any(e[0] == "looked" for e in g.view(0).events)
    assert not any(e[0] == "looked" for e in g.view(2).events)
    g.take(1, "temple", 1 << 1)  # a card leaves unseen (e.g. Laboratory): the Spy no longer knows the rest
    assert g.view(0).players[1].known_hand == ()


def test_signed_warrant_and_flower_are_private():
    g = new_game(4, ["magistrate", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord"])
    deal(g, {0: ["magistrate"], 1: ["blackmailer"], 2: ["bishop"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:bishop", "character:king", "character:warlord")
    assert g.view(0).signed_warrant == "bishop"
    assert g.view(2).signed_warrant is None and g.view(2).warrants == ("king", "bishop", "warlord")


@pytest.mark.parametrize("seed", range(30))
def test_determinize_keeps_the_view_and_resamples_the_rest(seed):
    g = play(Game(random_config(random.Random(seed)), seed), seed, steps=25 + 9 * seed)
    if g.is_over:
        return
    seat = g.current_player
    v = g.view(seat)
    decks = set()
    for k in range(8):
        d = g.determinize(seat, Rng(k))
        assert d.view(seat) == v
        assert d.district_card_count() == g.district_card_count()
        assert set(d.legal_actions()) == set(g.legal_actions())
        assert d.rng.state != g.rng.state  # the future random draws are hidden too
        decks.add(tuple(d.deck))
        play(d, k)  # a determinized game plays on to a legal end
        assert d.is_over
    assert len(decks) > 1 or len(g.deck) < 2


@pytest.mark.parametrize("seed", range(16))
def test_determinize_depends_only_on_what_the_seat_knows(seed):
    """Search relies on this: two games the seat cannot tell apart give the same sample for the same generator."""
    g = play(Game(random_config(random.Random(seed)), seed), seed, steps=20 + 17 * seed)
    if g.is_over:
        return
    rng = random.Random(seed)
    for seat in range(g.num_players):
        for other in (g.determinize(seat, Rng(1000 + seat)), perturb_hidden(g, seat, rng)):
            assert other.view(seat) == g.view(seat)
            assert other.determinize(seat, Rng(7)) == g.determinize(seat, Rng(7))


def test_determinize_respects_revealed_characters_and_the_draft_seen():
    for seed in range(40):
        g = play(Game(GameConfig(players=5), seed), seed, steps=40)
        if g.is_over or g.phase != "action":
            continue
        seat = g.current_player
        for k in range(5):
            d = g.determinize(seat, Rng(k))
            for c, s in g.revealed.items():
                assert c in d.players[s].chars
            assert d.players[seat].chars == g.players[seat].chars
            assert sorted(c for p in d.players for c in p.chars) == sorted(d.holder)
            everything = sorted(c for p in d.players for c in p.chars) + d.facedown + d.faceup
            assert sorted(everything) == sorted(g.cfg.characters)


MAG_SET = ["magistrate", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord"]


def test_tokens_being_placed_are_private_to_the_placer():
    """Q36: the signed warrant is the first one placed; while placing, others must not see the order."""
    g = new_game(4, MAG_SET)
    deal(g, {0: ["magistrate"], 1: ["blackmailer"], 2: ["bishop"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:bishop")
    assert g.view(0).decision_data == ("bishop",)
    assert g.view(2).decision_data is None
    signed = {g.determinize(2, Rng(k)).pending[-1][2] for k in range(30)}
    assert len(signed) > 3  # re-sampled for a seat that cannot know it
    act(g, "character:king", "character:warlord", "gather:gold", "end_turn", "ability:threaten", "character:warlord")
    assert g.view(3).decision_data is None and g.view(1).decision_data == ("warlord",)


def test_determinize_leaves_no_trace_of_what_it_resampled():
    g = new_game(4, MAG_SET)
    deal(g, {0: ["magistrate"], 1: ["blackmailer"], 2: ["bishop"], 3: ["warlord"]})
    act(g, "ability:warrants", "character:bishop", "character:king", "character:warlord")
    for k in range(10):
        d = g.determinize(2, Rng(k))
        assert d.actions == []
        assert not any(e[0] == "signed_warrant" for _, e in d.events)
        assert d.view(2) == g.view(2)


@pytest.mark.parametrize("seed", range(10))
def test_determinized_draft_records_agree_with_the_sampled_characters(seed):
    g = play(Game(GameConfig(players=4 + seed % 5), seed), seed, steps=25)
    if g.phase != "action":
        return
    seat = g.current_player
    for k in range(5):
        d = g.determinize(seat, Rng(k))
        for step, who, hand, chosen in d.draft_seen:
            swapped = d.theater is not None and d.theater[0] == "swapped"
            if hand is not None and d.draft_steps[step][0] == "keep" and not swapped:
                assert chosen in d.players[who].chars


def test_a_museum_taken_by_the_diplomat_keeps_its_cards_face_down():
    g = new_game(4, ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "diplomat"])
    deal(g, {0: ["diplomat"], 1: ["king"], 2: ["bishop"], 3: ["thief"]})
    to_turn(g, "diplomat")
    setup(g, 0, gold=5, city=["castle"])
    setup(g, 1, city=["museum"])
    g.players[1].museum = ["fortress", "temple"]
    assert g.view(1).my_museum == ("fortress", "temple")
    act(g, "gather:gold", "ability:diplomat", "player:1", "district:museum", "district:castle")
    assert g.players[0].museum == ["fortress", "temple"]
    assert g.view(0).my_museum == () and g.view(0).players[0].museum_size == 2
    museums = {tuple(g.determinize(0, Rng(k)).players[0].museum) for k in range(10)}
    assert len(museums) > 1  # its new owner never saw them: re-sampled
