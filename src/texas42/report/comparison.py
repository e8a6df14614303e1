"""Rich view of trumps compared head to head on the same deals."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from texas42.analysis import Comparison, Why
from texas42.report.hand import footer, hand_header, short_of_deals, specials_table
from texas42.report.why import why_table
from texas42.report.wording import percent
from texas42.rules import BIDS


def comparison_view(comparison: Comparison, whys: Sequence[Why] = ()) -> RenderableType:
    """Head-to-head figures for each pair and the odds of each bid side by side (and the
    ``whys`` tables, one per declaration, before the footer)."""
    pairs = Table(title="Head to head, on the same deals", box=box.SIMPLE_HEAD, title_justify="left")
    pairs.add_column("first vs second", no_wrap=True)
    raced = short_of_deals(comparison.trumps, comparison.deals)
    if raced:
        pairs.add_column("deals", justify="right")
    pairs.add_column("points", justify="right")
    pairs.add_column("95% CI", justify="right", no_wrap=True)
    pairs.add_column("first more", justify="right")
    pairs.add_column("second more", justify="right")
    pairs.add_column("equal", justify="right")
    for pair in comparison.pairs:
        ci = pair.mean_difference_ci95
        pairs.add_row(
            f"{pair.first.label} vs {pair.second.label}",
            *([f"{pair.deals:,}"] if raced else []),
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
    if raced:
        odds.add_row("deals", *(f"{s.deals:,}" for s in comparison.trumps), style="dim")
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
        hand_header(
            comparison.hand,
            comparison.deals,
            comparison.seed,
            None,
            comparison.exact,
            comparison.constraints,
            comparison.inference,
        ),
        pairs,
        odds,
    ]
    if comparison.specials:
        parts.append(specials_table(comparison.specials, 0.5))
    for why in whys:
        parts += [Text(""), why_table(why)]
    return Group(*parts, footer(comparison.deals, comparison.seed, comparison.exact, raced))
