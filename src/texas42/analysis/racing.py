"""Racing: deals spent where the decision is.

The declarations are solved in rounds on the same deals, in order: every one on the first
``min_deals``, then ``step`` more a round for those still in the race. After each round a
declaration leaves the race once it clearly cannot be the recommended trump: at every bid
that could be the recommended one, some declaration still racing makes it more often on
the same deals. "Clearly" is a one-sided exact test at a level that makes the chance of
any wrong decision in the whole race at most ``risk`` (Bonferroni over every test the race
may make). Declarations that stay get every deal, so their figures are those of solving
everything. The schedule depends only on the deals' values, never on thread timing.

A bid "could be the recommended one" unless every racing declaration clearly makes it less
often than the confidence asked for (30 always could: it is what a pass would be forced
to), or some declaration clearly makes a higher bid more often than that. "Makes it more
often" is the sign test on the deals where exactly one of the two makes it. For
``compare``, a declaration leaves once its order against every other is clear: the paired
mean difference of points is away from 0 beyond a Bonferroni-corrected normal bound. For
``declare``, once another declaration clearly makes the bid won more often (the sign test).
For ``analyze``, ``bid`` and ``declare`` a declaration must also clearly lie outside the
leading trumps by expected points (``outside_leading``), whose realistic odds the advice
weighs: so the realistic advice too is that of solving everything.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Final, SupportsIndex

import numpy as np

from texas42 import engine
from texas42.analysis.sample import DrawnDeals, Sample, SolveCounter, solve_sample
from texas42.deal import MAX_DEALS
from texas42.errors import AnalysisError, check_real, check_whole
from texas42.rules import TOTAL_POINTS, Declaration, Hand, check_declaration

DEFAULT_MIN_DEALS: Final = 200
ROUND_DEALS: Final = 100
RISK: Final = 0.01
LEVELS: Final = tuple(range(30, TOTAL_POINTS + 1))
"""The points a bid needs: 30..41 for point bids, 42 for 42 and the mark bids."""


@dataclass(frozen=True, init=False)
class Racing:
    """How deals are allocated: all declarations get ``min_deals`` (at most the deals in
    all), then ``step`` more a round while they can still be the answer; ``risk`` bounds the
    chance that any declaration leaves the race wrongly. Each is checked (numpy's numbers
    too); a bad one is an ``AnalysisError``."""

    min_deals: int
    step: int
    risk: float

    def __init__(
        self,
        min_deals: SupportsIndex = DEFAULT_MIN_DEALS,
        step: SupportsIndex = ROUND_DEALS,
        risk: float = RISK,
    ) -> None:
        min_deals = check_whole(min_deals, AnalysisError, "the minimum number of deals")
        if not 1 <= min_deals <= MAX_DEALS:
            raise AnalysisError(f"the minimum number of deals must be 1 to {MAX_DEALS:,}, got {min_deals:,}")
        step = check_whole(step, AnalysisError, "a round's deals")
        if not 1 <= step <= MAX_DEALS:
            raise AnalysisError(f"a round must add 1 to {MAX_DEALS:,} deals, got {step:,}")
        risk = check_real(risk, "the risk")
        if not 0.0 < risk < 1.0:
            raise AnalysisError(f"the risk must lie strictly between 0 and 1, got {risk}")
        object.__setattr__(self, "min_deals", min_deals)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "risk", risk)

    def checkpoints(self, deals: int) -> list[int]:
        """The number of deals solved after each round: min_deals, +step, ..., deals."""
        first = min(self.min_deals, deals)
        return [*range(first, deals, self.step), deals]

    def test_level(self, deals: int, tests_per_round: int) -> float:
        """The level of each test: ``risk`` shared among all the tests the race may make."""
        rounds = max(1, len(self.checkpoints(deals)) - 1)
        return self.risk / (rounds * max(1, tests_per_round))


DEFAULT_RACING: Final = Racing()


@cache
def _binomial(n: int, p: float) -> tuple[np.ndarray, np.ndarray]:
    """``(at_most, at_least)``: P(Binomial(n, p) <= k) and P(Binomial(n, p) >= k), k = 0..n."""
    k = np.arange(n + 1)
    log_factorial = np.concatenate(([0.0], np.cumsum(np.log(np.arange(1, n + 1)))))
    with np.errstate(divide="ignore", invalid="ignore"):
        log_choose = log_factorial[n] - log_factorial[k] - log_factorial[n - k]
        pmf = np.exp(log_choose + k * np.log(p) + (n - k) * np.log1p(-p))
    return np.cumsum(pmf), np.cumsum(pmf[::-1])[::-1]


def sign_test(wins: int, losses: int) -> float:
    """The one-sided p-value that the first of two declarations makes a bid more often,
    from the deals where only the first (``wins``) or only the second (``losses``) does."""
    return float(_binomial(wins + losses, 0.5)[1][wins]) if wins + losses else 1.0


def below_confidence(successes: int, deals: int, confidence: float) -> float:
    """The one-sided p-value that the odds of making a bid are below ``confidence``."""
    if confidence >= 1.0:
        return 1.0 if successes == deals else 0.0
    return float(_binomial(deals, confidence)[0][successes])


def above_confidence(successes: int, deals: int, confidence: float) -> float:
    """The one-sided p-value that the odds of making a bid are above ``confidence``."""
    if confidence >= 1.0:
        return 1.0
    return float(_binomial(deals, confidence)[1][successes])


def _made(points: np.ndarray) -> np.ndarray:
    """made[i, j, l]: declaration j makes level l in deal i."""
    return points[:, :, None] >= np.asarray(LEVELS)[None, None, :]


def _possible_levels(successes: np.ndarray, n: int, alpha: float, confidence: float) -> list[bool]:
    """Which levels could be the recommended bid's: not one that every declaration clearly
    makes less often than ``confidence`` (except 30, a pass's forced bid), nor one below a
    level that some declaration clearly makes more often."""
    k = successes.shape[0]
    reachable = [
        level == 0 or any(below_confidence(int(successes[j, level]), n, confidence) > alpha for j in range(k))
        for level in range(len(LEVELS))
    ]
    surely_made = [
        any(above_confidence(int(successes[j, level]), n, confidence) <= alpha for j in range(k))
        for level in range(len(LEVELS))
    ]
    return [reachable[level] and not any(surely_made[level + 1 :]) for level in range(len(LEVELS))]


def beaten_for_recommendation(points: np.ndarray, alpha: float, confidence: float) -> list[bool]:
    """For each column of ``points`` (deals x racing declarations), whether it clearly
    cannot be the recommended trump (see the module's docstring)."""
    made = _made(points)
    n, k = points.shape
    possible = _possible_levels(made.sum(axis=0), n, alpha, confidence)
    beaten = []
    for j in range(k):
        only_other = (made & ~made[:, j : j + 1, :]).sum(axis=0)
        only_this = (made[:, j : j + 1, :] & ~made).sum(axis=0)
        beaten.append(
            all(
                not possible[level]
                or any(
                    sign_test(int(only_other[o, level]), int(only_this[o, level])) <= alpha
                    for o in range(k)
                    if o != j
                )
                for level in range(len(LEVELS))
            )
        )
    return beaten


def beaten_at(points: np.ndarray, alpha: float, level: int) -> list[bool]:
    """For each column of ``points``, whether some other column clearly takes ``level``
    points or more more often (the sign test at ``alpha``): it cannot be the declaration
    that makes a bid needing ``level`` most often."""
    made = points >= level
    k = points.shape[1]
    beaten = []
    for j in range(k):
        only_other = (made & ~made[:, j : j + 1]).sum(axis=0)
        only_this = (made[:, j : j + 1] & ~made).sum(axis=0)
        tests = (sign_test(int(only_other[o]), int(only_this[o])) for o in range(k) if o != j)
        beaten.append(any(p <= alpha for p in tests))
    return beaten


def ordered_against_all(points: np.ndarray, alpha: float) -> list[bool]:
    """For each column of ``points``, whether its order by expected points against every
    other column is clear (paired differences, Student's t bound at level ``alpha``
    two-sided; never on fewer than ``MIN_BOUNDED`` deals)."""
    n, k = points.shape
    if n < MIN_BOUNDED:
        return [False] * k
    z = t_quantile(1.0 - alpha / 2.0, n - 1)
    clear = np.ones((k, k), dtype=bool)
    for a in range(k):
        for b in range(a + 1, k):
            d = points[:, a].astype(np.float64) - points[:, b]
            spread = float(d.std(ddof=1)) if n > 1 else 0.0
            mean = float(d.mean())
            clear[a, b] = clear[b, a] = spread > 0 and abs(mean) > z * spread / math.sqrt(n)
    return [bool(row.all()) for row in clear]


def outside_leading(points: np.ndarray, alpha: float, leading: int) -> list[bool]:
    """For each column of ``points``, whether at least ``leading`` other columns clearly take
    more points on average (paired differences, one-sided Student's t bound at level
    ``alpha``; never on fewer than ``MIN_BOUNDED`` deals): it cannot be among the
    ``leading`` declarations with the most expected points."""
    n, k = points.shape
    if n < MIN_BOUNDED:
        return [False] * k
    z = t_quantile(1.0 - alpha, n - 1)
    above = np.zeros((k, k), dtype=bool)  # above[a, b]: b clearly takes more than a
    for a in range(k):
        for b in range(k):
            if a != b:
                d = points[:, b].astype(np.float64) - points[:, a]
                spread = float(d.std(ddof=1)) if n > 1 else 0.0
                above[a, b] = float(d.mean()) > z * spread / math.sqrt(n)
    return [int(row.sum()) >= leading for row in above]


MIN_BOUNDED: Final = 30
"""The fewest deals on which a bound on the mean of paired differences is trusted: below,
their distribution (points, bounded but far from normal) is too far from the t bound's."""


def t_quantile(p: float, dof: int) -> float:
    """Student's t quantile with ``dof`` degrees of freedom, by the Cornish-Fisher expansion
    in the normal quantile (Abramowitz and Stegun 26.7.5: within 1e-3 from 29 degrees of
    freedom and p up to 1 - 1e-6, the range the race uses)."""
    z = _normal_quantile(p)
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(term / float(dof) ** (i + 1) for i, term in enumerate(terms))


def _normal_quantile(p: float) -> float:
    """The standard normal quantile, by bisection on erf (precise to 1e-12)."""
    low, high = -40.0, 40.0
    while high - low > 1e-12:
        mid = (low + high) / 2.0
        if 0.5 * math.erfc(-mid / math.sqrt(2.0)) < p:
            low = mid
        else:
            high = mid
    return (low + high) / 2.0


Solve = Callable[[int, int, Sequence[int]], np.ndarray]
"""``solve(start, stop, columns)``: the points of deals start..stop-1 under those columns."""
Leaves = Callable[[np.ndarray, float], list[bool]]
"""``leaves(points, alpha)``: which racing columns leave the race, given their points so far."""


def all_of(*rules: Leaves) -> Leaves:
    """A rule by which a column leaves the race only when every one of ``rules`` lets it."""

    def leaves(points: np.ndarray, alpha: float) -> list[bool]:
        verdicts = [rule(points, alpha) for rule in rules]
        return [all(column) for column in zip(*verdicts, strict=True)]

    return leaves


def recommendation_tests(columns: int) -> int:
    """The tests a round of ``beaten_for_recommendation`` may make: a sign test for each
    ordered pair and level, and two against the confidence for each column and level."""
    return (columns + 1) * columns * len(LEVELS)


def pair_tests(columns: int) -> int:
    """The tests a round of ``beaten_at`` or ``outside_leading`` may make: one for each
    ordered pair."""
    return columns * (columns - 1)


def order_tests(columns: int) -> int:
    """The tests a round of ``ordered_against_all`` may make: one for each pair."""
    return columns * (columns - 1) // 2


def race(
    deals: int, columns: int, racing: Racing, solve: Solve, leaves: Leaves, tests_per_round: int
) -> tuple[np.ndarray, list[int]]:
    """Run the race: the points (deals x columns, -1 where not solved) and the number of
    deals each column got (always its first ones)."""
    points = np.full((deals, columns), -1, dtype=np.int64)
    solved = [0] * columns
    racing_columns = list(range(columns))
    alpha = racing.test_level(deals, tests_per_round)
    start = 0
    for stop in racing.checkpoints(deals):
        points[start:stop, racing_columns] = solve(start, stop, racing_columns)
        for j in racing_columns:
            solved[j] = stop
        start = stop
        if stop < deals and len(racing_columns) > 1:
            left = leaves(points[:stop, racing_columns], alpha)
            racing_columns = [j for j, gone in zip(racing_columns, left, strict=True) if not gone]
    return points, solved


def race_sample(
    hand: Hand,
    seed: int,
    deals: np.ndarray,
    declarations: Sequence[Declaration],
    racing: Racing,
    leaves: Leaves,
    tests_per_round: int,
    threads: int | None,
    counter: SolveCounter,
) -> Sample:
    """``solve_sample`` by a race: the declarations that ``leaves`` lets go stop getting
    deals; the counter's total shrinks as they go."""
    chosen = tuple(check_declaration(d) for d in declarations)
    n = int(deals.shape[0])
    racing_now = list(range(len(chosen)))

    def solve(start: int, stop: int, columns: Sequence[int]) -> np.ndarray:
        if len(columns) < len(racing_now):
            counter.retotal(counter.total - (len(racing_now) - len(columns)) * (n - start))
            racing_now[:] = columns
        wanted = [chosen[j] for j in columns]
        solved: np.ndarray = engine.solve_deals(
            deals[start:stop], wanted, leaders=0, threads=threads, on_progress=counter
        ).points
        return solved

    points, solved = race(n, len(chosen), racing, solve, leaves, tests_per_round)
    every = all(s == n for s in solved)
    return Sample(hand, seed, deals, chosen, points, None if every else tuple(solved))


def solve_or_race(
    hand: Hand,
    seed: int,
    drawn: DrawnDeals,
    declarations: Sequence[Declaration],
    racing: Racing | None,
    leaves: Leaves,
    tests_per_round: int,
    threads: int | None,
    counter: SolveCounter,
) -> Sample:
    """The main sample of ``drawn`` solved by a race (``race_sample``); every declaration on
    every deal (``solve_sample``) without ``racing`` or where the deals are exact."""
    if racing is None or drawn.exact:
        return replace(
            solve_sample(hand, seed, drawn.main, declarations, threads, counter), exact=drawn.exact
        )
    return race_sample(
        hand, seed, drawn.main, declarations, racing, leaves, tests_per_round, threads, counter
    )
