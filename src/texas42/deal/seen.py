"""The deals of a hand in play as one seat sees it: its own dominoes known, the dominoes
played gone, and a seat that showed out of a suit holding none of it. Every deal of the
unseen dominoes consistent with the plays is equally likely, and ``deal.constrained``
deals them exactly so (or lists them all when they are few).

The constraints are built in the seat's own frame (it is seat 0 of ``deal.constraints``,
1 its left opponent, 2 its partner, 3 its right opponent); the deals come back in the
table's seats, the dominoes each seat still holds, ready for ``engine.play_values``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from texas42.deal.constrained import DealPlan, deal_around, deal_plan, lacks_plan, plan_deals
from texas42.deal.constraints import LACKS, OTHER_SEATS, DealConstraints, SeatConstraint
from texas42.deal.sampling import check_deal_count, check_rng
from texas42.engine.inputs import mask_array
from texas42.errors import IllegalPlayError, check_kind
from texas42.rules import (
    ALL_DOMINOES,
    Dominoes,
    Hand,
    PlayHistory,
    Seat,
    check_dealt,
    check_seat,
    domino_name,
    hand_mask,
    replay,
)
from texas42.rules.history import describe_play


@dataclass(frozen=True)
class SeenFrom:
    """A hand in play as ``seat`` sees it: the dominoes it still holds (``hand``) and
    what is known of the others, in its own frame (``constraints``)."""

    seat: Seat
    hand: Hand
    constraints: DealConstraints

    def table_seat(self, relative: int) -> Seat:
        """The table's seat of ``relative`` (1: left opponent, 2: partner, 3: right)."""
        return (self.seat + relative) % 4


def seen_from(history: PlayHistory, seat: Seat, hand: Dominoes | Hand) -> SeenFrom:
    """What ``seat``, dealt ``hand`` (a mask or a ``Hand``), knows of the deal after the
    plays of ``history``: no other check than the kinds and the sizes (``check_seen``
    checks that some deal fits)."""
    check_kind(history, PlayHistory, "history is a PlayHistory (rules.replay makes one)")
    seat, hand = check_seat(seat), hand_mask(hand)
    check_dealt(hand)
    items = []
    for relative in OTHER_SEATS:
        other = (seat + relative) % 4
        lacks = history.lacks(other)
        if lacks:
            label = history.play_rules.suit_label
            suits = ", ".join(label(s.suit) for s in history.shown_out if s.seat == other)
            text = f"{relative}: showed out of {suits}"
            items.append(SeatConstraint(LACKS, relative, lacks, 0, text))
    sizes = (history.held((seat + 1) % 4), history.held((seat + 2) % 4), history.held((seat + 3) % 4))
    constraints = DealConstraints(tuple(items), sizes, history.played)
    return SeenFrom(seat, Hand(hand & ~history.played), constraints)


def check_seen(history: PlayHistory, seat: Seat, hand: Dominoes) -> None:
    """An ``IllegalPlayError`` naming the play after which no deal of the unseen dominoes
    fits what ``seat`` has seen (a domino no seat may hold, or more dominoes only some
    seats may hold than they have room for); nothing if some deal fits every play."""
    if _misfit(history, seat, hand) is None:
        return
    dominoes = [p.domino for p in history.plays]
    for k in range(1, len(dominoes) + 1):
        after = replay(history.play_rules, history.bidder, dominoes[:k])
        reason = _misfit(after, seat, hand)
        if reason is not None:
            before = replay(history.play_rules, history.bidder, dominoes[: k - 1])
            raise IllegalPlayError(f"{describe_play(before, dominoes[k - 1], seat)}: {reason}")
    raise AssertionError("no play makes the deal impossible")  # pragma: no cover


def _misfit(history: PlayHistory, seat: Seat, hand: Dominoes) -> str | None:
    """Why no deal fits what ``seat`` has seen (Hall's condition on the seats that may
    hold each unseen domino), or None if some deal does."""
    unseen = [d for d in range(28) if not (hand | history.played) >> d & 1]
    others = [(seat + r) % 4 for r in OTHER_SEATS]
    allowed = {d: tuple(s for s in others if not history.lacks(s) >> d & 1) for d in unseen}
    for d in unseen:
        if not allowed[d]:
            seats = _and(others)
            return f"then no other seat may hold {domino_name(d)} (seats {seats} all showed out of its suit)"
    for size in (1, 2):
        for subset in combinations(others, size):
            only = [d for d in unseen if set(allowed[d]) <= set(subset)]
            room = sum(history.held(s) for s in subset)
            if len(only) > room:
                names = " ".join(domino_name(d) for d in sorted(only, reverse=True))
                who = f"seat{'s' * (size > 1)} {_and(subset)}"
                return f"then {len(only)} unseen dominoes ({names}) may go only to {who}, room for {room}"
    return None


def _and(seats: tuple[Seat, ...] | list[Seat]) -> str:
    words = [str(s) for s in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def deals_seen_from(
    history: PlayHistory, seat: Seat, hand: Dominoes, n: int, rng: np.random.Generator
) -> tuple[np.ndarray, bool]:
    """``n`` deals of the dominoes still held, uniform among those consistent with what
    ``seat`` (dealt ``hand``) has seen, as an (n, 4) array of masks in the table's seats;
    and whether they are exact: all the consistent deals, listed once each, when there are
    at most ``n``. Before any play, the deals of ``deal.sample_deals`` for the same
    ``rng`` (those ``analyze`` solves), turned to the table's seats."""
    check_rng(rng)
    seat, n = check_seat(seat), check_deal_count(n)
    plan = _lacks_plan(history, seat, hand)
    if plan is not None and plan.total:
        relative, exact = deal_plan(plan, n, rng)
        return table_seats(relative, seat), exact
    seen = seen_from(history, seat, hand)  # no play yet, or something to say about the input
    relative, exact = deal_around(seen.hand, n, rng, seen.constraints)
    return table_seats(relative, seen.seat), exact


def _lacks_plan(history: PlayHistory, seat: Seat, hand: Dominoes | Hand) -> DealPlan | None:
    """The plan of ``deal_around`` for what ``seat`` has seen after some play, made
    straight from the plays, without the words and checks of ``seen_from`` and
    ``plan_deals`` (the playouts deal worlds at every turn: their dealing took a quarter
    less time); None before any play or where the sizes do not add up, which those then
    report."""
    check_kind(history, PlayHistory, "history is a PlayHistory (rules.replay makes one)")
    played = history.played
    mine = hand_mask(hand) & ~played
    others = [(seat + relative) % 4 for relative in OTHER_SEATS]
    sizes = (history.held(others[0]), history.held(others[1]), history.held(others[2]))
    if not played or sum(sizes) != (ALL_DOMINOES & ~(mine | played)).bit_count() or min(sizes) < 0:
        return None
    lacks = (history.lacks(others[0]), history.lacks(others[1]), history.lacks(others[2]))
    return lacks_plan(Hand(mine), lacks, sizes, played)


def to_table_seats(relative: np.ndarray, seat: Seat) -> np.ndarray:
    """Deals in a seat's frame (its hand first) as deals in the table's seats."""
    return table_seats(mask_array(relative, "relative"), check_seat(seat))


def table_seats(relative: np.ndarray, seat: Seat) -> np.ndarray:
    """``to_table_seats``, unchecked: for deals and a seat already checked."""
    table = np.empty_like(relative)
    for r in range(4):
        table[:, (seat + r) % 4] = relative[:, r]
    return table


def count_seen(history: PlayHistory, seat: Seat, hand: Dominoes) -> int:
    """The number of deals consistent with what ``seat`` has seen."""
    seen = seen_from(history, seat, hand)
    return plan_deals(seen.hand, seen.constraints).total
