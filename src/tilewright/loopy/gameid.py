"""Game IDs of the public puzzle collection's Loopy, read and written exactly.

An ID is ``PARAMS:DESC``. ``PARAMS`` is ``WxHtTdD``: the grid's width and height in its
own units, its type ``T`` as an index into Loopy's list of grids (:data:`LOOPY_TYPES`), and
the difficulty ``D``, one of ``e``, ``n``, ``t``, ``h`` (Easy, Normal, Tricky, Hard; a
missing part is square and Easy). ``DESC`` lists one clue per face in the grid's face order,
``0``–``9`` and then ``A``–``Z`` for 10 to 35; a lower-case letter is a run of faces without
a clue, ``a`` = 1 … ``z`` = 26. Grids whose layout is drawn at random (Penrose, hats,
Spectres) put their grid description first, then ``_``; the triangular grid writes ``0_``
there for its layout without corner ears.
"""

import re
from dataclasses import dataclass

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import check_ascii, parse_whole, quoted
from tilewright.registry import DESCRIBED, LOOPY_TYPES

DIFFICULTIES = ("easy", "normal", "tricky", "hard")
# a side longer than this makes a grid far beyond memory (the collection's own limits are
# smaller for most types)
LARGEST_SIDE = 1_000_000
# IDs longer than this are refused before they are read (a 1000x1000 square puzzle's is
# about 700 kB)
MAX_ID = 64_000_000
_PARAMS = re.compile(r"(\d+)(?:x(\d+))?(?:t(\d+))?(?:d(.))?")
_CLUES = re.compile(r"[0-9A-Za-z]*")


@dataclass(frozen=True)
class Params:
    """What a Loopy puzzle is made on, and how hard it is.

    Attributes
    ----------
    width, height : int
        The grid's size in its own units (as ``tilewright maze --grids`` describes them).
    grid : str
        The grid's name (``"square"``, ``"spectres"`` …; :data:`LOOPY_TYPES`).
    difficulty : str
        ``"easy"``, ``"normal"``, ``"tricky"`` or ``"hard"``.

    Examples
    --------
    >>> Params(10, 10, "spectres", "hard").text
    '10x10t17dh'
    """

    width: int
    height: int
    grid: str = "square"
    difficulty: str = "easy"

    @property
    def type_index(self) -> int:
        """The grid's ``T`` in Loopy's parameters."""
        return [name for name, _, _ in LOOPY_TYPES].index(self.grid)

    @property
    def text(self) -> str:
        """The parameters as Loopy writes them: ``WxHtTdD``."""
        code = "enth"[DIFFICULTIES.index(self.difficulty)]
        return f"{self.width}x{self.height}t{self.type_index}d{code}"


def parse_params(text: str) -> Params:
    """``WxHtTdD`` (any part after the width may be left out) as :class:`Params`.

    Parameters
    ----------
    text : str

    Returns
    -------
    Params

    Raises
    ------
    TilewrightError
        For anything Loopy would not read, or a size below the grid type's least, in one
        line.

    Examples
    --------
    >>> parse_params("7x5t2dn")
    Params(width=7, height=5, grid='honeycomb', difficulty='normal')
    >>> parse_params("12")
    Params(width=12, height=12, grid='square', difficulty='easy')
    """
    check_ascii(text, "Loopy's parameters")
    found = _PARAMS.fullmatch(text)
    if found is None:
        raise TilewrightError(
            f"Loopy's parameters are WxHtTdD (for example 10x10t17dh), got {quoted(text)}"
        )
    width = parse_whole(found.group(1), "the width", LARGEST_SIDE)
    height = (
        width if found.group(2) is None else parse_whole(found.group(2), "the height", LARGEST_SIDE)
    )
    index = 0 if found.group(3) is None else parse_whole(found.group(3), "the grid type", 10**6)
    if index >= len(LOOPY_TYPES):
        raise TilewrightError(
            f"Loopy's grid types are 0 to {len(LOOPY_TYPES) - 1}, got t{found.group(3)}"
        )
    code = found.group(4) or "e"
    if code not in "enth":
        raise TilewrightError(
            f"Loopy's difficulty is e, n, t or h (Easy, Normal, Tricky, Hard), got d{code}"
        )
    name, both, one = LOOPY_TYPES[index]
    if width < both or height < both or max(width, height) < one:
        least = f"{both}x{one}" if one != both else f"{both}x{both}"
        raise TilewrightError(
            f"a Loopy {name} grid is at least {least} (either way round), got {width}x{height}"
        )
    return Params(width, height, name, DIFFICULTIES["enth".index(code)])


def split_description(desc: str, params: Params) -> tuple[str | None, str]:
    """A game description's grid description (or None) and its clue string."""
    grid_description: str | None
    grid_description, separator, clues = desc.partition("_")
    if not separator:
        grid_description, clues = None, desc
    if params.grid in DESCRIBED and grid_description is None:
        raise TilewrightError(
            f"a Loopy {params.grid} ID names its patch before its clues: GRID_CLUES"
        )
    return grid_description, clues


def decode_clues(clues: str, faces: int) -> np.ndarray:
    """The clue string of a game ID as one clue a face (int8, -1 where none).

    Parameters
    ----------
    clues : str
        Digits and capitals for clues, lower-case letters for runs of faces without one.
    faces : int
        How many faces the grid has: the string must cover exactly as many.

    Returns
    -------
    numpy.ndarray

    Raises
    ------
    TilewrightError
        For another character, or a string covering more or fewer faces, in one line.

    Examples
    --------
    >>> decode_clues("2b3", 4).tolist()
    [2, -1, -1, 3]
    """
    if _CLUES.fullmatch(clues) is None:
        bad = next(c for c in clues if not (c.isascii() and c.isalnum()))
        raise TilewrightError(f"a Loopy description has an unknown character {bad!r}")
    codes = np.frombuffer(clues.encode("ascii"), dtype=np.uint8).astype(np.int64)
    blank = codes >= ord("a")
    covers = np.where(blank, codes - ord("a") + 1, 1)
    total = int(covers.sum())
    if total != faces:
        word = "short" if total < faces else "long"
        raise TilewrightError(
            f"a Loopy description too {word} for its grid: it covers {total} faces, "
            f"the grid has {faces}"
        )
    values = np.where(codes >= ord("A"), codes - ord("A") + 10, codes - ord("0"))
    values[blank] = -1
    return np.repeat(values, covers).astype(np.int8)


def encode_clues(clues: np.ndarray) -> str:
    """The clue string of a game ID: the inverse of :func:`decode_clues`.

    Parameters
    ----------
    clues : numpy.ndarray
        One clue a face, -1 where none, each at most 35.

    Returns
    -------
    str

    Examples
    --------
    >>> encode_clues(np.array([2, -1, -1, 3]))
    '2b3'
    """
    parts = []
    run = 0
    for clue in np.asarray(clues).tolist():
        if clue < 0:
            run += 1
            if run == 26:
                parts.append("z")
                run = 0
            continue
        if run:
            parts.append(chr(ord("a") + run - 1))
            run = 0
        parts.append(str(clue) if clue < 10 else chr(ord("A") + clue - 10))
    if run:
        parts.append(chr(ord("a") + run - 1))
    return "".join(parts)
