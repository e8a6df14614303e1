"""The evaluator's estimates for many hands at once: for every declaration, the
distribution of the bidder's team's points, the expected points and the odds of every
bid, and the bid and trump the recommendation policy draws from them."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np
from threadpoolctl import ThreadpoolController

from texas42.errors import EvaluatorError, check_real, is_whole
from texas42.evaluate.calibration import inputs_of, realistic_distribution
from texas42.evaluate.features import features, takes_all
from texas42.evaluate.model import DOUBLE_DUMMY, OUTCOMES, REALISTIC, QuickModel, load_model
from texas42.rules import BIDS, DECLARATIONS, HAND_SIZE, MARK, PASS, needed_points

NEEDED: Final = np.array([needed_points(b) for b in BIDS], dtype=np.intp)
"""The points each of ``BIDS`` needs."""
CHUNK: Final = 2048
"""Hands evaluated together at most."""
MIN_PART: Final = 256
"""Hands evaluated together at least when they are split between threads."""
_MARK_INDEX: Final = BIDS.index(MARK)


@dataclass(frozen=True, eq=False)  # holds arrays: compared and hashed as objects
class Estimates:
    """Estimates for an array of hands of any shape S (``shape``), on one basis
    (``head``: double-dummy or realistic), declarations in the order of ``DECLARATIONS``.

    ``at_least[..., k, p]`` is the estimated probability that the bidder's team takes at
    least p points (0..42) with declaration k, so ``make[..., k, j]``, the odds of
    making ``BIDS[j]``, is ``at_least[..., k, needed_points(BIDS[j])]``; ``bid`` and
    ``trump`` are what ``analysis.hand.highest_made`` and ``best_at`` choose from these
    odds at ``confidence`` (``PASS`` is 0; for a pass, ``trump`` is the best trump at 30)."""

    head: str
    version: str
    confidence: float
    distribution: np.ndarray
    """S + (9, 43): the probability of each number of points."""
    at_least: np.ndarray
    """S + (9, 43)."""
    expected_points: np.ndarray
    """S + (9,)."""
    make: np.ndarray
    """S + (9, len(BIDS))."""
    bid: np.ndarray
    """S: the recommended bid, 0 for a pass."""
    trump: np.ndarray
    """S: the recommended declaration (its number)."""

    def __post_init__(self) -> None:
        for name in ("distribution", "at_least", "expected_points", "make", "bid", "trump"):
            view = getattr(self, name).view()
            view.flags.writeable = False  # the estimates stay as computed
            object.__setattr__(self, name, view)

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of the hands given: one estimate each."""
        return tuple(self.bid.shape)


def check_masks(masks: object) -> np.ndarray:
    """``masks`` as an int64 array if every entry is a hand of seven dominoes (a 28-bit
    mask), else an ``EvaluatorError`` naming the first that is not (by its flat index)."""
    array = np.asarray(masks)
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        values = array.reshape(-1).tolist()
        shown = next((repr(x) for x in values if not is_whole(x)), f"{array.dtype} values")
        raise EvaluatorError(f"hands must be given as integer masks, got {shown}")
    raw = array.reshape(-1)
    outside = np.flatnonzero((raw < 0) | (raw >= 1 << 28))  # before int64, which would wrap uint64
    if outside.size:
        first = int(outside[0])
        raise EvaluatorError(f"hand {first} is not a mask of the 28 dominoes: {int(raw[first])}")
    flat = raw.astype(np.int64)
    sizes = ((flat[:, None] >> np.arange(28, dtype=np.int64)) & 1).sum(axis=1)
    bad = np.flatnonzero(sizes != HAND_SIZE)
    if bad.size:
        held = int(sizes[bad[0]])
        raise EvaluatorError(
            f"hand {int(bad[0])} holds {held} domino{'' if held == 1 else 'es'}, not {HAND_SIZE}"
        )
    return flat.reshape(array.shape)


def best_trumps(make: np.ndarray, expected_points: np.ndarray) -> np.ndarray:
    """S + (len(BIDS),): for each bid, the declaration that makes it most often; ties go
    to more expected points, then to the earlier declaration (as ``best_at``)."""
    top = make.max(axis=-2, keepdims=True)
    points = np.where(make == top, expected_points[..., :, None], -np.inf)
    best: np.ndarray = np.argmax(points, axis=-2)
    return best


def recommend_many(
    make: np.ndarray, expected_points: np.ndarray, confidence: float
) -> tuple[np.ndarray, np.ndarray]:
    """``(bid, trump)`` for each hand, by the policy of ``analysis.hand.recommend``: the
    highest bid whose best declaration makes it at least ``confidence`` of the time (84
    rather than 42 only when it expects more marks), with that declaration; a pass (0)
    and the best declaration at 30 when not even 30 is made that often."""
    best = best_trumps(make, expected_points)
    odds = np.take_along_axis(make, best[..., None, :], axis=-2)[..., 0, :]
    made = odds >= confidence
    bids = np.array(BIDS, dtype=np.int64)
    any_made = made.any(axis=-1)
    top = len(BIDS) - 1 - np.argmax(made[..., ::-1], axis=-1)
    top_odds = np.take_along_axis(odds, top[..., None], axis=-1)[..., 0]
    top_marks = (bids[top] // MARK) * (2.0 * top_odds - 1.0)
    mark_marks = 2.0 * odds[..., _MARK_INDEX] - 1.0
    mark_rather = (bids[top] > MARK) & made[..., _MARK_INDEX] & (top_marks <= mark_marks)
    top = np.where(mark_rather, _MARK_INDEX, top)
    bid = np.where(any_made, bids[top], PASS)
    trump = np.where(any_made, np.take_along_axis(best, top[..., None], axis=-1)[..., 0], best[..., 0])
    return bid, trump


def parts(n: int) -> list[slice]:
    """How ``n`` hands are split to be evaluated: parts of at most ``CHUNK`` hands, an
    even number of them from ``2 * MIN_PART`` hands on (two cores busy to the end). The
    split depends on ``n`` alone, not on the threads (and a hand's figures do not depend
    on the part it is in: ``model.ROWS``)."""
    if n == 0:
        return []
    count = -(-n // CHUNK)
    if n >= 2 * MIN_PART:
        count += count % 2
    size = -(-n // count)
    return [slice(start, start + size) for start in range(0, n, size)]


@cache
def _blas() -> ThreadpoolController:
    return ThreadpoolController()


@cache
def _pool(workers: int) -> ThreadPoolExecutor:
    """Threads kept from call to call, and with them their scratch arrays
    (``model.scratch``). A process forked from this one has none of the threads, so it
    starts pools of its own (else it would wait forever on threads that do not exist)."""
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="texas42-evaluate")


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_pool.cache_clear)


def map_parts(
    evaluate: Callable[[np.ndarray], np.ndarray], flat: np.ndarray, threads: int | None = None
) -> list[np.ndarray]:
    """``evaluate`` of each part (``parts``) of the hands ``flat``, on ``threads`` threads
    (default: every core). numpy's matrix products are held to one thread meanwhile: the
    parts already keep the cores busy, and a product shared between threads may differ
    in its last bits, which would make the figures depend on the number of cores."""
    pieces = [flat[part] for part in parts(flat.size)]
    workers = min(len(pieces), threads or os.cpu_count() or 1) if len(pieces) > 1 else 1
    with _blas().limit(limits=1, user_api="blas"):
        if workers <= 1:
            return [evaluate(piece) for piece in pieces]
        return list(_pool(workers).map(evaluate, pieces))


def summarise(distribution: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The odds of taking at least p points and the expected points of point distributions."""
    at_least = np.cumsum(distribution[..., ::-1], axis=-1)[..., ::-1]
    np.minimum(at_least, 1.0, out=at_least)
    expected: np.ndarray = distribution @ np.arange(OUTCOMES, dtype=np.float64)
    return at_least, expected


def point_distributions(model: QuickModel, head: str, masks: np.ndarray) -> np.ndarray:
    """(n, 9, 43): ``head``'s point distribution of every declaration for a flat array of
    hand masks; the realistic head takes the double-dummy head's estimates as its
    double-dummy inputs. Where the rules settle it (``takes_all``), all 42 points."""
    head = model.head(head).name
    x = features(masks)
    n, k = x.shape[0], x.shape[1]
    dd: np.ndarray = model.head(DOUBLE_DUMMY).distribution(x.reshape(n * k, -1)).reshape(n, k, OUTCOMES)
    certain = takes_all(masks)
    dd[certain] = np.eye(OUTCOMES)[-1]
    if head == DOUBLE_DUMMY:
        return dd
    distribution = realistic_distribution(model.head(REALISTIC), x, inputs_of(dd))
    distribution[certain] = np.eye(OUTCOMES)[-1]
    return distribution


def estimate(
    masks: object,
    *,
    model: QuickModel | None = None,
    head: str = DOUBLE_DUMMY,
    confidence: float = 0.5,
    threads: int | None = None,
) -> Estimates:
    """The estimates of ``head`` for every hand of ``masks`` (an int or an integer array of
    any shape of 28-bit hand masks, for instance (n,) hands or (n, 4) deals), from the
    shipped model unless ``model`` is given. Where the rules settle it (``takes_all``: the
    top trumps and doubles), a declaration takes all 42 points with certainty. Parts of
    the hands are evaluated on ``threads`` threads (default: every core)."""
    confidence = check_real(confidence, "the confidence")
    if not 0.0 < confidence <= 1.0:
        raise EvaluatorError(f"the confidence must be above 0 and at most 1, got {confidence:g}")
    array = check_masks(masks)
    model = model or load_model()
    head = model.head(head).name  # an unknown head is an error even with no hands
    flat = array.reshape(-1)
    k = len(DECLARATIONS)
    found = map_parts(lambda part: point_distributions(model, head, part), flat, threads)
    distribution = np.concatenate(found) if found else np.empty((0, k, OUTCOMES))
    at_least, expected = summarise(distribution)
    make = at_least[..., NEEDED]
    bid, trump = recommend_many(make, expected, confidence)
    shape = array.shape
    return Estimates(
        head=head,
        version=model.version,
        confidence=confidence,
        distribution=distribution.reshape(*shape, k, OUTCOMES),
        at_least=at_least.reshape(*shape, k, OUTCOMES),
        expected_points=expected.reshape(*shape, k),
        make=make.reshape(*shape, k, len(BIDS)),
        bid=bid.reshape(shape),
        trump=trump.reshape(shape),
    )
