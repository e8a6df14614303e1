"""The trick with four tricks left, by direct loops rather than the search: every way to
play it, in an order chosen by masks, each completed trick settled by the stakes or the
table, or else through the three-trick loop. Published for the search, which calls it
through its cell; this module never loads the endings' kernels itself, so that a helper
process compiles it without them (docs/engine.md#compile-time). See docs/engine.md#endings.
"""

from __future__ import annotations

import numpy as np

from texas42.engine._bounds import count_of
from texas42.engine._entries import tt_cut
from texas42.engine._jit import as_pointer, inline, jit, lowest, popcount, publish
from texas42.engine._layout import (
    DOMINOES,
    HANDS,
    KILLERS,
    TAB,
    TAB_BEATS,
    TAB_FIVE,
    TAB_LEAD_SUIT,
    TAB_POWER,
    TAB_SUIT,
    TAB_TEN,
    TRUMP,
)
from texas42.engine._ordering import best_play, can_beat, drop_equal_trumps, legal, remember_killer
from texas42.engine._tricks import FOUR_TRICKS, seats_and_hands, three_left, trick_points, trick_winner
from texas42.engine._window import improve

ALL = np.int64(-1)


@inline
def _next_move(m, g2, g3, g4):
    """The next move of four groups tried in turn (lowest domino first within a group),
    and the groups left."""
    if m == 0:
        if g2:
            m = g2
            g2 = 0
        elif g3:
            m = g3
            g3 = 0
        else:
            m = g4
            g4 = 0
    return lowest(m), m & (m - 1), g2, g3, g4


@inline
def _killer_first(W, ply, m, g2, g3, g4):
    """The groups with the newest refutation recorded at this ply (if playable) first."""
    k = W[KILLERS + 2 * ply]
    if k < 0 or (m | g2 | g3 | g4) >> k & 1 == 0:
        return m, g2, g3, g4
    bit = np.int64(1) << k
    return bit, m & ~bit, g2 & ~bit, (g3 | g4) & ~bit


@inline
def _follow_groups(W, ply, plays, stronger, holds, threat, void):
    """A follower's plays in four groups, likeliest first. Under a trick its team surely
    holds: count fed under it, the other plays under it, then those over it. Else: the
    plays that take the trick beyond the next seat's reach (``threat``: the dominoes that
    beat its best play), those that take it for now, discards without count, then count.
    A seat that cannot follow tries its ply's newest refutation first."""
    counters = W[TAB + TAB_TEN] | W[TAB + TAB_FIVE]
    over = plays & stronger
    under = plays & ~over
    if holds:
        m, g2, g3, g4 = under & counters, under & ~counters, over, 0
    else:
        m, g2, g3, g4 = over & threat, over & ~threat, under & ~counters, under & counters
    if void:
        return _killer_first(W, ply, m, g2, g3, g4)
    return m, g2, g3, g4


@inline
def _lead_groups(W, leader, remaining, hint):
    """The leads in four groups: the leads nobody can beat, those the partner surely wins,
    the rest, and trumps nobody else holds; the table's hint alone first, else the ply's
    newest refutation."""
    bit = np.int64(1)
    hand = W[HANDS + leader]
    left = W[HANDS + ((leader + 1) & 3)]
    partner = W[HANDS + ((leader + 2) & 3)]
    right = W[HANDS + ((leader + 3) & 3)]
    trumps = W[TAB + TAB_SUIT + TRUMP]
    others = remaining & ~hand
    leads = drop_equal_trumps(W, hand, TAB + TAB_POWER + TRUMP * 28, np.int64(0))
    winners = 0
    partners = 0
    idle_trumps = 0
    m = leads
    while m:
        d = lowest(m)
        m &= m - 1
        suit = W[TAB + TAB_LEAD_SUIT + d]
        if W[TAB + TAB_BEATS + suit * 28 + d] & others == 0:
            winners |= bit << d
        elif suit == TRUMP and (left | right) & trumps == 0:
            idle_trumps |= bit << d
        else:
            top = best_play(W, partner, suit)
            if top >= 0 and not (can_beat(W, left, suit, top) or can_beat(W, right, suit, top)):
                partners |= bit << d
    rest = leads & ~winners & ~partners & ~idle_trumps
    if hint >= 0 and hand >> hint & 1:
        first = bit << hint
        return first, (winners | partners) & ~first, rest & ~first, idle_trumps & ~first
    return _killer_first(W, DOMINOES - popcount(remaining), winners, partners, rest, idle_trumps)


@inline
def _beyond(W, hand, suit):
    """The dominoes that beat the best play of ``hand`` to ``suit`` (all, if it cannot win)."""
    best = best_play(W, hand, suit)
    return W[TAB + TAB_BEATS + suit * 28 + best] if best >= 0 else ALL


@inline
def _last_play(address, W, leader, a, b, c, groups, void, remaining, stake, alpha, beta):
    """The value of the trick's last seat on (alpha, beta), after plays a, b, c: first the
    plays settled without a search (by the stakes or a stored bound), then the others."""
    seat = (leader + 3) & 3
    hand = W[HANDS + seat]
    maximizing = (seat & 1) == 0
    power = TAB + TAB_POWER + W[TAB + TAB_LEAD_SUIT + a] * 28
    ply = DOMINOES - popcount(remaining) + 3
    bit = np.int64(1)
    best = -1 if maximizing else 99
    q1, q2, q3, q4 = groups
    m, g2, g3, g4 = groups
    searched = 0
    for second_pass in range(2):
        if second_pass:
            m, g2, g3, g4 = q1 & searched, q2 & searched, q3 & searched, q4 & searched
        while (m | g2 | g3 | g4) and alpha < beta:
            e, m, g2, g3, g4 = _next_move(m, g2, g3, g4)
            winner = (leader + trick_winner(W, power, a, b, c, e)) & 3
            trick = trick_points(W, a, b, c, e)
            gain = trick if (winner & 1) == 0 else 0
            rest = remaining ^ (bit << a) ^ (bit << b) ^ (bit << c) ^ (bit << e)
            if gain >= beta:
                v = gain
            elif gain + stake - trick <= alpha:
                v = gain + stake - trick
            elif second_pass:
                W[HANDS + seat] = hand ^ (bit << e)
                v = gain + three_left(address, W, winner, rest, alpha - gain, beta - gain)
                W[HANDS + seat] = hand
            else:
                v = tt_cut(W, rest, winner, alpha - gain, beta - gain)
                if v < 0:
                    searched |= bit << e
                    continue
                v += gain
            best, alpha, beta = improve(maximizing, v, best, alpha, beta)
            if alpha >= beta and void:
                remember_killer(W, ply, e)
    return best


@jit(FOUR_TRICKS)
def four_tricks(address, leader, remaining, alpha, beta, hint):
    """Points for seats 0/2 from a trick's start with four tricks left (fail-soft
    alpha-beta), and the best lead: the trick's plays by direct loops, grouped by masks
    in the order the search's scores would give; the hint lead first."""
    W = as_pointer(address)
    s1, s2, _, h0, h1, h2, h3 = seats_and_hands(W, leader)
    max0 = (leader & 1) == 0
    max1 = not max0
    ply = DOMINOES - popcount(remaining)
    stake = 4 + count_of(W, remaining)
    bit = np.int64(1)
    best0 = -1 if max0 else 99
    best_lead = hint
    a0 = alpha
    b0 = beta
    m0, g0, r0, t0 = _lead_groups(W, leader, remaining, hint)
    while (m0 | g0 | r0 | t0) and a0 < b0:
        a, m0, g0, r0, t0 = _next_move(m0, g0, r0, t0)
        suit = W[TAB + TAB_LEAD_SUIT + a]
        follow = W[TAB + TAB_SUIT + suit]
        power = TAB + TAB_POWER + suit * 28
        beats = TAB + TAB_BEATS + suit * 28
        void1 = h1 & follow == 0
        void2 = h2 & follow == 0
        void3 = h3 & follow == 0
        W[HANDS + leader] = h0 ^ (bit << a)
        plays1 = drop_equal_trumps(W, legal(h1, follow), power, W[power + a])
        holds1 = np.bool_(False)  # not a literal: see _tricks.three_left
        m1, g1, r1, t1 = _follow_groups(W, ply + 1, plays1, W[beats + a], holds1, _beyond(W, h2, suit), void1)
        beyond3 = _beyond(W, h3, suit)
        best1 = -1 if max1 else 99
        a1 = a0
        b1 = b0
        while (m1 | g1 | r1 | t1) and a1 < b1:
            b, m1, g1, r1, t1 = _next_move(m1, g1, r1, t1)
            top2 = b if W[power + b] > W[power + a] else a
            W[HANDS + s1] = h1 ^ (bit << b)
            plays2 = drop_equal_trumps(W, legal(h2, follow), power, W[power + top2])
            holds2 = top2 == a and legal(h3, follow) & W[beats + a] == 0
            m2, g2, r2, t2 = _follow_groups(W, ply + 2, plays2, W[beats + top2], holds2, beyond3, void2)
            best2 = -1 if max0 else 99
            a2 = a1
            b2 = b1
            while (m2 | g2 | r2 | t2) and a2 < b2:
                c, m2, g2, r2, t2 = _next_move(m2, g2, r2, t2)
                top3 = c if W[power + c] > W[power + top2] else top2
                W[HANDS + s2] = h2 ^ (bit << c)
                plays3 = drop_equal_trumps(W, legal(h3, follow), power, W[power + top3])
                groups = _follow_groups(W, ply + 3, plays3, W[beats + top3], top3 == b, ALL, void3)
                v = _last_play(address, W, leader, a, b, c, groups, void3, remaining, stake, a2, b2)
                W[HANDS + s2] = h2
                best2, a2, b2 = improve(max0, v, best2, a2, b2)
                if a2 >= b2 and void2:
                    remember_killer(W, ply + 2, c)
            W[HANDS + s1] = h1
            best1, a1, b1 = improve(max1, best2, best1, a1, b1)
            if a1 >= b1 and void1:
                remember_killer(W, ply + 1, b)
        W[HANDS + leader] = h0
        previous = best0
        best0, a0, b0 = improve(max0, best1, best0, a0, b0)
        if best0 != previous:
            best_lead = a
        if a0 >= b0:
            remember_killer(W, ply, a)
    return best0, best_lead


publish(four_tricks)
