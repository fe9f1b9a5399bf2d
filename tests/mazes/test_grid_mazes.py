"""Mazes on every grid: generation, the result object, solvers, braiding and metrics.

The solvers are checked against plain-Python references (breadth-first search over the open
passages), against the square solvers on square grids, and by what must hold on any grid:
a perfect maze is a spanning tree, a solution steps through open passages only, dead-end
filling leaves exactly the solution. The uniform samplers (Wilson, Aldous–Broder) must
agree on the dead-end share of hexagonal and triangular mazes within sampling error.
"""

import math
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import grid_edges
from tilewright import TilewrightError
from tilewright.aperiodic import spectre_grid
from tilewright.core.grids import hex_grid, hexagon_grid, polar_grid, triangle_grid, upsilon_grid
from tilewright.core.masks import masked, parse_mask
from tilewright.core.polygon_grid import PolygonGrid, restrict, square_grid
from tilewright.mazes import (
    ALGORITHMS,
    GridMaze,
    braid,
    dead_end_filling,
    default_endpoints,
    distances,
    generate,
    generate_on,
    maze_stats,
    shortest_path,
    validate,
    wall_follower,
)
from tilewright.mazes.grid_solve import sides
from tilewright.mazes.weaving import weave

GRAPH_ALGORITHMS = [name for name, info in ALGORITHMS.items() if info.kind == "graph"]
ROW_ALGORITHMS = [name for name, info in ALGORITHMS.items() if info.kind != "graph"]


def holed_square() -> PolygonGrid:
    """A square grid with a 2×2 hole in the middle: a mask that keeps it in one piece."""
    keep = np.ones((6, 8), dtype=bool)
    keep[2:4, 3:5] = False
    return restrict(square_grid(8, 6), keep.ravel())


def masked_hexagons() -> PolygonGrid:
    """Hexagons with every third cell of the middle row left out."""
    grid = hex_grid(9, 5)
    keep = np.ones(grid.num_cells, dtype=bool)
    keep[18:27:3] = False
    return restrict(grid, keep)


def heart_of_triangles() -> PolygonGrid:
    """Triangles kept by a text mask shaped like a heart (the largest piece of it)."""
    heart = parse_mask("X..X..X\n.......\n.......\nX.....X\nXX...XX\nXXX.XXX")
    return masked(triangle_grid(28, 12), heart, largest=True)


GRIDS = {
    "square": square_grid(7, 5),
    "square-holed": holed_square(),
    "hex": hex_grid(7, 5),
    "hex-flat": hex_grid(6, 5, flat=True),
    "hex-masked": masked_hexagons(),
    "hexagon": hexagon_grid(3),
    "triangle": triangle_grid(9, 5),
    "triangle-heart": heart_of_triangles(),
    "polar": polar_grid(4),
    "upsilon": upsilon_grid(5, 4),
    "spectre": spectre_grid(6, 6, seed=1),
    "one-cell": hexagon_grid(0),
}
MAZES = {
    (name, algorithm): generate_on(grid, algorithm, seed=5)
    for name, grid in GRIDS.items()
    for algorithm in GRAPH_ALGORITHMS
}
# grids whose cells are convex: there the order of a cell's sides is the angular order
# of its neighbours' centres, which tests the embedding the wall follower walks
CONVEX = ["square", "hex", "hex-flat", "hexagon", "triangle", "upsilon"]


def open_pairs(maze: GridMaze) -> set[tuple[int, int]]:
    ends = maze.grid.graph.endpoints[maze.passages].tolist()
    return {(a, b) for a, b in ends} | {(b, a) for a, b in ends}


def reference_distances(maze: GridMaze, start: int) -> list[int]:
    """Breadth-first search in plain Python over the open passages."""
    neighbours: list[list[int]] = [[] for _ in range(maze.num_nodes)]
    for a, b in open_pairs(maze):
        neighbours[a].append(b)
    dist = [-1] * maze.num_nodes
    dist[start] = 0
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for other in neighbours[node]:
            if dist[other] < 0:
                dist[other] = dist[node] + 1
                queue.append(other)
    return dist


def is_walk(maze: GridMaze, nodes: np.ndarray) -> bool:
    """Whether each step of ``nodes`` goes through an open passage."""
    pairs = open_pairs(maze)
    steps = zip(nodes[:-1].tolist(), nodes[1:].tolist(), strict=True)
    return all(step in pairs for step in steps)


def from_square(maze) -> GridMaze:
    """A square Maze as a GridMaze on ``square_grid``, checked against its own walls."""
    converted = GridMaze.from_maze(maze)
    ends = np.sort(converted.grid.graph.endpoints[converted.passages], axis=1)
    expected = np.sort(grid_edges(maze.connections), axis=1)
    assert sorted(map(tuple, ends.tolist())) == sorted(map(tuple, expected.tolist()))
    return converted


# --- generation and the result object ------------------------------------------------


@pytest.mark.parametrize(("name", "algorithm"), list(MAZES))
def test_every_graph_algorithm_makes_a_spanning_tree_on_every_grid(name, algorithm):
    maze = MAZES[name, algorithm]
    assert validate(maze) is None
    assert maze.is_perfect()
    assert maze.passage_count() == maze.num_cells - 1
    assert min(reference_distances(maze, 0)) == 0  # every cell reached
    assert maze.algorithm == algorithm and maze.seed == 5


@pytest.mark.parametrize("algorithm", ROW_ALGORITHMS)
def test_row_based_algorithms_refuse_naming_those_that_work(algorithm):
    with pytest.raises(TilewrightError) as caught:
        generate_on(GRIDS["hex"], algorithm, seed=1)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(
        f"{algorithm} works row by row on plain square mazes only"
    )
    assert all(name in message for name in GRAPH_ALGORITHMS)


def test_repr_info_and_equality():
    maze = generate_on(hex_grid(30, 20), "wilson", seed=1)
    assert repr(maze) == "<GridMaze hex 30x20 wilson seed=1>"
    assert repr(generate_on(hex_grid(3, 2, flat=True), "prim", seed=2)) == (
        "<GridMaze hex 3x2 flat prim seed=2>"
    )
    assert repr(generate_on(polar_grid(3), "kruskal", seed=0)).startswith(
        "<GridMaze polar rings=3 kruskal seed=0"
    )
    assert "grid_seed=1" in repr(MAZES["spectre", "wilson"])
    assert maze.info == {
        "family": "maze",
        "grid": "hex",
        "grid_params": {"width": 30, "height": 20, "flat": False},
        "cells": 600,
        "algorithm": "wilson",
        "seed": 1,
        "params": {},
    }
    assert generate_on(hex_grid(30, 20), "wilson", seed=1) == maze  # rebuilt grid
    assert generate_on(hex_grid(30, 20), "wilson", seed=2) != maze
    assert maze != generate(30, 20, "wilson", seed=1)
    tree = generate_on(GRIDS["hex"], "growing-tree", seed=3, strategy="oldest")
    assert tree.params == {"strategy": "oldest"}
    assert generate_on(GRIDS["hex"], "growing-tree", seed=3).params == {
        "strategy": "newest:50,random:50"
    }


def test_validate_names_the_fault():
    maze = generate_on(GRIDS["triangle"], "kruskal", seed=1)
    maze.passages = maze.passages.copy()
    maze.passages[:] = False
    assert validate(maze) == (
        "a kruskal maze must be perfect, but this one has 0 passages for 45 cells "
        "(a perfect one has 44)"
    )
    tree = generate_on(GRIDS["triangle"], "kruskal", seed=1).passages
    # as many passages as a tree, but a dead end cut off and a loop elsewhere
    ends = GRIDS["triangle"].graph.endpoints
    leaf = int(np.flatnonzero(np.bincount(ends[tree].ravel()) == 1)[0])
    loop = tree.copy()
    loop[(ends == leaf).any(axis=1)] = False
    loop[np.flatnonzero(~tree & ~(ends == leaf).any(axis=1))[0]] = True
    maze.passages = loop
    assert validate(maze) == "a kruskal maze must be perfect, but this one has loops and islands"
    maze.passages = tree[:-1]
    slots = GRIDS["triangle"].graph.num_slots
    assert f"bool array of {slots} entries" in str(validate(maze))
    maze.passages = tree.astype(np.uint8)
    assert validate(maze) == "passages must be a boolean NumPy array, not uint8"
    maze.passages, maze.seed = tree, -1
    assert "seed" in str(validate(maze))
    assert validate(GridMaze(GRIDS["triangle"], loop)) is None  # no algorithm: anything goes
    with pytest.raises(TypeError, match="grid must be a PolygonGrid"):
        GridMaze("grid", tree)  # type: ignore[arg-type]


def test_notebook_picture_only_for_small_mazes():
    grid = square_grid(201, 200)
    big = GridMaze(grid, np.zeros(grid.graph.num_slots, dtype=bool))
    assert big._repr_svg_() is None
    pytest.importorskip("tilewright.mazes.grid_pictures")
    assert "<svg" in str(MAZES["hex", "wilson"]._repr_svg_())


def test_save_delegates_to_the_grid_formats(tmp_path):
    pytest.importorskip("tilewright.mazes.grid_formats")
    path = tmp_path / "maze.json"
    MAZES["hex", "wilson"].save(path)
    assert path.stat().st_size > 0


# --- endpoints ------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(GRIDS))
def test_default_endpoints_are_far_apart_boundary_cells(name):
    grid = GRIDS[name]
    start, goal = default_endpoints(grid)
    assert (start, goal) == default_endpoints(grid)
    if grid.num_cells == 1:
        assert start == goal == 0
        return
    boundary = set(grid.boundary_cells().tolist())
    assert start in boundary and goal in boundary and start != goal
    x0, y0, x1, y1 = grid.bounds()
    apart = np.hypot(*(grid.centres[goal] - grid.centres[start]))
    assert apart > 0.5 * np.hypot(x1 - x0, y1 - y0)


@pytest.mark.parametrize(("width", "height"), [(1, 1), (1, 5), (6, 1), (7, 4)])
def test_default_endpoints_of_a_square_grid_are_its_corners(width, height):
    assert default_endpoints(square_grid(width, height)) == (0, width * height - 1)


# --- solvers ----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "algorithm"), list(MAZES))
def test_solvers_on_every_grid(name, algorithm):
    maze = MAZES[name, algorithm]
    start, goal = default_endpoints(maze.grid)
    path = shortest_path(maze)
    assert path[0] == start and path[-1] == goal and is_walk(maze, path)
    assert distances(maze).tolist() == reference_distances(maze, start)
    assert len(path) - 1 == distances(maze)[goal]
    fill = dead_end_filling(maze)
    assert set(np.flatnonzero(fill.remaining).tolist()) == set(path.tolist())
    assert sorted(fill.order.tolist()) == sorted(set(range(maze.num_nodes)) - set(path.tolist()))
    for hand in ("left", "right"):
        walk = wall_follower(maze, hand=hand)
        assert walk.reached and walk.visits[0] == start and walk.visits[-1] == goal
        assert is_walk(maze, walk.visits)


def test_solvers_between_chosen_cells():
    maze = MAZES["polar", "wilson"]
    path = shortest_path(maze, 5, np.int64(40))
    assert path[0] == 5 and path[-1] == 40 and is_walk(maze, path)
    assert distances(maze, 40)[5] == len(path) - 1
    assert shortest_path(maze, 7, 7).tolist() == [7]
    with pytest.raises(TilewrightError, match=r"^goal 67 is not a cell of the polar grid"):
        shortest_path(maze, 0, 67)
    with pytest.raises(TypeError, match="start must be an integer, not tuple"):
        shortest_path(maze, (0, 0))
    with pytest.raises(TypeError, match="start must be an integer, not bool"):
        distances(maze, True)
    with pytest.raises(TilewrightError, match="hand must be 'left' or 'right'"):
        wall_follower(maze, hand="up")


def test_the_goal_out_of_reach_is_said_in_one_line():
    grid = GRIDS["hex"]
    maze = GridMaze(grid, np.zeros(grid.graph.num_slots, dtype=bool))
    with pytest.raises(TilewrightError, match=r"^the goal cannot be reached from the start$"):
        shortest_path(maze)
    assert (distances(maze) == -1).sum() == grid.num_cells - 1


@pytest.mark.parametrize("seed", range(6))
def test_square_grid_solvers_agree_with_the_square_solvers(seed):
    for algorithm in ("wilson", "eller", "recursive-division"):
        square = generate(3 + seed, 2 + seed % 4, algorithm, seed=seed)
        for maze in (square, braid(square, 0.7)):
            grid_maze = from_square(maze)
            width = maze.width
            assert (distances(maze).ravel() == distances(grid_maze)).all()
            assert len(shortest_path(maze)) == len(shortest_path(grid_maze))
            fill = dead_end_filling(maze).remaining.ravel()
            assert (fill == dead_end_filling(grid_maze).remaining).all()
            for hand in ("left", "right"):
                walk, grid_walk = (
                    wall_follower(maze, hand=hand),
                    wall_follower(grid_maze, hand=hand),
                )
                assert (walk.visits @ [width, 1]).tolist() == grid_walk.visits.tolist()
                assert walk.reached == grid_walk.reached
            stats, grid_stats = maze_stats(maze).as_dict(), maze_stats(grid_maze).as_dict()
            shared = set(stats) & set(grid_stats)
            assert {key: stats[key] for key in shared} == {key: grid_stats[key] for key in shared}


@pytest.mark.parametrize("name", CONVEX)
def test_sides_go_clockwise_around_each_cell(name):
    grid = GRIDS[name]
    ptr, slot, to, back, outer = sides(grid)
    for cell in range(grid.num_cells):
        mine = slice(ptr[cell], ptr[cell + 1])
        others = to[mine][slot[mine] >= 0]
        # y points down, so angles grow clockwise on screen: at most one drop, at the wrap
        step = grid.centres[others] - grid.centres[cell]
        angles = np.arctan2(step[:, 1], step[:, 0])
        assert np.count_nonzero(np.diff(angles) < 0) + (angles[0] < angles[-1]) <= 1
        for side in range(ptr[cell], ptr[cell + 1]):
            if slot[side] >= 0:  # the side behind leads back here through the same passage
                behind = ptr[to[side]] + back[side]
                assert to[behind] == cell and slot[behind] == slot[side]
    assert outer[ptr[0] : ptr[1]].any()  # cell 0 lies on the outer wall of each of these


def test_wall_follower_gives_up_circling_an_island():
    grid = square_grid(3, 3)
    ring = np.ones(grid.graph.num_slots, dtype=bool)
    ring[[s for s in range(grid.graph.num_slots) if 4 in grid.graph.endpoints[s]]] = False
    ring_maze = GridMaze(grid, ring)  # the centre cell is walled off
    walk = wall_follower(ring_maze, 0, 4)
    assert not walk.reached and len(walk.visits) <= sides(grid)[0][-1] + 2


@settings(max_examples=25)
@given(
    kind=st.sampled_from(["hex", "triangle", "upsilon"]),
    width=st.integers(2, 9),  # a triangle grid 1 wide falls apart: rows meet at a point
    height=st.integers(1, 7),
    algorithm=st.sampled_from(GRAPH_ALGORITHMS),
    seed=st.integers(0, 2**63 - 1),
    share=st.floats(0, 1),
)
def test_any_maze_on_hexagons_triangles_and_octagons(kind, width, height, algorithm, seed, share):
    grid = {"hex": hex_grid, "triangle": triangle_grid, "upsilon": upsilon_grid}[kind](
        width, height
    )
    maze = generate_on(grid, algorithm, seed=seed)
    assert maze.is_perfect() and validate(maze) is None
    start, goal = grid.num_cells - 1, 0
    path = shortest_path(maze, start, goal)
    assert is_walk(maze, path)
    assert set(np.flatnonzero(dead_end_filling(maze, start, goal).remaining)) == set(path)
    loops = braid(maze, share)
    assert loops.dead_end_share() <= maze.dead_end_share()
    assert validate(loops) is None and min(reference_distances(loops, 0)) == 0
    walk = wall_follower(loops, start, goal)
    assert is_walk(loops, walk.visits)


# --- braiding and metrics -------------------------------------------------------------


@pytest.mark.parametrize("name", ["hex", "triangle", "polar", "upsilon", "spectre", "hex-masked"])
def test_braid_removes_dead_ends_and_keeps_every_cell_reachable(name):
    maze = MAZES[name, "backtracker"]
    kruskal = MAZES[name, "kruskal"]
    for original in (maze, kruskal):
        loops = braid(original, 1.0)
        assert loops.dead_end_share() < original.dead_end_share()
        assert loops.passage_count() > original.passage_count()
        assert (original.passages <= loops.passages).all()  # only opened, never closed
        assert min(reference_distances(loops, 0)) == 0
        assert loops.params == {**original.params, "braid": 1.0, "braid_seed": 5}
        assert validate(loops) is None and not loops.is_perfect()
        assert braid(original, 1.0) == loops  # one seed, one braid
        assert braid(original, 0.0) == original
    with pytest.raises(TilewrightError, match="braided already"):
        braid(loops, 0.5)


def test_stats_on_other_grids():
    for (name, _), maze in MAZES.items():
        stats = maze_stats(maze)
        assert stats.grid == maze.grid.kind and stats.cells == maze.num_cells
        assert stats.perfect and stats.passages == maze.num_cells - 1
        assert math.isclose(stats.dead_ends + stats.corridors + stats.junctions, 1) or (
            maze.num_cells == 1
        )
        assert stats.solution_length == len(shortest_path(maze)) - 1
        assert 0 <= stats.solution_turns <= max(stats.solution_length - 1, 0)
        if name == "triangle":
            # no two sides of a triangle are opposite: every corridor turns, and so does
            # the solution at each of its inner cells
            assert stats.straight == 0
            assert stats.solution_turns == max(stats.solution_length - 1, 0)
    hexagons = maze_stats(generate_on(hex_grid(60, 60), "kruskal", seed=1))
    assert 0.25 < hexagons.horizontal < 0.42  # one of a hexagon's three directions


def test_uniform_samplers_agree_on_the_dead_end_share_of_hexagons_and_triangles():
    """Wilson and Aldous–Broder both sample the uniform spanning tree, so their mean
    dead-end shares over 40 mazes of 2,500 cells must agree within sampling error: a
    two-sample z-test at |z| < 4. The same test tells the backtracker apart (|z| > 20)."""

    def shares(grid: PolygonGrid, algorithm: str, seeds: range) -> np.ndarray:
        return np.array([generate_on(grid, algorithm, seed=s).dead_end_share() for s in seeds])

    def z(a: np.ndarray, b: np.ndarray) -> float:
        return (a.mean() - b.mean()) / math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))

    for grid in (hex_grid(50, 50), triangle_grid(70, 36)):
        wilson = shares(grid, "wilson", range(40))
        aldous_broder = shares(grid, "aldous-broder", range(1000, 1040))
        assert abs(z(wilson, aldous_broder)) < 4, (grid.kind, wilson.mean(), aldous_broder.mean())
        assert abs(z(wilson, shares(grid, "backtracker", range(10)))) > 20


# --- weaves -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_solvers_on_a_weave(seed):
    maze = weave(12, 10, "wilson", seed=seed, crossings=0.3)
    assert len(maze.grid.under) and validate(maze) is None
    start, goal = default_endpoints(maze.grid)
    path = shortest_path(maze)
    assert is_walk(maze, path) and path[0] == start and path[-1] == goal
    cells = maze.grid.node_cell(path)
    assert cells.max() < maze.num_cells
    assert distances(maze).tolist() == reference_distances(maze, start)
    assert set(np.flatnonzero(dead_end_filling(maze).remaining)) == set(path.tolist())
    for hand in ("left", "right"):
        walk = wall_follower(maze, hand=hand)
        assert walk.reached and is_walk(maze, walk.visits)
    # the over-passage of a crossing goes straight on: its walker never turns there
    stats = maze_stats(maze)
    assert stats.perfect and stats.straight > 0
    loops = braid(maze, 1.0)
    assert loops.dead_end_share() < maze.dead_end_share() and validate(loops) is None
