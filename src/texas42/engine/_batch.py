"""The trump engine's parallel batch, and the kernels texas42.engine.trumps calls.
See docs/engine.md#parallel-batches-and-determinism.
"""

from __future__ import annotations

from numba import types

from texas42.engine._jit import claim, jit
from texas42.engine._layout import NODES
from texas42.engine._search import new_workspace, reaches_one, solve_one

__all__ = ["new_workspace", "reaches_one", "solve_batch", "solve_one"]


@jit(
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
        types.int64[::1],
    ),
)
def solve_batch(hands, tables, declarations, leaders, targets, out, nodes, chunk, done, claimed):
    """out[i, j]: points for seats 0/2 of deal i under declarations[j], leaders[i] leading;
    where targets[i] >= 0, only whether they take at least that many (1 or 0).

    Chunks of ``chunk`` (deal, declaration) tasks are shared out among the threads, each
    call solving on one workspace of its own; a chunk writes only its own cells, and a
    solve sees nothing of the solves before it on that workspace (a new generation of
    stored bounds, the killers cleared), so values and node counts do not depend on the
    number of threads. done[c] counts the tasks chunk c has finished, for a progress
    report while it runs."""
    n_declarations = declarations.shape[0]
    tasks = hands.shape[0] * n_declarations
    n_chunks = (tasks + chunk - 1) // chunk
    W = new_workspace()
    c = claim(claimed)
    while c < n_chunks:
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
        c = claim(claimed)
