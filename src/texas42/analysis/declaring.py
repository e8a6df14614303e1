"""What to declare once the bid is won: every declaration open to the bidder (the nine
trumps, and Nel-O and sevens at a mark bid of at least their minimum) weighed by its odds
of making the bid, on deals drawn to fit the whole auction, the calls after ours too;
double-dummy, estimated at a real table by the calibrations, or the leading ones played
out (``realistic_declaration``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Final

import numpy as np

from texas42 import deal, engine, evaluate
from texas42.analysis.calibrated import (
    LEADING,
    REALISTIC,
    CalibrationSource,
    EstimatedTrump,
    check_basis,
    estimate_trumps,
    most_points,
)
from texas42.analysis.playout import DEFAULT_WORLDS, check_playout_deals, check_worlds, playout_deals
from texas42.analysis.racing import (
    DEFAULT_RACING,
    Racing,
    all_of,
    beaten_at,
    outside_leading,
    pair_tests,
    solve_or_race,
)
from texas42.analysis.reading import AuctionReading, read_auction
from texas42.analysis.realistic import DEFAULT_REALISTIC_DEALS, played_points, special_made
from texas42.analysis.sample import (
    DEFAULT_DEALS,
    DrawnDeals,
    Progress,
    SolveCounter,
    check_deals,
    draw_samples,
    reach_sample,
    stated_constraints,
    uniform_check,
)
from texas42.analysis.specials import calibrated_odds, contract_made
from texas42.analysis.statistics import Interval, TrumpStats, best_at, mean_interval, odds_interval
from texas42.deal import AuctionModel, DealConstraints, Inference
from texas42.errors import AnalysisError, check_kind
from texas42.rules import (
    DECLARATIONS,
    TOTAL_POINTS,
    Auction,
    Contract,
    Declaration,
    FinishedAuction,
    Hand,
    HouseRules,
    bid_name,
    check_played_contract,
    declarable_contracts,
    expected_marks,
    minimum_marks,
    needed_points,
)


@dataclass(frozen=True)
class DeclarationChoice:
    """One declaration open to the bidder and its odds of making the bid: ``make``
    double-dummy on ``deals`` deals (``successes`` of them), with its Wilson interval;
    ``realistic``, the odds at a real table estimated by the calibration (None on the
    double-dummy basis), with its 95% band (``statistics.widened``); for a trump, its expected
    double-dummy points."""

    declaration: Declaration | Contract
    deals: int
    successes: int
    make_ci95: Interval
    expected_points: float | None
    realistic: float | None = None
    realistic_ci95: Interval | None = None
    weighed: bool = True
    """Whether the advice weighs it: on the realistic basis, a trump the calibration was
    fitted to for such a hand (``leading``), Nel-O or sevens; every one double-dummy."""
    expected_points_ci95: Interval | None = None
    """The 95% interval of ``expected_points`` (a trump's; None at Nel-O and sevens)."""

    @property
    def make(self) -> float:
        """The double-dummy odds of making the bid: ``successes`` of ``deals``."""
        return self.successes / self.deals

    @property
    def label(self) -> str:
        """The declaration's name as the options write it: ``fours``, ``nello``, ..."""
        return self.declaration.label

    @property
    def odds(self) -> float:
        """The odds the advice weighs: the realistic estimate, else the double-dummy odds."""
        return self.make if self.realistic is None else self.realistic


@dataclass(frozen=True)
class PlayedChoices:
    """Declarations played out on ``deals`` deals (``playout_deals``) by players who see only their
    own dominoes, ``worlds`` worlds a decision, both sides playing for the bid won: each
    as a ``DeclarationChoice`` whose odds are the share of the playouts made (and a
    trump's points, the playouts' mean)."""

    deals: int
    worlds: int
    choices: tuple[DeclarationChoice, ...]


@dataclass(frozen=True)
class DeclarationAdvice:
    """The declaration to make having won the bid at ``bid``: the ``advised`` one of
    ``choices`` (the nine trumps in order, then the special contracts open at that bid),
    the one with the best odds on the ``basis`` (realistic: calibrated, among the choices
    ``weighed``; ties to the better double-dummy odds, then more expected points, then the
    earlier), and its double-dummy odds on an independent sample of as many deals
    (``checked`` of ``deals``). The deals fit ``auction`` (``inference``), or are uniform;
    ``samples`` holds them, main and check."""

    hand: Hand
    bid: int
    deals: int
    seed: int
    basis: str
    choices: tuple[DeclarationChoice, ...]
    advised: DeclarationChoice
    checked: int
    auction: FinishedAuction | None = None
    inference: Inference | None = None
    ruled_by: Auction | FinishedAuction | None = None
    """An auction not listened to (``--infer none``) whose plunge or splash still shaped
    the deals (``DrawnDeals.ruled_by``)."""
    racing: Racing | None = None
    house: HouseRules = field(default_factory=HouseRules)
    exact: bool = False
    """The deals are every deal consistent with ``constraints``, once each: the odds are
    exact, and the check is the sample itself."""
    constraints: DealConstraints | None = None
    played: PlayedChoices | None = None
    """The leading declarations played out (``realistic_declaration``): the advice is
    then the best of them there."""
    samples: DrawnDeals | None = field(default=None, compare=False, repr=False)
    reading: AuctionReading | None = None
    """With deals drawn to fit the auction, what it says of the other hands (their
    doubles, count and dominoes of the advised trump, against uniform deals)."""
    calibration: CalibrationSource | None = None
    """On the realistic basis, the calibration that estimated the ``realistic`` odds of
    the trumps."""

    @property
    def make(self) -> float:
        """The advised declaration's odds on the advice's basis."""
        return self.advised.odds

    @property
    def double_dummy_better(self) -> DeclarationChoice | None:
        """At a partner's plunge or splash advised on the calibrated estimates, the
        declaration weighed that makes the bid most often double-dummy where that is more
        often than the advised one, else None: there the calibration is an approximation."""
        chosen = self.advised
        if self.partner_contract is None or self.played is not None or chosen.realistic is None:
            return None
        better = [c for c in self.choices if c.weighed and c.make > chosen.make]
        return max(better, key=lambda c: c.make, default=None)

    @property
    def expected_marks(self) -> float:
        """Marks expected from the bid at those odds: marks x (2 x make - 1)."""
        return expected_marks(self.bid, self.make)

    @property
    def partner_contract(self) -> Contract | None:
        """The partner's plunge or splash that won the bid (we name its trump), else None."""
        return None if self.auction is None else self.auction.partner_contract

    @property
    def make_confirmed(self) -> float:
        """The advised declaration's double-dummy odds on the independent sample."""
        return self.checked / self.deals

    def choice(self, declaration: Declaration | Contract | str) -> DeclarationChoice:
        """The figures of one declaration open to the bidder (a trump or special contract,
        or its name); an ``AnalysisError`` for one that is not open."""
        wanted = check_played_contract(declaration)
        for c in self.choices:
            if c.declaration == wanted:
                return c
        raise AnalysisError(f"{wanted.label} is not open at a bid of {bid_name(self.bid)}")


def won_bid(bid: int | None, auction: FinishedAuction | None) -> int:
    """The bid won: ``auction``'s high bid (``bid``, if given too, must be it), else
    ``bid``; an ``AnalysisError`` when neither says it."""
    if auction is None:
        if bid is None:
            raise AnalysisError(
                "bid/auction: give the bid you won or the whole auction", parameter="bid/auction"
            )
        return bid
    if bid is not None and bid != auction.high_bid:
        high = bid_name(auction.high_bid)
        raise AnalysisError(
            f"bid {bid_name(bid)} is not the auction's high bid {high}, which you won", parameter="bid"
        )
    return auction.high_bid


def plays_out_by_default(auction: Auction | FinishedAuction | None, basis: str) -> bool:
    """Whether ``declare`` and ``bid`` play the leading trumps out unasked: where we are to
    name the trump of a partner's plunge or splash (it won the bid, or holds it), on the
    realistic basis. The trumps' calibration was fitted to hands that bid for themselves;
    at a partner's plunge or splash it misjudges the odds by as much as 52 points of percentage
    (docs/realistic.md#a-partners-plunge-or-splash)."""
    return check_basis(basis) == REALISTIC and auction is not None and auction.partner_contract is not None


def advise_declaration(
    hand: Hand,
    bid: int | None = None,
    auction: FinishedAuction | None = None,
    model: AuctionModel | None = None,
    deals: int = DEFAULT_DEALS,
    seed: int | None = None,
    house: HouseRules | None = None,
    basis: str = REALISTIC,
    racing: Racing | None = DEFAULT_RACING,
    threads: int | None = None,
    progress: Progress | None = None,
    constraints: DealConstraints | None = None,
) -> DeclarationAdvice:
    """Weigh every declaration open to the bidder who won ``bid`` (or ``auction``'s high
    bid: ours, or at a plunge or a splash our partner's, whose trump we name: the nine
    trumps only) on ``deals`` deals, seat 0 leading: drawn by ``model`` (made from the
    whole ``auction``) or uniformly, consistent with ``constraints`` (all of them, once
    each, where there are at most ``deals``: exact, its own check). With ``racing``, a
    trump stops getting deals once another clearly makes the bid more often
    (``racing.beaten_at``). The result depends only on the arguments other than
    ``threads`` and ``progress``."""
    bid = won_bid(bid, auction)
    deals = check_deals(deals)
    basis = check_basis(basis)
    house = HouseRules() if house is None else house
    partner = None if auction is None else auction.partner_contract
    contracts = declarable_contracts(bid, house) if partner is None else ()
    seed = deal.draw_seed() if seed is None else deal.check_seed(seed)
    drawn = draw_samples(hand, deals, seed, constraints, model, threads=threads)
    deals = drawn.size
    engine.expect(trumps=True, nello=Contract.NELLO in contracts, sevens=Contract.SEVENS in contracts)
    counter = SolveCounter(deals * (len(DECLARATIONS) + len(contracts) + (not drawn.exact)), progress)
    level = needed_points(bid)
    leaves = all_of(partial(beaten_at, level=level), partial(outside_leading, leading=LEADING))
    tests = 2 * pair_tests(len(DECLARATIONS))  # beaten_at's and outside_leading's
    trumps = solve_or_race(hand, seed, drawn, DECLARATIONS, racing, leaves, tests, threads, counter).stats()
    choices = _trump_choices(hand, trumps, bid, basis, leading(trumps, bid))
    choices += _contract_choices(hand, contracts, drawn, house, basis, threads, counter)
    advised = max((c for c in choices if c.weighed), key=partial(_preference, choices))
    checked = _advised_checked(advised, drawn, level, house, threads, counter)
    return with_reading(
        DeclarationAdvice(
            hand=hand,
            bid=bid,
            deals=deals,
            seed=seed,
            basis=basis,
            choices=tuple(choices),
            advised=advised,
            checked=checked,
            auction=auction,
            inference=drawn.inference,
            ruled_by=drawn.ruled_by,
            racing=None if drawn.exact else racing,
            house=house,
            exact=drawn.exact,
            constraints=stated_constraints(constraints),
            samples=drawn,
            calibration=CalibrationSource.shipped() if basis == REALISTIC else None,
        )
    )


def with_reading(advice: DeclarationAdvice) -> DeclarationAdvice:
    """``advice`` with what its auction says of the other hands (``reading``), where its
    deals were drawn to fit it: those deals against the uniform check sample (the one
    ``--infer none`` draws), the trumps counted those of the advised trump (none for a
    special contract)."""
    samples, auction = advice.samples, advice.auction
    declaration = advice.advised.declaration
    trump = declaration if isinstance(declaration, Declaration) else None
    if samples is None or auction is None or advice.inference is None:
        return advice
    if advice.reading is not None and advice.reading.declaration == trump:
        return advice  # read already, the same trump counted
    uniform = uniform_check(advice.hand, advice.deals, advice.seed, advice.constraints)
    reading = read_auction(auction, samples.main, uniform, trump, advice.constraints is not None)
    return replace(advice, reading=reading)


def leading(trumps: Sequence[TrumpStats], bid: int) -> frozenset[Declaration]:
    """The trumps whose realistic estimates the advice weighs: those the calibration was
    fitted to for such a hand (as ``calibrated.leading_trumps`` takes them): those with the
    most expected double-dummy points (``most_points``) and the one that makes ``bid``
    most often. It estimates any trump, but beyond them it reaches past the hands
    it was fitted to."""
    return frozenset(most_points(trumps) | {best_at(trumps, bid).declaration})


def _trump_choices(
    hand: Hand, trumps: Sequence[TrumpStats], bid: int, basis: str, leading: frozenset[Declaration]
) -> list[DeclarationChoice]:
    """The trumps' figures at ``bid``, with the calibration's estimates on the realistic
    basis (where only those of ``leading`` are weighed)."""
    estimated: Sequence[EstimatedTrump | None] = [None] * len(trumps)
    if basis == REALISTIC:
        estimated = estimate_trumps(hand.mask, trumps, evaluate.load_model())
    return [
        DeclarationChoice(
            s.declaration,
            s.deals,
            s.successes(bid),
            s.make_ci95(bid),
            s.expected_points,
            None if e is None else e.make(bid),
            None if e is None else e.make_ci95(bid),
            e is None or s.declaration in leading,
            s.expected_points_ci95,
        )
        for s, e in zip(trumps, estimated, strict=True)
    ]


def _preference(choices: list[DeclarationChoice], choice: DeclarationChoice) -> tuple[float, ...]:
    """The order of the advice: the basis' odds, the double-dummy odds, expected points
    (a special contract has none: it comes after the trumps), then the earlier choice."""
    points = -1.0 if choice.expected_points is None else choice.expected_points
    return (choice.odds, choice.make, points, -float(choices.index(choice)))


def _contract_choice(
    contract: Contract, made: int, deals: int, hand: Hand, house: HouseRules, basis: str, exact: bool
) -> DeclarationChoice:
    """A special contract's figures: solved, and calibrated on the realistic basis."""
    realistic, band = None, None
    interval = odds_interval(made, deals, exact)
    if basis == REALISTIC:
        doubles = house.nello_doubles if contract is Contract.NELLO else None
        least = minimum_marks(contract, house)
        odds = calibrated_odds(contract, least, made / deals, hand.mask, doubles, interval, deals)
        realistic, band = odds.make, odds.make_ci95
    return DeclarationChoice(contract, deals, made, interval, None, realistic, band)


def _contract_choices(
    hand: Hand,
    contracts: Sequence[Contract],
    drawn: DrawnDeals,
    house: HouseRules,
    basis: str,
    threads: int | None,
    counter: SolveCounter,
) -> list[DeclarationChoice]:
    """The figures of each special contract in ``contracts``, solved on the main sample."""
    choices = []
    for contract in contracts:
        made = int(contract_made(drawn.main, contract, house.nello_doubles, threads).sum())
        counter(drawn.size)
        choices.append(_contract_choice(contract, made, drawn.size, hand, house, basis, drawn.exact))
    return choices


def _advised_checked(
    advised: DeclarationChoice,
    drawn: DrawnDeals,
    level: int,
    house: HouseRules,
    threads: int | None,
    counter: SolveCounter,
) -> int:
    """The deals in which the advised declaration makes the bid on the check sample (on
    an exact sample, its own check: the main one)."""
    if drawn.exact:
        return advised.successes
    checked = _checked(advised.declaration, drawn.check, level, house, threads)
    counter(drawn.size)
    return checked


def _checked(
    declaration: Declaration | Contract, deals: np.ndarray, level: int, house: HouseRules, threads: int | None
) -> int:
    """The deals of the independent sample in which ``declaration`` makes the bid."""
    if isinstance(declaration, Contract):
        return int(contract_made(deals, declaration, house.nello_doubles, threads).sum())
    return int(reach_sample(deals, declaration, level, threads).sum())


LEADING_CHOICES: Final = 2
"""The trumps played out by ``realistic_declaration``: those weighed with the best odds."""


def _played_choice(declaration: Declaration, points: np.ndarray, need: int) -> DeclarationChoice:
    """A trump played out: the share of the playouts that made ``need`` points, and their
    mean (each playout a draw of its own, even on every consistent deal)."""
    made = points >= need
    mean, ci = mean_interval(points, bounds=(0.0, float(TOTAL_POINTS)))
    return DeclarationChoice(
        declaration, len(points), int(made.sum()), _interval(made), mean, expected_points_ci95=ci
    )


def realistic_declaration(
    advice: DeclarationAdvice,
    deals: int = DEFAULT_REALISTIC_DEALS,
    worlds: int = DEFAULT_WORLDS,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> DeclarationAdvice:
    """``advice`` with its leading declarations played out on ``deals`` deals of its
    sample (``playout_deals``), both sides playing for the bid won (at a partner's plunge or splash,
    every player knowing the partner holds its doubles): the ``LEADING_CHOICES`` trumps with
    the best odds, and Nel-O and sevens where open. The advice becomes the best of them
    played out, checked on the independent sample; ``on_progress(k)`` as playouts end."""
    check_kind(advice, DeclarationAdvice, "advice is a DeclarationAdvice (what declare returns)")
    deals, worlds = check_playout_deals(deals), check_worlds(worlds)
    if advice.samples is None:
        raise AnalysisError("the advice keeps no sample to play out")
    sample = playout_deals(advice.samples.main, deals, advice.samples.exact, advice.seed)
    trumps, contracts = _to_play(advice)
    points = played_points(
        sample, trumps, advice.bid, worlds, advice.seed, threads, on_progress, advice.partner_contract
    )
    need = needed_points(advice.bid)
    choices = [_played_choice(d, p, need) for d, p in points.items()]
    for contract in contracts:
        made = special_made(
            sample, contract, advice.house.nello_doubles, worlds, advice.seed, threads, on_progress
        )
        choices.append(DeclarationChoice(contract, len(sample), made, odds_interval(made, len(sample)), None))
    advised = max(choices, key=partial(_preference, choices))
    checked = _checked(advised.declaration, advice.samples.check, need, advice.house, threads)
    played = PlayedChoices(int(sample.shape[0]), worlds, tuple(choices))
    return with_reading(replace(advice, played=played, advised=advised, checked=checked, basis=REALISTIC))


def _interval(made: np.ndarray) -> Interval:
    return odds_interval(int(made.sum()), int(made.size))


def _to_play(advice: DeclarationAdvice) -> tuple[list[Declaration], list[Contract]]:
    """The trumps to play out, the best odds first, and the special contracts open."""
    trumps = [c for c in advice.choices if isinstance(c.declaration, Declaration) and c.weighed]
    best = sorted(trumps, key=lambda c: (-c.odds, -c.make))[:LEADING_CHOICES]
    chosen = [c.declaration for c in best if isinstance(c.declaration, Declaration)]
    contracts = [c.declaration for c in advice.choices if isinstance(c.declaration, Contract)]
    return chosen, contracts


def declaration_playouts(advice: DeclarationAdvice, deals: int) -> int:
    """How many playouts ``realistic_declaration`` makes on ``deals`` deals: for progress."""
    trumps, contracts = _to_play(advice)
    return min(deals, advice.deals) * (len(trumps) + len(contracts))
