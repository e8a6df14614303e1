"""One hand followed at the table as one player sees it (``texas42 follow``): the calls,
the declaration and the plays, entered one at a time as they happen, each checked by
the rules before it is taken.

The player is seat 0; seat 1 (the left opponent), 2 (the partner) and 3 (the right
opponent) follow clockwise. ``place`` is the player's place in the bidding (0: the
first bidder, 3: the shaker): the call at place k is seat (k - place) mod 4's. The
high bidder declares and leads, but at a plunge or a splash its partner names the
trump and leads. The hand ends when all have passed (where the house reshuffles), when
the bid is made or set (a trump hand: the bidder's team has the points, or can no
longer reach them; Nel-O and sevens: the first trick that sets it, or the last), or
after the last trick.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any, SupportsIndex

from texas42 import deal
from texas42.analysis.play import bid_decided, contract_set, hand_bid, play_rules_for
from texas42.deal.constrained import doubles_possible
from texas42.errors import AuctionError, UsageError, check_kind, check_text, check_whole
from texas42.rules import (
    AllPass,
    Auction,
    Contract,
    Declaration,
    Domino,
    Dominoes,
    FinishedAuction,
    Hand,
    HouseRules,
    PlayedContract,
    PlayHistory,
    Seat,
    TrumpTricks,
    Word,
    check_dealt,
    check_domino,
    check_house_calls,
    check_seat,
    domino_name,
    doubles_held,
    doubles_needed,
    parse_auction,
    parse_domino,
    parse_finished_auction,
    parse_hand,
    parse_played_contract,
    replay,
)

CALLS: int = 4


class TableStage(Word):
    """Where the hand stands."""

    BIDDING = "bidding"
    DECLARING = "declaring"
    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True)
class TableHand:
    """``hand`` (seat 0's, dealt) at ``place`` in the bidding, under ``house``, with the
    ``calls`` made so far (as written), the ``contract`` declared and the ``plays`` since,
    in order. Build it with ``dealt`` and ``enter`` what happens, each entry checked; one
    built with its entries is checked as if they were entered in turn."""

    hand: Hand
    place: int
    house: HouseRules
    calls: tuple[str, ...] = ()
    contract: PlayedContract | None = None
    plays: tuple[Domino, ...] = ()

    def __post_init__(self) -> None:
        check_kind(self.hand, Hand, "hand is a Hand (TableHand.dealt takes its text)")
        check_dealt(self.hand)
        check_kind(self.house, HouseRules, "house is a HouseRules")
        place = check_whole(self.place, UsageError, "the place in the bidding")
        if place not in range(CALLS):
            raise UsageError(f"the place in the bidding is 0 to 3 (3: the shaker), got {self.place}")
        object.__setattr__(self, "place", place)  # numpy's integers kept as ints
        if self.calls or self.contract is not None or self.plays:
            entered = self._check_entries()
            object.__setattr__(self, "calls", entered.calls)  # as players write them
            object.__setattr__(self, "plays", entered.plays)

    def _check_entries(self) -> TableHand:
        """The hand the entries make when entered in turn: a ``Texas42Error`` where one
        cannot be."""
        check_kind(self.calls, tuple, "calls is a tuple of calls as written")
        check_kind(self.plays, tuple, "plays is a tuple of dominoes")
        if self.contract is not None:
            check_kind(self.contract, (Declaration, Contract), "contract is a Declaration or a Contract")
            if len(self.calls) < CALLS:
                raise UsageError(
                    f"a contract is declared once all four have called, got {len(self.calls)} calls"
                )
        table = TableHand(self.hand, self.place, self.house)
        entries = [*self.calls, *([] if self.contract is None else [self.contract.label])]
        for entry in entries:
            table = table.enter(check_text(entry, "a call"))
        for domino in self.plays:
            table = table.enter(domino_name(check_domino(domino)))
        return table

    def _with(self, **changes: Any) -> TableHand:
        """This hand with ``changes``, already checked (``replace`` would check it all again)."""
        new = object.__new__(TableHand)
        for field in fields(self):
            object.__setattr__(new, field.name, changes.get(field.name, getattr(self, field.name)))
        return new

    @classmethod
    def dealt(cls, hand: Hand | str, position: SupportsIndex, house: HouseRules | None = None) -> TableHand:
        """A hand about to be bid: ``hand`` (a ``Hand`` or its text), ``position`` in the
        bidding from 1 (the first bidder) to 4 (the shaker), under ``house`` (the default
        rules if None)."""
        place = check_whole(position, UsageError, "the position in the bidding")
        if place not in range(1, CALLS + 1):
            raise UsageError(f"the position in the bidding is 1 to 4 (4: the shaker), got {position}")
        parsed = parse_hand(hand) if isinstance(hand, str) else hand
        return cls(parsed, place - 1, HouseRules() if house is None else house)

    def seat_at(self, place: SupportsIndex) -> Seat:
        """The seat that makes the call at ``place`` (0..3; a place of a call, as a seat is)."""
        return (check_seat(place) - self.place) % CALLS

    @cached_property
    def auction(self) -> FinishedAuction | None:
        """The whole auction once all four have called (None while it goes on, or when
        all passed and the house reshuffles)."""
        if len(self.calls) < CALLS or self.reshuffled:
            return None
        return parse_finished_auction(" ".join(self.calls))

    @property
    def reshuffled(self) -> bool:
        """Whether all four passed where the house reshuffles: no hand is played."""
        return self.calls == ("pass",) * CALLS and self.house.all_pass is AllPass.RESHUFFLE

    @property
    def declarer(self) -> Seat:
        """The seat that names the contract and leads: the high bidder, or at a plunge or
        a splash its partner (only once the auction is over)."""
        auction = self.auction
        if auction is None:
            why = "all four passed: the hand is reshuffled" if self.reshuffled else "the auction is not over"
            raise UsageError(f"{why}: nobody declares")
        return self.seat_at(auction.declarer)

    @property
    def bid(self) -> int:
        """The bid the hand is played at (only once the contract is declared)."""
        if self.contract is None or self.auction is None:
            raise UsageError("no contract is declared yet")
        return hand_bid(self.contract, None, self.auction, self.house)

    @cached_property
    def history(self) -> PlayHistory:
        """The plays so far, as seat 0 saw them (only once the contract is declared)."""
        if self.contract is None:
            raise UsageError("no contract is declared yet")
        rules = play_rules_for(self.contract, self.declarer, self.house)
        return replay(rules, self.declarer, self.plays, 0, self.hand)

    @property
    def stage(self) -> TableStage:
        """Bidding, declaring, playing, or over."""
        if self.reshuffled:
            return TableStage.OVER
        if len(self.calls) < CALLS:
            return TableStage.BIDDING
        if self.contract is None:
            return TableStage.DECLARING
        return TableStage.PLAYING if self._played_out is None else TableStage.OVER

    @property
    def _played_out(self) -> str | None:
        """Once the contract is declared: ``made`` or ``set`` as soon as the tricks decide
        it (at Nel-O and sevens, made only with the last trick), else None."""
        history = self.history
        if contract_set(history) is not None:
            return "set"
        decided = bid_decided(history, self.bid)
        if decided is not None:
            return "made" if decided.made else "set"
        return "made" if history.is_over else None

    @property
    def outcome(self) -> str | None:
        """``made`` or ``set`` (the bid, for the bidder's team), ``reshuffled``, or None
        while the hand goes on."""
        if self.reshuffled:
            return "reshuffled"
        return None if self.contract is None else self._played_out

    @property
    def to_act(self) -> Seat | None:
        """The seat whose call, declaration or play comes next (None once it is over)."""
        stage = self.stage
        if stage is TableStage.BIDDING:
            return self.seat_at(len(self.calls))
        if stage is TableStage.DECLARING:
            return self.declarer
        if stage is TableStage.PLAYING:
            return self.history.turn
        return None

    def legal_plays(self) -> Dominoes:
        """The dominoes seat 0 may play now, as a mask (bit d for domino d; ``Hand(mask)``
        lists them): a ``UsageError`` unless it is its turn to play."""
        if self.stage is not TableStage.PLAYING or self.history.turn != 0:
            raise UsageError("it is not seat 0's turn to play")
        history = self.history
        held = self.hand.mask & ~history.played_by(0)
        return history.play_rules.legal_plays(held, history.trick[0] if history.trick else None)

    @property
    def bidding(self) -> Auction:
        """The calls so far, as the player to call next sees them."""
        return parse_auction(" ".join(self.calls))

    def enter(self, token: str) -> TableHand:
        """This hand once ``token`` has happened: the next call, the contract declared or
        the next play, as the stage says; a ``Texas42Error`` naming it if it cannot be."""
        check_text(token, "an entry")
        if len(token.split()) != 1:
            raise UsageError(f"enter one call, contract or domino at a time, got {token!r}")
        stage = self.stage
        if stage is TableStage.BIDDING:
            return self._call(token)
        if stage is TableStage.DECLARING:
            return self._declared(token)
        if stage is TableStage.PLAYING:
            return self._played(parse_domino(token))
        raise UsageError(f"{token!r}: the hand is over ({self._why_over()})")

    def _why_over(self) -> str:
        """Why no entry is taken any more: how the hand ended."""
        outcome = self.outcome
        if outcome == "reshuffled":
            return "all four passed: the hand is reshuffled"
        history = self.history
        if outcome is not None and not history.is_over:
            return (
                f"the bid of {self.bid} is {outcome} after {history.tricks_played} "
                f"trick{'s' * (history.tricks_played != 1)}: "
                "the tricks left do not matter"
            )
        return f"the bid of {self.bid} is {outcome}: every trick has been played"

    def _call(self, token: str) -> TableHand:
        calls = (*self.calls, token.strip().lower())
        if len(calls) < CALLS:
            auction = parse_auction(" ".join(calls))
            after = self._with(calls=auction.call_names())  # as players write them: "p" is "pass"
            check_house_calls(auction, self.house)
            after._check_doubles(auction)
            return after
        if self.house.all_pass is AllPass.RESHUFFLE and set(calls) <= {"pass", "p"}:
            return self._with(calls=("pass",) * CALLS)
        whole = parse_finished_auction(" ".join(calls))
        after = self._with(calls=whole.call_names())
        check_house_calls(whole, self.house)
        # Before any play the trump does not matter: only who declares and what we hold.
        before = replay(TrumpTricks(Declaration.FOLLOW_ME), after.declarer, ())
        deal.check_played_auction(before, 0, self.hand.mask, whole)
        return after

    def _declared(self, token: str) -> TableHand:
        contract = parse_played_contract(token)
        auction = self.auction
        assert auction is not None
        if contract in (Contract.PLUNGE, Contract.SPLASH):
            raise AuctionError(f"{token!r}: a {contract.label} is bid, not declared: declare its trump")
        if auction.partner_contract is not None and isinstance(contract, Contract):
            raise AuctionError(
                f"{token!r}: at a {auction.partner_contract.written} the partner names a trump "
                "(blanks to sixes, doubles or follow-me)"
            )
        hand_bid(contract, None, auction, self.house)  # the contract may be played at the bid
        after = self._with(contract=contract)
        deal.check_played_auction(after.history, 0, self.hand.mask, auction)
        return after

    def _played(self, domino: Domino) -> TableHand:
        after = self._with(plays=(*self.plays, domino))
        assert self.auction is not None
        deal.check_seen(after.history, 0, self.hand.mask)  # some deal of the unseen still fits
        deal.check_played_auction(after.history, 0, self.hand.mask, self.auction)
        return after

    def undone(self) -> TableHand:
        """This hand without its last entry (itself if nothing was entered)."""
        if self.plays:
            return self._with(plays=self.plays[:-1])
        if self.contract is not None:
            return self._with(contract=None)
        return self._with(calls=self.calls[:-1])

    def _check_doubles(self, auction: Auction) -> None:
        """An ``AuctionError`` unless every plunge and splash of ``auction`` (the calls so
        far, in order) may hold the doubles it needs: ours in our hand, the others' in
        some deal of the unseen dominoes, together."""
        needs: dict[int, int] = {}
        named: list[str] = []
        for place in range(len(auction.bids)):
            contract = auction.call_contract(place)
            if contract is None:
                continue
            needed, seat = doubles_needed(contract), self.seat_at(place)
            held = doubles_held(self.hand.mask)
            if seat == 0 and held < needed:
                raise AuctionError(
                    f"a {contract.written} needs {needed} doubles or more, and your hand holds {held}"
                )
            if seat != 0:
                needs[seat] = needed
                named.append(f"the {contract.written} of seat {seat} needs {needed} doubles or more")
        if needs and not doubles_possible(self.hand, deal.DealConstraints(), needs):
            them = "it" if len(named) == 1 else "them"
            raise AuctionError(f"{' and '.join(named)}, but no deal around your hand gives {them} that many")
