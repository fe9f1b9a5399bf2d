"""The catalogue of maze algorithms: what each does, what it costs, how it looks, and where
it comes from.

This module only describes; ``generation.py`` runs them. Keeping the table free of compiled
code lets ``tilewright maze --list`` and ``--help`` answer without loading Numba.

References
----------
.. [Buck] J. Buck, *Mazes for Programmers: Code Your Own Twisty Little Passages*,
   Pragmatic Bookshelf, 2015.
.. [Pullen] W. D. Pullen, *Think Labyrinth: Maze Algorithms*,
   https://www.astrolog.org/labyrnth/algrithm.htm.
"""

from dataclasses import dataclass, field
from typing import Any

from tilewright.core.errors import TilewrightError

GRAPH = "graph"  # runs on any cell graph (square grid, hexagons, aperiodic tilings)
ROWS = "rows"  # square grid, row by row, streams in O(width) memory
GRID = "grid"  # square grid only, whole maze in memory

DEFAULT_ALGORITHM = "backtracker"

_BUCK = "J. Buck, Mazes for Programmers, Pragmatic Bookshelf, 2015"
_PULLEN = "W. D. Pullen, Think Labyrinth: Maze Algorithms (astrolog.org/labyrnth)"


@dataclass(frozen=True)
class Algorithm:
    """One maze algorithm of ``ALGORITHMS``: how it runs, what it costs and looks like.

    Parameters
    ----------
    name : str
        Its name, as ``generate`` and ``tilewright maze -a`` take it.
    kind : str
        ``"graph"`` (runs on any cell graph: ``spanning_tree`` takes it), ``"rows"`` (a
        square grid row by row: ``stream_bands`` takes it) or ``"grid"`` (a square grid,
        whole).
    summary : str
        What it does, in a line.
    memory : str
        Its working memory, as O(...).
    texture : str
        How its mazes look: the share of dead ends on large grids, measured.
    bytes_per_cell : float
        Working memory per cell, including the 2-byte result.
    reference : str
        Where it was published or is described (a paper or a book).
    defaults : dict
        Its parameters, with their default values.

    Examples
    --------
    >>> wilson = ALGORITHMS["wilson"]
    >>> wilson.kind, wilson.reference.split(",")[0]
    ('graph', 'D. B. Wilson')
    >>> print(ALGORITHMS["eller"])  # doctest: +ELLIPSIS
    eller: one row at a time with sets; ...
      parameters: join=0.6, down=0.33
      reference: M. Eller (1982), described by W. D. Pullen, ...
    """

    name: str
    kind: str
    summary: str
    memory: str
    texture: str
    bytes_per_cell: float
    reference: str
    defaults: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        lines = [
            f"{self.name}: {self.summary}",
            f"  memory: {self.memory}; texture: {self.texture}",
        ]
        if self.defaults:
            shown = ", ".join(f"{key}={value}" for key, value in self.defaults.items())
            lines.append(f"  parameters: {shown}")
        lines.append(f"  reference: {self.reference}")
        return "\n".join(lines)


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in [
        Algorithm(
            "backtracker",
            GRAPH,
            "depth-first random walk that backs up when stuck (the default)",
            "O(cells)",
            "≈10% dead ends; long winding corridors",
            11,
            f"{_BUCK}, ch. 5 (recursive backtracker); {_PULLEN}",
        ),
        Algorithm(
            "growing-tree",
            GRAPH,
            "grow from a list of active cells; --strategy picks which (newest, random, ...)",
            "O(cells)",
            "newest ≈10%, random ≈28%, oldest ≈3% dead ends; mixes between",
            12,
            f"{_BUCK}, ch. 11 (growing tree); {_PULLEN}",
            {"strategy": "newest:50,random:50"},
        ),
        Algorithm(
            "kruskal",
            GRAPH,
            "open walls in random order unless their cells are already joined (union-find)",
            "O(cells)",
            "≈30.6% dead ends; short evenly spread spurs",
            14,
            "J. B. Kruskal, On the shortest spanning subtree of a graph and the traveling "
            "salesman problem, Proc. AMS 7(1), 48-50, 1956",
        ),
        Algorithm(
            "prim",
            GRAPH,
            "true Prim: grow the minimum spanning tree of random edge weights",
            "O(cells)",
            "≈30.6% dead ends (same distribution as kruskal)",
            27,
            "R. C. Prim, Shortest connection networks and some generalizations, Bell System "
            "Technical Journal 36(6), 1389-1401, 1957",
        ),
        Algorithm(
            "prim-simple",
            GRAPH,
            "add a random frontier cell through a random wall",
            "O(cells)",
            "≈36% dead ends; many short spurs radiating from the start",
            8,
            f"{_BUCK}, ch. 11 (simplified Prim's); {_PULLEN}",
        ),
        Algorithm(
            "aldous-broder",
            GRAPH,
            "random walk, opening the way into each cell entered first time",
            "O(cells)",
            "uniform: ≈29.45% dead ends; slow",
            3,
            "D. J. Aldous, The random walk construction of uniform spanning trees and uniform "
            "labelled trees, SIAM J. Discrete Math. 3(4), 450-465, 1990; A. Z. Broder, "
            "Generating random spanning trees, Proc. 30th FOCS, 442-447, 1989",
        ),
        Algorithm(
            "wilson",
            GRAPH,
            "loop-erased random walks until they meet the maze",
            "O(cells)",
            "uniform: ≈29.45% dead ends",
            4,
            "D. B. Wilson, Generating random spanning trees more quickly than the cover time, "
            "Proc. 28th STOC, 296-303, 1996",
        ),
        Algorithm(
            "hunt-and-kill",
            GRAPH,
            "random walk; when stuck, take the first unvisited cell beside the maze",
            "O(cells)",
            "≈10% dead ends; long corridors",
            23,
            f"{_PULLEN}; {_BUCK}, ch. 5 (hunt-and-kill)",
        ),
        Algorithm(
            "eller",
            ROWS,
            "one row at a time with sets; --join sets the east-west join probability",
            "O(width), streams",
            "≈28-30% dead ends",
            2,
            f"M. Eller (1982), described by {_PULLEN}; {_BUCK}, ch. 12",
            {"join": 0.6, "down": 0.33},
        ),
        Algorithm(
            "sidewinder",
            ROWS,
            "runs along each row, each opening north once; --bias closes runs",
            "O(width), streams",
            "≈28% dead ends; open top corridor, drifts up",
            2,
            f"{_BUCK}, ch. 2 (sidewinder); {_PULLEN}",
            {"bias": 0.5},
        ),
        Algorithm(
            "binary-tree",
            ROWS,
            "each cell opens north or east; --bias is the chance of north",
            "O(width), streams",
            "25% dead ends; diagonal bias, open top and east",
            2,
            f"{_BUCK}, ch. 2 (binary tree); {_PULLEN}",
            {"bias": 0.5},
        ),
        Algorithm(
            "recursive-division",
            GRID,
            "split chambers by walls with one gap",
            "O(cells)",
            "≈27% dead ends; long straight walls, boxy",
            2,
            f"{_PULLEN}; {_BUCK}, ch. 12 (recursive division)",
        ),
    ]
}


def get_algorithm(name: str) -> Algorithm:
    """The algorithm called ``name``, or a clear error listing the known ones.

    Parameters
    ----------
    name : str
        A name from ``ALGORITHMS``.

    Returns
    -------
    Algorithm

    Raises
    ------
    TilewrightError
        When no algorithm has that name.

    Examples
    --------
    >>> get_algorithm("kruskal").memory
    'O(cells)'
    """
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(ALGORITHMS)
        raise TilewrightError(f"unknown maze algorithm {name!r} (known: {known})") from None


def resolve_params(algorithm: Algorithm, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with the algorithm's defaults filled in, each checked.

    Parameters
    ----------
    algorithm : Algorithm
        The algorithm they are for.
    params : dict
        The parameters given, by name.

    Returns
    -------
    dict
        Every parameter of the algorithm: the given ones, then the defaults.

    Raises
    ------
    TilewrightError
        When the algorithm does not take a parameter, or a probability is out of range.

    Examples
    --------
    >>> resolve_params(ALGORITHMS["eller"], {"join": 0.5})
    {'join': 0.5, 'down': 0.33}
    """
    for key, value in params.items():
        if key not in algorithm.defaults:
            takes = ", ".join(algorithm.defaults) or "no parameters"
            raise TilewrightError(f"{algorithm.name} does not take {key!r} (it takes {takes})")
        if key != "strategy" and not _is_probability(value):
            raise TilewrightError(f"{key} must be a probability between 0 and 1, got {value!r}")
    return {**algorithm.defaults, **params}


def _is_probability(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
