"""Metrics on small hand-built mazes equal hand-counted values."""

import numpy as np
import pytest

from tilewright.mazes import Maze, generate
from tilewright.mazes.metrics import maze_stats


def maze_from(height: int, width: int, passages) -> Maze:
    """A maze from passages written as ((r, c), (r, c)) pairs of neighbouring cells."""
    connections = np.zeros((2, height, width), dtype=bool)
    for a, b in passages:
        (r1, c1), (_, c2) = sorted([a, b])
        connections[0 if c1 == c2 else 1, r1, c1] = True
    return Maze(connections)


def test_straight_corridor():
    stats = maze_stats(maze_from(1, 3, [((0, 0), (0, 1)), ((0, 1), (0, 2))]))
    assert (stats.dead_ends, stats.corridors, stats.junctions) == (2 / 3, 1 / 3, 0)
    assert (stats.straight, stats.horizontal) == (1.0, 1.0)
    assert (stats.solution_length, stats.solution_turns) == (2, 0)
    assert stats.river == 2.0  # one passage of two moves between the two dead ends
    assert stats.perfect


def test_u_turn():
    # (0,0) down to (1,0), right to (1,1), up to (0,1).
    maze = maze_from(2, 2, [((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (0, 1))])
    stats = maze_stats(maze, goal=(0, 1))
    assert (stats.dead_ends, stats.corridors, stats.junctions) == (0.5, 0.5, 0)
    assert stats.straight == 0.0  # both corridor cells turn
    assert stats.horizontal == pytest.approx(1 / 3)
    assert (stats.solution_length, stats.solution_turns) == (3, 2)
    assert stats.river == 3.0


def test_plus_with_a_junction():
    # Centre of a 3x3 grid joined to its four side cells, corners hanging off two of them.
    centre = (1, 1)
    passages = [(centre, (0, 1)), (centre, (1, 0)), (centre, (1, 2)), (centre, (2, 1))]
    passages += [((0, 1), (0, 0)), ((1, 0), (2, 0)), ((1, 2), (0, 2)), ((2, 1), (2, 2))]
    stats = maze_stats(maze_from(3, 3, passages))
    assert stats.perfect
    assert stats.dead_ends == pytest.approx(4 / 9)  # the four corners
    assert stats.corridors == pytest.approx(4 / 9)  # the four side cells
    assert stats.junctions == pytest.approx(1 / 9)  # the centre
    assert stats.straight == 0.0  # every side cell turns into its corner
    assert stats.horizontal == pytest.approx(4 / 8)
    # (0,0) -> (0,1) -> (1,1) -> (2,1) -> (2,2): four moves, turning at (0,1) and (2,1).
    assert (stats.solution_length, stats.solution_turns) == (4, 2)
    # Four passages from the centre to a corner, each of two moves.
    assert stats.river == 2.0


def test_river_separates_winding_from_branching_textures():
    backtracker = maze_stats(generate(100, 100, "backtracker", seed=1)).river
    prim = maze_stats(generate(100, 100, "prim-simple", seed=1)).river
    assert backtracker > 2 * prim


def test_binary_tree_solution_from_corner_to_corner():
    # North/east openings: from the bottom-left, go up the open east column or the top row.
    stats = maze_stats(generate(30, 20, "binary-tree", seed=3), start=(19, 0), goal=(0, 29))
    assert stats.solution_length == 29 + 19


def test_as_dict_lists_the_size_then_the_texture():
    """The key order ``--stats json`` prints (the stats' dataclass bases make it)."""
    from tilewright.core.polygon_grid import square_grid
    from tilewright.mazes.grid_maze import GridMaze

    texture = [
        "passages",
        "perfect",
        "dead_ends",
        "corridors",
        "junctions",
        "straight",
        "horizontal",
        "solution_length",
        "solution_turns",
        "river",
    ]
    maze = maze_from(1, 2, [((0, 0), (0, 1))])
    assert list(maze_stats(maze).as_dict()) == ["width", "height", *texture]
    grid_maze = GridMaze(square_grid(2, 1), np.ones(1, dtype=bool))
    assert list(maze_stats(grid_maze).as_dict()) == ["grid", "cells", *texture]
