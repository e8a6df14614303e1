"""Study: at a real table, does `play --realistic`'s choice beat the double-dummy one?

    python benchmarks/study_play_advice.py                  # go on where it stopped
    nice -n 19 python benchmarks/study_play_advice.py --threads 1 &   # in the background
    python benchmarks/study_play_advice.py --shard 1/2 &     # the odd positions, elsewhere
    python benchmarks/study_play_advice.py --report          # what the data say so far

Position i starts from hand i of the hand study (``study_hands.study_hand(i, 42)``, seat
0 bidding) at the trump and bid its realistic study played for (the first trump of line
i of ``realistic_study.jsonl``, bid ``played_for``). One deal around it is drawn from seed
42 * 10**6 + i and played out by players who see only their own dominoes
(``analysis.play_out``, 10 worlds a decision); the position is the first turn, at or
after a play drawn from 0..11 (the first three tricks), whose seat has a real choice
(two or more legal plays that are not interchangeable). From what that seat has seen:

- the double-dummy advice (``advise_play``, --deals deals) and its best play;
- the played-out advice (``realistic_plays`` on the first --choose deals of that sample)
  and its best play;
- the play ``texas42 play --realistic`` advises (``PlayAdvice.advised``): the played-out
  best only when it won the contract more often than the double-dummy best on the same
  deals beyond the sampling error, else the double-dummy best;
- where the two bests differ, both plays are played out again on --judge fresh deals
  drawn independently (another seed), so the comparison is not flattered by having
  chosen the played-out best on the same playouts: how often each then wins the
  contract for the seat's team.

One JSON line a position, appended to ``benchmarks/data/play_advice_study.jsonl`` as soon
as it is done: ``{"i", "hand", "trump", "bid", "tricks", "seat", "plays", "double_dummy",
"played_out", "advised", "lead", "judged", "seconds"}`` (the two bests and the play
advised; where the bests differ, ``lead``: how much more often the played-out best won
on the choosing deals, with its paired 95% interval, and ``judged``: ``{"deals",
"double_dummy", "played_out"}``, the wins of each on the fresh deals; else null).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from study_hands import study_hand
from study_realistic import append_lines, study_options
from study_specials import read_study

from texas42 import deal
from texas42.analysis import advise_play, play_out, realistic_plays
from texas42.analysis.playout import play_on
from texas42.rules import (
    ALL_DOMINOES,
    Declaration,
    Hand,
    PlayedContract,
    PlayHistory,
    domino_name,
    interchangeable,
    legal_plays,
    needed_points,
    replay,
)

DATA = Path(__file__).resolve().parent / "data"
OUT = DATA / "play_advice_study.jsonl"
REALISTIC_STUDY = DATA / "realistic_study.jsonl"
SEED = 42
WORLDS = 10
StudyOf = Callable[[int, int, int, int, "int | None"], dict[str, Any]]


def contract_of(i: int) -> tuple[Declaration, int]:
    """The trump and bid line i of the realistic study played for."""
    line = read_study(REALISTIC_STUDY, i + 1)[i]
    assert line["i"] == i
    return Declaration(int(next(iter(line["histograms"])))), int(line["played_for"])


def position(i: int, declaration: Declaration, bid: int) -> tuple[np.ndarray, PlayHistory]:
    """The deal of position i and the plays before the turn studied."""
    hand = study_hand(i, SEED)
    seed = SEED * 10**6 + i
    dealt, _ = deal.deal_around(hand, 1, deal.generators(seed)[0])
    played = play_out(dealt, declaration, bid, worlds=WORLDS, seed=seed, threads=1)
    plays = [int(d) for d in played.plays[0]]
    start = random.Random(seed).randrange(12)
    for k in range(start, len(plays)):
        history = replay(declaration, 0, plays[:k])
        held = int(dealt[0, history.turn]) & ~history.played
        choice = legal_plays(held, history.trick[0] if history.trick else None, declaration)
        if choice.bit_count() > 1 and not interchangeable(
            choice, ALL_DOMINOES & ~history.played, history.trick, declaration
        ):
            return dealt, history
    raise AssertionError(f"position {i}: no turn with a choice")  # pragma: no cover


def study(i: int, deals: int, choose: int, judge: int, threads: int | None) -> dict[str, Any]:
    """Line i of the study."""
    start = time.perf_counter()
    declaration, bid = contract_of(i)
    dealt, history = position(i, declaration, bid)

    def wins_of(fresh: np.ndarray, plays: list[int], seed: int) -> list[int]:
        outcomes = play_on(history, fresh, plays, bid, WORLDS, seed, threads)
        ours, need = history.turn % 2 == 0, needed_points(bid)
        return [int(((o.points >= need) == ours).sum()) for o in outcomes]

    line = weighed_turn(i, dealt, history, declaration, bid, (deals, choose, judge), threads, wins_of)
    line["seconds"] = round(time.perf_counter() - start, 2)
    return line


WinsOf = Callable[[np.ndarray, list[int], int], list[int]]


def weighed_turn(
    i: int,
    dealt: np.ndarray,
    history: PlayHistory,
    contract: PlayedContract,
    bid: int,
    sizes: tuple[int, int, int],
    threads: int | None,
    wins_of: WinsOf,
) -> dict[str, Any]:
    """Line i of a play study: the turn after ``history`` of ``dealt``, played at
    ``contract`` bid ``bid`` by seat 0, weighed from what its seat has seen: the
    double-dummy best (``sizes[0]`` deals), the playouts' best (on ``sizes[1]`` of them)
    and the play advised; where the two bests differ, ``wins_of(fresh, [best, chosen],
    seed)`` counts the fresh deals (``sizes[2]``) in which each wins the contract for
    the seat's team."""
    deals, choose, judge = sizes
    seat = history.turn
    hand = Hand(int(dealt[0, seat]))
    tricks = [p.domino for p in history.plays]
    seed = SEED * 10**6 + i
    advice = advise_play(hand, contract, tricks, seat=seat, bid=bid, deals=deals, seed=seed, threads=threads)
    played = realistic_plays(advice, choose, WORLDS, threads)
    best, chosen = advice.best.domino, played.best.domino
    line: dict[str, Any] = {
        "i": i,
        "hand": str(hand),
        "trump": contract.label,
        "bid": bid,
        "tricks": " ".join(domino_name(d) for d in tricks),
        "seat": seat,
        "plays": len(advice.plays),
        "double_dummy": domino_name(best),
        "played_out": domino_name(chosen),
        "advised": domino_name(replace(advice, realistic=played).advised.domino),
        "lead": None,
        "judged": None,
    }
    if best != chosen:
        lead, ci = played.lead(chosen, best)
        line["lead"] = [round(lead, 4), round(ci.low, 4), round(ci.high, 4)]
        rng = np.random.default_rng([seed, 1])
        fresh, _ = deal.deals_seen_from(history, seat, hand.mask, judge, rng)
        wins = wins_of(fresh, [best, chosen], seed + 1)
        line["judged"] = {"deals": int(fresh.shape[0]), "double_dummy": wins[0], "played_out": wins[1]}
    return line


def summary(lines: list[dict[str, Any]]) -> str:
    """How often the played-out best and the play advised depart from the double-dummy
    best, and what that gained: the wins on the fresh deals, played-out best less
    double-dummy best, averaged over the positions where each departs and over all
    positions (a position that keeps the double-dummy best gains 0), with 95% intervals."""
    out = [
        f"{len(lines)} positions; gain: how much more often the play won the contract",
        "than the double-dummy best on fresh deals (its 95% interval)",
        f"{'positions':<24}{'play':<12}{'departs':>12}   {'gain where it departs':<26}gain over all",
    ]
    for label, rows in (
        ("all", lines),
        ("the bidder's side plays", [x for x in lines if x["seat"] % 2 == 0]),
        ("the defenders play", [x for x in lines if x["seat"] % 2 == 1]),
    ):
        for policy in ("played_out", "advised"):
            gains = [_gain(x) if x[policy] != x["double_dummy"] else None for x in rows]
            departs = [g for g in gains if g is not None]
            name = "played-out" if policy == "played_out" else "advised"
            there = _mean_ci(departs) if len(departs) > 1 else ""
            over = _mean_ci([g or 0.0 for g in gains]) if len(gains) > 1 else ""
            share = f"{len(departs)} of {len(rows)}"
            out.append(
                f"{label if policy == 'played_out' else '':<24}{name:<12}{share:>12}   {there:<26}{over}"
            )
    return "\n".join(out) + "\n"


def _gain(line: dict[str, Any]) -> float:
    judged = line["judged"]
    return float(judged["played_out"] - judged["double_dummy"]) / judged["deals"]


def _mean_ci(values: list[float]) -> str:
    """``+0.5% (-1.0% to +2.0%)``: the mean and its 95% interval."""
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    half = 1.96 * sd / math.sqrt(len(values))
    return f"{mean:+.1%} ({mean - half:+.1%} to {mean + half:+.1%})"


def run_study(doc: str, out: Path, study_of: StudyOf, positions: int) -> None:
    """The command line of a play study: ``study_of(i, deals, choose, judge, threads)``
    gives line i; --report summarises the first --positions lines."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300, help="the double-dummy advice's deals")
    parser.add_argument("--choose", type=int, default=60, help="the deals the played-out advice chooses on")
    parser.add_argument(
        "--judge", type=int, default=100, help="the fresh deals that judge two different choices"
    )
    parser.add_argument(
        "--positions", type=int, default=positions, help="stop after so many (--report: the first so many)"
    )
    parser.add_argument("--threads", type=int, default=None)
    study_options(parser, out, "positions")
    args = parser.parse_args()
    if args.report:
        print(summary(read_study(args.out, args.positions)), end="")
        return
    append_lines(
        args.out,
        args.positions,
        args.shard,
        lambda i: study_of(i, args.deals, args.choose, args.judge, args.threads),
        "positions",
    )


def main() -> None:
    run_study(__doc__ or "", OUT, study, 1000)


if __name__ == "__main__":
    main()
