"""Study: plunge and splash, double-dummy against realistic play, on hands with three
doubles or more (the least that may bid splash).

    python benchmarks/study_splash.py                     # go on where it stopped
    nice -n 19 python benchmarks/study_splash.py &         # in the background
    python benchmarks/study_splash.py --shard 1/2 &        # the odd hands, on another core
    python benchmarks/study_splash.py --report             # what the data say so far

Plunge and splash are one game: the partner (seat 2) names trump by
``rules.partner_trump``, seeing only their own hand, and leads; the contract is made when
seats 0 and 2 take all 42 points. ``analyze``, ``bid`` and ``quick`` weigh it
double-dummy, which lets the team see every hand: this study measures how far realistic
play falls below that. Hand i has seven dominoes with three doubles or more, drawn from
``SeedSequence([SEED, i])``; --deals deals of the 21 unseen dominoes are drawn from seed
``SEED * 10**6 + i`` (``deal.deal_around``), and each is played out at the partner's
trump, seat 2 leading, both sides playing for 42 (``analysis.play_out``, bid 42): by
players who see every hand (``worlds=0``: the double-dummy outcome) and by players who
see only their own dominoes (--worlds worlds a decision). One JSON line a hand is
appended to ``benchmarks/data/splash_study.jsonl`` as soon as it is done: ``{"i",
"hand", "seed", "deals", "worlds", "made": [double-dummy, realistic], "seconds"}``.
"""

from __future__ import annotations

import argparse
import itertools
import time
from pathlib import Path
from typing import Any

import numpy as np
from study_realistic import append_lines, study_options
from study_specials import BINS, _in_bin, read_study

from texas42 import deal
from texas42.analysis import play_out
from texas42.rules import DOUBLES, TOTAL_POINTS, Hand, partner_trump

OUT = Path(__file__).resolve().parent / "data" / "splash_study.jsonl"
SEED = 4444
LEAST_DOUBLES = 3


def study_hand(i: int) -> Hand:
    """Hand i: seven dominoes with ``LEAST_DOUBLES`` doubles or more, uniform among them."""
    rng = np.random.default_rng(np.random.SeedSequence([SEED, i]))
    while True:
        mask = sum(1 << int(d) for d in rng.choice(28, 7, replace=False))
        if (mask & DOUBLES).bit_count() >= LEAST_DOUBLES:
            return Hand(mask)


def made(deals: np.ndarray, worlds: int, seed: int) -> int:
    """How many of ``deals`` the team makes at the partner's trump, seat 2 leading, played
    out with ``worlds`` worlds a decision (0: double-dummy)."""
    named = np.array([partner_trump(int(partner)).value for partner in deals[:, 2]])
    total = 0
    for declaration in np.unique(named):
        rows = deals[named == declaration]
        played = play_out(rows, int(declaration), TOTAL_POINTS, worlds, seed + int(declaration), bidder=2)
        total += int((played.points >= TOTAL_POINTS).sum())
    return total


def play(i: int, deals: int, worlds: int) -> dict[str, Any]:
    """Line i of the study."""
    hand = study_hand(i)
    start = time.perf_counter()
    seed = SEED * 10**6 + i
    drawn, _ = deal.deal_around(hand, deals, deal.generators(seed)[0])
    return {
        "i": i,
        "hand": str(hand),
        "seed": seed,
        "deals": deals,
        "worlds": worlds,
        "made": [made(drawn, 0, seed), made(drawn, worlds, seed)],
        "seconds": round(time.perf_counter() - start, 2),
    }


def summary(lines: list[dict[str, Any]]) -> str:
    """Hands binned by their double-dummy odds: how many, and the mean odds each way."""
    out = [f"{len(lines)} hands, {lines[0]['deals'] if lines else 0} deals each"]
    out.append("splash: double-dummy odds   hands   mean double-dummy   mean realistic")
    bins = [(f"{low:4.0%} to {high:4.0%}", low, high) for low, high in itertools.pairwise(BINS)]
    for label, low, high in [*bins, ("all         ", 0.0, 1.0)]:
        rows = [x for x in lines if _in_bin(x["made"][0] / x["deals"], low, high)]
        if rows:
            dd = sum(x["made"][0] / x["deals"] for x in rows) / len(rows)
            real = sum(x["made"][1] / x["deals"] for x in rows) / len(rows)
            out.append(f"  {label}   {len(rows):7}   {dd:17.1%}   {real:14.1%}")
    if lines:
        shift = log_odds_shift(lines)
        out.append(
            f"realistic odds as sigmoid(logit(double-dummy odds) + shift), fitted to the hands' "
            f"counts: shift {shift:+.2f}"
        )
    return "\n".join(out) + "\n"


def log_odds_shift(lines: list[dict[str, Any]]) -> float:
    """The shift s of the log-odds that best explains each hand's realistic count given
    its double-dummy odds (binomial likelihood, s on a grid of 0.01; odds clipped to
    [0.5, deals - 0.5] / deals)."""
    deals = np.array([x["deals"] for x in lines], dtype=float)
    dd = np.clip([x["made"][0] for x in lines], 0.5, deals - 0.5) / deals
    made = np.array([x["made"][1] for x in lines], dtype=float)
    grid = np.arange(-4.0, 2.0, 0.01)
    p = 1.0 / (1.0 + np.exp(-(np.log(dd / (1 - dd))[None, :] + grid[:, None])))
    likelihood = (made * np.log(p) + (deals - made) * np.log1p(-p)).sum(axis=1)
    return float(grid[int(np.argmax(likelihood))])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--worlds", type=int, default=10)
    parser.add_argument(
        "--hands", type=int, default=1000, help="stop after this many hands (--report: the first so many)"
    )
    study_options(parser, OUT)
    args = parser.parse_args()
    if args.report:
        print(summary(read_study(args.out, args.hands)), end="")
        return
    settings = {"deals": args.deals, "worlds": args.worlds}
    append_lines(
        args.out, args.hands, args.shard, lambda i: play(i, args.deals, args.worlds), "hands", settings
    )


if __name__ == "__main__":
    main()
