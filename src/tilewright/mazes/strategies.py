"""Growing Tree cell-selection strategies: ``newest``, ``oldest``, ``middle``, ``random`` and
weighted mixes such as ``newest:75,random:25``."""

from dataclasses import dataclass

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.mazes import _frontier_kernels as fk

PICKS = {"newest": fk.NEWEST, "oldest": fk.OLDEST, "middle": fk.MIDDLE, "random": fk.RANDOM}


@dataclass(frozen=True)
class Strategy:
    """A parsed strategy: the kernel's list mode, picks and cumulative probabilities."""

    spec: str
    mode: int
    picks: np.ndarray
    cumulative: np.ndarray


def parse_strategy(spec: str) -> Strategy:
    """Parse ``NAME[:WEIGHT][,NAME[:WEIGHT]...]``; weights are relative and default to 1."""
    weights: dict[str, float] = {}
    for part in spec.split(","):
        name, _, weight_text = part.strip().partition(":")
        name = name.strip().lower()
        if name not in PICKS:
            known = ", ".join(PICKS)
            raise TilewrightError(f"unknown growing-tree strategy {name!r} (known: {known})")
        if name in weights:
            raise TilewrightError(f"strategy {name!r} is given twice in {spec!r}")
        try:
            weight = float(weight_text) if weight_text.strip() else 1.0
        except ValueError:
            raise TilewrightError(f"strategy weight {weight_text!r} is not a number") from None
        if not np.isfinite(weight) or weight <= 0:
            raise TilewrightError(f"strategy weight must be positive, got {weight_text!r}")
        weights[name] = weight
    names = list(weights)
    total = sum(weights.values())
    cumulative = np.cumsum([weights[n] / total for n in names])
    cumulative[-1] = 1.0
    canonical = ",".join(f"{n}:{weights[n]:g}" for n in names) if len(names) > 1 else names[0]
    if names == ["random"]:
        mode = fk.BAG
    elif "middle" in names:
        mode = fk.ORDERED
    else:
        mode = fk.LAZY
    picks = np.array([PICKS[n] for n in names], dtype=np.int64)
    return Strategy(canonical, mode, picks, cumulative.astype(np.float64))
