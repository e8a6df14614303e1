"""Tables that keep their cells whole in a narrow terminal."""

from __future__ import annotations

import copy

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table

ELLIPSIS = "…"  # what Rich puts where it cuts a cell short; no cell of these tables holds it


class Fitted:
    """``table`` as built where Rich can fit it to the width (wrapping words if need be);
    where it would cut cells short (a column of "100%" shown as "10…"), drawn tighter
    instead: without padding (one space between columns), then without its outer margin
    too; and where even that cuts cells short, ``narrower`` (the table without a column
    that can be spared) in the same way, if given."""

    def __init__(self, table: Table, narrower: Table | None = None) -> None:
        self.table = table
        self.narrower = narrower

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = self.table
        for edge in (True, False):
            if not _cut_short(console, options, table):
                break
            table = copy.copy(self.table)
            table.padding = 0
            table.show_edge = edge
        else:
            if self.narrower is not None and _cut_short(console, options, table):
                yield Fitted(self.narrower)
                return
        yield table

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.table)


def _cut_short(console: Console, options: ConsoleOptions, table: Table) -> bool:
    lines = console.render_lines(table, options, pad=False)
    return any(ELLIPSIS in segment.text for line in lines for segment in line)
