"""The strong tier's draft reading: `HolderModel`, the probability that each seat holds each character this
round, from what the seat saw (face-up discards, the hands passed to it, revealed and unanswered
characters, a Theater swap) and what each player probably wanted. Kept apart from the agent because it is
a self-contained estimate: it reads a `Table` and knows nothing of the bots."""

from __future__ import annotations

import math

from citadels_env.core.knowledge import absent_characters

from .table import Table, character_value, round_events


class HolderModel:
    """P(seat holds character) for the current round, from what the seat saw: face-up discards, the hands
    passed to it in the draft, a Theater swap, revealed characters and called characters nobody answered,
    and what each player probably wanted (its `character_value`, as a soft preference).

    The draft is cut into intervals between the hands the seat saw: a character that was in one hand and
    not in the next was taken by exactly one of the picks in between, or discarded face down there. Each
    pick (column) takes one character, each interval discards the rest; rows (characters) sum to 1.
    Sinkhorn scaling fits the preferences to those counts. `p[char][seat]` is the result, with seat `n`
    meaning nobody."""

    def __init__(self, tb: Table, temperature: float = 0.6) -> None:
        v = tb.view
        n = self.n = tb.n
        steps = v.draft_order
        known = dict(v.revealed)  # character -> seat, certain
        swap = v.theater if v.theater is not None and v.theater.state == "swapped" else None
        if swap is not None and swap.given is not None:  # a swap I took part in: I know where my old character went
            owner, other, given, taken = swap.owner, swap.other, swap.given, swap.taken
            known.setdefault(given if owner == tb.seat else taken, other if owner == tb.seat else owner)
        absent = {c for c in absent_characters(round_events(v)) if c != v.killed}
        obs = sorted((r for r in v.draft_seen if r.hand is not None), key=lambda r: r.step)
        mine = set(tb.chars) | {r.chosen for r in obs if r.chosen is not None and steps[r.step].op == "discard"}
        bounds = [-1] + [r.step for r in obs] + [len(steps)]
        seat_of = {i: s for i, (op, s) in enumerate(steps) if op == "keep" and s != tb.seat}
        # which interval each character left my hands in
        interval: dict[str, int] = {}
        for c in v.characters:
            if c in v.faceup or c in mine or (known.get(c) == tb.seat):
                continue
            last = 0
            for i, r in enumerate(obs):
                if c in r[2]:
                    last = i + 1
            interval[c] = last
        # columns: the picks of each interval, and its face-down "out" slot
        picks = {k: [i for i in seat_of if bounds[k] < i < bounds[k + 1]] for k in range(len(bounds) - 1)}
        facedown_taker = next((s for op, s in steps if op == "take_facedown" and s != tb.seat), None)
        rows: dict[str, dict] = {}
        fixed_cols: set = set()
        out_used: dict[int, int] = {}
        for c, k in interval.items():
            if c in known:
                step = next((i for i in picks[k] if seat_of[i] == known[c]), None)
                if step is None and k == 0 and known[c] == facedown_taker:
                    # 7-8 players: the last player kept the first face-down card; a passed card went out
                    # instead
                    step = max(i for i, s in seat_of.items() if s == facedown_taker)
                    out_used[0] = out_used.get(0, 0) + 1
                    last_k = next(j for j, ps in picks.items() if step in ps)
                    out_used[last_k] = out_used.get(last_k, 0) - 1
                if step is None:
                    rows[c] = {("seat", known[c]): 1.0}
                else:
                    rows[c] = {step: 1.0}
                    fixed_cols.add(step)
            elif c in absent:
                rows[c] = {("out", k): 1.0}
                out_used[k] = out_used.get(k, 0) + 1
        caps: dict = {}
        for k, ps in picks.items():
            members = sum(1 for x in interval.values() if x == k)
            caps[("out", k)] = max(0, members - len(ps) - out_used.get(k, 0))
            for i in ps:
                caps[i] = 0 if i in fixed_cols else 1
        free = [c for c in interval if c not in rows]
        for c in free:
            k = interval[c]
            row = {i: math.exp(character_value(tb, c, seat_of[i]) / temperature) for i in picks[k] if caps[i]}
            if caps[("out", k)] or not row:
                row[("out", k)] = 1.0
            rows[c] = row
        self.fit(rows, free, caps)
        # per seat
        p: dict[str, dict[int, float]] = {}
        # 7-8 players: the first face-down card went back to the last player, who kept it or the card passed
        # to him
        # (even odds) while his character is unknown
        split = facedown_taker is not None and facedown_taker not in known.values()
        for c, row in rows.items():
            out: dict[int, float] = {}
            for col, x in row.items():
                seat = n
                if isinstance(col, int):
                    seat = seat_of[col]
                    if split and seat == facedown_taker and c not in known:
                        out[n] = out.get(n, 0.0) + 0.5 * x
                        x *= 0.5
                elif col[0] == "seat":
                    seat = col[1]
                elif col[1] == 0 and split and c not in absent and c not in known:
                    out[facedown_taker] = out.get(facedown_taker, 0.0) + 0.5 * x
                    x *= 0.5
                out[seat] = out.get(seat, 0.0) + x
            p[c] = out
        if swap is not None and len(swap) == 3 and tb.seat not in swap[1:]:  # two others swapped, blindly
            a, b = swap[1], swap[2]
            mix = 1.0 if n >= 4 else 0.5  # with 2-3 players one of their two characters changed hands
            for c, row in p.items():
                if c not in known:
                    pa, pb = row.get(a, 0.0), row.get(b, 0.0)
                    row[a], row[b] = (1 - mix) * pa + mix * pb, (1 - mix) * pb + mix * pa
        self.p = p

    @staticmethod
    def fit(rows: dict[str, dict], free: list[str], caps: dict, iterations: int = 10) -> None:
        """Sinkhorn scaling of the free rows: each sums to 1, each column to its capacity."""
        for _ in range(iterations):
            col: dict = {}
            for c in free:
                for k, x in rows[c].items():
                    col[k] = col.get(k, 0.0) + x
            for c in free:
                row = rows[c]
                for k in row:
                    if col[k] > 0:
                        row[k] *= caps.get(k, 0) / col[k]
                tot = sum(row.values())
                if tot > 0:
                    for k in row:
                        row[k] /= tot

    def prob(self, char: str, seat: int) -> float:
        """P(seat holds char); seat `n` = nobody."""
        row = self.p.get(char)
        return row.get(seat, 0.0) if row else 0.0

    def holders(self, char: str, seats):
        """(seat, P(seat holds char)) for each of `seats` that may hold it."""
        for s in seats:
            pr = self.prob(char, s)
            if pr:
                yield s, pr

    def in_play(self, char: str) -> float:
        """P(some opponent holds the character)."""
        row = self.p.get(char)
        if not row:
            return 0.0
        return sum(x for s, x in row.items() if s != self.n)
