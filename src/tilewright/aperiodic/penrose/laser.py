"""Penrose tiles' edges for the laser cut (:mod:`tilewright.aperiodic.cut`): each tile's
corners numbered by their exact points, so that the two tiles' copies of an edge are one
edge without a float comparison.
"""

import numpy as np

from tilewright.aperiodic.cut import TileEdges, tile_edges
from tilewright.aperiodic.penrose.region import Found, vertex_numbers, xy

# the compiled kernels a cut runs beyond the patch's own (for the word before compiling)
KERNEL_MODULES = ("tilewright.core._polyline_kernels",)


def penrose_edges(found: Found, box: tuple[float, float, float, float]) -> TileEdges:
    """The edges of the tiles ``found``, each once, for a cut of the region ``box``.

    Parameters
    ----------
    found : Found
        A patch's tiles (:attr:`~tilewright.aperiodic.penrose.tiling.PenrosePatch.found`).
    box : tuple of float
        The region (x0, y0, x1, y1), in edges.

    Returns
    -------
    TileEdges
        The tiles' edges between numbered corners, in edges, y up, and the region.

    Examples
    --------
    >>> from tilewright.aperiodic.cut import cut_paths
    >>> from tilewright.aperiodic.penrose.tiling import generate_penrose
    >>> patch = generate_penrose(6, 4, seed=1)
    >>> edges = penrose_edges(patch.found, patch.region)
    >>> edges.edges.shape[1], cut_paths(patch).region
    (2, (0.0, 0.0, 6.0, 4.0))
    """
    corners = found.exact.reshape(-1, 4)
    keys = vertex_numbers(corners)
    points = np.empty((int(keys.max(initial=-1)) + 1, 2))
    points[keys] = xy(corners)
    return TileEdges(tile_edges(keys, 4), points, box)
