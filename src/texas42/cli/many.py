"""``texas42 analyze --file``: a batch of hands, one result line each, in input order; in
this process or on a Dask cluster (``--cluster``), to stdout or to a file (``--out``,
``--resume``)."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import typer
from rich.console import Console, RenderableType
from rich.text import Text

from texas42 import __version__
from texas42.analysis import AnalysisJob, Progress
from texas42.analysis.calibrated import REALISTIC
from texas42.cli.app import error_text, interrupted
from texas42.cli.progress import ProgressBar, wants_progress
from texas42.cli.terminal import file_width, output_console, trimmed
from texas42.deal import DealConstraints, rules_only
from texas42.errors import Texas42Error, UsageError
from texas42.interrupts import holding_interrupts
from texas42.io.batch import Cluster, connected, job_threads, run_in_order
from texas42.io.documents import analysis_to_json
from texas42.io.files import LineError, NamedHand, check_lines
from texas42.io.output import (
    OutputFile,
    check_writable,
    differences,
    kept_hands,
    read_output,
    read_record,
    read_sums,
    record_path,
    sums_path,
    write_record,
    writing_alone,
)
from texas42.io.summary import CSV_FIELDS, csv_row
from texas42.report.hand import footer
from texas42.report.summary import (
    BAND,
    CHECK,
    batch_header,
    instead_note,
    name_width_of,
    row_start,
    summary_header,
    summary_row,
)
from texas42.report.wording import DOUBLE_DUMMY_SUMMARY_NOTE, realistic_footer, realistic_summary_footer
from texas42.rules import Hand

TEXT, JSON, CSV = "text", "json", "csv"


def hand_output(
    job: AnalysisJob,
    why_bid: int | None,
    item: NamedHand,
    name: str,
    style: str,
    name_width: int,
    progress: Progress | None = None,
) -> str | Text:
    """One hand's result as the batch prints it: a JSON line, a CSV line or a summary row,
    played out too with --realistic (then ``progress`` counts the playouts, most of the
    time; ``why_bid``: the bid whose why a JSON line holds, None for the recommendation's).
    The unit of work of a cluster: a plain function of picklable arguments."""
    progress = progress or _quiet
    with naming_line(item):
        if job.playouts is None:
            result = job.solved(item.hand, progress)
        else:
            result = job.played_out(job.solved(item.hand), progress)
    if style == JSON:
        return json.dumps(analysis_to_json(result, item, why_bid)) + "\n"
    if style == CSV:
        return csv_line(csv_row(item, result))
    return summary_row(name, item.line, result, name_width)


def check_each_hand(
    items: Sequence[NamedHand],
    check: Callable[[Hand], None],
    source: str | None = None,
    unreadable: Sequence[LineError] = (),
) -> None:
    """``check`` every hand before anything is computed; every bad line of the hands file
    ``source`` is listed, those ``unreadable`` with them, in the file's order."""
    errors = list(unreadable)
    for item in items:
        try:
            check(item.hand)
        except Texas42Error as error:
            if item.line == 0:  # not from a file
                raise
            errors.append(LineError(item.line, error_text(error)))
    check_lines(tuple(sorted(errors, key=lambda e: e.line)), source)


@contextmanager
def naming_line(item: NamedHand) -> Iterator[None]:
    """Bad input found meanwhile (an auction impossible with this hand, say) names the
    hand's line of the hands file."""
    try:
        yield
    except Texas42Error as error:
        if item.line == 0:  # not from a file
            raise
        raise UsageError(f"line {item.line}: {error_text(error)}") from None


def _quiet(done: int, total: int) -> None:
    """No progress to show (on a worker)."""


def csv_line(row: Sequence[Any]) -> str:
    """A CSV row as ``csv.writer`` prints it."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(row)
    return buffer.getvalue()


class Sink:
    """Where a batch goes: stdout as always, or an output file (``--out``) as plain text."""

    def __init__(self, out: str | None, width: int | None = None) -> None:
        self.out = out
        self.width = width or file_width()
        self.console = output_console()
        self.file: OutputFile | None = None
        self.rows = 0
        """The hands' lines written by this run."""

    def render(self, piece: str | RenderableType, one_line: bool = False) -> str:
        """A piece as it is written to the file; a hand's row is kept on one line."""
        if isinstance(piece, str):
            return piece
        console = Console(file=io.StringIO(), width=self.width, color_system=None)
        console.print(piece, soft_wrap=one_line)
        return trimmed(console.file.getvalue())  # type: ignore[attr-defined]

    def render_all(self, pieces: Sequence[str | RenderableType]) -> str:
        """Pieces as they are written to the file, one after another."""
        return "".join(self.render(piece) for piece in pieces)

    def write(self, piece: str | RenderableType, one_line: bool = False) -> None:
        """Write ``piece``; ``one_line``: a hand's line (to the file with its digest)."""
        if self.file is not None:
            rendered = self.render(piece, one_line)
            if one_line:
                self.file.write_line(rendered)
            else:
                self.file.write(rendered)
        elif isinstance(piece, str):
            sys.stdout.write(piece)
            sys.stdout.flush()
        else:
            self.console.print(piece, soft_wrap=one_line)  # a hand's row on one line, as in the file
        self.rows += one_line

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def _recorded(out: str | None, key: str) -> int | None:
    """The whole number ``key`` of the record of an output file to resume, if it has one."""
    record = read_record(out) if out is not None else None
    value = None if record is None else record.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def recorded_seed(out: str | None) -> int | None:
    """The seed an output file to resume was made with, if it has a record."""
    return _recorded(out, "--seed")


def recorded_width(out: str | None) -> int | None:
    """The width of the text summary an output file to resume was made with, if it has a
    record: a summary carried on keeps its width, whatever $COLUMNS is now."""
    width = _recorded(out, "width")
    return width if width is not None and width > 0 else None


def settings_of(
    job: AnalysisJob, why_bid: int | None, hands: Sequence[NamedHand], style: str, width: int
) -> dict[str, Any]:
    """What decides a batch's output, as recorded beside an output file (``--realistic``:
    the deals played out and the worlds a decision; of the house rules, those ``analyze``
    plays by, as options)."""
    digest = hashlib.sha256()
    for item in hands:
        digest.update(f"{item.line}\t{item.name}\t{item.hand}\n".encode())
    return {
        "texas42": __version__,
        "format": {TEXT: "text summary", JSON: "--json", CSV: "--csv"}[style],
        "--seed": job.seed,
        "--deals": job.deals,
        "--min-deals": None if job.racing is None else job.racing.min_deals,
        "--exhaustive": job.racing is None,
        "--trump": [d.label for d in job.declarations],
        "--confidence": job.confidence,
        "--nello-doubles": job.house.nello_doubles.value,
        "--nello-min-marks": job.house.nello_min_marks,
        "--specials": job.house.specials,
        "--holds/--lacks": None if job.constraints is None else _constraints_settings(job.constraints),
        "--bid": why_bid,
        "--basis": job.basis,
        **_auction_settings(job),
        **(
            {}
            if job.playouts is None
            else dict(zip(("--realistic-deals", "--worlds"), job.playouts, strict=True))
        ),
        "hands": len(hands),
        "hands file": digest.hexdigest()[:16],
        "width": width if style == TEXT else None,
    }


def _auction_settings(job: AnalysisJob) -> dict[str, Any]:
    """``--auction`` and ``--noise`` as recorded, where the deals are drawn to fit an auction
    (with ``--infer none``, its plunge or splash keeping its rule of doubles: ``--infer``)."""
    if job.auction is None:
        return {}
    if rules_only(job.auction):
        return {"--auction": str(job.auction.auction), "--infer": "none"}
    return {"--auction": str(job.auction.auction), "--noise": job.auction.noise}


def _constraints_settings(constraints: DealConstraints) -> dict[str, dict[str, str]]:
    """``--holds`` and ``--lacks`` as recorded: the dominoes each seat holds, and lacks."""
    return {
        kind: {str(seat): " ".join(Hand(mask).names()) for seat in (1, 2, 3) if (mask := dominoes(seat))}
        for kind, dominoes in (("holds", constraints.holds), ("lacks", constraints.lacks))
    }


def analyze_many(
    job: AnalysisJob,
    why_bid: int | None,
    hands: Sequence[NamedHand],
    style: str,
    out: str | None = None,
    resume: bool = False,
    cluster: Cluster | None = None,
) -> None:
    """One summary row (or JSON line, or CSV row) per hand, written in input order as soon
    as every earlier hand is written; to ``out`` by this run alone (``why_bid`` as
    ``hand_output``'s)."""
    if out is None:
        _analyze_many(job, why_bid, hands, style, out, resume, cluster)
        return
    check_writable(out)  # before it is read to resume, and before any cluster starts
    with writing_alone(out):
        _analyze_many(job, why_bid, hands, style, out, resume, cluster)


def _analyze_many(
    job: AnalysisJob,
    why_bid: int | None,
    hands: Sequence[NamedHand],
    style: str,
    out: str | None,
    resume: bool,
    cluster: Cluster | None,
) -> None:
    """``analyze_many``'s work, the output file (if any) being this run's alone."""
    sink = Sink(out, recorded_width(out) if resume else None)
    names = [h.name or f"line {h.line}" for h in hands]
    name_width = name_width_of(names)
    prologue = _prologue(job, len(hands), style, name_width)
    settings = settings_of(job, why_bid, hands, style, sink.width)
    starts = [_hand_start(h, n, style, name_width) for h, n in zip(hands, names, strict=True)]
    epilogue = _epilogue(job) if style == TEXT else []
    ends = (sink.render_all(prologue), sink.render_all(epilogue))
    done, keep = _resume_point(out, settings, ends, starts, resume)
    worker_job = job.with_threads(job_threads(cluster, job.threads))
    arguments = [
        (worker_job, why_bid, item, name, style, name_width) for item, name in zip(hands, names, strict=True)
    ]
    try:  # a Ctrl-C while the cluster starts, too
        with connected(cluster if done < len(hands) else None) as client:  # nothing left: no cluster
            _start_output(sink, settings, prologue, keep, done)
            enabled = sys.stderr.isatty() if out is not None else wants_progress(style != TEXT)
            _run_hands(sink, arguments, done, client, enabled)
    except KeyboardInterrupt:
        sink.close()
        again = f"; --resume carries on in {out}" if out is not None and os.path.exists(out) else ""
        interrupted(f"interrupted after {done + sink.rows:,} of {len(hands):,} hands{again}")
    for piece in epilogue:
        sink.write(piece)
    sink.close()


def _start_output(
    sink: Sink, settings: dict[str, Any], prologue: list[RenderableType], keep: int, done: int
) -> None:
    """Open the output file (if any) keeping its first ``keep`` bytes, the ``done`` hands'
    lines, and write what a new output begins with: the record, then the prologue."""
    if sink.out is not None:
        # first: an output that cannot be written leaves no record
        sink.file = OutputFile(sink.out, keep, done)
        if keep == 0:
            write_record(sink.out, settings)
    if keep == 0:
        for piece in prologue:
            sink.write(piece)


def _run_hands(sink: Sink, arguments: list[tuple[Any, ...]], done: int, client: Any, enabled: bool) -> None:
    """Run ``hand_output`` on each hand not ``done`` yet, here or on the cluster's
    ``client``, writing each line in input order as soon as it may, the bar counting the
    hands (and a hand's solves, here)."""
    total = len(arguments)
    with ProgressBar(enabled, "analyzing", counted=client is not None) as bar:

        def write(index: int, piece: str | Text) -> None:
            with holding_interrupts(), bar.hidden():  # the count says what the output holds
                sink.write(piece, one_line=True)

        def job_progress(index: int) -> Progress:
            label = f"hand {done + index + 1}/{total}"
            return lambda solves, count: bar.update(done + index + solves / count, total, label)

        run_in_order(
            hand_output,
            arguments[done:],
            write,
            client,
            job_progress,
            lambda count: bar.update(done + count, total, "hands"),
        )


def _prologue(job: AnalysisJob, hands: int, style: str, name_width: int) -> list[RenderableType]:
    """What comes before the hands' rows: the CSV header, or the text's header lines."""
    if style == CSV:
        return [csv_line(CSV_FIELDS)]
    if style == TEXT:
        return [
            batch_header(hands, job.deals, job.seed, job.confidence, job.basis),
            summary_header(name_width, CHECK if job.basis != REALISTIC else BAND),
        ]
    return []


def _epilogue(job: AnalysisJob) -> list[RenderableType]:
    """What the text ends with, after the hands' rows."""
    if job.basis != REALISTIC:
        note = Text(DOUBLE_DUMMY_SUMMARY_NOTE, style="dim")
        return [note, footer(job.deals, job.seed), instead_note(job.confidence)]
    source = "calibrated" if job.playouts is None else "playouts"
    return [
        Text(realistic_summary_footer(job.deals, job.seed, job.playouts), style="dim"),
        instead_note(job.confidence),
        Text(realistic_footer(source, played=job.playouts), style="dim"),
    ]


def _hand_start(item: NamedHand, name: str, style: str, name_width: int) -> str:
    """How the line of a hand's result begins, whatever the result."""
    if style == JSON:
        return json.dumps({"name": item.name, "line": item.line})[:-1] + ", "
    if style == CSV:
        return csv_line([item.name or "", item.line or "", str(item.hand)])[:-1] + ","
    return row_start(name, item.line, name_width) + "  "


def check_output(
    job: AnalysisJob, why_bid: int | None, hands: Sequence[NamedHand], style: str, out: str, resume: bool
) -> None:
    """What ``analyze_many`` would refuse of ``out`` and ``--resume``, found before anything
    is computed (the shell checks every line so): an output that cannot be written, a
    file to resume made with other settings or with no record, a file holding anything
    without ``--resume`` (an earlier run's results, or a file of the user's). Nothing is
    written."""
    check_writable(out)
    if resume:
        settings = settings_of(job, why_bid, hands, style, recorded_width(out) or file_width())
        _record_agrees(out, settings, read_output(out))
    elif os.path.isfile(out) and os.path.getsize(out) > 0:
        if read_record(out) is None:
            raise UsageError(
                f"--out: {out} already holds something, not the results of a run of texas42 (it has no "
                f"record, {record_path(out)}): remove it or choose another path"
            )
        raise UsageError(
            f"--out: {out} holds the results of an earlier run ({record_path(out)}): --resume carries it "
            "on; remove it to start again"
        )


def _record_agrees(out: str, settings: dict[str, Any], data: bytes | None) -> bool:
    """Whether ``out`` has a record of how it was made, and it was made with ``settings``
    (a ``UsageError`` naming those that differ); a file holding lines but no record is
    refused too."""
    record = read_record(out)
    if record is None:
        if data:
            raise UsageError(f"--resume: {out} has no record of how it was made ({record_path(out)})")
        return False
    changed = differences(record, settings)
    if changed:
        raise UsageError(f"--resume: {out} was made with other settings: " + "; ".join(changed))
    return True


def _resume_point(
    out: str | None, settings: dict[str, Any], ends: tuple[str, str], starts: list[str], resume: bool
) -> tuple[int, int]:
    """The hands an output file to resume already holds and the bytes to keep of it;
    (0, 0) for a new file. A file made with other settings is refused, naming them, and
    so is one holding a line that does not begin as its hand's (``starts``), or after the
    hands' lines anything but a part of the epilogue (``ends``: the prologue and the
    epilogue as written)."""
    prologue, epilogue = ends
    if out is None or not resume:
        return 0, 0
    data = read_output(out)
    if not _record_agrees(out, settings, data):
        typer.echo(f"texas42: --resume: {out} holds nothing yet: starting from the first hand", err=True)
        return 0, 0
    if data is None:
        return 0, 0
    sums = read_sums(out)
    if not sums and len(data) > len(prologue.encode("utf-8")):
        typer.echo(
            f"texas42: --resume: {sums_path(out)}, the digests of the lines of {out}, is missing or "
            "empty: every hand is solved again",
            err=True,
        )
    return kept_hands(data, prologue.encode("utf-8"), starts, sums, epilogue.encode("utf-8"))
