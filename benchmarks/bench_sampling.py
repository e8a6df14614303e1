"""Dealing speed: deals per second drawn around a hand, without and with constraints.

    python benchmarks/bench_sampling.py
    python benchmarks/bench_sampling.py --deals 100000 --repeat 5

The constrained sampler first counts the consistent deals (a small dynamic programme,
whose counts a process remembers: forgotten before each run here), then draws each
domino's seat; the figures include both, for a draw of --deals deals and for the 1,000
deals of a default analysis. Where there are no more consistent deals than asked, all of
them are listed instead ("listed"): the figure is then the deals listed a second.
Medians of --repeat runs. Last, what a realistic playout's turn costs: the time of
``deal.deals_seen_from`` dealing 10 worlds (its plan made afresh each call, as each turn
makes its own) after 9 plays of a fixed deal, per call.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import texas42
from texas42 import deal, rules
from texas42.deal import constrained
from texas42.rules import parse_hand

HAND = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
CASES = {
    "no constraint": ((), ()),
    "partner holds 5-4 5-3, left lacks sixes": (("2: 5-4 5-3",), ("1: sixes",)),
    "three seats constrained": (("2: 6-6", "1: 6-5 5-0"), ("3: sixes 5", "1: 1")),
}


def rate(n: int, constraints: deal.DealConstraints, repeat: int) -> str:
    """Deals a second dealing ``n`` (median of ``repeat`` runs, counting included)."""
    hand = parse_hand(HAND)
    times = []
    for seed in range(repeat):
        constrained._count.cache_clear()
        start = time.perf_counter()
        deals, exact = deal.deal_around(hand, n, deal.generators(seed)[0], constraints)
        times.append(time.perf_counter() - start)
    how = "listed" if exact else f"{n:,}"
    return f"{len(deals) / statistics.median(times):>11,.0f}/s ({how})"


def turn_worlds(repeat: int, calls: int = 2000) -> str:
    """Microseconds a call of ``deals_seen_from`` for 10 worlds at a playout's turn."""
    rng = np.random.default_rng(42)
    order = rng.permutation(28)
    dealt = [sum(1 << int(d) for d in order[7 * s : 7 * s + 7]) for s in range(4)]
    history = rules.replay(rules.Declaration.FOURS, 0, [])
    for _ in range(9):
        led = history.trick[0] if history.trick else None
        plays = rules.legal_plays(dealt[history.turn] & ~history.played, led, rules.Declaration.FOURS)
        history = rules.advance(history, (plays & -plays).bit_length() - 1)
    seat = history.turn
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(calls):
            deal.deals_seen_from(history, seat, dealt[seat], 10, rng)
        times.append((time.perf_counter() - start) / calls)
    return f"{statistics.median(times) * 1e6:.1f} us a call"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"hand {HAND}; deals per second, median of {args.repeat}")
    for label, (holds, lacks) in CASES.items():
        constraints = texas42.deal_constraints(holds, lacks)
        total = deal.count_deals(parse_hand(HAND), constraints)
        big = rate(args.deals, constraints, args.repeat)
        small = rate(1000, constraints, args.repeat)
        print(f"{label:<42} {total:>13,} deals  {big}  {small}")
    print(f"{'a playout turn: 10 worlds after 9 plays':<42} {turn_worlds(args.repeat)}")


if __name__ == "__main__":
    main()
