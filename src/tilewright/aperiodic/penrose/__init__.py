"""Penrose tilings as the puzzle collection's Loopy builds them: kites and darts (P2) and
rhombs (P3), by combinatorial coordinates and exact geometry.

:func:`penrose_grid` gives the collection's grid for a grid description (the part of a
Loopy game ID before ``_``) face for face, dot for dot and edge for edge, or draws a
description from a seed; :func:`penrose_description` draws one the collection accepts.

Examples
--------
>>> from tilewright.aperiodic.penrose import penrose_grid
>>> grid = penrose_grid(10, 10, "p3", description="00XDYYCCXDD")
>>> grid.kind, grid.num_cells
('penrose-p3', 69)

References
----------
.. [1] R. Penrose, "Pentaplexity: a class of non-periodic tilings of the plane", 1979.
.. [2] S. Tatham, "Aperiodic tilings: combinatorial coordinates", 2023.
"""

from tilewright.aperiodic.penrose.collection_grid import penrose_description, penrose_grid

__all__ = ["penrose_description", "penrose_grid"]
