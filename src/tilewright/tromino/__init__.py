"""L-tromino tilings of boards missing one square.

:func:`generate` tiles any board that has a tiling (the missing square given, or drawn
from a seed among those that work), by construction or, with ``method="random"``, at
random with every tiling equally likely; :func:`count_tilings` counts a board's tilings
exactly; :func:`classic` is the textbook program's board; both
return a :class:`Tiling`, which colours itself properly with 3 or 4 colours and saves as
text, ``.npy``, PNG, SVG or PDF. :func:`validate` checks labels from anywhere,
:func:`obstruction` says which theorem rules a board out, and :func:`tile` and
:func:`tile_rows` give the bare labels, whole or streamed in bands of rows.

Examples
--------
>>> from tilewright.tromino import generate, validate
>>> tiling = generate(4, 4, missing=(0, 0))
>>> tiling.labels[0].tolist()
[0, 2, 3, 3]
>>> validate(tiling.labels) is None
True
"""

from tilewright.tromino.colour import adjacency, colour_grid, colour_trominoes
from tilewright.tromino.construct import plan_tiling
from tilewright.tromino.feasibility import MAX_SIDE, obstruction
from tilewright.tromino.random_tiling import count_tilings
from tilewright.tromino.result import FORMATS, SUFFIXES, Tiling, classic, generate
from tilewright.tromino.tiling import tile, tile_rows
from tilewright.tromino.validation import validate

__all__ = [
    "FORMATS",
    "MAX_SIDE",
    "SUFFIXES",
    "Tiling",
    "adjacency",
    "classic",
    "colour_grid",
    "colour_trominoes",
    "count_tilings",
    "generate",
    "obstruction",
    "plan_tiling",
    "tile",
    "tile_rows",
    "validate",
]
