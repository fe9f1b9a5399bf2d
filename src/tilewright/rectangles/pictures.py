"""Printable pictures of Rectangles puzzles: a thin grid, each clue centred in its square,
and, for a solution, thick borders between rectangles. SVG (drawsvg) scales to any print
size, PDF is that SVG drawn by cairo, PNG (Pillow) is for screens and quick looks. Each
records what made it (seed, parameters, game ID) when given ``info``: an SVG
``<metadata>`` element, a PNG text chunk, the PDF's document information.

The clues are placed by their baseline, not with ``dominant-baseline``: rsvg (GNOME,
Inkscape's export) and cairo ignore that attribute and drew every clue a sixth of a
square too high. A digit's height is about 0.73 of the font size in the sans-serif fonts
viewers choose, so a baseline ``BASELINE`` font sizes below the square's centre centres
the digits in every renderer (measured on 96-pixel squares: within 1.5 pixels of the
centre in rsvg, Chromium, cairo and the PNG).
"""

import io
from collections.abc import Mapping
from typing import TypedDict, Unpack, cast

import numpy as np

from tilewright.core.docstrings import SECTIONS, filler
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_int, shown
from tilewright.core.options import check_options
from tilewright.core.pdf import DEFAULT_PAPER
from tilewright.core.picture_size import PIXEL_BUDGET, check_budget, check_png_pixels, fit_cell
from tilewright.core.picture_size import default_cell as fitted_cell
from tilewright.rectangles.gameid import Puzzle

GRID = "#b0b0b0"
INK = "#000000"
# pixels a square on print sheets, which scale it to the page (32: two-digit clues read
# well on screen and paper)
PREFERRED_CELL = 32
# the smallest square the default picture has while it fits the budget: clues of 8 pixels
LEGIBLE_CELL = 16
# below this many pixels a square, clues cannot be drawn at all
SMALLEST_CELL = 4
# the clue's baseline below the square's centre, in font sizes (see the module docstring)
BASELINE = 0.36
# bytes the SVG document costs while it is built, per clue (a text element in drawsvg and
# its share of the document string): measured about 1 300 on 100x100 and 200x200 puzzles
SVG_BYTES_PER_CLUE = 2000


class PictureOptions(TypedDict, total=False):
    """The keyword arguments of :func:`svg_text` and :func:`png_bytes`, described there."""

    regions: np.ndarray | None
    cell: int | None
    info: Mapping[str, object] | None


class PdfOptions(PictureOptions, total=False):
    """The keyword arguments of :func:`pdf_bytes`: those of :class:`PictureOptions` and
    the page."""

    paper: str


# the options' descriptions, in the docstring of every function that takes them
fill_doc = filler(
    {
        "rectangles_picture": """\
**options
    Keyword-only arguments:
regions : numpy.ndarray, optional
    A solution: thick borders are drawn between different regions.
cell : int, optional
    Pixels (SVG user units) a square; default :func:`default_cell`'s.
"""
        + SECTIONS["picture_info"],
    }
)


def picture_size(width: int, height: int, cell: int) -> tuple[int, int]:
    """The size in pixels of a puzzle's picture: the grid and half a square of margin
    around it (and one pixel for the PNG's last line).

    Parameters
    ----------
    width, height : int
        The grid in squares.
    cell : int
        Pixels a square.

    Returns
    -------
    tuple of int
        (width, height) in pixels.

    Examples
    --------
    >>> picture_size(15, 15, 32)
    (513, 513)
    """
    margin = cell // 2
    return width * cell + 2 * margin + 1, height * cell + 2 * margin + 1


def default_cell(width: int, height: int, max_side: int = PIXEL_BUDGET) -> int:
    """The cell of a picture whose cell is not given: the one that gives it a long side of
    800 to 1000 pixels (``core.picture_size.default_cell``), at least ``LEGIBLE_CELL``
    while that fits ``max_side``.

    Parameters
    ----------
    width, height : int
        The grid in squares.
    max_side : int, default 8192
        The largest side in pixels.

    Returns
    -------
    int
        Pixels a square (``SMALLEST_CELL`` when even that does not fit: the picture is
        then refused by :func:`check_cell`).

    Examples
    --------
    >>> default_cell(15, 15), default_cell(1000, 400)
    (62, 8)
    """
    return fitted_cell(
        lambda cell: picture_size(width, height, cell), LEGIBLE_CELL, SMALLEST_CELL, max_side
    )


def check_cell(width: int, height: int, cell: int, max_side: int = PIXEL_BUDGET) -> None:
    """Refuse a cell size whose picture would pass ``max_side`` pixels a side, naming the
    size it would need and the cell that fits.

    Parameters
    ----------
    width, height : int
        The grid in squares.
    cell : int
        Pixels a square, as asked for.
    max_side : int, default 8192
        The largest side in pixels.

    Raises
    ------
    TilewrightError
        When the picture would be larger.

    Examples
    --------
    >>> check_cell(15, 15, 32)
    >>> check_cell(1000, 1000, 32)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the picture would be 32033x32033 pixels, ...
    """
    fits = fit_cell(lambda side: picture_size(width, height, side), cell, SMALLEST_CELL, max_side)
    size = picture_size(width, height, cell)
    fitting = max(picture_size(width, height, fits)) <= max_side
    check_budget(size, max_side, fits=fits if fitting else None)


def borders(regions: np.ndarray) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """The walls between different regions, merged into runs.

    Parameters
    ----------
    regions : numpy.ndarray
        (H, W) integers naming each square's rectangle.

    Returns
    -------
    vertical, horizontal : list of tuple of int
        Vertical runs as (x, first row, last row + 1) and horizontal runs as (y, first
        column, last column + 1), in grid units, the outline of the grid excluded.

    Examples
    --------
    >>> borders(np.array([[0, 0], [1, 1]]))
    ([], [(1, 0, 2)])
    """
    height, width = regions.shape
    vertical = []
    for x in range(1, width):
        vertical += [(x, a, b) for a, b in _runs(regions[:, x - 1] != regions[:, x])]
    horizontal = []
    for y in range(1, height):
        horizontal += [(y, a, b) for a, b in _runs(regions[y - 1] != regions[y])]
    return vertical, horizontal


def _runs(flags: np.ndarray) -> list[tuple[int, int]]:
    padded = np.concatenate(([False], flags, [False])).astype(np.int8)
    changes = np.flatnonzero(np.diff(padded))
    return list(zip(changes[::2].tolist(), changes[1::2].tolist(), strict=True))


@fill_doc
def svg_text(puzzle: Puzzle, **options: Unpack[PictureOptions]) -> str:
    """The puzzle (or, with ``regions``, its solution) as an SVG document.

    Parameters
    ----------
    puzzle : Puzzle
        The clues.
    %(rectangles_picture)s

    Returns
    -------
    str
        The document.

    Raises
    ------
    %(wrong_type)s
    TilewrightError
        When ``regions`` does not match the puzzle or the document would not fit in
        memory.

    Examples
    --------
    >>> from tilewright.rectangles import parse_game_id
    >>> svg = svg_text(parse_game_id("2x2:2b2"), info={"seed": 7})
    >>> svg.count("<text"), '"seed":7' in svg, "dominant-baseline" in svg
    (2, True, False)
    """
    import drawsvg

    regions, info = options.get("regions"), options.get("info")
    cell = _check_picture(puzzle, options, "svg_text")
    clues = int(np.count_nonzero(puzzle.clues))
    check_fits(clues * SVG_BYTES_PER_CLUE, f"an SVG of {clues} clues")
    height, width = puzzle.clues.shape
    margin = cell // 2
    drawing = drawsvg.Drawing(width * cell + 2 * margin, height * cell + 2 * margin)
    if info is not None:
        from tilewright.core.metadata import svg_element

        drawing.append(drawsvg.Raw(svg_element(info)))
    drawing.append(drawsvg.Rectangle(0, 0, "100%", "100%", fill="white"))
    group = drawsvg.Group(transform=f"translate({margin},{margin})")
    thin = [f"M{x * cell} 0V{height * cell}" for x in range(1, width)]
    thin += [f"M0 {y * cell}H{width * cell}" for y in range(1, height)]
    group.append(drawsvg.Path(d="".join(thin), stroke=GRID, stroke_width=max(1, cell // 32)))
    font_size = _font_size(cell, int(puzzle.clues.max()))
    drop = round(BASELINE * font_size, 2)
    text = drawsvg.Group(
        font_family="DejaVu Sans, Arial, sans-serif",
        font_size=font_size,
        text_anchor="middle",
        fill=INK,
    )
    rows, cols = np.nonzero(puzzle.clues)
    for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
        x, y = (c + 0.5) * cell, (r + 0.5) * cell + drop
        text.append(drawsvg.Text(str(puzzle.clues[r, c]), None, x, y))
    group.append(text)
    thick = max(2, cell // 10)
    if regions is not None:
        vertical, horizontal = borders(regions)
        walls = [f"M{x * cell} {a * cell}V{b * cell}" for x, a, b in vertical]
        walls += [f"M{a * cell} {y * cell}H{b * cell}" for y, a, b in horizontal]
        group.append(
            drawsvg.Path(d="".join(walls), stroke=INK, stroke_width=thick, stroke_linecap="square")
        )
    group.append(
        drawsvg.Rectangle(
            0, 0, width * cell, height * cell, fill="none", stroke=INK, stroke_width=thick
        )
    )
    drawing.append(group)
    return drawing.as_svg()


@fill_doc
def pdf_bytes(puzzle: Puzzle, **options: Unpack[PdfOptions]) -> bytes:
    """The puzzle (or its solution) as a one-page vector PDF: :func:`svg_text` drawn by
    cairo and fitted to a page of ``paper`` (``core.pdf.placement``), with ``info`` in the
    document information.

    Parameters
    ----------
    puzzle : Puzzle
        The clues.
    %(rectangles_picture)s
    %(paper)s

    %(pdf_returns)s

    Raises
    ------
    %(wrong_type)s
    TilewrightError
        As for :func:`svg_text`.

    Examples
    --------
    >>> from tilewright.rectangles import parse_game_id
    >>> pdf_bytes(parse_game_id("2x2:2b2"))[:5]
    b'%PDF-'
    """
    from tilewright.core.pdf import pdf_from_svg

    check_options(options, PdfOptions, "pdf_bytes")
    paper = options.pop("paper", DEFAULT_PAPER)
    drawing = cast(PictureOptions, options)  # the page taken out
    return pdf_from_svg(svg_text(puzzle, **drawing), drawing.get("info"), paper)


@fill_doc
def png_bytes(puzzle: Puzzle, **options: Unpack[PictureOptions]) -> bytes:
    """The puzzle (or, with ``regions``, its solution) as a greyscale PNG.

    Parameters
    ----------
    puzzle : Puzzle
        The clues.
    %(rectangles_picture)s

    %(png_returns)s

    Raises
    ------
    %(wrong_type)s
    TilewrightError
        When ``regions`` does not match the puzzle or the picture is too large (see
        :func:`check_png_size`).

    Examples
    --------
    >>> from tilewright.rectangles import parse_game_id
    >>> png_bytes(parse_game_id("2x2:2b2"), cell=16)[1:4]
    b'PNG'
    """
    from PIL import Image, ImageDraw, ImageFont
    from PIL.PngImagePlugin import PngInfo

    regions, info = options.get("regions"), options.get("info")
    cell = _check_picture(puzzle, options, "png_bytes")
    height, width = puzzle.clues.shape
    margin = cell // 2
    size = check_png_size(width, height, cell)
    image = Image.new("L", size, 255)
    draw = ImageDraw.Draw(image)
    grid, ink = 176, 0
    right, bottom = margin + width * cell, margin + height * cell
    for x in range(1, width):
        draw.line([(margin + x * cell, margin), (margin + x * cell, bottom)], fill=grid)
    for y in range(1, height):
        draw.line([(margin, margin + y * cell), (right, margin + y * cell)], fill=grid)
    font_size = _font_size(cell, int(puzzle.clues.max()))
    font = ImageFont.load_default(size=font_size)
    drop = BASELINE * font_size
    for r, c in zip(*np.nonzero(puzzle.clues), strict=True):
        # the same baseline as the SVG's ("ms": middle, baseline), so the two agree
        place = (margin + (c + 0.5) * cell, margin + (r + 0.5) * cell + drop)
        draw.text(place, str(puzzle.clues[r, c]), fill=ink, font=font, anchor="ms")
    thick = max(2, cell // 10)
    half = thick // 2
    if regions is not None:
        vertical, horizontal = borders(regions)
        for x, a, b in vertical:
            x0 = margin + x * cell - half
            draw.rectangle(
                [x0, margin + a * cell - half, x0 + thick - 1, margin + b * cell + half], fill=ink
            )
        for y, a, b in horizontal:
            y0 = margin + y * cell - half
            draw.rectangle(
                [margin + a * cell - half, y0, margin + b * cell + half, y0 + thick - 1], fill=ink
            )
    draw.rectangle(
        [margin - half, margin - half, right + half, bottom + half], outline=ink, width=thick
    )
    chunks = PngInfo()
    if info is not None:
        from tilewright.core.metadata import png_text

        for key, value in png_text(info).items():
            chunks.add_text(key, value)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, pnginfo=chunks)
    return buffer.getvalue()


def check_png_size(width: int, height: int, cell: int) -> tuple[int, int]:
    """The pixel size of a puzzle's PNG, checked before any puzzle is generated.

    Parameters
    ----------
    width, height : int
        The grid in squares.
    cell : int
        Pixels a square, at least 1.

    Returns
    -------
    tuple of int
        (width, height) in pixels.

    Raises
    ------
    TypeError
        When an argument is not an integer.
    TilewrightError
        When the PNG would pass ``core.picture_size.MAX_PNG_PIXELS`` pixels or not fit in
        memory.

    Examples
    --------
    >>> check_png_size(15, 15, 32)
    (513, 513)
    """
    width, height = require_int(width, "width"), require_int(height, "height")
    cell = _check_cell(cell)
    size = picture_size(width, height, cell)
    check_png_pixels(*size, "use a smaller --cell")
    check_fits(size[0] * size[1] * 2, f"a {size[0]}x{size[1]} PNG")
    return size


def _check_cell(cell: object) -> int:
    cell = require_int(cell, "cell")
    if cell < 1:
        raise TilewrightError(f"cell must be at least 1 pixel, got {shown(cell)}")
    return cell


def _check_picture(puzzle: object, options: PictureOptions, function: str) -> int:
    """The options checked (``function`` names the caller in a refusal), types first, then
    whether ``regions`` is a grid the size of the puzzle's; the cell checked, or the default
    one (:func:`default_cell`) for None."""
    check_options(options, PictureOptions, function)
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"a picture needs a Puzzle, not {type(puzzle).__name__}")
    regions, cell = options.get("regions"), options.get("cell")
    if regions is not None:
        if not isinstance(regions, np.ndarray) or not np.issubdtype(regions.dtype, np.integer):
            raise TypeError("regions must be a NumPy integer array or None")
        if regions.shape != puzzle.clues.shape:
            raise TilewrightError(
                f"regions of shape {regions.shape} do not match the puzzle's {puzzle.clues.shape}"
            )
    return default_cell(puzzle.width, puzzle.height) if cell is None else _check_cell(cell)


def _font_size(cell: int, largest: int) -> int:
    # two digits fill about half a square; longer numbers shrink to fit
    return max(6, int(cell * 0.55 * min(1.0, 2.4 / max(2, len(str(largest))))))
