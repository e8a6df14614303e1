"""Dealing the unseen dominoes: seeded samplers (docs/rules.md#double-dummy-value)."""

from texas42.deal.sampling import MAX_SEED, check_seed, draw_seed, generators, sample_deals, unseen_dominoes

__all__ = ["MAX_SEED", "check_seed", "draw_seed", "generators", "sample_deals", "unseen_dominoes"]
