"""Which ``--noise`` describes players who bid on texas42's advice? The likelihood of the
calls of the table study (``benchmarks/data/table_study.jsonl``: four players bidding on
``texas42.advise_bid``, special contracts left out) under the bidding model of ``texas42
bid --help``, for each noise of a grid: the noise of the largest likelihood is the one
that fits such players.

    python benchmarks/fit_noise.py
    python benchmarks/fit_noise.py --hands 300

Each call is weighed on the hand that made it, as the model weighs the others' calls
(``deal.inference.call_probability`` of the evaluator's realistic odds, no special
contracts, 1% of slips); plunge and splash are left out (the model weighs only their
doubles). The figures say nothing of players who bid otherwise (people): for them the
study would need their calls.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from study_specials import read_study

from texas42.deal.inference import Call, call_probability, calls_from, table_head, value_odds
from texas42.rules import parse_finished_auction, parse_hand

DATA = Path(__file__).resolve().parent / "data" / "table_study.jsonl"
NOISES = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5)


def study_calls(lines: list[dict[str, object]]) -> tuple[list[Call], np.ndarray]:
    """Every call of the study's auctions but plunges and splashes, and the hand (mask)
    of the seat that made it."""
    calls, masks = [], []
    for line in lines:
        hands = line["hands"]
        assert isinstance(hands, list)
        for call in calls_from(parse_finished_auction(str(line["auction"])), 0):
            if call.contract is None:
                calls.append(call)
                masks.append(parse_hand(hands[call.place]).mask)
    return calls, np.array(masks, dtype=np.int64)


def log_likelihoods(calls: list[Call], odds: np.ndarray, noises: tuple[float, ...]) -> np.ndarray:
    """The log-likelihood of ``calls`` made on hands of these value ``odds`` (n, 13), for
    each noise."""
    return np.array(
        [
            sum(float(np.log(call_probability(odds[i : i + 1], c, noise)[0])) for i, c in enumerate(calls))
            for noise in noises
        ]
    )


def report(calls: list[Call], odds: np.ndarray, noises: tuple[float, ...] = NOISES) -> str:
    found = log_likelihoods(calls, odds, noises)
    passes = sum(c.bid == 0 for c in calls)
    out = [f"{len(calls)} calls ({passes} passes); log-likelihood of the calls by noise"]
    out += [
        f"  noise {n:4g}   {ll:9.1f}   {ll / len(calls):7.3f} a call"
        for n, ll in zip(noises, found, strict=True)
    ]
    out.append(f"largest at noise {noises[int(np.argmax(found))]:g}")
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--hands", type=int, default=None, help="the first this many hands only")
    args = parser.parse_args()
    lines = sorted(read_study(args.data), key=lambda x: x["i"])
    calls, masks = study_calls(lines[: args.hands])
    print(report(calls, value_odds(masks, table_head())), end="")


if __name__ == "__main__":
    main()
