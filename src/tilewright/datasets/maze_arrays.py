"""Huge mazes as Zarr arrays: the connection list written band by band, in bounded memory.

A 100000 × 100000 maze holds 2 · 10¹⁰ passages: 20 GB as bools, past one machine's memory,
yet the row-based algorithms (Eller, sidewinder, binary tree) make it in O(width) memory a
band of rows at a time (``mazes.stream_bands``). This module writes those bands as the
chunks of one array that any tool reads a window of, without the rest:
``zarr.open_array("maze.zarr")[:, 5000:5100, 200:300]``.

Why one process and not one task a band, as the tromino boards have: a maze's random
numbers are one stream, drawn row after row, and Eller's sets carry from each row to the
next, so band k cannot start before band k − 1 ends; splitting the stream would make
another maze than ``generate`` makes from the seed.

The array: shape (2, H, W), bool, maze-dataset's connection-list layout as
``Maze.connections``: ``[0]`` passage down, ``[1]`` passage right; chunks (2, R, W) of
whole rows, zstd-compressed. Its attributes record ``tilewright``: ``Maze.info`` (family,
size, algorithm, seed, parameters). Written all or nothing (``zarr_output``).
"""

import os
import time
from collections.abc import Iterable
from typing import Any

import numpy as np

from tilewright.core.docstrings import filler
from tilewright.core.errors import TilewrightError
from tilewright.datasets._docstrings import DATASETS
from tilewright.datasets.writing import Summary
from tilewright.datasets.zarr_output import CHUNK_CELLS, staged_array

__all__ = ["chunk_rows", "write_maze_zarr"]


def chunk_rows(width: int) -> int:
    """Rows in a chunk of a maze ``width`` cells wide: about ``CHUNK_CELLS`` cells, at
    least one row.

    Examples
    --------
    >>> chunk_rows(1000), chunk_rows(10**7)
    (4194, 1)
    """
    return max(1, CHUNK_CELLS // width)


@filler(DATASETS)
def write_maze_zarr(
    bands: Iterable[Any],
    width: int,
    height: int,
    output: str | os.PathLike,
    *,
    info: dict[str, Any],
    progress: bool = False,
) -> Summary:
    """Write a maze given as bands of ``chunk_rows(width)`` rows to the Zarr array
    ``output``.

    Parameters
    ----------
    bands : iterable of tilewright.mazes.Band
        The maze's rows top to bottom, ``chunk_rows(width)`` rows a band (the last may
        have fewer): ``stream_bands(..., rows_per_band=R)`` or ``Maze.bands(R)``.
    width, height : int
        The maze's size.
    output : str or path
        The array's folder (conventionally ``NAME.zarr``); an existing Zarr array there is
        replaced whole once the new one is complete, anything else is refused.
    info : dict
        What made the maze (``Maze.info``), kept in the array's attributes.
    %(progress)s

    %(zarr_returns)s

    Raises
    ------
    TilewrightError
        For an output that cannot be written, and when the bands do not cover the maze in
        chunks of whole rows.

    Examples
    --------
    >>> import zarr
    >>> from tilewright.mazes import generate
    >>> maze = generate(30, 20, "kruskal", seed=4)
    >>> summary = write_maze_zarr(maze.bands(chunk_rows(30)), 30, 20, "maze.zarr",
    ...                           info=maze.info)
    >>> bool((zarr.open_array("maze.zarr")[:] == maze.connections).all())
    True
    """
    import zarr

    rows = min(chunk_rows(width), height)
    started = time.perf_counter()
    with staged_array(output) as temporary:
        array = zarr.create_array(
            store=temporary,
            shape=(2, height, width),
            chunks=(2, rows, width),
            dtype=np.bool_,
            fill_value=False,
        )
        array.attrs["tilewright"] = dict(info)
        if progress:
            from tqdm import tqdm

            bands = tqdm(bands, total=-(-height // rows), unit="band", leave=False)
        done = 0
        for band in bands:
            if band.first_row != done or band.rows != min(rows, height - done):
                raise TilewrightError(
                    f"a band of rows {band.first_row} to {band.first_row + band.rows - 1} "
                    f"is not the chunk of {rows} rows from row {done}"
                )
            array[:, done : done + band.rows] = np.stack((band.south, band.east))
            done += band.rows
        if done != height:
            raise TilewrightError(f"the bands cover {done} of the maze's {height} rows")
    chunks = -(-height // rows)
    seconds = time.perf_counter() - started
    return Summary(width * height, chunks, chunks, seconds, os.fspath(output), "cells")
