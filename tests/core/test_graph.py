"""Algorithms that are not tied to rows run on any cell graph."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import spanning_tree_of
from tilewright import TilewrightError
from tilewright.core.graph import CellGraph, SquareGrid
from tilewright.mazes import ALGORITHMS, spanning_tree

GRAPH_ALGORITHMS = [name for name, info in ALGORITHMS.items() if info.kind == "graph"]


def hexagon_edges(width: int, height: int) -> np.ndarray:
    """Edges of a width×height patch of hexagons in offset rows (six neighbours inside)."""
    edges = []
    for r in range(height):
        for c in range(width):
            cell = r * width + c
            if c + 1 < width:
                edges.append((cell, cell + 1))
            if r + 1 < height:
                shift = c if r % 2 == 0 else c + 1
                for cc in (shift - 1, shift):
                    if 0 <= cc < width:
                        edges.append((cell, (r + 1) * width + cc))
    return np.array(edges, dtype=np.int64).reshape(-1, 2)


@st.composite
def connected_graphs(draw):
    """A random tree plus random extra edges: connected, any degrees."""
    n = draw(st.integers(1, 40))
    edges = {(draw(st.integers(0, i - 1)), i) for i in range(1, n)}
    extra = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=60))
    edges |= {(min(a, b), max(a, b)) for a, b in extra if a != b}
    return n, np.array(sorted(edges), dtype=np.int64).reshape(-1, 2)


@pytest.mark.parametrize("name", GRAPH_ALGORITHMS)
@given(graph=connected_graphs(), seed=st.integers(0, 10**9))
def test_spanning_tree_of_any_connected_graph(name, graph, seed):
    n, edges = graph
    passages = spanning_tree(CellGraph.from_edges(n, edges), name, seed=seed)
    assert passages.shape == (len(edges),)
    assert spanning_tree_of(n, edges[passages])


@pytest.mark.parametrize("name", GRAPH_ALGORITHMS)
def test_hexagonal_maze(name):
    edges = hexagon_edges(15, 11)
    passages = spanning_tree(CellGraph.from_edges(15 * 11, edges), name, seed=7)
    assert spanning_tree_of(15 * 11, edges[passages])


def test_square_grid_as_a_general_graph_matches_the_grid_layout():
    grid = SquareGrid(4, 3)
    passages = spanning_tree(grid, "wilson", seed=3)
    assert passages.shape == (grid.num_slots,)
    connections = passages.reshape(2, 3, 4)
    assert not connections[0, -1].any() and not connections[1, :, -1].any()


def test_disconnected_graph_is_rejected():
    graph = CellGraph.from_edges(4, np.array([[0, 1], [2, 3]]))
    with pytest.raises(TilewrightError, match="not connected"):
        spanning_tree(graph, "kruskal", seed=1)


@pytest.mark.parametrize(
    ("edges", "message"),
    [
        ([[0, 0]], "itself"),
        ([[0, 1], [1, 0]], "twice"),
        ([[0, 5]], "outside"),
    ],
)
def test_bad_edge_lists_are_rejected(edges, message):
    with pytest.raises(TilewrightError, match=message):
        CellGraph.from_edges(3, np.array(edges))


def test_row_algorithms_do_not_run_on_general_graphs():
    with pytest.raises(TilewrightError, match="square grids only"):
        spanning_tree(SquareGrid(3, 3), "eller", seed=1)


def test_wilson_refuses_cells_with_too_many_neighbours():
    star = np.array([[0, leaf] for leaf in range(1, 200)])
    with pytest.raises(TilewrightError, match="at most 127"):
        spanning_tree(CellGraph.from_edges(200, star), "wilson", seed=1)
    assert spanning_tree(CellGraph.from_edges(200, star), "kruskal", seed=1).all()


def test_backtracker_refuses_cells_with_too_many_neighbours():
    star = np.array([[0, leaf] for leaf in range(1, 256)])
    with pytest.raises(TilewrightError, match=r"backtracker remembers .* at most 254"):
        spanning_tree(CellGraph.from_edges(256, star), "backtracker", seed=1)
    assert spanning_tree(CellGraph.from_edges(255, star[:254]), "backtracker", seed=1).all()


@given(graph=connected_graphs())
def test_kernel_table_is_each_cells_csr_row_padded_with_itself(graph):
    n, edges = graph
    cells = CellGraph.from_edges(n, edges)
    to_make = cells.kernel_form_bytes
    form = cells.kernel_graph()
    assert form is cells.kernel_graph() and cells.kernel_form_bytes == 0  # made once
    if form[1].ndim == 1:  # CSR: only when padding would cost more than the rows
        assert n * cells.max_degree > 2 * len(cells.indices) and to_make == 0
        return
    assert to_make == sum(a.nbytes for a in form[:3])
    degrees, table, slots, endpoints = form
    assert table.shape == (n, cells.max_degree) and np.array_equal(endpoints, cells.endpoints)
    for cell in range(n):
        lo, hi = cells.indptr[cell], cells.indptr[cell + 1]
        assert degrees[cell] == hi - lo
        assert table[cell, : hi - lo].tolist() == cells.indices[lo:hi].tolist()
        assert slots[cell, : hi - lo].tolist() == cells.slots[lo:hi].tolist()
        assert (table[cell, hi - lo :] == cell).all() and (slots[cell, hi - lo :] == -1).all()


def test_connectivity_is_checked_once_and_remembered():
    graph = CellGraph.from_edges(4, np.array([[0, 1], [2, 3]]))
    assert graph.connected is False and "connected" in vars(graph)
    assert CellGraph.from_edges(3, np.array([[0, 1], [1, 2]])).connected is True
