"""The special contracts on a sample of deals (docs/rules.md#special-contracts): Nel-O,
sevens, plunge and splash, seat 0 bidding."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

import numpy as np

from texas42 import engine
from texas42.analysis.recommendation import marks_order, most_marks_bid
from texas42.analysis.statistics import Interval, odds_interval, widened
from texas42.errors import AnalysisError
from texas42.evaluate.special_calibration import calibration_of
from texas42.rules import (
    DECLARATIONS,
    PASS,
    TOTAL_POINTS,
    Contract,
    Hand,
    HouseRules,
    NelloDoubles,
    contract_bids,
    expected_marks,
    marks,
    may_plunge,
    may_splash,
    minimum_marks,
    nello_lost_at_first_lead,
    partner_trump,
    sevens_won_at_every_lead,
)

DEFAULT_BATCH_DEALS: Final = 1000
"""Deals per call to the special contracts' kernels: their progress advances per batch (the
trump engine reports its own progress as it runs). Each batch costs up to 20 calls of the
kernels, each starting its threads: smaller batches made an analysis slower (for the
README's ordinary hand, 125 deals a batch took 0.1-0.4 s more than one batch of 1000)."""


class MarkedSpecial(Protocol):
    """A special contract's odds: ``SpecialStats``, ``SpecialOdds``, ``QuickSpecial``."""

    @property
    def contract(self) -> Contract: ...

    @property
    def least_marks(self) -> int: ...

    @property
    def make(self) -> float: ...


def best_special_bid(special: MarkedSpecial, high: int = PASS) -> int | None:
    """The bid to make ``special`` at over the high bid ``high`` (``PASS``: none), or
    None when it cannot be bid now: of the bids it may be made at (``rules.contract_bids``:
    for sevens, and Nel-O at the house's 1 mark, 42 or 84 below a mark bid), the one
    expecting the most marks at its odds, 84 rather than 42 when they are above 50%."""
    bids = contract_bids(special.contract, special.least_marks, high)
    return most_marks_bid(bids, special.make) if bids else None


def opening_bid(special: MarkedSpecial) -> int:
    """``best_special_bid`` for the first bidder, nobody having bid."""
    bid = best_special_bid(special)
    assert bid is not None  # every special contract may open
    return bid


class OpeningBid:
    """A special contract bid by the first bidder (``opening_bid``): its bid, the marks
    it stands for and those it is expected to win."""

    @property
    def bid(self: MarkedSpecial) -> int:
        """The bid the first bidder makes it at (``opening_bid``)."""
        return opening_bid(self)

    @property
    def marks(self: MarkedSpecial) -> int:
        """The marks of ``bid``."""
        return marks(opening_bid(self))

    @property
    def expected_marks(self: MarkedSpecial) -> float:
        """Expected marks at ``bid``: marks x (2 x make - 1)."""
        return expected_marks(opening_bid(self), self.make)


@dataclass(frozen=True)
class SpecialStats(OpeningBid):
    """A special contract's odds over a sample of deals, bid at least at ``least_marks``.

    For plunge and splash, ``successes`` counts the deals made with the trump the partner
    names by ``rules.partner_trump`` (seeing only their own hand), and ``best_successes``
    those made with the best trump for each deal, which the partner cannot know: an upper
    bound, in hindsight."""

    contract: Contract
    deals: int
    successes: int
    least_marks: int
    best_successes: int | None = None
    doubles: NelloDoubles | None = None
    """For Nel-O, the treatment of doubles it was solved with."""
    exact: bool = False
    """The deals are every consistent deal: the intervals are the odds themselves."""

    @property
    def make(self) -> float:
        """The share of the deals in which the contract is made."""
        return self.successes / self.deals

    @property
    def make_ci95(self) -> Interval:
        """The Wilson 95% interval of ``make`` (exact: the odds themselves)."""
        return odds_interval(self.successes, self.deals, self.exact)

    @property
    def best_make(self) -> float | None:
        """Plunge and splash: ``make`` with the best trump for each deal (hindsight, an
        upper bound); None for the others."""
        return None if self.best_successes is None else self.best_successes / self.deals

    @property
    def best_make_ci95(self) -> Interval | None:
        """The Wilson 95% interval of ``best_make`` (None with it)."""
        if self.best_successes is None:
            return None
        return odds_interval(self.best_successes, self.deals, self.exact)


SOLVED: Final = "double-dummy"
PLAYED_OUT: Final = "played out"
CALIBRATED: Final = "calibrated"


@dataclass(frozen=True)
class SpecialOdds(OpeningBid):
    """A special contract's odds on the advice's basis, bid at least at ``least_marks``
    marks, and how they were found: ``SOLVED`` (double-dummy, on the sample),
    ``PLAYED_OUT`` (by players who see only their own dominoes, on the sample) or
    ``CALIBRATED`` (the double-dummy odds mapped by ``evaluate.special_calibration``;
    ``make_ci95`` is then the calibration's error band, widened by the double-dummy
    odds' sampling error where they were sampled). ``make_double_dummy`` beside
    them; ``make_ci95`` is None for the quick model's double-dummy estimates, and so is
    ``deals``, elsewhere the deals the odds rest on (solved, played out, or those of the
    double-dummy odds calibrated)."""

    contract: Contract
    least_marks: int
    make: float
    make_ci95: Interval | None
    make_double_dummy: float
    how: str
    deals: int | None = None


def solved_odds(stats: SpecialStats) -> SpecialOdds:
    return SpecialOdds(
        stats.contract, stats.least_marks, stats.make, stats.make_ci95, stats.make, SOLVED, stats.deals
    )


def calibrated_odds(
    contract: Contract,
    least_marks: int,
    double_dummy: float,
    hand: int,
    doubles: NelloDoubles | None = None,
    double_dummy_ci95: Interval | None = None,
    deals: int | None = None,
) -> SpecialOdds:
    """Realistic odds estimated from the double-dummy ones of ``hand`` (a mask:
    ``evaluate.special_calibration``); Nel-O's under its treatment of ``doubles``, none
    where its first lead surely takes a trick (``rules.nello_lost_at_first_lead``), and
    sevens' certain where every lead surely wins (``rules.sevens_won_at_every_lead``). Their
    band is the calibration's, widened by the sampling error ``double_dummy_ci95`` of the
    double-dummy odds, if given, mapped by the calibration (``statistics.widened``);
    ``deals``: those the double-dummy odds rest on."""
    if contract is Contract.NELLO and nello_lost_at_first_lead(hand, doubles or NelloDoubles.OWN_SUIT):
        return SpecialOdds(contract, least_marks, 0.0, Interval(0.0, 0.0), double_dummy, CALIBRATED, deals)
    if contract is Contract.SEVENS and sevens_won_at_every_lead(hand):
        return SpecialOdds(contract, least_marks, 1.0, Interval(1.0, 1.0), double_dummy, CALIBRATED, deals)
    calibration = calibration_of(contract, doubles)
    p = calibration.odds(double_dummy, hand)
    sampling = None
    if double_dummy_ci95 is not None:
        ends = (calibration.odds(double_dummy_ci95.low, hand), calibration.odds(double_dummy_ci95.high, hand))
        sampling = Interval(min(ends), max(ends))
    band = widened(p, calibration.width(p), sampling)
    return SpecialOdds(contract, least_marks, p, band, double_dummy, CALIBRATED, deals)


def realistic_odds(
    solved: Sequence[SpecialStats], played: Sequence[SpecialStats], hand: int
) -> tuple[SpecialOdds, ...]:
    """The realistic odds of the ``solved`` contracts of ``hand`` (a mask): played out
    where ``played`` has them (on the same deals), else calibrated."""
    by_contract = {s.contract: s for s in played}
    odds = []
    for stats in solved:
        out = by_contract.get(stats.contract)
        if out is None:
            odds.append(
                calibrated_odds(
                    stats.contract,
                    stats.least_marks,
                    stats.make,
                    hand,
                    stats.doubles,
                    stats.make_ci95,
                    stats.deals,
                )
            )
        else:
            odds.append(
                SpecialOdds(
                    stats.contract,
                    stats.least_marks,
                    out.make,
                    out.make_ci95,
                    stats.make,
                    PLAYED_OUT,
                    out.deals,
                )
            )
    return tuple(odds)


class SpecialBid(Protocol):
    @property
    def bid(self) -> int: ...

    @property
    def expected_marks(self) -> float: ...


Special = TypeVar("Special", bound=SpecialBid)


def best_special(specials: Iterable[Special], than: float) -> Special | None:
    """The special contract to bid among ``specials``: the one expecting the most marks
    (the lower bid among equals), if that is more than ``than``, the marks the trump
    advice expects; else None."""
    top = max(specials, key=lambda s: marks_order(s.expected_marks, s.bid), default=None)
    return top if top is not None and top.expected_marks > than else None


def special_contracts(hand: Hand, house: HouseRules | None) -> tuple[Contract, ...]:
    """The special contracts analysed for a hand: none without house rules or with
    ``specials`` off; else Nel-O and sevens, plus plunge (4+ doubles) and splash (3+)."""
    if house is None or not house.specials:
        return ()
    chosen = [Contract.NELLO, Contract.SEVENS]
    if may_plunge(hand.mask):
        chosen.append(Contract.PLUNGE)
    if may_splash(hand.mask):
        chosen.append(Contract.SPLASH)
    return tuple(chosen)


def special_solves_per_deal(hand: Hand, house: HouseRules | None) -> int:
    """Solves per deal for the special contracts, for progress: one each for Nel-O and
    sevens, and at most the nine declarations (the partner leading) for plunge and splash
    together, counted as nine."""
    contracts = special_contracts(hand, house)
    return len(set(contracts) & {Contract.NELLO, Contract.SEVENS}) + (
        9 if Contract.SPLASH in contracts else 0
    )


def _partner_leads(deals: np.ndarray, threads: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Plunge and splash: whether seats 0 and 2 take all 42 points, seat 2 naming trump
    and leading, with the trump of ``rules.partner_trump`` and with the best trump for
    each deal. Each other declaration is solved only on the deals no trump has made yet
    (fewer solves than all eight wherever the partner's trump fails)."""
    named = np.array([partner_trump(int(partner)).value for partner in deals[:, 2]])
    by_rule = np.zeros(deals.shape[0], dtype=bool)
    for declaration in DECLARATIONS:
        rows = np.flatnonzero(named == declaration.value)
        if rows.size:
            by_rule[rows] = engine.reaches(deals[rows], [declaration], TOTAL_POINTS, 2, threads)[:, 0]
    best = by_rule.copy()
    for declaration in DECLARATIONS:
        rows = np.flatnonzero(~best & (named != declaration.value))
        if rows.size:
            best[rows] = engine.reaches(deals[rows], [declaration], TOTAL_POINTS, 2, threads)[:, 0]
    return by_rule, best


def _in_batches(
    deals: np.ndarray,
    batch_deals: int,
    solves_per_deal: int,
    on_batch: Callable[[int], None] | None,
    solve: Callable[[np.ndarray], np.ndarray],
) -> np.ndarray:
    """``solve`` on the deals, ``batch_deals`` at a time, reporting the solves of each batch."""
    if batch_deals < 1:
        raise AnalysisError(f"batch_deals must be at least 1, got {batch_deals}")
    parts = []
    for start in range(0, deals.shape[0], batch_deals):
        batch = deals[start : start + batch_deals]
        parts.append(solve(batch))
        if on_batch is not None:
            on_batch(batch.shape[0] * solves_per_deal)
    return np.concatenate(parts) if parts else solve(deals)


def contract_made(
    deals: np.ndarray, contract: Contract, doubles: NelloDoubles, threads: int | None = None
) -> np.ndarray:
    """(n,) bool: whether Nel-O (under ``doubles``) or sevens, bid by seat 0 who leads, is
    made in each deal, double-dummy."""
    if contract is Contract.NELLO:
        made: np.ndarray = engine.solve_nello(deals, 0, doubles, threads).values == 1
    else:
        made = engine.solve_sevens(deals, 0, threads, contract_only=True).values == 1
    return made


def analyze_specials(
    hand: Hand,
    deals: np.ndarray,
    house: HouseRules | None,
    threads: int | None = None,
    batch_deals: int = DEFAULT_BATCH_DEALS,
    on_batch: Callable[[int], None] | None = None,
    exact: bool = False,
) -> tuple[SpecialStats, ...]:
    """The special contracts of ``special_contracts`` on these deals (seat 0 holds ``hand``
    and bids): Nel-O made when seat 0, leading, loses every trick (``house.nello_doubles``);
    sevens when seats 0 and 2 take every trick, seat 0 leading; plunge and splash when
    they take all 42 points under the partner's trump, the partner (seat 2) leading.
    ``exact``: the deals are every consistent deal."""
    contracts = special_contracts(hand, house)
    if not contracts:
        return ()
    assert house is not None

    def solve(batch: np.ndarray) -> np.ndarray:
        """One column a solved contract: Nel-O, sevens, then splash by the partner's rule
        and with the best trump (plunge is made where splash is)."""
        columns = [
            contract_made(batch, c, house.nello_doubles, threads)
            for c in (Contract.NELLO, Contract.SEVENS)
            if c in contracts
        ]
        if Contract.SPLASH in contracts:
            columns.extend(_partner_leads(batch, threads))
        return np.column_stack(columns)

    table = _in_batches(deals, batch_deals, special_solves_per_deal(hand, house), on_batch, solve)
    solved = [c for c in (Contract.NELLO, Contract.SEVENS, Contract.SPLASH) if c in contracts]
    successes: dict[Contract, int] = {c: int(table[:, i].sum()) for i, c in enumerate(solved)}
    best = 0
    if Contract.SPLASH in successes:
        successes[Contract.PLUNGE] = successes[Contract.SPLASH]
        best = int(table[:, -1].sum())
    return tuple(
        SpecialStats(
            contract=c,
            deals=deals.shape[0],
            successes=successes[c],
            least_marks=minimum_marks(c, house),
            best_successes=best if c in (Contract.PLUNGE, Contract.SPLASH) else None,
            doubles=house.nello_doubles if c is Contract.NELLO else None,
            exact=exact,
        )
        for c in contracts
    )
