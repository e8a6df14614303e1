"""Racing against the exhaustive analysis: the same recommendation, at what cost?

    python benchmarks/bench_racing.py --hands 200                  # reuse the study's analyses
    python benchmarks/bench_racing.py --hands 50 --deals 1000 --fresh
    python benchmarks/bench_racing.py --hands 200 --declare        # texas42 declare's race

For each random hand of the study (``benchmarks/study_hands.py``: hand i, seed
42*10**6+i), the racing analysis (the default of ``texas42 analyze``) at the same seed and
deals, against the exhaustive one: by default the one the study already recorded
(``--no-specials``, every declaration on every deal); with ``--fresh``, solved again here
at ``--deals`` (and timed). Prints the share of hands where the two recommend the same bid
and trump; for each hand where they differ, the exhaustive odds of both answers, and
whether the racing answer's exhaustive odds lie in the exhaustive answer's 95% interval;
and the solves racing saved.

With ``--realistic`` (implies ``--fresh``), the advice players get by default instead: the
realistic recommendation (the calibration's, from the double-dummy figures), racing against
exhaustive, the odds compared being the exhaustive analysis' calibrated ones.

With ``--declare``, ``texas42 declare``'s race instead (a trump leaves once another clearly
makes the bid won more often): the bid is the exhaustive recommendation's (30 for a pass),
the declaration advised double-dummy (no special contracts) against the one the study's
exhaustive figures make it most often with (``best_at``), on the same deals.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np
from study_hands import OUT, study_hand

from texas42.analysis import DEFAULT_RACING, TrumpStats, advise_declaration, analyze_hand, wilson_interval
from texas42.analysis.statistics import Interval, best_at
from texas42.rules import PASS, TOTAL_POINTS, Declaration, HouseRules, needed_points


def _stats(declaration: str, histogram: list[int]) -> TrumpStats:
    points = np.repeat(np.arange(TOTAL_POINTS + 1), histogram)
    return TrumpStats.from_points(Declaration(int(declaration)), points)


def _answer(bid: int, trump: Declaration) -> str:
    return f"{'pass' if bid == PASS else bid} {trump.label}"


def compare_one(line: dict[str, Any], threads: int | None, fresh: bool) -> dict[str, Any]:
    """Racing against exhaustive for one study hand."""
    hand, seed, deals = study_hand(line["i"], 42), line["seed"], line["deals"]
    start = time.perf_counter()
    raced = analyze_hand(hand, deals=deals, seed=seed, threads=threads, racing=DEFAULT_RACING)
    raced_seconds = time.perf_counter() - start
    if fresh:
        start = time.perf_counter()
        full = analyze_hand(hand, deals=deals, seed=seed, threads=threads, racing=None)
        full_seconds = time.perf_counter() - start
        full_trumps = full.trumps
        full_bid, full_trump = full.recommendation.bid, full.recommendation.declaration
    else:
        full_seconds = float("nan")
        full_trumps = tuple(_stats(d, h) for d, h in line["histograms"].items())
        full_bid, full_trump = line["bid"], Declaration(int(line["trump"]))
    r = raced.recommendation
    by_trump = {s.declaration: s for s in full_trumps}

    def full_make(bid: int, trump: Declaration) -> float:
        return by_trump[trump].make(needed_points(30 if bid == PASS else bid))

    contract = 30 if full_bid == PASS else full_bid
    ci = wilson_interval(by_trump[full_trump].successes(contract), deals)
    return {
        "i": line["i"],
        "hand": str(hand),
        "same": (r.bid, r.declaration) == (full_bid, full_trump),
        "racing": _answer(r.bid, r.declaration),
        "exhaustive": _answer(full_bid, full_trump),
        "racing_make": full_make(r.bid, r.declaration),
        "exhaustive_make": full_make(full_bid, full_trump),
        "within": ci.low <= full_make(r.bid, r.declaration) <= ci.high,
        "solves": sum(s.deals for s in raced.trumps),
        "all_solves": deals * len(raced.trumps),
        "racing_seconds": raced_seconds,
        "exhaustive_seconds": full_seconds,
    }


def compare_realistic(line: dict[str, Any], threads: int | None) -> dict[str, Any]:
    """The realistic (calibrated) advice, racing against exhaustive, for one study hand."""
    hand, seed, deals = study_hand(line["i"], 42), line["seed"], line["deals"]
    start = time.perf_counter()
    raced = analyze_hand(hand, deals=deals, seed=seed, threads=threads, racing=DEFAULT_RACING)
    raced_seconds = time.perf_counter() - start
    start = time.perf_counter()
    full = analyze_hand(hand, deals=deals, seed=seed, threads=threads, racing=None)
    full_seconds = time.perf_counter() - start
    assert raced.realistic is not None and full.realistic is not None
    r, f = raced.advised, full.advised

    def odds(bid: int, trump: Declaration) -> tuple[float, Interval]:
        """The exhaustive analysis' realistic odds of a bid and trump (double-dummy where
        the calibration did not weigh the trump), and their interval."""
        assert full.realistic is not None
        contract = 30 if bid == PASS else bid
        estimate = full.realistic.stats(trump)
        if estimate is None:
            return full.stats(trump).make(needed_points(contract)), Interval(0.0, 1.0)
        return estimate.make(contract), estimate.make_ci95(contract)

    racing_make, _ = odds(r.bid, r.declaration)
    full_make, band = odds(f.bid, f.declaration)
    return {
        "i": line["i"],
        "hand": str(hand),
        "same": (r.bid, r.declaration) == (f.bid, f.declaration),
        "racing": _answer(r.bid, r.declaration),
        "exhaustive": _answer(f.bid, f.declaration),
        "racing_make": racing_make,
        "exhaustive_make": full_make,
        "within": band.low <= racing_make <= band.high,
        "solves": sum(s.deals for s in raced.trumps),
        "all_solves": deals * len(raced.trumps),
        "racing_seconds": raced_seconds,
        "exhaustive_seconds": full_seconds,
    }


def compare_declare(line: dict[str, Any], threads: int | None) -> dict[str, Any]:
    """``declare``'s race against the study's exhaustive figures for one study hand."""
    hand, seed, deals = study_hand(line["i"], 42), line["seed"], line["deals"]
    bid = 30 if line["bid"] == PASS else line["bid"]
    full = {s.declaration: s for s in (_stats(d, h) for d, h in line["histograms"].items())}
    start = time.perf_counter()
    advice = advise_declaration(
        hand,
        bid,
        deals=deals,
        seed=seed,
        house=HouseRules(specials=False),
        basis="double-dummy",
        threads=threads,
    )
    seconds = time.perf_counter() - start
    best = best_at(full.values(), bid).declaration
    raced = Declaration(advice.advised.declaration)
    ci = wilson_interval(full[best].successes(bid), deals)
    return {
        "i": line["i"],
        "hand": str(hand),
        "same": raced == best,
        "racing": _answer(bid, raced),
        "exhaustive": _answer(bid, best),
        "racing_make": full[raced].make(bid),
        "exhaustive_make": full[best].make(bid),
        "within": ci.low <= full[raced].make(bid) <= ci.high,
        "solves": sum(c.deals for c in advice.choices),
        "all_solves": deals * len(advice.choices),
        "racing_seconds": seconds,
        "exhaustive_seconds": float("nan"),
    }


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--study", type=Path, default=OUT)
    parser.add_argument("--fresh", action="store_true", help="solve the exhaustive analysis again here")
    parser.add_argument(
        "--deals", type=int, default=None, help="with --fresh: deals a hand (default: the study's)"
    )
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument(
        "--declare", action="store_true", help="texas42 declare's race, at the bid recommended"
    )
    parser.add_argument(
        "--realistic", action="store_true", help="the realistic advice (the default's), solved both ways"
    )
    args = parser.parse_args()
    args.fresh = args.fresh or args.realistic
    lines = [json.loads(x) for x in args.study.read_text().splitlines()[: args.hands]]
    if args.fresh and args.deals:
        lines = [{**x, "deals": args.deals} for x in lines]
    results = []
    for line in lines:
        if args.declare:
            result = compare_declare(line, args.threads)
        elif args.realistic:
            result = compare_realistic(line, args.threads)
        else:
            result = compare_one(line, args.threads, args.fresh)
        results.append(result)
        if not result["same"]:
            print(
                f"hand {result['i']} {result['hand']}: racing {result['racing']} "
                f"({result['racing_make']:.3f} exhaustive odds), exhaustive {result['exhaustive']} "
                f"({result['exhaustive_make']:.3f}); within its interval: {result['within']}",
                flush=True,
            )
    same = sum(r["same"] for r in results)
    saved = 1 - sum(r["solves"] for r in results) / sum(r["all_solves"] for r in results)
    n = len(results)
    print(f"{n} hands at {lines[0]['deals']} deals: the same recommendation in {same} ({same / n:.1%})")
    within = sum(r["within"] for r in results if not r["same"])
    print(f"differing answers within the exhaustive interval: {within} of {n - same}")
    print(f"solves saved by racing: {saved:.1%}")
    print(f"racing seconds a hand: median {statistics.median(r['racing_seconds'] for r in results):.2f}")
    if args.fresh:
        ratio = statistics.median(r["exhaustive_seconds"] / r["racing_seconds"] for r in results)
        print(f"exhaustive / racing time, median ratio a hand: {ratio:.2f}")


if __name__ == "__main__":
    main()
