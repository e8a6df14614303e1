"""Dealing the unseen dominoes by the completion counts of ``deal.constrained``: each
free domino in turn goes to seat 1, 2 or 3 with probability the share of the consistent
deals it leaves. A kernel because the realistic playouts deal worlds at every turn
(docs/engine.md#dealing).
"""

from __future__ import annotations

import numpy as np
from numba import types

from texas42.engine._jit import jit

__all__ = ["completion_counts", "deal_by_counts"]


@jit(
    types.void(
        types.float64[:, ::1],
        types.int64[::1],
        types.int64[::1],
        types.Array(types.int64, 3, "C", readonly=True),  # the plans' counts, remembered read-only
        types.int64[::1],
        types.int64[::1],
        types.int64[:, ::1],
    ),
)
def deal_by_counts(uniforms, free, allowed, counts, room, fixed, out):
    """out[k]: the deal uniform row k draws. Free domino i goes to seat 1 when
    ``uniforms[k, i]`` falls below the share of the completions giving it seat 1 leaves,
    else to seat 2 below the shares of seats 1 and 2 together, else to seat 3; a seat
    with no completion left is skipped. ``counts[i, r1, r2]``: the ways to deal free
    dominoes i.. with room r1 and r2 left in seats 1 and 2 (below 2**53, so the shares
    are the correctly rounded quotients of the exact integers)."""
    n, m = uniforms.shape
    bit = np.int64(1)
    for k in range(n):
        r1 = room[0]
        r2 = room[1]
        m1 = np.int64(0)
        m2 = np.int64(0)
        m3 = np.int64(0)
        for i in range(m):
            u = uniforms[k, i]
            d = bit << free[i]
            seats = allowed[i]
            w1 = counts[i + 1, r1 - 1, r2] if seats & 1 and r1 > 0 else 0
            w2 = counts[i + 1, r1, r2 - 1] if seats & 2 and r2 > 0 else 0
            total = counts[i, r1, r2]
            if seats & 4 and counts[i + 1, r1, r2] > 0:
                if u < w1 / total:
                    m1 |= d
                    r1 -= 1
                elif u < (w1 + w2) / total:
                    m2 |= d
                    r2 -= 1
                else:
                    m3 |= d
            elif w2 > 0 and u >= w1 / total:
                m2 |= d
                r2 -= 1
            else:
                m1 |= d
                r1 -= 1
        out[k, 0] = fixed[0]
        out[k, 1] = m1 | fixed[1]
        out[k, 2] = m2 | fixed[2]
        out[k, 3] = m3 | fixed[3]


@jit(types.void(types.int64[::1], types.int64[::1], types.int64[:, :, ::1]))
def completion_counts(allowed, room, out):
    """out[i, r1, r2]: the ways to deal free dominoes i.. (``allowed[i]``: bit s - 1 for
    seat s) when seats 1 and 2 have room r1 and r2 left and seat 3 the rest; 0 where the
    rooms do not fit. Backwards from ``out[m, 0, 0] = 1``; ``out`` zeroed by the caller."""
    m = len(allowed)
    c1 = room[0]
    c2 = room[1]
    c3 = room[2]
    out[m, 0, 0] = 1
    for i in range(m - 1, -1, -1):
        seats = allowed[i]
        k = m - i  # the dominoes i.. fill the rooms r1 + r2 + r3 = k
        for r1 in range(max(0, k - c2 - c3), min(c1, k) + 1):
            for r2 in range(max(0, k - r1 - c3), min(c2, k - r1) + 1):
                total = np.int64(0)
                if seats & 1 and r1 > 0:
                    total += out[i + 1, r1 - 1, r2]
                if seats & 2 and r2 > 0:
                    total += out[i + 1, r1, r2 - 1]
                if seats & 4 and k - r1 - r2 > 0:
                    total += out[i + 1, r1, r2]
                out[i, r1, r2] = total
