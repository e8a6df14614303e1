"""What an auction says of the other hands, and how much that depends on how sharply the
others bid: `texas42.advise_bid` at two settings of the bidding model's noise, side by side
("What the calls say" of `texas42 bid`, from Python).

    python examples/listening.py
    python examples/listening.py --hand "6-6 6-5 6-4 6-2 5-5 4-4 3-1" --auction "pass 30 36"

At noise 1 (the default) a player values the hand at a bid as often as the evaluator says
it makes it, so a call says little; players who bid on texas42's advice fit about 0.15
(README, "Which noise?").
"""

from __future__ import annotations

import argparse

import texas42

ROLES = {1: "left opponent", 2: "partner", 3: "right opponent"}


def listen(hand: str, auction: str, noise: float, deals: int, seed: int) -> texas42.BidAdvice:
    """The bidding advice on ``deals`` deals drawn to fit ``auction`` at ``noise``."""
    return texas42.advise_bid(hand, auction, deals=deals, seed=seed, noise=noise)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hand", default="6-4 5-5 5-2 4-3 4-2 3-2 3-1")
    parser.add_argument("--auction", default="pass 30 31")
    parser.add_argument("--noises", type=float, nargs=2, default=(1.0, 0.15), metavar="X")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sharp, loose = sorted(args.noises)
    advices = {
        noise: listen(args.hand, args.auction, noise, args.deals, args.seed) for noise in (loose, sharp)
    }
    print(f"{args.hand} after {args.auction}: each other hand's doubles on average ({args.deals} deals)")
    print(f"{'seat':<16}{'called':<8}{'uniform':>8}{f'noise {loose:g}':>11}{f'noise {sharp:g}':>11}")
    for seat in (1, 2, 3):
        rows = []
        for noise in (loose, sharp):
            reading = advices[noise].reading
            assert reading is not None  # an auction with bids is listened to
            rows.append(reading.seats[seat - 1])
        called = " ".join(rows[0].names) or "-"
        fitted = "".join(f"{r.fitted.doubles:>11.2f}" for r in rows)
        print(f"{ROLES[seat]:<16}{called:<8}{rows[0].uniform.doubles:>8.2f}{fitted}")
    for noise in (loose, sharp):
        advice = advices[noise]
        if advice.passes:
            bid = "pass"
        elif advice.contract is not None:  # a special contract: no trump to call
            bid = f"{advice.bid}, {advice.contract.written}"
        else:
            bid = f"{advice.bid} with {advice.declaration}"
        print(f"noise {noise:g}: {bid} ({advice.rule}; the bid's odds {advice.make:.0%})")


if __name__ == "__main__":
    main()
