"""The trump search: fail-soft alpha-beta over single plays, with principal-variation
windows, a transposition table at trick starts and the endings. Values are points for
seats 0/2 from the current trick to the end of the hand. See docs/engine.md#search.

All mutable state lives in one workspace, passed to ``search`` by address and indexed as
a raw pointer (docs/engine.md#representation).
"""

from __future__ import annotations

import numpy as np
from numba import types

from texas42.engine import running
from texas42.engine._bounds import count_of, remaining_of, trick_start
from texas42.engine._entries import tt_cut, tt_store
from texas42.engine._jit import as_pointer, calls, inline, jit, popcount, publish
from texas42.engine._layout import (
    DOMINOES,
    GEN,
    HANDS,
    KILLERS,
    MAX_GEN,
    MOVE_SLOTS,
    MOVES,
    NODES,
    SCORE_OFFSET,
    TAB,
    TAB_COUNT,
    TAB_LEAD_SUIT,
    TAB_POWER,
    TAB_SUIT,
    TABLE_SIZE,
    THREATS,
    TT,
    WORKSPACE_SIZE,
)
from texas42.engine._ordering import order_follows, order_leads, pick, promote_killers, remember_killer
from texas42.engine._tricks import call_four_tricks, call_two_tricks, last_trick, three_left
from texas42.engine._window import improve, move_window, research_window

SEARCH = types.int64(*[types.int64] * 9)
# The search's loops call it back through its cell: ordinary helpers, compiled before it.
call_search = calls("texas42.engine._search.search", SEARCH)


@inline
def _next_trick_cut(W, seat, moves, n, power, win_seat, win_power, points, remaining, alpha, beta):
    """Before the last play of a trick: a stored bound of any next trick's start that
    refutes the window ends the node before any search (an enhanced transposition
    cutoff). Returns its value, else -1."""
    maximizing = (seat & 1) == 0
    bit = np.int64(1)
    for i in range(n):
        d = W[moves + i]
        next_seat = seat if W[power + d] > win_power else win_seat
        trick = points + W[TAB + TAB_COUNT + d]
        gain = trick if (next_seat & 1) == 0 else 0
        v = tt_cut(W, remaining ^ (bit << d), next_seat, alpha - gain, beta - gain)
        if v >= 0 and ((v + gain >= beta) if maximizing else (v + gain <= alpha)):
            return v + gain
    return -1


@inline
def _leads(address, W, seat, pos, moves, n, ply, alpha, beta):
    """Search the n leads at ``moves``, best-scored first; return the best value and the
    lead that last improved it."""
    hand = W[HANDS + seat]
    maximizing = (seat & 1) == 0
    best = -1 if maximizing else 99
    best_lead = -1
    for i in range(n):
        d = pick(W, moves, moves + SCORE_OFFSET, i, n)
        led = W[TAB + TAB_LEAD_SUIT + d]
        W[HANDS + seat] = hand ^ (np.int64(1) << d)
        W[THREATS + 2 * (ply >> 2)] = -1
        W[THREATS + 2 * (ply >> 2) + 1] = -1
        power = W[TAB + TAB_POWER + led * 28 + d]
        points = 1 + W[TAB + TAB_COUNT + d]
        lo, hi, scout = move_window(i, maximizing, alpha, beta)
        while True:
            v = call_search(address, (seat + 1) & 3, pos + 1, led, seat, power, points, lo, hi)
            if not scout or v <= alpha or v >= beta:
                break
            scout = False
            lo, hi = research_window(maximizing, v, alpha, beta)
        previous = best
        best, alpha, beta = improve(maximizing, v, best, alpha, beta)
        if best != previous:
            best_lead = d
        if alpha >= beta:
            remember_killer(W, ply, d)
            break
    W[HANDS + seat] = hand
    return best, best_lead


@inline
def _follows(address, W, seat, pos, suit, win_seat, win_power, points, moves, n, void, alpha, beta):
    """Search the n follows at ``moves``, best-scored first; return the best value."""
    hand = W[HANDS + seat]
    maximizing = (seat & 1) == 0
    remaining = remaining_of(W)
    ply = DOMINOES - popcount(remaining)
    power = TAB + TAB_POWER + suit * 28
    best = -1 if maximizing else 99
    for i in range(n):
        d = pick(W, moves, moves + SCORE_OFFSET, i, n)
        p = W[power + d]
        next_seat = win_seat
        next_power = win_power
        if p > win_power:
            next_seat = seat
            next_power = p
        trick = points + W[TAB + TAB_COUNT + d]
        W[HANDS + seat] = hand ^ (np.int64(1) << d)
        lo, hi, scout = move_window(i, maximizing, alpha, beta)
        while True:
            if pos == 3:
                v = _trick_done(address, W, pos, d, next_seat, trick, remaining, lo, hi)
            else:
                v = call_search(address, (seat + 1) & 3, pos + 1, suit, next_seat, next_power, trick, lo, hi)
            if not scout or v <= alpha or v >= beta:
                break
            scout = False
            lo, hi = research_window(maximizing, v, alpha, beta)
        best, alpha, beta = improve(maximizing, v, best, alpha, beta)
        if alpha >= beta:
            if void:
                remember_killer(W, ply, d)
            break
    W[HANDS + seat] = hand
    return best


@inline
def _trick_done(address, W, pos, d, leader, trick, remaining, lo, hi):
    """The value on (lo, hi) once ``d`` completes a trick worth ``trick`` that ``leader``
    won: settled here when no search is needed, saving a call."""
    rest = remaining ^ (np.int64(1) << d)
    tricks_after = popcount(W[HANDS + leader])
    gain = trick if (leader & 1) == 0 else 0
    stake = tricks_after + count_of(W, rest)
    if tricks_after == 0 or gain >= hi:
        return gain
    if gain + stake <= lo:
        return gain + stake
    if tricks_after == 1:
        return gain + last_trick(W, leader, rest)
    if tricks_after == 2:
        return gain + call_two_tricks(address, leader, rest, lo - gain, hi - gain)
    v = tt_cut(W, rest, leader, lo - gain, hi - gain)
    if v < 0:
        zero = pos - 3  # not a literal 0: docs/engine.md#numba-pitfalls
        v = call_search(address, leader, zero, zero, zero, zero, zero, lo - gain, hi - gain)
    return v + gain


@jit(SEARCH)
def search(address, seat, pos, suit, win_seat, win_power, points, alpha, beta):
    """Fail-soft alpha-beta: points for seats 0/2 from this trick on.

    ``seat`` is to play the trick's domino number ``pos`` (0 = lead); ``suit`` was
    led, ``win_seat`` leads the trick with strength ``win_power``, and ``points`` is
    what the trick holds so far. The workspace is at ``address``."""
    W = as_pointer(address)
    W[NODES] += 1
    remaining = remaining_of(W)
    ply = DOMINOES - popcount(remaining)
    moves = MOVES + ply * MOVE_SLOTS
    if pos > 0:
        n = order_follows(W, seat, pos, suit, win_seat, win_power, moves, (ply - pos) >> 2)
        # Killers only where the seat cannot follow suit: elsewhere the scores order
        # well, and refutations recorded there would crowd out the useful ones.
        void = W[HANDS + seat] & W[TAB + TAB_SUIT + suit] == 0
        if void and n > 1:
            promote_killers(W, moves, n, ply)
        if pos == 3 and popcount(W[HANDS + seat]) > 3 and n > 1:
            power = TAB + TAB_POWER + suit * 28
            v = _next_trick_cut(W, seat, moves, n, power, win_seat, win_power, points, remaining, alpha, beta)
            if v >= 0:
                return v
        return _follows(address, W, seat, pos, suit, win_seat, win_power, points, moves, n, void, alpha, beta)
    if remaining == 0:
        return 0
    tricks_left = popcount(W[HANDS + seat])
    if tricks_left == 2:
        return call_two_tricks(address, seat, remaining, alpha, beta)
    if tricks_left == 3:
        return three_left(address, W, seat, remaining, alpha, beta)
    v, bucket, entry, key, low, high, hint, alpha, beta = trick_start(
        W, seat, remaining, tricks_left, alpha, beta
    )
    if v >= 0:
        return v
    if tricks_left == 4:
        best, best_lead = call_four_tricks(address, seat, remaining, alpha, beta, hint)
    else:
        n = order_leads(W, seat, moves, hint)
        promote_killers(W, moves, n, ply)
        best, best_lead = _leads(address, W, seat, pos, moves, n, ply, alpha, beta)
    tt_store(W, bucket, entry, key, remaining, seat, best, best_lead, hint, alpha, beta, low, high)
    return best


publish(search)


# --- Entry points ---------------------------------------------------------------------------


@jit(types.int64[::1]())
def new_workspace():
    """A zeroed workspace: one per solving thread or chunk of work."""
    return np.zeros(WORKSPACE_SIZE, dtype=np.int64)


@inline
def load(W, hands, table):
    """Set up the workspace for a new deal: its hands, the declaration's table, no
    killers, and a new generation for the stored bounds (clearing both tables when
    the generation wraps)."""
    for i in range(4):
        W[HANDS + i] = hands[i]
    for i in range(TABLE_SIZE):
        W[TAB + i] = table[i]
    for i in range(2 * DOMINOES):
        W[KILLERS + i] = -1
    W[GEN] += 1
    if W[GEN] > MAX_GEN:
        W[TT:] = 0
        W[GEN] = 1


@inline
def exact_value(W, seat, pos, suit, win_seat, win_power, points):
    """The exact value of the position in W: one principal-variation search. Its first
    move gets the full window and every later one a null window, searched again with a
    wider one only when it beats the best so far."""
    remaining = remaining_of(W)
    trick = (DOMINOES - popcount(remaining) - pos) // 4
    W[THREATS + 2 * trick] = -1
    W[THREATS + 2 * trick + 1] = -1
    tricks = (popcount(remaining) + pos) // 4
    high = points + count_of(W, remaining) + tricks - (1 if pos > 0 else 0)
    below = pos - pos - 1  # not a literal -1: docs/engine.md#numba-pitfalls
    address = np.int64(W.ctypes.data)
    return call_search(address, seat, pos, suit, win_seat, win_power, points, below, high + 1)


@inline
def solve_one(W, hands, table, leader):
    """Points for seats 0/2 from the start of a trick that ``leader`` leads."""
    load(W, hands, table)
    zero = leader - leader
    return exact_value(W, leader, zero, zero, zero, zero, zero)


@inline
def reaches_one(W, hands, table, leader, target):
    """1 if seats 0/2 take at least ``target`` points from the start of a trick that
    ``leader`` leads, else 0: one null-window search, not the exact value."""
    load(W, hands, table)
    zero = leader - leader
    v = call_search(np.int64(W.ctypes.data), leader, zero, zero, zero, zero, zero, target - 1, target)
    return 1 if v >= target else 0


# The kernels the search calls through their cells, published before this module returns
# (docs/engine.md#compile-time): the four-trick loop perhaps compiled meanwhile by the
# helper process of a first run, which this waits for.
running.wait_for_helper(running.FOUR)
from texas42.engine import _endings, _four  # noqa: E402, F401
