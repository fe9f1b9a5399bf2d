"""The mazes API refuses bad arguments up front: a wrong type is a TypeError, a wrong value a
TilewrightError with one short line, both before any compiled kernel runs."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.core.graph import CellGraph, SquareGrid, check_size
from tilewright.mazes import Maze, braid, generate, spanning_tree, stream_bands
from tilewright.mazes.pictures import (
    Style,
    heat_levels,
    picture_size,
    png_bytes,
    svg_text,
    wall_lattice,
    wall_path_data,
)
from tilewright.mazes.solve import (
    cell_index,
    dead_end_filling,
    distances,
    endpoints,
    shortest_path,
    wall_follower,
)
from tilewright.mazes.strategies import parse_strategy

MAZE = generate(7, 5, "kruskal", seed=2)
EDGES = np.array([[0, 1], [1, 2]])
NAN, INF = float("nan"), float("inf")


def good_connections() -> np.ndarray:
    return MAZE.connections.copy()


def broken_maze(change) -> Maze:
    """A valid maze whose array was changed afterwards by ``change(maze)``."""
    maze = Maze(good_connections())
    change(maze)
    return maze


def _leak_down(maze: Maze) -> None:
    maze.connections[0, -1, 0] = True


def _as_ints(maze: Maze) -> None:
    maze.connections = maze.connections.astype(np.int8)


# (call, exception, words in the message)
REFUSALS = [
    # generate: sizes
    (lambda: generate("10", 5), TypeError, "width must be an integer, not str"),
    (lambda: generate(10.5, 5), TypeError, "width"),
    (lambda: generate(np.float64(10), 5), TypeError, "width"),
    (lambda: generate(True, 5), TypeError, "width"),
    (lambda: generate(5, None), TypeError, "height"),
    (lambda: generate(0, 5), TilewrightError, "width must be at least 1"),
    (lambda: generate(5, -3), TilewrightError, "height must be at least 1"),
    (lambda: generate(2**41, 1), TilewrightError, "at most"),
    (lambda: generate(10**5000, 1), TilewrightError, "at most"),
    # generate: algorithm, seed, parameters
    (lambda: generate(5, 5, 5), TypeError, "algorithm must be a str"),
    (lambda: generate(5, 5, ["wilson"]), TypeError, "algorithm"),
    (lambda: generate(5, 5, "nope"), TilewrightError, "unknown maze algorithm"),
    (lambda: generate(5, 5, seed="1"), TypeError, "seed"),
    (lambda: generate(5, 5, seed=1.0), TypeError, "seed"),
    (lambda: generate(5, 5, seed=True), TypeError, "seed"),
    (lambda: generate(5, 5, seed=-1), TilewrightError, "seed must be between 0 and"),
    (lambda: generate(5, 5, seed=2**63), TilewrightError, "seed"),
    (lambda: generate(5, 5, seed=-(10**5000)), TilewrightError, "seed"),
    (lambda: generate(5, 5, "eller", join=NAN), TilewrightError, "join must be a probability"),
    (lambda: generate(5, 5, "eller", down=INF), TilewrightError, "down"),
    (lambda: generate(5, 5, "eller", join=1.5), TilewrightError, "between 0 and 1"),
    (lambda: generate(5, 5, "eller", join="0.5"), TypeError, "join"),
    (lambda: generate(5, 5, "eller", join=None), TypeError, "join"),
    (lambda: generate(5, 5, "sidewinder", bias=True), TypeError, "bias"),
    (lambda: generate(5, 5, "binary-tree", bias=-0.1), TilewrightError, "bias"),
    (lambda: generate(5, 5, "kruskal", join=0.5), TilewrightError, "does not take"),
    (lambda: generate(5, 5, "growing-tree", strategy=5), TypeError, "strategy"),
    (lambda: generate(5, 5, "growing-tree", strategy=None), TypeError, "strategy"),
    (lambda: generate(5, 5, "growing-tree", strategy="up"), TilewrightError, "unknown"),
    (lambda: generate(5, 5, "growing-tree", strategy="newest:١"), TilewrightError, "number"),
    (lambda: generate(5, 5, "growing-tree", strategy="newest:nan"), TilewrightError, "number"),
    (lambda: generate(5, 5, "growing-tree", strategy="newest:1_0"), TilewrightError, "number"),
    (lambda: generate(5, 5, "growing-tree", strategy="newest:0"), TilewrightError, "positive"),
    (
        lambda: generate(5, 5, "growing-tree", strategy="newest:1e308,random:1e308"),
        TilewrightError,
        "too large",
    ),
    (
        lambda: generate(5, 5, "growing-tree", strategy="newest," + "x" * 10_000),
        TilewrightError,
        "unknown growing-tree strategy",
    ),
    (lambda: parse_strategy(b"newest"), TypeError, "strategy"),
    # stream_bands
    (lambda: stream_bands("10", 5), TypeError, "width"),
    (lambda: stream_bands(5, 5, "kruskal"), TilewrightError, "cannot stream"),
    (lambda: stream_bands(5, 5, rows_per_band=0), TilewrightError, "rows_per_band"),
    (lambda: stream_bands(5, 5, rows_per_band=2.5), TypeError, "rows_per_band"),
    (lambda: stream_bands(5, 5, "sidewinder", bias=NAN), TilewrightError, "bias"),
    (lambda: stream_bands(5, 2**41), TilewrightError, "at most"),
    (lambda: stream_bands(5, 5, seed=[1]), TypeError, "seed"),
    # spanning_tree and graphs
    (lambda: spanning_tree("grid"), TypeError, "SquareGrid or a CellGraph"),
    (lambda: spanning_tree(None), TypeError, "graph"),
    (lambda: spanning_tree(SquareGrid(3, 3), 5), TypeError, "algorithm"),
    (lambda: spanning_tree(SquareGrid(3, 3), "eller"), TilewrightError, "square grids only"),
    (lambda: spanning_tree(SquareGrid(3, 3), "growing-tree", strategy="x"), TilewrightError, "x"),
    (lambda: spanning_tree(SquareGrid(3, 3), seed="x"), TypeError, "seed"),
    (lambda: SquareGrid(3.0, 3), TypeError, "width"),
    (lambda: check_size(3, np.float32(3)), TypeError, "height"),
    (lambda: CellGraph.from_edges(3, [[0, 1.5]]), TypeError, "edges must hold integers"),
    (lambda: CellGraph.from_edges(3, np.array([[0.0, 1.0]])), TypeError, "integers"),
    (lambda: CellGraph.from_edges(3, [[True, False]]), TypeError, "integers"),
    (lambda: CellGraph.from_edges(3, "01"), TypeError, "integers"),
    (lambda: CellGraph.from_edges(3, [[0, 1], [1]]), TypeError, "edges"),
    (lambda: CellGraph.from_edges(3, None), TypeError, "edges"),
    (lambda: CellGraph.from_edges(3.0, EDGES), TypeError, "num_cells"),
    (lambda: CellGraph.from_edges(True, EDGES), TypeError, "num_cells"),
    (lambda: CellGraph.from_edges(3, [0, 1, 1, 2]), TilewrightError, "shape (m, 2)"),
    (lambda: CellGraph.from_edges(0, []), TilewrightError, "1 to"),
    (lambda: CellGraph.from_edges(-(10**5000), []), TilewrightError, "1 to"),
    (
        lambda: CellGraph.from_edges(3, np.array([[0, 2**64 - 1]], dtype=np.uint64)),
        TilewrightError,
        "outside",
    ),
    (
        lambda: CellGraph(np.array([0, 1]), np.zeros(1, np.int32), np.zeros(1), np.zeros((0, 2))),
        TypeError,
        "CellGraph.",
    ),
    (
        lambda: (lambda g: CellGraph(g.indptr, g.indices + 5, g.slots, g.endpoints))(
            CellGraph.from_edges(3, EDGES)
        ),
        TilewrightError,
        "outside the graph",
    ),
    (
        lambda: (lambda g: CellGraph(g.indptr, g.indices[::-1].copy(), g.slots, g.endpoints))(
            CellGraph.from_edges(3, EDGES)
        ),
        TilewrightError,
        "disagree",
    ),
    # solvers
    (lambda: shortest_path(MAZE, (1.7, 2)), TypeError, "start row must be an integer"),
    (lambda: shortest_path(MAZE, (1, 2), (0, 2.0)), TypeError, "goal column"),
    (lambda: shortest_path(MAZE, (True, 0)), TypeError, "start row"),
    (lambda: shortest_path(MAZE, "ab"), TypeError, "(row, column) pair"),
    (lambda: shortest_path(MAZE, np.array([1.0, 2.0])), TypeError, "pair of integers"),
    (lambda: shortest_path(MAZE, (1, 2, 3)), TilewrightError, "got 3 numbers"),
    (lambda: shortest_path(MAZE, (5, 0)), TilewrightError, "outside the 7x5 maze"),
    (lambda: shortest_path(MAZE, (0, -1)), TilewrightError, "outside"),
    (lambda: shortest_path(MAZE, (2**70, 0)), TilewrightError, "outside"),
    (lambda: shortest_path("maze"), TypeError, "maze must be a Maze, not str"),
    (lambda: shortest_path(None), TypeError, "Maze"),
    (lambda: shortest_path(MAZE.connections), TypeError, "Maze"),
    (lambda: distances(MAZE, None), TypeError, "start"),
    (lambda: distances(MAZE, {0: 0, 1: 1}), TypeError, "start"),
    (lambda: dead_end_filling(MAZE, goal=(0, 99)), TilewrightError, "goal 0,99 is outside"),
    (lambda: wall_follower(MAZE, hand=5), TypeError, "hand"),
    (lambda: wall_follower(MAZE, hand="up"), TilewrightError, "hand must be 'left' or"),
    (lambda: endpoints(MAZE, (0, 0), "xy"), TypeError, "goal"),
    (lambda: cell_index(MAZE, 3), TypeError, "cell"),
    (lambda: shortest_path(broken_maze(_leak_down)), TilewrightError, "down out of the last row"),
    (lambda: distances(broken_maze(_as_ints)), TypeError, "boolean NumPy array"),
    # braid
    (lambda: braid(MAZE, "0.5"), TypeError, "braid share"),
    (lambda: braid(MAZE, None), TypeError, "braid share"),
    (lambda: braid(MAZE, True), TypeError, "braid share"),
    (lambda: braid(MAZE, NAN), TilewrightError, "between 0 and 1"),
    (lambda: braid(MAZE, -INF), TilewrightError, "between 0 and 1"),
    (lambda: braid(MAZE, 0.5, seed=1.5), TypeError, "seed"),
    (lambda: braid(MAZE, 0.5, seed=-2), TilewrightError, "seed"),
    (lambda: braid("maze", 0.5), TypeError, "Maze"),
    # Maze
    (lambda: Maze("x"), TypeError, "connections must be a boolean NumPy array, not str"),
    (lambda: Maze(None), TypeError, "connections"),
    (lambda: Maze(np.zeros((2, 2, 2))), TypeError, "not float64"),
    (lambda: Maze(np.zeros((2, 0, 2), dtype=bool)), TilewrightError, "at least one cell"),
    (lambda: Maze(good_connections(), algorithm=5), TypeError, "algorithm"),
    (lambda: Maze(good_connections(), seed="1"), TypeError, "seed"),
    (lambda: Maze(good_connections(), seed=-1), TilewrightError, "seed"),
    (lambda: Maze(good_connections(), params=[]), TypeError, "params must be a dict"),
    (lambda: Maze(good_connections(), params={1: 2}), TypeError, "params keys"),
    (lambda: Maze.from_connection_list([[["a"]]]), TypeError, "booleans"),
    (lambda: Maze.from_connection_list([[[1], [2, 3]]]), TypeError, "booleans"),
    (lambda: Maze.from_connection_list(np.full((2, 2, 2), 2)), TilewrightError, "0 and 1"),
    (lambda: Maze.from_maze_dataset(5), TypeError, "LatticeMaze"),
    (lambda: MAZE.bands(0), TilewrightError, "rows_per_band"),
    (lambda: MAZE.bands(1.5), TypeError, "rows_per_band"),
    # Style
    (lambda: Style(cell=-12), TilewrightError, "wall < cell"),
    (lambda: Style(wall=-1), TilewrightError, "wall < cell"),
    (lambda: Style(cell=12.0), TypeError, "cell size"),
    (lambda: Style(wall=True), TypeError, "wall width"),
    (lambda: Style(cell="12"), TypeError, "cell size"),
    (lambda: Style(cell=2**40), TilewrightError, "at most"),
    (lambda: Style(wall_colour=5), TypeError, "wall_colour"),
    (lambda: Style(background=None), TypeError, "background"),
    (lambda: Style(background="notacolour"), TilewrightError, "unknown colour"),
    (lambda: Style(background="#١٢٣٤٥٦"), TilewrightError, "unknown colour"),
    (lambda: Style(path_colour="rgb(٢,2,2)"), TilewrightError, "unknown colour"),
    (lambda: Style(path_colour="x" * 100_000), TilewrightError, "unknown colour"),
    # pictures
    (lambda: svg_text("maze"), TypeError, "Maze"),
    (lambda: png_bytes(None), TypeError, "Maze"),
    (lambda: svg_text(MAZE, style="big"), TypeError, "style must be a Style"),
    (lambda: png_bytes(MAZE, style=5), TypeError, "style"),
    (lambda: svg_text(MAZE, heat=np.zeros((2, 2), int)), TilewrightError, "maze's shape (5, 7)"),
    (lambda: png_bytes(MAZE, heat=np.zeros((7, 5), int)), TilewrightError, "shape"),
    (lambda: png_bytes(MAZE, heat=np.zeros((5, 7))), TypeError, "integer distances"),
    (lambda: svg_text(MAZE, heat=[[0] * 7] * 5), TypeError, "heat"),
    (lambda: svg_text(MAZE, heat=np.full((5, 7), -5)), TilewrightError, "-1 (unreachable)"),
    (lambda: png_bytes(MAZE, heat=np.full((5, 7), 2**40)), TilewrightError, "heat values"),
    (lambda: svg_text(MAZE, path=np.array([[0.5, 1.0]])), TypeError, "path"),
    (lambda: png_bytes(MAZE, path=[[0, 0], [9, 9]]), TilewrightError, "path leaves the 7x5"),
    (lambda: svg_text(MAZE, path=np.zeros((3, 3), int)), TilewrightError, "shape (k, 2)"),
    (lambda: svg_text(MAZE, path="0,0"), TypeError, "path"),
    (lambda: heat_levels("x"), TypeError, "heat"),
    (lambda: heat_levels(np.zeros(0, int)), TilewrightError, "at least one"),
    (lambda: picture_size(MAZE, None), TypeError, "style"),
    (lambda: wall_lattice(None), TypeError, "Maze"),
    (lambda: wall_path_data(5), TypeError, "Maze"),
]


@pytest.mark.parametrize(("call", "kind", "words"), REFUSALS)
def test_bad_arguments_are_refused_with_one_short_line(call, kind, words):
    with pytest.raises(kind) as caught:
        result = call()
        if hasattr(result, "__next__"):
            next(result)  # a lazy iterator must have refused when it was made
    message = str(caught.value)
    if kind is TypeError:
        assert not isinstance(caught.value, TilewrightError)
    assert words in message
    assert "\n" not in message and len(message) < 200, message


def test_numpy_integers_and_floats_count_as_numbers():
    maze = generate(np.int64(7), np.int32(5), "kruskal", seed=np.uint8(2))
    assert maze == MAZE and type(maze.seed) is int
    assert generate(5, 4, "binary-tree", seed=1, bias=np.float32(0.25)).params["bias"] == 0.25
    assert braid(MAZE, np.float32(0.5)) == braid(MAZE, 0.5)
    assert shortest_path(MAZE, (np.int64(0), np.int16(0)), np.array([4, 6])).shape[1] == 2
    assert cell_index(MAZE, [1, 2]) == 9
    assert Style(cell=np.int64(10), wall=np.int8(1)).cell == 10
    assert type(Style(cell=np.int64(10)).cell) is int
    graph = CellGraph.from_edges(np.int64(3), EDGES.astype(np.uint16))
    assert spanning_tree(graph, "kruskal", seed=1).all()
    assert CellGraph.from_edges(1, []).num_slots == 0
    assert Maze.from_connection_list(MAZE.connections.astype(np.uint8)) == MAZE
    assert len(list(stream_bands(np.int64(5), 3, rows_per_band=np.int64(2)))) == 2


def test_paths_and_heat_from_the_solvers_are_drawn_as_before():
    path, dist = shortest_path(MAZE), distances(MAZE)
    as_list = [tuple(cell) for cell in path.tolist()]
    assert svg_text(MAZE, path=as_list, heat=dist) == svg_text(MAZE, path=path, heat=dist)
    assert png_bytes(MAZE, path=path.astype(np.int32)) == png_bytes(MAZE, path=path)
    assert svg_text(MAZE, path=np.zeros((0, 2), int)) == svg_text(MAZE)


# --- any junk: only TypeError or TilewrightError --------------------------------------------

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(2**62, 2**80),
    st.integers(-(2**80), -(2**62)),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=10),
    st.binary(max_size=10),
    st.lists(st.integers(-3, 10), max_size=4),
    st.tuples(st.integers(-3, 10), st.integers(-3, 10)),
    st.tuples(st.floats(), st.integers(0, 3)),
    st.lists(st.lists(st.integers(-2, 8), min_size=2, max_size=2), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from(
        [
            np.int64(3),
            np.uint64(2**64 - 1),
            np.float64(0.5),
            np.float32(0.2),
            np.bool_(True),
            np.array([1, 2]),
            np.array([[0, 1], [1, 2]]),
            np.zeros((2, 2)),
            np.zeros((5, 7), dtype=np.int32),
            np.zeros((2, 5, 7), dtype=bool),
            object(),
            (),
            "eller",
            "newest:2,random",
            "#abcdef",
            MAZE,
            Style(),
            SquareGrid(2, 2),
        ]
    ),
)


def _consume(result):
    return list(result) if hasattr(result, "__next__") else result


# Each target: a function and valid arguments; the test puts junk in one or two of them.
TARGETS = [
    (generate, [6, 4, "backtracker", 1], {}),
    (lambda w, h, s, j: generate(w, h, "eller", s, join=j), [6, 4, 1, 0.5], {}),
    (lambda w, s, x: generate(w, 3, "growing-tree", s, strategy=x), [5, 1, "newest"], {}),
    (lambda b, s: generate(4, 4, "binary-tree", s, bias=b), [0.5, 1], {}),
    (lambda *a: _consume(stream_bands(*a)), [6, 4, "eller", 1, 2], {}),
    (spanning_tree, [SquareGrid(3, 3), "kruskal", 1], {}),
    (lambda n, e, s: spanning_tree(CellGraph.from_edges(n, e), "wilson", s), [3, EDGES, 1], {}),
    (SquareGrid, [3, 3], {}),
    (shortest_path, [MAZE, (0, 0), (4, 6)], {}),
    (distances, [MAZE, (1, 1)], {}),
    (dead_end_filling, [MAZE, (0, 0), (4, 6)], {}),
    (wall_follower, [MAZE, (0, 0), (4, 6), "right"], {}),
    (endpoints, [MAZE, None, None], {}),
    (cell_index, [MAZE, (2, 3)], {}),
    (braid, [MAZE, 0.5, 3], {}),
    (Maze, [good_connections(), "kruskal", 2, {}], {}),
    (Maze.from_connection_list, [good_connections()], {}),
    (lambda r: _consume(MAZE.bands(r)), [2], {}),
    (Style, [12, 2, "black", "white", "red"], {}),
    (svg_text, [MAZE, Style(), None, None], {}),
    (png_bytes, [MAZE, Style(), shortest_path(MAZE), distances(MAZE)], {}),
    (heat_levels, [distances(MAZE)], {}),
    (picture_size, [MAZE, Style()], {}),
    (wall_lattice, [MAZE], {}),
    (wall_path_data, [MAZE], {}),
    (parse_strategy, ["newest:3,random"], {}),
]


@settings(max_examples=400)
@given(data=st.data())
def test_junk_arguments_raise_only_type_or_tilewright_errors(data):
    function, args, kwargs = data.draw(st.sampled_from(TARGETS))
    args = list(args)
    spots = data.draw(st.sets(st.integers(0, len(args) - 1), min_size=1, max_size=2))
    for spot in spots:
        args[spot] = data.draw(JUNK)
    try:
        _consume(function(*args, **kwargs))
    except (TypeError, TilewrightError) as error:
        assert "\n" not in str(error), str(error)
