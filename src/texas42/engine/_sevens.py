"""The sevens kernels: a fail-soft alpha-beta search on the tricks seats 0/2 take from
the current trick on. Only a domino's distance from 7 matters, so a hand is searched by
its classes of distance (one play per class) and the table is keyed by each hand's count
of each class: the same position reached with other dominoes is the same entry, and the
entries stay true from one deal to the next. See docs/engine.md#sevens.
"""

from __future__ import annotations

import numpy as np
from numba import types

from texas42.engine._entries import sevens_keys, sevens_pack, sevens_slot, sevens_unpack
from texas42.engine._jit import by_address, claim, inline, jit, lowest, popcount
from texas42.engine._layout import (
    DOMINOES,
    PLY_SCORES,
    PLY_SLOTS,
    S_CLASS,
    S_DISTANCE,
    S_HANDS,
    S_MOVES,
    S_NODES,
    SEVENS_WORKSPACE_SIZE,
)
from texas42.engine._ordering import pick
from texas42.engine._window import improve, narrowed, proven_bounds


@inline
def new_sevens_workspace(distance):
    """A workspace with each domino's distance from 7 (``distance``, 28 values)."""
    W = np.zeros(SEVENS_WORKSPACE_SIZE, dtype=np.int64)
    for d in range(DOMINOES):
        W[S_DISTANCE + d] = distance[d]
        W[S_CLASS + distance[d]] |= np.int64(1) << d
    return W


@inline
def _counts(W, hand, present):
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
def _closest(W, hand):
    """The smallest distance from 7 in a hand (8: an empty hand)."""
    for c in range(8):
        if hand & W[S_CLASS + c]:
            return c
    return 8


@inline
def _closer(W, hand, distance):
    """How many dominoes of a hand are strictly closer to 7 than ``distance``."""
    n = 0
    for c in range(distance):
        n += popcount(hand & W[S_CLASS + c])
    return n


@inline
def _bounds(W, seat, tricks):
    """Tricks the leader's team and the other team take for sure, as ours * 8 + theirs.

    The leader wins a trick with each domino at least as close as every domino of the
    other team, leading them one after another (the first played wins a tie). A domino
    strictly closer than all of the other team's wins whenever it is played, and one
    seat's dominoes fall in different tricks. And a team playing its closest dominoes
    first leaves the other team no more than ``_most`` tricks."""
    h0 = W[S_HANDS + seat]
    h1 = W[S_HANDS + ((seat + 1) & 3)]
    h2 = W[S_HANDS + ((seat + 2) & 3)]
    h3 = W[S_HANDS + ((seat + 3) & 3)]
    theirs = _closest(W, h1 | h3)
    ours = _closest(W, h0 | h2)
    sure = _closer(W, h0, theirs + 1)
    top = max(_closer(W, h0, theirs), _closer(W, h2, theirs))
    if top > sure:
        sure = top
    against = max(_closer(W, h1, ours), _closer(W, h3, ours))
    sure = max(sure, tricks - _most(W, h1 | h3, h0, h2, tricks))
    against = max(against, tricks - _most(W, h0 | h2, h1, h3, tricks))
    return min(sure, tricks) * 8 + min(against, tricks)


@inline
def _nth_closest(W, hand, i):
    """The distance of the (i+1)-th closest domino of a hand (8: none)."""
    for c in range(8):
        i -= popcount(hand & W[S_CLASS + c])
        if i < 0:
            return c
    return 8


@inline
def _most(W, team, a, b, tricks):
    """At most this many tricks go to the team holding ``team`` (both its hands) when the
    other team's seats play their dominoes ``a`` and ``b`` closest first: the team takes a
    trick only with a domino at least as close as both of theirs in it, and one domino
    takes one trick. (Any fixed play of the other team bounds what the team can take.)"""
    taken = 0
    for i in range(tricks):
        threshold = min(_nth_closest(W, a, i), _nth_closest(W, b, i))
        if _nth_closest(W, team, taken) <= threshold:
            taken += 1
    return taken


@inline
def _last_trick(W, seat):
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


@inline
def _key(W, seat):
    """The table's key words of a trick's start, and its slot."""
    present = 0
    remaining = W[S_HANDS] | W[S_HANDS + 1] | W[S_HANDS + 2] | W[S_HANDS + 3]
    for c in range(8):
        if remaining & W[S_CLASS + c]:
            present |= 1 << c
    k1, k2 = sevens_keys(
        _counts(W, W[S_HANDS], present),
        _counts(W, W[S_HANDS + 1], present),
        _counts(W, W[S_HANDS + 2], present),
        _counts(W, W[S_HANDS + 3], present),
        seat,
    )
    return k1, k2, sevens_slot(k1, k2)


@jit(types.int64(types.int64[::1], *[types.int64] * 6))
def sevens_search(W, seat, pos, win_seat, win_distance, alpha, beta):
    """Fail-soft alpha-beta: the tricks seats 0/2 take from this trick on.

    ``seat`` plays the trick's domino number ``pos``; ``win_seat`` holds the trick with a
    domino ``win_distance`` from 7 (a later domino must be strictly closer to take it)."""
    W[S_NODES] += 1
    hand = W[S_HANDS + seat]
    maximizing = (seat & 1) == 0
    slot = k1 = k2 = 0
    if pos == 0:
        tricks = popcount(hand)
        if tricks == 0:
            return 0
        if tricks == 1:
            return _last_trick(W, seat)
        low = 0
        high = tricks
        k1, k2, slot = _key(W, seat)
        if W[slot] == k1 and W[slot + 1] == k2:
            low, high = sevens_unpack(W[slot + 2])
        else:
            sure = _bounds(W, seat, tricks)
            if maximizing:
                low = sure >> 3
                high = tricks - (sure & 7)
            else:
                low = sure & 7
                high = tricks - (sure >> 3)
        v, alpha, beta = narrowed(low, high, alpha, beta)
        if v >= 0:
            return v
    alpha0 = alpha
    beta0 = beta
    remaining = W[S_HANDS] | W[S_HANDS + 1] | W[S_HANDS + 2] | W[S_HANDS + 3]
    moves = S_MOVES + (DOMINOES - popcount(remaining)) * PLY_SLOTS
    ours = (win_seat & 1) == (seat & 1)
    # The second to play leaves the trick to the partner, last to play, if they can take it.
    if pos == 1 and not ours and _closest(W, W[S_HANDS + ((seat + 2) & 3)]) < win_distance:
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
        W[moves + PLY_SCORES + n] = score
        n += 1
    best = -1 if maximizing else 99
    bit = np.int64(1)
    for i in range(n):
        d = pick(W, moves, moves + PLY_SCORES, i, n)
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
            zero = pos - pos  # not a literal 0: docs/engine.md#numba-pitfalls
            v = gain + sevens_search(W, ws, zero, zero, zero, alpha - gain, beta - gain)
        best, alpha, beta = improve(maximizing, v, best, alpha, beta)
        if alpha >= beta:
            break
    W[S_HANDS + seat] = hand
    if pos == 0:
        if W[slot] == k1 and W[slot + 1] == k2:
            low, high = sevens_unpack(W[slot + 2])
        else:
            low = 0
            high = popcount(hand)
        low, high = proven_bounds(best, alpha0, beta0, low, high)
        W[slot] = k1
        W[slot + 1] = k2
        W[slot + 2] = sevens_pack(low, high)
    return best


_call_sevens_search = by_address(sevens_search)


@inline
def sevens_one(W, hands, leader, contract):
    """The tricks seats 0/2 take, ``leader`` leading (one full-window search: with seven
    values at most, it beat null-window bisection). With ``contract``, only whether the
    leader's team takes every trick is asked, by one null-window search: 1 or 0."""
    for i in range(4):
        W[S_HANDS + i] = hands[i]
    tricks = popcount(hands[0])
    zero = leader - leader
    if contract:
        guess = tricks if (leader & 1) == 0 else zero + 1
        v = _call_sevens_search(W, leader, zero, zero, zero, guess - 1, guess)
        return 1 if (v >= guess) == ((leader & 1) == 0) else 0
    return _call_sevens_search(W, leader, zero, zero, zero, zero - 1, tricks + 1)


@jit(
    types.void(
        types.int64[:, ::1],
        types.int64[::1],
        types.int64[::1],
        types.int64,
        types.int64[::1],
        types.int64[::1],
        types.int64,
        types.int64[::1],
    ),
)
def sevens_batch(hands, leaders, distance, contract, out, nodes, chunk, claimed):
    """out[i]: sevens_one of hands[i] with leaders[i] leading, chunk by chunk as nello_batch."""
    n = hands.shape[0]
    c = claim(claimed)
    while c < (n + chunk - 1) // chunk:
        W = new_sevens_workspace(distance)
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            before = W[S_NODES]
            out[i] = sevens_one(W, hands[i], leaders[i], contract)
            nodes[i] = W[S_NODES] - before
        c = claim(claimed)
