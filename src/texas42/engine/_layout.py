"""Where everything lives in the kernels' tables and workspaces: offsets computed from
named sizes. Plain Python (no numba): the kernels compile these as constants, and
texas42.engine.tables fills the tables by the same offsets.

See docs/engine.md#representation.
"""

from __future__ import annotations

DOMINOES = 28
SUITS = 8  # pips 0..6, then trump (or, at Nel-O, doubles as their own suit)
TRUMP = 7
ALL_MASK = (1 << DOMINOES) - 1
PLIES = DOMINOES + 1  # dominoes played so far, 0..28
MOVE_SLOTS = 8  # the most plays a seat can have at a ply (7 dominoes, 8 sevens classes)


def offsets(*sizes: int, start: int = 0) -> tuple[int, ...]:
    """Fields of the given sizes laid out one after another from ``start``: the offset of
    each, then the end."""
    starts = [start]
    for size in sizes:
        starts.append(starts[-1] + size)
    return tuple(starts)


def aligned(offset: int, words: int = 8) -> int:
    """``offset`` rounded up to a multiple of ``words`` (a 64-byte cache line)."""
    return -(-offset // words) * words


# --- The trump engine ---------------------------------------------------------------------

# A declaration's table, built from the rules core by texas42.engine.tables.
(
    TAB_LEAD_SUIT,  # 28: the suit a domino calls when led
    TAB_SUIT,  # 8: the dominoes of each suit (pips 0..6, then trump)
    TAB_POWER,  # 8 x 28: a domino's strength when a suit is led (0: cannot win)
    TAB_COUNT,  # 28: count points
    TAB_TEN,  # the mask of 10-count dominoes
    TAB_FIVE,  # the mask of 5-count dominoes
    TAB_TRUMP_ORDER,  # 8: the trumps from highest to lowest, then -1
    TAB_BEATS,  # 8 x 28: the dominoes stronger than a domino when a suit is led
    TABLE_SIZE,
) = offsets(DOMINOES, SUITS, SUITS * DOMINOES, DOMINOES, 1, 1, SUITS, SUITS * DOMINOES)

# The search's workspace.
HANDS, NODES, GEN, _HEADER_END = offsets(4, 1, 1)  # 4 hand masks, a node counter, the generation
(
    TAB,  # a copy of the declaration's table
    MOVES,  # 29 plies x 8: each ply's move list, ordered in place
    SCORES,  # 29 plies x 8: each move's ordering score
    TOPS,  # 8: per suit, the partner's best play (-1: cannot win)
    THREATS,  # 8 tricks x 2: the best play of the third and last seats (-1: not known)
    KILLERS,  # 28 plies x 2: the last two plays that refuted a window there
    _STATE_END,
) = offsets(
    TABLE_SIZE,
    PLIES * MOVE_SLOTS,
    PLIES * MOVE_SLOTS,
    SUITS,
    8 * 2,
    DOMINOES * 2,
    start=aligned(_HEADER_END),
)
SCORE_OFFSET = SCORES - MOVES  # a move's score sits this far after the move
TT_BITS = 14  # 2^14 buckets of two one-word entries: 256 KiB, within a core's L2 cache
ENDINGS_BITS = 13  # 2^13 one-word entries for the last two tricks
TT, ENDINGS, WORKSPACE_SIZE = offsets(2 << TT_BITS, 1 << ENDINGS_BITS, start=aligned(_STATE_END))
MAX_GEN = 0xFFFF  # then both tables are cleared
KILLER_BONUS = 150  # above a lead or discard's own score, below sure winners

# --- Nel-O and sevens: a ply's moves, then their scores, side by side ---------------

PLY_SCORES = MOVE_SLOTS  # a move's score sits this far after the move
PLY_SLOTS = 2 * MOVE_SLOTS

# --- Nel-O --------------------------------------------------------------------------------

# The table of one treatment of doubles, built from the rules core by texas42.engine.tables.
(
    NT_LEAD_SUIT,  # 28: the suit a domino calls when led (7: doubles as their own suit)
    NT_SUIT,  # 8: the dominoes of each suit
    NT_POWER,  # 8 x 28: a domino's strength in a suit led (0: does not follow it)
    NT_ORDER,  # 8 x 8: each suit's dominoes strongest first, then -1
    NT_SINGLE,  # the mask of dominoes that belong to one suit only
    NELLO_TABLE_SIZE,
) = offsets(DOMINOES, SUITS, SUITS * DOMINOES, SUITS * 8, 1)

NELLO_PLIES = 22  # the bidder and two opponents: 21 dominoes, 0..21 played
N_HANDS, N_NODES, N_GEN, _N_HEADER_END = offsets(3, 1, 1)  # bidder, left and right opponents
(
    N_TAB,  # a copy of the Nel-O table
    N_MOVES,  # 22 plies x 16: moves, then their scores
    N_TOPS,  # 8: per suit, the strength of the bidder's strongest domino
    _N_STATE_END,
) = offsets(NELLO_TABLE_SIZE, NELLO_PLIES * PLY_SLOTS, SUITS, start=aligned(_N_HEADER_END))
N_TT_BITS = 14  # 2^14 two-word entries: key, result
N_TT_SIZE = 1 << N_TT_BITS
N_TT, NELLO_WORKSPACE_SIZE = offsets(2 * N_TT_SIZE, start=aligned(_N_STATE_END))

# --- Sevens -------------------------------------------------------------------------------

S_HANDS, S_NODES, _S_HEADER_END = offsets(4, 1)  # 4 hand masks, seat 0 first
(
    S_CLASS,  # 8: the dominoes at each distance from 7
    S_DISTANCE,  # 28: each domino's distance from 7
    _S_TABLES_END,
) = offsets(8, DOMINOES, start=aligned(_S_HEADER_END))
(S_MOVES, _S_STATE_END) = offsets(PLIES * PLY_SLOTS, start=aligned(_S_TABLES_END))
S_TT_BITS = 16  # 2^16 entries of two key words, the bounds and a spare word
S_TT_SIZE = 1 << S_TT_BITS
S_TT, SEVENS_WORKSPACE_SIZE = offsets(4 * S_TT_SIZE, start=aligned(_S_STATE_END))
