"""Special contracts and house rules through the library's analysis and the command line:
odds against the engine on the same deals, bidding advice, the options and the
[tool.texas42] configuration."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import Result

import texas42
from cli_runner import invoke
from texas42 import analysis, engine, rules
from texas42.analysis import SpecialStats, advise_bid, analyze_specials
from texas42.deal import sampling
from texas42.errors import AuctionError, HouseRulesError
from texas42.io.documents import special_to_json
from texas42.report.wording import PARTNER_TRUMP_RULE, advice_reason
from texas42.rules import (
    PASS,
    AllPass,
    Auction,
    Contract,
    HouseRules,
    NelloDoubles,
    parse_auction,
    special_bid,
    special_bids,
)

DEAL_A = (
    "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
    "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
)
ORDINARY = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
LOW_HAND = "1-0 2-0 3-0 2-1 3-1 4-0 4-1"  # makes Nel-O, little at trumps
SEVENS_HAND = "6-1 5-2 4-3 6-0 5-1 4-2 3-3"  # every domino 0 or 1 from 7: sevens is certain
FOUR_DOUBLES = "6-6 5-5 4-4 3-3 6-5 5-4 6-4"
THREE_DOUBLES = "6-6 5-5 4-4 6-1 5-2 4-3 3-1"


def ok(*args: str) -> Result:
    result = invoke(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def json_of(*args: str) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(ok(*args).stdout)
    return obj


def bad(*args: str) -> str:
    """The one-line error of a command that must fail with status 2."""
    result = invoke(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("texas42: error: ")
    return lines[0]


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Run in an empty working directory (no configuration)."""
    monkeypatch.chdir(tmp_path)
    yield tmp_path


# --- The analysis against the engine on the same deals ----------------------------------


def test_analyze_specials_matches_the_engine_on_the_same_deals() -> None:
    hand = rules.parse_hand(FOUR_DOUBLES)
    house = HouseRules(nello_doubles=NelloDoubles.HIGH)
    deals = sampling.sample_deals(hand, 40, sampling.generators(11)[0])
    specials = {s.contract: s for s in analyze_specials(hand, deals, house, batch_deals=16)}
    assert list(specials) == [Contract.NELLO, Contract.SEVENS, Contract.PLUNGE, Contract.SPLASH]
    nello = engine.solve_nello(deals, 0, NelloDoubles.HIGH).values
    sevens = engine.solve_sevens(deals, 0).values
    points = engine.solve_deals(deals, rules.DECLARATIONS, leaders=2).points
    named = [rules.partner_trump(int(p)).value for p in deals[:, 2]]
    by_rule = points[np.arange(40), named] == 42
    assert specials[Contract.NELLO].successes == int(nello.sum())
    assert specials[Contract.NELLO].doubles is NelloDoubles.HIGH
    assert specials[Contract.SEVENS].successes == int((sevens == 7).sum())
    for contract, marks in ((Contract.PLUNGE, 4), (Contract.SPLASH, 2)):
        stats = specials[contract]
        assert stats.successes == int(by_rule.sum()) and stats.marks == marks
        assert stats.best_successes == int((points.max(axis=1) == 42).sum())
        assert stats.best_successes >= stats.successes
    # Three doubles: splash but no plunge; no house rules or specials off: nothing.
    three = rules.parse_hand(THREE_DOUBLES)
    assert [s.contract for s in analyze_specials(three, deals[:0], house)] == [
        Contract.NELLO,
        Contract.SEVENS,
        Contract.SPLASH,
    ]
    assert analyze_specials(hand, deals, None) == ()
    assert analyze_specials(hand, deals, HouseRules(specials=False)) == ()


def test_special_stats_figures() -> None:
    stats = SpecialStats(Contract.SPLASH, deals=20, successes=15, least_marks=2, best_successes=18)
    assert stats.make == 0.75 and stats.expected_marks == pytest.approx(1.0)
    assert stats.best_make == 0.9 and stats.make_ci95 == analysis.wilson_interval(15, 20)
    assert special_to_json(stats)["best_trump_make"] == 0.9


@pytest.mark.parametrize(
    ("contract", "high", "house", "bid"),
    [
        (Contract.NELLO, PASS, HouseRules(), 84),
        (Contract.NELLO, 35, HouseRules(nello_min_marks=1), 42),
        (Contract.NELLO, 42, HouseRules(nello_min_marks=1), 84),
        (Contract.NELLO, 84, HouseRules(), 126),
        (Contract.SEVENS, 30, HouseRules(), 42),
        (Contract.SEVENS, 126, HouseRules(), 168),
        (Contract.PLUNGE, PASS, HouseRules(), 168),
        (Contract.PLUNGE, 30, HouseRules(), None),  # only before anyone has bid
        (Contract.SPLASH, 41, HouseRules(), 84),
        (Contract.SPLASH, 84, HouseRules(), 126),  # 3 marks if 2 have been bid
    ],
)
def test_special_bid(contract: Contract, high: int, house: HouseRules, bid: int | None) -> None:
    assert special_bid(contract, high, house) == bid


@pytest.mark.parametrize(
    ("contract", "high", "house", "bids"),
    [
        (Contract.SEVENS, PASS, HouseRules(), (42, 84)),  # any mark bid of 1 mark or more
        (Contract.SEVENS, 41, HouseRules(), (42, 84)),
        (Contract.SEVENS, 42, HouseRules(), (84,)),
        (Contract.NELLO, PASS, HouseRules(), (84,)),  # the first mark bid is 1 or 2 marks
        (Contract.NELLO, 30, HouseRules(nello_min_marks=1), (42, 84)),
        (Contract.NELLO, 84, HouseRules(nello_min_marks=1), (126,)),
        (Contract.SPLASH, PASS, HouseRules(), (84,)),  # splash and plunge: their bid only
        (Contract.PLUNGE, PASS, HouseRules(), (168,)),
        (Contract.PLUNGE, 30, HouseRules(), ()),
    ],
)
def test_special_bids(contract: Contract, high: int, house: HouseRules, bids: tuple[int, ...]) -> None:
    assert special_bids(contract, high, house) == bids


def _with_specials(*specials: SpecialStats) -> analysis.HandAnalysis:
    """A weak hand's analysis (sixes makes 30 in 3 of 10 deals) with these specials."""
    trumps = (analysis.TrumpStats.from_points(rules.Declaration.SIXES, np.array([30, 30, 30] + [20] * 7)),)
    rec = analysis.recommend(trumps, 0.5).confirmed(3, 10)
    return analysis.HandAnalysis(rules.parse_hand(ORDINARY), 10, 0, 0.5, trumps, trumps, rec, specials)


def test_advice_takes_a_special_contract_that_expects_more_marks() -> None:
    nello = SpecialStats(Contract.NELLO, 10, 9, 2)  # 90%: +1.6 marks at 84
    advice = advise_bid(_with_specials(nello), Auction())
    assert (advice.bid, advice.contract, advice.rule) == (84, Contract.NELLO, "special")
    assert advice.expected_marks == pytest.approx(1.6)
    # No trump is called at Nel-O: the trump advice it replaces keeps its own.
    assert advice.declaration is None and advice.replaces is not None
    assert advice.replaces.declaration is rules.Declaration.SIXES and advice.replaces.passes
    # With the house's 1 mark it could be 42 (+0.8), but 84 expects more, as for a trump bid.
    advice = advise_bid(_with_specials(nello), Auction(), HouseRules(nello_min_marks=1))
    assert (advice.bid, advice.expected_marks) == (84, pytest.approx(1.6))
    # Not made often enough: the trump advice (a pass) stands, the special listed.
    advice = advise_bid(_with_specials(SpecialStats(Contract.NELLO, 10, 4, 2)), Auction())
    assert advice.passes and advice.contract is None and [r.bid for r in advice.specials] == [84]
    # Over a partner's 30, a special must be worth more marks: 84 Nel-O is, and sevens made
    # every time, bid at 84; sevens made half the time, at 42 (0 marks at either), is not.
    sevens = SpecialStats(Contract.SEVENS, 10, 10, 1)
    partner = parse_auction("30 pass")
    advice = advise_bid(_with_specials(sevens), partner)
    assert (advice.bid, advice.contract, advice.expected_marks) == (84, Contract.SEVENS, 2.0)
    assert advise_bid(_with_specials(SpecialStats(Contract.SEVENS, 10, 5, 1)), partner).passes
    assert advise_bid(_with_specials(nello), partner).contract is Contract.NELLO
    # Plunge only before anyone has bid; then splash's 2 marks over 84 are 3.
    plunge, splash = SpecialStats(Contract.PLUNGE, 10, 10, 4), SpecialStats(Contract.SPLASH, 10, 10, 2)
    assert advise_bid(_with_specials(plunge, splash), Auction()).bid == 168
    advice = advise_bid(_with_specials(plunge, splash), parse_auction("84"))
    assert (advice.bid, advice.contract) == (126, Contract.SPLASH)


SEVENS_60, SPLASH_ALL = SpecialStats(Contract.SEVENS, 10, 6, 1), SpecialStats(Contract.SPLASH, 10, 10, 2)


@pytest.mark.parametrize(
    ("specials", "instead"),
    [
        ((SpecialStats(Contract.NELLO, 10, 9, 2),), Contract.NELLO),  # +1.6 marks over a pass
        ((SpecialStats(Contract.NELLO, 10, 9, 1),), Contract.NELLO),  # the house's 1 mark, at 84: +1.6
        ((SpecialStats(Contract.NELLO, 10, 4, 2),), None),  # not made often enough
        ((SpecialStats(Contract.SEVENS, 10, 5, 1),), None),  # made at 50%: 0 marks, no more than a pass
        ((SEVENS_60, SpecialStats(Contract.NELLO, 10, 7, 2)), Contract.NELLO),  # +0.8 over +0.4 at 84
        ((SpecialStats(Contract.SEVENS, 10, 7, 1), SEVENS_60), Contract.SEVENS),  # +0.8 over +0.4
        ((SpecialStats(Contract.PLUNGE, 10, 10, 4), SPLASH_ALL), Contract.PLUNGE),  # 4 marks over 2
    ],
)
def test_special_instead_is_what_bid_advises_the_first_bidder(
    specials: tuple[SpecialStats, ...], instead: Contract | None
) -> None:
    hand = _with_specials(*specials)
    least = next((s.least_marks for s in specials if s.contract is Contract.NELLO), 2)
    house = HouseRules(nello_min_marks=least)
    found = hand.special_instead
    advised = advise_bid(hand, Auction(), house).contract
    assert (None if found is None else found.contract) == instead == advised


def test_special_instead_must_expect_more_marks_than_the_trump_bid() -> None:
    # Sixes makes 30 in 8 of 10 deals (+0.6 marks): sevens at 60% (+0.4 at 84) is not bid
    # instead, Nel-O at 70% (+0.8) is.
    trumps = (analysis.TrumpStats.from_points(rules.Declaration.SIXES, np.array([30] * 8 + [20] * 2)),)
    rec = analysis.recommend(trumps, 0.5)
    sevens, nello = SEVENS_60, SpecialStats(Contract.NELLO, 10, 7, 2)
    strong = analysis.HandAnalysis(rules.parse_hand(ORDINARY), 10, 0, 0.5, trumps, trumps, rec, (sevens,))
    assert rec.bid == 30 and strong.special_instead is None
    assert advise_bid(strong, Auction()).contract is None
    both = replace(strong, specials=(sevens, nello))
    instead = both.special_instead
    assert instead is not None and (instead.contract, instead.make) == (Contract.NELLO, 0.7)
    assert advise_bid(both, Auction()).contract is Contract.NELLO


def test_all_pass_house_rule() -> None:
    weak = _with_specials()
    passes = parse_auction("pass pass pass")
    forced = advise_bid(weak, passes)
    assert forced.bid == 30 and forced.rule == "forced"
    reshuffle = advise_bid(weak, passes, HouseRules(all_pass=AllPass.RESHUFFLE))
    assert reshuffle.passes and reshuffle.rule == "cannot-make"
    # A forced shaker takes the special with the best expected marks even below the confidence.
    sevens = SpecialStats(Contract.SEVENS, 10, 4, 1)  # -0.2 marks, better than 30 at -0.4
    advice = advise_bid(_with_specials(sevens), passes)
    assert (advice.bid, advice.contract) == (42, Contract.SEVENS)
    assert advice_reason(advice).startswith(
        "sevens for 1 mark (42) makes 40% of the time double-dummy, expected marks -0.20"
    )


# --- solve ---------------------------------------------------------------------------------


def test_solve_rows_and_options(in_tmp: Path) -> None:
    out = ok("solve", DEAL_A).stdout
    rows = {
        line.split()[1]: line.split()[3:10:2]
        for line in out.splitlines()
        if line.split()[1:2] in (["nello"], ["sevens"])
    }
    assert rows == {"nello": ["0", "0", "1", "0"], "sevens": ["4", "3", "4", "3"]}
    assert "tricks (of 7, not points)" in " ".join(out.split())
    assert "doubles own-suit" in out
    high = json_of("solve", "--json", "--nello-doubles", "high", DEAL_A)
    assert high["table"]["nello"] == [0, 0, 0, 0] and high["nello_doubles"] == "high"
    plain = json_of("solve", "--json", "--no-specials", DEAL_A)
    assert set(plain) == {"hands", "table"} and len(plain["table"]) == 9
    assert "nello" not in ok("solve", "--no-specials", DEAL_A).stdout


def test_a_table_without_specials_plays_no_special_contract(in_tmp: Path) -> None:
    """Where the house rules play no special contracts (here the working directory's
    settings), Nel-O and sevens are not played and an auction's plunge or splash is
    refused, by one line each and before anything is solved; also through the library."""
    (in_tmp / "pyproject.toml").write_text("[tool.texas42]\nspecials = false\n")
    nello = ["6-6 6-4 5-5 5-3 4-4 3-2 2-2", "-t", "nello", "--seat", "1", "--tricks", "1-0", "-n", "9"]
    splash = ["54 52 42 33 32 21 10", "-t", "6", "--bidder", "2", "--seat", "3", "--tricks", "65"]
    for args, message in [
        (["play", *nello], "Nel-O is a special contract, and the house rules play none"),
        (["review", *nello], "Nel-O is a special contract, and the house rules play none"),
        (
            ["play", *splash, "-a", "splash pass pass pass", "-n", "9", "--infer", "none"],
            "--auction: bid 1: 'splash' is a splash, and the house rules play no special contracts",
        ),
        (
            ["solve", DEAL_A, "-t", "sevens"],
            "--trump sevens needs the special contracts: not with specials = false in the settings",
        ),
    ]:
        result = invoke(*args)
        assert (result.exit_code, result.stdout) == (2, ""), args
        assert result.stderr.strip() == f"texas42: error: {message}"
    off = rules.HouseRules(specials=False)
    with pytest.raises(HouseRulesError, match="sevens is a special contract"):
        texas42.line_of_play(DEAL_A, "sevens", house=off)
    with pytest.raises(AuctionError, match="'168' is a plunge"):
        texas42.advise_play(
            "54 52 42 33 32 21 10", "6", "65", seat=3, bidder=2, auction="168 pass pass pass", house=off
        )
    assert len(texas42.line_of_play(DEAL_A, "sevens").tricks) == 7


# --- analyze, bid, compare ----------------------------------------------------------------


def test_analyze_json_specials(in_tmp: Path) -> None:
    obj = json_of("analyze", "--json", "-n", "20", "-s", "5", FOUR_DOUBLES)
    specials = obj["specials"]
    assert [s["contract"] for s in specials] == ["nello", "sevens", "plunge", "splash"]
    for s in specials:
        assert {"contract", "make", "make_ci95", "marks", "expected_marks"} <= set(s)
        low, high = s["make_ci95"]
        assert 0 <= low <= s["make"] <= high <= 1
        assert s["expected_marks"] == pytest.approx(s["marks"] * (2 * s["make"] - 1), abs=1e-3)
        assert s["deals"] == s["realistic"]["deals"] == 20  # calibrated from the 20 deals solved
    assert [s["marks"] for s in specials] == [2, 1, 4, 2]
    assert specials[0]["doubles"] == "own-suit"
    assert specials[2]["trump_rule"] == PARTNER_TRUMP_RULE
    assert specials[2]["best_trump_make"] >= specials[2]["make"] == specials[3]["make"]
    # The same figures from the library on the same seed.
    hand = rules.parse_hand(FOUR_DOUBLES)
    deals = sampling.sample_deals(hand, 20, sampling.generators(5)[0])
    assert specials[0]["make"] == engine.solve_nello(deals).values.mean()
    ordinary = json_of("analyze", "--json", "-n", "10", "-s", "5", "--nello-min-marks", "1", ORDINARY)
    assert [(s["contract"], s["marks"]) for s in ordinary["specials"]] == [("nello", 1), ("sevens", 1)]
    assert json_of("analyze", "--json", "-n", "10", "-s", "5", "--no-specials", ORDINARY)["specials"] == []


def test_analyze_table_lists_the_specials(in_tmp: Path) -> None:
    out = " ".join(ok("analyze", "-n", "20", "-s", "5", THREE_DOUBLES).stdout.split())
    assert "Special contracts" in out and "Nel-O" in out and "splash" in out and "plunge" not in out
    assert "a rule that sees only their hand (the partner names the pip suit" in out


def test_bid_a_special_contract(in_tmp: Path) -> None:
    obj = json_of("bid", "--json", "-n", "20", "-s", "3", LOW_HAND)
    assert obj["advice"]["contract"] == "nello" and obj["advice"]["bid"] == 84
    assert obj["advice"]["trump"] is None and obj["advice"]["rule"] == "special"
    nello = next(s for s in obj["specials"] if s["contract"] == "nello")
    assert nello["make"] >= 0.5 and nello["bid"] == 84
    obj = json_of("bid", "--json", "-n", "20", "-s", "3", SEVENS_HAND)
    # The rules settle it (rules.sevens_won_at_every_lead): certain at a real table too.
    assert (obj["advice"]["contract"], obj["advice"]["bid"], obj["advice"]["make"]) == ("sevens", 84, 1.0)
    sevens = next(s for s in obj["specials"] if s["contract"] == "sevens")
    assert (sevens["make_double_dummy"], sevens["how"], sevens["deals"]) == (1.0, "calibrated", 20)
    out = " ".join(ok("bid", "-n", "20", "-s", "3", SEVENS_HAND).stdout.split())
    assert "Bid 84: sevens: sevens for 2 marks (84)" in out
    obj = json_of("bid", "--json", "-n", "20", "-s", "3", "--no-specials", SEVENS_HAND)
    assert obj["advice"]["contract"] == "trump" and obj["specials"] == []
    forced = json_of(
        "bid", "--json", "-n", "10", "-s", "3", "--no-specials", "-a", "pass pass pass", ORDINARY
    )
    reshuffle = json_of(
        "bid",
        "--json",
        "-n",
        "10",
        "-s",
        "3",
        "--no-specials",
        "--all-pass",
        "reshuffle",
        "--basis",
        "double-dummy",
        "-a",
        "pass pass pass",
        ORDINARY,
    )
    assert forced["advice"]["rule"] == "forced"
    assert (reshuffle["advice"]["rule"], reshuffle["advice"]["bid"]) == ("shaker", 30)


def test_analyze_says_which_special_contract_to_bid_instead(in_tmp: Path) -> None:
    args = ("-n", "20", "-s", "3", LOW_HAND)
    obj = json_of("analyze", "--json", *args)
    advice = json_of("bid", "--json", *args)["advice"]
    assert obj["special_instead"] == advice["contract"] == "nello"
    assert obj["special_instead_bid"] == advice["bid"] == 84
    assert obj["recommendation"]["bid"] < 84  # the trump advice is kept, the special beside it
    out = " ".join(ok("analyze", *args).stdout.split())
    assert "This is the advice among the trump bids" in out
    nello = next(s for s in obj["specials"] if s["contract"] == "nello")["realistic"]
    odds = f"Nel-O for 2 marks makes an estimated {round(100 * nello['make'])}% at a real table"
    assert f"Bid Nel-O (84) instead: {odds}" in out
    assert f"expected marks {nello['expected_marks']:+.2f}, more than" in out
    # Played out, the specials' playouts are in their table, the special to bid instead last.
    played = ok("analyze", *args, "--realistic", "--realistic-deals", "10", "--worlds", "2").stdout
    played = " ".join(played.split())
    assert "(realistic, played out)" in played
    assert played.index("Nel-O and sevens played out on 10 of the same deals") < played.index(
        "Bid Nel-O (84) instead"
    )
    assert "Nel-O for 2 marks makes 100% of the playouts" in played
    realistic = ("-n", "20", "-s", "3", "--realistic", "--realistic-deals", "10", "--worlds", "2")
    ordinary = " ".join(ok("analyze", *realistic, ORDINARY).stdout.split())
    assert "Nel-O and sevens played out on 10 of the same deals" in ordinary and "instead" not in ordinary
    # Without the specials, none.
    assert json_of("analyze", "--json", "--no-specials", *args)["special_instead"] is None
    plain = ok("analyze", "--no-specials", *args).stdout
    assert "instead" not in plain and "among the trump bids" not in " ".join(plain.split())


def test_hands_file_summary_names_the_special_contract_to_bid_instead(in_tmp: Path) -> None:
    (in_tmp / "hands.txt").write_text(f"low: {LOW_HAND}\nplain: {ORDINARY}\n")
    args = ("analyze", "--file", "hands.txt", "-n", "20", "-s", "3")
    lines = ok(*args).stdout.splitlines()
    assert lines[1].split() == ["name", "line", "trump", "bid", "makes", "95%", "band", "points", "instead"]
    assert lines[2].split()[-2:] == ["Nel-O", "84"] and lines[3].split()[-1] != "84"
    rows = list(csv.DictReader(io.StringIO(ok(*args, "--csv").stdout)))
    assert [(r["basis"], r["special"], r["special_bid"]) for r in rows] == [
        ("realistic", "nello", "84"),
        ("realistic", "", ""),
    ]


def test_compare_lists_the_specials(in_tmp: Path) -> None:
    obj = json_of("compare", "--json", "-n", "10", "-s", "2", ORDINARY, "sixes", "fours")
    assert [s["contract"] for s in obj["specials"]] == ["nello", "sevens"]
    assert (
        json_of("compare", "--json", "-n", "10", "-s", "2", "--no-specials", ORDINARY, "sixes", "fours")[
            "specials"
        ]
        == []
    )
    assert "Special contracts" in ok("compare", "-n", "10", "-s", "2", ORDINARY, "sixes", "fours").stdout


# --- Options and configuration: bad input --------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("solve", "--nello-doubles", "middle", DEAL_A), "'middle'"),
        (
            ("analyze", "--nello-min-marks", "3", ORDINARY),
            "--nello-min-marks: Nel-O's minimum bid is 1 or 2 marks, got 3",
        ),
        (("analyze", "--nello-min-marks", "two", ORDINARY), "--nello-min-marks needs a whole number"),
        (("bid", "--all-pass", "redeal", ORDINARY), "'redeal'"),
    ],
)
def test_bad_options(in_tmp: Path, no_solving: None, args: tuple[str, ...], message: str) -> None:
    assert message in bad(*args)


def test_config_sets_house_rules_and_the_command_line_wins(in_tmp: Path) -> None:
    (in_tmp / "pyproject.toml").write_text('[project]\nname = "x"\n[tool.texas42]\nnello-doubles = "low"\n')
    assert json_of("solve", "--json", DEAL_A)["nello_doubles"] == "low"
    (in_tmp / "texas42.toml").write_text('[tool.texas42]\nnello-doubles = "high"\nspecials = true\n')
    assert json_of("solve", "--json", DEAL_A)["nello_doubles"] == "high"  # texas42.toml first
    assert json_of("solve", "--json", "--nello-doubles", "own-suit", DEAL_A)["nello_doubles"] == "own-suit"
    (in_tmp / "texas42.toml").write_text("[tool.texas42]\nspecials = false\nnello-min-marks = 1\n")
    assert "nello_doubles" not in json_of("solve", "--json", DEAL_A)
    assert json_of("solve", "--json", "--specials", DEAL_A)["nello_doubles"] == "own-suit"
    (in_tmp / "texas42.toml").write_text('[tool.texas42]\nall-pass = "reshuffle"\nbasis = "double-dummy"\n')
    args = ("bid", "--json", "-n", "10", "-s", "3", "--no-specials", "-a", "pass pass pass", ORDINARY)
    obj = json_of(*args)
    assert (obj["advice"]["rule"], obj["advice"]["bid"], obj["advice"]["basis"]) == (
        "shaker",
        30,
        "double-dummy",
    )
    assert json_of(*args, "--basis", "realistic")["advice"]["basis"] == "realistic"


def test_config_sets_the_bidding_model_s_noise(in_tmp: Path) -> None:
    """``noise`` in the settings is the noise wherever an auction is inferred from, as if
    given with --noise (the same deals); --noise wins; it is no house rule."""
    args = ("bid", "--json", "-n", "20", "-s", "3", "-a", "pass 30", ORDINARY)
    (in_tmp / "texas42.toml").write_text("[tool.texas42]\nnoise = 0.25\n")
    configured = json_of(*args)
    assert configured["inference"]["noise"] == 0.25
    assert configured == json_of(*args, "--noise", "0.25")
    assert json_of(*args, "--noise", "2")["inference"]["noise"] == 2.0
    assert json_of("solve", "--json", DEAL_A)["nello_doubles"] == "own-suit"  # no house rule
    (in_tmp / "texas42.toml").write_text("[tool.texas42]\nnoise = 1\n")
    assert (
        json_of("declare", "--json", "-n", "20", "-s", "3", "-a", "30 pass pass pass", ORDINARY)["inference"][
            "noise"
        ]
        == 1.0
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[tool.texas42]\nnello-dubles = "high"\n',
            "texas42.toml: unknown key 'nello-dubles' in [tool.texas42]",
        ),
        ('[tool.texas42]\nnello-doubles = "middle"\n', "texas42.toml: [tool.texas42] nello-doubles: unknown"),
        (
            "[tool.texas42]\nnello-min-marks = 3\n",
            "[tool.texas42] nello-min-marks: Nel-O's minimum bid is 1 or 2",
        ),
        ('[tool.texas42]\nnello-min-marks = "2"\n', "nello-min-marks: needs a whole number, 1 or 2, got '2'"),
        ('[tool.texas42]\nall-pass = "never"\n', "[tool.texas42] all-pass: unknown all-pass rule: 'never'"),
        ('[tool.texas42]\nspecials = "no"\n', "[tool.texas42] specials: needs true or false"),
        ('[tool.texas42]\nbasis = "single-dummy"\n', "[tool.texas42] basis: unknown basis 'single-dummy'"),
        ("[tool.texas42]\nbasis = 1\n", "[tool.texas42] basis: needs a string: realistic or double-dummy"),
        (
            "[tool.texas42]\nnoise = 11\n",
            "[tool.texas42] noise: the noise must be a number from 0 to 10, got 11",
        ),
        ('[tool.texas42]\nnoise = "1"\n', "[tool.texas42] noise: needs a number from 0 to 10, got '1'"),
        ("[tool.texas42\n", "texas42.toml: not valid TOML"),
        (
            '[tool.texas42]\nnello-doubles = "\udcff"\n',
            "texas42.toml: not valid TOML: line 2 is not UTF-8 text (byte 0xff)",
        ),
        ("[tool]\ntexas42 = 3\n", "tool.texas42 must be a table"),
        ("tool = 1\n", "texas42.toml: tool must be a table"),
        ('nello-doubles = "high"\n', "texas42.toml: 'nello-doubles' is outside the [tool.texas42] table"),
        (
            '[texas42]\nnello-doubles = "high"\n',
            "texas42.toml: 'texas42' is outside the [tool.texas42] table",
        ),
        ("[tool.texas43]\nspecials = false\n", "'tool.texas43' is outside the [tool.texas42] table"),
    ],
)
def test_bad_config_is_bad_input(in_tmp: Path, no_solving: None, text: str, message: str) -> None:
    (in_tmp / "texas42.toml").write_text(text, encoding="utf-8", errors="surrogateescape")  # \udcff: byte ff
    for command in (
        ("solve", DEAL_A),
        ("analyze", ORDINARY),
        ("bid", ORDINARY),
        ("compare", ORDINARY, "6", "5"),
    ):
        assert message in bad(*command)


def test_a_settings_file_that_is_a_folder_is_bad_input(in_tmp: Path) -> None:
    (in_tmp / "texas42.toml").mkdir()
    assert bad("quick", ORDINARY).startswith("texas42: error: cannot read texas42.toml: ")


def test_an_error_says_whether_the_setting_came_from_the_options_or_the_settings(in_tmp: Path) -> None:
    (in_tmp / "texas42.toml").write_text('[tool.texas42]\nbasis = "double-dummy"\n')
    realistic = "--realistic gives realistic odds to advise on: not with"
    assert (
        bad("bid", ORDINARY, "--realistic")
        == f'texas42: error: {realistic} basis = "double-dummy" in the settings'
    )
    given = bad("bid", ORDINARY, "--realistic", "--basis", "double-dummy")
    assert given == f"texas42: error: {realistic} --basis double-dummy"
    assert bad("quick", ORDINARY, "--basis", "dd") == (
        "texas42: error: --basis: unknown basis 'dd': choose realistic or double-dummy"
    )


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        (["solve", DEAL_A], ["--nello-doubles", "low"]),
        (["analyze", ORDINARY], ["--nello-doubles", "high"]),
        (["analyze", ORDINARY], ["--nello-min-marks", "1"]),
        (["quick", ORDINARY], ["--nello-min-marks", "1"]),
    ],
)
def test_a_nello_rule_with_no_specials_is_refused(command: list[str], rule: list[str]) -> None:
    message = bad(*command, "--no-specials", *rule)
    assert message == f"texas42: error: {rule[0]} is a rule of Nel-O: not with --no-specials"


def test_a_nello_rule_where_the_settings_leave_the_specials_out_is_refused(in_tmp: Path) -> None:
    """As with --no-specials, the rule would change nothing; --specials puts them back."""
    (in_tmp / "texas42.toml").write_text("[tool.texas42]\nspecials = false\n")
    assert bad("quick", ORDINARY, "--nello-doubles", "high") == (
        "texas42: error: --nello-doubles is a rule of Nel-O: not with specials = false in the settings "
        "(--specials)"
    )
    assert invoke("quick", ORDINARY, "--specials", "--nello-doubles", "high").exit_code == 0
    # play has no --specials to offer: the settings are the way out.
    auction = ["--auction", "30 pass pass pass"]
    assert bad("play", ORDINARY, "-t", "sixes", *auction, "--nello-doubles", "high") == (
        "texas42: error: --nello-doubles is a rule of Nel-O: not with specials = false in the settings"
    )


def test_plunge_certain_when_the_partner_holds_every_six() -> None:
    """The partner's rule names sixes (seven of them) and the partner, leading, draws them
    all: every trick, whatever the opponents hold."""
    hand = rules.parse_hand("5-5 4-4 3-3 2-2 5-4 3-2 1-0")
    partner = rules.parse_hand("6-6 6-5 6-4 6-3 6-2 6-1 6-0").mask
    assert rules.partner_trump(partner) is rules.Declaration.SIXES
    rng = np.random.default_rng(8)
    rest = [d for d in rules.DOMINOES if not (hand.mask | partner) >> d & 1]
    deals = []
    for _ in range(30):
        order = rng.permutation(rest)
        deals.append([hand.mask, rules.mask_of(order[:7]), partner, rules.mask_of(order[7:])])
    stats = {s.contract: s for s in analyze_specials(hand, np.array(deals, dtype=np.int64), HouseRules())}
    assert stats[Contract.PLUNGE].successes == stats[Contract.PLUNGE].best_successes == 30
    assert stats[Contract.SPLASH].make == 1.0


AUCTIONS = (
    "",
    "30",
    "pass 30",
    "30 pass",
    "41",
    "42",
    "pass 42",
    "42 pass",
    "84",
    "pass pass pass",
    "35 pass 36",
)


@settings(max_examples=150, deadline=None)
@given(
    nello=st.integers(0, 10),
    sevens=st.integers(0, 10),
    least=st.sampled_from((1, 2)),
    auction=st.sampled_from(AUCTIONS),
)
def test_a_special_contract_is_bid_legally_at_its_best_bid(
    nello: int, sevens: int, least: int, auction: str
) -> None:
    """Whatever the odds and the auction: every special rung is a legal bid of its
    contract, the one expecting the most marks; an advised special beats the trump
    advice it replaces, and over a partner's bid is worth more marks."""
    house = HouseRules(nello_min_marks=least)
    specials = (SpecialStats(Contract.NELLO, 10, nello, least), SpecialStats(Contract.SEVENS, 10, sevens, 1))
    calls = parse_auction(auction)
    advice = advise_bid(_with_specials(*specials), calls, house)
    assert advice.bid == PASS or advice.bid in calls.legal_bids()
    for rung in advice.specials:
        allowed = special_bids(rung.contract, calls.high_bid, house)
        assert rung.bid in allowed and rung.bid in calls.legal_bids()
        best = max(rules.expected_marks(b, rung.make) for b in allowed)
        assert rung.expected_marks == pytest.approx(best)
    if advice.contract is not None:
        assert advice.replaces is not None
        assert advice.expected_marks > advice.replaces.expected_marks
        if calls.partner_holds:
            assert rules.marks(advice.bid) > rules.marks(calls.high_bid)


def test_bid_and_declare_say_how_nello_s_doubles_play_in_json() -> None:
    """As ``analyze``'s special contracts do: ``"doubles"`` beside Nel-O's odds."""
    hand = "6-0 5-1 4-0 3-1 2-0 1-0 0-0"
    options = ("--nello-doubles", "high", "-n", "40", "-s", "1", "--json")
    bid = json.loads(invoke("bid", hand, *options).stdout)
    assert [s.get("doubles") for s in bid["specials"] if s["contract"] == "nello"] == ["high"]
    assert all("doubles" not in s for s in bid["specials"] if s["contract"] != "nello")
    declared = json.loads(invoke("declare", hand, "--bid", "84", *options).stdout)
    rows = {row["declaration"]: row for row in declared["declarations"]}
    assert rows["nello"]["doubles"] == "high" and "doubles" not in rows["sevens"]


def test_bid_and_declare_say_how_nello_s_doubles_play_in_text() -> None:
    """Beside Nel-O's row of ``bid``'s special contracts, as in ``analyze``'s, and in the
    rule ``declare``'s footer gives for Nel-O."""
    hand = "6-0 5-1 4-0 3-1 2-0 1-0 0-0"
    options = ("--nello-doubles", "high", "-n", "40", "-s", "1")
    bid = invoke("bid", hand, *options).stdout
    nello_row = next(line for line in bid.splitlines() if line.split()[1:2] == ["Nel-O"])
    assert nello_row.rstrip().endswith("doubles high")
    declared = " ".join(invoke("declare", hand, "--bid", "84", *options).stdout.split())
    assert "at Nel-O, you lose every trick, your partner sitting out (doubles high);" in declared


def test_a_special_contract_advised_on_a_band_reaching_below_the_line_is_called_close() -> None:
    text = " ".join(invoke("bid", "6-0 5-2 4-1 4-0 3-2 3-0 2-1", "-s", "3", "-n", "200").stdout.split())
    assert "Nel-O for 2 marks (84) makes an estimated 52% at a real table (95% band 30% to 73%" in text
    close = "A close call: its 95% band reaches below 50%, where a bid counts as made."
    assert f"more than passing. {close}" in text
