"""Rich views of deals with all four hands known: the deal, its table of values and an
optimal line of play."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from texas42.analysis import DealTable, PlayLine
from texas42.report.layout import Fitted
from texas42.report.wording import seat_name
from texas42.rules import (
    DECLARATIONS,
    HAND_SIZE,
    TOTAL_POINTS,
    Contract,
    Deal,
    Declaration,
    PlayedContract,
    Seat,
    domino_name,
)


def deal_table(deal: Deal, title: str = "Deal") -> Table:
    """The four hands, one row per seat, with the partnerships."""
    table = Table(title=title, box=box.SIMPLE, show_header=True, title_justify="left")
    table.add_column("seat", justify="right")
    table.add_column("team")
    table.add_column("hand")
    for seat, hand in enumerate(deal):
        table.add_row(str(seat), "0+2" if seat % 2 == 0 else "1+3", str(hand))
    return table


def values_table(table: DealTable, highlight: tuple[PlayedContract, Seat] | None = None) -> Table:
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
        nello = [Text(str(v), style="bold green" if v else "dim") for v in table.nello]
        sevens = [Text(str(v), style="bold green" if v == HAND_SIZE else "") for v in table.sevens]
        rows: tuple[tuple[Contract, list[Text]], ...] = ((Contract.NELLO, nello), (Contract.SEVENS, sevens))
        for contract, row in rows:
            if highlight is not None and highlight[0] is contract:
                row[highlight[1]].style = "reverse " + (str(row[highlight[1]].style) or "bold")
        out.add_row("nello", *nello)
        out.add_row("sevens", *sevens)
        out.caption = (
            f"nello: 1 if the bidder, leading with the partner sitting out, can lose every trick "
            f"(doubles {table.nello_doubles.label}), else 0. sevens: the tricks (of 7, not points) "
            "the bidder's team takes."
        )
        out.caption_justify = "left"
    return out


def trick_table(title: str, points: bool = True) -> Table:
    """An empty table of tricks, a row each: its number, who led, each seat's domino, the
    winner, the trick's points and each team's running score (without ``points``: each
    team's tricks so far)."""
    out = Table(title=title, box=box.SQUARE, title_justify="left")
    out.add_column("trick", justify="right")
    out.add_column("led", justify="right")
    for seat in range(4):
        out.add_column(seat_name(seat), justify="center")
    out.add_column("won", justify="right")
    if points:
        out.add_column("pts", justify="right")
    out.add_column("0+2", justify="right")
    out.add_column("1+3", justify="right")
    return out


def line_table(line: PlayLine) -> Table:
    """An optimal line of play: one row per trick with the running score (at Nel-O and
    sevens, each team's tricks; the Nel-O partner's column empty)."""
    out = trick_table(
        f"Optimal line: {line.played_at}, seat {line.bidder} bids and leads", line.counts_points
    )
    won = [0, 0]
    for trick in line.tricks:
        played = dict(trick.plays)
        dominoes: list[RenderableType] = []
        for seat in range(4):
            style = "bold" if seat == trick.winner else ""
            dominoes.append(Text(domino_name(played[seat]) if seat in played else "", style=style))
        won[trick.winner % 2] += 1
        tally = [str(trick.points), *map(str, trick.score)] if line.counts_points else [*map(str, won)]
        out.add_row(str(trick.number), str(trick.leader), *dominoes, str(trick.winner), *tally)
    return out


def line_summary(line: PlayLine) -> Text:
    """One sentence: what the bidder's team takes along the line (at Nel-O and sevens,
    its tricks and whether the contract is made)."""
    team = "seats 0 and 2" if line.bidder % 2 == 0 else "seats 1 and 3"
    if line.counts_points:
        return Text(f"The bidder's team ({team}) takes {line.bidder_points} of {TOTAL_POINTS} points.")
    outcome = "made" if line.set_in is None else f"set in trick {line.set_in}"
    if line.declaration is Contract.NELLO:
        taken = "no trick" if line.bidder_tricks == 0 else f"{line.bidder_tricks} of {HAND_SIZE} tricks"
        return Text(f"The bidder (seat {line.bidder}) takes {taken}: Nel-O is {outcome}.")
    why = ""
    if line.set_in is not None and line.set_in < len(line.tricks):
        why = (
            " The line plays for the contract alone: once it is set the tricks may fall otherwise "
            "than in the table's count, where each side plays for the most tricks."
        )
    taken = f"{line.bidder_tricks} of {HAND_SIZE} tricks"
    return Text(f"The bidder's team ({team}) takes {taken}: sevens is {outcome}.{why}")


def solve_result(
    table: DealTable,
    title: str = "Deal",
    line: PlayLine | None = None,
    highlight: tuple[PlayedContract, Seat] | None = None,
) -> RenderableType:
    """The deal, its table of values and, if given, an optimal line of play."""
    parts: list[RenderableType] = [deal_table(table.deal, title), Fitted(values_table(table, highlight))]
    if line is not None:
        parts += [Text(""), Fitted(line_table(line)), line_summary(line)]
    return Group(*parts)


def value_sentence(table: DealTable, declaration: PlayedContract, bidder: Seat) -> Text:
    """What the bidder's team takes when ``bidder`` declares ``declaration`` (at Nel-O and
    sevens, from the table's special rows, which must be there)."""
    if declaration is Contract.NELLO and table.nello is not None:
        can = "can" if table.nello[bidder] else "cannot"
        return Text(f"Seat {bidder} bidding Nel-O: the bidder {can} lose every trick.")
    if declaration is Contract.SEVENS and table.sevens is not None:
        return Text(
            f"Seat {bidder} bidding sevens: the bidder's team takes {table.sevens[bidder]} of 7 tricks."
        )
    assert isinstance(declaration, Declaration)
    return Text(
        f"Seat {bidder} declaring {declaration.label}: the bidder's team takes "
        f"{table.value(declaration, bidder)} of {TOTAL_POINTS} points."
    )
