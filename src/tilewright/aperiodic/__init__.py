"""Aperiodic tilings: the Spectre and the hat monotiles and Penrose's kites and darts and
rhombs, by combinatorial coordinates and exact geometry; one subpackage a tiling, over
what they share (the patch base, rows on threads, the laser cut, the collection's grids).

A seed fixes one Spectre tiling of the whole plane; :func:`generate` gives its patch over
a rectangle as a :class:`Patch`, whose tiles are found in bounded memory, iterated as
:class:`Tile` objects (stable id, Greek metatile type, exact place, colour) or as arrays
(:meth:`Patch.chunks`), and saved by suffix (:meth:`TilingPatch.save`, every tiling's:
SVG, PNG, PDF, JSON Lines, CSV, GeoJSON). :func:`cut_paths` gives its outline for laser
cutters, each edge once and clipped to the region (:func:`save_cut`: SVG, PDF, DXF).
:func:`validate` checks a patch exactly, edge by edge.

:func:`generate_hats` does the same for the hat tiling (:class:`HatPatch` of
:class:`HatTile`, walked kite by kite in bounded memory, four-coloured), drawn with any
Tile(a, b) of the hat's family, cut for lasers by the same :func:`cut_paths`, and as a maze
grid (:func:`hat_grid`); :func:`validate_hats` checks a hat patch kite by kite.

:func:`spectres_grid`, :func:`hats_grid` and :func:`penrose_grid` build the public puzzle
collection's Spectre, hat and Penrose grids from its grid descriptions, face for face (or
draw a patch from a seed and write its description: :func:`spectres_description` …).
:func:`generate_penrose` gives the Penrose rhombs (P3) or kites and darts (P2) over any
rectangle as a :class:`PenrosePatch`, each tile once with exact corners, four-coloured
(the same colour in any region), written and cut as the Spectre's are.

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
.. [2] Simon Tatham, "Combinatorial coordinates for the aperiodic Spectre tiling", 2023.
.. [3] D. Smith, J. S. Myers, C. S. Kaplan and C. Goodman-Strauss, "An aperiodic monotile",
   Combinatorial Theory 4(1), 2024.
.. [4] Simon Tatham, "Combinatorial coordinates for the aperiodic hat tiling", 2023.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names as the type checker sees them
    from tilewright.aperiodic.cut import FORMATS as CUT_FORMATS
    from tilewright.aperiodic.cut import CutPaths, cut_dxf, cut_paths, cut_svg, save_cut, write_cut
    from tilewright.aperiodic.hat.collection_grid import hats_description, hats_grid
    from tilewright.aperiodic.hat.coordinates import HatTiling
    from tilewright.aperiodic.hat.tiling import HatPatch, generate_hats, hat_grid
    from tilewright.aperiodic.hat.validation import validate_hats
    from tilewright.aperiodic.hat.walk import HatTile
    from tilewright.aperiodic.penrose import penrose_description, penrose_grid
    from tilewright.aperiodic.penrose.tiling import PenrosePatch, generate_penrose
    from tilewright.aperiodic.spectre.collection_grid import spectres_description, spectres_grid
    from tilewright.aperiodic.spectre.coordinates import Tiling
    from tilewright.aperiodic.spectre.grid import spectre_grid
    from tilewright.aperiodic.spectre.patch import Chunk, Placed, Tile, check_region
    from tilewright.aperiodic.spectre.tiling import Patch, generate
    from tilewright.aperiodic.spectre.validation import validate
    from tilewright.aperiodic.tiling_patch import FORMATS, METHODS, SUFFIXES, TilingPatch
    from tilewright.aperiodic.writers import COLOURINGS, picture_scale

# Each name is imported on first use (PEP 562): a command that writes Spectres as CSV
# loads neither the hat, nor the laser cut, nor the pictures.
_LAZY = {
    "hats_description": ("tilewright.aperiodic.hat.collection_grid", "hats_description"),
    "hats_grid": ("tilewright.aperiodic.hat.collection_grid", "hats_grid"),
    "spectres_description": (
        "tilewright.aperiodic.spectre.collection_grid",
        "spectres_description",
    ),
    "spectres_grid": ("tilewright.aperiodic.spectre.collection_grid", "spectres_grid"),
    "penrose_description": ("tilewright.aperiodic.penrose", "penrose_description"),
    "penrose_grid": ("tilewright.aperiodic.penrose", "penrose_grid"),
    "PenrosePatch": ("tilewright.aperiodic.penrose.tiling", "PenrosePatch"),
    "generate_penrose": ("tilewright.aperiodic.penrose.tiling", "generate_penrose"),
    "Tiling": ("tilewright.aperiodic.spectre.coordinates", "Tiling"),
    "CUT_FORMATS": ("tilewright.aperiodic.cut", "FORMATS"),
    "CutPaths": ("tilewright.aperiodic.cut", "CutPaths"),
    "cut_dxf": ("tilewright.aperiodic.cut", "cut_dxf"),
    "cut_paths": ("tilewright.aperiodic.cut", "cut_paths"),
    "cut_svg": ("tilewright.aperiodic.cut", "cut_svg"),
    "save_cut": ("tilewright.aperiodic.cut", "save_cut"),
    "write_cut": ("tilewright.aperiodic.cut", "write_cut"),
    "HatPatch": ("tilewright.aperiodic.hat.tiling", "HatPatch"),
    "generate_hats": ("tilewright.aperiodic.hat.tiling", "generate_hats"),
    "hat_grid": ("tilewright.aperiodic.hat.tiling", "hat_grid"),
    "HatTiling": ("tilewright.aperiodic.hat.coordinates", "HatTiling"),
    "validate_hats": ("tilewright.aperiodic.hat.validation", "validate_hats"),
    "HatTile": ("tilewright.aperiodic.hat.walk", "HatTile"),
    "spectre_grid": ("tilewright.aperiodic.spectre.grid", "spectre_grid"),
    "Chunk": ("tilewright.aperiodic.spectre.patch", "Chunk"),
    "Placed": ("tilewright.aperiodic.spectre.patch", "Placed"),
    "Tile": ("tilewright.aperiodic.spectre.patch", "Tile"),
    "check_region": ("tilewright.aperiodic.spectre.patch", "check_region"),
    "FORMATS": ("tilewright.aperiodic.tiling_patch", "FORMATS"),
    "METHODS": ("tilewright.aperiodic.tiling_patch", "METHODS"),
    "SUFFIXES": ("tilewright.aperiodic.tiling_patch", "SUFFIXES"),
    "TilingPatch": ("tilewright.aperiodic.tiling_patch", "TilingPatch"),
    "Patch": ("tilewright.aperiodic.spectre.tiling", "Patch"),
    "generate": ("tilewright.aperiodic.spectre.tiling", "generate"),
    "validate": ("tilewright.aperiodic.spectre.validation", "validate"),
    "COLOURINGS": ("tilewright.aperiodic.writers", "COLOURINGS"),
    "picture_scale": ("tilewright.aperiodic.writers", "picture_scale"),
}

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
    "PenrosePatch",
    "Placed",
    "Tile",
    "Tiling",
    "TilingPatch",
    "check_region",
    "cut_dxf",
    "cut_paths",
    "cut_svg",
    "generate",
    "generate_hats",
    "generate_penrose",
    "hat_grid",
    "hats_description",
    "hats_grid",
    "penrose_description",
    "penrose_grid",
    "picture_scale",
    "save_cut",
    "spectre_grid",
    "spectres_description",
    "spectres_grid",
    "validate",
    "validate_hats",
    "write_cut",
]


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    module, attribute = _LAZY[name]
    value = getattr(import_module(module), attribute)
    globals()[name] = value  # found at once next time
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
