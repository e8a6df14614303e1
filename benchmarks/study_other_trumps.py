"""Study: are the trumps ``analyze --realistic`` plays out the right ones? The trumps of
each hand of the realistic study that it did not play out, played out the same way.

    python benchmarks/study_other_trumps.py                  # go on where it stopped
    python benchmarks/study_other_trumps.py --shard 0/2 &    # two processes, one a core:
    python benchmarks/study_other_trumps.py --shard 1/2 &    # even and odd hands
    python benchmarks/study_other_trumps.py --report         # what the data say so far

``analyze --realistic`` (and ``declare`` and ``bid``) plays out only the two trumps with
the most expected double-dummy points and the double-dummy recommendation's trump
(``study_realistic.leading``). For hand i of ``benchmarks/data/realistic_study.jsonl``,
this plays the other trumps out on the same deals, with the same worlds, bid played for
and seeds as that study (``study_realistic.play``), one JSON line a hand appended to
``benchmarks/data/other_trumps_study.jsonl`` as soon as it is done: ``{"i", "hand",
"seed", "deals", "worlds", "played_for", "histograms", "seconds"}``, the histograms of the
trumps played here. About 20 s a hand on one core.

--report (--hands N: of the first N hands) joins the two files by hand and applies the
package's recommendation (``analysis.recommend`` on the realistic ``TrumpStats``) to the
trumps played out by ``analyze --realistic`` and to all nine: how often the bid and
trump agree, and where they do not, how much better the odds of all nine's
recommendation are.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np
from study_hands import OUT as HAND_STUDY
from study_realistic import OUT as REALISTIC_STUDY
from study_realistic import append_lines, leading, play, study_options

from texas42.analysis import TrumpStats, recommend
from texas42.rules import DECLARATIONS, PASS, Declaration

OUT = Path(__file__).resolve().parent / "data" / "other_trumps_study.jsonl"


def lines_by_hand(path: Path) -> dict[int, dict[str, Any]]:
    """The whole lines of a study file, by hand number."""
    if not path.exists():
        return {}
    text = path.read_text()
    whole = text if text.endswith("\n") else text[: text.rfind("\n") + 1]
    return {line["i"]: line for line in map(json.loads, whole.splitlines())}


def others(line: dict[str, Any]) -> list[Declaration]:
    """The trumps of a hand-study line that ``analyze --realistic`` does not play out."""
    played = set(leading(line))
    return [d for d in DECLARATIONS if d not in played]


def stats(histograms: dict[str, list[int]]) -> list[TrumpStats]:
    """Each trump's realistic figures from its histogram of points."""
    return [
        TrumpStats.from_points(Declaration(int(d)), np.repeat(np.arange(len(h)), h))
        for d, h in sorted(histograms.items(), key=lambda item: int(item[0]))
    ]


def report(realistic: dict[int, dict[str, Any]], other: dict[int, dict[str, Any]], first: int = 2000) -> str:
    """What the joined hands among the ``first`` of the studies say."""
    hands = sorted(i for i in set(realistic) & set(other) if i < first)
    same = trump_differs = better = 0
    gains: list[float] = []
    for i in hands:
        played = stats(realistic[i]["histograms"])
        every = stats({**realistic[i]["histograms"], **other[i]["histograms"]})
        a, b = recommend(played), recommend(every)
        if (a.bid, a.declaration) == (b.bid, b.declaration):
            same += 1
            continue
        trump_differs += a.declaration != b.declaration
        bid = 30 if b.bid == PASS else b.bid
        at_bid = max(s.make(bid) for s in played)
        gains.append(b.make - at_bid)
        better += b.bid > a.bid
    lines = [f"{len(hands)} hands with every trump played out (realistic, 100 deals each)"]
    if hands:
        share = same / len(hands)
        lines.append(f"same bid and trump on the leading trumps as on all nine: {same} ({share:.1%})")
        lines.append(f"another trump on all nine: {trump_differs}; a higher bid: {better}")
    if gains:
        lines.append(
            f"where they differ, all nine's recommendation makes its bid {np.mean(gains):+.3f} more often "
            f"on average than the best leading trump at that bid (largest {max(gains):+.3f})"
        )
    return "\n".join(lines)


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--hands", type=int, default=2000, help="study (or --report) the first N hands")
    parser.add_argument("--threads", type=int, default=1)
    study_options(parser, OUT)
    args = parser.parse_args()
    realistic = lines_by_hand(REALISTIC_STUDY)
    if args.report:
        print(report(realistic, lines_by_hand(args.out), args.hands))
        return
    analysed = lines_by_hand(HAND_STUDY)

    def line_of(i: int) -> dict[str, Any]:
        done = realistic[i]
        return play(analysed[i], done["deals"], done["worlds"], args.threads, others(analysed[i]))

    count = min(args.hands, len(realistic))
    append_lines(args.out, count, args.shard, line_of, "hands")


if __name__ == "__main__":
    main()
