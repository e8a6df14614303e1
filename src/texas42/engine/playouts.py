"""The value of each legal play for many positions at once, each its own leader and trick
in progress: one parallel batch for every turn of many playouts. See
docs/engine.md#play-values.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from texas42 import rules
from texas42.engine import running, tables
from texas42.engine.inputs import check_sequence, checked_declaration, integer_array
from texas42.engine.plays import PLAY_CHUNK, check_rows, check_trick
from texas42.errors import DealArrayError, EngineInputError
from texas42.rules import Declaration, Domino


def position_play_values(
    hands: np.ndarray,
    declaration: Declaration,
    leaders: Sequence[int] | np.ndarray,
    tricks: Sequence[Sequence[Domino]],
    threads: int | None = None,
) -> np.ndarray:
    """``values[i, d]``: the points seats 0 and 2 take from row i's trick in progress on
    (the trick's points so far included) when the seat to play plays domino d and every
    seat then plays perfectly, double-dummy; -1 where d is not a legal play.

    Row i is a position of a trump hand: ``hands[i]`` the dominoes each seat still holds,
    ``tricks[i]`` the 0 to 3 dominoes played to the trick in progress, the first led by
    ``leaders[i]``. All rows are solved as one parallel batch; the values do not depend
    on ``threads``. That each trick followed suit is the caller's to know (the playouts'
    own plays): ``play_values`` checks it."""
    hands = integer_array(hands, "positions need an (n, 4) integer array of hands")
    n = hands.shape[0] if hands.ndim == 2 else -1
    leader_array = integer_array(leaders, "leaders are seats 0..3, one a position")
    tricks = list(check_sequence(tricks, "tricks"))
    if hands.ndim != 2 or hands.shape[1] != 4 or leader_array.shape != (n,) or len(tricks) != n:
        raise DealArrayError("positions need an (n, 4) array of hands, n leaders and n tricks")
    if np.any((leader_array < 0) | (leader_array > 3)):
        raise EngineInputError("a leader is a seat 0..3")
    trick_array = np.zeros((n, 3), dtype=np.int64)
    sizes = np.zeros(n, dtype=np.int64)
    for i, trick in enumerate(tricks):
        try:
            plays = check_trick(trick, 3)
        except EngineInputError as error:
            raise EngineInputError(f"position {i}: {error}") from None
        trick_array[i, : len(plays)] = plays
        sizes[i] = len(plays)
    _check_positions(hands, leader_array, trick_array, sizes)
    out = np.zeros((n, len(rules.DOMINOES)), dtype=np.int64)
    if n:
        kernel = running.playout_kernels().play_values_rows
        table = tables.trump_tables()[checked_declaration(declaration).value]
        nodes = np.zeros(n, dtype=np.int64)
        done = np.zeros(-(-n // PLAY_CHUNK), dtype=np.int64)
        args = (hands, table, leader_array, trick_array, sizes, out, nodes, PLAY_CHUNK, done)
        running.in_threads(kernel, args, done.size, threads)
    return out


def _check_positions(hands: np.ndarray, leaders: np.ndarray, tricks: np.ndarray, sizes: np.ndarray) -> None:
    """``check_rows`` of positions where every seat plays (their tricks' dominoes already
    checked, ``check_trick``)."""
    in_trick = np.arange(3)[None, :] < sizes[:, None]
    trick_masks = np.bitwise_or.reduce(np.where(in_trick, np.int64(1) << tricks, 0), axis=1)
    played = (np.arange(4)[None, :] - leaders[:, None]) % 4 < sizes[:, None]
    shapes = np.column_stack((1 + played.astype(np.int64), trick_masks))
    check_rows(hands, shapes, row="position")
