"""The entry formats of the kernels' tables: one packing and one unpacking helper each,
where an entry goes, and the trump search's look-ups and stores. See
docs/engine.md#transposition-table and #endings.
"""

from __future__ import annotations

import numpy as np

from texas42.engine._jit import inline, popcount
from texas42.engine._layout import (
    ALL_MASK,
    ENDINGS,
    ENDINGS_BITS,
    GEN,
    N_TT,
    N_TT_BITS,
    N_TT_SIZE,
    S_TT,
    S_TT_BITS,
    S_TT_SIZE,
    TT,
    TT_BITS,
)
from texas42.engine._window import proven_bounds, settled

HASH_MULT = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 as int64

# --- Transposition table: one word an entry, two entries a bucket -----------------------
# dominoes left | leader << 28 | low << 30 | high << 36 | (best lead + 1) << 42 | generation << 47

TT_LEADER = 28
TT_LOW = 30
TT_HIGH = 36
TT_LEAD = 42
TT_GEN = 47
TT_KEY = ALL_MASK | 3 << TT_LEADER | 0xFFFF << TT_GEN  # the bits an entry is found by


@inline
def tt_key(remaining, leader, gen):
    """The key of a trick's start: the dominoes left, the leader and the generation."""
    return remaining | (leader << TT_LEADER) | (gen << TT_GEN)


@inline
def tt_pack(key, low, high, best_lead):
    """An entry: the key, the bounds on the value and the best lead (-1: none)."""
    return key | (low << TT_LOW) | (high << TT_HIGH) | ((best_lead + 1) << TT_LEAD)


@inline
def tt_unpack(entry):
    """An entry's (low, high, best lead)."""
    return (entry >> TT_LOW) & 63, (entry >> TT_HIGH) & 63, ((entry >> TT_LEAD) & 31) - 1


@inline
def tt_holds(entry, key):
    """Whether the entry is the one of ``key``."""
    return entry & TT_KEY == key


@inline
def tt_generation(entry):
    return entry >> TT_GEN


@inline
def tt_remaining(entry):
    return entry & ALL_MASK


@inline
def tt_bucket(remaining, leader):
    """The bucket (its first entry's offset) of a trick's start."""
    hashed = (remaining | (leader << TT_LEADER)) * HASH_MULT
    return TT + 2 * ((hashed >> (64 - TT_BITS)) & ((1 << TT_BITS) - 1))


@inline
def tt_probe(W, key, remaining, seat, stake):
    """The table's entry for a trick's start: its bucket and entry offsets, whether it
    holds ``key``, and then the stored (low, high, hint), else (0, stake, -1)."""
    bucket = tt_bucket(remaining, seat)
    entry = bucket + 1 if tt_holds(W[bucket + 1], key) else bucket
    if tt_holds(W[entry], key):
        low, high, hint = tt_unpack(W[entry])
        return bucket, entry, True, low, high, hint
    return bucket, entry, False, 0, stake, -1


@inline
def tt_store(W, bucket, entry, key, remaining, seat, best, best_lead, hint, alpha, beta, low, high):
    """Store what the search of a trick's start on (alpha, beta) proved. After a fail-low
    of the side to move no lead stood out: the earlier hint is kept. A new position takes
    the first entry of its bucket if at least as deep as the one there (or that one is
    from an earlier solve), moving it to the second; else the second."""
    if (best <= alpha) == ((seat & 1) == 0):
        best_lead = hint
    low, high = proven_bounds(best, alpha, beta, low, high)
    if not tt_holds(W[entry], key):
        first = W[bucket]
        if tt_generation(first) != W[GEN] or popcount(remaining) >= popcount(tt_remaining(first)):
            W[bucket + 1] = first
            entry = bucket
        else:
            entry = bucket + 1
    W[entry] = tt_pack(key, low, high, best_lead)


@inline
def tt_cut(W, remaining, leader, alpha, beta):
    """The stored bound of a trick's start that settles the window, else -1."""
    key = tt_key(remaining, leader, W[GEN])
    bucket = tt_bucket(remaining, leader)
    entry = W[bucket + 1] if tt_holds(W[bucket + 1], key) else W[bucket]
    if tt_holds(entry, key):
        low, high, _ = tt_unpack(entry)
        return settled(low, high, alpha, beta)
    return -1


# --- The last two tricks: one word an entry, direct-mapped ---------------------------------
# generation << 42 | leader << 40 | dominoes left << 12 | high << 6 | low


@inline
def ending_key(remaining, leader, gen):
    return (gen << 42) | (leader << 40) | (remaining << 12)


@inline
def ending_pack(key, low, high):
    return key | low | (high << 6)


@inline
def ending_unpack(entry):
    """An entry's (low, high)."""
    return entry & 63, (entry >> 6) & 63


@inline
def ending_holds(entry, key):
    return entry & ~np.int64(4095) == key


@inline
def ending_slot(remaining, leader):
    hashed = (remaining | (leader << 28)) * HASH_MULT
    return ENDINGS + ((hashed >> (64 - ENDINGS_BITS)) & ((1 << ENDINGS_BITS) - 1))


# --- Nel-O: two words an entry, the key and the exact result --------------------------------


@inline
def nello_key(remaining, seat, gen):
    """dominoes left | seat << 28 | generation << 30"""
    return remaining | (seat << 28) | (gen << 30)


@inline
def nello_slot(key):
    return N_TT + 2 * (((key * HASH_MULT) >> (64 - N_TT_BITS)) & (N_TT_SIZE - 1))


# --- Sevens: four words an entry, two key words, the bounds and a spare word --------------


@inline
def sevens_keys(counts0, counts1, counts2, counts3, leader):
    """The key words of a trick's start from each hand's counts by distance (24 bits each)."""
    return counts0 | (counts1 << 24) | ((leader + 4) << 48), counts2 | (counts3 << 24)


@inline
def sevens_slot(k1, k2):
    return S_TT + 4 * ((((k1 ^ (k2 * HASH_MULT)) * HASH_MULT) >> (64 - S_TT_BITS)) & (S_TT_SIZE - 1))


@inline
def sevens_pack(low, high):
    return low | (high << 8)


@inline
def sevens_unpack(bounds):
    """The bounds word's (low, high)."""
    return bounds & 255, bounds >> 8
