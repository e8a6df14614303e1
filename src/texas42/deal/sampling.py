"""Random deals around a known hand: seat 0's seven dominoes fixed, the other 21 dealt.

Sampling is done with a seeded numpy ``Generator`` in the calling thread, so the deals
(and everything solved from them) depend only on the seed, never on the thread count.
"""

from __future__ import annotations

import secrets
from typing import Final

import numpy as np

from texas42 import rules
from texas42.errors import AnalysisError, HandSizeError, check_kind, check_whole
from texas42.rules import HAND_SIZE, Hand

MAX_SEED = 2**63 - 1
"""Seeds run from 0 to this (numpy takes any non-negative int; we keep them printable)."""

MAX_DEALS: Final = 1_000_000
"""The most deals one call deals, and one analysis, advice or listing takes (enough to
list every deal that fits a hand in play from the third trick on; memory and time stay
bounded)."""


def draw_seed() -> int:
    """A fresh random seed to print, so that any run can be repeated with ``--seed``."""
    return secrets.randbelow(10**9)


def check_seed(seed: object) -> int:
    """``seed`` if it lies in 0..``MAX_SEED``, else an ``AnalysisError``."""
    seed = check_whole(seed, AnalysisError, "a seed")
    if not 0 <= seed <= MAX_SEED:
        raise AnalysisError(f"a seed runs from 0 to {MAX_SEED}, got {seed}")
    return seed


def check_deal_count(n: object, what: str = "n (the number of deals)", least: int = 0) -> int:
    """``n`` as an int if it is a whole number from ``least`` to ``MAX_DEALS``, else an
    ``AnalysisError`` naming ``what`` (an ``ArgumentTypeError`` if it is no number)."""
    n = check_whole(n, AnalysisError, what)
    if n < least:
        raise AnalysisError(f"{what} must be at least {least}, got {n}")
    if n > MAX_DEALS:
        raise AnalysisError(f"{what} must be at most {MAX_DEALS:,}, got {n:,}")
    return n


def check_rng(rng: object) -> None:
    """An ``ArgumentTypeError`` unless ``rng`` is a numpy ``Generator``."""
    check_kind(rng, np.random.Generator, "rng is a numpy Generator (np.random.default_rng(seed))")


def check_hand(hand: object) -> None:
    """An ``ArgumentTypeError`` unless ``hand`` is a ``Hand``."""
    check_kind(hand, Hand, "hand is a Hand (rules.parse_hand makes one)")


def generators(seed: int, count: int = 2) -> list[np.random.Generator]:
    """``count`` independent generators derived from one seed (``SeedSequence.spawn``),
    at most ``MAX_DEALS`` (one a deal).

    The first deals the main sample, the second an independent check sample."""
    check_seed(seed)
    count = check_deal_count(count, "count (the number of generators)")
    return [
        np.random.Generator(np.random.PCG64(child)) for child in np.random.SeedSequence(seed).spawn(count)
    ]


def unseen_dominoes(hand: Hand) -> np.ndarray:
    """The 21 dominoes not in ``hand``, lowest first."""
    check_hand(hand)
    return np.array([d for d in rules.DOMINOES if d not in hand], dtype=np.int64)


def sample_deals(hand: Hand, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` deals as an (n, 4) int64 array of hand masks: seat 0 holds ``hand`` and the
    21 unseen dominoes are dealt uniformly at random, 7 to each of seats 1, 2 and 3."""
    check_hand(hand)
    if len(hand) != HAND_SIZE:
        raise HandSizeError(f"a hand needs {HAND_SIZE} dominoes, got {len(hand)}: {hand}")
    n = check_deal_count(n)
    check_rng(rng)
    rest = unseen_dominoes(hand)
    # Each row is an independent uniform permutation of the 21 unseen dominoes.
    order = rng.permuted(np.broadcast_to(rest, (n, rest.size)), axis=1)
    bits = np.left_shift(np.int64(1), order)
    deals = np.empty((n, 4), dtype=np.int64)
    deals[:, 0] = hand.mask
    for seat in (1, 2, 3):
        deals[:, seat] = bits[:, (seat - 1) * HAND_SIZE : seat * HAND_SIZE].sum(axis=1)
    return deals
