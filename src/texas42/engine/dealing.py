"""Dealing by completion counts, for ``deal.constrained``'s exact uniform sampler: the
kernels that count the completions and turn uniform draws into deals
(``engine._dealing``)."""

from __future__ import annotations

import numpy as np

from texas42 import rules
from texas42.engine import running
from texas42.engine.inputs import integer_array
from texas42.errors import EngineInputError, is_whole

MAX_ROOM = 7
"""A seat's room for free dominoes: at most a hand."""
_SHAPES = "dealing needs (n, m) uniforms, m free dominoes and (m + 1, r1 + 1, r2 + 1) counts"


def completion_counts(allowed: np.ndarray, room: tuple[int, int, int]) -> np.ndarray:
    """``counts[i, r1, r2]`` (m + 1, room[0] + 1, room[1] + 1) int64: the ways to deal the
    free dominoes i.. (``allowed[i]``: bit s - 1 for seat s) when seats 1 and 2 have room
    r1 and r2 left and seat 3 the rest (0 where that does not fit); ``counts[0, room[0],
    room[1]]`` is the number of deals. Exact: below 21! / (7! 7! 7!) < 2**29."""
    allowed = integer_array(
        allowed, "counting deals needs the seats each free domino may go to", EngineInputError
    )
    if allowed.ndim != 1 or np.any((allowed < 0) | (allowed > 7)):
        raise EngineInputError("counting deals needs the seats each free domino may go to, 0..7")
    room = _rooms(room, "counting deals")
    if sum(room) != len(allowed):
        raise EngineInputError("counting deals needs three rooms of 0..7 adding up to the free dominoes")
    counts = np.zeros((len(allowed) + 1, room[0] + 1, room[1] + 1), dtype=np.int64)
    running.dealing_kernels().completion_counts(allowed, np.array(room, dtype=np.int64), counts)
    return counts


class CountsDealer:
    """A plan's dealing, checked once: ``deal`` turns uniform draws into deals as
    ``deal_by_counts`` does, checking only the draws (the playouts deal worlds from the
    same plans thousands of times; the plan's checks cost more than a small deal)."""

    __slots__ = ("_args", "free_count")

    def __init__(
        self,
        free: np.ndarray,
        allowed: np.ndarray,
        counts: np.ndarray,
        room: tuple[int, int, int],
        fixed: tuple[int, int, int, int],
    ) -> None:
        """The m ``free`` dominoes, dealt in turn among seats 1..3 (``allowed[i]``: bit
        s - 1 for seat s), each going to a seat with probability the share of the
        completions it leaves (``counts[i, r1, r2]``: the ways to deal free dominoes i..
        with room r1, r2 left in seats 1 and 2, and the rest in seat 3; ``room`` the rooms
        at the start), on top of ``fixed``. The counts are trusted to be those of
        ``allowed`` and ``room`` (``deal.constrained`` computes them): only their shape,
        their integers and their last level are checked."""
        counts = integer_array(counts, "dealing needs the completion counts as integers", EngineInputError)
        free = integer_array(free, "dealing needs the free dominoes as integers", EngineInputError)
        allowed = integer_array(
            allowed, "dealing needs the seats each free domino may go to", EngineInputError
        )
        room = _rooms(room, "dealing")
        m = free.shape[0] if free.ndim == 1 else -1
        if allowed.shape != (m,) or counts.shape != (m + 1, room[0] + 1, room[1] + 1):
            raise EngineInputError(_SHAPES)
        if sum(room) != m:
            raise EngineInputError("dealing needs rooms adding up to the free dominoes")
        free_list = free.tolist()  # a hand's few numbers: Python checks them faster than numpy
        if (
            len(set(free_list)) != m
            or not all(0 <= d <= 27 for d in free_list)
            or not all(1 <= s <= 7 for s in allowed.tolist())
        ):
            raise EngineInputError("dealing needs distinct free dominoes 0..27, each allowed to seats 1..3")
        held = _fixed(fixed, free_list)
        if counts[m, 0, 0] != 1 or counts.min() < 0:
            raise EngineInputError("dealing needs completion counts ending in the one empty deal")
        if counts[0, room[0], room[1]] == 0:
            raise EngineInputError("no deal fits these counts")
        self.free_count = m
        """The free dominoes: the columns of the uniforms ``deal`` reads."""
        rooms = np.array(room, dtype=np.int64)
        self._args = (free, allowed, counts, rooms, np.array(held, dtype=np.int64))

    def deal(self, uniforms: np.ndarray) -> np.ndarray:
        """One deal a row of ``uniforms`` (n, m) in [0, 1), as (n, 4) masks."""
        uniforms = np.asarray(uniforms)
        if uniforms.dtype.kind not in "fiu":
            raise EngineInputError("dealing needs uniforms in [0, 1)")
        uniforms = np.ascontiguousarray(uniforms, dtype=np.float64)
        if uniforms.ndim != 2 or uniforms.shape[1] != self.free_count:
            raise EngineInputError(_SHAPES)
        out = np.empty((uniforms.shape[0], 4), dtype=np.int64)
        if uniforms.size and not (uniforms.min() >= 0 and uniforms.max() < 1):  # NaN too
            raise EngineInputError("dealing needs uniforms in [0, 1)")
        if len(out):
            running.dealing_kernels().deal_by_counts(uniforms, *self._args, out)
        return out


def deal_by_counts(
    uniforms: np.ndarray,
    free: np.ndarray,
    allowed: np.ndarray,
    counts: np.ndarray,
    room: tuple[int, int, int],
    fixed: tuple[int, int, int, int],
) -> np.ndarray:
    """One deal a row of ``uniforms`` (n, m), as (n, 4) masks: ``CountsDealer(free,
    allowed, counts, room, fixed).deal(uniforms)``, for one batch of draws."""
    return CountsDealer(free, allowed, counts, room, fixed).deal(uniforms)


def _rooms(room: object, what: str) -> tuple[int, int, int]:
    """Three rooms of 0..7 free dominoes (seats 1, 2 and 3), else an ``EngineInputError``."""
    values = _whole_numbers(room, 3, f"{what} needs three rooms of 0..7 adding up to the free dominoes")
    if not all(0 <= r <= MAX_ROOM for r in values):
        raise EngineInputError(f"{what} needs three rooms of 0..7 adding up to the free dominoes")
    return values[0], values[1], values[2]


def _fixed(fixed: object, free: list[int]) -> tuple[int, ...]:
    """Four disjoint masks of the dominoes the seats hold before the ``free`` ones (checked
    dominoes) are dealt, none of them free, else an ``EngineInputError``."""
    masks = _whole_numbers(fixed, 4, "dealing needs four fixed masks of the 28 dominoes")
    if not all(0 <= m <= rules.ALL_DOMINOES for m in masks):
        raise EngineInputError("dealing needs four fixed masks of the 28 dominoes")
    union = masks[0] | masks[1] | masks[2] | masks[3]
    free_mask = sum(1 << d for d in free)  # distinct dominoes: their bits add up
    if union.bit_count() != sum(m.bit_count() for m in masks) or union & free_mask:
        raise EngineInputError(
            "dealing needs fixed masks that share no domino with each other or the free ones"
        )
    return masks


def _whole_numbers(values: object, size: int, message: str) -> tuple[int, ...]:
    """``size`` whole numbers (``is_whole``) as ints, else an ``EngineInputError`` with
    ``message``."""
    try:
        numbers: tuple[object, ...] = tuple(values)  # type: ignore[arg-type]
    except TypeError:
        raise EngineInputError(message) from None
    whole = [int(v) for v in numbers if is_whole(v)]
    if len(whole) != size or len(numbers) != size:
        raise EngineInputError(message)
    return tuple(whole)
