"""Spectre rows made on several threads: the same bytes as one thread, for any region,
origin and seed; a consumer that stops early leaves no work running; threads are refused
where they would not be used."""

import io
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.aperiodic import generate
from tilewright.aperiodic.spectre.stream import TASK_BLOCKS, block_grid, line_chunks, line_walk
from tilewright.aperiodic.threaded import Walk, walked

sides = st.floats(0.5, 700, allow_nan=False)
origins = st.tuples(st.floats(-5e4, 5e4), st.floats(-5e4, 5e4))


def written(patch, fmt: str, threads: int) -> bytes:
    sink = io.BytesIO()
    patch.write(sink, fmt, threads=threads)
    return sink.getvalue()


@settings(max_examples=25, deadline=None)
@given(
    width=sides,
    height=sides,
    origin=origins,
    seed=st.integers(0, 2**63 - 1),
    threads=st.integers(2, 4),
    fmt=st.sampled_from(["csv", "jsonl"]),
)
def test_threads_write_the_bytes_of_one(width, height, origin, seed, threads, fmt):
    patch = generate(width, height, seed, origin)
    assert written(patch, fmt, threads) == written(patch, fmt, 1)


def test_the_engine_gives_every_batch_in_order_with_a_tiling_a_thread():
    made = []
    lock = threading.Lock()

    def tiling() -> int:  # a thread's own state: its identity, to check who uses it
        with lock:
            made.append(threading.get_ident())
        return threading.get_ident()

    def batches(own: int, part: int) -> list[tuple[int, int]]:
        assert own == threading.get_ident()
        return [(part, k) for k in range(part % 3)]  # some parts have no batch

    expected = [(part, k) for part in range(60) for k in range(part % 3)]
    for threads in (1, 2, 4):
        made.clear()
        walk = Walk(iter(range(60)), batches, tiling)
        assert list(walked(walk, lambda batch: batch, threads)) == expected
        assert 1 <= len(made) == len(set(made)) <= threads


def test_many_tasks_come_back_in_the_walks_order():
    # a region of far more blocks than a task takes, and more tasks than are kept ahead
    whole = [name for chunk in line_chunks(2000, 1000, seed=9) for name in chunk.ids]
    made = list(walked(line_walk(2000, 1000, 9), lambda chunk: chunk.ids, threads=3))
    assert [name for ids in made for name in ids] == whole
    # a task a chunk, well past the 7 kept ahead of the one given
    columns, rows = block_grid(2000, 1000)
    assert len(made) == -(-columns * rows // TASK_BLOCKS) > 2 * 3 + 1


def test_a_consumer_that_stops_leaves_no_thread_at_work():
    before = threading.active_count()
    parts = walked(line_walk(2000, 2000, 1), len, threads=2)
    next(parts)
    parts.close()  # the pool is shut down; tasks not started are cancelled
    assert threading.active_count() == before


def test_threads_are_refused_where_they_would_not_be_used():
    line, bfs = generate(20, 20, 1), generate(20, 20, 1, method="bfs")
    for patch, fmt in ((line, "svg"), (line, "geojson"), (bfs, "csv")):
        with pytest.raises(TilewrightError, match="threads make csv and jsonl"):
            written(patch, fmt, 2)
    with pytest.raises(TilewrightError, match="threads must be 1 to 256, got 0"):
        written(line, "csv", 0)
    with pytest.raises(TypeError):
        written(line, "csv", 2.0)  # type: ignore[arg-type]
    with pytest.raises(TilewrightError, match="threads must be 1 to"):
        written(line, "jsonl", 10**6)
    assert written(bfs, "csv", 1) == written(line, "csv", 1)
