"""The constraints, ``texas42 deals`` and ``--why`` from the command line and the API."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import texas42
from cli_runner import invoke
from texas42.analysis import DominoPlace, Why
from texas42.errors import Texas42Error
from texas42.report.why import shown_spread, why_table
from texas42.rules import Declaration, HouseRules, needed_points, parse_declaration

HAND = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
DEAL = (
    "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
    "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
)
SRC = Path(__file__).resolve().parents[1] / "src"


@settings(max_examples=150, deadline=None)
@given(option=st.sampled_from(["--holds", "--lacks"]), text=st.text(max_size=30))
def test_any_constraint_text_is_a_count_or_a_one_line_error(option: str, text: str) -> None:
    result = invoke("deals", "--count", option, text, HAND)
    if result.exit_code == 0:
        assert int(result.stdout) > 0
    else:
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"texas42: error: {option}")


@settings(max_examples=60, deadline=None)
@given(
    seat=st.sampled_from("0123 4x"),
    dominoes=st.lists(
        st.sampled_from(["6-6", "6-4", "55", "5-4", "3-1", "sixes", "2", "7-1", "0-0"]), max_size=9
    ),
)
def test_contradictions_are_one_line_errors(seat: str, dominoes: list[str]) -> None:
    text = f"{seat}: {' '.join(dominoes)}"
    result = invoke("deals", "--count", "--holds", text, "--lacks", text, HAND)
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("texas42: error: --")


@pytest.mark.parametrize("command", [["analyze"], ["bid"], ["compare", HAND, "fours", "sixes"]])
@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--holds", "2: 6-4"], "--holds 2: 6-4: your own hand holds 6-4"),
        (["--holds", "2: 6-6", "--holds", "1: 6-6"], "--holds 1: 6-6: 6-6 is held by seat 2 too"),
        (
            ["--holds", "1: 5-4", "--holds", "1: 6-6 54"],
            "--holds 1: 6-6 54: 5-4 is named by --holds 1: 5-4 too",
        ),
        (["--lacks", "3: 6-6", "--lacks", "3: 66"], "--lacks 3: 66: 6-6 is named by --lacks 3: 6-6 too"),
        (
            ["--holds", "1: 66 65 63 62 61 60 54 53"],
            "--holds 1: 66 65 63 62 61 60 54 53: seat 1 holds 8 dominoes, more than its 7",
        ),
        (  # the --holds that makes too many is named, not the first of the seat's
            ["--holds", "1: 66 65 63 62", "--holds", "1: 61 60 54 53"],
            "--holds 1: 61 60 54 53: seat 1 holds 8 dominoes, more than its 7",
        ),
        (["--lacks", "1: 6", "--lacks", "2: sixes", "--lacks", "3: 6-6"], "--lacks: no seat may hold 6-6"),
        (["--lacks", "9: 6"], "--lacks 9: 6: the seat must be 1, 2 or 3"),
    ],
)
def test_bad_constraints_compute_nothing(
    command: list[str], options: list[str], words: str, no_solving: None
) -> None:
    args = [*command, *options] if command[0] == "compare" else [*command, *options, HAND]
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"texas42: error: {words}")
    assert len(result.stderr.splitlines()) == 1


def test_deals_pipe_into_solve() -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    run = [sys.executable, "-m", "texas42"]
    dealt = subprocess.run(
        [*run, "deals", HAND, "--holds", "1: 5-4", "-n", "3", "--seed", "2"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert len(dealt.stdout.splitlines()) == 3
    solved = subprocess.run(
        [*run, "solve", "--json", "--no-specials", "--file", "-"],
        input=dealt.stdout,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    documents = [json.loads(line) for line in solved.stdout.splitlines()]
    assert [" / ".join(" ".join(h) for h in d["hands"]) for d in documents] == dealt.stdout.splitlines()
    assert all("5-4" in d["hands"][1] for d in documents)


def test_deals_are_the_main_sample_of_analyze() -> None:
    constraints = texas42.deal_constraints(holds=["2: 6-6"], lacks=["3: fives"])
    dealt = texas42.deals(HAND, constraints, deals=20, seed=11)
    result = texas42.analyze(
        HAND, deals=20, seed=11, trumps=["fours"], constraints=constraints, house=HouseRules(specials=False)
    )
    assert result.sample is not None
    assert [d.masks for d in dealt.deals] == [tuple(int(m) for m in row) for row in result.sample.deals]
    assert not dealt.exact and not result.exact


def test_constraints_forcing_one_deal_give_solves_values() -> None:
    hands = [h.strip() for h in DEAL.split("/")]
    constraints = texas42.deal_constraints(holds=[f"1: {hands[1]}", f"2: {hands[2]}"])
    assert texas42.count_deals(HAND, constraints) == 1
    result = texas42.analyze(
        HAND, deals=50, seed=1, constraints=constraints, house=HouseRules(specials=False)
    )
    assert result.exact and result.deals == 1
    table = texas42.solve(DEAL)
    for stats in result.trumps:
        assert stats.expected_points == table.value(stats.declaration, 0)
    assert result.recommendation.make_confirmed == result.recommendation.make


def test_one_deal_is_one_deal_in_the_words() -> None:
    hands = [h.strip() for h in DEAL.split("/")]
    holds = ("--holds", f"1: {hands[1]}", "--holds", f"2: {hands[2]}")
    exact = " ".join(invoke("analyze", HAND, *holds, "--no-specials").stdout.split())
    assert "the only consistent deal: exact" in exact and "these are" not in exact
    assert "this is the only consistent deal, so the odds are exact" in exact
    one = " ".join(invoke("analyze", HAND, "-n", "1", "-s", "3", "--no-specials").stdout.split())
    assert "1 deal of the 21 unseen dominoes, seed 3" in one
    assert "independent sample of 1 deal," in one and "the share of the 1 deal in which" in one
    assert "1 deals" not in exact + one


def test_exact_analysis_json() -> None:
    result = invoke(
        "analyze",
        "--json",
        "--trump",
        "fours",
        "--no-specials",
        "--holds",
        "2: 6-6 6-5 6-0 4-4 3-0",
        "--holds",
        "1: 6-2 6-1 5-4 5-1",
        "--lacks",
        "3: aces",
        HAND,
    )
    document = json.loads(result.stdout)
    assert document["exact"] is True and document["deals"] == 80
    assert document["constraints"]["holds"] == {
        "1": ["6-2", "6-1", "5-4", "5-1"],
        "2": ["6-6", "6-5", "6-0", "4-4", "3-0"],
    }
    assert document["constraints"]["lacks"] == {"3": ["6-1", "5-1", "4-1", "2-1", "1-1", "1-0"]}
    why = document["why"]
    assert why["trump"] == "fours" and len(why["dominoes"]) == 21
    for row in why["dominoes"]:
        assert sum(row["deals_by_seat"].values()) == 80
    held = next(r for r in why["dominoes"] if r["domino"] == "6-6")
    assert held["deals_by_seat"] == {"1": 0, "2": 80, "3": 0}
    assert held["make_by_seat"]["1"] is None and held["make_by_seat_ci95"]["1"] is None
    assert held["make_by_seat_ci95"]["2"] is not None


def test_why_is_read_from_the_sample() -> None:
    result = texas42.analyze(
        HAND, deals=60, seed=4, trumps=["fours", "sixes"], house=HouseRules(specials=False)
    )
    assert result.sample is not None
    why = texas42.analysis.hand_why(result)
    assert why.declaration == result.recommendation.declaration and why.deals == 60
    spreads = [p.spread for p in why.dominoes]
    assert spreads == sorted(spreads, reverse=True)
    made = result.sample.points_of(why.declaration) >= needed_points(why.bid)
    assert why.bid == 36 and 0 < made.sum() < 60  # each unseen domino lies with one seat a deal
    assert sum(sum(p.made) for p in why.dominoes) == 21 * int(made.sum())
    at_36 = texas42.analysis.hand_why(result, 36)
    assert at_36.bid == 36 and at_36.declaration == result.best(36).declaration
    for not_a_bid in (29, 0, 43):
        with pytest.raises(Texas42Error, match=f"not a bid: {not_a_bid}"):
            texas42.analysis.why(result.sample, Declaration.FOURS, not_a_bid)
    # The result stays as computed: its arrays are read-only, and the engine takes them.
    for array in (result.sample.deals, result.sample.points):
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 0
    solved = texas42.engine.solve_deals(result.sample.deals[:3], [Declaration.FOURS])
    assert solved.points[:, 0].tolist() == result.sample.points_of("fours")[:3].tolist()
    compared = texas42.compare(HAND, ["fours", "sixes"], deals=60, seed=4, house=HouseRules(specials=False))
    document = texas42.to_dict(compared)
    assert [w["trump"] for w in document["why"]] == ["fours", "sixes"]
    assert Declaration.FOURS in result.declarations


def test_deals_listing_every_consistent_deal_names_no_seed() -> None:
    """72 consistent deals, all listed whatever the seed: no seed is drawn or named."""
    args = ["deals", HAND, "--holds", "1: 6-6 6-5 6-3 6-2 6-1 6-0", "--holds", "2: 5-4 5-3 5-1 5-0 4-4 4-1"]
    listed = invoke(*args, "-n", "100")
    assert listed.exit_code == 0 and listed.stderr == ""
    assert len(listed.stdout.splitlines()) == 72
    assert invoke(*args, "-n", "100", "-s", "5").stdout == listed.stdout
    assert invoke("deals", HAND, "-n", "2").stderr.startswith("texas42: seed ")


def test_an_exact_comparison_gives_its_difference_without_an_interval() -> None:
    """Every consistent deal compared: the mean difference is the figure itself, and the
    text drops its interval (it printed "-14.03 to -14.03"), as for the odds."""
    holds = ["--holds", "2: 6-6 6-5 6-3 6-2 6-1 6-0 5-4", "--holds", "1: 5-3 5-1 5-0 4-4 4-1"]
    text = invoke("compare", HAND, "fours", "follow-me", *holds, "--no-specials").stdout
    assert "all 36 consistent deals: exact" in text and "95% CI" not in text
    assert re.search(r"fours vs follow-me\s+-14\.03\s+0%\s+100%\s+0%", text)


def test_why_on_every_consistent_deal_has_no_interval_and_no_domino_whose_place_is_given() -> None:
    holds = ("--holds", "1: 6-6 6-5 6-2 6-1 5-4 5-1", "--holds", "2: 6-0 4-4 3-0 2-2 2-0 1-1")
    args = ("analyze", HAND, *holds, "--why", "--bid", "36", "--trump", "treys", "--no-specials")
    text = invoke(*args).stdout
    table = text[text.index("Why:") :]
    rows = [line.split() for line in table.splitlines()[4:12]]
    assert len(rows) == 8 and all("[" not in " ".join(row) for row in rows)
    assert not {row[0] for row in rows} & {"6-6", "6-5", "6-2", "6-1", "5-4", "5-1", "6-0", "4-4"}
    caption = " ".join(table.split())
    assert "Every consistent deal is counted: the odds are exact." in caption
    assert "[95% interval]" not in caption
    # 21 unseen, 12 of them placed by --holds: 9 left to move between seats 1 and 3
    assert "the 8 whose place matters most of the 9 dominoes whose place varies" in caption


def test_the_why_table_s_spread_is_the_difference_of_the_odds_it_shows() -> None:
    """95.49% shows as 95% and 64.51% as 65%: the spread beside them is 30, though the
    odds differ by 30.98 points."""
    place = DominoPlace(domino=0, made=(9549, 6451, 8000), deals=(10000, 10000, 10000))
    assert round(100 * place.spread) == 31 and shown_spread(place) == 30
    never = DominoPlace(domino=0, made=(0, 5, 7), deals=(0, 10, 10))  # never with seat 1
    assert shown_spread(never) == 20
    why = Why(parse_declaration("fours"), 30, 10000, (place,))
    console = Console(width=100, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
    console.print(why_table(why))
    row = next(line for line in console.export_text().splitlines() if line.lstrip().startswith("0-0"))
    assert row.split()[-1] == "30"
