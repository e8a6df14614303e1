"""An optimal line of play, rebuilt from exact values in one kernel call.
See docs/engine.md#what-the-engine-computes.
"""

from __future__ import annotations

import numpy as np
from numba import types

from texas42.engine._jit import jit
from texas42.engine._layout import DOMINOES, HANDS, TAB, TAB_COUNT, TAB_LEAD_SUIT, TAB_POWER, TAB_SUIT
from texas42.engine._ordering import legal
from texas42.engine._search import exact_value, load, new_workspace

__all__ = ["new_workspace", "optimal_line"]


@jit(types.int64(types.int64[::1], types.int64[::1], types.int64[::1], types.int64, types.int64[::1]))
def optimal_line(W, hands, table, leader, line):
    """Write the dominoes of an optimal line into ``line``, in playing order; return how
    many, or -1 if no play kept the value (a bug). At each turn the legal plays are tried
    from the highest domino down and the first whose exact value keeps the position's
    value is played."""
    load(W, hands, table)
    zero = leader - leader
    target = exact_value(W, leader, zero, zero, zero, zero, zero)
    seat = leader
    played = 0
    while W[HANDS + seat]:
        suit = win_seat = win_power = points = zero
        for pos in range(4):
            s = ws = wp = trick = kept = zero
            hand = W[HANDS + seat]
            plays = hand if pos == 0 else legal(hand, W[TAB + TAB_SUIT + suit])
            for d in range(DOMINOES - 1, -1, -1):
                if not plays >> d & 1:
                    continue
                s = W[TAB + TAB_LEAD_SUIT + d] if pos == 0 else suit
                p = W[TAB + TAB_POWER + s * DOMINOES + d]
                ws, wp = (seat, p) if pos == 0 or p > win_power else (win_seat, win_power)
                trick = points + W[TAB + TAB_COUNT + d] + (1 if pos == 0 else 0)
                W[HANDS + seat] = hand & ~(np.int64(1) << d)
                if pos < 3:
                    value = exact_value(W, (seat + 1) & 3, pos + 1, s, ws, wp, trick)
                else:
                    gain = trick if (ws & 1) == 0 else 0
                    value = gain + exact_value(W, ws, zero, zero, zero, zero, zero)
                if value == target:
                    kept = 1
                    break
                W[HANDS + seat] = hand
            if not kept:
                return -1
            line[played] = d
            played += 1
            suit, win_seat, win_power, points = s, ws, wp, trick
            seat = (seat + 1) & 3
        if (win_seat & 1) == 0:
            target -= points
        seat = win_seat
    return played
