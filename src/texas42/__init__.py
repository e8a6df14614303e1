"""texas42: what a Texas 42 hand is worth, by exact double-dummy analysis."""

__version__ = "0.1.0"
