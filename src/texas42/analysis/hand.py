"""What a hand is worth: the statistics of every declaration on a sample of deals, the
bid and trump to call, and a check of that choice on an independent sample."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, SupportsIndex

from texas42 import deal, engine, evaluate
from texas42.analysis.calibrated import (
    DOUBLE_DUMMY,
    LEADING,
    REALISTIC,
    CalibratedAnalysis,
    calibrated_analysis,
    check_basis,
)
from texas42.analysis.racing import (
    DEFAULT_RACING,
    Leaves,
    Racing,
    all_of,
    beaten_for_recommendation,
    outside_leading,
    pair_tests,
    recommendation_tests,
    solve_or_race,
)
from texas42.analysis.recommendation import (
    DEFAULT_CONFIDENCE,
    Recommendation,
    check_confidence,
    recommend,
)
from texas42.analysis.sample import (
    DEFAULT_DEALS,
    DrawnDeals,
    Progress,
    Sample,
    SolveCounter,
    check_deals,
    distinct_declarations,
    draw_samples,
    reach_sample,
    solve_sample,
    stated_constraints,
)
from texas42.analysis.specials import (
    DEFAULT_BATCH_DEALS,
    SpecialOdds,
    SpecialStats,
    analyze_specials,
    best_special,
    realistic_odds,
    solved_odds,
    special_contracts,
    special_solves_per_deal,
)
from texas42.analysis.statistics import TrumpStats, best_at
from texas42.deal import AuctionModel, DealConstraints, Inference
from texas42.errors import AnalysisError
from texas42.rules import (
    BIDS,
    DECLARATIONS,
    Auction,
    Contract,
    Declaration,
    FinishedAuction,
    Hand,
    HouseRules,
    NelloDoubles,
    check_declaration,
    needed_points,
)

if TYPE_CHECKING:
    from texas42.analysis.realistic import RealisticAnalysis


@dataclass(frozen=True)
class HandAnalysis:
    """A hand's worth over ``deals`` random deals of the unseen dominoes.

    ``trumps`` has one entry per declaration analysed. ``checks`` holds the same
    statistics on an independent sample of as many deals for every declaration that is
    best at some bid, when asked for (``texas42.analyze(check_every_bid=True)``, as
    ``texas42 bid`` does); the recommendation carries its own check in any case.
    ``sample`` is the main sample itself: its deals and points. With ``constraints`` the
    deals are consistent with them; ``exact``: the sample is every consistent deal once
    (``deals`` of them), and its own check."""

    hand: Hand
    deals: int
    seed: int
    confidence: float
    trumps: tuple[TrumpStats, ...]
    checks: tuple[TrumpStats, ...]
    recommendation: Recommendation
    specials: tuple[SpecialStats, ...] = ()
    """The special contracts on the main sample (none unless asked for with house rules)."""
    sample: Sample | None = field(default=None, compare=False, repr=False)
    exact: bool = False
    constraints: DealConstraints | None = None
    racing: Racing | None = None
    """How deals were allocated: by this race (``trumps[i].deals`` may be fewer than
    ``deals``), or None: every declaration on every deal."""
    realistic: CalibratedAnalysis | RealisticAnalysis | None = None
    """Realistic figures: calibrated from the double-dummy ones, or from playouts
    (``realistic_analysis``); None when the basis is double-dummy."""

    @property
    def basis(self) -> str:
        """What the advice rests on: ``"realistic"`` or ``"double-dummy"``."""
        return DOUBLE_DUMMY if self.realistic is None else REALISTIC

    @property
    def advised(self) -> Recommendation:
        """The recommendation on the analysis' basis: the realistic one when there are
        realistic figures, else the double-dummy ``recommendation``."""
        return self.recommendation if self.realistic is None else self.realistic.recommendation

    @property
    def nello_doubles(self) -> NelloDoubles | None:
        """How Nel-O's doubles play in the special contracts analysed (None: no Nel-O)."""
        return next((s.doubles for s in self.specials if s.contract is Contract.NELLO), None)

    @property
    def advised_points(self) -> float:
        """The expected points of the advised trump, on the advice's basis."""
        declaration = self.advised.declaration
        figures = None if self.realistic is None else self.realistic.stats(declaration)
        return (self.stats(declaration) if figures is None else figures).expected_points

    inference: Inference | None = None
    """How the deals were drawn to fit an auction, or None: uniformly."""
    ruled_by: Auction | FinishedAuction | None = None
    """An auction not listened to (``--infer none``) whose plunge or splash still shaped
    the deals (``DrawnDeals.ruled_by``)."""

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        """The declarations analysed, in the order of ``trumps``."""
        return tuple(s.declaration for s in self.trumps)

    def stats(self, declaration: Declaration | str) -> TrumpStats:
        """The statistics of a declaration analysed (given as one, its number or its name);
        an ``AnalysisError`` for one that was not."""
        wanted = check_declaration(declaration)
        for s in self.trumps:
            if s.declaration == wanted:
                return s
        analysed = ", ".join(d.label for d in self.declarations)
        raise AnalysisError(f"{wanted.label} was not analysed (analysed: {analysed})")

    def check(self, declaration: Declaration | str) -> TrumpStats | None:
        """The declaration's statistics on the independent sample (given as one, its number
        or its name), or None if it was not solved there."""
        wanted = check_declaration(declaration)
        return next((s for s in self.checks if s.declaration == wanted), None)

    def best(self, bid: SupportsIndex) -> TrumpStats:
        """The declaration that makes ``bid`` most often."""
        return best_at(self.trumps, bid)

    @property
    def advised_specials(self) -> tuple[SpecialOdds, ...]:
        """The special contracts' odds on the advice's basis: double-dummy, or realistic
        (played out where ``realistic`` played them, else calibrated)."""
        if self.realistic is None:
            return tuple(solved_odds(s) for s in self.specials)
        return realistic_odds(self.specials, self.realistic.specials, self.hand.mask)

    @property
    def special_instead(self) -> SpecialOdds | None:
        """The special contract to bid instead of the advised trump bid, or None: as
        ``texas42 bid`` advises the first bidder (``analysis.advise_bid`` with nobody
        having bid), the one made at the confidence that expects the most marks at its
        opening bid (``OpeningBid``), if that is more than the advice expects (a pass
        counts 0), on the advice's basis (``advised_specials``)."""
        advised = self.advised
        made = (s for s in self.advised_specials if s.make >= self.confidence)
        return best_special(made, 0.0 if advised.passes else advised.expected_marks)


def _race_leaves(confidence: float, declarations: int) -> tuple[Leaves, int]:
    """What lets a declaration leave the race of an analysis, and the tests a round of it
    may make: it clearly cannot be the recommended trump, and it clearly lies outside the
    leading trumps by expected points."""
    recommendable = partial(beaten_for_recommendation, confidence=confidence)
    leaves = all_of(recommendable, partial(outside_leading, leading=LEADING))
    return leaves, recommendation_tests(declarations) + pair_tests(declarations)


def _ladder_checks(
    hand: Hand,
    seed: int,
    drawn: DrawnDeals,
    trumps: Sequence[TrumpStats],
    solved: int,
    special_solves: int,
    threads: int | None,
    counter: SolveCounter,
) -> tuple[TrumpStats, ...]:
    """The best declaration of every bid solved on the check sample, for bidding advice
    (on an exact sample, its own check: their figures on it); ``solved``: the
    declarations solved on the main sample, ``special_solves`` the special contracts'
    solves there, for the counter's new total."""
    to_check = tuple(sorted({best_at(trumps, bid).declaration for bid in BIDS}))
    if drawn.exact:
        return tuple(s for s in trumps if s.declaration in to_check)
    counter.retotal(drawn.size * (solved + len(to_check)) + special_solves)
    return solve_sample(hand, seed, drawn.check, to_check, threads, counter).stats()


def _check_successes(
    drawn: DrawnDeals,
    trumps: tuple[TrumpStats, ...],
    checks: tuple[TrumpStats, ...],
    recommendation: Recommendation,
    threads: int | None,
    counter: SolveCounter,
) -> int:
    """The deals in which the recommended bid is made: on an exact sample, the sample's
    own; else on the check sample, from the ladder's solves when they were made (``checks``)
    or by one null-window search a deal."""
    if drawn.exact:
        return best_at(trumps, recommendation.contract).successes(recommendation.contract)
    check = next((s for s in checks if s.declaration == recommendation.declaration), None)
    if check is not None:
        return check.successes(recommendation.contract)
    needed = needed_points(recommendation.contract)
    return int(reach_sample(drawn.check, recommendation.declaration, needed, threads, counter).sum())


def analyze_hand(
    hand: Hand,
    deals: int = DEFAULT_DEALS,
    seed: int | None = None,
    declarations: Iterable[Declaration] = DECLARATIONS,
    confidence: float = DEFAULT_CONFIDENCE,
    threads: int | None = None,
    batch_deals: int = DEFAULT_BATCH_DEALS,
    progress: Progress | None = None,
    check_ladder: bool = False,
    house: HouseRules | None = None,
    constraints: DealConstraints | None = None,
    racing: Racing | None = DEFAULT_RACING,
    basis: str = REALISTIC,
    auction: AuctionModel | None = None,
) -> HandAnalysis:
    """Deal the unseen dominoes ``deals`` times, solve every deal for every declaration
    and summarise; then check on an independent sample of the same size whether the
    recommended bid and trump are made (with ``check_ladder``, solve the best declaration
    of every bid there, for bidding advice). With ``house``, the special contracts its
    rules allow are solved on the main sample too (``analyze_specials``). With
    ``constraints``, only deals consistent with them, all of them if there are at most
    ``deals`` (exact: no check sample). With ``racing``, a declaration that clearly cannot
    be the recommended trump stops getting deals (``racing.py``); None: every declaration
    on every deal (as on an exact sample). With ``auction``, both samples are drawn in
    proportion to the likelihood of its bids (``deal.inference``). With ``basis`` realistic
    (the default) the calibration adds estimated realistic figures and their
    recommendation (``calibrated``); double-dummy: none. The result depends only on the
    arguments other than ``threads``, ``batch_deals`` and ``progress``; without ``seed``
    one is drawn."""
    deals = check_deals(deals)
    confidence = check_confidence(confidence)
    basis = check_basis(basis)
    if basis == REALISTIC:
        evaluate.load_model()  # now: a damaged model file is told before any deal is solved
    chosen = distinct_declarations(declarations)
    seed = deal.draw_seed() if seed is None else deal.check_seed(seed)
    drawn = draw_samples(hand, deals, seed, constraints, auction, threads=threads)
    deals = drawn.size
    special_solves = deals * special_solves_per_deal(hand, house)
    contracts = special_contracts(hand, house)
    engine.expect(trumps=True, nello=Contract.NELLO in contracts, sevens=Contract.SEVENS in contracts)
    counter = SolveCounter(deals * (len(chosen) + (not drawn.exact)) + special_solves, progress)
    leaves, tests = _race_leaves(confidence, len(chosen))
    sample = solve_or_race(hand, seed, drawn, chosen, racing, leaves, tests, threads, counter)
    specials = analyze_specials(hand, drawn.main, house, threads, batch_deals, counter, exact=drawn.exact)
    trumps = sample.stats()
    recommendation = recommend(trumps, confidence)
    checks: tuple[TrumpStats, ...] = ()
    if check_ladder:
        checks = _ladder_checks(hand, seed, drawn, trumps, len(chosen), special_solves, threads, counter)
    successes = _check_successes(drawn, trumps, checks, recommendation, threads, counter)
    result = HandAnalysis(
        hand=hand,
        deals=deals,
        seed=seed,
        confidence=confidence,
        trumps=trumps,
        checks=checks,
        recommendation=recommendation.confirmed(successes, deals, drawn.exact),
        specials=specials,
        sample=sample,
        exact=drawn.exact,
        constraints=stated_constraints(constraints),
        racing=None if drawn.exact else racing,
        inference=drawn.inference,
        ruled_by=drawn.ruled_by,
    )
    return result if basis == DOUBLE_DUMMY else replace(result, realistic=calibrated_analysis(result))
