"""Many small solved mazes at once, for datasets: one compiled call makes, solves and
measures a whole batch, with no Python between two mazes.

Maze ``i`` of a batch is the maze ``generate`` makes from the seed whose generator state is
``states[i]``, its path the one ``shortest_path`` finds and its figures those of
``maze_stats``; the kernels are in ``_batch_kernels``.
"""

from dataclasses import dataclass
from typing import Any

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.graph import MAX_GRAPH_CELLS
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_int, shown
from tilewright.mazes._arguments import text
from tilewright.mazes.algorithms import get_algorithm
from tilewright.mazes.generation import _checked_params, _checked_size

# Bytes a maze of the batch holds besides its two bytes a cell of passages: its offset,
# dead-end share, solution length and river (8 + 8 + 4 + 8), its origin and target (16
# each, as int64 for the kernel).
_BYTES_PER_MAZE = 60
# Bytes of a path cell: an int32 index, counted twice for the copy the kernel trims its
# working array into.
_BYTES_PER_PATH_CELL = 8
# The solver's per-cell buffers: where each cell was reached from, the queue, the
# backtracker's depths (int32 each), and the open sides (one byte); and room in the paths
# for one maze's longest path (int32).
_SOLVER_BYTES_PER_CELL = 17


@dataclass(frozen=True, eq=False)
class BatchResult:
    """Mazes of one size, their shortest paths and their figures, as :func:`generate_batch`
    returns them.

    Parameters
    ----------
    connections : numpy.ndarray
        bool, shape (n, 2, H, W): maze ``i``'s ``connection_list``, as ``Maze.connections``.
    path_offsets : numpy.ndarray
        int64, shape (n + 1,): maze ``i``'s path is
        ``path_indices[path_offsets[i]:path_offsets[i + 1]]``.
    path_indices : numpy.ndarray
        int32, shape (total,): the paths' cells, each as its index ``row * W + column``,
        each path from its origin to its target (``path_cells`` gives them as pairs).
    dead_ends : numpy.ndarray
        float64, shape (n,): the share of cells with one passage.
    solution_length : numpy.ndarray
        int32, shape (n,): the path's moves (its cells less one).
    river : numpy.ndarray
        float64, shape (n,): the mean length in moves of a passage between branchings.

    Examples
    --------
    >>> from tilewright.core.seeds import kernel_state
    >>> batch = generate_batch(4, 3, "eller", np.array([kernel_state(7)[0]]))
    >>> len(batch), batch.path(0).tolist() == batch.path_cells.tolist()
    (1, True)
    >>> batch.path_indices[:3].tolist(), batch.path_cells[:3].tolist()
    ([0, 4, 5], [[0, 0], [1, 0], [1, 1]])
    """

    connections: np.ndarray
    path_offsets: np.ndarray
    path_indices: np.ndarray
    dead_ends: np.ndarray
    solution_length: np.ndarray
    river: np.ndarray

    def __len__(self) -> int:
        """The number of mazes."""
        return len(self.connections)

    @property
    def path_cells(self) -> np.ndarray:
        """Every path's cells as (row, column): int32, shape (total, 2), made on each call."""
        return self._pairs(self.path_indices)

    def path(self, i: int) -> np.ndarray:
        """Maze ``i``'s path (``i`` as a sequence index takes it): (k, 2) int32 rows and
        columns, origin first."""
        i = range(len(self))[i]  # -1 is the last maze; past the end is an IndexError
        return self._pairs(self.path_indices[self.path_offsets[i] : self.path_offsets[i + 1]])

    def _pairs(self, indices: np.ndarray) -> np.ndarray:
        """Cell indices as int32 (row, column) pairs, by the mazes' width."""
        width = max(self.connections.shape[3], 1)  # an empty batch's width may be 0
        return np.stack(np.divmod(indices, np.int32(width)), axis=1).astype(np.int32)


def generate_batch(
    width: int,
    height: int,
    algorithm: str,
    states: np.ndarray,
    *,
    origins: Any = None,
    targets: Any = None,
    **params: Any,
) -> BatchResult:
    """``len(states)`` perfect mazes of ``width`` × ``height`` cells, solved and measured.

    Maze ``i`` is ``generate(width, height, algorithm, seed=s, **params)`` for the seed
    ``s`` with ``kernel_state(s)[0] == states[i]``; its path is ``shortest_path(maze,
    origin, target)`` and its figures are ``maze_stats(maze, origin, target)``'s. Made in
    one compiled call (the first for an algorithm compiles it, for seconds; later runs
    load it from Numba's cache).

    Parameters
    ----------
    width, height : int
        Cells across and down, at least 1.
    algorithm : str
        A name from ``ALGORITHMS``.
    states : numpy.ndarray
        uint64, shape (n,): each maze's generator state, ``kernel_state(seed)[0]`` (n may
        be 0).
    origins, targets : array_like of int, optional
        Shape (n, 2): each maze's start and goal as (row, column); default the top-left
        and the bottom-right cell.
    **params
        The algorithm's parameters, as for ``generate``.

    Returns
    -------
    BatchResult
        The mazes' connections, paths, dead-end shares, solution lengths and rivers.

    Raises
    ------
    TypeError
        When an argument has the wrong type (``states`` not a uint64 array, origins or
        targets not integers).
    TilewrightError
        When a size is out of range, the algorithm or a parameter is unknown or wrong, an
        array has the wrong shape, an origin or target lies outside the maze, or the batch
        does not fit in memory.

    See Also
    --------
    generate : one maze, from a seed.
    tilewright.core.seeds.kernel_state : the state of a seed.

    Notes
    -----
    Memory is checked for the mazes, their figures and paths as short as their ends allow;
    longer paths are made room for as they come, doubling the space. The kernel releases
    the GIL, so threads can make batches side by side. A 15×15 maze costs about the time
    its algorithm's kernel takes to make it, plus a third for solving and measuring; a
    fifth for the backtracker, whose path is read off the tree its walk traces.

    Examples
    --------
    >>> from tilewright.core.seeds import kernel_state
    >>> from tilewright.mazes import generate, shortest_path
    >>> states = np.array([kernel_state(seed)[0] for seed in range(3)], dtype=np.uint64)
    >>> batch = generate_batch(15, 15, "eller", states)
    >>> batch.connections.shape, batch.path_offsets.shape
    ((3, 2, 15, 15), (4,))
    >>> maze = generate(15, 15, "eller", seed=2)
    >>> bool(np.array_equal(batch.connections[2], maze.connections))
    True
    >>> bool(np.array_equal(batch.path(2), shortest_path(maze)))
    True
    >>> int(batch.solution_length[2]) == len(shortest_path(maze)) - 1
    True
    """
    info = get_algorithm(text(algorithm, "algorithm"))
    width, height = _checked_size(width, height)
    cells = width * height
    if cells > MAX_GRAPH_CELLS:
        raise TilewrightError(f"a batch maze has at most {MAX_GRAPH_CELLS} cells, got {cells}")
    params = _checked_params(info, params)
    states = _checked_states(states)
    n = len(states)
    origins = _checked_cells(origins, n, width, height, "origins", (0, 0))
    targets = _checked_cells(targets, n, width, height, "targets", (height - 1, width - 1))
    # Every path holds at least the cells of a straight run from its origin to its target;
    # the kernel makes room for longer ones as it meets them.
    fewest_cells = int(np.abs(targets - origins).sum()) + n
    check_fits(
        n * (2 * cells + _BYTES_PER_MAZE)
        + fewest_cells * _BYTES_PER_PATH_CELL
        + cells * (info.bytes_per_cell + _SOLVER_BYTES_PER_CELL),
        f"a batch of {n} {width}x{height} {info.name} mazes",
    )

    from tilewright.mazes._batch_kernels import BATCH_KERNELS
    from tilewright.mazes.strategies import parse_strategy

    # The kernels all take every kind's parameters; an algorithm's kernel reads its own.
    strategy = parse_strategy(params.get("strategy", "newest"))
    p = float(params.get("join", params.get("bias", 0.0)))  # eller's join, or the bias
    q = float(params.get("down", 0.0))
    connections = np.zeros((n, 2, height, width), dtype=np.bool_)
    offsets = np.empty(n + 1, dtype=np.int64)
    dead_ends = np.empty(n, dtype=np.float64)
    lengths = np.empty(n, dtype=np.int32)
    river = np.empty(n, dtype=np.float64)
    path_indices = BATCH_KERNELS[info.name](
        states,
        origins,
        targets,
        strategy.mode,
        strategy.picks,
        strategy.cumulative,
        p,
        q,
        fewest_cells,
        connections,
        offsets,
        dead_ends,
        lengths,
        river,
    )
    return BatchResult(connections, offsets, path_indices, dead_ends, lengths, river)


def _checked_states(states: object) -> np.ndarray:
    """``states`` checked to be a 1-d uint64 array, C-contiguous for the kernel."""
    if not isinstance(states, np.ndarray):
        raise TypeError(
            f"states must be a uint64 NumPy array (kernel_state(seed)[0] a maze), "
            f"not {type(states).__name__}"
        )
    if states.dtype != np.uint64:
        raise TypeError(
            f"states must be a uint64 array (kernel_state(seed)[0] a maze), not {states.dtype}"
        )
    if states.ndim != 1:
        raise TilewrightError(f"states must have shape (n,), got {states.shape}")
    return _for_kernel(states, np.uint64)


def _checked_cells(
    cells: object, n: int, width: int, height: int, what: str, default: tuple[int, int]
) -> np.ndarray:
    """One (row, column) a maze, inside the maze, as a C-contiguous int64 (n, 2) array."""
    if cells is None:
        return np.tile(np.array(default, dtype=np.int64), (n, 1))
    try:
        array = np.asarray(cells)
    except (TypeError, ValueError):  # ragged nesting, objects NumPy cannot hold
        raise TypeError(f"{what} must be an (n, 2) array of integers") from None
    if n == 0 and array.size == 0 and array.dtype.kind in "iuf":
        return np.zeros((0, 2), dtype=np.int64)  # [] is float to NumPy, and holds no cell
    if array.dtype.kind not in "iu":
        raise TypeError(f"{what} must hold integers, not {array.dtype}")
    if array.shape != (n, 2):
        raise TilewrightError(
            f"{what} must have shape ({n}, 2), one cell a maze, got {array.shape}"
        )
    # compared before conversion: a uint64 too large for int64 would wrap to a negative
    rows, columns = array[:, 0], array[:, 1]
    outside = np.flatnonzero((rows < 0) | (rows >= height) | (columns < 0) | (columns >= width))
    if len(outside):
        i = int(outside[0])
        row, column = require_int(rows[i], what), require_int(columns[i], what)
        raise TilewrightError(
            f"{what}[{i}] {shown(row)},{shown(column)} is outside the {width}x{height} maze "
            f"(rows 0-{height - 1}, columns 0-{width - 1})"
        )
    return _for_kernel(array, np.int64)


def _for_kernel(array: np.ndarray, dtype: type) -> np.ndarray:
    """``array`` as a writeable C-contiguous array of ``dtype``, copied only if it is not.

    Why writeable too: Numba types a read-only array apart, so one (``np.frombuffer``'s)
    would compile and cache each kernel a second time.
    """
    return np.require(array, dtype, ["C_CONTIGUOUS", "WRITEABLE"])
