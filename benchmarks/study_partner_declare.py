"""Study: at a partner's plunge or splash, how far is the trumps' calibration from play?

    python benchmarks/study_partner_declare.py                # go on where it stopped
    nice -n 19 python benchmarks/study_partner_declare.py &   # in the background
    python benchmarks/study_partner_declare.py --report       # what the data say so far

For hand i of the hand study (``study_hands.study_hand(i, 42)``) and each of the partner's
plunge and splash (the auction "pass plunge pass pass": the partner, second to call,
plunges and we name the trump), ``texas42.declare`` weighs the nine trumps on 1,000 deals
drawn to fit the auction (seed 1000 * i + 1 for plunge, + 2 for splash), and plays its two
leading trumps out on the first 200 by players who see only their own dominoes (as
``texas42 declare --realistic``). Hands whose auction no deal allows (too many doubles of
our own) are recorded as such. One JSON line per hand and contract is appended to
``benchmarks/data/partner_declare_study.jsonl`` as soon as it is done: ``{"i", "hand",
"contract", "seed", "possible", "trumps": [{"trump", "dd", "calibrated", "played"}],
"calibrated_advice", "played_advice", "seconds"}`` (odds as fractions; a trump's
"played" is null where it was not played out). About 10 s a line on two cores.

--report: the calibrated estimate less the played-out odds at every trump played out (mean
and mean absolute error, with the hands' 95% interval), how often the calibrated advice
differs from the played-out one, and the played-out odds that following the calibrated
advice gives up.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
from study_hands import complete_lines, drop_cut_line, study_hand

import texas42
from texas42.errors import AuctionError

OUT = Path(__file__).resolve().parent / "data" / "partner_declare_study.jsonl"
CONTRACTS = ("plunge", "splash")
PLAYED_DEALS = 200


def study_line(i: int, contract: str, threads: int | None) -> dict[str, Any]:
    """Hand i at the partner's ``contract``: the calibrated and the played-out figures."""
    hand = study_hand(i, 42)
    seed = 1000 * i + 1 + CONTRACTS.index(contract)
    auction = f"pass {contract} pass pass"
    line: dict[str, Any] = {"i": i, "hand": str(hand), "contract": contract, "seed": seed}
    start = time.perf_counter()
    try:
        played = texas42.declare(hand, auction, seed=seed, threads=threads, realistic_deals=PLAYED_DEALS)
    except AuctionError:
        return {**line, "possible": False}
    calibrated = texas42.declare(hand, auction, seed=seed, threads=threads, realistic_deals=0)
    assert played.played is not None
    out = {c.declaration: c.make for c in played.played.choices}
    trumps = [
        {"trump": c.label, "dd": c.make, "calibrated": c.realistic, "played": out.get(c.declaration)}
        for c in calibrated.choices
    ]
    return {
        **line,
        "possible": True,
        "trumps": trumps,
        "calibrated_advice": calibrated.advised.label,
        "played_advice": played.advised.label,
        "seconds": round(time.perf_counter() - start, 1),
    }


FAR = 0.15
"""An error of the calibration counted as large in the report."""


def report(lines: list[dict[str, Any]]) -> str:
    """What the lines say: the calibration's error at the trumps played out, and the advice."""
    rows = []
    for contract in CONTRACTS:
        ours = [line for line in lines if line["contract"] == contract and line["possible"]]
        if not ours:
            continue
        errors = [
            np.mean([t["calibrated"] - t["played"] for t in line["trumps"] if t["played"] is not None])
            for line in ours
        ]
        absolute = [
            np.mean([abs(t["calibrated"] - t["played"]) for t in line["trumps"] if t["played"] is not None])
            for line in ours
        ]
        differ = [line for line in ours if line["calibrated_advice"] != line["played_advice"]]
        lost = [_given_up(line) for line in ours]
        played = [t for line in ours for t in line["trumps"] if t["played"] is not None]
        worst = max(played, key=lambda t: abs(t["calibrated"] - t["played"]))
        far = sum(abs(t["calibrated"] - t["played"]) > FAR for t in played) / len(played)
        rows.append(
            f"{contract}: {len(ours)} hands ({sum(1 for x in lines if x['contract'] == contract)} tried). "
            f"Calibrated less played out, at the trumps played out: mean {_mean(errors)}, "
            f"mean absolute {_mean(absolute)}; worst {abs(worst['calibrated'] - worst['played']):.2f} "
            f"({worst['calibrated']:.0%} against {worst['played']:.0%}); {far:.0%} of the trumps "
            f"played out off by more than {FAR:.2f}. The calibrated advice differs from the played-out "
            f"one in {len(differ)} hands ({len(differ) / len(ours):.0%}); following it gives up "
            f"{_mean(lost)} of the odds of making the contract, played out."
        )
    return "\n".join(rows)


def _given_up(line: dict[str, Any]) -> float:
    played = {t["trump"]: t["played"] for t in line["trumps"] if t["played"] is not None}
    return played[line["played_advice"]] - played.get(line["calibrated_advice"], np.nan)


def _mean(values: list[float]) -> str:
    """``+0.123 (0.090 to 0.156)``: the mean and its 95% interval over the hands."""
    array = np.array([v for v in values if not np.isnan(v)], dtype=float)
    half = 1.96 * array.std(ddof=1) / np.sqrt(len(array)) if len(array) > 1 else float("nan")
    return f"{array.mean():+.3f} ({array.mean() - half:+.3f} to {array.mean() + half:+.3f})"


def read(out: Path) -> list[dict[str, Any]]:
    """The lines of ``out``, but a last line cut short (the study stopped while writing it)."""
    return complete_lines(out.read_text()) if out.exists() else []


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=100, help="hands 0 .. N-1 (default 100)")
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--report", action="store_true")
    args = parser.parse_args()
    if args.report:
        print(report(read(args.out)))
        return
    done = {(line["i"], line["contract"]) for line in drop_cut_line(args.out)}  # a cut line: done again
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for i in range(args.hands):
        for contract in CONTRACTS:
            if (i, contract) in done:
                continue
            line = study_line(i, contract, args.threads)
            with args.out.open("a") as f:
                f.write(json.dumps(line) + "\n")
            print(i, contract, line.get("seconds", "impossible"), flush=True)


if __name__ == "__main__":
    main()
