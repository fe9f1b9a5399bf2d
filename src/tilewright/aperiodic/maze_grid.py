"""The Spectre and hat patches as the command line's ``--grid`` offers them.

Each tiling builds its own grid (:func:`~tilewright.aperiodic.spectre.grid.spectre_grid`,
:func:`~tilewright.aperiodic.hat.tiling.hat_grid`); the entries here name the builders,
which are imported when a grid is built, so listing the grids loads no tiling. They sit
beside :data:`~tilewright.core.grids.GRID_KINDS` in ``registry.grid_kinds``, with the puzzle
collection's grids (``collection_grid_kinds``).
"""

from functools import partial
from typing import Any

from tilewright.core.grids import GridKind


def _build(module: str, name: str, *numbers: int, seed: int | None = None, **fixed: Any) -> Any:
    from importlib import import_module

    return getattr(import_module(module), name)(*numbers, seed=seed, **fixed)


def built_by(module: str, name: str, **fixed: Any) -> Any:
    """A grid kind's builder: ``module``'s function ``name``, imported when a grid is built.

    Parameters
    ----------
    module, name : str
        Where the builder is (``"tilewright.aperiodic.hat.tiling"``, ``"hat_grid"``).
    **fixed
        Keyword arguments passed on to it every time (``which="p2"``).

    Returns
    -------
    callable
        Taking the size's numbers and ``seed=``, as :class:`~tilewright.core.grids.GridKind`
        calls its builder.

    Examples
    --------
    >>> built_by("tilewright.aperiodic.hat.tiling", "hat_grid")(6, 4, seed=2).kind
    'hat'
    """
    return partial(_build, module, name, **fixed)


SPECTRE_GRID = GridKind(
    "spectre",
    "WIDTHxHEIGHT: the region in tile edges (about 8.2 square edges a tile)",
    "30x20",
    2,
    1,
    built_by("tilewright.aperiodic.spectre.grid", "spectre_grid"),
    seeded=True,
)
"""The Spectre grid (:func:`~tilewright.aperiodic.spectre.grid.spectre_grid`) for the command
line, beside ``tilewright.core.grids.GRID_KINDS``."""

HAT_GRID = GridKind(
    "hat",
    "WIDTHxHEIGHT: the region in hat units (about 13.9 square units a hat)",
    "40x30",
    2,
    1,
    built_by("tilewright.aperiodic.hat.tiling", "hat_grid"),
    seeded=True,
)
"""The hat grid (:func:`~tilewright.aperiodic.hat.tiling.hat_grid`) for the command line, kept
here beside the Spectre's so that ``hat.py`` needs no grid module to write hats."""
