"""The instant hand evaluator (``texas42 quick``): its features, its estimates against
full analyses, the recommendation policy over arrays, the command and its JSON."""

from __future__ import annotations

import io
import json
import multiprocessing
from collections.abc import Callable
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import texas42
from cli_runner import invoke
from texas42 import evaluate
from texas42.analysis import TrumpStats, quick_hand, quick_recommend, recommend
from texas42.analysis.calibrated import calibration_bands
from texas42.analysis.statistics import mean_interval
from texas42.errors import ArgumentTypeError, EvaluatorError, PackageDataError, Texas42Error
from texas42.evaluate import estimates
from texas42.evaluate import model as model_module
from texas42.evaluate.calibration import calibrate
from texas42.evaluate.features import ORDERS, features, takes_all
from texas42.evaluate.model import SAFE_LOGIT, Head, _logit_bound
from texas42.evaluate.special_odds import read_special_model
from texas42.io.documents import quick_to_json
from texas42.report.wording import error_band_phrase
from texas42.rules import (
    BIDS,
    COUNT,
    DECLARATIONS,
    HIGH_END,
    LOW_END,
    PASS,
    TRUMP,
    Declaration,
    Hand,
    HouseRules,
    parse_hand,
    rank,
)

SIXES = "6-6 6-5 6-4 6-3 6-2 6-1 6-0"

hands = st.lists(st.integers(0, 27), min_size=7, max_size=7, unique=True).map(
    lambda ds: sum(1 << d for d in ds)
)


def random_masks(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([sum(1 << int(d) for d in rng.choice(28, 7, replace=False)) for _ in range(n)])


# --- Features ---------------------------------------------------------------------------


@pytest.mark.parametrize("declaration", DECLARATIONS)
def test_each_declaration_sees_its_trumps_first_by_power(declaration: Declaration) -> None:
    top = [int(d) for d in ORDERS[declaration][:7]]
    assert sorted(ORDERS[declaration]) == list(range(28))
    if declaration is Declaration.FOLLOW_ME:
        assert top == [27, 20, 14, 9, 5, 2, 0]  # the doubles, 6-6 down
    else:
        assert sum(1 << d for d in top) == declaration.trumps
        ranks = [rank(d, TRUMP, declaration) for d in top]
        assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == 7


@pytest.mark.parametrize("suit", range(1, 7))
def test_every_pip_suit_sees_the_off_dominoes_alike(suit: int) -> None:
    """The off dominoes of a pip suit, renamed by rank, fall in the same slots as blanks'."""

    def renamed(t: int, d: int) -> tuple[int, int]:
        off = [p for p in range(7) if p != t]
        return off.index(HIGH_END[d]), off.index(LOW_END[d])

    assert [renamed(suit, int(d)) for d in ORDERS[suit][7:]] == [renamed(0, int(d)) for d in ORDERS[0][7:]]


def _plain_features(mask: int, declaration: Declaration) -> list[float]:
    """The features spelled out one hand and one declaration at a time."""
    held = [d for d in range(28) if mask >> d & 1]
    trumps = [d for d in held if declaration.trumps >> d & 1]
    off = [d for d in held if d not in trumps]
    order = [int(d) for d in ORDERS[declaration]]
    bits = [float(mask >> d & 1) for d in order]
    kind = [float(declaration < 7), float(declaration == 7), float(declaration == 8)]
    count = [float(d in held) for d in (20, 25, 15, 11, 8)]  # 5-5 6-4 5-0 4-1 3-2
    count_trump = [float(d in trumps) for d in (20, 25, 15, 11, 8)]
    run = 0
    while run < 7 and order[run] in held:
        run += 1
    pips = [p for p in range(7) if declaration >= 7 or p != declaration]
    per_suit = [sum(p in (HIGH_END[d], LOW_END[d]) for d in off) for p in pips]
    extras = [
        len(trumps) / 7,
        run / 7,
        sum(HIGH_END[d] == LOW_END[d] for d in off) / 7,
        sum(n > 0 for n in per_suit) / 7,
        sum(n == 0 for n in per_suit) / 7,
        max(per_suit) / 7,
        sum(COUNT[d] for d in held) / 35,
        sum(COUNT[d] for d in off) / 35,
        sum(HIGH_END[d] == LOW_END[d] for d in held) / 7,
    ]
    return bits + kind + count + count_trump + extras


@settings(max_examples=30, deadline=None)
@given(hands)
def test_the_features_are_those_spelled_out(mask: int) -> None:
    x = features(np.array([mask]))
    for declaration in DECLARATIONS:
        assert x[0, declaration] == pytest.approx(_plain_features(mask, declaration))


# --- Estimates ----------------------------------------------------------------------------


def test_the_odds_are_a_distribution_and_fall_with_the_bid() -> None:
    e = evaluate.estimate(random_masks(200, 1))
    assert e.distribution.shape == (200, 9, 43)
    assert np.allclose(e.distribution.sum(axis=-1), 1.0)
    assert (e.distribution >= 0).all()
    assert np.allclose(e.at_least[..., 0], 1.0)
    assert (np.diff(e.make[..., :-1], axis=-1) <= 1e-12).all()
    assert np.array_equal(e.make[..., BIDS.index(84)], e.make[..., BIDS.index(42)])
    assert np.allclose(e.expected_points, e.distribution @ np.arange(43))


def test_a_batch_gives_what_each_hand_gives_alone() -> None:
    """The same hands in a batch of the same size: the same bits. A hand alone: the same to
    about 1e-8 (single-precision products may sum in another order for another batch size,
    as OpenBLAS does on AVX-512 machines), the same advice."""
    masks = random_masks(40, 2)
    batch = evaluate.estimate(masks)
    deals = evaluate.estimate(masks.reshape(10, 4))
    assert deals.make.shape == (10, 4, 9, 14) and deals.bid.shape == (10, 4)
    assert np.allclose(deals.make.reshape(40, 9, 14), batch.make, rtol=0, atol=1e-12)
    for i in (0, 17, 39):
        alone = evaluate.estimate(int(masks[i]))
        assert alone.bid.shape == ()
        assert np.allclose(alone.make, batch.make[i], rtol=0, atol=1e-6)
        assert alone.bid == batch.bid[i] and alone.trump == batch.trump[i]
        one = quick_hand(Hand(int(masks[i])))
        assert one.double_dummy.recommendation.bid == batch.bid[i]
        assert one.double_dummy.recommendation.declaration == batch.trump[i]
        realistic = evaluate.estimate(int(masks[i]), head="realistic")
        assert (one.recommendation.bid, one.recommendation.declaration) == (realistic.bid, realistic.trump)
        assert one.trumps[3].make(34) == pytest.approx(batch.make[i, 3, BIDS.index(34)], abs=1e-6)


def test_a_hand_s_figures_do_not_depend_on_the_threads() -> None:
    """Batches are split into parts (``estimates.parts``, by their size alone) valued on
    several threads: the same figures to the last bit whatever the threads; split
    otherwise, the same to about 1e-8 (the matrix products' last bits)."""
    for n in (0, 1, 255, 511, 512, 2048, 2049, 5000):
        slices = estimates.parts(n)
        covered = np.concatenate([np.arange(n)[part] for part in slices]) if slices else np.arange(0)
        assert np.array_equal(covered, np.arange(n))
        assert all(part.stop - part.start <= estimates.CHUNK for part in slices)
        assert n < 2 * estimates.MIN_PART or len(slices) % 2 == 0
    masks = random_masks(1300, 9)
    whole = evaluate.estimate(masks, head="realistic", threads=2)
    assert len(estimates.parts(masks.size)) == 2
    for threads in (1, 3):
        again = evaluate.estimate(masks, head="realistic", threads=threads)
        assert np.array_equal(again.distribution, whole.distribution)
    for size in (1, 97, 700):
        pieces = [
            evaluate.estimate(masks[start : start + size], head="realistic")
            for start in range(0, masks.size, size)
        ]
        assert np.abs(np.concatenate([p.distribution for p in pieces]) - whole.distribution).max() < 1e-6


def _estimate_in_child(masks: np.ndarray, out: Any) -> None:
    out.put(evaluate.estimate(masks, threads=2).expected_points)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no fork here")
def test_a_forked_process_values_hands_on_threads_of_its_own() -> None:
    """The evaluator keeps its threads from call to call; a process forked afterwards (a
    multiprocessing pool, say) has none of them and must not wait for them."""
    masks = random_masks(600, 8)
    assert len(estimates.parts(masks.size)) == 2
    here = evaluate.estimate(masks, threads=2).expected_points  # the threads start here
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    child = context.Process(target=_estimate_in_child, args=(masks, out))
    child.start()
    child.join(60)
    if child.is_alive():
        child.kill()
        pytest.fail("the forked process waited for threads it does not have")
    assert np.array_equal(out.get(timeout=10), here)


def _plain_distribution(head: Head, x: np.ndarray) -> np.ndarray:
    """A head's distribution in double precision, the softmax shifted by the row's maximum."""
    total = np.zeros((x.shape[0], 43))
    for layers in head.weights:
        h = x.astype(np.float64)
        for w, b in layers[:-1]:
            h = np.tanh(h @ w + b)
        z = h @ layers[-1][0] + layers[-1][1]
        z = np.exp(z - z.max(axis=1, keepdims=True))
        total += z / z.sum(axis=1, keepdims=True)
    return total / len(head.weights)


def test_the_networks_compute_what_they_say() -> None:
    """Single precision, reused scratch arrays and a softmax without its shift where the
    logits are small: within 1e-6 of a plain double-precision evaluation; with logits too
    large for that (weights scaled up), the shift is made."""
    head = evaluate.load_model().head(evaluate.DOUBLE_DUMMY)
    x = features(random_masks(300, 4)).reshape(-1, 50)
    assert np.abs(head.distribution(x) - _plain_distribution(head, x)).max() < 1e-6
    steep = replace(
        head, weights=tuple((*layers[:-1], (20 * layers[-1][0], layers[-1][1])) for layers in head.weights)
    )
    assert _logit_bound(*steep.weights[0][-1]) > SAFE_LOGIT
    got = steep.distribution(x)
    assert np.isfinite(got).all()
    assert np.abs(got - _plain_distribution(steep, x)).max() < 1e-5


@pytest.mark.parametrize("confidence", [0.5, 0.3, 0.8])
def test_the_policy_over_arrays_is_the_analysis_policy(confidence: float) -> None:
    """On random histograms, with ties (few deals), ``recommend_many`` recommends what
    ``analysis.hand.recommend`` does."""
    rng = np.random.default_rng(5)
    deals = 6
    for _ in range(150):
        histograms = rng.multinomial(deals, rng.dirichlet(np.full(43, 0.3)), size=9)
        if rng.random() < 0.3:
            histograms[rng.integers(0, 9, 4)] = histograms[rng.integers(0, 9)]
        stats = [
            TrumpStats(
                Declaration(k),
                deals,
                tuple(int(c) for c in histograms[k]),
                *mean_interval(np.repeat(np.arange(43), histograms[k])),
            )
            for k in range(9)
        ]
        make = np.array([[s.make(b) for b in BIDS] for s in stats])
        points = np.array([s.expected_points for s in stats])
        bid, trump = evaluate.recommend_many(make[None], points[None], confidence)
        expected = recommend(stats, confidence)
        assert (int(bid[0]), int(trump[0])) == (expected.bid, expected.declaration)


def test_quick_recommends_by_the_analysis_policy() -> None:
    for mask in random_masks(30, 3):
        result = quick_hand(Hand(int(mask)), 0.6)
        assert result.realistic is not None
        for estimate, head in ((result.double_dummy, "double_dummy"), (result.realistic, "realistic")):
            assert quick_recommend(estimate.trumps, 0.6) == estimate.recommendation
            assert evaluate.estimate(int(mask), head=head, confidence=0.6).bid == estimate.recommendation.bid


def test_all_six_sixes_bid_84() -> None:
    result = texas42.quick(SIXES)
    assert result.recommendation.bid == 84
    assert result.recommendation.declaration in (Declaration.SIXES, Declaration.FOLLOW_ME)
    assert result.double_dummy.stats(Declaration.SIXES).make(84) == 1.0


SETTLED = [
    ("6-6 6-5 6-4 6-3 6-2 6-1 6-0", Declaration.SIXES),
    ("6-6 6-5 6-4 6-3 5-5 4-4 0-0", Declaration.SIXES),
    ("2-2 6-2 5-2 4-2 3-2 6-6 1-1", Declaration.DEUCES),
    ("6-6 5-5 4-4 3-3 2-2 1-1 0-0", Declaration.DOUBLES),
    ("6-0 5-0 4-0 3-0 2-0 1-0 0-0", Declaration.BLANKS),
    ("6-6 5-5 4-4 3-3 6-5 6-4 5-4", Declaration.FOLLOW_ME),  # each domino the top of its suit
    ("6-6 5-5 4-4 3-3 6-5 6-4 5-4", Declaration.DOUBLES),  # the top four doubles draw the rest
]
NOT_SETTLED = [
    "6-6 6-5 6-4 6-3 5-5 4-4 1-0",  # a single off trump
    "6-6 6-5 6-4 6-2 5-5 4-4 0-0",  # 6-3 missing: not the top four
    "6-6 6-5 6-4 5-5 4-4 3-3 1-0",  # three sixes only, and 1-0 can lose at follow-me
]


def test_the_hands_the_rules_settle() -> None:
    settled = takes_all(np.array([parse_hand(h).mask for h, _ in SETTLED]))
    for row, (_, declaration) in zip(settled, SETTLED, strict=True):
        assert row[declaration]
    assert list(np.flatnonzero(settled[0])) == [Declaration.SIXES, Declaration.FOLLOW_ME]
    assert list(np.flatnonzero(settled[4])) == [Declaration.BLANKS]
    assert not takes_all(np.array([parse_hand(h).mask for h in NOT_SETTLED])).any()
    e = evaluate.estimate(np.array([parse_hand(h).mask for h, _ in SETTLED]))
    for i, (_, declaration) in enumerate(SETTLED):
        assert e.make[i, declaration, -1] == 1.0 and e.expected_points[i, declaration] == 42.0
        assert e.bid[i] == 84


@pytest.mark.parametrize(("hand", "declaration"), SETTLED[1:4] + SETTLED[5:])
def test_the_engine_agrees_that_settled_hands_take_all(hand: str, declaration: Declaration) -> None:
    result = texas42.analyze(hand, deals=40, seed=3, trumps=[declaration], house=HouseRules(specials=False))
    assert result.stats(declaration).make(42) == 1.0


def test_every_hand_the_rules_settle_takes_all_on_every_deal() -> None:
    """Strong hands drawn from the 14 highest dominoes: every declaration ``takes_all``
    settles gives all 42 points on every one of 20 deals, double-dummy (and every trump
    hand with its top four trumps and nothing but doubles besides is among them)."""
    rng = np.random.default_rng(7)
    high = [d for d in range(28) if HIGH_END[d] + LOW_END[d] >= 6]
    masks = np.array([sum(1 << int(d) for d in rng.choice(high, 7, replace=False)) for _ in range(3000)])
    settled = takes_all(masks)
    pairs = list(zip(*np.nonzero(settled), strict=True))
    assert len(pairs) >= 15
    for i, k in pairs[:60]:
        deals = texas42.deal.sample_deals(Hand(int(masks[i])), 20, np.random.default_rng(int(i)))
        values = texas42.engine.solve_deals(deals, [DECLARATIONS[k]]).points
        assert (values == 42).all(), (Hand(int(masks[i])), DECLARATIONS[k])


# Held-out hands of the study (benchmarks/study_hands.py: hand i, i % 5 == 0, which the
# model is never fitted to) with their full double-dummy analysis (every trump on the same
# 500 deals): the best trump's odds of 30, the expected points with sixes, the bid.
ANALYSED = [
    ("6-2 5-2 5-0 4-1 4-0 1-1 1-0", 0.634, 19.14, 34),  # i=0
    ("6-3 5-3 4-4 2-2 2-1 1-1 1-0", 0.724, 24.48, 41),  # i=5
    ("6-4 6-2 5-3 4-3 3-3 3-2 2-0", 0.802, 27.08, 41),  # i=10
    ("6-6 6-3 6-2 5-2 5-1 3-0 1-0", 0.558, 29.96, 31),  # i=15
    ("6-3 6-1 5-4 5-2 4-4 4-0 2-0", 0.596, 22.58, 34),  # i=20
    ("6-4 6-2 6-1 5-4 5-1 3-0 0-0", 0.552, 29.92, 31),  # i=25
    ("6-5 5-2 4-3 3-2 2-2 2-0 1-0", 0.790, 19.29, 41),  # i=30
    ("6-4 6-3 6-2 6-0 4-2 3-1 1-0", 0.658, 32.88, 34),  # i=35
    ("5-0 4-2 4-0 3-2 3-1 2-2 0-0", 0.826, 19.58, 41),  # i=40
    ("6-2 5-4 5-3 5-0 3-3 3-0 0-0", 0.756, 20.76, 40),  # i=45
    ("6-6 5-3 5-1 4-3 4-2 4-1 3-0", 0.490, 19.71, PASS),  # i=50
    ("6-6 5-1 4-4 4-1 4-0 3-1 2-0", 0.788, 22.09, 36),  # i=55
    ("6-6 6-0 4-3 3-2 2-1 2-0 0-0", 0.872, 29.64, 84),  # i=60
    ("6-6 6-5 6-0 4-4 4-3 4-2 2-1", 0.898, 38.60, 84),  # i=65
]


def test_the_estimates_are_close_to_full_analyses() -> None:
    """Tolerances: the best trump's odds of 30 within 0.05 on average (the issue's bound)
    and 0.15 for any hand; the expected points with sixes within 3 points; pass or bid as
    the analysis in 12 of the 14 hands (one hand sits at 49%)."""
    e = evaluate.estimate(np.array([parse_hand(row[0]).mask for row in ANALYSED]))
    errors = np.abs(e.make[:, :, 0].max(axis=1) - np.array([row[1] for row in ANALYSED]))
    assert errors.mean() <= 0.05
    assert errors.max() <= 0.15
    points = e.expected_points[:, Declaration.SIXES]
    assert np.abs(points - np.array([row[2] for row in ANALYSED])).max() <= 3.0
    passes = np.array([row[3] == PASS for row in ANALYSED])
    assert ((e.bid == PASS) == passes).sum() >= 12


# --- Inputs and the model file ------------------------------------------------------------


@pytest.mark.parametrize(
    ("masks", "message"),
    [
        (np.array([127, 63]), "hand 1 holds 6 dominoes"),
        (np.array([1 << 28 | 63]), "not a mask of the 28 dominoes"),
        (np.array([-1]), "not a mask of the 28 dominoes"),
        (np.array([1.0]), r"integer masks, got 1\.0"),
        (np.array([], dtype=np.float64), "integer masks, got float64 values"),
        (np.array([2**63 + 5], dtype=np.uint64), "not a mask of the 28 dominoes: 9223372036854775813"),
    ],
)
def test_bad_masks_are_refused(masks: np.ndarray, message: str) -> None:
    with pytest.raises(EvaluatorError, match=message):
        evaluate.estimate(masks)


def test_the_confidence_is_a_number_and_a_head_may_be_named_as_the_basis() -> None:
    mask = parse_hand(SIXES).mask
    with pytest.raises(ArgumentTypeError, match=r"the confidence must be a number, got '0\.5'"):
        evaluate.estimate(mask, confidence="0.5")  # type: ignore[arg-type]
    named = evaluate.estimate(mask, head="double-dummy")
    assert np.array_equal(named.make, evaluate.estimate(mask, head="double_dummy").make)


def test_no_hands_give_empty_arrays() -> None:
    e = evaluate.estimate(np.zeros((0, 4), dtype=np.int64))
    assert e.make.shape == (0, 4, 9, 14) and e.bid.shape == (0, 4)


def test_quick_many_takes_hands_or_masks() -> None:
    hands_given = texas42.quick_many([SIXES, "6-4 5-5 5-2 4-3 4-2 3-2 3-1"])
    masks_given = texas42.quick_many(
        np.array([parse_hand(SIXES).mask, parse_hand("64 55 52 43 42 32 31").mask])
    )
    assert np.array_equal(hands_given.make, masks_given.make)
    realistic = texas42.quick_many([SIXES, "6-4 5-5 5-2 4-3 4-2 3-2 3-1"], basis="realistic")
    assert realistic.head == "realistic" and realistic.make[0, 6, -1] == 1.0  # all sixes: certain
    assert realistic.make[1, 4, 0] < hands_given.make[1, 4, 0]  # fours make 30 less often at a table
    with pytest.raises(Texas42Error, match="unknown basis 'single_dummy'"):
        texas42.quick_many([SIXES], basis="single_dummy")
    with pytest.raises(Texas42Error, match="confidence"):
        texas42.quick_many([SIXES], confidence=0.0)


def test_the_shipped_model_is_small_and_says_what_it_is() -> None:
    model = evaluate.load_model()
    path = Path(evaluate.__file__).with_name("quick_model.npz")
    assert path.stat().st_size < 3_000_000
    assert model.heads.keys() == {"double_dummy", "realistic"} and model.realistic
    assert model.head("double_dummy").hands >= 200 and model.head("realistic").hands >= 1000
    bands = model.head("realistic").info["error_bands"]
    assert len(bands["edges"]) == len(bands["p95"]) == 5 and all(0 < w < 0.25 for w in bands["p95"])
    assert model.version


def test_the_realistic_estimates_are_the_calibration_of_the_double_dummy_ones() -> None:
    """quick's realistic estimates are the calibration of ``analyze`` applied to the
    double-dummy head's own estimates."""
    hand = parse_hand("6-5 6-4 5-0 4-4 4-3 4-2 4-0")
    dd = evaluate.estimate([hand.mask])
    realistic = evaluate.estimate([hand.mask], head="realistic")
    by_calibration = calibrate(hand.mask, dd.at_least[0], dd.expected_points[0])
    assert np.allclose(realistic.distribution[0], by_calibration, atol=1e-6)
    result = quick_hand(hand)
    assert result.realistic is not None and result.basis == "realistic"
    assert result.recommendation == result.realistic.recommendation
    document = quick_to_json(result)
    assert document["model"]["bases"] == ["double-dummy", "realistic"]
    assert set(document["trumps"][0]) == {"trump", "expected_points", "make", "realistic"}
    assert document["recommendation"]["basis"] == "realistic"
    assert document["recommendation"]["double_dummy"]["bid"] == result.double_dummy.recommendation.bid
    plain = quick_hand(hand, basis="double-dummy")
    assert plain.realistic is None and plain.recommendation == result.double_dummy.recommendation


def test_a_model_without_double_dummy_estimates_is_refused(tmp_path: Path) -> None:
    dd = evaluate.load_model().head("double_dummy")
    path = tmp_path / "realistic_only.npz"
    evaluate.write_model(path, "x", {"realistic": ([list(m) for m in dd.weights], {"hands": 1})}, {})
    with pytest.raises(EvaluatorError, match="no double_dummy head"):
        evaluate.read_model(path)


# --- The command --------------------------------------------------------------------------


def test_quick_json_has_the_shape_of_analyze() -> None:
    result = invoke("quick", "--json", SIXES)
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    keys = ["hand", "model", "trumps", "recommendation", "specials", "special_instead", "special_instead_bid"]
    assert list(document) == keys
    assert document["hand"] == SIXES.split()
    assert set(document["model"]) == {"version", "hands", "bases", "realistic_hands"}
    assert document["model"]["bases"] == ["double-dummy", "realistic"]
    assert [t["trump"] for t in document["trumps"]] == [d.label for d in DECLARATIONS]
    for trump in document["trumps"]:
        assert set(trump) == {"trump", "expected_points", "make", "realistic"}
        assert list(trump["make"]) == [str(b) for b in BIDS] == list(trump["realistic"]["make"])
    rec = document["recommendation"]
    assert rec["bid"] == 84 and rec["trump"] in ("sixes", "follow-me") and rec["basis"] == "realistic"
    fields = {"bid", "trump", "make", "expected_marks", "confidence"}
    assert set(rec) == {*fields, "basis", "double_dummy"} and set(rec["double_dummy"]) == fields
    plain = json.loads(invoke("quick", "--json", "--basis", "double-dummy", SIXES).stdout)
    assert plain["recommendation"]["basis"] == "double-dummy" and "realistic" not in plain["trumps"][0]


def test_quick_text_says_it_is_an_estimate() -> None:
    result = invoke("quick", "6-4 5-5 5-2 4-3 4-2 3-2 3-1")
    assert result.exit_code == 0, result.output
    hands_fitted = evaluate.load_model().head("double_dummy").hands
    flat = " ".join(result.stdout.split())
    version = evaluate.load_model().version
    playouts = evaluate.load_model().head("realistic").hands
    assert (
        f"estimated by the quick model (fitted to {hands_fitted:,} double-dummy analyses and the playouts "
        f"of {playouts:,} hands; version {version})" in flat
    )
    assert "Realistic play (the advice rests on it)" in flat and "Double-dummy: bid" in flat
    assert "Nel-O, sevens, plunge and splash are estimated double-dummy" in flat
    for label in ("sixes", "doubles", "follow-me"):
        assert label in result.stdout


def test_quick_footer_gives_the_calibration_s_error_band_where_it_shows_realistic_odds() -> None:
    """The realistic odds are the calibration of 'analyze' mapping the estimated
    double-dummy odds: the footer gives its error band as analyze's footer does, from the
    same bands; the double-dummy basis shows no realistic odds and no band."""
    bands = calibration_bands(evaluate.load_model())
    assert quick_hand(parse_hand("6-4 5-5 5-2 4-3 4-2 3-2 3-1")).bands == bands
    maps = "before the error of the double-dummy estimates it maps."
    band = f"The calibration's {error_band_phrase(bands)}, {maps}"
    assert band.startswith("The calibration's 95% error band is ") and "either side, widest at odds" in band
    for args in (["6-4 5-5 5-2 4-3 4-2 3-2 3-1"], ["--file", str(HANDS_FILE)]):
        realistic = invoke("quick", *args)
        assert band in " ".join(realistic.stdout.split()), realistic.stdout
    double_dummy = invoke("quick", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "--basis", "double-dummy").stdout
    assert "error band" not in double_dummy
    assert quick_hand(parse_hand("6-4 5-5 5-2 4-3 4-2 3-2 3-1"), basis="double-dummy").bands is None


def test_a_passing_hand_says_pass() -> None:
    result = texas42.quick("3-0 2-1 2-0 1-0 4-0 5-1 4-2")
    assert result.recommendation.bid == PASS
    assert "Pass" in invoke("quick", "30 21 20 10 40 51 42").stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["quick", "6-6 6-5 6-4"], "texas42: error: a hand needs 7 dominoes, got 3: 6-6 6-5 6-4\n"),
        (["quick", "6-6 6-5 6-4 6-3 6-2 6-1 6-7"], None),
        (["quick", SIXES, "--confidence", "2"], None),
        (["quick"], None),
        (
            ["quick", SIXES, "--file", "x.txt"],
            "texas42: error: give a hand or --file PATH (not both); see 'texas42 quick --help'\n",
        ),
        (["quick", SIXES, "--json", "--csv"], "texas42: error: --json and --csv do not go together\n"),
        (["quick", "--file", "/no/such/file"], None),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str | None) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("texas42: error: ") and result.stderr.count("\n") == 1
    if message is not None:
        assert result.stderr == message


# --- Many hands at once: quick --file ------------------------------------------------------

HANDS_FILE = Path(__file__).resolve().parents[1] / "examples" / "hands.txt"


def _random_hands(n: int, seed: int) -> list[Hand]:
    rng = np.random.default_rng(seed)
    return [Hand(sum(1 << int(d) for d in rng.choice(28, 7, replace=False))) for _ in range(n)]


def test_many_hands_at_once_are_each_hand_s_estimates() -> None:
    """``quick_hands`` against ``quick_hand`` one at a time (300 random hands, the rule
    book's specials): the same recommendations and special contracts, every figure within
    1e-5 (single-precision products summed in another order)."""
    hands = _random_hands(300, 4)
    many = texas42.analysis.quick_hands(hands, house=HouseRules())
    for hand, batch in zip(hands, many, strict=True):
        one = quick_hand(hand, house=HouseRules())
        assert batch.hand == hand and batch.basis == one.basis
        for got, want in (
            (batch.recommendation, one.recommendation),
            (batch.double_dummy.recommendation, one.double_dummy.recommendation),
        ):
            assert (got.bid, got.declaration) == (want.bid, want.declaration)
            assert got.make == pytest.approx(want.make, abs=1e-5)
        assert batch.realistic is not None and one.realistic is not None
        for got_trump, want_trump in zip(batch.realistic.trumps, one.realistic.trumps, strict=True):
            assert np.allclose(got_trump.at_least, want_trump.at_least, atol=1e-5)
            assert got_trump.expected_points == pytest.approx(want_trump.expected_points, abs=1e-4)
        assert [s.contract for s in batch.specials] == [s.contract for s in one.specials]
        assert np.allclose([s.make for s in batch.specials], [s.make for s in one.specials], atol=1e-5)
        assert (batch.special_instead is None) == (one.special_instead is None)
    assert texas42.analysis.quick_hands([]) == ()


def test_quick_file_prints_one_row_a_hand() -> None:
    """examples/hands.txt in text, CSV and JSON Lines: one row a hand, in order, each
    with the recommendation of ``quick_hand`` (the rule book's specials)."""
    lines = HANDS_FILE.read_text().splitlines()
    named = [
        (n, line.split("#")[0].strip()) for n, line in enumerate(lines, start=1) if line.split("#")[0].strip()
    ]
    wanted = [quick_hand(parse_hand(text.split(":", 1)[1]), house=HouseRules()) for _, text in named]
    text = invoke("quick", "--file", str(HANDS_FILE))
    assert text.exit_code == 0, text.stderr
    out = text.stdout.splitlines()
    assert out[0].startswith(f"{len(named)} hands, estimated by the quick model")
    header = next(i for i, line in enumerate(out) if line.startswith("name "))
    assert out[header].split() == ["name", "line", "trump", "bid", "makes", "points", "instead"]
    rows = out[header + 1 : header + 1 + len(named)]
    for row, (number, line_text), want in zip(rows, named, wanted, strict=True):
        name = line_text.split(":", 1)[0]
        assert row.startswith(name) and f" {number} " in row
        assert f" {want.recommendation.declaration.label} " in row
    table = invoke("quick", "--file", str(HANDS_FILE), "--csv").stdout.splitlines()
    columns = (
        "name,line,hand,trump,bid,make,expected_points,expected_marks,basis,special,special_bid,special_make"
    )
    assert table[0] == columns and len(table) == len(named) + 1
    for row, want in zip(table[1:], wanted, strict=True):
        instead = want.special_instead
        shown = (
            ["", "", ""]
            if instead is None
            else [instead.contract.label, str(instead.bid), str(round(instead.make, 4))]
        )
        assert row.split(",")[-3:] == shown
    documents = [
        json.loads(line) for line in invoke("quick", "--file", str(HANDS_FILE), "--json").stdout.splitlines()
    ]
    assert [d["line"] for d in documents] == [n for n, _ in named]
    for document, want in zip(documents, wanted, strict=True):
        reference = quick_to_json(want)
        assert document["recommendation"]["bid"] == reference["recommendation"]["bid"]
        assert document["recommendation"]["trump"] == reference["recommendation"]["trump"]
        assert document["special_instead"] == reference["special_instead"]
        assert document["special_instead_bid"] == reference["special_instead_bid"]
        assert set(document) == {"name", "line", *reference}


def test_quick_file_reports_every_bad_line_and_computes_nothing() -> None:
    result = invoke("quick", "--file", "-", input="a: 6-6 6-5\nb: 6-4 5-5 4-2 3-1 2-0 1-1 0-0\nc: 7-7\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "texas42: error: line 1: a hand needs 7 dominoes, got 2: 6-6 6-5",
        "texas42: error: line 3: not a domino: '7-7' (pips run from 0 to 6)",
    ]


def test_one_hand_as_csv() -> None:
    rows = invoke("quick", SIXES, "--csv").stdout.splitlines()
    assert len(rows) == 2 and rows[1].startswith(",,6-6 6-5 6-4 6-3 6-2 6-1 6-0,sixes,84,1.0,")


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:1000],  # truncated
        lambda data: b"not a model",
    ],
    ids=["truncated", "junk"],
)
def test_a_file_that_is_not_a_model_is_an_evaluator_error(damage: Callable[[bytes], bytes]) -> None:
    shipped = resources.files("texas42.evaluate")
    for name, read in (("quick_model.npz", evaluate.read_model), ("special_model.npz", read_special_model)):
        broken = io.BytesIO(damage(shipped.joinpath(name).read_bytes()))
        with pytest.raises(EvaluatorError, match=r"^not a (quick|special-contract) model: [^\n]*$"):
            read(broken)


def test_a_model_whose_layers_do_not_fit_is_refused(tmp_path: Path) -> None:
    dd = evaluate.load_model().head("double_dummy")
    members = [list(m) for m in dd.weights]
    w, b = members[0][1]
    members[0][1] = (w[:, :-1], b[:-1])  # one unit short: the next layer no longer fits
    path = tmp_path / "misfit.npz"
    evaluate.write_model(path, "x", {"double_dummy": (members, {"hands": 1})}, {})
    with pytest.raises(EvaluatorError, match="double_dummy head has layers that do not fit together"):
        evaluate.read_model(path)


def test_a_missing_shipped_model_is_one_line_and_status_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not bad input (status 2) but a damaged installation: said on one line, with the cure."""
    monkeypatch.setattr(model_module, "MODEL_FILE", "no_such_model.npz")
    evaluate.load_model.cache_clear()
    try:
        with pytest.raises(
            PackageDataError, match=r"quick model that ships with texas42 .* \(no such file\)"
        ):
            evaluate.load_model()
        result = invoke("quick", SIXES)
    finally:
        evaluate.load_model.cache_clear()
    assert result.exit_code == 1 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("texas42: error: the quick model that ships with texas42") and "reinstall" in line


@pytest.mark.parametrize(
    ("hand", "unsure"),
    [("6-6 6-5 6-4 6-3 6-2 6-1 5-4", True), (SIXES, False), ("6-4 5-5 5-2 4-3 4-2 3-2 3-1", False)],
)
def test_advice_of_all_42_points_the_rules_do_not_settle_sends_to_analyze(hand: str, unsure: bool) -> None:
    """Six sixes and the 5-4: 84 estimated at 64% where analyses find 30-40%; all seven
    sixes are settled by the rules, and an ordinary hand's advice is a point bid."""
    result = quick_hand(parse_hand(hand))
    assert result.unsure_of_all is unsure
    text = invoke("quick", hand).stdout
    assert ("Before you bid 84, run 'texas42 analyze'." in " ".join(text.split())) is unsure


def test_a_quick_file_interrupted_in_text_prints_the_hands_valued_so_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table comes at the end: Ctrl-C after the first batch prints that batch's table
    (it printed nothing, and lost what was valued), then says how far it got."""
    from texas42.cli import quick as quick_command

    hands = tmp_path / "hands.txt"
    hands.write_text("".join(f"h{k}: 6-4 5-5 5-2 4-3 4-2 3-2 3-1\n" for k in range(5)))
    valued = quick_command.quick_hands
    batches: list[int] = []

    def interrupted_second(batch: list[Any], *args: Any, **options: Any) -> Any:
        batches.append(len(batch))
        if len(batches) == 2:
            raise KeyboardInterrupt
        return valued(batch, *args, **options)

    monkeypatch.setattr(quick_command, "BATCH_HANDS", 2)
    monkeypatch.setattr(quick_command, "quick_hands", interrupted_second)
    result = invoke("quick", "--file", str(hands))
    assert result.exit_code == 130 and batches == [2, 2]
    assert result.stderr == "texas42: interrupted after 2 of 5 hands (the table holds those)\n"
    rows = [line.split()[:2] for line in result.stdout.splitlines() if line.startswith("h")]
    assert rows == [["h0", "1"], ["h1", "2"]]
    assert result.stdout.startswith("2 hands, estimated by the quick model")
