"""How large a picture may be, and the default cell size that keeps it so.

Every family draws on a grid of some unit (a maze cell, a puzzle square, a tile edge). A
fixed default unit makes large boards into pictures no viewer opens (a 4000×4000 maze at
12 pixels a cell is 48002 pixels a side), so the default unit is instead the largest one,
up to the family's preferred size, whose picture fits ``PIXEL_BUDGET`` pixels a side. A
unit the user gives explicitly is honoured up to the budget, and refused beyond it with the
size it would need, so a huge picture is always asked for, never an accident.
"""

from collections.abc import Callable

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int_between, shown

# pixels a side: what image viewers, browsers and print drivers open without trouble
PIXEL_BUDGET = 8192
# the largest budget a side that may be asked for, as ``--max-side`` reads it: the most
# pixels a side a PNG can have (31 bits), and past any picture a program opens
LARGEST_BUDGET = 2**31 - 1

SizeAt = Callable[[int], tuple[int, int]]


def check_max_side(max_side: object) -> int:
    """A budget a side (``max_side``) checked: a whole number of pixels, 1 to
    ``LARGEST_BUDGET``.

    Raises
    ------
    TypeError
        When it is not an integer (a bool is not).
    TilewrightError
        When it is out of range.

    Examples
    --------
    >>> check_max_side(1000)
    1000
    >>> check_max_side(0)
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: max_side must be from 1 to 2147483647, got 0
    """
    return require_int_between(max_side, "max_side", 1, LARGEST_BUDGET)


def fit_cell(size_at: SizeAt, preferred: int, smallest: int = 1, budget: int = PIXEL_BUDGET) -> int:
    """The largest cell from ``smallest`` to ``preferred`` whose picture fits ``budget``.

    Parameters
    ----------
    size_at : callable
        ``size_at(cell)`` is the picture's (width, height) in pixels at that cell size,
        growing with it.
    preferred : int
        The family's usual cell size, used whenever it fits.
    smallest : int, default 1
        The smallest cell that still draws the picture legibly; returned when nothing fits
        (the caller's checks then refuse what is really too large).
    budget : int, default ``PIXEL_BUDGET``
        Largest side in pixels.

    Returns
    -------
    int

    Examples
    --------
    >>> fit_cell(lambda cell: (4000 * cell + 2, 4000 * cell + 2), preferred=12)
    2
    >>> fit_cell(lambda cell: (30 * cell, 15 * cell), preferred=12)
    12
    """
    low, high = smallest, max(smallest, preferred)
    if max(size_at(high)) <= budget:
        return high
    while low < high:  # the largest cell that fits, by bisection: size_at grows with cell
        middle = (low + high + 1) // 2
        if max(size_at(middle)) <= budget:
            low = middle
        else:
            high = middle - 1
    return low


def check_budget(
    size: tuple[int, int], budget: int = PIXEL_BUDGET, fits: int | None = None
) -> None:
    """Refuse a picture of ``size`` pixels with a side past ``budget``.

    Parameters
    ----------
    size : tuple of int
        (width, height) in pixels at the cell size asked for.
    budget : int
        Largest side allowed.
    fits : int, optional
        A cell size that would fit, named in the message.

    Raises
    ------
    TilewrightError
        Naming the size the picture would need and how to get it.

    Examples
    --------
    >>> check_budget((800, 600))
    >>> check_budget((48002, 48002), fits=2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the picture would be 48002x48002 pixels, ...
    """
    width, height = size
    if max(width, height) <= budget:
        return
    hint = f"--cell {fits} fits (or leave --cell out), or " if fits else ""
    # shown: a cell asked for may be past any picture, its sides hundreds of digits long
    raise TilewrightError(
        f"the picture would be {shown(width)}x{shown(height)} pixels, past the {budget}-pixel "
        f"budget a side: {hint}raise the budget with --max-side {shown(max(width, height))}"
    )
