"""Bids, marks and auctions (docs/rules.md#bidding-and-scoring)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from texas42.errors import AuctionError, check_text, is_whole
from texas42.rules.contracts import Contract, minimum_marks
from texas42.rules.dominoes import TOTAL_POINTS
from texas42.rules.house import HouseRules

PASS: Final = 0
"""A pass, in a sequence of bids."""
MARK: Final = 42
"""One mark: the bid 42; 84 is two marks, 126 three, ..."""
POINT_BIDS: Final = tuple(range(30, 42))
BIDS: Final = (*POINT_BIDS, 42, 84)
"""The bids a hand is analysed for: 30..41 (points), 42 (1 mark) and 84 (2 marks)."""
PLUNGE_BID: Final = 4 * MARK
"""A plunge: 4 marks, the only jump bid, allowed before anyone has bid."""


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


_BID_HELP = "bids are pass, 30 to 41, 42, 84, 126, ..."


def parse_bid(token: str) -> int:
    """Parse ``pass`` (or ``p``), a point bid 30..41, or a mark bid 42, 84, 126, ..."""
    text = check_text(token, AuctionError, 'a bid ("pass", "30", "84")').strip().lower()
    if text in ("pass", "p"):
        return PASS
    if re.fullmatch(r"[0-9]{1,5}", text) and _is_bid(int(text)):
        return int(text)
    raise AuctionError(f"not a bid: {token.strip()!r} ({_BID_HELP})")


def _is_bid(value: int) -> bool:
    """A point bid 30..41 or a mark bid (a multiple of 42)."""
    return value in POINT_BIDS or (value >= MARK and value % MARK == 0)


def legal_bids(high: int) -> tuple[int, ...]:
    """The bids allowed over the high bid ``high`` (``PASS`` when nobody has bid).

    Point bids rise to 41; the first mark bid is 42 or 84; after a mark bid each bid
    raises by exactly one mark."""
    if high == PASS:
        return BIDS
    if high in POINT_BIDS:
        return (*range(high + 1, 42), 42, 84)
    return (high + MARK,)


def special_bid(contract: Contract, high: int, house: HouseRules) -> int | None:
    """The bid a special contract is made at over the high bid ``high`` (``PASS``: none),
    or None when it cannot be bid now: a mark bid at the contract's minimum, or one mark
    over a higher mark bid; plunge only before anyone has bid."""
    if contract is Contract.PLUNGE and high != PASS:
        return None
    least = minimum_marks(contract, house)
    return MARK * (least if high < MARK else max(least, marks(high) + 1))


@dataclass(frozen=True)
class Auction:
    """The bids made before ours this hand, first bidder first (``PASS`` for a pass).

    Its length is our place in the bidding: 0 for the first bidder, 3 for the shaker.
    Our partner bid two places before us."""

    bids: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(self.bids) > 3:
            raise AuctionError(
                "an auction before our bid has at most 3 bids (we bid fourth at the latest, as the "
                f"shaker), got {len(self.bids)}: {' '.join(bid_name(b) for b in self.bids)}"
            )
        object.__setattr__(self, "bids", _checked_calls(self.bids))

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
        """The shaker after three passes must bid at least 30 (the default house rule)."""
        return self.is_shaker and self.high_bid == PASS

    def legal_bids(self) -> tuple[int, ...]:
        """The bids we may make now (a pass is always allowed unless ``must_bid``)."""
        return legal_bids(self.high_bid)

    def __str__(self) -> str:
        return " ".join(bid_name(b) for b in self.bids) if self.bids else "(we bid first)"


def _calls_in(text: str) -> list[str]:
    """The calls written in ``text``, separated by spaces or commas."""
    check_text(text, AuctionError, 'an auction ("pass 30 31")')
    return [t for t in re.split(r"[\s,]+", text.strip()) if t]


def parse_auction(text: str) -> Auction:
    """Parse the bids made before ours, e.g. ``"pass 30 31"``; check that each bid is
    legal. 168 (4 marks) before anyone has bid is a plunge."""
    tokens = _calls_in(text)
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
            _check_raise(place, token, bid, high)
            high = bid
        bids.append(bid)
    return Auction(tuple(bids))


@dataclass(frozen=True)
class FinishedAuction:
    """A whole auction: the four calls in the order made, the first bidder's first, with a
    high bid (``parse_finished_auction`` checks it)."""

    bids: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.bids) != 4:
            shown = " ".join(bid_name(b) for b in self.bids) or "(none)"
            raise AuctionError(f"a whole auction has 4 calls, one a player, got {len(self.bids)}: {shown}")
        object.__setattr__(self, "bids", _checked_calls(self.bids))
        if self.bids == (PASS,) * 4:
            raise AuctionError(
                "all four passed, so no hand was played: "
                "write the shaker's forced bid (e.g. pass pass pass 30)"
            )

    @property
    def high_bid(self) -> int:
        return max(self.bids)

    @property
    def is_plunge(self) -> bool:
        """Whether the high bid is a plunge: 4 marks bid before anyone else had bid."""
        return self.high_bid == PLUNGE_BID and all(b == PASS for b in self.bids[: self.winner])

    @property
    def winner(self) -> int:
        """The place (0..3) of the call that won the bid."""
        return self.bids.index(self.high_bid)

    def before(self, place: int) -> Auction:
        """The calls made before ``place``, as the player there saw them."""
        return Auction(self.bids[:place])

    def __str__(self) -> str:
        return " ".join(bid_name(b) for b in self.bids)


def parse_finished_auction(text: str) -> FinishedAuction:
    """Parse a whole auction, e.g. ``"pass 30 31 pass"``: four calls, each legal, and
    somebody bid (after three passes the shaker's forced bid is written as a bid). A
    plunge is refused: its bidder does not declare or lead."""
    tokens = _calls_in(text)
    if len(tokens) != 4:
        raise AuctionError(
            f"a whole auction has 4 calls, one a player, got {len(tokens)}: {' '.join(tokens) or '(none)'}"
        )
    bids = parse_auction(" ".join(tokens[:3])).bids
    last = parse_bid(tokens[3])
    if last != PASS:
        _check_raise(4, tokens[3], last, max(bids))
    return FinishedAuction((*bids, last))


def _checked_calls(bids: object) -> tuple[int, ...]:
    """``bids`` as a tuple of ints if it is a tuple of calls (whole numbers, numpy's
    too), each a pass or a bid legal over the ones before it (what the parsers check,
    for auctions built directly); else an ``AuctionError``."""
    if not isinstance(bids, tuple) or not all(is_whole(b) for b in bids):
        raise AuctionError(f"an auction's calls are ints (a bid, or PASS = 0), got {bids!r}")
    calls = tuple(int(b) for b in bids)
    high = PASS
    for place, bid in enumerate(calls, start=1):
        if bid != PASS:
            if not _is_bid(bid):
                raise AuctionError(f"not a bid: {str(bid)!r} ({_BID_HELP})")
            _check_raise(place, str(bid), bid, high)
            high = bid
    return calls


def _check_raise(place: int, token: str, bid: int, high: int) -> None:
    """An ``AuctionError`` unless ``bid`` may be made over the high bid ``high``."""
    if bid <= high:
        raise AuctionError(f"bid {place}: {token!r} is not above the high bid {high}")
    plunge = high == PASS and bid == PLUNGE_BID  # 4 marks before anyone has bid
    if bid in legal_bids(high) or plunge:
        return
    if high < MARK:
        rule = f"{token!r} comes before 84: the first mark bid is 42 or 84"
    else:
        rule = f"{token!r} after {high}: over a mark bid, raise by exactly one mark ({high + MARK})"
    raise AuctionError(f"bid {place}: {rule}")
