"""The public Python API: the README's example, run as written, and the API's contracts."""

from __future__ import annotations

import contextlib
import inspect
import io
import itertools
import json
import os
import re
import subprocess
import sys
import typing
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import texas42
from cli_runner import invoke
from texas42 import analysis, engine, errors, rules
from texas42.analysis import realistic
from texas42.cli.app import error_text

README = Path(__file__).resolve().parents[1] / "README.md"
HAND = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
DEAL = "64 55 52 43 42 32 31 / 66 65 62 61 54 51 50 / 60 44 30 22 20 11 00 / 63 53 41 40 33 21 10"


def _readme_examples() -> list[tuple[str, str]]:
    """The code blocks of the README's "Use from Python" section, each with the output
    printed after it."""
    section = README.read_text().split("## Use from Python", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(python|text)\n(.*?)```", section, flags=re.S)
    return [(code, output) for (kind, code), (_, output) in itertools.pairwise(blocks) if kind == "python"]


@pytest.mark.parametrize("example", range(2))
def test_readme_example_prints_what_the_readme_says(example: int) -> None:
    code, output = _readme_examples()[example]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(README), "exec"), {})
    assert printed.getvalue() == output


def test_readme_examples_pass_mypy_strict(tmp_path: Path) -> None:
    """The README's Python examples type-check as a user's code would (``mypy --strict``):
    the API's types are usable as written there."""
    mypy_api = pytest.importorskip("mypy.api")
    paths = []
    for k, (code, _) in enumerate(_readme_examples()):
        path = tmp_path / f"example_{k}.py"
        path.write_text(code)
        paths.append(str(path))
    progress = tmp_path / "progress.py"  # a callback returning something is a callback too
    progress.write_text(
        "import texas42\n"
        "hand = '6-4 5-5 5-2 4-3 4-2 3-2 3-1'\n"
        "texas42.analyze(hand, deals=5, progress=lambda done, total: done == total)\n"
    )
    paths.append(str(progress))
    out, err, status = mypy_api.run(["--strict", "--no-incremental", "--cache-dir", os.devnull, *paths])
    assert status == 0, out + err


NUMPY_USE = """\
import numpy as np
import texas42

hand = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
n, seed, seat = np.arange(20, 21)[0], np.int64(3), np.int32(1)
house = texas42.HouseRules(nello_doubles="low", nello_min_marks=np.int64(1), all_pass="reshuffle")
racing = texas42.Racing(min_deals=n, step=np.int64(10), risk=np.float64(0.01))
texas42.analyze(hand, deals=n, seed=seed, threads=np.int64(1), racing=racing, house=house)
texas42.advise_bid(hand, "pass", deals=n, seed=seed, realistic_deals=np.int64(2), worlds=np.int64(4))
texas42.compare(hand, ["fours", np.int64(5)], deals=n, seed=seed)
texas42.declare(hand, bid=np.int64(31), deals=n, seed=seed)
texas42.advise_play(hand, "fours", "6-6", seat=seat, bidder=np.int64(0), bid=np.int64(30), deals=n, seed=seed)
texas42.review_play(hand, "fours", "6-6 6-4", seat=seat, deals=n, seed=seed, realistic_contract_deals=None)
dealt = texas42.deals(hand, None, n, seed)
texas42.line_of_play(dealt.deals[0], "fours", np.int64(2))
texas42.solve(dealt.deals[0], threads=np.int64(1)).value(np.int64(4), np.int64(0))
texas42.TableHand.dealt(hand, np.int64(1)).seat_at(np.int64(2))
"""


def test_numpy_numbers_and_rule_names_type_check(tmp_path: Path) -> None:
    """Research code passing numpy's integers and the house rules' names, which the API
    accepts, type-checks under ``mypy --strict`` too (and runs)."""
    mypy_api = pytest.importorskip("mypy.api")
    path = tmp_path / "numpy_use.py"
    path.write_text(NUMPY_USE)
    out, err, status = mypy_api.run(["--strict", "--no-incremental", "--cache-dir", os.devnull, str(path)])
    assert status == 0, out + err
    exec(compile(NUMPY_USE, str(path), "exec"), {})


def test_racing_takes_numpy_numbers_and_refuses_others() -> None:
    racing = texas42.Racing(min_deals=np.int64(50), step=np.int32(25), risk=np.float64(0.05))
    assert racing == texas42.Racing(50, 25, 0.05)
    assert type(racing.min_deals) is int and type(racing.step) is int and type(racing.risk) is float
    for bad, message in (
        ({"min_deals": "5"}, "the minimum number of deals must be a whole number"),
        ({"min_deals": 1.5}, "the minimum number of deals must be a whole number"),
        ({"step": 0}, "a round must add 1 to 1,000,000 deals, got 0"),
        ({"risk": "0.1"}, "the risk must be a number"),
        ({"risk": 1.0}, "the risk must lie strictly between 0 and 1"),
    ):
        with pytest.raises(texas42.Texas42Error, match=message):
            texas42.Racing(**bad)  # type: ignore[arg-type]


def test_public_names() -> None:
    for name in texas42.__all__:
        assert getattr(texas42, name) is not None, name
    assert {"solve", "analyze", "advise_bid", "compare", "to_dict", "Texas42Error"} <= set(texas42.__all__)


def test_to_dict_is_the_command_lines_json(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # no house rules from a configuration file
    api = texas42.to_dict(texas42.analyze(HAND, deals=40, seed=3))
    cli = json.loads(invoke("analyze", "--json", "--deals", "40", "--seed", "3", HAND).stdout)
    assert api == cli
    advice = texas42.to_dict(texas42.advise_bid(HAND, "pass 30", deals=40, seed=3))
    assert advice == json.loads(invoke("bid", "--json", "-n", "40", "-s", "3", "-a", "pass 30", HAND).stdout)
    comparison = texas42.to_dict(texas42.compare(HAND, ["fours", "nt"], deals=40, seed=3))
    assert comparison == json.loads(
        invoke("compare", "--json", "-n", "40", "-s", "3", HAND, "fours", "nt").stdout
    )
    table = texas42.to_dict(texas42.solve(DEAL))
    assert table == json.loads(invoke("solve", "--json", DEAL).stdout)
    why = texas42.to_dict(texas42.analyze(HAND, deals=40, seed=3), why_bid="84")
    assert why == json.loads(invoke("analyze", "--json", "-n", "40", "-s", "3", "--bid", "84", HAND).stdout)
    assert why["why"]["bid"] == 84 != api["why"]["bid"]
    compared = texas42.compare(HAND, ["fours", "nt"], deals=40, seed=3)
    assert texas42.to_dict(compared, why_bid=np.int64(34)) == json.loads(
        invoke("compare", "--json", "-n", "40", "-s", "3", "--bid", "34", HAND, "fours", "nt").stdout
    )
    with pytest.raises(
        errors.UsageError, match="why_bid goes with an analysis or a comparison, not a DealTable"
    ):
        texas42.to_dict(texas42.solve(DEAL), why_bid=34)
    with pytest.raises(errors.AuctionError, match="not a bid a hand is played at: 43"):
        texas42.to_dict(compared, why_bid=43)
    dealt = texas42.to_dict(texas42.deals(HAND, deals=3, seed=3))
    lines = invoke("deals", "--json", "-n", "3", "-s", "3", HAND).stdout.splitlines()
    assert dealt["deals"] == [json.loads(line) for line in lines]
    assert (dealt["seed"], dealt["exact"], dealt["inference"]) == (3, False, None)


def test_playouts_from_python_are_the_command_lines_realistic_json(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    played = {"deals": 40, "seed": 3, "realistic_deals": 4, "worlds": 3}
    options = ("--json", "-n", "40", "-s", "3", "--realistic", "--realistic-deals", "4", "--worlds", "3")
    result = texas42.analyze(HAND, **played)
    assert isinstance(result.realistic, analysis.RealisticAnalysis) and result.realistic.deals == 4
    assert texas42.to_dict(result) == json.loads(invoke("analyze", *options, HAND).stdout)
    advice = texas42.advise_bid(HAND, "pass 30", **played)
    assert texas42.to_dict(advice) == json.loads(invoke("bid", *options, "-a", "pass 30", HAND).stdout)
    compared = texas42.compare(HAND, ["fours", "nt"], **played)
    assert compared.realistic is not None and compared.realistic.worlds == 3
    cli = json.loads(invoke("compare", *options, HAND, "fours", "nt").stdout)
    assert texas42.to_dict(compared) == cli
    calibrated = texas42.analyze(HAND, deals=40, seed=3).realistic
    assert calibrated is not None and calibrated.source == "calibrated"


def test_objects_and_text_give_the_same_results() -> None:
    hand = texas42.parse_hand(HAND)
    by_text = texas42.analyze(HAND, deals=20, seed=9, trumps=["fours", "6"])
    by_object = texas42.analyze(
        hand, deals=20, seed=9, trumps=[texas42.Declaration.FOURS, texas42.Declaration.SIXES]
    )
    assert by_text == by_object
    assert [s.declaration.label for s in by_text.trumps] == ["fours", "sixes"]
    assert texas42.solve(texas42.parse_deal(DEAL)) == texas42.solve(DEAL)


def test_house_rules_and_progress() -> None:
    calls: list[tuple[int, int]] = []
    result = texas42.analyze(
        HAND,
        deals=10,
        seed=1,
        trumps=["fours"],
        house=texas42.HouseRules(specials=False),
        progress=lambda done, total: calls.append((done, total)),
    )
    assert result.specials == ()
    assert calls[-1] == (20, 20)  # ten deals for fours, ten for the check of the recommendation
    assert texas42.solve(DEAL, house=texas42.HouseRules(specials=False)).nello is None


def test_analyze_many_is_analyze_of_each_hand_on_one_seed() -> None:
    """The hands in their order, each as ``analyze`` gives it with the same settings; a
    seed drawn once where none is given; progress by hands; nothing computed for none."""
    hands = [HAND, texas42.parse_hand("6-6 6-5 6-4 6-2 5-5 4-4 3-1")]
    calls: list[tuple[int, int]] = []
    settings = {"deals": 40, "trumps": ["fours", "sixes"], "basis": "double-dummy"}
    many = texas42.analyze_many(
        hands, seed=7, progress=lambda done, total: calls.append((done, total)), **settings
    )
    assert calls == []  # lazy: nothing runs before the first result is asked for
    results = list(many)
    assert results == [texas42.analyze(h, seed=7, **settings) for h in hands]
    assert calls == [(1, 2), (2, 2)]
    drawn = list(texas42.analyze_many(hands, **settings))
    assert drawn[0].seed == drawn[1].seed and drawn[1] == texas42.analyze(
        hands[1], seed=drawn[0].seed, **settings
    )
    assert list(texas42.analyze_many([], **settings)) == []


def test_progress_counts_the_playouts_after_the_solves() -> None:
    calls: list[tuple[int, int]] = []
    asked = {"deals": 10, "seed": 1, "trumps": ["fours", "nt"]}
    texas42.analyze(
        HAND, **asked, realistic_deals=3, worlds=2, progress=lambda done, total: calls.append((done, total))
    )
    playouts = realistic.playouts_of(texas42.analyze(HAND, **asked), 3)
    assert playouts >= 6
    solved = [call for call in calls if call[1] != playouts]
    assert solved[-1][0] == solved[-1][1] and calls[-1] == (playouts, playouts)
    assert calls.index(solved[-1]) < calls.index((playouts, playouts))


def test_a_bid_played_out_unasked_plays_every_deal_of_a_smaller_sample() -> None:
    """At a partner's plunge ``advise_bid`` plays 200 deals out by default, as the command
    line does; a sample of 30 is played out whole, not refused for asking more."""
    advice = texas42.advise_bid(HAND, "plunge pass", deals=30, seed=1)
    assert isinstance(advice.analysis.realistic, texas42.RealisticAnalysis)
    assert advice.analysis.deals == advice.analysis.realistic.deals == 30


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: texas42.analyze("6-4 5-5", deals=5), "a hand needs 7 dominoes, got 2"),
        (lambda: texas42.analyze(HAND, deals=0), "the number of deals must be at least 1, got 0"),
        (lambda: texas42.analyze(HAND, deals=5, seed=-1), "a seed runs from 0"),
        (lambda: texas42.analyze(HAND, deals=5, trumps=["spades"]), "unknown declaration: 'spades'"),
        (lambda: texas42.analyze(HAND, deals=5, confidence=2.0), "the confidence must be above 0"),
        (lambda: texas42.analyze_many([HAND, "6-4 5-5"], deals=5), "a hand needs 7 dominoes, got 2"),
        (lambda: texas42.analyze_many([HAND], deals=0), "the number of deals must be at least 1, got 0"),
        (lambda: texas42.analyze_many([HAND], deals=5, seed=-1), "a seed runs from 0"),
        (lambda: texas42.analyze_many([HAND], deals=5, confidence=0), "the confidence must be above 0"),
        (lambda: texas42.analyze_many([HAND], deals=5, basis="guess"), "basis"),
        (lambda: texas42.analyze_many([HAND], deals=5, threads=0), "threads must be a whole number of"),
        (lambda: texas42.analyze_many([HAND], deals=5, threads="2"), "threads must be a whole number"),
        (lambda: texas42.analyze_many([HAND], deals=5, trumps=[]), "no declarations to analyse"),
        (lambda: texas42.analyze_many(HAND, deals=5), "hands are an iterable of hands (analyze takes one)"),
        (lambda: texas42.analyze_many([HAND], deals=5, cluster="local:0"), "cluster local:N needs a number"),
        (
            lambda: texas42.analyze_many([HAND], deals=5, cluster="udp://x:1"),
            "cluster: a scheduler is reached",
        ),
        (
            lambda: texas42.analyze_many(
                [HAND, "6-6 6-5 6-4 6-3 6-2 6-1 6-0"],
                deals=5,
                constraints=texas42.deal_constraints(holds=["2: 6-6"]),
            ),
            "holds 2: 6-6: your own hand holds 6-6",
        ),
        (lambda: texas42.advise_bid(HAND, "30 29", deals=5), "not a bid: '29'"),
        (lambda: texas42.advise_bid(HAND, "", deals=5, infer="garbage"), "auction or none, got 'garbage'"),
        (lambda: texas42.declare(HAND, bid=34, deals=5, infer=None), "auction or none, got None"),  # type: ignore[arg-type]
        (lambda: texas42.analyze(HAND, deals=5, infer="x"), "auction or none, got 'x'"),
        (
            lambda: texas42.declare(HAND, "30 34 pass pass", deals=20, realistic_deals=50),
            "realistic_deals 50: the deals played out are the first of the sample, which has 20",
        ),
        (lambda: texas42.advise_bid(HAND, "pass", deals=20, realistic_deals=21), "which has 20 (deals)"),
        (
            lambda: texas42.analyze(HAND, deals=5, realistic_deals=6),
            "realistic_deals 6: the deals played out",
        ),
        (lambda: texas42.analyze_many([HAND], deals=5, realistic_deals=6), "realistic_deals 6:"),
        (
            lambda: texas42.compare(HAND, ["fours", "sixes"], deals=5, realistic_deals=6),
            "which has 5 (deals)",
        ),
        (lambda: texas42.compare(HAND, ["fours"], deals=5), "at least two declarations"),
        (
            lambda: texas42.advise_play(HAND, "sixes", deals=50, realistic_deals=80),
            "realistic_deals 80: the deals played out are the first of the sample, which has 50",
        ),
        (lambda: texas42.review_play(HAND, "sixes", "64", deals=50, realistic_deals=80), "which has 50"),
        (lambda: texas42.analyze(HAND, deals=-5), "the number of deals must be at least 1, got -5"),
        (
            lambda: texas42.advise_bid(HAND, "pass", deals=-5),
            "the number of deals must be at least 1, got -5",
        ),
        (
            lambda: texas42.review_play(HAND, "sixes", "64", realistic_deals=10, realistic_contract_deals=-1),
            "realistic_contract_deals: the deals to play out must be at least 1, got -1",
        ),
        (lambda: texas42.quick_many(np.array([1], dtype=np.int64)), "hand 0 holds 1 domino, not 7"),
        (
            lambda: texas42.analyze(HAND, deals=5, noise=None),
            "the noise must be a number from 0 to 10, got None",
        ),  # type: ignore[arg-type]
        (lambda: texas42.advise_turn(texas42.TableHand.dealt(HAND, 1), noise=-5), "got -5"),
        (
            lambda: texas42.advise_turn(texas42.TableHand.dealt(HAND, 1), basis="bogus"),
            "unknown basis 'bogus'",
        ),
        (lambda: texas42.solve("64 55 / 66"), "a deal needs 4 hands"),
        (lambda: texas42.line_of_play(DEAL, "fives", bidder=4), "not a seat: 4"),
        (lambda: texas42.to_dict(object()), None),
    ],
)
def test_bad_input_raises_texas42_errors(call: object, message: str | None, no_solving: None) -> None:
    assert callable(call)
    if message is None:
        with pytest.raises(TypeError, match="no JSON document for object"):
            call()
        return
    with pytest.raises(texas42.Texas42Error, match=re.escape(message)):
        call()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: texas42.Deal((texas42.Hand(2**28 - 1), *[texas42.Hand()] * 3)), "got 28, 0, 0, 0"),
        (lambda: texas42.Deal((1, 2, 3, 4)), "must be Hand objects"),
        (lambda: texas42.Hand([28]), "not a domino: 28"),
        (lambda: rules.domino(6.0, 4), "no such domino"),
        (lambda: rules.replay(rules.Declaration.FOURS, 0, [-1]), "not a domino: -1"),
        (lambda: rules.replay(9, 0, []), "not a declaration: 9"),
        (
            lambda: rules.Position(rules.TrumpTricks(rules.Declaration.FOURS), (1, 2, 4, 8), 7),
            "not a seat: 7",
        ),
        (lambda: texas42.HouseRules(specials="no"), "specials must be True or False"),  # type: ignore[arg-type]
        (lambda: texas42.HouseRules(nello_doubles="middle"), "unknown Nel-O doubles rule"),  # type: ignore[arg-type]
        (lambda: rules.FinishedAuction((0, 0, 0, 0)), "all four passed"),
        (lambda: rules.FinishedAuction((99, 0, 0, 0)), "not a bid: '99'"),
        (lambda: rules.Auction((30, 30)), "bid 2: '30' is not above the high bid 30"),
        (lambda: rules.Auction((True,)), "an auction's calls are ints"),
        (lambda: texas42.deals(HAND, deals=10**12), "the number of deals must be at most 1,000,000"),
        (lambda: texas42.count_deals(texas42.Hand([0, 1])), "a hand needs 7 dominoes, got 2"),
        (lambda: texas42.analyze(None, deals=5), "a hand is a Hand or a string"),  # type: ignore[arg-type]
        (lambda: texas42.analyze(HAND, deals=5, trumps=[9]), "not a declaration: 9"),
        (lambda: texas42.advise_play(HAND, "fours", [28], deals=5), "not a domino: 28"),
        (lambda: texas42.solve(DEAL).value(rules.Declaration.FOURS, 4), "not a seat: 4"),
        (lambda: texas42.DealConstraints(items=("2: 6-6",)), "a constraint is a SeatConstraint"),  # type: ignore[arg-type]
        (lambda: texas42.DealConstraints(sizes=(6, 7, 8)), "sizes: three hand sizes 0 to 7, got (6, 7, 8)"),
        (lambda: texas42.DealConstraints(played=-3), "played: a mask of dominoes (0 to 2**28 - 1), got -3"),
        (lambda: rules.parse_deal(DEAL, "7"), "a hand's size must be a whole number, got '7'"),  # type: ignore[arg-type]
        (lambda: rules.parse_deal(DEAL, 0), "a hand's size is 1 to 7 dominoes (or None: any), got 0"),
        (lambda: texas42.declare(HAND, bid=29, deals=5), "not a bid a hand is played at: 29"),
        (lambda: texas42.TableHand.dealt(HAND, 1).seat_at(7), "not a seat: 7"),
        (
            lambda: texas42.review_play(HAND, "fours", "6-4", deals=5, realistic_contract_deals=5),
            "realistic_contract_deals goes with realistic_deals",
        ),
        (
            lambda: texas42.review_play(
                HAND, "fours", "6-4", deals=20, realistic_deals=5, realistic_contract_deals=5
            ),
            "realistic_contract_deals goes with the whole auction, where the call is weighed",
        ),
        (
            lambda: texas42.review_play(
                HAND,
                "fours",
                "6-4",
                auction="30 pass pass pass",
                deals=20,
                realistic_deals=5,
                realistic_contract_deals=30,
            ),
            "realistic_contract_deals 30: the deals played out are the first of the sample, which has 20",
        ),
        (
            lambda: texas42.quick_many([[1], [1, 2]]),
            "hands are an iterable of hands or masks, or of rows of masks all of one length, got rows of "
            "lengths [1, 2]",
        ),
        (lambda: texas42.quick_many(b"abc"), "hands are an iterable of hands or an integer array of masks"),
        (lambda: texas42.analyze_many(b"abc"), "hands are an iterable of hands or their texts, got bytes"),
        (
            lambda: texas42.review_play(
                HAND,
                "fours",
                "6-4",
                deals=5,
                realistic_deals=2,
                realistic_contract_deals="x",  # type: ignore[arg-type]
            ),
            "the deals to play out must be a whole number, got 'x'",
        ),
        (lambda: texas42.declare(HAND, bid="pass", deals=5), "not a bid a hand is played at: 'pass'"),
        (lambda: texas42.advise_play(HAND, "fours", bid="p", deals=5), "not a bid a hand is played at: 'p'"),
        (
            lambda: texas42.TableHand(
                rules.parse_hand(HAND),
                3,
                texas42.HouseRules(),
                ("pass", "30", "36", "37"),
                "sixes",  # type: ignore[arg-type]
            ),
            "contract is a Declaration or a Contract, got 'sixes'",
        ),
        (lambda: texas42.TableHand.dealt(HAND, 1).bid, "no contract is declared yet"),
        (lambda: texas42.TableHand.dealt(HAND, 1).declarer, "the auction is not over: nobody declares"),
        (
            lambda: texas42.TableHand(
                rules.parse_hand(HAND), 0, texas42.HouseRules(), contract=rules.Declaration.SIXES
            ),
            "a contract is declared once all four have called, got 0 calls",
        ),
        (lambda: texas42.TableHand.dealt(HAND, 1).legal_plays(), "it is not seat 0's turn to play"),
    ],
)
def test_bad_values_built_directly_raise_texas42_errors(call: object, message: str) -> None:
    """Objects and numbers given to the API without going through a parser are checked
    as the parsers check text: nothing reaches a computation (a sweep found these solved
    as impossible deals and auctions, or failing with Python's own errors)."""
    assert callable(call)
    with pytest.raises(texas42.Texas42Error, match=re.escape(message)):
        call()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: texas42.solve(123), "a deal is a Deal or its text"),
        (lambda: texas42.solve(DEAL, house=5), "house is a HouseRules (or None: the default rules), got 5"),
        (lambda: texas42.line_of_play(None, "fours"), "a deal is a Deal or its text"),
        (lambda: texas42.line_of_play(DEAL, None), "not a declaration: None"),
        (lambda: texas42.analyze(HAND, trumps=None), "trumps are given as trumps or their names"),
        (lambda: texas42.analyze(HAND, progress=5), "progress is a function called with two numbers"),
        (lambda: texas42.analyze(HAND, progress=lambda: None), "done and total, or None"),
        (lambda: texas42.analyze(HAND, house=5), "house is a HouseRules"),
        (lambda: texas42.analyze(HAND, seed="x"), "a seed must be a whole number, got 'x'"),
        (lambda: texas42.analyze(HAND, deals=10.0), "the number of deals must be a whole number, got 10.0"),
        (lambda: texas42.analyze(HAND, confidence="x"), "the confidence must be a number, got 'x'"),
        (lambda: texas42.analyze(HAND, constraints=5), "constraints are DealConstraints"),
        (lambda: texas42.analyze(HAND, auction=5), "an auction is an Auction or its text"),
        (lambda: texas42.advise_bid(HAND, 5), "an auction is an Auction or its text"),
        (lambda: texas42.compare(HAND, None), "trumps are given as trumps or their names"),
        (lambda: texas42.advise_play(HAND, "fours", 5), "the plays are their text"),
        (lambda: texas42.advise_play(HAND, "fours", auction=5), "a whole auction is a FinishedAuction"),
        (lambda: texas42.advise_play(HAND, "fours", progress=1), "progress is a function"),
        (
            lambda: texas42.advise_play(HAND, "fours", realistic_deals=5, worlds="x"),
            "the worlds a decision must",
        ),
        (
            lambda: texas42.analyze(HAND, realistic_deals=5, basis="double-dummy"),
            "realistic_deals plays contracts out to advise on: not with basis double-dummy",
        ),
        (lambda: texas42.advise_bid(HAND, realistic_deals=5, worlds=-1), "the worlds a decision must be 0"),
        (
            lambda: texas42.compare(HAND, ["fours", "nt"], realistic_deals=-1),
            "realistic_deals is 0 (no playouts) or the deals to play out, got -1",
        ),
        (
            lambda: texas42.declare(HAND, bid=30, realistic_deals=5, basis="double-dummy"),
            "not with basis double-dummy",
        ),
        (lambda: texas42.review_play(HAND, "fours", "6-4", house=1), "house is a HouseRules"),
        (lambda: texas42.quick(HAND, house=5), "house is a HouseRules"),
        (lambda: texas42.deals(HAND, "2: 6-6"), "constraints are DealConstraints"),
        (lambda: texas42.deals(HAND, auction="30", progress=abs), "progress is a function called with two"),
        (lambda: texas42.count_deals(HAND, 5), "constraints are DealConstraints"),
        (lambda: texas42.deal_constraints(holds=5), "holds is a list of texts"),
        (lambda: texas42.analyze(HAND, check_every_bid="yes"), "check_every_bid is True or False"),
        (lambda: analysis.realistic_analysis("x"), "analysis is a HandAnalysis"),  # type: ignore[arg-type]
        (lambda: analysis.realistic_comparison(None), "comparison is a Comparison"),  # type: ignore[arg-type]
        (
            lambda: texas42.advise_play(HAND, "fours", realistic_deals=1.5),
            "the deals to play out must be a whole number, got 1.5",
        ),
        (
            lambda: texas42.deals(HAND, auction="30", noise=True),
            "the noise must be a number from 0 to 10, got True",
        ),
    ],
)
def test_arguments_of_the_wrong_kind_raise_texas42_errors(
    call: object, message: str, no_solving: None
) -> None:
    """A wrong kind of argument is named, before anything is computed, by a Texas42Error
    that is also a TypeError where it is not a number out of range."""
    assert callable(call)
    with pytest.raises(texas42.Texas42Error, match=re.escape(message)):
        call()


ARRAY_OF_BASES = np.array(["realistic", "x"])
TRUMPS_ARE = "trumps are given as trumps or their names"
WORLDS_ARE = "the worlds a decision must be a whole number, got array([10, 10])"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: texas42.analyze(HAND, trumps=np.array(4)), f"{TRUMPS_ARE}, such as"),
        (lambda: texas42.advise_bid(HAND, trumps=np.array(4)), TRUMPS_ARE),
        (lambda: texas42.compare(HAND, np.array(4)), TRUMPS_ARE),
        (lambda: texas42.analyze_many([HAND], trumps=np.array(4)), TRUMPS_ARE),
        (
            lambda: texas42.analyze_many(np.array(5)),
            "hands are an iterable of hands or their texts, got array(5)",
        ),
        (lambda: texas42.advise_play(HAND, "fours", np.array(5), seat=1), "the plays are their text"),
        (lambda: texas42.review_play(HAND, "fours", np.array(5)), "the plays are their text"),
        (lambda: texas42.deal_constraints(holds=np.array("2: 6-6")), "holds is a list of texts"),
        (lambda: texas42.deal_constraints(lacks=np.array("1: sixes")), "lacks is a list of texts"),
        (lambda: texas42.analyze(HAND, trumps=b"\x04\x06"), f"{TRUMPS_ARE}, such as"),
        (lambda: texas42.analyze(HAND, trumps=b"x"), TRUMPS_ARE),
        (lambda: texas42.advise_bid(HAND, trumps=bytearray(b"\x04")), TRUMPS_ARE),
        (lambda: texas42.compare(HAND, b"\x04\x06"), TRUMPS_ARE),
        (lambda: texas42.analyze_many([HAND], trumps=b"\x04"), TRUMPS_ARE),
        (lambda: texas42.quick(HAND, basis=ARRAY_OF_BASES), "unknown basis array(['realistic', 'x']"),
        (lambda: texas42.quick_many([HAND], basis=ARRAY_OF_BASES), "unknown basis"),
        (lambda: texas42.analyze(HAND, basis=ARRAY_OF_BASES), "unknown basis"),
        (lambda: texas42.advise_bid(HAND, basis=ARRAY_OF_BASES), "unknown basis"),
        (lambda: texas42.declare(HAND, bid=30, basis=ARRAY_OF_BASES), "unknown basis"),
        (lambda: texas42.review_play(HAND, "fours", "6-4", basis=ARRAY_OF_BASES), "unknown basis"),
        (
            lambda: texas42.advise_turn(texas42.TableHand.dealt(HAND, 1), basis=ARRAY_OF_BASES),
            "unknown basis",
        ),
        (lambda: texas42.analyze(HAND, worlds=np.array([10, 10])), WORLDS_ARE),
        (lambda: texas42.compare(HAND, ["fours", "sixes"], worlds=np.array([10, 10])), WORLDS_ARE),
        (lambda: texas42.declare(HAND, bid=30, worlds=np.array([10, 10])), WORLDS_ARE),
        (lambda: texas42.advise_play(HAND, "fours", worlds=np.array([10, 10])), WORLDS_ARE),
        (lambda: texas42.review_play(HAND, "fours", "6-4", worlds=np.array([10, 10])), WORLDS_ARE),
        (lambda: texas42.analyze_many([HAND], worlds=np.array([10, 10])), WORLDS_ARE),
        (
            lambda: texas42.advise_turn(texas42.TableHand.dealt(HAND, 1), realistic_deals=np.array([1, 2])),
            "the deals to play out must be a whole number, got array([1, 2])",
        ),
    ],
)
def test_arrays_and_bytes_of_the_wrong_kind_are_named(call: object, message: str, no_solving: None) -> None:
    """numpy arrays (of no dimensions too, which say they can be iterated and cannot) and
    bytes (whose items are numbers) are arguments of the wrong kind, named, never
    Python's own errors nor read as declarations."""
    assert callable(call)
    with pytest.raises(errors.ArgumentTypeError, match="^" + re.escape(message)):
        call()


def test_text_where_a_number_is_wanted_is_a_type_error(no_solving: None) -> None:
    """A number given as text is of the wrong kind (``ArgumentTypeError``, a ``TypeError``);
    a number that is not whole is a bad value of the right kind."""
    for call in (
        lambda: texas42.analyze(HAND, deals="100"),  # type: ignore[arg-type]
        lambda: texas42.analyze(HAND, seed="1"),  # type: ignore[arg-type]
        lambda: texas42.analyze(HAND, confidence="x"),  # type: ignore[arg-type]
        lambda: texas42.advise_play(HAND, "fours", realistic_deals=5, worlds="x"),  # type: ignore[arg-type]
    ):
        with pytest.raises(errors.ArgumentTypeError):
            call()
    with pytest.raises(errors.AnalysisError) as raised:
        texas42.analyze(HAND, deals=10.0)  # type: ignore[arg-type]
    assert not isinstance(raised.value, TypeError)


def test_one_text_stands_for_one_trump_or_constraint() -> None:
    assert texas42.deal_constraints(holds="2: 6-6") == texas42.deal_constraints(holds=["2: 6-6"])
    with pytest.raises(TypeError):
        texas42.solve(123)  # type: ignore[arg-type]
    one = texas42.analyze(HAND, deals=10, seed=1, trumps="fours", house=texas42.HouseRules(specials=False))
    assert [s.declaration for s in one.trumps] == [texas42.Declaration.FOURS]


def test_choices_print_as_the_command_line_writes_them() -> None:
    """``str`` and f-strings of the public enums give the names the options take, and
    each name parses back to the same choice."""
    assert str(texas42.Declaration.FOLLOW_ME) == "follow-me"
    assert f"{texas42.Declaration.SIXES:>7}" == "  sixes"
    assert int(texas42.Declaration.SIXES) == 6
    assert [str(d) for d in texas42.Declaration] == [d.label for d in texas42.Declaration]
    assert all(texas42.parse_declaration(str(d)) is d for d in texas42.Declaration)
    assert str(texas42.Contract.NELLO) == "nello"
    assert (str(texas42.NelloDoubles.OWN_SUIT), str(texas42.AllPass.RESHUFFLE)) == ("own-suit", "reshuffle")
    assert str(texas42.TableStage.PLAYING) == "playing"
    low = texas42.HouseRules(nello_doubles=str(texas42.NelloDoubles.LOW))  # type: ignore[arg-type]
    assert low.nello_doubles is texas42.NelloDoubles.LOW


def test_house_rules_take_a_rule_by_its_name() -> None:
    rules_given = texas42.HouseRules(all_pass="reshuffle", nello_doubles="high")  # type: ignore[arg-type]
    assert rules_given == texas42.HouseRules(
        all_pass=rules.AllPass.RESHUFFLE, nello_doubles=rules.NelloDoubles.HIGH
    )


ONE_DEAL = np.array([[1, 2, 4, 8]], dtype=np.int64)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: engine.check_deal_array(ONE_DEAL + 0.5), "an (n, 4) integer array"),
        (lambda: engine.solve_deal(rules.parse_deal(DEAL), rules.Declaration.FOURS, leader=True), "got True"),
        (
            lambda: engine.solve_deals(ONE_DEAL, [rules.Declaration.FOURS], leaders=1.5),
            "seats 0..3 (integers)",
        ),
        (lambda: engine.solve_deals(ONE_DEAL, [rules.Declaration.FOURS], threads=0), "threads must be"),
        (lambda: engine.position_play_values(ONE_DEAL, 9, [0], [[]]), "not a declaration: 9"),  # type: ignore[arg-type]
        (
            lambda: engine.play_values(ONE_DEAL, rules.Declaration.FOURS, 0, (), (10**6, 0)),
            "the tricks already played held",
        ),
    ],
)
def test_the_engine_checks_its_numbers(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(texas42.Texas42Error, match=re.escape(message)):
        call()


@pytest.mark.parametrize(
    "parse",
    [
        rules.parse_domino,
        rules.parse_hand,
        rules.parse_deal,
        rules.parse_auction,
        rules.parse_finished_auction,
        rules.parse_bid,
        rules.parse_declaration,
        rules.parse_played_contract,
        rules.parse_seat,
        rules.parse_nello_doubles,
        rules.parse_all_pass,
        rules.parse_tricks,
    ],
)
def test_the_parsers_take_text_only(parse: object) -> None:
    assert callable(parse)
    for value in (None, 5):
        with pytest.raises(texas42.Texas42Error, match=re.escape(f"is written as text, got {value!r}")):
            parse(value)


def test_a_trump_not_analysed_is_named() -> None:
    result = texas42.analyze(
        HAND, deals=10, seed=1, trumps=["fours"], house=texas42.HouseRules(specials=False)
    )
    assert result.stats("fours") is result.stats(texas42.Declaration.FOURS)
    with pytest.raises(texas42.Texas42Error, match=re.escape("sixes was not analysed (analysed: fours)")):
        result.stats("sixes")


def test_quick_many_takes_the_command_lines_spelling_of_double_dummy() -> None:
    hands = [HAND, "6-6 6-5 6-4 6-3 6-2 6-1 6-0"]
    hyphen = texas42.quick_many(hands, basis="double-dummy")
    np.testing.assert_array_equal(hyphen.make, texas42.quick_many(hands).make)
    assert not np.array_equal(hyphen.make, texas42.quick_many(hands, basis="realistic").make)


def test_numpy_integers_stand_for_ints() -> None:
    """Numbers taken from numpy arrays are accepted wherever an int is, and come back as
    ints: the same results as Python's ints."""
    i = np.int64
    assert type(rules.check_seat(i(2))) is int and rules.check_seat(i(2)) == 2
    assert rules.check_declaration(i(4)) is rules.Declaration.FOURS
    assert rules.Hand(i(7)) == rules.Hand(7) and i(1) in rules.Hand(7)
    assert type(texas42.HouseRules(nello_min_marks=i(1)).nello_min_marks) is int
    auction = rules.Auction((i(30), i(0)))
    assert auction == rules.parse_auction("30 pass") and all(type(b) is int for b in auction.bids)
    assert rules.FinishedAuction((i(0), i(31), 0, 0)) == rules.parse_finished_auction("pass 31 pass pass")
    given = {"seat": i(1), "bidder": i(0), "bid": i(31), "deals": i(20), "seed": i(3)}
    plain = {k: int(v) for k, v in given.items()}
    numpy_advice = texas42.advise_play(HAND, "fours", "6-6", **given)
    assert numpy_advice == texas42.advise_play(HAND, "fours", "6-6", **plain)
    assert type(numpy_advice.bid) is int and type(numpy_advice.seat) is int
    played = texas42.advise_play(HAND, "fours", "6-6", **given, realistic_deals=i(2), worlds=i(2))
    reviewed = texas42.review_play(HAND, "fours", "6-6 6-4", **given)
    for result in (played, reviewed):
        json.dumps(texas42.to_dict(result))  # numpy's integers are not JSON
    declared = texas42.declare(HAND, bid=i(34), deals=5, seed=1)
    assert type(declared.bid) is int
    json.dumps(texas42.to_dict(declared))
    from_array = texas42.advise_play(
        HAND, "fours", np.array([rules.parse_domino("6-6")]), seat=1, deals=5, seed=1
    )
    assert all(type(p.domino) is int for p in from_array.history.plays)
    played = texas42.TableHand.dealt(HAND, 1)
    for entry in ("30", "pass", "pass", "pass", "fours", "6-4"):
        played = played.enter(entry)
    built = texas42.TableHand(played.hand, i(0), played.house, played.calls, played.contract, (i(25),))
    assert built == played and type(built.place) is int and type(built.plays[0]) is int
    assert type(built.declarer) is int
    deal = np.array([rules.parse_deal(DEAL).masks], dtype=np.int64)
    fours = [rules.Declaration.FOURS]
    assert engine.reaches(deal, fours, i(30)).tolist() == engine.reaches(deal, fours, 30).tolist()


def test_a_hand_is_a_mask_or_dominoes() -> None:
    for value in (3.5, True, None, np.array(5)):
        message = f"a hand is a mask or dominoes (parse_hand reads text), got {value!r}"
        with pytest.raises(texas42.Texas42Error, match=re.escape(message)):
            rules.Hand(value)  # type: ignore[arg-type]


def test_quick_many_takes_masks_in_a_list_as_in_an_array() -> None:
    masks = [rules.parse_hand(HAND).mask, rules.parse_hand("6-6 6-5 6-4 6-3 6-2 6-1 6-0").mask]
    listed, arrayed = texas42.quick_many(masks), texas42.quick_many(np.array(masks))
    assert listed.bid.tolist() == arrayed.bid.tolist() and (listed.make == arrayed.make).all()
    assert (texas42.quick_many([HAND, masks[1]]).make == arrayed.make).all()
    with pytest.raises(errors.EvaluatorError, match="integer masks, got None"):
        texas42.quick_many([masks[0], None])  # type: ignore[list-item]
    assert texas42.quick_many([]).bid.shape == (0,)  # no hands, no estimates (not "float64 masks")


def test_a_hand_cannot_be_changed_and_copies_and_pickles_whole() -> None:
    """``Hand`` is immutable, as documented: no attribute can be set or deleted (a set
    or dict holding it stays sound); copies and pickles (the cluster's) are equal."""
    import copy
    import pickle

    hand = texas42.parse_hand("6-4 5-5 5-2 4-3 4-2 3-2 3-1")
    for change in (lambda: setattr(hand, "mask", 5), lambda: delattr(hand, "mask")):
        with pytest.raises(AttributeError, match="a Hand cannot be changed"):
            change()
    assert str(hand) == "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
    assert copy.deepcopy(hand) == copy.copy(hand) == pickle.loads(pickle.dumps(hand)) == hand


def test_numpy_seeds_and_seats_come_back_as_ints() -> None:
    """A numpy integer seed or seat is kept as an int, so ``to_dict`` stays JSON."""
    hand = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
    analysis = texas42.analyze(hand, deals=30, seed=np.int64(3))
    comparison = texas42.compare(hand, ["fours", "fives"], deals=30, seed=np.int32(3))
    for result in (analysis, comparison):
        assert type(result.seed) is int
        json.dumps(texas42.to_dict(result))
    assert type(texas42.deals(hand, None, 3, np.int64(1)).seed) is int
    assert type(texas42.line_of_play(DEAL, "fives", np.int64(2)).bidder) is int


def test_wrong_kinds_and_bad_values_are_the_library_s_errors() -> None:
    """Bad arguments raise texas42's errors naming them, never a bare TypeError of
    Python's or numpy's; ``dir(texas42)`` lists the API, not its imports."""
    hand = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
    stats = texas42.analyze(hand, deals=30, seed=1).stats("fours")
    cases = [
        (lambda: texas42.analyze(3), errors.ArgumentTypeError, "a hand is a Hand or a string"),
        (lambda: texas42.quick(None), errors.ArgumentTypeError, "a hand is a Hand or a string"),
        (lambda: texas42.quick_many(None), errors.ArgumentTypeError, "hands are an iterable"),
        (lambda: texas42.analyze(hand, auction="pass", infer=None), errors.ArgumentTypeError, "got None"),
        (lambda: texas42.analyze(hand, auction="pass", noise="1"), errors.ArgumentTypeError, "got '1'"),
        (lambda: texas42.analyze(hand, threads="2"), errors.ArgumentTypeError, "threads must be a whole"),
        (lambda: texas42.analyze(hand, basis=None), errors.ArgumentTypeError, "unknown basis None"),
        (lambda: texas42.advise_play(hand, "fours", seat="0"), errors.ArgumentTypeError, "not a seat: '0'"),
        (
            lambda: texas42.advise_play(hand, "fours", bidder=True),
            errors.ArgumentTypeError,
            "not a seat: True",
        ),
        (lambda: texas42.line_of_play(DEAL, None), errors.ArgumentTypeError, "not a declaration: None"),
        (lambda: texas42.declare(hand, bid=[30]), errors.ArgumentTypeError, "played at: [30]"),
        (
            lambda: texas42.advise_play(hand, "fours", [(6, 6)]),
            errors.ArgumentTypeError,
            "not a domino: (6, 6)",
        ),
        (lambda: texas42.advise_play(hand, "fours", b"6-6"), errors.ArgumentTypeError, "got b'6-6'"),
        (lambda: texas42.HouseRules(nello_min_marks="1"), errors.ArgumentTypeError, "got '1'"),
        (lambda: texas42.analyze(hand, threads=0), errors.EngineInputError, "got 0"),  # a number: a value
        (lambda: texas42.analyze(hand, trumps=[6, "sixes"]), errors.AnalysisError, "given twice: sixes"),
        (lambda: texas42.Deal(None), errors.ArgumentTypeError, "a deal is four Hand objects"),
        (lambda: texas42.Auction(None), errors.ArgumentTypeError, "parse_auction reads text"),
        (lambda: texas42.Auction("pass 30"), errors.ArgumentTypeError, "parse_auction reads text"),
        (lambda: texas42.Hand("6-4"), errors.ArgumentTypeError, "(parse_hand reads text), got '6-4'"),
        (lambda: texas42.parse_hand(None), errors.ArgumentTypeError, "is written as text, got None"),
        (lambda: texas42.parse_deal(["6-4"]), errors.ArgumentTypeError, "is written as text"),
        (lambda: texas42.parse_declaration(4), errors.ArgumentTypeError, "is written as text, got 4"),
        (lambda: texas42.Declaration(9), errors.InvalidDeclarationError, "not a declaration: 9"),
        (lambda: texas42.Declaration("x"), errors.InvalidDeclarationError, "unknown declaration: 'x'"),
        (lambda: texas42.Auction((0, 84), (1, 1)), errors.AuctionError, "name a place twice"),
        (lambda: rules.FinishedAuction(None), errors.ArgumentTypeError, "parse_finished_auction reads text"),
        (lambda: stats.make("34"), errors.ArgumentTypeError, "not a bid: '34'"),
        (lambda: stats.make(34.0), errors.StatisticsError, "not a bid: 34.0"),
        (lambda: stats.make(True), errors.ArgumentTypeError, "not a bid: True"),
    ]
    for call, error, message in cases:
        with pytest.raises(error, match=re.escape(message)):
            call()
    assert np.array_equal(
        texas42.quick_many(np.int64(texas42.parse_hand(hand).mask)).bid, texas42.quick_many([hand]).bid[0]
    )
    assert stats.make(34) == stats.make(np.int64(34))
    assert {"InferenceError", "EvaluatorError"} <= set(errors.__all__)
    assert not {"importlib", "Any", "TYPE_CHECKING"} & set(dir(texas42)) and "analyze" in dir(texas42)


def test_to_dict_of_a_line_of_play_is_solve_s_line() -> None:
    """``to_dict(line_of_play(...))``: the trump, the bidder and the ``"line"`` that
    ``solve --line --json`` prints for that declaration and bidder."""
    line = texas42.to_dict(texas42.line_of_play(DEAL, "fives", 1))
    printed = json.loads(
        invoke("solve", DEAL, "--trump", "fives", "--line", "--bidder", "1", "--json").stdout
    )
    assert (line["trump"], line["bidder"]) == ("fives", 1) and line["line"] == printed["line"]
    first = texas42.line_of_play(DEAL, "fives", 1).tricks[0]
    assert [first.domino_of(seat) for seat in (1, 2, 3, 0)] == [d for _, d in first.plays]
    with pytest.raises(errors.AnalysisError, match="seat 3 did not play to this trick"):
        replace(first, plays=first.plays[:2]).domino_of(3)
    with pytest.raises(errors.ArgumentTypeError, match="no JSON document for NoneType"):
        texas42.to_dict(None)


def test_the_play_pieces_take_hands_and_check_their_arguments() -> None:
    """``rules.replay`` and ``deal.deals_seen_from`` take a ``Hand`` as well as its mask
    (the same deals), and name a bad seat, hand, generator or history."""
    from texas42 import deal

    hand = texas42.parse_hand("6-4 5-5 5-2 4-3 4-2 3-2 3-1")
    six_four = rules.parse_domino("6-4")
    history = rules.replay(texas42.Declaration.SIXES, 0, [six_four], seat=0, hand=hand)
    assert history == rules.replay(texas42.Declaration.SIXES, 0, [six_four], seat=0, hand=hand.mask)
    given, masked = (
        deal.deals_seen_from(history, 0, h, 5, np.random.default_rng(1))[0] for h in (hand, hand.mask)
    )
    assert np.array_equal(given, masked)
    rng = np.random.default_rng(1)
    cases = [
        (lambda: deal.deals_seen_from(history, 5, hand, 3, rng), errors.InvalidSeatError, "not a seat: 5"),
        (lambda: deal.deals_seen_from(history, 0, "x", 3, rng), errors.ArgumentTypeError, "a hand is a Hand"),
        (lambda: deal.deals_seen_from(history, 0, hand, 3, 1), errors.ArgumentTypeError, "rng is a numpy"),
        (
            lambda: deal.deals_seen_from(None, 0, hand, 3, rng),
            errors.ArgumentTypeError,
            "history is a PlayHistory",
        ),
    ]
    for call, error, message in cases:
        with pytest.raises(error, match=re.escape(message)):
            call()


def test_a_position_checks_itself_when_made() -> None:
    """``rules.Position`` and ``rules.TrumpTricks`` check what they are given (the README
    says they do): a trump by name is taken, bad tricks, hands, plays and scores are
    named; the positions after legal plays stay as before."""
    deal = rules.parse_deal(DEAL)
    fives = rules.TrumpTricks("fives")  # type: ignore[arg-type]
    assert fives == rules.TrumpTricks(texas42.Declaration.FIVES)

    def position(played: object) -> rules.Position:
        """Seat 0 leading at fives, ``played`` to the trick (6-6 is seat 1's)."""
        return rules.Position(fives, deal.masks, 0, played)  # type: ignore[arg-type]

    cases = [
        (lambda: rules.Position(None, deal.masks, 0), errors.ArgumentTypeError, "tricks are TrumpTricks"),  # type: ignore[arg-type]
        (lambda: rules.Position(fives, deal.masks[:3], 0), errors.HandSizeError, "hands of four seats"),  # type: ignore[arg-type]
        (lambda: rules.Position(fives, (1, 1, 2, 4), 0), errors.DuplicateDominoError, "in two hands"),
        (lambda: rules.Position(fives, deal.masks, 0, (99,)), errors.InvalidDominoError, "not a domino: 99"),
        (lambda: rules.Position(fives, deal.masks, 0, (), (-1, 0)), errors.HandSizeError, "got (-1, 0)"),
        (lambda: position(27), errors.ArgumentTypeError, "are a tuple of dominoes, got 27"),
        (lambda: position((27,)), errors.IllegalPlayError, "not the plays of a trick in progress: (27,)"),
        (lambda: position((1, 2, 3, 4)), errors.IllegalPlayError, "not the plays of a trick in progress"),
        (lambda: rules.TrumpTricks("x"), errors.InvalidDeclarationError, "unknown declaration: 'x'"),  # type: ignore[arg-type]
        (
            lambda: rules.Position(fives, (deal.masks[0] | deal.masks[1], 0, *deal.masks[2:]), 0),
            errors.HandSizeError,
            "the seats that play hold as many dominoes (at most 7), those that played to the "
            "trick in progress one fewer, got (14, 0, 7, 7)",
        ),
        (lambda: rules.Position(fives, deal.masks, 0, (), (40, 3)), errors.HandSizeError, "at most 42"),
        (lambda: rules.NelloTricks(7), errors.InvalidSeatError, "not a seat: 7"),
        (lambda: rules.NelloTricks(0, 5), errors.ArgumentTypeError, "doubles is a NelloDoubles"),  # type: ignore[arg-type]
        (
            lambda: rules.Position.start(deal, rules.NelloTricks(0), 2),
            errors.InvalidSeatError,
            "seat 2 sits out at Nel-O and leads no trick",
        ),
    ]
    for call, error, message in cases:
        with pytest.raises(error, match=re.escape(message)):
            call()
    assert rules.NelloTricks(1, "high") == rules.NelloTricks(1, rules.NelloDoubles.HIGH)  # type: ignore[arg-type]
    after = rules.Position.start(deal, fives, 0).play(rules.parse_domino("6-4"))
    assert after == rules.Position(fives, after.hands, 0, (rules.parse_domino("6-4"),))


def test_constraints_are_texts() -> None:
    """``deal_constraints`` takes texts (one, or a list), not bytes."""
    assert texas42.deal_constraints(holds="1: 6-6") == texas42.deal_constraints(holds=["1: 6-6"])
    for given in (b"1: 6-6", [b"1: 6-6"], [None]):
        with pytest.raises(errors.ArgumentTypeError, match="holds is a list of texts"):
            texas42.deal_constraints(holds=given)  # type: ignore[arg-type]


def test_deals_with_an_auction_are_the_command_s() -> None:
    """``texas42.deals(..., auction=...)`` draws the deals ``texas42 deals --auction``
    prints, and says how (``inference``); without an auction, none."""
    hand = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
    reported: list[tuple[int, int]] = []
    drawn = texas42.deals(hand, None, 4, 1, auction="pass splash", progress=lambda *k: reported.append(k))
    assert reported[-1] == (4, 4)
    printed = invoke("deals", hand, "--auction", "pass splash", "-n", "4", "-s", "1").stdout.splitlines()
    assert [str(d) for d in drawn.deals] == printed and not drawn.exact
    assert drawn.inference is not None and 0 < drawn.inference.acceptance < 1
    assert texas42.deals(hand, None, 4, 1).inference is None


@pytest.mark.parametrize(
    ("call", "message", "option"),
    [
        (
            lambda: texas42.deal_constraints(holds=["4: 6-6"]),
            "holds 4: 6-6: the seat must be 1, 2 or 3",
            "--holds",
        ),
        (
            lambda: texas42.count_deals(HAND, texas42.deal_constraints(lacks=["1: 6", "2: 6", "3: 6-6"])),
            "lacks: no seat may hold 6-6",
            "--lacks",
        ),
        (
            lambda: texas42.advise_bid("6-6 5-5 4-4 3-3 2-2 1-1 6-5", "pass plunge", deals=5, seed=1),
            "auction: the plunge of seat 3 (your right opponent) needs 4 doubles or more",
            "--auction",
        ),
    ],
)
def test_errors_name_the_python_parameter_and_the_command_line_its_option(
    call: object, message: str, option: str
) -> None:
    """From Python a message begins with the parameter (``holds 4: ...``), never with an
    option of the command line; the command line writes the option there instead."""
    assert callable(call)
    with pytest.raises(texas42.Texas42Error, match="^" + re.escape(message)) as caught:
        call()
    assert "--" not in str(caught.value)
    assert caught.value.parameter == option.removeprefix("--")
    assert error_text(caught.value) == option + str(caught.value).removeprefix(option[2:])


def test_deals_takes_deals_and_house_as_analyze_does() -> None:
    """``deals=`` as every function names it; ``house`` decides, as for ``analyze``, whether
    a plunge is a call the table knows."""
    hand = "6-6 5-5 4-4 3-3 6-5 5-4 6-4"
    assert len(texas42.deals(hand, deals=3, seed=1).deals) == 3
    off = texas42.HouseRules(specials=False)
    with pytest.raises(errors.AuctionError, match=r"^auction: "):
        texas42.deals(hand, deals=3, seed=1, auction="plunge", house=off)
    with pytest.raises(errors.AuctionError, match=r"^auction: "):
        texas42.analyze(hand, deals=3, seed=1, auction="plunge", house=off)


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda h: texas42.analyze(h, deals=20, noise=3), "noise goes with an auction"),
        (lambda h: texas42.deals(h, deals=3, noise=2), "noise goes with an auction"),
        (
            lambda h: texas42.advise_bid(h, "pass 30", deals=20, infer="none", noise=2),
            "not with infer='none'",
        ),
        (lambda h: texas42.declare(h, bid=34, deals=20, noise=2), "noise goes with an auction"),
        (lambda h: texas42.advise_play(h, "fours", deals=20, noise=2), "noise goes with an auction"),
        (lambda h: texas42.review_play(h, "fours", "6-4", deals=20, noise=2), "noise goes with an auction"),
        (lambda h: texas42.analyze(h, deals=20, worlds=5), "worlds goes with realistic_deals"),
        (
            lambda h: texas42.compare(h, ["fours", "sixes"], deals=20, worlds=5),
            "worlds goes with realistic_deals",
        ),
        (lambda h: texas42.advise_play(h, "fours", deals=20, worlds=5), "worlds goes with realistic_deals"),
    ],
)
def test_an_argument_that_would_change_nothing_is_refused(call: Callable[[str], object], named: str) -> None:
    """As the command line refuses --noise without an auction to infer from and --worlds
    without --realistic, before anything is solved."""
    with pytest.raises(errors.AnalysisError, match=named):
        call("6-4 5-5 5-2 4-3 4-2 3-2 3-1")


def test_the_basis_is_spelt_either_way_everywhere() -> None:
    hand = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
    assert texas42.quick(hand, basis="double_dummy") == texas42.quick(hand, basis="double-dummy")
    assert texas42.quick_many([hand], basis="double-dummy").head == "double_dummy"
    with pytest.raises(errors.AnalysisError, match="unknown basis 'dd'"):
        texas42.quick_many([hand], basis="dd")


def test_a_special_contract_is_opened_at_the_bid_that_expects_the_most_marks() -> None:
    # Every trick goes to the dominoes closest to 7: sevens made on every deal, bid at 84.
    analysis = texas42.analyze("6-1 5-2 4-3 6-2 5-3 4-4 3-3", deals=40, seed=1)
    sevens = analysis.special_instead
    assert sevens is not None and sevens.contract is texas42.Contract.SEVENS
    assert (sevens.least_marks, sevens.bid, sevens.marks) == (1, 84, 2)
    assert sevens.expected_marks == pytest.approx(2 * (2 * sevens.make - 1))
    solved = next(s for s in analysis.specials if s.contract is texas42.Contract.SEVENS)
    assert (solved.make, solved.bid) == (1.0, 84)
    # Nel-O, never made here, stays at its least (2 marks by default).
    nello = next(s for s in analysis.specials if s.contract is texas42.Contract.NELLO)
    assert (nello.make, nello.bid, nello.marks) == (0.0, 84, 2)


def test_racing_and_declare_constraints_from_python_are_the_command_lines() -> None:
    """``racing=None`` is --exhaustive, ``Racing(min_deals=...)`` is --min-deals, on
    analyze, bid, compare and declare; declare takes --holds and --lacks as constraints."""
    base = ["-n", "300", "-s", "4", "--json"]
    exhaustive = texas42.analyze(HAND, deals=300, seed=4, racing=None)
    assert all(t.deals == 300 for t in exhaustive.trumps)
    assert texas42.to_dict(exhaustive) == json.loads(invoke("analyze", HAND, *base, "--exhaustive").stdout)
    raced = texas42.analyze(HAND, deals=300, seed=4)
    assert any(t.deals < 300 for t in raced.trumps)
    bid = texas42.advise_bid(HAND, "30", deals=300, seed=4, racing=texas42.Racing(min_deals=250))
    cli = invoke("bid", HAND, "-a", "30", *base, "--min-deals", "250")
    assert texas42.to_dict(bid) == json.loads(cli.stdout)
    compared = texas42.compare(HAND, ["fours", "sixes"], deals=300, seed=4, racing=None)
    cli = invoke("compare", HAND, "fours", "sixes", *base, "--exhaustive")
    assert texas42.to_dict(compared) == json.loads(cli.stdout)
    held = texas42.deal_constraints(holds=["2: 6-6"], lacks=["1: sixes"])
    declared = texas42.declare(HAND, bid=34, deals=300, seed=4, constraints=held, racing=None)
    cli = invoke(
        "declare", HAND, "--bid", "34", *base, "--holds", "2: 6-6", "--lacks", "1: sixes", "--exhaustive"
    )
    assert texas42.to_dict(declared) == json.loads(cli.stdout)
    with pytest.raises(texas42.errors.ArgumentTypeError, match=r"racing is a texas42\.Racing"):
        texas42.analyze(HAND, deals=5, racing=200)  # type: ignore[arg-type]


def test_quick_estimates_compare_and_hash_as_objects() -> None:
    """They hold arrays: compared element by element they would raise, so they are not."""
    mask = texas42.parse_hand(HAND).mask
    first, second = texas42.quick_many(mask), texas42.quick_many(mask)
    assert first == first and first != second and len({first, second}) == 2


def test_a_quick_estimate_gives_a_trump_s_figures_as_an_analysis_does() -> None:
    quick = texas42.quick(HAND)
    fours = quick.stats("fours")
    assert fours.declaration is texas42.Declaration.FOURS and fours == quick.trumps[4]
    assert quick.stats(texas42.Declaration.SIXES) == quick.double_dummy.stats(6)


def test_a_hand_cannot_hold_a_domino_twice_or_the_wrong_number() -> None:
    with pytest.raises(errors.DuplicateDominoError, match="duplicate domino: 1-0 is given twice"):
        texas42.Hand([0, 1, 1, 2, 3, 4, 5, 6])
    for call in (lambda: texas42.TableHand.dealt(texas42.Hand(0), 1), lambda: texas42.quick(texas42.Hand(3))):
        with pytest.raises(errors.HandSizeError, match="a hand needs 7 dominoes, got "):
            call()


def test_the_layers_are_attributes_of_the_package() -> None:
    """``texas42.errors.ArgumentTypeError`` (which the README names) and the other layers
    are there after a plain ``import texas42``, in a fresh interpreter."""
    code = (
        "import texas42, sys; assert 'numba' not in sys.modules; "
        "print(texas42.errors.ArgumentTypeError.__name__, texas42.evaluate.Estimates.__name__, "
        "texas42.rules.HAND_SIZE, texas42.deal.DealConstraints.__name__)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["ArgumentTypeError", "Estimates", "7", "DealConstraints"]
    assert {"errors", "rules", "engine"} <= set(dir(texas42))


def _public_types() -> list[object]:
    """The public classes and functions, and every texas42 class their annotations name."""
    found: dict[int, object] = {}

    def visit(obj: object) -> None:
        if id(obj) in found:
            return
        found[id(obj)] = obj
        for hint in typing.get_type_hints(obj).values():
            for arg in (
                hint,
                *typing.get_args(hint),
                *(a for h in typing.get_args(hint) for a in typing.get_args(h)),
            ):
                if inspect.isclass(arg) and arg.__module__.startswith("texas42"):
                    visit(arg)

    for name in texas42.__all__:
        obj = getattr(texas42, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            visit(obj)
    return list(found.values())


def test_the_public_annotations_resolve_and_every_member_is_documented() -> None:
    """``typing.get_type_hints`` resolves every public class's and function's annotations
    (runtime type tools read them), and every public property and method has a docstring."""
    undocumented = []
    for obj in _public_types():
        if not inspect.isclass(obj):
            continue
        for name, member in vars(obj).items():
            function = member.fget if isinstance(member, property) else getattr(member, "__func__", member)
            if name.startswith("_") or not inspect.isfunction(function):
                continue
            typing.get_type_hints(function)
            if not function.__doc__ and obj.__module__ != "builtins":
                undocumented.append(f"{obj.__name__}.{name}")
    assert len(_public_types()) > 40
    assert undocumented == []


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: texas42.Contract("x"),
            errors.UsageError,
            "Contract is one of nello, sevens, plunge, splash, got 'x'",
        ),
        (lambda: texas42.AllPass(3), errors.ArgumentTypeError, "AllPass is one of forced, reshuffle, got 3"),
        (
            lambda: texas42.NelloDoubles("mid"),
            errors.UsageError,
            "NelloDoubles is one of own-suit, high, low",
        ),
        (lambda: texas42.TableStage(None), errors.ArgumentTypeError, "TableStage is one of bidding,"),
        (lambda: texas42.Auction(bids=(True,)), errors.ArgumentTypeError, "an auction's calls are ints"),
        (
            lambda: texas42.HouseRules(specials=None),
            errors.ArgumentTypeError,
            "specials must be True or False",
        ),
        (lambda: texas42.quick(HAND).trumps[0].make(None), errors.ArgumentTypeError, "not a bid: None"),
        (lambda: texas42.quick(HAND).trumps[0].make(33.5), errors.StatisticsError, "not a bid: 33.5"),
        (lambda: texas42.quick(HAND).trumps[0].make(5), errors.StatisticsError, "not a bid: 5"),
        (
            lambda: texas42.quick_many([-1]),
            errors.EvaluatorError,
            "hand 0 is not a mask of the 28 dominoes: -1",
        ),
        (lambda: texas42.quick_many([HAND, None]), errors.EvaluatorError, "integer masks, got None"),
        (lambda: texas42.quick_many([[HAND, HAND]]), errors.EvaluatorError, f"integer masks, got '{HAND}'"),
        (
            lambda: texas42.advise_play(HAND, "fours", deals=5, realistic_deals=0.0),
            errors.AnalysisError,
            "the deals to play out must be a whole number, got 0.0",
        ),
        (
            lambda: texas42.analyze(HAND, deals=5, realistic_deals=False),
            errors.ArgumentTypeError,
            "the deals to play out must be a whole number, got False",
        ),
    ],
)
def test_choices_bids_and_masks_of_the_wrong_kind_are_named(call: object, error: type, message: str) -> None:
    assert callable(call)
    with pytest.raises(error, match=re.escape(message)):
        call()


def test_one_declaration_stands_for_one_trump() -> None:
    one = texas42.analyze(HAND, deals=20, seed=3, trumps=texas42.Declaration.FOURS)
    assert one.declarations == (texas42.Declaration.FOURS,)
    assert texas42.to_dict(one) == texas42.to_dict(texas42.analyze(HAND, deals=20, seed=3, trumps="fours"))
    assert one.stats(texas42.Declaration.FOURS).make(np.int64(30)) == one.stats("fours").make(30)


def test_the_results_methods_take_a_declaration_by_name_and_refuse_what_is_not_there() -> None:
    fours = texas42.Declaration.FOURS
    result = texas42.analyze(HAND, deals=30, seed=1, trumps=["fours", "sixes"], check_every_bid=True)
    checked = result.check(fours)
    assert checked is not None and result.check("fours") is checked and result.check(4) is checked
    assert result.check("blanks") is None
    realistic = result.realistic
    assert realistic is not None and realistic.stats("fours") is realistic.stats(fours) is not None
    assert realistic.stats("blanks") is None
    sample = result.sample
    assert sample is not None
    assert sample.deals_solved("sixes") == sample.deals_solved(texas42.Declaration.SIXES) == 30
    assert list(sample.points_of("fours")) == list(sample.points_of(fours))
    with pytest.raises(errors.AnalysisError, match=re.escape("blanks was not solved (solved: fours, sixes)")):
        sample.deals_solved("blanks")
    with pytest.raises(errors.InvalidDeclarationError, match="unknown declaration: 'fourz'"):
        sample.points_of("fourz")
    quick = texas42.quick(HAND).double_dummy
    assert quick.stats("fours") is quick.stats(fours)
    with pytest.raises(errors.InvalidDeclarationError, match="not a declaration: 9"):
        quick.stats(9)


def test_a_declaration_s_choice_is_found_by_name_and_one_not_open_is_named() -> None:
    advice = texas42.declare(HAND, bid=34, deals=30, seed=1)
    assert advice.choice("fours") is advice.choice(texas42.Declaration.FOURS)
    assert advice.choice(4) is advice.choice("fours")
    with pytest.raises(errors.AnalysisError, match=re.escape("nello is not open at a bid of 34")):
        advice.choice("nel-o")
    with pytest.raises(errors.AnalysisError, match=re.escape("sevens is not open at a bid of 34")):
        advice.choice(texas42.Contract.SEVENS)
    with pytest.raises(errors.ArgumentTypeError, match="not a declaration: None"):
        advice.choice(None)  # type: ignore[arg-type]


def test_constraints_name_a_bad_seat() -> None:
    constraints = texas42.deal_constraints(holds="1: 6-6", lacks="3: sixes")
    assert constraints.holds(1) == 1 << texas42.rules.parse_domino("6-6")
    assert constraints.holds(0) == constraints.lacks(1) == 0
    with pytest.raises(errors.ArgumentTypeError, match="not a seat: '1'"):
        constraints.holds("1")  # type: ignore[arg-type]
    with pytest.raises(errors.InvalidSeatError, match="not a seat: 4"):
        constraints.lacks(4)
    assert constraints.size(3) == 7
    with pytest.raises(errors.ConstraintError, match="seat 0 is ours"):
        constraints.size(0)


def test_the_plays_figures_name_a_domino_or_seat_that_is_not_there() -> None:
    advice = texas42.advise_play(HAND, "fours", deals=6, seed=2, realistic_deals=3)
    played = advice.realistic
    assert played is not None
    first, second = (p.domino for p in played.plays[:2])
    assert played.lead(first, second)[0] == -played.lead(second, first)[0]
    with pytest.raises(errors.AnalysisError, match=r"6-6 was not played out \(the plays: "):
        played.lead(rules.parse_domino("6-6"), first)
    with pytest.raises(errors.InvalidDominoError, match="not a domino: 99"):
        played.same_wins(first, 99)
    with pytest.raises(errors.ArgumentTypeError, match="stats is a PlayStats"):
        advice.contract_deals(None)  # type: ignore[arg-type]
    line = texas42.line_of_play(DEAL, "nello")
    trick = line.tricks[0]
    assert trick.domino_of(0) == rules.parse_domino("6-4")
    with pytest.raises(errors.AnalysisError, match="seat 2 did not play to this trick"):
        trick.domino_of(2)
    with pytest.raises(errors.InvalidSeatError, match="not a seat: 7"):
        trick.domino_of(7)


def test_bid_advice_says_what_it_rests_on() -> None:
    advice = texas42.advise_bid(HAND, "pass 30", deals=30, seed=5, basis="double-dummy")
    document = texas42.to_dict(advice)
    assert (advice.basis, advice.deals, advice.seed) == ("double-dummy", 30, 5)
    assert (document["advice"]["basis"], document["deals"], document["seed"]) == ("double-dummy", 30, 5)
    assert advice.hand == texas42.rules.parse_hand(HAND)


def test_advise_turn_is_the_advice_follow_gives_at_each_stage() -> None:
    """At seat 0's call, declaration and play, advise_turn gives what advise_bid, declare
    and advise_play give on the table's calls, plays and house rules (follow's advice);
    at another's turn, a UsageError."""
    house = texas42.HouseRules(nello_doubles=texas42.NelloDoubles.HIGH)
    table = texas42.TableHand.dealt("6-6 6-5 6-4 6-2 5-5 4-4 3-1", position=4, house=house)
    with pytest.raises(errors.UsageError, match=re.escape("it is not seat 0's turn (bidding)")):
        texas42.advise_turn(table)
    table = table.enter("pass").enter("30").enter("36")
    for worlds, error in ((-5, errors.AnalysisError), ("x", errors.ArgumentTypeError)):
        # Unused where nothing is played out, yet checked: follow passes its --worlds there too.
        with pytest.raises(error, match="the worlds a decision"):
            texas42.advise_turn(table, deals=30, seed=2, worlds=worlds)  # type: ignore[arg-type]
    options = {"deals": 30, "seed": 2}
    called = texas42.advise_turn(table, **options, noise=0.5)
    assert isinstance(called, texas42.BidAdvice)
    assert texas42.to_dict(called) == texas42.to_dict(
        texas42.advise_bid(table.hand, "pass 30 36", house=house, noise=0.5, **options)
    )
    table = table.enter("37")
    declared = texas42.advise_turn(table, **options)
    assert isinstance(declared, texas42.DeclarationAdvice)
    assert texas42.to_dict(declared) == texas42.to_dict(
        texas42.declare(table.hand, "pass 30 36 37", house=house, **options)
    )
    table = table.enter("sixes")
    played = texas42.advise_turn(table, **options, worlds=3)  # nothing played out: worlds unused
    assert isinstance(played, texas42.PlayAdvice) and played.realistic is None
    assert texas42.to_dict(played) == texas42.to_dict(
        texas42.advise_play(table.hand, "sixes", "", auction="pass 30 36 37", house=house, **options)
    )
    with pytest.raises(errors.UsageError, match=re.escape("it is not seat 0's turn (playing)")):
        texas42.advise_turn(table.enter("6-6"))


def test_the_types_a_public_result_holds_are_public_names_too() -> None:
    """A result's fields, one level down, hold types that ``import texas42`` names, so that
    a caller can annotate with them (the deeper ones stay in their layers)."""
    held = {
        texas42.DeclarationAdvice: ("choices", "calibration", "played", "reading", "inference"),
        texas42.BidAdvice: ("specials", "uniform"),
        texas42.HandAnalysis: ("realistic",),
        texas42.PlayAdvice: ("realistic", "history"),
    }
    for result, fields in held.items():
        hints = typing.get_type_hints(result)
        for field in fields:
            named = {
                a
                for a in (hints[field], *typing.get_args(hints[field]))
                if inspect.isclass(a) and a is not type(None)
            }
            named |= {
                a for h in typing.get_args(hints[field]) for a in typing.get_args(h) if inspect.isclass(a)
            }
            assert named and all(getattr(texas42, a.__name__) is a for a in named), (result, field)
