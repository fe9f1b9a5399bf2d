"""
Rings
=====

A circular maze: rings around a centre cell, each ring's cells split so that they stay
about as wide as a ring is deep. The solution runs from the centre's neighbourhood to the rim.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.core.grids import polar_grid
from tilewright.mazes import generate_on

maze = generate_on(polar_grid(12), "backtracker", seed=2)
print(repr(maze))

with TemporaryDirectory() as folder:
    path = Path(folder) / "polar.png"
    maze.save(path, solution=True, openings=True)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
