"""Fit the special contracts' realistic calibration (``texas42.evaluate.special_calibration``)
to the studies that played them out both ways.

    python benchmarks/fit_special_calibration.py            # fit and print the constants
    python benchmarks/fit_special_calibration.py --check    # compare them with the package's

Nel-O and sevens come from the listening study (``study_specials.py --listen``: the
defenders know that the bidder chose the contract, as the package's playouts do), splash
from ``study_splash.py`` (plunge is the same game, and takes splash's calibration). For
each hand the study holds the deals made double-dummy and by players who see only their
own dominoes, on the same deals. The realistic odds are modelled as
``sigmoid(intercept + slope * logit(p))``, p the double-dummy odds clipped to
``[CLIP, 1 - CLIP]``, fitted by maximum likelihood to the realistic counts (binomial;
iteratively reweighted least squares). The error band of each bin of the fitted odds is
1.96 times the root mean squared difference between fitted and played-out odds with the
playouts' own sampling variance taken out (in sample: two parameters hardly overfit).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from texas42.evaluate.special_calibration import BAND_EDGES, CALIBRATIONS, CLIP, SpecialCalibration
from texas42.rules import Contract

DATA = Path(__file__).resolve().parent / "data"
STUDIES = {
    Contract.NELLO: (DATA / "specials_listening_study.jsonl", "nello"),
    Contract.SEVENS: (DATA / "specials_listening_study.jsonl", "sevens"),
    Contract.SPLASH: (DATA / "splash_study.jsonl", "made"),
}
LEAST_BIN_HANDS = 10
"""A bin of the fitted odds with fewer hands takes the widest band of the bins below it."""


def read_counts(path: Path, key: str, hands: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(deals, made double-dummy, made realistically) of the study's hands, in file order."""
    with path.open() as f:
        lines = [json.loads(line) for line in f if line.strip()]
    lines = lines[:hands]
    deals = np.array([x["deals"] for x in lines], dtype=np.float64)
    counts = np.array([x[key] for x in lines], dtype=np.float64).reshape(-1, 2)
    return deals, counts[:, 0], counts[:, 1]


def fit_logistic(x: np.ndarray, made: np.ndarray, deals: np.ndarray) -> tuple[float, float]:
    """(intercept, slope) maximising the binomial likelihood of ``made`` of ``deals``."""
    design = np.column_stack([np.ones_like(x), x])
    theta = np.zeros(2)
    for _ in range(100):
        q = 1.0 / (1.0 + np.exp(-(design @ theta)))
        gradient = design.T @ (made - deals * q)
        hessian = (design * (deals * q * (1.0 - q))[:, None]).T @ design
        step = np.linalg.solve(hessian, gradient)
        theta += step
        if np.abs(step).max() < 1e-12:
            break
    return float(theta[0]), float(theta[1])


def band_widths(fitted: np.ndarray, observed: np.ndarray, deals: np.ndarray) -> tuple[float, ...]:
    """The 95% error band of each bin of ``BAND_EDGES`` (module docstring)."""
    bins = np.searchsorted(BAND_EDGES, fitted, side="right") - 1
    widths: list[float] = []
    for b in range(len(BAND_EDGES)):
        inside = bins == b
        if inside.sum() < LEAST_BIN_HANDS:
            widths.append(max(widths, default=0.0))
            continue
        squared = np.mean((observed[inside] - fitted[inside]) ** 2)
        sampling = np.mean(observed[inside] * (1.0 - observed[inside]) / deals[inside])
        widths.append(round(float(1.96 * np.sqrt(max(0.0, squared - sampling))), 3))
    return tuple(widths)


def fit(contract: Contract, hands: int | None = None) -> SpecialCalibration:
    """The calibration of ``contract`` fitted to the first ``hands`` hands of its study (all: None)."""
    path, key = STUDIES[contract]
    deals, double_dummy, realistic = read_counts(path, key, hands)
    p = np.clip(double_dummy / deals, CLIP, 1.0 - CLIP)
    intercept, slope = fit_logistic(np.log(p / (1.0 - p)), realistic, deals)
    calibration = SpecialCalibration(round(intercept, 3), round(slope, 3), len(deals), path.name, ())
    fitted = np.array([calibration.odds(float(q)) for q in double_dummy / deals])
    widths = band_widths(fitted, realistic / deals, deals)
    return SpecialCalibration(calibration.intercept, calibration.slope, len(deals), path.name, widths)


def fitted_hands() -> dict[Contract, int]:
    """How many hands of each study the package's constants were fitted to."""
    return {c: CALIBRATIONS[c].hands for c in STUDIES}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="refit on the package's hands and compare")
    args = parser.parse_args()
    hands = fitted_hands()
    results: dict[str, Any] = {}
    differ = False
    for contract in STUDIES:
        calibration = fit(contract, hands[contract] if args.check else None)
        results[contract.label] = calibration
        differ |= args.check and calibration != CALIBRATIONS[contract]
    for label, calibration in results.items():
        print(f"{label}: {calibration!r}")
    if differ:
        print("the package's constants differ from the refit", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
