"""Study: whole hands at a table of four players who follow texas42's advice, each seeing
only its own dominoes (``examples/table_game.py``): is the bid the advice makes, with the
odds it gives it, made that often at such a table?

    python benchmarks/study_table.py                  # go on where it stopped
    nice -n 19 python benchmarks/study_table.py &      # in the background
    python benchmarks/study_table.py --report          # what the data say so far

Hand i is dealt from seed ``SEED + i``; every player bids on ``texas42.advise_bid``
(--bid-deals deals, special contracts left out) and plays on ``texas42.advise_play``
(--play-deals deals a decision, drawn to fit the plays seen and the whole auction), as
the example does; then the deal is solved double-dummy. One JSON line a hand is appended
to ``benchmarks/data/table_study.jsonl`` as soon as it is done: ``{"i", "seed", "hands",
"auction", "bidder", "bid", "trump", "rule", "advised", "took", "dd_points", "uniform",
"seconds"}`` (``advised``: the odds the high bidder's advice gave its bid, realistic,
estimated; ``took``: the points the bidder's team took at the table; ``uniform``: the
decisions made on uniform deals, where the calls were all but impossible under the
bidding model, ``InferenceError``).
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from study_realistic import append_lines, study_options
from study_specials import read_study

import texas42
from texas42.rules import needed_points

OUT = Path(__file__).resolve().parent / "data" / "table_study.jsonl"
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "table_game.py"
SEED = 7_000_000
BINS = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)


def table_game() -> ModuleType:
    spec = importlib.util.spec_from_file_location("table_game", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["table_game"] = module
    spec.loader.exec_module(module)
    return module


def play(game: ModuleType, i: int, bid_deals: int, play_deals: int) -> dict[str, Any]:
    """Line i: the hand dealt, bid and played at the table, and solved double-dummy."""
    start = time.perf_counter()
    seed = SEED + i
    hands = game.deal_hands(seed)
    quiet = lambda text: None  # noqa: E731
    auction, won, advice, deaf_bids = game.bidding(hands, seed, bid_deals, say=quiet)
    took, deaf_plays = game.play(hands, auction, won, seed, play_deals, say=quiet)
    solved = texas42.solve(" / ".join(hands)).value(won.trump, won.bidder)
    return {
        "i": i,
        "seed": seed,
        "hands": hands,
        "auction": auction,
        "bidder": won.bidder,
        "bid": won.bid,
        "trump": won.trump.label,
        "rule": advice.rule,
        "advised": round(advice.make, 4),
        "took": took,
        "dd_points": solved,
        "uniform": deaf_bids + deaf_plays,
        "seconds": round(time.perf_counter() - start, 2),
    }


def report(lines: list[dict[str, Any]]) -> str:
    """The bids binned by the odds their advice gave them: how often made at the table
    and double-dummy on the same deals."""
    out = [f"{len(lines)} hands bid and played at a table of four players on texas42's advice"]
    out.append("advised odds   bids   mean advised   made at the table   made double-dummy")
    rows = [
        (x["advised"], x["took"] >= needed_points(x["bid"]), x["dd_points"] >= needed_points(x["bid"]))
        for x in lines
    ]
    for low, high in [*itertools.pairwise(BINS), (0.0, 1.0)]:
        chosen = [r for r in rows if low <= r[0] < high or (high == 1.0 and r[0] == 1.0)]
        if not chosen:
            continue
        label = "all" if (low, high) == (0.0, 1.0) else f"{low:.0%} to {high:.0%}"
        mean = sum(r[0] for r in chosen) / len(chosen)
        made = sum(r[1] for r in chosen) / len(chosen)
        dd = sum(r[2] for r in chosen) / len(chosen)
        out.append(f"{label:>12}  {len(chosen):5}   {mean:11.1%}   {made:17.1%}   {dd:17.1%}")
    return "\n".join(out) + "\n"


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--hands", type=int, default=1000, help="stop after this many hands")
    parser.add_argument("--bid-deals", type=int, default=1000)
    parser.add_argument("--play-deals", type=int, default=200)
    study_options(parser, OUT)
    args = parser.parse_args()
    if args.report:
        lines = read_study(args.out) if args.out.exists() else []
        print(report(sorted(lines, key=lambda x: x["i"])[: args.hands]), end="")
        return
    game = table_game()
    append_lines(
        args.out, args.hands, args.shard, lambda i: play(game, i, args.bid_deals, args.play_deals), "hands"
    )


if __name__ == "__main__":
    main()
