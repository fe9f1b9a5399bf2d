"""Tromino tilings as Zarr arrays: the array is the tiling, band by band, wherever the bands
are made; the output is all or nothing; the command line refuses in one line."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
import zarr
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import run_cli
from tilewright import TilewrightError
from tilewright.datasets import tiling_arrays, zarr_output
from tilewright.datasets.tiling_arrays import write_tiling_zarr
from tilewright.tromino import generate


def files(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def leftovers(folder: Path) -> list[str]:
    return [name for name in os.listdir(folder) if zarr_output.TEMPORARY in name]


@settings(max_examples=25, deadline=None)
@given(
    size=st.tuples(st.integers(2, 40), st.integers(2, 40)).filter(
        lambda size: (size[0] * size[1] - 1) % 3 == 0  # boards that tile, less a square
    ),
    seed=st.integers(0, 2**32),
    rows=st.integers(1, 45),
)
def test_the_array_is_the_tiling_for_any_chunking(tmp_path_factory, size, seed, rows):
    width, height = size
    tiling = generate(width, height, seed=seed)
    out = tmp_path_factory.mktemp("z") / "board.zarr"
    summary = write_tiling_zarr(tiling, out, rows_per_chunk=rows)
    labels = zarr.open_array(out, mode="r")
    assert labels.dtype == np.int32
    assert labels.chunks == (min(rows, height), width)
    assert np.array_equal(labels[:], tiling.labels)
    assert summary.parts == -(-height // min(rows, height))
    assert summary.items == width * height
    record = labels.attrs["tilewright"]
    assert record == {
        "family": "tromino",
        "width": width,
        "height": height,
        "missing": list(tiling.missing),
        "trominoes": tiling.trominoes,
        "seed": tiling.seed,
    }


def test_a_random_tiling_is_written_from_the_process_that_drew_it(tmp_path):
    tiling = generate(95, 62, seed=5, method="random")
    write_tiling_zarr(tiling, tmp_path / "r.zarr", rows_per_chunk=7)
    labels = zarr.open_array(tmp_path / "r.zarr", mode="r")
    assert np.array_equal(labels[:], tiling.labels)
    record = labels.attrs["tilewright"]
    assert (record["method"], record["sweeps"], record["seed"]) == ("random", 10, 5)
    with pytest.raises(TilewrightError, match="one process"):
        write_tiling_zarr(tiling, tmp_path / "w.zarr", workers=2)
    assert not (tmp_path / "w.zarr").exists()


def test_bands_made_on_dask_workers_give_the_same_bytes(tmp_path):
    tiling = generate(95, 62, seed=5)
    write_tiling_zarr(tiling, tmp_path / "here.zarr", rows_per_chunk=7)
    write_tiling_zarr(tiling, tmp_path / "dask.zarr", rows_per_chunk=7, workers=2)
    assert files(tmp_path / "dask.zarr") == files(tmp_path / "here.zarr")


def test_an_existing_array_is_replaced_whole_and_a_link_is_written_through(tmp_path):
    write_tiling_zarr(generate(8, 8, missing=(0, 0)), tmp_path / "real.zarr")
    (tmp_path / "link.zarr").symlink_to(tmp_path / "real.zarr")
    tiling = generate(10, 7, missing=(6, 9))
    write_tiling_zarr(tiling, tmp_path / "link.zarr", rows_per_chunk=3)
    assert (tmp_path / "link.zarr").is_symlink()
    assert np.array_equal(zarr.open_array(tmp_path / "real.zarr", mode="r")[:], tiling.labels)
    assert sorted(os.listdir(tmp_path)) == ["link.zarr", "real.zarr"]


@pytest.mark.parametrize("kind", ["file", "folder"])
def test_what_is_no_zarr_array_is_never_replaced(tmp_path, kind):
    out = tmp_path / "board.zarr"
    if kind == "file":
        out.write_bytes(b"keep")
    else:
        out.mkdir()
        (out / "notes.txt").write_text("keep")
    with pytest.raises(TilewrightError, match="exists and is not a Zarr array"):
        write_tiling_zarr(generate(4, 4, missing=(0, 0)), out)
    assert (out.read_bytes() if kind == "file" else (out / "notes.txt").read_bytes()) == b"keep"


def test_a_band_that_fails_leaves_the_older_array_and_no_temporary(tmp_path, monkeypatch):
    old = generate(8, 8, missing=(0, 0))
    write_tiling_zarr(old, tmp_path / "board.zarr")
    real = tiling_arrays._write_band

    def failing(band):
        if band.first >= 6:
            raise OSError("No space left on device")
        real(band)

    monkeypatch.setattr(tiling_arrays, "_write_band", failing)
    new = generate(16, 16, missing=(3, 3))
    with pytest.raises(OSError, match="No space"):
        write_tiling_zarr(new, tmp_path / "board.zarr", rows_per_chunk=3)
    assert np.array_equal(zarr.open_array(tmp_path / "board.zarr", mode="r")[:], old.labels)
    assert leftovers(tmp_path) == []


def test_sigterm_mid_run_leaves_nothing(tmp_path):
    out = tmp_path / "board.zarr"
    command = ["tromino", "tile", "8192x8192", "-s", "1", "-o", str(out)]
    process = subprocess.Popen(
        [sys.executable, "-m", "tilewright", *command],
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not leftovers(tmp_path) and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.02)
    time.sleep(0.3)  # some bands written
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGTERM, err
    assert err.strip().splitlines()[-1] == "tilewright: interrupted (SIGTERM)"
    assert os.listdir(tmp_path) == []


def test_the_command_writes_the_tiling_it_would_print(tmp_path, capsys):
    out = tmp_path / "b.zarr"
    status, err = run_cli(capsys, "tromino", "tile", "10x10", "--missing", "3,4", "-o", str(out))
    assert status == 0 and "100 cells in 1 part" in err
    expected = generate(10, 10, missing=(3, 4)).labels
    assert np.array_equal(zarr.open_array(out, mode="r")[:], expected)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["-f", "zarr"], "give -o BOARD.zarr"),
        (["-o", "b.zarr", "--colour", "four"], "labels only"),
        (["-o", "b.npy", "--workers", "2"], "for -f zarr only"),
        (["-o", "b.zarr", "--workers", "2", "--scheduler", "tcp://x:1"], "not both"),
        (["-o", "missing-folder/b.zarr"], "no folder"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch, args, said):
    monkeypatch.chdir(tmp_path)
    status, err = run_cli(capsys, "tromino", "tile", "16x16", "-s", "1", *args)
    assert status == 2
    assert said in err and len(err.strip().splitlines()) == 1
    assert os.listdir(tmp_path) == []


def test_boards_of_more_bands_than_can_be_listed_are_refused_at_once(tmp_path):
    tiling = generate(4, 3_000_001, seed=1)  # 3 million rows, one a chunk
    with pytest.raises(TilewrightError, match="bands, more than 1,000,000"):
        write_tiling_zarr(tiling, tmp_path / "tall.zarr", rows_per_chunk=1)
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize(
    ("rows", "error", "said"),
    [
        (0, TilewrightError, "rows_per_chunk must be at least 1, got 0"),
        (2.5, TypeError, "rows_per_chunk"),
    ],
)
def test_rows_per_chunk_is_checked_by_name_before_anything_is_written(tmp_path, rows, error, said):
    # the check is the tromino bands' own (``checked_band_rows``), naming this argument
    with pytest.raises(error, match=said):
        write_tiling_zarr(generate(4, 4, seed=1), tmp_path / "b.zarr", rows_per_chunk=rows)
    assert os.listdir(tmp_path) == []
