"""Rectangles puzzles and solutions as plain ASCII text for terminals: each square as wide
as the longest clue (at least two characters)."""

import numpy as np

from tilewright.rectangles.gameid import Puzzle, as_puzzle


def render(puzzle: Puzzle | str, regions: np.ndarray | None = None) -> str:
    """The puzzle as text, clues in their squares; with ``regions``, its solution: walls
    only between different rectangles.

    Parameters
    ----------
    puzzle : Puzzle or str
        The clues, or the puzzle's game ID.
    regions : numpy.ndarray, optional
        (H, W) integers naming each square's rectangle.

    Returns
    -------
    str
        Lines of ``+--+`` corners and ``|`` walls, ending in a newline.

    Examples
    --------
    >>> from tilewright.rectangles import parse_game_id
    >>> puzzle = parse_game_id("2x2:2b2")
    >>> print(render(puzzle, np.array([[0, 0], [1, 1]])), end="")
    +--+--+
    | 2   |
    +--+--+
    |    2|
    +--+--+
    """
    puzzle = as_puzzle(puzzle)
    if regions is None:
        regions = np.arange(puzzle.clues.size).reshape(puzzle.clues.shape)
    cell = max(2, len(str(int(puzzle.clues.max()))))
    height, width = regions.shape
    lines = ["+" + ("-" * cell + "+") * width]
    for r in range(height):
        middle = "|"
        below = "+"
        for c in range(width):
            value = int(puzzle.clues[r, c])
            middle += (str(value) if value else "").rjust(cell)
            middle += " " if c + 1 < width and regions[r, c] == regions[r, c + 1] else "|"
            same = r + 1 < height and regions[r, c] == regions[r + 1, c]
            below += (" " if same else "-") * cell + "+"
        lines += [middle, below]
    return "\n".join(lines) + "\n"
