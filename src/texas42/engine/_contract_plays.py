"""Whether the contract is made after each legal play, at Nel-O and at sevens: a position
with a trick in progress, over a batch of deals in parallel. The searches are those of
``_nello`` and ``_sevens``, called through their cells (docs/engine.md#numba-pitfalls):
this module compiles only its own loops. See docs/engine.md#play-values.
"""

from __future__ import annotations

import numpy as np
from numba import types

from texas42.engine._jit import by_address, claim, inline, jit, lowest, popcount
from texas42.engine._layout import (
    DOMINOES,
    N_GEN,
    N_HANDS,
    N_NODES,
    N_TAB,
    NELLO_TABLE_SIZE,
    NT_LEAD_SUIT,
    NT_POWER,
    NT_SUIT,
    S_CLASS,
    S_HANDS,
    S_NODES,
)
from texas42.engine._nello import nello_search, new_nello_workspace
from texas42.engine._sevens import new_sevens_workspace, sevens_search

__all__ = ["nello_values_batch", "sevens_values_batch"]

_nello = by_address(nello_search)
_sevens = by_address(sevens_search)


@inline
def _nello_values(W, active, seat, pos, suit, win_seat, win_power, out):
    """out[d]: 1 if the bidder (kernel seat 0) loses every trick from the one in progress
    on when kernel seat ``seat`` plays d as the trick's domino number ``pos``, else 0;
    -1 where d is not a legal play. ``suit`` was led and ``win_seat`` holds the trick
    with strength ``win_power`` (unused at a lead). A new generation of stored results
    for the deal, kept from one play to the next."""
    for i in range(3):
        W[N_HANDS + i] = active[i]
    W[N_GEN] += 1
    hand = W[N_HANDS + seat]
    following = hand & W[N_TAB + NT_SUIT + suit]
    plays = following if pos > 0 and following != 0 else hand
    zero = pos - pos  # not a literal 0: docs/engine.md#numba-pitfalls
    next_seat = seat + 1 if seat < 2 else seat - 2
    bit = np.int64(1)
    for d in range(DOMINOES):
        if not plays >> d & 1:
            out[d] = -1
            continue
        W[N_HANDS + seat] = hand ^ (bit << d)
        if pos == 0:
            led = W[N_TAB + NT_LEAD_SUIT + d]
            v = _nello(W, next_seat, pos + 1, led, seat, W[N_TAB + NT_POWER + led * DOMINOES + d])
        else:
            p = W[N_TAB + NT_POWER + suit * DOMINOES + d]
            ws = seat if p > win_power else win_seat
            wp = p if p > win_power else win_power
            if pos < 2:
                v = _nello(W, next_seat, pos + 1, suit, ws, wp)
            elif ws == 0:
                v = zero  # the bidder takes the trick
            else:
                v = _nello(W, ws, zero, zero, zero, zero)
        out[d] = v
    W[N_HANDS + seat] = hand


_BATCH = types.void(
    types.int64[:, ::1],
    types.int64[::1],
    types.int64[:, ::1],
    types.int64[:, ::1],
    types.int64[::1],
    types.int64,
    types.int64[::1],
    types.int64[::1],
)
"""A batch kernel's signature: hands, table, positions, out, nodes, chunk, done, claimed."""


@jit(_BATCH)
def nello_values_batch(active, table, positions, out, nodes, chunk, done, claimed):
    """out[i]: ``_nello_values`` of deal i, whose hands are active[i] (bidder, left and
    right opponents: kernel seats 0, 1, 2) and whose trick in progress is positions[i]
    (the kernel seat to play, its place in the trick, the suit led, the kernel seat
    holding the trick and its strength). Each chunk of deals has its own workspace and
    writes only its own rows, so the results do not depend on the number of threads;
    done[c] counts the deals chunk c has finished."""
    n = active.shape[0]
    c = claim(claimed)
    while c < (n + chunk - 1) // chunk:
        W = new_nello_workspace()
        for i in range(NELLO_TABLE_SIZE):
            W[N_TAB + i] = table[i]
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            before = W[N_NODES]
            p = positions[i]
            _nello_values(W, active[i], p[0], p[1], p[2], p[3], p[4], out[i])
            nodes[i] = W[N_NODES] - before
            done[c] += 1
        c = claim(claimed)


@inline
def _sevens_values(W, hands, seat, pos, win_seat, win_distance, team, out):
    """out[d]: 1 if the team of seats ``team`` and ``team`` + 2 takes every trick from the
    one in progress on when ``seat`` plays d as the trick's domino number ``pos``, else 0.
    ``win_seat`` holds the trick with a domino ``win_distance`` from 7 (unused at a lead).
    One null-window search a distance from 7 held (dominoes at the same distance are worth
    the same): for seats 0/2, do they take all R tricks left (window R-1, R); for seats
    1/3, do seats 0/2 take one (window 0, 1), made when they do not."""
    for i in range(4):
        W[S_HANDS + i] = hands[i]
    hand = W[S_HANDS + seat]
    tricks = popcount(hand)
    zero = pos - pos  # not a literal 0: docs/engine.md#numba-pitfalls
    alpha = tricks - 1 if team == 0 else zero
    beta = alpha + 1
    for d in range(DOMINOES):
        out[d] = -1
    bit = np.int64(1)
    for c in range(8):
        same = hand & W[S_CLASS + c]
        if same == 0:
            continue
        ws = win_seat
        wd = win_distance
        if pos == 0 or c < win_distance:
            ws = seat
            wd = c
        W[S_HANDS + seat] = hand ^ (bit << lowest(same))
        if pos < 3:
            v = _sevens(W, (seat + 1) & 3, pos + 1, ws, wd, alpha, beta)
        else:
            gain = 1 - (ws & 1)
            v = gain + _sevens(W, ws, zero, zero, zero, alpha - gain, beta - gain)
        made = 1 if (v >= beta) == (team == 0) else 0
        while same:
            out[lowest(same)] = made
            same &= same - 1
    W[S_HANDS + seat] = hand


@jit(_BATCH)
def sevens_values_batch(hands, distance, positions, out, nodes, chunk, done, claimed):
    """out[i]: ``_sevens_values`` of deal i, chunk by chunk as ``nello_values_batch``;
    positions[i] holds the seat to play, its place in the trick, the seat holding the
    trick, the distance from 7 it holds it with and the bidder's team (0: seats 0/2, 1:
    seats 1/3). The sevens table's entries hold for every deal (they name no domino), so
    a chunk's later deals use its earlier ones' work."""
    n = hands.shape[0]
    c = claim(claimed)
    while c < (n + chunk - 1) // chunk:
        W = new_sevens_workspace(distance)
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            before = W[S_NODES]
            p = positions[i]
            _sevens_values(W, hands[i], p[0], p[1], p[2], p[3], p[4], out[i])
            nodes[i] = W[S_NODES] - before
            done[c] += 1
        c = claim(claimed)
