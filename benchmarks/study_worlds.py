"""Study: how many worlds a decision do the realistic players need? Each hand of the hand
study played out with its recommended trump at several numbers of worlds a decision, on
the same deals.

    python benchmarks/study_worlds.py                  # go on where it stopped
    python benchmarks/study_worlds.py --shard 0/2 &    # two processes, one a core:
    python benchmarks/study_worlds.py --shard 1/2 &    # even and odd hands
    python benchmarks/study_worlds.py --report         # what the data say so far

The realistic players (``analysis.play_out``, every seat seeing only its own dominoes)
weigh 10 worlds a decision by default: each turn, 10 deals consistent with what the
seat has seen, each solved double-dummy for every legal play. For hand i of the hand
study this plays its double-dummy recommended trump out, both sides playing for the
recommended bid (30 for a pass), on the first 100 deals of its analysis (those the
realistic study plays) with every seat weighing 5, 10, 20 and 40 worlds, each number of
worlds from its own seed. One JSON line a hand is appended to
``benchmarks/data/worlds_study.jsonl`` as soon as it is done: ``{"i", "hand", "seed",
"trump", "played_for", "deals", "points": {worlds: the bidder's team's points on each
deal}, "seconds": {worlds: seconds on one core}}``. About 23 s a hand on one core (the
report of 524 hands: 1.6 + 3.1 + 6.2 + 12.0 s).

--report (--hands N: of the first N hands): for each number of worlds the mean points,
how often the bid played for is made, and the seconds a hand; then each against 40
worlds on the same deals, with 95% intervals that take each hand's deals as a cluster
(a hand's deals share its dominoes).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
from report_study import clustered_mean
from study_every_trump import run_hand_study
from study_hands import study_hand

from texas42 import deal
from texas42.analysis import play_out
from texas42.rules import PASS, Declaration, needed_points

OUT = Path(__file__).resolve().parent / "data" / "worlds_study.jsonl"
DEALS = 100
WORLDS = (5, 10, 20, 40)
REFERENCE = WORLDS[-1]


def worlds_seed(hand_seed: int, declaration: Declaration, worlds: int) -> int:
    """The playouts' seed at ``worlds`` worlds a decision."""
    state = np.random.SeedSequence([hand_seed, declaration.value, worlds]).generate_state(1)
    return int(state[0])


def play(line: dict[str, Any], threads: int | None, worlds: tuple[int, ...] = WORLDS) -> dict[str, Any]:
    """Hand ``line`` of the hand study, its trump played out at each of ``worlds``."""
    hand = study_hand(line["i"], 42)
    drawn, _ = deal.deal_around(hand, line["deals"], deal.generators(line["seed"])[0])
    trump = Declaration(int(line["trump"]))
    played_for = 30 if line["bid"] == PASS else line["bid"]
    points: dict[str, list[int]] = {}
    seconds: dict[str, float] = {}
    for w in worlds:
        start = time.perf_counter()
        seed = worlds_seed(line["seed"], trump, w)
        played = play_out(drawn[:DEALS], trump, played_for, w, seed, threads=threads)
        seconds[str(w)] = round(time.perf_counter() - start, 2)
        points[str(w)] = played.points.tolist()
    return {
        "i": line["i"],
        "hand": str(hand),
        "seed": line["seed"],
        "trump": trump.value,
        "played_for": played_for,
        "deals": DEALS,
        "points": points,
        "seconds": seconds,
    }


def report(played: dict[int, dict[str, Any]], first: int = 2000) -> str:
    """What the hands among the ``first`` say."""
    lines = [played[i] for i in sorted(played) if i < first]
    out = [
        f"{len(lines)} hands, the recommended trump played out on the same {DEALS} deals "
        f"at {', '.join(map(str, WORLDS[:-1]))} and {REFERENCE} worlds a decision"
    ]
    if not lines:
        return out[0]
    hands = np.repeat(np.arange(len(lines)), DEALS)
    points = {w: np.concatenate([line["points"][str(w)] for line in lines]).astype(float) for w in WORLDS}
    needed = np.repeat([needed_points(line["played_for"]) for line in lines], DEALS)
    made = {w: (points[w] >= needed).astype(float) for w in WORLDS}
    out.append("worlds   points   makes the bid   seconds a hand (one core)")
    for w in WORLDS:
        seconds = np.mean([line["seconds"][str(w)] for line in lines])
        out.append(f"{w:6d}   {points[w].mean():6.2f}   {made[w].mean():13.1%}   {seconds:5.1f}")
    out.append(f"against {REFERENCE} worlds, the same deals (95% intervals, a hand's deals a cluster):")
    for w in WORLDS[:-1]:
        gap, gap_se = clustered_mean(points[w] - points[REFERENCE], hands)
        share, share_se = clustered_mean(made[w] - made[REFERENCE], hands)
        if len(lines) < 2:  # one cluster: no spread to measure
            gap_se = share_se = np.nan
        out.append(
            f"{w:6d}   points {gap:+.2f} ± {1.96 * gap_se:.2f}   makes {share:+.1%} ± {1.96 * share_se:.1%}"
        )
    return "\n".join(out)


def main() -> None:
    run_hand_study(__doc__ or "", OUT, play, lambda _, played, first: report(played, first))


if __name__ == "__main__":
    main()
