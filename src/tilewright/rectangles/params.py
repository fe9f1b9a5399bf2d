"""What to generate: the parameters of a Rectangles puzzle, written as the public puzzle
collection writes them.

``WxH[e<float>][a]``. The grid is cut at W/(1+e) × H/(1+e) and then stretched back by
inserting rows and columns (``e`` = 0 by default: no stretching; larger ``e`` means fewer,
larger rectangles). Rectangles are cut no wider than the grid less one (unless the grid is
under four wide), no taller likewise, never a single square, and no larger than
max(2, W·H/6) squares, all measured on the grid before stretching. A square no rectangle
could take joins a neighbour, which may then pass those limits by one line, as in the
collection. ``max_area`` set by the caller holds everywhere. ``a`` skips the proof of
uniqueness.
"""

import math
import re
from dataclasses import dataclass

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import (
    check_ascii,
    quoted,
    require_bool,
    require_int,
    require_real,
    shown,
)
from tilewright.rectangles.gameid import MAX_CELLS

# the collection's form; like it, a bare N means NxN and a bare "e" means no expansion.
# ASCII digits only, and no two adjacent runs that could trade characters: "[0-9]*\.?[0-9]*"
# made a long run of digits cost quadratic time to refuse.
_PARAMS = re.compile(r"^([0-9]+)(?:x([0-9]+))?(?:e([0-9]*(?:\.[0-9]*)?))?(a?)$")
MAX_SQUARES = MAX_CELLS
# digits a side may be written with: as many as MAX_SQUARES has (a side is at most half)
_SIDE_DIGITS = len(str(MAX_SQUARES))


@dataclass(frozen=True)
class Params:
    """What to generate: the collection's ``WxH[eF][a]`` and two limits of its own.

    Parameters
    ----------
    width, height : int
        The grid in squares (``np.integer`` too): at least 2 each, at most
        ``MAX_SQUARES`` squares in all.
    expansion : float, default 0
        The collection's ``e``: a finite real number, 0 or more; larger means fewer,
        larger rectangles.
    unique : bool, default True
        ``False`` is the collection's ``a``: the proof of one solution is skipped, so
        the puzzle may have several.
    max_area : int, optional
        No rectangle larger than this, anywhere: at least 3 (1 with ``singles``). A limit
        of W·H or more leaves the rectangles as large as the grid allows (limits beyond
        2^63 − 1 count as 2^63 − 1).
    singles : bool, default False
        Allow 1×1 rectangles (clue 1), which the collection never makes.

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When a value is out of range; both before anything is generated.

    References
    ----------
    .. [1] S. Tatham, "Rectangles", Simon Tatham's Portable Puzzle Collection,
       https://www.chiark.greenend.org.uk/~sgtatham/puzzles/doc/rectangles.html

    Examples
    --------
    >>> Params(30, 20, expansion=0.5)
    Params(width=30, height=20, expansion=0.5, unique=True, max_area=None, singles=False)
    >>> str(Params(10, 10, unique=False))
    '10x10a'
    >>> Params(1, 5)
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: a Rectangles grid needs at least 2x2 squares, got 1x5
    """

    width: int
    height: int
    expansion: float = 0.0
    unique: bool = True
    max_area: int | None = None
    singles: bool = False

    def __post_init__(self) -> None:
        # Python ints from here on: np.int64 products overflow silently
        object.__setattr__(self, "width", require_int(self.width, "width"))
        object.__setattr__(self, "height", require_int(self.height, "height"))
        expansion = require_real(self.expansion, "expansion")
        if not isinstance(self.expansion, int | float):  # NumPy scalars, fractions
            object.__setattr__(self, "expansion", expansion)
        object.__setattr__(self, "unique", require_bool(self.unique, "unique"))
        object.__setattr__(self, "singles", require_bool(self.singles, "singles"))
        if self.max_area is not None:
            object.__setattr__(self, "max_area", require_int(self.max_area, "max_area"))
        if self.width < 2 or self.height < 2:
            raise TilewrightError(
                "a Rectangles grid needs at least 2x2 squares, "
                f"got {shown(self.width)}x{shown(self.height)}"
            )
        if self.width * self.height > MAX_SQUARES:
            raise TilewrightError(f"a Rectangles grid holds at most {MAX_SQUARES} squares")
        if not (math.isfinite(expansion) and expansion >= 0):
            raise TilewrightError(
                f"the expansion factor must be a finite number, 0 or more, got {expansion:g}"
            )
        smallest = 1 if self.singles else 3
        if self.max_area is not None and self.max_area < smallest:
            raise TilewrightError(
                f"the largest area must be at least {smallest}"
                + ("" if self.singles else " (2 leaves too little room; allow singles for less)")
                + f", got {shown(self.max_area)}"
            )

    def __str__(self) -> str:
        """The collection's form ``WxH[eF][a]`` (``max_area`` and ``singles`` have none)."""
        text = f"{self.width}x{self.height}"
        if self.expansion:
            text += f"e{self.expansion:g}"
        return text + ("" if self.unique else "a")


def parse_params(text: str) -> Params:
    """Parameters written as the collection writes them.

    Parameters
    ----------
    text : str
        ``WxH[eF][a]``: ``15x15``, ``30x20e0.5``, ``10x10a``; a bare ``N`` means ``NxN``.

    Returns
    -------
    Params
        The parameters, checked.

    Raises
    ------
    TypeError
        When ``text`` is not a string.
    TilewrightError
        When it is not of that form, uses a digit other than 0-9, or asks for a grid of
        more than ``MAX_SQUARES`` squares (refused before its numbers are converted).

    Examples
    --------
    >>> parse_params("30x20e0.5")
    Params(width=30, height=20, expansion=0.5, unique=True, max_area=None, singles=False)
    >>> parse_params("12") == Params(12, 12)
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"parameters are text like 15x15, not {type(text).__name__}")
    text = text.strip()
    check_ascii(text, "the parameters")
    match = _PARAMS.match(text)
    if not match:
        raise TilewrightError(
            f"parameters look like 15x15, 30x20e0.5 or 10x10a (e: 0 or more), got {quoted(text)}"
        )
    expansion = 0.0
    if match[3] not in (None, ""):
        try:
            expansion = float(match[3])
        except ValueError:
            raise TilewrightError(
                f"the expansion factor must be a number, got {quoted(match[3])}"
            ) from None
    sides = (match[1], match[2] or match[1])
    if max(len(side) for side in sides) > _SIDE_DIGITS:
        raise TilewrightError(
            f"a Rectangles grid holds at most {MAX_SQUARES} squares; "
            f"a side of {max(len(side) for side in sides)} digits is far beyond that"
        )
    return Params(int(sides[0]), int(sides[1]), expansion, unique=not match[4])
