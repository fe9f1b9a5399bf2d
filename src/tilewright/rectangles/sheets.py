"""Print sheets of Rectangles puzzles: several to a page, each captioned with its number,
parameters, seed and game ID, then answer pages with each solution drawn.

The pictures are the family's own SVG (``pictures.svg_text``); the pages, their layout and
the PDF are ``tilewright.core.sheets``'.

Examples
--------
>>> from tilewright.rectangles import Params, generate
>>> layout = sheet_layout(Params(10, 10), count=6)
>>> layout.per_page
6
>>> pdf = sheet_pdf([generate(Params(10, 10), seed=seed) for seed in range(6)], layout)
>>> pdf[:5], b"seeds=0,1,2,3,4,5" in pdf
(b'%PDF-', True)
"""

from collections.abc import Sequence

from tilewright.core.docstrings import fill_doc
from tilewright.core.seeds import MAX_SEED
from tilewright.core.sheets import (
    MOST_PUZZLES,
    Entry,
    Frame,
    Layout,
    Progress,
    draw_sheet,
    plan_layout,
    require_layout,
    shared_params,
)
from tilewright.rectangles.generated import Generated
from tilewright.rectangles.params import Params
from tilewright.rectangles.pictures import PREFERRED_CELL, svg_text

# Millimetres a square: two-digit clues read well and leave room to draw at 5.5 mm; at
# 3 mm the clues are 4.7 pt, the smallest print that stays readable.
COMFORTABLE_MM = 5.5
SMALLEST_MM = 3.0
# A game ID's length in characters a square of the grid, about: 0.67 at 10x10, 0.36 at
# 30x30 (measured on the generator's puzzles); the room set aside for its caption lines.
ID_CHARACTERS_A_SQUARE = 0.6


@fill_doc
def sheet_layout(
    params: Params, count: int, *, paper: str = "a4", per_page: int | None = None
) -> Layout:
    """The layout of a sheet of ``count`` puzzles made with ``params``, checked before any
    is generated (see ``tilewright.core.sheets.plan_layout``).

    Parameters
    ----------
    params : Params
        What the puzzles are made with.
    count : int
        Puzzles on the sheet, 1 to 1000.
    %(sheet_paper)s
    per_page : int, optional
        Puzzles a page; default as many as print with squares of ``COMFORTABLE_MM``.

    Returns
    -------
    Layout
        The paper, the columns and rows of boxes, and the puzzles a page.

    Raises
    ------
    TypeError
        When ``params`` is not a Params or a number not an integer.
    TilewrightError
        When a number is out of range, the paper unknown, or the squares would print
        smaller than ``SMALLEST_MM``.

    Examples
    --------
    >>> sheet_layout(Params(15, 15), count=10).per_page
    4
    """
    if not isinstance(params, Params):
        raise TypeError(f"a sheet's puzzles are made with Params, not {type(params).__name__}")
    first_line = _first_line(MOST_PUZZLES, MAX_SEED, params)
    game_id = len(f"{params.width}x{params.height}:") + round(
        ID_CHARACTERS_A_SQUARE * params.width * params.height
    )
    return plan_layout(
        f"a {params.width}x{params.height} puzzle",
        sheet_frame(params.width, params.height),
        count,
        paper=paper,
        per_page=per_page,
        caption=(len(first_line), game_id),
    )


def sheet_frame(width: int, height: int) -> Frame:
    """The size of a puzzle's picture on a sheet, as ``pictures.svg_text`` draws it at
    ``PREFERRED_CELL``: the grid and half a square of margin around it.

    Examples
    --------
    >>> frame = sheet_frame(10, 10)
    >>> frame.width, frame.height, frame.square
    (352, 352, 32)
    """
    margin = PREFERRED_CELL // 2
    return Frame(
        width * PREFERRED_CELL + 2 * margin,
        height * PREFERRED_CELL + 2 * margin,
        PREFERRED_CELL,
        COMFORTABLE_MM,
        SMALLEST_MM,
    )


@fill_doc
def sheet_pdf(
    puzzles: Sequence[Generated], layout: Layout, progress: Progress | None = None
) -> bytes:
    """The sheet as a vector PDF: the puzzle pages, then the answer pages, each puzzle
    numbered and captioned with its parameters, seed and game ID; the parameters and seeds
    in the PDF's document information.

    Parameters
    ----------
    puzzles : sequence of Generated
        Generated puzzles, all made with the same parameters, 1 to 1000 of them.
    layout : Layout
        From :func:`sheet_layout` with those parameters.
    %(sheet_progress)s

    %(pdf_returns)s

    Raises
    ------
    TypeError
        When a puzzle is not a Generated.
    TilewrightError
        When the puzzles were made with different parameters or the layout is for
        another size, or the captions leave the squares too small to read.
    """
    params = shared_params(puzzles, Generated)
    frame = sheet_frame(params.width, params.height)
    require_layout(layout, frame, f"{params.width}x{params.height} puzzles", "their parameters")
    entries = [
        Entry(
            svg_text(made.puzzle, cell=PREFERRED_CELL),
            svg_text(made.puzzle, regions=made.regions, cell=PREFERRED_CELL),
            (_first_line(number, made.seed, params), made.game_id),
        )
        for number, made in enumerate(puzzles, 1)
    ]
    info = {
        "family": "rectangles",
        "params": str(params),
        "max_area": params.max_area,
        "singles": params.singles,
        "seeds": ",".join(str(made.seed) for made in puzzles),
    }
    return draw_sheet(layout, entries, f"Rectangles {params}", info, progress)


def _first_line(number: int, seed: int, params: Params) -> str:
    """The caption's first line: what makes the puzzle again with ``rect generate``."""
    limits = f" · max-area {params.max_area}" if params.max_area is not None else ""
    limits += " · singles" if params.singles else ""
    return f"#{number} · {params}{limits} · seed {seed}"
