"""The double-dummy engine: exact values of trump contracts, Nel-O and sevens, computed
by Numba kernels behind typed, validating entry points. The design and its measurements
are in docs/engine.md.

Importing this package does not import numba: the kernels are loaded (and, on the first
run, compiled) when first used.
"""

from __future__ import annotations

from texas42.engine.contract_plays import contract_play_values, position_contract_values
from texas42.engine.dealing import CountsDealer, completion_counts, deal_by_counts
from texas42.engine.inputs import check_deal_array
from texas42.engine.playouts import position_play_values
from texas42.engine.plays import ILLEGAL, PLAY_CHUNK, PlayValues, play_values, position_values
from texas42.engine.running import expect, thread_count
from texas42.engine.specials import (
    SPECIAL_CHUNK,
    SpecialResult,
    nello_value,
    sevens_value,
    solve_nello,
    solve_sevens,
)
from texas42.engine.trumps import (
    SOLVE_CHUNK,
    BatchResult,
    Trick,
    principal_variation,
    reaches,
    solve_deal,
    solve_deals,
    solve_table,
)

__all__ = [
    "ILLEGAL",
    "PLAY_CHUNK",
    "SOLVE_CHUNK",
    "SPECIAL_CHUNK",
    "BatchResult",
    "CountsDealer",
    "PlayValues",
    "SpecialResult",
    "Trick",
    "check_deal_array",
    "completion_counts",
    "contract_play_values",
    "deal_by_counts",
    "expect",
    "nello_value",
    "play_values",
    "position_contract_values",
    "position_play_values",
    "position_values",
    "principal_variation",
    "reaches",
    "sevens_value",
    "solve_deal",
    "solve_deals",
    "solve_nello",
    "solve_sevens",
    "solve_table",
    "thread_count",
]
