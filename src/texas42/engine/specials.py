"""The special contracts' entry points: Nel-O and sevens. (Plunge and splash are played
with a trump: ``solve_deals`` solves them, the partner leading.)
See docs/engine.md#nel-o and #sevens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from texas42.engine import running, tables
from texas42.engine.inputs import check_deal_array, check_seat, deal_hands, seats_per_deal
from texas42.errors import EngineInputError, check_kind
from texas42.rules import Deal, NelloDoubles, Seat

SPECIAL_CHUNK = 16
"""Deals per parallel chunk (and per workspace) of the special contracts' kernels."""


@dataclass(frozen=True)
class SpecialResult:
    """``values[i]``: deal i's value under a special contract (see the solving function);
    ``nodes[i]``: the positions searched for it."""

    values: np.ndarray
    nodes: np.ndarray


def solve_nello(
    hands: np.ndarray,
    bidders: Seat | Sequence[Seat] | np.ndarray = 0,
    doubles: NelloDoubles = NelloDoubles.OWN_SUIT,
    threads: int | None = None,
) -> SpecialResult:
    """Nel-O, double-dummy: ``values[i]`` is 1 if the bidder of deal i, leading, can lose
    every trick, else 0. The bidder's partner sits out (that hand is ignored). ``hands``
    is an (n, 4) array of hand masks, seat 0 first; the results do not depend on ``threads``."""
    hands = check_deal_array(hands)
    n = hands.shape[0]
    bidder = seats_per_deal(bidders, n, "bidders")
    try:
        table = tables.nello_table(NelloDoubles(doubles))
    except ValueError as error:
        raise EngineInputError(str(error)) from error
    rows = np.arange(n)
    active = np.ascontiguousarray(
        np.stack([hands[rows, (bidder + offset) % 4] for offset in (0, 1, 3)], axis=1)
    )
    values = np.zeros(n, dtype=np.int64)
    nodes = np.zeros(n, dtype=np.int64)
    if n:
        k = running.nello_kernels()
        chunks = -(-n // SPECIAL_CHUNK)
        running.in_threads(k.nello_batch, (active, table, values, nodes, SPECIAL_CHUNK), chunks, threads)
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
    check_kind(contract_only, bool, "contract_only is True or False")
    hands = check_deal_array(hands)
    n = hands.shape[0]
    lead = seats_per_deal(leaders, n, "leaders")
    team02 = np.zeros(n, dtype=np.int64)
    nodes = np.zeros(n, dtype=np.int64)
    if n:
        k = running.sevens_kernels()
        args = (hands, lead, tables.sevens_distances(), int(contract_only), team02, nodes, SPECIAL_CHUNK)
        running.in_threads(k.sevens_batch, args, -(-n // SPECIAL_CHUNK), threads)
    if contract_only:
        return SpecialResult(values=team02, nodes=nodes)
    tricks = np.bitwise_count(hands[:, 0]).astype(np.int64)
    values = np.where(lead % 2 == 0, team02, tricks - team02)
    return SpecialResult(values=values, nodes=nodes)


def nello_value(deal: Deal, bidder: Seat = 0, doubles: NelloDoubles = NelloDoubles.OWN_SUIT) -> int:
    """1 if the bidder, leading, can lose every trick of the deal at Nel-O, else 0."""
    check_seat(bidder, "the bidder")
    return int(solve_nello(deal_hands(deal), bidder, doubles, threads=1).values[0])


def sevens_value(deal: Deal, leader: Seat = 0) -> int:
    """The tricks the leader's team takes at sevens, the leader leading."""
    check_seat(leader)
    return int(solve_sevens(deal_hands(deal), leader, threads=1).values[0])
