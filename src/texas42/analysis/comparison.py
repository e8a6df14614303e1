"""Declarations head to head on the same deals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from texas42 import deal
from texas42.analysis.calibrated import CalibratedComparison, calibrated_comparison
from texas42.analysis.racing import DEFAULT_RACING, Racing, order_tests, ordered_against_all, solve_or_race
from texas42.analysis.sample import (
    DEFAULT_DEALS,
    Progress,
    Sample,
    SolveCounter,
    check_deals,
    draw_samples,
    stated_constraints,
)
from texas42.analysis.specials import (
    DEFAULT_BATCH_DEALS,
    SpecialOdds,
    SpecialStats,
    analyze_specials,
    realistic_odds,
    special_solves_per_deal,
)
from texas42.analysis.statistics import Interval, TrumpStats, mean_interval, paired_difference
from texas42.deal import AuctionModel, DealConstraints, Inference
from texas42.errors import AnalysisError, StatisticsError
from texas42.rules import (
    BIDS,
    TOTAL_POINTS,
    Auction,
    Declaration,
    FinishedAuction,
    Hand,
    HouseRules,
    check_declaration,
    needed_points,
)

if TYPE_CHECKING:
    from texas42.analysis.realistic import RealisticComparison


@dataclass(frozen=True)
class BidDifference:
    """The odds of one bid under two declarations on the same deals."""

    bid: int
    first: float
    second: float
    difference: float
    difference_ci95: Interval


@dataclass(frozen=True)
class PairComparison:
    """Two declarations head to head on the same deals."""

    first: Declaration
    second: Declaration
    deals: int
    """How many deals (the first of the sample) both were solved on."""
    mean_difference: float
    """Mean of (first's points - second's points) per deal."""
    mean_difference_ci95: Interval
    first_more: float
    """The share of deals in which ``first`` takes more points."""
    second_more: float
    """The share of deals in which ``second`` takes more points."""
    equal: float
    """The share of deals in which both take the same points."""
    bids: tuple[BidDifference, ...]
    """For each bid, both odds and their paired difference with its interval (Newcombe's,
    ``paired_interval``)."""


@dataclass(frozen=True)
class Comparison:
    """Declarations compared on one sample of deals (the main sample of ``analyze_hand``
    with the same seed, so its figures match ``analyze``'s on the same deals). With
    ``racing``, a declaration's ``deals`` may be fewer than ``deals``: its first ones."""

    hand: Hand
    deals: int
    seed: int
    trumps: tuple[TrumpStats, ...]
    """Each declaration's statistics, in the order given."""
    pairs: tuple[PairComparison, ...]
    """Each pair of declarations head to head, in the order given."""
    specials: tuple[SpecialStats, ...] = ()
    """The special contracts on the same deals (with house rules that allow them)."""
    sample: Sample | None = field(default=None, compare=False, repr=False)
    exact: bool = False
    """Whether the deals are every deal consistent with ``constraints``, once each."""
    constraints: DealConstraints | None = None
    racing: Racing | None = None
    inference: Inference | None = None
    """How the deals were drawn to fit an auction, or None: uniformly."""
    ruled_by: Auction | FinishedAuction | None = None
    """An auction not listened to (``--infer none``) whose plunge or splash still shaped
    the deals (``DrawnDeals.ruled_by``)."""
    estimated: CalibratedComparison | None = None
    """Each trump's realistic figures, estimated from its double-dummy ones by the
    realistic calibration (``calibrated_comparison``)."""
    realistic: RealisticComparison | None = None
    """The trumps played out by players who see only their own dominoes
    (``realistic_comparison``), or None."""

    def special_odds(self) -> tuple[SpecialOdds, ...]:
        """The special contracts' realistic odds, as ``analyze`` advises on them: played out
        where ``realistic`` played them, else calibrated."""
        played = () if self.realistic is None else self.realistic.specials
        return realistic_odds(self.specials, played, self.hand.mask)


def compare_points(
    first: Declaration, second: Declaration, a: np.ndarray, b: np.ndarray, exact: bool = False
) -> PairComparison:
    """Compare two declarations from their points on the same deals (``exact``: every
    consistent deal, so the intervals are the figures themselves)."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    if a.shape != b.shape or a.ndim != 1 or a.size == 0:
        raise StatisticsError("two non-empty 1-d arrays of points on the same deals are needed")
    n = a.size
    diff = a - b
    mean, ci = mean_interval(diff, bounds=(-float(TOTAL_POINTS), float(TOTAL_POINTS)), exact=exact)
    rows = []
    for bid in BIDS:
        need = needed_points(bid)
        made_a, made_b = a >= need, b >= need
        d, d_ci = paired_difference(made_a, made_b, exact)
        rows.append(BidDifference(bid, float(made_a.mean()), float(made_b.mean()), d, d_ci))
    return PairComparison(
        first=first,
        second=second,
        deals=int(n),
        mean_difference=mean,
        mean_difference_ci95=ci,
        first_more=int(np.count_nonzero(diff > 0)) / n,
        second_more=int(np.count_nonzero(diff < 0)) / n,
        equal=int(np.count_nonzero(diff == 0)) / n,
        bids=tuple(rows),
    )


def _distinct_in_order(declarations: Sequence[Declaration]) -> tuple[Declaration, ...]:
    chosen = tuple(check_declaration(d) for d in declarations)
    if len(chosen) < 2:
        raise AnalysisError("compare needs at least two declarations")
    for i, d in enumerate(chosen):
        if d in chosen[:i]:
            raise AnalysisError(f"declaration given twice: {d.label}")
    return chosen


def compare_trumps(
    hand: Hand,
    declarations: Sequence[Declaration],
    deals: int = DEFAULT_DEALS,
    seed: int | None = None,
    threads: int | None = None,
    batch_deals: int = DEFAULT_BATCH_DEALS,
    progress: Progress | None = None,
    house: HouseRules | None = None,
    constraints: DealConstraints | None = None,
    racing: Racing | None = DEFAULT_RACING,
    auction: AuctionModel | None = None,
) -> Comparison:
    """Solve the same deals for each declaration and compare every pair, in the order
    given; with ``house``, also the special contracts it allows on the same deals; with
    ``constraints``, on deals consistent with them (all of them if at most ``deals``).
    With ``racing``, a declaration stops getting deals once its order against every other
    is clear; each pair is compared on the deals both got. None: all on every deal. With
    ``auction``, the deals are drawn in proportion to the likelihood of its bids."""
    check_deals(deals)
    chosen = _distinct_in_order(declarations)
    seed = deal.draw_seed() if seed is None else deal.check_seed(seed)
    drawn = draw_samples(hand, deals, seed, constraints, auction, check=False, threads=threads)
    main_deals, deals = drawn.main, drawn.size
    counter = SolveCounter(deals * (len(chosen) + special_solves_per_deal(hand, house)), progress)
    tests = order_tests(len(chosen))
    sample = solve_or_race(hand, seed, drawn, chosen, racing, ordered_against_all, tests, threads, counter)
    specials = analyze_specials(hand, main_deals, house, threads, batch_deals, counter, exact=drawn.exact)
    pairs = tuple(
        _pair(sample, chosen[i], chosen[j]) for i in range(len(chosen)) for j in range(i + 1, len(chosen))
    )
    trumps = sample.stats()
    return Comparison(
        hand=hand,
        deals=deals,
        seed=seed,
        trumps=trumps,
        pairs=pairs,
        specials=specials,
        sample=sample,
        exact=drawn.exact,
        constraints=stated_constraints(constraints),
        racing=None if drawn.exact else racing,
        inference=drawn.inference,
        ruled_by=drawn.ruled_by,
        estimated=calibrated_comparison(hand, trumps),
    )


def _pair(sample: Sample, first: Declaration, second: Declaration) -> PairComparison:
    """The two declarations compared on the deals both were solved on."""
    common = min(sample.deals_solved(first), sample.deals_solved(second))
    a, b = sample.points_of(first)[:common], sample.points_of(second)[:common]
    return compare_points(first, second, a, b, sample.exact)
