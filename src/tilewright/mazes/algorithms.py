"""The catalogue of maze algorithms: what each does, what it costs, how it looks.

This module only describes; ``generate.py`` runs them. Keeping the table free of compiled
code lets ``tilewright maze --list`` and ``--help`` answer without loading Numba.
"""

from dataclasses import dataclass, field
from typing import Any

from tilewright.core.errors import TilewrightError

GRAPH = "graph"  # runs on any cell graph (square grid, hexagons, aperiodic tilings)
ROWS = "rows"  # square grid, row by row, streams in O(width) memory
GRID = "grid"  # square grid only, whole maze in memory

DEFAULT_ALGORITHM = "backtracker"


@dataclass(frozen=True)
class Algorithm:
    name: str
    kind: str
    summary: str
    memory: str
    texture: str
    bytes_per_cell: float  # working memory, including the 2-byte result
    defaults: dict[str, Any] = field(default_factory=dict)


ALGORITHMS: dict[str, Algorithm] = {
    a.name: a
    for a in [
        Algorithm(
            "backtracker",
            GRAPH,
            "depth-first random walk that backs up when stuck (the default)",
            "O(cells)",
            "≈10% dead ends; long winding corridors",
            7,
        ),
        Algorithm(
            "growing-tree",
            GRAPH,
            "grow from a list of active cells; --strategy picks which (newest, random, ...)",
            "O(cells)",
            "newest ≈10%, random ≈28%, oldest ≈3% dead ends; mixes between",
            12,
            {"strategy": "newest:50,random:50"},
        ),
        Algorithm(
            "kruskal",
            GRAPH,
            "open walls in random order unless their cells are already joined (union-find)",
            "O(cells)",
            "≈30.6% dead ends; short evenly spread spurs",
            14,
        ),
        Algorithm(
            "prim",
            GRAPH,
            "true Prim: grow the minimum spanning tree of random edge weights",
            "O(cells)",
            "≈30.6% dead ends (same distribution as kruskal)",
            27,
        ),
        Algorithm(
            "prim-simple",
            GRAPH,
            "add a random frontier cell through a random wall",
            "O(cells)",
            "≈36% dead ends; many short spurs radiating from the start",
            8,
        ),
        Algorithm(
            "aldous-broder",
            GRAPH,
            "random walk, opening the way into each cell entered first time",
            "O(cells)",
            "uniform: ≈29.45% dead ends; slow",
            3,
        ),
        Algorithm(
            "wilson",
            GRAPH,
            "loop-erased random walks until they meet the maze",
            "O(cells)",
            "uniform: ≈29.45% dead ends",
            4,
        ),
        Algorithm(
            "hunt-and-kill",
            GRAPH,
            "random walk; when stuck, take the first unvisited cell beside the maze",
            "O(cells)",
            "≈10% dead ends; long corridors",
            23,
        ),
        Algorithm(
            "eller",
            ROWS,
            "one row at a time with sets; --join sets the east-west join probability",
            "O(width), streams",
            "≈28-30% dead ends",
            2,
            {"join": 0.6, "down": 0.33},
        ),
        Algorithm(
            "sidewinder",
            ROWS,
            "runs along each row, each opening north once; --bias closes runs",
            "O(width), streams",
            "≈28% dead ends; open top corridor, drifts up",
            2,
            {"bias": 0.5},
        ),
        Algorithm(
            "binary-tree",
            ROWS,
            "each cell opens north or east; --bias is the chance of north",
            "O(width), streams",
            "25% dead ends; diagonal bias, open top and east",
            2,
            {"bias": 0.5},
        ),
        Algorithm(
            "recursive-division",
            GRID,
            "split chambers by walls with one gap",
            "O(cells)",
            "≈27% dead ends; long straight walls, boxy",
            2,
        ),
    ]
}


def get_algorithm(name: str) -> Algorithm:
    """The algorithm called ``name``, or a clear error listing the known ones."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        known = ", ".join(ALGORITHMS)
        raise TilewrightError(f"unknown maze algorithm {name!r} (known: {known})") from None


def resolve_params(algorithm: Algorithm, params: dict[str, Any]) -> dict[str, Any]:
    """Fill in defaults and reject parameters the algorithm does not take."""
    for key, value in params.items():
        if key not in algorithm.defaults:
            takes = ", ".join(algorithm.defaults) or "no parameters"
            raise TilewrightError(f"{algorithm.name} does not take {key!r} (it takes {takes})")
        if key != "strategy" and not _is_probability(value):
            raise TilewrightError(f"{key} must be a probability between 0 and 1, got {value!r}")
    return {**algorithm.defaults, **params}


def _is_probability(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
