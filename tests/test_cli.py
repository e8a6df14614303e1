"""The ``texas42`` command line, driven through Typer's CliRunner.

Expected values come from the double-dummy vectors of tests/data/dd_public.jsonl (an
independent solver):
each deal below was solved there for the nine declarations with one leader.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import typer
from typer.testing import Result

import texas42
from cli_runner import invoke
from texas42 import cli, engine, rules
from texas42.cli.app import check_single_values
from texas42.cli.progress import ProgressBar, wants_progress
from texas42.cli.terminal import TrimmedLines
from texas42.errors import UsageError
from texas42.report.wording import signed

HAND7 = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
LABELS = ["blanks", "aces", "deuces", "treys", "fours", "fives", "sixes", "doubles", "follow-me"]

DEAL_A = (
    "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
    "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
)
# Bidder 0's team's points in DEAL_A, per declaration.
DEAL_A_BIDDER0 = {
    "blanks": 42,
    "aces": 28,
    "deuces": 42,
    "treys": 39,
    "fours": 42,
    "fives": 11,
    "sixes": 28,
    "doubles": 23,
    "follow-me": 42,
}
# Nel-O (doubles own suit; with doubles high: no bidder) and sevens (tricks) per bidder
# in DEAL_A, from the slow reference of tests/naive.py.
DEAL_A_NELLO = [0, 0, 1, 0]
DEAL_A_SEVENS = [4, 3, 4, 3]
# The same deal written low end first, two-digit and comma-separated.
DEAL_A_MIXED = (
    "46,55,25,34,24,23,13 / 66 56 26 16 45 15 05 / 0-6 4-4 0-3 2-2 0-2 1-1 0-0 / 63 53 41 40 33 21 10"
)

DEAL_B = (
    "0-0 2-0 4-3 5-0 5-4 5-5 6-6 / 1-0 2-1 3-1 4-4 5-3 6-2 6-5 / "
    "3-2 3-3 4-1 5-1 5-2 6-0 6-1 / 1-1 2-2 3-0 4-0 4-2 6-3 6-4"
)
DEAL_B_BIDDER1 = dict(zip(LABELS, [17, 8, 35, 31, 35, 23, 35, 28, 24], strict=True))

DEAL_C = (
    "3-2 3-3 4-0 5-3 6-0 6-3 6-4 / 4-1 4-2 5-0 5-4 5-5 6-2 6-6 / "
    "0-0 1-1 2-0 2-1 3-1 5-1 6-1 / 1-0 2-2 3-0 4-3 4-4 5-2 6-5"
)
DEAL_C_BIDDER2 = dict(zip(LABELS, [31, 41, 22, 41, 17, 16, 34, 7, 30], strict=True))


def table_rows(output: str) -> dict[str, list[int]]:
    """The rows of the values table in Rich output: label -> four ints."""
    rows: dict[str, list[int]] = {}
    for line in output.splitlines():
        match = re.match(r"^\W*(" + "|".join(LABELS) + r")\W+(\d+)\W+(\d+)\W+(\d+)\W+(\d+)\W*$", line)
        if match:
            rows[match[1]] = [int(match[i]) for i in range(2, 6)]
    return rows


@pytest.fixture(scope="module")
def json_a() -> dict[str, Any]:
    result = invoke("solve", "--json", DEAL_A)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    obj: dict[str, Any] = json.loads(lines[0])
    return obj


# --- Help and version ---------------------------------------------------------


def test_help_explains_notation_and_has_an_example() -> None:
    result = invoke("--help")
    assert result.exit_code == 0
    text = result.stdout
    for needle in ("6-4", "4-6", "64", "46", "/", "seat 0", "partners", "texas42 solve", "follow-me"):
        assert needle in text
    assert "solve" in text


def test_solve_help_has_examples() -> None:
    result = invoke("solve", "--help")
    assert result.exit_code == 0
    text = result.stdout
    assert 'texas42 solve "' in text
    for option in ("--trump", "--bidder", "--line", "--file", "--json", "--threads"):
        assert option in text


def test_version() -> None:
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"texas42 {texas42.__version__}"


def test_python_m_texas42_exits_with_the_commands_status() -> None:
    """The real entry point (``main``), in a process of its own."""
    ok = subprocess.run([sys.executable, "-m", "texas42", "--version"], capture_output=True, text=True)
    assert (ok.returncode, ok.stdout.strip()) == (0, f"texas42 {texas42.__version__}")
    hand = "6-6 9-9 5-5 4-4 3-3 2-2 1-1"
    bad = subprocess.run([sys.executable, "-m", "texas42", "analyze", hand], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "9-9" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_that_cannot_be_written_is_one_line_not_a_traceback() -> None:
    """A full disk is told in one line (status 1); a closed stdout just loses the output."""
    command = [sys.executable, "-m", "texas42", "quick", "6-4 5-5 5-2 4-3 4-2 3-2 3-1"]
    with open("/dev/full", "w") as full:
        failed = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True)
    assert failed.returncode == 1
    assert failed.stderr == "texas42: error: cannot write the output: No space left on device\n"
    closed = subprocess.run(
        [*command, "--json"], stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1)
    )
    assert (closed.returncode, closed.stderr) == (0, "")


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["play", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "-t", "sixes", "--trump", "fives"], "--trump"),
        (["quick", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "--basis=double-dummy", "--basis", "realistic"], "--basis"),
        (["analyze", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "-n20", "--deals", "30"], "--deals"),
        (["bid", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "--seed", "-1", "-s", "2"], "--seed"),
    ],
)
def test_an_option_of_one_value_given_twice_is_refused(args: list[str], option: str) -> None:
    """Click would keep the last value silently."""
    result = invoke(*args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"texas42: error: {option} given twice: give it once\n"


@pytest.mark.parametrize(
    ("args", "word", "named"),
    [
        (["analyze", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "--trump", "nello"], "nello", "Nel-O"),
        (["bid", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "-t", "Sevens"], "Sevens", "sevens"),
        (["compare", "6-4 5-5 5-2 4-3 4-2 3-2 3-1", "sixes", "splash"], "splash", "splash"),
    ],
)
def test_a_special_contract_where_a_trump_is_wanted_is_told_apart_from_a_typo(
    args: list[str], word: str, named: str
) -> None:
    trumps = "blanks, aces, deuces, treys, fours, fives, sixes, doubles, follow-me"
    result = invoke(*args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"texas42: error: {word!r}: {named} is a special contract, not a trump: the special contracts "
        f"are weighed beside the trumps (--no-specials leaves them out); the trumps are {trumps}\n"
    )
    typo = invoke(*[a if a != word else "spades" for a in args])
    assert typo.stderr == f"texas42: error: unknown declaration: 'spades' (one of {trumps})\n"


def test_a_value_that_looks_like_an_option_is_a_value() -> None:
    """The word after an option is its value, even "-t": not the option given again; a
    repeated flag is harmless, and so is anything after "--"."""
    play = typer.main.get_command(cli.app).commands["play"].params  # type: ignore[attr-defined]
    check_single_values(play, ["HAND", "--tricks", "-t", "-t", "sixes", "--json", "--json"])
    with pytest.raises(UsageError, match="--trump given twice"):
        check_single_values(play, ["HAND", "-t", "5", "--trump=6"])
    check_single_values(play, ["HAND", "-t", "5", "--", "-t"])
    analyze = typer.main.get_command(cli.app).commands["analyze"].params  # type: ignore[attr-defined]
    with pytest.raises(UsageError, match="--specials and --no-specials given together: give one"):
        check_single_values(analyze, ["HAND", "--specials", "-t", "5", "--no-specials"])
    check_single_values(analyze, ["HAND", "--no-specials", "--no-specials", "--seed", "1"])
    specials = invoke("quick", "--no-specials", "--specials", "6-4 5-5 5-2 4-3 4-2 3-2 3-1")
    assert (specials.exit_code, specials.stdout) == (2, "")
    assert specials.stderr == "texas42: error: --no-specials and --specials given together: give one\n"
    assert invoke("quick", "--json", "--json", "6-4 5-5 5-2 4-3 4-2 3-2 3-1").exit_code == 0


# --- The table ----------------------------------------------------------------


def test_table_output_shows_deal_and_values() -> None:
    result = invoke("solve", DEAL_A)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "6-4 5-5 5-2 4-3 4-2 3-2 3-1" in out
    assert "6-3 5-3 4-1 4-0 3-3 2-1 1-0" in out
    for seat in range(4):
        assert f"bidder {seat}" in out
    rows = table_rows(out)
    assert list(rows) == LABELS
    assert {label: row[0] for label, row in rows.items()} == DEAL_A_BIDDER0
    assert all(0 <= p <= 42 for row in rows.values() for p in row)


def test_any_notation_gives_the_same_values(json_a: dict[str, Any]) -> None:
    result = invoke("solve", "--json", "--threads", "1", DEAL_A_MIXED)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json_a


def test_trump_highlights_the_chosen_value() -> None:
    result = invoke("solve", "--trump", "fives", DEAL_A)
    assert result.exit_code == 0, result.output
    assert "Seat 0 declaring fives: the bidder's team takes 11 of 42 points." in result.stdout


# --- JSON ---------------------------------------------------------------------


def test_json_schema(json_a: dict[str, Any]) -> None:
    assert set(json_a) == {"hands", "table", "nello_doubles"}
    assert json_a["nello_doubles"] == "own-suit"
    hands = json_a["hands"]
    assert len(hands) == 4
    for hand in hands:
        assert len(hand) == 7
        assert all(isinstance(d, str) and re.fullmatch(r"[0-6]-[0-6]", d) for d in hand)
        assert all(int(d[0]) >= int(d[2]) for d in hand)
    assert hands[0] == ["6-4", "5-5", "5-2", "4-3", "4-2", "3-2", "3-1"]
    assert len({d for hand in hands for d in hand}) == 28
    table = json_a["table"]
    assert list(table) == [*LABELS, "nello", "sevens"]
    for row in table.values():
        assert len(row) == 4
        assert all(isinstance(p, int) and 0 <= p <= 42 for p in row)
    assert {label: table[label][0] for label in LABELS} == DEAL_A_BIDDER0
    assert table["nello"] == DEAL_A_NELLO and table["sevens"] == DEAL_A_SEVENS


# --- Lines of play ------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "bidder", "value", "unit"),
    [("fives", "2", 18, "points"), ("nello", "2", 1, "made"), ("sevens", "1", 3, "tricks")],
)
def test_json_names_the_trump_given_and_its_value(trump: str, bidder: str, value: int, unit: str) -> None:
    """``--trump`` without ``--line`` is not lost in JSON: the declaration, the bidder and
    the table's entry for them (the sentence under the text's table), with what it counts."""
    obj = json.loads(invoke("solve", "--json", "--trump", trump, "--bidder", bidder, DEAL_A).stdout)
    assert (obj["trump"], obj["bidder"], obj["value"], obj["unit"]) == (trump, int(bidder), value, unit)
    assert "line" not in obj and obj["table"][trump][int(bidder)] == value
    assert not {"trump", "bidder", "value", "unit"} & set(
        json.loads(invoke("solve", "--json", DEAL_A).stdout)
    )


@pytest.mark.parametrize(("trump", "bidder"), [("fives", "0"), ("doubles", "3")])
def test_json_line_adds_up_to_the_table_value(trump: str, bidder: str) -> None:
    result = invoke("solve", "--json", "--trump", trump, "--bidder", bidder, "--line", DEAL_A)
    assert result.exit_code == 0, result.output
    obj = json.loads(result.stdout)
    assert set(obj) == {"hands", "table", "trump", "bidder", "value", "unit", "line", "nello_doubles"}
    assert (obj["trump"], obj["bidder"], obj["unit"]) == (trump, int(bidder), "points")
    assert obj["value"] == obj["table"][trump][int(bidder)]
    line = obj["line"]
    assert len(line) == 7
    seat = int(bidder)
    leader = seat
    played: set[str] = set()
    for trick in line:
        assert set(trick) == {"plays", "winner", "points"}
        seats = [s for s, _ in trick["plays"]]
        assert seats == [(leader + i) % 4 for i in range(4)]
        played.update(d for _, d in trick["plays"])
        leader = trick["winner"]
    assert len(played) == 28
    assert sum(t["points"] for t in line) == 42
    won = sum(t["points"] for t in line if t["winner"] % 2 == seat % 2)
    assert won == obj["table"][trump][seat]


def test_rich_line_shows_seven_tricks_and_running_score() -> None:
    result = invoke("solve", "--trump", "fives", "--line", DEAL_A)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Optimal line: fives, seat 0 bids and leads" in out
    tricks = [line for line in out.splitlines() if re.match(r"^\W*[1-7]\W+[0-3]\W+\d-\d", line)]
    assert len(tricks) == 7
    last = re.findall(r"\d+", tricks[-1].split("│")[-3] + " " + tricks[-1].split("│")[-2])
    assert [int(x) for x in last] == [11, 31]
    assert "takes 11 of 42 points" in out


def test_line_requires_trump(no_solving: None) -> None:
    result = invoke("solve", "--line", DEAL_A)
    assert result.exit_code == 2
    assert "--line needs --trump" in result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.output


# --- Files and stdin ----------------------------------------------------------

GOOD_FILE = f"""# three deals
{DEAL_A}   # trailing comment

{DEAL_B}
   # indented comment
{DEAL_C}
"""


def _check_three(stdout: str) -> None:
    objs = [json.loads(line) for line in stdout.splitlines()]
    assert len(objs) == 3
    assert {k: objs[0]["table"][k][0] for k in LABELS} == DEAL_A_BIDDER0
    assert {k: objs[1]["table"][k][1] for k in LABELS} == DEAL_B_BIDDER1
    assert {k: objs[2]["table"][k][2] for k in LABELS} == DEAL_C_BIDDER2
    # The special contracts' rows, solved in the same batches, match the engine's values.
    for obj in objs:
        hands = np.array([rules.parse_deal(" / ".join(" ".join(h) for h in obj["hands"])).masks] * 4)
        assert obj["table"]["nello"] == engine.solve_nello(hands, np.arange(4)).values.tolist()
        assert obj["table"]["sevens"] == engine.solve_sevens(hands, np.arange(4)).values.tolist()


def test_file_json_lines_in_input_order_across_batches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli.solve, "DEFAULT_BATCH_DEALS", 2)
    path = tmp_path / "deals.txt"
    path.write_text(GOOD_FILE)
    result = invoke("solve", "--json", "--file", str(path))
    assert result.exit_code == 0, result.output
    _check_three(result.stdout)


def test_an_interrupted_file_keeps_the_deals_solved_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli.solve, "DEFAULT_BATCH_DEALS", 1)
    real, calls = cli.solve.solve_chunk, []

    def interrupted(*args: Any) -> Any:
        calls.append(args)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(cli.solve, "solve_chunk", interrupted)
    result = invoke("solve", "--json", "--file", "-", input=GOOD_FILE)
    assert result.exit_code == 130 and len(result.stdout.splitlines()) == 2
    assert result.stderr == "texas42: interrupted after 2 of 3 deals\n"


def test_stdin_file() -> None:
    result = invoke("solve", "--json", "--file", "-", input=GOOD_FILE)
    assert result.exit_code == 0, result.output
    _check_three(result.stdout)


def test_file_rich_output_names_lines() -> None:
    result = invoke("solve", "-f", "-", input=f"# one deal\n{DEAL_B}\n")
    assert result.exit_code == 0, result.output
    assert "Deal 1 (line 2)" in result.stdout
    rows = table_rows(result.stdout)
    assert {k: v[1] for k, v in rows.items()} == DEAL_B_BIDDER1


def test_file_with_bad_lines_reports_every_one_and_solves_nothing(tmp_path: Path, no_solving: None) -> None:
    bad_dup = DEAL_B.replace("1-0", "6-6")
    text = "\n".join(
        [
            DEAL_A,  # 1: good
            "# comment",  # 2
            DEAL_A.replace("6-4", "7-1"),  # 3: bad pip
            "",  # 4
            bad_dup,  # 5: same domino in two hands
            DEAL_C + " # fine",  # 6: good
            "6-4 5-5 / 1-1",  # 7: bad
        ]
    )
    path = tmp_path / "deals.txt"
    path.write_text(text + "\n")
    result = invoke("solve", "--file", str(path))
    assert result.exit_code == 2
    assert result.stdout == ""
    errors = result.stderr.splitlines()
    where = re.escape(f"texas42: error: {path}, line ")
    assert [re.findall(rf"^{where}(\d+): ", e) for e in errors] == [["3"], ["5"], ["7"]]
    assert "7-1" in errors[0]
    assert "6-6" in errors[1]
    assert "Traceback" not in result.output


def test_missing_file() -> None:
    result = invoke("solve", "--file", "/nonexistent/deals.txt")
    assert result.exit_code == 2
    assert result.stderr.startswith("texas42: error: cannot read /nonexistent/deals.txt")


def test_deal_and_file_together_is_a_usage_error(no_solving: None) -> None:
    result = invoke("solve", "--file", "-", DEAL_A, input=DEAL_A)
    assert result.exit_code == 2
    assert result.stdout == ""


# --- Bad input ----------------------------------------------------------------


def _replace_in_hand(seat: int, old: str, new: str) -> str:
    hands = DEAL_A.split("/")
    assert old in hands[seat]
    hands[seat] = hands[seat].replace(old, new, 1)
    return "/".join(hands)


BAD_DEALS = {
    "pip above 6": (_replace_in_hand(0, "6-4", "7-1"), "7-1"),
    "malformed token": (_replace_in_hand(0, "6-4", "6x"), "6x"),
    "duplicate within a hand": (_replace_in_hand(0, "5-5", "46"), "46"),
    "same domino in two hands": (_replace_in_hand(1, "5-0", "6-4"), "6-4"),
    "six dominoes": (_replace_in_hand(2, "0-0", ""), "got 6"),
    "eight dominoes": (
        "6-4 5-5 5-2 4-3 4-2 3-2 3-1 6-6 / 6-5 6-2 6-1 5-4 5-1 5-0 / "
        "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0",
        "got 8",
    ),
    "three hands": (DEAL_A.rsplit("/", 1)[0], "got 3"),
}


@pytest.mark.parametrize("case", list(BAD_DEALS), ids=list(BAD_DEALS))
def test_bad_deal(case: str, no_solving: None) -> None:
    deal, token = BAD_DEALS[case]
    result = invoke("solve", deal)
    _check_error(result, token)


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (["--trump", "spades"], "unknown trump or contract: 'spades'"),
        (["--trump", "plunge", "--line"], "a plunge is played at the trump the partner names"),
        (
            ["--trump", "nello", "--no-specials"],
            "--trump nello needs the special contracts: not with --no-specials",
        ),
        (["--trump", "sixes", "--bidder", "4"], "--bidder: not a seat: '4'"),
        (["--trump", "sixes", "--bidder", "north"], "not a seat: 'north'"),
        (["--threads", "0"], "--threads must be at least 1, got 0"),
    ],
)
def test_bad_options(args: list[str], token: str, no_solving: None) -> None:
    result = invoke("solve", *args, DEAL_A)
    _check_error(result, token)


def _check_error(result: Result, token: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("texas42: error: ")
    assert token in lines[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyze", "--foo", "1"], "texas42: error: No such option: --foo"),
        (["--foo"], "texas42: error: No such option: --foo; see 'texas42 --help'"),
        (["analyze", "--deals"], "texas42: error: Option '--deals' requires an argument"),
        (["bid", "6-4", "--auction"], "texas42: error: Option '--auction' requires an argument"),
        (["hint"], "texas42: error: No such command 'hint'; see 'texas42 --help'"),
        (
            ["analyse"],
            "texas42: error: No such command 'analyse'. Did you mean 'analyze'? See 'texas42 --help'",
        ),
        (
            ["quick", "-c", "0_5"],
            "texas42: error: --confidence needs a number above 0 and at most 1, got '0_5'",
        ),
        (["quick", "-c", "\uff10.\uff15"], "texas42: error: --confidence needs a number above 0"),
        (
            ["analyze", "--file", "x.txt", "--cluster", "local:99999"],
            "texas42: error: --cluster local:N needs",
        ),
        (
            ["analyze", HAND7, "--csv", "--why"],
            "texas42: error: --why and --bid show",
        ),
        (["analyze", "-f", "x.txt", "--bid", "30"], "texas42: error: --why and --bid show in one hand's"),
        (
            ["deals", HAND7, "--count", "-n", "5"],
            "texas42: error: --count counts every",
        ),
        (
            ["deals", HAND7, "--count", "-s", "3"],
            "texas42: error: --count counts every",
        ),
        (
            ["analyze", HAND7, "--min-deals", "99999999999999999999999"],
            "texas42: error: --min-deals: the number of deals must be at most 1,000,000",
        ),
        (
            ["analyze", HAND7, "--realistic", "--realistic-deals", "1000001"],
            "texas42: error: --realistic-deals: the deals to play out must be at most 1,000,000",
        ),
        (
            ["play", HAND7, "-t", "fours", "--realistic", "--realistic-deals", "1000001"],
            "texas42: error: --realistic-deals: the deals to play out must be at most 1,000,000",
        ),
        (
            ["analyze", HAND7, "-n", "100", "--realistic", "--realistic-deals", "300"],
            "texas42: error: --realistic-deals 300: the deals played out are the first of the sample, "
            "which has 100",
        ),
        (
            ["declare", HAND7, "--bid", "30", "-n", "100", "--realistic", "--realistic-deals", "101"],
            "texas42: error: --realistic-deals 101: the deals played out are the first of the sample",
        ),
        (
            ["follow", HAND7, "-p", "1", "-n", "50", "--realistic", "--realistic-deals", "60"],
            "texas42: error: --realistic-deals 60: the deals played out are the first of each question's 50",
        ),
        (["analyze", HAND7, "--why", "--json"], "texas42: error: --why: the JSON always holds the why"),
        (["compare", HAND7, "fours", "sixes", "--why", "--json"], "texas42: error: --why: the JSON always"),
        (
            ["deals", HAND7, "--no-specials"],
            "texas42: error: --no-specials: only with --auction, whose bidders weigh the special contracts",
        ),
        (
            ["deals", HAND7, "--nello-doubles", "high", "--nello-min-marks", "1"],
            "texas42: error: --nello-doubles, --nello-min-marks: only with --auction",
        ),
        (
            ["play", HAND7, "-t", "sixes", "--nello-doubles", "low"],
            "texas42: error: --nello-doubles: only with the whole --auction or at --trump nello",
        ),
        (
            ["review", HAND7, "-t", "sixes", "--tricks", "6-4", "--nello-min-marks", "1"],
            "texas42: error: --nello-min-marks: only with the whole --auction or at --trump nello",
        ),
        (
            ["review", HAND7, "-t", "sixes", "--tricks", "6-4", "--specials"],
            "texas42: error: --specials: only with the whole --auction or at Nel-O and sevens",
        ),
        (
            ["bid", HAND7, "-a", "30", "--all-pass", "reshuffle"],
            'texas42: error: --all-pass: only as the shaker after three passes (--auction "pass pass pass")',
        ),
        (
            ["analyze", HAND7, "--out", "x.txt"],
            "texas42: error: --cluster, --out and --resume go with --file",
        ),
        (["analyze", HAND7, "--cluster", "local:1"], "texas42: error: --cluster, --out and --resume go with"),
        (["analyze", "--file", "-", "--resume"], "texas42: error: --resume needs --out PATH"),
        (["analyze", "--file", "-", "--out", "-"], "texas42: error: --out takes a file's path"),
        (["solve", DEAL_A, "--cluster", "local:1"], "texas42: error: --cluster goes with --file PATH"),
    ],
)
def test_usage_errors_are_one_line(args: list[str], message: str, no_solving: None) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(message)


def test_an_output_file_must_be_a_regular_file(tmp_path: Path, no_solving: None) -> None:
    """A device or a pipe cannot be cut back and resumed: refused before anything is made
    (``/dev/null.texas42.sums`` was made, and the truncation failed with a traceback)."""
    hands = tmp_path / "hands.txt"
    hands.write_text(HAND7 + "\n")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for out in ("/dev/null", str(pipe), str(tmp_path)):
        result = invoke("analyze", "-f", str(hands), "--json", "--out", out)
        _check_error(result, f"--out: {out} is not a regular file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.txt", "pipe"]
    assert not os.path.exists("/dev/null.texas42.sums")


def test_columns_too_narrow_to_lay_out_are_not_taken() -> None:
    """$COLUMNS of 0 printed nothing, and 1 a character a line: below 40 it is not taken."""
    for columns in ("0", "1", "x"):
        done = subprocess.run(
            [sys.executable, "-m", "texas42", "quick", HAND7],
            env={**os.environ, "COLUMNS": columns},
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0 and done.stdout.splitlines()[0].startswith(
            "Hand 6-6 6-5 6-4 6-2 5-5 4-4 3-1"
        )
        assert max(len(line) for line in done.stdout.splitlines()) > 60


def test_no_arguments_shows_the_help() -> None:
    result = invoke()
    assert result.exit_code == 2
    assert "Usage: texas42 [OPTIONS] COMMAND [ARGS]..." in result.stderr
    assert "Commands:" in result.stderr


class _Stream(io.StringIO):
    def __init__(self, terminal: bool) -> None:
        super().__init__()
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


@pytest.mark.parametrize(
    ("stdout", "stderr", "machine_readable", "shown"),
    [
        (True, True, False, True),
        (True, False, False, False),  # stderr to a file: no bar (Rich would leave a newline there)
        (False, True, False, False),
        (True, True, True, False),  # --json or --csv
    ],
)
def test_a_progress_bar_needs_both_streams_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, stdout: bool, stderr: bool, machine_readable: bool, shown: bool
) -> None:
    monkeypatch.setattr(sys, "stdout", _Stream(stdout))
    monkeypatch.setattr(sys, "stderr", _Stream(stderr))
    assert wants_progress(machine_readable) is shown


def test_a_batch_s_rows_are_written_with_the_bar_off_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bar leaves stdout alone (no redirection: a batch's rows go to stdout, not through
    the bar's stderr console), and is taken off while a row is written, then drawn again:
    rows written beside a live bar were glued to it."""
    monkeypatch.setattr(ProgressBar, "DELAY", 0.0)
    stdout = sys.stdout
    with ProgressBar(True, "solving") as bar:
        bar.update(1, 4)
        assert bar.bar is not None and bar.bar.live.is_started
        assert sys.stdout is stdout
        with bar.hidden():
            assert not bar.bar.live.is_started
        assert bar.bar.live.is_started
    assert not bar.bar.live.is_started
    with ProgressBar(False, "solving") as off, off.hidden():
        assert off.bar is None


def test_the_help_says_which_commands_take_each_house_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The house-rules block of ``texas42 --help`` names, for each option, exactly the
    commands whose help lists it; its prose fits 80 columns (only examples may not)."""
    monkeypatch.setenv("COLUMNS", "80")
    text = invoke("--help").stdout
    block = text.split("House rules and settings:")[1].split("Commands:")[0]
    block, limited = re.subn(r"deals\s+\(with --auction\)", "deals", block)
    assert limited == 3  # the house rules of the others' bids
    entries = re.findall(r"(--[a-z-]+) [^\n]*?:\s+([a-z,\s]+?)(?=\n\s*--|\n\s*$)", block)
    assert len(entries) == 6
    commands = ["solve", "analyze", "bid", "declare", "compare", "quick", "play", "review", "follow", "deals"]
    for option, named in entries:
        listed = [c for c in commands if re.search(rf"{option}\b", invoke(c, "--help").stdout)]
        assert named.replace(",", " ").split() == listed, option


def test_help_is_not_a_command_and_review_needs_its_plays() -> None:
    for args, message in [
        (
            ["help"],
            "no command 'help': 'texas42 --help' lists the commands, 'texas42 COMMAND --help' explains one",
        ),
        (["help", "bid"], "'texas42 bid --help' explains one"),
        (
            ["review", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "-t", "sixes"],
            "give the plays to review: --tricks \"PLAYS\"; see 'texas42 review --help'",
        ),
    ]:
        result = invoke(*args)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr.startswith("texas42: error: ") and message in result.stderr


def test_a_bad_token_of_a_megabyte_is_named_by_its_start(no_solving: None) -> None:
    result = invoke("analyze", "--file", "-", input="a" * 1_000_000 + "\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("texas42: error: line 1: not a domino: 'aaaa")
    assert result.stderr.endswith("... (999,544 more characters)\n") and len(result.stderr) < 600


NARROW = {
    "analyze": (["6-4 5-5 5-2 4-3 4-2 3-2 3-1", "--why"], ["0%-", "marks", "real", "spread"]),
    "bid": (["6-4 5-5 5-2 4-3 4-2 3-2 3-1", "-a", "pass 30"], ["(DD)", "exp. marks"]),
    "play": (
        ["6-6 6-5 6-4 6-2 5-5 4-4 3-1", "-t", "sixes", "--tricks", "6-6 6-3 5-0 6-1 / 6-5 5-4 4-3 6-0"],
        ["seat 3", "1+3", "best in"],
    ),
}


@pytest.mark.parametrize("command", sorted(NARROW))
def test_a_narrow_terminal_wraps_the_notes_and_keeps_every_figure(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 60 columns the tables' figures are whole (Rich cut them, "38.9-39…", or dropped
    their columns, behind a note that would not wrap): the notes and headers wrap instead."""
    monkeypatch.setenv("COLUMNS", "60")
    args, figures = NARROW[command]
    text = invoke(command, *args, "-n", "60", "-s", "7").stdout
    assert "…" not in text
    assert all(figure in text for figure in figures), [f for f in figures if f not in text]
    assert max(len(line) for line in text.splitlines()) <= 60


def test_signed_figures_never_show_minus_zero() -> None:
    """Expected marks and mean differences print with a sign, but -0.001 is "+0.00"
    ("Expected marks -0.00" read as a loss that is not there)."""
    assert [signed(x) for x in (-0.001, -0.0, 0.0, 0.004, -0.006, 1.835, -2.0)] == [
        "+0.00", "+0.00", "+0.00", "+0.00", "-0.01", "+1.83", "-2.00",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("command", "what"), [("analyze", "a hand"), ("quick", "a hand"), ("solve", "a deal")]
)
def test_neither_input_nor_file_is_named_so(command: str, what: str) -> None:
    result = invoke(command)
    message = f"texas42: error: give {what} or --file PATH (one of them); see 'texas42 {command} --help'\n"
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", message)


def test_reports_to_a_file_or_a_pipe_end_their_lines_without_spaces() -> None:
    """Rich pads a table's title and rows to its width; a report on stdout that is not a
    terminal is written without those spaces, a line not yet ended (a prompt) as it is."""
    deal = (
        "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
        "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
    )
    for args in (["solve", deal], ["quick", "6-4 5-5 5-2 4-3 4-2 3-2 3-1"]):
        lines = invoke(*args).stdout.splitlines()
        assert len(lines) > 10 and not [line for line in lines if line.endswith(" ")]
        assert any(line.startswith(" ─") for line in lines)  # the tables are there, only trimmed
    stream = io.StringIO()
    trimmed = TrimmedLines(stream)
    trimmed.write("a table   \nits row  \n\nprompt> ")
    assert stream.getvalue() == "a table\nits row\n\n"
    trimmed.flush()
    assert stream.getvalue() == "a table\nits row\n\nprompt> "


def test_a_line_of_play_is_drawn_tighter_rather_than_cut_at_60_columns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``solve --line`` at 60 columns: its table of tricks loses its padding, not its
    cells (``6-…``) nor, silently, its last column."""
    monkeypatch.setenv("COLUMNS", "60")
    deal = (
        "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
        "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
    )
    lines = invoke("solve", "--trump", "fives", "--bidder", "0", "--line", deal).stdout.splitlines()
    table = lines[lines.index("Optimal line: fives, seat 0 bids and leads") :]
    assert "│trick│led│seat 0│seat 1│seat 2│seat 3│won│pts│0+2│1+3│" in table
    assert "│    7│  1│ 3-1  │ 5-0  │ 0-0  │ 1-0  │  1│  6│ 11│ 31│" in table
    assert all(len(line) <= 60 and "…" not in line for line in table)
