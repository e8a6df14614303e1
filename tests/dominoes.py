"""Dominoes, hands and random deals written briefly, for the tests."""

from __future__ import annotations

import numpy as np

from texas42 import rules
from texas42.rules import parse_domino


def d(name: str) -> int:
    return parse_domino(name)


def ds(names: str) -> list[int]:
    return [d(n) for n in names.split()]


def mask(names: str) -> int:
    return rules.mask_of(ds(names))


def random_hands(rng: np.random.Generator, size: int) -> np.ndarray:
    """Four disjoint random hands of ``size`` dominoes as masks, seat 0 first."""
    order = rng.permutation(28)
    return np.array(
        [rules.mask_of(int(x) for x in order[size * seat : size * (seat + 1)]) for seat in range(4)],
        dtype=np.int64,
    )
