"""What the calls before ours say of the other hands: each other seat's doubles, count and
trumps on average over the deals drawn to fit the auction, beside the same averages over
uniform deals (or deals that fit ``--holds``/``--lacks`` alone)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from texas42.rules import DOUBLES, FIVE_COUNT, TEN_COUNT, Auction, Declaration, FinishedAuction


@dataclass(frozen=True)
class Holding:
    """Means over a set of deals of what one seat holds: ``doubles``; ``count``, the
    points of the count dominoes (5-5 and 6-4 ten each; 5-0, 4-1 and 3-2 five); ``trumps``,
    the dominoes of the trump counted (None at follow-me, which has none)."""

    doubles: float
    count: float
    trumps: float | None


@dataclass(frozen=True)
class SeatReading:
    """One other seat (1 the left opponent, 2 the partner, 3 the right opponent), the calls
    it made (in order; ``names`` as written: ``pass``, ``30``, ``splash``), and what it
    holds on the deals that fit the auction (``fitted``) and on the deals that ignore it
    (``uniform``)."""

    seat: int
    calls: tuple[int, ...]
    names: tuple[str, ...]
    fitted: Holding
    uniform: Holding


@dataclass(frozen=True)
class AuctionReading:
    """What the auction says of the other hands: ``seats`` 1 to 3, the trumps counted
    those of ``declaration`` (None: no trumps counted, a special contract advised), over
    ``deals`` deals drawn to fit the auction against ``uniform_deals`` that ignore it
    (``constrained``: these fit ``--holds``/``--lacks``)."""

    declaration: Declaration | None
    deals: int
    uniform_deals: int
    seats: tuple[SeatReading, ...]
    constrained: bool = False


def holding(hands: np.ndarray, declaration: Declaration | None) -> Holding:
    """The means of ``Holding`` over the hands (masks) of one seat."""
    tens = np.bitwise_count(hands & TEN_COUNT).astype(np.int64)
    fives = np.bitwise_count(hands & FIVE_COUNT).astype(np.int64)
    trumps = 0 if declaration is None else declaration.trumps
    return Holding(
        doubles=float(np.bitwise_count(hands & DOUBLES).mean()),
        count=float((10 * tens + 5 * fives).mean()),
        trumps=float(np.bitwise_count(hands & trumps).mean()) if trumps else None,
    )


def our_place(auction: Auction | FinishedAuction) -> int:
    """Where we called in ``auction``: next, in the bids before ours; in a whole auction,
    as the high bidder, or as the partner of the plunge or splash that won it (as
    ``deal.inference.calls`` has it)."""
    return auction.declarer if isinstance(auction, FinishedAuction) else auction.position


def read_auction(
    auction: Auction | FinishedAuction,
    fitted: np.ndarray,
    uniform: np.ndarray,
    declaration: Declaration | None,
    constrained: bool = False,
) -> AuctionReading:
    """``AuctionReading`` of ``auction`` (the calls before ours, or a whole auction in
    which we declare; we are seat 0) from the deals ``fitted`` (n, 4) drawn to fit it and
    the deals ``uniform`` (m, 4) that ignore it, the trumps counted those of
    ``declaration``."""
    ours = our_place(auction)
    names = auction.call_names()

    def places(seat: int) -> list[int]:
        return [place for place in range(len(auction.bids)) if (place - ours) % 4 == seat]

    seats = tuple(
        SeatReading(
            seat,
            tuple(auction.bids[p] for p in places(seat)),
            tuple(names[p] for p in places(seat)),
            holding(fitted[:, seat], declaration),
            holding(uniform[:, seat], declaration),
        )
        for seat in (1, 2, 3)
    )
    return AuctionReading(declaration, int(fitted.shape[0]), int(uniform.shape[0]), seats, constrained)
