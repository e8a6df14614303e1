"""Study: are the trumps ``analyze --realistic`` plays out the right ones? Every trump
of each hand of the hand study played out, on two samples of deals: one to choose on,
one to check the choice on.

    python benchmarks/study_every_trump.py                  # go on where it stopped
    python benchmarks/study_every_trump.py --shard 0/2 &    # two processes, one a core:
    python benchmarks/study_every_trump.py --shard 1/2 &    # even and odd hands
    python benchmarks/study_every_trump.py --report         # what the data say so far

``analyze --realistic`` (and ``declare`` and ``bid``) plays out only the two trumps with
the most expected double-dummy points and the double-dummy recommendation's trump
(``study_realistic.leading``). For hand i of the hand study this plays all nine out, as
the realistic study plays its trumps (today's players, 10 worlds a decision, both sides
playing for the double-dummy bid, 30 for a pass), on the first 100 deals of its analysis
(with the realistic study's seeds: ``histograms``) and on the next 100 (``check``). One
JSON line a hand is appended to ``benchmarks/data/every_trump_study.jsonl`` as soon as it
is done: ``{"i", "hand", "seed", "deals", "worlds", "played_for", "histograms", "check",
"seconds"}``. About 40 s a hand on one core.

--report (--hands N: of the first N hands) applies the package's recommendation
(``analysis.recommend`` on the realistic ``TrumpStats``, as ``analyze --realistic``
does) to the first sample's trumps that ``analyze --realistic`` plays out and to all nine;
where the two choose another bid or trump, it weighs both choices on the check sample,
which neither was chosen on (choosing the best of nine noisy estimates flatters the
choice on its own deals): their expected marks, 0 for a pass.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from report_study import trump_stats
from study_hands import OUT as HAND_STUDY
from study_hands import study_hand
from study_realistic import append_lines, leading, study_options
from study_specials import read_study

from texas42 import deal
from texas42.analysis import TrumpStats, play_out, recommend
from texas42.rules import DECLARATIONS, PASS, TOTAL_POINTS, Declaration, expected_marks

OUT = Path(__file__).resolve().parent / "data" / "every_trump_study.jsonl"
DEALS = 100
WORLDS = 10


def trump_seed(hand_seed: int, declaration: Declaration, check: bool) -> int:
    """A trump's playouts' seed: the realistic study's for the first sample."""
    entropy = [hand_seed, declaration.value, *([1] if check else [])]
    return int(np.random.SeedSequence(entropy).generate_state(1)[0])


def play(
    line: dict[str, Any], threads: int | None, trumps: tuple[Declaration, ...] = DECLARATIONS
) -> dict[str, Any]:
    """Hand ``line`` of the hand study, ``trumps`` played out on both samples."""
    hand = study_hand(line["i"], 42)
    start = time.perf_counter()
    drawn, _ = deal.deal_around(hand, line["deals"], deal.generators(line["seed"])[0])
    played_for = 30 if line["bid"] == PASS else line["bid"]
    found: dict[str, dict[str, list[int]]] = {"histograms": {}, "check": {}}
    for name, sample in (("histograms", drawn[:DEALS]), ("check", drawn[DEALS : 2 * DEALS])):
        for trump in trumps:
            seed = trump_seed(line["seed"], trump, name == "check")
            points = play_out(sample, trump, played_for, WORLDS, seed, threads=threads).points
            found[name][str(trump.value)] = np.bincount(points, minlength=TOTAL_POINTS + 1).tolist()
    return {
        "i": line["i"],
        "hand": str(hand),
        "seed": line["seed"],
        "deals": DEALS,
        "worlds": WORLDS,
        "played_for": played_for,
        **found,
        "seconds": round(time.perf_counter() - start, 2),
    }


def lines_by_hand(path: Path) -> dict[int, dict[str, Any]]:
    """The complete lines of a study file, by hand number."""
    return {line["i"]: line for line in read_study(path)} if path.exists() else {}


def stats(histograms: dict[str, list[int]], keep: set[Declaration] | None = None) -> tuple[TrumpStats, ...]:
    """Each trump's realistic figures (those of ``keep``, if given) from its histogram."""
    return trump_stats({d: h for d, h in histograms.items() if keep is None or Declaration(int(d)) in keep})


def checked_marks(bid: int, trump: Declaration, check: dict[str, list[int]]) -> float:
    """The expected marks of ``bid`` with ``trump`` on the check sample (a pass: 0)."""
    if bid == PASS:
        return 0.0
    (figures,) = stats(check, {trump})
    return expected_marks(bid, figures.make(bid))


def report(analysed: dict[int, dict[str, Any]], played: dict[int, dict[str, Any]], first: int = 2000) -> str:
    """What the hands among the ``first`` say: ``analysed`` the hand study's lines (which
    trumps ``analyze --realistic`` plays out), ``played`` this study's."""
    hands = sorted(i for i in played if i < first)
    gains: list[float] = []
    other_trump = higher = lower = 0
    for i in hands:
        line = played[i]
        few = recommend(stats(line["histograms"], set(leading(analysed[i]))))
        every = recommend(stats(line["histograms"]))
        if (few.bid, few.declaration) == (every.bid, every.declaration):
            continue
        other_trump += few.declaration != every.declaration
        higher += every.bid > few.bid
        lower += every.bid < few.bid
        gains.append(
            checked_marks(every.bid, every.declaration, line["check"])
            - checked_marks(few.bid, few.declaration, line["check"])
        )
    lines = [
        f"{len(hands)} hands, every trump played out ({DEALS} + {DEALS} deals, {WORLDS} worlds a decision)"
    ]
    if hands:
        share = 1 - len(gains) / len(hands)
        lines.append(f"the same bid and trump on the trumps played out as on all nine: {share:.1%}")
    if gains:
        error = float(np.std(gains, ddof=1)) / math.sqrt(len(gains)) if len(gains) > 1 else float("nan")
        kinds = f"another trump {other_trump}, a higher bid {higher}, lower {lower}"
        mean = float(np.mean(gains))
        lines.append(f"otherwise ({len(gains)} hands: {kinds}), on the check deals all nine's choice")
        lines.append(
            f"  expects {mean:+.3f} ± {error:.3f} marks more a hand than the played-out trumps' choice"
        )
    return "\n".join(lines)


def run_hand_study(
    doc: str,
    out: Path,
    play_hand: Callable[[dict[str, Any], int | None], dict[str, Any]],
    summary: Callable[[dict[int, dict[str, Any]], dict[int, dict[str, Any]], int], str],
) -> None:
    """The command line of a study of the hand study's hands: --hands, --threads and the
    study options; ``play_hand(hand study line, threads)`` makes a line of ``out``,
    ``summary(hand study lines, lines, first N)`` is printed by --report."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2000, help="study (or --report) the first N hands")
    parser.add_argument("--threads", type=int, default=1)
    study_options(parser, out)
    args = parser.parse_args()
    analysed = lines_by_hand(HAND_STUDY)
    if args.report:
        print(summary(analysed, lines_by_hand(args.out), args.hands))
        return
    count = min(args.hands, len(analysed))
    append_lines(args.out, count, args.shard, lambda i: play_hand(analysed[i], args.threads), "hands")


def main() -> None:
    run_hand_study(__doc__ or "", OUT, play, report)


if __name__ == "__main__":
    main()
