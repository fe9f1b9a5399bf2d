"""The maze API as a person meets it in a terminal and a notebook: print, repr, save by
suffix (Zarr too), keywords named in the signature, graphs for networkx, and pictures
that stay small in Jupyter."""

import inspect
import io
import sys

import numpy as np
import pytest
from PIL import Image

from tests.helpers import run_cli
from tilewright.core.errors import TilewrightError
from tilewright.core.extras import MissingExtraError
from tilewright.core.grids import hex_grid, hexagon_grid, polar_grid, triangle_grid, upsilon_grid
from tilewright.core.masks import masked, parse_mask
from tilewright.core.notebook import NOTEBOOK_SIDE
from tilewright.core.polygon_grid import square_grid
from tilewright.mazes import (
    GridMaze,
    Maze,
    braid,
    generate,
    generate_on,
    shortest_path,
    weave,
)
from tilewright.mazes.model import NOTEBOOK_PNG_CELLS, TEXT_CELLS
from tilewright.mazes.save_options import GridSaveOptions, SaveOptions

nx = pytest.importorskip("networkx")

HEAVY = set("╹╺┗╻┃┏┣╸┛━┻┓┫┳╋•")


def ring_maze() -> GridMaze:
    mask = parse_mask("........\n..XX....\n..XX..X.\n........\n........")
    return generate_on(masked(square_grid(8, 5), mask), "kruskal", seed=1)


# --- print and repr -------------------------------------------------------------------


def test_print_draws_what_the_command_line_prints(capsys):
    from tilewright.cli import main

    maze = generate(12, 8, "wilson", seed=4)
    try:
        main(["maze", "12x8", "-a", "wilson", "--seed", "4"])
    except SystemExit as ended:
        assert not ended.code
    printed = capsys.readouterr().out
    print(maze)
    assert capsys.readouterr().out == printed


def test_repr_stays_one_short_line_and_differs_from_str():
    for maze in (generate(30, 15, "wilson", seed=1), ring_maze(), weave(8, 6, seed=1)):
        assert "\n" not in repr(maze) and len(repr(maze)) < 80
        assert str(maze) != repr(maze)


def roomy_cells(text: str) -> tuple[list[str], np.ndarray]:
    """The lines of a drawing with a path, and which cells the path's heavy lines mark."""
    lines = text.splitlines()
    height, width = (len(lines) - 1) // 2, (len(lines[0]) - 1) // 4
    marked = np.zeros((height, width), dtype=bool)
    for r in range(height):
        line = lines[2 * r + 1].ljust(4 * width + 1)
        for c in range(width):
            marked[r, c] = line[4 * c + 2] in HEAVY
    return lines, marked


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_solution_is_drawn_through_exactly_its_cells(seed):
    maze = generate(9, 6, "backtracker", seed=seed)
    path = shortest_path(maze)
    lines, marked = roomy_cells(maze.to_text(solution=True))
    expected = np.zeros((6, 9), dtype=bool)
    expected[path[:, 0], path[:, 1]] = True
    assert (marked == expected).all()
    # the walls of the roomy drawing are the maze's: a wall right of (r, c) is a bar
    for r in range(6):
        for c in range(8):
            bar = lines[2 * r + 1][4 * c + 4]
            assert (bar == "│") == (not maze.east[r, c])
    # and the same path given as an array draws the same
    assert maze.to_text(solution=path) == maze.to_text(solution=True)


def test_a_path_that_jumps_is_refused():
    maze = generate(4, 4, seed=1)
    with pytest.raises(TilewrightError, match="next to the one before"):
        maze.to_text(solution=np.array([[0, 0], [2, 2]]))
    with pytest.raises(TilewrightError, match="start and goal go with solution=True"):
        maze.to_text(start=(0, 0))


def test_masked_mazes_print_with_their_holes_blank():
    maze = ring_maze()
    text = str(maze)
    lines = text.splitlines()
    assert len(lines) == 6 and all(len(line) <= 17 for line in lines)
    # the two holes are walled in and empty inside
    assert lines[2][5:8] == "   "
    _, marked = roomy_cells(maze.to_text(solution=True))
    on = np.zeros((5, 8), dtype=bool)
    row_col = np.floor(maze.grid.centres[:, ::-1]).astype(int)
    on[row_col[:, 0], row_col[:, 1]] = True
    assert not (marked & ~on).any()
    assert marked[0, 0] and marked[4, 7]


def test_an_unmasked_square_grid_maze_prints_as_its_square_maze_does():
    square = generate(7, 5, "kruskal", seed=3)
    assert str(GridMaze.from_maze(square)) == str(square)


@pytest.mark.parametrize(
    "maze",
    [generate_on(hex_grid(5, 4), seed=1), weave(8, 6, seed=2), generate_on(polar_grid(3), seed=1)],
    ids=["hex", "weave", "polar"],
)
def test_other_grids_print_one_line(maze):
    text = str(maze)
    assert "\n" not in text and text.startswith(repr(maze))
    assert "passages" in text and ".svg" in text
    with pytest.raises(TilewrightError, match="no text drawing"):
        maze.to_text()


def test_a_maze_too_large_for_text_prints_one_line():
    maze = Maze(np.zeros((2, 1, TEXT_CELLS + 1), dtype=bool))
    assert str(maze) == f"{maze!r}: {TEXT_CELLS + 1:,} cells, too many to draw in text here " + (
        "(maze.save('maze.txt') writes them)"
    )


# --- save -----------------------------------------------------------------------------


def test_save_zarr_writes_what_the_command_line_writes(tmp_path, capsys):
    zarr = pytest.importorskip("zarr")
    maze = generate(40, 25, "kruskal", seed=7)
    maze.save(tmp_path / "api.zarr")
    status, _ = run_cli(
        capsys, "maze", "40x25", "-a", "kruskal", "--seed", "7", "-o", str(tmp_path / "cli.zarr")
    )
    assert status == 0
    api, cli = zarr.open_array(tmp_path / "api.zarr"), zarr.open_array(tmp_path / "cli.zarr")
    assert (api[:] == maze.connections).all() and (cli[:] == api[:]).all()
    assert api.chunks == cli.chunks
    assert api.attrs["tilewright"] == cli.attrs["tilewright"] == maze.info
    maze.save(tmp_path / "api.zarr")  # its own array is replaced
    with pytest.raises(TilewrightError, match="cell: not for zarr"):
        maze.save(tmp_path / "other.zarr", cell=4)


def test_save_zarr_without_the_extra_names_the_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "zarr", None)
    with pytest.raises(TilewrightError, match=r"pip install 'tilewright\[datasets\]'"):
        generate(4, 4, seed=1).save(tmp_path / "maze.zarr")
    assert not (tmp_path / "maze.zarr").exists()


@pytest.mark.parametrize(
    ("method", "declared"), [(Maze.save, SaveOptions), (GridMaze.save, GridSaveOptions)]
)
def test_save_declares_every_keyword_and_documents_it(method, declared):
    parameters = inspect.signature(method).parameters
    assert list(parameters) == ["self", "path", "options"]
    names = declared.__optional_keys__
    for name in ("cell", "wall", "max_side", "wall_colour", "background", "path_colour"):
        assert name in names
    assert "paper" in names and "compress" in names
    assert ("hairline" in names) == (method is GridMaze.save)
    documented = inspect.getdoc(method)
    for name in names:
        assert f"{name} :" in documented or f"{name}," in documented, name


@pytest.mark.parametrize(
    "make", [lambda: generate(4, 3, seed=1), lambda: generate_on(hex_grid(3, 2), seed=1)]
)
def test_save_refuses_an_unknown_keyword_as_python_does(make, tmp_path):
    maze = make()
    with pytest.raises(
        TypeError,
        match=rf"^{type(maze).__name__}\.save\(\) got an unexpected keyword argument 'colour'$",
    ):
        maze.save(tmp_path / "maze.svg", colour="red")
    assert not (tmp_path / "maze.svg").exists()


def test_picture_keywords_reach_the_picture(tmp_path):
    maze = generate(10, 6, seed=1)
    maze.save(tmp_path / "m.svg", cell=20, wall=3, path_colour="#00ff00", solution=True)
    svg = (tmp_path / "m.svg").read_text()
    assert "#00ff00" in svg and 'width="2' in svg  # 10 cells of 20 and the wall
    grid_maze = generate_on(hex_grid(5, 4), seed=1)
    grid_maze.save(tmp_path / "h.svg", background="#123456")
    assert "#123456" in (tmp_path / "h.svg").read_text()
    with pytest.raises(TilewrightError, match="for pictures only"):
        maze.save(tmp_path / "m.txt", cell=4)


# --- networkx -------------------------------------------------------------------------

GRIDS = {
    "square": lambda: square_grid(9, 7),
    "hex": lambda: hex_grid(8, 6),
    "hex-flat": lambda: hex_grid(8, 6, flat=True),
    "hexagon": lambda: hexagon_grid(4),
    "triangle": lambda: triangle_grid(9, 6),
    "polar": lambda: polar_grid(5),
    "upsilon": lambda: upsilon_grid(5, 5),
    "mask": lambda: masked(square_grid(8, 4), parse_mask("........\n..XX....\n" * 2)),
}


def test_a_square_maze_graph_is_a_spanning_tree_with_cells_for_nodes():
    maze = generate(12, 9, "wilson", seed=5)
    graph = maze.to_networkx()
    assert nx.is_tree(graph) and graph.number_of_nodes() == 12 * 9
    assert graph.nodes[(3, 4)] == {"row": 3, "col": 4, "pos": (4.5, 3.5)}
    path = nx.shortest_path(graph, (0, 0), (8, 11))
    assert (np.array(path) == shortest_path(maze)).all()


@pytest.mark.parametrize("kind", sorted(GRIDS))
def test_a_grid_maze_graph_is_a_spanning_tree_of_every_cell(kind):
    maze = generate_on(GRIDS[kind](), "wilson", seed=3)
    graph = maze.to_networkx()
    assert nx.is_tree(graph) and graph.number_of_nodes() == maze.num_cells
    cell = maze.num_cells // 2
    assert graph.nodes[cell]["pos"] == tuple(maze.grid.centres[cell])
    assert {graph.edges[edge]["slot"] for edge in graph.edges} == set(
        np.flatnonzero(maze.passages).tolist()
    )


def test_a_weave_graph_is_a_tree_with_its_under_passages():
    maze = weave(10, 8, seed=4, crossings=0.2)
    graph = maze.to_networkx()
    assert nx.is_tree(graph) and graph.number_of_nodes() == maze.num_nodes > maze.num_cells
    under = maze.num_cells
    assert graph.nodes[under]["cell"] == maze.grid.under[0]


def test_braided_mazes_have_cycles():
    assert not nx.is_tree(braid(generate(12, 9, seed=1), 1.0).to_networkx())
    assert not nx.is_tree(braid(generate_on(hex_grid(8, 6), seed=1), 1.0).to_networkx())


def test_without_networkx_one_error_names_the_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)
    for maze in (generate(3, 3, seed=1), generate_on(hex_grid(3, 3), seed=1)):
        with pytest.raises(MissingExtraError) as raised:
            maze.to_networkx()
        assert str(raised.value) == (
            "to_networkx needs the graph extra: pip install 'tilewright[graph]'"
        )


# --- Jupyter --------------------------------------------------------------------------


def png_size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def test_a_square_maze_is_svg_up_to_the_threshold_and_png_past_it():
    small = generate(200, 200, "sidewinder", seed=1)
    assert small._repr_svg_().startswith("<?xml") or "<svg" in small._repr_svg_()
    assert small._repr_png_() is None
    large = generate(201, 200, "sidewinder", seed=1)
    assert large._repr_svg_() is None
    width, height = png_size(large._repr_png_())
    assert max(width, height) <= NOTEBOOK_SIDE
    huge = generate(1500, 1000, "sidewinder", seed=1)
    width, height = png_size(huge._repr_png_())
    assert (width, height) == (NOTEBOOK_SIDE, round(2001 * NOTEBOOK_SIDE / 3001))
    beyond = Maze(np.zeros((2, 1, NOTEBOOK_PNG_CELLS + 1), dtype=bool))
    assert beyond._repr_svg_() is None and beyond._repr_png_() is None


def test_a_grid_maze_is_svg_up_to_the_threshold_and_png_past_it():
    small = generate_on(hex_grid(125, 200), "kruskal", seed=1)
    assert "<svg" in small._repr_svg_() and small._repr_png_() is None
    assert len(small._repr_svg_()) < 1_000_000
    large = generate_on(hex_grid(126, 200), "kruskal", seed=1)
    assert large._repr_svg_() is None
    assert max(png_size(large._repr_png_())) <= NOTEBOOK_SIDE


# --- solve ----------------------------------------------------------------------------


def test_solve_prints_the_maze_with_its_path():
    maze = generate(9, 6, "wilson", seed=2)
    solved = maze.solve()
    assert (solved.path == shortest_path(maze)).all() and len(solved) == len(solved.path)
    assert str(solved) == maze.to_text(solution=True).rstrip("\n")
    assert repr(solved) == f"<Solution of Maze 9x6 wilson seed=2: {len(solved)} cells>"
    assert "<svg" in solved._repr_svg_() and solved._repr_png_() is None
    masked_maze = ring_maze()
    assert str(masked_maze.solve()) == masked_maze.to_text(solution=True).rstrip("\n")


def test_a_solution_without_a_text_drawing_prints_one_line():
    solved = generate_on(hex_grid(5, 4), seed=1).solve(0, 19)
    assert "\n" not in str(solved) and str(solved).startswith(repr(solved))
    assert solved.path[0] == 0 and solved.path[-1] == 19
