"""Study: Nel-O and sevens, double-dummy against realistic play, on the hands of the hand
study (``study_hands.study_hand(i, 42)``: seven dominoes drawn uniformly).

    python benchmarks/study_specials.py                  # go on where it stopped
    nice -n 19 python benchmarks/study_specials.py &      # in the background
    python benchmarks/study_specials.py --shard 1/2 &     # the odd hands, on another core
    python benchmarks/study_specials.py --report          # what the data say so far
    python benchmarks/study_specials.py --report --hands 500    # on the first 500 lines

For hand i, --deals deals of the 21 unseen dominoes are drawn from seed 42 * 10**6 + i
(``deal.deal_around``), and each is played out at Nel-O (doubles their own suit) and at
sevens, seat 0 bidding and leading: by players who see every hand (``worlds=0``: the
double-dummy outcome) and by players who see only their own dominoes
(``analysis.play_out_special``, --worlds worlds a decision). One JSON line a hand is
appended to ``benchmarks/data/specials_study.jsonl`` as soon as it is done: ``{"i",
"hand", "seed", "deals", "worlds", "nello": [double-dummy made, realistic made],
"sevens": [...], "seconds"}``. The players do not know the auction: the defenders do not
infer from the bid that the bidder's dominoes are low (Nel-O) or close to 7 (sevens).

With --listen the players know that the bidder chose the contract
(``play_out_special(..., listen=True)``, the default of the package: each seat but the
bidder weighs the bidder's hands by their chance of bidding it), on the same deals and
seeds, into ``benchmarks/data/specials_listening_study.jsonl``; ``--report --listen``
sets those hands beside the main study's.

With --doubles high or low (and --listen) only Nel-O is played, its doubles the highest
or the lowest of their suits (the other house rules of ``--nello-doubles``), on the same
deals and seeds, into ``specials_listening_<high|low>_study.jsonl``: the data of the
package's calibration of Nel-O under those rules (``fit_special_calibration.py
--doubles``). ``--report --listen --doubles high`` (or ``low``) sets the first --hands
hands of the three treatments side by side.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from pathlib import Path
from typing import Any

from study_hands import complete_lines, study_hand
from study_realistic import append_lines, study_options

from texas42 import deal
from texas42.analysis import play_out_special
from texas42.rules import Contract, HouseRules, NelloDoubles

OUT = Path(__file__).resolve().parent / "data" / "specials_study.jsonl"
LISTENING = OUT.with_name("specials_listening_study.jsonl")
SEED = 42
BINS = (0.0, 0.05, 0.2, 0.4, 0.6, 0.8, 1.0)


def play(
    i: int, deals: int, worlds: int, listen: bool = False, doubles: NelloDoubles = NelloDoubles.OWN_SUIT
) -> dict[str, Any]:
    """Line i of the study (``listen``: the players know the bidder chose the contract;
    ``doubles`` other than their own suit: Nel-O alone, its doubles so)."""
    hand = study_hand(i, SEED)
    start = time.perf_counter()
    seed = SEED * 10**6 + i
    drawn, _ = deal.deal_around(hand, deals, deal.generators(seed)[0])
    line: dict[str, Any] = {"i": i, "hand": str(hand), "seed": seed, "deals": deals, "worlds": worlds}
    own = doubles is NelloDoubles.OWN_SUIT
    if not own:
        line["doubles"] = doubles.value
    house = HouseRules(nello_doubles=doubles)
    for contract in (Contract.NELLO, Contract.SEVENS) if own else (Contract.NELLO,):
        seen = play_out_special(drawn, contract, worlds=0, house=house, threads=1)
        realistic = play_out_special(
            drawn, contract, worlds=worlds, seed=seed, house=house, listen=listen, threads=1
        )
        line[contract.value] = [int(seen.made.sum()), int(realistic.made.sum())]
    line["seconds"] = round(time.perf_counter() - start, 2)
    return line


def doubles_study(doubles: NelloDoubles) -> Path:
    """The listening study's file for Nel-O with its doubles ``doubles`` (high, low)."""
    return OUT.with_name(f"specials_listening_{doubles.value}_study.jsonl")


def read_study(out: Path, hands: int | None = None) -> list[dict[str, Any]]:
    """The first ``hands`` complete lines of the study (all of them: None)."""
    lines = complete_lines(out.read_text())  # a line being written is left out
    return lines if hands is None else lines[:hands]


def summary(lines: list[dict[str, Any]]) -> str:
    """Hands binned by their double-dummy odds: how many, and the mean odds each way."""
    out = [f"{len(lines)} hands, {lines[0]['deals'] if lines else 0} deals each"]
    for contract in (Contract.NELLO, Contract.SEVENS):
        if lines and contract.value not in lines[0]:
            continue
        out.append(f"{contract.value}: double-dummy odds   hands   mean double-dummy   mean realistic")
        bins = [(f"{low:4.0%} to {high:4.0%}", low, high) for low, high in itertools.pairwise(BINS)]
        for label, low, high in [*bins, ("all         ", 0.0, 1.0)]:
            rows = [x for x in lines if _in_bin(x[contract.value][0] / x["deals"], low, high)]
            if rows:
                dd = sum(x[contract.value][0] / x["deals"] for x in rows) / len(rows)
                real = sum(x[contract.value][1] / x["deals"] for x in rows) / len(rows)
                out.append(f"  {label}   {len(rows):7}   {dd:17.1%}   {real:14.1%}")
    return "\n".join(out) + "\n"


def listening_summary(listening: list[dict[str, Any]], uniform: list[dict[str, Any]]) -> str:
    """On the hands of ``listening``: the realistic odds with players who know the bidder
    chose the contract against those of players who do not (the main study's lines)."""
    before = {x["i"]: x for x in uniform}
    pairs = [(x, before[x["i"]]) for x in listening if x["i"] in before]
    out = [
        f"{len(pairs)} hands played out both ways: realistic odds, the players knowing the contract or not"
    ]
    for contract in (Contract.NELLO, Contract.SEVENS):
        key = contract.value
        out.append(f"{key}: double-dummy odds   hands   double-dummy   not knowing   knowing")
        bins = [(f"{low:4.0%} to {high:4.0%}", low, high) for low, high in itertools.pairwise(BINS)]
        for label, low, high in [*bins, ("all         ", 0.0, 1.0)]:
            rows = [(a, b) for a, b in pairs if _in_bin(a[key][0] / a["deals"], low, high)]
            if rows:
                mean = [
                    sum(r[k][key][j] / r[k]["deals"] for r in rows) / len(rows)
                    for k, j in ((0, 0), (1, 1), (0, 1))
                ]
                out.append(f"  {label}   {len(rows):7}   {mean[0]:12.1%}   {mean[1]:11.1%}   {mean[2]:7.1%}")
        change = [a[key][1] / a["deals"] - b[key][1] / b["deals"] for a, b in pairs]
        if len(change) > 1:
            mean, sd = statistics.fmean(change), statistics.stdev(change)
            half = 1.96 * sd / len(change) ** 0.5
            out.append(
                f"  knowing minus not knowing, over the hands: {mean:+.1%} (95% CI {mean - half:+.1%} "
                f"to {mean + half:+.1%})"
            )
    return "\n".join(out) + "\n"


def treatments_summary(studies: dict[str, list[dict[str, Any]]]) -> str:
    """On the hands every study of ``studies`` (Nel-O, by treatment of doubles, the players
    knowing the contract) played: the mean odds double-dummy and played out under each."""
    common = set.intersection(*({x["i"] for x in lines} for lines in studies.values()))
    out = [f"{len(common)} hands at Nel-O under each treatment of doubles, the players knowing the contract"]
    out.append("doubles     double-dummy   played out")
    for name, lines in studies.items():
        rows = [x for x in lines if x["i"] in common]
        if rows:
            dd, real = (statistics.fmean(x["nello"][k] / x["deals"] for x in rows) for k in (0, 1))
            out.append(f"{name:9} {dd:14.1%} {real:12.1%}")
    return "\n".join(out) + "\n"


def _in_bin(odds: float, low: float, high: float) -> bool:
    """Whether ``odds`` lie in [low, high), a bin ending at 100% taking 100% too."""
    return low <= odds < high or (high == BINS[-1] and odds == high)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=10)
    parser.add_argument(
        "--hands",
        type=int,
        default=2000,
        help="stop after this many hands (--report: summarise the first so many)",
    )
    study_options(parser, OUT)
    parser.add_argument(
        "--listen",
        action="store_true",
        help=f"players who know the bidder chose the contract, into {LISTENING.name}",
    )
    parser.add_argument(
        "--doubles",
        type=NelloDoubles,
        default=NelloDoubles.OWN_SUIT,
        metavar="own-suit|high|low",
        help="Nel-O alone, its doubles high or low (with --listen), into its own file",
    )
    args = parser.parse_args()
    if args.doubles is not NelloDoubles.OWN_SUIT and not args.listen:
        parser.error("--doubles high or low is a listening study: add --listen")
    out = (LISTENING if args.listen else OUT) if args.out == OUT else args.out
    if args.doubles is not NelloDoubles.OWN_SUIT and args.out == OUT:
        out = doubles_study(args.doubles)
    if args.report:
        print(summary(read_study(out, args.hands)), end="")
        if args.listen and args.doubles is NelloDoubles.OWN_SUIT:
            print(listening_summary(read_study(out, args.hands), read_study(OUT)), end="")
        elif args.listen:
            studies = {NelloDoubles.OWN_SUIT.value: read_study(LISTENING, args.hands)}
            for doubles in (NelloDoubles.HIGH, NelloDoubles.LOW):
                studies[doubles.value] = read_study(doubles_study(doubles), args.hands)
            print(treatments_summary(studies), end="")
        return
    append_lines(
        out,
        args.hands,
        args.shard,
        lambda i: play(i, args.deals, args.worlds, args.listen, args.doubles),
        "hands",
        {"deals": args.deals, "worlds": args.worlds},
    )


if __name__ == "__main__":
    main()
