"""Huge tromino tilings as Zarr arrays, band by band, made here or on a Dask cluster.

A board of 65536 × 65536 cells holds 4.3 · 10⁹ labels: 17 GB as int32, more than one
machine's memory and more than one core should wait for. Any band of rows of a tiling is
computed from positions alone (``Tiling.band``), so the board is cut into bands of whole
rows, one Zarr chunk each, and every band is one task: it computes its rows and writes
its own chunk, and no two tasks touch the same chunk. Zarr (the chunked array format
Dask and xarray read natively) then serves any window of the board without reading the
rest: ``zarr.open_array("board.zarr")[1000:1100, 5000:5100]``.

A constructed tiling's bands are made anywhere; a random tiling (``method="random"``) is
drawn whole, once, in this process (one byte a cell, up to 32768 × 32768) and its bands are
written from it here.

The array is written beside the output and renamed into place when every band is in
(``zarr_output.staged_array``), so a run that ends early leaves the output as it was. On a
cluster beyond this machine, the output must be on a file system every worker sees.

The array: ``labels``, shape (H, W), int32 (int64 when the board has 2³¹ trominoes or
more), as ``Tiling.labels``: tromino t (1 … T) on its three cells, 0 on the missing square;
chunks of whole rows, zstd-compressed. Its attributes record ``tilewright``: the family,
width, height, missing square (row, column from 0), trominoes and seed, and for a random
tiling its method and the chain's sweeps.
"""

import contextlib
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from tilewright.core.docstrings import filler
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import shown
from tilewright.datasets._docstrings import DATASETS
from tilewright.datasets.writing import Summary
from tilewright.datasets.zarr_output import CHUNK_CELLS, staged_array

__all__ = ["write_tiling_zarr"]

# A million chunks of CHUNK_CELLS is 4 · 10¹² cells, 16 TB of labels: more bands are a
# chunking too fine to be meant (bands are made as the run goes, so memory is no reason).
MAX_BANDS = 1_000_000
UNIT = "cells"


@dataclass(frozen=True)
class _Band:
    """Rows ``first`` to ``first + rows - 1`` of a tiling, written into the array at
    ``store``: picklable, for a Dask worker."""

    store: str
    width: int
    height: int
    missing: tuple[int, int]
    first: int
    rows: int


@filler(DATASETS)
def write_tiling_zarr(
    tiling: Any,
    output: str | os.PathLike,
    *,
    rows_per_chunk: int | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
) -> Summary:
    """Write the labels of ``tiling`` to the Zarr array ``output``, one band a task.

    Parameters
    ----------
    tiling : tilewright.tromino.Tiling
        Any tiling, of any size the tromino family makes.
    output : str or path
        The array's folder (conventionally ``NAME.zarr``); its parent must exist. An
        existing Zarr array there is replaced whole when the new one is complete; anything
        else there is refused.
    rows_per_chunk : int, optional
        Rows in each band and chunk; default as many as make about ``CHUNK_CELLS``
        cells (one row when a row alone is longer).
    workers : int or None
        Make bands on a ``distributed.LocalCluster`` of this many processes.
    scheduler : str or None
        Make bands on the Dask cluster at this address (the output on a shared file
        system).
    %(progress)s

    %(zarr_returns)s

    Raises
    ------
    TypeError, TilewrightError
        For bad arguments, an output that exists and is no Zarr array, a parent folder that
        is missing, a band that cannot fit in memory, or more than ``MAX_BANDS`` bands; all
        before any band is made.

    Examples
    --------
    >>> import zarr
    >>> from tilewright.tromino import generate
    >>> tiling = generate(40, 25, missing=(3, 4))
    >>> summary = write_tiling_zarr(tiling, "board.zarr", rows_per_chunk=8)
    >>> labels = zarr.open_array("board.zarr")
    >>> summary.parts, labels.chunks, bool((labels[:] == tiling.labels).all())
    (4, (8, 40), True)
    """
    import zarr

    from tilewright.datasets.dask_runs import checked_cluster, results_in_order
    from tilewright.tromino.tiling import checked_band_rows

    width, height = tiling.width, tiling.height
    rows_per_chunk = checked_band_rows(
        width, height, rows_per_chunk, name="rows_per_chunk", cells=CHUNK_CELLS
    )
    count = -(-height // rows_per_chunk)
    if count > MAX_BANDS:
        raise TilewrightError(
            f"a {width}x{height} board in chunks of {rows_per_chunk} rows makes "
            f"{shown(count)} bands, more than {MAX_BANDS:,}"
        )
    drawn = tiling.method == "random"
    if drawn and (workers is not None or scheduler is not None):
        raise TilewrightError(
            "a random tiling is drawn whole in one process: write it without workers or a scheduler"
        )
    workers = checked_cluster(workers, scheduler)
    started = time.perf_counter()
    with staged_array(output) as temporary:
        dtype = np.int32 if tiling.trominoes < 2**31 else np.int64
        array = zarr.create_array(
            store=temporary,
            shape=(height, width),
            chunks=(rows_per_chunk, width),
            dtype=dtype,
            fill_value=0,
        )
        array.attrs["tilewright"] = {
            "family": "tromino",
            "width": width,
            "height": height,
            "missing": list(tiling.missing),
            "trominoes": tiling.trominoes,
            "seed": tiling.seed,
            # a random tiling's method and sweeps, as its pictures record them
            **{key: tiling.info[key] for key in ("method", "sweeps") if key in tiling.info},
        }
        missing = (int(tiling.missing[0]), int(tiling.missing[1]))
        bands = (
            _Band(temporary, width, height, missing, first, min(rows_per_chunk, height - first))
            for first in range(0, height, rows_per_chunk)
        )
        if drawn:  # the tiling is here, drawn once: its bands are written from it
            results: Any = _write_drawn_bands(tiling, bands)
        else:
            results = results_in_order(_write_band, bands, workers=workers, scheduler=scheduler)
        # closed here, not when collected, so that no worker still writes in the folder
        # when it is removed
        with contextlib.closing(results):
            done = results
            if progress:
                from tqdm import tqdm

                done = tqdm(results, total=count, unit="band", leave=False)
            try:
                for _ in done:  # each band is in its chunk once its task returns
                    pass
            except OSError as error:
                # a worker's error names no file ([Errno 28] No space left on device):
                # name the output, as the command line's one line then shows it
                if error.filename is None and error.strerror:
                    error.filename = os.fspath(output)
                raise
    seconds = time.perf_counter() - started
    cells = width * height
    return Summary(cells, count, count, seconds, os.fspath(output), UNIT)


def _write_drawn_bands(tiling: Any, bands: Iterator[_Band]) -> Iterator[None]:
    """Write the bands of a tiling held in this process into their chunks, one a step."""
    import zarr

    for band in bands:
        labels = zarr.open_array(band.store, mode="r+")
        labels[band.first : band.first + band.rows] = tiling.band(band.first, band.rows)
        yield


def _write_band(band: _Band) -> None:
    """Make one band and write it into its chunk (on whichever process runs it)."""
    import zarr

    from tilewright.tromino import Tiling

    tiling = Tiling(band.width, band.height, band.missing)
    labels = zarr.open_array(band.store, mode="r+")
    labels[band.first : band.first + band.rows] = tiling.band(band.first, band.rows)
