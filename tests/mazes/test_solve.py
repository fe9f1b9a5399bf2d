"""Solvers: shortest paths, distance maps, dead-end filling and the wall follower."""

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import is_open, reference_distances
from tilewright import TilewrightError
from tilewright.mazes import Maze, braid, generate
from tilewright.mazes.solve import dead_end_filling, distances, shortest_path, wall_follower

ALGORITHMS = ["backtracker", "kruskal", "wilson", "eller", "recursive-division", "binary-tree"]


@st.composite
def mazes_with_endpoints(draw, braided: bool = False):
    width, height = draw(st.integers(1, 18)), draw(st.integers(1, 18))
    maze = generate(
        width, height, draw(st.sampled_from(ALGORITHMS)), seed=draw(st.integers(0, 999))
    )
    if braided:
        maze = braid(maze, draw(st.floats(0, 1)))
    cell = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    return maze, draw(cell), draw(cell)


def unique_tree_path(maze: Maze, start, goal) -> list[tuple[int, int]]:
    """The path between two cells of a perfect maze by depth-first search with parents."""
    parents = {start: None}
    stack = [start]
    while stack:
        r, c = stack.pop()
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            inside = 0 <= nxt[0] < maze.height and 0 <= nxt[1] < maze.width
            if inside and nxt not in parents and is_open(maze.connections, (r, c), nxt):
                parents[nxt] = (r, c)
                stack.append(nxt)
    path, cell = [], goal
    while cell is not None:
        path.append(cell)
        cell = parents[cell]
    return path[::-1]


def assert_is_open_path(maze: Maze, path: np.ndarray, start, goal) -> None:
    assert tuple(path[0]) == start and tuple(path[-1]) == goal
    for a, b in itertools.pairwise(path):
        assert is_open(maze.connections, a, b), (a, b)


@given(mazes_with_endpoints())
def test_shortest_path_on_perfect_mazes_is_the_unique_path(case):
    maze, start, goal = case
    path = shortest_path(maze, start, goal)
    assert_is_open_path(maze, path, start, goal)
    assert [tuple(p) for p in path.tolist()] == unique_tree_path(maze, start, goal)


@given(mazes_with_endpoints(braided=True))
def test_shortest_path_on_braided_mazes_has_the_bfs_length(case):
    maze, start, goal = case
    path = shortest_path(maze, start, goal)
    assert_is_open_path(maze, path, start, goal)
    assert len(path) - 1 == reference_distances(maze.connections, start)[goal]


@given(mazes_with_endpoints(braided=True))
def test_distance_map_matches_a_reference_bfs(case):
    maze, start, _ = case
    assert np.array_equal(distances(maze, start), reference_distances(maze.connections, start))


@given(mazes_with_endpoints())
def test_dead_end_filling_leaves_exactly_the_solution(case):
    maze, start, goal = case
    result = dead_end_filling(maze, start, goal)
    on_path = np.zeros((maze.height, maze.width), dtype=bool)
    path = shortest_path(maze, start, goal)
    on_path[path[:, 0], path[:, 1]] = True
    assert np.array_equal(result.remaining, on_path)
    assert len(result.order) == maze.width * maze.height - len(path)
    assert len({tuple(c) for c in result.order.tolist()}) == len(result.order)


@given(mazes_with_endpoints(braided=True))
def test_dead_end_filling_keeps_a_shortest_path_open_on_braided_mazes(case):
    maze, start, goal = case
    remaining = dead_end_filling(maze, start, goal).remaining
    path = shortest_path(maze, start, goal)
    assert remaining[path[:, 0], path[:, 1]].all()


@pytest.mark.parametrize("hand", ["left", "right"])
@given(case=mazes_with_endpoints())
def test_wall_follower_reaches_the_goal_of_a_perfect_maze(hand, case):
    maze, start, goal = case
    result = wall_follower(maze, start, goal, hand)
    assert result.reached
    assert_is_open_path(maze, result.visits, start, goal)
    # Each passage is walked at most once in each direction.
    assert len(result.visits) - 1 <= 2 * (maze.width * maze.height - 1)


def test_wall_follower_reports_an_island_it_cannot_leave():
    # A 3x3 ring of passages around the centre, and the centre cell walled in: the goal.
    connections = np.zeros((2, 3, 3), dtype=bool)
    connections[1, 0, :2] = connections[1, 2, :2] = True
    connections[0, :2, 0] = connections[0, :2, 2] = True
    maze = Maze(connections)
    result = wall_follower(maze, (0, 0), (1, 1))
    assert not result.reached
    with pytest.raises(TilewrightError, match="cannot be reached"):
        shortest_path(maze, (0, 0), (1, 1))


@pytest.mark.parametrize("cell", [(-1, 0), (0, 5), (5, 0)])
def test_cells_outside_the_maze_are_refused(cell):
    maze = generate(5, 5, seed=1)
    with pytest.raises(TilewrightError, match="outside the 5x5 maze"):
        shortest_path(maze, cell, (0, 0))
    with pytest.raises(TilewrightError, match="outside"):
        distances(maze, cell)


def test_braiding_leaves_about_one_minus_p_of_the_dead_ends():
    maze = generate(100, 100, "kruskal", seed=4)
    before = int(np.count_nonzero(maze.degrees() == 1))
    for share in (0.0, 0.25, 0.5, 0.9, 1.0):
        braided = braid(maze, share)
        after = int(np.count_nonzero(braided.degrees() == 1))
        # Each opening removes one or two dead ends, so the target is met or passed by one.
        assert round((1 - share) * before) - 1 <= after <= round((1 - share) * before), share
        assert braided.passage_count() >= maze.passage_count()
        assert braided.is_perfect() == (share == 0)
        assert braided.params["braid"] == share
    assert braid(maze, 0.0) == maze
    assert braid(maze, 0.5) == braid(maze, 0.5)  # the maze's seed decides


def test_braid_share_is_checked():
    with pytest.raises(TilewrightError, match="between 0 and 1"):
        braid(generate(5, 5, seed=1), 1.5)
