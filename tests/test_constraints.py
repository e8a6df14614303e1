"""Constraints on the deal and the exact, uniform sampler under them (issue 14)."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from functools import cache
from typing import Any

import numpy as np
import pytest

import texas42
from dominoes import mask
from texas42 import deal, engine, errors, rules
from texas42.deal import DealConstraints, parse_holds, parse_lacks
from texas42.deal.constrained import DealPlan
from texas42.deal.constraints import LACKS, SeatConstraint
from texas42.errors import ConstraintError, EngineInputError
from texas42.rules import Hand, parse_domino, parse_dominoes, parse_hand

HAND = parse_hand("6-4 5-5 5-2 4-3 4-2 3-2 3-1")
Z999 = 3.090232306167813


def chi_square_critical(df: int, z: float = Z999) -> float:
    """The upper quantile of chi-square with ``df`` degrees of freedom (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def brute_force(hand: Hand, c: DealConstraints) -> set[tuple[int, int, int]]:
    """Every consistent deal, by trying every seat for every unseen domino."""
    unseen = [d for d in rules.DOMINOES if d not in hand and not c.played >> d & 1]
    found = set()
    for seats in itertools.product((1, 2, 3), repeat=len(unseen)):
        masks = [0, 0, 0]
        for d, s in zip(unseen, seats, strict=True):
            masks[s - 1] |= 1 << d
        if any(masks[s - 1].bit_count() != c.size(s) for s in (1, 2, 3)):
            continue
        if any(masks[s - 1] & c.holds(s) != c.holds(s) or masks[s - 1] & c.lacks(s) for s in (1, 2, 3)):
            continue
        found.add((masks[0], masks[1], masks[2]))
    return found


def position(
    hand: str, unseen: str, sizes: tuple[int, int, int], *items: str
) -> tuple[Hand, DealConstraints]:
    """A position during play: ``hand`` left to seat 0, ``unseen`` still out, the rest played."""
    parsed = [parse_holds(t[6:]) if t.startswith("holds ") else parse_lacks(t[6:]) for t in items]
    played = rules.ALL_DOMINOES & ~mask(hand) & ~mask(unseen)
    return parse_dominoes(hand, None), DealConstraints(tuple(parsed), sizes, played)


SMALL = {
    "threes": position("3-2 3-1 3-0", "2-2 2-1 2-0 1-1 1-0 0-0 3-3 4-0 4-1", (3, 3, 3)),
    "threes_holds_lacks": position(
        "3-2 3-1 3-0",
        "2-2 2-1 2-0 1-1 1-0 0-0 3-3 4-0 4-1",
        (3, 3, 3),
        "holds 2: 2-2",
        "lacks 1: blanks",
        "lacks 3: 1-1",
    ),
    "uneven": position("3-2 3-1", "2-2 2-1 2-0 1-1 1-0 0-0 3-3", (3, 2, 2), "lacks 2: aces", "holds 3: 0-0"),
    "twos": position("3-2 3-1", "2-2 2-1 2-0 1-1 1-0 0-0", (2, 2, 2), "lacks 1: 1-0 0-0"),
}


def test_the_small_case_without_constraints_has_its_closed_form() -> None:
    hand, c = SMALL["threes"]
    assert deal.count_deals(hand, c) == math.factorial(9) // math.factorial(3) ** 3 == 1680


@pytest.mark.parametrize("name", sorted(SMALL))
def test_count_equals_enumeration(name: str) -> None:
    hand, c = SMALL[name]
    every = brute_force(hand, c)
    assert deal.count_deals(hand, c) == len(every) > 0
    listed = deal.enumerate_plan(deal.plan_deals(hand, c))
    assert {(int(r[1]), int(r[2]), int(r[3])) for r in listed} == every
    assert len(listed) == len(every)


def listed_depth_first(plan: deal.DealPlan) -> list[tuple[int, int, int]]:
    """The slow reference of ``enumerate_plan``: a recursive walk giving each free domino
    in turn to seat 1, 2 or 3 wherever the rest can still be dealt."""
    rows: list[tuple[int, int, int]] = []

    def walk(i: int, r1: int, r2: int, masks: tuple[int, int, int]) -> None:
        if i == len(plan.free):
            rows.append(masks)
            return
        for k, (n1, n2) in enumerate(((r1 - 1, r2), (r1, r2 - 1), (r1, r2))):
            if plan.allowed[i] >> k & 1 and plan.completions(i + 1, n1, n2):
                given = [x | 1 << plan.free[i] if j == k else x for j, x in enumerate(masks)]
                walk(i + 1, n1, n2, (given[0], given[1], given[2]))

    walk(0, plan.room[0], plan.room[1], (0, 0, 0))
    return rows


def test_the_listing_is_the_depth_first_walk_s() -> None:
    """``enumerate_plan`` lists the deals of plans met during play (a few unseen
    dominoes left, seats void in random suits, some dominoes known) in the reference
    walk's order, from one deal to tens of thousands."""
    rng = np.random.default_rng(7)
    sizes_seen = []
    for _ in range(40):
        left = int(rng.integers(1, 6))  # dominoes left to each seat
        order = rng.permutation(28)
        hand = parse_dominoes(" ".join(rules.domino_name(int(d)) for d in order[:left]), None)
        unseen = order[left : 4 * left]
        played = rules.ALL_DOMINOES & ~sum(1 << int(d) for d in order[: 4 * left])
        lacks = tuple(
            SeatConstraint(LACKS, s, sum(1 << int(d) for d in set(rng.choice(unseen, 3).tolist())), 0, "")
            for s in (1, 2, 3)
            if rng.random() < 0.6
        )
        c = DealConstraints(lacks, (left, left, left), played)
        try:
            plan = deal.plan_deals(hand, c)
        except ConstraintError:
            continue
        listed = deal.enumerate_plan(plan)
        expected = listed_depth_first(plan)
        assert [(int(r[1]), int(r[2]), int(r[3])) for r in listed] == expected
        assert (listed[:, 0] == hand.mask).all() and len(listed) == plan.total
        sizes_seen.append(len(expected))
    assert min(sizes_seen) == 1 and max(sizes_seen) > 10_000


@pytest.mark.parametrize("name", sorted(SMALL))
def test_sampler_is_uniform(name: str) -> None:
    """Chi-square of the sampled frequencies of every consistent deal, at a fixed seed."""
    hand, c = SMALL[name]
    every = sorted(brute_force(hand, c))
    n = 60 * len(every)
    drawn = deal.sample_plan(deal.plan_deals(hand, c), n, np.random.default_rng(2024))
    seen = Counter((int(r[1]), int(r[2]), int(r[3])) for r in drawn)
    assert set(seen) <= set(every)
    expected = n / len(every)
    chi2 = sum((seen[key] - expected) ** 2 / expected for key in every)
    assert chi2 < chi_square_critical(len(every) - 1)


def test_the_count_without_constraints_has_its_closed_form() -> None:
    closed = math.factorial(21) // math.factorial(7) ** 3
    assert closed == 399_072_960
    assert deal.count_deals(HAND) == closed
    assert deal.count_deals(HAND, DealConstraints()) == closed


def test_closed_forms_with_constraints() -> None:
    # Seat 2 holds two given dominoes: 19!/(7! 5! 7!).
    c = DealConstraints((parse_holds("2: 6-6 6-5"),))
    assert deal.count_deals(HAND, c) == math.factorial(19) // (math.factorial(7) ** 2 * math.factorial(5))
    # Seat 1 lacks the six sixes left: they go to seats 2 and 3 with 8 of the 15 others.
    c = DealConstraints((parse_lacks("1: sixes"),))
    want = sum(
        math.comb(6, k) * math.comb(15, 7 - k) * math.comb(15 - (7 - k), 7)
        for k in range(7)
        if 7 - k <= 15 and 6 - k <= 7
    )
    assert deal.count_deals(HAND, c) == want


def test_without_constraints_the_deals_are_todays() -> None:
    rng_a, rng_b = np.random.default_rng(5), np.random.default_rng(5)
    deals, exact = deal.deal_around(HAND, 300, rng_a)
    assert not exact
    assert np.array_equal(deals, deal.sample_deals(HAND, 300, rng_b))


def test_exact_when_no_more_deals_than_asked() -> None:
    c = DealConstraints(
        (parse_holds("2: 6-6 6-5 6-0 4-4 3-0"), parse_holds("1: 6-2 6-1 5-4 5-1"), parse_lacks("3: aces"))
    )
    total = deal.count_deals(HAND, c)
    deals, exact = deal.deal_around(HAND, total, np.random.default_rng(1), c)
    assert exact and len(deals) == total == len({tuple(r) for r in deals.tolist()})
    deals, exact = deal.deal_around(HAND, total - 1, np.random.default_rng(1), c)
    assert not exact and len(deals) == total - 1


def test_same_seed_same_deals() -> None:
    c = DealConstraints((parse_holds("2: 6-6"), parse_lacks("1: sixes")))
    a = deal.deal_around(HAND, 500, deal.generators(9)[0], c)[0]
    b = deal.deal_around(HAND, 500, deal.generators(9)[0], c)[0]
    assert np.array_equal(a, b)
    assert np.all(a[:, 2] >> 27 & 1 == 1)
    assert np.all(a[:, 1] & sixes() == 0)


def sixes() -> int:
    return rules.Declaration.SIXES.trumps


@pytest.mark.parametrize(
    ("items", "words"),
    [
        (("holds 2: 6-4",), "holds 2: 6-4: your own hand holds 6-4"),
        (("holds 2: 6-6", "holds 3: 6-6"), "holds 3: 6-6: 6-6 is held by seat 2 too"),
        (("holds 1: 6-6 6-5 6-3 6-2 6-1 6-0 5-4 5-3",), "holds 1: 6-6 6-5 6-3 6-2 6-1 6-0 5-4 5-3: seat 1"),
        (("holds 2: 6-6", "lacks 2: sixes"), "holds 2: 6-6: seat 2 both holds and lacks 6-6"),
        (("lacks 1: sixes", "lacks 2: 6", "lacks 3: 6-6"), "lacks: no seat may hold 6-6"),
        (
            ("lacks 1: sixes fives", "lacks 3: sixes fives"),
            "lacks: 10 unseen dominoes can go only to seat 2, which has room for 7",
        ),
    ],
)
def test_bad_constraints(items: tuple[str, ...], words: str) -> None:
    """The message begins with the constraint as the Python API names it (``parameter``:
    the command line writes it as the option)."""
    parsed = tuple(parse_holds(t[6:]) if t.startswith("holds ") else parse_lacks(t[6:]) for t in items)
    with pytest.raises(ConstraintError, match="^" + words.replace("(", r"\(")) as caught:
        deal.count_deals(HAND, DealConstraints(parsed))
    assert caught.value.parameter == words.split()[0].rstrip(":")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("6-6", "SEAT: DOMINOES"),
        ("0: 6-6", "seat 0 is you"),
        ("4: 6-6", "must be 1, 2 or 3"),
        ("2:", "no dominoes"),
        ("2: 7-1", "not a domino"),
        ("2: sixes", "not a domino like 6-4"),
        ("2: 5-4 45", "45 names 5-4 again"),
    ],
)
def test_bad_holds_text(text: str, words: str) -> None:
    with pytest.raises(ConstraintError, match=words):
        parse_holds(text)


def test_lacks_takes_pip_suits() -> None:
    assert parse_lacks("1: sixes").mask == rules.Declaration.SIXES.trumps
    assert parse_lacks("1: 5, 6-6").mask == rules.Declaration.FIVES.trumps | mask("6-6")
    with pytest.raises(ConstraintError, match="pip suit"):
        parse_lacks("1: doubles")
    with pytest.raises(ConstraintError, match="5-4 names 5-4 again"):
        parse_lacks("1: 5-4 5-4")


def random_history(rng: np.random.Generator, length: int) -> tuple[rules.PlayHistory, list[int]]:
    """A random deal and ``length`` random legal plays of it, under a random trump."""
    order = rng.permutation(28)
    dealt = [sum(1 << int(d) for d in order[7 * s : 7 * s + 7]) for s in range(4)]
    declaration = rules.Declaration(int(rng.integers(9)))
    history = rules.replay(declaration, 0, [])
    for _ in range(length):
        seat = history.turn
        led = history.trick[0] if history.trick else None
        plays = rules.legal_plays(dealt[seat] & ~history.played, led, declaration)
        choices = [d for d in range(28) if plays >> d & 1]
        history = rules.advance(history, choices[int(rng.integers(len(choices)))])
    return history, dealt


def walked(plan: DealPlan, n: int, rng: np.random.Generator) -> np.ndarray:
    """The sampler in plain Python, the reference of ``engine.deal_by_counts``: for each
    deal, each free domino in turn goes to seat 1 below the share of the completions
    giving it seat 1 leaves, to seat 2 below the shares of seats 1 and 2, else to seat 3,
    on the exact integer counts (their quotients are the floating-point ones)."""
    counts = plan.counts.tolist()
    steps = list(zip(plan.free, plan.allowed, counts, counts[1:], strict=False))
    rows = []
    for uniforms in rng.random((n, len(plan.free))).tolist():
        r1, r2 = plan.room[0], plan.room[1]
        m1 = m2 = m3 = 0
        for (d, seats, here, after), u in zip(steps, uniforms, strict=True):
            w1 = after[r1 - 1][r2] if seats & 1 and r1 else 0
            w2 = after[r1][r2 - 1] if seats & 2 and r2 else 0
            if seats & 4 and after[r1][r2]:
                if u < w1 / here[r1][r2]:
                    m1, r1 = m1 | 1 << d, r1 - 1
                elif u < (w1 + w2) / here[r1][r2]:
                    m2, r2 = m2 | 1 << d, r2 - 1
                else:
                    m3 |= 1 << d
            elif w2 and u >= w1 / here[r1][r2]:
                m2, r2 = m2 | 1 << d, r2 - 1
            else:
                m1, r1 = m1 | 1 << d, r1 - 1
        rows.append((plan.fixed[0], m1 | plan.fixed[1], m2 | plan.fixed[2], m3 | plan.fixed[3]))
    return np.array(rows, dtype=np.int64).reshape(n, 4)


@pytest.mark.parametrize("trial", range(40))
def test_the_kernel_deals_as_the_plain_python_walk_and_a_few_deals_are_the_first_of_many(trial: int) -> None:
    """The dealing kernel reads the same uniforms in the same order as the reference
    walk and gives the same deals, whatever the plays have revealed; so a few deals are
    the first deals of many from the same seed."""
    rng = np.random.default_rng(trial)
    history, dealt = random_history(rng, int(rng.integers(0, 24)))
    seat = history.turn
    seen = deal.seen_from(history, seat, dealt[seat])
    plan = deal.plan_deals(seen.hand, seen.constraints)
    many = deal.sample_plan(plan, 100, np.random.default_rng(trial))
    assert np.array_equal(many, walked(plan, 100, np.random.default_rng(trial)))
    for n in (0, 1, 10, 32):
        assert np.array_equal(deal.sample_plan(plan, n, np.random.default_rng(trial)), many[:n])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"counts": np.ones((4, 2, 2))}, "counts as integers"),
        ({"uniforms": np.full((2, 3), 1.0)}, r"uniforms in \[0, 1\)"),
        ({"free": [1, 1, 3]}, "distinct free dominoes"),
        ({"allowed": [1, 0, 1]}, "allowed to seats 1..3"),
        ({"counts": np.zeros((4, 2, 2), dtype=np.int64)}, "ending in the one empty deal"),
        ({"room": (1, 1, 2), "counts": np.ones((4, 2, 2), dtype=np.int64)}, "rooms adding up"),
        ({"free": [1, 2]}, "m free dominoes"),
        ({"room": (3,)}, "three rooms"),
        ({"room": (1.0, 1, 1)}, "three rooms"),
        ({"fixed": (2**80, 0, 0, 0)}, "four fixed masks"),
        ({"fixed": ("a", 0, 0, 0)}, "four fixed masks"),
        ({"fixed": (HAND.mask, HAND.mask, 0, 0)}, "share no domino"),
        ({"fixed": (HAND.mask | 2, 0, 0, 0)}, "share no domino"),  # 2 is free
        ({"uniforms": np.full((2, 3), np.nan)}, r"uniforms in \[0, 1\)"),
        ({"allowed": [1.5, 1, 7]}, "seats each free domino may go to"),
    ],
)
def test_the_dealing_kernel_refuses_what_is_not_a_plan(change: dict[str, object], message: str) -> None:
    """``engine.deal_by_counts`` checks what it can cheaply before the kernel reads it."""
    args: dict[str, object] = {
        "uniforms": np.full((2, 3), 0.5),
        "free": [1, 2, 3],
        "allowed": [1, 1, 7],
        "counts": np.ones((4, 2, 2), dtype=np.int64),
        "room": (1, 1, 1),
        "fixed": (HAND.mask, 0, 0, 0),
    }
    with pytest.raises(EngineInputError, match=message):
        engine.deal_by_counts(**{**args, **change})  # type: ignore[arg-type]


def test_a_dealer_checked_once_deals_each_batch_as_deal_by_counts_and_checks_its_uniforms() -> None:
    """``engine.CountsDealer`` checks the plan once; each batch of uniforms it deals is
    ``deal_by_counts``'s, and uniforms of another width or outside [0, 1) are refused."""
    rng = np.random.default_rng(5)
    history, dealt = random_history(rng, 9)
    seen = deal.seen_from(history, history.turn, dealt[history.turn])
    plan = deal.plan_deals(seen.hand, seen.constraints)
    args = (np.array(plan.free), np.array(plan.allowed), plan.counts, plan.room, plan.fixed)
    dealer = engine.CountsDealer(*args)
    uniforms = np.random.default_rng(6).random((50, len(plan.free)))
    batches = np.concatenate([dealer.deal(uniforms[:20]), dealer.deal(uniforms[20:])])
    assert np.array_equal(batches, engine.deal_by_counts(uniforms, *args))
    assert np.array_equal(batches, walked(plan, 50, np.random.default_rng(6)))
    assert dealer.deal(np.empty((0, len(plan.free)))).shape == (0, 4)
    for bad in (uniforms[:, 1:], uniforms - 1, np.full((1, len(plan.free)), np.nan)):
        with pytest.raises(EngineInputError, match="uniforms"):
            dealer.deal(bad)
    with pytest.raises(EngineInputError, match="no deal fits"):
        counts = np.array([[[0, 0], [0, 0]]] * 3 + [[[1, 0], [0, 0]]])
        engine.CountsDealer(np.array([1, 2, 3]), np.array([1, 1, 1]), counts, (1, 1, 1), (0, 0, 0, 0))


def counted_in_python(allowed: list[int], room: tuple[int, int, int]) -> list[list[list[int]]]:
    """The slow reference of ``engine.completion_counts``: ways[i][r1][r2] by recursion
    over the free dominoes i.., in exact Python integers; 0 where seat 3's room would
    exceed its room at the start (no deal passes there)."""

    @cache
    def ways(i: int, r1: int, r2: int) -> int:
        r3 = len(allowed) - i - r1 - r2
        if min(r1, r2, r3) < 0 or r3 > room[2]:
            return 0
        if i == len(allowed):
            return 1
        seats = allowed[i]
        return (
            (seats & 1 and ways(i + 1, r1 - 1, r2))
            + (seats & 2 and ways(i + 1, r1, r2 - 1))
            + (seats & 4 and ways(i + 1, r1, r2))
        )

    return [
        [[ways(i, r1, r2) for r2 in range(room[1] + 1)] for r1 in range(room[0] + 1)]
        for i in range(len(allowed) + 1)
    ]


@pytest.mark.parametrize("trial", range(30))
def test_the_completion_counts_are_the_recursive_counts(trial: int) -> None:
    """``engine.completion_counts`` equals the recursive count for random rooms and
    seats allowed (some dominoes allowed nowhere: no deal), and on small cases the
    number of deals is the number of assignments that fit, counted one by one."""
    rng = np.random.default_rng(trial)
    room = (int(rng.integers(0, 8)), int(rng.integers(0, 8)), int(rng.integers(0, 8)))
    allowed = [int(x) for x in rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7], size=sum(room))]
    counts = engine.completion_counts(np.array(allowed), room)
    assert counts.tolist() == counted_in_python(allowed, room)
    if sum(room) <= 9:
        fits = sum(
            all(allowed[i] >> s & 1 for i, s in enumerate(seats))
            and tuple(seats.count(s) for s in range(3)) == room
            for seats in itertools.product(range(3), repeat=sum(room))
        )
        assert counts[0, room[0], room[1]] == fits


def test_all_the_deals_around_a_hand_are_counted() -> None:
    """With nothing known, the 21 unseen dominoes deal 21! / (7! 7! 7!) ways."""
    counts = engine.completion_counts(np.full(21, 7), (7, 7, 7))
    assert counts[0, 7, 7] == math.factorial(21) // math.factorial(7) ** 3 == 399_072_960


@pytest.mark.parametrize(
    ("allowed", "room", "message"),
    [
        ([1, 8], (1, 1, 0), "may go to, 0..7"),
        ([1, 2], (1, 0, 0), "adding up to the free dominoes"),
        ([7] * 8, (8, 0, 0), "three rooms of 0..7"),
        ([1, 2], (2, -1, 1), "three rooms of 0..7"),
    ],
)
def test_counting_deals_refuses_impossible_rooms(
    allowed: list[int], room: tuple[int, int, int], message: str
) -> None:
    with pytest.raises(EngineInputError, match=message):
        engine.completion_counts(np.array(allowed), room)


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (
            ("hold", 1, 1 << 27, 1 << 27, "1: 6-6"),
            errors.ConstraintError,
            "kind is 'holds' or 'lacks', got 'hold'",
        ),
        (("holds", 0, 1 << 27, 1 << 27, "0: 6-6"), errors.ConstraintError, "seat must be 1, 2 or 3 .* got 0"),
        (("holds", 5, 1 << 27, 1 << 27, "5: 6-6"), errors.ConstraintError, "got 5"),
        (("holds", "2", 1 << 27, 1 << 27, "2: 6-6"), errors.ArgumentTypeError, "got '2'"),
        (("lacks", 1, 1 << 28, 0, "1: ?"), errors.ConstraintError, r"mask is a mask of dominoes \(1 to"),
        (("lacks", 1, 0, 0, "1: "), errors.ConstraintError, "got 0"),
        (("holds", 1, 1 << 27, 1 << 26, "1: 6-6"), errors.ConstraintError, "named are not all in the mask"),
        (("holds", 1, 1 << 27, 1 << 27, None), errors.ArgumentTypeError, "text is the constraint"),
    ],
)
def test_a_constraint_built_by_hand_is_checked(args: tuple[object, ...], error: type, message: str) -> None:
    """A ``SeatConstraint`` made without the parser: a bad kind, seat or mask is a
    ``Texas42Error`` naming it (a wrong type an ``ArgumentTypeError``), not ignored."""
    with pytest.raises(error, match=message):
        deal.SeatConstraint(*args)
    assert deal.SeatConstraint("holds", np.int64(2), 1 << 27, 1 << 27, "2: 6-6").seat == 2


def test_a_holds_mask_with_a_domino_of_your_own_is_refused() -> None:
    """The dominoes a seat holds are all checked against your hand, named or not."""
    hand = parse_hand("6-4 5-5 5-2 4-3 4-2 3-2 3-1")
    six_four = 1 << parse_domino("6-4")
    holds = deal.SeatConstraint("holds", 2, six_four | 1 << 27, 1 << 27, "2: 6-6")
    with pytest.raises(errors.ConstraintError, match="holds 2: 6-6: your own hand holds 6-4"):
        deal.count_deals(hand, deal.DealConstraints((holds,)))


def test_the_api_refuses_a_domino_named_twice_for_a_seat_as_the_options_do() -> None:
    """``texas42.deal_constraints`` applies the command line's rule: a domino named twice
    for one seat and kind is a typo, most likely; a suit that covers a named domino is not."""
    with pytest.raises(ConstraintError, match="holds 2: 6-6: 6-6 is named by holds 2: 6-6 too"):
        texas42.deal_constraints(holds=["2: 6-6", "2: 6-6"])
    with pytest.raises(ConstraintError, match="lacks 1: 5-4 6-6: 6-6 is named by lacks 1: 6-6 too"):
        texas42.deal_constraints(lacks=["1: 6-6", "1: 5-4 6-6"])
    both = texas42.deal_constraints(lacks=["1: sixes", "1: 6"], holds=["2: 6-6"])
    assert both.lacks(1) == sum(1 << parse_domino(f"6-{pip}") for pip in range(7))


DEALT = parse_hand("6-4 5-5 5-2 4-3 4-2 3-2 3-1")
FIRST_LEAD = rules.replay(rules.Declaration.FOURS, 0, [parse_domino("6-4")], seat=0, hand=DEALT)
ONE_DEAL = np.array([[DEALT.mask, 127 << 7, 127 << 14, 127 << 21]])


def _rng() -> np.random.Generator:
    return np.random.default_rng(1)


def _six_six_plan() -> DealPlan:
    return deal.plan_deals(DEALT, texas42.deal_constraints(holds=["2: 6-6"]))


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: deal.deals_seen_from(FIRST_LEAD, 0, DEALT.mask, 2**70, _rng()),
            errors.AnalysisError,
            "n (the",
        ),
        (
            lambda: deal.deals_seen_from(FIRST_LEAD, 0, DEALT.mask, 10**8, _rng()),
            errors.AnalysisError,
            "at most 1,000,000",
        ),
        (
            lambda: deal.deals_seen_from(FIRST_LEAD, 0, DEALT.mask, math.inf, _rng()),
            errors.AnalysisError,
            "n (the",
        ),
        (
            lambda: deal.deal_around(DEALT, 2**70, _rng()),
            errors.AnalysisError,
            "n (the number of deals) must be at most",
        ),
        (lambda: deal.deal_around(DEALT, math.inf, _rng()), errors.AnalysisError, "n (the number of deals)"),
        (lambda: deal.deal_around(DEALT, None, _rng()), errors.ArgumentTypeError, "n (the number of deals)"),
        (
            lambda: deal.sample_plan(_six_six_plan(), 2**70, _rng()),
            errors.AnalysisError,
            "n (the number of deals)",
        ),
        (lambda: deal.sample_plan(DEALT, 5, _rng()), errors.ArgumentTypeError, "plan is a DealPlan"),
        (
            lambda: deal.sample_plan(_six_six_plan(), 5, 1),
            errors.ArgumentTypeError,
            "rng is a numpy Generator",
        ),
        (lambda: deal.enumerate_plan(DEALT), errors.ArgumentTypeError, "plan is a DealPlan"),
        (lambda: deal.generators(1, count=10**9), errors.AnalysisError, "count (the number of generators)"),
        (lambda: deal.generators(1, count=-1), errors.AnalysisError, "count (the number of generators)"),
        (lambda: deal.sample_deals(127, 5, _rng()), errors.ArgumentTypeError, "hand is a Hand"),
        (lambda: deal.sample_deals(DEALT, 5, None), errors.ArgumentTypeError, "rng is a numpy Generator"),
        (lambda: deal.sample_deals(DEALT, True, _rng()), errors.ArgumentTypeError, "n (the number of deals)"),
        (lambda: deal.sample_deals(DEALT, -1, _rng()), errors.AnalysisError, "n (the number of deals)"),
        (lambda: deal.plan_deals(127, deal.DealConstraints()), errors.ArgumentTypeError, "hand is a Hand"),
        (lambda: deal.plan_deals(DEALT, None), errors.ArgumentTypeError, "constraints are DealConstraints"),
        (lambda: deal.count_deals(DEALT, 0), errors.ArgumentTypeError, "constraints are DealConstraints"),
        (lambda: deal.count_deals(127), errors.ArgumentTypeError, "hand is a Hand"),
        (lambda: deal.unseen_dominoes(b"x"), errors.ArgumentTypeError, "hand is a Hand"),
        (lambda: deal.as_deals(5), errors.DealArrayError, "masks must be an (n, 4)"),
        (
            lambda: deal.as_deals(ONE_DEAL.astype(float)),
            errors.DealArrayError,
            "masks must be an (n, 4) integer",
        ),
        (lambda: deal.to_table_seats(ONE_DEAL, 4), errors.InvalidSeatError, "not a seat: 4"),
        (lambda: deal.to_table_seats(ONE_DEAL, -1), errors.InvalidSeatError, "not a seat: -1"),
        (lambda: deal.to_table_seats(5, 1), errors.DealArrayError, "relative must be an (n, 4)"),
        (lambda: deal.seen_from(FIRST_LEAD, 0, 0), errors.HandSizeError, "a hand needs 7 dominoes, got 0"),
    ],
)
def test_the_dealing_functions_name_a_bad_argument_at_once(call: Any, error: type, message: str) -> None:
    """Each public function of ``texas42.deal`` refuses a bad argument with the package's
    error naming it, a number of deals past ``MAX_DEALS`` at once rather than dealing."""
    with pytest.raises(error, match=re.escape(message)):
        call()


def test_the_checked_dealing_deals_as_before() -> None:
    """Valid calls keep their deals: ``MAX_DEALS`` itself is a number of deals, a numpy
    integer too, and the table's seats of a seat's frame are a rotation."""
    assert deal.MAX_DEALS == 1_000_000 and deal.check_deal_count(np.int64(5)) == 5
    assert deal.check_deal_count(deal.MAX_DEALS) == deal.MAX_DEALS
    assert np.array_equal(deal.sample_deals(DEALT, np.int64(3), _rng()), deal.sample_deals(DEALT, 3, _rng()))
    assert deal.sample_deals(DEALT, 0, _rng()).shape == (0, 4) and deal.generators(1, count=0) == []
    assert deal.count_deals(DEALT, None) == deal.count_deals(DEALT) == 399_072_960
    assert np.array_equal(deal.to_table_seats(ONE_DEAL, 1)[0], ONE_DEAL[0, [3, 0, 1, 2]])
    dealt = deal.sample_deals(DEALT, 1, _rng())
    assert deal.as_deals(dealt)[0].masks == tuple(int(m) for m in dealt[0])
