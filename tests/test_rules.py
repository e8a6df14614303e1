"""The rules core against docs/rules.md: worked examples, tricky cases, parsing and bad input."""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import replace

import pytest

from dominoes import d, ds, mask
from texas42 import errors, rules
from texas42.rules import TRUMP, Declaration, parse_declaration, parse_domino

D = Declaration


def names_of(dominoes: int) -> set[str]:
    return {rules.domino_name(x) for x in rules.dominoes_in(dominoes)}


# --- Worked examples of docs/rules.md --------------------------------------------------


@pytest.mark.parametrize(
    ("declaration", "plays", "winner", "points"),
    [
        # Sixes trump. 5-3 (fives led), 5-1 (must follow), 6-0 (trump), 5-5: seat 2 wins, 1 + 10.
        (D.SIXES, "5-3 5-1 6-0 5-5", 2, 11),
        # Fours trump. 6-2 (sixes led), 4-2 (a trump, trumps in), 6-6, 2-2: seat 1 wins.
        (D.FOURS, "6-2 4-2 6-6 2-2", 1, 1),
        # Doubles trump. 5-3 (fives led), 5-5 (a trump, not a five), 5-4, 4-4: seat 1 wins.
        (D.DOUBLES, "5-3 5-5 5-4 4-4", 1, 1 + 10),
        # Follow-me. 3-2 (treys led), 3-3, 6-3, 2-2 (no trey: off): seat 1 wins.
        (D.FOLLOW_ME, "3-2 3-3 6-3 2-2", 1, 1 + 5),
    ],
)
def test_worked_examples(declaration: Declaration, plays: str, winner: int, points: int) -> None:
    trick = ds(plays)
    assert rules.trick_winner(trick, declaration) == winner
    assert rules.trick_points(trick) == points


def test_worked_examples_suits_led_and_following() -> None:
    # Sixes trump: 5-3 calls for fives, 5-1 must follow, 6-0 is a trump.
    assert rules.suit_led(d("5-3"), D.SIXES) == 5
    assert rules.legal_plays(mask("5-1 6-0 2-2"), d("5-3"), D.SIXES) == mask("5-1")
    assert rules.is_trump(d("6-0"), D.SIXES)
    # Fours trump: 6-2 calls for sixes; 4-2 is a four, so a hand of 4-2 2-2 cannot follow.
    assert rules.suit_led(d("6-2"), D.FOURS) == 6
    assert rules.legal_plays(mask("4-2 2-2"), d("6-2"), D.FOURS) == mask("4-2 2-2")
    # Doubles trump: 5-5 is a trump, not a five.
    assert rules.suit_led(d("5-3"), D.DOUBLES) == 5
    assert rules.legal_plays(mask("5-5 4-4 1-0"), d("5-3"), D.DOUBLES) == mask("5-5 4-4 1-0")
    assert rules.legal_plays(mask("5-5 5-4"), d("5-3"), D.DOUBLES) == mask("5-4")
    # Follow-me: 3-2 calls for treys; 2-2 is not a trey.
    assert rules.suit_led(d("3-2"), D.FOLLOW_ME) == 3
    assert rules.legal_plays(mask("2-2 3-3 6-3"), d("3-2"), D.FOLLOW_ME) == mask("3-3 6-3")


# --- Trumps and suits ---------------------------------------------------------------


@pytest.mark.parametrize("pip", range(7))
def test_pip_trumps_are_the_seven_dominoes_with_that_end(pip: int) -> None:
    trumps = Declaration(pip).trumps
    assert trumps.bit_count() == 7
    assert names_of(trumps) == {f"{max(pip, o)}-{min(pip, o)}" for o in range(7)}
    for x in rules.DOMINOES:
        assert rules.is_trump(x, Declaration(pip)) == (pip in (rules.high_end(x), rules.low_end(x)))


def test_doubles_and_follow_me_trumps() -> None:
    assert names_of(D.DOUBLES.trumps) == {f"{p}-{p}" for p in range(7)}
    assert D.FOLLOW_ME.trumps == 0
    assert not any(rules.is_trump(x, D.FOLLOW_ME) for x in rules.DOMINOES)


def test_a_trump_never_follows_its_other_end() -> None:
    # Fours trump: 4-2 is a four and never a deuce.
    assert rules.suit_led(d("4-2"), D.FOURS) == TRUMP
    assert not rules.follows(d("4-2"), 2, D.FOURS)
    assert rules.follows(d("4-2"), TRUMP, D.FOURS)
    assert rules.legal_plays(mask("4-2 6-5"), d("2-1"), D.FOURS) == mask("4-2 6-5")
    assert rules.legal_plays(mask("4-2 2-0 6-5"), d("2-1"), D.FOURS) == mask("2-0")
    assert names_of(rules.suit_dominoes(2, D.FOURS)) == {"2-0", "2-1", "2-2", "3-2", "5-2", "6-2"}
    # And it is a trump when led, even though its higher end is not the trump pip.
    assert rules.suit_led(d("6-4"), D.FOURS) == TRUMP
    for pip in range(7):
        declaration = Declaration(pip)
        for suit in range(7):
            if suit != pip:
                assert rules.suit_dominoes(suit, declaration) & declaration.trumps == 0
                assert rules.suit_dominoes(suit, declaration).bit_count() == 6


def test_under_doubles_a_double_belongs_to_no_pip_suit() -> None:
    for pip in range(7):
        suit = rules.suit_dominoes(pip, D.DOUBLES)
        assert suit & rules.DOUBLES == 0
        assert suit.bit_count() == 6
        assert rules.suit_led(d(f"{pip}-{pip}"), D.DOUBLES) == TRUMP
    assert rules.suit_dominoes(TRUMP, D.DOUBLES) == rules.DOUBLES
    # A double led calls for doubles: a holder of a double must play one.
    assert rules.legal_plays(mask("1-1 5-5 6-5"), d("6-6"), D.DOUBLES) == mask("1-1 5-5")


def test_follow_me_doubles_belong_to_their_suit_and_are_highest() -> None:
    for pip in range(7):
        suit = rules.suit_dominoes(pip, D.FOLLOW_ME)
        assert suit == rules.PIP_DOMINOES[pip]
        assert rules.suit_led(d(f"{pip}-{pip}"), D.FOLLOW_ME) == pip
        others = [x for x in rules.dominoes_in(suit) if not rules.is_double(x)]
        for other in others:
            # The double wins when led, and when it follows a lead of its suit.
            assert rules.trick_winner([d(f"{pip}-{pip}"), other], D.FOLLOW_ME) == 0
            if rules.high_end(other) == pip:
                assert rules.trick_winner([other, d(f"{pip}-{pip}")], D.FOLLOW_ME) == 1
            else:  # 6-3 led calls for sixes: the 3-3 is off
                assert rules.trick_winner([other, d(f"{pip}-{pip}")], D.FOLLOW_ME) == 0


def test_pip_suit_of_a_non_trump_double_under_pip_trump() -> None:
    # Sixes trump: 5-5 led calls for fives and is the highest five.
    assert rules.suit_led(d("5-5"), D.SIXES) == 5
    assert rules.trick_winner(ds("5-5 5-4 5-3 5-0"), D.SIXES) == 0
    assert rules.trick_winner(ds("5-4 5-5 5-3 5-0"), D.SIXES) == 1
    assert rules.trick_winner(ds("5-4 5-5 6-5 5-0"), D.SIXES) == 2  # 6-5 is a trump


@pytest.mark.parametrize(
    ("suit", "declaration", "order"),
    [
        (6, D.FOLLOW_ME, "6-6 6-5 6-4 6-3 6-2 6-1 6-0"),
        (3, D.FOLLOW_ME, "3-3 6-3 5-3 4-3 3-2 3-1 3-0"),
        (TRUMP, D.SIXES, "6-6 6-5 6-4 6-3 6-2 6-1 6-0"),
        (TRUMP, D.TREYS, "3-3 6-3 5-3 4-3 3-2 3-1 3-0"),
        (TRUMP, D.BLANKS, "0-0 6-0 5-0 4-0 3-0 2-0 1-0"),
        (TRUMP, D.DOUBLES, "6-6 5-5 4-4 3-3 2-2 1-1 0-0"),
        # Sixes as a suit with blanks trump: 6-0 is gone, the rest keep their order.
        (6, D.BLANKS, "6-6 6-5 6-4 6-3 6-2 6-1"),
        # Treys with doubles trump: no double in the suit.
        (3, D.DOUBLES, "6-3 5-3 4-3 3-2 3-1 3-0"),
    ],
)
def test_rank_order(suit: int, declaration: Declaration, order: str) -> None:
    ranked = ds(order)
    assert rules.suit_dominoes(suit, declaration) == rules.mask_of(ranked)
    ranks = [rules.rank(x, suit, declaration) for x in ranked]
    assert ranks == sorted(ranks, reverse=True)
    assert len(set(ranks)) == len(ranks)
    # The same order decides tricks: of any two in the suit, the higher wins, led or not.
    lead = ranked[-1] if suit != TRUMP else None
    for hi, lo in itertools.combinations(ranked, 2):
        if suit == TRUMP:
            assert rules.trick_winner([lo, hi], declaration) == 1
            assert rules.trick_winner([hi, lo], declaration) == 0
        elif lead not in (hi, lo):
            assert rules.trick_winner([lead, lo, hi], declaration) == 2
            assert rules.trick_winner([lead, hi, lo], declaration) == 1


def test_highest_trump_wins_and_off_suit_cannot_win() -> None:
    # Sixes trump, fives led: two trumps, the higher wins.
    assert rules.trick_winner(ds("5-3 6-1 5-5 6-2"), D.SIXES) == 3
    # Off-suit 6-6 (follow-me, treys led) cannot win however high.
    assert rules.trick_winner(ds("3-0 6-6 5-5 4-4"), D.FOLLOW_ME) == 0
    # Trump led: the highest trump wins; non-trumps are off.
    assert rules.trick_winner(ds("2-0 6-6 5-5 0-0"), D.BLANKS) == 3
    # Fours trump, 4-2 led calls for trump, 2-2 is an off deuce.
    assert rules.trick_winner(ds("4-2 2-2 6-6 4-1"), D.FOURS) == 0
    assert rules.trick_winner(ds("4-2 2-2 6-4 4-1"), D.FOURS) == 2


# --- legal_plays ------------------------------------------------------------------


def test_legal_plays_leader_plays_anything() -> None:
    hand = mask("6-6 5-4 3-0 1-1")
    for declaration in rules.DECLARATIONS:
        assert rules.legal_plays(hand, None, declaration) == hand


@pytest.mark.parametrize(
    ("declaration", "hand", "led", "legal"),
    [
        # Must follow a pip suit when able.
        (D.SIXES, "5-1 5-0 6-0 2-2", "5-3", "5-1 5-0"),
        # Cannot follow: anything, trumping allowed but not required.
        (D.SIXES, "6-0 2-2 1-0", "5-3", "6-0 2-2 1-0"),
        # Trump led: any trump.
        (D.SIXES, "6-0 6-6 5-3 2-2", "6-1", "6-0 6-6"),
        (D.FIVES, "5-0 5-5 6-3 3-3", "6-5", "5-0 5-5"),
        # Trump led and no trump: anything.
        (D.SIXES, "5-3 2-2", "6-1", "5-3 2-2"),
        # A trump with the led pip does not follow it.
        (D.FOURS, "4-2 2-2", "6-2", "4-2 2-2"),
        (D.FOURS, "4-2 6-6 6-1", "6-2", "6-6 6-1"),
        # Doubles trump: a double is not in its pip suit; a double led calls for doubles.
        (D.DOUBLES, "5-5 4-4", "5-3", "5-5 4-4"),
        (D.DOUBLES, "5-5 5-0", "5-3", "5-0"),
        (D.DOUBLES, "5-3 2-0 0-0", "3-3", "0-0"),
        (D.DOUBLES, "5-3 2-0", "3-3", "5-3 2-0"),
        # Follow-me: the double is in its suit; a led double calls for its pip.
        (D.FOLLOW_ME, "3-3 6-3 2-2", "3-2", "3-3 6-3"),
        (D.FOLLOW_ME, "6-3 3-0 2-2", "3-3", "6-3 3-0"),
        (D.FOLLOW_ME, "2-2 1-0", "3-3", "2-2 1-0"),
        # The suit led is the higher end: 5-3 calls for fives, so treys need not be played.
        (D.FOLLOW_ME, "3-1 6-6", "5-3", "3-1 6-6"),
        (D.BLANKS, "3-1 5-1 6-6", "5-3", "5-1"),
        # Blanks trump: 5-0 led is trump, 5-1 does not follow.
        (D.BLANKS, "5-1 2-0", "5-0", "2-0"),
    ],
)
def test_legal_plays(declaration: Declaration, hand: str, led: str, legal: str) -> None:
    assert rules.legal_plays(mask(hand), d(led), declaration) == mask(legal)


def test_legal_plays_matches_definition_exhaustively() -> None:
    rng = random.Random(42)
    for declaration in rules.DECLARATIONS:
        for led in rules.DOMINOES:
            suit = rules.suit_led(led, declaration)
            for _ in range(30):
                hand = rules.mask_of(rng.sample([x for x in rules.DOMINOES if x != led], rng.randint(1, 7)))
                following = {x for x in rules.dominoes_in(hand) if rules.follows(x, suit, declaration)}
                expected = rules.mask_of(following) if following else hand
                assert rules.legal_plays(hand, led, declaration) == expected
                if suit == TRUMP:
                    assert all(rules.is_trump(x, declaration) for x in following)
                else:
                    for x in following:
                        assert not rules.is_trump(x, declaration)
                        assert suit in (rules.high_end(x), rules.low_end(x))


# --- Count and points ---------------------------------------------------------------


def test_the_dominoes_of_a_mask_and_a_negative_mask_refused() -> None:
    """``dominoes_in`` lists a mask's dominoes lowest first; a negative mask, whose bits
    never run out, is refused rather than listed forever."""
    assert list(rules.dominoes_in(0b1000101)) == [0, 2, 6]
    assert list(rules.dominoes_in(0)) == []
    with pytest.raises(errors.ArgumentTypeError, match="a mask of dominoes is an int of 28 bits, got -1"):
        next(rules.dominoes_in(-1))


def test_count_dominoes() -> None:
    counted = {rules.domino_name(x): rules.COUNT[x] for x in rules.DOMINOES if rules.COUNT[x]}
    assert counted == {"5-5": 10, "6-4": 10, "5-0": 5, "4-1": 5, "3-2": 5}
    assert sum(rules.COUNT) == 35
    assert rules.count_of(rules.ALL_DOMINOES) == 35
    assert rules.points_at_stake(rules.ALL_DOMINOES) == rules.TOTAL_POINTS == 42


def test_a_hand_is_worth_42_points() -> None:
    rng = random.Random(7)
    for _ in range(50):
        order = list(rules.DOMINOES)
        rng.shuffle(order)
        tricks = [order[4 * i : 4 * i + 4] for i in range(7)]
        assert sum(rules.trick_points(t) for t in tricks) == 42


def test_points_at_stake_for_partial_positions() -> None:
    assert rules.points_at_stake(mask("6-4 5-5 1-1 2-2")) == 1 + 20
    assert rules.points_at_stake(mask("6-4 5-5 1-1 2-2 3-2 4-1 0-0 6-6")) == 2 + 30
    assert rules.trick_points(ds("6-6 5-5 4-4 3-3")) == 11
    assert rules.trick_points(ds("6-6 1-1 2-2 3-3")) == 1


def test_teams() -> None:
    assert [rules.team_of(s) for s in range(4)] == [0, 1, 0, 1]


# --- Parsing ------------------------------------------------------------------------


@pytest.mark.parametrize("token", ["6-4", "4-6", "64", "46", " 6-4 "])
def test_parse_domino_forms(token: str) -> None:
    x = parse_domino(token)
    assert x == rules.domino(6, 4) == rules.domino(4, 6)
    assert rules.domino_name(x) == "6-4"
    assert (rules.high_end(x), rules.low_end(x)) == (6, 4)


def test_every_domino_round_trips_high_end_first() -> None:
    seen = set()
    for a in range(7):
        for b in range(7):
            x = parse_domino(f"{a}{b}")
            assert x == parse_domino(f"{a}-{b}") == parse_domino(f"{b}-{a}")
            assert rules.domino_name(x) == f"{max(a, b)}-{min(a, b)}"
            seen.add(x)
    assert seen == set(range(28))
    assert rules.domino_name(parse_domino("0-0")) == "0-0"
    assert rules.domino_name(parse_domino("05")) == "5-0"
    assert [rules.domino_name(x) for x in rules.DOMINOES] == list(rules.DOMINO_NAMES)
    assert len(set(rules.DOMINO_NAMES)) == 28


def test_parse_hand_and_deal() -> None:
    hand = rules.parse_hand("46, 0-5 3-3,12 66 6-5 54")
    assert str(hand) == "6-6 6-5 6-4 5-4 5-0 3-3 2-1"
    assert hand.names() == ["6-6", "6-5", "6-4", "5-4", "5-0", "3-3", "2-1"]
    assert len(hand) == 7
    assert d("6-4") in hand and d("4-4") not in hand
    assert rules.parse_hand("6-6 6-5 6-4 5-4 5-0 3-3 2-1") == hand
    deal = rules.parse_deal(
        "6-6 6-5 6-4 6-3 6-2 6-1 6-0 / 5-5 5-4 5-3 5-2 5-1 5-0 4-4 /"
        " 4-3 4-2 4-1 4-0 3-3 3-2 3-1 / 3-0 2-2 2-1 2-0 1-1 1-0 0-0"
    )
    assert deal.masks[0] == Declaration.SIXES.trumps
    assert sum(deal.masks) == rules.ALL_DOMINOES
    short = rules.parse_deal("6-4 / 5-5 / 1-0 / 00", hand_size=None)
    assert short.masks == (mask("6-4"), mask("5-5"), mask("1-0"), mask("0-0"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        *[(str(p), Declaration(p)) for p in range(7)],
        *[(name, Declaration(p)) for p, name in enumerate(["blanks", "aces", "deuces", "treys", "fours"])],
        ("fives", D.FIVES),
        ("sixes", D.SIXES),
        ("Sixes", D.SIXES),
        (" SIXES ", D.SIXES),
        ("six", D.SIXES),
        ("blank", D.BLANKS),
        ("ace", D.ACES),
        ("deuce", D.DEUCES),
        ("trey", D.TREYS),
        ("four", D.FOURS),
        ("five", D.FIVES),
        ("doubles", D.DOUBLES),
        ("follow-me", D.FOLLOW_ME),
        ("follow_me", D.FOLLOW_ME),
        ("followme", D.FOLLOW_ME),
        ("nt", D.FOLLOW_ME),
        ("NT", D.FOLLOW_ME),
        ("no-trump", D.FOLLOW_ME),
        ("notrump", D.FOLLOW_ME),
        ("no-trumps", D.FOLLOW_ME),
    ],
)
def test_parse_declaration(text: str, expected: Declaration) -> None:
    assert parse_declaration(text) is expected


def test_declaration_labels_round_trip() -> None:
    labels = [x.label for x in rules.DECLARATIONS]
    assert labels == ["blanks", "aces", "deuces", "treys", "fours", "fives", "sixes", "doubles", "follow-me"]
    for x in rules.DECLARATIONS:
        assert parse_declaration(x.label) is x
    assert len(rules.DECLARATIONS) == rules.DECLARATION_COUNT == 9


# --- Bad input ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "token", ["7-1", "1-7", "71", "6-9", "8-8", "6x", "x", "6--4", "6-4-", "-64", "644", "6"]
)
def test_bad_domino_token(token: str) -> None:
    with pytest.raises(errors.InvalidDominoError, match=re.escape(repr(token))) as info:
        parse_domino(token)
    assert isinstance(info.value, ValueError)
    # Inside a hand the message still names the bad token.
    with pytest.raises(ValueError, match=re.escape(token)):
        rules.parse_hand(f"6-6 6-5 {token} 5-5 5-4 4-4 3-3")


def test_domino_constructor_rejects_bad_pips() -> None:
    with pytest.raises(errors.InvalidDominoError, match="7-1"):
        rules.domino(7, 1)
    with pytest.raises(errors.InvalidDominoError, match="3--1"):
        rules.domino(3, -1)


def test_duplicate_domino_in_a_hand() -> None:
    with pytest.raises(errors.DuplicateDominoError, match="6-4") as info:
        rules.parse_hand("6-4 5-5 4-6 3-3 2-2 1-1 0-0")
    assert isinstance(info.value, ValueError)
    assert "4-6" in str(info.value)
    with pytest.raises(errors.DuplicateDominoError, match="46"):
        rules.parse_hand("6-4 5-5 46 3-3 2-2 1-1 0-0")


@pytest.mark.parametrize("text", ["6-6 6-5 6-4 6-3 6-2 6-1", "6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5", "", "6-6"])
def test_hand_of_the_wrong_size(text: str) -> None:
    count = len(text.split())
    with pytest.raises(errors.HandSizeError, match=f"got {count}") as info:
        rules.parse_hand(text)
    assert isinstance(info.value, ValueError)
    assert text in str(info.value)


def test_deal_with_a_domino_in_two_hands() -> None:
    text = (
        "6-6 6-5 6-4 6-3 6-2 6-1 6-0 / 5-5 5-4 5-3 5-2 5-1 5-0 4-4 /"
        " 4-3 4-2 4-1 4-0 3-3 3-2 3-1 / 3-0 2-2 2-1 2-0 1-1 1-0 4-6"
    )
    with pytest.raises(errors.DuplicateDominoError, match="6-4") as info:
        rules.parse_deal(text)
    assert isinstance(info.value, ValueError)
    with pytest.raises(errors.DuplicateDominoError, match="5-0"):
        rules.parse_deal("5-0 / 1-1 / 05 / 2-2", hand_size=None)


def test_deal_with_the_wrong_number_of_hands() -> None:
    with pytest.raises(errors.HandSizeError, match="got 3"):
        rules.parse_deal("1-1 / 2-2 / 3-3", hand_size=None)
    with pytest.raises(errors.HandSizeError, match="got 5"):
        rules.parse_deal("1-1 / 2-2 / 3-3 / 4-4 / 5-5", hand_size=None)
    with pytest.raises(errors.HandSizeError, match="got 3"):
        rules.Deal.from_hands([rules.Hand(mask("1-1"))] * 3)


def test_deal_with_hands_of_the_wrong_size() -> None:
    seven = "6-6 6-5 6-4 6-3 6-2 6-1 6-0 / 5-5 5-4 5-3 5-2 5-1 5-0 4-4 / 4-3 4-2 4-1 4-0 3-3 3-2 3-1"
    with pytest.raises(errors.HandSizeError, match="got 6"):
        rules.parse_deal(seven + " / 3-0 2-2 2-1 2-0 1-1 1-0")
    with pytest.raises(errors.HandSizeError, match="got 8"):
        rules.parse_deal(seven + " / 3-0 2-2 2-1 2-0 1-1 1-0 0-0 6-6")
    with pytest.raises(errors.HandSizeError, match="1, 1, 1, 2"):
        rules.parse_deal("1-1 / 2-2 / 3-3 / 4-4 5-5", hand_size=None)
    with pytest.raises(errors.HandSizeError):
        rules.parse_deal(" / / / ", hand_size=None)


@pytest.mark.parametrize("text", ["sevens", "nello", "trumps", "7", "9", "", "no trump", "double"])
def test_unknown_declaration(text: str) -> None:
    with pytest.raises(errors.InvalidDeclarationError, match=re.escape(repr(text))) as info:
        parse_declaration(text)
    assert isinstance(info.value, ValueError)


def test_errors_are_value_errors() -> None:
    for error in (
        errors.Texas42Error,
        errors.InvalidDominoError,
        errors.DuplicateDominoError,
        errors.HandSizeError,
        errors.InvalidDeclarationError,
    ):
        assert issubclass(error, ValueError)
    with pytest.raises(ValueError):
        rules.Hand(1 << 28)


@pytest.mark.parametrize("token", ["\u0666-\u0664", "\uff16\uff14"])
def test_non_ascii_digits_are_rejected(token: str) -> None:
    with pytest.raises(errors.InvalidDominoError):
        parse_domino(token)


# --- Tricks behind one interface, and positions played trick by trick ----------------------


def one_each(plays: str, first: int = 0) -> rules.Deal:
    """A deal of one domino a seat: the i-th of ``plays`` to the i-th seat from ``first``."""
    hands = [rules.Hand()] * 4
    for i, name in enumerate(plays.split()):
        hands[(first + i) % 4] = rules.Hand([d(name)])
    return rules.Deal.from_hands(hands)


@pytest.mark.parametrize(
    ("tricks", "plays", "winner", "points"),
    [
        (rules.TrumpTricks(D.SIXES), "5-3 5-1 6-0 5-5", 2, 11),
        (rules.TrumpTricks(D.FOURS), "6-2 4-2 6-6 2-2", 1, 1),
        (rules.TrumpTricks(D.DOUBLES), "5-3 5-5 5-4 4-4", 1, 11),
        (rules.TrumpTricks(D.FOLLOW_ME), "3-2 3-3 6-3 2-2", 1, 6),
        (rules.SevensTricks(), "6-1 5-2 4-4 4-3", 0, 1),
        (rules.SevensTricks(), "6-6 5-1 4-4 4-3", 3, 1),
    ],
)
def test_positions_play_the_worked_examples(
    tricks: rules.TrickRules, plays: str, winner: int, points: int
) -> None:
    position = rules.Position.start(one_each(plays), tricks, 0)
    for i, name in enumerate(plays.split()):
        assert position.turn == i and not position.is_over
        position = position.play(d(name))
    assert position.is_over and position.leader == winner
    team = winner % 2
    assert position.score[team] == points and position.score[1 - team] == 0


def test_nello_positions_skip_the_partner() -> None:
    """Nel-O, doubles own suit: [0] 3-1, [1] 3-3 (a double, not a trey), [3] 3-0; seat 0 wins."""
    deal = rules.Deal.from_hands([rules.Hand([d(n)]) for n in ("3-1", "3-3", "6-6", "3-0")])
    tricks = rules.NelloTricks(bidder=0)
    assert tricks.players(1) == (1, 3, 0)
    position = rules.Position.start(deal, tricks, 0)
    turns = []
    for name in ("3-1", "3-3", "3-0"):
        turns.append(position.turn)
        position = position.play(d(name))
    assert turns == [0, 1, 3]
    assert position.leader == 0 and position.score == (1, 0)
    high = rules.Position.start(deal, rules.NelloTricks(0, rules.NelloDoubles.HIGH), 0)
    for name in ("3-1", "3-3", "3-0"):
        high = high.play(d(name))
    assert high.leader == 1


def test_a_position_rejects_illegal_plays() -> None:
    deal = rules.parse_deal("6-4 5-3 / 6-6 1-1 / 5-5 2-2 / 4-4 3-3", hand_size=2)
    position = rules.Position.start(deal, rules.TrumpTricks(D.FOLLOW_ME), 0)
    with pytest.raises(errors.IllegalPlayError, match="seat 0 does not hold 6-6"):
        position.play(d("6-6"))
    after_lead = position.play(d("6-4"))
    with pytest.raises(errors.IllegalPlayError, match="seat 1 must follow the suit led, not play 1-1"):
        after_lead.play(d("1-1"))
    assert after_lead.legal_plays() == mask("6-6")
    with pytest.raises(errors.InvalidSeatError):
        rules.Position.start(deal, rules.TrumpTricks(D.FOLLOW_ME), 4)
    start = rules.Position.start(deal, rules.TrumpTricks(D.FOLLOW_ME), 0)
    with pytest.raises(errors.HandSizeError, match=r"a team's points are at least 0, got \(-1, 0\)"):
        replace(start, score=(-1, 0))  # a bad value, not a bad type
    with pytest.raises(errors.ArgumentTypeError, match="a score is two teams' points"):
        replace(start, score=(1.5, 0))


@pytest.mark.parametrize("seed", range(20))
def test_random_legal_play_gives_out_all_42_points(seed: int) -> None:
    rng = random.Random(seed)
    order = list(rules.DOMINOES)
    rng.shuffle(order)
    deal = rules.Deal.from_hands([rules.Hand(order[7 * s : 7 * s + 7]) for s in range(4)])
    declaration = D(rng.randrange(9))
    position = rules.Position.start(deal, rules.TrumpTricks(declaration), rng.randrange(4))
    for _ in range(28):
        legal = list(rules.dominoes_in(position.legal_plays()))
        assert legal
        position = position.play(rng.choice(legal))
    assert position.is_over and sum(position.score) == 42
    with pytest.raises(errors.HandSizeError, match="the hand is over"):
        position.play(order[0])


@pytest.mark.parametrize(
    ("auction", "winner", "declarer"),
    [
        ("30 34 pass pass", 1, 1),
        ("pass pass pass 30", 3, 3),
        ("pass splash pass pass", 1, 3),
        ("168 pass pass pass", 0, 2),
    ],
)
def test_the_declarer_is_the_winner_or_its_partner(auction: str, winner: int, declarer: int) -> None:
    """The high bidder names the contract, but a plunger's or splasher's partner names it."""
    whole = rules.parse_finished_auction(auction)
    assert (whole.winner, whole.declarer) == (winner, declarer)


def test_points_score_only_below_42() -> None:
    """docs/rules.md#bidding-and-scoring: 42 and a mark bid are made only by taking all 7 tricks."""
    assert [rules.points_score(bid) for bid in (30, 41, 42, 84, 168)] == [True, True, False, False, False]


def test_replay_and_advance_name_a_bad_argument() -> None:
    """``rules.replay`` wants the dominoes played as a list, ``rules.advance`` a history:
    anything else is an ``ArgumentTypeError`` naming the argument."""
    with pytest.raises(errors.ArgumentTypeError, match="dominoes are the dominoes played"):
        rules.replay(Declaration.FOURS, 0, 5)  # type: ignore[arg-type]
    with pytest.raises(errors.ArgumentTypeError, match="history is a PlayHistory"):
        rules.advance(None, 27)  # type: ignore[arg-type]
    history = rules.advance(rules.replay(Declaration.FOURS, 0, (d("6-4"),)), d("6-6"))
    assert [p.domino for p in history.plays] == [d("6-4"), d("6-6")]
