"""A hand at a table of four texas42 players: each sees only its own dominoes, bids on
`texas42.advise_bid` (hearing the bids before its own), and plays on `texas42.advise_play`
(the deals it weighs fit the plays it has seen and the whole auction). At the end the
same deal is solved double-dummy: what the bidder's team would take if every player
saw every hand.

    python examples/table_game.py
    python examples/table_game.py --seed 7 --deals 300

Seat 3 shakes, so seat 0 bids first; special contracts are left out (each player bids
and declares a trump). The same --seed plays the same hand.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

import texas42
from texas42.errors import InferenceError
from texas42.rules import PASS, HouseRules, bid_name, domino_name, needed_points, replay

SEATS = 4
T = TypeVar("T")
TRUMP_ONLY = HouseRules(specials=False)


class Won(NamedTuple):
    """The high bid of the auction: who bid it, the bid and the trump named."""

    bidder: int
    bid: int
    trump: texas42.Declaration


def deal_hands(seed: int) -> list[str]:
    """The four hands of a shuffled set, seat 0 first."""
    dominoes = list(range(28))
    random.Random(seed).shuffle(dominoes)
    hands = (sorted(dominoes[7 * s : 7 * s + 7], reverse=True) for s in range(SEATS))
    return [" ".join(domino_name(d) for d in hand) for hand in hands]


def listening(advise: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[T, bool]:
    """``advise(...)`` on deals drawn to fit the calls, or, where they are all but
    impossible under texas42's model of how players bid (``InferenceError``), on uniform
    deals: the advice, and whether it listened to the calls."""
    try:
        return advise(*args, infer="auction", **kwargs), True
    except InferenceError:
        return advise(*args, infer="none", **kwargs), False


def bidding(
    hands: list[str], seed: int, deals: int, say: Callable[[str], None] = print
) -> tuple[str, Won, texas42.BidAdvice, int]:
    """Each seat in turn bids what `advise_bid` says (each call told to ``say``): the
    auction, its high bid, the advice the high bidder followed and how many seats could
    not fit their deals to the calls before theirs."""
    calls: list[str] = []
    won = None
    deaf = 0
    for seat in range(SEATS):
        heard = " ".join(calls)
        advice, listened = listening(
            texas42.advise_bid, hands[seat], heard, deals=deals, seed=seed + seat, house=TRUMP_ONLY
        )
        deaf += not listened
        calls.append(bid_name(advice.bid))
        note = "" if listened else "; deals uniform: the calls before are all but impossible to the model"
        say(f"seat {seat} ({hands[seat]}): {calls[-1]:>4}  ({advice.rule}{note})")
        if advice.bid != PASS:
            won = (Won(seat, advice.bid, advice.declaration), advice)
    assert won is not None, "after three passes the shaker is forced to bid"
    return " ".join(calls), *won, deaf


def play(
    hands: list[str], auction: str, won: Won, seed: int, deals: int, say: Callable[[str], None] = print
) -> tuple[int, int]:
    """Every seat plays the best play of its advice until the hand is over (each trick
    told to ``say``): the points the bidder's team took, and the decisions made on
    uniform deals (``listening``)."""
    plays: list[int] = []
    deaf = 0
    history = replay(won.trump, won.bidder, plays)
    while not history.is_over:
        seat = history.turn
        advice, listened = listening(
            texas42.advise_play,
            hands[seat],
            won.trump,
            plays,
            seat=seat,
            bidder=won.bidder,
            bid=won.bid,
            auction=auction,
            deals=deals,
            seed=seed + len(plays),
        )
        deaf += not listened
        plays.append(advice.best.domino)
        history = replay(won.trump, won.bidder, plays)
        if not history.trick:  # the trick is complete: its winner leads the next
            led = history.plays[-4].seat
            trick = " ".join(domino_name(d) for d in plays[-4:])
            score = f"team 0+2 {history.score[0]:2}, team 1+3 {history.score[1]:2}"
            say(f"trick {len(plays) // 4}: seat {led} leads {trick}, seat {history.leader} wins; {score}")
    return history.score[won.bidder % 2], deaf


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=200, help="deals each player weighs a decision")
    args = parser.parse_args()
    hands = deal_hands(args.seed)
    auction, won, _, _ = bidding(hands, args.seed, args.deals)
    print(f"seat {won.bidder} bid {won.bid} and names {won.trump.label}")
    took, deaf = play(hands, auction, won, args.seed, args.deals)
    if deaf:
        print(f"{deaf} plays on uniform deals: the auction is all but impossible to the model")
    made = "made" if took >= needed_points(won.bid) else "set"
    print(f"seat {won.bidder}'s team took {took} points: the bid is {made}")
    solved = texas42.solve(" / ".join(hands)).value(won.trump, won.bidder)
    print(f"double-dummy, every hand seen: seat {won.bidder}'s team takes {solved} points")


if __name__ == "__main__":
    main()
