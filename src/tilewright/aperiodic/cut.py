"""Laser-ready outlines of aperiodic patches: every edge of the tiling in the region, once.

Why a drawing of its own: the pictures (``spectre.writers.svg``) fill every tile and draw its whole
outline under a clip path, so a laser would cut each shared edge twice and every border
tile beyond the region. Here an edge is the pair of its vertices' exact numbers
(:func:`~tilewright.aperiodic.spectre.grid.vertex_keys`), so the two tiles' copies of it are
one edge with no float comparison; the edges are clipped to the region, those along its
sides are left to the region's own outline, and the rest are joined into the fewest
polylines (:func:`~tilewright.core.polylines.join_segments`). SVG, PDF (drawn from that
SVG) and DXF are all written from one :class:`CutPaths`.

This module is the engine every tiling's cut shares, and knows no tiling: each gives its
edges as :class:`TileEdges` (:mod:`~tilewright.aperiodic.spectre.laser`, with the curved
Spectre; :mod:`~tilewright.aperiodic.hat.laser`, its vertices numbered by their exact points
on the kite grid; :mod:`~tilewright.aperiodic.penrose.laser`), numbered by
:func:`tile_edges` and cut by :func:`cut_along`. A patch that :func:`cut_paths` takes names
its own tiling's edges (its ``laser_edges`` method: :class:`Cuttable`).
"""

import io
import json
import math
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import BinaryIO, Protocol, runtime_checkable

import numpy as np

from tilewright.aperiodic import writers
from tilewright.aperiodic.tiling_patch import Progress, choice
from tilewright.core.extras import require_extra
from tilewright.core.memory import check_fits
from tilewright.core.metadata import record
from tilewright.core.numbers import require_bool
from tilewright.core.picture_size import PIXEL_BUDGET
from tilewright.core.polylines import join_segments, path_data

FORMATS = ("svg", "pdf", "dxf")
SUFFIXES = {".svg": "svg", ".pdf": "pdf", ".dxf": "dxf"}
# Peak memory a tile while cutting (measured 1.55-1.66 kB from 10^4 to 3·10^5 tiles: the
# vertex numbers and positions, seven edges a tile with their clipping, the join's arrays),
# and what a DXF adds (measured 1.7 kB at 4·10^4 tiles: ezdxf's entities, the text, its bytes)
BYTES_PER_TILE = 2_000
DXF_BYTES_PER_TILE = 2_000
# An edge that only touches the region (ending on its side, or crossing a corner) keeps a
# sliver of rounding error after clipping; no laser can cut a part this short
SLIVER = 1e-9  # tile edges
# Ponoko, and the print drivers of Epilog and Trotec, take a stroke of 0.01 mm (under
# 0.001 in) as a vector cut rather than an engraving; LightBurn and Glowforge cut any
# stroke. A fixed width in user units, not vector-effect="non-scaling-stroke", because
# CairoSVG (the PDF) and several laser programs ignore vector-effect.
HAIRLINE_MM = 0.01
# red (RGB 255, 0, 0) is the vector-cut colour of the Epilog, Trotec and RDWorks drivers
CUT_COLOUR = "#ff0000"
MM_PER_PIXEL = 25.4 / 96  # a CSS pixel, as --scale counts them
DIGITS = writers.DIGITS
# straight pieces a curved edge is cut as (the curved Spectre's, ``spectre.laser``): off its
# curve by at most 0.002 edge (20 µm on an edge of 10 mm), well inside a laser's kerf
CURVE_PIECES = 16
# AC1018 (R2004): LWPOLYLINE and the header's custom properties (where the record goes);
# laser and CAM programs that read DXF read this version
DXF_VERSION = "R2004"
DXF_LAYERS = {"EDGES": 7, "BOUNDARY": 1}  # ACI colours: white/black, red


@dataclass(frozen=True)
class CutPaths:
    """A patch's cut: polylines that run along every edge in the region once, then the
    region's rectangle.

    Attributes
    ----------
    ptr : numpy.ndarray
        int64, (P + 1,): polyline ``p`` is ``ids[ptr[p]:ptr[p + 1]]``.
    ids : numpy.ndarray
        int32: indices into ``xy``; consecutive ids are a segment, and a closed polyline
        ends with its first id. The last polyline is the region's rectangle, closed,
        anticlockwise from (x0, y0).
    xy : numpy.ndarray
        float64, (V, 2): the points, in tile edges, y up, all inside ``region``.
    region : tuple of float
        (x0, y0, x1, y1): the patch's region, in the tiling's coordinates near the centre.
        Far out (past ``spectre.patch.NEAR`` or ``hat.walk.NEAR``), where those floats step by
        an eighth of an edge and more, it and ``xy`` are measured from an exact vertex
        near the region (``Patch.drawing_frame``, ``hat.walk.region_frame``), as the
        pictures are; the outputs' metadata keeps the true origin.

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> cut = cut_paths(generate(6, 4, seed=1))
    >>> cut.xy[cut.ids[cut.ptr[-2] :]].tolist()
    [[0.0, 0.0], [6.0, 0.0], [6.0, 4.0], [0.0, 4.0], [0.0, 0.0]]
    """

    ptr: np.ndarray
    ids: np.ndarray
    xy: np.ndarray
    region: tuple[float, float, float, float]

    def __len__(self) -> int:
        return len(self.ptr) - 1

    def polylines(self) -> Iterator[np.ndarray]:
        """Each polyline's points, (k, 2), y up; a closed one ends at its first point."""
        for start, end in zip(self.ptr[:-1].tolist(), self.ptr[1:].tolist(), strict=True):
            yield self.xy[self.ids[start:end]]

    @property
    def length(self) -> float:
        """The total length to cut, in tile edges, the rectangle's perimeter included.

        Examples
        --------
        >>> from tilewright.aperiodic import generate
        >>> round(cut_paths(generate(6, 4, seed=1)).length, 3)
        37.762
        """
        steps = np.diff(self.xy[self.ids], axis=0)
        within = np.ones(len(steps), dtype=bool)
        within[self.ptr[1:-1] - 1] = False  # from one polyline's end to the next's start
        return math.fsum(np.hypot(steps[within, 0], steps[within, 1]).tolist())


@dataclass(frozen=True)
class TileEdges:
    """A tiling's edges as the cut takes them (:func:`cut_along`), each once.

    Attributes
    ----------
    edges : numpy.ndarray
        int64, (E, 2): each edge's two point numbers (:func:`tile_edges`), or a curved
        edge's straight pieces.
    points : numpy.ndarray
        float64, (V, 2): each number's point, in tile edges, y up.
    box : tuple of float
        (x0, y0, x1, y1): the region, measured as ``points`` are (see :class:`CutPaths`).
    """

    edges: np.ndarray
    points: np.ndarray
    box: tuple[float, float, float, float]


@runtime_checkable
class Cuttable(Protocol):
    """A patch :func:`cut_paths` takes: one whose tiling gives its edges (a Spectre
    ``Patch``, a ``HatPatch``, a ``PenrosePatch``), so that this module need not know the
    tilings."""

    width: float
    height: float

    @property
    def info(self) -> dict[str, object]: ...

    @property
    def approximate_count(self) -> int: ...

    def laser_edges(self, progress: Progress | None = None, curved: bool = False) -> TileEdges:
        """The tiling's edges in the region, its tiles found through ``progress`` (which
        wraps their iterator); ``curved`` as for :func:`cut_paths` (a TilewrightError when
        the tiling has no curved cut)."""
        ...


def cut_paths(patch: Cuttable, curved: bool = False) -> CutPaths:
    """The patch's edges inside its region, each once, joined into polylines.

    Parameters
    ----------
    patch : Patch, HatPatch or PenrosePatch
        From :func:`~tilewright.aperiodic.generate` (by either method),
        :func:`~tilewright.aperiodic.generate_hats` or
        :func:`~tilewright.aperiodic.generate_penrose`.
    curved : bool
        Cut the curved Spectre (:mod:`~tilewright.aperiodic.spectre.curved`): each edge's S-curve
        as ``CURVE_PIECES`` straight pieces, clipped like the edges (Spectres only).

    Returns
    -------
    CutPaths
        The edges' polylines (as few as an Euler-trail split allows: one for each pair of
        points where an odd number of edges meet, one for each closed piece without such
        a point), then the region's rectangle.

    Raises
    ------
    TilewrightError
        When the cut would not fit in memory (it holds every tile, about 2 kB each).

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> cut = cut_paths(generate(20, 15, seed=1))
    >>> len(cut), len(cut.ids) - len(cut)  # polylines, segments
    (49, 282)
    """
    return _cut(patch, BYTES_PER_TILE, curved=require_bool(curved, "curved"))


def _cut(
    patch: Cuttable,
    bytes_per_tile: int,
    progress: Progress | None = None,
    curved: bool = False,
) -> CutPaths:
    _require_cuttable(patch)
    pieces = CURVE_PIECES if curved else 1
    check_fits(patch.approximate_count * bytes_per_tile * pieces, "cutting this patch")
    return cut_along(patch.laser_edges(progress, curved))


def _require_cuttable(patch: object) -> None:
    if not isinstance(patch, Cuttable):
        raise TypeError(
            f"patch must be a Spectre, hat or Penrose patch, not {type(patch).__name__}"
        )


def cut_along(found: TileEdges) -> CutPaths:
    """The tiling's edges clipped to the region and joined into polylines (as few as an
    Euler-trail split allows), then the region's rectangle: every tiling's cut.

    Examples
    --------
    >>> square = TileEdges(np.array([[0, 1], [1, 2], [2, 3], [0, 3]]),
    ...                    np.array([[0.0, 0], [2, 0], [2, 2], [0, 2]]), (-1.0, -1.0, 1.0, 1.0))
    >>> cut = cut_along(square)  # the corner (0, 0) inside, the rest clipped
    >>> len(cut), cut.xy[cut.ids[: cut.ptr[1]]].tolist()
    (2, [[0.0, 1.0], [0.0, 0.0], [1.0, 0.0]])
    """
    _snap(found.points, found.box)
    segments, xy = _clipped_edges(found.edges, found.points, found.box)
    used, numbers = np.unique(segments, return_inverse=True)
    ptr, ids = join_segments(numbers.reshape(-1, 2), num_vertices=len(used))
    return _with_outline(ptr, ids, xy[used], found.box)


def tile_edges(keys: np.ndarray, sides: int) -> np.ndarray:
    """The distinct edges of the tiles whose vertex numbers ``keys`` lists, ``sides`` a
    tile in order round it: each edge as its two numbers, the smaller first, (E, 2).

    Examples
    --------
    >>> tile_edges(np.array([0, 1, 2, 2, 1, 3]), 3).tolist()  # two triangles, a side shared
    [[0, 1], [0, 2], [1, 2], [1, 3], [2, 3]]
    """
    starts = keys.reshape(-1, sides)
    ends = np.roll(starts, -1, axis=1)
    pairs = np.column_stack((np.minimum(starts, ends).ravel(), np.maximum(starts, ends).ravel()))
    return np.unique(pairs, axis=0)


def _snap(points: np.ndarray, box: tuple[float, float, float, float]) -> None:
    """Move the points that lie outside ``box`` by no more than ``SLIVER`` onto its side.

    Why: edges that meet at a vertex just outside the region would each be clipped to a
    point of their own, a rounding error apart, and a laser would stop and start again
    there; snapped, the vertex keeps its number and the edges stay one polyline."""
    low, high = np.array(box[:2]), np.array(box[2:])
    near = np.all((points >= low - SLIVER) & (points <= high + SLIVER), axis=1)
    points[near] = np.clip(points[near], low, high)


def _clipped_edges(
    edges: np.ndarray, points: np.ndarray, box: tuple[float, float, float, float]
) -> tuple[np.ndarray, np.ndarray]:
    """The edges' parts inside ``box`` (Liang–Barsky), as segments between point numbers.

    An end inside the box keeps its vertex's number, so edges still meet there; an end
    cut at the box's side becomes a new point, numbered after ``points``. Returns the
    segments and every point's position (``points`` and the new ones).
    """
    start = points[edges[:, 0]]
    step = points[edges[:, 1]] - start
    low, high = np.array(box[:2]), np.array(box[2:])
    enter, leave = _inside(start, step, low, high)
    kept = (leave - enter) * np.hypot(step[:, 0], step[:, 1]) > SLIVER
    edges, start, step = edges[kept], start[kept], step[kept]
    enter, leave = enter[kept, None], leave[kept, None]
    cut_in, cut_out = enter[:, 0] > 0, leave[:, 0] < 1
    new_in = np.clip(start + enter * step, low, high)[cut_in]
    new_out = np.clip(start + leave * step, low, high)[cut_out]
    segments = edges.copy()
    segments[cut_in, 0] = len(points) + np.arange(len(new_in))
    segments[cut_out, 1] = len(points) + len(new_in) + np.arange(len(new_out))
    return segments, np.concatenate((points, new_in, new_out))


def _inside(
    start: np.ndarray, step: np.ndarray, low: np.ndarray, high: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Where each segment ``start + t * step`` (0 ≤ t ≤ 1) enters and leaves the box
    (``leave <= enter`` for one that misses it): Liang–Barsky's parameters."""
    enter, leave = np.zeros(len(start)), np.ones(len(start))
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for axis in (0, 1):
            moving = step[:, axis] != 0
            a = (low[axis] - start[:, axis]) / step[:, axis]
            b = (high[axis] - start[:, axis]) / step[:, axis]
            enter = np.where(moving, np.maximum(enter, np.minimum(a, b)), enter)
            leave = np.where(moving, np.minimum(leave, np.maximum(a, b)), leave)
            # Parallel to this axis's sides: outside, or along a side, which the region's
            # outline cuts. Exact: the ends of an edge along the other axis share this
            # coordinate's integers, so their floats are equal and the step is 0.
            off = ~moving & ((start[:, axis] <= low[axis]) | (start[:, axis] >= high[axis]))
            leave[off] = -1.0
    return enter, leave


def _with_outline(
    ptr: np.ndarray, ids: np.ndarray, xy: np.ndarray, box: tuple[float, float, float, float]
) -> CutPaths:
    """The polylines with the region's rectangle after them: a laser cuts in order, and
    the outline last keeps the pieces held by the sheet until every inner cut is made."""
    x0, y0, x1, y1 = box
    corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    ring = len(xy) + np.array([0, 1, 2, 3, 0], dtype=np.int32)
    return CutPaths(
        np.append(ptr, ptr[-1] + len(ring)).astype(np.int64),
        np.concatenate((ids, ring)).astype(np.int32),
        np.concatenate((xy, corners)),
        (x0, y0, x1, y1),
    )


def cut_svg(
    cut: CutPaths, scale: float = writers.SCALE, info: Mapping[str, object] | None = None
) -> bytes:
    """The cut as SVG: unfilled hairline paths, the region's rectangle its own path.

    Parameters
    ----------
    cut : CutPaths
    scale : float
        CSS pixels (1/96 inch) a tile edge; the size is written in millimetres, which
        laser programs read without guessing a resolution.
    info : mapping, optional
        Recorded in a ``<metadata>`` element.

    Returns
    -------
    bytes

    Examples
    --------
    >>> from tilewright.aperiodic import generate
    >>> svg = cut_svg(cut_paths(generate(6, 4, seed=1))).decode()
    >>> svg.count("<path"), 'fill="none"' in svg, "clipPath" in svg
    (2, True, False)
    """
    x0, y0, x1, y1 = writers.check_picture(cut.region, "type", scale)
    millimetres = scale * MM_PER_PIXEL
    view = " ".join(f"{v:.{DIGITS}f}" for v in (0.0, y0 - y1, x1 - x0, y1 - y0))
    # one transform-free drawing from the region's lower-left corner (renderers work in
    # single precision, which cannot place a tile a million edges out): y turned down here,
    # not by a transform laser programs may apply differently
    down = (cut.xy - (x0, y0)) * (1.0, -1.0)
    edges, outline = len(cut) - 1, len(cut)
    paths = "".join(
        f'<path id="{name}" d="{path_data(cut.ptr[first : last + 1], cut.ids, down, DIGITS)}"/>\n'
        for name, first, last in (("edges", 0, edges), ("boundary", edges, outline))
        if last > first
    )
    size = f'width="{(x1 - x0) * millimetres:.4f}mm" height="{(y1 - y0) * millimetres:.4f}mm"'
    drawing = (
        f'<g fill="none" stroke="{CUT_COLOUR}" '
        f'stroke-width="{HAIRLINE_MM / millimetres:.6g}" stroke-linecap="round" '
        'stroke-linejoin="round">\n'
        f"{paths}</g>\n</svg>\n"
    )
    return (writers.svg_opening(size, view, info) + drawing).encode()


def cut_dxf(cut: CutPaths, info: Mapping[str, object] | None = None) -> bytes:
    """The cut as DXF: an LWPOLYLINE a polyline in model space, one tile edge a unit.

    The edges are on layer ``EDGES``, the region's rectangle on ``BOUNDARY`` (so that a
    laser program can give it its own pass, or leave it out), both at ``cut.xy``'s
    coordinates (see :class:`CutPaths` for a far region's). ``$INSUNITS`` is 0
    (unitless): a tile edge has no size until the cut is scaled on import. ``info`` goes
    into the header's custom properties, as JSON under ``tilewright``.

    Parameters
    ----------
    cut : CutPaths
    info : mapping, optional

    Returns
    -------
    bytes
        The DXF file (ASCII).

    Examples
    --------
    >>> import ezdxf
    >>> from tilewright.aperiodic import generate
    >>> cut = cut_paths(generate(6, 4, seed=1))
    >>> doc = ezdxf.read(io.StringIO(cut_dxf(cut).decode()))
    >>> len(doc.modelspace().query("LWPOLYLINE")) == len(cut), doc.header["$INSUNITS"]
    (True, 0)
    """
    require_extra("laser", "DXF output")
    import ezdxf  # only a DXF needs it

    # A seed makes the same bytes in every format: ezdxf's fixed metadata (dates of
    # 2000-01-01, constant GUIDs) in place of the clock's, for this document only
    fixed = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True
    try:
        return _dxf_document(cut, info)
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = fixed


def _dxf_document(cut: CutPaths, info: Mapping[str, object] | None) -> bytes:
    import ezdxf

    doc = ezdxf.new(DXF_VERSION, setup=False)
    doc.header["$INSUNITS"] = 0
    x0, y0, x1, y1 = cut.region
    doc.header["$EXTMIN"], doc.header["$EXTMAX"] = (x0, y0, 0), (x1, y1, 0)
    doc.header.custom_vars.append("units", "1 drawing unit = 1 tile edge")
    if info is not None:
        text = json.dumps(record(info), separators=(",", ":"), default=str)
        doc.header.custom_vars.append("tilewright", text)
    for name, colour in DXF_LAYERS.items():
        doc.layers.add(name, color=colour)
    space = doc.modelspace()
    for number, points in enumerate(cut.polylines()):
        closed = len(points) > 3 and bool(np.array_equal(points[0], points[-1]))
        layer = "BOUNDARY" if number == len(cut) - 1 else "EDGES"
        space.add_lwpolyline(
            points[:-1] if closed else points,
            format="xy",
            close=closed,
            dxfattribs={"layer": layer},
        )
    # ezdxf registers the classes of the entity types in use in a set's order, which
    # changes from process to process; registered first, in sorted order, they keep it
    for name in sorted(doc.entitydb.dxf_types_in_use()):
        doc.classes.add_class(name)
    text_stream = io.StringIO()
    doc.write(text_stream)
    return text_stream.getvalue().encode(doc.output_encoding)


def write_cut(
    patch: Cuttable,
    sink: BinaryIO,
    fmt: str,
    scale: float | None = None,
    max_side: int = PIXEL_BUDGET,
    progress: Progress | None = None,
    curved: bool = False,
) -> None:
    """Write the patch's cut in format ``fmt`` to the binary file ``sink``.

    Parameters
    ----------
    patch : Patch, HatPatch or PenrosePatch
    sink : binary file
        Where the bytes go (:func:`save_cut` passes an all-or-nothing file).
    fmt : str
        One of ``FORMATS``: svg, pdf (the SVG drawn by cairo), dxf.
    scale : float, optional
        SVG and PDF: CSS pixels a tile edge; None fits the drawing to ``max_side``
        (:func:`~tilewright.aperiodic.writers.picture_scale`). DXF: unused.
    max_side : int
        SVG and PDF: the largest side in pixels.
    progress : callable, optional
        Wraps the iterator of chunks (a progress bar, say).
    curved : bool
        Cut the curved Spectre (as :func:`cut_paths`).

    Raises
    ------
    TypeError, TilewrightError
        For a bad argument or a drawing past the budget, before anything is written.
    """
    fmt, scale = _checked(patch, fmt, scale, max_side)
    curved = require_bool(curved, "curved")
    per_tile = BYTES_PER_TILE + (DXF_BYTES_PER_TILE if fmt == "dxf" else 0)
    write_paths(sink, _cut(patch, per_tile, progress, curved), fmt, scale, patch.info)


def write_paths(
    sink: BinaryIO, cut: CutPaths, fmt: str, scale: float, info: Mapping[str, object]
) -> None:
    """Write ``cut`` in the checked format ``fmt`` to ``sink``, with the patch's ``info``
    and ``"cut": True``; ``scale`` as for :func:`cut_svg` (unused by DXF)."""
    info = {**info, "cut": True}
    if fmt == "dxf":
        sink.write(cut_dxf(cut, info))
    elif fmt == "svg":
        sink.write(cut_svg(cut, scale, info))
    else:
        from tilewright.core.pdf import pdf_from_svg

        # paper None: a cut is drawn at the size it is cut at, never fitted to a page
        sink.write(pdf_from_svg(cut_svg(cut, scale, info), info, paper=None))


def save_cut(
    patch: Cuttable,
    path: str | os.PathLike,
    scale: float | None = None,
    max_side: int = PIXEL_BUDGET,
    curved: bool = False,
) -> None:
    """Write the patch's cut to ``path`` in the format its suffix names, all or nothing.

    Parameters
    ----------
    patch : Patch, HatPatch or PenrosePatch
    path : str or path-like
        Ending in .svg, .pdf or .dxf.
    scale, max_side, curved
        As for :func:`write_cut`.

    Raises
    ------
    TilewrightError
        For a suffix it cannot write (naming those it can), a bad argument or a drawing
        past the budget; the file is then left as it was.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from tilewright.aperiodic import generate
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "cut.dxf"
    >>> save_cut(generate(12, 8, seed=5), path)
    >>> path.read_text().count("LWPOLYLINE") > 10
    True
    """
    from tilewright.core.output import format_by_suffix, open_output

    fmt = format_by_suffix(path, SUFFIXES, "a cut")
    # checked before the file is opened, so that a refusal leaves no trace at all
    fmt, scale = _checked(patch, fmt, scale, max_side)
    curved = require_bool(curved, "curved")
    with open_output(os.fspath(path)) as sink:
        write_cut(patch, sink, fmt, scale, max_side, curved=curved)


def _checked(patch: Cuttable, fmt: str, scale: float | None, max_side: int) -> tuple[str, float]:
    """The format checked and the drawing's scale chosen (unused by DXF), or an error."""
    _require_cuttable(patch)
    fmt = choice(fmt, FORMATS, "a cut's format")
    if fmt == "dxf":
        return fmt, writers.SCALE
    return fmt, writers.picture_scale(patch.width, patch.height, scale, max_side)
