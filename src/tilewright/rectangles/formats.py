"""Writing a Rectangles puzzle in each of its formats: the one writer behind ``save`` and
``tilewright rect generate``.

======== =============== ==============================================================
format   suffix          what is written
======== =============== ==============================================================
id       .id             the game ID, one line (the command line's default)
text     .txt            the game ID, then the ASCII drawing (``text.py``)
json     .json, .jsonl   ``Generated.to_record`` and the difficulty, one line
svg      .svg            vector picture (``pictures.py``)
png      .png            greyscale bitmap
pdf      .pdf            vector picture, the SVG drawn by cairo
======== =============== ==============================================================

Every format that can carry it records the seed and parameters of a generated puzzle:
the JSON fields, the SVG ``<metadata>``, the PNG text chunk, the PDF document information.
Files are written through ``tilewright.core.output.open_output``: all or nothing.
"""

import json
import os
from typing import TYPE_CHECKING

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.output import PICTURE_SUFFIXES, format_by_suffix, open_output
from tilewright.core.pdf import DEFAULT_PAPER
from tilewright.core.picture_size import PIXEL_BUDGET, check_max_side
from tilewright.rectangles.gameid import Puzzle, as_puzzle, format_game_id, picture_info

if TYPE_CHECKING:
    from tilewright.rectangles.difficulty import Rating
    from tilewright.rectangles.generated import Generated

FORMATS = ("id", "text", "json", "svg", "png", "pdf")
PICTURES = ("svg", "png", "pdf")
BINARY = ("png", "pdf")
# formats that can show a solution
SOLUTIONS = ("text", "json", *PICTURES)
# formats that hold one puzzle a file; the others hold one a line (or a drawing after another)
SINGLE = PICTURES
SUFFIXES = {".id": "id", ".txt": "text", ".json": "json", ".jsonl": "json", **PICTURE_SUFFIXES}
# the JSON record of a generated puzzle holds its difficulty up to this many squares: the
# rating grows faster than the area (half a second at 300x300, about as long as generating
# the puzzle; 17 s at 1000x1000); a rating given to ``encode``, as ``--difficulty`` has
# one, is recorded at any size
RATED_SQUARES = 100_000


def format_of(path: str | os.PathLike) -> str:
    """The format of ``SUFFIXES`` a file name's suffix (in any case) names, or a refusal
    naming the suffixes (``core.output.format_by_suffix``).

    Examples
    --------
    >>> format_of("puzzle.SVG"), format_of("out/puzzles.jsonl")
    ('svg', 'json')
    >>> format_of("puzzle.gif")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: cannot write .gif files: a Rectangles puzzle is \
saved as .id, .json, .jsonl, .pdf, .png, .svg or .txt
    """
    return format_by_suffix(path, SUFFIXES, "a Rectangles puzzle")


def encode(
    fmt: str,
    puzzle: Puzzle | str,
    regions: np.ndarray | None = None,
    made: "Generated | None" = None,
    cell: int | None = None,
    rating: "Rating | None" = None,
    paper: str | None = None,
) -> bytes:
    """The puzzle (or, with ``regions``, its solution) in format ``fmt``.

    Parameters
    ----------
    fmt : str
        One of ``FORMATS``.
    puzzle : Puzzle or str
        The clues, or the puzzle's game ID.
    regions : numpy.ndarray, optional
        The solution to show (``id`` has no room for it).
    made : Generated, optional
        The generated puzzle, whose seed and parameters the output records (``json``
        needs it; a bare puzzle's JSON holds its game ID, size and clues).
    cell : int, optional
        Pictures: pixels a square (default: a picture 800 to 1000 pixels on its long
        side, within 8192 pixels).
    rating : Rating, optional
        ``json``: the puzzle's difficulty, recorded as ``difficulty``; without it, a
        generated puzzle with one solution and at most ``RATED_SQUARES`` squares is rated
        here.
    paper : str, optional
        ``pdf``: the page, ``"a4"`` (default) or ``"letter"``; refused for the others.

    Returns
    -------
    bytes
        The whole output; text formats end in a newline.

    Raises
    ------
    TilewrightError
        When ``fmt`` is unknown, ``regions`` is given for ``id``, or the picture cannot be
        made.

    Examples
    --------
    >>> from tilewright.rectangles import parse_game_id
    >>> encode("id", parse_game_id("2x2:2b2"))
    b'2x2:2b2\\n'
    """
    if fmt not in FORMATS:
        raise TilewrightError(f"unknown format {fmt!r}: choose from {', '.join(FORMATS)}")
    if regions is not None and fmt not in SOLUTIONS:
        raise TilewrightError(f"a solution cannot be shown in the {fmt} format")
    if paper is not None and fmt != "pdf":
        raise TilewrightError(f"paper applies to pdf, not {fmt}")
    puzzle = as_puzzle(puzzle)
    game_id = format_game_id(puzzle)
    if fmt == "id":
        return (game_id + "\n").encode()
    if fmt == "text":
        return f"{game_id}\n{puzzle.to_text(regions)}\n".encode()
    if fmt == "json":
        record = _record(puzzle, regions, made, rating)
        return (json.dumps(record, separators=(",", ":")) + "\n").encode()
    from tilewright.rectangles import pictures

    if cell is None:
        cell = picture_cell(puzzle.width, puzzle.height, None, None)
    solution = regions is not None
    if made is not None:
        info = made.info(solution)
    else:
        info = {"family": "rectangles"} | picture_info(game_id, solution)
    drawing: pictures.PictureOptions = {"regions": regions, "cell": cell, "info": info}
    if fmt == "svg":
        return pictures.svg_text(puzzle, **drawing).encode()
    if fmt == "png":
        return pictures.png_bytes(puzzle, **drawing)
    return pictures.pdf_bytes(puzzle, **drawing, paper=paper or DEFAULT_PAPER)


def save(
    path: str | os.PathLike,
    puzzle: Puzzle | str,
    regions: np.ndarray | None = None,
    made: "Generated | None" = None,
    *,
    cell: int | None = None,
    max_side: int | None = None,
    paper: str | None = None,
) -> None:
    """Write the puzzle (or its solution) to ``path`` in the format its suffix names, all
    or nothing (see :meth:`Generated.save <tilewright.rectangles.Generated.save>`).

    Parameters
    ----------
    path : str or os.PathLike
        The file.
    puzzle, regions, made
        As for :func:`encode`.
    cell : int, optional
        Pictures: pixels a square; default a picture 800 to 1000 pixels on its long
        side, within ``max_side``.
    max_side : int, optional
        Pictures: the largest side in pixels (default 8192); a ``cell`` past it is
        refused, naming the size it would need.
    paper : str, optional
        ``.pdf``: the page, ``"a4"`` (default) or ``"letter"``.

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When the suffix is unknown, a picture option is given for another format, the
        picture would pass ``max_side``, or the file cannot be written.

    Examples
    --------
    >>> import os, tempfile
    >>> from tilewright.rectangles import parse_game_id
    >>> name = os.path.join(tempfile.mkdtemp(), "puzzle.json")
    >>> save(name, parse_game_id("2x2:2b2"))
    >>> open(name).read()
    '{"game_id":"2x2:2b2","width":2,"height":2,"clues":[[2,0],[0,2]]}\\n'
    """
    fmt = format_of(path)
    puzzle = as_puzzle(puzzle)
    options = (("cell", cell), ("max_side", max_side))
    given = [name for name, value in options if value is not None]
    if given and fmt not in PICTURES:
        raise TilewrightError(
            f"{', '.join(given)}: for pictures only (.svg, .png, .pdf), not for {fmt}"
        )
    if fmt in PICTURES:
        cell = picture_cell(puzzle.width, puzzle.height, cell, max_side)
    data = encode(fmt, puzzle, regions, made, cell, paper=paper)
    with open_output(os.fspath(path)) as stream:
        stream.write(data)


def picture_cell(width: int, height: int, cell: int | None, max_side: int | None) -> int:
    """The cell size to draw at: ``cell`` checked against ``max_side`` (default 8192),
    or, when ``cell`` is None, the default of ``pictures.default_cell`` (a long side of
    800 to 1000 pixels).

    Parameters
    ----------
    width, height : int
        The grid in squares.
    cell : int or None
        Pixels a square, as asked for.
    max_side : int or None
        The largest side in pixels.

    Returns
    -------
    int
        Pixels a square.

    Raises
    ------
    TilewrightError
        When the picture at ``cell`` would pass ``max_side``.

    Examples
    --------
    >>> picture_cell(1000, 500, None, None), picture_cell(10, 10, 64, None)
    (8, 64)
    >>> picture_cell(15, 15, None, None)
    62
    """
    from tilewright.core.numbers import require_int
    from tilewright.rectangles import pictures

    budget = PIXEL_BUDGET if max_side is None else check_max_side(max_side)
    if cell is None:
        cell = pictures.default_cell(width, height, budget)
        pictures.check_cell(width, height, cell, budget)  # the smallest may not fit either
        return cell
    cell = require_int(cell, "cell")
    pictures.check_cell(width, height, cell, budget)
    return cell


def _record(
    puzzle: Puzzle,
    regions: np.ndarray | None,
    made: "Generated | None",
    rating: "Rating | None",
) -> dict:
    record: dict[str, object]
    if made is not None:
        record = made.to_record(solution=regions is not None)
        if rating is None and made.params.unique and puzzle.clues.size <= RATED_SQUARES:
            from tilewright.rectangles.difficulty import rate

            rating = rate(puzzle)
    else:
        record = {
            "game_id": format_game_id(puzzle),
            "width": puzzle.width,
            "height": puzzle.height,
            "clues": puzzle.clues.tolist(),
        }
        if regions is not None:
            record["solution"] = regions.tolist()
    if rating is not None:
        record["difficulty"] = rating.to_record()
    return record
