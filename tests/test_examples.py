"""The example scripts of ``examples/`` run as a user would run them."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import texas42
from texas42.rules import parse_domino

ROOT = Path(__file__).resolve().parents[1]
TRICK = re.compile(r"trick (\d): seat (\d) leads (.*), seat (\d) wins; team 0\+2 +(\d+), team 1\+3 +(\d+)")


def test_the_table_game_bids_plays_a_whole_hand_and_solves_it() -> None:
    """Four bids, seven tricks that play every domino once and share the 42 points, the
    bidder's points, and the deal's double-dummy value as ``texas42.solve`` gives it."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "table_game.py"), "--seed", "3", "--deals", "40"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert (run.returncode, run.stderr) == (0, "")
    lines = run.stdout.splitlines()
    hands = _table_game().deal_hands(3)
    assert len(lines) == 14
    assert [line.split(":")[0] for line in lines[:4]] == [f"seat {s} ({h})" for s, h in enumerate(hands)]
    won = re.fullmatch(r"seat (\d) bid (\d+) and names (\S+)", lines[4])
    assert won is not None and int(won[2]) >= 30
    tricks = [TRICK.fullmatch(line) for line in lines[5:12]]
    assert all(tricks)
    assert [int(t[1]) for t in tricks if t] == list(range(1, 8))
    assert sorted(parse_domino(d) for t in tricks if t for d in t[3].split()) == list(range(28))
    last = tricks[-1]
    assert last is not None and int(last[5]) + int(last[6]) == 42
    bidder = int(won[1])
    assert lines[12].startswith(f"seat {bidder}'s team took {last[5 + bidder % 2]} points: the bid is ")
    solved = texas42.solve(" / ".join(hands)).value(texas42.parse_declaration(won[3]), bidder)
    assert lines[13] == f"double-dummy, every hand seen: seat {bidder}'s team takes {solved} points"


def _table_game() -> ModuleType:
    spec = importlib.util.spec_from_file_location("table_game", ROOT / "examples" / "table_game.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_listening_sets_the_calls_beside_uniform_deals_at_two_noises() -> None:
    """The table of doubles holds the seats' calls and the readings of ``advise_bid`` at
    the two noises, as the library gives them; the sharper model reads more into the
    right opponent's 31."""
    command = [sys.executable, str(ROOT / "examples" / "listening.py"), "--deals", "120", "--seed", "2"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert (run.returncode, run.stderr) == (0, "")
    lines = run.stdout.splitlines()
    hand = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
    assert lines[0] == f"{hand} after pass 30 31: each other hand's doubles on average (120 deals)"
    readings = [
        texas42.advise_bid(hand, "pass 30 31", deals=120, seed=2, noise=n).reading for n in (1.0, 0.15)
    ]
    for seat, (role, called) in enumerate(
        [("left opponent", "pass"), ("partner", "30"), ("right opponent", "31")]
    ):
        cells = lines[2 + seat].rsplit(maxsplit=3)
        wanted = [f"{r.seats[seat].fitted.doubles:.2f}" for r in readings if r is not None]
        assert cells[0].split() == [*role.split(), called] and cells[2:] == wanted
    assert float(lines[4].split()[-1]) > float(lines[4].split()[-2])
    assert lines[5].startswith("noise 1: ") and lines[6].startswith("noise 0.15: ")
