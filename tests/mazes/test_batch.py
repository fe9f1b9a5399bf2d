"""Batches of solved mazes: each maze, path and figure is the one the per-maze functions
give (generate, shortest_path, maze_stats), for every algorithm and its parameters; and
bad arguments are refused up front."""

import dataclasses

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tests.helpers import grid_edges, reference_distances, spanning_tree_of
from tilewright import TilewrightError
from tilewright.core.seeds import MAX_SEED, kernel_state
from tilewright.mazes import ALGORITHMS, generate, maze_stats, shortest_path
from tilewright.mazes import batch as batch_module
from tilewright.mazes.batch import BatchResult, generate_batch

NAMES = list(ALGORITHMS)
# Every algorithm with its defaults, then parameters that change what the kernels do:
# growing-tree's list modes and mixes, eller's two chances, the biases, and whole numbers
# where a probability may be one (generate keeps them as ints, the batch as floats).
CASES = [(name, {}) for name in NAMES] + [
    ("growing-tree", {"strategy": "newest"}),
    ("growing-tree", {"strategy": "oldest"}),
    ("growing-tree", {"strategy": "middle"}),
    ("growing-tree", {"strategy": "random"}),
    ("growing-tree", {"strategy": "newest:75,random:25"}),
    ("growing-tree", {"strategy": "oldest,middle:3,random"}),
    ("eller", {"join": 0.3, "down": 0.8}),
    ("eller", {"join": 1, "down": 0}),
    ("sidewinder", {"bias": 0.2}),
    ("binary-tree", {"bias": 1}),
]
CASE_IDS = [f"{name}{params or ''}" for name, params in CASES]

sizes = st.one_of(
    st.tuples(st.integers(1, 16), st.integers(1, 16)),
    st.tuples(st.just(1), st.integers(1, 40)),
    st.tuples(st.integers(1, 40), st.just(1)),
    st.just((15, 15)),
)
seed_lists = st.lists(st.integers(0, MAX_SEED), min_size=1, max_size=5)


def states_of(seeds) -> np.ndarray:
    return np.array([kernel_state(seed)[0] for seed in seeds], dtype=np.uint64)


def assert_as_one_by_one(batch, size, name, params, seeds, origins=None, targets=None):
    """Maze i of ``batch`` is generate's for seeds[i]; its path and figures are those of
    shortest_path and maze_stats from its origin to its target."""
    width, height = size
    assert len(batch) == len(seeds)
    for i, seed in enumerate(seeds):
        maze = generate(width, height, name, seed=seed, **params)
        start = None if origins is None else tuple(origins[i])
        goal = None if targets is None else tuple(targets[i])
        assert np.array_equal(batch.connections[i], maze.connections), (i, seed)
        path = batch.path_cells[batch.path_offsets[i] : batch.path_offsets[i + 1]]
        assert np.array_equal(path, shortest_path(maze, start, goal)), (i, seed)
        stats = maze_stats(maze, start, goal)
        assert batch.solution_length[i] == stats.solution_length
        assert batch.dead_ends[i] == pytest.approx(stats.dead_ends, rel=0, abs=1e-12)
        assert batch.river[i] == pytest.approx(stats.river, rel=0, abs=1e-12)


@pytest.mark.parametrize(("name", "params"), CASES, ids=CASE_IDS)
@given(size=sizes, seeds=seed_lists)
@example(size=(1, 1), seeds=[0, 1])
@example(size=(1, 9), seeds=[2])
@example(size=(9, 1), seeds=[3])
@example(size=(15, 15), seeds=[0, 1, 2, 3, 4])
def test_the_batch_is_generate_then_solve_and_measure(name, params, size, seeds):
    batch = generate_batch(*size, name, states_of(seeds), **params)
    assert_as_one_by_one(batch, size, name, params, seeds)


@st.composite
def batches_with_ends(draw):
    """A size, seeds, and an origin and a target inside the maze for each seed."""
    width, height = draw(sizes)
    seeds = draw(seed_lists)
    cell = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    origins = draw(st.lists(cell, min_size=len(seeds), max_size=len(seeds)))
    targets = draw(st.lists(cell, min_size=len(seeds), max_size=len(seeds)))
    return (width, height), seeds, np.array(origins), np.array(targets)


@pytest.mark.parametrize("name", NAMES)
@given(drawn=batches_with_ends())
def test_any_origins_and_targets(name, drawn):
    size, seeds, origins, targets = drawn
    batch = generate_batch(*size, name, states_of(seeds), origins=origins, targets=targets)
    assert_as_one_by_one(batch, size, name, {}, seeds, origins, targets)


@pytest.mark.parametrize("name", NAMES)
@given(drawn=batches_with_ends())
def test_paths_are_the_shortest_by_an_independent_search(name, drawn):
    size, seeds, origins, targets = drawn
    batch = generate_batch(*size, name, states_of(seeds), origins=origins, targets=targets)
    for i in range(len(seeds)):
        path = batch.path(i)
        distance = reference_distances(batch.connections[i], tuple(origins[i]))
        assert batch.solution_length[i] == distance[tuple(targets[i])] == len(path) - 1
        assert path[0].tolist() == origins[i].tolist()
        assert path[-1].tolist() == targets[i].tolist()
        # each step goes to a neighbour one move further from the origin
        assert np.array_equal(distance[path[:, 0], path[:, 1]], np.arange(len(path)))


@pytest.mark.parametrize("name", NAMES)
@given(size=sizes, seeds=seed_lists)
def test_every_batch_maze_is_a_spanning_tree(name, size, seeds):
    width, height = size
    batch = generate_batch(width, height, name, states_of(seeds))
    for connections in batch.connections:
        assert int(connections.sum()) == width * height - 1
        assert not connections[0, -1].any() and not connections[1, :, -1].any()
        assert spanning_tree_of(width * height, grid_edges(connections))


@pytest.mark.parametrize("name", ["wilson", "eller", "recursive-division"])
@given(size=sizes, seeds=st.lists(st.integers(0, MAX_SEED), min_size=2, max_size=8))
def test_a_maze_depends_on_its_own_state_only(name, size, seeds):
    states = states_of(seeds)
    whole = generate_batch(*size, name, states)
    half = len(seeds) // 2
    parts = [generate_batch(*size, name, states[:half]), generate_batch(*size, name, states[half:])]
    assert np.array_equal(whole.connections, np.concatenate([p.connections for p in parts]))
    assert np.array_equal(whole.path_cells, np.concatenate([p.path_cells for p in parts]))
    backwards = generate_batch(*size, name, states[::-1])  # not contiguous: copied
    assert np.array_equal(backwards.connections, whole.connections[::-1])
    assert np.array_equal(backwards.river, whole.river[::-1])


def test_the_result_arrays():
    batch = generate_batch(6, 4, "kruskal", states_of(range(3)))
    assert isinstance(batch, BatchResult)
    assert batch.connections.dtype == np.bool_ and batch.connections.shape == (3, 2, 4, 6)
    assert batch.path_offsets.dtype == np.int64 and batch.path_offsets.shape == (4,)
    assert batch.path_cells.dtype == np.int32 and batch.path_cells.shape[1] == 2
    assert batch.path_indices.dtype == np.int32
    rows, columns = batch.path_cells.T
    assert np.array_equal(batch.path_indices, rows * 6 + columns)
    assert batch.path_offsets[0] == 0 and batch.path_offsets[-1] == len(batch.path_indices)
    assert batch.dead_ends.dtype == batch.river.dtype == np.float64
    assert batch.solution_length.dtype == np.int32
    assert np.array_equal(np.diff(batch.path_offsets), batch.solution_length + 1)
    assert np.array_equal(batch.path(-1), batch.path(2))
    with pytest.raises(IndexError):
        batch.path(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        batch.river = np.zeros(3)  # type: ignore[misc]


def test_read_only_arrays_are_taken():
    states = states_of(range(4))
    frozen = np.frombuffer(states.tobytes(), dtype=np.uint64)
    origins = np.zeros((4, 2), dtype=np.int32)
    origins.flags.writeable = False
    batch = generate_batch(7, 5, "prim", frozen, origins=origins)
    assert np.array_equal(batch.connections, generate_batch(7, 5, "prim", states).connections)


def test_an_empty_batch():
    batch = generate_batch(5, 5, "wilson", np.zeros(0, dtype=np.uint64), origins=[], targets=[])
    assert len(batch) == 0
    assert batch.connections.shape == (0, 2, 5, 5)
    assert batch.path_offsets.tolist() == [0]
    assert batch.path_cells.shape == (0, 2)


def test_long_paths_outgrow_the_first_guess():
    # the kernel first makes room for straight paths: here 2 cells a maze, between two
    # neighbours, whose path winds around now and then
    seeds = range(50)
    targets = np.tile([0, 1], (50, 1))
    batch = generate_batch(15, 15, "backtracker", states_of(seeds), targets=targets)
    assert len(batch.path_cells) > 2 * 50
    assert_as_one_by_one(batch, (15, 15), "backtracker", {}, seeds, targets=targets)


STATES = states_of(range(3))
# (call, exception, words in the message)
REFUSALS = [
    (lambda: generate_batch(5, 5, "wilson", [1, 2, 3]), TypeError, "uint64 NumPy array"),
    (lambda: generate_batch(5, 5, "wilson", STATES.astype(np.int64)), TypeError, "not int64"),
    (lambda: generate_batch(5, 5, "wilson", STATES.reshape(3, 1)), TilewrightError, "(n,)"),
    (lambda: generate_batch(5, 5, "wilsom", STATES), TilewrightError, "unknown maze algorithm"),
    (lambda: generate_batch(5, 5, None, STATES), TypeError, "algorithm must be a str"),
    (lambda: generate_batch(0, 5, "wilson", STATES), TilewrightError, "width must be at least 1"),
    (lambda: generate_batch(5, 2.0, "wilson", STATES), TypeError, "height"),
    (lambda: generate_batch(5, 5, "wilson", STATES, bias=0.5), TilewrightError, "does not take"),
    (lambda: generate_batch(5, 5, "eller", STATES, join=1.5), TilewrightError, "probability"),
    (
        lambda: generate_batch(5, 5, "growing-tree", STATES, strategy="newer"),
        TilewrightError,
        "unknown growing-tree strategy",
    ),
    (
        lambda: generate_batch(5, 4, "wilson", STATES, origins=[[0, 0], [4, 0], [0, 0]]),
        TilewrightError,
        "origins[1] 4,0 is outside the 5x4 maze",
    ),
    (
        lambda: generate_batch(5, 4, "wilson", STATES, targets=np.array([[0, 0], [0, 0], [0, -1]])),
        TilewrightError,
        "targets[2] 0,-1 is outside",
    ),
    (
        lambda: generate_batch(
            5, 4, "wilson", STATES, origins=np.full((3, 2), 2**64 - 1, dtype=np.uint64)
        ),
        TilewrightError,
        "origins[0] 18446744073709551615,18446744073709551615 is outside",
    ),
    (
        lambda: generate_batch(5, 4, "wilson", STATES, origins=[[0, 0], [1, 1]]),
        TilewrightError,
        "origins must have shape (3, 2)",
    ),
    (
        lambda: generate_batch(5, 4, "wilson", STATES, origins=np.zeros((3, 2))),
        TypeError,
        "origins must hold integers, not float64",
    ),
    (
        lambda: generate_batch(5, 4, "wilson", STATES, targets=np.zeros((3, 2), dtype=bool)),
        TypeError,
        "targets must hold integers, not bool",
    ),
    (
        lambda: generate_batch(5, 4, "wilson", STATES, origins=[[0, 0], [1], [0, 0]]),
        TypeError,
        "origins must be an (n, 2) array of integers",
    ),
]


@pytest.mark.parametrize(("call", "exception", "words"), REFUSALS)
def test_bad_arguments_are_refused_in_one_line(call, exception, words):
    with pytest.raises(exception) as refused:
        call()
    message = str(refused.value)
    assert words in message and "\n" not in message, message


def test_a_batch_that_does_not_fit_is_refused_before_it_is_made(monkeypatch):
    def check_fits(needed, what):
        if needed > 1_000_000:
            raise TilewrightError(f"{what} needs about {needed} bytes")

    monkeypatch.setattr(batch_module, "check_fits", check_fits)
    generate_batch(15, 15, "eller", states_of(range(100)))
    with pytest.raises(TilewrightError, match="a batch of 3000 15x15 eller mazes needs"):
        generate_batch(15, 15, "eller", states_of(range(3000)))
