"""Rich view of trumps compared head to head on the same deals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from texas42.analysis import (
    CalibratedComparison,
    Comparison,
    EstimatedTrump,
    PairComparison,
    RealisticComparison,
    TrumpStats,
    Why,
)
from texas42.analysis.recommendation import highest_made
from texas42.report.hand import (
    analysis_header,
    auction_high_bid,
    fewest_deals,
    short_of_deals,
    specials_table,
)
from texas42.report.layout import Fitted
from texas42.report.why import why_table
from texas42.report.wording import (
    RACED_IN_ORDER,
    bid_heading,
    deals_text,
    error_band_phrase,
    odds_against,
    odds_footer,
    odds_margin,
    percent_shares,
    realistic_footer,
    signed,
)
from texas42.rules import BIDS, MARK, PASS, POINT_BIDS

MOST_MADE: Final = 0.5
"""The odds at which ``most_made_text`` counts a bid as made: at least half the time."""


OPENERS_SPECIALS: Final = (
    "The special contracts are priced as an opener's, as if nobody had bid; over the auction's high "
    "bid ({high}), 'texas42 bid' weighs them against the calls still open."
)


def pairs_table(
    pairs: Sequence[PairComparison], title: str, raced: bool, exact: bool = False, explained: bool = True
) -> Table:
    """Each pair head to head: the mean difference of points (with its interval, unless
    ``exact``: every consistent deal), who takes more how often; ``explained``: with a
    caption saying what the columns are."""
    out = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    out.add_column("first vs second", no_wrap=True)
    if raced:
        out.add_column("deals", justify="right")
    out.add_column("points", justify="right")
    if not exact:
        out.add_column("95% CI", justify="right", no_wrap=True)
    out.add_column("first more", justify="right")
    out.add_column("second more", justify="right")
    out.add_column("equal", justify="right")
    for pair in pairs:
        ci = pair.mean_difference_ci95
        out.add_row(
            f"{pair.first.label} vs {pair.second.label}",
            *([f"{pair.deals:,}"] if raced else []),
            signed(pair.mean_difference),
            *([] if exact else [f"{signed(ci.low)} to {signed(ci.high)}"]),
            *percent_shares((pair.first_more, pair.second_more, pair.equal)),
        )
    if explained:
        out.caption = (
            "Points: the first trump's points less the second's, on average over the same deals; first "
            "more, second more, equal: the share of the deals in which each takes more, or both the same."
        )
        out.caption_justify = "left"
    return out


def odds_table(trumps: Sequence[TrumpStats] | Sequence[EstimatedTrump], title: str, raced: bool) -> Table:
    """The expected points and the odds of each bid, trumps side by side."""
    out = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    out.add_column("bid", justify="right")
    for stats in trumps:
        out.add_column(stats.declaration.label, justify="right")
    if raced:
        out.add_row("deals", *(f"{s.deals:,}" for s in trumps), style="dim")
    out.add_row("points", *(f"{s.expected_points:.1f}" for s in trumps), end_section=True, style="bold")
    for bid in BIDS:
        if bid == 84:
            continue
        values = [s.make(bid) for s in trumps]
        best = max(values)
        out.add_row(
            bid_heading(bid),
            *(Text(_odds(v), style="bold" if v == best and v > min(values) else "") for v in values),
        )
    return out


def most_made_text(trumps: Sequence[TrumpStats] | Sequence[EstimatedTrump], where: str) -> Text:
    """``The most each trump makes at least half the time at a real table (estimated):
    follow-me 41 (53%), sixes 37 (64%).``: the strongest first, where the realistic advice
    would look (``analyze`` bids the most a trump makes at least half the time)."""
    ranked = []
    for stats in trumps:
        bid = highest_made((*POINT_BIDS, MARK), stats.make, MOST_MADE)
        odds = stats.make(POINT_BIDS[0] if bid is None else bid)
        made = f"none (30: {_odds(odds)})" if bid is None else f"{bid_heading(bid)} ({_odds(odds)})"
        ranked.append(((bid or 0, odds), f"{stats.declaration.label} {made}"))
    ranked.sort(key=lambda item: item[0], reverse=True)
    said = ", ".join(text for _, text in ranked)
    return Text(f"The most each trump makes at least half the time {where}: {said}.", style="bold")


def _odds(p: float) -> str:
    """``percent(p)``, but ``<50%`` for odds just short of the half that ``most_made_text``
    asks for."""
    return odds_against(p, MOST_MADE)


def estimated_text(estimated: CalibratedComparison) -> Text:
    """What the estimated odds are, and what they cannot tell."""
    return Text(
        "What players who see only their own dominoes make, estimated from each trump's "
        f"double-dummy figures by the calibration of quick model {estimated.version} (fitted to the "
        f"playouts of {estimated.hands:,} hands at their leading trumps); its "
        f"{error_band_phrase(estimated.trumps[0].bands)}, before the sampling error of the double-dummy "
        "figures. "
        "--realistic plays the trumps out on the same deals, head to head."
    )


def comparison_view(comparison: Comparison, whys: Sequence[Why] = ()) -> RenderableType:
    """Head-to-head figures for each pair and the odds of each bid side by side, then the
    same from the playouts (``Comparison.realistic``), or else the odds estimated by the
    calibration (the ``whys`` tables, one per declaration, before the footer)."""
    raced = short_of_deals(comparison.trumps, comparison.deals)
    parts: list[RenderableType] = [
        analysis_header(comparison),
        Fitted(
            pairs_table(
                comparison.pairs, "Head to head, double-dummy, on the same deals", raced, comparison.exact
            )
        ),
        Fitted(odds_table(comparison.trumps, "Double-dummy odds", raced)),
    ]
    parts += _specials_parts(comparison)
    parts += _realistic_parts(comparison, raced)
    for why in whys:
        parts += [Text(""), Fitted(why_table(why))]
    return Group(*parts, *_footer_parts(comparison))


def _realistic_parts(comparison: Comparison, raced: bool) -> list[RenderableType]:
    """The odds from the playouts, or else those estimated by the calibration."""
    realistic = comparison.realistic
    if realistic is not None:
        return _played_parts(realistic)
    estimated = comparison.estimated
    if estimated is None:
        return []
    return [
        Fitted(odds_table(estimated.trumps, "Realistic odds, estimated", raced)),
        most_made_text(estimated.trumps, "at a real table (estimated)"),
        estimated_text(estimated),
    ]


def _footer_parts(comparison: Comparison) -> list[Text]:
    """The footer of the figures, and of the realistic ones where there are any."""
    realistic = comparison.realistic
    fewest = fewest_deals(comparison.trumps, comparison.deals)
    most = max((stats.deals for stats in comparison.trumps), default=comparison.deals)
    footer = odds_footer(
        comparison.deals,
        comparison.seed,
        comparison.exact,
        fewest,
        RACED_IN_ORDER,
        realistic is not None,
        most,
    )
    parts = [Text(footer, style="dim")]
    shown = comparison.estimated if realistic is None else realistic
    if shown is not None:
        parts.append(Text(realistic_footer(shown.source, advice=False), style="dim"))
    return parts


def _specials_parts(comparison: Comparison) -> list[RenderableType]:
    """The special contracts' table (nothing without one), and what an opener's bid does
    to them."""
    if not comparison.specials:
        return []
    odds = comparison.special_odds()
    played_deals = None if comparison.realistic is None else comparison.realistic.deals
    parts: list[RenderableType] = [
        Fitted(specials_table(comparison.specials, 0.5, odds, False, played_deals)),
        Text(""),
    ]
    high = auction_high_bid(comparison.inference, comparison.ruled_by)
    if high != PASS:
        parts += [Text(OPENERS_SPECIALS.format(high=high), style="dim"), Text("")]
    return parts


def _played_parts(realistic: RealisticComparison) -> list[RenderableType]:
    """The trumps played out: head to head, then the odds of each bid."""
    played = (
        f"{deals_text(realistic.deals)} played out by players who see only their own dominoes "
        f"({realistic.worlds} worlds a decision), playing for {realistic.played_for}"
    )
    title = f"Realistic play, head to head: {played}"
    return [
        Fitted(pairs_table(realistic.pairs, title, False, explained=False)),
        Fitted(odds_table(realistic.trumps, "Realistic odds of each bid", False)),
        most_made_text(realistic.trumps, "in the playouts"),
        Text(_played_odds_note(realistic), style="dim"),
    ]


def _played_odds_note(realistic: RealisticComparison) -> str:
    """What the played-out odds stand on, and how far their 95% intervals reach at most
    (as the double-dummy odds' footer says it): few playouts, wide intervals."""
    n = realistic.deals
    return (
        f"Realistic odds: the share of those {n} playouts made, every bid's from the play for "
        f"{realistic.played_for}; their 95% intervals reach at most ±{odds_margin(n)} percentage points "
        "either side, less near 0% and 100%."
    )
