"""Play advice played out (``play --realistic``, ``analysis.realistic_plays``): with every
hand seen the playouts make the bid exactly where double-dummy says, the playouts are
legal hands from the position, the figures do not depend on the threads, and the CLI,
JSON, API and errors."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

import texas42
from cli_runner import invoke
from texas42 import deal, engine
from texas42.analysis import advise_play, realistic_plays, realistic_review, review_play
from texas42.analysis.playout import dealt_hands, generators, play_on
from texas42.analysis.realistic_play import RealisticPlays, played_deals, playout_seed, playouts_total
from texas42.analysis.review import TurnReview
from texas42.errors import Texas42Error
from texas42.report.play import realistic_text
from texas42.report.wording import played_out_footer
from texas42.rules import (
    TOTAL_POINTS,
    Contract,
    Declaration,
    domino_name,
    needed_points,
    parse_domino,
    parse_hand,
    parse_tricks,
    replay,
)

HAND = parse_hand("6-6 6-5 6-4 6-2 5-5 4-4 3-1")
TRICKS = parse_tricks("6-6 6-1 6-0 6-3 / 6-5 5-1 3-0 5-3", 4)
DEFENDER = parse_hand("5-4 5-2 4-2 3-3 3-2 2-1 1-1")
NELLO_HAND = parse_hand("6-0 5-1 4-0 3-1 2-0 1-0 0-0")


def _double_dummy_wins(advice: texas42.PlayAdvice, n: int) -> np.ndarray:
    """Whether each legal play wins the contract for the seat's team in each of the first
    ``n`` deals, every seat then playing perfectly."""
    assert advice.sample is not None
    h = advice.history
    values = engine.play_values(advice.sample[:n], h.declaration, h.leader, h.trick, h.score).values
    ours = advice.seat % 2 == advice.bidder % 2
    bidders = values if ours else TOTAL_POINTS - values
    wins: np.ndarray = (bidders >= needed_points(advice.bid)) == ours
    return wins


@pytest.mark.parametrize(
    ("hand", "tricks", "seat", "bid"),
    [(HAND, TRICKS, 0, 34), (HAND, (), 0, 42), (DEFENDER, parse_tricks("6-6", 4), 1, 34)],
)
def test_with_every_hand_seen_the_playouts_make_the_bid_where_double_dummy_does(
    hand: texas42.Hand, tricks: tuple[int, ...], seat: int, bid: int
) -> None:
    # Each side picks a play that wins the contract whenever one does: the minimax of
    # "made", the same in every deal as the exact values say.
    advice = advise_play(hand, Declaration(6), tricks, seat=seat, bid=bid, deals=40, seed=3)
    played = realistic_plays(advice, deals=40, worlds=0)
    expected = _double_dummy_wins(advice, 40)
    for stats in advice.plays:
        d = stats.domino
        assert (played.wins[:, d] == expected[:, d]).all(), d
    assert played.deals == 40 and played.worlds == 0
    assert {s.domino for s in played.plays} == {s.domino for s in advice.plays}


def test_at_nello_with_every_hand_seen_the_playouts_agree_with_the_solver() -> None:
    tricks = parse_tricks("0-0 6-6 5-5 / 6-4 6-5", 3)
    advice = advise_play(NELLO_HAND, Contract.NELLO, tricks, deals=60, seed=2)
    played = realistic_plays(advice, deals=60, worlds=0)
    assert advice.sample is not None
    h = advice.history
    values = engine.contract_play_values(advice.sample[:60], h.play_rules, h.bidder, h.leader, h.trick).values
    for stats in advice.plays:
        assert (played.wins[:, stats.domino] == (values[:, stats.domino] == 1)).all()
    assert played.plays[0].points is None


def test_the_playouts_are_legal_hands_from_the_position_and_score_what_they_say() -> None:
    advice = advise_play(HAND, Declaration(6), TRICKS, bid=34, deals=12, seed=5)
    assert advice.sample is not None
    dealt = dealt_hands(advice.history, advice.sample)
    assert all(int(x).bit_count() == 7 for x in dealt.ravel())
    assert (dealt[:, 0] == HAND.mask).all()
    first = [s.domino for s in advice.plays]
    outcomes = play_on(advice.history, advice.sample, first, 34, worlds=4, seed=5)
    before = [p.domino for p in advice.history.plays]
    for d, out in zip(first, outcomes, strict=True):
        for i in range(12):
            plays = [int(x) for x in out.plays[i]]
            assert plays[: len(before) + 1] == [*before, d]
            whole = replay(Declaration(6), 0, plays)  # raises on an illegal play
            assert whole.is_over and whole.score[0] == out.points[i]
            for seat in range(4):
                assert {p.domino for p in whole.plays if p.seat == seat} == {
                    x for x in range(28) if int(dealt[i, seat]) >> x & 1
                }


@pytest.mark.parametrize("contract", [Declaration(6), Contract.NELLO, Contract.SEVENS])
def test_the_figures_do_not_depend_on_the_threads_and_progress_counts_to_its_total(
    contract: Declaration | Contract,
) -> None:
    """At Nel-O and sevens the games are played on as many threads, side by side."""
    hand, bid = (HAND, 34) if isinstance(contract, Declaration) else (NELLO_HAND, None)
    advice = advise_play(hand, contract, (), bid=bid, deals=16, seed=9)
    steps: list[list[int]] = [[], []]
    one = realistic_plays(advice, deals=8, worlds=3, threads=1, on_progress=steps[0].append)
    two = realistic_plays(advice, deals=8, worlds=3, threads=2, on_progress=steps[1].append)
    assert one.plays == two.plays
    assert (one.wins == two.wins).all()
    assert sum(steps[0]) == sum(steps[1]) == playouts_total(advice, 8)


def test_the_api_plays_out_when_asked_and_checks_first() -> None:
    advice = texas42.advise_play(
        HAND, "sixes", TRICKS, bid=34, deals=30, seed=1, realistic_deals=10, worlds=2
    )
    assert advice.realistic is not None and advice.realistic.deals == 10
    document = texas42.to_dict(advice)
    assert document["realistic"]["deals"] == 10 and document["realistic"]["worlds"] == 2
    assert texas42.advise_play(HAND, "sixes", TRICKS, deals=30, seed=1).realistic is None
    with pytest.raises(Texas42Error, match=r"realistic_deals is 0 \(no playouts\) or the deals to play out"):
        texas42.advise_play(HAND, "sixes", TRICKS, deals=30, seed=1, realistic_deals=-1)
    with pytest.raises(Texas42Error, match="worlds"):
        texas42.advise_play(HAND, "sixes", TRICKS, deals=30, seed=1, realistic_deals=5, worlds=-1)


def test_the_command_reports_the_playouts_in_json() -> None:
    args = ["play", str(HAND), "--trump", "sixes", "--bid", "34", "--tricks", "6-6 6-1 6-0 6-3"]
    result = invoke(*args, "--deals", "50", "--seed", "4", "--realistic", "--realistic-deals", "8", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    played = document["realistic"]
    assert played["deals"] == 8 and played["worlds"] == 10
    assert {p["domino"] for p in played["plays"]} == {p["domino"] for p in document["plays"]}
    assert played["best"] == played["plays"][0]["domino"]
    assert all(0 <= p["make"] <= 1 and p["expected_points"] is not None for p in played["plays"])
    plain = invoke(*args, "--deals", "50", "--seed", "4", "--json")
    assert "realistic" not in json.loads(plain.stdout)
    assert json.loads(plain.stdout)["plays"] == document["plays"]


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--realistic-deals", "0", "--realistic-deals"),
        ("--worlds", "0", "--worlds"),
        ("--worlds", "x", "--worlds"),
    ],
)
def test_bad_playout_options_are_one_line_errors(option: str, value: str, message: str) -> None:
    result = invoke("play", str(HAND), "--trump", "sixes", "--realistic", option, value)
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""


@pytest.mark.parametrize(
    "command",
    [
        ["play", str(HAND), "--trump", "sixes"],
        ["review", str(HAND), "--trump", "sixes", "--tricks", "6-6"],
        ["analyze", str(HAND)],
        ["bid", str(HAND)],
        ["compare", str(HAND), "sixes", "fours"],
    ],
)
@pytest.mark.parametrize("option", ["--realistic-deals", "--worlds"])
def test_playout_options_need_realistic(command: list[str], option: str) -> None:
    """An option of the playouts without --realistic would do nothing: it is refused."""
    result = invoke(*command, option, "5", "-n", "10")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"texas42: error: {option} goes with --realistic\n"


def test_at_nello_the_api_plays_out_unasked_and_not_when_told() -> None:
    """Double-dummy defenders always find the trick that sets Nel-O, so at Nel-O the
    advice is played out unless ``realistic_deals=0`` (at a trump, only when asked)."""
    advice = texas42.advise_play(NELLO_HAND, "nello", deals=40, seed=1)
    assert advice.realistic is not None and advice.realistic.deals == 40  # all of the 40
    assert texas42.advise_play(NELLO_HAND, "nello", deals=40, seed=1, realistic_deals=0).realistic is None
    assert texas42.advise_play(NELLO_HAND, "sevens", deals=20, seed=1).realistic is None
    tricks = "0-0 6-6 5-5"  # our lead reviewed
    review = texas42.review_play(NELLO_HAND, "nello", tricks, deals=30, seed=1, worlds=4)
    assert review.played_out is not None
    assert [
        (t.advice.realistic.deals, t.advice.realistic.worlds) for t in review.turns if t.advice.realistic
    ] == [(30, 4)]
    plain = texas42.review_play(NELLO_HAND, "nello", tricks, deals=30, seed=1, realistic_deals=0)
    assert plain.played_out is None and all(t.advice.realistic is None for t in plain.turns)
    assert [t.advice.plays for t in plain.turns] == [t.advice.plays for t in review.turns]
    with pytest.raises(Texas42Error, match="worlds goes with realistic_deals"):
        texas42.review_play(HAND, "sixes", REVIEW_TRICKS, bid=34, deals=30, seed=1, worlds=4)
    with pytest.raises(Texas42Error, match="must be a whole number, got ''"):
        texas42.review_play(HAND, "sixes", REVIEW_TRICKS, bid=34, deals=30, seed=1, realistic_deals="")  # type: ignore[arg-type]


def test_at_nello_the_commands_play_out_unasked_and_not_with_no_realistic() -> None:
    play = ["play", str(NELLO_HAND), "--trump", "nello", "-n", "40", "-s", "2"]
    unasked = invoke(*play, "--realistic-deals", "6", "--json")
    assert unasked.exit_code == 0, unasked.stderr
    document = json.loads(unasked.stdout)
    assert document["realistic"]["deals"] == 6
    told = invoke(*play, "--no-realistic", "--json")
    assert "realistic" not in json.loads(told.stdout)
    assert json.loads(told.stdout)["plays"] == document["plays"]
    refused = invoke(*play, "--no-realistic", "--realistic-deals", "6")
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr == "texas42: error: --realistic-deals: not with --no-realistic\n"
    review = ["review", str(NELLO_HAND), "--trump", "nello", "--tricks", "0-0 6-6 5-5", "-n", "30", "-s", "2"]
    reviewed = json.loads(invoke(*review, "--realistic-deals", "8", "--worlds", "3", "--json").stdout)
    assert (reviewed["realistic"]["deals"], reviewed["realistic"]["worlds"]) == (8, 3)
    assert len(reviewed["realistic"]["turns"]) == 1
    assert "realistic" not in json.loads(invoke(*review, "--no-realistic", "--json").stdout)


def test_a_domino_played_is_named_in_the_advice() -> None:
    advice = texas42.advise_play(HAND, "sixes", TRICKS, bid=34, deals=20, seed=1, realistic_deals=6)
    assert advice.realistic is not None
    assert advice.realistic.best.domino in {s.domino for s in advice.plays}
    assert parse_domino("5-5") in {s.domino for s in advice.realistic.plays}


def test_listed_deals_are_played_out_as_a_random_choice_of_them() -> None:
    # Late in the hand every consistent deal is listed, in a fixed order: the first of
    # them would not be a fair sample.
    tricks = parse_tricks("6-6 6-1 6-0 6-3 / 6-5 5-1 3-0 5-3 / 5-5 5-4 5-0 5-2 / 6-4 4-1 4-0 4-3", 4)
    advice = advise_play(HAND, Declaration(6), tricks, bid=34, deals=2000, seed=8)
    assert advice.exact and advice.sample is not None and advice.deals > 10
    chosen = played_deals(advice, 10)
    rows = {tuple(int(x) for x in row): i for i, row in enumerate(advice.sample)}
    picked = [rows[tuple(int(x) for x in row)] for row in chosen]
    assert len(set(picked)) == 10 and picked == sorted(picked) and picked != list(range(10))
    assert (played_deals(advice, 10) == chosen).all()
    assert (played_deals(advice, advice.deals) == advice.sample).all()
    played = realistic_plays(advice, deals=10, worlds=0)
    assert played.deals == 10


def test_deals_weighed_by_the_auction_are_played_out_as_drawn_by_their_weights() -> None:
    """Every consistent deal weighed by the auction's likelihood: the deals played out are
    drawn by their weights (with replacement, as the auction's draws are), as many as
    asked even beyond the deals listed. 20,000 draws against the weights: Pearson's
    chi-square within its 99.99% quantile (a correct draw fails at this seed with
    probability 1e-4), far beyond it against uniform."""
    tricks = "5-2 6-5 4-4 5-3 / 2-2 2-1 3-2 6-2 / 1-1 1-0 3-1 6-1 / 6-0 6-3 4-3 6-6"
    hand = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
    advice = texas42.advise_play(hand, "fours", tricks, auction="30 pass pass pass", deals=1000, seed=4)
    assert advice.exact and advice.weights is not None and advice.sample is not None
    assert advice.deals == 700
    drawn = played_deals(advice, 20_000)
    rows = {tuple(int(x) for x in row): i for i, row in enumerate(advice.sample)}
    counts = np.bincount([rows[tuple(int(x) for x in row)] for row in drawn], minlength=advice.deals)

    def chi_square(p: np.ndarray) -> tuple[float, float]:
        """The statistic, the deals expected fewer than 5 times pooled, and its quantile."""
        expected = 20_000 * p
        big = expected >= 5
        observed, wanted = counts[big], expected[big]
        if not big.all():
            observed = np.append(observed, counts[~big].sum())
            wanted = np.append(wanted, expected[~big].sum())
        k = observed.size - 1
        quantile = k * (1 - 2 / (9 * k) + 3.719 * np.sqrt(2 / (9 * k))) ** 3  # Wilson-Hilferty
        return float(((observed - wanted) ** 2 / wanted).sum()), quantile

    statistic, quantile = chi_square(advice.weights / advice.weights.sum())
    assert statistic < quantile, (statistic, quantile)
    uniform, quantile = chi_square(np.full(advice.deals, 1 / advice.deals))
    assert uniform > 3 * quantile
    played = realistic_plays(advice, deals=advice.deals + 5, worlds=0)
    assert played.deals == advice.deals + 5


REVIEW_TRICKS = "6-6 6-3 5-0 6-1 / 3-1 5-3 3-0 3-2"


def test_a_review_played_out_with_every_hand_seen_weighs_each_turn_as_double_dummy() -> None:
    review = review_play(HAND, Declaration(6), parse_tricks(REVIEW_TRICKS, 4), bid=34, deals=30, seed=2)
    assert review.played_out is None and review.played_out_lost_ci95 is None
    played = realistic_review(review, deals=30, worlds=0)
    assert played.played_out is not None
    for turn in played.turns:
        assert turn.advice.realistic is not None
        expected = _double_dummy_wins(turn.advice, 30)
        for stats in turn.advice.plays:
            assert (turn.advice.realistic.wins[:, stats.domino] == expected[:, stats.domino]).all()
    view = played.played_out
    ci = played.played_out_lost_ci95
    assert ci is not None and ci.low <= view.contract_lost <= ci.high
    assert [t.played for t in view.turns] == [t.played for t in review.turns]


def test_review_realistic_in_json_and_text() -> None:
    args = ["review", str(HAND), "--trump", "sixes", "--bid", "34", "--tricks", REVIEW_TRICKS, "--seed", "3"]
    more = ["--deals", "60", "--realistic", "--realistic-deals", "6", "--worlds", "2"]
    result = invoke(*args, *more, "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    played = document["realistic"]
    assert played["deals"] == 6 and played["worlds"] == 2
    assert [t["played"] for t in played["turns"]] == [t["played"] for t in document["turns"]]
    assert played["missed"] == sum(not t["as_good_as_best"] for t in played["turns"])
    low, high = played["make_lost_ci95"]
    assert low <= played["make_lost"] <= high
    text = invoke(*args, *more)
    assert text.exit_code == 0
    assert "Played out, each seat seeing only its own dominoes" in text.stdout
    assert "realistic" not in json.loads(invoke(*args, "--deals", "60", "--json").stdout)
    bad = invoke(*args, "--realistic", "--realistic-deals", "0")
    assert bad.exit_code == 2 and "--realistic-deals" in bad.stderr and bad.stdout == ""


def test_the_api_reviews_played_out_when_asked() -> None:
    review = texas42.review_play(HAND, "sixes", REVIEW_TRICKS, bid=34, deals=40, seed=1, realistic_deals=5)
    assert review.played_out is not None
    assert all(t.advice.realistic is not None and t.advice.realistic.deals == 5 for t in review.turns)
    assert "realistic" in texas42.to_dict(review)
    assert [t.best.domino for t in review.played_out.turns] == [t.advice.advised.domino for t in review.turns]
    with pytest.raises(Texas42Error, match="realistic_deals is 0"):
        texas42.review_play(HAND, "sixes", REVIEW_TRICKS, deals=40, seed=1, realistic_deals=-2)


def _with_playouts(advice: texas42.PlayAdvice, top: int, rival: int, extra: int) -> texas42.PlayAdvice:
    """``advice`` with made-up playouts on 100 deals whose best is ``top``, which wins
    the contract in ``extra`` more deals than ``rival`` (every other play in none)."""
    wins = np.zeros((100, 28), dtype=bool)
    wins[:50, rival] = True
    wins[: 50 + extra, top] = True
    ranked = sorted(advice.plays, key=lambda s: s.domino != top)
    played = RealisticPlays(100, 10, tuple(ranked), wins)
    return replace(advice, realistic=played)


def test_the_advice_takes_the_playouts_best_only_beyond_the_sampling_error() -> None:
    advice = advise_play(HAND, Declaration(6), TRICKS, bid=34, deals=50, seed=1)
    assert advice.advised is advice.best
    other = next(s.domino for s in advice.plays if s.domino != advice.best.domino)
    clear = _with_playouts(advice, other, advice.best.domino, 30)
    assert clear.advised.domino == other
    chance = _with_playouts(advice, other, advice.best.domino, 2)
    assert chance.advised is advice.best
    same = _with_playouts(advice, advice.best.domino, other, 30)
    assert same.advised is advice.best
    assert "within the sampling error, so the advice stays" in " ".join(
        str(realistic_text(chance, chance.realistic)).split()  # type: ignore[arg-type]
    )


def test_a_playouts_best_winning_in_exactly_the_same_deals_is_said_to_rank_first_on_points() -> None:
    advice = advise_play(HAND, Declaration(6), TRICKS, bid=34, deals=50, seed=1)
    other = next(s.domino for s in advice.plays if s.domino != advice.best.domino)
    tied = _with_playouts(advice, other, advice.best.domino, 0)
    assert tied.advised is advice.best
    text = " ".join(str(realistic_text(tied, tied.realistic)).split())  # type: ignore[arg-type]
    pair = f"{domino_name(other)} and {domino_name(advice.best.domino)} won the contract"
    assert f"{pair} for your team in exactly the same deals" in text
    assert f"{domino_name(other)} ranks first on points (" in text
    assert "sampling error" not in text and "0% more" not in text


def test_a_turn_played_out_is_held_against_the_play_advised_not_the_playouts_best() -> None:
    advice = advise_play(HAND, Declaration(6), TRICKS, bid=34, deals=50, seed=1)
    best = advice.best.domino
    other = next(s.domino for s in advice.plays if s.domino != best)
    by_chance = TurnReview(_with_playouts(advice, other, best, 2), best).played_out
    assert by_chance is not None
    assert by_chance.best.domino == best and by_chance.is_best and by_chance.contract_lost == 0
    clearly = TurnReview(_with_playouts(advice, other, best, 30), best).played_out
    assert clearly is not None and clearly.best.domino == other


@pytest.mark.parametrize(
    ("basis", "said"),
    [
        (("--basis", "double-dummy"), "of the time (50% double-dummy; 95% CI 38% to 62%)"),
        ((), "of the time (an estimated 50% at a real table; 95% band"),
        (("--realistic", "--realistic-deals", "6"), "of the time (50% of the playouts; 95% CI 19% to 81%)"),
    ],
)
def test_the_bid_reason_says_on_what_its_odds_stand(basis: tuple[str, ...], said: str) -> None:
    args = ("bid", "--json", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "-n", "60", "-s", "1", "--no-specials", *basis)
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    assert said in json.loads(result.stdout)["advice"]["reason"]


def test_the_playouts_draw_their_worlds_apart_from_the_advice_s_deals() -> None:
    """Spawned from the advice's seed itself, deal 0's worlds came from the stream that
    dealt the advice's deals (``deal.generators``), the deal being played among them."""
    for seed in (0, 1, 932842941):
        dealing = [g.integers(0, 2**62) for g in deal.generators(seed, 4)]
        worlds = [g.integers(0, 2**62) for g in generators(playout_seed(seed), 100)]
        assert not set(dealing) & set(worlds)


def test_deals_drawn_by_their_weights_are_said_to_be() -> None:
    """Weighed by the auction, the deals played out are drawn from them with replacement,
    perhaps more of them than there are: not "150 of those deals" of 90."""
    weighted = played_out_footer(150, 10, weighted=True)
    assert "on 150 deals drawn from those by their weights (the same deals for every play)" in weighted
    assert "on 150 of those deals (the same" in played_out_footer(150, 10)
