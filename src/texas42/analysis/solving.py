"""Deals with all four hands known: their double-dummy tables and optimal lines of play."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import SupportsIndex

import numpy as np

from texas42 import engine
from texas42.analysis.play import play_rules_for
from texas42.errors import AnalysisError, DealArrayError
from texas42.rules import (
    DECLARATIONS,
    Contract,
    Deal,
    Declaration,
    Domino,
    HouseRules,
    NelloDoubles,
    NelloTricks,
    PlayedContract,
    Position,
    Seat,
    SevensTricks,
    TrumpTricks,
    check_declaration,
    check_seat,
)

DEFAULT_BATCH_DEALS = 64
"""Deals per call to the engine when solving a file (x 9 declarations x 4 bidders)."""


# --- Tables of double-dummy values --------------------------------------------


@dataclass(frozen=True)
class DealTable:
    """The double-dummy values of a deal.

    ``points[declaration][bidder]`` is what the bidder's team takes when that seat
    declares and leads the first trick. With the special contracts, ``nello[bidder]`` is
    1 if the bidder, leading with the partner sitting out, can lose every trick (doubles
    treated as ``nello_doubles``), else 0, and ``sevens[bidder]`` the tricks (0..7) the
    bidder's team takes at sevens, the bidder leading."""

    deal: Deal
    points: tuple[tuple[int, int, int, int], ...]
    nello: tuple[int, int, int, int] | None = None
    sevens: tuple[int, int, int, int] | None = None
    nello_doubles: NelloDoubles | None = None

    @classmethod
    def from_array(
        cls,
        deal: Deal,
        points: np.ndarray,
        specials: tuple[np.ndarray, np.ndarray, NelloDoubles] | None = None,
    ) -> DealTable:
        """Build from a (9, 4) array such as ``engine.solve_table`` returns and, for the
        special contracts, the Nel-O and sevens values of bidders 0..3."""
        if points.shape != (len(DECLARATIONS), 4):
            raise DealArrayError(f"a deal table is (9, 4), got {points.shape}")
        rows = tuple(_row(r) for r in points)
        if specials is None:
            return cls(deal, rows)
        nello, sevens, doubles = specials
        return cls(deal, rows, _row(nello), _row(sevens), doubles)

    def value(self, declaration: Declaration | str | SupportsIndex, bidder: SupportsIndex) -> int:
        """Points of the bidder's team for this declaration (a Declaration, its name or number)."""
        return self.points[check_declaration(declaration).value][check_seat(bidder)]


def _row(values: Sequence[int] | np.ndarray) -> tuple[int, int, int, int]:
    return (int(values[0]), int(values[1]), int(values[2]), int(values[3]))


def solve_deal_table(deal: Deal, threads: int | None = None, house: HouseRules | None = None) -> DealTable:
    """Solve one deal for every declaration and bidder; with ``house`` allowing them,
    also Nel-O and sevens."""
    return _solve_batch([deal], threads, house)[0]


def deals_array(deals: Sequence[Deal]) -> tuple[np.ndarray, np.ndarray]:
    """The (n*4, 4) hand masks and (n*4,) leaders that solve each deal for bidders 0..3."""
    hands = np.array([deal.masks for deal in deals for _ in range(4)], dtype=np.int64).reshape(-1, 4)
    leaders = np.tile(np.arange(4, dtype=np.int64), len(deals))
    return hands, leaders


def iter_deal_tables(
    deals: Iterable[Deal],
    threads: int | None = None,
    batch_deals: int = DEFAULT_BATCH_DEALS,
    house: HouseRules | None = None,
) -> Iterator[DealTable]:
    """Solve deals in batches with ``engine.solve_deals`` (and, with ``house`` allowing
    them, the special contracts); yield the tables in input order."""
    if batch_deals < 1:
        raise AnalysisError(f"batch_deals must be at least 1, got {batch_deals}")
    specials = house is not None and house.specials
    engine.expect(trumps=True, nello=specials, sevens=specials)
    batch: list[Deal] = []
    for deal in deals:
        batch.append(deal)
        if len(batch) == batch_deals:
            yield from _solve_batch(batch, threads, house)
            batch = []
    if batch:
        yield from _solve_batch(batch, threads, house)


def _solve_batch(batch: Sequence[Deal], threads: int | None, house: HouseRules | None) -> list[DealTable]:
    hands, leaders = deals_array(batch)
    result = engine.solve_deals(hands, DECLARATIONS, leaders=leaders, threads=threads)
    # points[i * 4 + bidder, declaration] -> per deal (9, 4)
    per_deal = result.points.reshape(len(batch), 4, len(DECLARATIONS)).transpose(0, 2, 1)
    if house is None or not house.specials:
        return [DealTable.from_array(deal, per_deal[i]) for i, deal in enumerate(batch)]
    nello = engine.solve_nello(hands, leaders, house.nello_doubles, threads).values.reshape(len(batch), 4)
    sevens = engine.solve_sevens(hands, leaders, threads).values.reshape(len(batch), 4)
    return [
        DealTable.from_array(deal, per_deal[i], (nello[i], sevens[i], house.nello_doubles))
        for i, deal in enumerate(batch)
    ]


# --- Lines of play ------------------------------------------------------------


@dataclass(frozen=True)
class PlayedTrick:
    """A trick of an optimal line, with the running score after it."""

    number: int
    leader: Seat
    plays: tuple[tuple[Seat, Domino], ...]
    winner: Seat
    points: int
    score: tuple[int, int]
    """Running points of (seats 0 and 2, seats 1 and 3) after this trick."""

    def domino_of(self, seat: Seat) -> Domino:
        """The domino that ``seat`` played to this trick; an ``AnalysisError`` for a seat
        that did not play to it (Nel-O's partner)."""
        seat = check_seat(seat)
        for s, d in self.plays:
            if s == seat:
                return d
        raise AnalysisError(f"seat {seat} did not play to this trick")


@dataclass(frozen=True)
class PlayLine:
    """An optimal line of play for one declaration (or Nel-O, sevens) and bidder."""

    declaration: PlayedContract
    """The trump (or Nel-O, sevens) the hand is played at."""
    bidder: Seat
    """The seat that bid and leads the first trick."""
    tricks: tuple[PlayedTrick, ...]
    """The tricks in order, each with its plays, winner, points and the score after it."""

    @property
    def played_at(self) -> str:
        """What the hand is played at: ``sixes``, ``follow-me``, ``Nel-O``, ``sevens``."""
        if isinstance(self.declaration, Contract):
            return self.declaration.written
        return self.declaration.label

    @property
    def counts_points(self) -> bool:
        """Whether the line is played for points (a trump), or for the contract alone."""
        return not isinstance(self.declaration, Contract)

    @property
    def bidder_points(self) -> int:
        """Points the bidder's team takes along this line."""
        return self.tricks[-1].score[self.bidder % 2] if self.tricks else 0

    @property
    def bidder_tricks(self) -> int:
        """Tricks the bidder's team takes along this line (at Nel-O, the bidder alone)."""
        if self.declaration is Contract.NELLO:
            return sum(1 for t in self.tricks if t.winner == self.bidder)
        return sum(1 for t in self.tricks if t.winner % 2 == self.bidder % 2)

    @property
    def set_in(self) -> int | None:
        """At Nel-O and sevens, the number of the trick that set the contract along this
        line (the bidder's first trick at Nel-O, the other team's first at sevens); None
        where it is made, and for a trump."""
        if self.declaration is Contract.NELLO:
            return next((t.number for t in self.tricks if t.winner == self.bidder), None)
        if self.declaration is Contract.SEVENS:
            return next((t.number for t in self.tricks if t.winner % 2 != self.bidder % 2), None)
        return None

    @property
    def made(self) -> bool | None:
        """At Nel-O and sevens, whether the contract is made along this line; None for a trump."""
        if self.declaration is Contract.NELLO:
            return self.bidder_tricks == 0
        if self.declaration is Contract.SEVENS:
            return self.bidder_tricks == len(self.tricks)
        return None


def optimal_line(
    deal: Deal, declaration: PlayedContract, bidder: Seat, house: HouseRules | None = None
) -> PlayLine:
    """An optimal line of play (``engine.principal_variation``), trick by trick, with
    the running score of the position after each trick. At Nel-O (the doubles as
    ``house`` says) and sevens, ``contract_line``."""
    bidder = check_seat(bidder)
    if isinstance(declaration, Contract):
        return contract_line(deal, declaration, bidder, HouseRules() if house is None else house)
    position = Position.start(deal, TrumpTricks(declaration), bidder)
    tricks: list[PlayedTrick] = []
    for number, trick in enumerate(engine.principal_variation(deal, declaration, bidder), start=1):
        leader, before = position.leader, sum(position.score)
        for _, d in trick.plays:
            position = position.play(d)
        tricks.append(_played_trick(number, leader, trick.plays, position, before))
    return PlayLine(declaration, bidder, tuple(tricks))


def contract_line(deal: Deal, contract: Contract, bidder: Seat, house: HouseRules) -> PlayLine:
    """An optimal line at Nel-O or sevens: at each turn, the highest domino among the plays
    that keep the contract's outcome from the trick in progress on (made, if the side to
    play can make it or, for the defenders, set it; ``engine.contract_play_values``)."""
    rules = play_rules_for(contract, check_seat(bidder), house)
    assert isinstance(rules, NelloTricks | SevensTricks)
    position = Position.start(deal, rules, bidder)
    tricks: list[PlayedTrick] = []
    while not position.is_over:
        leader, before = position.leader, sum(position.score)
        plays: list[tuple[Seat, Domino]] = []
        for _ in rules.players(leader):
            values = engine.contract_play_values(
                np.array([position.hands], dtype=np.int64), rules, bidder, position.leader, position.played, 1
            ).values[0]
            ours = position.turn == bidder if contract is Contract.NELLO else position.turn % 2 == bidder % 2
            legal = values >= 0
            target = values[legal].max() if ours else values[legal].min()
            d = int(np.flatnonzero(legal & (values == target))[-1])
            plays.append((position.turn, d))
            position = position.play(d)
        tricks.append(_played_trick(len(tricks) + 1, leader, tuple(plays), position, before))
    return PlayLine(contract, bidder, tuple(tricks))


def _played_trick(
    number: int, leader: Seat, plays: tuple[tuple[Seat, Domino], ...], after: Position, before: int
) -> PlayedTrick:
    """The trick ``plays`` led by ``leader``, ``after`` the position it leaves (``before``:
    the points taken before it)."""
    return PlayedTrick(number, leader, plays, after.leader, sum(after.score) - before, after.score)
