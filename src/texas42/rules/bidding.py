"""Bids, marks and auctions (docs/rules.md#bidding-and-scoring)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from texas42.errors import ArgumentTypeError, AuctionError, check_text, is_whole
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
SPLASH: Final = "splash"
"""How a splash is written in an auction: its bid (``splash_bid``) is a mark bid that
numbers alone cannot tell from an ordinary one."""


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


def points_score(bid: int) -> bool:
    """Whether the points taken matter beyond making ``bid``: below 42 only; a bid of 42
    or a mark bid is made only by taking every trick, all 42 points."""
    return needed_points(bid) < TOTAL_POINTS


def expected_marks(bid: int, probability: float) -> float:
    """Expected marks of a bid made with this probability: marks x (2p - 1)."""
    return marks(bid) * (2.0 * probability - 1.0)


def declarable_contracts(bid: int, house: HouseRules) -> tuple[Contract, ...]:
    """The special contracts a bidder who won the bid at ``bid`` may declare instead of a
    trump: Nel-O and sevens, each at a mark bid of at least its minimum marks (none when
    ``house`` plays no special contracts; plunge and splash are bid as such)."""
    if not house.specials or bid < MARK:
        return ()
    return tuple(c for c in (Contract.NELLO, Contract.SEVENS) if bid // MARK >= minimum_marks(c, house))


_BID_HELP = "bids are pass, 30 to 41, 42, 84, 126, ..."


def parse_bid(token: str) -> int:
    """Parse ``pass`` (or ``p``), a point bid 30..41, or a mark bid 42, 84, 126, ..."""
    text = check_text(token, 'a bid ("pass", "30", "84")').strip().lower()
    if text in ("pass", "p"):
        return PASS
    if re.fullmatch(r"[0-9]{1,5}", text) and is_bid(int(text)):
        return int(text)
    raise AuctionError(f"not a bid: {token.strip()!r} ({_BID_HELP})")


def is_bid(value: int) -> bool:
    """Whether ``value`` is a bid: a point bid 30..41 or a mark bid (a multiple of 42)."""
    return value in POINT_BIDS or (value >= MARK and value % MARK == 0)


def splash_bid(high: int) -> int:
    """The bid a splash is made at over the high bid ``high``: 2 marks (84), or one mark
    over a mark bid of 2 marks or more (``special_bid``'s, whatever the house rules)."""
    return _least_mark_bid(minimum_marks(Contract.SPLASH, HouseRules()), high)


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
    """The least bid a special contract may be made at over the high bid ``high``
    (``PASS``: none), or None when it cannot be bid now: a mark bid at the contract's
    minimum, or one mark over a higher mark bid; plunge only before anyone has bid."""
    bids = special_bids(contract, high, house)
    return bids[0] if bids else None


def special_bids(contract: Contract, high: int, house: HouseRules) -> tuple[int, ...]:
    """Every bid a special contract may be made at over the high bid ``high``, lowest
    first: ``special_bid``'s, and for Nel-O and sevens, ordinary mark bids of at least
    their minimum, any other legal mark bid above it (84 over a point bid or none)."""
    return contract_bids(contract, minimum_marks(contract, house), high)


def contract_bids(contract: Contract, least_marks: int, high: int) -> tuple[int, ...]:
    """``special_bids`` for a contract whose minimum is ``least_marks`` marks."""
    if contract is Contract.PLUNGE and high != PASS:
        return ()
    least = _least_mark_bid(least_marks, high)
    if contract in (Contract.PLUNGE, Contract.SPLASH):
        return (least,)
    return tuple(bid for bid in legal_bids(high) if bid >= least)


def _least_mark_bid(least: int, high: int) -> int:
    """``least`` marks, or one mark over a mark bid of that many or more."""
    return MARK * (least if high < MARK else max(least, marks(high) + 1))


class _Calls:
    """What ``Auction`` and ``FinishedAuction`` share: the calls, and where the splashes are."""

    bids: tuple[int, ...]
    splashes: tuple[int, ...]

    def call_contract(self, place: int) -> Contract | None:
        """``call_contract`` of the call at ``place``."""
        return call_contract(self.bids, self.splashes, place)

    def call_names(self) -> tuple[str, ...]:
        """Each call as written: ``pass``, ``30``, ``84``, ``splash``."""
        return tuple(SPLASH if place in self.splashes else bid_name(b) for place, b in enumerate(self.bids))


@dataclass(frozen=True)
class Auction(_Calls):
    """The bids made before ours this hand, first bidder first (``PASS`` for a pass).

    Its length is our place in the bidding: 0 for the first bidder, 3 for the shaker.
    Our partner bid two places before us. ``splashes``: the places (from 0) of the calls
    that were a splash (each at ``splash_bid`` of the high bid before it)."""

    bids: tuple[int, ...] = ()
    splashes: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _check_sequence(self.bids, "parse_auction")
        if len(self.bids) > 3:
            raise AuctionError(
                "an auction before our bid has at most 3 bids (we bid fourth at the latest, as the "
                f"shaker), got {len(self.bids)}: {' '.join(bid_name(b) for b in self.bids)}"
            )
        object.__setattr__(self, "bids", _checked_calls(self.bids))
        object.__setattr__(self, "splashes", _checked_splashes(self.bids, self.splashes))

    @property
    def position(self) -> int:
        """The place of the next call: the number of calls made (3: the shaker's)."""
        return len(self.bids)

    @property
    def is_shaker(self) -> bool:
        """Whether the next call is the shaker's, the last of the auction."""
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
    def partner_contract(self) -> Contract | None:
        """Our partner's plunge or splash, where it holds the bid (we shall name its
        trump), else None."""
        holder = self.high_bidder
        return self.call_contract(holder) if self.partner_holds and holder is not None else None

    @property
    def must_bid(self) -> bool:
        """The shaker after three passes must bid at least 30 (the default house rule)."""
        return self.is_shaker and self.high_bid == PASS

    def legal_bids(self) -> tuple[int, ...]:
        """The bids we may make now (a pass is always allowed unless ``must_bid``)."""
        return legal_bids(self.high_bid)

    def __str__(self) -> str:
        return " ".join(self.call_names()) if self.bids else "(we bid first)"


def call_contract(bids: tuple[int, ...], splashes: tuple[int, ...], place: int) -> Contract | None:
    """The special contract the call at ``place`` of an auction bid, where the call alone
    says so: a plunge (168 before anyone has bid) or a splash (a place of ``splashes``);
    else None (Nel-O and sevens are bid as mark bids, and said only by the declaration)."""
    if place in splashes:
        return Contract.SPLASH
    if bids[place] == PLUNGE_BID and all(b == PASS for b in bids[:place]):
        return Contract.PLUNGE
    return None


def check_house_calls(calls: _Calls, house: HouseRules) -> None:
    """Refuse a plunge or splash in ``calls`` where ``house`` plays no special contracts."""
    if house.specials:
        return
    for place, name in enumerate(calls.call_names()):
        contract = calls.call_contract(place)
        if contract is not None:
            raise AuctionError(
                f"bid {place + 1}: {name!r} is a {contract.written}, "
                "and the house rules play no special contracts"
            )


def _calls_in(text: str) -> list[str]:
    """The calls written in ``text``, separated by spaces or commas."""
    check_text(text, 'an auction ("pass 30 31")')
    return [t for t in re.split(r"[\s,]+", text.strip()) if t]


def parse_auction(text: str) -> Auction:
    """Parse the bids made before ours, e.g. ``"pass 30 31"``; check that each bid is
    legal. 168 (4 marks) before anyone has bid, or ``plunge``, is a plunge; ``splash`` a
    splash, at ``splash_bid``."""
    tokens = _words_checked(_calls_in(text))
    if len(tokens) > 3:
        raise AuctionError(
            f"an auction before our bid has at most 3 bids (we bid fourth at the latest, as the shaker), "
            f"got {len(tokens)}: {' '.join(tokens)}"
        )
    return Auction(*_parse_calls(tokens))


def _words_checked(tokens: list[str]) -> list[str]:
    """``tokens``, each a call's word (``pass``, a bid, ``plunge``, ``splash``), or an
    ``AuctionError`` naming the first that is not: a bad word is named before the calls
    are counted or weighed against each other."""
    for token in tokens:
        if check_text(token, 'a bid ("pass", "30", "84")').strip().lower() not in (SPLASH, "plunge"):
            parse_bid(token)
    return tokens


def _parse_calls(tokens: list[str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The bids of ``tokens``, each legal over the ones before it, and the places of the
    splashes among them."""
    bids: list[int] = []
    splashes: list[int] = []
    high = PASS
    for place, token in enumerate(tokens, start=1):
        text = check_text(token, 'a bid ("pass", "30", "84")').strip().lower()
        if text == SPLASH:
            bid = splash_bid(high)
            splashes.append(place - 1)
        elif text == "plunge":
            if high != PASS:
                raise AuctionError(
                    f"bid {place}: {token!r} after a bid: a plunge is bid before anyone has bid"
                )
            bid = PLUNGE_BID
        else:
            bid = parse_bid(token)
            if bid != PASS:
                _check_raise(place, token, bid, high)
        high = max(high, bid)
        bids.append(bid)
    return tuple(bids), tuple(splashes)


ALL_PASSED: Final = (
    "all four passed: by default the shaker may not pass but must bid 30 or more (write pass pass pass 30); "
    "where all four may pass (all-pass reshuffle), the dominoes are shuffled again and no hand is played"
)


@dataclass(frozen=True)
class FinishedAuction(_Calls):
    """A whole auction: the four calls in the order made, the first bidder's first, with a
    high bid (``parse_finished_auction`` checks it); ``splashes`` as ``Auction``'s."""

    bids: tuple[int, ...]
    splashes: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _check_sequence(self.bids, "parse_finished_auction")
        if len(self.bids) != 4:
            shown = " ".join(bid_name(b) for b in self.bids) or "(none)"
            raise AuctionError(f"a whole auction has 4 calls, one a player, got {len(self.bids)}: {shown}")
        object.__setattr__(self, "bids", _checked_calls(self.bids))
        object.__setattr__(self, "splashes", _checked_splashes(self.bids, self.splashes))
        if self.bids == (PASS,) * 4:
            raise AuctionError(ALL_PASSED)

    @property
    def high_bid(self) -> int:
        """The winning bid: the highest call."""
        return max(self.bids)

    @property
    def is_plunge(self) -> bool:
        """Whether the high bid is a plunge: 4 marks bid before anyone else had bid."""
        return self.partner_contract is Contract.PLUNGE

    @property
    def partner_contract(self) -> Contract | None:
        """The plunge or splash that won the bid (the bidder's partner names trump and
        leads), else None."""
        return self.call_contract(self.winner)

    @property
    def winner(self) -> int:
        """The place (0..3) of the call that won the bid."""
        return self.bids.index(self.high_bid)

    @property
    def declarer(self) -> int:
        """The place (0..3) of the player who names the contract and leads: the winner,
        or at a plunge or a splash the winner's partner."""
        return self.winner if self.partner_contract is None else (self.winner + 2) % 4

    def place_of(self, seat: int, leader: int) -> int:
        """Where the player at ``seat`` called, ``leader`` being the seat of the declarer
        (who named the contract and led)."""
        return (seat - leader + self.declarer) % 4

    def seat_at(self, place: int, leader: int) -> int:
        """The seat of the player who called at ``place``: ``place_of``'s inverse."""
        return (leader + place - self.declarer) % 4

    def before(self, place: int) -> Auction:
        """The calls made before ``place``, as the player there saw them."""
        return Auction(self.bids[:place], tuple(p for p in self.splashes if p < place))

    def __str__(self) -> str:
        return " ".join(self.call_names())


def parse_finished_auction(text: str) -> FinishedAuction:
    """Parse a whole auction, e.g. ``"pass 30 31 pass"``: four calls, each legal, and
    somebody bid (after three passes the shaker's forced bid is written as a bid); a
    plunge and a splash as ``parse_auction`` reads them."""
    tokens = _words_checked(_calls_in(text))
    if len(tokens) != 4:
        raise AuctionError(
            f"a whole auction has 4 calls, one a player, got {len(tokens)}: {' '.join(tokens) or '(none)'}"
        )
    return FinishedAuction(*_parse_calls(tokens))


def _checked_calls(bids: object) -> tuple[int, ...]:
    """``bids`` as a tuple of ints if it is a tuple of calls (whole numbers, numpy's
    too), each a pass or a bid legal over the ones before it (what the parsers check,
    for auctions built directly); else an ``ArgumentTypeError`` (not whole numbers) or an
    ``AuctionError``."""
    if not isinstance(bids, tuple) or not all(is_whole(b) for b in bids):
        raise ArgumentTypeError(f"an auction's calls are ints (a bid, or PASS = 0), got {bids!r}")
    calls = tuple(int(b) for b in bids)
    high = PASS
    for place, bid in enumerate(calls, start=1):
        if bid != PASS:
            if not is_bid(bid):
                raise AuctionError(f"not a bid: {str(bid)!r} ({_BID_HELP})")
            _check_raise(place, str(bid), bid, high)
            high = bid
    return calls


def _check_sequence(bids: object, parser: str) -> None:
    """An ``ArgumentTypeError`` unless ``bids`` is a tuple (of calls, checked after)."""
    if not isinstance(bids, tuple):
        raise ArgumentTypeError(f"an auction's calls are a tuple of ints ({parser} reads text), got {bids!r}")


def _checked_splashes(bids: tuple[int, ...], splashes: object) -> tuple[int, ...]:
    """``splashes`` as a sorted tuple of ints if each is the place of a call of ``bids``
    made at ``splash_bid`` of the high bid before it; else an ``AuctionError``."""
    if not isinstance(splashes, tuple | list) or not all(is_whole(p) for p in splashes):
        raise AuctionError(f"an auction's splashes are the places of calls (ints), got {splashes!r}")
    places = tuple(sorted({int(p) for p in splashes}))
    if len(places) < len(splashes):
        raise AuctionError(f"an auction's splashes name a place twice: {splashes!r}")
    for place in places:
        if not 0 <= place < len(bids):
            raise AuctionError(f"a splash at place {place}, but the auction has {len(bids)} calls")
        high = max(bids[:place], default=PASS)
        if bids[place] != splash_bid(high):
            raise AuctionError(
                f"bid {place + 1}: a splash over {bid_name(high)} is bid at {splash_bid(high)}, "
                f"not {bid_name(bids[place])}"
            )
    return places


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
