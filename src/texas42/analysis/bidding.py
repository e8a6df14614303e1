"""What to bid now, given the bids already made: the ladder of legal bids with their
odds, and the advice (docs/rules.md#bidding-and-scoring). The words that explain an
advice are the report's (``texas42.report.wording.advice_reason``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from texas42.analysis.calibrated import CalibratedAnalysis
from texas42.analysis.hand import HandAnalysis
from texas42.analysis.reading import AuctionReading, read_auction
from texas42.analysis.recommendation import TrumpOdds, highest_made, marks_order
from texas42.analysis.sample import reach_sample, uniform_check
from texas42.analysis.specials import best_special, best_special_bid
from texas42.analysis.statistics import Interval, TrumpStats, best_at
from texas42.rules import (
    MARK,
    PASS,
    AllPass,
    Auction,
    Contract,
    Declaration,
    Hand,
    HouseRules,
    expected_marks,
    marks,
    needed_points,
)

PARTNER_MARGIN: Final = 4
"""Outbid a partner's point bid only when the hand makes at least this many points more
(or a bid worth more marks)."""


@dataclass(frozen=True)
class LadderRung:
    """One legal bid with the declaration that makes it most often."""

    bid: int
    declaration: Declaration
    make: float
    make_ci95: Interval
    make_double_dummy: float
    """The double-dummy odds of the bid with this trump (``make`` itself on that basis)."""
    make_confirmed: float | None
    expected_marks: float
    makes: bool
    """Whether the hand makes the bid at the chosen confidence."""
    deals: int
    """The deals ``make`` stands on (fewer than the analysis' when racing let it go)."""
    make_confirmed_ci95: Interval | None = None
    """The 95% interval of ``make_confirmed`` (None where there is none)."""


@dataclass(frozen=True)
class SpecialRung:
    """A special contract the hand may bid now, at ``bid``, with its odds on the
    analysis' basis (``SpecialOdds``: ``how`` they were found, the double-dummy odds
    beside them)."""

    contract: Contract
    bid: int
    make: float
    make_ci95: Interval
    expected_marks: float
    makes: bool
    """Whether the contract is made at the chosen confidence."""
    make_double_dummy: float
    how: str
    deals: int
    """The deals the odds rest on (solved, played out, or calibrated from)."""


@dataclass(frozen=True)
class UniformOdds:
    """The advised bid and trump (for a pass, the cheapest legal bid, but at a partner's
    plunge or splash the partner's bid; for a special contract, the trump advice it
    replaces) on uniform deals, as if the auction said nothing: its double-dummy odds on
    the check sample of ``--infer none`` with the same seed; ``inferred``: its
    double-dummy odds on the deals drawn to fit the auction (the main sample).
    Double-dummy on both sides, whatever the advice's basis: like with like.
    ``constrained``: those deals fit ``--holds``/``--lacks`` (uniformly among them)."""

    bid: int
    declaration: Declaration
    make: float
    inferred: float
    deals: int
    constrained: bool = False


SURER_MARKS: Final = 0.2
"""How many more expected marks a lower bid must promise for the advice to name it
(``BidAdvice.surer``)."""


@dataclass(frozen=True)
class BidAdvice:
    """What to bid now: ``bid`` (``PASS`` or a legal bid), the trump to call and why.

    ``rule`` names the rule that decided: ``open`` (bid the hand's value over an
    opponent's bid or none), ``cannot-make`` (pass: nothing legal is made),
    ``partner-holds`` (pass: the partner's high bid stands), ``partner-contract`` (pass:
    the partner's plunge or splash stands, and we name its trump), ``outbid-partner`` (a much
    stronger hand takes over), ``shaker`` (the least bid that wins, or a mark bid worth
    more), ``forced`` (the shaker after three passes bids though nothing is made) and
    ``special`` (a special contract expects more marks than the trump advice, which
    ``replaces`` holds). For a pass, ``declaration`` and the odds are those of the
    cheapest legal bid. ``most`` is the most the hand makes among the legal bids."""

    analysis: HandAnalysis = field(compare=False, repr=False)
    """The analysis the advice stands on."""
    auction: Auction
    """The bids made before ours."""
    bid: int
    """The bid advised (``PASS`` for a pass)."""
    declaration: Declaration | None
    """The trump to call (for a pass, the cheapest legal bid's best trump); None where a
    special contract is advised (``contract``; ``replaces.declaration`` is the trump
    advice's)."""
    make: float
    """The odds that the bid is made with that trump, on the advice's basis."""
    make_confirmed: float | None
    """The same odds on an independent sample, where the bid was checked (else None)."""
    expected_marks: float
    """marks x (2 x make - 1); 0 for a pass."""
    rule: str
    """The rule that decided (see above)."""
    ladder: tuple[LadderRung, ...]
    """Each legal bid with its best trump, odds and expected marks, lowest first."""
    confidence: float
    """The odds at which a bid counts as made."""
    contract: Contract | None = None
    """The special contract bid, or None for a trump bid (or a pass)."""
    specials: tuple[SpecialRung, ...] = ()
    """The special contracts that may be bid now, with their odds and expected marks."""
    most: LadderRung | None = None
    """The most the hand makes among the legal bids, if any."""
    replaces: BidAdvice | None = None
    """Where a special contract is advised, the trump advice it replaces."""
    uniform: UniformOdds | None = None
    """With deals drawn to fit the auction, the same advice's odds on uniform deals."""
    reading: AuctionReading | None = None
    """With deals drawn to fit the auction, what it says of the other hands (their
    doubles, count and trumps of the advised trump, against uniform deals)."""

    @property
    def passes(self) -> bool:
        """Whether the advice is to pass."""
        return self.bid == PASS

    @property
    def basis(self) -> str:
        """What the odds rest on: ``"realistic"`` or ``"double-dummy"`` (the analysis')."""
        return self.analysis.basis

    @property
    def hand(self) -> Hand:
        """The hand advised."""
        return self.analysis.hand

    @property
    def deals(self) -> int:
        """The deals the advice was solved on."""
        return self.analysis.deals

    @property
    def seed(self) -> int:
        """The seed that repeats the advice."""
        return self.analysis.seed

    @property
    def made(self) -> tuple[LadderRung, ...]:
        """The legal bids the hand makes at the confidence."""
        return tuple(r for r in self.ladder if r.makes)

    @property
    def partner_contract(self) -> Contract | None:
        """The partner's plunge or splash that the advice leaves standing (rule
        ``partner-contract``: we name its trump), else None."""
        return self.auction.partner_contract if self.rule == "partner-contract" else None

    @property
    def double_dummy_better(self) -> TrumpStats | None:
        """At a partner's plunge or splash whose trump is named on calibrated estimates, the
        trump that makes it most often double-dummy where that is more often than the one
        named, else None: there the calibration is an approximation."""
        realistic, contract = self.analysis.realistic, self.partner_contract
        if not isinstance(realistic, CalibratedAnalysis) or contract is None:
            return None
        bid, named = self.auction.high_bid, self.ladder[0]
        best = max(self.analysis.trumps, key=lambda t: t.make(bid))
        if best.declaration == named.declaration or best.make(bid) <= named.make_double_dummy:
            return None
        return best

    @property
    def chosen(self) -> LadderRung | None:
        """The ladder's rung of the trump bid advised (None for a pass or a special
        contract)."""
        if self.passes or self.contract is not None:
            return None
        return next(r for r in self.ladder if r.bid == self.bid)

    @property
    def surer(self) -> LadderRung | None:
        """Where the advice opens at one mark with the most the hand makes, a lower bid
        made too that expects at least ``SURER_MARKS`` more marks (the most of them), else
        None. The advice still bids the most: each player bids once, and a lower bid
        leaves the others room to outbid it."""
        chosen = self.chosen
        if chosen is None or self.rule != "open" or marks(self.bid) > 1:
            return None
        lower = [r for r in self.made if r.bid < self.bid]
        surer = max(lower, key=lambda r: r.expected_marks, default=None)
        if surer is None or surer.expected_marks < chosen.expected_marks + SURER_MARKS:
            return None
        return surer

    @property
    def close_call(self) -> LadderRung | None:
        """Where the advice is a trump bid of two marks or more whose 95% interval (or
        band) reaches below the confidence, and a bid of fewer marks, made too, expects
        more marks: that bid (the one expecting the most), else None."""
        chosen = self.chosen
        if chosen is None or marks(self.bid) < 2 or chosen.make_ci95.low >= self.confidence:
            return None
        fewer = [r for r in self.made if marks(r.bid) < marks(self.bid)]
        better = max(fewer, key=lambda r: r.expected_marks, default=None)
        if better is None or better.expected_marks <= chosen.expected_marks:
            return None
        return better


def bid_ladder(analysis: HandAnalysis, bids: Iterable[int]) -> tuple[LadderRung, ...]:
    """Each bid with its best declaration, odds (confirmed where checked) and expected
    marks, on the analysis' basis: its realistic figures if it has some (the leading
    trumps), else the double-dummy ones."""
    figures: Sequence[TrumpOdds] = (
        analysis.trumps if analysis.realistic is None else analysis.realistic.trumps
    )
    rungs = []
    for bid in bids:
        best = best_at(figures, bid)
        p = best.make(bid)
        check = analysis.check(best.declaration) if analysis.realistic is None else None
        rungs.append(
            LadderRung(
                bid=bid,
                declaration=best.declaration,
                make=p,
                make_ci95=best.make_ci95(bid),
                make_double_dummy=analysis.stats(best.declaration).make(bid),
                make_confirmed=None if check is None else check.make(bid),
                make_confirmed_ci95=None if check is None else check.make_ci95(bid),
                expected_marks=expected_marks(bid, p),
                makes=p >= analysis.confidence,
                deals=best.deals,
            )
        )
    return tuple(rungs)


def special_ladder(analysis: HandAnalysis, high: int) -> tuple[SpecialRung, ...]:
    """The hand's special contracts that may be bid over ``high``, with their odds on
    the analysis' basis (``HandAnalysis.advised_specials``), each at the bid that
    expects the most marks (``best_special_bid``: 84 rather than 42 only when its odds
    are above 50%); their least bids are those of the house rules of the analysis."""
    rungs = []
    for odds in analysis.advised_specials:
        bid = best_special_bid(odds, high)
        if bid is not None:
            # Only the quick model's estimates lack these.
            assert odds.make_ci95 is not None and odds.deals is not None
            rungs.append(
                SpecialRung(
                    contract=odds.contract,
                    bid=bid,
                    make=odds.make,
                    make_ci95=odds.make_ci95,
                    expected_marks=expected_marks(bid, odds.make),
                    makes=odds.make >= analysis.confidence,
                    make_double_dummy=odds.make_double_dummy,
                    how=odds.how,
                    deals=odds.deals,
                )
            )
    return tuple(rungs)


def much_stronger(value: int, partner_bid: int) -> bool:
    """Whether a hand that makes ``value`` should take the bid from a partner's ``partner_bid``."""
    if marks(value) > marks(partner_bid):
        return True
    return partner_bid < MARK and value >= partner_bid + PARTNER_MARGIN


def _best_marks(rungs: Sequence[LadderRung]) -> LadderRung:
    """Highest expected marks; among equal marks the lowest bid (made at least as often)."""
    return max(rungs, key=lambda r: marks_order(r.expected_marks, r.bid))


def advise_bid(analysis: HandAnalysis, auction: Auction, house: HouseRules | None = None) -> BidAdvice:
    """What to bid now with this hand after this auction.

    * Nobody has bid, or an opponent holds the high bid: bid the most the hand makes at
      the analysis's confidence (``highest_made``: each player bids once, 84 rather than
      42 only when it expects more marks); pass if no legal bid is made that often.
    * The partner holds the high bid: pass unless the hand makes at least
      ``PARTNER_MARGIN`` points more, or a bid worth more marks. A partner's plunge or
      splash always stands: we name its trump and lead, and a higher bid would only
      raise the stakes of the same contract (the advice's trump is the one to name).
    * The shaker bids the least that wins (a higher mark bid only when it expects more marks).
    * The shaker after three passes must bid (house rule ``all_pass`` forced, the default):
      the legal bid with the best expected marks.
    * A special contract of the analysis (``special_ladder``) made at the confidence
      replaces that advice when it expects more marks (over a partner's bid, only a
      special worth more marks; a forced shaker takes the best expected marks)."""
    house = HouseRules() if house is None else house
    forced = auction.must_bid and house.all_pass is AllPass.FORCED
    specials = special_ladder(analysis, auction.high_bid)
    advice = replace(_advise_trump_bid(analysis, auction, forced), specials=specials)
    high = auction.high_bid
    candidates = [
        r
        for r in specials
        if (r.makes or forced)
        and (not auction.partner_holds or marks(r.bid) > marks(high))
        and advice.rule != "partner-contract"
    ]
    top = best_special(candidates, advice.expected_marks)
    if top is None:
        return advice
    return replace(
        advice,
        bid=top.bid,
        contract=top.contract,
        declaration=None,
        make=top.make,
        make_confirmed=None,
        expected_marks=top.expected_marks,
        rule="special",
        replaces=advice,
    )


def _advise_trump_bid(analysis: HandAnalysis, auction: Auction, forced: bool) -> BidAdvice:
    """``advise_bid`` among the trump bids; ``forced``: the shaker must bid."""
    ladder = bid_ladder(analysis, auction.legal_bids())
    made = [r for r in ladder if r.makes]
    by_bid = {r.bid: r for r in ladder}
    most_bid = highest_made([r.bid for r in ladder], lambda bid: by_bid[bid].make, analysis.confidence)
    most = None if most_bid is None else by_bid[most_bid]

    def advice(rung: LadderRung | None, rule: str) -> BidAdvice:
        shown = rung if rung is not None else ladder[0]
        return BidAdvice(
            analysis=analysis,
            auction=auction,
            bid=PASS if rung is None else rung.bid,
            declaration=shown.declaration,
            make=shown.make,
            make_confirmed=shown.make_confirmed,
            expected_marks=0.0 if rung is None else rung.expected_marks,
            rule=rule,
            ladder=ladder,
            confidence=analysis.confidence,
            most=most,
        )

    if forced:
        return advice(_best_marks(made or ladder), "forced")
    if auction.partner_contract is not None:
        return advice(None, "partner-contract")
    if most is None:
        return advice(None, "cannot-make")
    if auction.partner_holds:
        if not much_stronger(most.bid, auction.high_bid):
            return advice(None, "partner-holds")
        if not auction.is_shaker:
            return advice(most, "outbid-partner")
    if auction.is_shaker:
        return advice(_best_marks(made), "shaker")
    return advice(most, "open")


def with_uniform_odds(advice: BidAdvice, threads: int | None = None) -> BidAdvice:
    """``advice`` with its bid and trump's odds on uniform deals beside (``uniform``),
    when its analysis drew the deals to fit the auction: one null-window search a deal
    of the uniform check sample, so a player sees what the auction changed; and what
    the auction says of the other hands (``reading``, those deals against the main
    sample's)."""
    analysis = advice.analysis
    if analysis.inference is None:
        return advice
    trump = advice.replaces if advice.replaces is not None else advice
    rung = next((r for r in trump.ladder if r.bid == trump.bid), trump.ladder[0])
    deals = uniform_check(analysis.hand, analysis.deals, analysis.seed, analysis.constraints)
    made = reach_sample(deals, rung.declaration, needed_points(rung.bid), threads)
    constrained = analysis.constraints is not None
    bid = advice.auction.high_bid if advice.partner_contract is not None else rung.bid  # both take all
    odds = UniformOdds(
        bid, rung.declaration, float(made.mean()), rung.make_double_dummy, int(made.size), constrained
    )
    sample = analysis.sample
    reading = None
    if sample is not None:
        reading = read_auction(advice.auction, sample.deals, deals, rung.declaration, constrained)
    return replace(advice, uniform=odds, reading=reading)
