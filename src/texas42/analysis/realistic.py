"""Realistic figures for a hand analysis: its leading trumps played out by players who see
only their own dominoes (``playout``), on deals of the analysis' own sample (``playout_deals``);
and for a comparison, every compared trump played out on the same deals."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

import numpy as np

from texas42.analysis.background import in_background
from texas42.analysis.calibrated import leading_trumps
from texas42.analysis.comparison import Comparison, PairComparison, compare_points
from texas42.analysis.hand import HandAnalysis
from texas42.analysis.playout import (
    DEFAULT_WORLDS,
    check_playout_deals,
    check_worlds,
    own_seed,
    play_out,
    playout_deals,
)
from texas42.analysis.recommendation import DEFAULT_CONFIDENCE, Recommendation, recommend
from texas42.analysis.special_playout import play_out_special
from texas42.analysis.specials import SpecialStats
from texas42.analysis.statistics import TrumpStats
from texas42.errors import AnalysisError, check_kind
from texas42.rules import Auction, Contract, Declaration, HouseRules, NelloDoubles, check_declaration

DEFAULT_REALISTIC_DEALS: Final = 200


@dataclass(frozen=True)
class RealisticAnalysis:
    """The leading trumps of an analysis played out on ``deals`` of its deals, each side
    playing for ``played_for`` (the double-dummy recommendation's bid; 30 for a pass),
    ``worlds`` worlds a decision. ``trumps``: the bidder's team's points in those playouts,
    summarised; ``recommendation``: the library's policy applied to them."""

    deals: int
    worlds: int
    played_for: int
    trumps: tuple[TrumpStats, ...]
    recommendation: Recommendation
    source: str = "playouts"
    specials: tuple[SpecialStats, ...] = ()
    """Nel-O and sevens, when the analysis has them, played out on the same deals
    (``special_playout``): the deals made, as the analysis' double-dummy ``SpecialStats``."""

    def stats(self, declaration: Declaration | str) -> TrumpStats | None:
        """A declaration's played-out statistics (given as one, its number or its name), or
        None if it was not played out."""
        wanted = check_declaration(declaration)
        return next((s for s in self.trumps if s.declaration == wanted), None)


def realistic_analysis(
    analysis: HandAnalysis,
    deals: int = DEFAULT_REALISTIC_DEALS,
    worlds: int = DEFAULT_WORLDS,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    auction: Auction | None = None,
) -> RealisticAnalysis:
    """Play the analysis' leading trumps out on ``deals`` of its deals (``playout_deals``;
    all of them if it has fewer), both sides playing for the bid recommended; ``on_progress(k)`` as
    deals finish. Where ``auction`` (the bids before ours) ends in a partner's plunge or
    splash that holds the bid, for the trump we are to name: for every trick, every
    player knowing that the partner holds the doubles it needs."""
    check_kind(analysis, HandAnalysis, "analysis is a HandAnalysis (what analyze returns)")
    deals = check_playout_deals(deals)
    worlds = check_worlds(worlds)
    if analysis.sample is None:
        raise AnalysisError("the analysis keeps no sample to play out")
    sample = playout_deals(analysis.sample.deals, deals, analysis.sample.exact, analysis.seed)
    partner = None if auction is None else auction.partner_contract
    played_for = analysis.recommendation.contract if auction is None or partner is None else auction.high_bid
    with _specials_beside(sample, analysis.specials, worlds, analysis.seed, threads, on_progress) as played:
        points = played_points(
            sample, leading_trumps(analysis), played_for, worlds, analysis.seed, threads, on_progress, partner
        )
        specials = played()
    stats = tuple(TrumpStats.from_points(d, p) for d, p in points.items())
    return RealisticAnalysis(
        deals=int(sample.shape[0]),
        worlds=worlds,
        played_for=played_for,
        trumps=stats,
        recommendation=recommend(stats, analysis.confidence),
        specials=specials,
    )


def played_specials(specials: Sequence[SpecialStats]) -> tuple[SpecialStats, ...]:
    """The special contracts of an analysis or comparison that are played out: Nel-O and
    sevens (plunge and splash are trump contracts, played by the partner's trump)."""
    return tuple(s for s in specials if s.contract in (Contract.NELLO, Contract.SEVENS))


@contextmanager
def _specials_beside(
    sample: np.ndarray,
    specials: Sequence[SpecialStats],
    worlds: int,
    seed: int,
    threads: int | None,
    on_progress: Callable[[int], None] | None,
) -> Iterator[Callable[[], tuple[SpecialStats, ...]]]:
    """Start playing Nel-O and sevens of ``specials`` out on ``sample``; in the block, the
    function given gives their figures. The special playouts are mostly Python, the
    trumps' mostly the engine on every core: on more than one thread the two overlap
    (each has its own seeds), and an interrupt of the block stops both."""

    def work() -> tuple[SpecialStats, ...]:
        played = played_specials(specials)
        return tuple(_special_played(sample, s, worlds, seed, threads, on_progress) for s in played)

    if threads == 1:
        yield work
        return
    with in_background(work) as result:
        yield result


def playouts_of(analysis: HandAnalysis, deals: int) -> int:
    """How many playouts ``realistic_analysis`` makes on ``deals`` deals: for progress."""
    return min(deals, analysis.deals) * (
        len(leading_trumps(analysis)) + len(played_specials(analysis.specials))
    )


def comparison_playouts(comparison: Comparison, deals: int) -> int:
    """How many playouts ``realistic_comparison`` makes on ``deals`` deals: for progress."""
    return min(deals, comparison.deals) * (len(comparison.trumps) + len(played_specials(comparison.specials)))


def _special_played(
    sample: np.ndarray,
    special: SpecialStats,
    worlds: int,
    seed: int,
    threads: int | None,
    on_progress: Callable[[int], None] | None,
) -> SpecialStats:
    """``special`` played out on ``sample`` from its own seed: the deals made."""
    doubles = special.doubles or NelloDoubles.OWN_SUIT
    made = special_made(sample, special.contract, doubles, worlds, seed, threads, on_progress)
    return SpecialStats(
        special.contract, int(sample.shape[0]), made, special.least_marks, doubles=special.doubles
    )


def special_made(
    sample: np.ndarray,
    contract: Contract,
    doubles: NelloDoubles,
    worlds: int,
    seed: int,
    threads: int | None,
    on_progress: Callable[[int], None] | None,
) -> int:
    """The deals of ``sample`` in which Nel-O (under ``doubles``) or sevens is made, played
    out from the contract's own seed, spawned from ``seed``, the engine on ``threads``."""
    own = own_seed(seed, 100 + list(Contract).index(contract))
    house = HouseRules(nello_doubles=doubles)
    played = play_out_special(
        sample, contract, worlds, own, house=house, on_progress=on_progress, threads=threads
    )
    return int(played.made.sum())


@dataclass(frozen=True)
class RealisticComparison:
    """The compared trumps played out on ``deals`` deals of a comparison, the
    same deals for each, both sides playing for ``played_for`` (the bid the best of them
    makes double-dummy at the confidence; 30 if none), ``worlds`` worlds a decision:
    each trump's points, and the pairs head to head on those deals."""

    deals: int
    worlds: int
    played_for: int
    trumps: tuple[TrumpStats, ...]
    pairs: tuple[PairComparison, ...]
    source: str = "playouts"
    specials: tuple[SpecialStats, ...] = ()
    """Nel-O and sevens, when the comparison has them, played out on the same deals."""


def realistic_comparison(
    comparison: Comparison,
    deals: int = DEFAULT_REALISTIC_DEALS,
    worlds: int = DEFAULT_WORLDS,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    confidence: float = DEFAULT_CONFIDENCE,
) -> RealisticComparison:
    """Play every compared trump out on ``deals`` of the comparison's deals
    (``playout_deals``; and Nel-O and sevens, if the comparison has them)."""
    check_kind(comparison, Comparison, "comparison is a Comparison (what compare returns)")
    deals = check_playout_deals(deals)
    worlds = check_worlds(worlds)
    if comparison.sample is None:
        raise AnalysisError("the comparison keeps no sample to play out")
    sample = playout_deals(comparison.sample.deals, deals, comparison.sample.exact, comparison.seed)
    played_for = recommend(comparison.trumps, confidence).contract
    order = [s.declaration for s in comparison.trumps]
    seed = comparison.seed
    with _specials_beside(sample, comparison.specials, worlds, seed, threads, on_progress) as played:
        points = played_points(sample, order, played_for, worlds, seed, threads, on_progress)
        specials = played()
    pairs = tuple(
        compare_points(order[i], order[j], points[order[i]], points[order[j]])
        for i in range(len(order))
        for j in range(i + 1, len(order))
    )
    return RealisticComparison(
        deals=int(sample.shape[0]),
        worlds=worlds,
        played_for=played_for,
        trumps=tuple(TrumpStats.from_points(d, points[d]) for d in order),
        pairs=pairs,
        specials=specials,
    )


def played_points(
    sample: np.ndarray,
    declarations: Sequence[Declaration],
    played_for: int,
    worlds: int,
    seed: int,
    threads: int | None,
    on_progress: Callable[[int], None] | None,
    partner_contract: Contract | None = None,
) -> dict[Declaration, np.ndarray]:
    """Each declaration's points in the playouts of ``sample``, from its own seed;
    ``partner_contract``: seat 0 names the trump of its partner's plunge or splash."""
    points = {}
    for declaration in declarations:
        own = own_seed(seed, declaration.value)
        played = play_out(
            sample,
            declaration,
            played_for,
            worlds,
            own,
            threads=threads,
            on_progress=on_progress,
            partner_contract=partner_contract,
        )
        points[declaration] = played.points
    return points
