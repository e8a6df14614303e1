"""The summary of a file of hands: one aligned row per hand."""

from __future__ import annotations

from typing import Final, NamedTuple

from rich.text import Text

from texas42.analysis import HandAnalysis, QuickAnalysis, SpecialOdds
from texas42.report.wording import contract_name, hands_counted, percent
from texas42.rules import PASS, bid_name

SUMMARY_COLUMNS: Final = ("name", "line", "trump", "bid", "makes", "check", "points", "instead")
CHECK: Final = SUMMARY_COLUMNS.index("check")
LEFT_ALIGNED: Final = (0, 2, SUMMARY_COLUMNS.index("instead"))


def _summary_widths(name_width: int) -> tuple[int, ...]:
    return (name_width, 4, 9, 4, 5, 5, 6, 10)


def _shown(cells: list[str], checked: bool) -> list[str]:
    """The cells of the columns shown: the check only where there is one (the double-dummy
    basis: realistic odds have no independent check)."""
    return cells if checked else cells[:CHECK] + cells[CHECK + 1 :]


def summary_header(name_width: int, checked: bool = True) -> Text:
    """The header of the summary, aligned with ``summary_row``."""
    widths = _summary_widths(name_width)
    cells = [
        label.ljust(w) if i in LEFT_ALIGNED else label.rjust(w)
        for i, (label, w) in enumerate(zip(SUMMARY_COLUMNS, widths, strict=True))
    ]
    return Text("  ".join(_shown(cells, checked)).rstrip(), style="bold")


class _Row(NamedTuple):
    """What one summary row shows of a hand's advice."""

    trump: str
    bid: int
    make: float
    check: float | None
    points: float
    instead: SpecialOdds | None


def summary_row(name: str, line: int, analysis: HandAnalysis, name_width: int, checked: bool = True) -> Text:
    """One hand's row: name, line, best trump, bid, its odds, the check (if ``checked``),
    expected points, and the special contract to bid instead, if any."""
    rec = analysis.advised
    row = _Row(
        rec.declaration.label,
        rec.bid,
        rec.make,
        rec.make_confirmed,
        analysis.advised_points,
        analysis.special_instead,
    )
    return _row_text(name, line, row, name_width, checked)


def quick_summary_row(name: str, line: int, result: QuickAnalysis, name_width: int) -> Text:
    """``summary_row`` of a hand's quick estimates (no check column)."""
    rec = result.recommendation
    points = (result.realistic or result.double_dummy).stats(rec.declaration).expected_points
    row = _Row(rec.declaration.label, rec.bid, rec.make, None, points, result.special_instead)
    return _row_text(name, line, row, name_width, checked=False)


def row_start(name: str, line: int, name_width: int) -> str:
    """How a hand's summary row begins: its name and line cells."""
    return _name_cell(name, name_width) + "  " + str(line).rjust(_summary_widths(name_width)[1])


def _name_cell(name: str, name_width: int) -> str:
    if len(name) > name_width:
        name = name[: name_width - 1] + "…"
    return name.ljust(name_width)


def _row_text(name: str, line: int, row: _Row, name_width: int, checked: bool) -> Text:
    widths = _summary_widths(name_width)
    cells = [
        _name_cell(name, name_width),
        str(line).rjust(widths[1]),
        row.trump.ljust(widths[2]),
        bid_name(row.bid).rjust(widths[3]),
        percent(row.make).rjust(widths[4]),
        ("" if row.check is None else percent(row.check)).rjust(widths[5]),
        f"{row.points:.1f}".rjust(widths[6]),
        "" if row.instead is None else f"{contract_name(row.instead.contract)} {row.instead.bid}",
    ]
    text = Text("  ".join(cells[:3]) + "  ")
    text.append(cells[3], style="bold yellow" if row.bid == PASS else "bold green")
    text.append("  " + "  ".join(_shown(cells, checked)[4:]).rstrip())
    return text


def batch_header(hands: int, deals: int, seed: int, confidence: float, basis: str) -> Text:
    """The line above the summary: how many hands, deals and which seed, and the basis."""
    odds = "realistic odds" if basis == "realistic" else "odds"
    return Text(
        f"{hands_counted(hands)}, {deals} deals each, seed {seed}; "
        f"bid at {odds} of at least {percent(confidence)}",
        style="dim",
    )


def instead_note(confidence: float, estimated: bool = False) -> Text:
    """What the summary's last column means; ``estimated``: the quick model's rows."""
    made = "estimated to be made" if estimated else "made"
    return Text(
        "instead: the special contract to bid instead of that trump bid when nobody has bid yet, "
        f"as 'texas42 bid' advises: {made} in at least {percent(confidence)} of the deals "
        "(on the odds of the advice's basis), it expects more marks.",
        style="dim",
    )
