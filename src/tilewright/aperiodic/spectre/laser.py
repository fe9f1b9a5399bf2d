"""The Spectre's edges for the laser cut (:mod:`tilewright.aperiodic.cut`), straight or
curved: each tile's fourteen vertices numbered by their exact points
(:func:`~tilewright.aperiodic.spectre.grid.vertex_keys`), so that the two tiles' copies of an
edge are one edge with no float comparison; a curved edge is cut as ``CURVE_PIECES``
straight pieces along its S-curve (:mod:`~tilewright.aperiodic.spectre.curved`).
"""

from collections.abc import Iterable

import numpy as np

from tilewright.aperiodic.cut import CURVE_PIECES, TileEdges, tile_edges
from tilewright.aperiodic.spectre import curved as curved_module
from tilewright.aperiodic.spectre.geometry import SPECTRE_EDGES
from tilewright.aperiodic.spectre.grid import vertex_keys
from tilewright.aperiodic.spectre.patch import Chunk

# the compiled kernels a cut runs beyond the patch's own (for the word before compiling)
KERNEL_MODULES = ("tilewright.aperiodic.spectre._grid_kernels", "tilewright.core._polyline_kernels")


def spectre_edges(
    chunks: Iterable[Chunk],
    box: tuple[float, float, float, float],
    base: np.ndarray | None,
    curved: bool = False,
) -> TileEdges:
    """The edges of the tiles in ``chunks``, each once, for a cut of ``box``.

    Parameters
    ----------
    chunks : iterable of Chunk
        A patch's tiles (:meth:`~tilewright.aperiodic.spectre.tiling.Patch.chunks`).
    box : tuple of float
        The region, measured from ``base``.
    base : numpy.ndarray or None
        The exact vertex ((4,) int64) the points are measured from, or None for the
        centre (as :meth:`~tilewright.aperiodic.spectre.tiling.Patch.drawing_frame` gives
        them with ``box``: far out, the tiling's own floats are too coarse to cut).
    curved : bool
        Each edge's S-curve as ``CURVE_PIECES`` straight pieces.

    Returns
    -------
    TileEdges
        The tiles' edges (or their curves' pieces) between numbered points, y up,
        measured from ``base``, and ``box``.

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> patch = generate(6, 4, seed=1)
    >>> found = spectre_edges(patch.chunks(), *patch.drawing_frame())
    >>> found.box, found.edges.shape[1]
    ((0.0, 0.0, 6.0, 4.0), 2)
    """
    turns, corners = _tile_arrays(chunks)
    keys, xy = vertex_keys(turns, corners if base is None else corners - base)
    points = np.empty((int(keys.max(initial=-1)) + 1, 2))
    points[keys] = xy * (1.0, -1.0)  # vertex_keys turns y down; the cut keeps it up
    edges = tile_edges(keys, SPECTRE_EDGES)
    if curved:
        edges, points = _curves(edges, points)
    return TileEdges(edges, points, box)


def _tile_arrays(chunks: Iterable[Chunk]) -> tuple[np.ndarray, np.ndarray]:
    """Every tile's turn and exact corner, from the chunks."""
    turns, corners = [np.empty(0, np.int64)], [np.empty((0, 4), np.int64)]
    for chunk in chunks:
        turns.append(chunk.turn)
        corners.append(chunk.corners)
    return np.concatenate(turns), np.concatenate(corners)


def _curves(edges: np.ndarray, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each edge replaced by the ``CURVE_PIECES`` segments along its S-curve: new points
    numbered after ``points``, the edge's own ends kept (so curves still meet there).

    The curve is symmetric about the edge's midpoint, so it is the same whichever end
    ``tile_edges`` put first, as both tiles along it draw it."""
    count = len(edges)
    chord = np.stack((points[edges[:, 0]], points[edges[:, 1]]), axis=1)  # (E, 2, 2)
    inner = curved_module.along(chord, CURVE_PIECES)  # (E, CURVE_PIECES - 1, 2)
    numbers = len(points) + np.arange(count * (CURVE_PIECES - 1)).reshape(count, -1)
    chain = np.column_stack((edges[:, :1], numbers, edges[:, 1:]))  # (E, CURVE_PIECES + 1)
    segments = np.stack((chain[:, :-1], chain[:, 1:]), axis=2).reshape(-1, 2)
    return segments, np.concatenate((points, inner.reshape(-1, 2)))
