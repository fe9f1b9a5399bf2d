"""Datasets of many mazes, written as Parquet, on one machine or a Dask cluster.

>>> from tilewright.datasets import MazeConfig, generate, load
>>> summary = generate(MazeConfig(15, 15, "wilson"), 1000, seed=1, output="mazes")
>>> load("mazes").num_rows
1000

Each item reproduces alone: its ``seed`` column is the seed ``tilewright.mazes.generate``
takes (see ``maze_rows``). Rectangles puzzles, tromino tilings and Loopy puzzles:
``RectanglesConfig``, ``TrominoConfig`` and ``LoopyConfig`` (see ``rectangle_rows``,
``tromino_rows``, ``loopy_rows``). Several sizes or algorithms in one dataset:
``Mixture``. Filters and the removal of duplicates: ``selection``. Writing and resuming:
``writing`` and ``part_files``; where the work runs: ``dask_runs``.

The package needs the ``datasets`` extra (``pip install 'tilewright[datasets]'``):
without it, importing the package raises ``tilewright.core.extras.MissingExtraError``.
"""

from tilewright.core.extras import require_extra

# before any module of the package imports pyarrow: one clear error in its place
require_extra("datasets", "tilewright.datasets")

from tilewright.datasets.config import ENDPOINTS, MazeConfig, config_from_dict
from tilewright.datasets.loopy_rows import LoopyConfig, loopy_puzzles
from tilewright.datasets.maze_dataset_conversion import to_maze_dataset
from tilewright.datasets.maze_rows import (
    connection_lists,
    item_seeds,
    maze_items,
    solution_paths,
)
from tilewright.datasets.mixture import Mixture
from tilewright.datasets.reading import iter_mazes, load
from tilewright.datasets.rectangle_rows import RectanglesConfig, puzzle_grids
from tilewright.datasets.selection import row_keys
from tilewright.datasets.tromino_rows import TrominoConfig, tiling_colours, tiling_labels
from tilewright.datasets.writing import MANIFEST, PART_SIZE, Summary, generate

__all__ = [
    "ENDPOINTS",
    "MANIFEST",
    "PART_SIZE",
    "LoopyConfig",
    "MazeConfig",
    "Mixture",
    "RectanglesConfig",
    "Summary",
    "TrominoConfig",
    "config_from_dict",
    "connection_lists",
    "generate",
    "item_seeds",
    "iter_mazes",
    "load",
    "loopy_puzzles",
    "maze_items",
    "puzzle_grids",
    "row_keys",
    "solution_paths",
    "tiling_colours",
    "tiling_labels",
    "to_maze_dataset",
]
