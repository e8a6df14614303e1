"""The Nel-O kernels: a boolean search over three hands, the bidder needing one good play
at each turn, the opponents one refutation. Kernel seat 0 is the bidder, 1 the opponent
on the bidder's left, 2 the one on the right (playing order; the partner sits out). The
value is 1 when the bidder can lose every remaining trick, else 0.
See docs/engine.md#nel-o.
"""

from __future__ import annotations

import numpy as np
from numba import types

from texas42.engine._entries import nello_key, nello_slot
from texas42.engine._jit import by_address, claim, inline, jit, lowest, popcount
from texas42.engine._layout import (
    N_GEN,
    N_HANDS,
    N_MOVES,
    N_NODES,
    N_TAB,
    N_TOPS,
    NELLO_PLIES,
    NELLO_TABLE_SIZE,
    NELLO_WORKSPACE_SIZE,
    NT_LEAD_SUIT,
    NT_ORDER,
    NT_POWER,
    NT_SINGLE,
    NT_SUIT,
    PLY_SCORES,
    PLY_SLOTS,
)
from texas42.engine._ordering import pick


@inline
def new_nello_workspace():
    return np.zeros(NELLO_WORKSPACE_SIZE, dtype=np.int64)


@inline
def _power(W, suit, d):
    return W[N_TAB + NT_POWER + suit * 28 + d]


@inline
def _weakest(W, hand, suit):
    """The weakest play a hand can make to a trick of ``suit``: the strength of its weakest
    domino of the suit, or 0 (a discard cannot win) when it has none."""
    m = hand & W[N_TAB + NT_SUIT + suit]
    if m == 0:
        return 0
    weakest = 99
    while m:
        d = lowest(m)
        m &= m - 1
        p = _power(W, suit, d)
        if p < weakest:
            weakest = p
    return weakest


@inline
def _drop_equivalent(W, plays, remaining, suit, win_power):
    """Keep one of each run of interchangeable dominoes: held together, each in one suit
    only, adjacent in that suit among the dominoes left and on the same side of the
    trick's winning strength (no count matters in Nel-O)."""
    singles = plays & W[N_TAB + NT_SINGLE]
    if popcount(singles) < 2:
        return plays
    for s in range(8):
        previous = -1
        for i in range(8):
            d = W[N_TAB + NT_ORDER + s * 8 + i]
            if d < 0:
                break
            if not remaining >> d & 1:
                continue
            if (
                previous >= 0
                and singles >> previous & 1
                and singles >> d & 1
                and (_power(W, suit, d) > win_power) == (_power(W, suit, previous) > win_power)
            ):
                plays &= ~(np.int64(1) << d)
            else:
                previous = d
    return plays


@inline
def _under_every_lead(W):
    """Whether the bidder surely loses every trick left with the opponents on lead: in
    each suit, every domino an opponent could lead beats all of the bidder's dominoes
    of that suit, so the bidder follows under or discards. That stays true trick after
    trick, as the hands only shrink, and the opponents keep the lead."""
    for s in range(8):
        W[N_TOPS + s] = 0
    m = W[N_HANDS]
    while m:
        d = lowest(m)
        m &= m - 1
        for s in range(8):
            p = _power(W, s, d)
            if p > W[N_TOPS + s]:
                W[N_TOPS + s] = p
    m = W[N_HANDS + 1] | W[N_HANDS + 2]
    while m:
        x = lowest(m)
        m &= m - 1
        s = W[N_TAB + NT_LEAD_SUIT + x]
        if _power(W, s, x) <= W[N_TOPS + s]:
            return False
    return True


@inline
def _moves(W, seat, pos, suit, win_seat, win_power, moves):
    """The plays to try, best first. The bidder leads only dominoes that an opponent must
    beat (any other lead wins the trick for the bidder, both opponents ducking), high
    first, and follows with the highest domino that stays under; the opponents lead
    where the bidder must go over, and duck low."""
    hand = W[N_HANDS + seat]
    remaining = W[N_HANDS] | W[N_HANDS + 1] | W[N_HANDS + 2]
    plays = hand
    if pos > 0:
        following = hand & W[N_TAB + NT_SUIT + suit]
        if following:
            plays = following
    plays = _drop_equivalent(W, plays, remaining, suit, win_power if pos > 0 else 99)
    n = 0
    while plays:
        d = lowest(plays)
        plays &= plays - 1
        if pos == 0:
            led = W[N_TAB + NT_LEAD_SUIT + d]
            p = _power(W, led, d)
            if seat == 0:
                if _weakest(W, W[N_HANDS + 1], led) < p and _weakest(W, W[N_HANDS + 2], led) < p:
                    continue  # both opponents duck: the bidder takes the trick
                score = p
            elif _weakest(W, W[N_HANDS], led) > p:
                score = 100 - p  # the bidder must go over it (if the partner can duck)
            else:
                score = -p
        else:
            p = _power(W, suit, d)
            own = _power(W, W[N_TAB + NT_LEAD_SUIT + d], d)
            if seat == 0:
                score = 100 + (p if p > 0 else own) if p < win_power else -p
            elif win_seat == 0:
                score = 100 + p if p < win_power else -p
            else:
                score = own if p == 0 else -p
        W[moves + n] = d
        W[moves + PLY_SCORES + n] = score
        n += 1
    return n


@jit(types.int64(types.int64[::1], *[types.int64] * 5))
def nello_search(W, seat, pos, suit, win_seat, win_power):
    """1 if the bidder can lose every trick from here, else 0.

    ``seat`` plays the trick's domino number ``pos`` (0 = lead); ``suit`` was led and
    ``win_seat`` holds the trick with strength ``win_power``."""
    W[N_NODES] += 1
    remaining = W[N_HANDS] | W[N_HANDS + 1] | W[N_HANDS + 2]
    key = 0
    slot = 0
    if pos == 0:
        if W[N_HANDS] == 0:
            return 1
        key = nello_key(remaining, seat, W[N_GEN])
        slot = nello_slot(key)
        if W[slot] == key:
            return W[slot + 1]
        if seat != 0 and _under_every_lead(W):
            return 1
    moves = N_MOVES + (NELLO_PLIES - 1 - popcount(remaining)) * PLY_SLOTS
    n = _moves(W, seat, pos, suit, win_seat, win_power, moves)
    hand = W[N_HANDS + seat]
    bidder = seat == 0
    result = 0 if bidder else 1
    bit = np.int64(1)
    next_seat = seat + 1 if seat < 2 else seat - 2
    for i in range(n):
        d = pick(W, moves, moves + PLY_SCORES, i, n)
        W[N_HANDS + seat] = hand ^ (bit << d)
        if pos == 0:
            led = W[N_TAB + NT_LEAD_SUIT + d]
            v = nello_search(W, next_seat, pos + 1, led, seat, _power(W, led, d))
        else:
            p = _power(W, suit, d)
            ws = win_seat
            wp = win_power
            if p > win_power:
                ws = seat
                wp = p
            if pos < 2:
                v = nello_search(W, next_seat, pos + 1, suit, ws, wp)
            elif ws == 0:
                v = ws  # the bidder took the trick: 0
            else:
                zero = pos - pos  # not a literal 0: docs/engine.md#numba-pitfalls
                v = nello_search(W, ws, zero, zero, zero, zero)
        if v == 1 and bidder:
            result = 1
            break
        if v == 0 and not bidder:
            result = 0
            break
    W[N_HANDS + seat] = hand
    if pos == 0:
        W[slot] = key
        W[slot + 1] = result
    return result


_call_nello_search = by_address(nello_search)


@inline
def nello_one(W, hands, table):
    """1 if the bidder (hands[0], leading) can lose every trick against hands[1], hands[2]."""
    for i in range(3):
        W[N_HANDS + i] = hands[i]
    for i in range(NELLO_TABLE_SIZE):
        W[N_TAB + i] = table[i]
    W[N_GEN] += 1
    zero = hands[0] - hands[0]
    return _call_nello_search(W, zero, zero, zero, zero, zero)


@jit(
    types.void(
        types.int64[:, ::1],
        types.int64[::1],
        types.int64[::1],
        types.int64[::1],
        types.int64,
        types.int64[::1],
    ),
)
def nello_batch(hands, table, out, nodes, chunk, claimed):
    """out[i]: nello_one of hands[i] (bidder, left, right). Each chunk of deals has its own
    workspace and writes only its own cells: results do not depend on the thread count."""
    n = hands.shape[0]
    c = claim(claimed)
    while c < (n + chunk - 1) // chunk:
        W = new_nello_workspace()
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            before = W[N_NODES]
            out[i] = nello_one(W, hands[i], table)
            nodes[i] = W[N_NODES] - before
        c = claim(claimed)
