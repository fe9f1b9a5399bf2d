"""
A maze on the hat tiling
========================

The hats of a patch (the first aperiodic monotile) as a maze's cells: ``hat_grid`` gives
the region's hats (in hat units) as a grid.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.aperiodic import hat_grid
from tilewright.mazes import generate_on

maze = generate_on(hat_grid(50, 34, seed=3), "wilson", seed=3)
print(repr(maze))

with TemporaryDirectory() as folder:
    path = Path(folder) / "hat.png"
    maze.save(path, solution=True, openings=True)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
