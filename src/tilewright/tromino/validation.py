"""Is an array of labels a tiling by L-trominoes? The check behind colouring and
:func:`validate`.

A tiling is an (H, W) integer array: tromino t (1 … T) on its three cells, which lie in a
2 × 2 box (three cells of a 2 × 2 box are always an L), and 0 on cells no tromino covers.
"""

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import ArgumentTypeError


def checked_labels(labels: object) -> tuple[np.ndarray, int]:
    """The labels as a writable C-ordered int64 array and the number of trominoes.

    Parameters
    ----------
    labels : array_like
        (H, W) integers: tromino t (1 … T) on its three cells, 0 on uncovered cells.

    Returns
    -------
    tuple of (numpy.ndarray, int)
        The array (a copy when ``labels`` is not already such an array; always writable,
        so that the kernels are compiled for one array type) and T.

    Raises
    ------
    TypeError
        When the labels are not integers.
    TilewrightError
        When they are not a tiling by L-trominoes, saying where.

    Examples
    --------
    >>> array, trominoes = checked_labels([[1, 1], [0, 1]])
    >>> trominoes, array.dtype
    (1, dtype('int64'))
    """
    try:
        array = np.asarray(labels)
    except ValueError:  # ragged nested lists
        raise TilewrightError("a tiling is a rectangular 2-D array of labels") from None
    if not np.issubdtype(array.dtype, np.integer):
        raise ArgumentTypeError(f"tiling labels must be integers, not {array.dtype}")
    if array.ndim != 2 or array.size == 0:
        raise TilewrightError(
            f"a tiling is a non-empty 2-D array of labels, not shape {array.shape}"
        )
    array = np.ascontiguousarray(array, dtype=np.int64)
    if not array.flags.writeable:  # a read-only array would compile each kernel again
        array = array.copy()
    trominoes = int(array.max())
    if trominoes > array.size // 3:
        most = array.size // 3
        raise TilewrightError(
            f"labels go up to {trominoes}, but a {array.shape[1]}x{array.shape[0]} board holds "
            f"at most {most} tromino{'' if most == 1 else 'es'}"
        )
    from tilewright.tromino import _check_kernels as kernels

    code, t, a, b = kernels.check_tiling(array, trominoes)
    if code == kernels.NEGATIVE_LABEL:
        raise TilewrightError(f"tiling label {t} at row {a}, column {b} is negative")
    if code == kernels.TOO_MANY_CELLS:
        raise TilewrightError(f"tromino {t} has more than 3 cells (again at row {a}, column {b})")
    if code == kernels.TOO_FEW_CELLS:
        raise TilewrightError(
            f"tromino {t} has {a} cells, not 3 (labels must number the trominoes 1 to {trominoes})"
        )
    if code == kernels.NOT_AN_L:
        raise TilewrightError(f"tromino {t} (from row {a}, column {b}) is not an L")
    return array, trominoes


def validate(labels: object) -> str | None:
    """Why ``labels`` are not an L-tromino tiling of a board missing exactly one square.

    Like the puzzle collection's ``validate_desc``: a description of the first fault
    found, or None when there is none.

    Parameters
    ----------
    labels : array_like or Tiling
        (H, W) integers: tromino t (1 … T) on its three cells, 0 on the missing square;
        or a :class:`~tilewright.tromino.Tiling`.

    Returns
    -------
    str or None
        The fault in words (rows and columns counted from 0), or None for a tiling.

    Examples
    --------
    >>> validate([[1, 1], [0, 1]]) is None
    True
    >>> validate([[1, 1, 2], [1, 3, 2], [3, 3, 2]])
    'tromino 2 (from row 0, column 2) is not an L'
    >>> validate([[1, 1, 2, 2], [1, 0, 0, 2]])
    '2 squares are uncovered (labelled 0); a board missing one square has exactly one'
    >>> validate([[1.5]])
    'tiling labels must be integers, not float64'
    """
    from tilewright.tromino.result import Tiling

    if isinstance(labels, Tiling):
        labels = labels.labels
    try:
        array, trominoes = checked_labels(labels)
    except TilewrightError as fault:  # ArgumentTypeError too
        return str(fault)
    uncovered = array.size - 3 * trominoes
    if uncovered != 1:
        return (
            f"{uncovered} squares are uncovered (labelled 0); "
            "a board missing one square has exactly one"
        )
    return None
