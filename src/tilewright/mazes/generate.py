"""Run maze algorithms: whole mazes, spanning trees of any cell graph, and row streams.

Compiled kernels are imported here, on first use, so that listing algorithms or printing
help never loads Numba.
"""

from collections.abc import Callable, Iterator
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
WILSON_MAX_DEGREE = 127
# No maze this long could be made in a lifetime; the bound keeps every size product far
# inside int64 (the kernels' rows) and float (memory estimates) range.
MAX_SIDE = 2**40
# Eller labels the cells of a row in int32.
MAX_STREAM_WIDTH = 2**31 - 1


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
    eller, ``bias`` for binary-tree and sidewinder); see ``tilewright maze --list``.

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
    """
    info = get_algorithm(text(algorithm, "algorithm"))
    width, height = _checked_size(width, height)
    params = _checked_params(info, params)
    seed = resolve_seed(seed_or_none(seed))
    check_fits(width * height * info.bytes_per_cell, f"a {width}x{height} {info.name} maze")
    if info.kind == ROWS:
        connections = np.zeros((2, height, width), dtype=np.bool_)
        for band in stream_bands(width, height, info.name, seed, **params):
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
    # bytes_per_cell counts a square grid's two slots a cell; a CellGraph's are extra
    extra = graph.num_slots if isinstance(graph, CellGraph) else 0
    check_fits(
        graph.num_cells * info.bytes_per_cell + extra,
        f"a spanning tree of {graph.num_cells} cells by {info.name}",
    )
    if isinstance(graph, CellGraph):
        _check_connected(graph)
        if info.name == "wilson" and graph.max_degree > WILSON_MAX_DEGREE:
            raise TilewrightError(
                f"wilson remembers exits in one byte: at most {WILSON_MAX_DEGREE} neighbours "
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
    seed = resolve_seed(seed_or_none(seed))
    if rows_per_band is not None:
        rows_per_band = require_int(rows_per_band, "rows_per_band")
        if rows_per_band < 1:
            raise TilewrightError(f"rows_per_band must be at least 1, got {shown(rows_per_band)}")
    check_fits(width * 64, f"a {width}-wide row stream")
    rows_per_band = rows_per_band or max(1, BAND_CELLS // width)
    return _bands(info.name, width, height, kernel_state(seed), rows_per_band, params)


def _checked_size(width: object, height: object) -> tuple[int, int]:
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
    from tilewright.mazes import _frontier_kernels as fk
    from tilewright.mazes import _walk_kernels as wk

    if name == "growing-tree":
        from tilewright.mazes.strategies import parse_strategy

        s = parse_strategy(params["strategy"])
        return lambda g, state: fk.growing_tree(g, state, s.mode, s.picks, s.cumulative)
    return {
        "backtracker": wk.backtracker,
        "hunt-and-kill": wk.hunt_and_kill,
        "aldous-broder": wk.aldous_broder,
        "wilson": wk.wilson,
        "kruskal": fk.kruskal,
        "prim": fk.prim,
        "prim-simple": fk.prim_simple,
    }[name]


def _check_connected(graph: CellGraph) -> None:
    from tilewright.core._unionfind import component_count

    if component_count(graph.num_cells, graph.endpoints) != 1:
        raise TilewrightError("the cell graph is not connected, so it has no spanning tree")
