"""Game IDs of the public puzzle collection's Rectangles, read and written exactly.

``WxH:DESC`` lists the cells row by row. A run of n blank cells is one letter, ``a`` = 1 …
``z`` = 26 (a longer run is split: ``z`` then the rest); a clue is its number in decimal; an
underscore separates two clues that follow each other in reading order. A clue followed by
a letter needs no separator. Everything a pasted ID can get wrong is reported in one line.
"""

import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import check_ascii, quoted

if TYPE_CHECKING:  # generated.py imports this module
    from tilewright.rectangles.generated import Generated

MAX_CELLS = 2**31 - 1
"""Cells a puzzle may have: the generator and the solver number cells in int32 arrays."""
# Digits a side or a clue may be written with: as many as MAX_CELLS has. Longer numbers
# are refused before int() sees them (which stops at 4300 digits with an unclear error).
MAX_DIGITS = len(str(MAX_CELLS))
# Bytes each description character costs while it is read: its code, a few masks, its
# count of cells and their running total (measured peak: about 28).
READ_BYTES_PER_CHARACTER = 40
_POWERS = 10 ** np.arange(MAX_DIGITS, dtype=np.int64)
# An ID's parameters: WxH or N, then the generator's eF and a (see ``_header``).
_PARAMS = re.compile(r"^(\d+)(?:x(\d+))?(?:e[\d.]*)?a?$")
# Jupyter draws puzzles up to this many squares as SVG, larger ones up to
# NOTEBOOK_PNG_SQUARES as a small PNG, and the rest as their one-line repr
NOTEBOOK_SQUARES = 10_000
NOTEBOOK_PNG_SQUARES = 1_000_000
# print(puzzle) draws puzzles up to this many squares (a few megabytes of text)
TEXT_SQUARES = 1_000_000
# pictures record the game ID up to this length; a longer one (megabytes for a puzzle of
# millions of squares) would swell the PNG text chunk and the PDF information
SHORT_GAME_ID = 2000


@dataclass(frozen=True, eq=False, repr=False)
class Puzzle:
    """A Rectangles puzzle: a grid of clues.

    Parameters
    ----------
    clues : numpy.ndarray
        (H, W) integers, 0 where a square has no clue, each clue between 1 and
        ``MAX_CELLS``.

    Raises
    ------
    TypeError
        When ``clues`` is not a NumPy integer array.
    TilewrightError
        When it is not a 2-D grid of at least two squares whose clues lie between 0 and
        ``MAX_CELLS``. (Clues that do not add up to the grid, or one larger than it, make a
        well-formed puzzle that has no solution: the solver says so.)

    Examples
    --------
    >>> import numpy as np
    >>> puzzle = Puzzle(np.array([[2, 0], [0, 2]]))
    >>> puzzle
    <Puzzle 2x2: 2 clues>
    >>> print(puzzle.to_text(), end="")
    +--+--+
    | 2|  |
    +--+--+
    |  | 2|
    +--+--+
    """

    clues: np.ndarray

    def __post_init__(self) -> None:
        check_clues(self.clues)

    @property
    def height(self) -> int:
        """Rows of squares."""
        return self.clues.shape[0]

    @property
    def width(self) -> int:
        """Columns of squares."""
        return self.clues.shape[1]

    def to_text(self, regions: np.ndarray | None = None) -> str:
        """The puzzle drawn in ASCII; with ``regions`` (a solution), walls only between
        different rectangles.

        Parameters
        ----------
        regions : numpy.ndarray, optional
            (H, W) integers naming each square's rectangle, as :func:`solve` returns them.

        Returns
        -------
        str
            Each square as wide as the longest clue (at least two characters).

        Examples
        --------
        >>> puzzle = parse_game_id("2x2:2b2")
        >>> print(puzzle.to_text(np.array([[0, 1], [0, 1]])), end="")
        +--+--+
        | 2|  |
        +  +  +
        |  | 2|
        +--+--+
        """
        from tilewright.rectangles.text import render

        return render(self, regions)

    def save(
        self,
        path: str | os.PathLike,
        regions: np.ndarray | None = None,
        *,
        cell: int | None = None,
        max_side: int | None = None,
        paper: str | None = None,
    ) -> None:
        """Write the puzzle (or, with ``regions``, its solution) to ``path`` in the format
        its suffix names: ``.txt``, ``.id``, ``.json``, ``.svg``, ``.png`` or ``.pdf``, all
        or nothing (see :meth:`Generated.save <tilewright.rectangles.Generated.save>`).

        Parameters
        ----------
        path : str or os.PathLike
            The file; its suffix (in any case) chooses the format.
        regions : numpy.ndarray, optional
            A solution to draw, as :func:`solve` returns it.
        cell, max_side, paper : optional
            As for :meth:`Generated.save <tilewright.rectangles.Generated.save>`.

        Raises
        ------
        TypeError
            When an argument has the wrong type.
        TilewrightError
            When the suffix is unknown, ``regions`` does not match the puzzle, the picture
            would pass ``max_side``, or the file cannot be written.

        Examples
        --------
        >>> import os, tempfile
        >>> name = os.path.join(tempfile.mkdtemp(), "puzzle.id")
        >>> parse_game_id("2x2:2b2").save(name)
        >>> open(name).read()
        '2x2:2b2\\n'
        """
        from tilewright.rectangles.formats import save

        save(path, self, regions, None, cell=cell, max_side=max_side, paper=paper)

    def __str__(self) -> str:
        """The puzzle drawn in ASCII (:meth:`to_text`), or one line for a puzzle of more
        than ``TEXT_SQUARES`` squares."""
        if self.clues.size > TEXT_SQUARES:
            return f"{self!r}: {too_large_for_text(self.clues.size)}"
        return self.to_text()[:-1]

    def _repr_svg_(self) -> str | None:
        """Jupyter draws puzzles of up to ``NOTEBOOK_SQUARES`` squares as SVG pictures
        (larger ones as a PNG, :meth:`_repr_png_`)."""
        if self.clues.size > NOTEBOOK_SQUARES:
            return None
        from tilewright.rectangles.pictures import svg_text

        return svg_text(self, cell=max(12, min(32, 640 // max(self.width, self.height))))

    def _repr_png_(self) -> bytes | None:
        """Jupyter shows puzzles too large for SVG, up to ``NOTEBOOK_PNG_SQUARES`` squares,
        as a PNG of at most ``NOTEBOOK_SIDE`` pixels a side."""
        if not NOTEBOOK_SQUARES < self.clues.size <= NOTEBOOK_PNG_SQUARES:
            return None
        from tilewright.core.notebook import NOTEBOOK_SIDE, shrunk_png
        from tilewright.rectangles.pictures import SMALLEST_CELL, default_cell, png_bytes

        cell = default_cell(self.width, self.height, NOTEBOOK_SIDE)
        # at the smallest cell a large puzzle passes the side: drawn so, then shrunk
        return shrunk_png(png_bytes(self, cell=max(cell, SMALLEST_CELL)), grey=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Puzzle) and np.array_equal(self.clues, other.clues)

    __hash__ = None  # type: ignore[assignment]  # the clues are a mutable array

    def __repr__(self) -> str:
        """``<Puzzle 7x7: 16 clues>``: the size and the number of clues, in one line."""
        count = int(np.count_nonzero(self.clues))
        return f"<Puzzle {self.width}x{self.height}: {count} clue{'' if count == 1 else 's'}>"


def as_puzzle(puzzle: object, name: str = "puzzle") -> Puzzle:
    """The :class:`Puzzle` a function was given: a puzzle itself, the puzzle of a game ID
    (read by :func:`parse_game_id`) or of a generated puzzle.

    Parameters
    ----------
    puzzle : Puzzle, str or Generated
        What a caller passed as a puzzle.
    name : str
        The argument's name, for messages.

    Returns
    -------
    Puzzle

    Raises
    ------
    TypeError
        When ``puzzle`` is none of these.
    TilewrightError
        When a game ID is malformed: the one line :func:`parse_game_id` says.

    Examples
    --------
    >>> as_puzzle("2x2:2b2")
    <Puzzle 2x2: 2 clues>
    >>> as_puzzle("2x2:2b")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the description covers 3 of the 4 cells of a 2x2 grid
    """
    if isinstance(puzzle, Puzzle):
        return puzzle
    if isinstance(puzzle, str):
        return parse_game_id(puzzle)
    from tilewright.rectangles.generated import Generated

    if isinstance(puzzle, Generated):
        return puzzle.puzzle
    raise TypeError(f"{name} must be a Puzzle or a game ID, not {type(puzzle).__name__}")


def too_large_for_text(squares: int) -> str:
    """Why a puzzle of ``squares`` squares is not drawn by ``print``, and what to do."""
    return f"{squares:,} squares, too many to draw in text here (save it as .txt)"


def picture_info(game_id: str, solution: bool = False) -> dict[str, object]:
    """What a picture of a puzzle records of it: its game ID (when at most
    ``SHORT_GAME_ID`` characters) and whether it shows the solution.

    Parameters
    ----------
    game_id : str
        The puzzle's game ID.
    solution : bool, default False
        Whether the picture shows the solution.

    Returns
    -------
    dict

    Examples
    --------
    >>> picture_info("2x2:2b2", solution=True)
    {'game_id': '2x2:2b2', 'solution': True}
    """
    info: dict[str, object] = {}
    if len(game_id) <= SHORT_GAME_ID:
        info["game_id"] = game_id
    if solution:
        info["solution"] = True
    return info


def validate(puzzle: "str | Puzzle | Generated") -> str | None:
    """Why a game ID or a puzzle is not a well-formed Rectangles puzzle, in one line, or
    ``None`` when it is.

    Like the puzzle collection's ``validate_desc``, this answers instead of raising, for
    checking pasted IDs, files and data sets, and accepts what it accepts: a game ID that
    :func:`parse_game_id` reads, or a :class:`Puzzle` whose clues are integers between 0
    and ``MAX_CELLS``. It says nothing of solutions: clues that do not add up to the
    grid, or a clue larger than it, are well formed and have none, which :func:`solve`
    answers.

    Parameters
    ----------
    puzzle : str, Puzzle or Generated
        A game ID (``WxH:DESC``) or a puzzle.

    Returns
    -------
    str or None
        The reason, or ``None``.

    Raises
    ------
    TypeError
        When ``puzzle`` is neither a str nor a :class:`Puzzle`.

    Examples
    --------
    >>> validate("7x7:3_2a2_3g2f5_2a6a3_3b2_2d4b3_2c5f") is None
    True
    >>> validate("2x2:4b")
    'the description covers 3 of the 4 cells of a 2x2 grid'
    >>> validate("2x2:5c") is None  # well formed; solve finds no solution
    True
    """
    if isinstance(puzzle, str):
        try:
            parse_game_id(puzzle)
        except TilewrightError as error:
            return str(error)
        return None
    from tilewright.rectangles.generated import Generated

    if isinstance(puzzle, Generated):
        puzzle = puzzle.puzzle
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"validate needs a game ID or a Puzzle, not {type(puzzle).__name__}")
    try:
        check_clues(puzzle.clues)
    except (TypeError, TilewrightError) as error:  # an array changed after the puzzle was made
        return str(error)
    return None


def check_clues(clues: np.ndarray) -> None:
    """Refuse a clue grid that no game ID could describe.

    Parameters
    ----------
    clues : numpy.ndarray
        What a :class:`Puzzle` holds.

    Raises
    ------
    TypeError
        When ``clues`` is not a NumPy integer array.
    TilewrightError
        When it is not a 2-D grid of at least two squares, or a clue lies outside 0 to
        ``MAX_CELLS`` (a clue larger than the grid is well formed: no solution has it).

    Examples
    --------
    >>> check_clues(np.array([[2, 0], [0, 2]]))
    >>> check_clues(np.array([[-1, 0], [0, 2]]))
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: clue -1 is not between 0 (no clue) and 2147483647
    """
    if not isinstance(clues, np.ndarray) or not np.issubdtype(clues.dtype, np.integer):
        kind = clues.dtype if isinstance(clues, np.ndarray) else type(clues).__name__
        raise TypeError(f"clues must be a NumPy array of integers, not {kind}")
    if clues.ndim != 2 or clues.size < 2:
        raise TilewrightError(
            f"clues must be a 2-D grid of 2 cells or more, not shape {clues.shape}"
        )
    low, high = int(clues.min()), int(clues.max())
    if low < 0 or high > MAX_CELLS:
        raise TilewrightError(
            f"clue {low if low < 0 else high} is not between 0 (no clue) and {MAX_CELLS}"
        )


def parse_game_id(game_id: str) -> Puzzle:
    """The puzzle of a ``WxH:DESC`` game ID, in every form the puzzle collection accepts.

    The parameters may be a bare ``N`` (``NxN``) and carry the generator's ``eF`` and
    ``a`` (ignored: they do not change the puzzle); an ``_`` may stand anywhere in the
    description (it only separates numbers). The ID written back (``format_game_id``) is
    the canonical ``WxH:DESC``.

    Parameters
    ----------
    game_id : str
        The ID as pasted; spaces around it are ignored.

    Returns
    -------
    Puzzle
        Its clues.

    Raises
    ------
    TypeError
        When ``game_id`` is not a string.
    TilewrightError
        Saying what is wrong with the ID, in one line. Only the digits 0-9 are read, a grid
        has at most ``MAX_CELLS`` cells, and the time and memory spent are linear in the
        ID's length (the description is read as one array, never cell by cell in Python).

    Examples
    --------
    >>> parse_game_id("2x2:2b2").clues.tolist()
    [[2, 0], [0, 2]]
    >>> parse_game_id("2e1a:_2b__2_") == parse_game_id("2x2:2b2")
    True
    >>> parse_game_id("2x2:2b")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the description covers 3 of the 4 cells of a 2x2 grid
    """
    if not isinstance(game_id, str):
        raise TypeError(f"a game ID is text, not {type(game_id).__name__}")
    text = game_id.strip()
    check_ascii(text, "the game ID")
    width, height, description = _header(text)
    cells = width * height
    if len(description) > cells * (MAX_DIGITS + 1):
        raise TilewrightError(
            f"the description ({len(description)} characters) is longer than a "
            f"{width}x{height} grid can need"
        )
    check_fits(len(description) * READ_BYTES_PER_CHARACTER, "reading the game ID")
    codes = np.frombuffer(description.encode("ascii"), dtype=np.uint8)
    digit = _check_characters(codes, description)
    starts, ends = _digit_runs(digit)
    values = _clue_values(codes, digit, starts, ends, cells)
    where = _clue_cells(codes, starts, cells, width, height)
    check_fits(cells * 8, f"a {width}x{height} puzzle")
    clues = np.zeros(cells, dtype=np.int64)
    clues[where] = values
    return Puzzle(clues.reshape(height, width))


def _header(text: str) -> tuple[int, int, str]:
    """Width, height and description of ``PARAMS:DESC`` (``text`` known to be ASCII).

    ``PARAMS`` is read as the collection's midend reads an ID's parameters: ``WxH``, or a
    bare ``N`` for ``NxN``, then an expansion ``eF`` and an ``a`` (allow ambiguous), which
    say how the puzzle was generated and nothing of the puzzle itself, so they are ignored.
    """
    head, colon, description = text.partition(":")
    match = _PARAMS.match(head)
    if not (colon and match):
        raise TilewrightError(
            f"a Rectangles game ID looks like 7x7:3_2a2_3g..., got {quoted(text)}"
        )
    width_text, height_text = match.group(1), match.group(2) or match.group(1)
    for side in (width_text, height_text):
        if len(side) > MAX_DIGITS:
            raise TilewrightError(
                f"a Rectangles grid has at most {MAX_CELLS} cells; "
                f"a side written with {len(side)} digits is far beyond that"
            )
    width, height = int(width_text), int(height_text)
    if width < 1 or height < 1 or width * height < 2:
        raise TilewrightError(f"a {width}x{height} grid is too small for a puzzle")
    if width * height > MAX_CELLS:
        raise TilewrightError(
            f"a {width}x{height} grid has more than the {MAX_CELLS} cells a puzzle may have"
        )
    return width, height, description


def _check_characters(codes: np.ndarray, description: str) -> np.ndarray:
    """Refuse characters other than a-z, 0-9 and '_'; the mask of digits.

    An '_' only separates two numbers that would otherwise run together, and the collection
    skips it wherever it stands (leading, trailing, doubled), so it is skipped here too.
    """
    digit = (codes >= ord("0")) & (codes <= ord("9"))
    letter = (codes >= ord("a")) & (codes <= ord("z"))
    underscore = codes == ord("_")
    strange = np.flatnonzero(~(digit | letter | underscore))
    if len(strange):
        raise TilewrightError(f"unexpected character {description[strange[0]]!r} in the game ID")
    return digit


def _digit_runs(digit: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each run of digits (one number) starts, and where it ends (exclusive)."""
    edges = np.diff(np.concatenate(([0], digit.view(np.int8), [0])))
    return np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)


def _clue_values(codes: np.ndarray, digit: np.ndarray, starts, ends, cells: int) -> np.ndarray:
    """The clues' values, each between 1 and ``MAX_CELLS``; a clue written with more digits
    than ``MAX_DIGITS`` is refused before its value is formed.

    A clue larger than the grid (``2x2:5c``) is read, as the collection reads it: the ID is
    well formed, and the puzzle has no solution, which is the solver's answer to give.
    """
    lengths = ends - starts
    if len(lengths) and lengths.max() > MAX_DIGITS:
        longest = int(lengths.max())
        raise TilewrightError(f"a clue of {longest} digits is larger than any grid")
    if not len(starts):
        return np.zeros(0, dtype=np.int64)
    # each digit times the power of ten of its place, summed run by run
    positions = np.flatnonzero(digit)
    places = _POWERS[np.repeat(ends - 1, lengths) - positions]
    values = (codes[positions] - ord("0")) * places
    values = np.add.reduceat(values, np.cumsum(lengths) - lengths)
    outside = np.flatnonzero((values < 1) | (values > MAX_CELLS))
    if len(outside):
        raise TilewrightError(
            f"clue {int(values[outside[0]])} is not between 1 and {MAX_CELLS} (any grid)"
        )
    return values


def _clue_cells(codes: np.ndarray, starts: np.ndarray, cells: int, width: int, height: int):
    """The cell of each clue, in reading order, once the description is known to cover
    exactly the grid: a letter covers its number of blank cells (a = 1 ... z = 26), a
    number one cell."""
    covers = np.where(codes >= ord("a"), codes.astype(np.int64) - (ord("a") - 1), 0)
    covers[starts] = 1
    covered = np.cumsum(covers)
    total = int(covered[-1]) if len(covered) else 0
    if total > cells:
        raise TilewrightError(f"the description covers more than the {cells} cells")
    if total < cells:
        raise TilewrightError(
            f"the description covers {total} of the {cells} cells of a {width}x{height} grid"
        )
    return covered[starts] - 1


def format_game_id(puzzle: "Puzzle | str") -> str:
    """The ``WxH:DESC`` game ID of a puzzle (of a game ID: its canonical form).

    Parameters
    ----------
    puzzle : Puzzle or str
        Its clues are checked again (an array can change after the puzzle was made); a
        game ID is read by :func:`parse_game_id`.

    Returns
    -------
    str
        The ID, which :func:`parse_game_id` reads back to the same clues.

    Raises
    ------
    TypeError
        When ``puzzle`` is not a :class:`Puzzle` or a str, or its clues are not integers.
    TilewrightError
        When its clues are not a 2-D grid with clues between 0 and its number of cells,
        or a game ID is malformed.

    Examples
    --------
    >>> format_game_id(Puzzle(np.array([[3, 0, 0], [0, 0, 3]])))
    '3x2:3d3'
    >>> format_game_id("3e1:_3d_3_c")
    '3x3:3d3c'
    """
    puzzle = as_puzzle(puzzle)
    check_clues(puzzle.clues)
    parts: list[str] = []
    blanks = 0
    after_clue = False
    for value in puzzle.clues.ravel().tolist():
        if value == 0:
            blanks += 1
            continue
        parts.append(_blank_run(blanks))
        if after_clue and blanks == 0:
            parts.append("_")
        parts.append(str(value))
        blanks, after_clue = 0, True
    parts.append(_blank_run(blanks))
    return f"{puzzle.width}x{puzzle.height}:{''.join(parts)}"


def _blank_run(count: int) -> str:
    return "z" * (count // 26) + (chr(ord("a") + count % 26 - 1) if count % 26 else "")
