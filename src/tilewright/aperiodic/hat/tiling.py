"""A hat patch as one object: ``generate_hats`` it, iterate its hats, ``save`` it.

Like a Spectre ``Patch``, a ``HatPatch`` holds only its parameters: the kite walk
(``walk``) finds the hats again, in bounded memory, each time they are asked for.
The breadth-first method (``bfs``) holds the whole patch by nature; it searches once,
on first use, and keeps the result.
"""

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

import numpy as np

from tilewright.aperiodic import writers
from tilewright.aperiodic.hat import writers as hat_writers
from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.geometry import HAT_AREA, HAT_VERTICES, TYPES
from tilewright.aperiodic.hat.shapes import HAT_SHAPE, check_shape, shaped
from tilewright.aperiodic.hat.walk import HatTile, batch_tiles, found_batches, region_frame
from tilewright.aperiodic.patch import FLOAT_STEPS, farthest_within, positive_region
from tilewright.aperiodic.threaded import Walk

# a hat patch is written in the Spectre's formats, named by the same suffixes
from tilewright.aperiodic.tiling_patch import (
    METHODS,
    PICTURES,
    NotebookPatch,
    Progress,
    Written,
    check_grid_fits,
    choice,
)
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.seeds import resolve_seed

if TYPE_CHECKING:
    # imported where used: a line walk written as text loads neither the breadth-first
    # search's kernels nor the polygon grid's (some 15 ms of its start)
    from tilewright.aperiodic.cut import TileEdges
    from tilewright.aperiodic.hat.bfs import Searched
    from tilewright.core.polygon_grid import PolygonGrid

# A far region's walk starts from a kite found through the hierarchy (``hierarchy``),
# in milliseconds at any distance; the limit is the floats': at 2⁵⁰ float64 numbers are a
# quarter of a hat unit apart, and a side must span FLOAT_STEPS of them
HAT_MAX_COORDINATE = 2.0**50
REPR_COUNT_LIMIT = 50_000
REPR_SVG_LIMIT = 5_000
# bytes a picture holds a hat while it is drawn: its HatTile and outline (measured 820 for
# the hat, 5,400 redrawn with another shape, whose lifts spread through dicts of vertices)
PICTURE_BYTES_PER_HAT = 1_000
SHAPED_BYTES_PER_HAT = 6_000


class _Drawing(NamedTuple):
    """What a hat picture draws: the hats, their outlines (in hat units from the walk's
    frame), the box drawn, the scale, and whether the drawing is cut at the box (the
    region; a redrawn shape shows the whole patch instead)."""

    tiles: list[HatTile]
    outlines: Sequence[np.ndarray]
    box: tuple[float, float, float, float]
    scale: float
    clip: bool


class HatPatch(NotebookPatch):
    """Every hat of one hat tiling that meets a rectangle; made by :func:`generate_hats`.

    Attributes
    ----------
    width, height : float
        The region's sides in hat units (the hat's short side is 1).
    origin : tuple of float
        Its lower-left corner (x, y); y points up.
    seed : int
        The tiling.
    method : str
        ``"line"`` (row by row, bounded memory) or ``"bfs"`` (breadth first, held whole):
        the same hats, in different orders.

    Examples
    --------
    >>> patch = generate_hats(30, 20, seed=3)
    >>> patch
    <Hat patch 30x20 at (0,0) seed=3: 60 hats, 8 reflected>
    """

    family = "hat"
    colourings = hat_writers.COLOURINGS
    tile_word = "hats"
    named = "a hat patch"
    tile_area = HAT_AREA
    reach = 4.0

    # found on first use and kept: the reflected hats' count, the breadth-first search
    _reflected: int | None = None
    _searched: "Searched | None" = None

    @property
    def info(self) -> dict[str, object]:
        """What made the patch, as every output that can carry it records it."""
        # the method as the Spectre's records it; left out for the line walk, whose
        # outputs were written without it
        method = {"method": self.method} if self.method != "line" else {}
        return {**self._described(), "seed": self.seed, **method}

    def __iter__(self) -> Iterator[HatTile]:
        return (tile for batch in self.batches() for tile in batch_tiles(batch))

    def batches(self, neighbours: bool = False) -> Iterator[np.ndarray]:
        """The hats as arrays, batch by batch (``walk.found_batches``): for speed, and
        with ``neighbours`` the ids of the hats across each edge."""
        if self.method == "bfs":
            return self._breadth_first(neighbours).batches(neighbours)
        return found_batches(HatTiling(self.seed), self.region, neighbours)

    def laser_edges(self, progress: Progress | None = None, curved: bool = False) -> "TileEdges":
        """The edges the laser cut (:func:`~tilewright.aperiodic.cut.cut_paths`) follows,
        each once (:func:`~tilewright.aperiodic.hat.laser.hat_edges`), its hats found
        through ``progress``; a TilewrightError for ``curved``, a Spectre's cut only."""
        if curved:
            raise TilewrightError("only Spectres are cut curved, not hats")
        from tilewright.aperiodic.hat.laser import hat_edges

        frame = region_frame(self.region)
        batches = self.batches()
        return hat_edges(progress(batches) if progress is not None else batches, frame)

    def _breadth_first(self, neighbours: bool) -> "Searched":
        """The breadth-first search's result, made on first use and kept (again, once,
        if neighbours are asked for after a search without them)."""
        from tilewright.aperiodic.hat.bfs import breadth_first

        if self._searched is None or (neighbours and not self._searched.named):
            self._searched = breadth_first(HatTiling(self.seed), self.region, neighbours)
        return self._searched

    def __len__(self) -> int:
        if self._count is None:
            self._tally()
        return self._count  # type: ignore[return-value]

    def _tally(self) -> None:
        """Count the hats, and the reflected ones among them, in one pass."""
        count = reflected = 0
        for batch in self.batches():
            count += len(batch)
            reflected += int(np.sum((batch[:, 3] == TYPES.index("H")) & (batch[:, 4] == 3)))
        self._count, self._reflected = count, reflected

    def __repr__(self) -> str:
        region = self._region_text()
        if self._count is None and self.approximate_count > REPR_COUNT_LIMIT:
            return f"<Hat patch {region} seed={self.seed}: about {self.approximate_count:,} hats>"
        if self._reflected is None:  # counted by a write, which counts no reflected hats
            self._tally()
        counts = f"{self._count} hats, {self._reflected} reflected"
        return f"<Hat patch {region} seed={self.seed}: {counts}>"

    def _svg_limit(self) -> int:
        return REPR_SVG_LIMIT

    def _text_walk(self, neighbours: bool, threads: int) -> Walk:
        """Bands of the region's rows of hexagons on threads (``threads.band_walk``); on
        one, the whole walk (a band costs a walk to its first hexagon)."""
        if threads == 1:
            return Walk.whole(self.batches(neighbours))
        from tilewright.aperiodic.hat.threads import band_walk

        return band_walk(self.seed, self.region, neighbours)

    def _row_maker(self, fmt: str, neighbours: bool) -> Callable[[np.ndarray], tuple[bytes, int]]:
        return functools.partial(_batch_rows, fmt=fmt)

    def _csv_header(self, neighbours: bool) -> bytes:
        return hat_writers.csv_header(neighbours)

    def _check_tiling(self, written: Written) -> Written:
        """The shape checked (None is the hat), and any other drawn only in pictures."""
        shape = HAT_SHAPE if written.shape is None else check_shape(written.shape)
        if shape != HAT_SHAPE and written.fmt not in PICTURES:
            raise TilewrightError(f"a shape draws svg, pdf or png, not {written.fmt}")
        return replace(written, shape=shape)

    def _write_geojson(self, sink: BinaryIO, progress: Progress | None) -> None:
        sink.writelines(hat_writers.geojson((progress or iter)(iter(self)), self.info))

    def _picture_info(self, written: Written) -> dict[str, object]:
        return self.info | {"shape": list(written.shape or HAT_SHAPE)}

    def _svg(self, written: Written) -> Iterator[bytes]:
        drawn = self._drawing(written)
        info = self._picture_info(written)
        return hat_writers.svg(
            drawn.tiles,
            drawn.outlines,
            drawn.box,
            written.colour,
            written.plain,
            drawn.scale,
            info,
            drawn.clip,
        )

    def _png(self, written: Written) -> bytes:
        drawn = self._drawing(written)
        fills = [hat_writers.fill(tile, written.colour) for tile in drawn.tiles]
        parts = writers.held_parts(drawn.outlines, fills)
        return writers.paint_png(parts, drawn.box, drawn.scale, self._picture_info(written))

    def _drawing(self, written: Written) -> "_Drawing":
        """The hats and their outlines in ``written.shape``, as the picture draws them."""
        tiles = [tile for tile in self]
        # drawn from the walk's frame: far out, absolute floats would bend every edge
        frame = region_frame(self.region)
        box, scale = frame.box, written.pixels
        shape = written.shape or HAT_SHAPE
        if shape == HAT_SHAPE:
            return _Drawing(tiles, [tile.xy(frame.origin) for tile in tiles], box, scale, True)
        outlines = shaped(tiles, shape, frame.origin)
        if outlines:
            points = np.concatenate(outlines)
            (x0, y0), (x1, y1) = points.min(axis=0) - 0.5, points.max(axis=0) + 0.5
            box = (float(x0), float(y0), float(x1), float(y1))
            # the redrawn tiles reach past the region: a chosen scale is the default for
            # all they cover, a given one kept to the budget
            fits = written.max_side / max(x1 - x0, y1 - y0)
            chosen_scale = writers.picture_scale(x1 - x0, y1 - y0, None, written.max_side)
            scale = chosen_scale if written.scale is None else min(scale, fits)
        return _Drawing(tiles, outlines, box, scale, False)

    def _check_picture(self, written: Written) -> None:
        """Refuse, before the walk, a picture whose hats would not fit in memory: it holds
        every hat (a PNG its pixels too, checked with its size), a PDF its SVG as well."""
        count = self.approximate_count
        shape = written.shape
        held = count * (PICTURE_BYTES_PER_HAT if shape == HAT_SHAPE else SHAPED_BYTES_PER_HAT)
        if written.fmt == "pdf":
            from tilewright.core.pdf import check_pdf_fits  # loads the page layouts: pdf only

            svg_bytes = count * writers.SVG_BYTES_PER_TILE[written.plain]
            check_pdf_fits(svg_bytes, f"about {count:,} hats", held)
        else:
            check_fits(held, f"a picture of about {count:,} hats ({written.fmt})")


def check_hat_region(
    width: float, height: float, origin: tuple[float, float] = (0.0, 0.0)
) -> tuple[float, float, tuple[float, float]]:
    """A hat region checked: positive finite sides, within ``HAT_MAX_COORDINATE``, each
    side at least ``FLOAT_STEPS`` steps of the floats at its farthest corner.

    Examples
    --------
    >>> check_hat_region(30, 20, (-5, 2))
    (30.0, 20.0, (-5.0, 2.0))
    """
    width, height, x, y = positive_region(width, height, origin)
    words = ("a hat region", "hat units", "hat")
    farthest = farthest_within((x, y, x + width, y + height), HAT_MAX_COORDINATE, words)
    # a side spans a few steps of the floats there, or x + width would round it away
    smallest = FLOAT_STEPS * float(np.spacing(farthest))
    if min(width, height) < smallest:
        raise TilewrightError(
            f"a hat region's sides must be at least {smallest:.3g} hat units this far out "
            f"({FLOAT_STEPS} steps of the floats there), got {width:g}x{height:g}"
        )
    return width, height, (x, y)


def generate_hats(
    width: float,
    height: float,
    seed: int | None = None,
    origin: tuple[float, float] = (0, 0),
    method: str = "line",
) -> HatPatch:
    """The patch of the hat tiling ``seed`` over [x, x + width] × [y, y + height].

    A seed fixes one hat tiling of the whole plane; every hat whose interior meets the
    rectangle belongs to the patch, once. Regions are in hat units (the hat's short side
    is 1, its area 8√3).

    Parameters
    ----------
    width, height : float
        Finite and positive; the region within ±``HAT_MAX_COORDINATE`` of the centre.
    seed : int, optional
        The tiling; None draws one (read it back from ``patch.seed``).
    origin : pair of float
        The region's lower-left corner (x, y), y up.
    method : str
        ``"line"`` walks the region's hexagons row by row in bounded memory; ``"bfs"``
        searches it breadth first from its first hat (``bfs``) and holds the whole
        patch (about 95 bytes a hat, 450 with neighbours): the same hats, in
        breadth-first order.

    Returns
    -------
    HatPatch

    Raises
    ------
    TypeError, TilewrightError
        As :func:`~tilewright.aperiodic.generate` raises them (for the hat's region).

    References
    ----------
    .. [1] D. Smith, J. S. Myers, C. S. Kaplan and C. Goodman-Strauss, "An aperiodic
       monotile", Combinatorial Theory 4(1), 2024.
    .. [2] S. Tatham, "Combinatorial coordinates for the aperiodic hat tiling", 2023.

    Examples
    --------
    >>> patch = generate_hats(30, 20, seed=3)
    >>> inner = {tile.id for tile in generate_hats(10, 10, seed=3, origin=(10, 5))}
    >>> inner <= {tile.id for tile in patch}  # the same tiling, any region
    True
    >>> by_bfs = generate_hats(30, 20, seed=3, method="bfs")
    >>> sorted(t.id for t in by_bfs) == sorted(t.id for t in patch)
    True
    """
    method = choice(method, METHODS, "method")
    width, height, origin = check_hat_region(width, height, origin)
    if method == "bfs":
        from tilewright.aperiodic.hat.bfs import check_memory

        check_memory((origin[0], origin[1], origin[0] + width, origin[1] + height))
    return HatPatch(width, height, origin, resolve_seed(seed), method)


def hat_grid(
    width: float,
    height: float,
    seed: int | None = None,
    origin: tuple[float, float] = (0, 0),
) -> "PolygonGrid":
    """The hats of a patch as the cells of a grid, for mazes: neighbours across edges.

    The hat tiling is edge to edge on the kite grid (every side two hats share is a whole
    kite edge of both, and the middle of a hat's side of length 2 is one of its 14
    vertices), so two cells are neighbours when their hats share an edge. Vertices are
    exact grid points, packed into one int64 key each. Drawn with ``y`` down, as
    :func:`~tilewright.aperiodic.spectre_grid` is, and as it from a point near a far
    region.

    Parameters
    ----------
    width, height, seed, origin
        As for :func:`~tilewright.aperiodic.spectre_grid`, in hat units (see
        :func:`generate_hats`).

    Returns
    -------
    PolygonGrid
        Kind ``"hat"``, params ``width``, ``height``, ``origin``, ``seed``; cells in the
        walk's order, each a 14-gon of area 8√3.

    Examples
    --------
    >>> grid = hat_grid(20, 15, seed=1)
    >>> grid.num_cells == len(generate_hats(20, 15, seed=1))
    True
    >>> bool(np.allclose(grid.areas(), 8 * np.sqrt(3)))
    True
    """
    from tilewright.core.polygon_grid import from_polygons

    width, height, origin = check_hat_region(width, height, origin)
    seed = resolve_seed(seed)
    check_grid_fits(width, height, HAT_AREA, HAT_VERTICES, ("a hat grid", "hats"))
    tiles = list(generate_hats(width, height, seed, origin))
    # each outline reversed: anticlockwise with y up is clockwise once y points down, as
    # grids take their cells
    points = np.array([tile.vertices()[::-1] for tile in tiles], dtype=np.int64).reshape(-1, 2)
    low = points.min(axis=0) if len(points) else np.zeros(2, np.int64)
    span = int(points[:, 1].max() - low[1] + 1) if len(points) else 1
    keys = (points[:, 0] - low[0]) * span + (points[:, 1] - low[1])
    # far out measured from a kite-grid point near the region, as the pictures are
    start = region_frame((origin[0], origin[1], origin[0] + width, origin[1] + height)).origin
    xy = np.concatenate([tile.xy(start)[::-1] for tile in tiles]) if tiles else np.zeros((0, 2))
    params = {"width": width, "height": height, "origin": list(origin), "seed": seed}
    counts = np.full(len(tiles), HAT_VERTICES, dtype=np.int64)
    return from_polygons("hat", params, counts, keys, xy * np.array([1.0, -1.0]))


def _batch_rows(batch: np.ndarray, fmt: str) -> tuple[bytes, int]:
    """A batch's text rows and its count of hats: a batch's work in a write."""
    return hat_writers.text_rows(batch, fmt), len(batch)
