"""The realistic calibration: a declaration's double-dummy figures (and the hand's
features) mapped to the distribution of the points its team takes when every player sees
only their own dominoes (the realistic playouts of ``analysis.playout``).

The model's ``realistic`` head is a network of the same kind as the double-dummy one
whose input is a declaration's features followed by ``double_dummy_inputs``. It serves
twice: ``calibrate`` maps the figures of a full analysis (``texas42 analyze``), and
``estimates.estimate(..., head=REALISTIC)`` maps the double-dummy head's own estimates, so
that ``texas42 quick`` estimates realistic play too."""

from __future__ import annotations

from typing import Final

import numpy as np

from texas42.errors import EvaluatorError
from texas42.evaluate.features import FEATURES, features, takes_all
from texas42.evaluate.model import OUTCOMES, REALISTIC, Head, QuickModel, load_model
from texas42.rules import DECLARATIONS, POINT_BIDS, TOTAL_POINTS

DOUBLE_DUMMY_POINTS: Final = (*POINT_BIDS, TOTAL_POINTS)
"""The points at which the double-dummy odds are an input: 30..41 and all 42."""
DOUBLE_DUMMY_INPUTS: Final = len(DOUBLE_DUMMY_POINTS) + 1
"""The odds of taking at least 30, ..., 42 points, and the expected points / 42."""


def double_dummy_inputs(at_least: np.ndarray, expected_points: np.ndarray) -> np.ndarray:
    """S + (DOUBLE_DUMMY_INPUTS,): from double-dummy odds of taking at least p points,
    S + (43,), and expected points, S."""
    odds = at_least[..., list(DOUBLE_DUMMY_POINTS)]
    return np.concatenate([odds, expected_points[..., None] / TOTAL_POINTS], axis=-1)


def tail_odds(distribution: np.ndarray, lowest: int = POINT_BIDS[0]) -> np.ndarray:
    """S + (43 - lowest,): the odds of taking at least ``lowest``, ..., 42 points for point
    distributions S + (43,): the same sums as ``estimates.summarise``'s, only fewer."""
    tail: np.ndarray = np.cumsum(distribution[..., : lowest - 1 : -1], axis=-1)[..., ::-1]
    np.minimum(tail, 1.0, out=tail)
    return tail


def inputs_of(distribution: np.ndarray) -> np.ndarray:
    """S + (DOUBLE_DUMMY_INPUTS,): ``double_dummy_inputs`` of point distributions S + (43,)."""
    points = distribution @ np.arange(OUTCOMES, dtype=np.float64)
    return np.concatenate([tail_odds(distribution), points[..., None] / TOTAL_POINTS], axis=-1)


def realistic_distribution(head: Head, x: np.ndarray, dd_inputs: np.ndarray) -> np.ndarray:
    """(n, 9, 43): the realistic head's distribution for n hands' features (n, 9, FEATURES)
    and double-dummy inputs (n, 9, DOUBLE_DUMMY_INPUTS)."""
    n, k = x.shape[0], x.shape[1]
    rows = np.empty((n * k, FEATURES + DOUBLE_DUMMY_INPUTS), dtype=np.float32)
    rows[:, :FEATURES] = x.reshape(n * k, FEATURES)
    rows[:, FEATURES:] = dd_inputs.reshape(n * k, DOUBLE_DUMMY_INPUTS)
    distribution: np.ndarray = head.distribution(rows).reshape(n, k, OUTCOMES)
    return distribution


def calibrate(
    mask: int, at_least: np.ndarray, expected_points: np.ndarray, model: QuickModel | None = None
) -> np.ndarray:
    """(9, 43): the realistic point distribution of every declaration of the hand ``mask``
    given its double-dummy odds of taking at least p points (9, 43) and expected points
    (9,), declarations in the order of ``DECLARATIONS`` (rows of declarations not analysed
    may hold anything; their result means nothing). Where the rules settle it
    (``takes_all``) all 42 points are certain."""
    model = model or load_model()
    at_least = np.asarray(at_least, dtype=np.float64)
    expected_points = np.asarray(expected_points, dtype=np.float64)
    k = len(DECLARATIONS)
    if at_least.shape != (k, OUTCOMES) or expected_points.shape != (k,):
        raise EvaluatorError(f"calibrate needs odds ({k}, {OUTCOMES}) and expected points ({k},)")
    masks = np.array([mask], dtype=np.int64)
    x = features(masks)
    dd = double_dummy_inputs(at_least, expected_points)[None]
    distribution: np.ndarray = realistic_distribution(model.head(REALISTIC), x, dd)[0]
    distribution[takes_all(masks)[0]] = np.eye(OUTCOMES)[-1]
    return distribution
