"""One engine for walking a tiling's region on threads: what the Spectre's line walk, the
hat's kite walk and the Penrose descent share, each plugged in as a :class:`Walk`.

Why parts and batches: each tiling finds a region's tiles in its own way, but all three
cut the work alike. Something cheap must go in order on one thread (the Spectre walking
from block to block, the hat cutting its rows of hexagons into bands, the Penrose descent
finding its tiles), and gives *parts*; the costly rest of a part (a block's search, a
band's walk, a batch's selection) can run on any thread and gives *batches* of tiles, in
order. :func:`walked` applies a ``work`` (the text rows) to every batch, on one thread or
on a pool, and gives the results in the walk's order: the same bytes on any number of
threads.

Why threads: the walks' and the text rows' kernels release the GIL, so tasks run side by
side on a pool; a task's result is its text itself (megabytes), which processes would
copy back. The results come back in the order of the tasks, at most ``2 * threads + 1``
tasks made ahead of the one given out, so memory stays bounded however large the region.
"""

import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tilewright.aperiodic.writers import TEXT_FORMATS
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown

# the most threads a threaded write runs
MAX_THREADS = 256

Result = TypeVar("Result")
Part = TypeVar("Part")
Batch = TypeVar("Batch")


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


def _no_tiling() -> None:
    """The state of a walk whose batches need none."""


@dataclass(frozen=True)
class Walk(Generic[Part, Batch]):
    """A region's tiles as one tiling finds them, cut for threads; used once.

    Attributes
    ----------
    parts : iterable
        Made in order on the calling thread as they are taken: the work that must go in
        order, and is cheap (a walk from block to block, bands of rows, a descent).
    batches : callable
        ``batches(tiling, part)``: the part's tiles, batch by batch, in order; the costly
        work, run on any thread.
    tiling : callable, optional
        Makes the state a thread hands to ``batches``, once a thread: a tiling draws its
        levels as a walk needs them, and two threads drawing from one at once would
        interleave (the seed gives each the same levels). By default none (None).

    Examples
    --------
    >>> walk = Walk(iter([1, 2]), lambda tiling, part: [part] * part)
    >>> list(walked(walk, str, threads=2))
    ['1', '2', '2']
    """

    parts: Iterable[Part]
    batches: Callable[[Any, Part], Iterable[Batch]]
    tiling: Callable[[], Any] = _no_tiling

    @staticmethod
    def whole(batches: Iterable[Batch]) -> "Walk[None, Batch]":
        """A walk of one part whose batches come in order on the calling thread: a patch
        held whole, or a walk not cut into parts (nothing for threads to share out)."""
        return Walk(iter([None]), lambda tiling, part: batches)

    @staticmethod
    def each(batches: Iterable[Batch]) -> "Walk[Batch, Batch]":
        """A walk whose batches come in order on the calling thread, each a part of its
        own: only the work on them is shared out on threads."""
        return Walk(batches, lambda tiling, part: (part,))


def walked(
    walk: Walk[Part, Batch], work: Callable[[Batch], Result], threads: int
) -> Iterator[Result]:
    """``work(batch)`` for every batch of ``walk``, in the walk's order: on one thread, the
    calling one; on more, each part's batches found and worked on a pool thread
    (:func:`in_order`).

    Parameters
    ----------
    walk : Walk
    work : callable
        Called with each batch, on any thread when ``threads`` is more than 1.
    threads : int
        Checked already (:func:`thread_count`).

    Returns
    -------
    iterator
        The results, batch after batch; a consumer that stops early (or an error) leaves
        no task running.
    """
    if threads == 1:
        tiling = walk.tiling()
        return (work(batch) for part in walk.parts for batch in walk.batches(tiling, part))
    own = threading.local()

    def task(part: Part) -> list[Result]:
        if not hasattr(own, "tiling"):
            own.tiling = walk.tiling()
        return [work(batch) for batch in walk.batches(own.tiling, part)]

    return in_order(task, walk.parts, threads)


def in_order(
    task: Callable[[Part], list[Result]], batches: Iterable[Part], threads: int
) -> Iterator[Result]:
    """``task`` of each batch on a pool of ``threads``, a bounded number ahead, in order.

    Parameters
    ----------
    task : callable
        Called with each batch on any thread of the pool; returns a list of results.
    batches : iterable
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
