"""Datasets of many mazes, written as Parquet, on one machine or a Dask cluster.

>>> from tilewright.datasets import MazeConfig, generate, load
>>> summary = generate(MazeConfig(15, 15, "wilson"), 1000, seed=1, output="mazes")
>>> load("mazes").num_rows
1000

Each item reproduces alone: its ``seed`` column is the seed ``tilewright.mazes.generate``
takes (see ``maze_rows``). Writing, resuming and the manifest: see ``writing``.
"""

from tilewright.datasets.config import ENDPOINTS, MazeConfig
from tilewright.datasets.maze_rows import connection_lists, item_seeds, maze_items
from tilewright.datasets.reading import iter_mazes, load
from tilewright.datasets.writing import MANIFEST, PART_SIZE, Summary, generate

__all__ = [
    "ENDPOINTS",
    "MANIFEST",
    "PART_SIZE",
    "MazeConfig",
    "Summary",
    "connection_lists",
    "generate",
    "item_seeds",
    "iter_mazes",
    "load",
    "maze_items",
]
