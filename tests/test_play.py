"""Play advice during the hand (issue 15): the engine's value of each legal play, the
play history and what it reveals, the deals consistent with it, the advice against the
slow reference solver on every consistent deal of late positions, the command line and
the API."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import texas42
from cli_runner import invoke
from dominoes import d, ds, mask, random_hands
from naive import after_play_team02
from texas42 import analysis, deal, engine, rules
from texas42.cli import play as play_cli
from texas42.engine import running
from texas42.errors import (
    ArgumentTypeError,
    AuctionError,
    ConstraintError,
    DealArrayError,
    EngineInputError,
    HandSizeError,
    IllegalPlayError,
    InvalidSeatError,
    Texas42Error,
)
from texas42.report import play as report_play
from texas42.rules import DECLARATIONS, Declaration, Hand, Position, TrumpTricks

HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
TWO_TRICKS = "6-6 6-1 6-0 6-3 / 6-5 5-1 3-0 5-3"


# --- Helpers --------------------------------------------------------------------


@pytest.fixture(scope="module", autouse=True)
def loaded_kernels() -> None:
    """Load the kernels first, so that no "compiling the solvers" notice (told when the
    first load takes over a second) lands in a command's stderr."""
    running.play_kernels()
    running.trump_kernels()


def random_position(rng: np.random.Generator, size: int, plays: int) -> Position:
    """Four random hands of ``size`` dominoes, a random declaration and leader, then
    ``plays`` random legal plays."""
    declaration = Declaration(int(rng.integers(0, 9)))
    hands = random_hands(rng, size)
    position = Position(TrumpTricks(declaration), tuple(int(h) for h in hands), int(rng.integers(0, 4)))  # type: ignore[arg-type]
    for _ in range(plays):
        position = position.play(int(rng.choice(list(rules.dominoes_in(position.legal_plays())))))
    return position


def reference_values(position: Position) -> dict[int, int]:
    """The value of each legal play by the slow reference solver: the team of the seat
    to play, whole hand, score included."""
    assert isinstance(position.tricks, TrumpTricks)
    seat = position.turn
    stake = rules.points_at_stake(sum(position.hands) | rules.mask_of(position.played))
    values = {}
    for play in rules.dominoes_in(position.legal_plays()):
        team02 = after_play_team02(
            position.hands, position.tricks.declaration, position.leader, position.played, play
        )
        values[play] = position.score[seat % 2] + (team02 if seat % 2 == 0 else stake - team02)
    return values


@dataclass(frozen=True)
class Played:
    """A hand played at random up to a turn: the deal, the declaration, the bidder, the
    dominoes played and the seat to play."""

    deal: tuple[int, int, int, int]
    declaration: Declaration
    bidder: int
    dominoes: tuple[int, ...]
    seat: int


def random_history(rng: np.random.Generator, plays: int) -> Played:
    declaration = Declaration(int(rng.integers(0, 9)))
    masks = tuple(int(h) for h in random_hands(rng, 7))
    bidder = int(rng.integers(0, 4))
    position = Position(TrumpTricks(declaration), masks, bidder)  # type: ignore[arg-type]
    dominoes = []
    for _ in range(plays):
        choice = int(rng.choice(list(rules.dominoes_in(position.legal_plays()))))
        dominoes.append(choice)
        position = position.play(choice)
    return Played(masks, declaration, bidder, tuple(dominoes), position.turn)  # type: ignore[arg-type]


def brute_force_deals(played: Played) -> Iterator[tuple[int, int, int, int]]:
    """Every deal of the dominoes still held that is consistent with what the seat to
    play has seen, by brute force: every way to give the unseen dominoes to the other
    seats (as many as each still holds), less those where a seat holds a domino of a
    suit it did not follow. Independent of ``deal.seen`` and ``deal.constrained``."""
    declaration = played.declaration
    seat = played.seat
    position = Position(TrumpTricks(declaration), played.deal, played.bidder)  # type: ignore[arg-type]
    lacks = [0, 0, 0, 0]
    for domino in played.dominoes:
        if position.played:
            suit = rules.suit_led(position.played[0], declaration)
            if not rules.follows(domino, suit, declaration):
                lacks[position.turn] |= rules.suit_dominoes(suit, declaration)
        position = position.play(domino)
    gone = rules.mask_of(played.dominoes)
    mine = played.deal[seat] & ~gone
    others = [(seat + r) % 4 for r in (1, 2, 3)]
    sizes = [position.hands[s].bit_count() for s in others]
    unseen = [x for x in range(28) if not (mine | gone) >> x & 1]
    for first in itertools.combinations(unseen, sizes[0]):
        rest = [x for x in unseen if x not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = [x for x in rest if x not in second]
            hands = [0, 0, 0, 0]
            hands[seat] = mine
            for s, group in zip(others, (first, second, third), strict=True):
                hands[s] = rules.mask_of(group)
            if all(hands[s] & lacks[s] == 0 for s in others):
                yield (hands[0], hands[1], hands[2], hands[3])


# --- The engine: the value of each legal play ----------------------------------------


def test_play_values_match_the_reference_in_random_positions_mid_trick() -> None:
    rng = np.random.default_rng(15)
    checked = 0
    for _ in range(150):
        size = int(rng.integers(1, 5))
        position = random_position(rng, size, int(rng.integers(0, 4)))
        got = engine.position_values(position)
        assert got == reference_values(position)
        checked += len(got)
    assert checked > 250


@pytest.mark.parametrize("declaration", [Declaration.DOUBLES, Declaration.SIXES, Declaration.BLANKS])
def test_equal_trumps_take_the_value_of_the_higher_one(declaration: Declaration) -> None:
    """Positions where the seat to play holds several trumps (some equal, some split by a
    trump still out or by the trick's winner): every value as the reference's."""
    rng = np.random.default_rng(declaration.value)
    trumps = declaration.trumps
    seen = 0
    while seen < 40:
        hands = random_hands(rng, 4)
        position = Position(TrumpTricks(declaration), tuple(int(h) for h in hands), int(rng.integers(0, 4)))  # type: ignore[arg-type]
        for _ in range(int(rng.integers(0, 4))):
            position = position.play(int(rng.choice(list(rules.dominoes_in(position.legal_plays())))))
        if (position.legal_plays() & trumps).bit_count() < 2:
            continue
        seen += 1
        assert engine.position_values(position) == reference_values(position)


@pytest.mark.parametrize("trick", [0, 1, 2, 3])
def test_each_value_is_the_exact_value_of_the_position_after_the_play(trick: int) -> None:
    """After a play that ends the trick: the solve of the next trick's start, plus the
    points taken; after any other: the best reply's value for the seat to play next."""
    rng = np.random.default_rng(trick)
    for _ in range(20):
        position = random_position(rng, 4, trick)
        seat = position.turn
        for play, value in engine.position_values(position).items():
            after = position.play(play)
            if after.is_over:
                assert value == after.score[seat % 2]
            elif not after.played:
                assert isinstance(after.tricks, TrumpTricks)
                deal_ = rules.Deal.from_hands([Hand(h) for h in after.hands])
                rest = engine.solve_deal(deal_, after.tricks.declaration, after.leader)
                if after.leader % 2 != seat % 2:
                    rest = rules.points_at_stake(sum(after.hands)) - rest
                assert value == after.score[seat % 2] + rest
            else:
                best_reply = max(engine.position_values(after).values())
                same_team = after.turn % 2 == seat % 2
                assert value == (best_reply if same_team else _total(after) - best_reply)


def _total(position: Position) -> int:
    """Both teams' points over the whole of a position's hand."""
    return sum(position.score) + rules.points_at_stake(sum(position.hands) | rules.mask_of(position.played))


def test_the_best_play_keeps_the_value_of_the_position() -> None:
    rng = np.random.default_rng(5)
    hands = random_hands(rng, 7)
    deals = np.array([hands], dtype=np.int64)
    for declaration in DECLARATIONS:
        for leader in range(4):
            result = engine.play_values(deals, declaration, leader)
            value = engine.solve_deal(
                rules.Deal.from_hands([Hand(int(h)) for h in hands]), declaration, leader
            )
            assert result.values[0].max() == value
            assert result.seat == leader


def test_play_values_do_not_depend_on_the_threads_and_report_progress() -> None:
    rng = np.random.default_rng(9)
    hand = rules.parse_hand(HAND)
    deals = deal.sample_deals(hand, 40, rng)
    one = engine.play_values(deals, Declaration.SIXES, 0, threads=1)
    reported: list[int] = []
    two = engine.play_values(deals, Declaration.SIXES, 0, threads=2, on_progress=reported.append)
    assert np.array_equal(one.values, two.values)
    assert sum(reported) == 40
    assert one.plays == tuple(sorted(rules.dominoes_in(hand.mask), reverse=True))
    assert np.all(one.values[:, [x for x in range(28) if x not in hand]] == engine.ILLEGAL)


def test_play_values_mid_trick_take_the_score_and_the_followers() -> None:
    """Seat 3 plays last to a trick: only its legal plays are valued, with the score."""
    hands = np.array([[mask("3-1"), mask("2-1"), mask("1-0"), mask("5-0 4-1")]], dtype=np.int64)
    trick = ds("6-6 6-1 6-0")
    result = engine.play_values(hands, Declaration.FOURS, 0, trick, score=(10, 20))
    assert result.seat == 3
    # Sixes led (fours trump): seat 3 has no six and may play either; 4-1 trumps it.
    by_play = {x: int(result.values[0, x]) for x in result.plays}
    assert set(by_play) == {d("5-0"), d("4-1")}
    assert list(result.of(d("4-1"))) == [by_play[d("4-1")]] and list(result.of(d("3-1"))) == [engine.ILLEGAL]
    assert by_play == reference_values(
        Position(TrumpTricks(Declaration.FOURS), tuple(int(h) for h in hands[0]), 0, tuple(trick), (10, 20))  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("hands", "trick", "leader", "error"),
    [
        (np.zeros((2, 3)), (), 0, DealArrayError),
        ([[mask("6-6"), mask("6-5"), mask("6-4"), mask("6-6")]], (), 0, DealArrayError),
        ([[mask("6-6"), mask("6-5"), mask("6-4"), mask("6-3 6-2")]], (), 0, DealArrayError),
        ([[mask("6-6"), mask("6-5"), mask("6-4"), mask("6-3")]], ds("6-2"), 0, DealArrayError),
        ([[0, mask("6-5"), mask("6-4"), mask("6-3")]], ds("6-6"), 0, None),
        ([[0, mask("6-5"), mask("6-4"), mask("6-3")]], ds("6-5"), 0, DealArrayError),
        ([[0, 0, 0, 0]], ds("6-6 6-5 6-4 6-3"), 0, EngineInputError),
        ([[mask("6-6"), mask("6-5"), mask("6-4"), mask("6-3")]], (), 4, EngineInputError),
        ([[mask("6-6"), mask("6-5"), mask("6-4"), mask("6-3")]], (28,), 0, EngineInputError),
    ],
)
def test_play_values_reject_bad_input(
    hands: object, trick: Sequence[int], leader: int, error: type[Exception] | None
) -> None:
    if error is None:
        assert engine.play_values(np.array(hands), Declaration.SIXES, leader, trick).seat == 1
        return
    with pytest.raises(error):
        engine.play_values(np.array(hands), Declaration.SIXES, leader, trick)


def test_play_values_reject_a_bad_score_and_declaration() -> None:
    hands = np.array([[mask("6-6"), mask("6-5"), mask("6-4"), mask("6-3")]])
    with pytest.raises(EngineInputError):
        engine.play_values(hands, Declaration.SIXES, 0, score=(-1, 0))
    with pytest.raises(EngineInputError):
        engine.play_values(hands, 11, 0)  # type: ignore[arg-type]
    with pytest.raises(EngineInputError):
        engine.position_values(
            Position(rules.SevensTricks(), (mask("6-6"), mask("6-5"), mask("6-4"), mask("6-3")), 0)
        )


# --- The play history -------------------------------------------------------------


def test_replay_follows_the_rules() -> None:
    history = rules.replay(Declaration.SIXES, 0, rules.parse_tricks(TWO_TRICKS + " / 5-5 5-4"))
    assert history.tricks_played == 2
    assert history.leader == 0 and history.trick == tuple(ds("5-5 5-4")) and history.turn == 2
    assert history.score == (2, 0)
    assert [p.seat for p in history.plays] == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    # Seat 1 played 5-1 and seat 2 3-0 on a trump lead: no trumps; seat 3 5-3 too.
    out = {(s.seat, s.suit, s.trick) for s in history.shown_out}
    assert out == {(1, rules.TRUMP, 2), (2, rules.TRUMP, 2), (3, rules.TRUMP, 2)}
    assert history.lacks(1) == rules.suit_dominoes(rules.TRUMP, Declaration.SIXES)
    assert history.held(0) == 4 and history.held(2) == 5
    assert not history.is_over


def test_advance_plays_one_domino_more() -> None:
    """``advance`` (what the playouts use, one play at a time) reaches the history that
    ``replay`` gives for the longer sequence, score, show-outs and all."""
    plays = rules.parse_tricks(TWO_TRICKS + " / 5-5 5-4")
    history = rules.replay(Declaration.SIXES, 0, [])
    for k, domino in enumerate(plays, start=1):
        history = rules.advance(history, domino)
        assert history == rules.replay(Declaration.SIXES, 0, plays[:k])
    assert history.score == (2, 0) and history.turn == 2 and len(history.shown_out) == 3
    with pytest.raises(
        IllegalPlayError, match="trick 3, seat 2 played 6-6, already played in trick 1 by seat 0"
    ):
        rules.advance(history, rules.parse_domino("6-6"))
    # Seat 1 showed out of trumps in trick 2: it cannot play a six now.
    history = rules.advance(history, rules.parse_domino("1-1"))
    with pytest.raises(IllegalPlayError, match="after showing out of trumps in trick 2"):
        rules.advance(history, rules.parse_domino("6-2"))


def test_the_winner_leads_the_next_trick() -> None:
    # Sixes: seat 2 wins the first trick with 6-6 and leads the second.
    history = rules.replay(Declaration.SIXES, 1, ds("6-1 6-6 6-0 6-3 4-4"))
    assert history.leader == 2 and history.plays[-1].seat == 2 and history.turn == 3


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        (
            "6-6 5-1 6-0 6-3 / 6-5 6-1",
            "trick 2, seat 1 played 6-1 on a sixes lead after showing out of sixes in trick 1",
        ),
        (
            "6-6 5-1 6-0 6-3 / 5-5 6-1",
            "trick 2, seat 1 played 6-1 on a fives lead after showing out of sixes",
        ),
        ("6-6 6-1 6-0 6-3 / 6-5 6-4", "trick 2, seat 1 played 6-4 on a sixes lead, which is in your hand"),
        ("6-6 6-1 6-0 6-3 / 6-5 6-1", "trick 2, seat 1 played 6-1, already played in trick 1 by seat 1"),
        ("6-6 6-1 6-0 6-3 / 5-3", "trick 2, seat 0 (you) played 5-3, which is not in your hand"),
        ("3-1 6-1", "trick 1, seat 0 (you) led 3-1"),
    ],
)
def test_contradictions_name_the_play(tricks: str, message: str) -> None:
    hand = mask(HAND)
    if message.endswith("led 3-1"):  # a legal lead: no error, and seat 1 showed out of treys
        history = rules.replay(Declaration.FOURS, 0, rules.parse_tricks(tricks), 0, hand)
        assert history.trick == tuple(rules.parse_tricks(tricks)) and history.turn == 2
        assert [(s.seat, s.suit, s.trick) for s in history.shown_out] == [(1, 3, 1)]
        return
    with pytest.raises(IllegalPlayError) as error:
        rules.replay(Declaration.FOURS, 0, rules.parse_tricks(tricks), 0, hand)
    assert str(error.value).startswith(message)


def test_the_issue_example_message() -> None:
    """Seat 1 shows out of sixes in trick 1 and plays 6-2 on a sixes lead in trick 3."""
    hand = mask("6-6 6-5 6-4 5-5 4-4 3-1 1-0")
    tricks = "6-6 5-1 6-0 6-3 / 5-5 5-3 5-2 5-0 / 6-5 6-2"
    with pytest.raises(IllegalPlayError) as error:
        rules.replay(Declaration.FOURS, 0, rules.parse_tricks(tricks), 0, hand)
    assert (
        str(error.value) == "trick 3, seat 1 played 6-2 on a sixes lead after showing out of sixes in trick 1"
    )


def test_you_must_follow_suit() -> None:
    with pytest.raises(IllegalPlayError) as error:
        rules.replay(Declaration.FOURS, 1, ds("6-1 3-1"), 2, mask(HAND))
    assert str(error.value) == (
        "trick 1, seat 2 (you) played 3-1 on a sixes lead while holding 6-6 6-5 6-2: you must follow sixes"
    )


def test_trumps_and_doubles_define_the_suits() -> None:
    # Doubles trump: 6-6 led is a trump lead; 6-1 does not follow it.
    history = rules.replay(Declaration.DOUBLES, 0, ds("6-6 6-1"))
    assert history.lacks(1) == rules.DOUBLES
    # Fours trump: 6-4 led is a trump lead, so seat 1's 6-1 shows out of trumps, not sixes.
    history = rules.replay(Declaration.FOURS, 0, ds("6-4 6-1"))
    assert history.shown_out[0].suit == rules.TRUMP
    with pytest.raises(IllegalPlayError, match="on a trump lead after showing out of trumps"):
        rules.replay(Declaration.FOURS, 0, rules.parse_tricks("6-4 6-1 6-0 6-3 / 4-4 4-1"))


def test_a_play_after_the_last_trick() -> None:
    rng = np.random.default_rng(1)
    played = random_history(rng, 28)
    with pytest.raises(IllegalPlayError, match="a play too many"):
        rules.replay(played.declaration, played.bidder, (*played.dominoes, played.dominoes[0]))
    assert rules.replay(played.declaration, played.bidder, played.dominoes).is_over


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6-6 6-1 6-0 / 6-3", "trick 1 has 3 dominoes before '/' (6-6 6-1 6-0); a trick has 4"),
        ("6-6 6-1 6-0 6-3 // 6-5", "trick 2 has 0 dominoes before '/' (nothing); a trick has 4"),
        ("6-6 6-1 6-0 6-3 / 6-5 5-1 3-0 5-3 4-4", "trick 2 has 5 dominoes after the last '/'"),
        ("6-6 6-1 7-0", "not a domino: '7-0'"),
    ],
)
def test_slashes_are_checked_where_written(text: str, message: str) -> None:
    with pytest.raises(Texas42Error) as error:
        rules.parse_tricks(text)
    assert str(error.value).startswith(message)


def test_tricks_without_slashes_or_with_a_closing_one() -> None:
    assert rules.parse_tricks("") == ()
    assert rules.parse_tricks("66,61 60 63 65") == tuple(ds("6-6 6-1 6-0 6-3 6-5"))
    assert rules.parse_tricks("6-6 6-1 6-0 6-3 /") == tuple(ds("6-6 6-1 6-0 6-3"))


def test_replay_needs_the_seat_with_its_hand() -> None:
    with pytest.raises(InvalidSeatError):
        rules.replay(Declaration.SIXES, 0, (), 0, None)
    with pytest.raises(HandSizeError):
        rules.replay(Declaration.SIXES, 0, (), 0, mask("6-6"))


# --- Deals consistent with what a seat has seen -------------------------------------------


@pytest.mark.parametrize("plays", [13, 14, 17, 22, 25])
def test_the_consistent_deals_are_those_of_brute_force(plays: int) -> None:
    rng = np.random.default_rng(plays)
    for _ in range(4):
        played = random_history(rng, plays)
        history = rules.replay(played.declaration, played.bidder, played.dominoes)
        hand = played.deal[played.seat]
        expected = set(brute_force_deals(played))
        assert deal.count_seen(history, played.seat, hand) == len(expected)
        listed, exact = deal.deals_seen_from(history, played.seat, hand, 10**6, np.random.default_rng(0))
        assert exact
        assert {tuple(int(x) for x in row) for row in listed} == expected
        assert listed.shape[0] == len(expected)
        if len(expected) > 3:
            drawn, exact = deal.deals_seen_from(history, played.seat, hand, 3, np.random.default_rng(0))
            assert not exact and {tuple(int(x) for x in row) for row in drawn} <= expected


@pytest.mark.parametrize("plays", [1, 4, 9, 14, 19, 24])
def test_the_deals_seen_are_those_of_the_seats_constraints(plays: int) -> None:
    """``deals_seen_from`` plans straight from the plays; the same deals (drawn or listed)
    as ``deal_around`` under the constraints ``seen_from`` states, for every seat."""
    rng = np.random.default_rng(100 + plays)
    for k in range(12):
        played = random_history(rng, plays)
        history = rules.replay(played.declaration, played.bidder, played.dominoes)
        for seat in range(4):
            hand = played.deal[seat]
            for n in (1, 10, 300):
                fast, exact = deal.deals_seen_from(history, seat, hand, n, np.random.default_rng(k))
                seen = deal.seen_from(history, seat, hand)
                relative, listed = deal.deal_around(seen.hand, n, np.random.default_rng(k), seen.constraints)
                assert exact == listed
                assert np.array_equal(fast, deal.to_table_seats(relative, seat))
                assert [seen.table_seat(r) for r in (1, 2, 3)] == [(seat + r) % 4 for r in (1, 2, 3)]


def test_no_deal_seen_is_a_constraint_error_naming_the_domino() -> None:
    history = rules.replay(Declaration.SIXES, 0, ds("6-6 5-1 3-0 2-0"))
    with pytest.raises(ConstraintError, match="no seat may hold 6-0"):
        deal.deals_seen_from(history, 0, mask(HAND), 10, np.random.default_rng(0))


def test_before_any_play_the_deals_are_those_analyze_solves() -> None:
    hand = rules.parse_hand(HAND)
    history = rules.replay(Declaration.SIXES, 2, ())
    table, exact = deal.deals_seen_from(history, 2, hand.mask, 50, deal.generators(7)[0])
    relative = deal.sample_deals(hand, 50, deal.generators(7)[0])
    assert not exact
    assert np.array_equal(table[:, 2], relative[:, 0])
    assert np.array_equal(table[:, 3], relative[:, 1])
    assert np.array_equal(table[:, 0], relative[:, 2])
    assert np.array_equal(table[:, 1], relative[:, 3])


def test_no_deal_fits_names_the_play() -> None:
    # Sixes trump; seats 1, 2 and 3 all show out of trumps while 6-3 6-1 6-0 are unseen.
    history = rules.replay(Declaration.SIXES, 0, ds("6-6 5-1 3-0 2-0"))
    with pytest.raises(IllegalPlayError) as error:
        deal.check_seen(history, 0, mask(HAND))
    assert str(error.value) == (
        "trick 1, seat 3 played 2-0 on a trump lead: then no other seat may hold 6-0 "
        "(seats 1, 2 and 3 all showed out of its suit)"
    )


def test_more_dominoes_than_room_names_the_play() -> None:
    """Follow-me: seats 1 and 3 show out of blanks in trick 1, so the five unseen blanks
    can only be with seat 2, who has room for them until it plays its third domino."""
    hand = mask("0-0 6-5 5-4 4-4 4-3 3-3 2-2")
    tricks = ds("0-0 6-6 1-0 5-5 6-5 6-4 6-3 6-2 5-4 5-3")
    deal.check_seen(rules.replay(Declaration.FOLLOW_ME, 0, tricks, 0, hand), 0, hand)
    history = rules.replay(Declaration.FOLLOW_ME, 0, (*tricks, d("5-2")), 0, hand)
    with pytest.raises(IllegalPlayError) as error:
        deal.check_seen(history, 0, hand)
    assert str(error.value) == (
        "trick 3, seat 2 played 5-2 on a fives lead: then 5 unseen dominoes (6-0 5-0 4-0 3-0 2-0) "
        "may go only to seat 2, room for 4"
    )


# --- The advice against the reference on every consistent deal ------------------------------


def reference_advice(played: Played, bid: int) -> dict[int, tuple[int, int, int, int]]:
    """Per legal play: (deals, points summed, deals the bidder makes the bid, deals it is
    a best play), from the brute-force deals and the reference solver."""
    seat = played.seat
    history = rules.replay(played.declaration, played.bidder, played.dominoes)
    totals: dict[int, list[int]] = {}
    for hands in brute_force_deals(played):
        position = Position(
            TrumpTricks(played.declaration), hands, history.leader, history.trick, history.score
        )
        values = reference_values(position)
        top = max(values.values())
        for play, value in values.items():
            bidders = value if seat % 2 == played.bidder % 2 else 42 - value
            entry = totals.setdefault(play, [0, 0, 0, 0])
            entry[0] += 1
            entry[1] += value
            entry[2] += bidders >= rules.needed_points(bid)
            entry[3] += value == top
    return {play: (e[0], e[1], e[2], e[3]) for play, e in totals.items()}


@pytest.mark.parametrize("plays", [17, 19, 20, 21, 22, 23, 24, 25, 26, 27])
def test_exact_advice_matches_the_reference_on_every_consistent_deal(plays: int) -> None:
    rng = np.random.default_rng(100 + plays)
    for bid in (30, 36, 42):
        played = random_history(rng, plays)
        advice = analysis.advise_play(
            Hand(played.deal[played.seat]),
            played.declaration,
            played.dominoes,
            seat=played.seat,
            bidder=played.bidder,
            bid=bid,
            deals=10**6,
            seed=1,
        )
        assert advice.exact
        want = reference_advice(played, bid)
        got = {s.domino: (s.deals, s.points, s.made, s.best) for s in advice.plays}
        assert got == want
        assert advice.deals == next(iter(want.values()))[0]
        for stats in advice.plays:
            assert stats.expected_points_ci95.low == stats.expected_points_ci95.high == stats.expected_points
            assert stats.make_ci95.low == stats.make_ci95.high == stats.make


@pytest.mark.slow
@pytest.mark.parametrize("plays", [13, 14, 15, 16])
def test_exact_advice_matches_the_reference_with_three_or_four_tricks_left(plays: int) -> None:
    """As above, earlier in the hand: hundreds to thousands of consistent deals."""
    rng = np.random.default_rng(200 + plays)
    played = random_history(rng, plays)
    advice = analysis.advise_play(
        Hand(played.deal[played.seat]),
        played.declaration,
        played.dominoes,
        seat=played.seat,
        bidder=played.bidder,
        bid=32,
        deals=10**6,
        seed=1,
    )
    assert advice.exact
    got = {s.domino: (s.deals, s.points, s.made, s.best) for s in advice.plays}
    assert got == reference_advice(played, 32)


def test_the_best_play_wins_the_contract_most_then_expects_most() -> None:
    rng = np.random.default_rng(3)
    played = random_history(rng, 0)
    advice = analysis.advise_play(
        Hand(played.deal[played.seat]),
        played.declaration,
        (),
        seat=played.seat,
        bidder=played.bidder,
        deals=60,
        seed=2,
    )
    keys = [(advice.contract_deals(s), s.points, s.best, s.domino) for s in advice.plays]
    assert keys == sorted(keys, reverse=True)
    assert advice.best is advice.plays[0]
    assert not advice.defending
    assert all(advice.contract_ci95(s) == s.make_ci95 for s in advice.plays)


def test_a_defender_sees_the_odds_of_setting() -> None:
    advice = texas42.advise_play("5-4 5-2 4-2 3-3 3-2 2-1 1-1", "fours", "4-4", seat=1, deals=30, seed=4)
    assert advice.defending and advice.history.turn == 1
    for stats in advice.plays:
        assert advice.contract_deals(stats) == stats.deals - stats.made
        assert advice.contract_odds(stats) == pytest.approx(1 - stats.make)
        ci = advice.contract_ci95(stats)
        assert (ci.low, ci.high) == pytest.approx((1 - stats.make_ci95.high, 1 - stats.make_ci95.low))
        assert advice.contract_odds(stats) in ci
    document = texas42.to_dict(advice)
    assert document["plays"][0]["make"] == round(advice.best.make, 4)


def test_not_your_turn_names_whose_turn_it_is() -> None:
    with pytest.raises(IllegalPlayError, match=r"^not your turn \(seat 0\): seat 1 plays next to trick 1"):
        analysis.advise_play(rules.parse_hand(HAND), Declaration.SIXES, ds("6-6"))
    with pytest.raises(IllegalPlayError, match=r"^not your turn \(seat 1\): seat 0 leads trick 1"):
        analysis.advise_play(rules.parse_hand(HAND), Declaration.SIXES, (), seat=1)
    rng = np.random.default_rng(2)
    played = random_history(rng, 28)
    with pytest.raises(IllegalPlayError, match="the hand is over"):
        analysis.advise_play(Hand(played.deal[0]), played.declaration, played.dominoes, bidder=played.bidder)


@pytest.mark.parametrize(
    ("bid", "error"),
    [
        (0, AuctionError),
        (29, AuctionError),
        (43, AuctionError),
        (True, ArgumentTypeError),
        ("30", ArgumentTypeError),
    ],
)
def test_a_bad_bid(bid: object, error: type[Exception]) -> None:
    """A number that is no bid is an ``AuctionError``; anything else is of the wrong kind."""
    with pytest.raises(error):
        analysis.advise_play(rules.parse_hand(HAND), Declaration.SIXES, bid=bid)  # type: ignore[arg-type]


def test_the_same_seed_gives_the_same_advice_whatever_the_threads() -> None:
    hand = rules.parse_hand(HAND)
    one = analysis.advise_play(
        hand, Declaration.SIXES, rules.parse_tricks(TWO_TRICKS), deals=50, seed=5, threads=1
    )
    two = analysis.advise_play(
        hand, Declaration.SIXES, rules.parse_tricks(TWO_TRICKS), deals=50, seed=5, threads=2
    )
    assert one == two


# --- The command line ---------------------------------------------------------------


@pytest.fixture
def nothing_solved(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail the test if anything is dealt or solved."""

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("dealt or solved on bad input")

    monkeypatch.setattr(engine, "play_values", forbidden)
    monkeypatch.setattr(engine, "contract_play_values", forbidden)
    monkeypatch.setattr(deal, "deals_seen_from", forbidden)
    yield


@pytest.mark.parametrize("trump", [["sixes"], ["follow-me"], ["nello", "--nello-doubles", "high"]])
def test_a_revoke_of_a_blanks_lead_names_blanks(trump: list[str]) -> None:
    """Blanks are suit 0: the suit a revoke failed to follow is named even when it is 0."""
    hand = "1-0 5-5 4-4 3-3 2-2 6-6 5-4"
    result = invoke("play", hand, "-t", *trump, "-b", "3", "--tricks", "0-0 5-5")
    assert result.exit_code == 2 and result.stdout == ""
    said = "played 5-5 on a blanks lead while holding 1-0: you must follow blanks"
    assert result.stderr.strip().endswith(said)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tricks", "6-6 6-1"], "not your turn (seat 0): seat 2 plays next to trick 1, led by seat 0"),
        (["--seat", "3"], "not your turn (seat 3): seat 0 leads trick 1"),
        (
            ["--tricks", "6-6 6-1 6-0 / 6-3"],
            "--tricks: trick 1 has 3 dominoes before '/' (6-6 6-1 6-0); a trick has 4",
        ),
        (
            ["--tricks", "6-6 6-1 6-0 6-3 / 6-5 5-1 3-0 5-3 / 5-5 6-2"],
            "trick 3, seat 1 played 6-2 on a fives lead, which is in your hand",
        ),
        (
            ["--tricks", "6-6 5-1 3-0 2-0"],
            "trick 1, seat 3 played 2-0 on a trump lead: then no other seat may hold 6-0",
        ),
        (["--tricks", "6-6 6-1 6-0 6-3 / 3-1 5-1 3-0 5-3"], "not your turn (seat 0): seat 3 leads trick 3"),
        (["--tricks", "6-7"], "--tricks: not a domino: '6-7'"),
        (["--bid", "pass"], "--bid: the bid the hand is played at (30..41, 42, 84, ...), not pass"),
        (["--bid", "29"], "--bid: not a bid: '29'"),
        (["--seat", "4"], "--seat: not a seat: '4'"),
        (["--bidder", "x"], "--bidder: not a seat: 'x'"),
        (["--trump", "plunge"], "a plunge is played at the trump the partner names, the partner leading"),
        (["--trump", "x"], "unknown trump or contract: 'x' (one of blanks, aces,"),
        (
            ["--trump", "nello", "--seat", "2"],
            "at Nel-O the bidder's partner (seat 2) sits out and never plays",
        ),
        (["--trump", "nello", "--bid", "42"], "Nel-O is bid at 84 or more, not 42"),
        (
            ["--trump", "nello", "--tricks", "6-6 6-1 / 5-5"],
            "--tricks: trick 1 has 2 dominoes before '/' (6-6 6-1); a trick has 3",
        ),
        (
            ["--trump", "nello", "--tricks", "6-6 6-1 6-0"],
            "the Nel-O bid is already set: the bidder (seat 0) took trick 1",
        ),
        (
            ["--trump", "nello", "--bidder", "3", "--tricks", "5-1 4-4"],
            "trick 1, seat 0 (you) played 4-4 on a fives lead while holding 6-5: you must follow fives",
        ),
        (
            ["--trump", "sevens", "--tricks", "6-6 6-1 1-0 5-2"],
            "the sevens bid is already set: seat 1 took trick 1",
        ),
        (
            ["--trump", "sevens", "--auction", "36 pass pass pass"],
            "sevens is bid at 42 or more, not 36",
        ),
        (["--trump", "sixs"], "unknown trump or contract: 'sixs'"),
        (["--deals", "0"], "--deals"),
    ],
)
def test_bad_input_is_one_line_and_nothing_is_computed(
    args: list[str], message: str, nothing_solved: None
) -> None:
    full = ["play", HAND, *(["--trump", "sixes"] if "--trump" not in args else []), *args]
    result = invoke(*full)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("texas42: error: ") and message in lines[0]


def test_a_trump_and_a_hand_are_needed(nothing_solved: None) -> None:
    assert "give the trump declared" in invoke("play", HAND).stderr
    assert "give your hand" in invoke("play", "--trump", "sixes").stderr


def test_odds_all_made_show_an_interval_short_of_certain() -> None:
    """Every one of 1000 deals made: Wilson's interval starts at 99.6%, shown ">99-100%"."""
    result = invoke("play", HAND, "-t", "sixes", "--tricks", "6-6 6-1 6-0 6-3", "-n", "1000", "-s", "1")
    rows = [line.split() for line in result.stdout.splitlines() if line.strip().startswith("5-5 ")]
    assert result.exit_code == 0 and rows[0][3:5] == ["100%", ">99-100%"], result.stdout


def test_json_has_exactly_the_keys_of_the_issue_and_the_tricks_won() -> None:
    result = invoke("play", HAND, "-t", "sixes", "--tricks", TWO_TRICKS, "-n", "30", "-s", "1", "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    document = json.loads(result.stdout)
    assert list(document) == [
        "seat",
        "to_play",
        "contract",
        "trump",
        "bidder",
        "bid",
        "partner_contract",
        "tricks_played",
        "points_so_far",
        "tricks_won",
        "deals",
        "seed",
        "exact",
        "plays",
        "best",
        "advised",
        "locations",
    ]
    assert document["seed"] == 1 and document["partner_contract"] is None
    for play in document["plays"]:
        assert list(play) == [
            "domino",
            "expected_points",
            "expected_points_ci95",
            "make",
            "make_ci95",
            "best_share",
        ]
    assert document["best"] == document["advised"] == document["plays"][0]["domino"]
    assert document["tricks_played"] == 2 and document["points_so_far"] == [2, 0]
    assert document["seat"] == document["to_play"] == 0 and document["deals"] == 30


def test_the_output_is_the_same_whatever_the_threads() -> None:
    base = ["play", HAND, "-t", "sixes", "--tricks", TWO_TRICKS, "-n", "40", "-s", "3"]
    assert invoke(*base, "-j", "1").stdout == invoke(*base, "-j", "2").stdout
    assert invoke(*base, "-j", "1", "--json").stdout == invoke(*base, "-j", "2", "--json").stdout


def test_exact_when_the_deals_are_few() -> None:
    rng = np.random.default_rng(11)
    played = random_history(rng, 21)
    hand = str(Hand(played.deal[played.seat]))
    tricks = " ".join(rules.domino_name(x) for x in played.dominoes)
    args = [
        "play",
        hand,
        "-t",
        played.declaration.label,
        "-b",
        str(played.bidder),
        "--seat",
        str(played.seat),
    ]
    document = json.loads(invoke(*args, "--tricks", tricks, "--json").stdout)
    history = rules.replay(played.declaration, played.bidder, played.dominoes)
    total = deal.count_seen(history, played.seat, played.deal[played.seat])
    assert document["exact"] is True and document["deals"] == total
    text = invoke(*args, "--tricks", tricks).stdout
    assert f"all {total:,} consistent deals: exact" in text
    assert "no seed is involved" in " ".join(text.split())
    assert document["seed"] is None


LATE_TRICKS = "6-6 6-1 6-0 6-3 / 6-5 5-0 5-1 5-3 / 6-4 4-0 4-1 4-3 / 6-2 2-0 2-1 2-2 / 5-5 5-2 5-4 1-1"


def test_exact_advice_played_out_names_the_seed_its_playouts_draw_from() -> None:
    args = ["play", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "-t", "sixes", "--tricks", LATE_TRICKS, "-s", "5"]
    played = [*args, "--realistic", "--worlds", "3"]
    text = " ".join(invoke(*played).stdout.split())
    assert "all 90 consistent deals: exact" in text and "no seed is involved" not in text
    assert "Every consistent deal is counted; the playouts draw their worlds from --seed 5." in text
    document = json.loads(invoke(*played, "--json").stdout)
    assert document["exact"] is True and document["seed"] == 5
    assert json.loads(invoke(*args, "--json").stdout)["seed"] is None


def test_the_api_gives_the_command_lines_json() -> None:
    advice = texas42.advise_play(HAND, "sixes", TWO_TRICKS, deals=30, seed=2, bid="31")
    cli = invoke(
        "play", HAND, "-t", "6", "--tricks", TWO_TRICKS, "-n", "30", "-s", "2", "--bid", "31", "--json"
    )
    assert texas42.to_dict(advice) == json.loads(cli.stdout)
    same = texas42.advise_play(
        rules.parse_hand(HAND), Declaration.SIXES, rules.parse_tricks(TWO_TRICKS), deals=30, seed=2, bid=31
    )
    assert same == advice


@settings(max_examples=60, deadline=None)
@given(
    plays=st.lists(
        st.sampled_from(["6-6", "6-1", "6-0", "6-3", "5-5", "5-1", "4-4", "3-0", "/", "2-2", "1-0", "6-5"]),
        max_size=10,
    )
)
def test_any_tricks_text_is_advice_or_a_one_line_error(plays: list[str]) -> None:
    result = invoke("play", HAND, "-t", "fives", "--tricks", " ".join(plays), "-n", "5", "-s", "1", "--json")
    if result.exit_code == 0:
        assert json.loads(result.stdout)["plays"]
    else:
        assert result.exit_code == 2 and result.stdout == ""
        assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("texas42: error: ")


def test_a_drawn_seed_is_told_and_repeats_the_advice() -> None:
    base = ["play", HAND, "-t", "sixes", "--tricks", TWO_TRICKS, "-n", "20"]
    result = invoke(*base, "--json")
    assert result.exit_code == 0
    seed = int(result.stderr.split("--seed ")[1].rstrip(")\n"))
    assert result.stderr == f"texas42: seed {seed} (repeat with --seed {seed})\n"
    assert invoke(*base, "--json", "--seed", str(seed)).stdout == result.stdout
    text = invoke(*base, "--seed", str(seed))
    assert f"seed {seed}" in text.stdout and text.stderr == ""


@pytest.mark.parametrize(
    ("tricks", "bid", "decided"),
    [
        # Fives by seat 0: seats 0 and 2 take the four tricks, 1 + 11 + 16 + 1 points, 13 left.
        ("6-5 1-1 5-3 5-2", 30, None),
        ("6-5 1-1 5-3 5-2 / 5-5 4-0 0-0 5-4 / 4-4 4-2 4-1 6-4 / 6-6 3-1 6-2 6-0", 29, (True, 29, 29, 13)),
        ("6-5 1-1 5-3 5-2 / 5-5 4-0 0-0 5-4 / 4-4 4-2 4-1 6-4 / 6-6 3-1 6-2 6-0", 30, None),
        ("6-5 1-1 5-3 5-2 / 5-5 4-0 0-0 5-4 / 4-4 4-2 4-1 6-4 / 6-6 3-1 6-2 6-0", 42, None),
        ("6-3 3-1 6-1 6-4 / 3-0", 84, (False, 0, 42, 31)),
        ("6-3 3-1 6-1 6-4 / 3-0", 31, None),
        ("6-3 3-1 6-1 6-4 / 3-0", 32, (False, 0, 32, 31)),
    ],
)
def test_a_trump_bid_is_decided_once_made_or_out_of_reach(
    tricks: str, bid: int, decided: tuple[int, ...] | None
) -> None:
    """Made when the bidder's team has the points it needs, set when even every point
    left would not reach them (a mark bid: as soon as the other team takes a trick)."""
    history = rules.replay(TrumpTricks(Declaration.FIVES), 0, ds(tricks.replace("/", " ")))
    found = analysis.bid_decided(history, bid)
    assert (None if found is None else (found.made, found.points, found.needed, found.left)) == decided


def test_play_says_when_the_bid_is_already_made() -> None:
    args = ["play", "6-6 6-5 6-3 5-5 5-1 5-0 4-4", "-t", "fives", "-n", "30", "-s", "3", "--tricks"]
    played = "6-5 1-1 5-3 5-2 / 5-5 4-0 0-0 5-4 / 4-4 4-2 4-1 6-4 / 6-6 3-1 6-2 6-0 / 6-3 3-2 6-1 3-0"
    text = " ".join(invoke(*args, played).stdout.split())
    assert "The bid of 30 is already made: the bidder's team has 35 points, 30 needed;" in text
    document = json.loads(invoke(*args, played, "--json").stdout)
    assert document["decided"] == {"made": True, "points": 35, "needed": 30, "left": 7}
    assert "decided" not in json.loads(invoke(*args, "6-5 1-1 5-3 5-2", "--json").stdout)


@pytest.mark.parametrize(("deals", "clear"), [(300, False), (1000, True)])
def test_a_safety_play_is_named_only_beyond_the_sampling_error(deals: int, clear: bool) -> None:
    """The first lead at 37 in sixes: 4-4 wins the contract more often than 6-6, which
    expects more points. The paired difference is counted on the same deals; on 300 it is
    within the noise and the advice says so, on 1000 it is clear."""
    advice = texas42.advise_play(HAND, "sixes", auction="pass 30 36 37", deals=deals, seed=1)
    assert advice.safety is not None
    difference, ci = advice.safety
    best, most = advice.best, advice.most_points
    assert (rules.domino_name(best.domino), rules.domino_name(most.domino)) == ("4-4", "6-6")
    assert difference == pytest.approx((best.made - most.made) / advice.deals)
    assert ci.low < difference < ci.high and (ci.low > 0) is clear
    text = str(report_play.advice_text(advice))
    assert ("4-4 is the safety play" in text) is clear
    assert ("differ by less than the sampling error" in text) is not clear


def test_the_safety_margin_is_newcombe_s_interval_but_where_every_deal_counts() -> None:
    """Over 200 deals, 5 makes 34 in every one with 34 points, 3 takes 42 but in 2 deals
    only 20: 3 expects more points, 5 wins the contract in 1% more deals. Drawn deals: the
    paired (Newcombe) interval of the 2x2 table (198 both, 2 only 5, 0 only 3). Every deal
    counted, or every deal weighed by its likelihood under the auction: the figure itself
    (the weighed share of the 2 deals, each weighing 10 where the others weigh 1)."""
    values = np.full((200, 28), engine.ILLEGAL, dtype=np.int64)
    values[:, 5], values[:, 3] = 34, 42
    values[:2, 3] = 20
    result = engine.PlayValues(0, values, np.zeros(200, dtype=np.int64))
    weights = np.ones(200)
    weights[:2] = 10.0
    margins = []
    for exact, weighed in ((False, None), (True, None), (True, weights)):
        plays = analysis.rank_plays(result, 0, 0, 34, exact, weighed)
        assert (plays[0].domino, analysis.play.most_points(plays).domino) == (5, 3)
        margins.append(analysis.play.safety_margin(result, plays, 0, 0, 34, exact, weighed))
    assert margins[0] == (0.01, analysis.paired_interval(198, 2, 0, 0))
    assert margins[0][1].low < 0 < margins[0][1].high
    assert margins[1] == (0.01, analysis.Interval(0.01, 0.01))
    assert margins[2] == (20 / 218, analysis.Interval(20 / 218, 20 / 218))


def test_plays_as_good_in_every_deal_are_named() -> None:
    """Two trumps left, both taking every trick left in every deal: the other is named."""
    tricks = "6-6 6-3 5-0 6-1 / 6-5 5-4 4-3 6-0 / 4-4 4-0 4-2 5-1 / 3-1 5-3 3-0 3-2 / 5-2 4-1 2-2 5-5"
    advice = texas42.advise_play(HAND, "sixes", tricks, bid=34, seed=1)
    assert [s.always_best for s in advice.plays] == [True, True]
    other = rules.domino_name(advice.plays[1].domino)
    assert f" {other} is as good: best in every deal too." in str(report_play.advice_text(advice))


def test_at_42_a_play_with_more_points_is_no_rival() -> None:
    """At a bid needing all 42 points, points score nothing: a play with more expected
    points (6-3, 38.8 to the best 1-1's 37.7) is not called sound for being within the
    sampling error of the best one's odds (60% and 50% of 30 deals)."""
    args = ["play", "6-3 5-5 5-3 4-0 3-3 3-0 1-1", "--trump", "treys", "--seed", "2", "--deals", "30"]
    at_42 = invoke(*args, "--bid", "42")
    text = " ".join(at_42.stdout.split())
    assert at_42.exit_code == 0 and "Play 1-1: your team expects 37.7 of 42 points" in text
    assert "expects more points" not in text and "sound" not in text
    safety = json.loads(invoke(*args, "--bid", "42", "--json").stdout)["safety"]
    assert safety["second"] == "6-3" and safety["difference_ci95"][0] < 0


def test_odds_of_a_bid_already_set_are_certain_and_carry_no_interval() -> None:
    """After three tricks the bidder's team has 17 points with 19 left: 41 is set in
    every deal, so its odds are the value itself, not a Wilson interval of 100 draws."""
    args = ["play", "6-3 5-4 5-1 4-2 3-3 2-0 1-0", "-t", "sixes", "--seat", "1", "--bid", "41", "-n", "100"]
    args += ["-s", "1", "--tricks", "6-6 6-3 6-1 6-0 / 3-1 3-3 5-3 3-2 / 5-4 5-0 5-2 5-5 / 6-5"]
    document = json.loads(invoke(*args, "--json").stdout)
    assert document["decided"]["made"] is False and document["exact"] is False
    assert all(p["make"] == 0.0 and p["make_ci95"] == [0.0, 0.0] for p in document["plays"])
    assert all(p["expected_points_ci95"][0] < p["expected_points_ci95"][1] for p in document["plays"])
    header = next(line for line in invoke(*args).stdout.splitlines() if "sets 41" in line)
    assert header.split() == ["play", "points", "95%", "CI", "sets", "41", "best", "in"]


def test_more_points_that_read_the_same_to_one_decimal_are_shown_to_two() -> None:
    args = ["play", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "-t", "sixes", "--bid", "34", "-n", "200", "-s", "3"]
    text = " ".join(invoke(*args, "--tricks", "6-6 6-3 6-1 6-0 / 6-5 1-0 0-0 2-1").stdout.split())
    assert "Play 3-1: your team expects 39.0 of 42 points" in text
    assert "4-4 expects more points (39.01 against 38.96) and makes 34 in 99%" in text


def test_a_play_with_the_best_play_s_very_figures_is_named_as_good_and_a_forced_one_as_forced() -> None:
    """6-3 and 3-3, the two highest treys held together, are worth the same in every deal;
    a seat with one legal play is told so."""
    tied = invoke("play", "6-6 6-3 4-3 4-0 3-3 2-1 1-1", "-t", "treys", "-n", "100", "-s", "11").stdout
    assert "Play 6-3" in tied and "3-3 is as good: the same figures." in " ".join(tied.split())
    forced = invoke(
        "play", "6-2 5-4 5-3 5-1 4-4 4-2 3-1", "-t", "fives", "--seat", "0", "--bidder", "3",
        "-n", "50", "-s", "55", "--tricks", "5-5 5-1 6-5 1-0 / 6-3",
    ).stdout  # fmt: skip
    assert "Play 6-2 (your only legal play):" in forced


@pytest.mark.parametrize(
    ("led", "said"), [("1-0", "on an aces lead"), ("4-2", "on a trump lead"), ("6-5", "on a sixes lead")]
)
def test_a_play_is_told_with_the_suit_led(led: str, said: str) -> None:
    from texas42.rules.history import _action  # the words of the messages that name a play

    played = _action(rules.parse_domino("2-0"), rules.parse_domino(led), TrumpTricks(Declaration.FOURS))
    assert played.endswith(said)


def test_one_legal_play_is_not_played_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """At Nel-O the plays are played out unasked, and with --realistic asked: but a seat
    with one legal play has nothing to weigh, and the text says it is the only one."""
    for module in (analysis, play_cli):
        monkeypatch.setattr(module, "realistic_plays", lambda *a, **k: pytest.fail("played out"))
    args = ("6-6 6-5 6-4 6-2 5-5 4-4 3-1", "nello", "2-1 2-0")
    advice = texas42.advise_play(*args, seat=0, bidder=1, deals=20, seed=1)
    assert len(advice.plays) == 1 and advice.realistic is None
    text = invoke("play", args[0], "-t", "nello", "--bidder", "1", "--tricks", args[2], "-n", "20", "-s", "1")
    assert "Play 6-2 (your only legal play):" in " ".join(text.stdout.split())
