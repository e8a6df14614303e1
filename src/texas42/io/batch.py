"""Running a batch of independent jobs (hands, chunks of deals) in input order: in this
process, or on a Dask cluster (``--cluster``, ``texas42.analyze_many(cluster=)``). Results
are handed back in input order as soon as every earlier one is in; Dask is imported only
for a cluster."""

from __future__ import annotations

import importlib.util
import logging
import os
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from texas42.errors import Texas42Error, UsageError

R = TypeVar("R")

INSTALL_HINT = "pip install 'texas42[dask]'"
CONNECT_TIMEOUT = 5.0  # seconds to reach a scheduler before giving up
RETRIES = 3  # a task that fails (its worker lost, say) runs again up to this many times
_LOCK = threading.Lock()


class BatchFailed(Exception):
    """A job that failed on the cluster even after its retries (its workers kept dying, or
    it raised): the command stops with one line on stderr and exit status 1, keeping the
    results already written."""


MAX_LOCAL_WORKERS: Final = 64
"""The most worker processes ``--cluster local:N`` starts on this machine."""


@dataclass(frozen=True)
class Cluster:
    """Where to run: a scheduler's ``address``, or (address None) a LocalCluster of
    ``workers`` processes (None: one a core)."""

    address: str | None
    workers: int | None = None

    @property
    def local_workers(self) -> int:
        return self.workers or os.cpu_count() or 1


def job_threads(cluster: Cluster | None, threads: int | None) -> int | None:
    """The solver threads of a job where the command gives ``threads``: on a local
    cluster, unless given, an equal share of this machine's cores (every worker using them
    all would only make them wait on each other); elsewhere ``threads`` itself."""
    if cluster is None or cluster.address is not None or threads is not None:
        return threads
    return max(1, (os.cpu_count() or 1) // cluster.local_workers)


def dask_installed() -> bool:
    """Whether Dask's distributed scheduler can be imported."""
    return importlib.util.find_spec("distributed") is not None


def parse_cluster(value: Any) -> Cluster:
    """``local``, ``local:N`` or a scheduler's address (``tcp://host:8786``)."""
    if isinstance(value, Cluster):
        return value
    token = str(value).strip()
    if token.lower().startswith("local"):  # as the other words are taken in any case
        token = token.lower()
    if not dask_installed():
        raise _cluster_error(f"cluster needs Dask, which is not installed: {INSTALL_HINT}")
    if token == "local":
        return Cluster(None)
    if token.startswith("local:"):
        count = token[len("local:") :]
        if not (count.isascii() and count.isdigit() and 1 <= int(count) <= MAX_LOCAL_WORKERS):
            raise _cluster_error(
                f"cluster local:N needs a number of workers from 1 to {MAX_LOCAL_WORKERS}, got {token!r}"
            )
        return Cluster(None, int(count))
    if not token or any(c.isspace() for c in token) or ":" not in token:
        raise _cluster_error(
            f"cluster needs local, local:N or a scheduler address (tcp://host:8786), got {token!r}"
        )
    scheme = token.partition("://")[0] if "://" in token else "tcp"
    if scheme != "tcp":
        raise _cluster_error(
            f"cluster: a scheduler is reached over tcp:// (host:8786 or tcp://host:8786), got {token!r}"
        )
    host, port = _host_and_port(token)
    if not host:
        raise _cluster_error(f"cluster: the scheduler's address names no host, got {token!r}")
    if not (port.isascii() and port.isdigit() and 1 <= int(port) <= MAX_PORT):
        raise _cluster_error(f"cluster: the scheduler's port is a number from 1 to {MAX_PORT}, got {token!r}")
    return Cluster(token)


MAX_PORT: Final = 65535


def _host_and_port(address: str) -> tuple[str, str]:
    """``("host", "8786")`` of ``tcp://host:8786`` or ``host:8786`` (``[::1]:8786``: ``[::1]``)."""
    host, _, port = (
        address.partition("://")[2].rpartition(":") if "://" in address else address.rpartition(":")
    )
    return host, port


def _cluster_error(message: str) -> UsageError:
    """A bad ``cluster`` (``--cluster`` on the command line): ``message`` begins with it."""
    return UsageError(message, parameter="cluster")


def _distributed() -> Any:
    """Dask's distributed scheduler, imported on first use (untyped for mypy); a broken
    install (found but failing to import, e.g. versions of dask and distributed that do
    not match) is a ``UsageError`` naming the error."""
    try:
        return importlib.import_module("distributed")
    except ImportError as error:
        raise _cluster_error(
            f"cluster: Dask cannot be imported ({error}); reinstall it: {INSTALL_HINT}"
        ) from None


@dataclass(frozen=True)
class Refused:
    """A job's bad input, returned rather than raised: Dask runs a task that raises again
    (``RETRIES``), and bad input would only be refused again, at the same cost."""

    error: Texas42Error


def run_locked(function: Callable[..., R], *args: Any) -> R | Refused:
    """Run ``function(*args)`` alone in this process: a worker with several threads runs
    one job at a time, each on all the solver threads it is given."""
    with _LOCK:
        try:
            return function(*args)
        except Texas42Error as error:
            return Refused(error)


LOCAL_SHUTDOWN = 60.0  # seconds for a local cluster to close before its host is killed


@contextmanager
def connected(cluster: Cluster | None) -> Iterator[Any]:
    """A Dask client for ``cluster`` (None: no client), closed (and a local cluster shut
    down) on leaving. An unreachable scheduler is a ``UsageError`` after ``CONNECT_TIMEOUT``."""
    if cluster is None:
        yield None
        return
    Client = _distributed().Client
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    if cluster.address is None:
        with _local_cluster(cluster.local_workers) as address:
            client = Client(address)
            try:
                yield client
            finally:
                client.close()
        return
    client = _client_of(Client, cluster.address)
    if not client.nthreads():  # else the batch would wait in silence
        print(
            f"texas42: the scheduler at {cluster.address} has no workers yet: the hands wait for "
            "one (Ctrl-C stops)",
            file=sys.stderr,
        )
    try:
        yield client
    finally:
        client.close()


@contextmanager
def _local_cluster(workers: int) -> Iterator[str]:
    """The scheduler address of a LocalCluster of ``workers`` processes, run by a host
    process in a session of its own (``texas42._local_cluster``), so that a Ctrl-C reaches
    this process alone, at any moment; the host shuts the cluster down when this closes
    its stdin (or ends), and is killed at once on a Ctrl-C or an error."""
    with tempfile.TemporaryFile() as errors:
        host = subprocess.Popen(
            [sys.executable, "-m", "texas42._local_cluster", str(workers)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            start_new_session=True,
        )
        assert host.stdin is not None and host.stdout is not None
        try:
            address = host.stdout.readline().decode().strip()
            if not address:
                host.wait()
                errors.seek(0)
                said = errors.read().decode(errors="replace").strip().splitlines()
                raise _cluster_error(
                    f"cluster local: the cluster did not start: {said[-1] if said else host.returncode}"
                )
            yield address
        except BaseException:  # a Ctrl-C or a failed batch: no need to close the workers gently
            host.kill()
            raise
        finally:
            host.stdin.close()
            host.stdout.close()
            try:
                host.wait(LOCAL_SHUTDOWN)
            except subprocess.TimeoutExpired:
                host.kill()
                host.wait()


def _client_of(Client: Any, address: str) -> Any:
    """A client of the scheduler at ``address``; a ``UsageError`` if none answers as one
    within ``CONNECT_TIMEOUT`` (Dask's own timeout leaves out its handshake, which waits
    for ever on a server that is not a scheduler, such as a dashboard's port, and another
    server's bytes can make it fail in any way)."""
    host, port = _host_and_port(address)
    try:  # a refused or unknown address is told at once, where Dask would retry until its timeout
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT).close()
    except (ConnectionRefusedError, socket.gaierror) as error:
        raise _cluster_error(f"cluster: cannot reach the scheduler at {address}: {error.strerror}") from None
    except OSError:
        pass  # no answer in time, or another failure: Dask's own attempt below says it
    found: list[Any] = []
    failed: list[BaseException] = []

    def connect() -> None:
        try:
            found.append(Client(address, timeout=CONNECT_TIMEOUT))
        except BaseException as error:  # reported below, whatever it is
            failed.append(error)

    attempt = threading.Thread(target=connect, name="texas42-connect", daemon=True)
    attempt.start()
    attempt.join(CONNECT_TIMEOUT + 1)
    if found:
        return found[0]
    if not failed:
        message = f"no answer as a Dask scheduler within {CONNECT_TIMEOUT:g} s"
    else:
        message = " ".join(str(failed[0]).split()) or type(failed[0]).__name__
        if message.startswith("Timed out"):
            message = f"no answer within {CONNECT_TIMEOUT:g} s"
        elif not isinstance(failed[0], (OSError, TimeoutError, ValueError)):
            message = "it does not answer as a Dask scheduler"
    raise _cluster_error(f"cluster: cannot reach the scheduler at {address}: {message}")


def run_in_order(
    function: Callable[..., R],
    arguments: Sequence[tuple[Any, ...]],
    write: Callable[[int, R], None],
    client: Any = None,
    job_progress: Callable[[int], Callable[[int, int], object]] | None = None,
    on_done: Callable[[int], object] | None = None,
) -> None:
    """Call ``write(i, function(*arguments[i]))`` for each i in input order (``in_order``)."""
    for index, result in enumerate(in_order(function, arguments, client, job_progress, on_done)):
        write(index, result)


def in_order(
    function: Callable[..., R],
    arguments: Sequence[tuple[Any, ...]],
    client: Any = None,
    job_progress: Callable[[int], Callable[[int, int], object]] | None = None,
    on_done: Callable[[int], object] | None = None,
) -> Iterator[R]:
    """``function(*arguments[i])`` for each i, yielded in input order, and ``on_done(count)``
    told as jobs finish. In this process (``client`` None) job i also gets the keyword
    ``progress=job_progress(i)``; on a cluster each job is a task, run again elsewhere if
    it fails or its worker dies, and results wait only for earlier ones. Closing the
    iterator cancels the tasks not yet done."""
    if client is not None:
        yield from _on_cluster(client, function, arguments, on_done)
        return
    for index, args in enumerate(arguments):
        extra = {} if job_progress is None else {"progress": job_progress(index)}
        yield function(*args, **extra)
        if on_done is not None:
            on_done(index + 1)


def _on_cluster(
    client: Any,
    function: Callable[..., R],
    arguments: Sequence[tuple[Any, ...]],
    on_done: Callable[[int], object] | None,
) -> Iterator[R]:
    """Submit the jobs a window at a time (bounding the results held back), yield them in order."""
    as_completed = _distributed().as_completed
    window = max(8, 4 * (sum(client.nthreads().values()) or 1))
    pending: dict[Any, int] = {}
    held: dict[int, R] = {}
    submitted = written = done = 0
    completed = as_completed()

    def submit() -> None:
        nonlocal submitted
        while submitted < len(arguments) and submitted - written < window:
            future = client.submit(run_locked, function, *arguments[submitted], retries=RETRIES, pure=False)
            pending[future] = submitted
            completed.add(future)
            submitted += 1

    submit()
    try:
        for future in completed:
            index = pending.pop(future)
            held[index] = _result(future, index)
            done += 1
            if on_done is not None:
                on_done(done)
            while written in held:
                yield held.pop(written)
                written += 1
            submit()
    finally:
        if pending:
            client.cancel(list(pending))


def _result(future: Any, index: int) -> Any:
    """The result of job ``index``; a failure that is not bad input is a ``BatchFailed``."""
    try:
        result = future.result()
    except Texas42Error:
        raise
    except Exception as error:
        message = " ".join(str(error).split()) or type(error).__name__
        raise BatchFailed(
            f"job {index + 1} failed on the cluster after {RETRIES} retries: {message}"
        ) from None
    if isinstance(result, Refused):
        raise result.error
    return result
