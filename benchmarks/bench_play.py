"""Play advice speed: ``texas42 play`` warm, at the first lead and later in the hand.

    python benchmarks/bench_play.py
    python benchmarks/bench_play.py --repeat 5 --threads 1 2

Each case runs a fresh ``texas42 play ... --deals 1000 --seed 1 --json`` process (Python,
Numba's start and loading the cached kernels included) after one warm-up run, for each
--threads: the lowest and the median wall time of --repeat runs, and the median CPU time
of the process (user + system: on a machine busy with other work, the wall time grows
and the CPU time much less). Then the library's own wall time (``analysis.advise_play``,
dealing and solving only), lowest and median.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time

from texas42 import analysis
from texas42.rules import parse_declaration, parse_hand, parse_tricks

WORKED = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
LINE = "6-6 6-3 5-0 6-1 / 6-5 5-4 4-3 6-0 / 4-4 4-0 4-2 5-1"
CASES = {
    "first lead, 6-6 6-5 6-4 6-2 5-5 4-4 3-1 sixes": (WORKED, "sixes", ""),
    "first lead, 6-4 5-5 5-2 4-3 4-2 3-2 3-1 fours": ("6-4 5-5 5-2 4-3 4-2 3-2 3-1", "fours", ""),
    "first lead, 6-4 5-5 5-2 4-3 4-2 3-2 3-1 doubles": ("6-4 5-5 5-2 4-3 4-2 3-2 3-1", "doubles", ""),
    "second lead (6 plays), worked example": (WORKED, "sixes", LINE.split(" / ")[0]),
    "fourth lead (4 plays), worked example": (WORKED, "sixes", LINE),
}


def run_cli(hand: str, trump: str, tricks: str, threads: int) -> tuple[float, float]:
    """The wall and CPU seconds of one ``texas42 play`` process."""
    command = [sys.executable, "-m", "texas42", "play", hand, "--trump", trump, "--tricks", tricks]
    command += ["--deals", "1000", "--seed", "1", "--json", "--threads", str(threads)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def run_library(hand: str, trump: str, tricks: str, threads: int) -> float:
    start = time.perf_counter()
    analysis.advise_play(
        parse_hand(hand), parse_declaration(trump), parse_tricks(tricks), deals=1000, seed=1, threads=threads
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    print(
        f"seconds of {args.repeat} runs: texas42 play process wall lowest / median, CPU median"
        " (library alone: wall lowest / median)"
    )
    for label, (hand, trump, tricks) in CASES.items():
        for threads in args.threads:
            run_cli(hand, trump, tricks, threads)  # warm-up
            run_library(hand, trump, tricks, threads)
            runs = [run_cli(hand, trump, tricks, threads) for _ in range(args.repeat)]
            wall = [w for w, _ in runs]
            cpu = statistics.median(c for _, c in runs)
            lib = [run_library(hand, trump, tricks, threads) for _ in range(args.repeat)]
            print(
                f"{label:<50} --threads {threads}: {min(wall):5.2f} / {statistics.median(wall):5.2f},"
                f" CPU {cpu:5.2f}  ({min(lib):5.2f} / {statistics.median(lib):5.2f})"
            )


if __name__ == "__main__":
    main()
