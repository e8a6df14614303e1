"""What the trump kernels share about tricks: a trick's winner and points, the forced last
trick, a trick's start with three tricks left; and the calls of the kernels that play the
last tricks, by name (``engine._jit.calls``), so that the modules of the search, the
four-trick loop and the endings compile without each other. See docs/engine.md#endings.
"""

from __future__ import annotations

import numpy as np
from numba import types

from texas42.engine._bounds import count_of, trick_start
from texas42.engine._entries import tt_store
from texas42.engine._jit import calls, inline, lowest
from texas42.engine._layout import HANDS, TAB, TAB_COUNT, TAB_LEAD_SUIT, TAB_POWER

INT = types.int64
TWO_TRICKS = INT(*[INT] * 5)  # (address, leader, remaining, alpha, beta)
THREE_TRICKS = types.UniTuple(INT, 2)(*[INT] * 6)  # ... and the hint; value and best lead
FOUR_TRICKS = THREE_TRICKS

call_two_tricks = calls("texas42.engine._endings.two_tricks", TWO_TRICKS)
call_three_tricks = calls("texas42.engine._endings.three_tricks", THREE_TRICKS)
call_four_tricks = calls("texas42.engine._four.four_tricks", FOUR_TRICKS)


@inline
def seats_and_hands(W, leader):
    """The seats after ``leader`` in playing order, then the hands of all four from the
    leader on: (s1, s2, s3, h0, h1, h2, h3)."""
    s1 = (leader + 1) & 3
    s2 = (leader + 2) & 3
    s3 = (leader + 3) & 3
    return s1, s2, s3, W[HANDS + leader], W[HANDS + s1], W[HANDS + s2], W[HANDS + s3]


@inline
def trick_winner(W, power, a, b, c, e):
    """Which of a trick's plays a, b, c, e (in order of play) wins it: 0..3. ``power``
    indexes the strengths for the suit led."""
    winner = 0
    top = W[power + a]
    if W[power + b] > top:
        winner = 1
        top = W[power + b]
    if W[power + c] > top:
        winner = 2
        top = W[power + c]
    if W[power + e] > top:
        winner = 3
    return winner


@inline
def last_trick(W, leader, remaining):
    """Points for seats 0/2 in the last trick, where every play is forced."""
    _, _, _, h0, h1, h2, h3 = seats_and_hands(W, leader)
    lead = lowest(h0)
    power = TAB + TAB_POWER + W[TAB + TAB_LEAD_SUIT + lead] * 28
    winner = (leader + trick_winner(W, power, lead, lowest(h1), lowest(h2), lowest(h3))) & 3
    if winner & 1:
        return 0
    return 1 + count_of(W, remaining)


@inline
def trick_points(W, a, b, c, e):
    """A trick's point and the count of its four dominoes."""
    return (
        1 + W[TAB + TAB_COUNT + a] + W[TAB + TAB_COUNT + b] + W[TAB + TAB_COUNT + c] + W[TAB + TAB_COUNT + e]
    )


@inline
def three_left(address, W, leader, remaining, alpha, beta):
    """The value of a trick's start with three tricks left, for the search and the
    four-trick loop: the stakes, the table, else the three-trick loop, stored."""
    # np.int64(3), not 3: a literal argument compiles a helper (and the helpers it calls)
    # once more, typed for that value (docs/engine.md#numba-pitfalls).
    n = np.int64(3)
    v, bucket, entry, key, low, high, hint, alpha, beta = trick_start(W, leader, remaining, n, alpha, beta)
    if v >= 0:
        return v
    best, best_lead = call_three_tricks(address, leader, remaining, alpha, beta, hint)
    tt_store(W, bucket, entry, key, remaining, leader, best, best_lead, hint, alpha, beta, low, high)
    return best
