"""Pictures of tromino tilings: PNG streamed row by row, SVG, and PDF drawn from the SVG.

PNG rows are made from rows of labels, so a board of any size streams to disk: each cell
is ``cell`` pixels square, painted in its tromino's colour, with a dark line where the
tromino ends (when cells are 3 pixels or more) and the missing square in black. Colours are
a proper colouring when one is given (``colours``: (H, W) per-cell colour numbers), else a
repeating palette by tromino number, which tells neighbours apart most of the time and needs
no look at the whole board.

The SVG draws each tromino as one L-shaped polygon, grouped by colour, with outlines: what
a laser cutter or a printer wants; it needs the board in memory. The PDF is that SVG drawn
by cairo (``tilewright.core.pdf``). Every picture records what made it (board, missing
square, seed): a PNG text chunk, an SVG ``<metadata>`` element, the PDF's information.
"""

from collections.abc import Iterable, Iterator, Mapping
from typing import TypedDict, Unpack, cast

import numpy as np

from tilewright.core.colours import parse_colour
from tilewright.core.docstrings import filler
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.metadata import png_text, svg_element
from tilewright.core.numbers import require_int, shown
from tilewright.core.options import check_options
from tilewright.core.pdf import DEFAULT_PAPER
from tilewright.core.picture_size import (
    PIXEL_BUDGET,
    check_budget,
    check_max_side,
    check_png_pixels,
    default_cell,
    fit_cell,
)
from tilewright.core.raster import TextPngWriter
from tilewright.tromino._docstrings import TROMINO_SECTIONS
from tilewright.tromino.feasibility import check_board
from tilewright.tromino.tiling import check_band

_OUTLINE, _MISSING, _FIRST_COLOUR = 0, 1, 2
# Colours for trominoes: four clear ones first (a proper colouring needs at most four),
# then more for the repeating palette of uncoloured boards; every two at least
# core.colours.PALETTE_SEPARATION apart (ΔE2000), as neighbours they may be.
PALETTE = [
    "#4e79a7", "#f28e2b", "#59a14f", "#edc948", "#e15759", "#76b7b2",
    "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#a0cbe8", "#d4a6c8",
]  # fmt: skip
OUTLINE = "#222222"
MAX_SVG_CELLS = 1 << 20
"""The largest board an SVG or PDF draws: every tromino is a polygon held in memory."""
LEGIBLE_CELL = 4
"""The smallest cell the default picture has while it fits ``max_side``: an L still reads
as an L inside its outline."""
# bytes an SVG costs while it is built, per cell (the trominoes sorted, their path strings,
# the document): measured 78 at 256x256 and 94 at 1024x1024
SVG_BYTES_PER_CELL = 160


class PictureOptions(TypedDict, total=False):
    """The keyword arguments of :func:`svg_text`, described there."""

    colours: np.ndarray | None
    cell: int | None
    info: Mapping[str, object] | None


class PdfOptions(PictureOptions, total=False):
    """The keyword arguments of :func:`pdf_bytes`: those of :class:`PictureOptions` and
    the page."""

    paper: str


fill_doc = filler(TROMINO_SECTIONS)


def check_picture_size(
    width: int, height: int, cell: int, fmt: str = "png", coloured: bool = False
) -> None:
    """Refuse a picture that cannot be made, before any tiling is computed.

    Parameters
    ----------
    width, height : int
        The board in cells.
    cell : int
        Pixels (SVG: units) a cell, at least 1.
    fmt : {"png", "svg", "pdf"}
        PNG rows stream (a board of any height fits); SVG and PDF hold every tromino.
    coloured : bool
        Whether a proper colouring is asked for: it needs the whole board in memory.

    Raises
    ------
    TypeError
        When a size or ``cell`` is not an integer.
    TilewrightError
        When the PNG would have more than ``core.picture_size.MAX_PNG_PIXELS`` pixels
        (the message names its size), the SVG more than ``MAX_SVG_CELLS`` cells, or what
        it needs at once (a row of pixels, or the board) does not fit in memory.
    """
    width, height = check_board(width, height)
    cell = require_int(cell, "cell")
    if cell < 1:
        raise TilewrightError(f"cell must be at least 1 pixel, got {shown(cell)}")
    if fmt in ("svg", "pdf"):
        _check_svg_cells(width, height)
    elif fmt == "png":
        check_png_pixels(width * cell, height * cell, "use a smaller --cell")
        # a board row's cell pixel rows are made at once, beside a band of labels
        check_fits(width * cell * (cell + 2), f"a row of a {width * cell}-pixel-wide PNG")
        check_band(width)
    else:
        raise TilewrightError(f"pictures are png, svg or pdf, not {fmt!r}")
    if coloured or fmt != "png":
        _check_board_in_memory(width, height, coloured)


def _check_svg_cells(width: int, height: int) -> None:
    if width * height > MAX_SVG_CELLS:
        raise TilewrightError(
            f"SVG and PDF are for boards up to {MAX_SVG_CELLS} cells; "
            f"use PNG for a {shown(width)}x{shown(height)} board"
        )
    check_fits(width * height * SVG_BYTES_PER_CELL, f"an SVG of a {width}x{height} board")


def _check_board_in_memory(width: int, height: int, coloured: bool) -> None:
    """Pictures that colour the trominoes, and SVG, hold the whole board's labels (and its
    colouring)."""
    from tilewright.tromino.colour import COLOUR_BYTES_PER_CELL

    per_cell = 8 * 1.1 + ((COLOUR_BYTES_PER_CELL + 1) if coloured else 0)
    check_fits(width * height * per_cell, f"a {width}x{height} board in memory")


def picture_cell(
    width: int, height: int, cell: int | None = None, fmt: str = "png", max_side: int = PIXEL_BUDGET
) -> int:
    """Pixels (SVG units) a cell: by default the one that gives the picture a long side of
    800 to 1000 pixels (``core.picture_size.default_cell``, at least ``LEGIBLE_CELL`` while
    that fits ``max_side``), or ``cell`` when it is given and fits.

    Parameters
    ----------
    width, height : int
        The board in cells.
    cell : int, optional
        The size asked for; None chooses one.
    fmt : {"png", "svg", "pdf"}
        A PNG is ``cell`` pixels a cell; an SVG or PDF adds a unit of margin each side.
    max_side : int
        The largest side of the picture.

    Returns
    -------
    int
        At least 1. When even 1 is too large, 1: the board's own checks
        (:func:`check_picture_size`) then decide whether the picture can be made.

    Raises
    ------
    TypeError
        When ``cell`` or ``max_side`` is not an integer.
    TilewrightError
        When ``cell`` is below 1 or its picture is past ``max_side`` (naming the size it
        would need and a cell that fits, if one does).

    Examples
    --------
    >>> picture_cell(10, 10)
    100
    >>> picture_cell(1000, 500)
    4
    >>> picture_cell(1000, 500, cell=9)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the picture would be 9000x4500 pixels, ...
    """
    width, height = check_board(width, height)
    max_side = check_max_side(max_side)
    margin = 0 if fmt == "png" else 2

    def size_at(side: int) -> tuple[int, int]:
        return width * side + margin, height * side + margin

    if cell is None:
        return default_cell(size_at, LEGIBLE_CELL, budget=max_side)
    cell = require_int(cell, "cell")
    if cell < 1:
        raise TilewrightError(f"cell must be at least 1 pixel, got {shown(cell)}")
    fits = fit_cell(size_at, cell, budget=max_side)  # the largest up to the one asked for
    check_budget(size_at(cell), max_side, fits if max(size_at(fits)) <= max_side else None)
    return cell


def colour_index(labels: np.ndarray, colours: np.ndarray | None) -> np.ndarray:
    """Palette index per cell: the given colouring, else the repeating palette.

    Parameters
    ----------
    labels : numpy.ndarray
        Labels of a band of rows (0 on the missing square).
    colours : numpy.ndarray or None
        Each cell's colour (0 to 3), or None for the palette by tromino number.

    Returns
    -------
    numpy.ndarray
        uint8 indices into the PNG palette: 0 outline, 1 the missing square (black),
        2 onwards ``PALETTE``.

    Examples
    --------
    >>> colour_index(np.array([[0, 1, 1]]), None).tolist()
    [[1, 9, 9]]
    """
    if colours is not None:
        index = colours.astype(np.int64) + _FIRST_COLOUR
    else:
        index = (labels * 7) % len(PALETTE) + _FIRST_COLOUR
    return np.where(labels == 0, _MISSING, index).astype(np.uint8)


def png_rows(
    bands: Iterable[tuple[np.ndarray, np.ndarray | None]], width: int, cell: int
) -> Iterator[np.ndarray]:
    """Pixel rows (palette indices) from bands of (labels, colours or None).

    Parameters
    ----------
    bands : iterable of (numpy.ndarray, numpy.ndarray or None)
        Bands of rows of labels, each with its cells' colours or None.
    width : int
        Cells a row.
    cell : int
        Pixels a cell; from 3 up, a dark line where a tromino ends.

    Returns
    -------
    Iterator of numpy.ndarray
        ``cell`` rows of ``width * cell`` palette indices per row of cells, made one board
        row at a time.

    Examples
    --------
    >>> from tilewright.tromino import tile_rows
    >>> rows = png_rows(((band, None) for band in tile_rows(2, 2, (0, 0))), 2, 1)
    >>> [row.tolist() for row in rows]
    [[1, 9], [9, 9]]
    """
    outline = cell >= 3
    previous: tuple[np.ndarray, np.ndarray] | None = None
    first = True
    for labels, colours in bands:
        index = colour_index(labels, colours)
        for i in range(labels.shape[0]):
            if previous is not None:
                rows = _cell_rows(*previous, labels[i], cell, outline)
                if first and outline:  # the board's top edge
                    rows[0][:] = _OUTLINE
                    first = False
                yield from rows
            previous = (labels[i], index[i])
    if previous is not None:
        rows = _cell_rows(*previous, None, cell, outline)
        if first and outline:
            rows[0][:] = _OUTLINE
        yield from rows


def _cell_rows(labels, index, below, cell: int, outline: bool) -> list[np.ndarray]:
    """The ``cell`` pixel rows of one board row."""
    row = np.repeat(index, cell)
    if not outline:
        return [row] * cell
    # A line on the right and bottom edge of a cell where its tromino ends, and round the
    # board: every boundary between two trominoes is drawn exactly once.
    right = np.ones_like(labels, dtype=np.bool_)
    right[:-1] = labels[:-1] != labels[1:]
    cells = row.reshape(-1, cell).copy()
    cells[right, -1] = _OUTLINE
    row = cells.reshape(-1)
    row[0] = _OUTLINE  # the board's left edge
    bottom = np.ones_like(labels, dtype=np.bool_) if below is None else labels != below
    last = row.reshape(-1, cell).copy()
    last[bottom, :] = _OUTLINE
    return [row.copy() for _ in range(cell - 1)] + [last.reshape(-1)]


def write_png(
    stream,
    pixel_rows: Iterable[np.ndarray],
    width: int,
    height: int,
    cell: int,
    info: Mapping[str, object] | None = None,
) -> None:
    """Write palette PNG rows with pypng, one row at a time, with ``info`` (what made the
    picture) in text chunks.

    Parameters
    ----------
    stream : binary file
        Where the bytes go.
    pixel_rows : iterable of numpy.ndarray
        The rows of :func:`png_rows`.
    width, height : int
        The board in cells.
    cell : int
        Pixels a cell.
    info : mapping, optional
        The record (``tilewright.core.metadata.png_text``): ``Software`` and
        ``tilewright`` text chunks.

    Raises
    ------
    TilewrightError
        As :func:`check_picture_size` refuses, before anything is written.

    Examples
    --------
    >>> import io
    >>> from PIL import Image
    >>> from tilewright.tromino import tile_rows
    >>> sink = io.BytesIO()
    >>> rows = png_rows(((band, None) for band in tile_rows(2, 2, (0, 0))), 2, 4)
    >>> write_png(sink, rows, 2, 2, 4, {"seed": 7})
    >>> image = Image.open(sink)
    >>> image.size, image.text["tilewright"].endswith('"seed":7}')
    ((8, 8), True)
    """
    check_picture_size(width, height, cell)
    palette = [parse_colour(OUTLINE), (0, 0, 0)] + [parse_colour(c) for c in PALETTE]
    text = png_text(info or {})
    writer = TextPngWriter(text, width * cell, height * cell, palette=palette, bitdepth=8)
    writer.write(stream, pixel_rows)


@fill_doc
def svg_text(labels: np.ndarray, **options: Unpack[PictureOptions]) -> str:
    """The tiling as SVG: one L-shaped polygon per tromino, grouped by colour, outlined,
    with ``info`` (what made it) in a ``<metadata>`` element.

    Parameters
    ----------
    labels : numpy.ndarray
        (H, W) labels of the whole board, 0 on the missing square.
    %(tromino_picture)s

    %(svg_returns)s

    Raises
    ------
    TilewrightError
        When ``labels`` is not 2-D or the board has more than ``MAX_SVG_CELLS`` cells.

    Examples
    --------
    >>> from tilewright.tromino import tile
    >>> svg = svg_text(tile(4, 4, (0, 0)), cell=10, info={"seed": 7})
    >>> svg.count("M"), 'width="42"' in svg, '"seed":7' in svg
    (5, True, True)
    """
    import drawsvg

    check_options(options, PictureOptions, "svg_text")
    cell = options.get("cell")
    labels = np.asarray(labels)
    if labels.ndim != 2:
        raise TilewrightError(f"a tiling is a 2-D array of labels, not shape {labels.shape}")
    height, width = labels.shape
    _check_svg_cells(width, height)
    cell = picture_cell(width, height, None, "svg") if cell is None else require_int(cell, "cell")
    index = colour_index(labels, options.get("colours"))
    drawing = drawsvg.Drawing(width * cell + 2, height * cell + 2)
    group = drawsvg.Group(transform=f"translate(1,1) scale({cell})")
    for palette_index, d in _polygons_by_colour(labels, index):
        group.append(
            drawsvg.Path(
                d=d,
                fill=PALETTE[palette_index - _FIRST_COLOUR],
                stroke=OUTLINE,
                stroke_width=f"{2 / cell:.3g}",
                stroke_linejoin="round",
            )
        )
    (missing_row,), (missing_col,) = np.nonzero(labels == 0)
    group.append(drawsvg.Rectangle(missing_col, missing_row, 1, 1, fill="black"))
    drawing.append(group)
    svg = drawing.as_svg()
    # the record goes first inside <svg>, before anything drawn
    start = svg.index(">", svg.index("<svg")) + 1
    return svg[:start] + svg_element(options.get("info") or {}) + svg[start:]


@fill_doc
def pdf_bytes(labels: np.ndarray, **options: Unpack[PdfOptions]) -> bytes:
    """The tiling as a one-page vector PDF: the SVG of :func:`svg_text` drawn by cairo,
    fitted to a page of ``paper`` (``core.pdf.placement``), with ``info`` in the
    document's information.

    Parameters
    ----------
    labels : numpy.ndarray
        As for :func:`svg_text`.
    %(tromino_picture)s
    %(paper)s

    %(pdf_returns)s

    Raises
    ------
    TilewrightError
        As :func:`svg_text` refuses, or when the drawing would not fit in memory.

    Examples
    --------
    >>> from tilewright.tromino import tile
    >>> pdf_bytes(tile(4, 4, (0, 0)), cell=10, info={"seed": 7})[:5]
    b'%PDF-'
    """
    from tilewright.core.pdf import pdf_from_svg

    check_options(options, PdfOptions, "pdf_bytes")
    paper = options.pop("paper", DEFAULT_PAPER)
    drawing = cast(PictureOptions, options)  # the page taken out
    return pdf_from_svg(svg_text(labels, **drawing), drawing.get("info"), paper)


# Each L as a start corner (from the 2×2 box's top-left) and relative moves round it, by
# which box cell is absent: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
_L_OUTLINE = {
    0: (1, 0, "h1v2h-2v-1h1z"),
    1: (0, 0, "h1v1h1v1h-2z"),
    2: (0, 0, "h2v2h-1v-1h-1z"),
    3: (0, 0, "h2v1h-1v1h-1z"),
}


def _polygons_by_colour(labels: np.ndarray, index: np.ndarray) -> list[tuple[int, str]]:
    """SVG path data of every tromino, one string per palette colour."""
    flat = labels.ravel()
    order = np.argsort(flat, kind="stable")[1:]  # drop the missing square (label 0)
    rows, cols = np.divmod(order, labels.shape[1])
    rows, cols = rows.reshape(-1, 3), cols.reshape(-1, 3)
    top, left = rows.min(axis=1), cols.min(axis=1)
    # Which box cell is absent: the box holds 4 cells, the tromino 3 (offsets sum to 2 - it).
    present = (rows - top[:, None]) * 2 + (cols - left[:, None])
    absent = 6 - present.sum(axis=1)
    shade = index.ravel()[order[::3]]
    parts: dict[int, list[str]] = {}
    boxes = zip(top.tolist(), left.tolist(), absent.tolist(), shade.tolist(), strict=True)
    for y, x, gone, colour in boxes:
        dx, dy, moves = _L_OUTLINE[gone]
        parts.setdefault(colour, []).append(f"M{x + dx},{y + dy}{moves}")
    return [(s, "".join(d)) for s, d in sorted(parts.items())]
