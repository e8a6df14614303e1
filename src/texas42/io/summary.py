"""One summary row per hand of a hands file: its fields, and the CSV that ``--csv`` prints."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from texas42.analysis import HandAnalysis, QuickAnalysis, RealisticAnalysis
from texas42.io.documents import rounded
from texas42.io.files import NamedHand
from texas42.rules import bid_name

SUMMARY_FIELDS: Final = (
    "name",
    "line",
    "hand",
    "trump",
    "bid",
    "make",
    "make_confirmed",
    "expected_points",
    "expected_marks",
    "basis",
    "special",
    "special_bid",
)
"""What a summary row says of a hand's advice."""

RESTS_ON: Final = ("make_ci95_low", "make_ci95_high", "deals", "source", "seed")
"""What a row's odds rest on: their 95% interval (or band on the realistic basis), the
deals of the advised trump (or those played out), ``source`` (double-dummy, calibrated or
playouts) and the seed."""

CSV_FIELDS: Final = (*SUMMARY_FIELDS, *RESTS_ON)
"""The columns of ``analyze --file --csv``, ``RESTS_ON`` added after the others."""


def summary_fields(analysis: HandAnalysis) -> Mapping[str, Any]:
    """One row of a hands file's summary: best trump, bid, its odds, expected points, on
    the analysis' basis (``"basis"``: realistic or double-dummy), and the special
    contract to bid instead (``"special"``, or None) and its bid (``"special_bid"``);
    then what the odds rest on (``CSV_FIELDS``)."""
    rec = analysis.advised
    special = analysis.special_instead
    realistic = analysis.realistic
    deals = (
        realistic.deals if isinstance(realistic, RealisticAnalysis) else analysis.stats(rec.declaration).deals
    )
    return {
        "trump": rec.declaration.label,
        "bid": bid_name(rec.bid),
        "make": rounded(rec.make),
        "make_confirmed": None if rec.make_confirmed is None else rounded(rec.make_confirmed),
        "expected_points": round(analysis.advised_points, 2),
        "expected_marks": round(rec.expected_marks, 4),
        "basis": analysis.basis,
        "special": None if special is None else special.contract.label,
        "special_bid": None if special is None else special.bid,
        "make_ci95_low": rounded(rec.make_ci95.low),
        "make_ci95_high": rounded(rec.make_ci95.high),
        "deals": deals,
        "source": "double-dummy" if realistic is None else realistic.source,
        "seed": analysis.seed,
    }


def csv_row(item: NamedHand, analysis: HandAnalysis) -> list[Any]:
    """The CSV row of one hand of a hands file, in the order of ``CSV_FIELDS``."""
    fields = summary_fields(analysis)
    return [item.name or "", item.line or "", str(item.hand), *(fields[k] for k in CSV_FIELDS[3:])]


QUICK_CSV_FIELDS: Final = (*(f for f in SUMMARY_FIELDS if f != "make_confirmed"), "special_make")
"""``analyze --file``'s columns but the check, and the special contract's estimated odds
on the row's basis (after its bid)."""


def quick_summary_fields(result: QuickAnalysis) -> Mapping[str, Any]:
    """One row of ``texas42 quick --file``: the recommended trump and bid, its estimated
    odds, the trump's expected points and the expected marks, on the estimates' basis;
    the special contract to bid instead (or None), its bid and its estimated odds, on
    that basis."""
    rec = result.recommendation
    estimate = result.realistic or result.double_dummy
    special = result.special_instead
    return {
        "trump": rec.declaration.label,
        "bid": bid_name(rec.bid),
        "make": rounded(rec.make),
        "expected_points": round(estimate.stats(rec.declaration).expected_points, 2),
        "expected_marks": round(rec.expected_marks, 4),
        "basis": result.basis,
        "special": None if special is None else special.contract.label,
        "special_bid": None if special is None else special.bid,
        "special_make": None if special is None else rounded(special.make),
    }


def quick_csv_row(item: NamedHand, result: QuickAnalysis) -> list[Any]:
    """The CSV row of one hand of ``quick --file``, in the order of ``QUICK_CSV_FIELDS``."""
    fields = quick_summary_fields(result)
    return [item.name or "", item.line or "", str(item.hand), *(fields[k] for k in QUICK_CSV_FIELDS[3:])]
