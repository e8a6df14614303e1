"""Dominoes, hands and deals (docs/rules.md#dominoes-seats-and-notation).

Dominoes are small ints 0..27 and sets of dominoes are 28-bit masks, in the spirit of
python-chess's squares and bitboards. The numbering puts the domino ``high-low`` at
``high * (high + 1) // 2 + low``: ``0-0`` is 0, ``6-6`` is 27.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from texas42.errors import (
    ArgumentTypeError,
    DuplicateDominoError,
    HandSizeError,
    InvalidDominoError,
    InvalidSeatError,
    check_text,
    check_whole,
    error_for,
    is_whole,
)

Domino = int
"""A domino, 0..27."""

Dominoes = int
"""A set of dominoes as a 28-bit mask."""

Seat = int
"""A seat, 0..3 in playing order; seats 0 and 2 are partners."""

SEATS: Final = range(4)
PIPS: Final = range(7)
HAND_SIZE: Final = 7
TOTAL_POINTS: Final = 42


def domino(high: int, low: int) -> Domino:
    """The domino with these two ends, in either order."""
    if not is_whole(high) or not is_whole(low):
        raise InvalidDominoError(f"no such domino: {high!r}-{low!r} (pips are whole numbers 0 to 6)")
    if high < low:
        high, low = low, high
    if low < 0 or high > 6:
        raise InvalidDominoError(f"no such domino: {high}-{low}")
    return high * (high + 1) // 2 + low


DOMINOES: Final[tuple[Domino, ...]] = tuple(range(28))
HIGH_END: Final[tuple[int, ...]] = tuple(h for h in PIPS for _ in range(h + 1))
LOW_END: Final[tuple[int, ...]] = tuple(lo for h in PIPS for lo in range(h + 1))
DOMINO_NAMES: Final[tuple[str, ...]] = tuple(f"{h}-{lo}" for h, lo in zip(HIGH_END, LOW_END, strict=True))

ALL_DOMINOES: Final[Dominoes] = (1 << 28) - 1
DOUBLES: Final[Dominoes] = sum(1 << domino(p, p) for p in PIPS)
PIP_DOMINOES: Final[tuple[Dominoes, ...]] = tuple(
    sum(1 << d for d in DOMINOES if p in (HIGH_END[d], LOW_END[d])) for p in PIPS
)
"""PIP_DOMINOES[p]: the seven dominoes with an end p."""

COUNT: Final[tuple[int, ...]] = tuple(
    10 if (HIGH_END[d], LOW_END[d]) in ((5, 5), (6, 4)) else 5 if HIGH_END[d] + LOW_END[d] == 5 else 0
    for d in DOMINOES
)
"""COUNT[d]: the count (bonus points) of domino d: 10, 5 or 0 (docs/rules.md#count-and-points)."""
TEN_COUNT: Final[Dominoes] = sum(1 << d for d in DOMINOES if COUNT[d] == 10)
FIVE_COUNT: Final[Dominoes] = sum(1 << d for d in DOMINOES if COUNT[d] == 5)


def high_end(d: Domino) -> int:
    return HIGH_END[d]


def low_end(d: Domino) -> int:
    return LOW_END[d]


def is_double(d: Domino) -> bool:
    return HIGH_END[d] == LOW_END[d]


def check_domino(d: object) -> Domino:
    """``d`` as an int if it is a domino number 0..27 (numpy's integers too), else an
    ``InvalidDominoError``."""
    if not is_whole(d) or not 0 <= d < len(DOMINO_NAMES):
        raise error_for(d, InvalidDominoError)(f"not a domino: {d!r} (dominoes are numbered 0 to 27)")
    return int(d)


def domino_name(d: Domino) -> str:
    return DOMINO_NAMES[check_domino(d)]


def dominoes_in(mask: Dominoes) -> Iterator[Domino]:
    """The dominoes of a mask, lowest first."""
    if mask < 0:  # its bits never run out
        raise ArgumentTypeError(f"a mask of dominoes is an int of 28 bits, got {mask!r}")
    while mask:
        low_bit = mask & -mask
        yield low_bit.bit_length() - 1
        mask ^= low_bit


def mask_of(dominoes: Iterable[Domino]) -> Dominoes:
    mask = 0
    for d in dominoes:
        mask |= 1 << check_domino(d)
    return mask


def _mask_of_dominoes(dominoes: object) -> Dominoes:
    """``mask_of`` for a hand's dominoes given in any form: an ``ArgumentTypeError`` for
    something that is neither a mask nor dominoes (text among them: ``parse_hand`` reads it),
    a ``DuplicateDominoError`` for a domino given twice."""
    try:
        if isinstance(dominoes, bool | str) or not isinstance(dominoes, Iterable):
            raise TypeError
        given = list(dominoes)
    except TypeError:  # not iterable, or in name only, as numpy's 0-d arrays
        raise ArgumentTypeError(
            f"a hand is a mask or dominoes (parse_hand reads text), got {dominoes!r}"
        ) from None
    mask = 0
    for d in given:
        bit = 1 << check_domino(d)
        if mask & bit:
            raise DuplicateDominoError(f"duplicate domino: {DOMINO_NAMES[int(d)]} is given twice")
        mask |= bit
    return mask


def count_of(dominoes: Dominoes) -> int:
    """The total count of a set of dominoes."""
    return sum(COUNT[d] for d in dominoes_in(dominoes))


def trick_points(plays: Iterable[Domino]) -> int:
    """A trick is worth 1 point plus the count it holds."""
    return 1 + sum(COUNT[d] for d in plays)


def points_at_stake(dominoes: Dominoes) -> int:
    """The points still to be won when these dominoes (whole tricks) remain."""
    return count_of(dominoes) + dominoes.bit_count() // 4


def team_of(seat: Seat) -> int:
    """Team 0 is seats 0 and 2; team 1 is seats 1 and 3."""
    return seat % 2


# --- Parsing ------------------------------------------------------------------

_DOMINO_TOKEN = re.compile(r"([0-9])-?([0-9])")


def parse_domino(token: str) -> Domino:
    """Parse ``6-4``, ``4-6``, ``64`` or ``46``."""
    match = _DOMINO_TOKEN.fullmatch(check_text(token, 'a domino ("6-4")').strip())
    if match is None:
        raise InvalidDominoError(f"not a domino: {token.strip()!r} (write it like 6-4)")
    a, b = int(match[1]), int(match[2])
    if a > 6 or b > 6:
        raise InvalidDominoError(f"not a domino: {token.strip()!r} (pips run from 0 to 6)")
    return domino(a, b)


def parse_dominoes(text: str, size: int | None = HAND_SIZE) -> Hand:
    """Parse dominoes separated by spaces or commas; ``size`` None accepts any number."""
    check_text(text, 'a hand ("6-4 5-5 5-2 4-3 4-2 3-2 3-1")')
    sizes = range(1, HAND_SIZE + 1)
    if size is not None and check_whole(size, ArgumentTypeError, "a hand's size") not in sizes:
        raise HandSizeError(f"a hand's size is 1 to {HAND_SIZE} dominoes (or None: any), got {size!r}")
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    mask = 0
    for token in tokens:
        d = parse_domino(token)
        if mask >> d & 1:
            raise DuplicateDominoError(f"duplicate domino: {token} ({DOMINO_NAMES[d]} appears twice)")
        mask |= 1 << d
    if size is not None and len(tokens) != size:
        shown = " ".join(tokens) if tokens else "(nothing)"
        raise HandSizeError(f"a hand needs {size} dominoes, got {len(tokens)}: {shown}")
    return Hand(mask)


def parse_hand(text: str) -> Hand:
    """Parse a hand of seven dominoes."""
    return parse_dominoes(text, HAND_SIZE)


def parse_deal(text: str, hand_size: int | None = HAND_SIZE) -> Deal:
    """Parse four hands separated by ``/``, seat 0 first.

    With ``hand_size`` None, the hands may hold any equal number of dominoes (an
    end-game position)."""
    parts = check_text(text, 'a deal ("H0 / H1 / H2 / H3")').split("/")
    if len(parts) != 4:
        raise HandSizeError(f"a deal needs 4 hands separated by '/', got {len(parts)}")
    hands = tuple(parse_dominoes(part, hand_size) for part in parts)
    return Deal.from_hands(hands)


def parse_seat(text: str) -> Seat:
    """Parse a seat ``0``..``3``."""
    token = check_text(text, 'a seat ("0" to "3")').strip()
    if token not in ("0", "1", "2", "3"):
        raise InvalidSeatError(f"not a seat: {token!r} (seats are 0, 1, 2, 3 in playing order)")
    return int(token)


def check_seat(seat: object) -> Seat:
    """``seat`` as an int if it is a seat 0..3 (numpy's integers too), else an
    ``InvalidSeatError``."""
    if not is_whole(seat) or seat not in SEATS:
        raise error_for(seat, InvalidSeatError)(
            f"not a seat: {seat!r} (seats are 0, 1, 2, 3 in playing order)"
        )
    return int(seat)


# --- Hands and deals ----------------------------------------------------------


class Hand:
    """An immutable set of dominoes, backed by a mask."""

    __slots__ = ("mask",)

    mask: Dominoes

    def __init__(self, dominoes: Dominoes | Iterable[Domino] = 0) -> None:
        mask = int(dominoes) if is_whole(dominoes) else _mask_of_dominoes(dominoes)
        if not 0 <= mask <= ALL_DOMINOES:
            raise InvalidDominoError(f"not a domino mask: {mask:#x}")
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Hand cannot be changed (it is immutable): {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Hand cannot be changed (it is immutable): {name}")

    def __reduce__(self) -> tuple[type[Hand], tuple[Dominoes]]:
        return (Hand, (self.mask,))  # copies and pickles are made anew, not set attribute by attribute

    def __iter__(self) -> Iterator[Domino]:
        """Highest domino first, as players sort their hands."""
        return iter(sorted(dominoes_in(self.mask), reverse=True))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, d: object) -> bool:
        return is_whole(d) and 0 <= d < 28 and bool(self.mask >> int(d) & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return " ".join(DOMINO_NAMES[d] for d in self)

    def __repr__(self) -> str:
        return f"Hand('{self}')"

    def names(self) -> list[str]:
        """The dominoes' names ("6-4"), highest first, as ``str`` lists them."""
        return [DOMINO_NAMES[d] for d in self]


def hand_mask(dominoes: Dominoes | Hand, what: str = "a hand") -> Dominoes:
    """The mask of a ``Hand``, or a mask (an int of 28 bits, numpy's too) as an int; else
    an ``ArgumentTypeError`` naming ``what``."""
    if isinstance(dominoes, Hand):
        return dominoes.mask
    if is_whole(dominoes) and 0 <= dominoes <= ALL_DOMINOES:
        return int(dominoes)
    raise ArgumentTypeError(f"{what} is a Hand or a mask of dominoes (an int of 28 bits), got {dominoes!r}")


def check_dealt(hand: Dominoes | Hand) -> None:
    """A ``HandSizeError`` unless ``hand`` (a ``Hand`` or a mask) is a dealt hand of
    ``HAND_SIZE`` dominoes."""
    size = hand_mask(hand).bit_count()
    if size != HAND_SIZE:
        raise HandSizeError(f"a hand needs {HAND_SIZE} dominoes, got {size}")


class Deal(tuple[Hand, Hand, Hand, Hand]):
    """Four disjoint hands of equal size, seat 0 first (checked when made)."""

    def __new__(cls, hands: Sequence[Hand]) -> Deal:
        if not isinstance(hands, Sequence) or isinstance(hands, str):
            raise ArgumentTypeError(f"a deal is four Hand objects (parse_deal reads text), got {hands!r}")
        hands = tuple(hands)
        if any(not isinstance(h, Hand) for h in hands):
            raise ArgumentTypeError(f"a deal's hands must be Hand objects, got {hands!r}")
        cls._check(hands)
        return super().__new__(cls, hands)

    @classmethod
    def from_hands(cls, hands: Sequence[Hand]) -> Deal:
        """The deal of four ``hands``, seat 0 first (checked as ``Deal(hands)``)."""
        return cls(hands)

    @staticmethod
    def _check(hands: tuple[Hand, ...]) -> None:
        if len(hands) != 4:
            raise HandSizeError(f"a deal needs 4 hands, got {len(hands)}")
        seen = 0
        for seat, hand in enumerate(hands):
            clash = seen & hand.mask
            if clash:
                name = DOMINO_NAMES[next(dominoes_in(clash))]
                raise DuplicateDominoError(f"duplicate domino: {name} is in two hands (again in seat {seat})")
            seen |= hand.mask
        sizes = {len(h) for h in hands}
        if len(sizes) != 1 or 0 in sizes:
            raise HandSizeError(
                "the hands of a deal must hold the same number of dominoes, got "
                + ", ".join(str(len(h)) for h in hands)
            )

    @property
    def masks(self) -> tuple[Dominoes, Dominoes, Dominoes, Dominoes]:
        """The four hands' masks, seat 0 first."""
        return (self[0].mask, self[1].mask, self[2].mask, self[3].mask)

    def __str__(self) -> str:
        return " / ".join(str(h) for h in self)
