"""The trump engine's entry points: exact values, batches, reaches, tables and optimal
lines of play. See docs/engine.md#what-the-engine-computes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from texas42 import rules
from texas42.engine import running, tables
from texas42.engine.inputs import (
    check_deal_array,
    check_points,
    check_progress,
    check_seat,
    checked_declaration,
    deal_hands,
    seats_per_deal,
)
from texas42.errors import ArgumentTypeError, check_items
from texas42.rules import DECLARATIONS, Deal, Declaration, Domino, Seat

SOLVE_CHUNK = 8
"""(deal, declaration) tasks per parallel chunk (and per workspace) of the trump engine."""


@dataclass(frozen=True)
class BatchResult:
    """``points[i, j]``: the leader's team's points in deal i under declaration j."""

    points: np.ndarray
    nodes: np.ndarray


@dataclass(frozen=True)
class Trick:
    """One trick of a line of play: ``plays`` are (seat, domino) in playing order."""

    plays: tuple[tuple[Seat, Domino], ...]
    winner: Seat
    points: int


def solve_deal(deal: Deal, declaration: Declaration, leader: Seat = 0) -> int:
    """Double-dummy points of the leader's team, the leader leading the first trick.

    The hands may hold fewer than seven dominoes each (an end-game position)."""
    check_seat(leader)
    hands = deal_hands(deal)
    leaders = np.array([leader], dtype=np.int64)
    out, _ = _solve_batch(hands, [declaration], leaders, np.array([-1]), threads=1)
    team02 = int(out[0, 0])
    stake = rules.points_at_stake(sum(deal.masks))
    return team02 if leader % 2 == 0 else stake - team02


def solve_deals(
    hands: np.ndarray,
    declarations: Iterable[Declaration] = DECLARATIONS,
    leaders: Seat | Sequence[Seat] | np.ndarray = 0,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> BatchResult:
    """Solve many deals for several declarations in parallel.

    ``hands`` is an (n, 4) array of hand masks, seat 0 first. The results do not
    depend on ``threads`` (default: all cores). While the solves run, ``on_progress(k)``
    is called about ten times a second with the number ``k`` of solves finished since
    its previous call."""
    hands, lead = _batch_input(hands, leaders)
    out, nodes = _solve_batch(hands, declarations, lead, np.full(hands.shape[0], -1), threads, on_progress)
    odd = (lead % 2 == 1)[:, None]
    points = np.where(odd, _stakes(hands)[:, None] - out, out)
    return BatchResult(points=points, nodes=nodes)


def reaches(
    hands: np.ndarray,
    declarations: Iterable[Declaration],
    points: int,
    leaders: Seat | Sequence[Seat] | np.ndarray = 0,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """Whether the leader's team takes at least ``points`` (1..42), as a boolean (n,
    len(declarations)) array: one null-window search a solve, about five times faster
    than the exact values of ``solve_deals``. Same arguments and guarantees."""
    points = check_points(points)
    hands, lead = _batch_input(hands, leaders)
    odd = lead % 2 == 1
    # Seats 1/3 take at least ``points`` when seats 0/2 take at most stake - points.
    targets = np.maximum(np.where(odd, _stakes(hands) - points + 1, points), 0)
    out, _ = _solve_batch(hands, declarations, lead, targets, threads, on_progress)
    made: np.ndarray = (out == 1) != odd[:, None]
    return made


def solve_table(deal: Deal, threads: int | None = None) -> np.ndarray:
    """A (9, 4) table: points of the bidder's team for each declaration and bidder seat."""
    hands = np.repeat(deal_hands(deal), 4, axis=0)
    result = solve_deals(hands, DECLARATIONS, leaders=np.arange(4), threads=threads)
    return np.ascontiguousarray(result.points.T)


def principal_variation(deal: Deal, declaration: Declaration, leader: Seat = 0) -> list[Trick]:
    """An optimal line of play: at every turn, a play that keeps the double-dummy value
    (the highest-numbered such domino)."""
    check_seat(leader)
    k = running.line_kernels()
    line = np.zeros(28, dtype=np.int64)
    hands = deal_hands(deal)[0]
    declaration = checked_declaration(declaration)
    table = tables.trump_tables()[declaration.value]
    played = int(k.optimal_line(k.new_workspace(), hands, table, int(leader), line))
    if played < 0:  # pragma: no cover - the value is always kept by some play
        raise AssertionError("no play keeps the double-dummy value")
    tricks: list[Trick] = []
    seat = leader
    for start in range(0, played, 4):
        dominoes = [int(d) for d in line[start : start + 4]]
        plays = tuple(((seat + i) % 4, d) for i, d in enumerate(dominoes))
        seat = plays[rules.trick_winner(dominoes, declaration)][0]
        tricks.append(Trick(plays, seat, rules.trick_points(dominoes)))
    return tricks


def _batch_input(
    hands: np.ndarray, leaders: Seat | Sequence[Seat] | np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    hands = check_deal_array(hands)
    return hands, seats_per_deal(leaders, hands.shape[0], "leaders")


def _stakes(hands: np.ndarray) -> np.ndarray:
    """The points still to play for in each deal: a point a trick, and the count."""
    union = hands[:, 0] | hands[:, 1] | hands[:, 2] | hands[:, 3]
    count = 10 * np.bitwise_count(union & rules.TEN_COUNT) + 5 * np.bitwise_count(union & rules.FIVE_COUNT)
    stakes: np.ndarray = (np.bitwise_count(union) // 4 + count).astype(np.int64)
    return stakes


def _declaration_values(declarations: Iterable[Declaration]) -> np.ndarray:
    """The declarations' numbers: an iterable of declarations (or their names or numbers),
    never a single one, whose name's letters would be read as declarations."""
    what = "declarations are a list of declarations (such as [Declaration.FIVES])"
    if isinstance(declarations, str | Declaration):
        raise ArgumentTypeError(f"{what}, got {declarations!r}")
    check_items(declarations, what)
    return np.array([checked_declaration(d).value for d in declarations], dtype=np.int64)


def _solve_batch(
    hands: np.ndarray,
    declarations: Iterable[Declaration],
    leaders: np.ndarray,
    targets: np.ndarray,
    threads: int | None,
    on_progress: Callable[[int], None] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' batch: seats 0/2's points (targets -1), or whether they reach the
    target (1/0), for each deal and declaration; and the nodes searched."""
    check_progress(on_progress)
    decls = _declaration_values(declarations)
    out = np.zeros((hands.shape[0], decls.size), dtype=np.int64)
    nodes = np.zeros_like(out)
    done = np.zeros(-(-out.size // SOLVE_CHUNK), dtype=np.int64)
    if not out.size:
        return out, nodes
    k = running.trump_kernels()
    table = tables.trump_tables()
    targets64 = targets.astype(np.int64)

    def run() -> None:
        args = (hands, table, decls, leaders, targets64, out, nodes, SOLVE_CHUNK, done)
        running.in_threads(k.solve_batch, args, done.size, threads)

    if on_progress is None:
        run()
    else:
        running.reporting_progress(run, done, on_progress)
    return out, nodes
