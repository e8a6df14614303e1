"""An analysis's settings as one value: the same work for each hand of a batch, whether
asked from Python (``texas42.analyze``, ``analyze_many``, ``advise_bid``) or from the
command line (``analyze``, ``analyze --file``, ``bid``), and a job a cluster's workers
can be sent."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from texas42.analysis.calibrated import REALISTIC
from texas42.analysis.hand import HandAnalysis, analyze_hand
from texas42.analysis.racing import DEFAULT_RACING, Racing
from texas42.analysis.realistic import playouts_of, realistic_analysis
from texas42.analysis.recommendation import DEFAULT_CONFIDENCE
from texas42.analysis.sample import Progress, counted
from texas42.deal import AuctionModel, DealConstraints, check_auction_doubles, plan_deals
from texas42.rules import DECLARATIONS, Auction, Declaration, Hand, HouseRules


@dataclass(frozen=True)
class AnalysisJob:
    """How to analyse a hand (``analyze_hand``'s settings, its arguments already checked;
    the seed drawn, so that every hand of a batch holds the same) and whether to play its
    leading trumps out: ``playouts`` (deals played out, worlds a decision), None for
    none."""

    deals: int
    seed: int
    declarations: tuple[Declaration, ...] = DECLARATIONS
    confidence: float = DEFAULT_CONFIDENCE
    house: HouseRules = field(default_factory=HouseRules)
    threads: int | None = None
    check_ladder: bool = False
    constraints: DealConstraints | None = None
    auction: AuctionModel | None = None
    basis: str = REALISTIC
    racing: Racing | None = DEFAULT_RACING
    playouts: tuple[int, int] | None = None

    def check_with(self, hand: Hand) -> None:
        """Bad input that only the hand shows, found before anything is computed:
        constraints it contradicts or no deal fits, an auction whose plunge or splash no
        deal around it allows."""
        if self.constraints is not None:
            plan_deals(hand, self.constraints)
        if self.auction is not None:
            check_auction_doubles(hand, self.auction.auction, self.constraints)

    def solved(self, hand: Hand, progress: Progress | None = None) -> HandAnalysis:
        """The double-dummy analysis of ``hand``; ``progress(done, total)`` as deals are
        solved."""
        return analyze_hand(
            hand,
            deals=self.deals,
            seed=self.seed,
            declarations=self.declarations,
            confidence=self.confidence,
            threads=self.threads,
            progress=progress,
            check_ladder=self.check_ladder,
            house=self.house,
            constraints=self.constraints,
            racing=self.racing,
            basis=self.basis,
            auction=self.auction,
        )

    def played_out(
        self, result: HandAnalysis, progress: Progress | None = None, auction: Auction | None = None
    ) -> HandAnalysis:
        """``result`` with its leading trumps played out as ``playouts`` says (as it is
        without them); ``progress(done, total)`` as playouts end; ``auction`` as
        ``realistic_analysis``'s (``analyze`` gives none: it values the hand as if it
        opened)."""
        if self.playouts is None:
            return result
        deals, worlds = self.playouts
        step = None if progress is None else counted(progress, playouts_of(result, deals))
        return replace(
            result, realistic=realistic_analysis(result, deals, worlds, self.threads, step, auction)
        )

    def run(self, hand: Hand, progress: Progress | None = None) -> HandAnalysis:
        """``solved``, then ``played_out``: ``progress`` told the deals solved, then the
        playouts finished."""
        return self.played_out(self.solved(hand, progress), progress)

    def with_threads(self, threads: int | None) -> AnalysisJob:
        """The same job on another number of solver threads (its results do not change)."""
        return replace(self, threads=threads)
