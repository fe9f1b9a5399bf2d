"""Running a dataset's tasks: in this process, on a local Dask cluster, or on any cluster.

Every task's result depends on the task alone, so where it runs changes nothing but time.

What a run on a cluster shows the user is what it shows when run here: the first failing
task's exception, raised in this process, and nothing else on stderr. Distributed logs a
task's failure, with its traceback, in the worker (and a worker that cannot start, in its
nanny); those logs are silenced, since the exception itself reaches the caller. A local
cluster opens no port beyond the loopback ones the operating system picks: no dashboard,
so two runs at once, or a run beside another Dask cluster, never contend for a fixed port.
"""

import collections
import contextlib
import itertools
import logging
import os
import signal
import sys
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any

from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import register_cleanup, unregister_cleanup
from tilewright.core.numbers import require_int_between

# Processes of a local cluster: far past any one machine's cores, a bound on a typo.
MAX_WORKERS = 1024
# Tasks submitted and not yet collected, per worker thread: enough that no worker waits
# for the next task while the caller takes a result, few enough that a run of a million
# tasks neither lists them all on the scheduler nor keeps their results on the workers.
TASKS_PER_THREAD = 2
# at least this many, for a cluster whose workers have not all joined when the run starts
MIN_TASKS_IN_FLIGHT = 8
# The scheduler always serves HTTP (distributed 2026.8: ``dashboard_address=None`` means
# port 8787, and a second cluster then warns that the port is in use); with the dashboard
# off, it serves on a loopback port the operating system picks.
_HTTP_ADDRESS = "127.0.0.1:0"
# Seconds to reach a scheduler (distributed's default is 30): one that answers does so in
# milliseconds, and a wrong address should say so before a user wonders whether it hangs.
SCHEDULER_TIMEOUT = 10


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
        For a count of the wrong type or range, an address that is no text or no address
        (``garbage``: no port), or both.

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
    if scheduler is not None:
        _check_address(scheduler)
    if workers is None:
        return None
    return require_int_between(workers, "workers", 1, MAX_WORKERS)


def _check_address(scheduler: str) -> None:
    """Refuse what distributed would refuse on connecting (a missing port, an unknown
    scheme), before any work rather than once the first task is due."""
    from distributed.comm.addressing import get_address_host

    try:
        get_address_host(scheduler)
    except ValueError as error:
        raise TilewrightError(
            f"{scheduler!r} is not a scheduler address such as tcp://10.0.0.5:8786: {error}"
        ) from None


def results_in_order(
    function: Callable[[Any], Any],
    tasks: Iterable[Any],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
) -> Generator[Any, None, None]:
    """``function(task)`` for each task, yielded in the tasks' order.

    With neither ``workers`` nor ``scheduler`` the tasks run here, one after another. With
    ``workers``, on a ``distributed.LocalCluster`` of that many processes (one thread each,
    since the kernels hold one core each); with ``scheduler``, on the Dask cluster at that
    address. ``function`` and the tasks must then be picklable (module-level functions and
    frozen dataclasses). ``tasks`` is read as the run goes: on a cluster, a few tasks a
    worker thread are submitted at a time (``TASKS_PER_THREAD``), so memory stays bounded
    whatever their number.

    A task whose worker dies (killed, out of memory) runs again on another worker, up to
    three times (distributed's ``allowed-failures``): that is why a task must give the same
    result wherever and however often it runs. A task that raises is not run again: it
    would raise again.

    Raises
    ------
    TilewrightError
        When the local cluster cannot start, the scheduler cannot be reached, or a task's
        workers died every time it ran; and whatever the first failing task raised.

    Examples
    --------
    >>> list(results_in_order(abs, [-2, 3]))
    [2, 3]
    """
    if workers is None and scheduler is None:
        results: Iterable[Any] = (function(task) for task in tasks)
        yield from results
        return
    from distributed.utils import silence_logging_cmgr

    # the client's and the in-process scheduler's logs; the workers' are the cluster's
    with silence_logging_cmgr(logging.CRITICAL), _client(workers, scheduler) as client:
        yield from _in_flight(client, function, tasks)


@contextlib.contextmanager
def _client(workers: int | None, scheduler: str | None) -> Iterator[Any]:
    """A client of a new local cluster of ``workers`` processes, or of the cluster at
    ``scheduler``; closed, and the local cluster stopped, when the block ends."""
    from distributed import Client

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except OSError as error:  # distributed's timeout is one
            raise TilewrightError(
                f"cannot reach the Dask scheduler at {scheduler}: {error}"
            ) from None
        with client:
            yield client
        return
    assert workers is not None
    cluster = _local_cluster(workers)
    # A signal that ends the command (``core.interrupts``) skips the ``finally`` below:
    # the workers are stopped first, so none goes on writing after the run's clean-ups.
    token = register_cleanup(lambda: _kill_workers(cluster))
    try:
        with Client(cluster) as client:
            yield client
    finally:
        cluster.close()
        unregister_cleanup(token)


def _local_cluster(workers: int) -> Any:
    from distributed import LocalCluster

    _quiet_resource_tracker()
    try:
        return LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            scheduler_kwargs={"dashboard_address": _HTTP_ADDRESS},
            silence_logs=logging.CRITICAL,
        )
    except (RuntimeError, OSError) as error:  # "Nanny failed to start.": no memory, threads
        raise TilewrightError(
            f"cannot start {workers} Dask worker process{'es' * (workers != 1)} here ({error}):"
            " too little memory, or too many processes? Try fewer workers"
        ) from None


def _in_flight(client: Any, function: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[Any]:
    """Each task's result, in order, with a bounded number of tasks submitted at a time."""
    from distributed import KilledWorker

    threads = sum(client.nthreads().values())
    window = max(MIN_TASKS_IN_FLIGHT, TASKS_PER_THREAD * threads)
    waiting = iter(tasks)
    futures = collections.deque(
        client.submit(function, task, pure=False) for task in itertools.islice(waiting, window)
    )
    while futures:
        future = futures.popleft()
        try:
            result = future.result()
        except KilledWorker:
            raise TilewrightError(
                "Dask workers died each time they ran a task (out of memory?): try fewer "
                "workers, or smaller tasks"
            ) from None
        # the next task is submitted before this result is handed over, so that the
        # workers keep busy while the caller uses it
        futures.extend(
            client.submit(function, task, pure=False) for task in itertools.islice(waiting, 1)
        )
        del future  # so that the worker may drop its copy of the result once it is ours
        yield result


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
