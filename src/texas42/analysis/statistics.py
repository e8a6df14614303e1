"""Statistics of a sample: intervals, and one declaration's points over the deals."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Protocol, SupportsIndex, TypeVar

import numpy as np

from texas42.errors import StatisticsError, error_for, is_whole
from texas42.rules import TOTAL_POINTS, Declaration, is_bid, needed_points

Z95: Final = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass(frozen=True)
class Interval:
    """A confidence interval ``[low, high]``."""

    low: float
    high: float

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int | float) and self.low <= value <= self.high

    def as_list(self, digits: int) -> list[float]:
        """[low, high], each rounded to ``digits`` decimals (as JSON writes intervals)."""
        return [round(self.low, digits), round(self.high, digits)]


def odds_interval(successes: int, n: int, exact: bool = False) -> Interval:
    """Wilson's 95% interval of the odds ``successes / n``; ``exact`` (every deal counted,
    not a sample): the odds themselves."""
    if exact and n > 0:
        return Interval(successes / n, successes / n)
    return wilson_interval(successes, n)


def wilson_interval(successes: int, n: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a binomial proportion (95% by default)."""
    if n <= 0:
        return Interval(0.0, 1.0)
    if not 0 <= successes <= n:
        raise StatisticsError(f"successes must be in 0..{n}, got {successes}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(low, high)


def widest_wilson_reach(n: int, z: float = Z95) -> float:
    """How far ``wilson_interval`` reaches from its proportion at most, over every count of
    successes in ``n`` trials: just off 1/2, where the interval leans, its far end lies a
    little beyond its half-width at 1/2."""

    def reach(successes: int) -> float:
        interval = wilson_interval(successes, n, z)
        p = successes / n
        return max(p - interval.low, interval.high - p)

    return max(reach(successes) for successes in range(n + 1))


def paired_interval(both: int, first_only: int, second_only: int, neither: int, z: float = Z95) -> Interval:
    """Newcombe's hybrid score interval (95% by default) of the difference of two paired
    proportions, ``(both + first_only) / n - (both + second_only) / n``, from the counts of
    the 2x2 table (Newcombe 1998, Statistics in Medicine 17:2635, method 10): the Wilson
    intervals of both proportions, combined with their correlation phi (continuity
    corrected; 0 where a margin is empty). It keeps a width wherever the deals sample."""
    counts = (both, first_only, second_only, neither)
    if min(counts) < 0:
        raise StatisticsError(f"the counts of a 2x2 table cannot be negative: {counts}")
    n = sum(counts)
    if n == 0:
        return Interval(-1.0, 1.0)
    first, second = both + first_only, both + second_only
    p1, p2 = first / n, second / n
    ci1, ci2 = wilson_interval(first, n, z), wilson_interval(second, n, z)
    phi = _corrected_phi(both, first_only, second_only, neither)
    below1, above1, below2, above2 = p1 - ci1.low, ci1.high - p1, p2 - ci2.low, ci2.high - p2
    low = p1 - p2 - math.sqrt(below1**2 - 2 * phi * below1 * above2 + above2**2)
    high = p1 - p2 + math.sqrt(below2**2 - 2 * phi * below2 * above1 + above1**2)
    return Interval(low, high)


def _corrected_phi(both: int, first_only: int, second_only: int, neither: int) -> float:
    """The phi coefficient of the 2x2 table, a positive one lessened by n/2 in its numerator
    (Newcombe's continuity correction, which keeps it below 1); 0 where a margin is 0."""
    n = both + first_only + second_only + neither
    margins = (both + first_only) * (second_only + neither) * (both + second_only) * (first_only + neither)
    if margins == 0:
        return 0.0
    cross = both * neither - first_only * second_only
    corrected = max(cross - n / 2, 0.0) if cross > 0 else float(cross)
    return corrected / math.sqrt(margins)


def paired_difference(first: np.ndarray, second: np.ndarray, exact: bool = False) -> tuple[float, Interval]:
    """The difference of the shares of deals in which ``first`` and in which ``second`` is
    true (two boolean arrays over the same deals) and its 95% interval (``paired_interval``);
    ``exact`` (every deal counted, not a sample): the difference itself."""
    first, second = np.asarray(first, dtype=bool), np.asarray(second, dtype=bool)
    if first.shape != second.shape or first.ndim != 1 or first.size == 0:
        raise StatisticsError("two non-empty 1-d arrays over the same deals are needed")
    both = int(np.count_nonzero(first & second))
    first_only = int(np.count_nonzero(first & ~second))
    second_only = int(np.count_nonzero(second & ~first))
    neither = first.size - both - first_only - second_only
    difference = (first_only - second_only) / first.size
    if exact:
        return difference, Interval(difference, difference)
    return difference, paired_interval(both, first_only, second_only, neither)


def summed_interval(parts: Iterable[tuple[float, Interval]]) -> Interval:
    """The 95% interval of the sum of independent estimates, each given as (the estimate,
    its 95% interval): each side's distance from the estimate added in squares, as
    Newcombe's interval adds those of two odds (for intervals symmetric about their
    estimates, the sum's half-width is the root of the sum of the squared half-widths).
    No parts: the sum 0, exactly."""
    total = below = above = 0.0
    for value, ci in parts:
        total += value
        below += (value - ci.low) ** 2
        above += (ci.high - value) ** 2
    return Interval(total - math.sqrt(below), total + math.sqrt(above))


def mean_interval(
    values: np.ndarray,
    z: float = Z95,
    bounds: tuple[float, float] = (-math.inf, math.inf),
    exact: bool = False,
) -> tuple[float, Interval]:
    """The mean of ``values`` and its normal-approximation interval, clipped to ``bounds``;
    ``exact`` (the values of every deal, not a sample): the mean itself.

    With fewer than two values nothing is known about the spread: the interval is ``bounds``.
    Values all the same show no spread, but the sample may have missed the few that differ:
    their share is at most the Wilson bound for none in the sample, each at most as far away
    as a bound is (no wider where the bounds are infinite: the mean itself)."""
    values = np.asarray(values, dtype=np.float64)
    if values.size == 0:
        raise StatisticsError("the mean of no values")
    mean = float(values.mean())
    if exact:
        return mean, Interval(mean, mean)
    if values.size < 2:
        return mean, Interval(*bounds)
    spread = float(values.std(ddof=1))
    if spread == 0.0:
        share = wilson_interval(0, values.size, z).high
        below = 0.0 if math.isinf(bounds[0]) else share * (mean - bounds[0])
        above = 0.0 if math.isinf(bounds[1]) else share * (bounds[1] - mean)
        return mean, Interval(mean - below, mean + above)
    half = z * spread / math.sqrt(values.size)
    return mean, Interval(max(bounds[0], mean - half), min(bounds[1], mean + half))


def widened(p: float, width: float, sampling: Interval | None = None) -> Interval:
    """The 95% band ``p`` ± ``width`` of calibrated odds ``p``, within [0, 1]; with
    ``sampling`` (where ``p`` would lie had the double-dummy figures it is calibrated from
    been at either end of their 95% intervals) each side widened by that sampling error,
    the two errors added in quadrature as independent ones."""
    below = 0.0 if sampling is None else max(0.0, p - sampling.low)
    above = 0.0 if sampling is None else max(0.0, sampling.high - p)
    return Interval(max(0.0, p - math.hypot(width, below)), min(1.0, p + math.hypot(width, above)))


@dataclass(frozen=True)
class TrumpStats:
    """One declaration's points over a sample of deals.

    ``histogram[p]`` is the number of deals in which the bidder's team takes ``p``
    points (0..42); every other figure derives from it and the mean's interval."""

    declaration: Declaration
    deals: int
    """The deals the declaration was solved on."""
    histogram: tuple[int, ...]
    expected_points: float
    """The mean of the bidder's team's points."""
    expected_points_ci95: Interval
    """The 95% interval of that mean."""
    exact: bool = False
    """The deals are every deal consistent with what is known: the intervals are the
    figures themselves."""

    @classmethod
    def from_points(cls, declaration: Declaration, points: np.ndarray, exact: bool = False) -> TrumpStats:
        """Summarise the points (0..42) of the bidder's team in each deal (``exact``: of
        every consistent deal)."""
        points = np.asarray(points, dtype=np.int64)
        if points.ndim != 1 or points.size == 0:
            raise StatisticsError("points must be a non-empty 1-d array")
        if points.min() < 0 or points.max() > TOTAL_POINTS:
            raise StatisticsError("points must lie in 0..42")
        histogram = np.bincount(points, minlength=TOTAL_POINTS + 1)
        mean, ci = mean_interval(points, bounds=(0.0, float(TOTAL_POINTS)), exact=exact)
        histogram_counts = tuple(int(c) for c in histogram)
        return cls(Declaration(declaration), int(points.size), histogram_counts, mean, ci, exact)

    def successes(self, bid: SupportsIndex) -> int:
        """The number of deals in which the bid is made (a ``StatisticsError`` unless
        ``bid`` is a bid: 30..41, 42, 84, 126, ...)."""
        return sum(self.histogram[bid_points(bid) :])

    def make(self, bid: SupportsIndex) -> float:
        """The probability of making the bid (a mark bid needs all 42 points)."""
        return self.successes(bid) / self.deals

    def make_ci95(self, bid: SupportsIndex) -> Interval:
        """The Wilson 95% interval of ``make(bid)`` (exact: the odds themselves)."""
        return odds_interval(self.successes(bid), self.deals, self.exact)

    def reaching(self) -> np.ndarray:
        """(43,): the number of deals in which the team takes at least p points, p = 0..42."""
        return np.cumsum(np.asarray(self.histogram, dtype=np.int64)[::-1])[::-1]

    def at_least_ci95(self) -> tuple[np.ndarray, np.ndarray]:
        """(43,) each: the ends of the 95% intervals of the odds of taking at least p
        points, p = 0..42 (``odds_interval``)."""
        intervals = [odds_interval(int(count), self.deals, self.exact) for count in self.reaching()]
        return np.array([i.low for i in intervals]), np.array([i.high for i in intervals])


class DeclarationOdds(Protocol):
    """A declaration's odds of making each bid and its expected points: a ``TrumpStats``,
    or an estimate of the quick model."""

    @property
    def declaration(self) -> Declaration: ...

    @property
    def expected_points(self) -> float: ...

    def make(self, bid: SupportsIndex) -> float: ...


OddsT = TypeVar("OddsT", bound=DeclarationOdds)


def bid_points(bid: object) -> int:
    """The points ``bid`` needs (``rules.needed_points``), if it is a bid (30..41, 42, 84,
    126, ...; numpy's integers too); else a ``StatisticsError`` naming it."""
    if not is_whole(bid) or not is_bid(int(bid)):
        raise error_for(bid, StatisticsError)(f"not a bid: {bid!r} (30 to 41, 42, 84, 126, ...)")
    return needed_points(int(bid))


def best_at(stats: Iterable[OddsT], bid: SupportsIndex) -> OddsT:
    """The declaration that makes ``bid`` most often; ties go to more expected points,
    then to the earlier declaration."""
    return max(stats, key=lambda s: (s.make(bid), s.expected_points, -s.declaration.value))
