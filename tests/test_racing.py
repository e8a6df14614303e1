"""Racing: the exact tests it stands on, the race itself on made-up values, and the
analysis with racing against the exhaustive one on the same seed."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from cli_runner import invoke
from texas42.analysis import HandAnalysis, Racing, analyze_hand, compare_trumps
from texas42.analysis.racing import (
    above_confidence,
    beaten_for_recommendation,
    below_confidence,
    ordered_against_all,
    outside_leading,
    race,
    recommendation_tests,
    sign_test,
    t_quantile,
)
from texas42.errors import AnalysisError
from texas42.rules import Declaration, parse_hand

ORDINARY = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"


def binomial_at_least(k: int, n: int, p: float) -> float:
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


@pytest.mark.parametrize(("wins", "losses"), [(0, 0), (1, 0), (10, 0), (7, 3), (3, 7), (30, 12)])
def test_sign_test_is_the_exact_binomial_tail(wins: int, losses: int) -> None:
    want = binomial_at_least(wins, wins + losses, 0.5) if wins + losses else 1.0
    assert sign_test(wins, losses) == pytest.approx(want, rel=1e-9, abs=1e-300)


def test_ten_wins_and_no_loss_is_one_in_1024() -> None:
    assert sign_test(10, 0) == pytest.approx(2**-10)


@pytest.mark.parametrize(
    ("successes", "n", "confidence"), [(0, 20, 0.5), (5, 20, 0.5), (15, 40, 0.7), (40, 40, 0.9)]
)
def test_below_confidence_is_the_exact_lower_tail(successes: int, n: int, confidence: float) -> None:
    want = 1.0 - binomial_at_least(successes + 1, n, confidence)
    assert below_confidence(successes, n, confidence) == pytest.approx(want, rel=1e-9)
    want = binomial_at_least(successes, n, confidence)
    assert above_confidence(successes, n, confidence) == pytest.approx(want, rel=1e-9)


def test_below_a_confidence_of_one_is_proven_by_one_failure() -> None:
    assert below_confidence(99, 100, 1.0) == 0.0
    assert below_confidence(100, 100, 1.0) == 1.0


def test_checkpoints_and_test_level() -> None:
    racing = Racing(min_deals=200, step=100, risk=0.01)
    assert racing.checkpoints(1000) == [200, 300, 400, 500, 600, 700, 800, 900, 1000]
    assert racing.checkpoints(150) == [150]
    assert racing.checkpoints(250) == [200, 250]
    # 8 rounds with tests, 1170 tests a round for 9 declarations.
    assert racing.test_level(1000, recommendation_tests(9)) == pytest.approx(0.01 / (8 * 1170))


@pytest.mark.parametrize("bad", [{"min_deals": 0}, {"step": 0}, {"risk": 0.0}, {"risk": 1.0}])
def test_bad_racing_settings_are_refused(bad: dict[str, float]) -> None:
    with pytest.raises(AnalysisError):
        Racing(**bad)  # type: ignore[arg-type]


def test_a_declaration_beaten_at_every_possible_bid_leaves() -> None:
    n = 200
    points = np.stack([np.full(n, 42), np.zeros(n, dtype=np.int64), np.full(n, 42)], axis=1)
    assert beaten_for_recommendation(points, 1e-6, confidence=0.5) == [False, True, False]


def test_equal_declarations_never_leave() -> None:
    rng = np.random.default_rng(1)
    column = rng.integers(0, 43, size=300)
    points = np.stack([column, column], axis=1)
    assert beaten_for_recommendation(points, 1e-6, confidence=0.5) == [False, False]
    assert ordered_against_all(points, 1e-6) == [False, False]


def test_the_bounds_on_mean_points_keep_their_error_rate() -> None:
    """Two trumps with the same distribution of points (skewed: 42 in a third of the deals),
    on independent deals: ``ordered_against_all`` at alpha 1% calls their order clear in
    at most 1% of 4,000 races of 30 deals (seen: 41, 1.0%, against a limit of 72, 1.8%, 5 standard
    errors above 1%), where its normal bound called it in several per cent at 3 deals; on
    fewer than 30 deals it never does, nor does ``outside_leading``."""
    rng = np.random.default_rng(7)

    def points(n: int) -> np.ndarray:
        full = rng.random((n, 2)) < 1 / 3
        return np.where(full, 42, rng.integers(15, 42, size=(n, 2)))

    clear = sum(ordered_against_all(points(30), 0.01)[0] for _ in range(4000))
    assert clear <= 72
    assert ordered_against_all(np.array([[42, 0], [42, 0], [42, 0]]), 0.01) == [False, False]
    assert outside_leading(np.array([[42, 0, 0], [42, 0, 0]]), 0.01, 1) == [False, False, False]
    assert abs(t_quantile(0.975, 29) - 2.0452) < 1e-4 and abs(t_quantile(0.9995, 99) - 3.3915) < 1e-4


def test_a_bid_nobody_can_make_does_not_keep_a_declaration() -> None:
    # The first always takes 35, the second 30: the second is beaten at 31..35; at 36..42
    # both are clearly below the confidence, so those bids cannot be the answer; at 30
    # they are equal, but the first clearly makes 35, so 30 cannot be the answer either.
    n = 300
    points = np.stack([np.full(n, 35), np.full(n, 30)], axis=1)
    assert beaten_for_recommendation(points, 1e-6, confidence=0.5) == [False, True]
    # At 30 both always make it. Asked to make a bid every time, no number of deals
    # proves the first makes 35 that often, so 30 stays possible, where the two are equal.
    assert beaten_for_recommendation(points, 1e-6, confidence=1.0) == [False, False]


def test_the_race_solves_contenders_on_every_deal_and_losers_on_the_first() -> None:
    values = np.stack([np.full(1000, 42), np.zeros(1000, dtype=np.int64), np.full(1000, 40)], axis=1)
    asked: list[tuple[int, int, tuple[int, ...]]] = []

    def solve(start: int, stop: int, columns: list[int]) -> np.ndarray:
        asked.append((start, stop, tuple(columns)))
        return values[start:stop][:, columns]

    points, solved = race(
        1000, 3, Racing(min_deals=200), solve, lambda p, a: beaten_for_recommendation(p, a, 0.5), 9 * 13
    )
    # The third always takes 40: beaten at 41 and 42, equal at 30..40, which cannot be
    # the answer since the first clearly makes 42.
    assert solved == [1000, 200, 200]
    assert asked[0] == (0, 200, (0, 1, 2)) and asked[1] == (200, 300, (0,))
    assert (points[:200] == values[:200]).all()
    assert (points[200:, 1:] == -1).all() and (points[:, 0] == 42).all()


@pytest.fixture(scope="module")
def pair() -> tuple[HandAnalysis, HandAnalysis]:
    hand = parse_hand(ORDINARY)
    racing = analyze_hand(hand, deals=400, seed=11, racing=Racing(min_deals=100), threads=2)
    exhaustive = analyze_hand(hand, deals=400, seed=11, racing=None, threads=2)
    return racing, exhaustive


def test_racing_keeps_the_exhaustive_figures_of_every_contender(
    pair: tuple[HandAnalysis, HandAnalysis],
) -> None:
    raced, full = pair
    assert raced.racing == Racing(min_deals=100) and full.racing is None
    assert full.sample is not None and raced.sample is not None
    short = [s for s in raced.trumps if s.deals < 400]
    assert short, "this hand should let some declarations go"
    for stats in raced.trumps:
        if stats.deals == 400:
            assert stats == full.stats(stats.declaration)
        else:
            assert stats.deals in (100, 200, 300)
            first = full.sample.points_of(stats.declaration)[: stats.deals]
            assert stats.histogram == tuple(np.bincount(first, minlength=43))
    assert raced.recommendation == full.recommendation


def test_racing_does_not_depend_on_the_threads(pair: tuple[HandAnalysis, HandAnalysis]) -> None:
    raced, _ = pair
    again = analyze_hand(parse_hand(ORDINARY), deals=400, seed=11, racing=Racing(min_deals=100), threads=1)
    assert again.trumps == raced.trumps and again.recommendation == raced.recommendation


def test_compare_races_until_the_order_is_clear() -> None:
    hand = parse_hand(ORDINARY)
    trumps = [Declaration.FOURS, Declaration.BLANKS, Declaration.SIXES]
    result = compare_trumps(hand, trumps, deals=300, seed=42, racing=Racing(min_deals=100), threads=2)
    deals = {s.declaration: s.deals for s in result.trumps}
    assert deals == {Declaration.FOURS: 100, Declaration.BLANKS: 300, Declaration.SIXES: 300}
    assert [p.deals for p in result.pairs] == [100, 100, 300]


def test_exhaustive_cli_output_has_no_deals_column_and_racing_null() -> None:
    args = ["analyze", "--seed", "42", "--deals", "300", "--no-specials", ORDINARY]
    raced = invoke(*args, "--min-deals", "100")
    full = invoke(*args, "--exhaustive")
    assert raced.exit_code == full.exit_code == 0
    assert " deals " in raced.stdout.splitlines()[3] and " deals " not in full.stdout.splitlines()[3]
    document = json.loads(invoke(*args, "--exhaustive", "--json").stdout)
    assert document["racing"] is None and {t["deals"] for t in document["trumps"]} == {300}
    document = json.loads(invoke(*args, "--min-deals", "100", "--json").stdout)
    assert document["racing"] == {"min_deals": 100, "round_deals": 100, "risk": 0.01}
    assert min(t["deals"] for t in document["trumps"]) < 300


@pytest.mark.parametrize("value", ["0", "x", "-5"])
def test_a_bad_min_deals_is_a_one_line_error(value: str) -> None:
    result = invoke("analyze", "--min-deals", value, ORDINARY)
    assert result.exit_code == 2
    assert "--min-deals" in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "command", [["analyze", ORDINARY], ["bid", ORDINARY], ["compare", ORDINARY, "5", "6"]]
)
def test_min_deals_with_exhaustive_is_refused(command: list[str]) -> None:
    """--exhaustive gives every trump every deal: a minimum would mean nothing."""
    result = invoke(*command, "--exhaustive", "--min-deals", "50", "-n", "100")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "texas42: error: --min-deals is racing's: not with --exhaustive\n"
