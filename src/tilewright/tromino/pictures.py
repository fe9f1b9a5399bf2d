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

_OUTLINE, _MISSING, _FIRST_COLOUR = 0, 1, 2
# Colours for trominoes: four clear ones first (a proper colouring needs at most four),
# then more for the repeating palette of uncoloured boards.
PALETTE = [
    "#4e79a7", "#f28e2b", "#59a14f", "#edc948", "#e15759", "#76b7b2",
    "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#86bcb6", "#d4a6c8",
]  # fmt: skip
OUTLINE = "#222222"
MAX_SVG_CELLS = 1 << 20


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
    """Write palette PNG rows with pypng, one row at a time."""
    palette = [parse_colour(OUTLINE), (0, 0, 0)] + [parse_colour(c) for c in PALETTE]
    writer = png.Writer(width * cell, height * cell, palette=palette, bitdepth=8)
    writer.write(stream, pixel_rows)


def svg_text(labels: np.ndarray, colours: np.ndarray | None, cell: int = 20) -> str:
    """The tiling as SVG: one L-shaped polygon per tromino, grouped by colour, outlined."""
    height, width = labels.shape
    if labels.size > MAX_SVG_CELLS:
        raise TilewrightError(
            f"SVG is for boards up to {MAX_SVG_CELLS} cells; use PNG for a {width}x{height} board"
        )
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
