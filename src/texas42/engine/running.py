"""Running the kernels: loading them on first use (telling the user when that compiles
them), the number of threads, and progress reports while a batch runs.

Importing this module does not import numba: the kernel modules are imported on first use.
"""

from __future__ import annotations

import atexit
import importlib
import subprocess
import sys
import threading
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Final

import numpy as np

from texas42.errors import EngineInputError, error_for, is_whole
from texas42.interrupts import holding_interrupts, raising_lost_interrupts

COMPILING_NOTICE: Final = (
    "texas42: compiling the solvers this command needs (once: about 10 s, more on a busy machine)..."
)

TRUMPS = "texas42.engine._batch"
LINES = "texas42.engine._line"
NELLO = "texas42.engine._nello"
SEVENS = "texas42.engine._sevens"
PLAYS = "texas42.engine._plays"
PLAYOUTS = "texas42.engine._playouts"
CONTRACT_PLAYS = "texas42.engine._contract_plays"
DEALING = "texas42.engine._dealing"
FOUR = "texas42.engine._four"  # compiled apart from the search: docs/engine.md#compile-time
SEARCHING = (TRUMPS, LINES, PLAYS, PLAYOUTS)  # the kernel modules that load the trump search

_lock = threading.Lock()
_listening = False
_told = False
_expected: list[str] = []
_helper: subprocess.Popen[str] | None = None
_helper_modules: list[str] = []
_helper_done: set[str] = set()


def expect(trumps: bool = False, lines: bool = False, nello: bool = False, sevens: bool = False) -> None:
    """Say which kernels this run is about to use: the trump engine's, the optimal line's,
    Nel-O's, sevens'. When loading the first of them compiles (a first run), a helper
    process compiles the others meanwhile, on another core, into the same cache."""
    wanted = {TRUMPS: trumps, LINES: lines, NELLO: nello, SEVENS: sevens}
    _expect(*(module for module, yes in wanted.items() if yes))


def _expect(*modules: str) -> None:
    with _lock:
        _expected.extend(m for m in modules if m not in _expected)


def _listen_for_compiles() -> None:
    """From now on, tell the user once when Numba compiles a function of texas42, which it
    does only when the function is not in its cache; then start the helper process."""
    global _listening
    with _lock:
        if _listening:
            return
        _listening = True
    from numba.core import event

    class Notice(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            global _told
            function = getattr(ev.data.get("dispatcher"), "py_func", None)
            if _told or not getattr(function, "__module__", "").startswith("texas42."):
                return
            _told = True
            print(COMPILING_NOTICE, file=sys.stderr, flush=True)
            _start_helper()

        def on_end(self, ev: event.Event) -> None:
            pass

    event.register("numba:compile", Notice())  # type: ignore[no-untyped-call]


def helper_modules(expected: list[str], loading: set[str], loaded: Collection[str]) -> list[str]:
    """What a helper process compiles, in order: the expected kernel modules neither
    loaded nor loading here; when this process loads or expects the trump search, first
    the four-trick loop, which the search calls through its cell and so compiles without
    (docs/engine.md#compile-time). The optimal line's kernel and the trump engine's last:
    both compile in the trump search, which this process may be compiling meanwhile."""
    searching = any(m in SEARCHING for m in [*expected, *loading])
    wanted = [FOUR, *expected] if searching else expected
    modules = [m for m in wanted if m not in loaded and m not in loading]
    return sorted(modules, key=lambda m: (m != FOUR, m in (LINES, TRUMPS)))


def _start_helper() -> None:
    """Compile ``helper_modules`` in a helper process."""
    global _helper
    with _lock:
        modules = helper_modules(_expected, _loading, sys.modules)
        if _helper is not None or not modules:
            return
        _helper_modules.extend(modules)
    package_parent = str(Path(__file__).resolve().parents[2])
    try:
        _helper = subprocess.Popen(
            [sys.executable, "-c", _HELPER_CODE, package_parent, *modules],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
    except OSError:  # pragma: no cover - then this process compiles them itself
        return
    atexit.register(_stop_helper)


# The helper: import each module (compiling it into the cache), then print its name.
_HELPER_CODE = """import importlib, sys
sys.path.insert(0, sys.argv[1])
for name in sys.argv[2:]:
    importlib.import_module(name)
    print(name, flush=True)
"""


def wait_for_helper(name: str) -> None:
    """If the helper process is compiling module ``name``, wait until it has (or failed)."""
    helper = _helper
    if helper is None or name not in _helper_modules or helper.stdout is None:
        return
    while name not in _helper_done:
        line = helper.stdout.readline()
        if not line:
            helper.wait()
            return
        _helper_done.add(line.strip())


def _stop_helper() -> None:
    if _helper is not None and _helper.poll() is None:
        _helper.kill()
        _helper.wait()


_loading: set[str] = set()


def _import_compiling(name: str) -> ModuleType:
    """Import a kernel module, telling the user (once) when the first run compiles it."""
    wait_for_helper(name)
    _listen_for_compiles()
    _loading.add(name)
    try:
        with raising_lost_interrupts():
            return importlib.import_module(name)
    finally:
        _loading.discard(name)


@cache
def trump_kernels() -> ModuleType:
    """The trump engine's kernels: ``solve_batch``, ``new_workspace``."""
    return _import_compiling(TRUMPS)


@cache
def line_kernels() -> ModuleType:
    """The kernel of an optimal line of play: ``optimal_line``."""
    return _import_compiling(LINES)


@cache
def play_kernels() -> ModuleType:
    """The kernels of the value of each legal play: ``play_values_batch``, ``play_values_one``."""
    return _import_compiling(PLAYS)


@cache
def playout_kernels() -> ModuleType:
    """The kernel of play values for many positions at once: ``play_values_rows``."""
    return _import_compiling(PLAYOUTS)


@cache
def dealing_kernels() -> ModuleType:
    """The kernels of dealing by completion counts: ``completion_counts`` and
    ``deal_by_counts``."""
    return _import_compiling(DEALING)


@cache
def nello_kernels() -> ModuleType:
    """The Nel-O kernels: ``nello_batch``."""
    return _import_compiling(NELLO)


@cache
def sevens_kernels() -> ModuleType:
    """The sevens kernels: ``sevens_batch``."""
    return _import_compiling(SEVENS)


@cache
def contract_play_kernels() -> ModuleType:
    """The kernels of the value of each legal play at Nel-O and sevens:
    ``nello_values_batch``, ``sevens_values_batch``. They call the Nel-O and sevens
    searches through their cells, so those modules are loaded first (a helper process
    may be compiling them)."""
    nello_kernels()
    sevens_kernels()
    return _import_compiling(CONTRACT_PLAYS)


_CLAIMED: dict[int, np.ndarray] = {}
"""The shared counters of the batches running now, by their ``id`` (``stop_solving``)."""
_NO_MORE = np.int64(1) << 62
"""A counter past every chunk: a kernel that claims from it stops."""
_STOPPING = threading.Event()
"""Set while an interrupted caller waits for its threads: a batch that starts meanwhile
(on a thread the caller started before the interrupt) stops at once too."""


def stop_solving() -> None:
    """Let the batches running now stop once their kernels' current chunks are done (they
    take no more, and raise ``KeyboardInterrupt`` rather than return what they have): how
    an interrupted command stops its solver threads."""
    for claimed in list(_CLAIMED.values()):
        claimed[0] = _NO_MORE


DIRECT_CHUNKS: Final = 4
"""The most chunks ``in_threads`` solves on the calling thread (on one thread): starting a
thread costs more than a small batch of the playouts, and Ctrl-C waits only for these."""


def check_threads(threads: object) -> None:
    """``threads`` must be None (every core) or a whole number of at least 1."""
    if threads is None:
        return
    if not is_whole(threads) or int(threads) < 1:
        raise error_for(threads, EngineInputError)(
            f"threads must be a whole number of at least 1 (or None: every core), got {threads!r}"
        )


def thread_count(threads: int | None) -> int:
    """The threads ``threads`` stands for: every core Numba sees when None, else at most
    that many (checked as ``check_threads``)."""
    check_threads(threads)
    import numba

    most: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    return most if threads is None else min(int(threads), most)


def in_threads(
    kernel: Callable[..., None], args: tuple[object, ...], chunks: int, threads: int | None
) -> None:
    """Call ``kernel(*args, claimed)`` on ``threads`` threads at once (default: all cores;
    never more than ``chunks``). The kernel releases the GIL and takes its chunks one at a
    time from the shared counter ``claimed`` until none is left. The calling thread only
    waits, so that Ctrl-C reaches it at once: the kernels then stop (``stop_solving``).
    On one thread, up to ``DIRECT_CHUNKS`` chunks are solved by the calling thread itself,
    without starting one (as the playouts' many small batches are): Ctrl-C then waits for
    them."""
    count = max(1, min(chunks, thread_count(threads)))
    claimed = np.zeros(1, dtype=np.int64)
    errors: list[BaseException] = []
    _CLAIMED[id(claimed)] = claimed
    if _STOPPING.is_set():  # started by a caller interrupted meanwhile
        claimed[0] = _NO_MORE
    try:
        if count == 1 and chunks <= DIRECT_CHUNKS:
            kernel(*args, claimed)
        else:
            with _solver_threads([lambda: kernel(*args, claimed)] * count, errors) as ended:
                for event in ended:
                    event.wait()
    finally:
        del _CLAIMED[id(claimed)]
    if errors:
        raise errors[0]
    if claimed[0] >= _NO_MORE:  # stopped: the results are not all there
        raise KeyboardInterrupt


@contextmanager
def _solver_threads(
    runs: Sequence[Callable[[], None]], errors: list[BaseException]
) -> Iterator[list[threading.Event]]:
    """Start a thread a run, keeping what it raises in ``errors``, and give the events
    they set once returned. Whatever interrupts the calling thread in the block (Ctrl-C,
    even while the threads start), every batch stops (``stop_solving``) and the threads
    started are waited for before it goes on. (Events rather than ``join``: a join
    interrupted by Ctrl-C marks a thread still running as ended, bpo-45274.)"""
    started: list[tuple[threading.Thread, threading.Event]] = []
    try:
        with holding_interrupts():  # one landing inside a thread's start() would hide it
            for run in runs:
                ended = threading.Event()
                thread = threading.Thread(
                    target=_keeping, args=(run, errors, ended), name="texas42-solver", daemon=True
                )
                started.append((thread, ended))
                thread.start()
        yield [ended for _, ended in started]
    except BaseException:
        with all_stopped():
            for thread, ended in started:
                if thread.ident is not None:  # it runs, or has run
                    ended.wait()
        raise


@contextmanager
def all_stopped() -> Iterator[None]:
    """In the block, every batch running stops once its kernels' current chunks are done,
    and every batch that starts stops at once (raising ``KeyboardInterrupt``): where an
    interrupted caller waits for the threads it started."""
    _STOPPING.set()
    try:
        stop_solving()
        yield
    finally:
        _STOPPING.clear()


def _keeping(run: Callable[[], None], errors: list[BaseException], ended: threading.Event) -> None:
    """``run()``, keeping what it raises in ``errors`` (re-raised by the calling thread);
    ``ended`` set once it has returned."""
    try:
        run()
    except BaseException as error:
        errors.append(error)
    finally:
        ended.set()


def reporting_progress(run: Callable[[], None], done: np.ndarray, on_progress: Callable[[int], None]) -> None:
    """Call ``run()`` on a worker thread (the kernels release the GIL) and meanwhile report
    the growth of ``sum(done)``, which the kernel counts up, to ``on_progress``. One call
    for the whole sample, rather than batches, leaves no core idle waiting for the
    slowest chunk of each batch."""
    errors: list[BaseException] = []
    with _solver_threads([run], errors) as (ended,):
        reported = 0
        alive = True
        while alive:
            alive = not ended.wait(0.1)  # before counting: once it has ended, every task is counted
            finished = int(done.sum())
            if finished > reported:
                on_progress(finished - reported)
                reported = finished
    if errors:
        raise errors[0]
