"""``texas42 solve``: deals with all four hands known, exactly."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console

from texas42 import engine
from texas42.analysis import DealTable, PlayLine, iter_deal_tables, optimal_line
from texas42.analysis.play import play_rules_for
from texas42.analysis.solving import DEFAULT_BATCH_DEALS
from texas42.cli.app import EXAMPLE_DEAL, EXAMPLE_HAND, app, inputs_checked, interrupted
from texas42.cli.options import (
    ClusterOption,
    NelloDoublesOption,
    SolveSpecialsOption,
    SolveThreadsOption,
    check_one_input,
    checked,
    house_rules,
    keep,
    option_parser,
)
from texas42.cli.play import played_contract
from texas42.cli.progress import ProgressBar, emit_line, wants_progress
from texas42.cli.terminal import output_console
from texas42.errors import UsageError
from texas42.interrupts import holding_interrupts
from texas42.io.batch import Cluster, connected, job_threads, run_in_order
from texas42.io.documents import table_to_json
from texas42.io.files import NumberedDeal, check_lines, read_deals, read_lines
from texas42.report.solve import solve_result, value_sentence
from texas42.rules import (
    Contract,
    Deal,
    Declaration,
    HouseRules,
    PlayedContract,
    Seat,
    parse_deal,
    parse_seat,
)

SOLVE_HELP = f"""
Solve a deal for all 9 declarations and all 4 bidders.

Prints the deal and a table: one row per declaration, one column per bidder seat
(the bidder leads the first trick), each cell the points the bidder's team takes
with perfect play; then the rows nello (1 if the bidder, partner sitting out, can
lose every trick, else 0; doubles as --nello-doubles) and sevens (the tricks, not
points, 0..7, the bidder's team takes); --no-specials leaves them out. With
--trump and --line, also prints an optimal line of play, trick by trick; --trump
nello or sevens plays the line for the contract alone (each side, at each turn, the
highest domino that keeps the contract's outcome from the trick in progress on). With
--file, solves one deal a line ('#' starts a comment); every bad line is reported
and nothing is solved if any line is bad; --cluster ADDRESS solves them on a Dask
cluster (tcp://host:8786, or local[:N] worker processes here), with the same output.

Bad input exits with status 2 and a one-line message naming the bad token.

\b
Examples:
  texas42 solve "{EXAMPLE_DEAL}"
  texas42 solve --trump fives --bidder 0 --line "{EXAMPLE_DEAL}"
  texas42 solve --trump nello --bidder 2 --line "{EXAMPLE_DEAL}"
  texas42 solve --nello-doubles high "{EXAMPLE_DEAL}"
  texas42 deals "{EXAMPLE_HAND}" -n 10 --seed 1 > deals.txt
  texas42 solve --json --file deals.txt > values.jsonl
  cat deals.txt | texas42 solve --file -
  texas42 solve --json --file deals.txt --cluster local:2
"""


@app.command(help=SOLVE_HELP)
def solve(
    deal: Annotated[
        str | None,
        typer.Argument(
            metavar="DEAL", help='The deal: four hands separated by "/", seat 0 first.', show_default=False
        ),
    ] = None,
    trump: Annotated[
        Any,  # a PlayedContract or None: Typer takes no union types
        typer.Option(
            "--trump",
            "-t",
            metavar="TRUMP",
            help=(
                "A declaration (sixes, 6, doubles, follow-me, ...), or nello or sevens: its value "
                "for --bidder is stated under the table, and --line plays it."
            ),
            parser=option_parser(played_contract),
        ),
    ] = None,
    bidder: Annotated[
        int | None,
        typer.Option(
            "--bidder",
            "-b",
            metavar="SEAT",
            help="The bidder's seat 0..3 (leads the first trick). Default 0.",
            parser=option_parser(checked("--bidder", keep, parse_seat)),
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
    threads: SolveThreadsOption = None,
    nello_doubles: NelloDoublesOption = None,
    specials: SolveSpecialsOption = None,
    cluster: ClusterOption = None,
) -> None:
    """Solve deals double-dummy for every declaration and bidder."""
    check_one_input(deal is not None, file, "a deal", "solve")
    if cluster is not None and file is None:
        raise UsageError("--cluster goes with --file PATH")
    if line and trump is None:
        raise UsageError("--line needs --trump (the declaration to play)")
    if bidder is not None and trump is None:
        raise UsageError("--bidder needs --trump (the declaration to play)")
    house = house_rules(nello_doubles, specials=specials)
    if isinstance(trump, Contract) and not house.specials:
        given = "--no-specials" if specials is not None else "specials = false in the settings"
        raise UsageError(f"--trump {trump.label} needs the special contracts: not with {given}")
    if trump is not None:
        play_rules_for(trump, 0, house)  # a plunge or splash is refused, saying how to give it
    if deal is not None:
        deals: tuple[NumberedDeal, ...] = (NumberedDeal(0, parse_deal(deal)),)
    else:
        assert file is not None
        parsed = read_deals(read_lines(file))
        check_lines(parsed.errors, file)
        deals = parsed.deals
    inputs_checked()
    if file is not None and not deals and not as_json:
        typer.echo("No deals in the file.")
        return
    choice = (trump, 0 if bidder is None else bidder) if trump is not None else None
    _solve(deals, choice, line, as_json, threads, house, many=deal is None, cluster=cluster)


def solve_chunk(
    deals: tuple[Deal, ...],
    threads: int | None,
    house: HouseRules,
    choice: tuple[PlayedContract, Seat] | None,
    want_line: bool,
) -> list[tuple[DealTable, PlayLine | None]]:
    """The tables (and optimal lines) of a chunk of deals: a cluster's unit of work."""
    engine.expect(lines=want_line and choice is not None and isinstance(choice[0], Declaration))
    return [
        (table, optimal_line(table.deal, *choice, house) if want_line and choice is not None else None)
        for table in iter_deal_tables(deals, threads, DEFAULT_BATCH_DEALS, house)
    ]


def _solve(
    deals: tuple[NumberedDeal, ...],
    choice: tuple[PlayedContract, Seat] | None,
    want_line: bool,
    as_json: bool,
    threads: int | None,
    house: HouseRules,
    many: bool,
    cluster: Cluster | None = None,
) -> None:
    """Solve the deals in chunks and print each as it comes, in input order; on a
    cluster, a chunk a task."""
    console = output_console()
    size = DEFAULT_BATCH_DEALS
    chunks = [tuple(d.deal for d in deals[i : i + size]) for i in range(0, len(deals), size)]
    written = 0
    try:
        with (
            ProgressBar(many and wants_progress(as_json), "solving", counted=True) as bar,
            connected(cluster) as client,
        ):

            def write(chunk: int, results: list[tuple[DealTable, PlayLine | None]]) -> None:
                nonlocal written
                for offset, (table, line) in enumerate(results):
                    index = chunk * size + offset + 1
                    with holding_interrupts():  # the count says what the output holds
                        if as_json:
                            emit_line(json.dumps(table_to_json(table, line, choice)))
                        else:
                            title = f"Deal {index} (line {deals[index - 1].line})" if many else "Deal"
                            with bar.hidden():
                                _print_table(console, table, title, line, choice)
                        written = index
                    bar.update(index, len(deals))

            arguments = [(chunk, job_threads(cluster, threads), house, choice, want_line) for chunk in chunks]
            run_in_order(solve_chunk, arguments, write, client)
    except KeyboardInterrupt:
        if not many:
            raise
        interrupted(f"interrupted after {written:,} of {len(deals):,} deals")


def _print_table(
    console: Console,
    table: DealTable,
    title: str,
    line: PlayLine | None,
    choice: tuple[PlayedContract, Seat] | None,
) -> None:
    console.print(solve_result(table, title, line, choice))
    if choice is not None and line is None:
        console.print(value_sentence(table, *choice))
