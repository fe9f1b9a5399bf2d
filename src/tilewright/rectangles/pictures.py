"""Printable pictures of Rectangles puzzles: a thin grid, each clue centred in its square,
and, for a solution, thick borders between rectangles. SVG (drawsvg) scales to any print
size; PNG (Pillow) is for screens and quick looks."""

import io

import drawsvg
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_int, shown
from tilewright.rectangles.gameid import Puzzle

GRID = "#b0b0b0"
INK = "#000000"
MAX_PNG_PIXELS = 2**31 - 1
# bytes the SVG document costs while it is built, per clue (a text element in drawsvg and
# its share of the document string): measured about 1 300 on 100x100 and 200x200 puzzles
SVG_BYTES_PER_CLUE = 2000


def borders(regions: np.ndarray) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """The walls between different regions, merged into runs: vertical runs as
    (x, first row, last row + 1) and horizontal runs as (y, first column, last column + 1),
    in grid units, the outline of the grid excluded."""
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


def svg_text(puzzle: Puzzle, regions: np.ndarray | None = None, cell: int = 32) -> str:
    """The puzzle (or, with ``regions``, its solution) as an SVG document.

    Raises ``TypeError`` for arguments of the wrong type and :class:`TilewrightError` when
    ``regions`` does not match the puzzle or the document would not fit in memory.
    """
    _check_picture(puzzle, regions, cell)
    clues = int(np.count_nonzero(puzzle.clues))
    check_fits(clues * SVG_BYTES_PER_CLUE, f"an SVG of {clues} clues")
    height, width = puzzle.clues.shape
    margin = cell // 2
    drawing = drawsvg.Drawing(width * cell + 2 * margin, height * cell + 2 * margin)
    drawing.append(drawsvg.Rectangle(0, 0, "100%", "100%", fill="white"))
    group = drawsvg.Group(transform=f"translate({margin},{margin})")
    thin = [f"M{x * cell} 0V{height * cell}" for x in range(1, width)]
    thin += [f"M0 {y * cell}H{width * cell}" for y in range(1, height)]
    group.append(drawsvg.Path(d="".join(thin), stroke=GRID, stroke_width=max(1, cell // 32)))
    rows, cols = np.nonzero(puzzle.clues)
    text = drawsvg.Group(
        font_family="DejaVu Sans, Arial, sans-serif",
        font_size=_font_size(cell, int(puzzle.clues.max())),
        text_anchor="middle",
        dominant_baseline="central",
        fill=INK,
    )
    for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
        text.append(drawsvg.Text(str(puzzle.clues[r, c]), None, (c + 0.5) * cell, (r + 0.5) * cell))
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


def png_bytes(puzzle: Puzzle, regions: np.ndarray | None = None, cell: int = 32) -> bytes:
    """The puzzle (or, with ``regions``, its solution) as a greyscale PNG.

    Raises ``TypeError`` for arguments of the wrong type and :class:`TilewrightError` when
    ``regions`` does not match the puzzle or the picture is too large (see
    :func:`check_png_size`).
    """
    _check_picture(puzzle, regions, cell)
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
    font = ImageFont.load_default(size=_font_size(cell, int(puzzle.clues.max())))
    for r, c in zip(*np.nonzero(puzzle.clues), strict=True):
        centre = (margin + (c + 0.5) * cell, margin + (r + 0.5) * cell)
        draw.text(centre, str(puzzle.clues[r, c]), fill=ink, font=font, anchor="mm")
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
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
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
        When the PNG would pass ``MAX_PNG_PIXELS`` pixels or not fit in memory.
    """
    width, height = require_int(width, "width"), require_int(height, "height")
    cell = _check_cell(cell)
    margin = cell // 2
    size = (width * cell + 2 * margin + 1, height * cell + 2 * margin + 1)
    if size[0] * size[1] > MAX_PNG_PIXELS:
        raise TilewrightError(
            f"a {shown(size[0])}x{shown(size[1])} PNG is too large (at most {MAX_PNG_PIXELS} "
            "pixels); use a smaller --cell"
        )
    check_fits(size[0] * size[1] * 2, f"a {size[0]}x{size[1]} PNG")
    return size


def _check_cell(cell: object) -> int:
    cell = require_int(cell, "cell")
    if cell < 1:
        raise TilewrightError(f"cell must be at least 1 pixel, got {shown(cell)}")
    return cell


def _check_picture(puzzle: object, regions: object, cell: object) -> None:
    """Types first, then whether ``regions`` is a grid the size of the puzzle's."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"a picture needs a Puzzle, not {type(puzzle).__name__}")
    if regions is not None:
        if not isinstance(regions, np.ndarray) or not np.issubdtype(regions.dtype, np.integer):
            raise TypeError("regions must be a NumPy integer array or None")
        if regions.shape != puzzle.clues.shape:
            raise TilewrightError(
                f"regions of shape {regions.shape} do not match the puzzle's {puzzle.clues.shape}"
            )
    _check_cell(cell)


def _font_size(cell: int, largest: int) -> int:
    # two digits fill about half a square; longer numbers shrink to fit
    return max(6, int(cell * 0.55 * min(1.0, 2.4 / max(2, len(str(largest))))))
