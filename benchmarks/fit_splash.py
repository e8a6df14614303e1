"""Fit the quick model's plunge and splash odds (`texas42 quick`) by small networks, into
the package's special-contract model beside Nel-O and sevens; then report their quality on
held-out hands.

    python benchmarks/fit_splash.py                           # data, fit, the package's model
    python benchmarks/fit_splash.py --data DIR --data-only    # the solving alone
    python benchmarks/fit_splash.py --report-only             # the model as it is

Plunge and splash are the same game (docs/rules.md#special-contracts): the partner (seat
2) names trump by ``rules.partner_trump``, seeing only their own hand, and leads; the
contract is made when seats 0 and 2 take all 42 points. Only the bid differs (plunge 4
marks with four doubles or more, splash 2 marks with three or more), so one estimate
serves both: the odds of hands holding at least three doubles.

Data (made in ``--data``, resumable: a file a chunk, kept until deleted; seeded, so the
same on every run):

- **Training deals**: ``--chunks`` chunks of 100,000 deals (chunk k from
  ``SeedSequence([SEED, k])``) whose seat 0 holds three doubles or more (uniform deals
  kept by rejection), each solved double-dummy: one null-window search whether the team
  takes all 42 points under the partner's trump (``engine.reaches``). One example a deal:
  seat 0's hand and the outcome. About 6 s a chunk on two cores.
- **Held-out hands**: ``HELD_OUT`` hands with three doubles or more from their own seed,
  each with ``HELD_OUT_DEALS`` deals of the unseen dominoes, to judge the networks' odds
  against the share of deals made.

Fit: ``MEMBERS`` networks (``evaluate.special_odds.splash_features`` -> 64 -> 64 -> 1,
tanh, a logistic output) as ``fit_specials.py`` fits Nel-O's; the odds are their average.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
from fit_specials import OUT, _row, around, solve_chunks, train_member

from texas42 import engine
from texas42.evaluate.special_odds import (
    SpecialModel,
    read_special_model,
    splash_features,
    write_special_model,
)
from texas42.rules import DECLARATIONS, DOUBLES, TOTAL_POINTS, partner_trump

SEED = 4343
CHUNK = 100_000
HELD_OUT = 500
HELD_OUT_DEALS = 400
LEAST_DOUBLES = 3
MEMBERS = 3
EPOCHS = 10


def doubles_deals(n: int, rng: np.random.Generator) -> np.ndarray:
    """(n, 4) uniform deals whose seat 0 holds ``LEAST_DOUBLES`` doubles or more."""
    kept: list[np.ndarray] = []
    found = 0
    while found < n:
        order = np.argsort(rng.random((4 * n, 28)), axis=1)
        deals = np.left_shift(np.int64(1), order.astype(np.int64)).reshape(-1, 4, 7).sum(axis=2)
        doubles = np.bitwise_count(deals[:, 0] & DOUBLES)
        kept.append(deals[doubles >= LEAST_DOUBLES])
        found += len(kept[-1])
    return np.concatenate(kept)[:n]


def splash_made(deals: np.ndarray, threads: int | None) -> np.ndarray:
    """uint8: whether seats 0 and 2 take all 42 points, the partner naming trump by
    ``rules.partner_trump`` and leading."""
    named = np.array([partner_trump(int(p)).value for p in deals[:, 2]])
    made = np.zeros(len(deals), dtype=np.uint8)
    for declaration in DECLARATIONS:
        rows = np.flatnonzero(named == declaration.value)
        if rows.size:
            made[rows] = engine.reaches(deals[rows], [declaration], TOTAL_POINTS, 2, threads)[:, 0]
    return made


def make_chunk(data: Path, k: int, threads: int | None) -> Path:
    path = data / f"splash_{k:03d}.npz"
    if not path.exists():
        deals = doubles_deals(CHUNK, np.random.default_rng(np.random.SeedSequence([SEED, k])))
        made = splash_made(deals, threads)
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, deals=deals, made=made)
        tmp.rename(path)
    return path


def make_held_out(data: Path, threads: int | None) -> Path:
    path = data / "splash_held_out.npz"
    if not path.exists():
        hands = doubles_deals(HELD_OUT, np.random.default_rng(np.random.SeedSequence([SEED, 10**6])))[:, 0]
        made = np.array(
            [
                splash_made(around(int(mask), HELD_OUT_DEALS, SEED * 10**6 + i), threads).sum()
                for i, mask in enumerate(hands)
            ]
        )
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, hands=hands, made=made, deals=np.int64(HELD_OUT_DEALS))
        tmp.rename(path)
    return path


def make_data(data: Path, chunks: int, threads: int | None) -> None:
    solve_chunks(
        data, chunks, "splash", lambda k: make_chunk(data, k, threads), lambda: make_held_out(data, threads)
    )


def training_rows(data: Path, chunks: int) -> tuple[np.ndarray, np.ndarray]:
    """Features of seat 0's hand and whether the deal was made, one row a training deal."""
    xs, ys = [], []
    for k in range(chunks):
        with np.load(data / f"splash_{k:03d}.npz") as chunk:
            xs.append(splash_features(chunk["deals"][:, 0]))
            ys.append(chunk["made"].astype(np.float32))
    return np.concatenate(xs), np.concatenate(ys)


def report(model: SpecialModel, held: np.lib.npyio.NpzFile) -> str:
    """The estimated odds against the held-out hands' shares of deals made."""
    hands, made, deals = held["hands"], held["made"], int(held["deals"])
    return "\n".join(
        [
            f"Held-out: {len(hands)} hands with three doubles or more, {deals} deals each; odds",
            "estimated by the model as written, against the share of the hand's deals made",
            "(whose own sampling error is in the last column).",
            "",
            "contract         hands   mean odds   estimated   mean abs. error   max   "
            "odds >= 20%: hands, error   sampling error",
            _row("splash, plunge", made / deals, model.splash_odds(hands), deals),
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=Path("/tmp/texas42-splash-data"))
    parser.add_argument("--chunks", type=int, default=30)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--data-only", action="store_true", help="make the data and stop")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--members", type=int, default=MEMBERS)
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--report-only", action="store_true", help="report on --out as it is, no fit")
    args = parser.parse_args()
    if not args.report_only:
        make_data(args.data, args.chunks, args.threads)
        if args.data_only:
            return
        start = time.perf_counter()
        x, y = training_rows(args.data, args.chunks)
        members = tuple(train_member(x, y, args.epochs, seed=7000 + m) for m in range(args.members))
        print(f"splash: {len(y):,} deals, {time.perf_counter() - start:.0f} s", flush=True)
        model = read_special_model(args.out)
        info = {
            **model.info,
            "splash_deals": args.chunks * CHUNK,
            "splash_fitted_by": "benchmarks/fit_splash.py",
        }
        write_special_model(replace(model, splash=members, info=info), args.out)
    print(report(read_special_model(args.out), np.load(make_held_out(args.data, args.threads))))


if __name__ == "__main__":
    main()
