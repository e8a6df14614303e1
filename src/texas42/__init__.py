"""texas42: what a Texas 42 hand is worth, by exact double-dummy analysis.

Use from Python::

    import texas42

    result = texas42.analyze("6-4 5-5 5-2 4-3 4-2 3-2 3-1", deals=200, seed=42)
    result.recommendation.bid, result.recommendation.declaration.label
    texas42.to_dict(result)          # the JSON document of ``texas42 analyze --json``

``solve``, ``line_of_play``, ``analyze``, ``advise_bid``, ``declare``, ``compare``, ``deals``,
``advise_play``, ``review_play`` and ``quick`` do the jobs of the commands (``deal_constraints``
builds what ``--holds``/``--lacks`` say, ``count_deals`` counts the deals they allow;
``analyze_many`` analyses many hands, here or on a Dask cluster, as ``analyze --file``
does; ``quick_many`` estimates many hands at once, as arrays; ``TableHand`` keeps one hand at the
table, entry by entry, as ``texas42 follow`` does, and ``advise_turn`` advises at its
turns); they return the plain dataclasses
below, which ``to_dict`` turns into the commands' JSON documents. Every bad input raises
a ``Texas42Error`` (a ``ValueError``; an argument of the wrong kind,
``errors.ArgumentTypeError``, is also a ``TypeError``); a model or calibration file of the
package that is missing or damaged raises ``errors.PackageDataError`` (a ``RuntimeError``).
"""

__version__ = "0.1.0"

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from texas42.analysis import (
        AuctionReading,
        BidAdvice,
        CalibratedAnalysis,
        CalibrationSource,
        Comparison,
        DealTable,
        DeclarationAdvice,
        DeclarationChoice,
        EstimatedTrump,
        HandAnalysis,
        Interval,
        LadderRung,
        PairComparison,
        PlayAdvice,
        PlayedChoices,
        PlayLine,
        PlayReview,
        PlayStats,
        QuickAnalysis,
        Racing,
        RealisticAnalysis,
        RealisticPlays,
        Recommendation,
        SpecialOdds,
        SpecialRung,
        SpecialStats,
        TableHand,
        TableStage,
        TrumpStats,
        TurnReview,
        UniformOdds,
    )
    from texas42.api import (
        advise_bid,
        advise_play,
        advise_turn,
        analyze,
        analyze_many,
        compare,
        count_deals,
        deal_constraints,
        deals,
        declare,
        line_of_play,
        quick,
        quick_many,
        review_play,
        solve,
    )
    from texas42.deal import (
        DealConstraints,
        Dealt,
        Inference,
    )
    from texas42.errors import Texas42Error
    from texas42.io.documents import to_dict
    from texas42.rules import (
        AllPass,
        Auction,
        Contract,
        Deal,
        Declaration,
        FinishedAuction,
        Hand,
        HouseRules,
        NelloDoubles,
        PlayHistory,
        parse_auction,
        parse_deal,
        parse_declaration,
        parse_hand,
    )

_EXPORTS = {  # not annotated: help(texas42) would list __annotations__ as data
    "AuctionReading": "texas42.analysis",
    "BidAdvice": "texas42.analysis",
    "CalibratedAnalysis": "texas42.analysis",
    "CalibrationSource": "texas42.analysis",
    "Comparison": "texas42.analysis",
    "DealTable": "texas42.analysis",
    "DeclarationAdvice": "texas42.analysis",
    "DeclarationChoice": "texas42.analysis",
    "EstimatedTrump": "texas42.analysis",
    "HandAnalysis": "texas42.analysis",
    "Interval": "texas42.analysis",
    "LadderRung": "texas42.analysis",
    "PairComparison": "texas42.analysis",
    "PlayAdvice": "texas42.analysis",
    "PlayLine": "texas42.analysis",
    "PlayReview": "texas42.analysis",
    "PlayStats": "texas42.analysis",
    "PlayedChoices": "texas42.analysis",
    "QuickAnalysis": "texas42.analysis",
    "Racing": "texas42.analysis",
    "RealisticAnalysis": "texas42.analysis",
    "RealisticPlays": "texas42.analysis",
    "Recommendation": "texas42.analysis",
    "SpecialOdds": "texas42.analysis",
    "SpecialRung": "texas42.analysis",
    "SpecialStats": "texas42.analysis",
    "TableHand": "texas42.analysis",
    "TableStage": "texas42.analysis",
    "TrumpStats": "texas42.analysis",
    "TurnReview": "texas42.analysis",
    "UniformOdds": "texas42.analysis",
    "advise_bid": "texas42.api",
    "advise_play": "texas42.api",
    "advise_turn": "texas42.api",
    "analyze": "texas42.api",
    "analyze_many": "texas42.api",
    "compare": "texas42.api",
    "count_deals": "texas42.api",
    "deal_constraints": "texas42.api",
    "deals": "texas42.api",
    "declare": "texas42.api",
    "line_of_play": "texas42.api",
    "quick": "texas42.api",
    "quick_many": "texas42.api",
    "review_play": "texas42.api",
    "solve": "texas42.api",
    "DealConstraints": "texas42.deal",
    "Dealt": "texas42.deal",
    "Inference": "texas42.deal",
    "Texas42Error": "texas42.errors",
    "to_dict": "texas42.io.documents",
    "AllPass": "texas42.rules",
    "Auction": "texas42.rules",
    "Contract": "texas42.rules",
    "Deal": "texas42.rules",
    "Declaration": "texas42.rules",
    "FinishedAuction": "texas42.rules",
    "Hand": "texas42.rules",
    "HouseRules": "texas42.rules",
    "NelloDoubles": "texas42.rules",
    "PlayHistory": "texas42.rules",
    "parse_auction": "texas42.rules",
    "parse_deal": "texas42.rules",
    "parse_declaration": "texas42.rules",
    "parse_hand": "texas42.rules",
}
"""Where each public name lives: imported on first use, so that ``texas42 --version`` and
``--help`` start without loading numpy or the analysis."""


_LAYERS = ("rules", "engine", "deal", "evaluate", "analysis", "io", "report", "errors")
"""The layers' packages (and the errors), attributes of ``texas42`` once first used, as
any imported submodule is: ``texas42.errors.ArgumentTypeError`` after ``import texas42``."""


def __getattr__(name: str) -> Any:
    if name in _LAYERS:
        return importlib.import_module(f"texas42.{name}")
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'texas42' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    own = {name for name in globals() if name not in ("importlib", "Any", "TYPE_CHECKING")}
    return sorted({*own, *_EXPORTS, *_LAYERS})


__all__ = [
    "AllPass",
    "Auction",
    "AuctionReading",
    "BidAdvice",
    "CalibratedAnalysis",
    "CalibrationSource",
    "Comparison",
    "Contract",
    "Deal",
    "DealConstraints",
    "DealTable",
    "Dealt",
    "Declaration",
    "DeclarationAdvice",
    "DeclarationChoice",
    "EstimatedTrump",
    "FinishedAuction",
    "Hand",
    "HandAnalysis",
    "HouseRules",
    "Inference",
    "Interval",
    "LadderRung",
    "NelloDoubles",
    "PairComparison",
    "PlayAdvice",
    "PlayHistory",
    "PlayLine",
    "PlayReview",
    "PlayStats",
    "PlayedChoices",
    "QuickAnalysis",
    "Racing",
    "RealisticAnalysis",
    "RealisticPlays",
    "Recommendation",
    "SpecialOdds",
    "SpecialRung",
    "SpecialStats",
    "TableHand",
    "TableStage",
    "Texas42Error",
    "TrumpStats",
    "TurnReview",
    "UniformOdds",
    "__version__",
    "advise_bid",
    "advise_play",
    "advise_turn",
    "analyze",
    "analyze_many",
    "compare",
    "count_deals",
    "deal_constraints",
    "deals",
    "declare",
    "line_of_play",
    "parse_auction",
    "parse_deal",
    "parse_declaration",
    "parse_hand",
    "quick",
    "quick_many",
    "review_play",
    "solve",
    "to_dict",
]
