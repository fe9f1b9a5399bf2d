"""A complete solver for Rectangles: finds every solution, or the first ``limit`` of them.

Each clue n may become any n-cell rectangle that covers it and no other clue. Choosing one
rectangle per clue so that every cell is covered exactly once is an exact-cover problem,
searched depth first: always branch on the clue with the fewest rectangles still possible
(a clue with one left is forced, so plain deduction happens on the way), and backtrack as
soon as a clue has none or some open cell can no longer be reached by any clue. Cells are
bits of Python integers, so a test for overlap is one ``&``.

Unlike a deduction-only checker this never gives up: "no solution" and "more than one"
are proofs.
"""

from dataclasses import dataclass

import numpy as np

from tilewright.rectangles.gameid import Puzzle


@dataclass(frozen=True)
class Rect:
    top: int
    left: int
    height: int
    width: int


def candidates(puzzle: Puzzle) -> list[list[tuple[int, Rect]]]:
    """For each clue in reading order, the rectangles it may become, as (cell mask, Rect)."""
    height, width = puzzle.height, puzzle.width
    clue_cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(puzzle.clues), strict=True)]
    clue_mask = 0
    for r, c in clue_cells:
        clue_mask |= 1 << (r * width + c)
    row_bits = [(1 << w) - 1 for w in range(width + 1)]
    result = []
    for r, c in clue_cells:
        area = int(puzzle.clues[r, c])
        options = []
        for h in range(1, min(area, height) + 1):
            if area % h or area // h > width:
                continue
            w = area // h
            for top in range(max(0, r - h + 1), min(r, height - h) + 1):
                for left in range(max(0, c - w + 1), min(c, width - w) + 1):
                    mask = 0
                    for y in range(top, top + h):
                        mask |= row_bits[w] << (y * width + left)
                    if mask & clue_mask == 1 << (r * width + c):
                        options.append((mask, Rect(top, left, h, w)))
        result.append(options)
    return result


def solve(puzzle: Puzzle, limit: int = 2) -> list[np.ndarray]:
    """Up to ``limit`` solutions, each an (H, W) int64 array giving every cell the index of
    its clue in reading order. Fewer than ``limit`` means that is all there are."""
    options = candidates(puzzle)
    full = (1 << (puzzle.width * puzzle.height)) - 1
    found: list[list[Rect]] = []
    chosen: list[Rect | None] = [None] * len(options)

    def search(covered: int, open_clues: list[int]) -> None:
        if not open_clues:
            if covered == full:
                found.append(list(chosen))  # type: ignore[arg-type]
            return
        best, best_options, reach = -1, None, covered
        for clue in open_clues:
            fitting = [(m, rect) for m, rect in options[clue] if not m & covered]
            if not fitting:
                return
            for mask, _ in fitting:
                reach |= mask
            if best_options is None or len(fitting) < len(best_options):
                best, best_options = clue, fitting
        if reach != full:
            return  # some open cell lies in no clue's reach
        rest = [clue for clue in open_clues if clue != best]
        for mask, rect in best_options:
            chosen[best] = rect
            search(covered | mask, rest)
            if len(found) >= limit:
                return
        chosen[best] = None

    search(0, list(range(len(options))))
    return [_regions(puzzle, rects) for rects in found]


def _regions(puzzle: Puzzle, rects: list[Rect]) -> np.ndarray:
    regions = np.full((puzzle.height, puzzle.width), -1, dtype=np.int64)
    for index, rect in enumerate(rects):
        regions[rect.top : rect.top + rect.height, rect.left : rect.left + rect.width] = index
    return regions


def render(puzzle: Puzzle, regions: np.ndarray) -> str:
    """The solution as text: clues in their cells, walls between different rectangles."""
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
