"""The maze kernels: compiling them ahead (``tilewright warm``), and telling which ones a
command is about to run, so that a first run can say it is compiling.

Numba compiles a kernel once per set of argument types and caches the machine code. The
maze kernels are called with one set of types each by the command line, and a second one
(a ``CellGraph``'s arrays instead of a square grid's two numbers) by ``spanning_tree``;
:func:`warm` compiles both.
"""

from importlib import import_module
from types import ModuleType

import numpy as np

# The modules of compiled kernels in this package, for ``tilewright warm``.
KERNEL_MODULES = (
    "tilewright.mazes._walk_kernels",
    "tilewright.mazes._backtrack_kernels",
    "tilewright.mazes._frontier_kernels",
    "tilewright.mazes._row_kernels",
    "tilewright.mazes._solve_kernels",
    "tilewright.mazes._graph_solve_kernels",
    "tilewright.mazes._weave_kernels",
    "tilewright.mazes._batch_kernels",
    "tilewright.mazes._checks",
    "tilewright.core._polygon_kernels",
    "tilewright.core._polyline_kernels",
    "tilewright.core._mask_kernels",
    "tilewright.core._table_kernels",
    "tilewright.core._lattice_kernels",
)
# The solver kernels each use of a maze calls, by module and name.
_SHORTEST_PATH = (("_solve_kernels", "bfs_distances"), ("_solve_kernels", "trace_back"))
_DISTANCES = (("_solve_kernels", "bfs_distances"),)
_BRAID = (("_solve_kernels", "braid"),)
_PERFECT = (("_checks", "component_count"),)


def warm() -> None:
    """Compile every maze kernel, for each set of argument types the library and the
    command line call it with, on mazes of a few cells.

    Examples
    --------
    >>> warm()
    """
    from tilewright.core.graph import CellGraph
    from tilewright.mazes import (
        ALGORITHMS,
        braid,
        dead_end_filling,
        generate,
        generate_batch,
        maze_stats,
        spanning_tree,
        wall_follower,
    )

    square = CellGraph.from_edges(4, np.array([[0, 1], [1, 2], [2, 3], [3, 0]]))
    # a hub with eight spokes: too uneven for a padded table, so its rows are read as CSR
    # (the dodecagon grids' form), which the backtracker walks with a kernel of its own
    spokes = [[0, k] for k in range(1, 9)] + [[k, k % 8 + 1] for k in range(1, 9)]
    wheel = CellGraph.from_edges(9, np.array(spokes))
    spanning_tree(wheel, "backtracker", seed=1)
    for name, info in ALGORITHMS.items():
        maze = generate(3, 2, name, seed=1)
        generate_batch(3, 2, name, np.zeros(1, dtype=np.uint64))  # the datasets' path
        if info.kind == "graph":
            spanning_tree(square, name, seed=1)
    maze.is_perfect()  # the component count (a braided maze fails before it)
    maze_stats(braid(maze, 1.0))  # braid, shortest path, distances
    dead_end_filling(maze)
    wall_follower(maze)
    _warm_grids()


def _warm_grids() -> None:
    """The kernels of mazes on polygon grids: building a grid, a mask, a weave, the
    solvers on the cell graph, and the joined walls of a picture."""
    from tilewright.core.masks import masked
    from tilewright.core.polygon_grid import from_polygons, square_grid
    from tilewright.mazes import braid, dead_end_filling, generate_on, maze_stats, wall_follower
    from tilewright.mazes.grid_formats import geojson_chunks, json_chunks
    from tilewright.mazes.grid_pictures import grid_style, svg_text
    from tilewright.mazes.weaving import weave

    # sparse vertex keys take the hashing kernels of from_polygons (no builder here does)
    from_polygons("warm", {}, np.array([3]), np.array([0, 2**40, 2**41]), np.eye(3)[:, :2])
    grid = masked(square_grid(3, 3), np.ones((3, 3), dtype=bool))
    maze = generate_on(grid, "wilson", seed=1)
    maze.is_perfect()
    maze_stats(braid(maze, 1.0))
    dead_end_filling(maze)
    wall_follower(maze)
    svg_text(maze, style=grid_style(maze.grid))
    b"".join(json_chunks(maze))
    b"".join(geojson_chunks(maze))
    weave(5, 5, "wilson", seed=0, crossings=1.0)
    from tilewright.core.collection_grids import cairo_grid, kagome_grid

    # the puzzle collection's lattices: keys packed straight, and ranked through a table
    for builder in (kagome_grid, cairo_grid):
        builder(3, 4)


# What a maze on a polygon grid runs beyond its generator, by module and name: the grid's
# vertices, cells and walls; the joined walls of a picture; the solver's path and distances.
_GRID = (
    ("core._polygon_kernels", "dense_vertices"),
    ("core._polygon_kernels", "adjacency"),
    ("core._polygon_kernels", "centroids"),
    ("core._polygon_kernels", "walls_of"),
    ("core._polygon_kernels", "passages_of"),
    ("core._table_kernels", "neighbour_table"),
    ("core._unionfind", "component_count"),
)
_GRID_PICTURE = (("core._polyline_kernels", "euler_trails"),)
_GRID_SOLVE = (
    ("mazes._graph_solve_kernels", "bfs_distances"),
    ("mazes._graph_solve_kernels", "trace_back"),
)


def grid_kernels(algorithm: str, *, picture: bool = False, solve: bool = False) -> list[ModuleType]:
    """The kernels a maze of ``algorithm`` on a polygon grid runs, as views (see
    ``used_kernels``): the grid's, the generator's, a picture's joined walls, the solver's.

    Examples
    --------
    >>> [view.__name__ for view in grid_kernels("wilson", picture=True)][-1]
    'tilewright.core._polyline_kernels'
    """
    from tilewright.mazes.generation import KERNELS

    module, function = KERNELS[algorithm]
    wanted = [(f"mazes.{module}", function), *_GRID]
    if picture:
        wanted += _GRID_PICTURE
    if solve:
        wanted += _GRID_SOLVE
    return _views(wanted)


def _views(wanted) -> list[ModuleType]:
    # each module of ``wanted`` (names under tilewright.) as a view holding only its kernels
    views: dict[str, ModuleType] = {}
    for module, function in wanted:
        name = f"tilewright.{module}"
        view = views.setdefault(name, ModuleType(name))
        setattr(view, function, getattr(import_module(name), function))
    return list(views.values())


def batch_kernels(algorithm: str) -> list[ModuleType]:
    """The kernels a batch of ``algorithm``'s mazes runs (``generate_batch``, the datasets'
    path): its batch kernel and the generator compiled into it, as views.

    Examples
    --------
    >>> [view.__name__.rsplit(".", 1)[1] for view in batch_kernels("wilson")]
    ['_batch_kernels', '_walk_kernels']
    """
    from tilewright.mazes._batch_kernels import BATCH_KERNELS

    batch = BATCH_KERNELS[algorithm]
    # named as the table of compile times names every batch kernel (made by one function)
    view = ModuleType(batch.__module__)
    setattr(view, batch.py_func.__qualname__, batch)
    return [view, *used_kernels(algorithm)]


def used_kernels(
    algorithm: str | None,
    *,
    braid: bool = False,
    solve: bool = False,
    heat: bool = False,
    stats: bool = False,
) -> list[ModuleType]:
    """The kernels one command runs, each group as a view of its module holding only them.

    ``tilewright.core.compilation.announce_if_cold`` judges modules; a view keeps the
    kernels a command never calls (the other algorithms) from counting as uncompiled.

    Parameters
    ----------
    algorithm : str or None
        The algorithm that makes the maze, or ``None`` when the maze is read from a file.
    braid, solve, heat, stats : bool
        Whether the command braids the maze, draws its shortest path, its distances, or
        measures it.

    Returns
    -------
    list of module
        One view a kernel module, named as the module.

    Examples
    --------
    >>> views = used_kernels("wilson", solve=True)
    >>> [view.__name__ for view in views]
    ['tilewright.mazes._walk_kernels', 'tilewright.mazes._solve_kernels']
    >>> sorted(name for name in vars(views[1]) if not name.startswith("_"))
    ['bfs_distances', 'trace_back']
    >>> [view.__name__ for view in used_kernels(None, stats=True)]
    ['tilewright.mazes._solve_kernels', 'tilewright.mazes._checks']
    """
    from tilewright.mazes.generation import KERNELS

    wanted = [KERNELS[algorithm]] if algorithm is not None else []
    for used, kernels in (
        (braid, _BRAID),
        (solve or stats, _SHORTEST_PATH),
        (heat, _DISTANCES),
        (stats, _PERFECT),
    ):
        if used:
            wanted.extend(kernels)
    return _views([(f"mazes.{module}", function) for module, function in wanted])
