"""The value of each legal play at Nel-O and sevens (``engine.contract_play_values``):
against a slow exhaustive reference over ``rules.Position`` from random positions in mid
hand, against the whole-hand solvers at the first lead, and on hand-checked tricks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np
import pytest

from dominoes import d, ds, mask, random_hands
from naive import contract_made, nello_can_lose_all, sevens_tricks
from texas42 import engine, rules
from texas42.engine import ILLEGAL
from texas42.errors import DealArrayError, EngineInputError
from texas42.rules import NelloDoubles, NelloTricks, Position, SevensTricks, TrumpTricks

Contract = NelloTricks | SevensTricks

# --- The reference: exhaustive minimax over the rules' positions ---------------------------


def reference_values(position: Position, bidder: int) -> list[int]:
    """The 28 values ``contract_play_values`` gives for one deal, by ``contract_made``."""
    position = replace(position, score=(0, 0))  # before the play, which may end the trick
    values = [ILLEGAL] * 28
    for x in rules.dominoes_in(position.legal_plays()):
        values[x] = int(contract_made(position.play(x), bidder))
    return values


# --- Random positions ----------------------------------------------------------------------


def random_position(rng: np.random.Generator, contract: Contract, bidder: int, plays: int) -> Position:
    """The position after ``plays`` random legal plays from a random deal, the bidder leading."""
    position = Position(contract, tuple(int(h) for h in random_hands(rng, 7)), bidder)
    for _ in range(plays):
        position = position.play(int(rng.choice(list(rules.dominoes_in(position.legal_plays())))))
    return position


def reshuffled(rng: np.random.Generator, position: Position, deals: int) -> np.ndarray:
    """``deals`` deals of the position's trick in progress: the position's own, then the
    dominoes the players hold dealt again among them, each keeping its number (at Nel-O
    the partner keeps the partner's hand)."""
    seats = position.tricks.players(position.leader)
    held = [x for s in seats for x in rules.dominoes_in(position.hands[s])]
    rows = [list(position.hands)]
    for _ in range(deals - 1):
        order = iter(rng.permutation(held))
        row = list(position.hands)
        for s in seats:
            row[s] = rules.mask_of(int(next(order)) for _ in range(position.hands[s].bit_count()))
        rows.append(row)
    return np.array(rows, dtype=np.int64)


def check_against_reference(position: Position, bidder: int, hands: np.ndarray) -> None:
    contract = position.tricks
    assert isinstance(contract, NelloTricks | SevensTricks)
    result = engine.contract_play_values(hands, contract, bidder, position.leader, position.played, threads=1)
    assert result.seat == position.turn
    for i, row in enumerate(hands):
        deal = replace(position, hands=tuple(int(h) for h in row))
        assert result.values[i].tolist() == reference_values(deal, bidder), (deal, bidder)


def check_random_positions(
    seed: int, count: int, contract: Callable[[int], Contract], tricks_left: Sequence[int]
) -> None:
    """``count`` random positions, each with three deals of its trick in progress: the
    bidder at every seat, every place in the trick, ``tricks_left`` in turn."""
    rng = np.random.default_rng(seed)
    for i in range(count):
        bidder = i % 4
        tricks = contract(bidder)
        players = len(tricks.players(bidder))
        left = tricks_left[i % len(tricks_left)]
        position = random_position(rng, tricks, bidder, players * (7 - left) + (i // 4) % players)
        check_against_reference(position, bidder, reshuffled(rng, position, 3))


@pytest.mark.parametrize("doubles", list(NelloDoubles))
def test_nello_values_agree_with_the_reference_in_mid_hand(doubles: NelloDoubles) -> None:
    seed = 4200 + list(NelloDoubles).index(doubles)
    check_random_positions(seed, 48, lambda bidder: NelloTricks(bidder, doubles), (1, 2, 3, 4, 5))


def test_sevens_values_agree_with_the_reference_in_mid_hand() -> None:
    # The bidder's team is seats 0/2 and seats 1/3 in turn.
    check_random_positions(4207, 72, lambda bidder: SevensTricks(), (1, 2, 3, 2, 3, 4))


@pytest.mark.slow
@pytest.mark.parametrize("doubles", [*NelloDoubles, None])
def test_many_more_positions_agree_with_the_reference(doubles: NelloDoubles | None) -> None:
    if doubles is None:
        check_random_positions(4211, 400, lambda bidder: SevensTricks(), (1, 2, 3, 4, 5))
    else:
        seed = 4212 + list(NelloDoubles).index(doubles)
        check_random_positions(seed, 400, lambda bidder: NelloTricks(bidder, doubles), (1, 2, 3, 4, 5, 6))


def test_the_reference_agrees_with_the_whole_hand_references() -> None:
    """The reference's first lead against tests/naive.py's whole-hand searches."""
    rng = np.random.default_rng(4208)
    for i in range(12):
        hands = random_hands(rng, 3)
        bidder = i % 4
        start = Position(NelloTricks(bidder, NelloDoubles.OWN_SUIT), tuple(hands.tolist()), bidder)
        assert contract_made(start, bidder) == nello_can_lose_all(hands, bidder, NelloDoubles.OWN_SUIT)
        start = Position(SevensTricks(), tuple(hands.tolist()), bidder)
        assert contract_made(start, bidder) == (sevens_tricks(hands, bidder) == 3)


# --- The first lead: the whole-hand solvers ------------------------------------------------


@pytest.fixture(scope="module")
def full_deals() -> np.ndarray:
    rng = np.random.default_rng(4209)
    return np.array([random_hands(rng, 7) for _ in range(150)])


@pytest.mark.parametrize("doubles", list(NelloDoubles))
def test_at_the_first_lead_nello_agrees_with_solve_nello(
    full_deals: np.ndarray, doubles: NelloDoubles
) -> None:
    for bidder in range(4):
        result = engine.contract_play_values(full_deals, NelloTricks(bidder, doubles), bidder, bidder)
        solved = engine.solve_nello(full_deals, bidder, doubles)
        assert result.seat == bidder
        assert np.array_equal((result.values == 1).any(axis=1), solved.values == 1)
        assert np.array_equal(result.values >= 0, full_deals[:, [bidder]] >> np.arange(28) & 1 == 1)


def test_at_the_first_lead_sevens_agrees_with_solve_sevens(full_deals: np.ndarray) -> None:
    for bidder in range(4):
        result = engine.contract_play_values(full_deals, SevensTricks(), bidder, bidder)
        solved = engine.solve_sevens(full_deals, bidder, contract_only=True)
        assert np.array_equal((result.values == 1).any(axis=1), solved.values == 1)
        assert np.all((result.values >= 0).sum(axis=1) == 7)


# --- Hand-checked tricks (docs/rules.md, worked examples 5 to 7) ---------------------------


@pytest.mark.parametrize(
    ("doubles", "expected"),
    [
        # 3-3 is no trey: 3-0 leaves the trick to the bidder's 3-1; 3-2 takes it, and seat
        # 3 then leads 3-0, which neither 1-0 nor 6-6 can follow.
        (NelloDoubles.OWN_SUIT, {"3-0": 0, "3-2": 1}),
        # 3-3 is the highest trey: seat 1 takes the trick and leads 6-6 to the last.
        (NelloDoubles.HIGH, {"3-0": 1, "3-2": 1}),
        # 3-3 is the lowest trey: as own-suit.
        (NelloDoubles.LOW, {"3-0": 0, "3-2": 1}),
    ],
)
def test_nello_worked_example(doubles: NelloDoubles, expected: dict[str, int]) -> None:
    """Seat 0 bids and leads 3-1, seat 1 plays 3-3; seat 3 holds 3-0 and 3-2. The
    partner's hand (seat 2, seven dominoes) plays no part."""
    hands = np.array([[mask("1-0"), mask("6-6"), mask("6-5 6-4 6-3 6-2 6-1 6-0 5-5"), mask("3-0 3-2")]])
    result = engine.contract_play_values(hands, NelloTricks(0, doubles), 0, 0, ds("3-1 3-3"))
    assert result.seat == 3
    assert {rules.domino_name(x): int(result.values[0, x]) for x in result.plays} == expected
    assert (result.values[0] >= 0).sum() == 2


def test_sevens_hand_checked() -> None:
    """Seat 3 has led 6-6 (5 from 7); seat 0 holds 5-2 (0) and 0-0 (7), seat 2 6-1 (0) and
    1-0 (6), seat 3 4-3 (0). Seats 0/2 bidding: 5-2 takes the trick and 0-0 is led to the
    last, where seat 2's 6-1, kept back, comes before seat 3's 4-3; after 0-0, seat 2
    must take the trick with 6-1 (seat 1 holds 4-4, 1 from 7) and lead 1-0, and seat 3's
    4-3 takes the last."""
    hands = np.array([[mask("5-2 0-0"), mask("4-4 6-5"), mask("6-1 1-0"), mask("4-3")]])
    result = engine.contract_play_values(hands, SevensTricks(), 0, 3, [d("6-6")])
    assert result.seat == 0
    assert {rules.domino_name(x): int(result.values[0, x]) for x in result.plays} == {"5-2": 1, "0-0": 0}
    # Seats 1/3 bidding: 5-2 takes the first trick from them, and after 0-0 seat 2's 6-1 does.
    result = engine.contract_play_values(hands, SevensTricks(), 1, 3, [d("6-6")])
    assert {rules.domino_name(x): int(result.values[0, x]) for x in result.plays} == {"5-2": 0, "0-0": 0}


# --- Batches: threads, progress, input errors -----------------------------------------------


@pytest.mark.parametrize(
    "contract", [NelloTricks(1, NelloDoubles.HIGH), SevensTricks()], ids=["nello", "sevens"]
)
def test_results_do_not_depend_on_the_threads(contract: Contract) -> None:
    rng = np.random.default_rng(4210)
    position = random_position(rng, contract, 1, 8 if isinstance(contract, NelloTricks) else 9)
    hands = reshuffled(rng, position, 60)
    args = (hands, contract, 1, position.leader, position.played)
    one = engine.contract_play_values(*args, threads=1)
    two = engine.contract_play_values(*args, threads=2)
    assert np.array_equal(one.values, two.values) and np.array_equal(one.nodes, two.nodes)
    assert np.all(one.nodes > 0)


def test_progress_reaches_every_deal(full_deals: np.ndarray) -> None:
    calls: list[int] = []
    engine.contract_play_values(full_deals[:37], SevensTricks(), 2, 2, on_progress=calls.append)
    assert sum(calls) == 37 and all(k > 0 for k in calls)


def test_no_deals() -> None:
    result = engine.contract_play_values(np.zeros((0, 4), dtype=np.int64), SevensTricks(), 0, 0)
    assert result.values.shape == (0, 28) and result.nodes.shape == (0,)


SEVEN = [mask("6-6 6-5 6-4 6-3 6-2 6-1 6-0"), mask("5-5 5-4 5-3 5-2 5-1 5-0 4-4")]
SEVEN += [mask("4-3 4-2 4-1 4-0 3-3 3-2 3-1"), mask("3-0 2-2 2-1 2-0 1-1 1-0 0-0")]
FULL = np.array([SEVEN])
SHORT = np.array([[SEVEN[0] & ~(1 << d("6-6")), *SEVEN[1:]]])  # seat 0 has led 6-6
LOST = np.array([[SEVEN[0], SEVEN[1], SEVEN[2], SEVEN[3] & ~(1 << d("0-0"))]])  # seat 3 lost 0-0


@pytest.mark.parametrize(
    ("hands", "contract", "bidder", "leader", "trick", "error", "match"),
    [
        (FULL[:, :3], SevensTricks(), 0, 0, (), DealArrayError, r"\(n, 4\)"),
        (FULL[0], SevensTricks(), 0, 0, (), DealArrayError, r"\(n, 4\)"),
        (FULL + (1 << 28), SevensTricks(), 0, 0, (), DealArrayError, "outside"),
        (LOST, SevensTricks(), 0, 0, (), DealArrayError, "equal hands"),
        (FULL, SevensTricks(), 0, 0, [d("6-6")], DealArrayError, "equal hands"),
        (SHORT, SevensTricks(), 0, 1, [d("6-6")], DealArrayError, "equal hands"),
        (np.zeros((1, 4), dtype=np.int64), SevensTricks(), 0, 0, (), DealArrayError, "1 to 7"),
        (SHORT, SevensTricks(), 0, 0, [d("5-5")], DealArrayError, "still in a hand"),
        (
            np.array([[SEVEN[0], SEVEN[0], SEVEN[2], SEVEN[3]]]),
            SevensTricks(),
            0,
            0,
            (),
            DealArrayError,
            "two hands",
        ),
        (FULL, NelloTricks(0), 0, 0, [1, 2, 3], EngineInputError, "0 to 2"),
        (FULL, SevensTricks(), 0, 0, [1, 2, 3, 4], EngineInputError, "0 to 3"),
        (FULL, SevensTricks(), 0, 0, [28], EngineInputError, "not a domino"),
        (FULL, SevensTricks(), 0, 0, [5, 5], EngineInputError, "twice"),
        (FULL, NelloTricks(1), 0, 0, (), EngineInputError, "bidder is seat 0"),
        (FULL, NelloTricks(0), 0, 2, (), EngineInputError, "sits out"),
        (FULL, TrumpTricks(rules.Declaration.SIXES), 0, 0, (), EngineInputError, "Nel-O and sevens"),
        (FULL, SevensTricks(), 4, 0, (), EngineInputError, "the bidder must be a seat"),
        (FULL, SevensTricks(), 0, -1, (), EngineInputError, "the leader must be a seat"),
    ],
)
@pytest.mark.parametrize("rows", [False, True], ids=["one position", "a position a row"])
def test_bad_input_is_refused_with_one_line_naming_the_problem(
    hands: np.ndarray,
    contract: object,
    bidder: int,
    leader: int,
    trick: tuple[int, ...],
    error: type,
    match: str,
    rows: bool,
) -> None:
    with pytest.raises(error, match=match) as raised:
        if rows:
            n = len(hands) if hands.ndim == 2 else 1
            engine.position_contract_values(hands, contract, bidder, [leader] * n, [trick] * n)  # type: ignore[arg-type]
        else:
            engine.contract_play_values(hands, contract, bidder, leader, trick)  # type: ignore[arg-type]
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(
    "contract", [NelloTricks(2, NelloDoubles.LOW), SevensTricks()], ids=["nello", "sevens"]
)
def test_positions_a_row_are_those_of_each_position(contract: Contract) -> None:
    """``position_contract_values`` of rows from 24 random positions (every place in the
    trick, 1 to 6 tricks left), three deals each, shuffled: each row's values are
    ``contract_play_values``' for its own position; the threads change nothing."""
    rng = np.random.default_rng(4230)
    players = len(contract.players(0 if isinstance(contract, SevensTricks) else 2))
    positions = [random_position(rng, contract, 2, int(rng.integers(players * 6 + 1))) for _ in range(24)]
    rows = [(p, row) for p in positions for row in reshuffled(rng, p, 3)]
    order = rng.permutation(len(rows))
    hands = np.array([rows[k][1] for k in order])
    leaders = [rows[k][0].leader for k in order]
    tricks = [rows[k][0].played for k in order]
    values = engine.position_contract_values(hands, contract, 2, leaders, tricks, threads=1)
    for i, k in enumerate(order):
        position, row = rows[k]
        alone = engine.contract_play_values(row[None], contract, 2, position.leader, position.played)
        assert values[i].tolist() == alone.values[0].tolist()
    assert np.array_equal(
        values, engine.position_contract_values(hands, contract, 2, leaders, tricks, threads=2)
    )


def test_at_nello_the_partner_may_hold_anything() -> None:
    """The partner's hand is ignored: seven dominoes while the others hold two."""
    hands = np.array(
        [[mask("1-0 2-0"), mask("6-6 5-5"), mask("6-5 6-4 6-3 6-2 6-1 6-0 5-4"), mask("3-0 3-2")]]
    )
    result = engine.contract_play_values(hands, NelloTricks(0), 0, 0)
    assert result.plays == (d("2-0"), d("1-0"))
