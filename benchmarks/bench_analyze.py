"""Benchmark of `texas42 analyze`: wall time for each hand of examples/hands.txt.

Run from the repository root after installing the project:

    python benchmarks/bench_analyze.py                      # 1000 deals, cold and warm
    python benchmarks/bench_analyze.py --cold first --repeat 3
    python benchmarks/bench_analyze.py --hands my_hands.txt --deals 500
    python benchmarks/bench_analyze.py --cold none --repeat 5 --compare-basis

Each figure is the wall time of a fresh `python -m texas42 analyze --json --deals N --seed
S HAND` process (all 9 declarations, each on the deals racing gives it, plus the
recommended one on the independent check sample), so it includes start-up; solves/s counts
those solves (each trump's "deals" in the JSON, and the check's). Cold: an empty Numba
cache, so the solver is compiled first. Warm: a cache filled by an earlier run. With
--compare-basis, each hand runs on the default realistic basis (the calibration's
estimates added) and with --basis double-dummy, one after the other in every round, and
the ratio of the medians says what the calibration costs. Targets: under 3 s warm for an
ordinary hand and under 8 s for every hand, all seven sixes included, on 2 cores; the goal
is 1 s for every hand.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from texas42.io.files import HandsInput, read_hands

ROOT = Path(__file__).resolve().parent.parent
MUST_ORDINARY = 3.0
MUST_STRONGEST = 8.0
GOAL = 1.0


class RunFailed(RuntimeError):
    """A `texas42 analyze` process that did not finish normally."""


def run(
    hand: str, deals: int, seed: int, cache: str, threads: int | None, extra: tuple[str, ...] = ()
) -> tuple[float, dict[str, Any]]:
    """Wall time of one `texas42 analyze --json` process, and its output."""
    cmd = [sys.executable, "-m", "texas42", "analyze", "--json", "--deals", str(deals), "--seed", str(seed)]
    cmd += extra
    if threads is not None:
        cmd += ["--threads", str(threads)]
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    start = time.perf_counter()
    done = subprocess.run([*cmd, hand], env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or [""])[-1]
        raise RunFailed(f"exit status {done.returncode} after {elapsed:.1f} s {last}".strip())
    return elapsed, json.loads(done.stdout)


def revision() -> str:
    """The commit being measured, marked dirty if the work tree differs from it."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "src"], cwd=ROOT, capture_output=True, text=True
        )
    except OSError:
        return "unknown"
    return head.stdout.strip() + (" (modified)" if dirty.stdout.strip() else "") or "unknown"


def hands_of(path: Path) -> HandsInput:
    """The hands of a hands file; the script's end, with why, if it has a bad line or no hand."""
    parsed = read_hands(path.read_text(encoding="utf-8").splitlines())
    if parsed.errors:
        sys.exit("\n".join(str(e) for e in parsed.errors))
    if not parsed.hands:
        sys.exit(f"{path}: no hand to analyze")
    return parsed


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=Path, default=ROOT / "examples" / "hands.txt")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--threads", type=int, default=None, help="solver threads (default: all cores)")
    parser.add_argument("--repeat", type=int, default=1, help="warm runs per hand (the median is shown)")
    parser.add_argument(
        "--cold",
        choices=("all", "first", "none"),
        default="all",
        help="measure the cold (compiling) run for every hand, the first only, or none",
    )
    parser.add_argument(
        "--compare-basis", action="store_true", help="interleave the realistic and double-dummy bases"
    )
    args = parser.parse_args()
    if args.compare_basis:
        compare_basis(args)
        return

    parsed = hands_of(args.hands)
    print(
        f"texas42 analyze --deals {args.deals} --seed {args.seed} (9 declarations, racing), "
        f"{os.cpu_count()} cores, threads={args.threads or 'all'}; hands from {args.hands.name}; "
        f"commit {revision()}"
    )
    print(f"{'hand':<20} {'advice':<16} {'cold s':>7} {'warm s':>7} {'solves/s':>9}")
    warm_times: list[float] = []
    with tempfile.TemporaryDirectory() as warm_cache:
        run(str(parsed.hands[0].hand), 1, 0, warm_cache, args.threads)  # fill the warm cache
        for index, item in enumerate(parsed.hands):
            hand = str(item.hand)
            label = item.name or hand
            try:
                cold = "-"
                if args.cold == "all" or (args.cold == "first" and index == 0):
                    with tempfile.TemporaryDirectory() as cold_cache:
                        elapsed, _ = run(hand, args.deals, args.seed, cold_cache, args.threads)
                    cold = f"{elapsed:7.1f}"
                times = []
                for _ in range(max(1, args.repeat)):
                    elapsed, out = run(hand, args.deals, args.seed, warm_cache, args.threads)
                    times.append(elapsed)
            except RunFailed as error:
                print(f"{label:<20} FAILED: {error}", flush=True)
                continue
            warm = statistics.median(times)
            warm_times.append(warm)
            rec = out["recommendation"]
            advice = f"{rec['bid']} {rec['trump']}"
            checked = 0 if out["exact"] else args.deals
            solves = sum(trump["deals"] for trump in out["trumps"]) + checked
            print(f"{label:<20} {advice:<16} {cold:>7} {warm:7.1f} {solves / warm:9.0f}", flush=True)
    if not warm_times:
        sys.exit("no hand was measured")
    slowest = max(warm_times)
    median = statistics.median(warm_times)
    print(
        f"warm: median {median:.1f} s (must: ordinary hands under {MUST_ORDINARY:.0f} s), "
        f"slowest {slowest:.1f} s (must: under {MUST_STRONGEST:.0f} s); goal {GOAL:.0f} s for every hand; "
        f"{sum(t <= GOAL for t in warm_times)} of {len(warm_times)} hands meet the goal"
    )


def compare_basis(args: argparse.Namespace) -> None:
    """Each hand on both bases, interleaved: the medians and their ratio."""
    parsed = hands_of(args.hands)
    print(f"analyze --deals {args.deals} --seed {args.seed}: realistic basis / --basis double-dummy")
    ratios = []
    with tempfile.TemporaryDirectory() as cache:
        run(str(parsed.hands[0].hand), 1, 0, cache, args.threads)
        for item in parsed.hands:
            hand = str(item.hand)
            times: dict[str, list[float]] = {"realistic": [], "double-dummy": []}
            for _ in range(max(1, args.repeat)):
                for basis in times:
                    elapsed, _ = run(hand, args.deals, args.seed, cache, args.threads, ("--basis", basis))
                    times[basis].append(elapsed)
            real, dd = (statistics.median(times[b]) for b in ("realistic", "double-dummy"))
            ratios.append(real / dd)
            print(f"{item.name or hand:<20} {real:6.2f} s {dd:6.2f} s  ratio {real / dd:.3f}", flush=True)
    print(f"median ratio {statistics.median(ratios):.3f} over {len(ratios)} hands")


if __name__ == "__main__":
    main()
