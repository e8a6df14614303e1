"""Deals of a hand in play drawn to fit the whole auction (``texas42 play --auction``):
the deals ``deal.seen`` draws (uniform among those consistent with the plays), kept in
proportion to the likelihood of every other player's call and of the bidder's choice of
trump, under the bidding model of ``deal.inference`` judged on the hands as dealt (what
each seat holds now and what it has played).

The bidder's declaration: the trump with the best odds of the bid on the evaluator,
misjudged as the bids are (a softmax of the nine trumps' log-odds over the noise; at a
mark bid, Nel-O's and sevens' odds beside them, where the house rules allow them), or a
slip to any of them (``SLIP``). A bidder who declared Nel-O or sevens bid it, in place of
their call, as a player values a hand by its odds (``at_least``): when the contract's
odds, misjudged, are even or better (or by a slip, as likely as any call open to them);
its odds are the quick model's double-dummy estimate (``evaluate.special_odds``), the
only ones it has.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import combinations
from typing import Final

import numpy as np

from texas42.deal.constrained import doubles_possible, enumerate_plan, plan_deals, sample_plan
from texas42.deal.inference import (
    BLOCK,
    CLIP,
    DEFAULT_NOISE,
    FILL,
    MAX_CANDIDATES,
    SLIP,
    VALUES,
    Call,
    HandValues,
    Inference,
    Kept,
    at_least,
    bids_first,
    calls_from,
    check_auction_house,
    check_infer,
    check_noise,
    contract_odds,
    kept_for_process,
    mark_contracts,
    special_odds,
    table_head,
    table_model,
    value_index,
    with_contracts,
)
from texas42.deal.seen import deals_seen_from, seen_from, table_seats
from texas42.errors import AuctionError
from texas42.evaluate import DOUBLE_DUMMY
from texas42.evaluate.calibration import tail_odds
from texas42.evaluate.estimates import map_parts, point_distributions
from texas42.rules import (
    DOUBLES,
    Contract,
    Declaration,
    Dominoes,
    FinishedAuction,
    Hand,
    HouseRules,
    NelloDoubles,
    NelloTricks,
    PlayHistory,
    Seat,
    doubles_held,
    doubles_needed,
    partner_trump,
    special_contract,
)


@dataclass(frozen=True)
class PlayedAuctionModel:
    """What to infer from during the play: the whole ``auction`` (its high bid won by the
    bidder), what the bidder declared (a trump, or Nel-O or sevens), the ``noise`` of the
    players' judgement, the evaluator's ``head`` and the ``house`` rules (which special
    contracts the players may bid, and how doubles play at Nel-O)."""

    auction: FinishedAuction
    declaration: Declaration | Contract
    noise: float = DEFAULT_NOISE
    head: str = DOUBLE_DUMMY
    house: HouseRules = field(default_factory=HouseRules)


def played_auction_model(
    auction: FinishedAuction | None,
    declaration: Declaration | Contract,
    infer: str = "auction",
    noise: float = DEFAULT_NOISE,
    house: HouseRules | None = None,
) -> PlayedAuctionModel | None:
    """The model to draw the deals of a hand in play with, or None to deal uniformly:
    ``infer`` none, or no auction given. Of the special contracts, Nel-O and sevens only
    (a ``ValueError`` for plunge and splash, played at a trump). ``house``: the table's
    rules (default the rule book's)."""
    check_noise(noise)
    if isinstance(declaration, Contract):
        if declaration not in (Contract.NELLO, Contract.SEVENS):
            raise ValueError(f"a {declaration.label} is played at a trump: give the trump")
    else:
        declaration = Declaration(declaration)
    contract = None if auction is None else auction.partner_contract
    if contract is not None and isinstance(declaration, Contract):
        raise AuctionError(
            f"a {contract.written} is played at the trump the partner names, not at {declaration.written}"
        )
    house = HouseRules() if house is None else house
    if auction is not None:
        check_auction_house(auction, house)
    if check_infer(infer) == "none" or auction is None:
        return None
    return PlayedAuctionModel(auction, declaration, float(noise), table_head(), house)


def declaration_probability(odds: np.ndarray, declaration: int, noise: float) -> np.ndarray:
    """(n,): the model's probability that a bidder whose declarations make the bid with
    these ``odds`` (n, m: the nine trumps', then those of the special contracts open to
    it) declares ``declaration``: the one whose log-odds, misjudged, are the highest (a
    softmax of the log-odds over ``noise``; noise 0: the best, ties shared), or a slip to
    any of the m (``SLIP``)."""
    p = np.clip(odds, CLIP, 1.0 - CLIP)
    if noise == 0.0:
        weights = (p == p.max(axis=1, keepdims=True)).astype(np.float64)
    else:
        logit = (np.log(p) - np.log1p(-p)) / noise
        weights = np.exp(logit - logit.max(axis=1, keepdims=True))
    choice = weights[:, declaration] / weights.sum(axis=1)
    result: np.ndarray = (1.0 - SLIP) * choice + SLIP / odds.shape[1]
    return result


def special_bid_probability(odds: np.ndarray, choices: int, noise: float) -> np.ndarray:
    """(n,): the model's probability that a bidder whose hands make Nel-O or sevens with
    these ``odds`` (n,) bid that contract: its odds, misjudged, even or better, or a slip
    to any of the ``choices`` calls open."""
    result: np.ndarray = (1.0 - SLIP) * at_least(odds, noise) + SLIP / choices
    return result


DECLARATION_TABLES: Final = kept_for_process(8)
"""The bidder's chances of its declaration (``_Declarations``), for the last 8 hands and
auctions asked (1 MB each)."""


class _Declarations:
    """``declaration_probability`` of the bidder's hands, by rank, each computed once (at
    Nel-O and sevens, ``special_bid_probability`` of the bidder's ``call``); the hands'
    ``value_odds`` come from the same evaluation and go into ``values``. At a mark bid
    the bidder chose the trump among the nine and Nel-O and sevens (where the house rules
    allow them): a hand that makes Nel-O far more often than any trump makes the mark
    seldom declares a trump."""

    def __init__(self, values: HandValues, model: PlayedAuctionModel, call: Call) -> None:
        self.values = values
        self.model = model
        self.call = call
        # What the probabilities depend on: kept for the process, as the hands' values
        # are (a defender's every turn asks them again).
        key = (values.mask, model.head, model.house, model.declaration, model.noise, model.auction.high_bid)
        self.table = DECLARATION_TABLES.get((*key, call.choices), lambda: np.full(values.hands, np.nan))

    def probability(self, ranks: np.ndarray) -> np.ndarray:
        missing = np.isnan(self.table[ranks])
        if missing.any():
            self._evaluate(np.unique(ranks[missing]))
        result: np.ndarray = self.table[ranks]
        return result

    def _evaluate(self, new: np.ndarray) -> None:
        chosen = table_model()
        model = self.model
        value = value_index(model.auction.high_bid)

        declared = model.declaration
        weighed = mark_contracts(model.house)

        def part_odds(part: np.ndarray) -> np.ndarray:
            odds = tail_odds(point_distributions(chosen, model.head, part))
            special = contract_odds(part, model.house)
            if isinstance(declared, Contract):
                declared_odds = (
                    special[:, weighed.index(declared)]
                    if declared in weighed
                    else special_odds(part, declared, model.house.nello_doubles)
                )
                chosen_odds = special_bid_probability(declared_odds, self.call.choices, model.noise)
            else:
                options = odds[:, :, value]
                if value == VALUES - 1:
                    options = np.concatenate((options, special), axis=1)
                chosen_odds = declaration_probability(options, declared, model.noise)
            values = with_contracts(odds.max(axis=1), special)
            return np.concatenate((values, chosen_odds[:, None]), axis=1)

        found = np.concatenate(map_parts(part_odds, self.values.unrank(new), self.values.threads))
        self.values.learn(new, found[:, :VALUES])
        self.table[new] = found[:, VALUES]


def infer_seen_deals(
    history: PlayHistory,
    seat: Seat,
    hand: Dominoes,
    n: int,
    rng: np.random.Generator,
    model: PlayedAuctionModel,
    threads: int | None = None,
    max_candidates: int = MAX_CANDIDATES,
) -> tuple[np.ndarray, Inference]:
    """``n`` deals of the dominoes still held, as ``deal.seen.deals_seen_from`` deals them
    (uniform among those consistent with what ``seat``, dealt ``hand``, has seen) but kept
    in proportion to the likelihood of ``model``'s auction: each other player's call, and
    the bidder's choice of trump, judged on the hand that player was dealt (what it holds
    now and what it has played). Once the draws still to come, as the last block
    foretells, are about to meet most of the hands a seat may have been dealt (``FILL``),
    they are valued at once and that seat's factors are divided by their largest value
    over them: more candidates are kept, each as likely as before (and each counted as
    standing for fewer uniform ones, so that ``Inference.acceptance`` still estimates the
    auction's mean likelihood). In the table's seats;
    an ``InferenceError`` if more than ``max_candidates`` candidates would be needed.
    Drawn with replacement: where few deals are consistent with the plays
    (``Inference.consistent``), some come more than once, as their likelihood says."""
    check_played_auction(history, seat, hand, model.auction)
    seen = seen_from(history, seat, hand)
    plan = plan_deals(seen.hand, seen.constraints)
    played = np.array([history.played_by((seat + r) % 4) for r in range(4)], dtype=np.int64)
    values = HandValues(Hand(hand), model.head, threads, model.house)
    bidder = (history.bidder - seat) % 4
    hands = [_PossibleHands(history, (seat + r) % 4, hand) for r in range(4)]
    tests = _seen_tests(model, values, bidder)
    unbounded = {relative for relative, _ in tests}
    kept = Kept(n, model.auction, model.noise, max_candidates, bool(mark_contracts(model.house)))
    last = -1  # the candidates kept from the last block (none drawn yet)
    scale = 1.0  # what the bounded factors were divided by: each candidate counts 1 / scale
    while not kept.done:
        # One seat a block, the fewest hands first: the next block foretells anew.
        for relative in sorted(unbounded, key=lambda r: hands[r].count):
            if last >= 0 and (n - kept.found) * BLOCK >= FILL * hands[relative].count * last:
                for k, test in enumerate(tests):
                    if test[0] == relative:
                        tests[k], top = _bounded(test, hands[relative], values)
                        scale *= top
                unbounded.remove(relative)
                break
        dealt = sample_plan(plan, BLOCK, rng) | played
        trials = rng.random((BLOCK, len(tests)))
        alive = np.arange(BLOCK)
        for k, (relative, probability) in enumerate(tests):
            if alive.size == 0:
                break
            alive = alive[trials[alive, k] < probability(values.rank(dealt[alive, relative]))]
        last = kept.add(dealt, alive, weight=1.0 / scale)
    return table_seats(kept.deals() & ~played, seat), kept.inference(model.head, plan.total)


def weigh_seen_deals(
    history: PlayHistory,
    seat: Seat,
    hand: Dominoes,
    model: PlayedAuctionModel,
    threads: int | None = None,
) -> tuple[np.ndarray, np.ndarray, Inference]:
    """Every deal of the dominoes still held consistent with what ``seat`` (dealt
    ``hand``) has seen, once each, in the table's seats, with its likelihood under
    ``model``'s auction (the product of the factors ``infer_seen_deals`` keeps its
    candidates by): the exact form of its draws, for when the consistent deals are few
    (``count_seen``)."""
    check_played_auction(history, seat, hand, model.auction)
    seen = seen_from(history, seat, hand)
    plan = plan_deals(seen.hand, seen.constraints)
    played = np.array([history.played_by((seat + r) % 4) for r in range(4)], dtype=np.int64)
    values = HandValues(Hand(hand), model.head, threads, model.house)
    rows = enumerate_plan(plan)
    dealt = rows | played
    weights = np.ones(rows.shape[0])
    for relative, probability in _seen_tests(model, values, (history.bidder - seat) % 4):
        weights *= probability(values.rank(dealt[:, relative]))
    specials = bool(mark_contracts(model.house))
    likelihood = float(weights.sum())  # above 0: some deal has the doubles checked above, and calls may slip
    found = Inference(
        model.auction, model.head, model.noise, rows.shape[0], 0, specials, plan.total, likelihood=likelihood
    )
    return table_seats(rows, seat), weights, found


_Test = tuple[int, Callable[[np.ndarray], np.ndarray]]
"""A factor of the likelihood: (seat relative to ours, its probability for hands of these ranks)."""


class _PossibleHands:
    """The hands ``seat`` may have been dealt, as a player dealt ``hand`` sees the plays of
    ``history``: what it played, and the rest from the unseen dominoes of the suits it has
    not shown out of (the other seats' room aside)."""

    def __init__(self, history: PlayHistory, seat: Seat, hand: Dominoes) -> None:
        taken = hand | history.played | history.lacks(seat)
        self.free = [d for d in range(28) if not taken >> d & 1]
        self.held = history.held(seat)
        self.played = history.played_by(seat)
        self.count = math.comb(len(self.free), self.held)

    def masks(self) -> np.ndarray:
        bits = np.int64(1) << np.array(self.free, dtype=np.int64)
        chosen = np.array(list(combinations(range(len(self.free)), self.held)), dtype=np.intp)
        held: np.ndarray = bits[chosen].sum(axis=1)
        return held | self.played


def _bounded(test: _Test, hands: _PossibleHands, values: HandValues) -> tuple[_Test, float]:
    """``test`` divided by its largest value over ``hands`` (all valued now, at once), and
    that value. Dividing from some candidate on keeps the deals exactly as likely: each
    candidate is a uniform draw of its own, kept in proportion to the likelihood."""
    relative, probability = test
    top = float(probability(values.rank(hands.masks())).max())
    return (relative, lambda ranks: probability(ranks) / top), top


def _seen_tests(model: PlayedAuctionModel, values: HandValues, bidder: int) -> list[_Test]:
    """The factors of the likelihood, as (seat relative to ours, probability of the hands
    of these ranks): the bidder's choice of trump first (unless we bid), then the other
    players' calls, bids before passes. At Nel-O and sevens the bidder's choice is their
    call: the call is not weighed again as a trump bid."""
    auction = model.auction
    if auction.partner_contract is not None:
        return _partner_contract_tests(model, values, bidder)
    calls = bids_first(
        c for c in calls_from(auction, auction.place_of(0, bidder), model.house) if c.seat != 0
    )
    tests: list[_Test] = []
    if bidder != 0:
        high = next(c for c in calls if c.seat == bidder and c.bid == auction.high_bid)
        tests.append((bidder, _Declarations(values, model, high).probability))
        if isinstance(model.declaration, Contract):
            calls = tuple(c for c in calls if c is not high)
    for call in calls:
        tests.append((call.seat, partial(values.probability, call, model.noise)))
    return tests


def _partner_contract_tests(model: PlayedAuctionModel, values: HandValues, leader: int) -> list[_Test]:
    """The factors of a plunge's or a splash's auction (``leader``, relative to us, is the
    partner of the player who bid it, named the trump and leads): that player holds the
    doubles the contract needs, as the rules require (whether such a hand bids it is not
    modelled); the partner named the trump by ``rules.partner_trump``, or slipped to any of
    the nine; the other calls as in any auction (``deal.inference.calls_from``: passes
    after a plunge, and the partner's after a splash, say nothing)."""
    auction = model.auction
    calls = calls_from(auction, auction.place_of(0, leader), model.house)
    won = next(c for c in calls if c.place == auction.winner)
    tests: list[_Test] = []
    if won.seat != 0:
        tests.append((won.seat, partial(values.probability, won, model.noise)))
    if leader != 0:
        tests.append((leader, partial(_naming_probability, values, model.declaration)))
    others = (c for c in calls if c is not won and c.seat != 0)
    return tests + [(c.seat, partial(values.probability, c, model.noise)) for c in others]


def _naming_probability(
    values: HandValues, declared: Declaration | Contract, ranks: np.ndarray
) -> np.ndarray:
    """The chance that a partner dealt these hands (by rank) names ``declared``: by
    ``rules.partner_trump``, or by a slip (``SLIP``) to any of the nine trumps."""
    masks, where = np.unique(values.unrank(ranks), return_inverse=True)
    named = np.array([partner_trump(int(m)) == declared for m in masks], dtype=np.float64)
    result: np.ndarray = ((1.0 - SLIP) * named + SLIP / len(Declaration))[where]
    return result


def check_played_auction(history: PlayHistory, seat: Seat, hand: Dominoes, auction: FinishedAuction) -> None:
    """An ``AuctionError`` unless every player who plunged or splashed in ``auction`` may
    have been dealt the doubles it needs, together, in some deal consistent with what
    ``seat``, dealt ``hand``, has seen of the plays (exactly:
    ``deal.constrained.doubles_possible``). The high bid is ``history.bidder``'s, or, at
    a plunge or a splash, its partner's."""
    others: list[str] = []
    needs: dict[int, int] = {}
    for place in range(len(auction.bids)):
        contract = auction.call_contract(place)
        if contract is None:
            continue
        player, needed = auction.seat_at(place, history.bidder), doubles_needed(contract)
        what = f"the {contract.written} of seat {player}"
        if player == seat:
            if doubles_held(hand) < needed:
                raise AuctionError(
                    f"auction: {what} (you) needs {needed} doubles or more, but you were dealt "
                    f"{doubles_held(hand)}",
                    parameter="auction",
                )
            continue
        role = " (the bidder's partner)" if player == (history.bidder + 2) % 4 else ""
        others.append(f"{what}{role} needs {needed} doubles or more")
        needs[(player - seat) % 4] = needed - doubles_held(history.played_by(player))
    if not needs:
        return
    seen = seen_from(history, seat, hand)
    if not doubles_possible(seen.hand, seen.constraints, needs):
        them = "it" if len(needs) == 1 else "them"
        fit = "consistent with the plays" if history.plays else "of the unseen dominoes"
        raise AuctionError(
            f"auction: {' and '.join(others)}, but no deal {fit} gives {them} that many",
            parameter="auction",
        )


CONTRACT_BLOCK: Final = 256
"""Candidate deals drawn at a time by ``contract_seen_deals`` (at least 32 a deal wanted):
one block is usually enough, and a block costs little more than its first deal."""
CONTRACT_BLOCK_MAX: Final = 65_536
CONTRACT_BLOCKS: Final = 16
"""Blocks at most: past them, the deals kept so far (fewer than asked, maybe none)."""
OPENING_CHOICES: Final = VALUES + 1
"""The calls open to a player who opens the bidding: a pass or any of the 13 values."""


SeenAsk = tuple[PlayHistory, Seat, Dominoes, int, np.random.Generator]
"""What ``deals_seen_from`` is asked: the history, the seat, its hand as dealt, how many
deals and the generator to draw them from."""


def contract_seen_deals(
    history: PlayHistory,
    seat: Seat,
    hand: Dominoes,
    n: int,
    rng: np.random.Generator,
    noise: float = DEFAULT_NOISE,
) -> tuple[np.ndarray, np.ndarray]:
    """The deals a player of a hand at Nel-O or sevens weighs, knowing that the bidder
    chose the contract: ``deals_seen_from``'s, the bidder's hand as dealt kept with
    ``special_bid_probability`` of its estimated odds (the other calls not weighed: cheap
    enough for every turn of a playout). Returns ``n`` deals (in the table's seats) and a
    weight for each: 1 for deals kept by rejection (or, when few deals are left, drawn
    from their list in proportion to that probability); when there are at most ``n``,
    each of them once, weighted by it. The bidder's own deals are ``deals_seen_from``'s,
    weights 1."""
    return contract_seen_deals_many([(history, seat, hand, n, rng)], noise)[0]


def contract_seen_deals_many(
    asks: Sequence[SeenAsk], noise: float = DEFAULT_NOISE
) -> list[tuple[np.ndarray, np.ndarray]]:
    """``contract_seen_deals`` for many players at once (the turns of many playouts, each
    with a generator of its own): the same deals as asked one at a time, the candidate
    bidders' hands of them all valued together."""
    results: list[tuple[np.ndarray, np.ndarray] | None] = [None] * len(asks)
    weighed = []
    for k, (history, seat, hand, n, rng) in enumerate(asks):
        if seat == history.bidder:
            rows, _ = deals_seen_from(history, seat, hand, n, rng)
            results[k] = rows, np.ones(len(rows))
        elif special_contract(history.play_rules) is None:
            raise ValueError(f"a hand played at {history.play_rules.label} is not Nel-O or sevens")
        else:
            weighed.append(k)
    found = _weighed_seen_deals([asks[k] for k in weighed], partial(_bidding_chances, noise=noise))
    for k, result in zip(weighed, found, strict=True):
        results[k] = result
    return [result for result in results if result is not None]


def _bidding_chances(
    asks: Sequence[SeenAsk], candidates: Sequence[np.ndarray], noise: float
) -> list[np.ndarray]:
    """For each ask's candidate deals, the chance that the bidder, dealt the hand each
    gives it, bid the contract: the hands of every ask valued at once, by contract."""
    chances = [np.empty(len(rows)) for rows in candidates]
    groups: dict[tuple[Contract, NelloDoubles], list[int]] = {}
    for k, (history, *_) in enumerate(asks):
        rules = history.play_rules
        contract = special_contract(rules)
        assert contract is not None
        doubles = rules.doubles if isinstance(rules, NelloTricks) else NelloDoubles.OWN_SUIT
        groups.setdefault((contract, doubles), []).append(k)
    for (contract, doubles), members in groups.items():
        histories = [asks[k][0] for k in members]
        dealt = [
            candidates[k][:, h.bidder] | h.played_by(h.bidder)
            for k, h in zip(members, histories, strict=True)
        ]
        hands, where = np.unique(np.concatenate(dealt), return_inverse=True)
        odds = special_odds(hands, contract, doubles)
        chance = special_bid_probability(odds, OPENING_CHOICES, noise)[where]
        parts = np.split(chance, np.cumsum([len(x) for x in dealt])[:-1])
        for k, part in zip(members, parts, strict=True):
            chances[k] = part
    return chances


def partner_contract_seen_deals(
    history: PlayHistory, seat: Seat, hand: Dominoes, n: int, rng: np.random.Generator, contract: Contract
) -> np.ndarray:
    """The deals a player of a plunge or a splash (``contract``) weighs, knowing the rule
    that its bidder (``history.bidder``'s partner) was dealt the doubles it needs:
    ``deals_seen_from``'s in which it was, uniformly (all of them, once each, when there
    are at most ``n``; fewer than ``n`` only if rejection keeps fewer in
    ``CONTRACT_BLOCKS`` blocks). That player's own deals are ``deals_seen_from``'s."""
    player = (history.bidder + 2) % 4
    if seat == player:
        return deals_seen_from(history, seat, hand, n, rng)[0]
    played = history.played_by(player)
    needed = doubles_needed(contract)

    def weight(_: Sequence[SeenAsk], candidates: Sequence[np.ndarray]) -> list[np.ndarray]:
        doubles = [np.bitwise_count((deals[:, player] | played) & DOUBLES) for deals in candidates]
        return [(held >= needed).astype(np.float64) for held in doubles]

    ((rows, weights),) = _weighed_seen_deals([(history, seat, hand, n, rng)], weight)
    return rows[weights > 0]


def _weighed_seen_deals(
    asks: Sequence[SeenAsk],
    weight: Callable[[Sequence[SeenAsk], Sequence[np.ndarray]], list[np.ndarray]],
) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each ask, ``n`` of ``deals_seen_from``'s deals kept with probability ``weight``
    (of each, at most 1), by rejection in blocks, with weights 1; when few deals are
    left, drawn from their list in proportion to it; when there are at most ``n``, each
    of them once, with its weight. The blocks of all the asks still drawing are weighed
    in one call of ``weight`` (the asks, their candidate deals); each ask draws from its
    own generator as it would alone."""
    results: list[tuple[np.ndarray, np.ndarray] | None] = [None] * len(asks)
    kept: list[list[np.ndarray]] = [[] for _ in asks]
    blocks = [max(32 * n, CONTRACT_BLOCK) for *_, n, _ in asks]
    drawn, found = [0] * len(asks), [0] * len(asks)
    drawing = list(range(len(asks)))
    for _ in range(CONTRACT_BLOCKS):
        if not drawing:
            break
        candidates = []
        for k in drawing:
            history, seat, hand, _, rng = asks[k]
            candidates.append(deals_seen_from(history, seat, hand, blocks[k], rng))
        weights = weight([asks[k] for k in drawing], [rows for rows, _ in candidates])
        still = []
        for k, (rows, exact), w in zip(drawing, candidates, weights, strict=True):
            n, rng = asks[k][3], asks[k][4]
            if exact and len(rows) <= n:
                results[k] = rows, w
            elif exact:
                results[k] = rows[rng.choice(len(rows), n, p=w / w.sum())], np.ones(n)
            else:
                kept[k].append(rows[rng.random(len(rows)) < w])
                drawn[k], found[k] = drawn[k] + len(rows), found[k] + len(kept[k][-1])
                if found[k] < n:
                    # The next block sized by the acceptance so far, to be likely the last.
                    blocks[k] = min(2 * (n - found[k]) * drawn[k] // max(found[k], 1), CONTRACT_BLOCK_MAX)
                    still.append(k)
        drawing = still
    for k, result in enumerate(results):
        if result is None:
            rows = np.concatenate(kept[k])[: asks[k][3]]
            results[k] = rows, np.ones(len(rows))
    return [result for result in results if result is not None]
