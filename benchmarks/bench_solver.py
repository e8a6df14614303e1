"""Solver benchmark: exact double-dummy solves per second.

Run from the repository root after installing the project:

    python benchmarks/bench_solver.py                # everything
    python benchmarks/bench_solver.py --deals 2000 --no-reference --no-startup
    python benchmarks/bench_solver.py --specials-only --deals 1000    # the special contracts

Figures: solves per second on 1 thread and on all cores (median of --repeat runs,
after a JIT warm-up), nodes per solve (mean, median, p99, max), the same for strong
hands (seat 0 holding all seven sixes; six fives and the 6-6), the speed ratio
against the slow reference of the test suite, and the cold (compiling) and warm
start of `texas42 solve`. Then the special contracts: Nel-O for each treatment of
doubles, sevens (the exact tricks, and the contract alone as analysis asks it), and
plunge/splash, which the trump engine solves with the partner leading (seat 0 holding
four doubles, all nine declarations).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numba
import numpy as np

from texas42 import engine, rules
from texas42.rules import DECLARATIONS, Declaration

ROOT = Path(__file__).resolve().parent.parent


def random_deals(n: int, seed: int, fixed: rules.Dominoes = 0) -> np.ndarray:
    """n random deals; with ``fixed``, seat 0 holds those dominoes and the rest is dealt."""
    rng = np.random.default_rng(seed)
    rest = np.array([d for d in rules.DOMINOES if not fixed >> d & 1], dtype=np.int64)
    hands = np.zeros((n, 4), dtype=np.int64)
    for i in range(n):
        order = rng.permutation(rest)
        seats = [order[k * 7 : (k + 1) * 7] for k in range(len(rest) // 7)]
        if fixed:
            seats = [np.array(list(rules.dominoes_in(fixed))), *seats]
        for s in range(4):
            hands[i, s] = int(np.sum(np.int64(1) << seats[s].astype(np.int64)))
    return hands


def timed_batch(
    hands: np.ndarray, threads: int, declarations=DECLARATIONS
) -> tuple[float, engine.BatchResult]:
    start = time.perf_counter()
    result = engine.solve_deals(hands, declarations, threads=threads)
    return time.perf_counter() - start, result


def report_rate(label: str, hands: np.ndarray, threads: int, repeat: int, declarations=DECLARATIONS) -> None:
    times = []
    result = None
    for _ in range(repeat):
        elapsed, result = timed_batch(hands, threads, declarations)
        times.append(elapsed)
    assert result is not None
    solves = hands.shape[0] * len(tuple(declarations))
    median = statistics.median(times)
    print(
        f"{label:<34} threads={threads}  {solves / median:9.0f} solves/s"
        f"  (median of {repeat}: {median:.3f} s for {solves} solves;"
        f" runs {', '.join(f'{t:.2f}' for t in times)})"
    )


def report_nodes(label: str, hands: np.ndarray) -> engine.BatchResult:
    result = engine.solve_deals(hands, DECLARATIONS, threads=1)
    nodes = result.nodes
    print(
        f"{label:<34} nodes/solve mean {nodes.mean():10.0f}  median {np.median(nodes):9.0f}"
        f"  p99 {np.percentile(nodes, 99):10.0f}  max {nodes.max():10.0f}"
    )
    per_decl = ", ".join(f"{d.label} {nodes[:, d.value].mean():.0f}" for d in DECLARATIONS)
    print(f"{'':<34} mean by declaration: {per_decl}")
    return result


def reference_ratio(hands: np.ndarray, budget: float) -> None:
    """Solve deals with the test suite's slow reference for ``budget`` seconds, then the
    same deals with the engine one at a time, and compare."""
    sys.path.insert(0, str(ROOT / "tests"))
    import naive  # the slow reference of the test suite

    tasks = []
    slow_total = 0.0
    while len(tasks) < hands.shape[0] * 9 and slow_total < budget:
        i, j = divmod(len(tasks), 9)
        deal = rules.Deal.from_hands([rules.Hand(int(m)) for m in hands[i]])
        start = time.perf_counter()
        tasks.append((deal, Declaration(j), naive.solve(deal, Declaration(j), 0)))
        slow_total += time.perf_counter() - start
    start = time.perf_counter()
    for deal, declaration, slow in tasks:
        assert engine.solve_deal(deal, declaration, 0) == slow, (str(deal), declaration, slow)
    fast_total = time.perf_counter() - start
    print(
        f"slow reference: {len(tasks)} solves in {slow_total:.1f} s ({len(tasks) / slow_total:.2f}/s);"
        f" engine, one solve_deal call each: {fast_total:.3f} s; ratio {slow_total / fast_total:.0f}x"
    )


def startup_times() -> None:
    """Wall time of `texas42 solve` on one deal: compiling into an empty cache, then cached."""
    exe = shutil.which("texas42")
    if exe is None:
        print("texas42 is not on PATH: install the project to measure start-up")
        return
    deal = (
        "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
        "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
    )
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        for label in ("cold (compiling)", "warm (cached)", "warm (cached)", "warm (cached)"):
            start = time.perf_counter()
            subprocess.run([exe, "solve", deal], env=env, check=True, capture_output=True)
            print(f"texas42 solve, {label}: {time.perf_counter() - start:.2f} s")


def report_special(label: str, solve: Callable[[int], Any], n: int, threads: int, repeat: int) -> None:
    """Solves per second of ``solve(threads)``, which solves ``n`` deals, and its nodes."""
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = solve(threads)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    nodes = result.nodes
    print(
        f"{label:<34} threads={threads}  {n / median:9.0f} solves/s  (median of {repeat}: {median:.3f} s;"
        f" nodes/solve mean {nodes.mean():.0f}, p99 {np.percentile(nodes, 99):.0f}, max {nodes.max()})"
    )


def specials(deals: int, seed: int, repeat: int, cores: int) -> None:
    hands = random_deals(deals, seed)
    engine.solve_nello(hands[:20])  # JIT warm-up (loading the compiled kernels)
    engine.solve_sevens(hands[:20])
    print(f"special contracts: {deals} random deals, seed {seed}, seat 0 bids")
    for threads in sorted({1, cores}):
        for doubles in rules.NelloDoubles:
            report_special(
                f"Nel-O, doubles {doubles.label}",
                lambda t, d=doubles: engine.solve_nello(hands, 0, d, threads=t),
                deals,
                threads,
                repeat,
            )
        report_special(
            "sevens, exact tricks", lambda t: engine.solve_sevens(hands, 0, threads=t), deals, threads, repeat
        )
        report_special(
            "sevens, the contract only",
            lambda t: engine.solve_sevens(hands, 0, threads=t, contract_only=True),
            deals,
            threads,
            repeat,
        )
    made = engine.solve_nello(hands).values.mean(), (engine.solve_sevens(hands).values == 7).mean()
    print(f"made on these deals: Nel-O (own suit) {made[0]:.1%}, sevens {made[1]:.1%}")
    plunger = rules.parse_hand("6-6 5-5 4-4 3-3 6-5 5-4 6-4").mask
    plunge = random_deals(max(1, deals // 10), seed, plunger)
    n = plunge.shape[0] * len(DECLARATIONS)
    for threads in sorted({1, cores}):
        report_special(
            "plunge/splash: 9 trumps, seat 2 leads",
            lambda t: engine.solve_deals(plunge, DECLARATIONS, leaders=2, threads=t),
            n,
            threads,
            repeat,
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--strong-deals", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--reference-seconds", type=float, default=60.0)
    parser.add_argument("--no-reference", action="store_true")
    parser.add_argument("--no-startup", action="store_true")
    parser.add_argument("--no-specials", action="store_true")
    parser.add_argument("--specials-only", action="store_true")
    args = parser.parse_args()

    cores = numba.config.NUMBA_NUM_THREADS
    if args.specials_only:
        specials(args.deals, args.seed, args.repeat, cores)
        return
    hands = random_deals(args.deals, args.seed)
    engine.solve_deals(hands[:20], threads=cores)  # JIT warm-up
    print(f"{args.deals} random deals x 9 declarations, seed {args.seed}, {cores} cores")
    report_nodes("random deals", hands)
    report_rate("random deals", hands, 1, args.repeat)
    report_rate("random deals", hands, cores, args.repeat)

    strong = {
        "seat 0 holds all seven sixes": rules.PIP_DOMINOES[6],
        "seat 0 holds six fives and 6-6": rules.PIP_DOMINOES[5] & ~(1 << rules.domino(6, 5))
        | 1 << rules.domino(6, 6),
    }
    for label, fixed in strong.items():
        strong_hands = random_deals(args.strong_deals, args.seed, fixed)
        report_nodes(label, strong_hands)
        report_rate(label, strong_hands, 1, args.repeat)
        report_rate(label, strong_hands, cores, args.repeat)

    if not args.no_reference:
        reference_ratio(hands, args.reference_seconds)
    if not args.no_startup:
        startup_times()
    if not args.no_specials:
        specials(args.deals, args.seed, args.repeat, cores)


if __name__ == "__main__":
    main()
