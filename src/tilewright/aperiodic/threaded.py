"""Text rows made on several threads and given back in order: what the Spectre's line walk
(``spectre.stream.threaded_chunks``) and the hat walk (``hat.threads.threaded_batches``) share.

Why threads: the walks' and the text rows' kernels release the GIL, so tasks run side by
side on a pool; a task's result is its text itself (megabytes), which processes would
copy back. The results come back in the order of the tasks, at most ``2 * threads + 1``
tasks made ahead of the one given out, so memory stays bounded however large the region.
"""

from collections import deque
from collections.abc import Callable, Iterator
from typing import TypeVar

from tilewright.aperiodic.writers import TEXT_FORMATS
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown

# the most threads a threaded write runs
MAX_THREADS = 256

Result = TypeVar("Result")


def thread_count(threads: object) -> int:
    """``threads`` checked: a whole number from 1 to ``MAX_THREADS``.

    Raises
    ------
    TypeError, TilewrightError
        For a value that is not whole, or out of range, in one line.

    Examples
    --------
    >>> thread_count(2)
    2
    """
    count = require_int(threads, "threads")
    if not 1 <= count <= MAX_THREADS:
        raise TilewrightError(f"threads must be 1 to {MAX_THREADS}, got {shown(count)}")
    return count


def checked_threads(fmt: str, threads: object, method: str = "line") -> int:
    """``threads`` checked (:func:`thread_count`), and above 1 only for what is made on
    threads: csv and jsonl by the line method.

    Parameters
    ----------
    fmt : str
        The format to be written.
    threads : int
    method : str
        How the patch is found: ``"line"``, the walk that threads share out, or another.

    Returns
    -------
    int
        The threads to write on: ``threads`` itself.

    Raises
    ------
    TypeError, TilewrightError
        For a bad count, or more than one thread where they would not be used.

    Examples
    --------
    >>> checked_threads("svg", 1)
    1
    >>> checked_threads("svg", 2)
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: threads make csv and jsonl, not svg
    """
    count = thread_count(threads)
    # asked for and silently not used would be worse than refused
    if count > 1 and fmt not in TEXT_FORMATS:
        raise TilewrightError(f"threads make csv and jsonl, not {fmt}")
    if count > 1 and method != "line":
        raise TilewrightError(
            f"threads make csv and jsonl by the line method, not by the {method} method"
        )
    return count


def in_order(
    task: Callable[[tuple], list[Result]], batches: Iterator[tuple], threads: int
) -> Iterator[Result]:
    """``task`` of each batch on a pool of ``threads``, a bounded number ahead, in order.

    Parameters
    ----------
    task : callable
        Called with each batch on any thread of the pool; returns a list of results.
    batches : iterator of tuple
        Consumed in the calling thread, a task ahead at a time.
    threads : int

    Returns
    -------
    iterator
        The results of every task, task after task. A consumer that stops early (or an
        error) cancels the tasks not yet started and waits for those running.

    Examples
    --------
    >>> list(in_order(lambda batch: [sum(batch)], iter([(1, 2), (3,)]), threads=2))
    [3, 3]
    """
    # imported here: a run on one thread (every command's default) never needs the pool
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(threads, thread_name_prefix="tilewright") as pool:
        pending: deque = deque()
        try:
            for batch in batches:
                pending.append(pool.submit(task, batch))
                if len(pending) > 2 * threads:
                    yield from pending.popleft().result()
            while pending:
                yield from pending.popleft().result()
        finally:  # an error, an interrupt or a consumer that stopped: no more work
            for future in pending:
                future.cancel()
