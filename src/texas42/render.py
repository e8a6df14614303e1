"""Rich rendering of deals, double-dummy tables, lines of play and hand analyses."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from texas42.analysis import (
    BIDS,
    Auction,
    BidAdvice,
    Comparison,
    HandAnalysis,
    SpecialStats,
    bid_name,
    contract_name,
)
from texas42.rules import (
    DECLARATIONS,
    HAND_SIZE,
    PARTNER_TRUMP_RULE,
    TOTAL_POINTS,
    Contract,
    Deal,
    Declaration,
    Hand,
    Seat,
    domino_name,
)
from texas42.solving import DealTable, PlayLine


def seat_name(seat: Seat) -> str:
    """``seat 0``..``seat 3``."""
    return f"seat {seat}"


def deal_table(deal: Deal, title: str = "Deal") -> Table:
    """The four hands, one row per seat, with the partnerships."""
    table = Table(title=title, box=box.SIMPLE, show_header=True, title_justify="left")
    table.add_column("seat", justify="right")
    table.add_column("team")
    table.add_column("hand")
    for seat, hand in enumerate(deal):
        table.add_row(str(seat), "0+2" if seat % 2 == 0 else "1+3", str(hand))
    return table


def values_table(table: DealTable, highlight: tuple[Declaration, Seat] | None = None) -> Table:
    """Rows: the nine declarations; columns: bidder seat; cells: the bidder's team's points."""
    out = Table(
        title="Double-dummy points for the bidder's team",
        box=box.SQUARE,
        title_justify="left",
    )
    out.add_column("trump")
    for seat in range(4):
        out.add_column(f"bidder {seat}", justify="right")
    for declaration in DECLARATIONS:
        cells: list[RenderableType] = [declaration.label]
        for seat in range(4):
            value = table.value(declaration, seat)
            style = "bold green" if value == TOTAL_POINTS else ("dim" if value == 0 else "")
            if highlight == (declaration, seat):
                style = "reverse " + (style or "bold")
            cells.append(Text(str(value), style=style))
        out.add_row(*cells, end_section=declaration is DECLARATIONS[-1] and table.nello is not None)
    if table.nello is not None and table.sevens is not None and table.nello_doubles is not None:
        out.add_row("nello", *(Text(str(v), style="bold green" if v else "dim") for v in table.nello))
        out.add_row(
            "sevens", *(Text(str(v), style="bold green" if v == HAND_SIZE else "") for v in table.sevens)
        )
        out.caption = (
            f"nello: 1 if the bidder, leading with the partner sitting out, can lose every trick "
            f"(doubles {table.nello_doubles.label}), else 0. sevens: the tricks (of 7, not points) "
            "the bidder's team takes."
        )
        out.caption_justify = "left"
    return out


def line_table(line: PlayLine) -> Table:
    """An optimal line of play: one row per trick with the running score."""
    out = Table(
        title=f"Optimal line: {line.declaration.label}, seat {line.bidder} bids and leads",
        box=box.SQUARE,
        title_justify="left",
    )
    out.add_column("trick", justify="right")
    out.add_column("led", justify="right")
    for seat in range(4):
        out.add_column(seat_name(seat), justify="center")
    out.add_column("won", justify="right")
    out.add_column("pts", justify="right")
    out.add_column("0+2", justify="right")
    out.add_column("1+3", justify="right")
    for trick in line.tricks:
        dominoes: list[RenderableType] = []
        for seat in range(4):
            style = "bold" if seat == trick.winner else ""
            dominoes.append(Text(domino_name(trick.domino_of(seat)), style=style))
        out.add_row(
            str(trick.number),
            str(trick.leader),
            *dominoes,
            str(trick.winner),
            str(trick.points),
            str(trick.score[0]),
            str(trick.score[1]),
        )
    return out


def line_summary(line: PlayLine) -> Text:
    """One sentence: what the bidder's team takes along the line."""
    team = "seats 0 and 2" if line.bidder % 2 == 0 else "seats 1 and 3"
    return Text(f"The bidder's team ({team}) takes {line.bidder_points} of {TOTAL_POINTS} points.")


def solve_result(
    table: DealTable,
    title: str = "Deal",
    line: PlayLine | None = None,
    highlight: tuple[Declaration, Seat] | None = None,
) -> RenderableType:
    """The deal, its table of values and, if given, an optimal line of play."""
    parts: list[RenderableType] = [deal_table(table.deal, title), values_table(table, highlight)]
    if line is not None:
        parts += [Text(""), line_table(line), line_summary(line)]
    return Group(*parts)


# --- Hand analysis ------------------------------------------------------------------

MAIN_BIDS: Final = (30, 32, 34, 36, 38, 40, 42)
"""The bids shown as columns of the analysis table (plus the recommended bid)."""
_BARS: Final = " ▁▂▃▄▅▆▇█"


def percent(p: float) -> str:
    """A probability as a short percentage: ``61%``, ``<1%``, ``>99%``, ``0%``, ``100%``."""
    if p <= 0.0:
        return "0%"
    if p >= 1.0:
        return "100%"
    if p < 0.005:
        return "<1%"
    if p >= 0.995:
        return ">99%"
    return f"{100 * p:.0f}%"


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


def hand_header(hand: Hand, deals: int, seed: int, name: str | None = None) -> Text:
    """``Hand 6-6 6-5 ...: 1000 deals of the unseen dominoes, seed 7``."""
    title = f"{name}: " if name else "Hand "
    return Text.assemble(
        (f"{title}{hand}", "bold"), f"   {deals} deals of the 21 unseen dominoes, seed {seed}"
    )


def odds_footer(deals: int, seed: int) -> Text:
    """The line that says what the odds mean."""
    return Text(
        f"Odds are the share of the {deals} deals in which the bidder's team (seats 0 and 2) takes at "
        "least the bid when every seat plays perfectly and sees all hands (double-dummy); 42 and 84 "
        f"need all 42 points. Repeat with --seed {seed}.",
        style="dim",
    )


def analysis_table(analysis: HandAnalysis) -> Table:
    """Declarations as rows: expected points, the odds of the main bids, the distribution."""
    rec = analysis.recommendation
    bids = sorted({*MAIN_BIDS, rec.contract} if rec.contract <= 42 else set(MAIN_BIDS))
    out = Table(box=box.SIMPLE_HEAD, title_justify="left", collapse_padding=True, pad_edge=False)
    out.add_column("trump", no_wrap=True)
    out.add_column("points", justify="right", no_wrap=True)
    for bid in bids:
        out.add_column("42/84" if bid == 42 else str(bid), justify="right")
    out.add_column("0 points │42", justify="left", no_wrap=True)
    for stats in analysis.trumps:
        chosen = stats.declaration == rec.declaration
        ci = stats.expected_points_ci95
        half = (ci.high - ci.low) / 2
        cells: list[RenderableType] = [
            Text(stats.declaration.label, style="bold" if chosen else ""),
            Text(f"{stats.expected_points:.1f}±{half:.1f}", style="bold" if chosen else ""),
        ]
        for bid in bids:
            p = stats.make(bid)
            style = "green" if p >= analysis.confidence else "dim"
            if chosen and bid == min(rec.contract, 42):
                style = "reverse bold"
            cells.append(Text(percent(p), style=style))
        cells.append(Text(sparkline(stats.histogram), style="cyan"))
        out.add_row(*cells)
    return out


def recommendation_text(analysis: HandAnalysis) -> Text:
    """The advice in words: bid and trump (or pass), the odds, the independent check, marks."""
    rec = analysis.recommendation
    n = analysis.deals
    check = (
        ""
        if rec.make_confirmed is None
        else f"; on an independent sample of {n} deals, {percent(rec.make_confirmed)}"
    )
    marks_check = (
        ""
        if rec.expected_marks_confirmed is None
        else f" (independent sample {rec.expected_marks_confirmed:+.2f})"
    )
    ci = rec.make_ci95
    odds = f"{percent(rec.make)} (95% CI {percent(ci.low)} to {percent(ci.high)}){check}"
    if rec.passes:
        head = Text("Pass", style="bold reverse yellow")
        body = (
            f": no declaration makes 30 in at least {percent(rec.confidence)} of deals. If forced to bid 30 "
            f"(all pass and you shake), call {rec.declaration.label}: it makes 30 in {odds}. "
            f"Expected marks {rec.expected_marks:+.2f}{marks_check}."
        )
    else:
        head = Text(f"Bid {rec.bid} with {rec.declaration.label}", style="bold reverse green")
        needs = "all 42 points" if rec.bid >= 42 else f"{rec.bid} points"
        extra = ""
        if rec.bid > 42:
            extra = f" {rec.bid} ({rec.bid // 42} marks) expects more marks than 42 (1 mark)."
        body = (
            f": it takes {needs} in {odds}. Expected marks {rec.expected_marks:+.2f}{marks_check}.{extra} "
            f"This is the highest bid made in at least {percent(rec.confidence)} of deals."
        )
    return Text.assemble(head, body)


def _special_note(stats: SpecialStats) -> str:
    if stats.contract is Contract.NELLO:
        return "" if stats.doubles is None else f"doubles {stats.doubles.label}"
    if stats.best_make is not None:
        return f"best trump {percent(stats.best_make)}*"
    return ""


def specials_table(specials: Sequence[SpecialStats], confidence: float) -> Table:
    """The special contracts: the bid (marks), the odds, their interval, expected marks."""
    out = Table(
        title="Special contracts, on the same deals",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
    )
    out.add_column("contract", no_wrap=True)
    out.add_column("marks", justify="right")
    out.add_column("makes", justify="right")
    out.add_column("95% CI", justify="right", no_wrap=True)
    out.add_column("exp. marks", justify="right")
    out.add_column("", no_wrap=True)
    for stats in specials:
        ci = stats.make_ci95
        out.add_row(
            contract_name(stats.contract),
            str(stats.marks),
            Text(percent(stats.make), style="green" if stats.make >= confidence else "dim"),
            f"{percent(ci.low)}-{percent(ci.high)}",
            f"{stats.expected_marks:+.2f}",
            Text(_special_note(stats), style="dim"),
        )
    caption = (
        "Made: Nel-O when you lose every trick, your partner sitting out; the others when your team "
        "takes all 7 tricks."
    )
    if any(s.best_make is not None for s in specials):
        caption += (
            " Plunge and splash: your partner names trump by a rule that sees only their hand "
            f"({PARTNER_TRUMP_RULE}). * With the best trump for each deal: hindsight the partner "
            "cannot have, an upper bound."
        )
    out.caption = caption
    out.caption_justify = "left"
    return out


def analysis_view(analysis: HandAnalysis) -> RenderableType:
    """The whole ``texas42 analyze`` report for one hand."""
    parts: list[RenderableType] = [
        hand_header(analysis.hand, analysis.deals, analysis.seed),
        analysis_table(analysis),
    ]
    if analysis.specials:
        parts.append(specials_table(analysis.specials, analysis.confidence))
    return Group(*parts, recommendation_text(analysis), Text(""), odds_footer(analysis.deals, analysis.seed))


# --- Bidding advice -------------------------------------------------------------------

_PLACES: Final = ("1st", "2nd", "3rd", "4th")


def auction_text(auction: Auction) -> Text:
    """Where we bid and who holds the high bid."""
    place = f"You bid {_PLACES[auction.position]}" + (", as the shaker" if auction.is_shaker else "")
    holder = auction.high_bidder
    if holder is None:
        held = "nobody has bid yet" if auction.position == 0 else "everyone so far passed"
    else:
        who = {1: "the opponent on your right", 2: "your partner", 3: "the opponent on your left"}[
            auction.position - holder
        ]
        held = f"the high bid is {auction.high_bid}, by {who}"
    bids = " ".join(bid_name(b) for b in auction.bids) or "(none)"
    return Text(f"Auction so far: {bids}. {place}; {held}.")


def ladder_table(advice: BidAdvice) -> Table:
    """Each legal bid: its best trump, the odds, the independent check, the expected marks."""
    out = Table(title="Bid ladder", box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False)
    out.add_column("bid", justify="right")
    out.add_column("trump")
    out.add_column("makes", justify="right")
    out.add_column("95% CI", justify="right")
    out.add_column("check", justify="right")
    out.add_column("marks", justify="right")
    for rung in advice.ladder:
        style = "reverse bold" if rung.bid == advice.bid else ("" if rung.makes else "dim")
        out.add_row(
            str(rung.bid),
            rung.declaration.label,
            percent(rung.make),
            f"{percent(rung.make_ci95.low)}-{percent(rung.make_ci95.high)}",
            "" if rung.make_confirmed is None else percent(rung.make_confirmed),
            f"{rung.expected_marks:+.2f}",
            style=style,
        )
    return out


def advice_view(analysis: HandAnalysis, advice: BidAdvice) -> RenderableType:
    """The whole ``texas42 bid`` report."""
    if advice.passes:
        head = Text("Pass", style="bold reverse yellow")
    elif advice.contract is not None:
        head = Text(f"Bid {advice.bid}: {contract_name(advice.contract)}", style="bold reverse green")
    else:
        head = Text(f"Bid {advice.bid} with {advice.declaration.label}", style="bold reverse green")
    parts: list[RenderableType] = [
        hand_header(analysis.hand, analysis.deals, analysis.seed),
        auction_text(advice.auction),
        Text(""),
        Text.assemble(head, ": ", advice.reason),
        ladder_table(advice),
    ]
    if advice.specials:
        specials = Table(title="Special contracts", box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False)
        for column in ("bid", "contract", "makes", "95% CI", "marks"):
            specials.add_column(column, justify="left" if column == "contract" else "right")
        for rung in advice.specials:
            chosen = rung.contract is advice.contract and rung.bid == advice.bid
            specials.add_row(
                str(rung.bid),
                contract_name(rung.contract),
                percent(rung.make),
                f"{percent(rung.make_ci95.low)}-{percent(rung.make_ci95.high)}",
                f"{rung.expected_marks:+.2f}",
                style="reverse bold" if chosen else ("" if rung.makes else "dim"),
            )
        parts.append(specials)
    parts += [
        Text(
            f"'makes' is the best trump's odds on the main sample, 'check' on an independent one; "
            f"marks = marks x (2 x odds - 1). A bid counts as made at {percent(advice.confidence)}.",
            style="dim",
        ),
        odds_footer(analysis.deals, analysis.seed),
    ]
    return Group(*parts)


# --- Comparing declarations -------------------------------------------------------------


def comparison_view(comparison: Comparison) -> RenderableType:
    """Head-to-head figures for each pair and the odds of each bid side by side."""
    pairs = Table(title="Head to head, on the same deals", box=box.SIMPLE_HEAD, title_justify="left")
    pairs.add_column("first vs second", no_wrap=True)
    pairs.add_column("points", justify="right")
    pairs.add_column("95% CI", justify="right", no_wrap=True)
    pairs.add_column("first more", justify="right")
    pairs.add_column("second more", justify="right")
    pairs.add_column("equal", justify="right")
    for pair in comparison.pairs:
        ci = pair.mean_difference_ci95
        pairs.add_row(
            f"{pair.first.label} vs {pair.second.label}",
            f"{pair.mean_difference:+.2f}",
            f"{ci.low:+.2f} to {ci.high:+.2f}",
            percent(pair.first_more),
            percent(pair.second_more),
            percent(pair.equal),
        )
    odds = Table(title="Odds of each bid", box=box.SIMPLE_HEAD, title_justify="left")
    odds.add_column("bid", justify="right")
    for stats in comparison.trumps:
        odds.add_column(stats.declaration.label, justify="right")
    odds.add_row(
        "points", *(f"{s.expected_points:.1f}" for s in comparison.trumps), end_section=True, style="bold"
    )
    for bid in BIDS:
        if bid == 84:
            continue
        values = [s.make(bid) for s in comparison.trumps]
        best = max(values)
        odds.add_row(
            "42/84" if bid == 42 else str(bid),
            *(Text(percent(v), style="bold" if v == best and v > min(values) else "") for v in values),
        )
    parts: list[RenderableType] = [
        hand_header(comparison.hand, comparison.deals, comparison.seed),
        pairs,
        odds,
    ]
    if comparison.specials:
        parts.append(specials_table(comparison.specials, 0.5))
    return Group(*parts, odds_footer(comparison.deals, comparison.seed))


# --- Files of hands: one summary row per hand -----------------------------------------

SUMMARY_COLUMNS: Final = ("name", "line", "trump", "bid", "makes", "check", "points")


def _summary_widths(name_width: int) -> tuple[int, ...]:
    return (name_width, 4, 9, 4, 5, 5, 6)


def summary_header(name_width: int) -> Text:
    """The header of the summary, aligned with ``summary_row``."""
    widths = _summary_widths(name_width)
    cells = [
        label.ljust(w) if i in (0, 2) else label.rjust(w)
        for i, (label, w) in enumerate(zip(SUMMARY_COLUMNS, widths, strict=True))
    ]
    return Text("  ".join(cells), style="bold")


def summary_row(name: str, line: int, analysis: HandAnalysis, name_width: int) -> Text:
    """One hand's row: name, line, best trump, bid, its odds, the check, expected points."""
    widths = _summary_widths(name_width)
    rec = analysis.recommendation
    if len(name) > name_width:
        name = name[: name_width - 1] + "…"
    cells = [
        name.ljust(widths[0]),
        str(line).rjust(widths[1]),
        rec.declaration.label.ljust(widths[2]),
        bid_name(rec.bid).rjust(widths[3]),
        percent(rec.make).rjust(widths[4]),
        ("" if rec.make_confirmed is None else percent(rec.make_confirmed)).rjust(widths[5]),
        f"{analysis.stats(rec.declaration).expected_points:.1f}".rjust(widths[6]),
    ]
    text = Text("  ".join(cells[:3]) + "  ")
    text.append(cells[3], style="bold yellow" if rec.passes else "bold green")
    text.append("  " + "  ".join(cells[4:]))
    return text
