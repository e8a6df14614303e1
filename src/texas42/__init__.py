"""texas42: what a Texas 42 hand is worth, by exact double-dummy analysis."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("texas42")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"
