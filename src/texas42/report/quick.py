"""The Rich view of ``texas42 quick``: the quick model's estimates, labelled as estimates."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from texas42.analysis.quick import QuickAnalysis, QuickEstimate
from texas42.analysis.specials import SOLVED, SpecialOdds
from texas42.report.hand import advice_head, odds_cells, sparkline, table_bids
from texas42.report.layout import GAP, Fitted, Heading
from texas42.report.summary import instead_note, name_width_of, quick_summary_row, summary_header
from texas42.report.wording import (
    bid_heading,
    contract_name,
    hands_counted,
    marks_count,
    odds_against,
    percent,
    quick_footer,
    quick_phrase,
    raised_specials_note,
    realistic_specials_caption,
    signed,
    special_odds_phrase,
    specials_caption,
)
from texas42.rules import Contract


def quick_table(estimate: QuickEstimate) -> Table:
    """Declarations as rows: estimated expected points, odds of the main bids, distribution."""
    rec = estimate.recommendation
    bids = table_bids(rec)
    out = Table(box=box.SIMPLE_HEAD, title_justify="left", collapse_padding=True, pad_edge=False)
    out.add_column("trump", no_wrap=True)
    out.add_column("points", justify="right", no_wrap=True)
    for bid in bids:
        out.add_column(bid_heading(bid), justify="right")
    out.add_column("0 points │42", justify="left", no_wrap=True)
    for stats in estimate.trumps:
        chosen = stats.declaration == rec.declaration
        cells: list[RenderableType] = [
            Text(stats.declaration.label, style="bold" if chosen else ""),
            Text(f"{stats.expected_points:.1f}", style="bold" if chosen else ""),
        ]
        cells += odds_cells(stats, bids, rec)
        cells.append(Text(sparkline([round(1000 * p) for p in stats.distribution]), style="cyan"))
        out.add_row(*cells)
    return out


def quick_advice(estimate: QuickEstimate, label: str = "") -> Text:
    """The estimated recommendation in words; with ``label``, plainly, as the figures of
    a basis the advice does not rest on."""
    rec = estimate.recommendation
    if rec.passes:
        forced = odds_against(rec.make, rec.confidence)
        return Text.assemble(
            advice_head("pass", label),
            f": no declaration is estimated to make 30 in at least {percent(rec.confidence)} of deals. "
            f"If forced to bid 30, call {rec.declaration.label}: an estimated {forced}. "
            f"Expected marks {signed(rec.expected_marks)}.",
        )
    needs = "all 42 points" if rec.bid >= 42 else f"{rec.bid} points"
    return Text.assemble(
        advice_head(f"bid {rec.bid} with {rec.declaration.label}", label),
        f": estimated to take {needs} in {percent(rec.make)} of deals. Expected marks "
        f"{signed(rec.expected_marks)}. The highest bid estimated to be made in at least "
        f"{percent(rec.confidence)} of deals.",
    )


def quick_specials_table(result: QuickAnalysis) -> Table:
    """The special contracts: the bid (marks), the estimated double-dummy odds, with
    realistic estimates those odds calibrated, and expected marks on the odds the advice
    weighs."""
    realistic = result.realistic is not None
    out = Table(
        title="Special contracts, estimated" if realistic else "Special contracts, estimated double-dummy",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
    )
    out.add_column("contract", no_wrap=True)
    for name in ("marks", "DD" if realistic else "makes", *(("real",) if realistic else ()), "exp. marks"):
        out.add_column(name, justify="right", no_wrap=True)
    out.add_column("", no_wrap=True)
    for stats, odds in zip(result.specials, result.advised_specials, strict=True):
        note = "" if stats.doubles is None else f"doubles {stats.doubles.label}"
        style = "green" if odds.make >= result.confidence else "dim"
        made = Text(odds_against(odds.make, result.confidence), style=style)
        double_dummy = (Text(percent(stats.make)),) if realistic else ()
        out.add_row(
            contract_name(stats.contract),
            str(odds.marks),
            *double_dummy,
            made,
            signed(odds.expected_marks),
            Text(note, style="dim"),
        )
    partner = any(c.contract in (Contract.PLUNGE, Contract.SPLASH) for c in result.specials)
    caption = specials_caption(" and leads." if partner else None)
    caption += raised_specials_note(result.advised_specials)
    if realistic:
        caption += " " + realistic_specials_caption(result.advised_specials, intervals=False)
    out.caption = caption
    out.caption_justify = "left"
    return out


def quick_special_instead(result: QuickAnalysis, special: SpecialOdds) -> Text:
    """The special contract to bid instead of the recommendation."""
    rec = result.recommendation
    name = contract_name(special.contract)
    alternative = (
        "passing" if rec.passes else f"{rec.bid} with {rec.declaration.label} ({signed(rec.expected_marks)})"
    )
    odds = special_odds_phrase(special, sampled=False)
    if special.how == SOLVED:
        odds = odds.replace("makes", "is estimated to make", 1)
    body = (
        f": {name} for {marks_count(special.marks)} {odds}, expected marks "
        f"{signed(special.expected_marks)}, more than {alternative}; 'texas42 analyze' solves it."
    )
    return Text.assemble(advice_head(f"bid {name} ({special.bid}) instead"), body)


UNSURE_OF_ALL: Final = (
    "All 42 points are where the model is least sure: very strong hands are rare among those it "
    "was fitted to (with six sixes and the 5-4 it estimates 64% at sixes, where an analysis finds "
    "40%). Before you bid {bid}, run 'texas42 analyze'."
)


def quick_view(result: QuickAnalysis) -> RenderableType:
    """The whole ``texas42 quick`` report."""
    phrase = quick_phrase(result.version, result.hands, result.realistic_hands)
    realistic = result.realistic
    parts: list[RenderableType] = [
        Heading.assemble((f"Hand {result.hand}", "bold"), f"{GAP}{phrase}"),
        Text("Double-dummy", style="bold"),
        Fitted(quick_table(result.double_dummy)),
        quick_advice(result.double_dummy, "" if realistic is None else "Double-dummy: "),
    ]
    if realistic is not None:
        parts += [
            Text(""),
            Text("Realistic play (the advice rests on it)", style="bold"),
            Fitted(quick_table(realistic)),
            quick_advice(realistic),
        ]
    if result.specials:
        parts += [Text(""), Fitted(quick_specials_table(result))]
    special = result.special_instead
    if special is not None:
        parts.append(quick_special_instead(result, special))
    if result.unsure_of_all:
        parts.append(Text(UNSURE_OF_ALL.format(bid=result.recommendation.bid), style="bold"))
    footer = quick_footer(result.realistic is not None, bool(result.specials), result.bands)
    return Group(*parts, Text(""), Text(footer, style="dim"))


def quick_batch_view(names: Sequence[tuple[str, int]], results: Sequence[QuickAnalysis]) -> RenderableType:
    """``texas42 quick --file``: a line on what the figures are, then one summary row a
    hand (``names``: each hand's name and line), and what the rows mean."""
    if not results:
        return Text("No hands in the file.", style="dim")
    first = results[0]
    name_width = name_width_of(name for name, _ in names)
    odds = "realistic odds" if first.realistic is not None else "double-dummy odds"
    parts: list[RenderableType] = [
        Text(
            f"{hands_counted(len(results))}, "
            f"{quick_phrase(first.version, first.hands, first.realistic_hands)}; "
            f"bid at estimated {odds} of at least {percent(first.confidence)}",
            style="dim",
        ),
        summary_header(name_width, beside=None),
        *(
            quick_summary_row(name, line, result, name_width)
            for (name, line), result in zip(names, results, strict=True)
        ),
        instead_note(first.confidence, estimated=True),
        Text(quick_footer(first.realistic is not None, bool(first.specials), first.bands), style="dim"),
    ]
    return Group(*parts)
