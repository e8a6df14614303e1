"""A hand played, reviewed turn by turn (``texas42 review``): each turn is the advice of
``texas42 play`` at that point, the domino played is set beside the best, what it gave
up is the difference of the two plays' figures; the command line and the API."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace

import numpy as np
import pytest
from rich.console import Console

import texas42
from cli_runner import invoke
from texas42 import engine
from texas42.analysis import PlayReview, advise_play, review_play
from texas42.analysis.review import TurnReview
from texas42.analysis.statistics import Interval, paired_interval, summed_interval
from texas42.analysis.table import TableHand
from texas42.errors import IllegalPlayError, Texas42Error
from texas42.report import review as report_review
from texas42.rules import (
    Contract,
    Declaration,
    parse_domino,
    parse_finished_auction,
    parse_hand,
    parse_tricks,
)

HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
LINE = (
    "6-6 6-3 5-0 6-1 / 6-5 5-4 4-3 6-0 / 4-4 4-0 4-2 5-1 / 3-1 5-3 3-0 3-2 / 5-2 4-1 2-2 5-5 / "
    "6-4 3-3 1-1 2-1 / 6-2 1-0 2-0 0-0"
)
"""The README's worked example at sixes, bid 34, played to the end (seat 0 plays last to
the fifth trick and leads the others)."""
TRICKS = " / ".join(LINE.split(" / ")[:4])


def _review(tricks: str = TRICKS, deals: int = 200, **options: object) -> PlayReview:
    return review_play(
        parse_hand(HAND), Declaration.SIXES, parse_tricks(tricks), bid=34, deals=deals, seed=3, **options
    )  # type: ignore[arg-type]


def test_each_turn_is_the_advice_play_gives_there() -> None:
    review = _review()
    plays = parse_tricks(TRICKS)
    assert [t.trick for t in review.turns] == [1, 2, 3, 4]
    assert [t.played for t in review.turns] == [plays[k] for k in (0, 4, 8, 12)]
    for turn, k in zip(review.turns, (0, 4, 8, 12), strict=True):
        alone = advise_play(parse_hand(HAND), Declaration.SIXES, plays[:k], bid=34, deals=200, seed=3)
        assert turn.advice == alone
        chosen = next(s for s in alone.plays if s.domino == plays[k])
        assert turn.chosen == chosen and turn.best == alone.best
        assert turn.points_lost == pytest.approx(alone.best.expected_points - chosen.expected_points)
        assert turn.contract_lost == pytest.approx((alone.best.made - chosen.made) / 200)
        assert turn.is_best == (chosen.made == alone.best.made and chosen.points == alone.best.points)
    assert review.missed == () and review.points_lost == 0  # the README's line: every play best


def test_a_missed_turn_is_counted_with_what_it_gave_up() -> None:
    """Leading 3-1 to the second trick, with 6-5 (and 39.35 points, at seed 3) to lead:
    that turn alone is missed, and what the review says was lost is its own."""
    review = _review("6-6 6-3 5-0 6-1 / 3-1 3-0 1-1 3-3")
    first, second = review.turns
    assert first.is_best and not second.is_best and review.missed == (second,)
    assert (second.chosen.expected_points, second.best.expected_points) == pytest.approx((37.465, 39.35))
    assert second.best.domino == parse_tricks("6-5")[0] and second.contract_lost == 25 / 200
    assert review.points_lost == second.points_lost == pytest.approx(39.35 - 37.465)


def test_a_defender_s_turns_and_lost_contract_odds_count_for_the_defence() -> None:
    """Seat 1 against sixes: its turns are its own plays; what a play gives up is the
    odds of setting the bid."""
    review = review_play(
        parse_hand("6-3 5-4 4-0 2-1 3-3 1-0 0-0"),
        Declaration.SIXES,
        parse_tricks("6-6 6-3 5-0 6-1 / 6-5 5-4"),
        seat=1,
        bid=34,
        deals=200,
        seed=1,
    )
    assert [t.played for t in review.turns] == [parse_domino("6-3"), parse_domino("5-4")]
    assert review.defending
    for turn in review.turns:
        sets = {s.domino: s.deals - s.made for s in turn.advice.plays}
        assert turn.contract_lost == pytest.approx(
            (sets[turn.best.domino] - sets[turn.played]) / turn.best.deals
        )
        assert turn.contract_lost >= 0


def test_a_forced_turn_and_a_whole_hand() -> None:
    """The last trick of a whole hand: one domino left, forced and as good as the best,
    over the six ways the other three dominoes may lie (exact)."""
    review = _review(LINE, deals=50)
    last = review.turns[-1]
    assert len(review.turns) == 7 and last.trick == 7 and last.forced and last.is_best
    assert last.advice.exact and last.advice.deals == 6
    assert review.turns[0].advice.deals == 50


def test_nothing_to_review_and_bad_plays_are_errors_before_any_solve() -> None:
    with pytest.raises(IllegalPlayError, match="seat 2 played none of the dominoes given: nothing to review"):
        review_play(parse_hand("6-0 4-4 3-0 2-2 2-0 1-1 0-0"), Declaration.SIXES, parse_tricks("6-6"), seat=2)
    with pytest.raises(IllegalPlayError, match="seat 2 played 6-6, already played in trick 1"):
        review_play(parse_hand(HAND), Declaration.SIXES, parse_tricks("6-6 6-3 6-6"))


def test_the_progress_counts_the_solves_of_every_turn() -> None:
    """``progress(solves_done, solves_total)`` as everywhere: the solves of both turns (seat
    0 leads the first two tricks), each as ``advise_play`` counts them, rising to the total."""
    seen: list[tuple[int, int]] = []
    plays = parse_tricks("6-6 6-3 5-0 6-1 / 6-5")
    _review("6-6 6-3 5-0 6-1 / 6-5", deals=60, progress=lambda done, total: seen.append((done, total)))
    totals: list[list[int]] = []
    for before in (plays[:0], plays[:4]):
        totals.append([])
        advise_play(
            parse_hand(HAND),
            Declaration.SIXES,
            before,
            bid=34,
            deals=60,
            seed=3,
            progress=lambda _, total: totals[-1].append(total),
        )
    solves = sum(turn[-1] for turn in totals)
    assert seen[-1] == (solves, solves) == (120, 120)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert all(done <= total for done, total in seen)


MARKS_HAND = "6-4 6-3 6-2 6-1 6-0 5-4 2-2"
MARKS_LINE = (
    "6-4 5-3 6-6 5-0 / 6-5 4-1 6-3 5-2 / 5-5 4-0 5-4 5-1 / 4-4 3-1 6-2 4-3 / 6-1 4-2 3-3 3-0 / "
    "6-0 3-2 2-1 2-0 / 2-2 1-1 1-0 0-0"
)
"""A hand played at sixes that takes all 42 points: the partner's plunge of the audit that
counted the 6-4 lead a miss for its expected points alone."""


def _marks_review(tricks: str, bid: int) -> PlayReview:
    hand, plays = parse_hand(MARKS_HAND), parse_tricks(tricks)
    return review_play(hand, Declaration.SIXES, plays, bid=bid, deals=100, seed=1)


@pytest.mark.parametrize("bid", [42, 168])
def test_at_42_and_the_mark_bids_a_turn_is_judged_on_the_odds_alone(bid: int) -> None:
    """Only taking all 42 points makes these bids: the 6-4 lead, 7.4 expected points
    below the 6-3 for the same odds, is as good as the best play, and no points are
    given up in all."""
    review = _marks_review(" / ".join(MARKS_LINE.split(" / ")[:2]), bid)
    first = review.turns[0]
    assert (first.played, first.best.domino) == (parse_domino("6-4"), parse_domino("6-3"))
    assert first.chosen.made == first.best.made == 24 and first.contract_lost == 0
    assert first.best.expected_points - first.chosen.expected_points == pytest.approx(7.4)
    assert not first.weighs_points and first.is_best and first.points_lost is None
    assert not review.weighs_points and review.missed == () and review.points_lost is None


def test_below_42_a_play_for_fewer_points_at_the_same_odds_is_a_miss() -> None:
    """At 30 the 6-3 lead makes the bid as often as the 2-2 but expects 0.28 points fewer:
    not as good as the best play."""
    review = _marks_review("6-3", 30)
    (missed,) = review.missed
    assert missed.best.domino == parse_domino("2-2") and missed.chosen.made == missed.best.made == 68
    assert missed.contract_lost == 0 and missed.points_lost == pytest.approx(0.28)
    assert review.weighs_points and missed.weighs_points and review.points_lost == missed.points_lost


# --- The command line and the API ----------------------------------------------------

REVIEW = [
    "review",
    HAND,
    "--trump",
    "sixes",
    "--bid",
    "34",
    "--tricks",
    TRICKS,
    "--deals",
    "200",
    "--seed",
    "3",
]


def test_review_prints_the_turns_and_what_they_gave_up() -> None:
    result = invoke(*REVIEW)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "Seat 0: 6-6 6-5 6-4 6-2 5-5 4-4 3-1 sixes, bid 34 by seat 0 (you)" in text
    assert "up to 200 deals consistent with what you had seen, seed 3" in text
    assert not _review().missed
    assert "All 4 of your turns were as good as the best play." in text and "Repeat with --seed=3." in text
    assert text.index(" 1 6-6 ") < text.index(" 2 6-5 ") < text.index(" 3 4-4 ") < text.index(" 4 3-1 ")


def test_review_says_what_a_weaker_play_gave_up() -> None:
    """Leading the 3-1 at the second trick, before drawing the trumps: the 6-5 was best."""
    early = "6-6 6-3 5-0 6-1 / 3-1 5-3 3-0 3-2"
    review = _review(early)
    (missed,) = review.missed
    assert (missed.trick, missed.played, missed.best.domino) == (2, parse_domino("3-1"), parse_domino("6-5"))
    assert missed.contract_lost > 0.05 and missed.points_lost > 1
    text = " ".join(invoke(*REVIEW[:-6], "--tricks", early, "--deals", "200", "--seed", "3").stdout.split())
    lost = f"{100 * missed.contract_lost:.0f} percentage points of the odds"
    assert f"1 of your 2 turns was as good as the best play; the other one gave up {lost}" in text
    assert f" 2 3-1 {missed.chosen.expected_points:.1f} " in text


def _header(stdout: str) -> list[list[str]]:
    """The words of the two lines heading the table of turns."""
    lines = stdout.splitlines()
    rule = next(k for k, line in enumerate(lines) if line.strip().startswith("─" * 10) and "┼" not in line)
    return [lines[k].split() for k in (rule - 2, rule - 1)]


def test_the_table_says_whose_play_each_column_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """Your play's domino and figures, then the best play's, then what yours lost, each
    column headed by whose it is, three spaces apart within 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    stdout = invoke(*REVIEW[:-6], "--tricks", "6-6 6-3 5-0 6-1 / 3-1 5-3 3-0 3-2", *REVIEW[-4:]).stdout
    assert _header(stdout) == [
        ["your", "your", "your", "best", "best", "best", "odds", "pts"],
        ["trick", "play", "pts", "makes", "34", "play", "pts", "makes", "34", "lost", "lost"],
    ]
    row = next(line for line in stdout.splitlines() if line.lstrip().startswith("2   3-1"))
    assert row.split() == ["2", "3-1", "37.5", "86%", "6-5", "39.4", "98%", "12%", "+1.9"]
    assert " trick   play    pts   makes 34   play       pts   makes 34   lost   lost" in stdout
    assert max(len(line) for line in stdout.splitlines()) <= 80


def test_review_at_a_mark_bid_says_expected_points_do_not_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 168 the 6-4 lead is as good as the best play: no turn missed, the points shown
    but no points lost column, and why; JSON: ``weighs_points`` false, no points lost."""
    monkeypatch.setenv("COLUMNS", "80")
    tricks = " / ".join(MARKS_LINE.split(" / ")[:2])
    args = ["review", MARKS_HAND, "--trump", "sixes", "--bid", "168", "--tricks", tricks, "--deals", "100"]
    result = invoke(*args, "--seed", "1")
    assert result.exit_code == 0, result.output
    head = ["trick", "play", "pts", "makes", "168", "play", "pts", "makes", "168", "lost"]
    assert _header(result.stdout) == [["your", "your", "your", "best", "best", "best", "odds"], head]
    text = " ".join(result.stdout.split())
    assert " 1 6-4 25.0 24% as good 2 6-3 41.8 90% as good " in text
    assert (
        "Both your turns were as good as the best play. At 168 the bid is made only by taking every "
        "trick (all 42 points), so expected points do not count here: a turn is as good as the best play "
        "when its odds of making 168 are the same."
    ) in text
    assert "As good: the same odds of the contract as the best play." in text
    document = json.loads(invoke(*args, "--seed", "1", "--json").stdout)
    assert document["weighs_points"] is False and document["missed"] == 0 and document["points_lost"] is None
    first = document["turns"][0]
    assert first["as_good_as_best"] and first["points_lost"] is None and first["best"] == "6-3"
    assert first["best_figures"]["expected_points"] - first["played_figures"]["expected_points"] > 7


def test_review_json_is_the_document_of_the_review() -> None:
    result = invoke(*REVIEW, "--json")
    assert result.exit_code == 0 and result.stderr == ""
    document = json.loads(result.stdout)
    assert document == texas42.to_dict(_review())
    assert [t["played"] for t in document["turns"]] == ["6-6", "6-5", "4-4", "3-1"]
    assert document["missed"] == sum(not t["as_good_as_best"] for t in document["turns"])
    assert document["weighs_points"] is True and list(document)[-1] == "weighs_points"
    first = document["turns"][0]
    assert set(first) == {
        "trick",
        "played",
        "best",
        "forced",
        "as_good_as_best",
        "better_than_best",
        "within_sampling_error",
        "played_figures",
        "best_figures",
        "points_lost",
        "make_lost",
        "make_lost_ci95",
        "points_lost_ci95",
        "deals",
        "exact",
    }
    for key in ("make_lost", "points_lost"):  # each figure given up with its interval
        for lost in (*document["turns"], document):
            low, high = lost[f"{key}_ci95"]
            assert low <= lost[key] <= high
    for turn in document["turns"]:  # each figure with its interval, on the turn's own deals
        for figures in (turn["played_figures"], turn["best_figures"]):
            low, high = figures["make_ci95"]
            assert low <= figures["make"] <= high and (low == high) is turn["exact"]
            points_low, points_high = figures["expected_points_ci95"]
            assert points_low <= figures["expected_points"] <= points_high
    api = texas42.review_play(HAND, "sixes", TRICKS, bid="34", deals=200, seed=3)
    assert api == _review()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            ["--trump", "sixes", "--seat", "1", "--tricks", "6-3"],
            "seat 1 played none of the dominoes given: nothing to review",
        ),
        (
            ["--trump", "nello", "--seat", "2", "--tricks", "0-0 1-0 2-0"],
            "seat 2 is the Nel-O bidder's partner, who sits out: nothing to review",
        ),
        (["--trump", "sixes"], "give the plays to review: --tricks \"PLAYS\"; see 'texas42 review --help'"),
        (["--trump", "sixes", "--tricks", "6-6 6-3 5-0 6-1 / 6-5 x"], "--tricks: not a domino: 'x'"),
        (["--tricks", "6-6"], "give the trump declared: --trump TRUMP; see 'texas42 review --help'"),
        (["--trump", "nello", "--bid", "42", "--tricks", "6-6"], "Nel-O is bid at 84 or more, not 42"),
        (
            ["-t", "sixes", "--bid", "34", "--tricks", "6-6", "--basis", "double-dummy"],
            "--basis: only with the whole --auction, where your call is weighed",
        ),
        (
            [
                *("-t", "sixes", "--bid", "34", "--tricks", "6-6"),
                *("--all-pass", "reshuffle", "--basis", "realistic"),
            ],
            "--basis, --all-pass: only with the whole --auction",
        ),
    ],
)
def test_bad_reviews_are_one_line_errors(options: list[str], message: str) -> None:
    result = invoke("review", HAND, *options)
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and result.stdout == ""
    assert len(lines) == 1 and lines[0].startswith(f"texas42: error: {message}"), lines


def test_a_review_with_the_auction_weighs_every_turn_by_it() -> None:
    """Seat 1 against the bidder's sixes after "34 pass pass pass": each turn's advice is
    play's with the same auction (deals drawn to fit it, the bid taken from it)."""
    hand = parse_hand("5-4 5-2 4-2 3-3 3-2 2-1 1-1")
    plays = parse_tricks("6-6 2-1 6-0 6-3 / 6-5 5-4")
    auction = parse_finished_auction("34 pass pass pass")
    review = review_play(hand, Declaration.SIXES, plays, seat=1, deals=100, seed=2, auction=auction)
    assert review.bid == 34 and [t.played for t in review.turns] == [plays[1], plays[5]]
    for turn, k in zip(review.turns, (1, 5), strict=True):
        alone = advise_play(hand, Declaration.SIXES, plays[:k], seat=1, deals=100, seed=2, auction=auction)
        assert turn.advice == alone and alone.inference is not None


@pytest.mark.parametrize(
    ("auction", "seat", "bidder", "place"),
    [
        ("pass 30 36 37", 0, 0, 3),  # we won as the shaker
        ("pass 30 36 37", 1, 0, 0),  # our left opponent bid first
        ("pass 30 36 37", 3, 0, 2),
        ("30 34 pass pass", 0, 0, 1),
        ("34 pass pass pass", 1, 0, 1),
        ("pass plunge pass pass", 0, 0, 3),  # partner (seat 2) plunged second; we name trump
        ("pass plunge pass pass", 2, 0, 1),
    ],
)
def test_where_each_seat_called(auction: str, seat: int, bidder: int, place: int) -> None:
    finished = parse_finished_auction(auction)
    assert finished.place_of(seat, bidder) == place
    assert finished.seat_at(place, bidder) == seat


def test_where_we_called_agrees_with_the_table_for_random_auctions() -> None:
    """``FinishedAuction.place_of`` against ``TableHand``'s own seating: for random
    auctions entered at every place of the bidding (plunges and splashes among them), the
    seat 0 of the table called where ``place_of`` says, given the declarer the table names."""
    rng = random.Random(5)
    checked = partner_contracts = 0
    for _ in range(300):
        table = TableHand.dealt(HAND, rng.randint(1, 4))
        high = 0
        while table.auction is None:
            if rng.random() < 0.5 or (high >= 42 and rng.random() < 0.8):
                call = "pass"
            elif rng.random() < 0.15:
                call = rng.choice(["plunge", "splash"])
            else:
                call = str(rng.choice([b for b in (*range(30, 43), 84, 126) if b > high] or [high + 42]))
            try:
                table = table.enter(call)
            except Texas42Error:  # the shaker after three passes must bid; doubles a plunge needs
                continue
            high = max(high, int(call) if call.isdigit() else 84 if call != "pass" else 0)
        assert table.auction.place_of(0, table.declarer) == table.place
        assert table.auction.seat_at(table.place, table.declarer) == 0
        checked += 1
        partner_contracts += table.auction.partner_contract is not None
    assert checked == 300 and partner_contracts > 10


@pytest.mark.parametrize(
    ("made", "said"),
    [
        ([(626, 554)], "8 percentage points"),  # as the row says, though 7.2 were given up
        ([(626, 554), (644, 556)], "16 percentage points"),  # the rows' 8 and 8, not 16.0 rounded
        ([(503, 498)], "less than 1 percentage point"),
        ([(503, 498), (510, 500)], "1 percentage point"),
    ],
)
def test_the_odds_given_up_in_all_are_the_sum_of_the_rows(made: list[tuple[int, int]], said: str) -> None:
    review = _review(tricks="6-6", deals=20)
    turns = tuple(_made_up(review.turns[0], best, chosen) for best, chosen in made)
    assert report_review._percentage_points(replace(review, turns=turns)) == said


def _made_up(turn: TurnReview, best: int, chosen: int) -> TurnReview:
    """``turn`` with its best play making the contract in ``best`` of 1000 deals, the
    play made in ``chosen``, every other play in none."""
    played = next(s.domino for s in turn.advice.plays if s.domino != turn.best.domino)
    made = {turn.best.domino: best, played: chosen}
    plays = tuple(replace(s, deals=1000, made=made.get(s.domino, 0)) for s in turn.advice.plays)
    made_up = TurnReview(replace(turn.advice, plays=plays), played)
    assert made_up.best.domino == turn.best.domino
    return made_up


@pytest.mark.parametrize(
    ("forced", "good", "said"),
    [
        (0, 3, ""),
        (1, 1, " (a forced one)"),
        (2, 2, " (both forced)"),
        (3, 3, " (all forced)"),
        (2, 5, " (2 of them forced)"),
    ],
)
def test_the_review_says_how_many_good_turns_were_forced(forced: int, good: int, said: str) -> None:
    """A turn with one legal play is as good as the best by force: the count says so."""
    assert report_review._forced_among(forced, good) == said


@pytest.mark.parametrize(
    ("best", "chosen", "said"),
    [
        (626, 554, "8%"),  # 63% and 55% shown: 8, though 7.2 points were given up
        (644, 556, "8%"),  # 64% and 56% shown: 8, though 8.8 points were given up
        (503, 498, "<1%"),  # 50% and 50% shown, some given up
        (500, 500, "0%"),
    ],
)
def test_the_odds_lost_are_the_difference_of_the_two_odds_shown(best: int, chosen: int, said: str) -> None:
    made_up = _made_up(_review(tricks="6-6", deals=20).turns[0], best, chosen)
    assert report_review._odds_lost(made_up) == said


def test_a_defender_s_play_that_sets_the_bid_less_often_is_not_as_good() -> None:
    """Seat 0 defends against seat 3's 38: at trick 5, 5-5 sets it in 42% of the deals,
    3-2 in 80%. The bidder's team makes the bid more often after 5-5: a miss."""
    tricks = "6-6 1-0 6-1 6-0 / 6-5 5-0 6-2 2-2 / 6-4 4-1 1-1 3-0 / 4-4 2-1 4-2 4-3 / 6-3 5-5"
    review = review_play(
        parse_hand("5-5 5-0 4-1 3-3 3-2 2-1 1-0"),
        Declaration.SIXES,
        parse_tricks(tricks),
        bidder=3,
        auction=parse_finished_auction("pass pass 38 pass"),
        deals=200,
        seed=5,
    )
    last = review.turns[-1]
    assert last.advice.defending and last.played == parse_domino("5-5")
    assert last.chosen.made > last.best.made and last.contract_lost > 0.3
    assert not last.is_best and review.missed == (last,)


def test_the_call_is_weighed_on_the_basis_asked_as_bid_weighs_it() -> None:
    """On the double-dummy basis ``bid`` advises 84 with blanks for this hand, on the
    realistic one Nel-O; the review quotes the advice of the basis it is given."""
    hand, tricks, auction = "6-0 5-1 4-0 3-1 2-0 1-0 0-0", "3-1", "84 pass pass pass"
    quoted = {}
    for basis in ("double-dummy", "realistic"):
        review = texas42.review_play(hand, "nello", tricks, auction=auction, deals=100, seed=1, basis=basis)
        advised = texas42.advise_bid(hand, "", deals=100, seed=1, basis=basis)
        assert review.called is not None
        assert (review.called.bid, review.called.contract, review.called.declaration) == (
            advised.bid,
            advised.contract,
            advised.declaration,
        )
        quoted[basis] = review.called.contract
    assert quoted == {"double-dummy": None, "realistic": Contract.NELLO}


def test_a_call_played_at_nello_is_weighed_at_nello() -> None:
    """Under Nel-O's minimum of one mark, a 42 the bidder played at Nel-O is quoted at
    Nel-O's odds, not at the odds of 42 with the best trump."""
    args = ["6-0 5-1 4-0 3-1 2-0 1-0 0-0", "-t", "nello", "--auction", "42 pass pass pass", "--tricks", "3-1"]
    text = " ".join(invoke("review", *args, "--nello-min-marks", "1", "-n", "100", "-s", "1").stdout.split())
    document = json.loads(
        invoke("bid", args[0], "--nello-min-marks", "1", "-n", "100", "-s", "1", "--json").stdout
    )
    nello = next(s for s in document["specials"] if s["contract"] == "nello")
    assert f"On the same odds your 42, played at Nel-O, is made in {round(100 * nello['make'])}%." in text


def test_a_splash_or_plunge_call_is_reviewed_as_that_contract() -> None:
    """The splash is quoted at the splash's own odds, as 'texas42 bid' gives them, not at
    the odds of 84 with a trump; its JSON names the contract."""
    hand, tricks = "6-6 5-5 4-4 3-1 2-1 2-0 1-0", "6-5 6-1 6-6 6-2"
    args = [hand, "-t", "sixes", "--auction", "pass splash pass pass", "--bidder", "2", "--tricks", tricks]
    options = ["-n", "60", "-s", "5"]
    text = " ".join(invoke("review", *args, *options).stdout.split())
    advised = json.loads(invoke("bid", hand, "--auction", "pass", *options, "--json").stdout)
    splash = next(s for s in advised["specials"] if s["contract"] == "splash")
    assert "Your call, splash (84); 'texas42 bid' advises after pass:" in text
    assert f"On the same odds your splash (84) is made in {round(100 * splash['make'])}%." in text
    document = json.loads(invoke("review", *args, *options, "--json").stdout)
    assert (document["called"]["call"], document["called"]["contract"]) == (84, "splash")


def test_played_out_the_call_and_declaration_are_bid_and_declare_s_played_out() -> None:
    """With --realistic the call and the declaration are played out as the turns are: the
    advice quoted is exactly what bid and declare --realistic give on the same options,
    and the review says how they were weighed."""
    hand, auction = HAND, "34 pass pass pass"
    common = ["-n", "200", "-s", "1", "--realistic", "--realistic-deals", "20", "--worlds", "3", "--json"]
    args = [hand, "-t", "sixes", "--auction", auction, "--tricks", "6-6 6-3 5-0 6-1 / 3-1 5-3 3-0 3-2"]
    document = json.loads(invoke("review", *args, *common).stdout)
    assert document["called"]["bid"] == json.loads(invoke("bid", hand, *common).stdout)
    declared = json.loads(invoke("declare", hand, "--auction", auction, *common).stdout)
    assert document["declared"]["declare"] == declared
    assert declared["realistic"]["source"] == "playouts" and declared["advice"]["declaration"] == "doubles"
    text = " ".join(invoke("review", *args, *common[:-1]).stdout.split())
    assert text.count("; played out on 20 deals, 3 deals weighed a decision.") == 2
    assert (
        "Your declaration, sixes, makes 34 in 95% of the playouts; 'texas42 declare' advises doubles, "
        in text
    )
    assert "made in 100% of the playouts: 5% of the odds of making the bid given up" in text


def test_the_call_and_declaration_on_the_double_dummy_basis_are_not_played_out() -> None:
    args = [HAND, "-t", "sixes", "--auction", "34 pass pass pass", "--tricks", "6-6", "-n", "40", "-s", "1"]
    played = ["--realistic", "--realistic-deals", "5", "--worlds", "2", "--json"]
    document = json.loads(invoke("review", *args, "--basis", "double-dummy", *played).stdout)
    assert "realistic" not in document["called"]["bid"] and "realistic" not in document["declared"]["declare"]
    assert len(document["realistic"]["turns"]) == 1
    calibrated = json.loads(invoke("review", *args, "--json").stdout)
    assert "realistic" not in calibrated


@pytest.mark.parametrize(("low", "sound"), [(-0.01, True), (0.005, False)])
def test_a_miss_within_the_sampling_error_is_marked_as_play_called_it_sound(low: float, sound: bool) -> None:
    """The play with the most expected points, a little less often winning the contract
    than the best: where their paired interval reaches 0, 'texas42 play' called either
    play sound, and the review marks the odds lost with * and says why."""
    review = _review(tricks="6-6", deals=20)
    turn = _made_up(review.turns[0], 626, 614)
    points = {turn.best.domino: 30_000, turn.played: 32_000}
    plays = tuple(replace(s, points=points.get(s.domino, 0)) for s in turn.advice.plays)
    advice = replace(turn.advice, plays=plays, safety=(0.022, Interval(low, 0.05)))
    made_up = TurnReview(advice, turn.played)
    assert not made_up.is_best and advice.most_points.domino == made_up.played
    assert made_up.sound is sound
    text = Console(width=200, record=True)
    text.print(report_review.review_view(replace(review, turns=(made_up,))))
    shown = text.export_text()
    assert ("2%*" in shown) is sound and (report_review.SOUND_NOTE in " ".join(shown.split())) is sound


@pytest.mark.parametrize(("bid", "played", "sound"), [("38", "6-5", True), ("84", "6-6", False)])
def test_sound_is_judged_on_the_figures_and_only_where_points_count(
    bid: str, played: str, sound: bool
) -> None:
    """At 38, 6-6, 6-5 and 6-4 lead to the same figures (40.2 points, 74%), the most
    points, within the sampling error of 4-4's odds: each is sound, not only the first
    listed. At 84 points do not count, and no play is sound ('texas42 play' says so too)."""
    args = [
        "review",
        HAND,
        "-t",
        "sixes",
        "--bid",
        bid,
        "--tricks",
        f"{played} 6-1 6-0 6-3",
        "-n",
        "100",
        "-s",
        "4",
    ]
    turn = json.loads(invoke(*args, "--json").stdout)["turns"][0]
    assert (turn["played"], turn["best"], turn["within_sampling_error"]) == (
        played,
        "4-4" if sound else "5-5",
        sound,
    )
    assert (report_review.SOUND_NOTE in " ".join(invoke(*args).stdout.split())) is sound


def test_a_play_that_did_better_in_the_playouts_than_the_one_advised_is_marked_better() -> None:
    """Played out, 6-5 at trick 2 made 34 in 97% of the playouts where 4-4, the play
    advised on the double-dummy figures, made it in 90%: "better", not "as good"."""
    args = ["review", HAND, "-t", "sixes", "--bid", "34", "-n", "200", "-s", "3"]
    args += ["--tricks", "6-6 6-3 6-1 6-0 / 6-5 1-0 0-0 2-1 / 5-5 5-1 5-0 5-2"]
    args += ["--realistic", "--realistic-deals", "30", "--worlds", "5"]
    document = json.loads(invoke(*args, "--json").stdout)
    played = [(t["played"], t["best"], t["better_than_best"]) for t in document["realistic"]["turns"]]
    assert played == [("6-6", "6-6", False), ("6-5", "4-4", True), ("5-5", "3-1", False)]
    assert document["realistic"]["turns"][1]["as_good_as_best"] is True
    assert not any(t["better_than_best"] for t in document["turns"])
    rows = [line.split() for line in invoke(*args).stdout.splitlines()]
    assert ["2", "6-5", "39.4", "97%", "4-4", "39.1", "90%", "better"] in rows
    assert ["better:", "your", "play", "did", "better", "in", "the", "playouts"] in [r[:8] for r in rows]


def test_at_a_mark_bid_the_turns_after_the_trick_that_set_it_are_not_weighed() -> None:
    """At 84 the left opponent's 3-3 takes trick 1: the bid is set there, and every later
    turn (the 5-5 thrown under the 1-1, the 6-6) is left out; at 34 the same plays are all
    weighed (points still count)."""
    tricks = parse_tricks("3-1 3-3 3-0 1-0 / 1-1 2-1 4-1 5-5 / 5-4 5-3 5-2 6-6")
    at_84 = review_play(parse_hand(HAND), Declaration.SIXES, tricks, bid=84, deals=30, seed=1)
    at_34 = review_play(parse_hand(HAND), Declaration.SIXES, tricks, bid=34, deals=30, seed=1)
    assert [t.played for t in at_84.turns] == [parse_domino("3-1")]
    assert len(at_34.turns) == 3
    text = " ".join(str(report_review.review_footer(at_84)).split())
    assert "Turns after a trick set the bid are not weighed." in text
    assert "not weighed" not in report_review.review_footer(at_34)


def test_a_turn_played_out_weighs_its_safety_on_the_playouts() -> None:
    """A turn weighed on its playouts compares the play advised with the one that expects
    the most points on the playouts' own paired figures; it took the double-dummy
    comparison's, of other plays on other deals."""
    tricks = "6-6 6-3 6-1 6-0 / 6-5 1-0 0-0 2-1 / 5-5 5-1 5-0 5-2"
    review = texas42.review_play(
        HAND, "sixes", tricks, bid=34, deals=200, seed=3, realistic_deals=30, worlds=5
    )
    played = review.played_out
    assert played is not None
    differs = 0
    for turn, out in zip(review.turns, played.turns, strict=True):
        playouts = turn.advice.realistic
        assert playouts is not None
        advised, most = out.advice.plays[0].domino, out.advice.most_points.domino
        assert advised == turn.advice.advised.domino
        assert out.advice.safety == (None if most == advised else playouts.lead(advised, most))
        differs += out.advice.safety != turn.advice.safety
    assert differs


def test_the_table_gives_each_turn_s_deals_where_they_differ() -> None:
    """Late in the hand fewer deals are consistent than --deals and every one is weighed:
    the table then says how many each turn rests on; where every turn has --deals, the
    header alone says it."""
    tricks = "6-4 5-3 6-6 5-0 / 6-5 4-1 6-3 5-2 / 5-5 4-0 5-4 5-1 / 4-4 3-1 6-2 4-3 / 6-1 4-2 3-3 3-0"
    args = ["review", "6-4 6-3 6-2 6-1 6-0 5-4 2-2", "-t", "sixes", "--bid", "168", "-n", "60", "-s", "1"]
    late = [
        line.split()
        for line in invoke(*args, "--tricks", f"{tricks} / 6-0 3-2 2-1 2-0 / 2-2").stdout.splitlines()
    ]
    assert next(row for row in late if row[:1] == ["trick"])[:3] == ["trick", "deals", "play"]
    assert [row[:3] for row in late if row[:1] in (["1"], ["7"]) and len(row) > 6] == [
        ["1", "60", "6-4"],
        ["7", "all", "6"],
    ]
    early = [line.split() for line in invoke(*args, "--tricks", tricks).stdout.splitlines()]
    assert next(row for row in early if row[:1] == ["trick"])[:3] == ["trick", "play", "pts"]


def test_points_lost_is_the_difference_of_the_points_shown() -> None:
    """35.3 beside 35.5 gives up 0.2 points, as the row reads (the unrounded difference,
    0.25, printed +0.3), and the summary adds up the rows."""
    args = ["review", "6-4 5-4 4-2 3-3 2-1 1-0 0-0", "-t", "fours", "--seat", "1", "--bid", "30"]
    text = invoke(*args, "--tricks", "6-5 6-4", "--deals", "100", "--seed", "1").stdout
    (row,) = [line.split() for line in text.splitlines() if line.split()[:2] == ["1", "6-4"]]
    mine, best, lost = float(row[2]), float(row[5]), float(row[-1])
    assert (mine, best, lost) == (35.3, 35.5, 0.2)
    assert "and 0.2 expected points (95% CI " in " ".join(text.split())


def test_a_partner_s_plunge_not_listened_to_still_gives_the_plunger_the_doubles() -> None:
    """--infer none: the deals are uniform but for the rule of the plunge, and the header
    says so, as play's does."""
    args = ["review", "6-4 6-3 6-2 6-1 6-0 5-4 2-2", "--trump", "sixes", "--auction", "pass pass 168 pass"]
    text = invoke(
        *args, "--infer", "none", "--tricks", "6-4 5-3 6-6 5-0", "--deals", "40", "--seed", "1"
    ).stdout
    said = " ".join(text.split())
    assert "consistent with what you had seen, the plunger (seat 2) holding 4 doubles or more, seed 1" in said


def test_what_a_missed_turn_gave_up_has_its_interval_paired_over_the_turn_s_deals() -> None:
    """Hand-checked on the turn's own deals solved again: the odds given up are Newcombe's
    paired interval of the 2x2 table of the two plays' outcomes deal by deal, the points
    the mean of the differences deal by deal ± 1.96 standard errors; a single missed turn's
    are the review's totals."""
    review = _review("6-6 6-3 5-0 6-1 / 3-1 3-0 1-1 3-3")
    turn = review.turns[1]
    advice, history = turn.advice, turn.advice.history
    assert advice.sample is not None and not advice.exact and advice.deals == 200
    solved = engine.play_values(
        advice.sample, Declaration.SIXES, history.leader, history.trick, history.score
    )
    best, played = solved.values[:, turn.best.domino], solved.values[:, turn.played]
    made_best, made_played = best >= 34, played >= 34  # seat 0 bid: its team's points
    table = [
        int(np.sum(made_best & made_played)),
        int(np.sum(made_best & ~made_played)),
        int(np.sum(~made_best & made_played)),
        int(np.sum(~made_best & ~made_played)),
    ]
    assert (table[1] - table[2]) / 200 == turn.contract_lost == 25 / 200
    odds = paired_interval(*table)
    assert turn.contract_lost_ci95 == Interval(odds.low, odds.high)
    assert odds.low > 0 and odds.high < 0.25  # narrower than the two odds' own intervals allow
    difference = (best - played).astype(float)
    half = 1.959963984540054 * difference.std(ddof=1) / math.sqrt(200)
    assert difference.mean() == pytest.approx(turn.points_lost)
    ci = turn.points_lost_ci95
    assert ci is not None and (ci.low, ci.high) == pytest.approx(
        (difference.mean() - half, difference.mean() + half)
    )
    assert review.contract_lost_ci95 == turn.contract_lost_ci95
    assert review.points_lost_ci95 == ci
    first = review.turns[0]  # as good as the best: the best play itself, no width
    assert first.played == first.best.domino
    assert first.contract_lost_ci95 == Interval(0.0, 0.0) and first.points_lost_ci95 == Interval(0.0, 0.0)


def test_the_totals_intervals_add_the_missed_turns_in_squares() -> None:
    """The turns' deals are independent samples: the sum's interval reaches as far as the
    root of the sum of the squares of the turns' reaches, below and above."""
    review = _review("6-6 6-3 5-0 6-1 / 3-1 3-0 1-1 3-3")
    missed = review.turns[1]
    twice = replace(review, turns=(missed, missed))
    odds, once = twice.contract_lost_ci95, missed.contract_lost_ci95
    assert odds is not None and once is not None
    assert odds.low == pytest.approx(
        2 * missed.contract_lost - math.sqrt(2) * (missed.contract_lost - once.low)
    )
    assert odds.high == pytest.approx(
        2 * missed.contract_lost + math.sqrt(2) * (once.high - missed.contract_lost)
    )
    points, points_once = twice.points_lost_ci95, missed.points_lost_ci95
    assert points is not None and points_once is not None and missed.points_lost is not None
    half = math.sqrt(2) * (points_once.high - missed.points_lost)
    assert (points.low, points.high) == pytest.approx(
        (2 * missed.points_lost - half, 2 * missed.points_lost + half)
    )
    assert summed_interval([]) == Interval(0.0, 0.0)
    assert summed_interval([(0.1, Interval(0.05, 0.15)), (0.2, Interval(0.17, 0.26))]) == Interval(
        pytest.approx(0.3 - math.hypot(0.05, 0.03)), pytest.approx(0.3 + math.hypot(0.05, 0.06))
    )


def test_exact_turns_give_intervals_of_no_width() -> None:
    """Where a turn weighs every consistent deal (weighed by the auction's likelihood, or
    not) or the tricks already decided the bid, what it gave up is exact: its interval is
    the figure itself."""
    hand, line = parse_hand(HAND), parse_tricks(LINE)
    auction = parse_finished_auction("34 pass pass pass")
    review = review_play(hand, Declaration.SIXES, line, bid=34, deals=40, seed=3, auction=auction)
    last = review.turns[-1]
    assert last.advice.exact and last.advice.weights is not None
    assert last.contract_lost_ci95 == Interval(0.0, 0.0) and last.points_lost_ci95 == Interval(0.0, 0.0)
    missed = [t for t in review.turns if not t.is_best]
    assert missed and all(not t.advice.exact for t in missed)
    for turn in missed:  # the same turns, as if every consistent deal had been solved
        exact = TurnReview(replace(turn.advice, exact=True), turn.played)
        assert exact.contract_lost_ci95 == Interval(turn.contract_lost, turn.contract_lost)
        assert exact.points_lost_ci95 == Interval(turn.points_lost, turn.points_lost)  # type: ignore[arg-type]
    decided = [t for t in review.turns if t.best.settled]
    assert decided and all(t.contract_lost_ci95 == Interval(0.0, 0.0) for t in decided)
    assert review.points_lost_ci95 is not None and review.points_lost_ci95.low < review.points_lost_ci95.high


def test_the_summary_gives_the_intervals_of_what_the_missed_turns_gave_up() -> None:
    """The command line's sentence gives the JSON's intervals of the totals; where every
    missed turn weighed every consistent deal, the figures alone (exact)."""
    args = [*REVIEW[:7], "6-6 6-3 5-0 6-1 / 3-1 3-0 1-1 3-3", "--deals", "200", "--seed", "3"]
    document = json.loads(invoke(*args, "--json").stdout)
    (odds_low, odds_high), (points_low, points_high) = (
        document["make_lost_ci95"],
        document["points_lost_ci95"],
    )
    said = " ".join(invoke(*args).stdout.split())
    assert (
        f"gave up 12 percentage points of the odds of making 34 (95% CI {100 * odds_low:+.0f}% to "
        f"{100 * odds_high:+.0f}%) and 1.9 expected points (95% CI {points_low:+.1f} to {points_high:+.1f}), "
        "summed over those turns"
    ) in said
    review = _review("6-6 6-3 5-0 6-1 / 3-1 3-0 1-1 3-3")
    exact = tuple(TurnReview(replace(t.advice, exact=True), t.played) for t in review.turns)
    words = report_review.review_text(replace(review, turns=exact)).plain
    assert "95% CI" not in words and "making 34 and 1.9 expected points," in " ".join(words.split())
