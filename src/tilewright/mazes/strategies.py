"""Growing Tree cell-selection strategies: ``newest``, ``oldest``, ``middle``, ``random`` and
weighted mixes such as ``newest:75,random:25``."""

import math
import re
from dataclasses import dataclass

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted
from tilewright.mazes import _frontier_kernels as fk

PICKS = {"newest": fk.NEWEST, "oldest": fk.OLDEST, "middle": fk.MIDDLE, "random": fk.RANDOM}
# A weight is a plain decimal in ASCII digits: float() alone would also take "١٢", "1_0"
# and "nan".
_WEIGHT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


@dataclass(frozen=True)
class Strategy:
    """A parsed strategy: the kernel's list mode, picks and cumulative probabilities.

    Parameters
    ----------
    spec : str
        The strategy in its canonical spelling.
    mode : int
        How the kernel keeps its active cells (``BAG``, ``LAZY`` or ``ORDERED``).
    picks : numpy.ndarray
        int64: which active cell each choice takes (``NEWEST``, ...).
    cumulative : numpy.ndarray
        float64: the cumulative probability of each choice, the last 1.

    Examples
    --------
    >>> parse_strategy("newest:3,random").cumulative.tolist()
    [0.75, 1.0]
    """

    spec: str
    mode: int
    picks: np.ndarray
    cumulative: np.ndarray


def parse_strategy(spec: str) -> Strategy:
    """Parse ``NAME[:WEIGHT][,NAME[:WEIGHT]...]``; weights are relative and default to 1.

    Parameters
    ----------
    spec : str
        For example ``"newest"`` or ``"newest:75,random:25"``; names are ``newest``,
        ``oldest``, ``middle`` and ``random``, weights positive decimals.

    Returns
    -------
    Strategy
        What the growing-tree kernel takes.

    Raises
    ------
    TypeError
        When ``spec`` is not a str.
    TilewrightError
        When a name is unknown or repeated, or a weight is not a positive number.

    Examples
    --------
    >>> parse_strategy("Newest:75, random:25").spec
    'newest:75,random:25'
    """
    if not isinstance(spec, str):
        raise TypeError(f"strategy must be a str such as 'newest', not {type(spec).__name__}")
    weights: dict[str, float] = {}
    for part in spec.split(","):
        name, _, weight_text = part.strip().partition(":")
        name = name.strip().lower()
        if name not in PICKS:
            known = ", ".join(PICKS)
            raise TilewrightError(f"unknown growing-tree strategy {quoted(name)} (known: {known})")
        if name in weights:
            raise TilewrightError(f"strategy {name!r} is given twice in {quoted(spec)}")
        weights[name] = _weight(weight_text.strip())
    if not math.isfinite(sum(weights.values())):
        raise TilewrightError(f"strategy weights are too large in {quoted(spec)}")
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


def _weight(text: str) -> float:
    """A strategy weight: empty means 1, else a positive decimal in ASCII digits."""
    if not text:
        return 1.0
    if not _WEIGHT.fullmatch(text):
        raise TilewrightError(f"strategy weight {quoted(text)} is not a number")
    weight = float(text)
    if not math.isfinite(weight) or weight <= 0:
        raise TilewrightError(f"strategy weight must be a positive number, got {quoted(text)}")
    return weight
