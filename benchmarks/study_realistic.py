"""Study: the hands of ``study_hands.py`` played out by realistic players, beside their
double-dummy analysis, for the realistic calibration and the README's comparison.

    python benchmarks/study_realistic.py                     # go on where it stopped
    nice -n 19 python benchmarks/study_realistic.py --wait &  # in the background, beside the hand study
    python benchmarks/study_realistic.py --shard 0/2 &        # two processes, one a core:
    python benchmarks/study_realistic.py --shard 1/2 &        # even and odd hands

For hand i of the hand study (its line gives the hand, the seed and the double-dummy
recommendation), the deals of ``analyze --seed S`` are drawn again and the first --deals
of them are played out (``analysis.play_out``, --worlds worlds a decision) for the two
trumps with the most expected double-dummy points and the double-dummy recommendation's
trump, both sides playing for the recommended bid (30 for a pass), as ``analyze
--realistic`` does. One JSON line a hand is appended (``benchmarks/data/realistic_study.jsonl``)
as soon as it is done; run it again to go on (with the same --deals and --worlds: a line
made with others stops it). Once every hand of the hand study so far is played out it
stops, or with --wait waits for more.

Each line: ``{"i", "hand", "seed", "deals", "worlds", "played_for", "histograms":
{declaration number: [playouts with 0..42 points for the bidder's team]}, "seconds"}``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
from study_hands import OUT as HAND_STUDY
from study_hands import drop_cut_line, study_hand

from texas42 import deal
from texas42.analysis import play_out
from texas42.rules import PASS, TOTAL_POINTS, Declaration

OUT = Path(__file__).resolve().parent / "data" / "realistic_study.jsonl"


def leading(line: dict[str, Any]) -> list[Declaration]:
    """The trumps ``analyze --realistic`` plays out for this analysed hand."""
    means = {int(d): sum(p * c for p, c in enumerate(h)) / sum(h) for d, h in line["histograms"].items()}
    best = sorted(means, key=lambda d: (-means[d], d))[:2]
    return sorted(Declaration(d) for d in {*best, int(line["trump"])})


def play(line: dict[str, Any], deals: int, worlds: int, threads: int | None) -> dict[str, Any]:
    hand = study_hand(line["i"], 42)
    start = time.perf_counter()
    main_rng, _ = deal.generators(line["seed"])
    drawn, _ = deal.deal_around(hand, line["deals"], main_rng)
    sample = drawn[:deals]
    played_for = 30 if line["bid"] == PASS else line["bid"]
    histograms = {}
    for declaration in leading(line):
        seed = int(np.random.SeedSequence([line["seed"], declaration.value]).generate_state(1)[0])
        result = play_out(sample, declaration, played_for, worlds, seed, threads=threads)
        histograms[str(declaration.value)] = np.bincount(result.points, minlength=TOTAL_POINTS + 1).tolist()
    return {
        "i": line["i"],
        "hand": str(hand),
        "seed": line["seed"],
        "deals": int(sample.shape[0]),
        "worlds": worlds,
        "played_for": played_for,
        "histograms": histograms,
        "seconds": round(time.perf_counter() - start, 2),
    }


def done_so_far(out: Path, settings: Mapping[str, object] | None = None) -> set[int]:
    """The hands ``out`` holds (a line cut short is dropped and done again); a
    ``SystemExit`` naming the first line made with other ``settings`` (``{"deals": 100}``)
    than those given, rather than lines of two kinds in one study."""
    lines = drop_cut_line(out)
    for number, line in enumerate(lines, start=1):
        for key, value in (settings or {}).items():
            if key in line and line[key] != value:
                raise SystemExit(
                    f"{out}, line {number}: made with --{key} {line[key]}, not {value}: "
                    "go on with the same options, or write to another --out"
                )
    return {line["i"] for line in lines}


def append_lines(
    out: Path,
    count: int,
    part: tuple[int, int],
    line_of: Callable[[int], dict[str, Any]],
    unit: str,
    settings: Mapping[str, object] | None = None,
) -> None:
    """Lines 0..count-1 of a study (those of shard ``part``, K of N) not yet in ``out``,
    each appended as soon as ``line_of(i)`` is done, with a count of ``unit`` on stdout;
    ``settings`` as for ``done_so_far``."""
    out.parent.mkdir(parents=True, exist_ok=True)
    k, n = part
    done = done_so_far(out, settings)
    for i in range(k, count, n):
        if i in done:
            continue
        line = line_of(i)
        with out.open("a") as file:  # one write of a whole line: shards may share the file
            file.write(json.dumps(line) + "\n")
        done.add(i)
        print(f"{len(done)} {unit}", flush=True)


def shard(text: str) -> tuple[int, int]:
    """``K/N``: the shard K (0..N-1) of N."""
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit() and int(k) < int(n)):
        raise argparse.ArgumentTypeError(f"a shard is K/N with 0 <= K < N, got {text!r}")
    return int(k), int(n)


def study_options(
    parser: argparse.ArgumentParser, out: Path, unit: str = "hands", report: bool = True
) -> None:
    """The options every study script takes: --out (default ``out``), --shard K/N and,
    with ``report``, --report."""
    parser.add_argument("--out", type=Path, default=out)
    parser.add_argument(
        "--shard", type=shard, default=(0, 1), metavar="K/N", help=f"only the {unit} i with i %% N == K"
    )
    if report:
        parser.add_argument("--report", action="store_true", help="summarise the data and stop")


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--worlds", type=int, default=10)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--wait", action="store_true", help="once caught up, wait for the hand study")
    study_options(parser, OUT, report=False)
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    k, n = args.shard
    done = done_so_far(args.out, {"deals": args.deals, "worlds": args.worlds})
    while True:
        text = HAND_STUDY.read_text()
        lines = text.splitlines()
        whole = len(lines) if text.endswith("\n") else len(lines) - 1  # the last may be cut short
        mine = set(range(k, len(lines) + n, n))
        start = min(mine - done)  # the first hand of this shard not done: gaps first
        if start >= whole:
            if not args.wait:
                print(
                    f"every hand of the hand study so far ({whole:,}) is played out (--wait: wait for more)"
                )
                return
            time.sleep(60)
            continue
        line = json.loads(lines[start])
        with args.out.open("a") as out:  # one write of a whole line: shards may share the file
            out.write(json.dumps(play(line, args.deals, args.worlds, args.threads)) + "\n")
        done.add(start)
        print(f"{len(done)} hands", flush=True)


if __name__ == "__main__":
    main()
