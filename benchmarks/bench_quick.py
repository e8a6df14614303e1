"""Speed of the instant hand evaluator (`texas42 quick`): microseconds a hand for
batches of random hands, once the model is loaded.

    python benchmarks/bench_quick.py
    python benchmarks/bench_quick.py --hands 20000 --repeat 5

Reports the wall-clock time and the process's CPU time a hand (medians of --repeat
runs; on a shared machine the CPU time is the steadier figure), for one hand alone,
100 hands and --hands hands as one batch, and (n, 4) deals, plus the time to load the
model and whether numba was imported (it must not be).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np

from texas42 import evaluate


def random_masks(n: int, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([sum(1 << int(d) for d in rng.choice(28, 7, replace=False)) for _ in range(n)])


def per_hand(masks: np.ndarray, repeat: int) -> tuple[float, float]:
    """Median wall and CPU microseconds a hand of ``evaluate.estimate(masks)``."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        evaluate.estimate(masks)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls) / masks.size * 1e6, statistics.median(cpus) / masks.size * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if args.hands < 4 or args.repeat < 1:
        parser.error("--hands needs at least 4 (a deal), --repeat at least 1")
    start = time.perf_counter()
    model = evaluate.load_model()
    loaded = time.perf_counter() - start
    head = model.head(evaluate.DOUBLE_DUMMY)
    print(
        f"model {model.version}: {len(head.weights)} networks, fitted to {head.hands} hands; "
        f"loaded in {loaded * 1000:.0f} ms; numba imported: {'numba' in sys.modules}"
    )
    masks = random_masks(args.hands)
    evaluate.estimate(masks[:10])
    cases = [
        ("1 hand", masks[:1]),
        (f"{min(100, args.hands)} hands", masks[:100]),
        (f"{args.hands} hands", masks),
        (f"{args.hands // 4} deals (n, 4)", masks[: args.hands // 4 * 4].reshape(-1, 4)),
    ]
    print("| batch | wall us a hand | CPU us a hand |")
    print("| --- | --- | --- |")
    for name, batch in cases:
        wall, cpu = per_hand(batch, args.repeat if batch.size > 1 else 100)
        print(f"| {name} | {wall:.1f} | {cpu:.1f} |")


if __name__ == "__main__":
    main()
