"""Where the unseen trumps and count lie during play (``analysis.locations``): the order of
the dominoes, the shares by hand, and what ``play`` shows of them."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import texas42
from cli_runner import invoke
from texas42.analysis import locate
from texas42.analysis.locations import telling_dominoes
from texas42.deal import sample_deals
from texas42.rules import COUNT, Declaration, domino_name, parse_dominoes

HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
TRICKS = "6-6 6-3 5-0 6-1"
"""Seat 2, the partner, shows out of sixes on the first trick."""


def _mask(text: str) -> int:
    return parse_dominoes(text, size=None).mask


def _names(text: str, declaration: Declaration) -> list[str]:
    return [domino_name(d) for d in telling_dominoes(_mask(text), declaration)]


def test_trumps_strongest_first_then_the_count() -> None:
    unseen = "6-6 6-4 6-0 5-5 5-0 4-1 3-2"
    assert _names(unseen, Declaration.SIXES) == ["6-6", "6-4", "6-0", "5-5", "5-0", "4-1", "3-2"]
    assert _names(unseen, Declaration.DOUBLES) == ["6-6", "5-5", "6-4", "5-0", "4-1", "3-2"]
    assert _names(unseen, Declaration.FOLLOW_ME) == ["6-4", "5-5", "5-0", "4-1", "3-2"]
    assert _names("6-3 2-1 1-0 0-0", Declaration.FIVES) == []


def test_shares_by_hand_and_by_weight() -> None:
    """Two deals seen from seat 1: 6-5 with seat 0 in the first, seat 2 in the second; 5-5
    with seat 3 in both; weighed 3 to 1 the first counts three times."""
    ours = _mask("1-1")
    first = [_mask("6-5 2-2"), ours, _mask("0-0"), _mask("5-5")]
    second = [_mask("2-2"), ours, _mask("6-5 0-0"), _mask("5-5")]
    sample = np.array([first, second], dtype=np.int64)
    found = locate(sample, None, 1, Declaration.SIXES)
    assert [(domino_name(p.domino), p.shares) for p in found.places] == [
        ("6-5", (0.5, None, 0.5, 0.0)),
        ("5-5", (0.0, None, 0.0, 1.0)),
    ]
    weighed = locate(sample, np.array([3.0, 1.0]), 1, Declaration.SIXES)
    assert weighed.places[0].shares == (0.75, None, 0.25, 0.0)
    assert found.deals == 2 and found.seat == 1


def test_every_unseen_domino_is_somewhere_and_a_void_holds_none() -> None:
    advice = texas42.advise_play(HAND, "sixes", TRICKS, bid=34, deals=300, seed=1)
    found = advice.locations()
    assert found is not None
    assert [domino_name(p.domino) for p in found.places] == ["6-0", "4-1", "3-2"]
    for place in found.places:
        assert place.shares[0] is None
        assert sum(s for s in place.shares if s is not None) == pytest.approx(1.0)
    assert found.places[0].shares[2] == 0.0  # the partner showed out of sixes


def test_no_locations_at_nello() -> None:
    advice = texas42.advise_play("6-0 5-1 4-0 3-1 2-0 1-0 0-0", "nello", "", bid=84, deals=50, seed=1)
    assert advice.locations() is None


def test_play_shows_who_holds_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    args = ("play", HAND, "--trump", "sixes", "--bid", "34", "--tricks", TRICKS, "--seed", "1", "-n", "200")
    text = invoke(*args)
    assert text.exit_code == 0, text.stderr
    document = json.loads(invoke(*args, "--json").stdout)
    rows = {row["domino"]: row["held_by"] for row in document["locations"]}
    assert list(rows) == ["6-0", "4-1", "3-2"] and rows["6-0"][0] is None and rows["6-0"][2] == 0.0
    lines = text.stdout.splitlines()
    start = lines.index(
        next(line for line in lines if line.startswith("Who holds the unseen trumps and count"))
    )
    assert lines[start + 2].split() == ["domino", "seat", "1", "seat", "2", "(partner)", "seat", "3"]
    shown = lines[start + 4].split()
    assert shown[0] == "6-0" and shown[1:] == [f"{round(100 * rows['6-0'][s])}%" for s in (1, 2, 3)]
    for line in lines[start + 4 : start + 4 + len(rows)]:  # rounded to add up, as shares are
        assert sum(int(cell.rstrip("%")) for cell in line.split()[1:]) == 100, line


def test_a_row_of_shares_adds_up_to_100_percent() -> None:
    """Rounded one by one, these rows read 32% 33% 34% (99) and 43% 32% 26% (101); the
    largest remainders are rounded up instead, as wherever shares are shown."""
    text = invoke("play", "5-4 5-2 4-2 3-3 3-2 2-1 1-1", "-t", "sixes", "--seat", "1", "--auction",
                  "34 pass pass pass", "--tricks", "6-6", "--deals", "300", "--seed", "1").stdout  # fmt: skip
    rows = [line.split() for line in text.splitlines() if line[:4] in (" 6-1", " 5-5")]
    assert rows == [["6-1", "32%", "33%", "35%"], ["5-5", "43%", "32%", "25%"]]


@given(seed=st.integers(0, 10_000), seat=st.integers(0, 3), trump=st.sampled_from(list(Declaration)))
@settings(max_examples=60, deadline=None)
def test_the_shares_add_up_and_list_every_trump_and_count_out(
    seed: int, seat: int, trump: Declaration
) -> None:
    """Over random deals (weighed at random), every domino listed is held by one of the
    other seats: its shares add up to 1, the asking seat's is None; and the list is every
    trump and count domino the other seats hold, trumps first."""
    rng = np.random.default_rng(seed)
    deals = sample_deals(parse_dominoes(HAND), 20, rng)
    sample = np.roll(deals, seat, axis=1)  # our hand at ``seat``
    weights = rng.random(20) if seed % 2 else None
    found = locate(sample, weights, seat, trump)
    unseen = int(np.bitwise_or.reduce(sample[0])) & ~int(sample[0, seat])
    wanted = {d for d in range(28) if unseen >> d & 1 and (trump.trumps >> d & 1 or COUNT[d])}
    listed = [p.domino for p in found.places]
    assert set(listed) == wanted and len(listed) == len(wanted)
    is_trump = [bool(trump.trumps >> d & 1) for d in listed]
    assert is_trump == sorted(is_trump, reverse=True)
    for place in found.places:
        assert place.shares[seat] is None
        assert sum(s for s in place.shares if s is not None) == pytest.approx(1.0)
