"""Two source trees' trump engines timed against each other in pairs, the way the engine's
speed-ups of docs/engine.md were measured.

    git worktree add /tmp/before <commit>
    python benchmarks/bench_engine_pair.py /tmp/before/src src --rounds 8 --deals 1000

Each round runs one fresh process of each tree at the same time, each pinned to a core of
its own (the cores swapped from round to round): every process solves --deals seeded
random deals x 9 declarations on one thread after a warm-up and reports its CPU time, its
node count and a digest of its values. The machine's drift hits both trees of a round
alike, so the ratio of each pair is steadier than the ratio of runs made one after the
other (single runs here vary by 20%). Shown: each tree's CPU times, and the median, lowest
and highest of the pairs' ratios (the first tree's time over the second's: above 1, the
second is faster). The values must be the same; the nodes may differ.

With --threads N (N > 1) each process solves on N threads, so the two trees of a round
run one after the other (which goes first alternates) and their wall times are compared.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

SOLVE = """
import hashlib, sys, time
import numpy as np
from texas42 import engine
from texas42.rules import DECLARATIONS

deals, seed, threads = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
clock = time.process_time if threads == 1 else time.perf_counter
rng = np.random.default_rng(seed)
hands = np.zeros((deals, 4), dtype=np.int64)
for i in range(deals):
    order = rng.permutation(28)
    for seat in range(4):
        hands[i, seat] = int(np.sum(np.int64(1) << order[7 * seat : 7 * seat + 7].astype(np.int64)))
engine.solve_deals(hands[:20], DECLARATIONS, threads=threads)
start = clock()
result = engine.solve_deals(hands, DECLARATIONS, threads=threads)
spent = clock() - start
digest = hashlib.sha256(np.ascontiguousarray(result.points, dtype=np.int64).tobytes()).hexdigest()[:16]
print(spent, int(result.nodes.sum()), digest)
"""


def start(source: Path, core: int, deals: int, seed: int, threads: int = 1) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(source.resolve()))
    command = [sys.executable, "-c", SOLVE, str(deals), str(seed), str(threads)]
    if threads == 1 and hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > 1:
        command = ["taskset", "-c", str(core), *command]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def result(process: subprocess.Popen[str], source: Path) -> tuple[float, int, str]:
    out, err = process.communicate()
    if process.returncode != 0:
        raise SystemExit(f"{source}: the solving process failed: {err.strip()[-300:]}")
    spent, nodes, digest = out.split()
    return float(spent), int(nodes), digest


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("first", type=Path, help="the src folder of the first tree")
    parser.add_argument("second", type=Path, help="the src folder of the second tree")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--threads", type=int, default=1, help="threads a process (above 1: in turn)")
    args = parser.parse_args()
    trees = (args.first, args.second)
    if args.first.resolve() == args.second.resolve():
        parser.error("give two different trees (for one tree against itself, a copy of it)")
    for tree in trees:  # fills each tree's kernel cache, so that no round compiles
        result(start(tree, 0, 20, args.seed), tree)
    times: dict[Path, list[float]] = {tree: [] for tree in trees}
    seen: dict[Path, tuple[int, str]] = {}
    for round_number in range(args.rounds):
        if args.threads == 1:
            cores = (0, 1) if round_number % 2 == 0 else (1, 0)
            pairs = zip(trees, cores, strict=True)
            processes = [start(tree, core, args.deals, args.seed) for tree, core in pairs]
            runs = [(tree, result(process, tree)) for tree, process in zip(trees, processes, strict=True)]
        else:
            order = trees if round_number % 2 == 0 else trees[::-1]
            runs = [(t, result(start(t, 0, args.deals, args.seed, args.threads), t)) for t in order]
        for tree, (spent, nodes, digest) in runs:
            times[tree].append(spent)
            seen[tree] = (nodes, digest)
    ratios = [a / b for a, b in zip(times[args.first], times[args.second], strict=True)]
    clock = "CPU" if args.threads == 1 else "wall"
    for tree in trees:
        nodes, digest = seen[tree]
        listed = ", ".join(f"{t:.2f}" for t in times[tree])
        print(f"{tree}: {clock} s {listed}; nodes {nodes:,}; values {digest}")
    same = "same values" if seen[args.first][1] == seen[args.second][1] else "VALUES DIFFER"
    print(
        f"speed of the second against the first ({args.rounds} pairs, {args.deals} deals x 9, "
        f"{args.threads} thread{'s' if args.threads > 1 else ''}): "
        f"median {statistics.median(ratios):.3f}, lowest {min(ratios):.3f}, highest {max(ratios):.3f}; {same}"
    )


if __name__ == "__main__":
    main()
