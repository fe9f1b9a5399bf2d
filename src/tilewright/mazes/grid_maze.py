"""Mazes on any polygon grid: hexagons, triangles, rings, octagons, masks, weaves, tilings.

A :class:`GridMaze` is a :class:`~tilewright.core.polygon_grid.PolygonGrid` and which of
its possible passages are open, one boolean per slot of the grid's cell graph. Square mazes
without a mask keep their own :class:`~tilewright.mazes.model.Maze` (maze-dataset's layout,
row streaming and the row-based algorithms); everything else is a ``GridMaze``.

Cells are named by their id, 0 to ``grid.num_cells - 1``. A weave's graph has one more
node per crossing (the passage running under the crossing cell); solvers return graph
nodes, which ``grid.node_cell`` maps to cells.
"""

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Unpack

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown
from tilewright.core.options import check_options
from tilewright.mazes._arguments import seed_or_none
from tilewright.mazes._docstrings import fill_maze_doc
from tilewright.mazes.algorithms import ALGORITHMS, DEFAULT_ALGORITHM, GRAPH, get_algorithm
from tilewright.mazes.save_options import GridSaveOptions

if TYPE_CHECKING:
    # imported where used: polygon_grid loads Numba, which importing tilewright.mazes
    # (for --help, --list) must not
    from tilewright.core.polygon_grid import PolygonGrid
    from tilewright.mazes.model import Maze
    from tilewright.mazes.solution import Solution

# Mazes up to this many cells show themselves as SVG in notebooks (a hex maze's SVG is then
# about 0.9 MB); larger ones up to NOTEBOOK_PNG_CELLS as a small PNG (drawn by cairo: about
# 3 s at the most).
_NOTEBOOK_CELLS = 25_000
NOTEBOOK_PNG_CELLS = 250_000
# Grid parameters whose names a maze's own words would shadow in a one-line summary.
_SHADOWED = ("seed",)


@dataclass(eq=False)
class GridMaze:
    """A maze on a polygon grid, with how it was made.

    Parameters
    ----------
    grid : PolygonGrid
        The cells, their walls and the graph of possible passages.
    passages : numpy.ndarray
        bool, shape (grid.graph.num_slots,): True where the passage is open.
    algorithm : str or None
        The algorithm that made it.
    seed : int or None
        Its seed.
    params : dict
        The algorithm's parameters, keyed by name.

    Raises
    ------
    TypeError
        When ``grid`` is not a PolygonGrid, ``passages`` not a bool array, the algorithm
        not a str, the seed not an integer or params not a dict with str keys.
    TilewrightError
        When ``passages`` has the wrong length or the seed is out of range.

    See Also
    --------
    generate_on : a maze made by an algorithm on a grid.
    tilewright.mazes.validate : why a maze is not sound, or None.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> maze = generate_on(square_grid(4, 3), "wilson", seed=1)
    >>> maze
    <GridMaze square 4x3 wilson seed=1>
    >>> int(maze.passages.sum()), maze.is_perfect()
    (11, True)
    >>> maze.info["grid"], maze.info["cells"]
    ('square', 12)
    """

    grid: "PolygonGrid"
    passages: np.ndarray
    algorithm: str | None = None
    seed: int | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        from tilewright.mazes.model import _check_params

        self.passages = _checked_passages(self.grid, self.passages)
        if self.algorithm is not None and not isinstance(self.algorithm, str):
            raise TypeError(f"algorithm must be a str or None, not {type(self.algorithm).__name__}")
        self.seed = seed_or_none(self.seed)  # a Python int: np.int64 breaks the JSON writer
        _check_params(self.params)

    @classmethod
    def from_maze(cls, maze: "Maze") -> "GridMaze":
        """A square :class:`~tilewright.mazes.model.Maze` as a maze on ``square_grid``:
        the same passages, algorithm, seed and parameters (for GeoJSON, masks of a made
        maze, or code written for every grid).

        Examples
        --------
        >>> from tilewright.mazes import generate
        >>> square = generate(4, 3, "kruskal", seed=1)
        >>> grid_maze = GridMaze.from_maze(square)
        >>> grid_maze.passage_count() == square.passage_count(), grid_maze.is_perfect()
        (True, True)
        """
        from tilewright.core.polygon_grid import square_grid
        from tilewright.mazes.model import Maze

        if not isinstance(maze, Maze):
            raise TypeError(f"maze must be a Maze, not {type(maze).__name__}")
        grid = square_grid(maze.width, maze.height)
        low, high = np.sort(grid.graph.endpoints.astype(np.int64), axis=1).T
        row, col = np.divmod(low, maze.width)
        down = high == low + maze.width
        passages = np.where(down, maze.south[row, col], maze.east[row, col])
        return cls(grid, passages, maze.algorithm, maze.seed, dict(maze.params))

    @property
    def num_cells(self) -> int:
        """Cells of the grid."""
        return self.grid.num_cells

    @property
    def num_nodes(self) -> int:
        """Nodes of the graph: the cells, and a weave's under-passages after them."""
        return self.grid.graph.num_cells

    def passage_count(self) -> int:
        """Open passages."""
        return int(np.count_nonzero(self.passages))

    def degrees(self) -> np.ndarray:
        """int64, shape (num_nodes,): open passages at each node of the graph."""
        ends = self.grid.graph.endpoints[self.passages]
        return np.bincount(ends.reshape(-1), minlength=self.num_nodes)

    def dead_end_share(self) -> float:
        """Share of nodes with exactly one passage."""
        return float(np.count_nonzero(self.degrees() == 1)) / self.num_nodes

    def is_perfect(self) -> bool:
        """True when every node reaches every other by exactly one path (a spanning tree of
        the grid's graph)."""
        from tilewright.mazes._graph_solve_kernels import open_components

        if self.passage_count() != self.num_nodes - 1:
            return False
        graph = self.grid.graph
        return bool(open_components(graph.num_cells, graph.endpoints, self.passages) == 1)

    @property
    def info(self) -> dict[str, Any]:
        """What made the maze, as every output records it: the family, the grid's kind and
        parameters, its cells, the algorithm, seed and parameters.

        Examples
        --------
        >>> from tilewright.core.polygon_grid import square_grid
        >>> generate_on(square_grid(3, 2), "kruskal", seed=3).info
        {'family': 'maze', 'grid': 'square', 'grid_params': {'width': 3, 'height': 2}, \
'cells': 6, 'algorithm': 'kruskal', 'seed': 3, 'params': {}}
        """
        record: dict[str, Any] = {
            "family": "maze",
            "grid": self.grid.kind,
            "grid_params": _plain(dict(self.grid.params)),
            "cells": self.num_cells,
        }
        if len(self.grid.under):
            record["crossings"] = len(self.grid.under)
        record.update(algorithm=self.algorithm, seed=self.seed, params=_plain(dict(self.params)))
        return record

    def to_text(
        self,
        solution: bool | np.ndarray | None = None,
        *,
        start: int | None = None,
        goal: int | None = None,
    ) -> str:
        """A maze on a square grid, masked or not, drawn in Unicode box drawing (as
        :meth:`Maze.to_text <tilewright.mazes.Maze.to_text>` draws one); with a solution,
        its path runs through the cells in heavy lines.

        Parameters
        ----------
        solution : bool or array_like, optional
            ``True`` draws the shortest path from ``start`` to ``goal``; an array of
            cell ids, each next to the one before, draws that path.
        start, goal : int, optional
            Cell ids; default :func:`default_endpoints`.

        Returns
        -------
        str
            Lines ending in newlines; cells a mask left out are blank.

        Raises
        ------
        TilewrightError
            When the grid is not a square grid (hexagons, triangles, weaves … have no
            text drawing: save them as a picture), a cell is not one of the grid's, or a
            path's cells are not neighbours.

        Examples
        --------
        >>> from tilewright.core.masks import masked, parse_mask
        >>> from tilewright.core.polygon_grid import square_grid
        >>> ring = masked(square_grid(3, 3), parse_mask("...\\n.X.\\n..."))
        >>> print(generate_on(ring, "kruskal", seed=1).to_text(), end="")
        ┌───┬─┐
        │ ┌─┤ │
        │ └─┘ │
        └─────┘
        """
        lattice = _square_lattice(self)
        if lattice is None:
            raise TilewrightError(
                f"a {self.grid.kind} maze has no text drawing: save it as .svg, .png or .pdf"
            )
        on, south, east, row_col = lattice
        path = None
        if solution is not None and solution is not False:
            from tilewright.mazes.grid_solve import shortest_path

            if solution is True:
                nodes = shortest_path(self, start, goal)
            elif start is not None or goal is not None:
                raise TilewrightError("start and goal go with solution=True, not with a path")
            else:
                nodes = np.asarray(solution)
                if nodes.dtype.kind not in "iu" or nodes.ndim != 1:
                    raise TypeError("solution must be True or an array of cell ids")
                if len(nodes) and (nodes.min() < 0 or nodes.max() >= self.num_cells):
                    raise TilewrightError("the path leaves the maze")
            path = row_col[nodes]
        elif start is not None or goal is not None:
            raise TilewrightError("start and goal go with solution=True")
        from tilewright.mazes.text import lattice_text

        return lattice_text(on, south, east, path)

    def solve(self, start: int | None = None, goal: int | None = None) -> "Solution":
        """The maze with its shortest path from ``start`` to ``goal`` (cell ids; default
        :func:`default_endpoints`): printed, a square maze's path runs through its cells
        in heavy lines; in Jupyter it is drawn on the picture.

        Returns
        -------
        Solution
            ``maze`` and ``path``, the graph nodes from start to goal.

        Examples
        --------
        >>> from tilewright.core.grids import hex_grid
        >>> solved = generate_on(hex_grid(5, 4), "wilson", seed=1).solve()
        >>> solved.path[[0, -1]].tolist()
        [0, 19]
        """
        from tilewright.mazes.grid_solve import shortest_path
        from tilewright.mazes.solution import Solution

        return Solution(self, shortest_path(self, start, goal))

    @fill_maze_doc
    def to_networkx(self) -> Any:
        """The maze as a ``networkx.Graph``: a node per node of the grid's graph, an edge
        per open passage (``pip install 'tilewright[graph]'``).

        Returns
        -------
        networkx.Graph
            Nodes are the graph's node ids (the cells, then a weave's under-passages) with
            the attributes ``cell`` (the cell the node lies in: itself, or the crossing
            cell an under-passage runs beneath) and ``pos``, that cell's centre ``(x, y)``
            with ``y`` down; each edge has its ``slot``. A perfect maze is a tree spanning
            every node; a braided one has cycles.

        %(networkx_raises)s

        Examples
        --------
        >>> import networkx as nx
        >>> from tilewright.core.grids import hex_grid
        >>> graph = generate_on(hex_grid(5, 4), "wilson", seed=1).to_networkx()
        >>> graph.number_of_nodes(), nx.is_tree(graph)
        (20, True)
        """
        check_grid_maze(self)
        slots = np.flatnonzero(self.passages)
        return self.grid.to_networkx(slots)

    @fill_maze_doc
    def save(self, path: str | os.PathLike, **options: Unpack[GridSaveOptions]) -> None:
        """Write the maze to ``path`` in the format its suffix names, all or nothing.

        Parameters
        ----------
        path : str or os.PathLike
            The file; its suffix (in any case) chooses the format: ``.svg``, ``.png``,
            ``.pdf`` pictures, ``.json`` and ``.npz`` data that
            :func:`~tilewright.mazes.read_grid_maze` reads back, ``.geojson`` map
            features.
        **options
            Keyword-only arguments (``mazes.save_options.GridSaveOptions``), those of
            :meth:`Maze.save` and ``hairline``; one given as None keeps its default:
        %(save_options)s
        hairline : bool
            Pictures: walls one pixel (device unit) wide at every size.

        Raises
        ------
        TypeError, TilewrightError
            As :func:`~tilewright.mazes.grid_formats.save_grid_maze` raises them.

        Examples
        --------
        >>> import os, tempfile
        >>> from tilewright.core.grids import hex_grid
        >>> maze = generate_on(hex_grid(6, 4), "wilson", seed=2)
        >>> maze.save(os.path.join(tempfile.mkdtemp(), "hex.svg"), cell=10, solution=True)
        """
        from tilewright.mazes.grid_formats import save_grid_maze

        check_options(options, GridSaveOptions, "GridMaze.save")
        save_grid_maze(self, path, **options)

    def _repr_svg_(self) -> str | None:
        """Jupyter shows mazes of up to 25,000 cells as SVG pictures (larger ones as a
        PNG, :meth:`_repr_png_`)."""
        if self.num_cells > _NOTEBOOK_CELLS:
            return None
        from tilewright.mazes.grid_pictures import svg_text

        return svg_text(self)

    def _repr_png_(self) -> bytes | None:
        """Jupyter shows mazes too large for SVG, up to ``NOTEBOOK_PNG_CELLS`` cells, as
        a PNG of at most ``NOTEBOOK_SIDE`` pixels a side."""
        if not _NOTEBOOK_CELLS < self.num_cells <= NOTEBOOK_PNG_CELLS:
            return None
        from tilewright.core.notebook import NOTEBOOK_SIDE, shrunk_png
        from tilewright.mazes.grid_pictures import grid_style, png_bytes

        try:
            style = grid_style(self.grid, max_side=NOTEBOOK_SIDE)
        except TilewrightError:  # cells too small for a pixel: drawn larger, then shrunk
            style = grid_style(self.grid, max_side=4 * NOTEBOOK_SIDE)
        return shrunk_png(png_bytes(self, style=style), grey=True)

    def __str__(self) -> str:
        """A square maze (masked or not) drawn in text (:meth:`to_text`); any other grid,
        or a maze of more than ``TEXT_CELLS`` cells, as one line saying what it is."""
        from tilewright.mazes.model import TEXT_CELLS, too_large_for_text

        if self.num_cells > TEXT_CELLS:
            return f"{self!r}: {too_large_for_text(self.num_cells)}"
        if _square_lattice(self) is None:
            return (
                f"{self!r}: {self.num_cells:,} cells, {self.passage_count():,} passages "
                "(no text drawing of this grid: save it as .svg, .png or .pdf)"
            )
        return self.to_text()[:-1]

    def __eq__(self, other: object) -> bool:
        """Equal when the grids are the same cells and the same passages are open."""
        if not isinstance(other, GridMaze):
            return NotImplemented
        return same_grid(self.grid, other.grid) and np.array_equal(self.passages, other.passages)

    def __repr__(self) -> str:
        """``<GridMaze hex 30x20 wilson seed=1>``: the grid and what made the maze."""
        from tilewright.mazes.model import _made_by

        words = [self.grid.kind, *_grid_words(self.grid.params), *_made_by(self)]
        return f"<GridMaze {' '.join(words)}>"


def generate_on(
    grid: "PolygonGrid",
    algorithm: str = DEFAULT_ALGORITHM,
    seed: int | None = None,
    **params: Any,
) -> GridMaze:
    """A perfect maze on ``grid`` by one of the algorithms not tied to rows.

    Parameters
    ----------
    grid : PolygonGrid
        Any grid whose cells are connected (without crossings: a weave is made by
        :func:`tilewright.mazes.weaving.weave`).
    algorithm : str
        A name from ``ALGORITHMS`` of kind ``"graph"``.
    seed : int or None
        0 to ``MAX_SEED``, or ``None`` for a fresh seed (recorded in the result).
    **params
        ``strategy`` for growing-tree.

    Returns
    -------
    GridMaze
        A spanning tree of the grid's cell graph, recording the algorithm, the seed and
        the parameters with their defaults filled in.

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When the algorithm is unknown or works on square grids only (the message names
        those that work), a parameter or the seed is wrong, or the grid falls apart.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> generate_on(square_grid(5, 5), "growing-tree", seed=2).params
    {'strategy': 'newest:50,random:50'}
    >>> generate_on(square_grid(5, 5), "eller")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: eller works row by row on plain square mazes only \
(generate); on a square polygon grid use backtracker, growing-tree, ...
    """
    from tilewright.core.polygon_grid import PolygonGrid
    from tilewright.core.seeds import resolve_seed
    from tilewright.mazes.generation import spanning_tree

    if not isinstance(grid, PolygonGrid):
        raise TypeError(f"grid must be a PolygonGrid, not {type(grid).__name__}")
    name, params = graph_algorithm(algorithm, f"a {grid.kind} polygon grid", **params)
    if len(grid.under):
        raise TilewrightError("a grid with crossings is made into a maze by weave()")
    seed = resolve_seed(seed_or_none(seed))
    passages = spanning_tree(grid.graph, name, seed=seed, **params)
    return GridMaze(grid, passages, algorithm=name, seed=seed, params=params)


def graph_algorithm(algorithm: str, where: str, **params: Any) -> tuple[str, dict[str, Any]]:
    """``algorithm``'s name and its parameters (defaults filled in), checked to work on a
    cell graph: what :func:`generate_on` checks before it makes anything.

    Parameters
    ----------
    algorithm : str
        A name from ``ALGORITHMS``, in any case.
    where : str
        The grid, for the refusal of a row-based algorithm ("a hex polygon grid").
    **params
        The algorithm's parameters.

    Examples
    --------
    >>> graph_algorithm("growing-tree", "a hex grid")
    ('growing-tree', {'strategy': 'newest:50,random:50'})
    """
    from tilewright.mazes._arguments import text
    from tilewright.mazes.generation import _checked_params

    info = get_algorithm(text(algorithm, "algorithm"))
    if info.kind != GRAPH:
        working = ", ".join(name for name, a in ALGORITHMS.items() if a.kind == GRAPH)
        raise TilewrightError(
            f"{info.name} works row by row on plain square mazes only (generate); on "
            f"{where} use {working}"
        )
    return info.name, _checked_params(info, params)


@fill_maze_doc
def default_endpoints(grid: "PolygonGrid") -> tuple[int, int]:
    """The start and goal a maze on ``grid`` is solved between unless told otherwise.

    The start is the boundary cell whose centre lies nearest the top-left corner of the
    grid's bounds; the goal the boundary cell whose centre lies farthest from the start's
    (ties go to the lower id). On a square grid they are the top-left and the bottom-right
    cells, as for :class:`~tilewright.mazes.model.Maze`.

    Parameters
    ----------
    %(any_grid)s

    Returns
    -------
    tuple of int
        The start's and the goal's cell ids (equal on a grid of one cell).

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> default_endpoints(square_grid(4, 3))
    (0, 11)
    """
    from tilewright.core.polygon_grid import PolygonGrid

    if not isinstance(grid, PolygonGrid):
        raise TypeError(f"grid must be a PolygonGrid, not {type(grid).__name__}")
    outer = grid.boundary()
    cells = np.unique(grid.wall_cells[outer, 0])
    # the bounds' corner: the outer wall reaches every extreme of a grid (and its few
    # vertices are quicker to scan than all of them)
    corner = grid.vertices[grid.walls[outer].ravel()].min(axis=0)
    if len(cells) == 0:  # no outer wall (a closed surface): any cell will do
        cells = np.arange(grid.num_cells)
        corner = grid.vertices.min(axis=0)
    centres = grid.centres[cells]
    start = int(cells[np.argmin(((centres - corner) ** 2).sum(axis=1))])
    goal = int(cells[np.argmax(((centres - grid.centres[start]) ** 2).sum(axis=1))])
    return start, goal


def check_grid_maze(maze: object, name: str = "maze") -> GridMaze:
    """``maze`` itself, once checked to be a :class:`GridMaze` whose passages still fit
    its grid (the compiled solvers index with them unchecked).

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> maze = generate_on(square_grid(2, 2), seed=1)
    >>> check_grid_maze(maze) is maze
    True
    >>> maze.passages = maze.passages[:2]
    >>> check_grid_maze(maze)
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: passages must be a bool array of 4 entries \
(one per slot of the grid's graph), got shape (2,)
    """
    if not isinstance(maze, GridMaze):
        raise TypeError(f"{name} must be a GridMaze, not {type(maze).__name__}")
    _checked_passages(maze.grid, maze.passages)
    return maze


def cell_id(maze: GridMaze, cell: object, what: str = "cell") -> int:
    """``cell`` checked to be the id of a cell of ``maze``'s grid.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> maze = generate_on(square_grid(2, 2), seed=1)
    >>> cell_id(maze, np.int32(3), "goal")
    3
    >>> cell_id(maze, 4, "goal")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: goal 4 is not a cell of the square grid \
(cells 0-3)
    """
    value = require_int(cell, what)
    n = maze.num_cells
    if not 0 <= value < n:
        raise TilewrightError(
            f"{what} {shown(value)} is not a cell of the {maze.grid.kind} grid (cells 0-{n - 1})"
        )
    return value


def endpoint_ids(maze: GridMaze, start: object, goal: object) -> tuple[int, int]:
    """Start and goal cell ids, checked; ``None`` takes :func:`default_endpoints`'."""
    if start is None or goal is None:
        default_start, default_goal = default_endpoints(maze.grid)
        start = default_start if start is None else start
        goal = default_goal if goal is None else goal
    return cell_id(maze, start, "start"), cell_id(maze, goal, "goal")


def validate_grid_maze(maze: GridMaze) -> str | None:
    """Why ``maze`` is not a sound grid maze, in one line, or ``None``.

    Sound means: a PolygonGrid, a bool passage per slot of its graph, a valid seed and
    params, and, when it records an algorithm of ``ALGORITHMS`` and no braid, a spanning
    tree of the grid's graph (with a weave's under-passages as nodes of their own).

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> maze = generate_on(square_grid(3, 3), "prim", seed=1)
    >>> validate_grid_maze(maze) is None
    True
    >>> maze.passages[:] = True
    >>> validate_grid_maze(maze)
    'a prim maze must be perfect, but this one has 12 passages for 9 cells (a perfect one \
has 8)'
    """
    from tilewright.core.polygon_grid import PolygonGrid
    from tilewright.mazes.model import _check_params, _imperfection

    if not isinstance(maze.grid, PolygonGrid):
        return f"grid must be a PolygonGrid, not {type(maze.grid).__name__}"
    try:
        _checked_passages(maze.grid, maze.passages)
        if maze.algorithm is not None and not isinstance(maze.algorithm, str):
            raise TypeError(f"algorithm must be a str or None, not {type(maze.algorithm).__name__}")
        seed_or_none(maze.seed)
        _check_params(maze.params)
    except (TypeError, TilewrightError) as error:
        return str(error)
    what = "nodes (cells and under-passages)" if len(maze.grid.under) else "cells"
    return _imperfection(maze, maze.num_nodes, what)


def same_grid(a: "PolygonGrid", b: "PolygonGrid") -> bool:
    """Whether two grids are the same cells with the same graph (not merely alike)."""
    if a is b:
        return True
    return (
        a.kind == b.kind
        and a.params == b.params
        and np.array_equal(a.polygon_ptr, b.polygon_ptr)
        and np.array_equal(a.polygons, b.polygons)
        and np.array_equal(a.vertices, b.vertices)
        and np.array_equal(a.under, b.under)
        and np.array_equal(a.graph.endpoints, b.graph.endpoints)
    )


def _checked_passages(grid: object, passages: object) -> np.ndarray:
    from tilewright.core.polygon_grid import PolygonGrid

    if not isinstance(grid, PolygonGrid):
        raise TypeError(f"grid must be a PolygonGrid, not {type(grid).__name__}")
    if not isinstance(passages, np.ndarray) or passages.dtype != np.bool_:
        got = passages.dtype if isinstance(passages, np.ndarray) else type(passages).__name__
        raise TypeError(f"passages must be a boolean NumPy array, not {got}")
    slots = grid.graph.num_slots
    if passages.shape != (slots,):
        raise TilewrightError(
            f"passages must be a bool array of {slots} entries (one per slot of the grid's "
            f"graph), got shape {passages.shape}"
        )
    return passages


def _square_lattice(
    maze: GridMaze,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """A maze on a square grid (a mask's cells left out) as a lattice: which cells are on,
    the passages down and right of each, and each cell's (row, column); ``None`` for any
    other grid, or a square one with crossings (a weave)."""
    grid = maze.grid
    if grid.kind != "square" or len(grid.under):
        return None
    row_col = np.floor(grid.centres[:, ::-1]).astype(np.int64)
    height, width = int(grid.params["height"]), int(grid.params["width"])
    on = np.zeros((height, width), dtype=np.bool_)
    on[row_col[:, 0], row_col[:, 1]] = True
    south = np.zeros((height, width), dtype=np.bool_)
    east = np.zeros((height, width), dtype=np.bool_)
    ends = grid.graph.endpoints[maze.passages]
    first = row_col[ends.min(axis=1)]  # cells are row by row: the lower id is up or left
    second = row_col[ends.max(axis=1)]
    vertical = second[:, 0] > first[:, 0]
    south[first[vertical, 0], first[vertical, 1]] = True
    east[first[~vertical, 0], first[~vertical, 1]] = True
    return on, south, east, row_col


def _grid_words(params: dict[str, Any]) -> list[str]:
    """The grid's parameters for a one-line summary: ``WxH`` for a width and a height,
    a flag's name when it is on, ``key=value`` for the rest (``None`` and off left out)."""
    words = []
    if _is_number(params.get("width")) and _is_number(params.get("height")):
        words.append(f"{_number(params['width'])}x{_number(params['height'])}")
        params = {k: v for k, v in params.items() if k not in ("width", "height")}
    for key, value in params.items():
        name = f"grid_{key}" if key in _SHADOWED else key
        if value is None or value is False or value is np.False_:
            continue
        if value is True or value is np.True_:
            words.append(name)
        elif _is_number(value):
            words.append(f"{name}={_number(value)}")
        elif isinstance(value, str):
            words.append(f"{name}={value}")
        elif isinstance(value, tuple | list) and all(_is_number(v) for v in value):
            words.append(f"{name}={','.join(_number(v) for v in value)}")
    return words


def _is_number(value: object) -> bool:
    return isinstance(value, int | float | np.integer | np.floating) and not isinstance(value, bool)


def _number(value: Any) -> str:
    """A whole number as digits, any other as ``%g`` (6.0 as 6, 2.5 as 2.5); a number from
    a file too large for a float, or for a line, is shown short."""
    if isinstance(value, int | np.integer):
        text = str(int(value))
        return text if len(text) <= 20 else f"{text[:6]}…({len(text)} digits)"
    number = float(value)
    return str(int(number)) if number.is_integer() and abs(number) < 1e18 else f"{number:g}"


def _plain(value: Any) -> Any:
    """``value`` with NumPy scalars and arrays as Python numbers and lists, for JSON."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    return value
