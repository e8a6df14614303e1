"""``texas42 declare``: what to declare once the bid is won."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

import texas42
from cli_runner import invoke
from texas42 import deal_constraints, engine
from texas42.analysis import advise_declaration, analyze_hand, realistic_declaration
from texas42.analysis.racing import beaten_at
from texas42.analysis.realistic import played_points
from texas42.analysis.sample import draw_samples
from texas42.deal import auction_model
from texas42.deal.inference import calls, infer_deals, value_index
from texas42.errors import AnalysisError
from texas42.evaluate import estimate
from texas42.rules import (
    BIDS,
    DOUBLES,
    PASS,
    Contract,
    Declaration,
    HouseRules,
    declarable_contracts,
    parse_auction,
    parse_domino,
    parse_finished_auction,
    parse_hand,
)

ORDINARY = "6-4 5-5 4-2 3-1 2-0 1-1 0-0"
SIXES = "6-6 6-5 6-4 6-3 6-2 6-1 6-0"
LOW = "6-0 5-1 4-0 3-1 2-0 1-0 0-0"
PLAY = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
HELD = ("6-6 6-5 6-3 5-4 5-3 5-1 4-4", "6-2 6-1 6-0 5-0 4-3 4-1 4-0", "5-2 3-3 3-2 3-0 2-2 2-1 1-0")


def test_nello_and_sevens_are_open_at_a_mark_bid_of_their_minimum() -> None:
    house, one_mark = HouseRules(), HouseRules(nello_min_marks=1)
    assert declarable_contracts(41, house) == ()
    assert declarable_contracts(42, house) == (Contract.SEVENS,)
    assert declarable_contracts(42, one_mark) == (Contract.NELLO, Contract.SEVENS)
    assert declarable_contracts(84, house) == (Contract.NELLO, Contract.SEVENS)
    assert declarable_contracts(126, HouseRules(specials=False)) == ()


def test_a_declaration_leaves_the_race_once_another_clearly_makes_the_bid_more_often() -> None:
    made = np.array([[34, 20, 34]] * 30 + [[20, 34, 34]] * 2)  # column 0 beats 1 in 30 of 32 deals
    assert beaten_at(made, 0.001, 34) == [False, True, False]
    assert beaten_at(made, 0.001, 20) == [False, False, False]  # every column takes 20 or more: no order


def test_a_whole_auction_weighs_the_calls_after_ours_and_not_ours() -> None:
    weighed = calls(parse_finished_auction("30 34 pass pass"))  # we bid 34, second
    assert [(c.place, c.seat, c.bid) for c in weighed] == [(0, 3, 30), (2, 1, 0), (3, 2, 0)]
    shaker, partner = weighed[1], weighed[2]
    assert shaker.lowest == value_index(35)
    assert partner.least == value_index(38)  # over a partner's point bid, four more


def test_the_shakers_pass_over_our_bid_says_their_hand_does_not_make_one_more() -> None:
    hand, house = parse_hand(ORDINARY), HouseRules()
    passed = auction_model(parse_finished_auction("pass pass 30 pass"), noise=0, house=house)
    before = auction_model(parse_auction("pass pass"), noise=0, house=house)
    assert passed is not None and before is not None
    after_pass, _ = infer_deals(hand, 400, np.random.default_rng(1), passed)
    without, _ = infer_deals(hand, 400, np.random.default_rng(1), before)
    # The shaker (seat 1, our left) passed over 30, at noise 0 by the rules: their hand
    # makes 31 at a real table less than half the time (but for 1% of slips, and where
    # the bidding model's network and the ensemble disagree). Seen 0.75% of 400, against
    # 15% where nobody had judged seat 1's hand yet. A share of 400 has a standard error of
    # at most 2.5 points of percentage (1.8 at 15%, 0.4 at 0.75%): each bound lies 2.8 or
    # more errors from what was seen.
    column = BIDS.index(31)
    for deals, low, high in ((after_pass, 0.0, 0.03), (without, 0.10, 0.25)):
        odds = estimate(deals[:, 1], head="realistic").make[:, :, column].max(axis=1)
        assert low <= (odds > 0.5).mean() <= high


def test_the_figures_are_analyze_s_on_the_same_deals() -> None:
    hand = parse_hand(ORDINARY)
    advice = advise_declaration(hand, 34, deals=120, seed=42, racing=None)
    analysis = analyze_hand(hand, deals=120, seed=42, racing=None)
    for declaration in Declaration:
        stats, choice = analysis.stats(declaration), advice.choice(declaration)
        assert (choice.deals, choice.make, choice.expected_points, choice.expected_points_ci95) == (
            120,
            stats.make(34),
            stats.expected_points,
            stats.expected_points_ci95,
        )
    assert [c.declaration for c in advice.choices] == list(Declaration)  # no special contract at 34
    assert advice.advised is max(advice.choices, key=lambda c: (c.odds, c.make))
    check = draw_samples(hand, 120, 42).check
    made = engine.reaches(check, [Declaration(advice.advised.declaration)], 34, leaders=0)[:, 0]
    assert advice.checked == int(made.sum())


def test_all_seven_sixes_declare_sixes_and_make_it_every_time() -> None:
    advice = advise_declaration(parse_hand(SIXES), 84, deals=60, seed=1)
    sixes = advice.choice(Declaration.SIXES)
    assert (sixes.make, sixes.deals, sixes.expected_points) == (1.0, 60, 42.0)  # every trick, every domino
    assert advice.advised.declaration is Declaration.SIXES and advice.checked == 60
    assert advice.expected_marks == pytest.approx(2 * (2 * sixes.odds - 1))
    assert advice.samples is not None  # kept as drawn, for the playouts and the reading
    assert not advice.samples.main.flags.writeable and not advice.samples.check.flags.writeable


def test_a_hand_of_low_dominoes_declares_nello_at_84() -> None:
    advice = advise_declaration(parse_hand(LOW), 84, deals=200, seed=1)
    nello = advice.choice(Contract.NELLO)
    solved = engine.solve_nello(draw_samples(parse_hand(LOW), 200, 1).main, 0).values == 1
    assert nello.successes == int(solved.sum()) and nello.expected_points is None
    assert advice.advised.declaration is Contract.NELLO
    assert nello.realistic is not None and nello.realistic > advice.choice(Declaration.FOLLOW_ME).odds
    low = advise_declaration(parse_hand(LOW), 84, deals=60, seed=1, basis="double-dummy")
    assert all(c.realistic is None for c in low.choices) and low.calibration is None
    assert [c.declaration for c in advise_declaration(parse_hand(LOW), 84, deals=20, seed=1,
            house=HouseRules(specials=False)).choices] == list(Declaration)  # fmt: skip


def test_the_bid_won_is_the_auction_s_high_bid() -> None:
    hand = parse_hand(ORDINARY)
    with pytest.raises(AnalysisError, match="give the bid you won") as missing:
        advise_declaration(hand)
    with pytest.raises(AnalysisError, match="not the auction's high bid 34") as wrong:
        advise_declaration(hand, 35, parse_finished_auction("30 34 pass pass"))
    # From Python the messages name the parameters, never an option of the command line.
    assert str(wrong.value).startswith("bid 35 ") and wrong.value.parameter == "bid"
    assert "--" not in str(missing.value) + str(wrong.value)


def test_the_command_line_prints_the_advice_and_its_json_is_the_api_s() -> None:
    args = ["declare", ORDINARY, "--auction", "30 34 pass pass", "--deals", "60", "--seed", "4"]
    text = invoke(*args)
    assert text.exit_code == 0, text.output
    assert "You won the bid at 34 (by the auction 30 34 pass pass): what to declare." in text.stdout
    assert "Deals consistent with the auction: 30 34 pass pass" in text.stdout
    document = json.loads(invoke(*args, "--json").stdout)
    api = texas42.to_dict(texas42.declare(ORDINARY, "30 34 pass pass", deals=60, seed=4))
    assert document == api
    advised = document["advice"]["declaration"]
    assert f"Declare {advised}:" in text.stdout.replace("\n", " ")
    assert [d["declaration"] for d in document["declarations"]] == [d.label for d in Declaration]
    assert document["inference"]["auction"] == [30, 34, "pass", "pass"]
    row = next(d for d in document["declarations"] if d["declaration"] == advised)
    assert document["basis"] == "realistic" and document["advice"]["make_double_dummy"] == row["make"]
    assert document["advice"]["make"] == row["realistic"]["make"]
    # The calibration named is the one analyze names for its estimates.
    analysed = texas42.to_dict(texas42.analyze(ORDINARY, deals=60, seed=4))["realistic"]
    assert document["calibration"] == {"model": analysed["model"], "hands": analysed["hands"]}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([ORDINARY], "give the bid you won (--bid) or the whole auction (--auction)"),
        ([ORDINARY, "--bid", "pass"], "--bid: the bid you won (30..41, 42, 84, ...), not pass"),
        ([ORDINARY, "--auction", "30 34 pass"], "--auction: a whole auction has 4 calls"),
        ([ORDINARY, "--bid", "34", "--noise", "1"], "--noise goes with --auction"),
        (["6-4 5-5", "--bid", "34"], "a hand needs 7 dominoes, got 2"),
        ([], "give your hand"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str) -> None:
    result = invoke("declare", *args)
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.count("\n") == 1 and result.stdout == ""


def test_a_real_process_prints_json_and_refuses_bad_input_with_status_2() -> None:
    command = [sys.executable, "-m", "texas42", "declare", ORDINARY, "--deals", "30", "--seed", "5"]
    done = subprocess.run([*command, "--bid", "34", "--json"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["bid"] == 34
    wrong = [*command, "--auction", "30 34 35 pass", "--bid", "34"]
    bad = subprocess.run(wrong, capture_output=True, text=True)
    assert (bad.returncode, bad.stdout) == (2, "")
    assert bad.stderr == "texas42: error: --bid 34 is not the auction's high bid 35, which you won\n"


def test_played_out_seeing_every_hand_the_odds_are_the_double_dummy_ones() -> None:
    hand = parse_hand(LOW)
    advice = advise_declaration(hand, 84, deals=30, seed=2, racing=None)
    played = realistic_declaration(advice, deals=30, worlds=0)  # every seat sees every hand
    assert played.played is not None and (played.played.deals, played.played.worlds) == (30, 0)
    assert [c.declaration for c in played.played.choices] == [
        *sorted((c.declaration for c in advice.choices if isinstance(c.declaration, Declaration)),
                key=lambda d: (-advice.choice(d).odds, -advice.choice(d).make))[:2],
        Contract.NELLO,
        Contract.SEVENS,
    ]  # fmt: skip
    for choice in played.played.choices:
        solved = advice.choice(choice.declaration)
        assert (choice.deals, choice.successes) == (30, solved.successes)
        # the same points as the solves': the same mean and interval (none at Nel-O and sevens)
        assert (choice.expected_points, choice.expected_points_ci95) == pytest.approx(
            (solved.expected_points, solved.expected_points_ci95)
        )
    assert played.advised in played.played.choices and played.basis == "realistic"
    assert played.make == played.advised.make


def test_played_out_from_the_command_line_as_from_python() -> None:
    args = ["declare", ORDINARY, "--bid", "34", "--deals", "40", "--seed", "6", "--json"]
    document = json.loads(invoke(*args, "--realistic", "--realistic-deals", "8", "--worlds", "2").stdout)
    api = texas42.declare(ORDINARY, bid=34, deals=40, seed=6, realistic_deals=8, worlds=2)
    assert document == texas42.to_dict(api)
    assert document["realistic"]["deals"] == 8 and len(document["realistic"]["declarations"]) == 2
    assert document["advice"]["declaration"] in {
        d["declaration"] for d in document["realistic"]["declarations"]
    }


def test_what_you_know_narrows_the_deals_down_to_one_exact_deal() -> None:
    hand = parse_hand(ORDINARY)
    known = deal_constraints(holds=["1: 6-6 6-5 6-3 5-4 5-3 5-1 4-4", "2: 6-2 6-1 6-0 5-0 4-3 4-1 4-0"])
    advice = advise_declaration(hand, 34, deals=50, seed=1, constraints=known)
    assert advice.exact and advice.deals == 1 and advice.racing is None
    dealt = np.array([[hand.mask, *(parse_hand(h).mask for h in HELD)]])
    points = engine.solve_deals(dealt, list(Declaration), leaders=0).points[0]
    for declaration in Declaration:
        choice = advice.choice(declaration)
        assert choice.successes == int(points[declaration] >= 34)
        assert choice.make_ci95.low == choice.make_ci95.high == choice.make  # exact: no sampling error
    assert advice.checked == advice.advised.successes
    some = advise_declaration(hand, 34, deals=40, seed=1, constraints=deal_constraints(holds=["2: 4-4"]))
    assert not some.exact and some.samples is not None
    four = parse_domino("4-4")
    assert all(int(row[2]) >> four & 1 for row in some.samples.main)  # the partner holds it


def test_at_a_partner_s_splash_we_name_its_trump_knowing_the_doubles_it_holds() -> None:
    splash = parse_finished_auction("pass splash pass pass")  # our partner splashed, second
    assert [(c.place, c.seat, c.contract) for c in calls(splash)] == [
        (0, 1, None),
        (1, 2, Contract.SPLASH),
        (2, 3, None),
    ]  # our own pass, the last call, is ours: not weighed
    hand = parse_hand(ORDINARY)
    model = auction_model(splash, house=HouseRules())
    advice = advise_declaration(hand, None, splash, model, deals=60, seed=2)
    assert advice.partner_contract is Contract.SPLASH and advice.bid == 84
    assert [c.declaration for c in advice.choices] == list(Declaration)  # no Nel-O nor sevens
    assert advice.samples is not None
    doubles = np.bitwise_count(advice.samples.main[:, 2] & DOUBLES)
    assert doubles.min() >= 3  # the splasher, our partner, holds three doubles or more
    text = invoke("declare", ORDINARY, "--auction", "pass splash pass pass", "--deals", "40", "--seed", "2")
    assert "Your partner's splash (84) won the bid" in text.stdout


def test_a_whole_auction_given_to_bid_points_to_declare() -> None:
    result = invoke("bid", ORDINARY, "--auction", "pass 30 34 pass")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "at most 3 bids" in result.stderr and "'texas42 declare' says what to declare" in result.stderr


def test_the_same_seed_gives_the_same_advice_on_one_thread_or_two() -> None:
    args = ["declare", ORDINARY, "--auction", "30 34 pass pass", "--deals", "80", "--seed", "9", "--json"]
    one, two = invoke(*args, "--threads", "1"), invoke(*args, "--threads", "2")
    assert one.exit_code == two.exit_code == 0 and one.stdout == two.stdout


def test_a_review_of_the_bidder_with_the_whole_auction_weighs_the_declaration_too() -> None:
    tricks = "6-6 6-3 5-0 6-1"
    review = texas42.review_play(PLAY, "sixes", tricks, auction="30 34 pass pass", deals=60, seed=1)
    auction = parse_finished_auction("30 34 pass pass")
    model = auction_model(auction, house=HouseRules())
    alone = advise_declaration(parse_hand(PLAY), None, auction, model, deals=60, seed=1)
    assert review.declared is not None and review.declared_as is Declaration.SIXES
    assert texas42.to_dict(review.declared) == texas42.to_dict(alone)
    document = texas42.to_dict(review)
    assert document["declared"] == {"declaration": "sixes", "declare": texas42.to_dict(alone)}
    printed = invoke("review", PLAY, "-t", "sixes", "--auction", "30 34 pass pass", "--tricks", tricks,
                     "--deals", "60", "--seed", "1").stdout  # fmt: skip
    text = " ".join(printed.split())
    assert "Your declaration, sixes, " in text and "Declarations weighed on 60 deals drawn to fit" in text
    called = texas42.advise_bid(PLAY, "30", deals=60, seed=1)  # we bid 34 over the first bidder's 30
    assert review.call == 34 and texas42.to_dict(review.called) == texas42.to_dict(called)
    assert document["called"] == {"call": 34, "contract": None, "bid": texas42.to_dict(called)}
    assert f"Your call, 34; 'texas42 bid' advises after 30: Bid {called.bid} with " in text
    assert "Calls weighed on 60 deals drawn to fit the calls before yours, seed 1." in text
    alone_review = texas42.review_play(PLAY, "sixes", tricks, deals=20, seed=1)
    assert alone_review.declared is None and alone_review.called is None  # no auction
    defender = texas42.review_play(
        "5-4 5-2 4-2 3-3 3-2 2-1 1-0",
        "sixes",
        "6-6 2-1",
        seat=1,
        auction="34 pass pass pass",
        deals=20,
        seed=1,
    )
    assert defender.declared is None  # seat 1 did not declare
    assert defender.call == PASS and defender.called is not None  # it passed after the 34
    passing = texas42.advise_bid("5-4 5-2 4-2 3-3 3-2 2-1 1-0", "34", deals=20, seed=1)
    assert texas42.to_dict(defender.called) == texas42.to_dict(passing)


def test_a_review_counts_the_declarations_solves_in_its_progress() -> None:
    """The declaration and the call weighed after the turns are counted too: the bar ends
    at the solves of the turn, of ``advise_declaration`` and of the bid's advice, each as
    it counts them, never going back."""
    seen: list[tuple[int, int]] = []
    texas42.review_play(PLAY, "sixes", "6-6 6-3 5-0 6-1", auction="30 34 pass pass", deals=40, seed=1,
                        progress=lambda done, total: seen.append((done, total)))  # fmt: skip
    totals: list[int] = []
    auction = parse_finished_auction("30 34 pass pass")
    model = auction_model(auction, house=HouseRules())
    advise_declaration(parse_hand(PLAY), None, auction, model, deals=40, seed=1,
                       progress=lambda _, total: totals.append(total))  # fmt: skip
    turn: list[int] = []
    texas42.advise_play(PLAY, "sixes", auction="30 34 pass pass", deals=40, seed=1,
                        progress=lambda _, total: turn.append(total))  # fmt: skip
    call: list[int] = []
    texas42.advise_bid(PLAY, "30", deals=40, seed=1, progress=lambda _, total: call.append(total))
    solves = turn[-1] + totals[-1] + call[-1]
    assert seen[-1] == (solves, solves) and totals[-1] > turn[-1] > 0 and call[-1] > 0
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert all(done <= total for done, total in seen)


def test_the_advice_weighs_only_the_trumps_the_calibration_was_fitted_to() -> None:
    hand = parse_hand(PLAY)
    advice = advise_declaration(hand, 34, deals=300, seed=1)
    weighed = {c.declaration for c in advice.choices if c.weighed}
    trumps = [advice.choice(d) for d in Declaration]
    most_points = sorted(trumps, key=lambda c: -(c.expected_points or 0.0))[:2]
    best_dd = max(trumps, key=lambda c: (c.make, c.expected_points or 0.0))
    assert weighed == {c.declaration for c in (*most_points, best_dd)}
    assert advice.advised.declaration in weighed
    # follow-me's estimate, beyond the hands the calibration was fitted to, is shown, not weighed
    follow_me = advice.choice(Declaration.FOLLOW_ME)
    assert not follow_me.weighed and follow_me.realistic is not None
    dd = advise_declaration(hand, 34, deals=60, seed=1, basis="double-dummy")
    assert all(c.weighed for c in dd.choices)


def test_a_reviewed_declaration_the_calibration_was_not_fitted_to_gives_up_no_made_up_odds() -> None:
    args = ["review", PLAY, "-t", "follow-me", "--auction", "30 34 pass pass", "--tricks", "6-6 6-3 5-0 6-1"]
    text = " ".join(invoke(*args, "--deals", "300", "--seed", "1").stdout.split())
    assert "Your declaration, follow-me, makes 34 in an estimated" in text
    assert (
        "an estimate beyond the hands the calibration was fitted to; 'texas42 declare' advises sixes" in text
    )
    assert "given up" not in text.split("Your declaration")[1]


def test_at_a_partners_splash_a_trump_better_double_dummy_than_the_calibrated_choice_is_named() -> None:
    """The calibration was not fitted to a partner holding the doubles: where it prefers
    sixes (69%) to doubles, which take every trick double-dummy, declare and bid say so."""
    hand = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
    declared = " ".join(
        invoke(
            "declare", hand, "-a", "pass splash pass pass", "-n", "200", "-s", "3", "--no-realistic"
        ).stdout.split()
    )
    assert "Declare sixes: made (your team takes all 42 points) in an estimated 69%" in declared
    caution = "at a partner's splash the calibration is an approximation"
    caution += " (--realistic plays the leading trumps out)."
    assert f"But doubles makes it more often double-dummy (100% against 90%): {caution}" in declared
    named = " ".join(
        invoke("bid", hand, "-a", "splash pass", "-n", "200", "-s", "3", "--no-realistic").stdout.split()
    )
    assert (
        "Name sixes: your team takes all 7 tricks with it an estimated 68% of the time at a real table "
        "(95% band 61% to 75%, calibration and sampling error). But" in named
    )
    assert f"doubles makes it more often double-dummy (>99% against 88%): {caution}" in named
    plain = " ".join(
        invoke("declare", hand, "-a", "30 pass pass pass", "-n", "200", "-s", "3").stdout.split()
    )
    assert "calibration is an approximation" not in plain
    declare = texas42.declare(hand, "pass splash pass pass", deals=200, seed=3, realistic_deals=0)
    better = declare.double_dummy_better
    assert better is not None and (better.label, better.make) == ("doubles", 1.0)
    assert declare.advised.label == "sixes" and declare.advised.make == 0.9
    bid = texas42.advise_bid(hand, "splash pass", deals=200, seed=3, realistic_deals=0)
    assert bid.double_dummy_better is not None and bid.double_dummy_better.declaration.label == "doubles"
    assert texas42.declare(hand, "30 pass pass pass", deals=200, seed=3).double_dummy_better is None


def test_at_a_partners_plunge_or_splash_declare_plays_the_leading_trumps_out_unasked() -> None:
    """The calibration misjudges a partner holding the doubles (sixes, estimated 69%,
    makes 62% played out; doubles, estimated 54%, 92%: see the study in
    docs/realistic.md), so there the leading trumps are played out by default, from the
    command line as from Python; --no-realistic keeps the estimates."""
    hand, auction = "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "pass splash pass pass"
    base = ("declare", hand, "-a", auction, "-n", "30", "-s", "3", "--json")
    unasked = json.loads(invoke(*base).stdout)
    assert unasked["realistic"]["deals"] == 30 and unasked["advice"]["declaration"] == "doubles"
    row = next(d for d in unasked["declarations"] if d["declaration"] == "doubles")
    assert unasked["advice"]["make_double_dummy"] == row["make"] != unasked["advice"]["make"]
    assert unasked == json.loads(invoke(*base, "--realistic").stdout)
    assert unasked == texas42.to_dict(texas42.declare(hand, auction, deals=30, seed=3))
    estimated = json.loads(invoke(*base, "--no-realistic").stdout)
    assert "realistic" not in estimated and estimated["advice"]["declaration"] == "sixes"
    assert estimated == texas42.to_dict(texas42.declare(hand, auction, deals=30, seed=3, realistic_deals=0))
    fewer = json.loads(invoke(*base, "--realistic-deals", "10", "--worlds", "2").stdout)
    assert (fewer["realistic"]["deals"], fewer["realistic"]["worlds"]) == (10, 2)
    text = " ".join(invoke(*base[:-1]).stdout.split())
    assert "At a partner's splash the advice rests on the playouts" in text
    refused = invoke(*base, "--no-realistic", "--worlds", "2")
    assert refused.exit_code == 2 and "--worlds: not with --no-realistic" in refused.stderr
    own = invoke("declare", hand, "-a", "30 pass pass pass", "-n", "30", "-s", "3", "--worlds", "2")
    assert own.exit_code == 2 and "--worlds goes with --realistic" in own.stderr  # only at a partner's


def test_bid_plays_out_unasked_where_we_name_a_partners_splash_trump() -> None:
    """``bid`` names the trump of a partner's splash that holds the bid on playouts, as
    ``declare`` does, from the command line as from Python; not at an ordinary auction."""
    hand = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
    base = ("bid", hand, "-a", "splash pass", "-n", "40", "-s", "3", "--json")
    unasked = json.loads(invoke(*base).stdout)
    assert unasked["realistic"]["source"] == "playouts" and unasked["advice"]["trump"] == "doubles"
    assert unasked == texas42.to_dict(texas42.advise_bid(hand, "splash pass", deals=40, seed=3))
    estimated = json.loads(invoke(*base, "--no-realistic").stdout)
    assert estimated["realistic"]["source"] == "calibrated" and estimated["advice"]["trump"] == "sixes"
    ordinary = json.loads(invoke("bid", hand, "-a", "30 pass", "-n", "40", "-s", "3", "--json").stdout)
    assert ordinary["realistic"]["source"] == "calibrated"


def test_review_weighs_a_partners_splash_trump_on_playouts_as_it_was_advised() -> None:
    """At a partner's splash, review plays the call and the declaration out as bid and
    declare did unasked, so it judges them on the odds they were advised on."""
    hand, tricks, auction = "6-4 6-3 6-1 4-2 3-0 2-2 1-0", "6-3 6-6 6-0 2-1", "pass splash pass pass"
    review = texas42.review_play(hand, "sixes", tricks, auction=auction, deals=30, seed=22)
    assert review.declared is not None and review.called is not None
    declared = texas42.declare(hand, auction, deals=30, seed=22)
    assert review.declared == declared and declared.played is not None
    called = texas42.advise_bid(hand, "pass splash pass", deals=30, seed=22)
    assert texas42.to_dict(review.called) == texas42.to_dict(called)
    assert called.analysis.realistic is not None and called.analysis.realistic.source == "playouts"
    args = (
        "review",
        hand,
        "-t",
        "sixes",
        "--tricks",
        tricks,
        "-a",
        auction,
        "-n",
        "30",
        "-s",
        "22",
        "--json",
    )
    assert json.loads(invoke(*args).stdout) == texas42.to_dict(review)


def test_a_mark_bid_on_a_band_reaching_below_the_line_is_called_close() -> None:
    """84 with sixes at an estimated 51% (band 42% to 59%) expects +0.03 marks where 30
    expects +0.90: the advice stays the most the hand makes, and says it is close."""
    text = " ".join(invoke("bid", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "-n", "200", "-s", "1").stdout.split())
    assert "Bid 84 with sixes: 84 with sixes is the most this hand makes" in text
    close = "A close call at 2 marks: its 95% band reaches below 50%, and 30 with sixes expects more marks"
    assert f"{close} (+0.90 against +0.03)." in text
    plain = " ".join(invoke("bid", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "-n", "200", "-s", "1").stdout.split())
    assert "A close call" not in plain
    advice = json.loads(invoke("bid", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "-n", "200", "-s", "1", "--json").stdout)
    assert (advice["advice"]["close_call"], advice["advice"]["surer"]) == (30, None)
    assert texas42.advise_bid("6-4 5-5 5-2 4-3 4-2 3-2 3-1", deals=200, seed=1).close_call is None


def test_a_close_mark_bid_played_out_names_the_interval_its_ladder_shows() -> None:
    """Played out, the ladder's interval is a sampling CI, not the calibration's band."""
    args = ["bid", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "-n", "200", "-s", "1"]
    text = " ".join(invoke(*args, "--realistic", "--realistic-deals", "20", "--worlds", "3").stdout.split())
    assert "A close call at 2 marks: its 95% CI reaches below 50%, and 30 with doubles" in text
    assert "bid trump makes 95% CI (DD) exp. marks" in text


def test_a_point_bid_says_when_a_lower_bid_expects_clearly_more_marks() -> None:
    """The advice bids the most the hand makes; where 30 expects 0.39 marks more if it
    wins the bid, the player is told the trade, not only the rule."""
    hand = "6-6 6-3 4-3 4-0 3-3 2-1 1-1"
    text = " ".join(invoke("bid", hand, "-n", "500", "-s", "11").stdout.split())
    assert "Bid 35 with treys: 35 with treys is the most this hand makes" in text
    assert (
        "30 with treys is surer (72%; +0.45 expected marks against +0.06 if it wins the bid), "
        "but leaves the others room to outbid it." in text
    )
    plain = " ".join(invoke("bid", "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "-n", "100", "-s", "1").stdout.split())
    assert "is surer" not in plain
    advice = texas42.advise_bid(hand, deals=500, seed=11)
    assert advice.surer is not None and (advice.surer.bid, round(advice.surer.expected_marks, 2)) == (
        30,
        0.45,
    )
    assert texas42.to_dict(advice)["advice"]["surer"] == 30 and advice.close_call is None


def test_bid_says_how_the_special_contracts_odds_were_found() -> None:
    """At a partner's plunge ``bid`` plays Nel-O and sevens out unasked: its note says so,
    not that they were estimated or need --realistic."""
    text = " ".join(
        invoke(
            "bid", "5-3 4-1 3-0 2-1 1-0 4-3 5-2", "-a", "plunge pass", "-n", "30", "-s", "1"
        ).stdout.split()
    )
    assert "realistic odds: Nel-O and sevens played out on the same deals" in text
    assert "--realistic (Nel-O and sevens)" not in text


def test_at_a_partner_s_plunge_bid_plays_out_for_every_trick_as_declare_does() -> None:
    """``bid`` at a partner's plunge plays the trumps out as ``declare`` does: for every
    trick (the plunge, 168), every player knowing the plunger holds four doubles. It
    played for the opening bid it would have advised (36), with worlds that ignored them."""
    hand = "5-3 4-1 3-0 2-1 1-0 4-3 5-2"
    advice = texas42.advise_bid(hand, "plunge pass", deals=100, seed=1, realistic_deals=16)
    played = advice.analysis.realistic
    assert played is not None and played.played_for == 168 and advice.rule == "partner-contract"
    sample = advice.analysis.sample
    assert sample is not None
    deals, trumps = sample.deals[:16], [s.declaration for s in played.trumps]
    seed, worlds = advice.analysis.seed, played.worlds
    plunge = played_points(deals, trumps, 168, worlds, seed, None, None, Contract.PLUNGE)
    assert [s.expected_points for s in played.trumps] == [float(plunge[d].mean()) for d in trumps]
    opening = played_points(deals, trumps, advice.analysis.recommendation.contract, worlds, seed, None, None)
    assert any(not np.array_equal(plunge[d], opening[d]) for d in trumps)  # what it played before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--bid", "34", "--nello-doubles", "low"),
            "--nello-doubles is a rule of Nel-O, which cannot be declared at 34",
        ),
        (
            ("--bid", "34", "--nello-min-marks", "1"),
            "changes nothing at 34: Nel-O cannot be declared there either way",
        ),
        (
            ("--bid", "84", "--nello-min-marks", "1"),
            "changes nothing at 84: Nel-O may be declared there either way",
        ),
    ],
)
def test_nello_rules_that_change_nothing_at_the_bid_won_are_refused(
    args: tuple[str, ...], message: str
) -> None:
    """With --bid alone no bidder weighs Nel-O: its rules matter only where it may be declared,
    and its minimum only where that decides it (42: at 1 mark, not at 2)."""
    refused = invoke("declare", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", *args)
    assert (refused.exit_code, refused.stdout) == (2, "") and message in refused.stderr
    assert refused.stderr.count("\n") == 1
