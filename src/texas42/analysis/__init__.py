"""Monte Carlo hand analysis and exact deal tables: plain frozen dataclasses, no wording.

Seat 0 holds the hand, bids and leads; seat 2 is the partner. The 21 unseen dominoes are
dealt many times (``texas42.deal``), every deal is solved double-dummy for every
declaration with the engine (``sample``), and the points are summarised per declaration
(``statistics``); ``hand`` recommends a bid (``job``: its settings as one value, for a
batch of hands), ``bidding`` advises one during an auction, ``reading`` says what the
auction tells of the other hands, ``comparison`` puts trumps head to head, ``declaring``
weighs what to declare once the bid is won, ``specials`` weighs the special contracts,
``why`` finds the unseen dominoes whose place decides a bid, ``play`` advises each play
during the hand (``locations``: where the unseen trumps and count lie), ``playout`` and
``realistic`` play hands out by players who see only their own dominoes, ``calibrated``
estimates realistic figures from the double-dummy ones, ``racing`` spends the deals on
the declarations that can still be the answer and ``quick`` states the quick model's
estimates (``texas42.evaluate``) as a hand's figures and recommendation.
"""

from texas42.analysis import comparison as _comparison
from texas42.analysis import hand as _hand
from texas42.analysis import play as _play
from texas42.analysis.bidding import (
    BidAdvice,
    LadderRung,
    SpecialRung,
    UniformOdds,
    advise_bid,
    bid_ladder,
    special_ladder,
    with_uniform_odds,
)
from texas42.analysis.calibrated import (
    BASES,
    CalibratedAnalysis,
    CalibratedComparison,
    CalibrationSource,
    ErrorBands,
    EstimatedTrump,
    calibrated_analysis,
    calibrated_comparison,
    estimate_trumps,
    leading_trumps,
)
from texas42.analysis.comparison import (
    BidDifference,
    Comparison,
    PairComparison,
    compare_points,
    compare_trumps,
)
from texas42.analysis.declaring import (
    DeclarationAdvice,
    DeclarationChoice,
    PlayedChoices,
    advise_declaration,
    declaration_playouts,
    plays_out_by_default,
    realistic_declaration,
)
from texas42.analysis.hand import HandAnalysis, analyze_hand
from texas42.analysis.job import AnalysisJob
from texas42.analysis.locations import Locations, Whereabouts, locate
from texas42.analysis.play import (
    BidDecided,
    PlayAdvice,
    PlayStats,
    advise_play,
    bid_decided,
    rank_plays,
    turn_history,
)
from texas42.analysis.playout import DEFAULT_WORLDS, MAX_WORLDS, Playouts, play_out
from texas42.analysis.quick import (
    QuickAnalysis,
    QuickEstimate,
    QuickRecommendation,
    QuickTrump,
    quick_hand,
    quick_hands,
    quick_recommend,
)
from texas42.analysis.racing import DEFAULT_MIN_DEALS, DEFAULT_RACING, Racing
from texas42.analysis.reading import AuctionReading, Holding, SeatReading, read_auction
from texas42.analysis.realistic import (
    DEFAULT_REALISTIC_DEALS,
    RealisticAnalysis,
    RealisticComparison,
    realistic_analysis,
    realistic_comparison,
)
from texas42.analysis.realistic_play import (
    DEFAULT_REALISTIC_PLAY_DEALS,
    RealisticPlays,
    default_play_deals,
    realistic_plays,
    turns_played_out_by_default,
)
from texas42.analysis.recommendation import (
    DEFAULT_CONFIDENCE,
    Recommendation,
    TrumpOdds,
    highest_made,
    most_marks_bid,
    recommend,
)
from texas42.analysis.review import (
    PlayReview,
    TurnReview,
    default_playouts,
    played_out_by_default,
    realistic_review,
    review_play,
)
from texas42.analysis.sample import DEFAULT_DEALS, Progress, Sample
from texas42.analysis.solving import (
    DealTable,
    PlayedTrick,
    PlayLine,
    iter_deal_tables,
    optimal_line,
    solve_deal_table,
)
from texas42.analysis.special_playout import SpecialPlayouts, play_out_special
from texas42.analysis.specials import (
    MarkedSpecial,
    OpeningBid,
    SpecialOdds,
    SpecialStats,
    analyze_specials,
    best_special_bid,
    opening_bid,
    special_contracts,
)
from texas42.analysis.statistics import (
    Interval,
    TrumpStats,
    mean_interval,
    paired_difference,
    paired_interval,
    summed_interval,
    wilson_interval,
)
from texas42.analysis.table import TableHand, TableStage
from texas42.analysis.why import DominoPlace, Why, comparison_why, hand_why, why
from texas42.deal import MAX_DEALS

# The annotations of HandAnalysis, Comparison and PlayAdvice name types whose modules import
# theirs (imported there for type checking only): bound once both exist, so that
# typing.get_type_hints resolves them.
_CYCLES = ((_hand, RealisticAnalysis), (_comparison, RealisticComparison), (_play, RealisticPlays))
for _module, _type in _CYCLES:
    setattr(_module, _type.__name__, _type)

__all__ = [
    "BASES",
    "DEFAULT_CONFIDENCE",
    "DEFAULT_DEALS",
    "DEFAULT_MIN_DEALS",
    "DEFAULT_RACING",
    "DEFAULT_REALISTIC_DEALS",
    "DEFAULT_REALISTIC_PLAY_DEALS",
    "DEFAULT_WORLDS",
    "MAX_DEALS",
    "MAX_WORLDS",
    "AnalysisJob",
    "AuctionReading",
    "BidAdvice",
    "BidDecided",
    "BidDifference",
    "CalibratedAnalysis",
    "CalibratedComparison",
    "CalibrationSource",
    "Comparison",
    "DealTable",
    "DeclarationAdvice",
    "DeclarationChoice",
    "DominoPlace",
    "ErrorBands",
    "EstimatedTrump",
    "HandAnalysis",
    "Holding",
    "Interval",
    "LadderRung",
    "Locations",
    "MarkedSpecial",
    "OpeningBid",
    "PairComparison",
    "PlayAdvice",
    "PlayLine",
    "PlayReview",
    "PlayStats",
    "PlayedChoices",
    "PlayedTrick",
    "Playouts",
    "Progress",
    "QuickAnalysis",
    "QuickEstimate",
    "QuickRecommendation",
    "QuickTrump",
    "Racing",
    "RealisticAnalysis",
    "RealisticComparison",
    "RealisticPlays",
    "Recommendation",
    "Sample",
    "SeatReading",
    "SpecialOdds",
    "SpecialPlayouts",
    "SpecialRung",
    "SpecialStats",
    "TableHand",
    "TableStage",
    "TrumpOdds",
    "TrumpStats",
    "TurnReview",
    "UniformOdds",
    "Whereabouts",
    "Why",
    "advise_bid",
    "advise_declaration",
    "advise_play",
    "analyze_hand",
    "analyze_specials",
    "best_special_bid",
    "bid_decided",
    "bid_ladder",
    "calibrated_analysis",
    "calibrated_comparison",
    "compare_points",
    "compare_trumps",
    "comparison_why",
    "declaration_playouts",
    "default_play_deals",
    "default_playouts",
    "estimate_trumps",
    "hand_why",
    "highest_made",
    "iter_deal_tables",
    "leading_trumps",
    "locate",
    "mean_interval",
    "most_marks_bid",
    "opening_bid",
    "optimal_line",
    "paired_difference",
    "paired_interval",
    "play_out",
    "play_out_special",
    "played_out_by_default",
    "plays_out_by_default",
    "quick_hand",
    "quick_hands",
    "quick_recommend",
    "rank_plays",
    "read_auction",
    "realistic_analysis",
    "realistic_comparison",
    "realistic_declaration",
    "realistic_plays",
    "realistic_review",
    "recommend",
    "review_play",
    "solve_deal_table",
    "special_contracts",
    "special_ladder",
    "summed_interval",
    "turn_history",
    "turns_played_out_by_default",
    "why",
    "wilson_interval",
    "with_uniform_odds",
]
