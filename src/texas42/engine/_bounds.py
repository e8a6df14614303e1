"""Static bounds of the trump search at a trick's start: the count left, the leader's sure
tricks and either team's top trumps; and all the search knows there before searching.
See docs/engine.md#bounds.
"""

from __future__ import annotations

import numpy as np

from texas42.engine._entries import tt_key, tt_probe
from texas42.engine._jit import inline, lowest, popcount
from texas42.engine._layout import (
    GEN,
    HANDS,
    TAB,
    TAB_BEATS,
    TAB_COUNT,
    TAB_FIVE,
    TAB_LEAD_SUIT,
    TAB_SUIT,
    TAB_TEN,
    TAB_TRUMP_ORDER,
    TRUMP,
)
from texas42.engine._window import narrowed


@inline
def remaining_of(W):
    """The dominoes still in the hands."""
    return W[HANDS] | W[HANDS + 1] | W[HANDS + 2] | W[HANDS + 3]


@inline
def count_of(W, mask):
    """The count points of a set of dominoes."""
    return 10 * popcount(mask & W[TAB + TAB_TEN]) + 5 * popcount(mask & W[TAB + TAB_FIVE])


@inline
def top_trump_points(W, remaining):
    """Points one team takes for sure with the trumps that beat every trump of the other.

    Each such trump wins the trick it falls in, with its count, and one seat's trumps
    fall in different tricks. Returns points, negated when the team is seats 1/3."""
    team02 = W[HANDS] | W[HANDS + 2]
    team = -1
    run = 0
    for i in range(7):
        d = W[TAB + TAB_TRUMP_ORDER + i]
        if d < 0:
            break
        if not remaining >> d & 1:
            continue
        side = 1 - (team02 >> d & 1)
        if team < 0:
            team = side
        elif side != team:
            break
        run |= np.int64(1) << d
    if team < 0:
        return 0
    a = popcount(run & W[HANDS + team])
    b = popcount(run & W[HANDS + team + 2])
    points = count_of(W, run) + (a if a > b else b)
    return -points if team else points


@inline
def sure_tricks(W, leader, remaining):
    """Tricks and points the leader takes for sure by leading winners off the top.

    Returns tricks << 6 | points. Top trumps that beat every trump outside the
    leader's hand win; once they have drawn every outstanding trump, so does each
    domino that beats every other domino left in the suit it calls for."""
    hand = W[HANDS + leader]
    others = remaining & ~hand
    trump_suit = W[TAB + TAB_SUIT + TRUMP]
    beats = TAB + TAB_BEATS
    tricks = 0
    points = 0
    m = hand & trump_suit
    while m:
        d = lowest(m)
        m &= m - 1
        if W[beats + TRUMP * 28 + d] & others == 0:
            tricks += 1
            points += 1 + W[TAB + TAB_COUNT + d]
    # The leader's other winners: dominoes that beat every other domino left in the
    # suit they call for. They are sure when nobody can trump them: every other seat
    # still holding trumps after the top trumps are led must be able to follow each
    # such lead, counting only dominoes that follow no other winner's suit.
    winners = 0
    winner_suits = 0
    m = hand & ~trump_suit
    while m:
        d = lowest(m)
        m &= m - 1
        suit = W[TAB + TAB_LEAD_SUIT + d]
        if W[beats + suit * 28 + d] & others & ~trump_suit == 0:
            winners |= np.int64(1) << d
            winner_suits |= np.int64(1) << suit
    if winners == 0:
        return tricks * 64 + points
    s = winner_suits
    while s:
        suit = lowest(s)
        s &= s - 1
        in_suit = W[TAB + TAB_SUIT + suit]
        elsewhere = 0
        t = winner_suits & ~(np.int64(1) << suit)
        while t:
            elsewhere |= W[TAB + TAB_SUIT + lowest(t)]
            t &= t - 1
        need = popcount(winners & in_suit)
        safe = True
        for seat in range(4):
            if (
                seat != leader
                and popcount(W[HANDS + seat] & trump_suit) > tricks
                and popcount(W[HANDS + seat] & in_suit & ~elsewhere) < need
            ):
                safe = False
        if not safe:
            winners &= ~in_suit
    m = winners
    while m:
        d = lowest(m)
        m &= m - 1
        tricks += 1
        points += 1 + W[TAB + TAB_COUNT + d]
    return tricks * 64 + points


@inline
def static_bounds(W, seat, remaining, tricks_left, stake):
    """(low, high) from the leader's sure tricks and either team's top trumps."""
    sure = sure_tricks(W, seat, remaining)
    if sure >> 6 == tricks_left:
        v = stake if (seat & 1) == 0 else 0
        return v, v
    low = 0
    high = stake
    if (seat & 1) == 0:
        low = sure & 63
    else:
        high = stake - (sure & 63)
    top = top_trump_points(W, remaining)
    if top > low:
        low = top
    elif stake + top < high:
        high = stake + top
    return low, high


@inline
def trick_start(W, leader, remaining, tricks, alpha, beta):
    """What the search knows at a trick's start before searching it: the stakes, the
    table's bounds and hint, and, for a position missing from the table with more than
    three tricks left, the static bounds (with three, searching costs less). Returns
    (v, bucket, entry, key, low, high, hint, alpha, beta): v >= 0 settles the position;
    else the window narrowed to the bounds, and where its result is to be stored."""
    stake = tricks + count_of(W, remaining)
    if stake <= alpha:
        return stake, 0, 0, 0, 0, stake, -1, alpha, beta
    if beta <= 0:
        return 0, 0, 0, 0, 0, stake, -1, alpha, beta
    key = tt_key(remaining, leader, W[GEN])
    bucket, entry, found, low, high, hint = tt_probe(W, key, remaining, leader, stake)
    if not found and tricks > 3:
        low, high = static_bounds(W, leader, remaining, tricks, stake)
    v, alpha, beta = narrowed(low, high, alpha, beta)
    return v, bucket, entry, key, low, high, hint, alpha, beta
