"""What the calls say of the other hands (``analysis.reading``): the means by hand, the
seats' calls, and what ``bid`` shows of them."""

from __future__ import annotations

import json

import numpy as np
import pytest

import texas42
from cli_runner import invoke
from texas42.analysis import Holding, read_auction
from texas42.analysis.reading import holding
from texas42.deal import sample_deals
from texas42.rules import Declaration, parse_auction, parse_hand

ORDINARY = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
ALL_SIXES_BUT_TWO = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"


def _mask(text: str) -> int:
    return parse_hand(text).mask


def test_a_holding_counts_doubles_count_and_trumps() -> None:
    hands = np.array(
        [_mask("6-6 5-5 6-4 5-0 4-1 3-2 1-0"), _mask("6-5 6-3 6-2 6-1 2-1 2-0 1-1")], dtype=np.int64
    )
    # Doubles 2 and 1; count 10 + 10 + 5 + 5 + 5 = 35 and 0; sixes 2 and 4.
    assert holding(hands, Declaration.SIXES) == Holding(1.5, 17.5, 3.0)
    assert holding(hands, Declaration.DOUBLES).trumps == 1.5
    assert holding(hands, Declaration.FOLLOW_ME).trumps is None


@pytest.mark.parametrize(
    ("auction", "calls"),
    [("", ((), (), ())), ("pass 30", ((), (0,), (30,))), ("30 pass 31", ((30,), (0,), (31,)))],
)
def test_each_seat_reads_its_own_calls(auction: str, calls: tuple[tuple[int, ...], ...]) -> None:
    """We bid at the auction's position: the first bidder sits that many seats to our right."""
    deals = sample_deals(parse_hand(ORDINARY), 10, np.random.default_rng(1))
    reading = read_auction(parse_auction(auction), deals, deals[:4], Declaration.FOURS)
    assert tuple(s.calls for s in reading.seats) == calls
    assert (reading.deals, reading.uniform_deals) == (10, 4)
    assert reading.seats[1].fitted == holding(deals[:, 2], Declaration.FOURS)
    assert reading.seats[2].uniform == holding(deals[:4, 3], Declaration.FOURS)


def test_a_partner_s_splash_shows_three_doubles() -> None:
    """A splash says its bidder holds three doubles or more: so does every deal drawn to
    fit it, where uniform deals give the partner about two."""
    advice = texas42.advise_bid(ORDINARY, "pass splash pass", deals=200, seed=3)
    assert advice.reading is not None
    partner = advice.reading.seats[1]
    assert partner.calls == (84,) and partner.names == ("splash",) and partner.fitted.doubles >= 3.0
    assert 1.6 < partner.uniform.doubles < 2.4  # 5 doubles unseen: 5/3 a seat, +- 4 standard errors


def test_no_auction_no_reading() -> None:
    assert texas42.advise_bid(ORDINARY, "", deals=60, seed=1).reading is None
    assert texas42.advise_bid(ORDINARY, "pass 30", deals=60, seed=1, infer="none").reading is None


def test_bid_shows_what_the_calls_say(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    args = ("bid", "--seed", "5", "-n", "100", ORDINARY, "--auction", "pass 36 pass", "--noise", "0.3")
    text = invoke(*args)
    assert text.exit_code == 0, text.stderr
    assert "What the calls say" in text.stdout and "on average over the 100 deals that fit the" in text.stdout
    document = json.loads(invoke(*args, "--json").stdout)
    reading = document["auction_reading"]
    assert [s["calls"] for s in reading["seats"]] == [["pass"], [36], ["pass"]]
    partner = reading["seats"][1]
    row = next(line for line in text.stdout.splitlines() if line.lstrip().startswith("partner"))
    fitted, uniform = partner["fitted"], partner["uniform"]
    assert f"{fitted['doubles']:.1f} ({uniform['doubles']:.1f})" in row
    assert f"{fitted['count']:.1f} ({uniform['count']:.1f})" in row
    assert reading["trump"] == document["advice"]["trump"] or document["advice"]["trump"] is None


def test_declare_reads_the_whole_auction() -> None:
    """In a whole auction the calls after ours count too, each seat's own (the right
    opponent opened 30, we won at 34, the left opponent and the partner passed); the
    trumps counted are the advised trump's; none without an auction to read."""
    advice = texas42.declare(
        ALL_SIXES_BUT_TWO, auction="30 34 pass pass", deals=100, seed=2, basis="double-dummy"
    )
    assert advice.reading is not None and isinstance(advice.advised.declaration, Declaration)
    assert advice.samples is not None
    assert [s.calls for s in advice.reading.seats] == [(0,), (0,), (30,)]
    assert advice.reading.declaration == advice.advised.declaration
    assert advice.reading.seats[0].fitted == holding(advice.samples.main[:, 1], advice.advised.declaration)
    assert texas42.declare(ALL_SIXES_BUT_TWO, bid=34, deals=60, seed=2).reading is None
    document = texas42.to_dict(advice)
    assert [s["calls"] for s in document["auction_reading"]["seats"]] == [["pass"], ["pass"], [30]]
