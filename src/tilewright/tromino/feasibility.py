"""Which boards missing one square can be tiled by L-trominoes, and why not.

* Golomb (1954): every 2^k × 2^k board.
* Chu and Johnsonbaugh (1986): an n × n board, for any missing square, iff 3 ∤ n — except
  n = 5, which tiles only when both coordinates of the missing square are even (from 0).
* Ash and Golomb (2004), m × n rectangles with m ≤ n and 3 | mn − 1: every missing square
  works except on 2 × n boards (not in a column ≡ 2 mod 3, counted from 0) and 5 × n boards
  (for n ≥ 8 exactly two bad squares: row 2, column 1 or n − 2, counted from 0).
* A board one cell wide has no room for an L; a board whose other cells do not number a
  multiple of 3 cannot be covered by pieces of 3.

The tests check this predicate against exhaustive search on every board up to 11 × 11.
"""

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown

MAX_SIDE = 2**31 - 1
"""The largest side of a board.

Why: tromino labels count up to W·H/3 < 2^61, and every number the kernels form from a
position (row·width + column, a quadtree call's number) stays well below 2^63, so int64
labels and uint64 ``.npy`` files hold them. Memory is checked apart: a row of 2^31 cells is
already 16 GiB of labels.
"""


def obstruction(width: int, height: int, row: int, col: int) -> str | None:
    """Why a board missing one square has no tiling.

    Parameters
    ----------
    width, height : int
        The board, 1 to ``MAX_SIDE`` cells a side.
    row, col : int
        The missing square, counted from 0; it must be on the board.

    Returns
    -------
    str or None
        The theorem that rules the board out, in words, or None when a tiling exists.

    Raises
    ------
    TypeError
        When an argument is not an integer (``np.integer`` counts, ``bool`` does not).
    TilewrightError
        When a side is out of range or the square is off the board.

    References
    ----------
    S. W. Golomb, "Checker boards and polyominoes", American Mathematical Monthly 61
    (1954). I-P. Chu and R. Johnsonbaugh, "Tiling deficient boards with trominoes",
    Mathematics Magazine 59 (1986). J. M. Ash and S. W. Golomb, "Tiling deficient
    rectangles with trominoes", Mathematics Magazine 77 (2004).

    Examples
    --------
    >>> obstruction(7, 7, 3, 3) is None
    True
    >>> obstruction(1, 7, 3, 0)
    'a board one cell wide has no room for an L-tromino'
    >>> "Chu and Johnsonbaugh" in obstruction(5, 5, 0, 1)
    True
    """
    width, height = check_board(width, height)
    row, col = check_missing(width, height, row, col)
    if width * height == 1:
        return None  # nothing left to cover
    if min(width, height) == 1:
        return "a board one cell wide has no room for an L-tromino"
    if (width * height - 1) % 3:
        return (
            f"{width}x{height} - 1 = {width * height - 1} squares is not a multiple of 3, "
            "so no set of trominoes covers them"
        )
    # Coordinates along the short side (across) and the long side (along).
    short, long_ = sorted((width, height))
    across, along = (row, col) if height <= width else (col, row)
    if short == 2 and along % 3 == 2:
        return (
            f"on a 2xn board the missing square must not stand {along} squares from the end, "
            "a number that leaves 2 mod 3 (Ash and Golomb 2004)"
        )
    if short == 5 and long_ == 5 and (row % 2 or col % 2):
        return (
            "a 5x5 board tiles only when the missing square's row and column are both even, "
            "counted from 0 (Chu and Johnsonbaugh 1986)"
        )
    if short == 5 and long_ > 5 and across == 2 and along in (1, long_ - 2):
        return (
            "a 5xn board cannot miss the square in its middle row, second from either end "
            "(Ash and Golomb 2004)"
        )
    return None


def check_board(width: int, height: int) -> tuple[int, int]:
    """The board's sides as ints, or a ``TypeError`` (not integers) or a
    :class:`TilewrightError` (below 1 or above ``MAX_SIDE``)."""
    sides = []
    for name, side in (("width", width), ("height", height)):
        side = require_int(side, name)
        if side < 1:
            raise TilewrightError(f"{name} must be at least 1, got {shown(side)}")
        if side > MAX_SIDE:
            raise TilewrightError(
                f"a board side may be at most {MAX_SIDE} cells, got a {name} of {shown(side)}"
            )
        sides.append(side)
    return sides[0], sides[1]


def check_missing(width: int, height: int, row: int, col: int) -> tuple[int, int]:
    """The missing square as ints, or a ``TypeError`` (not integers) or a
    :class:`TilewrightError` (off the board)."""
    row, col = require_int(row, "row"), require_int(col, "col")
    if not (0 <= row < height and 0 <= col < width):
        raise TilewrightError(
            f"missing square {shown(row)},{shown(col)} is off the {width}x{height} "
            f"board (rows 0-{height - 1}, columns 0-{width - 1})"
        )
    return row, col
