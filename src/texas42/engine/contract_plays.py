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
from texas42.engine.inputs import check_seat
from texas42.engine.plays import ILLEGAL, PlayValues, check_hands, check_trick
from texas42.errors import EngineInputError
from texas42.rules import Domino, NelloDoubles, NelloTricks, Seat, SevensTricks

CONTRACT_PLAY_CHUNK = 8
"""Deals per parallel chunk (and per workspace) of the contracts' play values."""

Kernel = Callable[..., None]


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
    hands = check_hands(hands, players, plays)
    n = hands.shape[0]
    out = np.zeros((n, len(rules.DOMINOES)), dtype=np.int64)
    nodes = np.zeros(n, dtype=np.int64)
    done = np.zeros(-(-n // CONTRACT_PLAY_CHUNK), dtype=np.int64)
    if n:
        if isinstance(contract, NelloTricks):
            kernel, args = _nello_inputs(hands, contract, leader, plays)
        else:
            kernel, args = _sevens_inputs(hands, bidder, leader, plays)

        def run() -> None:
            running.in_threads(kernel, (*args, out, nodes, CONTRACT_PLAY_CHUNK, done), done.size, threads)

        if on_progress is None:
            run()
        else:
            running.reporting_progress(run, done, on_progress)
    values = np.where(out >= 0, out, ILLEGAL)
    return PlayValues(seat=players[len(plays)], values=values, nodes=nodes)


def _nello_inputs(
    hands: np.ndarray, contract: NelloTricks, leader: Seat, trick: tuple[Domino, ...]
) -> tuple[Kernel, tuple[object, ...]]:
    """The Nel-O kernel and its inputs: the hands of the bidder and the left and right
    opponents (the kernel's seats 0, 1, 2), the table of the doubles' treatment, the
    kernel seat to play, and the trick in progress (suit led, who holds it, how strongly)."""
    seats = rules.nello_seats(contract.bidder)
    active = np.ascontiguousarray(hands[:, list(seats)])
    table = tables.nello_table(NelloDoubles(contract.doubles))
    first = seats.index(leader)
    suit = win_seat = win_power = 0
    for j, d in enumerate(trick):
        if j == 0:
            suit = int(table[L.NT_LEAD_SUIT + d])
        power = int(table[L.NT_POWER + suit * L.DOMINOES + d])
        if power > win_power:
            win_seat, win_power = (first + j) % 3, power
    seat = (first + len(trick)) % 3
    kernel = running.contract_play_kernels().nello_values_batch
    return kernel, (active, table, seat, len(trick), suit, win_seat, win_power)


def _sevens_inputs(
    hands: np.ndarray, bidder: Seat, leader: Seat, trick: tuple[Domino, ...]
) -> tuple[Kernel, tuple[object, ...]]:
    """The sevens kernel and its inputs: the hands, each domino's distance from 7, the
    seat to play, the trick in progress (who holds it, how close to 7) and the bidder's
    team (0: seats 0/2, 1: seats 1/3)."""
    distance = tables.sevens_distances()
    win_seat = win_distance = 0
    for j, d in enumerate(trick):
        if j == 0 or distance[d] < win_distance:
            win_seat, win_distance = (leader + j) % 4, int(distance[d])
    seat = (leader + len(trick)) % 4
    kernel = running.contract_play_kernels().sevens_values_batch
    return kernel, (hands, distance, seat, len(trick), win_seat, win_distance, bidder % 2)


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
