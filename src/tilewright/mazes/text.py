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
