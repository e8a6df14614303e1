"""The README's study: double-dummy against realistic play, on the hands of the two studies.

    python benchmarks/report_study.py                   # the section, in markdown, on stdout
    python benchmarks/report_study.py --out /tmp/study.md

Reads ``benchmarks/data/hand_study.jsonl`` (``study_hands.py``: hand i drawn uniformly,
every declaration solved double-dummy on the same 500 deals of ``analyze --exhaustive
--no-specials --deals 500 --seed 42000000+i``) and ``benchmarks/data/realistic_study.jsonl``
(``study_realistic.py``: the trumps ``analyze --realistic`` plays out for that analysis,
the two with the most expected double-dummy points and the recommended one, played out on
the first 100 of those deals by PIMC players, 10 worlds a decision, both sides playing
for the double-dummy recommendation's bid, 30 for a pass). The two are joined by hand
number ``i``; only the hands of both files are used (the realistic study grows: run this
again as it does).

Each hand's recommendations come from the package's own policy, so that they are what
``analyze`` and ``analyze --realistic`` say: on every declaration's double-dummy figures
(``evaluate.recommend_many``; checked against the bid and trump the study recorded), on
the double-dummy figures of the trumps played out only, and on the realistic ones
(``analysis.recommend`` on ``TrumpStats``, as ``analysis.realistic_analysis`` does).

Prints one markdown section: the hands used; the mean gap (double-dummy minus realistic)
in the odds of each bid 30..42 and 84, over every trump played out of every hand and at
the double-dummy recommendation's trump, with standard errors (a hand's trumps are not
independent: the error of the mean over (hand, trump) pairs is clustered by hand); the
best trump's odds on each basis; the realistic odds by tenths of the double-dummy ones;
the expected points on both bases; how often each basis recommends 84, 42, a point bid or a
pass, and the distribution of the recommended bids. Nothing is random: the same files
give the same section. A few seconds for 1,500 hands (the jsonl files are the work).

With ``--replay K`` it first plays every K-th hand out again with the package as it is
now (``study_realistic.play``: the same deals, worlds and seeds) and says how many
playouts came out the same and how far the realistic expected points moved: the stored
playouts may come from an earlier version of the players. About 15 s a hand.
"""

from __future__ import annotations

import argparse
import json
import math
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from texas42.analysis import TrumpStats, recommend
from texas42.evaluate import recommend_many
from texas42.evaluate.estimates import NEEDED
from texas42.rules import BIDS, MARK, PASS, POINT_BIDS, TOTAL_POINTS, Declaration

DATA = Path(__file__).resolve().parent / "data"
HAND_STUDY = DATA / "hand_study.jsonl"
REALISTIC_STUDY = DATA / "realistic_study.jsonl"
CONFIDENCE = 0.5
"""The analysis' default confidence: a bid is recommended when made at least half the time."""
BASES = ("double-dummy, all nine trumps", "double-dummy, the trumps played out", "realistic")
BID_COLUMNS = ("pass", *(str(b) for b in BIDS), "126+")


def read_lines(path: Path, limit: int | None = None) -> list[dict[str, Any]]:
    """The JSON lines of ``path`` (the first ``limit`` of them)."""
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return lines if limit is None else lines[:limit]


def odds(histogram: Sequence[int]) -> tuple[np.ndarray, float]:
    """The odds of making each bid of ``BIDS`` and the expected points, from a histogram
    of the bidder's team's points (0..42), as ``TrumpStats`` computes them."""
    counts = np.asarray(histogram, dtype=np.float64)
    at_least = np.cumsum(counts[::-1])[::-1] / counts.sum()
    return at_least[NEEDED], float(counts @ np.arange(TOTAL_POINTS + 1)) / float(counts.sum())


def trump_stats(histograms: dict[str, Sequence[int]]) -> tuple[TrumpStats, ...]:
    """The analysis' statistics of each declaration of ``histograms`` (by number)."""
    return tuple(
        TrumpStats.from_points(Declaration(int(d)), np.repeat(np.arange(TOTAL_POINTS + 1), h))
        for d, h in sorted(histograms.items(), key=lambda item: int(item[0]))
    )


@dataclass(frozen=True)
class Study:
    """The joined hands. Per hand (n): number ``i``, the recommended ``bid`` and ``trump``
    on each basis of ``BASES`` (n, 3), the best trump's odds of each bid on each basis
    (``best``, n, 3, 14: the highest odds among the trumps of the basis), the double-dummy
    odds of the recommended bid on the main and on the independent sample
    (``make_confirmed``) and its realistic odds. Per (hand, trump played
    out) pair (m): its hand's row ``pair_hand``, ``trump``, ``recommended`` (the double-dummy
    recommendation's trump), odds of each bid (m, 14) and expected points, double-dummy
    and realistic."""

    i: np.ndarray
    bid: np.ndarray
    trump: np.ndarray
    dd_make_recommended: np.ndarray
    dd_make_confirmed: np.ndarray
    realistic_make_recommended: np.ndarray
    best: np.ndarray
    pair_hand: np.ndarray
    pair_trump: np.ndarray
    recommended: np.ndarray
    dd_make: np.ndarray
    realistic_make: np.ndarray
    dd_points: np.ndarray
    realistic_points: np.ndarray
    deals: int
    realistic_deals: int
    worlds: int

    @property
    def hands(self) -> int:
        return int(self.i.size)


def join(hand_lines: Iterable[dict[str, Any]], realistic_lines: Iterable[dict[str, Any]]) -> Study:
    """The hands of both studies, joined by ``i``, with their recommendations."""
    analysed = {line["i"]: line for line in hand_lines}
    played = sorted((line for line in realistic_lines if line["i"] in analysed), key=lambda x: x["i"])
    if not played:
        raise SystemExit("no hand is in both studies")
    n = len(played)
    bid = np.empty((n, len(BASES)), dtype=np.int64)
    trump = np.empty((n, len(BASES)), dtype=np.int64)
    dd_rec, dd_confirmed, re_rec = np.empty(n), np.empty(n), np.empty(n)
    pairs: list[tuple[int, int, bool, np.ndarray, np.ndarray, float, float]] = []
    all_make = np.empty((n, len(Declaration), len(BIDS)))
    all_points = np.empty((n, len(Declaration)))
    best = np.zeros((n, len(BASES), len(BIDS)))
    for row, line in enumerate(played):
        dd = analysed[line["i"]]
        for d in range(len(Declaration)):
            all_make[row, d], all_points[row, d] = odds(dd["histograms"][str(d)])
        dd_same = recommend(trump_stats({d: dd["histograms"][d] for d in line["histograms"]}), CONFIDENCE)
        realistic = recommend(trump_stats(line["histograms"]), CONFIDENCE)
        bid[row, 1:] = dd_same.bid, realistic.bid
        trump[row, 1:] = dd_same.declaration.value, realistic.declaration.value
        recommended = int(dd["trump"])
        if str(recommended) not in line["histograms"] or line["played_for"] != (
            30 if dd["bid"] == PASS else dd["bid"]
        ):
            raise SystemExit(f"hand {line['i']} was not played out as analyze --realistic plays it")
        level = BIDS.index(30 if dd["bid"] == PASS else dd["bid"])
        dd_rec[row] = all_make[row, recommended, level]
        dd_confirmed[row] = dd["make_confirmed"]
        for d, histogram in line["histograms"].items():
            re_make, re_points = odds(histogram)
            dd_make, dd_points = all_make[row, int(d)], all_points[row, int(d)]
            pairs.append((row, int(d), int(d) == recommended, dd_make, re_make, dd_points, re_points))
            best[row, 1] = np.maximum(best[row, 1], dd_make)
            best[row, 2] = np.maximum(best[row, 2], re_make)
            if int(d) == recommended:
                re_rec[row] = re_make[level]
    best[:, 0] = all_make.max(axis=1)
    bid[:, 0], trump[:, 0] = recommend_many(all_make, all_points, CONFIDENCE)
    recorded = np.array([[analysed[x["i"]]["bid"], int(analysed[x["i"]]["trump"])] for x in played])
    if not np.array_equal(np.stack([bid[:, 0], trump[:, 0]], axis=1), recorded):
        raise SystemExit("the recommendation policy does not give the study's bids back")
    return Study(
        i=np.array([line["i"] for line in played]),
        bid=bid,
        trump=trump,
        dd_make_recommended=dd_rec,
        dd_make_confirmed=dd_confirmed,
        realistic_make_recommended=re_rec,
        best=best,
        pair_hand=np.array([p[0] for p in pairs]),
        pair_trump=np.array([p[1] for p in pairs]),
        recommended=np.array([p[2] for p in pairs]),
        dd_make=np.array([p[3] for p in pairs]),
        realistic_make=np.array([p[4] for p in pairs]),
        dd_points=np.array([p[5] for p in pairs]),
        realistic_points=np.array([p[6] for p in pairs]),
        deals=int(analysed[played[0]["i"]]["deals"]),
        realistic_deals=int(played[0]["deals"]),
        worlds=int(played[0]["worlds"]),
    )


def clustered_mean(values: np.ndarray, groups: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The mean of ``values`` (m, ...) over its rows and the standard error of that mean
    when the rows of a group (``groups``, m) are not independent of each other (the
    cluster-robust sandwich: sum over groups of the squared sums of residuals)."""
    values = np.asarray(values, dtype=np.float64)
    mean = values.mean(axis=0)
    labels, where = np.unique(groups, return_inverse=True)
    sums = np.zeros((labels.size, *values.shape[1:]))
    np.add.at(sums, where, values - mean)
    g = labels.size
    se = np.sqrt((sums**2).sum(axis=0) * g / max(g - 1, 1)) / values.shape[0]
    return mean, se


def mean_se(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The mean over the rows of ``values`` (independent) and its standard error."""
    values = np.asarray(values, dtype=np.float64)
    return values.mean(axis=0), values.std(axis=0, ddof=1) / math.sqrt(values.shape[0])


def calibration(dd: np.ndarray, realistic: np.ndarray, bins: int = 10) -> list[dict[str, float]]:
    """Every double-dummy odds of ``dd`` binned by its value (tenths; 1.0 in the last):
    the count, the mean double-dummy odds and the mean of the matching realistic odds."""
    p, q = dd.reshape(-1), realistic.reshape(-1)
    which = np.minimum((p * bins).astype(int), bins - 1)
    return [
        {
            "from": k / bins,
            "to": (k + 1) / bins,
            "count": int((which == k).sum()),
            "dd": float(p[which == k].mean()),
            "realistic": float(q[which == k].mean()),
        }
        for k in range(bins)
        if (which == k).any()
    ]


def rung(bids: np.ndarray) -> np.ndarray:
    """Each bid's rung on the ladder pass 0, 30 1, ..., 41 12, 42 13, 84 14."""
    ladder = {PASS: 0, **{b: k + 1 for k, b in enumerate(BIDS)}}
    return np.array([ladder[int(b)] for b in bids], dtype=np.int64)


def bid_kind(bid: int) -> str:
    """``"84"``, ``"42"``, ``"point"`` (30..41) or ``"pass"``; ``"126+"`` above 84."""
    if bid == PASS:
        return "pass"
    if bid in POINT_BIDS:
        return "point"
    return "126+" if bid > 2 * MARK else str(bid)


def bid_counts(bids: np.ndarray) -> dict[str, int]:
    """How many of ``bids`` fall in each column of ``BID_COLUMNS``."""
    counts = dict.fromkeys(BID_COLUMNS, 0)
    for b in bids.tolist():
        counts["pass" if b == PASS else "126+" if b > 2 * MARK else str(b)] += 1
    return counts


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%"


def _gap(mean: float, se: float, digits: int = 3) -> str:
    return f"{mean:+.{digits}f} ± {se:.{digits}f}"


def section(study: Study) -> str:
    """The README's section, in markdown."""
    s, n, m = study, study.hands, study.pair_hand.size
    rec = s.recommended
    gap = s.dd_make - s.realistic_make
    gap_all, se_all = clustered_mean(gap, s.pair_hand)
    gap_rec, se_rec = mean_se(gap[rec])
    dd_all, re_all = s.dd_make.mean(axis=0), s.realistic_make.mean(axis=0)
    dd_rec, re_rec = s.dd_make[rec].mean(axis=0), s.realistic_make[rec].mean(axis=0)
    three = int(np.bincount(s.pair_hand).max() == 3) and int((np.bincount(s.pair_hand) == 3).sum())
    low, high = int(s.i.min()), int(s.i.max())
    span = f"i = {low}..{high}" if high - low + 1 == n else f"those of i = {low}..{high} played out so far"
    lines = [
        f"## Double-dummy against realistic play: a study of {n:,} hands",
        "",
        f"{n:,} random hands (hand i of `benchmarks/study_hands.py`, drawn uniformly, {span}), "
        f"each analysed double-dummy with every trump on the same "
        f"{s.deals} deals (`analyze --exhaustive --no-specials --deals {s.deals}`), and then, as "
        f"`analyze --realistic` does, its leading trumps (the two with the most expected double-dummy "
        f"points and the recommended one: {m:,} (hand, trump) pairs, three trumps in {three} hands) "
        f"played out on the first {s.realistic_deals} of those deals by players who see only their own "
        f"dominoes ({s.worlds} worlds a decision), both sides playing for the double-dummy bid (30 for a "
        f"pass). The realistic side plays out only those trumps, so the double-dummy recommendation is "
        f"given twice: on all nine trumps (what `analyze` says) and on the same trumps as the realistic one. "
        f"The double-dummy odds are those of all {s.deals} deals, the realistic ones of the "
        f"{s.realistic_deals} played out; the realistic odds of the bids other than the one played for "
        f"are read from the same playouts, as `analyze --realistic` reads them.",
        "",
        "Mean odds of making each bid, double-dummy (DD) and realistic (R), and the gap DD - R "
        "with its standard error: over every trump played out of every hand (error clustered by "
        "hand), and at the trump of the double-dummy recommendation:",
        "",
        "| bid | DD, every trump | R, every trump | gap, every trump | DD, recommended trump "
        "| R, recommended trump | gap, recommended trump |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        *(
            f"| {b} | {dd_all[k]:.3f} | {re_all[k]:.3f} | {_gap(gap_all[k], se_all[k])} | {dd_rec[k]:.3f} "
            f"| {re_rec[k]:.3f} | {_gap(gap_rec[k], se_rec[k])} |"
            for k, b in enumerate(BIDS)
        ),
        "",
    ]
    best_gap, best_se = mean_se(s.best[:, 1] - s.best[:, 2])
    lines += [
        "The best trump's odds of each bid (the highest odds among the trumps of the basis, "
        "what the recommendation reads), double-dummy on all nine trumps and on the trumps played "
        "out, realistic, and the gap on the same trumps:",
        "",
        "| bid | DD, best of nine | DD, best played out | R, best played out | gap, same trumps |",
        "| --- | --- | --- | --- | --- |",
        *(
            f"| {b} | {s.best[:, 0, k].mean():.3f} | {s.best[:, 1, k].mean():.3f} "
            f"| {s.best[:, 2, k].mean():.3f} | {_gap(best_gap[k], best_se[k])} |"
            for k, b in enumerate(BIDS)
        ),
        "",
    ]
    lines += [
        "The realistic odds against the double-dummy odds they started from, every trump played "
        "out and every bid (a (hand, trump) pair gives 14 odds), by tenths of the double-dummy odds:",
        "",
        "| double-dummy odds | odds | mean double-dummy | mean realistic |",
        "| --- | --- | --- | --- |",
        *(
            f"| {row['from']:.1f}-{row['to']:.1f} | {row['count']:,} | {row['dd']:.3f} "
            f"| {row['realistic']:.3f} |"
            for row in calibration(s.dd_make, s.realistic_make)
        ),
        "",
    ]
    pts_gap, pts_se = clustered_mean(s.dd_points - s.realistic_points, s.pair_hand)
    rec_gap, rec_se = mean_se(s.dd_points[rec] - s.realistic_points[rec])
    bidding = s.bid[:, 0] != PASS
    made = s.realistic_make_recommended[bidding]
    lines += [
        "| expected points of the bidder's team | double-dummy | realistic | gap |",
        "| --- | --- | --- | --- |",
        f"| every trump played out ({m:,}) | {s.dd_points.mean():.2f} | {s.realistic_points.mean():.2f} "
        f"| {_gap(float(pts_gap), float(pts_se), 2)} |",
        f"| the recommended trump ({n:,}) | {s.dd_points[rec].mean():.2f} "
        f"| {s.realistic_points[rec].mean():.2f} | {_gap(float(rec_gap), float(rec_se), 2)} |",
        "",
        f"The double-dummy recommendation's own bid, in the {int(bidding.sum()):,} hands that bid: "
        f"double-dummy odds {s.dd_make_recommended[bidding].mean():.3f} on the sample it was chosen on, "
        f"{s.dd_make_confirmed[bidding].mean():.3f} on the analysis' independent sample (no winner's "
        f"curse), realistic {made.mean():.3f}; realistic play makes it at least half the time in "
        f"{_pct(float((made >= CONFIDENCE).sum()), float(made.size))} of them.",
        "",
        "How often each basis recommends:",
        "",
        "| basis | 84 | 42 | a point bid (30-41) | pass |",
        "| --- | --- | --- | --- | --- |",
    ]
    for k, basis in enumerate(BASES):
        kinds = [bid_kind(b) for b in s.bid[:, k].tolist()]
        lines.append(
            f"| {basis} | "
            + " | ".join(_pct(kinds.count(kind), n) for kind in ("84", "42", "point", "pass"))
            + " |"
        )
    agree = bool(np.array_equal(s.bid[:, 0], s.bid[:, 1]) and np.array_equal(s.trump[:, 0], s.trump[:, 1]))
    if agree:
        lines += [
            "",
            "The two double-dummy rows agree in every hand, bid and trump: the recommended trump is "
            "always among those played out, so the realistic recommendation differs from the "
            "double-dummy one by the play, not by the trumps it could choose from.",
        ]
    same = s.bid[:, 2] == s.bid[:, 1]
    same_trump = same & (s.trump[:, 2] == s.trump[:, 1])
    bids = s.bid[:, 2] != PASS
    rungs = rung(s.bid[:, 1]) - rung(s.bid[:, 2])
    lower = s.bid[:, 2] < s.bid[:, 1]
    lines += [
        "",
        f"Realistic against double-dummy on the same trumps: the same bid in {_pct(int(same.sum()), n)} "
        f"of the hands ({_pct(int(same_trump.sum()), n)} with the same trump too), "
        f"a lower one (or a pass) in {_pct(int(lower.sum()), n)}, a higher one in "
        f"{_pct(int((~same & ~lower).sum()), n)}; the same trump (as the bid, or to bid 30 if forced) in "
        f"{_pct(int((s.trump[:, 2] == s.trump[:, 1]).sum()), n)}. In the {int(bids.sum()):,} hands where "
        f"realistic play still bids, it bids {rungs[bids].mean():.1f} rungs lower on average "
        f"(rungs: pass, 30, 31, ..., 41, 42, 84).",
        "",
        "The recommended bids (hands; 126 and above never, as the analysis' bids stop at 84):",
        "",
        "| basis | " + " | ".join(BID_COLUMNS) + " |",
        "| --- |" + " --- |" * len(BID_COLUMNS),
        *(
            f"| {basis} | " + " | ".join(str(c) for c in bid_counts(s.bid[:, k]).values()) + " |"
            for k, basis in enumerate(BASES)
        ),
        "",
    ]
    return "\n".join(_wrap(line) for line in lines)


def _wrap(line: str, width: int = 90) -> str:
    """A paragraph of text wrapped as the README wraps it; tables and titles as they are."""
    if line.startswith(("|", "#")):
        return line
    return textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False)


def replay(hand_lines: list[dict[str, Any]], realistic_lines: list[dict[str, Any]], every: int) -> str:
    """Every ``every``-th hand of the realistic study played out again by today's players
    (``study_realistic.play``, the same deals, worlds and seeds): how many of the trumps'
    histograms came out the same, and the mean difference (stored minus today's) in the
    realistic expected points with its standard error. About 15 s a hand."""
    from study_realistic import play  # the benchmarks folder is on the path when run as a script

    analysed = {line["i"]: line for line in hand_lines}
    differences, same = [], 0
    chosen = realistic_lines[::every]
    for stored in chosen:
        again = play(analysed[stored["i"]], stored["deals"], stored["worlds"], 1)
        for d, histogram in stored["histograms"].items():
            same += histogram == again["histograms"][d]
            differences.append(odds(histogram)[1] - odds(again["histograms"][d])[1])
    mean, se = mean_se(np.array(differences))
    return (
        f"Replayed {len(chosen)} hands (every {every}th) by today's players: {same} of "
        f"{len(differences)} trumps' playouts the same, the stored realistic expected points minus "
        f"today's {_gap(float(mean), float(se), 2)}.\n"
    )


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--hands", type=Path, default=HAND_STUDY, help="the double-dummy study")
    parser.add_argument("--realistic", type=Path, default=REALISTIC_STUDY, help="the realistic study")
    parser.add_argument("--out", type=Path, default=None, help="also write the section here")
    parser.add_argument(
        "--replay",
        type=int,
        default=0,
        metavar="K",
        help="also play every K-th hand out again with today's code and compare (15 s a hand)",
    )
    args = parser.parse_args()
    hands, played = read_lines(args.hands), read_lines(args.realistic)
    text = section(join(hands, played))
    if args.replay:
        print(replay(hands, played, args.replay), end="", flush=True)
    print(text, end="")
    if args.out is not None:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
