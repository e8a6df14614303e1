"""The last three tricks of the trump search, by direct loops rather than the search:
the last two (with their own table) and the last three; the last trick, forced, is in
``engine._tricks``. The kernels are published for the search and the four-trick loop,
which call them through their cells. See docs/engine.md#endings.
"""

from __future__ import annotations

import numpy as np

from texas42.engine._bounds import count_of
from texas42.engine._entries import ending_holds, ending_key, ending_pack, ending_slot, ending_unpack
from texas42.engine._jit import as_pointer, inline, jit, lowest, publish
from texas42.engine._layout import GEN, HANDS, TAB, TAB_BEATS, TAB_COUNT, TAB_LEAD_SUIT, TAB_POWER, TAB_SUIT
from texas42.engine._ordering import legal
from texas42.engine._tricks import THREE_TRICKS, TWO_TRICKS, seats_and_hands, trick_points, trick_winner
from texas42.engine._window import improve, narrowed, proven_bounds


@inline
def _two_tricks(W, leader, remaining, alpha, beta):
    """Points for seats 0/2 in the last two tricks (fail-soft alpha-beta): at most
    sixteen ways to play the first of them, and the last plays itself. Its winner
    holds the strongest domino for the suit led, whatever the order of play."""
    _, _, _, h0, h1, h2, h3 = seats_and_hands(W, leader)
    stake = 2 + count_of(W, remaining)
    max0 = (leader & 1) == 0
    max1 = not max0
    best0 = -1 if max0 else 99
    a0 = alpha
    b0 = beta
    m0 = h0
    while m0 and a0 < b0:
        a = lowest(m0)
        m0 &= m0 - 1
        suit = W[TAB + TAB_LEAD_SUIT + a]
        follow = W[TAB + TAB_SUIT + suit]
        power = TAB + TAB_POWER + suit * 28
        last0 = lowest(h0 & ~(np.int64(1) << a))
        best1 = -1 if max1 else 99
        a1 = a0
        b1 = b0
        m1 = legal(h1, follow)
        while m1 and a1 < b1:
            b = lowest(m1)
            m1 &= m1 - 1
            last1 = lowest(h1 & ~(np.int64(1) << b))
            best2 = -1 if max0 else 99
            a2 = a1
            b2 = b1
            m2 = legal(h2, follow)
            while m2 and a2 < b2:
                c = lowest(m2)
                m2 &= m2 - 1
                last2 = lowest(h2 & ~(np.int64(1) << c))
                best3 = -1 if max1 else 99
                a3 = a2
                b3 = b2
                m3 = legal(h3, follow)
                while m3:
                    e = lowest(m3)
                    m3 &= m3 - 1
                    last3 = lowest(h3 & ~(np.int64(1) << e))
                    winner = 0
                    top = W[power + a]
                    last = last0
                    if W[power + b] > top:
                        winner = 1
                        top = W[power + b]
                        last = last1
                    if W[power + c] > top:
                        winner = 2
                        top = W[power + c]
                        last = last2
                    if W[power + e] > top:
                        winner = 3
                        last = last3
                    first = trick_points(W, a, b, c, e)
                    # The last trick: the winner of this one leads ``last``.
                    power2 = TAB + TAB_POWER + W[TAB + TAB_LEAD_SUIT + last] * 28
                    winner2 = trick_winner(W, power2, last0, last1, last2, last3)
                    v = 0
                    if ((leader + winner) & 1) == 0:
                        v = first
                    if ((leader + winner2) & 1) == 0:
                        v += stake - first
                    best3, a3, b3 = improve(max1, v, best3, a3, b3)
                    if a3 >= b3:
                        break
                best2, a2, b2 = improve(max0, best3, best2, a2, b2)
            best1, a1, b1 = improve(max1, best2, best1, a1, b1)
        best0, a0, b0 = improve(max0, best1, best0, a0, b0)
    return best0


@inline
def ending(W, leader, remaining, alpha, beta):
    """Points for seats 0/2 in the last two tricks, through a table of bounds: the same
    endings recur many times in a search."""
    key = ending_key(remaining, leader, W[GEN])
    slot = ending_slot(remaining, leader)
    low = 0
    high = 63
    if ending_holds(W[slot], key):
        low, high = ending_unpack(W[slot])
        v, alpha, beta = narrowed(low, high, alpha, beta)
        if v >= 0:
            return v
    v = _two_tricks(W, leader, remaining, alpha, beta)
    low, high = proven_bounds(v, alpha, beta, low, high)
    W[slot] = ending_pack(key, low, high)
    return v


@jit(THREE_TRICKS)
def three_tricks(address, leader, remaining, alpha, beta, hint):
    """Points for seats 0/2 in the last three tricks (fail-soft alpha-beta) and the best
    lead: every way to play the first of them, hint first, the rest through ``ending``.
    So near the leaves, trying moves in a fixed order costs less than ordering them.
    Compiled on its own rather than inlined into the search: as fast, and the first run
    compiles in 20% less time."""
    W = as_pointer(address)
    s1, s2, s3, h0, h1, h2, h3 = seats_and_hands(W, leader)
    max0 = (leader & 1) == 0
    max1 = not max0
    stake = 3 + count_of(W, remaining)
    best0 = -1 if max0 else 99
    best_lead = hint
    a0 = alpha
    b0 = beta
    bit = np.int64(1)
    m0 = h0
    later = 0
    if hint >= 0 and h0 >> hint & 1:
        m0 = bit << hint
        later = h0 & ~m0
    else:
        # No hint: first the leads nobody can beat.
        others = remaining & ~h0
        winners = 0
        m = h0
        while m:
            d = lowest(m)
            m &= m - 1
            if W[TAB + TAB_BEATS + W[TAB + TAB_LEAD_SUIT + d] * 28 + d] & others == 0:
                winners |= bit << d
        if winners and winners != h0:
            m0 = winners
            later = h0 & ~winners
    while (m0 | later) and a0 < b0:
        if m0 == 0:
            m0 = later
            later = 0
        a = lowest(m0)
        m0 &= m0 - 1
        suit = W[TAB + TAB_LEAD_SUIT + a]
        follow = W[TAB + TAB_SUIT + suit]
        power = TAB + TAB_POWER + suit * 28
        # Each level keeps the trick's strongest play so far, its place, the points and
        # the dominoes left, rather than the leaves working them out again.
        pa = W[power + a]
        points_a = 1 + W[TAB + TAB_COUNT + a]
        rest_a = remaining ^ (bit << a)
        W[HANDS + leader] = h0 ^ (bit << a)
        best1 = -1 if max1 else 99
        a1 = a0
        b1 = b0
        m1 = legal(h1, follow)
        while m1 and a1 < b1:
            b = lowest(m1)
            m1 &= m1 - 1
            pb = W[power + b]
            top_b = pa
            win_b = 0
            if pb > pa:
                top_b = pb
                win_b = 1
            points_b = points_a + W[TAB + TAB_COUNT + b]
            rest_b = rest_a ^ (bit << b)
            W[HANDS + s1] = h1 ^ (bit << b)
            best2 = -1 if max0 else 99
            a2 = a1
            b2 = b1
            m2 = legal(h2, follow)
            while m2 and a2 < b2:
                c = lowest(m2)
                m2 &= m2 - 1
                pc = W[power + c]
                top_c = top_b
                win_c = win_b
                if pc > top_b:
                    top_c = pc
                    win_c = 2
                points_c = points_b + W[TAB + TAB_COUNT + c]
                rest_c = rest_b ^ (bit << c)
                W[HANDS + s2] = h2 ^ (bit << c)
                best3 = -1 if max1 else 99
                a3 = a2
                b3 = b2
                m3 = legal(h3, follow)
                while m3:
                    e = lowest(m3)
                    m3 &= m3 - 1
                    W[HANDS + s3] = h3 ^ (bit << e)
                    winner = (leader + (3 if W[power + e] > top_c else win_c)) & 3
                    trick = points_c + W[TAB + TAB_COUNT + e]
                    gain = trick if (winner & 1) == 0 else 0
                    if gain >= b3:
                        v = gain
                    elif gain + stake - trick <= a3:
                        v = gain + stake - trick
                    else:
                        v = gain + ending(W, winner, rest_c ^ (bit << e), a3 - gain, b3 - gain)
                    best3, a3, b3 = improve(max1, v, best3, a3, b3)
                    if a3 >= b3:
                        break
                W[HANDS + s3] = h3
                best2, a2, b2 = improve(max0, best3, best2, a2, b2)
            W[HANDS + s2] = h2
            best1, a1, b1 = improve(max1, best2, best1, a1, b1)
        W[HANDS + s1] = h1
        previous = best0
        best0, a0, b0 = improve(max0, best1, best0, a0, b0)
        if best0 != previous:
            best_lead = a
    W[HANDS + leader] = h0
    return best0, best_lead


@jit(TWO_TRICKS)
def two_tricks(address, leader, remaining, alpha, beta):
    """``ending`` compiled on its own, for the search. The search meets the last two tricks
    only at a root with two tricks left or one mid-trick (from three tricks left,
    ``three_tricks`` plays to the end), so a call costs nothing there, and inlining the
    loop at both places made the first run compile slower."""
    return ending(as_pointer(address), leader, remaining, alpha, beta)


publish(three_tricks)
publish(two_tricks)
