"""Solving deals for the command line: plain results, deal files and JSON.

Everything here returns plain dataclasses; the CLI only parses and prints them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from texas42 import engine, rules
from texas42.rules import DECLARATIONS, Deal, Declaration, Domino, HouseRules, NelloDoubles, Seat

T = TypeVar("T")

DEFAULT_BATCH_DEALS = 64
"""Deals per call to the engine when solving a file (x 9 declarations x 4 bidders)."""


class InvalidSeatError(rules.Texas42Error):
    """A token that is not a seat 0..3."""


def parse_seat(text: str) -> Seat:
    """Parse a seat ``0``..``3``."""
    token = text.strip()
    if token not in ("0", "1", "2", "3"):
        raise InvalidSeatError(f"not a seat: {token!r} (seats are 0, 1, 2, 3 in playing order)")
    return int(token)


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
            raise ValueError(f"a deal table is (9, 4), got {points.shape}")
        rows = tuple(_row(r) for r in points)
        if specials is None:
            return cls(deal, rows)
        nello, sevens, doubles = specials
        return cls(deal, rows, _row(nello), _row(sevens), doubles)

    def value(self, declaration: Declaration, bidder: Seat) -> int:
        """Points of the bidder's team for this declaration."""
        return self.points[declaration.value][bidder]


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
        raise ValueError(f"batch_deals must be at least 1, got {batch_deals}")
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
        """The domino that ``seat`` played to this trick."""
        for s, d in self.plays:
            if s == seat:
                return d
        raise KeyError(seat)


@dataclass(frozen=True)
class PlayLine:
    """An optimal line of play for one declaration and bidder."""

    declaration: Declaration
    bidder: Seat
    tricks: tuple[PlayedTrick, ...]

    @property
    def bidder_points(self) -> int:
        """Points the bidder's team takes along this line."""
        return self.tricks[-1].score[self.bidder % 2] if self.tricks else 0


def optimal_line(deal: Deal, declaration: Declaration, bidder: Seat) -> PlayLine:
    """An optimal line of play, trick by trick, with running scores."""
    if bidder not in rules.SEATS:
        raise InvalidSeatError(f"not a seat: {bidder!r} (seats are 0, 1, 2, 3 in playing order)")
    score = [0, 0]
    tricks: list[PlayedTrick] = []
    for number, trick in enumerate(engine.principal_variation(deal, declaration, bidder), start=1):
        score[trick.winner % 2] += trick.points
        tricks.append(
            PlayedTrick(
                number=number,
                leader=trick.plays[0][0],
                plays=trick.plays,
                winner=trick.winner,
                points=trick.points,
                score=(score[0], score[1]),
            )
        )
    return PlayLine(declaration, bidder, tuple(tricks))


# --- Deal files ---------------------------------------------------------------


@dataclass(frozen=True)
class NumberedDeal:
    """A valid deal and the line it came from (1-based)."""

    line: int
    deal: Deal


@dataclass(frozen=True)
class LineError:
    """A bad line of a deals file."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class DealsInput:
    """The valid deals of a deals file and the errors of its bad lines."""

    deals: tuple[NumberedDeal, ...]
    errors: tuple[LineError, ...]


def strip_comment(line: str) -> str:
    """The line without a ``#`` comment and surrounding blanks."""
    return line.split("#", 1)[0].strip()


def parse_lines(
    lines: Iterable[str], parse: Callable[[int, str], T]
) -> tuple[tuple[T, ...], tuple[LineError, ...]]:
    """Parse one item a line with ``parse(number, text)``; ``#`` comments and blank lines
    are ignored. Every bad line is collected as a ``LineError`` rather than raised."""
    items: list[T] = []
    errors: list[LineError] = []
    for number, line in enumerate(lines, start=1):
        text = strip_comment(line)
        if not text:
            continue
        try:
            items.append(parse(number, text))
        except rules.Texas42Error as error:
            errors.append(LineError(number, str(error)))
    return tuple(items), tuple(errors)


def read_deals(lines: Iterable[str]) -> DealsInput:
    """Parse one deal a line; see ``parse_lines``."""
    return DealsInput(*parse_lines(lines, lambda number, text: NumberedDeal(number, rules.parse_deal(text))))


# --- JSON ---------------------------------------------------------------------


def hands_to_json(deal: Deal) -> list[list[str]]:
    """The hands as lists of domino names, high end first (``"6-4"``)."""
    return [hand.names() for hand in deal]


def line_to_json(line: PlayLine) -> list[dict[str, Any]]:
    """``[{"plays": [[seat, "6-4"], ...], "winner": s, "points": p}, ...]``."""
    return [
        {
            "plays": [[seat, rules.domino_name(d)] for seat, d in trick.plays],
            "winner": trick.winner,
            "points": trick.points,
        }
        for trick in line.tricks
    ]


def table_to_json(table: DealTable, line: PlayLine | None = None) -> dict[str, Any]:
    """``{"hands": [...], "table": {label: [p0, p1, p2, p3], ...}}``, plus ``"line"`` if given.

    With the special contracts, ``table`` also has ``"nello"`` (1 or 0 per bidder) and
    ``"sevens"`` (tricks 0..7 per bidder), and ``"nello_doubles"`` says how doubles played."""
    result: dict[str, Any] = {
        "hands": hands_to_json(table.deal),
        "table": {d.label: list(table.points[d.value]) for d in DECLARATIONS},
    }
    if table.nello is not None and table.sevens is not None and table.nello_doubles is not None:
        result["table"]["nello"] = list(table.nello)
        result["table"]["sevens"] = list(table.sevens)
        result["nello_doubles"] = table.nello_doubles.label
    if line is not None:
        result["line"] = line_to_json(line)
    return result
