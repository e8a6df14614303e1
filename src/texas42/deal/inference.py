"""Deals drawn to fit an auction: a stated model of how the other players bid gives every
deal a likelihood of the bids already made, and deals are drawn from the uniform ones in
proportion to it (exact rejection sampling).

The model (``README.md``, "Deals that fit the auction"): every player bids by the
rules of ``texas42 bid`` (``analysis.bidding.advise_bid``) at even odds, on the
evaluator's estimate of what their hand makes (``table_head``: realistic play when the
model has it, else double-dummy; by the first network of each of the evaluator's
ensembles, ``table_model``, three times cheaper than their average, whose odds it
matches to about 0.012 on average), and misjudges it: the perceived log-odds of every bid
are the estimate's plus one error e per player, logistic with scale ``noise``. So a
player values their hand at ``BIDS[j]`` or more with probability
``sigmoid(logit(odds_j) / noise)`` (noise 1: exactly the odds; 0: the rules to the letter),
where ``odds_j`` is the best contract's odds of ``BIDS[j]``: the best trump's, or, where
the house rules allow special contracts, Nel-O's or sevens' if higher (a hand that makes
one bids a mark, so it values itself at every bid at least at the contract's odds; they
are the quick model's double-dummy estimates, ``evaluate.special_odds``; plunge and
splash are left out, ``mark_contracts``). The value decides the
call: a pass below the least bid the rules allow (one more than the high bid; four more
than a partner's point bid, or a mark), else the value itself. Mark bids (42, 84, 126,
...) are one call, "a mark bid": the model says whether a player bids a mark, not how
many. A plunge or a splash says only that its bidder holds the doubles the rules require
(whether such a hand bids it is not modelled); while it holds the bid, a pass says nothing
after a plunge (outbidding it takes five marks), nor the splasher's partner's after a
splash. Besides, a player slips with probability ``SLIP``
and makes any of the calls open to them at random, so that no auction is impossible.

The likelihood of an auction is the product of each earlier bidder's probability of
their call; every factor is at most 1, so a uniform candidate is kept with probability
equal to its likelihood, one bidder at a time (the product of independent trials). Where
that would keep few (two precise bids), every hand the others may hold is valued once,
and the hand of the call the fewest hands make is drawn in proportion to its probability
of it, the rest dealt uniformly: what a uniform candidate kept by that call's test is
(under constraints, in proportion to it times the ways to deal the other two seats
around that hand, ``ConstrainedHands``). The other calls' tests then keep a candidate
with their probability over its largest over the hands that seat may hold. The deals
kept are drawn exactly as before, from far fewer candidates.
"""

from __future__ import annotations

import math
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from numbers import Real
from typing import Any, Final, Generic, TypeVar

import numpy as np

from texas42.deal.constrained import DealPlan, doubles_possible, plan_deals, sample_plan
from texas42.deal.constraints import DealConstraints
from texas42.engine.inputs import mask_array
from texas42.errors import ArgumentTypeError, AuctionError, InferenceError, check_kind, error_for
from texas42.evaluate import DOUBLE_DUMMY, REALISTIC, QuickModel, check_masks, load_model
from texas42.evaluate.calibration import tail_odds
from texas42.evaluate.estimates import map_parts, point_distributions
from texas42.evaluate.special_odds import load_special_model
from texas42.rules import (
    BIDS,
    DOUBLES,
    HAND_SIZE,
    MARK,
    PASS,
    AllPass,
    Auction,
    Contract,
    FinishedAuction,
    Hand,
    HouseRules,
    NelloDoubles,
    check_house_calls,
    doubles_needed,
)

DEFAULT_NOISE: Final = 1.0
"""The default scale of a player's misjudgement, in log-odds."""
MAX_NOISE: Final = 10.0
SLIP: Final = 0.01
"""The chance that a player makes a call at random (any call open to them, equally)."""
BLOCK: Final = 4096
"""Candidate deals drawn at a time."""
FILL: Final = 2.0
"""Once the candidates a sample will draw (as the acceptance so far foretells) reach this
many times the hands the others may hold, every hand is valued at once: that many
uniform draws meet 86% of them."""
MAX_CANDIDATES: Final = 5_000_000
"""Candidates drawn for one sample at most: past this, the auction is all but impossible."""
INFER_MODES: Final = ("auction", "none")
VALUES: Final = len(BIDS) - 1
"""The values a hand may have: 30..41 (indices 0..11) and a mark (index 12)."""
_MARK_VALUE: Final = VALUES - 1
CLIP: Final = 1e-9
_BINOMIAL: Final = np.array([[math.comb(n, k) for k in range(8)] for n in range(28)], dtype=np.int64)
"""``_BINOMIAL[n, k]`` = C(n, k)."""

PARTNER_MARGIN: Final = 4
"""As ``analysis.bidding.PARTNER_MARGIN`` (the analysis layer lies above this one; a test
holds them equal)."""


@cache
def table_model() -> QuickModel:
    """The evaluator the others bid on: the shipped model with the first network of each
    head's ensemble only (a hand is valued by one network, not the average of three)."""
    model = load_model()
    heads = {name: replace(head, weights=head.weights[:1]) for name, head in model.heads.items()}
    return replace(model, heads=heads)


def table_head(model: QuickModel | None = None) -> str:
    """The evaluator's head for what players bid at a real table: realistic play when the
    model has it, else double-dummy. The one place this choice is made."""
    return REALISTIC if (model or load_model()).realistic else DOUBLE_DUMMY


def check_noise(noise: float) -> float:
    """``noise`` if it is a usable scale of misjudgement (0 to ``MAX_NOISE``), else an
    ``InferenceError``."""
    wanted = f"the noise must be a number from 0 to {MAX_NOISE:g}"
    if isinstance(noise, bool) or not isinstance(noise, Real):
        raise ArgumentTypeError(f"{wanted}, got {noise!r}")
    value = float(noise)
    if not (math.isfinite(value) and 0.0 <= value <= MAX_NOISE):
        raise InferenceError(f"{wanted}, got {value:g}")
    return value


def check_infer(mode: str) -> str:
    """``mode`` (``auction`` or ``none``) in lower case, else an ``InferenceError``."""
    text = mode.strip().lower() if isinstance(mode, str) else None
    if text not in INFER_MODES:
        shown = repr(mode.strip()) if isinstance(mode, str) else repr(mode)
        raise error_for(mode, InferenceError, str)(f"the inference is auction or none, got {shown}")
    return text


def value_index(bid: int) -> int:
    """The value a call shows: 0..11 for 30..41, 12 for any mark bid."""
    return _MARK_VALUE if bid >= MARK else bid - BIDS[0]


@dataclass(frozen=True)
class Call:
    """One earlier call of the auction as the model sees it: the bidder's ``seat`` (seat 0
    holds our hand), the ``bid``, the lowest value the rules let them bid (``lowest``, an
    index of 30..41 and a mark) and the least value the bidding rules need to bid then
    (``least``: more than ``lowest`` over a partner's bid)."""

    place: int
    seat: int
    bid: int
    lowest: int
    least: int
    forced: bool = False
    """The shaker after three passes, who may not pass (the default house rule)."""
    contract: Contract | None = None
    """A plunge or a splash: such a call is weighed by the doubles it needs alone
    (``doubles_probability``)."""

    @property
    def doubles(self) -> int:
        """The doubles the call needs (``rules.doubles_needed``): 0 but for a plunge or splash."""
        return 0 if self.contract is None else doubles_needed(self.contract)

    @property
    def choices(self) -> int:
        """The calls the rules allow the bidder: a pass (unless ``forced``), or any value
        from ``lowest``."""
        return (not self.forced) + VALUES - self.lowest


def calls(auction: Auction | FinishedAuction, house: HouseRules | None = None) -> tuple[Call, ...]:
    """The calls of ``auction`` the model weighs (we bid at place ``auction.position``,
    seat 0; in a whole auction we declare, having won the bid or as the partner of the
    plunge or splash that won it, and the calls after ours count too), each with the
    lowest value the bidder may bid (one more than the high bid, a mark over 41 or a
    mark) and the least the bidding rules need: over the partner's point bid, four more
    (``PARTNER_MARGIN``) or a mark; a plunge or a splash with the doubles it needs. The
    passes that say nothing are left out: while a plunge holds the bid, every pass; while
    a splash does, the splasher's partner's. The shaker after three passes is forced to
    bid unless ``house`` reshuffles when all pass."""
    if isinstance(auction, FinishedAuction):
        return tuple(c for c in calls_from(auction, auction.declarer, house) if c.seat != 0)
    return calls_from(auction, auction.position, house)


def ruled_calls(auction: Auction | FinishedAuction) -> tuple[tuple[Call, Contract], ...]:
    """The plunges and splashes among ``auction``'s calls, each with its contract: each
    bidder holds the doubles its contract needs, whatever else the calls say."""
    return tuple((c, c.contract) for c in calls(auction) if c.contract is not None)


def calls_from(
    auction: Auction | FinishedAuction, from_place: int, house: HouseRules | None = None
) -> tuple[Call, ...]:
    """``calls`` of ``auction`` with our own at ``from_place`` (seat 0)."""
    shaker_forced = house is None or house.all_pass is AllPass.FORCED
    bids = auction.bids
    result = []
    for place, bid in enumerate(bids):
        if silenced_by(auction, place) is not None:
            continue
        contract = auction.call_contract(place)
        before = Auction(bids[:place])
        high = before.high_bid
        if high == PASS:
            lowest = 0
        elif high >= MARK or high + 1 > BIDS[_MARK_VALUE - 1]:
            lowest = _MARK_VALUE
        else:
            lowest = value_index(high) + 1
        least = lowest
        if before.partner_holds and high < MARK:
            least = min(value_index(high) + PARTNER_MARGIN, _MARK_VALUE)
        forced = shaker_forced and place == 3 and high == PASS
        result.append(Call(place, (place - from_place) % 4, bid, lowest, least, forced, contract))
    return tuple(result)


def silenced_by(auction: Auction | FinishedAuction, place: int) -> Contract | None:
    """The plunge or splash that makes the call at ``place`` say nothing, if it is a pass:
    a plunge holding the bid (outbidding it takes five marks), or a splash holding it,
    passed by the splasher's partner; else None."""
    high = max(auction.bids[:place], default=PASS)
    if auction.bids[place] != PASS or high == PASS:
        return None
    holder = auction.bids.index(high)
    contract = auction.call_contract(holder)
    if contract is Contract.PLUNGE or (contract is Contract.SPLASH and place == (holder + 2) % 4):
        return contract
    return None


def special_odds(masks: np.ndarray, contract: Contract, doubles: NelloDoubles) -> np.ndarray:
    """The quick model's double-dummy odds of a special contract for hands ``masks`` (n,)
    (``SpecialModel.odds``: 0 for the hands with too few doubles for plunge or splash)."""
    return load_special_model().odds(masks, contract, doubles)


def mark_contracts(house: HouseRules | None) -> tuple[Contract, ...]:
    """The special contracts the bidding model weighs under ``house`` (None: none): Nel-O
    and sevens, unless the house rules turn special contracts off. Not plunge and splash:
    their double-dummy odds (the team must take every trick) flatter them far more than
    the trumps' realistic odds, on which the players bid, flatter a mark bid; Nel-O's are
    lower than realistic play's and sevens' close to them (``benchmarks/study_specials.py
    --listen``, 167 hands: 5.5% and 3.2% of the deals made double-dummy, 16% and 2.6%
    played out)."""
    return (Contract.NELLO, Contract.SEVENS) if house is not None and house.specials else ()


def contract_odds(masks: np.ndarray, house: HouseRules | None) -> np.ndarray:
    """(n, k): each hand's odds of the ``k`` contracts of ``mark_contracts(house)``."""
    doubles = NelloDoubles.OWN_SUIT if house is None else house.nello_doubles
    columns = [special_odds(masks, c, doubles) for c in mark_contracts(house)]
    return np.stack(columns, axis=1) if columns else np.empty((len(masks), 0))


def with_contracts(trump_odds: np.ndarray, special: np.ndarray) -> np.ndarray:
    """Value odds ``trump_odds`` (n, 13) raised to the hands' special contracts' odds
    ``special`` (n, k: ``contract_odds``): a contract bid at a mark is valued at every bid."""
    if special.shape[1] == 0:
        return trump_odds
    result: np.ndarray = np.maximum(trump_odds, special.max(axis=1, keepdims=True))
    return result


def value_odds(
    masks: np.ndarray,
    head: str,
    model: QuickModel | None = None,
    threads: int | None = None,
    house: HouseRules | None = None,
) -> np.ndarray:
    """(n, 13): each hand's best declaration's odds of 30..41 and of a mark (42), from
    the ``head`` of ``model`` (default ``table_model()``): ``estimate(masks, model=model,
    head=head).make.max(axis=-2)[:, :13]``, read off the point distributions without the
    rest of the estimates (a test holds the two equal); with ``house``, raised to the
    special contracts' odds (``with_contracts``). Parts of the hands are valued on
    ``threads`` threads at once (default: every core), as ``estimate`` does."""
    flat = check_masks(masks).reshape(-1)
    chosen = model or table_model()

    def part_odds(part: np.ndarray) -> np.ndarray:
        odds = tail_odds(point_distributions(chosen, head, part)).max(axis=1)
        return with_contracts(odds, contract_odds(part, house))

    found = map_parts(part_odds, flat, threads)
    return np.concatenate(found) if found else np.empty((0, VALUES))


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """The values made for the last ``size`` keys asked (safe across threads)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.clear()

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, else ``make()`` kept; the least recently asked
        beyond ``size`` are dropped."""
        with self.lock:
            found = self.items.pop(key, None)
            value = make() if found is None else found
            self.items[key] = value
            while len(self.items) > self.size:
                self.items.popitem(last=False)
        return value

    def clear(self) -> None:
        self.items: OrderedDict[K, V] = OrderedDict()
        self.lock = threading.Lock()


_KEPT_FOR_PROCESS: list[Recent[Any, Any]] = []


def kept_for_process(size: int) -> Recent[Any, Any]:
    """A ``Recent`` of the process's, which ``forget_hand_values`` empties."""
    recent: Recent[Any, Any] = Recent(size)
    _KEPT_FOR_PROCESS.append(recent)
    return recent


def forget_hand_values() -> None:
    """Drop every hand's values the process keeps (``kept_for_process``): the next
    ``HandValues`` values its hands afresh (for timings; and a process forked from this
    one starts so, its locks held by nobody)."""
    for recent in _KEPT_FOR_PROCESS:
        recent.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=forget_hand_values)


CALLS: Final = 16
"""The calls' probabilities a value table keeps (1-2 MB each: a follow asks about 10)."""


class _ValueTable:
    """``value_odds`` of the C(21, 7) = 116,280 hands dealt from the 21 dominoes unseen
    around one hand, by rank, NaN until valued, and the probabilities of the last
    ``CALLS`` calls asked: shared by every ``HandValues`` of that hand, head and house
    rules in the process (``VALUE_TABLES``)."""

    def __init__(self, hands: int) -> None:
        self.odds = np.full((hands, VALUES), np.nan)
        self.lock = threading.Lock()
        self.calls: Recent[tuple[Call, float], _CallValues] = Recent(CALLS)

    def call(self, call: Call, noise: float) -> _CallValues:
        """The probabilities of ``call`` at ``noise`` for these hands."""
        return self.calls.get((call, noise), lambda: _CallValues(np.full(len(self.odds), np.nan)))


@dataclass
class _CallValues:
    """A call's probability for each hand of a table (NaN until computed) and, once every
    hand's is, their running sums and largest."""

    probability: np.ndarray
    sums: np.ndarray | None = None
    largest: float = 0.0


VALUE_TABLES: Final[Recent[tuple[int, str, HouseRules | None], _ValueTable]] = kept_for_process(4)
"""The process's value tables (12 MB each), by hand, head and house rules."""


class HandValues:
    """``value_odds`` of the hands dealt from the 21 dominoes unseen around ``hand``, each
    computed once: a table over their C(21, 7) = 116,280 possible hands, indexed by rank,
    on ``threads`` threads (default: every core); the special contracts as ``house``
    allows (None: none).

    The values are kept for the process (``VALUE_TABLES``): a later command on the same
    hand (``texas42 follow`` and ``review`` turn after turn, ``shell``) values no hand
    again. A hand's values do not depend on the hands valued with it (a test checks it),
    so they are the same whoever valued them first; and each ``HandValues`` counts the
    hands asked through it (``evaluated``, ``table``) as if it had valued them itself, so
    that what is drawn never depends on what ran before."""

    def __init__(
        self, hand: Hand, head: str, threads: int | None = None, house: HouseRules | None = None
    ) -> None:
        self.head = head
        self.threads = threads
        self.house = house
        self.mask = hand.mask
        self.unseen = np.array([d for d in range(28) if not hand.mask >> d & 1], dtype=np.int64)
        self.hands = math.comb(self.unseen.size, HAND_SIZE)
        self.shared = VALUE_TABLES.get((hand.mask, head, house), lambda: _ValueTable(self.hands))
        self.asked = np.zeros(self.hands, dtype=bool)

    @property
    def evaluated(self) -> int:
        """How many hands were asked through this object: as many as it would have valued."""
        return int(np.count_nonzero(self.asked))

    @property
    def table(self) -> np.ndarray:
        """(hands, 13): the values of the hands asked through this object, NaN elsewhere."""
        return np.where(self.asked[:, None], self.shared.odds, np.nan)

    def _ask(self, ranks: np.ndarray) -> None:
        """Count the hands of ``ranks`` as valued (``evaluated``)."""
        self.asked[ranks] = True

    def learn(self, ranks: np.ndarray, odds: np.ndarray) -> None:
        """The values ``odds`` of the hands of ``ranks``, found by an evaluation of the same
        networks with more columns (``seen_auction``): kept, and counted as asked."""
        with self.shared.lock:
            missing = np.isnan(self.shared.odds[ranks, 0])
            self.shared.odds[ranks[missing]] = odds[missing]
        self._ask(ranks)

    def rank(self, masks: np.ndarray) -> np.ndarray:
        """The combinatorial (colex) rank of each hand among the 7-subsets of the unseen
        dominoes: the sum of C(place, k) over its k-th domino (from 1) at its place."""
        bits = (masks[:, None] >> self.unseen) & 1
        order = np.cumsum(bits, axis=1)  # a held domino's place among the held, from 1
        ranks: np.ndarray = (bits * _BINOMIAL[np.arange(self.unseen.size), order]).sum(axis=1)
        return ranks

    def unrank(self, ranks: np.ndarray) -> np.ndarray:
        """The hands (masks) of these ranks: ``rank``'s inverse."""
        left = np.array(ranks, dtype=np.int64)
        masks = np.zeros(left.shape, dtype=np.int64)
        for k in range(HAND_SIZE, 0, -1):
            column = _BINOMIAL[: self.unseen.size, k]
            place = np.searchsorted(column, left, side="right") - 1
            masks |= np.int64(1) << self.unseen[place]
            left -= column[place]
        return masks

    def odds(self, masks: np.ndarray) -> np.ndarray:
        """(n, 13): ``value_odds`` of each hand of ``masks`` (n,)."""
        return self.odds_of_ranks(self.rank(masks), masks)

    def odds_of_ranks(self, ranks: np.ndarray, masks: np.ndarray | None = None) -> np.ndarray:
        """(n, 13): ``value_odds`` of the hands of these ranks (whose masks, if known)."""
        self._ask(ranks)
        odds = self.shared.odds
        with self.shared.lock:
            missing = np.isnan(odds[ranks, 0])
            if missing.any():
                new, first = np.unique(ranks[missing], return_index=True)
                hands = self.unrank(new) if masks is None else masks[missing][first]
                odds[new] = value_odds(hands, self.head, threads=self.threads, house=self.house)
        result: np.ndarray = odds[ranks]
        return result

    def fill(self) -> None:
        """Value every hand not yet asked, in one batch (faster a hand than many small ones)."""
        self.odds_of_ranks(np.flatnonzero(~self.asked))

    def probability(self, call: Call, noise: float, ranks: np.ndarray) -> np.ndarray:
        """(n,): ``call_probability`` of ``call`` for the hands of these ranks, each
        computed once."""
        if not call.doubles:
            self._ask(ranks)  # its probabilities come from the values
        known = self.shared.call(call, noise).probability
        result: np.ndarray = known[ranks]
        missing = np.isnan(result)
        if missing.any():
            new = np.unique(ranks[missing])
            if call.doubles:
                known[new] = doubles_probability(self.unrank(new), call)
            else:
                known[new] = call_probability(self.odds_of_ranks(new), call, noise)
            result = known[ranks]
        return result

    def cumulative(self, call: Call, noise: float) -> np.ndarray:
        """The running sums of ``call``'s probability over all hands, by rank (every hand
        valued first)."""
        sums = self._summed(call, noise).sums
        assert sums is not None
        return sums

    def _summed(self, call: Call, noise: float) -> _CallValues:
        """``call``'s probabilities, with their sums and largest over all hands."""
        if self.evaluated < self.hands:
            self.fill()
        found = self.shared.call(call, noise)
        if found.sums is None:
            every = self.probability(call, noise, np.arange(self.hands))
            found.largest = float(every.max())
            found.sums = np.cumsum(every)
        return found

    def mean(self, call: Call, noise: float) -> float:
        """``call``'s probability's mean over all hands: the share of uniform hands its
        rejection test keeps."""
        return float(self.cumulative(call, noise)[-1]) / self.hands

    def largest(self, call: Call, noise: float) -> float:
        """``call``'s largest probability over all hands."""
        return self._summed(call, noise).largest

    def draw(self, call: Call, noise: float, size: int, rng: np.random.Generator) -> np.ndarray:
        """``size`` ranks of hands drawn in proportion to their probability of ``call``."""
        sums = self.cumulative(call, noise)
        ranks = np.searchsorted(sums, rng.random(size) * sums[-1], side="right")
        result: np.ndarray = np.minimum(ranks, self.hands - 1)
        return result

    def deal_around(self, ranks: np.ndarray, seat: int, rng: np.random.Generator) -> np.ndarray:
        """(n, 4) deals: seat 0 our hand, ``seat`` the hands of ``ranks``, the other 14
        unseen dominoes dealt uniformly to the other two seats."""
        held = self.unrank(ranks)
        keys = rng.random((ranks.size, self.unseen.size))
        keys[(held[:, None] >> self.unseen) & 1 == 1] = 2.0  # held: sorted last
        rest = self.unseen[np.argsort(keys, axis=1)[:, : 2 * HAND_SIZE]]
        bits = np.int64(1) << rest
        deals = np.empty((ranks.size, 4), dtype=np.int64)
        deals[:, 0] = self.mask
        deals[:, seat] = held
        first, second = (s for s in (1, 2, 3) if s != seat)
        deals[:, first] = bits[:, :HAND_SIZE].sum(axis=1)
        deals[:, second] = bits[:, HAND_SIZE:].sum(axis=1)
        return deals


def at_least(odds: np.ndarray, noise: float) -> np.ndarray:
    """The probability that a player values the hand at each value or more (same shape)."""
    p = np.clip(odds, CLIP, 1.0 - CLIP)
    if noise == 0.0:
        step: np.ndarray = (p >= 0.5).astype(np.float64)
        return step
    logit = np.log(p) - np.log1p(-p)
    with np.errstate(over="ignore"):  # a tiny noise: logit / noise is infinite, tanh then +-1
        result: np.ndarray = 0.5 * (1.0 + np.tanh(logit / (2.0 * noise)))  # sigmoid(logit / noise)
    return result


def call_probability(odds: np.ndarray, call: Call, noise: float) -> np.ndarray:
    """(n,): the model's probability of ``call`` for hands with these value ``odds`` (n, 13)."""
    g = at_least(odds, noise)
    g = np.concatenate((g, np.zeros((g.shape[0], 1))), axis=1)  # nobody values a hand above a mark
    if call.forced:
        g[:, 0] = 1.0  # no pass: a hand valued below 30 bids 30
    if call.bid == PASS:
        p = 1.0 - g[:, call.least]
    else:
        value = value_index(call.bid)
        p = g[:, value] - g[:, value + 1] if value >= call.least else np.zeros(g.shape[0])
    result: np.ndarray = (1.0 - SLIP) * p + SLIP / call.choices
    return result


def doubles_probability(masks: np.ndarray, call: Call) -> np.ndarray:
    """(n,): the model's probability of a plunge or splash ``call`` for the hands
    ``masks``: 1 for those with the doubles it needs, else 0 (the rules allow no slip)."""
    result: np.ndarray = (np.bitwise_count(masks & DOUBLES) >= call.doubles).astype(np.float64)
    return result


def likelihood(
    deals: np.ndarray,
    auction: Auction | FinishedAuction,
    noise: float,
    head: str | None = None,
    house: HouseRules | None = None,
) -> np.ndarray:
    """(n,): the model's probability of ``auction`` for each deal of ``deals`` (n, 4),
    the special contracts as ``house`` allows (None: none)."""
    deals = mask_array(deals)
    check_kind(auction, (Auction, FinishedAuction), "auction is an Auction or a FinishedAuction")
    noise = check_noise(noise)
    check_kind(head, (str, type(None)), 'head is "double_dummy", "realistic" or None')
    check_kind(house, (HouseRules, type(None)), "house is a HouseRules (or None: no special contracts)")
    head = table_head() if head is None else head
    result = np.ones(deals.shape[0])
    for call in calls(auction, house):
        hands = deals[:, call.seat]
        if call.doubles:
            result *= doubles_probability(hands, call)
        else:
            result *= call_probability(value_odds(hands, head, house=house), call, noise)
    return result


@dataclass(frozen=True)
class AuctionModel:
    """What to infer from: the ``auction`` (we bid next, seat 0; or a whole auction in
    which we declare, ``calls``), the ``noise`` of the other players' judgement, the
    evaluator's ``head`` and the ``house`` rules (which special contracts the players may
    bid). ``listened`` False (``--infer none`` where a plunge or a splash was bid): the
    deals keep only the rules of the calls, the doubles a plunger or a splasher holds,
    and are otherwise uniform (``rules_only``)."""

    auction: Auction | FinishedAuction
    noise: float = DEFAULT_NOISE
    head: str = DOUBLE_DUMMY
    house: HouseRules = field(default_factory=HouseRules)
    listened: bool = True

    @property
    def weighed(self) -> tuple[Call, ...]:
        """The calls the deals are drawn to fit, bids first (``bids_first``)."""
        order = bids_first(calls(self.auction, self.house))
        return order if self.listened else tuple(c for c in order if c.doubles)


def rules_only(model: AuctionModel | None) -> bool:
    """Whether ``model`` keeps only the rules of the calls (``--infer none`` after a plunge
    or a splash): its deals are uniform but for the doubles those bidders hold."""
    return model is not None and not model.listened


def auction_model(
    auction: Auction | FinishedAuction,
    infer: str = "auction",
    noise: float = DEFAULT_NOISE,
    house: HouseRules | None = None,
) -> AuctionModel | None:
    """The model to draw deals with, or None to deal uniformly: no bids yet, or ``infer``
    none (but where a plunge or a splash was bid, a model that keeps the doubles its
    bidder holds by the rules: ``rules_only``). ``auction``: the bids before ours, or a
    whole auction in which we declare (its calls after ours weighed too). ``house``: the
    table's rules (default the rule book's)."""
    check_noise(noise)
    house = HouseRules() if house is None else house
    check_auction_house(auction, house)
    if not auction.bids:
        return None
    if check_infer(infer) == "none":
        if not any(c.doubles for c in calls(auction, house)):
            return None
        return AuctionModel(auction, float(noise), table_head(), house, listened=False)
    return AuctionModel(auction, float(noise), table_head(), house)


def check_auction_house(auction: Auction | FinishedAuction, house: HouseRules) -> None:
    """An ``AuctionError`` naming the auction for a plunge or splash where ``house`` plays
    no special contracts."""
    try:
        check_house_calls(auction, house)
    except AuctionError as error:
        raise AuctionError(f"auction: {error}", parameter="auction") from None


@dataclass(frozen=True)
class Inference:
    """How deals were drawn to fit an auction: ``accepted`` of ``candidates`` uniform
    deals were kept (over the main and the check samples); ``specials``: whether the
    players valued their hands at Nel-O and sevens too; ``consistent``: how many deals
    are consistent with the plays (during play) or the constraints, those the candidates
    are drawn from.
    ``likelihood``: where every consistent deal was weighed by its likelihood instead
    (``deal.weigh_seen_deals``; the candidates are then those deals), their sum.
    ``uniform``: where the hand of one call's bidder (``drawn_by``) was drawn in
    proportion to its probability of that call rather than uniformly, the uniform
    candidates the ones drawn stand for (each such stands for one over that probability's
    mean over all hands); or where candidates were kept at their likelihood scaled up
    (during play, a seat's factor divided by its largest value), each stands for one over
    that scale: so that ``acceptance`` still estimates the auction's mean likelihood over
    uniform deals."""

    auction: Auction | FinishedAuction
    head: str
    noise: float
    candidates: int
    accepted: int
    specials: bool = False
    consistent: int | None = None
    likelihood: float | None = None
    uniform: float | None = None
    drawn_by: Call | None = None

    @property
    def acceptance(self) -> float:
        """The share of the candidates kept; where they were weighed, their mean
        likelihood; where a call's hand was drawn by its probability, the share
        of the uniform candidates they stand for."""
        kept = self.accepted if self.likelihood is None else self.likelihood
        drawn = self.candidates if self.uniform is None else self.uniform
        return kept / drawn if drawn else 0.0

    @property
    def weighed(self) -> bool:
        """Whether every consistent deal was weighed by its likelihood, none drawn."""
        return self.likelihood is not None

    @property
    def partner_contract(self) -> Contract | None:
        """The plunge or splash whose whole auction the deals fit (during play), else None."""
        return self.auction.partner_contract if isinstance(self.auction, FinishedAuction) else None

    def plus(self, other: Inference) -> Inference:
        """The inference of two samples drawn for the same auction (the main and check
        samples) taken together: their candidates and kept deals added up."""
        weighted = self.uniform is not None or other.uniform is not None
        uniform = (self.uniform or self.candidates) + (other.uniform or other.candidates)
        return Inference(
            self.auction,
            self.head,
            self.noise,
            self.candidates + other.candidates,
            self.accepted + other.accepted,
            self.specials,
            self.consistent,
            uniform=uniform if weighted else None,
            drawn_by=self.drawn_by or other.drawn_by,
        )


def bids_first(some: Iterable[Call]) -> tuple[Call, ...]:
    """The calls in the order to test them: bids before passes, the later first (bids
    reject most, so fewer hands are evaluated)."""
    return tuple(sorted(some, key=lambda c: (c.bid == PASS, -c.place)))


def infer_deals(
    hand: Hand,
    n: int,
    rng: np.random.Generator,
    model: AuctionModel,
    constraints: DealConstraints | None = None,
    max_candidates: int = MAX_CANDIDATES,
    values: HandValues | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> tuple[np.ndarray, Inference]:
    """``n`` deals around ``hand`` drawn in proportion to the likelihood of the auction,
    among those consistent with ``constraints``: uniform candidates in blocks of
    ``BLOCK``, each kept with probability the product of its calls' probabilities (one
    uniform draw per call; without constraints, a candidate is dealt in full only once
    its first call is kept; once every hand is valued, the weighted blocks of
    ``_weighted_block``, with or without constraints). An ``InferenceError`` if more than
    ``max_candidates`` would be needed (judged as soon as the acceptance so far says so).
    ``values``: the hands' values already known (main and check samples share them). With
    constraints, the ``Inference`` counts the deals consistent with them (``consistent``).
    ``progress(kept, n)`` is called after each block."""
    check_auction_doubles(hand, model.auction, constraints)
    plan = None if constraints is None or constraints.empty else plan_deals(hand, constraints)
    order = model.weighed
    values = HandValues(hand, model.head, house=model.house) if values is None else values
    kept = Kept(n, model.auction, model.noise, max_candidates, bool(mark_contracts(model.house)))
    around: HandValues | ConstrainedHands | None = values if plan is None else None
    while not kept.done:
        filled = values.evaluated == values.hands or kept.foretold >= FILL * values.hands
        if filled and around is None and constraints is not None and ConstrainedHands.fits(constraints):
            around = ConstrainedHands(values, constraints)
        if filled and around is not None:
            kept.add(*_weighted_block(values, around, order, model.noise, rng))
        else:
            kept.add(*_tested_block(values, plan, order, model.noise, rng))
        if progress is not None:
            progress(kept.found, n)
    return kept.deals(), kept.inference(model.head, None if plan is None else plan.total)


def _tested_block(
    values: HandValues, plan: DealPlan | None, order: tuple[Call, ...], noise: float, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """A block of uniform candidates (under ``plan``'s constraints, if any), each call's
    test made in ``order``: the block and the rows that pass them all. Without a plan, a
    candidate is dealt in full only once it passes the first call's test."""
    trials = rng.random((BLOCK, len(order)))
    if plan is None:
        # A uniform deal deals the first bidder tested a uniform hand (a uniform rank),
        # then the rest uniformly: only the hands that pass are dealt around.
        first = order[0]
        ranks = rng.integers(0, values.hands, BLOCK)
        p = values.probability(first, noise, ranks)
        alive = np.flatnonzero(trials[:, 0] < p)
        block = np.zeros((BLOCK, 4), dtype=np.int64)
        block[alive] = values.deal_around(ranks[alive], first.seat, rng)
        tested = 1
    else:
        block = sample_plan(plan, BLOCK, rng)
        alive = np.arange(BLOCK)
        tested = 0
    for k in range(tested, len(order)):
        if alive.size == 0:
            break
        call = order[k]
        p = values.probability(call, noise, values.rank(block[alive, call.seat]))
        alive = alive[trials[alive, k] < p]
    return block, alive


def _weighted_block(
    values: HandValues,
    around: HandValues | ConstrainedHands,
    order: tuple[Call, ...],
    noise: float,
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray, float, Call]:
    """A block of candidates once every hand is valued: the hand of the call the fewest
    candidates make (the least mean probability) drawn in proportion to its probability of
    it (what a uniform candidate kept by that call's test holds there), the rest dealt
    uniformly (``around``: ``values`` itself, or the hands under constraints), then each
    other call's test with its probability divided by its largest over the hands a
    candidate may hold there (every candidate kept as likely as before, more of them kept).
    Returns the block, the rows kept, how many uniform candidates each candidate stands
    for, and the call drawn by."""
    means = [around.mean(call, noise) for call in order]
    drawn = order[int(np.argmin(means))]
    ranks = around.draw(drawn, noise, BLOCK, rng)
    block = around.deal_around(ranks, drawn.seat, rng)
    alive = np.arange(BLOCK)
    weight = 1.0 / min(means)
    trials = rng.random((BLOCK, len(order) - 1))
    for k, call in enumerate(c for c in order if c is not drawn):
        if alive.size == 0:
            break
        largest = around.largest(call, noise)
        p = values.probability(call, noise, values.rank(block[alive, call.seat])) / largest
        alive = alive[trials[alive, k] < p]
        weight /= largest
    return block, alive, weight, drawn


class ConstrainedHands:
    """What ``HandValues`` offers the weighted blocks (``mean``, ``largest``, ``draw``,
    ``deal_around``), among the deals consistent with constraints on the hands dealt
    (``fits``: before any play): a seat's hand is then not uniform, but as likely as the
    number of ways to deal the other two seats around it (``completions``), and the rest
    is dealt uniformly among those ways."""

    def __init__(self, values: HandValues, constraints: DealConstraints) -> None:
        self.values = values
        self.unseen = sum(1 << int(d) for d in values.unseen)
        self.holds = {s: constraints.holds(s) for s in (1, 2, 3)}
        self.lacks = {s: constraints.lacks(s) for s in (1, 2, 3)}
        self.masks = values.unrank(np.arange(values.hands))
        self.ways = {s: self.completions(self.masks, s) for s in (1, 2, 3)}
        self.total = float(self.ways[1].sum())
        self._sums: dict[tuple[Call, float], tuple[np.ndarray, float]] = {}

    @staticmethod
    def fits(constraints: DealConstraints) -> bool:
        """Whether the constraints are on hands as dealt: nothing played, seven each."""
        return not constraints.played and constraints.sizes == (HAND_SIZE,) * 3

    def _forced(self, masks: np.ndarray, seat: int) -> tuple[int, int, np.ndarray, np.ndarray]:
        """The other two seats, and the dominoes left by ``seat``'s hands ``masks`` that
        only the first, and only the second, may hold."""
        first, second = (s for s in (1, 2, 3) if s != seat)
        rest = self.unseen & ~masks
        return (
            first,
            second,
            rest & (self.holds[first] | self.lacks[second]),
            rest & (self.holds[second] | self.lacks[first]),
        )

    def completions(self, masks: np.ndarray, seat: int) -> np.ndarray:
        """For each hand of ``masks`` dealt to ``seat``, the ways to deal the other two
        seats around it and seat 0's hand under the constraints (0: it breaks them)."""
        first, second, to_first, to_second = self._forced(masks, seat)
        ok = (masks & self.holds[seat]) == self.holds[seat]
        ok &= (masks & (self.lacks[seat] | self.holds[first] | self.holds[second])) == 0
        ok &= (to_first & to_second) == 0
        forced_first, forced_second = np.bitwise_count(to_first), np.bitwise_count(to_second)
        free = 2 * HAND_SIZE - forced_first.astype(np.int64) - forced_second
        need = HAND_SIZE - forced_first.astype(np.int64)
        ok &= (need >= 0) & (need <= free)
        ways: np.ndarray = np.where(ok, _BINOMIAL[np.where(ok, free, 0), np.where(ok, need, 0)], 0)
        return ways

    def _summed(self, call: Call, noise: float) -> tuple[np.ndarray, float]:
        """The running sums of ``call``'s probability times the completions, by rank, and
        the largest probability of a hand with completions."""
        found = self._sums.get((call, noise))
        if found is None:
            every = self.values.probability(call, noise, np.arange(self.values.hands))
            ways = self.ways[call.seat]
            found = np.cumsum(every * ways), float(every[ways > 0].max())
            self._sums[(call, noise)] = found
        return found

    def mean(self, call: Call, noise: float) -> float:
        """The share of uniform consistent candidates ``call``'s test keeps."""
        return float(self._summed(call, noise)[0][-1]) / self.total

    def largest(self, call: Call, noise: float) -> float:
        """``call``'s largest probability over the hands its seat may hold."""
        return self._summed(call, noise)[1]

    def draw(self, call: Call, noise: float, size: int, rng: np.random.Generator) -> np.ndarray:
        """``size`` ranks of ``call.seat``'s hands, in proportion to their probability of
        ``call`` times their completions."""
        sums = self._summed(call, noise)[0]
        ranks = np.searchsorted(sums, rng.random(size) * sums[-1], side="right")
        result: np.ndarray = np.minimum(ranks, self.values.hands - 1)
        return result

    def deal_around(self, ranks: np.ndarray, seat: int, rng: np.random.Generator) -> np.ndarray:
        """(n, 4) deals: seat 0 our hand, ``seat`` the hands of ``ranks``, the other two
        seats dealt uniformly among the ways the constraints allow."""
        held = self.masks[ranks]
        first, second, to_first, to_second = self._forced(held, seat)
        unseen = self.values.unseen
        free = (self.unseen & ~held & ~(to_first | to_second))[:, None] >> unseen & 1
        keys = np.where(free == 1, rng.random((ranks.size, unseen.size)), 2.0)  # the rest sorted last
        order = np.argsort(keys, axis=1)
        need = HAND_SIZE - np.bitwise_count(to_first).astype(np.int64)
        picked = np.arange(unseen.size) < need[:, None]
        deals = np.empty((ranks.size, 4), dtype=np.int64)
        deals[:, 0] = self.values.mask
        deals[:, seat] = held
        deals[:, first] = to_first | np.where(picked, np.int64(1) << unseen[order], 0).sum(axis=1)
        deals[:, second] = self.unseen & ~held & ~deals[:, first]
        return deals


def check_auction_doubles(
    hand: Hand, auction: Auction | FinishedAuction, constraints: DealConstraints | None = None
) -> None:
    """An ``AuctionError`` unless some deal around ``hand`` (consistent with
    ``constraints``) gives every player who plunged or splashed in ``auction`` the doubles
    the contract needs."""
    special = [(c, c.contract) for c in calls(auction) if c.contract is not None]
    constraints = constraints or DealConstraints()
    if not special or doubles_possible(hand, constraints, {c.seat: c.doubles for c, _ in special}):
        return
    roles = {1: "your left opponent", 2: "your partner", 3: "your right opponent"}
    named = " and ".join(
        f"the {contract.written} of seat {c.seat} ({roles[c.seat]}) needs {c.doubles} doubles or more"
        for c, contract in special
    )
    where = "your hand" if constraints.empty else "your hand and the constraints"
    them = "it" if len(special) == 1 else "them"
    raise AuctionError(
        f"auction: {named}, but no deal around {where} gives {them} that many", parameter="auction"
    )


class Kept:
    """The candidates kept so far toward ``n`` deals drawn to fit ``auction``, a block of
    ``BLOCK`` at a time, and how many were drawn; an ``InferenceError`` as soon as more
    than ``cap`` candidates would be needed. ``specials`` as for ``Inference``."""

    def __init__(
        self, n: int, auction: Auction | FinishedAuction, noise: float, cap: int, specials: bool
    ) -> None:
        self.n = n
        self.auction = auction
        self.noise = noise
        self.cap = cap
        self.specials = specials
        self.rows: list[np.ndarray] = []
        self.found = 0
        self.candidates = 0
        self.uniform = 0.0
        self.weighted = False
        self.drawn_by: Call | None = None
        self.run: tuple[float, int, int] = (1.0, 0, 0)
        """The weight of the last block, and the candidates drawn and the deals kept since
        the blocks were last drawn with another (uniform, then weighted; during play, each
        new scale), whose acceptance differs many times over."""

    @property
    def done(self) -> bool:
        return self.found >= self.n

    @property
    def foretold(self) -> float:
        """The candidates the sample will have drawn, as the acceptance so far foretells
        (counted as one more deal kept, to be generous)."""
        return self.candidates * self.n / (self.found + 1)

    @property
    def hopeless(self) -> bool:
        """Whether the sample would take more than ``cap`` candidates: past the cap, or
        surely so (once four blocks are drawn the same way): even at the top of a 99.9%
        Poisson bound on the deals those blocks kept, the rest would take too many."""
        _, drawn, found = self.run
        if self.candidates >= self.cap or drawn < 4 * BLOCK:
            return self.candidates >= self.cap
        generous = found + 3.1 * math.sqrt(found + 1) + 4
        return self.candidates + (self.n - self.found) * drawn / generous > self.cap

    def add(
        self, block: np.ndarray, alive: np.ndarray, weight: float = 1.0, drawn_by: Call | None = None
    ) -> int:
        """Keep the rows ``alive`` of ``block`` (in the order drawn), as many as are still
        wanted; the candidates drawn count up to the last one kept, each standing for
        ``weight`` uniform ones (where the hand of the call ``drawn_by`` was drawn by its
        probability, or the candidates were kept at a likelihood scaled up by 1 /
        ``weight``). Returns how many."""
        take = alive[: self.n - self.found]
        drawn = int(take[-1]) + 1 if self.found + alive.size >= self.n else BLOCK
        self.candidates += drawn
        self.uniform += drawn * weight
        same, run_drawn, run_found = self.run
        if weight != same:  # drawn another way: the acceptance so far says nothing of it
            run_drawn = run_found = 0
        self.run = (weight, run_drawn + drawn, run_found + int(take.size))
        self.weighted |= weight != 1.0
        if drawn_by is not None:
            self.drawn_by = drawn_by
        self.rows.append(block[take])
        self.found += take.size
        if not self.done and self.hopeless:
            raise InferenceError(
                _hopeless_message(self.auction, self.noise, self.found, self.candidates, self.n, self.cap)
            )
        return int(take.size)

    def deals(self) -> np.ndarray:
        return np.concatenate(self.rows) if self.rows else np.empty((0, 4), dtype=np.int64)

    def inference(self, head: str, consistent: int | None = None) -> Inference:
        return Inference(
            self.auction,
            head,
            self.noise,
            self.candidates,
            self.found,
            self.specials,
            consistent,
            uniform=self.uniform if self.weighted or self.drawn_by is not None else None,
            drawn_by=self.drawn_by,
        )


def _hopeless_message(
    auction: Auction | FinishedAuction, noise: float, found: int, candidates: int, n: int, cap: int
) -> str:
    bids = str(auction)
    return (
        f"the auction {bids!r} is all but impossible under the bidding model with this hand: "
        f"{found} of the first {candidates:,} candidate deals fit it, and {n:,} deals would take "
        f"more than {cap:,} candidates; deal without it (infer none), allow more misjudgement "
        f"(noise above {noise:g}) or ask for fewer deals"
    )
