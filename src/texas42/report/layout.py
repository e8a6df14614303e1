"""Tables that keep their cells whole, and headings their phrases, in a narrow terminal."""

from __future__ import annotations

import copy
from collections.abc import Iterable

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

ELLIPSIS = "…"  # what Rich puts where it cuts a cell short; no cell of these tables holds it
GAP = "   "  # between a heading's subject and what its figures stand on


class Heading(Text):
    """A report's first lines, ``Hand 6-4 5-5 ...   1,000 deals ..., seed 7`` and any
    below: where the first line is wider than the terminal, its subject and the rest
    are put on lines of their own, rather than Rich wrapping the rest mid-phrase (``seed``
    at a line's end, its number on the next)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[Segment]:
        first = self.plain.split("\n", 1)[0]
        gap = first.find(GAP)
        if gap < 0 or cell_len(first) <= options.max_width:
            yield from super().__rich_console__(console, options)
            return
        broken = self[:gap]
        broken.append("\n")
        broken.append_text(self[gap + len(GAP) :])
        yield from broken.__rich_console__(console, options)


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
