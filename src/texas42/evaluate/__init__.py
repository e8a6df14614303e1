"""The instant hand evaluator (``texas42 quick``): a small model fitted to the engine's
full analyses of many random hands estimates, for every declaration, the
distribution of the bidder's team's points, hence the expected points and the odds of
every bid, and the bid and trump the full analysis would recommend, for many hands at
once in microseconds a hand. numpy only: loading and using it imports no numba.

It sits with the dealing layer, below the analysis, so that dealing can one day draw
deals that fit an auction with it."""

from __future__ import annotations

from texas42.evaluate.estimates import Estimates, best_trumps, check_masks, estimate, recommend_many
from texas42.evaluate.features import FEATURES, features
from texas42.evaluate.model import (
    DOUBLE_DUMMY,
    REALISTIC,
    Head,
    QuickModel,
    load_model,
    read_model,
    write_model,
)

__all__ = [
    "DOUBLE_DUMMY",
    "FEATURES",
    "REALISTIC",
    "Estimates",
    "Head",
    "QuickModel",
    "best_trumps",
    "check_masks",
    "estimate",
    "features",
    "load_model",
    "read_model",
    "recommend_many",
    "write_model",
]
