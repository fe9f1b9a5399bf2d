"""What one dataset of mazes holds: the size, the algorithm and its parameters, the endpoints.

A configuration is checked once, when it is made, by the same checks ``generate`` runs, so
that a dataset of a million items never fails on its first item.
"""

import json
from dataclasses import dataclass, field
from typing import Any

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown

# Origins and targets: the two far corners, as the maze pictures use, or drawn per item.
ENDPOINTS = ("corners", "random")
# A dataset's mazes are small; the bound keeps one part of items well inside memory.
MAX_CELLS = 1 << 20


@dataclass(frozen=True)
class MazeConfig:
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

    width: int
    height: int
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

    @property
    def size(self) -> str:
        """``WIDTHxHEIGHT``, as the command line writes it."""
        return f"{self.width}x{self.height}"

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

    def to_json(self) -> str:
        """The configuration as one line of JSON, keys sorted (equal configurations give
        equal text)."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "MazeConfig":
        """The configuration ``to_json`` wrote.

        Raises
        ------
        TilewrightError
            When ``text`` is not such a configuration.
        """
        try:
            record = json.loads(text)
            if not isinstance(record, dict) or record.get("kind") != "mazes":
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
