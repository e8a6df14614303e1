"""Byte-identical outputs: every command below must print exactly what it printed when
its golden file was recorded (stdout, stderr and exit status).

The golden files in ``tests/data/outputs/`` were recorded before the package was split
into layers (issue 12) and must not change unless a behaviour change is intended. Record
them again with ``TEXAS42_RECORD_OUTPUTS=1 pytest tests/test_outputs.py -m ''`` and
review the diff (a recorded test is skipped, not passed; the JSON documents of analyze,
bid and compare recorded before racing are never recorded again: their values must
stay). The README's own examples, at 1000 deals, are behind the ``slow`` marker.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from cli_runner import invoke
from texas42.engine import running
from texas42.io.summary import RESTS_ON
from texas42.rules import TOTAL_POINTS

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "data" / "outputs"
RECORD = os.environ.get("TEXAS42_RECORD_OUTPUTS") == "1"

DEAL = (
    "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
    "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
)
ORDINARY = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
DOUBLES5 = "6-6 5-5 4-4 3-3 2-2 6-1 4-1"
NELLO = "0-0 1-0 2-0 3-0 3-1 4-0 2-1"
NELLO_INSTEAD = "6-0 5-1 4-0 3-1 2-0 1-0 0-0"  # Nel-O expects more marks than its trump bid
PLAY_HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
# The README's worked example: the tricks before each of seat 0's turns.
_LINE = ("6-6 6-3 5-0 6-1", "6-5 5-4 4-3 6-0", "4-4 4-0 4-2 5-1", "3-1 5-3 3-0 3-2", "5-2 4-1 2-2 5-5")
WORKED = (
    "",
    *(" / ".join(_LINE[:n]) for n in (1, 2, 3)),
    " / ".join(_LINE[:4]) + " / 5-2 4-1 2-2",
    " / ".join(_LINE),
    " / ".join(_LINE) + " / 6-4 3-3 1-1 2-1",
)
# Files are named relative to tests/data, where the commands run, so the arguments are
# the same in any checkout.
HANDS = "../../examples/hands.txt"
DEALS_FILE = "deals.txt"

# name -> arguments. Small deal counts keep the default run fast.
FAST: dict[str, list[str]] = {
    "solve": ["solve", DEAL],
    "solve_line": ["solve", "--trump", "fives", "--bidder", "0", "--line", DEAL],
    "solve_json": ["solve", "--json", DEAL],
    "solve_json_line": ["solve", "--json", "--trump", "fives", "--bidder", "1", "--line", DEAL],
    "solve_trump_bidder": ["solve", "--trump", "sixes", "--bidder", "2", DEAL],
    "solve_nello_high": ["solve", "--nello-doubles", "high", DEAL],
    "solve_file_json": ["solve", "--json", "--no-specials", "--file", DEALS_FILE],
    "solve_file": ["solve", "--nello-doubles", "low", "--file", DEALS_FILE],
    "analyze": ["analyze", "--seed", "42", "--deals", "120", ORDINARY],
    "analyze_json": ["analyze", "--json", "--seed", "42", "--deals", "120", ORDINARY],
    "analyze_doubles_json": ["analyze", "--json", "--seed", "7", "--deals", "80", DOUBLES5],
    "analyze_doubles": ["analyze", "--seed", "7", "--deals", "80", DOUBLES5],
    "analyze_trumps": [
        "analyze",
        "--seed",
        "3",
        "--deals",
        "100",
        "--trump",
        "fours",
        "--trump",
        "6",
        "--confidence",
        "0.7",
        ORDINARY,
    ],
    "analyze_nello_low": [
        "analyze",
        "--json",
        "--seed",
        "5",
        "--deals",
        "80",
        "--nello-doubles",
        "low",
        NELLO,
    ],
    "analyze_no_specials": ["analyze", "--json", "--seed", "5", "--deals", "60", "--no-specials", ORDINARY],
    "analyze_file": ["analyze", "--file", HANDS, "--seed", "42", "--deals", "40"],
    "analyze_file_json": ["analyze", "--file", HANDS, "--seed", "42", "--deals", "40", "--json"],
    "analyze_file_csv": ["analyze", "--file", HANDS, "--seed", "42", "--deals", "40", "--csv"],
    "bid": ["bid", "--seed", "42", "--deals", "120", ORDINARY, "--auction", "pass 30 31", "--infer", "none"],
    "bid_json": [
        "bid",
        "--json",
        "--seed",
        "42",
        "--deals",
        "120",
        ORDINARY,
        "--auction",
        "pass 30 31",
        "--infer",
        "none",
    ],
    "bid_first": ["bid", "--json", "--seed", "1", "--deals", "80", ORDINARY],
    "bid_forced": [
        "bid",
        "--seed",
        "2",
        "--deals",
        "80",
        "6-1 5-2 4-0 3-1 2-0 6-3 5-1",
        "--auction",
        "pass pass pass",
        "--infer",
        "none",
    ],
    "bid_reshuffle": [
        "bid",
        "--json",
        "--seed",
        "2",
        "--deals",
        "80",
        "6-1 5-2 4-0 3-1 2-0 6-3 5-1",
        "--auction",
        "pass pass pass",
        "--infer",
        "none",
        "--all-pass",
        "reshuffle",
    ],
    "bid_partner": [
        "bid",
        "--json",
        "--seed",
        "4",
        "--deals",
        "80",
        ORDINARY,
        "--auction",
        "30 pass",
        "--infer",
        "none",
    ],
    "bid_partner_strong": [
        "bid",
        "--seed",
        "4",
        "--deals",
        "80",
        DOUBLES5,
        "--auction",
        "pass 30 pass",
        "--infer",
        "none",
    ],
    "bid_partner_holds": [
        "bid",
        "--seed",
        "4",
        "--deals",
        "60",
        ORDINARY,
        "--auction",
        "pass 33 pass",
        "--infer",
        "none",
    ],
    "bid_over_marks": [
        "bid",
        "--json",
        "--seed",
        "4",
        "--deals",
        "80",
        DOUBLES5,
        "--auction",
        "84",
        "--infer",
        "none",
    ],
    "bid_nello": [
        "bid",
        "--seed",
        "6",
        "--deals",
        "80",
        NELLO,
        "--nello-min-marks",
        "1",
        "--nello-doubles",
        "low",
    ],
    "bid_plunge": ["bid", "--json", "--seed", "8", "--deals", "60", "6-6 5-5 4-4 3-3 6-5 5-4 6-4"],
    "compare": ["compare", "--seed", "42", "--deals", "120", DOUBLES5, "doubles", "follow-me"],
    "compare_json": ["compare", "--json", "--seed", "42", "--deals", "120", DOUBLES5, "doubles", "follow-me"],
    "compare_three": [
        "compare",
        "--json",
        "--seed",
        "9",
        "--deals",
        "60",
        "--no-specials",
        ORDINARY,
        "fours",
        "nt",
        "5",
    ],
    "declare": ["declare", "--seed", "42", "--deals", "120", ORDINARY, "--auction", "30 34 pass pass"],
    "declare_json": [
        "declare",
        "--json",
        "--seed",
        "42",
        "--deals",
        "120",
        ORDINARY,
        "--auction",
        "30 34 pass pass",
    ],
    "declare_nello": ["declare", "--seed", "1", "--deals", "80", NELLO_INSTEAD, "--bid", "84"],
    "declare_double_dummy": [
        "declare",
        "--seed",
        "2",
        "--deals",
        "80",
        "--exhaustive",
        "--basis",
        "double-dummy",
        PLAY_HAND,
        "--auction",
        "pass pass pass 42",
    ],
    "declare_splash": [
        "declare",
        "--seed",
        "5",
        "--deals",
        "60",
        ORDINARY,
        "--auction",
        "pass splash pass pass",
    ],
    "error_domino": ["solve", "7-1 " + DEAL[4:]],
    "error_deal": ["solve", "6-4 5-5 / 1-1"],
    "error_trump": ["analyze", "--trump", "sevens", ORDINARY],
    "error_deals": ["analyze", "--deals", "0", ORDINARY],
    "error_seed": ["analyze", "--seed", "x", ORDINARY],
    "error_confidence": ["bid", "--confidence", "1.5", ORDINARY],
    "error_auction": ["bid", ORDINARY, "--auction", "30 30"],
    "error_auction_marks": ["bid", ORDINARY, "--auction", "126"],
    "error_hand": ["analyze", "6-4 5-5 5-2"],
    "error_compare": ["compare", ORDINARY, "sixes"],
    "error_compare_twice": ["compare", ORDINARY, "sixes", "6"],
    "error_compare_empty": ["compare", ORDINARY, "sixes", ""],
    "error_nello_doubles": ["solve", "--nello-doubles", "middle", DEAL],
    "error_min_marks": ["bid", "--nello-min-marks", "3", ORDINARY],
    "error_line": ["solve", "--line", DEAL],
    "error_threads": ["analyze", "--threads", "0", ORDINARY],
    # Recorded with issue 14 (constraints, deals, why): whole documents, new keys and all.
    "known_analyze_exact": [
        "analyze",
        "--deals",
        "100",
        "--trump",
        "fours",
        "--no-specials",
        "--holds",
        "2: 6-6 6-5 6-0 4-4 3-0",
        "--holds",
        "1: 6-2 6-1 5-4 5-1",
        "--lacks",
        "3: aces",
        ORDINARY,
    ],
    "known_analyze_why": [
        "analyze",
        "--seed",
        "3",
        "--deals",
        "60",
        "--no-specials",
        "--trump",
        "fours",
        "--lacks",
        "1: sixes",
        "--why",
        ORDINARY,
    ],
    "known_compare_json": [
        "compare",
        "--json",
        "--seed",
        "5",
        "--deals",
        "40",
        "--no-specials",
        "--holds",
        "2: 6-6",
        ORDINARY,
        "fours",
        "sixes",
    ],
    "known_bid": [
        "bid",
        "--seed",
        "2",
        "--deals",
        "40",
        "--lacks",
        "3: 6-6 5-4",
        ORDINARY,
        "--auction",
        "30",
        "--infer",
        "none",
    ],
    # Deals drawn to fit the auction (issue 18).
    "known_inferred_bid": ["bid", "--seed", "42", "--deals", "120", ORDINARY, "--auction", "pass 30"],
    "known_inferred_bid_json": ["bid", "--json", "--seed", "42", "--deals", "120", ORDINARY, "-a", "pass 30"],
    "known_inferred_analyze": [
        "analyze",
        "--json",
        "--seed",
        "5",
        "--deals",
        "60",
        "-a",
        "pass pass",
        ORDINARY,
    ],
    "known_inferred_compare": [
        "compare",
        "--seed",
        "42",
        "-n",
        "60",
        "-a",
        "30",
        DOUBLES5,
        "doubles",
        "follow-me",
    ],
    "known_inferred_noise": ["bid", "--seed", "3", "-n", "60", "-a", "30 pass", "--noise", "0.5", DOUBLES5],
    "known_inferred_rare": ["bid", "--seed", "1", "-a", "30 33 pass", ORDINARY],
    "known_inferred_rare_json": ["bid", "--seed", "1", "-a", "30 33 pass", "--json", ORDINARY],
    "known_inferred_impossible": [
        "bid",
        "--seed",
        "1",
        "-a",
        "84 126 168",
        "--noise",
        "0",
        "--deals",
        "100000",  # 5,000 deals take about 4.6 million candidates: within the cap
        ORDINARY,
    ],
    "known_deals": ["deals", "--seed", "7", "-n", "3", "--lacks", "1: sixes", ORDINARY],
    "known_deals_json": ["deals", "--seed", "7", "-n", "2", "--json", "--holds", "3: 6-6", ORDINARY],
    "known_deals_count": ["deals", "--count", "--holds", "2: 6-6 5-4", "--lacks", "1: 5", ORDINARY],
    "known_error_own": ["analyze", "--holds", "2: 6-4", ORDINARY],
    "known_error_twice": ["bid", "--holds", "2: 6-6", "--holds", "3: 66", ORDINARY],
    "known_error_seat": ["compare", "--lacks", "0: sixes", ORDINARY, "fours", "sixes"],
    # Racing at work: some trumps stop short of the deals, and say so.
    "known_analyze_racing": ["analyze", "--seed", "42", "--deals", "300", "--min-deals", "100", ORDINARY],
    "known_analyze_racing_json": [
        "analyze",
        "--json",
        "--seed",
        "42",
        "--deals",
        "300",
        "--min-deals",
        "100",
        ORDINARY,
    ],
    "known_bid_racing": [
        "bid",
        "--seed",
        "4",
        "--deals",
        "300",
        "--min-deals",
        "100",
        DOUBLES5,
        "-a",
        "pass 30",
        "--infer",
        "none",
    ],
    "known_compare_racing": [
        "compare",
        "--seed",
        "42",
        "--deals",
        "300",
        "--min-deals",
        "100",
        "--no-specials",
        ORDINARY,
        "4",
        "0",
        "6",
    ],
    "known_error_none": ["deals", "--lacks", "1: sixes", "--lacks", "2: 6", "--lacks", "3: 6-6", ORDINARY],
    # Recorded with issue 15 (play advice during the hand).
    "play_first_lead": ["play", PLAY_HAND, "--trump", "sixes", "--seed", "1", "--deals", "60"],
    "play_safety": [
        "play",
        PLAY_HAND,
        "-t",
        "sixes",
        "--bid",
        "34",
        "--tricks",
        WORKED[3],
        "-s",
        "1",
        "-n",
        "200",
    ],
    "play_json": [
        "play",
        PLAY_HAND,
        "-t",
        "sixes",
        "--bid",
        "34",
        "--tricks",
        WORKED[3],
        "-s",
        "1",
        "-n",
        "200",
        "--json",
    ],
    "play_defender": [
        "play",
        "5-4 5-2 4-2 3-3 3-2 2-1 1-1",
        "--trump",
        "fours",
        "--seat",
        "1",
        "--tricks",
        "4-4",
        "--seed",
        "3",
        "--deals",
        "60",
    ],
    "play_exact": ["play", PLAY_HAND, "-t", "sixes", "--bid", "34", "--tricks", WORKED[5]],
    "play_exact_json": [
        "play",
        PLAY_HAND,
        "-t",
        "sixes",
        "--bid",
        "42",
        "--tricks",
        WORKED[4],
        "--json",
        "-s",
        "1",
    ],
    "play_error_shown_out": [
        "play",
        "6-6 6-5 6-4 5-5 4-4 3-1 1-0",
        "--trump",
        "fours",
        "--tricks",
        "6-6 5-1 6-0 6-3 / 5-5 5-3 5-2 5-0 / 6-5 6-2",
    ],
    "play_error_turn": ["play", PLAY_HAND, "--trump", "sixes", "--tricks", "6-6 6-1"],
    "play_error_plunge": ["play", PLAY_HAND, "--trump", "plunge"],
    "play_sevens": [
        "play",
        "6-1 5-2 4-3 6-2 5-1 4-4 3-3",
        "--trump",
        "sevens",
        "--seed",
        "2",
        "--deals",
        "200",
    ],
    "play_nello_defender_json": [
        *["play", "5-4 5-2 4-2 3-3 3-2 2-1 1-1", "--trump", "nello", "--bidder", "3", "--tricks", "6-0"],
        *["--seed", "1", "--deals", "200", "--json", "--no-realistic"],
    ],
}

DOUBLE_DUMMY_BASIS = frozenset(
    name for name, args in FAST.items() if args[0] in ("analyze", "bid") and "error" not in name
)
"""Recorded before realistic odds were the default basis (issue 17): run with --basis
double-dummy, they print what they printed then (new keys aside)."""

# Recorded with issue 17: the default basis, realistic odds estimated by the calibration.
EARLY_3_1 = "6-6 6-3 5-0 6-1 / 3-1 5-3 3-0 3-2"
"""The worked example's hand leading the 3-1 before drawing the trumps, for ``review``."""
REVIEW_EARLY_3_1 = [
    "review",
    PLAY_HAND,
    "--trump",
    "sixes",
    "--bid",
    "34",
    "--tricks",
    EARLY_3_1,
    "--seed",
    "1",
]

REALISTIC: dict[str, list[str]] = {
    "realistic_analyze": ["analyze", "--seed", "42", "--deals", "120", ORDINARY],
    "realistic_analyze_json": ["analyze", "--json", "--seed", "42", "--deals", "120", ORDINARY],
    "realistic_analyze_strong": ["analyze", "--seed", "7", "--deals", "80", DOUBLES5],
    "realistic_analyze_nello_instead": ["analyze", "--seed", "1", NELLO_INSTEAD],
    "realistic_analyze_file": ["analyze", "--file", HANDS, "--seed", "42", "--deals", "40"],
    "realistic_analyze_file_csv": ["analyze", "--file", HANDS, "--seed", "42", "--deals", "40", "--csv"],
    "realistic_bid": ["bid", "--seed", "42", "--deals", "120", ORDINARY, "--auction", "pass 30 31"],
    "realistic_bid_json": [
        "bid",
        "--json",
        "--seed",
        "42",
        "--deals",
        "120",
        ORDINARY,
        "--auction",
        "pass 30 31",
    ],
    "realistic_bid_partner_holds": [
        "bid",
        "--seed",
        "4",
        "--deals",
        "60",
        ORDINARY,
        "--auction",
        "pass 33 pass",
    ],
    "realistic_play": [
        "play",
        "6-6 6-5 6-4 6-2 5-5 4-4 3-1",
        "--trump",
        "sixes",
        "--bid",
        "34",
        "--tricks",
        "6-6 6-1 6-0 6-3 / 6-5 5-1 3-0 5-3",
        "--seed",
        "1",
        "--deals",
        "200",
        "--realistic",
        "--realistic-deals",
        "30",
    ],
    "realistic_play_nello_json": [
        "play",
        "6-0 5-1 4-0 3-1 2-0 1-0 0-0",
        "--trump",
        "nello",
        "--seed",
        "1",
        "--deals",
        "200",
        "--realistic",
        "--realistic-deals",
        "20",
        "--json",
    ],
    "realistic_review": [*REVIEW_EARLY_3_1, "--deals", "200", "--realistic", "--realistic-deals", "20"],
    "realistic_declare": [
        "declare",
        "--seed",
        "3",
        "--deals",
        "80",
        NELLO_INSTEAD,
        "--auction",
        "pass 30 84 pass",
        "--realistic",
        "--realistic-deals",
        "12",
        "--worlds",
        "4",
    ],
    "realistic_error_basis": ["analyze", "--basis", "single-dummy", ORDINARY],
    "realistic_error_playouts": ["bid", "--realistic", "--basis", "double-dummy", ORDINARY],
}


def _worked_play(tricks: str, *more: str) -> list[str]:
    """``play`` at a turn of the README's worked example."""
    return ["play", PLAY_HAND, "--trump", "sixes", "--bid", "34", "--tricks", tricks, "--seed", "1", *more]


DEFENDING = ["play", "5-4 5-2 4-2 3-3 3-2 2-1 1-1", "--trump", "sixes", "--seat", "1", "--tricks", "6-6"]
"""Seat 1 to play to seat 0's 6-6 lead at sixes."""

NELLO_HAND = "6-0 5-1 4-0 3-1 2-0 1-0 0-0"
NELLO_TRICKS = "0-0 6-6 5-5 / 6-4 6-5 6-0 / 3-0 3-1 6-2 / 2-0"

# The README's examples as printed there (1000 deals where they do not say).
README: dict[str, list[str]] = {
    "readme_solve_nello_line": ["solve", "--trump", "nello", "--bidder", "2", "--line", DEAL],
    "readme_play_nello": ["play", NELLO_HAND, "--trump", "nello", "--seed", "1"],
    "readme_play_realistic": _worked_play(WORKED[2], "--realistic"),
    "readme_review_nello": [
        "review",
        NELLO_HAND,
        "--trump",
        "nello",
        "--tricks",
        NELLO_TRICKS,
        "--seed",
        "1",
    ],
    "readme_review_plunge": [
        "review",
        "6-4 6-3 6-2 6-1 6-0 5-4 2-2",
        "--trump",
        "sixes",
        "--auction",
        "pass pass 168 pass",
        "--tricks",
        "6-4 5-3 6-6 5-0 / 6-5 4-1 6-3 5-2 / 5-5 4-0 5-4 5-1 / 4-4 3-1 6-2 4-3 / 6-1 4-2 3-3 3-0 / "
        "6-0 3-2 2-1 2-0 / 2-2 1-1 1-0 0-0",
        "--deals",
        "300",
        "--seed",
        "1",
    ],
    "readme_analyze": ["analyze", "--seed", "42", ORDINARY],
    "readme_bid": ["bid", "--seed", "42", ORDINARY, "--auction", "pass 30 31"],
    "readme_compare": ["compare", "--seed", "42", DOUBLES5, "doubles", "follow-me"],
    "readme_declare": ["declare", "--seed", "42", ORDINARY, "--auction", "30 34 pass pass"],
    "readme_declare_nello": ["declare", "--seed", "1", NELLO_INSTEAD, "--auction", "pass 30 84 pass"],
    "readme_declare_json": ["declare", "--json", "--seed", "42", ORDINARY, "--bid", "34"],
    "readme_declare_realistic": [
        "declare",
        "--seed",
        "42",
        ORDINARY,
        "--auction",
        "30 34 pass pass",
        "--realistic",
    ],
    "readme_analyze_json": ["analyze", "--json", "--seed", "42", ORDINARY],
    "readme_bid_json": [
        "bid",
        "--json",
        "--seed",
        "42",
        ORDINARY,
        "--auction",
        "pass 30 31",
        "--infer",
        "none",
    ],
    "readme_compare_json": ["compare", "--json", "--seed", "42", DOUBLES5, "doubles", "follow-me"],
    "readme_hands_file": ["analyze", "--file", HANDS, "--seed", "42"],
    **{f"readme_play_{turn}": _worked_play(tricks) for turn, tricks in enumerate(WORKED, start=1)},
    "readme_play_safety": [
        "play",
        "6-3 5-5 5-3 4-0 3-3 3-0 1-1",
        "--trump",
        "treys",
        "--bid",
        "42",
        "--seed",
        "1",
    ],
    "readme_quick": ["quick", ORDINARY],
    "readme_quick_json": ["quick", "--json", ORDINARY],
    "readme_solve_json_line": ["solve", "--json", "--trump", "fives", "--line", DEAL],
    "readme_quick_nello": ["quick", "6-0 5-1 4-0 3-1 2-0 1-0 0-0"],
    "readme_quick_file": ["quick", "--file", HANDS],
    "readme_play_nello_auction": [
        "play",
        "6-6 6-4 5-5 5-3 4-4 3-2 2-2",
        "--trump",
        "nello",
        "--seat",
        "1",
        "--auction",
        "84 pass pass pass",
        "--tricks",
        "1-0",
        "--seed",
        "1",
    ],
    "readme_deals": [
        "deals",
        ORDINARY,
        "-n",
        "3",
        "--seed",
        "7",
        "--holds",
        "2: 5-4 5-3",
        "--lacks",
        "1: sixes",
    ],
    "readme_deals_count_given": [
        "deals",
        ORDINARY,
        "--holds",
        "2: 5-4 5-3",
        "--lacks",
        "1: sixes",
        "--count",
    ],
    "readme_deals_count": ["deals", ORDINARY, "--count"],
    "readme_why": [
        "analyze",
        ORDINARY,
        "--seed",
        "42",
        "--deals",
        "300",
        "--no-specials",
        "--why",
        "--lacks",
        "1: sixes",
    ],
    "readme_compare_why": [
        "compare",
        ORDINARY,
        "fours",
        "follow-me",
        "--seed",
        "42",
        "--deals",
        "300",
        "--no-specials",
        "--why",
        "--lacks",
        "1: sixes",
    ],
    "readme_play_no_deal_fits": ["play", PLAY_HAND, "--trump", "sixes", "--tricks", "6-6 5-1 3-0 2-0"],
    "readme_play_json": _worked_play(WORKED[3], "--deals", "200", "--json"),
    "readme_play_auction": [*DEFENDING, "--auction", "34 pass pass pass", "--seed", "1"],
    "readme_review": REVIEW_EARLY_3_1,
    "readme_review_declared": [
        "review",
        PLAY_HAND,
        "--trump",
        "sixes",
        "--auction",
        "30 34 pass pass",
        "--tricks",
        EARLY_3_1,
        "--seed",
        "1",
    ],
    "readme_review_realistic": [*REVIEW_EARLY_3_1, "--realistic"],
    "readme_play_auction_uniform": [*DEFENDING, "--bid", "34", "--seed", "1"],
    "readme_compare_realistic": [
        "compare",
        "--seed",
        "42",
        ORDINARY,
        "fours",
        "follow-me",
        "--realistic",
        "--realistic-deals",
        "100",
        "--no-specials",
    ],
}


NEW_KEYS = ("exact", "constraints", "why", "racing", "special_instead", "special_instead_bid")
"""Keys added to the JSON documents after the golden files were recorded (issues 14, 13;
analyze's special contract to bid instead, and its bid)."""
NEW_ROW_KEYS = {"trumps": "deals", "pairs": "deals", "ladder": "deals"}
"""Keys added to the rows of those lists (issue 13: each row's own number of deals)."""
CALIBRATED_SINCE = ("compare",)
"""Commands whose JSON gained the calibration's estimates since recording: ``"realistic"``
(``{"source": "calibrated", ...}``), and each trump's and special contract's
``"realistic"``."""


def _without_new_row_keys(document: dict[str, object], command: str) -> dict[str, object]:
    for key in ("recommendation", "advice"):  # issue 17: what the advice rests on
        advice = document.get(key)
        if isinstance(advice, dict) and "basis" in advice:
            assert advice.pop("basis") == "double-dummy"
    advice = document.get("advice")
    if command == "bid" and isinstance(advice, dict):  # the bids its reason weighs it against
        advice.pop("surer")
        advice.pop("close_call")
        for row in document["ladder"]:  # the check's interval
            assert isinstance(row, dict) and row.pop("make_confirmed_ci95") is not None
    for table, key in NEW_ROW_KEYS.items():
        rows = document.get(table)
        if isinstance(rows, list):
            assert all(row.pop(key) == document["deals"] for row in rows)
    if command in ("analyze", "compare"):  # the special contracts' own deals, added since
        specials = document.get("specials")
        assert isinstance(specials, list)
        assert all(special.pop("deals") == document["deals"] for special in specials)
    specials = document.get("specials")
    if command == "bid" and isinstance(specials, list):  # how Nel-O's doubles play, added since
        for special in specials:
            if special["contract"] == "nello":
                assert special.pop("doubles") == "own-suit"
            assert special.pop("deals") == document["deals"]  # the deals its odds rest on, since
    if command in CALIBRATED_SINCE:
        assert document.pop("realistic")["source"] == "calibrated"
        assert all(row.pop("realistic")["source"] == "calibrated" for row in document["trumps"])
        assert all(special.pop("realistic")["how"] == "calibrated" for special in document["specials"])
    return document


def _without_certain_intervals(document: dict[str, Any], recomputed: bool) -> dict[str, Any]:
    """An analysis without the points' interval of the trumps that took 42 points on every
    deal: recorded as 42 alone, it reaches below 42 since (the sample may have missed a
    deal that takes fewer). ``recomputed``: check that it does."""
    for row in document["trumps"]:
        if row["expected_points"] == TOTAL_POINTS:
            low, high = row.pop("expected_points_ci95")
            assert (low < high == TOTAL_POINTS) if recomputed else (low == high == TOTAL_POINTS)
    return document


def _without_recomputed(stdout: str, command: str, recomputed: bool) -> str:
    """The JSON lines of ``stdout`` without the values recomputed since recording: at
    ``compare``, each bid's ``difference_ci95`` (Newcombe's paired interval since, where a
    normal interval of the -1/0/1 differences was recorded). ``recomputed``: check that the
    new interval holds the difference, with a width. At ``bid``, the advice's reason names
    the basis of its double-dummy odds and their interval since it was recorded (``52%
    double-dummy (95% CI 45% to 59%)``): the words dropped, the figures kept."""
    if command == "bid" and recomputed:
        lines = []
        for line in stdout.splitlines(keepends=True):
            document = json.loads(line)
            reason = document["advice"]["reason"]
            assert "double-dummy" in reason
            reason = re.sub(r"(%(?: of the time)?) double-dummy", r"\1", reason)
            document["advice"]["reason"] = re.sub(r" \(95% CI [^()]+\)|; 95% CI [^();]+(?=\))", "", reason)
            lines.append(json.dumps(document) + "\n")
        return "".join(lines)
    if command == "analyze":
        return "".join(json.dumps(_without_certain_intervals(json.loads(line), recomputed)) + "\n"
                       for line in stdout.splitlines(keepends=True))  # fmt: skip
    if command != "compare":
        return stdout
    lines = []
    for line in stdout.splitlines(keepends=True):
        document = json.loads(line)
        for pair in document["pairs"]:
            for row in pair["make"].values():
                low, high = row.pop("difference_ci95")
                assert not recomputed or (low <= row["difference"] <= high and low < high)
        lines.append(json.dumps(document) + "\n")
    return "".join(lines)


def _without_new_keys(stdout: str, command: str) -> str:
    """The JSON lines of ``stdout`` with the keys added since recording dropped, each
    written again as ``json.dumps`` wrote it: the old document byte for byte if nothing
    else changed."""
    lines = []
    for line in stdout.splitlines(keepends=True):
        document = json.loads(line)
        assert isinstance(document, dict)
        assert document.get("exact") is False and "constraints" not in document
        kept = {k: v for k, v in document.items() if k not in NEW_KEYS}
        lines.append(json.dumps(_without_new_row_keys(kept, command)) + "\n")
    return "".join(lines)


@pytest.fixture(scope="module", autouse=True)
def compiled_kernels() -> None:
    """Load (on a first run, compile) every kernel before any command runs, so that the
    "compiling the solvers" notice never lands in a recorded stderr."""
    for kernels in (
        running.trump_kernels,
        running.line_kernels,
        running.nello_kernels,
        running.sevens_kernels,
        running.play_kernels,
    ):
        kernels()


def _without_new_columns(csv: str) -> str:
    """A CSV summary without its last eight columns, added since recording: ``basis``
    (issue 17), ``special`` and ``special_bid`` (the special contract to bid instead), then
    what the odds rest on (``io.summary.RESTS_ON``)."""
    lines = [line.rstrip("\r\n").rsplit(",", 8) for line in csv.splitlines(keepends=True)]
    assert lines[0][1:] == ["basis", "special", "special_bid", *RESTS_ON]
    assert all(line[1] == "double-dummy" for line in lines[1:])
    return "".join(line[0] + "\n" for line in lines)


def _check(name: str, args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(GOLDEN.parent)  # no texas42.toml or pyproject.toml with house rules here
    basis = ["--basis", "double-dummy"] if name in DOUBLE_DUMMY_BASIS else []
    result = invoke(*args, *basis)
    got = {"exit_code": result.exit_code, "stdout": result.stdout, "stderr": result.stderr}
    if basis and "--csv" in args:
        got["stdout"] = _without_new_columns(got["stdout"])
    path = GOLDEN / f"{name}.json"
    recorded_before = not name.startswith(("known_", "realistic_", "readme_"))
    kept_values = recorded_before and "--json" in args and args[0] in ("analyze", "bid", "compare")
    if RECORD and not kept_values:  # the documents recorded before racing are never recorded again
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"args": args, **got}, indent=1, ensure_ascii=False) + "\n")
        pytest.skip(f"recorded {path.name}: review the diff")
    want = json.loads(path.read_text())
    assert want["args"] == args
    assert got["exit_code"] == want["exit_code"]
    if kept_values and got["exit_code"] == 0:
        # Every key and value of the recorded document is unchanged, in the same order, but
        # the values recomputed since; only the new keys are added, after the others.
        assert got["stdout"] != want["stdout"]
        kept = _without_new_keys(got["stdout"], args[0])
        assert _without_recomputed(kept, args[0], True) == _without_recomputed(want["stdout"], args[0], False)
    else:
        assert got["stdout"] == want["stdout"]
    assert got["stderr"] == want["stderr"]


@pytest.mark.parametrize("name", sorted(FAST))
def test_output_is_unchanged(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _check(name, FAST[name], monkeypatch)


@pytest.mark.parametrize("name", sorted(REALISTIC))
def test_realistic_output_is_unchanged(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _check(name, REALISTIC[name], monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(README))
def test_readme_output_is_unchanged(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _check(name, README[name], monkeypatch)


def test_the_readme_quotes_the_special_contract_to_bid_instead() -> None:
    """The README's quote of analyze naming a special contract, as recorded."""
    golden = json.loads((GOLDEN / "realistic_analyze_nello_instead.json").read_text())
    recorded = " ".join(golden["stdout"].split())
    readme = " ".join((ROOT / "README.md").read_text().split())
    command = r"`texas42 analyze \"([^\"]+)\" --seed 1`"
    quoted = re.search(r"`(Bid Nel-O \(84\) instead: [^`]*)` for " + command, readme)
    assert quoted is not None and quoted[2] == NELLO_INSTEAD
    head, tail = quoted[1].split(" ..., ")
    assert head in recorded and tail in recorded


def test_hands_file_example_matches_the_readme_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """examples/hands.out.txt is the recorded text of ``analyze --file examples/hands.txt``,
    and the README shows it."""
    recorded = json.loads((GOLDEN / "readme_hands_file.json").read_text())["stdout"]
    assert recorded == (ROOT / "examples" / "hands.out.txt").read_text()
    assert "```text\n" + recorded + "```" in (ROOT / "README.md").read_text()


def _same_command(args: list[str]) -> tuple[str, ...]:
    """The arguments in an order-free form, an empty ``--tricks`` (none) left out, the
    example files named from the repository's root."""
    args = [a.replace(HANDS, "examples/hands.txt") for a in args]
    pairs = [args[i : i + 2] for i in range(len(args) - 1)]
    if ["--tricks", ""] in pairs:
        i = pairs.index(["--tricks", ""])
        args = args[:i] + args[i + 2 :]
    return tuple(sorted(args))


def _text_blocks(markdown: str) -> list[str]:
    """The fenced blocks marked ``text`` or not marked at all."""
    blocks: list[str] = []
    fence: str | None = None  # the opening line of the block being read
    lines: list[str] = []
    for line in markdown.splitlines(keepends=True):
        if not line.startswith("```"):
            lines.append(line)
        elif fence is None:
            fence, lines = line.strip(), []
        else:
            if fence in ("```", "```text"):
                blocks.append("".join(lines))
            fence = None
    return blocks


def test_the_readme_shows_its_examples_as_recorded() -> None:
    """Every ``$ texas42 ...`` example of the README's text blocks that has a recorded
    output shows that output, stdout then stderr (line ends aside); an excerpt (with
    ``...`` lines) shows lines of it in order."""
    recorded = {}
    for path in GOLDEN.glob("*.json"):
        golden = json.loads(path.read_text())
        printed = golden["stdout"] + golden["stderr"]
        recorded[_same_command(golden["args"])] = [line.rstrip() for line in printed.splitlines()]
    examples = [
        example.split("\n", 1)
        for block in _text_blocks((ROOT / "README.md").read_text())
        for example in re.split(r"^\$ texas42 ", block, flags=re.M)[1:]
    ]
    checked = 0
    for command, body in examples:
        if "|" in command:
            continue
        printed = recorded.get(_same_command(shlex.split(command)))
        if printed is None:
            continue
        shown = [line.rstrip() for line in body.splitlines()]
        if "..." in shown:
            rest = iter(printed)
            assert all(line in rest for line in shown if line != "..."), command
        else:
            assert shown == printed, command
        checked += 1
    assert checked >= 12


def test_the_readme_s_play_json_is_as_recorded() -> None:
    """The README's ``play --json`` example, spread out there, is the recorded document."""
    readme = (ROOT / "README.md").read_text()
    shown = readme.split("`texas42 play --json` prints one object", 1)[1].split("```json\n", 1)[1]
    recorded = json.loads((GOLDEN / "readme_play_json.json").read_text())["stdout"]
    assert json.loads(shown.split("```", 1)[0]) == json.loads(recorded)


def _excerpt_matches(shown: Any, printed: Any) -> bool:
    """Whether ``shown``, an excerpt of a JSON document, holds only what ``printed`` holds:
    a ``"..."`` key, or a string beginning with ``...``, stands for what was left out; a
    list's other items are found in order."""
    if isinstance(shown, str) and shown.startswith("..."):
        return True
    if isinstance(shown, dict):
        return isinstance(printed, dict) and all(
            key == "..." or (key in printed and _excerpt_matches(value, printed[key]))
            for key, value in shown.items()
        )
    if isinstance(shown, list):
        rest = iter(printed) if isinstance(printed, list) else iter(())
        kept = [item for item in shown if not (isinstance(item, str) and item.startswith("..."))]
        return isinstance(printed, list) and all(any(_excerpt_matches(i, p) for p in rest) for i in kept)
    return bool(shown == printed)


def test_the_readme_s_json_excerpts_are_as_recorded() -> None:
    """The README's JSON examples of solve, analyze and quick hold the recorded values."""
    blocks = re.findall(r"```json\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    names = ["readme_solve_json_line", "readme_analyze_json", "readme_quick_json"]
    assert len(blocks) >= len(names)
    for block, name in zip(blocks, names, strict=False):
        printed = json.loads(json.loads((GOLDEN / f"{name}.json").read_text())["stdout"])
        assert _excerpt_matches(json.loads(block), printed), name
    assert not _excerpt_matches({"a": [1, "...", 3]}, {"a": [3, 1]})
    assert not _excerpt_matches({"a": {"b": 0.0429}}, {"a": {"b": 0.042, "c": 1}})
