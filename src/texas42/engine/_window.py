"""Alpha-beta window arithmetic shared by the searches: folding a child's value in,
the window of each move (principal-variation search), and what bounds prove.

See docs/engine.md#search.
"""

from __future__ import annotations

from texas42.engine._jit import inline


@inline
def improve(maximizing, v, best, alpha, beta):
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
def proven_bounds(best, alpha, beta, low, high):
    """Bounds (low, high) tightened by a fail-soft search that returned ``best`` on the
    window (alpha, beta): an upper bound if it failed low, a lower one if it failed high."""
    if best <= alpha:
        return low, min(high, best)
    if best >= beta:
        return max(low, best), high
    return best, best


@inline
def settled(low, high, alpha, beta):
    """The bound (low, high) that settles the window (alpha, beta) on its own, or -1
    (values are never negative)."""
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    return -1


@inline
def narrowed(low, high, alpha, beta):
    """What bounds (low, high) tell a search on (alpha, beta): the value they settle (else
    -1, as ``settled``), and the window narrowed to them."""
    return settled(low, high, alpha, beta), max(alpha, low), min(beta, high)


@inline
def move_window(i, maximizing, alpha, beta):
    """The window for a node's i-th move, and whether it is a scout: the first move (or
    any, in a null window) gets the node's window, a later one the null window that asks
    whether it beats the best so far."""
    if i == 0 or beta - alpha <= 1:
        return alpha, beta, False
    if maximizing:
        return alpha, alpha + 1, True
    return beta - 1, beta, True


@inline
def research_window(maximizing, v, alpha, beta):
    """The window that finds the value of a move whose scout returned ``v``, a bound
    better than the best so far for the side to move."""
    if maximizing:
        return v - 1, beta
    return alpha, v + 1
