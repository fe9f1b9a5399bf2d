"""What one dataset of mazes holds: the size, the algorithm and its parameters, the endpoints.

A configuration is checked once, when it is made, by the same checks ``generate`` runs, so
that a dataset of a million items never fails on its first item.
"""

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown
from tilewright.datasets._family_rows import MAX_CELLS, SizedConfig

if TYPE_CHECKING:
    import numpy as np
    import pyarrow as pa

# Origins and targets: the two far corners, as the maze pictures use, or drawn per item.
ENDPOINTS = ("corners", "random")


@dataclass(frozen=True)
class MazeConfig(SizedConfig):
    """The mazes of a dataset: ``width`` × ``height`` by ``algorithm`` with ``params``.

    Parameters
    ----------
    width, height : int
        Cells across and down; at most ``MAX_CELLS`` cells in all.
    algorithm : str
        A name from ``tilewright.mazes.ALGORITHMS``.
    params : dict
        The algorithm's parameters (``strategy``, ``join``, ``down``, ``bias``); defaults
        are filled in, so two configurations that make the same mazes are equal.
    endpoints : str
        ``"corners"`` (top-left to bottom-right) or ``"random"`` (two distinct cells drawn
        from each item's own seed).

    Raises
    ------
    TypeError, TilewrightError
        As ``tilewright.mazes.generate`` raises them for the same arguments, and for an
        unknown ``endpoints`` or too many cells.

    Examples
    --------
    >>> config = MazeConfig(15, 15, "growing-tree")
    >>> config.params
    {'strategy': 'newest:50,random:50'}
    >>> MazeConfig.from_json(config.to_json()) == config
    True
    """

    kind: ClassVar[str] = "mazes"
    unit: ClassVar[str] = "mazes"
    # what a maze is, for finding duplicates: the same passages between the same endpoints
    content_columns: ClassVar[tuple[str, ...]] = (
        "width",
        "height",
        "connections",
        "origin",
        "target",
    )

    algorithm: str = "backtracker"
    params: dict[str, Any] = field(default_factory=dict)
    endpoints: str = "corners"

    def __post_init__(self) -> None:
        from tilewright.mazes.algorithms import get_algorithm, resolve_params
        from tilewright.mazes.generation import prepare

        width = require_int(self.width, "width")
        height = require_int(self.height, "height")
        prepare(width, height, self.algorithm, **self.params)  # every check generate runs
        if width * height > MAX_CELLS:
            raise TilewrightError(
                f"a dataset's mazes have at most {MAX_CELLS} cells, got {shown(width * height)}"
            )
        if self.endpoints not in ENDPOINTS:
            raise TilewrightError(
                f"endpoints must be one of {', '.join(ENDPOINTS)}, got {self.endpoints!r}"
            )
        info = get_algorithm(self.algorithm)
        object.__setattr__(self, "width", int(width))
        object.__setattr__(self, "height", int(height))
        object.__setattr__(self, "algorithm", info.name)
        object.__setattr__(self, "params", resolve_params(info, dict(self.params)))

    def to_dict(self) -> dict[str, Any]:
        """The configuration as plain JSON values."""
        return {
            "kind": "mazes",
            "width": self.width,
            "height": self.height,
            "algorithm": self.algorithm,
            "params": dict(self.params),
            "endpoints": self.endpoints,
        }

    def schema(self) -> "pa.Schema":
        """The columns of this configuration's rows (see ``maze_rows``)."""
        from tilewright.datasets.maze_rows import schema_for

        return schema_for(self)

    def rows(self, seed: int, indices: "np.ndarray", draws: "np.ndarray") -> "pa.Table":
        """The items ``indices`` of the dataset with ``seed``, each at its draw (see
        ``maze_rows.maze_rows``)."""
        from tilewright.datasets.maze_rows import maze_rows

        return maze_rows(self, seed, indices, draws)

    @classmethod
    def from_dict(cls, record: Any) -> "MazeConfig":
        """The configuration ``to_dict`` gave.

        Raises
        ------
        TilewrightError
            When ``record`` is not such a configuration.
        """
        try:
            if not isinstance(record, dict) or record.get("kind") != cls.kind:
                raise ValueError("not a maze dataset's configuration")
            return cls(
                record["width"],
                record["height"],
                record["algorithm"],
                record["params"],
                record["endpoints"],
            )
        except (ValueError, KeyError, TypeError) as error:
            raise TilewrightError(f"not a tilewright maze dataset configuration: {error}") from None


def config_from_dict(record: Any) -> Any:
    """The configuration of any kind that ``to_dict`` gave: mazes, a mixture, rectangles,
    tromino tilings, Loopy puzzles.

    Raises
    ------
    TilewrightError
        When ``record`` is no configuration of a known kind.

    Examples
    --------
    >>> config_from_dict(MazeConfig(4, 4).to_dict())
    MazeConfig(width=4, height=4, algorithm='backtracker', params={}, endpoints='corners')
    """
    kinds = _kinds()
    kind = record.get("kind") if isinstance(record, dict) else None
    if kind not in kinds:
        known = ", ".join(sorted(kinds))
        raise TilewrightError(f"not a dataset configuration: its kind must be one of {known}")
    return kinds[kind].from_dict(record)


def config_from_json(text: str) -> Any:
    """The configuration of any kind that ``to_json`` wrote (see ``config_from_dict``)."""
    return config_from_dict(_json_object(text))


def _kinds() -> dict[str, Any]:
    # imported here: each kind's module imports this one
    from tilewright.datasets.loopy_rows import LoopyConfig
    from tilewright.datasets.mixture import Mixture
    from tilewright.datasets.rectangle_rows import RectanglesConfig
    from tilewright.datasets.tromino_rows import TrominoConfig

    kinds = (MazeConfig, Mixture, RectanglesConfig, TrominoConfig, LoopyConfig)
    return {kind.kind: kind for kind in kinds}


def _json_object(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as error:
        raise TilewrightError(f"not a dataset configuration: {error}") from None
