"""Validation of the engine's inputs, shared by the trump and special solvers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from texas42 import rules
from texas42.errors import (
    ArgumentTypeError,
    DealArrayError,
    EngineInputError,
    Texas42Error,
    check_items,
    check_kind,
    error_for,
    is_whole,
    takes,
)
from texas42.rules import Declaration, Seat


def deal_hands(deal: rules.Deal) -> np.ndarray:
    """A deal's four hand masks as a (1, 4) int64 array; an ``ArgumentTypeError`` for
    anything but a ``rules.Deal`` (an array of masks goes to the batch functions)."""
    check_kind(deal, rules.Deal, "deal is a texas42.Deal (texas42.parse_deal makes one)")
    return np.array([deal.masks], dtype=np.int64)


def integer_array(values: object, what: str, error: type[Texas42Error] = DealArrayError) -> np.ndarray:
    """``values`` as a contiguous, writeable int64 array (a read-only one copied: the
    kernels take none) if they are integers (numpy's too, not bools), else an ``error``
    saying that ``what`` ("deals must be an (n, 4) integer array of hand masks") and what
    was given: a float, a string or a bool is never rounded or read as a domino or a
    seat."""
    try:
        given = np.asarray(values)
    except ValueError as ragged:  # ragged rows
        raise error(f"{what}: {ragged}") from None
    if given.dtype.kind not in "iu" and not (given.size == 0 and given.dtype.kind == "f"):
        raise error(f"{what}, got {given.dtype} values")  # an empty list is float64
    if given.dtype.kind == "u" and given.size and given.max() > np.iinfo(np.int64).max:
        raise error(f"{what}, got a value above 2**63")
    return np.require(given, dtype=np.int64, requirements=("C", "W"))  # a number stays 0-d: its shape is told


def check_progress(on_progress: object) -> None:
    """An ``ArgumentTypeError`` unless ``on_progress`` is None or a function to call with
    one number, the solves finished (else it would fail in the thread that reports)."""
    if on_progress is not None and not takes(on_progress, 1):
        raise ArgumentTypeError(f"on_progress is a function of the solves finished, got {on_progress!r}")


def check_sequence(values: Any, what: str) -> Any:
    """``values`` if it is a list, a tuple or an array (``what`` they are, for the
    error), else an ``ArgumentTypeError``: an iterator, a number, bytes or an array of no
    dimensions is not."""
    if isinstance(values, str) or not isinstance(values, Sequence | np.ndarray):
        raise ArgumentTypeError(f"{what} must be a list, a tuple or an array, got {values!r}")
    check_items(values, f"{what} must be a list, a tuple or an array")
    return values


def mask_array(hands: object, what: str = "deals") -> np.ndarray:
    """``hands`` as a contiguous int64 array if it is an (n, 4) integer array, else a
    ``DealArrayError`` naming ``what`` (the argument); the masks themselves unchecked."""
    hands = integer_array(hands, f"{what} must be an (n, 4) integer array of hand masks")
    if hands.ndim != 2 or hands.shape[1] != 4:
        raise DealArrayError(f"{what} must be an (n, 4) array of hand masks, got shape {hands.shape}")
    return hands


def check_deal_array(hands: np.ndarray, what: str = "deals") -> np.ndarray:
    """Validate an (n, 4) array of hand masks (``what``: the argument, for the errors);
    return it as contiguous int64."""
    hands = mask_array(hands, what)
    if np.any(hands < 0) or np.any(hands > rules.ALL_DOMINOES):
        raise DealArrayError("a hand mask is outside the 28 dominoes")
    sizes = np.bitwise_count(hands)
    if np.any(sizes != sizes[:, :1]) or np.any(sizes[:, 0] < 1) or np.any(sizes[:, 0] > rules.HAND_SIZE):
        raise DealArrayError("each deal needs four hands of the same size, 1 to 7 dominoes")
    union = hands[:, 0] | hands[:, 1] | hands[:, 2] | hands[:, 3]
    if np.any(np.bitwise_count(union) != sizes.sum(axis=1)):
        raise DealArrayError("a domino is in two hands of the same deal")
    return hands


def check_seat(seat: int, what: str = "the leader") -> None:
    """A single seat argument: 0..3."""
    if not is_whole(seat) or seat not in rules.SEATS:
        raise error_for(seat, EngineInputError)(f"{what} must be a seat 0..3, got {seat!r}")


def seats_per_deal(seats: Seat | Sequence[Seat] | np.ndarray, n: int, what: str) -> np.ndarray:
    """One seat per deal, checked: a single seat is used for every deal."""
    given = np.asarray(seats)
    if given.dtype.kind not in "iu":
        raise EngineInputError(f"{what} must be seats 0..3 (integers), got {seats!r}")
    try:
        array = np.broadcast_to(given.astype(np.int64), (n,)).copy()
    except ValueError as error:
        raise EngineInputError(f"{what} must be one seat or one per deal: {error}") from error
    if np.any((array < 0) | (array > 3)):
        raise EngineInputError(f"{what} must be seats 0..3")
    return array


def check_points(points: int) -> int:
    """A target of ``reaches`` as an int: a whole number 1..42."""
    if not is_whole(points) or not 1 <= points <= rules.TOTAL_POINTS:
        raise EngineInputError(f"points must be an integer in 1..{rules.TOTAL_POINTS}, got {points!r}")
    return int(points)


def checked_declaration(declaration: object) -> Declaration:
    """A trump declaration (``rules.check_declaration``), else an ``EngineInputError``."""
    try:
        return rules.check_declaration(declaration)
    except Texas42Error as error:
        raise EngineInputError(str(error)) from None
