"""The puzzle collection's four aperiodic grids as the command line's ``--grid`` offers them.

Each is drawn from the seed (a grid description, as the collection would write one, is
kept in the grid's params); the builders are imported when a grid is built
(:func:`~tilewright.aperiodic.maze_grid.built_by`), so listing the names costs nothing.
They sit beside :data:`~tilewright.core.grids.GRID_KINDS` in ``cli/maze_grid.py``.
"""

from tilewright.aperiodic.maze_grid import built_by
from tilewright.core.grids import GridKind

_PENROSE = "tilewright.aperiodic.penrose"
COLLECTION_GRIDS = (
    GridKind(
        "penrose-p2",
        "WIDTHxHEIGHT: the puzzle collection's size (about 0.85 kites and darts a square unit)",
        "20x15",
        2,
        3,
        built_by(_PENROSE, "penrose_grid", which="p2"),
        seeded=True,
    ),
    GridKind(
        "penrose-p3",
        "WIDTHxHEIGHT: the puzzle collection's size (about 0.85 rhombs a square unit)",
        "20x15",
        2,
        3,
        built_by(_PENROSE, "penrose_grid", which="p3"),
        seeded=True,
    ),
    GridKind(
        "hats",
        "WIDTHxHEIGHT: the puzzle collection's size (about 0.7 hats a square unit)",
        "20x20",
        2,
        6,
        built_by("tilewright.aperiodic.hat.collection_grid", "hats_grid"),
        seeded=True,
    ),
    GridKind(
        "spectres",
        "WIDTHxHEIGHT: the puzzle collection's size (7x7 Spectre edges a unit, about "
        "0.7 tiles a square unit)",
        "20x20",
        2,
        6,
        built_by("tilewright.aperiodic.spectre.collection_grid", "spectres_grid"),
        seeded=True,
    ),
)
"""Penrose kites and darts (P2) and rhombs (P3), hats and Spectres, as Loopy draws them
(in the order of its grid types)."""
