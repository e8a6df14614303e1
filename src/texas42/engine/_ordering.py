"""Move ordering of the trump search: leads and follows scored, picked lazily, with
killer moves and equivalent trumps pruned. See docs/engine.md#move-ordering.
"""

from __future__ import annotations

import numpy as np

from texas42.engine._jit import inline, lowest, popcount
from texas42.engine._layout import (
    HANDS,
    KILLER_BONUS,
    KILLERS,
    SCORE_OFFSET,
    TAB,
    TAB_BEATS,
    TAB_COUNT,
    TAB_LEAD_SUIT,
    TAB_POWER,
    TAB_SUIT,
    TAB_TRUMP_ORDER,
    THREATS,
    TOPS,
    TRUMP,
)


@inline
def legal(hand, follow):
    """The plays of ``hand`` to a trick whose suit is the mask ``follow``: the dominoes
    of that suit, or any domino when it holds none."""
    following = hand & follow
    return following if following else hand


@inline
def pick(W, moves, scores, i, n):
    """The i-th move to try: the best-scored of moves i..n-1 (their scores at
    ``scores``), swapped into place.

    Most nodes stop after their first move, so this beats sorting them all."""
    best = i
    for j in range(i + 1, n):
        if W[scores + j] > W[scores + best]:
            best = j
    d = W[moves + best]
    if best != i:
        score = W[scores + best]
        W[moves + best] = W[moves + i]
        W[scores + best] = W[scores + i]
        W[moves + i] = d
        W[scores + i] = score
    return d


@inline
def _top_power(W, seat, suit, power):
    """The strongest play ``seat`` can make to a trick of ``suit``."""
    plays = legal(W[HANDS + seat], W[TAB + TAB_SUIT + suit])
    top = 0
    while plays:
        d = lowest(plays)
        plays &= plays - 1
        if W[power + d] > top:
            top = W[power + d]
    return top


@inline
def best_play(W, hand, suit):
    """The strongest legal play of ``hand`` to a trick of ``suit``; -1 if none can win."""
    plays = legal(hand, W[TAB + TAB_SUIT + suit])
    beats = TAB + TAB_BEATS + suit * 28
    while plays:
        d = lowest(plays)
        if W[beats + d] & plays == 0:
            return d if W[TAB + TAB_POWER + suit * 28 + d] > 0 else -1
        plays &= plays - 1
    return -1


@inline
def can_beat(W, hand, suit, d):
    """Whether ``hand`` holds a legal play stronger than ``d`` when ``suit`` is led."""
    plays = legal(hand, W[TAB + TAB_SUIT + suit])
    return W[TAB + TAB_BEATS + suit * 28 + d] & plays != 0


@inline
def promote_killers(W, moves, n, ply):
    """Raise the scores of the plays that last refuted a window at this ply.

    Leads, and plays of a seat that cannot follow suit, are where the scores tell
    moves apart least: a refutation found for one sibling often refutes the next."""
    first = W[KILLERS + 2 * ply]
    second = W[KILLERS + 2 * ply + 1]
    for i in range(n):
        d = W[moves + i]
        if d == first:
            W[moves + SCORE_OFFSET + i] += KILLER_BONUS
        elif d == second:
            W[moves + SCORE_OFFSET + i] += KILLER_BONUS - 1


@inline
def remember_killer(W, ply, d):
    """Record ``d`` as the newest refutation at this ply."""
    slot = KILLERS + 2 * ply
    if W[slot] != d:
        W[slot + 1] = W[slot]
        W[slot] = d


@inline
def drop_equal_trumps(W, plays, power, win_power):
    """Keep one of each run of trumps that are interchangeable here: held together,
    adjacent among the trumps still in hands, of equal count, and on the same side of
    the trick's winning strength. Fewer than two trumps: ``plays`` as they are."""
    if popcount(plays & W[TAB + TAB_SUIT + TRUMP]) < 2:
        return plays
    remaining = W[HANDS] | W[HANDS + 1] | W[HANDS + 2] | W[HANDS + 3]
    previous = -1
    for i in range(7):
        d = W[TAB + TAB_TRUMP_ORDER + i]
        if d < 0:
            break
        if not remaining >> d & 1:
            continue
        if (
            previous >= 0
            and plays >> previous & 1
            and plays >> d & 1
            and W[TAB + TAB_COUNT + d] == W[TAB + TAB_COUNT + previous]
            and (W[power + d] > win_power) == (W[power + previous] > win_power)
        ):
            plays &= ~(np.int64(1) << d)
        else:
            previous = d
    return plays


@inline
def order_leads(W, seat, moves, hint):
    """Leads to try, scored at ``moves``: sure winners, then leads the partner wins, then
    the rest high first. Returns how many."""
    hand = W[HANDS + seat]
    left = W[HANDS + ((seat + 1) & 3)]
    partner = W[HANDS + ((seat + 2) & 3)]
    right = W[HANDS + ((seat + 3) & 3)]
    opponent_trumps = (left | right) & W[TAB + TAB_SUIT + TRUMP]
    n = 0
    cached = 0  # the suits whose partner's best play is in W[TOPS...]
    m = drop_equal_trumps(W, hand, TAB + TAB_POWER + TRUMP * 28, np.int64(0))
    while m:
        d = lowest(m)
        m &= m - 1
        suit = W[TAB + TAB_LEAD_SUIT + d]
        count = W[TAB + TAB_COUNT + d]
        if not (can_beat(W, left, suit, d) or can_beat(W, right, suit, d)):
            score = 1000 + count
        else:
            if not cached >> suit & 1:
                cached |= np.int64(1) << suit
                W[TOPS + suit] = best_play(W, partner, suit)
            top = W[TOPS + suit]
            if top >= 0 and not (can_beat(W, left, suit, top) or can_beat(W, right, suit, top)):
                score = 500 - count
            else:
                score = W[TAB + TAB_POWER + suit * 28 + d] - 4 * count
        if suit == TRUMP and opponent_trumps == 0:
            score -= 200
        if d == hint:
            score += 10000
        W[moves + n] = d
        W[moves + SCORE_OFFSET + n] = score
        n += 1
    return n


@inline
def order_follows(W, seat, pos, suit, win_seat, win_power, moves, trick):
    """Follows to try, scored at ``moves``: feed count to a safe partner, else win
    cheaply, else discard low. Returns how many."""
    hand = W[HANDS + seat]
    plays = legal(hand, W[TAB + TAB_SUIT + suit])
    if plays & (plays - 1) == 0:
        W[moves] = lowest(plays)
        return 1
    power = TAB + TAB_POWER + suit * 28
    # The second and third to play fear the next seat, an opponent whose best play does
    # not change until it plays: worked out once a trick.
    threat = 0
    if pos < 3:
        slot = THREATS + 2 * trick + pos - 1
        threat = W[slot]
        if threat < 0:
            threat = _top_power(W, (seat + 1) & 3, suit, power)
            W[slot] = threat
    partner_winning = (win_seat & 1) == (seat & 1)
    plays = drop_equal_trumps(W, plays, power, win_power)
    n = 0
    while plays:
        d = lowest(plays)
        plays &= plays - 1
        p = W[power + d]
        count = W[TAB + TAB_COUNT + d]
        if partner_winning and win_power > threat:
            score = 8 * count - p
            if p > win_power:
                score -= 100
        elif p > win_power and p > threat:
            score = 200 + 8 * count - p
        elif p > win_power:
            score = 100 - 8 * count - p
        else:
            score = -8 * count - p
        W[moves + n] = d
        W[moves + SCORE_OFFSET + n] = score
        n += 1
    return n
