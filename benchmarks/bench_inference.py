"""Benchmark of deals drawn to fit the auction: `texas42 bid` with inference (the default)
against `bid --infer none`, on typical auctions, as medians of interleaved runs.

Run from the repository root after installing the project (a warm Numba cache):

    python benchmarks/bench_inference.py                       # 3 rounds, 1000 deals
    python benchmarks/bench_inference.py --repeat 5 --auction "pass 30" --auction 30
    python benchmarks/bench_inference.py --draw-only --auction "pass 30 31"

Each figure is the wall time of a fresh `python -m texas42 bid --seed S HAND --auction A
[--infer none]` process, start-up included. The two modes of one auction run one after
the other in every round, so a busy machine slows both alike. Target (issue 18): within
1.5x of `--infer none` on typical auctions.

With --draw-only, the drawing of the deals alone, in this process: the main and the check
samples (`deal.infer_deals`, sharing the others' hand values as `bid` does), fresh values
each repeat, after one warm-up; the medians, the candidates and the hands valued.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

import numpy as np

from texas42 import parse_auction, parse_hand
from texas42.deal import auction_model, infer_deals
from texas42.deal.inference import HandValues, forget_hand_values

HAND = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
AUCTIONS = ("pass", "30", "pass 30", "30 pass", "pass pass pass", "pass 30 31")


def _run(hand: str, auction: str, infer: str, deals: int, seed: int) -> float:
    command = [sys.executable, "-m", "texas42", "bid", "--seed", str(seed), "--deals", str(deals), hand]
    command += ["--auction", auction, "--infer", infer]
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def draw_only(hand_text: str, auction: str, deals: int, seed: int, repeat: int) -> str:
    """The drawing of the main and check samples for ``auction``, timed in this process."""
    hand = parse_hand(hand_text)
    model = auction_model(parse_auction(auction))
    if model is None:
        return f"{auction:<16} no bids: uniform deals"
    times, candidates, valued = [], 0, 0
    for run in range(repeat + 1):
        forget_hand_values()  # else the process's table of the run before serves
        values = HandValues(hand, model.head, house=model.house)
        start = time.perf_counter()
        main_rng, check_rng = (np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(2))
        _, first = infer_deals(hand, deals, main_rng, model, values=values)
        _, second = infer_deals(hand, deals, check_rng, model, values=values)
        if run:  # the first run warms up
            times.append(time.perf_counter() - start)
        candidates, valued = first.candidates + second.candidates, values.evaluated
    seconds = statistics.median(times)
    return f"{auction:<16} {seconds:6.2f} s  {candidates:>9,} candidates  {valued:>7,} hands valued"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hand", default=HAND)
    parser.add_argument("--auction", action="append", help="an auction (repeatable; default: six)")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--draw-only", action="store_true", help="time the drawing alone, in this process")
    args = parser.parse_args()
    auctions = args.auction or AUCTIONS
    if args.draw_only:
        print(f"drawing {args.deals} + {args.deals} deals (medians of {args.repeat})")
        for auction in auctions:
            print(draw_only(args.hand, auction, args.deals, args.seed, args.repeat), flush=True)
        return
    times: dict[tuple[str, str], list[float]] = {(a, m): [] for a in auctions for m in ("auction", "none")}
    for _ in range(args.repeat):
        for auction in auctions:
            for infer in ("auction", "none"):
                times[auction, infer].append(_run(args.hand, auction, infer, args.deals, args.seed))
    print(f"{'auction':<16} {'inferred':>9} {'none':>7} {'ratio':>6}   (medians of {args.repeat}, seconds)")
    for auction in auctions:
        inferred = statistics.median(times[auction, "auction"])
        plain = statistics.median(times[auction, "none"])
        print(f"{auction:<16} {inferred:9.2f} {plain:7.2f} {inferred / plain:6.2f}")


if __name__ == "__main__":
    main()
