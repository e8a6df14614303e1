"""The summary of a file of hands: one aligned row per hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from texas42.analysis import HandAnalysis, QuickAnalysis, SpecialOdds
from texas42.report.wording import contract_name, deals_text, hands_counted, percent
from texas42.rules import PASS, bid_name

SUMMARY_COLUMNS: Final = ("name", "line", "trump", "bid", "makes", "beside", "points", "instead")
BESIDE: Final = SUMMARY_COLUMNS.index("beside")
LEFT_ALIGNED: Final = (0, 2, SUMMARY_COLUMNS.index("instead"))
CHECK: Final = "check"
BAND: Final = "95% band"
"""What the column beside the odds shows: the independent check (the double-dummy basis)
or the 95% band (the realistic basis, whose calibrated odds have no independent check)."""


def _summary_widths(name_width: int, beside: str | None) -> tuple[int, ...]:
    beside_width = {CHECK: 5, BAND: 9}.get(beside or "", 0)  # 9: ">99%-100%"
    return (name_width, 4, 9, 4, 5, beside_width, 6, 10)


def _shown(cells: list[str], beside: str | None) -> list[str]:
    """The cells of the columns shown: the one beside the odds only where there is one."""
    return cells if beside is not None else cells[:BESIDE] + cells[BESIDE + 1 :]


def summary_header(name_width: int, beside: str | None = CHECK) -> Text:
    """The header of the summary, aligned with ``summary_row``; ``beside``: the label of
    the column beside the odds (``CHECK``, ``BAND``), or None for none."""
    widths = _summary_widths(name_width, beside)
    labels = [(beside or "") if label == "beside" else label for label in SUMMARY_COLUMNS]
    cells = [
        label.ljust(w) if i in LEFT_ALIGNED else label.rjust(w)
        for i, (label, w) in enumerate(zip(labels, widths, strict=True))
    ]
    return Text("  ".join(_shown(cells, beside)).rstrip(), style="bold")


def summary_beside(analysis: HandAnalysis) -> str:
    """The column beside a hand's odds: the check on the double-dummy basis, else the band."""
    return CHECK if analysis.realistic is None else BAND


class _Row(NamedTuple):
    """What one summary row shows of a hand's advice."""

    trump: str
    bid: int
    make: float
    beside: str
    """The check's odds or the 95% band, as shown; empty where the summary has neither."""
    points: float
    instead: SpecialOdds | None


def summary_row(name: str, line: int, analysis: HandAnalysis, name_width: int) -> Text:
    """One hand's row: name, line, best trump, bid, its odds, the check (double-dummy
    basis) or their 95% band (realistic), expected points, and the special contract to bid
    instead, if any."""
    rec = analysis.advised
    if analysis.realistic is None:
        beside = "" if rec.make_confirmed is None else percent(rec.make_confirmed)
    else:
        beside = f"{percent(rec.make_ci95.low)}-{percent(rec.make_ci95.high)}"
    row = _Row(
        rec.declaration.label, rec.bid, rec.make, beside, analysis.advised_points, analysis.special_instead
    )
    return _row_text(name, line, row, name_width, summary_beside(analysis))


def quick_summary_row(name: str, line: int, result: QuickAnalysis, name_width: int) -> Text:
    """``summary_row`` of a hand's quick estimates (no column beside the odds)."""
    rec = result.recommendation
    points = (result.realistic or result.double_dummy).stats(rec.declaration).expected_points
    row = _Row(rec.declaration.label, rec.bid, rec.make, "", points, result.special_instead)
    return _row_text(name, line, row, name_width, None)


def row_start(name: str, line: int, name_width: int) -> str:
    """How a hand's summary row begins: its name and line cells."""
    return _name_cell(name, name_width) + "  " + str(line).rjust(_summary_widths(name_width, None)[1])


def name_width_of(names: Iterable[str]) -> int:
    """The width of the summary's name column: the widest name, in terminal cells (a
    wide character takes two), 4 to 30."""
    return min(30, max([4, *(cell_len(name) for name in names)]))


def _name_cell(name: str, name_width: int) -> str:
    """``name`` in ``name_width`` terminal cells: cut short with "…", or padded."""
    if cell_len(name) > name_width:
        name = set_cell_size(name, name_width - 1) + "…"
    return set_cell_size(name, name_width)


def _row_text(name: str, line: int, row: _Row, name_width: int, beside: str | None) -> Text:
    widths = _summary_widths(name_width, beside)
    cells = [
        _name_cell(name, name_width),
        str(line).rjust(widths[1]),
        row.trump.ljust(widths[2]),
        bid_name(row.bid).rjust(widths[3]),
        percent(row.make).rjust(widths[4]),
        row.beside.rjust(widths[5]),
        f"{row.points:.1f}".rjust(widths[6]),
        "" if row.instead is None else f"{contract_name(row.instead.contract)} {row.instead.bid}",
    ]
    text = Text("  ".join(cells[:3]) + "  ")
    text.append(cells[3], style="bold yellow" if row.bid == PASS else "bold green")
    text.append("  " + "  ".join(_shown(cells, beside)[4:]).rstrip())
    return text


def batch_header(hands: int, deals: int, seed: int, confidence: float, basis: str) -> Text:
    """The line above the summary: how many hands, deals and which seed, and the basis."""
    odds = "realistic odds" if basis == "realistic" else "odds"
    return Text(
        f"{hands_counted(hands)}, {deals_text(deals)} each, seed {seed}; "
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
