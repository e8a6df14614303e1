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
from typing import NamedTuple

import texas42
from texas42.rules import PASS, HouseRules, bid_name, domino_name, needed_points, replay

SEATS = 4
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


def bidding(
    hands: list[str], seed: int, deals: int, say: Callable[[str], None] = print
) -> tuple[str, Won, texas42.BidAdvice]:
    """Each seat in turn bids what `advise_bid` says (each call told to ``say``): the
    auction, its high bid and the advice the high bidder followed."""
    calls: list[str] = []
    won = None
    for seat in range(SEATS):
        heard = " ".join(calls)
        advice = texas42.advise_bid(hands[seat], heard, deals=deals, seed=seed + seat, house=TRUMP_ONLY)
        calls.append(bid_name(advice.bid))
        say(f"seat {seat} ({hands[seat]}): {calls[-1]:>4}  ({advice.rule})")
        if advice.bid != PASS:
            won = (Won(seat, advice.bid, advice.declaration), advice)
    assert won is not None, "after three passes the shaker is forced to bid"
    return " ".join(calls), *won


def play(
    hands: list[str], auction: str, won: Won, seed: int, deals: int, say: Callable[[str], None] = print
) -> int:
    """Every seat plays the best play of its advice until the hand is over (each trick
    told to ``say``); the points the bidder's team took."""
    plays: list[int] = []
    history = replay(won.trump, won.bidder, plays)
    while not history.is_over:
        seat = history.turn
        advice = texas42.advise_play(
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
        plays.append(advice.best.domino)
        history = replay(won.trump, won.bidder, plays)
        if not history.trick:  # the trick is complete: its winner leads the next
            led = history.plays[-4].seat
            trick = " ".join(domino_name(d) for d in plays[-4:])
            score = f"team 0+2 {history.score[0]:2}, team 1+3 {history.score[1]:2}"
            say(f"trick {len(plays) // 4}: seat {led} leads {trick}, seat {history.leader} wins; {score}")
    return history.score[won.bidder % 2]


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=200, help="deals each player weighs a decision")
    args = parser.parse_args()
    hands = deal_hands(args.seed)
    auction, won, _ = bidding(hands, args.seed, args.deals)
    print(f"seat {won.bidder} bid {won.bid} and names {won.trump.label}")
    took = play(hands, auction, won, args.seed, args.deals)
    made = "made" if took >= needed_points(won.bid) else "set"
    print(f"seat {won.bidder}'s team took {took} points: the bid is {made}")
    solved = texas42.solve(" / ".join(hands)).value(won.trump, won.bidder)
    print(f"double-dummy, every hand seen: seat {won.bidder}'s team takes {solved} points")


if __name__ == "__main__":
    main()
