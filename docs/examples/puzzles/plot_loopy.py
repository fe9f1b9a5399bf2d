"""
Loopy puzzles on Spectres and squares, and their answers
========================================================

Draw one loop along the grid's edges, so that each number counts its face's edges on the
loop. tilewright makes Loopy (Slitherlink) puzzles on all eighteen of the public puzzle
collection's grids, at its four levels: each puzzle is solved by the deductions of its
level and not by those of the level below, as the collection grades it, and its one
solution is proven by a complete search. The game IDs paste into the collection's Loopy.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.loopy import generate, grade, solve
from tilewright.loopy.pictures import save

spectres = generate("10x10t17dh", seed=5)  # Spectres, Hard
squares = generate("10x10t0dn", seed=3)  # squares, Normal
for made in (spectres, squares):
    print(made, grade(made.puzzle), "solutions:", len(solve(made.puzzle).loops))
print(squares.game_id)

figure, axes = plt.subplots(2, 2, figsize=(10, 10), layout="constrained")
with TemporaryDirectory() as folder:
    for row, made in zip(axes, (spectres, squares), strict=True):
        for ax, loop, title in zip(row, (None, made.solution), ("puzzle", "answer"), strict=True):
            path = Path(folder) / "loopy.png"
            save(path, made.puzzle, loop=loop)
            ax.imshow(plt.imread(path))
            ax.set_title(f"{made.params.text}: {title}")
            ax.set_axis_off()

plt.show()
