"""
A Rectangles puzzle and its answer
==================================

Divide the grid into rectangles, each holding one number equal to its area. Every puzzle
tilewright makes has exactly one solution, proven by the deductions a person would use;
its game ID pastes into the public puzzle collection's Rectangles.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.rectangles import Params, format_game_id, generate, solve

made = generate(Params(10, 8), seed=4)
print(repr(made))
print(format_game_id(made.puzzle))
print("solutions:", len(solve(made.puzzle)))  # proven unique; solve finds them all

figure, (puzzle, answer) = plt.subplots(1, 2, figsize=(9, 3.8), layout="constrained")
with TemporaryDirectory() as folder:
    made.save(Path(folder) / "puzzle.png", cell=32)
    made.save(Path(folder) / "answer.png", solution=True, cell=32)
    # the pictures are greyscale: shown as grey levels, not through a colour map
    puzzle.imshow(plt.imread(Path(folder) / "puzzle.png"), cmap="gray", vmin=0, vmax=1)
    answer.imshow(plt.imread(Path(folder) / "answer.png"), cmap="gray", vmin=0, vmax=1)
puzzle.set_title("the puzzle")
answer.set_title("its answer")
puzzle.set_axis_off()
answer.set_axis_off()

plt.show()
