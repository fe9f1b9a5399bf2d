"""Grids of polygon cells: the cells' outlines, their walls, and the cell graph between them.

A :class:`PolygonGrid` is what a maze needs from any grid — square, hexagonal, triangular,
polar, octagonal or an aperiodic patch: the outline of each cell, every wall segment once
with the cells on its two sides, and the :class:`~tilewright.core.graph.CellGraph` of which
cells share a wall. :func:`from_polygons` derives the walls and the graph from the outlines
alone, so a grid builder only lists polygons.

Why vertices are matched by integer keys, not by coordinates: two cells share a wall exactly
when their outlines share two consecutive vertices, and rounding floating-point corners
would make that depend on the grid's size. Every builder knows its vertices exactly (lattice
indices, or exact coordinates in a number field) and packs them into one int64 key each.

Coordinates are in drawing units with ``y`` pointing down, as in SVG and in pictures of
square mazes.
"""

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tilewright.core import _polygon_kernels as kernels
from tilewright.core.docstrings import fill_doc
from tilewright.core.errors import TilewrightError
from tilewright.core.graph import CellGraph
from tilewright.core.memory import check_fits
from tilewright.core.numbers import shown

# the wall_cells entry for the outside of the grid
OUTSIDE = -1
# bytes per polygon corner that from_polygons allocates beyond its inputs: vertex numbers,
# the walls' and passages' work arrays and the finished grid (measured at 10^6 cells: 38
# for Spectre tiles to 58 for hexagons)
_BUILD_CORNER_BYTES = 80
# Peak bytes per polygon corner of building a grid and holding it: the builder's keys and
# positions, from_polygons' work arrays and the finished grid with its cell graph.
# Measured (peak RSS over the interpreter's, 10^6 cells): squares 84, hexagons 83,
# triangles 87, polar 103, octagons 85, Spectre tiles 70 (plus its patch search).
GRID_CORNER_BYTES = 120
# keys spanning at most this many values a corner are numbered through a table indexed by
# key (every builder's); sparser ones through a hash table
_DENSE_KEYS = 4
# vertex ids and cell numbers are int32
MAX_CORNERS = 2**31 - 1


@dataclass(frozen=True, eq=False)
class PolygonGrid:
    """Cells with polygon outlines, their walls, and the graph of passages between them.

    Build one with :func:`from_polygons` or a grid builder (``square_grid`` …); do not
    change its arrays afterwards.

    Attributes
    ----------
    kind : str
        What grid it is: ``"square"``, ``"hex"``, ``"triangle"``, ``"polar"`` …
    params : dict
        What made it (sizes, options), for the records outputs carry.
    vertices : numpy.ndarray
        float64, shape (V, 2): every distinct corner, ``y`` down.
    polygon_ptr : numpy.ndarray
        int64, shape (n + 1,): cell ``i``'s corners are
        ``polygons[polygon_ptr[i]:polygon_ptr[i + 1]]``.
    polygons : numpy.ndarray
        int32: vertex ids of each cell's outline, in order around it.
    walls : numpy.ndarray
        int32, shape (E, 2): the two vertex ids of each wall segment, each segment once.
    wall_cells : numpy.ndarray
        int32, shape (E, 2): the cells on the two sides of each segment, ``OUTSIDE`` (-1) in
        the second column for a segment of the outer boundary.
    wall_slot : numpy.ndarray
        int64, shape (E,): the graph slot (edge) of the passage through each segment, -1 on
        the boundary. Several segments may share a slot when two cells share several.
    graph : CellGraph
        Which cells may open a passage to which. Its first ``n`` nodes are the cells; a weave
        adds one node per crossing after them (see ``under``).
    centres : numpy.ndarray
        float64, shape (n, 2): each cell's centroid, where paths are drawn through.
    under : numpy.ndarray
        int32, shape (k,): node ``n + i`` of the graph is the passage that runs under cell
        ``under[i]`` (a weave's crossing); empty for every other grid.
    """

    kind: str
    params: dict[str, Any]
    vertices: np.ndarray
    polygon_ptr: np.ndarray
    polygons: np.ndarray
    walls: np.ndarray
    wall_cells: np.ndarray
    wall_slot: np.ndarray
    graph: CellGraph
    centres: np.ndarray
    under: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))

    @property
    def num_cells(self) -> int:
        """Cells with an outline (the graph's first ``num_cells`` nodes)."""
        return len(self.polygon_ptr) - 1

    def polygon(self, cell: int) -> np.ndarray:
        """float64, shape (k, 2): the corners of ``cell``'s outline, in order."""
        return self.vertices[self.polygons[self.polygon_ptr[cell] : self.polygon_ptr[cell + 1]]]

    def areas(self) -> np.ndarray:
        """float64, shape (n,): each cell's area (shoelace formula, always positive)."""
        return np.abs(_signed_areas(self.vertices, self.polygon_ptr, self.polygons))

    def boundary(self) -> np.ndarray:
        """int64: the ids of the wall segments on the outer boundary."""
        return np.flatnonzero(self.wall_cells[:, 1] == OUTSIDE)

    def boundary_cells(self) -> np.ndarray:
        """int32: the cells with at least one wall on the outer boundary, ascending."""
        return np.unique(self.wall_cells[self.boundary(), 0])

    def bounds(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1): the smallest rectangle holding every cell."""
        x0, y0 = self.vertices.min(axis=0)
        x1, y1 = self.vertices.max(axis=0)
        return (float(x0), float(y0), float(x1), float(y1))

    def node_cell(self, nodes: np.ndarray) -> np.ndarray:
        """The cell each graph node lies in: itself, or for a weave's under-passage node the
        crossing cell it runs under."""
        nodes = np.asarray(nodes, dtype=np.int64)
        n = self.num_cells
        if len(self.under) == 0:
            return nodes
        return np.where(nodes < n, nodes, self.under[np.clip(nodes - n, 0, len(self.under) - 1)])

    @fill_doc
    def to_networkx(self, slots: np.ndarray | None = None) -> Any:
        """The grid's cell graph as a ``networkx.Graph`` (``pip install
        'tilewright[graph]'``): every pair of cells that share a wall, or only the
        ``slots`` given.

        Parameters
        ----------
        slots : numpy.ndarray, optional
            Integers: the graph's edges (slots) to include, e.g. a maze's open passages;
            default every one.

        Returns
        -------
        networkx.Graph
            Nodes are the graph's node ids: the cells, then a weave's under-passages.
            Each has the attributes ``cell`` (the cell it lies in: itself, or the crossing
            cell an under-passage runs beneath) and ``pos``, that cell's centre
            ``(x, y)`` with ``y`` down; each edge has its ``slot``.

        %(networkx_raises)s

        Examples
        --------
        >>> graph = square_grid(3, 2).to_networkx()
        >>> graph.number_of_nodes(), graph.number_of_edges(), graph.nodes[4]
        (6, 7, {'cell': 4, 'pos': (1.5, 1.5)})
        """
        from tilewright.core.extras import import_extra

        nx = import_extra("networkx", "graph", "to_networkx")
        nodes = np.arange(self.graph.num_cells)
        cells = self.node_cell(nodes)
        centres = self.centres[cells].tolist()
        graph = nx.Graph()
        graph.add_nodes_from(
            (node, {"cell": cell, "pos": (x, y)})
            for node, cell, (x, y) in zip(nodes.tolist(), cells.tolist(), centres, strict=True)
        )
        chosen = np.arange(self.graph.num_slots) if slots is None else np.asarray(slots)
        ends = self.graph.endpoints[chosen].tolist()
        graph.add_edges_from(
            (a, b, {"slot": slot}) for (a, b), slot in zip(ends, chosen.tolist(), strict=True)
        )
        return graph

    def __repr__(self) -> str:
        shown = " ".join(f"{key}={value}" for key, value in self.params.items())
        return f"<PolygonGrid {self.kind} {shown}: {self.num_cells} cells>"


def from_polygons(
    kind: str,
    params: dict[str, Any],
    counts: np.ndarray,
    keys: np.ndarray,
    coords: np.ndarray,
) -> PolygonGrid:
    """A grid from its cells' outlines: walls and the cell graph follow from shared edges.

    Parameters
    ----------
    kind : str
        The grid's name, kept in :attr:`PolygonGrid.kind`.
    params : dict
        What made the grid, kept in :attr:`PolygonGrid.params`.
    counts : array_like
        int, shape (n,): corners of each cell, at least 3.
    keys : array_like
        int64, shape (sum(counts),): each corner's vertex key, cell after cell, in order
        around each cell; equal keys are the same point.
    coords : array_like
        float, shape (sum(counts), 2): each corner's position (``y`` down).

    Returns
    -------
    PolygonGrid
        Cells numbered in the order given; vertices in ascending key order, each where
        its first corner is; walls in the order their first cell lists them; graph edge
        ``e`` joins the ``e``-th pair of neighbours found that way.

    Raises
    ------
    TilewrightError
        When the arrays disagree in length, a cell has fewer than 3 corners or two equal
        consecutive corners, an edge belongs to more than two cells (cells overlap) or
        twice to one, or the grid would not fit in memory.

    Notes
    -----
    Linear in the corners: vertices are numbered through a table indexed by key (keys
    spread more thinly than 4 a corner go through a hash table instead), and each edge is
    matched against the walls already found at its lower vertex (a handful), each pair of
    cells against the passages already found at its lower cell. 10^6 squares take about
    0.6 s and 84 bytes a corner at the peak, builder included (the NumPy sorts before:
    4 s, 320 bytes).

    Examples
    --------
    Two unit squares side by side share one wall:

    >>> keys = np.array([0, 1, 4, 3, 1, 2, 5, 4])
    >>> xy = np.array([[0, 0], [1, 0], [1, 1], [0, 1], [1, 0], [2, 0], [2, 1], [1, 1]])
    >>> grid = from_polygons("demo", {}, np.array([4, 4]), keys, xy)
    >>> grid.num_cells, len(grid.walls), len(grid.boundary()), grid.graph.num_slots
    (2, 7, 6, 1)
    """
    counts = np.asarray(counts, dtype=np.int64)
    keys = np.asarray(keys, dtype=np.int64)
    coords = np.asarray(coords, dtype=np.float64)
    total = int(counts.sum()) if len(counts) else 0
    if len(counts) == 0:
        raise TilewrightError(f"a {kind} grid needs at least one cell")
    if keys.shape != (total,) or coords.shape != (total, 2):
        raise TilewrightError("a grid's keys and coordinates need one entry per corner")
    if counts.min() < 3:
        raise TilewrightError("every cell of a grid needs at least 3 corners")
    if total > MAX_CORNERS:
        raise TilewrightError(f"a grid may have at most {MAX_CORNERS} corners, got {total}")
    check_fits(total * _BUILD_CORNER_BYTES, f"a {kind} grid of {len(counts)} cells")

    polygon_ptr = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=polygon_ptr[1:])
    low, high = int(keys.min()), int(keys.max())
    if high - low < _DENSE_KEYS * total + 1024:
        polygons, first = kernels.dense_vertices(keys, low, high - low + 1)
    else:
        table, found, first_seen = kernels.hash_keys(keys)
        # NumPy's sort (vectorised) ranks the distinct keys, the table finds their numbers
        ordered = np.sort(keys[first_seen])
        polygons, first = kernels.rank_keys(table, found, first_seen, ordered)
        del table, found
    # np.take, not coords[first]: NumPy's fancy indexing of rows took 9 times as long
    vertices = np.take(coords, first, axis=0)
    walls, wall_cells, error, _ = kernels.walls_of(polygons, polygon_ptr, len(first))
    if error == kernels.REPEATED_CORNER:
        raise TilewrightError(f"a cell of the {kind} grid repeats a corner")
    if error == kernels.THIRD_USE:
        raise TilewrightError(f"cells of the {kind} grid overlap: an edge belongs to three")
    if error == kernels.SELF_TOUCH:
        raise TilewrightError(f"a cell of the {kind} grid touches itself along an edge")
    wall_slot, endpoints = kernels.passages_of(wall_cells, len(counts))
    indptr, indices, slots = kernels.adjacency(endpoints, len(counts))
    graph = _built_graph(indptr, indices, slots, endpoints)
    return PolygonGrid(
        kind=kind,
        params=dict(params),
        vertices=vertices,
        polygon_ptr=polygon_ptr,
        polygons=polygons,
        walls=walls,
        wall_cells=wall_cells,
        wall_slot=wall_slot,
        graph=graph,
        centres=kernels.centroids(vertices, polygon_ptr, polygons),
    )


def _built_graph(
    indptr: np.ndarray, indices: np.ndarray, slots: np.ndarray, endpoints: np.ndarray
) -> CellGraph:
    """The CellGraph of arrays :func:`kernels.adjacency` laid out, without the checks
    CellGraph makes of arrays made elsewhere.

    Why: the kernel lists each edge once at each of its cells, in the dtypes CellGraph
    wants, by construction; checking it again took 40% of building a grid of 10^4
    squares (NumPy passes over every entry).
    """
    graph = object.__new__(CellGraph)
    arrays = {"indptr": indptr, "indices": indices, "slots": slots, "endpoints": endpoints}
    for name, array in arrays.items():
        object.__setattr__(graph, name, array)
    return graph


def restrict(
    grid: PolygonGrid, keep: np.ndarray, params: dict[str, Any] | None = None
) -> PolygonGrid:
    """The grid of the cells ``keep`` allows, numbered in their old order; walls between a
    kept cell and a dropped one become boundary.

    Parameters
    ----------
    grid : PolygonGrid
        A grid without crossings.
    keep : numpy.ndarray
        bool, shape (n,): the cells to keep; at least one.
    params : dict, optional
        The new grid's params (by default the old ones).

    Examples
    --------
    >>> grid = square_grid(3, 1)
    >>> small = restrict(grid, np.array([True, True, False]))
    >>> small.num_cells, len(small.boundary())
    (2, 6)
    """
    keep = np.asarray(keep, dtype=bool)
    if keep.shape != (grid.num_cells,):
        raise TilewrightError(f"a mask needs one entry per cell ({grid.num_cells})")
    if not keep.any():
        raise TilewrightError("the mask leaves no cell")
    if len(grid.under):
        raise TilewrightError("a grid with crossings cannot be restricted")
    counts = np.diff(grid.polygon_ptr)
    corner_keep = np.repeat(keep, counts)
    ids = grid.polygons[corner_keep].astype(np.int64)
    return from_polygons(
        grid.kind,
        grid.params if params is None else params,
        counts[keep],
        ids,
        grid.vertices[ids],
    )


def square_grid(width: int, height: int) -> PolygonGrid:
    """A ``width`` × ``height`` grid of unit squares as a polygon grid, cells row by row.

    Examples
    --------
    >>> grid = square_grid(3, 2)
    >>> grid.num_cells, grid.graph.num_slots, len(grid.boundary())
    (6, 7, 10)
    """
    from tilewright.core.graph import check_size

    check_size(width, height)
    if width * height > MAX_CORNERS // 4:
        raise TilewrightError(
            f"a square grid may have at most {MAX_CORNERS // 4} cells, got {shown(width * height)}"
        )
    check_fits(width * height * 4 * GRID_CORNER_BYTES, f"a square grid of {width * height} cells")
    # (height, width, 4) by broadcasting; corners clockwise on screen (y down): top-left,
    # top-right, bottom-right, bottom-left
    x = np.arange(width, dtype=np.int64)[None, :, None] + np.array([0, 1, 1, 0])
    y = np.arange(height, dtype=np.int64)[:, None, None] + np.array([0, 0, 1, 1])
    keys = (y * (width + 1) + x).ravel()
    # written through broadcasting in place: flattening the broadcast first took 5x as long
    coords = np.empty((height, width, 4, 2), dtype=np.float64)
    coords[..., 0] = x
    coords[..., 1] = y
    counts = np.full(width * height, 4, dtype=np.int64)
    return from_polygons(
        "square", {"width": width, "height": height}, counts, keys, coords.reshape(-1, 2)
    )


def _signed_areas(vertices: np.ndarray, ptr: np.ndarray, polygons: np.ndarray) -> np.ndarray:
    """Each cell's signed area by the shoelace formula."""
    x, y = vertices[polygons, 0], vertices[polygons, 1]
    following = np.arange(1, len(polygons) + 1)
    following[ptr[1:] - 1] = ptr[:-1]
    cross = x * y[following] - x[following] * y
    return np.add.reduceat(cross, ptr[:-1]) / 2
