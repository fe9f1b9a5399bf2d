"""Grids as networkx graphs: every adjacency an edge, with its slot, and one clear error
when networkx is not installed."""

import sys

import numpy as np
import pytest

from tilewright.core.extras import MissingExtraError
from tilewright.core.graph import CellGraph, SquareGrid
from tilewright.core.grids import hex_grid, hexagon_grid, polar_grid, triangle_grid, upsilon_grid
from tilewright.core.polygon_grid import square_grid

nx = pytest.importorskip("networkx")

GRIDS = {
    "square": lambda: square_grid(7, 5),
    "hex": lambda: hex_grid(6, 5),
    "hexagon": lambda: hexagon_grid(3),
    "triangle": lambda: triangle_grid(7, 4),
    "polar": lambda: polar_grid(4),
    "upsilon": lambda: upsilon_grid(4, 4),
}


def edge_set(pairs) -> set[tuple[int, int]]:
    return {(min(a, b), max(a, b)) for a, b in pairs}


@pytest.mark.parametrize("kind", sorted(GRIDS))
def test_a_polygon_grid_graph_is_its_adjacency(kind):
    grid = GRIDS[kind]()
    graph = grid.to_networkx()
    assert sorted(graph.nodes) == list(range(grid.num_cells))
    assert edge_set(graph.edges) == edge_set(grid.graph.endpoints.tolist())
    for a, b, slot in graph.edges(data="slot"):
        assert edge_set([grid.graph.endpoints[slot].tolist()]) == edge_set([(a, b)])
    centre = graph.nodes[grid.num_cells - 1]["pos"]
    assert np.allclose(centre, grid.centres[-1])
    assert nx.is_connected(graph)


def test_some_slots_only():
    grid = hex_grid(4, 3)
    graph = grid.to_networkx(np.array([0, 2]))
    assert graph.number_of_nodes() == grid.num_cells and graph.number_of_edges() == 2


def test_a_square_grid_graph_is_networkx_own_grid():
    graph = SquareGrid(6, 4).to_networkx()
    expected = nx.convert_node_labels_to_integers(nx.grid_2d_graph(4, 6), ordering="sorted")
    assert edge_set(graph.edges) == edge_set(expected.edges)
    assert graph.nodes[7] == {"row": 1, "col": 1}
    assert graph.edges[7, 13]["slot"] == 7 and graph.edges[7, 8]["slot"] == 24 + 7


def test_a_square_grid_and_its_polygon_grid_agree():
    assert edge_set(SquareGrid(5, 3).to_networkx().edges) == edge_set(
        square_grid(5, 3).to_networkx().edges
    )


def test_a_cell_graph_keeps_lonely_cells():
    graph = CellGraph.from_edges(4, [[0, 1], [1, 2]]).to_networkx()
    assert sorted(graph.nodes) == [0, 1, 2, 3] and sorted(graph.edges(data="slot")) == [
        (0, 1, 0),
        (1, 2, 1),
    ]


def test_without_networkx_one_error_names_the_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)
    for grid in (SquareGrid(2, 2), CellGraph.from_edges(2, [[0, 1]]), square_grid(2, 2)):
        with pytest.raises(MissingExtraError, match=r"pip install 'tilewright\[graph\]'"):
            grid.to_networkx()
