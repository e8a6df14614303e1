"""Special contracts: the rules core against docs/rules.md, and the Nel-O and sevens kernels
against the slow reference of tests/naive.py and against hands whose result is certain."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import d, ds, mask, random_hands
from naive import nello_can_lose_all, sevens_tricks
from texas42 import engine, errors, rules
from texas42.errors import DealArrayError, EngineInputError
from texas42.rules import DOUBLES_SUIT, Declaration, NelloDoubles

OWN, HIGH, LOW = NelloDoubles.OWN_SUIT, NelloDoubles.HIGH, NelloDoubles.LOW


def deal_around(rng: np.random.Generator, fixed: dict[int, str]) -> np.ndarray:
    """A full deal with the given seats' hands fixed and the rest dealt at random."""
    hands = {seat: mask(text) for seat, text in fixed.items()}
    rest = [x for x in rules.DOMINOES if not sum(hands.values()) >> x & 1]
    order = rng.permutation(rest)
    free = [seat for seat in range(4) if seat not in hands]
    for k, seat in enumerate(free):
        hands[seat] = rules.mask_of(int(x) for x in order[7 * k : 7 * k + 7])
    return np.array([hands[seat] for seat in range(4)], dtype=np.int64)


# --- Worked examples of docs/rules.md ------------------------------------------------------


@pytest.mark.parametrize(
    ("doubles", "plays", "winner"),
    [
        # [0] 3-1 (treys led), [1] 3-3 (a double: not a trey), [3] 3-0: seat 0 wins.
        (OWN, "3-1 3-3 3-0", 0),
        # Doubles high: 3-3 is the highest trey and seat 1 wins.
        (HIGH, "3-1 3-3 3-0", 1),
        # Doubles low: 3-3 is the lowest trey; 3-1 beats 3-0, so seat 0 wins.
        (LOW, "3-1 3-3 3-0", 0),
        # [0] 2-2 (doubles led), [1] 5-5, [3] 6-2 (no double: off): seat 1 wins.
        (OWN, "2-2 5-5 6-2", 1),
    ],
)
def test_nello_worked_examples(doubles: NelloDoubles, plays: str, winner: int) -> None:
    assert rules.nello_trick_winner(ds(plays), doubles) == winner


def test_nello_worked_examples_suits_and_following() -> None:
    assert rules.nello_suit_led(d("3-1"), OWN) == 3
    assert rules.nello_suit_led(d("2-2"), OWN) == DOUBLES_SUIT
    assert rules.nello_suit_led(d("2-2"), HIGH) == rules.nello_suit_led(d("2-2"), LOW) == 2
    # Own suit: 3-3 does not follow treys, 6-2 does not follow doubles.
    assert rules.nello_legal_plays(mask("3-3 6-2"), d("3-1"), OWN) == mask("3-3 6-2")
    assert rules.nello_legal_plays(mask("5-5 6-2"), d("2-2"), OWN) == mask("5-5")
    assert rules.nello_legal_plays(mask("6-2 4-1"), d("2-2"), OWN) == mask("6-2 4-1")
    # High or low: 3-3 is a trey and must follow treys; 2-2 led calls for deuces.
    for doubles in (HIGH, LOW):
        assert rules.nello_legal_plays(mask("3-3 6-2"), d("3-1"), doubles) == mask("3-3")
        assert rules.nello_legal_plays(mask("5-5 6-2"), d("2-2"), doubles) == mask("6-2")
    assert rules.nello_suit_dominoes(DOUBLES_SUIT, OWN) == rules.DOUBLES
    assert rules.nello_suit_dominoes(DOUBLES_SUIT, HIGH) == 0
    assert rules.nello_suit_dominoes(3, OWN).bit_count() == 6
    assert rules.nello_suit_dominoes(3, LOW).bit_count() == 7


def test_nello_ranks() -> None:
    # Own suit: doubles rank 6-6 high to 0-0 among themselves.
    doubles = sorted(rules.dominoes_in(rules.DOUBLES), key=lambda x: rules.nello_rank(x, DOUBLES_SUIT, OWN))
    assert [rules.domino_name(x) for x in doubles] == [f"{p}-{p}" for p in range(7)]
    # High: 3-3 > 6-3 > ... > 3-0; low: 6-3 > ... > 3-0 > 3-3.
    treys = rules.nello_suit_dominoes(3, HIGH)
    high = sorted(rules.dominoes_in(treys), key=lambda x: -rules.nello_rank(x, 3, HIGH))
    low = sorted(rules.dominoes_in(treys), key=lambda x: -rules.nello_rank(x, 3, LOW))
    assert [rules.domino_name(x) for x in high] == ["3-3", "6-3", "5-3", "4-3", "3-2", "3-1", "3-0"]
    assert [rules.domino_name(x) for x in low] == ["6-3", "5-3", "4-3", "3-2", "3-1", "3-0", "3-3"]
    # A domino that does not follow cannot win: 6-2 off to a double led.
    assert rules.nello_trick_winner(ds("1-1 6-2 0-0"), OWN) == 0


def test_nello_seats() -> None:
    assert rules.nello_seats(0) == (0, 1, 3)
    assert rules.nello_seats(3) == (3, 0, 2)


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        # [0] 6-1 (7), [1] 5-2 (7), [2] 4-4 (8), [3] 4-3 (7): seat 0 wins, first of the sevens.
        ("6-1 5-2 4-4 4-3", 0),
        # [0] 6-6 (12), [1] 5-1 (6), [2] 4-4 (8), [3] 4-3 (7): seat 3 wins.
        ("6-6 5-1 4-4 4-3", 3),
        # 5-1 (6) and 6-2 (8) are equally close: the first played wins.
        ("0-0 6-2 5-1 1-0", 1),
    ],
)
def test_sevens_worked_examples(plays: str, winner: int) -> None:
    assert rules.sevens_trick_winner(ds(plays)) == winner


def test_sevens_distances() -> None:
    assert [rules.sevens_distance(x) for x in ds("6-1 5-2 4-3 3-3 6-2 6-6 1-0 0-0")] == [
        0,
        0,
        0,
        1,
        1,
        5,
        6,
        7,
    ]
    sizes = [sum(1 for x in rules.DOMINOES if rules.sevens_distance(x) == c) for c in range(8)]
    assert sizes == [3, 7, 5, 5, 3, 3, 1, 1]


def test_plunge_and_splash_qualify_on_doubles() -> None:
    four = rules.parse_hand("6-6 5-5 4-4 3-3 6-1 4-1 2-0").mask
    three = rules.parse_hand("6-6 5-5 4-4 6-3 6-1 4-1 2-0").mask
    two = rules.parse_hand("6-6 5-5 6-4 6-3 6-1 4-1 2-0").mask
    assert [rules.doubles_held(h) for h in (four, three, two)] == [4, 3, 2]
    assert [rules.may_plunge(h) for h in (four, three, two)] == [True, False, False]
    assert [rules.may_splash(h) for h in (four, three, two)] == [True, True, False]


@pytest.mark.parametrize(
    ("hand", "trump"),
    [
        # Four sixes against three fives.
        ("6-6 6-5 6-2 6-0 5-3 5-1 1-0", Declaration.SIXES),
        # Three fours and three treys (4-3 counts for both): fours hold the double.
        ("4-4 4-3 4-1 3-2 3-1 2-0 1-0", Declaration.FOURS),
        # Three treys with 3-3 against three fives without 5-5: treys.
        ("5-4 5-2 5-1 3-3 3-2 3-0 1-1", Declaration.TREYS),
        # Three fives and three deuces, no double of either: the higher pip.
        ("5-4 5-3 5-1 2-1 2-0 6-2 4-0", Declaration.FIVES),
        # Three blanks with 0-0 against three aces with 1-1: the higher pip.
        ("0-0 3-0 4-0 1-1 6-1 5-1 3-2", Declaration.ACES),
    ],
)
def test_partner_trump_rule(hand: str, trump: Declaration) -> None:
    assert rules.partner_trump(rules.parse_hand(hand).mask) is trump


def test_house_rule_options_parse_and_reject_bad_values() -> None:
    assert rules.parse_nello_doubles("own-suit") is OWN
    assert rules.parse_nello_doubles(" HIGH ") is HIGH
    assert rules.parse_nello_doubles("own_suit") is OWN
    assert rules.parse_all_pass("reshuffle") is rules.AllPass.RESHUFFLE
    with pytest.raises(errors.HouseRulesError, match="'middle'"):
        rules.parse_nello_doubles("middle")
    with pytest.raises(errors.HouseRulesError, match="'redeal'"):
        rules.parse_all_pass("redeal")
    with pytest.raises(errors.HouseRulesError, match="1 or 2 marks, got 3"):
        rules.HouseRules(nello_min_marks=3)
    assert rules.HouseRules() == rules.HouseRules(OWN, 2, rules.AllPass.FORCED, True)


# --- The slow reference checks itself on hand-played positions ---------------------------


def test_reference_nello_by_hand() -> None:
    # Bidder 3-1 against 3-3 (left) and 3-0 (right), partner 6-6 sits out. Own suit:
    # 3-1 leads treys, 3-3 is off, 3-0 ducks: the bidder wins. High: 3-3 takes it. Low:
    # 3-3 is the lowest trey and 3-0 is under 3-1: the bidder wins.
    hands = [mask("3-1"), mask("3-3"), mask("6-6"), mask("3-0")]
    assert [nello_can_lose_all(hands, 0, x) for x in (OWN, HIGH, LOW)] == [False, True, False]
    # Two tricks: the bidder leads 2-0 under the left opponent's 2-1 (forced to win), who
    # leads 1-0; the bidder follows with 1-1 only in high or low (aces), and 1-1 is an
    # ace above 1-0 only in high.
    hands = [mask("2-0 1-1"), mask("2-1 1-0"), mask("6-6 5-5"), mask("4-4 6-5")]
    assert [nello_can_lose_all(hands, 0, x) for x in (OWN, HIGH, LOW)] == [True, False, True]


def test_reference_sevens_by_hand() -> None:
    # Distances from 7: 6-1 0, 0-0 7 / 6-6 5, 5-5 3 / 1-0 6, 2-0 5 / 6-5 4, 1-1 5.
    hands = [mask("6-1 0-0"), mask("6-6 5-5"), mask("1-0 2-0"), mask("6-5 1-1")]
    # 6-1 takes whichever trick it falls in. In the trick where seat 0 plays 0-0, seat 1
    # keeps 5-5 for it, and nothing of seat 2 (5 at best) beats 5-5 (3). One trick each.
    assert sevens_tricks(hands, 0) == 1
    assert sevens_tricks(hands, 1) == 1
    assert engine.solve_sevens(np.array([hands, hands]), [0, 1]).values.tolist() == [1, 1]


# --- The kernels against the slow reference --------------------------------------------


@pytest.mark.parametrize("doubles", list(NelloDoubles))
def test_nello_random_positions_against_reference(doubles: NelloDoubles) -> None:
    """400 random positions of 1 to 4 dominoes a hand for each treatment of doubles."""
    rng = np.random.default_rng(404 + list(NelloDoubles).index(doubles))
    hands = np.stack([random_hands(rng, 1 + i % 4) for i in range(400)])
    bidders = rng.integers(0, 4, size=400)
    got = engine.solve_nello(hands, bidders, doubles, threads=2).values
    expected = [int(nello_can_lose_all(h, int(b), doubles)) for h, b in zip(hands, bidders, strict=True)]
    assert got.tolist() == expected
    assert 0.2 < np.mean(expected) < 0.8  # both outcomes are well represented


def test_sevens_random_positions_against_reference() -> None:
    """1,200 random positions of 1 to 4 dominoes a hand, every leader."""
    rng = np.random.default_rng(707)
    hands = np.stack([random_hands(rng, 1 + i % 4) for i in range(1200)])
    leaders = rng.integers(0, 4, size=1200)
    result = engine.solve_sevens(hands, leaders, threads=2)
    expected = [sevens_tricks(h, int(s)) for h, s in zip(hands, leaders, strict=True)]
    assert result.values.tolist() == expected
    sizes = np.bitwise_count(hands[:, 0])
    contract = engine.solve_sevens(hands, leaders, threads=2, contract_only=True).values
    assert contract.tolist() == (result.values == sizes).astype(int).tolist()


def test_specials_on_six_domino_positions_against_reference() -> None:
    rng = np.random.default_rng(66)
    hands = np.stack([random_hands(rng, 6) for _ in range(3)])
    for doubles in NelloDoubles:
        got = engine.solve_nello(hands, [0, 1, 2], doubles).values.tolist()
        assert got == [int(nello_can_lose_all(h, b, doubles)) for b, h in enumerate(hands)]
    assert engine.solve_sevens(hands[:2], [0, 3]).values.tolist() == [
        sevens_tricks(hands[0], 0),
        sevens_tricks(hands[1], 3),
    ]


def test_nello_full_deals_against_reference() -> None:
    """Random full deals (Nel-O rarely makes there) and deals where the bidder holds 0-0 and
    the blanks (it makes with doubles own-suit or high, see below): both outcomes."""
    rng = np.random.default_rng(77)
    cases = [(random_hands(rng, 7), i % 4, list(NelloDoubles)[i % 3]) for i in range(6)]
    for bidder, doubles in ((3, OWN), (1, HIGH)):
        cases.append((deal_around(rng, {bidder: "0-0 1-0 2-0 3-0 4-0 5-0 6-0"}), bidder, doubles))
    expected = []
    for hands, bidder, doubles in cases:
        deal = rules.Deal.from_hands([rules.Hand(int(h)) for h in hands])
        expected.append(int(nello_can_lose_all(hands, bidder, doubles)))
        assert engine.nello_value(deal, bidder, doubles) == expected[-1], (hands.tolist(), bidder, doubles)
    assert 0 in expected and 1 in expected


@pytest.mark.slow
def test_specials_full_deals_against_reference() -> None:
    rng = np.random.default_rng(7777)
    hands = np.stack([random_hands(rng, 7) for _ in range(9)])
    bidders = np.arange(9) % 4
    for doubles in NelloDoubles:
        got = engine.solve_nello(hands, bidders, doubles).values.tolist()
        assert got == [
            int(nello_can_lose_all(h, int(b), doubles)) for h, b in zip(hands, bidders, strict=True)
        ]
    got = engine.solve_sevens(hands, bidders).values.tolist()
    assert got == [sevens_tricks(h, int(b)) for h, b in zip(hands, bidders, strict=True)]


@settings(deadline=None, max_examples=40)
@given(order=st.permutations(list(range(28))), size=st.integers(1, 7), leader=st.integers(0, 3))
def test_sevens_rotation_and_bounds(order: list[int], size: int, leader: int) -> None:
    hands = np.array([rules.mask_of(order[size * s : size * (s + 1)]) for s in range(4)], dtype=np.int64)
    value = engine.solve_sevens(hands[None], leader).values[0]
    assert 0 <= value <= size
    rotated = np.array([hands[(s - 1) % 4] for s in range(4)])  # seat s's hand moves to s + 1
    assert engine.solve_sevens(rotated[None], (leader + 1) % 4).values[0] == value
    for doubles in NelloDoubles:
        nello = engine.solve_nello(hands[None], leader, doubles).values[0]
        assert engine.solve_nello(rotated[None], (leader + 1) % 4, doubles).values[0] == nello


# --- Hands whose result is certain -----------------------------------------------------


def test_nello_with_the_blanks_always_makes_with_doubles_own_suit_or_high() -> None:
    """0-0 and the six other blanks: each X-0 is the lowest of suit X and 0-0 the lowest
    double (own suit) or a blank nobody else can follow (high). The bidder leads into a
    suit an opponent holds, who must go over, and never wins a trick after."""
    rng = np.random.default_rng(1)
    deals = np.stack([deal_around(rng, {0: "0-0 1-0 2-0 3-0 4-0 5-0 6-0"}) for _ in range(150)])
    for doubles in (OWN, HIGH):
        assert engine.solve_nello(deals, 0, doubles).values.tolist() == [1] * 150
    # With doubles low, an opponent leading X-X forces the bidder's X-0 over it.
    low = engine.solve_nello(deals, 0, LOW).values
    assert 0 < low.sum() < 150


def test_nello_with_every_six_always_fails() -> None:
    """Every lead of the seven sixes is a six (or the top double) nobody can beat."""
    rng = np.random.default_rng(2)
    deals = np.stack([deal_around(rng, {1: "6-6 6-5 6-4 6-3 6-2 6-1 6-0"}) for _ in range(100)])
    for doubles in NelloDoubles:
        assert engine.solve_nello(deals, 1, doubles).values.tolist() == [0] * 100


def test_sevens_with_the_ten_closest_dominoes_always_makes() -> None:
    """The bidder holds seven of the ten dominoes 0 or 1 from 7 (partner the other three):
    each of them beats every domino of the other team, so the team takes all 7 tricks."""
    rng = np.random.default_rng(3)
    fixed = {0: "6-1 5-2 4-3 6-0 5-1 4-2 3-3", 2: "6-2 5-3 4-4 0-0 1-0 1-1 2-0"}
    deals = np.stack([deal_around(rng, fixed) for _ in range(50)])
    assert engine.solve_sevens(deals, 0).values.tolist() == [7] * 50
    # Led by an opponent, the team still takes every trick.
    assert engine.solve_sevens(deals, 1).values.tolist() == [0] * 50


def test_sevens_fails_when_an_opponent_holds_a_closer_domino() -> None:
    """An opponent holding 6-1 (0 from 7) against a team with nothing 0 from 7 wins a trick."""
    rng = np.random.default_rng(4)
    deals = np.stack([deal_around(rng, {0: "6-6 5-5 0-0 1-0 1-1 2-0 6-5", 3: "6-1 5-2 4-3 3-0 2-1 3-1 4-0"})])
    tricks = engine.solve_sevens(deals, 0).values[0]
    assert tricks < 7
    assert tricks == sevens_tricks(deals[0], 0)


def test_special_solvers_do_not_depend_on_threads() -> None:
    rng = np.random.default_rng(5)
    hands = np.stack([random_hands(rng, 7) for _ in range(40)])
    leaders = np.arange(40) % 4
    for doubles in NelloDoubles:
        one = engine.solve_nello(hands, leaders, doubles, threads=1)
        two = engine.solve_nello(hands[::-1], leaders[::-1], doubles, threads=2)
        assert np.array_equal(one.values, two.values[::-1])
    one = engine.solve_sevens(hands, leaders, threads=1)
    two = engine.solve_sevens(hands, leaders, threads=2)
    assert np.array_equal(one.values, two.values) and np.array_equal(one.nodes, two.nodes)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: engine.solve_nello(np.array([[1, 2, 4, 8]]), 4), EngineInputError, "seats"),
        (lambda: engine.solve_sevens(np.array([[1, 2, 4, 8]]), -1), EngineInputError, "seats"),
        (lambda: engine.solve_sevens(np.array([[1, 1, 4, 8]])), DealArrayError, "two hands"),
        (lambda: engine.solve_nello(np.array([[1, 2, 4]])), DealArrayError, "shape"),
        (lambda: engine.solve_nello(np.array([[1, 2, 4, 8]]), 0, "middle"), EngineInputError, "middle"),
        (lambda: engine.nello_value(rules.parse_deal("6-6 / 5-5 / 4-4 / 3-3", 1), 4), EngineInputError, "4"),
        (
            lambda: engine.sevens_value(rules.parse_deal("6-6 / 5-5 / 4-4 / 3-3", 1), -1),
            EngineInputError,
            "-1",
        ),
    ],
)
def test_special_solvers_reject_bad_input(call: object, error: type[ValueError], message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]
