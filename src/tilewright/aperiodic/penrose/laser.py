"""Laser-ready outlines of Penrose patches: every edge in the region once, as the Spectre's
and the hat's (:mod:`tilewright.aperiodic.cut`), with vertices numbered by their exact
points, so that the two tiles' copies of an edge are one edge without a float comparison.
"""

from typing import BinaryIO

import numpy as np

from tilewright.aperiodic import cut
from tilewright.aperiodic.penrose.region import vertex_numbers, xy
from tilewright.aperiodic.penrose.tiling import PenrosePatch
from tilewright.aperiodic.tiling_patch import choice
from tilewright.core.memory import check_fits
from tilewright.core.picture_size import PIXEL_BUDGET
from tilewright.core.polylines import join_segments

# the compiled kernels a cut runs beyond the patch's own (for the word before compiling)
KERNEL_MODULES = ("tilewright.core._polyline_kernels",)


def penrose_cut_paths(patch: PenrosePatch) -> cut.CutPaths:
    """The patch's edges inside its region, each once, joined into polylines, then the
    region's rectangle (as :func:`~tilewright.aperiodic.cut.cut_paths`).

    Examples
    --------
    >>> from tilewright.aperiodic.penrose.tiling import generate_penrose
    >>> paths = penrose_cut_paths(generate_penrose(6, 4, seed=1))
    >>> paths.region
    (0.0, 0.0, 6.0, 4.0)
    """
    check_fits(patch.approximate_count * cut.BYTES_PER_TILE, "cutting this patch")
    corners = patch.found.exact.reshape(-1, 4)
    keys = vertex_numbers(corners)
    points = np.empty((int(keys.max(initial=-1)) + 1, 2))
    points[keys] = xy(corners)
    box = patch.region
    edges = cut._edges(keys, 4)
    cut._snap(points, box)
    segments, placed = cut._clipped_edges(edges, points, box)
    used, numbers = np.unique(segments, return_inverse=True)
    ptr, ids = join_segments(numbers.reshape(-1, 2), num_vertices=len(used))
    return cut._with_outline(ptr, ids, placed[used], box)


def write_penrose_cut(
    patch: PenrosePatch,
    sink: BinaryIO,
    fmt: str,
    scale: float | None = None,
    max_side: int = PIXEL_BUDGET,
) -> None:
    """Write the patch's cut as svg, pdf or dxf (as :func:`~tilewright.aperiodic.cut.write_cut`)."""
    from tilewright.aperiodic import writers

    fmt = choice(fmt, cut.FORMATS, "a cut's format")
    scale = writers.picture_scale(patch.width, patch.height, scale, max_side)
    paths = penrose_cut_paths(patch)
    info = {**patch.info, "cut": True}
    if fmt == "dxf":
        sink.write(cut.cut_dxf(paths, info))
    elif fmt == "svg":
        sink.write(cut.cut_svg(paths, scale, info))
    else:
        from tilewright.core.pdf import pdf_from_svg

        sink.write(pdf_from_svg(cut.cut_svg(paths, scale, info), info, paper=None))
