"""The maze model: a W×H square-grid maze stored as maze-dataset's ``connection_list``.

``connections[0, r, c]`` is the passage from cell (r, c) down to (r+1, c) and
``connections[1, r, c]`` the passage right to (r, c+1): two bytes per cell, the layout
machine-learning datasets already use, so a maze converts to and from them without copying.
A passage out of the grid (down from the last row, right from the last column) is invalid.
"""

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tilewright.core.errors import TilewrightError

# Mazes up to this many cells show themselves as SVG in notebooks.
_NOTEBOOK_CELLS = 40_000


@dataclass(frozen=True)
class Band:
    """Consecutive rows of a maze: ``south`` and ``east`` passages, each (k, W)."""

    first_row: int
    south: np.ndarray
    east: np.ndarray

    @property
    def rows(self) -> int:
        return self.south.shape[0]


@dataclass(eq=False)
class Maze:
    """A maze on a square grid, with how it was made."""

    connections: np.ndarray
    algorithm: str | None = None
    seed: int | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.connections = _checked_connections(self.connections)

    @classmethod
    def from_connection_list(cls, connection_list: np.ndarray, **info: Any) -> "Maze":
        """A maze from maze-dataset's ``connection_list`` (bool, shape (2, H, W))."""
        return cls(np.array(connection_list, dtype=np.bool_), **info)

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
        return cls.from_connection_list(np.asarray(lattice_maze.connection_list))

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
        for first in range(0, self.height, rows_per_band):
            last = min(first + rows_per_band, self.height)
            yield Band(first, self.south[first:last], self.east[first:last])

    def _repr_svg_(self) -> str | None:
        """Jupyter shows small mazes as pictures (larger ones as text, to stay responsive)."""
        if self.width * self.height > _NOTEBOOK_CELLS:
            return None
        from tilewright.mazes.pictures import Style, svg_text

        cell = max(4, min(16, 640 // max(self.width, self.height)))
        return svg_text(self, Style(cell=cell, wall=max(1, cell // 6)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return np.array_equal(self.connections, other.connections)

    def __repr__(self) -> str:
        how = f", algorithm={self.algorithm!r}, seed={self.seed}" if self.algorithm else ""
        return f"Maze({self.width}x{self.height}{how})"


def _checked_connections(connections: np.ndarray) -> np.ndarray:
    if not isinstance(connections, np.ndarray) or connections.dtype != np.bool_:
        raise TilewrightError("connections must be a boolean NumPy array")
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
