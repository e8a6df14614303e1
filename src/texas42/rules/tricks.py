"""Suits, following and winning a trick (docs/rules.md#suits-following-and-winning-a-trick):
the nine trump declarations, Nel-O and sevens, each as functions and behind one
interface, ``TrickRules``."""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Final, Protocol

from texas42.errors import (
    ArgumentTypeError,
    InvalidDeclarationError,
    InvalidSeatError,
    check_text,
    error_for,
    is_whole,
)
from texas42.rules.dominoes import (
    ALL_DOMINOES,
    COUNT,
    DOMINOES,
    DOUBLES,
    HIGH_END,
    LOW_END,
    PIP_DOMINOES,
    PIPS,
    SEATS,
    Domino,
    Dominoes,
    Seat,
    check_seat,
    is_double,
    mask_of,
)
from texas42.rules.house import NelloDoubles, parse_nello_doubles

Suit = int
"""A suit: a pip 0..6, or TRUMP."""

TRUMP: Final[Suit] = 7
DECLARATION_COUNT: Final = 9


class Declaration(enum.IntEnum):
    """What the bidder names as trump: a pip suit, doubles, or no trump."""

    BLANKS = 0
    ACES = 1
    DEUCES = 2
    TREYS = 3
    FOURS = 4
    FIVES = 5
    SIXES = 6
    DOUBLES = 7
    FOLLOW_ME = 8

    @property
    def label(self) -> str:
        """The name players use: ``sixes``, ``doubles``, ``follow-me``."""
        return self.name.lower().replace("_", "-")

    def __str__(self) -> str:
        """``str(Declaration.SIXES)`` is ``sixes``, as the command line writes it (not ``6``)."""
        return self.label

    def __format__(self, spec: str) -> str:
        return format(self.label, spec)

    @property
    def trumps(self) -> Dominoes:
        """The mask of the trumps: a pip suit's dominoes, the doubles, none at follow-me."""
        return _TRUMPS[self.value]

    @classmethod
    def _missing_(cls, value: object) -> Declaration:
        """``Declaration("sixes")``: a name as ``parse_declaration`` reads it."""
        if isinstance(value, str):
            return parse_declaration(value)
        raise InvalidDeclarationError(f"not a declaration: {value!r} (0 to 8, or a name such as sixes)")


DECLARATIONS: Final[tuple[Declaration, ...]] = tuple(Declaration)
_TRUMPS: Final[tuple[Dominoes, ...]] = (*PIP_DOMINOES, DOUBLES, 0)
"""The trumps of each declaration: a pip suit's dominoes, the doubles, none for follow-me."""

_DECLARATION_ALIASES: Final[dict[str, Declaration]] = {
    **{d.label: d for d in Declaration},
    **{str(p): Declaration(p) for p in PIPS},
    "blank": Declaration.BLANKS,
    "ace": Declaration.ACES,
    "deuce": Declaration.DEUCES,
    "trey": Declaration.TREYS,
    "four": Declaration.FOURS,
    "five": Declaration.FIVES,
    "six": Declaration.SIXES,
    "followme": Declaration.FOLLOW_ME,
    "nt": Declaration.FOLLOW_ME,
    "no-trump": Declaration.FOLLOW_ME,
    "notrump": Declaration.FOLLOW_ME,
    "no-trumps": Declaration.FOLLOW_ME,
}


def parse_declaration(text: str) -> Declaration:
    """Parse ``sixes``, ``6``, ``doubles``, ``follow-me``, ``nt`` or ``no-trump``."""
    key = check_text(text, "a declaration").strip().lower().replace("_", "-")
    try:
        return _DECLARATION_ALIASES[key]
    except KeyError:
        names = ", ".join(d.label for d in Declaration)
        raise InvalidDeclarationError(f"unknown declaration: {text.strip()!r} (one of {names})") from None


def check_declaration(value: object) -> Declaration:
    """A ``Declaration`` from itself, its number (0..8) or its name (``parse_declaration``);
    anything else is an ``InvalidDeclarationError``."""
    if isinstance(value, str):
        return parse_declaration(value)
    if is_whole(value) and 0 <= value < len(Declaration):
        return Declaration(int(value))
    names = ", ".join(d.label for d in Declaration)
    error = error_for(value, InvalidDeclarationError, (str, Real))
    raise error(f"not a declaration: {value!r} (one of {names}, or 0 to 8)")


# --- Trump declarations: rules 1 to 7 -----------------------------------------------


def is_trump(d: Domino, declaration: Declaration) -> bool:
    """Rule 1: a trump domino belongs to the trump suit only."""
    return bool(declaration.trumps >> d & 1)


def suit_led(d: Domino, declaration: Declaration) -> Suit:
    """Rule 2: a led trump calls for trump; otherwise the higher end names the suit."""
    return TRUMP if is_trump(d, declaration) else HIGH_END[d]


def follows(d: Domino, suit: Suit, declaration: Declaration) -> bool:
    """Rule 3: does domino d belong to the suit led?"""
    if suit == TRUMP:
        return is_trump(d, declaration)
    return not is_trump(d, declaration) and suit in (HIGH_END[d], LOW_END[d])


@functools.cache
def suit_dominoes(suit: Suit, declaration: Declaration) -> Dominoes:
    """All dominoes that belong to a suit under a declaration."""
    return mask_of(d for d in DOMINOES if follows(d, suit, declaration))


def legal_plays(hand: Dominoes, led: Domino | None, declaration: Declaration) -> Dominoes:
    """Rule 3: follow the suit led if able, else play anything. A leader plays anything."""
    if led is None:
        return hand
    following = hand & suit_dominoes(suit_led(led, declaration), declaration)
    return following or hand


def rank(d: Domino, suit: Suit, declaration: Declaration) -> int:
    """Rule 5: the double is highest; the others rank by their other end.

    Under doubles trump, trumps rank by pip. ``d`` must belong to ``suit``."""
    if suit == TRUMP and declaration is Declaration.DOUBLES:
        return HIGH_END[d]
    if is_double(d):
        return 7
    trump_pip = declaration.value if suit == TRUMP else suit
    return LOW_END[d] if HIGH_END[d] == trump_pip else HIGH_END[d]


def trick_winner(plays: Sequence[Domino], declaration: Declaration) -> int:
    """Rule 4: the index in ``plays`` of the winning domino (plays[0] was led)."""
    trumps = [i for i, d in enumerate(plays) if is_trump(d, declaration)]
    suit = TRUMP if trumps else suit_led(plays[0], declaration)
    contenders = trumps or [i for i, d in enumerate(plays) if follows(d, suit, declaration)]
    return max(contenders, key=lambda i: rank(plays[i], suit, declaration))


def _beating(winner: Callable[[tuple[Domino, Domino]], int]) -> tuple[Dominoes, ...]:
    """For each domino d: the dominoes x that win the trick (d, x) by ``winner``."""
    return tuple(sum(1 << x for x in DOMINOES if x != d and winner((d, x)) == 1) for d in DOMINOES)


@functools.cache
def overtakers(declaration: Declaration) -> tuple[Dominoes, ...]:
    """For each domino d: the dominoes that beat d led (a higher one of the suit it calls,
    or a trump when d is none)."""
    return _beating(lambda plays: trick_winner(plays, declaration))


def interchangeable(
    plays: Dominoes, unplayed: Dominoes, trick: Sequence[Domino], declaration: Declaration
) -> bool:
    """Whether the two or more dominoes of ``plays`` are worth the same whatever the deal:
    trumps adjacent in rank among the trumps not yet played (``unplayed``), of equal count,
    and all above or all below the best trump in the trick so far. (The engine tries one
    of such a run only: docs/engine.md, equivalent trumps.)"""
    if plays.bit_count() < 2 or plays & ~declaration.trumps:
        return False
    order = sorted(
        (d for d in DOMINOES if ((unplayed | plays) & declaration.trumps) >> d & 1),
        key=lambda d: rank(d, TRUMP, declaration),
    )
    places = [i for i, d in enumerate(order) if plays >> d & 1]
    if places[-1] - places[0] != len(places) - 1:
        return False
    chosen = [order[i] for i in places]
    if len({COUNT[d] for d in chosen}) > 1:
        return False
    best = max((rank(d, TRUMP, declaration) for d in trick if is_trump(d, declaration)), default=-1)
    return len({rank(d, TRUMP, declaration) > best for d in chosen}) == 1


# --- Nel-O: the bidder must lose every trick; no trumps -------------------------------

DOUBLES_SUIT: Final[Suit] = 7
"""In Nel-O with doubles as their own suit, the suit a led double calls for."""


def nello_suit_led(d: Domino, doubles: NelloDoubles) -> Suit:
    """A led double calls for doubles when they are their own suit; otherwise the
    higher end names the suit, as in follow-me."""
    if doubles is NelloDoubles.OWN_SUIT and is_double(d):
        return DOUBLES_SUIT
    return HIGH_END[d]


def nello_follows(d: Domino, suit: Suit, doubles: NelloDoubles) -> bool:
    """Does domino d belong to the suit led? A double belongs to the doubles suit only
    (own suit), or to its natural suit (high, low)."""
    if doubles is NelloDoubles.OWN_SUIT:
        if suit == DOUBLES_SUIT:
            return is_double(d)
        return not is_double(d) and suit in (HIGH_END[d], LOW_END[d])
    return suit in (HIGH_END[d], LOW_END[d])


@functools.cache
def nello_suit_dominoes(suit: Suit, doubles: NelloDoubles) -> Dominoes:
    """All dominoes that belong to a suit in Nel-O."""
    return mask_of(d for d in DOMINOES if nello_follows(d, suit, doubles))


def nello_legal_plays(hand: Dominoes, led: Domino | None, doubles: NelloDoubles) -> Dominoes:
    """Follow the suit led if able, else play anything; a leader plays anything."""
    if led is None:
        return hand
    following = hand & nello_suit_dominoes(nello_suit_led(led, doubles), doubles)
    return following or hand


def nello_rank(d: Domino, suit: Suit, doubles: NelloDoubles) -> int:
    """The rank of d in the suit led (d must follow it): doubles among themselves rank by
    pip; a double is the highest (7) or the lowest (-1) of its natural suit; the others
    rank by their other end."""
    if suit == DOUBLES_SUIT:
        return HIGH_END[d]
    if is_double(d):
        return 7 if doubles is NelloDoubles.HIGH else -1
    return LOW_END[d] if HIGH_END[d] == suit else HIGH_END[d]


def nello_trick_winner(plays: Sequence[Domino], doubles: NelloDoubles) -> int:
    """The index in ``plays`` (three dominoes, plays[0] led) of the winning domino: the
    highest of the suit led."""
    suit = nello_suit_led(plays[0], doubles)
    contenders = [i for i, d in enumerate(plays) if nello_follows(d, suit, doubles)]
    return max(contenders, key=lambda i: nello_rank(plays[i], suit, doubles))


@functools.cache
def nello_overtakers(doubles: NelloDoubles) -> tuple[Dominoes, ...]:
    """For each domino d: the dominoes that beat d led at Nel-O (follow its suit, higher)."""
    return _beating(lambda plays: nello_trick_winner(plays, doubles))


def nello_lost_at_first_lead(hand: Dominoes, doubles: NelloDoubles) -> bool:
    """Whether the bidder holding ``hand`` loses Nel-O at its first lead, however anyone
    plays: no domino outside the hand beats any of its dominoes led, so every lead takes
    the trick (all seven doubles, when doubles are their own suit)."""
    overtakers = nello_overtakers(doubles)
    return all(overtakers[d] & ~hand == 0 for d in DOMINOES if hand >> d & 1)


def nello_seats(bidder: Seat) -> tuple[Seat, Seat, Seat]:
    """The seats that play Nel-O, in playing order from the bidder: the partner sits out."""
    return (bidder, (bidder + 1) % 4, (bidder + 3) % 4)


# --- Sevens: the domino whose pip total is closest to 7 wins; no suit to follow --------

SEVENS_TARGET: Final = 7


def sevens_distance(d: Domino) -> int:
    """How far the pip total of d is from 7: 0 (``6-1``, ``5-2``, ``4-3``) to 7 (``0-0``)."""
    return abs(HIGH_END[d] + LOW_END[d] - SEVENS_TARGET)


def sevens_trick_winner(plays: Sequence[Domino]) -> int:
    """The index in ``plays`` of the domino closest to 7; the first played wins a tie."""
    distances = [sevens_distance(d) for d in plays]
    return distances.index(min(distances))


def sevens_won_at_every_lead(hand: Dominoes) -> bool:
    """Whether the bidder holding ``hand``, leading, takes every trick at sevens however
    anyone plays: none of its dominoes is farther from 7 than any domino outside it, so
    each lead takes the trick (the first played wins a tie) and the bidder leads again."""
    held = [sevens_distance(d) for d in DOMINOES if hand >> d & 1]
    outside = [sevens_distance(d) for d in DOMINOES if not hand >> d & 1]
    return bool(held) and max(held) <= min(outside, default=SEVENS_TARGET + 1)


# --- One interface for the three kinds of trick ---------------------------------------


class TrickRules(Protocol):
    """How the tricks of a contract are played."""

    def players(self, leader: Seat) -> tuple[Seat, ...]:
        """The seats that play a trick ``leader`` leads, in playing order."""
        ...

    def legal_plays(self, hand: Dominoes, led: Domino | None) -> Dominoes:
        """The dominoes of ``hand`` that may be played to a trick led with ``led``
        (None: the hand leads)."""
        ...

    def winner(self, plays: Sequence[Domino]) -> int:
        """The index in ``plays`` (plays[0] led) of the domino that wins the trick."""
        ...

    @property
    def label(self) -> str:
        """What the hand is played at: ``sixes``, ``follow-me``, ``Nel-O``, ``sevens``."""
        ...

    def suit_called(self, led: Domino) -> Suit | None:
        """The suit a led domino calls for; None when no suit need be followed."""
        ...

    def suit_dominoes(self, suit: Suit) -> Dominoes:
        """The dominoes that follow ``suit``."""
        ...

    def suit_label(self, suit: Suit) -> str:
        """The suit's name: ``sixes``, ``trumps``, ``doubles``."""
        ...


@functools.cache
def _clockwise(leader: Seat) -> tuple[Seat, ...]:
    return tuple((int(leader) + i) % 4 for i in SEATS)


@functools.cache
def _clockwise_without(leader: Seat, absent: Seat) -> tuple[Seat, ...]:
    return tuple(s for s in _clockwise(leader) if s != absent)


@dataclass(frozen=True)
class TrumpTricks:
    """A trump declaration (or follow-me): four seats play, rules 1 to 7."""

    declaration: Declaration

    def __post_init__(self) -> None:
        object.__setattr__(self, "declaration", check_declaration(self.declaration))

    def players(self, leader: Seat) -> tuple[Seat, ...]:
        return _clockwise(leader)

    def legal_plays(self, hand: Dominoes, led: Domino | None) -> Dominoes:
        return legal_plays(hand, led, self.declaration)

    def winner(self, plays: Sequence[Domino]) -> int:
        return trick_winner(plays, self.declaration)

    @property
    def label(self) -> str:
        return self.declaration.label

    def suit_called(self, led: Domino) -> Suit | None:
        return suit_led(led, self.declaration)

    def suit_dominoes(self, suit: Suit) -> Dominoes:
        return suit_dominoes(suit, self.declaration)

    def suit_label(self, suit: Suit) -> str:
        return "trumps" if suit == TRUMP else Declaration(suit).label


@dataclass(frozen=True)
class NelloTricks:
    """Nel-O: the bidder's partner sits out, so three seats play; no trumps."""

    bidder: Seat
    doubles: NelloDoubles = NelloDoubles.OWN_SUIT

    def __post_init__(self) -> None:
        object.__setattr__(self, "bidder", check_seat(self.bidder))
        doubles = self.doubles
        if isinstance(doubles, str):
            object.__setattr__(self, "doubles", parse_nello_doubles(doubles))
        elif not isinstance(doubles, NelloDoubles):
            raise ArgumentTypeError(f"doubles is a NelloDoubles or its name, got {doubles!r}")

    def players(self, leader: Seat) -> tuple[Seat, ...]:
        if leader == (self.bidder + 2) % 4:
            raise InvalidSeatError(f"seat {leader} sits out at Nel-O and leads no trick")
        return _clockwise_without(leader, (self.bidder + 2) % 4)

    def legal_plays(self, hand: Dominoes, led: Domino | None) -> Dominoes:
        return nello_legal_plays(hand, led, self.doubles)

    def winner(self, plays: Sequence[Domino]) -> int:
        return nello_trick_winner(plays, self.doubles)

    @property
    def label(self) -> str:
        return "Nel-O"

    def suit_called(self, led: Domino) -> Suit | None:
        return nello_suit_led(led, self.doubles)

    def suit_dominoes(self, suit: Suit) -> Dominoes:
        return nello_suit_dominoes(suit, self.doubles)

    def suit_label(self, suit: Suit) -> str:
        return "doubles" if suit == DOUBLES_SUIT else Declaration(suit).label


@dataclass(frozen=True)
class SevensTricks:
    """Sevens: four seats play, no suit to follow, the closest to 7 wins."""

    def players(self, leader: Seat) -> tuple[Seat, ...]:
        return _clockwise(leader)

    def legal_plays(self, hand: Dominoes, led: Domino | None) -> Dominoes:
        return hand

    def winner(self, plays: Sequence[Domino]) -> int:
        return sevens_trick_winner(plays)

    @property
    def label(self) -> str:
        return "sevens"

    def suit_called(self, led: Domino) -> Suit | None:
        return None

    def suit_dominoes(self, suit: Suit) -> Dominoes:
        return ALL_DOMINOES

    def suit_label(self, suit: Suit) -> str:
        return "any"
