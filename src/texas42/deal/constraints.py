"""Constraints on the deal: dominoes a seat holds or lacks (``--holds``, ``--lacks``).

Seats are those of the hand analysis (docs/rules.md#dominoes-seats-and-notation): seat 0
is you, seat 1 the left opponent, seat 2 the partner, seat 3 the right opponent. A
constraint names seat 1, 2 or 3. Every bad or contradictory constraint is a
``ConstraintError`` whose message begins with the constraint (``holds 2: 6-6``), which
the command line writes as its option (``--holds 2: 6-6``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from numbers import Integral
from typing import Final

from texas42 import rules
from texas42.errors import ConstraintError, HandSizeError, Texas42Error, check_kind, error_for, is_whole
from texas42.rules import HAND_SIZE, Declaration, Hand, domino_name, dominoes_in, parse_declaration

CONSTRAINTS_KIND: Final = "constraints are DealConstraints (deal_constraints)"
"""What an argument ``constraints`` is, for the error when it is something else."""
HOLDS: Final = "holds"
LACKS: Final = "lacks"
OTHER_SEATS: Final = (1, 2, 3)


@dataclass(frozen=True)
class SeatConstraint:
    """One constraint of ``kind`` ``holds`` or ``lacks``: ``seat`` holds all of ``mask``
    (or none of it).

    ``named`` are the dominoes written one by one (not through a pip-suit name);
    ``text`` is the constraint as given, for messages."""

    kind: str
    seat: int
    mask: int
    named: int
    text: str

    def __post_init__(self) -> None:
        if self.kind not in (HOLDS, LACKS):
            raise ConstraintError(f"a constraint's kind is {HOLDS!r} or {LACKS!r}, got {self.kind!r}")
        if not is_whole(self.seat) or self.seat not in OTHER_SEATS:
            raise error_for(self.seat, ConstraintError, Integral)(
                f"{self.kind}: the seat must be 1, 2 or 3 (seat 0 is you), got {self.seat!r}"
            )
        for name, mask, least in (("mask", self.mask, 1), ("named", self.named, 0)):
            if not is_whole(mask) or not least <= mask <= rules.ALL_DOMINOES:
                raise error_for(mask, ConstraintError, Integral)(
                    f"{self.kind}: {name} is a mask of dominoes ({least} to 2**28 - 1), got {mask!r}"
                )
        if self.named & ~self.mask:
            raise ConstraintError(f"{self.kind}: the dominoes named are not all in the mask")
        check_kind(self.text, str, "text is the constraint as written (a str)")
        object.__setattr__(self, "seat", int(self.seat))

    @property
    def label(self) -> str:
        """``holds 2: 6-6 5-5``, as the messages name the constraint."""
        return f"{self.kind} {' '.join(self.text.split())}"

    def error(self, reason: str) -> ConstraintError:
        """A ``ConstraintError`` of this constraint: ``holds 2: 6-6: <reason>``."""
        return ConstraintError(f"{self.label}: {reason}", parameter=self.kind)


@dataclass(frozen=True)
class DealConstraints:
    """What is known of the other hands: the constraints, the size of each of seats 1..3
    (7 before play; fewer during play) and the dominoes already ``played`` (dealt to
    nobody)."""

    items: tuple[SeatConstraint, ...] = ()
    sizes: tuple[int, int, int] = (HAND_SIZE, HAND_SIZE, HAND_SIZE)
    played: int = 0

    def __post_init__(self) -> None:
        made_by = "(texas42.deal_constraints makes them)"
        check_kind(self.items, tuple, f"items is a tuple of SeatConstraint {made_by}")
        for item in self.items:
            check_kind(item, SeatConstraint, f"a constraint is a SeatConstraint {made_by}")
        check_kind(self.sizes, tuple, "sizes is a tuple of three hand sizes")
        if len(self.sizes) != 3 or any(not is_whole(n) or not 0 <= n <= HAND_SIZE for n in self.sizes):
            raise ConstraintError(f"sizes: three hand sizes 0 to {HAND_SIZE}, got {self.sizes!r}")
        if not is_whole(self.played) or not 0 <= self.played <= rules.ALL_DOMINOES:
            raise ConstraintError(f"played: a mask of dominoes (0 to 2**28 - 1), got {self.played!r}")

    @property
    def empty(self) -> bool:
        """No constraint: a deal of 7 dominoes to each seat, as ``sample_deals`` deals."""
        return not self.items and self.sizes == (HAND_SIZE,) * 3 and self.played == 0

    def holds(self, seat: int) -> int:
        """The mask of the dominoes ``seat`` (0..3) must hold."""
        seat = rules.check_seat(seat)
        return _union(c.mask for c in self.items if c.kind == HOLDS and c.seat == seat)

    def lacks(self, seat: int) -> int:
        """The mask of the dominoes ``seat`` (0..3) must not hold."""
        seat = rules.check_seat(seat)
        return _union(c.mask for c in self.items if c.kind == LACKS and c.seat == seat)

    def size(self, seat: int) -> int:
        """How many dominoes ``seat`` (1..3) holds in the deals."""
        if rules.check_seat(seat) == 0:
            raise ConstraintError("seat 0 is ours: its size is the hand's (seats 1 to 3 are dealt)")
        return self.sizes[seat - 1]

    def adding(self, *items: SeatConstraint) -> DealConstraints:
        """These constraints and ``items`` too (not checked for consistency here)."""
        return DealConstraints(self.items + items, self.sizes, self.played)


def _union(masks: Iterable[int]) -> int:
    total = 0
    for m in masks:
        total |= m
    return total


def parse_holds(text: str) -> SeatConstraint:
    """Parse ``"2: 6-6 5-5"``: seat 2 holds 6-6 and 5-5."""
    return _parse(HOLDS, text)


def parse_lacks(text: str) -> SeatConstraint:
    """Parse ``"1: sixes 5-4"``: seat 1 holds no six and not 5-4 (a pip suit by name or pip)."""
    return _parse(LACKS, text)


def _parse(kind: str, text: str) -> SeatConstraint:
    raw = str(text)
    shown = " ".join(raw.split())

    def bad(reason: str) -> ConstraintError:
        return ConstraintError(f"{kind} {shown}: {reason}", parameter=kind)

    if ":" not in raw:
        raise bad('write it as "SEAT: DOMINOES", e.g. "2: 6-6 5-5"')
    seat_text, rest = raw.split(":", 1)
    seat = seat_text.strip()
    if seat not in ("1", "2", "3"):
        raise bad(f"the seat must be 1, 2 or 3 (seat 0 is you), got {seat!r}")
    tokens = [t for t in re.split(r"[\s,]+", rest.strip()) if t]
    if not tokens:
        raise bad("no dominoes given")
    mask = named = 0
    for token in tokens:
        if token[0].isdigit() and len(token) > 1:
            try:
                d = rules.parse_domino(token)
            except Texas42Error as error:
                raise bad(str(error)) from None
            if named >> d & 1:
                raise bad(f"{token} names {domino_name(d)} again")
            named |= 1 << d
            continue
        suit = _pip_suit(token) if kind == LACKS else None
        if suit is None:
            what = "a domino like 6-4" if kind == HOLDS else "a domino like 6-4 or a pip suit like sixes"
            raise bad(f"not {what}: {token!r}")
        mask |= suit
    return SeatConstraint(kind, int(seat), mask | named, named, shown)


def _pip_suit(token: str) -> int | None:
    """The seven dominoes with pip p, for a pip-suit name (``sixes``, ``6``), else None."""
    try:
        declaration = parse_declaration(token)
    except Texas42Error:
        return None
    if declaration.value > Declaration.SIXES.value:
        return None
    return declaration.trumps


def _names(mask: int) -> str:
    return " ".join(domino_name(d) for d in sorted(dominoes_in(mask), reverse=True))


def check_named_once(items: Iterable[SeatConstraint], prefix: str = "") -> None:
    """A ``ConstraintError`` if two constraints of one kind and seat name the same domino
    (a typo, most likely), naming the later one and, after ``prefix``, the earlier."""
    seen: list[SeatConstraint] = []
    for item in items:
        for earlier in seen:
            again = item.named & earlier.named
            if again and (item.kind, item.seat) == (earlier.kind, earlier.seat):
                named = domino_name((again & -again).bit_length() - 1)
                raise item.error(f"{named} is named by {prefix}{earlier.label} too")
        seen.append(item)


def optional_constraints(constraints: DealConstraints | None) -> DealConstraints:
    """``constraints``, or none for None; an ``ArgumentTypeError`` for anything else
    (0 or False are not "no constraints")."""
    if constraints is None:
        return DealConstraints()
    check_kind(constraints, DealConstraints, f"{CONSTRAINTS_KIND} or None")
    return constraints


def check_constraints(hand: Hand, constraints: DealConstraints) -> DealConstraints:
    """``constraints`` if they fit ``hand`` and each other, else a ``ConstraintError``
    naming the constraint; whether any deal at all fits is ``count_deals``'s to say."""
    out = constraints.played
    if not out and len(hand) != rules.HAND_SIZE:
        raise HandSizeError(f"a hand needs {rules.HAND_SIZE} dominoes, got {len(hand)}: {hand}")
    if hand.mask & out:
        raise ConstraintError(f"dominoes played and in your hand: {_names(hand.mask & out)}")
    free = rules.ALL_DOMINOES & ~hand.mask & ~out
    if sum(constraints.sizes) != free.bit_count() or min(constraints.sizes) < 0:
        raise ConstraintError(
            f"seats 1, 2 and 3 must hold the {free.bit_count()} unseen dominoes, got hands of "
            + ", ".join(str(s) for s in constraints.sizes)
        )
    held_by: dict[int, int] = {}
    for c in constraints.items:
        mine = (c.mask if c.kind == HOLDS else c.named) & hand.mask  # a suit's own dominoes aside
        if mine:
            raise c.error(f"your own hand holds {_names(mine)}")
        if c.kind == HOLDS and c.mask & out:
            raise c.error(f"{_names(c.mask & out)} already played")
        if c.kind == HOLDS:
            for d in dominoes_in(c.mask):
                other = held_by.setdefault(d, c.seat)
                if other != c.seat:
                    raise c.error(f"{domino_name(d)} is held by seat {other} too")
    held_so_far: dict[int, int] = {}
    for c in constraints.items:
        both = constraints.holds(c.seat) & constraints.lacks(c.seat) & c.mask
        if both:
            raise c.error(f"seat {c.seat} both holds and lacks {_names(both)}")
        if c.kind == HOLDS:  # the one that makes too many is named
            held = held_so_far[c.seat] = held_so_far.get(c.seat, 0) | c.mask
            count, size = held.bit_count(), constraints.size(c.seat)
            if count > size:
                raise c.error(f"seat {c.seat} holds {count} dominoes, more than its {size}")
    return constraints


def describe(constraints: DealConstraints, hand: Hand) -> dict[str, dict[str, list[str]]]:
    """The constraints as data: ``{"holds": {"2": ["6-6"]}, "lacks": {"1": [...]}}`` (the
    unseen dominoes each seat holds or lacks, high first; only seats with some)."""
    unseen = rules.ALL_DOMINOES & ~hand.mask & ~constraints.played
    result: dict[str, dict[str, list[str]]] = {"holds": {}, "lacks": {}}
    for seat in OTHER_SEATS:
        for key, mask in (("holds", constraints.holds(seat)), ("lacks", constraints.lacks(seat) & unseen)):
            if mask:
                result[key][str(seat)] = Hand(mask).names()
    return result
