"""``texas42 analyze``: what a hand is worth, alone or for a file of hands."""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer

from texas42 import deal
from texas42.analysis import AnalysisJob, HandAnalysis, hand_why
from texas42.analysis.realistic import DEFAULT_REALISTIC_DEALS
from texas42.cli.app import BASIS_HELP, EXAMPLE_HAND, ODDS_HELP, app, inputs_checked
from texas42.cli.many import CSV, JSON, TEXT, analyze_many, check_each_hand, check_output, recorded_seed
from texas42.cli.options import (
    NO_BIDS,
    AuctionOption,
    BasisOption,
    ClusterOption,
    ConfidenceOption,
    DealsOption,
    ExhaustiveOption,
    HoldsOption,
    InferOption,
    JsonLinesOption,
    LacksOption,
    MinDealsOption,
    NelloDoublesOption,
    NelloMinMarksOption,
    NoiseOption,
    RealisticDealsOption,
    RealisticOption,
    SeedOption,
    SpecialsOption,
    ThreadsOption,
    TrumpsOption,
    WhyBidOption,
    WhyOption,
    WorldsOption,
    auction_noise,
    basis,
    check_one_input,
    deal_constraints,
    distinct_trumps,
    house_rules,
    inferred,
    playouts,
    racing,
)
from texas42.cli.progress import ProgressBar, emit_line, wants_progress
from texas42.cli.terminal import output_console
from texas42.deal import draw_seed
from texas42.errors import UsageError
from texas42.io.batch import Cluster
from texas42.io.documents import analysis_to_json
from texas42.io.files import LineError, NamedHand, read_hands, read_lines
from texas42.io.output import check_not_beside, check_regular, companions
from texas42.report.hand import analysis_view
from texas42.rules import Auction, Hand, parse_hand

ANALYZE_HELP = f"""
What is a hand worth? For each trump: expected points (95% interval), the odds of
making each bid 30..42 and 84, and the distribution of points; the odds of the
special contracts on the same deals (Nel-O and sevens, plunge with 4+ doubles and
splash with 3+; --no-specials to skip them); then the bid and trump to call: the
highest bid whose best trump makes it at least --confidence of the time (84 rather
than 42 when it expects more marks), or pass. The recommended
bid and trump are re-estimated on an independent sample of as many deals: the best
of nine trumps on one sample looks better than it is (the winner's curse). Beside the
double-dummy figures, the leading trumps' realistic odds (for players who see only
their own dominoes), estimated by the calibration at no cost; the advice rests on
them (--basis double-dummy: on the double-dummy odds, as before). --realistic plays
the leading trumps out on --realistic-deals deals instead (about 10 s on two cores,
Nel-O and sevens included). The special contracts' realistic odds are calibrated from their
double-dummy ones (Nel-O and sevens played out with --realistic). Last, a special
contract made at --confidence that expects more marks than that bid, on the advice's
basis, is named as the bid to make instead when nobody has bid yet, as 'texas42 bid'
advises (sevens at 84 when made more than half the time; JSON "special_instead" and
"special_instead_bid"; the summary's "instead" column).

With --file, analyzes one hand a line ("name: 6-6 6-5 ...", '#' starts a comment,
'-' reads stdin) and prints one summary row per hand as it finishes (--json: JSON
Lines, --csv: CSV). Every bad line is reported and nothing is computed if any is bad.
--out PATH writes them to PATH, each flushed as soon as it is in order; --resume keeps
what PATH holds (refused if made with another seed or options, or edited), runs the other hands
and appends them, so PATH ends as an uninterrupted run's (without --resume, a PATH
that holds anything, an earlier run's results or not, is refused). --cluster ADDRESS runs the
hands on a Dask cluster (the scheduler's address, tcp://host:8786), --cluster local (or
local:N, 1 to 64) on N worker processes here: the output is the same, byte for byte.
With --realistic every hand is played out as one hand is (about 7 to 10 s a hand), its row
on the played-out odds.

What you know of the other hands: --holds "SEAT: DOMINOES" (that seat holds them)
and --lacks "SEAT: DOMINOES" (it holds none of them; a pip suit such as sixes or 6
stands for its seven dominoes), seats 1 (left), 2 (partner), 3 (right), both
repeatable. Only deals consistent with them are dealt, uniformly; when there are no
more of them than --deals, all of them are solved instead (exact).

What the bidding said: --auction "pass 30 31" (the bids made before yours, as for
'texas42 bid') deals the unseen dominoes in proportion to how likely each deal makes
those bids, under a stated model of how the others bid (see 'texas42 bid --help';
--noise: how much they misjudge their hands; --infer none: uniform deals as without it).
The bids advised are still what the hand makes as if it opened; over the auction's
high bid, 'texas42 bid' advises what to call.

--why: for the double-dummy recommendation's bid and trump (or --bid, which implies
--why, and its best trump), each unseen
domino's odds of making the bid when it lies with the left opponent, the partner or
the right opponent, read from the same deals; the dominoes whose place matters most
(one hand's report, or JSON's "why"; not with --csv or a text --file).
{ODDS_HELP}{BASIS_HELP}
\b
Examples:
  texas42 analyze "{EXAMPLE_HAND}"
  texas42 analyze 66 65 64 62 55 44 31 --deals 2000 --seed 7
  texas42 analyze "{EXAMPLE_HAND}" --trump sixes --trump doubles --confidence 0.7
  texas42 analyze "0-0 1-0 2-0 3-0 3-1 4-0 2-1" --nello-doubles low
  texas42 analyze --json "{EXAMPLE_HAND}"
  texas42 analyze "{EXAMPLE_HAND}" --holds "2: 5-4 5-3" --lacks "1: sixes"
  texas42 analyze "{EXAMPLE_HAND}" --auction "pass 30" --noise 0.5
  texas42 analyze "{EXAMPLE_HAND}" --why
  texas42 analyze "{EXAMPLE_HAND}" --why --bid 84
  texas42 analyze "{EXAMPLE_HAND}" --realistic
  texas42 analyze "{EXAMPLE_HAND}" --basis double-dummy
  texas42 analyze --file examples/hands.txt --csv > hands.csv
  texas42 analyze --file examples/hands.txt --realistic --json > played.jsonl
  texas42 analyze --file examples/hands.txt --seed 1 --out hands.jsonl --json --cluster local:2
  texas42 analyze --file examples/hands.txt --seed 1 --out hands.jsonl --json --resume
"""

HandArgument = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="HAND", help='Your 7 dominoes, e.g. "6-6 6-5 6-4 6-2 5-5 4-4 3-1".', show_default=False
    ),
]


@app.command(
    help=ANALYZE_HELP, short_help="What a hand is worth: odds of each bid for each trump, the bid to make."
)
def analyze(
    hand: HandArgument = None,
    file: Annotated[
        str | None,
        typer.Option("--file", "-f", metavar="PATH", help="Analyze one hand a line of PATH ('-' for stdin)."),
    ] = None,
    deals: DealsOption = 1000,
    min_deals: MinDealsOption = None,
    exhaustive: ExhaustiveOption = False,
    seed: SeedOption = None,
    trump: TrumpsOption = None,
    confidence: ConfidenceOption = 0.5,
    threads: ThreadsOption = None,
    as_json: JsonLinesOption = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print one CSV summary row per hand.")] = False,
    nello_doubles: NelloDoublesOption = None,
    nello_min_marks: NelloMinMarksOption = None,
    specials: SpecialsOption = None,
    holds: HoldsOption = None,
    lacks: LacksOption = None,
    auction: AuctionOption = NO_BIDS,
    infer: InferOption = None,
    noise: NoiseOption = None,
    why: WhyOption = False,
    why_bid: WhyBidOption = None,
    cluster: ClusterOption = None,
    out: Annotated[
        str | None,
        typer.Option("--out", "-o", metavar="PATH", help="With --file: write the results to PATH."),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="With --out: keep the hands PATH holds, run the rest, same settings."),
    ] = False,
    realistic: RealisticOption = False,
    realistic_deals: RealisticDealsOption = None,
    worlds: WorldsOption = None,
    basis_option: BasisOption = None,
) -> None:
    """What a hand is worth, and what to bid with it."""
    infer = inferred(infer, auction)
    plan = playouts(realistic or None, realistic_deals, worlds, DEFAULT_REALISTIC_DEALS, deals=deals)
    check_one_input(bool(hand), file, "a hand", "analyze")
    _check_outputs(file, as_json, as_csv, why, why_bid)
    _check_batch(file, cluster, out, resume)
    if seed is None and resume:
        seed = recorded_seed(out)
    house = house_rules(nello_doubles, nello_min_marks, specials=specials)
    job = AnalysisJob(
        deals,
        draw_seed() if seed is None else seed,
        distinct_trumps(trump),
        confidence,
        house,
        threads,
        constraints=deal_constraints(holds, lacks),
        auction=deal.auction_model(auction, infer, auction_noise(noise, infer, auction), house),
        basis=basis(basis_option, realistic),
        racing=racing(min_deals, exhaustive),
        playouts=plan,
    )
    parsed = _hands(hand, file, job)
    style = JSON if as_json else CSV if as_csv else TEXT
    if out is not None:
        check_output(job, why_bid, parsed, style, out, resume)
    inputs_checked()
    if file is None and not as_csv:
        _analyze_one(job, parsed[0].hand, as_json, why_bid, why or why_bid is not None)
    elif not parsed and not (as_json or as_csv or out):
        typer.echo("No hands in the file.")  # as quick says
    else:
        analyze_many(job, why_bid, parsed, style, out, resume, cluster)


def _check_outputs(file: str | None, as_json: bool, as_csv: bool, why: bool, why_bid: int | None) -> None:
    """A ``UsageError`` for output options that do not go together."""
    if as_json and as_csv:
        raise UsageError("--json and --csv do not go together")
    if (why or why_bid is not None) and (as_csv or (file is not None and not as_json)):
        raise UsageError(
            "--why and --bid show in one hand's report or in JSON: not with --csv or a text summary of --file"
        )
    if why and as_json:
        raise UsageError("--why: the JSON always holds the why of the recommendation (--bid: of that bid)")


def _check_batch(file: str | None, cluster: Cluster | None, out: str | None, resume: bool) -> None:
    """A ``UsageError`` for ``--cluster``, ``--out`` and ``--resume`` without a file of
    hands, or an output path that cannot be one."""
    if file is None and (cluster is not None or out is not None or resume):
        raise UsageError("--cluster, --out and --resume go with --file PATH")
    if resume and out is None:
        raise UsageError("--resume needs --out PATH (the output file to carry on)")
    if out == "-":
        raise UsageError("--out takes a file's path; without --out the results go to stdout")
    if out is not None:
        check_regular(out)
        check_not_beside(out)
    if out is not None and file not in (None, "-"):
        _check_not_the_hands_file(out, file)


def _hands(hand: list[str] | None, file: str | None, job: AnalysisJob) -> tuple[NamedHand, ...]:
    """The hand given, or the hands of ``file``, each checked with ``job``: every bad line
    of the file is named before anything is computed."""
    unreadable: tuple[LineError, ...] = ()
    if file is None:
        parsed: tuple[NamedHand, ...] = (NamedHand(0, None, parse_hand(" ".join(hand or ()))),)
    else:
        read = read_hands(read_lines(file))
        parsed, unreadable = read.hands, read.errors
    check_each_hand(parsed, job.check_with, file, unreadable)
    return parsed


def _check_not_the_hands_file(out: str, file: str) -> None:
    """A ``UsageError`` if the output file, its record, its sums or its lock is the hands
    file, by any path (a symbolic or hard link too)."""
    beside = [(p, f"the {name} of --out {out}, {p},") for name, p in companions(out)]
    for path, what in ((out, f"--out {out}"), *beside):
        same = os.path.realpath(path) == os.path.realpath(file)
        if not same and os.path.exists(path) and os.path.exists(file):
            same = os.path.samefile(path, file)
        if same:
            raise UsageError(f"{what} is the hands file (--file): it would be overwritten")


def _analyze_one(job: AnalysisJob, hand: Hand, as_json: bool, why_bid: int | None, why: bool) -> None:
    """One hand, played out too with --realistic (``job.playouts``)."""
    with ProgressBar(wants_progress(as_json), "analyzing") as bar:
        result = job.solved(hand, bar.solves)
    result = played_out(job, result, as_json)
    if as_json:
        emit_line(json.dumps(analysis_to_json(result, why_bid=why_bid)))
    else:
        output_console().print(analysis_view(result, hand_why(result, why_bid) if why else None))


def played_out(
    job: AnalysisJob, result: HandAnalysis, as_json: bool, auction: Auction | None = None
) -> HandAnalysis:
    """``job.played_out``, with a progress bar on a terminal (``result`` itself without
    --realistic)."""
    if job.playouts is None:
        return result
    with ProgressBar(wants_progress(as_json), "playing out") as bar:
        return job.played_out(result, bar.solves, auction)
