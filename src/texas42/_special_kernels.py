"""Numba kernels of the special contracts, Nel-O and sevens. Private: call them through
texas42.engine. (Plunge and splash are trump contracts: the trump engine solves them.)

As in texas42._kernels, all mutable search state lives in one preallocated int64
workspace per solving chunk, and nothing is allocated inside the search.

Nel-O: seat 0 of the kernel is the bidder, 1 the opponent on the bidder's left, 2 the
one on the right (playing order; the partner sits out). The value is 1 when the bidder
can lose every remaining trick, else 0: a boolean search, the bidder needing one good
play at each turn, the opponents one refutation.

Sevens: the four seats as dealt; the value is the tricks seats 0/2 take from the current
trick on. Only a domino's distance from 7 matters, so a hand is searched by its classes
of distance (one play per class) and the transposition table is keyed by each hand's
count of each class: the same position reached with other dominoes is the same entry,
and the entries stay true from one deal to the next.
"""

from __future__ import annotations

import numba
import numpy as np
from numba import types

from texas42._kernels import HASH_MULT, improve, inline, jit, lowest, pick, popcount, proven_bounds, settled

SCORES = 8  # a ply's move scores sit 8 slots after its moves


# --- Nel-O ------------------------------------------------------------------------------

# The table for one treatment of doubles, built by texas42.engine from the rules core:
NT_LEAD_SUIT = 0  # 28: the suit a domino calls when led (7: doubles as their own suit)
NT_SUIT = 28  # 8: the dominoes of each suit
NT_POWER = 36  # 8 x 28: a domino's strength in a suit led (0: does not follow it)
NT_ORDER = 260  # 8 x 8: each suit's dominoes strongest first, then -1
NT_SINGLE = 324  # the mask of dominoes that belong to one suit only
NELLO_TABLE_SIZE = 325

N_HANDS = 0  # 3 hand masks: bidder, left opponent, right opponent
N_NODES = 3
N_GEN = 4
N_TAB = 8
N_MOVES = N_TAB + NELLO_TABLE_SIZE  # 22 plies x 16: moves, then their scores
N_TOPS = N_MOVES + 22 * 16  # 8: per suit, the strength of the bidder's strongest domino
N_TT = (N_TOPS + 8 + 7) // 8 * 8  # entries of a key and a value
N_TT_BITS = 14
N_TT_SIZE = 1 << N_TT_BITS
NELLO_WORKSPACE_SIZE = N_TT + 2 * N_TT_SIZE


@jit(types.int64[::1]())
def new_nello_workspace():  # type: ignore[no-untyped-def]
    return np.zeros(NELLO_WORKSPACE_SIZE, dtype=np.int64)


@inline
def _n_power(W, suit, d):  # type: ignore[no-untyped-def]
    return W[N_TAB + NT_POWER + suit * 28 + d]


@inline
def _n_weakest(W, hand, suit):  # type: ignore[no-untyped-def]
    """The weakest play a hand can make to a trick of ``suit``: the strength of its weakest
    domino of the suit, or 0 (a discard cannot win) when it has none."""
    m = hand & W[N_TAB + NT_SUIT + suit]
    if m == 0:
        return 0
    weakest = 99
    while m:
        d = lowest(m)
        m &= m - 1
        p = _n_power(W, suit, d)
        if p < weakest:
            weakest = p
    return weakest


@inline
def _n_drop_equivalent(W, legal, remaining, suit, win_power):  # type: ignore[no-untyped-def]
    """Keep one of each run of interchangeable dominoes: held together, each in one suit
    only, adjacent in that suit among the dominoes left and on the same side of the
    trick's winning strength (no count matters in Nel-O)."""
    singles = legal & W[N_TAB + NT_SINGLE]
    if popcount(singles) < 2:
        return legal
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
                and (_n_power(W, suit, d) > win_power) == (_n_power(W, suit, previous) > win_power)
            ):
                legal &= ~(np.int64(1) << d)
            else:
                previous = d
    return legal


@inline
def _n_under_every_lead(W):  # type: ignore[no-untyped-def]
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
            p = _n_power(W, s, d)
            if p > W[N_TOPS + s]:
                W[N_TOPS + s] = p
    m = W[N_HANDS + 1] | W[N_HANDS + 2]
    while m:
        x = lowest(m)
        m &= m - 1
        s = W[N_TAB + NT_LEAD_SUIT + x]
        if _n_power(W, s, x) <= W[N_TOPS + s]:
            return False
    return True


@inline
def _n_moves(W, seat, pos, suit, win_seat, win_power, moves):  # type: ignore[no-untyped-def]
    """The plays to try, best first. The bidder leads only dominoes that an opponent must
    beat (any other lead wins the trick for the bidder, both opponents ducking), high
    first, and follows with the highest domino that stays under; the opponents lead
    where the bidder must go over, and duck low."""
    hand = W[N_HANDS + seat]
    remaining = W[N_HANDS] | W[N_HANDS + 1] | W[N_HANDS + 2]
    legal = hand
    if pos > 0:
        following = hand & W[N_TAB + NT_SUIT + suit]
        if following:
            legal = following
    legal = _n_drop_equivalent(W, legal, remaining, suit, win_power if pos > 0 else 99)
    n = 0
    while legal:
        d = lowest(legal)
        legal &= legal - 1
        if pos == 0:
            led = W[N_TAB + NT_LEAD_SUIT + d]
            p = _n_power(W, led, d)
            if seat == 0:
                if _n_weakest(W, W[N_HANDS + 1], led) < p and _n_weakest(W, W[N_HANDS + 2], led) < p:
                    continue  # both opponents duck: the bidder takes the trick
                score = p
            elif _n_weakest(W, W[N_HANDS], led) > p:
                score = 100 - p  # the bidder must go over it (if the partner can duck)
            else:
                score = -p
        else:
            p = _n_power(W, suit, d)
            own = _n_power(W, W[N_TAB + NT_LEAD_SUIT + d], d)
            if seat == 0:
                score = 100 + (p if p > 0 else own) if p < win_power else -p
            elif win_seat == 0:
                score = 100 + p if p < win_power else -p
            else:
                score = own if p == 0 else -p
        W[moves + n] = d
        W[moves + SCORES + n] = score
        n += 1
    return n


@jit(types.int64(types.int64[::1], types.int64, types.int64, types.int64, types.int64, types.int64))
def nello_search(W, seat, pos, suit, win_seat, win_power):  # type: ignore[no-untyped-def]
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
        key = remaining | (seat << 28) | (W[N_GEN] << 30)
        slot = N_TT + 2 * (((key * HASH_MULT) >> (64 - N_TT_BITS)) & (N_TT_SIZE - 1))
        if W[slot] == key:
            return W[slot + 1]
        if seat != 0 and _n_under_every_lead(W):
            return 1
    moves = N_MOVES + (21 - popcount(remaining)) * 16
    n = _n_moves(W, seat, pos, suit, win_seat, win_power, moves)
    hand = W[N_HANDS + seat]
    bidder = seat == 0
    result = 0 if bidder else 1
    bit = np.int64(1)
    next_seat = seat + 1 if seat < 2 else seat - 2
    for i in range(n):
        d = pick(W, moves, moves + SCORES, i, n)
        W[N_HANDS + seat] = hand ^ (bit << d)
        if pos == 0:
            led = W[N_TAB + NT_LEAD_SUIT + d]
            v = nello_search(W, next_seat, pos + 1, led, seat, _n_power(W, led, d))
        else:
            p = _n_power(W, suit, d)
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
                zero = pos - pos  # not a literal 0: see ENGINE_NOTES on cache=True and recursion
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


@jit(types.int64(types.int64[::1], types.int64[::1], types.int64[::1]))
def nello_one(W, hands, table):  # type: ignore[no-untyped-def]
    """1 if the bidder (hands[0], leading) can lose every trick against hands[1], hands[2]."""
    for i in range(3):
        W[N_HANDS + i] = hands[i]
    for i in range(NELLO_TABLE_SIZE):
        W[N_TAB + i] = table[i]
    W[N_GEN] += 1
    zero = hands[0] - hands[0]
    return nello_search(W, zero, zero, zero, zero, zero)


@jit(
    types.void(types.int64[:, ::1], types.int64[::1], types.int64[::1], types.int64[::1], types.int64),
    parallel=True,
)
def nello_batch(hands, table, out, nodes, chunk):  # type: ignore[no-untyped-def]
    """out[i]: nello_one of hands[i] (bidder, left, right). Each chunk of deals has its own
    workspace and writes only its own cells: results do not depend on the thread count."""
    n = hands.shape[0]
    for c in numba.prange((n + chunk - 1) // chunk):
        W = new_nello_workspace()
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            before = W[N_NODES]
            out[i] = nello_one(W, hands[i], table)
            nodes[i] = W[N_NODES] - before


# --- Sevens -----------------------------------------------------------------------------

S_HANDS = 0  # 4 hand masks, seat 0 first
S_NODES = 4
S_CLASS = 8  # 8: the dominoes at each distance from 7, built by texas42.engine
S_DISTANCE = 16  # 28: each domino's distance from 7
S_MOVES = 48  # 29 plies x 16: moves, then their scores
S_TT = S_MOVES + 29 * 16  # entries of two key words and the bounds, then a spare word
S_TT_BITS = 16
S_TT_SIZE = 1 << S_TT_BITS
SEVENS_WORKSPACE_SIZE = S_TT + 4 * S_TT_SIZE


@jit(types.int64[::1](types.int64[::1]))
def new_sevens_workspace(distance):  # type: ignore[no-untyped-def]
    """A workspace with each domino's distance from 7 (``distance``, 28 values)."""
    W = np.zeros(SEVENS_WORKSPACE_SIZE, dtype=np.int64)
    for d in range(28):
        W[S_DISTANCE + d] = distance[d]
        W[S_CLASS + distance[d]] |= np.int64(1) << d
    return W


@inline
def _s_counts(W, hand, present):  # type: ignore[no-untyped-def]
    """A hand as its count of dominoes at each distance still held by anyone, closest
    first, 3 bits a distance: only the order of the distances matters, so positions
    that differ by distances nobody holds share an entry."""
    v = 0
    shift = 0
    for c in range(8):
        if present >> c & 1:
            v |= popcount(hand & W[S_CLASS + c]) << shift
            shift += 3
    return v


@inline
def _s_closest(W, hand):  # type: ignore[no-untyped-def]
    """The smallest distance from 7 in a hand (8: an empty hand)."""
    for c in range(8):
        if hand & W[S_CLASS + c]:
            return c
    return 8


@inline
def _s_closer(W, hand, distance):  # type: ignore[no-untyped-def]
    """How many dominoes of a hand are strictly closer to 7 than ``distance``."""
    n = 0
    for c in range(distance):
        n += popcount(hand & W[S_CLASS + c])
    return n


@inline
def _s_bounds(W, seat, tricks):  # type: ignore[no-untyped-def]
    """Tricks the leader's team and the other team take for sure, as ours * 8 + theirs.

    The leader wins a trick with each domino at least as close as every domino of the
    other team, leading them one after another (the first played wins a tie). A domino
    strictly closer than all of the other team's wins whenever it is played, and one
    seat's dominoes fall in different tricks. And a team playing its closest dominoes
    first leaves the other team no more than ``_s_most`` tricks."""
    h0 = W[S_HANDS + seat]
    h1 = W[S_HANDS + ((seat + 1) & 3)]
    h2 = W[S_HANDS + ((seat + 2) & 3)]
    h3 = W[S_HANDS + ((seat + 3) & 3)]
    theirs = _s_closest(W, h1 | h3)
    ours = _s_closest(W, h0 | h2)
    sure = _s_closer(W, h0, theirs + 1)
    top = max(_s_closer(W, h0, theirs), _s_closer(W, h2, theirs))
    if top > sure:
        sure = top
    against = max(_s_closer(W, h1, ours), _s_closer(W, h3, ours))
    sure = max(sure, tricks - _s_most(W, h1 | h3, h0, h2, tricks))
    against = max(against, tricks - _s_most(W, h0 | h2, h1, h3, tricks))
    return min(sure, tricks) * 8 + min(against, tricks)


@inline
def _s_nth_closest(W, hand, i):  # type: ignore[no-untyped-def]
    """The distance of the (i+1)-th closest domino of a hand (8: none)."""
    for c in range(8):
        i -= popcount(hand & W[S_CLASS + c])
        if i < 0:
            return c
    return 8


@inline
def _s_most(W, team, a, b, tricks):  # type: ignore[no-untyped-def]
    """At most this many tricks go to the team holding ``team`` (both its hands) when the
    other team's seats play their dominoes ``a`` and ``b`` closest first: the team takes a
    trick only with a domino at least as close as both of theirs in it, and one domino
    takes one trick. (Any fixed play of the other team bounds what the team can take.)"""
    taken = 0
    for i in range(tricks):
        threshold = min(_s_nth_closest(W, a, i), _s_nth_closest(W, b, i))
        if _s_nth_closest(W, team, taken) <= threshold:
            taken += 1
    return taken


@inline
def _s_last_trick(W, seat):  # type: ignore[no-untyped-def]
    """1 if seats 0/2 take the last trick, every play forced: the closest domino, the
    first played among equals."""
    winner = seat
    best = W[S_DISTANCE + lowest(W[S_HANDS + seat])]
    for i in range(1, 4):
        s = (seat + i) & 3
        c = W[S_DISTANCE + lowest(W[S_HANDS + s])]
        if c < best:
            best = c
            winner = s
    return 1 - (winner & 1)


@jit(types.int64(types.int64[::1], *[types.int64] * 6))
def sevens_search(W, seat, pos, win_seat, win_distance, alpha, beta):  # type: ignore[no-untyped-def]
    """Fail-soft alpha-beta: the tricks seats 0/2 take from this trick on.

    ``seat`` plays the trick's domino number ``pos``; ``win_seat`` holds the trick with a
    domino ``win_distance`` from 7 (a later domino must be strictly closer to take it)."""
    W[S_NODES] += 1
    hand = W[S_HANDS + seat]
    maximizing = (seat & 1) == 0
    slot = 0
    k1 = 0
    k2 = 0
    if pos == 0:
        tricks = popcount(hand)
        if tricks == 0:
            return 0
        if tricks == 1:
            return _s_last_trick(W, seat)
        low = 0
        high = tricks
        present = 0
        remaining = W[S_HANDS] | W[S_HANDS + 1] | W[S_HANDS + 2] | W[S_HANDS + 3]
        for c in range(8):
            if remaining & W[S_CLASS + c]:
                present |= 1 << c
        k1 = _s_counts(W, W[S_HANDS], present) | (_s_counts(W, W[S_HANDS + 1], present) << 24)
        k1 |= (seat + 4) << 48
        k2 = _s_counts(W, W[S_HANDS + 2], present) | (_s_counts(W, W[S_HANDS + 3], present) << 24)
        slot = S_TT + 4 * ((((k1 ^ (k2 * HASH_MULT)) * HASH_MULT) >> (64 - S_TT_BITS)) & (S_TT_SIZE - 1))
        if W[slot] == k1 and W[slot + 1] == k2:
            low = W[slot + 2] & 255
            high = W[slot + 2] >> 8
        else:
            sure = _s_bounds(W, seat, tricks)
            if maximizing:
                low = sure >> 3
                high = tricks - (sure & 7)
            else:
                low = sure & 7
                high = tricks - (sure >> 3)
        v = settled(low, high, alpha, beta)
        if v >= 0:
            return v
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
    alpha0 = alpha
    beta0 = beta
    remaining = W[S_HANDS] | W[S_HANDS + 1] | W[S_HANDS + 2] | W[S_HANDS + 3]
    moves = S_MOVES + (28 - popcount(remaining)) * 16
    ours = (win_seat & 1) == (seat & 1)
    # The second to play leaves the trick to the partner, last to play, if they can take it.
    if pos == 1 and not ours and _s_closest(W, W[S_HANDS + ((seat + 2) & 3)]) < win_distance:
        ours = True
    n = 0
    for c in range(8):
        m = hand & W[S_CLASS + c]
        if m == 0:
            continue
        if pos == 0:
            score = -c  # lead the closest first
        elif ours:
            score = c  # partner holds the trick: throw the farthest
        elif c < win_distance:
            score = 100 + c  # take the trick as cheaply as possible
        else:
            score = c
        W[moves + n] = lowest(m)
        W[moves + SCORES + n] = score
        n += 1
    best = -1 if maximizing else 99
    bit = np.int64(1)
    for i in range(n):
        d = pick(W, moves, moves + SCORES, i, n)
        c = W[S_DISTANCE + d]
        ws = win_seat
        wd = win_distance
        if pos == 0 or c < win_distance:
            ws = seat
            wd = c
        W[S_HANDS + seat] = hand ^ (bit << d)
        if pos < 3:
            v = sevens_search(W, (seat + 1) & 3, pos + 1, ws, wd, alpha, beta)
        else:
            gain = 1 - (ws & 1)
            zero = pos - pos  # not a literal 0: see ENGINE_NOTES on cache=True and recursion
            v = gain + sevens_search(W, ws, zero, zero, zero, alpha - gain, beta - gain)
        best, alpha, beta = improve(maximizing, v, best, alpha, beta)
        if alpha >= beta:
            break
    W[S_HANDS + seat] = hand
    if pos == 0:
        if W[slot] == k1 and W[slot + 1] == k2:
            low = W[slot + 2] & 255
            high = W[slot + 2] >> 8
        else:
            low = 0
            high = popcount(hand)
        low, high = proven_bounds(best, alpha0, beta0, low, high)
        W[slot] = k1
        W[slot + 1] = k2
        W[slot + 2] = low | (high << 8)
    return best


@jit(types.int64(types.int64[::1], types.int64[::1], types.int64, types.int64))
def sevens_one(W, hands, leader, contract):  # type: ignore[no-untyped-def]
    """The tricks seats 0/2 take, ``leader`` leading (one full-window search: with seven
    values at most, it beat null-window bisection). With ``contract``, only whether the
    leader's team takes every trick is asked, by one null-window search: 1 or 0."""
    for i in range(4):
        W[S_HANDS + i] = hands[i]
    tricks = popcount(hands[0])
    zero = leader - leader
    if contract:
        guess = tricks if (leader & 1) == 0 else zero + 1
        v = sevens_search(W, leader, zero, zero, zero, guess - 1, guess)
        return 1 if (v >= guess) == ((leader & 1) == 0) else 0
    return sevens_search(W, leader, zero, zero, zero, zero - 1, tricks + 1)


@jit(
    types.void(
        types.int64[:, ::1],
        types.int64[::1],
        types.int64[::1],
        types.int64,
        types.int64[::1],
        types.int64[::1],
        types.int64,
    ),
    parallel=True,
)
def sevens_batch(hands, leaders, distance, contract, out, nodes, chunk):  # type: ignore[no-untyped-def]
    """out[i]: sevens_one of hands[i] with leaders[i] leading, chunk by chunk as nello_batch."""
    n = hands.shape[0]
    for c in numba.prange((n + chunk - 1) // chunk):
        W = new_sevens_workspace(distance)
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            before = W[S_NODES]
            out[i] = sevens_one(W, hands[i], leaders[i], contract)
            nodes[i] = W[S_NODES] - before
