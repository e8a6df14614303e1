"""Play advice during the hand: for each legal play of the seat to play, the team's
expected points, the odds of the contract and how often it is the best play, over the
deals of the unseen dominoes consistent with the plays so far (``deal.seen``), each
solved double-dummy after every legal play (``engine.play_values``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from texas42 import deal, engine
from texas42.analysis.sample import DEFAULT_DEALS, Progress, SolveCounter, check_deals
from texas42.analysis.statistics import Interval, mean_interval, wilson_interval
from texas42.errors import AuctionError, IllegalPlayError
from texas42.rules import (
    MARK,
    POINT_BIDS,
    TOTAL_POINTS,
    Declaration,
    Domino,
    FinishedAuction,
    Hand,
    PlayHistory,
    Seat,
    check_seat,
    needed_points,
    replay,
)


@dataclass(frozen=True)
class PlayStats:
    """One legal play over the deals: ``points`` is the sum over the deals of what the
    team of the seat to play takes over the whole hand after it (with perfect play from
    then on), ``made`` the deals in which the bidder's team then makes the bid, and
    ``best`` those in which no other play takes more."""

    domino: Domino
    deals: int
    points: int
    made: int
    best: int
    exact: bool
    expected_points_ci95: Interval

    @classmethod
    def from_values(
        cls, domino: Domino, values: np.ndarray, made: np.ndarray, best: np.ndarray, exact: bool
    ) -> PlayStats:
        """From the team's points in each deal after the play, whether the bidder's team
        makes the bid and whether the play is a best one."""
        mean, ci = mean_interval(values, bounds=(0.0, float(TOTAL_POINTS)))
        return cls(
            domino=domino,
            deals=int(values.size),
            points=int(values.sum()),
            made=int(made.sum()),
            best=int(best.sum()),
            exact=exact,
            expected_points_ci95=Interval(mean, mean) if exact else ci,
        )

    @property
    def expected_points(self) -> float:
        """The team's expected points for the whole hand."""
        return self.points / self.deals

    @property
    def make(self) -> float:
        """The odds that the bidder's team makes the bid."""
        return self.made / self.deals

    @property
    def make_ci95(self) -> Interval:
        """Wilson's 95% interval of ``make``; the value itself when exact."""
        if self.exact:
            return Interval(self.make, self.make)
        return wilson_interval(self.made, self.deals)

    @property
    def best_share(self) -> float:
        """The share of deals in which this play is a best one (ties included)."""
        return self.best / self.deals

    @property
    def always_best(self) -> bool:
        return self.best == self.deals


@dataclass(frozen=True)
class PlayAdvice:
    """The advice for ``seat`` (dealt ``hand``) at its turn after the plays of ``history``
    in a hand bid ``bid`` by ``history.bidder``: one ``PlayStats`` a legal play, the best
    first (``best``), over ``deals`` deals from ``seed`` (all the consistent deals when
    ``exact``; drawn to fit the auction as ``inference`` says, if given)."""

    hand: Hand
    seat: Seat
    history: PlayHistory
    bid: int
    deals: int
    seed: int
    exact: bool
    plays: tuple[PlayStats, ...]
    inference: deal.Inference | None = None

    @property
    def declaration(self) -> Declaration:
        return self.history.declaration

    @property
    def bidder(self) -> Seat:
        return self.history.bidder

    @property
    def defending(self) -> bool:
        """Whether the seat is on the team that did not bid."""
        return self.seat % 2 != self.bidder % 2

    @property
    def best(self) -> PlayStats:
        return self.plays[0]

    @property
    def held(self) -> Hand:
        """The dominoes the seat still holds."""
        return Hand(self.hand.mask & ~self.history.played)

    def contract_deals(self, stats: PlayStats) -> int:
        """The deals in which ``stats``'s play wins the contract for the seat's team:
        made for the bidder's team, set for the other."""
        return stats.deals - stats.made if self.defending else stats.made

    @property
    def most_points(self) -> PlayStats:
        """The play with the most expected points (the best among equals)."""
        return max(self.plays, key=lambda s: s.points)


def check_bid(bid: int) -> int:
    """``bid`` if a hand can be played at it (30..41, 42, 84, ...), else an ``AuctionError``."""
    valid = isinstance(bid, int) and not isinstance(bid, bool)
    if not valid or not (bid in POINT_BIDS or (bid >= MARK and bid % MARK == 0)):
        raise AuctionError(f"not a bid a hand is played at: {bid!r} (30 to 41, 42, 84, 126, ...)")
    return bid


def played_bid(bid: int | None, auction: FinishedAuction | None) -> int:
    """The bid the hand is played at: the auction's high bid, if there is an auction (and
    ``bid``, if given, must be it), else ``bid`` (default 30)."""
    if auction is None:
        return check_bid(30 if bid is None else bid)
    if bid is not None and bid != auction.high_bid:
        raise AuctionError(f"the bid {bid} is not the auction's high bid ({auction.high_bid}): {auction}")
    return auction.high_bid


def turn_history(
    hand: Hand, declaration: Declaration, tricks: Sequence[Domino], seat: Seat = 0, bidder: Seat = 0
) -> PlayHistory:
    """The plays replayed as ``seat`` (dealt ``hand``) saw them, checked: every play
    consistent with the rules and what the seat knows, some deal fitting them all, the
    hand not over and ``seat`` to play; else a ``Texas42Error`` naming the play or whose
    turn it is."""
    check_seat(seat)
    history = replay(declaration, bidder, tricks, seat, hand.mask)
    deal.check_seen(history, seat, hand.mask)
    if history.is_over:
        raise IllegalPlayError("the hand is over: all 7 tricks have been played")
    if history.turn != seat:
        raise IllegalPlayError(f"not your turn (seat {seat}): {_whose_turn(history)}")
    return history


def _whose_turn(history: PlayHistory) -> str:
    number = history.tricks_played + 1
    if not history.trick:
        return f"seat {history.turn} leads trick {number}"
    return f"seat {history.turn} plays next to trick {number}, led by seat {history.leader}"


def advise_play(
    hand: Hand,
    declaration: Declaration,
    tricks: Sequence[Domino] = (),
    seat: Seat = 0,
    bidder: Seat = 0,
    bid: int | None = None,
    deals: int = DEFAULT_DEALS,
    seed: int | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
    auction: FinishedAuction | None = None,
    infer: str = "auction",
    noise: float = deal.DEFAULT_NOISE,
) -> PlayAdvice:
    """What to play now: ``seat`` holds ``hand`` (7 dominoes as dealt), ``bidder`` bid
    ``bid`` (default: the ``auction``'s high bid, else 30), declared ``declaration`` and
    led the first trick, and ``tricks`` are the dominoes played since, in order. Every bad
    input (a play that contradicts the rules or what the seat knows, not its turn, a bid
    that is not the auction's) is a ``Texas42Error`` before anything is solved. ``deals``
    deals consistent with the plays are drawn from ``seed`` (all of them when there are
    no more), and each is solved after every legal play. With an ``auction`` (all four
    calls, the high bid ``bidder``'s), they are drawn in proportion to its likelihood and
    that of the trump declared, as ``deal.infer_seen_deals`` says (``infer`` none:
    uniformly)."""
    bid = played_bid(bid, auction)
    check_deals(deals)
    seed = deal.draw_seed() if seed is None else deal.check_seed(seed)
    history = turn_history(hand, Declaration(declaration), tricks, seat, bidder)
    model = deal.played_auction_model(auction, history.declaration, infer, noise)
    rng = deal.generators(seed)[0]
    inference = None
    if model is None:
        masks, exact = deal.deals_seen_from(history, seat, hand.mask, deals, rng)
    else:
        masks, inference = deal.infer_seen_deals(history, seat, hand.mask, deals, rng, model, threads)
        exact = False
    counter = SolveCounter(masks.shape[0], progress)
    result = engine.play_values(
        masks,
        history.declaration,
        history.leader,
        history.trick,
        history.score,
        threads=threads,
        on_progress=counter if progress is not None else None,
    )
    return PlayAdvice(
        hand=hand,
        seat=seat,
        history=history,
        bid=bid,
        deals=int(masks.shape[0]),
        seed=seed,
        exact=exact,
        plays=rank_plays(result, seat, history.bidder, bid, exact),
        inference=inference,
    )


def rank_plays(
    result: engine.PlayValues, seat: Seat, bidder: Seat, bid: int, exact: bool
) -> tuple[PlayStats, ...]:
    """Each legal play's statistics, the best first: the play that wins the contract for
    the seat's team (makes the bid, or sets it) in the most deals; among equals, the one
    with the most expected points, then the one best in the most deals, then the higher
    domino."""
    plays = result.plays
    values = result.values[:, list(plays)]
    bidders_points = values if seat % 2 == bidder % 2 else TOTAL_POINTS - values
    made = bidders_points >= needed_points(bid)
    best = values == values.max(axis=1, keepdims=True)
    stats = [
        PlayStats.from_values(d, values[:, j], made[:, j], best[:, j], exact) for j, d in enumerate(plays)
    ]
    defending = seat % 2 != bidder % 2

    def key(s: PlayStats) -> tuple[int, int, int, int]:
        contract = s.deals - s.made if defending else s.made
        return (contract, s.points, s.best, s.domino)

    return tuple(sorted(stats, key=key, reverse=True))
