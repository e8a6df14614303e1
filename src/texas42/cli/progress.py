"""The one progress bar of the command line: on stderr, only when stdout is a terminal
and the output is not JSON or CSV, and only once a run has taken a second."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from texas42.analysis.sample import counted


def wants_progress(*machine_readable: bool) -> bool:
    """Whether to show a progress bar: stdout and stderr are terminals and no
    machine-readable output."""
    return sys.stdout.isatty() and sys.stderr.isatty() and not any(machine_readable)


class ProgressBar:
    """A progress bar that appears once a run has taken ``DELAY`` seconds, if ``enabled``;
    ``counted`` shows done/total instead of a percentage."""

    DELAY = 1.0

    def __init__(self, enabled: bool, label: str, counted: bool = False) -> None:
        self.enabled = enabled
        self.label = label
        self.counted = counted
        self.start = time.monotonic()
        self.bar: Progress | None = None
        self.task: Any = None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def update(self, completed: float, total: float, label: str | None = None) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            if time.monotonic() - self.start < self.DELAY:
                return
            amount = MofNCompleteColumn() if self.counted else TextColumn("{task.percentage:>3.0f}%")
            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                amount,
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,
                redirect_stdout=False,  # a batch's rows go to stdout itself, the bar off meanwhile
            )
            self.task = self.bar.add_task(label or self.label, total=total)
            self.bar.start()
        self.bar.update(self.task, completed=completed, total=total, description=label or self.label)

    @contextmanager
    def hidden(self) -> Iterator[None]:
        """The bar taken off the terminal while output is written beside it (a batch's rows),
        then drawn again below it."""
        if self.bar is None:
            yield
            return
        self.bar.stop()
        try:
            yield
        finally:
            self.bar.start()

    def solves(self, done: int, total: int) -> None:
        """A progress callback for the analysis library."""
        self.update(done, total)

    def phased(self, then: str) -> Callable[[int, int], None]:
        """A progress callback for a job counted twice, its solves then its playouts: once
        the first count is complete, the next one shows as ``then``, so that the bar never
        runs back under one name."""
        shown = {"label": self.label, "complete": False}

        def report(done: int, total: int) -> None:
            if shown["complete"] and done < total:
                shown["label"] = then
            shown["complete"] = done >= total
            self.update(done, total, str(shown["label"]))

        return report

    def counter(self, total: int) -> Callable[[int], None]:
        """A callback ``step(k)``: ``k`` more of ``total`` done."""
        return counted(self.solves, total)


def emit_line(text: str) -> None:
    """Write a line on stdout at once (a batch shows each result as it is done)."""
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
