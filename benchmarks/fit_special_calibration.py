"""Fit the special contracts' realistic calibration (``texas42.evaluate.special_calibration``,
the package's ``special_calibration.json``) to the studies that played them out both ways.

    python benchmarks/fit_special_calibration.py            # fit on all the data and print it
    python benchmarks/fit_special_calibration.py --write    # ... and write the package's file
    python benchmarks/fit_special_calibration.py --check    # refit on the file's hands and compare
    python benchmarks/fit_special_calibration.py --bands --write   # the file's fits, bands on every hand
    python benchmarks/fit_special_calibration.py --cross-validate   # Nel-O's band out of sample
    python benchmarks/fit_special_calibration.py --held-out   # the package's fits on later hands
    python benchmarks/fit_special_calibration.py --doubles --write   # Nel-O high and low refitted

Nel-O and sevens come from the listening study (``study_specials.py --listen``: the
defenders know that the bidder chose the contract, as the package's playouts do), splash
from ``study_splash.py`` (plunge is the same game, and takes splash's calibration). For
each hand a study holds the deals made double-dummy and by players who see only their
own dominoes, on the same deals. The realistic odds are modelled as ``sigmoid(intercept
+ slope * z)``, fitted by maximum likelihood to the realistic counts (binomial; Newton's
method), where z is the log-odds of the double-dummy odds p (clipped to ``[CLIP, 1 -
CLIP]``). For Nel-O, whose double-dummy odds say only part of how a hand fares against
defenders who must guess, z is a first stage's log-odds: a ridge-penalised (``RIDGE``)
logistic fit of logit(p) and the hand's Nel-O features to the main specials study (the
defenders not told the contract; its hands that the listening study played left out),
which the listening study then maps. Once the listening study has played every hand of
the main study, that leaves no hand: the first stage is then cross-fitted (each fifth of
the listening hands gets its z from a first stage fitted to the main study without
them) and the one written is fitted to the whole main study. Nel-O with doubles high
or low (``study_specials.py --listen --doubles high``, ``low``: Nel-O alone on the same
hands) keeps the own-suit first stage and fits a last stage of its own. The error band of each
bin of the fitted odds is 1.96 times the root mean squared difference between fitted and
played-out odds with the playouts' own sampling variance taken out (in sample for the
last stage's two parameters, which hardly overfit).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import numpy as np
from study_specials import doubles_study

from texas42.evaluate.special_calibration import (
    BAND_EDGES,
    DATA,
    LAST_STAGE,
    SpecialCalibration,
    calibrations,
    log_odds,
    nello_calibrations,
    nello_key,
)
from texas42.evaluate.special_odds import nello_features
from texas42.rules import Contract, NelloDoubles, parse_hand

STUDY_DATA = Path(__file__).resolve().parent / "data"
STUDIES = {
    Contract.NELLO: (STUDY_DATA / "specials_listening_study.jsonl", "nello"),
    Contract.SEVENS: (STUDY_DATA / "specials_listening_study.jsonl", "sevens"),
    Contract.SPLASH: (STUDY_DATA / "splash_study.jsonl", "made"),
}
DOUBLES_STUDIES = {doubles: doubles_study(doubles) for doubles in (NelloDoubles.HIGH, NelloDoubles.LOW)}
"""Nel-O played with doubles high or low (``study_specials.py --listen --doubles``)."""
FIRST_STUDY = STUDY_DATA / "specials_study.jsonl"
"""Nel-O's first stage: the main specials study (the defenders not told the contract)."""
RIDGE = 100.0
"""The first stage's penalty on its feature weights (five-fold cross-validation on the
main study found 1, 10 and 100 alike)."""
OUTPUT = Path(__file__).resolve().parents[1] / "src" / "texas42" / "evaluate" / DATA
LEAST_BIN_HANDS = 10
"""A bin of the fitted odds with fewer hands takes the widest band of the bins below it."""
LEAST_BAND = 0.01
"""The narrowest band: where the playouts' own sampling (100 or 200 deals a hand) explains
all the scatter, they cannot tell a smaller error of the calibration from none."""


def read_lines(path: Path) -> list[dict[str, Any]]:
    with path.open() as f:
        return [json.loads(line) for line in f if line.strip()]


def counts(lines: list[dict[str, Any]], key: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(deals, made double-dummy, made realistically) of the study's lines."""
    deals = np.array([x["deals"] for x in lines], dtype=np.float64)
    made = np.array([x[key] for x in lines], dtype=np.float64).reshape(-1, 2)
    return deals, made[:, 0], made[:, 1]


def masks_of(lines: list[dict[str, Any]]) -> np.ndarray:
    return np.array([parse_hand(x["hand"]).mask for x in lines], dtype=np.int64)


def fit_weights(design: np.ndarray, made: np.ndarray, deals: np.ndarray, ridge: float = 0.0) -> np.ndarray:
    """The weights maximising the binomial likelihood of ``made`` of ``deals`` under
    ``sigmoid(design @ weights)``, less ``ridge / 2`` times the squares of all weights but
    the first (Newton's method)."""
    weights = np.zeros(design.shape[1])
    penalty = np.full(design.shape[1], ridge)
    penalty[0] = 0.0
    for _ in range(100):
        q = 1.0 / (1.0 + np.exp(-(design @ weights)))
        gradient = design.T @ (made - deals * q) - penalty * weights
        hessian = (design * (deals * q * (1.0 - q))[:, None]).T @ design + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        weights += step
        if np.abs(step).max() < 1e-12:
            break
    return weights


def fit_logistic(x: np.ndarray, made: np.ndarray, deals: np.ndarray) -> tuple[float, float]:
    """(intercept, slope) maximising the binomial likelihood of ``made`` of ``deals``."""
    intercept, slope = fit_weights(np.column_stack([np.ones_like(x), x]), made, deals)
    return float(intercept), float(slope)


def first_stage(lines: list[dict[str, Any]]) -> tuple[float, ...]:
    """Nel-O's first stage fitted to these lines of the main study: the weights of 1,
    logit(p) and the hand's Nel-O features (doubles their own suit), rounded."""
    deals, double_dummy, realistic = counts(lines, "nello")
    features = nello_features(masks_of(lines), NelloDoubles.OWN_SUIT).astype(np.float64)
    design = np.column_stack([np.ones(len(lines)), log_odds(double_dummy / deals), features])
    return tuple(round(float(w), 6) for w in fit_weights(design, realistic, deals, RIDGE))


def error_band(fitted: np.ndarray, observed: np.ndarray, deals: np.ndarray) -> float:
    """1.96 times the root mean squared difference between ``fitted`` and ``observed``
    odds, the playouts' own sampling variance (``deals`` each) taken out."""
    squared = np.mean((observed - fitted) ** 2)
    sampling = np.mean(observed * (1.0 - observed) / deals)
    return float(1.96 * np.sqrt(max(0.0, squared - sampling)))


def band_widths(fitted: np.ndarray, observed: np.ndarray, deals: np.ndarray) -> tuple[float, ...]:
    """The 95% error band of each bin of ``BAND_EDGES`` (module docstring)."""
    bins = np.searchsorted(BAND_EDGES, fitted, side="right") - 1
    widths: list[float] = []
    for b in range(len(BAND_EDGES)):
        inside = bins == b
        if inside.sum() < LEAST_BIN_HANDS:
            widths.append(max(widths, default=LEAST_BAND))
            continue
        band = error_band(fitted[inside], observed[inside], deals[inside])
        widths.append(round(max(band, LEAST_BAND), 3))
    return tuple(widths)


def fit(
    contract: Contract,
    hands: int | None = None,
    first_hands: int | None = None,
    band_hands: int | None = None,
) -> SpecialCalibration:
    """The calibration of ``contract`` fitted to the first ``hands`` hands of its study
    (all: None); for Nel-O, its first stage to the first ``first_hands`` lines of the
    main study whose hands those are not (all: None), or, when the study played every
    hand of the main study, cross-fitted (``cross_fitted_odds``). Its error bands are
    measured on the study's first ``band_hands`` hands (None or 0: those fitted to; the
    hands beyond them valued by the calibration as written, whose Nel-O first stage may
    have seen them in the main study)."""
    path, key = STUDIES[contract]
    study = read_lines(path)
    lines = study[:hands]
    deals, double_dummy, realistic = counts(lines, key)
    masks = masks_of(lines)
    staged = SpecialCalibration(0.0, 1.0, 0, "", ())
    first: list[dict[str, Any]] = []
    if contract is not Contract.NELLO:
        p = staged.odds_of(double_dummy / deals, masks)
    else:
        played = {line["i"] for line in lines}
        main = read_lines(FIRST_STUDY)
        first = [line for line in main if line["i"] not in played][:first_hands]
        cross = not first
        first = main[:first_hands] if cross else first
        staged = replace(staged, weights=first_stage(first))
        # The first stage's own odds, unclipped; cross-fitted if it saw these hands.
        p = cross_fitted_odds(lines, first) if cross else staged.odds_of(double_dummy / deals, masks)
    z = np.log(p / (1.0 - p))
    intercept, slope = fit_logistic(z, realistic, deals)
    calibration = replace(
        staged,
        intercept=round(intercept, 3),
        slope=round(slope, 3),
        hands=len(lines),
        study=path.name,
        first_hands=len(first),
        first_study=FIRST_STUDY.name if first else "",
    )
    if not band_hands or band_hands == len(lines):
        # The odds of the hands fitted to, as the fit saw them (cross-fitted, for Nel-O, where so).
        fitted = 1.0 / (1.0 + np.exp(-(calibration.intercept + calibration.slope * z)))
        widths = band_widths(fitted, realistic / deals, deals)
        return replace(calibration, widths=widths, band_hands=len(lines))
    lines = study[:band_hands]
    deals, double_dummy, realistic = counts(lines, key)
    fitted = calibration.odds_of(double_dummy / deals, masks_of(lines))
    return replace(calibration, widths=band_widths(fitted, realistic / deals, deals), band_hands=len(lines))


def fit_doubles(
    doubles: NelloDoubles,
    own: SpecialCalibration,
    hands: int | None = None,
    band_hands: int | None = None,
) -> SpecialCalibration:
    """Nel-O's calibration under ``doubles`` (high or low): the first stage of ``own``,
    the own-suit calibration, mapped by a last stage fitted to the first ``hands`` hands
    (all: None) of the treatment's study; its error bands measured on the study's first
    ``band_hands`` hands (None or 0: those fitted to)."""
    path = DOUBLES_STUDIES[doubles]
    study = read_lines(path)
    lines = study[:hands]
    deals, double_dummy, realistic = counts(lines, "nello")
    staged = replace(own, intercept=0.0, slope=1.0)
    p = staged.odds_of(double_dummy / deals, masks_of(lines))
    intercept, slope = fit_logistic(np.log(p / (1.0 - p)), realistic, deals)
    calibration = replace(
        own, intercept=round(intercept, 3), slope=round(slope, 3), hands=len(lines), study=path.name
    )
    lines = study[: band_hands or len(lines)]
    deals, double_dummy, realistic = counts(lines, "nello")
    fitted = calibration.odds_of(double_dummy / deals, masks_of(lines))
    return replace(calibration, widths=band_widths(fitted, realistic / deals, deals), band_hands=len(lines))


def cross_fitted_odds(lines: list[dict[str, Any]], main: list[dict[str, Any]], folds: int = 5) -> np.ndarray:
    """Nel-O's first-stage odds of each hand of ``lines`` from a first stage fitted to the
    lines of ``main`` (the main study) whose hands are not in its fold (hand k of
    ``lines`` in fold k mod ``folds``): no hand's odds come from a fit that saw it, as
    for a hand met later, whose odds come from the first stage fitted to all of
    ``main``."""
    deals, double_dummy, _ = counts(lines, "nello")
    fold = np.arange(len(lines)) % folds
    p = np.empty(len(lines))
    for k in range(folds):
        inside = fold == k
        part = [line for line, f in zip(lines, fold, strict=True) if f == k]
        held = {line["i"] for line in part}
        weights = first_stage([line for line in main if line["i"] not in held])
        staged = SpecialCalibration(0.0, 1.0, 0, "", (), weights)
        p[inside] = staged.odds_of(double_dummy[inside] / deals[inside], masks_of(part))
    return p


def cross_validated_band(features: bool, folds: int = 5) -> float:
    """Nel-O's 95% error band over the listening study's hands, each fold's last stage
    fitted to the other folds (hand k in fold k mod ``folds``): with the first stage
    (``features``), or from logit(p) alone (``error_band``)."""
    calibration = calibrations()[Contract.NELLO]
    lines = read_lines(STUDIES[Contract.NELLO][0])[: calibration.hands]
    deals, double_dummy, realistic = counts(lines, "nello")
    staged = SpecialCalibration(0.0, 1.0, 0, "", (), calibration.weights if features else ())
    p = staged.odds_of(double_dummy / deals, masks_of(lines))
    x = np.log(p / (1.0 - p))
    fold = np.arange(len(lines)) % folds
    fitted = np.empty(len(lines))
    for k in range(folds):
        intercept, slope = fit_logistic(x[fold != k], realistic[fold != k], deals[fold != k])
        fitted[fold == k] = 1.0 / (1.0 + np.exp(-(intercept + slope * x[fold == k])))
    return error_band(fitted, realistic / deals, deals)


def band_of(
    calibration: SpecialCalibration, lines: list[dict[str, Any]], key: str
) -> tuple[float, float, float]:
    """The calibration's ``error_band`` over ``lines``, its mean odds and the playouts'
    mean odds there."""
    deals, double_dummy, realistic = counts(lines, key)
    fitted = calibration.odds_of(double_dummy / deals, masks_of(lines))
    observed = realistic / deals
    return error_band(fitted, observed, deals), float(fitted.mean()), float(observed.mean())


def held_out() -> None:
    """The package's calibrations on each study's hands after those they were fitted to
    (Nel-O and sevens: the listening study's, and Nel-O's with doubles high and low their
    own; splash: the splash study's), beside the hands they were fitted to."""
    studies = [(c.value, calibrations()[c], *STUDIES[c]) for c in STUDIES]
    for doubles, path in DOUBLES_STUDIES.items():
        studies.append((nello_key(doubles), nello_calibrations()[doubles], path, "nello"))
    for name, calibration, path, key in studies:
        lines = read_lines(path)
        parts = (("fitted to", lines[: calibration.hands]), ("held out", lines[calibration.hands :]))
        for part_name, part in parts:
            if part:
                band, fitted, observed = band_of(calibration, part, key)
                print(
                    f"{name}, {part_name} ({len(part)} hand{'s' * (len(part) != 1)}): 95% band {band:.3f}, "
                    f"made {fitted:.1%} expected, {observed:.1%} played out"
                )


def close(a: SpecialCalibration, b: SpecialCalibration) -> bool:
    """Equal but for rounding in the last place of the fitted numbers."""
    same = (a.hands, a.study, a.first_hands, a.first_study, a.band_hands, len(a.weights)) == (
        b.hands,
        b.study,
        b.first_hands,
        b.first_study,
        b.band_hands,
        len(b.weights),
    )
    numbers = np.abs([a.intercept - b.intercept, a.slope - b.slope, *np.subtract(a.widths, b.widths)])
    weights = np.abs(np.subtract(a.weights, b.weights)) if same else np.ones(1)
    return same and numbers.max() <= 0.0011 and weights.max(initial=0.0) <= 2e-6


def calibration_json(results: dict[str, SpecialCalibration]) -> str:
    """The package's ``special_calibration.json`` of these calibrations, by key (Nel-O's
    under doubles high and low without the own-suit first stage they share)."""
    shared = {nello_key(NelloDoubles.HIGH), nello_key(NelloDoubles.LOW)}
    entries = []
    for key, calibration in results.items():
        entry = asdict(calibration)
        if key in shared:
            entry = {k: entry[k] for k in LAST_STAGE}
        entries.append(f" {json.dumps(key)}: {json.dumps(entry)}")
    return "{\n" + ",\n".join(entries) + "\n}\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="refit on the package's hands and compare")
    parser.add_argument(
        "--bands",
        action="store_true",
        help="refit on the package's hands, the error bands measured on every hand of the studies",
    )
    parser.add_argument(
        "--doubles",
        action="store_true",
        help="refit Nel-O with doubles high and low to all their hands, the rest as the package's",
    )
    parser.add_argument("--write", action="store_true", help="write the fit to the package's file")
    parser.add_argument(
        "--cross-validate",
        action="store_true",
        help="Nel-O's band out of sample, with and without its features",
    )
    parser.add_argument(
        "--held-out",
        action="store_true",
        help="the package's fits on the studies' hands played after them",
    )
    args = parser.parse_args()
    if args.held_out:
        held_out()
        return
    if args.cross_validate:
        with_features, without = cross_validated_band(True), cross_validated_band(False)
        print(f"nello, five-fold 95% band: {with_features:.3f} with the features, {without:.3f} without")
        return
    pinned = args.check or args.bands
    results = {}
    known: dict[str, SpecialCalibration] = {}
    for contract in STUDIES:
        k = known[contract.value] = calibrations()[contract]
        hands = (k.hands, k.first_hands or None) if pinned or args.doubles else (None, None)
        band_hands = (k.band_hands or None) if args.check or args.doubles else None
        if args.bands:
            band_hands = len(read_lines(STUDIES[contract][0]))  # every hand of the study
        results[contract.value] = fit(contract, *hands, band_hands)
    for doubles, path in DOUBLES_STUDIES.items():
        k = known[nello_key(doubles)] = nello_calibrations()[doubles]
        band_hands = len(read_lines(path)) if args.bands else k.band_hands if args.check else None
        own = results[Contract.NELLO.value]
        results[nello_key(doubles)] = fit_doubles(doubles, own, k.hands if pinned else None, band_hands)
    for key, calibration in results.items():
        more = f" and {len(calibration.weights) - 2} feature weights" if calibration.weights else ""
        shown = replace(calibration, weights=calibration.weights[:2])
        print(f"{key}: {shown!r}{more}")
    if args.write:
        OUTPUT.write_text(calibration_json(results))
    if args.check and not all(close(results[key], known[key]) for key in results):
        print("the package's calibration differs from the refit", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
