"""The double-dummy engine: typed, validating wrappers around the Numba kernels."""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from types import ModuleType

import numpy as np

from texas42 import rules
from texas42.rules import COUNT, DECLARATIONS, TRUMP, Deal, Declaration, Domino, NelloDoubles, Seat

_compiling_told = threading.Event()


def _tell_compiling() -> None:
    if not _compiling_told.is_set():
        _compiling_told.set()
        message = "texas42: compiling the solvers (first run only, about a minute)..."
        print(message, file=sys.stderr, flush=True)


def _import_compiling(name: str) -> ModuleType:
    """Import a kernel module, telling the user (once) when the first run compiles it."""
    notice = threading.Timer(1.0, _tell_compiling)
    notice.start()
    try:
        return importlib.import_module(name)
    finally:
        notice.cancel()


@cache
def _kernels() -> ModuleType:
    """The trump engine's kernels."""
    return _import_compiling("texas42._kernels")


@cache
def _tables() -> np.ndarray:
    """Each declaration's tables for the kernels, derived from the rules core."""
    k = _kernels()
    tables = np.zeros((len(DECLARATIONS), k.TABLE_SIZE), dtype=np.int64)
    for declaration in DECLARATIONS:
        t = tables[declaration.value]
        for d in rules.DOMINOES:
            t[k.TAB_LEAD_SUIT + d] = rules.suit_led(d, declaration)
            t[k.TAB_COUNT + d] = COUNT[d]
        for suit in range(8):
            t[k.TAB_SUIT + suit] = rules.suit_dominoes(suit, declaration)
            for d in rules.DOMINOES:
                if rules.is_trump(d, declaration):
                    power = 16 + rules.rank(d, TRUMP, declaration)
                elif rules.follows(d, suit, declaration):
                    power = 1 + rules.rank(d, suit, declaration)
                else:
                    power = 0
                t[k.TAB_POWER + suit * 28 + d] = power
            powers = t[k.TAB_POWER + suit * 28 : k.TAB_POWER + suit * 28 + 28]
            stronger = powers[None, :] > powers[:, None]  # [d, e]: e beats d
            t[k.TAB_BEATS + suit * 28 : k.TAB_BEATS + suit * 28 + 28] = stronger @ (1 << np.arange(28))
        t[k.TAB_TEN] = rules.TEN_COUNT
        t[k.TAB_FIVE] = rules.FIVE_COUNT
        trumps = sorted(
            rules.dominoes_in(declaration.trumps), key=lambda d: -rules.rank(d, TRUMP, declaration)
        )
        t[k.TAB_TRUMP_ORDER : k.TAB_TRUMP_ORDER + 8] = [*trumps, *[-1] * (8 - len(trumps))]
    return tables


def _check_leader(leader: int) -> None:
    if leader not in rules.SEATS:
        raise ValueError(f"the leader must be a seat 0..3, got {leader}")


def _team_points(team02: int, leader: Seat, stake: int) -> int:
    return team02 if leader % 2 == 0 else stake - team02


def solve_deal(deal: Deal, declaration: Declaration, leader: Seat = 0) -> int:
    """Double-dummy points of the leader's team, the leader leading the first trick.

    The hands may hold fewer than seven dominoes each (an end-game position)."""
    _check_leader(leader)
    k = _kernels()
    hands = np.array(deal.masks, dtype=np.int64)
    team02 = k.solve_one(k.new_workspace(), hands, _tables()[declaration.value], leader)
    return _team_points(int(team02), leader, rules.points_at_stake(sum(deal.masks)))


@dataclass(frozen=True)
class BatchResult:
    """``points[i, j]``: the leader's team's points in deal i under declaration j."""

    points: np.ndarray
    nodes: np.ndarray


def check_deal_array(hands: np.ndarray) -> np.ndarray:
    """Validate an (n, 4) array of hand masks; return it as contiguous int64."""
    hands = np.ascontiguousarray(hands, dtype=np.int64)
    if hands.ndim != 2 or hands.shape[1] != 4:
        raise ValueError(f"deals must be an (n, 4) array of hand masks, got shape {hands.shape}")
    if np.any(hands < 0) or np.any(hands > rules.ALL_DOMINOES):
        raise ValueError("a hand mask is outside the 28 dominoes")
    sizes = np.bitwise_count(hands)
    if np.any(sizes != sizes[:, :1]) or np.any(sizes[:, 0] < 1) or np.any(sizes[:, 0] > rules.HAND_SIZE):
        raise ValueError("each deal needs four hands of the same size, 1 to 7 dominoes")
    union = hands[:, 0] | hands[:, 1] | hands[:, 2] | hands[:, 3]
    if np.any(np.bitwise_count(union) != sizes.sum(axis=1)):
        raise ValueError("a domino is in two hands of the same deal")
    return hands


def _seats(seats: Seat | Sequence[Seat] | np.ndarray, n: int, what: str) -> np.ndarray:
    """One seat per deal, checked: a single seat is used for every deal."""
    array = np.broadcast_to(np.asarray(seats, dtype=np.int64), (n,)).copy()
    if np.any((array < 0) | (array > 3)):
        raise ValueError(f"{what} must be seats 0..3")
    return array


@contextmanager
def _threads(threads: int | None) -> Iterator[None]:
    """Run parallel kernels on ``threads`` threads (default: all), one iteration a chunk."""
    import numba

    previous_threads = numba.get_num_threads()
    if threads is not None:
        numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))  # type: ignore[attr-defined]
    previous_chunk = numba.set_parallel_chunksize(1)
    try:
        yield
    finally:
        numba.set_parallel_chunksize(previous_chunk)
        numba.set_num_threads(previous_threads)


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
    if isinstance(points, bool) or not isinstance(points, int) or not 1 <= points <= rules.TOTAL_POINTS:
        raise ValueError(f"points must be an integer in 1..{rules.TOTAL_POINTS}, got {points!r}")
    hands, lead = _batch_input(hands, leaders)
    odd = lead % 2 == 1
    # Seats 1/3 take at least ``points`` when seats 0/2 take at most stake - points.
    targets = np.maximum(np.where(odd, _stakes(hands) - points + 1, points), 0)
    out, _ = _solve_batch(hands, declarations, lead, targets, threads, on_progress)
    made: np.ndarray = (out == 1) != odd[:, None]
    return made


def _batch_input(
    hands: np.ndarray, leaders: Seat | Sequence[Seat] | np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    hands = check_deal_array(hands)
    return hands, _seats(leaders, hands.shape[0], "leaders")


def _stakes(hands: np.ndarray) -> np.ndarray:
    """The points still to play for in each deal: a point a trick, and the count."""
    union = hands[:, 0] | hands[:, 1] | hands[:, 2] | hands[:, 3]
    count = 10 * np.bitwise_count(union & rules.TEN_COUNT) + 5 * np.bitwise_count(union & rules.FIVE_COUNT)
    stakes: np.ndarray = (np.bitwise_count(union) // 4 + count).astype(np.int64)
    return stakes


SOLVE_CHUNK = 8
"""(deal, declaration) tasks per parallel chunk (and per workspace) of the trump engine."""


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
    k = _kernels()
    decls = np.array([Declaration(d).value for d in declarations], dtype=np.int64)
    out = np.zeros((hands.shape[0], decls.size), dtype=np.int64)
    nodes = np.zeros_like(out)
    done = np.zeros(-(-out.size // SOLVE_CHUNK), dtype=np.int64)

    def run() -> None:
        with _threads(threads):
            targets64 = targets.astype(np.int64)
            k.solve_batch(hands, _tables(), decls, leaders, targets64, out, nodes, SOLVE_CHUNK, done)

    if out.size:
        if on_progress is None:
            run()
        else:
            _reporting_progress(run, done, on_progress)
    return out, nodes


def _reporting_progress(
    run: Callable[[], None], done: np.ndarray, on_progress: Callable[[int], None]
) -> None:
    """Call ``run()`` on a worker thread (the kernels release the GIL) and meanwhile report
    the growth of ``sum(done)``, which the kernel counts up, to ``on_progress``. One call
    for the whole sample, rather than batches, leaves no core idle waiting for the
    slowest chunk of each batch."""
    errors: list[BaseException] = []

    def work() -> None:
        try:
            run()
        except BaseException as error:  # re-raised in the calling thread
            errors.append(error)

    worker = threading.Thread(target=work, name="texas42-solver", daemon=True)
    worker.start()
    reported = 0
    alive = True
    while alive:
        worker.join(0.1)
        alive = worker.is_alive()  # before counting: once it has ended, every task is counted
        finished = int(done.sum())
        if finished > reported:
            on_progress(finished - reported)
            reported = finished
    if errors:
        raise errors[0]


def solve_table(deal: Deal, threads: int | None = None) -> np.ndarray:
    """A (9, 4) table: points of the bidder's team for each declaration and bidder seat."""
    hands = np.array([deal.masks] * 4, dtype=np.int64)
    result = solve_deals(hands, DECLARATIONS, leaders=np.arange(4), threads=threads)
    return np.ascontiguousarray(result.points.T)


@dataclass(frozen=True)
class Trick:
    """One trick of a line of play: ``plays`` are (seat, domino) in playing order."""

    plays: tuple[tuple[Seat, Domino], ...]
    winner: Seat
    points: int


def principal_variation(deal: Deal, declaration: Declaration, leader: Seat = 0) -> list[Trick]:
    """An optimal line of play: at every turn, a play that keeps the double-dummy value."""
    _check_leader(leader)
    k = _kernels()
    W = k.new_workspace()
    W[k.TAB : k.TAB + k.TABLE_SIZE] = _tables()[declaration.value]
    W[k.GEN] = 1
    hands = list(deal.masks)
    W[k.HANDS : k.HANDS + 4] = hands
    target = int(k.exact_value(W, leader, 0, 0, 0, 0, 0))
    power = _tables()[declaration.value][k.TAB_POWER : k.TAB_POWER + 8 * 28].reshape(8, 28)
    tricks: list[Trick] = []
    seat = leader
    while hands[seat]:
        plays: list[tuple[Seat, Domino]] = []
        suit = win_seat = win_power = points = 0
        for pos in range(4):
            led = plays[0][1] if plays else None
            legal = rules.legal_plays(hands[seat], led, declaration)
            for d in sorted(rules.dominoes_in(legal), reverse=True):
                s = rules.suit_led(d, declaration) if pos == 0 else suit
                p = int(power[s, d])
                ws, wp = (seat, p) if pos == 0 or p > win_power else (win_seat, win_power)
                trick = points + COUNT[d] + (1 if pos == 0 else 0)
                W[k.HANDS + seat] = hands[seat] & ~(1 << d)
                if pos < 3:
                    value = int(k.exact_value(W, (seat + 1) % 4, pos + 1, s, ws, wp, trick))
                else:
                    gain = trick if ws % 2 == 0 else 0
                    value = gain + int(k.exact_value(W, ws, 0, 0, 0, 0, 0))
                if value == target:
                    break
                W[k.HANDS + seat] = hands[seat]
            else:  # pragma: no cover - the value is always kept by some play
                raise AssertionError("no play keeps the double-dummy value")
            hands[seat] &= ~(1 << d)
            plays.append((seat, d))
            suit, win_seat, win_power, points = s, ws, wp, trick
            seat = (seat + 1) % 4
        winner = plays[rules.trick_winner([d for _, d in plays], declaration)][0]
        assert winner == win_seat
        tricks.append(Trick(tuple(plays), winner, points))
        target -= points if winner % 2 == 0 else 0
        seat = winner
    return tricks


# --- Special contracts: Nel-O and sevens ------------------------------------------------
# (Plunge and splash are played with a trump: solve_deals solves them, the partner leading.)


@cache
def _special_kernels() -> ModuleType:
    """The Nel-O and sevens kernels."""
    return _import_compiling("texas42._special_kernels")


@cache
def _nello_table(doubles: NelloDoubles) -> np.ndarray:
    """The Nel-O table for one treatment of doubles, derived from the rules core."""
    k = _special_kernels()
    t = np.zeros(k.NELLO_TABLE_SIZE, dtype=np.int64)
    suits_of = [0] * 28
    for d in rules.DOMINOES:
        t[k.NT_LEAD_SUIT + d] = rules.nello_suit_led(d, doubles)
    for suit in range(8):
        members = rules.nello_suit_dominoes(suit, doubles)
        t[k.NT_SUIT + suit] = members
        order = sorted(rules.dominoes_in(members), key=lambda d: -rules.nello_rank(d, suit, doubles))
        t[k.NT_ORDER + 8 * suit : k.NT_ORDER + 8 * suit + 8] = [*order, *[-1] * (8 - len(order))]
        for d in order:
            t[k.NT_POWER + 28 * suit + d] = 2 + rules.nello_rank(d, suit, doubles)
            suits_of[d] += 1
    t[k.NT_SINGLE] = rules.mask_of(d for d in rules.DOMINOES if suits_of[d] == 1)
    return t


@cache
def _sevens_distances() -> np.ndarray:
    return np.array([rules.sevens_distance(d) for d in rules.DOMINOES], dtype=np.int64)


@dataclass(frozen=True)
class SpecialResult:
    """``values[i]``: deal i's value under a special contract (see the solving function);
    ``nodes[i]``: the positions searched for it."""

    values: np.ndarray
    nodes: np.ndarray


SPECIAL_CHUNK = 16
"""Deals per parallel chunk (and per workspace) of the special contracts' kernels."""


def solve_nello(
    hands: np.ndarray,
    bidders: Seat | Sequence[Seat] | np.ndarray = 0,
    doubles: NelloDoubles = NelloDoubles.OWN_SUIT,
    threads: int | None = None,
) -> SpecialResult:
    """Nel-O, double-dummy: ``values[i]`` is 1 if the bidder of deal i, leading, can lose
    every trick, else 0. The bidder's partner sits out (that hand is ignored). ``hands``
    is an (n, 4) array of hand masks, seat 0 first; the results do not depend on ``threads``."""
    k = _special_kernels()
    hands = check_deal_array(hands)
    n = hands.shape[0]
    bidder = _seats(bidders, n, "bidders")
    rows = np.arange(n)
    active = np.ascontiguousarray(
        np.stack([hands[rows, (bidder + offset) % 4] for offset in (0, 1, 3)], axis=1)
    )
    values = np.zeros(n, dtype=np.int64)
    nodes = np.zeros(n, dtype=np.int64)
    if n:
        with _threads(threads):
            k.nello_batch(active, _nello_table(NelloDoubles(doubles)), values, nodes, SPECIAL_CHUNK)
    return SpecialResult(values=values, nodes=nodes)


def solve_sevens(
    hands: np.ndarray,
    leaders: Seat | Sequence[Seat] | np.ndarray = 0,
    threads: int | None = None,
    contract_only: bool = False,
) -> SpecialResult:
    """Sevens, double-dummy: ``values[i]`` is the number of tricks the leader's team of
    deal i takes with perfect play; with ``contract_only``, 1 if it takes every trick
    (the contract), else 0, which is found faster. ``hands`` is an (n, 4) array of hand
    masks, seat 0 first; the results do not depend on ``threads``."""
    k = _special_kernels()
    hands = check_deal_array(hands)
    n = hands.shape[0]
    lead = _seats(leaders, n, "leaders")
    team02 = np.zeros(n, dtype=np.int64)
    nodes = np.zeros(n, dtype=np.int64)
    if n:
        with _threads(threads):
            k.sevens_batch(hands, lead, _sevens_distances(), int(contract_only), team02, nodes, SPECIAL_CHUNK)
    if contract_only:
        return SpecialResult(values=team02, nodes=nodes)
    tricks = np.bitwise_count(hands[:, 0]).astype(np.int64)
    values = np.where(lead % 2 == 0, team02, tricks - team02)
    return SpecialResult(values=values, nodes=nodes)


def nello_value(deal: Deal, bidder: Seat = 0, doubles: NelloDoubles = NelloDoubles.OWN_SUIT) -> int:
    """1 if the bidder, leading, can lose every trick of the deal at Nel-O, else 0."""
    _check_leader(bidder)
    return int(solve_nello(np.array([deal.masks]), bidder, doubles, threads=1).values[0])


def sevens_value(deal: Deal, leader: Seat = 0) -> int:
    """The tricks the leader's team takes at sevens, the leader leading."""
    _check_leader(leader)
    return int(solve_sevens(np.array([deal.masks]), leader, threads=1).values[0])
