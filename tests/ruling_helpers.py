"""What the ruling tests (test_rulings_q01_q18.py, test_rulings_q19_q36.py) share: card sets and event readers."""


from helpers import act, deal, new_game, setup

from citadels_env.core.cards import RANK

ALL = 255  # every seat's bit: a public event

WITCH_SET = ("witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
EMPEROR_SET = ("assassin", "thief", "magician", "emperor", "bishop", "merchant", "architect", "warlord")
MAG_SET = ("magistrate", "thief", "wizard", "king", "cardinal", "alchemist", "architect", "warlord")
MAG_TAX_SET = (*MAG_SET, "tax_collector")
BLACKMAIL_SET = ("assassin", "blackmailer", "wizard", "king", "abbot", "merchant", "scholar", "warlord")

SEVEN = ["manor", "temple", "tavern", "watchtower", "church", "market", "prison"]  # a completed city (4-8 players)


def with_char(chars, new):
    """FIRST_GAME (or `chars`) with the character of `new`'s rank replaced by `new`."""
    return tuple(new if RANK[c] == RANK[new] else c for c in chars)


def public(g, kind):
    return [e for m, e in g.events if m == ALL and e[0] == kind]


def events_of(g, kind):
    return [(m, e) for m, e in g.events if e[0] == kind]


def mag_game(target, signed=None, chars=MAG_SET, mag_city=()):
    """Seat 0 is the Magistrate with `mag_city`; `target` (seat 1) gets the signed warrant."""
    g = new_game(4, chars)
    others = [c for c in chars if c not in ("magistrate", target) and RANK[c] > 1]
    deal(g, {0: ["magistrate"], 1: [target], 2: [others[0]], 3: [others[1]]})
    setup(g, 0, city=list(mag_city))
    act(g, "ability:warrants", f"character:{signed or target}", f"character:{others[0]}",
        f"character:{others[1]}", "gather:gold", "end_turn")
    return g
