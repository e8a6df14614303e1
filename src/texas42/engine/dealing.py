"""Dealing by completion counts, for ``deal.constrained``'s exact uniform sampler: the
kernels that count the completions and turn uniform draws into deals
(``engine._dealing``)."""

from __future__ import annotations

import numpy as np

from texas42.engine import running
from texas42.errors import EngineInputError

MAX_ROOM = 7
"""A seat's room for free dominoes: at most a hand."""


def completion_counts(allowed: np.ndarray, room: tuple[int, int, int]) -> np.ndarray:
    """``counts[i, r1, r2]`` (m + 1, room[0] + 1, room[1] + 1) int64: the ways to deal the
    free dominoes i.. (``allowed[i]``: bit s - 1 for seat s) when seats 1 and 2 have room
    r1 and r2 left and seat 3 the rest (0 where that does not fit); ``counts[0, room[0],
    room[1]]`` is the number of deals. Exact: below 21! / (7! 7! 7!) < 2**29."""
    allowed = np.ascontiguousarray(allowed, dtype=np.int64)
    if allowed.ndim != 1 or np.any((allowed < 0) | (allowed > 7)):
        raise EngineInputError("counting deals needs the seats each free domino may go to, 0..7")
    if len(room) != 3 or sum(room) != len(allowed) or not all(0 <= r <= MAX_ROOM for r in room):
        raise EngineInputError("counting deals needs three rooms of 0..7 adding up to the free dominoes")
    counts = np.zeros((len(allowed) + 1, room[0] + 1, room[1] + 1), dtype=np.int64)
    running.dealing_kernels().completion_counts(allowed, np.array(room, dtype=np.int64), counts)
    return counts


def deal_by_counts(
    uniforms: np.ndarray,
    free: np.ndarray,
    allowed: np.ndarray,
    counts: np.ndarray,
    room: tuple[int, int, int],
    fixed: tuple[int, int, int, int],
) -> np.ndarray:
    """One deal a row of ``uniforms`` (n, m), as (n, 4) masks: the m ``free`` dominoes
    dealt in turn among seats 1..3 (``allowed[i]``: bit s - 1 for seat s), each going to
    a seat with probability the share of the completions it leaves (``counts[i, r1, r2]``:
    the ways to deal free dominoes i.. with room r1, r2 left in seats 1 and 2, and the
    rest in seat 3; ``room`` the rooms at the start), on top of ``fixed``. The counts
    are trusted to be those of ``allowed`` and ``room`` (``deal.constrained`` computes
    them): only their shape, their integers and their last level are checked."""
    if np.asarray(counts).dtype.kind not in "iu":
        raise EngineInputError("dealing needs the completion counts as integers")
    uniforms = np.ascontiguousarray(uniforms, dtype=np.float64)
    free = np.ascontiguousarray(free, dtype=np.int64)
    allowed = np.ascontiguousarray(allowed, dtype=np.int64)
    counts = np.ascontiguousarray(counts, dtype=np.int64)
    n, m = uniforms.shape if uniforms.ndim == 2 else (-1, -1)
    c1, c2 = room[0] + 1, room[1] + 1
    if free.shape != (m,) or allowed.shape != (m,) or counts.shape != (m + 1, c1, c2):
        raise EngineInputError(
            "dealing needs (n, m) uniforms, m free dominoes and (m + 1, r1 + 1, r2 + 1) counts"
        )
    if len(fixed) != 4 or sum(room) != m or min(room) < 0:
        raise EngineInputError("dealing needs four fixed masks and rooms adding up to the free dominoes")
    if (
        len(set(free.tolist())) != m
        or np.any((free < 0) | (free > 27))
        or np.any((allowed < 1) | (allowed > 7))
    ):
        raise EngineInputError("dealing needs distinct free dominoes 0..27, each allowed to seats 1..3")
    if np.any(counts < 0) or counts[m, 0, 0] != 1:
        raise EngineInputError("dealing needs completion counts ending in the one empty deal")
    if np.any((uniforms < 0) | (uniforms >= 1)):
        raise EngineInputError("dealing needs uniforms in [0, 1)")
    out = np.empty((n, 4), dtype=np.int64)
    if n and counts[0, room[0], room[1]] > 0:
        kernel = running.dealing_kernels().deal_by_counts
        kernel(
            uniforms,
            free,
            allowed,
            counts,
            np.array(room, dtype=np.int64),
            np.array(fixed, dtype=np.int64),
            out,
        )
    elif n:
        raise EngineInputError("no deal fits these counts")
    return out
