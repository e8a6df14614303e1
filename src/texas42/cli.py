"""The ``texas42`` command line: parse the arguments, call the library, print."""

from __future__ import annotations

import csv
import gc
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from texas42 import __version__, analysis, config, render, rules, sampling
from texas42.analysis import HandAnalysis, NamedHand
from texas42.rules import Deal, Declaration, Hand, HouseRules, Seat
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

EXAMPLE_HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"

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
Hand analysis: you are seat 0 and hold the hand; the 21 unseen dominoes are dealt
to the other three seats many times at random, every deal is solved for every
declaration, and the odds say how often your team (you and your partner, seat 2)
makes each bid. Odds are double-dummy: every seat plays perfectly and sees all
hands. The same --seed gives the same figures, whatever the number of threads.

\b
Special contracts: Nel-O (you must lose every trick, partner sits out), sevens
(closest pip total to 7 wins each trick; your team must take all 7), plunge (4+
doubles) and splash (3+ doubles: partner names trump and leads; all 7 tricks).
solve, analyze, bid and compare report them next to the trumps.

\b
House rules (options of solve, analyze, bid and compare, or keys of a
[tool.texas42] table in texas42.toml or pyproject.toml in the working
directory; the command line wins):
  --nello-doubles own-suit|high|low   key nello-doubles (default own-suit)
  --nello-min-marks 2|1               key nello-min-marks (default 2)
  --all-pass forced|reshuffle         key all-pass (default forced)
  --no-specials                       key specials = false

\b
Commands:
  analyze  what a hand is worth: expected points and the odds of each bid for
           every trump, the bid and trump to call; also a file of hands
  bid      what to bid now, given the bids already made (--auction)
  compare  two or more trumps head to head on the same deals
  solve    one deal with all four hands known, exactly

\b
Examples:
  texas42 analyze "{EXAMPLE_HAND}"
  texas42 bid "{EXAMPLE_HAND}" --auction "pass 30"
  texas42 compare "{EXAMPLE_HAND}" sixes doubles
  texas42 analyze --file examples/hands.txt
  texas42 solve "{EXAMPLE_DEAL}"
"""

ODDS_HELP = """
What the odds mean: you are seat 0 and lead; your partner is seat 2. The 21 dominoes
you cannot see are dealt at random to seats 1, 2 and 3 (--deals times), and each deal
is solved double-dummy: every seat plays perfectly and sees all hands. A bid's odds
are the share of deals in which your team takes at least the bid (42 and 84: all 42
points). The intervals are 95% confidence intervals of the sampling error.
"""

ANALYZE_HELP = f"""
What is a hand worth? For each trump: expected points (95% interval), the odds of
making each bid 30..42 and 84, and the distribution of points; the odds of the
special contracts on the same deals (Nel-O and sevens, plunge with 4+ doubles and
splash with 3+; --no-specials to skip them); then the bid and trump to call: the
highest bid whose best trump makes it at least --confidence of the time (84 rather
than 42 when it expects more marks), or pass. The recommended
bid and trump are re-estimated on an independent sample of as many deals: the best
of nine trumps on one sample looks better than it is (the winner's curse).

With --file, analyzes one hand a line ("name: 6-6 6-5 ...", '#' starts a comment,
'-' reads stdin) and prints one summary row per hand as it finishes (--json: JSON
Lines, --csv: CSV). Every bad line is reported and nothing is computed if any is bad.
{ODDS_HELP}
\b
Examples:
  texas42 analyze "{EXAMPLE_HAND}"
  texas42 analyze 66 65 64 62 55 44 31 --deals 2000 --seed 7
  texas42 analyze "{EXAMPLE_HAND}" --trump sixes --trump doubles --confidence 0.7
  texas42 analyze "0-0 1-0 2-0 3-0 3-1 4-0 2-1" --nello-doubles low
  texas42 analyze --json "{EXAMPLE_HAND}"
  texas42 analyze --file examples/hands.txt --csv > hands.csv
"""

BID_HELP = f"""
What to bid now. --auction lists the bids already made this hand in order, starting
with the first bidder: pass, 30..41, 42, 84, 126, ... (168 before anyone has bid: a
plunge). Its length is your place in
the bidding (three bids before you: you are the shaker) and your partner bid two
places before you. The advice: don't bid over a high bid the hand can't make at
--confidence; otherwise bid the most the hand makes (each player bids once);
outbid a partner's high bid only with a much stronger hand (4 points more, or more
marks); as the shaker, bid the least that wins; after three passes the shaker must
bid at least 30 (--all-pass reshuffle: may pass). A special contract made at
--confidence is bid instead when it expects more marks: Nel-O (at least
--nello-min-marks marks), sevens (1 mark), splash (2 marks, 3+ doubles) and
plunge (4 marks, 4+ doubles, only before anyone has bid); over a mark bid, one
mark more. Shows the ladder of legal bids with the best trump for each, its odds
and its expected marks (marks x (2 x odds - 1)), and the special contracts.
{ODDS_HELP}
\b
Examples:
  texas42 bid "{EXAMPLE_HAND}"
  texas42 bid "{EXAMPLE_HAND}" --auction "pass 30 31"
  texas42 bid "{EXAMPLE_HAND}" --auction "pass pass pass"
  texas42 bid "6-6 5-5 4-4 3-3 6-5 5-4 6-4" --nello-min-marks 1 --all-pass reshuffle
"""

COMPARE_HELP = f"""
Compare two or more trumps head to head on the same deals. Give the hand, then the
trumps. For each pair: the mean difference in points with its 95% interval, how often
each takes more points, and the odds of each bid side by side, then the special
contracts on the same deals (--no-specials to skip them). With the same --seed the
figures match 'texas42 analyze'.
{ODDS_HELP}
\b
Examples:
  texas42 compare "{EXAMPLE_HAND}" sixes doubles
  texas42 compare 66 65 64 62 55 44 31 sixes doubles follow-me --deals 2000
  texas42 compare "{EXAMPLE_HAND}" sixes doubles --no-specials
"""

SOLVE_HELP = f"""
Solve a deal for all 9 declarations and all 4 bidders.

Prints the deal and a table: one row per declaration, one column per bidder seat
(the bidder leads the first trick), each cell the points the bidder's team takes
with perfect play; then the rows nello (1 if the bidder, partner sitting out, can
lose every trick, else 0; doubles as --nello-doubles) and sevens (the tricks, not
points, 0..7, the bidder's team takes); --no-specials leaves them out. With
--trump and --line, also prints an optimal line of play, trick by trick. With
--file, solves one deal a line ('#' starts a comment); every bad line is reported
and nothing is solved if any line is bad.

Bad input exits with status 2 and a one-line message naming the bad token.

\b
Examples:
  texas42 solve "{EXAMPLE_DEAL}"
  texas42 solve --trump fives --bidder 0 --line "{EXAMPLE_DEAL}"
  texas42 solve --nello-doubles high "{EXAMPLE_DEAL}"
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


NelloDoublesOption = Annotated[
    str | None,
    typer.Option(
        "--nello-doubles",
        metavar="RULE",
        help="Nel-O doubles: own-suit (their own suit; the default), high or low in their natural suit.",
        show_default=False,
    ),
]
NelloMinMarksOption = Annotated[
    str | None,
    typer.Option(
        "--nello-min-marks",
        metavar="N",
        help="Nel-O's minimum bid in marks: 2 (the default) or 1.",
        show_default=False,
    ),
]
AllPassOption = Annotated[
    str | None,
    typer.Option(
        "--all-pass",
        metavar="RULE",
        help="When all four pass: forced (the shaker must bid 30; the default) or reshuffle.",
        show_default=False,
    ),
]
SpecialsOption = Annotated[
    bool | None,
    typer.Option(
        "--specials/--no-specials",
        help="Analyse the special contracts (Nel-O, sevens, plunge, splash); default yes.",
        show_default=False,
    ),
]


def _house_rules(
    nello_doubles: str | None = None,
    nello_min_marks: str | None = None,
    all_pass: str | None = None,
    specials: bool | None = None,
) -> HouseRules:
    """The house rules: the [tool.texas42] table of the working directory, then the options given."""
    overrides: dict[str, object] = {"specials": specials}
    try:
        if nello_doubles is not None:
            overrides["nello_doubles"] = rules.parse_nello_doubles(nello_doubles)
    except rules.Texas42Error as error:
        fail(f"--nello-doubles: {error}")
    try:
        if all_pass is not None:
            overrides["all_pass"] = rules.parse_all_pass(all_pass)
    except rules.Texas42Error as error:
        fail(f"--all-pass: {error}")
    if nello_min_marks is not None:
        overrides["nello_min_marks"] = _parse_int("--nello-min-marks", nello_min_marks, 1, 2)
    try:
        return config.house_rules(overrides)
    except rules.Texas42Error as error:
        fail(str(error))


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
    nello_doubles: NelloDoublesOption = None,
    specials: SpecialsOption = None,
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
    house = _house_rules(nello_doubles, specials=specials)

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
        _solve_one(deals[0].deal, choice, line, as_json, threads, house)
    else:
        _solve_many(deals, choice, line, as_json, threads, house)


def _solve_one(
    deal: Deal,
    choice: tuple[Declaration, Seat] | None,
    want_line: bool,
    as_json: bool,
    threads: int | None,
    house: HouseRules,
) -> None:
    table = solve_deal_table(deal, threads=threads, house=house)
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
    house: HouseRules,
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
        tables = iter_deal_tables(
            (d.deal for d in deals), threads=threads, batch_deals=DEFAULT_BATCH_DEALS, house=house
        )
        for index, (numbered, table) in enumerate(zip(deals, tables, strict=True), start=1):
            line = optimal_line(numbered.deal, *choice) if want_line and choice is not None else None
            if as_json:
                _emit_json(table, line)
            else:
                title = f"Deal {index} (line {numbered.line})"
                _emit_rich(console, table, title, line, choice)
            progress.advance(task)


# --- Hand analysis commands ----------------------------------------------------------

DealsOption = Annotated[
    str,
    typer.Option(
        "--deals",
        "-n",
        metavar="N",
        help="Random deals of the unseen dominoes (default 1000).",
        show_default=False,
    ),
]
SeedOption = Annotated[
    str | None,
    typer.Option(
        "--seed",
        "-s",
        metavar="SEED",
        help="Random seed (default: drawn and printed); the same seed gives the same output.",
        show_default=False,
    ),
]
TrumpsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--trump", "-t", metavar="TRUMP", help="Analyse only this trump (repeatable). Default: all nine."
    ),
]
ConfidenceOption = Annotated[
    str,
    typer.Option(
        "--confidence",
        "-c",
        metavar="P",
        help="How often a bid must be made to count as made, above 0 and at most 1 (default 0.5).",
        show_default=False,
    ),
]
ThreadsOption = Annotated[
    str | None,
    typer.Option(
        "--threads", "-j", metavar="N", help="Solver threads (default: all cores).", show_default=False
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON (JSON Lines with --file).")]


def _parse_int(option: str, text: str, low: int, high: int | None = None) -> int:
    """An integer option in ``low..high``, or a one-line error naming it."""
    token = text.strip()
    if not (token.isascii() and token.isdigit()):
        fail(f"{option} needs a whole number, got {token!r}")
    value = int(token)
    if value < low or (high is not None and value > high):
        bounds = f"at least {low}" if high is None else f"from {low} to {high}"
        fail(f"{option} must be {bounds}, got {token}")
    return value


def _parse_confidence(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        fail(f"--confidence needs a number above 0 and at most 1, got {text.strip()!r}")
    if not 0.0 < value <= 1.0:
        fail(f"--confidence must be above 0 and at most 1, got {text.strip()}")
    return value


class _Settings:
    """The options shared by analyze, bid and compare, checked before anything is computed."""

    def __init__(
        self,
        deals: str,
        seed: str | None,
        threads: str | None,
        confidence: str = "0.5",
        house: HouseRules | None = None,
    ) -> None:
        self.deals = _parse_int("--deals", deals, 1)
        self.seed = sampling.draw_seed() if seed is None else _parse_int("--seed", seed, 0, sampling.MAX_SEED)
        self.threads = None if threads is None else _parse_int("--threads", threads, 1)
        self.confidence = _parse_confidence(confidence)
        self.house = HouseRules() if house is None else house


def _parse_trumps(trumps: Sequence[str] | None) -> tuple[Declaration, ...]:
    if not trumps:
        return rules.DECLARATIONS
    try:
        return tuple(rules.parse_declaration(t) for t in trumps)
    except rules.Texas42Error as error:
        fail(str(error))


def _parse_hand_args(words: Sequence[str] | None) -> Hand:
    try:
        return rules.parse_hand(" ".join(words or ()))
    except rules.Texas42Error as error:
        fail(str(error))


class _LazyProgress:
    """A progress bar on stderr that shows only once a run has taken a second, and only
    when it is wanted (stdout a terminal, no --json or --csv)."""

    DELAY = 1.0

    def __init__(self, enabled: bool, label: str) -> None:
        self.enabled = enabled
        self.label = label
        self.start = time.monotonic()
        self.bar: Progress | None = None
        self.task: Any = None

    def __enter__(self) -> _LazyProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def update(self, completed: float, total: float, label: str | None = None) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            if time.monotonic() - self.start < self.DELAY:
                return
            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.percentage:>3.0f}%"),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.task = self.bar.add_task(label or self.label, total=total)
            self.bar.update(self.task, completed=completed)
            self.bar.start()
        self.bar.update(self.task, completed=completed, total=total, description=label or self.label)

    def solves(self, done: int, total: int) -> None:
        """A progress callback for the analysis library."""
        self.update(done, total)


def _wants_progress(*machine_readable: bool) -> bool:
    return sys.stdout.isatty() and not any(machine_readable)


def _emit_line(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


@app.command(
    help=ANALYZE_HELP, short_help="What a hand is worth: odds of each bid for each trump, the bid to make."
)
def analyze(
    hand: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="HAND", help='Your 7 dominoes, e.g. "6-6 6-5 6-4 6-2 5-5 4-4 3-1".', show_default=False
        ),
    ] = None,
    file: Annotated[
        str | None,
        typer.Option("--file", "-f", metavar="PATH", help="Analyze one hand a line of PATH ('-' for stdin)."),
    ] = None,
    deals: DealsOption = "1000",
    seed: SeedOption = None,
    trump: TrumpsOption = None,
    confidence: ConfidenceOption = "0.5",
    threads: ThreadsOption = None,
    as_json: JsonOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print one CSV summary row per hand.")] = False,
    nello_doubles: NelloDoublesOption = None,
    nello_min_marks: NelloMinMarksOption = None,
    specials: SpecialsOption = None,
) -> None:
    """What a hand is worth, and what to bid with it."""
    if bool(hand) == (file is not None):
        fail("give a hand or --file PATH (not both); see 'texas42 analyze --help'")
    if as_json and as_csv:
        fail("--json and --csv do not go together")
    house = _house_rules(nello_doubles, nello_min_marks, specials=specials)
    settings = _Settings(deals, seed, threads, confidence, house)
    declarations = _parse_trumps(trump)
    if file is None:
        parsed: tuple[NamedHand, ...] = (NamedHand(0, None, _parse_hand_args(hand)),)
    else:
        read = analysis.read_hands(_read_lines(file))
        if read.errors:
            for error in read.errors:
                typer.echo(f"texas42: error: {' '.join(str(error).split())}", err=True)
            raise typer.Exit(2)
        parsed = read.hands
    if file is None and not as_csv:
        _analyze_one(parsed[0].hand, settings, declarations, as_json)
    else:
        _analyze_many(parsed, settings, declarations, as_json, as_csv)


def _analyze(
    hand: Hand,
    settings: _Settings,
    declarations: Sequence[Declaration],
    progress: Callable[[int, int], None],
    check_ladder: bool = False,
) -> HandAnalysis:
    return analysis.analyze_hand(
        hand,
        deals=settings.deals,
        seed=settings.seed,
        declarations=declarations,
        confidence=settings.confidence,
        threads=settings.threads,
        batch_deals=analysis.DEFAULT_BATCH_DEALS,
        progress=progress,
        check_ladder=check_ladder,
        house=settings.house,
    )


def _analyze_one(hand: Hand, settings: _Settings, declarations: Sequence[Declaration], as_json: bool) -> None:
    with _LazyProgress(_wants_progress(as_json), "analyzing") as bar:
        result = _analyze(hand, settings, declarations, bar.solves)
    if as_json:
        _emit_line(json.dumps(analysis.analysis_to_json(result)))
    else:
        Console().print(render.analysis_view(result))


CSV_FIELDS = (
    "name",
    "line",
    "hand",
    "trump",
    "bid",
    "make",
    "make_confirmed",
    "expected_points",
    "expected_marks",
)


def _analyze_many(
    hands: Sequence[NamedHand],
    settings: _Settings,
    declarations: Sequence[Declaration],
    as_json: bool,
    as_csv: bool,
) -> None:
    """One summary row (or JSON line, or CSV row) per hand, written as each hand finishes."""
    console = Console()
    writer = csv.writer(sys.stdout, lineterminator="\n") if as_csv else None
    names = [h.name or f"line {h.line}" for h in hands]
    name_width = min(30, max([4, *(len(n) for n in names)]))
    if writer is not None:
        writer.writerow(CSV_FIELDS)
    elif not as_json:
        console.print(
            Text(
                f"{len(hands)} hands, {settings.deals} deals each, seed {settings.seed}; "
                "bid at odds of at least " + render.percent(settings.confidence),
                style="dim",
            )
        )
        console.print(render.summary_header(name_width))
    done = 0
    try:
        with _LazyProgress(_wants_progress(as_json, as_csv), "analyzing") as bar:
            for index, (item, name) in enumerate(zip(hands, names, strict=True)):
                label = f"hand {index + 1}/{len(hands)}"

                def progress(solves: int, total: int, index: int = index, label: str = label) -> None:
                    bar.update(index + solves / total, len(hands), label)

                result = _analyze(item.hand, settings, declarations, progress)
                if as_json:
                    _emit_line(json.dumps(analysis.analysis_to_json(result, item)))
                elif writer is not None:
                    fields = analysis.summary_fields(result)
                    writer.writerow(
                        [item.name or "", item.line, str(item.hand), *(fields[k] for k in CSV_FIELDS[3:])]
                    )
                    sys.stdout.flush()
                else:
                    console.print(render.summary_row(name, item.line, result, name_width))
                done += 1
    except KeyboardInterrupt:
        typer.echo(f"texas42: interrupted after {done} of {len(hands)} hands", err=True)
        raise typer.Exit(130) from None
    if not as_json and writer is None:
        console.print(render.odds_footer(settings.deals, settings.seed))


@app.command(help=BID_HELP, short_help="What to bid now, given the bids already made (--auction).")
def bid(
    hand: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="HAND", help='Your 7 dominoes, e.g. "6-6 6-5 6-4 6-2 5-5 4-4 3-1".', show_default=False
        ),
    ] = None,
    auction: Annotated[
        str,
        typer.Option(
            "--auction",
            "-a",
            metavar="BIDS",
            help='The bids made before yours, first bidder first: "pass 30 31" (default: you bid first).',
        ),
    ] = "",
    deals: DealsOption = "1000",
    seed: SeedOption = None,
    trump: TrumpsOption = None,
    confidence: ConfidenceOption = "0.5",
    threads: ThreadsOption = None,
    as_json: JsonOption = False,
    nello_doubles: NelloDoublesOption = None,
    nello_min_marks: NelloMinMarksOption = None,
    all_pass: AllPassOption = None,
    specials: SpecialsOption = None,
) -> None:
    """What to bid now, given the bids already made."""
    if not hand:
        fail("give your hand; see 'texas42 bid --help'")
    house = _house_rules(nello_doubles, nello_min_marks, all_pass, specials)
    settings = _Settings(deals, seed, threads, confidence, house)
    declarations = _parse_trumps(trump)
    parsed_hand = _parse_hand_args(hand)
    try:
        parsed_auction = analysis.parse_auction(auction)
    except rules.Texas42Error as error:
        fail(str(error))
    with _LazyProgress(_wants_progress(as_json), "analyzing") as bar:
        result = _analyze(parsed_hand, settings, declarations, bar.solves, check_ladder=True)
    advice = analysis.advise_bid(result, parsed_auction, settings.house)
    if as_json:
        _emit_line(json.dumps(analysis.advice_to_json(result, advice)))
    else:
        Console().print(render.advice_view(result, advice))


def _split_compare_args(words: Sequence[str]) -> tuple[str, list[str]]:
    """The hand's dominoes and the trumps, from the words of ``compare`` in any grouping."""
    tokens = [t for w in words for t in w.replace(",", " ").split()]
    dominoes = [t for t in tokens if len(t) >= 2 and t[0].isdigit() and t[-1].isdigit()]
    trumps = [t for t in tokens if t not in dominoes]
    return " ".join(dominoes), trumps


@app.command(help=COMPARE_HELP, short_help="Two or more trumps head to head on the same deals.")
def compare(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="HAND TRUMP TRUMP...",
            help="Your 7 dominoes, then two or more trumps.",
            show_default=False,
        ),
    ] = None,
    deals: DealsOption = "1000",
    seed: SeedOption = None,
    threads: ThreadsOption = None,
    as_json: JsonOption = False,
    nello_doubles: NelloDoublesOption = None,
    nello_min_marks: NelloMinMarksOption = None,
    specials: SpecialsOption = None,
) -> None:
    """Compare trumps head to head on the same deals."""
    if not words:
        fail("give your hand and two or more trumps; see 'texas42 compare --help'")
    house = _house_rules(nello_doubles, nello_min_marks, specials=specials)
    settings = _Settings(deals, seed, threads, house=house)
    hand_text, trump_words = _split_compare_args(words)
    parsed_hand = _parse_hand_args([hand_text])
    declarations = _parse_trumps(trump_words) if trump_words else ()
    if len(declarations) < 2:
        fail(f"compare needs two or more trumps after the hand, got {len(declarations)}")
    seen: set[Declaration] = set()
    for word, declaration in zip(trump_words, declarations, strict=True):
        if declaration in seen:
            fail(f"trump given twice: {word!r} ({declaration.label})")
        seen.add(declaration)
    with _LazyProgress(_wants_progress(as_json), "comparing") as bar:
        result = analysis.compare_trumps(
            parsed_hand,
            declarations,
            settings.deals,
            settings.seed,
            settings.threads,
            progress=bar.solves,
            house=settings.house,
        )
    if as_json:
        _emit_line(json.dumps(analysis.comparison_to_json(result)))
    else:
        Console().print(render.comparison_view(result))


def main() -> None:
    """Run the ``texas42`` command."""
    try:
        app(prog_name="texas42")
    finally:
        # Loading the solvers leaves a large graph of Numba objects; the garbage
        # collection at exit would walk it for about half a second, to no purpose.
        gc.freeze()
