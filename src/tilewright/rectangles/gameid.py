"""Game IDs of the public puzzle collection's Rectangles, read and written exactly.

``WxH:DESC`` lists the cells row by row. A run of n blank cells is one letter, ``a`` = 1 …
``z`` = 26 (a longer run is split: ``z`` then the rest); a clue is its number in decimal; an
underscore separates two clues that follow each other in reading order. A clue followed by
a letter needs no separator. Everything a pasted ID can get wrong is reported in one line.
"""

import re
from dataclasses import dataclass

import numpy as np

from tilewright.core.errors import TilewrightError

_ID = re.compile(r"^\s*(\d+)x(\d+):(.*?)\s*$", re.DOTALL)
_TOKEN = re.compile(r"[a-z]|\d+|_|.", re.DOTALL)


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A Rectangles puzzle: ``clues`` is (H, W) int64, 0 where a cell has no number."""

    clues: np.ndarray

    @property
    def height(self) -> int:
        return self.clues.shape[0]

    @property
    def width(self) -> int:
        return self.clues.shape[1]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Puzzle) and np.array_equal(self.clues, other.clues)


def parse_game_id(game_id: str) -> Puzzle:
    """The puzzle of a ``WxH:DESC`` game ID, or a :class:`TilewrightError` saying what is
    wrong with it."""
    match = _ID.match(game_id)
    if not match:
        raise TilewrightError(
            f"a Rectangles game ID looks like 7x7:3_2a2_3g..., got {_shorten(game_id)!r}"
        )
    width, height = int(match[1]), int(match[2])
    if width < 1 or height < 1 or width * height < 2:
        raise TilewrightError(f"a {width}x{height} grid is too small for a puzzle")
    cells = width * height
    values: list[int] = []
    previous = ""
    for token in _TOKEN.findall(match[3]):
        if previous == "_" and not token.isdigit():
            raise TilewrightError("'_' must stand between two numbers")
        if token.isdigit():
            number = int(token)
            if not 1 <= number <= cells:
                raise TilewrightError(f"clue {number} is not between 1 and {cells} (the grid)")
            values.append(number)
        elif token == "_":
            if not previous.isdigit():
                raise TilewrightError("'_' must stand between two numbers")
        elif "a" <= token <= "z":
            values.extend([0] * (ord(token) - ord("a") + 1))
        else:
            raise TilewrightError(f"unexpected character {token!r} in the game ID")
        if len(values) > cells:
            raise TilewrightError(f"the description covers more than the {cells} cells")
        previous = token
    if previous == "_":
        raise TilewrightError("'_' must stand between two numbers")
    if len(values) < cells:
        raise TilewrightError(
            f"the description covers {len(values)} of the {cells} cells of a {width}x{height} grid"
        )
    clues = np.array(values, dtype=np.int64).reshape(height, width)
    if int(clues.sum()) != cells:
        raise TilewrightError(f"the clues add up to {int(clues.sum())}, not to the {cells} cells")
    return Puzzle(clues)


def format_game_id(puzzle: Puzzle) -> str:
    """The ``WxH:DESC`` game ID of a puzzle."""
    parts: list[str] = []
    blanks = 0
    after_clue = False
    for value in puzzle.clues.ravel().tolist():
        if value == 0:
            blanks += 1
            continue
        parts.append(_blank_run(blanks))
        if after_clue and blanks == 0:
            parts.append("_")
        parts.append(str(value))
        blanks, after_clue = 0, True
    parts.append(_blank_run(blanks))
    return f"{puzzle.width}x{puzzle.height}:{''.join(parts)}"


def _blank_run(count: int) -> str:
    return "z" * (count // 26) + (chr(ord("a") + count % 26 - 1) if count % 26 else "")


def _shorten(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."
