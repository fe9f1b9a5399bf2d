"""
A maze and its solution
=======================

Wilson's algorithm draws every perfect maze of the grid with the same probability (a
uniform spanning tree). ``save`` picks the format from the suffix; ``solution=True`` draws
the shortest path, and ``openings=True`` cuts the outer wall at the start and the goal.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.mazes import generate, shortest_path, validate

maze = generate(30, 20, "wilson", seed=1)
print(repr(maze))
print("valid:", validate(maze) is None, "- solution:", len(shortest_path(maze)), "cells")

with TemporaryDirectory() as folder:
    path = Path(folder) / "maze.png"
    maze.save(path, solution=True, openings=True, cell=16)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
