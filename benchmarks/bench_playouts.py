"""Realistic playout speed: hands played out by players who see only their own dominoes
(``analysis.play_out``, what ``--realistic`` runs), the engine's share and the rest.

    python benchmarks/bench_playouts.py
    python benchmarks/bench_playouts.py --deals 200 --trumps fours follow-me --repeat 3
    python benchmarks/bench_playouts.py --trumps nello sevens --hand "6-0 5-1 4-0 3-1 2-0 1-0 0-0"

Deals around --hand from a fixed seed, each trump played out for 30 with --worlds worlds
a decision, after a warm-up. For each run: the wall time, the part spent in the engine's
batches of play values, the part spent dealing each decision's worlds
(``deal.deals_seen_from``), the rest (replaying the plays, choosing), and a digest of
every play made, which must not change when only the speed does. ``nello`` and
``sevens`` are played out by ``analysis.play_out_special`` (the players knowing the
contract) until the contract is decided: there the digest is of the deals made, and
dealing is ``deal.contract_seen_deals_many`` (the candidate bidders' hands valued
included). Medians of
--repeat runs; run it with ``PYTHONPATH=TREE/src`` to compare two trees.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from texas42 import deal, engine
from texas42.analysis import play_out_special, playout
from texas42.deal import sample_deals
from texas42.rules import Contract, parse_declaration, parse_hand

SPECIALS = (Contract.NELLO.value, Contract.SEVENS.value)


def timed(function: Callable[..., Any], spent: list[float], k: int) -> Callable[..., Any]:
    """``function``, adding its wall time to ``spent[k]``."""

    def run(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            spent[k] += time.perf_counter() - start

    return run


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--hand", default="6-4 5-5 5-2 4-3 4-2 3-2 3-1")
    parser.add_argument("--trumps", nargs="+", default=["fours", "follow-me"])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=playout.DEFAULT_WORLDS)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()
    deals = sample_deals(parse_hand(args.hand), args.deals, np.random.default_rng(1))
    spent = [0.0, 0.0]
    playout._values = timed(playout._values, spent, 0)  # type: ignore[assignment]
    deal.deals_seen_from = timed(deal.deals_seen_from, spent, 1)  # type: ignore[assignment]
    for trump in args.trumps:  # warm-up
        if trump in SPECIALS:
            play_out_special(deals[:2], Contract(trump), args.worlds, threads=args.threads)
        else:
            playout.play_out(deals[:2], parse_declaration(trump), 30, args.worlds)
    engine.position_contract_values = timed(engine.position_contract_values, spent, 0)  # type: ignore[assignment]
    deal.contract_seen_deals_many = timed(deal.contract_seen_deals_many, spent, 1)  # type: ignore[assignment]
    for trump in args.trumps:
        special = Contract(trump) if trump in SPECIALS else None
        walls, engines, dealing = [], [], []
        for _ in range(args.repeat):
            spent[:] = [0.0, 0.0]
            start = time.perf_counter()
            if special is None:
                played = playout.play_out(
                    deals, parse_declaration(trump), 30, args.worlds, seed=1, threads=args.threads
                )
                outcome, decisions = played.plays, played.decisions
            else:
                made = play_out_special(deals, special, args.worlds, seed=1, threads=args.threads)
                outcome, decisions = made.made, made.decisions
            walls.append(time.perf_counter() - start)
            engines.append(spent[0])
            dealing.append(spent[1])
        wall, engine_time, dealt = (statistics.median(x) for x in (walls, engines, dealing))
        digest = hashlib.sha256(outcome.tobytes()).hexdigest()[:16]
        rest = wall - engine_time - dealt
        print(
            f"{trump:10} {args.deals} playouts, {decisions} decisions: {wall:.2f} s "
            f"(engine {engine_time:.2f} s, dealing {dealt:.2f} s, the rest {rest:.2f} s), "
            f"{args.deals / wall:.0f} playouts/s; {'made' if special else 'plays'} {digest}"
        )


if __name__ == "__main__":
    main()
