"""The value of each legal play for many positions at once, each row its own position (its
own leader and trick in progress): what the realistic playouts ask at every turn, for all
their deals and worlds in one parallel batch. See docs/engine.md#play-values.
"""

from __future__ import annotations

from numba import types

from texas42.engine._jit import claim, jit
from texas42.engine._layout import NODES
from texas42.engine._plays import new_workspace, play_values_one

__all__ = ["play_values_rows"]


@jit(
    types.void(
        types.int64[:, ::1],
        types.int64[::1],
        types.int64[::1],
        types.int64[:, ::1],
        types.int64[::1],
        types.int64[:, ::1],
        types.int64[::1],
        types.int64,
        types.int64[::1],
        types.int64[::1],
    ),
)
def play_values_rows(hands, table, leaders, tricks, trick_sizes, out, nodes, chunk, done, claimed):
    """out[i]: ``play_values_one`` of row i, whose trick in progress is the first
    ``trick_sizes[i]`` dominoes of ``tricks[i]``, led by ``leaders[i]``. Chunks of rows are
    shared out among the threads, each call on one workspace of its own, and each row is
    loaded afresh, so the results do not depend on the number of threads; done[c] counts
    the rows chunk c has finished."""
    n = hands.shape[0]
    n_chunks = (n + chunk - 1) // chunk
    W = new_workspace()
    c = claim(claimed)
    while c < n_chunks:
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            before = W[NODES]
            play_values_one(W, hands[i], table, leaders[i], tricks[i, : trick_sizes[i]].copy(), out[i])
            nodes[i] = W[NODES] - before
            done[c] += 1
        c = claim(claimed)
