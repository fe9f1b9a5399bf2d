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
from tilewright.core.seeds import kernel_state, resolve_seed
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
    """
    info = get_algorithm(algorithm)
    check_size(width, height)
    params = resolve_params(info, params)
    seed = resolve_seed(seed)
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
    """
    info = get_algorithm(algorithm)
    if info.kind != GRAPH:
        raise TilewrightError(f"{info.name} works on square grids only, not on any cell graph")
    params = resolve_params(info, params)
    if graph.num_cells > MAX_GRAPH_CELLS:
        raise TilewrightError(f"{info.name} handles at most {MAX_GRAPH_CELLS} cells")
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
    """
    info = get_algorithm(algorithm)
    if info.kind != ROWS:
        raise TilewrightError(
            f"{info.name} cannot stream rows; use eller, sidewinder or binary-tree"
        )
    check_size(width, height)
    params = resolve_params(info, params)
    check_fits(width * 64, f"a {width}-wide row stream")
    rows_per_band = rows_per_band or max(1, BAND_CELLS // width)
    return _bands(info.name, width, height, kernel_state(resolve_seed(seed)), rows_per_band, params)


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
