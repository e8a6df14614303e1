"""Running the kernels: loading them on first use (telling the user when that compiles
them), the number of threads, and progress reports while a batch runs.

Importing this module does not import numba: the kernel modules are imported on first use.
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from types import ModuleType

import numpy as np

_compiling_told = threading.Event()


def _tell_compiling() -> None:
    if not _compiling_told.is_set():
        _compiling_told.set()
        message = "texas42: compiling the solvers (first run only, about half a minute)..."
        print(message, file=sys.stderr, flush=True)


def _import_compiling(name: str) -> ModuleType:
    """Import a kernel module, telling the user (once) when the first run compiles it."""
    notice = threading.Timer(1.0, _tell_compiling)
    notice.start()
    try:
        return importlib.import_module(name)
    finally:
        notice.cancel()


@cache
def trump_kernels() -> ModuleType:
    """The trump engine's kernels: ``solve_batch``, ``solve_one``, ``new_workspace``."""
    return _import_compiling("texas42.engine._batch")


@cache
def line_kernels() -> ModuleType:
    """The kernel of an optimal line of play: ``optimal_line``."""
    return _import_compiling("texas42.engine._line")


@cache
def play_kernels() -> ModuleType:
    """The kernels of the value of each legal play: ``play_values_batch``, ``play_values_one``."""
    return _import_compiling("texas42.engine._plays")


@cache
def playout_kernels() -> ModuleType:
    """The kernel of play values for many positions at once: ``play_values_rows``."""
    return _import_compiling("texas42.engine._playouts")


@cache
def nello_kernels() -> ModuleType:
    """The Nel-O kernels: ``nello_batch``."""
    return _import_compiling("texas42.engine._nello")


@cache
def sevens_kernels() -> ModuleType:
    """The sevens kernels: ``sevens_batch``."""
    return _import_compiling("texas42.engine._sevens")


@contextmanager
def threads_used(threads: int | None) -> Iterator[None]:
    """Run parallel kernels on ``threads`` threads (default: all), one iteration a chunk."""
    import numba

    previous_threads = numba.get_num_threads()
    if threads is not None:
        numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))  # type: ignore[attr-defined]
    previous_chunk = numba.set_parallel_chunksize(1)
    try:
        yield
    finally:
        numba.set_parallel_chunksize(previous_chunk)
        numba.set_num_threads(previous_threads)


def reporting_progress(run: Callable[[], None], done: np.ndarray, on_progress: Callable[[int], None]) -> None:
    """Call ``run()`` on a worker thread (the kernels release the GIL) and meanwhile report
    the growth of ``sum(done)``, which the kernel counts up, to ``on_progress``. One call
    for the whole sample, rather than batches, leaves no core idle waiting for the
    slowest chunk of each batch."""
    errors: list[BaseException] = []

    def work() -> None:
        try:
            run()
        except BaseException as error:  # re-raised in the calling thread
            errors.append(error)

    worker = threading.Thread(target=work, name="texas42-solver", daemon=True)
    worker.start()
    reported = 0
    alive = True
    while alive:
        worker.join(0.1)
        alive = worker.is_alive()  # before counting: once it has ended, every task is counted
        finished = int(done.sum())
        if finished > reported:
            on_progress(finished - reported)
            reported = finished
    if errors:
        raise errors[0]
