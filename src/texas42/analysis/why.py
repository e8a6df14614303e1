"""Why: the dominoes that decide. For one declaration and bid, the odds of making the bid
when each unseen domino lies with the left opponent (seat 1), the partner (seat 2) or the
right opponent (seat 3), read off an already solved sample: no extra solves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from texas42.analysis.comparison import Comparison
from texas42.analysis.hand import HandAnalysis
from texas42.analysis.recommendation import highest_made
from texas42.analysis.sample import Sample
from texas42.analysis.statistics import Interval, TrumpStats, bid_points, odds_interval
from texas42.errors import AnalysisError
from texas42.rules import BIDS, POINT_BIDS, Declaration

SEATS: Final = (1, 2, 3)
"""The seats a domino may lie with: left opponent, partner, right opponent."""


@dataclass(frozen=True)
class DominoPlace:
    """One unseen domino: ``deals[k]`` deals put it with seat k + 1, and the bid was
    made in ``made[k]`` of them."""

    domino: int
    made: tuple[int, int, int]
    deals: tuple[int, int, int]
    exact: bool = False
    """The deals are every consistent deal: the intervals are the odds themselves."""

    def make(self, seat: int) -> float | None:
        """The odds of the bid when the domino lies with ``seat`` (None: never there)."""
        n = self.deals[seat - 1]
        return None if n == 0 else self.made[seat - 1] / n

    def make_ci95(self, seat: int) -> Interval:
        return odds_interval(self.made[seat - 1], self.deals[seat - 1], self.exact)

    @property
    def spread(self) -> float:
        """How much the domino's place matters: the highest odds less the lowest, over the
        seats it lies with in some deal (0 when it always lies with the same seat)."""
        odds = [p for p in (self.make(s) for s in SEATS) if p is not None]
        return max(odds) - min(odds)


@dataclass(frozen=True)
class Why:
    """Every unseen domino's place and the odds of ``bid`` with ``declaration`` there,
    the domino whose place matters most first."""

    declaration: Declaration
    bid: int
    deals: int
    dominoes: tuple[DominoPlace, ...]


def why(sample: Sample, declaration: Declaration, bid: int) -> Why:
    """The odds of ``bid`` with ``declaration`` by the place of each unseen domino; a
    ``StatisticsError`` if ``bid`` is not a bid."""
    made = sample.points_of(declaration) >= bid_points(bid)
    others = sample.deals[: made.size, 1:]
    unseen = int(np.bitwise_or.reduce(others, axis=None)) if sample.size else 0
    places = []
    for d in range(28):
        if not unseen >> d & 1:
            continue
        there = (others >> d) & 1
        places.append(
            DominoPlace(
                domino=d,
                made=_triple(there[made].sum(axis=0)),
                deals=_triple(there.sum(axis=0)),
                exact=sample.exact,
            )
        )
    places.sort(key=lambda p: (-round(p.spread, 12), -p.domino))
    return Why(Declaration(declaration), int(bid), int(made.size), tuple(places))


def _triple(values: np.ndarray) -> tuple[int, int, int]:
    return int(values[0]), int(values[1]), int(values[2])


def _sample(result: HandAnalysis | Comparison) -> Sample:
    if result.sample is None:
        raise AnalysisError("the result keeps no sample to read the dominoes' places from")
    return result.sample


def hand_why(analysis: HandAnalysis, bid: int | None = None) -> Why:
    """Why for the recommended trump and bid (30 for a pass), or for ``bid`` with the
    declaration that makes it most often."""
    if bid is None:
        rec = analysis.recommendation
        return why(_sample(analysis), rec.declaration, rec.contract)
    return why(_sample(analysis), analysis.best(bid).declaration, bid)


def own_bid(stats: TrumpStats) -> int:
    """The highest bid this declaration makes at least half the time, else 30."""
    made = highest_made(BIDS, stats.make, 0.5)
    return POINT_BIDS[0] if made is None else made


def comparison_why(comparison: Comparison, bid: int | None = None) -> tuple[Why, ...]:
    """Why for each declaration compared, at ``bid`` or at the most it makes (``own_bid``)."""
    sample = _sample(comparison)
    return tuple(
        why(sample, stats.declaration, own_bid(stats) if bid is None else bid) for stats in comparison.trumps
    )
