"""The maze model: a W×H square-grid maze stored as maze-dataset's ``connection_list``.

``connections[0, r, c]`` is the passage from cell (r, c) down to (r+1, c) and
``connections[1, r, c]`` the passage right to (r, c+1): two bytes per cell, the layout
machine-learning datasets already use, so a maze converts to and from them without copying.
A passage out of the grid (down from the last row, right from the last column) is invalid.
"""

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Unpack

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown
from tilewright.core.options import check_options
from tilewright.mazes._arguments import seed_or_none
from tilewright.mazes._docstrings import fill_maze_doc
from tilewright.mazes.save_options import SaveOptions, given_names

if TYPE_CHECKING:
    from tilewright.mazes.grid_maze import GridMaze
    from tilewright.mazes.solution import Solution

# Mazes up to this many cells show themselves as SVG in notebooks (a 200x200 maze's SVG is
# about 0.2 MB); larger ones up to NOTEBOOK_PNG_CELLS as a small PNG (about a second).
_NOTEBOOK_CELLS = 40_000
NOTEBOOK_PNG_CELLS = 4_000_000
# print(maze) draws mazes up to this many cells (about 2 MB of text); larger ones print a line
TEXT_CELLS = 1_000_000


@dataclass(frozen=True)
class Band:
    """Consecutive rows of a maze, as :func:`stream_bands` and :meth:`Maze.bands` give them.

    Parameters
    ----------
    first_row : int
        The maze row of the band's first row, from 0.
    south, east : numpy.ndarray
        bool, shape (k, W): passages down and right from each cell of the k rows.

    Examples
    --------
    >>> band = Band(0, np.zeros((3, 5), dtype=bool), np.zeros((3, 5), dtype=bool))
    >>> band.rows
    3
    """

    first_row: int
    south: np.ndarray
    east: np.ndarray

    @property
    def rows(self) -> int:
        """The number of rows in the band."""
        return int(self.south.shape[0])

    def __len__(self) -> int:
        """The number of rows, so that progress counts rows."""
        return self.rows


@dataclass(eq=False)
class Maze:
    """A maze on a square grid, with how it was made.

    Parameters
    ----------
    connections : numpy.ndarray
        bool, shape (2, height, width): ``[0]`` passages down, ``[1]`` passages right; none
        may lead out of the grid.
    algorithm : str or None
        The algorithm that made it.
    seed : int or None
        Its seed, 0 to ``MAX_SEED`` (an ``np.integer`` is stored as an int).
    params : dict
        The algorithm's parameters, keyed by name.

    Raises
    ------
    TypeError
        When an argument has the wrong type (connections not a boolean array, a seed that
        is not an integer, params not a dict with str keys).
    TilewrightError
        When the connections have the wrong shape or lead out of the grid, or the seed is
        out of range.

    See Also
    --------
    generate : a maze made by an algorithm.
    validate : why a maze is not sound, or None.

    Examples
    --------
    A 2×2 maze by hand: (0,0) right to (0,1), and down to (1,0), then right to (1,1).

    >>> connections = np.zeros((2, 2, 2), dtype=bool)
    >>> connections[1, 0, 0] = connections[0, 0, 0] = connections[1, 1, 0] = True
    >>> maze = Maze(connections)
    >>> maze
    <Maze 2x2>
    >>> maze.is_perfect(), maze.dead_end_share()
    (True, 0.5)
    """

    connections: np.ndarray
    algorithm: str | None = None
    seed: int | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.connections = _checked_connections(self.connections)
        if self.algorithm is not None and not isinstance(self.algorithm, str):
            raise TypeError(f"algorithm must be a str or None, not {type(self.algorithm).__name__}")
        self.seed = seed_or_none(self.seed)  # a Python int: np.int64 breaks the JSON writer
        _check_params(self.params)

    @classmethod
    def from_connection_list(cls, connection_list: np.ndarray, **info: Any) -> "Maze":
        """A maze from maze-dataset's ``connection_list`` (bool, shape (2, H, W)).

        Parameters
        ----------
        connection_list : array_like
            Booleans, or integers that are all 0 or 1, shaped (2, height, width).
        **info
            ``algorithm``, ``seed`` and ``params``, as for :class:`Maze`.

        Raises
        ------
        TypeError
            When ``connection_list`` holds anything but booleans or integers.
        TilewrightError
            When an integer is not 0 or 1, or the shape or the passages are wrong.
        """
        try:
            array = np.asarray(connection_list)
        except (TypeError, ValueError):  # ragged nesting, objects NumPy cannot hold
            raise TypeError("connection_list must be an array of booleans") from None
        if array.dtype.kind in "iu":
            if array.size and (array.min() < 0 or array.max() > 1):
                raise TilewrightError("connection_list may only hold 0 and 1")
        elif array.dtype.kind != "b":
            raise TypeError(f"connection_list must hold booleans, not {array.dtype}")
        return cls(np.array(array, dtype=np.bool_), **info)

    def to_connection_list(self) -> np.ndarray:
        """A copy of the passages in maze-dataset's layout."""
        return self.connections.copy()

    def to_maze_dataset(self) -> Any:
        """maze-dataset's ``LatticeMaze`` with these passages (``pip install
        'tilewright[dataset]'``)."""
        try:
            from maze_dataset import LatticeMaze
        except ImportError:
            raise TilewrightError(
                "to_maze_dataset needs maze-dataset: pip install 'tilewright[dataset]'"
            ) from None
        return LatticeMaze(connection_list=self.to_connection_list())

    @classmethod
    def from_maze_dataset(cls, lattice_maze: Any) -> "Maze":
        """A maze from anything with maze-dataset's ``connection_list`` attribute."""
        if not hasattr(lattice_maze, "connection_list"):
            raise TypeError(
                f"expected a maze-dataset LatticeMaze, not {type(lattice_maze).__name__}"
            )
        return cls.from_connection_list(lattice_maze.connection_list)

    @property
    def height(self) -> int:
        return self.connections.shape[1]

    @property
    def width(self) -> int:
        return self.connections.shape[2]

    @property
    def south(self) -> np.ndarray:
        """(H, W): passage from (r, c) down."""
        return self.connections[0]

    @property
    def east(self) -> np.ndarray:
        """(H, W): passage from (r, c) to the right."""
        return self.connections[1]

    def passage_count(self) -> int:
        return int(np.count_nonzero(self.connections))

    def degrees(self) -> np.ndarray:
        """(H, W) number of open passages at each cell."""
        s, e = self.south.astype(np.uint8), self.east.astype(np.uint8)
        deg = s + e
        deg[1:, :] += s[:-1, :]
        deg[:, 1:] += e[:, :-1]
        return deg

    def dead_end_share(self) -> float:
        """Share of cells with exactly one passage."""
        return float(np.count_nonzero(self.degrees() == 1)) / (self.width * self.height)

    def is_perfect(self) -> bool:
        """True when every cell reaches every other by exactly one path (a spanning tree)."""
        from tilewright.mazes._checks import component_count

        cells = self.width * self.height
        if self.passage_count() != cells - 1:
            return False
        everywhere = np.ones((self.height, self.width), dtype=np.bool_)
        return component_count(self.connections, everywhere) == 1

    def bands(self, rows_per_band: int = 256) -> Iterator[Band]:
        """The maze as consecutive bands of rows, for writers that also take streams."""
        rows_per_band = require_int(rows_per_band, "rows_per_band")
        if rows_per_band < 1:
            raise TilewrightError(f"rows_per_band must be at least 1, got {shown(rows_per_band)}")
        return self._bands(rows_per_band)

    def _bands(self, rows_per_band: int) -> Iterator[Band]:
        for first in range(0, self.height, rows_per_band):
            last = min(first + rows_per_band, self.height)
            yield Band(first, self.south[first:last], self.east[first:last])

    @property
    def info(self) -> dict[str, Any]:
        """What made the maze, as every output records it (JSON and .npz fields, the PNG
        text chunk, SVG and PDF metadata).

        Examples
        --------
        >>> Maze(np.zeros((2, 1, 2), dtype=bool), algorithm="kruskal", seed=3).info
        {'family': 'maze', 'width': 2, 'height': 1, 'algorithm': 'kruskal', 'seed': 3, \
'params': {}}
        """
        return {
            "family": "maze",
            "width": self.width,
            "height": self.height,
            "algorithm": self.algorithm,
            "seed": self.seed,
            "params": dict(self.params),
        }

    def to_text(
        self,
        solution: bool | np.ndarray | None = None,
        *,
        start: tuple[int, int] | None = None,
        goal: tuple[int, int] | None = None,
    ) -> str:
        """The maze drawn in Unicode box drawing, as ``tilewright maze`` prints it; with a
        solution, in a roomier layout whose path runs through the cells in heavy lines.

        Parameters
        ----------
        solution : bool or array_like, optional
            ``True`` draws the shortest path from ``start`` to ``goal``; a (k, 2) array of
            rows and columns, each next to the one before, draws that path.
        start, goal : (int, int), optional
            The cells the path of ``solution=True`` runs between (default the top-left
            and the bottom-right cells).

        Returns
        -------
        str
            Lines ending in newlines.

        Raises
        ------
        TypeError
            When an argument has the wrong type.
        TilewrightError
            When a cell lies outside the maze, the goal cannot be reached, or a path's
            cells are not neighbours.

        See Also
        --------
        tilewright.mazes.shortest_path : the path ``solution=True`` draws.

        Examples
        --------
        >>> from tilewright.mazes import generate
        >>> maze = generate(4, 2, "kruskal", seed=1)
        >>> print(maze)
        ┌─┬─┬───┐
        │ ╵ ╵ ╶─┤
        └───────┘
        >>> print(maze.to_text(solution=True), end="")
        ┌───┬───┬───────┐
        │ ╻ │   │       │
        │ ┃ ╵   ╵   ╶───┤
        │ ┗━━━━━━━━━━━╸ │
        └───────────────┘
        """
        from tilewright.mazes.text import lattice_text

        check_maze(self)
        path = _text_path(self, solution, start, goal)
        everywhere = np.ones((self.height, self.width), dtype=np.bool_)
        return lattice_text(everywhere, self.south, self.east, path)

    def solve(
        self, start: tuple[int, int] | None = None, goal: tuple[int, int] | None = None
    ) -> "Solution":
        """The maze with its shortest path from ``start`` to ``goal``: printed, the path
        runs through the cells in heavy lines; in Jupyter it is drawn on the picture.

        Parameters
        ----------
        start, goal : (int, int), optional
            ``(row, column)``; default the top-left and the bottom-right cells.

        Returns
        -------
        Solution
            ``maze`` and ``path``, a (k, 2) array of rows and columns.

        Raises
        ------
        TilewrightError
            When a cell lies outside the maze or the goal cannot be reached.

        Examples
        --------
        >>> from tilewright.mazes import generate
        >>> generate(30, 15, "wilson", seed=1).solve()
        <Solution of Maze 30x15 wilson seed=1: 76 cells>
        """
        from tilewright.mazes.solution import Solution
        from tilewright.mazes.solve import shortest_path

        return Solution(self, shortest_path(self, start, goal))

    @fill_maze_doc
    def to_networkx(self) -> Any:
        """The maze as a ``networkx.Graph``: a node per cell, an edge per open passage
        (``pip install 'tilewright[graph]'``).

        Returns
        -------
        networkx.Graph
            Nodes are ``(row, column)`` pairs with the attributes ``row``, ``col`` and
            ``pos``, the cell's centre ``(x, y)`` with ``y`` down (as in pictures). A
            perfect maze is a tree spanning every cell; a braided one has cycles.

        %(networkx_raises)s

        Examples
        --------
        >>> import networkx as nx
        >>> from tilewright.mazes import generate
        >>> graph = generate(5, 4, "wilson", seed=2).to_networkx()
        >>> graph.number_of_nodes(), nx.is_tree(graph), graph.nodes[(1, 2)]["pos"]
        (20, True, (2.5, 1.5))
        """
        from tilewright.core.extras import import_extra

        nx = import_extra("networkx", "graph", "to_networkx")
        check_maze(self)
        graph = nx.Graph()
        graph.add_nodes_from(
            ((r, c), {"row": r, "col": c, "pos": (c + 0.5, r + 0.5)})
            for r in range(self.height)
            for c in range(self.width)
        )
        for passages, step in ((self.south, (1, 0)), (self.east, (0, 1))):
            rows, cols = np.nonzero(passages)
            near = zip(rows.tolist(), cols.tolist(), strict=True)
            far = zip((rows + step[0]).tolist(), (cols + step[1]).tolist(), strict=True)
            graph.add_edges_from(zip(near, far, strict=True))
        return graph

    @fill_maze_doc
    def save(
        self, path: str | os.PathLike, **options: Unpack[SaveOptions[tuple[int, int]]]
    ) -> None:
        """Write the maze to ``path`` in the format its suffix names, all or nothing.

        ``.txt`` is the Unicode box drawing (as ``tilewright maze`` prints it), ``.npz``
        and ``.json`` are data that :func:`read_maze` reads back, ``.zarr`` a chunked Zarr
        array of the connection list (as ``tilewright maze -o X.zarr`` writes it; ``pip
        install 'tilewright[datasets]'``), ``.geojson`` the cells and walls as map
        features, ``.svg``, ``.png`` and ``.pdf`` are pictures. Every format records the
        algorithm, seed and parameters (the text drawing excepted). The file is written
        completely or not at all.

        Parameters
        ----------
        path : str or os.PathLike
            The file; its suffix (in any case) chooses the format.
        **options
            Keyword-only arguments (``mazes.save_options.SaveOptions``); one given as None
            keeps its default:
        %(save_options)s

        Raises
        ------
        TypeError
            When an argument has the wrong type.
        TilewrightError
            When the suffix is none of ``.txt .npz .json .zarr .geojson .svg .png
            .pdf``, a picture option is given for a data format, the picture would pass
            ``max_side``, or the file cannot be written.

        Examples
        --------
        >>> import os, tempfile
        >>> from tilewright.mazes import generate, read_maze
        >>> maze = generate(12, 8, "wilson", seed=4)
        >>> folder = tempfile.mkdtemp()
        >>> for name in ("maze.npz", "maze.json", "maze.txt", "maze.svg", "maze.png"):
        ...     maze.save(os.path.join(folder, name), solution=name.endswith(("svg", "png")))
        >>> read_maze(os.path.join(folder, "maze.npz")) == maze
        True
        >>> maze.save(os.path.join(folder, "maze.png"), cell=6, path_colour="navy")
        >>> maze.save(os.path.join(folder, "maze.gif"))
        Traceback (most recent call last):
        ...
        tilewright.core.errors.TilewrightError: cannot write .gif files: a maze is saved \
as .geojson, .json, .npz, .pdf, .png, .svg or .txt
        """
        check_options(options, SaveOptions, "Maze.save")
        if isinstance(path, str | os.PathLike) and str(os.fspath(path)).lower().endswith(".zarr"):
            _save_zarr(self, path, options)
            return
        from tilewright.mazes.formats import save

        save(self, path, **options)

    def _repr_svg_(self) -> str | None:
        """Jupyter shows mazes of up to 40,000 cells as SVG pictures (larger ones as a
        PNG, :meth:`_repr_png_`)."""
        if self.width * self.height > _NOTEBOOK_CELLS:
            return None
        from tilewright.mazes.pictures import Style, default_wall, svg_text

        cell = max(4, min(16, 640 // max(self.width, self.height)))
        return svg_text(self, style=Style(cell=cell, wall=default_wall(cell)))

    def _repr_png_(self) -> bytes | None:
        """Jupyter shows mazes too large for SVG as a PNG of at most ``NOTEBOOK_SIDE``
        pixels a side (walls shaded where several share a pixel), up to
        ``NOTEBOOK_PNG_CELLS`` cells; larger ones as their one-line repr."""
        cells = self.width * self.height
        if cells <= _NOTEBOOK_CELLS or cells > NOTEBOOK_PNG_CELLS:
            return None
        from tilewright.core.notebook import thumbnail_png
        from tilewright.mazes.pictures import wall_lattice

        return thumbnail_png(wall_lattice(self))

    def __str__(self) -> str:
        """The maze drawn in text (:meth:`to_text`), or one line saying why not for a maze
        of more than ``TEXT_CELLS`` cells."""
        cells = self.width * self.height
        if cells > TEXT_CELLS:
            return f"{self!r}: {too_large_for_text(cells)}"
        return self.to_text()[:-1]  # print adds the last newline

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return np.array_equal(self.connections, other.connections)

    def __repr__(self) -> str:
        """``<Maze 30x15 wilson seed=1>``: the size and what made the maze, in one line."""
        words = [f"{self.width}x{self.height}", *_made_by(self)]
        return f"<Maze {' '.join(words)}>"


def validate(maze: object) -> str | None:
    """Why ``maze`` is not a sound maze, in one line, or ``None`` when it is.

    Sound means: a :class:`Maze` whose connections are a boolean (2, H, W) array with no
    passage out of the grid, and, when it records an algorithm of ``ALGORITHMS`` and no
    braid, a perfect maze (every cell reaches every other by exactly one path), as every
    such algorithm makes. A :class:`~tilewright.mazes.grid_maze.GridMaze` is sound when
    its passages are a bool per slot of its grid's graph and, on the same terms, they form
    a spanning tree of that graph. A maze from elsewhere (no algorithm recorded, or another name)
    may have loops and islands. Like the puzzle collection's ``validate_desc``, this
    answers instead of raising, for checking files and data sets.

    Parameters
    ----------
    maze : object
        What to check: a maze (or a GridMaze) built, loaded or edited by hand.

    Returns
    -------
    str or None
        The first fault found, or ``None``.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> maze = generate(6, 4, "kruskal", seed=1)
    >>> validate(maze) is None
    True
    >>> maze.connections[:] = False  # every wall closed
    >>> validate(maze)
    'a kruskal maze must be perfect, but this one has 0 passages for 24 cells (a perfect \
one has 23)'
    >>> maze.connections[1, :, -1] = True
    >>> validate(maze)
    'a passage leads right out of the last column'
    >>> validate("maze")
    'not a Maze but a str'
    """
    from tilewright.mazes.grid_maze import GridMaze, validate_grid_maze

    if isinstance(maze, GridMaze):
        return validate_grid_maze(maze)
    if not isinstance(maze, Maze):
        return f"not a Maze but a {type(maze).__name__}"
    try:
        _checked_connections(maze.connections)
        seed_or_none(maze.seed)
        _check_params(maze.params)
    except (TypeError, TilewrightError) as error:
        return str(error)
    return _imperfection(maze, maze.width * maze.height, "cells")


def too_large_for_text(cells: int) -> str:
    """Why a maze of ``cells`` cells is not drawn by ``print``, and what to do instead.

    Examples
    --------
    >>> too_large_for_text(4_000_000)
    "4,000,000 cells, too many to draw in text here (maze.save('maze.txt') writes them)"
    """
    return f"{cells:,} cells, too many to draw in text here (maze.save('maze.txt') writes them)"


def _text_path(maze: Maze, solution: object, start: Any, goal: Any) -> np.ndarray | None:
    """The path :meth:`Maze.to_text` draws: none, the shortest, or the one given."""
    if solution is None or solution is False:
        if start is not None or goal is not None:
            raise TilewrightError("start and goal go with solution=True")
        return None
    if solution is True:
        from tilewright.mazes.solve import shortest_path

        return shortest_path(maze, start, goal)
    if start is not None or goal is not None:
        raise TilewrightError("start and goal go with solution=True, not with a path given")
    try:
        cells = np.asarray(solution)
    except (TypeError, ValueError):
        raise TypeError("solution must be True or a (k, 2) array of rows and columns") from None
    if cells.dtype.kind not in "iu" or cells.ndim != 2 or cells.shape[1] != 2:
        raise TypeError("solution must be True or a (k, 2) array of rows and columns")
    return cells


def _save_zarr(maze: Maze, path: str | os.PathLike, options: SaveOptions) -> None:
    """Write ``maze`` as the Zarr array ``tilewright maze -o X.zarr`` writes."""
    given = given_names({name: options.get(name) for name in SaveOptions.__annotations__})
    if given:
        raise TilewrightError(f"{', '.join(given)}: not for zarr arrays")
    from tilewright.core.extras import require_extra

    require_extra("datasets", "Zarr output")  # before the package's own, plainer, refusal
    from tilewright.datasets.maze_arrays import chunk_rows, write_maze_zarr

    check_maze(maze)
    rows = chunk_rows(maze.width)
    write_maze_zarr(maze.bands(rows), maze.width, maze.height, path, info=maze.info)


def check_maze(maze: object, name: str = "maze") -> Maze:
    """``maze`` itself, once checked to be a :class:`Maze` whose passages are still valid.

    Parameters
    ----------
    maze : object
        What a caller passed as a maze.
    name : str
        The argument's name, for messages.

    Returns
    -------
    Maze
        ``maze``, unchanged.

    Raises
    ------
    TypeError
        When ``maze`` is not a :class:`Maze` (or its connections are no longer a boolean
        array).
    TilewrightError
        When its connections no longer have a valid shape or lead out of the grid.

    Examples
    --------
    >>> maze = Maze(np.zeros((2, 2, 3), dtype=bool))
    >>> check_maze(maze) is maze
    True
    >>> maze.connections[0, 1, 0] = True  # down from the last row
    >>> check_maze(maze)
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a passage leads down out of the last row

    Notes
    -----
    A Maze's array can be replaced or edited after it was made; the compiled solvers trust
    it not to lead out of the grid and do not check their indices, so every public function
    that hands a maze to a kernel checks it again here. That costs O(width + height).
    """
    if not isinstance(maze, Maze):
        raise TypeError(f"{name} must be a Maze, not {type(maze).__name__}")
    _checked_connections(maze.connections)
    return maze


def _made_by(maze: "Maze | GridMaze") -> list[str]:
    """What made ``maze``, as its ``repr`` shows it after the grid: algorithm, seed, braid."""
    words = []
    if maze.algorithm:
        words.append(maze.algorithm)
    if maze.seed is not None:
        words.append(f"seed={maze.seed}")
    if "braid" in maze.params:
        words.append(f"braid={maze.params['braid']}")
    return words


def _imperfection(maze: "Maze | GridMaze", nodes: int, what: str) -> str | None:
    """Why a maze of ``nodes`` ``what`` is not perfect though its algorithm makes only
    perfect mazes, or ``None``: braided mazes and unknown algorithms may have loops."""
    from tilewright.mazes.algorithms import ALGORITHMS

    if maze.algorithm not in ALGORITHMS or "braid" in maze.params or maze.is_perfect():
        return None
    passages = maze.passage_count()
    if passages != nodes - 1:
        return (
            f"a {maze.algorithm} maze must be perfect, but this one has {passages} passages "
            f"for {nodes} {what} (a perfect one has {nodes - 1})"
        )
    return f"a {maze.algorithm} maze must be perfect, but this one has loops and islands"


def _check_params(params: object) -> None:
    if not isinstance(params, dict):
        raise TypeError(f"params must be a dict, not {type(params).__name__}")
    for key in params:
        if not isinstance(key, str):
            raise TypeError(f"params keys must be str, not {type(key).__name__}")


def _checked_connections(connections: np.ndarray) -> np.ndarray:
    if not isinstance(connections, np.ndarray):
        raise TypeError(
            f"connections must be a boolean NumPy array, not {type(connections).__name__}"
        )
    if connections.dtype != np.bool_:
        raise TypeError(f"connections must be a boolean NumPy array, not {connections.dtype}")
    if connections.ndim != 3 or connections.shape[0] != 2:
        raise TilewrightError(
            f"connections must have shape (2, height, width), got {connections.shape}"
        )
    if connections.shape[1] < 1 or connections.shape[2] < 1:
        raise TilewrightError("a maze needs at least one cell")
    if connections[0, -1, :].any():
        raise TilewrightError("a passage leads down out of the last row")
    if connections[1, :, -1].any():
        raise TilewrightError("a passage leads right out of the last column")
    return connections
