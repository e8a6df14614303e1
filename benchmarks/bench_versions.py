"""Two source trees of texas42 timed against each other, interleaved.

    git worktree add /tmp/before <commit>
    python benchmarks/bench_versions.py /tmp/before/src src --rounds 5

For each round and each command, one fresh process of each tree (in alternating order, so
drift of the shared machine hits both alike); then the median wall time of each and the
ratio of the medians, after one warm-up run each (which fills Numba's cache). The
commands: ``texas42 solve`` of one deal, and ``texas42 analyze --json`` of three hands
(ordinary, strong, passing) at --deals 1000. With --playouts, instead, the commands that
play hands out by realistic players (``play`` at Nel-O, unasked, and ``play --realistic``
at sixes, both at the first lead; ``analyze --realistic``).

    python benchmarks/bench_versions.py /tmp/before/src src --rounds 3 --playouts
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

DEAL = (
    "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
    "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
)
COMMANDS = {
    "solve one deal": ["solve", "--json", DEAL],
    "analyze: fours and count": ["analyze", "--json", "--seed", "42", "6-5 6-4 5-0 4-4 4-3 4-2 4-0"],
    "analyze: six fives, 6-6": ["analyze", "--json", "--seed", "42", "6-6 6-5 5-5 5-4 5-3 5-2 5-1"],
    "analyze: no doubles": ["analyze", "--json", "--seed", "42", "6-5 6-3 5-4 4-2 3-1 2-0 6-0"],
}
PLAYOUT_COMMANDS = {
    "play: Nel-O first lead": ["play", "--json", "6-0 5-1 4-0 3-1 2-0 1-0 0-0", "-t", "nello", "--seed", "1"],
    "play --realistic: sixes": [
        *("play", "--json", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "-t", "sixes", "--seed", "1", "--realistic"),
    ],
    "analyze --realistic": ["analyze", "--json", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "--seed", "5", "--realistic"],
}


def timed(source: Path, args: list[str]) -> tuple[float, str]:
    env = dict(os.environ, PYTHONPATH=str(source.resolve()))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "texas42", *args], env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{source}: texas42 {' '.join(args[:2])} failed: {done.stderr.strip()[-300:]}")
    return elapsed, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("before", type=Path, help="the src folder of the first tree")
    parser.add_argument("after", type=Path, help="the src folder of the second tree")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--playouts", action="store_true", help="time the realistic playouts' commands")
    args = parser.parse_args()
    trees = (args.before, args.after)
    if args.before.resolve() == args.after.resolve():
        parser.error("give two different trees (for one tree against itself, a copy of it)")
    for label, command in (PLAYOUT_COMMANDS if args.playouts else COMMANDS).items():
        outputs = {tree: timed(tree, command)[1] for tree in trees}  # warm-up: fills the cache
        same = "same output" if outputs[trees[0]] == outputs[trees[1]] else "OUTPUT DIFFERS"
        times: dict[Path, list[float]] = {tree: [] for tree in trees}
        for round_ in range(args.rounds):
            for tree in trees if round_ % 2 == 0 else reversed(trees):
                times[tree].append(timed(tree, command)[0])
        before, after = (statistics.median(times[tree]) for tree in trees)
        runs = "; ".join(f"{tree}: " + ", ".join(f"{t:.2f}" for t in times[tree]) for tree in trees)
        ratio = after / before
        print(f"{label:<26} before {before:6.2f} s  after {after:6.2f} s  ratio {ratio:5.3f}  {same}")
        print(f"{'':<26} runs {runs}", flush=True)


if __name__ == "__main__":
    main()
