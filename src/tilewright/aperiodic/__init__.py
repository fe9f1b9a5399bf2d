"""Aperiodic monotile tilings: the Spectre and the hat, by combinatorial coordinates and
exact geometry.

A seed fixes one Spectre tiling of the whole plane; :func:`generate` gives its patch over
a rectangle as a :class:`Patch`, whose tiles are found in bounded memory, iterated as
:class:`Tile` objects (stable id, Greek metatile type, exact place, colour) or as arrays
(:meth:`Patch.chunks`), and saved by suffix (:meth:`Patch.save`: SVG, PNG, PDF, JSON Lines,
CSV, GeoJSON). :func:`cut_paths` gives its outline for laser cutters, each edge once and
clipped to the region (:func:`save_cut`: SVG, PDF, DXF). :func:`validate` checks a patch
exactly, edge by edge.

:func:`generate_hats` does the same for the hat tiling (:class:`HatPatch` of
:class:`HatTile`, walked kite by kite in bounded memory, four-coloured), drawn with any
Tile(a, b) of the hat's family, cut for lasers by the same :func:`cut_paths`, and as a maze
grid (:func:`hat_grid`); :func:`validate_hats` checks a hat patch kite by kite.

Examples
--------
>>> from tilewright.aperiodic import generate, validate
>>> patch = generate(40, 30, seed=3)
>>> patch
<Spectre patch 40x30 at (0,0) seed=3: 179 tiles>
>>> validate(patch) is None
True

References
----------
.. [1] D. Smith, J. S. Myers, C. S. Kaplan and C. Goodman-Strauss, "A chiral aperiodic
   monotile", Combinatorial Theory 4(2), 2024.
.. [2] S. Tatham, "Combinatorial coordinates for the aperiodic Spectre tiling", 2023.
.. [3] D. Smith, J. S. Myers, C. S. Kaplan and C. Goodman-Strauss, "An aperiodic monotile",
   Combinatorial Theory 4(1), 2024.
.. [4] S. Tatham, "Combinatorial coordinates for the aperiodic hat tiling", 2023.
"""

from tilewright.aperiodic.coordinates import Tiling
from tilewright.aperiodic.cut import FORMATS as CUT_FORMATS
from tilewright.aperiodic.cut import CutPaths, cut_dxf, cut_paths, cut_svg, save_cut, write_cut
from tilewright.aperiodic.hat import HatPatch, generate_hats, hat_grid
from tilewright.aperiodic.hat_coordinates import HatTiling
from tilewright.aperiodic.hat_validation import validate_hats
from tilewright.aperiodic.hat_walk import HatTile
from tilewright.aperiodic.maze_grid import spectre_grid
from tilewright.aperiodic.patch import Chunk, Placed, Tile, check_region
from tilewright.aperiodic.spectre import FORMATS, METHODS, SUFFIXES, Patch, generate
from tilewright.aperiodic.validation import validate
from tilewright.aperiodic.writers import COLOURINGS, picture_scale

__all__ = [
    "COLOURINGS",
    "CUT_FORMATS",
    "FORMATS",
    "METHODS",
    "SUFFIXES",
    "Chunk",
    "CutPaths",
    "HatPatch",
    "HatTile",
    "HatTiling",
    "Patch",
    "Placed",
    "Tile",
    "Tiling",
    "check_region",
    "cut_dxf",
    "cut_paths",
    "cut_svg",
    "generate",
    "generate_hats",
    "hat_grid",
    "picture_scale",
    "save_cut",
    "spectre_grid",
    "validate",
    "validate_hats",
    "write_cut",
]
