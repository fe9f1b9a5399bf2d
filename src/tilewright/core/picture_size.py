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

# pixels a side: what image viewers, browsers and print drivers open without trouble
PIXEL_BUDGET = 8192

SizeAt = Callable[[int], tuple[int, int]]


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
    raise TilewrightError(
        f"the picture would be {width}x{height} pixels, past the {budget}-pixel budget "
        f"a side: {hint}raise the budget with --max-side {max(width, height)}"
    )
