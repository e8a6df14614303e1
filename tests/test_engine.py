"""The double-dummy engine against the exact vectors of tests/data/dd_public.jsonl (an independent
solver's), the slow reference solver and its own invariants."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numba
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominoes import random_hands
from naive import minimax_team02, team02_value
from naive import solve as naive_solve
from naive import stake as naive_stake
from texas42 import engine, rules
from texas42.engine import _layout, running, tables
from texas42.errors import (
    ArgumentTypeError,
    DealArrayError,
    EngineInputError,
    IllegalPlayError,
    Texas42Error,
)
from texas42.rules import DECLARATIONS, Deal, Declaration, Hand

REPO_ROOT = Path(__file__).resolve().parents[1]
VECTORS = Path(__file__).resolve().parent / "data" / "dd_public.jsonl"
LINES = Path(__file__).resolve().parent / "data" / "principal_variations.jsonl"
SHARED_VECTORS = REPO_ROOT.parent / "shared" / "vectors" / "dd_public.jsonl"


# --- Helpers --------------------------------------------------------------------


def load_vectors(path: Path) -> list[dict[str, Any]]:
    with path.open() as f:
        return [json.loads(line) for line in f if line.strip()]


def vector_deal(record: dict[str, Any]) -> Deal:
    return rules.parse_deal(" / ".join(" ".join(hand) for hand in record["hands"]))


def vector_leader_points(record: dict[str, Any]) -> int:
    team02 = int(record["team02_points"])
    return team02 if record["leader"] % 2 == 0 else 42 - team02


def deal_of(masks: Sequence[int]) -> Deal:
    return Deal.from_hands([Hand(int(m)) for m in masks])


@pytest.fixture(scope="module")
def vectors() -> list[dict[str, Any]]:
    records = load_vectors(VECTORS)
    assert len(records) == 216
    return records


# --- Shared vectors -------------------------------------------------------------


def test_vector_copy_matches_shared_file() -> None:
    if not SHARED_VECTORS.exists():
        pytest.skip(
            f"no shared vectors beside the repository ({SHARED_VECTORS}); the copy in tests/data is used"
        )
    assert load_vectors(SHARED_VECTORS) == load_vectors(VECTORS)


def test_vectors_cover_every_declaration_and_leader(vectors: list[dict[str, Any]]) -> None:
    assert {r["trump"] for r in vectors} == {d.label for d in DECLARATIONS}
    assert {r["leader"] for r in vectors} == {0, 1, 2, 3}
    for record in vectors:
        deal = vector_deal(record)
        assert sum(deal.masks) == rules.ALL_DOMINOES
        assert 0 <= record["team02_points"] <= 42


def test_vectors_solve_deal(vectors: list[dict[str, Any]]) -> None:
    wrong = []
    for i, record in enumerate(vectors):
        declaration = rules.parse_declaration(record["trump"])
        got = engine.solve_deal(vector_deal(record), declaration, record["leader"])
        if got != vector_leader_points(record):
            wrong.append((i, record["trump"], record["leader"], got, vector_leader_points(record)))
    assert wrong == []


def test_one_workspace_solves_through_the_generation_wrap(vectors: list[dict[str, Any]]) -> None:
    """Stored bounds are stamped with a generation that wraps: the tables are cleared then,
    and no bound of an earlier solve is taken for one of the next."""
    k = running.trump_kernels()
    solve_one = k.solve_one  # a helper of the kernels: called from a kernel of this test

    @numba.njit
    def solve_all(W, hands, tables, leaders):  # type: ignore[no-untyped-def]
        out = np.zeros(hands.shape[0], dtype=np.int64)
        for i in range(hands.shape[0]):
            out[i] = solve_one(W, hands[i], tables[i], leaders[i])
        return out

    W = k.new_workspace()
    W[_layout.GEN] = _layout.MAX_GEN - 30
    records = vectors[:60]
    hands = np.array([vector_deal(record).masks for record in records], dtype=np.int64)
    table = tables.trump_tables()
    declared = np.array([table[rules.parse_declaration(r["trump"]).value] for r in records])
    leaders = np.array([record["leader"] for record in records], dtype=np.int64)
    got = solve_all(W, hands, declared, leaders).tolist()
    assert got == [record["team02_points"] for record in records]
    assert W[_layout.GEN] == 60 - 30  # the 31st solve wrapped to generation 1


@pytest.fixture(scope="module")
def vector_batch(vectors: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All 216 vectors in one call: a row per (deal, leader) of the file, all nine declarations.

    Returns the rows' hands and leaders, and each vector's row."""
    rows: dict[tuple[tuple[int, int, int, int], int], int] = {}
    row_of = [rows.setdefault((vector_deal(r).masks, r["leader"]), len(rows)) for r in vectors]
    hands = np.array([masks for masks, _ in rows], dtype=np.int64)
    leaders = np.array([leader for _, leader in rows], dtype=np.int64)
    return hands, leaders, np.array(row_of)


@pytest.fixture(scope="module")
def vector_batch_points(vector_batch: tuple[np.ndarray, np.ndarray, np.ndarray]) -> np.ndarray:
    hands, leaders, _ = vector_batch
    result = engine.solve_deals(hands, DECLARATIONS, leaders, threads=2)
    assert result.points.shape == result.nodes.shape == (len(hands), 9)
    assert np.all(result.nodes > 0)
    return result.points


def test_vectors_solve_deals_batch(
    vectors: list[dict[str, Any]],
    vector_batch: tuple[np.ndarray, np.ndarray, np.ndarray],
    vector_batch_points: np.ndarray,
) -> None:
    hands, _, row_of = vector_batch
    columns = [rules.parse_declaration(r["trump"]).value for r in vectors]
    # Every vector has its own cell of the batch.
    assert len(set(zip(row_of.tolist(), columns, strict=True))) == 216 == hands.shape[0] * 9
    got = vector_batch_points[row_of, columns]
    assert got.tolist() == [vector_leader_points(r) for r in vectors]


def test_vectors_batch_same_with_one_and_two_threads(
    vector_batch: tuple[np.ndarray, np.ndarray, np.ndarray], vector_batch_points: np.ndarray
) -> None:
    hands, leaders, _ = vector_batch
    one = engine.solve_deals(hands, DECLARATIONS, leaders, threads=1)
    assert np.array_equal(one.points, vector_batch_points)
    # Rows in another order give the same rows.
    order = np.arange(len(hands))[::-1]
    reordered = engine.solve_deals(hands[order], DECLARATIONS, leaders[order], threads=2)
    assert np.array_equal(reordered.points, vector_batch_points[order])


@pytest.mark.parametrize("points", [1, 12, 30, 31, 35, 41, 42])
def test_reaches_agrees_with_the_exact_values(
    vector_batch: tuple[np.ndarray, np.ndarray, np.ndarray], vector_batch_points: np.ndarray, points: int
) -> None:
    hands, leaders, _ = vector_batch
    made = engine.reaches(hands, DECLARATIONS, points, leaders, threads=2)
    assert made.dtype == np.bool_
    assert np.array_equal(made, vector_batch_points >= points)
    assert np.array_equal(engine.reaches(hands, DECLARATIONS, points, leaders, threads=1), made)


def test_reaches_in_end_games_for_every_leader() -> None:
    rng = np.random.default_rng(11)
    hands = np.array([random_hands(rng, int(size)) for size in rng.integers(1, 5, 300)], dtype=np.int64)
    leaders = rng.integers(0, 4, hands.shape[0])
    exact = engine.solve_deals(hands, DECLARATIONS, leaders).points
    for points in (1, 2, 6, 11, 20, 42):
        assert np.array_equal(engine.reaches(hands, DECLARATIONS, points, leaders), exact >= points)


def test_progress_counts_every_solve_once(
    vector_batch: tuple[np.ndarray, np.ndarray, np.ndarray], vector_batch_points: np.ndarray
) -> None:
    hands, leaders, _ = vector_batch
    steps: list[int] = []
    result = engine.solve_deals(hands, DECLARATIONS, leaders, threads=2, on_progress=steps.append)
    assert np.array_equal(result.points, vector_batch_points)
    assert sum(steps) == hands.shape[0] * len(DECLARATIONS) and min(steps) > 0
    steps.clear()
    made = engine.reaches(hands, DECLARATIONS, 30, leaders, on_progress=steps.append)
    assert np.array_equal(made, vector_batch_points >= 30)
    assert sum(steps) == hands.shape[0] * len(DECLARATIONS)


def test_progress_of_a_single_solve() -> None:
    steps: list[int] = []
    engine.solve_deals(_valid_hands(), [Declaration(6)], on_progress=steps.append)
    assert steps == [_valid_hands().shape[0]]


def test_progress_worker_errors_reach_the_caller() -> None:
    def fail() -> None:
        raise RuntimeError("kernel failed")

    with pytest.raises(RuntimeError, match="kernel failed"):
        running.reporting_progress(fail, np.zeros(1, dtype=np.int64), lambda solves: None)


@pytest.mark.parametrize("points", [0, 43, -1, 30.0, True])
def test_reaches_rejects_bad_points(points: Any) -> None:
    with pytest.raises(EngineInputError, match="points"):
        engine.reaches(_valid_hands(), DECLARATIONS, points)


def test_vectors_table(vectors: list[dict[str, Any]]) -> None:
    record = vectors[0]
    table = engine.solve_table(vector_deal(record))
    assert table.shape == (9, 4)
    for other in vectors:
        if other["hands"] == record["hands"]:
            declaration = rules.parse_declaration(other["trump"])
            assert table[declaration.value, other["leader"]] == vector_leader_points(other)


# --- The reference solver checks itself -------------------------------------------


def test_reference_search_agrees_with_plain_minimax() -> None:
    rng = np.random.default_rng(20240601)
    for _ in range(300):
        size = int(rng.integers(1, 4))
        hands = random_hands(rng, size)
        declaration = Declaration(int(rng.integers(9)))
        leader = int(rng.integers(4))
        assert team02_value(hands, declaration, leader) == minimax_team02(hands, declaration, leader)


def test_reference_solver_on_a_vector(vectors: list[dict[str, Any]]) -> None:
    record = vectors[1]
    declaration = rules.parse_declaration(record["trump"])
    assert naive_solve(vector_deal(record), declaration, record["leader"]) == vector_leader_points(record)


# --- Engine against the reference solver ----------------------------------------


def test_random_positions_batch_against_reference() -> None:
    """2,000 random end-game positions, 1 to 4 dominoes a hand, solved in one batch."""
    rng = np.random.default_rng(42)
    sizes = np.repeat(np.arange(1, 5), 500)
    rng.shuffle(sizes)
    hands = np.stack([random_hands(rng, int(size)) for size in sizes])
    declarations = rng.integers(0, 9, size=len(sizes))
    leaders = rng.integers(0, 4, size=len(sizes))
    result = engine.solve_deals(hands, DECLARATIONS, leaders, threads=2)
    got = result.points[np.arange(len(sizes)), declarations]
    wrong = []
    for i in range(len(sizes)):
        declaration = Declaration(int(declarations[i]))
        expected = naive_solve(hands[i], declaration, int(leaders[i]))
        if got[i] != expected:
            wrong.append((hands[i].tolist(), declaration.label, int(leaders[i]), int(got[i]), expected))
    assert wrong == []
    # Every column is a value between 0 and the points at stake.
    stakes = np.array([naive_stake(h) for h in hands])
    assert np.all(result.points >= 0)
    assert np.all(result.points <= stakes[:, None])


def test_random_positions_solve_deal_against_reference() -> None:
    rng = np.random.default_rng(7)
    for i in range(400):
        size = 1 + i % 4
        hands = random_hands(rng, size)
        declaration = Declaration(int(rng.integers(9)))
        leader = int(rng.integers(4))
        got = engine.solve_deal(deal_of(hands), declaration, leader)
        assert got == naive_solve(hands, declaration, leader), (hands.tolist(), declaration.label, leader)


def test_small_positions_all_declarations_and_leaders_against_reference() -> None:
    rng = np.random.default_rng(99)
    hands = np.stack([random_hands(rng, 1 + i % 3) for i in range(60)])
    for leader in range(4):
        result = engine.solve_deals(hands, DECLARATIONS, leader)
        for i in range(len(hands)):
            expected = [naive_solve(hands[i], declaration, leader) for declaration in DECLARATIONS]
            assert result.points[i].tolist() == expected, (hands[i].tolist(), leader)


FULL_DEALS = 18  # every declaration twice, under two leaders; every leader four times or more


@pytest.fixture(scope="module")
def full_deals() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1234)
    hands = np.stack([random_hands(rng, 7) for _ in range(FULL_DEALS)])
    declarations = np.arange(FULL_DEALS) % 9
    leaders = (np.arange(FULL_DEALS) + 2 * (np.arange(FULL_DEALS) // 9)) % 4
    return hands, declarations, leaders


def test_full_deals_against_reference(full_deals: tuple[np.ndarray, np.ndarray, np.ndarray]) -> None:
    hands, declarations, leaders = full_deals
    pairs = {(int(d), int(s)) for d, s in zip(declarations, leaders, strict=True)}
    assert len(pairs) == FULL_DEALS and min(np.bincount(leaders, minlength=4)) >= 4
    batch = engine.solve_deals(hands, DECLARATIONS, leaders, threads=2).points
    wrong = []
    for i in range(FULL_DEALS):
        declaration = Declaration(int(declarations[i]))
        leader = int(leaders[i])
        expected = naive_solve(hands[i], declaration, leader)
        single = engine.solve_deal(deal_of(hands[i]), declaration, leader)
        if (single, int(batch[i, declaration.value])) != (expected, expected):
            wrong.append(
                (hands[i].tolist(), declaration.label, leader, single, int(batch[i, declaration.value]))
            )
    assert wrong == []


@pytest.mark.slow
def test_many_full_deals_against_reference() -> None:
    rng = np.random.default_rng(5678)
    hands = np.stack([random_hands(rng, 7) for _ in range(150)])
    leaders = rng.integers(0, 4, size=150)
    result = engine.solve_deals(hands, DECLARATIONS, leaders).points
    for i in range(150):
        declaration = Declaration(i % 9)
        expected = naive_solve(hands[i], declaration, int(leaders[i]))
        assert result[i, declaration.value] == expected, (
            hands[i].tolist(),
            declaration.label,
            int(leaders[i]),
        )


@pytest.mark.slow
def test_many_five_and_six_domino_positions_all_declarations() -> None:
    rng = np.random.default_rng(3141)
    hands = np.stack([random_hands(rng, 5 + i % 2) for i in range(120)])
    leaders = rng.integers(0, 4, size=120)
    result = engine.solve_deals(hands, DECLARATIONS, leaders).points
    for i in range(120):
        for declaration in DECLARATIONS:
            expected = naive_solve(hands[i], declaration, int(leaders[i]))
            assert result[i, declaration.value] == expected, (hands[i].tolist(), declaration.label)


# --- Properties -------------------------------------------------------------------

permutations = st.permutations(list(range(28)))


def hands_from(order: Sequence[int], size: int) -> list[int]:
    return [rules.mask_of(order[size * seat : size * (seat + 1)]) for seat in range(4)]


@settings(deadline=None, max_examples=60)
@given(
    order=permutations,
    size=st.integers(1, 7),
    declaration=st.sampled_from(DECLARATIONS),
    leader=st.integers(0, 3),
)
def test_value_lies_between_zero_and_the_stake(
    order: list[int], size: int, declaration: Declaration, leader: int
) -> None:
    hands = hands_from(order, size)
    stake = rules.points_at_stake(sum(hands))
    value = engine.solve_deal(deal_of(hands), declaration, leader)
    assert 0 <= value <= stake
    if size == 7:
        assert stake == 42


@settings(deadline=None, max_examples=60)
@given(
    order=permutations,
    size=st.integers(1, 3),
    declaration=st.sampled_from(DECLARATIONS),
    leader=st.integers(0, 3),
)
def test_small_positions_match_reference(
    order: list[int], size: int, declaration: Declaration, leader: int
) -> None:
    hands = hands_from(order, size)
    assert engine.solve_deal(deal_of(hands), declaration, leader) == naive_solve(hands, declaration, leader)


def _write(d: int, style: int) -> str:
    high, low = rules.high_end(d), rules.low_end(d)
    return [f"{high}-{low}", f"{low}-{high}", f"{high}{low}", f"{low}{high}"][style]


@settings(deadline=None, max_examples=20)
@given(order=permutations, data=st.data())
def test_table_does_not_depend_on_the_order_dominoes_are_written(
    order: list[int], data: st.DataObject
) -> None:
    deal = rules.parse_deal(
        " / ".join(" ".join(rules.domino_name(d) for d in order[7 * s : 7 * s + 7]) for s in range(4))
    )
    parts = []
    for seat in range(4):
        hand = data.draw(st.permutations(order[7 * seat : 7 * seat + 7]))
        styles = data.draw(st.lists(st.integers(0, 3), min_size=7, max_size=7))
        parts.append(", ".join(_write(d, s) for d, s in zip(hand, styles, strict=True)))
    shuffled = rules.parse_deal(" / ".join(parts))
    assert shuffled.masks == deal.masks
    table = engine.solve_table(deal)
    assert np.array_equal(engine.solve_table(shuffled), table)
    assert np.all((table >= 0) & (table <= 42))


@settings(deadline=None, max_examples=20)
@given(order=permutations, size=st.sampled_from([3, 4, 7, 7]))
def test_rotating_the_seats_keeps_the_leaders_points(order: list[int], size: int) -> None:
    hands = hands_from(order, size)
    rotated = [hands[(seat - 1) % 4] for seat in range(4)]  # seat s's hand moves to seat s + 1
    table = engine.solve_table(deal_of(hands))
    rotated_table = engine.solve_table(deal_of(rotated))
    for leader in range(4):
        assert np.array_equal(rotated_table[:, (leader + 1) % 4], table[:, leader])
    # Two seats on, the other team holds the same hands: its points for each leader match.
    across = [hands[(seat - 2) % 4] for seat in range(4)]
    assert np.array_equal(engine.solve_table(deal_of(across))[:, [2, 3, 0, 1]], table)


def test_table_matches_solve_deal() -> None:
    rng = np.random.default_rng(11)
    hands = random_hands(rng, 7)
    table = engine.solve_table(deal_of(hands))
    for declaration in DECLARATIONS:
        for leader in range(4):
            assert table[declaration.value, leader] == engine.solve_deal(deal_of(hands), declaration, leader)


# --- Principal variation ------------------------------------------------------------


def check_line(hands: np.ndarray, declaration: Declaration, leader: int) -> None:
    deal = deal_of(hands)
    size = len(deal[0])
    value = engine.solve_deal(deal, declaration, leader)
    line = engine.principal_variation(deal, declaration, leader)
    assert len(line) == size
    remaining = [int(h) for h in hands]
    seat_to_lead = leader
    taken = 0  # points of the leader's team along the line
    for number, trick in enumerate(line):
        assert len(trick.plays) == 4
        seats = [seat for seat, _ in trick.plays]
        assert seats == [(seat_to_lead + k) % 4 for k in range(4)]
        led = trick.plays[0][1]
        for position, (seat, domino) in enumerate(trick.plays):
            legal = rules.legal_plays(remaining[seat], None if position == 0 else led, declaration)
            assert legal >> domino & 1, (number, seat, rules.domino_name(domino))
            remaining[seat] &= ~(1 << domino)
        plays = [domino for _, domino in trick.plays]
        winner = seats[rules.trick_winner(plays, declaration)]
        assert trick.winner == winner
        assert trick.points == rules.trick_points(plays)
        if winner % 2 == leader % 2:
            taken += trick.points
        seat_to_lead = winner
        # Every trick of the line keeps the value: what is taken plus what is still to come.
        if number + 1 < size:
            rest = engine.solve_deal(deal_of(remaining), declaration, winner)
            rest_for_leader = (
                rest if winner % 2 == leader % 2 else rules.points_at_stake(sum(remaining)) - rest
            )
            assert taken + rest_for_leader == value
    assert remaining == [0, 0, 0, 0]
    assert sum(t.points for t in line) == rules.points_at_stake(sum(int(h) for h in hands))
    assert taken == value


def test_principal_variation_full_deals() -> None:
    rng = np.random.default_rng(2718)
    for i in range(36):
        check_line(random_hands(rng, 7), Declaration(i % 9), i % 4)


def test_principal_variation_vectors(vectors: list[dict[str, Any]]) -> None:
    for record in vectors[::9]:
        hands = np.array(vector_deal(record).masks)
        check_line(hands, rules.parse_declaration(record["trump"]), record["leader"])


def test_principal_variation_end_games() -> None:
    rng = np.random.default_rng(1618)
    for i in range(60):
        check_line(random_hands(rng, 1 + i % 4), Declaration(i % 9), (i // 9) % 4)


def test_principal_variation_keeps_the_recorded_lines() -> None:
    """The same lines as the implementation that drove the search from Python (recorded at
    commit 4164bac): 216 vectors, 72 random full deals and 72 end games."""
    with LINES.open() as f:
        records = [json.loads(line) for line in f if line.strip()]
    assert len(records) == 360
    differ = []
    for record in records:
        deal = deal_of(record["hands"])
        line = engine.principal_variation(
            deal, rules.parse_declaration(record["declaration"]), record["leader"]
        )
        plays = [[seat, domino] for trick in line for seat, domino in trick.plays]
        if plays != record["plays"]:
            differ.append(record)
    assert differ == []


def test_principal_variation_of_a_sure_hand() -> None:
    # Seat 0 holds every six and leads under sixes: all seven tricks, 42 points.
    deal = rules.parse_deal(
        "6-6 6-5 6-4 6-3 6-2 6-1 6-0 / 5-5 5-4 5-3 5-2 5-1 5-0 4-4 /"
        " 4-3 4-2 4-1 4-0 3-3 3-2 3-1 / 3-0 2-2 2-1 2-0 1-1 1-0 0-0"
    )
    line = engine.principal_variation(deal, Declaration.SIXES, 0)
    assert [t.winner for t in line] == [0] * 7
    assert all(t.plays[0][0] == 0 and rules.is_trump(t.plays[0][1], Declaration.SIXES) for t in line)
    assert sum(t.points for t in line) == 42
    assert engine.solve_deal(deal, Declaration.SIXES, 0) == 42
    # Leading from seat 1 instead, seat 0 still takes every trick in sixes: seat 1's team gets 0.
    assert engine.solve_deal(deal, Declaration.SIXES, 1) == 0


# --- Input validation ---------------------------------------------------------------


def _valid_hands() -> np.ndarray:
    return np.array([[1 << 0, 1 << 1, 1 << 2, 1 << 3]], dtype=np.int64)


@pytest.mark.parametrize(
    ("hands", "leaders", "error", "message"),
    [
        (np.array([[1, 1, 4, 8]]), 0, DealArrayError, "two hands"),
        (np.array([[3, 3 << 2, 3 << 4, 1 << 6]]), 0, DealArrayError, "same size"),
        (np.array([[3, 3 << 2, 3 << 4, 3 << 6], [1, 2, 4, 8 | 16]]), 0, DealArrayError, "same size"),
        (np.array([[0, 0, 0, 0]]), 0, DealArrayError, "1 to 7"),
        (np.array([[255, 255, 255, 255]]), 0, DealArrayError, "1 to 7"),
        (np.array([[255, 255 << 8, 255 << 16, 15 << 24]]), 0, DealArrayError, "same size"),
        (np.array([[1, 2, 4]]), 0, DealArrayError, "shape"),
        (np.array([1, 2, 4, 8]), 0, DealArrayError, "shape"),
        (np.array([[[1, 2, 4, 8]]]), 0, DealArrayError, "shape"),
        (np.array([[-1, 2, 4, 8]]), 0, DealArrayError, "outside"),
        (np.array([[1 << 28, 2, 4, 8]]), 0, DealArrayError, "outside"),
        (_valid_hands(), 5, EngineInputError, "seats"),
        (_valid_hands(), -1, EngineInputError, "seats"),
        (_valid_hands(), [4], EngineInputError, "seats"),
        (_valid_hands(), [0, 1], EngineInputError, "one per deal"),
    ],
)
def test_solve_deals_rejects_bad_input(
    hands: np.ndarray, leaders: Any, error: type[ValueError], message: str
) -> None:
    with pytest.raises(error, match=message):
        engine.solve_deals(hands, DECLARATIONS, leaders)


def test_solve_deals_rejects_a_bad_declaration() -> None:
    with pytest.raises(EngineInputError, match="9"):
        engine.solve_deals(_valid_hands(), [9])  # type: ignore[list-item]


def test_solve_deal_and_principal_variation_reject_bad_leader() -> None:
    deal = deal_of([1, 2, 4, 8])
    for leader in (4, -1):
        with pytest.raises(EngineInputError, match=str(leader)):
            engine.solve_deal(deal, Declaration.SIXES, leader)
        with pytest.raises(EngineInputError, match=str(leader)):
            engine.principal_variation(deal, Declaration.SIXES, leader)


def _full() -> np.ndarray:
    deal = rules.parse_deal(
        "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / 6-0 4-4 3-0 2-2 2-0 1-1 0-0 / "
        "6-3 5-3 4-1 4-0 3-3 2-1 1-0"
    )
    return np.array([deal.masks], dtype=np.int64)


def test_an_empty_batch_of_positions_given_as_lists_has_no_values() -> None:
    empty = np.zeros((0, 4), dtype=np.int64)
    assert engine.position_play_values(empty, Declaration.FOURS, [], []).shape == (0, 28)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda m: engine.play_values(m + 0.5, Declaration.FIVES, 0), DealArrayError, "got float64 values"),
        (lambda m: engine.play_values(m.astype(str), Declaration.FIVES, 0), DealArrayError, "integer array"),
        (lambda m: engine.play_values(m.astype(bool), Declaration.FIVES, 0), DealArrayError, "got bool"),
        (lambda m: engine.play_values(m, Declaration.FIVES, 0, score=5), ArgumentTypeError, "score"),
        (
            lambda m: engine.play_values(m, Declaration.FIVES, 0, score=(10, 0)),
            EngineInputError,
            "the tricks already played held 0 points in deal 0",
        ),
        (
            lambda m: engine.play_values(m, Declaration.FIVES, 0, trick=5),
            ArgumentTypeError,
            "trick in progress",
        ),
        (
            lambda m: engine.play_values(m, Declaration.FIVES, 0, on_progress=3),
            ArgumentTypeError,
            "on_progress",
        ),
        (
            lambda m: engine.contract_play_values(m, rules.NelloTricks(0), 0, 0, on_progress=3),
            ArgumentTypeError,
            "on_progress",
        ),
        (lambda m: engine.play_values(m, Declaration.FIVES, 0).of(-1), Texas42Error, "not a domino: -1"),
        (lambda m: engine.play_values(m, Declaration.FIVES, 0).of(28), Texas42Error, "not a domino: 28"),
        (lambda m: engine.completion_counts([7] * 21, None), EngineInputError, "three rooms"),
        (lambda m: engine.check_deal_array(5), DealArrayError, r"got shape \(\)"),
        (lambda m: engine.completion_counts(["a"] * 21, (7, 7, 7)), EngineInputError, "may go to"),
        (
            lambda m: engine.contract_play_values(m + 0.3, rules.NelloTricks(0), 0, 0),
            DealArrayError,
            "got float64 values",
        ),
        (
            lambda m: engine.position_contract_values(m, rules.NelloTricks(0), 0, iter([0]), [[]]),
            ArgumentTypeError,
            "leaders must be a list",
        ),
        (lambda m: engine.position_play_values(m, Declaration.FIVES, [0.9], [[]]), DealArrayError, "leaders"),
        (
            lambda m: engine.position_play_values(m, Declaration.FIVES, [0], [[13.9]]),
            EngineInputError,
            r"13\.9",
        ),
        (
            lambda m: engine.position_play_values(m, Declaration.FIVES, [0], [["6-4"]]),
            EngineInputError,
            "6-4",
        ),
        (lambda m: engine.solve_deals(m, Declaration.FIVES), ArgumentTypeError, "a list of declarations"),
        (lambda m: engine.solve_deals(m, "fives"), ArgumentTypeError, "a list of declarations"),
        (lambda m: engine.solve_deals(m, on_progress=5), ArgumentTypeError, "on_progress"),
        (lambda m: engine.solve_deals(m, np.array(4)), ArgumentTypeError, "a list of declarations"),
        (lambda m: engine.solve_deals(m, b"\x04\x06"), ArgumentTypeError, "a list of declarations"),
        (lambda m: engine.reaches(m, np.array(4), 30), ArgumentTypeError, "a list of declarations"),
        (
            lambda m: engine.play_values(m, Declaration.FIVES, 0, np.array(5)),
            ArgumentTypeError,
            "trick in progress",
        ),
        (
            lambda m: engine.play_values(m, Declaration.FIVES, 0, score=np.array(5)),
            ArgumentTypeError,
            "^score",
        ),
        (
            lambda m: engine.position_play_values(m, Declaration.FIVES, [0], np.array(5)),
            ArgumentTypeError,
            "^tricks must be a list",
        ),
        (
            lambda m: engine.position_contract_values(m, rules.NelloTricks(0), 0, np.array(0), [[]]),
            ArgumentTypeError,
            "^leaders must be a list",
        ),
        (
            lambda m: engine.position_contract_values(m, rules.NelloTricks(0), 0, [0], np.array(5)),
            ArgumentTypeError,
            "^tricks must be a list",
        ),
        (
            lambda m: engine.solve_deals(m, [Declaration.FOURS], on_progress=lambda: None),
            ArgumentTypeError,
            "^on_progress is a function of the solves finished",
        ),
        (
            lambda m: engine.reaches(m, [Declaration.FOURS], 30, on_progress=lambda: None),
            ArgumentTypeError,
            "^on_progress",
        ),
        (
            lambda m: engine.play_values(m, Declaration.FIVES, 0, on_progress=lambda: None),
            ArgumentTypeError,
            "^on_progress",
        ),
        (
            lambda m: engine.contract_play_values(
                m, rules.NelloTricks(0), 0, 0, on_progress=lambda a, b: None
            ),
            ArgumentTypeError,
            "^on_progress",
        ),
        (lambda m: engine.solve_sevens(m, contract_only="no"), ArgumentTypeError, "contract_only"),
        (lambda m: engine.position_values("x"), ArgumentTypeError, r"rules\.Position"),
    ],
)
def test_bad_arguments_of_the_engine_are_typed_errors(
    call: Any, error: type[Exception], message: str
) -> None:
    """Floats, strings and bools are never rounded or read as dominoes and seats; every
    bad argument is an error of ``texas42.errors``, raised before any solving."""
    with pytest.raises(error, match=message):
        call(_full())


def test_play_values_refuse_a_trick_that_did_not_follow_suit() -> None:
    """At sixes, seat 0 leads 6-4 (a trump) and seat 1 plays 5-1 while it still holds the
    6-6: no such position can arise; the 6-6 itself is solved."""
    hands = _full()
    d64, d51, d66 = (rules.parse_domino(name) for name in ("6-4", "5-1", "6-6"))
    revoked = hands.copy()
    revoked[0, 0] &= ~(1 << d64)
    revoked[0, 1] &= ~(1 << d51)
    with pytest.raises(IllegalPlayError, match="deal 0: seat 1 played 5-1 to the 6-4 led"):
        engine.play_values(revoked, Declaration.SIXES, 0, [d64, d51])
    followed = hands.copy()
    followed[0, 0] &= ~(1 << d64)
    followed[0, 1] &= ~(1 << d66)
    assert (engine.play_values(followed, Declaration.SIXES, 0, [d64, d66]).values >= 0).sum() >= 1


def test_any_numpy_integer_is_a_seat_and_a_declaration_its_name() -> None:
    deal = rules.Deal.from_hands([rules.Hand(int(m)) for m in _full()[0]])
    for kind in (np.int8, np.uint8, np.int32, np.uint64):
        assert engine.solve_deal(deal, Declaration.FIVES, kind(1)) == engine.solve_deal(
            deal, Declaration.FIVES, 1
        )
    assert engine.principal_variation(deal, "fives") == engine.principal_variation(deal, Declaration.FIVES)
    with pytest.raises(ArgumentTypeError, match=r"the leader must be a seat 0\.\.3, got True"):
        engine.solve_deal(deal, Declaration.FIVES, True)


def test_solve_deals_accepts_valid_edge_input() -> None:
    empty = engine.solve_deals(np.zeros((0, 4), dtype=np.int64))
    assert empty.points.shape == (0, 9)
    one = engine.solve_deals(_valid_hands(), [Declaration.FOLLOW_ME], leaders=[3])
    # Follow-me, 2-0 led by seat 3 calls for deuces; nobody else has one: seat 3 wins 1 point.
    assert one.points.tolist() == [[1]]


def test_importing_the_engine_does_not_import_numba() -> None:
    code = "import sys, texas42.engine; print('numba' in sys.modules, 'llvmlite' in sys.modules)"
    src = str(REPO_ROOT / "src")
    out = subprocess.run(
        [sys.executable, "-c", code], env={"PYTHONPATH": src}, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["False", "False"]


# --- The kernels' cache -------------------------------------------------------------------


def test_editing_one_kernel_file_changes_the_cache_stamp_of_every_kernel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Numba stamps a cached function with its own file only; the engine's locator stamps
    every kernel file's functions with all kernel files, so a kernel that compiles in a
    helper from another file is compiled again when that file changes. The cache lies in
    ``__pycache__`` beside the kernels, or under ``NUMBA_CACHE_DIR`` when that is set
    (whatever the environment of the test run)."""
    from numba.core import caching, config

    from texas42.engine import _jit

    copy = tmp_path / "engine"
    copy.mkdir()
    for path in _jit.kernel_files(_jit.KERNEL_FOLDER):
        shutil.copy(path, copy / path.name)
    (copy / "trumps.py").write_text("")  # not a kernel file
    locator = type("Locator", (_jit.KernelCacheLocator,), {"folder": copy})

    def kernel() -> None:  # stands for a kernel of _search.py
        pass

    search_file = str(copy / "_search.py")
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "cache"))
    elsewhere = locator.from_function(kernel, search_file)
    assert elsewhere is not None and elsewhere.get_cache_path().startswith(str(tmp_path / "cache"))
    monkeypatch.setattr(config, "CACHE_DIR", "")
    ours = locator.from_function(kernel, search_file)
    numbas = caching.InTreeCacheLocator.from_function(kernel, search_file)
    assert ours is not None and numbas is not None
    assert ours.get_cache_path() == str(copy / "__pycache__")
    before = (ours.get_source_stamp(), numbas.get_source_stamp())
    with (copy / "_ordering.py").open("a") as f:
        f.write("\n# a helper the search compiles in, edited\n")
    # A new process (here a new locator) sees the edit; a locator keeps its stamp.
    after = (locator.from_function(kernel, search_file).get_source_stamp(), numbas.get_source_stamp())
    assert ours.get_source_stamp() == before[0]
    assert after[0] != before[0]
    assert after[1] == before[1]  # what the locator is for: Numba's own stamp misses the edit
    assert locator.from_function(kernel, search_file).get_source_stamp() == after[0]
    # Other files are left to Numba's own locators.
    assert locator.from_function(kernel, str(copy / "trumps.py")) is None
    assert locator.from_function(kernel, __file__) is None


def test_the_kernels_are_cached_by_the_engine_locator() -> None:
    from numba.core import caching

    from texas42.engine import _endings, _four, _jit, _search

    impl = caching.CacheImpl
    assert impl._locator_classes[0] is _jit.KernelCacheLocator
    kernels = [
        running.trump_kernels().solve_batch,
        running.line_kernels().optimal_line,
        running.nello_kernels().nello_batch,
        running.sevens_kernels().sevens_batch,
        _search.search,
        _four.four_tricks,
        _endings.three_tricks,
    ]
    stamp = _jit.kernel_source_stamp(_jit.KERNEL_FOLDER)
    for kernel in kernels:
        assert isinstance(kernel._cache, _jit.KernelCache), kernel
        assert isinstance(kernel._cache._impl.locator, _jit.KernelCacheLocator), kernel
        assert kernel._cache._cache_file._source_stamp == stamp


def test_kernels_load_from_the_cache_without_numbas_implementations() -> None:
    """Loading cached kernels skips Numba's refresh of its target context, which would
    import all of Numba's implementations (docs/engine.md#compile-time)."""
    script = (
        "import sys\n"
        "from texas42 import engine, rules\n"
        "hands = [rules.Hand(0x7F << (7 * seat)) for seat in range(4)]\n"
        "print(engine.solve_deal(rules.Deal.from_hands(hands), rules.Declaration(6), 0))\n"
        "print('numba.np.arraymath' in sys.modules, 'numba.cpython.listobj' in sys.modules)\n"
    )
    run = [sys.executable, "-c", script]
    subprocess.run(run, check=True, capture_output=True, text=True)  # fills the cache if need be
    warm = subprocess.run(run, check=True, capture_output=True, text=True)
    assert warm.stdout.split("\n")[:2] == ["0", "False False"]


# --- Compiling: the notice and the helper process -------------------------------------------

# Two tiny kernel modules stand for the real ones, which take seconds to compile.
TINY_KERNELS = {
    "_tiny_a.py": """
from numba import types

from texas42.engine._jit import inline, jit


@inline
def _twice(x):
    return 2 * x


@jit(types.int64(types.int64))
def f(x):
    return _twice(x) + 1


@jit(types.int64(types.int64))
def g(x):
    return f(x) + 1
""",
    "_tiny_b.py": """
from numba import types

from texas42.engine._jit import jit


@jit(types.int64(types.int64))
def h(x):
    return x - 1
""",
    "_tiny_c.py": """
from numba import types

from texas42.engine._jit import by_address, calls, jit, publish
from texas42.engine._tiny_a import f

PAIR = types.UniTuple(types.int64, 2)(types.int64)
_call_f = by_address(f)
_call_pair = calls("texas42.engine._tiny_c.pair", PAIR)  # compiled below, after its caller


@jit(types.int64(types.int64))
def uses_both(n):
    total = 0
    for i in range(n):
        a, b = _call_pair(i)
        total += _call_f(a) + b
    return total


@jit(PAIR)
def pair(x):
    return x, x * x


publish(pair)
""",
}

LOAD_TINY_KERNELS = """
import sys
from texas42.engine import running
running._expect("texas42.engine._tiny_b")
a = running._import_compiling("texas42.engine._tiny_a")
b = running._import_compiling("texas42.engine._tiny_b")
assert (a.g(1), b.h(1)) == (4, 0)
print(sum(b.h.stats.cache_misses.values()), running._helper is not None)
"""


@pytest.fixture
def tiny_package(tmp_path: Path) -> Path:
    """A copy of the package with the tiny kernel modules among its kernel files."""
    copy = tmp_path / "src" / "texas42"
    shutil.copytree(REPO_ROOT / "src" / "texas42", copy, ignore=shutil.ignore_patterns("__pycache__"))
    for name, source in TINY_KERNELS.items():
        (copy / "engine" / name).write_text(source)
    return copy.parent


def _load_tiny_kernels(src: Path, cache: Path) -> tuple[str, str]:
    env = {**os.environ, "PYTHONPATH": str(src), "NUMBA_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", LOAD_TINY_KERNELS],
        env=env,
        cwd=cache.parent,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout, done.stderr


def test_the_compiling_notice_appears_once_when_compiling_and_never_from_the_cache(
    tiny_package: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    # The first run: module a compiles here (one notice for its three functions), and
    # meanwhile the helper process compiles module b, expected next, into the cache.
    stdout, stderr = _load_tiny_kernels(tiny_package, cache)
    assert stderr == running.COMPILING_NOTICE + "\n"
    assert stdout == "0 True\n"  # b was loaded from the cache the helper wrote
    # The next run loads both from the cache: no notice, no helper.
    stdout, stderr = _load_tiny_kernels(tiny_package, cache)
    assert stderr == ""
    assert stdout == "0 False\n"


LOAD_BY_ADDRESS = """
import sys
from texas42.engine._tiny_c import uses_both
print(uses_both(4), sum(uses_both.stats.cache_misses.values()))
print(uses_both.inspect_llvm(uses_both.signatures[0]) if "-ir" in sys.argv else "")
"""


def test_a_kernel_called_through_its_cell_is_not_linked_in_and_loads_from_the_cache(
    tiny_package: Path, tmp_path: Path
) -> None:
    """A caller compiles before its callee exists (``calls``), holds no code of it, and
    loads from the cache in a new process, where the callee's address is published anew."""
    env = {**os.environ, "PYTHONPATH": str(tiny_package), "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    expected = sum(2 * i + 1 + i * i for i in range(4))

    def run(*args: str) -> list[str]:
        command = [sys.executable, "-c", LOAD_BY_ADDRESS, *args]
        return subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout.split("\n")

    cold = run("-ir")
    assert cold[0] == f"{expected} 1"  # compiled here
    ir = "\n".join(cold[1:])
    for callee in ("texas42.engine._tiny_c.pair", "texas42.engine._tiny_a.f"):
        assert f'@"texas42.cell:{callee}" = external local_unnamed_addr global i64' in ir
    defined = [line for line in ir.splitlines() if line.startswith("define")]
    assert defined and not any("pair" in line or "_tiny_a" in line for line in defined), defined
    assert run()[0] == f"{expected} 0"  # loaded from the cache


def test_the_helper_compiles_the_four_trick_loop_first_while_this_process_compiles_the_search() -> None:
    expected = [running.NELLO, running.TRUMPS, running.SEVENS]
    modules = running.helper_modules(expected, {running.TRUMPS}, loaded=set())
    assert modules == [running.FOUR, running.NELLO, running.SEVENS]
    assert running.helper_modules(expected, set(), loaded={running.FOUR}) == [*expected[::2], running.TRUMPS]
    # Without the trump search, no four-trick loop; nothing loaded or loading twice.
    assert running.helper_modules([running.SEVENS], {running.NELLO}, loaded=set()) == [running.SEVENS]
    assert running.helper_modules([running.SEVENS], set(), loaded={running.SEVENS}) == []


@pytest.mark.parametrize(
    "solve",
    [
        lambda d: engine.solve_deal(d, rules.Declaration.SIXES),
        engine.solve_table,
        lambda d: engine.principal_variation(d, rules.Declaration.SIXES),
        engine.nello_value,
        engine.sevens_value,
    ],
    ids=["solve_deal", "solve_table", "principal_variation", "nello_value", "sevens_value"],
)
def test_one_deal_functions_want_a_deal_not_an_array(solve: Any) -> None:
    """An array of masks belongs to the batch functions: said, rather than an AttributeError."""
    deal = (
        "6-6 6-5 6-4 6-2 5-5 4-4 3-1 / 6-3 5-4 5-1 4-0 2-0 1-1 0-0 / "
        "6-0 5-3 5-2 4-2 3-3 3-0 1-0 / 6-1 5-0 4-3 4-1 3-2 2-2 2-1"
    )
    masks = np.array(rules.parse_deal(deal).masks, dtype=np.int64)
    with pytest.raises(ArgumentTypeError, match=r"deal is a texas42.Deal \(texas42.parse_deal makes one\)"):
        solve(masks)
