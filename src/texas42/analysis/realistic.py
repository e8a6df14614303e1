"""Realistic figures for a hand analysis: its leading trumps played out by players who see
only their own dominoes (``playout``), on the first deals of the analysis' own sample."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np

from texas42.analysis.calibrated import leading_trumps
from texas42.analysis.hand import HandAnalysis
from texas42.analysis.playout import DEFAULT_WORLDS, check_worlds, play_out
from texas42.analysis.recommendation import Recommendation, recommend
from texas42.analysis.statistics import TrumpStats
from texas42.errors import AnalysisError
from texas42.rules import Declaration

DEFAULT_REALISTIC_DEALS: Final = 200


@dataclass(frozen=True)
class RealisticAnalysis:
    """The leading trumps of an analysis played out on its first ``deals`` deals, each side
    playing for ``played_for`` (the double-dummy recommendation's bid; 30 for a pass),
    ``worlds`` worlds a decision. ``trumps``: the bidder's team's points in those playouts,
    summarised; ``recommendation``: the library's policy applied to them."""

    deals: int
    worlds: int
    played_for: int
    trumps: tuple[TrumpStats, ...]
    recommendation: Recommendation
    source: str = "playouts"

    def stats(self, declaration: Declaration) -> TrumpStats | None:
        return next((s for s in self.trumps if s.declaration == declaration), None)


def check_realistic_deals(deals: int) -> int:
    if deals < 1:
        raise AnalysisError(f"the realistic deals must be at least 1, got {deals}")
    return deals


def realistic_analysis(
    analysis: HandAnalysis,
    deals: int = DEFAULT_REALISTIC_DEALS,
    worlds: int = DEFAULT_WORLDS,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> RealisticAnalysis:
    """Play the analysis' leading trumps out on its first ``deals`` deals (all of them if
    it has fewer); ``on_progress(k)`` as deals finish."""
    check_realistic_deals(deals)
    check_worlds(worlds)
    if analysis.sample is None:
        raise AnalysisError("the analysis keeps no sample to play out")
    sample = analysis.sample.deals[: min(deals, analysis.sample.size)]
    played_for = analysis.recommendation.contract
    trumps = []
    for declaration in leading_trumps(analysis):
        seed = int(np.random.SeedSequence([analysis.seed, declaration.value]).generate_state(1)[0])
        playouts = play_out(
            sample, declaration, played_for, worlds, seed, threads=threads, on_progress=on_progress
        )
        trumps.append(TrumpStats.from_points(declaration, playouts.points))
    stats = tuple(trumps)
    return RealisticAnalysis(
        deals=int(sample.shape[0]),
        worlds=worlds,
        played_for=played_for,
        trumps=stats,
        recommendation=recommend(stats, analysis.confidence),
    )
