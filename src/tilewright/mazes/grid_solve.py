"""Solving, braiding and walking mazes on any polygon grid (:class:`GridMaze`).

Cells are named by id. Results are graph *nodes*: the cells, and for a weave the
under-passage nodes after them (``maze.grid.node_cell`` maps them to the cells they run
under). ``tilewright.mazes.shortest_path`` and its siblings call these for a GridMaze; the
compiled kernels are in ``_graph_solve_kernels``.

Why a wall follower is defined on every grid: a cell's walls lie in order around its
polygon, so a walker keeping one hand on the wall leaves a cell through the first open
side after the one it came in by, clockwise for the left hand and anticlockwise for the
right. That needs only the cyclic order of the sides (the grid's planar embedding), which
:func:`sides` reads off the outlines. A weave's under-passage is a corridor of two sides,
and a crossing cell's over-passage treats the walls the under-passage runs through as
walls: the walker follows the passage it is on, over or under.
"""

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.interrupts import deferred
from tilewright.core.memory import check_fits
from tilewright.core.polygon_grid import PolygonGrid
from tilewright.core.seeds import Stream, kernel_state
from tilewright.mazes._arguments import braid_arguments
from tilewright.mazes._docstrings import fill_maze_doc
from tilewright.mazes.grid_maze import GridMaze, cell_id, check_grid_maze, endpoint_ids
from tilewright.mazes.solve import FillResult, FollowResult, hand_turn

# Working memory per node, in bytes: distances and the queue (int32 each); dead-end
# filling's degrees (int64) and queue (int64); braiding's copy, degrees and dead ends.
_DISTANCE_BYTES = 8
_FILL_BYTES = 24
_BRAID_BYTES = 16
# The wall follower's, per corner of the cells' outlines: the walls at each vertex, the
# sides (at most one a corner: node, passage, wall, neighbour, way back, outer) and the
# visits (at most one a side); and per node, the pointers into them.
_FOLLOW_CORNER_BYTES = 64
_FOLLOW_NODE_BYTES = 16


def distances(maze: GridMaze, start: int | None = None) -> np.ndarray:
    """int32, shape (num_nodes,): moves from ``start`` to each node, -1 where unreachable.

    Parameters
    ----------
    maze : GridMaze
        The maze, perfect or braided.
    start : int or None
        The cell distances are counted from; default the start of
        :func:`~tilewright.mazes.grid_maze.default_endpoints`.

    Returns
    -------
    numpy.ndarray
        One distance per graph node; the first ``maze.num_cells`` are the cells.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> distances(generate_on(square_grid(4, 2), "kruskal", seed=2)).tolist()
    [0, 1, 4, 5, 1, 2, 3, 4]
    """
    from tilewright.mazes._graph_solve_kernels import bfs_distances

    _checked(maze, _DISTANCE_BYTES, "distances")
    origin = endpoint_ids(maze, start, None)[0]
    graph = maze.grid.graph
    return bfs_distances(graph.indptr, graph.indices, graph.slots, maze.passages, origin, -1)


def shortest_path(maze: GridMaze, start: int | None = None, goal: int | None = None) -> np.ndarray:
    """The nodes of a shortest path from ``start`` to ``goal``, breadth first.

    Parameters
    ----------
    maze : GridMaze
        The maze, perfect or braided.
    start, goal : int or None
        Cell ids; default those of :func:`~tilewright.mazes.grid_maze.default_endpoints`.

    Returns
    -------
    numpy.ndarray
        int64 node ids, ``start`` first and ``goal`` last; each step crosses one open
        passage. ``maze.grid.node_cell(path)`` gives the cells.

    Raises
    ------
    TilewrightError
        When a cell is not one of the grid's or the goal cannot be reached.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> shortest_path(generate_on(square_grid(4, 2), "kruskal", seed=2)).tolist()
    [0, 4, 5, 6, 7]
    """
    from tilewright.mazes._graph_solve_kernels import bfs_distances, trace_back

    _checked(maze, _DISTANCE_BYTES, "shortest_path")
    origin, target = endpoint_ids(maze, start, goal)
    graph = maze.grid.graph
    csr = (graph.indptr, graph.indices, graph.slots, maze.passages)
    dist = bfs_distances(*csr, origin, target)
    if dist[target] < 0:
        raise TilewrightError("the goal cannot be reached from the start")
    return trace_back(*csr, dist, target)


@fill_maze_doc
def dead_end_filling(
    maze: GridMaze, start: int | None = None, goal: int | None = None
) -> FillResult:
    """Fill every dead end (but start and goal) and the corridors behind it, in order.

    %(route_parameters)s

    Returns
    -------
    FillResult
        ``order``: int64 node ids in the order filled; ``remaining``: bool, one per node,
        the nodes never filled (on a perfect maze, exactly the solution).

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> maze = generate_on(square_grid(9, 6), "wilson", seed=3)
    >>> int(dead_end_filling(maze).remaining.sum()) == len(shortest_path(maze))
    True
    """
    from tilewright.mazes._graph_solve_kernels import dead_end_filling as fill

    _checked(maze, _FILL_BYTES, "dead_end_filling")
    origin, target = endpoint_ids(maze, start, goal)
    graph = maze.grid.graph
    degree = maze.degrees().astype(np.int64)
    order = fill(graph.indptr, graph.indices, graph.slots, maze.passages, degree, origin, target)
    remaining = np.ones(maze.num_nodes, dtype=np.bool_)
    remaining[order] = False
    return FillResult(order, remaining)


@fill_maze_doc
def wall_follower(
    maze: GridMaze, start: int | None = None, goal: int | None = None, hand: str = "left"
) -> FollowResult:
    """Walk with one hand on the wall. Always arrives on a perfect maze; on a braided one
    it can circle an island forever, which is reported as ``reached=False``.

    The walk enters the start through its first wall on the outer boundary (side 0 of
    its outline for a cell inside the grid), so on a square grid it takes the steps the
    square wall follower takes.

    %(route_parameters)s
    %(hand)s

    Returns
    -------
    FollowResult
        ``visits``: int64 node ids stepped on, in order, the start first; ``reached``.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> walk = wall_follower(generate_on(square_grid(9, 6), "wilson", seed=3), hand="right")
    >>> walk.reached, int(walk.visits[0]), int(walk.visits[-1])
    (True, 0, 53)
    """
    from tilewright.mazes._graph_solve_kernels import wall_follower as follow

    turn = hand_turn(hand, left=1, right=-1)
    _checked(maze, _FOLLOW_NODE_BYTES, "wall_follower")
    check_fits(len(maze.grid.polygons) * _FOLLOW_CORNER_BYTES, f"wall_follower on {maze.grid!r}")
    origin, target = endpoint_ids(maze, start, goal)
    ptr, slot, to, back, outer = sides(maze.grid)
    first = ptr[origin] + np.flatnonzero(outer[ptr[origin] : ptr[origin + 1]])
    entry = int(first[0] - ptr[origin]) if len(first) else 0
    with deferred():  # the kernel returns arrays in a tuple: see core.interrupts
        visits, reached = follow(ptr, slot, to, back, maze.passages, origin, entry, target, turn)
    return FollowResult(visits, bool(reached))


def braid(maze: GridMaze, share: float, seed: int | None = None) -> GridMaze:
    """A copy of ``maze`` with about ``share`` of its dead ends removed (0 to 1).

    As :func:`tilewright.mazes.braid` does on square mazes: dead ends in random order
    (from the ``Stream.BRAID`` stream of ``seed``), each opening one passage, towards a
    neighbouring dead end when there is one, until ``round(share × dead ends)`` are gone.

    Parameters
    ----------
    maze : GridMaze
        The maze; it is not changed, and must not be braided already.
    share : float
        The share of dead ends to remove, 0 to 1.
    seed : int or None
        Seed of the random order; default the maze's own (a fresh one if it has none).

    Returns
    -------
    GridMaze
        The braided copy; its params gain ``"braid": share`` and ``"braid_seed"``.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> loops = braid(generate_on(square_grid(20, 20), "kruskal", seed=1), 0.5)
    >>> loops
    <GridMaze square 20x20 kruskal seed=1 braid=0.5>
    >>> loops.is_perfect()
    False
    """
    from tilewright.mazes._graph_solve_kernels import braid as braid_kernel

    _checked(maze, _BRAID_BYTES, "braid")
    share, seed = braid_arguments(maze.params, maze.seed, share, seed)
    passages = maze.passages.copy()
    dead_ends = int(np.count_nonzero(maze.degrees() == 1))
    graph = maze.grid.graph
    braid_kernel(
        graph.indptr,
        graph.indices,
        graph.slots,
        passages,
        kernel_state(seed, Stream.BRAID),
        round(share * dead_ends),
    )
    params = {**maze.params, "braid": share, "braid_seed": seed}
    return GridMaze(maze.grid, passages, algorithm=maze.algorithm, seed=maze.seed, params=params)


def sides(
    grid: PolygonGrid,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each node's sides in clockwise order on screen: the grid's planar embedding.

    A cell's side is a maximal run of consecutive edges of its outline behind which lies
    one passage (its slot), or only walls (slot -1): the outer boundary, a closed-off
    neighbour's edges, and for a crossing's over-passage the edges its under-passage runs
    through. An under-passage node has its two passages as sides.

    Returns
    -------
    tuple of numpy.ndarray
        ``ptr`` (int64, nodes + 1): node ``u``'s sides are ``ptr[u]:ptr[u + 1]``;
        ``slot`` (int64): each side's passage or -1; ``to`` (int64): the node behind it
        (-1 for a wall); ``back`` (int64): the index, among that node's sides, of the side
        leading back; ``outer`` (bool): whether the side lies on the outer boundary.

    Raises
    ------
    TilewrightError
        When a passage of the graph does not lie in the walls of its two cells (a graph
        that is not the grid's embedding), so that no hand can follow it.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> ptr, slot, to, back, outer = sides(square_grid(2, 1))
    >>> ptr.tolist(), to.tolist(), outer.tolist()
    ([0, 2, 4], [1, -1, -1, 0], [False, True, True, False])
    """
    from tilewright.mazes._graph_solve_kernels import embedding

    graph = grid.graph
    with deferred():  # the kernel returns arrays in a tuple: see core.interrupts
        ptr, slot, to, back, outer, ok = embedding(
            grid.polygon_ptr,
            grid.polygons,
            grid.vertices,
            grid.walls,
            grid.wall_cells,
            grid.wall_slot,
            graph.endpoints,
            graph.indptr,
            graph.slots,
            grid.num_cells,
        )
    if not ok:
        raise TilewrightError(
            f"the {grid.kind} grid's passages do not all lie in its walls, so no wall "
            "can be followed"
        )
    return ptr, slot, to, back, outer


def _checked(maze: object, bytes_per_node: int, what: str) -> GridMaze:
    """``maze`` checked, and small enough for the free memory."""
    maze = check_grid_maze(maze)
    check_fits(maze.num_nodes * bytes_per_node, f"{what} on a maze of {maze.num_nodes} cells")
    return maze


__all__ = [
    "braid",
    "cell_id",
    "dead_end_filling",
    "distances",
    "shortest_path",
    "sides",
    "wall_follower",
]
