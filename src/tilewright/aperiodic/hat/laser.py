"""The hat's edges for the laser cut (:mod:`tilewright.aperiodic.cut`): each hat's vertices
numbered by their exact points on the kite grid, so that the two hats' copies of an edge
are one edge with no float comparison.
"""

from collections.abc import Iterable

import numpy as np

from tilewright.aperiodic.cut import TileEdges, tile_edges
from tilewright.aperiodic.hat.geometry import HAT_VERTICES
from tilewright.aperiodic.hat.walk import HatFrame, grid_xy, outlines

# the compiled kernels a cut runs beyond the patch's own (for the word before compiling)
KERNEL_MODULES = ("tilewright.core._polyline_kernels",)


def hat_edges(batches: Iterable[np.ndarray], frame: HatFrame) -> TileEdges:
    """The edges of the hats in ``batches``, each once, for a cut of ``frame``'s region.

    Parameters
    ----------
    batches : iterable of numpy.ndarray
        A patch's hats (:meth:`~tilewright.aperiodic.hat.tiling.HatPatch.batches`).
    frame : HatFrame
        The region's (:func:`~tilewright.aperiodic.hat.walk.region_frame`): the points are
        measured from its kite-grid point, in hat units (far out, a hat's own floats are
        too coarse to cut).

    Returns
    -------
    TileEdges
        The hats' edges between numbered outline points, in hat units from the frame's
        kite-grid point, y up, and the frame's box.

    Examples
    --------
    >>> from tilewright.aperiodic import generate_hats
    >>> from tilewright.aperiodic.hat.walk import region_frame
    >>> patch = generate_hats(6, 4, seed=1)
    >>> found = hat_edges(patch.batches(), region_frame(patch.region))
    >>> found.box, found.edges.shape[1]
    ((0.0, 0.0, 6.0, 4.0), 2)
    """
    found = np.concatenate([np.empty((0, 6), np.int64), *batches])
    points = outlines(found).reshape(-1, 2)
    # equal numbers exactly for equal grid points; positions y up, from the frame's point
    distinct, keys = np.unique(points, axis=0, return_inverse=True)
    xy = grid_xy((distinct - frame.origin).astype(np.float64))
    return TileEdges(tile_edges(keys.reshape(-1).astype(np.int64), HAT_VERTICES), xy, frame.box)
