"""The rules of Texas 42, written to be read (see RULES.md).

Dominoes are small ints 0..27 and sets of dominoes are 28-bit masks, in the
spirit of python-chess's squares and bitboards. The numbering puts the domino
``high-low`` at ``high * (high + 1) // 2 + low``: ``0-0`` is 0, ``6-6`` is 27.

Nothing here imports numba: this module is the specification in code, and the
fast engine is tested against it.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, TypeVar

Domino = int
"""A domino, 0..27."""

Dominoes = int
"""A set of dominoes as a 28-bit mask."""

Seat = int
"""A seat, 0..3 in playing order; seats 0 and 2 are partners."""

Suit = int
"""A suit: a pip 0..6, or TRUMP."""

TRUMP: Final[Suit] = 7
SEATS: Final = range(4)
PIPS: Final = range(7)
HAND_SIZE: Final = 7
TOTAL_POINTS: Final = 42
DECLARATION_COUNT: Final = 9


def domino(high: int, low: int) -> Domino:
    """The domino with these two ends, in either order."""
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
"""COUNT[d]: the count (bonus points) of domino d: 10, 5 or 0."""
TEN_COUNT: Final[Dominoes] = sum(1 << d for d in DOMINOES if COUNT[d] == 10)
FIVE_COUNT: Final[Dominoes] = sum(1 << d for d in DOMINOES if COUNT[d] == 5)


def high_end(d: Domino) -> int:
    return HIGH_END[d]


def low_end(d: Domino) -> int:
    return LOW_END[d]


def is_double(d: Domino) -> bool:
    return HIGH_END[d] == LOW_END[d]


def domino_name(d: Domino) -> str:
    return DOMINO_NAMES[d]


def dominoes_in(mask: Dominoes) -> Iterator[Domino]:
    """The dominoes of a mask, lowest first."""
    while mask:
        low_bit = mask & -mask
        yield low_bit.bit_length() - 1
        mask ^= low_bit


def mask_of(dominoes: Iterable[Domino]) -> Dominoes:
    mask = 0
    for d in dominoes:
        mask |= 1 << d
    return mask


# --- Errors -------------------------------------------------------------------


class Texas42Error(ValueError):
    """Bad input: the message names the offending token."""


class InvalidDominoError(Texas42Error):
    """A token that is not a domino of the double-six set."""


class DuplicateDominoError(Texas42Error):
    """The same domino given twice."""


class HandSizeError(Texas42Error):
    """A hand or deal with the wrong number of dominoes."""


class InvalidDeclarationError(Texas42Error):
    """A name that is not one of the nine declarations."""


# --- Parsing ------------------------------------------------------------------

_DOMINO_TOKEN = re.compile(r"([0-9])-?([0-9])")


def parse_domino(token: str) -> Domino:
    """Parse ``6-4``, ``4-6``, ``64`` or ``46``."""
    match = _DOMINO_TOKEN.fullmatch(token.strip())
    if match is None:
        raise InvalidDominoError(f"not a domino: {token.strip()!r} (write it like 6-4)")
    a, b = int(match[1]), int(match[2])
    if a > 6 or b > 6:
        raise InvalidDominoError(f"not a domino: {token.strip()!r} (pips run from 0 to 6)")
    return domino(a, b)


def parse_dominoes(text: str, size: int | None = HAND_SIZE) -> Hand:
    """Parse dominoes separated by spaces or commas; ``size`` None accepts any number."""
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
    parts = text.split("/")
    if len(parts) != 4:
        raise HandSizeError(f"a deal needs 4 hands separated by '/', got {len(parts)}")
    hands = tuple(parse_dominoes(part, hand_size) for part in parts)
    return Deal.from_hands(hands)


class Hand:
    """An immutable set of dominoes, backed by a mask."""

    __slots__ = ("mask",)

    def __init__(self, dominoes: Dominoes | Iterable[Domino] = 0) -> None:
        self.mask: Dominoes = dominoes if isinstance(dominoes, int) else mask_of(dominoes)
        if not 0 <= self.mask <= ALL_DOMINOES:
            raise ValueError(f"not a domino mask: {self.mask:#x}")

    def __iter__(self) -> Iterator[Domino]:
        """Highest domino first, as players sort their hands."""
        return iter(sorted(dominoes_in(self.mask), reverse=True))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, d: object) -> bool:
        return isinstance(d, int) and 0 <= d < 28 and bool(self.mask >> d & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return " ".join(DOMINO_NAMES[d] for d in self)

    def __repr__(self) -> str:
        return f"Hand('{self}')"

    def names(self) -> list[str]:
        return [DOMINO_NAMES[d] for d in self]


class Deal(tuple[Hand, Hand, Hand, Hand]):
    """Four disjoint hands of equal size, seat 0 first."""

    @classmethod
    def from_hands(cls, hands: Sequence[Hand]) -> Deal:
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
        return cls((hands[0], hands[1], hands[2], hands[3]))

    @property
    def masks(self) -> tuple[Dominoes, Dominoes, Dominoes, Dominoes]:
        return (self[0].mask, self[1].mask, self[2].mask, self[3].mask)

    def __str__(self) -> str:
        return " / ".join(str(h) for h in self)


# --- Declarations -------------------------------------------------------------


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

    @property
    def trumps(self) -> Dominoes:
        if self is Declaration.DOUBLES:
            return DOUBLES
        if self is Declaration.FOLLOW_ME:
            return 0
        return PIP_DOMINOES[self.value]


DECLARATIONS: Final[tuple[Declaration, ...]] = tuple(Declaration)

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
    key = text.strip().lower().replace("_", "-")
    try:
        return _DECLARATION_ALIASES[key]
    except KeyError:
        names = ", ".join(d.label for d in Declaration)
        raise InvalidDeclarationError(f"unknown declaration: {text.strip()!r} (one of {names})") from None


# --- Suits, following and winning a trick -------------------------------------


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


def trick_points(plays: Iterable[Domino]) -> int:
    """A trick is worth 1 point plus the count it holds."""
    return 1 + sum(COUNT[d] for d in plays)


def points_at_stake(dominoes: Dominoes) -> int:
    """The points still to be won when these dominoes (whole tricks) remain."""
    return count_of(dominoes) + dominoes.bit_count() // 4


def count_of(dominoes: Dominoes) -> int:
    """The total count of a set of dominoes."""
    return sum(COUNT[d] for d in dominoes_in(dominoes))


def team_of(seat: Seat) -> int:
    """Team 0 is seats 0 and 2; team 1 is seats 1 and 3."""
    return seat % 2


# --- Special contracts (RULES.md, "Special contracts") -------------------------------

DOUBLES_SUIT: Final[Suit] = 7
"""In Nel-O with doubles as their own suit, the suit a led double calls for."""

PLUNGE_DOUBLES: Final = 4
SPLASH_DOUBLES: Final = 3
SEVENS_TARGET: Final = 7


class NelloDoubles(enum.Enum):
    """How doubles play in Nel-O (RULES.md): their own suit (**default**), or the highest
    or the lowest domino of their natural suit."""

    OWN_SUIT = "own-suit"
    HIGH = "high"
    LOW = "low"

    @property
    def label(self) -> str:
        return self.value


class AllPass(enum.Enum):
    """What happens when all four pass: the shaker must bid 30 (**default**), or the
    dominoes are reshuffled and the next player shakes."""

    FORCED = "forced"
    RESHUFFLE = "reshuffle"


class Contract(enum.Enum):
    """The special contracts: bids whose play differs from a trump bid."""

    NELLO = "nello"
    SEVENS = "sevens"
    PLUNGE = "plunge"
    SPLASH = "splash"

    @property
    def label(self) -> str:
        return self.value


NELLO_MIN_MARKS_CHOICES: Final = (1, 2)
"""Nel-O's minimum bid in marks: **default** 2, option 1."""


class HouseRulesError(Texas42Error):
    """A house-rule option or setting with a bad value."""


_Choice = TypeVar("_Choice", bound=enum.Enum)


def _parse_choice(kind: type[_Choice], what: str, text: str) -> _Choice:
    key = text.strip().lower().replace("_", "-")
    for choice in kind:
        if choice.value == key:
            return choice
    names = ", ".join(str(c.value) for c in kind)
    raise HouseRulesError(f"unknown {what}: {text.strip()!r} (one of {names})")


def check_nello_min_marks(marks: int) -> int:
    """Nel-O's minimum bid in marks, 1 or 2; anything else is a ``HouseRulesError``."""
    if marks not in NELLO_MIN_MARKS_CHOICES:
        raise HouseRulesError(f"Nel-O's minimum bid is 1 or 2 marks, got {marks}")
    return marks


def parse_nello_doubles(text: str) -> NelloDoubles:
    """Parse ``own-suit``, ``high`` or ``low``."""
    return _parse_choice(NelloDoubles, "Nel-O doubles rule", text)


def parse_all_pass(text: str) -> AllPass:
    """Parse ``forced`` or ``reshuffle``."""
    return _parse_choice(AllPass, "all-pass rule", text)


@dataclasses.dataclass(frozen=True)
class HouseRules:
    """The options of the rule book that house rules differ on; the defaults are RULES.md's."""

    nello_doubles: NelloDoubles = NelloDoubles.OWN_SUIT
    nello_min_marks: int = 2
    all_pass: AllPass = AllPass.FORCED
    specials: bool = True
    """Whether special contracts are analysed and bid at all."""

    def __post_init__(self) -> None:
        check_nello_min_marks(self.nello_min_marks)


# Nel-O: the bidder must lose every trick; no trumps.


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


def nello_seats(bidder: Seat) -> tuple[Seat, Seat, Seat]:
    """The seats that play Nel-O, in playing order from the bidder: the partner sits out."""
    return (bidder, (bidder + 1) % 4, (bidder + 3) % 4)


# Sevens: the domino whose pip total is closest to 7 wins; no suit to follow.


def sevens_distance(d: Domino) -> int:
    """How far the pip total of d is from 7: 0 (``6-1``, ``5-2``, ``4-3``) to 7 (``0-0``)."""
    return abs(HIGH_END[d] + LOW_END[d] - SEVENS_TARGET)


def sevens_trick_winner(plays: Sequence[Domino]) -> int:
    """The index in ``plays`` of the domino closest to 7; the first played wins a tie."""
    distances = [sevens_distance(d) for d in plays]
    return distances.index(min(distances))


# Plunge and splash: the partner names trump and leads; the team must take all 7 tricks.


def doubles_held(hand: Dominoes) -> int:
    """The number of doubles in a hand."""
    return (hand & DOUBLES).bit_count()


def may_plunge(hand: Dominoes) -> bool:
    """A hand with 4 or more doubles may bid plunge."""
    return doubles_held(hand) >= PLUNGE_DOUBLES


def may_splash(hand: Dominoes) -> bool:
    """A hand with 3 or more doubles may bid splash."""
    return doubles_held(hand) >= SPLASH_DOUBLES


PARTNER_TRUMP_RULE: Final = (
    "the partner names the pip suit in which they hold the most dominoes, preferring one "
    "whose double they hold, then the higher pip; never doubles or follow-me"
)
"""The stated rule by which the plunger's partner names trump, from their own hand only."""


def partner_trump(hand: Dominoes) -> Declaration:
    """The trump the plunger's (or splasher's) partner names, seeing only their own hand.

    The pip suit in which the partner holds the most dominoes (a double counts once);
    among equals, one whose double they hold; then the higher pip. Doubles and follow-me
    are never named: the plunger's doubles are already the top of their suits, and the
    partner's longest suit draws the opponents' trumps."""

    def strength(pip: int) -> tuple[int, bool, int]:
        return ((hand & PIP_DOMINOES[pip]).bit_count(), bool(hand >> domino(pip, pip) & 1), pip)

    return Declaration(max(PIPS, key=strength))
