"""A hand's worth estimated instantly by the quick model (``texas42.evaluate``) rather
than computed: for every declaration the estimated expected points and odds of every
bid, and the recommendation drawn from them by the same policy as a full analysis's
(``highest_made`` over ``best_at``); the special contracts' double-dummy odds (Nel-O,
sevens, and plunge and splash where the hand holds the doubles), and the special
contract to bid instead, as a full analysis chooses it (``best_special``), on the
recommendation's basis (with realistic estimates, the special odds calibrated)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import SupportsIndex

import numpy as np

from texas42 import evaluate
from texas42.analysis.calibrated import DOUBLE_DUMMY as DOUBLE_DUMMY_BASIS
from texas42.analysis.calibrated import REALISTIC as REALISTIC_BASIS
from texas42.analysis.calibrated import ErrorBands, calibration_bands, check_basis
from texas42.analysis.recommendation import check_confidence, highest_made
from texas42.analysis.specials import (
    SOLVED,
    OpeningBid,
    SpecialOdds,
    best_special,
    calibrated_odds,
    special_contracts,
)
from texas42.analysis.statistics import best_at, bid_points
from texas42.evaluate import DOUBLE_DUMMY, REALISTIC, Estimates, QuickModel
from texas42.evaluate.features import takes_all
from texas42.evaluate.special_odds import load_special_model
from texas42.rules import (
    BIDS,
    DECLARATIONS,
    PASS,
    POINT_BIDS,
    TOTAL_POINTS,
    Contract,
    Declaration,
    Hand,
    HouseRules,
    NelloDoubles,
    check_declaration,
    expected_marks,
    minimum_marks,
)


@dataclass(frozen=True)
class QuickTrump:
    """One declaration's estimated points: ``distribution[p]`` is the probability that
    the bidder's team takes p points (0..42), ``at_least[p]`` that it takes p or more."""

    declaration: Declaration
    expected_points: float
    distribution: tuple[float, ...]
    at_least: tuple[float, ...]

    def make(self, bid: SupportsIndex) -> float:
        """The estimated probability of making the bid (a mark bid needs all 42 points)."""
        return self.at_least[bid_points(bid)]


@dataclass(frozen=True)
class QuickRecommendation:
    """The bid (``PASS`` for a pass) and trump the estimates recommend; for a pass the
    declaration and figures are those of a forced 30."""

    bid: int
    declaration: Declaration
    make: float
    expected_marks: float
    confidence: float

    @property
    def passes(self) -> bool:
        """Whether the advice is to pass."""
        return self.bid == PASS

    @property
    def contract(self) -> int:
        """The bid the odds are quoted for: the advised bid, or 30 for a pass."""
        return POINT_BIDS[0] if self.passes else self.bid


@dataclass(frozen=True)
class QuickSpecial(OpeningBid):
    """A special contract's estimated double-dummy odds (seat 0 bidding, and leading but
    at plunge and splash, where the partner names trump and leads), bid at least at
    ``least_marks`` marks."""

    contract: Contract
    make: float
    least_marks: int
    doubles: NelloDoubles | None = None
    """For Nel-O, the treatment of doubles estimated."""


@dataclass(frozen=True)
class QuickEstimate:
    """One basis of estimates (``DOUBLE_DUMMY`` or ``REALISTIC``): every declaration's
    figures and the recommendation drawn from them."""

    basis: str
    trumps: tuple[QuickTrump, ...]
    recommendation: QuickRecommendation

    def stats(self, declaration: Declaration | str) -> QuickTrump:
        """One declaration's estimates (given as one, its number or its name)."""
        wanted = check_declaration(declaration)
        return next(t for t in self.trumps if t.declaration == wanted)

    def best(self, bid: SupportsIndex) -> QuickTrump:
        """The declaration estimated to make ``bid`` most often."""
        return best_at(self.trumps, bid)


@dataclass(frozen=True)
class QuickAnalysis:
    """A hand's worth by the quick model ``version``, fitted to ``hands`` full
    double-dummy analyses: ``double_dummy`` always, ``realistic`` only when the model
    has realistic estimates (None otherwise)."""

    hand: Hand
    version: str
    hands: int
    confidence: float
    double_dummy: QuickEstimate
    realistic: QuickEstimate | None = None
    realistic_hands: int = 0
    """The hands whose playouts the realistic estimates were fitted to."""
    specials: tuple[QuickSpecial, ...] = ()
    """The special contracts the hand may bid, estimated (none unless asked for with house rules)."""
    bands: ErrorBands | None = None
    """The error bands of the calibration the realistic estimates come from (None without
    them)."""

    @property
    def trumps(self) -> tuple[QuickTrump, ...]:
        """Every trump's double-dummy estimates (``double_dummy.trumps``)."""
        return self.double_dummy.trumps

    def stats(self, declaration: Declaration | str) -> QuickTrump:
        """One declaration's double-dummy estimates (``double_dummy.stats``), as
        ``HandAnalysis.stats`` gives its statistics."""
        return self.double_dummy.stats(declaration)

    @property
    def basis(self) -> str:
        """What ``recommendation`` rests on: ``"realistic"`` when there are realistic
        estimates, else ``"double-dummy"``."""
        return DOUBLE_DUMMY_BASIS if self.realistic is None else REALISTIC_BASIS

    @property
    def recommendation(self) -> QuickRecommendation:
        """The recommendation on the realistic estimates, if any, else the double-dummy one."""
        return (self.realistic or self.double_dummy).recommendation

    @property
    def unsure_of_all(self) -> bool:
        """Whether the advice needs all 42 points (42, or a mark bid) where the rules do not
        settle them: the very strong hands, rare in the study, of which the model is least
        sure (README, "Limits")."""
        rec = self.recommendation
        settled = bool(takes_all(np.array([self.hand.mask], dtype=np.int64))[0][rec.declaration])
        return not rec.passes and bid_points(rec.bid) == TOTAL_POINTS and not settled

    @property
    def advised_specials(self) -> tuple[SpecialOdds, ...]:
        """The special contracts' odds on the recommendation's basis: the estimated
        double-dummy odds, or with realistic estimates those odds calibrated."""
        if self.realistic is None:
            return tuple(
                SpecialOdds(s.contract, s.least_marks, s.make, None, s.make, SOLVED) for s in self.specials
            )
        return tuple(
            calibrated_odds(s.contract, s.least_marks, s.make, self.hand.mask, s.doubles)
            for s in self.specials
        )

    @property
    def special_instead(self) -> SpecialOdds | None:
        """The special contract to bid instead of the recommendation, chosen as
        ``HandAnalysis.special_instead`` chooses it, on the estimated odds of the
        recommendation's basis (``advised_specials``)."""
        rec = self.recommendation
        made = (s for s in self.advised_specials if s.make >= self.confidence)
        return best_special(made, 0.0 if rec.passes else rec.expected_marks)


def quick_recommend(trumps: tuple[QuickTrump, ...], confidence: float) -> QuickRecommendation:
    """The policy of ``analysis.hand.recommend`` on estimated odds."""
    chosen = highest_made(BIDS, lambda bid: best_at(trumps, bid).make(bid), confidence)
    contract = POINT_BIDS[0] if chosen is None else chosen
    best = best_at(trumps, contract)
    p = best.make(contract)
    return QuickRecommendation(
        bid=PASS if chosen is None else chosen,
        declaration=best.declaration,
        make=p,
        expected_marks=expected_marks(contract, p),
        confidence=confidence,
    )


def _estimate(estimates: Estimates, confidence: float, row: int = 0) -> QuickEstimate:
    trumps = tuple(
        QuickTrump(
            declaration=declaration,
            expected_points=float(estimates.expected_points[row, k]),
            distribution=tuple(estimates.distribution[row, k].tolist()),
            at_least=tuple(estimates.at_least[row, k].tolist()),
        )
        for k, declaration in enumerate(DECLARATIONS)
    )
    return QuickEstimate(estimates.head, trumps, quick_recommend(trumps, confidence))


def _special_table(masks: np.ndarray, house: HouseRules | None) -> dict[Contract, np.ndarray]:
    """Each special contract's estimated odds for the hands ``masks`` (none without house
    rules or with ``specials`` off)."""
    if house is None or not house.specials:
        return {}
    model = load_special_model()
    table = {
        c: model.odds(masks, c, house.nello_doubles)
        for c in (Contract.NELLO, Contract.SEVENS, Contract.SPLASH)
    }
    # One game: the hands that may plunge (four doubles) have splash's odds.
    table[Contract.PLUNGE] = table[Contract.SPLASH]
    return table


def _specials_of(
    hand: Hand, house: HouseRules | None, table: dict[Contract, np.ndarray], row: int
) -> tuple[QuickSpecial, ...]:
    if house is None:
        return ()
    return tuple(
        QuickSpecial(
            c,
            float(table[c][row]),
            minimum_marks(c, house),
            house.nello_doubles if c is Contract.NELLO else None,
        )
        for c in special_contracts(hand, house)
    )


def quick_hand(
    hand: Hand,
    confidence: float = 0.5,
    model: QuickModel | None = None,
    basis: str = REALISTIC_BASIS,
    house: HouseRules | None = None,
) -> QuickAnalysis:
    """The quick model's estimates for ``hand`` (seat 0 bids and leads), with the
    recommendation at ``confidence``: double-dummy, and realistic too (on which the
    recommendation then rests) when ``basis`` is realistic and the model has them. With
    ``house``, the special contracts are estimated too (double-dummy), as its rules play them."""
    return quick_hands([hand], confidence, model, basis, house)[0]


def quick_hands(
    hands: Sequence[Hand],
    confidence: float = 0.5,
    model: QuickModel | None = None,
    basis: str = REALISTIC_BASIS,
    house: HouseRules | None = None,
) -> tuple[QuickAnalysis, ...]:
    """``quick_hand`` of each of ``hands``, the model's estimates made for all of them at
    once (about 0.5 ms a hand against 2.5 ms one at a time). The figures are those of
    ``quick_hand`` to about 1e-6 (single-precision products summed in another order)."""
    confidence = check_confidence(confidence)
    basis = check_basis(basis)
    model = model or evaluate.load_model()
    masks = np.array([hand.mask for hand in hands], dtype=np.int64)
    dd = evaluate.estimate(masks, model=model, head=DOUBLE_DUMMY, confidence=confidence)
    realistic = model.realistic and basis == REALISTIC_BASIS
    rl = evaluate.estimate(masks, model=model, head=REALISTIC, confidence=confidence) if realistic else None
    specials = _special_table(masks, house)
    bands = calibration_bands(model) if rl is not None else None
    return tuple(
        QuickAnalysis(
            hand=hand,
            version=model.version,
            hands=model.head(DOUBLE_DUMMY).hands,
            confidence=confidence,
            double_dummy=_estimate(dd, confidence, i),
            realistic=None if rl is None else _estimate(rl, confidence, i),
            realistic_hands=model.head(REALISTIC).hands if rl is not None else 0,
            specials=_specials_of(hand, house, specials, i),
            bands=bands,
        )
        for i, hand in enumerate(hands)
    )
