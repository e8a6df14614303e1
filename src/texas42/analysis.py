"""Monte Carlo hand analysis: what a hand is worth, which trump to call, what to bid.

Seat 0 holds the hand, bids and leads; seat 2 is the partner. The 21 unseen dominoes
are dealt many times (``texas42.sampling``), every deal is solved double-dummy for every
declaration with the engine (the same deals for every declaration: common random
numbers), and the points are summarised per declaration. Everything here returns plain
frozen dataclasses; the Rich renderer and the JSON writers both read them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import numpy as np

from texas42 import engine, rules, sampling
from texas42.rules import DECLARATIONS, TOTAL_POINTS, AllPass, Contract, Declaration, Hand, HouseRules
from texas42.solving import LineError, parse_lines

DEFAULT_DEALS: Final = 1000
DEFAULT_CONFIDENCE: Final = 0.5
DEFAULT_BATCH_DEALS: Final = 125
"""Deals per call to the special contracts' kernels: their progress advances per batch (the
trump engine reports its own progress as it runs)."""

Z95: Final = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

PASS: Final = 0
"""A pass, in a sequence of bids."""
MARK: Final = 42
"""One mark: the bid 42; 84 is two marks, 126 three, ..."""
POINT_BIDS: Final = tuple(range(30, 42))
BIDS: Final = (*POINT_BIDS, 42, 84)
"""The bids a hand is analysed for: 30..41 (points), 42 (1 mark) and 84 (2 marks)."""
PARTNER_MARGIN: Final = 4
"""Outbid a partner's point bid only when the hand makes at least this many points more
(or a bid worth more marks)."""

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(solves_done, solves_total)``."""


class AnalysisError(rules.Texas42Error):
    """A bad analysis parameter: deals, confidence, declarations."""


class AuctionError(rules.Texas42Error):
    """A bad or illegal auction; the message names the offending bid."""


# --- Bids and marks ---------------------------------------------------------------


def bid_name(bid: int) -> str:
    """``pass``, ``30``, ..., ``42``, ``84``."""
    return "pass" if bid == PASS else str(bid)


def marks(bid: int) -> int:
    """The marks a bid scores: 1 for 30..42, 2 for 84, n for n x 42."""
    if bid == PASS:
        return 0
    return 1 if bid <= MARK else bid // MARK


def needed_points(bid: int) -> int:
    """The points the bidding team must take: the bid, or all 42 for a mark bid."""
    return min(bid, TOTAL_POINTS)


def expected_marks(bid: int, probability: float) -> float:
    """Expected marks of a bid made with this probability: marks x (2p - 1)."""
    return marks(bid) * (2.0 * probability - 1.0)


# --- Statistics -------------------------------------------------------------------


@dataclass(frozen=True)
class Interval:
    """A confidence interval ``[low, high]``."""

    low: float
    high: float

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int | float) and self.low <= value <= self.high

    def as_list(self, digits: int) -> list[float]:
        return [round(self.low, digits), round(self.high, digits)]


def wilson_interval(successes: int, n: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a binomial proportion (95% by default)."""
    if n <= 0:
        return Interval(0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be in 0..{n}, got {successes}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(low, high)


def mean_interval(
    values: np.ndarray, z: float = Z95, bounds: tuple[float, float] = (-math.inf, math.inf)
) -> tuple[float, Interval]:
    """The mean of ``values`` and its normal-approximation interval, clipped to ``bounds``.

    With fewer than two values nothing is known about the spread: the interval is ``bounds``."""
    values = np.asarray(values, dtype=np.float64)
    if values.size == 0:
        raise ValueError("the mean of no values")
    mean = float(values.mean())
    if values.size < 2:
        return mean, Interval(*bounds)
    half = z * float(values.std(ddof=1)) / math.sqrt(values.size)
    return mean, Interval(max(bounds[0], mean - half), min(bounds[1], mean + half))


@dataclass(frozen=True)
class TrumpStats:
    """One declaration's points over a sample of deals.

    ``histogram[p]`` is the number of deals in which the bidder's team takes ``p``
    points (0..42); every other figure derives from it and the mean's interval."""

    declaration: Declaration
    deals: int
    histogram: tuple[int, ...]
    expected_points: float
    expected_points_ci95: Interval

    @classmethod
    def from_points(cls, declaration: Declaration, points: np.ndarray) -> TrumpStats:
        """Summarise the points (0..42) of the bidder's team in each deal."""
        points = np.asarray(points, dtype=np.int64)
        if points.ndim != 1 or points.size == 0:
            raise ValueError("points must be a non-empty 1-d array")
        if points.min() < 0 or points.max() > TOTAL_POINTS:
            raise ValueError("points must lie in 0..42")
        histogram = np.bincount(points, minlength=TOTAL_POINTS + 1)
        mean, ci = mean_interval(points, bounds=(0.0, float(TOTAL_POINTS)))
        return cls(Declaration(declaration), int(points.size), tuple(int(c) for c in histogram), mean, ci)

    def successes(self, bid: int) -> int:
        """The number of deals in which the bid is made."""
        return sum(self.histogram[needed_points(bid) :])

    def make(self, bid: int) -> float:
        """The probability of making the bid (a mark bid needs all 42 points)."""
        return self.successes(bid) / self.deals

    def make_ci95(self, bid: int) -> Interval:
        """The Wilson 95% interval of ``make(bid)``."""
        return wilson_interval(self.successes(bid), self.deals)


def _best(stats: Iterable[TrumpStats], bid: int) -> TrumpStats:
    """The declaration that makes ``bid`` most often; ties go to more expected points,
    then to the earlier declaration."""
    return max(stats, key=lambda s: (s.successes(bid), s.expected_points, -s.declaration.value))


# --- Recommendation ---------------------------------------------------------------


@dataclass(frozen=True)
class Recommendation:
    """What to bid with the hand and which trump to call.

    For a pass, ``declaration`` and the figures are those of bidding 30 if forced to
    (all four pass and the shaker must bid 30). ``make_confirmed`` and
    ``expected_marks_confirmed`` re-estimate the same bid and trump on an independent
    sample of as many deals: choosing the best of several declarations on one sample
    flatters it (the winner's curse), the independent sample does not."""

    bid: int
    declaration: Declaration
    make: float
    make_ci95: Interval
    expected_marks: float
    confidence: float
    make_confirmed: float | None = None
    make_confirmed_ci95: Interval | None = None
    expected_marks_confirmed: float | None = None

    @property
    def passes(self) -> bool:
        return self.bid == PASS

    @property
    def contract(self) -> int:
        """The bid the figures are about: the bid, or 30 for a pass."""
        return POINT_BIDS[0] if self.passes else self.bid

    def confirmed(self, successes: int, deals: int) -> Recommendation:
        """This recommendation with its figures re-estimated on an independent sample,
        where the same bid and trump were made in ``successes`` of ``deals`` deals."""
        interval = wilson_interval(successes, deals)
        p = successes / deals
        return replace(
            self,
            make_confirmed=p,
            make_confirmed_ci95=interval,
            expected_marks_confirmed=expected_marks(self.contract, p),
        )


def recommend(trumps: Sequence[TrumpStats], confidence: float = DEFAULT_CONFIDENCE) -> Recommendation:
    """The hand's bid: the highest bid whose best declaration makes it at least
    ``confidence`` of the time, with that declaration as trump; 84 rather than 42 when
    its expected marks are higher; a pass if not even 30 is made that often."""
    if not trumps:
        raise AnalysisError("no declarations to recommend from")
    _check_confidence(confidence)
    chosen = PASS
    for bid in (*POINT_BIDS, 42):
        if _best(trumps, bid).make(bid) >= confidence:
            chosen = bid
    if chosen == 42 and expected_marks(84, _best(trumps, 84).make(84)) > expected_marks(
        42, _best(trumps, 42).make(42)
    ):
        chosen = 84
    contract = POINT_BIDS[0] if chosen == PASS else chosen
    best = _best(trumps, contract)
    p = best.make(contract)
    return Recommendation(
        bid=chosen,
        declaration=best.declaration,
        make=p,
        make_ci95=best.make_ci95(contract),
        expected_marks=expected_marks(contract, p),
        confidence=confidence,
    )


def _check_confidence(confidence: float) -> None:
    if not 0.0 < confidence <= 1.0:
        raise AnalysisError(f"the confidence must be above 0 and at most 1, got {confidence:g}")


# --- Solving samples --------------------------------------------------------------


def solve_sample(
    deals: np.ndarray,
    declarations: Sequence[Declaration],
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """Points of seat 0's team, (n, len(declarations)), seat 0 leading, through
    ``engine.solve_deals`` (one parallel run; ``on_progress(solves)`` is called as solves
    finish)."""
    return engine.solve_deals(deals, declarations, leaders=0, threads=threads, on_progress=on_progress).points


def reach_sample(
    deals: np.ndarray,
    declaration: Declaration,
    points: int,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """Whether seat 0's team, seat 0 leading, takes at least ``points`` in each deal
    (bool, (n,)): ``engine.reaches``, reporting as ``solve_sample``."""
    made: np.ndarray = engine.reaches(
        deals, [declaration], points, leaders=0, threads=threads, on_progress=on_progress
    )[:, 0]
    return made


def _in_batches(
    deals: np.ndarray,
    batch_deals: int,
    solves_per_deal: int,
    on_batch: Callable[[int], None] | None,
    solve: Callable[[np.ndarray], np.ndarray],
) -> np.ndarray:
    if batch_deals < 1:
        raise ValueError(f"batch_deals must be at least 1, got {batch_deals}")
    parts = []
    for start in range(0, deals.shape[0], batch_deals):
        batch = deals[start : start + batch_deals]
        parts.append(solve(batch))
        if on_batch is not None:
            on_batch(batch.shape[0] * solves_per_deal)
    return np.concatenate(parts) if parts else solve(deals)


class _Counter:
    """Counts solves for a progress callback whose total may still change."""

    def __init__(self, total: int, progress: Progress | None) -> None:
        self.done = 0
        self.total = total
        self.progress = progress

    def retotal(self, total: int) -> None:
        self.total = total
        if self.progress is not None:
            self.progress(self.done, self.total)

    def __call__(self, solves: int) -> None:
        self.done += solves
        if self.progress is not None:
            self.progress(self.done, self.total)


def _declarations(declarations: Iterable[Declaration]) -> tuple[Declaration, ...]:
    """The distinct declarations, in the rule book's order."""
    chosen = tuple(sorted({Declaration(d) for d in declarations}))
    if not chosen:
        raise AnalysisError("no declarations to analyse")
    return chosen


def _check_deals(deals: int) -> None:
    if deals < 1:
        raise AnalysisError(f"the number of deals must be at least 1, got {deals}")


# --- Hand analysis ----------------------------------------------------------------


@dataclass(frozen=True)
class HandAnalysis:
    """A hand's worth over ``deals`` random deals of the unseen dominoes.

    ``trumps`` has one entry per declaration analysed. ``checks`` holds the same
    statistics on an independent sample of as many deals for every declaration that is
    best at some bid, when asked for (``check_ladder``); the recommendation carries its
    own check in any case."""

    hand: Hand
    deals: int
    seed: int
    confidence: float
    trumps: tuple[TrumpStats, ...]
    checks: tuple[TrumpStats, ...]
    recommendation: Recommendation
    specials: tuple[SpecialStats, ...] = ()
    """The special contracts on the main sample (none unless asked for with house rules)."""

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        return tuple(s.declaration for s in self.trumps)

    def stats(self, declaration: Declaration) -> TrumpStats:
        for s in self.trumps:
            if s.declaration == declaration:
                return s
        raise KeyError(declaration)

    def check(self, declaration: Declaration) -> TrumpStats | None:
        """The declaration's statistics on the independent sample, if it was solved."""
        for s in self.checks:
            if s.declaration == declaration:
                return s
        return None

    def best(self, bid: int) -> TrumpStats:
        """The declaration that makes ``bid`` most often."""
        return _best(self.trumps, bid)


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
) -> HandAnalysis:
    """Deal the unseen dominoes ``deals`` times, solve every deal for every declaration
    and summarise; then check on an independent sample of the same size whether the
    recommended bid and trump are made (with ``check_ladder``, solve the best declaration
    of every bid there, for bidding advice). With ``house``, the special contracts its
    rules allow are solved on the main sample too (``analyze_specials``). The result
    depends only on the arguments other than ``threads``, ``batch_deals`` and
    ``progress``; without ``seed`` one is drawn."""
    _check_deals(deals)
    _check_confidence(confidence)
    chosen = _declarations(declarations)
    seed = sampling.draw_seed() if seed is None else seed
    main_rng, check_rng = sampling.generators(seed)
    main = sampling.sample_deals(hand, deals, main_rng)
    check_deals = sampling.sample_deals(hand, deals, check_rng)
    special_solves = deals * special_solves_per_deal(hand, house)
    counter = _Counter(deals * (len(chosen) + 1) + special_solves, progress)
    points = solve_sample(main, chosen, threads, counter)
    specials = analyze_specials(hand, main, house, threads, batch_deals, counter)
    trumps = tuple(TrumpStats.from_points(d, points[:, j]) for j, d in enumerate(chosen))
    recommendation = recommend(trumps, confidence)
    if check_ladder:
        to_check = tuple(sorted({_best(trumps, bid).declaration for bid in BIDS}))
        counter.retotal(deals * (len(chosen) + len(to_check)) + special_solves)
        check_points = solve_sample(check_deals, to_check, threads, counter)
        checks = tuple(TrumpStats.from_points(d, check_points[:, j]) for j, d in enumerate(to_check))
        check = next(s for s in checks if s.declaration == recommendation.declaration)
        successes = check.successes(recommendation.contract)
    else:
        # Only whether the recommended bid is made: one null-window search a deal.
        checks = ()
        needed = needed_points(recommendation.contract)
        made = reach_sample(check_deals, recommendation.declaration, needed, threads, counter)
        successes = int(made.sum())
    return HandAnalysis(
        hand=hand,
        deals=deals,
        seed=seed,
        confidence=confidence,
        trumps=trumps,
        checks=checks,
        recommendation=recommendation.confirmed(successes, deals),
        specials=specials,
    )


# --- Special contracts ------------------------------------------------------------------


def contract_name(contract: Contract) -> str:
    """How players write the contract: ``Nel-O``, ``sevens``, ``plunge``, ``splash``."""
    return "Nel-O" if contract is Contract.NELLO else contract.label


def minimum_marks(contract: Contract, house: HouseRules) -> int:
    """The least a special contract is bid at, in marks (RULES.md): Nel-O 2 (house rule:
    1), sevens 1, plunge 4, splash 2."""
    return {
        Contract.NELLO: house.nello_min_marks,
        Contract.SEVENS: 1,
        Contract.PLUNGE: 4,
        Contract.SPLASH: 2,
    }[contract]


@dataclass(frozen=True)
class SpecialStats:
    """A special contract's odds over a sample of deals, bid at ``marks``.

    For plunge and splash, ``successes`` counts the deals made with the trump the partner
    names by ``rules.partner_trump`` (seeing only their own hand), and ``best_successes``
    those made with the best trump for each deal, which the partner cannot know: an upper
    bound, in hindsight."""

    contract: Contract
    deals: int
    successes: int
    marks: int
    best_successes: int | None = None
    doubles: rules.NelloDoubles | None = None
    """For Nel-O, the treatment of doubles it was solved with."""

    @property
    def make(self) -> float:
        return self.successes / self.deals

    @property
    def make_ci95(self) -> Interval:
        return wilson_interval(self.successes, self.deals)

    @property
    def expected_marks(self) -> float:
        """Expected marks of the contract at its minimum bid."""
        return expected_marks(MARK * self.marks, self.make)

    @property
    def best_make(self) -> float | None:
        return None if self.best_successes is None else self.best_successes / self.deals

    @property
    def best_make_ci95(self) -> Interval | None:
        return None if self.best_successes is None else wilson_interval(self.best_successes, self.deals)


def special_contracts(hand: Hand, house: HouseRules | None) -> tuple[Contract, ...]:
    """The special contracts analysed for a hand: none without house rules or with
    ``specials`` off; else Nel-O and sevens, plus plunge (4+ doubles) and splash (3+)."""
    if house is None or not house.specials:
        return ()
    chosen = [Contract.NELLO, Contract.SEVENS]
    if rules.may_plunge(hand.mask):
        chosen.append(Contract.PLUNGE)
    if rules.may_splash(hand.mask):
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
    each deal. The other declarations are solved only where the partner's trump fails."""
    named = np.array([rules.partner_trump(int(partner)).value for partner in deals[:, 2]])
    by_rule = np.zeros(deals.shape[0], dtype=bool)
    best = np.zeros(deals.shape[0], dtype=bool)
    for declaration in DECLARATIONS:
        rows = np.flatnonzero(named == declaration.value)
        if rows.size == 0:
            continue
        by_rule[rows] = engine.reaches(deals[rows], [declaration], TOTAL_POINTS, 2, threads)[:, 0]
        failed = rows[~by_rule[rows]]
        if failed.size:
            others = [d for d in DECLARATIONS if d is not declaration]
            best[failed] = np.any(engine.reaches(deals[failed], others, TOTAL_POINTS, 2, threads), axis=1)
    return by_rule, best | by_rule


def analyze_specials(
    hand: Hand,
    deals: np.ndarray,
    house: HouseRules | None,
    threads: int | None = None,
    batch_deals: int = DEFAULT_BATCH_DEALS,
    on_batch: Callable[[int], None] | None = None,
) -> tuple[SpecialStats, ...]:
    """The special contracts of ``special_contracts`` on these deals (seat 0 holds ``hand``
    and bids): Nel-O made when seat 0, leading, loses every trick (``house.nello_doubles``);
    sevens when seats 0 and 2 take every trick, seat 0 leading; plunge and splash when
    they take all 42 points under the partner's trump, the partner (seat 2) leading."""
    contracts = special_contracts(hand, house)
    if not contracts:
        return ()
    assert house is not None

    def solve(batch: np.ndarray) -> np.ndarray:
        """One column a solved contract: Nel-O, sevens, then splash by the partner's rule
        and with the best trump (plunge is made where splash is)."""
        columns = []
        if Contract.NELLO in contracts:
            columns.append(engine.solve_nello(batch, 0, house.nello_doubles, threads).values == 1)
        if Contract.SEVENS in contracts:
            columns.append(engine.solve_sevens(batch, 0, threads, contract_only=True).values == 1)
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
            marks=minimum_marks(c, house),
            best_successes=best if c in (Contract.PLUNGE, Contract.SPLASH) else None,
            doubles=house.nello_doubles if c is Contract.NELLO else None,
        )
        for c in contracts
    )


# --- Auctions and bidding advice --------------------------------------------------

_BID_HELP = "bids are pass, 30 to 41, 42, 84, 126, ..."


def parse_bid(token: str) -> int:
    """Parse ``pass`` (or ``p``), a point bid 30..41, or a mark bid 42, 84, 126, ..."""
    text = token.strip().lower()
    if text in ("pass", "p"):
        return PASS
    if re.fullmatch(r"[0-9]{1,5}", text):
        value = int(text)
        if value in POINT_BIDS or (value >= MARK and value % MARK == 0):
            return value
    raise AuctionError(f"not a bid: {token.strip()!r} ({_BID_HELP})")


def legal_bids(high: int) -> tuple[int, ...]:
    """The bids allowed over the high bid ``high`` (``PASS`` when nobody has bid).

    Point bids rise to 41; the first mark bid is 42 or 84; after a mark bid each bid
    raises by exactly one mark."""
    if high == PASS:
        return BIDS
    if high in POINT_BIDS:
        return (*range(high + 1, 42), 42, 84)
    return (high + MARK,)


@dataclass(frozen=True)
class Auction:
    """The bids made before ours this hand, first bidder first (``PASS`` for a pass).

    Its length is our place in the bidding: 0 for the first bidder, 3 for the shaker.
    Our partner bid two places before us."""

    bids: tuple[int, ...] = ()

    @property
    def position(self) -> int:
        return len(self.bids)

    @property
    def is_shaker(self) -> bool:
        return self.position == 3

    @property
    def high_bid(self) -> int:
        """The high bid so far, ``PASS`` if nobody has bid."""
        return max(self.bids, default=PASS)

    @property
    def high_bidder(self) -> int | None:
        """The place (0..2) of the player holding the high bid, if any."""
        high = self.high_bid
        return None if high == PASS else self.bids.index(high)

    @property
    def partner_holds(self) -> bool:
        """Whether our partner holds the high bid."""
        holder = self.high_bidder
        return holder is not None and holder == self.position - 2

    @property
    def must_bid(self) -> bool:
        """The shaker after three passes must bid at least 30 (RULES.md default)."""
        return self.is_shaker and self.high_bid == PASS

    def legal_bids(self) -> tuple[int, ...]:
        """The bids we may make now (a pass is always allowed unless ``must_bid``)."""
        return legal_bids(self.high_bid)

    def __str__(self) -> str:
        return " ".join(bid_name(b) for b in self.bids) if self.bids else "(we bid first)"


PLUNGE_BID: Final = 4 * MARK
"""A plunge: 4 marks, the only jump bid, allowed before anyone has bid (RULES.md)."""


def parse_auction(text: str) -> Auction:
    """Parse the bids made before ours, e.g. ``"pass 30 31"``; check that each bid is
    legal. 168 (4 marks) before anyone has bid is a plunge."""
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    if len(tokens) > 3:
        raise AuctionError(
            f"an auction before our bid has at most 3 bids (we bid fourth at the latest, as the shaker), "
            f"got {len(tokens)}: {' '.join(tokens)}"
        )
    bids: list[int] = []
    high = PASS
    for place, token in enumerate(tokens, start=1):
        bid = parse_bid(token)
        if bid != PASS:
            if bid <= high:
                raise AuctionError(f"bid {place}: {token!r} is not above the high bid {high}")
            plunge = high == PASS and bid == PLUNGE_BID  # 4 marks before anyone has bid
            if bid not in legal_bids(high) and not plunge:
                if high < MARK:
                    rule = f"{token!r} comes before 84: the first mark bid is 42 or 84"
                else:
                    rule = (
                        f"{token!r} after {high}: over a mark bid, raise by exactly one mark ({high + MARK})"
                    )
                raise AuctionError(f"bid {place}: {rule}")
            high = bid
        bids.append(bid)
    return Auction(tuple(bids))


@dataclass(frozen=True)
class LadderRung:
    """One legal bid with the declaration that makes it most often."""

    bid: int
    declaration: Declaration
    make: float
    make_ci95: Interval
    make_confirmed: float | None
    expected_marks: float
    makes: bool
    """Whether the hand makes the bid at the chosen confidence."""


@dataclass(frozen=True)
class BidAdvice:
    """What to bid now: ``bid`` (``PASS`` or a legal bid), the trump to call and why.

    ``rule`` names the rule that decided: ``open`` (bid the hand's value over an
    opponent's bid or none), ``cannot-make`` (pass: nothing legal is made),
    ``partner-holds`` (pass: the partner's high bid stands), ``outbid-partner`` (a much
    stronger hand takes over), ``shaker`` (the least bid that wins, or a mark bid worth
    more) and ``forced`` (the shaker after three passes bids though nothing is made).
    For a pass, ``declaration`` and the odds are those of the cheapest legal bid."""

    auction: Auction
    bid: int
    declaration: Declaration
    make: float
    make_confirmed: float | None
    expected_marks: float
    rule: str
    reason: str
    ladder: tuple[LadderRung, ...]
    confidence: float
    contract: Contract | None = None
    """The special contract bid, or None for a trump bid (or a pass)."""
    specials: tuple[SpecialRung, ...] = ()

    @property
    def passes(self) -> bool:
        return self.bid == PASS


@dataclass(frozen=True)
class SpecialRung:
    """A special contract the hand may bid now, at ``bid``, with its odds."""

    contract: Contract
    bid: int
    make: float
    make_ci95: Interval
    expected_marks: float
    makes: bool
    """Whether the contract is made at the chosen confidence."""


def special_bid(contract: Contract, high: int, house: HouseRules) -> int | None:
    """The bid a special contract is made at over the high bid ``high`` (``PASS``: none),
    or None when it cannot be bid now. RULES.md: a mark bid at the contract's minimum,
    or one mark over a higher mark bid; plunge only before anyone has bid."""
    if contract is Contract.PLUNGE and high != PASS:
        return None
    least = minimum_marks(contract, house)
    return MARK * (least if high < MARK else max(least, marks(high) + 1))


def special_ladder(analysis: HandAnalysis, high: int, house: HouseRules) -> tuple[SpecialRung, ...]:
    """The hand's special contracts that may be bid over ``high``, with their odds."""
    rungs = []
    for stats in analysis.specials:
        bid = special_bid(stats.contract, high, house)
        if bid is not None:
            rungs.append(
                SpecialRung(
                    contract=stats.contract,
                    bid=bid,
                    make=stats.make,
                    make_ci95=stats.make_ci95,
                    expected_marks=expected_marks(bid, stats.make),
                    makes=stats.make >= analysis.confidence,
                )
            )
    return tuple(rungs)


def bid_ladder(analysis: HandAnalysis, bids: Iterable[int]) -> tuple[LadderRung, ...]:
    """Each bid with its best declaration, odds (confirmed where checked) and expected marks."""
    rungs = []
    for bid in bids:
        best = analysis.best(bid)
        p = best.make(bid)
        check = analysis.check(best.declaration)
        rungs.append(
            LadderRung(
                bid=bid,
                declaration=best.declaration,
                make=p,
                make_ci95=best.make_ci95(bid),
                make_confirmed=None if check is None else check.make(bid),
                expected_marks=expected_marks(bid, p),
                makes=p >= analysis.confidence,
            )
        )
    return tuple(rungs)


def _much_stronger(value: int, partner_bid: int) -> bool:
    """Whether a hand that makes ``value`` should take the bid from a partner's ``partner_bid``."""
    if marks(value) > marks(partner_bid):
        return True
    return partner_bid < MARK and value >= partner_bid + PARTNER_MARGIN


def advise_bid(analysis: HandAnalysis, auction: Auction, house: HouseRules | None = None) -> BidAdvice:
    """What to bid now with this hand after this auction.

    * Nobody has bid, or an opponent holds the high bid: bid the most the hand makes at
      the analysis's confidence (each player bids once), with 84 rather than 42 when its
      expected marks are higher; pass if no legal bid is made that often.
    * The partner holds the high bid: pass unless the hand makes at least
      ``PARTNER_MARGIN`` points more, or a bid worth more marks.
    * The shaker bids the least that wins (a higher mark bid only when it expects more marks).
    * The shaker after three passes must bid (house rule ``all_pass`` forced, the default):
      the legal bid with the best expected marks.
    * A special contract of the analysis (``special_ladder``) made at the confidence
      replaces that advice when it expects more marks (over a partner's bid, only a
      special worth more marks; a forced shaker takes the best expected marks)."""
    house = HouseRules() if house is None else house
    forced = auction.must_bid and house.all_pass is AllPass.FORCED
    advice = _advise_trump_bid(analysis, auction, forced)
    specials = special_ladder(analysis, auction.high_bid, house)
    advice = replace(advice, specials=specials)
    high = auction.high_bid
    candidates = [
        r
        for r in specials
        if (r.makes or forced) and (not auction.partner_holds or marks(r.bid) > marks(high))
    ]
    if not candidates:
        return advice
    top = max(candidates, key=lambda r: (round(r.expected_marks, 12), -r.bid))
    if top.expected_marks <= advice.expected_marks:
        return advice
    name = contract_name(top.contract)
    instead = (
        "passing"
        if advice.passes
        else f"{advice.bid} with {advice.declaration.label} ({advice.expected_marks:+.2f})"
    )
    return replace(
        advice,
        bid=top.bid,
        contract=top.contract,
        make=top.make,
        make_confirmed=None,
        expected_marks=top.expected_marks,
        rule="special",
        reason=(
            f"{name} for {marks(top.bid)} marks ({top.bid}) makes {_percent(top.make)} of the time, "
            f"expected marks {top.expected_marks:+.2f}, more than {instead}."
        ),
    )


def _advise_trump_bid(analysis: HandAnalysis, auction: Auction, forced: bool) -> BidAdvice:
    """``advise_bid`` among the trump bids; ``forced``: the shaker must bid."""
    c = analysis.confidence
    ladder = bid_ladder(analysis, auction.legal_bids())
    made = [r for r in ladder if r.makes]
    high = auction.high_bid
    cheapest = ladder[0]

    def best_marks(rungs: Sequence[LadderRung]) -> LadderRung:
        # Highest expected marks; among equal marks the lowest bid (it is made at least as often).
        return max(rungs, key=lambda r: (round(r.expected_marks, 12), -r.bid))

    def value(rungs: Sequence[LadderRung]) -> LadderRung:
        # The most the hand makes; 84 over 42 only when it expects more marks.
        top = rungs[-1]
        if top.bid > MARK and high < MARK:
            one_mark = next((r for r in rungs if r.bid == MARK), None)
            if one_mark is not None and top.expected_marks <= one_mark.expected_marks:
                top = one_mark
        return top

    def advice(rung: LadderRung | None, rule: str, reason: str) -> BidAdvice:
        shown = rung if rung is not None else cheapest
        return BidAdvice(
            auction=auction,
            bid=PASS if rung is None else rung.bid,
            declaration=shown.declaration,
            make=shown.make,
            make_confirmed=shown.make_confirmed,
            expected_marks=0.0 if rung is None else rung.expected_marks,
            rule=rule,
            reason=reason,
            ladder=ladder,
            confidence=c,
        )

    pct = _percent
    need = f"{pct(c)} needed"
    if forced:
        rung = best_marks(made or ladder)
        why = "" if made else f", though it makes no bid {need}"
        return advice(
            rung,
            "forced",
            f"all three passed, so the shaker must bid at least 30{why}: {rung.bid} with "
            f"{rung.declaration.label} makes {pct(rung.make)}, expected marks {rung.expected_marks:+.2f}.",
        )
    if not made:
        what = "any bid" if high == PASS else f"a bid over {high}"
        return advice(
            None,
            "cannot-make",
            f"this hand does not make {what} often enough: its best, {cheapest.bid} with "
            f"{cheapest.declaration.label}, makes {pct(cheapest.make)} ({need}).",
        )
    top = value(made)
    if auction.partner_holds:
        if not _much_stronger(top.bid, high):
            return advice(
                None,
                "partner-holds",
                f"partner holds the high bid {high}; outbid a partner only with a much stronger hand, "
                f"and this one makes {top.bid} ({pct(top.make)}), "
                + (
                    f"not {high + PARTNER_MARGIN} or a mark bid."
                    if high < MARK
                    else "no bid worth more marks."
                ),
            )
        if not auction.is_shaker:
            return advice(
                top,
                "outbid-partner",
                f"this hand is much stronger than partner's {high}: it makes {top.bid} with "
                f"{top.declaration.label} {pct(top.make)} of the time.",
            )
    if auction.is_shaker:
        rung = best_marks(made)
        least = made[0]
        if auction.partner_holds:
            over = f"partner's {high}, a much weaker hand"
        else:
            over = "three passes" if high == PASS else f"{high}"
        if rung is least:
            why = f"the least bid that wins over {over}"
        else:
            why = (
                f"worth {marks(rung.bid)} marks, it expects more ({rung.expected_marks:+.2f}) than "
                f"the least bid that wins over {over}, {least.bid} ({least.expected_marks:+.2f})"
            )
        return advice(
            rung,
            "shaker",
            f"as the shaker, {rung.bid} with {rung.declaration.label} is {why}; it makes {pct(rung.make)}.",
        )
    over = "" if high == PASS else f", over the high bid {high}"
    return advice(
        top,
        "open",
        f"{top.bid} with {top.declaration.label} is the most this hand makes at least {pct(c)} of the time "
        f"({pct(top.make)}){over}; each player bids once, so bid it now.",
    )


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%"


# --- Comparing declarations -------------------------------------------------------


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
    mean_difference: float
    """Mean of (first's points - second's points) per deal."""
    mean_difference_ci95: Interval
    first_more: float
    """The share of deals in which ``first`` takes more points."""
    second_more: float
    equal: float
    bids: tuple[BidDifference, ...]


@dataclass(frozen=True)
class Comparison:
    """Declarations compared on one sample of deals (the main sample of ``analyze_hand``
    with the same seed, so its figures match ``analyze``'s)."""

    hand: Hand
    deals: int
    seed: int
    trumps: tuple[TrumpStats, ...]
    pairs: tuple[PairComparison, ...]
    specials: tuple[SpecialStats, ...] = ()
    """The special contracts on the same deals (with house rules that allow them)."""


def compare_points(first: Declaration, second: Declaration, a: np.ndarray, b: np.ndarray) -> PairComparison:
    """Compare two declarations from their points on the same deals."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    if a.shape != b.shape or a.ndim != 1 or a.size == 0:
        raise ValueError("two non-empty 1-d arrays of points on the same deals are needed")
    n = a.size
    diff = a - b
    mean, ci = mean_interval(diff, bounds=(-float(TOTAL_POINTS), float(TOTAL_POINTS)))
    rows = []
    for bid in BIDS:
        need = needed_points(bid)
        made_a, made_b = a >= need, b >= need
        d, d_ci = mean_interval(made_a.astype(np.int64) - made_b.astype(np.int64), bounds=(-1.0, 1.0))
        rows.append(BidDifference(bid, float(made_a.mean()), float(made_b.mean()), d, d_ci))
    return PairComparison(
        first=first,
        second=second,
        mean_difference=mean,
        mean_difference_ci95=ci,
        first_more=int(np.count_nonzero(diff > 0)) / n,
        second_more=int(np.count_nonzero(diff < 0)) / n,
        equal=int(np.count_nonzero(diff == 0)) / n,
        bids=tuple(rows),
    )


def compare_trumps(
    hand: Hand,
    declarations: Sequence[Declaration],
    deals: int = DEFAULT_DEALS,
    seed: int | None = None,
    threads: int | None = None,
    batch_deals: int = DEFAULT_BATCH_DEALS,
    progress: Progress | None = None,
    house: HouseRules | None = None,
) -> Comparison:
    """Solve the same deals for each declaration and compare every pair, in the order
    given; with ``house``, also the special contracts it allows on the same deals."""
    _check_deals(deals)
    chosen = tuple(Declaration(d) for d in declarations)
    if len(chosen) < 2:
        raise AnalysisError("compare needs at least two declarations")
    for i, d in enumerate(chosen):
        if d in chosen[:i]:
            raise AnalysisError(f"declaration given twice: {d.label}")
    seed = sampling.draw_seed() if seed is None else seed
    main_rng, _ = sampling.generators(seed)
    sample = sampling.sample_deals(hand, deals, main_rng)
    counter = _Counter(deals * (len(chosen) + special_solves_per_deal(hand, house)), progress)
    points = solve_sample(sample, chosen, threads, counter)
    specials = analyze_specials(hand, sample, house, threads, batch_deals, counter)
    trumps = tuple(TrumpStats.from_points(d, points[:, j]) for j, d in enumerate(chosen))
    pairs = tuple(
        compare_points(chosen[i], chosen[j], points[:, i], points[:, j])
        for i in range(len(chosen))
        for j in range(i + 1, len(chosen))
    )
    return Comparison(hand=hand, deals=deals, seed=seed, trumps=trumps, pairs=pairs, specials=specials)


# --- Files of hands ---------------------------------------------------------------


@dataclass(frozen=True)
class NamedHand:
    """A hand from a hands file: its line (1-based) and optional name."""

    line: int
    name: str | None
    hand: Hand


@dataclass(frozen=True)
class HandsInput:
    """The valid hands of a hands file and the errors of its bad lines."""

    hands: tuple[NamedHand, ...]
    errors: tuple[LineError, ...]


def parse_named_hand(text: str) -> tuple[str | None, Hand]:
    """Parse ``[name:] hand``; the name is whatever comes before the first ``:``."""
    name: str | None = None
    if ":" in text:
        raw, text = text.split(":", 1)
        name = " ".join(raw.split())
        if not name:
            raise rules.Texas42Error("empty name before ':'")
    return name, rules.parse_hand(text)


def read_hands(lines: Iterable[str]) -> HandsInput:
    """Parse one hand a line (``name: 6-6 6-5 ...``); see ``solving.parse_lines``."""

    def parse(number: int, text: str) -> NamedHand:
        name, hand = parse_named_hand(text)
        return NamedHand(number, name, hand)

    return HandsInput(*parse_lines(lines, parse))


# --- JSON ---------------------------------------------------------------------------


def _p(p: float) -> float:
    return round(p, 4)


def _bid_json(bid: int) -> int | str:
    return "pass" if bid == PASS else bid


def trump_to_json(stats: TrumpStats) -> dict[str, Any]:
    """``{"trump", "expected_points", "expected_points_ci95", "make", "make_ci95", "histogram"}``."""
    return {
        "trump": stats.declaration.label,
        "expected_points": round(stats.expected_points, 3),
        "expected_points_ci95": stats.expected_points_ci95.as_list(3),
        "make": {str(b): _p(stats.make(b)) for b in BIDS},
        "make_ci95": {str(b): stats.make_ci95(b).as_list(4) for b in BIDS},
        "histogram": list(stats.histogram),
    }


def recommendation_to_json(rec: Recommendation) -> dict[str, Any]:
    """The recommendation; for a pass the figures are those of a forced 30."""
    return {
        "bid": _bid_json(rec.bid),
        "trump": rec.declaration.label,
        "make": _p(rec.make),
        "make_ci95": rec.make_ci95.as_list(4),
        "make_confirmed": None if rec.make_confirmed is None else _p(rec.make_confirmed),
        "make_confirmed_ci95": None
        if rec.make_confirmed_ci95 is None
        else rec.make_confirmed_ci95.as_list(4),
        "expected_marks": round(rec.expected_marks, 4),
        "expected_marks_confirmed": (
            None if rec.expected_marks_confirmed is None else round(rec.expected_marks_confirmed, 4)
        ),
        "confidence": rec.confidence,
    }


def special_to_json(stats: SpecialStats) -> dict[str, Any]:
    """``{"contract", "make", "make_ci95", "marks", "expected_marks"}``; for Nel-O also
    ``"doubles"``; for plunge and splash ``"trump_rule"``, ``"best_trump_make"`` and
    ``"best_trump_make_ci95"`` (the best trump for each deal, in hindsight)."""
    result: dict[str, Any] = {
        "contract": stats.contract.label,
        "make": _p(stats.make),
        "make_ci95": stats.make_ci95.as_list(4),
        "marks": stats.marks,
        "expected_marks": round(stats.expected_marks, 4),
    }
    if stats.doubles is not None:
        result["doubles"] = stats.doubles.label
    if stats.best_make is not None and stats.best_make_ci95 is not None:
        result["trump_rule"] = rules.PARTNER_TRUMP_RULE
        result["best_trump_make"] = _p(stats.best_make)
        result["best_trump_make_ci95"] = stats.best_make_ci95.as_list(4)
    return result


def analysis_to_json(analysis: HandAnalysis, source: NamedHand | None = None) -> dict[str, Any]:
    """``{"hand", "deals", "seed", "trumps": [...], "recommendation": {...}, "specials":
    [...]}``; for a hand from a hands file, ``"name"`` (null if none) and ``"line"`` come first."""
    head: dict[str, Any] = {} if source is None else {"name": source.name, "line": source.line}
    return {
        **head,
        "hand": analysis.hand.names(),
        "deals": analysis.deals,
        "seed": analysis.seed,
        "trumps": [trump_to_json(s) for s in analysis.trumps],
        "recommendation": recommendation_to_json(analysis.recommendation),
        "specials": [special_to_json(s) for s in analysis.specials],
    }


def advice_to_json(analysis: HandAnalysis, advice: BidAdvice) -> dict[str, Any]:
    """The bidding advice with its ladder."""
    return {
        "hand": analysis.hand.names(),
        "deals": analysis.deals,
        "seed": analysis.seed,
        "auction": [_bid_json(b) for b in advice.auction.bids],
        "position": advice.auction.position,
        "high_bid": _bid_json(advice.auction.high_bid),
        "advice": {
            "bid": _bid_json(advice.bid),
            "contract": "trump" if advice.contract is None else advice.contract.label,
            "trump": None if advice.contract is not None else advice.declaration.label,
            "make": _p(advice.make),
            "make_confirmed": None if advice.make_confirmed is None else _p(advice.make_confirmed),
            "expected_marks": round(advice.expected_marks, 4),
            "rule": advice.rule,
            "reason": advice.reason,
            "confidence": advice.confidence,
        },
        "ladder": [
            {
                "bid": r.bid,
                "trump": r.declaration.label,
                "make": _p(r.make),
                "make_ci95": r.make_ci95.as_list(4),
                "make_confirmed": None if r.make_confirmed is None else _p(r.make_confirmed),
                "expected_marks": round(r.expected_marks, 4),
            }
            for r in advice.ladder
        ],
        "specials": [
            {
                "contract": r.contract.label,
                "bid": r.bid,
                "make": _p(r.make),
                "make_ci95": r.make_ci95.as_list(4),
                "expected_marks": round(r.expected_marks, 4),
            }
            for r in advice.specials
        ],
    }


def comparison_to_json(comparison: Comparison) -> dict[str, Any]:
    """The declarations' statistics and every pair's head-to-head figures."""
    return {
        "hand": comparison.hand.names(),
        "deals": comparison.deals,
        "seed": comparison.seed,
        "trumps": [trump_to_json(s) for s in comparison.trumps],
        "pairs": [
            {
                "first": pair.first.label,
                "second": pair.second.label,
                "mean_difference": round(pair.mean_difference, 3),
                "mean_difference_ci95": pair.mean_difference_ci95.as_list(3),
                "first_more": _p(pair.first_more),
                "second_more": _p(pair.second_more),
                "equal": _p(pair.equal),
                "make": {
                    str(row.bid): {
                        "first": _p(row.first),
                        "second": _p(row.second),
                        "difference": _p(row.difference),
                        "difference_ci95": row.difference_ci95.as_list(4),
                    }
                    for row in pair.bids
                },
            }
            for pair in comparison.pairs
        ],
        "specials": [special_to_json(s) for s in comparison.specials],
    }


def summary_fields(analysis: HandAnalysis) -> Mapping[str, Any]:
    """One row of a hands file's summary: best trump, bid, its odds, expected points."""
    rec = analysis.recommendation
    return {
        "trump": rec.declaration.label,
        "bid": bid_name(rec.bid),
        "make": _p(rec.make),
        "make_confirmed": None if rec.make_confirmed is None else _p(rec.make_confirmed),
        "expected_points": round(analysis.stats(rec.declaration).expected_points, 2),
        "expected_marks": round(rec.expected_marks, 4),
    }
