"""Exact, uniform dealing under constraints (``deal.constraints``).

The dominoes no constraint places (the *free* ones) each may go to some of seats 1..3.
``counts[i, r1, r2]`` is the number of ways to deal free dominoes i.. when seats 1, 2
and 3 still have room for r1, r2 and r3 = (dominoes left) - r1 - r2: a small dynamic
programme in exact integers (``engine.completion_counts``). A deal is drawn domino by
domino (``engine.deal_by_counts``), each going to a seat with probability proportional to the
completions it leaves, which makes every consistent deal equally likely (no rejection,
no greedy filling). When there are no more consistent deals than are asked for, all of
them are listed instead (exact).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache, reduce
from itertools import combinations, product
from operator import or_
from typing import TYPE_CHECKING, Final

import numpy as np

from texas42 import rules
from texas42.deal.constraints import (
    CONSTRAINTS_KIND,
    HOLDS,
    LACKS,
    OTHER_SEATS,
    DealConstraints,
    SeatConstraint,
    check_constraints,
    optional_constraints,
)
from texas42.deal.sampling import (
    check_deal_count,
    check_hand,
    check_rng,
    check_seed,
    generators,
    sample_deals,
)
from texas42.engine.dealing import CountsDealer, completion_counts
from texas42.engine.inputs import check_deal_array
from texas42.errors import ConstraintError, check_kind
from texas42.rules import Deal, Hand, domino_name

if TYPE_CHECKING:
    from texas42.deal.inference import Inference

CHUNK: Final = 65536
"""Deals drawn at a time (bounds the memory of the uniform draws)."""


@dataclass(frozen=True, eq=False)
class DealPlan:
    """How to deal around ``hand`` under the constraints: the fixed masks (seat 0's hand,
    then what seats 1..3 must hold), the free dominoes with the seats each may go to
    (bit s - 1 for seat s), the seats' room for them and the completion counts (a
    read-only int64 array, ``counts[i, r1, r2]``)."""

    hand: Hand
    fixed: tuple[int, int, int, int]
    free: tuple[int, ...]
    allowed: tuple[int, ...]
    room: tuple[int, int, int]
    counts: np.ndarray

    @property
    def total(self) -> int:
        """The number of consistent deals."""
        return int(self.counts[0, self.room[0], self.room[1]])

    def completions(self, i: int, r1: int, r2: int) -> int:
        """Ways to deal free dominoes i.. with room r1, r2 (and the rest) left."""
        if r1 < 0 or r2 < 0 or len(self.free) - i - r1 - r2 < 0:
            return 0
        return int(self.counts[i, r1, r2])

    @cached_property
    def dealer(self) -> CountsDealer:
        """The plan's dealing (``engine.CountsDealer``), checked at its first use."""
        return CountsDealer(
            np.array(self.free, dtype=np.int64),
            np.array(self.allowed, dtype=np.int64),
            self.counts,
            self.room,
            self.fixed,
        )


def plan_deals(hand: Hand, constraints: DealConstraints) -> DealPlan:
    """The plan of the deals around ``hand`` under ``constraints`` (checked first); a
    ``ConstraintError`` if no deal fits them."""
    check_hand(hand)
    check_kind(constraints, DealConstraints, CONSTRAINTS_KIND)
    check_constraints(hand, constraints)
    holds = (constraints.holds(1), constraints.holds(2), constraints.holds(3))
    lacks = (constraints.lacks(1), constraints.lacks(2), constraints.lacks(3))
    room = (
        constraints.size(1) - holds[0].bit_count(),
        constraints.size(2) - holds[1].bit_count(),
        constraints.size(3) - holds[2].bit_count(),
    )
    free, allowed = _free_and_allowed(hand.mask | constraints.played | holds[0] | holds[1] | holds[2], lacks)
    _check_feasible(free, allowed, room)
    plan = DealPlan(hand, (hand.mask, *holds), free, allowed, room, _count(allowed, room))
    if plan.total == 0:  # pragma: no cover - Hall's condition above rules this out
        raise ConstraintError("holds/lacks: no deal fits these constraints", parameter="holds/lacks")
    return plan


def lacks_plan(hand: Hand, lacks: tuple[int, int, int], sizes: tuple[int, int, int], played: int) -> DealPlan:
    """``plan_deals`` for constraints of ``lacks`` and ``sizes`` alone (seats 1..3) with
    ``played`` out, unchecked: for a caller that knows they fit ``hand`` (the sizes add up
    to the unseen dominoes); its ``total`` is 0 when no deal fits."""
    free, allowed = _free_and_allowed(hand.mask | played, lacks)
    return DealPlan(hand, (hand.mask, 0, 0, 0), free, allowed, sizes, _count(allowed, sizes))


def _free_and_allowed(placed: int, lacks: tuple[int, int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The dominoes not ``placed``, in order, and the seats each may go to (bit s - 1 for
    seat s, unless it is among seat s's ``lacks``)."""
    free = tuple(d for d in rules.DOMINOES if not placed >> d & 1)
    may1, may2, may3 = (~lack for lack in lacks)
    return free, tuple((may1 >> d & 1) | (may2 >> d & 1) << 1 | (may3 >> d & 1) << 2 for d in free)


def doubles_possible(hand: Hand, constraints: DealConstraints, needs: Mapping[int, int]) -> bool:
    """Whether some deal around ``hand`` consistent with ``constraints`` gives each seat
    of ``needs`` (1..3, relative to ours) at least that many doubles: exactly, by giving
    each seat in turn every set of that many doubles it may hold, and planning the deals."""
    free = rules.DOUBLES & ~(hand.mask | constraints.played)
    choices = []
    for seat, needed in needs.items():
        allowed = free & ~constraints.lacks(seat)
        doubles = [d for d in rules.DOMINOES if allowed >> d & 1]
        choices.append(
            [(seat, sum(1 << d for d in subset)) for subset in combinations(doubles, max(needed, 0))]
        )
    for choice in product(*choices):
        masks = [mask for _, mask in choice]
        if sum(masks) != reduce(or_, masks, 0):
            continue  # a double given to two seats
        given = tuple(SeatConstraint(HOLDS, seat, mask, 0, "") for seat, mask in choice if mask)
        try:
            plan_deals(hand, constraints.adding(*given))
        except ConstraintError:
            continue
        return True
    return False


@lru_cache(maxsize=256)
def _check_feasible(free: tuple[int, ...], allowed: tuple[int, ...], room: tuple[int, int, int]) -> None:
    """Some deal fits iff, for every set S of seats, the free dominoes that can go only to
    S fit in S's room (Hall's condition; the rooms add up to the free dominoes).
    Remembered when it passes, as ``_count``."""
    for d, seats in zip(free, allowed, strict=True):
        if seats == 0:
            name = domino_name(d)
            raise ConstraintError(
                f"lacks: no seat may hold {name} (seats 1, 2 and 3 all lack it)", parameter="lacks"
            )
    for size in (1, 2):
        for subset in combinations(OTHER_SEATS, size):
            bits = sum(1 << (s - 1) for s in subset)
            only = [d for d, seats in zip(free, allowed, strict=True) if seats & ~bits == 0]
            space = sum(room[s - 1] for s in subset)
            if len(only) > space:
                names = " and ".join(str(s) for s in subset)
                raise ConstraintError(
                    f"{LACKS}: {len(only)} unseen dominoes can go only to seat{'s' * (size > 1)} {names}, "
                    f"which {'have' if size > 1 else 'has'} room for {space} beside the dominoes held",
                    parameter=LACKS,
                )


@lru_cache(maxsize=256)
def _count(allowed: tuple[int, ...], room: tuple[int, int, int]) -> np.ndarray:
    """``counts[i, r1, r2]`` (``engine.completion_counts``), read-only. Remembered: the
    playouts' decisions meet the same free dominoes and rooms again and again (83% of
    the calls of ``play --realistic`` at a first lead, whose plays are each played out
    on the same deals)."""
    counts = completion_counts(np.array(allowed, dtype=np.int64), room)
    counts.flags.writeable = False
    return counts


def sample_plan(plan: DealPlan, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` deals drawn uniformly from the plan's consistent deals, as (n, 4) masks: each
    free domino in turn goes to a seat with probability the share of the completions it
    leaves (``DealPlan.dealer``), read from one uniform draw a domino, ``CHUNK``
    deals at a time."""
    _check_plan(plan)
    n = check_deal_count(n)
    check_rng(rng)
    return _sample_plan(plan, n, rng)


def _check_plan(plan: object) -> None:
    check_kind(plan, DealPlan, "plan is a DealPlan (deal.plan_deals makes one)")


def _sample_plan(plan: DealPlan, n: int, rng: np.random.Generator) -> np.ndarray:
    """``sample_plan``'s deals, its arguments already checked."""
    m = len(plan.free)
    parts = [plan.dealer.deal(rng.random((min(CHUNK, n - start), m))) for start in range(0, n, CHUNK)]
    return np.concatenate(parts) if parts else np.empty((0, 4), dtype=np.int64)


def enumerate_plan(plan: DealPlan) -> np.ndarray:
    """Every consistent deal, once each, as (total, 4) masks in a fixed order: as a
    depth-first walk would list them, giving each free domino in turn to seat 1, 2 or 3
    (in that order) wherever the rest can still be dealt. Built a domino at a time for
    all partial deals at once: each partial deal's children follow it in seat order."""
    _check_plan(plan)
    m = len(plan.free)
    counts = np.zeros((m + 1, plan.room[0] + 2, plan.room[1] + 2), dtype=np.int64)
    counts[:, 1:, 1:] = plan.counts  # index 0 stands for -1: no room
    r1 = np.array([plan.room[0]], dtype=np.int64)
    r2 = np.array([plan.room[1]], dtype=np.int64)
    masks = np.zeros((1, 3), dtype=np.int64)
    for i, (d, seats) in enumerate(zip(plan.free, plan.allowed, strict=True)):
        rooms = ((r1 - 1, r2), (r1, r2 - 1), (r1, r2))  # after giving d to seat 1, 2 or 3
        keep = np.stack(
            [(seats >> k & 1) * counts[i + 1, n1 + 1, n2 + 1] > 0 for k, (n1, n2) in enumerate(rooms)], axis=1
        )
        parent, seat = np.nonzero(keep)  # row-major: each parent's children in seat order
        r1 = rooms[0][0][parent] + (seat != 0)
        r2 = rooms[1][1][parent] + (seat != 1)
        masks = masks[parent]
        masks[np.arange(len(seat)), seat] |= np.int64(1) << np.int64(d)
    deals = np.empty((len(masks), 4), dtype=np.int64)
    deals[:, 0] = plan.fixed[0]
    for s in OTHER_SEATS:
        deals[:, s] = masks[:, s - 1] | plan.fixed[s]
    return deals


def count_deals(hand: Hand, constraints: DealConstraints | None = None) -> int:
    """The exact number of deals of the unseen dominoes consistent with ``constraints``."""
    return plan_deals(hand, optional_constraints(constraints)).total


def deal_around(
    hand: Hand, n: int, rng: np.random.Generator, constraints: DealConstraints | None = None
) -> tuple[np.ndarray, bool]:
    """``n`` uniform deals around ``hand`` consistent with ``constraints`` and whether
    they are exact: all the consistent deals, listed, when there are at most ``n``.
    Without constraints, the deals of ``sample_deals`` (the same for the same ``rng``)."""
    constraints = optional_constraints(constraints)
    if constraints.empty:  # 399,072,960 deals: never few enough to list
        return sample_deals(hand, n, rng), False
    n = check_deal_count(n)
    check_rng(rng)
    return deal_plan(plan_deals(hand, constraints), n, rng)


def deal_plan(plan: DealPlan, n: int, rng: np.random.Generator) -> tuple[np.ndarray, bool]:
    """``deal_around``'s deals from its plan: all of them, listed, when there are at most
    ``n``. Unchecked: for callers that checked ``n`` and ``rng`` (``deal_around``,
    ``deals_seen_from``; the playouts deal with it at every turn)."""
    if plan.total <= n:
        return enumerate_plan(plan), True
    return _sample_plan(plan, n, rng), False


@dataclass(frozen=True)
class Dealt:
    """Deals around a hand from a seed: those of the main sample of ``analyze`` with the
    same seed, deals and constraints. ``exact``: every consistent deal, once each.
    ``inference``: how they were drawn to fit an auction, if they were."""

    deals: tuple[Deal, ...]
    exact: bool
    seed: int
    inference: Inference | None = None


def deals_from_seed(hand: Hand, n: int, seed: int, constraints: DealConstraints | None = None) -> Dealt:
    """``n`` deals around ``hand`` from ``seed`` (the first stream of ``generators``)."""
    seed = check_seed(seed)
    masks, exact = deal_around(hand, n, generators(seed)[0], constraints)
    return Dealt(as_deals(masks), exact, seed)


def as_deals(masks: np.ndarray) -> tuple[Deal, ...]:
    """(n, 4) hand masks, seat 0 first, as checked ``Deal`` objects."""
    masks = check_deal_array(masks, "masks")
    return tuple(Deal.from_hands([Hand(int(m)) for m in row]) for row in masks)
