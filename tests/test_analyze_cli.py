"""``texas42 analyze``, ``bid`` and ``compare`` through Typer's CliRunner.

Deal counts are small (10-40 deals) to keep the suite fast; the statistics themselves are
tested in test_analysis.py.
"""

from __future__ import annotations

import csv
import fcntl
import io
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

from cli_runner import invoke
from texas42 import analysis
from texas42.io.files import read_hands
from texas42.report.wording import percent
from texas42.rules import Declaration

LABELS = ["blanks", "aces", "deuces", "treys", "fours", "fives", "sixes", "doubles", "follow-me"]
BID_KEYS = [str(b) for b in range(30, 43)] + ["84"]
ORDINARY = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
ALL_SIXES = "6-6 6-5 6-4 6-3 6-2 6-1 6-0"
WEAK = "6-1 5-2 4-0 3-1 2-0 6-3 5-1"
STRONG_SIXES = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
ROOT = Path(__file__).resolve().parents[1]


def ok(*args: str, input: str | None = None) -> Result:
    result = invoke(*args, input=input)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def json_of(*args: str) -> dict[str, Any]:
    lines = ok(*args).stdout.splitlines()
    assert len(lines) == 1
    obj: dict[str, Any] = json.loads(lines[0])
    return obj


@pytest.fixture(scope="module")
def ordinary_json() -> dict[str, Any]:
    return json_of("analyze", "--json", "--deals", "30", "--seed", "7", ORDINARY)


def check_error(result: Result, token: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("texas42: error: ")
    assert token in lines[0]


# --- Help -------------------------------------------------------------------------------


def test_main_help_lists_the_commands_with_examples() -> None:
    text = ok("--help").stdout
    for needle in (
        "analyze",
        "bid",
        "compare",
        "solve",
        "texas42 analyze",
        "texas42 bid",
        "--seed",
        "double-dummy",
    ):
        assert needle in text
    assert "sees all hands" in text  # what the odds mean
    assert "realistic odds" in text and "--basis double-dummy" in text  # what the advice rests on


@pytest.mark.parametrize(
    ("command", "options"),
    [
        (
            "analyze",
            ["--deals", "--seed", "--trump", "--confidence", "--threads", "--json", "--csv", "--file"],
        ),
        ("bid", ["--auction", "--deals", "--seed", "--trump", "--confidence", "--threads", "--json"]),
        ("compare", ["--deals", "--seed", "--threads", "--json"]),
    ],
)
def test_command_help_has_examples(command: str, options: list[str]) -> None:
    text = ok(command, "--help").stdout
    assert f"texas42 {command} " in text
    for option in options:
        assert option in text
    assert "perfectly" in text


# --- analyze --------------------------------------------------------------------------


def test_analyze_json_schema(ordinary_json: dict[str, Any]) -> None:
    obj = ordinary_json
    # The keys of before, in order, then those of issues 14, 13 and 17 (no constraints: none
    # recorded; racing: its settings, though 30 deals are fewer than its minimum), and the
    # special contract to bid instead (none for this hand).
    keys = [
        "hand",
        "deals",
        "seed",
        "trumps",
        "recommendation",
        "specials",
        "special_instead",
        "special_instead_bid",
    ]
    assert list(obj) == [*keys, "exact", "racing", "why", "realistic"]
    assert obj["special_instead"] is None and obj["special_instead_bid"] is None
    assert obj["realistic"]["source"] == "calibrated" and obj["realistic"]["hands"] >= 1000
    assert obj["recommendation"]["basis"] == "realistic"
    realistic = [t for t in obj["trumps"] if "realistic" in t]
    assert 2 <= len(realistic) <= 3
    for t in realistic:
        figures = t["realistic"]
        assert figures["source"] == "calibrated" and figures["deals"] == 30
        assert list(figures["make"]) == BID_KEYS
        odds = [figures["make"][key] for key in BID_KEYS[:-1]]
        assert odds == sorted(odds, reverse=True) and figures["make"]["84"] == figures["make"]["42"]
        for key in BID_KEYS:
            low, high = figures["make_ci95"][key]
            assert low <= figures["make"][key] <= high
    assert obj["racing"] == {"min_deals": 200, "round_deals": 100, "risk": 0.01}
    assert obj["exact"] is False and len(obj["why"]["dominoes"]) == 21
    assert obj["hand"] == ["6-4", "5-5", "5-2", "4-3", "4-2", "3-2", "3-1"]
    assert (obj["deals"], obj["seed"]) == (30, 7)
    assert [t["trump"] for t in obj["trumps"]] == LABELS
    for t in obj["trumps"]:
        assert set(t) - {"realistic"} == {
            "trump",
            "deals",
            "expected_points",
            "expected_points_ci95",
            "make",
            "make_ci95",
            "histogram",
        }
        hist = t["histogram"]
        assert t["deals"] == 30
        assert len(hist) == 43 and sum(hist) == 30 and all(isinstance(c, int) for c in hist)
        assert t["expected_points"] == pytest.approx(sum(p * c for p, c in enumerate(hist)) / 30, abs=1e-3)
        low, high = t["expected_points_ci95"]
        assert low <= t["expected_points"] <= high
        assert list(t["make"]) == BID_KEYS == list(t["make_ci95"])
        for key in BID_KEYS:
            need = min(int(key), 42)
            assert t["make"][key] == round(sum(hist[need:]) / 30, 4)
            low, high = t["make_ci95"][key]
            assert 0 <= low <= t["make"][key] <= high <= 1
        odds = [t["make"][k] for k in BID_KEYS]
        assert odds == sorted(odds, reverse=True)
    realistic_rec = obj["recommendation"]
    trump = next(t for t in realistic if t["trump"] == realistic_rec["trump"])
    contract = 30 if realistic_rec["bid"] == "pass" else realistic_rec["bid"]
    assert realistic_rec["make"] == trump["realistic"]["make"][str(contract)]
    assert realistic_rec["source"] == "calibrated" and realistic_rec["make_confirmed"] is None
    rec = obj["recommendation"]["double_dummy"]
    assert {"bid", "trump", "make", "make_confirmed", "expected_marks"} <= set(rec)
    assert rec["trump"] in LABELS
    contract = 30 if rec["bid"] == "pass" else rec["bid"]
    trump = next(t for t in obj["trumps"] if t["trump"] == rec["trump"])
    assert rec["make"] == trump["make"][str(contract)]
    marks = 2 if contract == 84 else 1
    assert rec["expected_marks"] == pytest.approx(marks * (2 * rec["make"] - 1), abs=1e-3)
    assert 0 <= rec["make_confirmed"] <= 1
    if rec["bid"] != "pass":
        assert rec["make"] >= 0.5
        assert rec["make"] == max(t["make"][str(contract)] for t in obj["trumps"])


def test_analyze_table_matches_json(ordinary_json: dict[str, Any]) -> None:
    out = ok("analyze", "--deals", "30", "--seed", "7", ORDINARY).stdout
    assert "6-4 5-5 5-2 4-3 4-2 3-2 3-1" in out and "30 deals" in out and "seed 7" in out
    rows = {}
    for line in out.splitlines():
        match = re.match(r"^\s*(" + "|".join(LABELS) + r")\s+(\d+\.\d)±(\d+\.\d)\s+(\d+)%", line)
        if match:
            rows[match[1]] = (float(match[2]), int(match[4]))
    assert list(rows) == LABELS
    for t in ordinary_json["trumps"]:
        assert rows[t["trump"]] == (round(t["expected_points"], 1), round(100 * t["make"]["30"]))
    rec = ordinary_json["recommendation"]
    if rec["bid"] == "pass":
        assert "Pass: at a real table no trump" in out
    else:
        assert f"Bid {rec['bid']} with {rec['trump']}" in out
    dd = rec["double_dummy"]
    if dd["bid"] != "pass":
        assert f"Double-dummy: bid {dd['bid']} with {dd['trump']}" in out
    assert "every seat plays perfectly and sees all hands" in " ".join(out.split())


def test_analyze_same_seed_same_output_whatever_the_threads(ordinary_json: dict[str, Any]) -> None:
    one = ok("analyze", "--json", "--deals", "30", "--seed", "7", "--threads", "1", ORDINARY).stdout
    assert json.loads(one) == ordinary_json
    table1 = ok("analyze", "-n", "30", "-s", "7", "-j", "1", ORDINARY).stdout
    table2 = ok("analyze", "-n", "30", "-s", "7", "-j", "2", ORDINARY).stdout
    assert table1 == table2


def test_analyze_draws_and_prints_a_seed_that_repeats_the_run() -> None:
    first = json_of("analyze", "--json", "--deals", "10", "--trump", "fours", ORDINARY)
    assert isinstance(first["seed"], int)
    again = json_of(
        "analyze", "--json", "--deals", "10", "--trump", "fours", "--seed", str(first["seed"]), ORDINARY
    )
    assert again == first
    out = " ".join(ok("analyze", "--deals", "10", "--trump", "fours", ORDINARY).stdout.split())  # as wrapped
    seed = re.search(r"seed (\d+)", out)
    assert seed is not None and f"--seed={seed[1]}" in out


def test_analyze_accepts_unquoted_dominoes_and_restricts_trumps() -> None:
    obj = json_of("analyze", "--json", "-n", "10", "-s", "3", "-t", "sixes", "-t", "4", *ORDINARY.split())
    assert [t["trump"] for t in obj["trumps"]] == ["fours", "sixes"]
    assert obj["recommendation"]["trump"] in ("fours", "sixes")


def test_analyze_all_sixes_bids_84() -> None:
    obj = json_of("analyze", "--json", "--deals", "20", "--seed", "1", "--trump", "sixes", ALL_SIXES)
    (sixes,) = obj["trumps"]
    assert sixes["make"]["84"] == 1.0 and sixes["histogram"][42] == 20 and sixes["expected_points"] == 42
    assert sixes["realistic"]["make"]["84"] == 1.0 and sixes["realistic"]["expected_points"] == 42
    assert (obj["recommendation"]["bid"], obj["recommendation"]["make"]) == (84, 1.0)
    assert obj["recommendation"]["double_dummy"] == obj["recommendation"]["double_dummy"] | {
        "bid": 84,
        "trump": "sixes",
        "make": 1.0,
        "make_confirmed": 1.0,
        "expected_marks": 2.0,
    }
    out = ok("analyze", "--deals", "20", "--seed", "1", "--trump", "sixes", ALL_SIXES).stdout
    assert "Bid 84 with sixes" in out


def test_analyze_pass() -> None:
    dd = ("--basis", "double-dummy")
    obj = json_of("analyze", "--json", "--deals", "30", "--seed", "2", "--confidence", "0.9", *dd, WEAK)
    rec = obj["recommendation"]
    assert rec["bid"] == "pass"
    best30 = max(t["make"]["30"] for t in obj["trumps"])
    assert best30 < 0.9 and rec["make"] == best30
    out = ok("analyze", "--deals", "30", "--seed", "2", "--confidence", "0.9", *dd, WEAK).stdout
    assert f"If forced to bid 30 (all pass and you shake), call {rec['trump']}" in " ".join(out.split())


# --- bid --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("auction", "bid", "rule"),
    [
        ("", 84, "open"),
        ("pass 30 31", 84, "shaker"),
        ("pass pass pass", 84, "forced"),
        ("42 pass", 84, "outbid-partner"),
        ("pass 84", 126, "open"),
    ],
)
def test_bid_with_a_lay_down(auction: str, bid: int, rule: str) -> None:
    obj = json_of(
        "bid",
        "--json",
        "-n",
        "10",
        "-s",
        "1",
        "-t",
        "sixes",
        "--auction",
        auction,
        "--basis",
        "double-dummy",
        ALL_SIXES,
    )
    assert obj["auction"] == [b if b == "pass" else int(b) for b in auction.split()]
    assert obj["position"] == len(auction.split())
    advice = obj["advice"]
    assert (advice["bid"], advice["trump"], advice["rule"]) == (bid, "sixes", rule)
    assert advice["make"] == advice["make_confirmed"] == 1.0 and advice["reason"]
    assert bid in [r["bid"] for r in obj["ladder"]]
    # Realistic play takes all 42 points too: the rules settle it.
    obj = json_of("bid", "--json", "-n", "10", "-s", "1", "-t", "sixes", "--auction", auction, ALL_SIXES)
    advice = obj["advice"]
    assert (advice["bid"], advice["trump"], advice["rule"], advice["basis"]) == (
        bid,
        "sixes",
        rule,
        "realistic",
    )
    assert advice["make"] == 1.0 and advice["make_confirmed"] is None


def test_bid_ladder_and_table() -> None:
    dd = ("--basis", "double-dummy")
    obj = json_of("bid", "--json", "-n", "30", "-s", "7", "--auction", "pass 30 31", *dd, ORDINARY)
    ladder = obj["ladder"]
    assert [r["bid"] for r in ladder] == [*range(32, 42), 42, 84]
    # The same deals, drawn to fit the same auction.
    analyzed = json_of("analyze", "--json", "--deals", "30", "--seed", "7", "-a", "pass 30 31", *dd, ORDINARY)
    assert analyzed["inference"] == obj["inference"]
    for rung in ladder:
        key = str(rung["bid"])
        assert rung["make"] == max(t["make"][key] for t in analyzed["trumps"])
        assert rung["make_confirmed"] is not None
    advice = obj["advice"]
    made = [r for r in ladder if r["make"] >= 0.5]
    if made:  # the shaker bids the least that wins
        assert advice["rule"] == "shaker" and advice["bid"] == made[0]["bid"]
    else:
        assert advice["bid"] == "pass"
    out = ok("bid", "-n", "30", "-s", "7", "--auction", "pass 30 31", *dd, ORDINARY).stdout
    assert "You bid 4th, as the shaker" in out and "the high bid is 31" in out
    assert "Bid ladder" in out
    trumps = "|".join(LABELS)
    rows = [
        line for line in out.splitlines() if re.match(rf"^\s*(3[2-9]|4[012]|84)\s+({trumps})\s+\d+%", line)
    ]
    assert len(rows) == 12


def test_bid_over_a_bid_the_hand_cannot_make() -> None:
    obj = json_of("bid", "--json", "-n", "20", "-s", "4", "--auction", "41", WEAK)
    assert obj["advice"]["bid"] == "pass" and obj["advice"]["rule"] == "cannot-make"
    assert obj["high_bid"] == 41


# --- compare ------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["x", "3-", "3-l"])
def test_compare_names_a_word_that_is_neither_domino_nor_trump(bad: str) -> None:
    """A hand short of a domino names the word that was meant as one, not the hand's size."""
    result = invoke("compare", f"6-4 5-5 5-2 4-3 4-2 3-2 {bad}", "fours", "follow-me")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"texas42: error: not a domino or a trump: {bad!r} (the hand has 6 dominoes)\n"
    short = invoke("compare", "6-4 5-5 5-2 4-3 4-2 3-2", "fours", "follow-me")
    assert short.exit_code == 2 and "a hand needs 7 dominoes, got 6" in short.stderr


def test_compare_with_trumps_but_no_hand_asks_for_the_hand() -> None:
    """Trumps alone are a missing hand, said so; not "a hand needs 7 dominoes, got 0"."""
    result = invoke("compare", "sixes", "doubles")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "texas42: error: give your hand, 7 dominoes, before the trumps; see 'texas42 compare --help'\n"
    )


def test_compare_finds_the_better_trump() -> None:
    obj = json_of("compare", "--json", "-n", "20", "-s", "2", ALL_SIXES, "sixes", "fives")
    assert [t["trump"] for t in obj["trumps"]] == ["sixes", "fives"]
    (pair,) = obj["pairs"]
    assert (pair["first"], pair["second"]) == ("sixes", "fives")
    assert pair["second_more"] == 0 and pair["first_more"] > 0.5
    assert pair["first_more"] + pair["equal"] == pytest.approx(1)
    assert pair["mean_difference_ci95"][0] > 0
    assert pair["make"]["42"]["first"] == 1.0
    assert pair["make"]["42"]["second"] == obj["trumps"][1]["make"]["42"]
    out = ok("compare", "-n", "20", "-s", "2", *ALL_SIXES.split(), "sixes", "fives").stdout
    assert "sixes vs fives" in out and "Double-dummy odds" in out


def test_compare_says_the_most_each_trump_makes_at_a_real_table() -> None:
    """Strongest first, each at the highest bid its estimated odds make at least half the
    time, as read off the realistic table (compare's JSON holds the same estimates)."""
    args = (
        "compare",
        "-n",
        "400",
        "--min-deals",
        "100",
        "-s",
        "2",
        "--no-specials",
        ORDINARY,
        "fours",
        "sixes",
        "doubles",
    )
    obj = json_of(*args, "--json")
    found = []
    for t in obj["trumps"]:
        make = t["realistic"]["make"]
        bid = max((int(b) for b, odds in make.items() if int(b) <= 42 and odds >= 0.5), default=None)
        found.append((bid or 0, make[str(bid or 30)], t["trump"]))
    said = [
        f"{trump} {bid} ({percent(odds)})" if bid else f"{trump} none (30: {percent(odds)})"
        for bid, odds, trump in sorted(found, reverse=True)
    ]
    text = " ".join(ok(*args).stdout.split())
    assert (
        f"The most each trump makes at least half the time at a real table (estimated): {', '.join(said)}."
        in text
    )
    assert (
        "racing stopped that trump once its order by expected points against every other trump was clear"
        in text
    )


def test_compare_after_a_bid_says_the_special_contracts_are_an_opener_s() -> None:
    """Plunge is shown at 4 marks after "pass 30", where the rules no longer allow it: the
    note under the table says why, and 'bid' weighs them over the auction."""
    args = ("compare", "6-6 5-5 4-4 3-3 6-5 2-1 1-0", "doubles", "follow-me", "-n", "40", "-s", "1")
    said = " ".join(ok(*args, "--auction", "pass 30").stdout.split())
    assert "The special contracts are priced as an opener's, as if nobody had bid; over the auction's" in said
    assert "high bid (30), 'texas42 bid' weighs them against the calls still open." in said
    assert "priced as an opener's" not in ok(*args).stdout


def test_compare_odds_just_short_of_half_read_under_it() -> None:
    """The most made "at least half the time" is read off the tables: odds of 49.9% there
    read <50%, not 50%."""
    obj = json_of("compare", "--json", "-s", "731474628", "-n", "1000", STRONG_SIXES, "sixes", "doubles")
    odds = obj["trumps"][1]["realistic"]["make"]["40"]
    assert 0.495 <= odds < 0.5
    out = ok("compare", "-s", "731474628", "-n", "1000", STRONG_SIXES, "sixes", "doubles").stdout
    realistic = out[out.index("Realistic odds, estimated") :]
    assert re.search(r"\n\s+40\s+\S+\s+<50%", realistic)
    pairs = [line.split() for line in out.splitlines() if line.split()[:3] == ["sixes", "vs", "doubles"]]
    assert sum(int(cell.rstrip("%")) for cell in pairs[0][-3:]) == 100


def test_compare_three_trumps_matches_analyze() -> None:
    obj = json_of("compare", "--json", "-n", "15", "-s", "5", ORDINARY, "nt", "fours", "doubles")
    assert [(p["first"], p["second"]) for p in obj["pairs"]] == [
        ("follow-me", "fours"),
        ("follow-me", "doubles"),
        ("fours", "doubles"),
    ]
    analyzed = json_of(
        "analyze", "--json", "-n", "15", "-s", "5", "-t", "nt", "-t", "4", "-t", "doubles", ORDINARY
    )
    by_label = {t["trump"]: t for t in analyzed["trumps"]}
    estimated = 0
    for t in obj["trumps"]:
        mine = t.pop("realistic")
        theirs = by_label[t["trump"]].pop("realistic", None)
        if theirs is not None:  # analyze estimates its leading trumps, by the same calibration
            assert mine == theirs
            estimated += 1
        assert t == by_label[t["trump"]]
    assert estimated >= 2


# --- Files of hands -----------------------------------------------------------------------

HANDS_FILE = f"""# three hands
ordinary: {ORDINARY}   # the README's seat 0
{WEAK}

sixes!: {ALL_SIXES}
"""


def test_file_json_lines() -> None:
    out = ok(
        "analyze",
        "--json",
        "-n",
        "10",
        "-s",
        "9",
        "-t",
        "sixes",
        "-t",
        "fours",
        "--file",
        "-",
        input=HANDS_FILE,
    )
    objs = [json.loads(line) for line in out.stdout.splitlines()]
    assert [o["name"] for o in objs] == ["ordinary", None, "sixes!"]
    single = json_of("analyze", "--json", "-n", "10", "-s", "9", "-t", "sixes", "-t", "fours", ORDINARY)
    assert [(o["name"], o["line"]) for o in objs] == [("ordinary", 2), (None, 3), ("sixes!", 5)]
    assert list(objs[0])[:2] == ["name", "line"]
    assert {k: v for k, v in objs[0].items() if k not in ("name", "line")} == single
    assert objs[2]["recommendation"]["bid"] == 84


def test_a_file_played_out_gives_each_hand_s_own_played_out_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    """--file --realistic: each JSON line is the hand's own ``analyze --realistic --json``
    (name and line aside), the CSV and summary rows rest on the playouts, and the text
    ends saying so."""
    monkeypatch.setenv("COLUMNS", "100")
    played = ("-n", "30", "-s", "4", "--realistic", "--realistic-deals", "3", "--worlds", "2")
    hands = f"ordinary: {ORDINARY}\nsixes: {ALL_SIXES}\n"
    lines = ok("analyze", "--json", *played, "--file", "-", input=hands).stdout.splitlines()
    for line, hand in zip(lines, (ORDINARY, ALL_SIXES), strict=True):
        alone = json_of("analyze", "--json", *played, hand)
        got = {k: v for k, v in json.loads(line).items() if k not in ("name", "line")}
        assert got == alone and got["realistic"]["source"] == "playouts"
    row = next(csv.DictReader(io.StringIO(ok("analyze", "--csv", *played, ORDINARY).stdout)))
    advised = json_of("analyze", "--json", *played, ORDINARY)["recommendation"]
    assert (row["bid"], row["basis"], row["make_confirmed"]) == (str(advised["bid"]), "realistic", "")
    assert (row["source"], row["deals"], row["seed"]) == ("playouts", "3", "4")
    assert [float(row["make_ci95_low"]), float(row["make_ci95_high"])] == advised["make_ci95"]
    text = " ".join(ok("analyze", *played, "--file", "-", input=hands).stdout.split())
    assert "the share of the playouts made (on 3 of the deals, 2 worlds a decision)" in text
    # the rows' figures and band are the playouts' (they were said to be the calibration's)
    assert "played out on 3 of the 30 deals of each hand" in text
    assert "95% band: the playouts' 95% interval (their sampling error)" in text


def test_file_csv_and_summary(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(HANDS_FILE)
    args = ("analyze", "-n", "10", "-s", "9", "-t", "sixes", "-t", "fours", "--file", str(path))
    rows = list(csv.DictReader(io.StringIO(ok(*args, "--csv").stdout)))
    assert [r["name"] for r in rows] == ["ordinary", "", "sixes!"]
    assert [r["line"] for r in rows] == ["2", "3", "5"]
    assert rows[2]["trump"] == "sixes" and rows[2]["bid"] == "84" and float(rows[2]["make"]) == 1.0
    assert float(rows[2]["expected_points"]) == 42.0
    summary = ok(*args).stdout
    lines = summary.splitlines()
    # Realistic odds (the default basis) have no independent check: their 95% band instead.
    assert re.match(r"^name\s+line\s+trump\s+bid\s+makes\s+95% band\s+points\s+instead$", lines[1])
    assert re.match(r"^sixes!\s+5\s+sixes\s+84\s+100%\s+100%-100%\s+42\.0$", lines[4])
    checked = ok(*args, "--basis", "double-dummy").stdout.splitlines()
    assert re.match(r"^name\s+line\s+trump\s+bid\s+makes\s+check\s+points\s+instead$", checked[1])
    assert re.match(r"^sixes!\s+5\s+sixes\s+84\s+100%\s+100%\s+42\.0$", checked[4])
    assert all(r["basis"] == "realistic" for r in rows)
    assert re.match(r"^line 3\s+3\s+", lines[3])
    assert rows[0]["bid"] in lines[2] and rows[0]["trump"] in lines[2]


def test_file_results_stream_and_an_interrupt_keeps_them(monkeypatch: pytest.MonkeyPatch) -> None:
    real = analysis.analyze_hand
    calls = []

    def interrupted(*args: Any, **kwargs: Any) -> analysis.HandAnalysis:
        calls.append(args[0])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis.job, "analyze_hand", interrupted)  # where the job calls it
    result = invoke(
        "analyze", "--json", "-n", "10", "-s", "9", "-t", "fours", "--file", "-", input=HANDS_FILE
    )
    assert result.exit_code == 130
    assert [json.loads(line)["name"] for line in result.stdout.splitlines()] == ["ordinary"]
    assert "interrupted after 1 of 3 hands" in result.stderr


def test_example_hands_file_is_valid() -> None:
    read = read_hands((ROOT / "examples" / "hands.txt").read_text().splitlines())
    assert not read.errors and len(read.hands) == 12
    hands = {h.name: str(h.hand) for h in read.hands}
    assert hands["all sixes"] == "6-6 6-5 6-4 6-3 6-2 6-1 6-0"
    assert hands["six fives, 6-6"] == "6-6 5-5 5-4 5-3 5-2 5-1 5-0"
    assert sum(1 for d in read.hands if sum(1 for x in d.hand if x in (0, 2, 5, 9, 14, 20, 27)) >= 5) >= 1


# --- Bad input ------------------------------------------------------------------------------

BAD_ARGS = {
    "bad domino": (["analyze", "7-1 6-5 6-4 6-3 6-2 6-1 6-0"], "7-1"),
    "malformed domino": (["analyze", "6x", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"], "6x"),
    "six dominoes": (["analyze", "6-6 6-5 6-4 6-3 6-2 6-1"], "got 6"),
    "duplicate": (["analyze", "6-6 66 6-4 6-3 6-2 6-1 6-0"], "66"),
    "no hand": (["analyze"], "give a hand"),
    "deals zero": (
        ["analyze", "--deals", "0", ORDINARY],
        "--deals: the number of deals must be at least 1, got 0",
    ),
    "deals word": (["analyze", "--deals", "many", ORDINARY], "many"),
    "deals too many": (
        ["analyze", "--deals", "99999999999999999999", ORDINARY],
        "--deals: the number of deals must be at most 1,000,000, got 99,999,999,999,999,999,999",
    ),
    "worlds too many": (
        ["analyze", "--realistic", "--worlds", "100000000", ORDINARY],
        "--worlds: the worlds a decision must be at most 1,000, got 100,000,000",
    ),
    "deals negative": (["analyze", "--deals", "-5", ORDINARY], "--deals cannot be negative, got -5"),
    "seed negative": (["analyze", "--seed", "-1", ORDINARY], "--seed cannot be negative, got -1"),
    "deals minus zero": (
        ["analyze", "--deals", "-0", ORDINARY],
        "the number of deals must be at least 1, got 0",
    ),
    "threads plus zero": (["analyze", "--threads", "+0", ORDINARY], "--threads must be at least 1, got 0"),
    "seed word": (["analyze", "--seed", "lucky", ORDINARY], "lucky"),
    "confidence zero": (["analyze", "--confidence", "0", ORDINARY], "must be above 0 and at most 1, got 0"),
    "confidence overflow": (["analyze", "--confidence", "1e400", ORDINARY], "got '1e400'"),
    "confidence high": (["analyze", "--confidence", "1.5", ORDINARY], "1.5"),
    "confidence word": (["analyze", "--confidence", "half", ORDINARY], "half"),
    "unknown trump": (["analyze", "--trump", "sevens", ORDINARY], "sevens"),
    "threads zero": (["analyze", "--threads", "0", ORDINARY], "--threads must be at least 1, got 0"),
    "json and csv": (["analyze", "--json", "--csv", ORDINARY], "--json and --csv do not go together"),
    "hand and file": (["analyze", "--file", "-", ORDINARY], "not both"),
    "missing file": (["analyze", "--file", "/nonexistent/hands.txt"], "/nonexistent/hands.txt"),
    "bid no hand": (["bid", "--auction", "30"], "give your hand"),
    "bid bad hand": (["bid", "6-6 6-5", "--auction", "30"], "got 2"),
    "bid not a bid": (["bid", ORDINARY, "--auction", "pass 29"], "'29'"),
    "bid not above": (["bid", ORDINARY, "--auction", "31 30"], "'30' is not above the high bid 31"),
    "bid 126 before 84": (["bid", ORDINARY, "--auction", "30 126"], "'126' comes before 84"),
    "bid jump after 84": (["bid", ORDINARY, "--auction", "84 168"], "'168' after 84"),
    "bid four prior bids": (["bid", ORDINARY, "--auction", "pass pass pass 30"], "at most 3 bids"),
    "bid four words, one bad": (
        ["bid", ORDINARY, "--auction", "pass 30 pass x"],
        "--auction: not a bid: 'x'",
    ),
    "bid four calls, illegal": (
        ["bid", ORDINARY, "--auction", "30 30 pass pass"],
        "'30' is not above the high",
    ),
    "bid all four passed": (
        ["bid", ORDINARY, "--auction", "pass pass pass pass"],
        "all four passed: by default the shaker may not pass but must bid 30 or more",
    ),
    "bid unknown trump": (["bid", ORDINARY, "--trump", "jokers"], "jokers"),
    "compare one trump": (["compare", ORDINARY, "sixes"], "two or more trumps"),
    "compare repeated trump": (["compare", ORDINARY, "sixes", "6"], "'6'"),
    "compare unknown trump": (["compare", ORDINARY, "sixes", "spades"], "spades"),
    "compare bad hand": (["compare", "6-6 6-5 6-4 6-3 6-2 6-1 7-0", "sixes", "fives"], "7-0"),
    "compare nothing": (["compare"], "give your hand"),
    "deals nothing": (["deals", "--count"], "give your hand"),
    "deals count and json": (["deals", "--count", "--json", ORDINARY], "--count and --json do not go"),
    "deals count and seed": (["deals", "--count", "--seed", "1", ORDINARY], "no --deals or --seed"),
    "deals count and deals": (["deals", "--count", "--deals", "5", ORDINARY], "no --deals or --seed"),
}


@pytest.mark.parametrize("case", list(BAD_ARGS), ids=list(BAD_ARGS))
def test_bad_input(case: str, no_solving: None) -> None:
    args, token = BAD_ARGS[case]
    check_error(invoke(*args), token)


def test_bad_lines_of_a_hands_file_are_all_reported(no_solving: None) -> None:
    text = "\n".join(
        [
            f"good: {ORDINARY}",  # 1
            "# comment",  # 2
            "bad pip: 7-1 6-5 6-4 6-3 6-2 6-1 6-0",  # 3
            f"{WEAK}  # fine",  # 4
            "short: 6-6 6-5",  # 5
            ": 6-6 6-5 6-4 6-3 6-2 6-1 6-0",  # 6
        ]
    )
    result = invoke("analyze", "--file", "-", input=text + "\n")
    assert result.exit_code == 2 and result.stdout == ""
    errors = result.stderr.splitlines()
    assert [re.findall(r"^texas42: error: line (\d+): ", e) for e in errors] == [["3"], ["5"], ["6"]]
    assert "7-1" in errors[0] and "got 2" in errors[1] and "empty name" in errors[2]
    assert "Traceback" not in result.output


def test_a_byte_order_mark_does_not_spoil_the_first_line(tmp_path: Path) -> None:
    """Editors may write a UTF-8 file with a byte-order mark first: it is not text."""
    path = tmp_path / "hands.txt"
    path.write_text(f"first: {ORDINARY}\n{WEAK}\n", encoding="utf-8-sig")
    marked = invoke("quick", "--file", str(path), "--json")
    plain = invoke("quick", "--file", "-", "--json", input=f"first: {ORDINARY}\n{WEAK}\n")
    assert marked.exit_code == 0 and marked.stdout == plain.stdout
    assert json.loads(marked.stdout.splitlines()[0])["name"] == "first"
    piped = invoke("quick", "--file", "-", "--json", input=f"\ufefffirst: {ORDINARY}\n{WEAK}\n")
    assert piped.stdout == plain.stdout


def test_a_file_that_is_not_utf8_text_names_its_line(tmp_path: Path) -> None:
    """A byte that is not UTF-8 (a file saved in Latin-1) is named by its line, not by its
    place in the file ("can't decode byte 0xff in position 30")."""
    path = tmp_path / "hands.txt"
    path.write_bytes(f"{ORDINARY}\n".encode() + b"Jos\xe9: " + f"{WEAK}\n".encode())
    named = invoke("quick", "--file", str(path))
    assert named.exit_code == 2 and named.stdout == ""
    assert named.stderr == f"texas42: error: cannot read {path}: line 2 is not UTF-8 text (byte 0xe9)\n"
    piped = invoke("analyze", "--file", "-", input=path.read_bytes())
    assert piped.stderr == "texas42: error: cannot read stdin: line 2 is not UTF-8 text (byte 0xe9)\n"


@pytest.mark.parametrize("command", ["quick", "analyze", "solve", "shell"])
def test_an_input_that_never_ends_is_refused_not_read_into_memory(command: str) -> None:
    """/dev/zero as the file, or as stdin: refused past 64 MiB, in a second (it was read
    until the machine ran out of memory)."""
    if command != "shell":
        named = subprocess.run(
            ["texas42", command, "--file", "/dev/zero"], capture_output=True, text=True, timeout=60
        )
        assert (named.returncode, named.stdout) == (2, "")
        assert named.stderr == "texas42: error: cannot read /dev/zero: it holds more than 64 MiB\n"
    args = ["texas42", command] if command == "shell" else ["texas42", command, "--file", "-"]
    with open("/dev/zero", "rb") as zeros:
        piped = subprocess.run(args, stdin=zeros, capture_output=True, text=True, timeout=60)
    assert (piped.returncode, piped.stdout) == (2, "")
    assert piped.stderr.endswith("cannot read stdin: it holds more than 64 MiB\n")


def test_a_hand_of_a_file_that_its_options_do_not_fit_is_named_by_its_line(no_solving: None) -> None:
    text = f"a: {ALL_SIXES}\nb: 0-0 1-0 2-0 3-0 2-1 1-1 4-0\n"
    result = invoke("analyze", "--file", "-", "--holds", "2: 0-0", input=text)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "texas42: error: line 2: --holds 2: 0-0: your own hand holds 0-0\n"
    # with a line that is no hand: every bad line in one go, in the file's order
    result = invoke("analyze", "--file", "-", "--holds", "2: 0-0", input=f"x: 7-0\n{text}")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "texas42: error: line 1: not a domino: '7-0' (pips run from 0 to 6)",
        "texas42: error: line 3: --holds 2: 0-0: your own hand holds 0-0",
    ]


def test_an_auction_impossible_with_hands_of_a_file_names_each_line_before_any_is_analysed(
    no_solving: None,
) -> None:
    """b and d hold 4 doubles: no deal gives the right opponent the 4 a plunge needs."""
    text = f"a: {ALL_SIXES}\nb: 6-6 5-5 4-4 3-3 2-1 1-0 2-0\nc: {ORDINARY}\nd: 6-6 5-5 4-4 2-2 2-1 1-0 2-0\n"
    args = ("--file", "-", "-n", "30", "--seed", "1", "--auction", "plunge", "--json")
    result = invoke("analyze", *args, input=text)
    assert result.exit_code == 2 and result.stdout == ""
    assert [line.split(": --auction: the plunge of seat 3")[0] for line in result.stderr.splitlines()] == [
        "texas42: error: line 2",
        "texas42: error: line 4",
    ]


def test_file_without_hands_prints_only_headers() -> None:
    assert ok("analyze", "--csv", "--file", "-", input="# nothing yet\n\n").stdout == (
        "name,line,hand,trump,bid,make,make_confirmed,expected_points,expected_marks,basis,special,special_bid,"
        "make_ci95_low,make_ci95_high,deals,source,seed\n"
    )
    assert ok("analyze", "--json", "--file", "-", input="").stdout == ""


# --- The progress bar, in a real terminal ---------------------------------------------------


def test_a_report_to_a_file_is_as_wide_whatever_terminal_stderr_is_on() -> None:
    """Rich takes the width of a terminal that stderr (or stdin) is on: a report sent to a
    file would then be laid out at that terminal's width, unlike --out's, and unlike the
    same command with stderr elsewhere."""
    args = [sys.executable, "-m", "texas42", "quick", ORDINARY]
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    plain = subprocess.run(args, capture_output=True, env=env, timeout=120, check=True).stdout
    master, slave = pty.openpty()
    try:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 132, 0, 0))
        wide = subprocess.run(
            args, stdin=slave, stdout=subprocess.PIPE, stderr=slave, env=env, timeout=120, check=True
        ).stdout
    finally:
        os.close(slave)
        os.close(master)
    assert wide == plain
    assert max(len(line) for line in plain.decode().splitlines()) <= 80


def _run_in_terminal(*args: str) -> tuple[int, str, str]:
    """Run ``python -m texas42`` with stdout and stderr on pseudo-terminals, as a user at a
    terminal would; return the exit status and what each terminal showed."""
    terminals = [pty.openpty(), pty.openpty()]
    shown = [bytearray(), bytearray()]

    def read(fd: int, into: bytearray) -> None:
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                return
            if not chunk:
                return
            into.extend(chunk)

    readers = [
        threading.Thread(target=read, args=(master, into), daemon=True)
        for (master, _), into in zip(terminals, shown, strict=True)
    ]
    for reader in readers:
        reader.start()
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm"}
    process = subprocess.run(
        [sys.executable, "-m", "texas42", *args],
        stdin=subprocess.DEVNULL,
        stdout=terminals[0][1],
        stderr=terminals[1][1],
        env=env,
        timeout=600,
        check=False,
    )
    for _, slave in terminals:
        os.close(slave)
    for reader in readers:
        reader.join(timeout=10)
    for master, _ in terminals:
        os.close(master)
    return process.returncode, shown[0].decode(errors="replace"), shown[1].decode(errors="replace")


@pytest.mark.parametrize("as_json", [False, True], ids=["table", "json"])
def test_progress_bar_shows_on_a_terminal_except_with_json(as_json: bool) -> None:
    """A run of several seconds shows the bar on stderr when stdout is a terminal; with
    --json it never does."""
    flags = ["--json"] if as_json else []
    code, out, err = _run_in_terminal("analyze", *flags, "--deals", "600", "--seed", "3", ORDINARY)
    assert code == 0, (out, err)
    assert ("━" in err) is not as_json, err[-500:]
    assert ("fours" in out) and (out.lstrip().startswith("{") is as_json)


def test_deals_drawn_to_fit_an_auction_show_progress_on_a_terminal() -> None:
    """``deals --auction`` draws its deals with a progress bar on stderr, beside the
    acceptance line, when stdout is a terminal."""
    code, out, err = _run_in_terminal(
        "deals", "--auction", "pass 30 31", "-n", "60000", "--seed", "7", "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
    )
    assert code == 0, (out, err)
    assert "Drawing deals to fit the auction" in err and "━" in err, err[-500:]
    assert "acceptance" in err and out.count("6-6 6-5 6-4 6-2 5-5 4-4 3-1 /") == 60000


def test_a_strong_hand_s_table_keeps_its_cells_whole_in_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """With all seven sixes, racing adds the deals column and the odds read "100%": the
    table is too wide for 80 columns as built, so it is drawn without padding rather than
    with its cells cut short ("10…"); in a wider terminal it is drawn as built."""
    args = ("analyze", "--seed", "42", "--deals", "300", "--no-specials", "6-6 6-5 6-4 6-3 6-2 6-1 6-0")
    monkeypatch.setenv("COLUMNS", "80")
    narrow = invoke(*args).stdout
    assert "…" not in narrow
    row = next(line for line in narrow.splitlines() if line.strip().startswith("sixes"))
    assert row.split()[3:10] == ["100%"] * 7
    assert max(len(line) for line in narrow.splitlines()) <= 80
    monkeypatch.setenv("COLUMNS", "120")
    wide = invoke(*args).stdout
    assert " sixes        300  42.0±0.5  100%  100%" in wide


def test_the_points_histogram_stays_on_its_row_in_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """With racing's deals column the histogram wrapped onto a second line at 80 columns
    and lost its bar at 42; each trump's row is one line, the bar in it."""
    monkeypatch.setenv("COLUMNS", "80")
    args = ("analyze", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "--deals", "200", "--min-deals", "100", "--seed", "1")
    lines = [line.rstrip() for line in invoke(*args).stdout.splitlines()]
    table = lines[lines.index("Double-dummy") : lines.index("Double-dummy") + 15]
    rows = [line for line in table if line.split()[:1] and line.split()[0] in {d.label for d in Declaration}]
    assert len(rows) == 9 and all("│" in row and len(row) <= 80 for row in rows)
    assert sum(1 for line in table if "│" in line) == 10  # the heading and the nine rows, nothing wrapped
    # A "<50%" widens its column: the table is drawn tighter, not each row's bar at 42 cut off.
    args = ("analyze", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "--seed", "552412733", "--no-specials")
    lines = [line.rstrip() for line in invoke(*args).stdout.splitlines()]
    rows = [line for line in lines[: lines.index("Double-dummy") + 15] if "│" in line][1:]
    assert len(rows) == 9 and any("<50%" in row for row in rows)
    assert all(len(row) <= 80 and len(row.split("│")[1]) == 1 for row in rows), rows


def test_a_heading_too_wide_for_the_terminal_puts_its_phrase_on_a_line_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a nine-digit seed the heading is wider than 80 columns: the hand, then what the
    figures stand on, whole, rather than ``seed`` at a line's end and its number below."""
    hand = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
    monkeypatch.setenv("COLUMNS", "80")
    for seed, heading in (
        ("448063801", [f"Hand {hand}", "20 deals of the 21 unseen dominoes, seed 448063801"]),
        ("1", [f"Hand {hand}   20 deals of the 21 unseen dominoes, seed 1"]),
    ):
        lines = invoke("analyze", hand, "-n", "20", "-s", seed, "--no-specials").stdout.splitlines()
        assert [line.rstrip() for line in lines[: len(heading)]] == heading
        assert lines[len(heading)].startswith("Double-dummy")
    monkeypatch.setenv("COLUMNS", "120")
    first = invoke("analyze", hand, "-n", "20", "-s", "448063801", "--no-specials").stdout.splitlines()[0]
    assert first.rstrip() == f"Hand {hand}   20 deals of the 21 unseen dominoes, seed 448063801"


def test_a_trump_given_twice_is_an_error_and_one_hand_is_one(tmp_path: Path) -> None:
    """``--trump`` given twice is an error for ``analyze`` and ``bid``, as for ``compare``;
    a file of one hand says "1 hand"."""
    for command in ("analyze", "bid"):
        result = invoke(
            command, "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "-t", "sixes", "-t", "6", "-n", "20", "-s", "1"
        )
        assert (result.exit_code, result.stdout, result.stderr.strip()) == (
            2,
            "",
            "texas42: error: --trump given twice: sixes",
        )
    one = tmp_path / "one.txt"
    one.write_text("6-6 6-5 6-4 6-2 5-5 4-4 3-1\n")
    assert invoke("analyze", "--file", str(one), "-n", "20", "-s", "1").stdout.startswith(
        "1 hand, 20 deals each"
    )
    assert "1 hand, " in invoke("quick", "--file", str(one)).stdout


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("analyze", "No hands in the file.\n"),
        ("quick", "No hands in the file.\n"),
        ("solve", "No deals in the file.\n"),
    ],
)
def test_a_file_with_no_lines_to_read_says_so(command: str, said: str, tmp_path: Path) -> None:
    """An empty file, or one of comments only, is read the same way by every command."""
    for text in ("", "# nothing yet\n\n"):
        path = tmp_path / "empty.txt"
        path.write_text(text)
        result = invoke(command, "--file", str(path))
        assert (result.exit_code, result.stdout, result.stderr) == (0, said, "")
    assert invoke(command, "--file", str(path), "--json").stdout == ""


def test_a_bad_line_of_a_named_hands_file_names_the_file_too(tmp_path: Path, no_solving: None) -> None:
    """Read from a path, the error says which file the line is of (in the shell, whose
    own line numbers come first, the two would read alike otherwise)."""
    hands = tmp_path / "hands.txt"
    hands.write_text(f"a: {ORDINARY}\nb: 7-1 6-6\n")
    alone = invoke("analyze", "--file", str(hands))
    message = f"{hands}, line 2: not a domino: '7-1' (pips run from 0 to 6)"
    assert (alone.exit_code, alone.stdout, alone.stderr) == (2, "", f"texas42: error: {message}\n")
    shell = invoke("shell", input=f"quick '{ORDINARY}'\nanalyze --file {hands}\n")
    assert (shell.exit_code, shell.stdout, shell.stderr) == (2, "", f"texas42: error: line 2: {message}\n")


def test_the_footer_names_every_mark_bid_the_ladder_reaches() -> None:
    """Over a bid of 84 the ladder starts at 126: the footer says that it, like 42 and 84,
    needs all 42 points; below, 42 and 84 as ever."""
    hand = "6-6 6-5 6-4 6-3 6-2 6-1 6-0"
    over_84 = " ".join(invoke("bid", hand, "--auction", "84", "-n", "30", "-s", "1").stdout.split())
    assert "(double-dummy); 42, 84 and 126 need all 42 points." in over_84
    over_30 = " ".join(invoke("bid", hand, "--auction", "30", "-n", "30", "-s", "1").stdout.split())
    assert "(double-dummy); 42 and 84 need all 42 points." in over_30
