"""Weave mazes: square mazes whose passages may cross, one under the other.

As in Buck's *Mazes for Programmers* (ch. 9, "Weaving Mazes", and the preconfigured weave
of ch. 10), crossings are placed first, at random: an interior cell, never next to another
crossing, carries one passage over it (north–south or west–east, chosen at random) and one
passage under it (the other two sides). In the graph, the crossing cell is the node on top
and a new node ``n + i`` (``PolygonGrid.under[i]`` = the cell) is the passage beneath; the
four passages of a crossing are forced open.

Any graph algorithm then makes a perfect maze *containing* the forced passages: the forced
passages F are contracted (each run of cells they join becomes one node), the algorithm
draws a spanning tree of that quotient graph G/F, and the tree's edges plus F are a spanning
tree of G. For that F must not hold a cycle, which placement checks with a union–find.
Where several free passages join the same two runs, one of them (at random) stands for
all in the quotient, which the compiled algorithms need simple; so Wilson and
Aldous–Broder sample uniformly among the quotient's spanning trees, not exactly among the
spanning trees of G containing F (those would weigh each quotient tree by the product of
its edges' multiplicities). Parallel passages are 0.7 % of the free ones at the default
share of crossings and 6 % at 0.2, but half of them near the most crossings that fit
(measured on 200×200).

The grid is a :class:`~tilewright.core.polygon_grid.PolygonGrid` of kind ``"weave"``: the
W×H squares of ``square_grid`` with the same walls and the same slot for each wall, but a
slot at a crossing joins the neighbour to whichever node's passage goes through that side:
the top node for the two sides the passage on top runs through, the under node for the
other two.
"""

import dataclasses
from typing import Any

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.graph import CellGraph, check_size
from tilewright.core.memory import check_fits
from tilewright.core.polygon_grid import PolygonGrid, square_grid
from tilewright.core.seeds import Stream, resolve_seed
from tilewright.mazes._arguments import probability, seed_or_none, text
from tilewright.mazes.algorithms import (
    ALGORITHMS,
    DEFAULT_ALGORITHM,
    GRAPH,
    get_algorithm,
    resolve_params,
)
from tilewright.mazes.generation import WILSON_MAX_DEGREE
from tilewright.mazes.grid_maze import GridMaze

# The share of interior cells made crossings by default: about one cell in eight, enough
# that a 20×20 maze shows dozens of crossings, few enough that corridors still turn.
DEFAULT_CROSSINGS = 0.125
# The random stream of a seed that places crossings (the maze's passages use the main one)
WEAVE_STREAM = Stream.WEAVE
# The most cells one run of forced passages may tie together. A run of s cells holds s - 1
# crossings, whose 2s - 2 forced passages end at its cells, so at most 4s - (2s - 2) free
# passages leave it: the run's degree in the quotient graph. Keeping that within Wilson's
# limit keeps every algorithm open to weaves (and a run this long is rare below a share of
# 0.2; near the most that fit, runs would otherwise percolate across the whole maze).
MAX_RUN_CELLS = (WILSON_MAX_DEGREE - 2) // 2
# Bytes per cell of making a weave: the square grid (polygons, walls, graph), the weave
# graph, the quotient graph and the algorithm's own arrays.
_BYTES_PER_CELL = 700


def weave(
    width: int,
    height: int,
    algorithm: str = DEFAULT_ALGORITHM,
    seed: int | None = None,
    crossings: float = DEFAULT_CROSSINGS,
    **params: Any,
) -> GridMaze:
    """A perfect weave maze: a square maze whose passages may cross under one another.

    Parameters
    ----------
    width, height : int
        Cells across and down, at least 1 (crossings need 3 × 3: only interior cells cross).
    algorithm : str
        A name from ``ALGORITHMS`` of kind ``"graph"`` (every one not tied to rows).
    seed : int or None
        0 to ``MAX_SEED``, or ``None`` for a fresh seed (recorded in the result).
    crossings : float
        The share of interior cells, 0 to 1, made crossings (default 0.125, one in
        eight). Crossings cannot touch, must not close loops of forced passages and must
        not tie more than ``MAX_RUN_CELLS`` cells into one run of them, so at most about
        29 % of the interior cells can be; a larger share places as many as fit
        (:func:`weave_grid`).
    **params
        The algorithm's parameters (``strategy`` for growing-tree).

    Returns
    -------
    GridMaze
        On a grid of kind ``"weave"``: ``width · height + k`` nodes for ``k`` crossings,
        ``width · height + k - 1`` open passages, all nodes connected. Its params record
        ``crossings`` and the algorithm's parameters.

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When a size or ``crossings`` is out of range, the algorithm is unknown or tied to
        rows, a parameter is wrong, or the maze would not fit in memory.

    Examples
    --------
    >>> maze = weave(8, 6, "kruskal", seed=3, crossings=0.2)
    >>> k = len(maze.grid.under)
    >>> k
    5
    >>> int(maze.passages.sum()) == 8 * 6 + k - 1
    True
    """
    check_size(width, height)
    crossings = probability(crossings, "crossings")
    info = get_algorithm(text(algorithm, "algorithm"))
    if info.kind != GRAPH:
        works = ", ".join(name for name, a in ALGORITHMS.items() if a.kind == GRAPH)
        raise TilewrightError(
            f"{info.name} is tied to the rows of a square grid; weave mazes take {works}"
        )
    resolved = resolve_params(info, params)
    if "strategy" in params:
        from tilewright.mazes.strategies import parse_strategy

        parse_strategy(params["strategy"])  # refused here, before the grid is built
    seed = resolve_seed(seed_or_none(seed))
    grid = weave_grid(width, height, crossings, seed)
    passages = spanning_tree_containing(
        grid.graph, forced_passages(grid), info.name, seed, **params
    )
    return GridMaze(
        grid,
        passages,
        algorithm=info.name,
        seed=seed,
        params={"crossings": crossings, **resolved},
    )


def weave_grid(
    width: int, height: int, crossings: float = DEFAULT_CROSSINGS, seed: int | None = None
) -> PolygonGrid:
    """A ``width`` × ``height`` square grid with crossings placed at random.

    Interior cells are tried in random order until ``round(crossings · (width - 2) ·
    (height - 2))`` are crossings or every cell was tried. A cell is skipped when it is
    next to a crossing, when its forced passages would close a loop with those placed
    before (a maze holding them could not be perfect), or when they would tie more than
    ``MAX_RUN_CELLS`` cells into one run.

    Parameters
    ----------
    width, height : int
        Cells across and down, at least 1.
    crossings : float
        The share of interior cells to make crossings, 0 to 1.
    seed : int or None
        Where the crossings go; ``None`` for a fresh seed.

    Returns
    -------
    PolygonGrid
        Kind ``"weave"``, params ``width`` and ``height``: the cells, walls and wall slots
        of ``square_grid(width, height)``, a graph of ``width · height + k`` nodes whose
        node ``width · height + i`` is the passage under cell ``under[i]``.

    Examples
    --------
    >>> grid = weave_grid(5, 5, 1.0, seed=2)
    >>> grid.under.tolist(), grid.graph.num_cells
    ([12, 16, 18, 8, 6], 30)
    """
    from tilewright.mazes._weave_kernels import place_crossings

    check_size(width, height)
    crossings = probability(crossings, "crossings")
    seed = resolve_seed(seed_or_none(seed))
    n = width * height
    check_fits(n * _BYTES_PER_CELL, f"a {width}x{height} weave maze")
    base = square_grid(width, height)
    interior = max(width - 2, 0) * max(height - 2, 0)
    cells, vertical, _ = place_crossings(
        np.int64(width),
        np.int64(height),
        np.int64(round(crossings * interior)),
        np.int64(MAX_RUN_CELLS),
        _weave_state(seed, 0),
    )
    ends = base.graph.endpoints.astype(np.int64)
    under_node = np.full(n, -1, dtype=np.int64)
    under_node[cells] = n + np.arange(len(cells))
    on_top_vertical = np.zeros(n, dtype=np.bool_)
    on_top_vertical[cells] = vertical
    across = ends[:, 0] // width == ends[:, 1] // width  # the slot joins west and east
    moved = ends.copy()
    for side in (0, 1):
        cell = ends[:, side]
        # the passage beneath runs west–east exactly when the one on top runs north–south
        beneath = (under_node[cell] >= 0) & (across == on_top_vertical[cell])
        moved[beneath, side] = under_node[cell[beneath]]
    graph = CellGraph.from_edges(n + len(cells), moved)
    return dataclasses.replace(
        base,
        kind="weave",
        params={"width": width, "height": height},
        graph=graph,
        under=cells.astype(np.int32),
    )


def forced_passages(grid: PolygonGrid) -> np.ndarray:
    """bool, (grid.graph.num_slots,): the passages a weave keeps open, the four of each
    crossing (those that touch a crossing cell's top node or its under node).

    Examples
    --------
    >>> int(forced_passages(weave_grid(5, 5, 1.0, seed=2)).sum())
    20
    """
    if not isinstance(grid, PolygonGrid):
        raise TypeError(f"grid must be a PolygonGrid, not {type(grid).__name__}")
    crossing = np.zeros(grid.graph.num_cells, dtype=np.bool_)
    crossing[grid.under] = True
    crossing[grid.num_cells :] = True
    ends = grid.graph.endpoints
    return crossing[ends[:, 0]] | crossing[ends[:, 1]]


def spanning_tree_containing(
    graph: CellGraph,
    forced: np.ndarray,
    algorithm: str = DEFAULT_ALGORITHM,
    seed: int | None = None,
    **params: Any,
) -> np.ndarray:
    """A random spanning tree of ``graph`` that contains the ``forced`` edges.

    The forced edges are contracted: each piece they join becomes one node of a quotient
    graph. Free edges inside a piece would close a loop and stay shut; of several free edges
    between the same two pieces one, picked at random, stands for them all (the compiled
    algorithms take simple graphs). The algorithm draws a spanning tree of the quotient,
    and its edges with the forced ones are the tree.

    Parameters
    ----------
    graph : CellGraph
        A connected graph.
    forced : numpy.ndarray
        bool, (graph.num_slots,): edges that must be open; they must hold no cycle.
    algorithm, seed, **params
        As for :func:`tilewright.mazes.spanning_tree`.

    Returns
    -------
    numpy.ndarray
        bool, (graph.num_slots,): the tree's edges.

    Raises
    ------
    TilewrightError
        When the forced edges hold a cycle, or as ``spanning_tree`` does.

    Examples
    --------
    A square of four cells with two opposite sides forced keeps both and one of the others:

    >>> square = CellGraph.from_edges(4, [[0, 1], [1, 2], [2, 3], [3, 0]])
    >>> tree = spanning_tree_containing(square, np.array([True, False, True, False]), seed=1)
    >>> tree[[0, 2]].tolist(), int(tree.sum())
    ([True, True], 3)
    """
    from tilewright.core._mask_kernels import component_labels
    from tilewright.core._rng import shuffle
    from tilewright.mazes.generation import spanning_tree

    if not isinstance(graph, CellGraph):
        raise TypeError(f"graph must be a CellGraph, not {type(graph).__name__}")
    forced = np.asarray(forced)
    if forced.dtype != np.bool_ or forced.shape != (graph.num_slots,):
        raise TilewrightError(f"forced must be a bool array of {graph.num_slots} entries")
    seed = resolve_seed(seed_or_none(seed))
    ends = graph.endpoints
    labels = component_labels(graph.num_cells, ends[forced]).astype(np.int64)
    pieces = int(labels.max()) + 1
    if pieces != graph.num_cells - int(forced.sum()):
        raise TilewrightError("the forced passages close a loop, so no perfect maze holds them")
    tail, head = labels[ends[:, 0]], labels[ends[:, 1]]
    free = np.flatnonzero(~forced & (tail != head))
    pair = np.minimum(tail[free], head[free]) * pieces + np.maximum(tail[free], head[free])
    order = np.arange(len(free), dtype=np.int64)
    shuffle(_weave_state(seed, 1), order)
    _, first = np.unique(pair[order], return_index=True)
    # kept in slot order, so that without forced edges the quotient is the graph itself
    free = free[np.sort(order[first])]
    quotient = CellGraph.from_edges(pieces, np.stack([tail[free], head[free]], axis=1))
    chosen = spanning_tree(quotient, algorithm, seed, **params)
    passages = forced.copy()
    passages[free[chosen]] = True
    return passages


def _weave_state(seed: int, part: int) -> np.ndarray:
    """A kernel generator state for ``part`` of a weave's random choices: part 0 is
    ``kernel_state(seed, WEAVE_STREAM)`` itself (where crossings go), part 1 the choice
    among parallel passages."""
    entropy = [seed, int(WEAVE_STREAM)] + ([part] if part else [])
    words = np.random.SeedSequence(entropy).generate_state(1, np.uint64)
    return np.array(words, dtype=np.uint64)
