"""Realistic figures at no cost: the double-dummy figures of an analysis mapped by the
realistic calibration (``texas42.evaluate.calibration``, fitted to playouts of many random
hands by players who see only their own dominoes) to estimated realistic odds, and the
recommendation drawn from them by the usual policy."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import astuple, dataclass
from typing import TYPE_CHECKING, Final, SupportsIndex

import numpy as np

from texas42 import evaluate
from texas42.analysis.recommendation import Recommendation, recommend
from texas42.analysis.specials import SpecialStats
from texas42.analysis.statistics import Interval, TrumpStats, bid_points, widened
from texas42.errors import AnalysisError, error_for
from texas42.evaluate.calibration import calibrate
from texas42.evaluate.features import takes_all
from texas42.rules import DECLARATIONS, TOTAL_POINTS, Declaration, Hand, check_declaration

if TYPE_CHECKING:
    from texas42.analysis.hand import HandAnalysis

REALISTIC: Final = "realistic"
"""Recommend and advise on realistic odds: from playouts with ``--realistic``, else calibrated."""
DOUBLE_DUMMY: Final = "double-dummy"
"""Recommend and advise on the double-dummy odds (every hand seen)."""
BASES: Final = (REALISTIC, DOUBLE_DUMMY)
LEADING: Final = 2
"""The trumps with the most expected double-dummy points that are played out (with the
double-dummy recommendation's trump, if it is not one of them)."""


def check_basis(basis: str) -> str:
    """``basis`` as ``BASES`` write it (``double_dummy`` is ``double-dummy``), else an
    ``AnalysisError``."""
    key = basis.strip().lower().replace("_", "-") if isinstance(basis, str) else basis
    if not isinstance(key, str) or key not in BASES:  # an array would be compared item by item
        raise error_for(basis, AnalysisError, str)(f"unknown basis {basis!r}: choose {' or '.join(BASES)}")
    return key


@dataclass(frozen=True)
class ErrorBands:
    """How far the calibration's odds are from realistic play, measured on held-out hands:
    ``widths[i]``, for estimates from ``edges[i]``, is 1.96 times the root mean squared
    difference from the playouts' odds with the playouts' own sampling variance taken out
    (``benchmarks/fit_realistic.py``)."""

    edges: tuple[float, ...]
    widths: tuple[float, ...]

    def width(self, p: float) -> float:
        """The band's half-width, in odds, around estimated odds ``p``."""
        return self.widths[max(0, bisect_right(self.edges, p) - 1)]

    def interval(self, p: float, sampling: Interval | None = None) -> Interval:
        """The band around odds ``p``, widened by their ``sampling`` error if given
        (``statistics.widened``)."""
        return widened(p, self.width(p), sampling)


@dataclass(frozen=True)
class EstimatedTrump:
    """A declaration's realistic figures estimated from its double-dummy figures on
    ``deals`` deals: ``at_least[p]``, the odds of taking at least p points (0..42), and
    ``sampling[p]``, where those odds lie when the double-dummy figures are taken at the
    low and at the high ends of their 95% intervals (their sampling error)."""

    declaration: Declaration
    deals: int
    expected_points: float
    at_least: tuple[float, ...]
    bands: ErrorBands
    sampling: tuple[Interval, ...]
    settled: bool = False
    """The rules settle that the hand takes all 42 points (``evaluate.features.takes_all``): its
    odds are certain, with no band."""

    def make(self, bid: SupportsIndex) -> float:
        """The estimated realistic odds of making ``bid`` (30..42, 84 and up: all 42 points)."""
        return self.at_least[bid_points(bid)]

    def make_ci95(self, bid: SupportsIndex) -> Interval:
        """The 95% band around the estimate: the calibration's error band (``ErrorBands``)
        widened by the sampling error of the double-dummy odds it comes from; none where
        the rules settle the hand (``settled``)."""
        p = self.make(bid)
        return Interval(p, p) if self.settled else self.bands.interval(p, self.sampling[bid_points(bid)])


@dataclass(frozen=True)
class CalibratedAnalysis:
    """The realistic figures of the leading trumps of an analysis, estimated by the calibration
    of the quick model ``version`` fitted to the playouts of ``hands`` hands, and the
    recommendation drawn from them."""

    version: str
    hands: int
    trumps: tuple[EstimatedTrump, ...]
    recommendation: Recommendation
    source: str = "calibrated"
    specials: tuple[SpecialStats, ...] = ()
    """The special contracts played out: none (their realistic odds are calibrated too,
    ``analysis.specials.realistic_odds``)."""

    def stats(self, declaration: Declaration | str) -> EstimatedTrump | None:
        """A declaration's estimates (given as one, its number or its name), or None if it
        was not estimated."""
        wanted = check_declaration(declaration)
        return next((s for s in self.trumps if s.declaration == wanted), None)


def calibration_bands(model: evaluate.QuickModel) -> ErrorBands:
    """The error bands of ``model``'s realistic calibration (an ``AnalysisError`` where it
    states none)."""
    bands = model.head(evaluate.REALISTIC).info.get("error_bands")
    if not isinstance(bands, dict):
        raise AnalysisError("the quick model's realistic calibration states no error bands")
    return ErrorBands(tuple(bands["edges"]), tuple(bands["p95"]))


def most_points(trumps: Sequence[TrumpStats]) -> set[Declaration]:
    """The ``LEADING`` trumps with the most expected points, and every trump tied with
    them (the double-dummy figures cannot tell those apart; a lay-down at doubles ties
    with every trump that takes all 42 points, and may be the one that makes at a real
    table)."""
    if not trumps:
        return set()
    points = sorted((s.expected_points for s in trumps), reverse=True)
    least = points[min(LEADING, len(points)) - 1]
    return {s.declaration for s in trumps if s.expected_points >= least}


def leading_trumps(analysis: HandAnalysis) -> tuple[Declaration, ...]:
    """The trumps to play out: the ``LEADING`` best by expected points, and the
    recommended one."""
    return tuple(sorted(most_points(analysis.trumps) | {analysis.recommendation.declaration}))


def estimate_trumps(
    hand: int, trumps: Sequence[TrumpStats], model: evaluate.QuickModel
) -> tuple[EstimatedTrump, ...]:
    """The calibration of ``model`` applied to each of ``trumps``, double-dummy figures
    of the hand ``hand`` (a mask), in their order."""
    shape = (3, len(DECLARATIONS))  # the estimate, then its sampling error's low and high ends
    at_least = np.zeros((*shape, TOTAL_POINTS + 1))
    expected = np.zeros(shape)
    for s in trumps:
        at_least[0, s.declaration] = s.reaching() / s.deals
        at_least[1, s.declaration], at_least[2, s.declaration] = s.at_least_ci95()
        expected[:, s.declaration] = (s.expected_points, *astuple(s.expected_points_ci95))
    tails = [_tails(calibrate(hand, at_least[i], expected[i], model)) for i in range(3)]
    bands = calibration_bands(model)
    settled = takes_all(np.array([hand], dtype=np.int64))[0]
    estimates = []
    for s in trumps:
        tail, low, high = (t[0][s.declaration] for t in tails)
        ends = zip(low, high, strict=True)
        sampling = tuple(Interval(float(min(lo, hi)), float(max(lo, hi))) for lo, hi in ends)
        points = tails[0][1][s.declaration]
        at_least_odds = tuple(float(p) for p in tail)
        estimates.append(
            EstimatedTrump(
                s.declaration, s.deals, points, at_least_odds, bands, sampling, bool(settled[s.declaration])
            )
        )
    return tuple(estimates)


def _tails(distribution: np.ndarray) -> tuple[np.ndarray, list[float]]:
    """(9, 43) and 9: the odds of taking at least p points and the expected points of
    point distributions (9, 43)."""
    tail = np.minimum(np.cumsum(distribution[:, ::-1], axis=1)[:, ::-1], 1.0)
    return tail, [float(p) for p in distribution @ np.arange(TOTAL_POINTS + 1)]


def estimated_trumps(analysis: HandAnalysis, model: evaluate.QuickModel) -> tuple[EstimatedTrump, ...]:
    """The calibration of ``model`` applied to the analysis' leading trumps
    (``leading_trumps``: those the calibration was fitted to, as ``--realistic`` plays them
    out)."""
    leading = [analysis.stats(declaration) for declaration in leading_trumps(analysis)]
    return estimate_trumps(analysis.hand.mask, leading, model)


def calibrated_analysis(analysis: HandAnalysis) -> CalibratedAnalysis:
    """The analysis' realistic figures, estimated, and their recommendation."""
    model = evaluate.load_model()
    trumps = estimated_trumps(analysis, model)
    return CalibratedAnalysis(
        version=model.version,
        hands=model.head(evaluate.REALISTIC).hands,
        trumps=trumps,
        recommendation=recommend(trumps, analysis.confidence),
    )


@dataclass(frozen=True)
class CalibrationSource:
    """The calibration behind realistic odds: that of the quick model ``version``, fitted
    to the playouts of ``hands`` hands' leading trumps."""

    version: str
    hands: int

    @classmethod
    def shipped(cls) -> CalibrationSource:
        """The calibration that ships with texas42."""
        model = evaluate.load_model()
        return cls(model.version, model.head(evaluate.REALISTIC).hands)


@dataclass(frozen=True)
class CalibratedComparison:
    """The compared trumps' realistic figures, estimated as ``CalibratedAnalysis``'s (the
    calibration of the quick model ``version``, fitted to the playouts of ``hands`` hands'
    leading trumps), with no advice drawn from them."""

    version: str
    hands: int
    trumps: tuple[EstimatedTrump, ...]
    source: str = "calibrated"


def calibrated_comparison(hand: Hand, trumps: Sequence[TrumpStats]) -> CalibratedComparison:
    """The realistic figures of compared trumps (double-dummy ``trumps`` of ``hand``),
    estimated."""
    model = evaluate.load_model()
    return CalibratedComparison(
        version=model.version,
        hands=model.head(evaluate.REALISTIC).hands,
        trumps=estimate_trumps(hand.mask, trumps, model),
    )
