"""Docstring sections that the tromino modules share (see ``tilewright.core.docstrings``)."""

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
}
