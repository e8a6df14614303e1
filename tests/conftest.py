"""Fixtures shared by the test files."""

from __future__ import annotations

import os
from collections.abc import Iterator

# As the command line does (texas42.__main__): the evaluator's small matrix products on
# one BLAS thread, set before numpy loads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import signal

import pytest
from hypothesis import settings

from texas42 import engine

# The same examples every run, so that the default run passes or fails alike on every
# machine; HYPOTHESIS_PROFILE=explore draws new ones (and keeps what it finds).
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

# A shell starts a background job (`pytest &`, `nohup`) with Ctrl-C ignored, and the
# commands the tests start would inherit that, so that the tests of Ctrl-C could not
# interrupt them: Ctrl-C is given back its default, which an exec'd command starts with.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

SOLVERS = (
    "solve_deals",
    "reaches",
    "solve_table",
    "solve_deal",
    "principal_variation",
    "solve_nello",
    "solve_sevens",
    "nello_value",
    "sevens_value",
    "play_values",
    "position_values",
)


@pytest.fixture
def no_solving(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail the test if anything reaches the engine."""

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the engine was called on invalid input")

    for name in SOLVERS:
        monkeypatch.setattr(engine, name, forbidden)
    yield
