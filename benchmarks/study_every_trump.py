"""Study: are the trumps ``analyze --realistic`` plays out the right ones? Every trump
of each hand of the hand study played out as the realistic study plays its leading ones.

    python benchmarks/study_every_trump.py                  # go on where it stopped
    python benchmarks/study_every_trump.py --shard 0/2 &    # two processes, one a core:
    python benchmarks/study_every_trump.py --shard 1/2 &    # even and odd hands
    python benchmarks/study_every_trump.py --report         # what the data say so far

``analyze --realistic`` (and ``declare`` and ``bid``) plays out only the two trumps with
the most expected double-dummy points and the double-dummy recommendation's trump
(``study_realistic.leading``). For hand i of the hand study, this plays all nine out on
the deals, with the worlds, bid played for and seeds of the realistic study
(``study_realistic.play``: its first 100 deals, 10 worlds a decision), one JSON line a
hand appended to ``benchmarks/data/every_trump_study.jsonl`` as soon as it is done:
``{"i", "hand", "seed", "deals", "worlds", "played_for", "histograms", "seconds"}``.
About 25 s a hand on one core.

--report (--hands N: of the first N hands) applies the package's recommendation
(``analysis.recommend`` on the realistic ``TrumpStats``, as ``analyze --realistic``
does) to the trumps ``analyze --realistic`` plays out and to all nine: how often the bid
and trump agree, and where they do not, how much better the odds of all nine's
recommendation are.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np
from study_hands import OUT as HAND_STUDY
from study_realistic import append_lines, leading, play, study_options

from texas42.analysis import TrumpStats, recommend
from texas42.rules import DECLARATIONS, PASS, Declaration

OUT = Path(__file__).resolve().parent / "data" / "every_trump_study.jsonl"
DEALS = 100
WORLDS = 10


def lines_by_hand(path: Path) -> dict[int, dict[str, Any]]:
    """The whole lines of a study file, by hand number."""
    if not path.exists():
        return {}
    text = path.read_text()
    whole = text if text.endswith("\n") else text[: text.rfind("\n") + 1]
    return {line["i"]: line for line in map(json.loads, whole.splitlines())}


def stats(histograms: dict[str, list[int]], keep: set[Declaration] | None = None) -> list[TrumpStats]:
    """Each trump's realistic figures (those of ``keep``, if given) from its histogram."""
    return [
        TrumpStats.from_points(Declaration(int(d)), np.repeat(np.arange(len(h)), h))
        for d, h in sorted(histograms.items(), key=lambda item: int(item[0]))
        if keep is None or Declaration(int(d)) in keep
    ]


def report(analysed: dict[int, dict[str, Any]], played: dict[int, dict[str, Any]], first: int = 2000) -> str:
    """What the hands among the ``first`` say: ``analysed`` the hand study's lines (which
    trumps ``analyze --realistic`` plays out), ``played`` this study's."""
    hands = sorted(i for i in played if i < first)
    same = other_trump = higher = 0
    gains: list[float] = []
    for i in hands:
        every = stats(played[i]["histograms"])
        few = stats(played[i]["histograms"], set(leading(analysed[i])))
        a, b = recommend(few), recommend(every)
        if (a.bid, a.declaration) == (b.bid, b.declaration):
            same += 1
            continue
        other_trump += a.declaration != b.declaration
        higher += b.bid > a.bid
        bid = 30 if b.bid == PASS else b.bid
        gains.append(b.make - max(s.make(bid) for s in few))
    lines = [f"{len(hands)} hands, every trump played out ({DEALS} deals, {WORLDS} worlds a decision)"]
    if hands:
        share = same / len(hands)
        lines.append(f"the same bid and trump on the trumps played out as on all nine: {same} ({share:.1%})")
        lines.append(f"another trump on all nine: {other_trump}; a higher bid: {higher}")
    if gains:
        lines.append(
            f"where they differ, all nine's recommendation makes its bid {np.mean(gains):+.3f} more often "
            f"on average than the best trump played out at that bid (largest {max(gains):+.3f})"
        )
    return "\n".join(lines)


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--hands", type=int, default=2000, help="study (or --report) the first N hands")
    parser.add_argument("--threads", type=int, default=1)
    study_options(parser, OUT)
    args = parser.parse_args()
    analysed = lines_by_hand(HAND_STUDY)
    if args.report:
        print(report(analysed, lines_by_hand(args.out), args.hands))
        return

    def line_of(i: int) -> dict[str, Any]:
        return play(analysed[i], DEALS, WORLDS, args.threads, list(DECLARATIONS))

    append_lines(args.out, min(args.hands, len(analysed)), args.shard, line_of, "hands")


if __name__ == "__main__":
    main()
