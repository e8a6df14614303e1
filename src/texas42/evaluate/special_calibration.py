"""The special contracts' realistic calibration: a special contract's double-dummy odds
mapped to the odds of making it when every player sees only their own dominoes.

Double-dummy play misjudges the special contracts both ways (docs/realistic.md#special-contracts):
the defenders of Nel-O see where the bidder's dominoes are and always find the trick that
sinks it, so Nel-O is made far more often at a real table; plunge and splash need the
partner to find all seven tricks blind, so they are made about half as often; sevens
a little less often. ``benchmarks/fit_special_calibration.py`` fits the package's
``special_calibration.json`` to the studies that played hands out both ways on the same
deals (``--check`` refits it)."""

from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import dataclass, replace
from functools import cache
from typing import IO, Any, Final

import numpy as np

from texas42.errors import EvaluatorError
from texas42.evaluate.shipped import read_shipped
from texas42.evaluate.special_odds import nello_features
from texas42.rules import Contract, NelloDoubles

CLIP: Final = 0.005
"""Double-dummy odds are clipped to [CLIP, 1 - CLIP] before their log-odds are taken."""
BAND_EDGES: Final = (0.0, 0.2, 0.5)
"""The error band's bins, by the calibrated odds."""
DATA: Final = "special_calibration.json"


@dataclass(frozen=True)
class SpecialCalibration:
    """Realistic odds ``sigmoid(intercept + slope * z)``, fitted to ``hands`` hands of the
    study ``study``; ``widths[i]`` is the 95% error band for calibrated odds from
    ``BAND_EDGES[i]``, measured on the study's first ``band_hands`` hands (those fitted
    to, and those played after the fit, which the last stage never saw; Nel-O's first
    stage saw most of them in ``first_study``, whose defenders were not told the
    contract). ``z`` is the log-odds of the double-dummy odds p, or with
    ``weights`` (Nel-O) a first stage's log-odds, ``weights[0] + weights[1] * logit(p)``
    plus the hand's Nel-O features (``special_odds.nello_features``, doubles their own
    suit) times ``weights[2:]``, fitted to ``first_hands`` hands of ``first_study``. Nel-O
    with doubles high or low (``nello_calibrations``) shares the own-suit first stage, its
    last stage and bands fitted to a study that played Nel-O so."""

    intercept: float
    slope: float
    hands: int
    study: str
    widths: tuple[float, ...]
    weights: tuple[float, ...] = ()
    first_hands: int = 0
    first_study: str = ""
    band_hands: int = 0

    def odds(self, double_dummy: float, hand: int | None = None) -> float:
        """The calibrated odds of one hand (its mask ``hand`` is needed with ``weights``)."""
        masks = None if hand is None else np.array([hand], dtype=np.int64)
        return float(self.odds_of(np.array([double_dummy]), masks)[0])

    def odds_of(self, double_dummy: np.ndarray, masks: np.ndarray | None = None) -> np.ndarray:
        """``odds`` of hands ``masks`` (n,) whose double-dummy odds are ``double_dummy`` (n,)."""
        z = log_odds(double_dummy)
        if self.weights:
            if masks is None:
                raise EvaluatorError("this calibration needs the hands, not only their odds")
            features = nello_features(np.asarray(masks, dtype=np.int64), NelloDoubles.OWN_SUIT)
            weights = np.array(self.weights)
            z = weights[0] + weights[1] * z + features.astype(np.float64) @ weights[2:]
        result: np.ndarray = 1.0 / (1.0 + np.exp(-(self.intercept + self.slope * z)))
        return result

    def width(self, odds: float) -> float:
        """The half-width of the 95% error band around calibrated ``odds``."""
        return self.widths[max(0, bisect_right(BAND_EDGES, odds) - 1)]


def log_odds(p: np.ndarray) -> np.ndarray:
    """The log-odds of odds ``p``, clipped to ``[CLIP, 1 - CLIP]``."""
    clipped = np.clip(np.asarray(p, dtype=np.float64), CLIP, 1.0 - CLIP)
    result: np.ndarray = np.log(clipped / (1.0 - clipped))
    return result


def read_calibrations(text: str) -> dict[Contract, SpecialCalibration]:
    """The calibrations of a ``special_calibration.json`` document: one per special
    contract (Nel-O's with doubles their own suit); plunge and splash are one game (the
    partner names trump and leads; the team must take all 42 points) and share splash's."""
    data = json.loads(text)
    found = {c: _calibration(data[c.value]) for c in (Contract.NELLO, Contract.SEVENS, Contract.SPLASH)}
    found[Contract.PLUNGE] = found[Contract.SPLASH]
    return found


def _calibration(entry: dict[str, Any]) -> SpecialCalibration:
    """A calibration from its entry in ``special_calibration.json`` (lists as tuples)."""
    lists: dict[str, Any] = {k: tuple(entry[k]) for k in ("widths", "weights") if k in entry}
    return SpecialCalibration(**{**entry, **lists})


def nello_key(doubles: NelloDoubles) -> str:
    """The key of Nel-O's calibration under ``doubles`` in ``special_calibration.json``."""
    return (
        Contract.NELLO.value
        if doubles is NelloDoubles.OWN_SUIT
        else f"{Contract.NELLO.value}-{doubles.value}"
    )


LAST_STAGE: Final = ("intercept", "slope", "hands", "study", "widths", "band_hands")
"""What a Nel-O calibration under doubles high or low holds of its own (its entry in
``special_calibration.json``); the rest is the own-suit calibration's first stage."""


def read_nello_calibrations(text: str) -> dict[NelloDoubles, SpecialCalibration]:
    """Nel-O's calibration under each treatment of doubles. Those of ``high`` and ``low``
    have a last stage and bands of their own, fitted to a study that played Nel-O so, on
    the first stage of the own-suit calibration (its entry names no first stage)."""
    data = json.loads(text)
    own = _calibration(data[Contract.NELLO.value])
    found = {NelloDoubles.OWN_SUIT: own}
    for doubles in (NelloDoubles.HIGH, NelloDoubles.LOW):
        last = _calibration(data[nello_key(doubles)])
        found[doubles] = replace(own, **{k: getattr(last, k) for k in LAST_STAGE})
    return found


Calibrations = tuple[dict[Contract, SpecialCalibration], dict[NelloDoubles, SpecialCalibration]]


def _read_both(stream: IO[bytes]) -> Calibrations:
    text = stream.read().decode()
    return read_calibrations(text), read_nello_calibrations(text)


@cache
def _shipped() -> Calibrations:
    return read_shipped(DATA, "special contracts' calibration", _read_both)


def calibrations() -> dict[Contract, SpecialCalibration]:
    """Each special contract's calibration, from the package's ``special_calibration.json``
    (Nel-O's with doubles their own suit), read once; a ``PackageDataError`` if the file
    is missing or damaged."""
    return _shipped()[0]


def nello_calibrations() -> dict[NelloDoubles, SpecialCalibration]:
    """Nel-O's calibration under each treatment of doubles, as ``calibrations``."""
    return _shipped()[1]


def calibration_of(contract: Contract, doubles: NelloDoubles | None = None) -> SpecialCalibration:
    """The calibration of ``contract``; for Nel-O, under ``doubles`` (None: their own suit)."""
    if contract is Contract.NELLO:
        return nello_calibrations()[doubles or NelloDoubles.OWN_SUIT]
    return calibrations()[contract]
