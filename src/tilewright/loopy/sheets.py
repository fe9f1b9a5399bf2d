"""Print sheets of Loopy puzzles: several to a page, each captioned with its number,
parameters, seed and game ID, then answer pages with each loop drawn.

The pictures are the family's own SVG (``pictures.svg_text``); the pages, their layout and
the PDF are ``tilewright.core.sheets``'.

What must stay legible on paper is the clues, and on grids of faces of several sizes (a
dodecagon beside triangles) the smallest clue is far smaller than a face of average area;
so the sheet's "square" is the height of the smallest clue's digits, and a puzzle prints
as large as keeps them readable. The Penrose, hat and Spectre grids are drawn anew for
each seed: the layout is planned from a few of them, before any puzzle is made, and each
puzzle's picture is centred in the room planned (and shrunk into it, the rare time it is
larger).

Examples
--------
>>> from tilewright.loopy import generate
>>> layout = sheet_layout("7x7t2dn", count=3)
>>> made = [generate("7x7t2dn", seed=seed) for seed in (5, 6, 7)]
>>> b"params=7x7t2dn seeds=5,6,7" in sheet_pdf(made, layout)
True
"""

import math
import re
from collections.abc import Sequence

import numpy as np

from tilewright.core import sheets as pages
from tilewright.core.docstrings import fill_doc
from tilewright.core.errors import TilewrightError
from tilewright.core.picture_size import LARGEST_BUDGET
from tilewright.core.seeds import MAX_SEED
from tilewright.loopy.gameid import Params, parse_params
from tilewright.loopy.generator import Generated
from tilewright.loopy.pictures import DIGIT_HEIGHT, _unit, clue_places, picture_size, svg_text
from tilewright.loopy.puzzle import Puzzle
from tilewright.registry import DESCRIBED, collection_grid

# Millimetres high, the smallest clue's digits: Rectangles' comfortable 5.5 mm squares
# carry digits 2.4 mm high (0.44 of a square) and its smallest readable, 4.7 pt clues,
# digits of 1.2 mm; a square Loopy grid draws its digits at 0.44 of a face as well.
COMFORTABLE_MM = 2.4
SMALLEST_MM = 1.2
# Pixels (SVG units) across a face of average area in a sheet's pictures: the page
# scales them; at 40 the faint outlines are a whole unit wide.
SHEET_CELL = 40
# Faces no puzzle that prints legibly has: a digit is at most 0.44 of a face
# (pictures.LARGEST_FONT), so at SMALLEST_MM a face takes 7.5 mm² at least, and an A4
# page holds 48,000 mm² inside its margins (6,400 faces). Refused on the face count,
# before the grid's clues are measured (seconds and a gigabyte for a million faces).
MOST_FACES = 10_000
# The grids drawn anew for each seed: the layout is planned from the largest picture
# and the smallest clue of these seeds' grids. Of 60 seeds' 7x7 to 20x20 Penrose, hat and
# Spectre pictures, the largest is at most 2% larger than the largest of these 8 (7% on
# 7x7 Penrose P3): a picture that is larger is shrunk that much to fit.
SAMPLE_SEEDS = range(8)
# A game ID's characters a face, about (clues run-length encoded: 0.8 to 0.9 on the
# generator's square, Spectre and great-hexagonal puzzles), for the room its caption
# lines take.
ID_CHARACTERS_A_FACE = 0.9
_XML_DECLARATION = re.compile(r"^.*?(?=<svg\b)", re.DOTALL)


@fill_doc
def sheet_layout(
    params: Params | str, count: int, *, paper: str = "a4", per_page: int | None = None
) -> pages.Layout:
    """The layout of a sheet of ``count`` puzzles made with ``params``, checked before any
    is generated (see ``tilewright.core.sheets.plan_layout``).

    Parameters
    ----------
    params : Params or str
        The puzzles' grid, size and level, or their text (``"10x10t17dh"``).
    count : int
        How many puzzles, 1 to 1000.
    %(sheet_paper)s
    per_page : int, optional
        How many a page; by default as many as keep the smallest clue's digits
        ``COMFORTABLE_MM`` high.

    Returns
    -------
    Layout
        How many go on a page, in which columns and rows, and how large.

    Raises
    ------
    TypeError
        For ``params`` neither Params nor a str, or a number not an integer.
    TilewrightError
        For a number out of range or an unknown paper; for digits that would print under
        ``SMALLEST_MM``, or more faces than ``MOST_FACES``.

    Examples
    --------
    >>> sheet_layout("10x10", count=10).per_page
    6
    >>> sheet_layout("10x10t17", count=10).per_page
    4
    """
    params = _params(params)
    grids = _sample_grids(params)
    description = max(len(grid.params.get("description") or "") for grid in grids)
    faces = max(grid.num_cells for grid in grids)
    game_id = len(params.text) + 2 + description + round(ID_CHARACTERS_A_FACE * faces)
    return pages.plan_layout(
        _what(params),
        _frame(params, grids),
        count,
        paper=paper,
        per_page=per_page,
        caption=(len(_first_line(pages.MOST_PUZZLES, MAX_SEED, params)), game_id),
    )


def sheet_frame(params: Params | str) -> pages.Frame:
    """The room a puzzle's picture takes on a sheet, as ``pictures.svg_text`` draws it at
    ``SHEET_CELL`` (the largest of the sample seeds' pictures on the grids drawn anew for
    each seed), and the height of the smallest clue's digits in it.

    Examples
    --------
    >>> frame = sheet_frame("10x10")
    >>> frame.width, frame.height, round(frame.square, 2)
    (432, 432, 17.52)
    """
    params = _params(params)
    return _frame(params, _sample_grids(params))


def _frame(params: Params, grids: list) -> pages.Frame:
    width = height = 0
    digits = math.inf
    for grid in grids:
        puzzle = Puzzle(params, np.full(grid.num_cells, -1, dtype=np.int8), grid)
        across, down = picture_size(puzzle, SHEET_CELL)
        width, height = max(width, across), max(height, down)
        fonts = clue_places(puzzle)[1]
        digits = min(digits, DIGIT_HEIGHT * float(fonts.min()) * SHEET_CELL / _unit(puzzle))
    return pages.Frame(width, height, digits, COMFORTABLE_MM, SMALLEST_MM, "clue digits")


@fill_doc
def sheet_pdf(
    puzzles: Sequence[Generated], layout: pages.Layout, progress: pages.Progress | None = None
) -> bytes:
    """One vector PDF: pages of puzzles, then pages of their loops in the same places,
    each captioned with its number, parameters, seed and game ID (what ``loopy generate``
    makes it again with); the PDF's document information records the parameters and seeds.

    Parameters
    ----------
    puzzles : sequence of Generated
        1 to 1000 puzzles from :func:`tilewright.loopy.generate`, on the same parameters.
    layout : Layout
        What :func:`sheet_layout` planned for those parameters.
    %(sheet_progress)s

    %(pdf_returns)s

    Raises
    ------
    TypeError
        For a puzzle that is not a Loopy Generated.
    TilewrightError
        For puzzles of different parameters, a layout planned for others, or captions
        that leave the clues too small to read.
    """
    params = pages.shared_params(puzzles, Generated)
    pages.require_layout(layout, sheet_frame(params), f"{params.text} puzzles", "their parameters")
    entries = [
        pages.Entry(
            _framed(made.puzzle, None, layout.frame),
            _framed(made.puzzle, made.solution, layout.frame),
            (_first_line(number, made.seed, params), made.game_id),
        )
        for number, made in enumerate(puzzles, 1)
    ]
    info = {
        "family": "loopy",
        "params": params.text,
        "seeds": ",".join(str(made.seed) for made in puzzles),
    }
    title = f"Loopy {params.width}x{params.height} {params.grid}, {params.difficulty}"
    return pages.draw_sheet(layout, entries, title, info, progress)


def _framed(puzzle: Puzzle, loop: np.ndarray | None, frame: pages.Frame) -> str:
    """The picture as an SVG document of the frame's size: itself when it is that size
    (always, on the grids that are the same for every seed), else centred in it, and
    shrunk to fit when larger."""
    svg = svg_text(puzzle, loop=loop, cell=SHEET_CELL, max_side=LARGEST_BUDGET)
    width, height = picture_size(puzzle, SHEET_CELL)
    if (width, height) == (frame.width, frame.height):
        return svg
    scale = min(1.0, frame.width / width, frame.height / height)
    left = (frame.width - width * scale) / 2
    top = (frame.height - height * scale) / 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{frame.width:g}" '
        f'height="{frame.height:g}" viewBox="0 0 {frame.width:g} {frame.height:g}">\n'
        f'<svg x="{left:.2f}" y="{top:.2f}" width="{width * scale:.2f}" '
        f'height="{height * scale:.2f}" viewBox="0 0 {width} {height}">\n'
        f"{_XML_DECLARATION.sub('', svg, count=1)}</svg>\n</svg>\n"
    )


def _params(params: object) -> Params:
    if isinstance(params, str):
        return parse_params(params)
    if not isinstance(params, Params):
        raise TypeError(f"a sheet's puzzles are made with Params, not {type(params).__name__}")
    return params


def _sample_grids(params: Params) -> list:
    """The grid every puzzle of ``params`` is on, or, for a grid drawn anew for each seed,
    those of ``SAMPLE_SEEDS``; refused when it has more faces than print legibly."""
    # as ``generate`` draws them: the triangular grid in its layout without corner ears
    description = "0" if params.grid == "triangular" else None
    seeds = SAMPLE_SEEDS if params.grid in DESCRIBED else [None]
    grids = []
    for seed in seeds:
        grid = collection_grid(params.grid, params.width, params.height, description, seed=seed)
        if grid.num_cells > MOST_FACES:
            raise TilewrightError(
                f"{_what(params)} has {grid.num_cells:,} faces, too many to print legibly "
                f"on a page (at most {MOST_FACES:,}): choose a smaller size"
            )
        grids.append(grid)
    return grids


def _what(params: Params) -> str:
    return f"a {params.width}x{params.height} {params.grid} puzzle"


def _first_line(number: int, seed: int, params: Params) -> str:
    """The caption's first line: what makes the puzzle again with ``loopy generate``."""
    return f"#{number} · {params.text} · seed {seed}"
