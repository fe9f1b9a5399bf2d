"""How large a picture may be, and the default cell size that gives it its size.

Every family draws on a grid of some unit (a maze cell, a puzzle square, a tile edge). A
fixed default unit makes small boards into thumbnails and large ones into pictures no
viewer opens (a 4000×4000 maze at 12 pixels a cell is 48002 pixels a side). So the
default unit is chosen for the picture instead, by one rule for every family
(:func:`default_cell`, :func:`default_scale`): the long side lands in ``DEFAULT_SIDE``
(800 to 1000 pixels, a screen's or a printed page's worth), unless that would make the
unit smaller than the family's *legible* one; then the legible unit, as far as
``PIXEL_BUDGET`` allows, and below it down to the smallest unit that draws at all. A unit
the user gives explicitly is honoured up to the budget, and refused beyond it with the size
it would need, so a huge picture is always asked for, never an accident.
"""

from collections.abc import Callable

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int_between, shown

# pixels a side: what image viewers, browsers and print drivers open without trouble
PIXEL_BUDGET = 8192
# the largest budget a side that may be asked for, as ``--max-side`` reads it: the most
# pixels a side a PNG can have (31 bits), and past any picture a program opens
LARGEST_BUDGET = 2**31 - 1

# the long side, in pixels, of a picture whose unit is not given
DEFAULT_SIDE = (800, 1000)
# the most pixels a PNG may have: past about two billion most programs refuse to open one
# (and cairo's and PNG's sides are 31-bit numbers); a family that draws its whole image at
# once may set a lower limit
MAX_PNG_PIXELS = 2**31 - 1

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


def default_cell(
    size_at: SizeAt, legible: int, smallest: int = 1, budget: int = PIXEL_BUDGET
) -> int:
    """The cell size of a picture whose cell is not given: its long side in
    ``DEFAULT_SIDE`` when it can be.

    The largest cell whose picture's long side is at most ``DEFAULT_SIDE[1]`` (or
    ``budget``, when that is smaller); when even ``legible`` passes it, ``legible`` (a
    large board draws larger than the default side rather than illegibly), and when that
    passes ``budget``, the largest cell down to ``smallest`` that fits it.

    Parameters
    ----------
    size_at, budget
        As :func:`fit_cell` takes them.
    legible : int
        The smallest cell the family's pictures read well at.
    smallest : int, default 1
        The smallest cell that draws the picture at all; returned when nothing fits (the
        caller's checks then refuse what is really too large).

    Examples
    --------
    >>> default_cell(lambda cell: (30 * cell + 2, 15 * cell + 2), legible=4)
    33
    >>> default_cell(lambda cell: (400 * cell, 400 * cell), legible=4)  # legible first
    4
    >>> default_cell(lambda cell: (4000 * cell + 2, 4000 * cell + 2), 4, smallest=2)
    2
    """
    target = min(DEFAULT_SIDE[1], budget)
    # the long side is at least one cell, so no cell past the target side can fit it
    cell = fit_cell(size_at, max(target, legible), legible, target)
    if max(size_at(cell)) <= budget:
        return cell
    return fit_cell(size_at, legible, smallest, budget)


def default_scale(extent: float, legible: float, budget: int = PIXEL_BUDGET) -> float:
    """The scale (pixels a unit) of a picture ``extent`` units on its long side when no
    scale is given: :func:`default_cell`'s rule for drawings measured in real units.

    Examples
    --------
    >>> default_scale(40, legible=4)
    25.0
    >>> default_scale(1000, legible=4), default_scale(10_000, legible=4)
    (4.0, 0.8192)
    """
    scale = min(DEFAULT_SIDE[1], budget) / extent
    return scale if scale >= legible else min(float(legible), budget / extent)


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


def check_png_pixels(width: int, height: int, advice: str, most: int = MAX_PNG_PIXELS) -> None:
    """Refuse a PNG of ``width`` × ``height`` pixels past ``most``: one message for every
    family, its size, the limit and ``advice`` (what to make smaller).

    Examples
    --------
    >>> check_png_pixels(100, 100, "use a smaller --cell")
    >>> check_png_pixels(10**6, 10**6, "use a smaller --cell")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a 1000000x1000000 PNG would pass 2147483647 ...
    """
    if width * height > most:
        raise TilewrightError(
            f"a {shown(width)}x{shown(height)} PNG would pass {most} pixels; {advice}"
        )
