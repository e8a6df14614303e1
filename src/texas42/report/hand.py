"""Rich views of a hand analysis: the table of declarations, the special contracts and
the recommendation."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final, Protocol

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from texas42.analysis import (
    CalibratedAnalysis,
    Comparison,
    EstimatedTrump,
    HandAnalysis,
    LadderRung,
    RealisticAnalysis,
    SpecialOdds,
    SpecialStats,
    TrumpStats,
    Why,
)
from texas42.analysis.calibrated import LEADING, most_points
from texas42.analysis.specials import solved_odds
from texas42.analysis.statistics import DeclarationOdds
from texas42.deal import DealConstraints, Inference
from texas42.report.layout import GAP, Fitted, Heading
from texas42.report.why import why_table
from texas42.report.wording import (
    all_consistent,
    band_phrase,
    bid_heading,
    capitalized,
    ci_phrase,
    constraints_sentence,
    contract_name,
    deals_phrase,
    deals_text,
    drawn_from_fewer,
    error_band_phrase,
    inference_sentence,
    interval_header,
    marks_count,
    odds_against,
    odds_footer,
    odds_margin,
    percent,
    points_column_note,
    points_reach,
    raised_specials_note,
    realistic_footer,
    realistic_specials_caption,
    signed,
    special_odds_phrase,
    specials_caption,
    uniform_deals_note,
)
from texas42.rules import PASS, TOTAL_POINTS, Auction, Contract, Declaration, FinishedAuction, Hand

MAIN_BIDS: Final = (30, 32, 34, 36, 38, 40, 42)
"""The bids shown as columns of the analysis table (plus the recommended bid)."""
_BARS: Final = " ▁▂▃▄▅▆▇█"


def sparkline(histogram: Sequence[int]) -> str:
    """The points distribution in 13 characters: 11 bars (0-3, 4-7, ..., 36-39, 40-41),
    a rule and the bar for exactly 42 (all the tricks), scaled to the highest bar."""
    edges = [*range(0, 41, 4), TOTAL_POINTS]
    bins = [sum(histogram[a:b]) for a, b in itertools.pairwise(edges)] + [histogram[TOTAL_POINTS]]
    top = max(bins) or 1

    def bar(count: int) -> str:
        if count == 0:
            return _BARS[0]
        return _BARS[max(1, round(count / top * (len(_BARS) - 1)))]

    return "".join(bar(c) for c in bins[:-1]) + "│" + bar(bins[-1])


def hand_header(
    hand: Hand,
    deals: int,
    seed: int,
    name: str | None = None,
    exact: bool = False,
    constraints: DealConstraints | None = None,
    inference: Inference | None = None,
    ruled_by: Auction | FinishedAuction | None = None,
) -> Text:
    """``Hand 6-6 6-5 ...: 1,000 deals of the unseen dominoes, seed 7``; with constraints,
    a second line states them; with deals drawn to fit an auction, a line says so (and
    the first that they repeat where fewer deals are consistent with the constraints);
    with deals that keep only the rules of an auction's plunge or splash (``ruled_by``),
    a line says that."""
    title = f"{name}: " if name else "Hand "
    fewer = drawn_from_fewer(inference, deals)
    phrase = deals_phrase(deals, seed, exact, constraints is not None)
    if fewer is not None:
        phrase = f"{fewer} (some more than once), seed {seed}"
    header = Heading.assemble((f"{title}{hand}", "bold"), f"{GAP}{phrase}")
    if constraints is not None:
        header.append("\n" + constraints_sentence(constraints, hand))
    if inference is not None:
        header.append("\n" + inference_sentence(inference))
    if ruled_by is not None:
        header.append("\n" + uniform_deals_note(ruled_by))
    return header


def analysis_header(analysis: HandAnalysis | Comparison) -> Text:
    """``hand_header`` for an analysis or a comparison: its hand, deals, seed and how
    they were dealt."""
    return hand_header(
        analysis.hand,
        analysis.deals,
        analysis.seed,
        None,
        analysis.exact,
        analysis.constraints,
        analysis.inference,
        analysis.ruled_by,
    )


def short_of_deals(
    rows: Sequence[TrumpStats] | Sequence[LadderRung] | Sequence[EstimatedTrump], deals: int
) -> bool:
    """Whether racing left any of ``rows`` on fewer than the ``deals``."""
    return fewest_deals(rows, deals) < deals


def fewest_deals(
    rows: Sequence[TrumpStats] | Sequence[LadderRung] | Sequence[EstimatedTrump], deals: int
) -> int:
    """The fewest deals any of ``rows`` stands on (``deals`` if none is shown)."""
    return min((row.deals for row in rows), default=deals)


def plus_minus(stats: TrumpStats) -> str:
    """``±0.5``: the half-width of the expected points' 95% interval; where the interval is
    cut at 0 or 42 points, its wider side's."""
    return points_reach(stats.expected_points, stats.expected_points_ci95)


def footer(
    deals: int,
    seed: int,
    exact: bool = False,
    fewest: int | None = None,
    played_out: bool = False,
    top_bid: int = 84,
) -> Text:
    """The line that says what the odds mean; ``fewest``: the deals of the figure shown that
    stands on the fewest; ``played_out``: whether playouts are shown too; ``top_bid``: the
    highest bid shown."""
    return Text(odds_footer(deals, seed, exact, fewest, played_out=played_out, top_bid=top_bid), style="dim")


class Advised(Protocol):
    """A recommendation, computed or estimated: its trump, the bid its figures are about
    and the confidence a bid needs."""

    @property
    def declaration(self) -> Declaration: ...

    @property
    def contract(self) -> int: ...

    @property
    def confidence(self) -> float: ...


def table_bids(rec: Advised) -> list[int]:
    """The bids shown as columns: the main ones, and the recommended one (up to 42)."""
    return sorted({*MAIN_BIDS, rec.contract} if rec.contract <= 42 else set(MAIN_BIDS))


def odds_cells(stats: DeclarationOdds, bids: Sequence[int], rec: Advised) -> list[RenderableType]:
    """A trump's odds of ``bids``: green where made at the confidence, the recommended
    bid's cell of the recommended trump reversed."""
    cells: list[RenderableType] = []
    for bid in bids:
        p = stats.make(bid)
        style = "green" if p >= rec.confidence else "dim"
        if stats.declaration == rec.declaration and bid == min(rec.contract, 42):
            style = "reverse bold"
        cells.append(Text(odds_against(p, rec.confidence), style=style))
    return cells


def analysis_table(analysis: HandAnalysis, histogram: bool = True) -> Table:
    """Declarations as rows: expected points, the odds of the main bids, the distribution
    (unless not ``histogram``)."""
    rec = analysis.recommendation
    bids = table_bids(rec)
    out = Table(
        title="Double-dummy",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        collapse_padding=True,
        pad_edge=False,
    )
    out.add_column("trump", no_wrap=True)
    raced = short_of_deals(analysis.trumps, analysis.deals)
    if raced:
        out.add_column("deals", justify="right", no_wrap=True)
    out.add_column("points", justify="right", no_wrap=True)
    for bid in bids:
        out.add_column(bid_heading(bid), justify="right", no_wrap=True)
    if histogram:  # never wrapped: the table is drawn without it where it does not fit
        out.add_column("0 points │42", justify="left", overflow="ellipsis", no_wrap=True)
    for stats in analysis.trumps:
        chosen = stats.declaration == rec.declaration
        cells: list[RenderableType] = [
            Text(stats.declaration.label, style="bold" if chosen else ""),
            *([Text(f"{stats.deals:,}", style="dim")] if raced else []),
            Text(
                f"{stats.expected_points:.1f}" + ("" if stats.exact else plus_minus(stats)),
                style="bold" if chosen else "",
            ),
        ]
        cells += odds_cells(stats, bids, rec)
        if histogram:
            cells.append(Text(sparkline(stats.histogram), style="cyan"))
        out.add_row(*cells)
    return out


def advice_head(words: str, label: str = "") -> Text:
    """The head of an advice, ``words`` such as "pass" or "bid 36 with fours": highlighted
    ("Pass" yellow, "Bid ..." green); with a ``label`` ("Double-dummy: "), plainly bold,
    as figures the advice does not rest on."""
    if label:
        return Text(label + words, style="bold")
    return Text(capitalized(words), style="bold reverse yellow" if words == "pass" else "bold reverse green")


def recommendation_text(analysis: HandAnalysis) -> Text:
    """The advice in words: bid and trump (or pass), the odds, the independent check,
    marks; when the advice rests on realistic odds, labelled as the double-dummy one."""
    rec = analysis.recommendation
    label = "" if analysis.realistic is None else "Double-dummy: "
    n = analysis.deals
    check = (
        ""
        if rec.make_confirmed is None
        else f"; on an independent sample of {deals_text(n)}, {percent(rec.make_confirmed)}"
    )
    if analysis.exact:
        these = "this is" if n == 1 else "these are"
        check = f"; {these} {all_consistent(n)}, so the odds are exact and need no independent check"
    marks_check = (
        ""
        if rec.expected_marks_confirmed is None or analysis.exact
        else f" (independent sample {signed(rec.expected_marks_confirmed)})"
    )
    ci = rec.make_ci95
    interval = "" if analysis.exact else f" ({ci_phrase(ci)})"
    odds = f"{odds_against(rec.make, rec.confidence)}{interval}{check}"
    if rec.passes:
        head = advice_head("pass", label)
        body = (
            f": no declaration makes 30 in at least {percent(rec.confidence)} of deals. If forced to bid 30 "
            f"(all pass and you shake), call {rec.declaration.label}: it makes 30 in {odds}. "
            f"Expected marks {signed(rec.expected_marks)}{marks_check}."
        )
    else:
        head = advice_head(f"bid {rec.bid} with {rec.declaration.label}", label)
        needs = "all 42 points" if rec.bid >= 42 else f"at least {rec.bid} points"
        extra = ""
        if rec.bid > 42:
            extra = f" {rec.bid} ({rec.bid // 42} marks) expects more marks than 42 (1 mark)."
        body = (
            f": it takes {needs} in {odds}. Expected marks {signed(rec.expected_marks)}{marks_check}.{extra} "
            f"This is the highest bid made in at least {percent(rec.confidence)} of deals."
        )
    if analysis.realistic is None:  # no realistic advice follows: this one is the advice
        body += " This is the advice (double-dummy, the basis asked for)."
    return Text.assemble(head, body)


def _special_note(stats: SpecialStats) -> str:
    if stats.contract is Contract.NELLO:
        return "" if stats.doubles is None else f"doubles {stats.doubles.label}"
    if stats.best_make is not None:
        return f"best trump {percent(stats.best_make)}*"
    return ""


def specials_table(
    specials: Sequence[SpecialStats],
    confidence: float,
    realistic: Sequence[SpecialOdds] = (),
    advice: bool = True,
    played_deals: int | None = None,
) -> Table:
    """The special contracts: the bid (marks), the double-dummy odds and their interval;
    with ``realistic`` odds (``HandAnalysis.advised_specials`` on the realistic basis; those
    played out, on ``played_deals`` of the deals), the double-dummy odds beside the
    realistic ones and their interval or band; expected marks on the realistic odds if
    any (``advice``: the caption says the advice rests on them too)."""
    out = Table(
        title="Special contracts, on the same deals",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
    )
    # The figures never wrap: in a narrow terminal the note wraps instead.
    out.add_column("contract", no_wrap=True)
    out.add_column("marks", justify="right", no_wrap=True)
    if realistic:
        out.add_column("DD", justify="right", no_wrap=True)
        out.add_column("real", justify="right", no_wrap=True)
    else:
        out.add_column("makes", justify="right", no_wrap=True)
    advised = {odds.contract: odds for odds in realistic}
    rows = [advised.get(stats.contract, solved_odds(stats)) for stats in specials]
    out.add_column(interval_header(odds.how for odds in rows), justify="right", no_wrap=True)
    out.add_column("exp. marks", justify="right", no_wrap=True)
    out.add_column("")
    for stats, odds in zip(specials, rows, strict=True):
        out.add_row(*_special_row(stats, odds, confidence, bool(realistic)))
    out.caption = _specials_caption(specials, rows, realistic, advice, played_deals)
    out.caption_justify = "left"
    return out


def _special_row(
    stats: SpecialStats, odds: SpecialOdds, confidence: float, realistic: bool
) -> list[RenderableType]:
    """A special contract's cells in ``specials_table``: with ``realistic``, the
    double-dummy odds beside ``odds`` and the interval or band of ``odds``."""
    ci = stats.make_ci95
    cells: list[RenderableType] = [contract_name(stats.contract), str(odds.marks)]
    if realistic:
        assert odds.make_ci95 is not None
        cells += [percent(stats.make), _odds_cell(odds.make, confidence)]
        ci = odds.make_ci95
    else:
        cells.append(_odds_cell(stats.make, confidence))
    return [
        *cells,
        f"{percent(ci.low)}-{percent(ci.high)}",
        signed(odds.expected_marks),
        Text(_special_note(stats), style="dim"),
    ]


def _specials_caption(
    specials: Sequence[SpecialStats],
    rows: Sequence[SpecialOdds],
    realistic: Sequence[SpecialOdds],
    advice: bool,
    played_deals: int | None,
) -> str:
    """The caption of ``specials_table``: what the odds stand on and the notes on them."""
    hindsight = ". * With the best trump for each deal: hindsight the partner cannot have, an upper bound."
    caption = specials_caption(hindsight if any(s.best_make is not None for s in specials) else None)
    caption += raised_specials_note(rows)
    if realistic:
        sampled = not any(s.exact for s in specials)
        caption += " " + realistic_specials_caption(
            realistic, advice=advice, sampled=sampled, played_deals=played_deals
        )
    return caption


def _odds_cell(make: float, confidence: float) -> Text:
    """Odds, green where made at the confidence, else dim."""
    return Text(odds_against(make, confidence), style="green" if make >= confidence else "dim")


def _leading_only(analysis: HandAnalysis) -> str:
    """Which trumps the realistic table holds: those the calibration was fitted to and
    ``--realistic`` plays out (``analysis.calibrated.leading_trumps``)."""
    tied = len(most_points(analysis.trumps)) > LEADING
    most = "the two with the most double-dummy points" + (" and those tied with them" if tied else "")
    return f"; the leading trumps only ({most}, and the double-dummy advice's)"


def _realistic_title(realistic: CalibratedAnalysis | RealisticAnalysis, analysis: HandAnalysis) -> str:
    if isinstance(realistic, RealisticAnalysis):
        return (
            f"Realistic play: {deals_text(realistic.deals)} played out by players who see only their own "
            f"dominoes ({realistic.worlds} worlds a decision), playing for {realistic.played_for}"
            f"{_leading_only(analysis)}; (DD): the double-dummy points of the same deals"
        )
    return (
        "Realistic play, estimated: what players who see only their own dominoes make, from the "
        f"figures above by the calibration of quick model {realistic.version} (fitted to the "
        f"playouts of {realistic.hands:,} hands){_leading_only(analysis)}"
    )


def realistic_table(realistic: CalibratedAnalysis | RealisticAnalysis, analysis: HandAnalysis) -> Table:
    """The leading trumps' realistic points and odds, played out (the points with their
    interval) or estimated (with the deals they stand on where racing left one short),
    beside the double-dummy points."""
    rec = realistic.recommendation
    bids = table_bids(rec)
    raced = isinstance(realistic, CalibratedAnalysis) and short_of_deals(realistic.trumps, analysis.deals)
    out = Table(
        title=_realistic_title(realistic, analysis),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        collapse_padding=True,
        pad_edge=False,
    )
    out.add_column("trump", no_wrap=True)
    if raced:
        out.add_column("deals", justify="right", no_wrap=True)
    out.add_column("points", justify="right", no_wrap=True)
    out.add_column("(DD)", justify="right", style="dim", no_wrap=True)
    for bid in bids:
        out.add_column(bid_heading(bid), justify="right")
    for stats in realistic.trumps:
        chosen = stats.declaration == rec.declaration
        points = f"{stats.expected_points:.1f}"
        if isinstance(stats, TrumpStats):
            points += plus_minus(stats)
        cells: list[RenderableType] = [
            Text(stats.declaration.label, style="bold" if chosen else ""),
            *([Text(f"{stats.deals:,}", style="dim")] if raced else []),
            Text(points, style="bold" if chosen else ""),
            Text(f"{_double_dummy_points(analysis, stats.declaration, realistic):.1f}"),
        ]
        cells += odds_cells(stats, bids, rec)
        out.add_row(*cells)
    return out


def _double_dummy_points(
    analysis: HandAnalysis, declaration: Declaration, realistic: CalibratedAnalysis | RealisticAnalysis
) -> float:
    """The double-dummy points beside the realistic ones: on the deals played out (the
    first of the sample), like with like, else on all the deals the estimate came from."""
    sample = analysis.sample
    if isinstance(realistic, RealisticAnalysis) and sample is not None:
        return float(sample.points_of(declaration)[: realistic.deals].mean())
    return analysis.stats(declaration).expected_points


def realistic_text(
    realistic: CalibratedAnalysis | RealisticAnalysis, among_trumps: bool = False, sampled: bool = True
) -> Text:
    """The recommendation on the realistic odds, played out or estimated; ``among_trumps``:
    the advice among the trump bids, a special contract being the advice; ``sampled``: on
    sampled deals, not every one (``band_phrase``)."""
    rec = realistic.recommendation
    ci = rec.make_ci95
    if isinstance(realistic, RealisticAnalysis):
        shown = odds_against(rec.make, rec.confidence)
        odds = f"{shown} of the playouts ({ci_phrase(ci)})"
        how = "played out"
    else:
        if ci.low == ci.high:  # no band: the rules settle it (``EstimatedTrump.settled``)
            odds = f"{odds_against(rec.make, rec.confidence)} (certain: the rules settle it)"
        else:
            band = band_phrase(f"{percent(ci.low)} to {percent(ci.high)}", sampled)
            odds = f"an estimated {odds_against(rec.make, rec.confidence)} ({band})"
        how = "estimated; --realistic plays it out"
    if rec.passes:
        head = advice_head("pass")
        body = (
            f": at a real table no trump makes 30 in at least {percent(rec.confidence)} of deals; forced, "
            f"{rec.declaration.label} makes 30 in {odds}."
        )
    else:
        head = advice_head(f"bid {rec.bid} with {rec.declaration.label}")
        needs = "all 42 points" if rec.bid >= 42 else f"at least {rec.bid} points"
        body = (
            f": at a real table it takes {needs} in {odds}. Expected marks {signed(rec.expected_marks)}. "
            f"The highest bid made in at least {percent(rec.confidence)} of deals."
        )
    among = " among the trump bids" if among_trumps else ""
    return Text.assemble(head, body, f" This is the advice{among} (realistic, {how}).")


def special_instead_text(analysis: HandAnalysis, special: SpecialOdds) -> Text:
    """The special contract to bid instead of the advised trump bid (``special_instead``),
    as ``texas42 bid`` would advise the first bidder."""
    rec = analysis.advised
    name = contract_name(special.contract)
    alternative = (
        "passing" if rec.passes else f"{rec.bid} with {rec.declaration.label} ({signed(rec.expected_marks)})"
    )
    body = (
        f": {name} for {marks_count(special.marks)} {special_odds_phrase(special, not analysis.exact)}, "
        f"expected marks {signed(special.expected_marks)}, more than {alternative}. So 'texas42 bid' advises "
        "the first bidder; later in the auction it weighs the special contracts against the bids made."
    )
    return Text.assemble(advice_head(f"bid {name} ({special.bid}) instead"), body)


def _opener_note(analysis: HandAnalysis) -> Text | None:
    """After an auction with a high bid, that the advice is an opener's: 'bid' advises
    over the auction."""
    high = auction_high_bid(analysis.inference, analysis.ruled_by)
    if high == PASS:
        return None
    return Text(
        f"The bids above are what the hand makes, as if you opened; over the auction's high bid "
        f"({high}), 'texas42 bid' advises what to call."
    )


def auction_high_bid(inference: Inference | None, ruled_by: Auction | FinishedAuction | None) -> int:
    """The high bid of the auction the deals were drawn to fit (or, not listened to, kept
    the rules of), ``PASS`` if none."""
    auction = ruled_by if inference is None else inference.auction
    return PASS if auction is None else auction.high_bid


def analysis_view(analysis: HandAnalysis, why: Why | None = None) -> RenderableType:
    """The whole ``texas42 analyze`` report for one hand (with ``why``, its table last
    but the footer; with realistic figures, calibrated or played out, they and their
    advice after the double-dummy one)."""
    parts: list[RenderableType] = [
        analysis_header(analysis),
        Fitted(analysis_table(analysis), analysis_table(analysis, histogram=False)),
    ]
    if analysis.specials:
        realistic = () if analysis.realistic is None else analysis.advised_specials
        played = analysis.realistic.deals if isinstance(analysis.realistic, RealisticAnalysis) else None
        parts.append(
            Fitted(specials_table(analysis.specials, analysis.confidence, realistic, played_deals=played))
        )
    parts.append(recommendation_text(analysis))
    special = analysis.special_instead
    if analysis.realistic is not None:
        table = Fitted(realistic_table(analysis.realistic, analysis))
        parts += [
            Text(""),
            table,
            realistic_text(analysis.realistic, special is not None, not analysis.exact),
        ]
    if special is not None:
        parts.append(special_instead_text(analysis, special))
    if why is not None:
        parts += [Text(""), Fitted(why_table(why))]
    opener = _opener_note(analysis)
    if opener is not None:
        parts.append(opener)
    fewest = fewest_deals(analysis.trumps, analysis.deals)
    played_out = isinstance(analysis.realistic, RealisticAnalysis)
    parts += [Text(""), footer(analysis.deals, analysis.seed, analysis.exact, fewest, played_out)]
    parts.append(Text(points_column_note(analysis.exact), style="dim"))
    if analysis.realistic is not None:
        footing = realistic_footer(analysis.realistic.source) + _realistic_reach(
            analysis.realistic, analysis.exact
        )
        parts.append(Text(footing, style="dim"))
    return Group(*parts)


def _realistic_reach(realistic: CalibratedAnalysis | RealisticAnalysis, exact: bool) -> str:
    """How far the realistic table's odds may be off: the playouts' sampling error, or the
    calibration's error band (and the sampling error of the double-dummy figures behind
    it, unless every consistent deal was solved: ``exact``)."""
    if isinstance(realistic, RealisticAnalysis):
        return (
            f" Their 95% intervals reach at most ±{odds_margin(realistic.deals)} percentage points either "
            f"side on the {deals_text(realistic.deals)} played out, less near 0% and 100%."
        )
    sampling = "" if exact else ", before the sampling error of the double-dummy figures"
    return f" The calibration's {error_band_phrase(realistic.trumps[0].bands)}{sampling}."
