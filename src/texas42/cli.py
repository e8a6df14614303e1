"""The ``texas42`` command line: parse the arguments, call the library, print."""

from __future__ import annotations

import json
import sys
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from texas42 import __version__, render, rules
from texas42.rules import Deal, Declaration, Seat
from texas42.solving import (
    DEFAULT_BATCH_DEALS,
    DealTable,
    NumberedDeal,
    PlayLine,
    iter_deal_tables,
    optimal_line,
    parse_seat,
    read_deals,
    solve_deal_table,
    table_to_json,
)

EXAMPLE_DEAL = (
    "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
    "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
)

APP_HELP = f"""
What is a Texas 42 hand worth? texas42 solves deals double-dummy: all four hands
visible, every player playing perfectly, the bidder's team taking as many of the
42 points (1 a trick plus the count) as it can and the other team as few.

\b
Notation:
  domino  two pips 0..6, either end first: 6-4, 4-6, 64 and 46 are the same
          domino (blanks are 0, so 6-0 or 60).
  hand    7 dominoes separated by spaces or commas: "6-4 5-5 5-2 4-3 4-2 3-2 3-1".
  deal    four hands separated by '/', seat 0 first: "H0 / H1 / H2 / H3".
  seats   0, 1, 2, 3 in playing order (clockwise); seats 0 and 2 are partners
          against seats 1 and 3. The bidder declares trump and leads the first trick.
  trump   blanks, aces, deuces, treys, fours, fives, sixes (or 0..6), doubles,
          follow-me (no trump).

\b
Example:
  texas42 solve "{EXAMPLE_DEAL}"
"""

SOLVE_HELP = f"""
Solve a deal for all 9 declarations and all 4 bidders.

Prints the deal and a table: one row per declaration, one column per bidder seat
(the bidder leads the first trick), each cell the points the bidder's team takes
with perfect play. With --trump and --line, also prints an optimal line of play,
trick by trick. With --file, solves one deal a line ('#' starts a comment); every
bad line is reported and nothing is solved if any line is bad.

Bad input exits with status 2 and a one-line message naming the bad token.

\b
Examples:
  texas42 solve "{EXAMPLE_DEAL}"
  texas42 solve --trump fives --bidder 0 --line "{EXAMPLE_DEAL}"
  texas42 solve --json --file deals.txt > values.jsonl
  cat deals.txt | texas42 solve --file -
"""

app = typer.Typer(
    name="texas42",
    help=APP_HELP,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def fail(message: str) -> NoReturn:
    """Print ``texas42: error: <message>`` on one line of stderr and exit with status 2."""
    typer.echo(f"texas42: error: {' '.join(message.split())}", err=True)
    raise typer.Exit(2)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"texas42 {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """Texas 42 double-dummy analysis."""


def _read_lines(path: str) -> list[str]:
    """The lines of a file, or of stdin for ``-``."""
    if path == "-":
        return sys.stdin.read().splitlines()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        fail(f"cannot read {path}: {getattr(error, 'strerror', None) or error}")


def _emit_json(table: DealTable, line: PlayLine | None) -> None:
    sys.stdout.write(json.dumps(table_to_json(table, line)) + "\n")
    sys.stdout.flush()


def _emit_rich(
    console: Console,
    table: DealTable,
    title: str,
    line: PlayLine | None,
    choice: tuple[Declaration, Seat] | None,
) -> None:
    console.print(render.solve_result(table, title, line, choice))
    if choice is not None and line is None:
        declaration, bidder = choice
        console.print(
            Text(
                f"Seat {bidder} declaring {declaration.label}: the bidder's team takes "
                f"{table.value(declaration, bidder)} of {rules.TOTAL_POINTS} points."
            )
        )


@app.command(help=SOLVE_HELP)
def solve(
    deal: Annotated[
        str | None,
        typer.Argument(
            metavar="DEAL", help='The deal: four hands separated by "/", seat 0 first.', show_default=False
        ),
    ] = None,
    trump: Annotated[
        str | None,
        typer.Option(
            "--trump",
            "-t",
            metavar="TRUMP",
            help="A declaration (sixes, 6, doubles, follow-me, ...) to analyse.",
        ),
    ] = None,
    bidder: Annotated[
        str | None,
        typer.Option(
            "--bidder",
            "-b",
            metavar="SEAT",
            help="The bidder's seat 0..3 (leads the first trick). Default 0.",
        ),
    ] = None,
    line: Annotated[
        bool, typer.Option("--line", "-l", help="Print an optimal line of play (needs --trump).")
    ] = False,
    file: Annotated[
        str | None,
        typer.Option("--file", "-f", metavar="PATH", help="Solve one deal a line of PATH ('-' for stdin)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON: one object per deal (JSON Lines with --file).")
    ] = False,
    threads: Annotated[
        int | None,
        typer.Option(
            "--threads", "-j", metavar="N", help="Solver threads (default: all cores).", show_default=False
        ),
    ] = None,
) -> None:
    """Solve deals double-dummy for every declaration and bidder."""
    if (deal is None) == (file is None):
        fail("give a deal or --file PATH (not both); see 'texas42 solve --help'")
    if line and trump is None:
        fail("--line needs --trump (the declaration to play)")
    if bidder is not None and trump is None:
        fail("--bidder needs --trump (the declaration to play)")
    if threads is not None and threads < 1:
        fail(f"--threads must be at least 1, got {threads}")

    try:
        declaration = rules.parse_declaration(trump) if trump is not None else None
        seat = parse_seat(bidder) if bidder is not None else 0
        if deal is not None:
            deals: tuple[NumberedDeal, ...] = (NumberedDeal(0, rules.parse_deal(deal)),)
        else:
            assert file is not None
            parsed = read_deals(_read_lines(file))
            if parsed.errors:
                for error in parsed.errors:
                    typer.echo(f"texas42: error: {' '.join(str(error).split())}", err=True)
                raise typer.Exit(2)
            deals = parsed.deals
    except rules.Texas42Error as error:
        fail(str(error))

    choice = (declaration, seat) if declaration is not None else None
    if deal is not None:
        _solve_one(deals[0].deal, choice, line, as_json, threads)
    else:
        _solve_many(deals, choice, line, as_json, threads)


def _solve_one(
    deal: Deal, choice: tuple[Declaration, Seat] | None, want_line: bool, as_json: bool, threads: int | None
) -> None:
    table = solve_deal_table(deal, threads=threads)
    line = optimal_line(deal, *choice) if want_line and choice is not None else None
    if as_json:
        _emit_json(table, line)
    else:
        _emit_rich(Console(), table, "Deal", line, choice)


def _solve_many(
    deals: tuple[NumberedDeal, ...],
    choice: tuple[Declaration, Seat] | None,
    want_line: bool,
    as_json: bool,
    threads: int | None,
) -> None:
    console = Console()
    show_progress = sys.stdout.isatty() and not as_json and len(deals) > 0
    progress = Progress(
        TextColumn("solving"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
        disable=not show_progress,
    )
    with progress:
        task = progress.add_task("solving", total=len(deals))
        tables = iter_deal_tables((d.deal for d in deals), threads=threads, batch_deals=DEFAULT_BATCH_DEALS)
        for index, (numbered, table) in enumerate(zip(deals, tables, strict=True), start=1):
            line = optimal_line(numbered.deal, *choice) if want_line and choice is not None else None
            if as_json:
                _emit_json(table, line)
            else:
                title = f"Deal {index} (line {numbered.line})"
                _emit_rich(console, table, title, line, choice)
            progress.advance(task)


def main() -> None:
    """Run the ``texas42`` command."""
    app(prog_name="texas42")
