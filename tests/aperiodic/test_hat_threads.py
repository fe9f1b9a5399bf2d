"""Hat rows made on several threads: the same bytes as one thread for any region, origin,
seed and band size, with neighbours or without; a consumer that stops early leaves no work
running; threads are refused where they would not be used, on the command line too."""

import io
import threading
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli.test_hat_cli import run
from tilewright import TilewrightError
from tilewright.aperiodic import generate_hats
from tilewright.aperiodic.hat import threads as hat_threads
from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.threads import band_walk, bands
from tilewright.aperiodic.hat.walk import found_batches, region_rows
from tilewright.aperiodic.threaded import walked

sides = st.floats(0.5, 300, allow_nan=False)
# near the centre and past hat_walk.NEAR, where the walk starts from a located kite
origins = st.tuples(st.floats(-2e4, 2e4), st.floats(-2e4, 2e4))


def written(patch, fmt: str, threads: int, **options) -> bytes:
    sink = io.BytesIO()
    patch.write(sink, fmt, threads=threads, **options)
    return sink.getvalue()


@settings(max_examples=20, deadline=None)
@given(
    region=st.tuples(sides, sides, origins),
    seed=st.integers(0, 2**63 - 1),
    fmt=st.sampled_from(["csv", "jsonl"]),
    neighbours=st.booleans(),
    threads=st.integers(2, 4),
    # small bands, so that even a small region is cut into several
    band=st.integers(200, 5000),
)
def test_threads_write_the_bytes_of_one(region, seed, fmt, neighbours, threads, band):
    width, height, origin = region
    patch = generate_hats(width, height, seed, origin)
    one = written(patch, fmt, 1, neighbours=neighbours)
    with mock.patch.object(hat_threads, "BAND_HEXAGONS", band):
        assert written(patch, fmt, threads, neighbours=neighbours) == one


def test_bands_cover_the_rows_once_and_come_back_in_the_walks_order():
    box = (0.0, 0.0, 400.0, 300.0)
    with mock.patch.object(hat_threads, "BAND_HEXAGONS", 500):
        cut = [rows for rows, _ in bands(box)]
        made = list(walked(band_walk(5, box, False), lambda batch: batch, threads=3))
    rows = region_rows(box).count
    assert [first for first, _ in cut] == [0, *(stop for _, stop in cut[:-1])]
    assert cut[-1][1] == rows and len(cut) > 2 * 3 + 1  # more than are kept ahead
    whole = np.concatenate(list(found_batches(HatTiling(5), box)))
    assert (np.concatenate(made) == whole).all()


def test_a_consumer_that_stops_leaves_no_thread_at_work():
    before = threading.active_count()
    box = (0.0, 0.0, 3000.0, 3000.0)
    parts = walked(band_walk(1, box, False), len, threads=2)
    next(parts)
    parts.close()  # the pool is shut down; bands not started are cancelled
    assert threading.active_count() == before


def test_save_writes_the_bytes_of_one_thread(tmp_path):
    patch = generate_hats(500, 400, seed=2)
    patch.save(tmp_path / "one.csv", neighbours=True)
    patch.save(tmp_path / "two.csv", neighbours=True, threads=2)
    assert (tmp_path / "two.csv").read_bytes() == (tmp_path / "one.csv").read_bytes()


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf", "geojson"])
def test_threads_are_refused_for_the_other_formats(fmt, tmp_path):
    patch = generate_hats(20, 20, 1)
    with pytest.raises(TilewrightError, match=f"threads make csv and jsonl, not {fmt}"):
        written(patch, fmt, 2)
    with pytest.raises(TilewrightError, match="threads make csv and jsonl"):
        patch.save(tmp_path / f"hats.{fmt}", threads=2)
    assert not any(tmp_path.iterdir())  # refused before the file was opened


def test_threads_are_refused_for_the_breadth_first_method():
    patch = generate_hats(20, 20, 1, method="bfs")
    with pytest.raises(TilewrightError, match="by the line method, not by the bfs method"):
        written(patch, "csv", 2)
    line = written(generate_hats(20, 20, 1), "csv", 1).splitlines()
    assert sorted(written(patch, "csv", 1).splitlines()) == sorted(line)  # one thread is fine


@pytest.mark.parametrize("threads", [0, -3, 257, 10**6])
def test_thread_counts_out_of_range_are_refused(threads):
    with pytest.raises(TilewrightError, match=f"threads must be 1 to 256, got {threads}"):
        written(generate_hats(20, 20, 1), "csv", threads)


@pytest.mark.parametrize("threads", [2.0, 2.5, "2", None, True])
def test_thread_counts_that_are_not_whole_are_refused(threads):
    with pytest.raises(TypeError, match="threads"):
        written(generate_hats(20, 20, 1), "csv", threads)


def test_the_command_line_writes_the_same_rows_and_refuses_threads_where_unused(capsysbinary):
    for fmt in ("csv", "jsonl"):
        one = run(capsysbinary, "400x300", "-s", "4", "-f", fmt, "--neighbours")
        assert one[0] == 0 and one[2] == ""
        args = ("400x300", "-s", "4", "-f", fmt, "--neighbours", "--threads", "2")
        assert run(capsysbinary, *args) == one
    for args in (("-f", "svg"), ("-f", "geojson"), ("-f", "parquet", "-o", "hats")):
        status, out, err = run(capsysbinary, "20x20", "-s", "4", "--threads", "2", *args)
        assert status == 2 and out == b"" and err.count("\n") == 1, args
        assert "--threads is for -f csv and -f jsonl" in err, args
    for bad in ("0", "257", "1.5"):
        status, out, err = run(capsysbinary, "20x20", "-f", "csv", "--threads", bad)
        assert status == 2 and out == b"" and err.count("\n") == 1 and "--threads" in err
