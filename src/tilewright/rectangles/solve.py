"""A complete solver for Rectangles: finds every solution, or the first ``limit`` of them.

Deduction first (the compiled rules of ``_deduce_kernels``: most published puzzles need
nothing else), then, where deduction stalls, a guess: the clue with the fewest rectangles
left tries each in turn, and deduction runs again under each guess. A contradiction ends a
branch; a branch where every clue has one rectangle is a solution. Unlike the generator's
deduction-only check this never gives up, so "no solution" and "more than one" are proofs.
"""

import numpy as np

from tilewright.rectangles._deduce_kernels import CONTRADICTION, SOLVED, deduce, placements
from tilewright.rectangles.gameid import Puzzle


def solve(puzzle: Puzzle, limit: int = 2) -> list[np.ndarray]:
    """Up to ``limit`` solutions, each an (H, W) int64 array giving every cell the index of
    its clue in reading order. Fewer than ``limit`` means that is all there are."""
    height, width = puzzle.clues.shape
    rows, cols = (axis.astype(np.int64) for axis in np.nonzero(puzzle.clues))
    areas = puzzle.clues[rows, cols].astype(np.int64)
    start, boxes = placements(height, width, rows, cols, areas)
    owner = np.empty((height, width), dtype=np.int32)
    found: list[np.ndarray] = []
    pending = [np.ones(len(boxes), dtype=np.uint8)]
    while pending and len(found) < limit:
        alive = pending.pop()
        verdict = deduce(height, width, rows, cols, start, boxes, alive, owner)
        if verdict == CONTRADICTION:
            continue
        if verdict == SOLVED:
            found.append(_regions(height, width, start, boxes, alive))
            continue
        live = np.add.reduceat(alive.astype(np.int64), start[:-1])
        clue = int(np.argmin(np.where(live > 1, live, np.iinfo(np.int64).max)))
        for box in reversed(np.flatnonzero(alive[start[clue] : start[clue + 1]])):
            guess = alive.copy()
            guess[start[clue] : start[clue + 1]] = 0
            guess[start[clue] + box] = 1
            pending.append(guess)
    return found


def _regions(height: int, width: int, start, boxes, alive) -> np.ndarray:
    regions = np.full((height, width), -1, dtype=np.int64)
    for clue, box in enumerate(np.flatnonzero(alive)):
        top, left, rows, cols = boxes[box].tolist()
        regions[top : top + rows, left : left + cols] = clue
    return regions
