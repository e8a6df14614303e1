"""Running the command line in-process for the CLI tests."""

from __future__ import annotations

import inspect

from typer.testing import CliRunner, Result

from texas42.cli import app


def _runner() -> CliRunner:
    """A runner that keeps stderr apart from stdout (older Click needs mix_stderr=False)."""
    if "mix_stderr" in inspect.signature(CliRunner.__init__).parameters:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # pragma: no cover
    return CliRunner()


runner = _runner()


def invoke(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)
