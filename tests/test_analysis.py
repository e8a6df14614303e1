"""Monte Carlo hand analysis: sampling, statistics, recommendation, bidding advice, comparison.

The statistics are checked against the slow reference solver on the same sampled deals
(exactly) and against an independently drawn sample (within the intervals). The bidding
rules are checked on constructed analyses whose odds are known exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import pytest

import texas42
from naive import solve as naive_solve
from texas42 import analysis, engine, errors, rules
from texas42.analysis import (
    ErrorBands,
    HandAnalysis,
    TrumpStats,
    advise_bid,
    analyze_hand,
    compare_trumps,
    mean_interval,
    paired_difference,
    paired_interval,
    recommend,
    wilson_interval,
)
from texas42.analysis.reading import AuctionReading, Holding, SeatReading
from texas42.analysis.statistics import widest_wilson_reach
from texas42.deal import sampling
from texas42.errors import AuctionError
from texas42.io.files import read_hands, read_lines
from texas42.report.bidding import reading_note, reading_table
from texas42.report.hand import plus_minus, recommendation_text
from texas42.report.wording import (
    _widest,
    advice_reason,
    odds_against,
    odds_footer,
    odds_margin,
    percent,
    percent_range,
    percent_shares,
)
from texas42.rules import PASS, Auction, Deal, Declaration, Hand, parse_auction

ORDINARY = rules.parse_hand("6-4 5-5 5-2 4-3 4-2 3-2 3-1")
ALL_SIXES = rules.parse_hand("6-6 6-5 6-4 6-3 6-2 6-1 6-0")
SIXES, FIVES, FOURS, DOUBLES, NT = (
    Declaration.SIXES,
    Declaration.FIVES,
    Declaration.FOURS,
    Declaration.DOUBLES,
    Declaration.FOLLOW_ME,
)


# --- Sampling -----------------------------------------------------------------------


def test_sampled_deals_are_valid_deals_around_the_hand() -> None:
    deals = sampling.sample_deals(ORDINARY, 500, sampling.generators(1)[0])
    assert deals.shape == (500, 4) and deals.dtype == np.int64
    assert np.all(deals[:, 0] == ORDINARY.mask)
    assert np.all(np.bitwise_count(deals) == 7)
    assert np.all(deals[:, 0] | deals[:, 1] | deals[:, 2] | deals[:, 3] == rules.ALL_DOMINOES)
    engine.check_deal_array(deals)  # raises on overlapping hands
    assert len({tuple(row) for row in deals.tolist()}) == 500


def test_sampling_is_reproducible_and_the_two_streams_differ() -> None:
    first = [sampling.sample_deals(ORDINARY, 50, g) for g in sampling.generators(7)]
    again = [sampling.sample_deals(ORDINARY, 50, g) for g in sampling.generators(7)]
    other = sampling.sample_deals(ORDINARY, 50, sampling.generators(8)[0])
    assert np.array_equal(first[0], again[0]) and np.array_equal(first[1], again[1])
    assert not np.any(np.all(first[0] == first[1], axis=1))
    assert not np.array_equal(first[0], other)


def test_sampling_is_uniform_over_seats() -> None:
    """Every unseen domino lands in each of seats 1, 2, 3 about a third of the time, and
    two dominoes share a hand about 6/20 of the time (7 - 1 places of 20 left)."""
    n = 6000
    deals = sampling.sample_deals(ORDINARY, n, sampling.generators(3)[0])
    unseen = sampling.unseen_dominoes(ORDINARY)
    for seat in (1, 2, 3):
        share = np.array([np.count_nonzero(deals[:, seat] >> d & 1) for d in unseen]) / n
        sd = math.sqrt(1 / 3 * 2 / 3 / n)
        assert np.all(np.abs(share - 1 / 3) < 4.5 * sd), share
    a, b = (1 << int(unseen[0])), (1 << int(unseen[1]))
    together = np.count_nonzero(np.any((deals[:, 1:] & a != 0) & (deals[:, 1:] & b != 0), axis=1)) / n
    assert abs(together - 6 / 20) < 4.5 * math.sqrt(0.3 * 0.7 / n)


def test_sampling_rejects_bad_input() -> None:
    with pytest.raises(errors.HandSizeError):
        sampling.sample_deals(Hand(0b111), 3, sampling.generators(1)[0])
    with pytest.raises(ValueError):
        sampling.generators(-1)


# --- Statistics -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0), (81, 100, 0.7222, 0.8749)],
)
def test_wilson_interval_known_values(k: int, n: int, low: float, high: float) -> None:
    ci = wilson_interval(k, n)
    assert ci.low == pytest.approx(low, abs=1e-4)
    assert ci.high == pytest.approx(high, abs=1e-4)


def test_mean_interval() -> None:
    values = np.array([30, 32, 34, 36, 38])
    mean, ci = mean_interval(values, bounds=(0, 42))
    half = 1.959963984540054 * math.sqrt(10) / math.sqrt(5)
    assert mean == 34
    assert (ci.low, ci.high) == pytest.approx((34 - half, 34 + half))
    assert mean_interval(np.array([40, 42]), bounds=(0, 42))[1].high == 42  # clipped
    assert mean_interval(np.array([17]), bounds=(0, 42))[1] == analysis.Interval(0, 42)


def test_a_mean_of_values_all_the_same_keeps_a_width_unless_every_deal_was_solved() -> None:
    """300 deals all at 42 points: up to 1.26% of deals (Wilson's bound for none of 300)
    may still take fewer, as few as 0: the mean is at least 42 x (1 - 0.0126)."""
    share = wilson_interval(0, 300).high
    assert share == pytest.approx(3.8415 / (300 + 3.8415), abs=1e-6)  # z^2 / (n + z^2)
    assert mean_interval(np.full(300, 42), bounds=(0, 42)) == (42, analysis.Interval(42 - 42 * share, 42))
    low, high = mean_interval(np.full(300, 20), bounds=(0, 42))[1].as_list(6)
    assert (low, high) == pytest.approx((20 - 20 * share, 20 + 22 * share))
    assert mean_interval(np.full(300, 20), bounds=(0, 42), exact=True)[1] == analysis.Interval(20, 20)
    assert mean_interval(np.full(300, 20))[1] == analysis.Interval(20, 20)  # no bounds: no reach


# Newcombe's interval for paired odds. Published values: Fagerland, Lydersen and Laake (2017),
# "Statistical Analysis of Contingency Tables", ch. 8, the Cavo et al. (2012) table (59, 6,
# 16, 80): -0.0621 (95% CI -0.1186 to -0.0046), as the R package contingencytables checks its
# Newcombe_square_and_add_CI_paired_2x2 against; Newcombe (1998), Statistics in Medicine
# 17:2635, Table II, example (36, 12, 2, 0), method 10: 0.0569 to 0.3404.
@pytest.mark.parametrize(
    ("table", "low", "high"),
    [((59, 6, 16, 80), -0.1186, -0.0046), ((36, 12, 2, 0), 0.0569, 0.3404)],
)
def test_paired_interval_published_values(table: tuple[int, int, int, int], low: float, high: float) -> None:
    ci = paired_interval(*table)
    assert (ci.low, ci.high) == pytest.approx((low, high), abs=5e-5)


@pytest.mark.parametrize(
    ("table", "half"), [((200, 0, 0, 0), 0.018845), ((0, 0, 0, 200), 0.018845), ((100, 0, 0, 100), 0.009707)]
)
def test_paired_interval_keeps_a_width_without_discordant_deals(table: tuple[int, ...], half: float) -> None:
    """No deal where one is made and not the other: the normal interval of the differences
    is [0, 0]; Newcombe's keeps a width. All made: the Wilson interval of 200 of 200 (0.98115
    to 1) on each side of 0, phi 0 (a margin is empty); half made, half not: phi close to 1."""
    first, second = _paired_indicators(*table)
    assert _normal_interval(first.astype(np.int64) - second) == analysis.Interval(0, 0)
    difference, ci = paired_difference(first, second)
    assert difference == 0 and (ci.low, ci.high) == pytest.approx((-half, half), abs=1e-6)
    assert 1.0 - wilson_interval(200, 200).low == pytest.approx(0.018845, abs=1e-6)


def test_paired_interval_is_antisymmetric_and_exact_where_every_deal_counts() -> None:
    for both, first_only, second_only, neither in [(59, 6, 16, 80), (3, 0, 9, 1), (0, 1, 0, 0), (5, 5, 5, 5)]:
        ci = paired_interval(both, first_only, second_only, neither)
        swapped = paired_interval(both, second_only, first_only, neither)
        assert (swapped.low, swapped.high) == pytest.approx((-ci.high, -ci.low), abs=1e-12)
        difference = (first_only - second_only) / (both + first_only + second_only + neither)
        assert -1 <= ci.low <= difference <= ci.high <= 1 and ci.low < ci.high
    first, second = _paired_indicators(3, 0, 9, 1)
    assert paired_difference(first, second) == (-9 / 13, paired_interval(3, 0, 9, 1))
    assert paired_difference(first, second, exact=True) == (-9 / 13, analysis.Interval(-9 / 13, -9 / 13))
    assert paired_interval(0, 0, 0, 0) == analysis.Interval(-1, 1)
    with pytest.raises(errors.StatisticsError):
        paired_interval(1, -1, 0, 0)
    with pytest.raises(errors.StatisticsError):
        paired_difference(first, second[:-1])


@pytest.mark.parametrize(
    ("probabilities", "least", "most", "normal_most"),
    [
        ((0.6, 0.06, 0.03, 0.31), 0.93, 0.97, 0.97),
        ((0.3, 0.1, 0.1, 0.5), 0.93, 0.97, 0.97),
        ((0.5, 0.004, 0.002, 0.494), 0.95, 1.0, 0.6),
    ],
)
def test_paired_interval_covers_the_true_difference(
    probabilities: tuple[float, float, float, float], least: float, most: float, normal_most: float
) -> None:
    """4000 samples of 100 deals (seed 5) from a known table (both, first only, second only,
    neither): the interval covers the true difference in 95% of them, give or take 2% (the
    simulation's own error is 0.35%). With discordant deals rare (the third table) it is
    conservative (99.98%), where the normal interval of the differences covers it in under
    60% of the samples: it is [0, 0] whenever no discordant deal was drawn."""
    rng = np.random.default_rng(5)
    tables = rng.multinomial(100, probabilities, size=4000)
    truth = probabilities[1] - probabilities[2]
    covered = np.mean([truth in paired_interval(*(int(c) for c in t)) for t in tables])
    normal = np.mean([truth in _normal_interval(np.repeat([0, 1, -1, 0], t)) for t in tables])
    assert least <= covered <= most and normal <= normal_most


def _normal_interval(values: np.ndarray) -> analysis.Interval:
    """The plain normal interval of a mean (no bounds, no care for a sample without spread)."""
    half = 1.959963984540054 * float(np.std(values, ddof=1)) / math.sqrt(values.size)
    return analysis.Interval(float(np.mean(values)) - half, float(np.mean(values)) + half)


def _paired_indicators(
    both: int, first_only: int, second_only: int, neither: int
) -> tuple[np.ndarray, np.ndarray]:
    """The two indicator arrays of a 2x2 table, a deal a row."""
    first = np.repeat([True, True, False, False], [both, first_only, second_only, neither])
    second = np.repeat([True, False, True, False], [both, first_only, second_only, neither])
    return first, second


def test_trump_stats_from_points() -> None:
    stats = TrumpStats.from_points(SIXES, np.array([42, 42, 30, 29, 35, 0, 41, 42]))
    assert sum(stats.histogram) == 8 and len(stats.histogram) == 43
    assert stats.histogram[42] == 3 and stats.histogram[0] == 1
    assert stats.expected_points == pytest.approx(261 / 8)
    assert stats.make(30) == 6 / 8 and stats.make(31) == 5 / 8 and stats.make(41) == 4 / 8
    assert stats.make(42) == stats.make(84) == stats.make(126) == 3 / 8
    assert stats.make_ci95(30) == wilson_interval(6, 8)


# --- Recommendation ---------------------------------------------------------------------


def stats_of(points: Mapping[Declaration, Sequence[int]]) -> tuple[TrumpStats, ...]:
    return tuple(TrumpStats.from_points(d, np.array(p)) for d, p in sorted(points.items()))


def constructed(points: Mapping[Declaration, Sequence[int]], confidence: float = 0.5) -> HandAnalysis:
    """A hand analysis with known odds; its check sample is the same sample."""
    trumps = stats_of(points)
    rec = recommend(trumps, confidence)
    check = next(s for s in trumps if s.declaration == rec.declaration)
    confirmed = rec.confirmed(check.successes(rec.contract), check.deals)
    return HandAnalysis(ORDINARY, trumps[0].deals, 0, confidence, trumps, trumps, confirmed)


# 10 deals. Sixes: 30 in 9, 34 in 6, 35 in 3, all 42 points in 1. Fives: better at 30 only.
MEDIUM = {
    SIXES: [42, 38, 36, 34, 34, 34, 32, 31, 30, 20],
    FIVES: [33, 33, 33, 33, 33, 33, 33, 33, 33, 33],
}
# Sixes takes all 42 points in 8 of 10 deals.
STRONG = {SIXES: [42] * 8 + [36, 30], DOUBLES: [42] * 2 + [31] * 8}
WEAK = {SIXES: [31, 30, 29, 20, 12, 10, 30, 5, 0, 28], FOURS: [29, 33, 20, 21, 22, 10, 10, 10, 10, 41]}


def test_recommend_the_highest_bid_made_often_enough() -> None:
    rec = recommend(stats_of(MEDIUM), 0.5)
    assert (rec.bid, rec.declaration, rec.make) == (34, SIXES, 0.6)
    assert rec.expected_marks == pytest.approx(0.2)
    # At 0.7 sixes makes 34 too rarely (6/10): fives makes 33 every time.
    rec = recommend(stats_of(MEDIUM), 0.7)
    assert (rec.bid, rec.declaration, rec.make) == (33, FIVES, 1.0)
    # At 30 fives makes it 10/10, sixes 9/10: fives is the trump for 30.
    assert recommend(stats_of(MEDIUM), 1.0).declaration == FIVES


def test_recommend_pass_names_the_trump_if_forced() -> None:
    rec = recommend(stats_of(WEAK), 0.5)
    assert rec.passes and rec.bid == PASS
    assert rec.declaration == SIXES  # makes 30 in 3 of 10, fours in 2
    assert rec.make == 0.3 and rec.expected_marks == pytest.approx(-0.4)


def test_recommend_84_only_when_it_expects_more_marks() -> None:
    assert recommend(stats_of(STRONG), 0.5).bid == 84  # 2 x 0.6 > 1 x 0.6
    even = {SIXES: [42] * 5 + [36] * 5}
    rec = recommend(stats_of(even), 0.5)
    assert (rec.bid, rec.make) == (42, 0.5)  # 84 expects 0 marks, no more than 42
    assert recommend(stats_of(even), 0.6).bid == 36


def test_confirmed_recommendation_uses_the_check_sample() -> None:
    rec = recommend(stats_of(MEDIUM), 0.5)
    confirmed = rec.confirmed(3, 10)
    assert confirmed.make == 0.6 and confirmed.make_confirmed == 0.3
    assert confirmed.make_confirmed_ci95 == analysis.wilson_interval(3, 10)
    assert confirmed.expected_marks_confirmed == pytest.approx(-0.4)
    with pytest.raises(ValueError):
        rec.confirmed(11, 10)


# --- Auctions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "bids"),
    [
        ("", ()),
        ("pass", (PASS,)),
        ("PASS 30 31", (PASS, 30, 31)),
        ("30, 41, 42", (30, 41, 42)),
        ("pass 42 84", (PASS, 42, 84)),
        ("30 84 126", (30, 84, 126)),
        ("p p p", (PASS, PASS, PASS)),
        ("pass 168", (PASS, 168)),  # a plunge, before anyone has bid
        ("168 210", (168, 210)),
    ],
)
def test_parse_auction(text: str, bids: tuple[int, ...]) -> None:
    assert parse_auction(text).bids == bids


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("29", "'29'"),
        ("43", "'43'"),
        ("85", "'85'"),
        ("thirty", "'thirty'"),
        ("30 30", "'30' is not above the high bid 30"),
        ("pass 32 31", "'31' is not above the high bid 32"),
        ("126", "'126' comes before 84"),
        ("30 42 126", "'126' after 42"),
        ("84 168", "'168' after 84"),
        ("30 168", "'168' comes before 84"),  # a plunge only before anyone has bid
        ("210", "'210' comes before 84"),
        ("42 41", "'41' is not above"),
        ("pass pass pass pass", "at most 3 bids"),
        ("x y z w", "not a bid: 'x'"),  # a bad word is named before the calls are counted
        ("pass 30 pass 29", "not a bid: '29'"),
    ],
)
def test_illegal_auctions(text: str, token: str) -> None:
    with pytest.raises(AuctionError, match=token):
        parse_auction(text)
    assert issubclass(AuctionError, errors.Texas42Error)


def test_auction_positions() -> None:
    a = parse_auction("30 pass")
    assert (a.position, a.high_bid, a.high_bidder, a.partner_holds, a.is_shaker) == (2, 30, 0, True, False)
    a = parse_auction("pass 31 pass")
    assert (a.high_bidder, a.partner_holds, a.is_shaker, a.must_bid) == (1, True, True, False)
    a = parse_auction("pass pass 31")
    assert (a.high_bidder, a.partner_holds) == (2, False)
    assert parse_auction("pass pass pass").must_bid
    assert parse_auction("30").legal_bids() == (*range(31, 42), 42, 84)
    assert parse_auction("42").legal_bids() == (84,)
    assert parse_auction("30 84").legal_bids() == (126,)


# --- Bidding advice ---------------------------------------------------------------------


REASON_WORDS = {
    "open": "is the most this hand makes at least 50% of the time",
    "cannot-make": "does not make",
    "partner-holds": "partner holds the high bid",
    "outbid-partner": "much stronger than partner's",
    "shaker": "as the shaker",
    "forced": "the shaker must bid at least 30",
}


@pytest.mark.parametrize(
    ("points", "auction", "bid", "trump", "rule"),
    [
        # Bid the hand's value (34 with sixes at 0.5), over an opponent's bid or none.
        (MEDIUM, "", 34, SIXES, "open"),
        (MEDIUM, "pass", 34, SIXES, "open"),
        (MEDIUM, "31", 34, SIXES, "open"),
        (MEDIUM, "pass 33", 34, SIXES, "open"),
        # Don't bid over a high bid the hand can't make.
        (MEDIUM, "34", PASS, SIXES, "cannot-make"),
        (MEDIUM, "pass 36", PASS, SIXES, "cannot-make"),
        (WEAK, "", PASS, SIXES, "cannot-make"),
        # Outbid a partner only with a much stronger hand (4 points more).
        (MEDIUM, "30 pass", 34, SIXES, "outbid-partner"),
        (MEDIUM, "31 pass", PASS, FIVES, "partner-holds"),
        (MEDIUM, "pass 31 pass", PASS, FIVES, "partner-holds"),
        (STRONG, "42 pass", 84, SIXES, "outbid-partner"),
        (STRONG, "pass 41 pass", 84, SIXES, "shaker"),
        # The shaker bids the least that wins...
        (MEDIUM, "pass pass 31", 32, FIVES, "shaker"),
        (MEDIUM, "30 31 32", 33, FIVES, "shaker"),
        (MEDIUM, "pass 30 pass", 31, FIVES, "shaker"),  # partner's 30, hand 4 points stronger
        (MEDIUM, "pass pass 34", PASS, SIXES, "cannot-make"),
        # ... unless a mark bid expects more marks.
        (STRONG, "pass pass 30", 84, SIXES, "shaker"),
        # The shaker after three passes must bid at least 30.
        (MEDIUM, "pass pass pass", 30, FIVES, "forced"),
        (WEAK, "pass pass pass", 30, SIXES, "forced"),
        # Over an opponent's mark bid, one mark more if the hand makes it.
        (STRONG, "84", 126, SIXES, "open"),
        (MEDIUM, "84", PASS, SIXES, "cannot-make"),
    ],
)
def test_bidding_advice(
    points: Mapping[Declaration, Sequence[int]], auction: str, bid: int, trump: Declaration, rule: str
) -> None:
    advice = advise_bid(constructed(points), parse_auction(auction))
    reason = advice_reason(advice)
    assert (advice.bid, advice.declaration, advice.rule) == (bid, trump, rule), reason
    assert REASON_WORDS[rule] in reason
    if bid != PASS:
        assert f"{bid} with {trump.label}" in reason
    legal = parse_auction(auction).legal_bids()
    assert [r.bid for r in advice.ladder] == list(legal)
    if bid != PASS:
        assert bid in legal
        rung = next(r for r in advice.ladder if r.bid == bid)
        assert (advice.make, advice.expected_marks) == (rung.make, rung.expected_marks)


@pytest.mark.parametrize(
    ("points", "auction", "ending"),
    [
        (MEDIUM, "31 pass", "not 35 or a mark bid."),
        ({SIXES: [41] * 6 + [30] * 4}, "38 pass", "not a mark bid."),  # 42 would be one
        ({SIXES: [41] * 6 + [30] * 4}, "pass 39 pass", "not a mark bid."),
    ],
)
def test_partner_holds_names_only_bids_that_would_outbid_the_partner(
    points: Mapping[Declaration, Sequence[int]], auction: str, ending: str
) -> None:
    advice = advise_bid(constructed(points), parse_auction(auction))
    assert advice.rule == "partner-holds"
    assert advice_reason(advice).endswith(ending)


def test_ladder_figures() -> None:
    advice = advise_bid(constructed(MEDIUM), parse_auction("pass 31"))
    by_bid = {r.bid: r for r in advice.ladder}
    assert by_bid[32].declaration == FIVES and by_bid[32].make == 1.0
    assert by_bid[33].declaration == FIVES and by_bid[33].make == 1.0
    assert by_bid[34].make == 0.6 and by_bid[34].expected_marks == pytest.approx(0.2)
    assert by_bid[35].make == 0.3 and not by_bid[35].makes
    assert by_bid[84].make == 0.1 and by_bid[84].expected_marks == pytest.approx(-1.6)
    assert [r.makes for r in advice.ladder] == [r.make >= 0.5 for r in advice.ladder]


def test_confidence_changes_the_advice() -> None:
    assert advise_bid(constructed(MEDIUM, 0.3), Auction()).bid == 36
    assert advise_bid(constructed(MEDIUM, 0.9), Auction()).bid == 33


# --- Against the engine and the slow reference --------------------------------------------


@pytest.mark.parametrize(
    ("hand", "seed", "declarations"),
    [
        (ORDINARY, 21, (FOURS, SIXES, NT)),
        (rules.parse_hand("6-6 5-5 4-4 3-3 2-2 6-1 4-1"), 2, (Declaration.DEUCES, Declaration.TREYS, FIVES)),
    ],
    ids=["ordinary", "five-doubles"],
)
def test_analysis_agrees_exactly_with_the_reference_on_the_same_deals(
    hand: Hand, seed: int, declarations: tuple[Declaration, ...]
) -> None:
    """The slow reference solver (about a second a solve) on the same three sampled deals."""
    result = analyze_hand(hand, deals=3, seed=seed, declarations=declarations, threads=2)
    deals = sampling.sample_deals(hand, 3, sampling.generators(seed)[0])
    for stats in result.trumps:
        slow = [
            naive_solve(Deal.from_hands([Hand(int(m)) for m in row]), stats.declaration, 0) for row in deals
        ]
        assert stats.histogram == TrumpStats.from_points(stats.declaration, np.array(slow)).histogram
        assert stats.expected_points == pytest.approx(sum(slow) / 3)
        for bid in rules.BIDS:
            assert stats.make(bid) == sum(p >= min(bid, 42) for p in slow) / 3


def test_check_sample_is_the_second_stream() -> None:
    result = analyze_hand(ORDINARY, deals=40, seed=5)
    rec = result.recommendation
    check_deals = sampling.sample_deals(ORDINARY, 40, sampling.generators(5)[1])
    points = engine.solve_deals(check_deals, [rec.declaration]).points[:, 0]
    assert rec.make_confirmed == np.mean(points >= min(rec.contract, 42))
    assert result.checks == ()
    ladder = analyze_hand(ORDINARY, deals=40, seed=5, check_ladder=True)
    assert ladder.recommendation == rec
    check = ladder.check(rec.declaration)
    assert check is not None and check.histogram == TrumpStats.from_points(rec.declaration, points).histogram


def _independent_points(hand: Hand, n: int, declarations: Sequence[Declaration], seed: int) -> np.ndarray:
    """Deals drawn with Python's own shuffle (not numpy), solved by the engine."""
    rng = random.Random(seed)
    unseen = [d for d in rules.DOMINOES if d not in hand]
    rows = []
    for _ in range(n):
        rng.shuffle(unseen)
        rows.append([hand.mask, *(rules.mask_of(unseen[7 * s : 7 * s + 7]) for s in range(3))])
    return engine.solve_deals(np.array(rows, dtype=np.int64), declarations).points


def test_analysis_agrees_with_an_independent_sample() -> None:
    """Three trumps' expected points and odds at four bids, against 100 deals dealt
    apart: 15 comparisons, each within 4.5 standard errors of the difference (two-sided,
    7e-6 each by chance; 1e-4 for the whole test at another seed)."""
    declarations = (DOUBLES, FOURS, NT)
    n = 100
    result = analyze_hand(ORDINARY, deals=n, seed=99, declarations=declarations)
    other = _independent_points(ORDINARY, n, result.declarations, seed=4)
    for j, stats in enumerate(result.trumps):
        mine = stats.expected_points
        theirs = float(other[:, j].mean())
        se = (stats.expected_points_ci95.high - stats.expected_points_ci95.low) / (2 * 1.96)
        assert abs(mine - theirs) < 4.5 * math.sqrt(2) * se, (stats.declaration, mine, theirs)
        for bid in (30, 34, 38, 42):
            p = stats.make(bid)
            q = float(np.mean(other[:, j] >= bid))
            pooled = (p + q) / 2
            assert abs(p - q) <= 4.5 * math.sqrt(max(pooled * (1 - pooled), 0.01) * 2 / n), (bid, p, q)


def test_histogram_means_and_odds_are_consistent() -> None:
    result = analyze_hand(ORDINARY, deals=40, seed=8)
    assert result.declarations == rules.DECLARATIONS
    for stats in result.trumps:
        h = np.array(stats.histogram)
        assert h.sum() == 40 and len(h) == 43
        assert stats.expected_points == pytest.approx((h * np.arange(43)).sum() / 40)
        assert stats.expected_points in stats.expected_points_ci95
        odds = [stats.make(b) for b in rules.BIDS]
        assert odds == sorted(odds, reverse=True)  # odds never rise as the bid rises
        assert stats.make(84) == stats.make(42) == h[42] / 40
        for bid in rules.BIDS:
            assert stats.make(bid) == h[min(bid, 42) :].sum() / 40
            assert stats.make(bid) in stats.make_ci95(bid)
    rec = result.recommendation
    best30 = max(s.make(30) for s in result.trumps)
    if rec.passes:
        assert best30 < 0.5
    else:
        assert rec.make >= 0.5 and rec.make == result.stats(rec.declaration).make(rec.bid)
        assert rec.make == max(s.make(rec.bid) for s in result.trumps)


def test_all_sixes_make_84_with_sixes_every_time() -> None:
    result = analyze_hand(ALL_SIXES, deals=20, seed=1, declarations=[SIXES])
    stats = result.stats(SIXES)
    assert stats.make(84) == 1.0 and stats.histogram[42] == 20 and stats.expected_points == 42
    rec = result.recommendation
    assert (rec.bid, rec.declaration, rec.make, rec.make_confirmed) == (84, SIXES, 1.0, 1.0)
    assert rec.expected_marks == 2.0


def test_results_do_not_depend_on_threads_or_batches() -> None:
    """Five doubles: the special contracts (plunge and splash among them) are solved in
    batches of ``batch_deals``, the trumps in one parallel run."""
    hand = rules.parse_hand("6-6 5-5 4-4 3-3 2-2 6-1 4-1")
    house = rules.HouseRules()
    one = analyze_hand(hand, deals=30, seed=12, threads=1, batch_deals=7, house=house)
    two = analyze_hand(hand, deals=30, seed=12, threads=2, batch_deals=30, house=house)
    assert [s.contract for s in one.specials] == list(rules.Contract)
    assert one == two
    assert one.sample is not None and two.sample is not None
    assert np.array_equal(one.sample.points, two.sample.points)


def test_progress_reaches_the_total() -> None:
    calls: list[tuple[int, int]] = []
    analyze_hand(
        ORDINARY,
        deals=10,
        seed=3,
        declarations=[FOURS, NT],
        batch_deals=4,
        progress=lambda d, t: calls.append((d, t)),
    )
    assert calls[-1][0] == calls[-1][1] == 10 * 3  # two declarations, then one checked
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_compare_finds_the_better_trump() -> None:
    """With all seven sixes, sixes takes every trick; fives can only do worse or tie."""
    result = compare_trumps(ALL_SIXES, [SIXES, FIVES], deals=20, seed=2)
    (pair,) = result.pairs
    assert (pair.first, pair.second) == (SIXES, FIVES)
    assert pair.second_more == 0.0 and pair.first_more + pair.equal == 1.0
    assert pair.first_more > 0.5
    assert pair.mean_difference > 0 and pair.mean_difference_ci95.low > 0
    fives = result.trumps[1]
    assert pair.mean_difference == pytest.approx(42 - fives.expected_points)
    row42 = next(r for r in pair.bids if r.bid == 42)
    assert row42.first == 1.0 and row42.second == fives.make(42)


def test_compare_uses_the_analysis_sample() -> None:
    comparison = compare_trumps(ORDINARY, [NT, FOURS, DOUBLES], deals=20, seed=6)
    result = analyze_hand(ORDINARY, deals=20, seed=6, declarations=[NT, FOURS, DOUBLES])
    assert [(p.first, p.second) for p in comparison.pairs] == [(NT, FOURS), (NT, DOUBLES), (FOURS, DOUBLES)]
    for stats in comparison.trumps:
        assert stats == result.stats(stats.declaration)
    pair = comparison.pairs[0]
    assert pair.mean_difference == pytest.approx(
        result.stats(NT).expected_points - result.stats(FOURS).expected_points
    )
    assert pair.first_more + pair.second_more + pair.equal == pytest.approx(1.0)


def test_compare_rejects_repeats_and_single_trumps() -> None:
    with pytest.raises(errors.AnalysisError, match="twice"):
        compare_trumps(ORDINARY, [SIXES, SIXES], deals=5, seed=1)
    with pytest.raises(errors.AnalysisError, match="two"):
        compare_trumps(ORDINARY, [SIXES], deals=5, seed=1)


# --- Files of hands -----------------------------------------------------------------------


def test_read_hands() -> None:
    text = [
        "# comment",
        "strong: 6-6 6-5 6-4 6-3 6-2 6-1 6-0  # all sixes",
        "",
        "64 55 52 43 42 32 31",
        "bad: 6-6 6-5",
        "7-1 6-5 6-4 6-3 6-2 6-1 6-0",
        ": 6-6 6-5 6-4 6-3 6-2 6-1 6-0",
        "dup: 6-6 6-6 6-4 6-3 6-2 6-1 6-0",
    ]
    read = read_hands(text)
    assert [(h.line, h.name, h.hand) for h in read.hands] == [(2, "strong", ALL_SIXES), (4, None, ORDINARY)]
    assert [e.line for e in read.errors] == [5, 6, 7, 8]
    assert "got 2" in read.errors[0].message and "7-1" in read.errors[1].message
    assert "empty name" in read.errors[2].message and "6-6" in read.errors[3].message


def test_only_line_feeds_end_the_lines_of_a_file(tmp_path: Path) -> None:
    """A form feed, a vertical tab or a Unicode line separator in a comment or a name is
    not a line end (``str.splitlines`` would make the rest a bad line, and number every
    later line wrongly); ``\r\n`` is one line end."""
    path = tmp_path / "hands.txt"
    path.write_text(
        "# a form feed \x0c and a separator \u2028 here\r\nsix\x0bes: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n"
        "a\x07b: 6-4 5-5 5-2 4-3 4-2 3-2 3-1\n64 55 52 43 42 32 31",
        newline="",
    )
    lines = read_lines(str(path))
    assert len(lines) == 4 and lines[0].endswith("here")
    read = read_hands(lines)
    assert [(h.line, h.name, h.hand) for h in read.hands] == [(2, "six es", ALL_SIXES), (4, None, ORDINARY)]
    control = "a control character (U+0007) in the name 'a\\x07b'"
    assert [(e.line, e.message) for e in read.errors] == [(3, control)]


@pytest.mark.parametrize(
    ("p", "text"),
    [
        (0.0, "0%"),
        (0.004, "<1%"),
        (0.005, "<1%"),  # one deal in 200: not "0%", which is kept for none
        (0.006, "1%"),
        (0.125, "12%"),
        (0.5, "50%"),
        (0.994, "99%"),
        (0.995, ">99%"),
        (0.9999, ">99%"),
        (1.0, "100%"),
    ],
)
def test_percent_keeps_0_and_100_for_never_and_always(p: float, text: str) -> None:
    assert percent(p) == text


@pytest.mark.parametrize(
    ("p", "threshold", "text"),
    [(0.4991, 0.5, "<50%"), (0.5, 0.5, "50%"), (0.494, 0.5, "49%"), (0.6, 0.6, "60%")],
)
def test_odds_just_short_of_the_threshold_do_not_round_up_to_it(
    p: float, threshold: float, text: str
) -> None:
    """A bid counts as made at the threshold: 49.9% beside "made at 50%" must not read 50%."""
    assert odds_against(p, threshold) == text


@pytest.mark.parametrize(("deals", "margin"), [(1000, "3.1"), (300, "5.7"), (200, "7.0"), (50, "13.9")])
def test_the_footer_says_how_far_the_odds_intervals_reach_at_most(deals: int, margin: str) -> None:
    """The farthest any of Wilson's 95% intervals on that many deals reaches from its odds
    (just off 50%, not at it), rounded up to a tenth of a point."""
    reach = max(
        max(k / deals - ci.low, ci.high - k / deals)
        for k in range(deals + 1)
        for ci in [wilson_interval(k, deals)]
    )
    assert widest_wilson_reach(deals) == pytest.approx(reach)
    assert reach > wilson_interval(deals // 2, deals).high - 0.5  # wider than at 50%
    assert odds_margin(deals) == margin and float(margin) - 0.1 < 100 * reach <= float(margin)
    text = odds_footer(1000, 7, fewest=deals)
    fewer = f" (±{margin} on {deals:,} deals)" if deals < 1000 else ""
    said = f"Their 95% intervals reach at most ±3.1 percentage points either side{fewer}, less near 0%"
    assert said in text
    assert "95%" not in odds_footer(1000, 7, exact=True)


def test_the_footer_gives_the_margin_of_the_most_deals_any_trump_got() -> None:
    """compare's racing may stop every trump before the last deal: the margin is that of
    the trump solved the most, not of the deals asked for."""
    text = odds_footer(2000, 7, fewest=200, most=1400)
    assert "reach at most ±2.7 percentage points either side on 1,400 deals (±7.0 on 200 deals)" in text
    assert "±2.2" not in text
    assert "either side (±7.0 on 200 deals)" in odds_footer(2000, 7, fewest=200)


@pytest.mark.parametrize(
    ("shares", "shown"),
    [
        ((0.126, 0.216, 0.658), ["12%", "22%", "66%"]),  # each rounded alone: 13% 22% 66%
        ((1 / 3, 1 / 3, 1 / 3), ["34%", "33%", "33%"]),
        ((0.001, 0.004, 0.995), ["<1%", "<1%", ">99%"]),
        ((0.0, 0.0, 1.0), ["0%", "0%", "100%"]),
        ((0.5, 0.25, 0.25), ["50%", "25%", "25%"]),
    ],
)
def test_shares_of_the_deals_add_up_to_100_percent(shares: tuple[float, ...], shown: list[str]) -> None:
    assert percent_shares(shares) == shown


def test_a_pass_s_odds_just_short_of_the_threshold_read_under_it() -> None:
    """The best trump makes 30 in 499 of 1000 deals: the pass's sentences say "<50%",
    beside "at least 50%", as the tables do."""
    analysis = constructed({SIXES: [30] * 499 + [0] * 501})
    assert analysis.recommendation.passes
    assert "makes 30 in <50% (95% CI" in recommendation_text(analysis).plain
    advice = advise_bid(analysis, parse_auction(""))
    assert advice.rule == "cannot-make" and "makes <50% double-dummy (50% needed)" in advice_reason(advice)


def test_an_interval_of_odds_shows_no_bound_as_0_or_100_unless_it_is() -> None:
    """Wilson's interval of 1000 made of 1000 starts at 99.6%: not "100-100%"."""
    made, failed = wilson_interval(1000, 1000), wilson_interval(0, 1000)
    assert made.low > 0.995 and percent_range(made.low, made.high) == ">99-100%"
    assert percent_range(failed.low, failed.high) == "0-<1%"
    assert percent_range(0.25, 0.5) == "25-50%" and percent_range(0.0, 1.0) == "0-100%"
    near = wilson_interval(998, 1000)  # 99.3% to 99.95%: the upper bound rounds as it is
    assert near.high < 1 and percent_range(near.low, near.high) == "99-100%"
    assert percent_range(0.0004, 0.006) == "0-1%"


@pytest.mark.parametrize(
    ("widths", "where"),
    [
        ((0.02, 0.03, 0.06, 0.08, 0.09), "at odds above 90%"),
        ((0.02, 0.03, 0.10, 0.08, 0.09), "at odds from 30% to 70%"),
        ((0.12, 0.03, 0.06, 0.08, 0.09), "at odds under 10%"),
    ],
)
def test_the_calibration_s_band_is_said_widest_where_it_is(widths: tuple[float, ...], where: str) -> None:
    bands = ErrorBands(edges=(0.0, 0.1, 0.3, 0.7, 0.9), widths=widths)
    assert _widest(bands) == where


def test_every_interval_of_an_exact_sample_is_the_figure_itself() -> None:
    """80 consistent deals, all solved: the odds are exact, not estimates."""
    constraints = texas42.deal_constraints(
        holds=["2: 6-6 6-5 6-0 4-4 3-0", "1: 6-2 6-1 5-4 5-1"], lacks=["3: aces"]
    )
    hand = texas42.parse_hand("6-4 5-5 5-2 4-3 4-2 3-2 3-1")
    result = analyze_hand(hand, deals=100, seed=1, constraints=constraints, house=rules.HouseRules())
    assert result.exact and result.deals == 80
    for stats in result.trumps:
        assert stats.expected_points_ci95.low == stats.expected_points_ci95.high == stats.expected_points
        for bid in (30, 36, 42):
            assert stats.make_ci95(bid).low == stats.make_ci95(bid).high == stats.make(bid)
    rec = result.recommendation
    assert rec.make_ci95.low == rec.make_ci95.high == rec.make
    assert rec.make_confirmed_ci95 is not None and rec.make_confirmed_ci95.low == rec.make_confirmed_ci95.high
    assert result.specials and all(s.make_ci95.low == s.make_ci95.high == s.make for s in result.specials)
    pair = compare_trumps(hand, ["fours", "sixes"], deals=100, seed=1, constraints=constraints).pairs[0]
    assert pair.mean_difference_ci95.low == pair.mean_difference_ci95.high == pair.mean_difference
    uniform = analyze_hand(hand, deals=80, seed=1, declarations=[rules.Declaration.FOURS])
    assert (
        not uniform.exact and uniform.trumps[0].expected_points_ci95.low < uniform.trumps[0].expected_points
    )


def test_plus_minus_is_the_wider_side_of_an_interval_cut_at_42() -> None:
    middling = analysis.TrumpStats.from_points(Declaration.SIXES, np.array([20, 30] * 50))
    assert plus_minus(middling) == f"±{1.96 * np.std([20, 30] * 50, ddof=1) / 10:.1f}" == "±1.0"
    points = [42] * 98 + [0] * 2  # mean 41.16, half-width 1.16: cut at 42
    near_all = analysis.TrumpStats.from_points(Declaration.SIXES, np.array(points))
    assert near_all.expected_points_ci95.high == 42 and near_all.expected_points == pytest.approx(41.16)
    half = 1.96 * np.std(points, ddof=1) / 10
    assert plus_minus(near_all) == f"±{half:.1f}" == "±1.2"  # not the cut interval's 2.00 / 2


@pytest.mark.parametrize(
    ("declaration", "columns"),
    [
        (Declaration.SIXES, ["seat", "called", "doubles", "count", "sixes"]),
        (Declaration.DOUBLES, ["seat", "called", "doubles", "count"]),  # not doubles twice
        (Declaration.FOLLOW_ME, ["seat", "called", "doubles", "count"]),
        (None, ["seat", "called", "doubles", "count"]),
    ],
)
def test_what_the_calls_say_counts_the_trumps_in_a_column_of_their_own(
    declaration: Declaration | None, columns: list[str]
) -> None:
    held = Holding(doubles=1.5, count=5.0, trumps=None if declaration is None else 1.0)
    seats = tuple(SeatReading(seat, (), (), held, held) for seat in (1, 2, 3))
    reading = AuctionReading(declaration, 100, 100, seats)
    assert [str(c.header) for c in reading_table(reading).columns] == columns
    note = reading_note(reading)
    assert [d.label for d in Declaration if f", {d.label} (the trump);" in note] == columns[4:]


def test_the_ladder_s_check_carries_its_interval() -> None:
    """On the double-dummy basis each rung's check (an independent sample as large) has
    the Wilson interval of its own odds; on the realistic basis there is no check."""
    advice = texas42.advise_bid(ORDINARY, "pass 30", deals=60, seed=1, basis="double-dummy")
    for rung in advice.ladder:
        check = advice.analysis.check(rung.declaration)
        assert check is not None and rung.make_confirmed == check.make(rung.bid)
        assert (
            rung.make_confirmed_ci95
            == check.make_ci95(rung.bid)
            == wilson_interval(round(rung.make_confirmed * 60), 60)
        )
    realistic = texas42.advise_bid(ORDINARY, "pass 30", deals=60, seed=1)
    assert all(r.make_confirmed is None and r.make_confirmed_ci95 is None for r in realistic.ladder)
