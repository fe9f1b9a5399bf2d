"""Which boards missing one square can be tiled by L-trominoes, and why not.

* Golomb (1954): every 2^k × 2^k board.
* Chu and Johnsonbaugh (1986): an n × n board, for any missing square, iff 3 ∤ n — except
  n = 5, which tiles only when both coordinates of the missing square are odd (from 1).
* Ash and Golomb (2004), m × n rectangles with m ≤ n and 3 | mn − 1: every missing square
  works except on 2 × n boards (not in a column ≡ 2 mod 3, counted from 0) and 5 × n boards
  (for n ≥ 8 exactly two bad squares: row 2, column 1 or n − 2, counted from 0).
* A board one cell wide has no room for an L; a board whose other cells do not number a
  multiple of 3 cannot be covered by pieces of 3.

The tests check this predicate against exhaustive search on every board up to 11 × 11.
"""

from tilewright.core.errors import TilewrightError


def obstruction(width: int, height: int, row: int, col: int) -> str | None:
    """Why a ``width`` × ``height`` board missing (row, col) (from 0) has no tiling, or None
    when it has one. The square must be on the board."""
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
            "a 5x5 board tiles only when the missing square's row and column are both odd, "
            "counted from 1 (Chu and Johnsonbaugh 1986)"
        )
    if short == 5 and long_ > 5 and across == 2 and along in (1, long_ - 2):
        return (
            "a 5xn board cannot miss the square in its middle row, second from either end "
            "(Ash and Golomb 2004)"
        )
    return None


def check_missing(width: int, height: int, row: int, col: int) -> None:
    """Reject a missing square that is off the board."""
    if not (0 <= row < height and 0 <= col < width):
        raise TilewrightError(
            f"missing square {row + 1},{col + 1} is off the {width}x{height} board "
            f"(rows 1-{height}, columns 1-{width})"
        )
