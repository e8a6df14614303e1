"""The value of each legal play from a position with a trick in progress, for a batch of
deals in parallel: what ``texas42 play`` advises from. See docs/engine.md#play-values.
"""

from __future__ import annotations

import numpy as np
from numba import types

from texas42.engine._jit import claim, inline, jit
from texas42.engine._layout import (
    DOMINOES,
    HANDS,
    NODES,
    TAB,
    TAB_COUNT,
    TAB_LEAD_SUIT,
    TAB_POWER,
    TAB_SUIT,
    TAB_TRUMP_ORDER,
    TRUMP,
)
from texas42.engine._ordering import drop_equal_trumps, legal
from texas42.engine._search import exact_value, load, new_workspace

__all__ = ["new_workspace", "play_values_batch", "play_values_one"]


@inline
def _equal_trumps(W, plays, power, win_power, out):
    """Mark in ``out`` each trump play worth the same as a higher one by the search's own
    rule (``drop_equal_trumps``): out[d] = -2 - e, where e is the play it keeps for the
    run of equal trumps (the nearest higher trump still in hands that it does not drop);
    the plays to solve are left."""
    dropped = plays & ~drop_equal_trumps(W, plays, power, win_power)
    remaining = W[HANDS] | W[HANDS + 1] | W[HANDS + 2] | W[HANDS + 3]
    kept = -1
    for i in range(7):
        d = W[TAB + TAB_TRUMP_ORDER + i]
        if d < 0:
            break
        if dropped >> d & 1:
            out[d] = -2 - kept
        elif remaining >> d & 1:
            kept = d


@jit(types.void(types.int64[::1], types.int64[::1], types.int64[::1], types.int64, *[types.int64[::1]] * 2))
def play_values_one(W, hands, table, leader, trick, out):
    """out[d]: the points seats 0/2 take from the trick in progress on (its points so far
    included) when the seat to play plays domino d and every seat then plays perfectly;
    -1 where d is not a legal play. ``trick`` holds the dominoes played to the trick so
    far (``leader`` led the first), none of them in ``hands``.

    The deal is loaded once: the stored bounds of one play's search stay true for the
    next (they are keyed on the dominoes left, and the deal is the same), so the later
    plays reuse them. A trump equal to a higher one (``_equal_trumps``) takes its value
    unsearched. Each value is the exact value of the position after the play, as
    solving that position alone gives."""
    load(W, hands, table)
    pos = trick.shape[0]
    zero = leader - leader  # not a literal 0: docs/engine.md#numba-pitfalls
    suit = win_seat = win_power = points = zero
    if pos > 0:
        first = trick[0]
        suit = W[TAB + TAB_LEAD_SUIT + first]
        win_seat = leader
        win_power = W[TAB + TAB_POWER + suit * DOMINOES + first]
        points = 1 + W[TAB + TAB_COUNT + first]
        for j in range(1, pos):
            p = W[TAB + TAB_POWER + suit * DOMINOES + trick[j]]
            if p > win_power:
                win_seat = (leader + j) & 3
                win_power = p
            points += W[TAB + TAB_COUNT + trick[j]]
    seat = (leader + pos) & 3
    hand = W[HANDS + seat]
    plays = hand if pos == 0 else legal(hand, W[TAB + TAB_SUIT + suit])
    for d in range(DOMINOES):
        out[d] = 0 if plays >> d & 1 else -1
    if W[TAB + TAB_SUIT + TRUMP] & plays:
        power = TAB + TAB_POWER + (TRUMP if pos == 0 else suit) * DOMINOES
        _equal_trumps(W, plays, power, win_power if pos > 0 else zero, out)
    for d in range(DOMINOES - 1, -1, -1):
        if out[d] != 0:
            continue
        s = W[TAB + TAB_LEAD_SUIT + d] if pos == 0 else suit
        p = W[TAB + TAB_POWER + s * DOMINOES + d]
        ws = win_seat
        wp = win_power
        if pos == 0 or p > win_power:
            ws = seat
            wp = p
        t = points + W[TAB + TAB_COUNT + d] + (1 if pos == 0 else 0)
        W[HANDS + seat] = hand & ~(np.int64(1) << d)
        if pos < 3:
            out[d] = exact_value(W, (seat + 1) & 3, pos + 1, s, ws, wp, t)
        else:
            gain = t if (ws & 1) == 0 else zero
            out[d] = gain + exact_value(W, ws, zero, zero, zero, zero, zero)
        W[HANDS + seat] = hand
    for d in range(DOMINOES):
        if out[d] < -1:
            out[d] = out[-2 - out[d]]


@jit(
    types.void(
        types.int64[:, ::1],
        types.int64[::1],
        types.int64,
        types.int64[::1],
        types.int64[:, ::1],
        types.int64[::1],
        types.int64,
        types.int64[::1],
        types.int64[::1],
    ),
)
def play_values_batch(hands, table, leader, trick, out, nodes, chunk, done, claimed):
    """out[i]: play_values_one of deal i (28 values a deal). Chunks of ``chunk`` deals are
    shared out among the threads as the trump engine's batch shares its tasks, each call
    on one workspace of its own; a chunk writes only its own rows, and each deal is loaded
    afresh (a new generation of stored bounds), so the results do not depend on the
    number of threads; done[c] counts the deals chunk c has finished."""
    n = hands.shape[0]
    n_chunks = (n + chunk - 1) // chunk
    W = new_workspace()
    c = claim(claimed)
    while c < n_chunks:
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            before = W[NODES]
            play_values_one(W, hands[i], table, leader, trick, out[i])
            nodes[i] = W[NODES] - before
            done[c] += 1
        c = claim(claimed)
