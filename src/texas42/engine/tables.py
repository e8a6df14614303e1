"""The tables the kernels read, built once per process from the rules core: one row per
declaration for the trump engine, one per treatment of doubles for Nel-O, and each
domino's distance from 7 for sevens. See docs/engine.md#representation.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from texas42 import rules
from texas42.engine import _layout as L
from texas42.rules import COUNT, DECLARATIONS, TRUMP, Declaration, NelloDoubles


@cache
def trump_tables() -> np.ndarray:
    """Each declaration's table for the trump kernels (row ``declaration.value``)."""
    tables = np.zeros((len(DECLARATIONS), L.TABLE_SIZE), dtype=np.int64)
    for declaration in DECLARATIONS:
        _fill_trump_table(tables[declaration.value], declaration)
    return tables


def _fill_trump_table(t: np.ndarray, declaration: Declaration) -> None:
    for d in rules.DOMINOES:
        t[L.TAB_LEAD_SUIT + d] = rules.suit_led(d, declaration)
        t[L.TAB_COUNT + d] = COUNT[d]
    for suit in range(L.SUITS):
        t[L.TAB_SUIT + suit] = rules.suit_dominoes(suit, declaration)
        powers = t[L.TAB_POWER + suit * 28 : L.TAB_POWER + suit * 28 + 28]
        for d in rules.DOMINOES:
            if rules.is_trump(d, declaration):
                powers[d] = 16 + rules.rank(d, TRUMP, declaration)
            elif rules.follows(d, suit, declaration):
                powers[d] = 1 + rules.rank(d, suit, declaration)
            else:
                powers[d] = 0
        stronger = powers[None, :] > powers[:, None]  # [d, e]: e beats d
        t[L.TAB_BEATS + suit * 28 : L.TAB_BEATS + suit * 28 + 28] = stronger @ (1 << np.arange(28))
    t[L.TAB_TEN] = rules.TEN_COUNT
    t[L.TAB_FIVE] = rules.FIVE_COUNT
    trumps = sorted(rules.dominoes_in(declaration.trumps), key=lambda d: -rules.rank(d, TRUMP, declaration))
    t[L.TAB_TRUMP_ORDER : L.TAB_TRUMP_ORDER + 8] = [*trumps, *[-1] * (8 - len(trumps))]


@cache
def nello_table(doubles: NelloDoubles) -> np.ndarray:
    """The Nel-O table for one treatment of doubles."""
    t = np.zeros(L.NELLO_TABLE_SIZE, dtype=np.int64)
    suits_of = [0] * 28
    for d in rules.DOMINOES:
        t[L.NT_LEAD_SUIT + d] = rules.nello_suit_led(d, doubles)
    for suit in range(L.SUITS):
        members = rules.nello_suit_dominoes(suit, doubles)
        t[L.NT_SUIT + suit] = members
        order = sorted(rules.dominoes_in(members), key=lambda d: -rules.nello_rank(d, suit, doubles))
        t[L.NT_ORDER + 8 * suit : L.NT_ORDER + 8 * suit + 8] = [*order, *[-1] * (8 - len(order))]
        for d in order:
            t[L.NT_POWER + 28 * suit + d] = 2 + rules.nello_rank(d, suit, doubles)
            suits_of[d] += 1
    t[L.NT_SINGLE] = rules.mask_of(d for d in rules.DOMINOES if suits_of[d] == 1)
    return t


@cache
def sevens_distances() -> np.ndarray:
    """Each domino's distance from 7."""
    distances = np.array([rules.sevens_distance(d) for d in rules.DOMINOES], dtype=np.int64)
    return distances
