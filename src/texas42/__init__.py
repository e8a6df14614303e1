"""texas42: what a Texas 42 hand is worth, by exact double-dummy analysis.

Use from Python::

    import texas42

    result = texas42.analyze("6-4 5-5 5-2 4-3 4-2 3-2 3-1", deals=200, seed=42)
    result.recommendation.bid, result.recommendation.declaration.label
    texas42.to_dict(result)          # the JSON document of ``texas42 analyze --json``

``solve``, ``line_of_play``, ``analyze``, ``advise_bid``, ``compare``, ``deals`` and
``advise_play`` and ``quick`` do the jobs of the commands (``deal_constraints`` builds
what ``--holds``/``--lacks`` say; ``quick_many`` estimates many hands at once, as
arrays); they return the plain dataclasses below, which ``to_dict`` turns into the
commands' JSON documents. Every bad input raises a ``Texas42Error`` (a ``ValueError``).
"""

__version__ = "0.1.0"

from texas42.analysis import (
    BidAdvice,
    Comparison,
    DealTable,
    HandAnalysis,
    Interval,
    LadderRung,
    PairComparison,
    PlayAdvice,
    PlayLine,
    PlayStats,
    QuickAnalysis,
    Recommendation,
    SpecialStats,
    TrumpStats,
)
from texas42.api import (
    advise_bid,
    advise_play,
    analyze,
    compare,
    count_deals,
    deal_constraints,
    deals,
    line_of_play,
    quick,
    quick_many,
    solve,
)
from texas42.deal import DealConstraints, Dealt
from texas42.errors import Texas42Error
from texas42.io.documents import to_dict
from texas42.rules import (
    AllPass,
    Auction,
    Contract,
    Deal,
    Declaration,
    Hand,
    HouseRules,
    NelloDoubles,
    parse_auction,
    parse_deal,
    parse_declaration,
    parse_hand,
)

__all__ = [
    "AllPass",
    "Auction",
    "BidAdvice",
    "Comparison",
    "Contract",
    "Deal",
    "DealConstraints",
    "DealTable",
    "Dealt",
    "Declaration",
    "Hand",
    "HandAnalysis",
    "HouseRules",
    "Interval",
    "LadderRung",
    "NelloDoubles",
    "PairComparison",
    "PlayAdvice",
    "PlayLine",
    "PlayStats",
    "QuickAnalysis",
    "Recommendation",
    "SpecialStats",
    "Texas42Error",
    "TrumpStats",
    "__version__",
    "advise_bid",
    "advise_play",
    "analyze",
    "compare",
    "count_deals",
    "deal_constraints",
    "deals",
    "line_of_play",
    "parse_auction",
    "parse_deal",
    "parse_declaration",
    "parse_hand",
    "quick",
    "quick_many",
    "solve",
    "to_dict",
]
