"""--cluster ADDRESS: the runs of --runs sent to a Dask distributed scheduler; the only module that imports Dask.

Must not import pygame. Dask is an optional extra (`pip install micro-lse[cluster]`), imported only
when a cluster is asked for; the results come back in seed order, as from the local process pool.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

CONNECT_TIMEOUT = "10s"  # how long to wait for the scheduler before giving up


class ClusterError(Exception):
    """The cluster cannot be used: Dask missing, or the scheduler unreachable (one line to the user)."""


@contextmanager
def cluster_results(address: str, run: Callable[[Any, int], Any], job: Any, seeds: range) -> Iterator[Iterator[Any]]:
    """Connect to the scheduler at `address`, submit one task per seed, yield the results in seed order."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--cluster: dask.distributed absent (pip install micro-lse[cluster])") from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"--cluster: GRAPPE INACCESSIBLE: {address} ({error})") from None
    try:
        from machine.batch import AHEAD_PER_PROCESS, submitted_in_order
        # One task per seed, handed out as the cluster's threads can take them (not N at once); pure=False so
        # that two identical submissions are never merged.
        ahead = AHEAD_PER_PROCESS * max(1, sum(client.nthreads().values()))
        yield _in_order(submitted_in_order(lambda seed: client.submit(run, job, seed, pure=False), seeds, ahead))
    finally:
        client.close()


def _in_order(futures: Iterator[tuple[int, Any]]) -> Iterator[Any]:
    """Each run's result in seed order, as each one ends; a run the cluster lost is one line to the user."""
    from machine.errors import InternalError
    for seed, future in futures:
        try:
            yield future.result()
        except InternalError:
            raise  # a bug of the Micro, on whichever machine it ran
        except Exception as error:  # a worker died, or lacks micro-lse: the run never ran
            raise ClusterError(f"--cluster: EXECUTION PERDUE (GERME {seed}): {type(error).__name__}: {error}") from None
