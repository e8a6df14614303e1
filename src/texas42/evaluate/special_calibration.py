"""The special contracts' realistic calibration: a special contract's double-dummy odds
mapped to the odds of making it when every player sees only their own dominoes.

Double-dummy play misjudges the special contracts both ways (docs/realistic.md#special-contracts):
the defenders of Nel-O see where the bidder's dominoes are and always find the trick that
sinks it, so Nel-O is made far more often at a real table; plunge and splash need the
partner to find all seven tricks blind, so they are made about half as often; sevens
a little less often. ``benchmarks/fit_special_calibration.py`` fits these constants to
the studies that played hands out both ways on the same deals (``--check`` refits them)."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Final

import numpy as np

from texas42.rules import Contract

CLIP: Final = 0.005
"""Double-dummy odds are clipped to [CLIP, 1 - CLIP] before their log-odds are taken."""
BAND_EDGES: Final = (0.0, 0.2, 0.5)
"""The error band's bins, by the calibrated odds."""


@dataclass(frozen=True)
class SpecialCalibration:
    """Realistic odds ``sigmoid(intercept + slope * logit(p))`` for double-dummy odds p,
    fitted to ``hands`` hands of the study ``study``; ``widths[i]`` is the 95% error band
    for calibrated odds from ``BAND_EDGES[i]``."""

    intercept: float
    slope: float
    hands: int
    study: str
    widths: tuple[float, ...]

    def odds(self, double_dummy: float) -> float:
        return float(self.odds_of(np.asarray(double_dummy, dtype=np.float64)))

    def odds_of(self, double_dummy: np.ndarray) -> np.ndarray:
        """``odds`` of every element of ``double_dummy``."""
        p = np.clip(double_dummy, CLIP, 1.0 - CLIP)
        result: np.ndarray = 1.0 / (1.0 + np.exp(-(self.intercept + self.slope * np.log(p / (1.0 - p)))))
        return result

    def band(self, odds: float) -> tuple[float, float]:
        """The 95% error band around calibrated ``odds``, within [0, 1]."""
        width = self.widths[max(0, bisect_right(BAND_EDGES, odds) - 1)]
        return max(0.0, odds - width), min(1.0, odds + width)


_SPLASH: Final = SpecialCalibration(-1.09, 0.752, 433, "splash_study.jsonl", (0.025, 0.039, 0.039))

CALIBRATIONS: Final[dict[Contract, SpecialCalibration]] = {
    Contract.NELLO: SpecialCalibration(
        1.072, 0.789, 238, "specials_listening_study.jsonl", (0.161, 0.244, 0.18)
    ),
    Contract.SEVENS: SpecialCalibration(
        0.092, 1.139, 238, "specials_listening_study.jsonl", (0.007, 0.007, 0.007)
    ),
    Contract.PLUNGE: _SPLASH,
    Contract.SPLASH: _SPLASH,
}
"""Each special contract's calibration; plunge and splash are one game (the partner names
trump and leads; the team must take all 42 points) and share splash's study."""


def realistic_special_odds(contract: Contract, double_dummy: float) -> float:
    """The estimated realistic odds of making ``contract`` from its double-dummy odds."""
    return CALIBRATIONS[contract].odds(double_dummy)
