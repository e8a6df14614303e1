"""A hand played, reviewed turn by turn: at each turn of one seat, the play advice it could
have had then (``analysis.play``, over the deals consistent with what it had seen), set
beside the domino it played."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from texas42 import deal
from texas42.analysis.bidding import BidAdvice, advise_bid, with_uniform_odds
from texas42.analysis.calibrated import REALISTIC, check_basis
from texas42.analysis.declaring import (
    DeclarationAdvice,
    advise_declaration,
    declaration_playouts,
    plays_out_by_default,
    realistic_declaration,
)
from texas42.analysis.hand import analyze_hand
from texas42.analysis.play import (
    PlayAdvice,
    PlayStats,
    advise_play,
    checked_auction,
    checked_contract,
    contract_set,
    mark_bid_set,
    most_points,
)
from texas42.analysis.playout import DEFAULT_WORLDS, check_playout_deals, check_worlds
from texas42.analysis.realistic import DEFAULT_REALISTIC_DEALS, playouts_of, realistic_analysis
from texas42.analysis.realistic_play import (
    DEFAULT_REALISTIC_PLAY_DEALS,
    default_play_deals,
    playouts_total,
    realistic_plays,
)
from texas42.analysis.sample import DEFAULT_DEALS, Progress, check_deals
from texas42.analysis.statistics import Interval, summed_interval
from texas42.errors import IllegalPlayError
from texas42.rules import (
    Auction,
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
    check_seat,
    points_score,
    replay,
)


@dataclass(frozen=True)
class TurnReview:
    """One turn of the reviewed seat: the ``advice`` it could have had then and the domino
    it ``played``."""

    advice: PlayAdvice
    played: Domino

    @property
    def trick(self) -> int:
        """The trick's number, from 1."""
        return self.advice.history.tricks_played + 1

    @property
    def chosen(self) -> PlayStats:
        """The figures of the domino played."""
        return next(s for s in self.advice.plays if s.domino == self.played)

    @property
    def best(self) -> PlayStats:
        """The best play at this turn (``PlayAdvice.best``)."""
        return self.advice.best

    @property
    def forced(self) -> bool:
        """Whether the seat had one legal play."""
        return len(self.advice.plays) == 1

    @property
    def weighs_points(self) -> bool:
        """Whether the turn is judged on expected points as well as the odds of the
        contract: at a trump bid below 42. Not at 42 and the mark bids (plunge and splash
        too), which only taking all 42 points makes, nor at Nel-O and sevens."""
        return self.advice.counts_points and points_score(self.advice.bid)

    def _against_best(self) -> tuple[float, float]:
        """How the play compares with the best, as the difference of (the deals winning the
        seat's team's contract: made, or set when it defends; where they count, the expected
        points): ordered, what was won first."""
        chosen, best = self.chosen, self.best
        won = self.advice.contract_deals(chosen) - self.advice.contract_deals(best)
        if not self.weighs_points:
            return won, 0.0
        assert chosen.points is not None and best.points is not None  # points weigh: a trump hand
        return won, chosen.points - best.points

    @property
    def is_best(self) -> bool:
        """Whether the play was as good as the best: the same odds of the contract and,
        where they count (``weighs_points``), as many expected points (an equal play, or
        the best itself); played out, where the best is the double-dummy one, better odds
        or as good odds and more points count too."""
        return self._against_best() >= (0.0, 0.0)

    @property
    def beats_best(self) -> bool:
        """Whether the play did better than the best listed: only played out, where the best
        is the play advised on the double-dummy figures and another can do better."""
        return self._against_best() > (0.0, 0.0)

    @property
    def sound(self) -> bool:
        """Whether the play, missing the best, had the figures of the play with the most
        expected points (that play, or one equal to it) where points count
        (``weighs_points``), and those odds of the contract lie within the sampling error
        of the best's (the paired interval of ``PlayAdvice.safety`` reaches 0): a play
        ``texas42 play`` calls sound too."""
        safety = self.advice.safety
        if self.is_best or not self.weighs_points or safety is None or safety[1].low > 0:
            return False
        most, chosen = self.advice.most_points, self.chosen
        contract = self.advice.contract_deals
        return chosen.points == most.points and contract(chosen) == contract(most)

    @property
    def points_lost(self) -> float | None:
        """The team's expected points the best play would have added (negative when the
        play expects more points, for worse odds of the contract); None where they do not
        count (``weighs_points``)."""
        best, chosen = self.best.expected_points, self.chosen.expected_points
        return None if best is None or chosen is None or not self.weighs_points else best - chosen

    @property
    def contract_lost(self) -> float:
        """The odds of winning the contract for the seat's team (making the bid, or
        setting it) given up against the best play."""
        advice = self.advice
        return (advice.contract_deals(self.best) - advice.contract_deals(self.chosen)) / self.best.deals

    @property
    def contract_lost_ci95(self) -> Interval | None:
        """The 95% interval of ``contract_lost``, paired over the turn's deals (both plays
        valued on the same deals: ``PlayAdvice.lead_ci95``); ``contract_lost`` itself where
        they are every consistent deal. None where the deals' outcomes are not kept."""
        return self.advice.lead_ci95(self.best, self.chosen)

    @property
    def points_lost_ci95(self) -> Interval | None:
        """The 95% interval of ``points_lost``, paired over the turn's deals
        (``PlayAdvice.points_lead_ci95``); None where ``points_lost`` is, or the deals'
        points are not kept."""
        if self.points_lost is None:
            return None
        return self.advice.points_lead_ci95(self.best, self.chosen)

    @property
    def played_out(self) -> TurnReview | None:
        """The turn weighed on its plays played out (``PlayAdvice.realistic``), if they
        were: the same properties, from the playouts' figures, the play held up as best
        being the one ``texas42 play --realistic`` advises (``PlayAdvice.advised``). Not
        the playouts' own best: the largest of several noisy figures overstates its play,
        so every other play would seem to give up odds, the one advised too."""
        played = self.advice.realistic
        if played is None:
            return None
        advised = self.advice.advised.domino
        plays = sorted(played.plays, key=lambda s: s.domino != advised)  # stable: the rest as ranked
        most = most_points(plays).domino
        safety = None if most == advised else played.lead(advised, most)  # the playouts', paired
        figures = replace(
            self.advice,
            plays=tuple(plays),
            deals=played.deals,
            exact=False,
            sample=None,
            realistic=None,
            safety=safety,
        )
        return TurnReview(replace(figures, wins=played.wins, team_points=played.points), self.played)


@dataclass(frozen=True)
class PlayReview:
    """The turns of ``seat`` (dealt ``hand``) in the plays of ``history``, a hand bid
    ``bid`` by ``history.bidder``; each turn's advice over ``deals`` deals from ``seed``."""

    hand: Hand
    seat: Seat
    history: PlayHistory
    bid: int
    deals: int
    seed: int
    turns: tuple[TurnReview, ...]
    declared: DeclarationAdvice | None = None
    """What ``texas42 declare`` advises on the same seed and deals, when the seat declared
    and the whole auction is known (the declaration is then reviewed too), else None."""
    called: BidAdvice | None = None
    """What ``texas42 bid`` advises on the same seed and deals at the seat's call, when
    the whole auction is known (the call is then reviewed too), else None."""
    call: int | None = None
    """The seat's call in the whole auction, when it is known."""
    call_contract: Contract | None = None
    """The plunge or splash that call was, if it was one."""
    house: HouseRules = field(default_factory=HouseRules)
    """The house rules the hand was played and weighed under."""

    @property
    def declared_as(self) -> PlayedContract:
        """What the hand was declared: a trump, or Nel-O or sevens."""
        return self.history.declaration if self.contract is None else self.contract

    @property
    def declaration(self) -> Declaration:
        """The trump (a ``ValueError`` at Nel-O and sevens: see ``played_at``)."""
        return self.history.declaration

    @property
    def played_at(self) -> str:
        """What the hand is played at: ``sixes``, ``follow-me``, ``Nel-O``, ``sevens``."""
        return self.history.play_rules.label

    @property
    def contract(self) -> Contract | None:
        """The special contract the hand is played at (Nel-O, sevens), None for a trump."""
        return self.turns[0].advice.contract

    @property
    def partner_contract(self) -> Contract | None:
        """The plunge or splash the hand was bid at, as ``PlayAdvice.partner_contract``."""
        return self.turns[0].advice.partner_contract

    @property
    def counts_points(self) -> bool:
        """Whether the plays have expected points (a trump hand), or only odds of the
        contract (Nel-O and sevens)."""
        return self.turns[0].advice.counts_points

    @property
    def weighs_points(self) -> bool:
        """Whether the turns are judged on expected points too (``TurnReview.weighs_points``)."""
        return self.turns[0].weighs_points

    @property
    def bidder(self) -> Seat:
        """The seat that won the bid and named the contract."""
        return self.history.bidder

    @property
    def defending(self) -> bool:
        """Whether the seat reviewed is on the team that did not bid."""
        return self.seat % 2 != self.bidder % 2

    @property
    def missed(self) -> tuple[TurnReview, ...]:
        """The turns whose play was not as good as the best."""
        return tuple(t for t in self.turns if not t.is_best)

    @property
    def points_lost(self) -> float | None:
        """The expected points given up, turn by turn, in all (None where they do not
        count: ``weighs_points``)."""
        if not self.weighs_points:
            return None
        return sum(t.points_lost or 0.0 for t in self.missed)

    @property
    def contract_lost(self) -> float:
        """The odds of the contract given up, turn by turn, in all."""
        return sum(t.contract_lost for t in self.missed)

    @property
    def contract_lost_ci95(self) -> Interval | None:
        """The 95% interval of ``contract_lost``: the missed turns' deals are independent
        samples, so the sum's interval adds their intervals' distances below and above each
        turn's figure in squares (``summed_interval``: for symmetric intervals, the root of
        the sum of the squared half-widths). None where a turn's interval is unknown."""
        return _summed([(t.contract_lost, t.contract_lost_ci95) for t in self.missed])

    @property
    def points_lost_ci95(self) -> Interval | None:
        """The 95% interval of ``points_lost``, the missed turns' intervals added as
        ``contract_lost_ci95`` adds them; None where points do not count
        (``weighs_points``) or a turn's interval is unknown."""
        if not self.weighs_points:
            return None
        return _summed([(t.points_lost or 0.0, t.points_lost_ci95) for t in self.missed])

    @property
    def played_out(self) -> PlayReview | None:
        """The review on the turns' plays played out (``realistic_review``), if they were."""
        turns = [t.played_out for t in self.turns]
        if any(t is None for t in turns):
            return None
        return replace(self, turns=tuple(t for t in turns if t is not None))

    @property
    def played_out_lost_ci95(self) -> Interval | None:
        """The 95% interval of the odds of the contract given up in all, played out
        (``played_out.contract_lost``): each missed turn's difference paired over its
        deals (``RealisticPlays.lead``), the turns' deals independent, their intervals'
        distances below and above each difference added in squares
        (``contract_lost_ci95`` of ``played_out``)."""
        played = self.played_out
        return None if played is None else played.contract_lost_ci95


def _summed(parts: Sequence[tuple[float, Interval | None]]) -> Interval | None:
    """``summed_interval`` of ``parts``; None where an interval among them is unknown."""
    known = [(value, ci) for value, ci in parts if ci is not None]
    return summed_interval(known) if len(known) == len(parts) else None


def checked_review(
    hand: Hand,
    declaration: PlayedContract,
    tricks: Sequence[Domino],
    seat: Seat = 0,
    bidder: Seat = 0,
    bid: int | None = None,
    auction: FinishedAuction | None = None,
    infer: str = "auction",
    noise: float = deal.DEFAULT_NOISE,
    house: HouseRules | None = None,
) -> tuple[int, PlayHistory, list[int]]:
    """Every check ``review_play`` makes of the hand, the plays and the auction before it
    solves (a ``Texas42Error`` naming what is wrong): the bid played, the plays' history
    and the indices of the seat's turns to review (not those after a trick set the
    contract)."""
    house = HouseRules() if house is None else house
    seat, bidder = check_seat(seat), check_seat(bidder)
    rules, bid = checked_contract(declaration, bidder, bid, auction, house)
    history = replay(rules, bidder, tricks, seat, hand.mask)
    deal.check_seen(history, seat, hand.mask)
    checked_auction(history, seat, hand, declaration, auction, infer, noise, house)
    decided = contract_set(history) or mark_bid_set(history, bid)  # the later turns are not weighed
    turns = [
        k
        for k, play in enumerate(history.plays)
        if play.seat == seat and (decided is None or play.trick <= decided)
    ]
    if not turns and isinstance(rules, NelloTricks) and seat == (bidder + 2) % 4:
        raise IllegalPlayError(f"seat {seat} is the Nel-O bidder's partner, who sits out: nothing to review")
    if not turns:
        raise IllegalPlayError(f"seat {seat} played none of the dominoes given: nothing to review")
    return bid, history, turns


def review_play(
    hand: Hand,
    declaration: PlayedContract,
    tricks: Sequence[Domino],
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
    basis: str = REALISTIC,
) -> PlayReview:
    """Each turn of ``seat`` (dealt ``hand``) in the plays ``tricks`` of a hand that
    ``bidder`` bid (``bid``, or the ``auction``'s high bid) and declared ``declaration``
    (a trump, Nel-O or sevens): the advice of ``advise_play`` at that turn, with the same
    options and ``seed``, beside the domino played; at Nel-O and sevens, the turns before
    a trick set the contract. Every bad input (a play that contradicts the rules or what
    the seat saw, no turn of the seat among the plays) is a ``Texas42Error`` before
    anything is solved. Where the whole ``auction`` is given, the seat's call is weighed
    too, as ``texas42 bid`` would have after the calls before it (``PlayReview.called``),
    and where ``seat`` declared, the declaration, as ``texas42 declare`` would have
    (``PlayReview.declared``), both on ``basis``."""
    house = HouseRules() if house is None else house
    basis = check_basis(basis)
    bid, history, turns = checked_review(
        hand, declaration, tricks, seat, bidder, bid, auction, infer, noise, house
    )
    seat, bidder = check_seat(seat), check_seat(bidder)
    deals = check_deals(deals)
    seed = deal.draw_seed() if seed is None else deal.check_seed(seed)
    declaring = auction if seat == bidder else None  # weighed after the turns
    weighed = len(turns) + (declaring is not None) + (auction is not None)
    counter = None if progress is None else TurnSolves(progress, weighed)
    reviewed = []
    for k in turns:
        advised = (seat, bidder, bid, deals, seed, threads, counter, auction, infer, noise, house)
        reviewed.append(TurnReview(advise_play(hand, declaration, tricks[:k], *advised), tricks[k]))
        if counter is not None:
            counter.next_turn()
    declared = None
    if declaring is not None:
        model = deal.auction_model(declaring, infer, noise, house)
        declared = advise_declaration(
            hand, None, declaring, model, deals, seed, house, basis=basis, threads=threads, progress=counter
        )
        if counter is not None:
            counter.next_turn()
    if auction is None:
        return PlayReview(hand, seat, history, bid, deals, seed, tuple(reviewed), declared, house=house)
    place = auction.place_of(seat, bidder)
    called = _bid_advice(
        hand, auction.before(place), deals, seed, threads, counter, infer, noise, house, basis
    )
    call = (called, auction.bids[place], auction.call_contract(place))
    return PlayReview(hand, seat, history, bid, deals, seed, tuple(reviewed), declared, *call, house)


def _bid_advice(
    hand: Hand,
    before: Auction,
    deals: int,
    seed: int,
    threads: int | None,
    progress: Progress | None,
    infer: str,
    noise: float,
    house: HouseRules,
    basis: str,
) -> BidAdvice:
    """What ``texas42 bid`` advises after the calls ``before``, on these deals and seed."""
    model = deal.auction_model(before, infer, noise, house)
    analysis = analyze_hand(
        hand, deals, seed, threads=threads, progress=progress, house=house, auction=model, basis=basis
    )
    return with_uniform_odds(advise_bid(analysis, before, house), threads)


class TurnSolves:
    """The solves of a review of ``turns`` turns (the declaration and the call weighed
    count as one each), told to ``progress``: those of the turns done and of this one, of
    a total that counts each turn still to come as this one."""

    def __init__(self, progress: Progress, turns: int) -> None:
        self.progress = progress
        self.left = turns
        self.before = self.current = 0

    def __call__(self, done: int, total: int) -> None:
        self.current = total
        self.progress(self.before + done, self.before + total * self.left)

    def next_turn(self) -> None:
        self.before += self.current
        self.current = 0
        self.left -= 1


def realistic_review(
    review: PlayReview,
    deals: int = DEFAULT_REALISTIC_PLAY_DEALS,
    worlds: int = DEFAULT_WORLDS,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    contract_deals: int | None = None,
) -> PlayReview:
    """``review`` with every turn's legal plays played out (``realistic_plays``) on
    ``deals`` of that turn's deals, ``worlds`` worlds a decision: ``PlayReview.played_out``
    then weighs the turns on the playouts. The call and the declaration weighed on
    realistic odds are played out too, as ``bid`` and ``declare --realistic`` play them,
    on ``contract_deals`` deals (default ``deals``). ``on_progress(k)`` as
    ``realistic_review_total`` counts."""
    deals = check_playout_deals(deals)
    worlds = check_worlds(worlds)
    contract_deals = deals if contract_deals is None else check_playout_deals(contract_deals)
    called, declared = _call_to_play(review), _declaration_to_play(review)
    review = _contracts_played(review, called, declared, contract_deals, worlds, threads, on_progress)
    return _turns_played(review, deals, worlds, threads, on_progress)


def _turns_played(
    review: PlayReview,
    deals: int,
    worlds: int,
    threads: int | None,
    on_progress: Callable[[int], None] | None,
) -> PlayReview:
    """``review`` with every turn's legal plays played out on ``deals`` of its deals."""
    turns = tuple(
        replace(
            t,
            advice=replace(
                t.advice, realistic=realistic_plays(t.advice, deals, worlds, threads, on_progress)
            ),
        )
        for t in review.turns
    )
    return replace(review, turns=turns)


def played_out_by_default(
    review: PlayReview,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    deals: int | None = None,
    worlds: int = DEFAULT_WORLDS,
) -> PlayReview:
    """``review`` with what the commands play out unasked played out, as they do: its call
    and declaration where ``bid`` and ``declare`` play them out (``plays_out_by_default``:
    we named a partner's plunge or splash trump), on ``DEFAULT_REALISTIC_DEALS`` deals; its
    turns where ``play`` plays them out (``turns_played_out_by_default``: at Nel-O), on
    ``deals`` deals (None: ``DEFAULT_REALISTIC_PLAY_DEALS``), ``worlds`` worlds a decision.
    ``on_progress(k)`` as ``default_playouts`` counts."""
    called, declared = _by_default(review)
    review = _contracts_played(
        review, called, declared, DEFAULT_REALISTIC_DEALS, DEFAULT_WORLDS, threads, on_progress
    )
    deals = _turn_deals(review, deals)
    if not deals:
        return review
    return _turns_played(review, check_playout_deals(deals), check_worlds(worlds), threads, on_progress)


def default_playouts(review: PlayReview, deals: int | None = None) -> int:
    """How many playouts ``played_out_by_default`` on ``deals`` makes: for progress."""
    deals = _turn_deals(review, deals)
    turns = sum(playouts_total(t.advice, deals) for t in review.turns) if deals else 0
    return turns + _contract_playouts(*_by_default(review), DEFAULT_REALISTIC_DEALS)


def _turn_deals(review: PlayReview, deals: int | None) -> int:
    """The deals the turns are played out on unasked (0: none): ``deals``, by default the
    commands' own, where ``play`` plays out unasked."""
    unasked = default_play_deals(review.declared_as)
    return (unasked if deals is None else deals) if unasked else 0


def _by_default(review: PlayReview) -> tuple[BidAdvice | None, DeclarationAdvice | None]:
    """The call and declaration that ``bid`` and ``declare`` would play out unasked."""
    called, declared = _call_to_play(review), _declaration_to_play(review)
    if called is not None and not plays_out_by_default(called.auction, REALISTIC):
        called = None
    if declared is not None and not plays_out_by_default(declared.auction, declared.basis):
        declared = None
    return called, declared


def _contracts_played(
    review: PlayReview,
    called: BidAdvice | None,
    declared: DeclarationAdvice | None,
    deals: int,
    worlds: int,
    threads: int | None,
    on_progress: Callable[[int], None] | None,
) -> PlayReview:
    """``review`` with the call ``called`` and the declaration ``declared`` (None: not
    that one) played out on ``deals`` deals, as ``bid`` and ``declare`` play them."""
    if called is not None:
        played = realistic_analysis(called.analysis, deals, worlds, threads, on_progress, called.auction)
        analysis = replace(called.analysis, realistic=played)
        advice = with_uniform_odds(advise_bid(analysis, called.auction, review.house), threads)
        review = replace(review, called=advice)
    if declared is not None:
        review = replace(
            review, declared=realistic_declaration(declared, deals, worlds, threads, on_progress)
        )
    return review


def _call_to_play(review: PlayReview) -> BidAdvice | None:
    """The call weighed, where its advice rests on calibrated estimates to play out."""
    called = review.called
    return called if called is not None and called.analysis.realistic is not None else None


def _declaration_to_play(review: PlayReview) -> DeclarationAdvice | None:
    """The declaration weighed, where its advice rests on realistic odds to play out."""
    declared = review.declared
    return declared if declared is not None and declared.basis == REALISTIC else None


def realistic_review_total(review: PlayReview, deals: int, contract_deals: int | None = None) -> int:
    """What ``realistic_review`` on ``deals`` deals (``contract_deals`` for the call and
    declaration) counts to in ``on_progress``."""
    contract_deals = deals if contract_deals is None else contract_deals
    total = sum(playouts_total(t.advice, deals) for t in review.turns)
    return total + _contract_playouts(_call_to_play(review), _declaration_to_play(review), contract_deals)


def _contract_playouts(called: BidAdvice | None, declared: DeclarationAdvice | None, deals: int) -> int:
    """How many playouts ``_contracts_played`` makes of ``called`` and ``declared``."""
    total = 0 if called is None else playouts_of(called.analysis, deals)
    return total + (0 if declared is None else declaration_playouts(declared, deals))
