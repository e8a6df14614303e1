"""The quick model's special contracts (``evaluate.special_odds``): Nel-O's features and
networks, sevens' profiles and table, both against the engine's solves; and ``texas42
quick``'s special contracts, text and JSON."""

from __future__ import annotations

import io
import itertools
import json
import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import texas42
from cli_runner import invoke
from texas42 import engine, rules
from texas42.analysis import quick_hand
from texas42.analysis.specials import CALIBRATED, SOLVED, analyze_specials, calibrated_odds
from texas42.analysis.statistics import Interval
from texas42.deal import sample_deals
from texas42.errors import EvaluatorError
from texas42.evaluate.special_calibration import calibrations, nello_calibrations
from texas42.evaluate.special_odds import (
    NELLO_FEATURES,
    SPLASH_FEATURES,
    SpecialModel,
    distance_profiles,
    hand_ranks,
    load_special_model,
    nello_features,
    profile_hands,
    read_special_model,
    splash_features,
    suit_order,
    write_special_model,
)
from texas42.io.documents import quick_to_json
from texas42.rules import (
    DOMINOES,
    Contract,
    Hand,
    HouseRules,
    NelloDoubles,
    is_double,
    parse_domino,
    parse_hand,
    sevens_distance,
)

NELLO_HAND = "6-0 5-1 4-0 3-1 2-0 1-0 0-0"
SIXES = "6-6 6-5 6-4 6-3 6-2 6-1 6-0"
FOUR_DOUBLES = "6-6 5-5 4-4 3-3 6-5 2-1 1-0"


def solved_odds(hand: str, n: int, seed: int, contract: Contract, doubles: NelloDoubles) -> float:
    deals = sample_deals(parse_hand(hand), n, np.random.default_rng(seed))
    if contract is Contract.NELLO:
        return float(engine.solve_nello(deals, 0, doubles).values.mean())
    return float(engine.solve_sevens(deals, 0, contract_only=True).values.mean())


# --- Features and profiles ---------------------------------------------------------------


def test_nello_features_spelled_out() -> None:
    """Own-suit doubles: the blanks' suit (1-0 .. 6-0, lowest first) holds 1-0 2-0 4-0 6-0;
    below the 6-0, the 3-0 and 5-0 are not held; the doubles' suit holds only the 0-0."""
    x = nello_features(np.array([parse_hand(NELLO_HAND).mask]), NelloDoubles.OWN_SUIT)[0]
    assert x.shape == (NELLO_FEATURES,)
    assert x[:6].tolist() == [1, 1, 0, 1, 0, 1]
    assert x[42:49].tolist() == [1, 0, 0, 0, 0, 0, 0]
    assert x[49] == 4 and x[49 + 7] == 1  # held in the blanks, in the doubles
    assert x[57] == 2 and x[57 + 7] == 0  # not held below the highest held
    assert x[-1] == 1


def test_nello_features_see_the_treatment_of_doubles() -> None:
    """High: the 0-0 tops the blanks (the suit's last slot); low: it is their lowest."""
    mask = np.array([parse_hand(NELLO_HAND).mask])
    high, low = nello_features(mask, NelloDoubles.HIGH)[0], nello_features(mask, NelloDoubles.LOW)[0]
    assert high[:7].tolist() == [1, 1, 0, 1, 0, 1, 1] and high[57] == 2
    assert low[:7].tolist() == [1, 1, 1, 0, 1, 0, 1] and low[57] == 2
    assert high[49 + 7] == low[49 + 7] == 0  # no doubles' suit


def spelled_out_features(hand: int, doubles: NelloDoubles) -> list[float]:
    """``nello_features`` of one hand, in plain Python from the suits' orders."""
    order = suit_order(doubles)
    slots = [float(hand >> d & 1) for suit in order for d in suit]
    held = [[i for i, d in enumerate(suit) if hand >> d & 1] for suit in order]
    counts = [float(len(h)) for h in held]
    below = [float(h[-1] - (len(h) - 1)) if h else 0.0 for h in held]
    return slots + counts + below + [float(sum(hand >> d & 1 for d in DOMINOES if is_double(d)))]


@pytest.mark.parametrize("doubles", list(NelloDoubles))
def test_nello_features_equal_their_plain_reading(doubles: NelloDoubles) -> None:
    """Every feature of 300 random hands of 0 to 7 dominoes, against the plain reading."""
    rng = np.random.default_rng(11)
    hands = [sum(1 << int(d) for d in rng.choice(28, rng.integers(0, 8), replace=False)) for _ in range(300)]
    features = nello_features(np.array(hands, dtype=np.int64), doubles)
    assert features.dtype == np.float32
    assert features.tolist() == [spelled_out_features(h, doubles) for h in hands]


def test_every_profile_once() -> None:
    hands, keys = profile_hands()
    assert len(hands) == 1640 and len(np.unique(keys)) == 1640 and np.all(np.diff(keys) > 0)
    assert all(bin(int(h)).count("1") == 7 for h in hands)
    assert np.array_equal(distance_profiles(hands), keys)
    rng = np.random.default_rng(3)
    random = np.array([sum(1 << int(d) for d in rng.choice(28, 7, replace=False)) for _ in range(500)])
    assert np.isin(distance_profiles(random), keys).all()


def test_sevens_depends_only_on_distances() -> None:
    """What makes the table exact: renaming the dominoes within each distance from 7
    changes no deal's sevens value (every leader, 100 random deals)."""
    rng = np.random.default_rng(11)
    deals = sample_deals(parse_hand(SIXES), 100, rng)
    deals = np.array([rng.permutation(row) for row in deals])
    rename = np.arange(28)
    for k in range(8):
        same = [d for d in DOMINOES if sevens_distance(d) == k]
        rename[same] = rng.permutation(same)
    bits = (deals[..., None] >> np.arange(28)) & 1
    renamed = (bits * (1 << rename)).sum(axis=-1)
    assert not np.array_equal(renamed, deals)
    for leader in range(4):
        before = engine.solve_sevens(deals, leader).values
        assert np.array_equal(engine.solve_sevens(renamed, leader).values, before)


# --- The shipped model against the engine -------------------------------------------------


def test_the_sevens_table_agrees_with_solving() -> None:
    """Fresh solves (1,000 deals a hand) against the table (2,000 deals a profile): within
    four standard errors of their difference (a false alarm about once in 16,000 a hand)."""
    model = load_special_model()
    for i, hand in enumerate(("6-1 5-2 4-3 6-0 5-1 4-2 3-3", "6-1 5-2 4-3 6-2 5-3 4-4 1-0", SIXES)):
        mask = np.array([parse_hand(hand).mask])
        table = float(model.sevens_odds_of(mask)[0])
        fresh = solved_odds(hand, 1000, 70 + i, Contract.SEVENS, NelloDoubles.OWN_SUIT)
        p = (table + fresh) / 2
        se = np.sqrt(p * (1 - p) * (1 / 1000 + 1 / 2000)) + 1e-9
        assert abs(table - fresh) <= 4 * se, (hand, table, fresh)
    assert model.sevens_odds_of(np.array([parse_hand("6-1 5-2 4-3 6-0 5-1 4-2 3-3").mask]))[0] > 0.5


NELLO_HANDS = (
    NELLO_HAND,
    "6-2 5-2 5-0 4-1 4-0 1-1 1-0",
    "6-2 6-0 3-3 3-0 2-1 1-1 0-0",
    "5-0 4-1 3-2 3-0 2-0 1-0 0-0",
    "6-3 5-3 4-4 2-2 2-1 1-1 1-0",
    SIXES,
)


@pytest.mark.parametrize("doubles", list(NelloDoubles))
def test_the_nello_estimates_are_close_to_solving(doubles: NelloDoubles) -> None:
    """Hands with Nel-O odds from none to most, 600 solved deals each (sampling error
    at most 0.02): the networks within 0.08 of each hand and 0.04 on average."""
    model = load_special_model()
    masks = np.array([parse_hand(h).mask for h in NELLO_HANDS])
    estimated = model.nello_odds(masks, doubles)
    solved = np.array(
        [solved_odds(h, 600, 90 + i, Contract.NELLO, doubles) for i, h in enumerate(NELLO_HANDS)]
    )
    errors = np.abs(estimated - solved)
    assert errors.max() <= 0.08, (estimated, solved)
    assert errors.mean() <= 0.04, (estimated, solved)


def test_a_nello_lost_at_the_first_lead_has_no_odds() -> None:
    """``rules.nello_lost_at_first_lead``: every lead of all seven doubles takes the trick
    unless doubles are low (and so of a hand with 6-5 for the 0-0); the solver loses
    every deal of such hands, and the model and the calibration give them nothing. Hands
    of seven of the doubles, 6-5 and 5-4 (36): every one the rule settles (20 of 108
    with the three treatments) is lost on every deal solved."""
    own, high, low = NelloDoubles.OWN_SUIT, NelloDoubles.HIGH, NelloDoubles.LOW
    cases = {
        "6-6 5-5 4-4 3-3 2-2 1-1 0-0": {own: True, high: True, low: False},
        "6-6 5-5 4-4 3-3 2-2 1-1 6-5": {own: True, high: True, low: False},
        "6-6 5-5 4-4 3-3 2-2 1-1 1-0": {own: False, high: False, low: False},
    }
    model = load_special_model()
    for hand, lost in cases.items():
        mask = parse_hand(hand).mask
        for doubles, expected in lost.items():
            assert rules.nello_lost_at_first_lead(mask, doubles) is expected
            if expected:
                assert solved_odds(hand, 50, 1, Contract.NELLO, doubles) == 0.0
                assert model.nello_odds(np.array([mask]), doubles)[0] == 0.0
                odds = calibrated_odds(Contract.NELLO, 2, 0.0, mask, doubles)
                assert odds.make == 0.0 and odds.make_ci95 == Interval(0.0, 0.0)
    pool = [d for d in DOMINOES if is_double(d)] + [parse_domino("6-5"), parse_domino("5-4")]
    found = 0
    for k, dominoes in enumerate(itertools.combinations(pool, 7)):
        hand = Hand(dominoes)
        deals = sample_deals(hand, 20, np.random.default_rng(k))
        for doubles in NelloDoubles:
            if rules.nello_lost_at_first_lead(hand.mask, doubles):
                found += 1
                assert not engine.solve_nello(deals, 0, doubles).values.any()
    assert found == 20


def test_sevens_won_at_every_lead_is_certain() -> None:
    """``rules.sevens_won_at_every_lead``: of the 120 hands of the ten dominoes within 1 of
    7, the 35 holding all three at 7 lead a domino nobody can beat at every trick (the
    first played wins a tie); the solver gives them every trick on every deal, and the
    calibration certainty (band [1, 1]). Missing one of the three, a hand can be beaten."""
    pool = [d for d in DOMINOES if rules.sevens_distance(d) <= 1]
    assert len(pool) == 10
    won = []
    for k, dominoes in enumerate(itertools.combinations(pool, 7)):
        hand = Hand(dominoes)
        if rules.sevens_won_at_every_lead(hand.mask):
            won.append(hand)
            assert engine.solve_sevens(sample_deals(hand, 20, np.random.default_rng(k))).values.min() == 7
    assert len(won) == 35 and all(sum(rules.sevens_distance(d) == 0 for d in h) == 3 for h in won)
    odds = calibrated_odds(Contract.SEVENS, 1, 1.0, won[0].mask)
    assert odds.make == 1.0 and odds.make_ci95 == Interval(1.0, 1.0)
    assert not rules.sevens_won_at_every_lead(parse_hand("6-1 5-2 6-2 5-3 4-4 3-3 6-0").mask)


def test_splash_features_spelled_out() -> None:
    """The dominoes held, each pip suit's count (a double once), the doubles, the count in tens."""
    x = splash_features(np.array([parse_hand(FOUR_DOUBLES).mask]))[0]
    assert x.shape == (SPLASH_FEATURES,) and x[:28].sum() == 7
    assert x[28:35].tolist() == [1, 2, 1, 1, 1, 2, 2]  # blanks .. sixes
    assert x[35] == 4 and x[36] == pytest.approx(1.0)  # 6-5 is worth nothing, 5-5 ten


SPLASH_HANDS = (
    FOUR_DOUBLES,
    "6-6 5-5 4-4 6-5 3-2 2-1 1-0",
    "6-6 6-5 6-4 5-5 4-4 3-3 2-2",
    "3-3 2-2 1-1 0-0 6-5 5-4 4-3",
    "6-6 1-1 0-0 6-3 5-2 4-1 3-0",
)


def test_the_splash_estimates_are_close_to_solving() -> None:
    """Hands with three doubles or more, 600 deals each solved as ``analyze`` solves
    splash (the partner's trump; sampling error at most 0.02): the networks within 0.08
    of each hand and 0.04 on average."""
    model = load_special_model()
    masks = np.array([parse_hand(h).mask for h in SPLASH_HANDS])
    estimated = model.splash_odds(masks)
    solved = []
    for i, hand in enumerate(SPLASH_HANDS):
        deals = sample_deals(parse_hand(hand), 600, np.random.default_rng(120 + i))
        stats = analyze_specials(parse_hand(hand), deals, HouseRules())
        solved.append(next(s.make for s in stats if s.contract is Contract.SPLASH))
    errors = np.abs(estimated - np.array(solved))
    assert errors.max() <= 0.08, (estimated, solved)
    assert errors.mean() <= 0.04, (estimated, solved)


def test_hand_ranks_number_the_hands_of_seven_dominoes_from_0() -> None:
    """Colex ranks: the sum over the k-th lowest domino d of C(d, k), against that sum in
    plain Python; 0 for the seven lowest dominoes, C(28, 7) - 1 for the seven highest."""
    rng = np.random.default_rng(5)
    hands = [sorted(rng.choice(28, 7, replace=False).tolist()) for _ in range(2000)]
    masks = np.array([sum(1 << d for d in hand) for hand in hands], dtype=np.int64)
    expected = [sum(math.comb(d, k) for k, d in enumerate(hand, start=1)) for hand in hands]
    assert hand_ranks(masks).tolist() == expected
    ends = np.array([(1 << 7) - 1, ((1 << 7) - 1) << 21], dtype=np.int64)
    assert hand_ranks(ends).tolist() == [0, math.comb(28, 7) - 1]


def test_nello_odds_of_a_hand_do_not_depend_on_the_hands_valued_with_it_or_before() -> None:
    """Each hand's odds, bit for bit, whether valued in a batch of 1, 3, 17, 100 or 300
    hands, shuffled with repeats, by a model that has valued hands before (it remembers
    them) or by one that has not; hands of other sizes too."""
    rng = np.random.default_rng(6)
    masks = np.array([sum(1 << int(d) for d in rng.choice(28, 7, replace=False)) for _ in range(300)])
    order = rng.permutation(np.concatenate((np.arange(300), np.arange(50))))
    for doubles in NelloDoubles:
        batch = _unused_model().nello_odds(masks, doubles)
        assert np.all((batch > 0) & (batch < 1))
        for k in (1, 3, 17, 100):
            assert np.array_equal(_unused_model().nello_odds(masks[-k:], doubles), batch[-k:])
        assert np.array_equal(_unused_model().nello_odds(masks[order], doubles), batch[order])
        assert np.array_equal(load_special_model().nello_odds(masks[order], doubles), batch[order])
    six = masks & ~(masks & -masks)  # each hand less its lowest domino
    assert np.array_equal(_unused_model().nello_odds(six[::-1])[::-1], _unused_model().nello_odds(six))


def _unused_model() -> SpecialModel:
    """The shipped model, read again: it has valued no hand yet."""
    buffer = io.BytesIO()
    write_special_model(load_special_model(), buffer)
    buffer.seek(0)
    return read_special_model(buffer)


def test_the_model_file_round_trips_and_bad_files_are_refused(tmp_path: Path) -> None:
    model = load_special_model()
    path = tmp_path / "model.npz"
    write_special_model(model, path)
    again = read_special_model(path)
    masks = np.array([parse_hand(h).mask for h in NELLO_HANDS])
    for doubles in NelloDoubles:
        assert np.array_equal(again.nello_odds(masks, doubles), model.nello_odds(masks, doubles))
    assert np.array_equal(again.sevens_odds_of(masks), model.sevens_odds_of(masks))
    assert np.array_equal(again.splash_odds(masks), model.splash_odds(masks))
    assert (
        model.info["splash_fitted_by"] == "benchmarks/fit_splash.py"
        and model.info["splash_deals"] >= 1_000_000
    )
    assert model.info["fitted_by"] == "benchmarks/fit_specials.py" and model.info["nello_deals"] >= 1_000_000
    (tmp_path / "bad.npz").write_bytes(b"not a model")
    with pytest.raises(EvaluatorError, match="not a special-contract model"):
        read_special_model(tmp_path / "bad.npz")
    empty = SpecialModel({}, np.zeros(0, np.int64), np.zeros(0), {})
    write_special_model(empty, tmp_path / "empty.npz")
    with pytest.raises(EvaluatorError, match="not a special-contract model"):
        read_special_model(tmp_path / "empty.npz")
    without_splash = replace(model, splash=())
    write_special_model(without_splash, tmp_path / "no_splash.npz")
    with pytest.raises(EvaluatorError, match="no plunge and splash networks"):
        read_special_model(tmp_path / "no_splash.npz").splash_odds(masks)


# --- texas42 quick --------------------------------------------------------------------------


def test_quick_names_nello_instead_as_analyze_does() -> None:
    """The hand that 'analyze' (1,000 deals) finds making Nel-O 65% of the time, against 31
    with blanks for +0.08 marks."""
    result = texas42.quick(NELLO_HAND)
    nello = next(s for s in result.specials if s.contract is Contract.NELLO)
    assert nello.doubles is NelloDoubles.OWN_SUIT and nello.marks == 2 and nello.bid == 84
    assert 0.5 <= nello.make <= 0.8
    instead = result.special_instead
    assert instead is not None and instead.contract is Contract.NELLO and instead.how == CALIBRATED
    assert instead.make_double_dummy == nello.make
    assert (
        instead.make
        == calibrations()[Contract.NELLO].odds(nello.make, parse_hand(NELLO_HAND).mask)
        > nello.make
    )
    assert instead.expected_marks == pytest.approx(2 * (2 * instead.make - 1))
    double_dummy = texas42.quick(NELLO_HAND, basis="double-dummy").special_instead
    assert double_dummy is not None and (double_dummy.make, double_dummy.how) == (nello.make, SOLVED)
    assert [s.contract for s in result.specials] == [Contract.NELLO, Contract.SEVENS]
    one_mark = texas42.quick(NELLO_HAND, house=HouseRules(nello_min_marks=1))
    # The house's 1 mark: 42 or 84, and made more than half the time, 84 expects more.
    assert (one_mark.specials[0].least_marks, one_mark.specials[0].make) == (
        1,
        nello.make,
    ) and nello.make > 0.5
    assert (one_mark.specials[0].bid, one_mark.specials[0].marks) == (84, 2)


def test_quick_without_specials_and_with_plunge() -> None:
    hand = parse_hand(SIXES)
    assert quick_hand(hand).specials == () and quick_hand(hand).special_instead is None
    off = texas42.quick(SIXES, house=HouseRules(specials=False))
    assert off.specials == ()
    four_doubles = texas42.quick(FOUR_DOUBLES)
    contracts = [s.contract for s in four_doubles.specials]
    assert contracts == [Contract.NELLO, Contract.SEVENS, Contract.PLUNGE, Contract.SPLASH]
    plunge, splash = four_doubles.specials[2:]
    assert (plunge.marks, splash.marks) == (4, 2) and plunge.make == splash.make > 0.5
    three = [s.contract for s in texas42.quick("6-6 5-5 4-4 6-5 3-2 2-1 1-0").specials]
    assert three == [Contract.NELLO, Contract.SEVENS, Contract.SPLASH]
    assert texas42.quick(SIXES).special_instead is None  # 84 with sixes beats any special


def test_quick_json_and_text_give_the_specials() -> None:
    document = json.loads(invoke("quick", "--json", NELLO_HAND).stdout)
    assert [s["contract"] for s in document["specials"]] == ["nello", "sevens"]
    assert set(document["specials"][0]) == {
        "contract",
        "make",
        "marks",
        "expected_marks",
        "doubles",
        "realistic",
    }
    assert set(document["specials"][0]["realistic"]) == {
        "how",
        "make",
        "make_ci95",
        "marks",
        "expected_marks",
    }
    assert document["specials"][0]["realistic"]["how"] == "calibrated"
    assert document["special_instead"] == "nello"
    assert document == quick_to_json(texas42.quick(NELLO_HAND))
    low = json.loads(invoke("quick", "--json", "--nello-doubles", "low", NELLO_HAND).stdout)
    assert low["specials"][0]["doubles"] == "low"
    # Calibrated by the treatment's own fit, from its own double-dummy estimate.
    for doubles in (NelloDoubles.LOW, NelloDoubles.HIGH):
        nello = json.loads(invoke("quick", "--json", "--nello-doubles", doubles.value, NELLO_HAND).stdout)
        nello = nello["specials"][0]
        calibrated = nello_calibrations()[doubles].odds(nello["make"], parse_hand(NELLO_HAND).mask)
        assert nello["realistic"]["make"] == pytest.approx(calibrated, abs=1e-4)
    assert json.loads(invoke("quick", "--json", "--no-specials", NELLO_HAND).stdout)["specials"] == []
    text = " ".join(invoke("quick", NELLO_HAND).stdout.split())
    assert "Special contracts, estimated" in text
    assert "Bid Nel-O (84) instead: Nel-O for 2 marks makes an estimated 86% at a real table" in text
    assert "Nel-O, sevens, plunge and splash are estimated double-dummy" in text
    assert "Plunge and splash: your partner names trump" not in text
    plunge = " ".join(invoke("quick", FOUR_DOUBLES).stdout.split())
    assert "Plunge and splash: your partner names trump by a rule that sees only their hand" in plunge


def test_quick_refuses_a_bad_house_rule() -> None:
    result = invoke("quick", "--nello-doubles", "sideways", NELLO_HAND)
    assert result.exit_code == 2 and result.stdout == "" and result.stderr.count("\n") == 1
    assert "sideways" in result.stderr


def test_a_hand_object_is_accepted() -> None:
    instead = texas42.quick(Hand(parse_hand(NELLO_HAND).mask)).special_instead
    assert instead is not None and instead == texas42.quick(NELLO_HAND).special_instead
