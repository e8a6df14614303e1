"""Study: the full double-dummy analysis of many random hands, for fitting and checking
the instant hand evaluator (`texas42 quick`) and the realistic calibration.

    python benchmarks/study_hands.py                       # go on where it stopped
    python benchmarks/study_hands.py --hands 6000 --deals 500 --threads 1
    nice -n 19 python benchmarks/study_hands.py &           # in the background

Hand i is drawn from ``SeedSequence([seed, i])`` (seven of the 28 dominoes, uniformly)
and analysed like ``texas42 analyze --exhaustive --no-specials --deals D --seed seed*10**6+i``: every
declaration solved on the same D deals, seat 0 bidding and leading. One JSON line a hand
is appended to the output (``benchmarks/data/hand_study.jsonl``) as soon as it is done,
so the study can be stopped at any moment and resumed by running it again: it checks
that the file was made with the same --seed and --deals and goes on from its last hand.

Each line: ``{"i", "hand", "seed", "deals", "histograms": {declaration: [deals with 0,
1, ..., 42 points for seat 0's team]}, "bid", "trump", "make_confirmed", "seconds"}``,
declarations by number ("0".."6" blanks to sixes, "7" doubles, "8" follow-me; "trump"
too); the histograms give the expected points and the odds of every bid exactly.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from texas42.analysis import analyze_hand
from texas42.rules import DECLARATIONS, Hand

OUT = Path(__file__).resolve().parent / "data" / "hand_study.jsonl"


def study_hand(i: int, seed: int) -> Hand:
    """Hand i of the study: seven dominoes drawn uniformly from ``SeedSequence([seed, i])``."""
    rng = np.random.default_rng([seed, i])
    return Hand(sum(1 << int(d) for d in rng.choice(28, size=7, replace=False)))


def analyse(i: int, seed: int, deals: int, threads: int | None) -> dict[str, Any]:
    """Line i of the study."""
    hand = study_hand(i, seed)
    start = time.perf_counter()
    a = analyze_hand(
        hand, deals=deals, seed=seed * 10**6 + i, declarations=DECLARATIONS, threads=threads, racing=None
    )
    r = a.recommendation
    return {
        "i": i,
        "hand": str(hand),
        "seed": a.seed,
        "deals": a.deals,
        "histograms": {str(s.declaration): list(s.histogram) for s in a.trumps},
        "bid": r.bid,
        "trump": str(r.declaration),
        "make_confirmed": r.make_confirmed,
        "seconds": round(time.perf_counter() - start, 2),
    }


def complete_lines(text: str) -> list[dict[str, Any]]:
    """The JSON lines of a study's ``text``, but a last line cut short (the study stopped,
    or still writing it)."""
    return [json.loads(line) for line in text[: text.rfind("\n") + 1].splitlines() if line.strip()]


def drop_cut_line(out: Path) -> list[dict[str, Any]]:
    """``complete_lines`` of the study ``out`` (none if there is no such file), a line cut
    short when it was stopped taken out of the file, to be done again."""
    if not out.exists():
        return []
    text = out.read_text()
    if not text.endswith("\n"):
        out.write_text(text[: text.rfind("\n") + 1])
    return complete_lines(text)


def done_so_far(out: Path, seed: int, deals: int) -> int:
    """How many hands ``out`` already holds, checking it was made with these settings."""
    lines = drop_cut_line(out)
    for n, line in enumerate(lines):
        if line["i"] != n or line["seed"] != seed * 10**6 + n or line["deals"] != deals:
            raise SystemExit(f"{out}: line {n + 1} was not made with --seed {seed} --deals {deals}")
    return len(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=6000)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    start = done_so_far(args.out, args.seed, args.deals)
    with args.out.open("a") as out:
        for i in range(start, args.hands):
            out.write(json.dumps(analyse(i, args.seed, args.deals, args.threads)) + "\n")
            out.flush()
            print(f"{i + 1}/{args.hands}", flush=True)


if __name__ == "__main__":
    main()
