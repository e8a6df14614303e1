"""The README's study script (benchmarks/report_study.py) on the first lines of its data,
against figures counted by hand from those lines."""

from __future__ import annotations

import importlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from texas42.rules import DOUBLES, PASS, Declaration, NelloDoubles

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture(scope="module")
def report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("report_study", BENCHMARKS / "report_study.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["report_study"] = module
    spec.loader.exec_module(module)
    return module


def first_lines(path: Path, n: int) -> list[dict[str, object]]:
    with path.open() as f:
        return [json.loads(next(f)) for _ in range(n)]


def test_hand_0_by_hand(report: ModuleType) -> None:
    """Hand 0 (6-2 5-2 5-0 4-1 4-0 1-1 1-0): double-dummy, aces make 30 in 317 of the 500
    deals and the analysis bids 34 with aces; played out on 100 deals, blanks make 30 in
    24 and aces in 36, so the realistic recommendation is a pass (aces if forced)."""
    hands = first_lines(report.HAND_STUDY, 3)
    played = first_lines(report.REALISTIC_STUDY, 3)
    study = report.join(hands, played)
    assert study.hands == 3 and list(study.i) == [0, 1, 2]
    assert list(study.bid[0]) == [34, 34, PASS]
    assert list(study.trump[0]) == [Declaration.ACES] * 3
    pairs = np.flatnonzero(study.pair_hand == 0)
    assert list(study.pair_trump[pairs]) == [Declaration.BLANKS, Declaration.ACES]
    aces = pairs[1]
    assert study.recommended[aces] and not study.recommended[pairs[0]]
    assert study.dd_make[aces, 0] == pytest.approx(317 / 500)
    assert study.realistic_make[aces, 0] == pytest.approx(0.36)
    assert study.realistic_make[pairs[0], 0] == pytest.approx(0.24)
    assert study.best[0, :, 0] == pytest.approx([317 / 500, 317 / 500, 0.36])
    # Its bid 34 needs 34 points: aces reach it in 0+1+6+0+1+1+4+5+3 = 21 playouts.
    assert study.realistic_make_recommended[0] == pytest.approx(0.21)
    text = report.section(study)
    assert text.startswith("## Double-dummy against realistic play: a study of 3 hands\n")
    # Hand 1 (84 with sixes double-dummy): follow-me, its best played out, makes 30 in
    # 4+6+5+1+3+30 = 49 playouts, just short of half: a pass. Hand 2: 36 with blanks.
    assert study.best[1, 2, 0] == pytest.approx(0.49) and study.bid[1, 2] == PASS
    assert list(study.bid[:, 2]) == [PASS, PASS, 36]
    assert "| realistic | 2 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 |" in text  # pass, 30, ..., 36, 37


def test_odds_and_counts(report: ModuleType) -> None:
    histogram = [0] * 43
    histogram[29], histogram[30], histogram[42] = 2, 1, 1
    make, points = report.odds(histogram)
    assert make[0] == 0.5 and make[1] == 0.25 and make[-1] == 0.25 and make[-2] == 0.25
    assert points == pytest.approx((2 * 29 + 30 + 42) / 4)
    counts = report.bid_counts(np.array([PASS, 30, 84, 84, 168]))
    assert (counts["pass"], counts["30"], counts["84"], counts["126+"], counts["42"]) == (1, 1, 2, 1, 0)
    assert [report.bid_kind(b) for b in (PASS, 30, 41, 42, 84)] == ["pass", "point", "point", "42", "84"]


def test_clustered_standard_error(report: ModuleType) -> None:
    """Values 1, 3 | 2, 6: mean 3, residual sums -2 and 2 by group, so the error is
    sqrt((4 + 4) * 2 / 1) / 4 = 1."""
    mean, se = report.clustered_mean(np.array([1.0, 3.0, 2.0, 6.0]), np.array([0, 0, 1, 1]))
    assert mean == 3.0 and se == pytest.approx(1.0)
    mean, se = report.mean_se(np.array([1.0, 3.0, 2.0, 6.0]))
    assert se == pytest.approx(np.std([1, 3, 2, 6], ddof=1) / 2)


def test_the_readme_shows_the_study_as_printed(report: ModuleType) -> None:
    """The README's study section is what the script prints on as many hands as it names
    (the realistic study grows: its first N lines give the README's N hands)."""
    readme = (BENCHMARKS.parent / "README.md").read_text()
    title = "## Double-dummy against realistic play: a study of "
    start = readme.index(title)
    hands = int(readme[start + len(title) :].split(" ", 1)[0].replace(",", ""))
    printed = report.section(
        report.join(report.read_lines(report.HAND_STUDY), report.read_lines(report.REALISTIC_STUDY, hands))
    )
    assert readme[start : start + len(printed)] == printed


# Hand 1537 as played out by today's players, which is what
# `texas42 analyze 6-5 6-4 6-1 6-0 5-3 4-4 2-2 --exhaustive --no-specials --deals 500
# --seed 42001537 --realistic --realistic-deals 100 --worlds 10 --json` prints: fours and
# sixes played out for 40, the double-dummy bid; its realistic advice is 35 with sixes.
HAND_1537 = {
    "i": 1537,
    "hand": "6-5 6-4 6-1 6-0 5-3 4-4 2-2",
    "seed": 42001537,
    "deals": 100,
    "worlds": 10,
    "played_for": 40,
    "histograms": {
        "4": [0] * 12
        + [2, 3, 0, 0, 0, 1, 12, 4, 3, 0, 2, 6, 12, 5, 2, 1, 1, 2, 7, 3, 0, 0, 2, 7, 5, 0, 0]
        + [1, 3, 7, 9],
        "6": [0] * 14
        + [1, 0, 0, 0, 0, 3, 2, 0, 0, 0, 3, 10, 4, 0, 0, 5, 11, 6, 0, 0, 1, 12, 2, 0, 0, 0]
        + [10, 11, 19],
    },
}


def test_the_recommendations_are_those_of_analyze(report: ModuleType) -> None:
    """Double-dummy 40 with sixes, as the study recorded; realistic 35 with sixes, which
    sixes make in 12+2+10+11+19 = 54 of the 100 playouts (36 in 42), as analyze says."""
    assert all(len(h) == 43 and sum(h) == 100 for h in HAND_1537["histograms"].values())
    hands = report.read_lines(report.HAND_STUDY, 1538)[1537:]
    study = report.join(hands, [HAND_1537])
    assert list(study.bid[0]) == [40, 40, 35]
    assert list(study.trump[0]) == [Declaration.SIXES] * 3
    assert study.best[0, 2, 5] == pytest.approx(0.54) and study.best[0, 2, 6] == pytest.approx(0.42)


def test_the_calibration_s_recorded_figures_are_the_shipped_model_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """benchmarks/data/fit_realistic.json, whence the README's table of the calibration, holds
    what ``fit_realistic.judge`` gives for the model in the package on the hands held out of
    its fit (those of the realistic study it was fitted from)."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    fit = importlib.import_module("fit_realistic")
    quick = importlib.import_module("fit_quick")
    model = quick.OUT
    limit = fit.read_model(model).head(fit.REALISTIC).info["options"]["limit"]  # as fitted
    study = quick.read_study(fit.HANDS)
    playouts = fit.read_playouts(fit.PLAYOUTS, study, limit)
    held = study["i"][playouts["row"]] % quick.HELD_OUT == 0
    figures = fit.judge(model, study, playouts, held)
    recorded = json.loads(fit.REPORT.read_text())
    for key, value in recorded.items():
        if key != "seconds":
            assert figures[key] == pytest.approx(value, rel=1e-6, abs=1e-4), key


def study_script(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` loaded as a module (it imports its sibling scripts by name)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it runs
    spec.loader.exec_module(module)
    return module


def readme_report(command: str) -> tuple[int, str]:
    """The README's block after ``$ python benchmarks/<command> N``: N and what it shows."""
    readme = (BENCHMARKS.parent / "README.md").read_text()
    prompt = f"$ python benchmarks/{command} "
    count, shown = readme[readme.index(prompt) + len(prompt) :].split("\n", 1)
    return int(count), shown.split("```", 1)[0]


def without_seconds(line: dict[str, object]) -> dict[str, object]:
    """A study's line but its timing, which is all that may differ when played again."""
    return {k: v for k, v in line.items() if k != "seconds"}


@pytest.fixture(scope="module")
def specials_study() -> ModuleType:
    return study_script("study_specials")


def test_the_specials_study_s_first_line_is_what_the_script_plays(specials_study: ModuleType) -> None:
    """Hand 0 of the hand study, Nel-O and sevens on 200 deals, double-dummy and played
    out: the same counts as recorded (the study depends on its seeds alone)."""
    recorded = specials_study.read_study(specials_study.OUT, 1)[0]
    again = specials_study.play(recorded["i"], recorded["deals"], recorded["worlds"])
    assert without_seconds(again) == without_seconds(recorded)


@pytest.mark.parametrize("doubles", [NelloDoubles.HIGH, NelloDoubles.LOW])
def test_the_nello_doubles_studies_first_line_is_what_the_script_plays(
    specials_study: ModuleType, doubles: NelloDoubles
) -> None:
    """Hand 0 at Nel-O alone, its doubles high or low, the players knowing the contract:
    the same counts as recorded; doubles their own suit give the listening study's own
    line, with sevens (not replayed here: the line above checks the same code)."""
    recorded = specials_study.read_study(specials_study.doubles_study(doubles), 1)[0]
    assert recorded["doubles"] == doubles.value and "sevens" not in recorded
    again = specials_study.play(recorded["i"], recorded["deals"], recorded["worlds"], True, doubles)
    assert without_seconds(again) == without_seconds(recorded)
    own = next(x for x in specials_study.read_study(specials_study.LISTENING) if x["i"] == recorded["i"])
    assert own["hand"] == recorded["hand"] and own["nello"] != recorded["nello"]


def test_the_readme_shows_the_nello_doubles_studies_as_printed(specials_study: ModuleType) -> None:
    """The doubles high study's first hands, then the three treatments on the same hands."""
    hands, shown = readme_report("study_specials.py --listen --doubles high --report --hands")
    read, path = specials_study.read_study, specials_study.doubles_study
    studies = {"own-suit": read(specials_study.LISTENING, hands)}
    studies |= {d.value: read(path(d), hands) for d in (NelloDoubles.HIGH, NelloDoubles.LOW)}
    assert len(studies["low"]) == hands
    expected = specials_study.summary(studies["high"]) + specials_study.treatments_summary(studies)
    assert shown == expected


def test_the_readme_shows_the_specials_study_as_printed(specials_study: ModuleType) -> None:
    hands, shown = readme_report("study_specials.py --report --hands")
    assert shown == specials_study.summary(specials_study.read_study(specials_study.OUT, hands))


@pytest.fixture(scope="module")
def play_advice_study() -> ModuleType:
    return study_script("study_play_advice")


def test_the_play_advice_study_s_first_line_is_what_the_script_plays(play_advice_study: ModuleType) -> None:
    """Position 0: the same turn, both advices, the lead (Newcombe's interval: a width
    where both plays won the contract in the same deals) and the judged wins as recorded
    (the study depends on its seeds alone, not on the threads)."""
    recorded = play_advice_study.read_study(play_advice_study.OUT, 1)[0]
    again = play_advice_study.study(recorded["i"], 300, 60, 100, 2)
    assert recorded["lead"] == [0.0, -0.0602, 0.0602]
    assert without_seconds(again) == without_seconds(recorded)


def test_the_readme_shows_the_play_advice_study_as_printed(play_advice_study: ModuleType) -> None:
    positions, shown = readme_report("study_play_advice.py --report --positions")
    printed = play_advice_study.summary(play_advice_study.read_study(play_advice_study.OUT, positions))
    assert shown == printed


@pytest.fixture(scope="module")
def splash_study() -> ModuleType:
    return study_script("study_splash")


def test_the_splash_study_s_first_line_is_what_the_script_plays(splash_study: ModuleType) -> None:
    """Hand 0 of the splash study (three doubles or more), double-dummy and played out:
    the same counts as recorded (the study depends on its seeds alone)."""
    recorded = splash_study.read_study(splash_study.OUT, 1)[0]
    assert (splash_study.study_hand(0).mask & DOUBLES).bit_count() >= 3
    again = splash_study.play(recorded["i"], recorded["deals"], recorded["worlds"])
    assert without_seconds(again) == without_seconds(recorded)


def test_the_readme_shows_the_splash_study_as_printed(splash_study: ModuleType) -> None:
    hands, shown = readme_report("study_splash.py --report --hands")
    assert shown == splash_study.summary(splash_study.read_study(splash_study.OUT, hands))


def test_the_table_study_report_bins_the_bids_by_their_advised_odds() -> None:
    """Three hands counted by hand: 55% and 58% advised (one made at the table, both
    double-dummy), and an 84 advised at 91% that took 41 points (set; 42 double-dummy)."""
    spec = importlib.util.spec_from_file_location("study_table", BENCHMARKS / "study_table.py")
    assert spec is not None and spec.loader is not None
    sys.path.insert(0, str(BENCHMARKS))
    try:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    lines = [
        {"advised": 0.55, "bid": 30, "took": 31, "dd_points": 35},
        {"advised": 0.58, "bid": 34, "took": 20, "dd_points": 34},
        {"advised": 0.91, "bid": 84, "took": 41, "dd_points": 42},
    ]
    assert module.report(lines).splitlines() == [
        "3 hands bid and played at a table of four players on texas42's advice",
        "advised odds   bids   mean advised   made at the table   made double-dummy",
        "  50% to 60%      2         56.5%               50.0%              100.0%",
        " 90% to 100%      1         91.0%                0.0%              100.0%",
        "         all      3         68.0%               33.3%              100.0%",
    ]


def test_the_noise_fit_finds_the_noise_the_calls_were_made_at() -> None:
    """Calls drawn from the bidding model at noise 0.3 (openings, 600 random hands) are
    fitted best at 0.3 of the grid, those drawn at 1 at 1: the fit's likelihood is the
    model's."""
    spec = importlib.util.spec_from_file_location("fit_noise", BENCHMARKS / "fit_noise.py")
    assert spec is not None and spec.loader is not None
    sys.path.insert(0, str(BENCHMARKS))  # it reads the study as the study scripts do
    try:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    from texas42.deal import sample_deals
    from texas42.deal.inference import VALUES, Call, call_probability, table_head, value_odds
    from texas42.rules import BIDS, MARK, parse_hand

    rng = np.random.default_rng(4)
    hands = sample_deals(parse_hand("6-4 5-5 5-2 4-3 4-2 3-2 3-1"), 600, rng)[:, 1]
    odds = value_odds(hands, table_head())
    options = [PASS, *BIDS[: VALUES - 1], MARK]
    for noise in (0.3, 1.0):
        chances = np.stack([call_probability(odds, Call(0, 1, bid, 0, 0), noise) for bid in options], axis=1)
        picked = [options[rng.choice(len(options), p=row / row.sum())] for row in chances]
        calls = [Call(0, 1, bid, 0, 0) for bid in picked]
        found = module.log_likelihoods(calls, odds, (0.15, 0.3, 0.5, 1.0, 1.5))
        assert (0.15, 0.3, 0.5, 1.0, 1.5)[int(np.argmax(found))] == noise
    assert module.report(calls, odds, (0.5, 1.0)).splitlines()[-1] == "largest at noise 1"


@pytest.fixture(scope="module")
def every_trump_study() -> ModuleType:
    return study_script("study_every_trump")


def test_the_every_trump_study_s_first_line_is_what_the_script_plays(every_trump_study: ModuleType) -> None:
    """Hand 0, every trump played out on both samples: one of them played out again gives
    the same histograms (the seeds decide it)."""
    study = every_trump_study
    recorded = study.lines_by_hand(study.OUT)[0]
    assert (
        sorted(int(d) for d in recorded["histograms"])
        == sorted(int(d) for d in recorded["check"])
        == [*range(9)]
    )
    analysed = study.lines_by_hand(study.HAND_STUDY)[0]
    again = study.play(analysed, None, (Declaration.FOURS,))
    assert again["histograms"] == {"4": recorded["histograms"]["4"]}
    assert again["check"] == {"4": recorded["check"]["4"]}


def test_the_every_trump_report_weighs_a_trump_left_out_on_the_check_deals(
    every_trump_study: ModuleType,
) -> None:
    """The trumps ``analyze --realistic`` plays out make 35 in 60 and 70 of 100 deals; one
    left out makes it in 90, so all nine choose it; on the check deals it makes 35 in 80 and
    the played-out choice in 70: +0.2 marks (2 x 0.1) a hand."""

    def histograms(made: dict[int, int]) -> dict[str, list[int]]:
        def histogram(k: int) -> list[int]:
            counts = [0] * 43
            counts[20], counts[35] = 100 - k, k
            return counts

        return {str(d): histogram(made.get(d, 50)) for d in range(9)}

    analysed = {"i": 0, "trump": 1, "histograms": histograms({d: 60 - d for d in range(9)} | {2: 70})}
    assert every_trump_study.leading(analysed) == [Declaration(0), Declaration(1), Declaration(2)]
    played = {"histograms": histograms({1: 60, 2: 70, 8: 90}), "check": histograms({2: 70, 8: 80})}
    text = every_trump_study.report({0: analysed}, {0: played})
    assert text.splitlines()[1:] == [
        "the same bid and trump on the trumps played out as on all nine: 0.0%",
        "otherwise (1 hands: another trump 1, a higher bid 0, lower 0), on the check deals all nine's choice",
        "  expects +0.200 ± nan marks more a hand than the played-out trumps' choice",
    ]


def test_the_readme_shows_the_every_trump_study_as_printed(every_trump_study: ModuleType) -> None:
    hands, shown = readme_report("study_every_trump.py --report --hands")
    study = every_trump_study
    printed = study.report(study.lines_by_hand(study.HAND_STUDY), study.lines_by_hand(study.OUT), hands)
    assert shown == printed + "\n"
    assert printed.startswith(f"{hands} hands")  # as many hands studied as the README names


@pytest.fixture(scope="module")
def worlds_study() -> ModuleType:
    return study_script("study_worlds")


def test_the_worlds_study_s_first_line_is_what_the_script_plays(
    worlds_study: ModuleType, every_trump_study: ModuleType
) -> None:
    """Hand 0 at 5 worlds a decision played out again gives the same points (the seeds
    decide it); every number of worlds was played on the same deals."""
    study, lines_by_hand = worlds_study, every_trump_study.lines_by_hand
    recorded = lines_by_hand(study.OUT)[0]
    assert sorted(int(w) for w in recorded["points"]) == list(study.WORLDS)
    assert {len(points) for points in recorded["points"].values()} == {study.DEALS}
    again = study.play(lines_by_hand(every_trump_study.HAND_STUDY)[0], None, (5,))
    assert again["points"] == {"5": recorded["points"]["5"]}
    assert {k: again[k] for k in ("i", "hand", "trump", "played_for")} == {
        k: recorded[k] for k in ("i", "hand", "trump", "played_for")
    }


def test_the_worlds_report_sets_each_number_of_worlds_against_40(worlds_study: ModuleType) -> None:
    """Two hands of 100 deals: at 5 worlds hand 0 takes 2 points fewer on every deal and
    hand 1 none fewer, so 1 point fewer on average, ± 1.96 x the clustered error (1.0:
    two clusters, residual sums -100 and +100 over 200 deals, x sqrt(2))."""

    def line(i: int, fewer: int) -> dict[str, object]:
        base = [40] * 50 + [20] * 50
        points = {str(w): [p - fewer * (w == 5) for p in base] for w in worlds_study.WORLDS}
        return {
            "i": i,
            "played_for": 39,
            "points": points,
            "seconds": {str(w): w / 10 for w in worlds_study.WORLDS},
        }

    text = worlds_study.report({0: line(0, 2), 1: line(1, 0)})
    assert text.splitlines()[1:] == [
        "worlds   points   makes the bid   seconds a hand (one core)",
        "     5    29.00           25.0%     0.5",
        "    10    30.00           50.0%     1.0",
        "    20    30.00           50.0%     2.0",
        "    40    30.00           50.0%     4.0",
        "against 40 worlds, the same deals (95% intervals, a hand's deals a cluster):",
        "     5   points -1.00 ± 1.96   makes -25.0% ± 49.0%",
        "    10   points +0.00 ± 0.00   makes +0.0% ± 0.0%",
        "    20   points +0.00 ± 0.00   makes +0.0% ± 0.0%",
    ]


def test_the_worlds_report_counts_a_mark_bid_made_with_all_42_points(worlds_study: ModuleType) -> None:
    points = {str(w): [42] * 100 for w in worlds_study.WORLDS}
    line = {"i": 0, "played_for": 84, "points": points, "seconds": {str(w): 1.0 for w in worlds_study.WORLDS}}
    assert "    10    42.00          100.0%     1.0" in worlds_study.report({0: line}).splitlines()


def test_the_readme_shows_the_worlds_study_as_printed(
    worlds_study: ModuleType, every_trump_study: ModuleType
) -> None:
    hands, shown = readme_report("study_worlds.py --report --hands")
    printed = worlds_study.report(every_trump_study.lines_by_hand(worlds_study.OUT), hands)
    assert shown == printed + "\n"
    assert printed.startswith(f"{hands} hands")  # as many hands studied as the README names


def test_bench_readme_times_the_rows_of_the_readme_s_performance_table() -> None:
    """benchmarks/bench_readme.py prints the README's performance table measured again:
    its rows must be the table's, in order, or pasting its output would change them."""
    bench = study_script("bench_readme")
    readme = (BENCHMARKS.parent / "README.md").read_text()
    table = readme[readme.index("| command | seconds |\n| --- | --- |\n") :].split("\n\n", 1)[0]
    labels = [line[2:].rsplit(" | ", 1)[0] for line in table.splitlines()[2:]]
    assert labels == [row.label for row in bench.ROWS]
    assert all(bool(row.script) != bool(row.commands) for row in bench.ROWS)
    assert bench.cell([0.571, 0.589, 0.58]) == "0.57-0.59" and bench.cell([1.211, 1.209]) == "1.21"


@pytest.mark.parametrize("script", ["study_play_advice", "study_nello_play"])
def test_the_readme_shows_the_play_studies_as_reported(script: str) -> None:
    """Each play study's report in the README is what ``--report --positions N`` prints
    on the first N lines of its data."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        module, shared = importlib.import_module(script), importlib.import_module("study_play_advice")
    finally:
        sys.path.remove(str(BENCHMARKS))
    readme = (BENCHMARKS.parent / "README.md").read_text()
    command = f"$ python benchmarks/{script}.py --report --positions "
    start = readme.index(command) + len(command)
    positions, shown = readme[start:].split("\n", 1)
    printed = shared.summary(shared.read_study(module.OUT, int(positions)))
    assert shown.startswith(printed + "```")


SCRIPTS = sorted(p.name for p in BENCHMARKS.glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_script_prints_its_usage(script: str) -> None:
    """``--help`` of each script prints its usage and exits 0 (fit_quick's once failed on a
    ``%`` in an option's help), without writing anything."""
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.startswith("usage: ") and done.stderr == "", done.stderr


def test_the_paired_benchmarks_refuse_one_tree_twice() -> None:
    """Keyed by tree, the same tree twice would pool both runs into one and show a ratio of 1."""
    for script, args in (("bench_engine_pair.py", ["src", "./src"]), ("bench_versions.py", ["src", "src"])):
        done = subprocess.run(
            [sys.executable, str(BENCHMARKS / script), *args], capture_output=True, text=True
        )
        assert done.returncode == 2 and "give two different trees" in done.stderr


def test_a_study_goes_on_only_with_the_settings_its_lines_were_made_with(tmp_path: Path) -> None:
    """``done_so_far`` drops a line cut short and stops, naming the line, at one made with
    other settings, rather than mixing two kinds of lines in one study."""
    study = study_script("study_realistic")
    out = tmp_path / "study.jsonl"
    out.write_text('{"i": 0, "deals": 100, "worlds": 10}\n{"i": 1, "deals": 100, "worlds": 10}\n{"i": 2, "de')
    assert study.done_so_far(out, {"deals": 100, "worlds": 10}) == {0, 1}
    assert out.read_text().count("\n") == 2 and out.read_text().endswith("\n")
    with pytest.raises(SystemExit, match="line 1: made with --worlds 10, not 2: go on with the same options"):
        study.done_so_far(out, {"deals": 100, "worlds": 2})
