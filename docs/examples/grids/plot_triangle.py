"""
Triangles
=========

Triangles pointing up and down in turn, three neighbours a cell: every inner step of the
solution turns.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.core.grids import triangle_grid
from tilewright.mazes import generate_on

maze = generate_on(triangle_grid(40, 16), "kruskal", seed=2)
print(repr(maze))

with TemporaryDirectory() as folder:
    path = Path(folder) / "triangle.png"
    maze.save(path, solution=True, openings=True)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
