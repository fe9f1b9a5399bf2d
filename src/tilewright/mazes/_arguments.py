"""Checks on the arguments of the maze functions, shared by the modules that take them.

Wrong types raise ``TypeError`` and wrong values :class:`TilewrightError`, both before any
compiled kernel runs: a kernel handed a str or a float fails with a Numba typing error pages
long, or computes with a value silently truncated.
"""

import math
from collections.abc import Mapping

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, require_real, shown
from tilewright.core.seeds import MAX_SEED, resolve_seed


def probability(value: object, name: str) -> float:
    """``value`` checked to be a finite number from 0 to 1.

    Parameters
    ----------
    value : object
        What the caller gave; ``np.integer`` and ``np.floating`` count as numbers, ``bool``
        does not.
    name : str
        What it is, for messages ("join").

    Returns
    -------
    int or float
        ``value`` itself when it is a Python int or float (so recorded parameters stay as
        the caller wrote them), else as a float.

    Raises
    ------
    TypeError
        When ``value`` is not a real number.
    TilewrightError
        When it is NaN, infinite, or outside 0 to 1.
    """
    number = require_real(value, name)
    if not (math.isfinite(number) and 0 <= number <= 1):
        raise TilewrightError(f"{name} must be a probability between 0 and 1, got {number!r}")
    if type(value) is int or type(value) is float:
        return value
    return number


def braid_arguments(
    params: Mapping[str, object], maze_seed: int | None, share: object, seed: object
) -> tuple[float, int]:
    """The share and seed of a braiding, checked, for square and grid mazes alike.

    Parameters
    ----------
    params : mapping
        The maze's params: a maze braided already (``"braid"`` among them) is refused,
        since braiding it again would record only the second share.
    maze_seed : int or None
        The maze's own seed, the default of ``seed``.
    share, seed : object
        What the caller gave ``braid``.

    Returns
    -------
    tuple of (float, int)
        The share (see :func:`probability`) and the seed the dead ends' order is drawn
        from (a fresh one when neither ``seed`` nor ``maze_seed`` is given).

    Raises
    ------
    TypeError
        When ``share`` is not a number or ``seed`` not an integer.
    TilewrightError
        When ``share`` is NaN or outside 0 to 1, the seed is out of range or the maze is
        braided already.
    """
    share = probability(share, "braid share")
    if "braid" in params:
        raise TilewrightError(
            f"this maze is braided already (share {params['braid']}); braid the "
            "original maze with the share wanted"
        )
    return share, resolve_seed(maze_seed if seed is None else seed_or_none(seed))


def seed_or_none(seed: object) -> int | None:
    """``seed`` checked to be ``None`` or a whole number from 0 to ``MAX_SEED``.

    Parameters
    ----------
    seed : object
        What the caller gave.

    Returns
    -------
    int or None
        The seed as a Python int, or ``None``.

    Raises
    ------
    TypeError
        When ``seed`` is neither ``None`` nor an integer.
    TilewrightError
        When it is out of range.
    """
    if seed is None:
        return None
    value = require_int(seed, "seed")
    if not 0 <= value <= MAX_SEED:
        raise TilewrightError(f"seed must be between 0 and {MAX_SEED}, got {shown(value)}")
    return value


def text(value: object, name: str) -> str:
    """``value`` if it is a str, else a ``TypeError`` naming ``name``."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return value
