"""Rich view of the dominoes that decide (``analysis.why``)."""

from __future__ import annotations

from typing import Final

from rich import box
from rich.table import Table

from texas42.analysis import DominoPlace, Why
from texas42.report.wording import SEAT_ROLES, interval_bounds, percent
from texas42.rules import bid_name, domino_name

WHY_ROWS: Final = 8
"""The dominoes shown, those whose place matters most (the JSON has all)."""


def _cell(place: DominoPlace, seat: int) -> str:
    p = place.make(seat)
    if p is None:
        return "never there"
    if place.exact:  # every consistent deal counted: the odds are their own interval
        return f"{percent(p)} {place.deals[seat - 1]}"
    ci = place.make_ci95(seat)
    return f"{percent(p)} [{interval_bounds(ci.low, ci.high)}] {place.deals[seat - 1]}"


def shown_spread(place: DominoPlace) -> int:
    """The spread as the row shows it: the highest odds shown less the lowest, in whole
    points of percentage (the difference of the unrounded odds, rounded, can differ by
    one from that of the figures beside it)."""
    shown = [round(100 * p) for p in (place.make(s) for s in (1, 2, 3)) if p is not None]
    return max(shown) - min(shown)


def _moves(place: DominoPlace) -> bool:
    """Whether the domino lies with more than one seat among the deals (under --holds or
    --lacks one may not: its place then tells nothing)."""
    return sum(n > 0 for n in place.deals) > 1


def why_table(why: Why, rows: int = WHY_ROWS) -> Table:
    """The dominoes whose place matters most (of those whose place varies): the odds of the
    bid when each lies with the left opponent, the partner or the right opponent, with the
    interval (none where every consistent deal is counted) and the deals."""
    bid = bid_name(why.bid)
    title = f"Why: double-dummy odds of {bid} with {why.declaration.label}, by where each domino lies"
    out = Table(
        title=title,
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
    )
    out.add_column("domino", no_wrap=True)
    for seat in (1, 2, 3):  # in a narrow terminal a cell wraps, its deals under its odds
        out.add_column(f"{SEAT_ROLES[seat]} ({seat})", justify="right")
    out.add_column("spread", justify="right", no_wrap=True)
    moving = sorted(  # by the spread shown, so that the column never rises down the table
        (place for place in why.dominoes if _moves(place)), key=lambda p: (-shown_spread(p), -p.spread)
    )
    shown = moving[:rows]
    for place in shown:
        out.add_row(
            domino_name(place.domino), *(_cell(place, s) for s in (1, 2, 3)), str(shown_spread(place))
        )
    exact = any(place.exact for place in why.dominoes)
    interval = "" if exact else " [95% interval]"
    counted = " Every consistent deal is counted: the odds are exact." if exact else ""
    out.caption = (
        f"Each cell: the odds of making {bid_name(why.bid)} in the deals where the domino lies with "
        f"that seat{interval} and how many deals that is. Spread: the best odds less the worst, in "
        f"points of percentage; {_which(len(shown), len(moving))} (--json lists all).{counted}"
    )
    out.caption_justify = "left"
    return out


def _which(shown: int, moving: int) -> str:
    """``the 8 whose place matters most of the 20 dominoes whose place varies``, or all."""
    if shown == moving:
        return f"every domino whose place varies ({moving})"
    return f"the {shown} whose place matters most of the {moving} dominoes whose place varies"
