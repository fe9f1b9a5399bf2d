"""The puzzle collection's four aperiodic grids as the command line's ``--grid`` offers them.

Each is drawn from the seed (a grid description, as the collection would write one, is
kept in the grid's params); the builders are imported when a grid is built, so listing
the names costs nothing. They sit beside
:data:`~tilewright.core.grids.GRID_KINDS` in ``cli/maze_grid.py``.
"""

from functools import partial
from typing import Any

from tilewright.core.grids import GridKind
from tilewright.core.polygon_grid import PolygonGrid


def _spectres(width: int, height: int, seed: int | None = None) -> PolygonGrid:
    from tilewright.aperiodic.spectre.collection_grid import spectres_grid

    return spectres_grid(width, height, seed=seed)


def _hats(width: int, height: int, seed: int | None = None) -> PolygonGrid:
    from tilewright.aperiodic.hat.collection_grid import hats_grid

    return hats_grid(width, height, seed=seed)


def _penrose(width: int, height: int, which: str, seed: int | None = None) -> Any:
    from tilewright.aperiodic.penrose import penrose_grid

    return penrose_grid(width, height, which, seed=seed)


COLLECTION_GRIDS = (
    GridKind(
        "penrose-p2",
        "WIDTHxHEIGHT: the puzzle collection's size (about 0.85 kites and darts a square unit)",
        "20x15",
        2,
        3,
        partial(_penrose, which="p2"),
        seeded=True,
    ),
    GridKind(
        "penrose-p3",
        "WIDTHxHEIGHT: the puzzle collection's size (about 0.85 rhombs a square unit)",
        "20x15",
        2,
        3,
        partial(_penrose, which="p3"),
        seeded=True,
    ),
    GridKind(
        "hats",
        "WIDTHxHEIGHT: the puzzle collection's size (about 0.7 hats a square unit)",
        "20x20",
        2,
        6,
        _hats,
        seeded=True,
    ),
    GridKind(
        "spectres",
        "WIDTHxHEIGHT: the puzzle collection's size (7x7 Spectre edges a unit, about "
        "0.7 tiles a square unit)",
        "20x20",
        2,
        6,
        _spectres,
        seeded=True,
    ),
)
"""Penrose kites and darts (P2) and rhombs (P3), hats and Spectres, as Loopy draws them
(in the order of its grid types)."""
