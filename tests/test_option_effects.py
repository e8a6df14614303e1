"""Options whose refusals are tested beside their commands, here on the path where they
are taken: each does what its help says, on the command line and from Python alike.
Small samples (30-60 deals): what is checked is where the option goes, not statistics."""

from __future__ import annotations

import json
from typing import Any

import pytest

import texas42
from cli_runner import invoke
from texas42.rules import AllPass, HouseRules, NelloDoubles

ORDINARY = "6-4 5-5 4-2 3-1 2-0 1-1 0-0"
LOW = "6-0 5-1 4-0 3-1 2-0 1-0 0-0"
SIXES = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
WEAK = "6-1 5-2 4-0 3-1 2-0 6-3 5-1"


def json_of(*args: str) -> dict[str, Any]:
    result = invoke(*args, "--json")
    assert result.exit_code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def text_of(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_noise_is_the_bidding_model_s_and_changes_the_deals_drawn() -> None:
    """--noise 0.5 (players who misjudge their hands less than the default 1) reads the
    calls more sharply: fewer candidate deals fit them, so the deals differ."""
    declare = ("declare", ORDINARY, "--auction", "30 34 pass pass", "-n", "60", "-s", "1")
    sharp, default = json_of(*declare, "--noise", "0.5"), json_of(*declare)
    assert (sharp["inference"]["noise"], default["inference"]["noise"]) == (0.5, 1.0)
    assert sharp["inference"]["acceptance"] != default["inference"]["acceptance"]
    assert sharp["declarations"] != default["declarations"]
    api = texas42.declare(ORDINARY, "30 34 pass pass", deals=60, seed=1, noise=0.5)
    assert texas42.to_dict(api) == sharp
    compare = json_of(
        "compare",
        ORDINARY,
        "fours",
        "follow-me",
        "--auction",
        "30 pass",
        "-n",
        "60",
        "-s",
        "1",
        "--noise",
        "0.5",
    )
    assert compare["inference"]["noise"] == 0.5
    compared = texas42.compare(
        ORDINARY, ["fours", "follow-me"], auction="30 pass", deals=60, seed=1, noise=0.5
    )
    assert texas42.to_dict(compared) == compare


def test_declare_without_inference_deals_as_if_only_the_bid_were_known() -> None:
    told = json_of(
        "declare", ORDINARY, "--auction", "30 34 pass pass", "-n", "60", "-s", "1", "--infer", "none"
    )
    bid_alone = json_of("declare", ORDINARY, "--bid", "34", "-n", "60", "-s", "1")
    assert "inference" not in told and told["auction"] == [30, 34, "pass", "pass"]
    assert told["declarations"] == bid_alone["declarations"] and told["advice"] == bid_alone["advice"]


def test_compare_weighs_nello_as_the_house_plays_its_doubles() -> None:
    """With the 0-0 its only double, the hand's Nel-O odds turn on how doubles play."""
    made = {}
    for doubles in ("own-suit", "high", "low"):
        document = json_of(
            "compare", LOW, "fours", "follow-me", "-n", "60", "-s", "1", "--nello-doubles", doubles
        )
        (nello,) = [s for s in document["specials"] if s["contract"] == "nello"]
        assert nello["doubles"] == doubles
        made[doubles] = nello["make"]
    assert made == {"own-suit": 0.6667, "high": 0.8333, "low": 0.0333}
    house = HouseRules(nello_doubles=NelloDoubles.HIGH)
    api = texas42.compare(LOW, ["fours", "follow-me"], deals=60, seed=1, house=house)
    assert texas42.to_dict(api)["specials"][0]["make"] == made["high"]


def test_quick_confidence_is_the_odds_a_bid_needs() -> None:
    """Double-dummy, the hand makes 36 about 56% of the time: the default (half) bids it,
    asking 80% passes."""
    default, sure = json_of("quick", ORDINARY), json_of("quick", ORDINARY, "-c", "0.8")
    assert default["recommendation"]["double_dummy"]["bid"] == 36
    assert (sure["recommendation"]["double_dummy"]["bid"], sure["recommendation"]["confidence"]) == (
        "pass",
        0.8,
    )
    assert texas42.to_dict(texas42.quick(ORDINARY, confidence=0.8)) == sure


def test_exhaustive_and_min_deals_set_the_race() -> None:
    exhaustive = json_of("bid", ORDINARY, "--auction", "pass", "-n", "60", "-s", "1", "--exhaustive")
    assert exhaustive["racing"] is None
    raced = json_of("declare", ORDINARY, "--bid", "34", "-n", "60", "-s", "1", "--min-deals", "40")
    assert raced["racing"]["min_deals"] == 40
    assert min(d["deals"] for d in raced["declarations"]) >= 40


@pytest.mark.parametrize(
    "args",
    [
        ("play", SIXES, "-t", "sixes", "--tricks", "6-6 6-3 5-0 6-1", "-n", "60", "-s", "2"),
        ("review", SIXES, "-t", "sixes", "--bid", "34", "--tricks", "6-6 6-3 5-0 6-1 / 6-5 5-4", "-n", "40",
         "-s", "2"),
    ],
)  # fmt: skip
def test_play_and_review_say_the_same_on_any_number_of_threads(args: tuple[str, ...]) -> None:
    one = text_of(*args, "--threads", "1")
    assert one == text_of(*args, "-j", "2")
    assert "seed 2" in one


def test_review_weighs_the_shakers_call_by_the_all_pass_rule() -> None:
    """The shaker bid 30 after three passes with a weak hand: forced, that was the rule;
    where an all-pass hand is reshuffled, passing was the advice."""
    args = ("review", WEAK, "-t", "fives", "--auction", "pass pass pass 30", "--seat", "3", "--bidder", "3",
            "--tricks", "5-2", "-n", "60", "-s", "1")  # fmt: skip
    forced, reshuffled = json_of(*args), json_of(*args, "--all-pass", "reshuffle")
    assert (forced["called"]["bid"]["advice"]["bid"], forced["called"]["bid"]["advice"]["rule"]) == (
        30,
        "forced",
    )
    advised = reshuffled["called"]["bid"]["advice"]
    assert (advised["bid"], advised["rule"]) == ("pass", "cannot-make")
    house = HouseRules(all_pass=AllPass.RESHUFFLE)
    api = texas42.review_play(WEAK, "fives", "5-2", seat=3, bidder=3,
                              auction="pass pass pass 30", deals=60, seed=1, house=house)  # fmt: skip
    assert texas42.to_dict(api) == reshuffled
