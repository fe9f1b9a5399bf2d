"""One dataset of several configurations (sizes, algorithms) in given proportions.

Which configuration item ``i`` takes depends on ``i`` alone, so a mixture, like a single
configuration, is the same row for row however it is cut into parts. The proportions are
exact, not drawn: with weights 3 and 1, every run of 4 consecutive items from a multiple of
4 holds three of the first and one of the second, spread evenly (``a a b a`` rather than
``a a a b``), so any prefix of the dataset is as balanced as it can be.
"""

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pyarrow as pa

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown
from tilewright.datasets._family_rows import JsonConfig

# The weights' sum is the length of the repeating pattern of configurations.
MAX_TOTAL_WEIGHT = 10_000


@dataclass(frozen=True)
class Mixture(JsonConfig):
    """Items of several configurations of one kind, in the proportions of ``weights``.

    Parameters
    ----------
    configs : tuple
        Two or more configurations of one kind (for example ``MazeConfig``), all different.
    weights : tuple of int
        A positive whole weight for each (default: equal), summing to at most
        ``MAX_TOTAL_WEIGHT``.

    Examples
    --------
    >>> from tilewright.datasets import MazeConfig
    >>> mix = Mixture((MazeConfig(9, 9, "wilson"), MazeConfig(15, 15, "backtracker")), (3, 1))
    >>> [int(k) for k in mix.components(np.arange(8))]
    [0, 0, 1, 0, 0, 0, 1, 0]
    """

    kind: ClassVar[str] = "mixture"

    configs: tuple[Any, ...]
    weights: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        configs = tuple(self.configs)
        if len(configs) < 2:
            raise TilewrightError("a mixture needs two or more configurations")
        kinds = {getattr(config, "kind", None) for config in configs}
        if len(kinds) != 1 or None in kinds or "mixture" in kinds:
            raise TilewrightError("a mixture's configurations must all be of one kind")
        if len({config.to_json() for config in configs}) != len(configs):
            raise TilewrightError("a mixture's configurations must all differ")
        weights = tuple(self.weights) or (1,) * len(configs)
        if len(weights) != len(configs):
            raise TilewrightError(
                f"a mixture of {len(configs)} configurations needs {len(configs)} weights, "
                f"got {len(weights)}"
            )
        weights = tuple(int(require_int(weight, "a weight")) for weight in weights)
        if min(weights) < 1 or sum(weights) > MAX_TOTAL_WEIGHT:
            raise TilewrightError(
                f"weights must be whole numbers from 1, summing to at most {MAX_TOTAL_WEIGHT}, "
                f"got {', '.join(shown(weight) for weight in weights)}"
            )
        object.__setattr__(self, "configs", configs)
        object.__setattr__(self, "weights", weights)

    @property
    def unit(self) -> str:
        return str(self.configs[0].unit)

    @property
    def content_columns(self) -> tuple[str, ...]:
        return tuple(self.configs[0].content_columns)

    def components(self, indices: np.ndarray) -> np.ndarray:
        """Which configuration each of ``indices`` takes (positions in ``configs``)."""
        return _pattern(self.weights)[np.asarray(indices, dtype=np.int64) % sum(self.weights)]

    def schema(self) -> pa.Schema:
        """The columns of every configuration, a fixed-size binary column widened to
        variable size where the configurations' sizes differ."""
        schemas = [config.schema() for config in self.configs]
        first = schemas[0]
        for at, column in enumerate(first):
            types = {schema.field(column.name).type for schema in schemas}
            if len(types) > 1:
                if not all(pa.types.is_fixed_size_binary(kind) for kind in types):
                    raise TilewrightError(f"the configurations' {column.name} columns differ")
                first = first.set(at, pa.field(column.name, pa.binary()))
        return first

    def rows(self, seed: int, indices: np.ndarray, draws: np.ndarray) -> pa.Table:
        """The items ``indices`` at ``draws``, each made by its own configuration."""
        indices = np.asarray(indices, dtype=np.int64)
        draws = np.asarray(draws, dtype=np.int64)
        which = self.components(indices)
        schema = self.schema()
        pieces = []
        for k, config in enumerate(self.configs):
            chosen = np.flatnonzero(which == k)
            if len(chosen):
                table = config.rows(seed, indices[chosen], draws[chosen])
                pieces.append((chosen, table.cast(schema)))
        if not pieces:
            return schema.empty_table()
        table = pa.concat_tables([table for _, table in pieces]).combine_chunks()
        # back to the order given: position p of the concatenation came from order[p]
        order = np.concatenate([chosen for chosen, _ in pieces])
        return table.take(pa.array(np.argsort(order, kind="stable")))

    def to_dict(self) -> dict[str, Any]:
        """The mixture as plain JSON values."""
        return {
            "kind": self.kind,
            "configs": [config.to_dict() for config in self.configs],
            "weights": list(self.weights),
        }

    @classmethod
    def from_dict(cls, record: Any) -> "Mixture":
        """The mixture ``to_dict`` gave, each of its configurations read back by
        ``config_from_dict``.

        Raises
        ------
        TilewrightError
            When ``record`` is not such a mixture (a mixture inside one included), or a
            configuration in it is not one.
        """
        from tilewright.datasets.config import config_from_dict

        if not isinstance(record, dict) or record.get("kind") != cls.kind:
            raise TilewrightError("not a tilewright mixture configuration")
        configs, weights = record.get("configs"), record.get("weights")
        if not isinstance(configs, list) or not isinstance(weights, list):
            raise TilewrightError("a mixture configuration lists its configs and weights")
        if any(isinstance(config, dict) and config.get("kind") == cls.kind for config in configs):
            raise TilewrightError("a mixture cannot hold a mixture")
        return cls(tuple(config_from_dict(config) for config in configs), tuple(weights))


def _pattern(weights: tuple[int, ...]) -> np.ndarray:
    """The repeating pattern: configuration ``k`` at the times ``(j + 1/2) / weights[k]``,
    ``j < weights[k]``, in time order (ties to the earlier configuration), so each one's
    items are spread evenly over the pattern."""
    times = [((j + 0.5) / weight, k) for k, weight in enumerate(weights) for j in range(weight)]
    return np.array([k for _, k in sorted(times)], dtype=np.int64)
