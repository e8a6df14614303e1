"""The JSON documents of texas42's results: what ``--json`` prints, and ``to_dict``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any, Final, Protocol, SupportsIndex

from texas42.analysis import (
    AuctionReading,
    BidAdvice,
    CalibratedAnalysis,
    CalibratedComparison,
    CalibrationSource,
    Comparison,
    DealTable,
    DeclarationAdvice,
    DeclarationChoice,
    EstimatedTrump,
    HandAnalysis,
    Holding,
    Interval,
    LadderRung,
    Locations,
    PairComparison,
    PlayAdvice,
    PlayedChoices,
    PlayLine,
    PlayReview,
    PlayStats,
    Racing,
    RealisticAnalysis,
    RealisticComparison,
    RealisticPlays,
    Recommendation,
    SpecialOdds,
    SpecialRung,
    SpecialStats,
    TableHand,
    TableStage,
    TrumpStats,
    TurnReview,
    UniformOdds,
    Why,
    comparison_why,
    hand_why,
)
from texas42.analysis.play import bid_played
from texas42.analysis.quick import QuickAnalysis, QuickEstimate, QuickRecommendation, QuickSpecial, QuickTrump
from texas42.deal import DealConstraints, Dealt, Inference, describe
from texas42.deal.inference import ruled_calls
from texas42.errors import ArgumentTypeError, UsageError
from texas42.io.files import NamedHand
from texas42.report.wording import PARTNER_TRUMP_RULE, advice_reason
from texas42.rules import (
    BIDS,
    DECLARATIONS,
    PASS,
    SPLASH,
    Auction,
    Contract,
    Deal,
    Domino,
    FinishedAuction,
    Hand,
    HouseRules,
    NelloDoubles,
    NelloTricks,
    PlayedContract,
    Seat,
    domino_name,
)


def hands_to_json(deal: Deal) -> list[list[str]]:
    """The hands as lists of domino names, high end first (``"6-4"``)."""
    return [hand.names() for hand in deal]


def line_to_json(line: PlayLine) -> list[dict[str, Any]]:
    """``[{"plays": [[seat, "6-4"], ...], "winner": s, "points": p}, ...]``."""
    return [
        {
            "plays": [[seat, domino_name(d)] for seat, d in trick.plays],
            "winner": trick.winner,
            "points": trick.points,
        }
        for trick in line.tricks
    ]


VALUE_UNITS: Final[dict[PlayedContract, str]] = {Contract.NELLO: "made", Contract.SEVENS: "tricks"}
"""What a solved value counts where it is not points."""


def table_to_json(
    table: DealTable, line: PlayLine | None = None, chosen: tuple[PlayedContract, Seat] | None = None
) -> dict[str, Any]:
    """``{"hands": [...], "table": {label: [p0, p1, p2, p3], ...}}``; with a declaration
    and bidder ``chosen`` (``solve --trump``), ``"trump"``, ``"bidder"``, ``"value"`` (the
    table's entry for them) and its ``"unit"``: ``points``, at Nel-O ``made`` (1 or 0), at
    sevens ``tricks``; with a line of play, also ``"line"``.

    With the special contracts, ``table`` also has ``"nello"`` (1 or 0 per bidder) and
    ``"sevens"`` (tricks 0..7 per bidder), and ``"nello_doubles"`` says how doubles played."""
    result: dict[str, Any] = {
        "hands": hands_to_json(table.deal),
        "table": {d.label: list(table.points[d.value]) for d in DECLARATIONS},
    }
    if table.nello is not None and table.sevens is not None and table.nello_doubles is not None:
        result["table"]["nello"] = list(table.nello)
        result["table"]["sevens"] = list(table.sevens)
        result["nello_doubles"] = table.nello_doubles.label
    if chosen is not None:
        declaration, bidder = chosen
        value = result["table"][declaration.label][bidder]
        unit = VALUE_UNITS.get(declaration, "points")
        result |= {"trump": declaration.label, "bidder": bidder, "value": value, "unit": unit}
    if line is not None:
        result["line"] = line_to_json(line)
    return result


def house_to_json(house: HouseRules) -> dict[str, Any]:
    """``{"nello_doubles", "nello_min_marks", "all_pass", "specials"}``: the house rules,
    as their options write them."""
    return {
        "nello_doubles": house.nello_doubles.value,
        "nello_min_marks": house.nello_min_marks,
        "all_pass": house.all_pass.value,
        "specials": house.specials,
    }


def rounded(p: float) -> float:
    """A probability as written in the documents: four decimals."""
    return round(p, 4)


def _bid_json(bid: int) -> int | str:
    return "pass" if bid == PASS else bid


def _calls_json(auction: Auction | FinishedAuction) -> list[int | str]:
    """Each call: ``"pass"``, the bid, or ``"splash"`` (as ``--auction`` takes them)."""
    return [SPLASH if place in auction.splashes else _bid_json(b) for place, b in enumerate(auction.bids)]


def trump_to_json(stats: TrumpStats) -> dict[str, Any]:
    """``{"trump", "deals", "expected_points", "expected_points_ci95", "make", "make_ci95",
    "histogram"}``: ``deals`` is the number of deals the declaration was solved on."""
    return {
        "trump": stats.declaration.label,
        "deals": stats.deals,
        "expected_points": round(stats.expected_points, 3),
        "expected_points_ci95": stats.expected_points_ci95.as_list(3),
        "make": {str(b): rounded(stats.make(b)) for b in BIDS},
        "make_ci95": {str(b): stats.make_ci95(b).as_list(4) for b in BIDS},
        "histogram": list(stats.histogram),
    }


def recommendation_to_json(rec: Recommendation) -> dict[str, Any]:
    """The recommendation; for a pass the figures are those of a forced 30."""
    return {
        "bid": _bid_json(rec.bid),
        "trump": rec.declaration.label,
        "make": rounded(rec.make),
        "make_ci95": rec.make_ci95.as_list(4),
        "make_confirmed": None if rec.make_confirmed is None else rounded(rec.make_confirmed),
        "make_confirmed_ci95": None
        if rec.make_confirmed_ci95 is None
        else rec.make_confirmed_ci95.as_list(4),
        "expected_marks": round(rec.expected_marks, 4),
        "expected_marks_confirmed": (
            None if rec.expected_marks_confirmed is None else round(rec.expected_marks_confirmed, 4)
        ),
        "confidence": rec.confidence,
    }


def special_to_json(stats: SpecialStats) -> dict[str, Any]:
    """``{"contract", "deals", "make", "make_ci95", "marks", "expected_marks"}``
    (``deals``: those the odds stand on; ``marks``: those of the bid the first bidder
    makes on these odds, ``OpeningBid``); for Nel-O also ``"doubles"``; for plunge and
    splash ``"trump_rule"``, ``"best_trump_make"`` and ``"best_trump_make_ci95"`` (the
    best trump for each deal, in hindsight)."""
    result: dict[str, Any] = {
        "contract": stats.contract.label,
        "deals": stats.deals,
        "make": rounded(stats.make),
        "make_ci95": stats.make_ci95.as_list(4),
        "marks": stats.marks,
        "expected_marks": round(stats.expected_marks, 4),
    }
    if stats.doubles is not None:
        result["doubles"] = stats.doubles.label
    if stats.best_make is not None and stats.best_make_ci95 is not None:
        result["trump_rule"] = PARTNER_TRUMP_RULE
        result["best_trump_make"] = rounded(stats.best_make)
        result["best_trump_make_ci95"] = stats.best_make_ci95.as_list(4)
    return result


def special_odds_to_json(odds: SpecialOdds) -> dict[str, Any]:
    """A special contract's realistic odds: ``{"how"}`` (``"calibrated"`` or ``"played
    out"``), ``"make"``, ``"make_ci95"`` (when calibrated, the calibration's error band widened by the
    sampling error) and ``"deals"`` (played out, or calibrated from the double-dummy odds of;
    both absent for the quick model's estimates), ``"marks"`` (those of the bid it is opened
    at on these odds) and ``"expected_marks"``."""
    result: dict[str, Any] = {"how": odds.how, "make": rounded(odds.make)}
    if odds.make_ci95 is not None:
        result["make_ci95"] = odds.make_ci95.as_list(4)
    if odds.deals is not None:
        result["deals"] = odds.deals
    result["marks"] = odds.marks
    result["expected_marks"] = round(odds.expected_marks, 4)
    return result


def _specials_json(solved: Sequence[SpecialStats], realistic: Sequence[SpecialOdds]) -> list[dict[str, Any]]:
    """``special_to_json`` of each contract, with its ``"realistic"`` odds when there are some."""
    advised = {odds.contract: odds for odds in realistic}
    entries = []
    for stats in solved:
        entry = special_to_json(stats)
        if stats.contract in advised:
            entry["realistic"] = special_odds_to_json(advised[stats.contract])
        entries.append(entry)
    return entries


def why_to_json(result: Why) -> dict[str, Any]:
    """``{"trump", "bid", "dominoes": [{"domino", "make_by_seat", "make_by_seat_ci95",
    "deals_by_seat"}, ...]}``, the domino whose place matters most first; the odds and
    their interval are null for a seat the domino never lies with."""

    def odds(p: float | None) -> float | None:
        return None if p is None else rounded(p)

    return {
        "trump": result.declaration.label,
        "bid": result.bid,
        "dominoes": [
            {
                "domino": domino_name(place.domino),
                "make_by_seat": {str(s): odds(place.make(s)) for s in (1, 2, 3)},
                "make_by_seat_ci95": {
                    str(s): place.make_ci95(s).as_list(4) if place.deals[s - 1] else None for s in (1, 2, 3)
                },
                "deals_by_seat": {str(s): place.deals[s - 1] for s in (1, 2, 3)},
            }
            for place in result.dominoes
        ],
    }


def racing_to_json(racing: Racing | None) -> dict[str, Any] | None:
    """How the deals were allocated: null for every declaration on every deal."""
    if racing is None:
        return None
    return {"min_deals": racing.min_deals, "round_deals": racing.step, "risk": racing.risk}


class Dealing(Protocol):
    """What a result says of how its deals were drawn and solved (an analysis, a
    comparison, the advice of what to declare)."""

    @property
    def hand(self) -> Hand: ...
    @property
    def exact(self) -> bool: ...
    @property
    def constraints(self) -> DealConstraints | None: ...
    @property
    def racing(self) -> Racing | None: ...
    @property
    def inference(self) -> Inference | None: ...
    @property
    def ruled_by(self) -> Auction | FinishedAuction | None: ...


def sample_to_json(result: Dealing) -> dict[str, Any]:
    """``{"exact": bool, "racing"}``, and ``"constraints"`` when there are some
    (``deal.describe``); ``"racing"`` is null when every declaration was solved on every
    deal (exhaustive or exact), else the race's settings
    ``{"min_deals", "round_deals", "risk"}``; ``"inference"`` when the deals were drawn
    to fit an auction (``inference_to_json``); ``"doubles_by_rule"`` when they were not
    (``--infer none``) but keep the doubles a plunge or a splash of the auction needs
    (``doubles_by_rule``)."""
    document: dict[str, Any] = {"exact": result.exact, "racing": racing_to_json(result.racing)}
    if result.constraints is not None:
        document["constraints"] = describe(result.constraints, result.hand)
    if result.inference is not None:
        document["inference"] = inference_to_json(result.inference)
    if result.ruled_by is not None:
        document["doubles_by_rule"] = doubles_by_rule(result.ruled_by)
    return document


def doubles_by_rule(auction: Auction | FinishedAuction) -> list[dict[str, Any]]:
    """``[{"seat", "contract", "doubles"}, ...]``: each plunge or splash of ``auction`` with
    its bidder's seat (relative to ours: 1 left, 2 partner, 3 right) and the doubles the
    rules give that bidder at least."""
    return [
        {"seat": c.seat, "contract": contract.label, "doubles": c.doubles}
        for c, contract in ruled_calls(auction)
    ]


def _play_inference(advice: PlayAdvice) -> dict[str, Any]:
    """The ``inference_to_json`` of a play's deals drawn to fit the auction, and how many of
    them differ (``"distinct_deals"``); where every consistent deal was weighed, how many
    equally weighed deals the weights are worth (``"effective_deals"``, Kish's)."""
    assert advice.inference is not None
    effective = advice.effective_deals
    return {
        **inference_to_json(advice.inference),
        "distinct_deals": advice.distinct_deals,
        **({} if effective is None else {"effective_deals": round(effective, 1)}),
    }


def inference_to_json(inference: Inference) -> dict[str, Any]:
    """``{"auction": [...], "model", "specials", "noise", "acceptance", "candidates"}``:
    the bids the deals fit, the evaluator's head the others bid on, whether they valued
    their hands at Nel-O and sevens too, the noise of their judgement, and the share of
    the uniform candidates kept (main and check samples together); during play also
    ``"consistent_deals"``, the number of deals consistent with the plays, and
    ``"weighed": true`` where each of them was weighed by its likelihood instead of
    drawn (``"acceptance"`` then their mean likelihood); where the hand of one call's
    bidder was drawn by its probability of that call, ``"hand_drawn_by": {"seat",
    "bid"}`` (seat relative to ours: 1 left, 2 partner, 3 right); and there, or where
    candidates were kept at a likelihood scaled up (during play),
    ``"uniform_candidates"``, the uniform candidates those drawn stand for."""
    result = {
        "auction": _calls_json(inference.auction),
        "model": inference.head,
        "specials": inference.specials,
        "noise": inference.noise,
        "acceptance": rounded(inference.acceptance),
        "candidates": inference.candidates,
    }
    if inference.consistent is not None:
        result["consistent_deals"] = inference.consistent
    if inference.weighed:
        result["weighed"] = True
    drawn_by = inference.drawn_by
    if drawn_by is not None:
        result["hand_drawn_by"] = {"seat": drawn_by.seat, "bid": drawn_by.bid}
    if inference.uniform is not None:
        result["uniform_candidates"] = round(inference.uniform)
    return result


def realistic_to_json(realistic: CalibratedAnalysis | RealisticAnalysis) -> dict[str, Any]:
    """How the realistic figures were obtained: ``{"source": "calibrated", "model",
    "hands"}`` (the quick model's version, the hands whose playouts it was fitted to) or
    ``{"source": "playouts", "deals", "worlds", "played_for", "trumps": [...],
    "specials": [...]}``, each trump as ``trump_to_json`` (the bidder's team's points in
    the playouts), Nel-O and sevens as ``special_to_json`` (made in the playouts)."""
    if isinstance(realistic, CalibratedAnalysis):
        return {"source": "calibrated", "model": realistic.version, "hands": realistic.hands}
    return {
        "source": "playouts",
        "deals": realistic.deals,
        "worlds": realistic.worlds,
        "played_for": realistic.played_for,
        "trumps": [trump_to_json(s) for s in realistic.trumps],
        "specials": [special_to_json(s) for s in realistic.specials],
    }


def _realistic_figures(source: str, figures: EstimatedTrump | TrumpStats) -> dict[str, Any]:
    """A trump's realistic figures: ``{"source", "deals", "expected_points", "make",
    "make_ci95"}``."""
    return {
        "source": source,
        "deals": figures.deals,
        "expected_points": round(figures.expected_points, 3),
        "make": {str(b): rounded(figures.make(b)) for b in BIDS},
        "make_ci95": {str(b): figures.make_ci95(b).as_list(4) for b in BIDS},
    }


def _trump_realistic(analysis: HandAnalysis, stats: TrumpStats) -> dict[str, Any]:
    """A trump's entry with its ``"realistic"`` figures, when it has some."""
    entry = trump_to_json(stats)
    figures = None if analysis.realistic is None else analysis.realistic.stats(stats.declaration)
    if figures is not None and analysis.realistic is not None:
        entry["realistic"] = _realistic_figures(analysis.realistic.source, figures)
    return entry


def analysis_to_json(
    analysis: HandAnalysis, source: NamedHand | None = None, why_bid: int | None = None
) -> dict[str, Any]:
    """``{"hand", "deals", "seed", "trumps": [...], "recommendation": {...}, "specials":
    [...], "special_instead", "special_instead_bid", "exact", "constraints" (if any),
    "why", "realistic" (if any)}``; for a hand from a hands file, ``"name"`` (null if
    none) and ``"line"`` come first. ``why`` is for the double-dummy recommended bid and
    trump, or ``why_bid`` and its best trump. With realistic figures each trump that has
    them holds them (``"realistic"``), and the recommendation rests on them
    (``"basis"``), the double-dummy one beside it, and each special contract its
    realistic odds (``"realistic"``, ``special_odds_to_json``). ``"special_instead"``:
    the special contract to bid instead of the recommendation
    (``HandAnalysis.special_instead``, on the same basis), or null, and
    ``"special_instead_bid"`` its bid."""
    head: dict[str, Any] = {} if source is None else {"name": source.name, "line": source.line}
    tail = sample_to_json(analysis)
    if analysis.sample is not None:
        tail["why"] = why_to_json(hand_why(analysis, why_bid))
    instead = analysis.special_instead
    return {
        **head,
        "hand": analysis.hand.names(),
        "deals": analysis.deals,
        "seed": analysis.seed,
        "trumps": [_trump_realistic(analysis, s) for s in analysis.trumps],
        "recommendation": _recommendation(analysis),
        "specials": _specials_json(
            analysis.specials, () if analysis.realistic is None else analysis.advised_specials
        ),
        "special_instead": None if instead is None else instead.contract.label,
        "special_instead_bid": None if instead is None else instead.bid,
        **tail,
        **({} if analysis.realistic is None else {"realistic": realistic_to_json(analysis.realistic)}),
    }


def _recommendation(analysis: HandAnalysis) -> dict[str, Any]:
    """The recommendation with its ``"basis"``: the realistic one (and the double-dummy
    one beside it) when there are realistic figures, else the double-dummy one."""
    if analysis.realistic is None:
        return {**recommendation_to_json(analysis.recommendation), "basis": "double-dummy"}
    return {
        **recommendation_to_json(analysis.realistic.recommendation),
        "basis": "realistic",
        "source": analysis.realistic.source,
        "double_dummy": recommendation_to_json(analysis.recommendation),
    }


def advice_to_json(advice: BidAdvice) -> dict[str, Any]:
    """The bidding advice with its ladder."""
    analysis = advice.analysis
    nello = analysis.nello_doubles
    return {
        "hand": analysis.hand.names(),
        "deals": analysis.deals,
        "seed": analysis.seed,
        "auction": _calls_json(advice.auction),
        "position": advice.auction.position,
        "high_bid": _bid_json(advice.auction.high_bid),
        "advice": {
            "bid": _bid_json(advice.bid),
            "contract": "trump" if advice.contract is None else advice.contract.label,
            "trump": None if advice.declaration is None else advice.declaration.label,
            "make": rounded(advice.make),
            "make_confirmed": None if advice.make_confirmed is None else rounded(advice.make_confirmed),
            "expected_marks": round(advice.expected_marks, 4),
            "rule": advice.rule,
            "reason": advice_reason(advice),
            "surer": _rung_bid(advice.surer),
            "close_call": _rung_bid(advice.close_call),
            "confidence": advice.confidence,
            "basis": analysis.basis,
            **({} if advice.uniform is None else {"without_inference": _uniform_json(advice.uniform)}),
        },
        "ladder": [_ladder_json(r, analysis.realistic is not None) for r in advice.ladder],
        "specials": [_special_bid_json(r, analysis.realistic is not None, nello) for r in advice.specials],
        **({} if advice.reading is None else {"auction_reading": reading_to_json(advice.reading)}),
        **sample_to_json(analysis),
        **({} if analysis.realistic is None else {"realistic": realistic_to_json(analysis.realistic)}),
    }


def _rung_bid(rung: LadderRung | None) -> int | None:
    return None if rung is None else rung.bid


def _ladder_json(row: LadderRung, realistic: bool) -> dict[str, Any]:
    """A rung of the bidding ladder: the bid's best trump and its odds."""
    return {
        "bid": row.bid,
        "trump": row.declaration.label,
        "deals": row.deals,
        "make": rounded(row.make),
        "make_ci95": row.make_ci95.as_list(4),
        "make_confirmed": None if row.make_confirmed is None else rounded(row.make_confirmed),
        "make_confirmed_ci95": None if (ci := row.make_confirmed_ci95) is None else ci.as_list(4),
        "expected_marks": round(row.expected_marks, 4),
        **({"make_double_dummy": rounded(row.make_double_dummy)} if realistic else {}),
    }


def _special_bid_json(row: SpecialRung, realistic: bool, nello: NelloDoubles | None) -> dict[str, Any]:
    """A special contract the hand may bid, with its odds (Nel-O with how its doubles
    play, ``nello``)."""
    return {
        "contract": row.contract.label,
        "bid": row.bid,
        "make": rounded(row.make),
        "make_ci95": row.make_ci95.as_list(4),
        "deals": row.deals,
        "expected_marks": round(row.expected_marks, 4),
        **({"make_double_dummy": rounded(row.make_double_dummy), "how": row.how} if realistic else {}),
        **({"doubles": nello.label} if row.contract is Contract.NELLO and nello is not None else {}),
    }


def reading_to_json(reading: AuctionReading) -> dict[str, Any]:
    """What the calls say of the other hands: ``{"trump", "deals", "uniform_deals",
    "constrained", "seats": [{"seat", "calls", "fitted", "uniform"}]}``, each holding
    ``{"doubles", "count", "trumps"}`` (means; ``trumps`` null at follow-me or where no
    trump is counted, ``"trump"`` then null too but at follow-me)."""

    def holding(held: Holding) -> dict[str, float | None]:
        trumps = None if held.trumps is None else round(held.trumps, 4)
        return {"doubles": round(held.doubles, 4), "count": round(held.count, 4), "trumps": trumps}

    seats = [
        {
            "seat": s.seat,
            "calls": [
                name if name == SPLASH else _bid_json(b) for b, name in zip(s.calls, s.names, strict=True)
            ],
            "fitted": holding(s.fitted),
            "uniform": holding(s.uniform),
        }
        for s in reading.seats
    ]
    return {
        "trump": None if reading.declaration is None else reading.declaration.label,
        "deals": reading.deals,
        "uniform_deals": reading.uniform_deals,
        "constrained": reading.constrained,
        "seats": seats,
    }


def _uniform_json(odds: UniformOdds) -> dict[str, Any]:
    """The advised bid and trump on uniform deals (or deals that fit --holds/--lacks
    alone: ``constrained``), both odds double-dummy: ``{"bid", "trump", "make", "deals",
    "make_inferred", "basis", "constrained"}``."""
    return {
        "bid": odds.bid,
        "trump": odds.declaration.label,
        "make": rounded(odds.make),
        "deals": odds.deals,
        "make_inferred": rounded(odds.inferred),
        "basis": "double-dummy",
        "constrained": odds.constrained,
    }


def pair_to_json(pair: PairComparison) -> dict[str, Any]:
    """Two declarations head to head on the same deals."""
    return {
        "first": pair.first.label,
        "second": pair.second.label,
        "deals": pair.deals,
        "mean_difference": round(pair.mean_difference, 3),
        "mean_difference_ci95": pair.mean_difference_ci95.as_list(3),
        "first_more": rounded(pair.first_more),
        "second_more": rounded(pair.second_more),
        "equal": rounded(pair.equal),
        "make": {
            str(row.bid): {
                "first": rounded(row.first),
                "second": rounded(row.second),
                "difference": rounded(row.difference),
                "difference_ci95": row.difference_ci95.as_list(4),
            }
            for row in pair.bids
        },
    }


def comparison_to_json(comparison: Comparison, why_bid: int | None = None) -> dict[str, Any]:
    """The declarations' statistics and every pair's head-to-head figures, then
    ``"exact"``, ``"constraints"`` (if any) and ``"why"``: one per declaration, at
    ``why_bid`` or the most it makes at least half the time; with ``Comparison.realistic``,
    the same from the playouts (``"realistic"``: ``{"source": "playouts", "deals", "worlds",
    "played_for", "trumps", "pairs", "specials"}``), else as estimated by the calibration
    (``"realistic"``: ``{"source": "calibrated", "model", "hands"}``, and each trump's
    ``"realistic"`` figures as in ``analysis_to_json``). Each of ``"specials"`` has its
    ``"realistic"`` odds (``Comparison.special_odds``)."""
    tail = sample_to_json(comparison)
    if comparison.sample is not None:
        tail["why"] = [why_to_json(w) for w in comparison_why(comparison, why_bid)]
    realistic = comparison.realistic
    shown = comparison.estimated if realistic is None else realistic
    trumps = [trump_to_json(s) for s in comparison.trumps]
    if isinstance(shown, CalibratedComparison):
        for entry, figures in zip(trumps, shown.trumps, strict=True):
            entry["realistic"] = _realistic_figures(shown.source, figures)
    return {
        "hand": comparison.hand.names(),
        "deals": comparison.deals,
        "seed": comparison.seed,
        "trumps": trumps,
        "pairs": [pair_to_json(pair) for pair in comparison.pairs],
        "specials": _specials_json(comparison.specials, comparison.special_odds()),
        **tail,
        **({} if shown is None else {"realistic": _realistic_comparison(shown)}),
    }


def declaration_to_json(advice: DeclarationAdvice) -> dict[str, Any]:
    """``{"hand", "bid", "auction", "partner_contract", "deals", "seed", "basis",
    "declarations", "advice", "exact", "racing", "calibration"}`` (``partner_contract``: the
    partner's ``"plunge"`` or ``"splash"`` whose trump we name, else null; and
    ``"constraints"``, ``"inference"`` where there are some, as ``sample_to_json`` gives
    them): each declaration open to the bidder (the nine trumps, then Nel-O and sevens
    where the bid allows them) with its ``deals``, double-dummy ``make`` and ``make_ci95``
    of the bid, ``expected_points`` and ``expected_points_ci95`` (null for Nel-O and
    sevens), ``weighed`` (whether the advice weighs it: on the realistic basis only the
    trumps the calibration was fitted to for such a hand, and Nel-O and sevens) and, on
    the realistic basis, ``realistic`` ``{"source": "calibrated", "make", "make_ci95"}``;
    the advice's ``declaration``, ``make`` (on the basis), ``make_double_dummy`` (on the
    main sample: ``make`` itself on the double-dummy basis), ``make_confirmed``
    (double-dummy, on the independent sample) and ``expected_marks``; ``calibration``, on
    the realistic basis, ``{"model", "hands"}`` (the quick model's version whose
    calibration estimated the trumps, the hands it was fitted to), else null. Played out
    (``realistic_declaration``): ``"realistic": {"source": "playouts", "deals", "worlds",
    "declarations"}``, each declaration played out with the share of the playouts made as
    its ``make`` (and a trump's mean points and their interval), the advice theirs."""
    advised = advice.advised
    return {
        "hand": advice.hand.names(),
        "bid": advice.bid,
        "auction": None if advice.auction is None else _calls_json(advice.auction),
        "partner_contract": _label(advice.partner_contract),
        "deals": advice.deals,
        "seed": advice.seed,
        "basis": advice.basis,
        "declarations": [_choice_json(c, advice.house) for c in advice.choices],
        "advice": {
            "declaration": _choice_name(advised),
            "make": rounded(advice.make),
            "make_double_dummy": rounded(advice.choice(advised.declaration).make),
            "make_confirmed": rounded(advice.make_confirmed),
            "expected_marks": round(advice.expected_marks, 4),
        },
        **({} if advice.reading is None else {"auction_reading": reading_to_json(advice.reading)}),
        **sample_to_json(advice),
        "calibration": _calibration_json(advice.calibration),
        **({} if advice.played is None else {"realistic": _played_json(advice.played, advice.house)}),
    }


def _calibration_json(calibration: CalibrationSource | None) -> dict[str, Any] | None:
    return None if calibration is None else {"model": calibration.version, "hands": calibration.hands}


def _played_json(played: PlayedChoices, house: HouseRules) -> dict[str, Any]:
    return {
        "source": "playouts",
        "deals": played.deals,
        "worlds": played.worlds,
        "declarations": [_choice_json(c, house) for c in played.choices],
    }


def _choice_name(choice: DeclarationChoice) -> str:
    return choice.declaration.value if isinstance(choice.declaration, Contract) else choice.label


def _choice_json(choice: DeclarationChoice, house: HouseRules) -> dict[str, Any]:
    """A declaration open to the bidder (Nel-O with how its doubles play, ``"doubles"``)."""
    result: dict[str, Any] = {
        "declaration": _choice_name(choice),
        "deals": choice.deals,
        "make": rounded(choice.make),
        "make_ci95": choice.make_ci95.as_list(4),
        "expected_points": _rounded_points(choice.expected_points),
        "expected_points_ci95": None if (ci := choice.expected_points_ci95) is None else ci.as_list(3),
        "weighed": choice.weighed,
    }
    if choice.realistic is not None and choice.realistic_ci95 is not None:
        result["realistic"] = {
            "source": "calibrated",
            "make": rounded(choice.realistic),
            "make_ci95": choice.realistic_ci95.as_list(4),
        }
    if choice.declaration is Contract.NELLO:
        result["doubles"] = house.nello_doubles.label
    return result


def _realistic_comparison(realistic: RealisticComparison | CalibratedComparison) -> dict[str, Any]:
    if isinstance(realistic, CalibratedComparison):
        return {"source": realistic.source, "model": realistic.version, "hands": realistic.hands}
    return {
        "source": realistic.source,
        "deals": realistic.deals,
        "worlds": realistic.worlds,
        "played_for": realistic.played_for,
        "trumps": [trump_to_json(s) for s in realistic.trumps],
        "pairs": [pair_to_json(pair) for pair in realistic.pairs],
        "specials": [special_to_json(s) for s in realistic.specials],
    }


def play_to_json(advice: PlayAdvice) -> dict[str, Any]:
    """``{"seat", "to_play", "contract", "trump", "bidder", "bid", "partner_contract",
    "tricks_played", "points_so_far", "deals", "seed", "exact", "plays": [{"domino", "expected_points",
    "expected_points_ci95", "make", "make_ci95", "best_share"}, ...], "best", "advised"}``,
    the best play first: ``best`` the double-dummy best, ``advised`` the play the advice
    names (the playouts' best where they make it the advice, ``PlayAdvice.advised``).
    ``contract`` is ``trump``, ``nello`` or ``sevens`` (``trump`` then null);
    ``expected_points`` is the seat's team's for the whole hand (null at Nel-O and
    sevens); ``make`` always the odds that the bidder's team makes the bid, whichever
    team the seat is on; ``points_so_far`` is [seats 0 and 2, seats 1 and 3], and
    ``tricks_won`` each team's tricks alike (what counts at Nel-O and sevens);
    ``partner_contract`` ``plunge`` or ``splash`` when the ``--auction`` says the bid was
    one (by ``bidder``'s partner; ``bidder`` named the trump), else null. ``seed`` is null
    where no seed is involved: ``exact`` (every consistent deal solved) and nothing played
    out.
    ``"inference"`` (``inference_to_json``) when the deals were drawn to fit the whole
    auction; ``"decided"``: ``{"made", "points", "needed", "left"}`` when the tricks so
    far already made or set a trump hand's bid (``PlayAdvice.decided``); ``"realistic"``
    (``--realistic``): ``{"deals", "worlds", "plays", "best", "advised"}``, the plays
    played out by players who see only their own dominoes, as ``"plays"``, and the play
    advised (``PlayAdvice.advised``); where the playouts' best
    is not the double-dummy best, ``"lead"``: how much more often it won the contract for
    the seat's team on the same deals, ``{"first", "second", "difference",
    "difference_ci95"}``, what the advice weighs. ``"safety"`` where another play expects
    more points than the best: how much more often the best wins the contract for the
    seat's team on the same deals than that one, ``{"first", "second", "difference",
    "difference_ci95"}`` (clearly the safety play where the interval lies above 0).
    ``"locations"`` (trump hands): for each
    trump and count domino the seat cannot see, ``{"domino", "held_by"}``, the share of
    the deals in which each table seat holds it (null for the seat itself)."""
    history = advice.history
    result: dict[str, Any] = {
        "seat": advice.seat,
        "to_play": history.turn,
        **_played_at(advice),
        "bidder": advice.bidder,
        "bid": advice.bid,
        "partner_contract": _label(advice.partner_contract),
        "tricks_played": history.tricks_played,
        "points_so_far": list(history.score),
        "tricks_won": list(history.tricks_won),
        "deals": advice.deals,
        "seed": None if advice.exact and advice.realistic is None else advice.seed,
        "exact": advice.exact,
        "plays": [_play_row(stats) for stats in advice.plays],
        "best": domino_name(advice.best.domino),
        "advised": domino_name(advice.advised.domino),
    }
    if advice.inference is not None:
        result["inference"] = _play_inference(advice)
    locations = advice.locations()
    if locations is not None:
        result["locations"] = _locations_json(locations)
    decided = advice.decided
    if decided is not None:
        result["decided"] = asdict(decided)
    if advice.safety is not None:
        result["safety"] = _difference_json(advice.best.domino, advice.most_points.domino, advice.safety)
    if advice.realistic is not None:
        result["realistic"] = _realistic_plays(advice, advice.realistic)
    return result


def _locations_json(locations: Locations) -> list[dict[str, Any]]:
    """``[{"domino", "held_by"}, ...]``: each domino's share of the deals in each seat's hand."""
    return [
        {
            "domino": domino_name(p.domino),
            "held_by": [None if x is None else rounded(x) for x in p.shares],
        }
        for p in locations.places
    ]


def _difference_json(first: Domino, second: Domino, difference: tuple[float, Interval]) -> dict[str, Any]:
    """``{"first", "second", "difference", "difference_ci95"}``: how much more often
    ``first`` wins the contract than ``second`` on the same deals."""
    value, ci = difference
    return {
        "first": domino_name(first),
        "second": domino_name(second),
        "difference": rounded(value),
        "difference_ci95": ci.as_list(4),
    }


def _realistic_plays(advice: PlayAdvice, played: RealisticPlays) -> dict[str, Any]:
    """``{"deals", "worlds", "plays", "best", "advised"}`` of the plays played out, with
    ``"lead"`` where the playouts' best is not the double-dummy best."""
    result: dict[str, Any] = {
        "deals": played.deals,
        "worlds": played.worlds,
        "plays": [_play_row(stats) for stats in played.plays],
        "best": domino_name(played.best.domino),
        "advised": domino_name(advice.advised.domino),
    }
    top, rival = played.best.domino, advice.best.domino
    if top != rival:
        result["lead"] = _difference_json(top, rival, played.lead(top, rival))
    return result


def _played_at(played: PlayAdvice | PlayReview) -> dict[str, Any]:
    """``{"contract", "trump"}`` of a hand played: ``trump`` and the trump, or ``nello`` or
    ``sevens`` and null; at Nel-O also ``"nello_doubles"``, how its doubles play."""
    if played.contract is None:
        return {"contract": "trump", "trump": played.declaration.label}
    rules = played.history.play_rules
    doubles = {"nello_doubles": rules.doubles.label} if isinstance(rules, NelloTricks) else {}
    return {"contract": played.contract.label, "trump": None, **doubles}


def _label(contract: Contract | None) -> str | None:
    return None if contract is None else contract.label


def _play_row(stats: PlayStats) -> dict[str, Any]:
    """One play's figures in ``play_to_json``."""
    ci = stats.expected_points_ci95
    return {
        "domino": domino_name(stats.domino),
        "expected_points": _rounded_points(stats.expected_points),
        "expected_points_ci95": None if ci is None else ci.as_list(3),
        "make": rounded(stats.make),
        "make_ci95": stats.make_ci95.as_list(4),
        "best_share": rounded(stats.best_share),
    }


def _call_json(call: str) -> int | str:
    """A call as the auctions of the documents write it: ``"pass"``, the bid, ``"splash"``."""
    return int(call) if call.isdigit() else call


def table_hand_to_json(table: TableHand) -> dict[str, Any]:
    """``{"hand", "position", "house", "calls", "contract", "plays", "stage", "next",
    "outcome"}``: a hand followed at the table (``texas42 follow``) so far, the position
    as ``--position`` gives it (1 to 4), ``"next"`` the seat that acts next (null once
    the hand is over) and ``"outcome"`` ``"made"``, ``"set"``, ``"reshuffled"`` or null."""
    return {
        "hand": table.hand.names(),
        "position": table.place + 1,
        "house": house_to_json(table.house),
        "calls": [_call_json(call) for call in table.calls],
        "contract": None if table.contract is None else table.contract.label,
        "plays": [domino_name(play) for play in table.plays],
        "stage": table.stage.value,
        "next": table.to_act,
        "outcome": table.outcome,
    }


def entry_to_json(before: TableHand, after: TableHand) -> dict[str, Any]:
    """``after``'s last entry (``texas42 follow --json``): ``{"seat", "stage"}`` and the
    ``"call"`` (``"pass"``, the bid, ``"splash"``), ``"contract"`` or ``"play"``; a play
    that ends a trick adds ``"trick"``, ``"winner"``, ``"score"`` (the points of each
    team, seats 0 and 2 first) and ``"tricks_won"`` (each team's tricks, what counts at
    Nel-O and sevens)."""
    stage = before.stage
    record: dict[str, Any] = {"seat": before.to_act, "stage": stage.value}
    if stage is TableStage.BIDDING:
        record["call"] = _call_json(after.calls[-1])
    elif stage is TableStage.DECLARING:
        assert after.contract is not None
        record["contract"] = after.contract.label
    else:
        history = after.history
        record["play"] = domino_name(after.plays[-1])
        if not history.trick:
            record |= {"trick": history.tricks_played, "winner": history.leader, "score": list(history.score)}
            record["tricks_won"] = list(history.tricks_won)
    return record


def review_to_json(review: PlayReview) -> dict[str, Any]:
    """``{"seat", "trump", "bidder", "bid", "partner_contract", "deals", "seed", "turns": [{"trick",
    "played", "best", "forced", "as_good_as_best", "better_than_best", "within_sampling_error",
    "played_figures", "best_figures", "points_lost", "make_lost", "make_lost_ci95",
    "points_lost_ci95", "deals", "exact"}, ...], "missed", "points_lost", "make_lost",
    "make_lost_ci95", "points_lost_ci95", "weighs_points"}``: each turn of the seat with the
    figures (``expected_points``, the team's; ``make``, the odds that the bidder's team makes
    the bid) of the domino played and of the best play then; ``make_lost`` the odds of the
    contract for the seat's team (making or setting the bid) the play gave up,
    ``points_lost`` the expected points, each with its 95% interval paired over the turn's
    deals (the figure itself where exact); the totals over the missed turns, their
    intervals added in squares (the turns' deals independent).
    ``weighs_points``: whether a turn is judged on expected points as well as the odds
    (false at Nel-O, sevens, 42 and the mark bids: the odds alone, ``points_lost`` null). A
    turn whose deals were drawn to fit the whole auction has its ``"inference"``
    (``inference_to_json``). ``"realistic"`` (``--realistic``): ``{"deals", "worlds", "turns", "missed",
    "points_lost", "make_lost", "make_lost_ci95", "points_lost_ci95"}``, the same on the
    turns' plays played out, paired over the deals played out (there ``better_than_best``: the
    play did better than the one advised on the double-dummy figures). Where the seat declared and the
    whole auction was given, ``"declared"``: ``{"declaration"}``, what it declared, and
    ``"declare"``, what ``declaration_to_json`` gives for that auction, seed and deals.
    Where the whole auction was given, ``"called"``: ``{"call", "contract"}``, the seat's
    call and the plunge or splash it was (else null), and ``"bid"``, what
    ``advice_to_json`` gives after the calls before it."""
    result: dict[str, Any] = {
        "seat": review.seat,
        **_played_at(review),
        "bidder": review.bidder,
        "bid": review.bid,
        "partner_contract": _label(review.partner_contract),
        "deals": review.deals,
        "seed": review.seed,
        **_reviewed_turns(review),
        "weighs_points": review.weighs_points,
    }
    if review.called is not None and review.call is not None:
        result["called"] = {
            "call": _bid_json(review.call),
            "contract": _label(review.call_contract),
            "bid": advice_to_json(review.called),
        }
    if review.declared is not None:
        result["declared"] = {
            "declaration": _choice_name(review.declared.choice(review.declared_as)),
            "declare": declaration_to_json(review.declared),
        }
    played = review.played_out
    first = review.turns[0].advice.realistic
    if played is not None and first is not None:
        result["realistic"] = {"deals": first.deals, "worlds": first.worlds, **_reviewed_turns(played)}
    return result


def _reviewed_turns(review: PlayReview) -> dict[str, Any]:
    """``{"turns", "missed", "points_lost", "make_lost", "make_lost_ci95",
    "points_lost_ci95"}`` of ``review_to_json``."""
    turns = []
    for turn in review.turns:
        advice = turn.advice
        turns.append(
            {
                "trick": turn.trick,
                "played": domino_name(turn.played),
                "best": domino_name(turn.best.domino),
                "forced": turn.forced,
                "as_good_as_best": turn.is_best,
                "better_than_best": turn.beats_best,
                "within_sampling_error": turn.sound,
                "played_figures": _play_figures(turn.chosen),
                "best_figures": _play_figures(turn.best),
                "points_lost": _rounded_points(turn.points_lost),
                "make_lost": rounded(turn.contract_lost),
                **_lost_intervals(turn),
                "deals": advice.deals,
                "exact": advice.exact,
                **({} if advice.inference is None else {"inference": _play_inference(advice)}),
            }
        )
    return {
        "turns": turns,
        "missed": len(review.missed),
        "points_lost": _rounded_points(review.points_lost),
        "make_lost": rounded(review.contract_lost),
        **_lost_intervals(review),
    }


def _lost_intervals(lost: TurnReview | PlayReview) -> dict[str, Any]:
    """``{"make_lost_ci95", "points_lost_ci95"}``: the 95% intervals of what a turn, or the
    missed turns in all, gave up (null where the figure is, or its interval unknown)."""
    odds, points = lost.contract_lost_ci95, lost.points_lost_ci95
    return {
        "make_lost_ci95": None if odds is None else odds.as_list(4),
        "points_lost_ci95": None if points is None else points.as_list(3),
    }


def _play_figures(stats: PlayStats) -> dict[str, Any]:
    """A play's figures at a reviewed turn, with their 95% intervals (on that turn's deals)."""
    ci = stats.expected_points_ci95
    return {
        "expected_points": _rounded_points(stats.expected_points),
        "make": rounded(stats.make),
        "expected_points_ci95": None if ci is None else ci.as_list(3),
        "make_ci95": stats.make_ci95.as_list(4),
    }


def _rounded_points(points: float | None) -> float | None:
    """Expected points to 3 places; None at Nel-O and sevens, where no points count."""
    return None if points is None else round(points, 3)


def _quick_figures(stats: QuickTrump) -> dict[str, Any]:
    return {
        "expected_points": round(stats.expected_points, 3),
        "make": {str(b): rounded(stats.make(b)) for b in BIDS},
    }


def _quick_recommendation(rec: QuickRecommendation) -> dict[str, Any]:
    return {
        "bid": _bid_json(rec.bid),
        "trump": rec.declaration.label,
        "make": rounded(rec.make),
        "expected_marks": round(rec.expected_marks, 4),
        "confidence": rec.confidence,
    }


def quick_to_json(result: QuickAnalysis) -> dict[str, Any]:
    """``{"hand", "model": {"version", "hands", "bases"}, "trumps": [{"trump",
    "expected_points", "make"}], "recommendation": {"bid", "trump", "make",
    "expected_marks", "confidence", "basis"}}``: the estimates in the shape of
    ``analyze``'s. With realistic estimates each trump has ``"realistic":
    {"expected_points", "make"}``, the recommendation rests on them and holds the
    double-dummy one (``"double_dummy"``), as ``analyze``'s does. ``"specials"``: the special
    contracts the hand may bid, estimated double-dummy (``{"contract", "make", "marks",
    "expected_marks"}``, Nel-O with ``"doubles"``; empty with the special contracts off),
    with realistic estimates those odds calibrated (``"realistic"``, ``special_odds_to_json``),
    and ``"special_instead"`` and ``"special_instead_bid"`` as ``analyze``'s."""
    realistic: QuickEstimate | None = result.realistic
    trumps = []
    for stats in result.trumps:
        entry: dict[str, Any] = {"trump": stats.declaration.label, **_quick_figures(stats)}
        if realistic is not None:
            entry["realistic"] = _quick_figures(realistic.stats(stats.declaration))
        trumps.append(entry)
    document: dict[str, Any] = {
        "hand": result.hand.names(),
        "model": {
            "version": result.version,
            "hands": result.hands,
            "bases": ["double-dummy", *(["realistic"] if realistic is not None else [])],
        },
        "trumps": trumps,
        "recommendation": {**_quick_recommendation(result.recommendation), "basis": result.basis},
    }
    if realistic is not None:
        document["model"]["realistic_hands"] = result.realistic_hands
        document["recommendation"]["double_dummy"] = _quick_recommendation(result.double_dummy.recommendation)
    instead = result.special_instead
    advised = result.advised_specials
    document["specials"] = [
        _quick_special(s, o, realistic is not None) for s, o in zip(result.specials, advised, strict=True)
    ]
    document["special_instead"] = None if instead is None else instead.contract.label
    document["special_instead_bid"] = None if instead is None else instead.bid
    return document


def _quick_special(stats: QuickSpecial, odds: SpecialOdds, realistic: bool) -> dict[str, Any]:
    result: dict[str, Any] = {
        "contract": stats.contract.label,
        "make": rounded(stats.make),
        "marks": stats.marks,
        "expected_marks": round(stats.expected_marks, 4),
    }
    if stats.doubles is not None:
        result["doubles"] = stats.doubles.label
    if realistic:
        result["realistic"] = special_odds_to_json(odds)
    return result


def to_dict(result: object, *, why_bid: SupportsIndex | str | None = None) -> dict[str, Any]:
    """The JSON document of a result, as ``texas42 ... --json`` prints it: a
    ``DealTable`` (``solve``), ``HandAnalysis`` (``analyze``), ``BidAdvice`` (``bid``),
    ``Comparison`` (``compare``), ``DeclarationAdvice`` (``declare``), ``PlayAdvice``
    (``play``), ``PlayReview`` (``review``) or
    ``QuickAnalysis`` (``quick``); a ``PlayLine`` (``line_of_play``) as ``{"trump",
    "bidder", "line"}``, the ``"line"`` of ``solve --line --json``; ``Dealt`` (``deals``)
    as ``{"seed", "exact", "deals": [{"hands"}, ...], "inference"}``; a ``TableHand``
    (``follow``) as ``table_hand_to_json``. Anything else is an ``ArgumentTypeError``. ``why_bid``, for a
    ``HandAnalysis`` or ``Comparison`` only: the bid its ``"why"`` is about, as ``--bid``
    gives it (default: the recommended bid; for a comparison, the most each trump makes
    at least half the time)."""
    if why_bid is None:
        return _document(result)
    if not isinstance(result, HandAnalysis | Comparison):
        raise UsageError(f"why_bid goes with an analysis or a comparison, not a {type(result).__name__}")
    bid = bid_played(why_bid)
    if isinstance(result, HandAnalysis):
        return analysis_to_json(result, why_bid=bid)
    return comparison_to_json(result, bid)


def dealt_to_json(dealt: Dealt) -> dict[str, Any]:
    """``{"seed", "exact", "deals": [{"hands"}, ...], "inference"}``: the deals as ``texas42
    deals --json`` prints them, a line each, and how they were drawn to fit an auction
    (``inference_to_json``; None: uniformly)."""
    inference = None if dealt.inference is None else inference_to_json(dealt.inference)
    return {
        "seed": dealt.seed,
        "exact": dealt.exact,
        "deals": [{"hands": hands_to_json(d)} for d in dealt.deals],
        "inference": inference,
    }


def _line_document(line: PlayLine) -> dict[str, Any]:
    return {"trump": line.declaration.label, "bidder": line.bidder, "line": line_to_json(line)}


_DOCUMENTS: Final[dict[type, Callable[[Any], dict[str, Any]]]] = {
    PlayLine: _line_document,
    DealTable: table_to_json,
    Dealt: dealt_to_json,
    TableHand: table_hand_to_json,
    HandAnalysis: analysis_to_json,
    BidAdvice: advice_to_json,
    Comparison: comparison_to_json,
    DeclarationAdvice: declaration_to_json,
    PlayAdvice: play_to_json,
    PlayReview: review_to_json,
    QuickAnalysis: quick_to_json,
}
"""The document of each kind of result (``to_dict``)."""


def _document(result: object) -> dict[str, Any]:
    to_json = _DOCUMENTS.get(type(result))
    if to_json is None:
        raise ArgumentTypeError(f"no JSON document for {type(result).__name__}")
    return to_json(result)
