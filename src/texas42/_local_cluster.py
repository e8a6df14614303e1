"""The host of ``--cluster local``: ``python -m texas42._local_cluster WORKERS`` starts a
Dask LocalCluster of WORKERS single-thread processes, prints its scheduler's address on
stdout, and shuts it down once its stdin closes (the command done, or dead).

The command starts this host in a session of its own, so that a terminal's Ctrl-C reaches
the command alone, which then shuts the cluster down: had the command started the
cluster itself, its workers would have shared its process group, and it would have had
to ignore Ctrl-C while they started."""

from __future__ import annotations

import importlib
import logging
import sys


def main() -> None:
    LocalCluster = importlib.import_module("distributed").LocalCluster  # untyped
    workers = int(sys.argv[1])
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    cluster = LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",  # a free port: None takes 8787, which another cluster may hold
        silence_logs=logging.CRITICAL,
    )
    try:
        print(cluster.scheduler_address, flush=True)
        sys.stdin.read()
    finally:
        cluster.close()


if __name__ == "__main__":  # not when a worker process imports it
    main()
