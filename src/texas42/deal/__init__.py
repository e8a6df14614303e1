"""Dealing the unseen dominoes: seeded samplers, plain and under constraints
(docs/rules.md#double-dummy-value)."""

from texas42.deal import constrained as _constrained
from texas42.deal.constrained import (
    DealPlan,
    Dealt,
    as_deals,
    count_deals,
    deal_around,
    deals_from_seed,
    enumerate_plan,
    plan_deals,
    sample_plan,
)
from texas42.deal.constraints import (
    DealConstraints,
    SeatConstraint,
    check_constraints,
    check_named_once,
    describe,
    parse_holds,
    parse_lacks,
)
from texas42.deal.inference import (
    DEFAULT_NOISE,
    AuctionModel,
    Inference,
    auction_model,
    check_auction_doubles,
    check_infer,
    check_noise,
    infer_deals,
    likelihood,
    rules_only,
    silenced_by,
    table_head,
)
from texas42.deal.sampling import MAX_SEED, check_seed, draw_seed, generators, sample_deals, unseen_dominoes
from texas42.deal.seen import SeenFrom, check_seen, count_seen, deals_seen_from, seen_from, to_table_seats
from texas42.deal.seen_auction import (
    PlayedAuctionModel,
    SeenAsk,
    check_played_auction,
    contract_seen_deals,
    contract_seen_deals_many,
    declaration_probability,
    infer_seen_deals,
    partner_contract_seen_deals,
    played_auction_model,
    weigh_seen_deals,
)

# Dealt's annotations name Inference, whose module imports constrained's (imported there
# for type checking only): bound once both exist, so that typing.get_type_hints resolves it.
setattr(_constrained, Inference.__name__, Inference)

__all__ = [
    "DEFAULT_NOISE",
    "MAX_SEED",
    "AuctionModel",
    "DealConstraints",
    "DealPlan",
    "Dealt",
    "Inference",
    "PlayedAuctionModel",
    "SeatConstraint",
    "SeenAsk",
    "SeenFrom",
    "as_deals",
    "auction_model",
    "check_auction_doubles",
    "check_constraints",
    "check_infer",
    "check_named_once",
    "check_noise",
    "check_played_auction",
    "check_seed",
    "check_seen",
    "contract_seen_deals",
    "contract_seen_deals_many",
    "count_deals",
    "count_seen",
    "deal_around",
    "deals_from_seed",
    "deals_seen_from",
    "declaration_probability",
    "describe",
    "draw_seed",
    "enumerate_plan",
    "generators",
    "infer_deals",
    "infer_seen_deals",
    "likelihood",
    "parse_holds",
    "parse_lacks",
    "partner_contract_seen_deals",
    "plan_deals",
    "played_auction_model",
    "rules_only",
    "sample_deals",
    "sample_plan",
    "seen_from",
    "silenced_by",
    "table_head",
    "to_table_seats",
    "unseen_dominoes",
    "weigh_seen_deals",
]
