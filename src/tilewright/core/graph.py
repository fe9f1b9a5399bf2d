"""Grids as cell graphs.

A *cell graph* is what every non-row-based maze algorithm runs on: cells numbered
``0 .. n-1``, and for each cell the neighbours it may open a passage to. Each possible passage
has a *slot*, an index into a boolean array that a generator fills in (``True`` = open).

Two kinds exist (see ``_graph_access`` for how kernels read them):

* :class:`SquareGrid`: a W×H grid of squares, cells numbered row-major. Its neighbours are
  computed, not stored, and its slots are laid out so that the slot array reshaped to
  ``(2, H, W)`` *is* maze-dataset's ``connection_list``: slot ``i`` is the passage from cell
  ``i`` down, slot ``n + i`` the passage from cell ``i`` to the right.
* :class:`CellGraph`: any graph in compressed sparse row (CSR) form — hexagonal, triangular or
  aperiodic tilings — with one slot per undirected edge. Kernels read it as a padded
  neighbour table when its cells have about as many neighbours each, else as CSR.
"""

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from tilewright.core.docstrings import fill_doc
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_int, shown

# Kernels keep cell numbers in int32 arrays to halve their memory; 2**31 cells is far beyond
# what a 24 GiB machine can hold for any algorithm that needs the whole graph anyway.
MAX_GRAPH_CELLS = 2**31 - 1
# Bytes per cell and per edge of building a CellGraph (the CSR arrays and the temporaries
# of sorting the edges twice over).
_CSR_CELL_BYTES = 16
_CSR_EDGE_BYTES = 120
# The arrays of a CellGraph and the dtypes the kernels are compiled for.
_CSR_DTYPES = {"indptr": np.int64, "indices": np.int32, "slots": np.int64, "endpoints": np.int32}
# A neighbour table holds a cell's sides as bits of one word (so at most 64 a cell), its slots
# in int32, and is used only while padding at most doubles the entries of the CSR rows.
# Why not more: the dodecagon grids (12 wide, 4.7 to 6 neighbours a cell on average) are
# just past it, and their backtracker at 10⁶ cells was no faster on a table than on CSR
# rows, while the table would add 97 bytes a cell (benchmarks/README.md, grid_mazes.py).
_TABLE_MAX_WIDTH = 64
_TABLE_MAX_SLOTS = 2**31 - 1


@dataclass(frozen=True)
class SquareGrid:
    """A ``width`` × ``height`` grid of square cells, numbered row by row.

    Parameters
    ----------
    width, height : int
        Cells across and down, at least 1, as :func:`check_size` checks them (raising its
        ``TypeError`` or ``TilewrightError``).

    Examples
    --------
    >>> grid = SquareGrid(3, 2)
    >>> grid.num_cells, grid.num_slots
    (6, 12)
    """

    width: int
    height: int

    def __post_init__(self) -> None:
        check_size(self.width, self.height)

    @property
    def num_cells(self) -> int:
        """Cells in the grid: ``width * height``."""
        return self.width * self.height

    @property
    def num_slots(self) -> int:
        """Passage slots: one down and one right per cell (those off the edge stay shut)."""
        return 2 * self.num_cells

    def kernel_graph(self) -> tuple[np.int64, np.int64]:
        """The form kernels take: ``(width, height)``, as int64 so each kernel compiles once."""
        return (np.int64(self.width), np.int64(self.height))

    @fill_doc
    def to_networkx(self) -> Any:
        """The grid as a ``networkx.Graph`` (``pip install 'tilewright[graph]'``): a node
        per cell, an edge between every two cells side by side.

        Returns
        -------
        networkx.Graph
            Nodes are the cell numbers (row by row) with the attributes ``row`` and
            ``col``; each edge has its ``slot`` (``i`` down from cell ``i``, ``n + i``
            right of it).

        %(networkx_raises)s

        Examples
        --------
        >>> graph = SquareGrid(3, 2).to_networkx()
        >>> graph.number_of_edges(), graph.nodes[4], graph.edges[1, 4]
        (7, {'row': 1, 'col': 1}, {'slot': 1})
        """
        from tilewright.core.extras import import_extra

        nx = import_extra("networkx", "graph", "to_networkx")
        n, width = self.num_cells, self.width
        graph = nx.Graph()
        graph.add_nodes_from((i, {"row": i // width, "col": i % width}) for i in range(n))
        cells = np.arange(n)
        down = cells[cells + width < n].tolist()
        right = cells[cells % width != width - 1].tolist()
        graph.add_edges_from((i, i + width, {"slot": i}) for i in down)
        graph.add_edges_from((i, i + 1, {"slot": n + i}) for i in right)
        return graph


@dataclass(frozen=True, eq=False)
class CellGraph:
    """An undirected graph in CSR form, one slot per edge.

    ``indptr[i]:indptr[i+1]`` delimits cell ``i``'s entries in ``indices`` (neighbour cells)
    and ``slots`` (the edge's slot); ``endpoints[e]`` holds the two cells of edge ``e``.
    Build it with :meth:`from_edges`. Made directly, the arrays are checked: the right
    dtypes (int64, int32, int64, int32), and each edge listed exactly once at each of its
    two cells, since the compiled walks index with them unchecked. Do not change the arrays
    afterwards.

    Raises
    ------
    TypeError
        When an array is not a NumPy array of its dtype and number of dimensions.
    TilewrightError
        When the arrays do not describe one undirected graph.

    Examples
    --------
    A path of three cells, 0 - 1 - 2:

    >>> graph = CellGraph.from_edges(3, [[0, 1], [1, 2]])
    >>> graph.num_cells, graph.num_slots, graph.max_degree
    (3, 2, 2)
    >>> sorted(graph.indices[graph.indptr[1] : graph.indptr[2]].tolist())  # 1's neighbours
    [0, 2]
    """

    indptr: np.ndarray
    indices: np.ndarray
    slots: np.ndarray
    endpoints: np.ndarray

    def __post_init__(self) -> None:
        for name, dtype in _CSR_DTYPES.items():
            array = getattr(self, name)
            ndim = 2 if name == "endpoints" else 1
            if not isinstance(array, np.ndarray) or array.dtype != dtype or array.ndim != ndim:
                raise TypeError(f"CellGraph.{name} must be a {ndim}-d {np.dtype(dtype)} array")
        _check_csr(self.indptr, self.indices, self.slots, self.endpoints)

    @classmethod
    def from_edges(cls, num_cells: int, edges: np.ndarray) -> "CellGraph":
        """Build from an ``(m, 2)`` array of undirected edges (no loops, no repeats).

        Parameters
        ----------
        num_cells : int
            Cells, numbered 0 to ``num_cells - 1``; 1 to ``MAX_GRAPH_CELLS``.
        edges : array_like
            Integers, shape (m, 2): the two cells of each edge (m may be 0).

        Returns
        -------
        CellGraph
            The graph; edge ``e`` is slot ``e``.

        Raises
        ------
        TypeError
            When ``num_cells`` is not an integer or ``edges`` does not hold integers.
        TilewrightError
            When ``num_cells`` is out of range, ``edges`` is not (m, 2), or an edge names a
            cell outside the graph, joins a cell to itself or is listed twice.

        Examples
        --------
        A hexagon's ring of six cells:

        >>> ring = CellGraph.from_edges(6, [[i, (i + 1) % 6] for i in range(6)])
        >>> ring.endpoints[ring.slots[ring.indptr[0]]].tolist()  # cell 0's first edge
        [0, 1]
        >>> CellGraph.from_edges(2, [[0, 1], [1, 0]])
        Traceback (most recent call last):
        ...
        tilewright.core.errors.TilewrightError: an edge is listed twice
        """
        num_cells = require_int(num_cells, "num_cells")
        if not 0 < num_cells <= MAX_GRAPH_CELLS:
            raise TilewrightError(
                f"a cell graph needs 1 to {MAX_GRAPH_CELLS} cells, got {shown(num_cells)}"
            )
        edges = _checked_edges(edges, num_cells)
        check_fits(
            num_cells * _CSR_CELL_BYTES + len(edges) * _CSR_EDGE_BYTES,
            f"a cell graph of {num_cells} cells and {len(edges)} edges",
        )
        if np.any(edges[:, 0] == edges[:, 1]):
            raise TilewrightError("an edge joins a cell to itself")
        keys = np.sort(edges, axis=1)
        # sorted and compared with the next, not np.unique: its hash table is 5x slower here
        packed = np.sort(keys[:, 0] * num_cells + keys[:, 1])
        if np.any(packed[1:] == packed[:-1]):
            raise TilewrightError("an edge is listed twice")
        m = len(edges)
        tails = np.concatenate([edges[:, 0], edges[:, 1]])
        heads = np.concatenate([edges[:, 1], edges[:, 0]])
        slot_of = np.concatenate([np.arange(m), np.arange(m)])
        order = np.argsort(tails, kind="stable")
        indptr = np.zeros(num_cells + 1, dtype=np.int64)
        np.cumsum(np.bincount(tails, minlength=num_cells), out=indptr[1:])
        return cls(
            indptr=indptr,
            indices=heads[order].astype(np.int32),
            slots=slot_of[order].astype(np.int64),
            endpoints=edges.astype(np.int32),
        )

    @property
    def num_cells(self) -> int:
        """Cells in the graph."""
        return len(self.indptr) - 1

    @property
    def num_slots(self) -> int:
        """Passage slots: one per undirected edge."""
        return len(self.endpoints)

    @cached_property
    def max_degree(self) -> int:
        """The most neighbours any cell has (computed once, then remembered)."""
        return int(np.diff(self.indptr).max())

    @cached_property
    def connected(self) -> bool:
        """Whether every cell can reach every other (computed once, then remembered).

        Examples
        --------
        >>> CellGraph.from_edges(3, [[0, 1]]).connected
        False
        """
        from tilewright.core._unionfind import component_count

        return bool(component_count(self.num_cells, self.endpoints) == 1)

    @property
    def kernel_form_bytes(self) -> int:
        """Memory that making the kernels' form of the graph will take: its neighbour
        table's, or 0 when it reads the CSR arrays or the table is made already."""
        if not self._uses_table or "_kernel_form" in vars(self):
            return 0
        return self.num_cells * (1 + 8 * self.max_degree)

    @property
    def _uses_table(self) -> bool:
        width = self.max_degree
        return (
            width <= _TABLE_MAX_WIDTH
            and self.num_slots <= _TABLE_MAX_SLOTS
            and self.num_cells * width <= 2 * len(self.indices)
        )

    def kernel_graph(self) -> tuple[np.ndarray, ...]:
        """The form kernels take: ``(degrees, neighbours, slots, endpoints)`` with a padded
        neighbour table (made once, then remembered) when the cells have about as many
        neighbours each, else the CSR arrays ``(indptr, indices, slots, endpoints)``.

        Examples
        --------
        >>> ring = CellGraph.from_edges(4, [[0, 1], [1, 2], [2, 3], [3, 0]])
        >>> degrees, table, slots, _ = ring.kernel_graph()
        >>> table.tolist()  # each cell's neighbours in its CSR order
        [[1, 3], [2, 0], [3, 1], [0, 2]]
        """
        return self._kernel_form

    @fill_doc
    def to_networkx(self) -> Any:
        """The graph as a ``networkx.Graph`` (``pip install 'tilewright[graph]'``): nodes
        ``0 .. num_cells - 1``, each edge with its ``slot``.

        %(networkx_raises)s

        Examples
        --------
        >>> graph = CellGraph.from_edges(3, [[0, 1], [1, 2]]).to_networkx()
        >>> sorted(graph.edges(data="slot"))
        [(0, 1, 0), (1, 2, 1)]
        """
        from tilewright.core.extras import import_extra

        nx = import_extra("networkx", "graph", "to_networkx")
        graph = nx.Graph()
        graph.add_nodes_from(range(self.num_cells))
        graph.add_edges_from(
            (a, b, {"slot": slot}) for slot, (a, b) in enumerate(self.endpoints.tolist())
        )
        return graph

    @cached_property
    def _kernel_form(self) -> tuple[np.ndarray, ...]:
        if not self._uses_table:
            return (self.indptr, self.indices, self.slots, self.endpoints)
        from tilewright.core._table_kernels import neighbour_table

        check_fits(self.kernel_form_bytes, f"the neighbour table of {self.num_cells} cells")
        degrees, table, slots = neighbour_table(
            self.indptr, self.indices, self.slots, np.int64(self.max_degree)
        )
        return (degrees, table, slots, np.ascontiguousarray(self.endpoints))


def check_size(width: int, height: int) -> None:
    """Reject sizes that are not positive whole numbers.

    Parameters
    ----------
    width, height : int
        Cells across and down (``np.integer`` counts, ``bool`` and ``float`` do not).

    Raises
    ------
    TypeError
        When a size is not an integer.
    TilewrightError
        When a size is below 1.

    Examples
    --------
    >>> check_size(30, 15)
    >>> check_size(30, 0)
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: height must be at least 1, got 0
    """
    for name, value in (("width", width), ("height", height)):
        value = require_int(value, name)
        if value < 1:
            raise TilewrightError(f"{name} must be at least 1, got {shown(value)}")


def _checked_edges(edges: object, num_cells: int) -> np.ndarray:
    """``edges`` as an int64 (m, 2) array of cells below ``num_cells``."""
    try:
        array = np.asarray(edges)
    except (TypeError, ValueError):  # ragged nesting, objects NumPy cannot hold
        raise TypeError("edges must be an (m, 2) array of integers") from None
    if array.shape in ((0,), (0, 2)) and array.dtype.kind in "iuf":
        # [] or np.empty((0, 2)): no edges, whatever dtype NumPy guessed for nothing
        return np.zeros((0, 2), dtype=np.int64)
    if array.dtype.kind not in "iu":
        raise TypeError(f"edges must hold integers, not {array.dtype}")
    if array.ndim != 2 or array.shape[1] != 2:
        raise TilewrightError(f"edges must have shape (m, 2), got {array.shape}")
    # compared before conversion: a uint64 too large for int64 would wrap to a negative
    if array.min() < 0 or array.max() >= num_cells:
        raise TilewrightError("an edge names a cell outside the graph")
    return array.astype(np.int64, copy=False)


def _check_csr(
    indptr: np.ndarray, indices: np.ndarray, slots: np.ndarray, endpoints: np.ndarray
) -> None:
    """Refuse CSR arrays that are not each edge of ``endpoints`` listed once at each end.

    Why all of it: the compiled walks index with these numbers unchecked (an index out of
    range reads or writes another array's memory), and a walk over a cell whose list
    disagrees with the edges may never end.
    """
    cells, edges = len(indptr) - 1, len(endpoints)
    if not 1 <= cells <= MAX_GRAPH_CELLS:
        raise TilewrightError(f"a cell graph needs 1 to {MAX_GRAPH_CELLS} cells")
    if endpoints.shape[1] != 2 or len(indices) != 2 * edges or len(slots) != 2 * edges:
        raise TilewrightError("a CellGraph lists each of its m edges twice: 2m indices, slots")
    if indptr[0] != 0 or indptr[-1] != len(indices) or np.any(np.diff(indptr) < 0):
        raise TilewrightError("CellGraph.indptr must rise from 0 to the number of indices")
    if edges == 0:
        return
    if endpoints.min() < 0 or endpoints.max() >= cells or indices.min() < 0:
        raise TilewrightError("an edge of the CellGraph names a cell outside the graph")
    if indices.max() >= cells or slots.min() < 0 or slots.max() >= edges:
        raise TilewrightError("CellGraph.indices or slots name a cell or edge outside the graph")
    if np.any(endpoints[:, 0] == endpoints[:, 1]):
        raise TilewrightError("an edge joins a cell to itself")
    if np.any(np.bincount(slots, minlength=edges) != 2):
        raise TilewrightError("a CellGraph must list each edge at both of its cells")
    tails = np.repeat(np.arange(cells, dtype=np.int32), np.diff(indptr))
    ends = endpoints[slots]
    forward = (ends[:, 0] == tails) & (ends[:, 1] == indices)
    backward = (ends[:, 1] == tails) & (ends[:, 0] == indices)
    if not np.all(forward | backward):
        raise TilewrightError("CellGraph.indices and slots disagree with its endpoints")
