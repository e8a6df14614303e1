"""Study: at Nel-O, does `play --realistic`'s choice beat the double-dummy one at a table?

    python benchmarks/study_nello_play.py                  # go on where it stopped
    nice -n 19 python benchmarks/study_nello_play.py --threads 1 &   # in the background
    python benchmarks/study_nello_play.py --shard 1/2 &     # the odd positions, elsewhere
    python benchmarks/study_nello_play.py --report          # what the data say so far

The hands are those of the hand study (``study_hands.study_hand(i, 42)``) that make Nel-O
(doubles their own suit, seat 0 bidding 84) in at least half of the 200 deals played out by
players who know that the bidder chose it (``specials_listening_study.jsonl``): hands a
player would bid Nel-O with. Position j takes the (j mod their number)-th of them; one deal
around it is drawn from seed 42 * 10**6 + j and played out by such players
(``analysis.play_out_special``, 10 worlds a decision) until a trick decides the contract.
The position is the first turn at or after a play drawn from 0..5 (the first two tricks),
and no later than the lead of the trick that decided the contract, whose seat has a
choice (two or more legal plays); the bidder's or a defender's. From what that seat has
seen, as
``study_play_advice.py`` does at a trump: the double-dummy best (``advise_play``, --deals
uniform deals), the playouts' best (``realistic_plays`` on --choose of those deals) and
the play ``play --realistic`` advises; where the two bests differ, both are played out
again (``play_on_special``) on --judge fresh deals drawn independently.

One JSON line a position, appended to ``benchmarks/data/nello_play_study.jsonl`` as soon
as it is done, with the fields of ``study_play_advice.py`` (``trump`` "nello", ``bid``
84, ``i`` the position and ``hand_i`` the hand study's line). ``--report`` prints the same
summary, the bidder's side being seat 0 alone (the partner sits out).
"""

from __future__ import annotations

import random
import time
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from study_hands import study_hand
from study_play_advice import SEED, WORLDS, run_study, weighed_turn
from study_specials import read_study

from texas42 import deal
from texas42.analysis.play import play_rules_for
from texas42.analysis.special_playout import _Game, _play, play_on_special
from texas42.rules import (
    Contract,
    HouseRules,
    PlayHistory,
    replay,
)

DATA = Path(__file__).resolve().parent / "data"
OUT = DATA / "nello_play_study.jsonl"
LISTENING_STUDY = DATA / "specials_listening_study.jsonl"
BID = 84


@cache
def nello_hands() -> tuple[int, ...]:
    """The hand study's lines whose hands make Nel-O in at least half the deals played out."""
    lines = read_study(LISTENING_STUDY)
    return tuple(sorted(x["i"] for x in lines if 2 * x["nello"][1] >= x["deals"]))


def position(j: int, hand_i: int) -> tuple[np.ndarray, PlayHistory]:
    """The deal of position j (hand ``hand_i`` to seat 0) and the plays before its turn."""
    rules = play_rules_for(Contract.NELLO, 0, HouseRules())
    seed = SEED * 10**6 + j
    dealt, _ = deal.deal_around(study_hand(hand_i, SEED), 1, deal.generators(seed)[0])
    game = _Game(dealt[0], replay(rules, 0, []), np.random.default_rng(seed))
    _play([game], WORLDS, None, threads=1)
    plays = [p.domino for p in game.history.plays]
    last = len(plays) - 1  # the play that decided the contract
    lead = last - len(replay(rules, 0, plays[:last]).trick)  # that trick's first play
    start = random.Random(seed).randrange(6)
    for k in range(min(start, lead), lead + 1):
        history = replay(rules, 0, plays[:k])
        held = int(dealt[0, history.turn]) & ~history.played
        choice = rules.legal_plays(held, history.trick[0] if history.trick else None)
        if choice.bit_count() > 1:
            return dealt, history
    raise LookupError(f"position {j}: no turn with a choice")


def study(j: int, deals: int, choose: int, judge: int, threads: int | None) -> dict[str, Any]:
    """Line j of the study."""
    start = time.perf_counter()
    hands = nello_hands()
    hand_i = hands[j % len(hands)]
    dealt, history = position(j, hand_i)

    def wins_of(fresh: np.ndarray, plays: list[int], seed: int) -> list[int]:
        outcomes = play_on_special(history, fresh, plays, WORLDS, seed, threads=threads)
        return [int((o.made == (history.turn == 0)).sum()) for o in outcomes]

    line = weighed_turn(j, dealt, history, Contract.NELLO, BID, (deals, choose, judge), threads, wins_of)
    line["hand_i"] = hand_i
    line["seconds"] = round(time.perf_counter() - start, 2)
    return line


def main() -> None:
    run_study(__doc__ or "", OUT, study, 400)


if __name__ == "__main__":
    main()
