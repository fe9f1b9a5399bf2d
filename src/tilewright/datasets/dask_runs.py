"""Running a dataset's tasks: in this process, on a local Dask cluster, or on any cluster.

Every task's result depends on the task alone, so where it runs changes nothing but time.
"""

import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import register_cleanup, unregister_cleanup
from tilewright.core.numbers import require_int_between

# Processes of a local cluster: far past any one machine's cores, a bound on a typo.
MAX_WORKERS = 1024


def checked_cluster(workers: object, scheduler: object) -> int | None:
    """Where tasks run, checked before any work: ``workers`` (None, or 1 to
    ``MAX_WORKERS`` processes here) or ``scheduler`` (None, or an address), not both.

    Returns
    -------
    int or None
        ``workers`` as an int.

    Raises
    ------
    TypeError, TilewrightError
        For a count of the wrong type or range, an address that is no text, or both.

    Examples
    --------
    >>> checked_cluster(2, None)
    2
    >>> checked_cluster(2, "tcp://10.0.0.5:8786")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: give workers or a scheduler, not both
    """
    if scheduler is not None and not isinstance(scheduler, str):
        raise TypeError(f"scheduler must be an address (text), not {type(scheduler).__name__}")
    if workers is not None and scheduler is not None:
        raise TilewrightError("give workers or a scheduler, not both")
    if workers is None:
        return None
    return require_int_between(workers, "workers", 1, MAX_WORKERS)


def results_in_order(
    function: Callable[[Any], Any],
    tasks: Sequence[Any],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
) -> Iterator[Any]:
    """``function(task)`` for each task, yielded in the tasks' order.

    With neither ``workers`` nor ``scheduler`` the tasks run here, one after another. With
    ``workers``, on a ``distributed.LocalCluster`` of that many processes (one thread each,
    since the kernels hold one core each); with ``scheduler``, on the Dask cluster at that
    address. ``function`` and the tasks must then be picklable (module-level functions and
    frozen dataclasses).

    A task whose worker dies (killed, out of memory) runs again on another worker, up to
    three times: that is why a task must give the same result wherever and however often
    it runs.

    Examples
    --------
    >>> list(results_in_order(abs, [-2, 3]))
    [2, 3]
    """
    if workers is None and scheduler is None:
        results: Iterable[Any] = (function(task) for task in tasks)
        yield from results
        return
    from distributed import Client, LocalCluster

    cluster = None
    if scheduler is None:
        _quiet_resource_tracker()
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client = Client(cluster)
    else:
        client = Client(scheduler)
    # A signal that ends the command (``core.interrupts``) skips the ``finally`` below:
    # the workers are stopped first, so none goes on writing after the run's clean-ups.
    token = register_cleanup(lambda: _kill_workers(cluster)) if cluster is not None else None
    try:
        futures = client.map(function, tasks, pure=False, retries=3)
        for future in futures:
            yield future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
        if token is not None:
            unregister_cleanup(token)


def _kill_workers(cluster: Any) -> None:
    """Kill the worker processes of a ``LocalCluster`` (each nanny's child) at once."""
    for nanny in list(cluster.workers.values()):
        process = getattr(getattr(nanny, "process", None), "process", None)
        if process is not None and process.pid is not None:
            with contextlib.suppress(OSError):
                os.kill(process.pid, signal.SIGKILL)


# The warning multiprocessing's resource tracker gives when the processes it watched were
# killed (a worker stopped by a signal or the OOM killer) with semaphores still open. It
# removes them anyway, so the warning tells a user of the command nothing to act on.
_TRACKER_WARNING_FILTER = "ignore::UserWarning:multiprocessing.resource_tracker"


def _quiet_resource_tracker() -> None:
    """Silence the resource tracker's leak warning in the tracker process the cluster starts.

    The tracker runs in a process of its own, started with this interpreter's ``-W``
    options (``sys.warnoptions``), so a filter set here in ``warnings`` would not reach it.
    """
    if _TRACKER_WARNING_FILTER not in sys.warnoptions:
        sys.warnoptions.append(_TRACKER_WARNING_FILTER)
