"""Fit the instant hand evaluator (`texas42 quick`) to the study of full analyses, and
report its quality on held-out hands.

    python benchmarks/fit_quick.py                    # the study's file -> the package's model
    python benchmarks/fit_quick.py --data PATH --out /tmp/quick_model.npz --report /tmp/fit.md
    python benchmarks/fit_quick.py --hands 1530 --out /tmp/dd.npz  # the shipped double-dummy head

Without --out it writes the package's model with the double-dummy head alone: run
``fit_realistic.py --version 2`` after it to add the realistic head back.

Data: the lines of ``benchmarks/study_hands.py`` (``benchmarks/data/hand_study.jsonl``):
hand i, drawn uniformly, with its full double-dummy analysis, every declaration solved
on the same 500 deals (``analyze --exhaustive --no-specials --deals 500 --seed
42000000+i``), as histograms of the points of seat 0's team. The script reads whatever
the file holds, so it can be run again as the study grows.

Held out: every hand whose number i is a multiple of 5 (i % 5 == 0) is never trained on;
the figures reported are on those hands only, from the model as written (read back from
its file and run through ``texas42.evaluate.estimate``). With --cross-validate, the same
networks are fitted four more times, each without one of the other folds (i % 5 == 1,
2, 3, 4), and the figures are also given over every hand, each estimated by networks
that never saw it: more hands to judge the method by than the one held-out fold.

Method: a hand and a declaration give one example: the 50 features of
``texas42.evaluate.features`` (the declaration's trumps by power, the other dominoes in
an order that is the same for every pip suit, the count, trump length, off doubles,
voids, ...) and the target distribution of the 43 possible point totals (the study's
histogram over its 500 deals). A small network (50 -> 64 -> 64 -> 43, tanh, softmax) is
trained to minimise the cross-entropy between its distribution and the target (Adam,
cosine learning rate, weight decay); several such networks from different seeds are
averaged. Predicting the whole distribution keeps the odds of the bids monotone and
consistent with the expected points. numpy only. (The hands whose value the rules
settle, the top k >= 4 trumps and doubles only, are not examples: ``estimate`` sets their
42 points directly. Adding them as examples was tried and made the strong hands next to
them look sure: six sixes and the 5-4 estimated to take all 42 points 97% of the time,
the analysis 40%.)

Run time, on the 2-core development machine shared with other work: about 2 minutes for
1,000 hands, 3 networks and 1,500 steps; 5 times that with --cross-validate; it grows
with the hands. Seeded: the same data and options give the same model on one machine.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from texas42.evaluate import (
    DOUBLE_DUMMY,
    FEATURES,
    Estimates,
    Head,
    QuickModel,
    estimate,
    features,
    read_model,
    recommend_many,
    write_model,
)
from texas42.evaluate.estimates import NEEDED
from texas42.rules import BIDS, PASS, parse_hand

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "benchmarks" / "data" / "hand_study.jsonl"
OUT = ROOT / "src" / "texas42" / "evaluate" / "quick_model.npz"
HELD_OUT = 5
"""Hand i is held out when i % HELD_OUT == 0."""
LADDER = {PASS: 0, **{b: k + 1 for k, b in enumerate(BIDS)}}
"""A bid's rung: pass 0, 30 1, ..., 41 12, 42 13, 84 14 (one point a rung from 30 to 42)."""

Layers = list[tuple[np.ndarray, np.ndarray]]


def read_study(path: Path, limit: int | None = None) -> dict[str, np.ndarray]:
    """The study's hands (its first ``limit``, if given): numbers, masks, histograms
    (n, 9, 43), recorded bid and trump."""
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()][:limit]
    return {
        "i": np.array([line["i"] for line in lines], dtype=np.int64),
        "mask": np.array([parse_hand(line["hand"]).mask for line in lines], dtype=np.int64),
        "histogram": np.array(
            [[line["histograms"][str(k)] for k in range(9)] for line in lines], dtype=np.float64
        ),
        "bid": np.array([line["bid"] for line in lines], dtype=np.int64),
        "trump": np.array([int(line["trump"]) for line in lines], dtype=np.int64),
    }


# --- Training -------------------------------------------------------------------------


def _forward(layers: Layers, x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    hidden = [x]
    h = x
    for w, b in layers[:-1]:
        h = np.tanh(h @ w + b)
        hidden.append(h)
    w, b = layers[-1]
    z = h @ w + b
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    return p, hidden


def train_member(
    x: np.ndarray, y: np.ndarray, hidden: tuple[int, ...], steps: int, rate: float, decay: float, seed: int
) -> Layers:
    """One network trained on rows ``x`` (m, f) towards distributions ``y`` (m, 43) by
    full-batch Adam on the cross-entropy, with warm-up, cosine decay and weight decay."""
    rng = np.random.default_rng(seed)
    x = x.astype(np.float32)
    y = y.astype(np.float32)
    sizes = [x.shape[1], *hidden, y.shape[1]]
    layers: Layers = [
        (rng.normal(0.0, np.sqrt(1.0 / a), (a, b)).astype(np.float32), np.zeros(b, np.float32))
        for a, b in itertools.pairwise(sizes)
    ]
    first = [(np.zeros_like(w), np.zeros_like(b)) for w, b in layers]
    second = [(np.zeros_like(w), np.zeros_like(b)) for w, b in layers]
    beta1, beta2 = 0.9, 0.999
    for step in range(1, steps + 1):
        p, hs = _forward(layers, x)
        delta = (p - y) / x.shape[0]
        grads: Layers = []
        for li in range(len(layers) - 1, -1, -1):
            w, _ = layers[li]
            grads.append((hs[li].T @ delta + decay * w, delta.sum(axis=0)))
            if li:
                delta = (delta @ w.T) * (1.0 - hs[li] ** 2)
        grads.reverse()
        lr = rate * min(1.0, step / 100) * 0.5 * (1.0 + np.cos(np.pi * step / steps))
        c1, c2 = 1.0 - beta1**step, 1.0 - beta2**step
        for li, ((w, b), (gw, gb)) in enumerate(zip(layers, grads, strict=True)):
            (mw, mb), (vw, vb) = first[li], second[li]
            mw = beta1 * mw + (1 - beta1) * gw
            mb = beta1 * mb + (1 - beta1) * gb
            vw = beta2 * vw + (1 - beta2) * gw * gw
            vb = beta2 * vb + (1 - beta2) * gb * gb
            first[li], second[li] = (mw, mb), (vw, vb)
            layers[li] = (
                (w - lr * (mw / c1) / (np.sqrt(vw / c2) + 1e-8)).astype(np.float32),
                (b - lr * (mb / c1) / (np.sqrt(vb / c2) + 1e-8)).astype(np.float32),
            )
    return layers


# --- Figures --------------------------------------------------------------------------


def true_figures(histogram: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From the analyses' histograms (n, 9, 43): distributions, odds of BIDS, expected
    points, computed as the analysis computes them (successes / deals)."""
    deals = histogram.sum(axis=-1, keepdims=True)
    successes = np.cumsum(histogram[..., ::-1], axis=-1)[..., ::-1]
    return histogram / deals, successes[..., NEEDED] / deals, (histogram @ np.arange(43)) / deals[..., 0]


def quality(
    make: np.ndarray,
    points: np.ndarray,
    bid: np.ndarray,
    trump: np.ndarray,
    true_make: np.ndarray,
    true_points: np.ndarray,
    true_bid: np.ndarray,
    true_trump: np.ndarray,
) -> dict[str, Any]:
    """The issue's figures of the estimates against the full analyses (see the README)."""
    best, true_best = make.max(axis=1), true_make.max(axis=1)
    bidding = true_bid != PASS
    rung = np.array([LADDER[int(b)] for b in bid])
    true_rung = np.array([LADDER[int(b)] for b in true_bid])
    # Its best trump at the analysis' bid, judged by the analysis' odds.
    level = np.maximum(true_rung - 1, 0)
    rows = np.flatnonzero(bidding)
    chosen = np.argmax(make[rows, :, level[rows]], axis=1)
    got = true_make[rows, chosen, level[rows]]
    top = true_make[rows, :, level[rows]].max(axis=1)
    return {
        "hands": int(make.shape[0]),
        "bidding_hands": int(rows.size),
        "mae_best_30": float(np.abs(best[:, 0] - true_best[:, 0]).mean()),
        "mae_best_all_bids": float(np.abs(best - true_best).mean()),
        # A hand's worst bid: how far off the best trump's odds can be on one hand.
        "p95_hand_worst_best": float(np.percentile(np.abs(best - true_best).max(axis=1), 95)),
        "max_hand_worst_best": float(np.abs(best - true_best).max()),
        "mae_every_trump_all_bids": float(np.abs(make - true_make).mean()),
        "mae_expected_points": float(np.abs(points - true_points).mean()),
        "pass_or_bid_agreement": float(((bid == PASS) == (true_bid == PASS)).mean()),
        "bid_mae_rungs": float(np.abs(rung - true_rung).mean()),
        "bid_exact": float((bid == true_bid).mean()),
        "trump_agreement": float((trump == true_trump).mean()),
        "best_trump_within_5_points": float((got >= top - 0.05).mean()) if rows.size else float("nan"),
        "best_trump_same": float((got >= top).mean()) if rows.size else float("nan"),
    }


def calibration(make: np.ndarray, true_make: np.ndarray, bins: int = 10) -> list[dict[str, float]]:
    """Every (hand, trump, bid) odds estimate binned by its value: the mean estimate and
    the mean of the analyses' odds in each bin."""
    p, q = make.reshape(-1), true_make.reshape(-1)
    which = np.minimum((p * bins).astype(int), bins - 1)
    return [
        {
            "from": k / bins,
            "to": (k + 1) / bins,
            "count": int((which == k).sum()),
            "estimated": float(p[which == k].mean()),
            "analysis": float(q[which == k].mean()),
        }
        for k in range(bins)
        if (which == k).any()
    ]


def figures_text(title: str, figures: dict[str, Any], table: list[dict[str, float]]) -> str:
    """The figures and the calibration table, in markdown."""
    f = figures
    lines = [
        title,
        "",
        "| figure (double-dummy, against the full analyses) | value | issue 18 |",
        "| --- | --- | --- |",
        f"| MAE of the best trump's odds of 30 | {f['mae_best_30']:.4f} | <= 0.05 |",
        f"| MAE of the best trump's odds, bids 30..42 and 84 | {f['mae_best_all_bids']:.4f} | <= 0.06 |",
        f"| its best trump at the analysis' bid within 5 points of odds of the best | "
        f"{100 * f['best_trump_within_5_points']:.1f}% of {f['bidding_hands']} bidding hands | >= 90% |",
        f"| a hand's worst bid, best trump's odds: 95th percentile, largest | "
        f"{f['p95_hand_worst_best']:.3f}, {f['max_hand_worst_best']:.3f} | |",
        f"| pass-or-bid agreement | {100 * f['pass_or_bid_agreement']:.1f}% | |",
        f"| bid's mean absolute error (rungs: pass, 30, ..., 42, 84) | {f['bid_mae_rungs']:.2f} | |",
        f"| same bid | {100 * f['bid_exact']:.1f}% | |",
        f"| same trump as the analysis' recommendation | {100 * f['trump_agreement']:.1f}% | |",
        f"| MAE of every trump's odds, every bid | {f['mae_every_trump_all_bids']:.4f} | |",
        f"| MAE of the expected points, every trump | {f['mae_expected_points']:.2f} | |",
        "",
        "| estimated odds (every trump, every bid) | count | mean estimate | mean of the analyses |",
        "| --- | --- | --- | --- |",
        *(
            f"| {row['from']:.1f}-{row['to']:.1f} | {row['count']} | {row['estimated']:.3f} "
            f"| {row['analysis']:.3f} |"
            for row in table
        ),
        "",
    ]
    return "\n".join(lines) + "\n"


def fit(
    study: dict[str, np.ndarray], dist: np.ndarray, rows: np.ndarray, args: argparse.Namespace, start: float
) -> list[Layers]:
    """The networks fitted to the hands ``rows`` (a boolean mask)."""
    x = features(study["mask"][rows]).reshape(-1, FEATURES)
    y = dist[rows].reshape(-1, 43)
    members = []
    for m in range(args.members):
        seed = args.seed * 1000 + m
        members.append(train_member(x, y, tuple(args.hidden), args.steps, args.rate, args.decay, seed))
        print(f"  member {m + 1}/{args.members} fitted, {time.perf_counter() - start:.0f} s", flush=True)
    return members


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=DATA, help="the study's JSON lines")
    parser.add_argument(
        "--hands", type=int, default=None, help="fit to the study's first HANDS lines (default: all)"
    )
    parser.add_argument("--out", type=Path, default=OUT, help="the model file to write")
    parser.add_argument("--report", type=Path, default=None, help="also write the report (markdown) here")
    parser.add_argument(
        "--cross-validate",
        action="store_true",
        help=f"also fit the other folds (i %% {HELD_OUT} == 1, 2, ...) and report on every hand",
    )
    parser.add_argument("--members", type=int, default=3, help="networks averaged")
    parser.add_argument("--hidden", type=int, nargs="+", default=[64, 64], help="hidden layer widths")
    parser.add_argument("--steps", type=int, default=1500, help="Adam steps, full batch")
    parser.add_argument("--rate", type=float, default=3e-3, help="peak learning rate")
    parser.add_argument("--decay", type=float, default=1e-4, help="weight decay")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--version", default="1", help="the model's version, as quick reports it")
    args = parser.parse_args()
    start = time.perf_counter()

    if args.hands is not None and args.hands < 2 * HELD_OUT:
        parser.error(f"--hands needs at least {2 * HELD_OUT}: some to fit, some held out")
    study = read_study(args.data, args.hands)
    fold = study["i"] % HELD_OUT
    dist, true_make, true_points = true_figures(study["histogram"])
    check_bid, check_trump = recommend_many(true_make, true_points, 0.5)
    if not (np.array_equal(check_bid, study["bid"]) and np.array_equal(check_trump, study["trump"])):
        raise SystemExit("the recommendation policy does not give the study's bids back")

    def judged(rows: np.ndarray, model: QuickModel) -> tuple[Estimates, dict[str, Any]]:
        e = estimate(study["mask"][rows], model=model)
        truth = (true_make[rows], true_points[rows], study["bid"][rows], study["trump"][rows])
        return e, quality(e.make, e.expected_points, e.bid, e.trump, *truth)

    held = fold == 0
    print(f"fitting the model to the {int((~held).sum())} hands with i % {HELD_OUT} != 0", flush=True)
    info = {
        "hands": int((~held).sum()),
        "data": args.data.name,
        "fitted_by": "benchmarks/fit_quick.py",
        "held_out": f"i % {HELD_OUT} == 0",
        "options": {k: v for k, v in vars(args).items() if k not in ("data", "out", "report", "hands")},
    }
    members = fit(study, dist, ~held, args, start)
    write_model(args.out, args.version, {DOUBLE_DUMMY: (members, info)}, {"deals_per_hand": 500})
    model = read_model(args.out)
    estimates, figures = judged(held, model)
    text = figures_text(
        f"The model ({args.out.name}, fitted to {int((~held).sum())} hands of {args.data.name}) on its "
        f"{int(held.sum())} held-out hands (i % {HELD_OUT} == 0):",
        figures,
        calibration(estimates.make, true_make[held]),
    )
    if args.cross_validate:
        make = np.empty_like(true_make)
        points = np.empty_like(true_points)
        bid = np.empty_like(study["bid"])
        trump = np.empty_like(study["trump"])
        for k in range(HELD_OUT):
            rows = fold == k
            if k:
                print(f"cross-validation: fitting without the hands with i % {HELD_OUT} == {k}", flush=True)
                head = Head(
                    DOUBLE_DUMMY, tuple(tuple(m) for m in fit(study, dist, ~rows, args, start)), 0, {}
                )
                e, _ = judged(rows, QuickModel(args.version, {DOUBLE_DUMMY: head}, {}))
            else:
                e = estimates
            make[rows], points[rows], bid[rows], trump[rows] = e.make, e.expected_points, e.bid, e.trump
        truth = (true_make, true_points, study["bid"], study["trump"])
        text += figures_text(
            f"Cross-validation: each of the {fold.size} hands estimated by the networks fitted without "
            f"its fold (i % {HELD_OUT}), the same way:",
            quality(make, points, bid, trump, *truth),
            calibration(make, true_make),
        )
    size = args.out.stat().st_size
    text += f"Model {args.out.name}: {size / 1000:.0f} kB; fitted in {time.perf_counter() - start:.0f} s.\n"
    print(text)
    if args.report is not None:
        args.report.write_text(text)


if __name__ == "__main__":
    main()
