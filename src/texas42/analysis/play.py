"""Play advice during the hand: for each legal play of the seat to play, the team's
expected points, the odds of the contract and how often it is the best play, over the
deals of the unseen dominoes consistent with the plays so far (``deal.seen``), each
solved double-dummy after every legal play (``engine.play_values``; at Nel-O and
sevens, where only the contract counts, ``engine.contract_play_values``)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, SupportsIndex

import numpy as np

from texas42 import deal, engine
from texas42.analysis.locations import Locations, locate
from texas42.analysis.sample import DEFAULT_DEALS, Progress, SolveCounter, check_deals, read_only
from texas42.analysis.statistics import Interval, mean_interval, paired_difference, wilson_interval
from texas42.errors import (
    AuctionError,
    HouseRulesError,
    IllegalPlayError,
    UsageError,
    check_kind,
    error_for,
    is_whole,
)
from texas42.rules import (
    MARK,
    TOTAL_POINTS,
    Contract,
    Declaration,
    Domino,
    FinishedAuction,
    Hand,
    HouseRules,
    NelloTricks,
    PlayedContract,
    PlayHistory,
    Seat,
    SevensTricks,
    TrickRules,
    TrumpTricks,
    bid_name,
    check_declaration,
    check_seat,
    is_bid,
    minimum_marks,
    needed_points,
    parse_bid,
    points_score,
    replay,
    special_contract,
)

if TYPE_CHECKING:
    from texas42.analysis.realistic_play import RealisticPlays


@dataclass(frozen=True)
class PlayStats:
    """One legal play over the deals: ``points`` is the sum over the deals of what the
    team of the seat to play takes over the whole hand after it (with perfect play from
    then on; None at Nel-O and sevens, where only the contract counts), ``made`` the
    deals in which the bidder's team then makes the bid, and ``best`` those in which no
    other play does better. Where the deals are weighed (every consistent deal, by its
    likelihood under the auction), each deal counts as its weight, the weights averaging
    1: the sums are then not whole."""

    domino: Domino
    deals: int
    points: float | None
    made: float
    best: float
    exact: bool
    expected_points_ci95: Interval | None
    settled: bool = False
    """Whether the tricks so far already made or set the bid (``bid_decided``): ``make``
    is then certain, whatever the deals."""

    @classmethod
    def from_values(
        cls,
        domino: Domino,
        values: np.ndarray,
        made: np.ndarray,
        best: np.ndarray,
        exact: bool,
        weights: np.ndarray | None = None,
    ) -> PlayStats:
        """From the team's points in each deal after the play, whether the bidder's team
        makes the bid and whether the play is a best one (each deal counting as its
        weight, if given: then ``exact``)."""
        if weights is not None:
            points = _weighed(values, weights)
            mean = points / values.size
            made_weight, best_weight = _weighed(made, weights), _weighed(best, weights)
            return cls(domino, int(values.size), points, made_weight, best_weight, True, Interval(mean, mean))
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

    @classmethod
    def from_contract(
        cls,
        domino: Domino,
        made: np.ndarray,
        best: np.ndarray,
        exact: bool,
        weights: np.ndarray | None = None,
    ) -> PlayStats:
        """At Nel-O or sevens: from whether the bidder's side makes the contract in each
        deal after the play, and whether the play is a best one (weighed as
        ``from_values``)."""
        if weights is not None:
            return cls(
                domino, int(made.size), None, _weighed(made, weights), _weighed(best, weights), True, None
            )
        return cls(domino, int(made.size), None, int(made.sum()), int(best.sum()), exact, None)

    @property
    def expected_points(self) -> float | None:
        """The team's expected points for the whole hand (None at Nel-O and sevens)."""
        return None if self.points is None else self.points / self.deals

    @property
    def make(self) -> float:
        """The odds that the bidder's team makes the bid."""
        return self.made / self.deals

    @property
    def make_ci95(self) -> Interval:
        """Wilson's 95% interval of ``make``; the value itself when exact or settled."""
        if self.exact or self.settled:
            return Interval(self.make, self.make)
        return wilson_interval(int(self.made), self.deals)  # drawn deals: whole counts

    @property
    def best_share(self) -> float:
        """The share of deals in which this play is a best one (ties included)."""
        return self.best / self.deals

    @property
    def always_best(self) -> bool:
        """Whether the play is best (or as good as the best) in every deal."""
        return math.isclose(self.best, self.deals)


def _weighed(counts: np.ndarray, weights: np.ndarray) -> float:
    """The sum of ``counts`` (values, or booleans), each deal counting as its weight, the
    weights scaled to average 1 (so that, all equal, it is the plain sum). Counts equal in
    every deal give their plain sum: a play that makes the bid in every deal makes it in
    100% of them, not in 99.99...%."""
    if counts.size and np.all(counts == counts[0]):
        return float(counts[0]) * counts.size
    return float(np.dot(counts, weights) * (weights.size / weights.sum()))


@dataclass(frozen=True)
class BidDecided:
    """A trump hand's bid decided before its end: ``made`` when the bidder's team has
    taken ``points`` of the ``needed`` already, else set (even the ``left`` points would
    not reach it). The plays then differ in points only."""

    made: bool
    points: int
    needed: int
    left: int


def bid_decided(history: PlayHistory, bid: int) -> BidDecided | None:
    """Whether the trump hand's ``bid`` is already made or set after ``history``'s tricks
    (None while either can still happen, and at Nel-O and sevens: ``contract_set``)."""
    if not isinstance(history.play_rules, TrumpTricks):
        return None
    points = history.score[history.bidder % 2]
    left = TOTAL_POINTS - sum(history.score)
    needed = needed_points(bid)
    if points >= needed:
        return BidDecided(True, points, needed, left)
    if points + left < needed:
        return BidDecided(False, points, needed, left)
    return None


@dataclass(frozen=True)
class PlayAdvice:
    """The advice for ``seat`` (dealt ``hand``) at its turn after the plays of ``history``
    in a hand bid ``bid`` by ``history.bidder``: one ``PlayStats`` a legal play, the best
    first (``best``), over ``deals`` deals from ``seed`` (all the consistent deals when
    ``exact``; drawn to fit the auction as ``inference`` says, if given): ``sample``,
    the dominoes each seat still holds in each of them (an (n, 4) array), and ``weights``
    the likelihood of each under the auction where they are every consistent deal,
    weighed (``deal.weigh_seen_deals``), else None. ``realistic``:
    the plays followed by realistic play (``analysis.realistic_plays``), if asked.
    ``partner_contract``: the plunge or splash the auction says the hand was bid at (by
    the partner of ``history.bidder``, who named the trump), if any."""

    hand: Hand
    seat: Seat
    history: PlayHistory
    bid: int
    deals: int
    seed: int
    exact: bool
    plays: tuple[PlayStats, ...]
    inference: deal.Inference | None = None
    sample: np.ndarray | None = field(default=None, repr=False, compare=False)
    realistic: RealisticPlays | None = None
    partner_contract: Contract | None = None
    weights: np.ndarray | None = field(default=None, repr=False, compare=False)
    safety: tuple[float, Interval] | None = None
    """Where another play expects more points than ``best`` (``most_points``): how much more
    often ``best`` wins the contract for the seat's team on the same deals, and its 95%
    interval (paired; the value itself where exact). Above 0: clearly the safety play."""
    wins: np.ndarray | None = field(default=None, repr=False, compare=False)
    """``wins[i, d]``: whether playing domino d won the contract for the seat's team in
    deal i of ``sample`` (made the bid, or set it); None where not kept."""
    team_points: np.ndarray | None = field(default=None, repr=False, compare=False)
    """``team_points[i, d]``: the points the seat's team takes in deal i after playing
    domino d; None at Nel-O and sevens, and where not kept."""

    def __post_init__(self) -> None:
        for name in ("sample", "weights", "wins", "team_points"):
            array = getattr(self, name)
            if array is not None:
                object.__setattr__(self, name, read_only(array))

    @property
    def declaration(self) -> Declaration:
        """The trump (a ``ValueError`` at Nel-O and sevens: see ``contract``)."""
        return self.history.declaration

    @property
    def contract(self) -> Contract | None:
        """The special contract the hand is played at (Nel-O, sevens), None for a trump."""
        return special_contract(self.history.play_rules)

    @property
    def played_at(self) -> str:
        """What the hand is played at: ``sixes``, ``follow-me``, ``Nel-O``, ``sevens``."""
        return self.history.play_rules.label

    @property
    def counts_points(self) -> bool:
        """Whether the plays are weighed by points too (a trump hand), or only by the
        contract (Nel-O and sevens)."""
        return self.contract is None

    @property
    def bidder(self) -> Seat:
        """The seat that won the bid and named the contract."""
        return self.history.bidder

    @property
    def decided(self) -> BidDecided | None:
        """At a trump, the bid already made or set by the tricks so far (``bid_decided``)."""
        return bid_decided(self.history, self.bid)

    @property
    def defending(self) -> bool:
        """Whether the seat is on the team that did not bid."""
        return self.seat % 2 != self.bidder % 2

    @property
    def best(self) -> PlayStats:
        """The best play by the odds of the bid (then points): the first of ``plays``."""
        return self.plays[0]

    @property
    def advised(self) -> PlayStats:
        """The play advised, with its double-dummy figures: the double-dummy ``best``;
        with ``realistic`` playouts, their best instead when it won the contract for the
        seat's team more often than the double-dummy best on the same deals beyond the
        sampling error (the paired 95% interval of the difference above 0): among plays
        whose playouts differ by no more than their noise, choosing by the playouts is a
        choice by chance (``benchmarks/study_play_advice.py``)."""
        played = self.realistic
        if played is None or played.best.domino == self.best.domino:
            return self.best
        _, ci = played.lead(played.best.domino, self.best.domino)
        if ci.low <= 0:
            return self.best
        return next(s for s in self.plays if s.domino == played.best.domino)

    @cached_property
    def distinct_deals(self) -> int:
        """How many of the ``deals`` differ: fewer where deals drawn to fit an auction repeat
        (they are drawn with replacement, in proportion to their likelihood)."""
        if self.sample is None:
            return self.deals
        return int(np.unique(self.sample, axis=0).shape[0])

    @property
    def effective_deals(self) -> float | None:
        """Where every consistent deal is weighed by its likelihood (``weights``), how many
        equally weighed deals their weights are worth (Kish's effective sample size, the
        squared sum of the weights over the sum of their squares): few where a handful of
        deals carry most of the weight; else None."""
        if self.weights is None:
            return None
        return float(self.weights.sum() ** 2 / np.square(self.weights).sum())

    @property
    def repeats(self) -> bool:
        """Whether some deals drawn to fit the auction come more than once."""
        return self.inference is not None and self.distinct_deals < self.deals

    @property
    def held(self) -> Hand:
        """The dominoes the seat still holds."""
        return Hand(self.hand.mask & ~self.history.played)

    def locations(self) -> Locations | None:
        """Where the trumps and count dominoes the seat cannot see lie, over the deals the
        advice weighs (``analysis.locations``); None at Nel-O and sevens, or without them."""
        if self.sample is None or self.contract is not None:
            return None
        return locate(self.sample, self.weights, self.seat, self.declaration)

    def contract_deals(self, stats: PlayStats) -> float:
        """The deals in which ``stats``'s play wins the contract for the seat's team:
        made for the bidder's team, set for the other (weighed, if the deals are)."""
        check_kind(stats, PlayStats, "stats is a PlayStats (one of the advice's plays)")
        return stats.deals - stats.made if self.defending else stats.made

    def contract_odds(self, stats: PlayStats) -> float:
        """The share of its deals in which ``stats``'s play wins the contract for the
        seat's team (``contract_deals``)."""
        return self.contract_deals(stats) / stats.deals

    def contract_ci95(self, stats: PlayStats) -> Interval:
        """The 95% interval of ``contract_odds``: ``stats.make_ci95``, turned round for
        the defenders."""
        ci = stats.make_ci95
        return Interval(1.0 - ci.high, 1.0 - ci.low) if self.defending else ci

    @property
    def most_points(self) -> PlayStats:
        """The play with the most expected points (the best among equals; the best at
        Nel-O and sevens)."""
        return most_points(self.plays)

    def lead_ci95(self, first: PlayStats, second: PlayStats) -> Interval | None:
        """The 95% interval of how much more often ``first``'s play than ``second``'s wins
        the contract for the seat's team, paired over the same deals (``paired_difference``
        of ``wins``); the difference itself where the deals are every consistent one
        (``exact``, weighed or not), the tricks so far decided the bid (``settled``) or
        the two are one play. None where the deals' outcomes are not kept."""
        difference = (self.contract_deals(first) - self.contract_deals(second)) / first.deals
        if self.exact or (first.settled and second.settled) or first.domino == second.domino:
            return Interval(difference, difference)
        if self.wins is None:
            return None
        return paired_difference(self.wins[:, first.domino], self.wins[:, second.domino])[1]

    def points_lead_ci95(self, first: PlayStats, second: PlayStats) -> Interval | None:
        """The 95% interval of how many more points the seat's team expects after
        ``first``'s play than after ``second``'s: the mean of the differences on the same
        deals (``mean_interval``, within ±42 points); the difference itself where exact,
        or where the two are one play. None at Nel-O and sevens, and where the deals'
        points are not kept."""
        if first.expected_points is None or second.expected_points is None:
            return None
        if self.exact or first.domino == second.domino:
            difference = first.expected_points - second.expected_points
            return Interval(difference, difference)
        if self.team_points is None:
            return None
        points = self.team_points[:, first.domino] - self.team_points[:, second.domino]
        return mean_interval(points, bounds=(-float(TOTAL_POINTS), float(TOTAL_POINTS)))[1]


def check_bid(bid: object, given: object = None) -> int:
    """``bid`` as an int if a hand can be played at it (30..41, 42, 84, ...), else an
    ``AuctionError`` naming it (or ``given``, what it was read from)."""
    if not is_whole(bid) or not is_bid(int(bid)):
        shown = bid if given is None else given
        raise error_for(bid, AuctionError)(
            f"not a bid a hand is played at: {shown!r} (30 to 41, 42, 84, 126, ...)"
        )
    return int(bid)


def bid_played(bid: SupportsIndex | str) -> int:
    """``check_bid`` of a bid given as a number or as text (``"84"``)."""
    return check_bid(parse_bid(bid), given=bid) if isinstance(bid, str) else check_bid(bid)


def play_rules_for(
    contract: PlayedContract, bidder: Seat, house: HouseRules
) -> TrumpTricks | NelloTricks | SevensTricks:
    """How the tricks of a hand played at ``contract`` go: a trump declaration's, or
    Nel-O's (the doubles as ``house`` says) or sevens'. Plunge and splash are played at the
    trump the partner names, the partner leading: a ``UsageError`` says so, as a
    ``HouseRulesError`` does for Nel-O or sevens where ``house`` plays no special contracts."""
    if isinstance(contract, Contract):
        if not house.specials and contract in (Contract.NELLO, Contract.SEVENS):
            raise HouseRulesError(f"{contract.written} is a special contract, and the house rules play none")
        if contract is Contract.NELLO:
            return NelloTricks(bidder, house.nello_doubles)
        if contract is Contract.SEVENS:
            return SevensTricks()
        raise UsageError(
            f"a {contract.label} is played at the trump the partner names, the partner leading: "
            "give that trump and the partner's seat as the bidder"
        )
    return TrumpTricks(check_declaration(contract))


def contract_bid(bid: int | None, contract: Contract, house: HouseRules) -> int:
    """The bid a hand played at Nel-O or sevens was won at: ``bid`` (a mark bid of at
    least the contract's minimum), by default that minimum."""
    least = minimum_marks(contract, house) * MARK
    if bid is None:
        return least
    bid = check_bid(bid)
    if bid < least:
        raise AuctionError(f"{contract.written} is bid at {bid_name(least)} or more, not {bid_name(bid)}")
    return bid


def hand_bid(
    contract: PlayedContract, bid: int | None, auction: FinishedAuction | None, house: HouseRules
) -> int:
    """The bid a hand played at ``contract`` was won at: ``played_bid``, and at Nel-O and
    sevens a bid of the contract (``contract_bid``)."""
    if not isinstance(contract, Contract):
        return played_bid(bid, auction)
    return contract_bid(bid if auction is None else played_bid(bid, auction), contract, house)


def played_bid(bid: int | None, auction: FinishedAuction | None) -> int:
    """The bid the hand is played at: the auction's high bid, if there is an auction (and
    ``bid``, if given, must be it), else ``bid`` (default 30)."""
    if auction is None:
        return check_bid(30 if bid is None else bid)
    if bid is not None and bid != auction.high_bid:
        raise AuctionError(f"the bid {bid} is not the auction's high bid ({auction.high_bid}): {auction}")
    return auction.high_bid


def turn_history(
    hand: Hand,
    contract: Declaration | TrickRules,
    tricks: Sequence[Domino],
    seat: Seat = 0,
    bidder: Seat = 0,
) -> PlayHistory:
    """The plays replayed as ``seat`` (dealt ``hand``) saw them, checked: every play
    consistent with the rules and what the seat knows, some deal fitting them all, the
    contract still open (``check_undecided``), the hand not over and ``seat`` to play;
    else a ``Texas42Error`` naming the play or whose turn it is."""
    seat = check_seat(seat)
    history = replay(contract, bidder, tricks, seat, hand.mask)
    deal.check_seen(history, seat, hand.mask)
    check_undecided(history)
    if history.is_over:
        raise IllegalPlayError("the hand is over: all 7 tricks have been played")
    if seat not in history.play_rules.players(history.leader):
        raise IllegalPlayError(f"at Nel-O the bidder's partner (seat {seat}) sits out and never plays")
    if history.turn != seat:
        raise IllegalPlayError(f"not your turn (seat {seat}): {_whose_turn(history)}")
    return history


def _whose_turn(history: PlayHistory) -> str:
    number = history.tricks_played + 1
    if not history.trick:
        return f"seat {history.turn} leads trick {number}"
    return f"seat {history.turn} plays next to trick {number}, led by seat {history.leader}"


def contract_set(history: PlayHistory) -> int | None:
    """At Nel-O and sevens, the number of the trick that set the contract (the bidder took
    it at Nel-O, the other team at sevens); None while it is open, and for a trump hand."""
    rules = history.play_rules
    for number, winner in enumerate(history.winners(), start=1):
        if isinstance(rules, NelloTricks) and winner == history.bidder:
            return number
        if isinstance(rules, SevensTricks) and winner % 2 != history.bidder % 2:
            return number
    return None


def mark_bid_set(history: PlayHistory, bid: int) -> int | None:
    """At a trump hand bid 42 or more (made only by taking every trick), the number of the
    first trick the other team took, which set it; None while it is open, below 42, and at
    Nel-O and sevens (``contract_set``)."""
    if not isinstance(history.play_rules, TrumpTricks) or points_score(bid):
        return None
    for number, winner in enumerate(history.winners(), start=1):
        if winner % 2 != history.bidder % 2:
            return number
    return None


def check_undecided(history: PlayHistory) -> None:
    """An ``IllegalPlayError`` once a trick has set the contract (``contract_set``): no
    play is left to weigh."""
    number = contract_set(history)
    if number is None:
        return
    winner = history.winners()[number - 1]
    if isinstance(history.play_rules, NelloTricks):
        raise IllegalPlayError(
            f"the Nel-O bid is already set: the bidder (seat {winner}) took trick {number}"
        )
    raise IllegalPlayError(f"the sevens bid is already set: seat {winner} took trick {number}")


def checked_play(
    hand: Hand,
    declaration: PlayedContract,
    tricks: Sequence[Domino] = (),
    seat: Seat = 0,
    bidder: Seat = 0,
    bid: int | None = None,
    auction: FinishedAuction | None = None,
    infer: str = "auction",
    noise: float = deal.DEFAULT_NOISE,
    house: HouseRules | None = None,
) -> tuple[TrumpTricks | NelloTricks | SevensTricks, int, PlayHistory, deal.PlayedAuctionModel | None]:
    """Every check ``advise_play`` makes of its input before it deals (a ``Texas42Error``
    naming what is wrong): the rules of play, the bid played, the plays so far up to the
    seat's turn and the model of the auction (None: uniform deals)."""
    house = HouseRules() if house is None else house
    rules, bid = checked_contract(declaration, bidder, bid, auction, house)
    history = turn_history(hand, rules, tricks, seat, bidder)
    model = checked_auction(history, seat, hand, declaration, auction, infer, noise, house)
    return rules, bid, history, model


def checked_contract(
    declaration: PlayedContract,
    bidder: Seat,
    bid: int | None,
    auction: FinishedAuction | None,
    house: HouseRules,
) -> tuple[TrumpTricks | NelloTricks | SevensTricks, int]:
    """The rules of play of a hand ``bidder`` bid and declared ``declaration``, and the bid
    played (``hand_bid``), checked."""
    rules = play_rules_for(declaration, check_seat(bidder), house)
    return rules, hand_bid(declaration, bid, auction, house)


def checked_auction(
    history: PlayHistory,
    seat: Seat,
    hand: Hand,
    declaration: PlayedContract,
    auction: FinishedAuction | None,
    infer: str,
    noise: float,
    house: HouseRules,
) -> deal.PlayedAuctionModel | None:
    """The model of the whole ``auction`` to draw the deals with (None: uniformly), checked,
    and the auction checked against what ``seat``, dealt ``hand``, has seen of ``history``
    (a plunger who cannot hold its doubles)."""
    model = deal.played_auction_model(auction, declaration, infer, noise, house)
    if auction is not None:
        deal.check_played_auction(history, seat, hand.mask, auction)
    return model


def advise_play(
    hand: Hand,
    declaration: PlayedContract,
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
    house: HouseRules | None = None,
) -> PlayAdvice:
    """What to play now: ``seat`` holds ``hand`` (7 dominoes as dealt), ``bidder`` bid
    ``bid`` (default: the ``auction``'s high bid, else 30), declared ``declaration`` (a
    trump, or ``Contract.NELLO`` or ``Contract.SEVENS``, the doubles at Nel-O as
    ``house`` says) and led the first trick, and ``tricks`` are the dominoes played
    since, in order. Every bad input (a play that contradicts the rules or what the seat
    knows, not its turn, a bid that is not the auction's) is a ``Texas42Error`` before
    anything is solved. ``deals`` deals consistent with the plays are drawn from ``seed``
    (all of them when there are no more), and each is solved after every legal play.
    With an ``auction`` (all four calls, the high bid ``bidder``'s), they are drawn in
    proportion to its likelihood and that of the contract declared, as
    ``deal.infer_seen_deals`` says (``infer`` none: uniformly); where no more than
    ``deals`` are consistent with the plays, every one of them is weighed by that
    likelihood instead (``deal.weigh_seen_deals``): exact."""
    rules, bid, history, model = checked_play(
        hand, declaration, tricks, seat, bidder, bid, auction, infer, noise, house
    )
    seat = check_seat(seat)
    deals = check_deals(deals)
    seed = deal.draw_seed() if seed is None else deal.check_seed(seed)
    called = None if auction is None else auction.partner_contract
    drawn = _seen_deals(history, seat, hand, deals, deal.generators(seed)[0], model, called, threads)
    masks, exact, weights, inference = drawn
    counter = SolveCounter(masks.shape[0], progress)
    on_progress = counter if progress is not None else None
    if isinstance(rules, TrumpTricks):
        result = engine.play_values(
            masks, rules.declaration, history.leader, history.trick, history.score, threads, on_progress
        )
        settled = bid_decided(history, bid) is not None
        plays = rank_plays(result, seat, history.bidder, bid, exact, weights, settled)
        safety = safety_margin(result, plays, seat, history.bidder, bid, exact, weights)
        team_points = result.values
        wins = _contract_won(_bid_made(result.values, seat, history.bidder, bid), seat, history.bidder)
    else:
        safety = None
        result = engine.contract_play_values(
            masks, rules, history.bidder, history.leader, history.trick, threads, on_progress
        )
        plays = rank_contract_plays(result, seat, history.bidder, exact, weights)
        team_points = None
        wins = _contract_won(result.values == 1, seat, history.bidder)
    deals = int(masks.shape[0])
    kept = (weights, safety, wins, team_points)
    return PlayAdvice(
        hand, seat, history, bid, deals, seed, exact, plays, inference, masks, None, called, *kept
    )


def _seen_deals(
    history: PlayHistory,
    seat: Seat,
    hand: Hand,
    deals: int,
    rng: np.random.Generator,
    model: deal.PlayedAuctionModel | None,
    called: Contract | None,
    threads: int | None,
) -> tuple[np.ndarray, bool, np.ndarray | None, deal.Inference | None]:
    """The deals ``advise_play`` weighs, as ``seat`` has seen the plays: the masks, whether
    they are every consistent deal, their weights (where every one is weighed by the
    auction's likelihood) and the inference from the auction (``model``; None: uniform,
    or after a partner's plunge or splash ``called``, its bidder's doubles by rule)."""
    if model is None and called is not None:  # the plunger's doubles are a rule, not a model
        masks = deal.partner_contract_seen_deals(history, seat, hand.mask, deals, rng, called)
        return masks, deal.count_seen(history, seat, hand.mask) <= deals, None, None
    if model is None:
        masks, exact = deal.deals_seen_from(history, seat, hand.mask, deals, rng)
        return masks, exact, None, None
    if deal.count_seen(history, seat, hand.mask) <= deals:
        masks, weights, inference = deal.weigh_seen_deals(history, seat, hand.mask, model, threads)
        return masks, True, weights, inference
    masks, inference = deal.infer_seen_deals(history, seat, hand.mask, deals, rng, model, threads)
    return masks, False, None, inference


def rank_plays(
    result: engine.PlayValues,
    seat: Seat,
    bidder: Seat,
    bid: int,
    exact: bool,
    weights: np.ndarray | None = None,
    settled: bool = False,
) -> tuple[PlayStats, ...]:
    """Each legal play's statistics, the best first: the play that wins the contract for
    the seat's team (makes the bid, or sets it) in the most deals; among equals, the one
    with the most expected points, then the one best in the most deals, then the higher
    domino. ``settled``: the tricks so far already made or set the bid."""
    plays = result.plays
    values = result.values[:, list(plays)]
    made = _bid_made(values, seat, bidder, bid)
    best = values == values.max(axis=1, keepdims=True)
    stats = [
        replace(
            PlayStats.from_values(d, values[:, j], made[:, j], best[:, j], exact, weights), settled=settled
        )
        for j, d in enumerate(plays)
    ]
    defending = seat % 2 != bidder % 2

    def key(s: PlayStats) -> tuple[float, float, float, int]:
        contract = s.deals - s.made if defending else s.made
        return (contract, s.points or 0, s.best, s.domino)

    return tuple(sorted(stats, key=key, reverse=True))


def _bid_made(values: np.ndarray, seat: Seat, bidder: Seat, bid: int) -> np.ndarray:
    """Whether the bidder's team makes ``bid``, from the points of ``seat``'s team."""
    bidders_points = values if seat % 2 == bidder % 2 else TOTAL_POINTS - values
    made: np.ndarray = bidders_points >= needed_points(bid)
    return made


def _contract_won(made: np.ndarray, seat: Seat, bidder: Seat) -> np.ndarray:
    """Whether ``seat``'s team won the contract, where ``made`` says whether the bidder's
    side made it: made for the bidder's team, set for the other."""
    won: np.ndarray = made != (seat % 2 != bidder % 2)
    return won


def most_points(plays: Sequence[PlayStats]) -> PlayStats:
    """The play with the most expected points (the first among equals; the first at Nel-O
    and sevens)."""
    return max(plays, key=lambda s: s.points or 0)


def safety_margin(
    result: engine.PlayValues,
    plays: Sequence[PlayStats],
    seat: Seat,
    bidder: Seat,
    bid: int,
    exact: bool,
    weights: np.ndarray | None = None,
) -> tuple[float, Interval] | None:
    """How much more often the first of ``plays`` wins the contract for the seat's team
    than the play with the most expected points, on the same deals (``PlayAdvice.safety``);
    None where they are the same play."""
    best, most = plays[0], most_points(plays)
    if most.domino == best.domino:
        return None
    wins = _contract_won(
        _bid_made(result.values[:, [best.domino, most.domino]], seat, bidder, bid), seat, bidder
    )
    if weights is not None:  # every consistent deal, weighed: exact
        difference = wins[:, 0].astype(np.int64) - wins[:, 1]
        mean = float(np.dot(difference, weights) / weights.sum())
        return mean, Interval(mean, mean)
    return paired_difference(wins[:, 0], wins[:, 1], exact)


def rank_contract_plays(
    result: engine.PlayValues, seat: Seat, bidder: Seat, exact: bool, weights: np.ndarray | None = None
) -> tuple[PlayStats, ...]:
    """At Nel-O and sevens (``result.values`` 1 where the bidder's side makes the contract
    after the play): each legal play's statistics, the best first: the play that wins
    the contract for the seat's team in the most deals, then the higher domino."""
    plays = result.plays
    made = result.values[:, list(plays)] == 1
    wins = made if seat % 2 == bidder % 2 else ~made
    best = wins == wins.max(axis=1, keepdims=True)
    stats = [PlayStats.from_contract(d, made[:, j], best[:, j], exact, weights) for j, d in enumerate(plays)]
    defending = seat % 2 != bidder % 2

    def key(s: PlayStats) -> tuple[float, float, int]:
        return (s.deals - s.made if defending else s.made, s.best, s.domino)

    return tuple(sorted(stats, key=key, reverse=True))
