"""The first run: the README's first command with an empty Numba cache, compile included.

    python benchmarks/bench_first_run.py                     # the installed texas42, 3 runs
    python benchmarks/bench_first_run.py /tmp/before/src src --rounds 3

Each run is a fresh `python -m texas42 analyze HAND` process (the README's hand, default
options: 1000 deals, the special contracts weighed) given an empty NUMBA_CACHE_DIR, so it
compiles every kernel it uses; then one more run with the cache it filled (warm). With
source trees (their src folders), each runs from its own tree (PYTHONPATH), the trees
alternating in order from round to round so that drift of a shared machine hits both
alike. Shown: the median wall time and the median CPU time (user + system, of the process
and the processes it started: the compile's own cost, whatever else the machine runs).
Run it from outside a work tree whose src a .pth file puts first on the path.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HAND = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"


def timed(source: Path | None, cache: str) -> tuple[float, float, str]:
    """Wall and CPU seconds of one `texas42 analyze` process, and its stderr."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    if source is not None:
        env["PYTHONPATH"] = str(source.resolve())
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "texas42", "analyze", HAND], env=env, capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{source}: texas42 analyze failed: {done.stderr.strip()[-300:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stderr


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("trees", type=Path, nargs="*", help="src folders (default: the installed texas42)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if len({tree.resolve() for tree in args.trees}) != len(args.trees):
        parser.error("each tree once (for one tree against itself, a copy of it)")
    trees: list[Path | None] = list(args.trees) or [None]
    cold: dict[Path | None, list[tuple[float, float]]] = {tree: [] for tree in trees}
    warm: dict[Path | None, list[tuple[float, float]]] = {tree: [] for tree in trees}
    for round_ in range(args.rounds):
        for tree in trees if round_ % 2 == 0 else reversed(trees):
            with tempfile.TemporaryDirectory() as cache:
                wall, cpu, stderr = timed(tree, cache)
                cold[tree].append((wall, cpu))
                notices = stderr.count("compiling the solvers")
                warm_wall, warm_cpu, warm_stderr = timed(tree, cache)
                warm[tree].append((warm_wall, warm_cpu))
                notices_warm = warm_stderr.count("compiling the solvers")
            print(
                f"round {round_ + 1} {tree or 'installed'}: cold {wall:.1f} s wall, {cpu:.1f} s CPU"
                f" ({notices} notice); warm {warm_wall:.1f} s wall, {warm_cpu:.1f} s CPU"
                f" ({notices_warm} notice)",
                flush=True,
            )
    for tree in trees:
        walls, cpus = zip(*cold[tree], strict=True)
        warm_walls, warm_cpus = zip(*warm[tree], strict=True)
        print(
            f"{tree or 'installed'}: first run median {statistics.median(walls):.1f} s wall,"
            f" {statistics.median(cpus):.1f} s CPU; warm {statistics.median(warm_walls):.1f} s wall,"
            f" {statistics.median(warm_cpus):.1f} s CPU"
        )


if __name__ == "__main__":
    main()
