"""Pictures of tromino tilings: PNG streamed row by row, and SVG.

PNG rows are made from rows of labels, so a board of any size streams to disk: each cell
is ``cell`` pixels square, painted in its tromino's colour, with a dark line where the
tromino ends (when cells are 3 pixels or more) and the missing square in black. Colours are
a proper colouring when one is given (``colours``: (H, W) per-cell colour numbers), else a
repeating palette by tromino number, which tells neighbours apart most of the time and needs
no look at the whole board.

The SVG draws each tromino as one L-shaped polygon, grouped by colour, with outlines: what
a laser cutter or a printer wants; it needs the board in memory.
"""

from collections.abc import Iterable, Iterator

import drawsvg
import numpy as np
import png

from tilewright.core.colours import parse_colour
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_int, shown
from tilewright.tromino.feasibility import check_board
from tilewright.tromino.tiling import check_band

_OUTLINE, _MISSING, _FIRST_COLOUR = 0, 1, 2
# Colours for trominoes: four clear ones first (a proper colouring needs at most four),
# then more for the repeating palette of uncoloured boards.
PALETTE = [
    "#4e79a7", "#f28e2b", "#59a14f", "#edc948", "#e15759", "#76b7b2",
    "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#86bcb6", "#d4a6c8",
]  # fmt: skip
OUTLINE = "#222222"
MAX_SVG_CELLS = 1 << 20
MAX_PNG_PIXELS = 2**31 - 1
"""The most pixels a PNG may have, as for mazes and Rectangles pictures. Rows stream, so
memory is not the limit; time is, and most image readers refuse larger pictures anyway."""
# bytes an SVG costs while it is built, per cell (the trominoes sorted, their path strings,
# the document): measured 78 at 256x256 and 94 at 1024x1024
SVG_BYTES_PER_CELL = 160


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
    fmt : {"png", "svg"}
        PNG rows stream (a board of any height fits); SVG holds every tromino.
    coloured : bool
        Whether a proper colouring is asked for: it needs the whole board in memory.

    Raises
    ------
    TypeError
        When a size or ``cell`` is not an integer.
    TilewrightError
        When the PNG would have more than ``MAX_PNG_PIXELS`` pixels (the message names its
        size), the SVG more than ``MAX_SVG_CELLS`` cells, or what it needs at once (a row of
        pixels, or the board) does not fit in memory.
    """
    width, height = check_board(width, height)
    cell = require_int(cell, "cell")
    if cell < 1:
        raise TilewrightError(f"cell must be at least 1 pixel, got {shown(cell)}")
    if fmt == "svg":
        _check_svg_cells(width, height)
    elif fmt == "png":
        pixels = width * height * cell * cell
        if pixels > MAX_PNG_PIXELS:
            raise TilewrightError(
                f"a {shown(width * cell)}x{shown(height * cell)} PNG ({shown(pixels)} pixels) "
                f"is more than the {MAX_PNG_PIXELS} a PNG may have; use a smaller --cell"
            )
        # a board row's cell pixel rows are made at once, beside a band of labels
        check_fits(width * cell * (cell + 2), f"a row of a {width * cell}-pixel-wide PNG")
        check_band(width)
    else:
        raise TilewrightError(f"pictures are png or svg, not {fmt!r}")
    if coloured or fmt == "svg":
        _check_board_in_memory(width, height, coloured)


def _check_svg_cells(width: int, height: int) -> None:
    if width * height > MAX_SVG_CELLS:
        raise TilewrightError(
            f"SVG is for boards up to {MAX_SVG_CELLS} cells; "
            f"use PNG for a {shown(width)}x{shown(height)} board"
        )
    check_fits(width * height * SVG_BYTES_PER_CELL, f"an SVG of a {width}x{height} board")


def _check_board_in_memory(width: int, height: int, coloured: bool) -> None:
    """Pictures that colour the trominoes, and SVG, hold the whole board's labels (and its
    colouring)."""
    from tilewright.tromino.colour import COLOUR_BYTES_PER_CELL

    per_cell = 8 * 1.1 + ((COLOUR_BYTES_PER_CELL + 1) if coloured else 0)
    check_fits(width * height * per_cell, f"a {width}x{height} board in memory")


def default_cell(width: int, height: int) -> int:
    """Pixels per cell so that the picture is about 2048 pixels at most, 1 to 24."""
    return max(1, min(24, 2048 // max(width, height)))


def colour_index(labels: np.ndarray, colours: np.ndarray | None) -> np.ndarray:
    """Palette index per cell: the given colouring, else the repeating palette."""
    if colours is not None:
        index = colours.astype(np.int64) + _FIRST_COLOUR
    else:
        index = (labels * 7) % len(PALETTE) + _FIRST_COLOUR
    return np.where(labels == 0, _MISSING, index).astype(np.uint8)


def png_rows(
    bands: Iterable[tuple[np.ndarray, np.ndarray | None]], width: int, cell: int
) -> Iterator[np.ndarray]:
    """Pixel rows (palette indices) from bands of (labels, colours or None)."""
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
    row = row.reshape(-1, cell).copy()
    row[right, -1] = _OUTLINE
    row = row.reshape(-1)
    row[0] = _OUTLINE  # the board's left edge
    bottom = np.ones_like(labels, dtype=np.bool_) if below is None else labels != below
    last = row.reshape(-1, cell).copy()
    last[bottom, :] = _OUTLINE
    return [row.copy() for _ in range(cell - 1)] + [last.reshape(-1)]


def write_png(stream, pixel_rows: Iterable[np.ndarray], width: int, height: int, cell: int):
    """Write palette PNG rows with pypng, one row at a time (refused first, as by
    :func:`check_picture_size`, when the picture is too large)."""
    check_picture_size(width, height, cell)
    palette = [parse_colour(OUTLINE), (0, 0, 0)] + [parse_colour(c) for c in PALETTE]
    writer = png.Writer(width * cell, height * cell, palette=palette, bitdepth=8)
    writer.write(stream, pixel_rows)


def svg_text(labels: np.ndarray, colours: np.ndarray | None, cell: int = 20) -> str:
    """The tiling as SVG: one L-shaped polygon per tromino, grouped by colour, outlined."""
    labels = np.asarray(labels)
    if labels.ndim != 2:
        raise TilewrightError(f"a tiling is a 2-D array of labels, not shape {labels.shape}")
    height, width = labels.shape
    require_int(cell, "cell")
    _check_svg_cells(width, height)
    index = colour_index(labels, colours)
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
    return drawing.as_svg()


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
