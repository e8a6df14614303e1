"""Play advice that listens to the whole auction: the auction parsed and checked, the
bidder's choice of trump and the forced shaker in the bidding model, the deals of a hand
in play drawn in proportion to the auction's likelihood (against the exact posterior over
every consistent deal, computed apart), and ``texas42 play --auction``."""

from __future__ import annotations

import json
import math
import re

import numpy as np
import pytest

import texas42
from cli_runner import invoke
from texas42 import deal, engine, evaluate
from texas42.deal import inference, seen_auction
from texas42.deal.inference import SLIP, Call, table_model
from texas42.deal.seen_auction import PlayedAuctionModel, declaration_probability, special_bid_probability
from texas42.errors import AuctionError, InferenceError
from texas42.evaluate.special_odds import load_special_model
from texas42.rules import (
    BIDS,
    DOUBLES,
    PASS,
    PLUNGE_DOUBLES,
    Auction,
    Contract,
    Declaration,
    FinishedAuction,
    HouseRules,
    NelloDoubles,
    NelloTricks,
    SevensTricks,
    TrumpTricks,
    doubles_needed,
    is_trump,
    parse_auction,
    parse_domino,
    parse_finished_auction,
    parse_hand,
    partner_trump,
    replay,
)

DEFENDER = "5-4 5-2 4-2 3-3 3-2 2-1 1-1"
"""Seat 1's hand against seat 0's sixes in the examples."""


def test_a_whole_auction_is_four_legal_calls_with_a_high_bid() -> None:
    auction = parse_finished_auction("pass, 30 31 pass")
    assert auction == FinishedAuction((PASS, 30, 31, PASS))
    assert (auction.high_bid, auction.winner, str(auction)) == (31, 2, "pass 30 31 pass")
    assert parse_finished_auction("pass pass pass 30").winner == 3
    assert parse_finished_auction("30 pass 42 84").high_bid == 84
    assert parse_finished_auction("168 pass pass 210").winner == 3  # over a plunge: one mark more
    assert parse_finished_auction("pass 168 pass pass").is_plunge
    assert not parse_finished_auction("168 pass pass 210").is_plunge
    assert not parse_finished_auction("30 pass 42 84").is_plunge
    for text, message in [
        ("30 31", "a whole auction has 4 calls, one a player, got 2: 30 31"),
        ("", "got 0: (none)"),
        ("30 31 32 33 34", "got 5"),
        ("pass pass pass pass", "all four passed"),
        ("30 pass pass 30", "bid 4: '30' is not above the high bid 30"),
        ("pass 30 pass 168", "bid 4: '168' comes before 84"),
        ("30 29 pass pass", "not a bid: '29'"),
        ("30 pass pass 29 pass", "not a bid: '29'"),  # the words before their number
        ("30 x", "not a bid: 'x'"),
    ]:
        with pytest.raises(AuctionError, match=re.escape(message)):
            parse_finished_auction(text)


def test_a_splash_is_written_splash_and_bid_at_the_next_mark() -> None:
    """A splash is 84, or one mark over a mark bid of 84 or more; numbers alone cannot tell
    it from a mark bid, so the auction keeps its place. ``plunge`` is 168 before any bid."""
    auction = parse_finished_auction("pass splash pass pass")
    assert (auction.bids, auction.splashes, str(auction)) == (
        (PASS, 84, PASS, PASS),
        (1,),
        "pass splash pass pass",
    )
    assert auction.partner_contract is Contract.SPLASH and not auction.is_plunge
    assert auction.call_names() == ("pass", "splash", "pass", "pass")
    assert parse_finished_auction("84 splash pass pass").bids == (84, 126, PASS, PASS)
    assert parse_finished_auction("30 42 splash pass").bids == (30, 42, 84, PASS)
    assert parse_finished_auction("splash 126 pass pass").partner_contract is None  # outbid
    assert parse_finished_auction("pass 84 pass pass").partner_contract is None  # a mark bid
    assert parse_finished_auction("plunge pass pass pass") == parse_finished_auction("168 pass pass pass")
    assert parse_finished_auction("plunge pass pass pass").partner_contract is Contract.PLUNGE
    assert auction.before(2) == parse_auction("pass splash") == Auction((PASS, 84), (1,))
    assert auction.before(1) == Auction((PASS,))
    assert str(parse_auction("30 splash")) == "30 splash" and parse_auction("30 splash").call_contract(1)
    assert FinishedAuction((PASS, 84, PASS, PASS)).partner_contract is None
    for build, message in [
        (lambda: parse_finished_auction("30 plunge pass pass"), "bid 2: 'plunge' after a bid"),
        (
            lambda: FinishedAuction((PASS, 84, PASS, PASS), (2,)),
            "bid 3: a splash over 84 is bid at 126, not pass",
        ),
        (lambda: FinishedAuction((30, 126, PASS, PASS), (1,)), "'126' comes before 84"),
        (lambda: Auction((84,), (1,)), "a splash at place 1, but the auction has 1 calls"),
        (lambda: Auction((84,), "0"), "an auction's splashes are the places of calls"),
    ]:
        with pytest.raises(AuctionError, match=re.escape(message)):
            build()


def test_passes_after_a_plunge_and_the_splasher_s_partner_s_say_nothing() -> None:
    """The calls the model weighs: a plunge or a splash by the doubles it needs; while it
    holds the bid, no pass after a plunge, and no pass of the splasher's partner."""

    def weighed(text: str) -> list[tuple[int, int]]:
        return [(c.place, c.doubles) for c in inference.calls_from(parse_finished_auction(text), 0)]

    assert weighed("pass 168 pass pass") == [(0, 0), (1, 4)]
    assert weighed("30 splash pass pass") == [(0, 0), (1, 3), (2, 0)]
    assert weighed("pass pass splash pass") == [(0, 0), (1, 0), (2, 3), (3, 0)]
    assert weighed("30 84 pass pass") == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert weighed("splash 126 pass pass") == [(0, 3), (1, 0), (2, 0), (3, 0)]  # outbid: all weighed
    assert weighed("plunge 210 pass pass") == [(0, 4), (1, 0), (2, 0), (3, 0)]
    assert weighed("splash splash pass pass") == [(0, 3), (1, 3), (2, 0)]


def test_the_forced_shaker_bids_30_on_any_hand_below_31() -> None:
    """After three passes the shaker may not pass: the calls open are the 13 values, and
    a hand the player values below 31 bids 30."""
    odds = np.random.default_rng(1).random((50, 13))
    odds = np.sort(odds, axis=1)[:, ::-1]  # the odds of higher bids are lower
    (forced,) = (c for c in inference.calls_from(FinishedAuction((PASS, PASS, PASS, 30)), 0) if c.place == 3)
    assert forced == Call(3, 3, 30, 0, 0, forced=True) and forced.choices == 13
    total = np.zeros(50)
    for bid in BIDS[:13]:
        call = Call(3, 3, bid, 0, 0, forced=True)
        p = inference.call_probability(odds, call, 1.0)
        total += p
        if bid == 30:
            at_least_31 = inference.at_least(odds[:, 1], 1.0)
            np.testing.assert_allclose(p, (1 - SLIP) * (1 - at_least_31) + SLIP / 13)
    np.testing.assert_allclose(total, 1.0)
    with pytest.raises(AssertionError):  # a shaker who could pass: a pass takes the rest
        np.testing.assert_allclose(
            sum(inference.call_probability(odds, Call(3, 3, b, 0, 0), 1.0) for b in BIDS[:13]), 1.0
        )


def test_the_bidder_declares_the_trump_of_the_best_odds_misjudged() -> None:
    odds = np.array([[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9], [0.5] * 9])
    chances = np.stack([declaration_probability(odds, k, 1.0) for k in range(9)], axis=1)
    np.testing.assert_allclose(chances.sum(axis=1), 1.0)
    logit = np.log(odds[0] / (1 - odds[0]))
    softmax = np.exp(logit) / np.exp(logit).sum()
    np.testing.assert_allclose(chances[0], (1 - SLIP) * softmax + SLIP / 9)
    np.testing.assert_allclose(chances[1], 1 / 9)
    sharp = np.stack([declaration_probability(odds, k, 0.0) for k in range(9)], axis=1)
    assert sharp[0, 8] == pytest.approx(1 - SLIP + SLIP / 9) and sharp[0, 0] == pytest.approx(SLIP / 9)
    np.testing.assert_allclose(sharp[1], 1 / 9)  # ties shared
    wide = declaration_probability(odds, 8, 10.0)
    assert 1 / 9 < wide[0] < chances[0, 8]


# --- The deals of a hand in play ----------------------------------------------------


def _played_out(deal_masks: tuple[int, int, int, int], declaration: Declaration, tricks: int) -> list[int]:
    """The dominoes of ``tricks`` tricks from seat 0's lead, each seat playing its lowest
    legal domino."""
    hands = list(deal_masks)
    rules = TrumpTricks(declaration)
    leader, plays = 0, []
    for _ in range(tricks):
        trick: list[int] = []
        for k in range(4):
            seat = (leader + k) % 4
            legal = rules.legal_plays(hands[seat], trick[0] if trick else None)
            domino = (legal & -legal).bit_length() - 1
            hands[seat] &= ~(1 << domino)
            trick.append(domino)
        plays += trick
        leader = (leader + rules.winner(trick)) % 4
    return plays


def _late_position(bid: int = 30) -> tuple[int, list[int], PlayedAuctionModel]:
    """Seat 1's hand after four tricks of a seeded deal, seat 0 bidding ``bid`` at fours
    in "pass pass pass <bid>" (we passed first, then seats 2 and 3, and seat 0, the
    shaker, had to bid)."""
    order = np.random.default_rng(12).permutation(28)
    masks = tuple(sum(1 << int(x) for x in order[7 * s : 7 * s + 7]) for s in range(4))
    model = PlayedAuctionModel(
        parse_finished_auction(f"pass pass pass {bid}"), Declaration.FOURS, 1.0, evaluate.DOUBLE_DUMMY
    )
    return masks[1], _played_out(masks, Declaration.FOURS, 4), model  # type: ignore[arg-type]


def _special_odds(hands: np.ndarray) -> np.ndarray:
    """(n, 2): Nel-O's (doubles their own suit) and sevens' odds of these hands."""
    model = load_special_model()
    return np.stack((model.nello_odds(hands, NelloDoubles.OWN_SUIT), model.sevens_odds_of(hands)), axis=1)


def _exact_posterior(hand: int, plays: list[int], model: PlayedAuctionModel) -> tuple[np.ndarray, np.ndarray]:
    """Every deal consistent with what seat 1 has seen, in the table's seats, and its
    probability given the auction, computed directly: each other seat's hand as dealt
    (held now and played) valued by ``evaluate.estimate``, raised to its Nel-O and sevens
    odds (the rule book allows them), the calls' probabilities, the bidder's softmax over
    the nine trumps' log-odds of the bid (and, at a mark, Nel-O's and sevens'),
    normalised over the deals."""
    history = replay(model.declaration, 0, plays, 1, hand)
    seen = deal.seen_from(history, 1, hand)
    deals = deal.to_table_seats(deal.enumerate_plan(deal.plan_deals(seen.hand, seen.constraints)), 1)
    weights = np.ones(len(deals))
    bid = model.auction.high_bid
    value = min(bid - BIDS[0], 12)
    seats_of_calls = {
        2: Call(1, 1, PASS, 0, 0),
        3: Call(2, 2, PASS, 0, 0),
        0: Call(3, 3, bid, 0, 0, forced=True),
    }
    for seat, call in seats_of_calls.items():
        dealt = deals[:, seat] | history.played_by(seat)
        make = evaluate.estimate(dealt, model=table_model(), head=model.head).make
        special = _special_odds(dealt)
        values = np.maximum(make[:, :, :13].max(axis=1), special.max(axis=1)[:, None])
        weights *= inference.call_probability(values, call, 1.0)
        if seat == 0:
            options = make[:, :, value]
            if value == 12:
                options = np.concatenate((options, special), axis=1)
            odds = np.clip(options, 1e-9, 1 - 1e-9)  # as the model clips them
            logit = np.log(odds) - np.log1p(-odds)
            choice = np.exp(logit[:, 4]) / np.exp(logit).sum(axis=1)
            weights *= (1 - SLIP) * choice + SLIP / options.shape[1]
    return deals, weights / weights.sum()


@pytest.mark.parametrize(("fill", "bid"), [(seen_auction.FILL, 30), (math.inf, 30), (seen_auction.FILL, 84)])
def test_the_seen_deals_follow_the_exact_posterior_over_every_consistent_deal(
    fill: float, bid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """4,000 draws against the exact posterior over the consistent deals: Pearson's
    chi-square over the deals (those expected fewer than 5 times pooled) within its 99.99%
    quantile, so a correct sampler fails at this seed with probability 1e-4; and the
    posterior is far from uniform, so a sampler ignoring the auction fails. Each seat's
    factors divided by their largest values once its hands are valued (as the sampler
    does; here after the first block), or never (``FILL`` infinite)."""
    monkeypatch.setattr(seen_auction, "FILL", fill)
    hand, plays, model = _late_position(bid)
    deals, posterior = _exact_posterior(hand, plays, model)
    assert 50 <= len(deals) <= 2000
    history = replay(model.declaration, 0, plays, 1, hand)
    drawn, found = deal.infer_seen_deals(history, 1, hand, 4000, np.random.default_rng(5), model)
    assert found.accepted == 4000 and found.candidates > 4000 and found.consistent == len(deals)
    index = {tuple(row): i for i, row in enumerate(deals)}
    counts = np.bincount([index[tuple(row)] for row in drawn], minlength=len(deals))

    def chi_square(p: np.ndarray) -> tuple[float, int]:
        expected = 4000 * p
        big = expected >= 5
        observed, wanted = counts[big], expected[big]
        if not big.all():
            observed, wanted = (
                np.append(observed, counts[~big].sum()),
                np.append(wanted, expected[~big].sum()),
            )
        return float(((observed - wanted) ** 2 / wanted).sum()), observed.size - 1

    statistic, k = chi_square(posterior)
    # Wilson-Hilferty: the 99.99% quantile of chi-square with k degrees of freedom.
    quantile = k * (1 - 2 / (9 * k) + 3.719 * math.sqrt(2 / (9 * k))) ** 3
    assert statistic < quantile, (statistic, quantile)
    uniform, _ = chi_square(np.full(len(deals), 1 / len(deals)))
    assert uniform > 3 * quantile, (uniform, quantile)


@pytest.mark.parametrize("bid", [30, 84])
def test_every_consistent_deal_weighed_is_the_exact_posterior(bid: int) -> None:
    """Where few deals are consistent with the plays, each is weighed instead of drawn:
    its weight, normalised, is the posterior computed directly, deal by deal; their mean
    is what a draw would keep (the acceptance)."""
    hand, plays, model = _late_position(bid)
    deals, posterior = _exact_posterior(hand, plays, model)
    history = replay(model.declaration, 0, plays, 1, hand)
    rows, weights, found = deal.weigh_seen_deals(history, 1, hand, model)
    index = {tuple(row): i for i, row in enumerate(deals)}
    order = np.array([index[tuple(row)] for row in rows])
    assert sorted(order) == list(range(len(deals)))  # every consistent deal, once
    np.testing.assert_allclose(weights / weights.sum(), posterior[order], rtol=1e-9, atol=0)
    assert found.weighed and found.candidates == found.consistent == len(deals)
    assert found.acceptance == pytest.approx(weights.mean()) and 0 < found.acceptance < 1


def test_infer_none_deals_uniformly_and_the_bid_comes_from_the_auction() -> None:
    plain = texas42.advise_play(DEFENDER, "sixes", "6-6", seat=1, bid=34, deals=200, seed=3)
    none = texas42.advise_play(
        DEFENDER, "sixes", "6-6", seat=1, auction="34 pass pass pass", infer="none", deals=200, seed=3
    )
    assert none == plain and none.inference is None and none.bid == 34
    with pytest.raises(AuctionError, match=r"the bid 30 is not the auction's high bid \(34\)"):
        texas42.advise_play(DEFENDER, "sixes", "6-6", seat=1, bid=30, auction="34 pass pass pass")


def test_the_bidder_s_trump_and_bid_lengthen_its_trumps() -> None:
    """Seat 0 bid 34 and declared sixes: over the deals drawn to fit, it holds about 3.0
    sixes against 2.3 over uniform deals (1,000 deals each; the standard error of the
    difference is about 0.05), and its partner, who passed, fewer."""
    hand = parse_hand(DEFENDER)
    history = replay(Declaration.SIXES, 0, [], 1, hand.mask)
    model = deal.played_auction_model(parse_finished_auction("34 pass pass pass"), Declaration.SIXES)
    assert model is not None and model.head == deal.table_head()
    inferred, found = deal.infer_seen_deals(history, 1, hand.mask, 1000, np.random.default_rng(1), model)
    uniform, _ = deal.deals_seen_from(history, 1, hand.mask, 1000, np.random.default_rng(1))
    sixes = sum(1 << x for x in range(28) if is_trump(x, Declaration.SIXES))

    def trumps(masks: np.ndarray) -> float:
        return float(np.mean([bin(int(m) & sixes).count("1") for m in masks]))

    assert trumps(inferred[:, 0]) > trumps(uniform[:, 0]) + 0.4
    assert trumps(inferred[:, 2]) < trumps(uniform[:, 2])
    assert 0 < found.acceptance < 0.05


def test_the_acceptance_in_play_estimates_the_auction_s_likelihood_as_in_bidding() -> None:
    """Before any play, the deals of 'play --auction' and of 'bid' fit the same calls of
    the others (ours says nothing of them): both acceptances estimate the auction's mean
    likelihood over uniform deals. The play sampler divides a seat's factors by their
    largest value once it meets most of that seat's hands; each candidate then counts for
    fewer uniform ones. Counted as one each, the acceptance read 6 times too high (0.59%
    against 0.094%); 600 deals each, the two agree within 10% at six seeds."""
    hand = parse_hand("6-6 6-5 6-4 6-2 5-5 4-4 3-1")
    bidding = deal.auction_model(parse_auction("pass 30 36"))
    assert bidding is not None
    _, bid = deal.infer_deals(hand, 600, np.random.default_rng(1), bidding)
    history = replay(Declaration.SIXES, 0, [], 0, hand.mask)
    played = deal.played_auction_model(parse_finished_auction("pass 30 36 37"), Declaration.SIXES)
    assert played is not None
    _, play = deal.infer_seen_deals(history, 0, hand.mask, 600, np.random.default_rng(1), played)
    assert play.uniform is not None and play.uniform > 4 * play.candidates  # scaled, so counted down
    assert play.acceptance == pytest.approx(bid.acceptance, rel=0.2)
    assert play.acceptance < 0.002


def test_an_all_but_impossible_auction_in_play_is_a_clear_error() -> None:
    hand = parse_hand(DEFENDER)
    history = replay(Declaration.SIXES, 0, [], 1, hand.mask)
    model = PlayedAuctionModel(
        parse_finished_auction("84 pass pass pass"), Declaration.BLANKS, 0.0, "realistic"
    )
    with pytest.raises(InferenceError, match=r"'84 pass pass pass' is all but impossible.*(infer none)"):
        deal.infer_seen_deals(
            history, 1, hand.mask, 1000, np.random.default_rng(1), model, max_candidates=20_000
        )


# --- The command line -----------------------------------------------------------------

PLAY = ["play", DEFENDER, "-t", "sixes", "--seat", "1", "--tricks", "6-6", "--deals", "300", "--seed", "2"]


def test_play_with_the_auction_says_which_deals_it_drew() -> None:
    result = invoke(*PLAY, "--auction", "34 pass pass pass")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "bid 34 by seat 0 (the opponents)" in text
    assert "300 deals consistent with the plays, drawn to fit the auction, seed 2" in text
    assert "Deals consistent with the auction: 34 pass pass pass; acceptance" in text
    assert "the bidder chose trump, on the evaluator's realistic odds (Nel-O and sevens: the quick" in text
    assert "drawn in proportion to the likelihood of the auction" in text
    document = json.loads(invoke(*PLAY, "--auction", "34 pass pass pass", "--json").stdout)
    assert document["bid"] == 34 and document["deals"] == 300 and not document["exact"]
    assert document["inference"]["auction"] == [34, "pass", "pass", "pass"]
    assert document["inference"]["model"] == "realistic" and document["inference"]["noise"] == 1.0
    assert 0 < document["inference"]["acceptance"] < 0.05
    plain = json.loads(invoke(*PLAY, "--bid", "34", "--json").stdout)
    assert "inference" not in plain and plain["plays"] != document["plays"]
    assert document["inference"]["consistent_deals"] == math.comb(20, 6) * math.comb(14, 7)


LATE = ["play", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "-t", "fours", "--seed", "1", "--tricks"]
LATE_TRICKS = "5-2 6-5 4-4 5-3 / 2-2 2-1 3-2 6-2 / 1-1 1-0 3-1 6-1 / 6-0 6-3 4-3 6-6"


def test_play_with_the_auction_weighs_every_deal_where_few_are_consistent() -> None:
    """After four tricks 700 deals are consistent with the plays: uniform deals are all
    of them (exact), and so are deals that fit the auction, each weighed by its
    likelihood: every figure is the weighted mean over them of the exact values after
    the play. Asked for fewer deals than that, they are drawn, with replacement, and the
    header says how many differ; early in the hand none repeat."""
    uniform = json.loads(invoke(*LATE, LATE_TRICKS, "--bid", "30", "--json").stdout)
    assert uniform["exact"] and uniform["deals"] == 700
    hand, tricks = LATE[1], LATE_TRICKS.replace("/", " ")
    advice = texas42.advise_play(hand, "fours", tricks, auction="30 pass pass pass", deals=700, seed=1)
    assert advice.exact and advice.deals == 700 and advice.weights is not None
    assert advice.sample is not None and advice.inference is not None and advice.inference.weighed
    history = advice.history
    values = engine.play_values(
        advice.sample, Declaration.FOURS, history.leader, history.trick, history.score
    ).values
    for stats in advice.plays:
        points = values[:, stats.domino]
        assert stats.expected_points == pytest.approx(np.average(points, weights=advice.weights), abs=1e-9)
        assert stats.make == pytest.approx(np.average(points >= 30, weights=advice.weights), abs=1e-9)
    assert not np.allclose(advice.weights, advice.weights[0])  # the auction says something
    one = texas42.advise_play(hand, "fours", tricks, auction="30 pass pass pass", deals=700, seed=1,
                              threads=1)  # fmt: skip
    assert texas42.to_dict(one) == texas42.to_dict(advice)  # whatever the threads
    options = [*LATE, LATE_TRICKS, "--auction", "30 pass pass pass"]
    document = json.loads(invoke(*options, "--json").stdout)
    assert document["exact"] and document["deals"] == 700 and document["inference"]["weighed"]
    assert document["plays"][0]["make"] == round(advice.best.make, 4)
    kish = advice.weights.sum() ** 2 / (advice.weights**2).sum()  # the weights' worth in equal deals
    assert advice.effective_deals == pytest.approx(kish) and 100 < kish < 700
    assert document["inference"]["effective_deals"] == round(kish, 1)
    text = " ".join(invoke(*options).stdout.split())
    worth = f"worth {kish:,.0f} equal ones: exact"
    assert f"all 700 consistent deals, each weighed by how likely it makes the auction, {worth}" in text
    assert (
        "Deals weighed by the auction: 30 pass pass pass; each of the 700 consistent with the plays" in text
    )
    drawn = json.loads(invoke(*options, "--deals", "500", "--json").stdout)
    assert drawn["deals"] == 500 and not drawn["exact"] and "weighed" not in drawn["inference"]
    distinct = drawn["inference"]["distinct_deals"]
    assert 100 < distinct < 500
    text = " ".join(invoke(*options, "--deals", "500").stdout.split())
    assert (
        f"500 deals drawn to fit the auction ({distinct} distinct of the 700 consistent with the plays)"
        in text
    )
    early = json.loads(invoke(*PLAY, "--auction", "34 pass pass pass", "--json").stdout)
    assert early["inference"]["distinct_deals"] == 300
    review = ["review", LATE[1], "-t", "fours", "--seed", "1", "--tricks", LATE_TRICKS + " / 6-4 5-4 3-0 4-1"]
    late = " ".join(invoke(*review, "--auction", "30 pass pass pass").stdout.split())
    assert "From trick 3 on, some deals come more than once (drawn with replacement)." in late
    assert (
        "From trick 5 on, every deal consistent with what you had seen is weighed by its likelihood" in late
    )
    turns = json.loads(invoke(*review, "--auction", "30 pass pass pass", "--json").stdout)["turns"]
    assert all(0 < turn["inference"]["distinct_deals"] <= turn["deals"] for turn in turns)  # as in play
    assert any(turn["inference"]["distinct_deals"] < turn["deals"] for turn in turns)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            ["--auction", "34 pass pass"],
            "--auction: a whole auction has 4 calls, one a player, got 3: 34 pass pass",
        ),
        (
            ["--auction", "pass pass pass pass"],
            "--auction: all four passed: by default the shaker may not pass",
        ),
        (["--auction", "34 pass pass pass", "--bid", "35"], "the bid 35 is not the auction's high bid (34)"),
        (
            ["--auction", "34 pass pass pass", "--noise", "-1"],
            "--noise: the noise must be a number from 0 to 10",
        ),
        (["--auction", "34 pass pass pass", "--infer", "bids"], "--infer: the inference is auction or none"),
    ],
)
def test_bad_auctions_in_play_are_one_line_errors(options: list[str], message: str) -> None:
    result = invoke(*PLAY, *options)
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and result.stdout == ""
    assert len(lines) == 1 and lines[0].startswith(f"texas42: error: {message}"), lines


# --- Nel-O and sevens declared ------------------------------------------------------------


def _nello_position(tricks: int) -> tuple[int, list[int], NelloTricks]:
    """Seat 1's hand and ``tricks`` tricks of a seeded deal played at Nel-O (own-suit
    doubles), seat 0 bidding and leading, each seat playing its lowest legal domino."""
    order = np.random.default_rng(21).permutation(28)
    hands = [sum(1 << int(x) for x in order[7 * s : 7 * s + 7]) for s in range(4)]
    rules = NelloTricks(0)
    history = replay(rules, 0, [])
    plays: list[int] = []
    for _ in range(3 * tricks):
        seat = history.turn
        legal = rules.legal_plays(hands[seat], history.trick[0] if history.trick else None)
        domino = (legal & -legal).bit_length() - 1
        hands[seat] &= ~(1 << domino)
        plays.append(domino)
        history = replay(rules, 0, plays)
    return hands[1] | history.played_by(1), plays, rules


def test_the_bidders_chances_of_declaring_are_kept_for_the_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """A defender's every turn weighs the bidder's possible hands by its chance of
    declaring the trump: valued once a process, the same values and deals the next turn."""
    hand = parse_hand(DEFENDER).mask
    auction = parse_finished_auction("34 pass pass pass")
    model = PlayedAuctionModel(auction, Declaration.SIXES, 1.0, deal.table_head(), HouseRules())
    history = replay(Declaration.SIXES, 0, [parse_domino("6-6")], 1, hand)
    inference.forget_hand_values()
    first, _ = deal.infer_seen_deals(history, 1, hand, 300, np.random.default_rng(2), model)
    evaluated: list[int] = []
    real = seen_auction.map_parts
    monkeypatch.setattr(seen_auction, "map_parts", lambda f, m, t: evaluated.append(len(m)) or real(f, m, t))
    again, _ = deal.infer_seen_deals(history, 1, hand, 300, np.random.default_rng(2), model)
    np.testing.assert_array_equal(again, first)
    assert evaluated == []
    inference.forget_hand_values()
    fresh, _ = deal.infer_seen_deals(history, 1, hand, 300, np.random.default_rng(2), model)
    np.testing.assert_array_equal(fresh, first)
    assert evaluated


def test_at_a_mark_the_bidder_chose_the_trump_beside_nello_and_sevens() -> None:
    """A bidder of 84 holding a hand that makes Nel-O far more often than any trump makes
    42 would have bid Nel-O: under the rule book, its declaring its best trump is the
    softmax over the nine trumps' and the two contracts' log-odds of the mark, far less
    likely than with special contracts off (over the nine trumps alone)."""
    low = parse_hand("6-3 6-1 6-0 4-1 4-0 3-0 1-0").mask
    auction = parse_finished_auction("84 pass pass pass")
    make = evaluate.estimate(np.array([low]), model=table_model(), head=evaluate.DOUBLE_DUMMY).make[0, :, 12]
    best = int(np.argmax(make))
    special = _special_odds(np.array([low]))[0]
    assert special[0] > 0.9 > make.max()

    def chosen(house: HouseRules) -> float:
        model = PlayedAuctionModel(auction, Declaration(best), 1.0, evaluate.DOUBLE_DUMMY, house)
        values = inference.HandValues(parse_hand(DEFENDER), model.head, house=house)
        high = inference.calls_from(auction, 1)[0]
        declarations = seen_auction._Declarations(values, model, high)
        return float(declarations.probability(values.rank(np.array([low])))[0])

    options = np.clip(np.append(make, special), 1e-9, 1 - 1e-9)
    logit = np.log(options) - np.log1p(-options)
    want = (1 - SLIP) * np.exp(logit[best]) / np.exp(logit).sum() + SLIP / 11
    assert chosen(HouseRules()) == pytest.approx(want, rel=1e-6)
    assert chosen(HouseRules()) < 0.5 * chosen(HouseRules(specials=False))


def test_at_nello_the_seen_deals_follow_the_exact_posterior() -> None:
    """Seat 0 bid 84 and declared Nel-O ("84 pass pass pass"), seat 1 sees four tricks.
    Every consistent deal's probability computed directly: the bidder's hand as dealt
    (held and played) bids Nel-O with probability ``at_least`` of its estimated odds
    (or slips), the passes as in the bidding model; 4,000 draws of the sampler against
    it, on the bidder's three dominoes left (286 possible hands): Pearson's chi-square
    within its 99.99% quantile (a correct sampler fails at this seed with probability
    1e-4), and far from the uniform deals' figure."""
    hand, plays, rules = _nello_position(4)
    auction = parse_finished_auction("84 pass pass pass")
    history = replay(rules, 0, plays, 1, hand)
    seen = deal.seen_from(history, 1, hand)
    deals = deal.to_table_seats(deal.enumerate_plan(deal.plan_deals(seen.hand, seen.constraints)), 1)
    weights = np.ones(len(deals))
    calls = {(1 + c.seat) % 4: c for c in inference.calls_from(auction, 1)}
    for seat in (0, 2, 3):
        dealt = deals[:, seat] | history.played_by(seat)
        if seat == 0:
            odds = load_special_model().nello_odds(dealt, NelloDoubles.OWN_SUIT)
            weights *= special_bid_probability(odds, calls[0].choices, 1.0)
        else:
            make = evaluate.estimate(dealt, model=table_model(), head=deal.table_head()).make
            weights *= inference.call_probability(make[:, :, :13].max(axis=1), calls[seat], 1.0)
    left, cell = np.unique(deals[:, 0], return_inverse=True)
    posterior = np.bincount(cell, weights=weights / weights.sum())
    assert len(left) == 286
    model = deal.played_auction_model(auction, Contract.NELLO)
    assert model is not None
    drawn, found = deal.infer_seen_deals(history, 1, hand, 4000, np.random.default_rng(8), model)
    assert found.accepted == 4000
    counts = np.bincount(np.searchsorted(left, drawn[:, 0]), minlength=len(left))

    def chi_square(p: np.ndarray) -> float:
        expected = 4000 * p
        return float(((counts - expected) ** 2 / expected).sum())

    k = len(left) - 1
    quantile = k * (1 - 2 / (9 * k) + 3.719 * math.sqrt(2 / (9 * k))) ** 3
    assert chi_square(posterior) < quantile
    assert chi_square(np.full(len(left), 1 / len(left))) > 3 * quantile


def test_a_nello_bidder_holds_low_dominoes_and_sevens_ones_near_7() -> None:
    """Drawn to fit "84 pass pass pass" at Nel-O, seat 0's hand (seen from seat 1 before
    any play) has far higher Nel-O odds than uniform deals give it; at sevens, "42 pass
    pass pass", at least twice the sevens odds (1,000 deals each: sevens is rarely made,
    so at noise 1 a bidder's chance of bidding it is about its odds, and the posterior
    mean is E[p^2] / E[p])."""
    hand = parse_hand(DEFENDER).mask
    model = load_special_model()
    for contract, auction, odds_of, gain in (
        (Contract.NELLO, "84 pass pass pass", lambda m: model.nello_odds(m, NelloDoubles.OWN_SUIT), 0.2),
        (Contract.SEVENS, "42 pass pass pass", model.sevens_odds_of, 0.04),
    ):
        rules = NelloTricks(0) if contract is Contract.NELLO else SevensTricks()
        history = replay(rules, 0, [], 1, hand)
        played = deal.played_auction_model(parse_finished_auction(auction), contract)
        assert played is not None
        inferred, _ = deal.infer_seen_deals(history, 1, hand, 1000, np.random.default_rng(4), played)
        uniform, _ = deal.deals_seen_from(history, 1, hand, 1000, np.random.default_rng(4))
        before, after = odds_of(uniform[:, 0]).mean(), odds_of(inferred[:, 0]).mean()
        assert after > before + gain and after > 2 * before


PLAY_NELLO = [
    "play",
    "6-6 6-4 5-5 5-3 4-4 3-2 2-2",
    "-t",
    "nello",
    "--seat",
    "1",
    "--tricks",
    "1-0",
    "--deals",
    "300",
    "--seed",
    "2",
]


def test_play_at_nello_with_the_auction() -> None:
    result = invoke(*PLAY_NELLO, "--auction", "84 pass pass pass")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "Nel-O (doubles own-suit), bid 84 by seat 0 (the opponents)" in text
    assert "the bidder bid Nel-O at even odds or better, its odds the quick model's double-dummy" in text
    document = json.loads(invoke(*PLAY_NELLO, "--auction", "84 pass pass pass", "--json").stdout)
    plain = json.loads(invoke(*PLAY_NELLO, "--json").stdout)
    assert document["bid"] == 84 and document["inference"]["auction"] == [84, "pass", "pass", "pass"]
    assert "inference" not in plain and plain["plays"] != document["plays"]
    none = json.loads(
        invoke(*PLAY_NELLO, "--auction", "84 pass pass pass", "--infer", "none", "--json").stdout
    )
    assert none["plays"] == plain["plays"]
    low = invoke(*PLAY_NELLO, "--auction", "36 pass pass pass")
    assert low.exit_code == 2 and low.stderr == "texas42: error: Nel-O is bid at 84 or more, not 36\n"
    with pytest.raises(ValueError, match="plunge is played at a trump"):
        deal.played_auction_model(parse_finished_auction("84 pass pass pass"), Contract.PLUNGE)


def test_players_who_know_the_contract_weigh_the_bidder_s_hands_by_their_bid() -> None:
    """``contract_seen_deals`` at Nel-O, seat 1 after four tricks: 4,000 deals kept by
    rejection against every consistent deal weighted by the bidder's chance of bidding
    Nel-O alone (no other call weighed), on the bidder's three dominoes left: Pearson's
    chi-square within its 99.99% quantile, and far from uniform. With few deals left
    (two tricks later) every consistent deal is listed once with that weight; the bidder
    weighs its deals uniformly."""
    hand, plays, rules = _nello_position(4)
    history = replay(rules, 0, plays, 1, hand)
    seen = deal.seen_from(history, 1, hand)
    deals = deal.to_table_seats(deal.enumerate_plan(deal.plan_deals(seen.hand, seen.constraints)), 1)
    odds = load_special_model().nello_odds(deals[:, 0] | history.played_by(0), NelloDoubles.OWN_SUIT)
    weights = special_bid_probability(odds, 14, 1.0)
    left, cell = np.unique(deals[:, 0], return_inverse=True)
    posterior = np.bincount(cell, weights=weights / weights.sum())
    drawn, kept = deal.contract_seen_deals(history, 1, hand, 4000, np.random.default_rng(6))
    assert drawn.shape == (4000, 4) and np.array_equal(kept, np.ones(4000))
    counts = np.bincount(np.searchsorted(left, drawn[:, 0]), minlength=len(left))
    k = len(left) - 1
    quantile = k * (1 - 2 / (9 * k) + 3.719 * math.sqrt(2 / (9 * k))) ** 3
    assert float(((counts - 4000 * posterior) ** 2 / (4000 * posterior)).sum()) < quantile
    uniform = np.full(len(left), 4000 / len(left))
    assert float(((counts - uniform) ** 2 / uniform).sum()) > 3 * quantile
    hand, plays, rules = _nello_position(6)
    late = replay(rules, 0, plays, 1, hand)
    listed, weights = deal.contract_seen_deals(late, 1, hand, 100, np.random.default_rng(6))
    every = deal.deals_seen_from(late, 1, hand, 10_000, np.random.default_rng(6))[0]
    assert np.array_equal(listed, every) and 5 < len(every) <= 100
    odds = load_special_model().nello_odds(listed[:, 0] | late.played_by(0), NelloDoubles.OWN_SUIT)
    # Single-precision products: the odds of a hand vary with its batch by about 1e-7.
    np.testing.assert_allclose(weights, special_bid_probability(odds, 14, 1.0), rtol=1e-5)
    some, ones = deal.contract_seen_deals(late, 1, hand, 5, np.random.default_rng(6))
    assert np.array_equal(ones, np.ones(5)) and all((row == every).all(axis=1).any() for row in some)
    start = replay(rules, 0, [], 0, hand)
    own, ones = deal.contract_seen_deals(start, 0, hand, 10, np.random.default_rng(2))
    assert np.array_equal(own, deal.deals_seen_from(start, 0, hand, 10, np.random.default_rng(2))[0])
    assert np.array_equal(ones, np.ones(10))


def test_many_players_weigh_the_same_deals_together_as_alone() -> None:
    """``contract_seen_deals_many``: asks at several points of a Nel-O hand, the bidder's
    own among them, each with its generator (one of them asking few enough deals to be
    listed), give what each gives alone."""
    asks = []
    for tricks, n, seed in ((0, 10, 1), (2, 10, 2), (4, 10, 3), (6, 100, 4), (3, 40, 5)):
        hand, plays, rules = _nello_position(tricks)
        asks.append((replay(rules, 0, plays, 1, hand), 1, hand, n, seed))
    start = replay(NelloTricks(0), 0, [])
    asks.append((start, 0, _nello_position(0)[0], 10, 6))  # seat 0 bid: no weighing
    together = deal.contract_seen_deals_many([(*a[:4], np.random.default_rng(a[4])) for a in asks])
    for (history, seat, hand, n, seed), (rows, weights) in zip(asks, together, strict=True):
        alone = deal.contract_seen_deals(history, seat, hand, n, np.random.default_rng(seed))
        assert np.array_equal(rows, alone[0]) and np.array_equal(weights, alone[1])
    assert deal.contract_seen_deals_many([]) == []


# --- A plunge's auction -------------------------------------------------------------------


PLUNGE_AUCTION = "168 pass pass pass"
SPLASH_AUCTION = "splash pass pass pass"


def _plunge_position() -> tuple[list[int], Declaration, list[int]]:
    """A seeded deal whose seat 0 holds four doubles or more and plunges; seat 2 names the
    trump by the rule and leads; four tricks played, each seat playing its lowest legal
    domino. Returns the hands as dealt, the trump and the plays."""
    seed = next(s for s in range(200) if _doubles(_dealt(s)[0]) >= PLUNGE_DOUBLES)
    hands = _dealt(seed)
    trump = partner_trump(hands[2])
    tricks, plays, leader = TrumpTricks(trump), [], 2
    held = list(hands)
    for _ in range(4):
        trick: list[int] = []
        for k in range(4):
            seat = (leader + k) % 4
            legal = tricks.legal_plays(held[seat], trick[0] if trick else None)
            trick.append((legal & -legal).bit_length() - 1)
            held[seat] &= ~(1 << trick[-1])
        plays += trick
        leader = (leader + tricks.winner(trick)) % 4
    return hands, trump, plays


def _dealt(seed: int) -> list[int]:
    order = np.random.default_rng(seed).permutation(28)
    return [sum(1 << int(x) for x in order[7 * s : 7 * s + 7]) for s in range(4)]


def _doubles(hand: int) -> int:
    return (hand & DOUBLES).bit_count()


@pytest.mark.parametrize(("calls", "needed"), [("pass 168 pass pass", 4), ("pass splash pass pass", 3)])
def test_at_a_plunge_or_splash_the_seen_deals_follow_the_exact_posterior(calls: str, needed: int) -> None:
    """Seat 1 after four tricks of a plunge (a splash): 4,000 draws against the posterior
    over every consistent deal computed directly, Pearson's chi-square within its 99.99%
    quantile (a correct sampler fails at this seed with probability 1e-4). After "pass 168
    pass pass" seat 0 plunged, so it holds four doubles or more (after "pass splash pass
    pass", three); seat 2 named the trump by ``rules.partner_trump`` (or slipped to any of
    the nine); seat 3 passed first, as an opener passes; seat 2's pass after the plunge
    (its partner's splash) says nothing."""
    hands, trump, plays = _plunge_position()
    auction = parse_finished_auction(calls)
    model = PlayedAuctionModel(auction, trump, 1.0, evaluate.DOUBLE_DUMMY)
    history = replay(trump, 2, plays, 1, hands[1])
    seen = deal.seen_from(history, 1, hands[1])
    deals = deal.to_table_seats(deal.enumerate_plan(deal.plan_deals(seen.hand, seen.constraints)), 1)
    dealt = [deals[:, s] | history.played_by(s) for s in range(4)]
    weights = (np.bitwise_count(dealt[0] & DOUBLES) >= needed).astype(float)
    named = np.array([partner_trump(int(h)) == trump for h in dealt[2]])
    weights *= (1 - SLIP) * named + SLIP / 9
    make = evaluate.estimate(dealt[3], model=table_model(), head=model.head).make
    values = np.maximum(make[:, :, :13].max(axis=1), _special_odds(dealt[3]).max(axis=1)[:, None])
    weights *= inference.call_probability(values, Call(0, 3, PASS, 0, 0), 1.0)
    posterior = weights / weights.sum()
    assert 50 <= (posterior > 0).sum() < len(deals)
    drawn, found = deal.infer_seen_deals(history, 1, hands[1], 4000, np.random.default_rng(3), model)
    assert found.accepted == 4000
    index = {tuple(row): i for i, row in enumerate(deals)}
    counts = np.bincount([index[tuple(row)] for row in drawn], minlength=len(deals))
    assert counts[posterior == 0].sum() == 0
    expected = 4000 * posterior
    big = expected >= 5
    observed = np.append(counts[big], counts[~big].sum())
    wanted = np.append(expected[big], expected[~big].sum())
    k = observed.size - 1
    quantile = k * (1 - 2 / (9 * k) + 3.719 * math.sqrt(2 / (9 * k))) ** 3
    assert float(((observed - wanted) ** 2 / wanted).sum()) < quantile
    rows, weighed, _ = deal.weigh_seen_deals(history, 1, hands[1], model)  # every deal, once
    order = [index[tuple(row)] for row in rows]
    np.testing.assert_allclose(weighed / weighed.sum(), posterior[order], rtol=1e-9, atol=0)


@pytest.mark.parametrize(
    ("calls", "bid", "player"),
    [(PLUNGE_AUCTION, 168, "plunger"), (SPLASH_AUCTION, 84, "splasher")],
)
def test_play_after_a_plunge_or_splash_weighs_its_bidder_s_doubles(calls: str, bid: int, player: str) -> None:
    """The defender's deals give the plunger four doubles or more (the splasher three)
    and the partner the trump it named; with --infer none the doubles still (a rule), the
    trump not (a model)."""
    contract = parse_finished_auction(calls).partner_contract
    assert contract is not None
    needed = doubles_needed(contract)
    args = (DEFENDER.replace("1-1", "1-0"), "sixes", "6-5")
    given = {"seat": 3, "bidder": 2, "deals": 300, "seed": 1}
    heard = texas42.advise_play(*args, auction=calls, **given)
    uniform = texas42.advise_play(*args, auction=calls, infer="none", **given)
    for advice in (heard, uniform):
        assert advice.sample is not None and advice.bid == bid and advice.partner_contract is contract
        dealt = np.bitwise_count((advice.sample[:, 0] | advice.history.played_by(0)) & DOUBLES)
        partner = advice.sample[:, 2] | advice.history.played_by(2)
        doubles = np.mean(dealt >= needed)
        named = np.mean([partner_trump(int(h)) == Declaration.SIXES for h in partner])
        # Seed 1, 300 deals: the partner names sixes in 100% of the deals heard, and in 57%
        # (plunge) and 52% (splash) of the uniform ones; a share of 300 deals has a standard
        # error of about 3 points of percentage, so 75% lies 6 or more of them above these.
        assert doubles == 1.0 and (named > 0.97 if advice is heard else named < 0.75)
    if contract is Contract.SPLASH:  # three doubles, not always four
        assert (
            np.mean(np.bitwise_count((heard.sample[:, 0] | heard.history.played_by(0)) & DOUBLES) >= 4) < 0.9
        )
    options = ["-t", "sixes", "--bidder", "2", "--seat", "3", "--tricks", "6-5", "-n", "50", "-s", "1"]
    text = " ".join(invoke("play", args[0], *options, "--auction", calls).stdout.split())
    assert f"sixes, {contract.written} ({bid}) by seat 0, trump named by seat 2 (the opponents)" in text
    assert (
        f"the {player} holds {needed} doubles or more; the partner who leads named trump by the rule" in text
    )


NO_PLUNGE = "--auction: the plunge of seat {} ({}) needs 4 doubles or more, but {}"
NO_DEAL = "no deal consistent with the plays gives it that many"


@pytest.mark.parametrize(
    ("command", "options", "message"),
    [
        (  # we hold four doubles
            "play",
            ["6-6 5-5 4-4 3-3 3-2 2-1 1-0", "-t", "sixes", "--bidder", "2", "--seat", "3", "--tricks", "6-5"],
            NO_PLUNGE.format(0, "the bidder's partner", NO_DEAL),
        ),
        (  # we plunged
            "play",
            [
                "6-5 6-4 6-3 3-3 3-2 2-1 1-0",
                "-t",
                "sixes",
                "--bidder",
                "2",
                "--seat",
                "0",
                "--tricks",
                "6-2 5-2",
            ],
            NO_PLUNGE.format(0, "you", "you were dealt 1"),
        ),
        (  # 6-1 can be only seat 3's, the plunger: three doubles at most
            "play",
            [
                "0-0 1-0 3-2 4-3 5-0 5-5 6-5",
                *("-t", "blanks", "--bidder", "1", "--seat", "2", "--tricks"),
                "6-6 6-5 6-3 6-2 3-1 4-3 3-3 5-3 6-4 4-0 2-0 5-5 5-1 5-2 5-0 2-1",
            ],
            NO_PLUNGE.format(3, "the bidder's partner", NO_DEAL),
        ),
        (  # the plays after our last turn show it, without inference too
            "review",
            [
                "0-0 4-0 4-1 4-3 5-2 5-4 6-4",
                *("-t", "deuces", "--bidder", "3", "--seat", "2", "--infer", "none", "--tricks"),
                "2-2 5-5 6-2 5-2 6-0 6-1 6-6 6-4 1-1 4-1 1-0 3-1 5-1 5-4 3-3 5-0",
            ],
            NO_PLUNGE.format(1, "the bidder's partner", NO_DEAL),
        ),
        (
            "play",
            ["6-6 5-5 4-2 3-3 3-2 2-1 1-0", "-t", "nello", "--bidder", "2", "--seat", "2"],
            "a plunge is played at the trump the partner names, not at Nel-O",
        ),
    ],
)
def test_impossible_plunges_are_one_line_errors(command: str, options: list[str], message: str) -> None:
    result = invoke(command, *options, "--auction", PLUNGE_AUCTION, "-n", "20", "-s", "1")
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and result.stdout == ""
    assert lines == [f"texas42: error: {message}"], lines


def test_the_players_of_a_plunge_weigh_only_worlds_where_the_plunger_has_four_doubles() -> None:
    """``partner_contract_seen_deals``: from seat 1 after four tricks, 400 draws of 10 worlds (by
    rejection) are uniform over the consistent deals that give the plunger four doubles or
    more (chi-square within its 99.99% quantile: a correct sampler fails at this seed with
    probability 1e-4), and never another; a few deals are all of them, listed; the
    plunger weighs its own worlds uniformly."""
    hands, trump, plays = _plunge_position()
    history = replay(trump, 2, plays, 1, hands[1])
    every, exact = deal.deals_seen_from(history, 1, hands[1], 10_000, np.random.default_rng(0))
    fits = np.bitwise_count((every[:, 0] | history.played_by(0)) & DOUBLES) >= PLUNGE_DOUBLES
    assert exact and 50 <= fits.sum() < len(every)
    index = {tuple(row): i for i, row in enumerate(every)}
    rng = np.random.default_rng(8)
    drawn = np.concatenate(
        [deal.partner_contract_seen_deals(history, 1, hands[1], 10, rng, Contract.PLUNGE) for _ in range(400)]
    )
    counts = np.bincount([index[tuple(row)] for row in drawn], minlength=len(every))
    assert drawn.shape == (4000, 4) and counts[~fits].sum() == 0
    k = int(fits.sum()) - 1
    expected = 4000 / fits.sum()
    quantile = k * (1 - 2 / (9 * k) + 3.719 * math.sqrt(2 / (9 * k))) ** 3
    assert float(((counts[fits] - expected) ** 2 / expected).sum()) < quantile
    listed = deal.partner_contract_seen_deals(
        history, 1, hands[1], len(every), np.random.default_rng(1), Contract.PLUNGE
    )
    assert {tuple(r) for r in listed} == {tuple(r) for r in every[fits]} and len(listed) == fits.sum()
    plunger = replay(trump, 2, plays, 0, hands[0])
    own = deal.partner_contract_seen_deals(
        plunger, 0, hands[0], 10, np.random.default_rng(2), Contract.PLUNGE
    )
    assert np.array_equal(own, deal.deals_seen_from(plunger, 0, hands[0], 10, np.random.default_rng(2))[0])


@pytest.mark.parametrize(
    ("calls", "contract"), [(PLUNGE_AUCTION, Contract.PLUNGE), (SPLASH_AUCTION, Contract.SPLASH)]
)
def test_after_a_plunge_or_splash_the_playouts_players_know_its_bidder_s_doubles(
    monkeypatch: pytest.MonkeyPatch, calls: str, contract: Contract
) -> None:
    """``play --realistic`` after a plunge's (a splash's) auction: every world a player
    other than the plunger weighs gives the plunger four doubles or more (the splasher
    three), with --infer none too (a rule, not a model of the calls)."""
    weighed: list[bool] = []
    original = deal.partner_contract_seen_deals

    def spy(
        history: texas42.rules.PlayHistory,
        seat: int,
        hand: int,
        n: int,
        rng: np.random.Generator,
        told: Contract,
    ) -> np.ndarray:
        rows = original(history, seat, hand, n, rng, told)
        if seat != 0:
            doubles = np.bitwise_count((rows[:, 0] | history.played_by(0)) & DOUBLES)
            weighed.append(told is contract and bool((doubles >= doubles_needed(contract)).all()))
        return rows

    monkeypatch.setattr(deal, "partner_contract_seen_deals", spy)
    args = (DEFENDER.replace("1-1", "1-0"), "sixes", "6-5")
    given = {"seat": 3, "bidder": 2, "deals": 40, "seed": 1, "realistic_deals": 3, "worlds": 4}
    texas42.advise_play(*args, auction=calls, **given)
    assert len(weighed) > 20 and all(weighed)
    weighed.clear()
    texas42.advise_play(*args, auction=calls, infer="none", **given)
    assert len(weighed) > 20 and all(weighed)
    weighed.clear()
    texas42.advise_play(*args, bid=84 if contract is Contract.SPLASH else 168, **given)
    assert weighed == []  # no auction: nothing says it is a plunge


def test_play_after_a_splash_says_so() -> None:
    """After a splash's auction the text says that the splasher's partner's pass says
    nothing, the header names the splasher under --infer none too, the JSON writes the
    splash back, and a splasher who cannot hold three doubles is a one-line error."""
    hand = DEFENDER.replace("1-1", "1-0")
    options = ["-t", "sixes", "--bidder", "2", "--seat", "3", "--tricks", "6-5", "-n", "50", "-s", "1"]
    text = " ".join(invoke("play", hand, *options, "--auction", SPLASH_AUCTION).stdout.split())
    assert "the splasher's partner's pass after a splash says nothing" in text
    document = json.loads(invoke("play", hand, *options, "--auction", SPLASH_AUCTION, "--json").stdout)
    assert document["inference"]["auction"] == ["splash", "pass", "pass", "pass"]
    assert document["partner_contract"] == "splash" and document["seed"] == 1
    uniform = invoke("play", hand, *options, "--auction", SPLASH_AUCTION, "--infer", "none")
    assert "splash (84) by seat 0, trump named by seat 2" in " ".join(uniform.stdout.split())
    five = invoke("play", "6-6 5-5 4-4 3-3 2-2 2-1 1-0", *options, "--auction", SPLASH_AUCTION)
    message = (
        "texas42: error: --auction: the splash of seat 0 (the bidder's partner) needs 3 doubles or more, "
        "but no deal consistent with the plays gives it that many"
    )
    assert five.exit_code == 2 and five.stdout == "" and five.stderr.strip() == message


@pytest.mark.parametrize(
    ("hand", "options", "message"),
    [
        (  # our own splash, outbid: two doubles
            "6-6 5-5 6-3 6-5 6-4 5-4 3-1",
            [
                *("-t", "6", "--bidder", "1", "--seat", "0", "--auction", "splash 126 pass pass"),
                "--tricks",
                "62 61 60",
            ],
            "the splash of seat 0 (you) needs 3 doubles or more, but you were dealt 2",
        ),
        (  # another's splash, outbid: our five doubles leave two
            "6-6 5-5 4-4 3-3 2-2 6-5 6-4",
            [
                "-t",
                "6",
                "--bidder",
                "3",
                "--seat",
                "0",
                "--auction",
                "splash 126 pass pass",
                "--tricks",
                "6-2",
            ],
            "the splash of seat 2 needs 3 doubles or more, but no deal consistent with the plays gives it "
            "that many",
        ),
        (  # three splashes by the others need nine of the seven doubles
            "6-5 6-4 6-3 6-2 5-4 5-3 4-3",
            [
                "-t",
                "6",
                "--bidder",
                "2",
                "--seat",
                "3",
                "--auction",
                "splash splash pass splash",
                "--tricks",
                "61",
            ],
            "the splash of seat 1 needs 3 doubles or more and the splash of seat 2 needs 3 doubles or "
            "more and the splash of seat 0 (the bidder's partner) needs 3 doubles or more, but no deal "
            "consistent with the plays gives them that many",
        ),
    ],
)
@pytest.mark.parametrize("infer", ["auction", "none"])
def test_every_plunge_and_splash_of_the_auction_needs_its_doubles(
    hand: str, options: list[str], message: str, infer: str
) -> None:
    """Not only the winning call: an outbid splash, ours or another's, needs its doubles
    too, with or without inference; nothing is computed."""
    result = invoke("play", hand, *options, "--infer", infer, "-n", "20", "-s", "1")
    assert (result.exit_code, result.stdout, result.stderr.strip()) == (
        2,
        "",
        f"texas42: error: --auction: {message}",
    )


def test_review_with_the_auction_says_how_its_deals_were_drawn() -> None:
    """``review --auction``: the header says the deals fit the auction at each turn, with
    the turns' range of acceptance; without inference, nothing of it."""
    options = [
        "-t",
        "sixes",
        "--seat",
        "1",
        "--tricks",
        "6-6 2-1 6-0 6-3 / 6-5 5-4 4-3 6-1",
        "-n",
        "60",
        "-s",
        "1",
    ]
    heard = " ".join(invoke("review", DEFENDER, *options, "--auction", "34 pass pass pass").stdout.split())
    said = (
        "Deals consistent with the auction: 34 pass pass pass, at each turn as 'texas42 play --auction' draws"
    )
    assert said in heard and re.search(r"acceptance [0-9.]+%( to [0-9.]+%)? \(--infer none", heard)
    assert "more than once" not in heard  # early in the hand no deal repeats
    uniform = invoke("review", DEFENDER, *options, "--auction", "34 pass pass pass", "--infer", "none").stdout
    assert "Deals consistent with the auction" not in uniform


@pytest.mark.parametrize(("auction", "needed"), [("168 pass pass pass", 4), (SPLASH_AUCTION, 3)])
def test_uniform_deals_after_a_plunge_or_splash_keep_the_bidder_s_doubles(auction: str, needed: int) -> None:
    """--infer none drops the model of the calls, not the rule: every deal gives the
    plunger four doubles (the splasher three), as the playouts' worlds do; uniformly
    (of 200 deals, the plunger's own plays reveal nothing yet) and said in the header."""
    args = ("5-4 5-2 4-2 3-3 3-2 2-1 1-0", "sixes", "6-5")
    advice = texas42.advise_play(*args, seat=3, bidder=2, auction=auction, infer="none", deals=200, seed=4)
    assert advice.sample is not None and advice.inference is None and advice.partner_contract is not None
    doubles = np.bitwise_count(advice.sample[:, 0] & DOUBLES)
    assert doubles.min() >= needed and advice.deals == 200
    # not one fixed hand: the rule leaves the plunger many
    assert (doubles > needed).any() and (doubles == needed).any()
    options = ["-t", "sixes", "--bidder", "2", "--seat", "3", "--tricks", "6-5", "-n", "50", "-s", "1"]
    text = " ".join(invoke("play", args[0], *options, "--auction", auction, "--infer", "none").stdout.split())
    who = "plunger" if needed == 4 else "splasher"
    assert f"50 deals consistent with the plays, the {who} (seat 0) holding {needed} doubles or more" in text
