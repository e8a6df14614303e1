"""The special contracts' realistic calibration (``evaluate.special_calibration``) and the
advice that weighs the special contracts on the realistic basis with it."""

from __future__ import annotations

import importlib.util
import math
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from texas42 import analysis, rules
from texas42.analysis import CalibratedAnalysis, SpecialStats, advise_bid
from texas42.analysis.specials import CALIBRATED, PLAYED_OUT, SOLVED
from texas42.evaluate.special_calibration import CALIBRATIONS, CLIP, realistic_special_odds
from texas42.rules import Auction, Contract

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def test_the_calibration_maps_double_dummy_odds_by_its_constants() -> None:
    nello, splash = CALIBRATIONS[Contract.NELLO], CALIBRATIONS[Contract.SPLASH]
    # Nel-O at 20% double-dummy: sigmoid(1.072 + 0.789 * logit(0.2)) = sigmoid(-0.0217).
    assert nello.odds(0.2) == pytest.approx(sigmoid(1.072 + 0.789 * math.log(0.25)))
    assert nello.odds(0.2) == pytest.approx(0.4946, abs=1e-4)
    # Splash at 58% double-dummy is made about 30% of the time at a real table.
    assert realistic_special_odds(Contract.SPLASH, 0.58) == pytest.approx(0.3000, abs=1e-4)
    assert CALIBRATIONS[Contract.PLUNGE] is splash  # one game
    for calibration in CALIBRATIONS.values():
        assert calibration.odds(0.0) == calibration.odds(CLIP)
        assert calibration.odds(1.0) == calibration.odds(1.0 - CLIP)
        grid = [calibration.odds(p) for p in np.linspace(0.0, 1.0, 101)]
        assert grid == sorted(grid)
    # Within the studies' odds, Nel-O is made more often than double-dummy says, plunge,
    # splash and sevens less (no studied hand made sevens 40% of the time double-dummy).
    assert all(nello.odds(p) > p for p in (0.05, 0.2, 0.5, 0.8))
    assert all(splash.odds(p) < p for p in (0.2, 0.5, 0.8))
    assert all(realistic_special_odds(Contract.SEVENS, p) < p for p in (0.05, 0.1, 0.2, 0.3))


def test_the_band_is_the_width_of_the_odds_bin_within_zero_and_one() -> None:
    nello = CALIBRATIONS[Contract.NELLO]
    assert nello.band(0.1) == (0.0, pytest.approx(0.1 + nello.widths[0]))
    assert nello.band(0.3) == (pytest.approx(0.3 - nello.widths[1]), pytest.approx(0.3 + nello.widths[1]))
    assert nello.band(0.95) == (pytest.approx(0.95 - nello.widths[2]), 1.0)


@pytest.fixture(scope="module")
def fitting() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(
        "fit_special_calibration", BENCHMARKS / "fit_special_calibration.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fit_recovers_a_known_calibration(fitting: ModuleType) -> None:
    """2,000 hands of 200 deals from sigmoid(0.5 + 0.8 logit p): the estimates' standard
    errors are about 0.01, so a miss of 0.05 would be a five-sigma event (seed fixed)."""
    rng = np.random.default_rng(2026)
    p = rng.uniform(0.02, 0.98, 2000)
    x = np.log(p / (1 - p))
    deals = np.full(2000, 200.0)
    made = rng.binomial(200, 1 / (1 + np.exp(-(0.5 + 0.8 * x)))).astype(np.float64)
    intercept, slope = fitting.fit_logistic(x, made, deals)
    assert intercept == pytest.approx(0.5, abs=0.05) and slope == pytest.approx(0.8, abs=0.05)


def test_the_constants_are_the_fit_of_the_studies(fitting: ModuleType) -> None:
    for contract in (Contract.NELLO, Contract.SEVENS, Contract.SPLASH):
        assert fitting.fit(contract, CALIBRATIONS[contract].hands) == CALIBRATIONS[contract]


# --- the advice ---------------------------------------------------------------------------------


def _weak(*specials: SpecialStats, realistic: bool) -> analysis.HandAnalysis:
    """A weak hand's analysis (sixes makes 30 in 3 of 10 deals: a pass) with these
    specials, on the realistic basis (calibrated) or double-dummy."""
    trumps = (analysis.TrumpStats.from_points(rules.Declaration.SIXES, np.array([30, 30, 30] + [20] * 7)),)
    rec = analysis.recommend(trumps, 0.5).confirmed(3, 10)
    hand = analysis.HandAnalysis(
        rules.parse_hand("6-4 5-5 4-2 3-1 2-0 1-1 0-0"), 10, 0, 0.5, trumps, trumps, rec
    )
    result = replace(hand, specials=specials)
    return replace(result, realistic=CalibratedAnalysis("2", 10, trumps, rec)) if realistic else result


SPLASH_80 = SpecialStats(Contract.SPLASH, 100, 80, 2)  # realistic: sigmoid(-1.09 + 0.752 logit 0.8) = 49%
NELLO_30 = SpecialStats(Contract.NELLO, 100, 30, 2)  # realistic: 60%


def test_the_realistic_advice_weighs_the_specials_calibrated() -> None:
    double_dummy = _weak(SPLASH_80, NELLO_30, realistic=False)
    assert [o.how for o in double_dummy.advised_specials] == [SOLVED, SOLVED]
    assert double_dummy.special_instead is not None
    assert double_dummy.special_instead.contract is Contract.SPLASH
    realistic = _weak(SPLASH_80, NELLO_30, realistic=True)
    splash, nello = realistic.advised_specials
    assert (splash.how, nello.how) == (CALIBRATED, CALIBRATED)
    assert (
        splash.make == pytest.approx(sigmoid(-1.09 + 0.752 * math.log(4))) == pytest.approx(0.488, abs=1e-3)
    )
    assert nello.make == pytest.approx(0.5994, abs=1e-3) and nello.make_double_dummy == 0.3
    assert nello.make_ci95 is not None and nello.make_ci95.low == pytest.approx(nello.make - 0.18)
    assert nello.expected_marks == pytest.approx(2 * (2 * nello.make - 1))
    assert realistic.special_instead == nello
    advice = advise_bid(realistic, Auction())
    assert (advice.contract, advice.bid, advice.make) == (Contract.NELLO, 84, nello.make)
    rungs = {r.contract: r for r in advice.specials}
    assert rungs[Contract.SPLASH].how == CALIBRATED and not rungs[Contract.SPLASH].makes
    assert rungs[Contract.SPLASH].make_double_dummy == 0.8
    # Double-dummy, the same Nel-O is not made often enough and splash is bid.
    assert advise_bid(double_dummy, Auction()).contract is Contract.SPLASH


def test_played_out_specials_are_taken_as_played() -> None:
    realistic = _weak(SPLASH_80, NELLO_30, realistic=True)
    assert realistic.realistic is not None
    played = replace(realistic.realistic, specials=(SpecialStats(Contract.NELLO, 100, 45, 2),))
    splash, nello = replace(realistic, realistic=played).advised_specials
    assert (splash.how, nello.how) == (CALIBRATED, PLAYED_OUT)
    assert (nello.make, nello.make_double_dummy) == (0.45, 0.3)
    assert nello.make_ci95 == SpecialStats(Contract.NELLO, 100, 45, 2).make_ci95
