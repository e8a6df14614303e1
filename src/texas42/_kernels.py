"""Numba kernels of the double-dummy engine. Private: call them through texas42.engine.

All mutable search state lives in one preallocated int64 workspace ``W`` (hands, the
declaration's tables, the transposition table, per-ply move lists, counters): passing
one array and scalars through the recursion is several times faster than passing many
arrays, and nothing is allocated inside the search.

Values are points for seats 0 and 2 from the current trick to the end of the hand.
"""

from __future__ import annotations

import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

JIT_OPTIONS = {"cache": True, "nogil": True, "boundscheck": False, "error_model": "numpy"}


def jit(*signature, **options):  # type: ignore[no-untyped-def]
    """The one place that sets the njit options."""
    return numba.njit(*signature, **JIT_OPTIONS, **options)


def inline(function):  # type: ignore[no-untyped-def]
    """A helper of the search, inlined into its callers (a call per node costs more
    than the helper's work) and never compiled on its own."""
    return jit(inline="always")(function)


@intrinsic
def popcount(typingctx, x):  # type: ignore[no-untyped-def]
    if x != types.int64:
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        fn = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(fn, args)

    return types.int64(types.int64), codegen


@intrinsic
def lowest(typingctx, x):  # type: ignore[no-untyped-def]
    """Index of the lowest set bit (count trailing zeros)."""
    if x != types.int64:
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        fn = builder.module.declare_intrinsic("llvm.cttz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return types.int64(types.int64), codegen


@intrinsic
def _as_pointer(typingctx, address):  # type: ignore[no-untyped-def]
    if address != types.int64:
        return None
    signature = types.CPointer(types.int64)(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.inttoptr(args[0], context.get_value_type(signature.return_type))

    return signature, codegen


# --- Workspace layout -----------------------------------------------------------------

TRUMP = 7
ALL_MASK = (1 << 28) - 1
# Per-declaration table, built by texas42.engine from the rules core:
TAB_LEAD_SUIT = 0  # 28: the suit a domino calls when led
TAB_SUIT = 28  # 8: the dominoes of each suit (pips 0..6, then trump)
TAB_POWER = 36  # 8 x 28: a domino's strength when a suit is led (0: cannot win)
TAB_COUNT = 260  # 28: count points
TAB_TEN = 288  # the mask of 10-count dominoes
TAB_FIVE = 289  # the mask of 5-count dominoes
TAB_TRUMP_ORDER = 290  # 8: the trumps from highest to lowest, then -1
TAB_BEATS = 298  # 8 x 28: the mask of dominoes stronger than a domino when a suit is led
TABLE_SIZE = 522

HANDS = 0  # 4 hand masks
NODES = 4
GEN = 5
TAB = 8
MOVES = TAB + TABLE_SIZE  # 29 plies x 8: move lists, ordered
SCORE_OFFSET = 29 * 8  # each move's ordering score, beside the move lists
TOPS = MOVES + 2 * SCORE_OFFSET  # 8: per suit, the partner's best play (-1: cannot win)
THREATS = TOPS + 8  # 8 tricks x 2: the best play of the third and last seats (-1: not known)
KILLERS = THREATS + 16  # 28 plies x 2: the last two plays that refuted a window there
KILLER_BONUS = 150  # above a lead or discard's own score, below sure winners
# Transposition table, small enough to stay in a core's L2 cache: buckets of two
# one-word entries, remaining | leader << 28 | low << 30 | high << 36 | (best lead + 1)
# << 42 | GEN << 47. The first entry keeps the deeper position.
TT = (KILLERS + 2 * 28 + 7) // 8 * 8
TT_BITS = 14  # buckets
TT_KEY = ALL_MASK | 3 << 28 | 0xFFFF << 47
MAX_GEN = 0xFFFF  # then both tables are cleared
# The last two tricks: bounds by remaining dominoes and leader, one word an entry, as
# GEN << 42 | leader << 40 | remaining << 12 | high << 6 | low.
ENDINGS = TT + 2 * (1 << TT_BITS)
ENDINGS_BITS = 13
WORKSPACE_SIZE = ENDINGS + (1 << ENDINGS_BITS)

HASH_MULT = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 as int64


@jit(types.int64[::1]())
def new_workspace():  # type: ignore[no-untyped-def]
    """A zeroed workspace: one per solving thread or chunk of work."""
    return np.zeros(WORKSPACE_SIZE, dtype=np.int64)


# --- The search -------------------------------------------------------------------------


@inline
def improve(maximizing, v, best, alpha, beta):  # type: ignore[no-untyped-def]
    """Fold a child's value ``v`` into a node's best value and its (alpha, beta) window."""
    if maximizing:
        if v > best:
            best = v
            if v > alpha:
                alpha = v
    elif v < best:
        best = v
        if v < beta:
            beta = v
    return best, alpha, beta


@inline
def proven_bounds(best, alpha, beta, low, high):  # type: ignore[no-untyped-def]
    """Bounds (low, high) tightened by a fail-soft search that returned ``best`` on the
    window (alpha, beta): an upper bound if it failed low, a lower one if it failed high."""
    if best <= alpha:
        return low, min(high, best)
    if best >= beta:
        return max(low, best), high
    return best, best


@inline
def _move_window(i, maximizing, alpha, beta):  # type: ignore[no-untyped-def]
    """The window for a node's i-th move, and whether it is a scout: the first move (or
    any, in a null window) gets the node's window, a later one the null window that asks
    whether it beats the best so far."""
    if i == 0 or beta - alpha <= 1:
        return alpha, beta, False
    if maximizing:
        return alpha, alpha + 1, True
    return beta - 1, beta, True


@inline
def _research_window(maximizing, v, alpha, beta):  # type: ignore[no-untyped-def]
    """The window that finds the value of a move whose scout returned ``v``, a bound
    better than the best so far for the side to move."""
    if maximizing:
        return v - 1, beta
    return alpha, v + 1


@inline
def settled(low, high, alpha, beta):  # type: ignore[no-untyped-def]
    """The stored bound (low, high) that settles the window (alpha, beta) on its own, or
    -1 (values are never negative)."""
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    return -1


@inline
def _count_of(W, mask):  # type: ignore[no-untyped-def]
    return 10 * popcount(mask & W[TAB + TAB_TEN]) + 5 * popcount(mask & W[TAB + TAB_FIVE])


@inline
def _top_trump_points(W, remaining):  # type: ignore[no-untyped-def]
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
    points = _count_of(W, run) + (a if a > b else b)
    return -points if team else points


@inline
def _sure_tricks(W, leader, remaining):  # type: ignore[no-untyped-def]
    """Tricks and points the leader takes for sure by leading winners off the top.

    Returns tricks * 64 + points. Top trumps that beat every trump outside the
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
def _last_trick(W, leader, remaining):  # type: ignore[no-untyped-def]
    """Points for seats 0/2 in the last trick, where every play is forced."""
    lead = lowest(W[HANDS + leader])
    suit = W[TAB + TAB_LEAD_SUIT + lead]
    power = TAB + TAB_POWER + suit * 28
    winner = leader
    best = W[power + lead]
    for i in range(1, 4):
        seat = (leader + i) & 3
        d = lowest(W[HANDS + seat])
        if W[power + d] > best:
            best = W[power + d]
            winner = seat
    if winner & 1:
        return 0
    return 1 + _count_of(W, remaining)


@inline
def _legal(hand, follow):  # type: ignore[no-untyped-def]
    """The plays of ``hand`` to a trick whose suit is the mask ``follow``: the dominoes
    of that suit, or any domino when it holds none."""
    legal = hand & follow
    return legal if legal else hand


@inline
def _top_power(W, seat, suit, power):  # type: ignore[no-untyped-def]
    """The strongest play ``seat`` can make to a trick of ``suit``."""
    hand = W[HANDS + seat]
    legal = _legal(hand, W[TAB + TAB_SUIT + suit])
    top = 0
    while legal:
        d = lowest(legal)
        legal &= legal - 1
        if W[power + d] > top:
            top = W[power + d]
    return top


@inline
def _best_play(W, hand, suit):  # type: ignore[no-untyped-def]
    """The strongest legal play of ``hand`` to a trick of ``suit``; -1 if none can win."""
    legal = _legal(hand, W[TAB + TAB_SUIT + suit])
    beats = TAB + TAB_BEATS + suit * 28
    while legal:
        d = lowest(legal)
        if W[beats + d] & legal == 0:
            return d if W[TAB + TAB_POWER + suit * 28 + d] > 0 else -1
        legal &= legal - 1
    return -1


@inline
def pick(W, moves, scores, i, n):  # type: ignore[no-untyped-def]
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
def _promote_killers(W, moves, n, ply):  # type: ignore[no-untyped-def]
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
def _remember_killer(W, ply, d):  # type: ignore[no-untyped-def]
    """Record ``d`` as the newest refutation at this ply."""
    slot = KILLERS + 2 * ply
    if W[slot] != d:
        W[slot + 1] = W[slot]
        W[slot] = d


@inline
def _drop_equal_trumps(W, legal, power, win_power):  # type: ignore[no-untyped-def]
    """Keep one of each run of trumps that are interchangeable here: held together,
    adjacent among the trumps still in hands, of equal count, and on the same side of
    the trick's winning strength."""
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
            and legal >> previous & 1
            and legal >> d & 1
            and W[TAB + TAB_COUNT + d] == W[TAB + TAB_COUNT + previous]
            and (W[power + d] > win_power) == (W[power + previous] > win_power)
        ):
            legal &= ~(np.int64(1) << d)
        else:
            previous = d
    return legal


@inline
def _winner(W, power, a, b, c, e):  # type: ignore[no-untyped-def]
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
def _trick_points(W, a, b, c, e):  # type: ignore[no-untyped-def]
    """A trick's point and the count of its four dominoes."""
    return (
        1 + W[TAB + TAB_COUNT + a] + W[TAB + TAB_COUNT + b] + W[TAB + TAB_COUNT + c] + W[TAB + TAB_COUNT + e]
    )


@inline
def _two_tricks(W, leader, remaining, alpha, beta):  # type: ignore[no-untyped-def]
    """Points for seats 0/2 in the last two tricks (fail-soft alpha-beta): at most
    sixteen ways to play the first of them, and the last plays itself. Its winner
    holds the strongest domino for the suit led, whatever the order of play."""
    s1 = (leader + 1) & 3
    s2 = (leader + 2) & 3
    s3 = (leader + 3) & 3
    h0 = W[HANDS + leader]
    h1 = W[HANDS + s1]
    h2 = W[HANDS + s2]
    h3 = W[HANDS + s3]
    stake = 2 + _count_of(W, remaining)
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
        m1 = _legal(h1, follow)
        while m1 and a1 < b1:
            b = lowest(m1)
            m1 &= m1 - 1
            last1 = lowest(h1 & ~(np.int64(1) << b))
            best2 = -1 if max0 else 99
            a2 = a1
            b2 = b1
            m2 = _legal(h2, follow)
            while m2 and a2 < b2:
                c = lowest(m2)
                m2 &= m2 - 1
                last2 = lowest(h2 & ~(np.int64(1) << c))
                best3 = -1 if max1 else 99
                a3 = a2
                b3 = b2
                m3 = _legal(h3, follow)
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
                    first = _trick_points(W, a, b, c, e)
                    # The last trick: the winner of this one leads ``last``.
                    power2 = TAB + TAB_POWER + W[TAB + TAB_LEAD_SUIT + last] * 28
                    winner2 = _winner(W, power2, last0, last1, last2, last3)
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
def _bucket(remaining, leader):  # type: ignore[no-untyped-def]
    """The transposition-table bucket of a trick's start."""
    hashed = (remaining | (leader << 28)) * HASH_MULT
    return TT + 2 * ((hashed >> (64 - TT_BITS)) & ((1 << TT_BITS) - 1))


@inline
def _entry(W, key, bucket):  # type: ignore[no-untyped-def]
    """The entry of a bucket that holds ``key``, else its first entry."""
    if W[bucket + 1] & TT_KEY == key:
        return bucket + 1
    return bucket


@inline
def _table_cut(W, remaining, leader, alpha, beta):  # type: ignore[no-untyped-def]
    """The stored bound of a trick's start that settles the window, else -1."""
    key = remaining | (leader << 28) | (W[GEN] << 47)
    packed = W[_entry(W, key, _bucket(remaining, leader))]
    if packed & TT_KEY == key:
        return settled((packed >> 30) & 63, (packed >> 36) & 63, alpha, beta)
    return -1


@inline
def _ending(W, leader, remaining, alpha, beta):  # type: ignore[no-untyped-def]
    """Points for seats 0/2 in the last two tricks, through a table of bounds: the same
    endings recur many times in a search."""
    key = (W[GEN] << 42) | (leader << 40) | (remaining << 12)
    hashed = (remaining | (leader << 28)) * HASH_MULT
    slot = ENDINGS + ((hashed >> (64 - ENDINGS_BITS)) & ((1 << ENDINGS_BITS) - 1))
    entry = W[slot]
    low = 0
    high = 63
    if entry & ~np.int64(4095) == key:
        low = entry & 63
        high = (entry >> 6) & 63
        v = settled(low, high, alpha, beta)
        if v >= 0:
            return v
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
    v = _two_tricks(W, leader, remaining, alpha, beta)
    low, high = proven_bounds(v, alpha, beta, low, high)
    W[slot] = key | low | (high << 6)
    return v


@jit(
    types.UniTuple(types.int64, 2)(
        types.int64, types.int64, types.int64, types.int64, types.int64, types.int64
    )
)
def three_tricks(address, leader, remaining, alpha, beta, hint):  # type: ignore[no-untyped-def]
    """Points for seats 0/2 in the last three tricks (fail-soft alpha-beta) and the best
    lead: every way to play the first of them, hint first, the rest through ``_ending``.
    So near the leaves, trying moves in a fixed order costs less than ordering them.
    Compiled on its own rather than inlined into ``search``: as fast, and the first run
    compiles in 20% less time."""
    W = _as_pointer(address)
    s1 = (leader + 1) & 3
    s2 = (leader + 2) & 3
    s3 = (leader + 3) & 3
    h0 = W[HANDS + leader]
    h1 = W[HANDS + s1]
    h2 = W[HANDS + s2]
    h3 = W[HANDS + s3]
    max0 = (leader & 1) == 0
    max1 = not max0
    stake = 3 + _count_of(W, remaining)
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
    while (m0 | later) and a0 < b0:
        if m0 == 0:
            m0 = later
            later = 0
        a = lowest(m0)
        m0 &= m0 - 1
        suit = W[TAB + TAB_LEAD_SUIT + a]
        follow = W[TAB + TAB_SUIT + suit]
        power = TAB + TAB_POWER + suit * 28
        W[HANDS + leader] = h0 ^ (bit << a)
        best1 = -1 if max1 else 99
        a1 = a0
        b1 = b0
        m1 = _legal(h1, follow)
        while m1 and a1 < b1:
            b = lowest(m1)
            m1 &= m1 - 1
            W[HANDS + s1] = h1 ^ (bit << b)
            best2 = -1 if max0 else 99
            a2 = a1
            b2 = b1
            m2 = _legal(h2, follow)
            while m2 and a2 < b2:
                c = lowest(m2)
                m2 &= m2 - 1
                W[HANDS + s2] = h2 ^ (bit << c)
                best3 = -1 if max1 else 99
                a3 = a2
                b3 = b2
                m3 = _legal(h3, follow)
                while m3:
                    e = lowest(m3)
                    m3 &= m3 - 1
                    W[HANDS + s3] = h3 ^ (bit << e)
                    winner = (leader + _winner(W, power, a, b, c, e)) & 3
                    trick = _trick_points(W, a, b, c, e)
                    gain = trick if (winner & 1) == 0 else 0
                    if gain >= b3:
                        v = gain
                    elif gain + stake - trick <= a3:
                        v = gain + stake - trick
                    else:
                        rest = remaining ^ (bit << a) ^ (bit << b) ^ (bit << c) ^ (bit << e)
                        v = gain + _ending(W, winner, rest, a3 - gain, b3 - gain)
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


@inline
def _can_beat(W, hand, suit, d):  # type: ignore[no-untyped-def]
    """Whether ``hand`` holds a legal play stronger than ``d`` when ``suit`` is led."""
    legal = _legal(hand, W[TAB + TAB_SUIT + suit])
    return W[TAB + TAB_BEATS + suit * 28 + d] & legal != 0


@inline
def _order_leads(W, seat, moves, hint):  # type: ignore[no-untyped-def]
    """Leads to try: sure winners, then leads the partner wins, then the rest high first."""
    hand = W[HANDS + seat]
    left = W[HANDS + ((seat + 1) & 3)]
    partner = W[HANDS + ((seat + 2) & 3)]
    right = W[HANDS + ((seat + 3) & 3)]
    opponent_trumps = (left | right) & W[TAB + TAB_SUIT + TRUMP]
    n = 0
    cached = 0  # the suits whose partner's best play is in W[TOPS...]
    m = hand
    if popcount(hand & W[TAB + TAB_SUIT + TRUMP]) > 1:
        m = _drop_equal_trumps(W, hand, TAB + TAB_POWER + TRUMP * 28, 0)
    while m:
        d = lowest(m)
        m &= m - 1
        suit = W[TAB + TAB_LEAD_SUIT + d]
        count = W[TAB + TAB_COUNT + d]
        if not (_can_beat(W, left, suit, d) or _can_beat(W, right, suit, d)):
            score = 1000 + count
        else:
            if not cached >> suit & 1:
                cached |= np.int64(1) << suit
                W[TOPS + suit] = _best_play(W, partner, suit)
            top = W[TOPS + suit]
            if top >= 0 and not (_can_beat(W, left, suit, top) or _can_beat(W, right, suit, top)):
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
def _order_follows(W, seat, pos, suit, win_seat, win_power, moves, trick):  # type: ignore[no-untyped-def]
    """Follows to try: feed count to a safe partner, else win cheaply, else discard low."""
    hand = W[HANDS + seat]
    legal = _legal(hand, W[TAB + TAB_SUIT + suit])
    if legal & (legal - 1) == 0:
        W[moves] = lowest(legal)
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
    if popcount(legal & W[TAB + TAB_SUIT + TRUMP]) > 1:
        legal = _drop_equal_trumps(W, legal, power, win_power)
    n = 0
    while legal:
        d = lowest(legal)
        legal &= legal - 1
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


@jit(
    types.int64(
        types.int64,
        types.int64,
        types.int64,
        types.int64,
        types.int64,
        types.int64,
        types.int64,
        types.int64,
        types.int64,
    )
)
def search(address, seat, pos, suit, win_seat, win_power, points, alpha, beta):  # type: ignore[no-untyped-def]
    """Fail-soft alpha-beta: points for seats 0/2 from this trick on.

    ``seat`` is to play the trick's domino number ``pos`` (0 = lead); ``suit`` was
    led, ``win_seat`` leads the trick with strength ``win_power``, and ``points`` is
    what the trick holds so far. The workspace is passed by ``address`` and indexed
    as a raw pointer: an array would cost reference counting at every call, and a
    negative-index check at every access."""
    W = _as_pointer(address)
    W[NODES] += 1
    remaining = W[HANDS] | W[HANDS + 1] | W[HANDS + 2] | W[HANDS + 3]
    ply = 28 - popcount(remaining)
    moves = MOVES + ply * 8
    hand = W[HANDS + seat]
    maximizing = (seat & 1) == 0

    if pos == 0:
        if remaining == 0:
            return 0
        tricks_left = popcount(hand)
        stake = tricks_left + _count_of(W, remaining)
        if tricks_left == 2:
            return _ending(W, seat, remaining, alpha, beta)
        if stake <= alpha:
            return stake
        if beta <= 0:
            return 0
        low = 0
        high = stake
        key = remaining | (seat << 28) | (W[GEN] << 47)
        bucket = _bucket(remaining, seat)
        hint = -1
        entry = _entry(W, key, bucket)
        if W[entry] & TT_KEY == key:
            packed = W[entry]
            hint = ((packed >> 42) & 31) - 1
            low = (packed >> 30) & 63
            high = (packed >> 36) & 63
            v = settled(low, high, alpha, beta)
            if v >= 0:
                return v
        elif tricks_left > 3:
            # A position seen for the first time: try the cheap bounds (with three
            # tricks left, searching them costs less than they save).
            sure = _sure_tricks(W, seat, remaining)
            if sure >> 6 == tricks_left:
                return stake if maximizing else 0
            if maximizing:
                low = sure & 63
            else:
                high = stake - (sure & 63)
            top = _top_trump_points(W, remaining)
            if top > low:
                low = top
            elif stake + top < high:
                high = stake + top
            v = settled(low, high, alpha, beta)
            if v >= 0:
                return v
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
        alpha0 = alpha
        beta0 = beta
        if tricks_left == 3:
            best, best_move = three_tricks(address, seat, remaining, alpha, beta, hint)
        else:
            n = _order_leads(W, seat, moves, hint)
            _promote_killers(W, moves, n, ply)
            best = -1 if maximizing else 99
            best_move = -1
            bit = np.int64(1)
            for i in range(n):
                d = pick(W, moves, moves + SCORE_OFFSET, i, n)
                led = W[TAB + TAB_LEAD_SUIT + d]
                W[HANDS + seat] = hand ^ (bit << d)
                W[THREATS + 2 * (ply >> 2)] = -1
                W[THREATS + 2 * (ply >> 2) + 1] = -1
                lo, hi, scout = _move_window(i, maximizing, alpha, beta)
                while True:
                    v = search(
                        address,
                        (seat + 1) & 3,
                        pos + 1,
                        led,
                        seat,
                        W[TAB + TAB_POWER + led * 28 + d],
                        1 + W[TAB + TAB_COUNT + d],
                        lo,
                        hi,
                    )
                    if not scout or v <= alpha or v >= beta:
                        break
                    scout = False
                    lo, hi = _research_window(maximizing, v, alpha, beta)
                previous = best
                best, alpha, beta = improve(maximizing, v, best, alpha, beta)
                if best != previous:
                    best_move = d
                if alpha >= beta:
                    _remember_killer(W, ply, d)
                    break
            W[HANDS + seat] = hand
        # Remember the lead that refuted the window; after a fail-low of the side to
        # move no lead stood out, so keep the earlier hint.
        if (best <= alpha0) == maximizing:
            best_move = hint
        low, high = proven_bounds(best, alpha0, beta0, low, high)
        if W[entry] & TT_KEY != key:
            # Replace the always-replaced second entry, unless this position is at
            # least as deep as the first one's (or that one is from an earlier solve).
            first = W[bucket]
            if (first >> 47) != W[GEN] or popcount(remaining) >= popcount(first & ALL_MASK):
                W[bucket + 1] = first
                entry = bucket
            else:
                entry = bucket + 1
        W[entry] = key | (low << 30) | (high << 36) | ((best_move + 1) << 42)
        return best

    n = _order_follows(W, seat, pos, suit, win_seat, win_power, moves, (ply - pos) >> 2)
    # Killers only where the seat cannot follow suit: elsewhere the scores order well,
    # and refutations recorded there would crowd out the useful ones.
    void = hand & W[TAB + TAB_SUIT + suit] == 0
    if void and n > 1:
        _promote_killers(W, moves, n, ply)
    best = -1 if maximizing else 99
    bit = np.int64(1)
    power = TAB + TAB_POWER + suit * 28
    # After the last domino of a trick: the tricks and count still to play for.
    tricks_after = popcount(hand) - 1
    count_after = _count_of(W, remaining)
    if pos == 3 and tricks_after >= 3 and n > 1:
        # A stored bound of any next trick that refutes the window ends this node
        # before any search (an enhanced transposition cutoff).
        for i in range(n):
            d = W[moves + i]
            next_seat = seat if W[power + d] > win_power else win_seat
            trick = points + W[TAB + TAB_COUNT + d]
            gain = trick if (next_seat & 1) == 0 else 0
            v = _table_cut(W, remaining ^ (bit << d), next_seat, alpha - gain, beta - gain)
            if v >= 0 and ((v + gain >= beta) if maximizing else (v + gain <= alpha)):
                return v + gain
    for i in range(n):
        d = pick(W, moves, moves + SCORE_OFFSET, i, n)
        p = W[power + d]
        next_seat = win_seat
        next_power = win_power
        if p > win_power:
            next_seat = seat
            next_power = p
        trick = points + W[TAB + TAB_COUNT + d]
        W[HANDS + seat] = hand ^ (bit << d)
        lo, hi, scout = _move_window(i, maximizing, alpha, beta)
        while True:
            if pos == 3:
                # The trick is complete: settle what needs no search here, saving a call.
                gain = trick if (next_seat & 1) == 0 else 0
                stake = tricks_after + count_after - W[TAB + TAB_COUNT + d]
                if tricks_after == 0 or gain >= hi:
                    v = gain
                elif gain + stake <= lo:
                    v = gain + stake
                elif tricks_after == 1:
                    v = gain + _last_trick(W, next_seat, remaining ^ (bit << d))
                elif tricks_after == 2:
                    v = gain + _ending(W, next_seat, remaining ^ (bit << d), lo - gain, hi - gain)
                else:
                    # A stored bound that settles the next trick saves the call.
                    v = _table_cut(W, remaining ^ (bit << d), next_seat, lo - gain, hi - gain)
                    if v < 0:
                        zero = pos - 3  # not a literal 0: see ENGINE_NOTES on cache=True and recursion
                        v = search(address, next_seat, zero, zero, zero, zero, zero, lo - gain, hi - gain)
                    v += gain
            else:
                v = search(address, (seat + 1) & 3, pos + 1, suit, next_seat, next_power, trick, lo, hi)
            if not scout or v <= alpha or v >= beta:
                break
            scout = False
            lo, hi = _research_window(maximizing, v, alpha, beta)
        best, alpha, beta = improve(maximizing, v, best, alpha, beta)
        if alpha >= beta:
            if void:
                _remember_killer(W, ply, d)
            break
    W[HANDS + seat] = hand
    return best


@jit(
    types.int64(
        types.int64[::1], types.int64, types.int64, types.int64, types.int64, types.int64, types.int64
    )
)
def exact_value(W, seat, pos, suit, win_seat, win_power, points):  # type: ignore[no-untyped-def]
    """The exact value of the position in W: one principal-variation search. Its first
    move gets the full window and every later one a null window, searched again with a
    wider one only when it beats the best so far. 13-18% fewer nodes than null-window
    bisection over the whole range, whose every probe searched the same positions again."""
    remaining = W[HANDS] | W[HANDS + 1] | W[HANDS + 2] | W[HANDS + 3]
    trick = (28 - popcount(remaining) - pos) // 4
    W[THREATS + 2 * trick] = -1
    W[THREATS + 2 * trick + 1] = -1
    tricks = (popcount(remaining) + pos) // 4
    high = points + _count_of(W, remaining) + tricks - (1 if pos > 0 else 0)
    below = pos - pos - 1  # not a literal -1: see ENGINE_NOTES on cache=True and recursion
    return search(np.int64(W.ctypes.data), seat, pos, suit, win_seat, win_power, points, below, high + 1)


@inline
def _load(W, hands, table):  # type: ignore[no-untyped-def]
    """Set up the workspace for a new deal: its hands, the declaration's table, no
    killers, and a new generation for the stored bounds."""
    for i in range(4):
        W[HANDS + i] = hands[i]
    for i in range(TABLE_SIZE):
        W[TAB + i] = table[i]
    for i in range(2 * 28):
        W[KILLERS + i] = -1
    W[GEN] += 1
    if W[GEN] > MAX_GEN:
        W[TT:] = 0
        W[GEN] = 1


@jit(types.int64(types.int64[::1], types.int64[::1], types.int64[::1], types.int64))
def solve_one(W, hands, table, leader):  # type: ignore[no-untyped-def]
    """Points for seats 0/2 from the start of a trick that ``leader`` leads."""
    _load(W, hands, table)
    zero = leader - leader
    return exact_value(W, leader, zero, zero, zero, zero, zero)


@jit(types.int64(types.int64[::1], types.int64[::1], types.int64[::1], types.int64, types.int64))
def reaches_one(W, hands, table, leader, target):  # type: ignore[no-untyped-def]
    """1 if seats 0/2 take at least ``target`` points from the start of a trick that
    ``leader`` leads, else 0: one null-window search, not the exact value."""
    _load(W, hands, table)
    zero = leader - leader
    v = search(np.int64(W.ctypes.data), leader, zero, zero, zero, zero, zero, target - 1, target)
    return 1 if v >= target else 0


@numba.njit(
    types.void(
        types.int64[:, ::1],
        types.int64[:, ::1],
        types.int64[::1],
        types.int64[::1],
        types.int64[::1],
        types.int64[:, ::1],
        types.int64[:, ::1],
        types.int64,
        types.int64[::1],
    ),
    parallel=True,
    **JIT_OPTIONS,
)
def solve_batch(hands, tables, declarations, leaders, targets, out, nodes, chunk, done):  # type: ignore[no-untyped-def]
    """out[i, j]: points for seats 0/2 of deal i under declarations[j], leaders[i] leading;
    where targets[i] >= 0, only whether they take at least that many (1 or 0).

    Each chunk of ``chunk`` (deal, declaration) tasks gets its own workspace and writes
    only its own cells, so the results do not depend on the number of threads; done[c]
    counts the tasks chunk c has finished, for a progress report while it runs."""
    n_declarations = declarations.shape[0]
    tasks = hands.shape[0] * n_declarations
    n_chunks = (tasks + chunk - 1) // chunk
    for c in numba.prange(n_chunks):
        W = new_workspace()
        for task in range(c * chunk, min(tasks, (c + 1) * chunk)):
            i = task // n_declarations
            j = task - i * n_declarations
            before = W[NODES]
            if targets[i] >= 0:
                out[i, j] = reaches_one(W, hands[i], tables[declarations[j]], leaders[i], targets[i])
            else:
                out[i, j] = solve_one(W, hands[i], tables[declarations[j]], leaders[i])
            nodes[i, j] = W[NODES] - before
            done[c] += 1
