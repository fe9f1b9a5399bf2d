"""The backtracker's walks on a neighbour table and on CSR arrays (``_backtrack_kernels``)
draw as its walk through the graph accessors does, so the maze of a seed is the same
whichever walk makes it: on every width the table walk is compiled for, on others, and on
graphs of any degrees."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright.core._table_kernels import neighbour_table
from tilewright.core.graph import CellGraph
from tilewright.core.seeds import MAX_SEED, kernel_state
from tilewright.mazes._walk_kernels import _graph_backtrack, backtracker
from tilewright.registry import grid_kinds

SEEDS = (0, 7, MAX_SEED)


def table_form(graph: CellGraph) -> tuple:
    """The graph as a neighbour table, whatever form ``kernel_graph`` would choose."""
    degrees, table, slots = neighbour_table(
        graph.indptr, graph.indices, graph.slots, np.int64(graph.max_degree)
    )
    return degrees, table, slots, graph.endpoints


def csr_form(graph: CellGraph) -> tuple:
    return graph.indptr, graph.indices, graph.slots, graph.endpoints


def assert_walks_agree(graph: CellGraph, seed: int) -> None:
    """Both walks make the maze and leave the state as the accessors' walk does."""
    expected_state = kernel_state(seed)
    expected = _graph_backtrack(csr_form(graph), expected_state)
    for form in (table_form(graph), csr_form(graph)):
        state = kernel_state(seed)
        assert np.array_equal(backtracker(form, state), expected), form[1].ndim
        assert state[0] == expected_state[0]  # the same draws, not only the same maze


@st.composite
def connected_graphs(draw):
    """A random tree plus random extra edges, in a random order: any degrees."""
    n = draw(st.integers(1, 40))
    edges = {(draw(st.integers(0, i - 1)), i) for i in range(1, n)}
    extra = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=80))
    edges |= {(min(a, b), max(a, b)) for a, b in extra if a != b}
    pairs = np.array(sorted(edges), dtype=np.int64).reshape(-1, 2)
    return CellGraph.from_edges(n, draw(st.permutations(pairs.tolist())) or pairs)


@given(graph=connected_graphs(), seed=st.integers(0, MAX_SEED))
def test_the_walks_make_the_accessors_maze_on_any_graph(graph, seed):
    assert_walks_agree(graph, seed)


@pytest.mark.parametrize("kind", [name for name in grid_kinds() if name != "square"])
def test_the_walks_make_the_accessors_maze_on_every_grid(kind):
    """Every grid of the project: widths 3 to 8, each with a walk compiled for it, and the
    dodecagon grids' 12."""
    info = grid_kinds()[kind]
    graph = info.build(info.example, seed=1).graph
    for seed in SEEDS:
        assert_walks_agree(graph, seed)


@pytest.mark.parametrize("width", [1, 2, 9, 13, 30])
def test_the_walks_make_the_accessors_maze_on_other_widths(width):
    """A wheel: a hub joined to a ring, so the table is ``width`` wide."""
    ring = [[i, i % width + 1] for i in range(1, width + 1)] if width > 2 else []
    spokes = [[0, i] for i in range(1, width + 1)]
    graph = CellGraph.from_edges(width + 1, np.array(spokes + ring))
    assert graph.max_degree == width
    for seed in SEEDS:
        assert_walks_agree(graph, seed)


def test_a_single_cell_has_no_passages():
    graph = CellGraph.from_edges(1, [])
    for form in (table_form(graph), csr_form(graph)):
        assert backtracker(form, kernel_state(1)).shape == (0,)
