"""Text pictures of mazes, written band by band so that streams never sit in memory.

Two styles:

* ``ascii`` — the classic ``+--+`` / ``|`` drawing: two lines per row, three characters per
  cell, readable anywhere.
* ``unicode`` — compact box drawing on the lattice of cell corners: one line per row of
  corners (H + 1 lines in all) and two characters per cell, so cells come out about square in
  a terminal. A corner's glyph joins the wall segments that meet there; box-drawing glyphs
  fill the full line height, so vertical walls connect from one line to the next.

Each renderer is a generator of ``bytes`` taking ``Band`` objects, vectorised with NumPy per
band (about a million cells), with one row of look-behind for the unicode style.

:func:`lattice_text` draws a whole maze held in memory in the unicode style, any of whose
cells may be missing (a mask), and, given a path, in a roomier layout with a line of its own
for each row of cells (four characters a cell), so that the path runs through the cells in
heavy box-drawing lines.
"""

from collections.abc import Iterable, Iterator

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.mazes.model import Band

STYLES = ("ascii", "unicode")

# Box-drawing glyph for the arms meeting at a corner: up=1, right=2, down=4, left=8.
_CORNER = np.array(
    [ord(ch) for ch in " ╵╶└╷│┌├╴┘─┴┐┤┬┼"],
    dtype=np.uint32,
)
_UP, _RIGHT, _DOWN, _LEFT = 1, 2, 4, 8
# The same in heavy lines, for a path through the cells (a path of one cell is a dot).
_HEAVY = np.array([ord(ch) for ch in "•╹╺┗╻┃┏┣╸┛━┻┓┫┳╋"], dtype=np.uint32)


def render(bands: Iterable[Band], width: int, style: str) -> Iterator[bytes]:
    """The maze drawn in ``style``, as chunks of UTF-8 text ending in newlines.

    Parameters
    ----------
    bands : iterable of Band
        The maze's rows, top to bottom: ``Maze.bands()`` or ``stream_bands(...)``.
    width : int
        The maze's width in cells.
    style : {"unicode", "ascii"}
        Compact box drawing, or the classic ``+--+`` drawing.

    Returns
    -------
    iterator of bytes
        The text, a band at a time.

    Raises
    ------
    TilewrightError
        When ``style`` is unknown, or (unicode) there are no rows.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> maze = generate(4, 3, "kruskal", seed=2)
    >>> print(b"".join(render(maze.bands(), maze.width, "ascii")).decode(), end="")
    +--+--+--+--+
    |  |     |  |
    +  +  +  +  +
    |     |     |
    +  +--+  +--+
    |  |        |
    +--+--+--+--+
    """
    if style == "ascii":
        return _ascii(bands, width)
    if style == "unicode":
        return _unicode(bands, width)
    raise TilewrightError(f"unknown text style {style!r} (known: {', '.join(STYLES)})")


def _ascii(bands: Iterable[Band], width: int) -> Iterator[bytes]:
    yield b"+" + b"--+" * width + b"\n"
    for band in bands:
        k = band.rows
        text = np.full((k, 2, 3 * width + 2), ord(" "), dtype=np.uint8)
        text[:, :, -1] = ord("\n")
        cell_line, wall_line = text[:, 0], text[:, 1]
        cell_line[:, 0] = ord("|")
        cell_line[:, 3 : 3 * width + 1 : 3] = np.where(band.east, ord(" "), ord("|"))
        wall_line[:, 0 : 3 * width + 1 : 3] = ord("+")
        dashes = np.where(band.south, ord(" "), ord("-"))
        wall_line[:, 1 : 3 * width : 3] = dashes
        wall_line[:, 2 : 3 * width : 3] = dashes
        yield text.tobytes()


def _unicode(bands: Iterable[Band], width: int) -> Iterator[bytes]:
    # The row above the band: none yet, which draws like a row of solid walls.
    above_south = np.zeros(width, dtype=np.bool_)
    above_east = np.zeros(width, dtype=np.bool_)
    first = True
    for band in bands:
        souths = np.vstack([above_south[None], band.south])
        easts = np.vstack([above_east[None], band.east])
        yield _corner_lines(souths, easts, top=first, bottom=False)
        above_south, above_east = band.south[-1], band.east[-1]
        first = False
    if first:
        raise TilewrightError("a maze needs at least one row")
    yield _corner_lines(
        np.vstack([above_south[None], above_south[None]]),
        np.vstack([above_east[None], np.zeros((1, width), dtype=np.bool_)]),
        top=False,
        bottom=True,
    )


def _corner_lines(souths: np.ndarray, easts: np.ndarray, top: bool, bottom: bool) -> bytes:
    """Corner lines between consecutive rows of ``souths``/``easts`` (k + 1 rows → k lines).

    Line i lies between row i (above) and row i + 1 (below). ``top`` marks the first line as
    the outer edge of the maze, ``bottom`` marks it as the outer bottom edge.
    """
    k, width = souths.shape[0] - 1, souths.shape[1]
    # Walls along the lines: True where the cell below line i is closed off from the cell above.
    horizontal = ~souths[:-1]
    if top:
        horizontal[0] = True
    if bottom:
        horizontal[:] = True
    # Vertical walls at corner column j, in the row above and the row below each line:
    # the outer columns are always walls.
    vertical = np.ones((k + 1, width + 1), dtype=np.bool_)
    vertical[:, 1:width] = ~easts[:, : width - 1]
    up = vertical[:-1].copy()
    down = vertical[1:].copy()
    if top:
        up[0] = False
    if bottom:
        down[:] = False
    arms = np.zeros((k, width + 1), dtype=np.uint8)
    arms |= np.where(up, _UP, 0).astype(np.uint8)
    arms |= np.where(down, _DOWN, 0).astype(np.uint8)
    arms[:, :width] |= np.where(horizontal, _RIGHT, 0).astype(np.uint8)
    arms[:, 1:] |= np.where(horizontal, _LEFT, 0).astype(np.uint8)
    glyphs = np.empty((k, 2 * width + 2), dtype=np.uint32)
    glyphs[:, 0 : 2 * width + 1 : 2] = _CORNER[arms]
    glyphs[:, 1 : 2 * width : 2] = np.where(horizontal, ord("─"), ord(" "))
    glyphs[:, -1] = ord("\n")
    return glyphs.tobytes().decode("utf-32-le" if np.little_endian else "utf-32-be").encode()


def lattice_text(
    on: np.ndarray, south: np.ndarray, east: np.ndarray, path: np.ndarray | None = None
) -> str:
    """A square-lattice maze in unicode box drawing, cells of a mask left out, a path drawn.

    Without ``path`` the drawing is exactly :func:`render`'s unicode style (two characters
    a cell, one line per row of corners); with it, each cell is four characters wide and
    has a line of its own, and the path runs through the cells in heavy lines.

    Parameters
    ----------
    on : numpy.ndarray
        bool, (H, W): the cells that exist; walls are drawn around the others' outlines.
    south, east : numpy.ndarray
        bool, (H, W): open passages down and right from each cell (read between cells
        that both exist only).
    path : numpy.ndarray, optional
        int, (k, 2): rows and columns of consecutive cells, each next to the one before.

    Returns
    -------
    str
        Lines ending in newlines, trailing spaces removed.

    Raises
    ------
    TilewrightError
        When two consecutive cells of ``path`` are not neighbours or one lies outside.

    Examples
    --------
    >>> on = np.ones((2, 3), dtype=bool)
    >>> south = np.array([[True, False, False], [False, False, False]])
    >>> east = np.array([[True, True, False], [True, True, False]])
    >>> print(lattice_text(on, south, east), end="")
    ┌─────┐
    │ ╶───┤
    └─────┘
    >>> print(lattice_text(on, south, east, np.array([[0, 2], [0, 1], [0, 0], [1, 0]])), end="")
    ┌───────────┐
    │ ┏━━━━━━━╸ │
    │ ┃ ╶───────┤
    │ ╹         │
    └───────────┘
    """
    height, width = on.shape
    across, down = _walls(on, south, east)
    corners = np.zeros((height + 1, width + 1), dtype=np.uint8)
    corners[1:] |= np.where(down, _UP, 0).astype(np.uint8)
    corners[:-1] |= np.where(down, _DOWN, 0).astype(np.uint8)
    corners[:, :-1] |= np.where(across, _RIGHT, 0).astype(np.uint8)
    corners[:, 1:] |= np.where(across, _LEFT, 0).astype(np.uint8)
    if path is None:
        glyphs = np.full((height + 1, 2 * width + 1), ord(" "), dtype=np.uint32)
        glyphs[:, 0::2] = _CORNER[corners]
        glyphs[:, 1::2] = np.where(across, ord("─"), ord(" "))
    else:
        glyphs = np.full((2 * height + 1, 4 * width + 1), ord(" "), dtype=np.uint32)
        glyphs[0::2, 0::4] = _CORNER[corners]
        for offset in (1, 2, 3):
            glyphs[0::2, offset::4] = np.where(across, ord("─"), ord(" "))
        glyphs[1::2, 0::4] = np.where(down, ord("│"), ord(" "))
        _draw_path(glyphs, np.asarray(path, dtype=np.int64).reshape(-1, 2), height, width)
    text = glyphs.tobytes().decode("utf-32-le" if np.little_endian else "utf-32-be")
    step = glyphs.shape[1]
    return "".join(text[i : i + step].rstrip() + "\n" for i in range(0, len(text), step))


def _walls(on: np.ndarray, south: np.ndarray, east: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The walls of a lattice maze: ``across`` (H + 1, W) along the line above each row
    (the last below the maze), ``down`` (H, W + 1) left of each column (the last right of
    it). A wall stands between a cell and a missing one, and between two cells with no
    passage."""
    height, width = on.shape
    padded = np.zeros((height + 2, width + 2), dtype=np.bool_)
    padded[1:-1, 1:-1] = on
    above, below = padded[:-1, 1:-1], padded[1:, 1:-1]
    opened = np.zeros((height + 1, width), dtype=np.bool_)
    opened[1:height] = south[: height - 1]
    across = (above != below) | (above & below & ~opened)
    left, right = padded[1:-1, :-1], padded[1:-1, 1:]
    opened = np.zeros((height, width + 1), dtype=np.bool_)
    opened[:, 1:width] = east[:, : width - 1]
    down = (left != right) | (left & right & ~opened)
    return across, down


def _draw_path(glyphs: np.ndarray, path: np.ndarray, height: int, width: int) -> None:
    """Draw ``path`` into the roomy layout: heavy lines through the cells' middles."""
    if len(path) == 0:
        return
    rows, cols = path[:, 0], path[:, 1]
    if rows.min() < 0 or rows.max() >= height or cols.min() < 0 or cols.max() >= width:
        raise TilewrightError("the path leaves the maze")
    step_rows, step_cols = np.diff(rows), np.diff(cols)
    if np.any(np.abs(step_rows) + np.abs(step_cols) != 1):
        raise TilewrightError("each cell of the path must be next to the one before")
    arms = np.zeros((height, width), dtype=np.uint8)
    # each step adds an arm at both of its cells, towards the other
    towards = np.select([step_rows < 0, step_rows > 0, step_cols > 0], [_UP, _DOWN, _RIGHT], _LEFT)
    back = np.select([step_rows < 0, step_rows > 0, step_cols > 0], [_DOWN, _UP, _LEFT], _RIGHT)
    np.bitwise_or.at(arms, (rows[:-1], cols[:-1]), towards.astype(np.uint8))
    np.bitwise_or.at(arms, (rows[1:], cols[1:]), back.astype(np.uint8))
    on_path = np.zeros((height, width), dtype=np.bool_)
    on_path[rows, cols] = True
    middle = glyphs[1::2, 2::4]
    middle[on_path] = _HEAVY[arms[on_path]]
    glyphs[1::2, 1::4][(arms & _LEFT) > 0] = ord("━")
    glyphs[1::2, 3::4][(arms & _RIGHT) > 0] = ord("━")
    # the gap a step crosses: the open wall between two cells of a row, or of a column
    across = step_cols != 0
    glyphs[2 * rows[:-1][across] + 1, 4 * np.maximum(cols[:-1], cols[1:])[across]] = ord("━")
    glyphs[2 * np.maximum(rows[:-1], rows[1:])[~across], 4 * cols[:-1][~across] + 2] = ord("┃")
