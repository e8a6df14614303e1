"""The special contracts' realistic calibration (``evaluate.special_calibration``) and the
advice that weighs the special contracts on the realistic basis with it."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import texas42
from texas42 import analysis, rules
from texas42.analysis import CalibratedAnalysis, SpecialStats, advise_bid, wilson_interval
from texas42.analysis.specials import CALIBRATED, PLAYED_OUT, SOLVED
from texas42.errors import EvaluatorError
from texas42.evaluate.special_calibration import (
    CLIP,
    SpecialCalibration,
    calibration_of,
    calibrations,
    nello_calibrations,
    nello_key,
    read_calibrations,
    read_nello_calibrations,
)
from texas42.evaluate.special_odds import NELLO_FEATURES, nello_features
from texas42.rules import Auction, Contract, NelloDoubles, parse_hand

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
DATA = BENCHMARKS / "data"
NELLO_HAND = "6-0 5-1 4-0 3-1 2-0 1-0 0-0"


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def test_the_calibration_maps_double_dummy_odds_by_its_constants() -> None:
    sevens, splash = calibrations()[Contract.SEVENS], calibrations()[Contract.SPLASH]
    # Splash at 58% double-dummy: sigmoid(-1.09 + 0.752 * logit(0.58)), about 30% at a real table.
    assert splash.odds(0.58) == pytest.approx(
        sigmoid(splash.intercept + splash.slope * math.log(0.58 / 0.42))
    )
    assert splash.odds(0.58) == pytest.approx(0.3000, abs=1e-4)
    assert sevens.odds(0.2) == pytest.approx(sigmoid(sevens.intercept + sevens.slope * math.log(0.25)))
    assert calibrations()[Contract.PLUNGE] is splash  # one game
    for calibration in (sevens, splash):
        assert calibration.odds(0.0) == calibration.odds(CLIP)
        assert calibration.odds(1.0) == calibration.odds(1.0 - CLIP)
        grid = [calibration.odds(p) for p in np.linspace(0.0, 1.0, 101)]
        assert grid == sorted(grid)
    # Within the studies' odds, splash and sevens are made less often than double-dummy
    # says (no studied hand made sevens 40% of the time double-dummy).
    assert all(splash.odds(p) < p for p in (0.2, 0.5, 0.8))
    assert all(sevens.odds(p) < p for p in (0.05, 0.1, 0.2, 0.3))


def test_nello_s_calibration_is_its_two_stages() -> None:
    """Nel-O's: the first stage's log-odds from logit(p) and the hand's Nel-O features,
    mapped by the last stage; for one hand, rising with the double-dummy odds."""
    nello = calibrations()[Contract.NELLO]
    assert len(nello.weights) == 2 + NELLO_FEATURES
    hand = parse_hand(NELLO_HAND).mask
    features = nello_features(np.array([hand]), NelloDoubles.OWN_SUIT)[0].astype(np.float64)
    first = nello.weights[0] + nello.weights[1] * math.log(0.3 / 0.7) + features @ np.array(nello.weights[2:])
    assert nello.odds(0.3, hand) == pytest.approx(sigmoid(nello.intercept + nello.slope * first))
    grid = [nello.odds(p, hand) for p in np.linspace(0.0, 1.0, 101)]
    assert grid == sorted(grid)
    with pytest.raises(EvaluatorError, match="needs the hands"):
        nello.odds_of(np.array([0.3]))


def test_on_the_study_s_hands_nello_is_made_as_played_out() -> None:
    """On the listening study's hands the calibrated odds average what the playouts made
    (within a point: the fit's own property), several times the double-dummy odds."""
    lines = [json.loads(line) for line in (DATA / "specials_listening_study.jsonl").read_text().splitlines()]
    lines = lines[: calibrations()[Contract.NELLO].hands]
    masks = np.array([parse_hand(x["hand"]).mask for x in lines], dtype=np.int64)
    deals = np.array([x["deals"] for x in lines], dtype=np.float64)
    double_dummy, played = (np.array([x["nello"][k] for x in lines]) / deals for k in (0, 1))
    calibrated = calibrations()[Contract.NELLO].odds_of(double_dummy, masks)
    assert calibrated.mean() == pytest.approx(played.mean(), abs=0.01)
    assert calibrated.mean() > 2.5 * double_dummy.mean()


def test_nello_with_doubles_high_or_low_has_a_last_stage_of_its_own() -> None:
    """High and low keep the own-suit first stage (the same weights, the same features)
    and map it by their own study's fit: the same hand and double-dummy odds become other
    realistic odds, each the sigmoid of its own constants."""
    own = calibrations()[Contract.NELLO]
    assert calibration_of(Contract.NELLO) == own == nello_calibrations()[NelloDoubles.OWN_SUIT]
    assert calibration_of(Contract.SEVENS, NelloDoubles.HIGH) is calibrations()[Contract.SEVENS]
    hand = parse_hand(NELLO_HAND).mask
    staged = replace(own, intercept=0.0, slope=1.0).odds(0.3, hand)
    first = math.log(staged / (1.0 - staged))
    for doubles in (NelloDoubles.HIGH, NelloDoubles.LOW):
        calibration = calibration_of(Contract.NELLO, doubles)
        assert calibration.weights == own.weights and calibration.first_study == own.first_study
        assert calibration.study == f"specials_listening_{doubles.value}_study.jsonl"
        assert (calibration.intercept, calibration.slope) != (own.intercept, own.slope)
        expected = sigmoid(calibration.intercept + calibration.slope * first)
        assert calibration.odds(0.3, hand) == pytest.approx(expected)
        assert calibration.odds(0.3, hand) != pytest.approx(own.odds(0.3, hand), abs=1e-3)


@pytest.mark.parametrize("doubles", [NelloDoubles.HIGH, NelloDoubles.LOW])
def test_on_its_study_s_hands_nello_high_or_low_is_made_as_played_out(doubles: NelloDoubles) -> None:
    """On the hands its last stage was fitted to, each treatment's calibration averages
    what the playouts made (the fit's own property), where the own-suit calibration,
    applied to doubles high, missed by several points (14.0% against 17.8% on 391 hands)."""
    calibration = nello_calibrations()[doubles]
    path = DATA / calibration.study
    lines = [json.loads(line) for line in path.read_text().splitlines()][: calibration.hands]
    assert all(x["doubles"] == doubles.value for x in lines)
    masks = np.array([parse_hand(x["hand"]).mask for x in lines], dtype=np.int64)
    deals = np.array([x["deals"] for x in lines], dtype=np.float64)
    double_dummy, played = (np.array([x["nello"][k] for x in lines]) / deals for k in (0, 1))
    assert calibration.odds_of(double_dummy, masks).mean() == pytest.approx(played.mean(), abs=0.005)
    if doubles is NelloDoubles.HIGH:
        own = calibrations()[Contract.NELLO].odds_of(double_dummy, masks).mean()
        assert played.mean() - own > 0.03


def test_the_band_is_the_width_of_the_odds_bin() -> None:
    nello = calibrations()[Contract.NELLO]
    assert [nello.width(p) for p in (0.05, 0.3, 0.95)] == list(nello.widths)


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


def test_the_package_s_calibration_is_the_fit_of_the_studies(fitting: ModuleType) -> None:
    for contract in (Contract.NELLO, Contract.SEVENS, Contract.SPLASH):
        known = calibrations()[contract]
        refit = fitting.fit(contract, known.hands, known.first_hands or None, known.band_hands)
        assert fitting.close(refit, known), contract
        assert not fitting.close(replace(refit, slope=refit.slope + 0.01), known)
    for doubles in (NelloDoubles.HIGH, NelloDoubles.LOW):
        known = nello_calibrations()[doubles]
        own = calibrations()[Contract.NELLO]
        refit = fitting.fit_doubles(doubles, own, known.hands, known.band_hands)
        assert fitting.close(refit, known), doubles
        assert not fitting.close(replace(refit, intercept=refit.intercept + 0.01), known)


def test_the_written_file_reads_back_as_the_package_s(fitting: ModuleType) -> None:
    """``--write``'s document, read back, gives every calibration of the package (Nel-O
    high and low sharing the own-suit first stage it does not repeat)."""
    results = {c.value: calibrations()[c] for c in (Contract.NELLO, Contract.SEVENS, Contract.SPLASH)}
    results |= {nello_key(d): nello_calibrations()[d] for d in (NelloDoubles.HIGH, NelloDoubles.LOW)}
    text = fitting.calibration_json(results)
    assert read_calibrations(text) == calibrations()
    assert read_nello_calibrations(text) == nello_calibrations()
    assert "weights" not in json.loads(text)["nello-high"]


def test_a_refit_of_nello_on_every_hand_cross_fits_its_first_stage(fitting: ModuleType) -> None:
    """Once the listening study has played every hand of the main study, no first stage
    can be fitted to other hands: each fold's first-stage odds come from a fit without
    its hands (checked for one fold against such a fit made here), which differ from
    the odds of a fit that saw them; and the whole refit runs on it."""
    lines = fitting.read_lines(fitting.STUDIES[Contract.NELLO][0])[:60]
    main = fitting.read_lines(fitting.FIRST_STUDY)[:400]
    p = fitting.cross_fitted_odds(lines, main, folds=5)
    fold = lines[2::5]
    held = {line["i"] for line in fold}
    deals, double_dummy, _ = fitting.counts(fold, "nello")
    without = SpecialCalibration(
        0.0, 1.0, 0, "", (), fitting.first_stage([x for x in main if x["i"] not in held])
    )
    assert np.allclose(p[2::5], without.odds_of(double_dummy / deals, fitting.masks_of(fold)))
    deals, double_dummy, _ = fitting.counts(lines, "nello")
    seen = SpecialCalibration(0.0, 1.0, 0, "", (), fitting.first_stage(main))
    assert not np.allclose(p, seen.odds_of(double_dummy / deals, fitting.masks_of(lines)), atol=1e-3)
    refit = fitting.fit(Contract.NELLO)  # the listening study holds every hand of the main study
    assert refit.first_hands == refit.hands == 2000
    assert 0.5 <= refit.slope <= 1.5 and len(refit.weights) == len(seen.weights)


def test_the_band_of_the_package_s_fit_on_its_own_hands(fitting: ModuleType) -> None:
    """``--held-out``'s band, on the hands the fit saw, is the in-sample band the package
    reports for Nel-O's middle bin or near it, and its mean odds are the playouts' (a
    maximum-likelihood logistic fit matches the made counts on average)."""
    nello = calibrations()[Contract.NELLO]
    lines = fitting.read_lines(fitting.STUDIES[Contract.NELLO][0])[: nello.hands]
    band, fitted, observed = fitting.band_of(nello, lines, "nello")
    assert 0.12 <= band <= 0.17
    assert fitted == pytest.approx(observed, abs=0.002)


# --- the advice ---------------------------------------------------------------------------------


WEAK = "6-4 5-5 4-2 3-1 2-0 1-1 0-0"


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
NELLO_30 = SpecialStats(Contract.NELLO, 100, 30, 2)  # realistic, with WEAK's dominoes: 53%


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
    assert nello.make == calibrations()[Contract.NELLO].odds(0.3, parse_hand(WEAK).mask)
    assert nello.make == pytest.approx(0.528, abs=1e-3) and nello.make_double_dummy == 0.3
    band = calibrations()[Contract.NELLO].widths[2]  # widened by the sampling error of 30 in 100:
    sampled = calibrations()[Contract.NELLO].odds(wilson_interval(30, 100).low, parse_hand(WEAK).mask)
    assert nello.make - sampled == pytest.approx(0.049, abs=1e-3)
    assert nello.make_ci95 is not None
    assert nello.make_ci95.low == pytest.approx(nello.make - math.hypot(band, nello.make - sampled))
    assert nello.expected_marks == pytest.approx(2 * (2 * nello.make - 1))
    assert realistic.special_instead == nello
    advice = advise_bid(realistic, Auction())
    assert (advice.contract, advice.bid, advice.make) == (Contract.NELLO, 84, nello.make)
    rungs = {r.contract: r for r in advice.specials}
    assert rungs[Contract.SPLASH].how == CALIBRATED and not rungs[Contract.SPLASH].makes
    assert rungs[Contract.SPLASH].make_double_dummy == 0.8
    # Double-dummy, the same Nel-O is not made often enough and splash is bid.
    assert advise_bid(double_dummy, Auction()).contract is Contract.SPLASH


def test_analyze_weighs_nello_under_the_house_s_doubles_by_their_own_calibration() -> None:
    """``analyze`` with doubles high calibrates its solved Nel-O odds with the high fit,
    not the own-suit one."""
    hand = parse_hand(NELLO_HAND)
    house = rules.HouseRules(nello_doubles=NelloDoubles.HIGH)
    result = texas42.analyze(hand, deals=60, seed=3, trumps=["blanks"], house=house)
    solved = next(s for s in result.specials if s.contract is Contract.NELLO)
    nello = next(o for o in result.advised_specials if o.contract is Contract.NELLO)
    assert solved.doubles is NelloDoubles.HIGH and nello.how == CALIBRATED
    assert nello.make == nello_calibrations()[NelloDoubles.HIGH].odds(solved.make, hand.mask)
    assert nello.make != pytest.approx(calibrations()[Contract.NELLO].odds(solved.make, hand.mask), abs=1e-3)


def test_played_out_specials_are_taken_as_played() -> None:
    realistic = _weak(SPLASH_80, NELLO_30, realistic=True)
    assert realistic.realistic is not None
    played = replace(realistic.realistic, specials=(SpecialStats(Contract.NELLO, 100, 45, 2),))
    splash, nello = replace(realistic, realistic=played).advised_specials
    assert (splash.how, nello.how) == (CALIBRATED, PLAYED_OUT)
    assert (nello.make, nello.make_double_dummy) == (0.45, 0.3)
    assert nello.make_ci95 == SpecialStats(Contract.NELLO, 100, 45, 2).make_ci95
    played_on_40 = replace(played, specials=(SpecialStats(Contract.NELLO, 40, 18, 2),))
    splash, nello_40 = replace(realistic, realistic=played_on_40).advised_specials
    assert (splash.deals, nello_40.deals) == (SPLASH_80.deals, 40)  # calibrated from its own, played on 40
