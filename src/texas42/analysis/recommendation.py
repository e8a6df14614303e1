"""The recommendation policy: the highest bid made at the confidence, with the trump
that makes it most often, from any declarations' odds (double-dummy statistics,
realistic playouts or calibrated estimates)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final, Protocol, SupportsIndex

from texas42.analysis.statistics import DeclarationOdds, Interval, best_at, odds_interval
from texas42.errors import AnalysisError, check_real
from texas42.rules import BIDS, MARK, PASS, POINT_BIDS, Declaration, expected_marks


class TrumpOdds(DeclarationOdds, Protocol):
    """Odds a recommendation can be drawn from: each bid's odds with an interval, and
    the deals they stand on."""

    @property
    def deals(self) -> int: ...

    def make_ci95(self, bid: SupportsIndex) -> Interval: ...


DEFAULT_CONFIDENCE: Final = 0.5


def check_confidence(confidence: float) -> float:
    """``confidence`` if it lies in (0, 1], else an ``AnalysisError``."""
    confidence = check_real(confidence, "the confidence")
    if not 0.0 < confidence <= 1.0:
        raise AnalysisError(f"the confidence must be above 0 and at most 1, got {confidence:g}")
    return confidence


def highest_made(bids: Sequence[int], make: Callable[[int], float], confidence: float) -> int | None:
    """The policy for what a hand makes: the highest of ``bids`` (in rising order) made at
    least ``confidence`` of the time, where a mark bid above 42 is preferred to 42 only
    when it expects more marks; None if none is made that often."""
    made = [bid for bid in bids if make(bid) >= confidence]
    if not made:
        return None
    top = made[-1]
    if top > MARK and MARK in made and expected_marks(top, make(top)) <= expected_marks(MARK, make(MARK)):
        return MARK
    return top


def marks_order(expected: float, bid: int) -> tuple[float, int]:
    """The key that ranks bids by their expected marks, the lower bid first among equal
    marks (it is made at least as often); rounded, so that float noise breaks no tie."""
    return round(expected, 12), -bid


def most_marks_bid(bids: Sequence[int], make: float) -> int:
    """Of ``bids`` made with the same odds ``make`` (a special contract's), the one
    expecting the most marks, the lowest among equals: the higher mark bid only when
    ``make`` is above 50%."""
    return max(bids, key=lambda bid: marks_order(expected_marks(bid, make), bid))


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
        """Whether the recommendation is to pass."""
        return self.bid == PASS

    @property
    def contract(self) -> int:
        """The bid the figures are about: the bid, or 30 for a pass."""
        return POINT_BIDS[0] if self.passes else self.bid

    def confirmed(self, successes: int, deals: int, exact: bool = False) -> Recommendation:
        """This recommendation with its figures re-estimated on an independent sample,
        where the same bid and trump were made in ``successes`` of ``deals`` deals
        (``exact``: on every consistent deal, the sample itself)."""
        p = successes / deals
        return replace(
            self,
            make_confirmed=p,
            make_confirmed_ci95=odds_interval(successes, deals, exact),
            expected_marks_confirmed=expected_marks(self.contract, p),
        )


def recommend(trumps: Sequence[TrumpOdds], confidence: float = DEFAULT_CONFIDENCE) -> Recommendation:
    """The hand's bid: the highest bid whose best declaration makes it at least
    ``confidence`` of the time (``highest_made``), with that declaration as trump; a
    pass if not even 30 is made that often."""
    if not trumps:
        raise AnalysisError("no declarations to recommend from")
    confidence = check_confidence(confidence)
    chosen = highest_made(BIDS, lambda bid: best_at(trumps, bid).make(bid), confidence)
    bid = PASS if chosen is None else chosen
    contract = POINT_BIDS[0] if chosen is None else chosen
    best = best_at(trumps, contract)
    p = best.make(contract)
    return Recommendation(
        bid=bid,
        declaration=best.declaration,
        make=p,
        make_ci95=best.make_ci95(contract),
        expected_marks=expected_marks(contract, p),
        confidence=confidence,
    )
