"""Run maze algorithms: whole mazes, spanning trees of any cell graph, and row streams.

Compiled kernels are imported here, on first use, so that listing algorithms or printing
help never loads Numba.
"""

from collections.abc import Callable, Iterator
from importlib import import_module
from typing import Any

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.graph import MAX_GRAPH_CELLS, CellGraph, SquareGrid, check_size
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_int, shown
from tilewright.core.seeds import kernel_state, resolve_seed
from tilewright.mazes._arguments import probability, seed_or_none, text
from tilewright.mazes.algorithms import (
    DEFAULT_ALGORITHM,
    GRAPH,
    GRID,
    ROWS,
    get_algorithm,
    resolve_params,
)
from tilewright.mazes.model import Band, Maze

# A band of about a million cells: large enough that per-band Python overhead vanishes,
# small enough to stay in cache-friendly, constant memory.
BAND_CELLS = 1 << 20
# Kernels that remember a port per cell in one byte, and the most neighbours that allows.
WILSON_MAX_DEGREE = 127
BACKTRACKER_MAX_DEGREE = 254
_ONE_BYTE_PORTS = {"wilson": WILSON_MAX_DEGREE, "backtracker": BACKTRACKER_MAX_DEGREE}
# No maze this long could be made in a lifetime; the bound keeps every size product far
# inside int64 (the kernels' rows) and float (memory estimates) range.
MAX_SIDE = 2**40
# Eller labels the cells of a row in int32.
MAX_STREAM_WIDTH = 2**31 - 1
# The compiled kernel of each algorithm: its module in this package, and its name there.
KERNELS = {
    "backtracker": ("_walk_kernels", "backtracker"),
    "hunt-and-kill": ("_walk_kernels", "hunt_and_kill"),
    "aldous-broder": ("_walk_kernels", "aldous_broder"),
    "wilson": ("_walk_kernels", "wilson"),
    "growing-tree": ("_frontier_kernels", "growing_tree"),
    "kruskal": ("_frontier_kernels", "kruskal"),
    "prim": ("_frontier_kernels", "prim"),
    "prim-simple": ("_frontier_kernels", "prim_simple"),
    "eller": ("_row_kernels", "eller_band"),
    "sidewinder": ("_row_kernels", "sidewinder_band"),
    "binary-tree": ("_row_kernels", "binary_tree_band"),
    "recursive-division": ("_row_kernels", "recursive_division"),
}


def generate(
    width: int,
    height: int,
    algorithm: str = DEFAULT_ALGORITHM,
    seed: int | None = None,
    **params: Any,
) -> Maze:
    """A perfect maze of ``width`` × ``height`` cells.

    ``seed`` (an int, or ``None`` for a fresh one, recorded on the result) makes the maze
    reproducible: one seed, size, algorithm and parameters give one maze on every machine.
    ``params`` are the algorithm's own (``strategy`` for growing-tree, ``join``/``down`` for
    eller, ``bias`` for binary-tree and sidewinder); see ``tilewright maze --list`` or
    ``print(ALGORITHMS[name])``.

    Parameters
    ----------
    width, height : int
        Cells across and down, at least 1 (``np.integer`` counts, ``bool`` and ``float``
        do not).
    algorithm : str
        A name from ``ALGORITHMS``.
    seed : int or None
        0 to ``MAX_SEED``, or ``None`` for a fresh seed.
    **params
        ``strategy`` (a str), or ``join``, ``down``, ``bias`` (finite numbers 0 to 1).

    Returns
    -------
    Maze
        The maze, with its algorithm, seed and parameters.

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When a value is out of range, the algorithm or a parameter is unknown, or the maze
        does not fit in memory.

    See Also
    --------
    stream_bands : the rows of a row-based maze, in O(width) memory.
    spanning_tree : the same algorithms on any cell graph.
    braid : loops added to a maze.

    References
    ----------
    Each algorithm's source, as ``ALGORITHMS[name].reference`` gives it:

    - backtracker, growing-tree, prim-simple, hunt-and-kill, sidewinder, binary-tree,
      recursive-division: J. Buck, *Mazes for Programmers*, Pragmatic Bookshelf, 2015;
      W. D. Pullen, *Think Labyrinth: Maze Algorithms*.
    - eller: M. Eller (1982), described by W. D. Pullen, *Think Labyrinth*; J. Buck,
      *Mazes for Programmers*, ch. 12.
    - kruskal: J. B. Kruskal, On the shortest spanning subtree of a graph and the
      traveling salesman problem, *Proc. AMS* 7(1), 48-50, 1956.
    - prim: R. C. Prim, Shortest connection networks and some generalizations, *Bell
      System Technical Journal* 36(6), 1389-1401, 1957.
    - aldous-broder: D. J. Aldous, The random walk construction of uniform spanning trees
      and uniform labelled trees, *SIAM J. Discrete Math.* 3(4), 450-465, 1990; A. Z.
      Broder, Generating random spanning trees, *Proc. 30th FOCS*, 442-447, 1989.
    - wilson: D. B. Wilson, Generating random spanning trees more quickly than the cover
      time, *Proc. 28th STOC*, 296-303, 1996.

    Examples
    --------
    >>> maze = generate(30, 15, "wilson", seed=1)
    >>> maze
    <Maze 30x15 wilson seed=1>
    >>> maze.is_perfect(), maze.passage_count()
    (True, 449)
    >>> generate(8, 4, "eller", seed=2, join=0.3).params
    {'join': 0.3, 'down': 0.33}
    """
    return prepare(width, height, algorithm, **params)(seed)


def prepare(
    width: int, height: int, algorithm: str = DEFAULT_ALGORITHM, **params: Any
) -> Callable[[int | None], Maze]:
    """Check everything :func:`generate` would but the seed, now; make the maze when
    called with a seed.

    For callers that act between the checks and the work: the command line refuses bad
    input before it draws and prints a seed, and says that kernels will compile.

    Parameters
    ----------
    width, height, algorithm, **params
        As for :func:`generate`.

    Returns
    -------
    callable
        ``make(seed)``: the maze ``generate(width, height, algorithm, seed, **params)``
        returns (``seed`` an int, or ``None`` for a fresh one).

    Raises
    ------
    TypeError, TilewrightError
        As :func:`generate` raises them, before any work (those about the seed when
        ``make`` is called).

    Examples
    --------
    >>> make = prepare(30, 15, "wilson")
    >>> make(1) == generate(30, 15, "wilson", seed=1)
    True
    >>> prepare(300000, 300000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: ...
    """
    info = get_algorithm(text(algorithm, "algorithm"))
    width, height = _checked_size(width, height)
    params = _checked_params(info, params)
    check_fits(width * height * info.bytes_per_cell, f"a {width}x{height} {info.name} maze")
    streamed = prepare_bands(width, height, info.name, **params) if info.kind == ROWS else None

    def make(seed: int | None = None) -> Maze:
        seed = resolve_seed(seed_or_none(seed))
        if streamed is not None:
            connections = np.zeros((2, height, width), dtype=np.bool_)
            for band in streamed(seed):
                rows = slice(band.first_row, band.first_row + band.rows)
                connections[0, rows] = band.south
                connections[1, rows] = band.east
        elif info.kind == GRID:
            from tilewright.mazes._row_kernels import recursive_division

            connections = recursive_division(kernel_state(seed), width, height)
        else:
            passages = spanning_tree(SquareGrid(width, height), info.name, seed, **params)
            connections = passages.reshape(2, height, width)
        return Maze(connections, algorithm=info.name, seed=seed, params=params)

    return make


def spanning_tree(
    graph: SquareGrid | CellGraph,
    algorithm: str = DEFAULT_ALGORITHM,
    seed: int | None = None,
    **params: Any,
) -> np.ndarray:
    """A random spanning tree of any connected cell graph, as its open-slot boolean array.

    Only the algorithms that are not tied to rows of a square grid run here (``kind`` is
    ``"graph"`` in ``tilewright.mazes.ALGORITHMS``).

    Parameters
    ----------
    graph : SquareGrid or CellGraph
        The cells and their possible passages; a CellGraph must be connected.
    algorithm : str
        A name from ``ALGORITHMS`` of kind ``"graph"``.
    seed : int or None
        0 to ``MAX_SEED``, or ``None`` for a fresh seed.
    **params
        ``strategy`` for growing-tree (a str).

    Returns
    -------
    numpy.ndarray
        bool, one entry per slot of ``graph``: True where the passage is open.

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When the algorithm is unknown or row-based, a parameter or the seed is wrong, the
        graph is not connected or too large.

    Examples
    --------
    A spanning tree of a path of four cells is the whole path:

    >>> from tilewright.core.graph import CellGraph
    >>> path = CellGraph.from_edges(4, np.array([[0, 1], [1, 2], [2, 3]]))
    >>> int(spanning_tree(path, "wilson", seed=1).sum())
    3
    """
    if not isinstance(graph, SquareGrid | CellGraph):
        raise TypeError(f"graph must be a SquareGrid or a CellGraph, not {type(graph).__name__}")
    info = get_algorithm(text(algorithm, "algorithm"))
    if info.kind != GRAPH:
        raise TilewrightError(f"{info.name} works on square grids only, not on any cell graph")
    params = _checked_params(info, params)
    seed = seed_or_none(seed)
    if graph.num_cells > MAX_GRAPH_CELLS:
        raise TilewrightError(f"{info.name} handles at most {MAX_GRAPH_CELLS} cells")
    # bytes_per_cell counts a square grid's two slots a cell; a CellGraph's are extra, and
    # so is the table it makes for kernels on first use
    extra = graph.num_slots + graph.kernel_form_bytes if isinstance(graph, CellGraph) else 0
    check_fits(
        graph.num_cells * info.bytes_per_cell + extra,
        f"a spanning tree of {graph.num_cells} cells by {info.name}",
    )
    if isinstance(graph, CellGraph):
        if not graph.connected:
            raise TilewrightError("the cell graph is not connected, so it has no spanning tree")
        most = _ONE_BYTE_PORTS.get(info.name)
        if most is not None and graph.max_degree > most:
            raise TilewrightError(
                f"{info.name} remembers a cell's sides in one byte: at most {most} neighbours "
                f"a cell, this graph has a cell with {graph.max_degree}"
            )
    state = kernel_state(resolve_seed(seed))
    return _graph_kernel(info.name, params)(graph.kernel_graph(), state)


def stream_bands(
    width: int,
    height: int,
    algorithm: str = "eller",
    seed: int | None = None,
    rows_per_band: int | None = None,
    **params: Any,
) -> Iterator[Band]:
    """The rows of a row-based maze (eller, sidewinder, binary-tree), a band at a time.

    Memory is O(width) whatever the height, so a maze of a million rows can be written as
    it is made. The maze equals ``generate`` with the same arguments, however the rows are
    split into bands.

    Parameters
    ----------
    width, height : int
        Cells across and down, at least 1.
    algorithm : str
        ``"eller"``, ``"sidewinder"`` or ``"binary-tree"``.
    seed : int or None
        0 to ``MAX_SEED``, or ``None`` for a fresh seed.
    rows_per_band : int or None
        Rows in each band (the last may have fewer); default about a million cells a band.
    **params
        ``join``, ``down`` (eller) or ``bias``: finite numbers 0 to 1.

    Returns
    -------
    iterator of Band
        The bands, top to bottom. Every argument is checked when this is called, before
        the first band is made.

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When a value is out of range or the algorithm cannot stream.

    Examples
    --------
    >>> bands = stream_bands(60, 1000, "eller", seed=1, rows_per_band=400)
    >>> [(band.first_row, band.rows) for band in bands]
    [(0, 400), (400, 400), (800, 200)]
    """
    return prepare_bands(width, height, algorithm, rows_per_band, **params)(seed)


def prepare_bands(
    width: int,
    height: int,
    algorithm: str = "eller",
    rows_per_band: int | None = None,
    **params: Any,
) -> Callable[[int | None], Iterator[Band]]:
    """Check everything :func:`stream_bands` would but the seed, now; stream the bands
    when called with a seed.

    Parameters
    ----------
    width, height, algorithm, rows_per_band, **params
        As for :func:`stream_bands`.

    Returns
    -------
    callable
        ``bands(seed)``: the iterator ``stream_bands`` returns for that seed.

    Raises
    ------
    TypeError, TilewrightError
        As :func:`stream_bands` raises them, before any work (those about the seed when
        ``bands`` is called).

    Examples
    --------
    >>> bands = prepare_bands(60, 1000, "sidewinder")
    >>> sum(band.rows for band in bands(7))
    1000
    """
    info = get_algorithm(text(algorithm, "algorithm"))
    if info.kind != ROWS:
        raise TilewrightError(
            f"{info.name} cannot stream rows; use eller, sidewinder or binary-tree"
        )
    width, height = _checked_size(width, height)
    if width > MAX_STREAM_WIDTH:
        raise TilewrightError(f"a streamed maze is at most {MAX_STREAM_WIDTH} cells wide")
    params = _checked_params(info, params)
    if rows_per_band is not None:
        rows_per_band = require_int(rows_per_band, "rows_per_band")
        if rows_per_band < 1:
            raise TilewrightError(f"rows_per_band must be at least 1, got {shown(rows_per_band)}")
    check_fits(width * 64, f"a {width}-wide row stream")
    band_rows = rows_per_band or max(1, BAND_CELLS // width)

    def bands(seed: int | None = None) -> Iterator[Band]:
        state = kernel_state(resolve_seed(seed_or_none(seed)))
        return _bands(info.name, width, height, state, band_rows, params)

    return bands


def _checked_size(width: int, height: int) -> tuple[int, int]:
    """Width and height as Python ints: whole numbers from 1 to ``MAX_SIDE``."""
    check_size(width, height)
    for name, value in (("width", width), ("height", height)):
        if value > MAX_SIDE:
            raise TilewrightError(f"{name} may be at most {MAX_SIDE}, got {shown(int(value))}")
    return int(width), int(height)


def _checked_params(info: Any, params: dict[str, Any]) -> dict[str, Any]:
    """The algorithm's parameters with defaults filled in, each checked.

    Probabilities must be finite numbers from 0 to 1 and a strategy must parse, so that a
    wrong one is refused here, before anything runs, and not by a kernel; a parameter the
    algorithm does not take is left for ``resolve_params`` to name.
    """
    checked = {}
    for key, value in params.items():
        if key == "strategy" and key in info.defaults:
            from tilewright.mazes.strategies import parse_strategy

            parse_strategy(value)  # the spec is kept as the caller wrote it
        elif key in info.defaults:
            value = probability(value, key)
        checked[key] = value
    return resolve_params(info, checked)


def _bands(
    name: str, width: int, height: int, state: np.ndarray, rows_per_band: int, params: dict
) -> Iterator[Band]:
    from tilewright.mazes import _row_kernels as rk

    if name == "eller":
        carried = np.arange(width, dtype=np.int32)
        join, down = params["join"], params["down"]

        def fill(first: int, south: np.ndarray, east: np.ndarray) -> None:
            rk.eller_band(state, carried, first, height, join, down, south, east)
    else:
        kernel = rk.sidewinder_band if name == "sidewinder" else rk.binary_tree_band
        carried = np.ones(width, dtype=np.bool_)  # the top row is one corridor
        carried[-1] = False

        def fill(first: int, south: np.ndarray, east: np.ndarray) -> None:
            kernel(state, carried, first, height, params["bias"], south, east)

    for first in range(0, height, rows_per_band):
        rows = min(rows_per_band, height - first)
        south = np.zeros((rows, width), dtype=np.bool_)
        east = np.zeros((rows, width), dtype=np.bool_)
        fill(first, south, east)
        yield Band(first, south, east)


def _graph_kernel(name: str, params: dict) -> Callable[[Any, np.ndarray], np.ndarray]:
    """The compiled kernel of a graph algorithm; only its own module is imported, so a
    command loads (and on a first run compiles) no kernel it does not run."""
    module, function = KERNELS[name]
    kernel = getattr(import_module(f"tilewright.mazes.{module}"), function)
    if name != "growing-tree":
        return kernel
    from tilewright.mazes.strategies import parse_strategy

    s = parse_strategy(params["strategy"])
    return lambda g, state: kernel(g, state, s.mode, s.picks, s.cumulative)
