"""The features of a hand for each declaration, for many hands at once (numpy only).

Every declaration sees the hand through its own order of the 28 dominoes: first its
seven trumps by power (for a pip suit its double, then the other end from 6 down; for
doubles, 6-6 down to 0-0; for follow-me, which has no trumps, the seven doubles, each
the top of its suit), then the other 21, a pip suit's six off pips renamed by rank
(the highest becomes 5, the lowest 0) so that every pip suit looks the same: what
differs between pip suits is only where the count lies, which the count features say.
After the 28 bits: the kind of declaration (pip suit, doubles, follow-me), the five
count dominoes held and which of them are trumps, then the number of trumps, the
unbroken run of top trumps (of doubles for follow-me), the off doubles, the off suits
held and void, the longest off suit, the count held and off trump, and the doubles.
"""

from __future__ import annotations

from functools import cache
from typing import Final

import numpy as np

from texas42.rules import COUNT, DECLARATIONS, HIGH_END, LOW_END, Declaration, domino, overtakers

COUNT_DOMINOES: Final = (domino(5, 5), domino(6, 4), domino(5, 0), domino(4, 1), domino(3, 2))
"""The five count dominoes, the 10-counts first."""


def declaration_order(declaration: Declaration) -> tuple[int, ...]:
    """The 28 dominoes as ``declaration`` sees them: its seven trumps (or doubles) by
    power, then the other 21 in an order that is the same for every pip suit."""
    if declaration >= Declaration.DOUBLES:
        top = [domino(p, p) for p in range(6, -1, -1)]
        rest = [d for d in range(28) if HIGH_END[d] != LOW_END[d]]
        return (*top, *rest)
    t = int(declaration)
    top = [domino(t, t)] + [domino(t, p) for p in range(6, -1, -1) if p != t]
    rank = {p: r for r, p in enumerate(p for p in range(7) if p != t)}
    rest = sorted(
        (d for d in range(28) if t not in (HIGH_END[d], LOW_END[d])),
        key=lambda d: domino(rank[HIGH_END[d]], rank[LOW_END[d]]),
    )
    return (*top, *rest)


ORDERS: Final = np.array([declaration_order(d) for d in DECLARATIONS], dtype=np.intp)
"""ORDERS[k]: the 28 dominoes in declaration k's order (7 at the top, 21 others)."""

_TRUMP: Final = np.array([[d.trumps >> x & 1 for x in range(28)] for d in DECLARATIONS], dtype=np.float64)
"""_TRUMP[k, d]: 1 if domino d is a trump of declaration k."""
_DOUBLE: Final = np.array([float(HIGH_END[x] == LOW_END[x]) for x in range(28)])
_COUNT: Final = np.array(COUNT, dtype=np.float64)

FEATURES: Final = 50
"""The length of a feature vector: 28 bits, 3 for the kind, 10 for the count, 9 more."""
_RUN, _OFF_SUITS, _VOIDS, _LONGEST = 42, 44, 45, 46
"""The features that are not linear in the hand's bits."""


def _linear_part() -> tuple[np.ndarray, np.ndarray]:
    """``(A, c)``: the features linear in the hand's bits are ``bits @ A + c``, A of
    shape (28, 9 * FEATURES) and c (9 * FEATURES,); the others are left 0 there."""
    a = np.zeros((28, len(DECLARATIONS), FEATURES))
    c = np.zeros((len(DECLARATIONS), FEATURES))
    for k, declaration in enumerate(DECLARATIONS):
        trump = _TRUMP[k]
        a[ORDERS[k], k, np.arange(28)] = 1.0
        kind = 0 if declaration < Declaration.DOUBLES else int(declaration) - int(Declaration.SIXES)
        c[k, 28 + kind] = 1.0
        for i, d in enumerate(COUNT_DOMINOES):
            a[d, k, 31 + i] = 1.0
            a[d, k, 36 + i] = trump[d]
        a[:, k, 41] = trump / 7.0
        a[:, k, 43] = (1.0 - trump) * _DOUBLE / 7.0
        a[:, k, 47] = _COUNT / 35.0
        a[:, k, 48] = (1.0 - trump) * _COUNT / 35.0
        a[:, k, 49] = _DOUBLE / 7.0
    return a.reshape(28, -1), c.reshape(-1)


def _off_suit_part() -> np.ndarray:
    """(28, 9 * 7): ``bits @`` it counts each declaration's off dominoes with an end p,
    for each off pip p (0 for the trump pip)."""
    s = np.zeros((28, len(DECLARATIONS), 7))
    for k, declaration in enumerate(DECLARATIONS):
        for p in range(7):
            if declaration < Declaration.DOUBLES and p == int(declaration):
                continue
            for d in range(28):
                if not _TRUMP[k, d] and p in (HIGH_END[d], LOW_END[d]):
                    s[d, k, p] = 1.0
    return s.reshape(28, -1)


_LINEAR, _CONSTANT = (part.astype(np.float32) for part in _linear_part())
_OFF_SUIT = _off_suit_part().astype(np.float32)
_OFF_PIP_COUNT: Final = np.array(
    [6.0 if d < Declaration.DOUBLES else 7.0 for d in DECLARATIONS], dtype=np.float32
)
_SEVENTH: Final = np.float32(1.0 / 7.0)


def hand_bits(masks: np.ndarray) -> np.ndarray:
    """(n, 28) float32s: bit d of each of n hand masks (a flat array)."""
    return ((masks[:, None] >> np.arange(28, dtype=np.int64)) & 1).astype(np.float32)


def features(masks: np.ndarray) -> np.ndarray:
    """(n, 9, FEATURES) float32s (the precision of the networks): the features of each of
    n hands (a flat array of 28-bit masks) for each declaration, in the order of
    ``DECLARATIONS``."""
    bits = hand_bits(masks)
    n, k = bits.shape[0], len(DECLARATIONS)
    out: np.ndarray = np.matmul(bits, _LINEAR).reshape(n, k, FEATURES)
    out += _CONSTANT.reshape(k, FEATURES)
    out[:, :, _RUN] = np.cumprod(out[:, :, :7], axis=2).sum(axis=2) * _SEVENTH
    per_suit = np.matmul(bits, _OFF_SUIT).reshape(n, k, 7)
    held = (per_suit > 0).sum(axis=2, dtype=np.float32)
    out[:, :, _OFF_SUITS] = held * _SEVENTH
    out[:, :, _VOIDS] = (_OFF_PIP_COUNT - held) * _SEVENTH
    out[:, :, _LONGEST] = per_suit.max(axis=2) * _SEVENTH
    return out


def held_union(masks: np.ndarray, table: np.ndarray) -> np.ndarray:
    """(n, *S): for each of n hand masks, the union of ``table[..., d]`` (int64, shape
    S + (28,)) over the dominoes d it holds."""
    masks = np.asarray(masks, dtype=np.int64).reshape(-1)
    held = (masks[:, None] >> np.arange(28, dtype=np.int64)) & 1 == 1
    held = held.reshape(len(masks), *([1] * (table.ndim - 1)), 28)
    union: np.ndarray = np.bitwise_or.reduce(np.where(held, table, 0), axis=-1)
    return union


@cache
def _threats() -> np.ndarray:
    """(9, 28) int64: ``[k, d]``, the dominoes that beat d led under declaration k
    (``rules.overtakers``), ruffs left out: a hand that leads its trumps first draws every
    trump outside it (below). Made on first use (14 ms)."""
    rows = []
    for declaration in DECLARATIONS:
        trumps = declaration.trumps
        beaten = overtakers(declaration)
        rows.append([beaten[d] if trumps >> d & 1 else beaten[d] & ~trumps for d in range(28)])
    return np.array(rows, dtype=np.int64)


_TRUMP_MASKS: Final = np.array([d.trumps for d in DECLARATIONS], dtype=np.int64)


def takes_all(masks: np.ndarray) -> np.ndarray:
    """(n, 9) bools: the declarations with which a hand takes all 42 points on every deal,
    as the rules settle it: no domino outside the hand beats one of its dominoes led in
    the suit it calls, and the hand holds at least as many trumps as are outside it, so
    that leading them first (each above every trump outside) draws the others, whoever
    holds them; every lead then wins, and the hand leads every trick."""
    masks = np.asarray(masks, dtype=np.int64).reshape(-1)
    beaten = (held_union(masks, _threats()) & ~masks[:, None]) != 0
    ours = np.bitwise_count(_TRUMP_MASKS[None] & masks[:, None])
    outside = np.bitwise_count(_TRUMP_MASKS[None] & ~masks[:, None])
    result: np.ndarray = ~beaten & (ours >= outside)
    return result
