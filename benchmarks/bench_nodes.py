"""Engine fingerprint: values and node counts on fixed, seeded sets of deals.

A change that should not alter the search (a refactoring, a new layout) must print the
same lines before and after; one that prunes more prints fewer nodes and the same values.

    python benchmarks/bench_nodes.py            # about half a minute warm, on 2 cores
    python benchmarks/bench_nodes.py --deals 100
"""

from __future__ import annotations

import argparse
import hashlib

import numpy as np

from texas42 import engine, rules
from texas42.rules import DECLARATIONS, NelloDoubles


def random_deals(n: int, seed: int, fixed: int = 0) -> np.ndarray:
    """n seeded deals; with ``fixed``, seat 0 holds those dominoes and the rest is dealt."""
    rng = np.random.default_rng(seed)
    rest = np.array([d for d in rules.DOMINOES if not fixed >> d & 1], dtype=np.int64)
    hands = np.zeros((n, 4), dtype=np.int64)
    for i in range(n):
        order = rng.permutation(rest)
        first = 1 if fixed else 0
        if fixed:
            hands[i, 0] = fixed
        for seat in range(first, 4):
            chunk = order[(seat - first) * 7 : (seat - first + 1) * 7]
            hands[i, seat] = int(np.sum(np.int64(1) << chunk))
    return hands


def digest(*arrays: np.ndarray) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a, dtype=np.int64).tobytes())
    return h.hexdigest()[:16]


def line(label: str, values: np.ndarray, nodes: np.ndarray | None) -> None:
    total = "-" if nodes is None else f"{int(nodes.sum()):,}"
    fingerprint = digest(values) if nodes is None else digest(values, nodes)
    print(f"{label:<36} values {int(values.sum()):>9,}  nodes {total:>13}  {fingerprint}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=300)
    args = parser.parse_args()
    n = args.deals
    sixes = rules.mask_of(rules.parse_hand("6-6 6-5 6-4 6-3 6-2 6-1 6-0"))
    random = random_deals(n, 1)
    strong = random_deals(max(1, n // 6), 2, fixed=sixes)
    leaders = np.arange(n) % 4
    result = engine.solve_deals(random, DECLARATIONS, leaders=leaders)
    line("trumps, random deals, leaders 0..3", result.points, result.nodes)
    result = engine.solve_deals(strong, DECLARATIONS)
    line("trumps, seat 0 holds all sixes", result.points, result.nodes)
    made = engine.reaches(random, DECLARATIONS, 30, leaders=leaders)
    line("reaches 30, random deals", made.astype(np.int64), None)
    made = engine.reaches(random, DECLARATIONS, 42, leaders=2)
    line("reaches 42, partner leads", made.astype(np.int64), None)
    for doubles in NelloDoubles:
        special = engine.solve_nello(random, leaders, doubles)
        line(f"Nel-O, doubles {doubles.value}", special.values, special.nodes)
    special = engine.solve_sevens(random[: max(1, n // 3)], leaders[: max(1, n // 3)])
    line("sevens, exact tricks", special.values, special.nodes)
    special = engine.solve_sevens(random, leaders, contract_only=True)
    line("sevens, contract only", special.values, special.nodes)


if __name__ == "__main__":
    main()
