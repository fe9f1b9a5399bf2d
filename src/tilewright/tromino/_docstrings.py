"""Docstring sections that the tromino modules share (see ``tilewright.core.docstrings``)."""

from tilewright.core.docstrings import SECTIONS

TROMINO_SECTIONS: dict[str, str] = {
    "board": """\
width, height : int
    The board, 1 to ``MAX_SIDE`` cells a side.
missing : tuple of int
    (row, column) of the missing square, counted from 0.""",
    "classic_raises": """\
Raises
------
TypeError
    When an argument is not an integer.
TilewrightError
    When M is not such a power of two or the square is off the board.""",
    "tromino_picture": """\
**options
    Keyword-only arguments:
colours : numpy.ndarray, optional
    (H, W) cell colours (0 to 3); None (the default) for the palette by tromino number.
cell : int, optional
    SVG units a cell; the picture is ``W·cell + 2`` wide (a unit of margin each side
    for the outline). Default :func:`picture_cell`'s.
"""
    + SECTIONS["picture_info"],
    "tiling_write": """\
**options
    Keyword-only arguments:
colours : {3, 4}, optional
    Pictures: colour the trominoes properly with so many colours (the board is then
    held in memory); without, a repeating palette by tromino number.
cell : int, optional
    Pictures: pixels (SVG and PDF: units) a cell; by default the one that gives the
    picture a long side of 800 to 1000 pixels within ``max_side``.
max_side : int, default 8192
    Pictures: the largest side in pixels; a ``cell`` past it is refused.
paper : str, optional
    PDF: the page, ``"a4"`` (default) or ``"letter"``; refused for the others.""",
}
