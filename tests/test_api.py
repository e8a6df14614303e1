"""The public Python API: the README's example, run as written, and the API's contracts."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

import texas42
from cli_runner import invoke

README = Path(__file__).resolve().parents[1] / "README.md"
HAND = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
DEAL = "64 55 52 43 42 32 31 / 66 65 62 61 54 51 50 / 60 44 30 22 20 11 00 / 63 53 41 40 33 21 10"


def _readme_example() -> tuple[str, str]:
    """The code and the printed output of the README's "Use from Python" section."""
    section = README.read_text().split("## Use from Python", 1)[1].split("\n## ", 1)[0]
    code, output = re.findall(r"```(?:python|text)\n(.*?)```", section, flags=re.S)[:2]
    return code, output


def test_readme_example_prints_what_the_readme_says() -> None:
    code, output = _readme_example()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(README), "exec"), {})
    assert printed.getvalue() == output


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


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: texas42.analyze("6-4 5-5", deals=5), "a hand needs 7 dominoes, got 2"),
        (lambda: texas42.analyze(HAND, deals=0), "the number of deals must be at least 1, got 0"),
        (lambda: texas42.analyze(HAND, deals=5, seed=-1), "a seed runs from 0"),
        (lambda: texas42.analyze(HAND, deals=5, trumps=["spades"]), "unknown declaration: 'spades'"),
        (lambda: texas42.analyze(HAND, deals=5, confidence=2.0), "the confidence must be above 0"),
        (lambda: texas42.advise_bid(HAND, "30 29", deals=5), "not a bid: '29'"),
        (lambda: texas42.compare(HAND, ["fours"], deals=5), "at least two declarations"),
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
