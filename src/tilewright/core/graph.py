"""Grids as cell graphs.

A *cell graph* is what every non-row-based maze algorithm runs on: cells numbered
``0 .. n-1``, and for each cell the neighbours it may open a passage to. Each possible passage
has a *slot*, an index into a boolean array that a generator fills in (``True`` = open).

Two kinds exist, and kernels compile once for each (see ``_graph_access``):

* :class:`SquareGrid`: a W×H grid of squares, cells numbered row-major. Its neighbours are
  computed, not stored, and its slots are laid out so that the slot array reshaped to
  ``(2, H, W)`` *is* maze-dataset's ``connection_list``: slot ``i`` is the passage from cell
  ``i`` down, slot ``n + i`` the passage from cell ``i`` to the right.
* :class:`CellGraph`: any graph in compressed sparse row (CSR) form — hexagonal, triangular or
  aperiodic tilings — with one slot per undirected edge.
"""

from dataclasses import dataclass

import numpy as np

from tilewright.core.errors import TilewrightError

# Kernels keep cell numbers in int32 arrays to halve their memory; 2**31 cells is far beyond
# what a 24 GiB machine can hold for any algorithm that needs the whole graph anyway.
MAX_GRAPH_CELLS = 2**31 - 1


@dataclass(frozen=True)
class SquareGrid:
    """A ``width`` × ``height`` grid of square cells, numbered row by row."""

    width: int
    height: int

    def __post_init__(self) -> None:
        check_size(self.width, self.height)

    @property
    def num_cells(self) -> int:
        return self.width * self.height

    @property
    def num_slots(self) -> int:
        return 2 * self.num_cells

    def kernel_graph(self) -> tuple[int, int]:
        """The form kernels take: ``(width, height)``."""
        return (np.int64(self.width), np.int64(self.height))


@dataclass(frozen=True, eq=False)
class CellGraph:
    """An undirected graph in CSR form, one slot per edge.

    ``indptr[i]:indptr[i+1]`` delimits cell ``i``'s entries in ``indices`` (neighbour cells)
    and ``slots`` (the edge's slot); ``endpoints[e]`` holds the two cells of edge ``e``.
    """

    indptr: np.ndarray
    indices: np.ndarray
    slots: np.ndarray
    endpoints: np.ndarray

    @classmethod
    def from_edges(cls, num_cells: int, edges: np.ndarray) -> "CellGraph":
        """Build from an ``(m, 2)`` array of undirected edges (no loops, no repeats)."""
        edges = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
        if not 0 < num_cells <= MAX_GRAPH_CELLS:
            raise TilewrightError(f"a cell graph needs 1 to {MAX_GRAPH_CELLS} cells")
        if edges.size and (edges.min() < 0 or edges.max() >= num_cells):
            raise TilewrightError("an edge names a cell outside the graph")
        if np.any(edges[:, 0] == edges[:, 1]):
            raise TilewrightError("an edge joins a cell to itself")
        keys = np.sort(edges, axis=1)
        if len(np.unique(keys[:, 0] * num_cells + keys[:, 1])) != len(keys):
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
        return len(self.indptr) - 1

    @property
    def num_slots(self) -> int:
        return len(self.endpoints)

    @property
    def max_degree(self) -> int:
        return int(np.diff(self.indptr).max())

    def kernel_graph(self) -> tuple[np.ndarray, ...]:
        """The form kernels take: ``(indptr, indices, slots, endpoints)``."""
        return (self.indptr, self.indices, self.slots, self.endpoints)


def check_size(width: int, height: int) -> None:
    """Reject sizes that are not positive whole numbers."""
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise TilewrightError(f"{name} must be a whole number, got {value!r}")
        if value < 1:
            raise TilewrightError(f"{name} must be at least 1, got {value}")
