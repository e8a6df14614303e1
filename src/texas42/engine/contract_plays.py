"""Whether the bidder's contract is still made after each legal play, during a hand at
Nel-O or sevens, over a batch of deals solved in parallel: the counterpart of
``play_values`` for these two contracts. See docs/engine.md#play-values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from texas42 import rules
from texas42.engine import _layout as L
from texas42.engine import running, tables
from texas42.engine.inputs import check_progress, check_seat, check_sequence, integer_array
from texas42.engine.plays import ILLEGAL, PlayValues, check_hands, check_rows, check_trick, trick_shape
from texas42.errors import DealArrayError, EngineInputError
from texas42.rules import Domino, NelloDoubles, NelloTricks, Seat, SevensTricks

CONTRACT_PLAY_CHUNK = 8
"""Deals per parallel chunk (and per workspace) of the contracts' play values."""


def contract_play_values(
    hands: np.ndarray,
    contract: NelloTricks | SevensTricks,
    bidder: Seat,
    leader: Seat,
    trick: Sequence[Domino] = (),
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> PlayValues:
    """Whether the bidder's contract is made after each legal play of the seat to play,
    in each of many deals, at Nel-O or sevens (double-dummy).

    ``hands`` is an (n, 4) array of the dominoes each seat still holds (masks, seat 0
    first; at Nel-O the partner's hand is ignored); ``trick`` the dominoes played so far
    to the trick in progress, in order, the first led by ``leader`` (empty: ``leader`` is
    to lead). The seat to play is ``contract.players(leader)[len(trick)]``.
    ``values[i, d]`` is 1 if, after that seat plays d in deal i, the bidder's side makes
    the contract from the trick in progress on (its result included) with perfect play
    by every seat: at Nel-O the bidder takes none of the tricks left, at sevens the
    bidder's team takes all of them; else 0, and ``ILLEGAL`` where d is not a legal play.
    Tricks already played are the caller's business. The results do not depend on
    ``threads``; ``on_progress(k)`` is called as in ``play_values``, ``k`` deals finished."""
    check_seat(bidder, "the bidder")
    check_seat(leader)
    _check_contract(contract, bidder, leader)
    players = contract.players(leader)
    plays = check_trick(trick, len(players) - 1)
    check_progress(on_progress)
    hands = check_hands(hands, players, plays)
    position = _position(contract, bidder, leader, plays)
    positions = np.repeat(np.array([position], dtype=np.int64), hands.shape[0], axis=0)
    values, nodes = _solve(hands, contract, bidder, positions, threads, on_progress)
    return PlayValues(seat=players[len(plays)], values=values, nodes=nodes)


def position_contract_values(
    hands: np.ndarray,
    contract: NelloTricks | SevensTricks,
    bidder: Seat,
    leaders: Sequence[int] | np.ndarray,
    tricks: Sequence[Sequence[Domino]],
    threads: int | None = None,
) -> np.ndarray:
    """``contract_play_values`` of many positions at once, each row its own: ``hands[i]``
    the dominoes each seat still holds, ``tricks[i]`` the dominoes played to the trick in
    progress, the first led by ``leaders[i]``. ``values[i, d]`` as there; all rows are
    solved as one parallel batch (what the playouts of Nel-O and sevens ask at a turn of
    all their games), and the values do not depend on ``threads``."""
    check_seat(bidder, "the bidder")
    hands = integer_array(hands, "positions need an (n, 4) integer array of hands")
    leaders, tricks = list(check_sequence(leaders, "leaders")), list(check_sequence(tricks, "tricks"))
    n = hands.shape[0] if hands.ndim == 2 else -1
    if hands.ndim != 2 or hands.shape[1] != 4 or len(leaders) != n or len(tricks) != n:
        raise DealArrayError("positions need an (n, 4) array of hands, n leaders and n tricks")
    known: dict[tuple[int, tuple[Domino, ...]], int] = {}
    rows = np.empty(n, dtype=np.int64)
    for i, (leader, trick) in enumerate(zip(leaders, tricks, strict=True)):
        check_seat(leader)
        key = (int(leader), check_trick(trick, 3))
        if key not in known:
            known[key] = len(known)
        rows[i] = known[key]
    states, shapes = [], []
    for leader, trick in known:
        _check_contract(contract, bidder, leader)
        players = contract.players(leader)
        plays = check_trick(trick, len(players) - 1)
        states.append(_position(contract, bidder, leader, plays))
        shapes.append(trick_shape(players, plays))
    if n:
        check_rows(hands, np.array(shapes, dtype=np.int64)[rows])
    positions = np.array(states, dtype=np.int64).reshape(-1, 5)[rows]
    return _solve(hands, contract, bidder, positions, threads, None)[0]


def _solve(
    hands: np.ndarray,
    contract: NelloTricks | SevensTricks,
    bidder: Seat,
    positions: np.ndarray,
    threads: int | None,
    on_progress: Callable[[int], None] | None,
) -> tuple[np.ndarray, np.ndarray]:
    """The values (``ILLEGAL`` where not legal) and node counts of checked rows."""
    n = hands.shape[0]
    out = np.zeros((n, len(rules.DOMINOES)), dtype=np.int64)
    nodes = np.zeros(n, dtype=np.int64)
    done = np.zeros(-(-n // CONTRACT_PLAY_CHUNK), dtype=np.int64)
    if n:
        kernels = running.contract_play_kernels()
        if isinstance(contract, NelloTricks):
            kernel = kernels.nello_values_batch
            active = np.ascontiguousarray(hands[:, list(rules.nello_seats(bidder))])
            inputs = (active, tables.nello_table(NelloDoubles(contract.doubles)))
        else:
            kernel = kernels.sevens_values_batch
            inputs = (hands, tables.sevens_distances())

        def run() -> None:
            batch = (*inputs, positions, out, nodes, CONTRACT_PLAY_CHUNK, done)
            running.in_threads(kernel, batch, done.size, threads)

        if on_progress is None:
            run()
        else:
            running.reporting_progress(run, done, on_progress)
    return np.where(out >= 0, out, ILLEGAL), nodes


def _position(
    contract: NelloTricks | SevensTricks, bidder: Seat, leader: Seat, trick: tuple[Domino, ...]
) -> tuple[int, int, int, int, int]:
    """A row of the kernels' positions. Nel-O: the kernel seat to play (0 the bidder, 1
    and 2 the left and right opponents), its place in the trick, the suit led, the kernel
    seat holding the trick and its strength. Sevens: the seat to play, its place, the
    seat holding the trick, its distance from 7 and the bidder's team (0: seats 0/2)."""
    if isinstance(contract, NelloTricks):
        seats = rules.nello_seats(bidder)
        table = tables.nello_table(NelloDoubles(contract.doubles))
        first = seats.index(leader)
        suit = win_seat = win_power = 0
        for j, d in enumerate(trick):
            if j == 0:
                suit = int(table[L.NT_LEAD_SUIT + d])
            power = int(table[L.NT_POWER + suit * L.DOMINOES + d])
            if power > win_power:
                win_seat, win_power = (first + j) % 3, power
        return (first + len(trick)) % 3, len(trick), suit, win_seat, win_power
    distance = tables.sevens_distances()
    win_seat = win_distance = 0
    for j, d in enumerate(trick):
        if j == 0 or distance[d] < win_distance:
            win_seat, win_distance = (leader + j) % 4, int(distance[d])
    return (leader + len(trick)) % 4, len(trick), win_seat, win_distance, bidder % 2


def _check_contract(contract: object, bidder: Seat, leader: Seat) -> None:
    """Nel-O or sevens; at Nel-O the contract's bidder is ``bidder``, its doubles a
    treatment, and the partner, who sits out, does not lead."""
    if isinstance(contract, SevensTricks):
        return
    if not isinstance(contract, NelloTricks):
        raise EngineInputError(f"contract play values are for Nel-O and sevens only, got {contract!r}")
    if contract.bidder != bidder:
        raise EngineInputError(
            f"the bidder is seat {bidder}, but the Nel-O contract's is {contract.bidder!r}"
        )
    try:
        NelloDoubles(contract.doubles)
    except ValueError as error:
        raise EngineInputError(str(error)) from error
    partner = (bidder + 2) % 4
    if leader == partner:
        raise EngineInputError(f"at Nel-O the bidder's partner (seat {partner}) sits out and never leads")
