"""``texas42 quick``: a hand's worth estimated instantly by the quick model."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Final

import typer

from texas42.analysis.quick import QuickAnalysis, quick_hand, quick_hands
from texas42.cli.analyze import HandArgument
from texas42.cli.app import EXAMPLE_HAND, app, inputs_checked, interrupted
from texas42.cli.many import csv_line
from texas42.cli.options import (
    ConfidenceOption,
    NelloDoublesOption,
    NelloMinMarksOption,
    QuickBasisOption,
    SpecialsOption,
    basis,
    check_one_input,
    house_rules,
)
from texas42.cli.progress import ProgressBar, emit_line, wants_progress
from texas42.cli.terminal import output_console
from texas42.errors import UsageError
from texas42.interrupts import holding_interrupts
from texas42.io.documents import quick_to_json
from texas42.io.files import NamedHand, check_lines, read_hands, read_lines
from texas42.io.summary import QUICK_CSV_FIELDS, quick_csv_row
from texas42.report.quick import quick_batch_view, quick_view
from texas42.rules import Hand, parse_hand

QUICK_HELP = f"""
What is a hand worth, in a millisecond? The figures of 'texas42 analyze' estimated by
a small model fitted to the full double-dummy analyses of many random hands
(numpy only, no deal is solved): for each trump, the expected points and the odds of
making each bid 30..42 and 84, and the bid and trump the analysis would recommend, by
the same rule (the highest bid whose best trump makes it at least --confidence of the
time). Estimates: on hands the model was not fitted to, its odds are off by a few
points on average, and at some bid by 14 points or more on one hand in twenty (the
README gives its figures); 'texas42 analyze' computes them.

The special contracts are estimated too, double-dummy (Nel-O by networks fitted to
solved deals, under the house rules' treatment of doubles; sevens from a table of every
hand's distances from 7; plunge and splash, for hands with four or three doubles, by
networks fitted to deals played at the partner's trump), then mapped to realistic play
by the calibrations of 'analyze' (not with --basis double-dummy), with the special
contract to bid instead of the trump bid, chosen as 'texas42 analyze' chooses it on the
recommendation's basis. The house-rule
options are those of 'analyze' (--nello-doubles, --nello-min-marks, --no-specials, or
texas42.toml).

With --file, estimates one hand a line ("name: 6-6 6-5 ...", '#' starts a comment,
'-' reads stdin), all at once, and prints one summary row a hand (--json: JSON Lines,
each with its "name" and "line"; --csv: CSV). Every bad line is reported and nothing
is printed if any is bad.

Realistic estimates, for play at a real table by players who see only their own
dominoes, come next: the double-dummy estimates mapped by the calibration that
'analyze' uses; the recommendation rests on them (--basis double-dummy: on the
double-dummy estimates, and no realistic ones are shown).

--json prints the figures in the shape of 'analyze --json' ("trumps" with "trump",
"expected_points", "make"; "recommendation" with "bid" and "trump"), with "model"
naming the model's version and the number of analyses it was fitted to; each trump's
"realistic" figures, and the recommendation's "basis" with the "double_dummy" one;
"specials" (each special contract the hand may bid: "contract", "make", "marks",
"expected_marks", and its "realistic" odds), "special_instead" and
"special_instead_bid", as 'analyze --json' has them.

\b
Examples:
  texas42 quick "{EXAMPLE_HAND}"
  texas42 quick 66 65 64 62 55 44 31 --json
  texas42 quick "{EXAMPLE_HAND}" --basis double-dummy
  texas42 quick "6-0 5-1 4-0 3-1 2-0 1-0 0-0" --nello-doubles low
  texas42 quick "6-6 5-5 4-4 3-3 6-5 2-1 1-0"
  texas42 quick --file examples/hands.txt --csv > hands.csv
"""


@app.command(help=QUICK_HELP, short_help="A hand's worth in a millisecond, estimated by a fitted model.")
def quick(
    hand: HandArgument = None,
    confidence: ConfidenceOption = 0.5,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print one CSV row a hand.")] = False,
    file: Annotated[
        str | None,
        typer.Option(
            "--file", "-f", metavar="PATH", help="Estimate one hand a line of PATH ('-' for stdin)."
        ),
    ] = None,
    basis_option: QuickBasisOption = None,
    nello_doubles: NelloDoublesOption = None,
    nello_min_marks: NelloMinMarksOption = None,
    specials: SpecialsOption = None,
) -> None:
    """A hand's worth estimated by the quick model."""
    check_one_input(bool(hand), file, "a hand", "quick")
    if as_json and as_csv:
        raise UsageError("--json and --csv do not go together")
    house = house_rules(nello_doubles, nello_min_marks, specials=specials)
    chosen = basis(basis_option)
    if file is None:
        items: tuple[NamedHand, ...] = (NamedHand(0, None, parse_hand(" ".join(hand or ()))),)
    else:
        read = read_hands(read_lines(file))
        check_lines(read.errors, file)  # every bad line named, nothing computed
        items = read.hands
    inputs_checked()
    if file is None and not as_csv:
        result = quick_hand(items[0].hand, confidence, basis=chosen, house=house)
        if as_json:
            emit_line(json.dumps(quick_to_json(result)))
        else:
            output_console().print(quick_view(result))
        return
    if as_csv:
        sys.stdout.write(csv_line(QUICK_CSV_FIELDS))
    results: list[QuickAnalysis] = []
    try:
        _value_hands(
            items,
            results,
            as_json,
            as_csv,
            lambda hands: quick_hands(hands, confidence, basis=chosen, house=house),
        )
    except KeyboardInterrupt:
        shown = ""
        if results and not (as_json or as_csv):  # the hands valued so far, as a table of their own
            with holding_interrupts():
                _print_table(items[: len(results)], results)
            shown = " (the table holds those)"
        interrupted(f"interrupted after {len(results):,} of {len(items):,} hands{shown}")
    if not (as_json or as_csv):
        _print_table(items, results)


def _value_hands(
    items: Sequence[NamedHand],
    results: list[QuickAnalysis],
    as_json: bool,
    as_csv: bool,
    value: Callable[[list[Hand]], Sequence[QuickAnalysis]],
) -> None:
    """Value ``items`` a batch at a time, adding each batch's results to ``results`` and
    writing its JSON or CSV lines at once (a Ctrl-C keeps every batch whole)."""
    with ProgressBar(wants_progress(as_json, as_csv), "hands", counted=True) as bar:
        for start in range(0, len(items), BATCH_HANDS):
            batch = items[start : start + BATCH_HANDS]
            done = value([item.hand for item in batch])
            with holding_interrupts():  # the count says what the output holds
                if as_json or as_csv:
                    _write_lines(batch, done, as_json)
                results += done
            bar.update(len(results), len(items))


def _print_table(items: Sequence[NamedHand], results: Sequence[QuickAnalysis]) -> None:
    names = [(item.name or f"line {item.line}", item.line) for item in items]
    output_console().print(quick_batch_view(names, results))


BATCH_HANDS: Final = 2048
"""Hands valued at once in a file, their lines written before the next: the figures do
not depend on it (the model values each hand alone)."""


def _write_lines(items: Sequence[NamedHand], results: Sequence[QuickAnalysis], as_json: bool) -> None:
    """The JSON or CSV lines of ``items``, written at once."""
    for item, result in zip(items, results, strict=True):
        if as_json:
            sys.stdout.write(
                json.dumps({"name": item.name, "line": item.line, **quick_to_json(result)}) + "\n"
            )
        else:
            sys.stdout.write(csv_line(quick_csv_row(item, result)))
    sys.stdout.flush()
