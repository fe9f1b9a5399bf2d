"""Weave mazes: perfect on the graph with crossings for every graph algorithm, crossings
placed by the rules (interior, apart, all four passages open, no loop of forced passages),
as many as asked, and drawn so that the passage beneath shows gaps."""

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import spanning_tree_of
from tilewright.core.errors import TilewrightError
from tilewright.core.graph import CellGraph
from tilewright.core.polygon_grid import square_grid
from tilewright.mazes.algorithms import ALGORITHMS, GRAPH
from tilewright.mazes.grid_maze import generate_on
from tilewright.mazes.weaving import (
    MAX_RUN_CELLS,
    forced_passages,
    spanning_tree_containing,
    weave,
    weave_grid,
)

GRAPH_ALGORITHMS = [name for name, a in ALGORITHMS.items() if a.kind == GRAPH]


def open_edges(maze) -> np.ndarray:
    return maze.grid.graph.endpoints[maze.passages]


def neighbours(grid, node: int) -> list[int]:
    graph = grid.graph
    return sorted(graph.indices[graph.indptr[node] : graph.indptr[node + 1]].tolist())


def check_crossings(grid) -> None:
    """The rules, checked against the grid's own graph: interior, apart, a top node and an
    under node each joining one opposite pair of the crossing's four neighbours."""
    width, height = grid.params["width"], grid.params["height"]
    n = width * height
    under = grid.under.tolist()
    assert len(set(under)) == len(under)
    for i, cell in enumerate(under):
        row, col = divmod(cell, width)
        assert 0 < row < height - 1 and 0 < col < width - 1
        for other in (cell - 1, cell + 1, cell - width, cell + width):
            assert other not in under
        vertical = sorted([cell - width, cell + width])
        across = sorted([cell - 1, cell + 1])
        top, beneath = neighbours(grid, cell), neighbours(grid, n + i)
        assert {tuple(top), tuple(beneath)} == {tuple(vertical), tuple(across)}


@pytest.mark.parametrize("algorithm", GRAPH_ALGORITHMS)
def test_every_algorithm_makes_a_perfect_weave(algorithm):
    for seed, crossings in ((1, 0.1), (2, 0.3), (3, 1.0)):
        maze = weave(14, 11, algorithm, seed=seed, crossings=crossings)
        grid = maze.grid
        k = len(grid.under)
        assert k > 0 and grid.kind == "weave"
        assert grid.graph.num_cells == 14 * 11 + k
        assert int(maze.passages.sum()) == 14 * 11 + k - 1
        assert spanning_tree_of(grid.graph.num_cells, open_edges(maze))
        forced = forced_passages(grid)
        assert int(forced.sum()) == 4 * k and maze.passages[forced].all()
        check_crossings(grid)


@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.floats(0, 1),
    st.integers(0, 2**32),
    st.sampled_from(GRAPH_ALGORITHMS),
)
def test_any_size_share_and_seed_gives_a_perfect_weave(width, height, crossings, seed, name):
    maze = weave(width, height, name, seed=seed, crossings=crossings)
    assert spanning_tree_of(maze.grid.graph.num_cells, open_edges(maze))
    assert maze.passages[forced_passages(maze.grid)].all()
    check_crossings(maze.grid)


def test_the_crossing_count_follows_the_share():
    interior = 38 * 28
    counts = [len(weave_grid(40, 30, share, seed=4).under) for share in (0, 0.05, 0.1, 0.2)]
    assert counts == [round(share * interior) for share in (0, 0.05, 0.1, 0.2)]
    most = len(weave_grid(40, 30, 1.0, seed=4).under)
    assert counts[-1] < most <= 0.35 * interior


def test_crossings_never_tie_a_run_past_the_limit():
    from tilewright.core._mask_kernels import component_labels

    grid = weave_grid(60, 60, 1.0, seed=9)
    forced = forced_passages(grid)
    labels = component_labels(grid.graph.num_cells, grid.graph.endpoints[forced])
    cells = labels[: grid.num_cells]
    crossing = np.zeros(grid.num_cells, dtype=bool)
    crossing[grid.under] = True
    assert np.bincount(cells[~crossing]).max() <= MAX_RUN_CELLS
    # so Wilson (a byte per exit) runs on the densest weaves too
    maze = weave(60, 60, "wilson", seed=9, crossings=1.0)
    assert spanning_tree_of(maze.grid.graph.num_cells, open_edges(maze))


def test_each_crossing_wall_belongs_to_the_node_whose_passage_goes_through():
    grid = weave_grid(9, 9, 1.0, seed=3)
    n = grid.num_cells
    node_of_under = {int(cell): n + i for i, cell in enumerate(grid.under)}
    for wall, (a, b) in enumerate(grid.wall_cells.tolist()):
        slot = grid.wall_slot[wall]
        if a in node_of_under or b in node_of_under:
            crossing, other = (a, b) if a in node_of_under else (b, a)
            ends = set(grid.graph.endpoints[slot].tolist())
            assert other in ends
            top = other in neighbours(grid, crossing)
            assert ends == {other, crossing if top else node_of_under[crossing]}


def test_walls_and_slots_are_the_square_grids():
    grid, base = weave_grid(7, 5, 0.5, seed=1), square_grid(7, 5)
    assert np.array_equal(grid.walls, base.walls)
    assert np.array_equal(grid.wall_slot, base.wall_slot)
    assert np.array_equal(grid.node_cell(grid.graph.endpoints), base.graph.endpoints)


def test_no_crossings_is_the_plain_square_maze():
    for name in ("backtracker", "wilson", "kruskal"):
        plain = generate_on(square_grid(9, 7), name, seed=5).passages
        assert np.array_equal(weave(9, 7, name, seed=5, crossings=0).passages, plain)


def test_too_small_for_crossings():
    for width, height in ((1, 1), (2, 9), (9, 2)):
        maze = weave(width, height, seed=1, crossings=1.0)
        assert len(maze.grid.under) == 0
        assert int(maze.passages.sum()) == width * height - 1


def test_seeds_reproduce_and_params_are_recorded():
    a = weave(12, 9, "growing-tree", seed=8, crossings=0.25)
    b = weave(12, 9, "growing-tree", seed=8, crossings=0.25)
    assert np.array_equal(a.grid.under, b.grid.under)
    assert np.array_equal(a.passages, b.passages)
    assert a.params == {"crossings": 0.25, "strategy": "newest:50,random:50"}
    assert a.seed == 8 and a.algorithm == "growing-tree"
    other = weave(12, 9, "growing-tree", seed=9, crossings=0.25)
    assert not np.array_equal(a.grid.under, other.grid.under)
    assert weave(5, 5).seed is not None


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"algorithm": "eller"}, TilewrightError, "tied to the rows"),
        ({"algorithm": "nope"}, TilewrightError, "unknown maze algorithm"),
        ({"crossings": 1.5}, TilewrightError, "between 0 and 1"),
        ({"crossings": float("nan")}, TilewrightError, "between 0 and 1"),
        ({"crossings": "lots"}, TypeError, "crossings"),
        ({"seed": -1}, TilewrightError, "seed"),
        ({"strategy": "oldest"}, TilewrightError, "does not take"),
        ({"algorithm": "growing-tree", "strategy": "sideways"}, TilewrightError, "strategy"),
    ],
)
def test_refusals(kwargs, error, words):
    with pytest.raises(error, match=words):
        weave(6, 6, **kwargs)
    with pytest.raises(TilewrightError):
        weave(0, 6)


def test_forced_edges_holding_a_loop_are_refused():
    triangle = CellGraph.from_edges(3, [[0, 1], [1, 2], [2, 0]])
    with pytest.raises(TilewrightError, match="close a loop"):
        spanning_tree_containing(triangle, np.ones(3, dtype=bool), seed=1)


def root(parent: list[int], x: int) -> int:
    while parent[x] != x:
        x = parent[x]
    return x


def test_spanning_trees_containing_forced_edges_on_any_graph():
    rng = np.random.default_rng(2)
    grid = square_grid(8, 8)
    for seed in range(5):
        forced = np.zeros(grid.graph.num_slots, dtype=bool)
        # a random forest: Kruskal's first few joins
        parent = list(range(64))
        for slot in rng.permutation(grid.graph.num_slots)[:20]:
            a, b = (root(parent, int(x)) for x in grid.graph.endpoints[slot])
            if a != b:
                parent[a] = b
                forced[slot] = True
        tree = spanning_tree_containing(grid.graph, forced, "wilson", seed=seed)
        assert tree[forced].all()
        assert spanning_tree_of(64, grid.graph.endpoints[tree])


# --- pictures ---------------------------------------------------------------------------


def picture(maze, **options):
    from tilewright.mazes import grid_pictures

    style = grid_pictures.grid_style(maze.grid, cell=30)
    return grid_pictures.svg_text(maze, style=style, **options)


def test_the_picture_draws_every_passage_beneath_with_gaps():
    from tilewright.mazes.weave_pictures import _Layout

    maze = weave(10, 8, "kruskal", seed=6, crossings=0.3)
    svg = picture(maze)
    ET.fromstring(svg.split("?>", 1)[1])  # well-formed
    from tilewright.mazes.grid_pictures import closed_walls, grid_style

    layout = _Layout(maze, 10, 8, grid_style(maze.grid, cell=30), closed_walls(maze))
    assert layout.offsets[1] > 0  # stubs of the passage beneath stop short of the top's walls
    # the walls are drawn once: as many polyline vertices as the joined segments need
    walls = [p for p in ET.fromstring(svg.split("?>", 1)[1]) if p.get("stroke-width")]
    assert len(walls) == 1


def test_the_solution_breaks_where_it_runs_beneath():
    from tilewright.mazes.grid_solve import shortest_path

    for seed in range(20):
        maze = weave(10, 8, "backtracker", seed=seed, crossings=0.3)
        path = shortest_path(maze)
        beneath = int((path >= maze.num_cells).sum())
        if beneath:
            break
    assert beneath, "no seed's solution runs beneath a crossing: the test would prove nothing"
    svg = picture(maze, path=path)
    solution = [line for line in svg.splitlines() if 'stroke="#e4572e"' in line]
    assert len(solution) == 1
    assert solution[0].count("M") == beneath + 1


def test_heat_per_cell_or_per_node_and_openings():
    from tilewright.mazes.grid_pictures import opening_walls
    from tilewright.mazes.grid_solve import distances

    maze = weave(8, 6, "wilson", seed=2, crossings=0.3)
    dist = distances(maze)
    assert picture(maze, heat=dist).count("<path fill=") > 5
    assert picture(maze, heat=dist[: maze.num_cells]).count("<path fill=") > 5
    gaps = opening_walls(maze.grid, 0, maze.num_cells - 1)
    assert picture(maze, openings=gaps) != picture(maze)


def test_the_inset_drawing_refuses_other_grids():
    from tilewright.core.grids import hex_grid
    from tilewright.mazes.grid_pictures import grid_style
    from tilewright.mazes.weave_pictures import weave_svg_text

    maze = generate_on(hex_grid(4, 3), seed=1)
    with pytest.raises(TilewrightError, match="inset drawing"):
        weave_svg_text(maze, grid_style(maze.grid), np.zeros(0, dtype=np.int64), None, None)


def test_a_weave_too_large_for_memory_is_refused_up_front():
    with pytest.raises(TilewrightError, match="weave maze needs about"):
        weave(10**6, 10**6, seed=1)
