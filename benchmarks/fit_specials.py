"""Fit the quick model's special contracts (`texas42 quick`): Nel-O's odds under each
treatment of doubles, by small networks, and sevens' odds, by a table; then report their
quality on held-out hands.

    python benchmarks/fit_specials.py                          # data, fit, the package's model
    python benchmarks/fit_specials.py --data DIR --out /tmp/special_model.npz --report /tmp/fit.md

Data (made in ``--data``, resumable: a file a chunk, kept until deleted; seeded, so the
same on every run):

- **Nel-O training deals**: ``--chunks`` chunks of 100,000 deals (chunk k from
  ``SeedSequence([SEED, k])``), each solved double-dummy at Nel-O with seat 0 bidding and
  leading (``engine.solve_nello``), under each treatment of doubles. One example a deal:
  seat 0's hand and whether the contract is made. A network fitted to one deal a hand by
  the cross-entropy estimates the odds of the hand: a deal each spends the solving on as
  many different hands as possible. The first ``UNIFORM_CHUNKS`` are dealt uniformly; in
  the others seat 0's hand leans towards low dominoes (``LOW``) and the other 21 are dealt
  uniformly, so that the odds of each hand are the same but the hands that may bid Nel-O,
  rare among uniform hands, are many. With ``--chunks 70``, in the last
  ``DOUBLES_CHUNKS`` it leans towards doubles instead (``DOUBLES_LEAN``), so that the
  networks see more hands with four doubles or more (4% of uniform hands): fitted
  without them, the networks are furthest off there (the README's table). About 13 s a
  uniform chunk, 45 s a low-leaning one and 16 s one leaning towards doubles on one core.
- **Held-out hands**: ``HELD_OUT`` hands dealt uniformly from their own seed, and as many
  leaning towards doubles (those with four doubles or more are reported apart), each with
  ``HELD_OUT_DEALS`` deals of the unseen dominoes (``deal.sample_deals``), to judge the
  networks' odds against the share of deals made.
- **Sevens**: a sevens deal's outcome depends only on each domino's distance from 7, so
  the odds of a hand depend only on how many of its dominoes lie at each distance (1,640
  such profiles). For every profile, ``SEVENS_DEALS`` deals around one hand of that
  profile, solved for the contract: the table the package reads. (Hands of a profile are
  exchangeable; the table's odds carry only the sampling error of its deals.)

Fit: for each treatment, ``MEMBERS`` networks (``evaluate.special_odds.nello_features``
-> 64 -> 64 -> 1, tanh, a logistic output), minibatch Adam on the cross-entropy with
weight decay, from different seeds; the odds are their average.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from texas42 import deal, engine
from texas42.evaluate.special_odds import (
    Layers,
    SpecialModel,
    nello_features,
    profile_hands,
    read_special_model,
    write_special_model,
)
from texas42.rules import DOUBLES, Hand, NelloDoubles

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "texas42" / "evaluate" / "special_model.npz"
SEED = 4242
CHUNK = 100_000
HELD_OUT = 1000
HELD_OUT_DEALS = 400
SEVENS_DEALS = 2000
TREATMENTS = tuple(NelloDoubles)
UNIFORM_CHUNKS = 40
LOW = 0.35
"""The later chunks' leaning of seat 0's hand towards low dominoes: 44% of their deals
make Nel-O, against 5% of uniform deals, so the hands that may bid it are many."""
LOW_CHUNKS = 20
DOUBLES_CHUNKS = 10
DOUBLES_LEAN = 1.0
"""The last chunks' leaning of seat 0's hand towards doubles: each double's weight e times
another domino's."""
CHUNKS = UNIFORM_CHUNKS + LOW_CHUNKS + DOUBLES_CHUNKS
SHIPPED_CHUNKS = UNIFORM_CHUNKS + LOW_CHUNKS
"""The package's networks were fitted to these (stop 59 measured a fit to all ``CHUNKS``,
README; not shipped: it moves the worlds the Nel-O playouts draw, and so the recorded
special-contract studies)."""
MEMBERS = 3
EPOCHS = 10
HIDDEN = (64, 64)
BATCH = 4096
RATE = 3e-3
DECAY = 1e-5


PIPS = np.array([h + lo for h in range(7) for lo in range(h + 1)])
"""Each domino's pip total."""
IS_DOUBLE = np.array([float(h == lo) for h in range(7) for lo in range(h + 1)])


def leaning(k: int) -> np.ndarray | None:
    """Chunk k's log-weights of seat 0's dominoes: None (uniform), towards low pips, or
    towards doubles."""
    if k < UNIFORM_CHUNKS:
        return None
    return -LOW * PIPS if k < UNIFORM_CHUNKS + LOW_CHUNKS else DOUBLES_LEAN * IS_DOUBLE


def random_deals(n: int, rng: np.random.Generator, lean: np.ndarray | None = None) -> np.ndarray:
    """(n, 4) hand masks of n deals, seat 0 first: dealt uniformly (``lean`` None), or
    seat 0's hand drawn with each domino's weight exp(lean) (without replacement, by
    Gumbel keys) and the other 21 dealt uniformly to seats 1-3."""
    keys = rng.random((n, 28))
    if lean is not None:
        keys = lean - np.log(-np.log(keys))  # Gumbel: the 7 largest, weighted
        seat0 = np.argsort(-keys, axis=1)[:, :7]
        rest = np.argsort(-keys, axis=1)[:, 7:]
        rest = np.take_along_axis(rest, np.argsort(rng.random((n, 21)), axis=1), axis=1)
        order = np.concatenate((seat0, rest), axis=1)
    else:
        order = np.argsort(keys, axis=1)
    bits = np.left_shift(np.int64(1), order.astype(np.int64))
    return bits.reshape(n, 4, 7).sum(axis=2)


def around(mask: int, n: int, seed: int) -> np.ndarray:
    """n deals of the unseen dominoes around the hand ``mask`` (seat 0), from ``seed``."""
    return deal.sample_deals(Hand(mask), n, np.random.default_rng(seed))


def nello_made(deals: np.ndarray, threads: int) -> np.ndarray:
    """(3, n) uint8: whether seat 0 makes Nel-O in each deal, by treatment."""
    return np.stack([engine.solve_nello(deals, 0, t, threads=threads).values for t in TREATMENTS]).astype(
        np.uint8
    )


def make_chunk(data: Path, k: int, threads: int) -> Path:
    path = data / f"nello_{k:03d}.npz"
    if not path.exists():
        rng = np.random.default_rng(np.random.SeedSequence([SEED, k]))
        deals = random_deals(CHUNK, rng, leaning(k))
        made = nello_made(deals, threads)
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, deals=deals, made=made)
        tmp.rename(path)
    return path


def make_held_out(data: Path, threads: int, doubles: bool = False) -> Path:
    """The held-out hands, dealt uniformly (or, ``doubles``, leaning towards doubles as
    the last chunks do), each solved on ``HELD_OUT_DEALS`` deals."""
    path = data / ("held_out_doubles.npz" if doubles else "held_out.npz")
    if not path.exists():
        rng = np.random.default_rng(np.random.SeedSequence([SEED, 10**6 + doubles]))
        hands = random_deals(HELD_OUT, rng, leaning(CHUNKS - 1) if doubles else None)[:, 0]
        made = np.zeros((len(TREATMENTS), HELD_OUT), dtype=np.int64)
        for i, mask in enumerate(hands):
            deals = around(int(mask), HELD_OUT_DEALS, SEED * 10**6 + i + 700_000 * doubles)
            made[:, i] = nello_made(deals, threads).sum(axis=1)
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, hands=hands, made=made, deals=np.int64(HELD_OUT_DEALS))
        tmp.rename(path)
    return path


def make_sevens(data: Path, threads: int) -> Path:
    path = data / "sevens.npz"
    if not path.exists():
        hands, keys = profile_hands()
        made = np.zeros(len(hands), dtype=np.int64)
        for i, mask in enumerate(hands):
            deals = around(int(mask), SEVENS_DEALS, SEED * 10**6 + 500_000 + i)
            made[i] = engine.solve_sevens(deals, 0, threads=threads, contract_only=True).values.sum()
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, keys=keys, made=made, deals=np.int64(SEVENS_DEALS))
        tmp.rename(path)
    return path


def make_data(data: Path, chunks: int, threads: int) -> None:
    solve_chunks(
        data, chunks, "nello", lambda k: make_chunk(data, k, threads), lambda: held_out_sets(data, threads)
    )


def solve_chunks(
    data: Path, chunks: int, prefix: str, chunk: Callable[[int], Path], held_out: Callable[[], object]
) -> None:
    """Chunks 0..chunks-1 (``{prefix}_{k:03d}.npz``, each made by ``chunk(k)`` unless
    there), then the held-out hands, saying how long each new chunk took."""
    data.mkdir(parents=True, exist_ok=True)
    for k in range(chunks):
        start = time.perf_counter()
        existed = (data / f"{prefix}_{k:03d}.npz").exists()
        chunk(k)
        if not existed:
            print(f"chunk {k}: {time.perf_counter() - start:.1f} s", flush=True)
    held_out()
    print("held-out hands done", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=Path("/tmp/texas42-specials-data"))
    parser.add_argument(
        "--chunks",
        type=int,
        default=SHIPPED_CHUNKS,
        help=f"{CHUNKS}: with those leaning to doubles",
    )
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--data-only", action="store_true", help="make the data and stop")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--report", type=Path, default=None)
    parser.add_argument("--members", type=int, default=MEMBERS)
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--report-only", action="store_true", help="report on --out as it is, no fit")
    args = parser.parse_args()
    if args.report_only:
        print(report(read_special_model(args.out), *held_out_sets(args.data, args.threads)))
        return
    make_data(args.data, args.chunks, args.threads)
    if args.data_only:
        return
    sevens = np.load(make_sevens(args.data, args.threads))
    print("sevens table done", flush=True)
    held = held_out_sets(args.data, args.threads)
    nello = {}
    for t, doubles in enumerate(TREATMENTS):
        start = time.perf_counter()
        x, y = training_rows(args.data, args.chunks, t, doubles)
        nello[doubles] = tuple(
            train_member(x, y, args.epochs, seed=1000 * t + m) for m in range(args.members)
        )
        print(f"{doubles.value}: {len(y):,} deals, {time.perf_counter() - start:.0f} s", flush=True)
    kept = read_special_model(args.out) if args.out.exists() else None  # fit_splash.py's networks
    model = SpecialModel(
        nello,
        sevens["keys"],
        sevens["made"] / float(sevens["deals"]),
        {
            **({} if kept is None else kept.info),
            "version": 1,
            "fitted_by": "benchmarks/fit_specials.py",
            "nello_deals": args.chunks * CHUNK,
            "sevens_deals": int(sevens["deals"]),
            "hidden": list(HIDDEN),
            "epochs": args.epochs,
        },
        () if kept is None else kept.splash,
    )
    write_special_model(model, args.out)
    written = read_special_model(args.out)
    text = report(written, *held)
    print(text)
    if args.report:
        args.report.write_text(text)


# --- Fitting --------------------------------------------------------------------------


def training_rows(data: Path, chunks: int, t: int, doubles: NelloDoubles) -> tuple[np.ndarray, np.ndarray]:
    """Features of seat 0's hand and whether it made Nel-O, one row a training deal."""
    xs, ys = [], []
    for k in range(chunks):
        with np.load(data / f"nello_{k:03d}.npz") as chunk:
            xs.append(nello_features(chunk["deals"][:, 0], doubles))
            ys.append(chunk["made"][t].astype(np.float32))
    return np.concatenate(xs), np.concatenate(ys)


def train_member(x: np.ndarray, y: np.ndarray, epochs: int, seed: int) -> Layers:
    """One network (x -> HIDDEN -> 1, tanh, logistic) by minibatch Adam on the
    cross-entropy, cosine learning rate, weight decay."""
    rng = np.random.default_rng(seed)
    sizes = [x.shape[1], *HIDDEN, 1]
    layers = [
        [rng.normal(0.0, np.sqrt(1.0 / a), (a, b)).astype(np.float32), np.zeros(b, np.float32)]
        for a, b in itertools.pairwise(sizes)
    ]
    moments = [[[np.zeros_like(p), np.zeros_like(p)] for p in layer] for layer in layers]
    steps = epochs * (len(y) // BATCH)
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(y))
        for first in range(0, len(y) - BATCH + 1, BATCH):
            rows = order[first : first + BATCH]
            step += 1
            grads = _gradients(layers, x[rows], y[rows])
            rate = RATE * min(1.0, step / 200) * 0.5 * (1.0 + np.cos(np.pi * step / steps))
            for layer, grad, moment in zip(layers, grads, moments, strict=True):
                for i in range(2):
                    g = grad[i] + (DECAY * layer[i] if i == 0 else 0.0)
                    moment[i][0] = 0.9 * moment[i][0] + 0.1 * g
                    moment[i][1] = 0.999 * moment[i][1] + 0.001 * g * g
                    m_hat = moment[i][0] / (1 - 0.9**step)
                    v_hat = moment[i][1] / (1 - 0.999**step)
                    layer[i] = (layer[i] - rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)
    return tuple((w, b) for w, b in layers)


def _gradients(layers: list[list[np.ndarray]], x: np.ndarray, y: np.ndarray) -> list[list[np.ndarray]]:
    hidden = [x]
    h = x
    for w, b in layers[:-1]:
        h = np.tanh(h @ w + b)
        hidden.append(h)
    w, b = layers[-1]
    p = 1.0 / (1.0 + np.exp(-(h @ w + b)[:, 0]))
    delta = ((p - y) / len(y))[:, None].astype(np.float32)
    grads: list[list[np.ndarray]] = []
    for li in range(len(layers) - 1, -1, -1):
        w = layers[li][0]
        grads.append([hidden[li].T @ delta, delta.sum(axis=0)])
        if li:
            delta = (delta @ w.T) * (1.0 - hidden[li] ** 2)
    return grads[::-1]


# --- Quality --------------------------------------------------------------------------


NAME_WIDTH = 21


def held_out_sets(data: Path, threads: int) -> tuple[np.lib.npyio.NpzFile, np.lib.npyio.NpzFile]:
    """The uniform held-out hands and those leaning towards doubles (made if missing)."""
    return np.load(make_held_out(data, threads)), np.load(make_held_out(data, threads, doubles=True))


def report(model: SpecialModel, held: np.lib.npyio.NpzFile, doubles_held: np.lib.npyio.NpzFile) -> str:
    """The estimated odds against the held-out hands' shares of deals made: the hands dealt
    uniformly, then those leaning towards doubles."""
    hands, made, deals = held["hands"], held["made"], int(held["deals"])
    lines = [
        f"Held-out: {len(hands)} hands dealt uniformly, {deals} deals each, and as many leaning",
        "towards doubles (4+ doubles: the rows marked so); odds estimated by the model as",
        "written, against the share of the hand's deals made (whose own sampling error is in",
        "the last column).",
        "",
        "contract              hands   mean odds   estimated   mean abs. error   max   "
        "odds >= 20%: hands, error   sampling error",
    ]
    for t, doubles in enumerate(TREATMENTS):
        estimated = model.nello_odds(hands, doubles)
        lines.append(_row(f"nello {doubles.value}", made[t] / deals, estimated, deals, NAME_WIDTH))
    many = np.bitwise_count(doubles_held["hands"] & DOUBLES) >= 4
    leaning_hands, leaning_made = doubles_held["hands"][many], doubles_held["made"][:, many]
    for t, doubles in enumerate(TREATMENTS):
        estimated = model.nello_odds(leaning_hands, doubles)
        lines.append(
            _row(f"nello {doubles.value}, 4+", leaning_made[t] / deals, estimated, deals, NAME_WIDTH)
        )
    sevens = model.sevens_odds_of(hands)
    table_deals = int(model.info["sevens_deals"])
    sampling = np.sqrt(sevens * (1 - sevens) / table_deals).mean()
    lines.append(f"{'sevens (table)':<{NAME_WIDTH}} {len(hands):>5}   {'':>9}   {sevens.mean():>9.1%}")
    lines += [
        "",
        f"Sevens: the table's odds are exact but for their own sampling error ({table_deals:,}",
        f"deals a profile): {sampling:.1%} on average over the held-out hands.",
    ]
    return "\n".join(lines)


def _row(name: str, true: np.ndarray, estimated: np.ndarray, deals: int, width: int = 16) -> str:
    error = np.abs(estimated - true)
    high = true >= 0.2
    sampling = np.sqrt(true * (1 - true) / deals).mean()
    return (
        f"{name:<{width}} {len(true):>5}   {true.mean():>9.1%}   {estimated.mean():>9.1%}"
        f"   {error.mean():>15.1%}   {error.max():>4.0%}   {high.sum():>11}, {error[high].mean():>6.1%}"
        f"   {sampling:>14.1%}"
    )


if __name__ == "__main__":
    main()
